"""Hints alone: play fixed deals by always playing the hint, without undo; print the win rate.

Deals come from ``bench/data/codes.txt`` (the first ``--count`` of the asked suit count).
A game ends when it is won, when the hint says ``stuck`` (no undo here, so that is a
loss), or after ``--max-actions`` actions (a loss). Printed: one line per deal, then the
win rate, the runs removed on average and the time per hint.

Reference (issue 4): a simple look-ahead bot wins about 6% of 4-suit deals; target at
least 20% at 4 suits, every suit count reported. This script prints figures and asserts
nothing.

Usage::

    .venv/bin/python bench/hintbot.py --suits 4 --count 20 [--jobs 1] [--max-actions 1500]
                                      [--rule classic|flexible] [--codes FILE]
"""

from __future__ import annotations

import argparse
import statistics
import time

from solve import add_deal_options, run_deals
from spider_solitaire import Game
from spider_solitaire.solver import hint


def play_one(code: str, max_actions: int) -> dict[str, object]:
    """Play one deal with hints alone; return how it went."""
    game = Game.from_code(code, undo_limit=100)
    hints = 0
    spent = 0.0
    end = "move cap"
    while game.move_count < max_actions:
        if game.is_won:
            end = "won"
            break
        started = time.perf_counter()
        suggestion = hint(game)
        spent += time.perf_counter() - started
        hints += 1
        if suggestion.move is None:
            end = "stuck"
            break
        game.play(suggestion.move)
    if game.is_won:
        end = "won"
    return {
        "code": code,
        "end": end,
        "actions": game.move_count,
        "runs": len(game.removed),
        "stock_rows_left": game.stock_rows_left,
        "ms_per_hint": 1000 * spent / max(hints, 1),
    }


def main() -> None:
    """Parse the options, play the deals, print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    add_deal_options(parser)
    parser.add_argument("--max-actions", type=int, default=1500)
    args = parser.parse_args()
    rows = run_deals(
        args,
        "hints only, no undo",
        play_one,
        (args.max_actions,),
        lambda row: (
            f"{row['code']}  {row['end']:8}  {row['actions']:5} actions  "
            f"{row['runs']} runs removed  {row['stock_rows_left']} rows left  "
            f"{row['ms_per_hint']:6.1f} ms/hint"
        ),
    )
    wins = sum(1 for row in rows if row["end"] == "won")
    runs = [int(str(row["runs"])) for row in rows]
    per_hint = [float(str(row["ms_per_hint"])) for row in rows]
    print()
    print(f"win rate:      {wins}/{len(rows)} ({100 * wins / max(len(rows), 1):.0f}%)")
    print(f"runs removed:  mean {statistics.mean(runs):.2f} of 8")
    print(f"time per hint: median {statistics.median(per_hint):.0f} ms")


if __name__ == "__main__":
    main()
