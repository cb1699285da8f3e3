"""``spider play`` and ``spider serve`` (the terminal game is ``spider terminal``)."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient

from spider_solitaire import Game, cli
from spider_solitaire.server import cli as server_cli
from spider_solitaire.server.app import create_app
from spider_solitaire.server.cli import cmd_play, cmd_serve, listening_socket, start_path
from spider_solitaire.server.settings import Settings


def test_play_serve_and_terminal_are_registered() -> None:
    parser = cli.build_parser()
    play = parser.parse_args(["play", "sp1-s2c-aaaaaad", "--no-browser", "--port", "0"])
    assert (play.handler, play.code, play.no_browser, play.port, play.db) == (
        cmd_play,
        "sp1-s2c-aaaaaad",
        True,
        0,
        "",
    )
    serve = parser.parse_args(["serve"])
    assert (serve.handler, serve.host, serve.port, serve.db) == (cmd_serve, "127.0.0.1", 8000, "")
    served = parser.parse_args(["serve", "--host", "0.0.0.0", "--port", "9000", "--db", "x://"])
    assert (served.host, served.port, served.db) == ("0.0.0.0", 9000, "x://")
    assert parser.parse_args(["terminal"]).handler is cli.cmd_terminal


def test_start_path_opens_the_code_a_new_deal_or_the_current_game() -> None:
    assert start_path(" sp1-s2f-aaaaaad ", None, None) == "/?code=SP1-S2F-AAAAAAD"
    assert start_path(None, None, None) == "/"
    random_path = start_path(None, 2, "flexible")
    assert random_path.startswith("/?code=SP2-S2F-")
    assert len(random_path) == len("/?code=SP2-S2F-AAAAAAD4")


def test_play_opens_the_browser_at_the_codes_link(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    opened: list[str] = []
    calls: list[dict[str, Any]] = []

    def fake_run_server(settings: Any, **kwargs: Any) -> None:
        calls.append(kwargs)
        kwargs["on_ready"]("http://127.0.0.1:4321")

    monkeypatch.setattr(server_cli, "run_server", fake_run_server)
    monkeypatch.setattr(server_cli.webbrowser, "open", opened.append)
    assert cli.main(["play", "SP1-S2C-AAAAAAD"]) == 0
    assert opened == ["http://127.0.0.1:4321/?code=SP1-S2C-AAAAAAD"]
    # the stable port when it is free (settings live per origin), else a free one
    expected_port = server_cli.PLAY_PORT if server_cli._port_is_free("127.0.0.1", 8642) else 0
    assert (calls[0]["host"], calls[0]["port"]) == ("127.0.0.1", expected_port)
    assert "http://127.0.0.1:4321/?code=SP1-S2C-AAAAAAD" in capsys.readouterr().out
    assert cli.main(["play", "--no-browser"]) == 0
    assert len(opened) == 1


def test_play_with_a_bad_code_or_db_is_status_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["play", "SP1-S3C-AAAAAAA", "--no-browser"]) == 2
    assert "number of suits" in capsys.readouterr().err
    assert cli.main(["serve", "--db", "nosuchdb://x", "--port", "0"]) == 2
    assert "nosuchdb" in capsys.readouterr().err


def test_a_file_that_is_not_a_database_is_one_line_and_status_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("not a database, just some words\n" * 10)
    url = f"sqlite:///{notes}"
    assert cli.main(["db", "upgrade", "--db", url]) == 2
    assert capsys.readouterr().err == (
        f"spider db upgrade: database {url!r}: file is not a database\n"
    )
    assert cli.main(["serve", "--db", url, "--port", "0"]) == 2
    assert capsys.readouterr().err == f"spider serve: database {url!r}: file is not a database\n"
    assert notes.read_text() == "not a database, just some words\n" * 10


def test_the_listening_socket_lets_asyncio_turn_off_nagle() -> None:
    sock = listening_socket("127.0.0.1", 0)
    try:
        assert sock.proto == socket.IPPROTO_TCP  # asyncio sets TCP_NODELAY only then
        assert sock.getsockname()[0] == "127.0.0.1"
        assert sock.getsockname()[1] > 0
    finally:
        sock.close()


def _start(db: Path) -> tuple[subprocess.Popen[str], str]:
    command = [sys.executable, "-m", "spider_solitaire.cli", "serve", "--port", "0"]
    command += ["--db", f"sqlite:///{db}", "--log-level", "warning"]
    process = subprocess.Popen(
        command,
        stdout=subprocess.PIPE,
        text=True,
        env=os.environ | {"PYTHONUNBUFFERED": "1"},
    )
    assert process.stdout is not None
    line = process.stdout.readline()
    assert line.startswith("Spider Solitaire serving at http://127.0.0.1:"), line
    return process, line.split()[4].rstrip("/")


def test_a_killed_server_resumes_the_game_after_a_restart(tmp_path: Path) -> None:
    db = tmp_path / "served.db"
    process, base = _start(db)
    try:
        with httpx.Client(base_url=base, timeout=10) as http:
            assert http.get("/api/games/current").json()["reason"] == "no_game"
            state = http.post("/api/games", json={"code": "SP1-S2C-AAAAAAD"}).json()
            for action in ("6>1", "d", "undo"):
                body = {"version": state["version"], "action": action}
                state = http.post(f"/api/games/{state['id']}/actions", json=body).json()["state"]
            player = http.cookies["spider_player"]
    finally:
        process.send_signal(signal.SIGKILL)  # no clean shutdown: only committed data stays
        process.wait(10)
    restarted = create_app(Settings(db_url=f"sqlite:///{db}"))  # a new server, cold cache
    try:
        client = TestClient(restarted, cookies={"spider_player": player})
        assert client.get("/api/games/current").json() == state
        assert (state["version"], state["moves"], state["can_redo"]) == (3, 1, True)
    finally:
        restarted.state.store.close()


def _descendants(pid: int) -> set[int]:
    """The pids of every living descendant of ``pid`` (from /proc)."""
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            parents[int(entry.name)] = int(stat.rsplit(")", 1)[1].split()[1])
    found: set[int] = set()
    frontier = [pid]
    while frontier:
        parent = frontier.pop()
        children = [child for child, of in parents.items() if of == parent]
        found.update(children)
        frontier.extend(children)
    return found


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_a_running_solve_dies_with_a_killed_server(tmp_path: Path) -> None:
    process, base = _start(tmp_path / "served.db")
    workers: set[int] = set()
    try:
        with httpx.Client(base_url=base, timeout=10) as http:
            state = http.post("/api/games", json={"code": "SP1-S4C-AAAAAAD"}).json()
            for _ in range(5):  # all rows dealt: the solver then needs its whole 10 s
                body = {"version": state["version"], "action": "d"}
                state = http.post(f"/api/games/{state['id']}/actions", json=body).json()["state"]
            assert state["stock_rows_left"] == 0
            before = _descendants(process.pid)
            started = http.post(
                f"/api/games/{state['id']}/can-win", json={"version": state["version"]}
            )
            assert started.status_code == 202, started.text  # a job: answered at once
            deadline = time.monotonic() + 10
            while not (workers := _descendants(process.pid) - before):
                assert time.monotonic() < deadline, "a solver worker should be running"
                time.sleep(0.1)
            polled = http.get(f"/api/help-jobs/{started.json()['id']}").json()
            assert (polled["status"], polled["kind"]) == ("running", "can_win")
    finally:
        process.send_signal(signal.SIGKILL)
        process.wait(10)
    deadline = time.monotonic() + 5
    while any(_alive(pid) for pid in workers) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not [pid for pid in workers if _alive(pid)]


def test_the_default_database_is_a_sqlite_file_in_the_user_data_dir(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from spider_solitaire.server import settings as settings_module

    calls: list[tuple[str, object]] = []

    def fake_user_data_dir(name: str, appauthor: object) -> str:
        calls.append((name, appauthor))
        return str(tmp_path / "data" / name)

    monkeypatch.setattr(settings_module, "user_data_dir", fake_user_data_dir)
    url = Settings().database_url()
    assert url == f"sqlite:///{tmp_path / 'data' / 'spider-solitaire' / 'games.db'}"
    assert calls == [("spider-solitaire", False)]
    assert (tmp_path / "data" / "spider-solitaire").is_dir()
    assert Settings(db_url="sqlite:///x.db").database_url() == "sqlite:///x.db"


def test_play_falls_back_to_a_free_port_when_its_own_is_taken(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    calls: list[dict[str, Any]] = []
    monkeypatch.setattr(server_cli, "run_server", lambda settings, **kwargs: calls.append(kwargs))
    holder = server_cli.listening_socket("127.0.0.1", 0)
    monkeypatch.setattr(server_cli, "PLAY_PORT", holder.getsockname()[1])
    holder.listen()
    try:
        assert cli.main(["play", "--no-browser"]) == 0
    finally:
        holder.close()
    assert calls[0]["port"] == 0


def test_port_must_be_0_to_65535(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        cli.main(["play", "--port", "99999"])
    assert info.value.code == 2
    assert "'99999' is not a port number 0-65535" in capsys.readouterr().err


def test_db_upgrade_help_names_spider_db_url_as_the_default(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    with pytest.raises(SystemExit) as done:
        cli.main(["db", "upgrade", "--help"])
    assert done.value.code == 0
    help_text = " ".join(capsys.readouterr().out.split())
    assert (
        "--db DB SQLAlchemy URL (default: $SPIDER_DB_URL, else games.db in the user data dir)"
        in help_text
    )
    # and it is true: with no --db, the variable's database is the one upgraded
    url = f"sqlite:///{tmp_path / 'from-env.db'}"
    monkeypatch.setenv("SPIDER_DB_URL", url)
    assert cli.main(["db", "upgrade"]) == 0
    assert capsys.readouterr().out.startswith(f"{url}: upgraded from revision (empty) to ")


def test_play_opens_the_deal_a_file_gives_and_refuses_what_the_page_cannot_open(
    tmp_path: Path,
) -> None:
    from spider_solitaire.game_text import GameTextError

    deal = Game.from_code("SP1-ETTE-S1C-AAAAAAD")
    path = tmp_path / "deal.txt"
    path.write_text(f"SP1-ETTE-S1C-AAAAAAD\n{deal.position_text()}")  # as `spider deal` prints
    assert start_path(str(path), None, None) == "/?code=SP1-ETTE-S1C-AAAAAAD"
    path.write_text(deal.position_text())
    with pytest.raises(GameTextError, match="gives a position without a code"):
        start_path(str(path), None, None)
    path.write_text("SP1-ETTE-S1C-AAAAAAD\nd\n")
    with pytest.raises(GameTextError, match="gives actions after its start"):
        start_path(str(path), None, None)
