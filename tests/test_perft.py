"""Perft: the number of action sequences of depth 1..N from fixed game codes.

``tests/data/perft.json`` keeps the numbers (made by ``bench/perft.py``), so any change
in move generation or in how actions change the position shows as a wrong number. The
same counts are also made with the independent rule reading of ``tests/naive.py``.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from naive import legal_actions
from spider_solitaire import Game, Move
from spider_solitaire.legal import legal_moves
from spider_solitaire.position import Position
from spider_solitaire.rules import apply_move
from spider_solitaire.variants import GROUP_RULES, VARIANTS

PERFT = json.loads((Path(__file__).parent / "data" / "perft.json").read_text("utf-8"))["counts"]


def perft(position: Position, depth: int) -> int:
    """Sequences of ``depth`` actions from ``position``, with the engine's move list."""
    moves = legal_moves(position)
    if depth == 1:
        return len(moves)
    return sum(perft(apply_move(position, move)[0], depth - 1) for move in moves)


def naive_perft(position: Position, depth: int) -> int:
    """The same count with tests/naive.py's list of actions, read off the position text."""
    actions = legal_actions(position.to_text())
    if depth == 1:
        return len(actions)
    return sum(naive_perft(apply_move(position, Move.parse(a))[0], depth - 1) for a in actions)


def test_perft_codes_cover_each_suit_count_both_rules_and_every_variant() -> None:
    # read from the registry: a new variant without a code here fails until it has one
    positions = [Game.from_code(code).position for code in PERFT]
    assert {position.suits for position in positions} == {1, 2, 4}
    assert {position.rule for position in positions} == set(GROUP_RULES)
    assert all(len(counts) == 5 for counts in PERFT.values())
    assert {Game.from_code(code).variant.name for code in PERFT} == {
        variant.name for variant in VARIANTS
    }


@pytest.mark.parametrize("code", sorted(PERFT))
def test_perft_matches_the_stored_counts(code: str) -> None:
    position = Game.from_code(code).position
    assert [perft(position, depth) for depth in range(1, 6)] == PERFT[code]


@pytest.mark.parametrize("code", sorted(PERFT))
def test_perft_agrees_with_an_independent_count(code: str) -> None:
    position = Game.from_code(code).position
    assert [naive_perft(position, depth) for depth in (1, 2, 3, 4)] == PERFT[code][:4]


def test_perft_depth_1_by_hand() -> None:
    # SP1-S4C-ZZZZZZZ shows JS KC 7H 9H 6H 9S 8D 3D AD AD: 7H onto 8D (3:1>7), 6H onto
    # 7H (5:1>3), 8D onto 9H or 9S (7:1>4, 7:1>6), and the deal: 5 actions.
    game = Game.from_code("SP1-S4C-ZZZZZZZ")
    assert [str(m) for m in game.legal_moves()] == ["3:1>7", "5:1>3", "7:1>4", "7:1>6", "d"]
    assert PERFT["SP1-S4C-ZZZZZZZ"][0] == 5
