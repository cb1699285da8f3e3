"""What a game's review costs (issue 30): CPU and wall time of
:func:`spider_solitaire.solver.review.review_game` for a 1-, 2- and 4-suit game of 200 to
400 actions.

The games are made here, as ``bench/hintbot.py`` plays: the shipped hint plays a fixed deal
(``bench/data/codes.txt``) without undo, with detours so that a game is long and can be
lost as players lose them: from action ``--detour-from`` on, every ``--detour-every``-th
action is the hint's last ranked choice instead of its best, and after every
``--pairs-every`` hint actions a group goes somewhere and back (two actions that stand,
as a player shuffling cards plays them; the hint wins a 1-suit deal in about 120). A game
counts when it ends (won, or stuck: no move the hint gives) or reaches ``--max-actions``,
with at least ``--min-actions`` actions, and (unless ``--any-end``) when the solver proves
its last position lost (then the review bisects; a game that ends winnable costs one
solve); otherwise the next deal is tried. Making the games is not
measured; the review is (``time.process_time`` and ``time.perf_counter`` around it, in
this process: run it with ``nice`` on a shared machine).

Run it on the compiled build (``scripts/build-compiled.sh``; ``PYTHONPATH=.compiled``) for
the figures the note gives::

    PYTHONPATH=.compiled nice -n 10 .venv/bin/python bench/review.py
        [--suits 1 2 4] [--node-limit N] [--min-actions 200] [--max-actions 400]

Printed: per suit count, the deal, the game's actions (and how it ended), the review's
solves, its statuses in brief (``+`` winnable, ``-`` lost, ``?`` unknown, counted), the
move that lost, and its CPU and wall seconds. Asserts nothing.

Measured on 2026-12-07 (compiled build, ``nice -n 10``, a 2-core machine shared with other
work; node limit 1,000,000 a solve), each game ending proved lost:

- 4 suits (defaults): SP1-S4C-PNJFTXH, 281 actions; 28 solves, +252 -10 ?20; CPU 79.6 s,
  wall 80.3 s;
- 2 suits (``--suits 2 --pairs-every 1``): SP1-S2C-W2TSPAS, 232 actions; 16 solves, +206
  -21 ?6; CPU 16.9 s, wall 16.9 s;
- 1 suit (``--suits 1 --pairs-every 1 --detour-every 2 --detour-from 20``):
  SP1-S1C-DBX23SK, 303 actions; 27 solves, +274 -15 ?15; CPU 32.1 s, wall 32.2 s.

Most of the time goes to positions the solver cannot settle within the node limit (a
stretch of unknowns between the last proved winnable and the first proved lost position:
each such solve spends the whole limit, and the bisection probes around every unknown);
the server bounds a review by ``history_probe_limit`` a solve and ``history_budget`` in
all instead.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from spider_solitaire import Game, Move
from spider_solitaire.solver import hints, solve
from spider_solitaire.solver.review import DEFAULT_NODE_LIMIT, line_from_actions, review_game

CODES = Path(__file__).resolve().parent / "data" / "codes.txt"
"""The fixed deals (as ``bench/solve.py`` and ``bench/hintbot.py`` read them)."""


def deal_codes(suits: int) -> list[str]:
    """The fixed deals of ``suits`` suits, in file order (Classic at 2 and 4 suits)."""
    found = []
    for line in CODES.read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if line.startswith(f"SP1-S{suits}"):
            found.append(f"SP1-S{suits}C-{line.split('-')[2]}")
    return found


def back_and_forth(game: Game) -> None:
    """Play a move and its way back when some move has one (nothing otherwise)."""
    for move in game.legal_moves():
        if move.is_deal or move.is_take_off:
            continue
        game.play(move)
        back = Move(move.target, move.source, move.resolved_count)
        if back in game.legal_moves():
            game.play(back)
            return
        game.undo()


def play(code: str, args: argparse.Namespace) -> tuple[Game, str]:
    """Play ``code`` with the hint and its detours (module docstring); the game and how
    it ended (``won``, ``stuck`` or ``cut``)."""
    game = Game.from_code(code, undo_limit=args.max_actions + 2)
    played = 0
    while len(game.history) < args.max_actions:
        if game.is_won:
            return game, "won"
        ranked = hints(game)
        number = len(game.history) + 1
        detour = number >= args.detour_from and number % args.detour_every == 0
        chosen = ranked[-1] if detour else ranked[0]
        if chosen.move is None:
            return game, "stuck"
        game.play(chosen.move)
        played += 1
        if args.pairs_every and played % args.pairs_every == 0 and not game.is_won:
            back_and_forth(game)
    return game, "won" if game.is_won else "cut"


def long_game(suits: int, args: argparse.Namespace) -> tuple[str, Game, str, float]:
    """The first fixed deal of ``suits`` suits whose game has enough actions; its code, the
    game, how it ended and the seconds spent making it.

    Raises:
        SystemExit: no deal gave such a game.
    """
    started = time.perf_counter()
    for code in deal_codes(suits)[: args.tries]:
        game, ended = play(code, args)
        status = "-"
        if len(game.history) >= args.min_actions and not args.any_end:
            status = solve(game, node_limit=args.node_limit).status
        tried = f"  tried {code}: {len(game.history)} actions, {ended}, end {status}"
        print(tried, file=sys.stderr)
        if len(game.history) >= args.min_actions and (args.any_end or status == "lost"):
            return code, game, ended, time.perf_counter() - started
    raise SystemExit(f"no {suits}-suit deal of the first {args.tries} gave a long enough game")


def main(argv: list[str] | None = None) -> int:
    """Make the games, review each and print the figures (module docstring)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--suits", type=int, nargs="+", choices=(1, 2, 4), default=[1, 2, 4])
    parser.add_argument("--node-limit", type=int, default=DEFAULT_NODE_LIMIT)
    parser.add_argument("--min-actions", type=int, default=200)
    parser.add_argument("--max-actions", type=int, default=400)
    parser.add_argument("--detour-from", type=int, default=40)
    parser.add_argument("--detour-every", type=int, default=3)
    parser.add_argument("--pairs-every", type=int, default=2)
    parser.add_argument("--any-end", action="store_true", help="a game ending winnable counts")
    parser.add_argument("--tries", type=int, default=10)
    args = parser.parse_args(argv)
    compiled = any(path.endswith(".compiled") for path in sys.path)
    print(f"# review cost; compiled build on the path: {compiled}; node limit {args.node_limit:,}")
    for suits in args.suits:
        code, game, ended, making = long_game(suits, args)
        line = line_from_actions(Game.from_code(code), list(game.history))
        cpu, wall = time.process_time(), time.perf_counter()
        review = review_game(line, node_limit=args.node_limit)
        cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
        counts = {word: review.statuses.count(word) for word in ("winnable", "lost", "unknown")}
        lost = (
            "-"
            if review.lost_at is None
            else f"{review.lost_at + 1} ({line.moves[review.lost_at]})"
        )
        print(
            f"{suits} suit(s) {code}: {len(line.moves)} actions ({ended}; made in {making:.1f} s); "
            f"{review.probes} solves; +{counts['winnable']} -{counts['lost']} "
            f"?{counts['unknown']}; move that lost {lost}; hint followed "
            f"{review.followed_hint}; CPU {cpu:.2f} s, wall {wall:.2f} s"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
