"""The notice ("You just lost it", issue 30 part 2) through the API, with the real solver
on small fixed positions: ``POST /api/games/{id}/notice`` answers 202 with a help job of
kind ``notice``, polled at ``/api/help-jobs/{id}`` to ``lost_it``, ``fine`` or
``unknown`` for the version asked about; an answer read once the game has moved on is
withheld; a ``lost_it`` handed over marks the game assisted; nothing hidden is sent; a
second app on the same database gives the same answer. Each test on SQLite and on
PostgreSQL (when the suite has one), with the embedded solver pool."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import httpx
import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from boards import TRAP, TRAP_LINE
from spider_solitaire import Game
from spider_solitaire.server.app import create_app
from spider_solitaire.server.help.kept import KeptSolutions
from spider_solitaire.server.settings import Settings

from . import asking
from .conftest import act, new_game
from .servers import two_servers
from .test_help import played
from .test_hidden import check_body


@pytest.fixture
def settings(db_url: str) -> Settings:
    """Small boards; one solver at a time; the history's per-position limit (the notice's
    limit for each of its two positions) at its default of 5 s."""
    return Settings(db_url=db_url, puzzle_positions=True, solver_cores=1)


def _ask(client: TestClient, state: dict[str, Any]) -> Any:
    """POST the notice's check for ``state``'s game and version (the response)."""
    url = f"/api/games/{state['id']}/notice"
    return client.post(url, json={"version": state["version"]})


def _answer(client: TestClient, state: dict[str, Any]) -> dict[str, Any]:
    """Ask for the notice's check of ``state`` and poll its job to the end; the job."""
    started = _ask(client, state)
    assert started.status_code == 202, started.text
    job: dict[str, Any] = started.json()
    asked = (job["kind"], job["game_id"], job["version"])
    assert asked == ("notice", state["id"], state["version"])
    return asking.poll(client, job, seconds=60)


def _mirror(actions: list[str]) -> Game:
    game = Game.from_position(TRAP, strict=False)
    for action in actions:
        game.act(action)
    return game


def test_dealing_at_once_loses_the_trap_and_marks_the_game(client: TestClient) -> None:
    """TRAP is winnable; dealing its one stock row at once leaves nothing that can move."""
    state = played(client, TRAP, ["d"])
    job = _answer(client, state)
    assert (job["status"], job["reason"], job["probes"]) == ("done", None, 0)
    notice = job["notice"]
    assert (notice["answer"], notice["stale"], notice["version"]) == ("lost_it", False, 1)
    assert notice["message"] == "That move lost a deal that could still be won."
    assert (notice["state"]["version"], notice["state"]["assisted"]) == (1, True)
    assert client.get(f"/api/games/{state['id']}").json()["assisted"] is True
    check_body(job, repr(job), _mirror(["d"]))
    # the normal undo takes it back, to where the deal can be won
    undone = act(client, notice["state"], "undo")
    assert undone.status_code == 200, undone.text
    assert undone.json()["state"]["version"] == 2


def test_the_move_that_lost_in_the_middle_of_a_game_is_lost_it(client: TestClient) -> None:
    """TRAP_LINE is winnable after three actions and lost after its fourth (5:1>1)."""
    state = played(client, TRAP, TRAP_LINE[:4])
    notice = _answer(client, state)["notice"]
    assert (notice["answer"], notice["version"]) == ("lost_it", 4)
    spanish = client.get(
        f"/api/help-jobs/{_answer(client, state)['id']}", headers={"Accept-Language": "es"}
    ).json()["notice"]
    assert spanish["message"] == "Esa jugada ha perdido una partida que todavía se podía ganar."


def test_a_good_move_is_fine_and_marks_nothing(client: TestClient, app: FastAPI) -> None:
    state = played(client, TRAP, TRAP_LINE[:1])
    job = _answer(client, state)
    notice = job["notice"]
    assert (notice["answer"], notice["message"], notice["state"]) == ("fine", None, None)
    assert client.get(f"/api/games/{state['id']}").json()["assisted"] is False
    # the solution found is kept in the database: asked again, the answer is there at once
    key = KeptSolutions.key(_mirror(TRAP_LINE[:1]).position)
    assert app.state.store.jobs.solution(state["id"], key) is not None
    again = _ask(client, state).json()
    assert (again["status"], again["notice"]["answer"]) == ("done", "fine")
    # and the next good moves' checks start from it
    for action in TRAP_LINE[1:3]:
        state = act(client, state, action).json()["state"]
        assert _answer(client, state)["notice"]["answer"] == "fine"


def test_a_move_in_a_game_already_lost_lost_nothing(client: TestClient) -> None:
    state = played(client, TRAP, TRAP_LINE[:5])  # lost since the fourth action
    notice = _answer(client, state)["notice"]
    assert (notice["answer"], notice["version"]) == ("fine", 5)
    assert client.get(f"/api/games/{state['id']}").json()["assisted"] is False


def test_unknown_when_the_limit_runs_out(migrated_sqlite: Callable[[str], str]) -> None:
    settings = Settings(db_url=migrated_sqlite("tiny.db"), solve_node_limit=50)
    with TestClient(create_app(settings)) as client:
        state = new_game(client, code="SP1-S4C-AAAAAAB")
        dealt = act(client, state, "d")
        assert dealt.status_code == 200, dealt.text
        state = dealt.json()["state"]
        notice = _answer(client, state)["notice"]
        assert (notice["answer"], notice["message"], notice["version"]) == ("unknown", None, 1)
        assert client.get(f"/api/games/{state['id']}").json()["assisted"] is False


def test_an_answer_read_after_the_game_moved_on_is_withheld(client: TestClient) -> None:
    state = played(client, TRAP, ["d"])
    started = _ask(client, state)
    assert started.status_code == 202, started.text
    moved = act(client, state, "undo")
    assert moved.status_code == 200, moved.text
    job = asking.poll(client, started.json(), seconds=60)
    assert (job["status"], job["version"]) == ("done", 1)
    assert job["notice"] == {
        "version": 1,
        "stale": True,
        "answer": None,
        "message": None,
        "state": None,
    }
    assert client.get(f"/api/games/{state['id']}").json()["assisted"] is False
    # asked about a version that is no longer the game's: refused at once
    stale = _ask(client, state)
    assert (stale.status_code, stale.json()["reason"]) == (409, "stale_version")
    assert stale.json()["state"]["version"] == 2


def test_a_new_check_cancels_the_older_one(client: TestClient) -> None:
    state = new_game(client, code="SP1-S4C-AAAAAAD")
    first = act(client, state, "d").json()["state"]
    older = _ask(client, first)
    assert older.status_code == 202, older.text
    second = act(client, first, "undo").json()["state"]
    second = act(client, second, "d").json()["state"]
    newer = _ask(client, second)
    assert newer.status_code == 202, newer.text
    ended = client.get(f"/api/help-jobs/{older.json()['id']}").json()
    assert (ended["status"], ended["reason"], ended["notice"]) == (
        "cancelled",
        "solve_cancelled",
        None,
    )
    client.post(f"/api/help-jobs/{newer.json()['id']}/stop")


def test_bad_requests_are_refused(client: TestClient, make_client: Any) -> None:
    state = new_game(client, position=TRAP)
    nothing = _ask(client, state)  # no action played yet
    assert (nothing.status_code, nothing.json()["reason"]) == (422, "nothing_to_undo")
    url = f"/api/games/{state['id']}/notice"
    for body in ({"version": "0"}, {}, {"version": 0, "extra": 1}, {"version": -1}):
        bad = client.post(url, json=body)
        assert (bad.status_code, bad.json()["reason"]) == (400, "bad_request"), body
    bad_id = client.post("/api/games/not-an-id!/notice", json={"version": 0})
    assert (bad_id.status_code, bad_id.json()["reason"]) == (422, "bad_id")
    other = make_client()
    new_game(other)
    dealt = played(client, TRAP, ["d"])
    assert _ask(other, dealt).status_code == 404
    assert client.get(f"/api/games/{dealt['id']}").json()["assisted"] is False


def test_a_second_app_on_the_database_gives_the_same_answer(
    migrated_sqlite: Callable[[str], str],
) -> None:
    url = migrated_sqlite("two.db")
    first_app = create_app(Settings(db_url=url, puzzle_positions=True, solver_cores=1))
    second_app = create_app(Settings(db_url=url, puzzle_positions=True, solver_cores=1))
    with TestClient(first_app) as first, TestClient(second_app) as second:
        state = played(first, TRAP, ["d"])
        started = _ask(first, state)
        assert started.status_code == 202, started.text
        second.cookies.update(first.cookies)
        job = asking.poll(second, started.json(), seconds=60)
        assert job["notice"]["answer"] == "lost_it"
        assert first.get(f"/api/games/{state['id']}").json()["assisted"] is True
        again = first.get(f"/api/help-jobs/{job['id']}").json()
        assert again["notice"] == job["notice"]


def _dealt(player: httpx.Client, base: str, **body: Any) -> dict[str, Any]:
    """A new game of ``body`` on the server at ``base`` with its first row dealt."""
    created = player.post(f"{base}/api/games", json=body)
    assert created.status_code == 201, created.text
    game: dict[str, Any] = created.json()
    deal = {"version": 0, "action": "d"}
    dealt = player.post(f"{base}/api/games/{game['id']}/actions", json=deal)
    assert dealt.status_code == 200, dealt.text
    state: dict[str, Any] = dealt.json()["state"]
    return state


def test_two_server_processes_share_the_check_and_its_end(
    migrated_sqlite: Callable[[str], str],
) -> None:
    """Two ``spider serve`` processes on one database: a check started on one is polled
    to its answer on the other (which marks the game, as the first then reads); a check
    started on the second cancels the player's older one still running on the first."""
    url = migrated_sqlite("processes.db")
    servers = two_servers(url, puzzle_positions=1, solver_cores=1)
    with servers as (first, second), httpx.Client(timeout=60) as player:
        game = _dealt(player, first, position=TRAP)
        started = player.post(f"{first}/api/games/{game['id']}/notice", json={"version": 1})
        assert started.status_code == 202, started.text
        job = asking.poll(player, started.json(), base=second, seconds=60)
        assert (job["notice"]["answer"], job["notice"]["version"]) == ("lost_it", 1)
        assert player.get(f"{first}/api/games/{game['id']}").json()["assisted"] is True
        # a slow check (a 4-suit deal) on the first, superseded from the second
        slow = _dealt(player, first, code="SP1-S4C-AAAAAAD")
        older = player.post(f"{first}/api/games/{slow['id']}/notice", json={"version": 1})
        newer = player.post(f"{second}/api/games/{slow['id']}/notice", json={"version": 1})
        assert (older.status_code, newer.status_code) == (202, 202)
        ended = player.get(f"{first}/api/help-jobs/{older.json()['id']}").json()
        assert (ended["status"], ended["reason"]) == ("cancelled", "solve_cancelled")
        player.post(f"{second}/api/help-jobs/{newer.json()['id']}/stop")
