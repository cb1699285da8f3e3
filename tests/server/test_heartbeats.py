"""Heartbeats (issue 21): a search for a winnable deal whose process went away is found out
and ended by any process that answers a poll, a shutting-down process ends its searches,
and the job queue's workers beat, so that ``/healthz`` and the player's sentence say when
no worker runs. Each in-process test runs on SQLite and on PostgreSQL where it applies."""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlalchemy import delete, insert, select, text, update

from spider_solitaire.messages import message
from spider_solitaire.server.app import create_app
from spider_solitaire.server.db import Store
from spider_solitaire.server.db.engine import aware, make_engine
from spider_solitaire.server.db.migrations import (
    downgrade_database,
    head_revision,
    upgrade_database,
)
from spider_solitaire.server.db.tables import deal_searches, players, solver_jobs, solver_workers
from spider_solitaire.server.jobs.runner import Job, Runner
from spider_solitaire.server.settings import Settings

from .conftest import CODE, SchemaTemplates, fresh_database, new_game
from .servers import serve_process, spider_serve, spider_worker, workers_on_record

STALE = 1.0
"""``deal_search_stale_seconds`` of the in-process tests."""


class StalledRunner(Runner):
    """A runner whose task never answers and never polls (its ``disconnected`` check is
    never called): the search it runs writes no heartbeat, as if its process were gone.
    With ``beating``, it polls every 0.1 s instead, as a live runner does."""

    def __init__(self, *, beating: bool = False) -> None:
        self.beating = beating

    async def _run(self, job: Job) -> Any:
        while True:
            if self.beating and job.limits.disconnected is not None:
                await job.limits.disconnected()
            await asyncio.sleep(0.1)

    async def close(self) -> None:
        """Nothing to stop."""


@pytest.fixture
def settings(db_url: str) -> Settings:
    """A search is stale after :data:`STALE` seconds without a beat (no stock of proved
    deals: always a search)."""
    return Settings(
        db_url=db_url, deal_search_stale_seconds=STALE, solver_cores=1, winnable_stock=False
    )


def _runner(app: FastAPI, runner: Runner) -> None:
    app.state.help.deal_searches.runner = runner


def _poll_until_ended(client: TestClient, search_id: str, seconds: float) -> tuple[Any, float]:
    """Poll the search every 0.1 s until it is no longer running; return it and the
    seconds that took (fails after ``seconds``)."""
    started = time.monotonic()
    while True:
        response = client.get(f"/api/winnable-deals/{search_id}")
        assert response.status_code == 200, response.text
        elapsed = time.monotonic() - started
        if response.json()["status"] != "running":
            return response.json(), elapsed
        assert elapsed < seconds, response.json()
        time.sleep(0.1)


def test_a_search_whose_runner_stops_beating_is_ended_by_the_poll(
    app: FastAPI, client: TestClient
) -> None:
    _runner(app, StalledRunner())
    started = client.post("/api/winnable-deals", json={"suits": 4})
    assert started.status_code == 202, started.text
    search_id = started.json()["id"]
    search, elapsed = _poll_until_ended(client, search_id, STALE + 2)
    # polled every 0.1 s, which used to keep it "running" for ever: ended within the limit
    assert STALE - 0.2 <= elapsed <= STALE + 1.0
    assert (search["status"], search["reason"], search["tried"]) == (
        "failed",
        "search_interrupted",
        0,
    )
    assert search["message"] == message("errors", "search_interrupted", "en")
    es = client.get(f"/api/winnable-deals/{search_id}", headers={"Accept-Language": "es"})
    assert es.json()["message"] == message("errors", "search_interrupted", "es")
    assert es.json()["message"].startswith("Esto se detuvo porque el servidor")
    row = app.state.store.jobs.search(search_id)
    assert (row["status"], row["reason"]) == ("failed", "search_interrupted")
    assert row["ended_at"] is not None and row["ended_at"] - row["beat_at"] >= timedelta(
        seconds=STALE
    )


def _solver_job(player: str, job_id: str, task: str, status: str, made: datetime) -> dict[str, Any]:
    return {
        "id": job_id,
        "player_id": player,
        "address": "testclient",
        "task": task,
        "args": "",
        "cpu_seconds": 10.0,
        "status": status,
        "cancel": False,
        "created_at": made,
        "updated_at": datetime.now(UTC),
    }


def test_an_orphaned_search_cancels_its_solver_jobs_running_or_queued(
    app: FastAPI, client: TestClient
) -> None:
    """Issue 31, item 1: the poll that finds a search orphaned cancels the solver jobs its
    dead process left, running or queued (a worker sees ``cancel`` and stops; none counts
    in the shares), but not the player's hint nor work started since."""
    _runner(app, StalledRunner())
    started = client.post("/api/winnable-deals", json={"suits": 4})
    assert started.status_code == 202, started.text
    search_id = started.json()["id"]
    store: Store = app.state.store
    row = store.jobs.search(search_id)
    player, began = row["player_id"], aware(row["started_at"])
    jobs = [
        ("search-running", "winnable_job", "running", began - timedelta(seconds=1)),
        ("can-win-queued", "history_job", "queued", began),
        ("hint-running", "hint_job", "running", began),
        ("asked-since", "solve_job", "queued", began + timedelta(seconds=30)),
    ]
    with store.writing() as connection:
        connection.execute(insert(solver_jobs), [_solver_job(player, *job) for job in jobs])
        other = _solver_job("someone-else", "other-player", "winnable_job", "running", began)
        connection.execute(insert(solver_jobs), other)
    search, _ = _poll_until_ended(client, search_id, STALE + 2)
    assert (search["status"], search["reason"]) == ("failed", "search_interrupted")
    found = {
        job_id: (job["status"], job["cancel"], job["error"])
        for job_id in [*(job[0] for job in jobs), "other-player"]
        if (job := store.jobs.solver_job(job_id)) is not None
    }
    assert found == {
        "search-running": ("cancelled", True, "search_interrupted"),
        "can-win-queued": ("cancelled", True, "search_interrupted"),
        "hint-running": ("running", False, None),
        "asked-since": ("queued", False, None),
        "other-player": ("running", False, None),
    }


def test_a_search_that_beats_stays_running_past_the_limit(app: FastAPI, client: TestClient) -> None:
    _runner(app, StalledRunner(beating=True))
    search_id = client.post("/api/winnable-deals", json={"suits": 4}).json()["id"]
    first = app.state.store.jobs.search(search_id)["beat_at"]
    deadline = time.monotonic() + 3 * STALE
    while time.monotonic() < deadline:
        assert client.get(f"/api/winnable-deals/{search_id}").json()["status"] == "running"
        time.sleep(0.1)
    beat = app.state.store.jobs.search(search_id)["beat_at"]
    assert beat > first  # it beats every third of the limit
    assert datetime.now(UTC) - beat < timedelta(seconds=STALE)
    stopped = client.post(f"/api/winnable-deals/{search_id}/stop").json()
    assert (stopped["status"], stopped["reason"]) == ("cancelled", "stopped")


def test_two_pollers_end_a_stale_search_once(app: FastAPI, client: TestClient) -> None:
    _runner(app, StalledRunner())
    search_id = client.post("/api/winnable-deals", json={"suits": 4}).json()["id"]
    store: Store = app.state.store
    long_ago = datetime.now(UTC) - timedelta(minutes=1)
    with store.writing() as connection:
        connection.execute(
            update(deal_searches).where(deal_searches.c.id == search_id).values(beat_at=long_ago)
        )
    cutoff = datetime.now(UTC) - timedelta(seconds=STALE)
    values = {"status": "failed", "reason": "search_interrupted", "ended_at": datetime.now(UTC)}
    assert store.jobs.end_stale_search(search_id, cutoff, **values) is True
    assert store.jobs.end_stale_search(search_id, cutoff, **values) is False
    # a search that beats lately is not stale, whatever it is asked
    other = client.post("/api/winnable-deals", json={"suits": 4}).json()["id"]
    assert store.jobs.end_stale_search(other, cutoff, **values) is False
    assert client.get(f"/api/winnable-deals/{other}").json()["status"] == "running"


def test_a_process_that_shuts_down_ends_its_searches(
    settings: Settings, make_client: Callable[[], TestClient]
) -> None:
    slow = Settings(
        db_url=settings.db_url,
        solver_cores=1,
        winnable_time_limit=30,
        winnable_budget=60,
        winnable_max_tries=3,
        winnable_stock=False,
    )
    first = create_app(slow)
    with TestClient(first) as client:
        search = client.post("/api/winnable-deals", json={"suits": 4}).json()
        deadline = time.monotonic() + 10
        while not first.state.solver_pool.stats().running:  # the solver is at work
            assert time.monotonic() < deadline
            time.sleep(0.02)
        cookies = dict(client.cookies)
    # the lifespan has ended (a rolling restart stops this process): no search left running
    assert not first.state.solver_pool.running_pids()
    second = create_app(slow)
    try:
        with TestClient(second, cookies=cookies) as client:
            ended = client.get(f"/api/winnable-deals/{search['id']}").json()
            assert (ended["status"], ended["reason"]) == ("failed", "search_interrupted")
            assert ended["message"] == message("errors", "search_interrupted", "en")
    finally:
        first.state.store.close()
        second.state.store.close()


# --- no worker: the job-queue layout -----------------------------------------------------


def test_the_embedded_pool_is_healthy_without_workers(client: TestClient) -> None:
    for path in ("/healthz", "/healthz/workers"):
        response = client.get(path)
        assert (response.status_code, response.json()) == (200, {"status": "ok"})


@pytest.fixture
def pg_url(schema_templates: SchemaTemplates, tmp_path: Path) -> Iterator[str]:
    """A new PostgreSQL database at the newest revision (the job queue needs PostgreSQL)."""
    yield from schema_templates.copy("postgresql", tmp_path)


def _queue_client(url: str, **settings: Any) -> TestClient:
    return TestClient(
        create_app(
            Settings(db_url=url, job_queue="procrastinate", winnable_stock=False, **settings)
        )
    )


def _beat_at(store: Store, moment: datetime) -> None:
    with store.writing() as connection:
        connection.execute(update(solver_workers).values(beat_at=moment))


def test_without_a_worker_the_help_is_unavailable_and_healthz_says_so(pg_url: str) -> None:
    with _queue_client(pg_url, worker_silent_seconds=10) as client:
        store: Store = client.app.state.store  # type: ignore[attr-defined]
        health = client.get("/healthz")
        assert (health.status_code, health.json()) == (
            200,
            {"status": "degraded", "reason": "no_worker", "workers": 0, "worker_seen": None},
        )
        strict = client.get("/healthz/workers")
        assert (strict.status_code, strict.headers["retry-after"]) == (503, "30")
        assert strict.json()["status"] == "degraded"
        state = new_game(client, code=CODE)
        asks = [
            ("post", f"/api/games/{state['id']}/hint", {"version": 0}),  # a worker's job too
            ("post", f"/api/games/{state['id']}/can-win", {"version": 0}),
            ("post", f"/api/games/{state['id']}/solution/next", {"version": 0}),
            ("post", "/api/winnable-deals", {"suits": 1}),
        ]
        for language in ("en", "es"):
            for _method, path, body in asks:
                started = time.monotonic()
                answer = client.post(path, json=body, headers={"Accept-Language": language})
                assert time.monotonic() - started < 2  # at once, not after the queue's wait
                assert answer.status_code == 503, (path, answer.text)
                assert answer.headers["retry-after"] == "30"
                assert (answer.json()["reason"], answer.json()["message"]) == (
                    "help_unavailable",
                    message("errors", "help_unavailable", language),
                )
        # a worker beats: healthy; its beat grows old: degraded, saying when it was seen
        store.jobs.beat_worker("w1", "host", 4242, 2)
        assert client.get("/healthz").json() == {"status": "ok", "workers": 1}
        assert client.get("/healthz/workers").status_code == 200
        seen = datetime(2026, 12, 1, 11, 59, 30, tzinfo=UTC)
        _beat_at(store, seen)
        assert client.get("/healthz").json() == {
            "status": "degraded",
            "reason": "no_worker",
            "workers": 0,
            "worker_seen": "2026-12-01T11:59:30Z",
        }
        # issue 31, item 5: a worker stopped cleanly after w1 was killed is the one seen,
        # at the moment it stopped, not w1's older beat
        store.jobs.beat_worker("w2", "host", 4343, 2)
        assert client.get("/healthz").json()["workers"] == 1  # w1's beat is old
        before_stop = datetime.now(UTC)
        store.jobs.drop_worker("w2")
        stopped = client.get("/healthz").json()
        assert (stopped["status"], stopped["workers"]) == ("degraded", 0)
        seen_at = datetime.fromisoformat(stopped["worker_seen"].replace("Z", "+00:00"))
        assert before_stop - timedelta(seconds=1) <= seen_at <= datetime.now(UTC)
        with store.writing() as connection:
            connection.execute(delete(solver_workers))
        assert client.get("/healthz").json()["worker_seen"] is None


def test_a_job_whose_worker_was_killed_says_the_solver_stopped(pg_url: str) -> None:
    """Issue 31, item 2: a job whose worker went silent (killed under it, while another
    worker runs) answers 503 ``solver_failed`` saying that the solver working on it
    stopped, and to ask again: nothing ran out of time or memory."""
    with _queue_client(pg_url, worker_silent_seconds=30) as client:
        store: Store = client.app.state.store  # type: ignore[attr-defined]
        store.jobs.beat_worker("alive", "host", 4242, 1)
        state = new_game(client, code=CODE)
        silent = datetime.now(UTC) - timedelta(seconds=60)

        def killed_under_it() -> None:  # a worker takes the job, then dies
            deadline = time.monotonic() + 10
            while time.monotonic() < deadline:
                with store.writing() as connection:
                    taken = connection.execute(
                        update(solver_jobs)
                        .where(solver_jobs.c.status == "queued")
                        .values(status="running", updated_at=silent)
                    ).rowcount
                if taken:
                    return
                time.sleep(0.05)

        for language in ("en", "es"):
            taker = threading.Thread(target=killed_under_it)
            taker.start()
            answer = client.post(
                f"/api/games/{state['id']}/hint",
                json={"version": 0},
                headers={"Accept-Language": language},
            )
            taker.join()
            assert (answer.status_code, answer.json()["reason"]) == (503, "solver_failed")
            assert answer.headers["retry-after"] == "5"
            assert (
                answer.json()["message"]
                == {
                    "en": "The solver working on this stopped before it answered; ask again.",
                    "es": "El resolvedor que trabajaba en esto se detuvo antes de responder; "
                    "vuelve a preguntar.",
                }[language]
            )


@pytest.mark.slow
def test_a_worker_beats_while_it_runs_and_is_forgotten_when_it_stops(pg_url: str) -> None:
    with _queue_client(pg_url, worker_silent_seconds=3) as client:
        with spider_worker(pg_url) as worker:
            assert client.get("/healthz").json() == {"status": "ok", "workers": 1}
            worker.terminate()
            worker.wait(10)
        assert workers_on_record(pg_url) == 0  # a stopped worker marks its row stopped
        assert client.get("/healthz").json()["status"] == "degraded"
        with spider_worker(pg_url) as worker:
            assert client.get("/healthz").json()["workers"] == 1
            worker.kill()  # kill -9: its row stays and grows old
            worker.wait(10)
            killed = time.monotonic()
            while client.get("/healthz").json()["status"] == "ok":
                assert time.monotonic() - killed < 3 + 3  # its silence + a beat
                time.sleep(0.2)
            degraded = time.monotonic() - killed
            print(f"healthz degraded {degraded:.1f} s after the worker's kill -9")
            body = client.get("/healthz").json()
            assert (body["workers"], body["reason"]) == (0, "no_worker")
            assert body["worker_seen"] is not None
            assert 1 <= degraded <= 5


QUEUED_LONG_SOLVE = {
    "job_queue": "procrastinate",
    "solver_cores": 1,
    "solve_time_limit": 60,
    "solver_per_address": 0,
    "solver_per_player": 0,
}
"""The job-queue layout with a can-win that thinks for a minute (a 4-suit deal with every
row dealt: the solver needs its whole limit), the default heartbeat limit (5 s)."""


@pytest.mark.slow
def test_a_killed_servers_can_win_stops_on_the_worker_and_frees_it_for_others(
    tmp_path: Path,
) -> None:
    """Issue 31, item 1: job-queue layout, one worker running one job at a time. A long
    "Can I still win?" asked on server A, A killed (-9): once B's poll finds the job
    orphaned, its solver job is cancelled, so another player's hint on B is answered
    within a second of its own time (before: the worker solved on for nobody, up to a
    minute, and the hint waited for it)."""
    for url in fresh_database("postgresql", tmp_path):
        with (
            spider_serve(url, **QUEUED_LONG_SOLVE) as second,
            serve_process(url, **QUEUED_LONG_SOLVE) as (first, process),
            spider_worker(url, concurrency=1),
            httpx.Client(timeout=60) as player,
            httpx.Client(timeout=60) as other,
        ):
            other_game = other.post(f"{second}/api/games", json={"code": "SP1-S1C-AAAAAAD"})
            hint = f"{second}/api/games/{other_game.json()['id']}/hint"
            asked = time.monotonic()
            assert other.post(hint, json={"version": 0}).status_code == 200  # warm
            alone = time.monotonic() - asked  # the hint's own time (pure build: seconds)
            state = player.post(f"{first}/api/games", json={"code": "SP1-S4C-AAAAAAD"}).json()
            for _ in range(5):
                body = {"version": state["version"], "action": "d"}
                state = player.post(f"{first}/api/games/{state['id']}/actions", json=body)
                state = state.json()["state"]
            started = player.post(
                f"{first}/api/games/{state['id']}/can-win", json={"version": state["version"]}
            )
            assert started.status_code == 202, started.text
            job = f"{second}/api/help-jobs/{started.json()['id']}"
            time.sleep(1.5)  # the worker runs it
            assert player.get(job).json()["status"] == "running"
            process.kill()
            process.wait(10)
            killed = time.monotonic()
            while (ended := player.get(job).json())["status"] == "running":
                assert time.monotonic() - killed < 10, ended
                time.sleep(0.2)
            assert (ended["status"], ended["reason"]) == ("failed", "search_interrupted")
            asked = time.monotonic()
            answer = other.post(hint, json={"version": 0})
            waited = time.monotonic() - asked
            print(f"another player's hint after the orphan was found: {waited:.2f} s")
            assert answer.status_code == 200, answer.text
            assert answer.json()["hint"]["kind"] in ("move", "deal")
            assert waited < alone + 1.0  # not held up by the orphan


# --- real processes: kill -9 and a rolling restart in the middle of a search ------------

SLOW_SEARCH = {
    "solver_cores": 1,
    "winnable_time_limit": 30,
    "winnable_budget": 60,
    "winnable_max_tries": 100_000,
    "solve_node_limit": 2_000,
    "deal_search_idle_seconds": 30,
    "winnable_stock": 0,
}
"""A search for a 4-suit deal that runs for its whole minute (the default heartbeat limit,
``deal_search_stale_seconds`` 5 s; no stock of proved deals: always a search). Each deal
gets 2,000 positions, too few to win a 4-suit deal, so the search never ends early by
luck (with the full solver a deal won in its first second ended it, ``done``)."""


def _search_on(first: str, client: httpx.Client, second: str) -> str:
    """Start a 4-suit search on ``first``; return its id once ``second`` reports it
    running for a second (its solver at work)."""
    started = client.post(f"{first}/api/winnable-deals", json={"suits": 4})
    assert started.status_code == 202, started.text
    search_id: str = started.json()["id"]
    for _ in range(5):
        polled = client.get(f"{second}/api/winnable-deals/{search_id}").json()
        assert polled["status"] == "running", polled
        time.sleep(0.2)
    return search_id


@pytest.mark.slow
@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
def test_a_search_whose_server_is_killed_is_ended_on_the_other(kind: str, tmp_path: Path) -> None:
    for url in fresh_database(kind, tmp_path):
        with (
            spider_serve(url, **SLOW_SEARCH) as second,
            serve_process(url, **SLOW_SEARCH) as (first, process),
            httpx.Client(timeout=30) as client,
        ):
            search_id = _search_on(first, client, second)
            process.kill()  # kill -9 in the middle of the search
            process.wait(10)
            killed = time.monotonic()
            while True:
                search = client.get(f"{second}/api/winnable-deals/{search_id}").json()
                if search["status"] != "running":
                    break
                assert time.monotonic() - killed < 10, search
                time.sleep(0.2)
            after = time.monotonic() - killed
            print(f"{kind}: the search was reported ended {after:.1f} s after kill -9")
            assert (search["status"], search["reason"]) == ("failed", "search_interrupted")
            assert 3 <= after <= 5 + 1.5  # its last beat ages past the 5 s limit
            # the player starts a new search on the process that is left: it runs
            again = client.post(f"{second}/api/winnable-deals", json={"suits": 1})
            assert again.status_code == 202


@pytest.mark.slow
@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
def test_a_rolling_restart_leaves_no_search_running(kind: str, tmp_path: Path) -> None:
    for url in fresh_database(kind, tmp_path):
        with (
            spider_serve(url, **SLOW_SEARCH) as second,
            serve_process(url, **SLOW_SEARCH) as (first, process),
            httpx.Client(timeout=30) as client,
        ):
            search_id = _search_on(first, client, second)
            stopping = time.monotonic()
            process.terminate()  # what a rolling restart does to each process in turn
            process.wait(15)  # (uvicorn raises the signal again once it has shut down)
            stopped = time.monotonic() - stopping
            search = client.get(f"{second}/api/winnable-deals/{search_id}").json()
            print(f"{kind}: stopped in {stopped:.1f} s, the search {search['reason']} at once")
            assert (search["status"], search["reason"]) == ("failed", "search_interrupted")
            assert stopped < 10


def test_revision_0006_gives_older_searches_their_start_as_heartbeat(db_url: str) -> None:
    engine = make_engine(db_url)
    try:
        downgrade_database(engine, "0005")
        started = datetime(2026, 12, 1, 11, 0, tzinfo=UTC)
        with engine.begin() as connection:
            connection.execute(insert(players), {"id": "p1", "created_at": started})
            columns = {
                "id": "s1",
                "player_id": "p1",
                "suits": 4,
                "rule": "classic",
                "max_tries": 20,
                "status": "running",
                "tried": 3,
                "started_at": started,
                "seen_at": started,
            }
            connection.execute(
                text(
                    "INSERT INTO deal_searches (id, player_id, suits, rule, max_tries, status, "
                    "tried, started_at, seen_at) VALUES (:id, :player_id, :suits, :rule, "
                    ":max_tries, :status, :tried, :started_at, :seen_at)"
                ),
                columns,
            )
        assert upgrade_database(engine) == ("0005", head_revision())
        with engine.connect() as connection:
            row = connection.execute(select(deal_searches.c.beat_at)).one()
            workers = connection.execute(select(solver_workers)).all()
        assert aware(row.beat_at) == started
        assert workers == []
    finally:
        engine.dispose()
