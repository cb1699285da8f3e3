"""Issue 31 at the table: the win (item 10): a click or a key skips the celebration, it is
short, the score stays in sight, and the help's buttons wait meanwhile."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from .support import DESKTOP, PHONE, Table, winning_line

WIN_CODE = "SP1-S1C-AAAAAAD"
"""A 1-suit deal the solver wins (support.winning_line)."""

CELEBRATION = """() => {
  const layer = document.querySelector('.celebration');
  const ends = [...layer.querySelectorAll('.card')].flatMap(card => card.getAnimations())
    .map(a => a.effect.getTiming()).map(t => t.delay + t.duration);
  const score = document.getElementById('score').getBoundingClientRect();
  return {top: layer.getBoundingClientRect().top, scoreBottom: score.bottom,
          overflow: getComputedStyle(layer).overflow, cards: ends.length,
          longest: Math.max(...ends),
          disabled: ['hint', 'can-win', 'solution']
            .map(id => document.getElementById(id).disabled)};
}"""


def _win_in_page(table: Table) -> None:
    """Play the deal to its last move through the API, the winning move in the page."""
    line = winning_line(WIN_CODE)
    table.open(WIN_CODE, list(line[:-1]))
    source, _, target = line[-1].partition(">")
    column, _, count = source.partition(":")
    table.drag(int(column), -int(count or 1), table.column_point(int(target)))


@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["desktop", "phone"])
@pytest.mark.parametrize("skip", ["click", "key"])
def test_the_celebration_is_short_skippable_and_leaves_the_score_in_sight(
    make_table: Any, size: Any, skip: str
) -> None:
    table = make_table(viewport=size, reduced_motion="no-preference")
    _win_in_page(table)
    page = table.page
    page.wait_for_selector(".celebration .card")
    seen = page.evaluate(CELEBRATION)
    assert seen["cards"] == 104
    assert seen["longest"] <= 2000  # every card gone within 2 s of its start
    assert seen["top"] >= seen["scoreBottom"] - 0.5  # the score is never covered
    assert seen["overflow"] == "hidden"
    assert seen["disabled"] == [True, True, True]
    if skip == "click":
        page.mouse.click(size["width"] / 2, size["height"] - 20)
    else:
        page.keyboard.press("Shift")
    expect(page.locator("#win-dialog")).to_be_visible(timeout=400)
    expect(page.locator(".celebration")).to_have_count(0)
    for button in ("#hint", "#can-win", "#solution"):
        expect(page.locator(button)).to_be_enabled()


def test_under_reduced_motion_the_summary_comes_at_once(make_table: Any) -> None:
    table = make_table(viewport=PHONE, reduced_motion="reduce")
    _win_in_page(table)
    expect(table.page.locator("#win-dialog")).to_be_visible(timeout=500)
    expect(table.page.locator(".celebration")).to_have_count(0)
