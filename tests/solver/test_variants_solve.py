"""The solver and the hints in every variant of the family (issue 20): the take-off of
``spider-1949`` (and keeping a run when it matters), its dealing rule without exception,
and real deals of each variant solved and replayed through the engine."""

from __future__ import annotations

import pytest

from boards import RUN_S, short_board
from spider_solitaire import Game, Move
from spider_solitaire.solver import hint, solve
from spider_solitaire.variants import VARIANTS

TAIL = "TS 9S 8S 7S 6S 5S 4S 3S 2S AS"
"""Ten spades, Ten down to Ace: one stock row of a ten-column game."""


def small(columns: dict[int, str], variant: str | None, stock: str = "") -> Game:
    return Game.from_position(short_board(columns, stock=stock, variant=variant), strict=False)


def test_1949_a_waiting_run_is_taken_off_in_one_action() -> None:
    game = small({1: f"| {RUN_S} AS"}, "spider-1949")
    result = solve(game)
    assert (result.status, [str(m) for m in result.solution]) == ("won", ["t1"])


def test_1949_without_the_exception_three_cards_cannot_deal_but_spider_can() -> None:
    columns = {2: "| KS QS JS"}
    assert solve(small(columns, "spider-1949", TAIL)).status == "lost"
    spider = solve(small(columns, None, TAIL))
    assert spider.status == "won" and spider.solution[0] == Move.deal()


def test_a_1949_hint_takes_a_waiting_run_off() -> None:
    game = Game.from_position(
        short_board({1: f"5H | {RUN_S} AS", 2: "| 9H"}, rules="S2C", variant="spider-1949"),
        strict=False,
    )
    found = hint(game)
    assert found.move == Move.take_off(1) and found.reasons == ("takes_off_run",)


def test_a_seven_column_hint_names_columns_1_to_7() -> None:
    game = Game.from_code("SP1-ETTE-S1C-AAAAAAB")
    found = hint(game)
    assert found.move is not None
    assert all(1 <= column <= 7 for column in (found.move.source, found.move.target) if column)


@pytest.mark.slow
@pytest.mark.parametrize("variant", VARIANTS[1:], ids=lambda v: v.name)
def test_a_deal_of_each_variant_is_solved_and_replays(variant: object) -> None:
    tag = variant.tag
    game = Game.from_code(f"SP1-{tag}-S1C-AAAAAAB")
    result = solve(game, time_limit=60)
    assert result.status == "won"
    replay = game.copy()
    for move in result.solution:
        replay.play(move)
    assert replay.is_won and len(replay.removed) == variant.runs
