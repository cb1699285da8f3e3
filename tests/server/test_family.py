"""The Spider family at the table's server (issue 20, step 5): every variant of the
registry is dealt, shown, played and asked about ("Can I still win?") through the API, on
SQLite and PostgreSQL (the ``client`` fixture)."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from spider_solitaire import Game
from spider_solitaire.levels import levels_offered
from spider_solitaire.messages import message
from spider_solitaire.variants import VARIANT_NAMES, VARIANTS, Variant, find_variant

from . import asking
from .conftest import Clock, act, new_game

SPIDERETTE_WIN = [
    "d",
    "4:1>5",
    "7:1>5",
    "5:3>7",
    "2:1>5",
    "5:2>7",
    "7:6>3",
    "6:1>7",
    "6:1>7",
    "d",
    "3:1>2",
    "1:1>2",
    "4:1>7",
    "7:5>2",
    "d",
    "7:1>2",
    "6:1>7",
    "3:8>4",
    "3:1>7",
    "4:10>5",
    "6:2>3",
    "6:1>5",
    "3:3>5",
    "5:4>4",
    "2:10>5",
    "d",
    "4:5>7",
    "5:11>6",
    "7:1>6",
    "4:1>6",
    "4:1>5",
    "2:1>5",
    "2:1>7",
    "2:1>1",
    "3:1>6",
    "5:3>2",
    "5:1>6",
    "7:8>6",
    "3:1>7",
    "7:2>3",
    "6:12>7",
    "6:1>1",
    "7:1>3",
    "7:1>3",
    "1:3>3",
    "1:1>2",
    "3:7>1",
    "1:8>2",
    "1:1>2",
]
"""A win of ``SP1-ETTE-S1C-AAAAAAD`` (49 actions; ``spider solve SP1-ETTE-S1C-AAAAAAD``)."""

RUN = "KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S"
"""A run of spades from King to 2: with the Ace it is complete."""


def near_win(variant: Variant) -> str:
    """A position of ``variant`` one move (the Ace of spades onto the run) from its last
    run, with an empty stock."""
    lines = [f"variant: {variant.name}"] if not variant.is_default else []
    lines += ["rules: S1C", f"1: | {RUN}", "2: | AS"]
    lines += [f"{n}: |" for n in range(3, variant.columns + 1)]
    return "\n".join(lines) + "\n"


def test_the_api_offers_the_registrys_variants(client: TestClient) -> None:
    schema = client.get("/openapi.json").json()["components"]["schemas"]
    assert schema["NewGameFromSuits"]["properties"]["variant"]["enum"] == list(VARIANT_NAMES)


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda variant: variant.name)
def test_a_new_game_of_each_variant_is_dealt_shown_and_played(
    client: TestClient, variant: Variant
) -> None:
    state = new_game(client, variant=variant.name, suits=2, rule="flexible")
    assert (state["variant"], state["suits"], state["rule"]) == (variant.name, 2, "flexible")
    assert state["variant_title"] == message("variants", variant.title_key)
    assert (state["column_count"], len(state["columns"])) == (variant.columns, variant.columns)
    assert state["runs"] == variant.runs
    assert [column["face_down"] for column in state["columns"]] == list(variant.face_down)
    assert state["stock_rows_left"] == len(variant.stock_rows)
    assert state["labels"]["removed"] == f"Removed runs: 0 of {variant.runs}"
    assert len(state["labels"]["removed_slots"]) == variant.runs
    assert state["code"].startswith("SP2-" + (f"{variant.tag}-" if variant.tag else "S2F-"))
    assert Game.from_code(state["code"]).variant is variant

    dealt = act(client, state, "d")  # every column has a card: each variant deals a row
    assert dealt.status_code == 200, dealt.text
    after = dealt.json()["state"]
    row = variant.stock_rows[0]
    assert sum(len(c["face_up"]) for c in after["columns"]) == variant.columns + row
    assert (after["moves"], after["score"]) == (1, 499)
    assert dealt.json()["events"][0]["kind"] == "deal"

    again = client.get(f"/api/games/{state['id']}").json()  # read back from the store
    assert (again["variant"], again["version"]) == (variant.name, 1)


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda variant: variant.name)
def test_can_i_still_win_in_each_variant(client: TestClient, variant: Variant) -> None:
    state = new_game(client, position=near_win(variant))
    assert state["variant"] == variant.name and state["column_count"] == variant.columns
    answer = asking.ask(client, state["id"], "can-win", state["version"]).json()
    assert answer["answer"] == "yes", answer
    assert answer["state"]["assisted"] is True


def test_a_run_in_spider_1949_is_taken_off_with_its_button_and_undone(
    client: TestClient,
) -> None:
    position = near_win(find_variant("spider-1949")).replace("3: |", f"3: | {RUN} AS")
    state = new_game(client, position=position)
    assert [offer["column"] for offer in state["take_offs"]] == [3]  # kept until taken off
    moved = act(client, state, "2>1")
    assert moved.status_code == 200, moved.text
    state = moved.json()["state"]
    assert state["removed"] == [] and not state["is_won"]  # the run stays: the player's choice
    assert state["take_offs"][0] == {
        "column": 1,
        "label": "Take off the run of spades at the end of column 1 (T).",
        "ready": "The run of spades at the end of column 1 can be taken off: press T "
        "on that column, or keep it to break it up.",
    }
    assert [offer["column"] for offer in state["take_offs"]] == [1, 3]
    taken = act(client, state, "t1")
    assert taken.status_code == 200, taken.text
    after = taken.json()["state"]
    assert (after["removed"], after["score"], after["moves"]) == (["S"], state["score"] + 100, 1)
    assert not after["is_won"] and [o["column"] for o in after["take_offs"]] == [3]
    undone = act(client, after, "undo").json()["state"]
    assert undone["take_offs"] == state["take_offs"] and undone["score"] == state["score"]
    won = act(client, act(client, undone, "t3").json()["state"], "t1").json()["state"]
    assert won["is_won"] and won["removed"] == ["S", "S"] and won["take_offs"] == []


def test_a_take_off_where_runs_leave_by_themselves_is_refused(client: TestClient) -> None:
    state = new_game(client, variant="bicycle", suits=1)
    refused = act(client, state, "t1")
    assert refused.status_code == 422  # an illegal action, as every refused move
    assert refused.json()["reason"] == "runs_leave_by_themselves"


def test_a_column_past_a_seven_column_game_is_refused_naming_its_seven(
    client: TestClient,
) -> None:
    state = new_game(client, variant="spiderette", suits=1)
    for action in ("11>1", "1>8", "t8"):
        refused = act(client, state, action)
        assert refused.status_code == 400
        body = refused.json()
        assert (body["reason"], body["problem"]) == ("bad_action", "column_range")
        assert body["message"].endswith("the columns are numbered 1 to 7."), body
        assert body["message"].startswith(f"'{action}':"), body


def test_an_unknown_variant_is_400_and_the_daily_deal_has_none(client: TestClient) -> None:
    response = client.post("/api/games", json={"variant": "klondike"})
    assert (response.status_code, response.json()["reason"]) == (400, "bad_request")
    assert "'klondike' is not a variant (known: spider, spider-1949," in response.text
    daily = client.post("/api/games", json={"daily": "2026-12-02", "variant": "bicycle"})
    assert (daily.status_code, daily.json()["reason"]) == (400, "bad_request")


def test_the_statistics_count_each_variant_apart(client: TestClient, clock: Clock) -> None:
    bicycle = new_game(client, code="SP1-BIKE-S1C-AAAAAAD")
    assert act(client, bicycle, "d").status_code == 200
    clock.advance(1)
    state = new_game(client, code="SP1-ETTE-S1C-AAAAAAD", confirm=["abandon"])  # bicycle: lost
    for action in SPIDERETTE_WIN:
        clock.advance(1)
        response = act(client, state, action)
        assert response.status_code == 200, (action, response.text)
        state = response.json()["state"]
    assert state["is_won"] and state["labels"]["win"].startswith("All four runs are removed.")
    assert state["record"]["counted"] and len(state["labels"]["removed_slots"]) == 4
    clock.advance(1)
    lost = new_game(client, code="SP1-ETTE-S1C-AAAAAAE")
    clock.advance(1)
    assert act(client, lost, "d").status_code == 200
    clock.advance(1)
    new_game(client, code="SP1-S1C-AAAAAAD", confirm=["abandon"])  # spiderette: lost

    stats = client.get("/api/stats").json()
    rows = {(v["variant"], v["suits"], v["rule"]): v for v in stats["variants"]}
    assert list(rows) == [
        ("spider", 1, "classic"),
        ("spider", 2, "classic"),
        ("spider", 4, "classic"),
        ("bicycle", 1, "classic"),
        ("spiderette", 1, "classic"),
    ]
    assert rows["bicycle", 1, "classic"]["label"] == "Bicycle Spider · 1 suit"
    assert rows["bicycle", 1, "classic"]["unassisted"]["lost"] == 1
    ette = rows["spiderette", 1, "classic"]["unassisted"]
    assert (ette["won"], ette["lost"], ette["fewest_moves"]) == (1, 1, state["moves"])
    assert rows["spider", 1, "classic"]["unassisted"]["finished"] == 0  # it plays on
    assert [r["label"] for r in stats["last_results"]] == [
        "Bicycle Spider · 1 suit",
        "Spiderette · 1 suit",
        "Spiderette · 1 suit",
    ]
    assert [r["outcome"] for r in stats["last_results"]] == ["lost", "won", "lost"]
    history = client.get("/api/history").json()["games"]
    assert [(game["label"], game["status"]) for game in history] == [
        ("1 suit", "playing"),  # the current game
        ("Spiderette · 1 suit", "lost"),
        ("Spiderette · 1 suit", "won"),
        ("Bicycle Spider · 1 suit", "lost"),
    ]

    # a reset of one game of the family leaves the others' figures
    body = {"variant": "bicycle", "suits": 1, "rule": "classic"}
    reset = client.post("/api/stats/reset", json=body).json()
    rows = {(v["variant"], v["suits"], v["rule"]): v for v in reset["variants"]}
    assert ("bicycle", 1, "classic") not in rows  # listed again once it has a result
    assert rows["spiderette", 1, "classic"]["unassisted"]["lost"] == 1


def test_a_reset_of_spiderette_leaves_spiders_row_of_the_same_suits_and_rule(
    client: TestClient, clock: Clock
) -> None:
    """The Statistics window resets a row with its own variant (issue 20): Spiderette's
    1-suit row goes, Spider's 1-suit row stays; only a reset naming no variant covers
    both."""
    spider = new_game(client, code="SP1-S1C-AAAAAAD")
    assert act(client, spider, "d").status_code == 200
    clock.advance(1)
    ette = new_game(client, code="SP1-ETTE-S1C-AAAAAAD", confirm=["abandon"])  # spider: lost
    assert act(client, ette, "d").status_code == 200
    clock.advance(1)
    new_game(client, code="SP1-S1C-AAAAAAE", confirm=["abandon"])  # spiderette: lost

    def lost(stats: dict[str, Any]) -> dict[tuple[str, int, str], int]:
        return {
            (v["variant"], v["suits"], v["rule"]): v["unassisted"]["lost"]
            for v in stats["variants"]
            if v["suits"] == 1
        }

    assert lost(client.get("/api/stats").json()) == {
        ("spider", 1, "classic"): 1,
        ("spiderette", 1, "classic"): 1,
    }
    body = {"variant": "spiderette", "suits": 1, "rule": "classic"}
    reset = client.post("/api/stats/reset", json=body)
    assert reset.status_code == 200
    assert lost(reset.json()) == {("spider", 1, "classic"): 1}  # Spider's row is untouched
    # a reset naming no variant covers every game of the family at those suits and rule
    everything = client.post("/api/stats/reset", json={"suits": 1, "rule": "classic"}).json()
    assert lost(everything) == {("spider", 1, "classic"): 0}


def test_the_variants_offered_are_the_registrys_with_their_titles(client: TestClient) -> None:
    def stars(suits: int, rules: list[str]) -> list[dict[str, object]]:
        # the deal levels with shipped deals (levels.py), one entry a rule
        offered = [list(levels_offered(suits, rule, "spiderette")) for rule in rules]
        return [{"rule": rule, "stars": each} for rule, each in zip(rules, offered, strict=True)]

    offered = client.get("/api/games/variants", headers={"Accept-Language": "es"}).json()
    assert [v["name"] for v in offered] == list(VARIANT_NAMES)
    assert offered[4] == {
        "name": "spiderette",
        "title": message("variants", "spiderette", "es"),
        "columns": 7,
        "runs": 4,
        "winnable": True,
        "rules": "/rules#variant-spiderette",
        # the rules each level is offered under, from the registry: the page states none
        "levels": [
            {"suits": 1, "group_rules": ["classic"], "deal_levels": stars(1, ["classic"])},
            {
                "suits": 2,
                "group_rules": ["classic", "flexible"],
                "deal_levels": stars(2, ["classic", "flexible"]),
            },
            {
                "suits": 4,
                "group_rules": ["classic", "flexible"],
                "deal_levels": stars(4, ["classic", "flexible"]),
            },
        ],
    }
    assert [v["winnable"] for v in offered] == [True] * 6  # a stock, then the search
    for offer in offered:  # every variant's levels are its registry's rules_for
        variant = find_variant(offer["name"])
        assert [
            {key: level[key] for key in ("suits", "group_rules")} for level in offer["levels"]
        ] == [
            {"suits": suits, "group_rules": [rule.name for rule in variant.rules_for(suits)]}
            for suits in (1, 2, 4)
        ]
    state = new_game(client, variant="will-o-the-wisp", suits=1)
    assert state["labels"]["variant"] == "Will o' the Wisp · 1 suit"  # the header's


def test_a_hint_in_spider_1949_offers_the_waiting_take_off(client: TestClient) -> None:
    """A newcomer's find: a hint with a take-off waiting answered 500 (the catalog had no
    ``why_takes_off_run``); it is the take-off, with its reason and sentence."""
    position = near_win(find_variant("spider-1949")).replace("3: |", f"3: | {RUN} AS")
    state = new_game(client, position=position)
    response = client.post(f"/api/games/{state['id']}/hint", json={"version": state["version"]})
    assert response.status_code == 200, response.text
    hint = response.json()["hint"]
    assert (hint["action"], hint["reasons"]) == ("t3", ["takes_off_run"])
    assert hint["short"].endswith(": it takes off a complete run, 100 points.")
