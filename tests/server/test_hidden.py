"""The table's fields never carry a face-down card's identity or the stock's order (the
game code, which is the whole deal by design, aside: docs/api.md).

A seeded random player plays long games through the API (moves from the listed groups and
targets, auto-moves, deals, undo, redo, restart, refused moves, stale versions) while a
local engine :class:`Game` mirrors every accepted action. Every response body is checked
against the mirror's full position:

* the columns show exactly the mirror's face-up cards and face-down counts, and its ids;
* every card named anywhere in the body, as text (``"TS"``) or by name in a sentence
  (``"10 of spades"``, ``"10 de picas"``), is face-up after the action, or in a run that
  the action removed;
* the events that hide a card (``turn_down``, ``undeal``) carry its id only;
* the rest of the state is a function of the player's view alone: building it from the
  view (face-down and stock cards as ``??``) gives the same groups, targets, deal flag,
  labels and sentences;
* no run of three stock cards, and no column's face-down cards, appear in order.
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from typing import Any

import pytest
from fastapi.testclient import TestClient

from spider_solitaire import Game
from spider_solitaire.cards import card_text
from spider_solitaire.messages import LANGUAGES, card_names
from spider_solitaire.position import Position
from spider_solitaire.server.db import GameRecord
from spider_solitaire.server.finish import finish_line
from spider_solitaire.server.views import build_state

from .conftest import board

CARD = re.compile(r"^[A2-9TJQK][SHDC]$")
VIEW_ONLY_FIELDS = ("id", "version", "can_undo", "can_redo", "record", "stuck")
"""State fields that come from the game's record and stacks, not from its position alone
(the labels' playing ``time`` and ``stuck`` sentence too): ``stuck`` reads the player's
views since the last deal, as the hint does, and nothing hidden."""

NAMED: dict[str, str] = {
    name: card for language in LANGUAGES for card, name in card_names(language).items()
}
"""Every card's name in every language, and its text."""
NAME = re.compile(
    r"(?<!\w)(" + "|".join(re.escape(name) for name in sorted(NAMED, key=len, reverse=True)) + ")"
)
"""A card's name in a sentence."""


def _strings(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for key, item in value.items() for s in [key, *_strings(item)]]
    if isinstance(value, list):
        return [s for item in value for s in _strings(item)]
    return []


def _face_up(position: Position) -> list[list[str]]:
    return [
        [card_text(card) for card in cards[down:]]
        for cards, down in zip(position.columns, position.face_down, strict=True)
    ]


def _state_from_view(mirror: Game, assisted: bool, language: str) -> dict[str, Any]:
    """The state built from ``mirror``'s view alone (no face-down or stock card known)."""
    position = mirror.position
    record = GameRecord("x", "p", None, None, position.suits, position.rule, 0, 0, assisted)
    view = Game(position.hidden_view(), code=mirror.code)
    # finishing is offered from the view alone: only when nothing is hidden (issue 31)
    finish = finish_line(view)
    state = build_state(record, view, language, finish=finish).model_dump(mode="json")
    state["labels"] = state["labels"] | {"stuck": None}
    return {key: value for key, value in state.items() if key not in VIEW_ONLY_FIELDS}


def check_body(body: dict[str, Any], raw: str, mirror: Game, language: str = "en") -> None:
    """Assert that ``body`` (a response in ``language``) reveals nothing hidden in
    ``mirror``'s position."""
    position = mirror.position
    state = body.get("state", body if "columns" in body else None)
    events = body.get("events", [])
    removed_cards = {
        rank + event["suit"] for event in events if event["kind"] == "remove_run"
        for rank in "A23456789TJQK"
    }  # fmt: skip
    visible = {card for column in _face_up(position) for card in column} | removed_cards
    strings = _strings(body)
    named = [s for s in strings if CARD.match(s)]
    assert set(named) <= visible, set(named) - visible
    said = {NAMED[name] for s in strings for name in NAME.findall(s)}
    assert said <= visible, said - visible
    for event in events:
        if event["kind"] == "turn_down":
            assert set(event) == {"kind", "column", "id"}, event
        elif event["kind"] == "undeal":
            assert set(event) == {"kind", "ids"}, event
    if state is not None:
        assert [c["face_up"] for c in state["columns"]] == _face_up(position)
        assert [c["face_down"] for c in state["columns"]] == list(position.face_down)
        assert [c["ids"] for c in state["columns"]] == [list(ids) for ids in position.ids]
        shown = Counter(s for s in _strings(state) if CARD.match(s))
        assert shown == Counter(card for column in _face_up(position) for card in column)
        view_only = {key: value for key, value in state.items() if key not in VIEW_ONLY_FIELDS}
        view_only["labels"] = view_only["labels"] | {"time": None, "stuck": None}
        assert view_only == _state_from_view(mirror, state["assisted"], language)
    stock = [card_text(card) for card in position.stock]
    for start in range(len(stock) - 2):
        assert json.dumps(stock[start : start + 3]) not in raw.replace(", ", ",").replace(",", ", ")
    for cards, down in zip(position.columns, position.face_down, strict=True):
        if down >= 2:
            hidden = json.dumps([card_text(card) for card in cards[:down]])
            assert hidden not in raw.replace(",", ", ").replace(",  ", ", ")


def _mirror(mirror: Game, request: dict[str, Any]) -> None:
    action = request["action"]
    if action == "undo":
        mirror.undo()
    elif action == "redo":
        mirror.redo()
    elif action == "restart":
        mirror.restart()
    elif action == "auto":
        move = mirror.auto_move(request["column"], request["count"])
        assert move is not None
        mirror.play(move)
    else:
        mirror.play(action)


def _choose(rng: random.Random, state: dict[str, Any]) -> dict[str, Any]:
    roll = rng.random()
    if roll < 0.06 and state["can_undo"]:
        return {"action": "undo"}
    if roll < 0.09 and state["can_redo"]:
        return {"action": "redo"}
    if roll < 0.095:
        return {"action": "restart"}
    if roll < 0.12:  # refused: a group to a column not listed
        group = rng.choice(state["groups"]) if state["groups"] else {"column": 1, "count": 1}
        return {"action": f"{group['column']}:{group['count']}>{rng.randint(1, 10)}"}
    movable = [g for g in state["groups"] if g["targets"]]
    if state["can_deal"] and (not movable or roll < 0.2):
        return {"action": "d"}
    if not movable:
        return {"action": "undo"} if state["can_undo"] else {"action": "restart"}
    group = rng.choice(movable)
    if group["auto"] is not None and roll < 0.6:
        return {"action": "auto", "column": group["column"], "count": group["count"]}
    target = rng.choice(group["targets"])
    return {"action": f"{group['column']}:{group['count']}>{target}"}


@pytest.mark.parametrize(
    ("code", "seed", "language"), [("SP1-S1C-AAAABBB", 1, "en"), ("SP1-S4C-AAAAAAD", 2, "es")]
)
def test_no_response_reveals_a_hidden_card(
    client: TestClient, code: str, seed: int, language: str
) -> None:
    rng = random.Random(seed)
    client.headers["Accept-Language"] = language
    mirror = Game.from_code(code)
    response = client.post("/api/games", json={"code": code})
    state = response.json()
    check_body(state, response.text, mirror, language)
    kinds: Counter[str] = Counter()
    for _ in range(220):
        request = _choose(rng, state) | {"version": state["version"]}
        if rng.random() < 0.03:
            request["version"] = max(state["version"] - 1, 0) if state["version"] else 10**6
        response = client.post(f"/api/games/{state['id']}/actions", json=request)
        body = response.json()
        if response.status_code == 200:
            _mirror(mirror, request)
            state = body["state"]
            kinds.update(event["kind"] for event in body["events"])
        else:
            assert response.status_code in (409, 422), body
            kinds[body["reason"]] += 1
            if response.status_code == 409:
                assert body["state"] == state
        check_body(body, response.text, mirror, language)
        kinds["version"] = state["version"]
        if rng.random() < 0.05:
            again = client.get("/api/games/current")
            assert again.json() == state
            check_body(again.json(), again.text, mirror, language)
    assert kinds["move"] > 100 and kinds["turn_up"] > 10 and kinds["deal"] >= 3, kinds
    assert kinds["turn_down"] + kinds["undeal"] >= 1 and kinds["restart"] >= 1, kinds
    assert kinds["stale_version"] >= 3 and kinds["not_one_higher"] + kinds["same_column"] >= 3
    page = client.get("/").text
    stock = " ".join(card_text(card) for card in Game.from_code(code).position.stock)
    assert stock[:8] not in page


WINNABLE = {
    1: "| KS QS JS TS 9S 8S", 2: "KS | 6S", 3: "| 5S", 4: "| QS", 5: "| JS",
    6: "| TS", 7: "| 9S", 8: "| 8S", 9: "| 7S", 10: "| 4S",
}  # fmt: skip
"""A one-suit board of two runs with a face-down King and one stock row, won in 18 actions."""

WINNING_LINE = "d 2>1 3>1 8>1 9>1 6>1 undo redo 10>5 4>10 4>2 5>10 5>2 6>2 7>9 7>2 8>2 9>2 3>2 10>2"


def test_a_game_played_to_the_win_reveals_nothing_along_the_way(client: TestClient) -> None:
    text = board(WINNABLE, stock="7S 5S 4S 3S 2S AS 6S 3S 2S AS")
    mirror = Game.from_position(text, strict=False)
    response = client.post("/api/games", json={"position": text})
    state = response.json()
    check_body(state, response.text, mirror)
    assert (state["columns"][1]["face_down"], state["columns"][1]["face_up"]) == (1, ["6S"])
    assert state["columns"][1]["label"] == "Column 2, 1 face-down, 6 of spades"
    kinds: Counter[str] = Counter()
    for action in WINNING_LINE.split():
        request = {"version": state["version"], "action": action}
        response = client.post(f"/api/games/{state['id']}/actions", json=request)
        assert response.status_code == 200, response.text
        _mirror(mirror, request)
        check_body(response.json(), response.text, mirror)
        state = response.json()["state"]
        kinds.update(event["kind"] for event in response.json()["events"])
    assert kinds == Counter(move=19, deal=1, turn_up=1, remove_run=3, won=1, restore_run=1)
    assert (state["is_won"], state["score"], state["removed"]) == (True, 682, ["S", "S"])


def test_the_code_of_a_game_in_progress_is_its_whole_deal(client: TestClient) -> None:
    """Issue 31, item 7, as docs/api.md says: the code the state sends for a game in
    progress deals the very game (face-down cards and stock included), while the table's
    fields show none of them."""
    response = client.post("/api/games", json={"suits": 2})
    state = response.json()
    dealt = Game.from_code(state["code"])
    check_body(state, response.text, dealt)  # the fields: face-up cards and counts only
    position = dealt.position
    assert [c["face_up"] for c in state["columns"]] == _face_up(position)
    assert [c["face_down"] for c in state["columns"]] == [5, 5, 5, 5, 4, 4, 4, 4, 4, 4]
    stock = [card_text(card) for card in position.stock]
    assert len(stock) == 50
    request = {"version": 0, "action": "d"}
    dealt_row = client.post(f"/api/games/{state['id']}/actions", json=request).json()["state"]
    # the row the stock dealt is the code's next ten stock cards, one on each column
    assert [c["face_up"][-1] for c in dealt_row["columns"]] == stock[:10]
