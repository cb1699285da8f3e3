"""``/api/games/{id}/actions``: moves, deals, auto, undo/redo/restart, refusals, versions."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from spider_solitaire.messages import reason_text
from spider_solitaire.moves import Control
from spider_solitaire.server.app import create_app
from spider_solitaire.server.settings import Settings

from .conftest import CODE, Clock, act, board, new_game

RUN_S = "KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S"
"""King down to 2 of spades: one Ace short of a run."""


def test_a_move_answers_the_new_state_and_its_events(client: TestClient) -> None:
    state = new_game(client)
    response = act(client, state, "6>1")
    assert response.status_code == 200
    body = response.json()
    assert body["events"] == [
        {"kind": "move", "source": 6, "target": 1, "cards": ["AS"], "ids": [45]},
        {"kind": "turn_up", "column": 6, "card": "5H", "id": 35},
    ]
    assert body["announcement"] == (
        "Moved the ace of spades from column 6 to column 1. Turned up the 5 of hearts in column 6."
    )
    new = body["state"]
    assert (new["version"], new["score"], new["moves"]) == (1, 499, 1)
    assert new["columns"][0] == {
        "face_down": 5,
        "face_up": ["2H", "AS"],
        "ids": [0, 10, 20, 30, 40, 50, 45],
        "label": "Column 1, 5 face-down, 2 of hearts, ace of spades",
        "target_label": "Column 1, 5 face-down, 2 of hearts, ace of spades, can take the cards",
        "name": "Column 1",
        "name_target": "Column 1, can take the cards",
    }
    assert (new["columns"][5]["face_down"], new["columns"][5]["face_up"]) == (3, ["5H"])
    assert new["columns"][5]["ids"] == [5, 15, 25, 35]
    assert (new["can_undo"], new["can_redo"]) == (True, False)
    assert client.get(f"/api/games/{state['id']}").json() == new


def test_a_deal_answers_the_dealt_row(client: TestClient) -> None:
    state = new_game(client)
    body = act(client, state, "d").json()
    row = ["2S", "8H", "3S", "4S", "6S", "3S", "AH", "JH", "KH", "TS"]
    assert body["events"] == [{"kind": "deal", "cards": row, "ids": list(range(54, 64))}]
    assert body["state"]["stock_rows_left"] == 4
    assert [column["face_up"][-1] for column in body["state"]["columns"]] == row


def test_an_illegal_move_is_422_with_the_engines_reason_and_nothing_changes(
    client: TestClient,
) -> None:
    state = new_game(client)
    response = act(client, state, "2>3")  # 6S onto QS
    assert response.status_code == 422
    assert response.json() == {
        "reason": "not_one_higher",
        "message": reason_text("not_one_higher", "en"),
        "rules": "/rules#building-down",
        "action": "2>3",
    }
    spanish = client.post(
        f"/api/games/{state['id']}/actions",
        json={"version": 0, "action": "2:1>3"},
        headers={"Accept-Language": "es"},
    ).json()
    assert spanish["message"] == (
        "Una carta solo va sobre otra exactamente un valor más alta, o en una columna vacía."
    )
    assert client.get(f"/api/games/{state['id']}").json() == state


def test_a_mixed_suit_group_is_refused_with_mixed_suits(client: TestClient) -> None:
    state = new_game(client, position=board({1: "| 9S 8H", 2: "| TH"}, rules="S2C"))
    for body in (
        {"action": "1>2"},
        {"action": "1:2>2"},
        {"action": "auto", "column": 1, "count": 2},
    ):
        response = client.post(f"/api/games/{state['id']}/actions", json={"version": 0, **body})
        assert response.status_code == 422, body
        assert response.json()["reason"] == "mixed_suits"
        assert response.json()["message"] == reason_text("mixed_suits")


def test_a_deal_with_an_empty_column_is_refused(client: TestClient) -> None:
    columns = {1: "|", 2: "| KS QS"} | {n: "| KS" for n in range(3, 11)}
    state = new_game(client, position=board(columns, stock=" ".join(["5S"] * 10)))
    assert (state["can_deal"], state["deal_reason"]) == (False, "deal_needs_full_columns")
    response = act(client, state, "d")
    assert response.status_code == 422
    assert response.json()["reason"] == "deal_needs_full_columns"


def test_auto_plays_the_engines_auto_move(client: TestClient) -> None:
    state = new_game(client)
    body = act(client, state, "auto", column=9, count=1).json()
    assert body["events"] == [
        {"kind": "move", "source": 9, "target": 4, "cards": ["8S"], "ids": [48]},
        {"kind": "turn_up", "column": 9, "card": "KS", "id": 38},
    ]
    refused = act(client, body["state"], "auto", column=2, count=1)  # 6S: no 7 anywhere
    assert refused.status_code == 422
    assert refused.json()["reason"] == "no_target"
    assert refused.json()["message"] == "That group can move, but no column can take it."
    too_many = act(client, body["state"], "auto", column=2, count=2)
    assert too_many.json()["reason"] == "face_down"


def test_auto_past_the_games_columns_quotes_the_action_whole(client: TestClient) -> None:
    from spider_solitaire import Game
    from spider_solitaire.variants import VARIANTS

    narrow = min(VARIANTS, key=lambda variant: variant.columns)
    past = narrow.columns + 1
    assert past <= 10  # the request's shape takes it: the game refuses it
    code = Game.from_code(CODE, variant=narrow).code
    refused = act(client, new_game(client, code=code), "auto", column=past, count=1)
    assert refused.status_code == 400
    assert refused.json()["reason"] == "bad_action"
    assert refused.json()["message"] == (
        f"'auto {past}:1': there is no column {past}; the columns are numbered 1 to "
        f"{narrow.columns}."
    )


def test_undo_redo_and_restart(client: TestClient) -> None:
    state = new_game(client)
    moved = act(client, state, "6>1").json()
    undone = act(client, moved["state"], "undo").json()
    assert undone["events"] == [
        {"kind": "turn_down", "column": 6, "id": 35},
        {"kind": "move", "source": 1, "target": 6, "cards": ["AS"], "ids": [45]},
    ]
    assert undone["announcement"] == "Undone."
    assert undone["state"] | {"version": 0, "can_redo": False} == state
    assert (undone["state"]["version"], undone["state"]["can_redo"]) == (2, True)
    redone = act(client, undone["state"], "redo").json()
    assert redone["events"] == moved["events"]
    assert redone["announcement"] == "Redone. " + moved["announcement"]
    assert redone["state"] | {"version": 1} == moved["state"]
    nothing = act(client, redone["state"], "redo")
    assert nothing.status_code == 422
    assert nothing.json()["reason"] == "nothing_to_redo"
    restarted = act(client, redone["state"], "restart").json()
    assert restarted["events"] == [{"kind": "restart"}]
    assert restarted["announcement"] == "Restarted the same deal."
    assert restarted["state"] | {"version": 0} == state
    assert act(client, restarted["state"], "undo").json()["reason"] == "nothing_to_undo"


def test_a_completed_run_is_removed_and_comes_back_by_undo(client: TestClient) -> None:
    state = new_game(client, position=board({1: f"| {RUN_S}", 2: "5S | AS"}))
    body = act(client, state, "2>1").json()
    assert body["events"] == [
        {"kind": "move", "source": 2, "target": 1, "cards": ["AS"], "ids": [13]},
        {"kind": "turn_up", "column": 2, "card": "5S", "id": 12},
        {"kind": "remove_run", "column": 1, "suit": "S", "ids": [*range(12), 13]},
    ]
    after = body["state"]
    assert (after["score"], after["removed"], after["columns"][0]["face_up"]) == (599, ["S"], [])
    undone = act(client, after, "undo").json()
    assert undone["events"] == [
        {
            "kind": "restore_run",
            "column": 1,
            "suit": "S",
            "cards": [*RUN_S.split(), "AS"],
            "ids": [*range(12), 13],
        },
        {"kind": "turn_down", "column": 2, "id": 12},
        {"kind": "move", "source": 1, "target": 2, "cards": ["AS"], "ids": [13]},
    ]
    back = undone["state"]
    assert back["removed"] == []
    assert back["columns"][0]["face_up"] == RUN_S.split()
    assert (back["columns"][1]["face_down"], back["columns"][1]["face_up"]) == (1, ["AS"])
    assert back["columns"][1]["ids"] == [12, 13]


def test_the_winning_move_answers_won_and_then_everything_is_refused(client: TestClient) -> None:
    state = new_game(client, position=board({1: f"| {RUN_S}", 2: "| AS"}))
    body = act(client, state, "auto", column=2, count=1).json()
    assert body["events"][-2:] == [
        {"kind": "remove_run", "column": 1, "suit": "S", "ids": list(range(13))},
        {"kind": "won", "score": 599},
    ]
    won = body["state"]
    assert (won["is_won"], won["groups"], won["can_deal"], won["deal_reason"]) == (
        True,
        [],
        False,
        "game_won",
    )
    for action in ("d", "1>2"):
        assert act(client, won, action).json()["reason"] == "game_won"
    assert act(client, won, "auto", column=1, count=1).json()["reason"] == "game_won"


def test_a_won_game_is_finished_undo_redo_restart_refused_clock_and_replay_stop(
    client: TestClient, app: FastAPI, clock: Clock
) -> None:
    state = new_game(client, position=board({1: f"| {RUN_S}", 2: "| AS"}))
    state = act(client, state, "2:1>3").json()["state"]  # something to undo and redo
    state = act(client, state, "undo").json()["state"]
    assert (state["can_undo"], state["can_redo"], state["can_restart"]) == (False, True, True)
    clock.advance(20)
    won = act(client, state, "2:1>1").json()["state"]  # the last run is removed
    assert won["is_won"] and won["labels"]["time"] == "0:20"
    assert (won["can_undo"], won["can_redo"], won["can_restart"]) == (False, False, False)
    clock.advance(60)
    for action in ("undo", "redo", "restart", "UNDO"):
        response = act(client, won, action)
        assert response.status_code == 422, action
        body = response.json()
        assert (body["reason"], body["action"]) == ("game_over", action.lower())
        assert body["message"] == (
            "The game is won and finished: its moves can no longer be undone, redone or "
            "restarted. Start a new game to play again."
        )
        assert body["rules"] == "/rules#winning"
    rewound = client.post(f"/api/games/{won['id']}/rewind", json={"version": 3, "steps": 1})
    assert (rewound.status_code, rewound.json()["reason"]) == (422, "game_over")
    # nothing was recorded: the clock stands at the win and the replay ends on it
    assert client.get(f"/api/games/{won['id']}").json() == won
    assert [str(a) for a in app.state.store.games.actions(won["id"])] == ["2:1>3", "undo", "2:1>1"]
    log = client.get(f"/api/games/{won['id']}/replay").json()
    assert log["steps"] == 3
    assert log["actions"][-1]["label"] == (
        "Moved the ace of spades from column 2 to column 1. "
        "A run of spades is complete and removed. You won! Final score 599."
    )
    body = {"version": won["version"], "action": "undo"}
    spanish = client.post(
        f"/api/games/{won['id']}/actions", json=body, headers={"Accept-Language": "es"}
    ).json()
    assert spanish["message"].startswith("La partida está ganada y terminada")


def test_a_log_of_an_earlier_release_with_an_undo_after_the_win_still_opens(
    client: TestClient, app: FastAPI
) -> None:
    # the engine still undoes a win (the refusal is the server's): logs written before
    # the refusal, with undo and redo after the win, replay exactly
    state = new_game(client, position=board({1: f"| {RUN_S}", 2: "| AS"}))
    won = act(client, state, "2:1>1").json()["state"]
    store = app.state.store
    record = store.games.get(won["id"])
    store.games.record_actions(record, [Control.UNDO])
    app.state.service.cache.clear()
    undone = client.get(f"/api/games/{won['id']}").json()
    assert (undone["is_won"], undone["can_undo"], undone["can_redo"]) == (False, False, True)
    assert undone["record"]["finished_won"] is True  # it was won, and stays so
    again = act(client, undone, "redo").json()["state"]
    assert (again["is_won"], again["can_undo"], again["can_restart"]) == (True, False, False)


def test_an_old_version_is_409_with_the_current_state_and_nothing_changes(
    client: TestClient, app: FastAPI
) -> None:
    tab1 = new_game(client)
    tab2 = dict(tab1)
    current = act(client, tab1, "6>1").json()["state"]
    response = act(client, tab2, "8>7")
    assert response.status_code == 409
    body = response.json()
    assert body["reason"] == "stale_version"
    assert body["state"] == current
    assert client.get(f"/api/games/{tab1['id']}").json() == current
    assert [str(a) for a in app.state.store.games.actions(tab1["id"])] == ["6:1>1"]


@pytest.mark.parametrize(
    ("body", "reason"),
    [
        ({"version": 0, "action": "3-7"}, "bad_action"),
        ({"version": 0, "action": "11>2"}, "bad_action"),
        ({"version": 0, "action": "3:0>7"}, "bad_action"),
        ({"version": 0, "action": "auto"}, "bad_request"),
        ({"version": 0, "action": "3>7", "column": 3, "count": 1}, "bad_request"),
        ({"version": 0, "action": "auto", "column": 11, "count": 1}, "bad_request"),
        ({"version": -1, "action": "d"}, "bad_request"),
        ({"version": "zero", "action": "d"}, "bad_request"),
        ({"action": "d"}, "bad_request"),
        ({"version": 0, "action": ""}, "bad_action"),
        ({"version": 0, "action": "auto!"}, "bad_action"),
        ({"version": 0, "action": "d" * 33}, "bad_action"),
        ({"version": 0, "action": "d" * 257}, "bad_request"),
        ({"version": 0, "action": "d", "extra": 1}, "bad_request"),
        ({"version": 2**40, "action": "d"}, "bad_request"),
    ],
)
def test_bad_bodies_are_400(client: TestClient, body: dict[str, Any], reason: str) -> None:
    state = new_game(client)
    response = client.post(f"/api/games/{state['id']}/actions", json=body)
    assert response.status_code == 400
    assert response.json()["reason"] == reason


def test_an_action_padded_past_32_characters_is_played(client: TestClient) -> None:
    """White space around an action is ignored, however much (up to the schema's bound of
    256 characters, a decision of ours): a padded deal is a deal."""
    state = new_game(client)
    padded = " " * 40 + "d" + "\n" * 20
    response = client.post(
        f"/api/games/{state['id']}/actions", json={"version": 0, "action": padded}
    )
    assert response.status_code == 200, response.text
    assert response.json()["state"]["stock_rows_left"] == state["stock_rows_left"] - 1


def test_malformed_json_is_400_in_the_players_language(client: TestClient) -> None:
    state = new_game(client)
    response = client.post(
        f"/api/games/{state['id']}/actions",
        content=b'{"version": 0, "action": ',
        headers={"Content-Type": "application/json", "Accept-Language": "es"},
    )
    assert response.status_code == 400
    assert response.json()["reason"] == "bad_request"
    assert response.json()["message"].startswith("La petición no tiene la forma")


def test_oversized_bodies_are_413_declared_or_streamed(client: TestClient) -> None:
    state = new_game(client)
    url = f"/api/games/{state['id']}/actions"
    big = b'{"version": 0, "action": "d", "pad": "' + b"x" * 20_000 + b'"}'
    response = client.post(url, content=big, headers={"Content-Type": "application/json"})
    assert response.status_code == 413
    assert response.json()["reason"] == "too_large"

    def chunks() -> Iterator[bytes]:
        for _ in range(40):
            yield b" " * 1024

    streamed = client.post(url, content=chunks(), headers={"Content-Type": "application/json"})
    assert streamed.status_code == 413
    assert client.get(f"/api/games/{state['id']}").json()["version"] == 0


def test_the_undo_limit_survives_a_server_restart(migrated_sqlite: Callable[[str], str]) -> None:
    settings = Settings(db_url=migrated_sqlite("limit.db"), undo_limit=2)
    first = create_app(settings)
    client = TestClient(first)
    state = new_game(client)
    for action in ("6>1", "8>7", "d", "undo", "undo"):
        state = act(client, state, action).json()["state"]
    assert (state["can_undo"], state["can_redo"], state["moves"]) == (False, True, 1)
    assert act(client, state, "undo").json()["reason"] == "nothing_to_undo"
    first.state.store.close()
    second = create_app(settings)
    try:
        again = TestClient(second)
        again.cookies.set("spider_player", client.cookies["spider_player"])
        resumed = again.get(f"/api/games/{state['id']}").json()
        assert resumed == state
        assert act(again, resumed, "undo").json()["reason"] == "nothing_to_undo"
        redone = act(again, resumed, "redo").json()["state"]
        assert (redone["moves"], redone["can_undo"]) == (2, True)
    finally:
        second.state.store.close()


def test_the_saved_game_is_its_start_and_its_action_log(client: TestClient, app: FastAPI) -> None:
    state = new_game(client)
    for action in ("6>1", "8>7", "undo", "restart", "d"):
        state = act(client, state, action).json()["state"]
    store = app.state.store
    record = store.games.get(state["id"])
    assert (record.code, record.start_position, record.version) == (CODE, None, 5)
    assert (record.restart_at, record.assisted) == (4, False)
    assert [str(a) for a in store.games.actions(state["id"])] == [
        "6:1>1",
        "8:1>7",
        "undo",
        "restart",
        "d",
    ]
    app.state.service.cache.clear()  # rebuilt from the log after the restart
    assert client.get(f"/api/games/{state['id']}").json() == state


def test_database_work_in_threads_gives_the_same_answers(
    migrated_sqlite: Callable[[str], str],
) -> None:
    default = create_app(Settings(db_url=migrated_sqlite("default.db")))
    assert default.state.blocking.inline  # SQLite: on the event loop unless told otherwise
    default.state.store.close()
    answers = []
    for in_threads in (False, True):
        settings = Settings(db_url=migrated_sqlite(f"{in_threads}.db"), db_in_threads=in_threads)
        app = create_app(settings)
        app.state.store.clock = Clock()  # the same times: the same playing time
        assert app.state.blocking.inline is not in_threads
        with TestClient(app) as client:
            state = new_game(client)
            moved = act(client, state, "6>1").json()
            answers.append((moved["events"], moved["state"] | {"id": ""}))
    assert answers[0] == answers[1]


def test_control_words_in_any_case_and_bad_notation_repeats_the_input(
    client: TestClient,
) -> None:
    state = new_game(client)
    moved = act(client, state, "6>1").json()
    undone = act(client, moved["state"], "Undo")
    assert undone.status_code == 200
    assert undone.json()["state"]["moves"] == 0
    bad = act(client, undone.json()["state"], "0>11")
    assert bad.status_code == 400
    assert bad.json() == {
        "reason": "bad_action",
        "message": "'0>11': there is no column 0; the columns are numbered 1 to 10.",
        "detail": "'0>11': column_range (column=0, columns=10)",
        "problem": "column_range",
    }


def test_auto_in_any_case_and_an_auto_without_its_group_names_what_is_missing(
    client: TestClient,
) -> None:
    state = new_game(client)
    url = f"/api/games/{state['id']}/actions"
    auto = client.post(url, json={"version": 0, "action": " AUTO ", "column": 6, "count": 1})
    assert auto.status_code == 200
    assert auto.json()["state"]["moves"] == 1
    missing = client.post(url, json={"version": 1, "action": "Auto"})
    assert missing.status_code == 400
    assert missing.json()["reason"] == "bad_request"
    assert missing.json()["detail"] == (
        "body.auto.column: Field required; body.auto.count: Field required"
    )
    bad = client.post(url, json={"version": 1, "action": "xx"})
    assert (bad.json()["detail"], bad.json()["problem"]) == ("'xx': not_notation", "not_notation")
    assert client.get(f"/api/games/{state['id']}").json()["version"] == 1


def test_a_405_names_every_method_the_address_takes(client: TestClient) -> None:
    """``Allow`` lists the methods of every route at the path (Starlette's own names only
    the first route's; FastAPI nests included routers)."""
    state = new_game(client)
    wrong = client.delete("/api/games/current")
    assert (wrong.status_code, wrong.json()["reason"]) == (405, "method_not_allowed")
    assert wrong.headers["Allow"] == "GET"
    share = client.get(f"/api/games/{state['id']}/share")
    assert (share.status_code, share.headers["Allow"]) == (405, "DELETE, POST")
