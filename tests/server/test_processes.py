"""Two ``spider serve`` OS processes on one database, one client alternating between them
(issue 11): they behave as one. Each test runs on SQLite and on PostgreSQL."""

from __future__ import annotations

import subprocess
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from boards import TRAP, TRAP_LINE
from spider_solitaire.messages import message
from spider_solitaire.server.db.migrations import head_revision

from . import asking
from .conftest import CODE, board, fresh_database
from .servers import SPIDER, serve_process, spider_serve, two_servers

SOLVER = {
    "puzzle_positions": 1,  # small boards as start positions
    "solver_cores": 1,
    "winnable_time_limit": 30,
    "winnable_budget": 60,
    "winnable_max_tries": 3,
    "deal_search_idle_seconds": 30,
    "winnable_stock": 0,
}
"""One solver job per process; a search for a 4-suit deal that thinks for a long time (no
stock of proved deals: always a search)."""


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def servers(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[tuple[str, str]]:
    """Two servers on one fresh database, for all the tests of this module."""
    for url in fresh_database(request.param, tmp_path_factory.mktemp("two")):
        with two_servers(url, **SOLVER) as bases:
            yield bases


@pytest.fixture
def client() -> Iterator[httpx.Client]:
    """One player (one cookie jar) that talks to both servers (cookies do not tell
    ports apart)."""
    with httpx.Client(timeout=60) as player:
        yield player


def _new_game(client: httpx.Client, base: str, **body: Any) -> dict[str, Any]:
    response = client.post(f"{base}/api/games", json=body or {"code": CODE})
    assert response.status_code == 201, response.text
    state: dict[str, Any] = response.json()
    return state


def _act(client: httpx.Client, base: str, state: dict[str, Any], action: str) -> httpx.Response:
    body = {"version": state["version"], "action": action}
    return client.post(f"{base}/api/games/{state['id']}/actions", json=body)


def _poll(client: httpx.Client, url: str, until: float = 60) -> dict[str, Any]:
    deadline = time.monotonic() + until
    while True:
        response = client.get(url)
        assert response.status_code == 200, response.text
        search: dict[str, Any] = response.json()
        if search["status"] != "running" or time.monotonic() > deadline:
            return search
        time.sleep(0.2)


def test_a_deal_search_started_on_one_process_is_polled_on_the_other(
    servers: tuple[str, str], client: httpx.Client
) -> None:
    first, second = servers
    started = client.post(f"{first}/api/winnable-deals", json={"suits": 1, "rule": "classic"})
    assert started.status_code == 202, started.text
    search = _poll(client, f"{second}/api/winnable-deals/{started.json()['id']}")
    assert search["status"] == "done", search
    assert search["tried"] >= 1 and search["suits"] == 1
    game = search["state"]
    # the won deal is the player's current game, on both processes
    for base in servers:
        current = client.get(f"{base}/api/games/current")
        assert current.status_code == 200
        assert (current.json()["id"], current.json()["code"]) == (game["id"], game["code"])


def test_a_search_stopped_on_one_process_ends_on_the_other(
    servers: tuple[str, str], client: httpx.Client
) -> None:
    first, second = servers
    started = client.post(f"{first}/api/winnable-deals", json={"suits": 4, "rule": "classic"})
    assert started.status_code == 202
    search_id = started.json()["id"]
    time.sleep(0.5)
    stopped = client.post(f"{second}/api/winnable-deals/{search_id}/stop")
    assert stopped.status_code == 200
    assert (stopped.json()["status"], stopped.json()["reason"]) == ("cancelled", "stopped")
    after = client.get(f"{first}/api/winnable-deals/{search_id}").json()
    assert (after["status"], after["reason"]) == ("cancelled", "stopped")


def test_the_same_player_cannot_run_two_solves_on_two_processes(
    servers: tuple[str, str], client: httpx.Client
) -> None:
    first, second = servers
    started = client.post(f"{first}/api/winnable-deals", json={"suits": 4, "rule": "classic"})
    assert started.status_code == 202
    search_id = started.json()["id"]
    time.sleep(0.5)  # the search's solver is at work on the first process
    state = _new_game(client, second, position=board({1: "| KS QS", 2: "| JS"}))
    answer = asking.can_win(client, state["id"], 0, base=second)
    assert answer.status_code == 200, answer.text
    assert answer.json()["answer"] == "no"  # three spades never make a run
    # the newer job superseded the search, which the first process stops within a poll
    search = _poll(client, f"{first}/api/winnable-deals/{search_id}", until=10)
    # (superseded: the player asked the solver again, not "stopped" by the player)
    assert (search["status"], search["reason"]) == ("cancelled", "solve_cancelled")


def test_a_can_win_started_on_one_process_is_polled_to_its_answer_on_the_other(
    servers: tuple[str, str], client: httpx.Client
) -> None:
    first, second = servers
    state = _new_game(client, first, position=TRAP)
    started = client.post(f"{first}/api/games/{state['id']}/can-win", json={"version": 0})
    assert started.status_code == 202, started.text
    job = started.json()
    assert (job["kind"], job["status"]) == ("can_win", "running")
    done = asking.poll(client, job, base=second, seconds=60)
    assert (done["status"], done["reason"]) == ("done", None)
    answer = done["can_win"]
    assert (answer["answer"], answer["message"]) == (
        "yes",
        "Yes: this game can still be won from here.",
    )
    assert (answer["state"]["id"], answer["state"]["assisted"]) == (state["id"], True)
    # the solution the first process found is kept in the database: the second plays it
    step = client.post(f"{second}/api/games/{state['id']}/solution/next", json={"version": 0})
    assert step.status_code == 200, step.text
    assert step.json()["state"]["version"] == 1


def test_the_assisted_flag_after_a_hint_on_one_process_is_seen_on_the_other(
    servers: tuple[str, str], client: httpx.Client
) -> None:
    first, second = servers
    state = _new_game(client, first)
    played = _act(client, second, state, "6:1>1")  # the second process caches version 1
    assert played.status_code == 200
    state = played.json()["state"]
    assert state["assisted"] is False
    hinted = client.post(f"{first}/api/games/{state['id']}/hint", json={"version": 1})
    assert hinted.status_code == 200
    moved = _act(client, second, state, "undo")  # from the second process's cached copy
    assert moved.status_code == 200
    assert moved.json()["state"]["assisted"] is True
    assert client.get(f"{second}/api/games/{state['id']}").json()["assisted"] is True


def test_a_game_played_alternately_on_two_processes_keeps_every_action(
    servers: tuple[str, str], client: httpx.Client
) -> None:
    state = _new_game(client, servers[0])
    line = ["6:1>1", "8:1>7", *["undo", "undo", "redo", "redo"] * 20, "d", "undo"]
    # 84 actions: past a snapshot (every 50), which the other process starts from
    for number, action in enumerate(line):
        response = _act(client, servers[number % 2], state, action)
        assert response.status_code == 200, (number, action, response.text)
        state = response.json()["state"]
    assert state["version"] == len(line)
    assert state["moves"] == 2 and state["can_undo"] and state["can_redo"]
    for base in servers:
        again = client.get(f"{base}/api/games/{state['id']}").json()
        assert (again["version"], again["columns"]) == (state["version"], state["columns"])


LONG_SOLVE = {**SOLVER, "solve_time_limit": 60}
"""A can-win that thinks for a long time (the default heartbeat limit,
``deal_search_stale_seconds`` 5 s)."""


@pytest.mark.slow
@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
def test_a_can_win_whose_server_is_killed_is_ended_on_the_other(kind: str, tmp_path: Path) -> None:
    for url in fresh_database(kind, tmp_path):
        with (
            spider_serve(url, **LONG_SOLVE) as second,
            serve_process(url, **LONG_SOLVE) as (first, process),
            httpx.Client(timeout=30) as client,
        ):
            state = _new_game(client, first, code="SP1-S4C-AAAAAAD")
            for _ in range(5):  # all rows dealt: the solver then needs its whole limit
                state = _act(client, first, state, "d").json()["state"]
            started = client.post(
                f"{first}/api/games/{state['id']}/can-win", json={"version": state["version"]}
            )
            assert started.status_code == 202, started.text
            job_id = started.json()["id"]
            for _ in range(5):  # running for a second on the first, seen on the second
                polled = client.get(f"{second}/api/help-jobs/{job_id}").json()
                assert polled["status"] == "running", polled
                time.sleep(0.2)
            process.kill()  # kill -9 in the middle of the solve
            process.wait(10)
            killed = time.monotonic()
            while True:
                job = client.get(f"{second}/api/help-jobs/{job_id}").json()
                if job["status"] != "running":
                    break
                assert time.monotonic() - killed < 10, job
                time.sleep(0.2)
            after = time.monotonic() - killed
            print(f"{kind}: the can-win was reported ended {after:.1f} s after kill -9")
            assert (job["status"], job["reason"], job["can_win"]) == (
                "failed",
                "search_interrupted",
                None,
            )
            assert job["message"] == message("errors", "search_interrupted", "en")
            assert 3 <= after <= 5 + 1.5  # its last beat ages past the 5 s limit
            # the player asks again on the process that is left: it runs
            again = client.post(
                f"{second}/api/games/{state['id']}/can-win", json={"version": state["version"]}
            )
            assert again.status_code == 202, again.text
            client.post(f"{second}/api/help-jobs/{again.json()['id']}/stop")


@pytest.mark.slow
@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
def test_two_processes_starting_at_once_on_an_empty_database_both_come_up(
    kind: str, tmp_path: Path
) -> None:
    for attempt in range(10):
        for url in fresh_database(kind, tmp_path / str(attempt)):
            (tmp_path / str(attempt)).mkdir(exist_ok=True)
            both = [
                subprocess.Popen(
                    [SPIDER, "db", "upgrade", "--db", url],
                    stdout=subprocess.PIPE,
                    stderr=subprocess.STDOUT,
                    text=True,
                )
                for _ in range(2)
            ]
            outputs = [process.communicate(timeout=60)[0] for process in both]
            assert [process.returncode for process in both] == [0, 0], outputs
            assert sorted(line.split(": ", 1)[1] for line in outputs) == [
                f"at revision {head_revision()}, the newest; nothing to do\n",
                f"upgraded from revision (empty) to {head_revision()}\n",
            ]


def test_a_review_made_on_one_process_is_kept_for_the_other(
    servers: tuple[str, str], client: httpx.Client
) -> None:
    """Issue 30: a finished game's review started on one process is polled on the other,
    and asked again there it is read from the database (done at once)."""
    first, second = servers
    state = _new_game(client, first, position=TRAP)
    for action in TRAP_LINE:
        response = _act(client, first, state, action)
        assert response.status_code == 200, response.text
        state = response.json()["state"]
    time.sleep(0.01)  # the new game is the later one
    _new_game(client, second, position=TRAP, confirm=["abandon"])
    started = client.post(f"{second}/api/games/{state['id']}/review")
    assert started.status_code == 202, started.text
    job = _poll(client, asking.job_url(first, started.json()["id"]))
    assert job["status"] == "done", job
    review = job["review"]
    assert review["statuses"] == ["winnable"] * 4 + ["lost"] * 6
    assert review["move_that_lost"]["action"] == "5:1>1"
    again = client.post(f"{first}/api/games/{state['id']}/review").json()
    assert (again["status"], again["review"]) == ("done", review)
