"""Solver work through a job queue, for hosting at scale: procrastinate on PostgreSQL.

In this mode (``Settings.job_queue = "procrastinate"``, ``SPIDER_JOB_QUEUE``) a server
process runs no solver itself: :class:`QueueRunner` (what the help modules call, like
:class:`~.runner.SolverRunner`) writes the job (its task and arguments) to the table
``solver_jobs`` and defers procrastinate's task ``spider.solve`` with the job's id; any
``spider worker --db URL`` process, on any machine, takes it and runs it in its own
:class:`~.pool.SolverPool` (CPU-time and memory limits per job, a process per job), writing
its progress, a heartbeat and its answer to the row. The waiting server process polls the
row (any server process could: the row is the job), asks the worker to stop it (``cancel``)
when the player left or asked again (at most one job per player, through
``player_jobs``), and answers 503 ``solver_failed`` when the worker went silent (killed).

Each worker also writes a heartbeat of its own (``solver_workers``, every
:data:`WORKER_BEAT_SECONDS`; its row is marked stopped when it stops). With no worker seen for
``worker_silent_seconds``, a solver request is answered at once with 503
``help_unavailable`` (and a job that waited or whose worker went silent too), and
``/healthz`` says ``degraded`` (:mod:`..health`).

Procrastinate needs nothing but PostgreSQL; its own tables are made by
:func:`ensure_queue_schema` (under the migrations' advisory lock).
"""

from __future__ import annotations

import asyncio
import functools
import json
import logging
import os
import secrets
import socket
import threading
import time
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING, Any, NoReturn

from sqlalchemy.engine import make_url

from ..errors import ApiError
from .pool import SolveCancelled, SolveFailed, SolverPool
from .runner import (
    RETRY_BUSY,
    RETRY_UNAVAILABLE,
    Job,
    JobLimits,
    Runner,
    Shares,
    player_job,
    superseded,
)
from .tasks import TASKS, decode_outcome, encode_outcome

if TYPE_CHECKING:
    import procrastinate

    from ..db import Store

log = logging.getLogger(__name__)

QUEUE = "solver"
"""Procrastinate's queue for solver jobs."""

TASK_NAME = "spider.solve"
"""Procrastinate's name of the task that runs one solver job."""

POLL_SECONDS = 0.2
"""How often a waiting server checks its job, and a worker its cancel flag and heartbeat."""

FIRST_POLL_SECONDS = 0.01
"""A waiting server's first look at its job; each next one waits twice as long, up to
:data:`POLL_SECONDS` (a hint answers in tens of milliseconds)."""

SILENT_SECONDS = 10.0
"""A running job whose worker has not written for this long is taken as lost (the
worker was killed): its player gets 503 ``solver_failed`` (a decision of ours), or
``help_unavailable`` when no worker is left."""

WORKER_BEAT_SECONDS = 2.0
"""How often a worker writes its heartbeat to ``solver_workers``."""


def libpq_url(url: str) -> str:
    """Return ``url`` (a SQLAlchemy URL such as ``postgresql+psycopg://...``) as the plain
    ``postgresql://...`` URL that psycopg takes.

    Raises:
        ValueError: ``url`` is not a PostgreSQL URL (the job queue needs PostgreSQL).
    """
    parsed = make_url(url)
    if parsed.get_backend_name() != "postgresql":
        raise ValueError(f"the job queue needs PostgreSQL, not {parsed.get_backend_name()}")
    return parsed.set(drivername="postgresql").render_as_string(hide_password=False)


def queue_app(url: str) -> procrastinate.App:
    """Return the procrastinate app on the database ``url`` with the task ``spider.solve``
    registered (not opened)."""
    import procrastinate

    app = procrastinate.App(
        connector=procrastinate.PsycopgConnector(conninfo=libpq_url(url)),
    )
    app.task(name=TASK_NAME, queue=QUEUE, pass_context=False)(_run_job)
    return app


def ensure_queue_schema(url: str) -> bool:
    """Make procrastinate's tables in the database ``url`` unless they are there; return
    True when they were made. Runs under the migrations' advisory lock, so that servers and
    workers starting at once make them once."""
    import psycopg

    from ..db.migrations import ADVISORY_LOCK

    with psycopg.connect(libpq_url(url)) as connection:
        connection.execute("SELECT pg_advisory_xact_lock(%s)", (ADVISORY_LOCK,))
        found = connection.execute("SELECT to_regclass('procrastinate_jobs')").fetchone()
        if found is not None and found[0] is not None:
            return False
        import procrastinate.schema

        connection.execute(procrastinate.schema.SchemaManager.get_schema())
        return True


# --- the server side -------------------------------------------------------------------


class QueueRunner(Runner):
    """Run solver tasks for players through the job queue (see the module docstring); the
    same contract as :class:`~.runner.SolverRunner`.

    Args:
        store: the database (its ``solver_jobs`` and ``player_jobs``).
        app: the procrastinate app (:func:`queue_app`), opened by :meth:`open`.
        queue_seconds: how long a job may wait for a worker before 503 ``solver_busy``.
        shares: the shares of the solvers (counted in ``store``).
        worker_silent_seconds: a worker whose heartbeat is older than this is gone.
    """

    def __init__(
        self,
        store: Store,
        app: procrastinate.App,
        queue_seconds: float,
        shares: Shares | None = None,
        worker_silent_seconds: float = 10.0,
    ) -> None:
        self.store: Store = store
        self.shares = shares or Shares()
        self.app = app
        self.queue_seconds = queue_seconds
        self.worker_silent_seconds = worker_silent_seconds
        self._opened = False

    FIRST_STATUS = "queued"

    def _arguments(self, job: Job) -> str:
        """The job's arguments as JSON (the worker reads them from ``solver_jobs``)."""
        return json.dumps({"args": list(job.args), "kwargs": job.kwargs})

    async def workers(self, since: datetime | None = None) -> int:
        """Return how many workers wrote their heartbeat at ``since`` (UTC) or later
        (default: within ``worker_silent_seconds``)."""
        if since is None:
            since = datetime.now(UTC) - timedelta(seconds=self.worker_silent_seconds)
        count, _last = await asyncio.to_thread(self.store.jobs.workers_seen, since)
        return count

    async def check_available(self) -> None:
        """Raise 503 ``help_unavailable`` (``Retry-After``) when no worker was seen lately
        (see :meth:`Runner.check_available <.runner.Runner.check_available>`)."""
        if not await self.workers():
            raise ApiError(503, "help_unavailable", headers=RETRY_UNAVAILABLE, detail="no_worker")

    def _defer(self, job_id: str, turn: int) -> None:
        if not self._opened:
            self.app.open()
            self._opened = True
        task = self.app.configure_task(TASK_NAME, queue=QUEUE, priority=-turn)
        task.defer(job_id=job_id)

    async def _run(self, job: Job) -> Any:
        """Defer ``job`` (its row was written by :meth:`Runner.run <.runner.Runner.run>`) to
        the workers, with its turn as procrastinate's priority (an address's or a player's
        n-th job waiting comes after every other address's and player's first), and wait
        for its answer."""
        player, job_id, limits = job.player, job.id, job.limits
        claims = self.store if limits.lane is None else None
        async with player_job(claims, player, job_id):
            try:
                await asyncio.to_thread(self._defer, job_id, job.turn)
                return await self._wait(player, job_id, limits)
            except asyncio.CancelledError:  # the caller stopped waiting: the worker stops too
                await self._cancel(job_id, "cancelled")
                raise

    async def _cancel(self, job_id: str, reason: str) -> None:
        """Mark the solver job ``job_id`` cancelled for ``reason`` (while it is unfinished)
        and ask its worker to stop it."""
        await asyncio.to_thread(
            self.store.jobs.update_solver_job,
            job_id,
            unfinished=True,
            cancel=True,
            status="cancelled",
            error=reason,
        )

    async def _wait(self, player: str, job_id: str, limits: JobLimits) -> Any:
        """Poll the solver job ``job_id`` until it ends: return its outcome, or raise
        (see :meth:`_ended` and :meth:`_stop`), passing its progress on as it comes."""
        queued_until = time.monotonic() + self.queue_seconds
        seen_progress = None
        pause = FIRST_POLL_SECONDS
        beat = [time.monotonic()]
        while True:
            job = await asyncio.to_thread(self.store.jobs.solver_job, job_id)
            assert job is not None
            if job["progress"] is not None and job["progress"] != seen_progress:
                seen_progress = job["progress"]
                if limits.progress is not None:
                    limits.progress(json.loads(seen_progress))
            if job["status"] == "done":
                return decode_outcome(job["result"])
            _ended(job_id, job)
            reason = await self._stop_reason(player, job_id, job, limits, queued_until)
            if reason is not None:
                await self._stop(job_id, reason)
            await self._beat(job_id, beat, ("queued",))  # a worker beats a running one
            await asyncio.sleep(pause)
            pause = min(POLL_SECONDS, pause * 2)

    async def _stop_reason(
        self,
        player: str,
        job_id: str,
        job: dict[str, Any],
        limits: JobLimits,
        queued_until: float,
    ) -> str | None:
        """Return why the unfinished solver job ``job`` should stop (the caller is gone,
        a newer job superseded it, it waited in the queue past ``queued_until``), or None.

        Raises:
            ApiError: its worker went silent (:meth:`_worker_lost`).
        """
        if limits.disconnected is not None and await limits.disconnected():
            return "disconnected"
        if limits.lane is None and await superseded(self.store, player, job_id):
            return "superseded"
        if job["status"] == "queued" and time.monotonic() > queued_until:
            return "queue_timeout"
        if job["status"] == "running" and _age(job["updated_at"]) > SILENT_SECONDS:
            await self._worker_lost(job_id, job)
        return None

    async def _worker_lost(self, job_id: str, job: dict[str, Any]) -> NoReturn:
        """Mark the running solver job ``job`` failed: its worker went silent.

        Raises:
            ApiError: 503 ``help_unavailable`` when no worker is left, else 503
                ``solver_failed`` (always).
        """
        await asyncio.to_thread(
            self.store.jobs.update_solver_job, job_id, status="failed", error="worker_lost"
        )
        log.error("solver job %s: its worker went silent", job_id)
        # a worker still running beat after the lost job's last write (and its
        # 2 s beat), the lost worker did not: none such, no help for now
        since = job["updated_at"] + timedelta(seconds=WORKER_BEAT_SECONDS + 0.5)
        if not await self.workers(since):
            raise ApiError(503, "help_unavailable", headers=RETRY_UNAVAILABLE, detail="no_worker")
        raise ApiError(503, "solver_failed", headers=RETRY_BUSY)

    async def _stop(self, job_id: str, reason: str) -> NoReturn:
        """Cancel the solver job ``job_id`` for ``reason`` and tell the caller.

        Raises:
            ApiError: 503 ``solver_busy`` after a queue timeout (when the queue is still
                available), else 409 ``solve_cancelled`` (always).
        """
        await self._cancel(job_id, reason)
        if reason == "queue_timeout":
            await self.check_available()
            raise ApiError(503, "solver_busy", headers=RETRY_BUSY, detail=reason)
        raise ApiError(409, "solve_cancelled", detail=reason)

    async def close(self) -> None:
        """Close the connection to the queue (the app is shutting down)."""
        if self._opened:
            await asyncio.to_thread(self.app.close)
            self._opened = False


def _age(moment: datetime) -> float:
    return (datetime.now(UTC) - moment).total_seconds()


def _ended(job_id: str, job: dict[str, Any]) -> None:
    """Raise when the solver job ``job`` ended without an answer.

    Raises:
        SolveFailed: it ran out of CPU time or memory.
        ApiError: 503 ``solver_failed`` when it failed otherwise; 409 ``solve_cancelled``
            when it was cancelled.
    """
    status = job["status"]
    if status == "failed":
        if job["error"] in ("cpu_limit", "memory"):
            raise SolveFailed(job["error"], job["detail"] or "")
        log.error("solver job %s failed: %s", job_id, job["detail"])
        raise ApiError(503, "solver_failed", headers=RETRY_BUSY)
    if status == "cancelled":
        raise ApiError(409, "solve_cancelled", detail=job["error"] or "cancelled")


# --- the worker side -------------------------------------------------------------------

_WORKER: dict[str, Any] = {}
"""The worker process's store and pool (set by :func:`run_worker`)."""


async def _run_job(job_id: str) -> None:
    """Procrastinate's task ``spider.solve``: run the solver job ``job_id`` in this
    worker's pool, writing its progress, heartbeat and answer to ``solver_jobs``."""
    store: Store = _WORKER["store"]
    pool: SolverPool = _WORKER["pool"]
    started = await asyncio.to_thread(
        store.jobs.update_solver_job, job_id, unfinished=True, status="running"
    )
    if not started:
        return  # cancelled while queued
    job = await asyncio.to_thread(store.jobs.solver_job, job_id)
    assert job is not None
    call = json.loads(job["args"])
    task = TASKS[job["task"]]
    work = functools.partial(task, **call["kwargs"]) if call["kwargs"] else task
    beat = [time.monotonic()]

    async def cancelled() -> bool:
        row = await asyncio.to_thread(store.jobs.solver_job, job_id)
        if row is None or row["cancel"] or row["status"] != "running":
            return True
        if time.monotonic() - beat[0] > 1.0:
            beat[0] = time.monotonic()
            await asyncio.to_thread(store.jobs.update_solver_job, job_id, unfinished=True)
        return False

    async def end(**values: Any) -> None:
        """Write the job's end (its status and answer or error), unless it ended already."""
        await asyncio.to_thread(store.jobs.update_solver_job, job_id, unfinished=True, **values)

    def progress(value: Any) -> None:
        store.jobs.update_solver_job(job_id, unfinished=True, progress=json.dumps(value))

    try:
        outcome = await pool.run(
            job_id,
            work,
            *call["args"],
            cpu_seconds=job["cpu_seconds"],
            disconnected=cancelled,
            progress=progress,
        )
    except SolveCancelled as stop:
        await end(status="cancelled", error=stop.reason)
    except SolveFailed as failed:
        await end(status="failed", error=failed.reason, detail=failed.detail)
    else:
        await end(status="done", result=encode_outcome(outcome))


def _beat(store: Store, worker_id: str, concurrency: int, stop: threading.Event) -> None:
    """Write the worker's heartbeat every :data:`WORKER_BEAT_SECONDS` until ``stop`` is set
    (a failed write is logged and tried again at the next beat)."""
    host, pid = socket.gethostname(), os.getpid()
    while True:
        try:
            store.jobs.beat_worker(worker_id, host, pid, concurrency)
        except Exception:
            log.warning("the worker's heartbeat was not written", exc_info=True)
        if stop.wait(WORKER_BEAT_SECONDS):
            return


def run_worker(url: str, *, concurrency: int, memory_mb: int | None) -> None:
    """Run a worker on the database ``url`` until interrupted: ``concurrency`` solver jobs
    at once, each in a process of its own with its CPU budget and ``memory_mb``. Its
    heartbeat row in ``solver_workers`` is written from a thread while it runs, and
    marked stopped when it stops (a killed worker's row just grows old)."""
    from ..db import Store

    store = Store(url)  # migrates the database when needed
    ensure_queue_schema(url)
    pool = SolverPool(concurrency, memory_mb=memory_mb, queue_seconds=3600)
    pool.warm_up()
    _WORKER.update(store=store, pool=pool)
    app = queue_app(url)
    worker_id = secrets.token_urlsafe(12)
    stop = threading.Event()
    beating = threading.Thread(
        target=_beat, args=(store, worker_id, concurrency, stop), name="worker-beat", daemon=True
    )
    beating.start()
    try:
        app.run_worker(queues=[QUEUE], concurrency=concurrency, delete_jobs="always")
    finally:
        stop.set()
        beating.join(10)
        try:
            store.jobs.drop_worker(worker_id)
        finally:
            store.close()
