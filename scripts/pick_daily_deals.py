"""Choose the daily deals and append them to the package's data (run by hand, rarely).

For each date not yet shipped, from the day after the last shipped date (or ``--start``)
up to ``--until``, and for each suit count (1, 2, 4, Classic): the first candidate of
:func:`spider_solitaire.daily.candidate_codes` that the solver wins within
:data:`~spider_solitaire.daily.CHOICE_NODE_LIMIT` positions is the deal. The solver is
deterministic for a node limit, so the choice does not depend on the machine, its load or
the process. Dates already
shipped are never changed (tests/test_daily.py pins them).

Usage::

    .venv/bin/python scripts/pick_daily_deals.py --until 2028-12-31 [--start 2026-11-01]
        [--jobs 2]

Prints, per suit count, how many deals were chosen, the candidates tried and the CPU
seconds the solver took.
"""

from __future__ import annotations

import argparse
import datetime as dt
import multiprocessing
import time
from pathlib import Path

from spider_solitaire import Game
from spider_solitaire.daily import CHOICE_NODE_LIMIT, DAILY_SUITS, DATA_FILE, candidate_codes
from spider_solitaire.solver import solve

DATA = Path(__file__).resolve().parent.parent / "src" / "spider_solitaire" / "data" / DATA_FILE


def choose(task: tuple[str, int]) -> tuple[str, int, str, int, float]:
    """Return ``(date, suits, code, candidates tried, CPU seconds)`` for one date and suit
    count."""
    date_text, suits = task
    started = time.process_time()
    for tried, code in enumerate(candidate_codes(dt.date.fromisoformat(date_text), suits), 1):
        if solve(Game.from_code(code), node_limit=CHOICE_NODE_LIMIT).status == "won":
            return date_text, suits, code, tried, time.process_time() - started
    raise AssertionError("unreachable: the candidate sequence never ends")


def main() -> None:
    """Choose the missing dates' deals, append them, print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--until", type=dt.date.fromisoformat, required=True)
    parser.add_argument("--start", type=dt.date.fromisoformat, default=dt.date(2026, 11, 1))
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    lines = DATA.read_text("utf-8").splitlines() if DATA.exists() else []
    if not lines:
        lines = ["date," + ",".join(f"suits{suits}" for suits in DAILY_SUITS)]
    start = args.start
    if len(lines) > 1:  # go on from the day after the last shipped date
        start = dt.date.fromisoformat(lines[-1].split(",")[0]) + dt.timedelta(1)
    dates = [start + dt.timedelta(days) for days in range((args.until - start).days + 1)]
    tasks = [(date.isoformat(), suits) for date in dates for suits in DAILY_SUITS]
    chosen: dict[tuple[str, int], str] = {}
    tries = dict.fromkeys(DAILY_SUITS, 0)
    seconds = dict.fromkeys(DAILY_SUITS, 0.0)
    with multiprocessing.Pool(args.jobs) as pool:
        for date_text, suits, code, tried, cpu in pool.imap(choose, tasks):
            chosen[(date_text, suits)] = code
            tries[suits] += tried
            seconds[suits] += cpu
            if all((date_text, count) in chosen for count in DAILY_SUITS):
                row = ",".join([date_text, *(chosen[(date_text, count)] for count in DAILY_SUITS)])
                DATA.parent.mkdir(parents=True, exist_ok=True)
                if len(lines) == 1 and not DATA.exists():
                    DATA.write_text(lines[0] + "\n", "utf-8")
                with DATA.open("a", encoding="utf-8") as out:
                    out.write(row + "\n")
                print(row, flush=True)
    for suits in DAILY_SUITS:
        print(
            f"{suits} suits: {len(dates)} deals chosen, {tries[suits]} candidates tried, "
            f"{seconds[suits]:.0f} s of solver CPU "
            f"({seconds[suits] / max(len(dates), 1):.2f} s a date)"
        )


if __name__ == "__main__":
    main()
