"""Finishing for the player (issue 31, item 11): the state offers the winning line when
every card is face up, the stock is empty and the solver found a win; playing it is the
player's own win (not assisted)."""

from __future__ import annotations

from fastapi.testclient import TestClient

from boards import RUN_S, endgame
from spider_solitaire import Game
from spider_solitaire.server.finish import finish_line, nothing_hidden

from .conftest import CODE, act, board, new_game

TWO_LEFT = board(
    {1: f"| {RUN_S}", 2: "| AS", 3: "| KS QS JS TS 9S 8S 7S", 4: "| 6S 5S 4S 3S 2S AS"}
)
"""Two runs to make, every card face up, the stock empty (1 suit)."""


def test_an_all_face_up_game_offers_its_winning_line(client: TestClient) -> None:
    state = new_game(client, position=TWO_LEFT)
    assert state["finish"] == ["2:1>1", "4:6>3"]
    for action in state["finish"]:
        response = act(client, state, action)
        assert response.status_code == 200, response.text
        state = response.json()["state"]
    assert (state["is_won"], state["assisted"], state["finish"]) == (True, False, None)
    assert state["removed"] == ["S", "S"]


def test_finishing_is_offered_again_after_each_move_of_the_line(client: TestClient) -> None:
    state = new_game(client, position=TWO_LEFT)
    state = act(client, state, "2:1>1").json()["state"]
    assert state["finish"] == ["4:6>3"]


def test_no_finish_while_a_card_is_face_down_or_the_stock_holds_cards(
    client: TestClient,
) -> None:
    hidden = new_game(client, position=board({1: f"AS | {RUN_S}"}))
    assert hidden["finish"] is None
    stock = board({1: f"| {RUN_S}"}, stock=" ".join(["AS"] * 10))
    assert Game.from_position(stock, strict=False).position.stock
    dealt = new_game(client, position=stock, confirm=["abandon"])
    assert dealt["finish"] is None


def test_no_finish_when_the_win_is_not_certain(client: TestClient) -> None:
    # every card face up, the stock empty, but the Aces alone can never make a run
    state = new_game(client, position=endgame("6S 5S", "6H"))
    assert (state["finish"], state["stuck"]) == (None, True)


def test_a_dealt_game_is_not_offered_finishing(client: TestClient) -> None:
    assert new_game(client, code=CODE)["finish"] is None


def test_finish_line_reads_only_positions_with_nothing_hidden() -> None:
    game = Game.from_position(TWO_LEFT, strict=False)
    assert nothing_hidden(game)
    assert finish_line(game) == ["2:1>1", "4:6>3"]
    dealt = Game.from_code(CODE)
    assert (nothing_hidden(dealt), finish_line(dealt)) == (False, None)
