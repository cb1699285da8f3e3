"""Game codes with a check character (issue 31, item 15): a new random game gets an ``SP2``
code whose last character checks the others, a typo is refused (with the nearest reading
when one swap or one look-alike gives a valid code) rather than dealt as another game, and
every ``SP1`` code still deals the same game."""

from __future__ import annotations

import random

import pytest

from spider_solitaire import Game, InvalidCodeError
from spider_solitaire.codes import (
    CHECK_ALPHABET,
    GameCode,
    check_character,
    code_forms,
    nearest_readings,
)
from spider_solitaire.errors import CodeCheckError
from spider_solitaire.variants import CLASSIC, FLEXIBLE, VARIANTS


def _codes(count: int) -> list[str]:
    """``count`` SP2 codes of every variant, suits and rule, from a fixed seed."""
    rng = random.Random(31)
    return [
        str(GameCode(suits, CLASSIC if suits == 1 else rule, rng.randrange(2**35), game, 2))
        for game in VARIANTS
        for suits in (1, 2, 4)
        for rule in (CLASSIC, FLEXIBLE)
    ][:count] + [str(GameCode(2, CLASSIC, rng.randrange(2**35), version=2)) for _ in range(20)]


def test_the_check_character_is_iso_7064_mod_37_36_pinned_forever() -> None:
    assert check_character("S2C-AAAAAAD") == "4"
    assert check_character("WISP-S4C-AAAAAAD") == "L"
    assert check_character("s1c-zzzzzzz") == check_character("S1CZZZZZZZ")
    assert str(GameCode.parse("sp2-s2c-aaaaaad4")) == "SP2-S2C-AAAAAAD4"
    with pytest.raises(InvalidCodeError, match="only letters, digits"):
        check_character("S2C AAAAAAD")


@pytest.mark.parametrize("old", ["SP1-S2C-AAAAAAD", "SP1-S4F-7777777", "SP1-WISP-S4C-AAAAAAD"])
def test_every_sp1_code_deals_as_before_and_as_its_sp2_form(old: str) -> None:
    first, second = code_forms(old)
    assert first == old and second.startswith("SP2-") and len(second) == len(old) + 1
    dealt = Game.from_code(old)
    assert Game.from_code(second).position_text() == dealt.position_text()
    assert dealt.code == old  # read as given: an old code stays itself
    assert GameCode.parse(old) == GameCode.parse(second)  # the same deal


def test_a_new_game_gets_a_code_with_its_check() -> None:
    game = Game.new(2, "flexible")
    assert game.code is not None and game.code.startswith("SP2-S2F-") and len(game.code) == 16
    assert check_character(game.code[4:-1]) == game.code[-1]
    assert Game.from_code(game.code).position_text() == game.position_text()


def test_every_single_character_typo_is_refused() -> None:
    """Each of 5,000-odd one-character changes (after ``SP2-``, to any letter or digit) of
    45 codes is refused: none deals another game."""
    changed = 0
    for code in _codes(25):
        for i in range(4, len(code)):
            if code[i] == "-":
                continue
            for char in CHECK_ALPHABET:
                if char != code[i]:
                    changed += 1
                    with pytest.raises(InvalidCodeError):
                        GameCode.parse(code[:i] + char + code[i + 1 :])
    assert changed > 5000


def test_swaps_of_neighbours_are_refused() -> None:
    """Swapping two different neighbouring characters of 45 codes: all 444 swaps refused.
    (ISO 7064's hybrid system can miss a swap of two characters 18 apart in its alphabet,
    ``A``/``S``, ``B``/``T``..., at certain places: 72 of its 45,360; none here.)"""
    swaps, missed = 0, []
    for code in _codes(25):
        for i in range(4, len(code) - 1):
            a, b = code[i], code[i + 1]
            if a == b or "-" in (a, b):
                continue
            swaps += 1
            swapped = code[:i] + b + a + code[i + 2 :]
            try:
                GameCode.parse(swapped)
            except InvalidCodeError:
                continue
            missed.append(swapped)
    assert (swaps, missed) == (444, [])


def test_a_typo_names_the_nearest_reading() -> None:
    with pytest.raises(CodeCheckError) as info:
        Game.from_code("SP2-S2C-NWK0FD2N")  # a zero for the letter O
    assert info.value.nearest == ("SP2-S2C-NWKOFD2N",)
    assert str(info.value) == (
        "'SP2-S2C-NWK0FD2N': the seed may use only A-Z and 2-7, not '0'; "
        "did you mean SP2-S2C-NWKOFD2N?"
    )
    with pytest.raises(CodeCheckError) as info:
        Game.from_code("SP2-S2C-NKWOFD2N")  # two neighbours swapped
    assert info.value.nearest == ("SP2-S2C-NWKOFD2N",)
    assert str(info.value).endswith("a character is mistyped; did you mean SP2-S2C-NWKOFD2N?")
    assert nearest_readings("SP2-S2C-AAAAAAD5") == ()  # a wrong check: no one reading
    with pytest.raises(CodeCheckError) as info:
        Game.from_code("SP2-S2C-AAAAAAD5")
    assert info.value.nearest == () and str(info.value).endswith("a character is mistyped")
