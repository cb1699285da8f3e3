"""Move notation, game records and the syntax errors (``InvalidMoveError``)."""

from __future__ import annotations

import pytest

from spider_solitaire import InvalidMoveError, Move
from spider_solitaire.moves import DEAL, parse_record


@pytest.mark.parametrize(
    ("text", "source", "count", "target", "canonical"),
    [
        ("3:4>7", 3, 4, 7, "3:4>7"),
        ("3>7", 3, None, 7, "3>7"),
        (" 10:12>1 ", 10, 12, 1, "10:12>1"),
        ("\t1>10\n", 1, None, 10, "1>10"),
        ("3:104>7", 3, 104, 7, "3:104>7"),
    ],
)
def test_parse_move(text: str, source: int, count: int | None, target: int, canonical: str) -> None:
    move = Move.parse(text)
    assert (move.source, move.count, move.target) == (source, count, target)
    assert not move.is_deal
    assert str(move) == canonical
    assert Move.parse(str(move)) == move


@pytest.mark.parametrize("text", ["d", "D", " d ", "deal", "DEAL"])
def test_parse_deal(text: str) -> None:
    move = Move.parse(text)
    assert move is DEAL
    assert move == Move.deal()
    assert move.is_deal
    assert str(move) == "d"


def test_moves_are_values() -> None:
    assert Move(3, 7, 4) == Move.parse("3:4>7")
    assert len({Move(3, 7, 4), Move.parse("3:4>7"), Move(3, 7), Move(3, 7, 1)}) == 3
    assert str(Move(3, 7, 4)) == "3:4>7"
    with pytest.raises(AttributeError):
        Move(3, 7, 4).count = 5  # type: ignore[misc]


@pytest.mark.parametrize(
    ("text", "reason", "params"),
    [
        ("0>3", "column_range", {"column": 0}),
        ("11>3", "column_range", {"column": 11}),
        ("3>0", "column_range", {"column": 0}),
        ("3>11", "column_range", {"column": 11}),
        ("0:1>3", "column_range", {"column": 0}),
        ("1234567>3", "column_range", {"column": "1234567"}),
        ("3:0>7", "count_range", {"count": 0}),
        ("3:105>7", "count_range", {"count": 105}),
        ("3:1000>7", "count_range", {"count": 1000}),
        ("3:00>7", "leading_zero", {"digits": "00"}),
        ("03:1>7", "leading_zero", {"digits": "03"}),
        ("3:04>7", "leading_zero", {"digits": "04"}),
    ],
)
def test_out_of_range_is_bad_syntax(text: str, reason: str, params: dict[str, object]) -> None:
    with pytest.raises(InvalidMoveError) as info:
        Move.parse(text)
    assert (info.value.reason, info.value.params) == (reason, {"action": text} | params)
    assert repr(text) in str(info.value)
    assert isinstance(info.value, ValueError)


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("", "empty"),
        (" ", "empty"),
        ("x", "not_notation"),
        ("3", "not_notation"),
        ("3>", "not_notation"),
        (">7", "not_notation"),
        ("3-7", "not_notation"),
        ("3:>7", "not_notation"),
        ("3:4>7>8", "not_notation"),
        ("3:-1>7", "not_notation"),
        ("a>b", "not_notation"),
        ("dd", "not_notation"),
        ("u", "not_notation"),  # undo is an action, not a move
        ("3 > 7", "white_space"),
        (" 3 : 4 > 7 ", "white_space"),
        ("3\t>7", "white_space"),
    ],
)
def test_bad_syntax(text: str, reason: str) -> None:
    with pytest.raises(InvalidMoveError) as info:
        Move.parse(text)
    assert info.value.reason == reason
    assert info.value.action == text.strip()
    assert repr(text.strip()) in str(info.value)


@pytest.mark.parametrize(
    ("source", "target", "count"), [(0, 3, 1), (11, 3, 1), (3, 0, 1), (3, 11, None), (3, 7, 0)]
)
def test_move_constructor_checks_too(source: int, target: int, count: int | None) -> None:
    with pytest.raises(InvalidMoveError):
        Move(source, target, count)


def test_parse_record() -> None:
    record = "# my game\n\n  sp1-s2c-aaaaaad  \n3>7 1:2>4\n# a note\n  d   10:1>1\nD\n"
    code, moves = parse_record(record)
    assert code == "sp1-s2c-aaaaaad"
    assert [str(m) for m in moves] == ["3>7", "1:2>4", "d", "10:1>1", "d"]


def test_record_with_only_a_code() -> None:
    assert parse_record("SP1-S1C-AAAAAAA") == ("SP1-S1C-AAAAAAA", [])


def test_empty_record() -> None:
    with pytest.raises(InvalidMoveError) as info:
        parse_record("# nothing\n\n")
    assert info.value.reason == "no_code_line"


@pytest.mark.parametrize(
    ("record", "number", "token"),
    [("SP1-S1C-AAAAAAA\n3>7 d 11>2", 3, "11>2"), ("SP1-S1C-AAAAAAA\n3>7\nx", 2, "x")],
)
def test_bad_action_in_a_record_gives_its_number(record: str, number: int, token: str) -> None:
    with pytest.raises(InvalidMoveError) as info:
        parse_record(record)
    assert str(info.value).startswith(f"action {number}: {token!r}")
