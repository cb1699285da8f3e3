"""Do the deal levels mean something to a player other than the one that set them? Play
the shipped levels' deals (``spider_solitaire.levels``) with the hint alone at other
settings than the ladder's, and print the win rate of each level (issue 30, part 3).

The ladder was set by the hint at width 12 (1 star wins) and width 120 (2 stars win,
3 stars lose), budget 0. The other players here are the hint at other look-ahead widths
(``w60``: width 60, ``w200``: width 200; any ``wN``), or at another depth (``d6``:
width 120, depth 6), and "Think longer"'s judging budget (``think``: width 120, 50,000
nodes: ``HINT_BUDGET * THINK_LONGER``). The hint's move depends on its look-ahead, not on
its budget (``spider_solitaire.solver.hints.HINT_BUDGET``), so ``think`` plays the very
moves of width 120 at budget 0, at about a hundred times the CPU: it checks that claim
on the deals played rather than measuring anything new. The hint has no random seed of
its own to change (its sampled worlds are seeded from the view and only judge), so other
widths and depths stand in for "other seeds". Each game: every move the hint's, no undo,
at most 1,500 actions (as ``bench/hintbot.py``).

Every game is appended to ``--out`` (JSON lines) as soon as it is played, and a later run
skips the games already there (same deal and setting), so a long run can be stopped and
resumed. Printed: one line a game, then a table: each setting's wins of each level, with
a 95% Wilson interval, and the CPU seconds it took. The figures should fall from level to
level; this script prints them and asserts nothing.

Measured (spider, 2 suits Classic, the 10 shipped deals of each level, compiled build, one
process under ``nice -n 10``; wins of 1, 2 and 3 stars, 95% intervals):

* width 60: 8/10 (49-94%), 5/10 (24-76%), 1/10 (2-40%); 65 s of CPU;
* width 200: 7/10 (40-89%), 7/10 (40-89%), 1/10 (2-40%); 182 s of CPU.

* spider 4 suits Classic, width 60: 4/10 (17-69%), 5/10 (24-76%), 0/10 (0-28%); 48 s.

* Think longer (width 120, 50,000 nodes), the first deal of each level only: 1/1, 1/1,
  0/1; 395 s of CPU. The 2-star deal was won in 163 actions, the very length of the
  width-120 budget-0 line that rated it (the move does not depend on the budget).

The rates fall from level to level for both 2-suit players but width 200 between 1 and 2
stars (level with each other), and at 4 suits width 60 won 1-star deals no more often than
2-star ones (4 and 5 of 10: ten deals a level cannot tell them apart); 3 stars stay hard
for every width tried (the ladder's own widths, by construction: 12 and 120 lose every
3-star deal).

Usage (compiled build, one process)::

    scripts/build-compiled.sh
    PYTHONPATH=.compiled nice -n 10 .venv/bin/python bench/levels.py --suits 2 \\
        [--rule classic] [--variant spider] [--settings w60,w200,think] [--count 10]
        [--out bench/results/levels.jsonl]
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

from hintbot import wilson
from spider_solitaire import Game
from spider_solitaire.levels import LEVELS, deals
from spider_solitaire.solver import HINT_BUDGET, THINK_LONGER
from spider_solitaire.solver.hints import HINT_DEPTH, HINT_WIDTH, hint

MAX_ACTIONS = 1500
"""Actions a game may take before it counts as lost."""


def setting_of(name: str) -> dict[str, int]:
    """The hint's ``width``, ``depth`` and ``budget`` a setting's name stands for
    (``w60``, ``d6``, ``think``); ``ValueError`` for another name."""
    if name == "think":
        return {"width": HINT_WIDTH, "depth": HINT_DEPTH, "budget": HINT_BUDGET * THINK_LONGER}
    if name[:1] in ("w", "d") and name[1:].isdigit():
        key = "width" if name[0] == "w" else "depth"
        return {"width": HINT_WIDTH, "depth": HINT_DEPTH, "budget": 0, key: int(name[1:])}
    raise ValueError(f"unknown setting {name!r}: wN, dN or think")


def play(code: str, setting: dict[str, int]) -> dict[str, object]:
    """Play ``code`` with the hint alone at ``setting``; return how it went."""
    started = time.process_time()
    game = Game.from_code(code, undo_limit=100)
    while game.move_count < MAX_ACTIONS and not game.is_won:
        width, depth, budget = setting["width"], setting["depth"], setting["budget"]
        move = hint(game, width=width, depth=depth, budget=budget, endgame=False).move
        if move is None:
            break
        game.play(move)
    return {
        "code": code,
        "setting": setting,
        "won": game.is_won,
        "actions": game.move_count,
        "runs": len(game.removed),
        "cpu": round(time.process_time() - started, 2),
    }


def read_done(path: Path) -> dict[tuple[str, str], dict[str, object]]:
    """The games already in ``path``, by (code, setting as JSON)."""
    done: dict[tuple[str, str], dict[str, object]] = {}
    if path.exists():
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                row = json.loads(line)
                done[(row["code"], json.dumps(row["setting"], sort_keys=True))] = row
    return done


def summary(
    names: list[str],
    chosen: dict[int, list[str]],
    done: dict[tuple[str, str], dict[str, object]],
) -> None:
    """Print each setting's wins per level (with a 95% interval) and its CPU seconds."""
    print()
    for name in names:
        key = json.dumps(setting_of(name), sort_keys=True)
        cells = []
        seconds = 0.0
        for level in LEVELS:
            rows = [done[(code, key)] for code in chosen[level] if (code, key) in done]
            wins = sum(1 for row in rows if row["won"])
            seconds += sum(float(str(row["cpu"])) for row in rows)
            low, high = wilson(wins, len(rows))
            low = max(low, 0.0)  # not "-0%"
            cells.append(f"{level}*: {wins}/{len(rows)} ({100 * low:.0f}-{100 * high:.0f}%)")
        print(f"{name:6} {setting_of(name)}  " + "  ".join(cells) + f"  cpu {seconds:.0f} s")


def main() -> None:
    """Parse the options, play the games not yet in ``--out``, print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--suits", type=int, required=True)
    parser.add_argument("--rule", default="classic")
    parser.add_argument("--variant", default="spider")
    parser.add_argument("--settings", default="w60,w200")
    parser.add_argument("--count", type=int, default=10, help="deals a level at most")
    parser.add_argument("--out", type=Path, default=Path("bench/results/levels.jsonl"))
    args = parser.parse_args()
    names = [name.strip() for name in args.settings.split(",") if name.strip()]
    chosen = {
        level: list(deals(args.suits, args.rule, level, args.variant)[: args.count])
        for level in LEVELS
    }
    done = read_done(args.out)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    print(
        f"{args.variant} {args.suits} suit(s) {args.rule}: deals a level",
        {level: len(codes) for level, codes in chosen.items()},
        flush=True,
    )
    with args.out.open("a", encoding="utf-8") as out:
        for name in names:
            setting = setting_of(name)
            key = json.dumps(setting, sort_keys=True)
            for level in LEVELS:
                for code in chosen[level]:
                    if (code, key) not in done:
                        done[(code, key)] = play(code, setting)
                        out.write(json.dumps(done[(code, key)]) + "\n")
                        out.flush()
                    row = done[(code, key)]
                    print(
                        name, level, code, "won" if row["won"] else "lost", row["cpu"], flush=True
                    )
    summary(names, chosen, done)


if __name__ == "__main__":
    main()
