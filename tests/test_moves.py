"""Move notation, game records and the syntax errors (``InvalidMoveError``)."""

from __future__ import annotations

import re

import pytest

from spider_solitaire import InvalidMoveError, Move
from spider_solitaire.messages import explain, message
from spider_solitaire.moves import CONTROL_WORDS, DEAL, DEAL_WORDS, parse_action, parse_record


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
        ("0>3", "column_range", {"column": 0, "columns": 10}),
        ("11>3", "column_range", {"column": 11, "columns": 10}),
        ("3>0", "column_range", {"column": 0, "columns": 10}),
        ("3>11", "column_range", {"column": 11, "columns": 10}),
        ("0:1>3", "column_range", {"column": 0, "columns": 10}),
        ("1234567>3", "column_range", {"column": "1234567", "columns": 10}),
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


def _written_forms(sentence: str) -> list[str]:
    """The action texts a sentence offers, each once, in order: its words made of letters,
    digits, ``:`` and ``>`` that :func:`parse_action` reads (the rest is prose)."""
    forms: list[str] = []
    for word in re.findall(r"[0-9A-Za-z:>]+", sentence):
        try:
            parse_action(word)
        except InvalidMoveError:
            continue
        if word not in forms:
            forms.append(word)
    return forms


EVERY_FORM = ["3:4>7", "3>7", "d", "deal", "t3", "take3", "undo", "u", "redo", "r", "restart"]
"""Every way the grammar writes an action (:func:`parse_action`), in the sentences' order."""


def test_every_form_is_an_action_of_the_grammar() -> None:
    assert {*DEAL_WORDS, *CONTROL_WORDS} <= set(EVERY_FORM)
    kinds = [str(parse_action(form)) for form in EVERY_FORM]
    assert kinds == ["3:4>7", "3>7", "d", "d", "t3", "t3", "undo", "undo", "redo", "redo",
                     "restart"]  # fmt: skip


@pytest.mark.parametrize("language", ["en", "es"])
def test_the_not_notation_sentence_offers_every_form_of_action(language: str) -> None:
    """The sentence of ``not_notation`` (and of ``empty`` and the server's ``bad_action``)
    names every action text the grammar reads, the take-off ``t3`` of spider-1949 too."""
    sentence = explain(InvalidMoveError("not_notation", "x3"), language)
    assert _written_forms(sentence) == EVERY_FORM
    assert _written_forms(message("errors", "bad_action", language)) == EVERY_FORM  # + auto
    assert _written_forms(explain(InvalidMoveError("empty", ""), language)) == EVERY_FORM
    if language == "en":
        assert sentence == (
            "'x3' is not an action: write 3:4>7 (four cards from column 3 to column 7), 3>7, "
            "d or deal (deal a row), t3 or take3 (take the complete run at the end of column "
            "3 off, in spider-1949), undo or u, redo or r, or restart."
        )
