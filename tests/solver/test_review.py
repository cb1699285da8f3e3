"""The review (issue 30): the bisection over a line of play (unknowns never guessed), the
line with its undone branches, the move that lost, the hint there and the moments."""

from __future__ import annotations

import math

import pytest

from boards import TRAP, TRAP_LINE
from spider_solitaire import Game
from spider_solitaire.game_text import RecordActionError
from spider_solitaire.moves import Move, parse_action
from spider_solitaire.solver import solve
from spider_solitaire.solver.bisect import (
    LOST,
    UNKNOWN,
    WON,
    bisect_line,
    fill_statuses,
    losing_index,
)
from spider_solitaire.solver.review import Branch, line_from_actions, moments, review_game


def _actions(texts: list[str]) -> list[Move | object]:
    return [parse_action(text) for text in texts]


# --- the bisection ---------------------------------------------------------------------


def _run(truth: list[str]) -> tuple[dict[int, str], list[int]]:
    asked: list[int] = []

    def probe(index: int) -> str:
        asked.append(index)
        return truth[index]

    return bisect_line(len(truth), probe), asked


@pytest.mark.parametrize("boundary", [0, 1, 7, 50, 98, 99])
def test_bisection_finds_the_move_that_lost_in_a_handful_of_solves(boundary: int) -> None:
    truth = [WON] * (boundary + 1) + [LOST] * (99 - boundary)
    found, asked = _run(truth)
    assert len(asked) == len(set(asked)) <= math.ceil(math.log2(100)) + 2
    assert fill_statuses(100, found) == truth
    assert losing_index(100, found) == (boundary if boundary < 99 else None)


def test_a_deal_never_winnable_takes_one_solve() -> None:
    found, asked = _run([LOST] * 40)
    assert asked == [0]
    assert fill_statuses(40, found) == [LOST] * 40 and losing_index(40, found) is None


def test_unknowns_are_never_guessed_and_searched_around() -> None:
    # winnable to 20, unknown 21-24 (the solver ran out there), lost from 25
    truth = [WON] * 21 + [UNKNOWN] * 4 + [LOST] * 15
    found, asked = _run(truth)
    statuses = fill_statuses(40, found)
    assert statuses == truth  # every unknown probed, none guessed either way
    assert losing_index(40, found) is None  # no move is named between unknowns
    assert len(asked) < 40
    # an unknown next to the boundary on one side only: the move is still named
    truth = [WON] * 10 + [LOST] * 30
    truth[3] = UNKNOWN  # a solve that ran out early on (positions before 10 are winnable)
    found, _ = _run(truth)
    assert losing_index(40, found) == 9 and fill_statuses(40, found)[3] == WON


def test_stop_ends_with_what_is_proven() -> None:
    truth = [WON] * 30 + [LOST] * 30
    asked: list[int] = []
    found = bisect_line(60, lambda i: asked.append(i) or truth[i], stop=lambda: len(asked) >= 3)
    statuses = fill_statuses(60, found)
    assert len(asked) == 3 and UNKNOWN in statuses
    assert all(statuses[i] == truth[i] for i in range(60) if statuses[i] != UNKNOWN)


def test_contradicting_answers_are_refused() -> None:
    with pytest.raises(ValueError, match="winnable"):
        fill_statuses(5, {1: LOST, 3: WON})


# --- the line of play ------------------------------------------------------------------


def test_the_line_keeps_the_actions_that_stand_and_the_undone_apart() -> None:
    start = Game.from_position(TRAP, strict=False)
    line = line_from_actions(start, _actions([*TRAP_LINE[:4], "u", "u", "r", "9:1>1"]))
    assert [str(move) for move in line.moves] == ["1:1>3", "d", "1:2>3", "9:1>1"]
    assert line.undone == (Branch(3, (Move.parse("5:1>1"),)),)
    # where each position of the line last stood in the whole log (after an undo: there)
    assert line.steps == (0, 1, 6, 7, 8)
    restarted = line_from_actions(start, _actions(["1:1>3", "d", "restart", "5:1>1"]))
    assert [str(move) for move in restarted.moves] == ["5:1>1"]
    assert [str(move) for move in restarted.undone[0].moves] == ["1:1>3", "d"]
    assert restarted.steps == (3, 4)
    assert start.move_count == 0  # the start is not changed


def test_a_refused_action_names_its_number() -> None:
    start = Game.from_position(TRAP, strict=False)
    with pytest.raises(RecordActionError) as caught:
        line_from_actions(start, _actions(["1:1>3", "9:1>2"]))
    assert (caught.value.number, caught.value.action) == (2, "9:1>2")


# --- the review ------------------------------------------------------------------------


def test_review_names_the_move_that_lost_the_hint_and_the_solver_line() -> None:
    start = Game.from_position(TRAP, strict=False)
    line = line_from_actions(start, _actions(TRAP_LINE))
    progress: list[tuple[int, int]] = []
    review = review_game(line, progress=lambda done, count: progress.append((done, count)))
    assert review.statuses == ("winnable",) * 4 + ("lost",) * 6
    assert review.lost_at == 3 and str(line.moves[3]) == "5:1>1"
    assert review.probes == len(progress) <= 5 and progress[-1] == (review.probes, 10)
    # the solver's line from the position before the move that lost wins
    replay = line.games()[3]
    for move in review.solver_line:
        replay.play(move)
    assert replay.is_won
    assert review.hint is not None and str(review.hint.move) == "9:1>1"
    assert review.hint.reasons == ("empties_column", "builds_in_suit")
    assert review.followed_hint is False
    assert [(m.index, str(m.move), m.kinds) for m in review.moments] == [
        (1, "d", ("deal",)),
        (2, "1:2>3", ("column_emptied",)),
        (3, "5:1>1", ("move_that_lost", "not_the_hint")),
    ]


def test_the_hints_shown_say_where_a_hint_was_asked_and_followed() -> None:
    start = Game.from_position(TRAP, strict=False)
    line = line_from_actions(start, _actions([*TRAP_LINE[:4], "u", "u", "r", "9:1>1"]))
    # hints shown at log steps 1 (before "d": shown "d"), 6 (before "1:2>3", where the
    # game stood again after the undo: shown "9:1>1") and 4 (a branch undone: ignored)
    shown = [(1, "d"), (6, "9:1>1"), (4, "5:1>1")]
    found = moments(line, None, None, shown)
    assert [(m.index, str(m.move), m.kinds) for m in found] == [
        (1, "d", ("deal", "hint_asked_followed")),
        (2, "1:2>3", ("column_emptied", "hint_not_followed")),
    ]  # 9:1>1 (step 8) mattered by itself no more than it had a hint


def test_a_won_game_is_winnable_all_along_with_no_move_that_lost() -> None:
    start = Game.from_position(TRAP, strict=False)
    line = line_from_actions(start, list(solve(start, node_limit=100_000).solution))
    review = review_game(line)
    assert review.statuses == ("winnable",) * (len(line.moves) + 1)
    assert (review.lost_at, review.hint, review.followed_hint, review.probes) == (
        None,
        None,
        None,
        1,
    )
    assert sum("run_removed" in moment.kinds for moment in review.moments) == 2  # 26 cards


def test_a_solver_out_of_nodes_gives_unknown_never_a_guess() -> None:
    start = Game.from_code("SP1-S4C-AAAAAAB")
    line = line_from_actions(start, _actions(["d", "d"]))
    review = review_game(line, node_limit=50)
    assert review.statuses == ("unknown",) * 3
    assert (review.lost_at, review.hint, review.solver_line) == (None, None, ())
    assert [moment.kinds for moment in review.moments] == [("deal",), ("deal",)]
