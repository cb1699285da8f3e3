"""The finished sentences the server sends, in the player's language (docs/api.md).

Every sentence with parameters or plural forms that a player reads or hears is built
here, from the message catalog (:mod:`spider_solitaire.messages`): the table's
accessible labels (:class:`Wording` and :func:`table_labels`, for
:func:`.views.build_state`), what an action did
(:func:`announcement`), and the answers of the help (hints, "Can I still win?", the
solution, the deal search). The browser only shows them.

Only face-up cards are named: the labels come from the player's view, and an event names
a card only once it is face-up (see :mod:`spider_solitaire.events`).

Decisions of ours: both catalog languages list items with ``", "`` and join sentences
with ``" "`` (:data:`LIST_SEPARATOR`, :data:`SENTENCE_SEPARATOR`); a language that
needs others would move them into the catalog.

>>> wording("en").list_or(["4", "7", "9"])
'4, 7 or 9'
>>> announcement(Control.REDO, [RowDealt(("TS",) * 10, tuple(range(10)))], "es")
'Rehecho. Fila repartida.'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import date
from functools import cache, lru_cache
from typing import NamedTuple

from ..cards import CARD_TEXTS, Card
from ..events import CardsMoved, CardTurnedUp, Event, GameWon, RowDealt, RunRemoved
from ..messages import LANGUAGES, PLURAL_FORMS, card_names, message, plural_form, suit_name, text
from ..moves import Action, Auto, Control
from ..variants import GroupRule, find_variant
from .schemas.state import TableLabels

LIST_SEPARATOR = ", "
"""Between the items of a list ("4, 7 or 9") and the parts of a label."""

SENTENCE_SEPARATOR = " "
"""Between two sentences said together."""

FOUR_RUNS = 4
"""The runs of a one-pack variant (Spiderette, Will o' the Wisp), whose win sentence says
"four" instead of "eight"; the number itself is the variant's (``Variant.runs``)."""

KEPT_LABELS = 4096
"""How many labels blocks :func:`table_labels` keeps: they change only with a deal, a
removed run or the win, so most states find theirs made (a decision of ours)."""


class ColumnTexts(NamedTuple):
    """A column's accessible texts (see :meth:`Wording.column`)."""

    label: str
    target_label: str
    name: str
    name_target: str


class Wording:
    """The table's sentences in one ``language``, from templates read once: the state is
    built on every action, so its labels are the hot path of the texts (get one with
    :func:`wording`).

    Args:
        language: ``"en"`` or ``"es"``.
    """

    def __init__(self, language: str) -> None:
        self.language = language
        names = card_names(language)
        self.card_names: tuple[str, ...] = tuple(names.get(card, "") for card in CARD_TEXTS)
        """Each card's name by its value (``card_names[card]``); ``""`` for no card."""

        def labels(key: str) -> str:
            return message("labels", key, language)

        def pair(key: str) -> dict[str, str]:
            return {form: labels(f"{key}_{form}") for form in PLURAL_FORMS}

        self._column = labels("column")
        self._column_empty = labels("column_empty")
        self._face_down = labels("face_down")
        self._range = labels("range")
        self._can_take = LIST_SEPARATOR + labels("can_take")
        self._list_or = labels("list_or")
        self._picked_up = pair("picked_up")
        self._targets = pair("targets")
        self._no_targets = pair("no_targets")

    def list_or(self, items: Sequence[str]) -> str:
        """Return ``items`` as one alternative: ``"7"``, ``"7 or 9"``, ``"4, 7 or 9"``."""
        if len(items) <= 1:
            return "".join(items)
        return self._list_or.format(list=LIST_SEPARATOR.join(items[:-1]), last=items[-1])

    def column(
        self, number: int, face_up: Sequence[Card], face_down: int, largest: int
    ) -> ColumnTexts:
        """Return the texts of column ``number`` holding ``face_down`` face-down cards (a
        count: they are not named) under the ``face_up`` cards (bottom to top), whose
        largest movable group has ``largest`` cards (0 when none).

        ``label``: "Column 3, 2 face-down, 10 of spades, 9 of hearts to 7 of hearts" (the
        largest group named as a range) or "Column 3, empty"; ``target_label``: the label
        with ", can take the cards"; ``name``: "Column 3"; ``name_target``: "Column 3,
        can take the cards".
        """
        name = self._column.format(column=number)
        if not face_up and not face_down:
            label = self._column_empty.format(column=number)
        else:
            parts = [name]
            if face_down:
                parts.append(self._face_down.format(count=face_down))
            names = self.card_names
            parts.extend(names[card] for card in face_up[: len(face_up) - max(largest, 1)])
            if largest > 1:
                parts.append(
                    self._range.format(first=names[face_up[-largest]], last=names[face_up[-1]])
                )
            elif face_up:
                parts.append(names[face_up[-1]])
            label = LIST_SEPARATOR.join(parts)
        return ColumnTexts(label, label + self._can_take, name, name + self._can_take)

    def pick_up(self, column: int, group: Sequence[Card], targets: Sequence[int]) -> str:
        """Return what a keyboard player hears on picking up ``group`` (face-up cards,
        bottom to top) from ``column``: which cards, and the columns listed for it
        (``targets``) or how to put it back."""
        count = len(group)
        form = plural_form(count, self.language)
        first, last = self.card_names[group[0]], self.card_names[group[-1]]
        picked = self._picked_up[form].format(
            card=first, count=count, first=first, last=last, column=column
        )
        if targets:
            where = self._targets[form].format(list=self.list_or([str(t) for t in targets]))
        else:
            where = self._no_targets[form]
        return picked + SENTENCE_SEPARATOR + where


@cache
def wording(language: str) -> Wording:
    """Return the :class:`Wording` of ``language`` (English for an unknown one), made once."""
    return Wording(language if language in LANGUAGES else LANGUAGES[0])


@lru_cache(KEPT_LABELS)
def table_labels(
    language: str,
    rows: int,
    removed: tuple[str, ...],
    suits: int,
    rule: GroupRule,
    code: str | None,
    final_score: int | None,
    assisted: bool,
    runs: int = 8,
) -> TableLabels:
    """Return the table's other labels and notices in ``language``: the stock (``rows``
    left), the removed runs (their suits) and their 8 places, the variant (``suits``,
    ``rule``), the game ``code``'s copy button and notices (None without a code), the
    new-game and resumed notices, and the win text with the ``final_score`` (None until
    the game is won; a sentence more when ``assisted``); ``runs``: the variant's runs to
    remove (8, or 4 with one pack), one place each. Kept (:data:`KEPT_LABELS`):
    the block is a value, shared between states."""
    stock = (
        text("labels", "stock", language, count=rows)
        if rows
        else message("labels", "stock_empty", language)
    )
    slots = [
        text("labels", "removed_slot", language, suit=suit_name(suit, language))
        for suit in removed[:runs]
    ]
    slots += [message("labels", "empty_slot", language)] * (runs - len(slots))
    rule_name = message("web", f"rule.{rule.name}", language)
    level = message("web", f"level.{suits}", language)
    win = None
    if final_score is not None:
        key = "win_four" if runs == FOUR_RUNS else "win"
        win = text("labels", key, language, score=final_score)
        if assisted:
            win += SENTENCE_SEPARATOR + message("labels", "win_assisted", language)
    coded = {
        key: text("labels", key, language, code=code) if code is not None else None
        for key in ("copy", "copied", "copy_failed")
    }
    return TableLabels(
        stock=stock,
        removed=text("labels", "removed", language, count=len(removed), runs=runs),
        removed_slots=slots,
        variant=text("labels", "variant", language, count=suits, rule=rule_name),
        copy_=coded["copy"],
        copied=coded["copied"],
        copy_failed=coded["copy_failed"],
        new_game=(
            text("labels", "new_game", language, code=code, level=level)
            if code is not None
            else text("labels", "new_game_no_code", language, level=level)
        ),
        resumed=(
            text("labels", "resumed", language, code=code)
            if code is not None
            else message("labels", "resumed_no_code", language)
        ),
        win=win,
    )


# --- what an action did ------------------------------------------------------------


def describe_events(events: Iterable[Event], language: str) -> str:
    """Return what ``events`` (of playing or redoing one action) did, one sentence each:
    "Moved the 4 of spades from column 3 to column 7. Turned up the 9 of hearts in
    column 3." The events of an undo or a restart are not described (their action's
    word says it: see :func:`announcement`)."""
    names = card_names(language)
    sentences = []
    for event in events:
        if isinstance(event, CardsMoved):
            first, last = names[event.cards[0]], names[event.cards[-1]]
            sentences.append(
                text(
                    "events",
                    "moved",
                    language,
                    count=len(event.cards),
                    card=first,
                    first=first,
                    last=last,
                    source=event.source,
                    target=event.target,
                )
            )
        elif isinstance(event, CardTurnedUp):
            sentences.append(
                text("events", "turned_up", language, card=names[event.card], column=event.column)
            )
        elif isinstance(event, RowDealt):
            sentences.append(message("events", "dealt", language))
        elif isinstance(event, RunRemoved):
            sentences.append(
                text("events", "removed", language, suit=suit_name(event.suit, language))
            )
        elif isinstance(event, GameWon):
            sentences.append(text("events", "won", language, score=event.score))
    return SENTENCE_SEPARATOR.join(sentences)


def announcement(action: Action | Auto, events: Sequence[Event], language: str) -> str:
    """Return the one finished sentence (several joined) saying what ``action`` (the value
    the request was read into: a move, a control or a double-click) did, given its
    ``events``: "Undone.", "Restarted the same deal.", "Redone. Moved ...", or the
    events described (:func:`describe_events`)."""
    if action is Control.UNDO:
        return message("events", "undone", language)
    if action is Control.RESTART:
        return message("events", "restarted", language)
    described = describe_events(events, language)
    if action is Control.REDO:
        return SENTENCE_SEPARATOR.join(
            part for part in (message("events", "redone", language), described) if part
        )
    return described


def rewound(steps: int, language: str) -> str:
    """Return what undoing ``steps`` actions at once says: "Undid 3 actions." (a decision
    of ours: the rewind does not claim the position can be won; the can-win answer that
    offered it said so)."""
    return text("events", "rewound", language, count=steps)


# --- the player's record -------------------------------------------------------------


def clock_text(milliseconds: int) -> str:
    """Return a playing time as a clock: ``"0:07"``, ``"12:34"``, ``"1:02:03"`` (the same
    in every language).

    >>> clock_text(754_999), clock_text(3_723_000)
    ('12:34', '1:02:03')
    """
    seconds = max(0, milliseconds) // 1000
    hours, rest = divmod(seconds, 3600)
    minutes, seconds = divmod(rest, 60)
    if hours:
        return f"{hours}:{minutes:02d}:{seconds:02d}"
    return f"{minutes}:{seconds:02d}"


def variant_label(suits: int, rule: GroupRule, language: str) -> str:
    """Return a variant's name: "2 suits · Classic", "1 suit"."""
    rule_name = message("web", f"rule.{rule.name}", language)
    return text("labels", "variant", language, count=suits, rule=rule_name)


def family_label(variant: str, suits: int, rule: GroupRule, language: str) -> str:
    """Return how the record names a game of the family ``variant`` (the registry's name)
    at ``suits``/``rule``: :func:`variant_label` alone for ``spider`` ("2 suits ·
    Classic", as before the family), else with the variant's title first ("Spiderette ·
    2 suits · Classic").

    Raises:
        UnknownVariantError: ``variant`` is not in the registry (a row the server never
            wrote).
    """
    found = find_variant(variant)
    label = variant_label(suits, rule, language)
    if found.is_default:
        return label
    title = message("variants", found.title_key, language)
    return text("labels", "family_variant", language, title=title, variant=label)


def confirm_text(needed: Sequence[str], language: str) -> str:
    """Return what starting a game asks the player to confirm, one sentence for each of
    ``needed`` (``abandon``, ``practice``): "Abandon this game? It counts as a loss."."""
    return SENTENCE_SEPARATOR.join(
        message("record", f"confirm_{word}", language) for word in needed
    )


def status_label(status: str, language: str) -> str:
    """Return a history status in words: ``lost_then_won`` is "Lost, finished later"."""
    return message("record", f"status_{status}", language)


RULES_HELP = (
    "rules_counts",
    "rules_won",
    "rules_lost",
    "rules_restart",
    "rules_practice",
    "rules_assisted",
    "rules_solved",
    "rules_time",
    "rules_reset",
)
"""The counting rules' sentences, in the order the statistics' help shows them."""


def rules_help(language: str) -> list[str]:
    """Return the counting rules (docs/record.md) as sentences, for the dialog's help."""
    return [message("record", key, language) for key in RULES_HELP]


def best_texts(kinds: Sequence[str], score: int, moves: int, ms: int, language: str) -> list[str]:
    """Return a sentence for each personal best in ``kinds`` (``score``, ``moves``,
    ``time``) that a win of ``score``, ``moves`` and ``ms`` playing time set."""
    said = {
        "score": lambda: text("record", "best_score", language, score=score),
        "moves": lambda: text("record", "best_moves", language, count=moves),
        "time": lambda: text("record", "best_time", language, time=clock_text(ms)),
    }
    return [said[kind]() for kind in kinds]


def summary_text(
    score: int,
    moves: int,
    ms: int,
    *,
    streak: int,
    bests: Sequence[str],
    assisted: bool,
    practice: bool,
    lost_before: bool,
    language: str,
) -> str:
    """Return the win summary in one finished text: the score, moves and time; then that
    it was practice, or already lost, or the streak, the bests and whether it was
    assisted."""
    parts = [text("record", "summary_won", language, score=score, count=moves, time=clock_text(ms))]
    if practice:
        parts.append(message("record", "summary_practice", language))
    elif lost_before:
        parts.append(message("record", "summary_lost_then_won", language))
    else:
        if streak:
            parts.append(text("record", "streak", language, count=streak))
        parts.extend(bests)
        if assisted:
            parts.append(message("record", "summary_assisted", language))
    return SENTENCE_SEPARATOR.join(parts)


def summary_note(*, practice: bool, lost_before: bool, language: str) -> str | None:
    """Return what a win's summary window says besides its figures, streak, bests and
    assisted note (each shown once, issue 19): that the game was practice, or already
    counted as a loss; None for a win that counts."""
    if practice:
        return message("record", "summary_practice", language)
    if lost_before:
        return message("record", "summary_lost_then_won", language)
    return None


# --- the daily deal ------------------------------------------------------------------


def daily_date_short(day: date, language: str) -> str:
    """Return a date in short: "2 Dec" ("2 de dic")."""
    month = message("record", f"month_short_{day.month}", language)
    return text("record", "daily_date_short", language, day=day.day, month=month)


def daily_date_long(day: date, language: str) -> str:
    """Return a date in full: "Wednesday 2 December 2026" ("miércoles 2 de diciembre de
    2026")."""
    return text(
        "record",
        "daily_date_long",
        language,
        weekday=message("record", f"weekday_{day.isoweekday()}", language),
        day=day.day,
        month=message("record", f"month_{day.month}", language),
        year=day.year,
    )


def daily_label(day: date, language: str) -> str:
    """Return the header's label of a daily game: "Daily · 2 Dec"."""
    return text("labels", "daily", language, date=daily_date_short(day, language))


def stars_label(stars: int, language: str) -> str:
    """Return a deal level's name: "2 stars" ("2 estrellas"); never Easy/Medium/Hard,
    which name the suit count (:mod:`spider_solitaire.levels`)."""
    return text("labels", "level_stars", language, count=stars)


def stars_wins_text(stars: int, won: int, finished: int, language: str) -> str:
    """Return the statistics' sentence of one deal level: "2 stars: 3 of 5 won"."""
    name = stars_label(stars, language)
    return text("record", "level_wins", language, stars=name, won=won, finished=finished)


def month_label(first: date, language: str) -> str:
    """Return a month's name and year: "December 2026" ("diciembre de 2026")."""
    month = message("record", f"month_{first.month}", language)
    return text("record", "daily_month", language, month=month, year=first.year)


def weekday_names(language: str) -> list[str]:
    """Return the seven short weekday names, Monday first: "Mo" ... "Su"."""
    return [message("record", f"weekday_short_{n}", language) for n in range(1, 8)]


def daily_status_label(status: str, language: str) -> str:
    """Return a daily result in words: ``won_late`` is "won late"."""
    return message("record", f"daily_{status}", language)


def daily_day_label(day: date, featured: str, others: str, today: bool, language: str) -> str:
    """Return a calendar day for screen readers: "Wednesday 2 December 2026, today:
    featured deal won on the day; other deals not played."."""
    return text(
        "record",
        "daily_day_today" if today else "daily_day",
        language,
        date=daily_date_long(day, language),
        featured=daily_status_label(featured, language),
        others=daily_status_label(others, language),
    )


def daily_streak_text(count: int, language: str) -> str:
    """Return the daily streak in words: "Daily streak: 2 days."."""
    return text("record", "daily_streak", language, count=count)
