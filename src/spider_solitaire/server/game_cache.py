"""The cache of rebuilt games: a stored game and its :class:`~spider_solitaire.game.Game`
at the same version, kept by id (least recently used first out), so that a process does not
replay a game's actions for every request.

A cache may be dropped at any time without changing an answer (a decision of the house):
an entry is used only at the version the database holds, and :class:`.GameService` (its
only user) checks that version on every read and write.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass, field

from ..game import Game
from .db import GameRecord
from .schemas.state import GameState


@dataclass(slots=True)
class LoadedGame:
    """A stored game and its rebuilt :class:`Game` at the same version, with the player's
    view in each language once built (``states``, by language). Cached as is: never
    changed in place except to fill in a view."""

    record: GameRecord
    game: Game
    states: dict[str, GameState] = field(default_factory=dict)


class GameCache:
    """A small LRU cache of rebuilt games keyed by game id, each valid for one version.

    Cached games are never changed in place: an action plays on a copy, and the copy
    is stored under the new version once it is committed. Safe to share between threads.

    Args:
        size: how many games to keep; 0 keeps none.
    """

    def __init__(self, size: int) -> None:
        self.size = size
        self._entries: OrderedDict[str, LoadedGame] = OrderedDict()
        self._lock = threading.Lock()
        self.hits = 0
        self.misses = 0

    def peek(self, game_id: str) -> LoadedGame | None:
        """Return the latest entry kept for ``game_id``, whatever its version, or None."""
        with self._lock:
            return self._entries.get(game_id)

    def get(self, game_id: str, version: int) -> LoadedGame | None:
        """Return the entry of ``game_id`` if it is at ``version``, else None."""
        with self._lock:
            entry = self._entries.get(game_id)
            if entry is None or entry.record.version != version:
                self.misses += 1
                return None
            self._entries.move_to_end(game_id)
            self.hits += 1
            return entry

    def put(self, entry: LoadedGame) -> None:
        """Keep ``entry`` unless a newer version of its game is already kept."""
        if not self.size:
            return
        game_id = entry.record.id
        with self._lock:
            current = self._entries.get(game_id)
            if current is not None and current.record.version > entry.record.version:
                return
            self._entries[game_id] = entry
            self._entries.move_to_end(game_id)
            while len(self._entries) > self.size:
                self._entries.popitem(last=False)

    def drop(self, game_id: str) -> None:
        """Forget ``game_id`` (its row changed without a new version: an outcome or a
        share link), so that it is read again."""
        with self._lock:
            self._entries.pop(game_id, None)

    def clear(self) -> None:
        """Forget every game (as a restarted server would)."""
        with self._lock:
            self._entries.clear()
