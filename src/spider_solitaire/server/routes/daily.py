"""``/api/daily``: the daily deal of the player's date, the month's calendar and the daily
streak (docs/api.md)."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query

from ..record.daily import time_zone
from ..schemas.daily import DailyView
from .deps import Blocker, Daily, Language, Player, error_responses

router = APIRouter(prefix="/api", tags=["daily"])


@router.get(
    "/daily",
    responses=error_responses(
        s400="no_daily_deal (no deals for that date), bad_time_zone, bad_request"
    ),
    summary="The daily deal",
)
async def daily(
    book: Daily,
    blocking: Blocker,
    player: Player,
    language: Language,
    date: Annotated[str, Query(max_length=10, description="the player's local date, YYYY-MM-DD")],
    month: Annotated[
        str | None, Query(max_length=7, description="the calendar's month, YYYY-MM")
    ] = None,
    tz: Annotated[
        str | None, Query(max_length=64, description="the player's IANA time zone")
    ] = None,
    offset: Annotated[
        int | None, Query(description="or the player's offset from UTC, minutes east")
    ] = None,
) -> DailyView:
    """The three deals of ``date`` (the player's local date) with the player's result for
    each, the calendar of ``month`` (default: the date's), and the daily streak. A win
    counts on the day when it fell on the deal's date in the player's time zone (``tz``,
    else ``offset``, else UTC)."""
    zone = time_zone(tz, offset)
    return await blocking(book.view, player, date, month, zone, language)
