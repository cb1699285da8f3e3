"""Numbers near the limits (issue 11): every counter a client can make reaches the
database and the solver and comes back, on SQLite and PostgreSQL; what would not is
refused at the door with a clear 400."""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlalchemy import func, select

from spider_solitaire.position import MAX_COUNT
from spider_solitaire.server.checks import MAX_START_COUNT
from spider_solitaire.server.db import Store
from spider_solitaire.server.db.tables import players
from spider_solitaire.server.errors import ApiError
from spider_solitaire.server.limits import Limit, RateLimiter
from spider_solitaire.server.settings import Settings

from . import asking
from .conftest import act, board, new_game

PUZZLE = {1: "| KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S", 2: "| AS"}
"""One move from a won 1-suit game (one run of spades, its Ace on another column)."""


def _position(*, moves: int = 0, score: int = 500) -> str:
    text = board(PUZZLE, rules="S1C")
    return text.replace("stock:\n", f"score: {score}\nmoves: {moves}\n", 1)


def test_a_game_started_near_the_limit_plays_on_and_is_solved(client: TestClient) -> None:
    created = client.post("/api/games", json={"position": _position(moves=MAX_START_COUNT)})
    assert created.status_code == 201, created.text
    state = created.json()
    assert state["moves"] == MAX_START_COUNT
    answer = asking.can_win(client, state["id"], 0)
    assert answer.status_code == 200, answer.text
    assert answer.json()["answer"] == "yes"
    played = act(client, state, "2>1")
    assert played.status_code == 200, played.text
    won = played.json()["state"]
    assert (won["moves"], won["is_won"], won["score"]) == (MAX_START_COUNT + 1, True, 599)
    again = client.get(f"/api/games/{state['id']}")
    assert (again.json()["moves"], again.json()["version"]) == (MAX_START_COUNT + 1, 1)


@pytest.mark.parametrize("key", ["moves", "score"])
@pytest.mark.parametrize("value", [MAX_START_COUNT + 1, MAX_COUNT])
def test_a_counter_past_what_a_game_may_start_from_is_400(
    client: TestClient, key: str, value: int
) -> None:
    response = client.post("/api/games", json={"position": _position(**{key: value})})
    assert response.status_code == 400
    assert response.json()["reason"] == "bad_position"
    assert response.json()["detail"].startswith(f"{key}: {value} is more than the 1000000000")


def _players(app: FastAPI) -> int:
    with app.state.store.engine.connect() as connection:
        return int(connection.execute(select(func.count()).select_from(players)).scalar_one())


def test_only_a_request_that_makes_a_game_makes_a_player(
    app: FastAPI, make_client: Callable[[], TestClient]
) -> None:
    with make_client() as owner:
        state = new_game(owner)
    assert _players(app) == 1
    with make_client() as stranger:  # no cookie: every read and every help is refused
        paths = [
            ("get", "/api/games/current", None),
            ("get", f"/api/games/{state['id']}", None),
            ("post", f"/api/games/{state['id']}/hint", {"version": 0}),
            ("post", f"/api/games/{state['id']}/can-win", {"version": 0}),
            ("post", f"/api/games/{state['id']}/actions", {"version": 0, "action": "d"}),
        ]
        for method, path, body in paths:
            response = stranger.request(method, path, json=body)
            assert response.status_code == 404, (path, response.text)
            assert "set-cookie" not in response.headers
        assert _players(app) == 1
        new_game(stranger)
    assert _players(app) == 2


@pytest.fixture
def settings(db_url: str) -> Settings:
    """Small limits: 3 solver requests per address and 2 per player in a minute; small
    boards as start positions."""
    return Settings(
        db_url=db_url,
        puzzle_positions=True,
        solver_cores=1,
        solver_per_address=3,
        solver_per_player=2,
        new_games_per_address=4,
        transfer_claims_per_address=3,
    )


def test_solver_requests_over_the_limit_are_429_with_retry_after(
    make_client: Callable[[], TestClient],
) -> None:
    with make_client() as first, make_client() as second:
        state = new_game(first)
        hint = f"/api/games/{state['id']}/hint"
        assert [first.post(hint, json={"version": 0}).status_code for _ in range(2)] == [200, 200]
        refused = first.post(hint, json={"version": 0})  # the player's third
        assert refused.status_code == 429
        assert refused.json()["reason"] == "rate_limited"
        assert refused.json()["limit"] == "2 requests for help from one player in 60 s"
        assert 1 <= int(refused.headers["retry-after"]) <= 70  # the window slides in 10 s steps
        assert refused.json()["retry_after"] == int(refused.headers["retry-after"])
        wait = refused.json()["retry_after"]  # the sentence says the real wait, not "a minute"
        assert refused.json()["message"] == (
            "Too many requests from here for a while; try again in "
            f"{wait} second{'s' if wait != 1 else ''}."
        )
        spanish = first.post(hint, json={"version": 0}, headers={"Accept-Language": "es"})
        assert spanish.json()["message"].endswith(
            f"inténtalo de nuevo dentro de {spanish.json()['retry_after']} segundo"
            + ("s." if spanish.json()["retry_after"] != 1 else ".")
        )
        # the same address (every test client's) has made 3: a cookie-less client is refused too
        stranger = second.post(hint, json={"version": 0})
        assert stranger.status_code == 429
        assert stranger.json()["limit"] == "3 requests for help from one network in 60 s"


def test_a_kept_solution_plays_to_its_end_whatever_the_solver_limit(client: TestClient) -> None:
    """Only the solve counts as a solver request: the moves of the solution it keeps run no
    solver, so a solution longer than the limit (2 a player here) plays to the win."""
    columns = {1: "| KS QS JS TS 9S 8S 7S 6S", 2: "| 5S 4S", 3: "| 3S 2S", 4: "| AS"}
    created = client.post("/api/games", json={"position": board(columns, rules="S1C")})
    assert created.status_code == 201, created.text
    game_id = created.json()["id"]
    first = asking.next_step(client, game_id, 0)  # the solve (counted), then its first move
    assert first.status_code == 200, first.text
    steps = [first.json()]
    while not steps[-1]["state"]["is_won"]:
        version = steps[-1]["state"]["version"]
        step = client.post(f"/api/games/{game_id}/solution/next", json={"version": version})
        assert step.status_code == 200, step.text
        steps.append(step.json())
    assert [(step["action"], step["remaining"]) for step in steps] == [
        ("2:2>1", 2),
        ("3:2>1", 1),
        ("4:1>1", 0),
    ]
    assert steps[-1]["state"]["removed"] == ["S"]
    hint = client.post(f"/api/games/{game_id}/hint", json={"version": 3})
    assert hint.status_code != 429  # the player's second solver request of the window


def test_new_games_over_the_limit_are_429_and_make_no_player(
    app: FastAPI, make_client: Callable[[], TestClient]
) -> None:
    for _ in range(4):
        with make_client() as client:
            new_game(client)
    with make_client() as client:
        refused = client.post("/api/games", json={"code": "SP1-S2C-AAAAAAD"})
        assert refused.status_code == 429 and "set-cookie" not in refused.headers
        # issue 31, item 5: the limit in the player's words, not the kind's name
        assert refused.json()["limit"] == "4 new games from one network in 60 s"
        spanish = client.post(
            "/api/games", json={"suits": 1}, headers={"Accept-Language": "es"}
        ).json()
        assert spanish["limit"] == "4 partidas nuevas desde una misma red en 60 s"
    assert _players(app) == 4


def test_wrong_transfer_codes_from_one_address_are_429_with_retry_after(
    make_client: Callable[[], TestClient],
) -> None:
    """Issue 31, item 3: tries of a transfer code are limited like new games (3 here)."""
    with make_client() as guesser:
        tries = [
            guesser.post("/api/transfer/claim", json={"code": f"AAAA-AAA{letter}"})
            for letter in "BCDE"
        ]
        assert [answer.status_code for answer in tries] == [404, 404, 404, 429]
        refused = tries[-1].json()
        assert refused["reason"] == "rate_limited"
        assert refused["limit"] == "3 transfer codes tried from one network in 60 s"
        assert 1 <= refused["retry_after"] == int(tries[-1].headers["retry-after"]) <= 70


def test_the_limits_count_in_a_sliding_window_shared_through_the_database(db_url: str) -> None:
    now = [1000.0]
    store = Store(db_url)
    try:
        limiter = RateLimiter(store, {"solver": Limit(0, 2)}, 60, clock=lambda: now[0])
        limiter.check("solver", "10.0.0.1", "p1")
        limiter.check("solver", "10.0.0.1", "p1")
        other = RateLimiter(store, {"solver": Limit(0, 2)}, 60, clock=lambda: now[0])
        with pytest.raises(ApiError) as refused:  # another process: the same counter
            other.check("solver", "10.0.0.2", "p1")
        # counted in the 10 s bucket from 1000 s, which leaves the window at 1070 s
        assert refused.value.headers == {"Retry-After": "70"}
        limiter.check("solver", "10.0.0.1", "p2")  # another player
        now[0] = 1020.0  # a fixed window's edge: nothing changes
        with pytest.raises(ApiError) as refused:
            limiter.check("solver", "10.0.0.1", "p1")
        assert refused.value.extra["retry_after"] == 50
        now[0] = 1070.0  # the old counts have expired
        limiter.check("solver", "10.0.0.1", "p1")
        limiter.check("solver", "10.0.0.1", "p1")
    finally:
        store.close()


def _taken(limiter: RateLimiter, address: str) -> bool:
    """Whether the limiter takes one more new game from ``address``."""
    try:
        limiter.check("new_game", address, None)
    except ApiError as error:
        assert error.reason == "rate_limited"
        return False
    return True


def test_a_burst_across_a_window_edge_gets_the_limit_and_no_more(db_url: str) -> None:
    now = [1019.0]  # 1 s before a 60 s edge (1020 s)
    store = Store(db_url)
    try:
        limiter = RateLimiter(store, {"new_game": Limit(70, 0)}, 60, clock=lambda: now[0])
        assert [_taken(limiter, "10.0.0.9") for _ in range(70)] == [True] * 70
        now[0] = 1021.0  # fixed windows took 70 more here (140 in 2 s)
        with pytest.raises(ApiError) as refused:
            limiter.check("new_game", "10.0.0.9", None)
        assert refused.value.extra["retry_after"] == 59  # the burst leaves at 1080 s
        limit = refused.value.extra["limit"]
        assert limit.make("en") == "70 new games from one network in 60 s"
        assert sum(_taken(limiter, "10.0.0.9") for _ in range(70)) == 0
        now[0] = 1079.9
        assert not _taken(limiter, "10.0.0.9")
        now[0] = 1080.0  # Retry-After was right: the burst's counts have expired
        assert sum(_taken(limiter, "10.0.0.9") for _ in range(80)) == 70
    finally:
        store.close()


def test_no_60_seconds_hold_more_than_the_limit_under_a_steady_flood(db_url: str) -> None:
    now = [990.0]
    store = Store(db_url)
    try:
        limiter = RateLimiter(store, {"new_game": Limit(20, 0)}, 60, clock=lambda: now[0])
        taken = []
        for step in range(1500):  # a request every 0.1 s for 150 s, across two edges
            now[0] = 990.0 + step / 10
            if _taken(limiter, "10.0.0.7"):
                taken.append(now[0])
        worst = max(sum(1 for t in taken if end - 60 < t <= end) for end in taken)
        assert worst == 20
        # 20 at once at 990 s, 20 again from 1060 s (the first bucket left), then at 1130 s
        assert len(taken) == 60
        assert (taken[0], taken[19], taken[20], taken[40]) == (990.0, 991.9, 1060.0, 1130.0)
    finally:
        store.close()


def test_two_processes_racing_take_exactly_the_limit(db_url: str) -> None:
    stores = [Store(db_url), Store(db_url)]
    try:
        limiters = [
            RateLimiter(store, {"new_game": Limit(25, 0)}, 60, clock=lambda: 2000.0)
            for store in stores
        ]

        def flood(index: int) -> int:
            return sum(_taken(limiters[index % 2], "10.0.0.5") for _ in range(15))

        with ThreadPoolExecutor(4) as pool:
            assert sum(pool.map(flood, range(4))) == 25
    finally:
        for store in stores:
            store.close()
