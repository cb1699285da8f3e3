"""Cards: values, text, and the deck (one or two packs) for 1, 2 or 4 suits.

A card is a small ``int``: ``suit_index * 16 + rank`` with rank 1 (Ace) to 13 (King)
and suit index 0-3 for spades, hearts, diamonds, clubs. ``HIDDEN`` (0) is a card
whose identity is not known (``??`` in the player's view). Plain ints keep
positions compact and hashable; use :func:`card_text` / :func:`parse_card` at the
edges.
"""

from __future__ import annotations

from .errors import SpiderError

Card = int
"""A card value: ``suit_index * 16 + rank``, or :data:`HIDDEN`."""

HIDDEN: Card = 0
"""A card whose identity is hidden (face-down or stock card in a player's view)."""

RANKS = "A23456789TJQK"
"""Rank letters, index 0 = Ace (rank 1) ... index 12 = King (rank 13)."""

SUITS = "SHDC"
"""Suit letters in suit-index order: spades, hearts, diamonds, clubs."""

SUIT_COUNTS = (1, 2, 4)
"""The allowed numbers of suits (a rule of the game)."""

DEFAULT_SUITS = 1
"""The suits of a new random game when nobody chose (``spider deal``, ``spider terminal``):
1, as the browser table's first game (``web/js/settings.js``), a decision of ours
(issue 31: one default, the gentlest game)."""


def make_card(rank: int, suit_index: int) -> Card:
    """Return the card of ``rank`` (1-13) and ``suit_index`` (0-3)."""
    return suit_index * 16 + rank


def rank_of(card: Card) -> int:
    """Return the rank 1 (Ace) to 13 (King) of a known card (0 for :data:`HIDDEN`)."""
    return card & 15


def suit_of(card: Card) -> int:
    """Return the suit index 0-3 of a known card."""
    return card >> 4


def card_text(card: Card) -> str:
    """Return the two-letter text of a card, for example ``"TS"``; ``"??"`` if hidden.

    >>> card_text(make_card(10, 0)), card_text(HIDDEN)
    ('TS', '??')
    """
    if card == HIDDEN:
        return "??"
    return RANKS[(card & 15) - 1] + SUITS[card >> 4]


CARD_TEXTS: tuple[str, ...] = tuple(
    card_text(card) if 1 <= card & 15 <= 13 else "??" for card in range(4 * 16)
)
""":func:`card_text` of every card value, by value (``CARD_TEXTS[card]``): the engine's
hot path reads it instead of calling :func:`card_text`, with the same results."""


def parse_card(text: str) -> Card:
    """Parse card text: rank ``A 2-9 T J Q K`` (or ``10``) then suit ``S H D C``, any case;
    ``??`` is :data:`HIDDEN`.

    >>> parse_card("10h") == make_card(10, 1), parse_card("??") == HIDDEN
    (True, True)

    Raises:
        SpiderError: the text is not a card (callers re-raise as their own error type).
    """
    upper = text.upper()
    if upper == "??":
        return HIDDEN
    if len(upper) == 3 and upper.startswith("10"):
        upper = "T" + upper[2]
    if len(upper) != 2 or upper[0] not in RANKS or upper[1] not in SUITS:
        raise SpiderError(f"{text!r} is not a card (rank A23456789TJQK or 10, then suit SHDC)")
    return make_card(RANKS.index(upper[0]) + 1, SUITS.index(upper[1]))


def suits_in_play(suit_count: int) -> str:
    """Return the suit letters used with ``suit_count`` suits: ``"S"``, ``"SH"`` or ``"SHDC"``."""
    return SUITS[:suit_count]


def new_deck(suit_count: int, decks: int = 2) -> list[Card]:
    """Return the unshuffled deck of ``decks`` packs (1 or 2; 52 cards a pack) for
    ``suit_count`` (1, 2 or 4) suits: ``spider`` and its two-deck variants have 104
    cards, ``spiderette`` and ``will-o-the-wisp`` 52 (rules of the games).

    Order (a decision of ours, fixed forever because game codes depend on it): for each
    of the ``4 * decks // suit_count`` copies, for each suit in ``suits_in_play`` order,
    the ranks Ace to King. So with two packs 1 suit is 8 x (A-K of spades); 2 suits is
    4 x (A-K spades, A-K hearts); 4 suits is 2 x (spades, hearts, diamonds, clubs); one
    pack has half as many copies (4 suits: one of each).

    Raises:
        SpiderError: ``suit_count`` is not 1, 2 or 4, or ``decks`` not 1 or 2.

    >>> deck = new_deck(2)
    >>> len(deck), card_text(deck[0]), card_text(deck[13]), card_text(deck[26])
    (104, 'AS', 'AH', 'AS')
    >>> len(new_deck(4, decks=1)), card_text(new_deck(4, decks=1)[51])
    (52, 'KC')
    """
    if suit_count not in SUIT_COUNTS:
        raise SpiderError(f"suit count {suit_count!r} is not 1, 2 or 4")
    if decks not in (1, 2):
        raise SpiderError(f"decks {decks!r} is not 1 or 2")
    return [
        make_card(rank, suit_index)
        for _copy in range(4 * decks // suit_count)
        for suit_index in range(suit_count)
        for rank in range(1, 14)
    ]
