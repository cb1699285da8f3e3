"""Long answers as jobs (issue 21, item 5): "Can I still win?" and the solve behind "Show
solution" answer 202 with a help job at once, polled at ``/api/help-jobs/{id}`` (its
progress while it runs, its answer once done), stopped at ``.../stop`` or cancelled when
nobody polls it (its solver killed either way); another player's job is not found and a
malformed id is refused at the door. Each test runs on SQLite and on PostgreSQL, with the
embedded solver pool."""

from __future__ import annotations

import re
import time
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from boards import TRAP, TRAP_LINE
from spider_solitaire import Game
from spider_solitaire.messages import message
from spider_solitaire.server.app import create_app
from spider_solitaire.server.settings import Settings

from . import asking, pool_jobs
from .conftest import new_game
from .test_help import played

LONG_CODE = "SP1-S4C-AAAAAAD"
"""A 4-suit deal: the solver thinks for seconds (it is stopped long before its end)."""


@pytest.fixture
def settings(db_url: str) -> Settings:
    """Small solver limits (the positions here are small); one solver at a time."""
    return Settings(
        db_url=db_url,
        puzzle_positions=True,
        solver_cores=1,
        solve_time_limit=10,
        history_probe_limit=5,
        history_budget=20,
    )


def _started(client: TestClient, state: dict[str, Any], what: str) -> dict[str, Any]:
    """POST ``what`` (``can-win``, ``solution/next``) for ``state``; assert 202; the job."""
    response = client.post(f"/api/games/{state['id']}/{what}", json={"version": state["version"]})
    assert response.status_code == 202, response.text
    job: dict[str, Any] = response.json()
    return job


def _get(client: TestClient, job_id: str, **headers: str) -> Any:
    return client.get(f"/api/help-jobs/{job_id}", headers=headers)


def _wait_for_the_solver(app: FastAPI) -> None:
    deadline = time.monotonic() + 10
    while app.state.solver_pool.stats().running == 0:
        assert time.monotonic() < deadline, "no solver started"
        time.sleep(0.02)


def test_can_win_answers_202_with_a_job_then_the_answer(client: TestClient) -> None:
    state = new_game(client, position=TRAP)
    job = _started(client, state, "can-win")
    assert {key: job[key] for key in ("kind", "game_id", "version", "status")} == {
        "kind": "can_win",
        "game_id": state["id"],
        "version": 0,
        "status": "running",
    }
    assert (job["probes"], job["can_win"], job["reason"]) == (0, None, None)
    # the most it takes: the solve's 10 s, then 20 s through the history (Settings)
    assert job["limit_seconds"] == 30.0
    assert job["message"] == "Working out whether this game can still be won…"
    assert job["id"] != state["id"] and len(job["id"]) == 16
    done = asking.poll(client, job)
    assert (done["id"], done["status"], done["reason"], done["message"]) == (
        job["id"],
        "done",
        None,
        None,
    )
    answer = done["can_win"]
    assert (answer["answer"], answer["last_winnable"], answer["longer"]) == ("yes", None, False)
    assert answer["message"] == "Yes: this game can still be won from here."
    assert answer["state"]["assisted"] is True  # marked by the job
    assert client.get(f"/api/games/{state['id']}").json()["assisted"] is True
    # its solution was kept: asked again, the job is done at once
    again = _started(client, state, "can-win")
    assert again["id"] != job["id"]
    assert (again["status"], again["seconds"], again["message"]) == ("done", 0.0, None)
    assert (again["can_win"]["answer"], again["can_win"]["seconds"]) == ("yes", 0.0)
    # an ended job reads the same on every poll, and stopping it changes nothing
    assert _get(client, job["id"]).json() == done
    stopped = client.post(f"/api/help-jobs/{job['id']}/stop")
    assert (stopped.status_code, stopped.json()["status"]) == (200, "done")


def test_a_lost_position_shows_the_history_search_as_it_goes(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    # the real solver, paused after each position of the history it reports
    monkeypatch.setattr("spider_solitaire.server.help.can_win.history_job", pool_jobs.slow_history)
    state = played(client, TRAP, TRAP_LINE)  # lost since the game's move 4
    job = _started(client, state, "can-win")
    seen: list[tuple[int, str]] = []
    spanish: set[str] = set()
    deadline = time.monotonic() + 60
    while job["status"] == "running":
        assert time.monotonic() < deadline, job
        if not seen or seen[-1] != (job["probes"], job["message"]):
            seen.append((job["probes"], job["message"]))
            spanish.add(_get(client, job["id"], **{"Accept-Language": "es"}).json()["message"])
        time.sleep(0.05)
        job = _get(client, job["id"]).json()
    assert job["status"] == "done", job
    probes = [count for count, _ in seen]
    assert probes == sorted(probes) and len(set(probes)) >= 3, seen
    assert job["probes"] == probes[-1] >= 3  # the current position and at least two more
    for count, sentence in seen:
        if count <= 1:  # the current position alone
            assert sentence == "Working out whether this game can still be won…"
        else:  # the time left by the limits: 10 s for the position, 20 s for the history
            head = "The game looks lost; looking back through it for the move that lost it: "
            left = re.fullmatch(re.escape(head) + r"at most (\d+) seconds? left…", sentence)
            assert left is not None and 1 <= int(left.group(1)) <= 30, sentence
    assert any(sentence.startswith("La partida parece perdida") for sentence in spanish), spanish
    answer = job["can_win"]
    assert (answer["answer"], answer["last_winnable"]["steps"]) == ("no", 6)
    assert answer["action_label"] == "Undo 6 actions"


def test_a_stopped_job_ends_and_its_solver_is_killed(client: TestClient, app: FastAPI) -> None:
    state = new_game(client, code=LONG_CODE)
    job = _started(client, state, "can-win")
    _wait_for_the_solver(app)
    pids = app.state.solver_pool.running_pids()
    assert len(pids) == 1
    stopped = client.post(f"/api/help-jobs/{job['id']}/stop")
    assert stopped.status_code == 200, stopped.text
    body = stopped.json()
    assert (body["status"], body["reason"], body["can_win"]) == ("cancelled", "stopped", None)
    assert body["message"] == message("errors", "stopped", "en") == "Stopped, as you asked."
    deadline = time.monotonic() + 5
    while app.state.solver_pool.stats().running:  # its solver process is killed
        assert time.monotonic() < deadline
        time.sleep(0.02)
    assert not app.state.solver_pool.running_pids()
    assert _get(client, job["id"]).json()["status"] == "cancelled"
    es = _get(client, job["id"], **{"Accept-Language": "es"}).json()
    assert es["message"] == message("errors", "stopped", "es") != body["message"]
    # stopped before its answer: the game was not marked assisted
    assert client.get(f"/api/games/{state['id']}").json()["assisted"] is False
    # stopping again changes nothing
    again = client.post(f"/api/help-jobs/{job['id']}/stop").json()
    assert (again["status"], again["reason"]) == ("cancelled", "stopped")


def test_another_players_job_is_not_found(client: TestClient, make_client: Any) -> None:
    state = new_game(client, code=LONG_CODE)
    job = _started(client, state, "can-win")
    other = make_client()  # not entered: that would run the app's lifespan again
    new_game(other)
    for response in (
        _get(other, job["id"]),
        other.post(f"/api/help-jobs/{job['id']}/stop"),
    ):
        assert (response.status_code, response.json()["reason"]) == (404, "not_found")
    stranger = make_client()  # no cookie at all
    assert _get(stranger, job["id"]).status_code == 404
    # the owner's job ran on, untouched; an unknown id of the right shape is 404 too
    assert _get(client, job["id"]).json()["status"] == "running"
    assert _get(client, "A" * 16).json()["reason"] == "not_found"
    client.post(f"/api/help-jobs/{job['id']}/stop")


@pytest.mark.parametrize("bad", ["nope", "A" * 15, "A" * 17, "AAAAAAAA.AAAAAAA", "A" * 300])
def test_a_malformed_job_id_is_422_bad_id(client: TestClient, bad: str) -> None:
    for response in (_get(client, bad), client.post(f"/api/help-jobs/{bad}/stop")):
        assert response.status_code == 422, response.text
        assert response.json()["reason"] == "bad_id"
        assert response.json()["message"] == message("errors", "bad_id", "en")


def test_the_solution_is_solved_as_a_job_then_played(client: TestClient) -> None:
    state = new_game(client, position=TRAP)
    url = f"/api/games/{state['id']}/solution/next"
    job = _started(client, state, "solution/next")
    assert (job["kind"], job["status"], job["game_id"], job["version"]) == (
        "solution",
        "running",
        state["id"],
        0,
    )
    assert (job["can_win"], job["message"]) == (None, "Finding a solution…")
    done = asking.poll(client, job)
    assert (done["status"], done["reason"], done["message"], done["can_win"]) == (
        "done",
        None,
        None,
        None,
    )
    step = client.post(url, json={"version": 0})  # kept: played at once
    assert step.status_code == 200, step.text
    body = step.json()
    assert body["state"]["version"] == 1 and body["state"]["assisted"] is True
    mirror = Game.from_position(TRAP, strict=False)
    mirror.play(body["action"])
    assert body["state"]["moves"] == mirror.move_count == 1
    assert body["message"] == f"Showing the solution: {body['remaining']} moves left."
    following = client.post(url, json={"version": 1})  # the rest of it is kept too
    assert following.status_code == 200, following.text
    assert following.json()["remaining"] == body["remaining"] - 1


def test_a_solution_of_a_lost_game_fails_as_not_winnable(client: TestClient) -> None:
    lost = Game.from_position(TRAP, strict=False)
    lost.play("d")
    state = new_game(client, position=lost.position.to_text())
    job = _started(client, state, "solution/next")
    failed = asking.poll(client, job)
    assert (failed["status"], failed["reason"]) == ("failed", "not_winnable")
    assert failed["message"] == message("errors", "not_winnable", "en")
    es = _get(client, job["id"], **{"Accept-Language": "es"}).json()
    assert es["message"] == message("errors", "not_winnable", "es") != failed["message"]
    # nothing was kept: asked again, it is a new job
    again = _started(client, state, "solution/next")
    assert again["id"] != job["id"] and again["kind"] == "solution"
    assert asking.poll(client, again)["reason"] == "not_winnable"


def test_a_job_nobody_polls_is_cancelled_and_its_solver_killed(db_url: str) -> None:
    idle = 1.0
    settings = Settings(db_url=db_url, solver_cores=1, deal_search_idle_seconds=idle)
    app = create_app(settings)
    try:
        with TestClient(app) as client:
            state = new_game(client, code=LONG_CODE)
            job = _started(client, state, "can-win")
            _wait_for_the_solver(app)
            began = time.monotonic()
            while app.state.solver_pool.stats().running:  # nobody polls (the page closed)
                assert time.monotonic() - began < idle + 3, "the solver ran on"
                time.sleep(0.05)
            assert not app.state.solver_pool.running_pids()
            ended = _get(client, job["id"]).json()
            assert (ended["status"], ended["reason"], ended["can_win"]) == (
                "cancelled",
                "not_polled",
                None,
            )
            assert client.get(f"/api/games/{state['id']}").json()["assisted"] is False
    finally:
        app.state.store.close()
