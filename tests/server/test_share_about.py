"""What a replay shows its watcher (``about`` in ``/api/replays/{share_id}`` and the owner's
``/api/games/{id}/replay``): the deal, how the game ended, its moves and date, and nothing
of the owner's (issue 19, item 10)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta

import pytest
from fastapi.testclient import TestClient

from spider_solitaire.server.players import COOKIE_NAME

from .conftest import START, Clock, board, new_game
from .record_wins import WINS
from .test_record import play, win

D, E, F = WINS

ABOUT_KEYS = {
    "variant",
    "suits",
    "rule",
    "code",
    "daily",
    "outcome",
    "outcome_label",
    "moves",
    "score",
    "played_at",
}


def z(seconds: int) -> str:
    """The tests' start time plus ``seconds``, as the API writes times."""
    return (START + timedelta(seconds=seconds)).isoformat().replace("+00:00", "Z")


@pytest.mark.slow
def test_a_shared_won_game_says_what_it_is_and_nothing_of_the_owner(
    client: TestClient, clock: Clock, make_client: Callable[[], TestClient]
) -> None:
    won = win(client, E, clock)
    link = client.post(f"/api/games/{won['id']}/share").json()
    stranger = make_client()
    answer = stranger.get(f"/api/replays/{link['share_id']}")
    assert answer.status_code == 200
    body = answer.json()
    assert set(body) == {"steps", "actions", "about"}
    assert body["about"] == {
        "variant": "1 suit",
        "suits": 1,
        "rule": "classic",
        "code": E,
        "daily": None,
        "outcome": "won",
        "outcome_label": "Won",
        "moves": won["moves"],
        "score": won["score"],
        "played_at": z(len(WINS[E])),
    }
    assert won["moves"] == 98 and won["score"] == 1202
    # nothing of the owner's: no player id, no game id, no other game of theirs
    owner = client.cookies[COOKIE_NAME]
    assert owner not in answer.text and won["id"] not in answer.text
    assert COOKIE_NAME not in stranger.cookies  # watching made the visitor no player
    spanish = stranger.get(
        f"/api/replays/{link['share_id']}", headers={"Accept-Language": "es"}
    ).json()["about"]
    assert (spanish["variant"], spanish["outcome_label"]) == ("1 palo", "Ganada")


def test_a_shared_lost_game_says_lost_with_its_last_moves(
    client: TestClient, clock: Clock, make_client: Callable[[], TestClient]
) -> None:
    state = play(client, new_game(client, code=D), [*WINS[D][:5], "undo"], clock)
    clock.advance(60)
    other = new_game(client, code=F, confirm=["abandon"])  # leaving it loses it
    play(client, other, WINS[F][:2], clock)  # another game of the owner's, not shown
    link = client.post(f"/api/games/{state['id']}/share").json()
    about = make_client().get(f"/api/replays/{link['share_id']}").json()["about"]
    assert about["outcome"] == "lost" and about["outcome_label"] == "Lost"
    assert (about["moves"], about["score"]) == (state["moves"], state["score"])
    assert (about["code"], about["played_at"]) == (D, z(6))
    assert state["moves"] == 4 and state["score"] == 496
    # the owner's own replay of a game in progress says so
    mine = client.get(f"/api/games/{other['id']}/replay").json()["about"]
    assert set(mine) == ABOUT_KEYS
    assert (mine["outcome"], mine["outcome_label"], mine["code"]) == ("playing", "In progress", F)


def test_a_game_from_a_position_has_no_code_to_play(
    client: TestClient, clock: Clock, make_client: Callable[[], TestClient]
) -> None:
    position = board({1: "| KS QS JS TS 9S 8S 7S 6S 5S 4S 3S", 2: "| AS", 3: "| 2S"})
    won = play(client, new_game(client, position=position), ["3>1", "2>1"], clock)
    assert won["is_won"]
    link = client.post(f"/api/games/{won['id']}/share").json()
    about = make_client().get(f"/api/replays/{link['share_id']}").json()["about"]
    assert (about["code"], about["outcome"], about["moves"]) == (None, "won", 2)
