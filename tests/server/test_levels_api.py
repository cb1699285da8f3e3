"""Deals by difficulty through the API (issue 30, part 3): the variants list the levels
that have deals, a new game asks for a level and gets a deal of it the player has not
played (then one not won), the state, History and the statistics carry the level, and a
bad or empty level is refused. Each test runs on SQLite and PostgreSQL."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from spider_solitaire import levels
from spider_solitaire.server.db.record import ResultRow
from spider_solitaire.server.record.figures import wins_by_stars
from spider_solitaire.variants import CLASSIC

from .conftest import act, new_game

TWO = ("SP1-S1C-T3BSIPQ", "SP1-S1C-HBOYNHO")
"""Two shipped 1-suit 1-star deals (the first two rated)."""


def _level(client: TestClient, **body: Any) -> Any:
    return client.post("/api/games", json={"suits": 1, **body})


def test_the_variants_offer_the_levels_that_have_deals(client: TestClient) -> None:
    offers = {offer["name"]: offer for offer in client.get("/api/games/variants").json()}
    one_suit = next(level for level in offers["spider"]["levels"] if level["suits"] == 1)
    assert one_suit["deal_levels"] == [
        {"rule": "classic", "stars": list(levels.levels_offered(1, CLASSIC, "spider"))}
    ]
    assert one_suit["deal_levels"][0]["stars"][0] == 1


def test_a_new_game_of_a_level_is_a_deal_of_it_and_its_state_says_so(
    client: TestClient,
) -> None:
    state = _level(client, stars=1).json()
    assert state["code"] in levels.deals(1, CLASSIC, 1, "spider")
    assert (state["stars"], state["labels"]["stars"]) == (1, "1 star")
    spanish = client.get("/api/games/current", headers={"Accept-Language": "es"}).json()
    assert spanish["labels"]["stars"] == "1 estrella"
    plain = new_game(client, code="SP1-S1C-AAAAAAA")  # a deal nobody rated
    assert (plain["stars"], plain["labels"]["stars"]) == (None, None)


@pytest.mark.parametrize("stars", [0, 4, "2", 1.5, True])
def test_a_bad_level_is_refused_at_the_door(client: TestClient, stars: object) -> None:
    response = _level(client, stars=stars)
    assert (response.status_code, response.json()["reason"]) == (400, "bad_request")
    assert "stars" in response.json()["detail"]


def test_a_level_without_deals_is_refused(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(levels, "deals", lambda *args: ())
    response = _level(client, stars=3)
    assert (response.status_code, response.json()["reason"]) == (400, "level_no_deal")
    assert client.get("/api/games/current?optional=true").status_code == 204  # no game made


def test_the_player_gets_unplayed_deals_first_then_one_not_won(
    client: TestClient, make_client: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(levels, "deals", lambda *args: TWO)
    first = _level(client, stars=1, rule="flexible").json()  # one suit: Classic
    second = _level(client, stars=1).json()
    assert {first["code"], second["code"]} == set(TWO)
    assert first["labels"]["stars_note"] is None
    third = _level(client, stars=1).json()  # both played, neither won: one again
    assert third["code"] in TWO and third["id"] not in (first["id"], second["id"])
    assert third["labels"]["stars_note"] == (
        "You have played every deal rated 1 star of this game and suits: "
        "this is one you have not won yet."
    )
    # the note is the answer's alone: the game's state does not keep it
    assert client.get("/api/games/current").json()["labels"]["stars_note"] is None
    assert _level(make_client(), stars=1).json()["code"] in TWO  # another player


def test_once_every_deal_of_the_level_is_won_one_is_given_as_practice(
    app: FastAPI, client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(levels, "deals", lambda *args: TWO)
    for _ in TWO:
        _level(client, stars=1)
    # every deal of the level won (as the database would say after two wins)
    monkeypatch.setattr(app.state.store.games, "has_won_code", lambda *args: True)
    asked = _level(client, stars=1)
    assert (asked.status_code, asked.json()["reason"]) == (409, "confirm_needed")
    assert asked.json()["confirm"] == ["practice"]
    state = _level(client, stars=1, confirm=["practice"]).json()
    assert state["code"] in TWO and state["record"]["practice"] is True
    assert state["labels"]["stars_note"] == (
        "You have won every deal rated 1 star of this game and suits: this one is practice."
    )


def test_history_and_statistics_carry_the_level(client: TestClient) -> None:
    state = _level(client, stars=1).json()
    assert act(client, state, "d").status_code == 200  # an action: leaving it is a loss
    new_game(client, code="SP1-S1C-AAAAAAA", confirm=["abandon"])
    games = client.get("/api/history").json()["games"]
    rated = next(game for game in games if game["game_id"] == state["id"])
    assert (rated["stars"], rated["stars_label"]) == (1, "1 star")
    stats = client.get("/api/stats").json()
    row = next(row for row in stats["variants"] if (row["suits"], row["variant"]) == (1, "spider"))
    assert row["by_stars"] == [{"stars": 1, "finished": 1, "won": 0, "text": "1 star: 0 of 1 won"}]


def test_the_split_counts_each_level_s_wins() -> None:
    one = levels.deals(1, CLASSIC, 1, "spider")
    three = levels.deals(1, CLASSIC, 3, "spider")
    moment = datetime(2026, 12, 7, tzinfo=UTC)

    def result(code: str | None, outcome: str) -> ResultRow:
        return ResultRow("g", 1, CLASSIC, False, outcome, 0, 0, 0, moment, code=code)

    rows = [
        result(one[0], "won"),
        result(one[1], "lost"),
        result(three[0], "won"),
        result("SP1-S1C-AAAAAAA", "won"),  # not rated
        result(None, "won"),  # a game from a position
    ]
    assert wins_by_stars(rows) == [(1, 2, 1), (3, 1, 1)]
    assert wins_by_stars([]) == []
