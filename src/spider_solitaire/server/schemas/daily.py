"""The models of ``/api/daily``: the daily deals of a date, the calendar and the streak."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, Field

from .common import SuitCount

DailyStatus = Literal["won", "won_assisted", "won_late", "solved", "lost", "playing", "none"]
"""The player's result for a daily deal: ``won`` (on its own date, in the player's time
zone, by the player alone), ``won_assisted`` (on its own date, with a hint or "Can I still
win?"), ``won_late`` (won on a later date), ``solved`` (won by "Show solution": the solver
played it, which is no daily win), ``lost`` (counted lost, never won), ``playing`` (a game
of it undecided), ``none`` (not played)."""


class DailyDealView(BaseModel):
    """One of a date's three daily deals: its ``suits``, game ``code``, whether it is the
    ``featured`` one (2 suits), its ``label`` ("2 suits · Classic"), and the player's
    ``status`` (with ``status_label`` in words)."""

    suits: SuitCount
    code: str
    featured: bool
    label: str
    status: DailyStatus
    status_label: str


class DailyDay(BaseModel):
    """A date of the month's calendar: ``featured``: the player's result for the 2-suit
    deal; ``others``: the best of the 1- and 4-suit deals (won, won late, playing, lost,
    none in that order); ``playable``: it has deals and is not after today; ``label``: the
    date and its results in words, for screen readers."""

    date: str
    day: Annotated[int, Field(ge=1, le=31)]
    featured: DailyStatus
    others: DailyStatus
    playable: bool
    today: bool
    label: str


class DailyView(BaseModel):
    """``GET /api/daily``: the ``date``'s deals with the player's results, the month's
    calendar (``month`` YYYY-MM, its ``month_label``, the seven ``weekdays`` from Monday,
    ``lead``: empty places before the 1st in a week starting on Monday, ``days``),
    ``previous``/``next`` months with deals (null at the ends; ``next`` stops at the month
    of ``date``, the player's today: a decision of ours), and the daily
    ``streak`` (dates in a row won on their own date, counting back from today or
    yesterday) with ``streak_text``."""

    date: str
    label: str
    deals: list[DailyDealView]
    month: str
    month_label: str
    weekdays: Annotated[list[str], Field(min_length=7, max_length=7)]
    lead: Annotated[int, Field(ge=0, le=6)]
    days: list[DailyDay]
    previous: str | None
    next: str | None
    streak: Annotated[int, Field(ge=0)]
    streak_text: str
