r"""An immutable Spider position and its text notation.

Notation (exact; tests, bug reports and the other parts of the project use it)::

    rules: S2C
    score: 500
    moves: 0
    removed: S H
    stock: 5H KS 7H ...
    1: KS 5H 2S 9H AH | TS
    ...
    10: | 9S 8S

A ``variant: <name>`` line comes first for a game of the family other than ``spider``
(:mod:`spider_solitaire.variants`); without it the text is ``spider``'s, so every text
written before the variants reads as before. There is one column line per column of the
variant (10, or 7).

Column lines are ``N: <face-down cards> | <face-up cards>``, bottom to top; ``stock``
lists cards in dealing order (the first 10 are the next row, for columns 1 to 10; a
variant's row is one card a column, and its last row may be short);
``removed`` lists the suits of removed runs in the order removed; ``moves`` is the move
count. ``??`` is a card whose identity is hidden (the player's view).

>>> from spider_solitaire.cards import card_text
>>> position = Position.from_text("rules: S1C\nmoves: 3\n1: KS | 5S\n" + "".join(
...     f"{n}: |\n" for n in range(2, 11)), strict=False)
>>> position.move_count, [card_text(c) for c in position.face_up(1)], position.ids[0]
(3, ['5S'], (0, 1))
>>> print(position.to_text(hidden=True).splitlines()[5])
1: ?? | 5S
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from .cards import HIDDEN, SUIT_COUNTS, SUITS, Card, card_text, new_deck, parse_card, suits_in_play
from .errors import InvalidPositionError, SpiderError
from .variants import (
    MAX_COLUMNS,
    RULE_LETTERS,
    SPIDER,
    GroupRule,
    UnknownVariantError,
    Variant,
    find_rule,
    find_variant,
    rule_for,
)

START_SCORE = 500
"""The score at the start of a game (a rule of the game)."""

MAX_COUNT = 2**31 - 1
"""Largest ``score`` or move count a position may state (a decision of ours: it fits a
32-bit database column and a JavaScript number exactly; real play stays far below)."""

_HEADERS = ("variant", "rules", "score", "moves", "removed", "stock")


@dataclass(frozen=True, slots=True)
class Position:
    """A whole position: tableau, stock, removed runs, score and move count, plus the
    id of every card.

    Immutable and hashable; :mod:`spider_solitaire.rules` makes new positions from it.
    Two positions are equal when their cards, counts and runs are; the ids take no part
    in equality or hashing.

    Attributes:
        suits: 1, 2 or 4.
        rule: the group rule (:data:`~spider_solitaire.variants.CLASSIC` or
            :data:`~spider_solitaire.variants.FLEXIBLE`; Classic with 1 suit).
        columns: a tuple of cards per column of the variant (10 or 7), each bottom to top.
        face_down: a count per column: how many cards at the bottom of each column are
            face-down.
        stock: the stock in dealing order (whole rows of the variant: one card per
            column, the last row possibly short).
        removed: suit letters of the removed runs, in the order removed.
        score: the score, 0 or more.
        move_count: the move counter (moves and deals), written ``moves:`` in the text.
        ids: 10 tuples of card ids, one per card of :attr:`columns`, same shape: a
            card's id is its place in the shuffled deal, stable for the whole game and
            telling nothing about the card (see :meth:`from_deck` and
            :meth:`from_text`); an action moves ids with their cards.
        stock_ids: the stock's ids in dealing order (the stock only ever loses its
            front row, so these are always the last ``len(stock)`` ids of the start's
            stock).
        variant: the game of the family (:mod:`spider_solitaire.variants`); ``spider``
            by default.

    Left out (both of ``ids`` and ``stock_ids``), the ids are those of :meth:`from_text`:
    text order. Given, they must have the shapes of ``columns`` and ``stock``.

    Raises:
        InvalidPositionError: ``ids`` given with a ``stock_ids`` of the wrong length.
    """

    suits: int
    rule: GroupRule
    columns: tuple[tuple[Card, ...], ...]
    face_down: tuple[int, ...]
    stock: tuple[Card, ...]
    removed: tuple[str, ...] = ()
    score: int = START_SCORE
    move_count: int = 0
    ids: tuple[tuple[int, ...], ...] = field(default=(), compare=False, repr=False)
    stock_ids: tuple[int, ...] = field(default=(), compare=False, repr=False)
    variant: Variant = SPIDER

    def __post_init__(self) -> None:
        if not self.ids:  # not given: number the cards in text order
            ids, stock_ids = _text_order_ids(self.columns, len(self.stock))
            object.__setattr__(self, "ids", ids)
            object.__setattr__(self, "stock_ids", stock_ids)
        elif len(self.stock_ids) != len(self.stock):  # a cheap guard; the engine keeps both
            raise InvalidPositionError(
                f"{len(self.stock_ids)} stock ids for {len(self.stock)} stock cards"
            )

    @classmethod
    def from_deck(
        cls, deck: list[Card], suits: int, rule: GroupRule, variant: Variant = SPIDER
    ) -> Position:
        """Deal a new game of ``variant`` from a shuffled ``deck`` (104 cards, or 52 for
        a one-pack variant).

        The deck is dealt round by round, one card to each column that still takes one,
        in column order, until every column holds its cards: for ``spider`` deck card i
        (0-based) of the first 54 goes to column ``(i mod 10) + 1``. The last card of
        each column is face-up; the other deck cards are the stock in deck order (the
        deal of a game, a rule of the game). Each card's id is its index in ``deck``.
        """
        sizes = [down + up for down, up in zip(variant.face_down, variant.face_up, strict=True)]
        places: list[list[int]] = [[] for _ in sizes]
        index = 0
        for round_ in range(max(sizes)):
            for column, size in enumerate(sizes):
                if round_ < size:
                    places[column].append(index)
                    index += 1
        columns = tuple(tuple(deck[i] for i in column) for column in places)
        dealt = variant.deal_cards
        return cls(
            suits,
            rule,
            columns,
            variant.face_down,
            tuple(deck[dealt:]),
            ids=tuple(tuple(column) for column in places),
            stock_ids=tuple(range(dealt, len(deck))),
            variant=variant,
        )

    @property
    def rules_text(self) -> str:
        """The ``rules`` value: ``S<suits><C|F>``."""
        return f"S{self.suits}{self.rule.letter}"

    @property
    def stock_rows_left(self) -> int:
        """Rows left in the stock (0 to 5 in ``spider``), a short last row counted."""
        return -(-len(self.stock) // self.variant.columns)

    @property
    def next_row(self) -> int:
        """Cards the next deal puts down: one per column, fewer for a short last row."""
        return min(self.variant.columns, len(self.stock))

    @property
    def tableau_cards(self) -> int:
        """Number of cards on the tableau, face-down and face-up."""
        return sum(len(column) for column in self.columns)

    @property
    def is_won(self) -> bool:
        """True when no card is left on the tableau or in the stock (how a game is won, a
        rule of the game)."""
        return not self.stock and all(not column for column in self.columns)

    def face_up(self, column: int) -> tuple[Card, ...]:
        """Return the face-up cards of ``column`` (1 to the variant's columns), bottom to
        top."""
        return self.columns[column - 1][self.face_down[column - 1] :]

    def to_text(self, *, hidden: bool = False) -> str:
        """Return the position notation; ``hidden=True`` writes every face-down and stock
        card as ``??`` (the player's view). Ends with a newline."""
        lines = [] if self.variant.is_default else [f"variant: {self.variant.name}"]
        lines += [
            f"rules: {self.rules_text}",
            f"score: {self.score}",
            f"moves: {self.move_count}",
            _line("removed", " ".join(self.removed)),
            _line("stock", " ".join("??" if hidden else card_text(c) for c in self.stock)),
        ]
        for number, (column, down) in enumerate(zip(self.columns, self.face_down, strict=True), 1):
            down_text = " ".join("??" if hidden else card_text(c) for c in column[:down])
            up_text = " ".join(card_text(c) for c in column[down:])
            lines.append(f"{number}: {down_text} | {up_text}".replace("  ", " ").rstrip())
        return "\n".join(lines) + "\n"

    def hidden_view(self) -> Position:
        """Return the player's view: this position with face-down and stock cards hidden."""
        return Position(
            self.suits,
            self.rule,
            tuple(
                (HIDDEN,) * down + column[down:]
                for column, down in zip(self.columns, self.face_down, strict=True)
            ),
            self.face_down,
            (HIDDEN,) * len(self.stock),
            self.removed,
            self.score,
            self.move_count,
            self.ids,
            self.stock_ids,
            self.variant,
        )

    @classmethod
    def from_text(cls, text: object, *, strict: bool = True) -> Position:
        """Parse the position notation (see the module docstring). ``text`` may be any
        object: anything but text is refused with the same error in the interpreted and
        the compiled build (typed ``object`` for that, a decision of ours).

        Card ids are given in text order: columns 1 to 10, each bottom to top, from 0,
        then the stock in dealing order.

        ``variant``, ``score``, ``moves``, ``removed`` and ``stock`` may be left out
        (``spider``, 500, 0, none, empty); ``rules`` and every column line of the
        variant may not. Keys are case-insensitive; blank lines and lines starting with
        ``#`` are ignored.

        With ``strict=True`` the cards present plus 13 per removed run must be exactly the
        deck of the variant and suit count (``??`` cards count as any card). In both modes
        a column ending in a face-down card, a stock that is not whole rows of the variant,
        a complete King-to-Ace run on the tableau (where runs leave by themselves), a
        face-up ``??`` card and a card of a suit not in play are refused.

        Raises:
            InvalidPositionError: with the line number where there is one.
        """
        if not isinstance(text, str):
            raise InvalidPositionError(f"{text!r} is not position text")
        values = _read_lines(text)
        variant = _read_variant(values)
        suits, rule = _read_rules(values, text)
        columns, face_down = _read_columns(values, variant, suits, text)
        position = cls(
            suits,
            rule,
            columns,
            face_down,
            _read_stock(values, variant, suits),
            _read_removed(values, variant, suits),
            _parse_count(values, "score", START_SCORE),
            _parse_count(values, "moves", 0),
            variant=variant,
        )
        if strict:
            _check_composition(position)
        return position


Lines = dict[str, tuple[int, str]]
"""A position text's lines by key (lower case): each its line number and value (stripped)."""


def _read_lines(text: str) -> Lines:
    """Return the ``key: value`` lines of ``text`` by key, blank and ``#`` lines left out.

    Raises:
        InvalidPositionError: a line that is not ``key: value``, an unknown key, or a key
            given twice.
    """
    values: Lines = {}
    for number, raw in enumerate(text.splitlines(), 1):
        stripped = raw.strip()
        if not stripped or stripped.startswith("#"):
            continue
        key, colon, value = stripped.partition(":")
        key = key.strip().lower()
        if not colon:
            raise InvalidPositionError(f"{raw!r} is not 'key: value'", number)
        if key not in _HEADERS and key not in _COLUMN_KEYS:
            raise InvalidPositionError(f"{raw!r}: unknown key {key!r}", number)
        if key in values:
            raise InvalidPositionError(f"{raw!r}: {key!r} given twice", number)
        values[key] = (number, value.strip())
    return values


def _read_variant(values: Lines) -> Variant:
    """Return the variant the ``variant:`` line names (``spider`` without one).

    Raises:
        InvalidPositionError: an unknown variant, or a column line the variant lacks.
    """
    variant = SPIDER
    if "variant" in values:
        line, value = values["variant"]
        try:
            variant = find_variant(value)
        except UnknownVariantError as error:
            raise InvalidPositionError(f"variant: {error}", line) from None
    for key in _COLUMN_KEYS[variant.columns :]:
        if key in values:
            raise InvalidPositionError(
                f"{key}: a {variant.name} game has {variant.columns} columns", values[key][0]
            )
    return variant


def _read_rules(values: Lines, text: str) -> tuple[int, GroupRule]:
    """Return the suits and group rule of the ``rules:`` line.

    Raises:
        InvalidPositionError: the line is missing or not ``S<suits><rule letter>``.
    """
    if "rules" not in values:
        raise InvalidPositionError(f"{text!r}: the 'rules:' line is missing")
    line, value = values["rules"]
    upper = value.upper()
    if len(upper) != 3 or upper[0] != "S" or upper[1] not in "124" or upper[2] not in RULE_LETTERS:
        raise InvalidPositionError(
            f"rules: {value!r} is not S<suits><rule>, like S2C (suits 1, 2, 4; rule "
            f"{' or '.join(RULE_LETTERS)})",
            line,
        )
    suits = int(upper[1])
    return suits, rule_for(find_rule(upper[2]), suits)


def _cards(key: str, value: str, line: int, suits: int) -> list[Card]:
    """Return the cards of ``value``, the value of line ``line`` (key ``key``) of a game
    of ``suits`` suits (``??`` for a hidden card).

    Raises:
        InvalidPositionError: a token that is not a card, or a suit not in play.
    """
    play_suits = suits_in_play(suits)
    cards = []
    for token in value.split():
        try:
            card = parse_card(token)
        except SpiderError as error:
            raise InvalidPositionError(f"{key}: {error}", line) from None
        if card != HIDDEN and SUITS[card >> 4] not in play_suits:
            raise InvalidPositionError(
                f"{key}: {token!r} is not a suit of a {suits}-suit game", line
            )
        cards.append(card)
    return cards


def _read_removed(values: Lines, variant: Variant, suits: int) -> tuple[str, ...]:
    """Return the suits of the ``removed:`` line (none without one).

    Raises:
        InvalidPositionError: a suit not in play, or more runs than the deck makes.
    """
    if "removed" not in values:
        return ()
    line, value = values["removed"]
    play_suits = suits_in_play(suits)
    removed: list[str] = []
    for token in value.upper().split():
        if token not in play_suits:
            raise InvalidPositionError(
                f"removed: {token!r} is not a suit of a {suits}-suit game", line
            )
        removed.append(token)
    if len(removed) > variant.runs:
        raise InvalidPositionError(
            f"removed: {len(removed)} runs is more than the {variant.runs} the deck makes",
            line,
        )
    return tuple(removed)


def _read_stock(values: Lines, variant: Variant, suits: int) -> tuple[Card, ...]:
    """Return the cards of the ``stock:`` line (none without one).

    Raises:
        InvalidPositionError: a bad card, or not whole rows of the variant.
    """
    if "stock" not in values:
        return ()
    line, value = values["stock"]
    stock = _cards("stock", value, line, suits)
    if not variant.stock_length_ok(len(stock)):
        raise InvalidPositionError(
            f"stock: {len(stock)} cards is not whole rows of {variant.columns}"
            + (f" (the last of {variant.short_row})" if variant.short_row else ""),
            line,
        )
    return tuple(stock)


def _read_columns(
    values: Lines, variant: Variant, suits: int, text: str
) -> tuple[tuple[tuple[Card, ...], ...], tuple[int, ...]]:
    """Return the variant's columns (each bottom to top) and their face-down counts.

    Raises:
        InvalidPositionError: see :func:`_read_column`.
    """
    columns: list[tuple[Card, ...]] = []
    face_down: list[int] = []
    for column_number in range(1, variant.columns + 1):
        key = str(column_number)
        if key not in values:
            raise InvalidPositionError(f"{text!r}: column line '{key}:' is missing")
        down, up = _read_column(key, values[key], variant, suits)
        columns.append(tuple(down + up))
        face_down.append(len(down))
    return tuple(columns), tuple(face_down)


def _read_column(
    key: str, entry: tuple[int, str], variant: Variant, suits: int
) -> tuple[list[Card], list[Card]]:
    """Return the face-down and face-up cards of column line ``key`` (``entry``: its
    line number and value).

    Raises:
        InvalidPositionError: no single ``|``, a column ending in a face-down card, a
            hidden face-up card, or a complete run where runs leave by themselves.
    """
    line, value = entry
    if value.count("|") != 1:
        raise InvalidPositionError(
            f"{key}: {value!r} needs one '|' between face-down and face-up cards", line
        )
    down_text, up_text = value.split("|")
    down = _cards(key, down_text, line, suits)
    up = _cards(key, up_text, line, suits)
    if down and not up:
        raise InvalidPositionError(f"{key}: {value!r} ends in a face-down card", line)
    if HIDDEN in up:
        raise InvalidPositionError(f"{key}: a face-up card cannot be hidden (??)", line)
    if variant.auto_remove and _has_complete_run(up):
        raise InvalidPositionError(
            f"{key}: {value!r} holds a complete King-to-Ace run, which play removes", line
        )
    return down, up


def _text_order_ids(
    columns: tuple[tuple[Card, ...], ...], stock_size: int
) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]:
    """Number the cards in text order: columns 1, 2... bottom to top, then the stock."""
    ids = []
    start = 0
    for column in columns:
        ids.append(tuple(range(start, start + len(column))))
        start += len(column)
    return tuple(ids), tuple(range(start, start + stock_size))


_COLUMN_KEYS = tuple(str(n) for n in range(1, MAX_COLUMNS + 1))
"""The keys of the column lines, ``"1"`` to ``"10"``."""


def _line(key: str, value: str) -> str:
    return f"{key}: {value}" if value else f"{key}:"


def _parse_count(values: Lines, key: str, default: int) -> int:
    if key not in values:
        return default
    line, value = values[key]
    if not (value.isascii() and value.isdigit()) or int(value) > MAX_COUNT:
        raise InvalidPositionError(
            f"{key}: {value!r} is not a whole number from 0 to {MAX_COUNT}", line
        )
    return int(value)


def _has_complete_run(face_up: list[Card]) -> bool:
    """True when the face-up cards hold 13 cards of one suit from King down to Ace."""
    for start in range(len(face_up) - 12):
        king = face_up[start]
        if king & 15 == 13 and all(face_up[start + k] == king - k for k in range(13)):
            return True
    return False


def _check_composition(position: Position) -> None:
    if position.suits not in SUIT_COUNTS:  # pragma: no cover - parsing checked it
        raise InvalidPositionError(f"suits {position.suits} is not 1, 2 or 4")
    expected = Counter(new_deck(position.suits, position.variant.decks))
    for suit in position.removed:
        for rank in range(1, 14):
            expected[SUITS.index(suit) * 16 + rank] -= 1
    present = Counter(card for column in position.columns for card in column)
    present.update(position.stock)
    hidden = present.pop(HIDDEN, 0)
    problems = []
    for card in sorted(set(expected) | set(present)):
        extra = present[card] - max(expected[card], 0)
        if expected[card] < 0:
            problems.append(f"more {SUITS[card >> 4]} runs removed than the deck has")
            break
        if extra > 0:
            problems.append(f"{card_text(card)} {extra} too many")
    missing = sum(expected.values()) - sum(present.values())
    if not problems and missing != hidden:
        problems.append(
            f"{missing - hidden} cards missing" if missing > hidden else "too many cards"
        )
    if problems:
        raise InvalidPositionError(
            f"the cards are not the {position.variant.cards} of a "
            f"{position.suits}-suit game (plus 13 per removed run): " + ", ".join(problems[:8])
        )
