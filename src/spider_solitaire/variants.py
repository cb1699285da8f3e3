"""The Spider family: one registry of the games we play, in the manner of python-chess's
``chess.variant``.

A :class:`Variant` is a frozen value saying everything in which one game of the family
differs from another: its deck, its layout, its stock, its dealing rule, whether complete
runs leave by themselves, how many runs win and where its rules come from. Every other
module asks the variant (``position.variant.columns``, ``variant.may_deal(...)``) instead
of comparing names; :data:`VARIANTS` lists them and :func:`find_variant` finds one by
name. Adding a variant is one entry here plus the rule code that differs.

The group rules (:data:`GROUP_RULES`) are stated here too: a variant of the family is
played under either of them wherever groups can mix (every variant today).

>>> [variant.name for variant in VARIANTS]
['spider', 'spider-1949', 'bicycle', 'relaxed', 'spiderette', 'will-o-the-wisp']
>>> spiderette = find_variant("spiderette")
>>> spiderette.columns, spiderette.deal_cards, spiderette.stock_rows, spiderette.runs
(7, 28, (7, 7, 7, 3), 4)
>>> find_variant("spider").layout_text()
'10 columns (6 6 6 6 5 5 5 5 5 5, the last card face up); stock 5 rows of 10; 2 decks'
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import ClassVar, Final

from .errors import InvalidCodeError


@dataclass(frozen=True, slots=True)
class GroupRule:
    """A group rule: whether a group of cards that moves together may mix suits (its
    ranks descend by one under either). A frozen value of the registry: :data:`CLASSIC`
    and :data:`FLEXIBLE`, found by :func:`find_rule`; ``str(rule)`` is its name.

    Attributes:
        name: the name a request, a database row and the message catalog use
            (``"classic"``, ``"flexible"``).
        letter: the letter of a game code and a position text's ``rules:`` line
            (``C``, ``F``): the one place the letters are written.
        mixes_suits: True when a moving group's suits may mix.

    >>> CLASSIC.name, CLASSIC.letter, CLASSIC.mixes_suits, str(FLEXIBLE)
    ('classic', 'C', False, 'flexible')
    """

    name: str
    letter: str
    mixes_suits: bool

    def __str__(self) -> str:
        """Return the name: ``classic`` or ``flexible``."""
        return self.name


CLASSIC: Final = GroupRule("classic", "C", mixes_suits=False)
"""The Classic group rule: a group that moves together is one suit (a rule of the game)."""

FLEXIBLE: Final = GroupRule("flexible", "F", mixes_suits=True)
"""The Flexible group rule: a group's suits may mix (the ranks still descend by one)."""

GROUP_RULES: tuple[GroupRule, ...] = (CLASSIC, FLEXIBLE)
"""The group rules, in the order offered."""

RULE_NAMES: tuple[str, ...] = tuple(rule.name for rule in GROUP_RULES)
"""The names of :data:`GROUP_RULES`, in order (the CLI's and the API's choices)."""

RULE_LETTERS: str = "".join(rule.letter for rule in GROUP_RULES)
"""The letters of :data:`GROUP_RULES`, in order (``CF``): what a game code's rule and a
position text's ``rules:`` line may be."""

_RULES_BY_KEY = {key: rule for rule in GROUP_RULES for key in (rule.name, rule.letter.lower())}


def find_rule(text: object) -> GroupRule:
    """Return the group rule named by ``text``: its name or its letter, any case, white
    space around allowed (``"classic"``, ``" Flexible "``, ``"C"``, ``"f"``). The one
    lookup of a group rule; ``text`` may be any object (anything but text is refused the
    same way in the interpreted and the compiled build).

    >>> find_rule("F") is FLEXIBLE, find_rule(" Classic ") is CLASSIC
    (True, True)

    Raises:
        InvalidCodeError: not a group rule's name or letter.
    """
    found = _RULES_BY_KEY.get(text.strip().lower()) if isinstance(text, str) else None
    if found is None:
        raise InvalidCodeError(f"rule {text!r} is not 'classic' or 'flexible'")
    return found


def rule_for(rule: GroupRule, suits: int) -> GroupRule:
    """Return the rule a game of ``suits`` suits is played and written under: ``rule``,
    but Classic with one suit, where the two play the same (a decision of the issue:
    ``S1F`` is written ``S1C``)."""
    return CLASSIC if suits == 1 else rule


RUN_LENGTH: Final = 13
"""Cards in a complete run, King down to Ace (a rule of the game)."""

MAX_COLUMNS: Final = 10
"""The most columns any variant has: the action notation's columns are 1 to 10."""


class Dealing(Enum):
    """When a row may be dealt from the stock.

    * ``STRICT``: only when every column has a card, unless fewer cards are on the table
      than there are columns (then the deal fills it): today's ``spider``.
    * ``RELAXED``: whatever columns are empty (KPatience's default, "Relaxed Spider").
    * ``STRICT_NO_EXCEPTION``: only when every column has a card, always (the printed rules
      of 1949, where the player can keep runs to fill the columns).
    """

    STRICT = "strict"
    RELAXED = "relaxed"
    STRICT_NO_EXCEPTION = "strict-no-exception"


class UnknownVariantError(InvalidCodeError):
    """A variant name (or a game code's variant tag) that the registry does not know.

    Attributes:
        reason: ``"unknown_variant"``.
        name: the name as given.
    """

    # ClassVar: mypyc keeps a class attribute of a class it compiles only when so marked
    reason: ClassVar[str] = "unknown_variant"

    def __init__(self, name: object) -> None:
        self.name = name
        known = ", ".join(variant.name for variant in VARIANTS)
        super().__init__(f"unknown_variant: {name!r} is not a variant (known: {known})")


@dataclass(frozen=True, slots=True)
class Variant:
    """One game of the Spider family (see the module docstring).

    Attributes:
        name: the registry's name, used by the CLI, the API and the position text.
        title_key: the key of its title in the message catalog's ``variants`` section.
        tag: the part of a game code that names it (``""`` for ``spider``, whose codes
            have no such part).
        decks: 1 or 2 packs of 52 cards.
        columns: tableau columns (7 or 10).
        face_down: face-down cards dealt to each column at the start, column 1 first.
        face_up: face-up cards dealt to each column at the start (one each).
        stock_rows: the stock's rows in dealing order, each its number of cards; the
            last row may be short (it goes onto columns 1 to N).
        dealing: when a row may be dealt (:class:`Dealing`).
        auto_remove: True when a complete King-to-Ace run at the end of a column leaves
            by itself (after a move or a deal); False when the player takes it off
            (an action of its own, ``t3``).
        runs: the complete runs the deck makes; all of them removed wins the game.
        source: where its rules come from (for the rules page and the CLI).
        group_rules: the group rules it is played under.
    """

    name: str
    title_key: str
    tag: str
    decks: int
    columns: int
    face_down: tuple[int, ...]
    face_up: tuple[int, ...]
    stock_rows: tuple[int, ...]
    dealing: Dealing
    auto_remove: bool
    runs: int
    source: str
    group_rules: tuple[GroupRule, ...] = GROUP_RULES
    deal_cards: int = field(init=False)
    """Cards dealt to the tableau at the start."""
    stock_cards: int = field(init=False)
    """Cards in the stock at the start."""
    short_row: int = field(init=False)
    """Cards in the short last stock row, 0 when every row is full."""

    def __post_init__(self) -> None:
        deal_cards = sum(self.face_down) + sum(self.face_up)
        object.__setattr__(self, "deal_cards", deal_cards)
        object.__setattr__(self, "stock_cards", sum(self.stock_rows))
        short = self.stock_rows[-1] if self.stock_rows[-1] != self.columns else 0
        object.__setattr__(self, "short_row", short)

    def __hash__(self) -> int:
        return hash(self.name)

    @property
    def cards(self) -> int:
        """Cards in the deck: 52 a pack."""
        return 52 * self.decks

    @property
    def is_default(self) -> bool:
        """True for ``spider``, the game a code or a position text names by saying nothing."""
        return self is SPIDER

    def may_deal(self, all_filled: bool, tableau_cards: int) -> bool:
        """True when the dealing rule lets a row be dealt (stock left is the caller's
        check): ``all_filled`` says every column has a card, ``tableau_cards`` counts the
        cards on the table."""
        dealing = self.dealing
        if dealing is Dealing.RELAXED or all_filled:
            return True
        return dealing is Dealing.STRICT and tableau_cards < self.columns

    def rules_for(self, suits: int) -> tuple[GroupRule, ...]:
        """The group rules a game of this variant with ``suits`` suits is offered under:
        its :attr:`group_rules`, Classic alone with one suit (:func:`rule_for`)."""
        return tuple(dict.fromkeys(rule_for(rule, suits) for rule in self.group_rules))

    def stock_length_ok(self, length: int) -> bool:
        """True when a stock of ``length`` cards is whole rows of this variant: full rows,
        then the short last row if it has one."""
        rest = length % self.columns
        return rest == 0 or rest == self.short_row

    def layout_text(self) -> str:
        """The layout in one line, in English (for ``spider variants``)."""
        downs = " ".join(str(d + u) for d, u in zip(self.face_down, self.face_up, strict=True))
        full = sum(1 for row in self.stock_rows if row == self.columns)
        stock = f"stock {full} rows of {self.columns}"
        if self.short_row:
            stock += f" then {self.short_row} onto columns 1-{self.short_row}"
        packs = "1 deck" if self.decks == 1 else f"{self.decks} decks"
        return f"{self.columns} columns ({downs}, the last card face up); {stock}; {packs}"


SPIDER = Variant(
    name="spider",
    title_key="spider",
    tag="",
    decks=2,
    columns=10,
    face_down=(5, 5, 5, 5, 4, 4, 4, 4, 4, 4),
    face_up=(1,) * 10,
    stock_rows=(10,) * 5,
    dealing=Dealing.STRICT,
    auto_remove=True,
    runs=8,
    source="Microsoft Spider Solitaire; Wikipedia, 'Spider (solitaire)'",
)
"""Today's game: 54 cards in ten columns, five rows of ten in the stock."""

SPIDER_1949 = Variant(
    name="spider-1949",
    title_key="spider_1949",
    tag="1949",
    decks=2,
    columns=10,
    face_down=SPIDER.face_down,
    face_up=SPIDER.face_up,
    stock_rows=SPIDER.stock_rows,
    dealing=Dealing.STRICT_NO_EXCEPTION,
    auto_remove=False,
    runs=8,
    source=("Morehead and Mott-Smith, The Complete Book of Solitaire and Patience Games (1949)"),
)
"""The printed rules of 1949: the player takes a complete run off when they choose."""

BICYCLE = Variant(
    name="bicycle",
    title_key="bicycle",
    tag="BIKE",
    decks=2,
    columns=10,
    face_down=(4,) * 10,
    face_up=(1,) * 10,
    stock_rows=(10, 10, 10, 10, 10, 4),
    dealing=Dealing.STRICT,
    auto_remove=True,
    runs=8,
    source="Bicycle Cards, 'Spider' (bicyclecards.com)",
)
"""Bicycle's deal: ten columns of five; the 54 cards left dealt in rows, the last of four."""

RELAXED = Variant(
    name="relaxed",
    title_key="relaxed",
    tag="RLX",
    decks=2,
    columns=10,
    face_down=SPIDER.face_down,
    face_up=SPIDER.face_up,
    stock_rows=SPIDER.stock_rows,
    dealing=Dealing.RELAXED,
    auto_remove=True,
    runs=8,
    source="KPatience (KDE), its default; Wikipedia, 'Relaxed Spider'",
)
"""Today's game with a row dealt whatever columns are empty."""

SPIDERETTE = Variant(
    name="spiderette",
    title_key="spiderette",
    tag="ETTE",
    decks=1,
    columns=7,
    face_down=(0, 1, 2, 3, 4, 5, 6),
    face_up=(1,) * 7,
    stock_rows=(7, 7, 7, 3),
    dealing=Dealing.STRICT,
    auto_remove=True,
    runs=4,
    source="Morehead and Mott-Smith (1949); Wikipedia, 'Spiderette'",
)
"""One deck in the Klondike layout: column N holds N cards."""

WILL_O_THE_WISP = Variant(
    name="will-o-the-wisp",
    title_key="will_o_the_wisp",
    tag="WISP",
    decks=1,
    columns=7,
    face_down=(2,) * 7,
    face_up=(1,) * 7,
    stock_rows=(7, 7, 7, 7, 3),
    dealing=Dealing.STRICT,
    auto_remove=True,
    runs=4,
    source="Morehead and Mott-Smith, The Complete Book of Solitaire and Patience Games (1949)",
)
"""One deck, seven columns of three."""

VARIANTS: tuple[Variant, ...] = (
    SPIDER,
    SPIDER_1949,
    BICYCLE,
    RELAXED,
    SPIDERETTE,
    WILL_O_THE_WISP,
)
"""Every variant, ``spider`` first (the order the CLI and the New game window offer)."""

VARIANT_NAMES: tuple[str, ...] = tuple(variant.name for variant in VARIANTS)
"""The names of :data:`VARIANTS`, in order (the CLI's and the API's choices)."""

_BY_NAME = {variant.name: variant for variant in VARIANTS}
_BY_TAG = {variant.tag: variant for variant in VARIANTS if variant.tag}


def find_variant(name: str) -> Variant:
    """Return the variant called ``name`` (any case, surrounding white space allowed).

    >>> find_variant(" Bicycle ").columns
    10

    Raises:
        UnknownVariantError: (reason ``unknown_variant``) no variant has that name.
    """
    if not isinstance(name, str):
        raise UnknownVariantError(name)
    found = _BY_NAME.get(name.strip().lower())
    if found is None:
        raise UnknownVariantError(name)
    return found


def find_tag(tag: str) -> Variant:
    """Return the variant whose game-code tag is ``tag`` (upper case).

    Raises:
        UnknownVariantError: no variant has that tag.
    """
    found = _BY_TAG.get(tag)
    if found is None:
        raise UnknownVariantError(tag)
    return found
