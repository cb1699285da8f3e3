"""Every window readable in every look (issue 19, item 8): for each theme and table
colour, each window (settings, statistics, history, transfer, the daily calendar, new
game, restart, the menu, the sound panel, the help's answer) and the header, its rules
link and the toolbar on the table, WCAG AA contrast of every visible text and control
(``contrast.js``, computed in the page: 4.5:1 for text, 3:1 for large text and for a
control's icon). The rules page too, in each look."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from .support import DESKTOP, PHONE, Table

CONTRAST = Path(__file__).with_name("contrast.js").read_text()
THEMES = ("clean", "felt")
TABLES = ("auto", "green", "blue", "red")


def look(table: Table, theme: str, colour: str, back: str = "auto") -> None:
    """Choose the look in this browser's settings and open the table."""
    settings = {"theme": theme, "table": colour, "back": back}
    table.page.evaluate("(s) => localStorage.setItem('spider.settings', s)", json.dumps(settings))
    table.page.goto(table.base_url + "/")
    table.ready()


def check(table: Table, selector: str, failures: list[str], name: str) -> None:
    """Add the contrast failures under ``selector`` (named ``name``) to ``failures``."""
    found: list[str] = table.page.evaluate(CONTRAST, selector)
    failures.extend(f"{name}: {failure}" for failure in found)


def windows(table: Table, failures: list[str], name: str) -> None:
    """Open each window in turn and check it, then the header and the table's toolbar."""
    page = table.page
    check(table, ".bar", failures, name)
    check(table, ".piles", failures, name)

    def window(opener: list[str], dialog: str, ready: str | None = None) -> None:
        for selector in opener:
            page.locator(selector).click()
        expect(page.locator(dialog)).to_be_visible()
        if ready:
            expect(page.locator(ready).first).to_be_visible()
        table.idle()
        check(table, dialog, failures, name)
        page.keyboard.press("Escape")
        expect(page.locator(dialog)).to_be_hidden()

    window(["#settings"], "#settings-dialog")
    window(["#new-game"], "#new-dialog", "#new-dialog .daily-play")
    window(["#restart"], "#restart-dialog")
    window(["#menu-button"], "#menu-dialog")
    window(["#menu-button", "#open-stats"], "#stats-dialog", "#stats-figures tr")
    window(["#menu-button", "#open-history"], "#history-dialog")
    window(["#menu-button", "#open-transfer"], "#transfer-dialog")
    window(["#menu-button", "#open-daily"], "#daily-dialog", "#daily-grid .daily-day")
    window(["#sound-button"], "#sound-panel")
    page.locator("#hint").click()
    expect(page.locator("#help-panel")).to_be_visible(timeout=20_000)
    expect(page.locator("#help-text")).not_to_have_text("")
    table.idle()
    check(table, "#help-panel", failures, name)
    page.locator("#help-close").click()


@pytest.mark.slow
@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_every_window_is_readable_in_every_theme_and_table_colour(
    make_table: Any, viewport: dict[str, int]
) -> None:
    table: Table = make_table(viewport=viewport)
    table.open()
    game = table.api_action("d")["state"]  # a game with a move: the history has a row
    failures: list[str] = []
    for theme in THEMES:
        for colour in TABLES:
            look(table, theme, colour)
            body = table.page.locator("body")
            classes = body.get_attribute("class") or ""
            assert f"theme-{theme}" in classes
            assert (f"table-{colour}" in classes) == (colour != "auto")
            windows(table, failures, f"{theme}/{colour}")
            # the replay viewer's bar: what it shows, its controls, "Play this deal"
            table.page.goto(f"{table.base_url}/?replay={game['id']}")
            table.ready()
            expect(table.page.locator("#replay-play-deal")).to_be_visible()
            check(table, "#replay-bar", failures, f"{theme}/{colour}")
    assert not failures, "\n".join(failures)


@pytest.mark.slow
def test_the_rules_page_is_readable_in_every_theme_and_table_colour(make_table: Any) -> None:
    table: Table = make_table()
    table.open()
    failures: list[str] = []
    for theme in THEMES:
        for colour in TABLES:
            look(table, theme, colour)
            table.page.goto(table.base_url + "/rules")
            table.page.wait_for_load_state("networkidle")
            check(table, "body", failures, f"rules {theme}/{colour}")
            table.page.goto(table.base_url + "/")
            table.ready()
    assert not failures, "\n".join(failures)


def test_each_card_back_draws_the_face_down_cards(make_table: Any) -> None:
    table: Table = make_table()
    table.open()
    seen = set()
    for back in ("blue", "red", "lattice", "diamonds", "sunburst"):
        look(table, "clean", "auto", back)
        image = table.page.locator(".card.down").first.evaluate(
            "el => getComputedStyle(el).backgroundImage"
        )
        assert "gradient" in image
        seen.add(image)
    assert len(seen) == 5  # five different backs
