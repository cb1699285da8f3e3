"""``/api/games/{id}/rewind``: undo several actions in one request (the "undo back to
where the game could still be won" offer), recorded as that many undos."""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI
from fastapi.testclient import TestClient

from .conftest import act, new_game


def _played(client: TestClient, actions: list[str]) -> dict[str, Any]:
    state = new_game(client)
    for action in actions:
        response = act(client, state, action)
        assert response.status_code == 200, response.text
        state = response.json()["state"]
    return state


def rewind(client: TestClient, state: dict[str, Any], steps: int, **extra: Any) -> Any:
    body = {"version": state["version"], "steps": steps, **extra}
    return client.post(f"/api/games/{state['id']}/rewind", json=body)


def test_rewind_is_the_same_as_undoing_one_by_one(client: TestClient, app: FastAPI) -> None:
    state = _played(client, ["6>1", "d", "3:1>4"])
    by_hand = state
    undo_events = []
    for _ in range(2):
        undone = act(client, by_hand, "undo").json()
        by_hand, undo_events = undone["state"], undo_events + undone["events"]
    by_hand_view = {k: v for k, v in by_hand.items() if k not in ("id", "version")}
    by_hand = act(client, by_hand, "redo").json()["state"]  # back to where we were, by redo
    by_hand = act(client, by_hand, "redo").json()["state"]

    response = rewind(client, by_hand, 2)
    assert response.status_code == 200, response.text
    body = response.json()
    assert body["events"] == undo_events  # the undos' events, in order
    assert [event["kind"] for event in body["events"]] == ["move", "undeal"]
    assert body["announcement"] == "Undid 2 actions."
    after = body["state"]
    assert after["version"] == by_hand["version"] + 2
    assert {k: v for k, v in after.items() if k not in ("id", "version")} == by_hand_view
    assert (after["moves"], after["can_undo"], after["can_redo"]) == (1, True, True)

    # each undo is in the log: a restarted server rebuilds the same game and history
    store = app.state.store
    assert [str(a) for a in store.games.actions(state["id"])[-2:]] == ["undo", "undo"]
    app.state.service.cache.clear()
    assert client.get(f"/api/games/{state['id']}").json() == after
    redone = act(client, after, "redo").json()["state"]
    assert redone["moves"] == 2


def test_rewind_too_far_stale_or_foreign_changes_nothing(
    client: TestClient, make_client: Any
) -> None:
    state = _played(client, ["6>1"])
    too_far = rewind(client, state, 2)
    assert too_far.status_code == 422
    assert too_far.json() == {
        "reason": "rewind_too_far",
        "message": "That goes back further than the actions that can be undone.",
        "undoable": 1,
    }

    stale = rewind(client, {**state, "version": 0}, 1)
    assert stale.status_code == 409
    assert stale.json()["reason"] == "stale_version"
    assert stale.json()["state"] == state

    other = make_client()  # not entered: that would run the app's lifespan again
    new_game(other)
    assert rewind(other, state, 1).status_code == 404
    assert rewind(client, state, 0).status_code == 400
    assert rewind(client, state, 1, extra=True).status_code == 400
    assert client.get(f"/api/games/{state['id']}").json() == state
