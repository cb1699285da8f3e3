"""The database (:mod:`spider_solitaire.server.db`, its games and actions) and the game cache:
versions, the action log, stale writers, rebuilding."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from spider_solitaire.moves import Action, parse_action
from spider_solitaire.server.app import create_app
from spider_solitaire.server.db import StaleVersionError, Store
from spider_solitaire.server.errors import ApiError
from spider_solitaire.server.game_cache import GameCache, LoadedGame
from spider_solitaire.server.games import GameService
from spider_solitaire.server.leaving import LEAVE_TRIES
from spider_solitaire.server.schemas.actions import MoveAction
from spider_solitaire.server.schemas.games import NewGameFromCode
from spider_solitaire.server.settings import Settings
from spider_solitaire.variants import CLASSIC

from .conftest import CODE, Clock


@pytest.fixture
def store(db_url: str) -> Iterator[Store]:
    """A store on a fresh database (SQLite, then PostgreSQL)."""
    opened = Store(db_url)
    yield opened
    opened.close()


def values(*texts: str) -> list[Action]:
    """The actions of ``texts``, read as the server's edges read them."""
    return [parse_action(text) for text in texts]


def texts(actions: list[Action]) -> list[str]:
    """The log's canonical texts of ``actions``."""
    return [str(action) for action in actions]


def _game(store: Store) -> Any:
    player = store.players.add()
    return store.games.create(player, code=CODE, start_position=None, suits=2, rule=CLASSIC)


def test_an_action_moves_the_version_and_the_log(store: Store) -> None:
    game = _game(store)
    after = store.games.record_actions(game, values("6:1>1"))
    assert (after.version, after.restart_at, after.assisted) == (1, 0, False)
    assert store.games.get(game.id) == after
    assert texts(store.games.actions(game.id)) == ["6:1>1"]
    assert texts(store.games.actions(game.id, after=1)) == []


def test_several_actions_are_numbered_in_order_and_a_restart_moves_the_replay_start(
    store: Store,
) -> None:
    game = _game(store)
    after = store.games.record_actions(game, values("6:1>1", "8:1>7", "restart", "d"))
    assert (after.version, after.restart_at) == (4, 3)
    after = store.games.record_actions(after, values("undo", "redo"), assisted=True)
    assert (after.version, after.restart_at, after.assisted) == (6, 3, True)
    assert store.games.get(game.id) == after
    assert texts(store.games.actions(game.id)) == ["6:1>1", "8:1>7", "restart", "d", "undo", "redo"]
    assert texts(store.games.actions(game.id, after=3, upto=5)) == ["d", "undo"]
    with pytest.raises(ValueError, match="one or more"):
        store.games.record_actions(after, [])


def test_recording_never_clears_the_assisted_flag(store: Store) -> None:
    game = _game(store)
    marked = store.games.mark_assisted(
        game.id
    )  # by another process, while this one held the old row
    assert marked is not None and (marked.revision, marked.version) == (game.revision + 1, 0)
    after = store.games.record_actions(game, values("6:1>1"))
    assert after.assisted is True  # the answer is the row as stored, not what the caller knew
    assert after.revision == game.revision + 2
    assert store.games.get(game.id).assisted is True  # type: ignore[union-attr]


def test_a_writer_with_an_old_version_changes_nothing(store: Store) -> None:
    game = _game(store)
    store.games.record_actions(game, values("6:1>1"))
    with pytest.raises(StaleVersionError):
        store.games.record_actions(game, values("8:1>7", "d"))
    assert texts(store.games.actions(game.id)) == ["6:1>1"]
    assert store.games.get(game.id).version == 1  # type: ignore[union-attr]


def test_two_threads_racing_on_one_version_one_wins(migrated_sqlite: Callable[[str], str]) -> None:
    store = Store(migrated_sqlite("race.db"))
    service = GameService(store, undo_limit=100, cache_games=0)  # both read the row
    game = _game(store)
    player = game.player_id
    results: list[str] = []
    barrier = threading.Barrier(2)

    def play(action: str) -> None:
        barrier.wait()
        try:
            service.act(player, game.id, MoveAction(version=0, action=action))
            results.append("played")
        except Exception as error:  # the loser gets ApiError 409
            results.append(getattr(error, "reason", repr(error)))

    threads = [threading.Thread(target=play, args=(a,)) for a in ("6>1", "8>7")]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(results) == ["played", "stale_version"]
    assert len(texts(store.games.actions(game.id))) == 1


def test_leaving_a_game_played_on_meanwhile_is_tried_again(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The game left was played on (in another tab) between the service's read and its
    write: the service reads it again and writes again, up to LEAVE_TRIES times, then
    answers 409 ``stale_version_left`` with nothing saved."""
    service = GameService(store, undo_limit=100, cache_games=4)
    left = store.games.record_actions(_game(store), values("6:1>1"))
    player = left.player_id
    create_game = store.games.create
    tries: list[object] = []

    def racing(*args: Any, **kwargs: Any) -> Any:
        tries.append(kwargs["abandon"])
        if len(tries) < 2:
            raise StaleVersionError
        return create_game(*args, **kwargs)

    monkeypatch.setattr(store.games, "create", racing)
    request = NewGameFromCode(code=CODE, confirm=["abandon"])
    created = service.create(player, request)
    assert len(tries) == 2
    assert all(leaving is not None and leaving[0].id == left.id for leaving in tries)
    assert store.games.current(player).id == created.record.id  # type: ignore[union-attr]
    assert store.games.get(left.id).outcome == "lost"  # type: ignore[union-attr]

    def always_stale(record: Any, leaving: Any) -> Any:
        tries.append(leaving)
        raise StaleVersionError

    monkeypatch.setattr(store.games, "open", always_stale)
    store.games.record_actions(created.record, values("6:1>1"))
    tries.clear()
    with pytest.raises(ApiError) as refused:
        service.open(player, left.id, ["abandon"])
    assert (refused.value.status, refused.value.reason) == (409, "stale_version_left")
    assert len(tries) == LEAVE_TRIES
    assert store.games.current(player).id == created.record.id  # type: ignore[union-attr]


def test_the_current_game_is_the_last_created_or_played(store: Store) -> None:
    first = _game(store)
    second = store.games.create(
        first.player_id, code=CODE, start_position=None, suits=2, rule=CLASSIC
    )
    assert store.games.current(first.player_id) == second
    store.games.record_actions(first, values("6:1>1"))
    assert store.games.current(first.player_id).id == first.id  # type: ignore[union-attr]
    assert store.games.current("nobody") is None
    assert store.players.exists(first.player_id)
    assert not store.players.exists("nobody")


def test_a_game_starts_from_a_code_or_a_position_not_both(store: Store) -> None:
    player = store.players.add()
    with pytest.raises(ValueError, match="not both"):
        store.games.create(player, code=CODE, start_position="x", suits=2, rule=CLASSIC)


def test_the_cache_keeps_the_newest_version_and_forgets_the_oldest_game(store: Store) -> None:
    cache = GameCache(2)
    service = GameService(store, undo_limit=100, cache_games=2)
    games = [_game(store) for _ in range(3)]
    entries = [LoadedGame(record, service.rebuild(record)) for record in games]
    for entry in entries:
        cache.put(entry)
    assert cache.peek(games[0].id) is None
    assert cache.get(games[2].id, 0) is entries[2]
    assert cache.get(games[2].id, 1) is None
    newer = LoadedGame(store.games.record_actions(games[2], values("6:1>1")), entries[2].game)
    cache.put(newer)
    cache.put(entries[2])  # an older version never replaces a newer one
    assert cache.peek(games[2].id) is newer


def test_without_the_cache_every_answer_is_the_same(migrated_sqlite: Callable[[str], str]) -> None:
    answers: list[list[Any]] = []
    for size in (256, 0):
        settings = Settings(db_url=migrated_sqlite(f"c{size}.db"), cache_games=size)
        app = create_app(settings)
        app.state.store.clock = Clock()  # the same times: the same playing time
        with TestClient(app) as client:
            state = client.post("/api/games", json={"code": CODE}).json()
            seen = []
            for action in ("6>1", "8>7", "d", "undo", "undo", "redo", "3:1>4", "restart", "d"):
                body = {"version": state["version"], "action": action}
                response = client.post(f"/api/games/{state['id']}/actions", json=body)
                state = response.json().get("state", state)
                seen.append((response.status_code, response.json()))
            answers.append([(status, _without_id(body)) for status, body in seen])
    assert answers[0] == answers[1]
    assert [status for status, _ in answers[0]] == [200, 200, 200, 200, 200, 200, 422, 200, 200]


def _without_id(body: dict[str, Any]) -> dict[str, Any]:
    if "state" in body:
        return body | {"state": body["state"] | {"id": "-", "code": body["state"]["code"]}}
    return body
