"""Deals by difficulty: the shipped deals rated one to three stars within their game, suit
count and group rule (issue 30, part 3).

The New game window names the suit count Easy, Medium and Hard (1, 2, 4 suits), so a
deal's difficulty has a name of its own that cannot be mistaken for it: its *level*, 1 to
3 stars within its suit count (:data:`LEVELS`). The ladder is played by our own players,
the hint playing alone (every move the hint's, no undo, on the player's view only):

* **1 star** (the gentlest): the hint with a tenth of its look-ahead
  (:data:`GENTLE_WIDTH` = 12 positions a layer) wins it;
* **2 stars**: the shipped hint (:data:`SHIPPED_WIDTH` = 120, the solver's
  ``HINT_WIDTH``) wins it, and the hint at width 12 does not;
* **3 stars** (the hardest): proved winnable by the full-information solver (a deal of the
  winnable stock, :mod:`spider_solitaire.winnable`, or proved by the rating script within
  the same node limit), and the shipped hint loses it.

The conditions are tried in that order, the first that holds giving the level (a deal the
width-12 hint wins is 1 star even when the width-120 hint happens to lose it). Every level
is proved winnable: a deal the hint won is proved by the hint's own line (the ``proof``
column says ``hint`` and ``actions`` its length; the line can be played again, the hint
being deterministic), a 3-star deal by the solver (``stock`` or ``solver``). A deal no
one proved is never rated. The hint plays with a judging budget of 0 (the move is the
look-ahead's whatever the budget, :data:`spider_solitaire.solver.hints.HINT_BUDGET`; only
the width chooses it) and without the solver's endgame after the last deal (``endgame=False``:
the look-ahead alone, as the file was rated before the endgame came, issue 28; the hint a
player gets is stronger from the last deal on, so a 3-star deal may be won by following it).

The data ships as ``data/levels.csv`` (:data:`DATA_FILE`), made by
``scripts/rate_deals.py``, append-only, from the candidates of
:func:`spider_solitaire.winnable.candidate_codes` in order (the winnable stock's own
sequence), so anyone can run it again and get the same rows; nothing is played while
serving. A game's level is a lookup of its code (either code version) in that data
(:func:`level_of`): no database column, so History and the statistics get it from the code.

How long the shipped data took (``scripts/rate_deals.py --count 10 --step 5``, compiled
build, one process under ``nice -n 10``; CPU seconds of that process): ``spider``'s 15
levels (5 suit counts and rules, 3 stars each, 10 deals a level) took 1,284 s: 1 suit
209 s (198 candidates rated: the hint at width 12 wins most 1-suit deals, so 2 and 3 stars
are rare), 2 suits Classic 110 s (39 candidates), 2 suits Flexible 449 s (88), 4 suits
Classic 234 s (215: 1 star is rare), 4 suits Flexible 281 s (50). Every 3-star deal came
from the winnable stock (no solver time). The other five variants' rows came after them
(``--variant spider-1949,bicycle,relaxed,spiderette,will-o-the-wisp --count 10 --step 5
--max-tries 60``), stopped at the deadline in its second round: 2,342 s of CPU over 1,516
candidates; a second run of the same command added 196 rows (858 s over 1,328
candidates). Every star level of those variants has at least one deal and most have 10;
23 of their 75 levels have fewer (``scripts/rate_deals.py``'s docstring lists them). A level
short of 10 is one whose candidates rarely land there (1 star at 4 suits Classic; 2 and
3 stars at 1 suit, where the width-12 hint wins most deals) within 60 candidates a round,
or one the run did not reach again before it was stopped.

>>> LEVELS
(1, 2, 3)
>>> level_of("SP1-S1C-AAAAAAA") is None  # a deal nobody rated
True
"""

from __future__ import annotations

import csv
from functools import cache
from importlib import resources

from .codes import GameCode, normalize_rule
from .errors import InvalidCodeError, SpiderError
from .variants import GroupRule, find_rule

LEVELS = (1, 2, 3)
"""The levels, gentlest first: the number of stars."""

GENTLE_WIDTH = 12
"""The look-ahead width (positions a layer) of the hint that must win a 1-star deal: a
tenth of :data:`SHIPPED_WIDTH` (a decision of ours)."""

SHIPPED_WIDTH = 120
"""The shipped hint's look-ahead width (``spider_solitaire.solver.hints.HINT_WIDTH``;
``tests/test_levels.py`` checks they agree): it wins every 2-star deal and loses every
3-star deal."""

DATA_FILE = "levels.csv"
"""The shipped levels, in the package's ``data`` folder: a header (:data:`HEADER`), then
one line a deal: ``variant,suits,rule,level,code,proof,actions``: the variant's registry
name, 1/2/4, ``classic``/``flexible``, 1-3, the game code (version 1), how it was proved
(:data:`PROOFS`) and, for a deal the hint won, the number of actions of its winning line
(else empty)."""

HEADER = ("variant", "suits", "rule", "level", "code", "proof", "actions")
"""The columns of :data:`DATA_FILE`."""

PROOFS = ("hint", "stock", "solver")
"""How a rated deal was proved winnable: ``hint`` (the hint's own winning line, at
:data:`GENTLE_WIDTH` for 1 star, :data:`SHIPPED_WIDTH` for 2), ``stock`` (a deal of the
winnable stock, proved by the solver), ``solver`` (proved by the solver in the rating run,
within :data:`spider_solitaire.winnable.PROOF_NODE_LIMIT` positions)."""

Key = tuple[str, int, GroupRule]
"""A variant's registry name, a suit count and a group rule."""


class Rated:
    """One row of the shipped levels.

    Attributes:
        key: (variant, suits, rule).
        level: 1 to 3 (stars).
        code: the game code as shipped (version 1).
        proof: one of :data:`PROOFS`.
        actions: the hint's winning line's length (``proof == "hint"``), else None.
    """

    __slots__ = ("actions", "code", "key", "level", "proof")

    def __init__(self, key: Key, level: int, code: str, proof: str, actions: int | None) -> None:
        """Keep the fields (see the class)."""
        self.key = key
        self.level = level
        self.code = code
        self.proof = proof
        self.actions = actions


@cache
def shipped() -> tuple[Rated, ...]:
    """Return every shipped row, in the file's order (read once).

    Raises:
        SpiderError: the header differs, a row's variant, suits or rule differ from its
            code's, or its level or proof is unknown.
        InvalidCodeError: a row's code or rule cannot be read.
    """
    text = resources.files(__package__).joinpath("data", DATA_FILE).read_text("utf-8")
    rows = csv.reader(text.splitlines())
    if tuple(next(rows)) != HEADER:
        raise SpiderError(f"{DATA_FILE} does not start with the header {','.join(HEADER)}")
    return tuple(_row(row) for row in rows if row)


def _row(row: list[str]) -> Rated:
    """One row of :data:`DATA_FILE` as a :class:`Rated` (errors as :func:`shipped`)."""
    variant, suits, rule, level, code, proof, actions = row
    parsed = GameCode.parse(code)
    key = (variant, int(suits), find_rule(rule))
    if (parsed.variant.name, parsed.suits, parsed.rule) != key:
        raise SpiderError(f"{DATA_FILE}: {code} is not a deal of {variant}, {suits} suits, {rule}")
    if int(level) not in LEVELS or proof not in PROOFS:
        raise SpiderError(f"{DATA_FILE}: {code} has level {level!r} and proof {proof!r}")
    return Rated(key, int(level), str(parsed), proof, int(actions) if actions else None)


@cache
def _by_code() -> dict[GameCode, int]:
    """The level of every shipped deal, by its parsed code (either version)."""
    return {GameCode.parse(rated.code): rated.level for rated in shipped()}


def level_of(code: str) -> int | None:
    """Return the level (1-3 stars) of the deal ``code`` gives (``SP1`` or ``SP2``, any
    case), or None when the deal is not rated (or ``code`` is not a code).

    >>> level_of("not a code") is None
    True
    """
    try:
        parsed = GameCode.parse(code)
    except InvalidCodeError:
        return None
    return _by_code().get(parsed)


def deals(suits: int, rule: GroupRule | str, level: int, variant: str) -> tuple[str, ...]:
    """Return the shipped deals (version-1 codes) of ``variant`` (a registry name) at
    ``suits`` and ``rule`` rated ``level`` stars, in the file's order; empty when there
    are none. ``rule`` is normalized as :func:`~spider_solitaire.codes.normalize_rule`
    does (1 suit: Classic).

    Raises:
        InvalidCodeError: ``rule`` is neither Classic nor Flexible.
    """
    key = (variant, suits, normalize_rule(rule, suits))
    return tuple(rated.code for rated in shipped() if rated.key == key and rated.level == level)


def levels_offered(suits: int, rule: GroupRule | str, variant: str) -> tuple[int, ...]:
    """Return the levels of ``variant`` at ``suits`` and ``rule`` that have shipped deals,
    gentlest first (what the New game window offers).

    Raises:
        InvalidCodeError: ``rule`` is neither Classic nor Flexible.
    """
    return tuple(level for level in LEVELS if deals(suits, rule, level, variant))
