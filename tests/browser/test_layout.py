"""The whole table fits without scrolling at 1366x768, 390x844 and 320x480, every card's
corner stays readable, long columns close up, no button overlaps another; screenshots for
a human look."""

from __future__ import annotations

import itertools
import os
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from .support import DEALS, DESKTOP, PHONE, SMALL_PHONE, has_class


@pytest.fixture(scope="module")
def shots(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Where screenshots go: $SPIDER_SCREENSHOTS, else a temporary directory."""
    folder = os.environ.get("SPIDER_SCREENSHOTS")
    path = Path(folder) if folder else tmp_path_factory.mktemp("screenshots")
    path.mkdir(parents=True, exist_ok=True)
    return path


MEASURE = """() => {
  const cards = [...document.querySelectorAll('#tableau .card:not(.probe)')].map(e => {
    const r = e.getBoundingClientRect();
    return {col: Number(e.parentElement.dataset.column), up: e.classList.contains('up'),
            top: r.top, bottom: r.bottom, left: r.left, right: r.right};
  });
  const corner = document.querySelector('#tableau .card.up:not(.probe) .corner');
  const cr = corner.getBoundingClientRect();
  const cardTop = corner.parentElement.getBoundingClientRect().top;
  const se = document.scrollingElement;
  return {cards, cornerBottom: cr.bottom - cardTop,
          cornerFont: parseFloat(getComputedStyle(corner).fontSize),
          scroll: [se.scrollWidth, se.scrollHeight, innerWidth, innerHeight],
          controls: [...document.querySelectorAll(
                       'header button:not([hidden]), .help-bar button, #stock, .removed-slot')]
            .map(e => { const r = e.getBoundingClientRect();
                        return [r.left, r.top, r.right, r.bottom]; })};
}"""
SIZES = {"desktop": DESKTOP, "phone": PHONE, "small-phone": SMALL_PHONE}


def _overlap(a: list[float], b: list[float]) -> bool:
    """Whether two boxes [left, top, right, bottom] share some area."""
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


@pytest.mark.parametrize("size", list(SIZES))
def test_table_fits_without_scrolling(make_table: Any, shots: Path, size: str) -> None:
    viewport = SIZES[size]
    table = make_table(viewport=viewport, touch=size != "desktop")
    deal = DEALS["run"]
    table.open(deal["code"])
    table.page.screenshot(path=str(shots / f"{size}-start.png"))

    # the longest column this deal builds: its setup, then all five rows dealt
    table.open(deal["code"], [*deal["setup"], "d", "d", "d", "d", "d"])
    expect(table.page.locator("#stock-rows")).to_have_text("")
    table.page.screenshot(path=str(shots / f"{size}-long.png"))
    m = table.page.evaluate(MEASURE)

    width, height, inner_w, inner_h = m["scroll"]
    assert width <= inner_w and height <= inner_h, m["scroll"]
    for card in m["cards"]:
        assert card["left"] >= 0 and card["right"] <= inner_w, card
        assert card["top"] >= 0 and card["bottom"] <= inner_h, card
    # a phone does not zoom out to show something too wide
    assert (inner_w, inner_h) == (viewport["width"], viewport["height"])
    for left, top, right, bottom in m["controls"]:
        assert left >= 0 and right <= inner_w and top >= 0 and bottom <= inner_h
    for a, b in itertools.combinations(m["controls"], 2):
        assert not _overlap(a, b), (a, b)
    assert m["cornerFont"] >= 12
    # every face-up card shows its whole corner (rank and suit) above the next card
    lengths = {}
    for column in range(1, 11):
        ups = [c for c in m["cards"] if c["col"] == column and c["up"]]
        lengths[column] = len(ups)
        for upper, lower in itertools.pairwise(ups):
            assert lower["top"] - upper["top"] >= m["cornerBottom"] - 0.5, (column, upper, lower)
    assert max(lengths.values()) >= 17


def test_felt_and_four_colours_look(make_table: Any, shots: Path) -> None:
    for size, viewport in (("desktop", DESKTOP), ("phone", PHONE)):
        table = make_table(viewport=viewport)
        table.page.goto(table.base_url + "/static/img/icon.svg")
        settings = '{"theme": "felt", "fourColor": true}'
        table.page.evaluate(f"localStorage.setItem('spider.settings', '{settings}')")
        table.open("SP1-S4C-AAAAAAB", ["d", "d"])
        expect(table.page.locator("body")).to_have_class(has_class("four-color"))
        table.page.screenshot(path=str(shots / f"{size}-felt-4colour.png"))


def test_small_phone_buttons_do_not_overlap(make_table: Any, shots: Path) -> None:
    """At 320x480 on a touch screen every button is reachable: nothing sticks out sideways,
    and a tap on "Can I still win?" asks the solver instead of dealing a row."""
    table = make_table(viewport=SMALL_PHONE, touch=True)
    table.open("SP1-S1C-AAAAAAD")
    page = table.page
    page.screenshot(path=str(shots / "small-phone-start.png"))
    width = page.evaluate("() => document.scrollingElement.scrollWidth")
    assert width <= SMALL_PHONE["width"]

    buttons = ("undo", "redo", "menu-button", "hint", "can-win", "solution")
    boxes = {}
    for name in (*buttons, "stock"):
        box = page.locator(f"#{name}").bounding_box()
        assert box is not None, name
        assert box["x"] >= 0 and box["x"] + box["width"] <= SMALL_PHONE["width"], (name, box)
        boxes[name] = [box["x"], box["y"], box["x"] + box["width"], box["y"] + box["height"]]
    for a, b in itertools.combinations(boxes, 2):
        assert not _overlap(boxes[a], boxes[b]), (a, boxes[a], b, boxes[b])
    for name in buttons:
        left, top, right, bottom = boxes[name]
        assert right - left >= 44 and bottom - top >= 44, name  # finger-sized
    # the header keeps to a fifth of the height: the rest is in the menu
    header = page.locator("header").bounding_box()
    assert header is not None and header["height"] <= SMALL_PHONE["height"] / 5, header
    page.locator("#menu-button").tap()
    menu = page.locator("#menu-dialog")
    expect(menu).to_contain_text("SP1-S1C-AAAAAAD")
    for name in ("Copy the game code", "New game", "Restart", "Settings", "Statistics"):
        item = menu.get_by_role("button", name=name, exact=True)
        expect(item).to_be_visible()
        box = item.bounding_box()
        assert box is not None and box["height"] >= 44 and box["y"] + box["height"] <= 480, name
    menu.get_by_role("button", name="Restart", exact=True).tap()
    expect(page.locator("#restart-dialog")).to_be_visible()
    page.locator("#restart-dialog").get_by_role("button", name="Cancel").tap()

    rows = page.locator("#stock-rows").inner_text()
    page.locator("#can-win").tap()
    expect(page.locator("#help-panel")).to_be_visible()
    # whatever the solver answers, it answers (the panel holds its answer, not a dealt row)
    expect(page.locator("#help-panel")).to_have_attribute("data-kind", "answer", timeout=60_000)
    table.idle()
    expect(page.locator("#stock-rows")).to_have_text(rows)
    state = table.api_state()
    assert state["stock_rows_left"] == int(rows) and state["moves"] == 0
    page.locator("#help-close").tap()
    expect(page.locator("#help-panel")).to_be_hidden()


def test_small_phone_hint_panel_leaves_the_hinted_cards_in_sight(
    make_table: Any, shots: Path
) -> None:
    """At 320x480 the hint's answer keeps to the bottom of the screen: the card it names
    and the target column's top card are not under the panel."""
    table = make_table(viewport=SMALL_PHONE, touch=True)
    table.open("SP1-S4C-AAAAAAD")
    page = table.page
    page.locator("#hint").tap()
    expect(page.locator("#help-panel")).to_be_visible()
    expect(page.locator(".card.hinted")).to_have_count(1)
    page.screenshot(path=str(shots / "small-phone-hint.png"))
    panel = page.locator("#help-panel").bounding_box()
    card = page.locator(".card.hinted").bounding_box()
    assert panel is not None and card is not None
    assert panel["y"] + panel["height"] <= SMALL_PHONE["height"]
    assert card["y"] + card["height"] <= panel["y"], (card, panel)
    target = page.locator(".column.hint-target .card").last.bounding_box()
    assert target is not None
    assert target["y"] + target["height"] <= panel["y"], (target, panel)


@pytest.mark.parametrize("viewport", [SMALL_PHONE, {"width": 844, "height": 390}])
def test_the_new_game_window_shows_start_on_short_screens(
    make_table: Any, viewport: dict[str, int]
) -> None:
    """On a small phone and a landscape phone the New game window's Start and Cancel
    buttons are in sight without scrolling."""
    table = make_table(viewport=viewport, touch=True)
    table.open("SP1-S1C-AAAAAAD")
    page = table.page
    if viewport == SMALL_PHONE:  # New game is in the menu there
        page.locator("#menu-button").tap()
        page.locator("#menu-dialog").get_by_role("button", name="New game").tap()
    else:
        page.locator("#new-game").tap()
    page.locator("#new-dialog input[name=suits][value='4']").check()  # the rule choice shows
    for which in ("primary", "secondary"):
        button = page.locator(f"#new-dialog .dialog-buttons .{which}")
        expect(button).to_be_visible()
        box = button.bounding_box()
        assert box is not None
        # what is at the button's centre is the button: not scrolled out of the window
        hit = page.evaluate(
            "([x, y]) => document.elementFromPoint(x, y)?.className ?? ''",
            [box["x"] + box["width"] / 2, box["y"] + box["height"] / 2],
        )
        assert which in hit, (which, box, hit)
