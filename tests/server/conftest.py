"""Fixtures for the server tests: an app on a temporary database, talked to in process.

Every test that uses :func:`db_url` (and so :func:`settings`, :func:`app`, :func:`client`)
runs twice: on a SQLite file and on a PostgreSQL database of the cluster named by
``SPIDER_TEST_PG_URL`` (``scripts/test.sh`` starts one; without it the PostgreSQL runs are
skipped with a notice).

The migrations run once per test session (and pytest-xdist worker), on a template of each
kind (:class:`SchemaTemplates`); each test gets a copy already at the newest revision: a
copy of the SQLite file, or ``CREATE DATABASE ... TEMPLATE`` on PostgreSQL. The tests of
the migrations themselves, and of starting on an empty database, take an empty database
(:func:`fresh_database`, :func:`empty_db_url`).
"""

from __future__ import annotations

import os
import secrets
import shutil
from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlalchemy import Engine, create_engine
from sqlalchemy.engine import make_url

from boards import short_board as board
from spider_solitaire.server.app import create_app
from spider_solitaire.server.db.engine import make_engine
from spider_solitaire.server.db.migrations import upgrade_database
from spider_solitaire.server.settings import Settings

__all__ = ["board"]  # re-exported: the server tests import it from here

CODE = "SP1-S2C-AAAAAAD"
"""The deal most tests use (2 suits, Classic)."""

PG_URL = os.environ.get("SPIDER_TEST_PG_URL", "")
"""A PostgreSQL database URL whose user may create databases (scripts/test.sh sets it)."""


def _pg_url(database: str) -> str:
    """The URL of ``database`` on the cluster of :data:`PG_URL`."""
    return make_url(PG_URL).set(database=database).render_as_string(hide_password=False)


@cache
def _pg_admin_engine() -> Engine:
    """An engine on :data:`PG_URL` outside transactions (CREATE and DROP DATABASE), kept
    for the session (see :func:`schema_templates`)."""
    return create_engine(PG_URL, isolation_level="AUTOCOMMIT")


def _pg_admin(statement: str) -> None:
    """Run ``statement`` (CREATE or DROP DATABASE) on the cluster of :data:`PG_URL`."""
    with _pg_admin_engine().connect() as connection:
        connection.exec_driver_sql(statement)


@cache
def _pg_copy_strategy() -> str:
    """How ``CREATE DATABASE ... TEMPLATE`` copies: ``STRATEGY FILE_COPY`` from
    PostgreSQL 15 on (its default, WAL_LOG, writes the whole copy to the WAL: twice as
    slow for a small database); older versions only copy files."""
    with _pg_admin_engine().connect() as connection:
        version = int(connection.exec_driver_sql("SHOW server_version_num").scalar_one())
    return " STRATEGY FILE_COPY" if version >= 150000 else ""


def _skip_without_postgresql() -> None:
    if not PG_URL:
        pytest.skip("no PostgreSQL: SPIDER_TEST_PG_URL is not set (scripts/test.sh sets it)")


def fresh_database(kind: str, tmp_path: Path) -> Iterator[str]:
    """Yield the URL of a new empty database of ``kind`` (``sqlite``, ``postgresql``);
    a PostgreSQL one is dropped afterwards.

    Skips the test when ``kind`` is ``postgresql`` and :data:`PG_URL` is not set.
    """
    if kind == "sqlite":
        yield f"sqlite:///{tmp_path / 'games.db'}"
        return
    _skip_without_postgresql()
    name = "t_" + secrets.token_hex(8)
    _pg_admin(f"CREATE DATABASE {name}")
    try:
        yield _pg_url(name)
    finally:
        _pg_admin(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


class SchemaTemplates:
    """One database of each kind brought to the newest revision by the migrations, made
    the first time a test asks for it and copied for every test (:meth:`copy`): the
    migrations run once per session (once per pytest-xdist worker, each with its own
    templates), not once per test.

    A PostgreSQL template is a database named after the worker (and a random part: other
    sessions may share the cluster) that nothing stays connected to, as ``CREATE DATABASE
    ... TEMPLATE`` requires; it is dropped at the end of the session.
    """

    def __init__(self, directory: Path, worker: str) -> None:
        self.directory = directory
        self.worker = worker
        self._sqlite: Path | None = None
        self._postgresql: str | None = None

    def sqlite(self) -> Path:
        """The migrated SQLite template file (made on the first call)."""
        if self._sqlite is None:
            path = self.directory / "template.db"
            _migrate(f"sqlite:///{path}")
            # the last connection's close checkpoints the WAL into the file: one file to copy
            assert not path.with_name(path.name + "-wal").exists()
            self._sqlite = path
        return self._sqlite

    def postgresql(self) -> str:
        """The name of the migrated PostgreSQL template database (made on the first call)."""
        if self._postgresql is None:
            _skip_without_postgresql()
            name = f"tmpl_{self.worker}_{secrets.token_hex(4)}"
            _pg_admin(f"CREATE DATABASE {name}")
            try:
                _migrate(_pg_url(name))
            except BaseException:
                _pg_admin(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
                raise
            self._postgresql = name
        return self._postgresql

    def copy(self, kind: str, tmp_path: Path) -> Iterator[str]:
        """Yield the URL of a new database of ``kind`` (``sqlite``, ``postgresql``) at the
        newest revision: a copy of the template; a PostgreSQL one is dropped afterwards.

        Skips the test when ``kind`` is ``postgresql`` and :data:`PG_URL` is not set.
        """
        if kind == "sqlite":
            yield self.sqlite_url(tmp_path / "games.db")
            return
        template = self.postgresql()
        name = "t_" + secrets.token_hex(8)
        _pg_admin(f"CREATE DATABASE {name} TEMPLATE {template}{_pg_copy_strategy()}")
        try:
            yield _pg_url(name)
        finally:
            _pg_admin(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")

    def sqlite_url(self, path: Path) -> str:
        """Copy the SQLite template to ``path``; return its URL."""
        shutil.copyfile(self.sqlite(), path)
        return f"sqlite:///{path}"

    def close(self) -> None:
        """Drop the PostgreSQL template (the SQLite one is in the session's temporary
        directory)."""
        if self._postgresql is not None:
            _pg_admin(f"DROP DATABASE IF EXISTS {self._postgresql} WITH (FORCE)")
            self._postgresql = None


def _migrate(url: str) -> None:
    """Bring the (empty) database at ``url`` to the newest revision; close it."""
    engine = make_engine(url)
    try:
        upgrade_database(engine)
    finally:
        engine.dispose()


@pytest.fixture(scope="session")
def schema_templates(
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[SchemaTemplates]:
    """The session's (the pytest-xdist worker's) migrated templates."""
    worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
    templates = SchemaTemplates(tmp_path_factory.mktemp("templates"), worker)
    yield templates
    templates.close()
    if PG_URL:
        _pg_admin_engine().dispose()


@pytest.fixture
def migrated_sqlite(schema_templates: SchemaTemplates, tmp_path: Path) -> Callable[[str], str]:
    """Make SQLite databases at the newest revision, for tests that open several or set
    their own settings: ``migrated_sqlite("name.db")`` copies the template to
    ``tmp_path / "name.db"`` and returns its URL."""
    return lambda name: schema_templates.sqlite_url(tmp_path / name)


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(
    request: pytest.FixtureRequest, schema_templates: SchemaTemplates, tmp_path: Path
) -> Iterator[str]:
    """A new database at the newest revision (a copy of the session's migrated template):
    a SQLite file, then a PostgreSQL database (see the module docstring)."""
    yield from schema_templates.copy(request.param, tmp_path)


@pytest.fixture(params=["sqlite", "postgresql"])
def empty_db_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A new empty database (no tables: the migrations have not run): a SQLite file, then
    a PostgreSQL database."""
    yield from fresh_database(request.param, tmp_path)


@pytest.fixture
def settings(db_url: str) -> Settings:
    """Settings with a new database at the newest revision (:func:`db_url`), taking
    small boards as start positions (``puzzle_positions``: the tests' boards hold a few
    cards, not the whole deck; ``tests/server/test_games.py`` checks the default)."""
    return Settings(db_url=db_url, puzzle_positions=True)


START = datetime(2026, 12, 1, 12, 0, tzinfo=UTC)
"""The time the tests' store reads unless a test moves it (see :class:`Clock`)."""


class Clock:
    """A clock for the store that stands still until a test moves it (``advance``), so
    that playing times (and whole states) are exact figures."""

    def __init__(self, now: datetime = START) -> None:
        self.now = now

    def __call__(self) -> datetime:
        return self.now

    def advance(self, seconds: float) -> datetime:
        """Move the clock on by ``seconds``; return the new time."""
        self.now += timedelta(seconds=seconds)
        return self.now


@pytest.fixture
def clock() -> Clock:
    """The store's clock for :func:`app` (standing still at :data:`START`)."""
    return Clock()


@pytest.fixture
def app(settings: Settings, clock: Clock) -> Iterator[FastAPI]:
    """The app for :func:`settings`, its store reading :func:`clock`; its database is
    closed afterwards."""
    application = create_app(settings)
    application.state.store.clock = clock
    yield application
    application.state.store.close()


@pytest.fixture
def client(app: FastAPI) -> Iterator[TestClient]:
    """An in-process client for :func:`app` (one event loop for all its requests)."""
    with TestClient(app) as test_client:
        yield test_client


@pytest.fixture
def make_client(app: FastAPI) -> Callable[[], TestClient]:
    """Make more clients of the same app (other players: each has its own cookies)."""
    return lambda: TestClient(app)


def new_game(client: TestClient, **body: Any) -> dict[str, Any]:
    """POST /api/games with ``body`` (default: :data:`CODE`); assert 201; return the state."""
    response = client.post("/api/games", json=body or {"code": CODE})
    assert response.status_code == 201, response.text
    state: dict[str, Any] = response.json()
    return state


def act(client: TestClient, state: dict[str, Any], action: str, **extra: Any) -> Any:
    """POST an action for ``state``'s id and version; return the response."""
    body = {"version": state["version"], "action": action, **extra}
    return client.post(f"/api/games/{state['id']}/actions", json=body)
