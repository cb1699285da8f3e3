"""What a hosted site needs of one server (issue 11): a health endpoint, versioned static
files, X-Forwarded-* trusted only from configured proxies, several uvicorn workers, and
the settings from the environment."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import httpx
import pytest
from fastapi.testclient import TestClient

from spider_solitaire import __version__
from spider_solitaire.cli import main
from spider_solitaire.server.routes.pages import static_token
from spider_solitaire.server.settings import WEB_DIR, Settings

from .conftest import CODE
from .servers import free_port, spider_serve


def test_healthz_says_the_database_answers(client: TestClient) -> None:
    response = client.get("/healthz")
    assert (response.status_code, response.json()) == (200, {"status": "ok"})
    assert response.headers["cache-control"] == "no-store"


def test_the_page_names_its_files_under_the_version_token(client: TestClient) -> None:
    page = client.get("/").text
    token = static_token(WEB_DIR)
    assert re.fullmatch(rf"{re.escape(__version__)}-[0-9a-f]{{10}}", token)
    assert f'src="/static/v/{token}/js/main.js"' in page
    assert 'href="/static/css' not in page and 'src="/static/js' not in page
    script = client.get(f"/static/v/{token}/js/main.js")
    assert script.status_code == 200
    assert script.headers["cache-control"] == "public, max-age=31536000, immutable"
    # the modules import each other and the texts relative to themselves: all under the token
    texts = client.get(f"/static/v/{token}/i18n/en.json")
    assert texts.json()["button.new"] == "New game"
    assert client.get("/static/js/main.js").status_code == 200  # older pages' links


def test_the_token_changes_with_any_file(tmp_path: Path) -> None:
    web = tmp_path / "web"
    shutil.copytree(WEB_DIR / "js", web / "js")
    before = static_token(web)
    assert static_token(web) == before
    (web / "js" / "api.js").write_text("// changed\n")
    assert static_token(web) != before
    assert static_token(tmp_path / "absent") == f"{__version__}-none"


def test_settings_come_from_spider_variables() -> None:
    settings = Settings.from_env(
        {
            "SPIDER_DB_URL": "sqlite:///x.db",
            "SPIDER_SOLVER_CORES": "3",
            "SPIDER_SOLVE_TIME_LIMIT": "2.5",
        },
        solver_cores=None,
    )
    assert (settings.db_url, settings.solver_cores, settings.solve_time_limit) == (
        "sqlite:///x.db",
        3,
        2.5,
    )
    assert Settings.from_env({"SPIDER_SOLVER_CORES": "3"}, solver_cores=1).solver_cores == 1
    with pytest.raises(ValueError, match="SPIDER_SOLVER_CORES='many' is not a number"):
        Settings.from_env({"SPIDER_SOLVER_CORES": "many"})


PROXIED = {"X-Forwarded-Proto": "https", "X-Forwarded-For": "203.0.113.9"}
"""What a TLS reverse proxy adds to a request."""


def _cookie(base: str) -> str:
    with httpx.Client() as client:
        response = client.post(f"{base}/api/games", json={"code": CODE}, headers=PROXIED)
    assert response.status_code == 201
    return response.headers["set-cookie"]


def test_forwarded_headers_count_only_from_configured_proxies(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'games.db'}"
    with spider_serve(url) as base:  # no proxy configured: the headers are ignored
        assert "secure" not in _cookie(base).lower()
    trusted = ["--forwarded-allow-ips", "127.0.0.1"]
    with spider_serve(url, new_games_per_address=1, extra=trusted) as base:
        assert "; secure" in _cookie(base).lower()  # behind a TLS proxy: a Secure cookie
        with httpx.Client() as client:  # the limit counts the forwarded address
            again = client.post(f"{base}/api/games", json={"code": CODE}, headers=PROXIED)
            assert again.status_code == 429
            other = {**PROXIED, "X-Forwarded-For": "203.0.113.10"}
            assert (
                client.post(f"{base}/api/games", json={"code": CODE}, headers=other).status_code
                == 201
            )


@pytest.mark.slow
def test_spider_serve_workers_runs_several_processes(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'games.db'}"
    with spider_serve(url, extra=["--workers", "2", "--port", str(free_port())]) as base:
        with httpx.Client() as client:
            state = client.post(f"{base}/api/games", json={"code": CODE}).json()
            for _ in range(6):  # whichever worker answers, the game is there
                assert client.get(f"{base}/api/games/{state['id']}").status_code == 200
        assert httpx.get(f"{base}/healthz").json() == {"status": "ok"}


def test_spider_worker_needs_postgresql(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["worker", "--db", f"sqlite:///{tmp_path / 'games.db'}"]) == 2
    assert capsys.readouterr() == (
        "",
        "spider worker: the job queue needs PostgreSQL, not sqlite\n",
    )
