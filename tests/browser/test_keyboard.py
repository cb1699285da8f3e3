"""Keyboard alone: focus a column and a card, pick up, choose a target, put down, deal,
undo and redo; accessible names and the live region."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect

from .support import DEALS


def _focus_table(table: Any) -> None:
    """Tab from the top of the page until the focus is on the table."""
    page = table.page
    for _ in range(20):
        page.keyboard.press("Tab")
        if page.evaluate("document.getElementById('tableau').contains(document.activeElement)"):
            return
    raise AssertionError("Tab never reached the table")


def _focused_column(table: Any) -> int:
    column: int = table.page.evaluate(
        "Number(document.activeElement.closest('.column').dataset.column)"
    )
    return column


def test_keyboard_only_play(table: Any) -> None:
    deal = DEALS["dblclick"]
    table.open(deal["code"])
    page, source, target = table.page, deal["column"], deal["target"]
    card = table.cards(source)[-1]
    live = page.locator("#live")

    _focus_table(table)
    start = _focused_column(table)
    for _ in range((source - start) % 10):
        page.keyboard.press("ArrowRight")
    assert _focused_column(table) == source
    focused = page.evaluate("document.activeElement.getAttribute('aria-label')")
    assert focused.endswith("of spades") or focused.endswith("of hearts")

    page.keyboard.press("Enter")  # pick up
    expect(live).to_contain_text(f"from column {source}")
    expect(live).to_contain_text("It can go to column")
    expect(page.locator(".card.held")).to_have_count(1)
    for _ in range((source - target) % 10):
        page.keyboard.press("ArrowLeft")
    assert _focused_column(table) == target
    expect(table.column(target)).to_have_attribute("aria-label", _ends_with("can take the cards"))
    page.keyboard.press("Enter")  # put down
    expect(table.column(target).locator(".card.up").last).to_have_attribute("data-card", card)
    expect(live).to_contain_text(f"from column {source} to column {target}.")
    table.idle()
    assert _focused_column(table) == target  # the focus follows the cards

    # Escape puts cards back; nothing is sent
    version = table.api_state()["version"]
    page.keyboard.press("Enter")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Escape")
    expect(live).to_have_text("Put back.")
    expect(page.locator(".card.held")).to_have_count(0)
    assert table.api_state()["version"] == version

    # D deals, Ctrl+Z undoes, Ctrl+Y redoes
    rows = page.locator("#stock-rows")
    expect(rows).to_have_text("5")
    page.keyboard.press("d")
    expect(rows).to_have_text("4")
    expect(live).to_have_text("Dealt a row.")
    page.keyboard.press("Control+z")
    expect(rows).to_have_text("5")
    expect(live).to_have_text("Undone.")
    page.keyboard.press("Control+y")
    expect(rows).to_have_text("4")
    page.keyboard.press("Control+z")
    page.keyboard.press("Control+z")
    expect(table.column(target).locator(".card.up").last).not_to_have_attribute("data-card", card)
    expect(table.column(source).locator(".card.up").last).to_have_attribute("data-card", card)

    # A asks the server for the auto move of the focused card
    focus_col = _focused_column(table)
    for _ in range((source - focus_col) % 10):
        page.keyboard.press("ArrowRight")
    page.keyboard.press("a")
    expect(table.column(target).locator(".card.up").last).to_have_attribute("data-card", card)


def test_accessible_names(table: Any) -> None:
    deal = DEALS["run"]
    table.open(deal["code"], deal["setup"])
    state = table.api_state()
    column = state["columns"][deal["column"] - 1]
    label = table.column(deal["column"]).get_attribute("aria-label")
    # "Column 3, 3 face-down, queen of spades to ace of spades" (the largest movable group)
    assert label.startswith(f"Column {deal['column']}, {column['face_down']} face-down, ")
    assert label.endswith("queen of spades to ace of spades"), label
    expect(table.page.locator("#stock")).to_have_attribute(
        "aria-label", "Stock, 5 rows left. Deal a row (D)"
    )
    expect(table.page.locator("#removed")).to_have_attribute("aria-label", "Removed runs: 0 of 8")


def _ends_with(text: str) -> Any:
    import re

    return re.compile(re.escape(text) + "$")


def test_picking_up_cards_that_cannot_move_together(table: Any) -> None:
    """The server lists no group for them, so no sentence: the page says its fixed one."""
    deal = DEALS["group"]
    table.open(deal["code"], [*deal["setup"], deal["mixed_setup"]])
    page, column = table.page, deal["mixed_column"]
    state = table.api_state()
    assert not any(g["column"] == column and g["count"] == 2 for g in state["groups"])
    _focus_table(table)
    for _ in range((column - _focused_column(table)) % 10):
        page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowUp")  # the last two cards
    page.keyboard.press("Enter")
    live = page.locator("#live")
    expect(live).to_have_text("These cards cannot move together. Press Escape to put them back.")
    expect(page.locator(".card.held")).to_have_count(2)
    page.keyboard.press("Escape")
    expect(live).to_have_text("Put back.")
    expect(page.locator(".card.held")).to_have_count(0)


def test_focused_card_keeps_its_place_in_the_column(table: Any) -> None:
    """Focusing a card under others rings it without raising it over the cards above it."""
    deal = DEALS["group"]
    table.open(deal["code"], [*deal["setup"], deal["mixed_setup"]])
    page, column = table.page, deal["mixed_column"]
    _focus_table(table)
    for _ in range((column - _focused_column(table)) % 10):
        page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowUp")  # the card under the last one
    cards = table.column(column).locator(".card.up")
    under, last = cards.nth(-2), cards.last
    assert under.evaluate("card => card === document.activeElement")
    box = last.bounding_box()
    assert box is not None
    # the middle of the last card still shows the last card, not the focused one beneath it
    on_top = page.evaluate(
        "([x, y]) => document.elementFromPoint(x, y).closest('.card').dataset.card",
        [box["x"] + box["width"] / 2, box["y"] + box["height"] / 2],
    )
    assert on_top == last.get_attribute("data-card")
    assert under.evaluate("card => getComputedStyle(card).outlineStyle") == "solid"


# every action's answer comes half a second late, as over a slow connection
SLOW_ACTIONS = """(() => {
  const send = window.fetch;
  window.fetch = (url, options) => String(url).includes('/actions')
    ? new Promise(done => setTimeout(done, 500)).then(() => send(url, options))
    : send(url, options);
})()"""


def test_keys_pressed_while_a_move_is_on_its_way_are_not_lost(table: Any) -> None:
    """Keys pressed while a move is on its way to the server act after its answer, in
    order: a pick-up pressed meanwhile is not dropped by the answer, and the focus does
    not jump back to where the answer put it (issue 10)."""
    deal = DEALS["group"]
    table.open(deal["code"], deal["setup"])
    page = table.page
    page.add_init_script(SLOW_ACTIONS)
    table.reload()
    assert table.cards(4)[-2:] == ["4H", "3H"]
    assert (table.cards(3)[-1], table.cards(2)[-1]) == ("7S", "8S")
    _focus_table(table)
    for _ in range((4 - _focused_column(table)) % 10):
        page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowUp")  # the 4 of hearts: the group of two
    page.keyboard.press("Enter")
    for _ in range(4):  # to column 8
        page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")  # put down: the answer comes in half a second
    for _ in range(5):  # to column 3, and pick up its 7 of spades
        page.keyboard.press("ArrowLeft")
    page.keyboard.press("Enter")
    page.wait_for_timeout(900)  # the first answer arrives meanwhile
    page.keyboard.press("ArrowLeft")  # the 7 of spades onto the 8 of spades
    page.keyboard.press("Enter")
    page.wait_for_timeout(900)
    table.idle()
    assert table.cards(8)[-2:] == ["4H", "3H"]
    assert table.cards(2)[-2:] == ["8S", "7S"]
    assert table.api_state()["moves"] == 3  # the setup's move and these two
    assert _focused_column(table) == 2
