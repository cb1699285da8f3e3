"""The solutions the solver found, kept by game and position for the help jobs that play
or answer from them (the solution's steps, can-win, the deal search)."""

from __future__ import annotations

import hashlib
import threading
from collections import OrderedDict

from ...position import Position
from ..db import Store


class KeptSolutions:
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
        moves = self.store.jobs.solution(game_id, self.key(position))
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
            self.store.jobs.keep_solution(
                game_id, self.key(position), moves, per_game=self.per_game
            )

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
