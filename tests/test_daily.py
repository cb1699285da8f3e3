"""The daily deals: shipped choices never change, each is winnable, the sequence is fixed."""

from __future__ import annotations

import datetime as dt
import hashlib
import itertools
from pathlib import Path

import pytest

from spider_solitaire import Game
from spider_solitaire.cli import main
from spider_solitaire.codes import GameCode
from spider_solitaire.daily import (
    CHOICE_NODE_LIMIT,
    DAILY_SUITS,
    DailyDealMissingError,
    candidate_codes,
    daily_deals,
    first_date,
    last_date,
    shipped,
)
from spider_solitaire.solver import solve
from spider_solitaire.variants import CLASSIC

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "src" / "spider_solitaire" / "data" / "daily.csv"
PINS = Path(__file__).resolve().parent / "data" / "daily_pins.txt"


def pins() -> dict[str, str]:
    lines = PINS.read_text(encoding="utf-8").splitlines()
    return dict(line.split() for line in lines if line and not line.startswith("#"))


def test_every_shipped_date_keeps_its_pinned_deals() -> None:
    rows = DATA.read_text(encoding="utf-8").splitlines()
    assert rows[0] == "date,suits1,suits2,suits4"
    shipped_pins = {
        row.split(",")[0]: hashlib.sha256(row.encode()).hexdigest()[:16] for row in rows[1:]
    }
    # a pinned date may not change or disappear; a shipped date must be pinned
    assert shipped_pins == pins()
    assert len(shipped_pins) == 792


def test_the_dates_run_without_a_gap_and_the_codes_are_classic_deals() -> None:
    dates = sorted(shipped())
    assert (dates[0], dates[-1]) == (dt.date(2026, 11, 1), dt.date(2028, 12, 31))
    assert (first_date(), last_date()) == (dates[0], dates[-1])
    assert all(later - earlier == dt.timedelta(1) for earlier, later in itertools.pairwise(dates))
    for deals in shipped().values():
        assert sorted(deals.codes) == list(DAILY_SUITS)
        for suits, code in deals.codes.items():
            parsed = GameCode.parse(code)
            assert (parsed.suits, parsed.rule) == (suits, CLASSIC)
            # the deal is one of the date's own candidates (the first few solver-won one)
            assert code in itertools.islice(candidate_codes(deals.date, suits), 8)


def test_the_candidate_sequence_depends_only_on_the_date_and_suits() -> None:
    first = list(itertools.islice(candidate_codes(dt.date(2026, 12, 1), 2), 3))
    assert first == list(itertools.islice(candidate_codes(dt.date(2026, 12, 1), 2), 3))
    assert first[0] == "SP1-S2C-QAAA3JB"
    assert next(candidate_codes(dt.date(2026, 12, 2), 2)) != first[0]
    assert next(candidate_codes(dt.date(2026, 12, 1), 4)).startswith("SP1-S4C-")
    with pytest.raises(ValueError, match="suits 3 is not 1, 2 or 4"):
        next(candidate_codes(dt.date(2026, 12, 1), 3))


@pytest.mark.slow
@pytest.mark.parametrize("suits", DAILY_SUITS)
@pytest.mark.parametrize("date", [dt.date(2026, 12, 1), dt.date(2027, 1, 10)])
def test_a_sample_of_shipped_deals_is_won_by_the_solver_from_the_start(
    date: dt.date, suits: int
) -> None:
    # one test per date and number of suits (each a few solves), so that they run in parallel
    code = daily_deals(date).codes[suits]
    result = solve(Game.from_code(code), node_limit=CHOICE_NODE_LIMIT)
    assert result.status == "won", (date, suits, code)
    candidates = list(itertools.islice(candidate_codes(date, suits), 8))
    if candidates[0] != code:
        # a later candidate was chosen: the one before it was not won within the limit
        before = candidates[candidates.index(code) - 1]
        assert solve(Game.from_code(before), node_limit=CHOICE_NODE_LIMIT).status != "won"


def test_a_date_without_deals_says_which_dates_have_them() -> None:
    with pytest.raises(DailyDealMissingError) as refused:
        daily_deals(dt.date(2030, 1, 1))
    assert str(refused.value) == (
        "no daily deal for 2030-01-01: deals are shipped from 2026-11-01 to 2028-12-31"
    )


def test_spider_daily_prints_a_dates_deals(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["daily", "2026-12-01"]) == 0
    lines = capsys.readouterr().out.splitlines()
    codes = daily_deals(dt.date(2026, 12, 1)).codes
    assert lines == [
        f"2026-12-01  1 suit   {codes[1]}",
        f"2026-12-01  2 suits  {codes[2]}  (featured)",
        f"2026-12-01  4 suits  {codes[4]}",
    ]
    assert main(["daily", "2026-12-01", "--suits", "4"]) == 0
    assert capsys.readouterr().out == codes[4] + "\n"
    assert main(["daily", "2035-06-01"]) == 2
    assert "no daily deal for 2035-06-01" in capsys.readouterr().err
