"""Small boards for the tests: position text from a few column lines (the one builder of
the engine, solver, server and browser tests).

``board({1: "KS | 5H", 2: "| 6S"})`` gives a whole position text whose unnamed columns
are empty (``N: |``); ``game(...)`` parses it with ``strict=False`` (a small test board
does not hold 104 cards). ``short_board`` is the same text with only the ``rules`` and
``stock`` lines (1 suit by default): the positions the solver, server and browser tests
use.
"""

from __future__ import annotations

from typing import Any

from spider_solitaire import Game
from spider_solitaire.variants import find_variant

RUN_S = "KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S"
"""King down to 2 of spades: one Ace short of a complete run."""

RUN_H = "KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H"
"""King down to 2 of hearts: one Ace short of a complete run."""


def board(
    columns: dict[int, str],
    *,
    rules: str = "S4C",
    score: int | None = 500,
    moves: int | None = 0,
    removed: str | None = "",
    stock: str = "",
    variant: str | None = None,
) -> str:
    """Return the position text of a board: ``columns`` maps a column number to its
    ``<face-down> | <face-up>`` text; the other columns are empty. A header given as None
    (``variant``, ``score``, ``moves``, ``removed``) is left out (the position's default:
    ``spider``'s ten columns without ``variant``)."""
    headers = {
        "variant": variant,
        "rules": rules,
        "score": score,
        "moves": moves,
        "removed": removed,
    }
    lines = [f"{key}: {value}".rstrip() for key, value in headers.items() if value is not None]
    lines.append(f"stock: {stock}".rstrip())
    width = find_variant(variant).columns if variant is not None else 10
    for number in range(1, width + 1):
        text = columns.get(number, "|")
        down, _, up = text.partition("|")
        lines.append(f"{number}: {' '.join(down.split())} | {' '.join(up.split())}")
    return "\n".join(line.replace(":  |", ": |").rstrip() for line in lines) + "\n"


def short_board(
    columns: dict[int, str], *, rules: str = "S1C", stock: str = "", variant: str | None = None
) -> str:
    """Return :func:`board` ``(columns)`` with only the ``rules`` (1 suit, Classic by
    default) and ``stock`` lines (and ``variant``, when given)."""
    return board(
        columns, rules=rules, score=None, moves=None, removed=None, stock=stock, variant=variant
    )


def endgame(first: str, second: str) -> str:
    """A 2-suit position with an empty stock: ``first`` and ``second`` (face-up cards) in
    columns 1 and 2, an Ace alone in each other column (nothing goes onto an Ace)."""
    aces = ["AS", "AH"] * 4
    columns = {1: f"| {first}", 2: f"| {second}"}
    columns |= {n: f"| {aces[n - 3]}" for n in range(3, 11)}
    return board(columns, rules="S2C", removed=None)


def game(columns: dict[int, str], **headers: Any) -> Game:
    """Return a :class:`Game` on :func:`board` ``(columns, **headers)``, not strict."""
    return Game.from_position(board(columns, **headers), strict=False)


def column_lines(game: Game) -> dict[int, str]:
    """Return the column lines of ``game`` that are not empty, by column number."""
    lines = game.position_text().splitlines()[5 + (not game.variant.is_default) :]
    return {n: line for n, line in enumerate(lines, 1) if line != f"{n}: |"}


TRAP = """rules: S1C
stock: 5S 5S 7S 7S 9S 9S JS JS KS KS
1: | 6S 3S
2: | 8S
3: | 4S
4: | TS QS
5: | 2S
6: | QS
7: | 3S 6S 4S
8: | AS 8S
9: | TS
10: | 2S AS
"""
"""Two runs of spades with one row in the stock (found with the solver, by random play
from random small positions). Winnable; dealing at once is lost (nothing can move after
it). The solver settles every position of :data:`TRAP_LINE` in well under a second. The
one statement of the position the solver, server and browser tests review and ask help on."""

TRAP_LINE = ["1:1>3", "d", "1:2>3", "5:1>1", "3:2>4", "4:2>3", "3:2>4", "4:2>3", "3:2>4"]
"""A line of play from :data:`TRAP`: still winnable after its first three actions, lost
from the fourth on (``5:1>1``, the game's move 4), then back and forth."""
