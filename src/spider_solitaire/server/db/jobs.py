"""What the server processes share about solver work, in SQL: :class:`Jobs` keeps the searches
for a winnable deal (``deal_searches``, with their heartbeat) and the help jobs players
poll (``help_jobs``), the one solver job each player
may have running (``player_jobs``), the solutions found for positions (``kept_solutions``),
the job queue's solver jobs (``solver_jobs``, see :mod:`spider_solitaire.server.jobs.queue`)
and its workers' heartbeats (``solver_workers``).

Times written here are the real time (:func:`~.engine.utc_now`), not the database's clock:
the job queue's heartbeat compares them with the time the worker sees."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime, timedelta
from typing import Any, Final, Literal

from sqlalchemy import Table, Update, delete, func, insert, select, update

from .engine import Area, aware, plain, utc_now
from .tables import (
    deal_searches,
    help_jobs,
    kept_solutions,
    player_jobs,
    solver_jobs,
    solver_workers,
)

Polled = Literal["search", "help_job"]
"""The two kinds of work a player starts and then polls, each in a table of its own with
the same life (status, ``seen_at``, heartbeat): searches for a winnable deal
(``deal_searches``) and help jobs (``help_jobs``)."""

POLLED: Final[dict[str, Table]] = {"search": deal_searches, "help_job": help_jobs}
"""The table of each kind of polled work."""

WORKER_ROWS_KEPT = timedelta(days=1)
"""A worker row whose beat is older than this is deleted (a worker that died long ago)."""

UNFINISHED = ("queued", "running")
"""The statuses of a solver job that has not ended."""

SHARE_LOCK = 0x5350_4A53
"""The PostgreSQL advisory lock (transaction-scoped) under which a solver job takes its
share (:meth:`Jobs.take_share`): two server processes never both take the last place."""

FORGET_SECONDS = 3600.0
"""A solver job whose row nobody has written for this long is deleted when another job
takes its share (its server process was killed before it could delete it)."""


class ShareFull(Exception):
    """A solver job was refused: ``who`` (``address`` or ``player``) already has ``most``
    jobs queued or running."""

    def __init__(self, who: str, most: int) -> None:
        super().__init__(f"{most} solver jobs per {who}")
        self.who = who
        self.most = most


class Jobs(Area):
    """Deal searches, the players' running solver jobs, kept solutions and solver jobs."""

    def _by_id(self, table: Table, row_id: str) -> dict[str, Any] | None:
        """Return the row ``row_id`` of ``table`` as a dict of its columns (times in UTC),
        or None."""
        row = self.database.first(select(table).where(table.c.id == row_id))
        return plain(row) if row is not None else None

    def _changed(self, statement: Update) -> bool:
        """Run the update ``statement`` in a write; return whether a row changed."""
        with self.database.writing() as connection:
            return bool(connection.execute(statement).rowcount)

    # --- work a player polls: searches for a winnable deal, help jobs ---------------

    def add_search(self, row: dict[str, Any], *, of: Polled = "search") -> None:
        """Save a new search for a winnable deal (a row of ``deal_searches``), or with
        ``of="help_job"`` a new help job (a row of ``help_jobs``)."""
        with self.database.writing() as connection:
            connection.execute(insert(POLLED[of]), row)

    def search(self, search_id: str, *, of: Polled = "search") -> dict[str, Any] | None:
        """Return the search (or with ``of="help_job"`` the help job) ``search_id`` as a
        dict of its columns (times in UTC), or None."""
        return self._by_id(POLLED[of], search_id)

    def update_search(
        self, search_id: str, *, running_only: bool = False, of: Polled = "search", **values: Any
    ) -> bool:
        """Change columns of the search (or help job) ``search_id``; with
        ``running_only``, only while its status is ``running`` (so an end is written once).
        Return whether a row changed."""
        table = POLLED[of]
        statement = update(table).where(table.c.id == search_id)
        if running_only:
            statement = statement.where(table.c.status == "running")
        return self._changed(statement.values(**values))

    def end_player_searches(self, player_id: str, **values: Any) -> bool:
        """Write ``values`` (an end: status, reason, ended_at) on every running search of
        ``player_id``; return whether one changed (the process running it sees the end and
        stops its solver)."""
        statement = update(deal_searches).where(
            deal_searches.c.player_id == player_id, deal_searches.c.status == "running"
        )
        return self._changed(statement.values(**values))

    def end_player_help_jobs(self, player_id: str, kind: str, **values: Any) -> bool:
        """Write ``values`` (an end: status, reason, ended_at) on every running help job
        of ``kind`` of ``player_id``; return whether one changed (the process running it
        sees the end and stops its solver)."""
        statement = update(help_jobs).where(
            help_jobs.c.player_id == player_id,
            help_jobs.c.kind == kind,
            help_jobs.c.status == "running",
        )
        return self._changed(statement.values(**values))

    def beat_searches(self, search_ids: Iterable[str], *, of: Polled = "search") -> int:
        """Write now as the heartbeat (``beat_at``) of the searches (or help jobs)
        ``search_ids`` that are still running; return how many were."""
        ids = list(search_ids)
        if not ids:
            return 0
        table = POLLED[of]
        with self.database.writing() as connection:
            return int(
                connection.execute(
                    update(table)
                    .where(table.c.id.in_(ids), table.c.status == "running")
                    .values(beat_at=utc_now())
                ).rowcount
            )

    def end_stale_search(
        self, search_id: str, before: datetime, *, of: Polled = "search", **values: Any
    ) -> bool:
        """End the search (or help job) ``search_id`` with ``values`` (its status,
        reason, end time) when it is still running and its heartbeat is older than
        ``before`` (UTC); return True when this call ended it. One conditional UPDATE: of
        several processes that find the same search stale at once, exactly one ends it."""
        table = POLLED[of]
        statement = (
            update(table)
            .where(table.c.id == search_id, table.c.status == "running", table.c.beat_at < before)
            .values(**values)
        )
        return self._changed(statement)

    # --- the job queue's workers --------------------------------------------------------

    def beat_worker(self, worker_id: str, host: str, pid: int, concurrency: int) -> None:
        """Write now as the heartbeat of the worker ``worker_id`` (its row is made on the
        first beat); delete the rows of workers silent for :data:`WORKER_ROWS_KEPT`."""
        now = utc_now()
        with self.database.writing() as connection:
            changed = connection.execute(
                update(solver_workers).where(solver_workers.c.id == worker_id).values(beat_at=now)
            ).rowcount
            if not changed:
                connection.execute(
                    insert(solver_workers),
                    {
                        "id": worker_id,
                        "host": host[:255],
                        "pid": pid,
                        "concurrency": concurrency,
                        "started_at": now,
                        "beat_at": now,
                    },
                )
                connection.execute(
                    delete(solver_workers).where(solver_workers.c.beat_at < now - WORKER_ROWS_KEPT)
                )

    def drop_worker(self, worker_id: str) -> None:
        """Mark the worker ``worker_id`` stopped: its row keeps the moment it stopped as
        its last beat, with ``concurrency`` 0 (it takes no more jobs), so that
        :meth:`workers_seen` counts it no more but says when a worker was last seen (a
        killed worker's older beat must not be shown as the newest; issue 31). Stopped
        rows go with the killed ones, after :data:`WORKER_ROWS_KEPT`."""
        with self.database.writing() as connection:
            connection.execute(
                update(solver_workers)
                .where(solver_workers.c.id == worker_id)
                .values(concurrency=0, beat_at=utc_now())
            )

    def workers_seen(self, since: datetime) -> tuple[int, datetime | None]:
        """Return how many running workers (not stopped: ``concurrency`` above 0) beat at
        ``since`` (UTC) or later, and the newest beat of any worker, a stopped one's
        being the moment it stopped (None when no worker row is left)."""
        live = func.count().filter(
            solver_workers.c.beat_at >= since, solver_workers.c.concurrency > 0
        )
        statement = select(live, func.max(solver_workers.c.beat_at))
        row = self.database.first(statement)
        if row is None:
            return 0, None
        count, last = list(row)
        return int(count or 0), aware(last)

    # --- the one running solver job of each player -----------------------------------

    def claim(self, player_id: str, job_id: str) -> None:
        """Make ``job_id`` the one solver job of ``player_id`` (any older one is
        superseded: its process sees that :meth:`job_of` no longer names it)."""
        now = utc_now()
        with self.database.writing() as connection:
            changed = connection.execute(
                update(player_jobs)
                .where(player_jobs.c.player_id == player_id)
                .values(job_id=job_id, started_at=now)
            ).rowcount
            if not changed:
                connection.execute(
                    insert(player_jobs),
                    {"player_id": player_id, "job_id": job_id, "started_at": now},
                )

    def job_of(self, player_id: str) -> str | None:
        """Return the id of the solver job ``player_id`` has running, or None."""
        statement = select(player_jobs.c.job_id).where(player_jobs.c.player_id == player_id)
        row = self.database.first(statement)
        return str(row[0]) if row is not None else None

    def release(self, player_id: str, job_id: str) -> None:
        """Forget ``job_id`` as the player's running job (when it still is)."""
        with self.database.writing() as connection:
            connection.execute(
                delete(player_jobs).where(
                    player_jobs.c.player_id == player_id, player_jobs.c.job_id == job_id
                )
            )

    # --- kept solutions ----------------------------------------------------------------

    def keep_solution(self, game_id: str, key: str, moves: str, *, per_game: int = 4) -> None:
        """Keep ``moves`` as the solution of position ``key`` of game ``game_id``, and at
        most ``per_game`` solutions of the game (the oldest go)."""
        now = utc_now()
        of_game = kept_solutions.c.game_id == game_id
        with self.database.writing() as connection:
            connection.execute(
                delete(kept_solutions).where(of_game, kept_solutions.c.position_key == key)
            )
            connection.execute(
                insert(kept_solutions),
                {"game_id": game_id, "position_key": key, "moves": moves, "created_at": now},
            )
            older = (
                select(kept_solutions.c.position_key)
                .where(of_game)
                .order_by(kept_solutions.c.created_at.desc())
                .offset(per_game)
            )
            stale = [row[0] for row in connection.execute(older)]
            if stale:
                connection.execute(
                    delete(kept_solutions).where(of_game, kept_solutions.c.position_key.in_(stale))
                )

    def solution(self, game_id: str, key: str) -> str | None:
        """Return the solution kept for position ``key`` of game ``game_id``, or None."""
        statement = select(kept_solutions.c.moves).where(
            kept_solutions.c.game_id == game_id, kept_solutions.c.position_key == key
        )
        row = self.database.first(statement)
        return str(row[0]) if row is not None else None

    # --- solver jobs: the shares, and the job queue's jobs ------------------------------

    def add_solver_job(self, row: dict[str, Any]) -> None:
        """Save a new solver job (a row of ``solver_jobs``; its times are set to now)."""
        now = utc_now()
        with self.database.writing() as connection:
            connection.execute(insert(solver_jobs), row | {"created_at": now, "updated_at": now})

    def take_share(
        self, row: dict[str, Any], *, per_address: int, per_player: int, fresh_seconds: float
    ) -> int:
        """Save the new solver job ``row`` (its times set to now) unless its client address
        or its player already has as many jobs queued or running as its share
        (``per_address``, ``per_player``; 0: no limit). A job counts while its row was
        written in the last ``fresh_seconds`` (its holder's heartbeat): the jobs of a
        killed process stop counting by themselves. One transaction, under
        :data:`SHARE_LOCK` on PostgreSQL (SQLite has one writer at a time).

        Returns:
            the job's turn: how many jobs of its address or its player (the more) were
            queued or running before it (0: none).

        Raises:
            ShareFull: over a share (nothing was saved).
        """
        now = utc_now()
        fresh = solver_jobs.c.updated_at >= now - timedelta(seconds=fresh_seconds)
        live = solver_jobs.c.status.in_(UNFINISHED)
        turn = 0
        with self.database.writing() as connection:
            if connection.dialect.name == "postgresql":
                connection.execute(select(func.pg_advisory_xact_lock(SHARE_LOCK)))
            connection.execute(
                delete(solver_jobs).where(
                    solver_jobs.c.updated_at < now - timedelta(seconds=FORGET_SECONDS)
                )
            )
            for who, column, key, most in (
                ("address", solver_jobs.c.address, row.get("address"), per_address),
                ("player", solver_jobs.c.player_id, row["player_id"], per_player),
            ):
                if key is None:
                    continue
                count = select(func.count()).where(column == key, live, fresh)
                ahead = int(connection.execute(count).scalar_one())
                if most > 0 and ahead >= most:
                    raise ShareFull(who, most)
                turn = max(turn, ahead)
            connection.execute(insert(solver_jobs), row | {"created_at": now, "updated_at": now})
        return turn

    def beat_solver_job(self, job_id: str, *, statuses: tuple[str, ...] = UNFINISHED) -> None:
        """Refresh the solver job ``job_id``'s ``updated_at`` (its heartbeat) while its
        status is one of ``statuses``."""
        statement = update(solver_jobs).where(
            solver_jobs.c.id == job_id, solver_jobs.c.status.in_(statuses)
        )
        self._changed(statement.values(updated_at=utc_now()))

    def drop_solver_job(self, job_id: str) -> None:
        """Delete the solver job ``job_id`` (its answer was read, or nobody waits for it:
        a worker still running it sees it gone and stops)."""
        with self.database.writing() as connection:
            connection.execute(delete(solver_jobs).where(solver_jobs.c.id == job_id))

    def cancel_orphaned_jobs(
        self, player_id: str, tasks: Iterable[str], before: datetime, reason: str
    ) -> int:
        """Cancel the solver jobs of ``player_id`` still queued or running one of ``tasks``
        (task names) that were made before ``before`` (UTC): the jobs of work whose server
        process went away (issue 31). Each is marked ``cancelled`` for ``reason`` with its
        ``cancel`` flag set: a worker running it stops it within its next look, a queued
        one is never started, and none counts in the shares any more. Return how many."""
        statement = (
            update(solver_jobs)
            .where(
                solver_jobs.c.player_id == player_id,
                solver_jobs.c.status.in_(UNFINISHED),
                solver_jobs.c.task.in_(list(tasks)),
                solver_jobs.c.created_at < before,
            )
            .values(cancel=True, status="cancelled", error=reason, updated_at=utc_now())
        )
        with self.database.writing() as connection:
            return int(connection.execute(statement).rowcount or 0)

    def solver_job(self, job_id: str) -> dict[str, Any] | None:
        """Return the solver job ``job_id`` as a dict of its columns (times in UTC), or
        None."""
        return self._by_id(solver_jobs, job_id)

    def update_solver_job(self, job_id: str, *, unfinished: bool = False, **values: Any) -> bool:
        """Change columns of the solver job ``job_id`` (``updated_at`` is set to now); with
        ``unfinished``, only while it is queued or running. Return whether it changed."""
        statement = update(solver_jobs).where(solver_jobs.c.id == job_id)
        if unfinished:
            statement = statement.where(solver_jobs.c.status.in_(UNFINISHED))
        return self._changed(statement.values(updated_at=utc_now(), **values))
