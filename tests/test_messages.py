"""The message catalog: every language has the same keys and placeholders, and Python
builds the sentences with parameters and plural forms."""

from __future__ import annotations

import pytest

from spider_solitaire.errors import SpiderError, UnknownTextError
from spider_solitaire.messages import (
    LANGUAGES,
    PLURAL_FORMS,
    browser_catalog,
    catalog,
    message,
    number_text,
    placeholders,
    plural_form,
    text,
)
from spider_solitaire.variants import VARIANTS

SECTIONS = {
    "reasons",
    "errors",
    "hints",
    "help",
    "notation",
    "events",
    "labels",
    "cards",
    "terminal",
    "web",
    "rules",
    "record",
    "variants",
    "input",
}
"""The catalog's sections (see :mod:`spider_solitaire.messages`)."""

SAME_IN_EVERY_LANGUAGE = {
    ("web", "lang.en"),  # each language is named in its own language
    ("web", "lang.es"),
    ("web", "rule.flexible"),  # the same word in English and Spanish
    ("web", "new.code_placeholder"),  # a game code
    ("variants", "spider"),  # the games' names
    ("variants", "spiderette"),
    ("labels", "family_variant"),  # a game's title, then its suits and rule
    ("help", "review_span"),  # a span's moment, then its status: the same in every language
    ("input", "bad_action"),  # the refusal's own sentence (explain), in each language
    ("rules", "family_spider.title"),  # the games' names, as titles of their sections
    ("rules", "family_spiderette.title"),
}
"""Texts that are rightly the same in every language (besides numbers and rank letters)."""


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("variant", [variant.name for variant in VARIANTS])
def test_every_variant_of_the_registry_has_its_texts(variant: str, language: str) -> None:
    # read from the registry: a new game of the family without its texts fails here
    key = next(entry.title_key for entry in VARIANTS if entry.name == variant)
    texts = catalog(language)
    assert texts["variants"][key].strip()
    assert texts["rules"][f"family_{key}.title"].strip()
    assert texts["rules"][f"family_{key}.text"].strip()


def test_every_language_has_the_same_sections_keys_and_placeholders() -> None:
    english = catalog("en")
    assert set(english) == SECTIONS
    for language in LANGUAGES[1:]:
        other = catalog(language)
        assert set(other) == set(english), language
        for section, texts in english.items():
            assert set(other[section]) == set(texts), f"{language}: {section}"
            for key, sentence in texts.items():
                assert placeholders(other[section][key]) == placeholders(sentence), (
                    f"{language}: {section}.{key}"
                )
                assert (
                    other[section][key] != sentence
                    or len(sentence) <= 2  # a number or a rank letter
                    or (section, key) in SAME_IN_EVERY_LANGUAGE
                ), f"{language}: {section}.{key} is not translated"


def test_the_browsers_section_holds_only_finished_texts() -> None:
    for language in LANGUAGES:
        web = catalog(language)["web"]
        assert web, language
        for key, label in web.items():
            assert "{" not in label and "}" not in label, f"{language}: web.{key}"
            assert key.rpartition("_")[2] not in PLURAL_FORMS, f"{language}: web.{key}"


def test_the_browsers_catalog_adds_the_names_of_cards_ranks_and_suits() -> None:
    english, spanish = browser_catalog("en"), browser_catalog("es")
    assert set(english) == set(spanish)
    assert len([key for key in english if key.startswith("card.") and len(key) == 7]) == 52
    assert (english["card.TS"], english["card.AH"], english["card.KC"]) == (
        "10 of spades",
        "ace of hearts",
        "king of clubs",
    )
    assert (spanish["card.TS"], spanish["card.QD"], spanish["card.JC"]) == (
        "10 de picas",
        "reina de diamantes",
        "jota de tréboles",
    )
    assert [english[f"rank.short.{rank}"] for rank in "A2TJQK"] == ["A", "2", "10", "J", "Q", "K"]
    assert (english["suit.D"], spanish["suit.D"]) == ("diamonds", "diamantes")
    assert (english["button.undo"], spanish["button.undo"]) == ("Undo", "Deshacer")
    assert not any("{" in label for label in [*english.values(), *spanish.values()])
    assert browser_catalog("fr") == english


def test_plural_pairs_are_whole() -> None:
    for language in LANGUAGES:
        for section, texts in catalog(language).items():
            for key in texts:
                stem, _, form = key.rpartition("_")
                if form in PLURAL_FORMS and stem:
                    assert {f"{stem}_{f}" for f in PLURAL_FORMS} <= set(texts), (
                        f"{language}: {section}.{key}"
                    )
                    assert stem not in texts


@pytest.mark.parametrize(
    ("count", "form"), [(0, "other"), (1, "one"), (2, "other"), (11, "other"), (21, "other")]
)
@pytest.mark.parametrize("language", LANGUAGES)
def test_plural_form_is_one_only_for_1(language: str, count: int, form: str) -> None:
    assert plural_form(count, language) == form


@pytest.mark.parametrize(
    ("language", "count", "expected"),
    [
        ("en", 1, "You won with 597 points in 1 move."),
        ("en", 3, "You won with 597 points in 3 moves."),
        ("es", 1, "Has ganado con 597 puntos en 1 movimiento."),
        ("es", 0, "Has ganado con 597 puntos en 0 movimientos."),
    ],
)
def test_text_fills_parameters_and_picks_the_plural(
    language: str, count: int, expected: str
) -> None:
    assert text("terminal", "won", language, score=597, count=count) == expected


def test_text_without_parameters_is_the_sentence() -> None:
    assert text("reasons", "on_ace", "es") == message("reasons", "on_ace", "es")
    assert text("terminal", "removed_none", "es") == "ninguna"


def test_an_unknown_language_falls_back_to_english() -> None:
    assert text("terminal", "stock_rows", "fr", count=2) == "2 rows"
    assert message("reasons", "on_ace", "de") == message("reasons", "on_ace", "en")


def test_a_missing_parameter_is_named() -> None:
    with pytest.raises(UnknownTextError, match=r"terminal.undid: .* parameter 'action'"):
        text("terminal", "undid", "en")


@pytest.mark.parametrize("count", [None, "2", 2.0])
def test_a_plural_needs_a_whole_count(count: object) -> None:
    with pytest.raises(UnknownTextError, match=r"terminal.stock_rows has plural forms"):
        text("terminal", "stock_rows", "en", count=count)


def test_an_unknown_key_is_a_spider_error_and_a_key_error() -> None:
    with pytest.raises(UnknownTextError, match=r"no text terminal.nonsense") as info:
        text("terminal", "nonsense", "en")
    assert isinstance(info.value, SpiderError) and isinstance(info.value, KeyError)
    assert str(info.value) == "the message catalog has no text terminal.nonsense"
    with pytest.raises(KeyError):
        message("nowhere", "on_ace")


def test_a_refusal_writes_the_actions_control_characters_escaped() -> None:
    from spider_solitaire.errors import InvalidMoveError
    from spider_solitaire.messages import explain

    assert explain(InvalidMoveError("white_space", "3\t>7")) == (
        "'3\\t>7' has white space inside: write an action without spaces, as 3:4>7."
    )
    assert explain(InvalidMoveError("not_notation", "9>4\x00"), "es").startswith(
        "'9>4\\x00' no es una acción"
    )


@pytest.mark.parametrize(
    ("value", "english", "spanish"),
    [
        (50_000, "50,000", "50\u00a0000"),  # the RAE: a space, neither a point nor a comma
        (1_000_000, "1,000,000", "1\u00a0000\u00a0000"),
        (4000, "4,000", "4000"),  # four digits are not split in Spanish
        (999, "999", "999"),
    ],
)
def test_numbers_are_grouped_by_thousands_as_each_language_writes_them(
    value: int, english: str, spanish: str
) -> None:
    assert (number_text(value), number_text(value, "es")) == (english, spanish)
    assert number_text(value, "xx") == english  # an unknown language: English
