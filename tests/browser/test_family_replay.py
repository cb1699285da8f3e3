"""The replay viewer on a seven-column game (issue 20): a Spiderette game watched from the
history by its owner (on a laptop, then on a phone held sideways) and through a shared link
on a phone held sideways draws seven columns inside the viewport, step by step as the
engine played them, face-down cards as blank backs, and no console error (the fixture's
check)."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect

from spider_solitaire import Game
from spider_solitaire.cards import card_text
from spider_solitaire.position import Position

from .support import Table

CODE = "SP1-ETTE-S2C-AAAAAAD"
"""A 2-suit Classic Spiderette deal: column N holds N cards, N - 1 face down."""
ACTIONS = ["d", "7:1>4", "7:1>1", "4:2>5"]
"""A deal, a move, a move that turns a card up in column 7, a group of two moved."""

LAPTOP = {"width": 1280, "height": 800}
PHONE_LANDSCAPE = {"width": 844, "height": 390}

SHOWN = """() => [...document.querySelectorAll('#tableau .column')]
  .filter(e => !e.hidden)
  .map(e => ({
    box: (r => [r.left, r.top, r.right, r.bottom])(e.getBoundingClientRect()),
    cards: [...e.querySelectorAll('.card')]
      .map(c => (r => [r.left, r.top, r.right, r.bottom])(c.getBoundingClientRect())),
  }))"""
"""Each shown column's box and its cards' boxes (left, top, right, bottom; CSS pixels)."""

BACKS = """els => els.map(e => [e.childElementCount, e.textContent,
  e.hasAttribute('data-card'), e.hasAttribute('aria-label'), e.hasAttribute('title')])"""


def _positions() -> list[Position]:
    """The engine's position at each step of the replay: the deal, then after each action."""
    game = Game.from_code(CODE)
    positions = [game.position]
    for action in ACTIONS:
        game.act(action)
        positions.append(game.position)
    return positions


def _check_step(table: Table, step: int, position: Position, viewport: dict[str, int]) -> None:
    """The replay at ``step`` shows ``position`` as the player saw it, all in the viewport."""
    page = table.page
    expect(page.locator("#replay-counter")).to_have_text(f"{step} / {len(ACTIONS)}")
    expect(page.locator("#moves")).to_have_text(str(position.move_count))
    expect(page.locator("#score")).to_have_text(str(position.score))
    columns = page.evaluate(SHOWN)
    assert len(columns) == 7
    for n in range(8, 11):
        expect(table.column(n)).to_be_hidden()
    for number, column in enumerate(columns, start=1):
        for left, top, right, bottom in [column["box"], *column["cards"]]:
            where = (step, number, viewport, (left, top, right, bottom))
            assert 0 <= left < right <= viewport["width"], where
            assert 0 <= top < bottom <= viewport["height"], where
    assert [table.face_down(n) for n in range(1, 8)] == list(position.face_down)
    for n in range(1, 8):
        assert table.cards(n) == [card_text(c) for c in position.face_up(n)], (step, n)
    # face-down cards are blank backs: no text, no name; no card's identity beyond the
    # face-up cards anywhere in the page
    backs = page.locator("#tableau .card.down").evaluate_all(BACKS)
    assert len(backs) == sum(position.face_down)
    assert all(back == [0, "", False, False, False] for back in backs), backs
    face_up = sum(len(position.face_up(n)) for n in range(1, 8))
    assert page.content().count('data-card="') == face_up


def _step_through(table: Table, viewport: dict[str, int], press: str | None = None) -> None:
    """Check step 0, then every step forward (``press``: a key, else the Next button)."""
    positions = _positions()
    _check_step(table, 0, positions[0], viewport)
    assert list(positions[0].face_down) == [0, 1, 2, 3, 4, 5, 6]  # the variant's deal
    for step, position in enumerate(positions[1:], start=1):
        if press:
            table.page.keyboard.press(press)
        else:
            table.page.locator("#replay-next").click()
        table.idle()
        _check_step(table, step, position, viewport)
    assert positions[3].face_down[6] == 5  # step 3 turned a card up in column 7


def test_a_spiderette_replay_shows_seven_columns_on_a_laptop_and_a_phone(
    make_table: Any,
) -> None:
    owner: Table = make_table(viewport=LAPTOP)
    owner.open(CODE, ACTIONS)
    played = owner.api_state()
    assert (played["variant"], played["column_count"], played["moves"]) == ("spiderette", 7, 4)
    page = owner.page
    left = page.request.post(
        owner.base_url + "/api/games", data={"suits": 1, "confirm": ["abandon"]}
    )
    assert left.status == 201, left.text()  # leaving the Spiderette game loses it
    owner.reload()

    # the owner watches it from the history
    page.locator("#menu-button").click()
    page.locator("#menu-dialog").get_by_role("button", name="Game history").click()
    entry = page.locator("#history-list > li").filter(has_text=CODE)
    expect(entry).to_have_count(1)
    expect(entry.locator(".history-status")).to_contain_text("Lost")
    entry.get_by_role("button", name="Watch").click()
    page.wait_for_url(f"**/?replay={played['id']}")
    owner.ready()
    expect(page.locator("#replay-variant")).to_have_text("Spiderette · 2 suits · Classic")
    expect(page.locator(".removed-slot:not([hidden])")).to_have_count(4)
    _step_through(owner, LAPTOP, press="ArrowRight")
    expect(page.locator("#replay-next")).to_be_disabled()
    # the owner's bar (with its links) on a phone held sideways
    page.set_viewport_size(PHONE_LANDSCAPE)
    page.locator("#replay-first").click()
    owner.idle()
    _step_through(owner, PHONE_LANDSCAPE)

    # anyone with the link, on a phone held sideways
    page.locator("#replay-share").click()
    link = page.locator("#share-link")
    expect(link).not_to_have_value("")
    # the link box (the link, Copy, Revoke) keeps every card of the owner's table in sight
    owner.idle()
    _check_step(owner, len(ACTIONS), _positions()[-1], PHONE_LANDSCAPE)
    visitor: Table = make_table(viewport=PHONE_LANDSCAPE, touch=True)
    visitor.page.goto(link.input_value())
    visitor.ready()
    expect(visitor.page.locator("#replay-outcome")).to_have_text("Lost")
    _step_through(visitor, PHONE_LANDSCAPE)
    # back to the start by the slider: the deal again, as at first
    visitor.page.locator("#replay-slider").fill("0")
    visitor.idle()
    _check_step(visitor, 0, _positions()[0], PHONE_LANDSCAPE)
