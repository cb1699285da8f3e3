"""Deals by difficulty at the table (issue 30, part 3): the New game window offers the
star levels that have deals for the game and suits chosen, a level's deal starts at once
and the header, History and the statistics show its level."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect

from spider_solitaire.levels import deals, levels_offered
from spider_solitaire.variants import CLASSIC


def test_a_one_star_deal_from_the_new_game_window_shows_its_level_everywhere(table: Any) -> None:
    table.open("SP1-S1C-AAAAAAD", ["d"])  # a game with an action: leaving it is a loss
    page = table.page
    page.locator("#new-game").click()
    dialog = page.locator("#new-dialog")
    dialog.get_by_label("Easy, 1 suit").check()
    expect(dialog.get_by_label("Any deal")).to_be_checked()
    for stars in (1, 2, 3):  # only the levels with deals are offered
        visible = stars in levels_offered(1, CLASSIC, "spider")
        expect(page.locator(f'label[data-stars="{stars}"]')).to_be_visible(visible=visible)
    dialog.get_by_label("1 star", exact=True).check()
    dialog.get_by_role("button", name="Start").click()
    page.locator("#confirm-dialog").get_by_role("button", name="Abandon").click()
    expect(dialog).to_be_hidden()
    table.idle()
    state = table.api_state()
    assert state["stars"] == 1 and state["code"] in deals(1, CLASSIC, 1, "spider")
    expect(page.locator("#variant")).to_have_text("1 suit · 1 star")

    page.locator("#new-game").click()
    expect(dialog.get_by_label("1 star", exact=True)).to_be_checked()  # remembered
    dialog.get_by_role("button", name="Cancel").click()

    page.locator("#menu-button").click()
    page.locator("#menu-dialog").get_by_role("button", name="Game history").click()
    entry = page.locator("#history-list > li").first
    expect(entry.locator(".history-stars")).to_have_text("1 star")

    # the rated game lost (an action, then left): the statistics split it by its level
    base = table.base_url
    played = page.request.post(
        f"{base}/api/games/{state['id']}/actions", data={"version": 0, "action": "d"}
    )
    assert played.status == 200, played.text()
    left = page.request.post(
        f"{base}/api/games", data={"code": "SP1-S1C-AAAAAAD", "confirm": ["abandon"]}
    )
    assert left.status == 201, left.text()
    table.reload()
    page.locator("#menu-button").click()
    page.locator("#menu-dialog").get_by_role("button", name="Statistics").click()
    page.locator("#stats-variant").select_option(label="1 suit")
    expect(page.locator("#stats-stars-list > li")).to_have_text(["1 star: 0 of 1 won"])
