"""Fit the hint's stage values on tuning deals and write ``solver/values.py``.

The hint judges a line by the chance to win from where it leads
(:func:`spider_solitaire.solver.judge.chance`): a logistic curve of the position's
evaluation, one per suit count and stage (stock rows left, 0 to 5). This script plays the
tuning deals (``bench/data/tuning.txt``, never the check deals of ``bench/data/codes.txt``)
with the shipped hint alone, no undo (``bench/hintbot.py``'s player), records before each
hint the stage and the evaluation of the player's view, labels every record with the
game's outcome (won or not), fits the curve of each stage by logistic regression
(scikit-learn, the ``tune`` extra: ``pip install -e '.[tune]'``; never a dependency of the
game), and writes the numbers into ``src/spider_solitaire/solver/values.py``. Played again
with the new values, the hint changes, so ``--rounds 2`` refits on its new games (the
bot's own results, as the issue's recipe says). It prints how long each round took.

Usage::

    PYTHONPATH=.compiled .venv/bin/python scripts/train_hint_values.py \\
        --suits 1,2,4 --count 60,100,400 --budget 5000 --jobs 2 --rounds 1

A stage with no win or no loss among its records keeps a curve fitted on all stages
together (its intercept and slope), so every stage has one.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))

from hintbot import play_one  # noqa: E402
from solve import read_codes  # noqa: E402
from spider_solitaire.solver import values  # noqa: E402

TUNING = ROOT / "bench" / "data" / "tuning.txt"
VALUES = ROOT / "src" / "spider_solitaire" / "solver" / "values.py"
STAGES = 6


def records(rows: list[dict[str, object]]) -> list[tuple[int, int, int]]:
    """``(rows_left, score, won)`` for every hint of every game of ``rows``."""
    out = []
    for row in rows:
        won = int(row["end"] == "won")
        trace = row["trace"]
        assert isinstance(trace, list)
        out += [(int(rows_left), int(score), won) for rows_left, score in trace]
    return out


def fit(points: list[tuple[int, int, int]]) -> tuple[float, float] | None:
    """Fit ``(a, b)`` of ``P(won) = 1 / (1 + exp(-(a + b * score / VALUE_SCALE)))``; None
    when the points hold only wins or only losses."""
    from sklearn.linear_model import LogisticRegression

    labels = [won for _, _, won in points]
    if len(set(labels)) < 2:
        return None
    features = [[score / values.VALUE_SCALE] for _, score, _ in points]
    model = LogisticRegression(C=10.0).fit(features, labels)
    return float(model.intercept_[0]), float(model.coef_[0][0])


def fit_stages(points: list[tuple[int, int, int]]) -> tuple[tuple[float, float], ...]:
    """One curve per stage (0..5); a stage that cannot be fitted takes the pooled curve."""
    pooled = fit(points) or (0.0, -1.0)
    curves = []
    for stage in range(STAGES):
        curve = fit([point for point in points if point[0] == stage])
        curves.append(curve or pooled)
    return tuple((round(a, 4), round(b, 4)) for a, b in curves)


def write_values(curves: dict[int, tuple[tuple[float, float], ...]], note: str) -> None:
    """Rewrite :data:`values.STAGE_VALUES` in ``values.py`` (the rest of the file kept)."""
    text = VALUES.read_text(encoding="utf-8")
    start = text.index("STAGE_VALUES: Final")
    lines = ["STAGE_VALUES: Final[dict[int, tuple[tuple[float, float], ...]]] = {"]
    for suits in sorted(curves):
        lines.append(f"    {suits}: (")
        lines += [f"        ({a!r}, {b!r})," for a, b in curves[suits]]
        lines.append("    ),")
    lines.append("}")
    lines.append('"""``(a, b)`` per stage (rows left 0 to 5) for each suit count')
    lines.append(f'({note})."""')
    VALUES.write_text(text[:start] + "\n".join(lines) + "\n", encoding="utf-8")


def play(codes: list[str], budget: int, jobs: int) -> list[dict[str, object]]:
    """Play ``codes`` with the shipped hint at ``budget`` nodes, ``jobs`` at a time."""
    settings: dict[str, object] = {"hint": "shipped", "budget": budget, "max_actions": 1500}
    context = multiprocessing.get_context("fork")
    with context.Pool(jobs) as pool:
        return pool.starmap(play_one, [(code, settings) for code in codes])


def main() -> None:
    """Parse the options, play, fit, write; print what each round took and found."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--suits", default="1,2,4")
    parser.add_argument("--count", default="60,100,400")
    parser.add_argument("--budget", type=int, default=5000)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--keep", type=Path, help="JSON lines of the games played, appended")
    args = parser.parse_args()
    suit_counts = [int(part) for part in args.suits.split(",")]
    counts = [int(part) for part in args.count.split(",")]
    curves = dict(values.STAGE_VALUES)
    for round_number in range(1, args.rounds + 1):
        started = time.monotonic()
        for suits, count in zip(suit_counts, counts, strict=True):
            codes = read_codes(TUNING, suits, "classic", count)
            rows = play(codes, args.budget, args.jobs)
            if args.keep:
                with args.keep.open("a", encoding="utf-8") as out:
                    out.writelines(json.dumps(row) + "\n" for row in rows)
            wins = sum(1 for row in rows if row["end"] == "won")
            curves[suits] = fit_stages(records(rows))
            print(f"round {round_number}, {suits} suit(s): {wins}/{len(rows)} won; {curves[suits]}")
        note = (
            f"fitted by scripts/train_hint_values.py on tuning deals, budget {args.budget}, "
            f"{round_number} round(s)"
        )
        write_values(curves, note)
        # the next round plays with the new curves (in place: the judge holds this dict,
        # compiled or not)
        values.STAGE_VALUES.update(curves)
        print(f"round {round_number}: {time.monotonic() - started:.0f} s", flush=True)


if __name__ == "__main__":
    main()
