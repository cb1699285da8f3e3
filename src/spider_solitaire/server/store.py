"""Saved games in SQL through SQLAlchemy 2: players, games and every action.

Tables (SQLAlchemy Core, portable between SQLite and PostgreSQL; made and upgraded by the
Alembic migrations in :mod:`.migrations`, never by ``create_all``):

* ``players``: the opaque ids handed out in the player cookie.
* ``games``: one row per game: its owner, how it starts (a game code, or a start
  position for a game made from position notation), its ``version`` (the number of
  actions played so far), ``restart_at`` (the number of its last restart, 0 for none)
  and whether it was ``assisted``.
* ``actions``: every accepted action, numbered 1, 2, ... per game: a move in canonical
  notation (``3:4>7``), ``d``, ``undo``, ``redo`` or ``restart``. Action ``n`` is the one
  that took the game from version ``n - 1`` to ``n``.

The action log is the source of truth: replaying it (from the last restart, which
clears the history) rebuilds the exact :class:`~spider_solitaire.game.Game`, undo and
redo stacks included. :meth:`Store.record_actions` commits actions only if the game is
still at the version the caller saw (an optimistic lock that also holds across
processes, for a hosted PostgreSQL deployment).

The module knows nothing of HTTP; it stores text and numbers, not engine objects.
"""

from __future__ import annotations

import logging
import secrets
import threading
from collections.abc import Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager, nullcontext
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import (
    Boolean,
    Column,
    DateTime,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    Row,
    String,
    Table,
    Text,
    bindparam,
    create_engine,
    event,
    insert,
    select,
    update,
)
from sqlalchemy.engine import Connection, Engine, make_url
from sqlalchemy.exc import IntegrityError
from sqlalchemy.pool import StaticPool

log = logging.getLogger(__name__)

GAME_ID_BYTES = 12
"""Random bytes in a game id (16 URL-safe characters)."""


class StaleVersionError(Exception):
    """The game is no longer at the version the caller expected; nothing was written."""


metadata = MetaData()
"""The server's tables as the newest migration leaves them (Core tables: the hot path runs
prebuilt statements, see :class:`Store`). A test checks that the migrations make exactly
these tables."""

players = Table(
    "players",
    metadata,
    Column("id", String(64), primary_key=True),
    Column("created_at", DateTime(timezone=True), nullable=False),
)
"""A player: an id handed out in the cookie."""

games = Table(
    "games",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("player_id", String(64), ForeignKey("players.id"), nullable=False),
    Column("code", String(32)),
    Column("start_position", Text),
    Column("suits", Integer, nullable=False),
    Column("rule", String(16), nullable=False),
    Column("version", Integer, nullable=False),
    Column("restart_at", Integer, nullable=False),
    Column("assisted", Boolean, nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("updated_at", DateTime(timezone=True), nullable=False),
    Index("ix_games_player_updated", "player_id", "updated_at"),
)
"""A saved game (see the module docstring)."""

actions = Table(
    "actions",
    metadata,
    Column("game_id", String(32), ForeignKey("games.id"), primary_key=True),
    Column("number", Integer, primary_key=True),
    Column("action", String(16), nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
)
"""One accepted action of a game; ``number`` is the version it led to."""

_GAME_COLUMNS = [
    games.c.id,
    games.c.player_id,
    games.c.code,
    games.c.start_position,
    games.c.suits,
    games.c.rule,
    games.c.version,
    games.c.restart_at,
    games.c.assisted,
]
_SELECT_GAME = select(*_GAME_COLUMNS).where(games.c.id == bindparam("game_id"))
_CURRENT_GAME = (
    select(*_GAME_COLUMNS)
    .where(games.c.player_id == bindparam("player_id"))
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
    )
)
_RECORD_ASSISTED = _RECORD.values(assisted=True)
_MARK_ASSISTED = update(games).where(games.c.id == bindparam("game_id")).values(assisted=True)


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
    assisted: bool

    @classmethod
    def of(cls, row: Row[Any]) -> GameRecord:
        """Copy the values of a row of ``games`` selected as ``_GAME_COLUMNS``."""
        return cls(**row._asdict())


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

    Statements are built once and run through SQLAlchemy Core: recording actions costs
    one ``UPDATE`` (with the version check) and one ``INSERT`` in one transaction.

    Args:
        url: a SQLAlchemy database URL. The schema is made or brought up to date by the
            migrations (:func:`.migrations.upgrade_database`) before anything else.
        sqlite_synchronous: see :func:`make_engine`.

    Raises:
        sqlalchemy.exc.ArgumentError: ``url`` is not a database URL.
        sqlalchemy.exc.OperationalError: the database cannot be opened.
    """

    def __init__(self, url: str, *, sqlite_synchronous: str = "NORMAL") -> None:
        from .migrations import upgrade_database

        self.engine = make_engine(url, sqlite_synchronous=sqlite_synchronous)
        try:
            upgrade_database(self.engine)
        except BaseException:
            self.engine.dispose()
            raise
        is_sqlite = self.engine.dialect.name == "sqlite"
        self._write_lock: AbstractContextManager[object] = (
            threading.Lock() if is_sqlite else nullcontext()
        )

    def close(self) -> None:
        """Release the database connections."""
        self.engine.dispose()

    @contextmanager
    def _writing(self) -> Iterator[Connection]:
        """A write transaction. SQLite has one writer at a time and makes a second one
        sleep and retry (1 ms, 2 ms, 5 ms, ... 100 ms); queueing this process's writers on
        a lock instead keeps every write a fraction of a millisecond."""
        with self._write_lock, self.engine.begin() as connection:
            yield connection

    @contextmanager
    def _reading(self) -> Iterator[Connection]:
        with self.engine.connect() as connection:
            yield connection

    # --- players ------------------------------------------------------------------

    def add_player(self) -> str:
        """Create a player with a new random id (32 URL-safe characters) and return it."""
        player_id = secrets.token_urlsafe(24)
        with self._writing() as connection:
            connection.execute(insert(players), {"id": player_id, "created_at": _now()})
        return player_id

    def has_player(self, player_id: str) -> bool:
        """True when ``player_id`` was handed out by :meth:`add_player`."""
        with self._reading() as connection:
            return connection.execute(_HAS_PLAYER, {"player_id": player_id}).first() is not None

    # --- games --------------------------------------------------------------------

    def create_game(
        self,
        player_id: str,
        *,
        code: str | None,
        start_position: str | None,
        suits: int,
        rule: str,
    ) -> GameRecord:
        """Save a new game at version 0 for ``player_id`` and return it.

        Exactly one of ``code`` and ``start_position`` describes how it starts.

        Raises:
            ValueError: both or neither of ``code`` and ``start_position`` are given.
        """
        if (code is None) == (start_position is None):
            raise ValueError("a game starts from a code or from a position, not both")
        now = _now()
        record = GameRecord(
            secrets.token_urlsafe(GAME_ID_BYTES),
            player_id,
            code,
            start_position,
            suits,
            rule,
            version=0,
            restart_at=0,
            assisted=False,
        )
        row = {column.name: getattr(record, column.name) for column in _GAME_COLUMNS}
        with self._writing() as connection:
            connection.execute(insert(games), row | {"created_at": now, "updated_at": now})
        return record

    def get_game(self, game_id: str) -> GameRecord | None:
        """Return the game ``game_id``, or None when there is none."""
        with self._reading() as connection:
            row = connection.execute(_SELECT_GAME, {"game_id": game_id}).first()
        return GameRecord.of(row) if row is not None else None

    def current_game(self, player_id: str) -> GameRecord | None:
        """Return the game that ``player_id`` created or played last, or None."""
        with self._reading() as connection:
            row = connection.execute(_CURRENT_GAME, {"player_id": player_id}).first()
        return GameRecord.of(row) if row is not None else None

    def actions(self, game_id: str, after: int = 0, upto: int | None = None) -> list[str]:
        """Return the actions numbered ``after + 1`` to ``upto`` (default: the last), in order."""
        values: dict[str, Any] = {"game_id": game_id, "after": after}
        statement = _ACTIONS
        if upto is not None:
            statement, values["upto"] = _ACTIONS_UPTO, upto
        with self._reading() as connection:
            return [row[0] for row in connection.execute(statement, values)]

    def record_actions(
        self, game: GameRecord, played: Sequence[str], *, assisted: bool = False
    ) -> GameRecord:
        """Append ``played`` (one or more actions, in order) to ``game``, seen at
        ``game.version``, in one transaction; return the game at its new version.

        Each action gets the next number (the version it leads to); a ``restart`` among
        them moves ``restart_at`` to its number (replays start after it).

        Args:
            game: the game as the caller read it.
            played: the actions' texts (canonical move, ``d``, ``undo``, ``redo``,
                ``restart``), oldest first: one for an action, several to undo several
                steps at once.
            assisted: also mark the game assisted, in the same transaction (a move of
                the solver's solution).

        Raises:
            ValueError: ``played`` is empty.
            StaleVersionError: another action was recorded since ``game`` was read;
                nothing was written.
        """
        if not played:
            raise ValueError("record_actions takes one or more actions")
        version = game.version + len(played)
        restart_at = game.restart_at
        for number, text in enumerate(played, start=game.version + 1):
            if text == "restart":
                restart_at = number
        now = _now()
        values = {
            "game_id": game.id,
            "seen": game.version,
            "new_version": version,
            "new_restart_at": restart_at,
            "now": now,
        }
        rows = [
            {"game_id": game.id, "number": number, "action": text, "created_at": now}
            for number, text in enumerate(played, start=game.version + 1)
        ]
        try:
            with self._writing() as connection:
                statement = _RECORD_ASSISTED if assisted else _RECORD
                if connection.execute(statement, values).rowcount != 1:
                    raise StaleVersionError(game.id)
                connection.execute(insert(actions), rows)
        except IntegrityError as error:  # a concurrent writer took one of these numbers
            log.info("actions from %d of game %s lost a race: %s", game.version + 1, game.id, error)
            raise StaleVersionError(game.id) from None
        return replace(
            game, version=version, restart_at=restart_at, assisted=game.assisted or assisted
        )

    def mark_assisted(self, game_id: str) -> None:
        """Mark the game as assisted (a hint or the solver was used in it); for good, and
        without changing its version."""
        with self._writing() as connection:
            connection.execute(_MARK_ASSISTED, {"game_id": game_id})
