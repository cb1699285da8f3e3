"""The stock of winnable deals: the shipped file never changes, its rows are the candidates
the solver won, in order, and a sample is won again."""

from __future__ import annotations

import csv
import hashlib
import itertools
from pathlib import Path

import pytest

from spider_solitaire import Game
from spider_solitaire.codes import GameCode
from spider_solitaire.errors import InvalidCodeError, SpiderError
from spider_solitaire.solver import solve
from spider_solitaire.winnable import (
    DATA_FILE,
    HEADER,
    PROOF_NODE_LIMIT,
    STOCK_LEVELS,
    VARIANT,
    candidate_codes,
    shipped,
    stock,
)

DATA = Path(__file__).resolve().parent.parent / "src" / "spider_solitaire" / "data" / DATA_FILE

SHA256 = "1988e3d5288486154624aeb26e2105cc0869d909fa649d4be01c3a6813ec1d50"
"""The shipped file's SHA-256. A new run of scripts/prove_winnable_deals.py only appends:
pin the new hash then, after checking with ``git diff`` that no shipped row changed."""

SHIPPED = {
    (1, "classic"): 200,
    (2, "classic"): 200,
    (2, "flexible"): 200,
    (4, "classic"): 200,
    (4, "flexible"): 200,
}
"""Deals shipped for each level (suits, rule)."""


def test_the_shipped_file_is_pinned() -> None:
    assert hashlib.sha256(DATA.read_bytes()).hexdigest() == SHA256


def test_every_level_has_its_deals_and_each_is_a_candidate_in_order() -> None:
    rows = list(csv.reader(DATA.read_text("utf-8").splitlines()))
    assert tuple(rows[0]) == HEADER
    assert {(variant, int(suits), rule) for variant, suits, rule, _ in rows[1:]} == {
        (VARIANT, suits, rule) for suits, rule in STOCK_LEVELS
    }
    for suits, rule in STOCK_LEVELS:
        deals = stock(suits, rule)
        assert len(deals) == SHIPPED[(suits, rule)]
        assert deals == shipped()[(VARIANT, suits, rule)]
        assert len(set(deals)) == len(deals)
        for code in deals:
            parsed = GameCode.parse(code)
            assert (parsed.suits, parsed.rule, str(parsed)) == (suits, rule, code)
        # the deals are candidates of the level's own sequence, in its order
        candidates = candidate_codes(suits, rule)
        assert all(any(code == candidate for candidate in candidates) for code in deals)


def test_one_suit_flexible_is_the_classic_stock_and_other_levels_have_none() -> None:
    assert stock(1, "flexible") == stock(1, "classic") != ()
    assert stock(2, "classic", variant="scorpion") == ()
    with pytest.raises(InvalidCodeError):
        stock(2, "easy")


def test_the_candidate_sequence_depends_only_on_the_variant_suits_and_rule() -> None:
    first = list(itertools.islice(candidate_codes(4, "classic"), 3))
    assert first == ["SP1-S4C-XVB2WUS", "SP1-S4C-DGARTOC", "SP1-S4C-NN5ONYY"]
    assert next(candidate_codes(4, "flexible")) == "SP1-S4F-LTIV74N"
    assert next(candidate_codes(1, "classic")) == "SP1-S1C-T3BSIPQ"
    with pytest.raises(SpiderError, match="suits 3 and rule 'classic' have no stock"):
        next(candidate_codes(3, "classic"))
    with pytest.raises(SpiderError, match="variant 'scorpion' has no stock"):
        next(candidate_codes(2, "classic", "scorpion"))


def _won(code: str) -> None:
    result = solve(Game.from_code(code), node_limit=PROOF_NODE_LIMIT)
    assert result.status == "won", (code, result.nodes)
    game = Game.from_code(code)
    for move in result.solution:
        game.act(str(move))
    assert game.position.is_won


def test_the_first_one_suit_deal_is_won_again() -> None:
    # about a second of solving: the cheapest check that the stock holds won deals
    _won(stock(1, "classic")[0])


@pytest.mark.slow
@pytest.mark.parametrize("level", STOCK_LEVELS[1:])
def test_a_sample_of_each_level_is_won_again(level: tuple[int, str]) -> None:
    # the first and the last deal of the level: each a few seconds of solving
    deals = stock(*level)
    for code in (deals[0], deals[-1]):
        _won(code)
