"""The terminal game: the board drawn with face-down cards hidden, actions typed in the
move notation, ``u`` undo, ``r`` redo, ``d`` deal, ``q`` quit.

Colour (red hearts and diamonds) is used when the output is a terminal, ``TERM`` is not
``dumb`` and ``NO_COLOR`` is not set (a decision following https://no-color.org).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from typing import TextIO

from .cards import card_text
from .errors import IllegalMoveError, InvalidMoveError
from .game import Game
from .moves import COLUMNS

HELP = (
    "Type a move like 3>7 (column 3 onto column 7) or 3:4>7 (4 cards), "
    "d to deal, u to undo, r to redo, q to quit, ? for this help."
)
_RED = "\x1b[31m"
_DIM = "\x1b[2m"
_RESET = "\x1b[0m"


def use_colour(stream: TextIO) -> bool:
    """True when ``stream`` is a colour-capable terminal and ``NO_COLOR`` is unset."""
    return stream.isatty() and os.environ.get("TERM", "") != "dumb" and "NO_COLOR" not in os.environ


def draw_board(game: Game, colour: bool = False) -> str:
    """Return the board as text: a status line, column numbers, then the cards row by row
    (``##`` for a face-down card), each column 4 characters wide."""
    position = game.position
    removed = " ".join(position.removed) or "none"
    lines = [
        f"{game.code or 'position'}  score {game.score}  moves {game.moves}  "
        f"stock {game.stock_rows_left} rows  removed {removed}",
        "".join(f"{n:>3} " for n in range(1, COLUMNS + 1)),
    ]
    depth = max((len(column) for column in position.columns), default=0)
    for row in range(depth):
        cells = []
        for column, down in zip(position.columns, position.face_down, strict=True):
            if row >= len(column):
                cells.append("    ")
            elif row < down:
                cells.append(f" {_DIM}##{_RESET} " if colour else " ## ")
            else:
                text = card_text(column[row])
                if colour and text[1] in "HD":
                    text = f"{_RED}{text}{_RESET}"
                cells.append(f" {text} ")
        lines.append("".join(cells).rstrip())
    if game.is_won:
        lines.append(f"You won with {game.score} points in {game.moves} moves.")
    return "\n".join(lines)


def play_in_terminal(
    game: Game,
    read: Callable[[str], str] = input,
    out: TextIO | None = None,
) -> int:
    """Run the terminal game loop until ``q`` or end of input; return exit status 0.

    Args:
        game: the game to play.
        read: the prompt function (``input`` by default; tests pass their own).
        out: where to write (``sys.stdout`` by default).
    """
    stream = out if out is not None else sys.stdout
    colour = use_colour(stream)
    print(HELP, file=stream)
    print(draw_board(game, colour), file=stream)
    while True:
        try:
            command = read("> ").strip()
        except (EOFError, KeyboardInterrupt):
            print(file=stream)
            return 0
        lowered = command.lower()
        if not command:
            continue
        if lowered in ("q", "quit", "exit"):
            return 0
        if lowered in ("?", "h", "help"):
            print(HELP, file=stream)
            continue
        try:
            if lowered in ("u", "undo"):
                print(f"undid {game.undo()}", file=stream)
            elif lowered in ("r", "redo"):
                game.redo()
            else:
                game.play(command)
        except IllegalMoveError as error:
            print(f"refused: {error.explain()}", file=stream)
            continue
        except InvalidMoveError as error:
            print(f"{error}. {HELP}", file=stream)
            continue
        print(draw_board(game, colour), file=stream)
