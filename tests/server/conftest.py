"""Fixtures for the server tests: an app on a temporary SQLite file, talked to in process."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

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


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    """Settings with a fresh SQLite file in ``tmp_path``."""
    return Settings(db_url=f"sqlite:///{tmp_path / 'games.db'}")


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
