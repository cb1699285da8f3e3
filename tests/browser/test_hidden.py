"""No face-down card's identity reaches the browser: every API response of a played game
and the page's DOM are checked against the true game, replayed with the engine."""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

from spider_solitaire import Game
from spider_solitaire.cards import card_text

from .support import DEALS

CARD = re.compile(r"^(?:[A2-9TJQK][SHDC]|10[SHDC])$")


def _card_strings(data: Any) -> Counter[str]:
    found: Counter[str] = Counter()
    if isinstance(data, dict):
        for value in data.values():
            found += _card_strings(value)
    elif isinstance(data, list):
        for value in data:
            found += _card_strings(value)
    elif isinstance(data, str) and CARD.match(data.upper()):
        found[data.upper()] += 1
    return found


def _face_up(game: Game) -> Counter[str]:
    return Counter(
        card_text(card) for column in range(1, 11) for card in game.position.face_up(column)
    )


def _check_state(state: dict[str, Any], game: Game) -> None:
    for index, column in enumerate(state["columns"]):
        assert column["face_down"] == game.position.face_down[index]
        assert column["face_up"] == [card_text(c) for c in game.position.face_up(index + 1)]
    # no card text anywhere in the state beyond the face-up cards (the stock, face-down ones)
    assert _card_strings(state) == _face_up(game)


def _replay(exchanges: list[tuple[str, str, Any, int, Any]]) -> Game:
    game: Game | None = None
    for method, url, request, status, body in exchanges:
        if url.endswith("/api/games") and method == "POST":
            game = Game.from_code(body["code"])
            _check_state(body, game)
            continue
        assert game is not None
        if method == "GET":
            _check_state(body, game)
            continue
        if status != 200:
            assert set(body) <= {"reason", "message", "action", "state", "detail", "rules"}, body
            assert not _card_strings({k: v for k, v in body.items() if k != "state"})
            if "state" in body:
                _check_state(body["state"], game)
            continue
        before = _face_up(game)
        action = request["action"]
        if action == "undo":
            game.undo()
        elif action == "redo":
            game.redo()
        elif action == "restart":
            game.restart()
        elif action == "auto":
            move = game.auto_move(request["column"], request["count"])
            assert move is not None
            game.play(move)
        else:
            game.play(action)
        _check_state(body["state"], game)
        assert _card_strings(body["events"]) <= before | _face_up(game)
    assert game is not None
    return game


def test_no_face_down_card_reaches_the_browser(make_table: Any) -> None:
    table = make_table(reduced_motion="no-preference")  # with the animations
    exchanges: list[tuple[str, str, Any, int, Any]] = []

    def record(response: Any) -> None:
        if "/api/" in response.url:
            request = response.request
            exchanges.append(
                (
                    request.method,
                    response.url,
                    request.post_data_json,
                    response.status,
                    response.json(),
                )
            )

    page = table.page
    page.on("response", record)
    deal = DEALS["group"]
    table.open(deal["code"])

    # play through the table: auto moves that turn cards up, a drag, a deal, undo, redo,
    # a refused move, a reload
    for _ in range(4):
        state = table.api_state()
        group = next((g for g in state["groups"] if g["auto"] and g["count"] == 1), None)
        if group is None:
            break
        table.card(group["column"], -1).dblclick()
        table.idle()
    page.keyboard.press("d")
    table.idle()
    page.keyboard.press("Control+z")
    table.idle()
    page.keyboard.press("Control+y")
    table.idle()
    state = table.api_state()
    group = next(g for g in state["groups"] if g["count"] == 1 and len(g["targets"]) < 9)
    refused = next(c for c in range(1, 11) if c != group["column"] and c not in group["targets"])
    table.drag(group["column"], -1, table.column_point(refused))
    table.idle()
    table.reload()
    page.wait_for_load_state("networkidle")

    assert any(status == 422 for _m, _u, _r, status, _b in exchanges)
    assert sum(1 for m, u, *_ in exchanges if m == "POST" and u.endswith("/actions")) >= 6
    game = _replay(exchanges)

    # the DOM: face-up cards carry their identity; face-down ones are blank backs
    shown = Counter(
        page.locator(".column .card.up").evaluate_all("els => els.map(e => e.dataset.card)")
    )
    assert shown == _face_up(game)
    backs = page.locator(".column .card.down").evaluate_all(
        """els => els.map(e => [e.childElementCount, e.textContent,
             [...e.attributes].map(a => a.name).sort().join(' ')])"""
    )
    assert len(backs) == sum(game.position.face_down)
    for children, text, attributes in backs:
        assert children == 0 and text == ""
        assert attributes in (
            "aria-hidden class data-key id style",
            "aria-hidden class data-key id style tabindex",
        )
    html = page.content()
    assert html.count('data-card="') == sum(_face_up(game).values())
