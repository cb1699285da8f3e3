"""The hint once the stock is dealt out: the solver on sampled worlds (issue 28)."""

from __future__ import annotations

import dataclasses
import random

import pytest

from spider_solitaire import Game
from spider_solitaire.solver import hint, hints
from spider_solitaire.solver.board import Board
from spider_solitaire.solver.endgame import ENDGAME_WORLDS, endgame_move
from spider_solitaire.solver.worlds import unseen_cards

pytestmark = pytest.mark.slow
"""Each test plays a deal to its last deal and solves sampled worlds: seconds each."""

DEAL = "SP1-S2C-JX6Z5PG"
"""A two-suit deal that the cheap hint plays to its last deal with 20 face-down cards
left, and that the hints then win."""


def first_endgame_hint(code: str = DEAL) -> Game:
    """``code`` played by the cheap hint (width 12, no judging) until the stock is dealt
    out, then by the hint until its first hint from the solver's worlds."""
    game = Game.from_code(code, undo_limit=100)
    while game.stock_rows_left:
        found = hint(game, budget=0, width=12)
        assert found.move is not None
        game.play(found.move)
    assert sum(game.position.face_down) == 20
    while (found := hint(game, budget=0)).reasons[0] != "solver_worlds":
        assert found.move is not None and game.move_count < 400
        game.play(found.move)
    return game


@pytest.fixture(scope="module")
def endgame() -> Game:
    return first_endgame_hint()


def test_after_the_last_deal_the_hint_is_the_solvers_vote(endgame: Game) -> None:
    view = endgame.position.hidden_view()
    assert sum(view.face_down) > 0 and not view.stock
    found = hint(endgame, budget=0)
    assert found.reasons[0] == "solver_worlds"
    assert found.move is not None and endgame.copy().play(found.move) is not None
    assert found.chance is not None
    wins = round(found.chance * ENDGAME_WORLDS)
    assert 1 <= wins <= ENDGAME_WORLDS
    assert found.chance == round(wins / ENDGAME_WORLDS, 4)


def test_the_same_endgame_hint_on_every_build(endgame: Game) -> None:
    """The worlds are seeded from the view and the searches count nodes, not seconds: this
    is the hint on the pure and on the compiled build alike (the compiled run of the suite
    checks the same numbers)."""
    found = hint(endgame, budget=0)
    assert (endgame.move_count, sum(endgame.position.face_down)) == (137, 9)
    assert (str(found.move), found.reasons, found.chance) == ("10:3>4", ("solver_worlds",), 0.1667)


def test_the_endgame_reads_only_the_view(endgame: Game) -> None:
    """Two games that differ only in their face-down cards get the same hint."""
    position = endgame.position
    down = [
        card
        for column, n in zip(position.columns, position.face_down, strict=True)
        for card in column[:n]
    ]
    random.Random(7).shuffle(down)
    columns, at = [], 0
    for column, n in zip(position.columns, position.face_down, strict=True):
        columns.append(down[at : at + n] + list(column[n:]))
        at += n
    shuffled = dataclasses.replace(position, columns=tuple(tuple(column) for column in columns))
    same = Game.from_position(position.to_text())
    other = Game.from_position(shuffled.to_text())
    assert other.position.columns != position.columns
    first, second = hint(same, budget=0), hint(other, budget=0)
    assert (first.move, first.reasons, first.chance) == (second.move, second.reasons, second.chance)


def test_a_move_back_to_a_position_met_since_the_deal_is_not_counted(endgame: Game) -> None:
    view = endgame.position.hidden_view()
    board = Board.from_position(view)
    unseen = unseen_cards(view)
    assert unseen is not None
    chosen = endgame_move(board, unseen, set(), None)
    assert chosen is not None
    barred = {board.play(chosen.action).columns}
    other = endgame_move(board, unseen, barred, None)
    assert other is None or other.action != chosen.action


def test_with_every_card_in_sight_the_hints_win(endgame: Game) -> None:
    """Following the hints from the last deal, once no card is hidden the solver's own
    line is the hint (chance 1.0), and the game is won."""
    game = endgame.copy()
    seen_all = []
    while not game.is_won and game.move_count < 1000:
        ranked = hints(game, budget=0)
        if sum(game.position.face_down) == 0:
            seen_all.append(ranked[0])
        assert ranked[0].move is not None
        game.play(ranked[0].move)
    assert game.is_won
    assert seen_all, "the game never reached a position with every card face up"
    solved = [found for found in seen_all if found.reasons[0] == "solver_sees_all"]
    assert solved
    assert all(found.chance == 1.0 for found in solved)


def test_with_stock_left_there_is_no_endgame() -> None:
    game = Game.from_code(DEAL)
    view = game.position.hidden_view()
    unseen = unseen_cards(view)
    assert unseen is not None
    assert endgame_move(Board.from_position(view), unseen, set(), None) is None
    assert hint(game, budget=0).reasons[0] not in ("solver_worlds", "solver_sees_all")
