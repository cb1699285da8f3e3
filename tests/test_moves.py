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
        (" 10 : 12 > 1 ", 10, 12, 1, "10:12>1"),
        ("1>10", 1, None, 10, "1>10"),
        ("03:1>7", 3, 1, 7, "3:1>7"),
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
    ("text", "words"),
    [
        ("0>3", "source column 0 is not 1-10"),
        ("11>3", "source column 11 is not 1-10"),
        ("3>0", "target column 0 is not 1-10"),
        ("3>11", "target column 11 is not 1-10"),
        ("0:1>3", "source column 0 is not 1-10"),
        ("3:0>7", "a move takes at least one card"),
        ("3:00>7", "a move takes at least one card"),
    ],
)
def test_out_of_range_is_bad_syntax(text: str, words: str) -> None:
    with pytest.raises(InvalidMoveError) as info:
        Move.parse(text)
    assert words in str(info.value)
    assert repr(text) in str(info.value)
    assert isinstance(info.value, ValueError)


@pytest.mark.parametrize(
    "text", ["", " ", "x", "3", "3>", ">7", "3-7", "3:>7", "3:4>7>8", "3:-1>7", "a>b", "dd", "u"]
)
def test_bad_syntax(text: str) -> None:
    with pytest.raises(InvalidMoveError, match="is not an action") as info:
        Move.parse(text)
    assert repr(text) in str(info.value)


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
    with pytest.raises(InvalidMoveError, match="starts with a game code line"):
        parse_record("# nothing\n\n")


@pytest.mark.parametrize(
    ("record", "number", "token"),
    [("SP1-S1C-AAAAAAA\n3>7 d 11>2", 3, "11>2"), ("SP1-S1C-AAAAAAA\n3>7\nx", 2, "x")],
)
def test_bad_action_in_a_record_gives_its_number(record: str, number: int, token: str) -> None:
    with pytest.raises(InvalidMoveError) as info:
        parse_record(record)
    assert str(info.value).startswith(f"action {number}: {token!r}")
