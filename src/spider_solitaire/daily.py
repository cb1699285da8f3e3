"""The daily deal: one deal a date for each suit count, the same for every player.

Every date has one Classic deal at 1, 2 and 4 suits (2 suits is the featured one). Which
date is "today" is the player's local date, as with Wordle: everyone on the same date gets
the same deals. A date's deals never change once chosen, and each is winnable: the solver
won it from the start when it was chosen.

How a date's deals were chosen (a decision of ours, done once by
``scripts/pick_daily_deals.py``, whose output ships with the package as
``data/daily.csv``; nothing is solved while serving): for a date and a suit count, a
sequence of candidate game codes is drawn from :class:`~spider_solitaire.codes.SplitMix64`
seeded by the date and the suit count (:func:`candidate_codes`), and the first candidate
that the solver wins within a fixed node limit is the deal. Nothing depends on hash seeds,
timing or the machine, so anyone can check a choice by running the script again.

>>> deals = daily_deals(dt.date(2026, 12, 1))
>>> sorted(deals.codes) == [1, 2, 4]
True
>>> deals.codes[2].startswith("SP1-S2C-")
True
"""

from __future__ import annotations

import csv
import datetime as dt
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from importlib import resources

from .codes import SEED_BITS, GameCode, SplitMix64
from .errors import SpiderError
from .variants import CLASSIC

DAILY_SUITS: tuple[int, ...] = (1, 2, 4)
"""The suit counts that have a daily deal (all :data:`DAILY_RULE`)."""

DAILY_RULE = CLASSIC
"""The group rule of every daily deal: Classic."""

FEATURED_SUITS = 2
"""The suit count of the featured daily deal (a decision of ours: 2 suits, as GameLake's
"el Diario")."""

SEQUENCE_SALT = 0x5370696465724461
"""Mixed into each date's seed (the bytes of "SpiderDa"), so the daily sequence is not the
sequence of any plain small seed."""

CHOICE_NODE_LIMIT = 3_000_000
"""Positions the solver may generate for each candidate when the deals are chosen (about
8 s of one core here); a candidate it does not win within them is passed over. Fixed
forever: a new limit would change which deals later dates get."""

DATA_FILE = "daily.csv"
"""The shipped choices, in the package's ``data`` folder: a header, then one line a date:
``date,suits1,suits2,suits4`` (ISO date, then the three game codes)."""


class DailyDealMissingError(SpiderError):
    """No daily deal is shipped for this date (before the first date or after the last)."""


@dataclass(frozen=True, slots=True)
class DailyDeals:
    """The deals of one date.

    Attributes:
        date: the date.
        codes: the game code by suit count (1, 2 and 4).
    """

    date: dt.date
    codes: dict[int, str]

    @property
    def featured(self) -> str:
        """The featured deal's game code (2 suits)."""
        return self.codes[FEATURED_SUITS]


def candidate_codes(date: dt.date, suits: int) -> Iterator[str]:
    """Yield the candidate game codes of ``date`` at ``suits`` suits, in order, forever.

    The sequence depends only on the date and the suit count (its seed is the date's
    proleptic Gregorian ordinal, times 8, plus the suit count, mixed with
    :data:`SEQUENCE_SALT`); each candidate's seed is the top 35 bits of the next
    SplitMix64 output.

    >>> next(candidate_codes(dt.date(2026, 12, 1), 2))
    'SP1-S2C-QAAA3JB'

    Raises:
        SpiderError: ``suits`` is not 1, 2 or 4.
    """
    if suits not in DAILY_SUITS:
        raise SpiderError(f"suits {suits!r} is not 1, 2 or 4")
    rng = SplitMix64((date.toordinal() * 8 + suits) ^ SEQUENCE_SALT)
    while True:
        yield str(GameCode(suits, DAILY_RULE, rng.next() >> (64 - SEED_BITS)))


@cache
def shipped() -> dict[dt.date, DailyDeals]:
    """Return every shipped date's deals (read once from the package's ``data/daily.csv``)."""
    text = resources.files(__package__).joinpath("data", DATA_FILE).read_text("utf-8")
    found: dict[dt.date, DailyDeals] = {}
    rows = csv.reader(text.splitlines())
    header = next(rows)
    suits = [int(name.removeprefix("suits")) for name in header[1:]]
    for row in rows:
        date = dt.date.fromisoformat(row[0])
        codes = {
            count: str(GameCode.parse(code)) for count, code in zip(suits, row[1:], strict=True)
        }
        found[date] = DailyDeals(date, codes)
    return found


def daily_deals(date: dt.date) -> DailyDeals:
    """Return the deals of ``date``.

    Raises:
        DailyDealMissingError: no deal is shipped for that date.
    """
    found = shipped().get(date)
    if found is None:
        dates = sorted(shipped())
        raise DailyDealMissingError(
            f"no daily deal for {date.isoformat()}: "
            f"deals are shipped from {dates[0].isoformat()} to {dates[-1].isoformat()}"
        )
    return found


def last_date() -> dt.date:
    """Return the last date with shipped deals."""
    return max(shipped())


def first_date() -> dt.date:
    """Return the first date with shipped deals."""
    return min(shipped())
