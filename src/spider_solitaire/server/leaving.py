"""Leaving a game for another, the game service's part that decides what the game left
costs (:class:`~.games.GameService` asks it when a game is started or opened, and before a
search for a winnable deal): the current game, when it has actions and no outcome and is
not practice, counts as lost, written in the transaction that saves the other game, once
the player has confirmed it (409 ``confirm_needed``: docs/record.md, the counting rules).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from .db import Decided, GameRecord, StaleVersionError, Store
from .errors import ApiError, Localized
from .game_cache import GameCache, LoadedGame
from .texts import confirm_text

LEAVE_TRIES = 3
"""How many times starting or opening a game reads the game it leaves again, when that
game was played on (in another tab) between the read and the write."""

Leaving = tuple[GameRecord, Decided]
"""A game the player leaves unfinished, with the loss it counts as."""


class Leaver:
    """Leave a player's current game for another (see the module docstring).

    Args:
        store: the games' store.
        cache: the game service's rebuilt games (the game left is dropped from it).
        load: the service's loader of a record's game (to tell a won game).
    """

    def __init__(
        self, store: Store, cache: GameCache, load: Callable[[GameRecord], LoadedGame]
    ) -> None:
        self.store = store
        self.cache = cache
        self._load = load

    def leave_for(
        self,
        player_id: str,
        confirm: Sequence[str],
        write: Callable[[Leaving | None], GameRecord],
        *,
        keep: str | None = None,
        also: Sequence[str] = (),
    ) -> GameRecord:
        """Leave the player's current game for another: ``write`` saves the other (a new
        game, or ``keep``, the game opened) with the loss of the game left (None when
        leaving it loses nothing), in one transaction; return what it saved.

        The game left is read again and the write tried again, up to :data:`LEAVE_TRIES`
        times, when it was played on (in another tab) between the read and the write.

        Raises:
            ApiError: 409 ``confirm_needed`` when ``confirm`` lacks ``abandon`` (the game
                left would count as lost) or a word of ``also``; 409
                ``stale_version_left`` when the game left kept changing. Nothing is
                saved then.
        """
        for attempt in range(LEAVE_TRIES):
            leaving = self.leaving(player_id, keep=keep)
            needed = ["abandon"] if leaving is not None else []
            confirmed([*needed, *also], confirm)
            try:
                record = write(leaving)
                break
            except StaleVersionError:  # the game left was played on meanwhile: again
                if attempt == LEAVE_TRIES - 1:
                    raise ApiError(409, "stale_version_left") from None
        if leaving is not None:
            self.cache.drop(leaving[0].id)
        return record

    def leaving(self, player_id: str, keep: str | None = None) -> Leaving | None:
        """Return the player's current game and its loss when leaving it now would count
        as lost (it has actions, no outcome, is not practice and is not won), else None;
        ``keep``: the game being opened (leaving nothing)."""
        record = self.store.games.current(player_id)
        if (
            record is None
            or record.id == keep
            or record.version == 0
            or record.decided
            or record.practice
        ):
            return None
        game = self._load(record).game
        if game.is_won:  # won before results were kept (an older release): not a loss
            return None
        return record, Decided("lost", game.position.score, game.position.move_count)

    def check(self, player_id: str, confirm: Sequence[str]) -> None:
        """Check that the player may leave the current game for another without writing
        anything: 409 ``confirm_needed`` when it would count as a loss and ``confirm``
        lacks ``abandon``."""
        leaving = self.leaving(player_id)
        confirmed(["abandon"] if leaving is not None else [], confirm)


def confirmed(needed: Sequence[str], confirm: Sequence[str]) -> None:
    """Raise 409 ``confirm_needed`` listing ``needed`` when ``confirm`` lacks one."""
    if set(needed) - set(confirm):
        raise ApiError(
            409,
            "confirm_needed",
            message=Localized(confirm_text, list(needed)),
            confirm=list(needed),
        )
