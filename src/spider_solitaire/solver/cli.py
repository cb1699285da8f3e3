"""``spider solve CODE|FILE [--time-limit S] [--json] [--variant NAME]``.

Solves a deal (a game code) or the game a file gives, with full information: any text of
the family :mod:`spider_solitaire.game_text` reads (a position, ``spider deal``'s output,
a game record, the table's export, this command's own output), from the position after
the file's actions. Prints the status, the solution's length and the time as ``#``
comment lines, then the solution as a game record: the game code (or, for a game from a
position, its start position as ``# start position:`` comment lines), the file's actions,
then the solution's. The whole output is therefore a text that ``spider replay``,
``spider terminal`` and ``spider solve`` read again. A position is read with
``strict=False``: puzzles and small boards are welcome. ``--variant`` deals a code as
another game; a position of another variant is refused, naming both.

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
from typing import TextIO

from ..variants import VARIANT_NAMES
from .reading import load_target
from .search import SolveProgress, solve

DEFAULT_TIME_LIMIT = 30.0
"""Seconds a ``spider solve`` may take unless ``--time-limit`` says otherwise."""

EXIT_STATUS = {"won": 0, "lost": 1, "unknown": 3}
"""Exit status of ``spider solve`` by result status."""


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
    parser.add_argument(
        "target",
        metavar="CODE|FILE",
        help="a game code, or a file: a position, a game record, an export, `spider deal`'s "
        "or `spider solve`'s output",
    )
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
    game, text = load_target(args.target, args.variant)
    code = game.code
    position_file = None if code is not None else args.target
    progress = _Progress(sys.stderr)
    started = time.perf_counter()
    try:
        result = solve(game, time_limit=args.time_limit, progress=progress)
    finally:
        progress.close()
    seconds = time.perf_counter() - started
    moves = [str(move) for move in result.solution]
    comments = [] if code is not None else [f"solution from the position in {position_file}"]
    record = text.record(game, result.solution, comments) if result.status == "won" else ""
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
