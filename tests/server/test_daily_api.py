"""The daily deal through the API: a date's deals, daily games and their results (the
daily row of the statistics, the calendar, the daily streak in the player's time zone),
and the warning when the shipped deals run short."""

from __future__ import annotations

import datetime as dt
import logging
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from spider_solitaire.daily import daily_deals
from spider_solitaire.server.app import create_app
from spider_solitaire.server.record import daily as daily_view
from spider_solitaire.server.settings import Settings

from . import asking
from .conftest import CODE, Clock, act, new_game
from .daily_wins import DAILY_WINS
from .test_record import ABANDON, NO_FIGURES, PRACTICE, figures, play

NOV30, DEC1, DEC2, DEC3 = (
    "SP1-S1C-3U5UFDK",
    "SP1-S1C-NR66BXZ",
    "SP1-S1C-EBPWV37",
    "SP1-S1C-JAQGS7N",
)
"""The 1-suit daily deals of 30 November to 3 December 2026."""


def daily(client: TestClient, date: str, **params: Any) -> dict[str, Any]:
    """GET /api/daily for ``date``; assert 200; return the body."""
    response = client.get("/api/daily", params={"date": date, **params})
    assert response.status_code == 200, response.text
    body: dict[str, Any] = response.json()
    return body


def daily_row(client: TestClient, assisted: bool = False) -> dict[str, Any]:
    """The daily row's figures from ``/api/stats``."""
    row = client.get("/api/stats").json()["daily"]
    assert row["label"] == "Daily deal"
    result: dict[str, Any] = row["assisted" if assisted else "unassisted"]
    return result


def win_daily(client: TestClient, date: str, clock: Clock, suits: int = 1) -> dict[str, Any]:
    """Start ``date``'s daily deal at ``suits`` and play its known win; return the state."""
    state = new_game(client, daily=date, suits=suits, confirm=["abandon"])
    assert state["code"] == daily_deals(dt.date.fromisoformat(date)).codes[suits]
    return play(client, state, DAILY_WINS[state["code"]], clock)


def statuses(view: dict[str, Any]) -> dict[int, str]:
    """Each deal's status by suit count."""
    return {deal["suits"]: deal["status"] for deal in view["deals"]}


def test_the_deals_for_a_date_are_the_librarys(client: TestClient) -> None:
    view = daily(client, "2026-12-02")
    assert view["date"] == "2026-12-02"
    assert view["label"] == "Wednesday 2 December 2026"
    deals = daily_deals(dt.date(2026, 12, 2)).codes
    assert [(d["suits"], d["code"], d["featured"], d["label"]) for d in view["deals"]] == [
        (2, deals[2], True, "2 suits · Classic"),
        (1, deals[1], False, "1 suit"),
        (4, deals[4], False, "4 suits · Classic"),
    ]
    assert (deals[1], deals[2], deals[4]) == (DEC2, "SP1-S2C-6KBP2MZ", "SP1-S4C-2P6Z6R3")
    assert {d["status"] for d in view["deals"]} == {"none"}
    assert view["deals"][0]["status_label"] == "not played"
    assert (view["month"], view["month_label"], view["lead"]) == ("2026-12", "December 2026", 1)
    assert view["weekdays"] == ["Mo", "Tu", "We", "Th", "Fr", "Sa", "Su"]
    # the next arrow stops at the player's month: the days after it are all to come
    assert (view["previous"], view["next"]) == ("2026-11", None)
    assert len(view["days"]) == 31
    assert [day["playable"] for day in view["days"][:4]] == [True, True, False, False]
    assert view["days"][1]["today"] and not view["days"][0]["today"]
    assert view["days"][1]["label"] == (
        "Wednesday 2 December 2026, today: featured deal not played; other deals not played."
    )
    assert (view["streak"], view["streak_text"]) == (0, "Daily streak: 0 days.")
    # the first month has no previous one; another month's calendar; Spanish
    november = daily(client, "2026-12-02", month="2026-11")
    assert (november["previous"], november["next"], len(november["days"])) == (
        None,
        "2026-12",
        30,
    )
    spanish = client.get(
        "/api/daily", params={"date": "2026-12-02"}, headers={"Accept-Language": "es"}
    ).json()
    assert (spanish["label"], spanish["month_label"]) == (
        "miércoles 2 de diciembre de 2026",
        "diciembre de 2026",
    )
    assert spanish["streak_text"] == "Racha diaria: 0 días."


def test_a_player_a_day_ahead_of_utc_gets_that_dates_deal(client: TestClient, clock: Clock) -> None:
    clock.now = dt.datetime(2026, 12, 1, 23, 30, tzinfo=dt.UTC)  # 2 December in Tokyo
    state = new_game(client, daily="2026-12-02")
    assert (state["code"], state["suits"]) == ("SP1-S2C-6KBP2MZ", 2)
    assert state["labels"]["daily"] == "Daily · 2 Dec"
    assert daily(client, "2026-12-02", tz="Asia/Tokyo")["deals"][0]["status"] == "playing"


def test_a_date_not_begun_anywhere_is_refused(client: TestClient, clock: Clock) -> None:
    # 09:59 UTC on 1 December: 23:59 at UTC+14, the first zone; 2 December begins at 10:00
    clock.now = dt.datetime(2026, 12, 1, 9, 59, tzinfo=dt.UTC)
    for response in (
        client.post("/api/games", json={"daily": "2026-12-02"}),
        client.get("/api/daily", params={"date": "2026-12-02"}),
    ):
        assert response.status_code == 400
        body = response.json()
        assert body["reason"] == "daily_not_begun"
        assert body["message"] == (
            "That daily deal's date has not begun anywhere yet; its deals open when the date "
            "starts in the first time zone (UTC+14)."
        )
        assert body["detail"] == (
            "2026-12-02 has not begun anywhere yet (the latest date is 2026-12-01)"
        )
    assert client.get("/api/games/current").json()["reason"] == "no_game"  # nothing dealt
    clock.now = dt.datetime(2026, 12, 1, 10, 0, tzinfo=dt.UTC)
    assert new_game(client, daily="2026-12-02")["code"] == "SP1-S2C-6KBP2MZ"
    assert daily(client, "2026-12-02")["date"] == "2026-12-02"
    refused = client.post("/api/games", json={"daily": "2026-12-03", "confirm": ["abandon"]})
    assert refused.json()["reason"] == "daily_not_begun"


def test_a_date_without_deals_is_a_named_error(client: TestClient) -> None:
    for date in ("2026-10-31", "2029-01-01", "2026-02-30"):
        response = client.post("/api/games", json={"daily": date})
        assert response.status_code == 400, date
        assert response.json()["reason"] == "no_daily_deal"
        assert response.json()["message"] == "There is no daily deal for that date."
        assert client.get("/api/daily", params={"date": date}).json()["reason"] == "no_daily_deal"
    # the detail says which: a real date has no deal shipped, the other is no date
    details = [
        client.post("/api/games", json={"daily": date}).json()["detail"]
        for date in ("2029-01-01", "2026-02-30")
    ]
    assert details[0] == (
        "no daily deal for 2029-01-01: deals are shipped from 2026-11-01 to 2028-12-31"
    )
    assert details[1] == "'2026-02-30' is not a date"
    response = client.post("/api/games", json={"daily": "2026-12-01", "suits": 3})
    assert (response.status_code, response.json()["reason"]) == (400, "bad_request")
    response = client.get("/api/daily", params={"date": "2026-12-01", "tz": "Mars/Olympus"})
    assert (response.status_code, response.json()["reason"]) == (400, "bad_time_zone")
    response = client.get("/api/daily", params={"date": "2026-12-01", "month": "2027-13"})
    assert (response.status_code, response.json()["reason"]) == (400, "bad_request")


@pytest.mark.slow
def test_wins_on_their_dates_make_the_streak_and_a_late_win_does_not(
    client: TestClient, clock: Clock
) -> None:
    # 1 December, noon UTC: the 1-suit daily of the day, won
    state = win_daily(client, "2026-12-01", clock)
    assert state["is_won"] and state["labels"]["daily"] == "Daily · 1 Dec"
    assert state["record"]["outcome"] == "won"
    row = daily_row(client)
    assert (row["finished"], row["won"], row["lost"], row["current_streak"]) == (1, 1, 0, 1)
    assert figures(client, suits=1) == NO_FIGURES  # not also in the 1-suit row
    view = daily(client, "2026-12-01", tz="UTC")
    assert statuses(view) == {2: "none", 1: "won", 4: "none"}
    assert view["deals"][1]["status_label"] == "won on the day"
    assert (view["streak"], view["streak_text"]) == (1, "Daily streak: 1 day.")
    # 2 December: the next date's deal, won on its date
    clock.now = dt.datetime(2026, 12, 2, 9, 0, tzinfo=dt.UTC)
    win_daily(client, "2026-12-02", clock)
    view = daily(client, "2026-12-02", tz="UTC")
    assert (view["streak"], view["streak_text"]) == (2, "Daily streak: 2 days.")
    assert [(d["featured"], d["others"]) for d in view["days"][:3]] == [
        ("none", "won"),
        ("none", "won"),
        ("none", "none"),
    ]
    assert view["days"][0]["label"] == (
        "Tuesday 1 December 2026: featured deal not played; other deals won on the day."
    )
    # 30 November's deal, won on 2 December: won late, not in the streak
    win_daily(client, "2026-11-30", clock)
    assert daily(client, "2026-12-02", tz="UTC")["streak"] == 2
    november = daily(client, "2026-12-02", month="2026-11", tz="UTC")
    assert november["days"][29]["others"] == "won_late"
    assert daily(client, "2026-11-30", tz="UTC")["deals"][1]["status_label"] == "won late"
    row = daily_row(client)
    assert (row["finished"], row["won"], row["current_streak"], row["best_streak"]) == (
        3,
        3,
        3,
        3,
    )
    # the streak counts back from yesterday while today is not won, and then breaks
    clock.now = dt.datetime(2026, 12, 3, 12, 0, tzinfo=dt.UTC)
    assert daily(client, "2026-12-03", tz="UTC")["streak"] == 2
    clock.now = dt.datetime(2026, 12, 4, 12, 0, tzinfo=dt.UTC)
    assert daily(client, "2026-12-04", tz="UTC")["streak"] == 0


def _hinted(client: TestClient, state: dict[str, Any]) -> None:
    """Ask a hint on ``state``'s game (it is marked assisted)."""
    body = {"version": state["version"]}
    assert client.post(f"/api/games/{state['id']}/hint", json=body).status_code == 200


@pytest.mark.slow
def test_a_daily_the_solver_played_is_no_daily_win_and_sets_no_best(
    client: TestClient, clock: Clock
) -> None:
    # 30 November's deal, won on 1 December with a hint: won late, assisted, slow (3 s a move)
    late = new_game(client, daily="2026-11-30", suits=1)
    _hinted(client, late)
    late = play(client, late, DAILY_WINS[NOV30], clock, seconds=3)
    assert late["is_won"] and late["record"]["summary"]["assisted"] is True
    # 1 December's deal: the player's moves, then "Show solution" plays the last ones
    state = new_game(client, daily="2026-12-01", suits=1)
    state = play(client, state, DAILY_WINS[DEC1][:-3], clock, seconds=1)
    steps = 0
    while not state["is_won"]:
        clock.advance(1)
        response = asking.next_step(client, state["id"], state["version"])
        assert response.status_code == 200, response.text
        state = response.json()["state"]
        steps += 1
    assert 1 <= steps <= 5 and state["assisted"] is True
    summary = state["record"]["summary"]
    # faster than the earlier assisted daily win, but the solver's: no personal best
    assert summary["playing_ms"] < late["record"]["summary"]["playing_ms"]
    assert (summary["assisted"], summary["bests"]) == (True, [])
    assert "fastest" not in summary["text"] and "best" not in summary["text"]
    view = daily(client, "2026-12-01", tz="UTC")
    assert statuses(view) == {2: "none", 1: "solved", 4: "none"}
    assert view["deals"][1]["status_label"] == "played by the solver"
    assert (view["days"][0]["others"], view["streak"]) == ("solved", 0)  # starts no streak
    assert view["days"][0]["label"] == (
        "Tuesday 1 December 2026, today: featured deal not played; other deals played by "
        "the solver."
    )
    # 2 December's deal won with a hint: counts, on the day, marked assisted
    clock.now = dt.datetime(2026, 12, 2, 9, 0, tzinfo=dt.UTC)
    hinted = new_game(client, daily="2026-12-02", suits=1)
    _hinted(client, hinted)
    won = play(client, hinted, DAILY_WINS[DEC2], clock, seconds=2)
    assert won["record"]["summary"]["assisted"] is True
    view = daily(client, "2026-12-02", tz="UTC")
    assert statuses(view)[1] == "won_assisted"
    assert view["deals"][1]["status_label"] == "won on the day, with help"
    assert (view["streak"], view["streak_text"]) == (1, "Daily streak: 1 day.")
    assert [d["others"] for d in view["days"][:2]] == ["solved", "won_assisted"]
    # the daily row counts all three with the assisted games, none with the others
    assert (daily_row(client, assisted=True)["won"], daily_row(client)["finished"]) == (3, 0)
    stats = client.get("/api/stats").json()
    assert stats["rules_help"][6].startswith("A game in which “Show solution” played a move")


def test_the_day_of_a_win_is_the_players_in_their_time_zone(
    client: TestClient, clock: Clock
) -> None:
    clock.now = dt.datetime(2026, 12, 1, 23, 0, tzinfo=dt.UTC)
    win_daily(client, "2026-12-01", clock)  # 90 actions, 1 s apart
    assert clock.now == dt.datetime(2026, 12, 1, 23, 1, 30, tzinfo=dt.UTC)
    assert statuses(daily(client, "2026-12-01", tz="UTC"))[1] == "won"
    assert statuses(daily(client, "2026-12-01", offset=-300))[1] == "won"  # New York
    madrid = daily(client, "2026-12-02", tz="Europe/Madrid")  # 00:01 on 2 December
    assert madrid["days"][0]["others"] == "won_late"
    assert madrid["streak"] == 0
    assert statuses(daily(client, "2026-12-01", offset=60))[1] == "won_late"


def test_abandoning_a_daily_counts_it_lost_in_the_daily_row(
    client: TestClient, clock: Clock
) -> None:
    state = new_game(client, daily="2026-12-01", suits=1)
    play(client, state, DAILY_WINS[DEC1][:3], clock)
    assert daily(client, "2026-12-01")["deals"][1]["status"] == "playing"
    response = client.post("/api/games", json={"code": CODE})
    assert (response.status_code, response.json()) == (409, ABANDON)
    clock.advance(1)
    new_game(client, code=CODE, confirm=["abandon"])
    row = daily_row(client)
    assert (row["finished"], row["won"], row["lost"], row["worst_losing_streak"]) == (1, 0, 1, 1)
    assert figures(client, suits=1) == NO_FIGURES
    assert daily(client, "2026-12-01")["deals"][1]["status"] == "lost"
    last = client.get("/api/stats").json()["last_results"]
    assert [(r["outcome"], r["label"]) for r in last] == [("lost", "Daily · 1 Dec")]
    games = client.get("/api/history").json()["games"]
    assert [(g["label"], g["status"]) for g in games] == [
        ("2 suits · Classic", "playing"),
        ("Daily · 1 Dec", "lost"),
    ]


def test_a_daily_in_progress_is_resumed_and_one_already_won_is_practice(
    client: TestClient, clock: Clock
) -> None:
    state = new_game(client, daily="2026-12-01", suits=1)
    played = play(client, state, DAILY_WINS[DEC1][:2], clock)
    again = new_game(client, daily="2026-12-01", suits=1)
    assert (again["id"], again["version"]) == (state["id"], 2)
    won = play(client, played, DAILY_WINS[DEC1][2:], clock)
    assert won["is_won"]
    response = client.post("/api/games", json={"daily": "2026-12-01", "suits": 1})
    assert (response.status_code, response.json()) == (409, PRACTICE)
    practice = new_game(client, daily="2026-12-01", suits=1, confirm=["practice"])
    assert practice["record"]["practice"] and practice["id"] != state["id"]
    assert act(client, practice, DAILY_WINS[DEC1][0]).status_code == 200
    assert daily(client, "2026-12-01")["deals"][1]["status"] == "won"
    assert daily_row(client)["finished"] == 1


def test_the_server_warns_when_fewer_than_180_days_of_deals_are_left(
    settings: Settings, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    caplog.set_level(logging.WARNING, logger="spider_solitaire.server.record.daily")
    monkeypatch.setattr(daily_view, "utc_today", lambda: dt.date(2028, 7, 4))
    create_app(settings).state.store.close()
    assert caplog.messages == []
    monkeypatch.setattr(daily_view, "utc_today", lambda: dt.date(2028, 7, 5))
    create_app(settings).state.store.close()
    assert caplog.messages == [
        "only 179 days of daily deals are left (the last is 2028-12-31): run "
        "scripts/pick_daily_deals.py to choose more and ship them"
    ]
    assert daily_view.check_daily_data(lambda: dt.date(2026, 12, 2)) == 760


def test_two_servers_with_fresh_databases_give_the_same_deals(tmp_path: Path) -> None:
    answers = []
    for name in ("one", "two"):
        app = create_app(Settings(db_url=f"sqlite:///{tmp_path / name}.db"))
        app.state.store.clock = Clock(dt.datetime(2026, 12, 3, 12, 0, tzinfo=dt.UTC))
        with TestClient(app) as client:
            answers.append(
                [
                    [deal["code"] for deal in daily(client, date)["deals"]]
                    for date in ("2026-12-02", "2026-12-03")
                ]
            )
        app.state.store.close()
    assert answers[0] == answers[1]
    assert answers[0][0] == ["SP1-S2C-6KBP2MZ", DEC2, "SP1-S4C-2P6Z6R3"]
    assert answers[0][1] == ["SP1-S2C-6WLREKC", DEC3, "SP1-S4C-XPB2VM4"]
