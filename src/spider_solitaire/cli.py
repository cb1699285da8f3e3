"""The ``spider`` command: ``deal``, ``replay``, ``terminal``, ``daily`` and ``variants``
(plus the app's commands).

Each subcommand is a ``cmd_*`` function taking the parsed arguments and returning the
exit status. The engine never imports this module.
"""

from __future__ import annotations

import argparse
import datetime as dt
import sys
from collections.abc import Sequence
from pathlib import Path

from . import __version__
from .cards import DEFAULT_SUITS
from .codes import GameCode
from .errors import IllegalMoveError, InvalidCodeError, InvalidMoveError, SpiderError
from .game import Game
from .messages import LANGUAGES, explain
from .moves import parse_game_record, record_start, record_variant
from .server.cli import add_server_commands
from .solver.cli import add_solve_command, add_variant_option
from .variants import (
    CLASSIC,
    GROUP_RULES,
    VARIANTS,
    UnknownVariantError,
    Variant,
    find_variant,
)


def cmd_deal(args: argparse.Namespace) -> int:
    """``spider deal [CODE] [--variant NAME]``: print the position of a new game; without
    a code, pick a random game (:data:`~.cards.DEFAULT_SUITS` suits, Classic, ``spider``
    unless the options say otherwise) and print its code first. ``--variant`` with a code
    deals the code's seed as that variant: then the dealt game's own code is printed
    first (it names the variant dealt, which differs from the code given; a decision of
    ours)."""
    if args.code is None:
        game = Game.new(args.suits, args.rule, variant=args.variant or VARIANTS[0])
        print(game.code)
    else:
        game = Game.from_code(args.code, variant=args.variant)
        if game.code != Game.from_code(args.code).code:
            print(game.code)
    print(game.position_text(), end="")
    return 0


def cmd_variants(args: argparse.Namespace) -> int:
    """``spider variants``: list the games of the family (the registry): name, title,
    layout, one line each, then where its rules come from."""
    from .messages import message

    for variant in VARIANTS:
        title = message("variants", variant.title_key, args.language or "en")
        print(f"{variant.name:<16} {title:<24} {variant.layout_text()}")
        print(f"{'':<16} {variant.source}")
    return 0


def cmd_replay(args: argparse.Namespace) -> int:
    """``spider replay FILE [--position POSITION_FILE]``: replay a game record (or, with
    ``--position``, the actions in FILE from that position) and print the final position,
    score and moves. The record may hold undo (``u``), redo (``r``) and ``restart`` too
    (a full game record, as the browser table exports it); the table's export of a game
    from a position gives its start position in comments
    (:func:`~spider_solitaire.moves.record_start`), from which it is replayed. The game is
    the variant its code or its start position names (``--variant`` deals a code as
    another). An illegal action stops it with status 1, the action's number and reason.

    The export's ``# variant: NAME`` comment (:func:`~spider_solitaire.moves.record_variant`)
    must name the variant of the record's code (or of its start position): when it names
    another, or none of the family, the record is refused with status 2 and a line naming
    both (a record whose two statements disagree is not replayed as either; a decision of
    ours). ``--variant`` is no disagreement: it deals the code as another game on
    purpose."""
    text = Path(args.file).read_text(encoding="utf-8-sig")
    start = record_start(text)
    if args.position is not None:
        start = Path(args.position).read_text(encoding="utf-8-sig")
    if start is not None:
        game = Game.from_position(start, strict=False)
        _, moves = parse_game_record("position\n" + text)
        named, source = game.variant, "its start position"
    else:
        code, moves = parse_game_record(text)
        named, source = GameCode.parse(code).variant, f"its code {code}"
        game = Game.from_code(code, variant=args.variant)
    problem = _variant_disagreement(record_variant(text), named, source)
    if problem is not None:
        print(f"spider replay: {args.file}: {problem}", file=sys.stderr)
        return 2
    for number, move in enumerate(moves, 1):
        try:
            game.act(move)
        except IllegalMoveError as error:
            print(
                f"action {number} ({move}) refused: {error.reason}: {explain(error)}",
                file=sys.stderr,
            )
            print(game.position_text(), end="")
            return 1
    print(game.position_text(), end="")
    print(f"score {game.score}, moves {game.move_count}" + (", won" if game.is_won else ""))
    return 0


def _variant_disagreement(said: str | None, named: Variant, source: str) -> str | None:
    """Say how a record's ``# variant:`` comment (``said``; None: the record has none)
    disagrees with ``named``, the variant of the game ``source`` names (``"its code
    SP1-S2C-AAAAAAD"``, ``"its start position"``), or return None when it does not."""
    if said is None:
        return None
    try:
        found = find_variant(said)
    except UnknownVariantError:
        known = ", ".join(variant.name for variant in VARIANTS)
        return (
            f"the record's comment '# variant: {said}' names no game of the family "
            f"({known}); {source} is a game of {named.name}"
        )
    if found == named:
        return None
    return (
        f"the record's comment '# variant: {said}' disagrees with {source}, a game of "
        f"{named.name}; correct the one that is wrong"
    )


def cmd_daily(args: argparse.Namespace) -> int:
    """``spider daily [DATE] [--suits N]``: print a date's daily deals (today's, in this
    machine's local time, without a date): ``DATE  SUITS  CODE`` lines, the featured one
    marked, or only the code with ``--suits``. A date without shipped deals is status 2."""
    from .daily import FEATURED_SUITS, daily_deals

    deals = daily_deals(args.date if args.date is not None else dt.date.today())
    if args.suits is not None:
        print(deals.codes[args.suits])
        return 0
    for suits, code in sorted(deals.codes.items()):
        featured = "  (featured)" if suits == FEATURED_SUITS else ""
        count = f"{suits} suit{'s' if suits > 1 else ''}"
        print(f"{deals.date.isoformat()}  {count:<7}  {code}{featured}")
    return 0


def _date(text: str) -> dt.date:
    try:
        return dt.date.fromisoformat(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a date like 2026-12-01") from None


def cmd_terminal(args: argparse.Namespace) -> int:
    """``spider terminal [CODE] [--language en|es]``: play in the terminal (see
    :mod:`.terminal`); the language defaults to the locale's."""
    from .terminal import play_in_terminal

    if args.code is not None:
        game = Game.from_code(args.code, variant=args.variant)
    else:
        game = Game.new(args.suits, args.rule, variant=args.variant or VARIANTS[0])
    return play_in_terminal(game, language=args.language)


def _add_game_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--suits",
        type=int,
        choices=(1, 2, 4),
        default=DEFAULT_SUITS,
        help=f"number of suits for a random game (default {DEFAULT_SUITS}, as the browser "
        "table's first game)",
    )
    parser.add_argument(
        "--rule",
        choices=GROUP_RULES,
        default=CLASSIC,
        type=str.lower,
        help="group rule for a random game (default classic)",
    )
    add_variant_option(parser)


def build_parser() -> argparse.ArgumentParser:
    """Return the ``spider`` argument parser with every subcommand registered."""
    parser = argparse.ArgumentParser(prog="spider", description="Spider Solitaire.")
    parser.add_argument("--version", action="version", version=f"spider {__version__}")
    subparsers = parser.add_subparsers(dest="command", required=True)

    deal = subparsers.add_parser("deal", help="print the position of a new game")
    deal.add_argument("code", nargs="?", help="game code, e.g. SP1-S2C-AAAAAAD")
    _add_game_options(deal)
    deal.set_defaults(handler=cmd_deal)

    replay = subparsers.add_parser("replay", help="replay a game record file")
    replay.add_argument("file", help="a game code line, then actions separated by white space")
    replay.add_argument(
        "--position",
        metavar="POSITION_FILE",
        help="start from this position instead: FILE then holds only the actions "
        "(as `spider solve POSITION_FILE` prints them)",
    )
    add_variant_option(replay)
    replay.set_defaults(handler=cmd_replay)

    terminal = subparsers.add_parser("terminal", help="play in the terminal")
    terminal.add_argument("code", nargs="?", help="game code; a random game without one")
    terminal.add_argument(
        "--language",
        choices=LANGUAGES,
        help="language of the game's texts (default: from LC_ALL, LC_MESSAGES or LANG)",
    )
    _add_game_options(terminal)
    terminal.set_defaults(handler=cmd_terminal)

    daily = subparsers.add_parser("daily", help="print a date's daily deals")
    daily.add_argument(
        "date", nargs="?", type=_date, help="YYYY-MM-DD (default: today, local time)"
    )
    daily.add_argument("--suits", type=int, choices=(1, 2, 4), help="print only this deal's code")
    daily.set_defaults(handler=cmd_daily)

    variants = subparsers.add_parser("variants", help="list the games of the Spider family")
    variants.add_argument("--language", choices=LANGUAGES, help="language of the titles")
    variants.set_defaults(handler=cmd_variants)

    add_server_commands(subparsers)
    add_solve_command(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``spider`` with ``argv`` (default ``sys.argv[1:]``); return the exit status.

    Bad input (a malformed code, position or record, a missing file) prints one line on
    stderr and gives status 2.
    """
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        status: int = args.handler(args)
    except InvalidMoveError as error:  # a record's action: its number and the sentence
        where = f"action {error.params['number']}: " if "number" in error.params else ""
        print(f"spider {args.command}: {where}{explain(error)}", file=sys.stderr)
        return 2
    except (SpiderError, InvalidCodeError) as error:
        print(f"spider {args.command}: {error}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # e.g. `spider deal | head`: the reader left, nothing to say
        sys.stderr.close()
        return 0
    except UnicodeDecodeError as error:
        print(f"spider {args.command}: the file is not UTF-8 text: {error}", file=sys.stderr)
        return 2
    except OSError as error:
        if error.filename is not None and error.strerror:  # "'x.txt': no such file or directory"
            text = f"{str(error.filename)!r}: {error.strerror[0].lower()}{error.strerror[1:]}"
        else:
            text = str(error)
        print(f"spider {args.command}: {text}", file=sys.stderr)
        return 2
    return status


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
