"""Solver work a player starts and then polls, from any server process: what searches for a
winnable deal (:mod:`.deal_search`) and help jobs (:mod:`.help_jobs`: "Can I still
win?", the solve behind "Show solution") share.

Such work outlives the request that started it: it runs on an event loop of its own, in a
thread, so it works whatever server runs the app, and it is kept in the database (its
progress and its end), so that every server process on the database reports on it and can
stop it. No request waits for the solver: a reverse proxy's timeout never cuts one.

It also dies with the process that runs it (``kill -9``, a crash, a machine gone). That
process writes its heartbeat (``beat_at``) every second while it runs; a process that
answers a poll of running work whose heartbeat is older than ``deal_search_stale_seconds``
ends it, ``failed`` with ``search_interrupted`` (one conditional UPDATE, so two pollers end
it once). A process that shuts down ends its work the same way before it stops its solvers.
Work nobody has asked about for ``deal_search_idle_seconds`` is cancelled, ``not_polled``
(the player left).
Such work is ended rather than taken over by another process: the browser starts it again in
one click (a decision of ours).
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import logging
import threading
from collections.abc import Coroutine
from datetime import UTC, datetime, timedelta
from typing import Any, ClassVar, Literal

from ..db.jobs import Polled
from ..errors import ApiError
from ..jobs.runner import Disconnected
from ..jobs.tasks import TASKS, hint_job
from .base import HelpContext, SolverHelp

log = logging.getLogger(__name__)

Status = Literal["running", "done", "failed", "cancelled"]
"""The statuses of polled work."""

INTERRUPTED = "search_interrupted"
"""The reason of work whose process went away (killed, or shut down) before its end."""

NOT_POLLED = "not_polled"
"""The reason of work nobody asked about for ``deal_search_idle_seconds`` (the page that
waited for it was closed)."""

ORPHAN_TASKS = tuple(name for name in TASKS if name != hint_job.__name__)
"""The solver tasks that polled work runs (every one but the hint's, which runs in a lane
of its own for a request that waits): those cancelled when the work is found orphaned."""

CLOSE_SECONDS = 10.0
"""How long a shutting-down process waits for its work to end."""


def utc(moment: datetime) -> datetime:
    """``moment`` as an aware UTC datetime (SQLite gives back naive ones)."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def now() -> datetime:
    """The current time, aware, in UTC."""
    return datetime.now(UTC)


def beat_every(stale_seconds: float) -> float:
    """Seconds between two heartbeats of running work: 1, or a third of ``stale_seconds``
    when that is shorter (so that three beats are missed before a poller ends it)."""
    return min(1.0, stale_seconds / 3)


class PolledWork(SolverHelp):
    """Work of one kind (:data:`ROWS`: its table) that players start and poll, kept in the
    database and run in the process that started it, on an event loop of its own (see the
    module docstring). Subclasses start it (:meth:`_launch`) and say what a row means.

    Args:
        context: what the help jobs share (:class:`.HelpContext`; ``store`` holds the rows).
    """

    ROWS: ClassVar[Polled]
    """Which table the rows live in."""

    def __init__(self, context: HelpContext) -> None:
        super().__init__(context)
        self._tasks: dict[str, concurrent.futures.Future[None]] = {}
        self._lock = threading.Lock()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._closing = False

    async def _check_open(self) -> None:
        """Raise unless new work can start here.

        Raises:
            ApiError: 503 ``help_unavailable`` (no solver worker runs now, in the job-queue
                layout) or ``solver_busy`` (this process is shutting down), with
                ``Retry-After``.
        """
        await self.runner.check_available()
        if self._closing:
            raise ApiError(503, "solver_busy", headers={"Retry-After": "5"}, detail="closed")

    def _launch(self, row_id: str, work: Coroutine[Any, Any, None]) -> None:
        """Run ``work`` (the row ``row_id``'s) on the work's own event loop."""
        task = asyncio.run_coroutine_threadsafe(work, self._running_loop())
        with self._lock:
            self._tasks = {key: t for key, t in self._tasks.items() if not t.done()}
            self._tasks[row_id] = task

    def _running_loop(self) -> asyncio.AbstractEventLoop:
        """The event loop the work runs on (started on first use)."""
        with self._lock:
            if self._loop is None:
                loop = asyncio.new_event_loop()
                name = f"polled-{self.ROWS}"
                threading.Thread(target=loop.run_forever, name=name, daemon=True).start()
                self._loop = loop
            return self._loop

    def _row(self, player: str | None, row_id: str) -> dict[str, Any]:
        """Return the row ``row_id`` of ``player``.

        Raises:
            ApiError: 404 ``not_found`` for an unknown id or another player's row.
        """
        row = self.store.jobs.search(row_id, of=self.ROWS) if player is not None else None
        if row is None or row["player_id"] != player:
            raise ApiError(404, "not_found")
        return row

    def _find(self, player: str | None, row_id: str) -> dict[str, Any]:
        """Return the player's row ``row_id``. Asking about running work keeps it alive,
        unless its process has stopped beating (for more than
        ``deal_search_stale_seconds``): then it is ended here, ``failed`` with
        ``search_interrupted``, and returned so.

        Raises:
            ApiError: 404 ``not_found``.
        """
        row = self._row(player, row_id)
        if row["status"] != "running":
            return row
        moment = now()
        stale = moment - timedelta(seconds=self.settings.deal_search_stale_seconds)
        jobs = self.store.jobs
        last_beat = utc(row["beat_at"] if row["beat_at"] is not None else row["started_at"])
        if last_beat < stale:
            ended = jobs.end_stale_search(
                row_id, stale, of=self.ROWS, status="failed", reason=INTERRUPTED, ended_at=moment
            )
            if ended:
                log.warning("%s %s: its process stopped beating; ended", self.ROWS, row_id)
                self._cancel_orphaned(row["player_id"], last_beat)
            return self._row(player, row_id)
        jobs.update_search(row_id, running_only=True, of=self.ROWS, seen_at=moment)
        return row

    def _cancel_orphaned(self, player: str, last_beat: datetime) -> None:
        """Cancel the solver jobs of work found orphaned (its process stopped beating at
        ``last_beat``): the player's jobs of :data:`ORPHAN_TASKS`, queued or running, made
        before the process died (at most one beat after its last), so that no worker
        solves on for nobody while other players wait (issue 31); in the embedded pool the
        dead process's solver processes ended with it, and its rows stop counting in the
        shares at once. The player's hints, and work they started since, are left."""
        died_by = last_beat + timedelta(seconds=beat_every(self.settings.deal_search_stale_seconds))
        cancelled = self.store.jobs.cancel_orphaned_jobs(player, ORPHAN_TASKS, died_by, INTERRUPTED)
        if cancelled:
            log.warning("cancelled %d solver job(s) of orphaned %s work", cancelled, self.ROWS)

    def _stop(self, player: str | None, row_id: str) -> dict[str, Any]:
        """Cancel the player's work ``row_id`` (nothing happens once it has ended); return
        its row. The process running it sees the end in the database and kills its solver
        process (this one at once).

        Raises:
            ApiError: 404 ``not_found``.
        """
        self._row(player, row_id)
        self._end(row_id, "cancelled", "stopped")
        with self._lock:
            task = self._tasks.get(row_id)
        if task is not None:
            task.cancel()
        return self._row(player, row_id)

    def _end(self, row_id: str, status: Status, reason: str | None, **values: Any) -> None:
        """Write the work's end unless it has already ended."""
        self.store.jobs.update_search(
            row_id,
            running_only=True,
            of=self.ROWS,
            status=status,
            reason=reason,
            ended_at=now(),
            **values,
        )

    def _watch(self, row_id: str) -> Disconnected:
        """Return the check the solver job of ``row_id`` polls (on the work's loop): it
        writes the heartbeat (this process runs the work), and answers True once the work
        was stopped (from any process) or nobody asked about it for
        ``deal_search_idle_seconds`` (then it is ended ``cancelled``, :data:`NOT_POLLED`)."""
        store, settings, rows, end = self.store, self.settings, self.ROWS, self._end
        idle = settings.deal_search_idle_seconds
        every = beat_every(settings.deal_search_stale_seconds)
        loop = asyncio.get_running_loop()
        beaten = [-every]

        def abandoned() -> bool:
            moment = loop.time()
            if moment - beaten[0] >= every:
                beaten[0] = moment
                store.jobs.beat_searches([row_id], of=rows)
            row = store.jobs.search(row_id, of=rows)
            if row is None or row["status"] != "running":
                return True
            if (now() - utc(row["seen_at"])).total_seconds() > idle:
                end(row_id, "cancelled", NOT_POLLED)  # before the solver's own end
                return True
            return False

        async def gone() -> bool:
            return await asyncio.to_thread(abandoned)

        return gone

    async def _guarded(self, row_id: str, work: Coroutine[Any, Any, None]) -> None:
        """Run ``work`` (the row's solver job and what follows) and write how it ended when
        it did not write its end itself: cancelled (stopped, or the player started other
        solver work), ``search_interrupted`` (this process shuts down), or the error's
        reason."""
        try:
            await work
        except asyncio.CancelledError:
            if self._closing:
                self._end(row_id, "failed", INTERRUPTED)
            else:
                self._end(row_id, "cancelled", "solve_cancelled")
            raise
        except ApiError as error:
            if self._closing:
                self._end(row_id, "failed", INTERRUPTED)
                return
            cancelled = error.reason == "solve_cancelled"
            self._end(row_id, "cancelled" if cancelled else "failed", error.reason)
        except Exception:
            log.exception("%s %s failed", self.ROWS, row_id)
            self._end(row_id, "failed", "solver_failed")

    async def close(self) -> None:
        """Stop all the work of this process and end it, ``failed`` with
        ``search_interrupted`` (the app is shutting down: a rolling restart leaves no work
        running without a process; the runner is closed after this). New work is refused
        (503 ``solver_busy``) while it runs."""
        self._closing = True
        with self._lock:
            self._tasks.clear()
            loop, self._loop = self._loop, None
        if loop is None:
            self._closing = False
            return
        # cancel the work on its own loop and wait there until each has written its end and
        # killed its solver (cancelling the futures returned to this loop would not wait)
        try:
            stopping = asyncio.run_coroutine_threadsafe(_cancel_all(), loop)
            with contextlib.suppress(BaseException):
                await asyncio.wait_for(asyncio.wrap_future(stopping), CLOSE_SECONDS)
            loop.call_soon_threadsafe(loop.stop)
        finally:
            self._closing = False  # an app whose lifespan starts again works again


async def _cancel_all() -> None:
    """Cancel every other task of the running loop (the work) and wait for them."""
    current = asyncio.current_task()
    tasks = [task for task in asyncio.all_tasks() if task is not current]
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
