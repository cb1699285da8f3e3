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

The rows are keyed by a variant name (:data:`VARIANT`, ``spider`` for the game with 1, 2
or 4 suits and the Classic or Flexible rule), so that other variants can have stocks of
their own later.

>>> deals = stock(4, "classic")
>>> len(deals) >= 200 and all(code.startswith("SP1-S4C-") for code in deals)
True
"""

from __future__ import annotations

import csv
import hashlib
from collections.abc import Iterator
from functools import cache
from importlib import resources

from .codes import SEED_BITS, GameCode, SplitMix64, normalize_rule, seed_text
from .errors import SpiderError

VARIANT = "spider"
"""The variant name of every row shipped today: Spider with 1, 2 or 4 suits under the
Classic or Flexible rule (the names of later variants come from their registry)."""

STOCK_LEVELS: tuple[tuple[int, str], ...] = (
    (1, "classic"),
    (2, "classic"),
    (2, "flexible"),
    (4, "classic"),
    (4, "flexible"),
)
"""The (suits, rule) pairs of :data:`VARIANT` that have a stock (one suit plays the same
under both rules, so it has only Classic)."""

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


def candidate_codes(suits: int, rule: str, variant: str = VARIANT) -> Iterator[str]:
    """Yield the candidate game codes of ``variant`` at ``suits`` and ``rule``, in order,
    forever.

    The sequence depends only on the three: its seed is the first 8 bytes (big-endian)
    of the SHA-256 of :data:`SEQUENCE_SALT`, ``variant``, ``suits`` and ``rule`` joined
    by ``/``; each candidate's seed is the top 35 bits of the next SplitMix64 output.

    >>> next(candidate_codes(2, "flexible"))
    'SP1-S2F-DPXYJKT'

    Raises:
        SpiderError: ``variant`` is not :data:`VARIANT`, or (``suits``, ``rule``) is not
            one of :data:`STOCK_LEVELS`.
    """
    _check_level(variant, suits, rule)
    text = b"/".join([SEQUENCE_SALT, variant.encode(), str(suits).encode(), rule.encode()])
    rng = SplitMix64(int.from_bytes(hashlib.sha256(text).digest()[:8], "big"))
    letter = rule[0].upper()
    while True:
        yield f"SP1-S{suits}{letter}-{seed_text(rng.next() >> (64 - SEED_BITS))}"


def _check_level(variant: str, suits: int, rule: str) -> None:
    if variant != VARIANT:
        raise SpiderError(f"variant {variant!r} has no stock of winnable deals")
    if (suits, rule) not in STOCK_LEVELS:
        raise SpiderError(
            f"suits {suits!r} and rule {rule!r} have no stock: "
            "1 suit classic, 2 or 4 suits classic or flexible"
        )


@cache
def shipped() -> dict[tuple[str, int, str], tuple[str, ...]]:
    """Return the shipped stock by (variant, suits, rule), each in the file's order (read
    once from the package's ``data/winnable.csv``).

    Raises:
        SpiderError: a row's suits or rule differ from its code's.
    """
    text = resources.files(__package__).joinpath("data", DATA_FILE).read_text("utf-8")
    rows = csv.reader(text.splitlines())
    if tuple(next(rows)) != HEADER:
        raise SpiderError(f"{DATA_FILE} does not start with the header {','.join(HEADER)}")
    found: dict[tuple[str, int, str], list[str]] = {}
    for variant, suits, rule, code in rows:
        parsed = GameCode.parse(code)
        if (parsed.suits, parsed.rule) != (int(suits), rule):
            raise SpiderError(f"{DATA_FILE}: {code} is not a deal of {suits} suits, {rule}")
        found.setdefault((variant, parsed.suits, parsed.rule), []).append(str(parsed))
    return {key: tuple(codes) for key, codes in found.items()}


def stock(suits: int, rule: str, variant: str = VARIANT) -> tuple[str, ...]:
    """Return the shipped winnable deals (game codes) of ``variant`` at ``suits`` and
    ``rule``, in the file's order; empty for a level without a stock. ``rule`` is
    normalized as :func:`~spider_solitaire.codes.normalize_rule` does (1 suit: Classic).

    Raises:
        InvalidCodeError: ``rule`` is neither Classic nor Flexible.
    """
    return shipped().get((variant, suits, normalize_rule(rule, suits)), ())
