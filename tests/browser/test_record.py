"""The player's record in the browser (issue 9): the confirmations before leaving a game or
playing a won deal again, the playing time, the end of a game (celebration and summary),
the statistics, the history, the replay viewer and the transfer of the record."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect

from .support import Table, winning_line

WIN_CODE = "SP1-S1C-AAAAAAD"
"""A 1-suit deal the solver wins (support.winning_line)."""

WATCH_CELEBRATION = """() => {
  window.celebrated = 0;
  new MutationObserver(() => {
    window.celebrated = Math.max(window.celebrated,
      document.querySelectorAll('.celebration .card').length);
  }).observe(document, {childList: true, subtree: true});
}"""
"""Counts the most cards the celebration had on screen at once."""


def _win(table: Table, code: str = WIN_CODE) -> dict[str, Any]:
    """Play the deal to its last move through the API, the winning move in the page."""
    line = winning_line(code)
    table.open(code, list(line[:-1]))
    table.play_move(line[-1])
    return table.api_state()


def test_a_win_is_celebrated_then_summarised_and_a_reload_shows_only_the_summary(
    make_table: Any,
) -> None:
    table = make_table(reduced_motion="no-preference")
    table.page.add_init_script(script=f"({WATCH_CELEBRATION})()")
    state = _win(table)
    page = table.page
    dialog = page.locator("#win-dialog")
    expect(dialog).to_be_visible(timeout=15_000)
    assert page.evaluate("window.celebrated") == 104  # every card of the 8 runs left
    assert state["is_won"] and state["record"]["outcome"] == "won"
    summary = state["record"]["summary"]
    expect(page.locator("#win-text")).to_have_text(summary["text"])
    expect(page.locator("#win-score")).to_have_text(str(state["score"]))
    expect(page.locator("#win-moves")).to_have_text(str(state["moves"]))
    expect(page.locator("#win-streak")).to_have_text("1")
    expect(page.locator("#win-assisted")).to_be_hidden()
    for best in summary["bests"]:
        expect(page.locator("#win-bests")).to_contain_text(best)
    expect(dialog.get_by_role("button", name="Watch replay")).to_be_visible()
    expect(dialog.get_by_role("button", name="Same deal again")).to_be_visible()

    table.reload()
    expect(dialog).to_be_visible()
    assert page.evaluate("window.celebrated") == 0  # the summary only
    expect(page.locator(".removed-slot.filled")).to_have_count(8)
    expect(page.locator("#win-score")).to_have_text(str(state["score"]))


def test_no_celebration_under_reduced_motion_and_same_deal_again_is_practice(
    table: Table,
) -> None:
    table.page.add_init_script(script=f"({WATCH_CELEBRATION})()")
    _win(table)
    page = table.page
    dialog = page.locator("#win-dialog")
    expect(dialog).to_be_visible()
    assert page.evaluate("window.celebrated") == 0
    dialog.get_by_role("button", name="Same deal again").click()
    confirm = page.locator("#confirm-dialog")
    expect(confirm).to_be_visible()
    expect(confirm).to_contain_text("You have won this deal before")
    confirm.get_by_role("button", name="Start practice").click()
    table.idle()
    state = table.api_state()
    assert state["code"] == WIN_CODE and state["moves"] == 0
    assert state["record"]["practice"] is True
