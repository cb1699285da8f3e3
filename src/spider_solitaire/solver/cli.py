"""``spider solve CODE|POSITION_FILE [--time-limit S] [--json]``.

Solves a deal (a game code) or a position (a file in the position notation) with full
information and prints the status, the solution's length and the time as ``#`` comment
lines, then the solution as a game record: the game code, then the actions. The whole
output is therefore a record that ``spider replay FILE`` replays (comment lines are
ignored). A position has no game code, so for a position file the record starts with a
``#`` comment line naming the file instead, and ``spider replay --position
POSITION_FILE FILE`` replays it (decisions of ours). A position file
is read with ``strict=False``: puzzles and small boards are welcome.

On a long solve a progress line goes to stderr (rewritten in place on a terminal, one
line every few seconds otherwise).

Exit status: 0 won, 1 lost (proved), 3 unknown (the time limit ran out); bad input is
status 2, as for the other commands.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import TextIO

from ..game import Game
from ..variants import VARIANT_NAMES
from .search import SolveProgress, solve

DEFAULT_TIME_LIMIT = 30.0
"""Seconds a ``spider solve`` may take unless ``--time-limit`` says otherwise."""

EXIT_STATUS = {"won": 0, "lost": 1, "unknown": 3}
"""Exit status of ``spider solve`` by result status."""

ACTIONS_PER_LINE = 20
"""Actions per line of the printed game record."""


def add_solve_command(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register ``solve`` on ``subparsers`` (the object ``add_subparsers()`` returns).

    The parsed arguments carry ``handler=cmd_solve``.
    """
    parser = subparsers.add_parser(
        "solve",
        help="solve a deal or a position with full information",
        description=(
            "Solve a game code or a position file knowing every card, and print the "
            "status (won, lost, unknown), the length, the time and the solution as a game "
            "record. Exit status: 0 won, 1 lost, 3 unknown, 2 bad input."
        ),
    )
    parser.add_argument("target", metavar="CODE|POSITION_FILE", help="a game code or a file")
    parser.add_argument(
        "--time-limit",
        type=_seconds,
        default=DEFAULT_TIME_LIMIT,
        metavar="S",
        help=f"seconds at most (default {DEFAULT_TIME_LIMIT:g})",
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object instead")
    add_variant_option(parser)
    parser.set_defaults(handler=cmd_solve)


def add_variant_option(parser: argparse.ArgumentParser) -> None:
    """Add ``--variant NAME`` (the registry's names) to a command that takes a game code:
    a random game of that variant, or the code's seed dealt as it (a position text names
    its own variant)."""
    parser.add_argument(
        "--variant",
        choices=VARIANT_NAMES,
        type=str.lower,
        help="game of the Spider family (see `spider variants`): a random game of it, or "
        "the code's deal played as it (default: the code's own, spider for a random game)",
    )


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not value >= 0:
        raise argparse.ArgumentTypeError(f"{text!r}: the time limit must be 0 or more")
    return value


def load_target(target: str, variant: str | None = None) -> tuple[Game, str | None, str | None]:
    """Return ``(game, code, position_file)`` for a code or an existing position file; a
    code is dealt as ``variant`` when one is given (:meth:`Game.from_code`).

    Raises:
        InvalidCodeError: not a file and not a valid code.
        InvalidPositionError: the file is not a valid position.
        OSError: the file cannot be read.
    """
    path = Path(target)
    if path.is_file():
        text = path.read_text(encoding="utf-8-sig")
        return Game.from_position(text, strict=False), None, str(path)
    if path.is_dir():
        raise IsADirectoryError(f"{target!r} is a directory, not a position file or a game code")
    if "/" in target or "\\" in target or target.endswith(".txt"):
        # a path that names no file: say so rather than "not a code"
        raise FileNotFoundError(f"{target!r}: no such file (and not a game code)")
    game = Game.from_code(target, variant=variant)
    return game, game.code, None


class _Progress:
    """Throttled progress line on ``stream`` (rewritten in place on a terminal)."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream
        self.tty = stream.isatty()
        self.next_at = 1.0 if self.tty else 5.0
        self.shown = False

    def __call__(self, report: SolveProgress) -> None:
        if report.seconds < self.next_at:
            return
        self.next_at = report.seconds + (0.5 if self.tty else 5.0)
        where = f"beam width {report.width}" if report.phase == "beam" else "exhaustive search"
        line = (
            f"solving: {report.seconds:.1f} s, {report.nodes:,} positions, {where}, "
            f"depth {report.depth}"
        )
        if self.tty:
            self.stream.write("\r" + line + "\033[K")
        else:
            self.stream.write(line + "\n")
        self.stream.flush()
        self.shown = True

    def close(self) -> None:
        if self.shown and self.tty:
            self.stream.write("\r\033[K")
            self.stream.flush()


def cmd_solve(args: argparse.Namespace) -> int:
    """``spider solve``: see the module docstring; returns the exit status."""
    game, code, position_file = load_target(args.target, args.variant)
    progress = _Progress(sys.stderr)
    started = time.perf_counter()
    try:
        result = solve(game, time_limit=args.time_limit, progress=progress)
    finally:
        progress.close()
    seconds = time.perf_counter() - started
    moves = [str(move) for move in result.solution]
    header = code if code is not None else f"# solution from the position in {position_file}"
    lines = [header] + [
        " ".join(moves[i : i + ACTIONS_PER_LINE]) for i in range(0, len(moves), ACTIONS_PER_LINE)
    ]
    record = "\n".join(lines) + "\n" if result.status == "won" else ""
    if args.json:
        data = result.to_dict()
        data.update({"seconds": round(seconds, 3), "code": code, "position_file": position_file})
        data["record"] = record
        print(json.dumps(data))
        return EXIT_STATUS[result.status]
    if result.status == "won":
        print("# status: won")
    elif result.status == "lost":
        print("# status: lost (proved: no sequence of actions wins from this position)")
    else:
        print(f"# status: unknown (no answer within the {args.time_limit:g} s limit)")
    print(f"# length: {len(moves)} actions")
    print(f"# time: {seconds:.2f} s ({result.nodes:,} positions searched)")
    if record:
        print(record, end="")
    return EXIT_STATUS[result.status]
