"""The database's schema, made and upgraded by Alembic migrations shipped in the package.

:func:`upgrade_database` brings a database to the newest revision: the
:class:`~spider_solitaire.server.db.Store` runs it when it opens a database, and ``spider db
upgrade --db URL`` runs it by hand. The revisions are in ``versions/``, oldest first:

* ``0001``: the schema of release 0.1.0 (whose tables ``create_all`` made, without an
  ``alembic_version`` table: such a database is recognised by its ``games`` table and
  stamped at ``0001`` before it is upgraded);
* ``0002``: drops the columns of ``games`` that nothing needs (``score``, ``moves``,
  ``is_won``: derived from the action log; ``history``, ``redo``: the undo and redo
  stacks, which the log rebuilds exactly);
* ``0003``: the player's record (docs/record.md): ``results``, ``stat_resets``,
  ``transfer_codes``, and the columns of ``games`` for practice, playing time, the
  counted outcome and the share link.
* ``0004``: what several server processes share (hosting, issue 11): ``games.revision``,
  64-bit counters, snapshots, deal searches, the player's running solver job, kept
  solutions and rate-limit counters.
* ``0006``: heartbeats (issue 21): ``deal_searches.beat_at`` and ``solver_workers``.
* ``0007``: fair solver shares (issue 21): ``solver_jobs.address`` and the indexes that
  count an address's and a player's jobs.
* ``0008``: long answers as jobs (issue 21): ``help_jobs`` ("Can I still win?" and the
  solution's solve, polled from any process).
* ``0009``: games played by the solver (issue 19): ``games.solved`` and ``results.solved``.
* ``0010``: the Spider family at the table (issue 20): ``variant`` on ``games`` and
  ``results`` (``spider`` for the rows there) and on ``stat_resets`` (null: every variant).
* ``0011``: winnable deals in every game of the family (issue 20):
  ``deal_searches.variant`` (``spider`` for the rows there).
* ``0012``: a shared link shows the game as it was when shared (issue 31):
  ``games.share_version``.
* ``0013``: a finished game's review, computed once and kept with it (issue 30):
  ``reviews``.

* ``0013``: a finished game's review (issue 30): ``reviews``.
* ``0014``: the hints a game's player was shown (issue 30), which its review reads:
  ``hints_shown``.

A new migration is a new file in ``versions/`` whose ``down_revision`` is the newest one,
written with Alembic's portable operations (batch mode for anything but adding a column:
SQLite rebuilds the table) and no SQL of one database only; the test
``tests/server/test_migrations.py`` checks that the newest revision makes exactly the
tables of :data:`~spider_solitaire.server.db.tables.metadata`.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import inspect
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import OperationalError

SCRIPT_LOCATION = Path(__file__).resolve().parent
"""This directory: Alembic's ``env.py`` and ``versions/``."""

ADVISORY_LOCK = 0x5350_4944_4552
"""The PostgreSQL advisory lock key that migrations hold ("SPIDER" in ASCII)."""

FIRST_REVISION = "0001"
"""The schema of release 0.1.0, which made its tables without Alembic."""


def alembic_config(connection: Connection | None = None) -> Config:
    """Return Alembic's configuration for the server's migrations, run on ``connection``
    (``env.py`` takes it from ``config.attributes``)."""
    config = Config()
    config.set_main_option("script_location", str(SCRIPT_LOCATION))
    config.set_main_option("path_separator", "os")
    config.attributes["connection"] = connection
    return config


def head_revision() -> str:
    """Return the newest revision (the schema this code reads and writes)."""
    head = ScriptDirectory.from_config(alembic_config()).get_current_head()
    assert head is not None, "the package ships its migrations"
    return head


@contextmanager
def _migrating(engine: Engine) -> Iterator[Connection]:
    """A connection in one transaction for migrations, committed at the end (rolled back
    on an error), that holds the database's migration lock first, so that a second
    process starting at the same time waits, then finds the work done. On SQLite: a
    ``BEGIN EXCLUSIVE`` transaction, with foreign keys off while tables are rebuilt, as
    SQLite's own procedure for changing a table asks; on PostgreSQL: a transaction-scoped
    advisory lock (:data:`ADVISORY_LOCK`)."""
    is_sqlite = engine.dialect.name == "sqlite"
    with engine.connect() as connection:
        if is_sqlite:
            connection.exec_driver_sql("PRAGMA foreign_keys=OFF")  # a no-op in a transaction
            connection.commit()
            connection.exec_driver_sql("BEGIN EXCLUSIVE")
        elif engine.dialect.name == "postgresql":
            connection.exec_driver_sql(f"SELECT pg_advisory_xact_lock({ADVISORY_LOCK})")
        try:
            yield connection
            connection.commit()
        finally:
            connection.rollback()  # nothing left after a commit; undoes a failed migration
            if is_sqlite:
                connection.exec_driver_sql("PRAGMA foreign_keys=ON")
                connection.commit()


LOCKED_TRIES = 5
"""How many times a migration on SQLite is tried when the file is locked (another process
starting at once may hold it in a way SQLite's busy timeout does not wait for: turning
WAL on while the other's exclusive transaction runs); the migration's transaction is
rolled back each time, so a try changes nothing."""


def upgrade_database(engine: Engine) -> tuple[str | None, str]:
    """Bring the database of ``engine`` to the newest revision, as :func:`_upgrade` does,
    tried again (:data:`LOCKED_TRIES` times at most, a growing pause between) when an
    SQLite file is locked by another process starting at once; return the revision it
    had (None: empty) and the one it has now.

    Raises:
        sqlalchemy.exc.OperationalError: the database cannot be opened or written (still
            locked after the last try, on SQLite).
        alembic.util.CommandError: as :func:`_upgrade`.
    """
    for attempt in range(1, LOCKED_TRIES + 1):
        try:
            return _upgrade(engine)
        except OperationalError as error:
            locked = engine.dialect.name == "sqlite" and "locked" in str(error)
            if not locked or attempt == LOCKED_TRIES:
                raise
            time.sleep(0.2 * attempt)
    raise AssertionError("unreachable: the last try returns or raises")


def _upgrade(engine: Engine) -> tuple[str | None, str]:
    """Bring the database of ``engine`` to the newest revision; return the revision it
    had (None: empty) and the one it has now.

    All of it runs in one transaction (on SQLite an immediate one: see
    :func:`_migrating`). A database of release 0.1.0 is stamped at
    :data:`FIRST_REVISION` first. Nothing is done at the newest revision.

    Raises:
        sqlalchemy.exc.OperationalError: the database cannot be opened or written.
        alembic.util.CommandError: the database has a revision this code does not know
            (made by a newer release).
    """
    head = head_revision()
    with _migrating(engine) as connection:
        stored = MigrationContext.configure(connection).get_current_revision()
        before = stored
        if stored is None and inspect(connection).has_table("games"):
            before = FIRST_REVISION  # made by release 0.1.0's create_all
        if before != head:
            config = alembic_config(connection)
            if stored is None and before is not None:
                command.stamp(config, before)
            command.upgrade(config, "head")
    return before, head


def downgrade_database(engine: Engine, revision: str) -> None:
    """Take the database of ``engine`` back down to ``revision`` (``base``: no tables),
    in one transaction as :func:`upgrade_database` does. For going back to an older
    release; every revision says what its way down keeps.

    Raises:
        alembic.util.CommandError: ``revision`` is unknown or not below the current one.
    """
    with _migrating(engine) as connection:
        command.downgrade(alembic_config(connection), revision)
