"""The notice at the table ("Tell me when a move loses the deal", issue 30 part 2): off by
default; turned on in Settings, the deal that loses TRAP shows the server's sentence in
the dock (and the live region), marks the game assisted, and its Undo takes the deal back;
a good move then shows nothing."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect

from boards import TRAP, TRAP_LINE
from spider_solitaire.messages import message

LOST = message("help", "notice_lost_it", "en")


def test_the_deal_that_loses_is_noticed_and_undone(table: Any) -> None:
    table.open_position(TRAP)
    page = table.page
    bar = page.locator("#notice-lost")
    page.locator("#settings").click()
    check = page.locator("#settings-form input[name=noticeLoss]")
    expect(check).not_to_be_checked()  # off by default
    expect(page.locator("#notice-setting-help")).to_contain_text("gives no notice")
    check.check()
    page.locator("#settings-form button[value=close]").click()
    table.idle()
    table.play_move("d")  # dealing at once loses the deal
    expect(bar).to_be_visible(timeout=20_000)
    expect(page.locator("#notice-lost-text")).to_have_text(LOST)
    expect(page.locator("#live")).to_have_text(LOST)
    expect(page.locator("#assisted")).to_be_visible()
    assert table.api_state()["assisted"] is True
    page.locator("#notice-lost-undo").click()
    table.idle()
    expect(bar).to_be_hidden()
    state = table.api_state()
    assert (state["version"], state["stock_rows_left"]) == (2, 1)
    table.play_move(TRAP_LINE[0])  # a good move: nothing is said
    page.wait_for_timeout(2000)
    expect(bar).to_be_hidden()
    assert table.api_state()["version"] == 3
    assert table.problems == []


def test_with_the_setting_off_nothing_is_asked(table: Any) -> None:
    table.open_position(TRAP)
    page = table.page
    asked: list[str] = []
    page.on("request", lambda request: asked.append(request.url))
    table.play_move("d")  # the losing deal, unnoticed
    page.wait_for_timeout(1500)
    expect(page.locator("#notice-lost")).to_be_hidden()
    assert [url for url in asked if url.endswith("/notice")] == []
    assert table.api_state()["assisted"] is False
