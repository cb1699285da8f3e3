"""Game codes, the SplitMix64 + Fisher-Yates shuffle, and golden deals.

The golden vectors pin the shuffle forever: a code must give the same deal on every
machine and every version.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from spider_solitaire import Game, InvalidCodeError
from spider_solitaire.cards import card_text, new_deck
from spider_solitaire.codes import GameCode, SplitMix64, level_prefix, seed_text, shuffled_deck
from spider_solitaire.variants import FLEXIBLE, VARIANTS, find_rule, find_variant

DATA = Path(__file__).parent / "data"


# --- SplitMix64 -------------------------------------------------------------------


def test_splitmix64_reference_vectors_seed_1234567() -> None:
    # The published SplitMix64 test vector (the same numbers as Java's SplittableRandom
    # reference and Vigna's splitmix64.c): an independent check, not our own output.
    rng = SplitMix64(1234567)
    assert [rng.next() for _ in range(5)] == [
        6457827717110365317,
        3203168211198807973,
        9817491932198370423,
        4593380528125082431,
        16408922859458223821,
    ]


def test_splitmix64_reference_vectors_seed_0() -> None:
    rng = SplitMix64(0)
    assert [rng.next() for _ in range(4)] == [
        0xE220A8397B1DCDAF,
        0x6E789E6AA1B965F4,
        0x06C45D188009454F,
        0xF88BB8A8724C81EC,
    ]


def test_below_is_the_remainder_of_an_accepted_draw() -> None:
    # For bound 104 the rejection limit is 2**64 - 2**64 % 104; the first draws of seed 0
    # are all under it, so below() is just draw % bound.
    draws = SplitMix64(0)
    rng = SplitMix64(0)
    for bound in (104, 103, 7, 1):
        assert rng.below(bound) == draws.next() % bound


def test_below_rejects_draws_at_or_over_the_limit() -> None:
    # bound 3 * 2**62: limit = 2**64 - 2**62 = 3 * 2**62, so a draw >= 3 * 2**62 is drawn
    # again. Seed 0's first draw 0xE220... is over the limit; the second 0x6E78... is not.
    rng = SplitMix64(0)
    bound = 3 << 62
    assert rng.below(bound) == 0x6E789E6AA1B965F4
    assert rng.state == (2 * 0x9E3779B97F4A7C15) & ((1 << 64) - 1)


def test_below_needs_a_positive_bound() -> None:
    with pytest.raises(ValueError, match="0"):
        SplitMix64(1).below(0)


def _reference_shuffle(suits: int, seed: int) -> list[str]:
    """Fisher-Yates written again from the module docstring, with plain arithmetic."""
    mask = (1 << 64) - 1
    state = seed

    def draw() -> int:
        nonlocal state
        state = (state + 0x9E3779B97F4A7C15) & mask
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & mask
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask
        return z ^ (z >> 31)

    deck = [r + s for _ in range(8 // suits) for s in "SHDC"[:suits] for r in "A23456789TJQK"]
    for i in range(103, 0, -1):
        while True:
            value = draw()
            if value < (1 << 64) - (1 << 64) % (i + 1):
                break
        j = value % (i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    return deck


@pytest.mark.parametrize(("suits", "seed"), [(1, 0), (2, 3), (4, 2**35 - 1), (4, 123456789)])
def test_shuffle_matches_the_documented_algorithm(suits: int, seed: int) -> None:
    assert [card_text(c) for c in shuffled_deck(suits, seed)] == _reference_shuffle(suits, seed)


def test_shuffle_golden_first_cards() -> None:
    # Seed 0, 4 suits: the first row of the deal and the start of the stock.
    deck = [card_text(c) for c in shuffled_deck(4, 0)]
    assert deck[:10] == ["3H", "8C", "JS", "6S", "4H", "2D", "TS", "7H", "AD", "8H"]
    assert deck[54:60] == ["5S", "6H", "8S", "AH", "7S", "7H"]
    assert deck[-1] == "TD"


@pytest.mark.parametrize("seed", [-1, 2**35])
def test_shuffle_seed_out_of_range(seed: int) -> None:
    with pytest.raises(InvalidCodeError, match=str(seed)):
        shuffled_deck(4, seed)


# --- golden deals -----------------------------------------------------------------


def _golden() -> dict[str, str]:
    blocks: dict[str, str] = {}
    code = ""
    for line in (DATA / "golden_deals.txt").read_text(encoding="utf-8").splitlines():
        if line.startswith("== "):
            code = line[3:]
            blocks[code] = ""
        elif code and line:
            blocks[code] += line + "\n"
    return blocks


GOLDEN = _golden()


def test_golden_file_has_the_expected_codes() -> None:
    assert list(GOLDEN) == [
        "SP1-S1C-AAAAAAA",
        "SP1-S2C-AAAAAAD",
        "SP1-S4C-ZZZZZZZ",
        "SP1-S4F-7777777",
    ]


@pytest.mark.parametrize("code", list(GOLDEN))
def test_golden_deal(code: str) -> None:
    assert Game.from_code(code).position_text() == GOLDEN[code]


def test_golden_deal_seed_0_four_suits_first_columns() -> None:
    # Spelled out here too, so that a broken golden file cannot hide a change.
    lines = Game.from_code("SP1-S4C-AAAAAAA").position_text().splitlines()
    assert lines[5] == "1: 3H TH 3D AS 2S | 5D"
    assert lines[14] == "10: 8H 9S 2S 2H | 9D"
    assert lines[4].startswith("stock: 5S 6H 8S AH 7S 7H 8H 6D TC 4C ")


def test_same_seed_other_rule_same_deal() -> None:
    classic = Game.from_code("SP1-S4C-ZZZZZZZ").position_text().splitlines()
    flexible = Game.from_code("SP1-S4F-ZZZZZZZ").position_text().splitlines()
    assert classic[0] == "rules: S4C"
    assert flexible[0] == "rules: S4F"
    assert classic[1:] == flexible[1:]


def test_same_seed_other_suit_count_same_permutation() -> None:
    # The seed decides the permutation of the unshuffled deck; with 1 suit every card is
    # a spade of the same rank as in the 4-suit deal.
    one = Game.from_code("SP1-S1C-AAAAAAA").position_text()
    four = Game.from_code("SP1-S4C-AAAAAAA").position_text()
    assert one.splitlines()[0] == "rules: S1C"
    assert re.sub("[HDC]", "S", four).splitlines()[1:] == one.splitlines()[1:]


# --- parsing codes ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "canonical", "suits", "rule", "seed"),
    [
        ("SP1-S2C-AAAAAAD", "SP1-S2C-AAAAAAD", 2, "classic", 3),
        ("sp1-s2c-aaaaaad", "SP1-S2C-AAAAAAD", 2, "classic", 3),
        ("  SP1-S4F-AAAAAAB \n", "SP1-S4F-AAAAAAB", 4, "flexible", 1),
        ("SP1-S1F-AAAAAAA", "SP1-S1C-AAAAAAA", 1, "classic", 0),
        ("sp1-s1f-7777777", "SP1-S1C-7777777", 1, "classic", 2**35 - 1),
        ("SP1-S2F-BAAAAAA", "SP1-S2F-BAAAAAA", 2, "flexible", 32**6),
        ("SP1-S4C-AAAAA2A", "SP1-S4C-AAAAA2A", 4, "classic", 26 * 32),
    ],
)
def test_parse_code(text: str, canonical: str, suits: int, rule: str, seed: int) -> None:
    code = GameCode.parse(text)
    assert (code.suits, code.rule, code.seed) == (suits, find_rule(rule), seed)
    assert code.rule.name == rule
    assert str(code) == canonical


def test_game_code_is_canonical() -> None:
    assert Game.from_code("  sp1-s1f-aaaaaad ").code == "SP1-S1C-AAAAAAD"
    assert Game.from_code("sp1-s2f-aaaaaad").code == "SP1-S2F-AAAAAAD"


def test_s1f_plays_as_s1c() -> None:
    assert Game.from_code("SP1-S1F-AAAAAAD").position_text() == (
        Game.from_code("SP1-S1C-AAAAAAD").position_text()
    )


@pytest.mark.parametrize("seed", [0, 1, 31, 32, 12345, 2**35 - 1])
def test_seed_text_round_trip(seed: int) -> None:
    text = seed_text(seed)
    assert len(text) == 7
    assert GameCode.parse(f"SP1-S2C-{text}").seed == seed


@pytest.mark.parametrize(
    ("text", "part"),
    [
        ("SP1S2CAAAAAAD", "three parts"),
        ("SP1-S2C-AAA-AAAD", "three parts"),
        ("", "three parts"),
        ("SP2-S2C-AAAAAAD", "seed and a check character"),  # SP2: issue 31, item 15
        ("SP3-S2C-AAAAAAD", "must start with SP1 or SP2"),
        ("XX1-S2C-AAAAAAD", "must start with SP1 or SP2"),
        ("SP1-2C-AAAAAAD", "middle part"),
        ("SP1-S2CC-AAAAAAD", "middle part"),
        ("SP1-X2C-AAAAAAD", "middle part"),
        ("SP1-S3C-AAAAAAD", "number of suits"),
        ("SP1-S8C-AAAAAAD", "number of suits"),
        ("SP1-S2X-AAAAAAD", "rule must be C"),
        ("SP1-S2C-AAAAAA", "seed must be 7 characters, not 6"),
        ("SP1-S2C-AAAAAAAA", "seed must be 7 characters, not 8"),
        ("SP1-S2C-AAAAAA1", "only A-Z and 2-7, not '1'"),
        ("SP1-S2C-AAAAAA8", "only A-Z and 2-7, not '8'"),
        ("SP1-S2C-AAA AAA", "only A-Z and 2-7, not ' '"),
    ],
)
def test_bad_code_names_the_part_and_repeats_the_input(text: str, part: str) -> None:
    with pytest.raises(InvalidCodeError) as info:
        Game.from_code(text)
    message = str(info.value)
    assert part in message
    assert repr(text) in message
    assert isinstance(info.value, ValueError)


# --- new games --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("suits", "rule", "setup"),
    [(1, "classic", "S1C"), (1, "Flexible", "S1C"), (2, "FLEXIBLE", "S2F"), (4, "classic", "S4C")],
)
def test_new_game_code_reproduces_it(suits: int, rule: str, setup: str) -> None:
    game = Game.new(suits, rule)
    assert game.code is not None
    assert re.fullmatch(f"SP2-{setup}-[A-Z2-7]{{7}}[0-9A-Z]", game.code)  # issue 31, item 15
    assert Game.from_code(game.code).position_text() == game.position_text()


def test_new_game_defaults_to_four_suits_classic() -> None:
    game = Game.new()
    assert game.code is not None and game.code.startswith("SP2-S4C-")
    assert game.position_text().startswith("rules: S4C\n")


def test_new_games_draw_different_seeds() -> None:
    # 35 bits of entropy: twenty draws are all different (a clash has odds ~ 2**-26).
    assert len({Game.new(2).code for _ in range(20)}) == 20


@pytest.mark.parametrize(("suits", "rule"), [(3, "classic"), (0, "classic"), (2, "spider")])
def test_new_game_bad_options(suits: int, rule: str) -> None:
    with pytest.raises(InvalidCodeError, match=repr(suits) if suits != 2 else repr(rule)):
        Game.new(suits, rule)


def test_position_game_has_no_code() -> None:
    text = Game.from_code("SP1-S2C-AAAAAAD").position_text()
    assert Game.from_position(text).code is None


def test_full_deck_is_a_permutation() -> None:
    for suits in (1, 2, 4):
        assert sorted(shuffled_deck(suits, 99)) == sorted(new_deck(suits))


def test_a_level_s_prefix_is_its_codes_up_to_the_seed() -> None:
    assert level_prefix(4, "classic") == "SP1-S4C-"
    assert level_prefix(1, "flexible", find_variant("bicycle")) == "SP1-BIKE-S1C-"
    for variant in VARIANTS:
        code = GameCode(2, FLEXIBLE, 12345, variant)
        assert str(code) == level_prefix(2, "flexible", variant) + seed_text(12345)
    with pytest.raises(InvalidCodeError):
        level_prefix(2, "easy")
