"""``/api/games``: starting games, the current game, reading by id, players kept apart."""

from __future__ import annotations

from collections.abc import Callable

from fastapi import FastAPI
from fastapi.testclient import TestClient

from boards import endgame
from spider_solitaire import Game
from spider_solitaire.moves import Move
from spider_solitaire.server.app import create_app
from spider_solitaire.server.games import replay
from spider_solitaire.server.settings import Settings

from .conftest import CODE, act, board, new_game

FIRST_GROUPS = [
    {"column": 1, "count": 1, "targets": [8], "auto": 8},
    {"column": 2, "count": 1, "targets": [], "auto": None},
    {"column": 3, "count": 1, "targets": [], "auto": None},
    {"column": 4, "count": 1, "targets": [], "auto": None},
    {"column": 5, "count": 1, "targets": [], "auto": None},
    {"column": 6, "count": 1, "targets": [1], "auto": 1},
    {"column": 7, "count": 1, "targets": [10], "auto": 10},
    {"column": 8, "count": 1, "targets": [7], "auto": 7},
    {"column": 9, "count": 1, "targets": [4, 5], "auto": 4},
    {"column": 10, "count": 1, "targets": [2], "auto": 2},
]
"""Every movable group of SP1-S2C-AAAAAAD's deal, worked out by hand from its face-up
cards 2H 6S QS 9S 9S AS 4S 3S 8S 5S."""


def test_a_game_from_a_code_shows_the_players_view(client: TestClient) -> None:
    state = new_game(client, code=" sp1-s2c-aaaaaad ")
    assert state["version"] == 0
    assert state["code"] == CODE
    assert (state["suits"], state["rule"]) == (2, "classic")
    assert (state["score"], state["moves"], state["removed"]) == (500, 0, [])
    assert (state["stock_rows_left"], state["is_won"]) == (5, False)
    assert (state["can_undo"], state["can_redo"], state["assisted"]) == (False, False, False)
    assert [column["face_down"] for column in state["columns"]] == [5, 5, 5, 5, 4, 4, 4, 4, 4, 4]
    assert [column["face_up"] for column in state["columns"]] == [
        ["2H"], ["6S"], ["QS"], ["9S"], ["9S"], ["AS"], ["4S"], ["3S"], ["8S"], ["5S"],
    ]  # fmt: skip
    assert [
        {key: value for key, value in group.items() if key != "pick_up"}
        for group in state["groups"]
    ] == FIRST_GROUPS
    assert state["groups"][8]["pick_up"] == (
        "Picked up the 8 of spades from column 9. It can go to column 4 or 5. "
        "Choose with the arrow keys and press Enter."
    )
    assert state["groups"][1]["pick_up"] == (
        "Picked up the 6 of spades from column 2. No column is listed for it. "
        "Press Escape to put it back."
    )
    assert [column["ids"] for column in state["columns"]][:2] == [
        [0, 10, 20, 30, 40, 50],
        [1, 11, 21, 31, 41, 51],
    ]
    assert state["columns"][0]["label"] == "Column 1, 5 face-down, 2 of hearts"
    assert (state["can_deal"], state["deal_reason"]) == (True, None)
    assert state["labels"] == {
        "stock": "Stock, 5 rows left. Deal a row (D)",
        "removed": "Removed runs: 0 of 8",
        "removed_slots": ["Empty slot"] * 8,
        "variant": "2 suits · Classic",
        "copy": "Copy the game code SP1-S2C-AAAAAAD",
        "copied": "Game code SP1-S2C-AAAAAAD copied.",
        "copy_failed": "Copy failed: the code is SP1-S2C-AAAAAAD.",
        "new_game": "New game SP1-S2C-AAAAAAD: Medium, 2 suits.",
        "resumed": "Resumed game SP1-S2C-AAAAAAD.",
        "win": None,
        "time": "0:00",
        "daily": None,
        "stuck": None,
        "stars": None,  # SP1-S2C-AAAAAAD is no rated deal (levels.py)
        "stars_note": None,
    }
    view = Game.from_code(CODE).position_text(hidden=True).splitlines()
    assert view[5] == "1: ?? ?? ?? ?? ?? | 2H"


def test_the_first_visit_gets_an_httponly_samesite_lax_cookie(client: TestClient) -> None:
    response = client.post("/api/games", json={"code": CODE})
    cookie = response.headers["set-cookie"]
    assert cookie.startswith("spider_player=")
    assert "HttpOnly" in cookie
    assert "samesite=lax" in cookie.lower()
    assert "Path=/" in cookie
    assert "Secure" not in cookie  # plain http on 127.0.0.1
    player = client.cookies["spider_player"]
    assert len(player) == 32
    again = client.post("/api/games", json={"code": CODE})
    assert "set-cookie" not in again.headers
    assert client.cookies["spider_player"] == player


def test_a_forged_cookie_is_replaced_by_a_new_id(client: TestClient) -> None:
    response = client.post(
        "/api/games", json={"code": CODE}, headers={"Cookie": "spider_player=" + "A" * 32}
    )
    assert response.status_code == 201
    issued = response.cookies["spider_player"]
    assert len(issued) == 32
    assert issued != "A" * 32


def test_suits_and_rule_deal_a_random_game_its_code_reproduces(client: TestClient) -> None:
    state = new_game(client, suits=1, rule="flexible")
    assert state["code"].startswith("SP2-S1C-")  # one suit is always written Classic
    assert (state["suits"], state["rule"]) == (1, "classic")
    expected = Game.from_code(state["code"])
    assert [c["face_up"] for c in state["columns"]] == [
        [expected.position_text().splitlines()[5 + n].split("| ")[1]] for n in range(10)
    ]
    flexible = new_game(client, suits=4, rule="flexible")
    assert flexible["code"].startswith("SP2-S4F-")
    assert flexible["rule"] == "flexible"


def test_an_empty_body_deals_four_suits_classic(client: TestClient) -> None:
    response = client.post("/api/games", json={})
    assert response.status_code == 201
    assert response.json()["code"].startswith("SP2-S4C-")


def test_a_game_from_a_position_has_no_code(client: TestClient) -> None:
    text = board({1: "5S | KS QS", 2: "| JS"}, stock="")
    state = new_game(client, position=text)
    assert state["code"] is None
    assert state["columns"][0] == {
        "face_down": 1,
        "face_up": ["KS", "QS"],
        "ids": [0, 1, 2],
        "label": "Column 1, 1 face-down, king of spades to queen of spades",
        "target_label": "Column 1, 1 face-down, king of spades to queen of spades, "
        "can take the cards",
        "name": "Column 1",
        "name_target": "Column 1, can take the cards",
    }
    assert (state["columns"][1]["face_down"], state["columns"][1]["face_up"]) == (0, ["JS"])
    assert state["columns"][2]["label"] == "Column 3, empty"
    assert state["columns"][2]["target_label"] == "Column 3, empty, can take the cards"
    assert state["stock_rows_left"] == 0
    assert (state["can_deal"], state["deal_reason"]) == (False, "stock_empty")
    assert {
        "column": 2,
        "count": 1,
        "targets": [1, 3, 4, 5, 6, 7, 8, 9, 10],
        "auto": 1,
        "pick_up": "Picked up the jack of spades from column 2. It can go to column 1, 3, 4, 5, "
        "6, 7, 8, 9 or 10. Choose with the arrow keys and press Enter.",
    } in state["groups"]
    assert state["groups"][1]["pick_up"].startswith(
        "Picked up 2 cards, king of spades to queen of spades, from column 1. It can go to "
    )
    labels = state["labels"]
    assert (labels["copy"], labels["copied"], labels["copy_failed"]) == (None, None, None)
    assert (labels["variant"], labels["new_game"], labels["resumed"]) == (
        "1 suit",
        "New game: Easy, 1 suit.",
        "Resumed the game.",
    )
    assert labels["stock"] == "Stock, empty"


def test_a_bad_code_is_400_bad_code_in_the_players_language(client: TestClient) -> None:
    response = client.post(
        "/api/games",
        json={"code": "SP1-S3C-AAAAAAA"},
        headers={"Accept-Language": "es-ES,es;q=0.9"},
    )
    assert response.status_code == 400
    body = response.json()
    assert body["reason"] == "bad_code"
    assert body["message"].startswith("Eso no es un código de partida")
    assert "number of suits must be 1, 2 or 4" in body["detail"]


def test_a_mistyped_code_is_400_code_typo_with_the_nearest_reading(client: TestClient) -> None:
    """Issue 31, item 15: a typo in an SP2 code deals nothing, and says what was meant."""
    made = new_game(client, suits=2)
    code = made["code"]
    assert code.startswith("SP2-S2C-") and len(code) == 16
    typo = code[:-3] + code[-2] + code[-3] + code[-1]  # two neighbours swapped
    if typo == code:  # the same character twice: a wrong check character instead
        typo = code[:-1] + ("A" if code[-1] != "A" else "B")
    refused = client.post("/api/games", json={"code": typo})
    assert refused.status_code == 400 and "set-cookie" not in refused.headers
    assert refused.json()["reason"] == "code_typo"
    looked = client.post("/api/games", json={"code": "SP2-S2C-NWK0FD2N"})  # 0 for O
    assert looked.status_code == 400
    body = looked.json()
    assert (body["reason"], body["nearest"]) == ("code_typo", ["SP2-S2C-NWKOFD2N"])
    assert body["message"] == (
        "That game code has a typo: a character is wrong or two are swapped. "
        "Did you mean SP2-S2C-NWKOFD2N?"
    )
    spanish = client.post(
        "/api/games", json={"code": "SP2-S2C-AAAAAAD5"}, headers={"Accept-Language": "es"}
    ).json()
    assert (spanish["reason"], spanish["nearest"]) == ("code_typo", [])
    assert spanish["message"].startswith("Ese código de partida tiene una errata")
    current = client.get(f"/api/games/{made['id']}").json()
    assert current["code"] == code  # the game in play is untouched
    old = new_game(client, code="SP1-S2C-AAAAAAD", confirm=["abandon"])  # an old code
    new = new_game(client, code="SP2-S2C-AAAAAAD4", confirm=["abandon"])  # its SP2 form
    assert (old["code"], new["code"]) == ("SP1-S2C-AAAAAAD", "SP2-S2C-AAAAAAD4")
    assert [c["face_up"] for c in old["columns"]] == [c["face_up"] for c in new["columns"]]


def test_a_bad_position_is_400_bad_position(client: TestClient) -> None:
    response = client.post("/api/games", json={"position": "rules: S9C\n"})
    assert response.status_code == 400
    assert response.json()["reason"] == "bad_position"
    assert "S9C" in response.json()["detail"]


BAD_CARDS = (
    "That position does not hold its game's cards: every card of the game's deck (two "
    "packs, or one) must be there exactly as many times as the deck holds it, counting "
    "face-down cards, the stock and the removed runs."
)
"""The sentence of 400 ``bad_cards``."""


def test_a_position_must_hold_the_whole_deck_by_default(
    migrated_sqlite: Callable[[str], str],
) -> None:
    """Without ``puzzle_positions`` (the default) a start position is read strictly: its
    cards, face-down, in the stock and 13 per removed run, are the variant's deck(s)."""
    whole = Game.from_code("SP1-1949-S2C-AAAAAAD").position_text()  # names its variant
    assert whole.startswith("variant: spider-1949\n")
    with TestClient(create_app(Settings(db_url=migrated_sqlite("strict.db")))) as client:
        extra = client.post("/api/games", json={"position": whole.replace("1: ", "1: KH ", 1)})
        assert extra.status_code == 400
        assert extra.json() == {
            "reason": "bad_cards",
            "message": BAD_CARDS,
            "detail": "the cards are not the 104 of a 2-suit game (plus 13 per removed run): "
            "KH 1 too many",
        }
        small = client.post(
            "/api/games",
            json={"position": board({1: "| KS QS", 2: "| JS"})},
            headers={"Accept-Language": "es"},
        )
        assert (small.status_code, small.json()["reason"]) == (400, "bad_cards")
        assert small.json()["message"].startswith("Esa posición no tiene las cartas de su juego")
        assert small.json()["detail"].endswith("101 cards missing")
        # a run removed stands for its 13 cards: one more is too many
        removed = whole.replace("removed:", "removed: S", 1)
        too_many = client.post("/api/games", json={"position": removed})
        assert too_many.json()["detail"].endswith(
            "AS 1 too many, 2S 1 too many, 3S 1 too many, "
            "4S 1 too many, 5S 1 too many, 6S 1 too many, "
            "7S 1 too many, 8S 1 too many"
        )
        assert client.get("/api/games/current").status_code == 404  # nothing was started
        created = client.post("/api/games", json={"position": whole})
        assert created.status_code == 201, created.text
        state = created.json()
        assert (state["variant"], state["code"], state["stock_rows_left"]) == (
            "spider-1949",
            None,
            5,
        )


def test_a_code_with_suits_or_unknown_fields_is_400_bad_request(client: TestClient) -> None:
    for body in ({"code": CODE, "suits": 2}, {"suits": 3}, {"colour": "red"}, [1, 2]):
        response = client.post("/api/games", json=body)
        assert response.status_code == 400, body
        assert response.json()["reason"] == "bad_request"
    assert "set-cookie" not in response.headers


def test_suits_as_a_boolean_or_a_float_is_400_bad_request_on_every_body(
    client: TestClient,
) -> None:
    """``true`` is no suit count (Python's ``True == 1`` made it 1 suit), nor is ``1.0``:
    every request body with ``suits`` refuses them; whole numbers still pass."""
    for path, body, value in (
        ("/api/games", {"suits": True}, "true"),
        ("/api/games", {"suits": 1.0}, "1.0"),
        ("/api/games", {"daily": "2026-12-01", "suits": True}, "true"),
        ("/api/winnable-deals", {"suits": True, "rule": "classic"}, "true"),
        ("/api/stats/reset", {"suits": False}, "false"),
    ):
        response = client.post(path, json=body)
        assert response.status_code == 400, (path, body)
        assert response.json()["reason"] == "bad_request"
        assert response.json()["detail"].endswith(
            f"suits: Value error, {value} is not 1, 2 or 4"
        ), response.text
    assert client.get("/api/games/current").status_code == 404  # nothing was started
    state = new_game(client, suits=1)
    assert state["suits"] == 1
    assert client.post("/api/stats/reset", json={"suits": 2}).status_code == 200
    # every other whole number of a body is a strict int: a boolean is refused there too
    game = f"/api/games/{state['id']}"
    for path, body in (
        ("/actions", {"version": True, "action": "d"}),
        ("/actions", {"version": 0, "action": "auto", "column": True, "count": 1}),
        ("/actions", {"version": 0, "action": "auto", "column": 1, "count": True}),
        ("/rewind", {"version": 0, "steps": True}),
        ("/hint", {"version": False}),
        ("/hint", {"version": 0, "index": True}),
        ("/can-win", {"version": False}),
        ("/solution/next", {"version": False}),
    ):
        response = client.post(game + path, json=body)
        assert (response.status_code, response.json()["reason"]) == (400, "bad_request"), body
        assert "Input should be a valid integer" in response.json()["detail"], body
    assert client.get(game).json()["version"] == 0


def test_current_is_the_game_started_or_played_last(client: TestClient) -> None:
    response = client.get("/api/games/current")
    assert response.status_code == 404
    assert response.json() == {
        "reason": "no_game",
        "message": "There is no game to resume yet: start a new one.",
    }
    first = new_game(client)
    second = new_game(client, suits=1)
    assert client.get("/api/games/current").json()["id"] == second["id"]
    assert act(client, first, "6>1").status_code == 200
    current = client.get("/api/games/current").json()
    assert (current["id"], current["version"], current["moves"]) == (first["id"], 1, 1)


def test_a_game_is_read_by_id(client: TestClient) -> None:
    state = new_game(client)
    assert client.get(f"/api/games/{state['id']}").json() == state


def test_another_players_game_is_404_as_is_an_unknown_id(
    client: TestClient, make_client: Callable[[], TestClient]
) -> None:
    mine = new_game(client)
    other = make_client()
    for response in (
        other.get(f"/api/games/{mine['id']}"),
        act(other, mine, "6>1"),
        client.get("/api/games/no-such-game-000"),  # well formed (16 characters), unknown
        TestClient(client.app).get(f"/api/games/{mine['id']}"),  # no cookie at all
    ):
        assert response.status_code == 404
        assert response.json()["reason"] == "not_found"
    new_game(other)  # the other player gets a cookie and a game of their own
    assert other.get(f"/api/games/{mine['id']}").status_code == 404
    assert other.get("/api/games/current").json()["id"] != mine["id"]
    assert client.get(f"/api/games/{mine['id']}").json()["version"] == 0


def test_a_restarted_server_resumes_the_game_with_its_history(
    app: FastAPI, client: TestClient, settings: Settings
) -> None:
    state = new_game(client)
    for action in ("6>1", "8>7", "d", "undo"):
        response = act(client, state, action)
        assert response.status_code == 200, response.text
        state = response.json()["state"]
    restarted = create_app(settings)
    try:
        again = TestClient(restarted)
        again.cookies.set("spider_player", client.cookies["spider_player"])
        resumed = again.get("/api/games/current").json()
        assert resumed == state
        assert (resumed["version"], resumed["moves"], resumed["can_redo"]) == (4, 2, True)
        redone = act(again, resumed, "redo").json()
        assert redone["events"][0]["kind"] == "deal"
        assert redone["state"]["stock_rows_left"] == 4
    finally:
        restarted.state.store.close()


def test_a_code_far_too_long_is_400_bad_code(client: TestClient) -> None:
    response = client.post("/api/games", json={"code": "SP1-S2C-" + "A" * 100})
    assert response.status_code == 400
    body = response.json()
    assert body["reason"] == "bad_code"
    assert body["detail"].startswith("'SP1-S2C-AAAA")
    assert body["detail"].endswith("is not a game code")


def test_a_position_with_nothing_to_play_or_a_hidden_card_is_400_bad_position(
    client: TestClient,
) -> None:
    empty = "rules: S1C\nscore: 500\nmoves: 0\n" + "".join(f"{n}: |\n" for n in range(1, 11))
    response = client.post("/api/games", json={"position": empty})
    assert response.status_code == 400
    assert response.json()["reason"] == "bad_position"
    assert response.json()["detail"] == (
        "there is no card on the tableau or in the stock: nothing to play"
    )
    hidden = "rules: S1C\n1: ?? | KS\n2: | QS\n" + "".join(f"{n}: |\n" for n in range(3, 11))
    response = client.post("/api/games", json={"position": hidden})
    assert response.status_code == 400
    assert response.json()["reason"] == "bad_position"
    assert "?? (a hidden card) is not allowed" in response.json()["detail"]
    assert client.get("/api/games/current").status_code == 404


def test_a_too_long_position_is_named_alone(client: TestClient) -> None:
    response = client.post("/api/games", json={"position": "x" * 5000})
    assert response.status_code == 400
    body = response.json()
    assert body["reason"] == "bad_request"
    assert "position" in body["detail"] and "4096" in body["detail"]
    assert "code" not in body["detail"] and "suits" not in body["detail"]


def test_current_with_optional_is_204_without_a_game(client: TestClient) -> None:
    """A first visit asks with ``optional=true``: no game yet is no error (no 404 to log)."""
    response = client.get("/api/games/current?optional=true")
    assert (response.status_code, response.content) == (204, b"")
    assert client.get("/api/games/current").json()["reason"] == "no_game"
    game = new_game(client, suits=1)
    response = client.get("/api/games/current?optional=true")
    assert response.status_code == 200 and response.json()["id"] == game["id"]


def test_the_table_says_when_no_useful_move_is_left(client: TestClient) -> None:
    # 5S can go onto 6H, but that only breaks the suited 6S 5S: not a useful move
    stuck = client.post("/api/games", json={"position": endgame("6S 5S", "6H")}).json()
    assert [(group["column"], group["targets"]) for group in stuck["groups"]] == [
        (1, [2]),
        (1, []),
        (2, []),
    ] + [(n, []) for n in range(3, 11)]
    assert stuck["stuck"] is True
    assert stuck["labels"]["stuck"] == "No useful moves left: restart or start a new game."
    spanish = client.get(f"/api/games/{stuck['id']}", headers={"Accept-Language": "es"}).json()
    assert spanish["labels"]["stuck"] == (
        "No quedan movimientos útiles: reinicia o empieza una partida nueva."
    )
    # 5S from 6H onto 6S builds in suit: a useful move, so the table says nothing
    useful = client.post(
        "/api/games", json={"position": endgame("6H 5S", "6S"), "confirm": ["abandon"]}
    ).json()
    assert (useful["stuck"], useful["labels"]["stuck"]) == (False, None)
    moved = client.post(
        f"/api/games/{useful['id']}/actions", json={"version": 0, "action": "1>2"}
    ).json()["state"]
    # now 6H is alone and 6S 5S suited: moving 5S back is the shuttle, not useful
    assert (moved["stuck"], moved["labels"]["stuck"]) == (
        True,
        "No useful moves left: undo, restart or start a new game.",
    )


def test_a_cold_cache_rebuilds_from_the_snapshot_exactly(settings: Settings) -> None:
    """Past a snapshot (every 50 actions), a process that has not cached the game starts
    from the snapshot and replays the rest: the same position, card ids, undo and redo
    stacks as replaying the whole log."""
    app = create_app(settings)
    try:
        with TestClient(app) as client:
            state = new_game(client)
            line = ["6:1>1", "8:1>7", "d", *["undo", "undo", "redo", "redo"] * 28, "undo"]
            for action in line:
                response = act(client, state, action)
                assert response.status_code == 200, (action, response.text)
                state = response.json()["state"]
        service, store = app.state.service, app.state.store
        record = store.games.get(state["id"])
        snapshot = store.games.snapshot(state["id"])
        assert (record.version, snapshot[0]) == (len(line), 100)  # snapshots at 50 and 100
        from_snapshot = service.rebuild(record)
        whole = Game.from_code(CODE)
        for action in store.games.actions(state["id"]):
            replay(whole, action)
        assert from_snapshot.position == whole.position
        assert from_snapshot.position.ids == whole.position.ids
        assert from_snapshot.history == whole.history and from_snapshot.redo_moves == [Move.deal()]
        assert (from_snapshot.can_undo, from_snapshot.move_count) == (True, 2)
    finally:
        app.state.store.close()
