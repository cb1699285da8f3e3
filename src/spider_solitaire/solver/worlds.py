"""Sampled worlds: the player's view with its face-down cards dealt from the unseen cards.

A player knows which cards they have not seen (the deck, less the face-up cards and the
removed runs) but not where they lie. A *world* deals those cards uniformly at random into
the view's face-down slots, each column keeping its count (a world is one guess at what
lies face down; the stock is never given cards: a hint's search stops where it would
deal, so what the stock holds never enters a plan; issue 28, after lonelybot's hidden-card
sampling, ``../shared/notes/honest-hints.md``). Every random choice is seeded from the view
itself, so the same view always gets the same worlds, on the pure and the compiled build.
"""

from __future__ import annotations

import zlib
from collections import Counter
from random import Random

from ..cards import SUITS, make_card, new_deck
from ..position import Position
from .board import FACE_DOWN, Columns


def unseen_cards(view: Position) -> list[int] | None:
    """Return the cards the player has not seen, sorted (engine card values): the deck of
    the view's variant and suit count, less the face-up cards and 13 per removed run.

    Returns None when they do not fill the face-down slots and the stock exactly (a puzzle
    position that holds only part of a deck): no world can then be sampled.
    """
    left = Counter(new_deck(view.suits, view.variant.decks))
    for column, down in zip(view.columns, view.face_down, strict=True):
        left.subtract(column[down:])
    for suit in view.removed:
        left.subtract(make_card(rank, SUITS.index(suit)) for rank in range(1, 14))
    if any(count < 0 for count in left.values()):
        return None
    cards = sorted(left.elements())
    if len(cards) != sum(view.face_down) + len(view.stock):
        return None
    return cards


def view_seed(columns: Columns, salt: int = 0) -> int:
    """Return the seed of a view's worlds: a CRC-32 of its columns (and ``salt``), the same
    in every process and build (Python's own ``hash`` of bytes is not)."""
    return zlib.crc32(b"|".join(columns), salt)


class Worlds:
    """The worlds of one view, made on demand in a fixed order: world ``k`` is the same
    for every candidate judged from the view (common random numbers: two candidates are
    compared on the same guesses, which makes small differences between them visible).

    Args:
        columns: the view's columns (solver bytes; a hidden face-down card is ``FACE_DOWN``
            alone).
        unseen: the unseen cards (:func:`unseen_cards`); at least as many as the hidden
            face-down cards of ``columns``.
        seed: the seed (:func:`view_seed`).
    """

    def __init__(self, columns: Columns, unseen: list[int], seed: int) -> None:
        self.columns = columns
        self.unseen = unseen
        self.random = Random(seed)
        self.made: list[Columns] = []

    def world(self, index: int) -> Columns:
        """Return world ``index`` (0 first): the view's columns with every hidden face-down
        card replaced by an unseen card, still face down."""
        while len(self.made) <= index:
            self.made.append(self._deal())
        return self.made[index]

    def _deal(self) -> Columns:
        """Deal the next world."""
        cards = list(self.unseen)
        self.random.shuffle(cards)
        out: list[bytes] = []
        at = 0
        for column in self.columns:
            hidden = sum(1 for card in column if card == FACE_DOWN)
            if not hidden:
                out.append(column)
                continue
            drawn = [card | FACE_DOWN for card in cards[at : at + hidden]]
            at += hidden
            out.append(bytes(drawn) + column[hidden:])
        return tuple(out)
