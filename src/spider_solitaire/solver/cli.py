"""``spider solve CODE|FILE [--time-limit S] [--json]`` and ``spider hint CODE|FILE
[--think-longer] [--json] [--language en|es] [--all]``.

Both read a game code or a file (:func:`load_target`): a position, a game record (a code
line and actions, as ``spider solve`` prints it or the table exports it; the game is
replayed, so a hint sees the positions met since the last deal), or ``spider deal``'s
output (its code line, then the position).

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
from typing import Any, TextIO

from ..codes import GameCode
from ..errors import InvalidCodeError
from ..game import Game
from ..messages import LANGUAGES, chance_text
from ..moves import RecordAction, parse_game_record, record_start
from ..variants import VARIANT_NAMES
from .hints import HINT_BUDGET, HINT_CHOICES, THINK_LONGER, Hint, hints
from .search import SolveProgress, solve

DEFAULT_TIME_LIMIT = 30.0
"""Seconds a ``spider solve`` may take unless ``--time-limit`` says otherwise."""

EXIT_STATUS = {"won": 0, "lost": 1, "unknown": 3}
"""Exit status of ``spider solve`` by result status."""

POSITION_HEADS = ("rules:", "variant:")
"""How a position's head lines start (:mod:`spider_solitaire.position`): after a code
line, they tell ``spider deal``'s output from a game record."""

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
    """Return ``(game, code, position_file)`` for a code or an existing file
    (:func:`read_game`); a code is dealt as ``variant`` when one is given
    (:meth:`Game.from_code`).

    Raises:
        InvalidCodeError: not a file and not a valid code.
        InvalidPositionError: the file is not a valid position.
        InvalidMoveError: the file is a record with an action of bad syntax.
        IllegalMoveError: the file is a record with an action the game refuses.
        OSError: the file cannot be read.
    """
    path = Path(target)
    if path.is_file():
        text = path.read_text(encoding="utf-8-sig")
        game, code = read_game(text, variant)
        return game, code, None if code is not None else str(path)
    if path.is_dir():
        raise IsADirectoryError(f"{target!r} is a directory, not a position file or a game code")
    if "/" in target or "\\" in target or target.endswith(".txt"):
        # a path that names no file: say so rather than "not a code"
        raise FileNotFoundError(f"{target!r}: no such file (and not a game code)")
    game = Game.from_code(target, variant=variant)
    return game, game.code, None


def read_game(text: str, variant: str | None = None) -> tuple[Game, str | None]:
    """Return the game a file's ``text`` holds and its code (None for a position):

    * a game record whose comments give its start position (the table's export of a game
      from a position, :func:`~spider_solitaire.moves.record_start`): that position with
      the record's actions played;
    * a text whose first line that is not a ``#`` comment is a game code: followed by a
      position (``spider deal``'s output), that position; else a game record
      (:func:`~spider_solitaire.moves.parse_game_record`: ``spider solve``'s output, the
      table's export), the code's deal (as ``variant`` when given) with its actions played;
    * anything else: a position (``strict=False``: puzzles and small boards are welcome).

    Raises:
        InvalidPositionError, InvalidMoveError, IllegalMoveError: as :func:`load_target`.
    """
    start = record_start(text)
    if start is not None:
        game = Game.from_position(start, strict=False)
        _, actions = parse_game_record("position\n" + text)
        return _played(game, actions), None
    lines = [line for line in text.splitlines() if line.strip()]
    heads = [line for line in lines if not line.lstrip().startswith("#")]
    if heads and _is_code(heads[0]):
        if any(line.strip().startswith(POSITION_HEADS) for line in heads[1:]):
            # a position after the code (spider deal)
            return Game.from_position("\n".join(heads[1:]) + "\n", strict=False), None
        code, actions = parse_game_record(text)
        return _played(Game.from_code(code, variant=variant), actions), code
    return Game.from_position(text, strict=False), None


def _is_code(line: str) -> bool:
    """Whether ``line`` is a game code."""
    try:
        GameCode.parse(line.strip())
    except InvalidCodeError:
        return False
    return True


def _played(game: Game, actions: list[RecordAction]) -> Game:
    """``game`` with ``actions`` played (the first refused raises its error)."""
    for action in actions:
        game.act(action)
    return game


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


def add_hint_command(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register ``hint`` on ``subparsers`` (the parsed arguments carry
    ``handler=cmd_hint``)."""
    parser = subparsers.add_parser(
        "hint",
        help="suggest an action from what the player sees, with its estimated chance",
        description=(
            "Suggest an action for a game code or a file (a position, a game record, "
            "spider deal's output) from what the player sees, as the table's Hint does: "
            "the move, the line it starts, the reasons, the estimated chance to win by "
            "following the hints and the node expansions spent. Exit status: 0, or 2 for "
            "bad input."
        ),
    )
    parser.add_argument("target", metavar="CODE|FILE", help="a game code or a file")
    parser.add_argument(
        "--think-longer",
        action="store_true",
        help=f"spend {THINK_LONGER} times the node budget ({HINT_BUDGET * THINK_LONGER:,} "
        f"nodes instead of {HINT_BUDGET:,}), as the table's Think longer",
    )
    parser.add_argument(
        "--all",
        action="store_true",
        help=f"print every ranked hint (up to {HINT_CHOICES}), best first, as H pressed again",
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object instead")
    parser.add_argument(
        "--language", choices=LANGUAGES, default="en", help="language of the sentences"
    )
    add_variant_option(parser)
    parser.set_defaults(handler=cmd_hint)


def cmd_hint(args: argparse.Namespace) -> int:
    """``spider hint``: print the hint (or, with ``--all``, every ranked hint) for the
    game ``args.target`` names, as text or as JSON (:func:`hint_data`); returns 0."""
    game, code, position_file = load_target(args.target, args.variant)
    budget = HINT_BUDGET * THINK_LONGER if args.think_longer else HINT_BUDGET
    started = time.process_time()
    ranked = hints(game, budget=budget)
    seconds = time.process_time() - started
    data = hint_data(ranked, args.language, every=args.all)
    data.update(
        code=code,
        position_file=position_file,
        budget=budget,
        think_longer=args.think_longer,
        cpu_seconds=round(seconds, 3),
    )
    if args.json:
        print(json.dumps(data))
        return 0
    for shown in data["hints"]:
        print(_hint_lines(shown, len(ranked)))
    longer = ", thought longer" if args.think_longer else ""
    print(f"# budget: {budget} nodes{longer}; {seconds:.2f} s of CPU")
    return 0


def hint_data(ranked: tuple[Hint, ...], language: str, *, every: bool) -> dict[str, Any]:
    """Return ``{"choices": n, "hints": [...]}`` for the solver's ``ranked`` hints: the
    first alone, or ``every`` one; each as :meth:`Hint.to_dict` (in ``language``) with its
    ``number`` (from 1) and ``chance_text`` (the chance in words against the others',
    :func:`~spider_solitaire.messages.chance_text`)."""
    shown = []
    for number, found in enumerate(ranked if every else ranked[:1], 1):
        others = [other.chance for index, other in enumerate(ranked, 1) if index != number]
        item = found.to_dict(language)
        item.update(number=number, chance_text=chance_text(found.chance, others, language))
        shown.append(item)
    return {"choices": len(ranked), "hints": shown}


def _hint_lines(item: dict[str, Any], choices: int) -> str:
    """One hint of :func:`hint_data` as the lines ``spider hint`` prints."""
    move = item["move"] if item["move"] is not None else "none"
    chance = item["chance"]
    judged = f"{item['chance_text']} ({chance})" if chance is not None else "none (not judged)"
    lines = [
        f"hint {item['number']} of {choices}: {move}",
        f"line: {' '.join(item['line']) or '-'}",
        f"reasons: {', '.join(item['reasons']) or '-'}",
        *(f"  {sentence}" for sentence in item["messages"]),
        f"chance: {judged}",
        f"nodes: {item['nodes']}",
    ]
    return "\n".join(lines)
