"""Three hogs and another player: is the solver shared fairly?

Starts ``spider serve`` (one process, ``--solver-workers 1``, the request limits off, the
solver's limits short: ``--solve-seconds`` for "Can I still win?", no search back through
the history) on a loopback port with a temporary SQLite database (or ``--db URL``), then
for ``--seconds``:

* ``--hogs`` cookie-less clients (3), all from the loopback address 127.0.0.2, each
  looping on a new 4-suit game and "Can I still win?" (a new player every time, as a
  client that drops its cookie is);
* another player, from 127.0.0.3, asking "Can I still win?" about a new game of a small
  1-suit position (a 0.1 s answer alone) once a second.

Prints the other player's answer times (alone first, then among the hogs: p50 and max),
and the hogs' answers by status (429 ``too_many_jobs`` when over the address's share). A
benchmark: it asserts nothing, and it is bounded in time.

    .venv/bin/python bench/hogs.py                     # 3 hogs, 20 s
    .venv/bin/python bench/hogs.py --solve-seconds 3 --seconds 30

Run it with ``PYTHONPATH`` pointing at another checkout's ``src`` to compare. Measured on
the shared 2-core machine, 2026-12-02 (2 s solver limit, 15 answers among the hogs): before
issue 21 (a queued job waited behind every job that came before it) p50 5.70 s, max
6.72 s; by turn p50 1.20 s, max 1.56 s (the rest of the hog's job that runs, then its
own); alone 0.17 s.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

import httpx

from serving import can_win, start_server

HOG_CODE = "SP1-S4C-AAAAAAD"
"""The hogs' deal (4 suits: the solver uses its whole time)."""

SMALL = """rules: S1C
stock: 5S 5S 7S 7S 9S 9S JS JS KS KS
1: | 6S 3S
2: | 8S
3: | 4S
4: | TS QS
5: | 2S
6: | QS
7: | 3S 6S 4S
8: | AS 8S
9: | TS
10: | 2S AS
"""
"""The other player's small 1-suit position (the tests' ``TRAP``: won in about 0.1 s)."""

NO_LIMITS = {
    "SPIDER_SOLVER_PER_ADDRESS": "0",
    "SPIDER_SOLVER_PER_PLAYER": "0",
    "SPIDER_NEW_GAMES_PER_ADDRESS": "0",
    "SPIDER_HISTORY_BUDGET": "0",
}
"""The request limits off (the shares of the solvers stay), no search back through the
history."""


def client(base: str, address: str) -> httpx.AsyncClient:
    """An HTTP client whose connections come from the loopback ``address``."""
    transport = httpx.AsyncHTTPTransport(local_address=address)
    return httpx.AsyncClient(base_url=base, timeout=120, transport=transport)


async def hog(base: str, stop: asyncio.Event, answers: dict[str, int]) -> None:
    """Loop on a new game and "Can I still win?", a new player each time, until ``stop``."""
    async with client(base, "127.0.0.2") as http:
        while not stop.is_set():
            http.cookies.clear()
            state = (await http.post("/api/games", json={"code": HOG_CODE})).json()
            status, job = await can_win(http, state)
            outcome = f"{status} {job.get('status', '')} {job.get('reason') or ''}".strip()
            answers[outcome] = answers.get(outcome, 0) + 1
            if status == 429 or job.get("reason") == "too_many_jobs":
                await asyncio.sleep(1.0)


async def other_player(base: str, times: int, pause: float) -> list[float]:
    """Ask "Can I still win?" ``times`` times, ``pause`` seconds apart, each time about a
    new game (an answer found is kept with its game); the seconds each answer took."""
    taken = []
    async with client(base, "127.0.0.3") as http:
        for _ in range(times):
            body = {"position": SMALL, "confirm": ["abandon"]}
            state = (await http.post("/api/games", json=body)).json()
            began = time.perf_counter()
            status, job = await can_win(http, state)
            taken.append(time.perf_counter() - began)
            assert (status, job.get("status")) == (202, "done"), job
            await asyncio.sleep(pause)
    return taken


async def measure(base: str, args: argparse.Namespace) -> None:
    """Run the player alone, then among the hogs; print the figures."""
    alone = await other_player(base, 5, 0.2)
    stop = asyncio.Event()
    answers: dict[str, int] = {}
    hogs = [asyncio.create_task(hog(base, stop, answers)) for _ in range(args.hogs)]
    await asyncio.sleep(2.0)  # the hogs fill the solver
    among = await other_player(base, max(1, int(args.seconds)), 1.0)
    stop.set()
    await asyncio.gather(*hogs)
    print(f"the other player's 'Can I still win?' (s), {args.solve_seconds} s solver limit:")
    print(f"  alone: p50 {statistics.median(alone):.2f}, max {max(alone):.2f}")
    print(
        f"  among {args.hogs} hogs from one address: p50 {statistics.median(among):.2f}, "
        f"max {max(among):.2f} ({len(among)} answers)"
    )
    print(f"the hogs' answers by status: {dict(sorted(answers.items()))}")


def main() -> int:
    """Parse the arguments, start the server, measure, stop the server."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hogs", type=int, default=3, help="hog clients (3)")
    parser.add_argument("--seconds", type=float, default=20, help="seconds among the hogs (20)")
    parser.add_argument("--solve-seconds", type=float, default=2.0, help="solver limit (2)")
    parser.add_argument("--db", default="", help="database URL (default: a temporary SQLite)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as directory:
        db_url = args.db or f"sqlite:///{Path(directory) / 'bench.db'}"
        limit = {"SPIDER_SOLVE_TIME_LIMIT": str(args.solve_seconds)}
        process, base = start_server(db_url, args=["--solver-workers", "1"], env=NO_LIMITS | limit)
        try:
            asyncio.run(measure(base, args))
        finally:
            process.terminate()
            process.wait(20)
    return 0


if __name__ == "__main__":
    sys.exit(main())
