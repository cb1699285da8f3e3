"""Page loads while other clients ask for hints in a loop: does hint work slow the server?

Starts ``spider serve`` (one process, with the request limits off: every client comes from
127.0.0.1) on a loopback port with a temporary SQLite database (or ``--db URL``), then
measures, for ``--seconds`` each:

1. idle: one client loading the page in a loop, ``GET /`` then ``GET /api/games/current``
   (with its cookie: a game it started);
2. the same while ``--hint-clients`` other clients (16 by default), each with a game of
   its own, ask ``POST /api/games/{id}/hint`` in a closed loop.

Prints p50 and p90 of both page requests in both phases, the ratio of the p50s, and the
hints answered per second (and any answer other than 200). A benchmark: it asserts
nothing, and it is bounded in time (twice ``--seconds``, plus the server's start).

    .venv/bin/python bench/pageload.py                      # 16 hint loops, 10 s a phase
    .venv/bin/python bench/pageload.py --hint-clients 48 --seconds 5
    SPIDER_JOB_QUEUE=procrastinate .venv/bin/python bench/pageload.py --db postgresql+psycopg://...
        # with `spider worker` running on the same database

Measured on the shared 2-core machine (SQLite, one solver process), 2026-12-02: before
issue 21 (hints in the server process) p50 7.1 ms idle, 69.8 ms with 16 hint loops (9.8
times; 154 hints/s); with hints in the pool, 4.6 ms idle, 4.6 ms with 16 hint loops (1.0
times; 16 hints/s: each hint is a solver job, a worker process's start included). On
PostgreSQL: the pool 6.7 -> 11.3 ms (1.7 times, 16 hints/s); the job queue with one
``spider worker --concurrency 1`` on the same machine 4.7 -> 8.9 ms (1.9 times, 13
hints/s). Run it with ``PYTHONPATH`` pointing at another checkout's ``src`` to compare.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

import httpx

from serving import start_server

CODE = "SP1-S4C-AAAAAAD"
"""Every client's deal (4 suits: the hint looks ahead the most)."""

NO_LIMITS = {
    "SPIDER_SOLVER_PER_ADDRESS": "0",
    "SPIDER_SOLVER_PER_PLAYER": "0",
    "SPIDER_NEW_GAMES_PER_ADDRESS": "0",
    "SPIDER_SOLVER_JOBS_PER_ADDRESS": "0",
}
"""Every client comes from 127.0.0.1: the request limits and the address's share of the
solvers are off for the benchmark (each client keeps its player's own share)."""


def percentile(values: list[float], fraction: float) -> float:
    """The ``fraction`` percentile of ``values`` (nearest rank), in milliseconds."""
    ordered = sorted(values)
    return 1000 * ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


async def page_loads(base: str, seconds: float) -> dict[str, list[float]]:
    """Load the page and the current game in a loop for ``seconds``; their latencies."""
    taken: dict[str, list[float]] = {"/": [], "/api/games/current": []}
    async with httpx.AsyncClient(base_url=base, timeout=60) as http:
        created = await http.post("/api/games", json={"code": CODE})
        assert created.status_code == 201, created.text
        for path in taken:  # warm up
            await http.get(path)
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            for path, latencies in taken.items():
                began = time.perf_counter()
                response = await http.get(path)
                latencies.append(time.perf_counter() - began)
                assert response.status_code == 200, (path, response.status_code)
            await asyncio.sleep(0.01)
    return taken


async def hint_loop(base: str, stop: asyncio.Event, answers: dict[int, int]) -> None:
    """Start a game, then ask for hints until ``stop``; count the answers by status."""
    async with httpx.AsyncClient(base_url=base, timeout=60) as http:
        state = (await http.post("/api/games", json={"code": CODE})).json()
        url = f"/api/games/{state['id']}/hint"
        while not stop.is_set():
            response = await http.post(url, json={"version": state["version"]})
            answers[response.status_code] = answers.get(response.status_code, 0) + 1


async def measure(base: str, args: argparse.Namespace) -> None:
    """Run both phases and print the figures."""
    idle = await page_loads(base, args.seconds)
    stop = asyncio.Event()
    answers: dict[int, int] = {}
    loops = [asyncio.create_task(hint_loop(base, stop, answers)) for _ in range(args.hint_clients)]
    await asyncio.sleep(1.0)  # the loops are under way
    before = sum(answers.values())
    began = time.monotonic()
    busy = await page_loads(base, args.seconds)
    rate = (sum(answers.values()) - before) / (time.monotonic() - began)
    stop.set()
    await asyncio.gather(*loops)
    print(f"page loads over {args.seconds:.0f} s per phase (ms):")
    for path in idle:
        print(
            f"  GET {path:20} idle p50 {percentile(idle[path], 0.5):6.1f} "
            f"p90 {percentile(idle[path], 0.9):6.1f} | with {args.hint_clients} hint loops "
            f"p50 {percentile(busy[path], 0.5):6.1f} p90 {percentile(busy[path], 0.9):6.1f} "
            f"({len(idle[path])} / {len(busy[path])} loads)"
        )
    both_idle = statistics.median(idle["/"] + idle["/api/games/current"])
    both_busy = statistics.median(busy["/"] + busy["/api/games/current"])
    print(
        f"  both: idle p50 {both_idle * 1000:.1f} ms, with hint loops p50 "
        f"{both_busy * 1000:.1f} ms: {both_busy / both_idle:.2f} times idle"
    )
    others = {status: count for status, count in answers.items() if status != 200}
    print(f"hints answered: {rate:.1f} per second; answers other than 200: {others or 'none'}")


def main() -> int:
    """Parse the arguments, start the server, measure, stop the server."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hint-clients", type=int, default=16, help="hint loops (16)")
    parser.add_argument("--seconds", type=float, default=10, help="seconds per phase (10)")
    parser.add_argument("--solver-workers", type=int, default=None, help="the pool's size")
    parser.add_argument("--db", default="", help="database URL (default: a temporary SQLite)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as directory:
        db_url = args.db or f"sqlite:///{Path(directory) / 'bench.db'}"
        workers = (
            [] if args.solver_workers is None else ["--solver-workers", str(args.solver_workers)]
        )
        process, base = start_server(db_url, args=workers, env=NO_LIMITS)
        try:
            print(f"spider serve at {base} ({os.cpu_count()} cores), {db_url.split(':')[0]}")
            asyncio.run(measure(base, args))
        finally:
            process.terminate()
            process.wait(20)
    return 0


if __name__ == "__main__":
    sys.exit(main())
