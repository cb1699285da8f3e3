"""Fixtures for the server tests: an app on a temporary database, talked to in process.

Every test that uses :func:`db_url` (and so :func:`settings`, :func:`app`, :func:`client`)
runs twice: on a SQLite file and on a fresh PostgreSQL database of the cluster named by
``SPIDER_TEST_PG_URL`` (``scripts/test.sh`` starts one; without it the PostgreSQL runs are
skipped with a notice).
"""

from __future__ import annotations

import os
import secrets
from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlalchemy import create_engine
from sqlalchemy.engine import make_url

from spider_solitaire.server.app import create_app
from spider_solitaire.server.settings import Settings

CODE = "SP1-S2C-AAAAAAD"
"""The deal most tests use (2 suits, Classic)."""

EMPTY_COLUMNS = "\n".join(f"{n}: |" for n in range(1, 11))


def board(columns: dict[int, str], *, rules: str = "S1C", stock: str = "") -> str:
    """Position text with the given ``N: <down> | <up>`` column bodies, others empty."""
    lines = [f"rules: {rules}", f"stock: {stock}".rstrip()]
    lines += [f"{n}: {columns.get(n, '|')}" for n in range(1, 11)]
    return "\n".join(lines) + "\n"


PG_URL = os.environ.get("SPIDER_TEST_PG_URL", "")
"""A PostgreSQL database URL whose user may create databases (scripts/test.sh sets it)."""


def fresh_database(kind: str, tmp_path: Path) -> Iterator[str]:
    """Yield the URL of a new empty database of ``kind`` (``sqlite``, ``postgresql``);
    a PostgreSQL one is dropped afterwards.

    Skips the test when ``kind`` is ``postgresql`` and :data:`PG_URL` is not set.
    """
    if kind == "sqlite":
        yield f"sqlite:///{tmp_path / 'games.db'}"
        return
    if not PG_URL:
        pytest.skip("no PostgreSQL: SPIDER_TEST_PG_URL is not set (scripts/test.sh sets it)")
    name = "t_" + secrets.token_hex(8)
    admin = create_engine(PG_URL, isolation_level="AUTOCOMMIT")
    try:
        with admin.connect() as connection:
            connection.exec_driver_sql(f"CREATE DATABASE {name}")
        yield make_url(PG_URL).set(database=name).render_as_string(hide_password=False)
        with admin.connect() as connection:
            connection.exec_driver_sql(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
    finally:
        admin.dispose()


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A new empty database: a SQLite file, then a PostgreSQL database (see the module
    docstring)."""
    yield from fresh_database(request.param, tmp_path)


@pytest.fixture
def settings(db_url: str) -> Settings:
    """Settings with a fresh database (:func:`db_url`)."""
    return Settings(db_url=db_url)


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
