"""Winnable deals ("winnable deals only"): a deal from the shipped stock of deals already
proved winnable, at once; or, once the player has played every deal of that stock, a
search: random deals are solved in a worker until one is won, while the browser polls; the
deal becomes the player's new game.

The stock (:mod:`spider_solitaire.winnable`, ``data/winnable.csv``) holds deals the solver
won when it was made. A player is given one of the level's deals (suits and rule) they have
never started a game of, picked at random among those (a decision of ours: players do not
all get the same first deal). What a player has played is read from the database (every
game they started, of any kind), so that every server process agrees. Such an answer is
kept as a search that is ``done`` at once, having tried no deal (``tried`` 0,
``stock`` true in :class:`~..schemas.help.DealSearch`), so that the browser treats it as
any search's end. Two requests of one player at the same moment may be given the same
deal; the second game replaces the first as any new game does.

A search outlives the request that started it: it runs on an event loop of its own, in a
thread, so it works whatever server runs the app. It is kept in the database
(``deal_searches``: its progress and its end), so that every server process on the
database reports on it and can stop it.

A search also dies with the process that runs it (``kill -9``, a crash, a machine gone).
That process writes the search's heartbeat (``beat_at``) every second while the search
runs; a process that answers a poll of a running search whose heartbeat is older than
``deal_search_stale_seconds`` ends it, ``failed`` with ``search_interrupted`` (one
conditional UPDATE, so two pollers end it once). A process that shuts down ends its
searches the same way before it stops its solvers. Such a search is ended rather than
taken over: the deals it tried are random and lost, so only their count would carry
over, the player's confirmation and budget would have to move with it, and the browser
starts a new search in one click.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import logging
import secrets
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime, timedelta
from typing import Any, Literal

from ... import winnable
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
        beat: when the process running it last wrote its heartbeat (UTC).
        confirm: what the player confirmed for the new game (``abandon``); known only to
            the process that runs the search.
        address: the client's address it was asked from (its share of the solvers);
            known only to the process that runs the search.
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
    beat: datetime
    confirm: tuple[ConfirmWord, ...] = ()
    address: str | None = None

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
            _utc(row["beat_at"] if row["beat_at"] is not None else row["started_at"]),
        )


def _utc(moment: datetime) -> datetime:
    """``moment`` as an aware UTC datetime (SQLite gives back naive ones)."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def _now() -> datetime:
    return datetime.now(UTC)


INTERRUPTED = "search_interrupted"
"""The reason of a search whose process went away (killed, or shut down) before its end."""


def beat_every(stale_seconds: float) -> float:
    """Seconds between two heartbeats of a running search: 1, or a third of
    ``stale_seconds`` when that is shorter (so that three beats are missed before a
    poller ends the search)."""
    return min(1.0, stale_seconds / 3)


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
        self.stock: Callable[[int, str], Sequence[str]] = winnable.stock
        """The level's stock of proved deals, by suits and rule (tests put a small one)."""
        self._tasks: dict[str, concurrent.futures.Future[None]] = {}
        self._lock = threading.Lock()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._closing = False

    async def start(
        self,
        player: str,
        suits: SuitCount,
        rule: RuleName,
        confirm: Sequence[ConfirmWord] = (),
        address: str | None = None,
    ) -> Search:
        """Give the player a winnable deal of ``suits`` and ``rule`` (1 suit: always
        Classic): one of the stock they have not played, as a search already ``done``
        (its new game is the player's current one); or, when they have played every deal
        of the stock (or ``winnable_stock`` is off), start searching for a deal the solver
        wins, the player's earlier search or solve cancelled. Return the search.
        ``confirm``: what the player confirmed for the new game (see
        :meth:`.GameService.create`); ``address``: the client's (its share of the
        solvers).

        Raises:
            ApiError: 409 ``confirm_needed`` from :meth:`.GameService.create` (the
                game in progress would be left); 503 ``help_unavailable`` (no
                solver worker runs now, in the job-queue layout) or ``solver_busy`` (this
                process is shutting down), with ``Retry-After`` (a search).
        """
        rule = "classic" if suits == 1 else rule
        if self.settings.winnable_stock:
            given = await self.blocking(self.from_stock, player, suits, rule, confirm)
            if given is not None:
                return given
        await self.runner.check_available()
        if self._closing:
            raise ApiError(503, "solver_busy", headers={"Retry-After": "5"}, detail="closed")
        now = _now()
        row = {
            "id": SEARCH.make(),
            "player_id": player,
            "suits": suits,
            "rule": rule,
            "max_tries": self.settings.winnable_max_tries,
            "status": "running",
            "tried": 0,
            "reason": None,
            "game_id": None,
            "started_at": now,
            "seen_at": now,
            "ended_at": None,
            "beat_at": now,
        }
        self.store.jobs.add_search(row)
        search = replace(Search.of(row), confirm=tuple(confirm), address=address)
        task = asyncio.run_coroutine_threadsafe(self._run(search), self._searching())
        with self._lock:
            self._tasks = {key: t for key, t in self._tasks.items() if not t.done()}
            self._tasks[search.id] = task
        return search

    def unplayed(self, player: str, suits: int, rule: str) -> list[str]:
        """Return the deals of the stock of ``suits`` and ``rule`` that ``player`` has never
        started a game of, in the stock's order."""
        deals = self.stock(suits, rule)
        if not deals:
            return []
        played = self.store.games.played_codes(player, f"SP1-S{suits}{rule[0].upper()}-")
        return [code for code in deals if code not in played]

    def from_stock(
        self, player: str, suits: SuitCount, rule: RuleName, confirm: Sequence[ConfirmWord] = ()
    ) -> Search | None:
        """Start the player's new game on a deal of the stock they have not played (picked at
        random among them) and return it as a search already ``done``; None when they have
        played them all. A search of the player still running (another level's) is
        cancelled, as a new search cancels it, so that its deal does not replace this one.

        Raises:
            ApiError: as :meth:`.GameService.create` (409 ``confirm_needed``...).
        """
        fresh = self.unplayed(player, suits, rule)
        if not fresh:
            return None
        code = secrets.choice(fresh)
        loaded = self.games.create(player, NewGameFromCode(code=code, confirm=list(confirm)))
        now = _now()
        self.store.jobs.end_player_searches(
            player, status="cancelled", reason="solve_cancelled", ended_at=now
        )
        row = {
            "id": SEARCH.make(),
            "player_id": player,
            "suits": suits,
            "rule": rule,
            "max_tries": self.settings.winnable_max_tries,
            "status": "done",
            "tried": 0,
            "reason": None,
            "game_id": loaded.record.id,
            "started_at": now,
            "seen_at": now,
            "ended_at": now,
            "beat_at": now,
        }
        self.store.jobs.add_search(row)
        return Search.of(row)

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
        """Return the player's search ``search_id``. Asking about a running search keeps
        it alive, unless its process has stopped beating (for more than
        ``deal_search_stale_seconds``): then it is ended here, ``failed`` with
        ``search_interrupted``, and returned so.

        Raises:
            ApiError: 404 ``not_found`` for an unknown id or another player's search.
        """
        search = self._read(player, search_id)
        if search.status != "running":
            return search
        now = _now()
        stale = now - timedelta(seconds=self.settings.deal_search_stale_seconds)
        if search.beat < stale:
            ended = self.store.jobs.end_stale_search(
                search_id, stale, status="failed", reason=INTERRUPTED, ended_at=now
            )
            if ended:
                log.warning("search %s: its process stopped beating; ended", search_id)
            return self._read(player, search_id)
        self.store.jobs.update_search(search_id, running_only=True, seen_at=now)
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
            stock=search.status == "done" and search.tried == 0,
            seconds=round(max(0.0, (end - search.started).total_seconds()), 2),
            state=state,
            reason=search.reason,
            message=message,
        )

    async def _run(self, search: Search) -> None:
        settings = self.settings
        store = self.store
        loop = asyncio.get_running_loop()
        idle = settings.deal_search_idle_seconds
        every = beat_every(settings.deal_search_stale_seconds)
        beaten = [-every]
        tried = 0

        def abandoned() -> bool:
            moment = loop.time()
            if moment - beaten[0] >= every:  # the heartbeat: this process runs the search
                beaten[0] = moment
                store.jobs.beat_searches([search.id])
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

        limits = JobLimits(
            settings.winnable_budget + CPU_MARGIN, gone, progress, address=search.address
        )
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
            if self._closing:
                self._end(search.id, "failed", INTERRUPTED)
            else:
                self._end(search.id, "cancelled", "solve_cancelled")
            raise
        except ApiError as error:
            if self._closing:
                self._end(search.id, "failed", INTERRUPTED)
                return
            cancelled = error.reason == "solve_cancelled"
            self._end(search.id, "cancelled" if cancelled else "failed", error.reason)
        except SolveFailed:
            self._end(search.id, "failed", "no_winnable_deal")
        except Exception:
            log.exception("search for a winnable deal failed")
            self._end(search.id, "failed", "solver_failed")

    async def close(self) -> None:
        """Stop every search of this process and end it, ``failed`` with
        ``search_interrupted`` (the app is shutting down: a rolling restart leaves no
        search running without a process; the runner is closed after this). New searches
        are refused (503 ``solver_busy``) while it runs."""
        self._closing = True
        with self._lock:
            self._tasks.clear()
            loop, self._loop = self._loop, None
        if loop is None:
            self._closing = False
            return
        # cancel the searches on their own loop and wait there until each has written its
        # end and killed its solver (cancelling the futures returned to this loop would
        # not wait for that)
        try:
            stopping = asyncio.run_coroutine_threadsafe(_cancel_all(), loop)
            with contextlib.suppress(BaseException):
                await asyncio.wait_for(asyncio.wrap_future(stopping), CLOSE_SECONDS)
            loop.call_soon_threadsafe(loop.stop)
        finally:
            self._closing = False  # an app whose lifespan starts again searches again


CLOSE_SECONDS = 10.0
"""How long a shutting-down process waits for its searches to end."""


async def _cancel_all() -> None:
    """Cancel every other task of the running loop (the searches) and wait for them."""
    current = asyncio.current_task()
    tasks = [task for task in asyncio.all_tasks() if task is not current]
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
