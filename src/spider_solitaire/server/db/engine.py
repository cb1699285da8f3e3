"""The database connection: the SQLAlchemy engine (:func:`make_engine`, with SQLite's pragmas)
and :class:`Database`, which opens it, brings its schema up to date and hands out reading and
writing transactions, the clock and the health check that the data-access classes share."""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Iterator, Mapping
from contextlib import AbstractContextManager, contextmanager, nullcontext
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import Executable, Row, create_engine, event
from sqlalchemy.engine import Connection, Engine, make_url
from sqlalchemy.pool import StaticPool

log = logging.getLogger(__name__)


def utc_now() -> datetime:
    """Return the current time in UTC (the default clock of a :class:`Database`)."""
    return datetime.now(UTC)


def aware(value: Any) -> Any:
    """Return ``value`` with UTC as its zone when it is a datetime without one (SQLite
    stores none), else unchanged."""
    if isinstance(value, datetime) and value.tzinfo is None:
        return value.replace(tzinfo=UTC)
    return value


def plain(row: Row[Any]) -> dict[str, Any]:
    """Return ``row`` as a dict of its columns, times in UTC (see :func:`aware`)."""
    return {key: aware(value) for key, value in row._mapping.items()}


def _sqlite_pragmas(synchronous: str) -> Any:
    def on_connect(dbapi_connection: Any, _record: Any) -> None:
        cursor = dbapi_connection.cursor()
        # the busy timeout first: turning WAL on takes a lock, which another process
        # migrating the database may hold (without it: "database is locked" at once)
        cursor.execute("PRAGMA busy_timeout=10000")
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute(f"PRAGMA synchronous={synchronous}")
        cursor.execute("PRAGMA foreign_keys=ON")
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


class Database:
    """An open database: its engine, its transactions and its clock.

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

        self.clock: Callable[[], datetime] = utc_now
        """Where the database's writers read the time (UTC): tests set a clock of their own."""
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
    def writing(self) -> Iterator[Connection]:
        """A write transaction, committed when the block ends (rolled back on an error).
        SQLite has one writer at a time and makes a second one sleep and retry (1 ms, 2 ms,
        5 ms, ... 100 ms); queueing this process's writers on a lock instead keeps every
        write a fraction of a millisecond."""
        with self._write_lock, self.engine.begin() as connection:
            yield connection

    @contextmanager
    def reading(self) -> Iterator[Connection]:
        """A connection for reads (no transaction is committed)."""
        with self.engine.connect() as connection:
            yield connection

    def first(
        self, statement: Executable, values: Mapping[str, Any] | None = None
    ) -> Row[Any] | None:
        """Run the query ``statement`` (with the bound ``values``) in a read and return its
        first row, or None when it has none."""
        with self.reading() as connection:
            return connection.execute(statement, values).first()

    def all(self, statement: Executable, values: Mapping[str, Any] | None = None) -> list[Row[Any]]:
        """Run the query ``statement`` (with the bound ``values``) in a read and return
        every row."""
        with self.reading() as connection:
            return list(connection.execute(statement, values))

    def reachable(self) -> bool:
        """True when the database answers a trivial query (for the health endpoint)."""
        try:
            with self.reading() as connection:
                connection.exec_driver_sql("SELECT 1")
        except Exception:
            log.warning("the database is not reachable", exc_info=True)
            return False
        return True


class Area:
    """The base of the data-access classes (one per area of the tables): they share the
    :class:`Database` they run on.

    Args:
        database: the open database.
    """

    def __init__(self, database: Database) -> None:
        self.database = database
