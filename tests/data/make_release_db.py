"""Make ``release-0.1.0.db`` and ``release-0.1.0.json``: a games database made by the 0.1.0
release (tables made by ``create_all``, no ``alembic_version``), and what that release's
server showed of it.

Run it once with the release's own ``spider`` (it is not a test; the fixture it makes is
committed beside it, and ``tests/server/test_migrations.py`` reads both)::

    python tests/data/make_release_db.py --spider /path/to/release/.venv/bin/spider

It plays through the HTTP API, as the browser does: two players; a 2-suit game with moves,
an auto-move, a deal, undo and redo (its redo stack is left non-empty); a 4-suit Flexible
game played, restarted and played on; a 1-suit game with a hint (so it is assisted); a
small position played to a win; and a 1-suit game with a deal and an undo, left as the
second player's current game. It records every game's state and each player's current
game, then, on a copy of the database, a continuation: more actions on every game (undo,
redo, moves, a restart, refusals), with the status and body the release answered.
"""

from __future__ import annotations

import argparse
import json
import shutil
import sqlite3
import subprocess
import tempfile
from pathlib import Path
from typing import Any

import httpx

RELEASE = "0.1.0"
HERE = Path(__file__).resolve().parent

WIN_IN_THREE = "\n".join(
    [
        "rules: S1C",
        "stock:",
        "1: | KS QS JS TS 9S 8S 7S 6S 5S 4S",
        "2: AS | 2S",
        "3: | 3S",
        *(f"{n}: |" for n in range(4, 11)),
    ]
)
"""A small position won in three moves: 3>1, 2>1 (turns up the Ace), 2>1."""


def start(spider: str, db: Path) -> tuple[subprocess.Popen[str], str]:
    """Start the release's ``spider serve`` on ``db``; return it and its base URL."""
    command = [spider, "serve", "--port", "0", "--db", f"sqlite:///{db}"]
    command += ["--log-level", "warning"]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, text=True)
    assert process.stdout is not None
    line = process.stdout.readline()
    if "serving at http://127.0.0.1:" not in line:
        process.kill()
        raise SystemExit(f"the server did not start: {line!r}")
    return process, line.split()[4].rstrip("/")


def stop(process: subprocess.Popen[str], db: Path) -> None:
    """Stop the server and fold its write-ahead log into the database file."""
    process.terminate()
    process.wait(10)
    with sqlite3.connect(db) as connection:
        connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        connection.execute("PRAGMA journal_mode=DELETE")
    connection.close()
    for suffix in ("-wal", "-shm"):
        Path(f"{db}{suffix}").unlink(missing_ok=True)


def first_move(state: dict[str, Any]) -> str:
    """The first listed group with a target, moved to its first target."""
    group = next(group for group in state["groups"] if group["targets"])
    return f"{group['column']}:{group['count']}>{group['targets'][0]}"


class Player:
    """One browser: its own cookie jar."""

    def __init__(self, base: str) -> None:
        self.http = httpx.Client(base_url=base, timeout=30)

    def new(self, body: dict[str, Any]) -> dict[str, Any]:
        response = self.http.post("/api/games", json=body)
        assert response.status_code == 201, response.text
        state: dict[str, Any] = response.json()
        return state

    def act(self, state: dict[str, Any], action: str, **extra: Any) -> dict[str, Any]:
        body = {"version": state["version"], "action": action, **extra}
        response = self.http.post(f"/api/games/{state['id']}/actions", json=body)
        assert response.status_code == 200, response.text
        answer: dict[str, Any] = response.json()["state"]
        return answer

    def play(self, state: dict[str, Any], actions: list[str]) -> dict[str, Any]:
        for action in actions:
            state = self.act(state, first_move(state) if action == "first" else action)
        return state


def make(spider: str, db: Path) -> dict[str, Any]:
    """Play the games on a new database ``db``; return the players' cookies and game ids."""
    process, base = start(spider, db)
    try:
        a, b = Player(base), Player(base)
        a1 = a.play(a.new({"code": "SP1-S2C-AAAAAAD"}), ["6>1", "8>7", "first", "d"])
        group = next(group for group in a1["groups"] if group["auto"] is not None)
        a1 = a.act(a1, "auto", column=group["column"], count=group["count"])
        a1 = a.play(a1, ["first", "undo", "undo", "redo"])
        a2 = a.play(a.new({"code": "SP1-S4F-4AADIG4"}), ["first", "first", "d", "first"])
        a2 = a.play(a2, ["restart", "first", "first"])
        a3 = a.play(a.new({"code": "SP1-S1C-MJYDHAX"}), ["first"])
        hint = a.http.post(f"/api/games/{a3['id']}/hint", json={"version": a3["version"]})
        assert hint.status_code == 200 and hint.json()["state"]["assisted"], hint.text
        a3 = a.play(hint.json()["state"], ["first", "first"])
        b1 = b.play(b.new({"position": WIN_IN_THREE}), ["3>1", "2>1", "2>1"])
        assert b1["is_won"], b1
        b2 = b.play(b.new({"code": "SP1-S1C-MJYDHAX"}), ["first", "d", "first", "undo"])
        games = {"a1": a1, "a2": a2, "a3": a3, "b1": b1, "b2": b2}
        return {
            "cookies": {
                "a": a.http.cookies["spider_player"],
                "b": b.http.cookies["spider_player"],
            },
            "games": {
                name: {"player": name[0], "id": state["id"]} for name, state in games.items()
            },
        }
    finally:
        stop(process, db)


CONTINUATION: dict[str, list[str]] = {
    "a1": ["redo", "undo", "undo", "first", "d", "redo"],
    "a2": ["undo", "undo", "undo", "first", "restart", "first"],
    "a3": ["first", "undo", "redo", "3:13>1"],
    "b1": ["undo", "redo", "2>1"],
    "b2": ["redo", "first", "undo", "restart", "d"],
}
"""What the continuation plays on each game ("first": the first listed move); refusals
(nothing left to redo, an illegal move, acting on a won game) are answers too."""


def record(spider: str, db: Path, made: dict[str, Any]) -> dict[str, Any]:
    """Ask the release's server, on a copy of ``db``, for every game, each player's current
    game, then the continuation; return the answers."""
    with tempfile.TemporaryDirectory() as directory:
        copy = Path(directory) / "copy.db"
        shutil.copyfile(db, copy)
        process, base = start(spider, copy)
        try:
            http = {
                player: httpx.Client(base_url=base, cookies={"spider_player": cookie})
                for player, cookie in made["cookies"].items()
            }
            games = {}
            for name, game in made["games"].items():
                state = http[game["player"]].get(f"/api/games/{game['id']}").json()
                games[name] = game | {"state": state}
            current = {
                player: client.get("/api/games/current").json() for player, client in http.items()
            }
            steps = []
            for name, actions in CONTINUATION.items():
                client = http[games[name]["player"]]
                state = games[name]["state"]
                for action in actions:
                    text = first_move(state) if action == "first" else action
                    body = {"version": state["version"], "action": text}
                    response = client.post(f"/api/games/{state['id']}/actions", json=body)
                    answer = response.json()
                    steps.append(
                        {"game": name, "request": body, "status": response.status_code}
                        | {"answer": answer}
                    )
                    state = answer.get("state", state)
        finally:
            stop(process, copy)
    return {
        "release": RELEASE,
        "cookies": made["cookies"],
        "games": games,
        "current": current,
        "continuation": steps,
    }


def main() -> int:
    """Make the fixture (see the module docstring)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--spider", required=True, help="the release's spider command")
    parser.add_argument("--out", type=Path, default=HERE, help="where to write the fixture")
    args = parser.parse_args()
    db = args.out / f"release-{RELEASE}.db"
    db.unlink(missing_ok=True)
    made = make(args.spider, db)
    recorded = record(args.spider, db, made)
    text = json.dumps(recorded, indent=1, sort_keys=True) + "\n"
    (args.out / f"release-{RELEASE}.json").write_text(text)
    print(f"wrote {db} and its JSON: {len(recorded['continuation'])} continuation steps")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
