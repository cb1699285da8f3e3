"""The message catalog: every text of the project, in English and Spanish.

The catalogs are JSON files beside this module (``en.json``, ``es.json``) so that the
terminal, the server and the browser all read the same sentences. Shape of each file::

    {"<section>": {"<key>": "<sentence>", ...}, ...}

Sections: ``reasons`` (why the rules refuse an action, by reason code), ``notation``
(why an action's text is not notation, by :class:`~spider_solitaire.errors.InvalidMoveError`
reason code), ``errors`` (the
server's own error reasons), ``hints`` (why a hint helps), ``help`` (the sentences of a
hint, "Can I still win?", the solution and the deal search), ``events`` (what an action
did, for screen readers), ``labels`` (the table's accessible labels and notices),
``cards`` (rank and suit names, ``"{rank} of {suit}"``), ``terminal`` (the terminal
game), ``rules`` (the rules page, ``GET /rules``), ``record`` (the player's record:
confirmations, the win summary, history statuses, the counting rules), ``input`` (why a
command's input does not read, by :func:`spider_solitaire.solver.reading.input_error`'s
code) and ``web`` (the
browser's own fixed labels: buttons, dialog titles, help texts; no placeholders and no
plural pairs, since the browser builds no sentence).

A sentence may hold ``{name}`` placeholders, filled by :func:`text` from its keyword
parameters. A sentence that depends on a number comes as a pair of keys, ``<key>_one``
and ``<key>_other``; :func:`text` picks one with :func:`plural_form` from the
``count`` parameter. Sentences are built here, in Python, and nowhere else.

Decision of ours: English is the fallback for an unknown language or a missing key.
The browser's part (:func:`browser_catalog`) is the ``web`` section plus the fixed names
of the cards, ranks and suits, generated here.

>>> text("terminal", "stock_rows", "en", count=1)
'1 row'
>>> text("terminal", "stock_rows", "es", count=3)
'3 filas'
"""

from __future__ import annotations

import json
import string
from collections.abc import Sequence
from functools import cache
from importlib import resources

from ..cards import RANKS, SUITS
from ..errors import IllegalMoveError, InvalidMoveError, UnknownTextError

LANGUAGES: tuple[str, ...] = ("en", "es")
"""Languages with a catalog, the first being the fallback."""

PLURAL_FORMS: tuple[str, ...] = ("one", "other")
"""The plural forms the catalog uses, as key suffixes ``_one`` and ``_other``."""


@cache
def catalog(language: str) -> dict[str, dict[str, str]]:
    """Return the whole catalog for ``language`` (``"en"`` or ``"es"``).

    An unknown language gives the English catalog. The result is cached and
    must not be mutated.
    """
    if language not in LANGUAGES:
        language = LANGUAGES[0]
    raw = resources.files(__package__).joinpath(f"{language}.json").read_text("utf-8")
    data: dict[str, dict[str, str]] = json.loads(raw)
    return data


def message(section: str, code: str, language: str = "en") -> str:
    """Return the sentence for ``code`` in ``section`` as written, placeholders unfilled.

    Falls back to English when the language lacks it.

    >>> message("reasons", "on_ace", "es")
    'No se puede poner nada sobre un as, la carta más baja.'

    Raises:
        UnknownTextError: the code is in neither catalog (also a :class:`KeyError`).
    """
    texts = catalog(language).get(section, {})
    if code in texts:
        return texts[code]
    english = catalog(LANGUAGES[0]).get(section, {})
    if code not in english:
        raise UnknownTextError(f"the message catalog has no text {section}.{code}")
    return english[code]


def plural_form(count: int, language: str = "en") -> str:
    """Return the plural form (``"one"`` or ``"other"``) that ``count`` takes in
    ``language``.

    English and Spanish both use ``one`` for exactly 1 and ``other`` for every other
    number, 0 included (a decision of ours, from the CLDR plural rules of both languages
    for whole numbers; Spanish's ``many`` for round millions is not used).

    >>> plural_form(1), plural_form(0), plural_form(2, "es")
    ('one', 'other', 'other')
    """
    del language  # both catalog languages share the rule; kept for the next language
    return "one" if count == 1 else "other"


@cache
def _is_plural(section: str, key: str) -> bool:
    """True when ``key`` of ``section`` is a plural pair (``<key>_one`` / ``<key>_other``)."""
    english = catalog(LANGUAGES[0]).get(section, {})
    return key not in english and f"{key}_other" in english


@cache
def _sentence(section: str, key: str, language: str) -> str:
    """:func:`message`, remembered (the catalogs do not change while the program runs)."""
    return message(section, key, language)


def text(section: str, key: str, language: str = "en", /, **params: object) -> str:
    """Return the sentence ``key`` of ``section`` in ``language``, its ``{placeholders}``
    filled from ``params``.

    When the catalog holds ``<key>_one`` / ``<key>_other`` instead of ``key``, the
    ``count`` parameter (an int) chooses the form (:func:`plural_form`) and fills
    ``{count}``. An unknown language, or a key that it lacks, falls back to English.

    >>> text("terminal", "undid", "en", action="6:1>1")
    'Undid 6:1>1.'
    >>> text("terminal", "won", "es", score=597, count=3)
    'Has ganado con 597 puntos en 3 movimientos.'

    Raises:
        UnknownTextError: no such key (in either form) in the catalog, a plural pair
            called without an int ``count``, or a placeholder missing from ``params``.
    """
    if _is_plural(section, key):
        count = params.get("count")
        if type(count) is not int:
            raise UnknownTextError(
                f"{section}.{key} has plural forms: give count=<whole number>, not {count!r}"
            )
        key = f"{key}_{plural_form(count, language)}"
    sentence = _sentence(section, key, language)
    try:
        return sentence.format_map(params)
    except KeyError as error:
        raise UnknownTextError(
            f"{section}.{key}: the sentence needs the parameter {error.args[0]!r}"
        ) from None


GROUP_SEPARATORS = {"en": ",", "es": "\u00a0"}
"""How a whole number's digits are grouped by thousands, by language: a comma in English
(``50,000``); in Spanish a non-breaking space (``50 000``), as the RAE's
*Ortografía* (2010) asks (neither a point nor a comma; a number of four digits is not
split: ``4000``). A decision of ours: the no-break space U+00A0 rather than the thin one
the RAE prefers in print, since every terminal font has it and it never breaks a number
across lines."""


def number_text(value: int, language: str = "en") -> str:
    """Return the whole number ``value`` as a sentence of ``language`` writes it, its
    thousands grouped (:data:`GROUP_SEPARATORS`; English for an unknown language).

    >>> number_text(1000000), number_text(50000, "es"), number_text(4000, "es")
    ('1,000,000', '50\\xa0000', '4000')
    """
    separator = GROUP_SEPARATORS.get(language, GROUP_SEPARATORS[LANGUAGES[0]])
    if language == "es" and abs(value) < 10_000:  # the RAE: four digits stay whole
        return str(value)
    return f"{value:,}".replace(",", separator)


def placeholders(sentence: str) -> frozenset[str]:
    """Return the names of the ``{placeholders}`` in ``sentence``.

    >>> sorted(placeholders("{game}  score {score}"))
    ['game', 'score']
    """
    return frozenset(
        name for _, name, _, _ in string.Formatter().parse(sentence) if name is not None
    )


def reason_text(reason: str, language: str = "en") -> str:
    """Return the one-sentence rule behind a refusal ``reason`` code, in ``language``."""
    return message("reasons", reason, language)


def explain(error: IllegalMoveError | InvalidMoveError, language: str = "en") -> str:
    """Return the sentence that says why the engine refused an action, in ``language``:
    the ``reasons`` sentence of an :class:`~spider_solitaire.errors.IllegalMoveError`
    (the rule), the ``notation`` sentence of an
    :class:`~spider_solitaire.errors.InvalidMoveError` (what is wrong with the text),
    filled from the error's ``params``.

    >>> from spider_solitaire.errors import InvalidMoveError
    >>> explain(IllegalMoveError("stock_empty", "d"), "es")
    'El mazo está vacío: ya se han repartido todas las filas.'
    >>> explain(InvalidMoveError("column_range", "11>1", column=11, columns=10))
    "'11>1': there is no column 11; the columns are numbered 1 to 10."

    The action's text is written with its control characters escaped (a tab as ``\\t``,
    a NUL as ``\\x00``), so that a sentence never carries one raw (a decision of ours).

    Raises:
        UnknownTextError: the error's reason has no sentence (a bug of the catalog).
    """
    section = "reasons" if isinstance(error, IllegalMoveError) else "notation"
    params = {
        name: _printable(value) if isinstance(value, str) else value
        for name, value in error.params.items()
    }
    return text(section, error.reason, language, **params)


def _printable(value: str) -> str:
    """Return ``value`` with each character that is not printable (a control character,
    a NUL) written as its Python escape: ``"3\\t>7"`` for a tab."""
    if value.isprintable():
        return value
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in value)


@cache
def percent(chance: float) -> int:
    """``chance`` (in [0, 1]) as a whole percentage, rounded (0.4 -> 40).

    >>> percent(0.5811)
    58
    """
    return round(chance * 100)


def chance_text(
    chance: float | None,
    others: Sequence[float | None] = (),
    language: str = "en",
    *,
    chosen: bool = True,
) -> str | None:
    """Return the sentence of a hint's estimated ``chance`` to win (in [0, 1]), with the
    best of ``others`` (the other ranked hints' chances; None where no search judged one),
    or None when the hint has no chance. When the ``chosen`` hint (the first, not one of
    the next choices) is estimated lower than another line (the hint plays the
    look-ahead's best line whatever the estimates, :mod:`spider_solitaire.solver.hints`),
    the sentence says so.

    >>> chance_text(0.4, [0.25, None, 0.1])
    'About 40% from here; the other lines 25% or less.'
    >>> chance_text(0.4, [], "es")
    'Alrededor del 40 % desde aquí.'
    >>> chance_text(0.4, [0.45])
    "About 40% from here; another line is estimated at up to 45%, within the estimate's noise."
    >>> chance_text(None, [0.3]) is None
    True
    """
    if chance is None:
        return None
    judged = [value for value in others if value is not None]
    if not judged:
        return text("help", "hint_chance", language, percent=percent(chance))
    best = percent(max(judged))
    if chosen and best > percent(chance):  # the look-ahead's line; another a little higher
        return text("help", "hint_chance_close", language, percent=percent(chance), others=best)
    return text("help", "hint_chance_others", language, percent=percent(chance), others=best)


def card_names(language: str = "en") -> dict[str, str]:
    """Return every card's name by its text, in ``language``: ``{"TS": "10 of spades",
    ...}`` (52 cards), from the ``cards`` section. Cached; must not be mutated.

    >>> card_names("es")["QH"], card_names("en")["AS"]
    ('reina de corazones', 'ace of spades')
    """
    return {
        rank + suit: text(
            "cards",
            "card",
            language,
            rank=message("cards", f"rank_{rank}", language),
            suit=message("cards", f"suit_{suit}", language),
        )
        for suit in SUITS
        for rank in RANKS
    }


def suit_name(suit: str, language: str = "en") -> str:
    """Return the name of ``suit`` (a letter ``S H D C``) in ``language``, plural as a
    run is named ("a run of spades").

    >>> suit_name("H", "es")
    'corazones'
    """
    return message("cards", f"suit_{suit}", language)


REFUSALS_FROM_STATE: dict[str, tuple[str, ...]] = {
    "errors": ("no_target",),
    "reasons": ("deal_needs_full_columns", "stock_empty", "game_won"),
}
"""The refusals the page tells from the last state without a request, by catalog section:
a double-click on a group the server listed with no ``auto`` target (``no_target``, the
server's own reason) and a deal when ``can_deal`` is false (its ``deal_reason``: the
engine's reasons a deal can have, :func:`spider_solitaire.rules.deal_reason`)."""


@cache
def browser_catalog(language: str) -> dict[str, str]:
    """Return the browser's part of the catalog in ``language`` (English for an unknown
    one): the ``web`` section plus fixed names generated from the ``cards`` section,
    ``"card.TS"`` (``"10 of spades"``) for all 52 cards, ``"rank.short.T"`` (``"10"``)
    for the 13 ranks and ``"suit.S"`` (``"spades"``), and the sentences of the refusals
    the page can tell from the state the server sent without asking again
    (:data:`REFUSALS_FROM_STATE`: ``"refusal.no_target"``, a group whose ``auto`` is null;
    ``"refusal.deal_needs_full_columns"``..., the state's ``deal_reason``). Every value is
    a finished text, without placeholders. Cached; must not be mutated.

    >>> names = browser_catalog("en")
    >>> names["card.TS"], names["rank.short.Q"], names["suit.C"], names["button.undo"]
    ('10 of spades', 'Q', 'clubs', 'Undo')
    """
    if language not in LANGUAGES:
        language = LANGUAGES[0]
    names = {f"card.{card}": name for card, name in card_names(language).items()}
    names |= {f"rank.short.{rank}": message("cards", f"short_{rank}", language) for rank in RANKS}
    names |= {f"suit.{suit}": suit_name(suit, language) for suit in SUITS}
    names |= {
        f"refusal.{code}": message(section, code, language)
        for section, codes in REFUSALS_FROM_STATE.items()
        for code in codes
    }
    return catalog(LANGUAGES[0])["web"] | catalog(language)["web"] | names
