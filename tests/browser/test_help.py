"""The solver's help at the table: a hint (button and H) highlights the cards and the
target and shows its reasons; "Can I still win?" answers, names the move that lost and
undoes back to it; "Show solution" plays to a win; "Winnable deals only" deals a game the
solver has won, with progress."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from boards import short_board
from spider_solitaire.messages import message
from spider_solitaire.winnable import stock

from .support import PHONE, SETTLE, SMALL_PHONE, Table, has_class

RUN_BOARD = short_board(
    {
        1: "| KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S",
        2: "2S | AS",
        3: "| KS QS JS TS 9S 8S 7S 6S 5S 4S 3S",
    }
)
"""The Ace of spades in column 2 completes the run in column 1 (tests/server/test_help.py)."""

MIDDLE_RUN_BOARD = short_board(
    {
        3: "| KS QS JS TS 9S 8S 7S 6S 5S 4S 3S",
        5: "| KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S",
        6: "2S | AS",
    }
)
"""RUN_BOARD moved to the middle: the hint's target, column 5, runs down under the panel."""

STUCK = short_board(
    {1: "| AS", 2: "| 3S", 3: "| 5S", 4: "| 7S", 5: "| 9S", 6: "| JS"}
    | {n: "| KS" for n in range(7, 11)}
)
"""No move at all and an empty stock, from the start: nothing to undo either."""

TRAP = short_board(
    {
        1: "| 6S 3S",
        2: "| 8S",
        3: "| 4S",
        4: "| TS QS",
        5: "| 2S",
        6: "| QS",
        7: "| 3S 6S 4S",
        8: "| AS 8S",
        9: "| TS",
        10: "| 2S AS",
    },
    stock="5S 5S 7S 7S 9S 9S JS JS KS KS",
)
"""Winnable; after this line it is lost from its fourth action on (tests/server/test_help.py)."""
TRAP_LINE = ["1:1>3", "d", "1:2>3", "5:1>1", "3:2>4", "4:2>3", "3:2>4", "4:2>3", "3:2>4"]


def test_a_hint_highlights_the_cards_and_shows_why(table: Any) -> None:
    table.open_position(RUN_BOARD)
    page = table.page
    expect(page.locator("#assisted")).to_be_hidden()
    page.keyboard.press("h")
    panel = page.locator("#help-panel")
    expect(panel).to_be_visible()
    sentence = message("hints", "completes_run", "en")
    # one short sentence first; the whole explanation one tap away (and in the live region)
    expect(page.locator("#help-text")).to_have_text(
        "Move the ace of spades from column 2 to column 1: it completes a run."
    )
    expect(page.locator("#live")).to_contain_text(sentence)
    page.locator("#help-more").click()
    expect(page.locator("#help-text")).to_contain_text(
        "Hint: move the ace of spades from column 2 to column 1."
    )
    expect(page.locator("#help-text")).to_contain_text(sentence)
    hinted = page.locator(".card.hinted")
    expect(hinted).to_have_count(1)
    expect(hinted).to_have_attribute("data-card", "AS")
    expect(table.column(2).locator(".card.hinted")).to_have_count(1)
    expect(table.column(1)).to_have_class(has_class("hint-target"))
    assert table.api_state()["assisted"] is True
    expect(page.locator("#assisted")).to_have_text("Assisted")
    expect(page.locator("#assisted")).to_be_visible()

    # playing the move clears the hint; the button asks again
    table.card(2, -1).dblclick()
    table.idle()
    expect(page.locator(".hinted, .hint-target")).to_have_count(0)
    expect(panel).to_be_hidden()


@pytest.mark.parametrize(
    "viewport", [{"width": 1280, "height": 720}, PHONE, SMALL_PHONE], ids=["1280", "390", "320"]
)
def test_the_hint_panel_covers_the_target_highlight(
    make_table: Any, viewport: dict[str, int]
) -> None:
    """The highlighted target column runs down the table, under the answer panel: the
    panel hides it (it is drawn above it and opaque), so no line crosses its text."""
    table = make_table(viewport=viewport, touch=viewport["width"] < 500)
    table.open_position(MIDDLE_RUN_BOARD)
    page = table.page
    page.locator("#hint").click()
    panel = page.locator("#help-panel")
    expect(panel).to_be_visible()
    target = table.column(5)
    expect(target).to_have_class(has_class("hint-target"))
    table.idle()
    p, c = panel.bounding_box(), target.bounding_box()
    assert p is not None and c is not None
    inset = 14  # clear of the panel's rounded corners and coloured edge
    left, right = (
        max(p["x"] + inset, c["x"] - 4),
        min(p["x"] + p["width"] - inset, c["x"] + c["width"] + 4),
    )
    top, bottom = p["y"] + inset, min(p["y"] + p["height"], c["y"] + c["height"]) - inset
    assert right - left > 20 and bottom - top > 20, (p, c)  # they do overlap
    middle = ((left + right) / 2, (top + bottom) / 2)
    assert page.evaluate(
        "([x, y]) => document.getElementById('help-panel')"
        ".contains(document.elementFromPoint(x, y))",
        list(middle),
    )
    clip = {"x": left, "y": top, "width": right - left, "height": bottom - top}
    with_highlight = page.screenshot(clip=clip)
    page.evaluate("() => document.getElementById('column-5').classList.remove('hint-target')")
    page.evaluate(SETTLE)
    assert page.screenshot(clip=clip) == with_highlight  # nothing of it shows through


def test_can_i_still_win_names_the_lost_move_and_undoes_back(table: Any) -> None:
    table.open_position(TRAP)
    for action in TRAP_LINE:
        table.api_action(action)
    table.reload()
    page = table.page
    page.get_by_role("button", name="Can I still win?").click()
    text = page.locator("#help-text")
    expect(text).to_contain_text(
        "No. Your move 4 (column 5 to column 1) lost the game", timeout=30_000
    )
    undo_back = page.locator("#help-action")
    expect(undo_back).to_have_text("Undo 6 actions")
    expect(undo_back).to_be_focused()  # the offer is one key press away
    page.keyboard.press("Enter")
    table.idle()
    expect(page.locator("#moves")).to_have_text("3")
    expect(text).to_have_text("Undid 6 actions.")

    page.get_by_role("button", name="Can I still win?").click()
    expect(text).to_have_text("Yes: this game can still be won from here.", timeout=30_000)


@pytest.mark.parametrize(
    ("locale", "expected"),
    [
        (
            "en-US",
            "Hint: no useful move is left, and there is nothing to undo: "
            "restart or start a new game.",
        ),
        (
            "es-ES",
            "Pista: no queda ninguna jugada útil y no hay nada que deshacer: "
            "reinicia la partida o empieza una nueva.",
        ),
    ],
)
def test_stuck_with_nothing_to_undo_points_to_restart(
    make_table: Any, locale: str, expected: str
) -> None:
    table = make_table(locale=locale)
    table.open_position(STUCK)
    page = table.page
    expect(page.locator("#undo")).to_be_disabled()
    page.keyboard.press("h")
    short = message("help", "hint_short_stuck_no_undo", locale[:2])
    expect(page.locator("#help-text")).to_have_text(short)
    expect(page.locator("#live")).to_have_text(expected)
    page.locator("#help-more").click()
    expect(page.locator("#help-text")).to_have_text(expected)
    expect(page.locator("#undo")).not_to_have_class(has_class("hinted"))
    expect(page.locator("#restart")).to_have_class(has_class("hinted"))
    expect(page.locator("#new-game")).to_have_class(has_class("hinted"))


def test_the_can_win_answer_shows_the_servers_sentence_and_button(make_table: Any) -> None:
    """The page shows the server's finished sentence and button label as they come, and
    the button undoes the number of actions the answer's ``last_winnable`` names (the
    server's answer is stood in for; its wording is tested with the server)."""
    table = make_table(locale="es-ES")
    table.open("SP1-S1C-AAAAAAD")
    for action in ("d", "d"):
        table.api_action(action)
    table.reload()
    where = {
        "kind": "undo",
        "steps": 2,
        "moves": 0,
        "action": "d",
        "lost_move": 1,
        "exact": True,
        "lost_action": {"kind": "deal"},
    }
    answer = {
        "state": table.api_state(),
        "answer": "no",
        "seconds": 0.4,
        "last_winnable": where,
        "message": "(la frase del servidor)",
        "action_label": "(la etiqueta del servidor)",
    }
    page = table.page
    page.route("**/can-win", lambda route: route.fulfill(json=answer))
    page.locator("#can-win").click()
    expect(page.locator("#help-text")).to_have_text("(la frase del servidor)")
    expect(page.locator("#live")).to_have_text("(la frase del servidor)")
    button = page.locator("#help-action")
    expect(button).to_have_text("(la etiqueta del servidor)")
    button.click()
    table.idle()
    expect(page.locator("#stock-rows")).to_have_text("5")
    assert table.api_state()["stock_rows_left"] == 5


def test_show_solution_plays_to_a_win_and_stops(table: Any) -> None:
    table.open_position(TRAP)
    page = table.page
    button = page.locator("#solution")
    button.click()
    expect(button).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#help-text")).to_contain_text("Showing the solution", timeout=30_000)
    button.click()  # stop
    expect(button).to_have_attribute("aria-pressed", "false")
    expect(page.locator("#help-text")).to_have_text("Stopped showing the solution.")
    table.idle()
    moves = int(page.locator("#moves").inner_text())
    assert 1 <= moves < 24

    button.click()  # and on to the end
    expect(page.locator("#win-dialog")).to_be_visible(timeout=60_000)
    expect(page.locator("#win-assisted")).to_have_text("Hints or the solver helped in this game.")
    expect(page.locator("#win-assisted")).to_be_visible()
    expect(page.locator("#help-text")).to_have_text("The solution is played to the end.")
    assert table.api_state()["is_won"] and table.api_state()["assisted"]


WON_BUT_ONE = "rules: S1C\nremoved: S S S S S S S\n" + (
    "1: | KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S\n2: | AS\n"
    + "".join(f"{n}: |\n" for n in range(3, 11))
)
"""The last Ace onto column 1 wins (tests/browser/test_session.py)."""


def test_on_a_won_game_the_help_says_it_is_won(table: Any) -> None:
    table.open_position(WON_BUT_ONE)
    table.api_action("2:1>1")
    table.reload()
    page = table.page
    page.locator("#win-dialog").get_by_role("button", name="Close").click()
    text = page.locator("#help-text")
    for button in ("#hint", "#can-win", "#solution"):
        if page.locator("#help-panel").is_visible():
            page.locator("#help-close").click()
        page.locator(button).click()
        expect(text).to_have_text("The game is already won.")
        expect(page.locator("#live")).to_have_text("The game is already won.")
    page.keyboard.press("h")
    expect(text).to_have_text("The game is already won.")
    expect(page.locator(".hinted, .hint-target")).to_have_count(0)
    expect(page.locator("#solution")).to_have_attribute("aria-pressed", "false")
    assert table.api_state()["assisted"] is False  # nothing was asked of the solver


def test_can_win_answered_game_won_says_so(make_table: Any) -> None:
    """The server's 422 game_won to "Can I still win?" (the game was won elsewhere) reads
    like the page's own answer; nothing is highlighted."""
    table = make_table(locale="es-ES")
    table.open("SP1-S1C-AAAAAAD")
    body = {"reason": "game_won", "message": "(the server's sentence)"}
    table.page.route("**/can-win", lambda route: route.fulfill(status=422, json=body))
    table.page.locator("#can-win").click()
    expect(table.page.locator("#help-text")).to_have_text("La partida ya está ganada.")
    expect(table.page.locator("#help-action")).to_be_hidden()
    expect(table.page.locator(".hinted, .hint-target")).to_have_count(0)
    expect(table.notice()).not_to_have_class(has_class("show"))


def test_winnable_deals_only(table: Any) -> None:
    table.open("SP1-S1C-AAAAAAD")
    page = table.page
    page.locator("#new-game").click()
    dialog = page.locator("#new-dialog")
    dialog.get_by_label("Easy, 1 suit").check()
    dialog.get_by_label("Winnable deals only").check()
    dialog.get_by_role("button", name="Start").click()
    expect(dialog).to_be_hidden(timeout=10_000)  # a deal of the stock: no search to wait for
    table.idle()
    code = page.locator("#code").inner_text()
    assert code in stock(1, "classic")  # proved winnable when the stock was made
    assert table.api_state()["code"] == code
    page.locator("#new-game").click()
    expect(dialog.get_by_label("Winnable deals only")).to_be_checked()  # remembered


def test_can_win_that_could_not_tell_offers_to_keep_thinking(
    browser: Any, slow_solver_url: str
) -> None:
    """ "Can I still win?" that could not tell in time offers "Keep thinking", which asks
    again with the server's long limit and gets the answer (issue 10)."""
    seen = [{"name": "spider.tour", "value": "seen"}]  # no guided start
    context = browser.new_context(
        viewport={"width": 1280, "height": 720},
        locale="en-US",
        reduced_motion="reduce",
        storage_state={
            "cookies": [],
            "origins": [{"origin": slow_solver_url, "localStorage": seen}],
        },
    )
    try:
        table = Table(context.new_page(), slow_solver_url)
        table.open("SP1-S1C-AAAAAAD")  # the solver wins it in about 3 s without a node limit
        page = table.page
        page.locator("#can-win").click()
        panel = page.locator("#help-panel")
        expect(panel).to_have_attribute("data-kind", "answer", timeout=30_000)
        expect(page.locator("#help-text")).to_contain_text("could not tell")
        keep = page.locator("#help-action")
        expect(keep).to_have_text("Keep thinking")
        expect(keep).to_be_focused()
        keep.click()
        expect(page.locator("#help-text")).to_contain_text("for up to a minute")
        expect(panel).to_have_attribute("data-kind", "answer", timeout=60_000)
        expect(page.locator("#help-text")).to_have_text(
            "Yes: this game can still be won from here."
        )
        expect(keep).to_be_hidden()
        assert table.problems == []
    finally:
        context.close()
