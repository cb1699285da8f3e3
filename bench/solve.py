"""Solver strength and speed over fixed deals: solved share, seconds, length, memory, on
the source and on the compiled build side by side.

Deals come from ``bench/data/codes.txt`` (fixed codes per suit count, see its header),
the first ``--count`` of the asked suit count. Each deal is solved by each build of
``--builds`` (``pure``: ``src/``; ``compiled``: ``.compiled/``, built first by
``scripts/build-compiled.sh`` when out of date; both by default), interleaved (deal 1 pure,
deal 1 compiled, deal 2 pure...), each in a fresh child process with its own
``PYTHONPATH`` (``bench/side_by_side.py``; so that its peak memory can be read), one deal
after the other unless ``--jobs`` says otherwise; every solution is replayed through the
engine (``Game.play``) of its build and must win. Printed: which file each build's
``spider_solitaire.solver.beam`` came from, one line per deal and build (the compiled one
with its CPU time as a share of the pure one's, and ``DIFFERENT`` when its status, length or
positions differ from the pure search's), then for each build the solved share, the median
and 90th-percentile seconds per deal (wall clock, unsolved deals counted at the time they
took; CPU seconds too, which other processes on the machine disturb less), the median
solution length (moves and deals, as the engine counts them) and the peak memory (resident
set size of the child process); then the compiled CPU seconds as a share of the pure ones
(the medians' ratio, and the median of each deal's ratio) and how many deals searched
identically.

Targets (issue 4): at least 98% of deals solved at every suit count within 30 s per
deal, median at most 3 s, median length at most 96 (1 suit), 115 (2 suits), 146
(4 suits). This script prints figures and asserts nothing.

Target (issue 22): the compiled solver's CPU at most a third of the source's on the
4-suit bench.

Usage::

    .venv/bin/python bench/solve.py --suits 4 --count 20 [--time-limit 30] [--jobs 1]
                                    [--rule classic|flexible] [--codes FILE]
                                    [--variant spider|spider-1949|bicycle|...]
                                    [--builds pure,compiled]

``--variant`` plays the same seeds as a game of the family (issue 20): the codes get the
variant's tag (``SP1-BIKE-S4C-...``).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import resource
import statistics
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from side_by_side import add_build_options, check_builds, print_origins, run_child
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


def solve_both(code: str, builds: list[str], time_limit: float) -> dict[str, dict[str, object]]:
    """Solve ``code`` on each build of ``builds`` in turn, each in a child process running
    :func:`solve_one`; return the rows by build."""
    return {
        build: run_child(build, __file__, [code, "--time-limit", str(time_limit)])
        for build in builds
    }


def deal_line(build: str, row: dict[str, object], pure: dict[str, object] | None) -> str:
    """One deal's figures on one build; against the ``pure`` row when there is one (the
    CPU share, and ``DIFFERENT`` when the search differs)."""
    line = (
        f"{row['code']}  {build:8}  {row['status']:7}  {row['length']:4} actions  "
        f"{row['seconds']:6.2f} s  cpu {row['cpu']:6.2f} s  {row['nodes']:>10,} positions  "
        f"width {row['width']:<5}  {row['peak_mb']:6.1f} MB"
    )
    if pure is not None and pure is not row:
        line += f"  cpu x{float(str(row['cpu'])) / max(float(str(pure['cpu'])), 1e-9):.2f}"
        if not same_search(row, pure):
            line += "  DIFFERENT"
    return line


def same_search(row: dict[str, object], other: dict[str, object]) -> bool:
    """Whether two builds' rows of one deal searched alike: the same status, solution
    length and positions."""
    return all(row[key] == other[key] for key in ("status", "length", "nodes"))


def summary(build: str, rows: list[dict[str, object]]) -> None:
    """Print one build's figures over every deal."""
    won = [row for row in rows if row["status"] == "won"]
    seconds = [float(str(row["seconds"])) for row in rows]
    cpu = [float(str(row["cpu"])) for row in rows]
    memory = [float(str(row["peak_mb"])) for row in rows]
    lengths = [int(str(row["length"])) for row in won]
    print()
    print(f"{build}:")
    print(f"solved:          {len(won)}/{len(rows)} ({100 * len(won) / max(len(rows), 1):.0f}%)")
    median, p90 = statistics.median(seconds), percentile(seconds, 0.9)
    print(f"seconds:         median {median:.2f}, p90 {p90:.2f}")
    median, p90 = statistics.median(cpu), percentile(cpu, 0.9)
    print(f"cpu seconds:     median {median:.2f}, p90 {p90:.2f}")
    if lengths:
        middle, low, high = statistics.median(lengths), min(lengths), max(lengths)
        print(f"solution length: median {middle:g} actions (min {low}, max {high})")
    print(f"peak memory:     median {statistics.median(memory):.0f} MB, max {max(memory):.0f} MB")


def child(argv: list[str]) -> None:
    """``--child CODE --time-limit S``: solve one deal on this process's build and print its
    row as JSON."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--child", action="store_true")
    parser.add_argument("code")
    parser.add_argument("--time-limit", type=float, required=True)
    args = parser.parse_args(argv)
    print(json.dumps(solve_one(args.code, args.time_limit)), flush=True)


def main() -> None:
    """Parse the options, run the deals on each build, print the figures."""
    if "--child" in sys.argv[1:]:
        child(sys.argv[1:])
        return
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    add_deal_options(parser)
    add_build_options(parser)
    parser.add_argument("--time-limit", type=float, default=30.0)
    args = parser.parse_args()
    builds: list[str] = args.builds
    check_builds(builds)
    codes = read_codes(args.codes, args.suits, args.rule, args.count, args.variant)
    print(
        f"{len(codes)} deals of {args.variant}, {args.suits} suit(s), {args.rule}, "
        f"time limit {args.time_limit:g} s, {args.jobs} job(s), builds {', '.join(builds)} "
        f"interleaved, load average {os.getloadavg()[0]:.2f}",
        flush=True,
    )
    print_origins(builds, "spider_solitaire.solver.beam")
    rows: dict[str, list[dict[str, object]]] = {build: [] for build in builds}
    with ThreadPoolExecutor(args.jobs) as pool:
        pending = [pool.submit(solve_both, code, builds, args.time_limit) for code in codes]
        for job in pending:
            by_build = job.result()
            first = by_build.get("pure")
            for build in builds:
                rows[build].append(by_build[build])
                print(deal_line(build, by_build[build], first), flush=True)
    for build in builds:
        summary(build, rows[build])
    if "pure" in rows and "compiled" in rows:
        pure, compiled = rows["pure"], rows["compiled"]
        pure_cpu = [float(str(row["cpu"])) for row in pure]
        compiled_cpu = [float(str(row["cpu"])) for row in compiled]
        shares = [c / max(p, 1e-9) for p, c in zip(pure_cpu, compiled_cpu, strict=True)]
        same = sum(same_search(p, c) for p, c in zip(pure, compiled, strict=True))
        medians = statistics.median(compiled_cpu) / max(statistics.median(pure_cpu), 1e-9)
        print()
        print(
            f"compiled / pure cpu: x{medians:.2f} (medians), x{statistics.median(shares):.2f} "
            "(median of the deals' ratios; target issue 22: x0.33 or less)"
        )
        print(f"same search:     {same}/{len(pure)} deals (status, length and positions)")
    print(f"load average:    {os.getloadavg()[0]:.2f} at the end")


if __name__ == "__main__":
    main()
