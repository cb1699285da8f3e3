"""The solver pool (server/jobs/pool.py) with small stand-in jobs: answers and progress, the
CPU and memory caps, one job per player, at most ``cores`` at once (from any event loop),
cancellation when the client leaves, queue timeout and shutdown."""

from __future__ import annotations

import asyncio
import os
import threading
import time
from collections.abc import Awaitable, Callable
from typing import Any

import pytest

from spider_solitaire.server.jobs.pool import SolveCancelled, SolveFailed, SolverPool

from . import pool_jobs


def _alive(pid: int) -> bool:
    """True while process ``pid`` exists and is not a zombie."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().split(")")[-1].split()[0] != "Z"
    except FileNotFoundError:
        return False


async def _gone(pid: int, seconds: float = 5.0) -> bool:
    deadline = time.monotonic() + seconds
    while _alive(pid):
        if time.monotonic() > deadline:
            return False
        await asyncio.sleep(0.02)
    return True


def run(coroutine: Callable[[], Awaitable[Any]]) -> Any:
    """Run ``coroutine()`` on a new event loop in a thread of its own (the main thread may
    already run one: Playwright's, when the browser tests ran first)."""
    outcome: dict[str, Any] = {}

    def target() -> None:
        try:
            outcome["value"] = asyncio.run(coroutine())  # type: ignore[arg-type]
        except BaseException as error:
            outcome["error"] = error

    thread = threading.Thread(target=target)
    thread.start()
    thread.join()
    if "error" in outcome:
        raise outcome["error"]
    return outcome["value"]


@pytest.fixture(scope="module")
def pool() -> SolverPool:
    """One pool of two cores for the module (its forkserver starts once)."""
    made = SolverPool(2, poll_seconds=0.05)
    made.warm_up()
    return made


def test_a_job_answers_and_reports_progress(pool: SolverPool) -> None:
    seen: list[Any] = []

    async def main() -> Any:
        return await pool.run("p1", pool_jobs.echo, [1, "two"], cpu_seconds=5, progress=seen.append)

    started = time.perf_counter()
    assert run(main) == [1, "two"]
    assert seen == [{"got": [1, "two"]}]
    assert time.perf_counter() - started < 2  # a forked worker, not a fresh interpreter
    assert pool.stats().running == 0


def test_the_worker_runs_apart_with_its_limits(pool: SolverPool) -> None:
    async def main() -> Any:
        return await pool.run("p1", pool_jobs.limits, cpu_seconds=7.2)

    worker, niceness, cpu_limit = run(main)
    assert worker != os.getpid()
    assert niceness == os.nice(0) + pool.niceness  # the server's requests come first
    assert cpu_limit == 8  # RLIMIT_CPU: the budget rounded up


def test_the_cpu_limit_kills_a_runaway_job(pool: SolverPool) -> None:
    async def main() -> Any:
        return await pool.run("p1", pool_jobs.burn, cpu_seconds=1)

    started = time.monotonic()
    with pytest.raises(SolveFailed) as failed:
        run(main)
    assert failed.value.reason == "cpu_limit"
    assert time.monotonic() - started < 20  # 1 CPU second, on a busy machine


def test_a_crash_and_the_memory_cap_are_failures(pool: SolverPool) -> None:
    async def crash() -> Any:
        return await pool.run("p1", pool_jobs.crash, cpu_seconds=5)

    async def hog() -> Any:
        return await pool.run("p1", pool_jobs.hog, cpu_seconds=5)

    with pytest.raises(SolveFailed) as failed:
        run(crash)
    assert failed.value.reason == "crashed" and "boom" in failed.value.detail
    with pytest.raises(SolveFailed) as failed:
        run(hog)
    assert failed.value.reason == "memory"


def test_a_new_job_of_the_same_player_cancels_the_older(pool: SolverPool) -> None:
    pids: list[int] = []

    async def main() -> tuple[Any, Any]:
        first = asyncio.create_task(
            pool.run("same", pool_jobs.burn, cpu_seconds=30, progress=pids.append)
        )
        while not pids:
            await asyncio.sleep(0.02)
        second = await pool.run("same", pool_jobs.echo, "second", cpu_seconds=5)
        with pytest.raises(SolveCancelled) as cancelled:
            await first
        return second, cancelled.value.reason

    assert run(main) == ("second", "superseded")
    assert run(lambda: _gone(pids[0]))
    assert pool.stats().running == 0


def test_other_players_wait_for_a_free_core() -> None:
    single = SolverPool(1, poll_seconds=0.05)

    async def main() -> tuple[list[int], int]:
        first = asyncio.create_task(single.run("a", pool_jobs.pid, 0.6, cpu_seconds=5))
        await asyncio.sleep(0.2)
        second = asyncio.create_task(single.run("b", pool_jobs.pid, 0, cpu_seconds=5))
        await asyncio.sleep(0.2)
        waiting = single.stats().waiting
        return [await first, await second], waiting

    started = time.monotonic()
    pids, waiting = run(main)
    assert waiting == 1 and len(set(pids)) == 2
    assert time.monotonic() - started >= 0.6


def test_slots_are_shared_between_event_loops() -> None:
    single = SolverPool(1, poll_seconds=0.05)
    answers: dict[str, Any] = {}

    def player(name: str, delay: float) -> None:
        async def main() -> Any:
            await asyncio.sleep(delay)
            return await single.run(name, pool_jobs.pid, 0.4, cpu_seconds=5)

        answers[name] = asyncio.run(main())

    threads = [threading.Thread(target=player, args=(n, d)) for n, d in (("x", 0), ("y", 0.1))]
    started = time.monotonic()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(20)
    assert set(answers) == {"x", "y"}
    assert time.monotonic() - started >= 0.8  # one after the other
    assert single.stats() == single.stats().__class__(0, 0, 2, 0, 0)


def test_a_client_that_leaves_stops_its_job(pool: SolverPool) -> None:
    pids: list[int] = []
    left = False

    async def disconnected() -> bool:
        return left

    async def main() -> str:
        nonlocal left
        job = asyncio.create_task(
            pool.run(
                "leaver",
                pool_jobs.burn,
                cpu_seconds=30,
                disconnected=disconnected,
                progress=pids.append,
            )
        )
        while not pids:
            await asyncio.sleep(0.02)
        left = True
        with pytest.raises(SolveCancelled) as cancelled:
            await job
        assert await _gone(pids[0], 2.0)
        return cancelled.value.reason

    assert run(main) == "disconnected"


def test_queue_timeout_and_shutdown() -> None:
    single = SolverPool(1, poll_seconds=0.05, queue_seconds=0.3)
    pids: list[int] = []

    async def main() -> tuple[str, str, str]:
        busy = asyncio.create_task(
            single.run("a", pool_jobs.burn, cpu_seconds=30, progress=pids.append)
        )
        while not pids:
            await asyncio.sleep(0.02)
        with pytest.raises(SolveCancelled) as late:
            await single.run("b", pool_jobs.echo, 1, cpu_seconds=5)
        await single.close()
        with pytest.raises(SolveCancelled) as closed:
            await busy
        with pytest.raises(SolveCancelled) as refused:
            await single.run("c", pool_jobs.echo, 1, cpu_seconds=5)
        assert await _gone(pids[0], 2.0)
        return late.value.reason, closed.value.reason, refused.value.reason

    assert run(main) == ("queue_timeout", "closed", "closed")
