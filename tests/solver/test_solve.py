"""The full-information solver: every solution it gives replays to a win."""

from __future__ import annotations

import gc

import pytest

from boards import RUN_S, short_board
from spider_solitaire import Game, Move
from spider_solitaire.solver import SolverError, solve
from spider_solitaire.solver.beam import beam_search
from spider_solitaire.solver.board import Board


def small(columns: dict[int, str], rules: str = "S1C", stock: str = "") -> Game:
    return Game.from_position(short_board(columns, rules=rules, stock=stock), strict=False)


def assert_wins(game: Game, solution: list[Move]) -> None:
    replay = game.copy()
    for move in solution:
        replay.play(move)
    assert replay.is_won


def test_one_move_from_a_win_is_found_exactly() -> None:
    game = small({1: f"| {RUN_S}", 2: "| AS"})
    result = solve(game)
    assert result.status == "won"
    assert result.solution == [Move(2, 1, 1)]
    assert result.width == 0  # the exhaustive search answered
    assert_wins(game, result.solution)


def test_a_position_already_won() -> None:
    game = small({}, stock="")
    result = solve(game)
    assert (result.status, result.solution, result.nodes) == ("won", [], 0)


def test_shortest_solution_turns_up_a_face_down_ace() -> None:
    # 5S must go onto 6S (turning up the Ace), 4S-3S-2S onto 5S, the Ace onto 2S:
    # every card group moves at least once, so 3 moves is the least.
    game = small({1: "| KS QS JS TS 9S 8S 7S 6S", 2: "AS | 5S", 3: "| 4S 3S 2S"})
    result = solve(game)
    assert result.status == "won"
    # 5S onto 6S turns up the Ace, the Ace onto 2S, then 4S-3S-2S-AS completes the run.
    assert [str(move) for move in result.solution] == ["2:1>1", "2:1>3", "3:4>1"]
    assert_wins(game, result.solution)


def test_shortest_solution_with_a_deal_onto_empty_columns() -> None:
    # Three cards on the tableau, so the deal goes onto empty columns too (rule 7); then
    # each dealt card from 9S down to AS must move once: 1 deal + 9 moves.
    game = small({1: "| KS QS JS"}, stock="TS 9S 8S 7S 6S 5S 4S 3S 2S AS")
    result = solve(game)
    assert result.status == "won"
    assert [str(move) for move in result.solution] == ["d"] + [f"{n}:1>1" for n in range(2, 11)]
    assert_wins(game, result.solution)


def test_lost_is_proved_on_a_tiny_unwinnable_position() -> None:
    # Two lone spades: no run can ever be completed.
    game = small({1: "| 5S", 2: "| 3S"})
    result = solve(game)
    assert result.status == "lost"
    assert result.solution == []
    assert result.nodes > 0


def test_lost_is_proved_with_face_down_cards_and_stock() -> None:
    # Nothing can move before the deal (no 10 for the 9, Kings stay), and the row of 8s
    # leaves nothing to move either: the 5 under the 9 never comes up.
    columns = {1: "5S | 9S"} | {n: "| KS" for n in range(2, 11)}
    game = small(columns, stock=" ".join(["8S"] * 10))
    result = solve(game)
    assert result.status == "lost"
    assert result.nodes == 1  # the deal, and then no action at all


def moved_groups(game: Game, solution: list[Move]) -> list[tuple[int, ...]]:
    """The cards each move of ``solution`` carries, replayed on a copy of ``game``."""
    replay = game.copy()
    groups = []
    for move in solution:
        if not move.is_deal:
            assert move.count is not None
            groups.append(replay.position.columns[move.source - 1][-move.count :])
        replay.play(move)
    return groups


def test_flexible_rule_moves_mixed_groups_and_classic_does_not() -> None:
    # 4H-3S-2H lies on the 4 of spades; only the Flexible rule moves it in one piece.
    columns = {
        1: "| KS QS JS TS 9S 8S 7S 6S 5S",
        2: "| KH QH JH TH 9H 8H 7H 6H 5H",
        3: "4S | 4H 3S 2H",
        4: "| 3H 2S AS",
        5: "| AH",
    }
    flexible = small(columns, rules="S2F")
    result = solve(flexible)
    assert result.status == "won"
    assert_wins(flexible, result.solution)
    suits = [{card >> 4 for card in group} for group in moved_groups(flexible, result.solution)]
    assert any(len(group) > 1 for group in suits)

    classic = small(columns, rules="S2C")
    result = solve(classic)
    assert result.status == "won"
    assert_wins(classic, result.solution)
    suits = [{card >> 4 for card in group} for group in moved_groups(classic, result.solution)]
    assert all(len(group) == 1 for group in suits)


def test_a_real_deal_is_solved_and_replays() -> None:
    game = Game.from_code("SP1-S2C-AAAAAAD")
    result = solve(game, node_limit=3_000_000)
    assert result.status == "won"
    assert result.width == 60
    assert 90 <= len(result.solution) <= 140
    assert_wins(game, result.solution)
    assert game.move_count == 0  # the game itself is not changed


@pytest.mark.slow
def test_solving_from_the_middle_of_a_game() -> None:
    game = Game.from_code("SP1-S4C-AAAAAAD")
    first = solve(game, node_limit=3_000_000)
    assert first.status == "won"
    for move in first.solution[:100]:
        game.play(move)
    second = solve(game, node_limit=3_000_000)
    assert second.status == "won"
    assert_wins(game, second.solution)


def test_node_limit_gives_unknown_and_is_deterministic() -> None:
    game = Game.from_code("SP1-S4C-AAAAAAE")
    first = solve(game, node_limit=30_000)
    second = solve(game, node_limit=30_000)
    assert first.status == second.status == "unknown"
    assert first.nodes == second.nodes
    assert 30_000 <= first.nodes < 30_200


def test_same_input_same_solution() -> None:
    game = Game.from_code("SP1-S1C-AAAAAAF")
    first = solve(game, node_limit=2_000_000)
    second = solve(game, node_limit=2_000_000)
    assert first.status == "won"
    assert first.solution == second.solution
    assert first.nodes == second.nodes


def test_time_limit_zero_gives_unknown() -> None:
    result = solve(Game.from_code("SP1-S4C-AAAAAAD"), time_limit=0)
    assert result.status == "unknown"
    assert result.seconds < 1


def test_a_players_view_is_refused() -> None:
    view = Game.from_position(
        Game.from_code("SP1-S1C-AAAAAAD").position_text(hidden=True), strict=False
    )
    with pytest.raises(SolverError, match="hides cards"):
        solve(view)


def test_negative_limits_are_refused() -> None:
    game = small({1: "| 5S"})
    with pytest.raises(ValueError, match="node_limit"):
        solve(game, node_limit=-1)
    with pytest.raises(ValueError, match="time_limit"):
        solve(game, time_limit=-1)


@pytest.mark.parametrize("code", ["SP1-S1C-AAAAAAD", "SP1-S2F-AAAAAAE", "SP1-S4C-AAAAAAD"])
def test_incremental_hash_and_score_match_a_recomputation(code: str) -> None:
    board = Board.from_position(Game.from_code(code).position)
    outcome = beam_search(board, 8, check=True, node_limit=40_000)
    assert outcome.nodes >= 1


def test_beam_width_must_be_positive() -> None:
    with pytest.raises(ValueError, match="width"):
        beam_search(Board.from_position(small({1: "| 5S"}).position), 0)


def test_the_beam_search_pauses_the_garbage_collector_and_restores_it() -> None:
    board = Board.from_position(Game.from_code("SP1-S1C-AAAAAAD").position)
    during: list[bool] = []
    assert gc.isenabled()
    beam_search(board, 4, max_depth=3, progress=lambda depth, nodes: during.append(gc.isenabled()))
    assert during == [False, False, False]
    assert gc.isenabled()
    gc.disable()
    try:
        beam_search(board, 4, max_depth=2)
        assert not gc.isenabled()  # a collector the caller turned off stays off
    finally:
        gc.enable()
