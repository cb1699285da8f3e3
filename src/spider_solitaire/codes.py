"""Game codes and the seeded shuffle.

A game code is ``SP1-S<suits><rule>-<seed>``, for example ``SP1-S2C-AAAAAAD``, for
``spider``, and ``SP1-<tag>-S<suits><rule>-<seed>`` for another variant of the family,
for example ``SP1-WISP-S4C-AAAAAAD`` (:attr:`~spider_solitaire.variants.Variant.tag`):

* ``SP1`` names this code format (version 1);
* ``<tag>`` names the variant (``1949``, ``BIKE``, ``RLX``, ``ETTE``, ``WISP``); no tag
  is ``spider``, so every code made before the variants deals exactly as before;
* ``<suits>`` is 1, 2 or 4 and ``<rule>`` is ``C`` (Classic) or ``F`` (Flexible); with
  one suit both rules play the same and the code is written ``S1C``;
* ``<seed>`` is 7 characters of base32 (RFC 4648 alphabet ``A-Z2-7``, ``A`` = 0),
  most significant first: a 35-bit number.

Version 2 (issue 31, item 15), made for every new random game: ``SP2-S2C-AAAAAAD4``,
``SP2-WISP-S4C-AAAAAADL``: the same parts, ``SP2``, and after the seed one check
character (:func:`check_character`: ISO/IEC 7064 MOD 37,36 over the code's letters and
digits after ``SP2``, from ``0-9A-Z``). A code whose check does not match is refused
(:class:`~spider_solitaire.errors.CodeCheckError`, with the nearest readings: the valid
codes one swap of neighbours or one look-alike character gives), not read as another
deal. A version-1 code reads as the same deal forever; its version-2 form
(:func:`code_forms`) is the same deal.

The shuffle is ours and fixed forever (a code must give the same deal on every machine
and every version), so it does not use :mod:`random`:

* PRNG: SplitMix64 (Steele, Lea and Flood, 2014), state = the 35-bit seed. Each draw
  adds the golden gamma ``0x9E3779B97F4A7C15`` to the state (mod 2**64) and mixes it:
  ``z ^= z >> 30; z *= 0xBF58476D1CE4E5B9; z ^= z >> 27; z *= 0x94D049BB133111EB;
  z ^= z >> 31`` (all mod 2**64).
* Uniform integer below ``n``: draw ``r``; reject while ``r >= 2**64 - 2**64 % n`` (so
  there is no modulo bias); answer ``r % n``.
* Fisher-Yates (Durstenfeld): for ``i`` from the deck's last index (103, or 51 for a
  one-pack variant) down to 1, swap deck[i] with deck[j], ``j`` = uniform below
  ``i + 1``, on the deck of :func:`cards.new_deck`.

Only the seed and the number of packs drive the shuffle: the same seed under either rule
gives the same deck (and so do the two-pack variants; their layouts differ).
Golden vectors in ``tests/test_codes.py`` pin all of this.

>>> code = GameCode.parse("sp1-s2f-aaaaaad")
>>> str(code), code.suits, code.rule.name, code.seed
('SP1-S2F-AAAAAAD', 2, 'flexible', 3)
>>> from spider_solitaire.cards import card_text
>>> [card_text(card) for card in shuffled_deck(2, 3)[:5]]
['8S', 'QH', '4H', 'JS', '7S']
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field, replace

from .cards import SUIT_COUNTS, Card, new_deck
from .errors import CodeCheckError, InvalidCodeError, SpiderError
from .variants import (
    GROUP_RULES,
    RULE_LETTERS,
    SPIDER,
    GroupRule,
    Variant,
    find_rule,
    find_tag,
    rule_for,
)

BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"
"""RFC 4648 base32 alphabet; index = digit value."""

SEED_LENGTH = 7
SEED_BITS = 35
MASK64 = (1 << 64) - 1
RULES = GROUP_RULES
"""Group rules: Classic (a moving group is one suit) or Flexible (suits may mix); the
registry's :data:`~spider_solitaire.variants.GROUP_RULES`."""

_RULE_CHOICES = " or ".join(f"{rule.letter} ({rule.name.title()})" for rule in GROUP_RULES)
"""The rules as an error names them: ``C (Classic) or F (Flexible)``."""

CHECK_ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
"""The check character's alphabet (ISO/IEC 7064 MOD 37,36: index = value)."""

LATEST_VERSION = 2
"""The version of the codes made for new games (``SP2``: with a check character)."""

LOOK_ALIKES = {"0": "O", "O": "0", "1": "I", "I": "1", "L": "1", "8": "B", "B": "8"}
"""Characters read or typed for one another: the nearest readings a refused code is
tried with (with swaps of neighbours), a decision of ours."""


def check_character(body: str) -> str:
    """Return the check character of ``body`` (the code after ``SP2-`` without it: tag,
    suits and rule, seed; hyphens are skipped, letters any case).

    ISO/IEC 7064 hybrid system MOD 37,36: ``p = 36``; for each character of value ``a``
    (``0-9`` are 0-9, ``A-Z`` 10-35): ``s = (p + a) mod 36`` (36 for 0), ``p = 2s mod
    37``; the check is ``(37 - p) mod 36``. It catches every substitution of one character
    and all but 72 of the 45,360 swaps of two neighbouring ones.

    >>> check_character("S2C-AAAAAAD")
    '4'

    Raises:
        InvalidCodeError: ``body`` holds a character other than letters, digits or ``-``.
    """
    p = 36
    for char in body.upper():
        if char == "-":
            continue
        value = CHECK_ALPHABET.find(char)
        if value < 0:
            raise InvalidCodeError(f"{body!r}: a code has only letters, digits and '-'")
        p = (2 * ((p + value) % 36 or 36)) % 37
    return CHECK_ALPHABET[(37 - p) % 36]


class SplitMix64:
    """The SplitMix64 generator used by the shuffle (see the module docstring).

    Args:
        seed: any integer; taken mod 2**64.
    """

    def __init__(self, seed: int) -> None:
        self.state = seed & MASK64

    def next(self) -> int:
        """Return the next 64-bit output, an ``int`` in ``[0, 2**64)``.

        >>> hex(SplitMix64(0).next())  # the published first output for seed 0
        '0xe220a8397b1dcdaf'
        """
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        return z ^ (z >> 31)

    def below(self, bound: int) -> int:
        """Return a uniform integer in ``[0, bound)`` by rejection (no modulo bias).

        >>> rng = SplitMix64(0)
        >>> [rng.below(10) for _ in range(5)]
        [5, 0, 9, 4, 7]

        Raises:
            SpiderError: ``bound`` is not positive.
        """
        if bound <= 0:
            raise SpiderError(f"bound {bound!r} must be positive")
        limit = (1 << 64) - (1 << 64) % bound
        while True:
            draw = self.next()
            if draw < limit:
                return draw % bound


def shuffled_deck(suit_count: int, seed: int, decks: int = 2) -> list[Card]:
    """Return the deck of ``decks`` packs (104 cards for 2) for ``suit_count`` suits
    shuffled by ``seed`` (0 to 2**35-1).

    Raises:
        InvalidCodeError: the seed is out of range.
        SpiderError: ``suit_count`` is not 1, 2 or 4, or ``decks`` not 1 or 2.
    """
    if not 0 <= seed < 1 << SEED_BITS:
        raise InvalidCodeError(f"seed {seed!r} is outside 0..2**35-1")
    deck = new_deck(suit_count, decks)
    rng = SplitMix64(seed)
    for i in range(len(deck) - 1, 0, -1):
        j = rng.below(i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    return deck


def normalize_rule(rule: object, suit_count: int) -> GroupRule:
    """Return the :class:`~spider_solitaire.variants.GroupRule` ``rule`` names (a rule, or
    its name or letter as text: any case, surrounding spaces ok;
    :func:`~spider_solitaire.variants.find_rule`) for a game of ``suit_count`` suits.

    With one suit the two rules play the same, so the answer is always Classic (a
    decision of the issue: ``S1F`` is written ``S1C``).

    ``rule`` may be any object (typed so, a decision of ours, so that the compiled build
    refuses a non-text the same way: with this error, not mypyc's ``TypeError``).

    Raises:
        InvalidCodeError: ``rule`` is neither (or not text).
    """
    found = rule if isinstance(rule, GroupRule) else find_rule(rule)
    return rule_for(found, suit_count)


def seed_text(seed: int) -> str:
    """Return the 7-character base32 text of a 35-bit ``seed``."""
    return "".join(BASE32[(seed >> (5 * (SEED_LENGTH - 1 - i))) & 31] for i in range(SEED_LENGTH))


def level_prefix(
    suits: int, rule: GroupRule | str, variant: Variant = SPIDER, version: int = 1
) -> str:
    """Return what every code of ``variant`` at ``suits`` and ``rule`` starts with: the
    code up to its seed, e.g. ``SP1-S4C-`` or ``SP1-ETTE-S2F-`` (``rule`` as
    :func:`normalize_rule` takes it; ``version`` 2: ``SP2-S4C-``).

    >>> from spider_solitaire.variants import find_variant
    >>> level_prefix(2, "flexible", find_variant("spiderette"))
    'SP1-ETTE-S2F-'

    Raises:
        InvalidCodeError: ``rule`` is neither Classic nor Flexible.
    """
    tag = f"{variant.tag}-" if variant.tag else ""
    return f"SP{version}-{tag}S{suits}{normalize_rule(rule, suits).letter}-"


@dataclass(frozen=True, slots=True)
class GameCode:
    """A parsed game code.

    Attributes:
        suits: 1, 2 or 4.
        rule: the group rule (:data:`~spider_solitaire.variants.CLASSIC` or
            :data:`~spider_solitaire.variants.FLEXIBLE`; always Classic for 1 suit).
        seed: 0 to 2**35 - 1.
        variant: the game of the family (``spider`` when the code has no tag).

    >>> code = GameCode.parse("SP1-wisp-S4F-AAAAAAD")
    >>> str(code), code.variant.name
    ('SP1-WISP-S4F-AAAAAAD', 'will-o-the-wisp')
    """

    suits: int
    rule: GroupRule
    seed: int
    variant: Variant = SPIDER
    version: int = field(default=1, compare=False)
    """1 (``SP1``) or 2 (``SP2``: with a check character); the same deal either way, so
    not compared."""

    def __str__(self) -> str:
        """Return the canonical upper-case code in its version, e.g. ``SP1-S2C-AAAAAAD``,
        ``SP1-BIKE-S2C-AAAAAAD`` or ``SP2-S2C-AAAAAAD4``."""
        text = level_prefix(self.suits, self.rule, self.variant, self.version)
        text += seed_text(self.seed)
        if self.version == 1:
            return text
        return text + check_character(text.removeprefix("SP2-"))

    @classmethod
    def parse(cls, text: object) -> GameCode:
        """Parse a code, case-insensitive, surrounding white space allowed. ``text`` may be
        any object: anything but text is refused with the same error in the interpreted
        and the compiled build (typed ``object`` for that, a decision of ours).

        Raises:
            InvalidCodeError: the message names the wrong part (prefix, suits, rule,
                seed length or seed character) and repeats the input.
        """
        if not isinstance(text, str):
            raise InvalidCodeError(f"{text!r} is not a game code: give text like SP1-S2C-AAAAAAD")
        written = text.strip().upper()
        try:
            code = cls._read(text)
        except InvalidCodeError as error:  # an SP2 code with a look-alike: say which
            nearest = nearest_readings(written) if written.startswith("SP2-") else ()
            if not nearest:
                raise
            guess = " or ".join(nearest)
            raise CodeCheckError(f"{error}; did you mean {guess}?", nearest) from None
        if code.version == 1:
            return code
        if str(code) != written:
            nearest = nearest_readings(written)
            raise CodeCheckError(
                f"{text!r}: the check character does not match: a character is mistyped"
                + (f"; did you mean {' or '.join(nearest)}?" if nearest else ""),
                nearest,
            )
        return code

    @classmethod
    def _read(cls, text: str) -> GameCode:
        """Read the parts of a code (:meth:`parse`), its check character left unchecked.

        Raises:
            InvalidCodeError: as :meth:`parse` says.
        """
        variant, (prefix, setup, seed) = _split_code(text)
        if prefix not in ("SP1", "SP2"):
            raise InvalidCodeError(f"{text!r}: the code must start with SP1 or SP2, not {prefix!r}")
        version = int(prefix[2])
        if version == 2:
            seed = _without_check(text, seed)
        suits, rule = _parse_setup(text, setup)
        return cls(suits, rule, _parse_seed(text, seed), variant, version)

    @classmethod
    def random(cls, suits: int, rule: GroupRule | str, variant: Variant = SPIDER) -> GameCode:
        """Return a code of ``variant`` with a seed drawn from the operating system's
        entropy, in the newest version (:data:`LATEST_VERSION`: with a check character).

        Raises:
            InvalidCodeError: ``suits`` is not 1, 2 or 4, or ``rule`` is unknown.
        """
        if type(suits) is not int or suits not in SUIT_COUNTS:
            raise InvalidCodeError(f"suits {suits!r} is not 1, 2 or 4")
        seed = secrets.randbits(SEED_BITS)
        return cls(suits, normalize_rule(rule, suits), seed, variant, LATEST_VERSION)

    def deck(self) -> list[Card]:
        """Return the shuffled deck of this code (:func:`shuffled_deck` with the variant's
        number of packs)."""
        return shuffled_deck(self.suits, self.seed, self.variant.decks)


def _split_code(text: str) -> tuple[Variant, tuple[str, str, str]]:
    """Return the variant a code ``text`` names by its tag (``spider`` without one) and
    its three other parts (prefix, setup, seed), upper case.

    Raises:
        InvalidCodeError: not three parts, or four with an unknown tag second.
    """
    parts = text.strip().upper().split("-")
    variant = SPIDER
    if len(parts) == 4:
        try:
            variant = find_tag(parts.pop(1))
        except InvalidCodeError:
            raise InvalidCodeError(
                f"{text!r}: a game code has three parts, like SP1-S2C-AAAAAAD, or four "
                "with a variant's tag second (1949, BIKE, RLX, ETTE, WISP)"
            ) from None
    if len(parts) != 3:
        raise InvalidCodeError(f"{text!r}: a game code has three parts, like SP1-S2C-AAAAAAD")
    return variant, (parts[0], parts[1], parts[2])


def _parse_setup(text: str, setup: str) -> tuple[int, GroupRule]:
    """Return the suits and the group rule of a code's middle part ``setup`` (``S2C``),
    the rule Classic with one suit (:func:`normalize_rule`).

    Raises:
        InvalidCodeError: not ``S``, a suit count and a rule letter (``text``: the code,
            repeated in the message).
    """
    if len(setup) != 3 or setup[0] != "S":
        raise InvalidCodeError(
            f"{text!r}: the middle part must be S, the number of suits and the rule, like S2C"
        )
    if setup[1] not in "124":
        raise InvalidCodeError(f"{text!r}: the number of suits must be 1, 2 or 4, not {setup[1]!r}")
    if setup[2] not in RULE_LETTERS:
        raise InvalidCodeError(f"{text!r}: the rule must be {_RULE_CHOICES}, not {setup[2]!r}")
    suits = int(setup[1])
    return suits, normalize_rule(setup[2], suits)


def _parse_seed(text: str, seed: str) -> int:
    """Return the value of a code's seed part ``seed`` (base32, :data:`SEED_LENGTH`
    characters).

    Raises:
        InvalidCodeError: another length, or a character outside A-Z and 2-7 (``text``: the
            code, repeated in the message).
    """
    if len(seed) != SEED_LENGTH:
        raise InvalidCodeError(
            f"{text!r}: the seed must be {SEED_LENGTH} characters, not {len(seed)}"
        )
    value = 0
    for char in seed:
        if char not in BASE32:
            raise InvalidCodeError(f"{text!r}: the seed may use only A-Z and 2-7, not {char!r}")
        value = value * 32 + BASE32.index(char)
    return value


def _without_check(text: str, seed: str) -> str:
    """Return an ``SP2`` code's seed part ``seed`` without its check character.

    Raises:
        InvalidCodeError: not :data:`SEED_LENGTH` characters and a check character (a
            letter or a digit; ``text``: the code, repeated in the message).
    """
    if len(seed) != SEED_LENGTH + 1 or seed[-1] not in CHECK_ALPHABET:
        raise InvalidCodeError(
            f"{text!r}: an SP2 code ends with the {SEED_LENGTH} characters of its "
            "seed and a check character (a letter or a digit)"
        )
    return seed[:-1]


def nearest_readings(text: str) -> tuple[str, ...]:
    """Return the valid ``SP2`` codes that ``text`` (a code refused by its check) reads as
    after one swap of neighbouring characters or one look-alike character
    (:data:`LOOK_ALIKES`), in order; none when no such reading is valid.

    >>> nearest_readings("SP2-S2C-NWK0FD2N")  # 0 for O
    ('SP2-S2C-NWKOFD2N',)
    """
    written = text.strip().upper()
    tried: set[str] = set()
    for i, char in enumerate(written):
        if i + 1 < len(written) and "-" not in written[i : i + 2]:
            tried.add(written[:i] + written[i + 1] + char + written[i + 2 :])
        if char in LOOK_ALIKES:
            tried.add(written[:i] + LOOK_ALIKES[char] + written[i + 1 :])
    found = []
    for candidate in sorted(tried - {written}):
        try:
            code = GameCode._read(candidate)
        except InvalidCodeError:
            continue
        if code.version == 2 and str(code) == candidate:
            found.append(candidate)
    return tuple(found)


def code_forms(code: str) -> tuple[str, str]:
    """Return the two texts of ``code``'s deal: its ``SP1`` form and its ``SP2`` form (a
    game stored under either is a game of the same deal).

    >>> code_forms("sp1-s2c-aaaaaad")
    ('SP1-S2C-AAAAAAD', 'SP2-S2C-AAAAAAD4')

    Raises:
        InvalidCodeError: ``code`` is not a valid code.
    """
    parsed = GameCode.parse(code)
    return str(replace(parsed, version=1)), str(replace(parsed, version=2))
