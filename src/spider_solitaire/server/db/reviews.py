"""Finished games' reviews in SQL (``reviews``, issue 30): made once per game by the
review help job (:mod:`spider_solitaire.server.help.review`), read by every server
process."""

from __future__ import annotations

from sqlalchemy import delete, insert, select
from sqlalchemy.exc import IntegrityError

from .engine import Area, plain, utc_now
from .tables import hints_shown, reviews


class Reviews(Area):
    """The reviews kept with their games (one row per game)."""

    def keep(self, game_id: str, version: int, result: str) -> bool:
        """Keep ``result`` (the review as JSON) for game ``game_id`` at ``version`` in place
        of a review of an older version (a game left, then opened and played on); True
        when written, False when a review of that version or a newer one was already
        kept (by another process: the first one stays, one statement of it)."""
        row = {"game_id": game_id, "version": version, "result": result, "created_at": utc_now()}
        older = delete(reviews).where(reviews.c.game_id == game_id, reviews.c.version < version)
        try:
            with self.database.writing() as connection:
                connection.execute(older)
                connection.execute(insert(reviews), row)
        except IntegrityError:
            return False
        return True

    def get(self, game_id: str) -> tuple[int, str] | None:
        """Return the ``(version, result)`` kept for game ``game_id``, or None."""
        statement = select(reviews.c.version, reviews.c.result).where(reviews.c.game_id == game_id)
        row = self.database.first(statement)
        if row is None:
            return None
        values = plain(row)
        return int(values["version"]), str(values["result"])

    def note_hint(self, game_id: str, version: int, move: str) -> None:
        """Note that the player of game ``game_id`` was shown the hint ``move`` (move
        notation) at ``version``; shown again, it is noted once."""
        row = {"game_id": game_id, "version": version, "move": move, "shown_at": utc_now()}
        try:
            with self.database.writing() as connection:
                connection.execute(insert(hints_shown), row)
        except IntegrityError:
            pass  # noted already (H pressed again, or another process)

    def hints(self, game_id: str) -> list[tuple[int, str]]:
        """Return the hints shown in game ``game_id`` as ``(version, move)`` pairs, by
        version then move."""
        statement = (
            select(hints_shown.c.version, hints_shown.c.move)
            .where(hints_shown.c.game_id == game_id)
            .order_by(hints_shown.c.version, hints_shown.c.move)
        )
        rows = [plain(row) for row in self.database.all(statement)]
        return [(int(row["version"]), str(row["move"])) for row in rows]
