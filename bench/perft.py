"""Perft for Spider: the number of action sequences of depth 1..N from fixed game codes.

A sequence is a list of actions (moves and deals), each legal in the position the
previous ones left; every legal action counts, pointless ones included (a pointless
move is still a move of the game). The counts pin move generation: any change in it
shows as a different number. ``tests/data/perft.json`` keeps the numbers and
``tests/test_perft.py`` checks them.

Usage::

    .venv/bin/python bench/perft.py            # print the counts and the time taken
    .venv/bin/python bench/perft.py --write    # also rewrite tests/data/perft.json
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

from spider_solitaire import Game
from spider_solitaire.legal import legal_moves
from spider_solitaire.position import Position
from spider_solitaire.rules import apply_move

CODES = (
    "SP1-S1C-AAAAAAA",
    "SP1-S2F-AAAAAAD",
    "SP1-S4C-ZZZZZZZ",
    "SP1-1949-S2C-AAAAAAB",
    "SP1-BIKE-S2C-AAAAAAD",
    "SP1-RLX-S4F-ZZZZZZZ",
    "SP1-ETTE-S2F-AAAAAAD",
    "SP1-WISP-S4C-AAAAAAD",
)
"""One ``spider`` game code per suit count (the 2-suit one plays the Flexible rule), then
one for each other variant of the family (issue 20)."""

DEPTH = 5
"""The deepest depth counted."""

DATA = Path(__file__).resolve().parent.parent / "tests" / "data" / "perft.json"


def perft(position: Position, depth: int) -> int:
    """Return the number of action sequences of exactly ``depth`` actions from ``position``.

    Depth 0 counts the empty sequence (1). The last level is counted without playing it.
    """
    if depth == 0:
        return 1
    moves = legal_moves(position)
    if depth == 1:
        return len(moves)
    return sum(perft(apply_move(position, move)[0], depth - 1) for move in moves)


def counts(code: str, depth: int = DEPTH) -> list[int]:
    """Return ``[perft(1), ..., perft(depth)]`` for the start position of ``code``."""
    position = Game.from_code(code).position
    return [perft(position, d) for d in range(1, depth + 1)]


def main() -> None:
    """Print the counts for :data:`CODES` (and write them with ``--write``)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help=f"rewrite {DATA}")
    parser.add_argument("--depth", type=int, default=DEPTH, help="deepest depth to count")
    args = parser.parse_args()
    table: dict[str, list[int]] = {}
    total = time.perf_counter()
    for code in CODES:
        start = time.perf_counter()
        table[code] = counts(code, args.depth)
        elapsed = time.perf_counter() - start
        print(f"{code}: {' '.join(map(str, table[code]))}  ({elapsed:.2f} s)")
    print(f"total {time.perf_counter() - total:.2f} s")
    if args.write:
        data = {
            "about": "Action sequences of depth 1..N from each code's deal; bench/perft.py.",
            "counts": {code: table[code] for code in CODES},
        }
        DATA.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
        print(f"wrote {DATA}")


if __name__ == "__main__":
    main()
