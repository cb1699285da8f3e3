"""Issue 31 at the table: "Finish" when nothing is hidden (item 11)."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from boards import RUN_S, short_board
from spider_solitaire.messages import message

from .support import DESKTOP, PHONE

TWO_LEFT = short_board(
    {1: f"| {RUN_S}", 2: "| AS", 3: "| KS QS JS TS 9S 8S 7S", 4: "| 6S 5S 4S 3S 2S AS"}
)
"""Two runs to make, every card face up, the stock empty (tests/server/test_finish.py)."""


@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_finish_plays_the_rest_as_the_players_own_win(make_table: Any, size: Any) -> None:
    table = make_table(viewport=size, touch=size is PHONE)
    table.open_position(TWO_LEFT)
    page = table.page
    bar = page.locator("#finish-bar")
    expect(bar).to_be_visible()
    expect(bar).to_contain_text(message("web", "finish.text", "en"))
    page.locator("#finish").click()
    expect(page.locator("#win-dialog")).to_be_visible()
    state = table.api_state()
    assert (state["is_won"], state["assisted"], state["moves"]) == (True, False, 2)
    expect(bar).to_be_hidden()
    expect(page.locator("#assisted")).to_be_hidden()


def test_finish_is_not_offered_while_a_card_is_face_down(table: Any) -> None:
    table.open_position(short_board({1: f"AS | {RUN_S}", 2: "| AS"}))
    expect(table.page.locator("#stock")).to_be_visible()
    expect(table.page.locator("#finish-bar")).to_be_hidden()
