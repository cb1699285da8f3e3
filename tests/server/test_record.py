"""The counting rules of the player's record (docs/record.md), each with exact figures:
results written once by the deciding action or abandon, practice, restart, the idle cap,
resets, and ``/api/stats`` as a second server process reads it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from spider_solitaire.codes import code_forms
from spider_solitaire.server.app import create_app
from spider_solitaire.server.db import Decided, StaleVersionError
from spider_solitaire.server.settings import Settings
from spider_solitaire.variants import CLASSIC

from .conftest import Clock, act, board, new_game
from .record_wins import WINS

D, E, F = WINS
"""Three 1-suit deals with a known win (96, 98 and 93 actions)."""

TWO_SUITS = "SP1-S2C-AAAAAAD"

ABANDON = {
    "reason": "confirm_needed",
    "message": "Abandon this game? It counts as a loss.",
    "confirm": ["abandon"],
}
PRACTICE = {
    "reason": "confirm_needed",
    "message": "You have won this deal before: this game is practice and will not count.",
    "confirm": ["practice"],
}

NO_FIGURES = {
    "finished": 0,
    "won": 0,
    "lost": 0,
    "win_rate": None,
    "current_streak": 0,
    "best_streak": 0,
    "worst_losing_streak": 0,
    "best_score": None,
    "fewest_moves": None,
    "fastest_win_ms": None,
    "average_moves": None,
    "average_win_ms": None,
}


def play(
    client: TestClient,
    state: dict[str, Any],
    actions: list[str],
    clock: Clock,
    seconds: float = 1,
) -> dict[str, Any]:
    """Play ``actions`` on ``state``'s game, the clock moving ``seconds`` before each;
    return the last state."""
    for action in actions:
        clock.advance(seconds)
        response = act(client, state, action)
        assert response.status_code == 200, (action, response.text)
        state = response.json()["state"]
    return state


def win(client: TestClient, code: str, clock: Clock, seconds: float = 1, **body: Any) -> Any:
    """Start ``code`` and play its known win; return the won state."""
    return play(client, new_game(client, code=code, **body), WINS[code], clock, seconds)


def figures(client: TestClient, suits: int = 1, assisted: bool = False) -> dict[str, Any]:
    """The classic figures of ``suits`` from ``/api/stats``."""
    stats = client.get("/api/stats").json()
    row = next(v for v in stats["variants"] if (v["suits"], v["rule"]) == (suits, "classic"))
    result: dict[str, Any] = row["assisted" if assisted else "unassisted"]
    return result


def test_a_game_with_no_action_never_counts(client: TestClient) -> None:
    first = new_game(client, code=D)
    assert first["record"] == {
        "practice": False,
        "outcome": None,
        "counted": False,
        "playing_ms": 0,
        "started_at": "2026-12-01T12:00:00Z",
        "finished_won": False,
        "summary": None,
    }
    new_game(client, code=E)  # leaving a game with no action asks nothing
    stats = client.get("/api/stats").json()
    assert [(v["suits"], v["rule"], v["label"]) for v in stats["variants"]] == [
        (1, "classic", "1 suit"),
        (2, "classic", "2 suits · Classic"),
        (4, "classic", "4 suits · Classic"),
    ]
    assert all(v["unassisted"] == v["assisted"] == NO_FIGURES for v in stats["variants"])
    assert (stats["in_progress"], stats["last_results"], stats["scores"]) == (None, [], [])
    assert stats["rules_help"][0] == (
        "A game counts from its first action; a game with no action never counts."
    )


@pytest.mark.slow
def test_a_win_counts_once_through_undo_reload_a_second_tab_and_process(
    app: FastAPI, client: TestClient, clock: Clock, settings: Settings
) -> None:
    state = new_game(client, code=D)
    before = play(client, state, WINS[D][:-1], clock, seconds=2)
    tab = TestClient(app, cookies=dict(client.cookies))  # a second tab, same player
    clock.advance(2)
    won = act(client, before, WINS[D][-1]).json()["state"]
    assert won["is_won"] and won["labels"]["time"] == "3:12"
    assert won["record"] == {
        "practice": False,
        "outcome": "won",
        "counted": True,
        "playing_ms": 192_000,  # 96 gaps of 2 s
        "started_at": "2026-12-01T12:00:00Z",
        "finished_won": True,
        "summary": {
            "score": 1204,
            "moves": 96,
            "playing_ms": 192_000,
            "assisted": False,
            "streak": 1,
            "bests": [],
            "text": "You won with a score of 1204 in 96 moves and 3:12. Winning streak: 1 game.",
            "note": None,  # a counted win: the figures say it all
        },
    }
    # the second tab sends the same winning action: refused, nothing counted again
    raced = act(tab, before, WINS[D][-1])
    assert raced.status_code == 409 and raced.json()["reason"] == "stale_version"
    # the won game is finished: undo is refused, and the win stays one win
    assert act(client, won, "undo").json()["reason"] == "game_over"
    app.state.service.cache.clear()  # a reload served from the log
    assert client.get(f"/api/games/{state['id']}").json()["record"]["outcome"] == "won"
    expected = NO_FIGURES | {
        "finished": 1,
        "won": 1,
        "win_rate": 1.0,
        "current_streak": 1,
        "best_streak": 1,
        "best_score": 1204,
        "fewest_moves": 96,
        "fastest_win_ms": 192_000,
        "average_moves": 96.0,
        "average_win_ms": 192_000,
    }
    assert figures(client) == expected
    assert client.get("/api/stats").json()["last_results"] == [
        {
            "game_id": state["id"],
            "outcome": "won",
            "decided_at": "2026-12-01T12:03:12Z",
            "label": "1 suit",
        }
    ]
    # a second server process on the same database reads the same figures
    other = create_app(settings)
    try:
        with TestClient(other, cookies=dict(client.cookies)) as second:
            assert figures(second) == expected
    finally:
        other.state.store.close()


@pytest.mark.slow
def test_two_processes_racing_the_winning_action_count_it_once(
    client: TestClient, clock: Clock, settings: Settings
) -> None:
    state = play(client, new_game(client, code=F), WINS[F][:-1], clock)
    other = create_app(settings)
    other.state.store.clock = clock
    try:
        with TestClient(other, cookies=dict(client.cookies)) as second:
            assert second.get(f"/api/games/{state['id']}").json()["version"] == 92  # cached there
            first = act(client, state, WINS[F][-1])
            late = act(second, state, WINS[F][-1])
            assert (first.status_code, late.status_code) == (200, 409)
            assert late.json()["state"]["record"]["outcome"] == "won"
            assert figures(second)["won"] == figures(client)["won"] == 1
    finally:
        other.state.store.close()


def test_leaving_an_unfinished_game_asks_then_counts_one_loss(
    client: TestClient, clock: Clock
) -> None:
    state = new_game(client, code=TWO_SUITS)
    clock.advance(10)
    state = act(client, state, "6>1").json()["state"]
    clock.advance(90)  # an idle gap: counts 60 s
    state = act(client, state, "d").json()["state"]
    assert state["record"]["playing_ms"] == 70_000 and state["labels"]["time"] == "1:10"
    asked = client.post("/api/games", json={"code": D})
    assert (asked.status_code, asked.json()) == (409, ABANDON)
    assert client.get("/api/games/current").json()["id"] == state["id"]  # nothing changed
    stats = client.get("/api/stats").json()
    assert stats["in_progress"] == {
        "game_id": state["id"],
        "label": "2 suits · Classic",
        "moves": 2,
        "playing_ms": 70_000,
    }
    spanish = client.post("/api/games", json={"code": D}, headers={"Accept-Language": "es"})
    assert spanish.json()["message"] == "¿Abandonar esta partida? Cuenta como derrota."
    new_game(client, code=D, confirm=["abandon"])
    assert figures(client, suits=2) == NO_FIGURES | {
        "finished": 1,
        "lost": 1,
        "win_rate": 0.0,
        "worst_losing_streak": 1,
    }
    stats = client.get("/api/stats").json()
    assert stats["scores"] == [
        {"decided_at": "2026-12-01T12:01:40Z", "score": 498, "outcome": "lost"}
    ]
    assert stats["in_progress"] is None
    left = client.get(f"/api/games/{state['id']}").json()["record"]
    assert (left["outcome"], left["counted"], left["playing_ms"]) == ("lost", True, 70_000)
    # leaving it again (it is decided) asks nothing and counts nothing
    clock.advance(1)
    client.post(f"/api/games/{state['id']}/open", json={})
    new_game(client, code=E)
    assert figures(client, suits=2)["lost"] == 1


def test_restart_keeps_the_same_game(client: TestClient, clock: Clock) -> None:
    state = play(client, new_game(client, code=TWO_SUITS), ["6>1", "restart", "8>7"], clock)
    assert state["version"] == 3 and state["record"]["playing_ms"] == 3000
    assert figures(client, suits=2) == NO_FIGURES
    assert client.post("/api/games", json={"code": D}).status_code == 409
    new_game(client, code=D, confirm=["abandon"])
    assert figures(client, suits=2)["lost"] == 1


@pytest.mark.slow
def test_a_deal_already_won_is_practice(client: TestClient, clock: Clock) -> None:
    win(client, D, clock)
    asked = client.post("/api/games", json={"code": D})
    assert (asked.status_code, asked.json()) == (409, PRACTICE)
    practice = play(client, new_game(client, code=D, confirm=["practice"]), ["6>1"], clock)
    assert practice["record"]["practice"] is True
    both = client.post("/api/games", json={"code": D})  # leaving practice asks nothing
    assert both.json()["confirm"] == ["practice"]
    # a counted game with actions, then the won deal again: both in one question
    play(client, new_game(client, code=TWO_SUITS, confirm=[]), ["6>1"], clock)
    both = client.post("/api/games", json={"code": D})
    assert both.json() == {
        "reason": "confirm_needed",
        "message": ABANDON["message"] + " " + PRACTICE["message"],
        "confirm": ["abandon", "practice"],
    }
    assert client.post("/api/games", json={"code": D, "confirm": ["abandon"]}).status_code == 409
    won = win(client, D, clock, confirm=["abandon", "practice"])
    assert won["record"]["outcome"] is None and won["record"]["counted"] is False
    assert won["record"]["finished_won"] is True
    assert won["record"]["summary"]["text"] == (
        "You won with a score of 1204 in 96 moves and 1:36. "
        "This game was practice: it does not count in your statistics."
    )
    # the win window shows the figures, then only what they do not say
    assert won["record"]["summary"]["note"] == (
        "This game was practice: it does not count in your statistics."
    )
    assert figures(client)["won"] == 1 and figures(client, suits=2)["lost"] == 1


@pytest.mark.slow
def test_a_deal_won_under_its_sp1_code_is_practice_under_its_sp2_code(
    client: TestClient, clock: Clock
) -> None:
    """Issue 31, item 15: the two forms of a code are one deal, won once."""
    win(client, D, clock)
    assert D.startswith("SP1-")
    asked = client.post("/api/games", json={"code": code_forms(D)[1]})
    assert (asked.status_code, asked.json()) == (409, PRACTICE)


def test_a_game_from_a_position_is_practice(client: TestClient, clock: Clock) -> None:
    position = board({1: "| KS QS JS TS 9S 8S 7S 6S 5S 4S 3S", 2: "| AS", 3: "| 2S"})
    state = new_game(client, position=position)
    assert state["record"]["practice"] is True
    won = play(client, state, ["3>1", "2>1"], clock)
    assert won["is_won"] and won["record"]["outcome"] is None
    new_game(client, code=D)  # nothing to confirm
    assert figures(client) == NO_FIGURES


@pytest.mark.slow
def test_a_lost_game_reopened_and_won_keeps_its_loss(client: TestClient, clock: Clock) -> None:
    state = play(client, new_game(client, code=D), WINS[D][:10], clock)
    new_game(client, code=E, confirm=["abandon"])
    opened = client.post(f"/api/games/{state['id']}/open", json={})
    assert opened.status_code == 200  # the current game has no action: nothing to ask
    won = play(client, opened.json(), WINS[D][10:], clock)
    assert (won["record"]["outcome"], won["record"]["finished_won"]) == ("lost", True)
    assert won["record"]["summary"]["text"].endswith(
        "This game already counted as a loss when you left it; finishing it does not change that."
    )
    assert won["record"]["summary"]["note"] == (
        "This game already counted as a loss when you left it; finishing it does not change that."
    )
    assert figures(client) == NO_FIGURES | {
        "finished": 1,
        "lost": 1,
        "win_rate": 0.0,
        "worst_losing_streak": 1,
    }


def test_opening_another_game_abandons_the_current_one(client: TestClient, clock: Clock) -> None:
    first = play(client, new_game(client, code=D), ["6:1>1"], clock)
    second = play(client, new_game(client, code=E, confirm=["abandon"]), ["d"], clock)
    asked = client.post(f"/api/games/{first['id']}/open", json={})
    assert (asked.status_code, asked.json()) == (409, ABANDON)
    clock.advance(1)
    opened = client.post(f"/api/games/{first['id']}/open", json={"confirm": ["abandon"]})
    assert opened.status_code == 200 and opened.json()["id"] == first["id"]
    assert client.get("/api/games/current").json()["id"] == first["id"]
    assert client.get(f"/api/games/{second['id']}").json()["record"]["outcome"] == "lost"
    assert figures(client)["lost"] == 2
    other = TestClient(client.app)
    assert other.post(f"/api/games/{first['id']}/open", json={}).status_code == 404


@pytest.mark.slow
def test_streaks_bests_and_averages(client: TestClient, clock: Clock) -> None:
    win(client, D, clock)  # 96 s
    win(client, E, clock)  # 98 s
    play(client, new_game(client, code=TWO_SUITS), ["6>1"], clock)
    state = play(
        client, new_game(client, code="SP1-S1C-AAAAAAG", confirm=["abandon"]), ["d"], clock
    )
    assert state["record"]["playing_ms"] == 1000
    won = win(client, F, clock, confirm=["abandon"])  # 93 s
    assert won["record"]["summary"] == {
        "score": 1207,
        "moves": 93,
        "playing_ms": 93_000,
        "assisted": False,
        "streak": 1,
        "bests": [
            "A new best score: 1207.",
            "Your fewest moves in a win: 93 moves.",
            "Your fastest win: 1:33.",
        ],
        "text": "You won with a score of 1207 in 93 moves and 1:33. Winning streak: 1 game. "
        "A new best score: 1207. Your fewest moves in a win: 93 moves. Your fastest win: 1:33.",
        "note": None,
    }
    assert figures(client) == {
        "finished": 4,
        "won": 3,
        "lost": 1,
        "win_rate": 0.75,
        "current_streak": 1,
        "best_streak": 2,
        "worst_losing_streak": 1,
        "best_score": 1207,
        "fewest_moves": 93,
        "fastest_win_ms": 93_000,
        "average_moves": 95.7,
        "average_win_ms": 95_667,
    }
    assert figures(client, suits=2)["lost"] == 1  # the 2-suit game was left for SP1-S1C-..G
    stats = client.get("/api/stats").json()
    assert [r["outcome"] for r in stats["last_results"]] == ["won", "won", "lost", "lost", "won"]
    assert [p["score"] for p in stats["scores"]] == [1204, 1202, 499, 499, 1207]


@pytest.mark.slow
def test_an_assisted_win_counts_apart(client: TestClient, clock: Clock) -> None:
    state = new_game(client, code=D)
    hint = client.post(f"/api/games/{state['id']}/hint", json={"version": 0})
    assert hint.status_code == 200 and hint.json()["state"]["assisted"] is True
    won = play(client, hint.json()["state"], WINS[D], clock)
    assert won["record"]["summary"]["text"].endswith(
        "Hints or the solver helped, so this win counts with your assisted games."
    )
    assert figures(client) == NO_FIGURES
    assert figures(client, assisted=True)["won"] == 1


@pytest.mark.slow
def test_reset_clears_figures_not_history(
    client: TestClient, clock: Clock, make_client: Callable[[], TestClient]
) -> None:
    win(client, D, clock)
    play(client, new_game(client, code=TWO_SUITS), ["6>1"], clock)
    new_game(client, code=E, confirm=["abandon"])
    clock.advance(1)
    one = client.post("/api/stats/reset", json={"suits": 1, "rule": "classic"})
    assert one.status_code == 200
    rows = {(v["suits"], v["rule"]): v for v in one.json()["variants"]}
    assert rows[1, "classic"]["unassisted"] == NO_FIGURES
    assert rows[2, "classic"]["unassisted"]["lost"] == 1
    assert [r["outcome"] for r in one.json()["last_results"]] == ["lost"]
    clock.advance(1)
    everything = client.post("/api/stats/reset", json={}).json()
    assert all(v["unassisted"] == NO_FIGURES for v in everything["variants"])
    assert client.post("/api/stats/reset", json={"suits": 3}).status_code == 400
    # another player's reset changes nothing of this one's; a win after the reset counts
    make_client().post("/api/stats/reset", json={})
    win(client, F, clock)
    assert figures(client)["won"] == 1


def test_leaving_a_game_played_on_meanwhile_writes_nothing(
    app: FastAPI, client: TestClient, clock: Clock
) -> None:
    state = play(client, new_game(client, code=TWO_SUITS), ["6>1"], clock)
    store = app.state.store
    seen = store.games.get(state["id"])  # read at version 1 ...
    play(client, state, ["d"], clock)  # ... then played on in another tab
    with pytest.raises(StaleVersionError):
        store.games.create(
            seen.player_id,
            code=D,
            start_position=None,
            suits=1,
            rule=CLASSIC,
            abandon=(seen, Decided("lost", 499, 1)),
        )
    assert store.record.results(seen.player_id) == []
    assert client.get("/api/history").json()["total"] == 1  # no game was made
    new_game(client, code=D, confirm=["abandon"])  # read again: the loss at version 2
    result = store.record.results(seen.player_id)[0]
    assert (result.outcome, result.score, result.moves, result.playing_ms) == ("lost", 498, 2, 2000)


@pytest.mark.slow
def test_the_new_players_evening_of_the_issue(client: TestClient, clock: Clock) -> None:
    """Win one 1-suit game with hints, abandon one 2-suit game, win one 1-suit game without
    help: exactly those figures (issue 9's check)."""
    state = new_game(client, code=D)
    hinted = client.post(f"/api/games/{state['id']}/hint", json={"version": 0}).json()
    play(client, hinted["state"], WINS[D], clock)  # 96 s, assisted
    play(client, new_game(client, code=TWO_SUITS), ["6>1", "d"], clock)
    won = win(client, E, clock, confirm=["abandon"])  # 98 s
    spanish = client.get(f"/api/games/{won['id']}", headers={"Accept-Language": "es"}).json()
    assert spanish["record"]["summary"]["text"] == (
        "Ganaste con 1202 puntos en 98 movimientos y 1:38. Racha de victorias: 1 partida."
    )
    assert spanish["record"]["summary"]["note"] is None  # a counted win: the figures say it all
    stats = client.get("/api/stats").json()
    one, two, four = stats["variants"]
    assert one["unassisted"] == NO_FIGURES | {
        "finished": 1,
        "won": 1,
        "win_rate": 1.0,
        "current_streak": 1,
        "best_streak": 1,
        "best_score": 1202,
        "fewest_moves": 98,
        "fastest_win_ms": 98_000,
        "average_moves": 98.0,
        "average_win_ms": 98_000,
    }
    assert one["assisted"] == NO_FIGURES | {
        "finished": 1,
        "won": 1,
        "win_rate": 1.0,
        "current_streak": 1,
        "best_streak": 1,
        "best_score": 1204,
        "fewest_moves": 96,
        "fastest_win_ms": 96_000,
        "average_moves": 96.0,
        "average_win_ms": 96_000,
    }
    assert two["unassisted"] == NO_FIGURES | {
        "finished": 1,
        "lost": 1,
        "win_rate": 0.0,
        "worst_losing_streak": 1,
    }
    assert two["assisted"] == four["unassisted"] == four["assisted"] == NO_FIGURES
    assert [(r["outcome"], r["label"]) for r in stats["last_results"]] == [
        ("won", "1 suit"),
        ("lost", "2 suits · Classic"),
        ("won", "1 suit"),
    ]
    assert [p["score"] for p in stats["scores"]] == [1204, 498, 1202]


def test_a_search_for_a_winnable_deal_asks_before_leaving(
    app: FastAPI, client: TestClient, clock: Clock
) -> None:
    app.state.help.deal_searches.stock = lambda suits, rule, variant: ()  # a search, not the stock
    play(client, new_game(client, code=TWO_SUITS), ["6>1"], clock)
    asked = client.post("/api/winnable-deals", json={"suits": 1})
    assert (asked.status_code, asked.json()) == (409, ABANDON)
    started = client.post("/api/winnable-deals", json={"suits": 1, "confirm": ["abandon"]})
    assert started.status_code == 202
    client.post(f"/api/winnable-deals/{started.json()['id']}/stop")
    assert figures(client, suits=2) == NO_FIGURES  # nothing is left until a deal is found


def test_a_game_left_for_another_cannot_change_so_the_other_keeps_its_count(
    client: TestClient, clock: Clock
) -> None:
    left = play(client, new_game(client, code=D), ["d"], clock)
    clock.advance(1)
    response = client.post("/api/games", json={"code": TWO_SUITS, "confirm": ["abandon"]})
    playing = play(client, response.json(), ["d", "d"], clock)
    clock.advance(1)
    # the first tab still shows the game left: its next action is refused, not played
    refused = act(client, left, "undo")
    assert refused.status_code == 409
    body = refused.json()
    assert body["reason"] == "not_current"
    assert body["message"] == (
        "You left this game for another one; here is the game you are playing now. "
        "Open it from the history to go back to it."
    )
    assert (body["state"]["id"], body["state"]["version"]) == (playing["id"], 2)
    assert client.get("/api/games/current").json()["id"] == playing["id"]
    assert figures(client)["lost"] == 1 and figures(client, suits=2)["finished"] == 0
    # going back is opening it, which asks before the game in progress counts as lost
    reopen = client.post(f"/api/games/{left['id']}/open", json={})
    assert (reopen.status_code, reopen.json()["reason"]) == (409, "confirm_needed")
    reopened = client.post(f"/api/games/{left['id']}/open", json={"confirm": ["abandon"]})
    assert reopened.status_code == 200
    assert figures(client, suits=2)["lost"] == 1 and figures(client)["lost"] == 1
    assert act(client, reopened.json(), "undo").status_code == 200


def test_a_stale_tab_behind_on_a_game_left_is_told_it_was_left(
    client: TestClient, clock: Clock
) -> None:
    stale = new_game(client, code=D)  # the second tab stays at version 0
    left = play(client, stale, ["d"], clock)  # the first tab plays on...
    clock.advance(1)
    response = client.post("/api/games", json={"code": TWO_SUITS, "confirm": ["abandon"]})
    playing = response.json()  # ...and leaves it for another game
    assert left["version"] == 1 and stale["version"] == 0
    for refused in (
        act(client, stale, "d"),
        client.post(f"/api/games/{stale['id']}/hint", json={"version": 0}),
    ):
        assert refused.status_code == 409
        body = refused.json()
        assert body["reason"] == "not_current"  # not stale_version: "changed in another window"
        assert body["message"].startswith("You left this game for another one;")
        assert body["state"]["id"] == playing["id"]
    # a tab behind on the game still played is told it changed elsewhere, as before
    behind = act(client, playing, "d")
    assert behind.status_code == 200
    again = act(client, playing, "d")
    assert (again.status_code, again.json()["reason"]) == (409, "stale_version")


def test_no_help_is_given_on_a_game_left_for_another(client: TestClient, clock: Clock) -> None:
    left = play(client, new_game(client, code=D), ["d"], clock)
    clock.advance(1)
    response = client.post("/api/games", json={"code": TWO_SUITS, "confirm": ["abandon"]})
    playing = play(client, response.json(), ["d"], clock)
    # the first tab still shows the game left: its help is refused as its actions are
    for what in ("hint", "can-win", "solution/next"):
        refused = client.post(f"/api/games/{left['id']}/{what}", json={"version": 1})
        assert refused.status_code == 409, (what, refused.text)
        body = refused.json()
        assert body["reason"] == "not_current"
        assert body["message"] == (
            "You left this game for another one; here is the game you are playing now. "
            "Open it from the history to go back to it."
        )
        assert (body["state"]["id"], body["state"]["version"]) == (playing["id"], 1)
    spanish = client.post(
        f"/api/games/{left['id']}/hint", json={"version": 1}, headers={"Accept-Language": "es"}
    )
    assert spanish.json()["message"].startswith("Dejaste esta partida por otra")
    assert client.get(f"/api/games/{left['id']}").json()["assisted"] is False
    assert client.get("/api/games/current").json()["id"] == playing["id"]


def test_a_game_left_cannot_change_even_before_the_new_game_has_an_action(
    client: TestClient, clock: Clock
) -> None:
    left = play(client, new_game(client, code=D), ["d"], clock)
    clock.advance(1)
    response = client.post("/api/games", json={"code": TWO_SUITS, "confirm": ["abandon"]})
    new = response.json()
    assert (response.status_code, new["version"]) == (201, 0)
    # a stale tab on the game left: refused, so the new game stays current and the left
    # one stays lost (before, this action was played and made the lost game current)
    refused = act(client, left, "d")
    assert (refused.status_code, refused.json()["reason"]) == (409, "not_current")
    assert refused.json()["state"]["id"] == new["id"]
    assert client.get("/api/games/current").json()["id"] == new["id"]
    history = client.get("/api/history").json()["games"]
    assert [(row["game_id"], row["status"]) for row in history][-1] == (left["id"], "lost")
    assert figures(client)["lost"] == 1


@pytest.mark.slow
def test_looking_around_after_a_win_changes_neither_its_summary_nor_its_history_row(
    client: TestClient, clock: Clock
) -> None:
    won = win(client, D, clock)
    summary = won["record"]["summary"]
    assert (summary["assisted"], summary["streak"]) == (False, 1)
    clock.advance(300)
    # a won game is finished: no undo to look around, no hint, and no time added
    assert act(client, won, "undo").json()["reason"] == "game_over"
    hinted = client.post(f"/api/games/{won['id']}/hint", json={"version": won["version"]})
    assert (hinted.status_code, hinted.json()["reason"]) == (422, "game_won")
    clock.advance(30)
    again = client.get(f"/api/games/{won['id']}").json()
    assert again == won and again["assisted"] is False
    row = client.get("/api/history").json()["games"][0]
    assert (row["score"], row["moves"], row["playing_ms"], row["assisted"]) == (
        summary["score"],
        summary["moves"],
        summary["playing_ms"],
        False,
    )
    assert figures(client)["won"] == 1 and figures(client, assisted=True)["won"] == 0


def test_the_history_gives_a_decided_game_the_time_of_the_statistics_strip(
    client: TestClient, clock: Clock
) -> None:
    """A counted game's history row says when its result was decided, the time the
    statistics' strip gives it (issue 19: the two said different times); a game still in
    play says only when it started."""
    won = win(client, D, clock, seconds=2)  # 96 actions, 2 s each: decided after it started
    playing = play(client, new_game(client, code=E), WINS[E][:3], clock)
    strip = client.get("/api/stats").json()["last_results"]
    rows = {row["game_id"]: row for row in client.get("/api/history").json()["games"]}
    assert [r["game_id"] for r in strip] == [won["id"]]
    assert rows[won["id"]]["decided_at"] == strip[0]["decided_at"]
    assert rows[won["id"]]["decided_at"] != rows[won["id"]]["started_at"]
    assert rows[playing["id"]]["decided_at"] is None
