"""Cards: text both ways, the hidden card, and the 104-card decks (every game has 104 cards)."""

from __future__ import annotations

from collections import Counter

import pytest

from spider_solitaire.cards import (
    HIDDEN,
    card_text,
    make_card,
    new_deck,
    parse_card,
    rank_of,
    suit_of,
    suits_in_play,
)
from spider_solitaire.errors import SpiderError


def test_card_value_layout() -> None:
    ace_of_spades = make_card(1, 0)
    king_of_clubs = make_card(13, 3)
    assert (ace_of_spades, king_of_clubs) == (1, 61)
    assert (rank_of(king_of_clubs), suit_of(king_of_clubs)) == (13, 3)
    assert rank_of(HIDDEN) == 0


@pytest.mark.parametrize(
    ("text", "rank", "suit"),
    [("AS", 1, 0), ("TS", 10, 0), ("JH", 11, 1), ("QD", 12, 2), ("KC", 13, 3), ("7H", 7, 1)],
)
def test_card_text_round_trip(text: str, rank: int, suit: int) -> None:
    card = parse_card(text)
    assert card == make_card(rank, suit)
    assert card_text(card) == text


def test_every_card_of_four_suits_round_trips() -> None:
    texts = [r + s for s in "SHDC" for r in "A23456789TJQK"]
    assert [card_text(parse_card(t)) for t in texts] == texts
    assert len({parse_card(t) for t in texts}) == 52


@pytest.mark.parametrize(
    ("text", "canonical"),
    [("10s", "TS"), ("10H", "TH"), ("th", "TH"), ("qd", "QD"), ("aC", "AC"), ("Ks", "KS")],
)
def test_input_takes_ten_and_any_case(text: str, canonical: str) -> None:
    assert card_text(parse_card(text)) == canonical


def test_hidden_card() -> None:
    assert parse_card("??") == HIDDEN
    assert card_text(HIDDEN) == "??"


@pytest.mark.parametrize("text", ["", "S", "1S", "11S", "0S", "AX", "KSS", "10", "?S", "ZS"])
def test_bad_card_text_is_refused_with_the_text_repeated(text: str) -> None:
    with pytest.raises(SpiderError) as info:
        parse_card(text)
    assert isinstance(info.value, ValueError)
    assert repr(text) in str(info.value)


def test_suits_in_play() -> None:
    assert [suits_in_play(n) for n in (1, 2, 4)] == ["S", "SH", "SHDC"]


# Every game has 104 cards. 1 suit: 8 x 13 spades. 2 suits: 4 x 13 spades + 4 x 13 hearts.
# 4 suits: 2 x 13 of each of spades, hearts, diamonds, clubs.
@pytest.mark.parametrize(("suits", "copies"), [(1, 8), (2, 4), (4, 2)])
def test_rule_1_deck_composition(suits: int, copies: int) -> None:
    deck = new_deck(suits)
    assert len(deck) == 104
    expected = Counter({r + s: copies for s in "SHDC"[:suits] for r in "A23456789TJQK"})
    assert Counter(card_text(c) for c in deck) == expected


def test_unshuffled_deck_order_is_fixed() -> None:
    # The order the shuffle starts from: copies, then suits, then Ace to King.
    two = [card_text(c) for c in new_deck(2)]
    assert two[:3] == ["AS", "2S", "3S"]
    assert two[12:15] == ["KS", "AH", "2H"]
    assert two[26] == "AS"
    assert two[-1] == "KH"
    four = [card_text(c) for c in new_deck(4)]
    assert four[13 * 3 : 13 * 3 + 2] == ["AC", "2C"]
    assert four[52] == "AS"


@pytest.mark.parametrize("suits", [0, 3, 5, 8])
def test_bad_suit_count(suits: int) -> None:
    with pytest.raises(SpiderError, match=str(suits)):
        new_deck(suits)
