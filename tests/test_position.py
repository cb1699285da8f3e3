"""Position notation: exact output, round trips, input leniency and every refusal."""

from __future__ import annotations

import pytest

from boards import RUN_S, board
from spider_solitaire import Game, InvalidPositionError
from spider_solitaire.position import Position
from spider_solitaire.variants import FLEXIBLE

START_S2C = Game.from_code("SP1-S2C-AAAAAAD").position_text()


def test_output_shape_of_a_new_game() -> None:
    lines = START_S2C.splitlines()
    assert START_S2C.endswith("\n")
    assert len(lines) == 15
    assert lines[:4] == ["rules: S2C", "score: 500", "moves: 0", "removed:"]
    assert lines[4].startswith("stock: ") and len(lines[4].split()) == 51
    assert [line.split(":")[0] for line in lines[5:]] == [str(n) for n in range(1, 11)]
    assert lines[5] == "1: 8S AH TS AS KS | 2H"
    assert lines[14] == "10: 9S 8H KH 9H | 5S"


def test_empty_values_and_empty_columns_are_written_bare() -> None:
    text = Game.from_position(board({1: "| 5H"}), strict=False).position_text()
    assert text.splitlines()[3:7] == ["removed:", "stock:", "1: | 5H", "2: |"]


@pytest.mark.parametrize("code", ["SP1-S1C-AAAAAAA", "SP1-S2F-AAAAAAD", "SP1-S4C-ZZZZZZZ"])
def test_round_trip_of_a_dealt_game(code: str) -> None:
    text = Game.from_code(code).position_text()
    assert Game.from_position(text).position_text() == text


def test_round_trip_with_removed_runs_score_and_moves() -> None:
    text = board(
        {1: "KS QS | 5H", 2: "| 9D 8D 7D", 4: "2C | 3C"},
        rules="S4F",
        score=731,
        moves=42,
        removed="D S",
        stock=" ".join(["AH"] * 10),
    )
    game = Game.from_position(text, strict=False)
    assert game.position_text() == text
    assert (game.score, game.move_count, game.removed, game.stock_rows_left) == (
        731,
        42,
        ("D", "S"),
        1,
    )
    assert game.rule is FLEXIBLE


def test_left_out_headers_take_their_defaults() -> None:
    columns = "".join(f"{n}: |\n" for n in range(2, 11))
    game = Game.from_position("rules: S2C\n1: | KH\n" + columns, strict=False)
    assert game.position_text() == (
        "rules: S2C\nscore: 500\nmoves: 0\nremoved:\nstock:\n1: | KH\n" + columns
    )
    assert (game.score, game.move_count, game.removed, game.stock_rows_left) == (500, 0, (), 0)


def test_rules_s1f_is_written_s1c() -> None:
    text = board({1: "| 5S"}, rules="S1F")
    assert Game.from_position(text, strict=False).position_text() == board({1: "| 5S"}, rules="S1C")


def test_comments_blank_lines_case_and_spacing_are_accepted() -> None:
    text = (
        "# a puzzle\n"
        "\n"
        "RULES:   s2f\n"
        "  Score: 77\n"
        "MOVES: 3\n"
        "Removed: s\n"
        "   # indented comment\n"
        "STOCK: 10h ah 2s 3s 4s 5s 6s 7s 8s 9s\n"
        "10:  |  9s 8s\n"  # column lines in any order
        "1: ks  10s | qh jh\n" + "".join(f"{n}: |\n" for n in range(2, 10)) + "\n\n"
    )
    game = Game.from_position(text, strict=False)
    lines = game.position_text().splitlines()
    assert lines[:5] == [
        "rules: S2F",
        "score: 77",
        "moves: 3",
        "removed: S",
        "stock: TH AH 2S 3S 4S 5S 6S 7S 8S 9S",
    ]
    assert lines[5] == "1: KS TS | QH JH"
    assert lines[14] == "10: | 9S 8S"


def test_ten_and_t_are_the_same_card() -> None:
    ten = Game.from_position(board({1: "| 10S 9S"}), strict=False).position_text()
    assert ten == board({1: "| TS 9S"})


def test_parsed_position_fields() -> None:
    position = Position.from_text(board({1: "KS 2H | 5H 4S", 3: "| AD"}), strict=False)
    assert position.face_down[:3] == (2, 0, 0)
    assert len(position.columns[0]) == 4 and position.columns[1] == ()
    assert position.tableau_cards == 5


# --- hidden view ------------------------------------------------------------------


def test_hidden_view_text() -> None:
    view = Game.from_code("SP1-S2C-AAAAAAD").position_text(hidden=True).splitlines()
    assert view[4] == "stock: " + " ".join(["??"] * 50)
    assert view[5] == "1: ?? ?? ?? ?? ?? | 2H"
    assert view[14] == "10: ?? ?? ?? ?? | 5S"
    assert view[:4] == ["rules: S2C", "score: 500", "moves: 0", "removed:"]


def test_hidden_view_parses_with_strict_false_and_round_trips() -> None:
    game = Game.from_code("SP1-S4C-ZZZZZZZ")
    view = game.position_text(hidden=True)
    parsed = Game.from_position(view, strict=False)
    assert parsed.position_text() == view
    assert parsed.position_text(hidden=True) == view


def test_face_up_cards_are_never_hidden_in_a_view() -> None:
    text = board({1: "KS 2H | 5H 4S"}, stock=" ".join(["AS"] * 10))
    view = Game.from_position(text, strict=False).position_text(hidden=True)
    assert view == board({1: "?? ?? | 5H 4S"}, stock=" ".join(["??"] * 10))


# --- refusals, each with its line number -----------------------------------------


def _columns(skip: int = 0) -> str:
    return "".join(f"{n}: |\n" for n in range(1, 11) if n != skip)


@pytest.mark.parametrize(
    ("text", "line", "words"),
    [
        ("rules: S2C\nscore 500\n" + _columns(), 2, "is not 'key: value'"),
        ("rules: S2C\n\ncolour: red\n" + _columns(), 3, "unknown key 'colour'"),
        ("rules: S2C\n11: |\n" + _columns(), 2, "unknown key '11'"),
        ("rules: S2C\nscore: 1\nSCORE: 2\n" + _columns(), 3, "'score' given twice"),
        (_columns(3) + "3: |\n3: |\nrules: S2C\n", 11, "'3' given twice"),
        ("# c\nrules: S3C\n" + _columns(), 2, "is not S<suits><rule>"),
        ("rules: S2\n" + _columns(), 1, "is not S<suits><rule>"),
        ("rules: S2X\n" + _columns(), 1, "is not S<suits><rule>"),
        ("rules: S2C\nscore: -1\n" + _columns(), 2, "score: '-1' is not a whole number"),
        ("rules: S2C\nscore: 5x\n" + _columns(), 2, "score: '5x' is not a whole number"),
        ("rules: S2C\nmoves: ten\n" + _columns(), 2, "moves: 'ten' is not a whole number"),
        ("rules: S2C\nremoved: S D\n" + _columns(), 2, "'D' is not a suit of a 2-suit game"),
        ("rules: S1C\nremoved: H\n" + _columns(), 2, "'H' is not a suit of a 1-suit game"),
        ("rules: S2C\nremoved: X\n" + _columns(), 2, "'X' is not a suit"),
        ("rules: S2C\nstock: AS 2S 3S\n" + _columns(), 2, "3 cards is not whole rows of 10"),
        ("rules: S2C\nstock: AS ZZ\n" + _columns(), 2, "'ZZ' is not a card"),
        ("rules: S2C\n" + _columns(4) + "4: | 5D\n", 11, "'5D' is not a suit of a 2-suit"),
        ("rules: S2C\n" + _columns(4) + "4: KS 11S | 5H\n", 11, "'11S' is not a card"),
        ("rules: S2C\n" + _columns(5) + "5: KS QS\n", 11, "needs one '|'"),
        ("rules: S2C\n" + _columns(5) + "5: KS | QS | JS\n", 11, "needs one '|'"),
        ("rules: S2C\n" + _columns(6) + "6: KS QS |\n", 11, "ends in a face-down card"),
        ("rules: S2C\n" + _columns(7) + "7: | KS ??\n", 11, "cannot be hidden"),
        ("rules: S2C\n" + _columns(8) + f"8: 5H | {RUN_S} AS\n", 11, "complete King-to-Ace"),
        ("rules: S2C\n" + _columns(8) + f"8: | {RUN_S} AS 7H\n", 11, "complete King-to-Ace"),
    ],
)
def test_invalid_position_has_its_line_number(text: str, line: int, words: str) -> None:
    for strict in (True, False):
        with pytest.raises(InvalidPositionError) as info:
            Game.from_position(text, strict=strict)
        assert info.value.line == line
        assert str(info.value).startswith(f"line {line}: ")
        assert words in str(info.value)
        assert isinstance(info.value, ValueError)


def test_missing_rules_line_has_no_line_number() -> None:
    text = "score: 500\n" + _columns()
    with pytest.raises(InvalidPositionError, match="'rules:' line is missing") as info:
        Game.from_position(text, strict=False)
    assert info.value.line is None
    assert repr(text) in str(info.value)


def test_missing_column_line_has_no_line_number() -> None:
    text = "rules: S4C\n" + _columns(7)
    with pytest.raises(InvalidPositionError, match="column line '7:' is missing") as info:
        Game.from_position(text, strict=False)
    assert info.value.line is None


def test_face_down_cards_in_a_mixed_run_are_no_complete_run() -> None:
    # Only face-up cards form a run: the same cards with the King face-down parse.
    text = board({8: "KS | QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S AS"})
    assert Game.from_position(text, strict=False).position_text() == text


def test_mixed_suit_king_to_ace_is_no_complete_run() -> None:
    text = board({1: "| KS QH JS TS 9S 8S 7S 6S 5S 4S 3S 2S AS"}, rules="S2F")
    assert Game.from_position(text, strict=False).position_text() == text


# --- the strict composition check ---------------------------------------------------


def test_strict_accepts_a_whole_deck_and_a_deck_with_runs_removed() -> None:
    Game.from_position(START_S2C)
    spades = [f"{r}S" for r in "A23456789TJQK"]
    # 1 suit, 7 runs removed, the 13 cards left: K-2 on column 1, the Ace on column 2.
    text = board({1: f"| {RUN_S}", 2: "| AS"}, rules="S1C", removed=" ".join("S" * 7))
    assert Game.from_position(text).removed == ("S",) * 7
    assert sorted(spades) == sorted([*RUN_S.split(), "AS"])


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (("1: 8S AH TS AS KS | 2H", "1: 8S AH TS AS | 2H"), "1 cards missing"),
        (("1: 8S AH TS AS KS | 2H", "1: 8S AH TS AS KS | 2H AH"), "AH 1 too many"),
        (("removed:", "removed: S"), "not the 104 of a 2-suit game"),
        (("1: 8S AH TS AS KS | 2H", "1: 8S AH TS AS QH | 2H"), "QH 1 too many"),
    ],
)
def test_strict_refuses_a_wrong_card_set(change: tuple[str, str], words: str) -> None:
    text = START_S2C.replace(*change)
    assert text != START_S2C
    with pytest.raises(InvalidPositionError) as info:
        Game.from_position(text)
    assert words in str(info.value)
    assert "not the 104 of a 2-suit game (plus 13 per removed run)" in str(info.value)
    assert info.value.line is None
    Game.from_position(text, strict=False)  # the same text is a fine puzzle


def test_strict_refuses_more_runs_than_the_deck_has() -> None:
    text = board({}, rules="S2C", removed=" ".join("S" * 5))
    with pytest.raises(InvalidPositionError, match="more S runs removed than the deck has"):
        Game.from_position(text)


def test_strict_refuses_a_small_board() -> None:
    with pytest.raises(InvalidPositionError, match="102 cards missing"):
        Game.from_position(board({1: "| 5H", 2: "| 6S"}))


def test_hidden_cards_count_as_any_card_in_strict_mode() -> None:
    view = Game.from_code("SP1-S2C-AAAAAAD").position_text(hidden=True)
    assert Game.from_position(view).position_text() == view


@pytest.mark.parametrize("value", ["\u00b2", "\u0663", "1\u00b9"])
def test_counts_take_ascii_digits_only(value: str) -> None:
    # '²'.isdigit() is True but int('²') fails: it must be an InvalidPositionError, not a
    # bare ValueError; other scripts' digits are refused too (output writes ASCII only).
    text = "rules: S2C\nscore: " + value + "\n" + _columns()
    with pytest.raises(InvalidPositionError, match="is not a whole number") as info:
        Game.from_position(text, strict=False)
    assert info.value.line == 2
