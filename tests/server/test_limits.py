"""Numbers near the limits (issue 11): every counter a client can make reaches the
database and the solver and comes back, on SQLite and PostgreSQL; what would not is
refused at the door with a clear 400."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from spider_solitaire.position import MAX_COUNT
from spider_solitaire.server.games import MAX_START_COUNT

from .conftest import act, board

PUZZLE = {1: "| KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S", 2: "| AS"}
"""One move from a won 1-suit game (one run of spades, its Ace on another column)."""


def _position(*, moves: int = 0, score: int = 500) -> str:
    text = board(PUZZLE, rules="S1C")
    return text.replace("stock:\n", f"score: {score}\nmoves: {moves}\n", 1)


def test_a_game_started_near_the_limit_plays_on_and_is_solved(client: TestClient) -> None:
    created = client.post("/api/games", json={"position": _position(moves=MAX_START_COUNT)})
    assert created.status_code == 201, created.text
    state = created.json()
    assert state["moves"] == MAX_START_COUNT
    answer = client.post(f"/api/games/{state['id']}/can-win", json={"version": 0})
    assert answer.status_code == 200, answer.text
    assert answer.json()["answer"] == "yes"
    played = act(client, state, "2>1")
    assert played.status_code == 200, played.text
    won = played.json()["state"]
    assert (won["moves"], won["is_won"], won["score"]) == (MAX_START_COUNT + 1, True, 599)
    again = client.get(f"/api/games/{state['id']}")
    assert (again.json()["moves"], again.json()["version"]) == (MAX_START_COUNT + 1, 1)


@pytest.mark.parametrize("key", ["moves", "score"])
@pytest.mark.parametrize("value", [MAX_START_COUNT + 1, MAX_COUNT])
def test_a_counter_past_what_a_game_may_start_from_is_400(
    client: TestClient, key: str, value: int
) -> None:
    response = client.post("/api/games", json={"position": _position(**{key: value})})
    assert response.status_code == 400
    assert response.json()["reason"] == "bad_position"
    assert response.json()["detail"].startswith(f"{key}: {value} is more than the 1000000000")
