"""The record's other views: the history, replays of the whole log (the owner's and shared
ones, checked for hidden cards), the exported game record and transfer codes."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from spider_solitaire import Game
from spider_solitaire.cli import main
from spider_solitaire.messages import card_names
from spider_solitaire.moves import parse_game_record
from spider_solitaire.server.app import create_app
from spider_solitaire.server.settings import Settings

from .conftest import Clock, act, board, new_game
from .record_wins import WINS
from .test_hidden import check_body
from .test_record import play, win

D, E, F = WINS
LOGGED = [*WINS[D][:4], "undo", "undo", "redo", "restart", "6:1>1", "d"]
"""A log with every kind of entry: moves, undo, redo, restart, a deal."""


@pytest.mark.slow
def test_the_history_pages_newest_first_with_each_status(client: TestClient, clock: Clock) -> None:
    lost = play(client, new_game(client, code=D), WINS[D][:3], clock)
    won = win(client, E, clock, confirm=["abandon"])
    practice = play(client, new_game(client, code=E, confirm=["practice"]), ["d"], clock)
    clock.advance(1)
    current = new_game(client, code=F)  # no action yet: listed as the current game
    page = client.get("/api/history").json()
    assert (page["page"], page["pages"], page["total"]) == (1, 1, 4)
    rows = [
        (g["game_id"], g["status"], g["status_label"], g["score"], g["moves"], g["current"])
        for g in page["games"]
    ]
    assert rows == [
        (current["id"], "playing", "In progress", 500, 0, True),
        (practice["id"], "practice", "Practice", 499, 1, False),
        (won["id"], "won", "Won", 1202, 98, False),
        (lost["id"], "lost", "Lost", 497, 3, False),
    ]
    first = page["games"][3]
    assert first == {
        "game_id": lost["id"],
        "started_at": "2026-12-01T12:00:00Z",
        "label": "1 suit",
        "code": D,
        "status": "lost",
        "status_label": "Lost",
        "score": 497,
        "moves": 3,
        "playing_ms": 3000,
        "assisted": False,
        "current": False,
        "decided_at": "2026-12-01T12:00:03Z",  # left for the next game after its 3 moves
        "stars": None,  # not a rated deal (levels.py)
        "stars_label": None,
    }
    spanish = client.get("/api/history", headers={"Accept-Language": "es"}).json()
    assert [g["status_label"] for g in spanish["games"]] == [
        "En curso",
        "Práctica",
        "Ganada",
        "Perdida",
    ]
    assert client.get("/api/history?page=2").json()["reason"] == "bad_page"
    assert client.get("/api/history?page=0").status_code == 400


def test_the_history_has_pages_of_twenty(client: TestClient, clock: Clock) -> None:
    for _ in range(21):
        clock.advance(1)
        play(client, new_game(client, code=D, confirm=["abandon"]), ["6:1>1"], clock)
    first = client.get("/api/history").json()
    second = client.get("/api/history?page=2").json()
    assert (len(first["games"]), first["pages"], first["total"]) == (20, 2, 21)
    assert len(second["games"]) == 1 and second["games"][0]["status"] == "lost"
    assert first["games"][0]["current"] and first["games"][0]["status"] == "playing"
    assert TestClient(client.app).get("/api/history").json()["total"] == 0  # nobody's


@pytest.fixture
def short_undo(migrated_sqlite: Callable[[str], str], clock: Clock) -> Any:
    """An app whose games undo at most 2 actions (the log is replayed whole anyway)."""
    app = create_app(Settings(db_url=migrated_sqlite("short.db"), undo_limit=2))
    app.state.store.clock = clock
    yield app
    app.state.store.close()


def test_a_replay_goes_through_the_whole_log_as_the_player_saw_it(short_undo: FastAPI) -> None:
    with TestClient(short_undo) as client:
        state = new_game(client, code=D)
        for action in LOGGED:
            answer = act(client, state, action)
            assert answer.status_code == 200, (action, answer.text)
            state = answer.json()["state"]
        log = client.get(f"/api/games/{state['id']}/replay").json()
        assert log["steps"] == 10
        assert [a["action"] for a in log["actions"]] == [
            "6:1>1", "7:1>6", "d", "6:3>5", "undo", "undo", "redo", "restart", "6:1>1", "d",
        ]  # fmt: skip
        labels = [a["label"] for a in log["actions"]]
        assert labels[0] == "Moved the ace of spades from column 6 to column 1. " + (
            "Turned up the 5 of spades in column 6."
        )
        assert labels[4:8] == ["Undone.", "Undone.", labels[2].join(["Redone. ", ""]), (
            "Restarted the same deal."
        )]  # fmt: skip
        mirror = Game.from_code(D, undo_limit=2)
        for step in range(11):
            response = client.get(f"/api/games/{state['id']}/replay/{step}")
            body = response.json()
            assert body["step"] == step and body["state"]["version"] == step
            assert body["state"]["record"] is None and body["state"]["labels"]["time"] is None
            check_body(body, response.text, mirror)  # only what the player saw then
            assert body["label"] == (labels[step - 1] if step else "The deal as it was dealt.")
            if step < 10:
                mirror.act(LOGGED[step])
        assert client.get(f"/api/games/{state['id']}/replay/11").json()["reason"] == (
            "no_replay_step"
        )
        assert client.get(f"/api/games/{state['id']}/replay/-1").status_code == 404
        other = TestClient(short_undo)
        assert other.get(f"/api/games/{state['id']}/replay").status_code == 404
        assert other.get(f"/api/games/{state['id']}/replay/0").status_code == 404


def test_a_shared_replay_shows_the_game_and_nothing_else_of_the_owner(
    app: FastAPI, client: TestClient, clock: Clock, make_client: Callable[[], TestClient]
) -> None:
    state = play(client, new_game(client, code=D), LOGGED, clock)
    refused = client.post(f"/api/games/{state['id']}/share")
    assert (refused.status_code, refused.json()["reason"]) == (409, "not_finished")
    new_game(client, code=E, confirm=["abandon"])  # now it is finished: lost
    link = client.post(f"/api/games/{state['id']}/share").json()
    share_id = link["share_id"]
    assert re.fullmatch(r"[A-Za-z0-9_-]{22}", share_id) and link["url"] == f"/replay/{share_id}"
    assert client.post(f"/api/games/{state['id']}/share").json() == link  # the same link
    stranger = make_client()
    assert stranger.post(f"/api/games/{state['id']}/share").status_code == 404
    log = stranger.get(f"/api/replays/{share_id}")
    assert log.status_code == 200 and log.json()["steps"] == 10
    assert state["id"] not in log.text
    mirror = Game.from_code(D)
    for step in range(11):
        response = stranger.get(f"/api/replays/{share_id}/{step}")
        assert state["id"] not in response.text
        assert response.json()["state"]["id"] == share_id
        check_body(response.json(), response.text, mirror)
        if step < 10:
            mirror.act(LOGGED[step])
    for address in (f"/replay/{share_id}", f"/replay/{share_id}/"):
        page = stranger.get(address)
        assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
        assert 'id="replay-bar"' in page.text  # the table's page, which shows the replay
    assert client.delete(f"/api/games/{state['id']}/share").status_code == 204
    assert stranger.get(f"/api/replays/{share_id}").json()["reason"] == "not_found"
    assert stranger.get(f"/api/replays/{share_id}/0").status_code == 404
    malformed = stranger.get("/api/replays/not-a-share-id")
    assert (malformed.status_code, malformed.json()["reason"]) == (422, "bad_id")
    # the removed link's page is no dead end: it says so and leads to the table
    removed = stranger.get(f"/replay/{share_id}")
    assert removed.status_code == 404 and MISSING_EN in removed.text


def test_a_shared_link_shows_the_game_as_it_was_when_shared(
    client: TestClient, clock: Clock, make_client: Callable[[], TestClient]
) -> None:
    """Issue 31, item 6: a lost game shared, then reopened and won, still shows on its link
    the 10 actions it had and its loss; the owner's own replay shows the whole game and its win."""
    state = play(client, new_game(client, code=D), WINS[D][:10], clock)
    new_game(client, code=E, confirm=["abandon"])  # now it is finished: lost
    share_id = client.post(f"/api/games/{state['id']}/share").json()["share_id"]
    opened = client.post(f"/api/games/{state['id']}/open", json={})
    assert opened.status_code == 200
    won = play(client, opened.json(), WINS[D][10:], clock)
    assert won["is_won"] and won["version"] == len(WINS[D])
    stranger = make_client()
    log = stranger.get(f"/api/replays/{share_id}").json()
    assert (log["steps"], log["about"]["outcome"]) == (10, "lost")
    assert [entry["action"] for entry in log["actions"]] == WINS[D][:10]
    last = stranger.get(f"/api/replays/{share_id}/10").json()
    assert last["state"]["version"] == 10 and not last["state"]["is_won"]
    after = stranger.get(f"/api/replays/{share_id}/11")
    assert (after.status_code, after.json()["reason"]) == (404, "no_replay_step")
    # the same link asked again is the same, as it was; the owner's replay has it all
    assert client.post(f"/api/games/{state['id']}/share").json()["share_id"] == share_id
    own = client.get(f"/api/games/{state['id']}/replay").json()
    assert (own["steps"], own["about"]["outcome"]) == (len(WINS[D]), "won")


MISSING_EN = (
    "<h1>No replay here</h1>\n<p>There is no replay at this address: the link may be "
    "mistyped, or its owner removed it.</p>\n"
    '<p><a id="replay-missing-back" class="rule-back" href="/">Go to the table and play</a></p>'
)
"""The heart of the page of a replay link that leads nowhere, in English."""


@pytest.mark.parametrize("share", ["XXXX", "A" * 22, "%C0%80", "A" * 300, "a/b", "A%2F"])
def test_a_replay_link_that_leads_nowhere_is_a_page_with_a_way_to_the_table(
    client: TestClient, share: str
) -> None:
    """A mistyped or unknown share link gets a 404 page for a person (not JSON, not an
    empty table): the catalog's sentence, in the player's language, and a link to ``/``."""
    english = client.get(f"/replay/{share}")
    assert english.status_code == 404
    assert english.headers["content-type"] == "text/html; charset=utf-8"
    assert english.headers["cache-control"] == "no-cache"
    assert '<html lang="en">' in english.text and MISSING_EN in english.text
    assert "<title>No replay here · Spider Solitaire</title>" in english.text
    spanish = client.get(f"/replay/{share}", headers={"Accept-Language": "es-ES,es;q=0.9"})
    assert spanish.status_code == 404 and '<html lang="es">' in spanish.text
    assert (
        "<h1>Aquí no hay ninguna repetición</h1>\n<p>No hay ninguna repetición en esta "
        "dirección: puede que el enlace esté mal escrito o que su dueño lo haya quitado.</p>"
    ) in spanish.text
    assert '<a id="replay-missing-back" class="rule-back" href="/">Ir a la mesa y jugar</a>' in (
        spanish.text
    )
    client.cookies.set("spider_lang", "es")  # the language chosen in the table's Settings
    assert '<html lang="es">' in client.get(f"/replay/{share}").text
    assert client.head(f"/replay/{share}").status_code == 404


def test_the_export_holds_every_action_and_spider_replay_reads_it(
    client: TestClient, clock: Clock, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    state = play(client, new_game(client, code=D), LOGGED, clock)
    response = client.get(f"/api/games/{state['id']}/export")
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/plain")
    assert response.headers["content-disposition"] == (
        f'attachment; filename="spider-{D}-20261201-1200.txt"'
    )
    assert response.text == (
        "# started: 2026-12-01T12:00:00Z\n"
        "# variant: spider\n"
        "# rules: S1C\n"
        "# actions: 10\n"
        "# score: 498\n"
        "# moves: 2\n"
        "# won: no\n"
        f"{D}\n"
        "6:1>1 7:1>6 d 6:3>5 u u r restart 6:1>1 d\n"
    )
    code, actions = parse_game_record(response.text)
    assert code == D and [str(a) for a in actions] == [
        "6:1>1", "7:1>6", "d", "6:3>5", "undo", "undo", "redo", "restart", "6:1>1", "d",
    ]  # fmt: skip
    record = tmp_path / "game.txt"
    record.write_text(response.text)
    assert main(["replay", str(record)]) == 0
    mirror = Game.from_code(D)
    for action in LOGGED:
        mirror.act(action)
    out = capsys.readouterr().out
    assert out == mirror.position_text() + "score 498, moves 2\n"
    assert TestClient(client.app).get(f"/api/games/{state['id']}/export").status_code == 404


def test_the_export_of_a_game_from_a_position(
    client: TestClient, clock: Clock, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    position = board({1: "| KS QS JS TS 9S 8S 7S 6S 5S 4S 3S", 2: "| AS", 3: "| 2S"})
    state = play(client, new_game(client, position=position), ["3>1", "undo", "3>1"], clock)
    text = client.get(f"/api/games/{state['id']}/export").text
    assert text.splitlines()[-1] == "3:1>1 u 3:1>1"
    start = tmp_path / "start.txt"
    start.write_text(position)
    record = tmp_path / "game.txt"
    record.write_text(text)
    assert main(["replay", "--position", str(start), str(record)]) == 0
    assert capsys.readouterr().out.endswith("score 499, moves 1\n")


RUN = "KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S"
"""A run of spades from King to 2: with the Ace it is complete."""


def test_the_export_of_a_1949_game_names_it_and_replays_as_1949(
    client: TestClient, clock: Clock, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The record of a spider-1949 game says so (``# variant:``), and ``spider replay FILE``
    alone replays it as 1949: from a code (which names it) and from a position (whose start
    the record gives in comments). Its take-off ``t1`` is an action of 1949 alone."""
    dealt = play(client, new_game(client, variant="spider-1949", suits=1), ["d"], clock)
    text = client.get(f"/api/games/{dealt['id']}/export").text
    assert text.splitlines()[1:3] == ["# variant: spider-1949", "# rules: S1C"]
    assert text.splitlines()[-1] == "d"
    record = tmp_path / "dealt.txt"
    record.write_text(text)
    assert main(["replay", str(record)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("variant: spider-1949\nrules: S1C\nscore: 499\nmoves: 1\n")

    start = board({1: f"| {RUN}", 2: "| AS"}, variant="spider-1949")
    created = client.post("/api/games", json={"position": start, "confirm": ["abandon"]})
    state = play(client, created.json(), ["2>1", "t1"], clock)
    assert (state["removed"], state["is_won"]) == (["S"], True)
    text = client.get(f"/api/games/{state['id']}/export").text
    lines = text.splitlines()
    assert lines[1:3] == ["# variant: spider-1949", "# rules: S1C"]
    assert lines[7:10] == ["# start position:", "# variant: spider-1949", "# rules: S1C"]
    assert lines[-1] == "2:1>1 t1"
    record = tmp_path / "taken.txt"
    record.write_text(text)
    assert main(["replay", str(record)]) == 0  # no --position: the record gives it
    mirror = Game.from_position(start, strict=False)
    for action in ("2:1>1", "t1"):
        mirror.act(action)
    out = capsys.readouterr().out
    assert out == mirror.position_text() + "score 599, moves 1, won\n"
    assert out.startswith("variant: spider-1949\n")


@pytest.mark.slow
def test_a_transfer_code_moves_the_record_once(
    client: TestClient, clock: Clock, make_client: Callable[[], TestClient]
) -> None:
    win(client, D, clock)
    code = client.post("/api/transfer").json()
    assert re.fullmatch(r"[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}", code["code"])
    assert code["expires_at"] == "2026-12-01T12:11:36Z"  # 10 minutes after 12:01:36
    other = make_client()
    claimed = other.post(
        "/api/transfer/claim", json={"code": code["code"].lower().replace("-", " ")}
    )
    assert claimed.status_code == 200
    assert claimed.json() == {"message": "This browser now holds your record."}
    stats = other.get("/api/stats").json()
    assert stats["variants"][0]["unassisted"]["won"] == 1
    again = make_client().post("/api/transfer/claim", json={"code": code["code"]})
    assert (again.status_code, again.json()["reason"]) == (410, "transfer_used")
    late = client.post("/api/transfer").json()
    clock.advance(601)
    expired = make_client().post("/api/transfer/claim", json={"code": late["code"]})
    assert (expired.status_code, expired.json()["reason"]) == (410, "transfer_expired")
    unknown = make_client().post("/api/transfer/claim", json={"code": "AAAA-AAAA"})
    assert (unknown.status_code, unknown.json()["reason"]) == (404, "transfer_unknown")
    assert make_client().post("/api/transfer/claim", json={"code": "0000"}).status_code == 404
    long = make_client().post("/api/transfer/claim", json={"code": "ABCD-EFGH" * 8})
    assert (long.status_code, long.json()["reason"]) == (404, "transfer_unknown")
    nobody = make_client().post("/api/transfer")
    assert (nobody.status_code, nobody.json()["reason"]) == (404, "no_game")


def test_the_statistics_and_history_name_no_card(client: TestClient, clock: Clock) -> None:
    play(client, new_game(client, code=D), WINS[D][:20], clock)
    new_game(client, code=E, confirm=["abandon"])
    names = set(card_names("en").values()) | set(card_names("es").values())
    for address in ("/api/stats", "/api/history"):
        for language in ("en", "es"):
            text = client.get(address, headers={"Accept-Language": language}).text
            assert not [name for name in names if name in text], address
            assert not re.search(r'"[A2-9TJQK][SHDC]"', text), address
