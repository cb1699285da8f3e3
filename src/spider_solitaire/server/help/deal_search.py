"""Searches for a winnable deal ("winnable deals only"): random deals are solved in a worker
until one is won, while the browser polls; the won deal becomes the player's new game.

A search outlives the request that started it: it runs on an event loop of its own, in a
thread, so it works whatever server runs the app. It is kept in the database
(``deal_searches``: its progress and its end), so that every server process on the
database reports on it and can stop it.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import logging
import threading
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from typing import Any, Literal

from ..db import Store
from ..errors import ApiError, reason_message
from ..games import GameService
from ..ids import SEARCH
from ..jobs.pool import CPU_MARGIN, SolveFailed
from ..jobs.runner import JobLimits, Runner
from ..jobs.tasks import winnable_job
from ..schemas.common import ConfirmWord, RuleName, SuitCount
from ..schemas.games import NewGameFromCode
from ..schemas.help import DealSearch
from ..settings import Settings
from ..texts import searching
from ..threads import Blocking
from .base import SolverHelp
from .kept import KeptSolutions

log = logging.getLogger(__name__)

SearchStatus = Literal["running", "done", "failed", "cancelled"]


@dataclass(frozen=True, slots=True)
class Search:
    """A search for a winnable deal as the database has it (any server process may have
    started it; the one that did runs it and writes its progress and its end).

    Attributes:
        id: the id the player polls.
        player: whose search it is.
        suits, rule: the deals it tries.
        max_tries: at most this many deals.
        status: ``running``, ``done``, ``failed`` or ``cancelled``.
        tried: deals solved so far.
        reason: why it failed or was cancelled.
        game_id: the won deal's new game, once done.
        started, seen, ended: when it started, when the player last asked about it, when
            it ended (None while running); UTC.
        confirm: what the player confirmed for the new game (``abandon``); known only to
            the process that runs the search.
    """

    id: str
    player: str
    suits: SuitCount
    rule: RuleName
    max_tries: int
    status: SearchStatus
    tried: int
    reason: str | None
    game_id: str | None
    started: datetime
    seen: datetime
    ended: datetime | None
    confirm: tuple[ConfirmWord, ...] = ()

    @classmethod
    def of(cls, row: dict[str, Any]) -> Search:
        """The search of a row of ``deal_searches``."""
        return cls(
            row["id"],
            row["player_id"],
            row["suits"],
            row["rule"],
            row["max_tries"],
            row["status"],
            row["tried"],
            row["reason"],
            row["game_id"],
            _utc(row["started_at"]),
            _utc(row["seen_at"]),
            _utc(row["ended_at"]) if row["ended_at"] is not None else None,
        )


def _utc(moment: datetime) -> datetime:
    """``moment`` as an aware UTC datetime (SQLite gives back naive ones)."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def _now() -> datetime:
    return datetime.now(UTC)


class DealSearches(SolverHelp):
    """The deal searches, for the routes (made as :class:`.SolverHelp`): kept in the
    database, so that any server process reports on a search and stops it; each runs in
    the process that started it, on an event loop of its own."""

    def __init__(
        self,
        games: GameService,
        store: Store,
        blocking: Blocking,
        runner: Runner,
        settings: Settings,
        kept: KeptSolutions,
    ) -> None:
        super().__init__(games, blocking, runner, settings, kept)
        self.store = store
        self._tasks: dict[str, concurrent.futures.Future[None]] = {}
        self._lock = threading.Lock()
        self._loop: asyncio.AbstractEventLoop | None = None

    def start(
        self, player: str, suits: SuitCount, rule: RuleName, confirm: Sequence[ConfirmWord] = ()
    ) -> Search:
        """Start searching for a deal of ``suits`` and ``rule`` (1 suit: always Classic)
        that the solver wins; the player's earlier search or solve is cancelled. Return
        it. ``confirm``: what the player confirmed for the new game (see
        :meth:`.GameService.create`)."""
        now = _now()
        row = {
            "id": SEARCH.make(),
            "player_id": player,
            "suits": suits,
            "rule": "classic" if suits == 1 else rule,
            "max_tries": self.settings.winnable_max_tries,
            "status": "running",
            "tried": 0,
            "reason": None,
            "game_id": None,
            "started_at": now,
            "seen_at": now,
            "ended_at": None,
        }
        self.store.jobs.add_search(row)
        search = replace(Search.of(row), confirm=tuple(confirm))
        task = asyncio.run_coroutine_threadsafe(self._run(search), self._searching())
        with self._lock:
            self._tasks = {key: t for key, t in self._tasks.items() if not t.done()}
            self._tasks[search.id] = task
        return search

    def _searching(self) -> asyncio.AbstractEventLoop:
        """The event loop the searches run on (started on first use)."""
        with self._lock:
            if self._loop is None:
                loop = asyncio.new_event_loop()
                threading.Thread(target=loop.run_forever, name="deal-searches", daemon=True).start()
                self._loop = loop
            return self._loop

    def _read(self, player: str | None, search_id: str) -> Search:
        row = self.store.jobs.search(search_id) if player is not None else None
        if row is None or row["player_id"] != player:
            raise ApiError(404, "not_found")
        return Search.of(row)

    def find(self, player: str | None, search_id: str) -> Search:
        """Return the player's search ``search_id`` (asking about it keeps it alive).

        Raises:
            ApiError: 404 ``not_found`` for an unknown id or another player's search.
        """
        search = self._read(player, search_id)
        if search.status == "running":
            self.store.jobs.update_search(search_id, running_only=True, seen_at=_now())
        return search

    def stop(self, player: str | None, search_id: str) -> Search:
        """Cancel the player's search ``search_id`` (nothing happens once it has ended);
        return it. The process running it sees the end in the database and kills its
        solver process (this one at once).

        Raises:
            ApiError: 404 ``not_found``.
        """
        self._read(player, search_id)
        self._end(search_id, "cancelled", "solve_cancelled")
        with self._lock:
            task = self._tasks.get(search_id)
        if task is not None:
            task.cancel()
        return self._read(player, search_id)

    def _end(self, search_id: str, status: SearchStatus, reason: str | None, **values: Any) -> None:
        """Write the search's end unless it has already ended."""
        self.store.jobs.update_search(
            search_id, running_only=True, status=status, reason=reason, ended_at=_now(), **values
        )

    def view(self, search: Search, language: str) -> DealSearch:
        """Return what the player sees of ``search``, its sentence and the new game's
        state in ``language``."""
        end = search.ended if search.ended is not None else _now()
        message = None
        if search.reason:
            message = reason_message(search.reason, language)
        elif search.status == "running":
            message = searching(search.tried, search.max_tries, language)
        state = None
        if search.game_id is not None:
            state = self.games.state(self.games.get(search.player, search.game_id), language)
        return DealSearch(
            id=search.id,
            status=search.status,
            suits=search.suits,
            rule=search.rule,
            tried=search.tried,
            max_tries=search.max_tries,
            seconds=round(max(0.0, (end - search.started).total_seconds()), 2),
            state=state,
            reason=search.reason,
            message=message,
        )

    async def _run(self, search: Search) -> None:
        settings = self.settings
        store = self.store
        idle = settings.deal_search_idle_seconds
        tried = 0

        def abandoned() -> bool:
            row = store.jobs.search(search.id)
            if row is None or row["status"] != "running":
                return True  # stopped, from any process
            return (_now() - _utc(row["seen_at"])).total_seconds() > idle

        async def gone() -> bool:
            return await asyncio.to_thread(abandoned)

        def progress(value: Any) -> None:
            nonlocal tried
            tried = int(value.get("tried", tried))
            store.jobs.update_search(search.id, running_only=True, tried=tried)

        limits = JobLimits(settings.winnable_budget + CPU_MARGIN, gone, progress)
        try:
            outcome = await self.runner.run(
                search.player,
                limits,
                winnable_job,
                search.suits,
                search.rule,
                search.max_tries,
                settings.winnable_time_limit,
                settings.solve_node_limit,
                settings.winnable_budget,
            )
            if outcome.code is None:
                self._end(search.id, "failed", "no_winnable_deal", tried=outcome.tried)
                return
            games = self.games
            request = NewGameFromCode(code=outcome.code, confirm=list(search.confirm))
            loaded = await self.blocking(games.create, search.player, request)
            self.kept.put(loaded.record.id, loaded.game.position, outcome.solution)
            self._end(search.id, "done", None, tried=outcome.tried, game_id=loaded.record.id)
        except asyncio.CancelledError:
            self._end(search.id, "cancelled", "solve_cancelled")
            raise
        except ApiError as error:
            cancelled = error.reason == "solve_cancelled"
            self._end(search.id, "cancelled" if cancelled else "failed", error.reason)
        except SolveFailed:
            self._end(search.id, "failed", "no_winnable_deal")
        except Exception:
            log.exception("search for a winnable deal failed")
            self._end(search.id, "failed", "solver_failed")

    async def close(self) -> None:
        """Stop every search of this process (the app is shutting down; the runner is
        closed apart)."""
        with self._lock:
            tasks = list(self._tasks.values())
            loop, self._loop = self._loop, None
        for task in tasks:
            task.cancel()
        if loop is not None:
            for task in tasks:
                with contextlib.suppress(BaseException):
                    await asyncio.wrap_future(task)
            loop.call_soon_threadsafe(loop.stop)
