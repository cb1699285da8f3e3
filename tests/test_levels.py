"""Deals by difficulty (issue 30, part 3): the shipped levels' rows are consistent (codes
of their variant, suits and rule, in their candidate sequence's order, each proved), and
the ladder holds on the shortest 1-star deal (the hint at width 12 wins it, in the line's
length shipped)."""

from __future__ import annotations

import csv
import hashlib
import itertools
from pathlib import Path

import pytest

from spider_solitaire import Game, levels
from spider_solitaire.cli import main
from spider_solitaire.codes import GameCode, code_forms
from spider_solitaire.levels import (
    DATA_FILE,
    GENTLE_WIDTH,
    HEADER,
    LEVELS,
    SHIPPED_WIDTH,
    deals,
    level_of,
    levels_offered,
    shipped,
)
from spider_solitaire.solver import solve
from spider_solitaire.solver.hints import HINT_WIDTH, hint
from spider_solitaire.variants import CLASSIC, VARIANT_NAMES
from spider_solitaire.winnable import PROOF_NODE_LIMIT, candidate_codes, stock, stock_levels

DATA = Path(__file__).resolve().parent.parent / "src" / "spider_solitaire" / "data" / DATA_FILE


SPIDER_SHA256 = "c781e9e77a73405f7f94147f5ec7b43a146726e182d86212e0d9d5b02f82029b"
"""The SHA-256 of the header and ``spider``'s 150 rows, the first shipped: the file only
ever grows (``scripts/rate_deals.py`` appends), so it always starts with those bytes."""

SPIDER_ROWS = 150
"""``spider``'s rows: 10 deals a level (1 to 3 stars) at each of its 5 suit counts and rules."""


SHA256 = "ef7ced4c78dc917297f899680571824b1204f5bb84a30b113d1ca7a54eceee52"
"""The shipped file's SHA-256. A new run of scripts/rate_deals.py only appends: pin the new
hash then, after checking with ``git diff`` that no shipped row changed."""


def test_the_shipped_file_is_pinned() -> None:
    assert hashlib.sha256(DATA.read_bytes()).hexdigest() == SHA256


def test_every_level_of_every_game_of_the_family_has_deals_of_every_star() -> None:
    for variant in VARIANT_NAMES:
        for suits, rule in stock_levels(variant):
            assert levels_offered(suits, rule, variant) == LEVELS, (variant, suits, rule)


def test_the_file_only_grows_from_spider_s_rows() -> None:
    lines = DATA.read_bytes().splitlines(keepends=True)
    assert hashlib.sha256(b"".join(lines[: SPIDER_ROWS + 1])).hexdigest() == SPIDER_SHA256
    for suits, rule in stock_levels("spider"):
        assert [len(deals(suits, rule, level, "spider")) for level in LEVELS] == [10, 10, 10]


def test_the_widths_are_the_hint_s() -> None:
    assert SHIPPED_WIDTH == HINT_WIDTH == 120
    assert GENTLE_WIDTH == 12 == HINT_WIDTH // 10


def test_every_row_is_a_deal_of_its_variant_suits_and_rule_proved_once() -> None:
    with DATA.open(encoding="utf-8") as source:
        rows = list(csv.reader(source))
    assert tuple(rows[0]) == HEADER
    assert len(shipped()) == len(rows) - 1 > 0
    seen = set()
    for rated in shipped():
        code = GameCode.parse(rated.code)
        variant, suits, rule = rated.key
        assert (code.variant.name, code.suits, code.rule) == (variant, suits, rule)
        assert code.version == 1 and rated.level in LEVELS
        assert rated.code not in seen, f"{rated.code} is rated twice"
        seen.add(rated.code)
        if rated.level < 3:  # proved by the hint's own winning line
            assert rated.proof == "hint" and rated.actions is not None and rated.actions > 0
        else:  # proved by the solver: the winnable stock (or a proof of the script's)
            assert rated.proof in ("stock", "solver") and rated.actions is None
            if rated.proof == "stock":
                assert rated.code in stock(suits, rule, variant)


def test_each_level_s_rows_come_in_their_candidate_sequence_s_order() -> None:
    keys = {rated.key for rated in shipped()}
    for variant, suits, rule in keys:
        rows = [rated for rated in shipped() if rated.key == (variant, suits, rule)]
        places = {}
        wanted = {rated.code for rated in rows}
        sequence = candidate_codes(suits, rule, variant)
        for place, code in enumerate(itertools.islice(sequence, 20_000)):
            if code in wanted:
                places[code] = place
                if len(places) == len(wanted):
                    break
        assert set(places) == wanted, f"{variant} {suits} {rule}: not candidates"
        for level in LEVELS:
            order = [places[rated.code] for rated in rows if rated.level == level]
            assert order == sorted(order), f"{variant} {suits} {rule} level {level}"


def test_the_solver_wins_the_1_suit_3_star_deals_it_proved_for_the_levels() -> None:
    # the 3-star deals proved by the rating script, not in the winnable stock: solved
    # again within the stock's node limit (the 1-suit ones: about a second each)
    proved = [r for r in shipped() if r.proof == "solver" and r.key[1] == 1]
    assert proved, "the shipped rows have 1-suit 3-star deals the solver proved"
    for rated in proved:
        variant, suits, rule = rated.key
        assert rated.code not in stock(suits, rule, variant)
        result = solve(Game.from_code(rated.code), node_limit=PROOF_NODE_LIMIT)
        assert result.status == "won", rated.code


def test_a_game_s_level_is_a_lookup_of_its_code_in_either_version() -> None:
    first = deals(1, CLASSIC, 1, "spider")[0]
    old, new = code_forms(first)
    assert level_of(old) == level_of(new.lower()) == 1
    assert level_of("SP1-S1C-AAAAAAA") is None and level_of("not a code") is None
    assert levels_offered(1, "flexible", "spider") == levels_offered(1, CLASSIC, "spider")
    assert 1 in levels_offered(1, CLASSIC, "spider")
    assert deals(1, CLASSIC, 1, "no such game") == ()


def test_the_hint_at_width_12_wins_the_shortest_1_suit_1_star_deal() -> None:
    rated = min(
        (r for r in shipped() if r.key[1] == 1 and r.level == 1),
        key=lambda r: (r.actions or 0, r.code),
    )
    game = Game.from_code(rated.code, undo_limit=100)
    while not game.is_won and game.move_count < 1500:
        move = hint(game, width=GENTLE_WIDTH, budget=0, endgame=False).move
        assert move is not None, f"stuck at action {game.move_count}"
        game.play(move)
    assert game.is_won
    assert game.move_count == rated.actions


def test_spider_deal_stars_prints_a_deal_of_that_level(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    assert main(["deal", "--suits", "1", "--stars", "1"]) == 0
    code = capsys.readouterr().out.splitlines()[0]
    assert code in deals(1, CLASSIC, 1, "spider") and level_of(code) == 1
    monkeypatch.setattr(levels, "deals", lambda *args: ())
    assert main(["deal", "--suits", "1", "--stars", "2"]) == 2
    assert capsys.readouterr().err == (
        "spider deal: no deal of spider, 1 suit(s), classic is rated 2 star(s)\n"
    )
