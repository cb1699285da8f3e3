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
import multiprocessing
import os
import statistics
import time
from pathlib import Path

from solve import CODES, read_codes
from spider_solitaire import Game
from spider_solitaire.solver import hint


def play_one(code: str, max_actions: int) -> dict[str, object]:
    """Play one deal with hints alone; return how it went."""
    game = Game.from_code(code, undo_limit=100)
    hints = 0
    spent = 0.0
    end = "move cap"
    while game.moves < max_actions:
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
        "actions": game.moves,
        "runs": len(game.removed),
        "stock_rows_left": game.stock_rows_left,
        "ms_per_hint": 1000 * spent / max(hints, 1),
    }


def main() -> None:
    """Parse the options, play the deals, print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--suits", type=int, choices=(1, 2, 4), default=4)
    parser.add_argument("--count", type=int, default=20)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--max-actions", type=int, default=1500)
    parser.add_argument("--rule", choices=("classic", "flexible"), default="classic")
    parser.add_argument("--codes", type=Path, default=CODES)
    args = parser.parse_args()
    codes = read_codes(args.codes, args.suits, args.rule, args.count)
    print(
        f"{len(codes)} deals, {args.suits} suit(s), {args.rule}, hints only, no undo, "
        f"{args.jobs} job(s), load average {os.getloadavg()[0]:.2f}",
        flush=True,
    )
    context = multiprocessing.get_context("fork")
    rows: list[dict[str, object]] = []
    with context.Pool(args.jobs) as pool:
        pending = [pool.apply_async(play_one, (code, args.max_actions)) for code in codes]
        for job in pending:
            row = job.get()
            rows.append(row)
            print(
                f"{row['code']}  {row['end']:8}  {row['actions']:5} actions  "
                f"{row['runs']} runs removed  {row['stock_rows_left']} rows left  "
                f"{row['ms_per_hint']:6.1f} ms/hint",
                flush=True,
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
