"""The solver's board: column facts, groups, targets and actions on small boards."""

from __future__ import annotations

from package_modules import run_docstring_examples
from spider_solitaire import Game
from spider_solitaire.solver import board as board_module
from spider_solitaire.solver.board import (
    DEAL,
    FACE_DOWN,
    UNKNOWN,
    Board,
    ColumnTable,
    action,
    column_hash,
)
from spider_solitaire.solver.facts import NO_RANK, Weights, targets

S, H = 0, 16
"""Suit offsets of spades and hearts in a card value."""


def small(columns: dict[int, str], rules: str = "S2C", stock: str = "") -> Board:
    """The board of position text with the given ``N: <down> | <up>`` columns."""
    lines = [f"rules: {rules}", f"stock: {stock}"]
    lines += [f"{n}: {columns.get(n, '|')}" for n in range(1, 11)]
    return Board.from_position(Game.from_position("\n".join(lines) + "\n", strict=False).position)


def test_column_facts_count_blocks_breaks_and_the_movable_group() -> None:
    # 9S face-down | 8H 7S 6S 4S: 7S-6S move together under both rules, 8H joins them
    # under Flexible; 4S lies on 6S (a break in rank order).
    column = bytes([FACE_DOWN | S + 9, H + 8, S + 7, S + 6, S + 4])
    weights = Weights(face_down=100, block=10, rank_break=1000, top_run=1, empty=50)
    classic = ColumnTable(True, weights).facts(column)
    assert (classic.size, classic.face_down, classic.top, classic.top_rank) == (5, 1, 4, 4)
    assert (classic.blocks, classic.rank_breaks, classic.top_run) == (3, 1, 1)
    assert classic.movable == 1  # the 4 alone: it does not follow the 6
    assert classic.score == 100 * 1 + 10 * 3 + 1000 * 1 - 1 * 1
    assert classic.hash == column_hash(column)
    run = bytes([FACE_DOWN | S + 9, H + 8, S + 7, S + 6, S + 5])
    assert ColumnTable(True).facts(run).movable == 3
    assert ColumnTable(False).facts(run).movable == 4
    assert ColumnTable(False).facts(run).top_run == 3


def test_an_empty_column_and_an_unknown_card() -> None:
    weights = Weights(face_down=1, block=1, rank_break=1, top_run=1, empty=250)
    table = ColumnTable(False, weights)
    empty = table.facts(b"")
    assert (empty.size, empty.movable, empty.top_rank, empty.hash, empty.score) == (
        0,
        0,
        0,
        0,
        -250,
    )
    # A hidden card turned up in a view: it cannot move and nothing goes onto it.
    unknown = table.facts(bytes([FACE_DOWN, UNKNOWN]))
    assert (unknown.face_down, unknown.movable, unknown.top_rank, unknown.top_run) == (1, 0, 0, 0)
    assert unknown.blocks == 1


def test_groups_leave_the_rest_turned_up() -> None:
    table = ColumnTable(False)
    column = bytes([FACE_DOWN | H + 2, S + 7, H + 6, H + 5])
    groups = table.groups(column, table.facts(column))
    assert [group.size for group in groups] == [1, 2, 3]
    assert [group.onto_rank for group in groups] == [6, 7, 8]
    assert [group.blocks for group in groups] == [1, 1, 2]
    assert [group.top_run for group in groups] == [1, 2, 2]
    assert groups[2].cards == bytes([S + 7, H + 6, H + 5])
    assert groups[2].rest == bytes([H + 2])  # the 2 of hearts turned up
    assert groups[2].rest_facts is table.facts(bytes([H + 2]))
    assert [group.hash for group in groups] == [column_hash(group.cards) for group in groups]
    assert table.facts(column).groups is groups  # made once


def test_targets_by_rank_and_empty_columns_in_column_order() -> None:
    board = small({1: "| 9S", 3: "| 9H", 4: "| KS", 5: "5S | 3H"})
    table = ColumnTable(True)
    where = targets([table.facts(column) for column in board.columns])
    assert where.by_rank[9] == [0, 2]
    assert where.by_rank[13] == [3]
    assert where.by_rank[NO_RANK] is None
    assert where.empty == [1, 5, 6, 7, 8, 9]
    assert where.for_group(9) == [0, 1, 2, 5, 6, 7, 8, 9]
    assert where.for_group(NO_RANK) == [1, 5, 6, 7, 8, 9]


def test_legal_actions_in_the_engines_order() -> None:
    # 9S-8H moves in one piece only under Flexible; every King can go into column 3.
    columns = {n: "| KS" for n in range(4, 11)} | {1: "| 9S 8H", 2: "| 9H", 3: "|"}
    kings = [f"{n}:1>3" for n in range(4, 11)]
    flexible = small(columns, rules="S2F").legal_actions()
    assert [str(a.to_move()) for a in flexible] == ["1:1>2", "1:1>3", "1:2>3", "2:1>3", *kings]
    classic = small(columns, rules="S2C").legal_actions()
    assert [str(a.to_move()) for a in classic] == ["1:1>2", "1:1>3", "2:1>3", *kings]
    assert flexible[0] is action(0, 1, 1)


def test_a_deal_completes_a_run_and_turns_up_the_card_under_it() -> None:
    run = "KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S"
    columns = {1: f"5H | {run}"} | {n: "| KH" for n in range(2, 11)}
    board = small(columns, stock="AS QH QH QH QH QH QH QH QH QH")
    assert board.legal_actions()[-1] is DEAL
    dealt = board.play(DEAL)
    assert dealt.columns[0] == bytes([H + 5])
    assert dealt.columns[1] == bytes([H + 13, H + 12])
    assert (dealt.dealt, dealt.rows_left) == (1, 0)


def test_a_view_hides_cards_and_turns_up_unknown_ones() -> None:
    game = Game.from_code("SP1-S4C-ZZZZZZZ")
    view = Board.from_position(game.position.hidden_view())
    assert view.hides_cards
    assert not Board.from_position(game.position).hides_cards
    assert view.columns[0][:-1] == bytes([FACE_DOWN] * 5)
    assert [str(a.to_move()) for a in view.legal_actions()] == [
        "3:1>7",
        "5:1>3",
        "7:1>4",
        "7:1>6",
        "d",
    ]
    # 7H onto 8D turns up a hidden card in column 3: unknown, it neither moves nor takes
    # a card.
    after = view.play(action(2, 6, 1))
    assert after.columns[2][-1] == UNKNOWN
    moves = [a for a in after.legal_actions() if not a.is_deal]
    assert moves
    assert all(2 not in (a.source, a.target) for a in moves)


def test_the_examples_in_the_board_docstrings_run() -> None:
    # read from the source, run against the module as loaded (compiled too)
    result = run_docstring_examples(board_module.__name__)
    assert result.attempted >= 3
    assert result.failed == 0
