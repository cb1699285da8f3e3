"""Browser tests: Playwright for Python driving Debian's Chromium (headless) against the real
server (``create_app`` under uvicorn in a subprocess, a temporary SQLite database).

Deals come from ``deals.json`` (found with the engine by ``find_deals.py``); a test
replays a deal's setup actions through the HTTP API, then plays in the browser.
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .support import DESKTOP, Table

CHROMIUM = os.environ.get("SPIDER_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
]

SERVE = """
import json, socket, sys, uvicorn
from spider_solitaire.server.app import create_app
from spider_solitaire.server.settings import Settings
app = create_app(Settings(db_url=sys.argv[1], **json.loads(sys.argv[3])))
listening = socket.socket(fileno=int(sys.argv[2]))
uvicorn.Server(uvicorn.Config(app, log_level="warning")).run(sockets=[listening])
"""
"""The server process: the app on the socket inherited as file descriptor ``argv[2]``
(bound by the test process, so that no other process can take its port first)."""

sync_api = pytest.importorskip("playwright.sync_api")
if not Path(CHROMIUM).exists():
    pytest.skip(f"no Chromium at {CHROMIUM} (apt-get install chromium)", allow_module_level=True)


@pytest.fixture(scope="session")
def base_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The real server on 127.0.0.1 with a fresh SQLite database."""
    yield from _serve(tmp_path_factory, {})


@pytest.fixture(scope="session")
def slow_solver_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """Another server whose solver cannot tell within its normal limit (50 nodes) but has
    no node limit with the long one ("Keep thinking")."""
    yield from _serve(
        tmp_path_factory,
        {"solve_node_limit": 50, "solve_time_limit_long": 30.0, "solve_node_limit_long": None},
    )


def _serve(tmp_path_factory: pytest.TempPathFactory, settings: dict[str, Any]) -> Iterator[str]:
    """Run the server with ``settings`` (Settings fields) until the session ends, on a
    port of its own (bound here and handed over: safe with pytest-xdist workers). It takes
    small boards as start positions (``puzzle_positions``: the tests' boards hold a few
    cards, not the whole deck)."""
    settings = {"puzzle_positions": True} | settings
    db = tmp_path_factory.mktemp("server") / "games.db"
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
        proc = subprocess.Popen(
            [
                sys.executable,
                "-c",
                SERVE,
                f"sqlite:///{db}",
                str(sock.fileno()),
                json.dumps(settings),
            ],
            pass_fds=[sock.fileno()],
        )
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    while True:
        try:
            with urllib.request.urlopen(url + "/static/js/main.js", timeout=1):
                break
        except OSError:
            if proc.poll() is not None or time.monotonic() > deadline:
                proc.kill()
                raise RuntimeError("the server did not start") from None
            time.sleep(0.1)
    yield url
    proc.terminate()
    try:
        proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        proc.kill()


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    with sync_api.sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def make_table(browser: Any, base_url: str) -> Iterator[Any]:
    """Make a fresh player's page: ``make_table(viewport=..., locale=..., motion=...)``;
    the guided start is marked seen unless ``tour=True``."""
    contexts: list[Any] = []
    tables: list[Table] = []

    def make(
        viewport: dict[str, int] | None = None,
        locale: str = "en-US",
        reduced_motion: str = "reduce",
        touch: bool = False,
        tour: bool = False,
    ) -> Table:
        # the guided start shows on a first visit; only its own tests want it (tour=True)
        seen = [] if tour else [{"name": "spider.tour", "value": "seen"}]
        context = browser.new_context(
            viewport=viewport or DESKTOP,
            locale=locale,
            reduced_motion=reduced_motion,
            has_touch=touch,
            is_mobile=touch,
            storage_state={"cookies": [], "origins": [{"origin": base_url, "localStorage": seen}]},
        )
        contexts.append(context)
        table = Table(context.new_page(), base_url)
        tables.append(table)
        return table

    yield make
    problems = [p for table in tables for p in table.problems]
    for context in contexts:
        context.close()
    assert not problems, problems


@pytest.fixture
def table(make_table: Any) -> Table:
    table: Table = make_table()
    return table
