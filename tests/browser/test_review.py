"""Issue 30 in the browser: the review of a finished game in the replay viewer: the
strip over the slider (winnable / lost, the move that lost marked; a click jumps), the
list a keyboard and a screen reader use (each item jumps to its step), in English and
Spanish."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import expect

from boards import TRAP, TRAP_LINE

from .support import Table, winning_line

CODE = "SP1-S1C-AAAAAAD"


def _finished_trap(table: Table) -> str:
    """A game from TRAP played along its line (lost at its action 4), then left for a new
    game; its id."""
    table.open_position(TRAP)
    for action in TRAP_LINE:
        table.api_action(action)
    game: str = table.api_state()["id"]
    response = table.page.request.post(
        table.base_url + "/api/games", data={"code": CODE, "confirm": ["abandon"]}
    )
    assert response.status == 201, response.text()
    return game


def test_the_review_strip_and_list_jump_to_the_move_that_lost(make_table: Any) -> None:
    table: Table = make_table()
    game = _finished_trap(table)
    page = table.page
    page.goto(f"{table.base_url}/?replay={game}&review=1")
    table.ready()
    verdict = page.locator("#review-verdict")
    expect(verdict).to_have_text(
        "The deal could still be won before action 4 (5:1>1): that action lost it.",
        timeout=30_000,
    )
    cells = page.locator("#review-strip .review-cell")
    expect(cells).to_have_count(10)  # steps 0 to 9
    expect(page.locator("#review-strip .review-winnable")).to_have_count(4)
    expect(page.locator("#review-strip .review-lost")).to_have_count(6)  # steps 4 to 9
    expect(page.locator("#review-strip .review-lost-move")).to_have_attribute("data-step", "4")
    counter = page.locator("#replay-counter")
    page.locator("#review-go-lost").click()
    expect(counter).to_have_text("3 / 9")  # where it could still be won
    moment = page.locator("#review-moments button", has_text="the move that lost")
    expect(moment).to_have_text("Action 4 (5:1>1): the move that lost, not the hint's move.")
    moment.focus()
    page.keyboard.press("Enter")
    expect(counter).to_have_text("4 / 9")
    spans = page.locator("#review-spans button")
    expect(spans).to_have_text(
        [
            "After 0 to 3 actions: the deal could still be won.",
            "After 4 to 9 actions: the deal could no longer be won.",
        ]
    )
    spans.nth(1).click()
    expect(counter).to_have_text("4 / 9")
    box = page.locator("#review-strip").bounding_box()
    assert box is not None
    page.mouse.click(box["x"] + box["width"] * 0.05, box["y"] + box["height"] / 2)
    expect(counter).to_have_text("0 / 9")  # a click on the strip jumps there
    expect(page.locator("#review-hint")).to_contain_text("9:1>1")
    # the solver's line, played on the table from the position before the move that lost
    line_counter = page.locator("#review-line-counter")
    expect(page.locator("#review-line-prev")).to_be_disabled()
    page.locator("#review-line-next").click()
    expect(line_counter).to_have_text(re.compile(r"^0 / \d+$"))
    expect(page.locator("#replay-step-label")).to_have_text(
        "The position before the move that lost: the solver's line starts here."
    )
    page.locator("#review-line-next").click()
    expect(line_counter).to_have_text(re.compile(r"^1 / \d+$"))
    expect(page.locator("#review-line-prev")).to_be_enabled()
    page.locator("#review-go-lost").click()
    expect(counter).to_have_text("3 / 9")  # back on the replay
    assert not table.problems, table.problems


def test_a_won_game_reviewed_in_spanish_from_its_button(make_table: Any) -> None:
    table: Table = make_table(locale="es-ES")
    line = winning_line(CODE)
    table.open(CODE, list(line))
    game = table.api_state()["id"]
    page = table.page
    page.goto(f"{table.base_url}/?replay={game}")
    table.ready()
    expect(page.locator("#review-box")).to_be_hidden()
    page.locator("#replay-review").click()
    expect(page.locator("#review-verdict")).to_have_text(
        "La partida se podía ganar en todo momento.", timeout=30_000
    )
    expect(page.locator("#replay-review")).to_be_hidden()
    expect(page.locator("#review-strip .review-winnable")).to_have_count(len(line) + 1)
    expect(page.locator("#review-strip .review-lost-move")).to_have_count(0)
    expect(page.locator("#review-spans button")).to_have_text(
        [f"Tras 0 a {len(line)} acciones: la partida aún se podía ganar."]
    )
    assert not table.problems, table.problems
