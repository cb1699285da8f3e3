"""The whole table fits without scrolling at 1366x768 and 390x844, every card's corner
stays readable, long columns close up; screenshots for a human look."""

from __future__ import annotations

import itertools
import os
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from .support import DEALS, DESKTOP, PHONE, has_class


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
          controls: [...document.querySelectorAll('header button, #stock, .removed-slot')]
            .map(e => { const r = e.getBoundingClientRect();
                        return [r.left, r.top, r.right, r.bottom]; })};
}"""


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_table_fits_without_scrolling(make_table: Any, shots: Path, size: str) -> None:
    viewport = DESKTOP if size == "desktop" else PHONE
    table = make_table(viewport=viewport, touch=size == "phone")
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
    for left, top, right, bottom in m["controls"]:
        assert left >= 0 and right <= inner_w and top >= 0 and bottom <= inner_h
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
