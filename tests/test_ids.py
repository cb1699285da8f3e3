"""Card ids and the events of every action, ``Game.act`` included: an id is a card's place
in the shuffled deal (a game code) or in the position text, it follows its card, and
undo, redo and restart answer with events too."""

from __future__ import annotations

import random

import pytest

from boards import RUN_S, board, game
from spider_solitaire import Game, IllegalMoveError, InvalidMoveError, InvalidPositionError, Move
from spider_solitaire.codes import GameCode, shuffled_deck
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
    inverse,
)
from spider_solitaire.position import Position

KING_TO_ACE_S = tuple(f"{rank}S" for rank in "KQJT98765432A")


@pytest.mark.parametrize("code", ["SP1-S1C-AAAAAAA", "SP1-S2F-AAAAAAD", "SP1-S4C-ZZZZZZZ"])
def test_a_dealt_game_numbers_its_cards_by_their_place_in_the_deal(code: str) -> None:
    parsed = GameCode.parse(code)
    deck = shuffled_deck(parsed.suits, parsed.seed)
    position = Game.from_code(code).position
    for column in range(10):
        assert position.ids[column] == tuple(range(column, 54, 10))
        assert [deck[i] for i in position.ids[column]] == list(position.columns[column])
    assert position.stock_ids == tuple(range(54, 104))
    assert [deck[i] for i in position.stock_ids] == list(position.stock)


def test_ids_follow_their_cards_through_random_play() -> None:
    rng = random.Random(8)
    for code in ("SP1-S1C-AAAAAAB", "SP1-S2C-AAAAAAD", "SP1-S4F-AAAAAAE"):
        parsed = GameCode.parse(code)
        deck = shuffled_deck(parsed.suits, parsed.seed)
        g = Game.from_code(code)
        for _ in range(150):
            moves = g.legal_moves()
            if not moves:
                break
            g.act(rng.choice(moves))
            position = g.position
            for cards, ids in zip(position.columns, position.ids, strict=True):
                assert [deck[i] for i in ids] == list(cards)
            assert [deck[i] for i in position.stock_ids] == list(position.stock)
            assert position.stock_ids == tuple(range(104 - len(position.stock), 104))


def test_a_position_numbers_its_cards_in_text_order() -> None:
    text = board({1: "KS 2H | 5H 4H", 3: "| 6S"}, stock=" ".join(["AS"] * 10))
    position = Position.from_text(text, strict=False)
    assert position.ids[0] == (0, 1, 2, 3)
    assert position.ids[1] == ()
    assert position.ids[2] == (4,)
    assert position.stock_ids == tuple(range(5, 15))
    # Built by hand without ids, a position gets the same numbering.
    by_hand = Position(
        position.suits, position.rule, position.columns, position.face_down, position.stock
    )
    assert (by_hand.ids, by_hand.stock_ids) == (position.ids, position.stock_ids)
    with pytest.raises(InvalidPositionError, match="0 stock ids for 10 stock cards"):
        Position(
            position.suits,
            position.rule,
            position.columns,
            position.face_down,
            position.stock,
            ids=position.ids,
        )


def test_ids_take_no_part_in_equality() -> None:
    dealt = Game.from_code("SP1-S2C-AAAAAAD").position
    parsed = Position.from_text(dealt.to_text())
    assert parsed == dealt and hash(parsed) == hash(dealt)
    assert parsed.ids != dealt.ids
    assert parsed.ids[0] == (0, 1, 2, 3, 4, 5)
    assert dealt.ids[0] == (0, 10, 20, 30, 40, 50)


def test_the_players_view_keeps_the_ids() -> None:
    position = Game.from_code("SP1-S4C-AAAAAAD").position
    view = position.hidden_view()
    assert (view.ids, view.stock_ids) == (position.ids, position.stock_ids)


def test_undoing_a_winning_move_gives_the_inverse_events() -> None:
    g = game({1: f"| {RUN_S}", 2: "| AS"}, rules="S1C", score=10)
    played = g.act("2>1")
    assert played == [
        CardsMoved(2, 1, ("AS",), (12,)),
        RunRemoved(1, "S", tuple(range(13))),
        GameWon(109),
    ]
    assert g.act("undo") == [
        GameUnwon(),
        RunRestored(1, "S", KING_TO_ACE_S, tuple(range(13))),
        CardsMoved(1, 2, ("AS",), (12,)),
    ]
    assert not g.is_won and g.score == 10
    assert g.act("redo") == played
    assert g.is_won


def test_undoing_a_turn_up_turns_the_card_down_by_id_only() -> None:
    g = game({1: f"QD 5H | {RUN_S}", 2: "| AS"})
    g.act("2:1>1")
    undone = g.act("undo")
    assert undone == [
        CardTurnedDown(1, 1),
        RunRestored(1, "S", KING_TO_ACE_S, tuple(range(2, 15))),
        CardsMoved(1, 2, ("AS",), (14,)),
    ]
    assert undone[0].to_dict() == {"kind": "turn_down", "column": 1, "id": 1}
    assert g.position.ids == Game.from_position(g.position_text(), strict=False).position.ids


def test_undoing_a_deal_sends_the_row_back_by_id_only() -> None:
    g = Game.from_code("SP1-S2C-AAAAAAD")
    dealt = g.act("d")
    assert dealt == [RowDealt(dealt[0].cards, tuple(range(54, 64)))]  # type: ignore[attr-defined]
    undone = g.act("undo")
    assert undone == [RowUndealt(tuple(range(54, 64)))]
    assert undone[0].to_dict() == {"kind": "undeal", "ids": list(range(54, 64))}
    assert g.position.stock_ids == tuple(range(54, 104))


def test_restart_answers_restarted_and_brings_back_the_start_ids() -> None:
    g = Game.from_code("SP1-S2C-AAAAAAD")
    start = g.position
    g.act("6>1")
    g.act("d")
    assert g.act("restart") == [Restarted()]
    assert g.position == start
    assert (g.position.ids, g.position.stock_ids) == (start.ids, start.stock_ids)
    assert not g.can_undo and not g.can_redo


@pytest.mark.parametrize(
    "action",
    [Move(6, 1, 1), "6:1>1", "6>1", " 6>1\t"],
    ids=["Move", "canonical", "short", "surrounded"],
)
def test_act_plays_a_move_given_any_way(action: Move | str) -> None:
    g = Game.from_code("SP1-S2C-AAAAAAD")
    assert g.act(action) == [CardsMoved(6, 1, ("AS",), (45,)), CardTurnedUp(6, "5H", 35)]
    assert g.history == [Move(6, 1, 1)]


def test_act_takes_the_words_in_any_case() -> None:
    g = Game.from_code("SP1-S2C-AAAAAAD")
    played = g.act("D")
    assert g.act(" Undo ") == inverse(played)
    assert g.act("REDO") == played
    assert g.act("Restart") == [Restarted()]
    assert g.move_count == 0


def test_act_refuses_like_play() -> None:
    g = Game.from_code("SP1-S2C-AAAAAAD")
    for word, reason in (("undo", "nothing_to_undo"), ("redo", "nothing_to_redo")):
        with pytest.raises(IllegalMoveError) as info:
            g.act(word)
        assert (info.value.reason, info.value.action) == (reason, word)
    with pytest.raises(IllegalMoveError) as info:
        g.act("1>2")
    assert info.value.reason == "not_one_higher"
    with pytest.raises(InvalidMoveError, match="'undo it': white_space"):
        g.act("undo it")
    assert g.move_count == 0


def test_inverse_refuses_events_that_no_action_gives() -> None:
    with pytest.raises(ValueError, match="not an event of a played action"):
        inverse([Restarted()])
