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
* ``results``: one row per decided, counted game, written once in the transaction of the
  action or abandon that decides it (docs/record.md); ``stat_resets``: resets of the
  figures; ``transfer_codes``: one-time codes that carry a record to another browser.
  ``games`` also keeps ``practice``, the times of its first and last actions, its
  ``playing_ms`` (gaps capped at :data:`IDLE_CAP_MS`), its ``outcome``, when it was first
  won and its ``share_id``.

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
from collections.abc import Callable, Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager, nullcontext
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from typing import Any

from sqlalchemy import (
    BigInteger,
    Boolean,
    Column,
    Date,
    DateTime,
    Float,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    Row,
    String,
    Table,
    Text,
    UniqueConstraint,
    and_,
    bindparam,
    create_engine,
    delete,
    event,
    false,
    func,
    insert,
    or_,
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
    Column("version", BigInteger, nullable=False),
    Column("restart_at", BigInteger, nullable=False),
    Column("assisted", Boolean, nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("updated_at", DateTime(timezone=True), nullable=False),
    Column("practice", Boolean, nullable=False, server_default=false()),
    Column("first_action_at", DateTime(timezone=True)),
    Column("last_action_at", DateTime(timezone=True)),
    Column("playing_ms", BigInteger, nullable=False, server_default="0"),
    Column("outcome", String(8)),
    Column("finished_won_at", DateTime(timezone=True)),
    Column("share_id", String(32)),
    Column("revision", BigInteger, nullable=False, server_default="0"),
    Column("daily_date", Date),
    Index("ix_games_player_updated", "player_id", "updated_at"),
    Index("ix_games_player_code", "player_id", "code"),
    Index("ix_games_player_daily", "player_id", "daily_date"),
    UniqueConstraint("share_id", name="uq_games_share_id"),
)
"""A saved game (see the module docstring)."""

actions = Table(
    "actions",
    metadata,
    Column("game_id", String(32), ForeignKey("games.id"), primary_key=True),
    Column("number", BigInteger, primary_key=True),
    Column("action", String(16), nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
)
"""One accepted action of a game; ``number`` is the version it led to."""

game_snapshots = Table(
    "game_snapshots",
    metadata,
    Column("game_id", String(32), ForeignKey("games.id"), primary_key=True),
    Column("version", BigInteger, nullable=False),
    Column("data", Text, nullable=False),
)
"""The newest snapshot of a game (:meth:`Game.snapshot` as JSON) at ``version``."""

deal_searches = Table(
    "deal_searches",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("player_id", String(64), ForeignKey("players.id"), nullable=False),
    Column("suits", Integer, nullable=False),
    Column("rule", String(16), nullable=False),
    Column("max_tries", Integer, nullable=False),
    Column("status", String(16), nullable=False),
    Column("tried", Integer, nullable=False),
    Column("reason", String(32)),
    Column("game_id", String(32)),
    Column("started_at", DateTime(timezone=True), nullable=False),
    Column("seen_at", DateTime(timezone=True), nullable=False),
    Column("ended_at", DateTime(timezone=True)),
    Index("ix_deal_searches_player", "player_id"),
)
"""A search for a winnable deal: its progress (``tried``), its end (``status``, ``reason``,
the new ``game_id``), when the player last asked (``seen_at``)."""

player_jobs = Table(
    "player_jobs",
    metadata,
    Column("player_id", String(64), ForeignKey("players.id"), primary_key=True),
    Column("job_id", String(32), nullable=False),
    Column("started_at", DateTime(timezone=True), nullable=False),
)
"""The solver job each player may have running (one, across every server process)."""

kept_solutions = Table(
    "kept_solutions",
    metadata,
    Column("game_id", String(32), ForeignKey("games.id"), primary_key=True),
    Column("position_key", String(64), primary_key=True),
    Column("moves", Text, nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
)
"""A solution found for a position of a game (``position_key``: a hash of the position's
full notation); ``moves`` in move notation, one space between."""

solver_jobs = Table(
    "solver_jobs",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("player_id", String(64), nullable=False),
    Column("task", String(32), nullable=False),
    Column("args", Text, nullable=False),
    Column("cpu_seconds", Float, nullable=False),
    Column("status", String(16), nullable=False),
    Column("progress", Text),
    Column("result", Text),
    Column("error", String(32)),
    Column("detail", Text),
    Column("cancel", Boolean, nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("updated_at", DateTime(timezone=True), nullable=False),
)
"""A solver job queued for the workers (``spider worker``, in the job-queue mode): its task
and arguments (JSON), its status (``queued``, ``running``, ``done``, ``failed``,
``cancelled``), its last progress and its answer (JSON), a request to ``cancel`` it, and
``updated_at``, which a running job's worker refreshes (its heartbeat)."""

rate_limits = Table(
    "rate_limits",
    metadata,
    Column("key", String(160), primary_key=True),
    Column("window", BigInteger, nullable=False),
    Column("count", Integer, nullable=False),
)
"""Requests counted per key (a client address or a player, and a kind) in the current
time window (``window``: its number, seconds since the epoch divided by its length)."""
results = Table(
    "results",
    metadata,
    Column("game_id", String(32), ForeignKey("games.id"), primary_key=True),
    Column("player_id", String(64), ForeignKey("players.id"), nullable=False),
    Column("suits", Integer, nullable=False),
    Column("rule", String(16), nullable=False),
    Column("daily_date", Date),
    Column("assisted", Boolean, nullable=False),
    Column("outcome", String(8), nullable=False),
    Column("score", Integer, nullable=False),
    Column("moves", Integer, nullable=False),
    Column("playing_ms", BigInteger, nullable=False),
    Column("decided_at", DateTime(timezone=True), nullable=False),
    Index("ix_results_player_decided", "player_id", "decided_at"),
)
"""One decided, counted game (docs/record.md): written once, in the transaction of the
action or the abandon that decided it, and never recomputed. ``game_id`` is the primary
key, so a game can never count twice."""

stat_resets = Table(
    "stat_resets",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("player_id", String(64), ForeignKey("players.id"), nullable=False),
    Column("suits", Integer),
    Column("rule", String(16)),
    Column("reset_at", DateTime(timezone=True), nullable=False),
    Index("ix_stat_resets_player", "player_id"),
)
"""A reset of the figures: of one variant (``suits`` and ``rule``), of every rule of
``suits`` (``rule`` null), of every variant of ``rule`` (``suits`` null), or of all (both
null). Results decided before the latest reset that covers their variant are not counted."""

transfer_codes = Table(
    "transfer_codes",
    metadata,
    Column("code", String(16), primary_key=True),
    Column("player_id", String(64), ForeignKey("players.id"), nullable=False),
    Column("expires_at", DateTime(timezone=True), nullable=False),
    Column("used_at", DateTime(timezone=True)),
)
"""A one-time code that gives another browser the player's record (``XXXX-XXXX``)."""

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
    games.c.practice,
    games.c.created_at,
    games.c.first_action_at,
    games.c.last_action_at,
    games.c.playing_ms,
    games.c.outcome,
    games.c.finished_won_at,
    games.c.share_id,
    games.c.revision,
    games.c.daily_date,
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
        first_action_at=bindparam("first_action_at"),
        last_action_at=bindparam("now"),
        playing_ms=bindparam("playing_ms"),
        revision=games.c.revision + 1,
    )
    .returning(*_GAME_COLUMNS)
)
_RECORD_ASSISTED = _RECORD.values(assisted=True)
_MARK_ASSISTED = (
    update(games)
    .where(games.c.id == bindparam("game_id"), games.c.assisted.is_(False))
    .values(assisted=True, revision=games.c.revision + 1)
)
_SNAPSHOT = select(game_snapshots.c.version, game_snapshots.c.data).where(
    game_snapshots.c.game_id == bindparam("game_id")
)


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
    practice: bool = False
    created_at: datetime = datetime(1970, 1, 1, tzinfo=UTC)
    first_action_at: datetime | None = None
    last_action_at: datetime | None = None
    playing_ms: int = 0
    outcome: str | None = None
    finished_won_at: datetime | None = None
    share_id: str | None = None
    revision: int = 0
    daily_date: date | None = None

    @classmethod
    def of(cls, row: Row[Any]) -> GameRecord:
        """Copy the values of a row of ``games`` selected as ``_GAME_COLUMNS`` (times as
        UTC: SQLite gives them back without their zone)."""
        values = {key: aware(value) for key, value in row._asdict().items()}
        return cls(**values)

    @property
    def decided(self) -> bool:
        """True when the game's counted result is written (won or lost)."""
        return self.outcome is not None


def aware(value: Any) -> Any:
    """Return ``value`` with UTC as its zone when it is a datetime without one (SQLite
    stores none), else unchanged."""
    if isinstance(value, datetime) and value.tzinfo is None:
        return value.replace(tzinfo=UTC)
    return value


IDLE_CAP_MS = 60_000
"""The idle cap: a gap between two actions (or from a game's start to its first action)
counts at most this much playing time (a decision of ours, docs/record.md)."""


def gap_ms(since: datetime, now: datetime) -> int:
    """Return the playing time between ``since`` and ``now`` in milliseconds, capped at
    :data:`IDLE_CAP_MS` (0 when the clock went back)."""
    milliseconds = int((now - since).total_seconds() * 1000)
    return max(0, min(milliseconds, IDLE_CAP_MS))


@dataclass(frozen=True, slots=True)
class Decided:
    """A game's counted result to write with the action or abandon that decides it:
    ``outcome`` ``won`` or ``lost``, and the game's ``score`` and move counter then."""

    outcome: str
    score: int
    moves: int


@dataclass(frozen=True, slots=True)
class ResultRow:
    """A row of ``results`` as plain values (times in UTC)."""

    game_id: str
    suits: int
    rule: str
    assisted: bool
    outcome: str
    score: int
    moves: int
    playing_ms: int
    decided_at: datetime
    daily_date: date | None = None


@dataclass(frozen=True, slots=True)
class ResetRow:
    """A row of ``stat_resets``: ``suits``/``rule`` None cover every value."""

    suits: int | None
    rule: str | None
    reset_at: datetime

    def covers(self, suits: int, rule: str) -> bool:
        """True when this reset clears the figures of the variant ``suits``/``rule``."""
        return (self.suits is None or self.suits == suits) and (
            self.rule is None or self.rule == rule
        )


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

        self.clock: Callable[[], datetime] = _now
        """Where the store reads the time (UTC): tests set a clock of their own."""
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
            connection.execute(insert(players), {"id": player_id, "created_at": self.clock()})
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
        practice: bool = False,
        abandon: tuple[GameRecord, Decided] | None = None,
        daily_date: date | None = None,
    ) -> GameRecord:
        """Save a new game at version 0 for ``player_id`` and return it.

        Exactly one of ``code`` and ``start_position`` describes how it starts.
        ``practice``: the game never counts. ``abandon``: the game the player leaves for
        this one and its loss, written in the same transaction (see :meth:`_abandon`).
        ``daily_date``: the date whose daily deal this is (None: not a daily game); its
        result row gets the same date.

        Raises:
            ValueError: both or neither of ``code`` and ``start_position`` are given.
            StaleVersionError: the game to abandon was played on since it was read;
                nothing was written.
        """
        if (code is None) == (start_position is None):
            raise ValueError("a game starts from a code or from a position, not both")
        now = self.clock()
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
            practice=practice,
            created_at=now,
            daily_date=daily_date,
        )
        row = {column.name: getattr(record, column.name) for column in _GAME_COLUMNS}
        with self._writing() as connection:
            if abandon is not None:
                self._abandon(connection, *abandon, now)
            connection.execute(insert(games), row | {"updated_at": now})
        return record

    def open_game(
        self, game: GameRecord, abandon: tuple[GameRecord, Decided] | None = None
    ) -> GameRecord:
        """Make ``game`` its player's current game (its last change is now) and write the
        loss of the game left for it (``abandon``), in one transaction; return it as
        stored then.

        Raises:
            StaleVersionError: the game to abandon was played on since it was read;
                nothing was written.
        """
        now = self.clock()
        with self._writing() as connection:
            if abandon is not None:
                self._abandon(connection, *abandon, now)
            connection.execute(update(games).where(games.c.id == game.id).values(updated_at=now))
            row = connection.execute(_SELECT_GAME, {"game_id": game.id}).one()
        return GameRecord.of(row)

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
            .values(outcome=decided.outcome, revision=games.c.revision + 1)
        )
        row = connection.execute(_SELECT_GAME, {"game_id": game.id}).one()
        if marked.rowcount != 1:
            if row.version != game.version and row.outcome is None and not row.practice:
                raise StaleVersionError(game.id)
            return False
        connection.execute(insert(results), _result_row(GameRecord.of(row), decided, now))
        return True

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
        self,
        game: GameRecord,
        played: Sequence[str],
        *,
        assisted: bool = False,
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
            played: the actions' texts (canonical move, ``d``, ``undo``, ``redo``,
                ``restart``), oldest first: one for an action, several to undo several
                steps at once.
            assisted: also mark the game assisted, in the same transaction (a move of
                the solver's solution).
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
        for number, text in enumerate(played, start=game.version + 1):
            if text == "restart":
                restart_at = number
        now = self.clock()
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
            {"game_id": game.id, "number": number, "action": text, "created_at": now}
            for number, text in enumerate(played, start=game.version + 1)
        ]
        try:
            with self._writing() as connection:
                statement = _RECORD_ASSISTED if assisted else _RECORD
                row = connection.execute(statement, values).first()
                if row is None:
                    raise StaleVersionError(game.id)
                connection.execute(insert(actions), rows)
                if snapshot is not None:
                    self._keep_snapshot(connection, game.id, version, snapshot)
                moved = GameRecord.of(row)
                if won is not None:
                    return self._win(connection, moved, won, now)
        except IntegrityError as error:  # a concurrent writer took one of these numbers
            log.info("actions from %d of game %s lost a race: %s", game.version + 1, game.id, error)
            raise StaleVersionError(game.id) from None
        return moved

    @staticmethod
    def _keep_snapshot(connection: Connection, game_id: str, version: int, data: str) -> None:
        connection.execute(delete(game_snapshots).where(game_snapshots.c.game_id == game_id))
        connection.execute(
            insert(game_snapshots), {"game_id": game_id, "version": version, "data": data}
        )

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
            .values(outcome="won", finished_won_at=now, revision=games.c.revision + 1)
        )
        if counted.rowcount != 1:
            connection.execute(
                update(games)
                .where(games.c.id == game.id, games.c.finished_won_at.is_(None))
                .values(finished_won_at=now, revision=games.c.revision + 1)
            )
        stored = GameRecord.of(connection.execute(_SELECT_GAME, {"game_id": game.id}).one())
        if counted.rowcount == 1:
            connection.execute(insert(results), _result_row(stored, won, now))
        return stored

    def daily_games(self, player_id: str, first: date, last: date) -> list[GameRecord]:
        """Return ``player_id``'s daily games of the dates ``first`` to ``last`` (both
        included), oldest first."""
        statement = (
            select(*_GAME_COLUMNS)
            .where(
                games.c.player_id == player_id,
                games.c.daily_date >= first,
                games.c.daily_date <= last,
            )
            .order_by(games.c.created_at, games.c.id)
        )
        with self._reading() as connection:
            return [GameRecord.of(row) for row in connection.execute(statement)]

    def snapshot(self, game_id: str) -> tuple[int, str] | None:
        """Return the newest snapshot of the game as ``(version, data)``, or None."""
        with self._reading() as connection:
            row = connection.execute(_SNAPSHOT, {"game_id": game_id}).first()
        return (int(row[0]), str(row[1])) if row is not None else None

    def mark_assisted(self, game_id: str) -> GameRecord | None:
        """Mark the game as assisted (a hint or the solver was used in it), for good,
        without changing its version but bumping its ``revision`` (so every process's
        cached copy is seen to be out of date); return the game as stored now (None for
        an unknown id)."""
        with self._writing() as connection:
            connection.execute(_MARK_ASSISTED, {"game_id": game_id})
            row = connection.execute(_SELECT_GAME, {"game_id": game_id}).first()
        return GameRecord.of(row) if row is not None else None

    # --- what the server processes share -------------------------------------------

    def add_search(self, row: dict[str, Any]) -> None:
        """Save a new search for a winnable deal (a row of ``deal_searches``)."""
        with self._writing() as connection:
            connection.execute(insert(deal_searches), row)

    def search(self, search_id: str) -> dict[str, Any] | None:
        """Return the search ``search_id`` as a dict of its columns, or None."""
        statement = select(deal_searches).where(deal_searches.c.id == search_id)
        with self._reading() as connection:
            row = connection.execute(statement).first()
        return dict(row._mapping) if row is not None else None

    def update_search(self, search_id: str, *, running_only: bool = False, **values: Any) -> bool:
        """Change columns of the search ``search_id``; with ``running_only``, only while its
        status is ``running`` (so an end is written once). Return whether a row changed."""
        statement = update(deal_searches).where(deal_searches.c.id == search_id)
        if running_only:
            statement = statement.where(deal_searches.c.status == "running")
        with self._writing() as connection:
            return bool(connection.execute(statement.values(**values)).rowcount)

    def claim_job(self, player_id: str, job_id: str) -> None:
        """Make ``job_id`` the one solver job of ``player_id`` (any older one is
        superseded: its process sees that :meth:`job_of` no longer names it)."""
        now = _now()
        with self._writing() as connection:
            changed = connection.execute(
                update(player_jobs)
                .where(player_jobs.c.player_id == player_id)
                .values(job_id=job_id, started_at=now)
            ).rowcount
            if not changed:
                connection.execute(
                    insert(player_jobs),
                    {"player_id": player_id, "job_id": job_id, "started_at": now},
                )

    def job_of(self, player_id: str) -> str | None:
        """Return the id of the solver job ``player_id`` has running, or None."""
        statement = select(player_jobs.c.job_id).where(player_jobs.c.player_id == player_id)
        with self._reading() as connection:
            row = connection.execute(statement).first()
        return str(row[0]) if row is not None else None

    def release_job(self, player_id: str, job_id: str) -> None:
        """Forget ``job_id`` as the player's running job (when it still is)."""
        with self._writing() as connection:
            connection.execute(
                delete(player_jobs).where(
                    player_jobs.c.player_id == player_id, player_jobs.c.job_id == job_id
                )
            )

    def keep_solution(self, game_id: str, key: str, moves: str, *, per_game: int = 4) -> None:
        """Keep ``moves`` as the solution of position ``key`` of game ``game_id``, and at
        most ``per_game`` solutions of the game (the oldest go)."""
        now = _now()
        with self._writing() as connection:
            where = (kept_solutions.c.game_id == game_id, kept_solutions.c.position_key == key)
            connection.execute(delete(kept_solutions).where(*where))
            connection.execute(
                insert(kept_solutions),
                {"game_id": game_id, "position_key": key, "moves": moves, "created_at": now},
            )
            older = (
                select(kept_solutions.c.position_key)
                .where(kept_solutions.c.game_id == game_id)
                .order_by(kept_solutions.c.created_at.desc())
                .offset(per_game)
            )
            stale = [row[0] for row in connection.execute(older)]
            if stale:
                connection.execute(
                    delete(kept_solutions).where(
                        kept_solutions.c.game_id == game_id,
                        kept_solutions.c.position_key.in_(stale),
                    )
                )

    def solution(self, game_id: str, key: str) -> str | None:
        """Return the solution kept for position ``key`` of game ``game_id``, or None."""
        statement = select(kept_solutions.c.moves).where(
            kept_solutions.c.game_id == game_id, kept_solutions.c.position_key == key
        )
        with self._reading() as connection:
            row = connection.execute(statement).first()
        return str(row[0]) if row is not None else None

    def count_request(self, key: str, window: int) -> int:
        """Count one request under ``key`` in time window ``window``; return the count in
        that window so far, this one included (an older window's count starts again)."""
        with self._writing() as connection:
            row = connection.execute(
                select(rate_limits.c.window, rate_limits.c.count)
                .where(rate_limits.c.key == key)
                .with_for_update()
            ).first()
            if row is None:
                try:
                    with connection.begin_nested():
                        connection.execute(
                            insert(rate_limits), {"key": key, "window": window, "count": 1}
                        )
                    return 1
                except IntegrityError:  # another process counted the first one
                    row = connection.execute(
                        select(rate_limits.c.window, rate_limits.c.count)
                        .where(rate_limits.c.key == key)
                        .with_for_update()
                    ).first()
                    assert row is not None
            count = int(row[1]) + 1 if int(row[0]) == window else 1
            connection.execute(
                update(rate_limits)
                .where(rate_limits.c.key == key)
                .values(window=window, count=count)
            )
            return count

    def reachable(self) -> bool:
        """True when the database answers a trivial query (for the health endpoint)."""
        try:
            with self._reading() as connection:
                connection.exec_driver_sql("SELECT 1")
        except Exception:
            log.warning("the database is not reachable", exc_info=True)
            return False
        return True

    # --- the job queue's solver jobs (see .jobs.queue) -----------------------------------

    def add_solver_job(self, row: dict[str, Any]) -> None:
        """Save a new solver job (a row of ``solver_jobs``)."""
        now = _now()
        with self._writing() as connection:
            connection.execute(insert(solver_jobs), row | {"created_at": now, "updated_at": now})

    def solver_job(self, job_id: str) -> dict[str, Any] | None:
        """Return the solver job ``job_id`` as a dict of its columns, or None."""
        statement = select(solver_jobs).where(solver_jobs.c.id == job_id)
        with self._reading() as connection:
            row = connection.execute(statement).first()
        return {key: aware(value) for key, value in row._mapping.items()} if row else None

    def update_solver_job(self, job_id: str, *, unfinished: bool = False, **values: Any) -> bool:
        """Change columns of the solver job ``job_id`` (``updated_at`` is set to now); with
        ``unfinished``, only while it is queued or running. Return whether it changed."""
        statement = update(solver_jobs).where(solver_jobs.c.id == job_id)
        if unfinished:
            statement = statement.where(solver_jobs.c.status.in_(("queued", "running")))
        with self._writing() as connection:
            changed = connection.execute(statement.values(updated_at=_now(), **values))
            return bool(changed.rowcount)

    # --- the record -----------------------------------------------------------------

    def has_won_code(self, player_id: str, code: str) -> bool:
        """True when ``player_id`` has won a game of ``code`` (counted or practice)."""
        statement = select(games.c.id).where(
            games.c.player_id == player_id,
            games.c.code == code,
            games.c.finished_won_at.is_not(None),
        )
        with self._reading() as connection:
            return connection.execute(statement.limit(1)).first() is not None

    def results(self, player_id: str) -> list[ResultRow]:
        """Return every result of ``player_id``, oldest first."""
        statement = (
            select(
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
            )
            .where(results.c.player_id == player_id)
            .order_by(results.c.decided_at, results.c.game_id)
        )
        with self._reading() as connection:
            return [
                ResultRow(**{key: aware(value) for key, value in row._asdict().items()})
                for row in connection.execute(statement)
            ]

    def resets(self, player_id: str) -> list[ResetRow]:
        """Return the resets of ``player_id``'s figures, oldest first."""
        statement = (
            select(stat_resets.c.suits, stat_resets.c.rule, stat_resets.c.reset_at)
            .where(stat_resets.c.player_id == player_id)
            .order_by(stat_resets.c.id)
        )
        with self._reading() as connection:
            return [
                ResetRow(row.suits, row.rule, aware(row.reset_at))
                for row in connection.execute(statement)
            ]

    def add_reset(self, player_id: str, suits: int | None, rule: str | None) -> None:
        """Reset ``player_id``'s figures of ``suits``/``rule`` (None: every value) now."""
        with self._writing() as connection:
            connection.execute(
                insert(stat_resets),
                {"player_id": player_id, "suits": suits, "rule": rule, "reset_at": self.clock()},
            )

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
            select(*_GAME_COLUMNS)
            .where(where)
            .order_by(games.c.created_at.desc(), games.c.id)
            .offset(offset)
            .limit(limit)
        )
        with self._reading() as connection:
            total = connection.execute(select(func.count()).where(where)).scalar_one()
            rows = [GameRecord.of(row) for row in connection.execute(page)]
        return rows, int(total)

    def set_share(self, game_id: str, share_id: str | None) -> None:
        """Set (or, with None, remove) the public replay link of ``game_id``."""
        with self._writing() as connection:
            connection.execute(
                update(games)
                .where(games.c.id == game_id)
                .values(share_id=share_id, revision=games.c.revision + 1)
            )

    def game_by_share(self, share_id: str) -> GameRecord | None:
        """Return the game whose public replay link is ``share_id``, or None."""
        with self._reading() as connection:
            row = connection.execute(
                select(*_GAME_COLUMNS).where(games.c.share_id == share_id)
            ).first()
        return GameRecord.of(row) if row is not None else None

    def add_transfer(self, player_id: str, code: str, lifetime: timedelta) -> datetime:
        """Save a transfer ``code`` for ``player_id``, valid for ``lifetime``; return when
        it expires. Codes of the player that have expired are deleted."""
        now = self.clock()
        expires_at = now + lifetime
        with self._writing() as connection:
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
        now = self.clock()
        with self._writing() as connection:
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


def _result_row(game: GameRecord, decided: Decided, now: datetime) -> dict[str, Any]:
    """The ``results`` row of ``game`` (as stored in the deciding transaction) decided as
    ``decided`` at ``now``."""
    return {
        "game_id": game.id,
        "player_id": game.player_id,
        "suits": game.suits,
        "rule": game.rule,
        "daily_date": game.daily_date,
        "assisted": game.assisted,
        "outcome": decided.outcome,
        "score": decided.score,
        "moves": decided.moves,
        "playing_ms": game.playing_ms,
        "decided_at": now,
    }
