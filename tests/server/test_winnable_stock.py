"""'Winnable deals only' from the stock of proved deals: a deal the player has not played,
at once; a search only once the player has played them all (issue 19, item 2). Each test
runs on SQLite and PostgreSQL, with a stock of two deals put in its place."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from spider_solitaire.server.app import create_app
from spider_solitaire.server.settings import Settings
from spider_solitaire.variants import CLASSIC, GroupRule
from spider_solitaire.winnable import stock

from .conftest import act, new_game

TINY = ("SP1-S1C-T3BSIPQ", "SP1-S1C-HBOYNHO")
"""The stock of one suit in these tests (two deals the solver wins in about a second)."""


def _tiny(suits: int, rule: GroupRule, variant: str) -> tuple[str, ...]:
    return TINY if (variant, suits) == ("spider", 1) else ()


@pytest.fixture
def settings(db_url: str) -> Settings:
    """One solver; a search that goes on long enough to be seen running."""
    return Settings(db_url=db_url, solver_cores=1, winnable_time_limit=30, winnable_max_tries=3)


@pytest.fixture
def app(settings: Settings) -> Iterator[FastAPI]:
    """The app, with :data:`TINY` as its stock."""
    application = create_app(settings)
    application.state.help.deal_searches.stock = _tiny
    yield application
    application.state.store.close()


def _winnable(client: TestClient, **body: Any) -> dict[str, Any]:
    response = client.post("/api/winnable-deals", json=body or {"suits": 1})
    assert response.status_code == 202, response.text
    answer: dict[str, Any] = response.json()
    return answer


def test_each_player_gets_the_stock_s_deals_they_have_not_played_then_a_search(
    client: TestClient, make_client: Any
) -> None:
    first = _winnable(client)
    assert (first["status"], first["stock"], first["tried"], first["message"]) == (
        "done",
        True,
        0,
        None,
    )
    state = first["state"]
    assert state["code"] in TINY and (state["version"], state["assisted"]) == (0, False)
    assert client.get("/api/games/current").json() == state
    # the answer is kept as a search that has ended, as any search's end
    assert client.get(f"/api/winnable-deals/{first['id']}").json() == first
    second = _winnable(client, suits=1, rule="flexible")  # one suit: the Classic stock
    assert (second["status"], second["stock"], second["rule"]) == ("done", True, "classic")
    assert {state["code"], second["state"]["code"]} == set(TINY)
    # both played: the third asks the solver, while the player waits
    third = _winnable(client)
    assert (third["status"], third["stock"], third["tried"]) == ("running", False, 0)
    assert third["state"] is None
    stopped = client.post(f"/api/winnable-deals/{third['id']}/stop").json()
    assert (stopped["status"], stopped["reason"]) == ("cancelled", "stopped")
    # another player has played none of them
    other = make_client()
    assert _winnable(other)["state"]["code"] in TINY
    # a level without a stock searches at once
    four = _winnable(other, suits=4, rule="flexible")
    assert (four["status"], four["stock"], four["suits"], four["rule"]) == (
        "running",
        False,
        4,
        "flexible",
    )
    other.post(f"/api/winnable-deals/{four['id']}/stop")


def test_a_stock_deal_cancels_the_player_s_running_search(client: TestClient) -> None:
    search = _winnable(client, suits=4)  # no stock of 4 suits here: a search
    assert search["status"] == "running"
    given = _winnable(client, suits=1)
    assert (given["status"], given["state"]["code"] in TINY) == ("done", True)
    ended = client.get(f"/api/winnable-deals/{search['id']}").json()
    assert (ended["status"], ended["reason"]) == ("cancelled", "solve_cancelled")
    assert client.get("/api/games/current").json()["id"] == given["state"]["id"]


def test_a_deal_played_any_other_way_counts_as_played(client: TestClient) -> None:
    typed = new_game(client, code=TINY[0].lower())  # a game of the code, typed
    assert act(client, typed, "d").status_code == 200
    given = _winnable(client, suits=1, confirm=["abandon"])
    assert given["state"]["code"] == TINY[1]  # the other one, at once
    search = _winnable(client)
    assert search["status"] == "running"
    client.post(f"/api/winnable-deals/{search['id']}/stop")


def test_a_game_in_progress_is_left_only_when_confirmed(client: TestClient) -> None:
    state = new_game(client, code="SP1-S2C-AAAAAAD")
    assert act(client, state, "d").status_code == 200
    asked = client.post("/api/winnable-deals", json={"suits": 1})
    assert (asked.status_code, asked.json()["reason"]) == (409, "confirm_needed")
    assert client.get("/api/games/current").json()["id"] == state["id"]
    given = _winnable(client, suits=1, confirm=["abandon"])
    assert given["state"]["code"] in TINY
    stats = client.get("/api/stats").json()
    two = next(v for v in stats["variants"] if (v["suits"], v["rule"]) == (2, "classic"))
    left = two["unassisted"]
    assert (left["finished"], left["lost"]) == (1, 1)  # the game left counts as lost


def test_two_server_processes_agree_on_what_was_played(app: FastAPI, settings: Settings) -> None:
    """What the player has played is read from the database: a second app on the same
    database gives the other deal, then searches."""
    other = create_app(settings)
    other.state.help.deal_searches.stock = _tiny
    try:
        with TestClient(app) as here, TestClient(other) as there:
            given = _winnable(here)["state"]["code"]
            there.cookies.update(here.cookies)  # the same player on the other process
            assert _winnable(there)["state"]["code"] == next(c for c in TINY if c != given)
            search = _winnable(here)
            assert (search["status"], search["stock"]) == ("running", False)
            here.post(f"/api/winnable-deals/{search['id']}/stop")
    finally:
        other.state.store.close()


def test_the_shipped_stock_gives_a_four_suit_deal_at_once(settings: Settings) -> None:
    assert Settings().winnable_stock is True
    application = create_app(settings)  # the shipped stock
    try:
        with TestClient(application) as client:
            for rule in ("classic", "flexible"):
                given = _winnable(client, suits=4, rule=rule, confirm=["abandon"])
                assert (given["status"], given["stock"], given["tried"]) == ("done", True, 0)
                assert given["state"]["code"] in stock(4, rule)
    finally:
        application.state.store.close()


def _view(client: TestClient, search: dict[str, Any]) -> dict[str, Any]:
    answer: dict[str, Any] = client.get(f"/api/winnable-deals/{search['id']}").json()
    return answer


def test_a_spiderette_deal_comes_from_its_own_shipped_stock_at_once(
    settings: Settings,
) -> None:
    application = create_app(settings)  # the shipped stock
    try:
        with TestClient(application) as client:
            given = _winnable(client, variant="spiderette", suits=2, rule="classic")
            assert (given["status"], given["stock"], given["tried"]) == ("done", True, 0)
            assert (given["variant"], given["suits"], given["rule"]) == ("spiderette", 2, "classic")
            state = given["state"]
            assert state["code"] in stock(2, "classic", "spiderette")
            assert state["code"].startswith("SP1-ETTE-S2C-")
            assert (state["variant"], len(state["columns"])) == ("spiderette", 7)
            assert client.get("/api/games/current").json()["id"] == state["id"]
            assert _view(client, given)["variant"] == "spiderette"
            # the search asked for no variant is Spider's, as before
            spider = _winnable(client, suits=2, confirm=["abandon"])
            assert (spider["variant"], spider["stock"]) == ("spider", True)
            assert spider["state"]["code"] in stock(2, "classic")
    finally:
        application.state.store.close()


ETTE = "SP1-ETTE-S2C-N6UYXRZ"
"""The one spiderette deal (2 suits, Classic) of the stock in the tests below."""


def _one_spiderette(suits: int, rule: GroupRule, variant: str) -> tuple[str, ...]:
    return (ETTE,) if (variant, suits, rule) == ("spiderette", 2, CLASSIC) else ()


def test_a_spiderette_stock_used_up_searches_in_spiderette(app: FastAPI) -> None:
    app.state.help.deal_searches.stock = _one_spiderette
    with TestClient(app) as client:
        given = _winnable(client, variant="spiderette", suits=2)
        assert (given["stock"], given["state"]["code"]) == (True, ETTE)
        # its one deal played (read by the level's own code prefix): the search
        search = _winnable(client, variant="spiderette", suits=2)
        assert (search["status"], search["stock"], search["variant"]) == (
            "running",
            False,
            "spiderette",
        )
        assert _view(client, search)["variant"] == "spiderette"
        stopped = client.post(f"/api/winnable-deals/{search['id']}/stop").json()
        assert (stopped["status"], stopped["variant"]) == ("cancelled", "spiderette")


def test_an_unknown_variant_is_refused_and_named(client: TestClient) -> None:
    response = client.post("/api/winnable-deals", json={"variant": "klondike", "suits": 2})
    assert (response.status_code, response.json()["reason"]) == (400, "bad_request")
    assert "'klondike' is not a variant (known: spider, spider-1949," in response.text
    assert client.get("/api/games/current").status_code == 404  # nothing was dealt


@pytest.mark.slow
def test_the_live_search_deals_and_wins_a_spiderette_game(app: FastAPI) -> None:
    app.state.help.deal_searches.stock = _one_spiderette
    with TestClient(app) as client:
        assert _winnable(client, variant="spiderette", suits=2)["state"]["code"] == ETTE
        search = _winnable(client, variant="spiderette", suits=2)
        deadline = time.monotonic() + 120
        while search["status"] == "running":
            assert time.monotonic() < deadline, search
            time.sleep(0.1)
            search = _view(client, search)
        assert (search["status"], search["variant"], search["stock"]) == (
            "done",
            "spiderette",
            False,
        )
        assert 1 <= search["tried"] <= 3
        state = search["state"]
        assert state["code"].startswith("SP2-ETTE-S2C-") and state["code"] != ETTE
        assert (state["variant"], len(state["columns"]), state["version"]) == ("spiderette", 7, 0)
