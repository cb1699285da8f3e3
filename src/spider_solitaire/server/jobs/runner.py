"""Running a solver task for a player: the contract the help modules call (:class:`Runner`,
:class:`JobLimits`) and what every runner shares (a new job id; the fair shares of the
solvers, :class:`Shares`: every job queued or running has a row in ``solver_jobs`` with its
player and client address, counted by every process when a job is asked for; the player's
one running job in ``player_jobs``: :func:`player_job`, :func:`superseded`), and
:class:`SolverRunner`, which runs the task in the embedded pool (:mod:`.pool`), where a job
waiting for a free solver waits for its turn among the addresses and players that wait."""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import functools
import logging
import time
from abc import ABC, abstractmethod
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Concatenate, ParamSpec, TypeVar

from ..db.jobs import UNFINISHED, ShareFull
from ..errors import ApiError
from ..ids import JOB
from .pool import SolveCancelled, SolveFailed, SolverPool
from .worker import Report

if TYPE_CHECKING:
    from ..db import Store

log = logging.getLogger(__name__)

P = ParamSpec("P")
T = TypeVar("T")

RETRY_BUSY = {"Retry-After": "5"}
"""The ``Retry-After`` of a 503 (no free solver, a broken worker): seconds."""

RETRY_UNAVAILABLE = {"Retry-After": "30"}
"""The ``Retry-After`` of a 503 ``help_unavailable`` (no solver worker runs): seconds."""

RETRY_SHARE = 2
"""The ``Retry-After`` of a 429 ``too_many_jobs`` (a share is full): seconds."""

FRESH_SECONDS = 10.0
"""A solver job counts in its shares while its row was written this recently: whoever
holds it (the waiting server process, the worker running it) refreshes it every
:data:`BEAT_SECONDS`; the jobs of a killed process stop counting after this long."""

BEAT_SECONDS = 2.0
"""How often the holder of a solver job refreshes its row (its heartbeat)."""

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
        lane: None for the player's one solver job (a new one supersedes the older, in
            every process, through ``player_jobs``); a name (``hint``) for a job of a lane
            of its own: a newer job of the same lane and player supersedes it in this
            process, and it neither claims nor checks ``player_jobs`` (a hint does not
            stop the player's "Can I still win?").
        address: the client's address (None: unknown): whose share of the solvers the
            job takes, with the player's, and whose turn it waits for.
    """

    cpu_seconds: float
    disconnected: Disconnected | None = None
    progress: Callable[[Any], None] | None = None
    lane: str | None = None
    address: str | None = None


@dataclass(frozen=True, slots=True)
class Shares:
    """The fair shares of the solvers: at most ``per_address`` jobs queued or running for
    one client address, ``per_player`` for one player, across every server process (0:
    no limit). More get 429 ``too_many_jobs`` with ``Retry-After``."""

    per_address: int = 4
    per_player: int = 3


@dataclass(frozen=True, slots=True)
class Job:
    """One solver job: ``task(report, *args, **kwargs)`` run for ``player`` within
    ``limits``, known by ``id`` (in ``solver_jobs``, and ``player_jobs`` unless it runs
    in a lane of its own); ``turn``: how many jobs of its address or player were queued
    or running when it was asked for (its place among them)."""

    player: str
    id: str
    limits: JobLimits
    task: Callable[..., Any]
    args: tuple[Any, ...]
    kwargs: dict[str, Any]
    turn: int = 0


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
    new id (:data:`~spider_solitaire.server.ids.JOB`) and a row in ``solver_jobs``
    while it is queued or running, taken within the :class:`Shares` (see
    :meth:`~spider_solitaire.server.db.jobs.Jobs.take_share`) and deleted once its
    answer is read.

    Attributes:
        store: the database the server processes share (None: this process alone, no
            shares).
        shares: the shares of the solvers.
    """

    store: Store | None = None
    shares: Shares = Shares()
    FIRST_STATUS: ClassVar[str] = "running"
    """A new job's status: ``running`` when this process holds it until its end (the
    pool), ``queued`` when a worker takes it (the job queue)."""

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
            ApiError: 429 ``too_many_jobs`` with ``Retry-After``: the client's address or the
                player already has its share of jobs queued or running.
            SolveFailed: ``cpu_limit`` or ``memory``: the caller answers that it does not
                know.
        """
        await self.check_available()
        job_id = JOB.make()
        job = Job(player, job_id, limits, task, args, kwargs)
        store = self.store
        if store is None:
            answer: T = await self._run(job)
            return answer
        shares = self.shares
        try:
            turn = await asyncio.to_thread(
                store.jobs.take_share,
                self._row(job),
                per_address=shares.per_address,
                per_player=shares.per_player,
                fresh_seconds=FRESH_SECONDS,
            )
        except ShareFull as full:
            raise ApiError(
                429,
                "too_many_jobs",
                headers={"Retry-After": str(RETRY_SHARE)},
                retry_after=RETRY_SHARE,
                limit=str(full),
            ) from None
        try:
            answer = await self._run(dataclasses.replace(job, turn=turn))
            return answer
        finally:
            with contextlib.suppress(Exception):
                await asyncio.to_thread(store.jobs.drop_solver_job, job_id)

    def _row(self, job: Job) -> dict[str, Any]:
        """The row of ``job`` in ``solver_jobs`` (its arguments only when a worker needs
        them: :meth:`_arguments`)."""
        return {
            "id": job.id,
            "player_id": job.player,
            "address": job.limits.address,
            "task": job.task.__name__,
            "args": self._arguments(job),
            "cpu_seconds": job.limits.cpu_seconds,
            "status": self.FIRST_STATUS,
            "progress": None,
            "result": None,
            "error": None,
            "detail": None,
            "cancel": False,
        }

    def _arguments(self, job: Job) -> str:
        """The job's arguments as ``solver_jobs.args`` keeps them: nothing here (the
        pool gets them through a pipe); the job queue's workers read them as JSON."""
        return ""

    async def _beat(self, job_id: str, last: list[float], statuses: tuple[str, ...]) -> None:
        """Refresh the job's row when :data:`BEAT_SECONDS` have passed since ``last[0]``."""
        if self.store is not None and time.monotonic() - last[0] >= BEAT_SECONDS:
            last[0] = time.monotonic()
            await asyncio.to_thread(self.store.jobs.beat_solver_job, job_id, statuses=statuses)

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

    A job waiting for a free solver waits for its turn by client address, then by
    player (:meth:`.pool.SolverPool.run`'s ``turn``), not by arrival.

    Args:
        pool: the pool the tasks run in.
        store: the database the server processes share (None: this process alone).
        shares: the shares of the solvers (counted in ``store``).
    """

    def __init__(
        self, pool: SolverPool, store: Store | None = None, shares: Shares | None = None
    ) -> None:
        self.pool = pool
        self.store = store
        self.shares = shares or Shares()

    async def _run(self, job: Job) -> Any:
        """Run ``job`` in the pool (see :meth:`Runner.run`)."""
        player, job_id, limits = job.player, job.id, job.limits
        work = functools.partial(job.task, **job.kwargs) if job.kwargs else job.task
        store = self.store if limits.lane is None else None
        superseded_here = False
        beat = [time.monotonic()]

        async def gone() -> bool:
            nonlocal superseded_here
            if limits.disconnected is not None and await limits.disconnected():
                return True
            if store is not None and await superseded(store, player, job_id):
                superseded_here = True
            await self._beat(job_id, beat, UNFINISHED)
            return superseded_here

        owner = player if limits.lane is None else f"{player}/{limits.lane}"
        turn = (limits.address or player, player)
        async with player_job(store, player, job_id):
            try:
                return await self.pool.run(
                    owner,
                    work,
                    *job.args,
                    cpu_seconds=limits.cpu_seconds,
                    disconnected=gone,
                    progress=limits.progress,
                    turn=turn,
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
