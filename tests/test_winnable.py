"""The stock of winnable deals, for every game of the family: the shipped file only ever
grows (``spider``'s rows as first shipped), its rows are the candidates of each variant's
levels the solver won, in order, and a sample is won again."""

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
from spider_solitaire.variants import (
    CLASSIC,
    FLEXIBLE,
    VARIANT_NAMES,
    VARIANTS,
    GroupRule,
    UnknownVariantError,
)
from spider_solitaire.winnable import (
    DATA_FILE,
    HEADER,
    PROOF_NODE_LIMIT,
    STOCK_LEVELS,
    VARIANT,
    candidate_codes,
    shipped,
    stock,
    stock_levels,
)

DATA = Path(__file__).resolve().parent.parent / "src" / "spider_solitaire" / "data" / DATA_FILE

SHA256 = "11c985d77e77a24ab05f2624d9ce39284e85bb76b1677360a010fcafc1314169"
"""The shipped file's SHA-256. A new run of scripts/prove_winnable_deals.py only appends:
pin the new hash then, after checking with ``git diff`` that no shipped row changed."""

SPIDER_SHA256 = "1988e3d5288486154624aeb26e2105cc0869d909fa649d4be01c3a6813ec1d50"
"""The SHA-256 of the file as first shipped (its header and ``spider``'s 1,000 rows): the
file still starts with exactly those bytes."""

SPIDER_ROWS = 1000
"""``spider``'s rows, the first shipped."""

FAMILY = {"spider-1949": 10, "bicycle": 10, "relaxed": 10, "spiderette": 10, "will-o-the-wisp": 10}
"""Deals shipped for each level of every other variant of the family."""


def _shipped_count(variant: str, level: tuple[int, GroupRule]) -> int:
    return 200 if variant == VARIANT else FAMILY[variant]


def test_the_shipped_file_is_pinned() -> None:
    assert hashlib.sha256(DATA.read_bytes()).hexdigest() == SHA256


def test_the_rows_first_shipped_are_unchanged() -> None:
    data = DATA.read_bytes()
    first = b"".join(data.splitlines(keepends=True)[: 1 + SPIDER_ROWS])
    assert hashlib.sha256(first).hexdigest() == SPIDER_SHA256
    assert [len(stock(*level)) for level in STOCK_LEVELS] == [200] * 5
    assert [stock(*level)[0] for level in STOCK_LEVELS] == [
        "SP1-S1C-T3BSIPQ",
        "SP1-S2C-GP5SYZ6",
        "SP1-S2F-DPXYJKT",
        "SP1-S4C-XVB2WUS",
        "SP1-S4F-LTIV74N",
    ]


def test_every_variant_s_levels_come_from_the_registry() -> None:
    assert STOCK_LEVELS == stock_levels("spider") == stock_levels()
    for variant in VARIANTS:
        rules = variant.group_rules
        expected = ((1, CLASSIC), *((s, r) for s in (2, 4) for r in rules))
        assert stock_levels(variant.name) == expected
    with pytest.raises(UnknownVariantError):
        stock_levels("scorpion")


@pytest.mark.parametrize("variant", VARIANT_NAMES)
def test_every_level_has_its_deals_and_each_is_a_candidate_in_order(variant: str) -> None:
    rows = list(csv.reader(DATA.read_text("utf-8").splitlines()))
    assert tuple(rows[0]) == HEADER
    assert {(name, int(suits), rule) for name, suits, rule, _ in rows[1:] if name == variant} == {
        (variant, suits, rule.name) for suits, rule in stock_levels(variant)
    }
    for suits, rule in stock_levels(variant):
        deals = stock(suits, rule, variant)
        assert len(deals) == _shipped_count(variant, (suits, rule))
        assert deals == shipped()[(variant, suits, rule)]
        assert len(set(deals)) == len(deals)
        for code in deals:
            parsed = GameCode.parse(code)
            assert (parsed.variant.name, parsed.suits, parsed.rule, str(parsed)) == (
                variant,
                suits,
                rule,
                code,
            )
        # the deals are candidates of the level's own sequence, in its order
        candidates = candidate_codes(suits, rule, variant)
        assert all(any(code == candidate for candidate in candidates) for code in deals)


def test_a_spiderette_deal_of_the_stock_is_a_spiderette_game() -> None:
    code = stock(2, "flexible", "spiderette")[0]
    assert code.startswith("SP1-ETTE-S2F-")
    game = Game.from_code(code)
    assert (game.position.variant.name, len(game.position.columns)) == ("spiderette", 7)
    assert game.position.rule is FLEXIBLE


def test_one_suit_flexible_is_the_classic_stock_and_other_levels_have_none() -> None:
    assert stock(1, "flexible") == stock(1, "classic") != ()
    assert stock(1, "flexible", "bicycle") == stock(1, "classic", "bicycle") != ()
    assert stock(2, "classic", variant="scorpion") == ()
    with pytest.raises(InvalidCodeError):
        stock(2, "easy")


def test_the_candidate_sequence_depends_only_on_the_variant_suits_and_rule() -> None:
    first = list(itertools.islice(candidate_codes(4, "classic"), 3))
    assert first == ["SP1-S4C-XVB2WUS", "SP1-S4C-DGARTOC", "SP1-S4C-NN5ONYY"]
    assert next(candidate_codes(4, "flexible")) == "SP1-S4F-LTIV74N"
    assert next(candidate_codes(1, "classic")) == "SP1-S1C-T3BSIPQ"
    assert next(candidate_codes(2, "classic", "spiderette")) == "SP1-ETTE-S2C-N6UYXRZ"
    assert next(candidate_codes(4, "flexible", "will-o-the-wisp")) == "SP1-WISP-S4F-L4DFCOI"
    with pytest.raises(SpiderError, match="suits 3 and rule 'classic' have no stock"):
        next(candidate_codes(3, "classic"))
    with pytest.raises(UnknownVariantError, match="'scorpion' is not a variant"):
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


def test_the_first_two_suit_spiderette_deal_is_won_again() -> None:
    # under a second: a deal of another variant's stock is won again, in that variant
    _won(stock(2, "classic", "spiderette")[0])


@pytest.mark.slow
@pytest.mark.parametrize("level", STOCK_LEVELS[1:])
def test_a_sample_of_each_level_is_won_again(level: tuple[int, str]) -> None:
    # the first and the last deal of the level: each a few seconds of solving
    deals = stock(*level)
    for code in (deals[0], deals[-1]):
        _won(code)


@pytest.mark.slow
@pytest.mark.parametrize("variant", [name for name in VARIANT_NAMES if name != VARIANT])
def test_the_last_four_suit_deal_of_each_family_variant_is_won_again(variant: str) -> None:
    _won(stock(4, "flexible", variant)[-1])
