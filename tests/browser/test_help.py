"""The solver's help at the table: a hint (button and H) highlights the cards and the
target and shows its reasons; "Can I still win?" answers, names the move that lost and
undoes back to it; "Show solution" plays to a win; "Winnable deals only" deals a game the
solver has won, with progress."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import expect

from boards import TRAP, TRAP_LINE, short_board
from spider_solitaire.messages import message, text
from spider_solitaire.winnable import stock

from .support import Table, has_class

RUN_BOARD = short_board(
    {
        1: "| KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S",
        2: "2S | AS",
        3: "| KS QS JS TS 9S 8S 7S 6S 5S 4S 3S",
    }
)
"""The Ace of spades in column 2 completes the run in column 1 (tests/server/test_help.py)."""

STUCK = short_board(
    {1: "| AS", 2: "| 3S", 3: "| 5S", 4: "| 7S", 5: "| 9S", 6: "| JS"}
    | {n: "| KS" for n in range(7, 11)}
)
"""No move at all and an empty stock, from the start: nothing to undo either."""


def test_a_hint_highlights_the_cards_and_shows_why(table: Any) -> None:
    table.open_position(RUN_BOARD)
    page = table.page
    expect(page.locator("#assisted")).to_be_hidden()
    page.keyboard.press("h")
    panel = page.locator("#help-panel")
    expect(panel).to_be_visible()
    sentence = message("hints", "completes_run", "en")
    # one short sentence first, led by its rank; the whole explanation one tap away (and in
    # the live region)
    expect(page.locator("#help-text")).to_have_text(
        "Hint 1 of 5: Move the ace of spades from column 2 to column 1: it completes a run."
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


def test_pressing_h_twice_shows_the_next_good_move(table: Any) -> None:
    table.open(code="SP1-S2C-AAAAAAD")
    page = table.page
    text = page.locator("#help-text")
    page.keyboard.press("h")
    # "Hint 1 of 5" on the first too (issue 31 item 12), then its chance in words (issue 28)
    expect(text).to_have_text(
        re.compile(
            r"Hint 1 of 5: Move the 4 of spades from column 7 to column 10: it turns up a "
            r"face-down card\. About \d+% from here; the other lines \d+% or less\."
        )
    )
    expect(table.column(10)).to_have_class(has_class("hint-target"))
    version = table.api_state()["version"]
    page.keyboard.press("h")  # again on the same table: the next one, with its own reason
    expect(text).to_have_text(
        re.compile(
            r"Hint 2 of 5: Move the 8 of spades from column 9 to column 4: it turns up a "
            r"face-down card\. About \d+% from here"
        )
    )
    expect(table.column(4)).to_have_class(has_class("hint-target"))
    expect(table.column(10)).not_to_have_class(has_class("hint-target"))
    expect(page.locator("#live")).to_contain_text("move the 8 of spades from column 9")
    state = table.api_state()
    assert (state["version"], state["assisted"]) == (version, True)  # no action, one mark


LONGER_MS = 30_000
"""How long a browser test waits for a hint thought about longer (ten times the search, on
two cores shared with other tests)."""


def said(key: str, language: str) -> re.Pattern[str]:
    """The help's sentence ``key`` in ``language`` as a pattern, any number in each field."""
    return re.compile(re.sub(r"\\\{\w+\\\}", r"\\d+", re.escape(message("help", key, language))))


def ranked(number: int, language: str) -> re.Pattern[str]:
    """The head of hint ``number`` of 5 in ``language`` ("Hint 2 of 5: ")."""
    head = text("help", "hint_ranked", language, number=number, count=5, hint="")
    return re.compile("^" + re.escape(head.strip()))


@pytest.mark.parametrize("locale", ["en-US", "es-ES"])
def test_think_longer_shows_the_servers_chance_and_how_long_it_thought(
    make_table: Any, locale: str
) -> None:
    """Issue 28: the hint's panel offers "Think longer" (its button, and Shift+H), which
    asks the server for ``think_longer`` and shows the server's words for the chance and
    the search spent; thought longer, the button goes. The "Why?" text says "now or in the
    next few moves" once (issue 31 item 12)."""
    language = locale[:2]
    thought, chance = said("hint_longer", language), said("hint_chance_others", language)
    table = make_table(locale=locale)
    table.open(code="SP1-S2C-AAAAAAD")
    page = table.page
    shown, action = page.locator("#help-text"), page.locator("#help-action")
    with page.expect_request("**/hint") as asked:
        page.keyboard.press("h")
    assert asked.value.post_data_json == {"version": 0, "index": 0, "think_longer": False}
    expect(shown).to_have_text(chance)
    expect(shown).not_to_have_text(thought)
    expect(action).to_be_visible()
    expect(action).to_have_text(message("web", "button.think_longer", language))
    expect(action).to_have_attribute("title", message("web", "shortcut.think_longer", language))
    page.locator("#help-more").click()
    soon = message("help", "hint_soon", language)
    expect(shown).to_contain_text(soon)
    assert shown.inner_text().count(soon) == 1

    with page.expect_request("**/hint") as asked:
        action.click()
    assert asked.value.post_data_json == {"version": 0, "index": 0, "think_longer": True}
    expect(shown).to_have_text(ranked(1, language), timeout=LONGER_MS)
    expect(shown).to_have_text(thought)
    expect(shown).to_have_text(chance)
    expect(action).to_be_hidden()
    expect(page.locator(".hint-target")).to_have_count(1)
    assert table.api_state()["version"] == 0  # thinking longer plays nothing

    # H again on the same table: the next ranked hint of the longer search
    with page.expect_request("**/hint") as asked:
        page.keyboard.press("h")
    assert asked.value.post_data_json == {"version": 0, "index": 1, "think_longer": True}
    expect(shown).to_have_text(ranked(2, language), timeout=LONGER_MS)
    expect(shown).to_have_text(thought)

    # Shift+H on a fresh panel thinks longer about the best hint
    page.keyboard.press("Escape")
    expect(page.locator("#help-panel")).to_be_hidden()
    with page.expect_request("**/hint") as asked:
        page.keyboard.press("Shift+H")
    assert asked.value.post_data_json == {"version": 0, "index": 0, "think_longer": True}
    expect(shown).to_have_text(ranked(1, language), timeout=LONGER_MS)
    expect(shown).to_have_text(thought)
    expect(action).to_be_hidden()


def test_the_table_stays_usable_while_a_hint_is_thought_about_longer(table: Any) -> None:
    """Issue 28: while "Think longer" waits for its answer the page is not busy, a move is
    played at once, and the answer, about the position before it, is not shown."""
    table.open(code="SP1-S2C-AAAAAAD")
    page = table.page
    held: list[Any] = []
    # the answer waits until the test lets it go
    page.route("**/hint", lambda route: held.append(route))
    page.keyboard.press("Shift+H")
    panel = page.locator("#help-panel")
    expect(page.locator("#help-text")).to_have_text(message("web", "hint.thinking_longer", "en"))
    expect(panel).to_have_attribute("data-busy", "true")
    expect(page.locator("#help-stop")).to_be_visible()
    expect(page.locator("body")).not_to_have_attribute("data-busy", "true")
    assert len(held) == 1

    table.card(9, -1).dblclick()  # played while the hint is thought about
    expect(page.locator("#moves")).to_have_text("1")
    expect(panel).to_be_hidden()
    held[0].continue_()
    table.idle()
    page.wait_for_timeout(500)
    expect(panel).to_be_hidden()  # the late answer is about the position before the move
    expect(page.locator(".hinted, .hint-target")).to_have_count(0)
    assert table.api_state()["version"] == 1


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
    job = done_job(answer)
    page.route("**/can-win", lambda route: route.fulfill(status=202, json=job))
    page.locator("#can-win").click()
    expect(page.locator("#help-text")).to_have_text("(la frase del servidor)")
    expect(page.locator("#live")).to_have_text("(la frase del servidor)")
    button = page.locator("#help-action")
    expect(button).to_have_text("(la etiqueta del servidor)")
    button.click()
    table.idle()
    expect(page.locator("#stock-rows")).to_have_text("5")
    assert table.api_state()["stock_rows_left"] == 5


def done_job(answer: dict[str, Any], status: str = "done", message: str | None = None) -> Any:
    """A help job (``GET /api/help-jobs/{id}``) for the can-win ``answer``, with
    ``status`` (the answer only when done) and the progress ``message``."""
    state = answer["state"]
    return {
        "id": "J" * 16,
        "kind": "can_win",
        "game_id": state["id"],
        "version": state["version"],
        "status": status,
        "probes": 3,
        "seconds": 0.4,
        "can_win": answer if status == "done" else None,
        "reason": None,
        "message": message,
    }


def test_can_win_polls_its_job_shows_progress_and_stops_it(table: Any) -> None:
    """ "Can I still win?" is a job the page polls (issue 21): the panel shows the server's
    progress sentence while it runs and the answer once done; Stop stops the job on the
    server (the server's answers are stood in for; the jobs are tested with the server)."""
    table.open("SP1-S1C-AAAAAAD")
    page = table.page
    answer = {
        "state": table.api_state(),
        "answer": "yes",
        "seconds": 0.4,
        "last_winnable": None,
        "message": "(the answer)",
        "action_label": None,
        "longer": False,
    }
    polls: list[str] = []
    stops: list[str] = []

    def poll(route: Any) -> None:
        if route.request.url.endswith("/stop"):
            stops.append(route.request.method)
            route.fulfill(json=done_job(answer, "cancelled"))
            return
        polls.append(route.request.method)
        finished = len(polls) >= 3 and not hold
        route.fulfill(json=done_job(answer, "done" if finished else "running", "(progress 2)"))

    hold = False
    page.route("**/api/help-jobs/**", poll)
    running = done_job(answer, "running", "(progress 1)")
    page.route("**/can-win", lambda route: route.fulfill(status=202, json=running))
    page.locator("#can-win").click()
    expect(page.locator("#help-text")).to_have_text("(progress 2)")
    expect(page.locator("#help-text")).to_have_text("(the answer)")
    assert polls == ["GET", "GET", "GET"] and stops == []

    hold = True  # a job that keeps running, stopped by the player
    polls.clear()
    page.locator("#help-close").click()
    page.locator("#can-win").click()
    expect(page.locator("#help-text")).to_have_text("(progress 2)")
    page.locator("#help-stop").click()
    expect(page.locator("#help-panel")).to_be_hidden()
    page.wait_for_timeout(300)
    assert stops == ["POST"]
    assert table.problems == []


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


def test_show_solution_paused_steps_by_hand_like_a_replay(table: Any) -> None:
    """Issue 31 item 13: Pause stops the solution's play; Step forward plays its next move,
    Step back undoes one, and Play on goes on to the win."""
    table.open_position(TRAP)
    page = table.page
    shown, action = page.locator("#help-text"), page.locator("#help-action")
    back, forward = page.locator("#help-back"), page.locator("#help-forward")
    page.locator("#solution").click()
    expect(action).to_have_text("Pause", timeout=30_000)
    expect(back).to_be_hidden()
    action.click()
    paused = message("web", "solution.paused", "en")
    expect(shown).to_contain_text(paused)
    expect(action).to_have_text("Play on")
    expect(back).to_be_visible()
    expect(forward).to_be_visible()
    table.idle()
    page.wait_for_timeout(1000)  # no move is played while paused
    before = table.api_state()
    left = int(re.findall(r"(\d+) moves? left", shown.inner_text())[0])
    assert before["assisted"] is True

    forward.click()
    expect(shown).to_contain_text(f"{left - 1} move")
    expect(shown).to_contain_text(paused)
    table.idle()
    ahead = table.api_state()
    assert (ahead["version"], ahead["columns"] != before["columns"]) == (
        before["version"] + 1,
        True,
    )

    back.click()
    expect(shown).to_contain_text("Undone")
    expect(shown).to_contain_text(paused)
    table.idle()
    assert table.api_state()["columns"] == before["columns"]

    action.click()  # Play on
    expect(page.locator("#win-dialog")).to_be_visible(timeout=60_000)
    expect(shown).to_have_text("The solution is played to the end.")
    expect(back).to_be_hidden()
    assert table.api_state()["is_won"]


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


def refuse(status: int, body: dict[str, str]) -> Any:
    """A route handler answering ``status`` with ``body`` (and ``Retry-After: 2``)."""
    return lambda route: route.fulfill(status=status, json=body, headers={"Retry-After": "2"})


def test_a_hint_refused_for_the_solvers_share_or_no_worker_says_the_servers_sentence(
    table: Any,
) -> None:
    """429 ``too_many_jobs`` and 503 ``help_unavailable`` to a hint (issue 21) read as the
    server's sentence in the notice, not as a network failure; no card is marked."""
    table.open("SP1-S1C-AAAAAAD")
    page = table.page
    for status, reason in ((429, "too_many_jobs"), (503, "help_unavailable")):
        body = {"reason": reason, "message": f"(the server's {reason} sentence)"}
        page.unroute("**/hint")
        page.route("**/hint", refuse(status, body))
        page.locator("#hint").click()
        expect(table.notice()).to_contain_text(f"(the server's {reason} sentence)")
        expect(page.locator(".hinted, .hint-target")).to_have_count(0)
    assert table.api_state()["assisted"] is False
    # the browser logs the stood-in 503 itself; no script error is allowed
    table.problems[:] = [p for p in table.problems if "status of 503" not in p]


NOT_CURRENT = (
    "You left this game for another one; here is the game you are playing now. "
    "Open it from the history to go back to it."
)
"""The server's sentence of 409 ``not_current``."""


def test_help_on_a_game_left_in_another_tab_says_so_and_shows_the_game_played(
    table: Any,
) -> None:
    """The page still shows a game the player left in another tab: Show solution, Hint and
    "Can I still win?" get 409 ``not_current``; the notice says the server's sentence, the
    table shows the game being played, and nothing of it is played or marked."""
    table.open("SP1-S1C-AAAAAAD", setup=["d"])
    page = table.page
    for code, button in (
        ("SP1-S2C-AAAAAAD", "#solution"),
        ("SP1-S4C-AAAAAAD", "#hint"),
        ("SP1-S2F-AAAAAAD", "#can-win"),
    ):
        # another tab leaves the game shown here for a new one, and plays it
        left = page.request.post(
            table.base_url + "/api/games", data={"code": code, "confirm": ["abandon"]}
        )
        assert left.status == 201, left.text()
        table.api_action("d")
        page.locator(button).click()
        expect(table.notice()).to_contain_text(NOT_CURRENT)
        expect(page.locator("#code")).to_have_text(code)
        table.idle()
        expect(page.locator("#solution")).to_have_attribute("aria-pressed", "false")
        expect(page.locator(".hinted, .hint-target")).to_have_count(0)
        state = table.api_state()
        assert (state["code"], state["version"], state["assisted"]) == (code, 1, False)
    assert [p for p in table.problems if "status of 409" not in p] == []
