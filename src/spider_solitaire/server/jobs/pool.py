"""The embedded solver pool: full-information work in worker processes, off the event loop.

Each job (a solve, the search back through a game's history, the search for a winnable
deal) runs in a process of its own, started from a *forkserver* that has imported the
solver once (so a start costs about a millisecond, and the threaded server process is
never forked). In the worker (:mod:`.worker`), before the job:

* ``RLIMIT_CPU`` is set to the job's CPU budget (the solver's own time limit plus a
  margin): a runaway job is killed by the kernel (SIGXCPU, then SIGKILL);
* ``RLIMIT_AS`` caps its memory (:attr:`Settings.solver_memory_mb`);
* ``nice`` lowers its priority, so that the server's requests win the CPU.

The pool runs at most ``cores`` jobs at once (the others wait for a slot by turn,
:mod:`.slots`: the client address served least recently first, then its player served
least recently, so that one address's many jobs do not keep another player's behind
them all) and
at most one per *owner* (a player): a new job of the same owner cancels the older one,
whose process is killed. A waiting caller also polls ``disconnected()`` (the request's
``is_disconnected``) and kills its job when the client has gone.

Only this process sends the full position (with its face-down cards and stock order) to
a worker; what comes back is the answer, which the caller turns into what the player may
see. The pool imports no web framework; the workers import :mod:`.worker` (and the
solver) alone.

The pool works from any event loop (tests run several clients, each with its own loop):
its slot queue and owner table are guarded by a thread lock, and each waiter is woken on
its own loop.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
import multiprocessing
import signal
import threading
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from multiprocessing.context import ForkServerContext, SpawnContext
from multiprocessing.process import BaseProcess
from typing import Any

from .slots import Slots, Waiter
from .worker import Job, nothing, work

log = logging.getLogger(__name__)

PRELOAD = ("__main__", "spider_solitaire.solver", "spider_solitaire.server.jobs.tasks")
"""Modules the forkserver imports once, before any worker is forked (a module that fails
to import is skipped there and imported by the worker itself). ``__main__`` is the
program's main module, imported once rather than in every worker: like every program
that uses multiprocessing's forkserver or spawn methods, it must be safe to import (its
work under ``if __name__ == "__main__":``), as ``spider``, uvicorn and pytest are."""

CPU_MARGIN = 2.0
"""CPU seconds a job gets beyond its own time limit (start-up, the last check)."""


class SolveCancelled(Exception):
    """The job was cancelled: ``reason`` is ``superseded`` (the same owner started
    another), ``disconnected`` (the client left), ``closed`` (the pool shut down) or
    ``queue_timeout`` (no slot came free in time)."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class SolveFailed(Exception):
    """The worker ended without an answer: ``reason`` is ``cpu_limit`` (killed at its CPU
    budget), ``memory`` (out of its memory cap) or ``crashed``."""

    def __init__(self, reason: str, detail: str = "") -> None:
        super().__init__(f"{reason}: {detail}" if detail else reason)
        self.reason = reason
        self.detail = detail


# --- one job as the pool sees it -----------------------------------------------------


@dataclass(eq=False)
class _Run:
    owner: str
    loop: asyncio.AbstractEventLoop
    wakeup: asyncio.Event = field(default_factory=asyncio.Event)
    process: BaseProcess | None = None
    cancelled: str | None = None
    started: float = field(default_factory=time.monotonic)


@dataclass(frozen=True, slots=True)
class PoolStats:
    """What the pool is doing: jobs running, callers waiting for a slot, jobs finished
    (with an answer), cancelled and failed since it was made."""

    running: int
    waiting: int
    finished: int
    cancelled: int
    failed: int


class SolverPool:
    """Run solver jobs in worker processes (see the module docstring).

    Args:
        cores: how many jobs may run at once (1 or more).
        memory_mb: each worker's address-space cap in MiB (None: no cap).
        niceness: added to each worker's nice value (0: none).
        poll_seconds: how often a waiting caller checks ``disconnected()``.
        queue_seconds: how long a caller may wait for a free slot before
            :class:`SolveCancelled` ``queue_timeout``.
        method: the multiprocessing start method: ``forkserver`` (default) or ``spawn``.
    """

    def __init__(
        self,
        cores: int,
        *,
        memory_mb: int | None = 1024,
        niceness: int = 5,
        poll_seconds: float = 0.2,
        queue_seconds: float = 30.0,
        method: str = "forkserver",
    ) -> None:
        if cores < 1:
            raise ValueError(f"cores {cores!r} must be 1 or more")
        if method not in ("forkserver", "spawn"):
            raise ValueError(f"start method {method!r} is not forkserver or spawn")
        self.cores = cores
        self.memory_bytes = memory_mb * 1024 * 1024 if memory_mb else None
        self.niceness = niceness
        self.poll_seconds = poll_seconds
        self.queue_seconds = queue_seconds
        self._context: ForkServerContext | SpawnContext
        if method == "forkserver":
            self._context = multiprocessing.get_context("forkserver")
            self._context.set_forkserver_preload(list(PRELOAD))
        else:
            self._context = multiprocessing.get_context("spawn")
        self._slots = Slots(cores)
        self._lock = threading.Lock()
        self._owners: dict[str, _Run] = {}
        self._runs: set[_Run] = set()
        self._closed = False
        self._counts = {"finished": 0, "cancelled": 0, "failed": 0}

    # --- information ------------------------------------------------------------------

    def stats(self) -> PoolStats:
        """Return the pool's :class:`PoolStats`."""
        with self._lock:
            running = sum(1 for run in self._runs if run.process is not None)
            return PoolStats(running, self._slots.waiting, **self._counts)

    def running_pids(self) -> list[int]:
        """Return the process ids of the running workers (for tests and diagnostics)."""
        with self._lock:
            return [
                run.process.pid
                for run in self._runs
                if run.process is not None and run.process.pid is not None
            ]

    # --- control ----------------------------------------------------------------------

    def warm_up(self) -> None:
        """Start the forkserver now (it imports the solver: a fraction of a second) with a
        trivial job, so that the first request does not pay for it. Blocking: call it from
        a thread."""
        reader, writer = self._context.Pipe(duplex=False)
        process = self._context.Process(
            target=work, args=(writer, nothing, (), 5, None, 0), daemon=True
        )
        process.start()
        writer.close()
        with contextlib.suppress(EOFError, OSError):
            reader.recv()
        reader.close()
        process.join(5)

    def cancel(self, owner: str, reason: str = "superseded") -> bool:
        """Cancel ``owner``'s job (waiting or running; its process is killed); True when
        there was one."""
        with self._lock:
            run = self._owners.pop(owner, None)
        if run is None:
            return False
        self._cancel(run, reason)
        return True

    def _cancel(self, run: _Run, reason: str) -> None:
        if run.cancelled is None:
            run.cancelled = reason
        process = run.process
        if process is not None:
            with contextlib.suppress(OSError, ValueError):  # ValueError: already closed
                if process.is_alive():
                    process.kill()
        with contextlib.suppress(RuntimeError):  # its loop has closed
            run.loop.call_soon_threadsafe(run.wakeup.set)

    async def close(self) -> None:
        """Cancel every job (``closed``) and refuse new ones."""
        self._closed = True
        with self._lock:
            runs = list(self._runs)
            self._owners.clear()
        for run in runs:
            self._cancel(run, "closed")

    # --- running a job ----------------------------------------------------------------

    async def run(
        self,
        owner: str,
        job: Job,
        *args: Any,
        cpu_seconds: float,
        disconnected: Callable[[], Awaitable[bool]] | None = None,
        progress: Callable[[Any], None] | None = None,
        turn: tuple[str, str] | None = None,
    ) -> Any:
        """Run ``job(report, *args)`` in a worker for ``owner`` and return its result.

        A job already running or waiting for ``owner`` is cancelled first (one job per
        player). Progress values the job reports are passed to ``progress`` (on this
        loop). When every core is busy, the job waits for its ``turn``: the address served
        least recently first, then its player served least recently (see :class:`~.slots.Slots`).

        Args:
            owner: the player the job is for.
            job: a module-level function (the worker imports it by name).
            args: its arguments after ``report`` (picklable).
            cpu_seconds: the worker's CPU budget (``RLIMIT_CPU``, rounded up).
            disconnected: polled while waiting; when it answers True, the job is killed.
            progress: called with each progress value.
            turn: whose turn the job waits for: (client address, player); None:
                ``(owner, owner)``.

        Raises:
            SolveCancelled: superseded, disconnected, closed or queue_timeout.
            SolveFailed: the worker died (cpu_limit, memory, crashed).
        """
        if self._closed:
            raise SolveCancelled("closed")
        run = _Run(owner, asyncio.get_running_loop())
        with self._lock:
            older = self._owners.get(owner)
            self._owners[owner] = run
            self._runs.add(run)
        if older is not None:
            self._cancel(older, "superseded")
        waiter: Waiter | None = None
        try:
            waiter = await self._wait_for_slot(run, disconnected, turn or (owner, owner))
            return await self._execute(run, job, args, cpu_seconds, disconnected, progress)
        except SolveCancelled:
            self._count("cancelled")
            raise
        except SolveFailed:
            self._count("failed")
            raise
        finally:
            if waiter is not None:
                self._slots.leave(waiter)
            with self._lock:
                self._runs.discard(run)
                if self._owners.get(owner) is run:
                    del self._owners[owner]

    def _count(self, name: str) -> None:
        with self._lock:
            self._counts[name] += 1

    async def _check(self, run: _Run, disconnected: Callable[[], Awaitable[bool]] | None) -> None:
        if run.cancelled is None and disconnected is not None and await disconnected():
            self._cancel(run, "disconnected")
        if run.cancelled is not None:
            raise SolveCancelled(run.cancelled)

    async def _wait_for_slot(
        self,
        run: _Run,
        disconnected: Callable[[], Awaitable[bool]] | None,
        turn: tuple[str, str],
    ) -> Waiter:
        waiter = self._slots.enter(turn)
        deadline = time.monotonic() + self.queue_seconds
        try:
            while not waiter.future.done():
                await self._check(run, disconnected)
                if time.monotonic() > deadline:
                    raise SolveCancelled("queue_timeout")
                run.wakeup.clear()
                wake = asyncio.ensure_future(run.wakeup.wait())
                either: set[asyncio.Future[Any]] = {waiter.future, wake}
                await asyncio.wait(
                    either, timeout=self.poll_seconds, return_when=asyncio.FIRST_COMPLETED
                )
                wake.cancel()
            await self._check(run, None)
        except BaseException:
            self._slots.leave(waiter)
            raise
        return waiter

    async def _execute(  # noqa: C901 - one watch loop; split with pool.py (issue 29 item 5)
        self,
        run: _Run,
        job: Job,
        args: tuple[Any, ...],
        cpu_seconds: float,
        disconnected: Callable[[], Awaitable[bool]] | None,
        progress: Callable[[Any], None] | None,
    ) -> Any:
        reader, writer = self._context.Pipe(duplex=False)
        budget = max(1, math.ceil(cpu_seconds))
        process = self._context.Process(
            target=work,
            args=(writer, job, args, budget, self.memory_bytes, self.niceness),
            name=f"solver-{run.owner[:6]}",
            daemon=True,
        )
        loop = run.loop
        watched: list[int] = []
        try:
            process.start()
            writer.close()
            with self._lock:
                run.process = process
            if run.cancelled is not None:  # cancelled while starting
                self._cancel(run, run.cancelled)
            for fd in (reader.fileno(), process.sentinel):
                loop.add_reader(fd, run.wakeup.set)
                watched.append(fd)
            while True:
                if run.cancelled is not None or not reader.poll():
                    await self._check(run, disconnected)  # an answer there is read first
                if reader.poll():
                    try:
                        message = reader.recv()
                    except (EOFError, OSError):
                        raise self._failure(process) from None
                    if message[0] == "progress":
                        if progress is not None:
                            progress(message[1])
                        continue
                    if message[0] == "error":
                        raise SolveFailed(message[1], message[2])
                    self._count("finished")
                    return message[1]
                if not process.is_alive():
                    if reader.poll():
                        continue  # the answer came in just before the end
                    raise self._failure(process)
                run.wakeup.clear()
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(run.wakeup.wait(), self.poll_seconds)
        finally:
            for fd in watched:
                loop.remove_reader(fd)
            if process.is_alive():
                with contextlib.suppress(OSError, ValueError):
                    process.kill()
            await _reap(process)
            reader.close()

    @staticmethod
    def _failure(process: BaseProcess) -> SolveFailed:
        process.join(1)
        code = process.exitcode
        if code in (-signal.SIGXCPU, -signal.SIGKILL):
            return SolveFailed("cpu_limit", f"worker ended by signal {-code}")
        return SolveFailed("crashed", f"worker exit code {code}")


async def _reap(process: BaseProcess) -> None:
    """Wait (without blocking the loop) for a started, killed or finished worker to end,
    then collect it."""
    if process.pid is None:  # never started
        return
    for _ in range(200):
        if process.exitcode is not None or not process.is_alive():
            break
        await asyncio.sleep(0.005)
    process.join(0.5)
    if process.exitcode is not None:
        with contextlib.suppress(ValueError):
            process.close()
