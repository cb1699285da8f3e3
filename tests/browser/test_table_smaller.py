"""Issue 31, item 14 at the table: the smaller things a newcomer met."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect

from spider_solitaire.messages import message, text

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


RUN = "KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S"
TAKE_OFF = """() => {
  const button = document.querySelector('#column-1 .take-off');
  const card = document.querySelector('#column-1 .card:last-of-type').getBoundingClientRect();
  const box = button.getBoundingClientRect();
  return {text: button.innerText.replace(/\\s+/g, ' ').trim(), left: box.left, right: box.right,
          card: [card.left, card.right], fits: button.scrollWidth <= button.clientWidth + 1};
}"""


def test_the_1949_take_off_button_says_its_word(make_table: Any) -> None:
    columns = "".join(f"{n}: | 9S 8S\n" for n in range(3, 11))
    position = f"variant: spider-1949\nrules: S1C\n1: | {RUN} AS\n2: | KS QS\n{columns}"
    for viewport, locale in ((DESKTOP, "en-US"), (PHONE, "es-ES"), (PHONE, "en-US")):
        table: Table = make_table(viewport=viewport, touch=viewport is PHONE, locale=locale)
        table.open_position(position)
        shown = table.page.evaluate(TAKE_OFF)
        word = message("web", "button.take_off", locale[:2])
        assert shown["text"] == word, shown  # under its arrow
        assert shown["fits"], (viewport, locale, shown)  # the word inside its button
        # on the Ace, as wide as the card and a hair of the gap between columns at most
        left, right = shown["card"]
        assert left - 2.5 <= shown["left"] and shown["right"] <= right + 2.5, (viewport, shown)


def _stand_in_for_can_win(table: Table, sentence: str) -> None:
    """The page's can-win job, answered by the test: running, looking back through the
    game for 12 s of at most 30; stopped when the player stops it."""
    state = table.api_state()
    job = {
        "id": "J" * 16,
        "kind": "can_win",
        "game_id": state["id"],
        "version": state["version"],
        "status": "running",
        "probes": 0,
        "seconds": 0.0,
        "limit_seconds": 30.0,
        "can_win": None,
        "reason": None,
        "message": text("help", "thinking_can_win", "en"),
    }
    looking_back = job | {"probes": 4, "seconds": 12.0, "message": sentence}
    stopped = job | {"status": "cancelled", "reason": "stopped", "message": "(stopped)"}
    table.page.route("**/can-win", lambda route: route.fulfill(status=202, json=job))
    table.page.route(
        "**/api/help-jobs/**",
        lambda route: route.fulfill(
            json=stopped if route.request.url.endswith("/stop") else looking_back
        ),
    )


def test_can_win_looking_back_shows_a_bar_of_the_time_it_takes(make_table: Any) -> None:
    """The server's answers are stood in for (the jobs' figures are tested with the
    server, tests/server/test_help_jobs.py): the page shows its sentence and a bar."""
    sentence = text("help", "thinking_history", "en", count=18)
    assert "at most 18 seconds left" in sentence
    for viewport, touch in ((DESKTOP, False), (PHONE, True)):
        table: Table = make_table(viewport=viewport, touch=touch)
        table.open("SP1-S1C-AAAAAAD")
        page = table.page
        _stand_in_for_can_win(table, sentence)
        page.locator("#can-win").click()
        expect(page.locator("#help-text")).to_have_text(sentence)
        bar = page.locator("#help-progress")
        expect(bar).to_be_visible()
        assert bar.evaluate("el => [el.value, el.max]") == [12, 30]
        page.locator("#help-stop").click()
        expect(bar).to_be_hidden()
