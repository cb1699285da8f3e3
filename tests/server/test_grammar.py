"""One grammar of an action's text: the engine's parser (``moves.parse_action``) is the
only reader, so the odd spellings get the same answer on every path: the parser,
``Game.act``, the API's live action, and the server's replay of the saved action log.

Accepted: the same action (canonical text) and the same position. Refused: the same
reason code (``InvalidMoveError.reason``, the API's ``problem`` under 400 ``bad_action``;
a refusal of the rules is the same 422 reason), with the catalog's sentence as the API's
message in English and Spanish.
"""

from __future__ import annotations

from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from spider_solitaire import Game, IllegalMoveError, InvalidMoveError, Move
from spider_solitaire.errors import NOTATION_REASONS
from spider_solitaire.messages import LANGUAGES, explain
from spider_solitaire.moves import parse_action

from .conftest import CODE, act, new_game

FIRST = "6:1>1"
"""Played before each spelling, so that undo has something to take back."""

Answer = tuple[str, str, dict[str, Any]]
"""``("ok", canonical action, {})``, ``("bad", notation reason, params)`` or
``("illegal", rules reason, {})``."""

SPELLINGS: list[tuple[str, Answer]] = [
    ("8:1>7", ("ok", "8:1>7", {})),
    ("8>7", ("ok", "8:1>7", {})),
    (" 8>7 ", ("ok", "8:1>7", {})),
    ("\t8:1>7\n", ("ok", "8:1>7", {})),
    (" D ", ("ok", "d", {})),
    ("DEAL", ("ok", "d", {})),
    ("UNDO", ("ok", "undo", {})),
    ("\tundo ", ("ok", "undo", {})),
    ("u", ("ok", "undo", {})),
    ("Restart", ("ok", "restart", {})),
    ("Redo", ("illegal", "nothing_to_redo", {})),
    ("3>7", ("illegal", "not_one_higher", {})),
    ("3\t>7", ("bad", "white_space", {"action": "3\t>7"})),
    ("3 > 7", ("bad", "white_space", {"action": "3 > 7"})),
    ("8: 1>7", ("bad", "white_space", {"action": "8: 1>7"})),
    ("un do", ("bad", "white_space", {"action": "un do"})),
    ("3:04>7", ("bad", "leading_zero", {"action": "3:04>7", "digits": "04"})),
    ("08>7", ("bad", "leading_zero", {"action": "08>7", "digits": "08"})),
    ("8:1>07", ("bad", "leading_zero", {"action": "8:1>07", "digits": "07"})),
    ("3:0>7", ("bad", "count_range", {"action": "3:0>7", "count": 0})),
    ("3:105>7", ("bad", "count_range", {"action": "3:105>7", "count": 105})),
    ("11>1", ("bad", "column_range", {"action": "11>1", "column": 11, "columns": 10})),
    ("0>1", ("bad", "column_range", {"action": "0>1", "column": 0, "columns": 10})),
    ("", ("bad", "empty", {"action": ""})),
    ("  ", ("bad", "empty", {"action": ""})),
    ("3-7", ("bad", "not_notation", {"action": "3-7"})),
    ("\uff13>7", ("bad", "not_notation", {"action": "\uff13>7"})),
    ("auto!", ("bad", "not_notation", {"action": "auto!"})),
]
"""Each spelling and the one answer every path gives, after :data:`FIRST`."""


def _after_first() -> Game:
    """The deal of :data:`CODE` with :data:`FIRST` played."""
    game = Game.from_code(CODE)
    game.act(FIRST)
    return game


def _parsed(text: str) -> Answer:
    """The parser's answer, a ``3>7`` move resolved after :data:`FIRST` (a refusal of the
    rules cannot be known without a game)."""
    try:
        action = parse_action(text)
    except InvalidMoveError as error:
        return ("bad", error.reason, error.params)
    if isinstance(action, Move) and not action.is_resolved:
        action = _after_first().resolve(action)
    return ("ok", str(action), {})


def _engine(text: str) -> tuple[Answer | None, Game]:
    """``Game.act``'s refusal (None when it accepts) and the game after it."""
    game = _after_first()
    try:
        game.act(text)
    except InvalidMoveError as error:
        return ("bad", error.reason, error.params), game
    except IllegalMoveError as error:
        return ("illegal", error.reason, {}), game
    return None, game


@pytest.mark.parametrize(("text", "answer"), SPELLINGS, ids=[repr(s) for s, _ in SPELLINGS])
def test_every_path_gives_the_same_answer(
    client: TestClient, app: FastAPI, text: str, answer: Answer
) -> None:
    outcome, code, params = answer
    if outcome != "illegal":
        assert _parsed(text) == answer
    refusal, game = _engine(text)
    if outcome == "ok":
        assert refusal is None
        reference = _after_first()
        reference.act(code)  # the canonical text: the same action
        assert (game.position, game.history, game.redo_moves) == (
            reference.position,
            reference.history,
            reference.redo_moves,
        )
    else:
        assert refusal == answer

    state = act(client, new_game(client), FIRST).json()["state"]
    response = act(client, state, text)
    body = response.json()
    if outcome == "bad":
        assert response.status_code == 400
        assert (body["reason"], body["problem"]) == ("bad_action", code)
        error = InvalidMoveError(code, params["action"], **params)
        assert body["message"] == explain(error, "en")
        assert body["message"].isprintable()  # a tab or a NUL is written escaped
        assert body["detail"] == str(error)
        spanish = client.post(
            f"/api/games/{state['id']}/actions",
            json={"version": state["version"], "action": text},
            headers={"Accept-Language": "es"},
        ).json()
        assert spanish["message"] == explain(error, "es") != body["message"]
    elif outcome == "illegal":
        assert response.status_code == 422
        assert body["reason"] == code
    else:
        assert response.status_code == 200, body
        store, service = app.state.store, app.state.service
        assert [str(a) for a in store.games.actions(state["id"])] == [FIRST, code]
        record = store.games.get(state["id"])
        assert service.rebuild(record).position == game.position  # the replay path
        service.cache.clear()
        assert client.get(f"/api/games/{state['id']}").json() == body["state"]
    if outcome != "ok":
        assert client.get(f"/api/games/{state['id']}").json()["version"] == 1


def test_a_game_record_reads_its_actions_with_the_same_grammar() -> None:
    from spider_solitaire.moves import parse_game_record

    for text, (outcome, code, params) in SPELLINGS:
        token = text.strip()
        if not token or any(character.isspace() for character in token):
            continue  # white space splits a record's actions
        record = f"{CODE}\n{FIRST} {token}"
        if outcome == "bad":
            with pytest.raises(InvalidMoveError) as info:
                parse_game_record(record)
            assert (info.value.reason, info.value.params) == (code, params | {"number": 2})
        else:
            _, actions = parse_game_record(record)
            assert actions[-1] == parse_action(text)


def test_every_notation_reason_has_a_sentence_in_every_language() -> None:
    params = {
        "column": 11,
        "columns": 10,
        "count": 0,
        "digits": "04",
        "field": "count",
        "value": "None",
    }
    for reason in NOTATION_REASONS:
        error = InvalidMoveError(reason, "3:04>7", **params)
        sentences = [explain(error, language) for language in LANGUAGES]
        assert len(set(sentences)) == len(LANGUAGES), reason
        for sentence in sentences:
            assert sentence[0].isupper() or sentence.startswith("'"), sentence
            assert sentence.endswith("."), sentence
