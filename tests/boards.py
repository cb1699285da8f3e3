"""Small boards for the engine tests: position text from a few column lines.

``board({1: "KS | 5H", 2: "| 6S"})`` gives a whole position text whose unnamed columns
are empty (``N: |``); ``game(...)`` parses it with ``strict=False`` (a small test board
does not hold 104 cards).
"""

from __future__ import annotations

from typing import Any

from spider_solitaire import Game

RUN_S = "KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S"
"""King down to 2 of spades: one Ace short of a complete run."""

RUN_H = "KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H"
"""King down to 2 of hearts: one Ace short of a complete run."""


def board(
    columns: dict[int, str],
    *,
    rules: str = "S4C",
    score: int = 500,
    moves: int = 0,
    removed: str = "",
    stock: str = "",
) -> str:
    """Return the position text of a board: ``columns`` maps a column number to its
    ``<face-down> | <face-up>`` text; the other columns are empty."""
    lines = [
        f"rules: {rules}",
        f"score: {score}",
        f"moves: {moves}",
        f"removed: {removed}".rstrip(),
        f"stock: {stock}".rstrip(),
    ]
    for number in range(1, 11):
        text = columns.get(number, "|")
        down, _, up = text.partition("|")
        lines.append(f"{number}: {' '.join(down.split())} | {' '.join(up.split())}")
    return "\n".join(line.replace(":  |", ": |").rstrip() for line in lines) + "\n"


def game(columns: dict[int, str], **headers: Any) -> Game:
    """Return a :class:`Game` on :func:`board` ``(columns, **headers)``, not strict."""
    return Game.from_position(board(columns, **headers), strict=False)


def column_lines(game: Game) -> dict[int, str]:
    """Return the column lines of ``game`` that are not empty, by column number."""
    lines = game.position_text().splitlines()[5:]
    return {n: line for n, line in enumerate(lines, 1) if line != f"{n}: |"}
