"""Issue 31, item 13 at the table: a replay starts at the speed that shows the whole game
in about half a minute (1x took over two minutes for 132 steps), and on a phone its bar
leaves the table most of the screen (it took the top 40%)."""

from __future__ import annotations

import datetime as dt
from typing import Any

from playwright.sync_api import expect

from spider_solitaire.messages import message

from .support import PHONE, SMALL_PHONE, Table, winning_line

CODE = "SP1-S1C-AAAAAAD"


def _replay(table: Table, line: tuple[str, ...]) -> None:
    """Play ``line`` on ``CODE`` through the API, then watch the game's replay."""
    table.open(CODE, list(line))
    game = table.api_state()["id"]
    table.page.goto(f"{table.base_url}/?replay={game}")
    table.ready()


def test_a_replay_starts_at_the_speed_that_shows_the_game_in_about_half_a_minute(
    make_table: Any,
) -> None:
    line = winning_line(CODE)
    last = len(line)
    assert last == 96  # 76.8 s at 1x (800 ms a step with animations), 38.4 s at 2x
    table: Table = make_table(reduced_motion="no-preference")
    _replay(table, line)
    page = table.page
    expect(page.locator("#replay-speed")).to_have_value("2")
    # the page's timers run only when the test says (paused: no time flows by itself)
    page.clock.install()
    page.clock.pause_at(dt.datetime.now() + dt.timedelta(minutes=1))
    counter = page.locator("#replay-counter")

    def shown() -> int:
        expect(page.locator("body")).not_to_have_attribute("data-busy", "true")
        return int(counter.inner_text().split(" / ")[0])

    page.locator("#replay-play").click()
    page.clock.run_for(20_000)
    assert 40 <= shown() < last  # 20 s in: half the game, not the end
    page.clock.run_for(25_000)
    expect(counter).to_have_text(f"{last} / {last}")  # the whole game within 45 s
    expect(page.locator("#replay-play")).to_have_attribute("aria-pressed", "false")


BAR = """() => {
  const bar = document.getElementById('replay-bar').getBoundingClientRect();
  const boxes = [...document.querySelectorAll(
      '.replay-controls > button, #replay-counter, #replay-speed, #replay-play-deal, #replay-back,'
      + ' #replay-share, #replay-export, #replay-slider, .replay-facts')]
    .filter(el => el.getClientRects().length)
    .map(el => {
      const box = el.getBoundingClientRect();
      return {id: el.id || el.className, left: box.left, right: box.right, top: box.top,
              bottom: box.bottom};
    });
  return {top: bar.top, bottom: bar.bottom, width: innerWidth, height: innerHeight,
          scrollWidth: document.documentElement.scrollWidth, boxes};
}"""


def test_on_a_phone_the_replay_bar_leaves_the_table_the_screen(make_table: Any) -> None:
    line = winning_line(CODE)[:12]
    # the bar took 261 px of 844 (31%, its bottom at 39%) and 279 of 480 on a small phone
    for viewport, locale, most in ((PHONE, "en-US", 0.2), (SMALL_PHONE, "es-ES", 0.47)):
        table: Table = make_table(viewport=viewport, touch=True, locale=locale)
        _replay(table, line)
        bar = table.page.evaluate(BAR)
        assert bar["scrollWidth"] <= viewport["width"], bar  # nothing sticks out sideways
        assert bar["bottom"] - bar["top"] <= most * viewport["height"], (viewport, bar)
        ids = {box["id"] for box in bar["boxes"]}
        assert {"replay-play", "replay-speed", "replay-play-deal", "replay-share"} <= ids, ids
        for one in bar["boxes"]:
            assert one["left"] >= 0 and one["right"] <= viewport["width"], (viewport, one)
            for two in bar["boxes"]:
                if one is two:
                    continue
                apart = (
                    one["right"] <= two["left"] + 0.5
                    or two["right"] <= one["left"] + 0.5
                    or one["bottom"] <= two["top"] + 0.5
                    or two["bottom"] <= one["top"] + 0.5
                )
                assert apart, (viewport, one, two)
        # the speed select keeps its word for screen readers
        name = message("web", "replay.speed", locale[:2])
        expect(table.page.get_by_role("combobox", name=name)).to_be_visible()
