"""The terminal game: the board drawn with face-down cards hidden, actions typed in the
action notation (:func:`spider_solitaire.moves.parse_action`: a move, ``d`` deal, ``u``
undo, ``r`` redo, ``restart``), ``q`` quit.

Its sentences come from the message catalog's ``terminal`` section, in English or
Spanish (:func:`terminal_language`).

Colour (red hearts and diamonds) is used when the output is a terminal, ``TERM`` is not
``dumb`` and ``NO_COLOR`` is not set (a decision following https://no-color.org).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Mapping
from typing import TextIO

from .cards import card_text
from .errors import IllegalMoveError, InvalidMoveError
from .game import Game
from .messages import LANGUAGES, explain, text
from .moves import Control, parse_action

_RED = "\x1b[31m"
_DIM = "\x1b[2m"
_RESET = "\x1b[0m"

_LOCALE_VARIABLES = ("LC_ALL", "LC_MESSAGES", "LANG")
"""The variables that name the language of messages, strongest first (POSIX order)."""


def terminal_language(environ: Mapping[str, str] | None = None) -> str:
    """Return the catalog language for the terminal game: ``"es"`` when the first set
    one of ``LC_ALL``, ``LC_MESSAGES``, ``LANG`` names Spanish (``es``, ``es_ES.UTF-8``,
    ...), else ``"en"`` (a decision of ours: English is the catalog's fallback).

    >>> terminal_language({"LANG": "es_MX.UTF-8"}), terminal_language({"LANG": "C.UTF-8"})
    ('es', 'en')
    >>> terminal_language({"LC_ALL": "en_GB.UTF-8", "LANG": "es_ES.UTF-8"})
    'en'
    """
    env = os.environ if environ is None else environ
    for name in _LOCALE_VARIABLES:
        value = env.get(name, "")
        if value:
            code = value.split(".")[0].split("@")[0].split("_")[0].split("-")[0].lower()
            return code if code in LANGUAGES else LANGUAGES[0]
    return LANGUAGES[0]


def use_colour(stream: TextIO) -> bool:
    """True when ``stream`` is a colour-capable terminal and ``NO_COLOR`` is unset."""
    return stream.isatty() and os.environ.get("TERM", "") != "dumb" and "NO_COLOR" not in os.environ


def draw_board(game: Game, *, colour: bool = False, language: str = "en") -> str:
    """Return the board as text: a status line, column numbers, then the cards row by row
    (``##`` for a face-down card), each column 4 characters wide; a last line when the
    game is won. The words are in ``language`` (``"en"`` or ``"es"``).

    >>> print(draw_board(Game.from_code("SP1-S1C-AAAAAAD")).splitlines()[0])
    SP1-S1C-AAAAAAD  score 500  moves 0  stock 5 rows  removed none
    """
    position = game.position
    status = text(
        "terminal",
        "status",
        language,
        game=game.code or text("terminal", "position", language),
        score=game.score,
        moves=game.move_count,
        stock=text("terminal", "stock_rows", language, count=game.stock_rows_left),
        removed=" ".join(position.removed) or text("terminal", "removed_none", language),
    )
    lines = [status, "".join(f"{n:>3} " for n in range(1, len(position.columns) + 1))]
    depth = max((len(column) for column in position.columns), default=0)
    for row in range(depth):
        cells = []
        for column, down in zip(position.columns, position.face_down, strict=True):
            if row >= len(column):
                cells.append("    ")
            elif row < down:
                cells.append(f" {_DIM}##{_RESET} " if colour else " ## ")
            else:
                card = card_text(column[row])
                if colour and card[1] in "HD":
                    card = f"{_RED}{card}{_RESET}"
                cells.append(f" {card} ")
        lines.append("".join(cells).rstrip())
    if game.is_won:
        lines.append(text("terminal", "won", language, score=game.score, count=game.move_count))
    return "\n".join(lines)


def play_in_terminal(
    game: Game,
    read: Callable[[str], str] = input,
    out: TextIO | None = None,
    *,
    language: str | None = None,
) -> int:
    """Run the terminal game loop until ``q`` or end of input; return exit status 0.

    Args:
        game: the game to play.
        read: the prompt function (``input`` by default; tests pass their own).
        out: where to write (``sys.stdout`` by default).
        language: ``"en"`` or ``"es"``; by default :func:`terminal_language`.
    """
    stream = out if out is not None else sys.stdout
    language = language if language is not None else terminal_language()
    colour = use_colour(stream)
    help_text = text("terminal", "help", language)
    print(help_text, file=stream)
    print(draw_board(game, colour=colour, language=language), file=stream)
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
            print(help_text, file=stream)
            continue
        try:
            action = parse_action(command, game.position.variant.columns)
            if action is Control.UNDO:
                undone = game.undo()
                print(text("terminal", "undid", language, action=str(undone)), file=stream)
            elif action is Control.REDO:
                pending = game.redo_moves
                game.redo()  # refused with nothing_to_redo when ``pending`` is empty
                print(text("terminal", "redid", language, action=str(pending[0])), file=stream)
            else:
                game.act(action)
        except IllegalMoveError as error:
            print(
                text("terminal", "refused", language, reason=explain(error, language)),
                file=stream,
            )
            continue
        except InvalidMoveError as error:
            reason = explain(error, language)  # the grammar's own sentence, as everywhere
            print(
                text("terminal", "bad_action", language, reason=reason, help=help_text),
                file=stream,
            )
            continue
        print(draw_board(game, colour=colour, language=language), file=stream)
