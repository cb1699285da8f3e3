"""Cards keep their identity on screen: every card element is keyed by the server's card
id (docs/api.md, card ids) and follows the events of a move, a removed run, undo, redo,
restart and a deal, with the animations on, ending where the state says; an answer whose
events do not lead to its state is re-synced from the state, quietly."""

from __future__ import annotations

import json
from typing import Any

from playwright.sync_api import expect

from .support import DEALS

SHOWN_IDS = """() => [...document.querySelectorAll('#tableau .column')].map(column =>
  [...column.querySelectorAll('.card:not(.leaving)')].map(card => Number(card.dataset.key)))"""
MARK_ALL = """() => document.querySelectorAll('#tableau .card')
  .forEach(card => { card.kept = true; })"""
UNMARKED = """() => [...document.querySelectorAll('#tableau .column .card')]
  .filter(card => !card.kept).map(card => Number(card.dataset.key))"""


def _state_ids(table: Any) -> list[list[int]]:
    return [column["ids"] for column in table.api_state()["columns"]]


def _assert_shown_as_state(table: Any) -> list[list[int]]:
    table.idle()
    ids = _state_ids(table)
    assert table.page.evaluate(SHOWN_IDS) == ids
    expect(table.page.locator(".card.leaving")).to_have_count(0)
    return ids


def test_cards_follow_the_events_by_id(make_table: Any) -> None:
    table = make_table(reduced_motion="no-preference")  # with the animations
    deal = DEALS["run"]
    table.open(deal["code"], deal["setup"])
    page = table.page
    expect(page.locator("#variant")).to_have_text("1 suit")
    source, target = deal["column"], deal["target"]
    count = int(deal["last"].split(":")[1].split(">")[0])
    before = _assert_shown_as_state(table)
    run_ids = before[target - 1][-1:] + before[source - 1][-count:]

    # the move completes a run: the run leaves, every other card keeps its element
    page.evaluate(MARK_ALL)
    table.drag(source, -count, table.column_point(target))
    expect(page.locator(".removed-slot.filled")).to_have_count(1)
    after = _assert_shown_as_state(table)
    assert not set(run_ids) & {card for column in after for card in column}
    assert page.evaluate(UNMARKED) == []

    # undo: the run comes back (new elements, with the run's ids), the cards go home
    page.keyboard.press("Control+z")
    expect(page.locator(".removed-slot.filled")).to_have_count(0)
    assert _assert_shown_as_state(table) == before
    assert sorted(page.evaluate(UNMARKED)) == sorted(run_ids)

    # redo, then restart: every card back to its start, by id
    page.keyboard.press("Control+y")
    expect(page.locator(".removed-slot.filled")).to_have_count(1)
    assert _assert_shown_as_state(table) == after
    page.locator("#restart").click()
    page.locator("#restart-dialog").get_by_role("button", name="Restart").click()
    expect(page.locator("#moves")).to_have_text("0")
    start = _assert_shown_as_state(table)
    # a game from a code: deck card i starts in column (i mod 10) + 1
    assert start == [list(range(c, 54, 10)) for c in range(10)]

    # a deal puts the stock's next ten ids on the columns' ends; undo takes them back
    page.keyboard.press("d")
    expect(page.locator("#stock-rows")).to_have_text("4")
    dealt = _assert_shown_as_state(table)
    assert [column[-1] for column in dealt] == list(range(54, 64))
    page.keyboard.press("Control+z")
    expect(page.locator("#stock-rows")).to_have_text("5")
    assert _assert_shown_as_state(table) == start


def test_events_that_miss_the_state_resync_quietly(table: Any) -> None:
    deal = DEALS["dblclick"]
    table.open(deal["code"])
    page = table.page

    def garble(route: Any) -> None:
        """The real answer, its events replaced by a move that does not fit the table."""
        response = route.fetch()
        body = response.json()
        body["events"] = [{"kind": "move", "source": 1, "target": 2, "cards": ["KS"], "ids": [999]}]
        route.fulfill(response=response, body=json.dumps(body))

    page.route("**/actions", garble)
    card = table.cards(deal["column"])[-1]
    table.card(deal["column"], -1).dblclick()
    expect(table.column(deal["target"]).locator(".card.up").last).to_have_attribute(
        "data-card", card
    )
    _assert_shown_as_state(table)
    expect(page.locator("#moves")).to_have_text("1")
    expect(table.notice()).not_to_have_class("notice show refused")
