"""Benchmark: how long "Winnable deals only" takes to start a 4-suit game.

Starts ``spider serve`` on a temporary SQLite file (or ``--db URL``); then ``--players``
new players (each its own cookie) each ask ``POST /api/winnable-deals`` for a 4-suit
Classic and a 4-suit Flexible deal, and poll the answer until the new game is there (a
deal of the shipped stock is there in the first answer; a search is polled every 0.2 s).
Prints, for each rule, the median and the slowest time from the request to the new game,
measured by the client, and how many answers came from the stock. With ``--search`` the
server runs without the stock (``SPIDER_WINNABLE_STOCK=0``: a search every time, as before
issue 19), for comparison. The target (issue 19) is under a second for a stock answer.
A benchmark: it asserts nothing.

Usage::

    .venv/bin/python bench/winnable.py [--players 20] [--search] [--db URL]
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

import httpx

from serving import start_server


def one_game(client: httpx.Client, base: str, rule: str) -> tuple[float, bool]:
    """Ask for a 4-suit deal of ``rule``; return the seconds until the new game is there
    and whether it came from the stock."""
    started = time.perf_counter()
    body = {"suits": 4, "rule": rule, "confirm": ["abandon"]}
    response = client.post(f"{base}/api/winnable-deals", json=body)
    response.raise_for_status()
    answer = response.json()
    while answer["status"] == "running":
        time.sleep(0.2)
        answer = client.get(f"{base}/api/winnable-deals/{answer['id']}").json()
    if answer["status"] != "done":
        raise SystemExit(f"no game: {answer['reason']}: {answer['message']}")
    return time.perf_counter() - started, bool(answer["stock"])


def main() -> None:
    """Run the players, print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=20)
    parser.add_argument("--search", action="store_true", help="without the stock")
    parser.add_argument("--db", default="")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        db_url = args.db or f"sqlite:///{Path(folder) / 'bench.db'}"
        env = {"SPIDER_WINNABLE_STOCK": "0"} if args.search else {}
        process, base = start_server(db_url, env=env)
        try:
            times: dict[str, list[float]] = {"classic": [], "flexible": []}
            stocked = dict.fromkeys(times, 0)
            for _ in range(args.players):
                with httpx.Client(timeout=120) as client:
                    for rule in times:
                        seconds, from_stock = one_game(client, base, rule)
                        times[rule].append(seconds)
                        stocked[rule] += from_stock
            for rule, figures in times.items():
                print(
                    f"4 suits {rule}: {len(figures)} games, request to new game "
                    f"median {statistics.median(figures) * 1000:.0f} ms, "
                    f"slowest {max(figures) * 1000:.0f} ms; {stocked[rule]} from the stock"
                )
        finally:
            process.terminate()
            process.wait(10)


if __name__ == "__main__":
    main()
