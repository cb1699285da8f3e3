"""Saved games in SQL through SQLAlchemy 2: players, games and every action.

Tables:

* ``players``: the opaque ids handed out in the player cookie.
* ``games``: one row per game: its owner, how it starts (a game code, or a start
  position for a game made from position notation), its ``version`` (the number of
  actions played so far), and a snapshot of what the game shows: score, moves, won,
  and the undo and redo stacks as move notation (``history``: oldest first; ``redo``:
  next first).
* ``actions``: every accepted action, numbered 1, 2, ... per game: a move in canonical
  notation (``3:4>7``), ``d``, ``undo``, ``redo`` or ``restart``. Action ``n`` is the one
  that took the game from version ``n - 1`` to ``n``.

The action log is the source of truth: replaying it (from the last restart, which
clears the history) rebuilds the exact :class:`~spider_solitaire.game.Game`, undo and
redo stacks included. :meth:`Store.record_action` commits an action only if the game is
still at the version the caller saw (an optimistic lock that also holds across
processes, for a hosted PostgreSQL deployment).

The module knows nothing of HTTP; it stores text and numbers, not engine objects.
"""

from __future__ import annotations

import logging
import secrets
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import (
    Boolean,
    DateTime,
    ForeignKey,
    Index,
    Integer,
    String,
    Text,
    create_engine,
    event,
    select,
    update,
)
from sqlalchemy.engine import Engine, make_url
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column, sessionmaker
from sqlalchemy.pool import StaticPool

log = logging.getLogger(__name__)

GAME_ID_BYTES = 12
"""Random bytes in a game id (16 URL-safe characters)."""


class StaleVersionError(Exception):
    """The game is no longer at the version the caller expected; nothing was written."""


class Base(DeclarativeBase):
    """Declarative base of the server's tables."""


class PlayerRow(Base):
    """A player: an id handed out in the cookie."""

    __tablename__ = "players"

    id: Mapped[str] = mapped_column(String(64), primary_key=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class GameRow(Base):
    """A saved game (see the module docstring)."""

    __tablename__ = "games"
    __table_args__ = (Index("ix_games_player_updated", "player_id", "updated_at"),)

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    player_id: Mapped[str] = mapped_column(String(64), ForeignKey("players.id"))
    code: Mapped[str | None] = mapped_column(String(32))
    start_position: Mapped[str | None] = mapped_column(Text)
    suits: Mapped[int] = mapped_column(Integer)
    rule: Mapped[str] = mapped_column(String(16))
    version: Mapped[int] = mapped_column(Integer, default=0)
    restart_at: Mapped[int] = mapped_column(Integer, default=0)
    history: Mapped[str] = mapped_column(Text, default="")
    redo: Mapped[str] = mapped_column(Text, default="")
    score: Mapped[int] = mapped_column(Integer)
    moves: Mapped[int] = mapped_column(Integer)
    is_won: Mapped[bool] = mapped_column(Boolean, default=False)
    assisted: Mapped[bool] = mapped_column(Boolean, default=False)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class ActionRow(Base):
    """One accepted action of a game; ``number`` is the version it led to."""

    __tablename__ = "actions"

    game_id: Mapped[str] = mapped_column(String(32), ForeignKey("games.id"), primary_key=True)
    number: Mapped[int] = mapped_column(Integer, primary_key=True)
    action: Mapped[str] = mapped_column(String(16))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


@dataclass(frozen=True, slots=True)
class GameRecord:
    """A game row as plain values (detached from any session)."""

    id: str
    player_id: str
    code: str | None
    start_position: str | None
    suits: int
    rule: str
    version: int
    restart_at: int
    history: str
    redo: str
    score: int
    moves: int
    is_won: bool
    assisted: bool

    @classmethod
    def of(cls, row: GameRow) -> GameRecord:
        """Copy the values of ``row``."""
        return cls(
            row.id,
            row.player_id,
            row.code,
            row.start_position,
            row.suits,
            row.rule,
            row.version,
            row.restart_at,
            row.history,
            row.redo,
            row.score,
            row.moves,
            row.is_won,
            row.assisted,
        )


@dataclass(frozen=True, slots=True)
class Snapshot:
    """What a game shows after an action, saved beside the action (see :class:`GameRow`)."""

    history: str
    redo: str
    score: int
    moves: int
    is_won: bool


def _now() -> datetime:
    return datetime.now(UTC)


def _sqlite_pragmas(synchronous: str) -> Any:
    def on_connect(dbapi_connection: Any, _record: Any) -> None:
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute(f"PRAGMA synchronous={synchronous}")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute("PRAGMA busy_timeout=10000")
        cursor.close()

    return on_connect


def make_engine(url: str, *, sqlite_synchronous: str = "NORMAL") -> Engine:
    """Create the SQLAlchemy engine for ``url``.

    SQLite files get WAL journaling (readers do not wait for the writer), the given
    ``synchronous`` level, foreign keys and a 10 s busy timeout; ``sqlite://`` (memory)
    gets one shared connection. Other databases use SQLAlchemy's defaults.

    Raises:
        ValueError: ``sqlite_synchronous`` is not ``OFF``, ``NORMAL``, ``FULL`` or ``EXTRA``.
        sqlalchemy.exc.ArgumentError: ``url`` is not a database URL.
    """
    if sqlite_synchronous.upper() not in ("OFF", "NORMAL", "FULL", "EXTRA"):
        raise ValueError(f"sqlite_synchronous {sqlite_synchronous!r} is not a SQLite level")
    parsed = make_url(url)
    if parsed.get_backend_name() != "sqlite":
        return create_engine(parsed, pool_pre_ping=True)
    if parsed.database in (None, "", ":memory:"):
        engine = create_engine(
            parsed, poolclass=StaticPool, connect_args={"check_same_thread": False}
        )
    else:
        engine = create_engine(parsed, connect_args={"check_same_thread": False})
    event.listen(engine, "connect", _sqlite_pragmas(sqlite_synchronous.upper()))
    return engine


class Store:
    """The games database: create games, record actions, read them back.

    Args:
        url: a SQLAlchemy database URL; the tables are created when missing.
        sqlite_synchronous: see :func:`make_engine`.
    """

    def __init__(self, url: str, *, sqlite_synchronous: str = "NORMAL") -> None:
        self.engine = make_engine(url, sqlite_synchronous=sqlite_synchronous)
        Base.metadata.create_all(self.engine)
        self._sessions = sessionmaker(self.engine, expire_on_commit=False)

    def close(self) -> None:
        """Release the database connections."""
        self.engine.dispose()

    @contextmanager
    def _transaction(self) -> Iterator[Session]:
        with self._sessions() as session, session.begin():
            yield session

    # --- players ------------------------------------------------------------------

    def add_player(self) -> str:
        """Create a player with a new random id (32 URL-safe characters) and return it."""
        player_id = secrets.token_urlsafe(24)
        with self._transaction() as session:
            session.add(PlayerRow(id=player_id, created_at=_now()))
        return player_id

    def has_player(self, player_id: str) -> bool:
        """True when ``player_id`` was handed out by :meth:`add_player`."""
        with self._sessions() as session:
            return session.get(PlayerRow, player_id) is not None

    # --- games --------------------------------------------------------------------

    def create_game(
        self,
        player_id: str,
        *,
        code: str | None,
        start_position: str | None,
        suits: int,
        rule: str,
        score: int,
        moves: int,
    ) -> GameRecord:
        """Save a new game at version 0 for ``player_id`` and return it.

        Exactly one of ``code`` and ``start_position`` describes how it starts.

        Raises:
            ValueError: both or neither of ``code`` and ``start_position`` are given.
        """
        if (code is None) == (start_position is None):
            raise ValueError("a game starts from a code or from a position, not both")
        now = _now()
        row = GameRow(
            id=secrets.token_urlsafe(GAME_ID_BYTES),
            player_id=player_id,
            code=code,
            start_position=start_position,
            suits=suits,
            rule=rule,
            version=0,
            restart_at=0,
            history="",
            redo="",
            score=score,
            moves=moves,
            is_won=False,
            assisted=False,
            created_at=now,
            updated_at=now,
        )
        with self._transaction() as session:
            session.add(row)
        return GameRecord.of(row)

    def get_game(self, game_id: str) -> GameRecord | None:
        """Return the game ``game_id``, or None when there is none."""
        with self._sessions() as session:
            row = session.get(GameRow, game_id)
            return GameRecord.of(row) if row is not None else None

    def current_game(self, player_id: str) -> GameRecord | None:
        """Return the game that ``player_id`` created or played last, or None."""
        query = (
            select(GameRow)
            .where(GameRow.player_id == player_id)
            .order_by(GameRow.updated_at.desc(), GameRow.version.desc())
            .limit(1)
        )
        with self._sessions() as session:
            row = session.scalars(query).first()
            return GameRecord.of(row) if row is not None else None

    def actions(self, game_id: str, after: int = 0, upto: int | None = None) -> list[str]:
        """Return the actions numbered ``after + 1`` to ``upto`` (default: the last), in order."""
        query = select(ActionRow.action).where(
            ActionRow.game_id == game_id, ActionRow.number > after
        )
        if upto is not None:
            query = query.where(ActionRow.number <= upto)
        with self._sessions() as session:
            return list(session.scalars(query.order_by(ActionRow.number)))

    def record_action(
        self, game: GameRecord, action: str, snapshot: Snapshot, *, restart: bool = False
    ) -> GameRecord:
        """Append ``action`` to ``game`` (seen at ``game.version``) and commit; return the
        game at its new version.

        Args:
            game: the game as the caller read it.
            action: the action's text (canonical move, ``d``, ``undo``, ``redo``, ``restart``).
            snapshot: what the game shows after the action.
            restart: the action is a restart (replays then start after it).

        Raises:
            StaleVersionError: another action was recorded since ``game`` was read; nothing
                was written.
        """
        version = game.version + 1
        restart_at = version if restart else game.restart_at
        now = _now()
        statement = (
            update(GameRow)
            .where(GameRow.id == game.id, GameRow.version == game.version)
            .values(
                version=version,
                restart_at=restart_at,
                history=snapshot.history,
                redo=snapshot.redo,
                score=snapshot.score,
                moves=snapshot.moves,
                is_won=snapshot.is_won,
                updated_at=now,
            )
        )
        try:
            with self._transaction() as session:
                result = session.execute(statement)
                if getattr(result, "rowcount", 0) != 1:
                    raise StaleVersionError(game.id)
                session.add(
                    ActionRow(game_id=game.id, number=version, action=action, created_at=now)
                )
        except IntegrityError as error:  # a concurrent writer took this number
            log.info("action %d of game %s lost a race: %s", version, game.id, error)
            raise StaleVersionError(game.id) from None
        return GameRecord(
            game.id,
            game.player_id,
            game.code,
            game.start_position,
            game.suits,
            game.rule,
            version,
            restart_at,
            snapshot.history,
            snapshot.redo,
            snapshot.score,
            snapshot.moves,
            snapshot.is_won,
            game.assisted,
        )
