"""Issue 31, item 14 at the table: the smaller things a newcomer met."""

from __future__ import annotations

from typing import Any

from .support import DESKTOP, PHONE, Table

FOCUS = """() => {
  const el = document.activeElement;
  const style = getComputedStyle(el);
  return {id: el.id, ring: style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0};
}"""


def test_a_closed_window_leaves_no_ring_on_its_button_after_a_tap_or_a_click(
    make_table: Any,
) -> None:
    for viewport, touch in ((PHONE, True), (DESKTOP, False)):
        table: Table = make_table(viewport=viewport, touch=touch)
        table.open()
        page = table.page
        button = page.locator("#settings")
        button.tap() if touch else button.click()
        page.locator("#settings-dialog").wait_for()
        page.keyboard.press("Escape")  # closed with a key: the ring shows where focus went
        assert page.evaluate(FOCUS) == {"id": "settings", "ring": True}
        # the next touch or click on the table (a card takes no focus on a phone) hides it
        card = page.locator("#column-1 .card.up").last
        card.tap() if touch else page.mouse.click(5, viewport["height"] - 5)
        focus = page.evaluate(FOCUS)
        assert not focus["ring"], (viewport, focus)
        # closed with its own button, by a tap or a click: no ring either
        button.tap() if touch else button.click()
        close = page.locator("#settings-dialog .dialog-buttons button").last
        close.tap() if touch else close.click()
        page.locator("#settings-dialog").wait_for(state="hidden")
        focus = page.evaluate(FOCUS)
        assert not focus["ring"], (viewport, focus)
        # and the keyboard brings it back: Tab shows where the focus is
        page.keyboard.press("Tab")
        assert page.evaluate(FOCUS)["ring"], viewport


STOCK = """() => {
  const columns = [...document.querySelectorAll('.column:not([hidden])')];
  const backs = [...document.querySelectorAll('#stock .stock-backs span')];
  return {rows: backs.length, right: Math.max(...backs.map(b => b.getBoundingClientRect().right)),
          column: columns.at(-1).getBoundingClientRect().right, columns: columns.length};
}"""


def test_bicycles_six_rows_of_stock_stay_within_the_columns(make_table: Any) -> None:
    for viewport, touch in ((DESKTOP, False), (PHONE, True)):
        table: Table = make_table(viewport=viewport, touch=touch)
        table.open()
        made = table.page.request.post(
            table.base_url + "/api/games", data={"variant": "bicycle", "suits": 1}
        )
        assert made.status == 201, made.text()
        table.reload()
        stock = table.page.evaluate(STOCK)
        assert stock["rows"] == 6 and stock["columns"] == 10, stock
        assert stock["right"] <= stock["column"] + 0.5, (viewport, stock)
