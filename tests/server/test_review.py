"""A finished game's review as a help job (issue 30): refused while the game is in play,
202 then polled to the review (winnable / lost / unknown along the game, the move that
lost, the hint there, the moments; no face-down card), kept with the game so that asking
again, from this or another app on the same database, answers without solving."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from boards import TRAP, TRAP_LINE
from spider_solitaire.server.app import create_app
from spider_solitaire.server.schemas.review import ReviewMoment
from spider_solitaire.server.settings import Settings
from spider_solitaire.solver.review import MOMENT_KINDS

from . import asking
from .conftest import Clock, act, board, new_game
from .test_help import played


@pytest.fixture
def settings(db_url: str) -> Settings:
    """Small positions; one solver at a time."""
    return Settings(
        db_url=db_url,
        puzzle_positions=True,
        solver_cores=1,
        history_probe_limit=5,
        history_budget=20,
    )


def _review(client: TestClient, game_id: str, **headers: str) -> Any:
    return client.post(f"/api/games/{game_id}/review", headers=headers)


def played_on(client: TestClient, state: dict[str, Any], actions: list[str]) -> dict[str, Any]:
    """``state``'s game with ``actions`` played on; its state."""
    for action in actions:
        response = act(client, state, action)
        assert response.status_code == 200, response.text
        state = response.json()["state"]
    return state


def _lost_game(client: TestClient, clock: Clock) -> dict[str, Any]:
    """A game from :data:`TRAP` played along its line, then (a second later) left for a
    new game."""
    state = played(client, TRAP, TRAP_LINE)
    clock.advance(1)
    new_game(client, position=TRAP, confirm=["abandon"])
    return state


def test_a_game_in_play_is_refused(client: TestClient) -> None:
    state = played(client, TRAP, TRAP_LINE[:2])
    refused = _review(client, state["id"])
    assert (refused.status_code, refused.json()["reason"]) == (422, "review_in_play")
    assert refused.json()["message"] == (
        "This game is still in play: a review is given once the game is won, lost or"
        " abandoned, or left for another game after an action."
    )
    spanish = _review(client, state["id"], **{"Accept-Language": "es"}).json()
    assert spanish["message"].startswith("Esta partida sigue en juego")
    after = client.get(f"/api/games/{state['id']}").json()
    assert (after["version"], after["assisted"]) == (2, False)  # nothing changed
    assert _review(client, "x" * 16).status_code in (404, 422)


def test_a_finished_game_is_reviewed_as_a_job(client: TestClient, clock: Clock) -> None:
    state = _lost_game(client, clock)
    started = _review(client, state["id"])
    assert started.status_code == 202, started.text
    job = started.json()
    assert (job["kind"], job["status"], job["version"]) == ("review", "running", 9)
    assert job["message"] == "Reviewing the game: 0 positions solved so far…"
    assert job["limit_seconds"] == 25.0
    done = asking.poll(client, job)
    assert (done["status"], done["reason"]) == ("done", None), done
    review = done["review"]
    assert review["actions"] == TRAP_LINE
    assert review["statuses"] == ["winnable"] * 4 + ["lost"] * 6
    lost = review["move_that_lost"]
    assert (lost["number"], lost["action"], lost["followed_hint"]) == (4, "5:1>1", False)
    assert lost["hint"]["move"] == "9:1>1"
    assert lost["hint"]["reasons"] == ["empties_column", "builds_in_suit"]
    assert lost["hint"]["messages"][0].startswith("This empties a column")
    assert len(lost["solver_line"]) > 10 and "position" not in lost  # no face-down card
    assert [(m["number"], m["kinds"]) for m in review["moments"]] == [
        (2, ["deal"]),
        (3, ["column_emptied"]),
        (4, ["move_that_lost", "not_the_hint"]),
    ]
    assert review["moments"][2]["words"] == "the move that lost, not the hint's move"
    assert review["moments"][2]["label"] == (
        "Action 4 (5:1>1): the move that lost, not the hint's move."
    )
    assert (review["steps"], review["moments"][2]["step"], lost["step"]) == (
        list(range(10)),
        4,
        3,
    )
    assert [(s["status"], s["first"], s["last"], s["label"]) for s in review["spans"]] == [
        ("winnable", 0, 3, "After 0 to 3 actions: the deal could still be won."),
        ("lost", 4, 9, "After 4 to 9 actions: the deal could no longer be won."),
    ]
    assert review["message"] == (
        "The deal could still be won before action 4 (5:1>1): that action lost it."
    )
    assert done["probes"] == review["probes"] >= 3
    spanish = client.get(f"/api/help-jobs/{job['id']}", headers={"Accept-Language": "es"})
    assert spanish.json()["review"]["message"].startswith("La partida aún se podía ganar")
    # a game not won can be opened and played on: its review marks it assisted
    assert client.get(f"/api/games/{state['id']}").json()["assisted"] is True


def test_the_hints_asked_are_in_the_review(client: TestClient, clock: Clock) -> None:
    state = played(client, TRAP, TRAP_LINE[:3])
    for index in (0, 1):  # H, then H again: two hints shown before the move that lost
        asked = client.post(f"/api/games/{state['id']}/hint", json={"version": 3, "index": index})
        assert asked.status_code == 200, asked.text
    state = played_on(client, asked.json()["state"], TRAP_LINE[3:])
    clock.advance(1)
    new_game(client, position=TRAP, confirm=["abandon"])
    review = asking.poll(client, _review(client, state["id"]).json())["review"]
    lost = next(m for m in review["moments"] if m["number"] == 4)
    assert lost["kinds"] == ["move_that_lost", "not_the_hint", "hint_not_followed"]
    assert lost["words"] == (
        "the move that lost, not the hint's move, you asked for a hint and played another move"
    )


def test_a_game_left_before_any_action_is_not_reviewed(client: TestClient) -> None:
    left = new_game(client, code="SP1-S4C-AAAAAAD")
    new_game(client, code="SP1-S4C-AAAAAAE")  # no action: nothing to confirm
    refused = _review(client, left["id"])
    assert (refused.status_code, refused.json()["reason"]) == (422, "review_in_play")
    assert client.get(f"/api/games/{left['id']}").json()["assisted"] is False


def test_a_review_does_not_stop_can_win(client: TestClient, clock: Clock) -> None:
    finished = _lost_game(client, clock)
    current = played(client, TRAP, TRAP_LINE[:2])
    asked = client.post(f"/api/games/{current['id']}/can-win", json={"version": 2}).json()
    review = asking.poll(client, _review(client, finished["id"]).json())
    can_win = asking.poll(client, asked)
    assert (review["status"], can_win["status"], can_win["can_win"]["answer"]) == (
        "done",
        "done",
        "yes",
    )


def test_the_review_is_kept_and_read_again_without_solving(
    client: TestClient, settings: Settings, clock: Clock, monkeypatch: pytest.MonkeyPatch
) -> None:
    state = _lost_game(client, clock)
    first = asking.poll(client, _review(client, state["id"]).json())["review"]

    def no_solver(*args: Any) -> Any:
        raise AssertionError("the review was solved again")

    monkeypatch.setattr("spider_solitaire.server.help.review.review_job", no_solver)
    again = _review(client, state["id"])
    assert again.status_code == 202
    assert (again.json()["status"], again.json()["review"]) == ("done", first)
    # another app on the same database (another server process) finds it kept
    with TestClient(create_app(settings)) as other:
        other.cookies.update(client.cookies)
        kept = _review(other, state["id"]).json()
        assert (kept["status"], kept["review"]) == ("done", first)


def test_a_won_game_was_winnable_all_along(client: TestClient) -> None:
    won = played(client, board({1: "| KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S", 2: "| AS"}), ["2>1"])
    assert won["is_won"]
    job = asking.poll(client, _review(client, won["id"]).json())
    assert client.get(f"/api/games/{won['id']}").json()["assisted"] is False  # won: not marked
    review = job["review"]
    assert (review["statuses"], review["move_that_lost"]) == (["winnable", "winnable"], None)
    assert review["message"] == "The deal could be won all along the game."
    assert review["moments"] == [
        {
            "number": 1,
            "step": 1,
            "action": "2:1>1",
            "kinds": ["column_emptied", "run_removed"],
            "words": "a column emptied, a run removed",
            "label": "Action 1 (2:1>1): a column emptied, a run removed.",
        }
    ]


def test_another_players_game_is_not_found(
    client: TestClient, make_client: Any, clock: Clock
) -> None:
    state = _lost_game(client, clock)
    other = make_client()
    new_game(other)
    assert _review(other, state["id"]).status_code == 404
    assert act(client, state, "d").status_code in (409, 422)  # a game left is not played on


def test_a_review_can_be_stopped(client: TestClient, clock: Clock) -> None:
    state = new_game(client, code="SP1-S4C-AAAAAAD")  # a 4-suit deal: seconds of solving
    for action in ("d", "d"):
        state = act(client, state, action).json()["state"]
    clock.advance(1)
    new_game(client, position=TRAP, confirm=["abandon"])
    job = _review(client, state["id"]).json()
    assert (job["status"], job["kind"]) == ("running", "review")
    joined = _review(client, state["id"]).json()  # another tab asks: the same job
    assert (joined["id"], joined["status"]) == (job["id"], "running")
    stopped = client.post(f"/api/help-jobs/{job['id']}/stop").json()
    assert (stopped["status"], stopped["reason"], stopped["review"]) == (
        "cancelled",
        "stopped",
        None,
    )
    # nothing was kept: asked again, it starts again
    again = _review(client, state["id"]).json()
    assert again["status"] == "running" and again["id"] != job["id"]
    client.post(f"/api/help-jobs/{again['id']}/stop")


def test_a_span_of_one_position_is_said_as_one() -> None:
    from spider_solitaire.server.help.review import span_label

    assert span_label("winnable", 0, 0, "en") == "At the start: the deal could still be won."
    assert span_label("lost", 4, 4, "en") == "After action 4: the deal could no longer be won."
    assert span_label("unknown", 2, 5, "es") == (
        "Tras 2 a 5 acciones: el resolvedor no pudo saberlo."
    )


def test_the_solver_line_plays_from_the_position_before_the_move_that_lost(
    client: TestClient, clock: Clock
) -> None:
    state = _lost_game(client, clock)
    missing = client.get(f"/api/games/{state['id']}/review/line/0")
    assert (missing.status_code, missing.json()["reason"]) == (404, "no_review_line")
    review = asking.poll(client, _review(client, state["id"]).json())["review"]
    lost = review["move_that_lost"]
    start = client.get(f"/api/games/{state['id']}/review/line/0").json()
    before = client.get(f"/api/games/{state['id']}/replay/{lost['step']}").json()
    assert start["state"]["columns"] == before["state"]["columns"]
    assert start["label"] == (
        "The position before the move that lost: the solver's line starts here."
    )
    count = len(lost["solver_line"])
    end = client.get(f"/api/games/{state['id']}/review/line/{count}").json()
    assert (end["step"], end["state"]["is_won"]) == (count, True)
    past = client.get(f"/api/games/{state['id']}/review/line/{count + 1}")
    assert (past.status_code, past.json()["reason"]) == (404, "no_replay_step")
    assert client.get(f"/api/games/{state['id']}/review/line/-1").status_code == 404


def test_the_schema_takes_the_moment_kinds_from_the_solver() -> None:
    # one statement of the kinds (the solver's MomentKind): the OpenAPI enum is that list
    kinds = ReviewMoment.model_json_schema()["properties"]["kinds"]["items"]["enum"]
    assert kinds == list(MOMENT_KINDS)
    assert kinds[0] == "deal" and kinds[-1] == "hint_not_followed" and len(kinds) == 8
