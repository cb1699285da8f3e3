"""Solver strength and speed over fixed deals: solved share, seconds, length, memory.

Deals come from ``bench/data/codes.txt`` (fixed codes per suit count, see its header),
the first ``--count`` of the asked suit count. Each deal is solved in a fresh child
process (so that its peak memory can be read), one after the other unless ``--jobs``
says otherwise; every solution is replayed through the engine (``Game.play``) and must
win. Printed: one line per deal, then the solved share, the median and 90th-percentile
seconds per deal (wall clock, unsolved deals counted at the time they took; CPU seconds
too, which other processes on the machine disturb less), the median solution length
(moves and deals, as the engine counts them) and the peak memory (resident set size of
the child process).

Targets (issue 4): at least 98% of deals solved at every suit count within 30 s per
deal, median at most 3 s, median length at most 96 (1 suit), 115 (2 suits), 146
(4 suits). This script prints figures and asserts nothing.

Usage::

    .venv/bin/python bench/solve.py --suits 4 --count 20 [--time-limit 30] [--jobs 1]
                                    [--rule classic|flexible] [--codes FILE]
                                    [--variant spider|spider-1949|bicycle|...]

``--variant`` plays the same seeds as a game of the family (issue 20): the codes get the
variant's tag (``SP1-BIKE-S4C-...``).
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import os
import resource
import statistics
import time
from collections.abc import Callable
from pathlib import Path

from spider_solitaire import Game
from spider_solitaire.solver import solve
from spider_solitaire.variants import VARIANT_NAMES, find_variant

CODES = Path(__file__).with_name("data") / "codes.txt"


def read_codes(path: Path, suits: int, rule: str, count: int, variant: str = "spider") -> list[str]:
    """Return the first ``count`` codes of ``suits`` suits in ``path``, under ``rule``, as
    games of ``variant`` (its tag added to each code)."""
    letter = rule[0].upper() if suits > 1 else "C"
    tag = find_variant(variant).tag
    prefix = f"SP1-{tag}-" if tag else "SP1-"
    codes = []
    for line in path.read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith(f"SP1-S{suits}"):
            codes.append(f"{prefix}S{suits}{letter}-{line.split('-')[2]}")
    return codes[:count]


def solve_one(code: str, time_limit: float) -> dict[str, object]:
    """Solve one deal (in a child process); return its figures."""
    game = Game.from_code(code)
    cpu = time.process_time()
    result = solve(game, time_limit=time_limit)
    cpu = time.process_time() - cpu
    if result.status == "won":
        replay = Game.from_code(code)
        for move in result.solution:
            replay.play(move)
        if not replay.is_won:
            raise AssertionError(f"{code}: the solution does not win")
    peak_kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return {
        "code": code,
        "status": result.status,
        "length": len(result.solution),
        "seconds": result.seconds,
        "cpu": cpu,
        "nodes": result.nodes,
        "width": result.width,
        "peak_mb": peak_kb / 1024,
    }


def percentile(values: list[float], share: float) -> float:
    """Nearest-rank percentile (``share`` 0.9 for p90)."""
    ordered = sorted(values)
    return ordered[max(math.ceil(share * len(ordered)) - 1, 0)]


def add_deal_options(parser: argparse.ArgumentParser) -> None:
    """The options both deal benches take: ``--suits``, ``--count``, ``--jobs``,
    ``--rule``, ``--codes``, ``--variant``."""
    parser.add_argument("--suits", type=int, choices=(1, 2, 4), default=4)
    parser.add_argument("--count", type=int, default=20)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--rule", choices=("classic", "flexible"), default="classic")
    parser.add_argument("--codes", type=Path, default=CODES)
    parser.add_argument("--variant", choices=VARIANT_NAMES, default=VARIANT_NAMES[0])


def run_deals(
    args: argparse.Namespace,
    describe: str,
    play: Callable[..., dict[str, object]],
    extra: tuple[object, ...],
    line: Callable[[dict[str, object]], str],
    fresh_process: bool = False,
) -> list[dict[str, object]]:
    """Run ``play(code, *extra)`` for each of the chosen deals in ``args.jobs`` processes,
    printing a header (``describe`` says what is run) and ``line(row)`` per deal as rows
    come back, in deal order; return the rows. With ``fresh_process`` every deal gets a
    new child process (so its peak memory is its own)."""
    codes = read_codes(args.codes, args.suits, args.rule, args.count, args.variant)
    print(
        f"{len(codes)} deals of {args.variant}, {args.suits} suit(s), {args.rule}, {describe}, "
        f"{args.jobs} job(s), load average {os.getloadavg()[0]:.2f}",
        flush=True,
    )
    context = multiprocessing.get_context("fork")
    rows: list[dict[str, object]] = []
    with context.Pool(args.jobs, maxtasksperchild=1 if fresh_process else None) as pool:
        pending = [pool.apply_async(play, (code, *extra)) for code in codes]
        for job in pending:
            row = job.get()
            rows.append(row)
            print(line(row), flush=True)
    return rows


def main() -> None:
    """Parse the options, run the deals, print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    add_deal_options(parser)
    parser.add_argument("--time-limit", type=float, default=30.0)
    args = parser.parse_args()
    rows = run_deals(
        args,
        f"time limit {args.time_limit:g} s",
        solve_one,
        (args.time_limit,),
        lambda row: (
            f"{row['code']}  {row['status']:7}  {row['length']:4} actions  "
            f"{row['seconds']:6.2f} s  cpu {row['cpu']:6.2f} s  {row['nodes']:>10,} positions  "
            f"width {row['width']:<5}  {row['peak_mb']:6.1f} MB"
        ),
        fresh_process=True,
    )
    won = [row for row in rows if row["status"] == "won"]
    seconds = [float(str(row["seconds"])) for row in rows]
    cpu = [float(str(row["cpu"])) for row in rows]
    memory = [float(str(row["peak_mb"])) for row in rows]
    lengths = [int(str(row["length"])) for row in won]
    print()
    print(f"solved:          {len(won)}/{len(rows)} ({100 * len(won) / max(len(rows), 1):.0f}%)")
    median, p90 = statistics.median(seconds), percentile(seconds, 0.9)
    print(f"seconds:         median {median:.2f}, p90 {p90:.2f}")
    median, p90 = statistics.median(cpu), percentile(cpu, 0.9)
    print(f"cpu seconds:     median {median:.2f}, p90 {p90:.2f}")
    if lengths:
        middle, low, high = statistics.median(lengths), min(lengths), max(lengths)
        print(f"solution length: median {middle:g} actions (min {low}, max {high})")
    print(f"peak memory:     median {statistics.median(memory):.0f} MB, max {max(memory):.0f} MB")
    print(f"load average:    {os.getloadavg()[0]:.2f} at the end")


if __name__ == "__main__":
    main()
