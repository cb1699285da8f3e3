"""Benchmark: one client playing one long game alternately on two server processes.

Starts ``spider serve`` twice on one database (a temporary SQLite file, or ``--db URL``),
creates a game, plays ``6:1>1`` and then ``undo``/``redo`` in turn until ``--actions``,
sending each action to the other process than the last: every action on a process that
did not play the one before, so its cached copy is one version old and it reads the game
from the database (its snapshot and the actions after it). Then the same game on one
process, for comparison. Prints the mean latency of the first and of the last 200
actions of each run, measured by the client (the growth is what a cache miss costs as
the action log grows). A benchmark: it asserts nothing.

    .venv/bin/python bench/alternate.py                       # 3,000 actions on SQLite
    .venv/bin/python bench/alternate.py --db postgresql+psycopg://user@host/db
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path

import httpx

SPIDER = str(Path(sys.executable).with_name("spider"))
READY = re.compile(r"serving at (http://\S+?)/ ")
WINDOW = 200
"""Actions averaged at the start and at the end of a run."""


@contextmanager
def serve(db_url: str) -> Iterator[str]:
    """Start ``spider serve --port 0 --db db_url``; yield its base URL; stop it."""
    process = subprocess.Popen(
        [SPIDER, "serve", "--port", "0", "--db", db_url, "--log-level", "warning"],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env=os.environ | {"SPIDER_SOLVER_CORES": "1"},
    )
    try:
        assert process.stdout is not None
        for line in process.stdout:
            found = READY.search(line)
            if found:
                yield found.group(1)
                return
        raise RuntimeError("spider serve did not start")
    finally:
        process.terminate()
        process.wait(10)


def play(bases: list[str], actions: int) -> list[float]:
    """Play a game of ``actions`` actions, each on the next of ``bases`` in turn; return
    each action's latency in milliseconds."""
    latencies = []
    with httpx.Client(timeout=30) as client:
        state = client.post(f"{bases[0]}/api/games", json={"code": "SP1-S2C-AAAAAAD"}).json()
        for number in range(actions):
            action = "6:1>1" if number == 0 else ("undo" if number % 2 else "redo")
            base = bases[number % len(bases)]
            body = {"version": state["version"], "action": action}
            started = time.perf_counter()
            response = client.post(f"{base}/api/games/{state['id']}/actions", json=body)
            latencies.append((time.perf_counter() - started) * 1000)
            response.raise_for_status()
            state = response.json()["state"]
    return latencies


def main() -> None:
    """Run the benchmark (see the module docstring)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", default="", help="database URL (default: a temporary SQLite file)")
    parser.add_argument("--actions", type=int, default=3000)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder, ExitStack() as stack:
        url = args.db or f"sqlite:///{Path(folder) / 'games.db'}"
        first = stack.enter_context(serve(url))
        second = stack.enter_context(serve(url))
        for label, bases in (("two processes", [first, second]), ("one process", [first])):
            latencies = play(bases, args.actions)
            start = statistics.fmean(latencies[1 : WINDOW + 1])
            end = statistics.fmean(latencies[-WINDOW:])
            print(
                f"{label:>14}: {args.actions} actions, mean of the first {WINDOW} "
                f"{start:.2f} ms, of the last {WINDOW} {end:.2f} ms, "
                f"p50 {statistics.median(latencies):.2f} ms"
            )


if __name__ == "__main__":
    main()
