"""The Spider family at the table (issue 20): seven columns fit a laptop and a phone held
upright, with larger cards than ten; the 1949 take-off's button and key; the New game
window's choice of the family, built from the server's list."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from spider_solitaire.winnable import stock

from .support import PHONE, has_class

LAPTOP = {"width": 1280, "height": 800}

COLUMN_BOXES = """() => [...document.querySelectorAll('#tableau .column')]
  .filter(e => !e.hidden)
  .map(e => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; })"""

CARD_WIDTH = """() => document.querySelector('#tableau .card:not(.probe)')
  .getBoundingClientRect().width"""

RUN = "KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S"


@pytest.mark.parametrize("viewport", [LAPTOP, PHONE], ids=["1280x800", "390x844"])
def test_seven_columns_fit_inside_the_viewport_with_larger_cards(
    make_table: Any, viewport: dict[str, int]
) -> None:
    table = make_table(viewport=viewport, touch=viewport is PHONE)
    table.open("SP1-S2C-AAAAAAD")
    ten = table.page.evaluate(CARD_WIDTH)
    table.open("SP1-ETTE-S2C-AAAAAAD")
    boxes = table.page.evaluate(COLUMN_BOXES)
    assert len(boxes) == 7
    for left, top, right, _bottom in boxes:
        assert 0 <= left < right <= viewport["width"]
        assert 0 <= top < viewport["height"]
    assert [table.face_down(n) for n in range(1, 8)] == [0, 1, 2, 3, 4, 5, 6]
    assert table.page.evaluate(CARD_WIDTH) > ten  # larger cards with seven
    expect(table.page.locator("#variant")).to_have_text("Spiderette · 2 suits · Classic")
    expect(table.page.locator(".removed-slot:not([hidden])")).to_have_count(4)


COVERED_CORNERS = """(selector) => {
  const b = document.querySelector(selector).getBoundingClientRect();
  return [...document.querySelectorAll('#tableau .card .corner')]
    .map(e => [e.closest('.card').getAttribute('aria-label') || '', e.getBoundingClientRect()])
    .filter(([, r]) => r.left < b.right && b.left < r.right && r.top < b.bottom && b.top < r.bottom)
    .map(([label]) => label);
}"""
"""The cards whose corner (rank and suit) the element ``selector`` overlaps."""


def test_the_1949_take_off_has_a_button_and_a_key(table: Any) -> None:
    columns = "".join(f"{n}: |\n" for n in range(4, 11))
    table.open_position(
        f"variant: spider-1949\nrules: S1C\n1: | {RUN}\n2: | AS\n3: | {RUN}\n{columns}"
    )
    page = table.page
    expect(page.locator(".take-off")).to_have_count(0)
    table.api_action("2>1")
    table.reload()
    button = page.locator("#column-1 .take-off")
    expect(button).to_have_attribute(
        "aria-label", "Take off the run of spades at the end of column 1 (T)."
    )
    # the button hides no card's corner (its rank and suit), on a laptop and a phone
    for size in ({"width": 1280, "height": 800}, PHONE):
        page.set_viewport_size(size)
        table.idle()
        covered = page.evaluate(COVERED_CORNERS, "#column-1 .take-off")
        assert covered == [], (size, covered)
    button.click()
    table.idle()
    assert table.api_state()["removed"] == ["S"]
    expect(page.locator(".take-off")).to_have_count(0)
    page.keyboard.press("Control+z")  # undo: the run is back, and its button
    table.idle()
    expect(button).to_have_count(1)
    page.keyboard.press("t")  # the key takes it off too
    table.idle()
    state = table.api_state()
    assert (state["removed"], state["moves"]) == (["S"], 1)


def test_a_take_off_hint_marks_the_runs_take_off_button(table: Any) -> None:
    """A 1949 hint to take a complete run off (kind ``take_off``) marks that column's
    take-off button, and nothing else."""
    columns = "".join(f"{n}: |\n" for n in range(4, 11))
    table.open_position(
        f"variant: spider-1949\nrules: S1C\n1: | {RUN}\n2: | AS\n3: | {RUN} AS\n{columns}"
    )
    page = table.page
    page.keyboard.press("h")
    expect(page.locator("#help-text")).to_have_text(
        "Take off the run at the end of column 3: it takes off a complete run, 100 points."
    )
    button = page.locator("#column-3 .take-off")
    expect(button).to_have_attribute("id", "take-off-3")
    expect(button).to_have_class(has_class("hinted"))
    expect(page.locator(".hinted, .hint-target")).to_have_count(1)
    button.click()  # following the hint takes its mark away
    table.idle()
    assert table.api_state()["removed"] == ["S"]
    expect(page.locator(".hinted, .hint-target")).to_have_count(0)


def test_1949_hints_a_kept_run_off_then_a_move_and_t_takes_it_off(table: Any) -> None:
    """In spider-1949 the Hint button's best hint is to take off the kept run of column 3
    (its take-off button marked, the sentence naming the take-off); T takes it off (+100,
    no move, the score the server sends); the next hint is a move: its card and its
    target column marked; played, the run it completes is the next hint's take-off."""
    columns = "".join(f"{n}: |\n" for n in range(4, 11))
    table.open_position(
        f"variant: spider-1949\nrules: S1C\n1: | {RUN}\n2: | AS\n3: | {RUN} AS\n{columns}"
    )
    page = table.page
    text = page.locator("#help-text")
    score = page.locator("#score")
    before = table.api_state()
    assert (before["score"], before["moves"], before["removed"]) == (500, 0, [])
    expect(score).to_have_text("500")
    expect(page.locator(".take-off")).to_have_count(1)  # the one complete run: column 3's

    page.locator("#hint").click()
    expect(text).to_have_text(
        "Take off the run at the end of column 3: it takes off a complete run, 100 points."
    )
    expect(page.locator("#take-off-3")).to_have_class(has_class("hinted"))
    expect(page.locator(".hinted, .hint-target")).to_have_count(1)

    page.keyboard.press("t")
    table.idle()
    after = table.api_state()
    assert (after["score"], after["moves"], after["removed"]) == (600, 0, ["S"])
    expect(score).to_have_text(str(after["score"]))
    expect(page.locator(".take-off")).to_have_count(0)
    expect(page.locator(".hinted, .hint-target")).to_have_count(0)
    assert table.face_down(3) == 0 and table.cards(3) == []

    page.keyboard.press("h")  # now a move: the ace completes column 1's run
    expect(text).to_have_text(
        "Hint 1 of 2: Move the ace of spades from column 2 to column 1: it completes a run."
    )
    hinted = page.locator(".card.hinted")
    expect(hinted).to_have_count(1)
    expect(table.column(2).locator(".card.hinted")).to_have_attribute("data-card", "AS")
    expect(table.column(1)).to_have_class(has_class("hint-target"))
    expect(page.locator(".take-off")).to_have_count(0)

    table.card(2, -1).dblclick()  # played: the run stays (1949) and is offered to take off
    table.idle()
    state = table.api_state()
    assert (state["score"], state["moves"], state["removed"]) == (599, 1, ["S"])
    expect(score).to_have_text("599")
    page.keyboard.press("h")
    expect(text).to_have_text(
        "Take off the run at the end of column 1: it takes off a complete run, 100 points."
    )
    expect(page.locator("#take-off-1")).to_have_class(has_class("hinted"))


def test_the_new_game_window_offers_spider_first_and_the_family(table: Any) -> None:
    table.open("SP1-S2C-AAAAAAD")
    page = table.page
    page.locator("#new-game").click()
    dialog = page.locator("#new-dialog")
    select = page.locator("#new-variant")
    expect(select.locator("option")).to_have_text(
        [
            "Spider",
            "Spider, 1949 rules",
            "Bicycle Spider",
            "Relaxed Spider",
            "Spiderette",
            "Will o' the Wisp",
        ]
    )
    expect(select).to_have_value("spider")
    expect(page.locator("#new-winnable")).to_be_enabled()
    select.select_option(label="Will o' the Wisp")
    expect(page.locator("#new-winnable")).to_be_enabled()  # offered for every game
    expect(page.locator("#new-variant-rules")).to_have_attribute(
        "href", "/rules#variant-will-o-the-wisp"
    )
    dialog.get_by_label("Easy, 1 suit").check()
    dialog.get_by_role("button", name="Start").click()
    expect(dialog).to_be_hidden()
    table.idle()
    state = table.api_state()
    assert (state["variant"], state["suits"], state["column_count"]) == ("will-o-the-wisp", 1, 7)
    assert [table.face_down(n) for n in range(1, 8)] == [2] * 7
    expect(page.locator("#column-8")).to_be_hidden()


def test_spiderette_and_winnable_deals_only_start_a_spiderette_deal_of_its_stock(
    table: Any,
) -> None:
    table.open("SP1-S2C-AAAAAAD")
    page = table.page
    page.locator("#new-game").click()
    dialog = page.locator("#new-dialog")
    page.locator("#new-variant").select_option(label="Spiderette")
    dialog.get_by_label("Medium, 2 suits").check()
    dialog.get_by_label("Winnable deals only").check()
    dialog.get_by_role("button", name="Start").click()
    expect(dialog).to_be_hidden(timeout=10_000)  # a deal of the stock: no search to wait for
    table.idle()
    state = table.api_state()
    assert (state["variant"], state["suits"], state["column_count"]) == ("spiderette", 2, 7)
    assert state["code"] in stock(2, state["rule"], "spiderette")
    expect(page.locator("#code")).to_have_text(state["code"])
    assert [table.face_down(n) for n in range(1, 8)] == [0, 1, 2, 3, 4, 5, 6]
