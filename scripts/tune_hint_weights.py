"""Fit the hint's evaluation weights for one suit count on tuning deals with CMA-ES (issue 28's
"cheap first step": the weights of the hint's score fitted by a black-box optimiser
against the bot's own results).

Each candidate set of weights is the start
(:data:`~spider_solitaire.solver.hints.HINT_WEIGHTS` of ``--start`` suits, by default
``--suits``) with every weight multiplied by ``exp(x_i)`` (CMA-ES searches ``x``, starting
at 0 with a step of ``--sigma``). A candidate plays ``--count`` tuning deals of ``--suits`` suits
(``bench/data/tuning.txt`` from its ``--skip``-th, never the check deals of
``bench/data/codes.txt``) with hints alone and no undo (``bench/hintbot.py``'s player) at
``--budget`` nodes and the look-ahead's ``--width``; its objective is the runs removed per
deal (a won deal removes 8; CMA-ES minimises the negative). Every generation's candidates
and figures are printed, and at the end the best weights met with their figures and how
long the run took. Nothing is written: the weights are copied into ``HINT_WEIGHTS`` by
hand, with the bench figures on tuning and check deals in the commit's note.

Needs the ``tune`` extra (``cma``; never a dependency of the game)::

    .venv/bin/pip install -e '.[tune]'
    PYTHONPATH=.compiled .venv/bin/python scripts/tune_hint_weights.py \\
        --count 40 --skip 100 --generations 4 --popsize 6 --jobs 2
"""

from __future__ import annotations

import argparse
import dataclasses
import math
import multiprocessing
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))

from solve import read_codes  # noqa: E402
from spider_solitaire import Game  # noqa: E402
from spider_solitaire.solver.facts import Weights  # noqa: E402
from spider_solitaire.solver.hints import HINT_WEIGHTS, HINT_WIDTH, hint  # noqa: E402

TUNING = ROOT / "bench" / "data" / "tuning.txt"
FIELDS = tuple(field.name for field in dataclasses.fields(Weights))


def weights_of(base: Weights, multipliers: list[float]) -> Weights:
    """``base`` with each weight multiplied by ``exp`` of its multiplier's log
    (``multipliers``: one float per field of :class:`Weights`, in field order; a weight
    of 0 stays 0)."""
    values = {
        name: round(getattr(base, name) * math.exp(step))
        for name, step in zip(FIELDS, multipliers, strict=True)
    }
    return Weights(**values)


def play(code: str, values: tuple[int, ...], budget: int, width: int) -> int:
    """Play ``code`` with hints alone at these settings (``values``: the weights in field
    order, as a tuple: the compiled build's :class:`Weights` does not cross processes);
    return the runs removed (8 when won)."""
    weights = Weights(*values)
    game = Game.from_code(code, undo_limit=100)
    while not game.is_won and game.move_count < 1500:
        found = hint(game, weights=weights, budget=budget, width=width)
        if found.move is None:
            break
        game.play(found.move)
    return len(game.removed)


def _play_star(job: tuple[str, tuple[int, ...], int, int]) -> int:
    """:func:`play` for a pool."""
    return play(*job)


def main() -> None:
    """Run CMA-ES and print every generation and the best weights met."""
    import cma  # the tune extra

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--suits", type=int, choices=(1, 2, 4), default=4)
    parser.add_argument(
        "--start", type=int, choices=(1, 2, 4), help="start from these suits' weights"
    )
    parser.add_argument("--count", type=int, default=40, help="tuning deals per candidate")
    parser.add_argument("--skip", type=int, default=0, help="tuning deals skipped first")
    parser.add_argument("--generations", type=int, default=4)
    parser.add_argument("--popsize", type=int, default=6)
    parser.add_argument("--sigma", type=float, default=0.3, help="first step, in log units")
    parser.add_argument("--budget", type=int, default=0, help="nodes per hint")
    parser.add_argument("--width", type=int, default=HINT_WIDTH, help="the look-ahead's width")
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    started = time.monotonic()
    base = HINT_WEIGHTS[args.start or args.suits]
    codes = read_codes(TUNING, args.suits, "classic", args.count + args.skip, "spider")[args.skip :]
    options = {"popsize": args.popsize, "seed": 1, "verbose": -9}
    strategy = cma.CMAEvolutionStrategy([0.0] * len(FIELDS), args.sigma, options)
    best: tuple[float, Weights] | None = None
    context = multiprocessing.get_context("fork")
    with context.Pool(args.jobs) as pool:
        for generation in range(1, args.generations + 1):
            candidates = strategy.ask()
            losses = []
            for candidate in candidates:
                weights = weights_of(base, list(candidate))
                values = tuple(getattr(weights, name) for name in FIELDS)
                jobs = [(code, values, args.budget, args.width) for code in codes]
                runs = pool.map(_play_star, jobs)
                mean = statistics.mean(runs)
                wins = sum(1 for removed in runs if removed == 8)
                losses.append(-mean)
                print(f"gen {generation}: {weights} runs {mean:.2f}, {wins} won", flush=True)
                if best is None or mean > best[0]:
                    best = (mean, weights)
            strategy.tell(candidates, losses)
            minutes = (time.monotonic() - started) / 60
            print(f"gen {generation} done after {minutes:.1f} min; best {best}", flush=True)
    print(f"best: {best}; {len(codes)} deals a candidate; {minutes:.1f} min in all")


if __name__ == "__main__":
    main()
