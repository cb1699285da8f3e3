"""Server benchmark: simulated players over loopback playing random legal games.

Starts ``spider serve`` (uvicorn; ``--servers N`` processes, on one database) in
subprocesses on 127.0.0.1 with a temporary SQLite database (or ``--db URL``, e.g. a
PostgreSQL database), then runs ``--players`` concurrent players with httpx (async); with
several servers each player sends each request to the next server in turn, as a
round-robin proxy would (so most requests find the game cached one version old).
Each player starts a game and plays actions picked from what the server lists: a move of
a listed group to one of its listed targets, an auto-move, a deal when ``can_deal``,
now and then an undo or a redo; a game with nothing left to do is replaced by a new one.
Between two actions a player thinks for a random time in ``[0, 2 * --think-ms]``.

Prints actions per second, action latency (p50, p90, p95, p99, max, measured by the client
around each request), the number of errors (any answer other than 200/201, or a failed
request), and the page weight (HTML, JS, CSS, fonts, catalogs) against 300 KB. Targets on
the 2-core machine: 50 players, p50 < 5 ms, p99 < 25 ms, no errors. A benchmark: it
asserts nothing about time, and it is bounded in actions and in seconds.

    .venv/bin/python bench/server.py                  # 50 players, 40 actions, 0-1 s apart
    .venv/bin/python bench/server.py --think-ms 0     # closed loop: the ceiling, all queueing
    .venv/bin/python bench/server.py --solvers 1      # while solves run all along
    .venv/bin/python bench/server.py --db postgresql+psycopg://u@h/db --servers 2

The default pace (an action every 0-1 s, mean 0.5 s, per player) is still faster than
people play; the players' own httpx work runs on the same 2 cores as the server and is
printed too, with the load average, since both move the figures.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx

from serving import can_win, start_server

WEB_DIR = Path(__file__).resolve().parent.parent / "src" / "spider_solitaire" / "web"
PAGE_SUFFIXES = (".html", ".js", ".mjs", ".css", ".woff2", ".woff", ".ttf", ".otf", ".json", ".svg")
PAGE_BUDGET = 300 * 1024
CATALOGS = ("/static/i18n/en.json", "/static/i18n/es.json")
"""The browser's texts, built by the server from the message catalog (no file on disk)."""


@dataclass
class Tally:
    """What all players measured."""

    latencies: list[float] = field(default_factory=list)
    new_game_latencies: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    kinds: dict[str, int] = field(default_factory=dict)
    solves: list[str] = field(default_factory=list)


NO_LIMITS = {
    "SPIDER_SOLVER_PER_ADDRESS": "0",
    "SPIDER_SOLVER_PER_PLAYER": "0",
    "SPIDER_NEW_GAMES_PER_ADDRESS": "0",
}
"""The players all come from 127.0.0.1: the request limits are off for the benchmark."""


def choose(rng: random.Random, state: dict[str, Any]) -> dict[str, Any] | None:
    """Pick a legal action from the state's groups, targets and deal flag (None: stuck)."""
    roll = rng.random()
    if roll < 0.05 and state["can_undo"]:
        return {"action": "undo"}
    if roll < 0.07 and state["can_redo"]:
        return {"action": "redo"}
    movable = [group for group in state["groups"] if group["targets"]]
    if state["can_deal"] and (not movable or roll < 0.12):
        return {"action": "d"}
    if not movable:
        return None
    group = rng.choice(movable)
    if group["auto"] is not None and roll < 0.5:
        return {"action": "auto", "column": group["column"], "count": group["count"]}
    return {"action": f"{group['column']}:{group['count']}>{rng.choice(group['targets'])}"}


async def player(
    number: int,
    http: httpx.AsyncClient,
    args: argparse.Namespace,
    tally: Tally,
    deadline: float,
    bases: list[str],
) -> None:
    """One player: a game, then ``args.actions`` actions (or until ``deadline``), each
    request to the next of ``bases`` in turn."""
    rng = random.Random(args.seed * 1000 + number)
    turn = number

    def base() -> str:
        nonlocal turn
        turn += 1
        return bases[turn % len(bases)]

    async def new_game() -> dict[str, Any] | None:
        began = time.perf_counter()
        body = {"suits": args.suits, "confirm": ["abandon"]}
        response = await http.post(f"{base()}/api/games", json=body)
        tally.new_game_latencies.append(time.perf_counter() - began)
        if response.status_code != 201:
            tally.errors.append(f"new game: {response.status_code} {response.text[:200]}")
            return None
        state: dict[str, Any] = response.json()
        return state

    await asyncio.sleep(rng.random() * 2 * args.think_ms / 1000)  # spread the arrivals
    state = await new_game()
    done = 0
    while state is not None and done < args.actions and time.perf_counter() < deadline:
        request = choose(rng, state)
        if request is None:
            state = await new_game()
            continue
        request["version"] = state["version"]
        began = time.perf_counter()
        try:
            url = f"{base()}/api/games/{state['id']}/actions"
            response = await http.post(url, json=request)
        except httpx.HTTPError as error:
            tally.errors.append(f"{request}: {error!r}")
            return
        tally.latencies.append(time.perf_counter() - began)
        done += 1
        if response.status_code != 200:
            tally.errors.append(f"{request}: {response.status_code} {response.text[:200]}")
            return
        body = response.json()
        state = body["state"]
        for event in body["events"]:
            tally.kinds[event["kind"]] = tally.kinds.get(event["kind"], 0) + 1
        if args.think_ms:
            await asyncio.sleep(rng.random() * 2 * args.think_ms / 1000)


async def solver_player(http: httpx.AsyncClient, tally: Tally) -> None:
    """Keep the solver busy: ask "Can I still win?" on new 4-suit deals, one after the
    other, until cancelled (the help job it polled is then cancelled, nobody polling it)."""
    while True:
        body = {"suits": 4, "confirm": ["abandon"]}
        state = (await http.post("/api/games", json=body)).json()
        status, job = await can_win(http, state)
        answer = (job.get("can_win") or {}).get("answer")
        tally.solves.append(answer or f"{status} {job.get('reason')}")


def cpu_seconds(pid: int) -> float | None:
    """CPU time (user + system) used so far by process ``pid``, from /proc (Linux)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def percentile(values: list[float], fraction: float) -> float:
    """The ``fraction`` quantile of ``values`` (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(fraction * len(ordered)) - 1))]


def page_weight(base: str) -> tuple[int, int, list[tuple[str, int]]]:
    """Bytes of the page's files under web/ (HTML, JS, CSS, fonts, icons), and the bytes the
    server actually sends for them and for the catalogs it builds; also the list of files
    (a catalog's size on disk is 0)."""
    files = sorted(
        path for path in WEB_DIR.rglob("*") if path.is_file() and path.suffix in PAGE_SUFFIXES
    )
    on_disk = 0
    served = 0
    listing = []
    with httpx.Client(base_url=base, timeout=10) as http:
        for path in files:
            size = path.stat().st_size
            relative = path.relative_to(WEB_DIR).as_posix()
            url = "/" if relative == "index.html" else f"/static/{relative}"
            served += len(http.get(url).content)
            on_disk += size
            listing.append((relative, size))
        for url in CATALOGS:
            served += len(http.get(url).content)
            listing.append((url, 0))
    return on_disk, served, listing


async def run(bases: list[str], args: argparse.Namespace) -> tuple[Tally, float]:
    """Run all players; return the tally and the wall time of the playing phase.

    The players' clients (one each: its own cookie and connection) are made first, so that
    making them does not bunch up the players' arrivals.
    """
    tally = Tally()
    clients = [httpx.AsyncClient(timeout=30) for _ in range(args.players)]
    solvers = [httpx.AsyncClient(base_url=bases[0], timeout=60) for _ in range(args.solvers)]
    busy = [asyncio.create_task(solver_player(http, tally)) for http in solvers]
    try:
        if busy:
            await asyncio.sleep(0.5)  # the solves have started
        began = time.perf_counter()
        deadline = began + args.seconds
        await asyncio.gather(
            *(player(n, http, args, tally, deadline, bases) for n, http in enumerate(clients))
        )
        return tally, time.perf_counter() - began
    finally:
        for task in busy:
            task.cancel()
        await asyncio.gather(*busy, return_exceptions=True)
        for http in clients + solvers:
            await http.aclose()


def _total_cpu(processes: list[subprocess.Popen[str]]) -> float | None:
    """The CPU seconds all the server processes used so far (None where /proc is missing)."""
    times = [cpu_seconds(process.pid) for process in processes]
    return None if any(value is None for value in times) else sum(t for t in times if t)


def main() -> int:
    """Run the benchmark and print its figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=50, help="concurrent players (50)")
    parser.add_argument("--actions", type=int, default=40, help="actions per player (40)")
    parser.add_argument("--seconds", type=float, default=60, help="time limit of the run (60)")
    parser.add_argument(
        "--think-ms", type=float, default=500, help="mean think time between actions (500)"
    )
    parser.add_argument("--suits", type=int, choices=(1, 2, 4), default=2, help="suits (2)")
    parser.add_argument("--seed", type=int, default=1, help="random seed of the players")
    parser.add_argument(
        "--solvers",
        type=int,
        default=0,
        help="extra players asking 'Can I still win?' on 4-suit deals all along (0)",
    )
    parser.add_argument("--db", default="", help="database URL (default: a temporary SQLite file)")
    parser.add_argument(
        "--servers", type=int, default=1, help="server processes on the database (1)"
    )
    args = parser.parse_args()

    load_before = " ".join(f"{value:.2f}" for value in os.getloadavg())
    with tempfile.TemporaryDirectory(prefix="spider-bench-") as directory:
        db_url = args.db or f"sqlite:///{Path(directory) / 'games.db'}"
        started = [start_server(db_url, env=NO_LIMITS) for _ in range(args.servers)]
        processes = [process for process, _base in started]
        bases = [base for _process, base in started]
        try:
            for base in bases:
                with httpx.Client(base_url=base) as warm:  # imports, first game and action
                    state = warm.post("/api/games", json={"suits": args.suits}).json()
                    action = {"version": 0, "action": "d"}
                    warm.post(f"/api/games/{state['id']}/actions", json=action)
            cpu_before = _total_cpu(processes)
            client_before = time.process_time()
            tally, wall = asyncio.run(run(bases, args))
            cpu_after = _total_cpu(processes)
            client_cpu = time.process_time() - client_before
            on_disk, served, listing = page_weight(bases[0])
        finally:
            for process in processes:
                process.terminate()
                process.wait(10)

    count = len(tally.latencies)
    load = " ".join(f"{value:.2f}" for value in os.getloadavg())
    database = (args.db.split("://")[0] if args.db else "sqlite") + " database"
    print(
        f"server: uvicorn ({args.servers} process{'es' if args.servers > 1 else ''}) + "
        f"{database} on 127.0.0.1; {os.cpu_count()} CPUs"
    )
    print(f"load average at the end: {load} (before: {load_before})")
    print(
        f"players: {args.players} concurrent, {args.suits} suits, up to {args.actions} actions "
        f"each, think time 0-{2 * args.think_ms:.0f} ms (mean {args.think_ms:.0f} ms)"
    )
    if count:
        ms = [value * 1000 for value in tally.latencies]
        print(f"actions: {count} in {wall:.2f} s = {count / wall:.0f} actions/s")
        print(
            f"latency: p50 {percentile(ms, 0.50):.2f} ms, p90 {percentile(ms, 0.90):.2f} ms, "
            f"p95 {percentile(ms, 0.95):.2f} ms, p99 {percentile(ms, 0.99):.2f} ms, "
            f"max {max(ms):.2f} ms, "
            f"mean {statistics.fmean(ms):.2f} ms"
        )
        p50_ok = percentile(ms, 0.50) < 5
        p99_ok = percentile(ms, 0.99) < 25
        print(
            f"target p50 < 5 ms: {'met' if p50_ok else 'MISSED'}; "
            f"p99 < 25 ms: {'met' if p99_ok else 'MISSED'}"
        )
    requests = count + len(tally.new_game_latencies)
    if cpu_before is not None and cpu_after is not None and requests:
        server_cpu = cpu_after - cpu_before
        print(
            f"cpu: server {server_cpu:.2f} s ({server_cpu / requests * 1000:.2f} ms a request, "
            f"{server_cpu / wall * 100:.0f}% of a core), players {client_cpu:.2f} s "
            f"({client_cpu / requests * 1000:.2f} ms a request)"
        )
    new_games = [value * 1000 for value in tally.new_game_latencies]
    if new_games:
        print(f"new games: {len(new_games)}, p50 {percentile(new_games, 0.5):.2f} ms")
    print(f"events: {dict(sorted(tally.kinds.items()))}")
    if args.solvers:
        answers = {answer: tally.solves.count(answer) for answer in sorted(set(tally.solves))}
        print(f"solves during the run: {args.solvers} players asking, answers {answers}")
    print(f"errors: {len(tally.errors)}")
    for error in tally.errors[:5]:
        print(f"  {error}")
    print(
        f"page weight: {on_disk / 1024:.1f} KB on disk, {served / 1024:.1f} KB served, "
        f"budget 300 KB: {'within' if served <= PAGE_BUDGET else 'OVER'} ({len(listing)} files)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
