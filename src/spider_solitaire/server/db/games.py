"""Players and their games in SQL: :class:`Players` (the ids of the player cookie) and
:class:`Games` (games, their actions, snapshots, share links, the assisted flag, daily games,
and the result written in the transaction that decides a game).

The action log is the source of truth: replaying it (from the last restart, which clears the
history) rebuilds the exact :class:`~spider_solitaire.game.Game`, undo and redo stacks
included. :meth:`Games.record_actions` commits actions only if the game is still at the
version the caller saw (an optimistic lock that also holds across processes, for a hosted
PostgreSQL deployment). Statements are built once and run through SQLAlchemy Core: recording
actions costs one ``UPDATE`` (with the version check) and one ``INSERT`` in one transaction.

The module knows nothing of HTTP; it stores text and numbers, not engine objects.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime
from typing import Any

from sqlalchemy import Row, Select, bindparam, delete, insert, select, update
from sqlalchemy.engine import Connection
from sqlalchemy.exc import IntegrityError

from ...moves import Action, Control, parse_action
from ...variants import GroupRule, find_rule
from ..ids import GAME, PLAYER
from .engine import Area, plain
from .tables import DEFAULT_VARIANT, GAME_COLUMNS, actions, game_snapshots, games, players, results

log = logging.getLogger(__name__)

IDLE_CAP_MS = 60_000
"""The idle cap: a gap between two actions (or from a game's start to its first action)
counts at most this much playing time (a decision of ours, docs/record.md)."""


class StaleVersionError(Exception):
    """The game is no longer at the version the caller expected; nothing was written."""


@dataclass(frozen=True, slots=True)
class GameRecord:
    """A game row as plain values (detached from any session)."""

    id: str
    player_id: str
    code: str | None
    start_position: str | None
    suits: int
    rule: GroupRule
    version: int
    restart_at: int
    assisted: bool
    practice: bool = False
    created_at: datetime = datetime(1970, 1, 1, tzinfo=UTC)
    first_action_at: datetime | None = None
    last_action_at: datetime | None = None
    playing_ms: int = 0
    outcome: str | None = None
    finished_won_at: datetime | None = None
    share_id: str | None = None
    share_version: int | None = None
    """The game's version when its link was made: a shared link shows it up to there."""
    revision: int = 0
    daily_date: date | None = None
    solved: bool = False
    """"Show solution" played a move of the game (the solver, not the player): set with
    ``assisted``, for good (docs/record.md)."""
    variant: str = DEFAULT_VARIANT

    @classmethod
    def of(cls, row: Row[Any]) -> GameRecord:
        """Copy the values of a row of ``games`` selected as
        :data:`~.tables.GAME_COLUMNS` (times as UTC: SQLite gives them back without
        their zone; the rule as the registry's value)."""
        values = plain(row)
        return cls(**(values | {"rule": find_rule(values["rule"])}))

    @property
    def decided(self) -> bool:
        """True when the game's counted result is written (won or lost)."""
        return self.outcome is not None


@dataclass(frozen=True, slots=True)
class Decided:
    """A game's counted result to write with the action or abandon that decides it:
    ``outcome`` ``won`` or ``lost``, and the game's ``score`` and move counter then."""

    outcome: str
    score: int
    moves: int


def gap_ms(since: datetime, now: datetime) -> int:
    """Return the playing time between ``since`` and ``now`` in milliseconds, capped at
    :data:`IDLE_CAP_MS` (0 when the clock went back)."""
    milliseconds = int((now - since).total_seconds() * 1000)
    return max(0, min(milliseconds, IDLE_CAP_MS))


def select_games(*where: Any) -> Select[Any]:
    """Return the query of the games (as :data:`~.tables.GAME_COLUMNS`) that meet every
    condition of ``where``."""
    return select(*GAME_COLUMNS).where(*where)


NEXT_REVISION = {"revision": games.c.revision + 1}
"""The values that bump a game's ``revision`` (every change but its actions' makes it: every
process's cached copy is then seen to be out of date)."""

_SELECT_GAME = select_games(games.c.id == bindparam("game_id"))
_CURRENT_GAME = (
    select_games(games.c.player_id == bindparam("player_id"))
    .order_by(games.c.updated_at.desc(), games.c.version.desc())
    .limit(1)
)
_HAS_PLAYER = select(players.c.id).where(players.c.id == bindparam("player_id"))
_ACTIONS = (
    select(actions.c.action)
    .where(actions.c.game_id == bindparam("game_id"), actions.c.number > bindparam("after"))
    .order_by(actions.c.number)
)
_ACTIONS_UPTO = _ACTIONS.where(actions.c.number <= bindparam("upto"))
_RECORD = (
    update(games)
    .where(games.c.id == bindparam("game_id"), games.c.version == bindparam("seen"))
    .values(
        version=bindparam("new_version"),
        restart_at=bindparam("new_restart_at"),
        updated_at=bindparam("now"),
        first_action_at=bindparam("first_action_at"),
        last_action_at=bindparam("now"),
        playing_ms=bindparam("playing_ms"),
        **NEXT_REVISION,
    )
    .returning(*GAME_COLUMNS)
)
_RECORD_ASSISTED = _RECORD.values(assisted=True)
_RECORD_SOLVED = _RECORD.values(assisted=True, solved=True)
_MARK_ASSISTED = (
    update(games)
    .where(games.c.id == bindparam("game_id"), games.c.assisted.is_(False))
    .values(assisted=True, **NEXT_REVISION)
)
_SNAPSHOT = select(game_snapshots.c.version, game_snapshots.c.data).where(
    game_snapshots.c.game_id == bindparam("game_id")
)


def _stored(connection: Connection, game_id: str) -> GameRecord:
    """Return the game ``game_id`` as ``connection`` sees it (it must exist)."""
    return GameRecord.of(connection.execute(_SELECT_GAME, {"game_id": game_id}).one())


def _result_row(game: GameRecord, decided: Decided, now: datetime) -> dict[str, Any]:
    """The ``results`` row of ``game`` (as stored in the deciding transaction) decided as
    ``decided`` at ``now``."""
    return {
        "game_id": game.id,
        "player_id": game.player_id,
        "suits": game.suits,
        "rule": game.rule.name,
        "variant": game.variant,
        "daily_date": game.daily_date,
        "assisted": game.assisted,
        "outcome": decided.outcome,
        "score": decided.score,
        "moves": decided.moves,
        "playing_ms": game.playing_ms,
        "decided_at": now,
        "solved": game.solved,
    }


class Players(Area):
    """The players (``players``): the ids handed out in the player cookie."""

    def add(self) -> str:
        """Create a player with a new random id (32 URL-safe characters) and return it."""
        player_id = PLAYER.make()
        with self.database.writing() as connection:
            connection.execute(
                insert(players), {"id": player_id, "created_at": self.database.clock()}
            )
        return player_id

    def exists(self, player_id: str) -> bool:
        """True when ``player_id`` was handed out by :meth:`add`."""
        return self.database.first(_HAS_PLAYER, {"player_id": player_id}) is not None


class Games(Area):
    """The games (``games``, ``actions``, ``game_snapshots``): create games, record actions,
    read them back; the result of a game is written (``results``) in the transaction of the
    action or abandon that decides it."""

    def _game(self, statement: Any, values: dict[str, Any] | None = None) -> GameRecord | None:
        """Return the first game the query ``statement`` selects, or None."""
        row = self.database.first(statement, values)
        return GameRecord.of(row) if row is not None else None

    def create(
        self,
        player_id: str,
        *,
        code: str | None,
        start_position: str | None,
        suits: int,
        rule: GroupRule,
        practice: bool = False,
        abandon: tuple[GameRecord, Decided] | None = None,
        daily_date: date | None = None,
        variant: str = DEFAULT_VARIANT,
    ) -> GameRecord:
        """Save a new game at version 0 for ``player_id`` and return it.

        Exactly one of ``code`` and ``start_position`` describes how it starts.
        ``practice``: the game never counts. ``abandon``: the game the player leaves for
        this one and its loss, written in the same transaction (see :meth:`_abandon`).
        ``daily_date``: the date whose daily deal this is (None: not a daily game); its
        result row gets the same date. ``variant``: the game of the family (the
        registry's name); its result row gets it too.

        Raises:
            ValueError: both or neither of ``code`` and ``start_position`` are given.
            StaleVersionError: the game to abandon was played on since it was read;
                nothing was written.
        """
        if (code is None) == (start_position is None):
            raise ValueError("a game starts from a code or from a position, not both")
        now = self.database.clock()
        record = GameRecord(
            GAME.make(),
            player_id,
            code,
            start_position,
            suits,
            rule,
            version=0,
            restart_at=0,
            assisted=False,
            practice=practice,
            created_at=now,
            daily_date=daily_date,
            variant=variant,
        )
        row = {column.name: getattr(record, column.name) for column in GAME_COLUMNS}
        row["rule"] = rule.name
        with self.database.writing() as connection:
            if abandon is not None:
                self._abandon(connection, *abandon, now)
            connection.execute(insert(games), row | {"updated_at": now})
        return record

    def open(
        self, game: GameRecord, abandon: tuple[GameRecord, Decided] | None = None
    ) -> GameRecord:
        """Make ``game`` its player's current game (its last change is now) and write the
        loss of the game left for it (``abandon``), in one transaction; return it as
        stored then.

        Raises:
            StaleVersionError: the game to abandon was played on since it was read;
                nothing was written.
        """
        now = self.database.clock()
        with self.database.writing() as connection:
            if abandon is not None:
                self._abandon(connection, *abandon, now)
            connection.execute(update(games).where(games.c.id == game.id).values(updated_at=now))
            return _stored(connection, game.id)

    def _abandon(
        self, connection: Connection, game: GameRecord, decided: Decided, now: datetime
    ) -> bool:
        """Write ``game``'s loss (its result row and outcome) unless it is decided or
        practice; return True when written.

        Raises:
            StaleVersionError: it was played on since ``game`` was read (its figures would
                be old): the caller's transaction is rolled back, to be tried again.
        """
        marked = connection.execute(
            update(games)
            .where(
                games.c.id == game.id,
                games.c.version == game.version,
                games.c.outcome.is_(None),
                games.c.practice.is_(False),
            )
            .values(outcome=decided.outcome, **NEXT_REVISION)
        )
        stored = _stored(connection, game.id)
        if marked.rowcount != 1:
            if stored.version != game.version and stored.outcome is None and not stored.practice:
                raise StaleVersionError(game.id)
            return False
        connection.execute(insert(results), _result_row(stored, decided, now))
        return True

    def get(self, game_id: str) -> GameRecord | None:
        """Return the game ``game_id``, or None when there is none."""
        return self._game(_SELECT_GAME, {"game_id": game_id})

    def current(self, player_id: str) -> GameRecord | None:
        """Return the game that ``player_id`` created or played last, or None."""
        return self._game(_CURRENT_GAME, {"player_id": player_id})

    def actions(self, game_id: str, after: int = 0, upto: int | None = None) -> list[Action]:
        """Return the actions numbered ``after + 1`` to ``upto`` (default: the last), in
        order, read from their canonical text (the rows' edge:
        :func:`~spider_solitaire.moves.parse_action`).

        Raises:
            InvalidMoveError: a row the server never wrote.
        """
        values: dict[str, Any] = {"game_id": game_id, "after": after}
        statement = _ACTIONS
        if upto is not None:
            statement, values["upto"] = _ACTIONS_UPTO, upto
        return [parse_action(row[0]) for row in self.database.all(statement, values)]

    def record_actions(
        self,
        game: GameRecord,
        played: Sequence[Action],
        *,
        assisted: bool = False,
        solved: bool = False,
        won: Decided | None = None,
        snapshot: str | None = None,
    ) -> GameRecord:
        """Append ``played`` (one or more actions, in order) to ``game``, seen at
        ``game.version``, in one transaction; return the game at its new version.

        Each action gets the next number (the version it leads to); a ``restart`` among
        them moves ``restart_at`` to its number (replays start after it). The playing
        time grows by the gap since the last action (or the game's start), capped at
        :data:`IDLE_CAP_MS`.

        Args:
            game: the game as the caller read it.
            played: the actions (values, written as their canonical text: ``3:4>7``,
                ``d``, ``t3``, ``undo``, ``redo``, ``restart``), oldest first: one for an
                action, several to undo several steps at once.
            assisted: also mark the game assisted, in the same transaction (a move of
                the solver's solution).
            solved: also mark the game assisted and solved (the solver played this move:
                "Show solution"), in the same transaction.
            won: the last action won the game (its score and move counter): its result
                is written in the same transaction if the game has none and is not
                practice (once: a game already decided keeps its result), and the time
                it was first won is kept.
            snapshot: the game at its new version (:meth:`Game.snapshot` as JSON), kept
                as its newest snapshot in the same transaction; None keeps the old one.

        Returns:
            The game as the database has it now (its ``revision`` bumped, and any flag
            another process changed meanwhile).

        Raises:
            ValueError: ``played`` is empty.
            StaleVersionError: another action was recorded since ``game`` was read;
                nothing was written.
        """
        if not played:
            raise ValueError("record_actions takes one or more actions")
        version = game.version + len(played)
        restart_at = game.restart_at
        for number, action in enumerate(played, start=game.version + 1):
            if action is Control.RESTART:
                restart_at = number
        now = self.database.clock()
        playing_ms = game.playing_ms + gap_ms(game.last_action_at or game.created_at, now)
        first_action_at = game.first_action_at or now
        values = {
            "game_id": game.id,
            "seen": game.version,
            "new_version": version,
            "new_restart_at": restart_at,
            "now": now,
            "first_action_at": first_action_at,
            "playing_ms": playing_ms,
        }
        rows = [
            {"game_id": game.id, "number": number, "action": str(action), "created_at": now}
            for number, action in enumerate(played, start=game.version + 1)
        ]
        try:
            with self.database.writing() as connection:
                statement = _RECORD_SOLVED if solved else _RECORD_ASSISTED if assisted else _RECORD
                row = connection.execute(statement, values).first()
                if row is None:
                    raise StaleVersionError(game.id)
                connection.execute(insert(actions), rows)
                if snapshot is not None:
                    _keep_snapshot(connection, game.id, version, snapshot)
                moved = GameRecord.of(row)
                if won is not None:
                    return self._win(connection, moved, won, now)
        except IntegrityError as error:  # a concurrent writer took one of these numbers
            log.info("actions from %d of game %s lost a race: %s", game.version + 1, game.id, error)
            raise StaleVersionError(game.id) from None
        return moved

    def _win(
        self, connection: Connection, game: GameRecord, won: Decided, now: datetime
    ) -> GameRecord:
        """Write the win of ``game`` (at its new version): its result when it has no
        outcome and is not practice; the time it was first won in any case. Return the
        game as stored then."""
        counted = connection.execute(
            update(games)
            .where(
                games.c.id == game.id,
                games.c.outcome.is_(None),
                games.c.practice.is_(False),
            )
            .values(outcome="won", finished_won_at=now, **NEXT_REVISION)
        )
        if counted.rowcount != 1:
            connection.execute(
                update(games)
                .where(games.c.id == game.id, games.c.finished_won_at.is_(None))
                .values(finished_won_at=now, **NEXT_REVISION)
            )
        stored = _stored(connection, game.id)
        if counted.rowcount == 1:
            connection.execute(insert(results), _result_row(stored, won, now))
        return stored

    def daily(self, player_id: str, first: date, last: date) -> list[GameRecord]:
        """Return ``player_id``'s daily games of the dates ``first`` to ``last`` (both
        included), oldest first."""
        statement = select_games(
            games.c.player_id == player_id,
            games.c.daily_date >= first,
            games.c.daily_date <= last,
        ).order_by(games.c.created_at, games.c.id)
        return [GameRecord.of(row) for row in self.database.all(statement)]

    def has_won_code(self, player_id: str, codes: Sequence[str]) -> bool:
        """True when ``player_id`` has won a game stored under one of ``codes`` (counted or
        practice): the forms of one deal (``SP1`` and ``SP2``:
        :func:`spider_solitaire.codes.code_forms`)."""
        statement = select(games.c.id).where(
            games.c.player_id == player_id,
            games.c.code.in_(list(codes)),
            games.c.finished_won_at.is_not(None),
        )
        return self.database.first(statement.limit(1)) is not None

    def played_codes(self, player_id: str, prefix: str) -> set[str]:
        """Return the game codes starting with ``prefix`` (``SP1-S4C-``: a level) of every
        game ``player_id`` has started, finished or not (read from the database, so that
        every server process agrees)."""
        statement = (
            select(games.c.code)
            .where(games.c.player_id == player_id, games.c.code.startswith(prefix, autoescape=True))
            .distinct()
        )
        return {row[0] for row in self.database.all(statement)}

    def snapshot(self, game_id: str) -> tuple[int, str] | None:
        """Return the newest snapshot of the game as ``(version, data)``, or None."""
        row = self.database.first(_SNAPSHOT, {"game_id": game_id})
        return (int(row.version), str(row.data)) if row is not None else None

    def mark_assisted(self, game_id: str) -> GameRecord | None:
        """Mark the game as assisted (a hint or the solver was used in it), for good,
        without changing its version but bumping its ``revision`` (so every process's
        cached copy is seen to be out of date); return the game as stored now (None for
        an unknown id)."""
        with self.database.writing() as connection:
            connection.execute(_MARK_ASSISTED, {"game_id": game_id})
            row = connection.execute(_SELECT_GAME, {"game_id": game_id}).first()
        return GameRecord.of(row) if row is not None else None

    def set_share(self, game_id: str, share_id: str | None, version: int | None = None) -> None:
        """Set (or, with None, remove) the public replay link of ``game_id``, made at the
        game's ``version`` (what the link shows: issue 31, item 6)."""
        with self.database.writing() as connection:
            connection.execute(
                update(games)
                .where(games.c.id == game_id)
                .values(share_id=share_id, share_version=version, **NEXT_REVISION)
            )

    def by_share(self, share_id: str) -> GameRecord | None:
        """Return the game whose public replay link is ``share_id``, or None."""
        return self._game(select_games(games.c.share_id == share_id))


def _keep_snapshot(connection: Connection, game_id: str, version: int, data: str) -> None:
    """Keep ``data`` as the newest snapshot of ``game_id`` (at ``version``), in the
    transaction of ``connection``."""
    connection.execute(delete(game_snapshots).where(game_snapshots.c.game_id == game_id))
    connection.execute(
        insert(game_snapshots), {"game_id": game_id, "version": version, "data": data}
    )
