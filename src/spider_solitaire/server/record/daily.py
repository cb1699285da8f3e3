"""The daily view: the daily deal as the player sees it: ``GET /api/daily`` (a date's three
deals with the player's result for each, the month's calendar and the daily streak), and the
warning at start when the shipped deals run short.

The deals come from :mod:`spider_solitaire.daily` (shipped data; nothing is solved here).
The player's results come from their daily games (``games.daily_date``), read only.

Which date a win falls on (decisions of ours):

* "today" is the player's local date, which the browser sends; any date with shipped deals
  that has begun somewhere is accepted (as with Wordle, the server does not check the
  player's clock, but a date later than the date at UTC+14 is refused:
  :func:`..checks.check_begun`);
* a win counts as won on the day when the moment the game was first won
  (``finished_won_at``), in the time zone the request names (an IANA name, or the offset
  from UTC in minutes), falls on the deal's own date; a later win is "won late";
* any win of the deal by the player counts for the calendar (counted or practice); a win
  with a hint or "Can I still win?" is marked assisted (``won_assisted``); a game in which
  "Show solution" played a move (``solved``: the solver played it) is no win of the
  player's: ``solved``, not won on the day, in no streak; a deal lost (counted) and never
  won is lost; an undecided game of it is playing;
* the daily streak counts dates in a row on which at least one of the date's deals was
  won on the day by the player (``won`` or ``won_assisted``), ending today, or yesterday
  while today is not won yet.
"""

from __future__ import annotations

import calendar
import datetime as dt
import logging
from collections.abc import Callable, Iterable
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from ...daily import DAILY_RULE, DAILY_SUITS, FEATURED_SUITS, daily_deals, first_date, last_date
from ..checks import check_begun, daily_date
from ..db import GameRecord, Store
from ..errors import ApiError
from ..ids import MONTH, time_zone_name
from ..schemas.daily import DailyDay, DailyDealView, DailyStatus, DailyView
from ..texts import (
    daily_date_long,
    daily_day_label,
    daily_status_label,
    daily_streak_text,
    month_label,
    variant_label,
    weekday_names,
)

log = logging.getLogger(__name__)

WARN_DAYS = 180
"""The server warns at start when fewer days than this are left in the shipped deals."""

STATUS_ORDER: tuple[DailyStatus, ...] = (
    "won",
    "won_assisted",
    "won_late",
    "solved",
    "playing",
    "lost",
    "none",
)
"""Results from best to worst: a calendar day's "others" shows the best of two deals."""

WON_ON_THE_DAY: frozenset[DailyStatus] = frozenset({"won", "won_assisted"})
"""The results that make a date count in the daily streak: won on the day by the player."""

STREAK_LOOKBACK = 800
"""Dates read back for the streak at most (longer than the shipped data)."""


def utc_today() -> dt.date:
    """Return today's date in UTC (where the start-up check reads the time)."""
    return dt.datetime.now(dt.UTC).date()


def check_daily_data(today: Callable[[], dt.date] | None = None) -> int:
    """Log a warning when fewer than :data:`WARN_DAYS` days of shipped daily deals are left
    after ``today()`` (default :func:`utc_today`); return the days left (the last date's
    distance from today)."""
    left = (last_date() - (today or utc_today)()).days
    if left < WARN_DAYS:
        log.warning(
            "only %d days of daily deals are left (the last is %s): run "
            "scripts/pick_daily_deals.py to choose more and ship them",
            left,
            last_date().isoformat(),
        )
    return left


def time_zone(name: str | None, offset: int | None) -> dt.tzinfo:
    """Return the player's time zone: the IANA ``name`` when given, else ``offset``
    minutes east of UTC, else UTC.

    Raises:
        ApiError: 400 ``bad_time_zone`` for an unknown name or an offset beyond 14 hours.
    """
    if name:
        try:
            if not time_zone_name(name):
                raise ValueError(name)
            return ZoneInfo(name)
        except (ZoneInfoNotFoundError, ValueError):
            raise ApiError(400, "bad_time_zone", detail=f"{name[:60]!r} is unknown") from None
    if offset is not None:
        if abs(offset) > 14 * 60:
            raise ApiError(400, "bad_time_zone", detail=f"{offset} minutes is beyond 14 hours")
        return dt.timezone(dt.timedelta(minutes=offset))
    return dt.UTC


def deal_status(games: Iterable[GameRecord], zone: dt.tzinfo) -> DailyStatus:
    """Return the player's result for one daily deal from their ``games`` of it (see the
    module docstring)."""
    status: DailyStatus = "none"
    for game in games:
        assert game.daily_date is not None
        found: DailyStatus
        if game.finished_won_at is not None and game.solved:
            found = "solved"
        elif game.finished_won_at is not None:
            won_on = game.finished_won_at.astimezone(zone).date()
            if won_on != game.daily_date:
                found = "won_late"
            else:
                found = "won_assisted" if game.assisted else "won"
        elif game.outcome == "lost":
            found = "lost"
        else:
            found = "playing"
        if STATUS_ORDER.index(found) < STATUS_ORDER.index(status):
            status = found
    return status


def _month(text: str) -> dt.date:
    """Return the first day of the month ``text`` (YYYY-MM).

    Raises:
        ApiError: 400 ``bad_request`` when it is not a month.
    """
    try:
        if not MONTH.fullmatch(text):
            raise ValueError(text)
        year, month = (int(part) for part in text.split("-"))
        return dt.date(year, month, 1)
    except ValueError:
        raise ApiError(400, "bad_request", detail=f"month {text[:20]!r} is not YYYY-MM") from None


class DailyBook:
    """``GET /api/daily`` for the routes.

    Args:
        store: the database (the player's daily games, read only).
    """

    def __init__(self, store: Store) -> None:
        self.store = store

    def _statuses(
        self, player_id: str | None, first: dt.date, last: dt.date, zone: dt.tzinfo
    ) -> dict[tuple[dt.date, int], DailyStatus]:
        """Return the player's result for each daily deal of ``first`` to ``last`` that
        they played, by (date, suits)."""
        if player_id is None:
            return {}
        by_deal: dict[tuple[dt.date, int], list[GameRecord]] = {}
        for game in self.store.games.daily(player_id, first, last):
            assert game.daily_date is not None
            by_deal.setdefault((game.daily_date, game.suits), []).append(game)
        return {key: deal_status(games, zone) for key, games in by_deal.items()}

    def streak(self, player_id: str | None, today: dt.date, zone: dt.tzinfo) -> int:
        """Return the daily streak on ``today`` (see the module docstring)."""
        first = max(first_date(), today - dt.timedelta(days=STREAK_LOOKBACK))
        statuses = self._statuses(player_id, first, today, zone)
        won_days = {day for (day, _), status in statuses.items() if status in WON_ON_THE_DAY}
        day = today if today in won_days else today - dt.timedelta(days=1)
        count = 0
        while day in won_days:
            count += 1
            day -= dt.timedelta(days=1)
        return count

    def view(
        self,
        player_id: str | None,
        date_text: str,
        month_text: str | None,
        zone: dt.tzinfo,
        language: str,
    ) -> DailyView:
        """Return the daily deal's view for the player's date ``date_text`` (see
        :class:`.schemas.daily.DailyView`), the calendar of ``month_text`` (YYYY-MM; default the
        date's month).

        Raises:
            ApiError: 400 ``no_daily_deal`` (a date without deals), ``daily_not_begun``
                (a date not begun anywhere yet), ``bad_request`` (a month that is not
                YYYY-MM, or outside the shipped data).
        """
        today = daily_date(date_text)
        check_begun(today, self.store.clock())
        first = _month(month_text) if month_text else today.replace(day=1)
        if not first_date().replace(day=1) <= first <= last_date():
            raise ApiError(400, "bad_request", detail=f"no daily deals in {first:%Y-%m}")
        days_in = calendar.monthrange(first.year, first.month)[1]
        last = first.replace(day=days_in)
        statuses = self._statuses(player_id, min(first, today), max(last, today), zone)

        def status(day: dt.date, suits: int) -> DailyStatus:
            return statuses.get((day, suits), "none")

        deals = [
            DailyDealView(
                suits=suits,
                code=daily_deals(today).codes[suits],
                featured=suits == FEATURED_SUITS,
                label=variant_label(suits, DAILY_RULE, language),
                status=status(today, suits),
                status_label=daily_status_label(status(today, suits), language),
            )
            for suits in sorted(DAILY_SUITS, key=lambda s: (s != FEATURED_SUITS, s))
        ]
        days = []
        for number in range(1, days_in + 1):
            day = first.replace(day=number)
            featured = status(day, FEATURED_SUITS)
            others = min(
                (status(day, s) for s in DAILY_SUITS if s != FEATURED_SUITS),
                key=STATUS_ORDER.index,
            )
            days.append(
                DailyDay(
                    date=day.isoformat(),
                    day=number,
                    featured=featured,
                    others=others,
                    playable=first_date() <= day <= min(today, last_date()),
                    today=day == today,
                    label=daily_day_label(day, featured, others, day == today, language),
                )
            )
        previous = (first - dt.timedelta(days=1)).replace(day=1)
        following = last + dt.timedelta(days=1)
        streak = self.streak(player_id, today, zone)
        return DailyView(
            date=today.isoformat(),
            label=daily_date_long(today, language),
            deals=deals,
            month=f"{first:%Y-%m}",
            month_label=month_label(first, language),
            weekdays=weekday_names(language),
            lead=first.weekday(),
            days=days,
            previous=f"{previous:%Y-%m}" if previous >= first_date().replace(day=1) else None,
            # no month after the player's own: its days are all to come (issue 19)
            next=f"{following:%Y-%m}" if following <= min(today, last_date()) else None,
            streak=streak,
            streak_text=daily_streak_text(streak, language),
        )
