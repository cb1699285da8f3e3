"""Bad input of the wrong type or size gets a clear ValueError that names it (found by a
newcomer's test pass)."""

from __future__ import annotations

from typing import Any

import pytest

from spider_solitaire import (
    Game,
    IllegalMoveError,
    InvalidCodeError,
    InvalidMoveError,
    InvalidOptionError,
    InvalidPositionError,
    Move,
)

SMALL = "rules: S1C\n1: | 2S\n2: | AS\n" + "".join(f"{n}: |\n" for n in range(3, 11))


@pytest.mark.parametrize("value", [None, 42, b"SP1-S1C-AAAAAAA"])
def test_a_code_that_is_not_text(value: Any) -> None:
    with pytest.raises(InvalidCodeError, match="is not a game code"):
        Game.from_code(value)


@pytest.mark.parametrize("suits", [True, 2.0, "2", None])
def test_new_game_suits_must_be_a_whole_number(suits: Any) -> None:
    with pytest.raises(InvalidCodeError, match=f"suits {suits!r} is not 1, 2 or 4"):
        Game.new(suits)


def test_new_game_rule_must_be_text() -> None:
    with pytest.raises(InvalidCodeError, match="rule None is not 'classic' or 'flexible'"):
        Game.new(2, None)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "limit",
    [
        1.5,
        "5",
        -1,
        True,
    ],
)
def test_undo_limit_must_be_a_whole_number(limit: Any) -> None:
    with pytest.raises(InvalidOptionError, match="must be a whole number 0 or more"):
        Game.from_code("SP1-S1C-AAAAAAA", undo_limit=limit)


def test_play_of_a_non_move() -> None:
    game = Game.from_position(SMALL, strict=False)
    with pytest.raises(InvalidMoveError, match="not_text") as info:
        game.play(None)  # type: ignore[arg-type]
    assert info.value.params == {"action": "", "value": "None"}


@pytest.mark.parametrize("args", [("1", 8, 1), (True, 8, 1), (1, 8, 1.0)])
def test_move_fields_must_be_whole_numbers(args: tuple[Any, Any, Any]) -> None:
    with pytest.raises(InvalidMoveError, match="not_whole_number") as info:
        Move(*args)
    assert info.value.reason == "not_whole_number"


@pytest.mark.parametrize(
    ("text", "reason"),
    [("\uff13>4", "not_notation"), ("1\n>8", "white_space"), ("1>\uff18", "not_notation")],
)
def test_notation_takes_ascii_digits_and_no_inner_space(text: str, reason: str) -> None:
    with pytest.raises(InvalidMoveError) as info:
        Move.parse(text)
    assert info.value.reason == reason


def test_out_of_range_column_repeats_the_input_once() -> None:
    with pytest.raises(InvalidMoveError) as info:
        Move.parse("0>11")
    assert str(info.value) == "'0>11': column_range (column=0, columns=10)"


def test_position_that_is_not_text() -> None:
    with pytest.raises(InvalidPositionError, match="None is not position text"):
        Game.from_position(None)  # type: ignore[arg-type]


@pytest.mark.parametrize(("key", "attribute"), [("score", "score"), ("moves", "move_count")])
def test_score_and_moves_are_bounded(key: str, attribute: str) -> None:
    text = SMALL.replace("rules: S1C\n", f"rules: S1C\n{key}: 2147483648\n")
    with pytest.raises(InvalidPositionError) as info:
        Game.from_position(text, strict=False)
    assert info.value.line == 2
    assert "from 0 to 2147483647" in str(info.value)
    largest = Game.from_position(text.replace("2147483648", "2147483647"), strict=False)
    assert getattr(largest, attribute) == 2147483647


def test_at_most_eight_removed_runs_even_when_not_strict() -> None:
    text = SMALL.replace("rules: S1C\n", "rules: S1C\nremoved: " + "S " * 9 + "\n")
    with pytest.raises(InvalidPositionError, match="9 runs is more than the 8"):
        Game.from_position(text, strict=False)


def test_more_cards_than_face_up_is_face_down() -> None:
    game = Game.from_position(SMALL, strict=False)
    with pytest.raises(IllegalMoveError) as info:
        game.play("2:99>1")
    assert info.value.reason == "face_down"
