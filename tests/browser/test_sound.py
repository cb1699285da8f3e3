"""Sounds (issue 19, item 7): the page asks for the right sound at each answer of the
server (a move, a deal, a refused move, a removed run, the win), with reduced motion too;
the header's mute switch and volume are remembered across a reload. The audio output is
stubbed: the page has no AudioContext, and each request (sound.js's ``spider-sound``
event) is recorded."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from .support import DEALS, SMALL_PHONE, Table, has_class, winning_line

RECORD = """() => {
  window.AudioContext = undefined;
  window.webkitAudioContext = undefined;
  window.sounds = [];
  document.addEventListener('spider-sound',
    (e) => window.sounds.push([e.detail.name, e.detail.volume]));
}"""
"""Stub the output and record every sound request."""

WIN_CODE = "SP1-S1C-AAAAAAD"
"""A 1-suit deal the solver wins (as in test_record.py)."""


def recording(make_table: Any) -> Table:
    """A table (reduced motion, as every test's default) recording its sound requests."""
    table: Table = make_table()
    table.page.add_init_script(script=f"({RECORD})()")
    return table


def sounds(table: Table) -> list[Any]:
    """The sounds asked for since the page loaded, as [name, volume 0..1]."""
    table.idle()
    result: list[Any] = table.page.evaluate("window.sounds")
    return result


@pytest.mark.slow
def test_each_answer_asks_for_its_sound(make_table: Any) -> None:
    table = recording(make_table)
    group = DEALS["group"]
    table.open(group["code"], group["setup"])
    page = table.page
    assert sounds(table) == []  # opening a game is silent
    # a drop on a column the server did not list: it refuses the move
    refused = next(c for c in range(1, 11) if c != group["column"] and c not in group["targets"])
    table.drag(group["column"], -1, table.column_point(refused))
    expect(table.notice()).to_have_class(has_class("refused"))
    assert sounds(table) == [["refused", 0.25]]  # on by default, at a low volume
    table.play_move(f"{group['column']}:{group['count']}>{group['targets'][0]}")
    table.play_move("d")
    page.locator("#undo").click()
    assert [name for name, _ in sounds(table)] == ["refused", "move", "deal", "deal"]

    run = DEALS["run"]
    table = recording(make_table)  # a new player: no game to leave first
    table.open(run["code"], run["setup"])
    table.play_move(run["last"])
    expect(table.page.locator(".removed-slot.filled")).to_have_count(1)
    assert sounds(table) == [["run", 0.25]]

    line = winning_line(WIN_CODE)
    table = recording(make_table)
    table.open(WIN_CODE, list(line[:-1]))
    table.play_move(line[-1])
    expect(table.page.locator("#win-dialog")).to_be_visible(timeout=15_000)
    assert sounds(table) == [["win", 0.25]]


def test_mute_and_volume_are_one_tap_away_and_remembered(make_table: Any) -> None:
    table = recording(make_table)
    group = DEALS["group"]
    table.open(group["code"], group["setup"])
    page = table.page
    button = page.locator("#sound-button")
    expect(button).to_be_visible()
    expect(button).to_have_accessible_name("Sound")
    button.click()
    panel = page.locator("#sound-panel")
    expect(panel).to_be_visible()
    expect(page.locator("#sound-on")).to_be_checked()
    expect(page.locator("#sound-volume")).to_have_value("25")
    page.locator("#sound-volume").fill("60")
    assert sounds(table) == [["move", 0.6]]  # the new volume, heard once
    page.locator("#sound-on").uncheck()  # muted: nothing more is asked for
    expect(button.locator("use")).to_have_attribute("href", "#i-muted")
    page.keyboard.press("Escape")
    expect(panel).to_be_hidden()
    table.play_move(f"{group['column']}:{group['count']}>{group['targets'][0]}")
    assert sounds(table) == [["move", 0.6]]

    table.reload()
    assert sounds(table) == []
    expect(button.locator("use")).to_have_attribute("href", "#i-muted")
    button.click()
    expect(page.locator("#sound-on")).not_to_be_checked()
    expect(page.locator("#sound-volume")).to_have_value("60")
    # the Settings window shows and changes the same setting
    page.keyboard.press("Escape")
    page.locator("#settings").click()
    dialog = page.locator("#settings-dialog")
    expect(dialog.locator("input[name=sound]")).not_to_be_checked()
    expect(dialog.locator("input[name=volume]")).to_have_value("60")
    dialog.locator("input[name=sound]").check()
    dialog.get_by_role("button", name="Close").click()
    expect(button.locator("use")).to_have_attribute("href", "#i-sound")
    table.play_move("d")
    assert sounds(table) == [["deal", 0.6]]
    stored = page.evaluate("JSON.parse(localStorage.getItem('spider.settings'))")
    assert (stored["sound"], stored["volume"]) == (True, 60)


def test_a_small_phone_reaches_the_sound_through_the_menu(make_table: Any) -> None:
    table = recording(make_table)
    table.page.set_viewport_size(SMALL_PHONE)
    table.open()
    page = table.page
    expect(page.locator("#sound-button")).to_be_hidden()  # no room in the header
    page.locator("#menu-button").click()
    page.locator("#menu-dialog").get_by_role("button", name="Sound").click()
    panel = page.locator("#sound-panel")
    expect(panel).to_be_visible()
    box = panel.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= SMALL_PHONE["width"]
    page.locator("#sound-on").uncheck()
    assert page.evaluate("JSON.parse(localStorage.getItem('spider.settings')).sound") is False
