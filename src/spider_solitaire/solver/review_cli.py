"""``spider review FILE [--json] [--language en|es] [--node-limit N] [--budget S]``.

Reviews a finished game (issue 30) from any text of the family
:mod:`spider_solitaire.game_text` reads that gives a start and actions: an exported game,
a game record, ``spider solve``'s output (a game code alone reviews a game of no actions).
Prints, in the language asked (sentences from the message catalog, section ``help``,
keys ``review_*``): winnable / lost / unknown along the game's line (``+``, ``-``,
``?``, one a position), the move that lost, the solver's line and the hint there (its
move and reasons) and whether the player's action was the hint's, the moves that
mattered, the undone branches, and what the review cost. With ``--json``, one object:
:func:`~spider_solitaire.solver.review.review_data` with the position before the move
that lost (a file already holds every card) and ``messages`` in the language asked.

Exit status: 0, or 2 for bad input (a file that does not read, an action refused, a
position that hides cards), as for the other commands; the error is said in the language
asked, and with ``--json`` as the object ``{"error": code, "message": sentence}`` on
stdout (:func:`~spider_solitaire.solver.reading.input_error`).
"""

from __future__ import annotations

import argparse
import json
import sys

from ..messages import LANGUAGES, message, number_text, text
from .reading import BAD_INPUT, input_error, load_target
from .review import (
    DEFAULT_NODE_LIMIT,
    Review,
    line_from_actions,
    review_data,
    review_game,
    verdict,
)

SYMBOLS = {"winnable": "+", "lost": "-", "unknown": "?"}
"""A position's status as one character of the printed strip (the legend says them)."""


def add_review_command(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register ``review`` on ``subparsers`` (the parsed arguments carry
    ``handler=cmd_review``)."""
    parser = subparsers.add_parser(
        "review",
        help="review a finished game: where it was lost, the solver's line, the hint",
        description=(
            "Review a game from a file (an exported game, a game record): whether the "
            "deal could still be won after each action, the action that lost it, what "
            "the solver and the hint would have played there, and the moves that "
            "mattered. Exit status: 0, or 2 for bad input."
        ),
    )
    parser.add_argument("target", metavar="FILE", help="an exported game or a game record")
    parser.add_argument("--json", action="store_true", help="print one JSON object instead")
    parser.add_argument(
        "--language", choices=LANGUAGES, default="en", help="language of the sentences"
    )
    parser.add_argument(
        "--node-limit",
        type=_node_limit,
        default=DEFAULT_NODE_LIMIT,
        metavar="N",
        help=f"positions the solver may search for each position (default "
        f"{DEFAULT_NODE_LIMIT:,}); a position it cannot settle is unknown",
    )
    parser.add_argument(
        "--budget",
        type=_seconds,
        default=None,
        metavar="S",
        help="seconds for the search along the game after its last position's solve "
        "(default: none); what is not proven by then is unknown",
    )
    parser.set_defaults(handler=cmd_review)


def _seconds(value: str) -> float:
    try:
        number = float(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{value!r} is not a number of seconds") from None
    if not number >= 0:
        raise argparse.ArgumentTypeError(f"{value!r}: the budget must be 0 or more")
    return number


def _node_limit(value: str) -> int:
    try:
        number = int(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{value!r} is not a whole number") from None
    if number < 1:
        raise argparse.ArgumentTypeError(f"{value!r}: the node limit must be 1 or more")
    return number


def cmd_review(args: argparse.Namespace) -> int:
    """``spider review``: see the module docstring; returns 0, or 2 for bad input.

    Bad input (:data:`~spider_solitaire.solver.reading.BAD_INPUT`: a file that does not
    read, an action refused, a position that hides cards) is said in ``--language``
    (:func:`~spider_solitaire.solver.reading.input_error`): one line on stderr after
    ``spider review:``, or with ``--json`` the object ``{"error": code, "message":
    sentence}`` on stdout.
    """
    try:
        _, game_text = load_target(args.target)
        line = line_from_actions(game_text.start(), game_text.actions)
        review = review_game(line, node_limit=args.node_limit, budget=args.budget)
    except BAD_INPUT as error:
        code, sentence = input_error(error, args.language)
        if args.json:
            print(json.dumps({"error": code, "message": sentence}, ensure_ascii=False))
        else:
            print(f"spider review: {sentence}", file=sys.stderr)
        return 2
    sentences = review_lines(review, args.language)
    if args.json:
        data = review_data(review, positions=True)
        data["messages"] = sentences
        print(json.dumps(data, ensure_ascii=False))
    else:
        print("\n".join(sentences))
    return 0


def review_lines(review: Review, language: str) -> list[str]:
    """The review's sentences in ``language``, in the order ``spider review`` prints
    them (module docstring)."""
    count = len(review.line.moves)
    lines = [
        text("help", "review_heading", language, count=count),
        message("help", "review_legend", language),
        "".join(SYMBOLS[status] for status in review.statuses),
        verdict(review_data(review), language),
    ]
    lines += _at_the_loss(review, language)
    if review.moments:
        lines.append(message("help", "review_moments", language))
        lines += [_moment(number, action, kinds, language) for number, action, kinds in _m(review)]
    for branch in review.line.undone:
        actions = " ".join(map(str, branch.moves))
        lines.append(
            text(
                "help",
                "review_undone",
                language,
                count=len(branch.moves),
                number=branch.at,
                actions=actions,
            )
        )
    nodes = number_text(review.node_limit, language) if review.node_limit is not None else "-"
    cost = text(
        "help",
        "review_cost",
        language,
        count=review.probes,
        nodes=nodes,
        seconds=f"{review.seconds:.2f}",
    )
    return [*lines, "# " + cost]


def _m(review: Review) -> list[tuple[int, str, tuple[str, ...]]]:
    return [(m.index + 1, str(m.move), m.kinds) for m in review.moments]


def _moment(number: int, action: str, kinds: tuple[str, ...], language: str) -> str:
    words = ", ".join(message("help", f"review_kind_{kind}", language) for kind in kinds)
    return "  " + text("help", "review_moment", language, number=number, action=action, kinds=words)


def _at_the_loss(review: Review, language: str) -> list[str]:
    """The solver's line and the hint at the move that lost (nothing without one)."""
    if review.lost_at is None:
        return []
    line = " ".join(map(str, review.solver_line))
    lines = [text("help", "review_solver_line", language, line=line)]
    found = review.hint
    if found is not None:
        move = str(found.move) if found.move is not None else "-"
        lines.append(text("help", "review_hint", language, move=move))
        lines += ["  " + sentence for sentence in found.explain(language)]
        key = "review_hint_followed" if review.followed_hint else "review_hint_not_followed"
        lines.append(message("help", key, language))
    return lines
