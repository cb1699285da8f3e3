"""The daily deal in the browser (issue 10): today's deals in the New game window, the
calendar (marks for a win on the day and a late win, the daily streak, keys, screen-reader
labels, English and Spanish) and the header's daily label."""

from __future__ import annotations

import datetime as dt
from typing import Any

from playwright.sync_api import expect

from spider_solitaire.daily import daily_deals
from spider_solitaire.messages import message

from .support import PHONE, SMALL_PHONE, Table, has_class, winning_line

LOCAL_DATE = """() => {
  const d = new Date(), two = (n) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}`;
}"""
"""The page's local date, as the page sends it."""


def _local_date(table: Table) -> dt.date:
    return dt.date.fromisoformat(table.page.evaluate(LOCAL_DATE))


def _short(day: dt.date, language: str = "en") -> str:
    """A date as the header's label shows it: "2 Dec"."""
    month = message("record", f"month_short_{day.month}", language)
    return f"{day.day} {month}" if language == "en" else f"{day.day} de {month}"


def _win_current(table: Table) -> dict[str, Any]:
    """Win the current game: every move but the last through the API, the last in the page."""
    line = winning_line(table.api_state()["code"])
    for action in line[:-1]:
        table.api_action(action)
    table.reload()
    table.play_move(line[-1])
    state = table.api_state()
    assert state["is_won"]
    expect(table.page.locator("#win-dialog")).to_be_visible(timeout=15_000)
    table.page.locator("#win-dialog").press("Escape")
    return state


def _open_calendar(table: Table) -> Any:
    page = table.page
    page.locator("#menu-button").click()
    page.locator("#open-daily").click()
    dialog = page.locator("#daily-dialog")
    expect(dialog).to_be_visible()
    table.idle()
    return dialog


def test_todays_deal_is_offered_and_wins_mark_the_calendar(table: Table) -> None:
    table.open()
    page = table.page
    today = _local_date(table)
    yesterday = today - dt.timedelta(days=1)
    deals = daily_deals(today).codes

    page.locator("#new-game").click()
    buttons = page.locator("#new-daily-deals .daily-play")
    expect(buttons).to_have_count(3)
    expect(buttons.nth(0)).to_contain_text("Featured · 2 suits · Classic")
    expect(buttons.nth(0)).to_contain_text("not played")
    expect(buttons.nth(1)).to_contain_text("1 suit")
    expect(buttons.nth(2)).to_contain_text("4 suits · Classic")
    buttons.nth(1).click()
    expect(page.locator("#new-dialog")).to_be_hidden()
    table.idle()
    state = table.api_state()
    assert (state["code"], state["labels"]["daily"]) == (deals[1], f"Daily · {_short(today)}")
    expect(page.locator("#daily-label")).to_have_text(f"Daily · {_short(today)}")

    _win_current(table)
    dialog = _open_calendar(table)
    expect(page.locator("#daily-streak")).to_have_text("Daily streak: 1 day.")
    day = page.locator(f'#daily-grid [data-date="{today.isoformat()}"]')
    expect(day).to_have_class(has_class("mark-won"))
    expect(day).to_have_attribute("aria-current", "date")
    api = page.request.get(f"{table.base_url}/api/daily?date={today.isoformat()}&tz=UTC").json()
    label = next(d["label"] for d in api["days"] if d["date"] == today.isoformat())
    expect(day).to_have_attribute("aria-label", label)
    assert label.endswith("other deals won on the day.")
    expect(day).to_be_focused()
    expect(page.locator("#daily-chosen .daily-play").nth(1)).to_contain_text("won on the day")

    # the keys: left to yesterday (another month's grid when today is the 1st), Enter chooses it
    page.keyboard.press("ArrowLeft")
    before = page.locator(f'#daily-grid [data-date="{yesterday.isoformat()}"]')
    expect(before).to_be_focused()
    page.keyboard.press("ArrowRight")
    expect(day).to_be_focused()
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("Enter")
    expect(before).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#daily-chosen-label")).to_contain_text(str(yesterday.year))
    chosen = page.locator("#daily-chosen .daily-play")
    expect(chosen).to_have_count(3)

    # yesterday's 1-suit deal, played and won today: won late, not in the streak
    chosen.nth(1).click()
    expect(dialog).to_be_hidden()
    table.idle()
    assert table.api_state()["code"] == daily_deals(yesterday).codes[1]
    expect(page.locator("#daily-label")).to_have_text(f"Daily · {_short(yesterday)}")
    _win_current(table)
    _open_calendar(table)
    expect(page.locator("#daily-streak")).to_have_text("Daily streak: 1 day.")
    if yesterday.month != today.month:
        page.locator("#daily-prev").click()
        table.idle()
    expect(before).to_have_class(has_class("mark-late"))
    expect(before).not_to_have_class(has_class("mark-won"))


def test_a_daily_left_unfinished_asks_first_and_the_calendar_speaks_spanish(
    make_table: Any,
) -> None:
    table = make_table(locale="es-ES")
    table.open()
    page = table.page
    today = _local_date(table)
    table.api_action("d")  # the current game has an action: leaving it counts as a loss
    page.locator("#new-game").click()
    page.locator("#new-daily-calendar").click()
    dialog = page.locator("#daily-dialog")
    expect(dialog).to_be_visible()
    table.idle()
    expect(page.locator("#daily-title")).to_have_text("Partida diaria")
    month = message("record", f"month_{today.month}", "es")
    expect(page.locator("#daily-month")).to_have_text(f"{month} de {today.year}")
    expect(page.locator("#daily-streak")).to_have_text("Racha diaria: 0 días.")
    expect(page.locator("#daily-grid th").first).to_have_text("lu")
    chosen = page.locator("#daily-chosen .daily-play")
    expect(chosen.nth(0)).to_contain_text("Destacada · 2 palos · Clásica")
    chosen.nth(0).click()
    confirm = page.locator("#confirm-dialog")
    expect(confirm).to_be_visible()
    confirm.locator("#confirm-yes").click()
    table.idle()
    state = table.api_state()
    assert state["code"] == daily_deals(today).codes[2]
    expect(page.locator("#daily-label")).to_have_text(f"Diaria · {_short(today, 'es')}")


def test_the_statistics_window_has_the_daily_row_apart(table: Table) -> None:
    table.open()
    page = table.page
    today = _local_date(table)
    response = page.request.post(
        f"{table.base_url}/api/games", data={"daily": today.isoformat(), "suits": 1}
    )
    assert response.status == 201, response.text()
    table.reload()
    _win_current(table)
    page.locator("#menu-button").click()
    page.locator("#open-stats").click()
    expect(page.locator("#stats-dialog")).to_be_visible()
    # a daily game's own row is shown first, and the 1-suit row has nothing of it
    expect(page.locator("#stats-variant")).to_have_value("daily")
    expect(page.locator("#stats-variant option:checked")).to_have_text("Daily deal")
    expect(page.locator('[data-figure="unassisted.won"]')).to_have_text("1")
    expect(page.locator('[data-figure="unassisted.current_streak"]')).to_have_text("1")
    expect(page.locator("#stats-reset")).to_be_hidden()
    page.locator("#stats-variant").select_option("spider-1-classic")
    expect(page.locator('[data-figure="unassisted.finished"]')).to_have_text("0")
    expect(page.locator("#stats-reset")).to_be_visible()


def test_the_daily_label_fits_the_phone_headers(make_table: Any) -> None:
    for viewport in (PHONE, SMALL_PHONE):
        table = make_table(viewport=viewport)
        table.open()
        page = table.page
        today = _local_date(table)
        response = page.request.post(
            f"{table.base_url}/api/games", data={"daily": today.isoformat(), "suits": 1}
        )
        assert response.status == 201, response.text()
        table.reload()
        header = page.locator("header.bar").bounding_box()
        assert header is not None and header["height"] <= viewport["height"] / 5, viewport
        label = page.locator("#daily-label")
        if viewport is PHONE:
            expect(label).to_be_visible()
            expect(label).to_have_text(f"Daily · {_short(today)}")
            box = label.bounding_box()
            assert box is not None and box["y"] + box["height"] <= header["y"] + header["height"]
            assert box["x"] >= 0 and box["x"] + box["width"] <= viewport["width"]
        else:
            expect(label).to_be_hidden()
        page.locator("#menu-button").click()
        expect(page.locator("#menu-daily")).to_have_text(f"Daily · {_short(today)}")


def test_the_chosen_day_follows_the_month_shown(table: Table) -> None:
    """The calendar's chosen day (whose deals are listed) is always in the month shown, and
    the next arrow stops at the player's own month (issue 19)."""
    table.open()
    page = table.page
    today = _local_date(table)
    _open_calendar(table)
    pressed = page.locator('#daily-grid [aria-pressed="true"]')
    expect(pressed).to_have_attribute("data-date", today.isoformat())
    expect(page.locator("#daily-next")).to_be_disabled()  # no month of days to come

    page.locator("#daily-prev").click()
    table.idle()
    before = (today.replace(day=1) - dt.timedelta(days=1)).replace(day=1)
    expect(page.locator("#daily-month")).to_have_text(f"{before:%B %Y}")
    expect(pressed).to_have_count(1)
    assert (pressed.get_attribute("data-date") or "").startswith(f"{before:%Y-%m}-")
    chosen = dt.date.fromisoformat(pressed.get_attribute("data-date") or "")
    expect(page.locator("#daily-chosen-label")).to_contain_text(f"{chosen.day} {chosen:%B %Y}")
    expect(page.locator("#daily-chosen .daily-play").nth(0)).to_be_visible()

    # back to this month: the chosen day is today again
    page.locator("#daily-next").click()
    table.idle()
    expect(pressed).to_have_attribute("data-date", today.isoformat())
    expect(page.locator("#daily-next")).to_be_disabled()
