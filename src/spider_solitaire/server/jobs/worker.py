"""The worker side of the solver pool (:mod:`.pool`): what runs in a worker process,
forked from the forkserver for one job.

Before the job, the worker lowers its own limits: ``RLIMIT_CPU`` to the job's CPU budget
(a runaway job is killed by the kernel: SIGXCPU, then SIGKILL), ``RLIMIT_AS`` to its
memory cap, and its ``nice`` value. It sends what the job reports and then the answer
through a one-way pipe, and ends as soon as the server's end of the pipe closes. The
module imports no web framework and nothing of the server: the forkserver and every
worker import it (with the solver and :mod:`.tasks`) alone.
"""

from __future__ import annotations

import contextlib
import os
import resource
import select
import threading
from collections.abc import Callable
from multiprocessing.connection import Connection
from typing import Any

Report = Callable[[Any], None]
"""What a job calls (in the worker) to send a progress value to the waiting caller."""

Job = Callable[..., Any]
"""A job: a module-level function ``job(report, *args)`` returning picklable data."""


def _limit(kind: int, value: int) -> None:
    """Lower resource ``kind`` to ``value`` (soft) and ``value`` + a little (hard), never
    above an existing hard limit."""
    _soft, hard = resource.getrlimit(kind)
    extra = 1 if kind == resource.RLIMIT_CPU else 0
    new_hard = value + extra if hard == resource.RLIM_INFINITY else min(hard, value + extra)
    resource.setrlimit(kind, (min(value, new_hard), new_hard))


def work(
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


def nothing(report: Report) -> None:
    """A job that does nothing (it starts the forkserver; see :meth:`.pool.SolverPool.warm_up`)."""
