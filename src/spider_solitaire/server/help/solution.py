"""The solver's solution, played one move at a time, and the solutions kept for it."""

from __future__ import annotations

import hashlib
import threading
from collections import OrderedDict

from ...position import Position
from ..errors import ApiError
from ..jobs.pool import CPU_MARGIN, SolveFailed
from ..jobs.runner import JobLimits
from ..jobs.tasks import LOST, UNKNOWN, WON, solve_job
from ..schemas.actions import MoveAction
from ..schemas.events import event_views
from ..schemas.help import SolutionStep
from ..store import Store
from ..texts import SENTENCE_SEPARATOR, describe_events, solution_message
from .base import Asker, SolverHelp


class SolutionCache:
    """Solutions the solver found, by game id and exact position, kept in the database (so
    every server process finds them: ``kept_solutions``, a few per game) with this
    process's most recently used ones in memory in front (a solution found for a position
    stays good for ever). Keyed by position rather than version: the solution found for
    the last winnable point of a history is still good after undoing back to it. Safe to
    share between threads.

    Args:
        store: the database (None: in memory only, for a tool that has none).
        games: how many games to keep solutions for in memory.
        per_game: how many positions per game (in memory and in the database).
    """

    def __init__(self, store: Store | None = None, games: int = 256, per_game: int = 4) -> None:
        self.store = store
        self.games = games
        self.per_game = per_game
        self._entries: OrderedDict[str, OrderedDict[Position, tuple[str, ...]]] = OrderedDict()
        self._lock = threading.Lock()

    @staticmethod
    def key(position: Position) -> str:
        """The database's key for ``position``: a hash of its full notation (the cards and
        the counts; the ids take no part, as in :class:`Position`'s equality)."""
        return hashlib.sha256(position.to_text().encode()).hexdigest()

    def get(self, game_id: str, position: Position) -> tuple[str, ...] | None:
        """Return the solution kept for ``position`` of game ``game_id``, or None."""
        with self._lock:
            entry = self._entries.get(game_id)
            found = entry.get(position) if entry is not None else None
        if found is not None or self.store is None:
            return found
        moves = self.store.solution(game_id, self.key(position))
        if not moves:
            return None
        solution = tuple(moves.split())
        self._remember(game_id, position, solution)
        return solution

    def put(self, game_id: str, position: Position, solution: tuple[str, ...]) -> None:
        """Keep ``solution`` (move notation) for ``position`` of game ``game_id``; an empty
        one is not kept."""
        if not solution:
            return
        self._remember(game_id, position, solution)
        if self.store is not None:
            moves = " ".join(solution)
            self.store.keep_solution(game_id, self.key(position), moves, per_game=self.per_game)

    def _remember(self, game_id: str, position: Position, solution: tuple[str, ...]) -> None:
        with self._lock:
            entry = self._entries.setdefault(game_id, OrderedDict())
            entry[position] = solution
            entry.move_to_end(position)
            while len(entry) > self.per_game:
                entry.popitem(last=False)
            self._entries.move_to_end(game_id)
            while len(self._entries) > self.games:
                self._entries.popitem(last=False)


class Solutions(SolverHelp):
    """The solution one move at a time, for the routes (made as :class:`.SolverHelp`)."""

    async def next_step(self, asker: Asker, game_id: str, version: int) -> SolutionStep:
        """Play the next move of the solver's solution for ``asker``'s game at
        ``version`` (solving first unless a solution for this position is kept); return
        the new state, the events, the move and how many moves of the solution are left,
        with the sentences in the asker's language. The game is marked assisted (in the
        same transaction as the move).

        Raises:
            ApiError: 404, 409 (stale, cancelled), 422 ``game_won``, ``not_winnable`` or
                ``no_solution_found`` (then the game is marked assisted all the same), 503.
        """
        games, player, language = self.games, asker.player, asker.language
        loaded = await self._unwon(player, game_id, version)
        assert player is not None  # the player's game was found
        game = loaded.game
        solution = self.kept.get(game_id, game.position)
        if solution is None:
            settings = self.settings
            limits = JobLimits(settings.solve_time_limit + CPU_MARGIN, asker.disconnected)
            try:
                outcome = await self.runner.run(
                    player,
                    limits,
                    solve_job,
                    game.position.to_text(),
                    settings.solve_time_limit,
                    settings.solve_node_limit,
                )
                status, solution = outcome.status, outcome.solution
            except SolveFailed:
                status = UNKNOWN
            if status != WON or not solution:
                await games.blocking(games.mark_assisted, loaded)
                raise ApiError(422, "not_winnable" if status == LOST else "no_solution_found")
            self.kept.put(game_id, game.position, solution)
        move = solution[0]
        request = MoveAction(version=version, action=move)
        played, events = await games.blocking(games.act, player, game_id, request, assisted=True)
        self.kept.put(game_id, played.game.position, solution[1:])
        remaining = len(solution) - 1
        message = solution_message(remaining, language)
        described = describe_events(events, language)
        return SolutionStep(
            state=games.state(played, language),
            events=event_views(events),
            action=move,
            remaining=remaining,
            announcement=SENTENCE_SEPARATOR.join(part for part in (described, message) if part),
            message=message,
        )
