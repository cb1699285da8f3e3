"""The store and the game cache: versions, the action log, stale writers, rebuilding."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from spider_solitaire.server.app import create_app
from spider_solitaire.server.games import GameCache, GameService, LoadedGame
from spider_solitaire.server.schemas import MoveAction
from spider_solitaire.server.settings import Settings
from spider_solitaire.server.store import StaleVersionError, Store

from .conftest import CODE, Clock


@pytest.fixture
def store(db_url: str) -> Iterator[Store]:
    """A store on a fresh database (SQLite, then PostgreSQL)."""
    opened = Store(db_url)
    yield opened
    opened.close()


def _game(store: Store) -> Any:
    player = store.add_player()
    return store.create_game(player, code=CODE, start_position=None, suits=2, rule="classic")


def test_an_action_moves_the_version_and_the_log(store: Store) -> None:
    game = _game(store)
    after = store.record_actions(game, ["6:1>1"])
    assert (after.version, after.restart_at, after.assisted) == (1, 0, False)
    assert store.get_game(game.id) == after
    assert store.actions(game.id) == ["6:1>1"]
    assert store.actions(game.id, after=1) == []


def test_several_actions_are_numbered_in_order_and_a_restart_moves_the_replay_start(
    store: Store,
) -> None:
    game = _game(store)
    after = store.record_actions(game, ["6:1>1", "8:1>7", "restart", "d"])
    assert (after.version, after.restart_at) == (4, 3)
    after = store.record_actions(after, ["undo", "redo"], assisted=True)
    assert (after.version, after.restart_at, after.assisted) == (6, 3, True)
    assert store.get_game(game.id) == after
    assert store.actions(game.id) == ["6:1>1", "8:1>7", "restart", "d", "undo", "redo"]
    assert store.actions(game.id, after=3, upto=5) == ["d", "undo"]
    with pytest.raises(ValueError, match="one or more"):
        store.record_actions(after, [])


def test_recording_never_clears_the_assisted_flag(store: Store) -> None:
    game = _game(store)
    marked = store.mark_assisted(game.id)  # by another process, while this one held the old row
    assert marked is not None and (marked.revision, marked.version) == (game.revision + 1, 0)
    after = store.record_actions(game, ["6:1>1"])
    assert after.assisted is True  # the answer is the row as stored, not what the caller knew
    assert after.revision == game.revision + 2
    assert store.get_game(game.id).assisted is True  # type: ignore[union-attr]


def test_a_writer_with_an_old_version_changes_nothing(store: Store) -> None:
    game = _game(store)
    store.record_actions(game, ["6:1>1"])
    with pytest.raises(StaleVersionError):
        store.record_actions(game, ["8:1>7", "d"])
    assert store.actions(game.id) == ["6:1>1"]
    assert store.get_game(game.id).version == 1  # type: ignore[union-attr]


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
    assert len(store.actions(game.id)) == 1


def test_the_current_game_is_the_last_created_or_played(store: Store) -> None:
    first = _game(store)
    second = store.create_game(
        first.player_id, code=CODE, start_position=None, suits=2, rule="classic"
    )
    assert store.current_game(first.player_id) == second
    store.record_actions(first, ["6:1>1"])
    assert store.current_game(first.player_id).id == first.id  # type: ignore[union-attr]
    assert store.current_game("nobody") is None
    assert store.has_player(first.player_id)
    assert not store.has_player("nobody")


def test_a_game_starts_from_a_code_or_a_position_not_both(store: Store) -> None:
    player = store.add_player()
    with pytest.raises(ValueError, match="not both"):
        store.create_game(player, code=CODE, start_position="x", suits=2, rule="classic")


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
    newer = LoadedGame(store.record_actions(games[2], ["6:1>1"]), entries[2].game)
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
