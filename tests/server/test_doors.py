"""Every id and text from a client is checked at the door (issue 21, item 2): a sweep over
every route's path and query parameters, read from the app itself (a new route is swept
too), with odd values (NUL, overlong, non-ASCII, an overlong UTF-8 NUL, ``..``, empty),
with and without a player cookie, on SQLite and PostgreSQL: no answer is a 5xx, each is
a 400, 404 or 422 with a reason from the catalog, and the saved game is unchanged.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any
from urllib.parse import quote

import pytest
from fastapi import FastAPI, routing
from fastapi.dependencies.models import Dependant
from fastapi.routing import APIRoute
from fastapi.testclient import TestClient

from spider_solitaire.errors import REASONS
from spider_solitaire.server.errors import SERVER_REASONS
from spider_solitaire.server.ids import GAME, KINDS, PLAYER, SEARCH, SHARE, checked, token_length
from spider_solitaire.server.players import COOKIE_NAME

from .conftest import act, new_game

ODD: tuple[tuple[str, str], ...] = (
    ("nul", quote("\x00")),
    ("nul inside an id's length", quote("AAAAAAA\x00AAAAAAAA")),
    ("nul at a share id's length", quote("A" * 21 + "\x00")),
    ("overlong utf-8 nul", "%C0%80"),
    ("overlong by one", "A" * 17),
    ("300 characters", "A" * 300),
    ("non-ascii of an id's length", quote("é" * 16)),
    ("non-ascii letters", quote("ÄÖÜßñ")),
    ("dot dot", "%2E%2E"),  # encoded: a client resolves a bare ".." segment itself
    ("dot dot inside", quote("../../etc/passwd", safe="")),
    ("space", quote("AAAAAAA AAAAAAAA")),
    ("empty", ""),
)
"""The odd values, as they go into the address (percent-encoded where a client must)."""

PAGE_ONLY = {("/rules", "lang")}
"""Parameters whose odd values are ignored by design: the rules page in the
``Accept-Language`` language for any other ``lang`` (docs/api.md)."""

PAGES = {"/replay/{share_id:path}"}
"""Pages for a person, whose odd ids answer a 404 page (HTML) saying the link leads
nowhere, with a link to the table."""


def answers_with_a_page(response: Any) -> bool:
    """Whether ``response`` is the 404 page of a replay link that leads nowhere."""
    return (
        response.status_code == 404
        and response.headers["content-type"].startswith("text/html")
        and 'href="/"' in response.text
    )


@dataclass(frozen=True)
class Param:
    """A route's parameter: where (``path`` or ``query``), its name, whether required."""

    where: str
    name: str
    required: bool


def parameters(route: Any) -> list[Param]:
    """Every path and query parameter of ``route``, from its dependencies too."""
    found: list[Param] = []
    todo: list[Dependant] = [route.dependant]
    while todo:
        dependant = todo.pop()
        found += [Param("path", field.alias, True) for field in dependant.path_params]
        found += [
            Param("query", field.alias, field.field_info.is_required())
            for field in dependant.query_params
        ]
        todo += dependant.dependencies
    return list({(p.where, p.name): p for p in found}.values())


def swept_routes(app: FastAPI) -> list[tuple[str, str, list[Param]]]:
    """``(method, path, parameters)`` of every route with a path or query parameter."""
    every: Iterable[Any] = app.routes
    if hasattr(routing, "iter_route_contexts"):  # FastAPI 0.16x: included routers
        every = routing.iter_route_contexts(app.routes)
    routes = []
    for route in every:
        if isinstance(getattr(route, "original_route", route), APIRoute):
            params = parameters(route)
            if params:
                for method in sorted(set(route.methods) - {"HEAD"}):
                    routes.append((method, route.path, params))
    return routes


@dataclass
class Table:
    """The valid value of each parameter kind (a route with a new one fails here)."""

    game_id: str
    share_id: str
    token: str

    def valid(self, name: str) -> str:
        """The valid value of the parameter ``name``."""
        values = {
            "game_id": self.game_id,
            "share_id": self.share_id,
            "search_id": SEARCH.make(),
            "step": "0",
            "token": self.token,
            "language": "en",
            "date": "2026-12-01",
        }
        assert name in values, f"the sweep has no valid value for a new parameter {name!r}"
        return values[name]


def url(path: str, params: list[Param], odd: Param, value: str, table: Table) -> str:
    """The address of ``path`` with ``value`` in ``odd`` and valid values elsewhere
    (an optional query parameter left out)."""
    query = []
    for param in params:
        text = value if param == odd else None
        if text is None and param.required:
            text = quote(table.valid(param.name), safe="")
        if text is None:
            continue
        if param.where == "path":  # {name}, or {name:path} and other convertors
            path = re.sub(r"\{" + param.name + r"(:\w+)?\}", text.replace("\\", r"\\"), path)
        else:
            query.append(f"{param.name}={text}")
    return path + ("?" + "&".join(query) if query else "")


@pytest.fixture
def player(client: TestClient) -> Iterator[dict[str, Any]]:
    """The player's game with two actions."""
    state = new_game(client)
    for action in ("6>1", "d"):
        response = act(client, state, action)
        assert response.status_code == 200, response.text
        state = response.json()["state"]
    yield state


def answers_well(response: Any) -> bool:
    """Whether ``response`` is a 400, 404, 405 or 422 with a reason and its message."""
    if response.status_code not in (400, 404, 405, 422):
        return False
    body = response.json()
    return body["reason"] in SERVER_REASONS | set(REASONS) and bool(body["message"])


def test_every_route_refuses_odd_ids_and_texts_with_a_4xx(
    app: FastAPI, client: TestClient, player: dict[str, Any]
) -> None:
    before = client.get(f"/api/games/{player['id']}").json()
    table = Table(player["id"], SHARE.make(), app.state.static_token)
    stranger = TestClient(app, follow_redirects=False)
    client.follow_redirects = False
    routes = swept_routes(app)
    assert len(routes) >= 18  # every game, replay, share, search and page route
    seen, bad = 0, []
    for method, path, params in routes:
        for param in params:
            for label, value in ODD:
                address = url(path, params, param, value, table)
                for who in (client, stranger):
                    response = who.request(method, address, json={})
                    seen += 1
                    if (path, param.name) in PAGE_ONLY or value == "":
                        # ignored by design; an empty optional value counts as absent; an
                        # empty path segment is another address (the router's 404, 405, 307)
                        ok = response.status_code < 500
                    elif path in PAGES:
                        ok = answers_with_a_page(response)
                    else:
                        ok = answers_well(response)
                    if not ok:
                        bad.append(
                            (method, address, label, response.status_code, response.text[:80])
                        )
    assert bad == [], "\n".join(map(str, bad))
    assert seen >= 18 * len(ODD) * 2
    assert client.get(f"/api/games/{player['id']}").json() == before


@pytest.mark.parametrize(
    "path",
    [
        "/api/games/{}",
        "/api/games/{}/replay",
        "/api/games/{}/replay/0",
        "/api/games/{}/export",
        "/api/winnable-deals/{}",
    ],
)
def test_a_nul_in_an_id_is_a_422_bad_id_naming_the_parameter(
    client: TestClient, player: dict[str, Any], path: str
) -> None:
    response = client.get(path.format("AAAAAAA%00AAAAAAAA"))
    assert response.status_code == 422
    body = response.json()
    assert body["reason"] == "bad_id"
    assert body["message"].startswith("That address holds no id of this server")
    name = "search_id" if "winnable" in path else "game_id"
    assert body["detail"] == f"{name}: not 16 characters of A-Z, a-z, 0-9, - and _"
    spanish = client.get(path.format("%00"), headers={"Accept-Language": "es"}).json()
    assert spanish["message"].startswith("Esa dirección no contiene")


@pytest.mark.parametrize("verb", ["post", "delete"])
def test_share_and_unshare_and_open_check_the_id(
    client: TestClient, player: dict[str, Any], verb: str
) -> None:
    for path in ("/api/games/A%00/share", "/api/games/" + "A" * 300 + "/share"):
        assert client.request(verb, path).json()["reason"] == "bad_id"
    opened = client.post("/api/games/%C0%80/open", json={})
    assert (opened.status_code, opened.json()["reason"]) == (422, "bad_id")
    stopped = client.post("/api/winnable-deals/%00/stop")
    assert (stopped.status_code, stopped.json()["reason"]) == (422, "bad_id")


def test_a_well_formed_unknown_id_is_still_a_404(
    client: TestClient, player: dict[str, Any]
) -> None:
    for path in (
        f"/api/games/{GAME.make()}",
        f"/api/replays/{SHARE.make()}",
        f"/api/winnable-deals/{SEARCH.make()}",
    ):
        response = client.get(path)
        assert (response.status_code, response.json()["reason"]) == (404, "not_found")
    assert answers_with_a_page(client.get(f"/replay/{SHARE.make()}"))  # a page for a person


@pytest.mark.parametrize(
    "path",
    [
        "/api/games/%2F",
        "/api/games/%2f",
        "/api/games/AAAAAAAAAAAAAAA%2F",
        "/api/games/{id}%2F",
        "/api/games/{id}/",
        "/api/games/{id}/export%2F",
        "/api/winnable-deals/%2F",
        "/api/help-jobs/%2F",
        "/api/replays/%2F",
    ],
)
def test_an_id_with_a_slash_is_404_not_found_not_a_405(
    client: TestClient, player: dict[str, Any], path: str
) -> None:
    """The router decodes ``%2F`` before it matches: an id ending in a slash was sent on
    (307) to the address without it, such as ``/api/games``, whose GET is a 405."""
    client.follow_redirects = False
    address = path.replace("{id}", player["id"])
    for method in ("GET", "POST"):
        response = client.request(method, address, json={})
        assert response.status_code == 404, (method, address, response.headers.get("location"))
        assert response.json() == {
            "reason": "not_found",
            "message": "There is no such game or page here.",
        }


@pytest.mark.parametrize(
    "cookie",
    ["A" * 31, "A" * 33, "A" * 300, "AAAAAAAAAAAAAAA%00AAAAAAAAAAAAAAAA", "../" * 11 + "AA", ""],
)
def test_a_malformed_cookie_counts_as_no_cookie(app: FastAPI, cookie: str) -> None:
    with TestClient(app) as fresh:
        fresh.cookies.set(COOKIE_NAME, cookie)
        current = fresh.get("/api/games/current")
        assert (current.status_code, current.json()["reason"]) == (404, "no_game")
        assert fresh.get("/api/games/current?optional=true").status_code == 204
        created = fresh.post("/api/games", json={"code": "SP1-S2C-AAAAAAD"})
        assert created.status_code == 201
        given = created.cookies[COOKIE_NAME]
        assert given != cookie and PLAYER.matches(given)


def test_a_cookie_with_a_nul_or_non_ascii_byte_counts_as_no_cookie(
    client: TestClient, player: dict[str, Any]
) -> None:
    for raw in (b"spider_player=AAAAAAAAAAAAAAA\x00AAAAAAAAAAAAAAAA", "spider_player=é".encode()):
        response = client.get(f"/api/games/{player['id']}", headers={"Cookie": raw})
        assert (response.status_code, response.json()["reason"]) == (404, "not_found")


@pytest.mark.parametrize(
    ("query", "reason"),
    [
        ("date=2026-12-01&tz=Europe%2FMadrid%00", "bad_time_zone"),
        ("date=2026-12-01&tz=..%2F..%2Fetc%2Fpasswd", "bad_time_zone"),
        ("date=2026-12-01&tz=" + "A" * 64, "bad_time_zone"),
        ("date=2026-12-01&tz=%C3%A9", "bad_time_zone"),
        ("date=%EF%BC%92%EF%BC%90%EF%BC%92%EF%BC%96-12-01", "no_daily_deal"),  # full-width digits
        ("date=2026-12-01&month=%EF%BC%92%EF%BC%90%EF%BC%92%EF%BC%96-12", "bad_request"),
        ("date=2026-12-0%00", "no_daily_deal"),
    ],
)
def test_the_daily_texts_are_checked_against_their_alphabet(
    client: TestClient, query: str, reason: str
) -> None:
    response = client.get(f"/api/daily?{query}")
    assert (response.status_code, response.json()["reason"]) == (400, reason)


def test_a_malformed_static_token_is_a_404(app: FastAPI, client: TestClient) -> None:
    good = client.get(f"/static/v/{app.state.static_token}/i18n/en.json")
    assert good.status_code == 200
    assert client.get("/static/v/0.0.9-0123456789/i18n/en.json").status_code == 200  # an older page
    for token in ("%00", "A" * 300, "..%2F..", "0.1.0-%C0%80"):
        response = client.get(f"/static/v/{token}/i18n/en.json")
        assert response.status_code == 404


def test_every_id_the_server_makes_has_its_kind_s_shape() -> None:
    assert [(kind.name, kind.length) for kind in KINDS] == [
        ("game_id", 16),
        ("share_id", 22),
        ("search_id", 16),
        ("job_id", 16),
        ("help_job_id", 16),
        ("player_id", 32),
    ]
    for kind in KINDS:
        for _ in range(50):
            assert checked(kind, kind.make())
    assert token_length(1) == 2
    assert not GAME.matches("A" * 15 + "=") and not GAME.matches("\uff21" * 16)


_BOARD = "rules: S1C\n1: | KS\n2: | AS\n" + "".join(f"{n}: |\n" for n in range(3, 11))


@pytest.mark.parametrize(
    ("path", "body", "status", "reason"),
    [
        ("/api/games", {"code": "SP1-S2C-AAAAAA\x00"}, 400, "bad_code"),
        ("/api/games", {"code": "A" * 300}, 400, "bad_code"),
        ("/api/games", {"daily": "2026-12-0\x00", "suits": 2}, 400, "bad_request"),
        ("/api/games", {"position": _BOARD.replace("KS", "KS\x00")}, 400, "bad_position"),
        ("{game}/actions", {"version": 2, "action": "d\x00"}, 400, "bad_action"),
        ("{game}/actions", {"version": 2, "action": "é" * 300}, 400, "bad_request"),
        ("{game}/open", {"confirm": ["abandon\x00"]}, 400, "bad_request"),
        ("/api/transfer/claim", {"code": "ABCD-EFG\x00"}, 404, "transfer_unknown"),
        ("/api/transfer/claim", {"code": "\uff21" * 8}, 404, "transfer_unknown"),
        ("/api/winnable-deals", {"suits": 1, "rule": "classic\x00"}, 400, "bad_request"),
        ("/api/stats/reset", {"suits": 1, "rule": "classic\x00"}, 400, "bad_request"),
    ],
)
def test_texts_in_a_body_are_read_by_their_parsers_before_the_database(
    client: TestClient,
    player: dict[str, Any],
    path: str,
    body: dict[str, Any],
    status: int,
    reason: str,
) -> None:
    before = client.get(f"/api/games/{player['id']}").json()
    response = client.post(path.replace("{game}", f"/api/games/{player['id']}"), json=body)
    assert (response.status_code, response.json()["reason"]) == (status, reason)
    assert client.get(f"/api/games/{player['id']}").json() == before


def test_a_nul_in_a_position_s_comment_is_not_kept(client: TestClient) -> None:
    created = client.post("/api/games", json={"position": "# a\x00 note\n" + _BOARD})
    assert created.status_code == 201, created.text
    again = client.get(f"/api/games/{created.json()['id']}")
    assert again.status_code == 200 and "\x00" not in again.text
