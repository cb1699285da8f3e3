"""The ``spider`` command: ``deal``, ``replay``, ``terminal``, ``daily`` and ``variants``
(plus the app's commands).

Each subcommand is a ``cmd_*`` function taking the parsed arguments and returning the
exit status. The engine never imports this module.
"""

from __future__ import annotations

import argparse
import datetime as dt
import secrets
import sys
from collections.abc import Sequence

from . import __version__, levels
from .cards import DEFAULT_SUITS
from .errors import IllegalMoveError
from .game import Game
from .game_text import GameTextError, RecordActionError, load_game_text, replay_actions
from .messages import LANGUAGES, explain
from .server.cli import add_server_commands
from .solver.cli import add_solve_command, add_variant_option
from .solver.hint_cli import add_hint_command
from .solver.reading import BAD_INPUT, input_error
from .solver.review_cli import add_review_command
from .variants import (
    CLASSIC,
    RULE_NAMES,
    VARIANTS,
    find_variant,
)


def cmd_deal(args: argparse.Namespace) -> int:
    """``spider deal [CODE] [--variant NAME]``: print the game's code, then the position of
    the new game; without a code, a random game (:data:`~.cards.DEFAULT_SUITS` suits,
    Classic, ``spider`` unless the options say otherwise). ``--variant`` with a code deals
    the code's seed as that variant, and the code printed is the dealt game's own (it
    names the variant dealt). The code line is always there, so that every command that
    takes a game, ``spider play`` too, reads the output as it is (issue 29 item 3).
    ``--stars N`` (no code): a shipped deal rated N stars (1-3) at those suits and rule,
    picked at random (:mod:`.levels`); none rated there is status 2."""
    if args.stars is not None and args.code is None:
        variant = args.variant or VARIANTS[0].name
        rated = levels.deals(args.suits, args.rule, args.stars, variant)
        if not rated:
            print(
                f"spider deal: no deal of {variant}, {args.suits} suit(s), {args.rule} "
                f"is rated {args.stars} star(s)",
                file=sys.stderr,
            )
            return 2
        game = Game.from_code(secrets.choice(rated))
    elif args.code is None:
        game = Game.new(args.suits, args.rule, variant=args.variant or VARIANTS[0])
    else:
        game = Game.from_code(args.code, variant=args.variant)
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
    """``spider replay FILE [--position POSITION_FILE]``: replay the game FILE gives (any
    text of the family, :mod:`.game_text`: a game record, the table's export, ``spider
    solve``'s output, ``spider deal``'s) and print the final position, score and moves.
    With ``--position``, the actions in FILE are played from the game POSITION_FILE
    gives instead of FILE's start. The game is the variant its code or its start position
    names (``--variant`` deals a code as another; a position of another variant is
    refused, naming both).

    An action the rules refuse stops it with status 1: the action's number, its text
    and the reason, then the position before it. An action naming a column the game does
    not have stops it with status 2, its number and its whole text. A record that says
    two different games (its ``# variant:`` comment and its code or start position, a
    comment naming no game of the family) is refused with status 2 and a line naming
    both, not replayed as either (a decision of ours)."""
    text = load_game_text(args.file)
    variant = find_variant(args.variant) if args.variant is not None else None
    try:
        if args.position is not None:
            game = load_game_text(args.position).game(variant)
        else:
            game = text.start(variant)
        replay_actions(game, text.actions)
    except RecordActionError as error:
        if not isinstance(error.error, IllegalMoveError):
            print(f"spider replay: {args.file}: {error}", file=sys.stderr)
            return 2
        print(
            f"action {error.number} ({error.action}) refused: {error.error.reason}: "
            f"{explain(error.error)}",
            file=sys.stderr,
        )
        print(game.position_text(), end="")
        return 1
    except GameTextError as error:
        print(f"spider replay: {args.file}: {error}", file=sys.stderr)
        return 2
    print(game.position_text(), end="")
    print(f"score {game.score}, moves {game.move_count}" + (", won" if game.is_won else ""))
    return 0


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
    """``spider terminal [CODE|FILE] [--language en|es]``: play in the terminal (see
    :mod:`.terminal`), a random game without a code or file, else the game a code or a
    file gives (any text of the family, :mod:`.game_text`: played from after its
    actions); the language defaults to the locale's."""
    from .terminal import play_in_terminal

    if args.code is not None:
        variant = find_variant(args.variant) if args.variant is not None else None
        game = load_game_text(args.code).game(variant)
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
        choices=RULE_NAMES,
        default=CLASSIC.name,
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
    deal.add_argument(
        "--stars",
        type=int,
        choices=(1, 2, 3),
        help="a shipped deal of this level instead of a random one: 1 star (the gentlest) "
        "to 3 stars, within the suits and rule",
    )
    deal.set_defaults(handler=cmd_deal)

    replay = subparsers.add_parser("replay", help="replay a game record file")
    replay.add_argument(
        "file",
        help="a game record (a game code line, then actions separated by white space), "
        "the table's export, or `spider solve`'s or `spider deal`'s output",
    )
    replay.add_argument(
        "--position",
        metavar="POSITION_FILE",
        help="start from the game this file gives instead (a position, a code, a record): "
        "FILE's actions are played from it",
    )
    add_variant_option(replay)
    replay.set_defaults(handler=cmd_replay)

    terminal = subparsers.add_parser("terminal", help="play in the terminal")
    terminal.add_argument(
        "code",
        nargs="?",
        metavar="CODE|FILE",
        help="game code, or a file: a position, a game record, an export, `spider deal`'s "
        "or `spider solve`'s output (a random game without one)",
    )
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
    add_hint_command(subparsers)
    add_review_command(subparsers)
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
    except BrokenPipeError:  # e.g. `spider deal | head`: the reader left, nothing to say
        sys.stderr.close()
        return 0
    except BAD_INPUT as error:  # one line, as solver/reading.py says it
        print(f"spider {args.command}: {input_error(error)[1]}", file=sys.stderr)
        return 2
    return status


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
