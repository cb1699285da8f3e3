"""The player's record in SQL: :class:`Record` reads the results (``results``, written by
:class:`~.games.Games` in the transaction that decides a game), writes and reads the resets of
the figures (``stat_resets``), pages through the history of games and keeps the one-time
transfer codes (``transfer_codes``). The rules in words are in docs/record.md."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, timedelta
from typing import Any

from sqlalchemy import and_, delete, func, insert, or_, select, update

from ...variants import GroupRule, find_rule
from .engine import Area, aware, plain
from .games import GameRecord, select_games
from .tables import DEFAULT_VARIANT, games, results, stat_resets, transfer_codes


@dataclass(frozen=True, slots=True)
class ResultRow:
    """A row of ``results`` as plain values (times in UTC)."""

    game_id: str
    suits: int
    rule: GroupRule
    assisted: bool
    outcome: str
    score: int
    moves: int
    playing_ms: int
    decided_at: datetime
    daily_date: date | None = None
    solved: bool = False
    """The solver played a move of the game ("Show solution"): no personal best."""
    variant: str = DEFAULT_VARIANT
    code: str | None = None
    """The game's code (from ``games``; None for a game from a position): its deal's
    level is looked up from it (:func:`spider_solitaire.levels.level_of`)."""


@dataclass(frozen=True, slots=True)
class ResetRow:
    """A row of ``stat_resets``: ``suits``/``rule``/``variant`` None cover every value."""

    suits: int | None
    rule: GroupRule | None
    reset_at: datetime
    variant: str | None = None

    @property
    def covers_all(self) -> bool:
        """True for a reset of every figure (the daily row's too)."""
        return self.suits is None and self.rule is None and self.variant is None

    def covers(self, suits: int, rule: GroupRule, variant: str = DEFAULT_VARIANT) -> bool:
        """True when this reset clears the figures of ``variant`` (a game of the family)
        at ``suits``/``rule``."""
        return (
            (self.suits is None or self.suits == suits)
            and (self.rule is None or self.rule == rule)
            and (self.variant is None or self.variant == variant)
        )


def _with_rule(values: dict[str, Any]) -> dict[str, Any]:
    """A row's ``values`` with its ``rule`` (a name, or None) read as the registry's
    value."""
    rule = values["rule"]
    return values | {"rule": None if rule is None else find_rule(rule)}


_RESULT_COLUMNS = [
    results.c.game_id,
    results.c.suits,
    results.c.rule,
    results.c.assisted,
    results.c.outcome,
    results.c.score,
    results.c.moves,
    results.c.playing_ms,
    results.c.decided_at,
    results.c.daily_date,
    results.c.solved,
    results.c.variant,
    games.c.code,
]
"""The columns of ``results`` a :class:`ResultRow` holds, in its fields' order."""


class Record(Area):
    """The player's results, resets of the figures, history of games and transfer codes."""

    def results(self, player_id: str) -> list[ResultRow]:
        """Return every result of ``player_id``, oldest first."""
        statement = (
            select(*_RESULT_COLUMNS)
            .select_from(results.join(games, games.c.id == results.c.game_id))
            .where(results.c.player_id == player_id)
            .order_by(results.c.decided_at, results.c.game_id)
        )
        return [ResultRow(**_with_rule(plain(row))) for row in self.database.all(statement)]

    def resets(self, player_id: str) -> list[ResetRow]:
        """Return the resets of ``player_id``'s figures, oldest first."""
        statement = (
            select(
                stat_resets.c.suits,
                stat_resets.c.rule,
                stat_resets.c.reset_at,
                stat_resets.c.variant,
            )
            .where(stat_resets.c.player_id == player_id)
            .order_by(stat_resets.c.id)
        )
        return [ResetRow(**_with_rule(plain(row))) for row in self.database.all(statement)]

    def add_reset(
        self,
        player_id: str,
        suits: int | None,
        rule: GroupRule | None,
        variant: str | None = None,
    ) -> None:
        """Reset ``player_id``'s figures of ``variant`` at ``suits``/``rule`` (None: every
        value) now."""
        with self.database.writing() as connection:
            reset_at = self.database.clock()
            name = None if rule is None else rule.name
            row = {"player_id": player_id, "suits": suits, "rule": name, "variant": variant}
            connection.execute(insert(stat_resets), row | {"reset_at": reset_at})

    def history(
        self, player_id: str, current_id: str | None, offset: int, limit: int
    ) -> tuple[list[GameRecord], int]:
        """Return ``limit`` of ``player_id``'s games from ``offset``, newest first, and how
        many there are: the games with at least one action, and the current game."""
        where = and_(
            games.c.player_id == player_id,
            or_(games.c.version > 0, games.c.id == (current_id or "")),
        )
        page = (
            select_games(where)
            .order_by(games.c.created_at.desc(), games.c.id)
            .offset(offset)
            .limit(limit)
        )
        with self.database.reading() as connection:
            total = connection.execute(select(func.count()).where(where)).scalar_one()
            rows = [GameRecord.of(row) for row in connection.execute(page)]
        return rows, int(total)

    def add_transfer(self, player_id: str, code: str, lifetime: timedelta) -> datetime:
        """Save a transfer ``code`` for ``player_id``, valid for ``lifetime``; return when
        it expires. Codes of the player that have expired are deleted."""
        now = self.database.clock()
        expires_at = now + lifetime
        with self.database.writing() as connection:
            connection.execute(
                delete(transfer_codes).where(
                    transfer_codes.c.player_id == player_id, transfer_codes.c.expires_at < now
                )
            )
            connection.execute(
                insert(transfer_codes),
                {"code": code, "player_id": player_id, "expires_at": expires_at},
            )
        return expires_at

    def claim_transfer(self, code: str) -> tuple[str, str | None]:
        """Use the transfer ``code`` once: return ``(player_id, None)``, or ``("",
        problem)`` with ``problem`` ``unknown`` (no such code), ``used`` or ``expired``;
        the code is marked used in the same transaction, so it works once."""
        now = self.database.clock()
        with self.database.writing() as connection:
            row = connection.execute(
                select(
                    transfer_codes.c.player_id,
                    transfer_codes.c.expires_at,
                    transfer_codes.c.used_at,
                ).where(transfer_codes.c.code == code)
            ).first()
            if row is None:
                return "", "unknown"
            if row.used_at is not None:
                return "", "used"
            if aware(row.expires_at) <= now:
                return "", "expired"
            marked = connection.execute(
                update(transfer_codes)
                .where(transfer_codes.c.code == code, transfer_codes.c.used_at.is_(None))
                .values(used_at=now)
            )
            if marked.rowcount != 1:
                return "", "used"
            return str(row.player_id), None
