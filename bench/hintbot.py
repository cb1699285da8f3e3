"""Hints alone: play fixed deals by always playing the hint, without undo; print the win rate.

Deals come from ``bench/data/codes.txt`` (the first ``--count`` of the asked suit count).
A game ends when it is won, when the hint gives no move (``stuck``: no undo here, so that
is a loss), or after ``--max-actions`` actions (a loss). The bot never undoes; the game
keeps its history only because the hint reads it (it refuses to go back to a position).

Every deal's result is appended to ``--out`` (JSON lines) as soon as it is played, so a
long run can be stopped and resumed: deals already in the file with the same settings are
not played again, and the summary covers every chosen deal found in the file.

Each row also keeps the game's ``trace``: before each hint, the stock rows left and the
hint's evaluation of the view (what ``scripts/train_hint_values.py`` fits the stage values
on). Tuning deals are in ``bench/data/tuning.txt`` (``--codes bench/data/tuning.txt``);
the default deals are the check deals, never tuned on.

Printed: one line per deal, then wins with a 95% confidence interval (Wilson score
interval), runs removed on average, the CPU time per hint (median, 95th percentile,
maximum; ``time.process_time`` around each hint, in the process that computes it) and
the CPU time of the whole bench (every hint of every deal).

Targets (issue 12): 4 suits at least 25 of 100 deals, 2 suits at least 38 of 50, 1 suit
at least 29 of 30, with a median CPU per hint of at most 0.5 s and a maximum of 2 s on
one core. This script prints figures and asserts nothing.

Usage::

    .venv/bin/python bench/hintbot.py --suits 4 --count 100 --out results/h4.jsonl
        [--jobs 1] [--max-actions 1500] [--rule classic|flexible] [--codes FILE]
        [--variant spider|spider-1949|bicycle|relaxed|spiderette|will-o-the-wisp]
        [--hint shipped] [--budget NODES] [--width W] [--depth D]
"""

from __future__ import annotations

import argparse
import functools
import json
import math
import multiprocessing
import os
import statistics
import time
from collections.abc import Callable
from pathlib import Path

from solve import add_deal_options, percentile, read_codes
from spider_solitaire import Game
from spider_solitaire.solver import HINT_BUDGET, Hint
from spider_solitaire.solver.board import Board
from spider_solitaire.solver.hints import DEFAULT_HINT_WEIGHTS, HINT_WEIGHTS
from spider_solitaire.variants import find_variant

HINTS = ("shipped",)
"""The hints this bench can play: ``shipped`` is the shipped hint
(:func:`spider_solitaire.solver.hints.hint`: candidate lines from a look-ahead, judged over
sampled face-down cards within ``--budget`` nodes). A new hint joins this tuple with a
branch in :func:`hint_function`."""


def hint_function(
    name: str, budget: int, width: int | None = None, depth: int | None = None
) -> Callable[[Game], Hint]:
    """Return the hint called ``name`` (one of :data:`HINTS`) at a node budget of ``budget``
    (and the look-ahead's ``width`` and ``depth`` when given, else the hint's own);
    ``ValueError`` for another name."""
    if name == "shipped":
        from spider_solitaire.solver.hints import hint

        shape = {"width": width, "depth": depth}
        given = {key: value for key, value in shape.items() if value is not None}
        return functools.partial(hint, budget=budget, **given)
    raise ValueError(f"unknown hint {name!r}; known: {', '.join(HINTS)}")


def view_score(game: Game) -> int:
    """The hint's evaluation of the player's view of ``game`` (lower is better): what the
    stage values are fitted on (``scripts/train_hint_values.py``)."""
    view = game.position.hidden_view()
    board = Board.from_position(view)
    return board.table(HINT_WEIGHTS.get(view.suits, DEFAULT_HINT_WEIGHTS)).score(board.columns)


def play_one(code: str, settings: dict[str, object]) -> dict[str, object]:
    """Play one deal with hints alone; return how it went, with the CPU seconds of every
    hint (``cpu``, in play order)."""
    game = Game.from_code(code, undo_limit=100)
    width, depth = settings.get("width"), settings.get("depth")
    suggest = hint_function(
        str(settings["hint"]),
        int(str(settings["budget"])),
        None if width is None else int(str(width)),
        None if depth is None else int(str(depth)),
    )
    max_actions = int(str(settings["max_actions"]))
    cpu: list[float] = []
    trace: list[tuple[int, int]] = []
    end = "move cap"
    while game.move_count < max_actions and not game.is_won:
        trace.append((game.stock_rows_left, view_score(game)))
        started = time.process_time()
        suggestion = suggest(game)
        cpu.append(round(time.process_time() - started, 5))
        if suggestion.move is None:
            end = "stuck"
            break
        game.play(suggestion.move)
    if game.is_won:
        end = "won"
    return {
        "code": code,
        "settings": settings,
        "end": end,
        "actions": game.move_count,
        "runs": len(game.removed),
        "stock_rows_left": game.stock_rows_left,
        "face_down_left": sum(game.position.face_down),
        "cpu": cpu,
        "trace": trace,
    }


def wilson(successes: int, trials: int, z: float = 1.96) -> tuple[float, float]:
    """Return the Wilson score interval ``(low, high)`` of a proportion (95% for z=1.96)."""
    if trials == 0:
        return 0.0, 1.0
    share = successes / trials
    centre = share + z * z / (2 * trials)
    margin = z * math.sqrt(share * (1 - share) / trials + z * z / (4 * trials * trials))
    scale = 1 + z * z / trials
    return (centre - margin) / scale, (centre + margin) / scale


def hint_seconds(row: dict[str, object]) -> list[float]:
    """The CPU seconds of every hint of a row."""
    values = row["cpu"]
    assert isinstance(values, list)
    return [float(value) for value in values]


def describe(row: dict[str, object]) -> str:
    """One printed line per deal."""
    cpu = hint_seconds(row)
    return (
        f"{row['code']}  {row['end']:8}  {row['actions']:5} actions  "
        f"{row['runs']} runs  {row['stock_rows_left']} rows left  "
        f"{row['face_down_left']:2} face-down left  "
        f"cpu/hint median {1000 * statistics.median(cpu or [0]):6.1f} ms "
        f"max {1000 * max(cpu or [0]):7.1f} ms"
    )


def read_rows(path: Path, settings: dict[str, object]) -> dict[str, dict[str, object]]:
    """Rows already in ``path`` played with ``settings``, by code."""
    rows: dict[str, dict[str, object]] = {}
    if path.exists():
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                row = json.loads(line)
                if row["settings"] == settings:
                    rows[row["code"]] = row
    return rows


def main() -> None:
    """Parse the options, play the deals not yet in ``--out``, print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    add_deal_options(parser)
    parser.add_argument("--max-actions", type=int, default=1500)
    parser.add_argument("--hint", choices=HINTS, default="shipped")
    parser.add_argument("--budget", type=int, default=HINT_BUDGET, help="nodes per hint")
    parser.add_argument("--width", type=int, help="the look-ahead's width (the hint's own)")
    parser.add_argument("--depth", type=int, help="the look-ahead's depth (the hint's own)")
    parser.add_argument("--out", type=Path, required=True, help="JSON lines, appended")
    args = parser.parse_args()
    settings: dict[str, object] = {
        "hint": args.hint,
        "budget": args.budget,
        "max_actions": args.max_actions,
    }
    for key in ("width", "depth"):
        if getattr(args, key) is not None:
            settings[key] = getattr(args, key)
    codes = read_codes(args.codes, args.suits, args.rule, args.count, args.variant)
    done = read_rows(args.out, settings)
    todo = [code for code in codes if code not in done]
    print(
        f"{len(codes)} deals ({len(codes) - len(todo)} already in {args.out}), "
        f"{args.variant}, {args.suits} suit(s), {args.rule}, hints only, no undo, {settings}, "
        f"{args.jobs} job(s), load average {os.getloadavg()[0]:.2f}",
        flush=True,
    )
    for code in codes:
        if code in done:
            print(describe(done[code]), flush=True)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    context = multiprocessing.get_context("fork")
    with context.Pool(args.jobs) as pool, args.out.open("a", encoding="utf-8") as out:
        jobs = [(code, settings) for code in todo]
        for row in pool.imap_unordered(_play_star, jobs):
            out.write(json.dumps(row) + "\n")
            out.flush()
            done[str(row["code"])] = row
            print(describe(row), flush=True)
    rows = [done[code] for code in codes]
    wins = sum(1 for row in rows if row["end"] == "won")
    low, high = wilson(wins, len(rows))
    runs = [int(str(row["runs"])) for row in rows]
    cpu = [seconds for row in rows for seconds in hint_seconds(row)]
    print()
    print(
        f"wins:          {wins}/{len(rows)} ({100 * wins / max(len(rows), 1):.0f}%, "
        f"95% interval {100 * low:.0f}-{100 * high:.0f}%)"
    )
    whole = find_variant(args.variant).runs
    print(f"runs removed:  mean {statistics.mean(runs or [0]):.2f} of {whole}")
    if cpu:
        print(
            f"cpu per hint:  median {1000 * statistics.median(cpu):.0f} ms, "
            f"p95 {1000 * percentile(cpu, 0.95):.0f} ms, max {1000 * max(cpu):.0f} ms "
            f"({len(cpu)} hints)"
        )
    print(f"cpu in total:  {sum(cpu):.0f} s")


def _play_star(job: tuple[str, dict[str, object]]) -> dict[str, object]:
    return play_one(*job)


if __name__ == "__main__":
    main()
