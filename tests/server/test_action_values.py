"""Every spelling the action grammar accepts, through the API: the text is read once into
a value where the request comes in, and that value (not the text) decides what is played,
what the log keeps (canonical text) and what the announcement says, in English and
Spanish (issue 29, item 1: ``u`` was announced as the move it undid, ``r`` without
"Redone.").
"""

from __future__ import annotations

from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from boards import RUN_S, board

from .conftest import act, new_game

LANGUAGE_HEADERS = {"en": {"Accept-Language": "en"}, "es": {"Accept-Language": "es"}}

FIRST = "6:1>1"
"""Played first in :data:`~.conftest.CODE`, so that there is something to undo."""

FIRST_SAID = {
    "en": "Moved the ace of spades from column 6 to column 1. "
    "Turned up the 5 of hearts in column 6.",
    "es": "Movida la carta as de picas de la columna 6 a la columna 1. "
    "Carta descubierta en la columna 6: 5 de corazones.",
}
SECOND_SAID = {
    "en": "Moved the 3 of spades from column 8 to column 7. Turned up the 5 of hearts in column 8.",
    "es": "Movida la carta 3 de picas de la columna 8 a la columna 7. "
    "Carta descubierta en la columna 8: 5 de corazones.",
}
"""What ``8:1>7`` says after :data:`FIRST`."""
UNDONE = {"en": "Undone.", "es": "Deshecho."}
REDONE = {"en": "Redone.", "es": "Rehecho."}
RESTARTED = {"en": "Restarted the same deal.", "es": "Reiniciada la misma partida."}
DEALT = {"en": "Dealt a row.", "es": "Fila repartida."}
REMOVED = {
    "en": "A run of spades is complete and removed.",
    "es": "Escalera de picas completa y retirada.",
}

UNDO = ["undo", "u", "U", "UNDO", " undo ", "\tUndo\n"]
REDO = ["redo", "r", "R", "REDO", " redo "]
RESTART = ["restart", "RESTART", " Restart "]
DEAL = ["d", "D", "deal", "DEAL", " deal "]
MOVE = ["8>7", "8:1>7", " 8>7 ", "\t8:1>7\n"]
TAKE_OFF = ["t3", "T3", "take3", "TAKE3", " t3 "]
AUTO = ["auto", "AUTO", " Auto "]
LANGUAGES = ["en", "es"]


def _act(
    client: TestClient, state: dict[str, Any], action: str, language: str, **extra: Any
) -> Any:
    """POST ``action`` for ``state`` in ``language``; assert 200; return the answer."""
    body = {"version": state["version"], "action": action, **extra}
    response = client.post(
        f"/api/games/{state['id']}/actions", json=body, headers=LANGUAGE_HEADERS[language]
    )
    assert response.status_code == 200, response.text
    answer: dict[str, Any] = response.json()
    return answer


def _cards(state: dict[str, Any]) -> list[tuple[int, list[str], list[int]]]:
    """The table's cards as a state shows them (face-down counts, face-up cards, ids)."""
    return [(column["face_down"], column["face_up"], column["ids"]) for column in state["columns"]]


def _log(app: FastAPI, state: dict[str, Any]) -> list[str]:
    """The game's action log as stored: canonical texts."""
    return [str(action) for action in app.state.store.games.actions(state["id"])]


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("spelling", UNDO)
def test_every_undo_spelling_undoes_and_says_so(
    client: TestClient, app: FastAPI, spelling: str, language: str
) -> None:
    start = new_game(client)
    first = _act(client, start, FIRST, language)
    assert first["announcement"] == FIRST_SAID[language]
    undone = _act(client, first["state"], spelling, language)
    assert undone["announcement"] == UNDONE[language]
    state = undone["state"]
    assert (state["version"], state["moves"], state["can_undo"], state["can_redo"]) == (
        2,
        0,
        False,
        True,
    )
    assert _cards(state) == _cards(start)
    assert _log(app, state) == [FIRST, "undo"]
    # after a deal too (``u`` after a deal was announced as nothing at all)
    dealt = _act(client, _act(client, state, FIRST, language)["state"], "d", language)
    assert dealt["state"]["stock_rows_left"] == 4
    undealt = _act(client, dealt["state"], spelling, language)
    assert undealt["announcement"] == UNDONE[language]
    assert (undealt["state"]["stock_rows_left"], undealt["state"]["moves"]) == (5, 1)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("spelling", REDO)
def test_every_redo_spelling_redoes_and_says_so(
    client: TestClient, app: FastAPI, spelling: str, language: str
) -> None:
    first = _act(client, new_game(client), FIRST, language)
    undone = _act(client, first["state"], "undo", language)
    redone = _act(client, undone["state"], spelling, language)
    assert redone["announcement"] == f"{REDONE[language]} {FIRST_SAID[language]}"
    state = redone["state"]
    assert state | {"version": 1} == first["state"]
    assert (state["version"], state["can_redo"]) == (3, False)
    assert _log(app, state) == [FIRST, "undo", "redo"]


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("spelling", RESTART)
def test_every_restart_spelling_restarts_and_says_so(
    client: TestClient, app: FastAPI, spelling: str, language: str
) -> None:
    start = new_game(client)
    first = _act(client, start, FIRST, language)
    restarted = _act(client, first["state"], spelling, language)
    assert restarted["announcement"] == RESTARTED[language]
    state = restarted["state"]
    assert (state["moves"], state["score"], state["can_undo"], state["can_redo"]) == (
        0,
        500,
        False,
        False,
    )
    assert _cards(state) == _cards(start)
    assert _log(app, state) == [FIRST, "restart"]


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("spelling", DEAL)
def test_every_deal_spelling_deals_and_says_so(
    client: TestClient, app: FastAPI, spelling: str, language: str
) -> None:
    first = _act(client, new_game(client), FIRST, language)
    dealt = _act(client, first["state"], spelling, language)
    assert dealt["announcement"] == DEALT[language]
    state = dealt["state"]
    assert (state["stock_rows_left"], state["moves"], state["score"]) == (4, 2, 498)
    assert _log(app, state) == [FIRST, "d"]


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("spelling", MOVE)
def test_every_move_spelling_moves_and_says_so(
    client: TestClient, app: FastAPI, spelling: str, language: str
) -> None:
    first = _act(client, new_game(client), FIRST, language)
    moved = _act(client, first["state"], spelling, language)
    assert moved["announcement"] == SECOND_SAID[language]
    assert moved["state"]["columns"][6]["face_up"][-1] == "3S"
    assert _log(app, moved["state"]) == [FIRST, "8:1>7"]


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("spelling", AUTO)
def test_every_auto_spelling_plays_the_double_click_and_says_so(
    client: TestClient, app: FastAPI, spelling: str, language: str
) -> None:
    first = _act(client, new_game(client), FIRST, language)
    moved = _act(client, first["state"], spelling, language, column=8, count=1)
    assert moved["announcement"] == SECOND_SAID[language]
    assert _log(app, moved["state"]) == [FIRST, "8:1>7"]  # the log keeps the move made


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("spelling", TAKE_OFF)
def test_every_take_off_spelling_in_spider_1949_takes_the_run_off(
    client: TestClient, app: FastAPI, spelling: str, language: str
) -> None:
    position = board({1: "| 5S", 3: f"| {RUN_S} AS"}, rules="S1C", variant="spider-1949")
    start = new_game(client, position=position)
    taken = _act(client, start, spelling, language)
    assert taken["announcement"] == REMOVED[language]
    state = taken["state"]
    assert (state["removed"], state["columns"][2]["face_up"], state["score"]) == (
        ["S"],
        [],
        600,
    )  # a take-off is no move: +100
    assert _log(app, state) == ["t3"]
    undone = _act(client, state, "u", language)
    assert undone["announcement"] == UNDONE[language]
    assert undone["state"]["removed"] == []


def test_a_column_past_a_seven_column_game_is_quoted_as_typed(client: TestClient) -> None:
    state = new_game(client, variant="spiderette", suits=1)
    # read at the edge with columns 1-10, refused by the engine: quoted whole
    for text, quoted, column in (
        ("t8", "'t8'", 8),
        (" t8 ", "'t8'", 8),
        ("8>2", "'8>2'", 8),
        ("3:1>9", "'3:1>9'", 9),
    ):
        response = act(client, state, text)
        body = response.json()
        assert (response.status_code, body["reason"], body["problem"]) == (
            400,
            "bad_action",
            "column_range",
        )
        assert body["message"] == (
            f"{quoted}: there is no column {column}; the columns are numbered 1 to 7."
        )
