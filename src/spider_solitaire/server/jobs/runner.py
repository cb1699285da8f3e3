"""Running a solver task for a player: the contract the help modules call (:class:`Runner`,
:class:`JobLimits`) and what every runner shares (a new job id, the player's one running job
in ``player_jobs``: :func:`player_job`, :func:`superseded`), and :class:`SolverRunner`, which
runs the task in the embedded pool (:mod:`.pool`)."""

from __future__ import annotations

import asyncio
import functools
import logging
from abc import ABC, abstractmethod
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Concatenate, ParamSpec, TypeVar

from ..errors import ApiError
from ..ids import JOB
from .pool import Report, SolveCancelled, SolveFailed, SolverPool

if TYPE_CHECKING:
    from ..db import Store

log = logging.getLogger(__name__)

P = ParamSpec("P")
T = TypeVar("T")

RETRY_BUSY = {"Retry-After": "5"}
"""The ``Retry-After`` of a 503 (no free solver, a broken worker): seconds."""

RETRY_UNAVAILABLE = {"Retry-After": "30"}
"""The ``Retry-After`` of a 503 ``help_unavailable`` (no solver worker runs): seconds."""

Disconnected = Callable[[], Awaitable[bool]]
"""A request's ``is_disconnected`` (or any check that the answer is no longer wanted)."""


@dataclass(frozen=True, slots=True)
class JobLimits:
    """How one task runs for a player.

    Attributes:
        cpu_seconds: the worker's CPU budget (the task's own time limit plus
            :data:`~.pool.CPU_MARGIN`): past it the kernel ends the worker.
        disconnected: polled while waiting; the task is stopped once it answers True.
        progress: called (on the caller's event loop) with each value the task reports.
    """

    cpu_seconds: float
    disconnected: Disconnected | None = None
    progress: Callable[[Any], None] | None = None


@dataclass(frozen=True, slots=True)
class Job:
    """One solver job: ``task(report, *args, **kwargs)`` run for ``player`` within
    ``limits``, known by ``id`` (in ``player_jobs``, and in ``solver_jobs`` for the job
    queue)."""

    player: str
    id: str
    limits: JobLimits
    task: Callable[..., Any]
    args: tuple[Any, ...]
    kwargs: dict[str, Any]


async def superseded(store: Store, player: str, job_id: str) -> bool:
    """True when ``job_id`` is no longer ``player``'s running job in the database's
    ``player_jobs`` (a newer job of the player, in any process, took its place)."""
    return await asyncio.to_thread(store.jobs.job_of, player) != job_id


@asynccontextmanager
async def player_job(store: Store | None, player: str, job_id: str) -> AsyncIterator[None]:
    """Hold ``job_id`` as ``player``'s one running job while the block runs: claimed in
    ``store`` (superseding any older job of the player) on entry, released on exit however
    the block ends. Without a store (one process alone), nothing is written."""
    if store is not None:
        await asyncio.to_thread(store.jobs.claim, player, job_id)
    try:
        yield
    finally:
        if store is not None:
            await asyncio.to_thread(store.jobs.release, player, job_id)


class Runner(ABC):
    """What the help modules call to run a solver task for a player: the embedded pool's
    :class:`SolverRunner` or the job queue's :class:`~.queue.QueueRunner`. Each job gets a
    new id (:data:`~spider_solitaire.server.ids.JOB`)."""

    async def run(
        self,
        player: str,
        limits: JobLimits,
        task: Callable[Concatenate[Report, P], T],
        /,
        *args: P.args,
        **kwargs: P.kwargs,
    ) -> T:
        """Return ``task(report, *args, **kwargs)``, run for ``player`` within ``limits``.

        ``task`` is a module-level function of :mod:`.tasks` (the worker imports it by
        name); its arguments and answer are plain picklable values.

        Raises:
            ApiError: 409 ``solve_cancelled`` (superseded by the same player, or the client
                left), 503 ``solver_busy`` (no free solver or worker in time, or shutting
                down), 503 ``solver_failed`` (the worker crashed or went silent), 503
                ``help_unavailable`` (no solver worker runs, see :meth:`check_available`),
                each 503 with ``Retry-After``.
            SolveFailed: ``cpu_limit`` or ``memory``: the caller answers that it does not
                know.
        """
        job_id = JOB.make()
        answer: T = await self._run(Job(player, job_id, limits, task, args, kwargs))
        return answer

    async def check_available(self) -> None:
        """Raise unless solver work can run now: the embedded pool always can (this does
        nothing); the job queue needs a worker seen lately.

        Raises:
            ApiError: 503 ``help_unavailable`` with ``Retry-After``: no solver worker runs.
        """
        return

    @abstractmethod
    async def _run(self, job: Job) -> Any:
        """Run ``job`` and return its task's answer (see :meth:`run`)."""

    @abstractmethod
    async def close(self) -> None:
        """Stop every task and refuse new ones (the app is shutting down)."""


class SolverRunner(Runner):
    """Run solver tasks for players in the :class:`~.pool.SolverPool` (at most one per
    player: a new one cancels the player's older one, in this process through the pool,
    across processes through the database's ``player_jobs``: each running task checks
    there, as often as the pool polls, that it is still its player's job).

    Args:
        pool: the pool the tasks run in.
        store: the database the server processes share (None: this process alone).
    """

    def __init__(self, pool: SolverPool, store: Store | None = None) -> None:
        self.pool = pool
        self.store = store

    async def _run(self, job: Job) -> Any:
        """Run ``job`` in the pool (see :meth:`Runner.run`)."""
        player, job_id, limits = job.player, job.id, job.limits
        work = functools.partial(job.task, **job.kwargs) if job.kwargs else job.task
        store = self.store
        superseded_here = False

        async def gone() -> bool:
            nonlocal superseded_here
            if limits.disconnected is not None and await limits.disconnected():
                return True
            if store is not None and await superseded(store, player, job_id):
                superseded_here = True
            return superseded_here

        async with player_job(store, player, job_id):
            try:
                return await self.pool.run(
                    player,
                    work,
                    *job.args,
                    cpu_seconds=limits.cpu_seconds,
                    disconnected=gone,
                    progress=limits.progress,
                )
            except SolveCancelled as cancelled:
                if cancelled.reason in ("queue_timeout", "closed"):
                    raise ApiError(
                        503, "solver_busy", headers=RETRY_BUSY, detail=cancelled.reason
                    ) from None
                reason = "superseded" if superseded_here else cancelled.reason
                raise ApiError(409, "solve_cancelled", detail=reason) from None
            except SolveFailed as failed:
                if failed.reason == "crashed":
                    log.error("solver worker crashed: %s", failed.detail)
                    raise ApiError(503, "solver_failed", headers=RETRY_BUSY) from None
                raise

    async def close(self) -> None:
        """Cancel every task and refuse new ones (the app is shutting down)."""
        await self.pool.close()
