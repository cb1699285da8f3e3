"""Searches for a winnable deal ("winnable deals only"): random deals are solved in a worker
until one is won, while the browser polls; the won deal becomes the player's new game.

A search outlives the request that started it: it runs on an event loop of its own, in a
thread, so it works whatever server runs the app. It is kept in this process (the hosting
issue moves searches into the database).
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import logging
import secrets
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

from ..errors import ApiError, reason_message
from ..games import GameService, LoadedGame
from ..jobs.pool import CPU_MARGIN, SolveFailed
from ..jobs.runner import JobLimits, SolverRunner
from ..jobs.tasks import winnable_job
from ..schemas import ConfirmWord, DealSearch, NewGameFromCode, RuleName, SuitCount
from ..settings import Settings
from ..texts import searching
from .base import SolverHelp
from .solution import SolutionCache

log = logging.getLogger(__name__)

SearchStatus = Literal["running", "done", "failed", "cancelled"]

ENDED_KEPT_SECONDS = 600
"""How long an ended search can still be asked about (a decision of ours)."""


@dataclass(eq=False)
class Search:
    """A running or ended search for a winnable deal (changed by its task as it goes).

    Attributes:
        id: the id the player polls.
        player: whose search it is.
        suits, rule: the deals it tries.
        max_tries: at most this many deals.
        started: when it started (``time.monotonic()``).
        seen: when the player last asked about it.
        status: ``running``, ``done``, ``failed`` or ``cancelled``.
        tried: deals solved so far.
        ended: when it ended, or None.
        game: the won deal's new game, once done.
        reason: why it failed or was cancelled.
        task: the running search.
        confirm: what the player confirmed for the new game (``abandon``).
    """

    id: str
    player: str
    suits: SuitCount
    rule: RuleName
    max_tries: int
    started: float
    seen: float
    status: SearchStatus = "running"
    tried: int = 0
    ended: float | None = None
    game: LoadedGame | None = None
    reason: str | None = None
    task: concurrent.futures.Future[None] | None = None
    confirm: tuple[ConfirmWord, ...] = ()

    def end(self, status: SearchStatus, reason: str | None = None) -> None:
        """Mark the search ended with ``status`` (and ``reason``), unless it already is."""
        if self.ended is None:
            self.status, self.reason = status, reason
            self.ended = time.monotonic()


class DealSearches(SolverHelp):
    """The deal searches of this process, for the routes (made as :class:`.SolverHelp`)."""

    def __init__(
        self, games: GameService, runner: SolverRunner, settings: Settings, kept: SolutionCache
    ) -> None:
        super().__init__(games, runner, settings, kept)
        self._searches: dict[str, Search] = {}
        self._lock = threading.Lock()
        self._loop: asyncio.AbstractEventLoop | None = None

    def start(
        self, player: str, suits: SuitCount, rule: RuleName, confirm: Sequence[ConfirmWord] = ()
    ) -> Search:
        """Start searching for a deal of ``suits`` and ``rule`` (1 suit: always Classic)
        that the solver wins; the player's earlier search or solve is cancelled. Return
        it. ``confirm``: what the player confirmed for the new game (see
        :meth:`.GameService.create`)."""
        now = time.monotonic()
        search = Search(
            secrets.token_urlsafe(12),
            player,
            suits,
            "classic" if suits == 1 else rule,
            self.settings.winnable_max_tries,
            now,
            now,
        )
        with self._lock:
            for key, old in list(self._searches.items()):
                if old.ended is not None and now - old.ended > ENDED_KEPT_SECONDS:
                    del self._searches[key]
            self._searches[search.id] = search
        search.confirm = tuple(confirm)
        search.task = asyncio.run_coroutine_threadsafe(self._run(search), self._searching())
        return search

    def _searching(self) -> asyncio.AbstractEventLoop:
        """The event loop the searches run on (started on first use)."""
        with self._lock:
            if self._loop is None:
                loop = asyncio.new_event_loop()
                threading.Thread(target=loop.run_forever, name="deal-searches", daemon=True).start()
                self._loop = loop
            return self._loop

    def find(self, player: str | None, search_id: str) -> Search:
        """Return the player's search ``search_id`` (asking about it keeps it alive).

        Raises:
            ApiError: 404 ``not_found`` for an unknown id or another player's search.
        """
        with self._lock:
            search = self._searches.get(search_id)
        if search is None or search.player != player:
            raise ApiError(404, "not_found")
        search.seen = time.monotonic()
        return search

    def stop(self, player: str | None, search_id: str) -> Search:
        """Cancel the player's search ``search_id`` (nothing happens once it has ended);
        return it.

        Raises:
            ApiError: 404 ``not_found``.
        """
        search = self.find(player, search_id)
        if search.status == "running" and search.task is not None:
            search.task.cancel()
            search.end("cancelled", "solve_cancelled")
        return search

    def view(self, search: Search, language: str) -> DealSearch:
        """Return what the player sees of ``search``, its sentence and the new game's
        state in ``language``."""
        end = search.ended if search.ended is not None else time.monotonic()
        message = None
        if search.reason:
            message = reason_message(search.reason, language)
        elif search.status == "running":
            message = searching(search.tried, search.max_tries, language)
        game = search.game
        return DealSearch(
            id=search.id,
            status=search.status,
            suits=search.suits,
            rule=search.rule,
            tried=search.tried,
            max_tries=search.max_tries,
            seconds=round(end - search.started, 2),
            state=self.games.state(game, language) if game is not None else None,
            reason=search.reason,
            message=message,
        )

    async def _run(self, search: Search) -> None:
        settings = self.settings
        idle = settings.deal_search_idle_seconds

        async def gone() -> bool:
            return time.monotonic() - search.seen > idle

        def progress(value: Any) -> None:
            search.tried = int(value.get("tried", search.tried))

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
            search.tried = outcome.tried
            if outcome.code is None:
                search.end("failed", "no_winnable_deal")
                return
            games = self.games
            request = NewGameFromCode(code=outcome.code, confirm=list(search.confirm))
            loaded = await games.blocking(games.create, search.player, request)
            self.kept.put(loaded.record.id, loaded.game.position, outcome.solution)
            search.game = loaded
            search.end("done")
        except asyncio.CancelledError:
            search.end("cancelled", "solve_cancelled")
            raise
        except ApiError as error:
            cancelled = error.reason == "solve_cancelled"
            search.end("cancelled" if cancelled else "failed", error.reason)
        except SolveFailed:
            search.end("failed", "no_winnable_deal")
        except Exception:
            log.exception("search for a winnable deal failed")
            search.end("failed", "solver_failed")

    async def close(self) -> None:
        """Stop every search (the app is shutting down; the runner is closed apart)."""
        with self._lock:
            tasks = [s.task for s in self._searches.values() if s.task is not None]
            loop, self._loop = self._loop, None
        for task in tasks:
            task.cancel()
        if loop is not None:
            for task in tasks:
                with contextlib.suppress(BaseException):
                    await asyncio.wrap_future(task)
            loop.call_soon_threadsafe(loop.stop)
