"""The help's answer panel, the "No useful moves left" bar and the notice share one docked
place under the table (issue 19, item 5): with long columns, at 1280x800, 390x844 and
844x390, none covers a card, only one shows at a time, and every button of the one shown
is in sight and takes a click. A phone on its side (844x390) spreads the columns over the
whole width with larger cards and keeps the help's words (item 9); the large-cards and
left-handed settings."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from boards import short_board
from spider_solitaire.messages import message

from .support import PHONE, Table, has_class

LONG_STUCK = short_board({n: "AS AS 2S 2S | KS QS JS TS 9S 8S 7S 6S 5S" for n in range(1, 11)})
"""Ten long columns (4 face-down cards under King to 5 of spades) and no stock: no move at
all, so the stuck bar shows from the start."""

LANDSCAPE = {"width": 844, "height": 390}
SIZES = {"1280x800": {"width": 1280, "height": 800}, "390x844": PHONE, "844x390": LANDSCAPE}

DOCK = """() => {
  const box = (e) => {
    const r = e.getBoundingClientRect();
    return [r.left, r.top, r.right, r.bottom];
  };
  const shown = ['notice', 'stuck-bar', 'help-panel']
    .filter((id) => document.getElementById(id).getClientRects().length > 0);
  const cards = [...document.querySelectorAll('#tableau .card:not(.probe)')].map(box);
  const panels = shown.map((id) => box(document.getElementById(id)));
  const buttons = shown.flatMap((id) => [...document.getElementById(id).querySelectorAll('button')]
    .filter((b) => b.getClientRects().length > 0)
    .map((b) => {
      const r = box(b);
      const at = document.elementFromPoint((r[0] + r[2]) / 2, (r[1] + r[3]) / 2);
      return {id: b.id, box: r, hit: b.contains(at)};
    }));
  return {shown, cards, panels, buttons, viewport: [innerWidth, innerHeight]};
}"""


def _overlap(a: list[float], b: list[float]) -> bool:
    """Whether two boxes [left, top, right, bottom] share some area."""
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _check_dock(table: Table, expected: str, buttons: set[str]) -> None:
    """Only ``expected`` shows in the dock, over no card, with ``buttons`` (ids) in sight
    and clickable (the button itself is under its centre)."""
    table.idle()
    m = table.page.evaluate(DOCK)
    assert m["shown"] == [expected], m["shown"]
    assert len(m["cards"]) == 130
    (panel,) = m["panels"]
    width, height = m["viewport"]
    assert panel[0] >= 0 and panel[2] <= width and panel[1] >= 0 and panel[3] <= height, panel
    covered = [card for card in m["cards"] if _overlap(card, panel)]
    assert not covered, (panel, covered[:3])
    for card in m["cards"]:
        assert card[3] <= height, card
    assert {b["id"] for b in m["buttons"]} == buttons
    for button in m["buttons"]:
        left, top, right, bottom = button["box"]
        assert left >= 0 and right <= width and top >= 0 and bottom <= height, button
        assert button["hit"], button


@pytest.mark.slow
@pytest.mark.parametrize("size", list(SIZES))
def test_panels_dock_under_the_table_one_at_a_time(make_table: Any, size: str) -> None:
    table = make_table(viewport=SIZES[size], touch=size != "1280x800")
    table.open_position(LONG_STUCK)
    page = table.page
    stuck = page.locator("#stuck-bar")
    expect(stuck).to_be_visible()
    # nothing to undo: Restart and New game
    _check_dock(table, "stuck-bar", {"stuck-restart", "stuck-new"})

    # the hint's answer takes the place; the stuck bar steps aside, and comes back after
    page.locator("#hint").click()
    expect(page.locator("#help-text")).to_have_text(
        message("help", "hint_short_stuck_no_undo", "en")
    )
    _check_dock(table, "help-panel", {"help-more", "help-close"})
    page.locator("#help-close").click()
    expect(stuck).to_be_visible()

    # "Can I still win?": its answer in the same place (it covered the stuck bar's buttons)
    page.locator("#can-win").click()
    expect(page.locator("#help-panel")).to_have_attribute("data-kind", "answer", timeout=30_000)
    _check_dock(table, "help-panel", {"help-close"})
    page.locator("#help-close").click()
    _check_dock(table, "stuck-bar", {"stuck-restart", "stuck-new"})

    # a refused move: the notice takes the place for a while
    table.drag(1, -1, table.column_point(2))
    table.idle()
    expect(table.notice()).to_be_visible()
    _check_dock(table, "notice", set())


@pytest.mark.slow
def test_a_phone_on_its_side_spreads_the_columns_over_the_width(make_table: Any) -> None:
    table = make_table(viewport=LANDSCAPE, touch=True)
    table.open_position(LONG_STUCK)
    page = table.page
    m = page.evaluate(
        """() => {
      const box = (e) => e.getBoundingClientRect();
      const cols = [...document.querySelectorAll('.column')].map(box);
      const card = box(document.querySelector('#tableau .card.up:not(.probe)'));
      const labels = [...document.querySelectorAll('.help-bar .icon-button')].map((b) => {
        const label = b.querySelector('.label');
        return {text: label.textContent, width: box(label).width, button: box(b).width};
      });
      return {left: cols[0].left, right: cols[9].right, card: [card.width, card.height],
              labels, width: innerWidth, scroll: document.scrollingElement.scrollWidth,
              stock: box(document.getElementById('stock')).right};
    }"""
    )
    assert m["scroll"] <= m["width"] and m["stock"] <= m["width"], m  # nothing off the side
    # today's first column started at x = 200 and the last ended at 645 (cards 38x54)
    assert m["left"] <= 16 and m["right"] >= m["width"] - 16, m
    width, height = m["card"]
    assert width >= 50 and height >= 70, m["card"]
    # Hint, "Can I still win?" and "Show solution" keep their words
    texts = [label["text"] for label in m["labels"]]
    assert texts == ["Hint", "Can I still win?", "Show solution"]
    for label in m["labels"]:
        assert label["width"] > 20 and label["button"] > label["width"], label


def _settings_check(table: Table, name: str) -> None:
    """Tick the Settings window's check box ``name`` and close the window."""
    page = table.page
    page.locator("#settings").click()
    page.locator(f"#settings-form input[name={name}]").check()
    page.locator("#settings-form button[value=close]").click()
    table.idle()


CORNERS = """() => [...document.querySelectorAll('#tableau .card.up:not(.probe)')].map((card) => {
  const c = card.querySelector('.corner').getBoundingClientRect();
  const r = card.getBoundingClientRect();
  const at = document.elementFromPoint(c.left + 3, c.top + c.height / 2);
  return {width: r.width, left: r.left, right: r.right, seen: card.contains(at)};
})"""


@pytest.mark.slow
def test_large_cards_on_a_phone_held_upright(make_table: Any) -> None:
    table = make_table(viewport=PHONE, touch=True)
    # a short board: the lowest card of each column shows its whole corner
    table.open_position(short_board({n: "AS AS 2S | KS QS JS TS" for n in range(1, 11)}))
    before = table.card(1, 0).bounding_box()
    assert before is not None
    _settings_check(table, "largeCards")
    expect(table.page.locator("body")).to_have_class(has_class("large-cards"))
    after = table.card(1, 0).bounding_box()
    assert after is not None
    assert after["width"] >= before["width"] * 1.25, (before, after)
    corners = table.page.evaluate(CORNERS)
    assert len(corners) == 40
    for corner in corners:
        # every card inside the screen, and the top card under the middle of each corner
        assert corner["left"] >= 0 and corner["right"] <= PHONE["width"], corner
        assert corner["seen"], corner
    # the setting is kept for the next visit
    table.reload()
    again = table.card(1, 0).bounding_box()
    assert again is not None and abs(again["width"] - after["width"]) < 0.5


@pytest.mark.slow
@pytest.mark.parametrize("size", ["1280x800", "390x844"])
def test_left_handed_puts_the_stock_and_buttons_on_the_left(make_table: Any, size: str) -> None:
    table = make_table(viewport=SIZES[size], touch=size != "1280x800")
    table.open_position(LONG_STUCK)

    def places() -> dict[str, float]:
        result: dict[str, float] = table.page.evaluate(
            """() => Object.fromEntries(['stock', 'removed', 'undo', 'score', 'hint']
                 .map((id) => [id, document.getElementById(id).getBoundingClientRect().left]))"""
        )
        return result

    right_handed = places()
    assert right_handed["stock"] > right_handed["removed"]
    _settings_check(table, "leftHanded")
    left_handed = places()
    assert left_handed["stock"] < left_handed["removed"], left_handed
    assert left_handed["undo"] < right_handed["undo"], (left_handed, right_handed)
    # the stock over the first column (the piles row is as wide as the table)
    first = table.column(1).bounding_box()
    assert first is not None and left_handed["stock"] <= first["x"] + 1, (left_handed, first)


HEADER = """() => {
  const box = (e) => {
    const r = e.getBoundingClientRect();
    return [r.left, r.top, r.right, r.bottom];
  };
  const shown = (e) => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden';
  const bar = document.querySelector('.bar');
  const buttons = [...bar.querySelectorAll('button, a.icon-button')].filter(shown).map((b) => {
    const r = box(b);
    const at = document.elementFromPoint((r[0] + r[2]) / 2, (r[1] + r[3]) / 2);
    return {id: b.id, box: r, hit: b.contains(at)};
  });
  // the variant and the figures by their words (their boxes stretch over the row)
  const words = (e) => {
    const range = document.createRange();
    range.selectNodeContents(e);
    return box(range);
  };
  const texts = [['variant', words], ['assisted', box], ['stats', words]]
    .map(([id, measure]) => [bar.querySelector(`#${id}, .${id}`), id, measure])
    .filter(([e]) => e && shown(e)).map(([e, id, measure]) => ({id, box: measure(e)}));
  return {buttons, texts, viewport: [innerWidth, innerHeight]};
}"""


def _check_header(table: Table, handed: str) -> None:
    """Every button of the header in sight, over no other button or label, and clickable
    (the button itself under its centre); the labels (the variant, the Assisted badge)
    over no button nor each other."""
    table.idle()
    page = table.page
    page.evaluate("() => { document.getElementById('assisted').hidden = false; }")
    m = page.evaluate(HEADER)
    width, height = m["viewport"]
    ids = {b["id"] for b in m["buttons"]}
    assert {"undo", "redo", "menu-button", "hint", "can-win", "solution"} <= ids, (handed, m)
    for button in m["buttons"]:
        left, top, right, bottom = button["box"]
        assert left >= 0 and right <= width and top >= 0 and bottom <= height, (handed, button)
        assert button["hit"], (handed, button)
    things = m["buttons"] + m["texts"]
    for i, a in enumerate(things):
        for b in things[i + 1 :]:
            assert not _overlap(a["box"], b["box"]), (handed, a, b)


@pytest.mark.slow
@pytest.mark.parametrize("size", ["320x480", "480x320"])
def test_left_handed_header_keeps_every_button_in_sight_on_a_small_phone(
    make_table: Any, size: str
) -> None:
    """Left-handed at 320x480 and 480x320, the help's toolbar lay over Undo, Redo and the
    menu (a tap on Menu was "Show solution") and the variant over the Assisted badge."""
    width, height = (int(n) for n in size.split("x"))
    table = make_table(viewport={"width": width, "height": height}, touch=True)
    table.open_position(LONG_STUCK)
    page = table.page
    _check_header(table, "right-handed")
    # the Settings button is in the menu at these sizes: tick the box at a larger one
    page.set_viewport_size(PHONE)
    _settings_check(table, "leftHanded")
    expect(page.locator("body")).to_have_class(has_class("left-handed"))
    page.set_viewport_size({"width": width, "height": height})
    _check_header(table, "left-handed")


ONE_MOVE = short_board(
    {
        1: "| KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S",
        2: "2S | AS",
        3: "| KS QS JS TS 9S 8S 7S 6S 5S 4S 3S",
    }
)
"""The Ace of spades in column 2 completes the run in column 1; the rest is stuck."""


@pytest.mark.slow
def test_old_panels_and_notices_go_after_undo_and_restart(table: Table) -> None:
    """What the dock said was about the position before: a successful Undo or Restart
    takes it down (a can-win answer stayed up after them)."""
    table.open_position(ONE_MOVE)
    page = table.page
    panel = page.locator("#help-panel")
    table.api_action("1:1>3")  # the 2 of spades onto the 3: something to undo
    table.reload()
    page.locator("#can-win").click()
    expect(panel).to_have_attribute("data-kind", "answer", timeout=30_000)
    expect(panel).to_be_visible()
    page.locator("#undo").click()
    table.idle()
    expect(panel).to_be_hidden()
    assert table.api_state()["moves"] == 0

    page.locator("#can-win").click()
    expect(panel).to_have_attribute("data-kind", "answer", timeout=30_000)
    page.locator("#restart").click()
    page.locator("#restart-dialog button[value=restart]").click()
    table.idle()
    expect(panel).to_be_hidden()
    expect(table.notice()).to_be_hidden()


@pytest.mark.slow
def test_the_server_did_not_answer_notice_goes_when_a_request_is_answered(table: Table) -> None:
    table.open_position(ONE_MOVE)
    page = table.page
    page.route("**/actions", lambda route: route.abort())
    table.card(2, -1).dblclick()  # the Ace onto the run: the request never arrives
    notice = table.notice()
    expect(notice).to_have_text(message("web", "announce.network", "en"))
    page.unroute("**/actions")
    # any later answer shows the server is there: the notice goes at once (it stayed for 7 s)
    page.locator("#menu-button").click()
    page.locator("#open-stats").click()
    expect(page.locator("#stats-dialog")).to_be_visible()
    expect(notice).to_be_hidden(timeout=2000)
    # the request this test made fail is no fault of the page's
    table.problems[:] = [p for p in table.problems if "ERR_FAILED" not in p]
