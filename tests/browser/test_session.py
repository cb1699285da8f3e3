"""The game around the table: reload resumes, links with a code, the new-game window,
restart, settings kept in localStorage, the Spanish interface, the page's weight."""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import urlparse

from playwright.sync_api import expect

from boards import endgame
from spider_solitaire.messages import reason_text

from .support import DEALS, has_class


def test_reload_resumes_the_game_with_its_history(table: Any) -> None:
    deal = DEALS["dblclick"]
    table.open(deal["code"])
    assert table.page.url.endswith("/")  # the ?code= link is consumed: a reload resumes
    table.card(deal["column"], -1).dblclick()
    table.idle()
    page = table.page
    expect(page.locator("#moves")).to_have_text("1")
    columns = [table.cards(n) for n in range(1, 11)]
    score = page.locator("#score").inner_text()

    table.reload()
    expect(page.locator("#code")).to_have_text(deal["code"])
    expect(page.locator("#moves")).to_have_text("1")
    assert page.locator("#score").inner_text() == score
    assert [table.cards(n) for n in range(1, 11)] == columns
    expect(page.locator("#undo")).to_be_enabled()
    page.locator("#undo").click()
    expect(page.locator("#moves")).to_have_text("0")
    expect(page.locator("#redo")).to_be_enabled()


def test_new_game_window_and_restart(table: Any) -> None:
    table.open(DEALS["dblclick"]["code"])
    page = table.page
    page.locator("#new-game").click()
    dialog = page.locator("#new-dialog")
    expect(dialog).to_be_visible()
    rule = page.locator("#rule-field")
    dialog.get_by_label("Easy, 1 suit").check()
    expect(rule).to_be_hidden()  # one suit: both rules play the same
    dialog.get_by_label("Hard, 4 suits").check()
    expect(rule).to_be_visible()
    dialog.get_by_label("Flexible").check()

    # a bad code is refused with the server's message; a good one (any case) opens its deal
    page.locator("#new-code").fill("SP1-S3C-AAAAAAA")
    dialog.get_by_role("button", name="Start").click()
    expect(page.locator("#new-error")).to_contain_text("1, 2 or 4")
    page.locator("#new-code").fill(" sp1-s1c-aaaaabd ")
    dialog.get_by_role("button", name="Start").click()
    expect(dialog).to_be_hidden()
    expect(page.locator("#code")).to_have_text("SP1-S1C-AAAAABD")

    # a new game from the levels: 4 suits, Flexible
    page.locator("#new-game").click()
    expect(dialog.get_by_label("Hard, 4 suits")).to_be_checked()  # remembered
    dialog.get_by_role("button", name="Start").click()
    expect(page.locator("#code")).to_have_text(_starts("SP2-S4F-"))

    # restart asks first, then deals the same cards again
    first = [table.cards(n) for n in range(1, 11)]
    page.keyboard.press("d")
    expect(page.locator("#stock-rows")).to_have_text("4")
    page.locator("#restart").click()
    page.locator("#restart-dialog").get_by_role("button", name="Restart").click()
    expect(page.locator("#stock-rows")).to_have_text("5")
    assert [table.cards(n) for n in range(1, 11)] == first
    expect(page.locator("#undo")).to_be_disabled()


def test_one_suit_with_flexible_chosen_is_played_as_classic(table: Any) -> None:
    # the browser sends the rule chosen; the server knows one suit plays it as Classic
    table.open(DEALS["dblclick"]["code"])
    page = table.page
    page.locator("#new-game").click()
    dialog = page.locator("#new-dialog")
    dialog.get_by_label("Hard, 4 suits").check()
    dialog.get_by_label("Flexible").check()
    dialog.get_by_label("Easy, 1 suit").check()
    with page.expect_request(
        lambda request: request.url.endswith("/api/games") and request.method == "POST"
    ) as sent:
        dialog.get_by_role("button", name="Start").click()
    assert sent.value.post_data_json == {"variant": "spider", "suits": 1, "rule": "flexible"}
    expect(dialog).to_be_hidden()
    expect(page.locator("#code")).to_have_text(_starts("SP2-S1C-"))


def test_settings_are_kept(table: Any) -> None:
    table.open(DEALS["dblclick"]["code"])
    page = table.page
    body = page.locator("body")
    expect(body).to_have_class(has_class("theme-clean"))
    page.locator("#settings").click()
    dialog = page.locator("#settings-dialog")
    dialog.locator("select[name=theme]").select_option("felt")
    dialog.get_by_label("Four-colour suits").check()
    dialog.get_by_label("Double-click moves cards where they fit best").uncheck()
    expect(
        dialog.get_by_label("Auto-place: dropped cards go where they fit best")
    ).not_to_be_checked()
    dialog.get_by_role("button", name="Close").click()
    table.reload()
    expect(body).to_have_class(has_class("theme-felt"))
    expect(body).to_have_class(has_class("four-color"))
    # double-click is off now: nothing moves
    deal = DEALS["dblclick"]
    version = table.api_state()["version"]
    table.card(deal["column"], -1).dblclick()
    page.wait_for_timeout(300)
    assert table.api_state()["version"] == version


def test_spanish_interface(make_table: Any) -> None:
    table = make_table(locale="es-ES")
    deal = DEALS["empty"]
    table.open(deal["code"], deal["setup"])
    page = table.page
    expect(page.locator("html")).to_have_attribute("lang", "es")
    expect(page.locator("#new-game")).to_contain_text("Partida nueva")
    expect(page.locator(".stats dt").first).to_have_text("Puntos")
    expect(table.column(deal["empty"])).to_have_attribute(
        "aria-label", f"Columna {deal['empty']}, vacía"
    )
    page.locator("#stock").click()  # refused from the state, in the catalog's Spanish
    expect(table.notice()).to_have_text(reason_text("deal_needs_full_columns", "es") + " Reglas")

    # switch to English in the settings, without a reload
    page.locator("#settings").click()
    page.locator("#lang-select").select_option("en")
    page.locator("#settings-dialog").get_by_role("button", name="Close").click()
    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect(page.locator("#new-game")).to_contain_text("New game")
    expect(table.column(deal["empty"])).to_have_attribute(
        "aria-label", f"Column {deal['empty']}, empty"
    )
    page.locator("#stock").click()
    expect(table.notice()).to_have_text(reason_text("deal_needs_full_columns", "en") + " Rules")


def test_spanish_names_the_solver_one_way(table: Any) -> None:
    response = table.page.request.get(table.base_url + "/static/i18n/es.json")
    assert response.ok
    text = response.text().lower()
    assert "resolvedor" in text and "solucionador" not in text


def test_page_weight_and_hosts(table: Any) -> None:
    sizes: dict[str, int] = {}
    hosts: set[str] = set()

    def record(response: Any) -> None:
        hosts.add(urlparse(response.url).netloc)
        if "/api/" not in response.url:
            sizes[response.url] = len(response.body())

    table.page.on("response", record)
    table.open()
    table.page.wait_for_load_state("networkidle")
    assert hosts == {urlparse(table.base_url).netloc}
    assert any(re.search(r"/static/v/[^/]+/js/main\.js$", url) for url in sizes)
    # every file of the page (modules, styles, texts) comes from one version's path
    files = [urlparse(url).path for url in sizes if urlparse(url).path != "/"]
    assert files and len({path.split("/")[3] for path in files}) == 1, files
    assert all(path.startswith("/static/v/") for path in files), files
    total = sum(sizes.values())
    assert total < 300_000, sizes


def test_two_tabs_the_stale_one_catches_up(table: Any) -> None:
    deal = DEALS["dblclick"]
    table.open(deal["code"])
    other = table.page.context.new_page()
    other.goto(table.base_url + "/")
    other.wait_for_selector("html.ready")
    # play in the first tab; the second still shows the old version
    table.card(deal["column"], -1).dblclick()
    table.idle()
    moved = table.cards(deal["target"])
    other.keyboard.press("d")  # sent for the old version: 409 with the current state
    expect(other.locator("#notice")).to_have_class(has_class("refused"))
    expect(other.locator("#moves")).to_have_text("1")
    expect(other.locator("#stock-rows")).to_have_text("5")
    assert (
        other.locator(f"#column-{deal['target']} .card.up").evaluate_all(
            "els => els.map(e => e.dataset.card)"
        )
        == moved
    )
    other.keyboard.press("d")  # now current: it deals
    expect(other.locator("#stock-rows")).to_have_text("4")


WON_BUT_ONE = "rules: S1C\nscore: 1180\nmoves: 140\nremoved: S S S S S S S\n" + (
    "1: | KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S\n2: | AS\n"
    + "".join(f"{n}: |\n" for n in range(3, 11))
)


def test_a_win_shows_the_score_and_offers_a_new_game(table: Any) -> None:
    table.open_position(WON_BUT_ONE)
    page = table.page
    expect(page.locator(".removed-slot.filled")).to_have_count(7)
    expect(page.locator("#stock")).to_have_class(has_class("empty"))
    expect(page.locator("#copy-code")).to_be_hidden()  # no code for a position
    table.card(2, -1).dblclick()  # the last Ace completes the last run
    dialog = page.locator("#win-dialog")
    expect(dialog).to_be_visible()
    state = table.api_state()
    score = state["score"]
    # the server's summary (a game from a position is practice: no streak)
    expect(page.locator("#win-text")).to_have_text(state["record"]["summary"]["note"])
    expect(page.locator("#win-text")).to_have_text(
        "This game was practice: it does not count in your statistics."
    )
    expect(page.locator("#win-score")).to_have_text(f"{score:,}")
    expect(page.locator("#win-streak-row")).to_be_hidden()
    expect(page.locator("#live")).to_contain_text(f"You won! Final score {score}.")
    expect(page.locator(".removed-slot.filled")).to_have_count(8)
    dialog.get_by_role("button", name="New game").click()
    expect(page.locator("#new-dialog")).to_be_visible()
    page.locator("#new-dialog").get_by_role("button", name="Start").click()
    expect(page.locator(".removed-slot.filled")).to_have_count(0)


def test_a_won_game_is_finished_buttons_off_clock_still_and_ctrl_z_refused(table: Any) -> None:
    table.open_position(WON_BUT_ONE)
    page = table.page
    table.play_move("2:1>3")  # the Ace to an empty column, then back: redo lights up
    page.locator("#undo").click()
    table.idle()
    expect(page.locator("#redo")).to_be_enabled()
    expect(page.locator("#restart")).to_be_enabled()
    table.card(2, -1).dblclick()  # the last Ace completes the last run
    expect(page.locator("#win-dialog")).to_be_visible()
    page.keyboard.press("Escape")
    expect(page.locator("#win-dialog")).to_be_hidden()
    # the server says nothing can be taken back (can_undo, can_redo, can_restart)
    for button in ("#undo", "#redo", "#restart"):
        expect(page.locator(button)).to_be_disabled()
    time = page.locator("#time").text_content()
    page.keyboard.press("Control+z")  # the key asks anyway: the server refuses
    expect(table.notice()).to_contain_text("The game is won and finished")
    table.reload()
    state = table.api_state()
    assert (state["is_won"], state["version"], state["can_undo"]) == (True, 3, False)
    expect(page.locator(".removed-slot.filled")).to_have_count(8)
    expect(page.locator("#time")).to_have_text(time or "")
    for button in ("#undo", "#redo", "#restart"):
        expect(page.locator(button)).to_be_disabled()


def _starts(text: str) -> Any:
    import re

    return re.compile("^" + re.escape(text))


def test_the_table_says_unasked_when_no_useful_move_is_left(table: Any) -> None:
    page = table.page
    table.open_position(endgame("6H 5S", "6S"))
    assert page.locator("#stuck-bar").is_hidden()  # 5S onto 6S builds in suit: useful
    table.play_move("1>2")
    bar = page.locator("#stuck-bar")
    assert bar.is_visible()
    assert page.locator("#stuck-text").inner_text() == (
        "No useful moves left: undo, restart or start a new game."
    )
    assert page.locator("#stuck-bar button").all_inner_texts() == [
        "Undo",
        "Restart",
        "New game",
    ]
    page.locator("#stuck-undo").click()
    table.idle()
    assert bar.is_hidden()
    assert table.cards(2) == ["6S"] and table.cards(1) == ["6H", "5S"]


def test_a_deal_the_state_refuses_is_not_sent(table: Any) -> None:
    # the state says no deal (can_deal false, its deal_reason): the page shows the
    # server's refusal without asking again (issue 29 item 6)
    deal = DEALS["empty"]
    table.open(deal["code"], deal["setup"])
    page = table.page
    assert table.api_state()["deal_reason"] == "deal_needs_full_columns"
    sent: list[str] = []
    page.on("request", lambda request: sent.append(f"{request.method} {request.url}"))
    page.locator("#stock").click()
    expect(table.notice()).to_have_text(reason_text("deal_needs_full_columns", "en") + " Rules")
    link = table.notice().get_by_role("link")
    expect(link).to_have_attribute("href", "/rules?lang=en#stock")  # as an answer links it
    assert not any("/actions" in request for request in sent), sent
