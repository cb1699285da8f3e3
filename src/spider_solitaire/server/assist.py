"""The solver's help for players: hints, "Can I still win?", the solution played one move
at a time, undoing back to a winnable point, and winnable deals.

Everything the solver needs that the player must not see (face-down cards, the stock
order) stays in the server: solves run in the :class:`~.solving.SolverPool`'s workers
with full position notation, and only answers come back to the routes: yes/no, the
index of a position in the game's own history, one move at a time of a solution (played
here, so that the player sees cards only as they turn up), a game code once its deal has
been won.

A game in which a hint, the solver or the solution was used is marked ``assisted``.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import logging
import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, replace
from typing import Any, ParamSpec, TypeVar, cast

from starlette.concurrency import run_in_threadpool

from ..game import Game
from ..position import Position
from ..solver import hint as solver_hint
from .errors import ApiError, reason_message
from .games import GameService, LoadedGame, snapshot
from .schemas import (
    DealSearch,
    HintView,
    LastWinnable,
    MoveAction,
    NewGameFromCode,
    RuleName,
    SuitCount,
)
from .settings import Settings
from .solver_jobs import (
    LOST,
    UNKNOWN,
    WON,
    HistoryOutcome,
    WinnableOutcome,
    history_job,
    solve_job,
    winnable_job,
)
from .solving import CPU_MARGIN, SolveCancelled, SolveFailed, SolverPool
from .store import StaleVersionError

log = logging.getLogger(__name__)

P = ParamSpec("P")
T = TypeVar("T")

Disconnected = Callable[[], Awaitable[bool]]
"""A request's ``is_disconnected``."""


class SolutionCache:
    """Solutions the solver found, by game id and exact position (a few per game, for the
    most recently used games). Keyed by position rather than version: the solution found
    for the last winnable point of a history is still good after undoing back to it.

    Args:
        games: how many games to keep solutions for.
        per_game: how many positions per game.
    """

    def __init__(self, games: int = 256, per_game: int = 4) -> None:
        self.games = games
        self.per_game = per_game
        self._entries: OrderedDict[str, OrderedDict[Position, tuple[str, ...]]] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, game_id: str, position: Position) -> tuple[str, ...] | None:
        """Return the solution kept for ``position`` of game ``game_id``, or None."""
        with self._lock:
            entry = self._entries.get(game_id)
            return entry.get(position) if entry is not None else None

    def put(self, game_id: str, position: Position, solution: tuple[str, ...]) -> None:
        """Keep ``solution`` (move notation) for ``position`` of game ``game_id``."""
        if not solution:
            return
        with self._lock:
            entry = self._entries.setdefault(game_id, OrderedDict())
            entry[position] = solution
            entry.move_to_end(position)
            while len(entry) > self.per_game:
                entry.popitem(last=False)
            self._entries.move_to_end(game_id)
            while len(self._entries) > self.games:
                self._entries.popitem(last=False)


def line_of_play(game: Game) -> list[Position]:
    """Return the positions undo can go back to, oldest first, then the current one:
    ``result[i]`` is the position before ``game.history[i]``."""
    work = game.copy()
    positions = [work.position]
    while work.can_undo:
        work.undo()
        positions.append(work.position)
    positions.reverse()
    return positions


def last_winnable(
    game: Game, positions: list[Position], outcome: HistoryOutcome
) -> LastWinnable | None:
    """Describe where the game could still be won, from :func:`.solver_jobs.history_job`'s
    answer for ``positions`` (see :func:`line_of_play`); None unless the answer was lost."""
    if outcome.current.status != LOST:
        return None
    index = outcome.last_winnable
    if index is not None:
        after = index + 1
        exact = outcome.exact
        return LastWinnable(
            kind="undo",
            steps=len(positions) - 1 - index,
            moves=positions[index].moves,
            action=str(game.history[index]) if exact else None,
            lost_move=positions[after].moves if exact else None,
            exact=exact,
        )
    status = outcome.first_status if len(positions) > 1 else LOST
    if status == LOST and outcome.start_status is not None:
        status = outcome.start_status
        if status == WON:
            return LastWinnable(kind="restart")
    if status == LOST:
        return LastWinnable(kind="never", exact=True)
    return LastWinnable(kind="unknown")


@dataclass(eq=False)
class _Search:
    """A running or finished search for a winnable deal."""

    id: str
    player: str
    suits: SuitCount
    rule: RuleName
    max_tries: int
    started: float
    seen: float
    status: str = "running"
    tried: int = 0
    ended: float | None = None
    state: Any = None
    reason: str | None = None
    task: concurrent.futures.Future[None] | None = None


class AssistService:
    """The solver's help behind the routes (see the module docstring).

    Args:
        games: the game service (loading, playing and saving games).
        pool: the solver pool.
        settings: time limits and the like.
    """

    def __init__(self, games: GameService, pool: SolverPool, settings: Settings) -> None:
        self.games = games
        self.pool = pool
        self.settings = settings
        self.solutions = SolutionCache()
        self._searches: dict[str, _Search] = {}
        self._lock = threading.Lock()
        self._loop: asyncio.AbstractEventLoop | None = None

    # --- helpers ----------------------------------------------------------------------

    async def blocking(self, function: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
        """Run database and engine work as the routes do: inline for SQLite, else in the
        thread pool."""
        if self.games.inline:
            return function(*args, **kwargs)
        return await run_in_threadpool(function, *args, **kwargs)

    def at_version(self, player: str | None, game_id: str, version: int) -> LoadedGame:
        """Return the player's game, checking that it is at ``version``.

        Raises:
            ApiError: 404 ``not_found``; 409 ``stale_version`` with the current state.
        """
        loaded = self.games.get(player, game_id)
        if loaded.record.version != version:
            raise ApiError(409, "stale_version", state=self.games.state(loaded))
        return loaded

    def mark_assisted(self, loaded: LoadedGame) -> LoadedGame:
        """Mark ``loaded``'s game as assisted (saved, and in the cache); return it so."""
        if loaded.record.assisted:
            return loaded
        self.games.store.mark_assisted(loaded.record.id)
        marked = LoadedGame(replace(loaded.record, assisted=True), loaded.game)
        self.games.cache.put(marked)
        latest = self.games.cache.peek(loaded.record.id)  # a newer version played meanwhile
        if latest is not None and not latest.record.assisted:
            self.games.cache.put(LoadedGame(replace(latest.record, assisted=True), latest.game))
        return marked

    async def _solve(self, player: str, job: Callable[..., Any], *args: Any, **options: Any) -> Any:
        """Run a solver job for ``player``; map cancellation and a crash to API errors.

        Raises:
            ApiError: 409 ``solve_cancelled`` (superseded by the same player, or the client
                left), 503 ``solver_busy`` (no free solver in time, or shutting down),
                503 ``solver_failed`` (the worker crashed).
            SolveFailed: ``cpu_limit`` or ``memory``: the caller answers as unknown.
        """
        try:
            return await self.pool.run(player, job, *args, **options)
        except SolveCancelled as cancelled:
            if cancelled.reason in ("queue_timeout", "closed"):
                raise ApiError(503, "solver_busy", detail=cancelled.reason) from None
            raise ApiError(409, "solve_cancelled", detail=cancelled.reason) from None
        except SolveFailed as failed:
            if failed.reason == "crashed":
                log.error("solver worker crashed: %s", failed.detail)
                raise ApiError(503, "solver_failed") from None
            raise

    # --- hint -------------------------------------------------------------------------

    async def hint(
        self, player: str | None, game_id: str, version: int, language: str
    ) -> tuple[LoadedGame, HintView]:
        """Return the solver's hint for the game at ``version`` (from what the player sees)
        with its reasons in ``language``, and the game, now marked assisted.

        The hint is a short look-ahead in this process (measured: 5-20 ms typical, 60 ms
        at worst), run in a thread so that the event loop keeps answering meanwhile; it
        needs no worker process (it sees only the player's view).

        Raises:
            ApiError: 404, 409 ``stale_version``, 422 ``game_won``.
        """
        loaded = await self.blocking(self.at_version, player, game_id, version)
        if loaded.game.is_won:
            raise ApiError(422, "game_won")
        view = await run_in_threadpool(hint_view, loaded.game, language)
        return await self.blocking(self.mark_assisted, loaded), view

    # --- can I still win? -------------------------------------------------------------

    async def can_win(
        self,
        player: str | None,
        game_id: str,
        version: int,
        disconnected: Disconnected | None = None,
    ) -> tuple[LoadedGame, str, float, LastWinnable | None]:
        """Solve the current position; when it is lost, search the game's history for its
        last winnable point. Returns the game (marked assisted), ``yes``/``no``/``unknown``,
        the seconds the solver took and where the game could still be won (when no).

        Raises:
            ApiError: 404, 409 ``stale_version`` or ``solve_cancelled``, 422 ``game_won``
                (nothing to check, and the game is not marked assisted), 503.
        """
        loaded = await self.blocking(self.at_version, player, game_id, version)
        assert player is not None  # at_version found the player's game
        game = loaded.game
        if game.is_won:
            raise ApiError(422, "game_won")
        if self.solutions.get(game_id, game.position) is not None:
            return await self.blocking(self.mark_assisted, loaded), "yes", 0.0, None
        positions = line_of_play(game)
        start = game.start.to_text() if game.start != positions[0] else None
        settings = self.settings
        started = time.monotonic()
        try:
            outcome: HistoryOutcome = await self._solve(
                player,
                history_job,
                [position.to_text() for position in positions],
                start,
                settings.solve_time_limit,
                settings.history_probe_limit,
                settings.solve_node_limit,
                settings.history_budget,
                cpu_seconds=settings.solve_time_limit + settings.history_budget + CPU_MARGIN,
                disconnected=disconnected,
            )
        except SolveFailed:
            seconds = time.monotonic() - started
            return await self.blocking(self.mark_assisted, loaded), "unknown", seconds, None
        status = outcome.current.status
        if status == WON:
            self.solutions.put(game_id, game.position, outcome.current.solution)
        if outcome.last_winnable is not None:
            self.solutions.put(game_id, positions[outcome.last_winnable], outcome.solution)
        answer = {WON: "yes", LOST: "no"}.get(status, "unknown")
        where = last_winnable(game, positions, outcome)
        marked = await self.blocking(self.mark_assisted, loaded)
        return marked, answer, outcome.current.seconds, where

    # --- the solution, one move at a time ---------------------------------------------

    async def solution_step(
        self,
        player: str | None,
        game_id: str,
        version: int,
        disconnected: Disconnected | None = None,
    ) -> tuple[LoadedGame, list[Any], str, int]:
        """Play the next move of the solver's solution for the game at ``version`` (solving
        first unless a solution for this position is kept); return the game, the events,
        the move and how many moves of the solution are left.

        Raises:
            ApiError: 404, 409 (stale, cancelled), 422 ``game_won``, ``not_winnable`` or
                ``no_solution_found``, 503.
        """
        loaded = await self.blocking(self.at_version, player, game_id, version)
        assert player is not None
        game = loaded.game
        if game.is_won:
            raise ApiError(422, "game_won")
        solution = self.solutions.get(game_id, game.position)
        if solution is None:
            settings = self.settings
            try:
                outcome = await self._solve(
                    player,
                    solve_job,
                    game.position.to_text(),
                    settings.solve_time_limit,
                    settings.solve_node_limit,
                    cpu_seconds=settings.solve_time_limit + CPU_MARGIN,
                    disconnected=disconnected,
                )
                status = outcome.status
            except SolveFailed:
                status = UNKNOWN
            await self.blocking(self.mark_assisted, loaded)
            if status != WON:
                reason = "not_winnable" if status == LOST else "no_solution_found"
                raise ApiError(422, reason)
            solution = outcome.solution
            self.solutions.put(game_id, game.position, solution)
        move = solution[0]

        def play() -> tuple[LoadedGame, list[Any]]:
            played, events = self.games.act(
                player, game_id, MoveAction(version=version, action=move)
            )
            return self.mark_assisted(played), events

        played, events = await self.blocking(play)
        self.solutions.put(game_id, played.game.position, solution[1:])
        return played, events, move, len(solution) - 1

    # --- undo several steps -----------------------------------------------------------

    def rewind(self, player: str | None, game_id: str, version: int, steps: int) -> LoadedGame:
        """Undo ``steps`` actions of the game at ``version`` at once (each recorded as an
        ``undo``, in one transaction); return the game at its new version.

        Raises:
            ApiError: 404, 409 ``stale_version``, 422 ``nothing_to_undo`` (fewer actions
                than ``steps`` can be undone; nothing changes).
        """
        loaded = self.at_version(player, game_id, version)
        if steps > len(loaded.game.history):
            raise ApiError(422, "nothing_to_undo", action="undo")
        work = loaded.game.copy()
        for _ in range(steps):
            work.undo()
        try:
            record = self.games.store.record_actions(
                loaded.record, ["undo"] * steps, snapshot(work)
            )
        except StaleVersionError:
            current = self.games.get(player, game_id)
            raise ApiError(409, "stale_version", state=self.games.state(current)) from None
        rewound = LoadedGame(record, work)
        self.games.cache.put(rewound)
        return rewound

    # --- winnable deals ---------------------------------------------------------------

    def start_search(self, player: str, suits: SuitCount, rule: RuleName) -> _Search:
        """Start searching for a deal of ``suits`` and ``rule`` that the solver wins (the
        player's earlier search or solve is cancelled); return it."""
        now = time.monotonic()
        search = _Search(
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
                if old.ended is not None and now - old.ended > 600:
                    del self._searches[key]
            self._searches[search.id] = search
        search.task = asyncio.run_coroutine_threadsafe(self._search(search), self._searching())
        return search

    def _searching(self) -> asyncio.AbstractEventLoop:
        """The event loop the searches run on: the service's own, in a thread, so that a
        search outlives the request that started it whatever server runs the app."""
        with self._lock:
            if self._loop is None:
                loop = asyncio.new_event_loop()
                threading.Thread(target=loop.run_forever, name="deal-searches", daemon=True).start()
                self._loop = loop
            return self._loop

    def find_search(self, player: str | None, search_id: str) -> _Search:
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

    def stop_search(self, player: str | None, search_id: str) -> _Search:
        """Cancel the player's search ``search_id`` (nothing happens once it has ended);
        return it.

        Raises:
            ApiError: 404 ``not_found``.
        """
        search = self.find_search(player, search_id)
        if search.status == "running" and search.task is not None:
            search.task.cancel()
            search.status, search.reason = "cancelled", "solve_cancelled"
            search.ended = time.monotonic()
        return search

    def search_view(self, search: _Search, language: str) -> DealSearch:
        """Return what the player sees of ``search``, messages in ``language``."""
        end = search.ended if search.ended is not None else time.monotonic()
        return DealSearch(
            id=search.id,
            status=cast(Any, search.status),
            suits=search.suits,
            rule=search.rule,
            tried=search.tried,
            max_tries=search.max_tries,
            seconds=round(end - search.started, 2),
            state=search.state,
            reason=search.reason,
            message=reason_message(search.reason, language) if search.reason else None,
        )

    async def _search(self, search: _Search) -> None:
        settings = self.settings
        idle = settings.deal_search_idle_seconds

        async def gone() -> bool:
            return time.monotonic() - search.seen > idle

        def progress(value: Any) -> None:
            search.tried = int(value.get("tried", search.tried))

        try:
            outcome: WinnableOutcome = await self._solve(
                search.player,
                winnable_job,
                search.suits,
                search.rule,
                search.max_tries,
                settings.winnable_time_limit,
                settings.solve_node_limit,
                settings.winnable_budget,
                cpu_seconds=settings.winnable_budget + CPU_MARGIN,
                disconnected=gone,
                progress=progress,
            )
            search.tried = outcome.tried
            if outcome.code is None:
                search.status, search.reason = "failed", "no_winnable_deal"
            else:
                code = outcome.code
                loaded = await self.blocking(
                    self.games.create, search.player, NewGameFromCode(code=code)
                )
                self.solutions.put(loaded.record.id, loaded.game.position, outcome.solution)
                search.state = self.games.state(loaded)
                search.status = "done"
        except asyncio.CancelledError:
            search.status, search.reason = "cancelled", "solve_cancelled"
            raise
        except ApiError as error:
            search.status = "cancelled" if error.reason == "solve_cancelled" else "failed"
            search.reason = error.reason
        except SolveFailed:
            search.status, search.reason = "failed", "no_winnable_deal"
        except Exception:
            log.exception("search for a winnable deal failed")
            search.status, search.reason = "failed", "solver_failed"
        finally:
            if search.ended is None:
                search.ended = time.monotonic()

    async def close(self) -> None:
        """Stop every search and every solver job (the app is shutting down)."""
        with self._lock:
            tasks = [s.task for s in self._searches.values() if s.task is not None]
            loop, self._loop = self._loop, None
        await self.pool.close()
        for task in tasks:
            task.cancel()
        if loop is not None:
            for task in tasks:
                with contextlib.suppress(BaseException):
                    await asyncio.wrap_future(task)
            loop.call_soon_threadsafe(loop.stop)


def hint_view(game: Game, language: str) -> HintView:
    """Return the solver's hint for ``game`` as the player sees it, reasons in
    ``language``."""
    result = solver_hint(game)
    move = result.move
    reasons = list(result.reasons)
    messages = result.explain(language)
    if move is None:
        return HintView(
            kind="stuck",
            action=None,
            column=None,
            count=None,
            target=None,
            reasons=reasons,
            messages=messages,
        )
    if move.is_deal:
        return HintView(
            kind="deal",
            action="d",
            column=None,
            count=None,
            target=None,
            reasons=reasons,
            messages=messages,
        )
    return HintView(
        kind="move",
        action=str(move),
        column=move.source,
        count=move.count,
        target=move.target,
        reasons=reasons,
        messages=messages,
    )
