"""Alembic migrations: an empty database, a database made by release 0.1.0 (the fixture in
tests/data, made by ``tests/data/make_release_db.py`` with that release's server), the way
back down, a database of a newer release, and ``spider db upgrade``."""

from __future__ import annotations

import json
import shutil
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from alembic.util import CommandError
from fastapi.testclient import TestClient
from sqlalchemy import Engine, inspect

from spider_solitaire.cli import main
from spider_solitaire.server.app import create_app
from spider_solitaire.server.db import Store
from spider_solitaire.server.db.engine import make_engine
from spider_solitaire.server.db.migrations import (
    downgrade_database,
    head_revision,
    upgrade_database,
)
from spider_solitaire.server.db.tables import metadata
from spider_solitaire.server.settings import Settings

DATA = Path(__file__).resolve().parent.parent / "data"
RELEASE_DB = DATA / "release-0.1.0.db"
RELEASE = json.loads((DATA / "release-0.1.0.json").read_text())
"""What release 0.1.0's server showed of ``RELEASE_DB`` (see make_release_db.py)."""

DROPPED = {"history", "redo", "score", "moves", "is_won"}
RECORD_TABLES = {"results", "stat_resets", "transfer_codes"}
RECORD_COLUMNS = {"practice", "playing_ms", "outcome", "finished_won_at", "share_id"}

HEAD = "0014"
"""The newest revision (a shared game's version when shared, after the variant of a search
for a winnable deal)."""


@pytest.fixture
def release_copy(tmp_path: Path) -> Path:
    """A copy of the release's database (the fixture itself is never written)."""
    copy = tmp_path / "release.db"
    shutil.copyfile(RELEASE_DB, copy)
    return copy


def _differences(engine: Engine) -> list[Any]:
    """What the database's tables lack or have beyond :data:`metadata` (Alembic's
    autogenerate comparison: tables, columns, types, nullability, indexes, keys)."""
    with engine.connect() as connection:
        return list(compare_metadata(MigrationContext.configure(connection), metadata))


def _columns(engine: Engine, table: str) -> set[str]:
    return {column["name"] for column in inspect(engine).get_columns(table)}


UNDO_KINDS = {"restore_run", "turn_down", "move", "undeal", "unwon", "restart"}
"""The kinds of event an undo or a restart answers."""


def projected(new: Any, old: Any) -> Any:
    """``new`` cut down to the shape of ``old``: the keys ``old`` has (recursively), so
    that fields a later release adds do not hide a changed value."""
    if isinstance(old, dict) and isinstance(new, dict):
        return {key: projected(new.get(key, "<missing>"), value) for key, value in old.items()}
    if isinstance(old, list) and isinstance(new, list) and len(old) == len(new):
        return [projected(item, was) for item, was in zip(new, old, strict=True)]
    return new


def test_an_empty_database_gets_the_newest_schema(tmp_path: Path) -> None:
    engine = make_engine(f"sqlite:///{tmp_path / 'new.db'}")
    try:
        assert head_revision() == HEAD
        assert upgrade_database(engine) == (None, HEAD)
        assert _differences(engine) == []
        assert upgrade_database(engine) == (HEAD, HEAD)  # nothing left to do
        assert DROPPED.isdisjoint(_columns(engine, "games"))
    finally:
        engine.dispose()


def test_a_release_database_is_recognised_stamped_and_upgraded(release_copy: Path) -> None:
    with sqlite3.connect(release_copy) as connection:
        tables = {row[0] for row in connection.execute("SELECT name FROM sqlite_master")}
        rows_before = connection.execute("SELECT COUNT(*) FROM actions").fetchone()[0]
    connection.close()
    assert "alembic_version" not in tables and {"players", "games", "actions"} <= tables
    engine = make_engine(f"sqlite:///{release_copy}")
    try:
        assert _columns(engine, "games") >= DROPPED
        assert upgrade_database(engine) == ("0001", HEAD)
        assert _differences(engine) == []
        assert DROPPED.isdisjoint(_columns(engine, "games"))
        assert _columns(engine, "games") >= RECORD_COLUMNS
        assert set(inspect(engine).get_table_names()) >= RECORD_TABLES
        with engine.connect() as connection:
            # the release's games are not practice, undecided, with no time measured
            assert connection.exec_driver_sql(
                "SELECT DISTINCT practice, outcome, playing_ms, share_id FROM games"
            ).fetchall() == [(0, None, 0, None)]
            assert connection.exec_driver_sql("SELECT COUNT(*) FROM results").scalar() == 0
            assert MigrationContext.configure(connection).get_current_revision() == HEAD
            assert connection.exec_driver_sql("SELECT COUNT(*) FROM actions").scalar() == 26
            assert connection.exec_driver_sql("SELECT COUNT(*) FROM games").scalar() == 5
            assert connection.exec_driver_sql("PRAGMA foreign_key_check").fetchall() == []
            assert connection.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1
    finally:
        engine.dispose()
    assert rows_before == 26


def test_the_release_games_play_on_as_the_release_showed_them(release_copy: Path) -> None:
    app = create_app(Settings(db_url=f"sqlite:///{release_copy}"))
    try:
        with TestClient(app) as client:
            players = {
                player: {"spider_player": cookie} for player, cookie in RELEASE["cookies"].items()
            }
            for name, game in RELEASE["games"].items():
                client.cookies.update(players[game["player"]])
                shown = client.get(f"/api/games/{game['id']}")
                assert shown.status_code == 200, name
                expected = game["state"]
                if expected["is_won"]:  # a won game is finished now: nothing to undo
                    expected = expected | {"can_undo": False, "can_redo": False}
                assert projected(shown.json(), expected) == expected, name
            for player, cookies in players.items():
                client.cookies.update(cookies)
                current = client.get("/api/games/current").json()
                assert projected(current, RELEASE["current"][player]) == RELEASE["current"][player]
            assert {step["status"] for step in RELEASE["continuation"]} == {200, 422}
            for step in RELEASE["continuation"]:
                game = RELEASE["games"][step["game"]]
                if game["state"]["is_won"]:
                    # the release undid a win; now a won game is finished (its steps after
                    # this refusal followed from the undo, so they are left out)
                    if step["request"]["version"] == game["state"]["version"]:
                        client.cookies.update(players[game["player"]])
                        opened = f"/api/games/{game['id']}/open"
                        assert client.post(opened, json={"confirm": ["abandon"]}).is_success
                        url = f"/api/games/{game['id']}/actions"
                        refused = client.post(url, json=step["request"]).json()
                        assert (step["request"]["action"], refused["reason"]) == (
                            "undo",
                            "game_over",
                        )
                    continue
                client.cookies.update(players[game["player"]])
                # only the game being played takes actions now (docs/record.md): a release
                # game the player had left is opened first, as the history does
                opened = client.post(f"/api/games/{game['id']}/open", json={"confirm": ["abandon"]})
                assert opened.status_code == 200, opened.text
                answer = client.post(f"/api/games/{game['id']}/actions", json=step["request"])
                assert answer.status_code == step["status"], (step, answer.text)
                expected = step["answer"]
                if step["request"]["action"] in ("undo", "restart") and step["status"] == 200:
                    # the release answered these without events; now they carry the engine's
                    kinds = {event["kind"] for event in answer.json()["events"]}
                    assert kinds and kinds <= UNDO_KINDS, (step, kinds)
                    expected = {**expected, "events": answer.json()["events"]}
                assert projected(answer.json(), expected) == expected, step
            # a release game rebuilt from its log after the upgrade (not from the cache)
            app.state.service.cache.clear()
            last = RELEASE["continuation"][-1]
            game = RELEASE["games"][last["game"]]
            client.cookies.update(players[game["player"]])
            rebuilt = client.get(f"/api/games/{game['id']}").json()
            assert projected(rebuilt, last["answer"]["state"]) == last["answer"]["state"]
    finally:
        app.state.store.close()


def test_the_migrations_go_down_and_up_again_keeping_the_games(release_copy: Path) -> None:
    url = f"sqlite:///{release_copy}"
    Store(url).close()  # upgraded at start
    engine = make_engine(url)
    try:
        downgrade_database(engine, "0001")
        assert _columns(engine, "games") >= DROPPED
        with engine.connect() as connection:
            assert connection.exec_driver_sql("SELECT COUNT(*) FROM actions").scalar() == 26
            history = connection.exec_driver_sql("SELECT DISTINCT history, score FROM games")
            assert history.fetchall() == [("", 0)]  # put back empty: nothing reads them
        assert upgrade_database(engine) == ("0001", HEAD)
        downgrade_database(engine, "0002")
        assert RECORD_TABLES.isdisjoint(inspect(engine).get_table_names())
        assert RECORD_COLUMNS.isdisjoint(_columns(engine, "games"))
        assert upgrade_database(engine) == ("0002", HEAD)
        downgrade_database(engine, "base")
        assert set(inspect(engine).get_table_names()) == {"alembic_version"}
        assert upgrade_database(engine) == (None, HEAD)
        assert _differences(engine) == []
    finally:
        engine.dispose()


def test_a_database_of_a_newer_release_is_refused(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'newer.db'}"
    Store(url).close()
    with sqlite3.connect(tmp_path / "newer.db") as connection:
        connection.execute("UPDATE alembic_version SET version_num = '9999'")
    connection.close()
    with pytest.raises(CommandError, match="9999"):
        Store(url)
    assert main(["db", "upgrade", "--db", url]) == 2


def test_spider_db_upgrade(release_copy: Path, capsys: pytest.CaptureFixture[str]) -> None:
    url = f"sqlite:///{release_copy}"
    assert main(["db", "upgrade", "--db", url]) == 0
    assert capsys.readouterr().out == f"{url}: upgraded from revision 0001 to {HEAD}\n"
    assert main(["db", "upgrade", "--db", url]) == 0
    assert capsys.readouterr().out == f"{url}: at revision {HEAD}, the newest; nothing to do\n"
    assert main(["db", "upgrade", "--db", "not a url"]) == 2
    assert "'not a url'" in capsys.readouterr().err


def test_0010_gives_every_earlier_game_and_result_the_variant_spider(
    release_copy: Path,
) -> None:
    url = f"sqlite:///{release_copy}"
    engine = make_engine(url)
    try:
        upgrade_database(engine)
        downgrade_database(engine, "0009")
        assert "variant" not in _columns(engine, "games") | _columns(engine, "results")
        with engine.begin() as connection:
            player = connection.exec_driver_sql("SELECT player_id FROM games").scalar()
            connection.exec_driver_sql(
                "INSERT INTO stat_resets (player_id, suits, rule, reset_at) "
                f"VALUES ('{player}', 1, 'classic', '2026-12-01 10:00:00')"
            )
        assert upgrade_database(engine) == ("0009", HEAD)
        with engine.connect() as connection:
            kinds = connection.exec_driver_sql("SELECT variant, COUNT(*) FROM games GROUP BY 1")
            assert kinds.fetchall() == [("spider", 5)]  # the release's five games
            reset = connection.exec_driver_sql("SELECT variant, suits FROM stat_resets")
            assert reset.fetchall() == [(None, 1)]  # a reset of no variant covers every one
        assert _differences(engine) == []
    finally:
        engine.dispose()


def test_0011_gives_every_earlier_search_the_variant_spider(release_copy: Path) -> None:
    url = f"sqlite:///{release_copy}"
    engine = make_engine(url)
    try:
        upgrade_database(engine)
        downgrade_database(engine, "0010")
        assert "variant" not in _columns(engine, "deal_searches")
        with engine.begin() as connection:
            player = connection.exec_driver_sql("SELECT player_id FROM games").scalar()
            connection.exec_driver_sql(
                "INSERT INTO deal_searches (id, player_id, suits, rule, max_tries, status, "
                f"tried, started_at, seen_at) VALUES ('s1', '{player}', 2, 'classic', 20, "
                "'done', 3, '2026-12-01 10:00:00', '2026-12-01 10:00:00')"
            )
        assert upgrade_database(engine) == ("0010", HEAD)
        with engine.connect() as connection:
            rows = connection.exec_driver_sql("SELECT id, variant, suits FROM deal_searches")
            assert rows.fetchall() == [("s1", "spider", 2)]
        assert _differences(engine) == []
    finally:
        engine.dispose()


def test_0012_keeps_each_shared_game_at_its_version_then(release_copy: Path) -> None:
    """Issue 31, item 6: a game shared before 0012 shows as it was at the upgrade; a game
    not shared has no share version."""
    url = f"sqlite:///{release_copy}"
    engine = make_engine(url)
    try:
        upgrade_database(engine)
        downgrade_database(engine, "0011")
        assert "share_version" not in _columns(engine, "games")
        with engine.begin() as connection:
            connection.exec_driver_sql(
                "UPDATE games SET share_id = 'shared-one' WHERE id = "
                "(SELECT id FROM games ORDER BY version DESC LIMIT 1)"
            )
            longest = connection.exec_driver_sql("SELECT MAX(version) FROM games").scalar()
        assert upgrade_database(engine) == ("0011", HEAD)
        with engine.connect() as connection:
            rows = connection.exec_driver_sql(
                "SELECT share_id, share_version FROM games ORDER BY version DESC"
            ).fetchall()
        assert rows[0] == ("shared-one", longest) and longest > 0
        assert [row[1] for row in rows[1:]] == [None] * 4  # the release's other games
        assert _differences(engine) == []
    finally:
        engine.dispose()
