"""The player's record in the browser (issue 9): the confirmations before leaving a game or
playing a won deal again, the playing time, the end of a game (celebration and summary),
the statistics, the history, the replay viewer and the transfer of the record."""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

from playwright.sync_api import expect

from .support import PHONE, SMALL_PHONE, Table, winning_line

WIN_CODE = "SP1-S1C-AAAAAAD"
"""A 1-suit deal the solver wins (support.winning_line)."""

WATCH_CELEBRATION = """() => {
  window.celebrated = 0;
  new MutationObserver(() => {
    window.celebrated = Math.max(window.celebrated,
      document.querySelectorAll('.celebration .card').length);
  }).observe(document, {childList: true, subtree: true});
}"""
"""Counts the most cards the celebration had on screen at once."""


def _win(table: Table, code: str = WIN_CODE) -> dict[str, Any]:
    """Play the deal to its last move through the API, the winning move in the page."""
    line = winning_line(code)
    table.open(code, list(line[:-1]))
    table.play_move(line[-1])
    return table.api_state()


def test_a_win_is_celebrated_then_summarised_and_a_reload_shows_only_the_summary(
    make_table: Any,
) -> None:
    table = make_table(reduced_motion="no-preference")
    table.page.add_init_script(script=f"({WATCH_CELEBRATION})()")
    state = _win(table)
    page = table.page
    dialog = page.locator("#win-dialog")
    expect(dialog).to_be_visible(timeout=15_000)
    assert page.evaluate("window.celebrated") == 104  # every card of the 8 runs left
    assert state["is_won"] and state["record"]["outcome"] == "won"
    summary = state["record"]["summary"]
    # each thing once: the figures, streak and bests are not said again in a sentence (the
    # whole sentence is the window's description, for a screen reader)
    assert summary["note"] is None
    expect(page.locator("#win-text")).to_be_hidden()
    expect(page.locator("#win-said")).to_have_text(summary["text"])
    expect(page.locator("#win-score")).to_have_text(f"{state['score']:,}")
    expect(page.locator("#win-moves")).to_have_text(str(state["moves"]))
    expect(page.locator("#win-streak")).to_have_text("1")
    expect(page.locator("#win-assisted")).to_be_hidden()
    for best in summary["bests"]:
        expect(page.locator("#win-bests")).to_contain_text(best)
    expect(dialog.get_by_role("button", name="Watch replay")).to_be_visible()
    expect(dialog.get_by_role("button", name="Same deal again")).to_be_visible()

    table.reload()
    expect(dialog).to_be_visible()
    assert page.evaluate("window.celebrated") == 0  # the summary only
    expect(page.locator(".removed-slot.filled")).to_have_count(8)
    expect(page.locator("#win-score")).to_have_text(f"{state['score']:,}")


def test_no_celebration_under_reduced_motion_and_same_deal_again_is_practice(
    table: Table,
) -> None:
    table.page.add_init_script(script=f"({WATCH_CELEBRATION})()")
    _win(table)
    page = table.page
    dialog = page.locator("#win-dialog")
    expect(dialog).to_be_visible()
    assert page.evaluate("window.celebrated") == 0
    dialog.get_by_role("button", name="Same deal again").click()
    confirm = page.locator("#confirm-dialog")
    expect(confirm).to_be_visible()
    expect(confirm).to_contain_text("You have won this deal before")
    confirm.get_by_role("button", name="Start practice").click()
    table.idle()
    state = table.api_state()
    assert state["code"] == WIN_CODE and state["moves"] == 0
    assert state["record"]["practice"] is True


def _menu(table: Table, item: str) -> None:
    table.page.locator("#menu-button").click()
    table.page.locator("#menu-dialog").get_by_role("button", name=item).click()


def _figure(page: Any, kind: str, key: str) -> Any:
    return page.locator(f'#stats-figures [data-figure="{kind}.{key}"]')


ABANDON = "Abandon this game? It counts as a loss."


def test_leaving_a_game_asks_first_and_the_loss_is_counted(table: Table) -> None:
    deal = "SP1-S2C-AAAAAAB"
    table.open(deal, ["10:1>4"])
    page = table.page
    page.locator("#new-game").click()
    page.locator("#new-dialog input[name=suits][value='1']").check()
    page.locator("#new-dialog").get_by_role("button", name="Start").click()
    confirm = page.locator("#confirm-dialog")
    expect(confirm).to_be_visible()
    expect(page.locator("#confirm-text")).to_have_text(ABANDON)
    confirm.get_by_role("button", name="Cancel").click()
    expect(confirm).to_be_hidden()
    assert table.api_state()["code"] == deal  # nothing was left
    page.locator("#new-dialog").get_by_role("button", name="Start").click()
    expect(confirm).to_be_visible()
    confirm.get_by_role("button", name="Abandon").click()
    expect(page.locator("#new-dialog")).to_be_hidden()
    table.idle()
    expect(page.locator("#variant")).to_have_text("1 suit")
    assert table.api_state()["code"] != deal

    _menu(table, "Statistics")
    dialog = page.locator("#stats-dialog")
    expect(dialog).to_be_visible()
    page.locator("#stats-variant").select_option(label="2 suits · Classic")
    expect(_figure(page, "unassisted", "lost")).to_have_text("1")
    expect(_figure(page, "unassisted", "won")).to_have_text("0")
    expect(_figure(page, "unassisted", "finished")).to_have_text("1")
    expect(_figure(page, "unassisted", "win_rate")).to_have_text("0%")
    expect(_figure(page, "assisted", "finished")).to_have_text("0")
    expect(page.locator("#stats-strip .mark.lost")).to_have_count(1)
    expect(page.locator("#stats-strip .mark.won")).to_have_count(0)
    # the strip's data for screen readers: the variant and the result
    expect(page.locator("#stats-strip ol li")).to_have_count(1)
    expect(page.locator("#stats-strip ol li")).to_contain_text("2 suits · Classic")
    expect(page.locator("#stats-strip ol li")).to_contain_text(": Lost")
    # the new game has no action yet: nothing in progress to show apart
    expect(page.locator("#stats-playing")).to_be_hidden()


def test_a_counted_win_in_the_statistics_then_reset(table: Table) -> None:
    state = _win(table)
    page = table.page
    page.locator("#win-dialog").get_by_role("button", name="Close").click()
    _menu(table, "Statistics")
    expect(page.locator("#stats-dialog")).to_be_visible()
    expect(page.locator("#stats-variant")).to_have_value("spider-1-classic")  # the game's variant
    expect(_figure(page, "unassisted", "won")).to_have_text("1")
    expect(_figure(page, "unassisted", "lost")).to_have_text("0")
    expect(_figure(page, "unassisted", "win_rate")).to_have_text("100%")
    expect(_figure(page, "unassisted", "best_score")).to_have_text(f"{state['score']:,}")
    expect(_figure(page, "unassisted", "fewest_moves")).to_have_text(str(state["moves"]))
    expect(_figure(page, "unassisted", "current_streak")).to_have_text("1")
    expect(_figure(page, "assisted", "won")).to_have_text("0")
    expect(page.locator("#stats-strip .mark.won")).to_have_count(1)
    expect(page.locator("#stats-strip .mark.lost")).to_have_count(0)
    expect(page.locator("#stats-scores .dot.won")).to_have_count(1)
    expect(page.locator("#stats-rates .bar.unassisted").first).to_have_attribute("width", "190")
    rules = page.request.get(table.base_url + "/api/stats").json()["rules_help"]
    assert rules
    expect(page.locator("#stats-help li")).to_have_text(rules)

    page.locator("#stats-reset").click()
    confirm = page.locator("#confirm-dialog")
    expect(confirm).to_contain_text("Your game history is kept.")
    confirm.get_by_role("button", name="Reset").click()
    expect(_figure(page, "unassisted", "won")).to_have_text("0")
    expect(page.locator("#stats-strip .mark")).to_have_count(0)


def test_resetting_the_spiderette_row_leaves_spiders_figures(table: Table) -> None:
    """Spiderette's and Spider's 1-suit rows are two rows of the Statistics window, and
    "Reset this variant" on Spiderette's resets only that one (issue 20)."""
    page = table.page
    table.open("SP1-S1C-AAAAAAD", ["d"])

    def leave_for(code: str) -> None:
        response = page.request.post(
            table.base_url + "/api/games", data={"code": code, "confirm": ["abandon"]}
        )
        assert response.status == 201, response.text()

    leave_for("SP1-ETTE-S1C-AAAAAAD")  # Spider, 1 suit: lost
    table.api_action("d")
    leave_for("SP1-S1C-AAAAAAE")  # Spiderette, 1 suit: lost
    table.reload()
    _menu(table, "Statistics")
    select = page.locator("#stats-variant")
    expect(select.locator("option[value='spiderette-1-classic']")).to_have_text(
        "Spiderette · 1 suit"
    )
    select.select_option("spiderette-1-classic")
    expect(_figure(page, "unassisted", "lost")).to_have_text("1")
    page.locator("#stats-reset").click()
    page.locator("#confirm-dialog").get_by_role("button", name="Reset").click()
    # Spiderette's row is gone (listed again once it has a result); Spider's is shown, kept
    expect(select.locator("option[value='spiderette-1-classic']")).to_have_count(0)
    expect(select).to_have_value("spider-1-classic")
    expect(_figure(page, "unassisted", "lost")).to_have_text("1")
    expect(_figure(page, "unassisted", "finished")).to_have_text("1")
    stats = page.request.get(table.base_url + "/api/stats").json()
    rows = {(v["variant"], v["suits"]): v["unassisted"]["lost"] for v in stats["variants"]}
    assert rows[("spider", 1)] == 1 and ("spiderette", 1) not in rows
    assert table.problems == []


def test_statistics_in_spanish_by_keyboard(make_table: Any) -> None:
    table = make_table(locale="es-ES")
    table.open(WIN_CODE, ["6:1>1"])
    page = table.page
    page.locator("#menu-button").focus()
    page.keyboard.press("Enter")
    expect(page.locator("#menu-dialog")).to_be_visible()
    page.locator("#menu-dialog").get_by_role("button", name="Estadísticas").focus()
    page.keyboard.press("Enter")
    dialog = page.get_by_role("dialog", name="Estadísticas")
    expect(dialog).to_be_visible()
    # the game in progress is shown apart, in the server's words and in Spanish
    expect(page.locator("#stats-playing")).to_be_visible()
    expect(page.locator("#stats-playing-moves")).to_have_text("1")
    expect(dialog.get_by_role("columnheader", name="Sin ayuda")).to_be_visible()
    answer = page.request.get(
        table.base_url + "/api/stats", headers={"Accept-Language": "es"}
    ).json()
    expect(page.locator("#stats-help li").first).to_have_text(answer["rules_help"][0])
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()


def test_the_playing_time_shows_in_the_header_and_a_setting_hides_it(table: Table) -> None:
    table.open(WIN_CODE, ["6:1>1", "7:1>6"])
    page = table.page
    state = table.api_state()
    expect(page.locator("#time")).to_have_text(state["labels"]["time"])
    expect(page.locator("#time-stat")).to_be_visible()
    page.locator("#settings").click()
    page.locator("#settings-dialog input[name=showTime]").uncheck()
    page.locator("#settings-dialog").get_by_role("button", name="Close").click()
    expect(page.locator("#time-stat")).to_be_hidden()
    table.reload()
    expect(page.locator("#time-stat")).to_be_hidden()


def test_the_history_lists_the_games_and_opens_them(table: Table) -> None:
    won = _win(table)
    page = table.page
    page.locator("#win-dialog").get_by_role("button", name="Close").click()
    other = "SP1-S2C-AAAAAAB"
    table.open(other, ["10:1>4"])  # a game in progress, then left for a third one
    response = page.request.post(
        table.base_url + "/api/games", data={"suits": 4, "rule": "classic", "confirm": ["abandon"]}
    )
    assert response.status == 201, response.text()
    table.reload()

    _menu(table, "Game history")
    dialog = page.locator("#history-dialog")
    expect(dialog).to_be_visible()
    entries = page.locator("#history-list > li")
    expect(entries).to_have_count(3)  # newest first
    expect(entries.nth(0)).to_contain_text("On the table now")
    expect(entries.nth(1)).to_contain_text(other)
    expect(entries.nth(1).locator('[data-figure="moves"]')).to_have_text("1")
    expect(entries.nth(2)).to_contain_text(WIN_CODE)
    expect(entries.nth(2).locator('[data-figure="score"]')).to_have_text(f"{won['score']:,}")
    history = page.request.get(table.base_url + "/api/history?page=1").json()
    for i, game in enumerate(history["games"]):
        expect(entries.nth(i).locator(".history-status")).to_contain_text(game["status_label"])
    expect(entries.nth(2).get_by_role("button", name="Play")).to_have_count(0)

    # the lost game can be reopened (the game on the table has no action: no question)
    entries.nth(1).get_by_role("button", name="Play").click()
    expect(dialog).to_be_hidden()
    table.idle()
    expect(page.locator("#code")).to_have_text(other)
    expect(page.locator("#moves")).to_have_text("1")

    # a game left without an action is not kept: the lost one, on the table again, and the win
    _menu(table, "Game history")
    expect(entries).to_have_count(2)
    expect(entries.nth(0)).to_contain_text("On the table now")
    expect(entries.nth(0).locator(".history-status")).to_contain_text("Lost")
    entries.nth(1).get_by_role("button", name="Watch").click()
    page.wait_for_url(f"**/?replay={won['id']}")
    table.ready()
    expect(page.locator("#replay-counter")).to_have_text(f"0 / {len(winning_line(WIN_CODE))}")


def test_the_replay_steps_through_the_game_as_it_was_seen(make_table: Any) -> None:
    table = make_table()
    won = _win(table)
    page = table.page
    line = winning_line(WIN_CODE)
    page.goto(f"{table.base_url}/?replay={won['id']}")
    table.ready()
    expect(page.locator("#replay-counter")).to_have_text(f"0 / {len(line)}")
    expect(page.locator("#score")).to_have_text("500")
    expect(page.locator("#moves")).to_have_text("0")
    # the bar says how the game ended: its score and moves, the server's figures
    about = page.request.get(f"{table.base_url}/api/games/{won['id']}/replay").json()["about"]
    assert (about["score"], about["moves"]) == (won["score"], won["moves"])
    facts = page.locator(".replay-facts .replay-fact")
    expect(facts.filter(has=page.locator("#replay-score"))).to_have_text(f"Score {won['score']:,}")
    expect(facts.filter(has=page.locator("#replay-moves"))).to_have_text(f"Moves {won['moves']:,}")
    assert [table.face_down(n) for n in range(1, 11)] == [5, 5, 5, 5, 4, 4, 4, 4, 4, 4]
    expect(page.locator(".card.down[data-card]")).to_have_count(0)  # face down stays so
    page.keyboard.press("ArrowRight")  # the keyboard steps too
    table.idle()
    expect(page.locator("#moves")).to_have_text("1")
    expect(page.locator("#score")).to_have_text("499")
    page.locator("#replay-prev").click()
    table.idle()
    expect(page.locator("#moves")).to_have_text("0")
    page.locator("#replay-last").click()
    table.idle()
    expect(page.locator("#score")).to_have_text(str(won["score"]))
    expect(page.locator(".removed-slot.filled")).to_have_count(8)
    # the slider jumps to any step; the table there is the server's
    page.locator("#replay-slider").fill("10")
    table.idle()
    step = page.request.get(f"{table.base_url}/api/games/{won['id']}/replay/10").json()
    expect(page.locator("#moves")).to_have_text(str(step["state"]["moves"]))
    expect(page.locator("#score")).to_have_text(str(step["state"]["score"]))
    expect(page.locator("#replay-step-label")).to_have_text(step["label"])
    # play runs on to the end by itself
    page.locator("#replay-slider").fill(str(len(line) - 2))
    table.idle()
    page.locator("#replay-play").click()
    expect(page.locator("#replay-counter")).to_have_text(f"{len(line)} / {len(line)}")
    expect(page.locator("#replay-play")).to_have_attribute("aria-pressed", "false")

    export = page.request.get(
        table.base_url + (page.locator("#replay-export").get_attribute("href") or "")
    )
    assert export.ok and WIN_CODE in export.text()

    # a shared link shows the replay in a fresh browser, and stops when revoked
    page.locator("#replay-share").click()
    link = page.locator("#share-link")
    expect(link).to_have_value(re_replay())
    url = link.input_value()
    stranger = make_table()
    stranger.page.goto(url)
    stranger.ready()
    expect(stranger.page.locator("#replay-counter")).to_have_text(f"0 / {len(line)}")
    expect(stranger.page.locator("#replay-owner")).to_be_hidden()
    stranger.page.locator("#replay-last").click()
    stranger.idle()
    expect(stranger.page.locator("#score")).to_have_text(str(won["score"]))
    page.locator("#share-revoke").click()
    expect(page.locator("#share-status")).to_have_text("The link no longer works.")
    # the revoked link is no dead end: a page says so and leads to the table
    missing = stranger.page.goto(url)
    assert missing is not None and missing.status == 404
    expect(stranger.page.locator("#replay-missing h1")).to_have_text("No replay here")
    stranger.page.locator("#replay-missing-back").click()
    stranger.ready()
    expect(stranger.page.locator("#replay-bar")).to_be_hidden()
    expect(stranger.page.locator("#tableau .column")).to_have_count(10)


def test_the_replay_has_a_speed_control(make_table: Any) -> None:
    """Play at 8 times the speed shows 8 times the steps in the same (page clock) time."""
    table = make_table()
    won = _win(table)
    page = table.page
    last = len(winning_line(WIN_CODE))
    page.goto(f"{table.base_url}/?replay={won['id']}")
    table.ready()
    # the page's timers from here on run only when the test says (paused: no time flows)
    page.clock.install()
    page.clock.pause_at(dt.datetime.now() + dt.timedelta(minutes=1))
    counter = page.locator("#replay-counter")

    def steps_in(ms: int) -> int:
        page.locator("#replay-slider").fill("0")  # (First is disabled on the first step)
        expect(counter).to_have_text(f"0 / {last}")
        page.locator("#replay-play").click()
        page.clock.run_for(ms)
        page.locator("#replay-play").click()  # pause
        expect(page.locator("#replay-play")).to_have_attribute("aria-pressed", "false")
        expect(page.locator("body")).not_to_have_attribute("data-busy", "true")
        return int(counter.inner_text().split(" / ")[0])

    # reduced motion (the fixture's): a step every 350 ms at 1x, every 43.75 ms at 8x
    assert steps_in(2800) == 8
    page.locator("#replay-speed").select_option("8")
    assert steps_in(2800) == 64 < last


def re_replay() -> re.Pattern[str]:
    """A shared replay's address: this server, /replay/ and an unguessable id."""
    return re.compile(r"^http://127\.0\.0\.1:\d+/replay/[A-Za-z0-9_-]{16,}$")


def test_the_record_moves_to_another_device_with_a_code(make_table: Any) -> None:
    first = make_table()
    _win(first)
    page = first.page
    page.locator("#win-dialog").get_by_role("button", name="Close").click()
    _menu(first, "Use my record on another device")
    page.locator("#transfer-make").click()
    code = page.locator("#transfer-code")
    expect(code).not_to_have_text("")
    text = code.inner_text()

    second = make_table(viewport=PHONE, touch=True)
    second.open()
    _menu(second, "Use my record on another device")
    second.page.locator("#transfer-input").fill(text)
    with second.page.expect_navigation():  # the page shows the record's game then
        second.page.locator("#transfer-claim").click()
        expect(second.page.locator("#transfer-done")).to_be_visible()
    second.ready()
    # this browser now has the record: its current game is the won one
    second.page.locator("#win-dialog").get_by_role("button", name="Close").click()
    _menu(second, "Statistics")
    expect(_figure(second.page, "unassisted", "won")).to_have_text("1")
    # used once: the same code again is refused with the server's sentence
    third = make_table()
    third.open()
    _menu(third, "Use my record on another device")
    third.page.locator("#transfer-input").fill(text)
    third.page.locator("#transfer-claim").click()
    expect(third.page.locator("#transfer-error")).not_to_be_empty()


def test_the_record_windows_fit_on_phones(make_table: Any) -> None:
    for viewport in (SMALL_PHONE, PHONE):
        table = make_table(viewport=viewport, touch=True)
        _win(table)
        page = table.page
        for dialog, opener in (
            ("#win-dialog", None),
            ("#stats-dialog", "Statistics"),
            ("#history-dialog", "Game history"),
            ("#transfer-dialog", "Use my record on another device"),
        ):
            if opener:
                _menu(table, opener)
            box = page.locator(dialog)
            expect(box).to_be_visible()
            size = box.evaluate(
                "d => [d.scrollWidth, d.clientWidth, d.getBoundingClientRect().right]"
            )
            assert size[0] <= size[1] and size[2] <= viewport["width"], (dialog, viewport, size)
            close = box.locator(".dialog-buttons button").first
            expect(close).to_be_in_viewport()
            page.keyboard.press("Escape")
            expect(box).to_be_hidden()
        header = page.locator("header").bounding_box()
        assert header is not None
        if viewport == SMALL_PHONE:
            assert header["height"] <= viewport["height"] / 5
        width = page.evaluate("document.scrollingElement.scrollWidth")
        assert width <= viewport["width"]
        # the replay viewer too: its controls and the whole table in sight, no scrolling
        page.goto(f"{table.base_url}/?replay={table.api_state()['id']}")
        table.ready()
        page.locator("#replay-slider").fill("40")  # a long column or two
        table.idle()
        size = page.evaluate(
            "[document.scrollingElement.scrollWidth, document.scrollingElement.scrollHeight]"
        )
        assert size == [viewport["width"], viewport["height"]], size
        for name in ("#replay-first", "#replay-play", "#replay-last", "#replay-slider"):
            expect(page.locator(name)).to_be_in_viewport(ratio=1)
        bottoms = page.locator("#tableau .card:not(.probe)").evaluate_all(
            "els => els.map(e => e.getBoundingClientRect().bottom)"
        )
        assert bottoms and max(bottoms) <= viewport["height"]


def test_winnable_deals_only_asks_before_leaving_the_game(table: Table) -> None:
    deal = "SP1-S2C-AAAAAAB"
    table.open(deal, ["10:1>4"])
    page = table.page
    page.locator("#new-game").click()
    page.locator("#new-winnable").check()
    page.locator("#new-dialog").get_by_role("button", name="Start").click()
    confirm = page.locator("#confirm-dialog")
    expect(page.locator("#confirm-text")).to_have_text(ABANDON)
    confirm.get_by_role("button", name="Cancel").click()
    expect(page.locator("#new-progress")).to_be_hidden()
    expect(page.locator("#new-dialog")).to_be_visible()
    table.idle()
    state = table.api_state()
    assert state["code"] == deal and state["moves"] == 1 and state["record"]["outcome"] is None


def test_the_issues_check_two_wins_one_with_a_hint_and_an_abandon(table: Table) -> None:
    """Issue 9's check as a player would do it: win a 1-suit game with a hint, abandon a
    2-suit game (a game code link asks first), win a 1-suit game without help; the
    statistics window then shows exactly those figures, as /api/stats does."""
    page = table.page
    line = winning_line(WIN_CODE)
    table.open(WIN_CODE)
    page.locator("#hint").click()
    expect(page.locator("#help-panel")).to_be_visible()
    table.idle()
    for action in line[:-1]:
        table.api_action(action)
    table.reload()
    table.play_move(line[-1])
    dialog = page.locator("#win-dialog")
    expect(dialog).to_be_visible()
    expect(page.locator("#win-assisted")).to_be_visible()
    dialog.get_by_role("button", name="Close").click()

    table.open("SP1-S2C-AAAAAAB", ["10:1>4"])
    other = "SP1-S1C-AAAAAAB"
    page.goto(f"{table.base_url}/?code={other}")  # a link to another deal asks first
    confirm = page.locator("#confirm-dialog")
    expect(page.locator("#confirm-text")).to_have_text(ABANDON)
    confirm.get_by_role("button", name="Abandon").click()
    table.ready()
    expect(page.locator("#code")).to_have_text(other)
    second = winning_line(other)
    for action in second[:-1]:
        table.api_action(action)
    table.reload()
    table.play_move(second[-1])
    expect(dialog).to_be_visible()
    expect(page.locator("#win-assisted")).to_be_hidden()
    dialog.get_by_role("button", name="Close").click()

    _menu(table, "Statistics")
    expect(page.locator("#stats-dialog")).to_be_visible()
    stats = page.request.get(table.base_url + "/api/stats").json()
    one = next(v for v in stats["variants"] if v["suits"] == 1)
    two = next(v for v in stats["variants"] if v["suits"] == 2 and v["rule"] == "classic")
    assert (one["unassisted"]["won"], one["assisted"]["won"], two["unassisted"]["lost"]) == (
        1,
        1,
        1,
    )
    page.locator("#stats-variant").select_option("spider-1-classic")
    for kind, won in (("unassisted", "1"), ("assisted", "1")):
        expect(_figure(page, kind, "finished")).to_have_text("1")
        expect(_figure(page, kind, "won")).to_have_text(won)
        expect(_figure(page, kind, "lost")).to_have_text("0")
        expect(_figure(page, kind, "win_rate")).to_have_text("100%")
    expect(_figure(page, "unassisted", "fewest_moves")).to_have_text(
        str(one["unassisted"]["fewest_moves"])
    )
    page.locator("#stats-variant").select_option("spider-2-classic")
    expect(_figure(page, "unassisted", "finished")).to_have_text("1")
    expect(_figure(page, "unassisted", "lost")).to_have_text("1")
    expect(_figure(page, "unassisted", "worst_losing_streak")).to_have_text("1")
    # the last results, oldest first: won, lost, won
    marks = page.locator("#stats-strip .mark")
    assert marks.evaluate_all("els => els.map(e => e.classList[1])") == ["won", "lost", "won"]
    expect(page.locator("#stats-scores .dot")).to_have_count(3)
