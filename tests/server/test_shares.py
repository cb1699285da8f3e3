"""Fair shares of the solvers (issue 21, item 3), with a controlled solver (a stand-in for
"Can I still win?" that sleeps, run by the embedded pool like the real one): one address's
jobs wait for their turn behind other players', a share full is a clear 429 counted in the
database (so a second server process refuses too), and a hint is a job like the others."""

from __future__ import annotations

import asyncio
import statistics
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlalchemy import func, select

from boards import TRAP
from spider_solitaire.messages import message
from spider_solitaire.server.app import create_app
from spider_solitaire.server.db import Store
from spider_solitaire.server.db.jobs import ShareFull
from spider_solitaire.server.db.tables import solver_jobs
from spider_solitaire.server.jobs.pool import SolverPool
from spider_solitaire.server.settings import Settings

from . import asking, pool_jobs
from .conftest import new_game
from .test_solving import run

HOG_CODE = "SP1-S4C-AAAAAAD"
"""The hogs' deal (4 suits: the controlled solver takes :data:`pool_jobs.HOG_SECONDS`)."""

HOLD_CODE = "SP1-S2C-AAAAAAD"
"""A deal whose controlled answer holds its share for :data:`pool_jobs.HOLD_SECONDS`."""

HOGS = ("203.0.113.9", 50000)
"""The hogs' address (each hog a client of its own: another port)."""

OTHER = ("198.51.100.7", 50000)
"""Another player's address."""


def shared_settings(db_url: str, **given: Any) -> Settings:
    """One solver process, no request limits (the shares alone), the given shares."""
    return Settings(
        db_url=db_url,
        puzzle_positions=True,
        solver_cores=1,
        solver_per_address=0,
        solver_per_player=0,
        new_games_per_address=0,
        **given,
    )


@pytest.fixture
def controlled(monkeypatch: pytest.MonkeyPatch) -> None:
    """ "Can I still win?" runs the controlled solver (:func:`pool_jobs.fake_history`)."""
    monkeypatch.setattr("spider_solitaire.server.help.can_win.history_job", pool_jobs.fake_history)


def make_app(settings: Settings) -> Iterator[FastAPI]:
    """An app for ``settings`` with its lifespan running (its solver pool warmed up)."""
    application = create_app(settings)
    with TestClient(application):
        application.state.solver_pool.warm_up()
        yield application


@pytest.fixture
def app_of(db_url: str) -> Iterator[Callable[..., FastAPI]]:
    """Make apps (server processes) on the one database ``db_url``, each with its settings."""
    made: list[Iterator[FastAPI]] = []

    def make(**given: Any) -> FastAPI:
        apps = make_app(shared_settings(db_url, **given))
        made.append(apps)
        return next(apps)

    yield make
    for apps in made:
        next(apps, None)


def hog_loops(app: FastAPI, count: int, seconds: float) -> tuple[list[threading.Thread], list[Any]]:
    """Start ``count`` cookie-less clients from :data:`HOGS` looping for ``seconds`` on a new
    game and "Can I still win?" (each loop a new player); return the threads and the
    answers they collect."""
    answers: list[Any] = []

    def loop(port: int) -> None:
        hog = TestClient(app, client=(HOGS[0], port))
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            hog.cookies.clear()
            state = new_game(hog, code=HOG_CODE)
            answers.append(asking.can_win(hog, state["id"], 0))

    threads = [threading.Thread(target=loop, args=(HOGS[1] + n,)) for n in range(count)]
    for thread in threads:
        thread.start()
    return threads, answers


def timed_answers(app: FastAPI, times: int) -> list[tuple[float, int, str]]:
    """Another player asks "Can I still win?" ``times`` times (a 1-suit game: a 0.02 s
    answer of the controlled solver), 0.3 s apart; the seconds, status and answer of each."""
    other = TestClient(app, client=OTHER)
    state = new_game(other, position=TRAP)
    found = []
    for _ in range(times):
        time.sleep(0.3)
        began = time.monotonic()
        response = asking.can_win(other, state["id"], 0)
        found.append((time.monotonic() - began, response.status_code, response.json()["answer"]))
    return found


def busy(app: FastAPI) -> bool:
    """True while the pool runs a job and another waits (the hogs are under way)."""
    stats = app.state.solver_pool.stats()
    return bool(stats.running and stats.waiting)


def test_another_players_answer_stays_under_a_second_while_three_hogs_loop(
    app_of: Callable[..., FastAPI], controlled: None
) -> None:
    app = app_of()  # the default shares: 4 per address (three hogs fit)
    threads, hogged = hog_loops(app, 3, seconds=6)
    deadline = time.monotonic() + 5
    while not busy(app):
        assert time.monotonic() < deadline, "the hogs did not fill the solver"
        time.sleep(0.01)
    answers = timed_answers(app, 6)
    for thread in threads:
        thread.join(30)
    assert [(status, answer) for _, status, answer in answers] == [(200, "yes")] * 6
    times = sorted(seconds for seconds, _, _ in answers)
    # first come first served it waited behind every hog job queued (3 x 0.6 s = 1.8 s at
    # least); by turn, behind the one running at most (0.6 s) and its own solve: the
    # median under a second (the figure), the slowest under 1.5 s even when the
    # machine is busy (its help job is polled; about 0.5 s on a quiet machine)
    assert statistics.median(times) < 1.0 and times[-1] < 1.5, answers
    assert len(hogged) >= 6 and {response.status_code for response in hogged} == {200}


def test_an_address_over_its_share_gets_a_429_with_a_reason(
    app_of: Callable[..., FastAPI], controlled: None
) -> None:
    app = app_of(solver_jobs_per_address=2)
    threads, hogged = hog_loops(app, 3, seconds=4)
    answers = timed_answers(app, 4)
    for thread in threads:
        thread.join(30)
    refused = [response for response in hogged if response.status_code == 429]
    assert refused, [response.status_code for response in hogged]
    assert {response.status_code for response in hogged} == {200, 429}
    body = refused[0].json()
    assert (body["reason"], body["message"]) == (
        "too_many_jobs",
        message("errors", "too_many_jobs", "en"),
    )
    # the share is taken when the job's solver starts: the job ends failed with the reason
    assert (body["job"]["status"], body["job"]["kind"]) == ("failed", "can_win")
    assert body["job"]["can_win"] is None
    assert [(status, answer) for _, status, answer in answers] == [(200, "yes")] * 4
    # the others are served by turn (the bounds of the three-hog test above: the median
    # under a second, the slowest under 1.5 s even when the machine is busy)
    times = sorted(seconds for seconds, _, _ in answers)
    assert statistics.median(times) < 1.0 and times[-1] < 1.5, answers


def test_the_share_is_counted_in_the_database_across_processes(
    app_of: Callable[..., FastAPI], controlled: None
) -> None:
    first, second = app_of(solver_jobs_per_address=1), app_of(solver_jobs_per_address=1)
    hog = TestClient(first, client=HOGS)
    state = new_game(hog, code=HOLD_CODE)
    held: list[Any] = []
    holding = threading.Thread(target=lambda: held.append(asking.can_win(hog, state["id"], 0)))
    holding.start()
    deadline = time.monotonic() + 5
    while first.state.solver_pool.stats().running == 0:
        assert time.monotonic() < deadline
        time.sleep(0.01)
    count = select(func.count()).select_from(solver_jobs).where(solver_jobs.c.address == HOGS[0])
    with second.state.store.engine.connect() as connection:
        assert connection.execute(count).scalar_one() == 1  # the running job's row
    elsewhere = TestClient(second, client=(HOGS[0], 50001))  # the same address, another process
    other_state = new_game(elsewhere, position=TRAP)
    refused = asking.can_win(elsewhere, other_state["id"], 0)
    assert refused.status_code == 429 and refused.json()["reason"] == "too_many_jobs"
    hint = elsewhere.post(f"/api/games/{other_state['id']}/hint", json={"version": 0})
    assert hint.status_code == 429  # a hint is a solver job too
    other = TestClient(second, client=OTHER)
    mine = new_game(other, position=TRAP)
    answer = asking.can_win(other, mine["id"], 0)
    assert answer.status_code == 200 and answer.json()["answer"] == "yes"
    holding.join(10)
    assert held[0].status_code == 200
    with second.state.store.engine.connect() as connection:
        assert connection.execute(count).scalar_one() == 0  # deleted once answered
    again = asking.can_win(elsewhere, other_state["id"], 0)
    assert again.status_code == 200


def test_a_player_over_its_share_gets_a_429(
    app_of: Callable[..., FastAPI], controlled: None
) -> None:
    app = app_of(solver_jobs_per_player=1)
    player = TestClient(app, client=HOGS)
    state = new_game(player, code=HOLD_CODE)
    held: list[Any] = []
    holding = threading.Thread(target=lambda: held.append(asking.can_win(player, state["id"], 0)))
    holding.start()
    deadline = time.monotonic() + 5
    while app.state.solver_pool.stats().running == 0:
        assert time.monotonic() < deadline
        time.sleep(0.01)
    refused = player.post(f"/api/games/{state['id']}/hint", json={"version": 0})
    assert refused.status_code == 429
    assert refused.json()["limit"] == "1 solver jobs per player"
    holding.join(10)
    assert held[0].status_code == 200
    assert player.post(f"/api/games/{state['id']}/hint", json={"version": 0}).status_code == 200


def test_a_waiting_job_waits_for_its_turn_not_its_arrival() -> None:
    single = SolverPool(1, poll_seconds=0.02)
    single.warm_up()
    finished: list[str] = []

    async def job(name: str, address: str, delay: float) -> None:
        await asyncio.sleep(delay)
        await single.run(name, pool_jobs.nap, 0.15, name, cpu_seconds=5, turn=(address, name))
        finished.append(name)

    async def main() -> None:
        await asyncio.gather(
            job("a1", "A", 0),
            job("a2", "A", 0.05),
            job("a3", "A", 0.06),
            job("a4", "A", 0.07),
            job("b1", "B", 0.08),  # arrives after A's, served before them
            job("c1", "C", 0.09),
        )

    run(main)
    # A was served last (a1): B and C, never served, come first; then A's by arrival
    assert finished == ["a1", "b1", "c1", "a2", "a3", "a4"]


def _row(job_id: str, player: str, address: str | None) -> dict[str, Any]:
    """A solver job's row as the pool's runner writes it."""
    return {
        "id": job_id,
        "player_id": player,
        "address": address,
        "task": "nap",
        "args": "",
        "cpu_seconds": 5.0,
        "status": "running",
        "progress": None,
        "result": None,
        "error": None,
        "detail": None,
        "cancel": False,
    }


def test_take_share_counts_fresh_unfinished_jobs_and_gives_their_turn(db_url: str) -> None:
    store = Store(db_url)
    try:
        jobs = store.jobs
        share = {"per_address": 3, "per_player": 2, "fresh_seconds": 10.0}
        assert jobs.take_share(_row("j1", "p1", "a"), **share) == 0
        assert jobs.take_share(_row("j2", "p2", "a"), **share) == 1  # the address's second
        assert jobs.take_share(_row("j3", "p1", "b"), **share) == 1  # the player's second
        with pytest.raises(ShareFull) as full:
            jobs.take_share(_row("j4", "p1", "c"), **share)
        assert (full.value.who, full.value.most, str(full.value)) == (
            "player",
            2,
            "2 solver jobs per player",
        )
        assert jobs.take_share(_row("j5", "p3", "a"), **share) == 2
        with pytest.raises(ShareFull) as full:
            jobs.take_share(_row("j6", "p4", "a"), **share)
        assert full.value.who == "address"
        assert jobs.solver_job("j4") is None and jobs.solver_job("j6") is None  # not saved
        jobs.update_solver_job("j1", status="done")  # an ended job no longer counts
        assert jobs.take_share(_row("j7", "p4", "a"), **share) == 2
        jobs.drop_solver_job("j2")
        assert jobs.solver_job("j2") is None
        # a job whose holder stopped beating (its process was killed) stops counting
        stale = {**share, "fresh_seconds": 0.0}
        assert jobs.take_share(_row("j8", "p5", "a"), **stale) == 0
        jobs.beat_solver_job("j8")
        assert jobs.solver_job("j8") is not None
        assert jobs.take_share(_row("j9", "p6", None), **share) == 0  # no address: the player's
    finally:
        store.close()
