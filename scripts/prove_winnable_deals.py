"""Prove winnable deals and append them to the package's stock (run by hand, rarely).

For each level of :data:`~spider_solitaire.winnable.STOCK_LEVELS` (suits and rule, variant
``spider``) asked for, the candidates of :func:`spider_solitaire.winnable.candidate_codes`
after the last one shipped are solved from the start, in order, with
:data:`~spider_solitaire.winnable.PROOF_NODE_LIMIT` positions each; every one the solver
wins is appended to ``data/winnable.csv`` until the level has ``--count`` deals. The solver
is deterministic for a node limit, so the deals do not depend on the machine, its load, the
process or ``--jobs``. Rows already shipped are never changed (tests/test_winnable.py pins
the file): a later run only appends.

``--step`` brings the levels up together, ``--step`` deals at a time each, instead of one
level after the other (handy when the run may be stopped before its end: every level then
has some). The file's rows follow the order in which the levels were brought up, so a run
is repeated exactly by the same commands.

Usage::

    .venv/bin/python scripts/prove_winnable_deals.py --count 200 [--levels 1C,2C,2F,4C,4F]
        [--step 50] [--jobs 2] [--data FILE]

``--data`` writes to another file than the package's (to run levels in separate
processes at once, and append each file's rows to the package's afterwards, level by
level).

Prints each deal appended, then per level: deals proved, candidates tried and the CPU
seconds the solver took (per proved deal too).
"""

from __future__ import annotations

import argparse
import collections
import itertools
import multiprocessing
import multiprocessing.pool
import time
from collections.abc import Iterator
from pathlib import Path

from spider_solitaire import Game
from spider_solitaire.solver import solve
from spider_solitaire.winnable import (
    DATA_FILE,
    HEADER,
    PROOF_NODE_LIMIT,
    STOCK_LEVELS,
    VARIANT,
    candidate_codes,
)

DATA = Path(__file__).resolve().parent.parent / "src" / "spider_solitaire" / "data" / DATA_FILE


def prove(code: str) -> tuple[str, bool, float]:
    """Return ``(code, won, CPU seconds)``: whether the solver wins ``code`` from the start
    within the node limit."""
    started = time.process_time()
    result = solve(Game.from_code(code), node_limit=PROOF_NODE_LIMIT)
    return code, result.status == "won", time.process_time() - started


def read_rows() -> list[list[str]]:
    """Return the shipped rows (without the header); write the header to a new file."""
    if not DATA.exists() or not DATA.stat().st_size:
        DATA.parent.mkdir(parents=True, exist_ok=True)
        DATA.write_text(",".join(HEADER) + "\n", "utf-8")
    lines = DATA.read_text("utf-8").splitlines()
    assert tuple(lines[0].split(",")) == HEADER, f"{DATA} has another header"
    return [line.split(",") for line in lines[1:] if line]


def remaining(suits: int, rule: str, shipped: list[str]) -> Iterator[str]:
    """Return the level's candidates after the last shipped one (checking that the shipped
    deals are candidates of the level, in order)."""
    candidates = candidate_codes(suits, rule, VARIANT)
    for code in shipped:  # each shipped deal is a later candidate than the one before
        for candidate in candidates:
            if candidate == code:
                break
    return candidates


class Figures:
    """Deals proved, candidates tried and solver CPU seconds of one level in this run."""

    def __init__(self) -> None:
        self.proved = 0
        self.tried = 0
        self.seconds = 0.0


def bring_up(
    pool: multiprocessing.pool.Pool, jobs: int, level: tuple[int, str], count: int, figures: Figures
) -> None:
    """Append the next proved deals of ``level`` (suits, rule) until it has ``count``
    shipped, solving ``2 * jobs`` candidates ahead on ``pool``."""
    suits, rule = level
    shipped = [row[3] for row in read_rows() if row[:3] == [VARIANT, str(suits), rule]]
    wanted = count - len(shipped)
    if wanted <= 0:
        return
    candidates = remaining(suits, rule, shipped)
    window = 2 * jobs
    waiting: collections.deque[multiprocessing.pool.AsyncResult[tuple[str, bool, float]]]
    waiting = collections.deque(
        pool.apply_async(prove, (code,)) for code in itertools.islice(candidates, window)
    )
    while wanted > 0:
        code, won, seconds = waiting.popleft().get()
        waiting.append(pool.apply_async(prove, (next(candidates),)))
        figures.tried += 1
        figures.seconds += seconds
        if won:
            row = f"{VARIANT},{suits},{rule},{code}"
            with DATA.open("a", encoding="utf-8") as out:
                out.write(row + "\n")
            print(row, f"{seconds:.1f}", flush=True)
            figures.proved += 1
            wanted -= 1


def main() -> None:
    """Bring the levels asked for up to ``--count`` deals each, print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, required=True)
    parser.add_argument("--levels", default=",".join(f"{s}{r[0].upper()}" for s, r in STOCK_LEVELS))
    parser.add_argument("--step", type=int, default=0, help="deals a level per round (0: all)")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--data", type=Path, default=None, help="another file to append to")
    args = parser.parse_args()
    if args.data is not None:
        global DATA
        DATA = args.data
    names = {f"{suits}{rule[0].upper()}": (suits, rule) for suits, rule in STOCK_LEVELS}
    levels = [names[name.strip().upper()] for name in args.levels.split(",")]
    figures = {level: Figures() for level in levels}
    step = args.step or args.count
    for goal in [*range(step, args.count, step), args.count]:
        for level in levels:
            with multiprocessing.Pool(args.jobs) as pool:  # leaving it kills the rest
                bring_up(pool, args.jobs, level, goal, figures[level])
    for (suits, rule), figure in figures.items():
        print(
            f"{suits} suits {rule}: {figure.proved} deals proved, {figure.tried} candidates "
            f"tried, {figure.seconds:.0f} s of solver CPU "
            f"({figure.seconds / max(figure.proved, 1):.2f} s a deal)"
        )


if __name__ == "__main__":
    main()
