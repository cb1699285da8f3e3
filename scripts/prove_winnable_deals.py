"""Prove winnable deals and append them to the package's stock (run by hand, rarely).

For each variant asked for (``--variant``: a name of the registry, several separated by
commas, or ``all`` for every game of the family; default ``spider``) and each of its
levels (:func:`~spider_solitaire.winnable.stock_levels`: suits and rule) asked for, the
candidates of :func:`spider_solitaire.winnable.candidate_codes` after the last one shipped
are solved from the start, in order, with
:data:`~spider_solitaire.winnable.PROOF_NODE_LIMIT` positions each; every one the solver
wins is appended to ``data/winnable.csv`` until the level has ``--count`` deals. The solver
is deterministic for a node limit, so the deals do not depend on the machine, its load, the
process or ``--jobs``. Rows already shipped are never changed (tests/test_winnable.py pins
the file): a later run only appends, and a variant's level that already has ``--count``
deals is left as it is (``--variant all --count 10`` brings the family's other variants
up to 10 deals a level and tries nothing for ``spider``'s 200).

``--step`` brings the levels up together, ``--step`` deals at a time each, instead of one
level after the other (handy when the run may be stopped before its end: every level then
has some). The file's rows follow the order in which the levels were brought up, so a run
is repeated exactly by the same commands.

``--max-tries N`` gives up a level (in this run) after N candidates, with the deals it has
proved by then (for a level whose candidates are rarely won: 4-suit Spiderette); the rows
appended are still the level's first won candidates, in order, so the stock stays
repeatable.

Usage::

    .venv/bin/python scripts/prove_winnable_deals.py --count 200 [--variant spider]
        [--levels 1C,2C,2F,4C,4F] [--step 50] [--jobs 2] [--max-tries N] [--verbose]
        [--data FILE]
    .venv/bin/python scripts/prove_winnable_deals.py --variant all --count 10 --step 5

``--data`` writes to another file than the package's (to run levels in separate
processes at once, and append each file's rows to the package's afterwards, level by
level). ``--verbose`` prints every candidate tried (won or not, CPU seconds).

Prints each deal appended, then per variant and level: deals proved, candidates tried and
the CPU seconds the solver took (per proved deal too).
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
from spider_solitaire.variants import VARIANT_NAMES
from spider_solitaire.winnable import (
    DATA_FILE,
    HEADER,
    PROOF_NODE_LIMIT,
    VARIANT,
    candidate_codes,
    stock_levels,
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


Level = tuple[str, int, str]
"""A variant's name, a suit count and a rule."""


def remaining(level: Level, shipped: list[str]) -> Iterator[str]:
    """Return the level's candidates after the last shipped one (checking that the shipped
    deals are candidates of the level, in order)."""
    variant, suits, rule = level
    candidates = candidate_codes(suits, rule, variant)
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
    pool: multiprocessing.pool.Pool,
    jobs: int,
    level: Level,
    count: int,
    figures: Figures,
    max_tries: int | None = None,
    verbose: bool = False,
) -> None:
    """Append the next proved deals of ``level`` (variant, suits, rule) until it has
    ``count`` shipped (or ``max_tries`` candidates were tried in this run), solving
    ``2 * jobs`` candidates ahead on ``pool``."""
    variant, suits, rule = level
    key = [variant, str(suits), rule]
    shipped = [row[3] for row in read_rows() if row[:3] == key]
    wanted = count - len(shipped)
    if wanted <= 0:
        return
    candidates = remaining(level, shipped)
    window = 2 * jobs
    waiting: collections.deque[multiprocessing.pool.AsyncResult[tuple[str, bool, float]]]
    waiting = collections.deque(
        pool.apply_async(prove, (code,)) for code in itertools.islice(candidates, window)
    )
    while wanted > 0 and (max_tries is None or figures.tried < max_tries):
        code, won, seconds = waiting.popleft().get()
        waiting.append(pool.apply_async(prove, (next(candidates),)))
        figures.tried += 1
        figures.seconds += seconds
        if verbose:
            print("tried", code, "won" if won else "not won", f"{seconds:.1f}", flush=True)
        if won:
            row = ",".join([*key, code])
            with DATA.open("a", encoding="utf-8") as out:
                out.write(row + "\n")
            print(row, f"{seconds:.1f}", flush=True)
            figures.proved += 1
            wanted -= 1


def main() -> None:
    """Bring the levels asked for up to ``--count`` deals each, print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, required=True)
    parser.add_argument(
        "--variant", default=VARIANT, help="a variant, several with commas, or 'all'"
    )
    parser.add_argument("--levels", default="", help="like 1C,2C,2F,4C,4F (default: all)")
    parser.add_argument("--step", type=int, default=0, help="deals a level per round (0: all)")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--max-tries", type=int, default=None, help="candidates a level")
    parser.add_argument("--verbose", action="store_true", help="print every candidate")
    parser.add_argument("--data", type=Path, default=None, help="another file to append to")
    args = parser.parse_args()
    if args.data is not None:
        global DATA
        DATA = args.data
    variants = (
        VARIANT_NAMES
        if args.variant.strip().lower() == "all"
        else [name.strip() for name in args.variant.split(",")]
    )
    levels: list[Level] = []
    for variant in variants:
        names = {
            f"{suits}{rule.letter}": (suits, rule.name) for suits, rule in stock_levels(variant)
        }
        chosen = [name.strip().upper() for name in args.levels.split(",")] if args.levels else names
        levels += [(variant, *names[name]) for name in chosen]
    figures = {level: Figures() for level in levels}
    step = args.step or args.count
    for goal in [*range(step, args.count, step), args.count]:
        for level in levels:
            with multiprocessing.Pool(args.jobs) as pool:  # leaving it kills the rest
                bring_up(pool, args.jobs, level, goal, figures[level], args.max_tries, args.verbose)
    for (variant, suits, rule), figure in figures.items():
        print(
            f"{variant} {suits} suits {rule}: {figure.proved} deals proved, {figure.tried} "
            f"candidates tried, {figure.seconds:.0f} s of solver CPU "
            f"({figure.seconds / max(figure.proved, 1):.2f} s a deal)"
        )


if __name__ == "__main__":
    main()
