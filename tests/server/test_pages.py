"""The page, the static files, the OpenAPI schema and the headers on every answer."""

from __future__ import annotations

from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from spider_solitaire.messages import browser_catalog, message
from spider_solitaire.server.app import create_app
from spider_solitaire.server.routes.pages import PLACEHOLDER_PAGE
from spider_solitaire.server.rule_links import rules_link
from spider_solitaire.server.settings import WEB_DIR, Settings

from .conftest import new_game


@pytest.fixture
def web(tmp_path: Path) -> TestClient:
    """A client of an app whose web directory is a small made-up one."""
    web_dir = tmp_path / "web"
    (web_dir / "js").mkdir(parents=True)
    (web_dir / "index.html").write_text("<!doctype html><title>t</title>", encoding="utf-8")
    (web_dir / "js" / "main.js").write_text("export const x = 1;\n", encoding="utf-8")
    settings = Settings(db_url=f"sqlite:///{tmp_path / 'web.db'}", web_dir=web_dir)
    return TestClient(create_app(settings))


def test_the_page_is_index_html(web: TestClient) -> None:
    response = web.get("/?code=SP1-S2C-AAAAAAD")
    assert response.status_code == 200
    assert response.text == "<!doctype html><title>t</title>"
    assert response.headers["content-type"].startswith("text/html")
    assert response.headers["cache-control"] == "no-cache"
    head = web.head("/")
    assert (head.status_code, head.text) == (200, "")
    assert head.headers["content-type"].startswith("text/html")


def test_the_page_is_read_once_per_process(web: TestClient, tmp_path: Path) -> None:
    """Issue 31, item 4: ``GET /`` does not read ``index.html`` again on every request."""
    assert web.get("/").text == "<!doctype html><title>t</title>"
    (tmp_path / "web" / "index.html").write_text("<p>edited</p>", encoding="utf-8")
    assert web.get("/").text == "<!doctype html><title>t</title>"


def test_static_files_are_served_as_es_modules(web: TestClient) -> None:
    response = web.get("/static/js/main.js")
    assert response.status_code == 200
    assert response.text == "export const x = 1;\n"
    assert response.headers["content-type"].startswith("text/javascript")
    missing = web.get("/static/js/nope.js")
    assert missing.status_code == 404
    assert missing.json()["reason"] == "not_found"
    assert web.get("/static/../../etc/passwd").status_code == 404


def test_the_browsers_catalog_is_built_from_the_message_catalog(web: TestClient) -> None:
    response = web.get("/static/i18n/es.json")
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("application/json")
    assert response.headers["cache-control"] == "no-cache"
    links = {key: value for key, value in response.json().items() if "refusal_rules." in key}
    assert response.json() == browser_catalog("es") | links
    # each refusal the page shows from the state links to its section, as an answer does
    assert links["refusal_rules.deal_needs_full_columns"] == rules_link("deal_needs_full_columns")
    assert response.json()["refusal.no_target"] == message("errors", "no_target", "es")
    assert response.json()["card.QH"] == "reina de corazones"
    assert not any("{" in label for label in response.json().values())
    assert web.get("/static/i18n/en.json").json()["button.new"] == "New game"
    missing = web.get("/static/i18n/fr.json")
    assert (missing.status_code, missing.json()["reason"]) == (404, "not_found")


def test_every_answer_has_the_security_headers(web: TestClient) -> None:
    for response in (
        web.get("/"),
        web.get("/static/js/main.js"),
        web.get("/api/games/current"),
        web.post("/api/games", content=b"{"),
        web.get("/openapi.json"),
    ):
        headers = response.headers
        assert headers["content-security-policy"].startswith("default-src 'self';")
        assert "unsafe-inline" not in headers["content-security-policy"]
        assert "script-src" not in headers["content-security-policy"]  # default-src: 'self'
        assert headers["x-content-type-options"] == "nosniff"
        assert headers["referrer-policy"] == "no-referrer"
        assert headers["x-frame-options"] == "DENY"


def test_api_answers_are_not_cached(web: TestClient) -> None:
    assert web.get("/api/games/current").headers["cache-control"] == "no-store"
    assert new_game(web)["version"] == 0


def test_a_placeholder_page_stands_in_until_the_web_app_exists(tmp_path: Path) -> None:
    settings = Settings(db_url=f"sqlite:///{tmp_path / 'p.db'}", web_dir=tmp_path / "absent")
    client = TestClient(create_app(settings))
    assert client.get("/").text == PLACEHOLDER_PAGE
    assert client.get("/static/js/main.js").status_code == 404


def test_the_package_web_directory_is_the_default() -> None:
    assert Settings().web_dir == WEB_DIR
    assert WEB_DIR.parts[-2:] == ("spider_solitaire", "web")


def test_unknown_addresses_and_methods_answer_json(web: TestClient) -> None:
    response = web.get("/nowhere", headers={"Accept-Language": "es"})
    assert (response.status_code, response.json()["reason"]) == (404, "not_found")
    assert response.json()["message"] == "Aquí no hay ninguna partida ni página así."
    response = web.delete("/api/games/current")
    assert (response.status_code, response.json()["reason"]) == (405, "method_not_allowed")


def test_the_openapi_schema_is_served_with_the_named_models(web: TestClient) -> None:
    schema = web.get("/openapi.json").json()
    assert set(schema["paths"]) == {
        "/api/games",
        "/api/games/current",
        "/api/games/variants",
        "/api/games/{game_id}",
        "/api/games/{game_id}/actions",
        "/api/games/{game_id}/hint",
        "/api/games/{game_id}/can-win",
        "/api/games/{game_id}/notice",
        "/api/games/{game_id}/solution/next",
        "/api/games/{game_id}/rewind",
        "/api/help-jobs/{help_job_id}",
        "/api/help-jobs/{help_job_id}/stop",
        "/api/winnable-deals",
        "/api/winnable-deals/{search_id}",
        "/api/winnable-deals/{search_id}/stop",
        "/api/games/{game_id}/open",
        "/api/stats",
        "/api/stats/reset",
        "/api/history",
        "/api/games/{game_id}/replay",
        "/api/games/{game_id}/replay/{step}",
        "/api/games/{game_id}/share",
        "/api/games/{game_id}/export",
        "/api/replays/{share_id}",
        "/api/replays/{share_id}/{step}",
        "/api/transfer",
        "/api/transfer/claim",
        "/api/daily",
    }
    models = set(schema["components"]["schemas"])
    assert {
        "HintAnswer",
        "CanWinAnswer",
        "LastWinnable",
        "SolutionStep",
        "DealSearch",
        "HelpJob",
        "NoticeAnswer",
    } <= models
    assert {"GameState", "MoveAction", "AutoAction", "ActionResult", "ErrorBody"} <= models
    assert {"NewGameFromCode", "NewGameFromSuits", "NewGameFromPosition"} <= models
    assert {"Stats", "Figures", "RecordView", "WinSummary", "ConfirmBody"} <= models
    assert {"NewGameDaily", "DailyView", "DailyDay", "DailyDealView", "DailyStats"} <= models
    daily = schema["paths"]["/api/daily"]["get"]
    assert set(daily["responses"]) == {"200", "400", "default"}
    query = [p["name"] for p in daily["parameters"] if p["in"] == "query"]
    assert query == ["date", "month", "tz", "offset"]
    assert "HTTPValidationError" not in models
    responses = schema["paths"]["/api/games/{game_id}/actions"]["post"]["responses"]
    assert set(responses) == {"200", "400", "404", "409", "413", "422", "default"}
    # can-win and the solve: 202 with a help job to poll (issue 21, item 5)
    help_job = {"$ref": "#/components/schemas/HelpJob"}
    can_win = schema["paths"]["/api/games/{game_id}/can-win"]["post"]["responses"]
    assert "200" not in can_win
    assert can_win["202"]["content"]["application/json"]["schema"] == help_job
    step = schema["paths"]["/api/games/{game_id}/solution/next"]["post"]["responses"]
    assert step["202"]["content"]["application/json"]["schema"] == help_job
    for path, method in (("", "get"), ("/stop", "post")):
        answers = schema["paths"]["/api/help-jobs/{help_job_id}" + path][method]["responses"]
        assert set(answers) == {"200", "404", "422", "default"}
        assert answers["200"]["content"]["application/json"]["schema"] == help_job


def test_text_answers_go_gzip_compressed(tmp_path: Path) -> None:
    """The real web files go compressed to a client that takes gzip (issue 19, item 13),
    and as they are to one that does not; a short answer goes as it is."""
    settings = Settings(db_url=f"sqlite:///{tmp_path / 'web.db'}")
    client = TestClient(create_app(settings))
    plain = (WEB_DIR / "js" / "render.js").read_bytes()
    zipped = client.get("/static/js/render.js", headers={"Accept-Encoding": "gzip"})
    assert zipped.status_code == 200
    assert zipped.headers["content-encoding"] == "gzip"
    assert zipped.content == plain  # httpx undoes the gzip
    wire = int(zipped.headers["content-length"])
    assert wire < len(plain) / 2, (wire, len(plain))
    assert "accept-encoding" in zipped.headers["vary"].lower()
    raw = client.get("/static/js/render.js", headers={"Accept-Encoding": "identity"})
    assert "content-encoding" not in raw.headers
    assert int(raw.headers["content-length"]) == len(plain)
    short = client.get("/healthz", headers={"Accept-Encoding": "gzip"})
    assert "content-encoding" not in short.headers
