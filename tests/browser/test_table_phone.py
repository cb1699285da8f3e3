"""Issue 31 at the table on a phone: large cards sized to the columns the game has (item
8) and the toolbar's words (item 9)."""

from __future__ import annotations

import json
from itertools import pairwise
from typing import Any

from playwright.sync_api import expect

from spider_solitaire.messages import message

from .support import PHONE, Table

CARD_BOXES = """() => [...document.querySelectorAll('.column:not([hidden])')].map(column => {
  const card = column.querySelector('.card:last-child').getBoundingClientRect();
  const corner = column.querySelector('.card:last-child .rank');
  return [card.left, card.right, parseFloat(getComputedStyle(corner).fontSize)];
})"""


def _wisp(make_table: Any, large: bool, locale: str = "en-US") -> Table:
    table: Table = make_table(viewport=PHONE, touch=True, locale=locale)
    settings = json.dumps({"largeCards": large})
    table.page.add_init_script(script=f"localStorage.setItem('spider.settings', '{settings}')")
    table.open()
    response = table.page.request.post(
        table.base_url + "/api/games", data={"variant": "will-o-the-wisp", "suits": 1}
    )
    assert response.status == 201, response.text()
    table.reload()
    return table


def test_large_cards_in_seven_columns_sit_side_by_side_and_are_larger(make_table: Any) -> None:
    normal = _wisp(make_table, large=False).page.evaluate(CARD_BOXES)
    large = _wisp(make_table, large=True).page.evaluate(CARD_BOXES)
    assert len(large) == 7
    for (_, right, _), (left, _, _) in pairwise(large):
        assert right <= left + 0.5, large  # no card covers its right neighbour
    width = lambda boxes: boxes[0][1] - boxes[0][0]  # noqa: E731
    # seven columns already nearly fill a phone: as wide as they go, with larger corners
    assert width(large) >= width(normal), (width(large), width(normal))
    assert large[0][2] > normal[0][2], (large[0][2], normal[0][2])
    assert large[-1][1] <= PHONE["width"]


def test_the_large_cards_setting_says_ten_columns_do_not_fit(make_table: Any) -> None:
    for locale, language in (("en-US", "en"), ("es-ES", "es")):
        table = _wisp(make_table, large=True, locale=locale)
        table.page.locator("#settings").click()
        help_text = table.page.locator("#large-cards-help")
        expect(help_text).to_be_visible()
        expect(help_text).to_have_text(message("web", "settings.large_cards_help", language))


ACTION_LABELS = """() => [...document.querySelectorAll('.actions .icon-button .label')]
.map(label => {
  const box = label.getBoundingClientRect();
  const lines = Math.round(box.height / parseFloat(getComputedStyle(label).lineHeight));
  return {id: label.closest('.icon-button').id, text: label.textContent, width: box.width, lines,
          height: box.height, left: box.left, right: box.right,
          shown: getComputedStyle(label).display !== 'none'};
})"""

ACTION_KEYS = {
    "undo": "button.undo",
    "redo": "button.redo",
    "new-game": "button.new",
    "restart": "button.restart",
    "rules-link": "button.rules",
    "settings": "button.settings",
    "menu-button": "button.menu",
}


def test_the_phone_toolbar_says_what_each_button_does(make_table: Any) -> None:
    for locale, language in (("en-US", "en"), ("es-ES", "es")):
        table: Table = make_table(viewport=PHONE, touch=True, locale=locale)
        table.open()
        labels = table.page.evaluate(ACTION_LABELS)
        assert [label["id"] for label in labels] == list(ACTION_KEYS)
        for label in labels:
            assert label["shown"] and label["width"] > 10 and label["height"] > 8, label
            assert label["text"] == message("web", ACTION_KEYS[label["id"]], language)
            # a line per word at most: no word cut in two ("Deshace/r")
            assert label["lines"] <= len(label["text"].split()), label
            assert label["left"] >= 0 and label["right"] <= PHONE["width"], label
        for one, two in pairwise(labels):
            assert one["right"] <= two["left"], (one, two)


def test_restart_asks_first_and_says_what_it_does(make_table: Any) -> None:
    for locale, language in (("en-US", "en"), ("es-ES", "es")):
        table: Table = make_table(viewport=PHONE, touch=True, locale=locale)
        table.open("SP1-S1C-AAAAAAD")
        table.page.locator("#restart").click()
        dialog = table.page.locator("#restart-dialog")
        expect(dialog).to_be_visible()
        expect(dialog).to_contain_text(message("web", "restart.text", language))
        # it says how Restart differs from New game, in the New game button's own words
        assert message("web", "button.new", language) in message("web", "restart.text", language)
