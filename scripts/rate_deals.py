"""Rate deals one to three stars and append them to the package's levels (run by hand).

The ladder is :mod:`spider_solitaire.levels`'s: 1 star, the hint alone at width
:data:`~spider_solitaire.levels.GENTLE_WIDTH` (12) wins it; 2 stars, the shipped hint
(width :data:`~spider_solitaire.levels.SHIPPED_WIDTH`, 120) wins it and width 12 does not;
3 stars, the shipped hint loses it and the solver proved it (a deal of the winnable stock,
or, past the stock's last candidate, solved now within
:data:`~spider_solitaire.winnable.PROOF_NODE_LIMIT` positions). The hint plays every move
itself, no undo, budget 0 (the move is the same at any budget; much cheaper), at most
:data:`MAX_ACTIONS` actions.

For each variant asked for (``--variant``: names of the registry with commas, or ``all``)
and each of its levels (:func:`~spider_solitaire.winnable.stock_levels`), the candidates of
:func:`~spider_solitaire.winnable.candidate_codes` (the winnable stock's own sequence) are
rated in order; a level's rows are the first ``--count`` candidates rated that level, so
the rows depend only on the candidates and the (deterministic) hint and solver, never on
the machine, its load or when a run was stopped. A later run only appends: it rates the
candidates after each level's last shipped row. ``--step`` brings every level up
``--step`` deals at a time (so a run stopped early has some of everything); ``--max-tries``
gives a (variant, suits, rule) up after that many candidates in this run.

Prints each row appended (with the CPU seconds its rating took), then per variant, suits
and rule: the rows per level, the candidates rated and the CPU seconds spent (hint at
width 12, at width 120, solver), i.e. how long the data took. Run it on the compiled build,
one process::

    scripts/build-compiled.sh
    PYTHONPATH=.compiled nice -n 10 .venv/bin/python scripts/rate_deals.py --count 10 \\
        [--variant spider] [--levels 1C,2C,2F,4C,4F] [--step 5] [--max-tries N] [--verbose]

The shipped run (compiled build, one process, ``nice -n 10``, on two cores shared with
other work; CPU seconds of that process):

* ``spider`` (``--count 10 --step 5``): every level 10 deals; 1,284 s. 1 suit 209 s (198
  candidates), 2 suits Classic 110 s (39), Flexible 449 s (88), 4 suits Classic 234 s
  (215), Flexible 281 s (50). Every 3-star deal from the winnable stock.
* the other variants (``--variant spider-1949,bicycle,relaxed,spiderette,will-o-the-wisp
  --count 10 --step 5 --max-tries 60``), stopped at the deadline during the second round
  (bicycle 2 suits Flexible): 2,342 s over 1,516 candidates. Deals of 1/2/3 stars,
  candidates, CPU seconds:
  spider-1949 1C 10/4/10 (120, 119 s), 2C 10/10/10 (73, 162 s), 2F 10/10/10 (91, 306 s),
  4C 2/10/10 (120, 220 s), 4F 10/10/10 (53, 253 s);
  bicycle 1C 10/3/2 (120, 55 s), 2C 10/10/10 (100, 184 s), 2F 10/10/7 (51, 176 s),
  4C 2/5/5 (60, 69 s), 4F 5/5/5 (36, 239 s);
  relaxed 1C 5/5/5 (52, 50 s), 2C 5/5/5 (22, 48 s), 2F 5/5/5 (18, 80 s), 4C 1/5/5 (60,
  59 s), 4F 5/5/5 (27, 135 s);
  spiderette 1C 5/2/5 (60, 8 s), 2C 5/5/5 (40, 15 s), 2F 5/5/5 (26, 15 s), 4C 1/3/5
  (60, 12 s), 4F 5/4/5 (60, 31 s);
  will-o-the-wisp 1C 5/1/4 (60, 10 s), 2C 5/5/5 (48, 12 s), 2F 5/5/5 (58, 24 s),
  4C 5/5/5 (41, 16 s), 4F 5/4/5 (60, 44 s).
  A level under 5 ran out of its 60 candidates in the first round (rare there: 1 star at
  4 suits Classic, 2 or 3 stars at 1 suit); one at 5 was not reached by the second round.
  Running the same command again appends the rest (a deal is rated by its candidate's
  place, so the rows do not depend on where a run stopped).
* a second run (``--variant relaxed,spiderette,will-o-the-wisp,bicycle,spider-1949
  --count 10 --step 5 --max-tries 60``, ``nice -n 19`` beside the test suite), stopped at
  the deadline: 196 more rows, 858 s over 1,328 candidates. Deals of 1/2/3 stars after
  it: spider-1949 1C 10/5/10, 4C 5/10/10, the rest 10/10/10; bicycle 1C 10/3/2, 2F
  10/10/7, 4C 3/5/5, 4F 5/5/5, the rest 10/10/10; relaxed 1C 10/9/10, 4C 3/10/10, the
  rest 10/10/10; spiderette 1C 10/5/10, 2C 10/8/10, 2F 10/7/10, 4C 1/3/10, 4F 10/10/10;
  will-o-the-wisp 1C 10/1/5, 2F 10/7/10, 4C 10/8/10, 4F 10/9/10, 2C 10/10/10.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from spider_solitaire import Game
from spider_solitaire.levels import DATA_FILE, GENTLE_WIDTH, HEADER, LEVELS, SHIPPED_WIDTH
from spider_solitaire.solver import solve
from spider_solitaire.solver.hints import hint
from spider_solitaire.variants import VARIANT_NAMES
from spider_solitaire.winnable import PROOF_NODE_LIMIT, candidate_codes, stock, stock_levels

DATA = Path(__file__).resolve().parent.parent / "src" / "spider_solitaire" / "data" / DATA_FILE

MAX_ACTIONS = 1500
"""Actions a hint-played game may take before it counts as lost (as ``bench/hintbot.py``)."""

SEARCH_LIMIT = 1_000_000
"""Candidates looked through at most to find the shipped rows' places in the sequence."""

Key = tuple[str, int, str]
"""A variant's name, a suit count and a rule's name."""


@dataclass
class Figures:
    """What one (variant, suits, rule) cost in this run: candidates rated, CPU seconds of
    the hint at each width and of the solver, rows appended per level."""

    tried: int = 0
    total: int = 0
    seconds: dict[str, float] = field(
        default_factory=lambda: {"12": 0.0, "120": 0.0, "solver": 0.0}
    )
    added: dict[int, int] = field(default_factory=lambda: dict.fromkeys(LEVELS, 0))


PLAYED: dict[tuple[str, int], tuple[bool, int]] = {}
"""Games already played in this run, by (code, width): (won, actions)."""


def play(code: str, width: int, figures: Figures) -> tuple[bool, int]:
    """Play ``code`` with the hint alone at ``width`` (budget 0); return (won, actions)."""
    if (code, width) in PLAYED:
        return PLAYED[(code, width)]
    started = time.process_time()
    game = Game.from_code(code, undo_limit=100)
    while game.move_count < MAX_ACTIONS and not game.is_won:
        move = hint(game, width=width, budget=0, endgame=False).move
        if move is None:
            break
        game.play(move)
    figures.seconds[str(width)] += time.process_time() - started
    PLAYED[(code, width)] = (game.is_won, game.move_count)
    return PLAYED[(code, width)]


def prove(code: str, figures: Figures) -> bool:
    """Whether the solver wins ``code`` from the start within the stock's node limit."""
    started = time.process_time()
    won = solve(Game.from_code(code), node_limit=PROOF_NODE_LIMIT).status == "won"
    figures.seconds["solver"] += time.process_time() - started
    return won


def read_rows() -> list[list[str]]:
    """Return the shipped rows (without the header); write the header to a new file."""
    if not DATA.exists() or not DATA.stat().st_size:
        DATA.write_text(",".join(HEADER) + "\n", "utf-8")
    lines = DATA.read_text("utf-8").splitlines()
    assert tuple(lines[0].split(",")) == HEADER, f"{DATA} has another header"
    return [line.split(",") for line in lines[1:] if line]


def last_places(key: Key, rows: list[list[str]]) -> dict[int, int]:
    """The place in the candidate sequence of each level's last shipped row (-1: none)."""
    codes = {row[4]: int(row[3]) for row in rows if tuple(row[:3]) == (key[0], str(key[1]), key[2])}
    last = dict.fromkeys(LEVELS, -1)
    if not codes:
        return last
    found = 0
    for place, code in enumerate(candidates(key)):
        if code in codes:
            last[codes[code]] = place
            found += 1
            if found == len(codes):
                return last
        assert place < SEARCH_LIMIT, f"{key}: a shipped row is not a candidate"
    return last


def candidates(key: Key) -> Iterator[str]:
    """The candidate codes of ``key``, in order."""
    variant, suits, rule = key
    return candidate_codes(suits, rule, variant)


def rate(
    code: str, place: int, wanted: set[int], key: Key, figures: Figures
) -> tuple[int, str, str] | None:
    """Rate ``code`` (the ``place``-th candidate) for the levels in ``wanted``: return
    (level, proof, actions) when it is one of them, else None."""
    won, actions = play(code, GENTLE_WIDTH, figures)
    if won:
        return (1, "hint", str(actions)) if 1 in wanted else None
    if not wanted & {2, 3}:
        return None
    won, actions = play(code, SHIPPED_WIDTH, figures)
    if won:
        return (2, "hint", str(actions)) if 2 in wanted else None
    if 3 not in wanted:
        return None
    variant, suits, rule = key
    proved = stock(suits, rule, variant)
    if code in proved:
        return 3, "stock", ""
    if place > _place_of_last(key, proved[-1]) and prove(code, figures):
        return 3, "solver", ""
    return None


_LAST_STOCK: dict[Key, int] = {}


def _place_of_last(key: Key, code: str) -> int:
    """The place of the stock's last deal in ``key``'s sequence (the solver failed every
    candidate before it that is not in the stock)."""
    if key not in _LAST_STOCK:
        for place, candidate in enumerate(candidates(key)):
            if candidate == code:
                _LAST_STOCK[key] = place
                break
    return _LAST_STOCK[key]


def bring_up(key: Key, goal: int, figures: Figures, max_tries: int | None, verbose: bool) -> None:
    """Append ``key``'s next rated deals until each level has ``goal`` rows (or
    ``max_tries`` candidates were rated in this run)."""
    rows = read_rows()
    mine = [row for row in rows if tuple(row[:3]) == (key[0], str(key[1]), key[2])]
    need = {level: goal - sum(1 for row in mine if int(row[3]) == level) for level in LEVELS}
    last = last_places(key, rows)
    for place, code in enumerate(candidates(key)):
        wanted = {level for level in LEVELS if need[level] > 0 and place > last[level]}
        if not any(need[level] > 0 for level in LEVELS):
            return
        if not wanted:
            continue
        if max_tries is not None and figures.tried >= max_tries:
            return
        figures.tried += 1
        figures.total += 1
        started = sum(figures.seconds.values())
        rated = rate(code, place, wanted, key, figures)
        spent = sum(figures.seconds.values()) - started
        if verbose:
            print("rated", code, rated, f"{spent:.1f}", flush=True)
        if rated is not None:
            level, proof, actions = rated
            row = ",".join([key[0], str(key[1]), key[2], str(level), code, proof, actions])
            with DATA.open("a", encoding="utf-8") as out:
                out.write(row + "\n")
            print(row, f"{spent:.1f}", flush=True)
            need[level] -= 1
            figures.added[level] += 1


def chosen_keys(variant_text: str, levels_text: str) -> list[Key]:
    """The (variant, suits, rule) to rate, in order, from ``--variant`` and ``--levels``."""
    variants = (
        VARIANT_NAMES
        if variant_text.strip().lower() == "all"
        else [name.strip() for name in variant_text.split(",")]
    )
    keys: list[Key] = []
    for variant in variants:
        names = {
            f"{suits}{rule.letter}": (suits, rule.name) for suits, rule in stock_levels(variant)
        }
        chosen = [name.strip().upper() for name in levels_text.split(",")] if levels_text else names
        keys += [(variant, *names[name]) for name in chosen if name in names]
    return keys


def report(figures: dict[Key, Figures]) -> None:
    """Print what each (variant, suits, rule) got and cost."""
    rows = read_rows()
    for key, figure in figures.items():
        have = [row for row in rows if tuple(row[:3]) == (key[0], str(key[1]), key[2])]
        counts = ", ".join(
            f"{level} star(s) {sum(1 for row in have if int(row[3]) == level)}" for level in LEVELS
        )
        seconds = figure.seconds
        print(
            f"{key[0]} {key[1]} suits {key[2]}: {counts} shipped; this run added "
            f"{sum(figure.added.values())} after {figure.total} candidates rated, "
            f"{sum(seconds.values()):.0f} s CPU (hint width 12 {seconds['12']:.0f} s, "
            f"width 120 {seconds['120']:.0f} s, solver {seconds['solver']:.0f} s)",
            flush=True,
        )


def main() -> None:
    """Bring the levels asked for up to ``--count`` deals each, print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, required=True)
    parser.add_argument("--variant", default="spider", help="variants with commas, or 'all'")
    parser.add_argument("--levels", default="", help="like 1C,2C,2F,4C,4F (default: all)")
    parser.add_argument("--step", type=int, default=0, help="deals a level per round (0: all)")
    parser.add_argument("--max-tries", type=int, default=None, help="candidates a round")
    parser.add_argument("--verbose", action="store_true", help="print every candidate")
    args = parser.parse_args()
    keys = chosen_keys(args.variant, args.levels)
    figures = {key: Figures() for key in keys}
    step = args.step or args.count
    started = time.process_time()
    try:
        for goal in [*range(step, args.count, step), args.count]:
            for key in keys:
                figures[key].tried = 0
                bring_up(key, goal, figures[key], args.max_tries, args.verbose)
    finally:
        report(figures)
        print(f"CPU in total: {time.process_time() - started:.0f} s", flush=True)


if __name__ == "__main__":
    main()
