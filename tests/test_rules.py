"""One test (or a few) per rule of the game, on small boards with the real values:
scores, position texts, reason codes, events (with card ids)."""

from __future__ import annotations

from collections import Counter

import pytest

from boards import RUN_H, RUN_S, board, column_lines, game
from spider_solitaire import Game, IllegalMoveError, InvalidMoveError, Move
from spider_solitaire.cards import card_text
from spider_solitaire.codes import shuffled_deck
from spider_solitaire.errors import REASONS
from spider_solitaire.events import (
    CardsMoved,
    CardTurnedDown,
    CardTurnedUp,
    GameUnwon,
    GameWon,
    Restarted,
    RowDealt,
    RowUndealt,
    RunRemoved,
    RunRestored,
)
from spider_solitaire.messages import explain, reason_text
from spider_solitaire.rules import GROUP_REASONS, group_refusal

TEN_AS = " ".join(["AS"] * 10)


def reason(game: Game, action: str) -> str:
    """Play ``action`` expecting a refusal that changes nothing; return its reason."""
    before = game.position_text()
    with pytest.raises(IllegalMoveError) as info:
        game.play(action)
    assert game.position_text() == before
    return info.value.reason


# --- the cards -----------------------------------------------------------


@pytest.mark.parametrize(
    ("code", "expected"),
    [
        ("SP1-S1C-AAAAAAD", {"S": 8}),
        ("SP1-S2C-AAAAAAD", {"S": 4, "H": 4}),
        ("SP1-S4F-AAAAAAD", {"S": 2, "H": 2, "D": 2, "C": 2}),
    ],
)
def test_a_dealt_game_holds_104_cards(code: str, expected: dict[str, int]) -> None:
    text = Game.from_code(code).position_text()
    cards = [t for t in text.replace("|", " ").split() if len(t) == 2 and t[1] in "SHDC"]
    counts = Counter(cards)
    assert len(cards) == 104
    assert counts == Counter({r + s: n for s, n in expected.items() for r in "A23456789TJQK"})


# --- the deal --------------------------------------------------------------


def test_round_robin_deal_and_stock_order() -> None:
    deck = [card_text(c) for c in shuffled_deck(2, 3)]  # the seed of SP1-S2C-AAAAAAD
    game = Game.from_code("SP1-S2C-AAAAAAD")
    lines = game.position_text().splitlines()
    for column in range(1, 11):
        cards = deck[column - 1 : 54 : 10]
        assert len(cards) == (6 if column <= 4 else 5)
        assert lines[4 + column] == f"{column}: {' '.join(cards[:-1])} | {cards[-1]}"
    assert lines[4] == "stock: " + " ".join(deck[54:])
    # 44 face-down cards, 10 face-up, 50 in the stock.
    assert sum(len(line.split("|")[0].split()) - 1 for line in lines[5:]) == 44
    assert game.stock_rows_left == 5
    # The first stock row is deck cards 55-64, its first card to column 1.
    game.deal()
    after = game.position_text().splitlines()
    assert [line.split()[-1] for line in after[5:]] == deck[54:64]


# --- one card onto one rank higher, any suit ---------------------------------


def test_a_card_goes_onto_one_rank_higher_whatever_the_suit() -> None:
    g = game({1: "| 5H", 2: "| 6S", 3: "| 6H", 4: "| 7H", 5: "| 4H", 6: "| AS", 7: "| 2C"})
    assert reason(g, "1:1>4") == "not_one_higher"  # two ranks higher
    assert reason(g, "1:1>5") == "not_one_higher"  # lower
    assert reason(g, "1:1>6") == "on_ace"
    g.play("6:1>7")  # an Ace onto a 2 of another suit
    assert column_lines(g)[7] == "7: | 2C AS"
    g.play("1:1>2")  # 5H onto 6S: another suit
    assert column_lines(g)[2] == "2: | 6S 5H"
    assert g.score == 498


def test_king_goes_nowhere_but_an_empty_column() -> None:
    g = game({1: "| KS", 2: "| QS", 3: "| AH", 4: "| KH"})
    assert [str(m) for m in g.legal_moves() if m.source == 1] == [f"1:1>{n}" for n in range(5, 11)]
    assert reason(g, "2:1>3") == "on_ace"
    assert reason(g, "1:1>4") == "not_one_higher"


# --- groups -----------------------------------------------------------------


def test_classic_group_moves_when_one_suit_and_descending() -> None:
    g = game({1: "AD | 7S 6S 5S", 2: "| 8H", 3: "| 9H 7H 6H 5H", 4: "| 8C 7H 6C"})
    assert g.movable_length(1) == 3
    assert g.movable_length(3) == 3  # 9H 7H is no sequence
    assert g.movable_length(4) == 1  # mixed suits under Classic
    events = g.play("1:3>2")
    assert events == [
        CardsMoved(1, 2, ("7S", "6S", "5S"), (1, 2, 3)),
        CardTurnedUp(1, "AD", 0),
    ]
    assert column_lines(g) == {
        1: "1: | AD",
        2: "2: | 8H 7S 6S 5S",
        3: "3: | 9H 7H 6H 5H",
        4: "4: | 8C 7H 6C",
    }
    assert reason(g, "3:4>5") == "not_descending"
    assert reason(g, "4:2>5") == "mixed_suits"
    assert reason(g, "4:3>5") == "mixed_suits"


def test_flexible_group_may_mix_suits() -> None:
    g = game({1: "| 9D", 4: "| 8C 7H 6C", 5: "| 8H 6H"}, rules="S4F")
    assert g.movable_length(4) == 3
    assert g.movable_length(5) == 1
    assert reason(g, "5:2>1") == "not_descending"
    g.play("4:3>1")
    assert column_lines(g) == {1: "1: | 9D 8C 7H 6C", 5: "5: | 8H 6H"}


def test_first_card_must_go_one_higher_or_into_an_empty_column() -> None:
    g = game({1: "| 7S 6S", 2: "| 7H", 3: "| 9D", 4: "| 8D"})
    assert reason(g, "1:2>2") == "not_one_higher"
    assert reason(g, "1:2>3") == "not_one_higher"
    g.play("1:2>4")
    assert column_lines(g)[4] == "4: | 8D 7S 6S"


def test_no_length_limit() -> None:
    # Queen to Ace of spades (12 cards) moves as one onto the King of hearts.
    g = game({1: "5D | " + RUN_S[3:] + " AS", 2: "| KH"})
    assert g.movable_length(1) == 12
    events = g.play("1:12>2")
    assert events[0] == CardsMoved(1, 2, tuple((RUN_S[3:] + " AS").split()), tuple(range(1, 13)))
    assert column_lines(g)[2] == "2: | KH " + RUN_S[3:] + " AS"
    assert g.removed == ()  # KH + spades: not one suit, so not a run


# --- empty columns take anything ----------------------------------------------


def test_empty_column_takes_any_card_or_movable_group() -> None:
    g = game({1: "KS | 5H", 2: "| 9D 8D 7D", 3: "| QS", 4: "| 6C"})
    g.play("1:1>5")
    g.play("2:3>6")
    assert column_lines(g) == {
        1: "1: | KS",
        3: "3: | QS",
        4: "4: | 6C",
        5: "5: | 5H",
        6: "6: | 9D 8D 7D",
    }
    assert "2:1>5" not in [str(m) for m in g.legal_moves()]  # column 2 is now empty
    g.play("3>2")  # a Queen into the empty column 2, count resolved to 1
    assert g.history[-1] == Move(3, 2, 1)


# --- turn up ------------------------------------------------------------------


def test_the_card_left_at_the_end_turns_up() -> None:
    g = game({1: "KS 2H | 5H 4H", 2: "| 6S"})
    events = g.play("1:2>2")
    assert events == [CardsMoved(1, 2, ("5H", "4H"), (2, 3)), CardTurnedUp(1, "2H", 1)]
    assert column_lines(g) == {1: "1: KS | 2H", 2: "2: | 6S 5H 4H"}
    g.play("1:1>3")
    assert column_lines(g)[1] == "1: | KS"


def test_no_turn_up_when_a_face_up_card_stays() -> None:
    g = game({1: "KS | 9C 5H", 2: "| 6S"})
    assert g.play("1:1>2") == [CardsMoved(1, 2, ("5H",), (2,))]
    assert column_lines(g)[1] == "1: KS | 9C"


# --- deals ---------------------------------------------------------------------


def test_a_deal_puts_one_card_on_each_column_in_order() -> None:
    stock = "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AH 2H 3H 4H 5H 6H 7H 8H"
    cols = {n: "| KD" for n in range(1, 11)}
    g = game(cols, stock=stock)
    events = g.deal()
    assert events == [RowDealt(tuple(stock.split()[:10]), tuple(range(10, 20)))]
    lines = g.position_text().splitlines()
    assert lines[4] == "stock: " + " ".join(stock.split()[10:])
    assert lines[5] == "1: | KD 2S"
    assert lines[14] == "10: | KD JS"
    assert (g.score, g.move_count, g.stock_rows_left) == (499, 1, 1)


def test_refused_while_a_column_is_empty() -> None:
    cols = {n: "| KD" for n in range(1, 10)}
    cols[1] = "| KD QD"  # 10 cards on the tableau, column 10 empty
    g = game(cols, stock=TEN_AS)
    assert reason(g, "d") == "deal_needs_full_columns"
    assert Move.deal() not in g.legal_moves()


def test_allowed_with_fewer_than_10_cards_even_onto_empty_columns() -> None:
    stock = "2S 3S 4S 5S 6S 7S 8S 9S TS JS"
    g = game({1: "| 5H", 4: "3C | 7D"}, stock=stock)  # 3 cards on the tableau
    assert g.legal_moves()[-1] == Move.deal()
    g.deal()
    assert column_lines(g) == {
        1: "1: | 5H 2S",
        2: "2: | 3S",
        3: "3: | 4S",
        4: "4: 3C | 7D 5S",
        5: "5: | 6S",
        6: "6: | 7S",
        7: "7: | 8S",
        8: "8: | 9S",
        9: "9: | TS",
        10: "10: | JS",
    }


def test_allowed_with_nine_cards_refused_with_ten() -> None:
    nine = {n: "| KD" for n in range(1, 10)}
    assert game(nine, stock=TEN_AS).legal_moves()[-1] == Move.deal()
    nine[9] = "QD | KD"
    assert reason(game(nine, stock=TEN_AS), "d") == "deal_needs_full_columns"


def test_five_deals_empty_the_stock() -> None:
    g = Game.from_code("SP1-S4C-ZZZZZZZ")
    rows = [g.stock_rows_left]
    for _ in range(5):
        g.deal()
        rows.append(g.stock_rows_left)
    assert rows == [5, 4, 3, 2, 1, 0]
    assert g.position_text().splitlines()[4] == "stock:"
    assert (g.score, g.move_count) == (495, 5)
    assert reason(g, "d") == "stock_empty"
    assert Move.deal() not in g.legal_moves()


# --- run removal ---------------------------------------------------------------


def test_a_completed_run_is_removed_and_the_card_under_it_turns_up() -> None:
    g = game({1: f"QD 5H | {RUN_S}", 2: "| AS"})
    events = g.play("2:1>1")
    assert events == [
        CardsMoved(2, 1, ("AS",), (14,)),
        RunRemoved(1, "S", tuple(range(2, 15))),
        CardTurnedUp(1, "5H", 1),
    ]
    assert column_lines(g) == {1: "1: QD | 5H"}
    assert g.removed == ("S",)
    assert (g.score, g.move_count) == (599, 1)


def test_source_turn_up_then_removal_events_in_order() -> None:
    g = game({1: f"| {RUN_H}", 2: "7C | AH"})
    events = g.play("2:1>1")
    assert events == [
        CardsMoved(2, 1, ("AH",), (13,)),
        CardTurnedUp(2, "7C", 12),
        RunRemoved(1, "H", (*range(12), 13)),
    ]
    assert column_lines(g) == {2: "2: | 7C"}


def test_a_group_move_completes_a_run() -> None:
    g = game({1: "| KH QH JH TH 9H", 2: "| 8H 7H 6H 5H 4H 3H 2H AH"})
    g.play("2>1")
    assert g.history == [Move(2, 1, 8)]
    assert column_lines(g) == {}
    assert g.removed == ("H",)


def test_one_deal_completes_several_runs_in_column_order() -> None:
    cols = {n: "| 9C" for n in range(1, 11)}
    cols[3] = f"JC | {RUN_H}"
    cols[7] = f"| {RUN_S}"
    # Aces of hearts onto column 3 and of spades onto column 7; also an Ace of spades
    # onto column 2 that completes nothing.
    stock = "2C AS AH 3C 4C 5C AS 7C 8C 9C"
    g = game(cols, rules="S4C", stock=stock)
    events = g.deal()
    assert events == [
        RowDealt(tuple(stock.split()), tuple(range(33, 43))),
        RunRemoved(3, "H", (*range(3, 15), 35)),
        CardTurnedUp(3, "JC", 2),
        RunRemoved(7, "S", (*range(18, 30), 39)),
    ]
    assert g.removed == ("H", "S")
    lines = column_lines(g)
    assert (lines[2], lines[3], 7 in lines) == ("2: | 9C AS", "3: | JC", False)
    assert (g.score, g.move_count) == (699, 1)


def test_only_single_suit_runs_are_removed_under_both_rules() -> None:
    mixed = "KS QH JS TS 9S 8S 7S 6S 5S 4S 3S 2S"
    g = game({1: f"| {mixed}", 2: "| AS"}, rules="S2F")
    g.play("2:1>1")
    assert g.removed == ()
    assert column_lines(g) == {1: f"1: | {mixed} AS"}
    assert g.movable_length(1) == 13  # movable under Flexible, but not a run
    assert g.score == 499


def test_a_run_needs_13_face_up_cards() -> None:
    # The King is face-down: the column ends in King-to-Ace of spades, but only 12 of
    # them face-up, so nothing is removed.
    g = game({1: "KS | " + RUN_S[3:], 2: "| AS"})
    g.play("2:1>1")
    assert g.removed == ()
    assert column_lines(g) == {1: f"1: KS | {RUN_S[3:]} AS"}


def test_a_removed_run_comes_back_only_by_undo() -> None:
    text = board({1: f"3D | {RUN_S}", 2: "| AS", 3: "| 4C"})
    g = Game.from_position(text, strict=False)
    g.play("2:1>1")
    assert g.removed == ("S",)
    assert column_lines(g) == {1: "1: | 3D", 3: "3: | 4C"}
    g.play("1:1>3")
    g.undo()
    g.undo()
    assert g.position_text() == text


# --- winning ---------------------------------------------------------------------


def test_the_last_run_wins_with_score_1183() -> None:
    # 1 suit, 7 runs removed in 116 actions without touching 0: 500 - 116 + 700 = 1084.
    # Strict parsing: 7 x 13 removed + 13 on the tableau = the 104 cards.
    text = board(
        {1: f"| {RUN_S}", 2: "| AS"}, rules="S1C", removed="S S S S S S S", score=1084, moves=116
    )
    g = Game.from_position(text)
    assert not g.is_won
    events = g.play("2:1>1")
    assert events == [
        CardsMoved(2, 1, ("AS",), (12,)),
        RunRemoved(1, "S", tuple(range(13))),
        GameWon(1183),
    ]
    assert g.is_won
    assert (g.score, g.move_count, g.removed) == (1183, 117, ("S",) * 8)
    # 500 - 116 + 700 = 1084 before; one more action and one more run: 500 - 117 + 800.
    assert g.score == 500 - 117 + 800
    assert g.legal_moves() == []
    assert reason(g, "1:1>2") == "game_won"
    assert reason(g, "1>2") == "game_won"
    assert reason(g, "3:1>3") == "game_won"  # not empty_source / same_column
    assert reason(g, "d") == "game_won"  # not stock_empty
    assert g.auto_move(1, 1) is None
    # Undo takes the win back exactly; redo wins again with the same events.
    g.undo()
    assert g.position_text() == text
    assert (g.is_won, g.score, g.move_count) == (False, 1084, 116)
    assert g.redo() == events
    assert g.score == 1183


def test_small_board_wins_when_no_card_is_left() -> None:
    g = game({1: f"| {RUN_H}", 2: "| AH"}, rules="S2C", score=10)
    events = g.play("2:1>1")
    assert events[-1] == GameWon(109)
    assert g.is_won and g.removed == ("H",)
    assert reason(g, "d") == "game_won"


def test_cards_left_in_the_stock_mean_no_win() -> None:
    g = game({1: f"| {RUN_H}", 2: "| AH"}, rules="S2C", stock=TEN_AS)
    events = g.play("2:1>1")
    assert not any(isinstance(e, GameWon) for e in events)
    assert not g.is_won
    assert [str(m) for m in g.legal_moves()] == ["d"]  # the empty tableau takes a deal


# --- score -----------------------------------------------------------------------


def test_each_move_and_deal_costs_one_point() -> None:
    g = game({1: "| 5H", 2: "| 6S"}, stock=" ".join(["9C"] * 10))
    g.play("1:1>2")
    assert (g.score, g.move_count) == (499, 1)
    g.play("2:1>1")
    g.play("1:1>3")
    assert (g.score, g.move_count) == (497, 3)
    g.deal()
    assert (g.score, g.move_count) == (496, 4)


def test_score_is_clamped_at_zero() -> None:
    g = game({1: "| 5H", 2: "| 6S"}, score=1, moves=499)
    g.play("1:1>2")
    assert (g.score, g.move_count) == (0, 500)
    g.play("2:1>1")
    assert (g.score, g.move_count) == (0, 501)


def test_a_run_at_score_zero_gives_100() -> None:
    g = game({1: f"| {RUN_S}", 2: "| AS"}, score=0, moves=600)
    g.play("2:1>1")
    assert (g.score, g.move_count) == (100, 601)


def test_a_run_at_score_one_gives_100_too() -> None:
    # 1 - 1 = 0, then + 100; not 1 + 100 - 1.
    g = game({1: f"| {RUN_S}", 2: "| AS"}, score=1)
    g.play("2:1>1")
    assert g.score == 100


def test_a_removal_is_not_a_move() -> None:
    g = game({1: f"| {RUN_S}", 2: "| AS", 3: "| 9D"}, score=200, moves=5)
    g.play("2:1>1")
    assert (g.score, g.move_count) == (299, 6)


# --- undo and redo ----------------------------------------------------------------


def test_undo_restores_the_turned_up_card_face_down() -> None:
    text = board({1: "KS 2H | 5H 4H", 2: "| 6S"}, score=321, moves=9)
    g = Game.from_position(text, strict=False)
    g.play("1:2>2")
    assert column_lines(g)[1] == "1: KS | 2H"
    assert g.undo() == Move(1, 2, 2)
    assert g.position_text() == text
    assert (g.score, g.move_count) == (321, 9)


def test_undo_restores_a_deal_with_its_runs_and_stock_order() -> None:
    cols = {n: "| 9C" for n in range(1, 11)}
    cols[3] = f"JC | {RUN_H}"
    stock = "2C 3C AH 4C 5C 6C 7C 8C 9C TC 3H 5H 7H 9H JH KH 2H 4H 6H 8H"
    text = board(cols, stock=stock, score=0, moves=700)
    g = Game.from_position(text, strict=False)
    g.deal()
    assert (g.score, g.removed, g.stock_rows_left) == (100, ("H",), 1)
    assert column_lines(g)[3] == "3: | JC"
    assert g.undo() == Move.deal()
    assert g.position_text() == text
    assert (g.score, g.move_count, g.removed, g.stock_rows_left) == (0, 700, (), 2)


def test_undo_costs_nothing_and_is_not_counted() -> None:
    g = Game.from_code("SP1-S2C-AAAAAAD")
    start = g.position_text()
    first = g.legal_moves()[0]
    g.play(first)
    g.undo()
    assert g.position_text() == start
    assert (g.score, g.move_count) == (500, 0)


def test_redo_replays_until_a_new_action() -> None:
    g = game({1: "KS 2H | 5H", 2: "| 6S", 3: "| 9D"})
    played = g.play("1:1>2")
    after = g.position_text()
    g.undo()
    assert g.can_redo and g.redo_moves == [Move(1, 2, 1)]
    assert g.redo() == played
    assert g.position_text() == after
    assert not g.can_redo
    with pytest.raises(IllegalMoveError) as info:
        g.redo()
    assert info.value.reason == "nothing_to_redo"
    # Undo twice, redo once, then a new action clears the rest.
    g.play("3:1>4")
    g.undo()
    g.undo()
    g.redo()
    assert g.redo_moves == [Move(3, 4, 1)]
    g.play("3:1>5")
    assert not g.can_redo
    with pytest.raises(IllegalMoveError) as info:
        g.redo()
    assert info.value.reason == "nothing_to_redo"
    assert g.history == [Move(1, 2, 1), Move(3, 5, 1)]


def test_nothing_to_undo() -> None:
    g = game({1: "| 5H"})
    with pytest.raises(IllegalMoveError) as info:
        g.undo()
    assert info.value.reason == "nothing_to_undo"
    assert info.value.action == "undo"


def _back_and_forth(g: Game, actions: int) -> list[str]:
    """Play 5H between columns 1 and 2 ``actions`` times; return the texts before each."""
    texts = []
    for i in range(actions):
        texts.append(g.position_text())
        g.play("1:1>2" if i % 2 == 0 else "2:1>1")
    return texts


def test_default_undo_limit_is_100() -> None:
    g = game({1: "| 5H"}, score=1000)
    texts = _back_and_forth(g, 103)
    assert g.score == 897
    for i in range(100):
        g.undo()
        assert g.position_text() == texts[102 - i]
    assert g.score == 997
    with pytest.raises(IllegalMoveError, match="nothing_to_undo"):
        g.undo()


def test_undo_limit_is_an_option() -> None:
    g = Game.from_position(board({1: "| 5H"}), strict=False, undo_limit=3)
    texts = _back_and_forth(g, 5)
    assert [g.undo() for _ in range(3)] == [Move(1, 2, 1), Move(2, 1, 1), Move(1, 2, 1)]
    assert g.position_text() == texts[2]
    assert not g.can_undo
    with pytest.raises(IllegalMoveError, match="nothing_to_undo"):
        g.undo()
    assert Game.from_code("SP1-S1C-AAAAAAA", undo_limit=7).undo_limit == 7
    assert Game.new(1, undo_limit=0).undo_limit == 0


def test_undo_limit_zero_disables_undo() -> None:
    g = Game.from_position(board({1: "| 5H"}), strict=False, undo_limit=0)
    g.play("1:1>2")
    assert not g.can_undo
    with pytest.raises(IllegalMoveError, match="nothing_to_undo"):
        g.undo()


def test_negative_undo_limit_is_refused() -> None:
    with pytest.raises(ValueError, match="-1"):
        Game.from_code("SP1-S1C-AAAAAAA", undo_limit=-1)


# --- reasons ---------------------------------------------------------------------


ISSUE_REASONS = [
    "same_column",
    "empty_source",
    "face_down",
    "not_descending",
    "mixed_suits",
    "not_one_higher",
    "on_ace",
    "deal_needs_full_columns",
    "stock_empty",
    "game_won",
    "nothing_to_undo",
    "nothing_to_redo",
    "hidden",
    "no_complete_run",  # issue 20: the take-off of spider-1949
    "runs_leave_by_themselves",
]


def test_the_reason_codes_are_those_of_the_issue() -> None:
    assert sorted(REASONS) == sorted(ISSUE_REASONS)


@pytest.mark.parametrize("code", ISSUE_REASONS)
def test_every_reason_has_a_sentence_in_english_and_spanish(code: str) -> None:
    english, spanish = reason_text(code, "en"), reason_text(code, "es")
    assert english != spanish
    for sentence in (english, spanish):
        assert sentence[0].isupper() and sentence.endswith(".")
        assert sentence.count(". ") == 0  # one sentence
    error = IllegalMoveError(code, "3:1>7")
    assert (error.reason, error.params) == (code, {"action": "3:1>7"})
    assert explain(error, "es") == spanish and explain(error) == english
    assert str(error) == f"3:1>7: {code}"  # plain data: the sentence is the catalog's


def test_unknown_language_falls_back_to_english() -> None:
    assert reason_text("on_ace", "fr") == reason_text("on_ace", "en")


@pytest.mark.parametrize(
    ("columns", "action", "expected"),
    [
        ({2: "| 5H"}, "1:1>2", "empty_source"),
        ({2: "| 5H"}, "1:1>1", "empty_source"),  # also same_column
        ({1: "KS | 5H"}, "1:1>1", "same_column"),
        ({1: "KS | 9H 5H"}, "1:3>1", "same_column"),  # also face_down, not_descending
        ({1: "KS | 5H", 2: "| 6S"}, "1:2>2", "face_down"),
        ({1: "| 5H", 2: "| 6S"}, "1:2>2", "face_down"),  # more cards than the column has
        ({1: "KS | 9H 5H", 2: "| AS"}, "1:3>2", "face_down"),  # also not_descending, on_ace
        ({1: "| 9H 7S 6S", 2: "| AS"}, "1:3>2", "not_descending"),  # also mixed, on_ace
        ({1: "| 7H 6S", 2: "| AS"}, "1:2>2", "mixed_suits"),  # also on_ace
        ({1: "| 7H 6S", 2: "| 9D"}, "1:2>2", "mixed_suits"),  # also not_one_higher
        ({1: "| 5H", 2: "| AS"}, "1:1>2", "on_ace"),  # also not_one_higher
        ({1: "| 5H", 2: "| 7S"}, "1:1>2", "not_one_higher"),
    ],
)
def test_move_reason_precedence(columns: dict[int, str], action: str, expected: str) -> None:
    g = game(columns)
    with pytest.raises(IllegalMoveError) as info:
        g.play(action)
    assert info.value.reason == expected
    assert info.value.action == action
    assert action in str(info.value)


def test_deal_reason_precedence() -> None:
    assert reason(game({1: "| 5H"}), "d") == "stock_empty"  # not deal_needs_full_columns
    full = {n: "| KD" for n in range(1, 11)}
    assert reason(game(full), "d") == "stock_empty"
    won = game({}, rules="S1C")
    assert won.is_won
    assert reason(won, "d") == "game_won"
    gap = {n: "| KD QD" for n in range(1, 10)}
    assert reason(game(gap, stock=TEN_AS), "d") == "deal_needs_full_columns"


def test_column_outside_1_to_10_is_bad_syntax() -> None:
    g = game({1: "| 5H"})
    for text in ("11>1", "1>0", "0:1>2", "1:0>2"):
        with pytest.raises(InvalidMoveError):
            g.play(text)


def test_refusal_changes_nothing() -> None:
    g = game({1: "KS | 5H", 2: "| 7S"})
    g.play("1:1>3")
    history = g.history
    before = g.position_text()
    for action in ("2:1>3", "2:1>2", "1:2>2", "d", "4:1>1"):
        with pytest.raises(IllegalMoveError):
            g.play(action)
    assert g.position_text() == before
    assert g.history == history
    g.undo()
    with pytest.raises(IllegalMoveError):
        g.play("2:1>1")
    assert g.can_redo  # a refused action does not clear redo


# --- `3>7` resolution -----------------------------------------------------------------------


def test_resolution_onto_a_card_counts_down_to_the_rank_below() -> None:
    g = game({3: "KS | 9S 8H 7H 6H", 7: "| 9D"})
    g.play("3>7")
    assert g.history == [Move(3, 7, 3)]
    assert column_lines(g) == {3: "3: KS | 9S", 7: "7: | 9D 8H 7H 6H"}


@pytest.mark.parametrize(
    ("columns", "expected", "resolved"),
    [
        ({3: "| 8S 7H 6H", 7: "| 9D"}, "mixed_suits", "3:3>7"),
        ({3: "| 8S 5H 4H", 7: "| 9D"}, "not_descending", "3:3>7"),
        ({3: "| 5H 4H", 7: "| 9D"}, "not_one_higher", "3>7"),
        ({3: "8H | 5H 4H", 7: "| 9D"}, "not_one_higher", "3>7"),  # only face-down 8
        ({3: "| 5H 4H", 7: "| AD"}, "on_ace", "3>7"),
        ({7: "| 9D"}, "empty_source", "3>7"),
        ({3: "| 5H"}, "same_column", "3>3"),
    ],
)
def test_resolution_reasons(columns: dict[int, str], expected: str, resolved: str) -> None:
    g = game(columns)
    action = "3>3" if expected == "same_column" else "3>7"
    with pytest.raises(IllegalMoveError) as info:
        g.play(action)
    assert info.value.reason == expected
    assert info.value.action == resolved


def test_resolution_flexible_takes_the_mixed_group() -> None:
    g = game({3: "| 8S 7H 6H", 7: "| 9D"}, rules="S4F")
    g.play("3>7")
    assert g.history == [Move(3, 7, 3)]


def test_resolution_into_an_empty_column_takes_the_largest_movable_group() -> None:
    cols = {3: "KS | 9S 8H 7H 6H"}
    classic = game(cols)
    classic.play("3>7")
    assert classic.history == [Move(3, 7, 3)]
    flexible = game(cols, rules="S4F")
    flexible.play("3>7")
    assert flexible.history == [Move(3, 7, 4)]
    assert column_lines(flexible) == {3: "3: | KS", 7: "7: | 9S 8H 7H 6H"}


def test_resolution_picks_the_card_nearest_the_end() -> None:
    # Flexible, 7C 6H 5S 4H: onto an 8 the group is 4 cards; onto a 6 it is 2 (5S 4H).
    g = game({1: "| 7C 6H 5S 4H", 2: "| 6D", 3: "| 8D"}, rules="S4F")
    g.play("1>2")
    assert g.history == [Move(1, 2, 2)]
    g.undo()
    g.play("1>3")
    assert g.history == [Move(1, 3, 4)]


# --- the player's view: `hidden` -------------------------------------------------------------


def test_hidden_view_refuses_turning_up_or_dealing_a_hidden_card() -> None:
    full = game({1: "KS 2H | 5H", 2: "| 6S", 3: "QD | 9C 8C"}, stock=TEN_AS)
    view = Game.from_position(full.position_text(hidden=True), strict=False)
    assert view.legal_moves() == full.legal_moves()
    assert [str(m) for m in view.legal_moves()][:3] == ["1:1>2", "1:1>4", "1:1>5"]
    assert reason(view, "1:1>2") == "hidden"
    assert reason(view, "1>2") == "hidden"
    assert reason(view, "3:2>4") == "hidden"
    assert reason(view, "d") == "hidden"
    # A move that turns nothing up plays in the view as in the full game.
    view.play("3:1>4")
    full.play("3:1>4")
    assert view.position_text() == full.position_text(hidden=True)


def test_hidden_view_refuses_removing_a_run_off_a_hidden_card() -> None:
    g = game({1: f"QD | {RUN_S}", 2: "| AS"})
    view = Game.from_position(g.position_text(hidden=True), strict=False)
    assert reason(view, "2:1>1") == "hidden"
    g.play("2:1>1")
    assert column_lines(g) == {1: "1: | QD"}


def test_hidden_reason_comes_after_the_rules() -> None:
    view = game({1: "?? ?? | 5H", 2: "| 7S"})
    assert reason(view, "1:1>2") == "not_one_higher"
    assert reason(view, "1:2>3") == "face_down"
    gap = {n: "?? | KD" for n in range(1, 10)}
    assert reason(game(gap, stock=" ".join(["??"] * 10)), "d") == "deal_needs_full_columns"


# --- legal moves -------------------------------------------------------------------


def test_lists_every_legal_action_pointless_ones_included() -> None:
    cols = {n: "| KD" for n in range(4, 11)}
    cols.update({1: "| 6S 5S", 2: "| 7H", 3: "| 6H"})
    g = game(cols)
    # 5S onto 6H, 6S 5S onto 7H, 6H onto 7H; Kings go nowhere (no empty column).
    assert [str(m) for m in g.legal_moves()] == ["1:1>3", "1:2>2", "3:1>2"]
    g.play("1:2>2")  # column 1 is now empty; column 2 is 7H 6S 5S
    moves = [str(m) for m in g.legal_moves()]
    assert moves == [
        "2:1>1",  # 5S into the empty column
        "2:1>3",  # 5S onto 6H
        "2:2>1",  # 6S 5S
        "3:1>1",
        *[f"{n}:1>1" for n in range(4, 11)],  # a King into the empty column
    ]
    assert "2:3>1" not in moves  # 7H 6S 5S: mixed suits under Classic
    g.play("3:1>1")  # the whole column 3 into the empty column 1 ...
    assert "1:1>3" in [str(m) for m in g.legal_moves()]  # ... and back again


def test_order_and_the_deal_last_on_a_real_deal() -> None:
    # SP1-S4C-AAAAAAA: face-up 5D 3H 6D QD AS QC JH 8D 4S 9D. 5D onto 6D (3), 3H onto 4S (9),
    # JH onto QD (4) or QC (6), 8D onto 9D (10), 4S onto 5D (1); AS goes nowhere; then d.
    g = Game.from_code("SP1-S4C-AAAAAAA")
    assert [str(m) for m in g.legal_moves()] == [
        "1:1>3", "2:1>9", "7:1>4", "7:1>6", "8:1>10", "9:1>1", "d",
    ]  # fmt: skip


def test_every_listed_move_plays() -> None:
    g = game({1: "KS | 7S 6S 5S", 2: "| 8D", 3: "| 6H", 4: "QC | 4D"}, rules="S4F")
    moves = g.legal_moves()
    # Six empty columns (5-10). Column 1: 5S onto 6H or an empty one (7), 6S 5S into an
    # empty one (6), 7S 6S 5S onto 8D or an empty one (7); 8D and 6H: empty ones (6 + 6);
    # 4D onto 5S or an empty one (7). No stock, so no deal: 39 in all.
    assert len(moves) == 7 + 6 + 7 + 6 + 6 + 7
    assert [str(m) for m in moves if m.target in (1, 2, 3, 4)] == ["1:1>3", "1:3>2", "4:1>1"]
    for move in moves:
        copy = g.copy()
        copy.play(move)
        assert copy.move_count == 1


# --- auto move --------------------------------------------------------------------------------


def test_auto_move_prefers_same_suit_then_any_then_empty() -> None:
    cols = {1: "KS | 5H", 2: "| 6S", 3: "| 6C", 9: "| 6H", 10: "| 6H"}
    for n in range(4, 9):
        cols[n] = "| 2D"
    g = game(cols)
    assert g.auto_move(1, 1) == Move(1, 9, 1)  # same suit beats a lower column number
    del cols[9], cols[10]
    assert game(cols).auto_move(1, 1) == Move(1, 2, 1)  # any suit, lowest column
    del cols[2], cols[3]
    assert game(cols).auto_move(1, 1) == Move(1, 2, 1)  # lowest empty column
    cols[2] = "| 3S"
    assert game(cols).auto_move(1, 1) == Move(1, 3, 1)


def test_auto_move_group_and_whole_column() -> None:
    g = game({1: "| 7S 6S 5S", 2: "4C | 6D 5D", 3: "| 7H", 5: "| 9C"})
    assert g.auto_move(1, 2) == Move(1, 3, 2)  # 6S onto 7H
    assert g.auto_move(1, 3) is None  # the whole column: never into an empty one
    assert g.auto_move(1, 1) == Move(1, 4, 1)  # 5S: no 6 anywhere, so the first empty column
    assert g.auto_move(2, 1) == Move(2, 4, 1)  # 5D: no 6 is last anywhere; 4C stays under
    assert g.auto_move(2, 2) == Move(2, 3, 2)  # 6D 5D onto 7H
    assert g.auto_move(2, 3) is None  # not movable: the 4C is face-down
    assert g.auto_move(1, 0) is None
    assert g.auto_move(1, 4) is None
    assert g.auto_move(4, 1) is None  # empty column
    assert g.auto_move(5, 1) is None  # the whole column 9C, and no 10 anywhere


def test_auto_move_needs_a_movable_group() -> None:
    g = game({1: "| 8C 7H 6C", 2: "| 9D"})
    assert g.auto_move(1, 3) is None  # mixed suits under Classic
    flexible = game({1: "| 8C 7H 6C", 2: "| 9D"}, rules="S4F")
    assert flexible.auto_move(1, 3) == Move(1, 2, 3)


def test_auto_move_only_when_the_group_would_play() -> None:
    g = game({1: "AD | 9H 8H", 2: "| 9C", 3: "| 7S", 4: "| TH"})
    move = g.auto_move(1, 2)
    assert move == Move(1, 4, 2)
    g.play(move)
    assert column_lines(g)[4] == "4: | TH 9H 8H"


# --- why a group cannot be picked up ---------------------------------------------------------


@pytest.mark.parametrize(
    ("columns", "rules", "column", "count", "expected"),
    [
        ({1: "AD | 7S 6S 5S"}, "S4C", 1, 3, None),
        ({1: "AD | 7S 6S 5S"}, "S4C", 1, 4, "face_down"),
        ({1: "| 9H 7H 6H 5H"}, "S4C", 1, 4, "not_descending"),
        ({1: "| 9H 7H 6H 5H"}, "S4C", 1, 3, None),
        ({1: "| 8C 7H 6C"}, "S4C", 1, 2, "mixed_suits"),
        ({1: "| 8C 7H 6C"}, "S4F", 1, 3, None),
        # Not descending is found before mixed suits, wherever it is in the group.
        ({1: "| 9C 8H 6H"}, "S4C", 1, 3, "not_descending"),
        ({1: "| 5H"}, "S4C", 2, 1, "empty_source"),
        # Face-down is found before the ranks and suits of the face-up part.
        ({1: "KS | 9C 8H"}, "S4C", 1, 3, "face_down"),
    ],
)
def test_group_refusal_names_the_first_reason(
    columns: dict[int, str], rules: str, column: int, count: int, expected: str | None
) -> None:
    g = game(columns, rules=rules)
    assert group_refusal(g.position, column, count) == expected


def test_group_refusal_in_a_won_game_is_game_won() -> None:
    g = game({1: f"| {RUN_H}", 2: "| AH"}, rules="S2C")
    assert group_refusal(g.position, 2, 1) is None
    g.play("2:1>1")
    assert g.is_won
    assert group_refusal(g.position, 1, 1) == "game_won"  # before empty_source
    assert GROUP_REASONS[0] == "game_won"


def test_group_refusal_does_not_look_at_targets() -> None:
    # The Ace can be picked up although no column takes it (every other column ends in
    # a 5): where it may go is the target's business, not the group's.
    g = game({1: "| AS", **{n: "| 5H" for n in range(2, 11)}})
    assert group_refusal(g.position, 1, 1) is None
    assert g.auto_move(1, 1) is None
    assert [m for m in g.legal_moves() if m.source == 1] == []


@pytest.mark.parametrize(("column", "count"), [(0, 1), (11, 1), (1, 0), (1, -2)])
def test_group_refusal_of_a_bad_column_or_count_is_bad_syntax(column: int, count: int) -> None:
    g = game({1: "| 5H"})
    with pytest.raises(InvalidMoveError) as info:
        group_refusal(g.position, column, count)
    assert info.value.reason == ("count_range" if 1 <= column <= 10 else "column_range")


# --- events --------------------------------------------------------------------------------


def test_events_to_dict_matches_the_api_contract() -> None:
    assert CardsMoved(3, 7, ("9H", "8H"), (4, 17)).to_dict() == {
        "kind": "move",
        "source": 3,
        "target": 7,
        "cards": ["9H", "8H"],
        "ids": [4, 17],
    }
    assert CardTurnedUp(3, "KS", 2).to_dict() == {
        "kind": "turn_up",
        "column": 3,
        "card": "KS",
        "id": 2,
    }
    assert RowDealt(("AS",) * 10, tuple(range(54, 64))).to_dict() == {
        "kind": "deal",
        "cards": ["AS"] * 10,
        "ids": list(range(54, 64)),
    }
    assert RunRemoved(7, "S", tuple(range(13))).to_dict() == {
        "kind": "remove_run",
        "column": 7,
        "suit": "S",
        "ids": list(range(13)),
    }
    assert GameWon(1183).to_dict() == {"kind": "won", "score": 1183}
    assert RunRestored(7, "S", ("KS", "QS"), (1, 2)).to_dict() == {
        "kind": "restore_run",
        "column": 7,
        "suit": "S",
        "cards": ["KS", "QS"],
        "ids": [1, 2],
    }
    assert CardTurnedDown(3, 2).to_dict() == {"kind": "turn_down", "column": 3, "id": 2}
    assert RowUndealt(tuple(range(54, 64))).to_dict() == {
        "kind": "undeal",
        "ids": list(range(54, 64)),
    }
    assert GameUnwon().to_dict() == {"kind": "unwon"}
    assert Restarted().to_dict() == {"kind": "restart"}


def test_every_exception_is_a_value_error() -> None:
    from spider_solitaire import InvalidCodeError, InvalidPositionError

    for cls in (IllegalMoveError, InvalidCodeError, InvalidMoveError, InvalidPositionError):
        assert issubclass(cls, ValueError)


@pytest.mark.parametrize("column", [0, 11, -1])
def test_auto_move_column_outside_1_to_10_is_bad_syntax(column: int) -> None:
    # Column 0 must not wrap round to column 10, and 11 must not be an IndexError.
    g = game({10: "| 5H", 2: "| 6S"})
    with pytest.raises(InvalidMoveError, match=f"column_range \\(column={column}, columns=10\\)"):
        g.auto_move(column, 1)
    with pytest.raises(InvalidMoveError, match=f"column_range \\(column={column}, columns=10\\)"):
        g.movable_length(column)


def test_copy_is_independent_and_restart_goes_back_to_the_start() -> None:
    g = game({1: "KS | 5H", 2: "| 6S"})
    start = g.position_text()
    g.play("1:1>2")
    copy = g.copy()
    copy.undo()
    assert copy.position_text() == start
    assert column_lines(g) == {1: "1: | KS", 2: "2: | 6S 5H"}
    assert g.history == [Move(1, 2, 1)]
    g.restart()
    assert g.position_text() == start
    assert (g.can_undo, g.can_redo) == (False, False)
