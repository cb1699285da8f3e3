"""The embedded solver pool: full-information work in worker processes, off the event loop.

Each job (a solve, the search back through a game's history, the search for a winnable
deal) runs in a process of its own, started from a *forkserver* that has imported the
solver once (so a start costs about a millisecond, and the threaded server process is
never forked). In the worker, before the job:

* ``RLIMIT_CPU`` is set to the job's CPU budget (the solver's own time limit plus a
  margin): a runaway job is killed by the kernel (SIGXCPU, then SIGKILL);
* ``RLIMIT_AS`` caps its memory (:attr:`Settings.solver_memory_mb`);
* ``nice`` lowers its priority, so that the server's requests win the CPU.

The pool runs at most ``cores`` jobs at once (the others wait for a slot by turn: the
client address served least recently first, then its player served least recently, so
that one address's many jobs do not keep another player's behind them all) and
at most one per *owner* (a player): a new job of the same owner cancels the older one,
whose process is killed. A waiting caller also polls ``disconnected()`` (the request's
``is_disconnected``) and kills its job when the client has gone.

Only this process sends the full position (with its face-down cards and stock order) to
a worker; what comes back is the answer, which the caller turns into what the player may
see. The module imports no web framework: the workers import it (and the solver) alone.

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
import os
import resource
import select
import signal
import threading
import time
from collections import OrderedDict, deque
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from multiprocessing.context import ForkServerContext, SpawnContext
from multiprocessing.process import BaseProcess
from typing import Any

log = logging.getLogger(__name__)

Report = Callable[[Any], None]
"""What a job calls (in the worker) to send a progress value to the waiting caller."""

Job = Callable[..., Any]
"""A job: a module-level function ``job(report, *args)`` returning picklable data."""

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


# --- the worker side -----------------------------------------------------------------


def _limit(kind: int, value: int) -> None:
    """Lower resource ``kind`` to ``value`` (soft) and ``value`` + a little (hard), never
    above an existing hard limit."""
    _soft, hard = resource.getrlimit(kind)
    extra = 1 if kind == resource.RLIMIT_CPU else 0
    new_hard = value + extra if hard == resource.RLIM_INFINITY else min(hard, value + extra)
    resource.setrlimit(kind, (min(value, new_hard), new_hard))


def _worker(
    conn: Connection,
    job: Job,
    args: tuple[Any, ...],
    cpu_seconds: int,
    memory_bytes: int | None,
    niceness: int,
) -> None:
    """The worker process's body: set its limits, run ``job(report, *args)`` and send
    ``("done", result)`` or ``("error", kind, text)``; progress goes as ``("progress", v)``."""
    _exit_when_the_server_goes(conn)
    _limit(resource.RLIMIT_CPU, cpu_seconds)
    if memory_bytes:
        _limit(resource.RLIMIT_AS, memory_bytes)
    if niceness:
        with contextlib.suppress(OSError):
            os.nice(niceness)

    def report(value: Any) -> None:
        try:
            conn.send(("progress", value))
        except OSError:
            os._exit(0)  # the server is gone (killed): nobody wants the answer any more

    try:
        result = job(report, *args)
    except MemoryError:
        answer: tuple[Any, ...] = ("error", "memory", "the job ran out of memory")
    except BaseException as error:
        answer = ("error", "crashed", f"{type(error).__name__}: {error}")
    else:
        answer = ("done", result)
    try:
        conn.send(answer)
        conn.close()
    except OSError:
        os._exit(0)  # the server is gone: end quietly rather than print a traceback


def _exit_when_the_server_goes(conn: Connection) -> None:
    """Watch the answer pipe from a daemon thread and end this worker as soon as the
    server's end of it closes (the server was killed): a solve must not outlive the
    server. (The forkserver, this worker's parent, stays alive as long as any worker
    does, so a parent-death signal would not help.) Where ``poll`` is missing, a worker
    ends at its next progress report or at its CPU limit."""
    if not hasattr(select, "poll"):
        return
    poller = select.poll()
    poller.register(conn.fileno(), select.POLLERR | select.POLLHUP)

    def watch() -> None:
        while True:
            for _fd, event in poller.poll():
                if event & select.POLLNVAL:
                    return  # the worker closed the pipe itself: its answer is sent
                if event & (select.POLLERR | select.POLLHUP):
                    os._exit(0)

    threading.Thread(target=watch, name="server-watch", daemon=True).start()


# --- slots: at most N jobs at once, from any event loop, by turn ---------------------


@dataclass(eq=False)
class _Waiter:
    loop: asyncio.AbstractEventLoop
    future: asyncio.Future[None]
    turn: tuple[str, str]
    granted: bool = False


SERVED_KEPT = 4096
"""How many addresses and players :class:`_Slots` remembers when it last served (the
least recently served go; one forgotten counts as never served)."""


class _Slots:
    """A counting semaphore usable from several event loops that grants a free slot by
    turn, not by arrival: to the waiting client address (the first part of a waiter's
    ``turn``) served least recently, then within it to its player (the second part) served
    least recently, then by arrival. An address that has just had a slot (a waiting one or
    a free one at once) goes behind every address that waits."""

    def __init__(self, count: int) -> None:
        self.free = count
        self._lock = threading.Lock()
        self._queue: OrderedDict[str, OrderedDict[str, deque[_Waiter]]] = OrderedDict()
        self._waiting = 0
        self._served: OrderedDict[tuple[str, ...], int] = OrderedDict()
        self._grants = 0

    @property
    def waiting(self) -> int:
        """How many callers wait for a slot."""
        return self._waiting

    def enter(self, turn: tuple[str, str] = ("", "")) -> _Waiter:
        """Ask for a slot for ``turn`` (address, player); the waiter's future is done
        (and ``granted``) once it has one."""
        loop = asyncio.get_running_loop()
        waiter = _Waiter(loop, loop.create_future(), turn)
        with self._lock:
            if self.free > 0 and not self._waiting:
                self.free -= 1
                self._grant(waiter)
                waiter.future.set_result(None)
            else:
                first, second = turn
                players = self._queue.setdefault(first, OrderedDict())
                players.setdefault(second, deque()).append(waiter)
                self._waiting += 1
        return waiter

    def _grant(self, waiter: _Waiter) -> None:
        """Give ``waiter`` a slot and remember when its address and player were served
        (under the lock)."""
        waiter.granted = True
        self._grants += 1
        first, second = waiter.turn
        for key in ((first,), (first, second)):
            self._served[key] = self._grants
            self._served.move_to_end(key)
        while len(self._served) > SERVED_KEPT:
            self._served.popitem(last=False)

    def _next(self) -> _Waiter | None:
        """Take the waiter whose turn it is (under the lock), or None."""
        if not self._queue:
            return None
        served = self._served
        first = min(self._queue, key=lambda key: served.get((key,), 0))
        players = self._queue[first]
        second = min(players, key=lambda key: served.get((first, key), 0))
        waiters = players[second]
        waiter = waiters.popleft()
        self._waiting -= 1
        if not waiters:
            del players[second]
            if not players:
                del self._queue[first]
        return waiter

    def leave(self, waiter: _Waiter) -> None:
        """Give up a waiter: release its slot if it was granted, else leave the queue."""
        with self._lock:
            if not waiter.granted:
                first, second = waiter.turn
                players = self._queue.get(first)
                waiters = players.get(second) if players is not None else None
                if waiters is not None and waiter in waiters:
                    waiters.remove(waiter)
                    self._waiting -= 1
                    if not waiters:
                        del self._queue[first][second]
                        if not self._queue[first]:
                            del self._queue[first]
                return
            waiter.granted = False
            following = self._next()
            if following is None:
                self.free += 1
                return
            self._grant(following)
            following.loop.call_soon_threadsafe(_wake, following.future)


def _wake(future: asyncio.Future[None]) -> None:
    if not future.done():
        future.set_result(None)


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
        self._slots = _Slots(cores)
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
            target=_worker, args=(writer, _nothing, (), 5, None, 0), daemon=True
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
        least recently first, then its player served least recently (see :class:`_Slots`).

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
        waiter: _Waiter | None = None
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
    ) -> _Waiter:
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
            target=_worker,
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


def _nothing(report: Report) -> None:
    """A job that does nothing (it starts the forkserver; see :meth:`SolverPool.warm_up`)."""
