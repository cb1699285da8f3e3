"""The stock of winnable deals: deals the solver has already won, shipped with the package.

"Winnable deals only" hands a player one of these at once, instead of solving random
deals while the player waits (the server falls back to such a search only when the
player has played every deal of the stock for the level asked for).

How the stock was made (a decision of ours, done by ``scripts/prove_winnable_deals.py``,
whose output ships as ``data/winnable.csv``; nothing is solved while serving): for a
variant, a suit count and a rule, a sequence of candidate game codes is drawn from
:class:`~spider_solitaire.codes.SplitMix64` seeded by those three
(:func:`candidate_codes`); each candidate the solver wins from the start within
:data:`PROOF_NODE_LIMIT` positions joins the stock, in the sequence's order. The solver is
deterministic for a node limit, so the stock does not depend on the machine, its load or
the process, and anyone can check it by running the script again. The script only
appends: a row once shipped never changes (``tests/test_winnable.py`` pins the file).

The rows are keyed by a variant name of the registry
(:mod:`spider_solitaire.variants`): every game of the family has a stock, at the levels
:func:`stock_levels` asks its registry entry for (1 suit Classic; 2 and 4 suits under each
of the variant's group rules), and its candidates are codes of that variant (its tag, as
:class:`~spider_solitaire.codes.GameCode` writes it). ``spider``'s rows (:data:`VARIANT`,
200 a level) were shipped first and never change; the other variants' were appended
after them, a small stock each (a decision of ours: enough that a player's first games of
a variant start at once; the server's search serves the rest), 10 deals a level, with
the node limit unchanged (``prove_winnable_deals.py --variant all --count 10 --step 5``).
That run tried 255 candidates for the 250 deals, in 357 s of solver CPU on one core: every
level got its 10, none needed fewer. Not won within the limit: 2 candidates of 4-suit
Classic Spiderette (12 tried), 1 each of 2-suit Classic and Flexible Spiderette (11
tried each) and of 4-suit Classic Bicycle (11 tried); every other level won its first 10.
Solver CPU a level, from 3 s (1-suit Spiderette, Will o' the Wisp) to 42 s (4-suit
Flexible ``spider-1949``).

>>> deals = stock(4, "classic")
>>> len(deals) >= 200 and all(code.startswith("SP1-S4C-") for code in deals)
True
>>> [f"{suits} {rule}" for suits, rule in stock_levels("spiderette")]
['1 classic', '2 classic', '2 flexible', '4 classic', '4 flexible']
>>> next(candidate_codes(2, "classic", "spiderette")).startswith("SP1-ETTE-S2C-")
True
"""

from __future__ import annotations

import csv
import hashlib
from collections.abc import Iterator
from functools import cache
from importlib import resources

from .cards import SUIT_COUNTS
from .codes import SEED_BITS, GameCode, SplitMix64, normalize_rule
from .errors import InvalidCodeError, SpiderError
from .variants import CLASSIC, SPIDER, GroupRule, find_rule, find_variant

VARIANT = SPIDER.name
"""The variant of the first rows shipped (200 a level), and the one a caller naming none
means: ``spider``."""


def stock_levels(variant: str = VARIANT) -> tuple[tuple[int, GroupRule], ...]:
    """Return the (suits, rule) pairs of ``variant`` that have a stock, in the order the
    script brings them up: 1 suit Classic (one suit plays the same under both rules, so it
    has only Classic), then 2 and 4 suits under each group rule the registry gives the
    variant (:attr:`~spider_solitaire.variants.Variant.group_rules`).

    >>> [f"{suits} {rule}" for suits, rule in stock_levels()]
    ['1 classic', '2 classic', '2 flexible', '4 classic', '4 flexible']

    Raises:
        UnknownVariantError: ``variant`` is not a name of the registry.
    """
    rules = find_variant(variant).group_rules
    many = tuple((suits, rule) for suits in SUIT_COUNTS if suits > 1 for rule in rules)
    return ((1, CLASSIC), *many)


STOCK_LEVELS: tuple[tuple[int, GroupRule], ...] = stock_levels(VARIANT)
"""The levels of :data:`VARIANT` (:func:`stock_levels` of ``spider``)."""

PROOF_NODE_LIMIT = 3_000_000
"""Positions the solver may generate for each candidate (about 2 to 15 s of one core
here, as :data:`spider_solitaire.daily.CHOICE_NODE_LIMIT`); a candidate it does not win
within them is passed over. Fixed forever: a new limit would change which deals later
rows get."""

DATA_FILE = "winnable.csv"
"""The shipped stock, in the package's ``data`` folder: a header, then one line a deal:
``variant,suits,rule,code`` (the variant's name, 1/2/4, ``classic``/``flexible``, the
game code)."""

HEADER = ("variant", "suits", "rule", "code")
"""The columns of :data:`DATA_FILE`."""

SEQUENCE_SALT = b"spider-solitaire winnable stock"
"""Hashed with the variant, suit count and rule into each sequence's seed, so that no
sequence is the sequence of a plain small seed (nor a daily deal's)."""


def candidate_codes(suits: int, rule: GroupRule | str, variant: str = VARIANT) -> Iterator[str]:
    """Yield the candidate game codes of ``variant`` at ``suits`` and ``rule``, in order,
    forever.

    The sequence depends only on the three: its seed is the first 8 bytes (big-endian)
    of the SHA-256 of :data:`SEQUENCE_SALT`, ``variant``, ``suits`` and ``rule``'s name
    joined by ``/`` (``rule``: a group rule, or its name); each candidate's seed is the
    top 35 bits of the next SplitMix64 output, and its code is that seed's
    :class:`~spider_solitaire.codes.GameCode` in ``variant`` (``spider``'s without a tag,
    as every row shipped before the other variants).

    >>> next(candidate_codes(2, "flexible"))
    'SP1-S2F-DPXYJKT'

    Raises:
        UnknownVariantError: ``variant`` is not a name of the registry.
        SpiderError: (``suits``, ``rule``) is not one of the variant's
            :func:`stock_levels`.
    """
    game = find_variant(variant)
    level = _check_level(variant, suits, rule)
    name = level.name.encode()
    text = b"/".join([SEQUENCE_SALT, variant.encode(), str(suits).encode(), name])
    rng = SplitMix64(int.from_bytes(hashlib.sha256(text).digest()[:8], "big"))
    while True:
        yield str(GameCode(suits, level, rng.next() >> (64 - SEED_BITS), game))


def _check_level(variant: str, suits: int, rule: GroupRule | str) -> GroupRule:
    """Return ``rule`` as a group rule when (``suits``, ``rule``) has a stock in
    ``variant``.

    Raises:
        SpiderError: it has none (or ``rule`` is no group rule).
    """
    found = rule if isinstance(rule, GroupRule) else _rule_or_none(rule)
    if found is None or (suits, found) not in stock_levels(variant):
        raise SpiderError(
            f"suits {suits!r} and rule {str(rule)!r} have no stock in {variant}: "
            "1 suit classic, 2 or 4 suits classic or flexible"
        )
    return found


def _rule_or_none(text: str) -> GroupRule | None:
    """The group rule ``text`` names, or None."""
    try:
        return find_rule(text)
    except InvalidCodeError:
        return None


@cache
def shipped() -> dict[tuple[str, int, GroupRule], tuple[str, ...]]:
    """Return the shipped stock by (variant, suits, rule), each in the file's order (read
    once from the package's ``data/winnable.csv``).

    Raises:
        SpiderError: a row's variant, suits or rule differ from its code's.
        InvalidCodeError: a row's rule is no group rule.
    """
    text = resources.files(__package__).joinpath("data", DATA_FILE).read_text("utf-8")
    rows = csv.reader(text.splitlines())
    if tuple(next(rows)) != HEADER:
        raise SpiderError(f"{DATA_FILE} does not start with the header {','.join(HEADER)}")
    found: dict[tuple[str, int, GroupRule], list[str]] = {}
    for variant, suits, rule, code in rows:
        parsed = GameCode.parse(code)
        said = (variant, int(suits), find_rule(rule))
        if (parsed.variant.name, parsed.suits, parsed.rule) != said:
            raise SpiderError(
                f"{DATA_FILE}: {code} is not a deal of {variant}, {suits} suits, {rule}"
            )
        found.setdefault((variant, parsed.suits, parsed.rule), []).append(str(parsed))
    return {key: tuple(codes) for key, codes in found.items()}


def stock(suits: int, rule: GroupRule | str, variant: str = VARIANT) -> tuple[str, ...]:
    """Return the shipped winnable deals (game codes) of ``variant`` (a registry name) at
    ``suits`` and ``rule``, in the file's order; empty for a level without a stock (or a
    name the registry does not know). ``rule`` is normalized as
    :func:`~spider_solitaire.codes.normalize_rule` does (1 suit: Classic).

    >>> stock(2, "classic", "spiderette")[0].startswith("SP1-ETTE-S2C-")
    True

    Raises:
        InvalidCodeError: ``rule`` is neither Classic nor Flexible.
    """
    return shipped().get((variant, suits, normalize_rule(rule, suits)), ())
