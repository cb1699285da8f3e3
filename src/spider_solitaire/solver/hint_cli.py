"""``spider hint CODE|FILE [--think-longer] [--json] [--language en|es] [--all]``.

Reads a game code or any text of the family :mod:`spider_solitaire.game_text` reads (a
position, a game record, the table's export, ``spider deal``'s or ``spider solve``'s
output; a record is replayed, so the hint sees the positions met since the last deal), as
``spider solve`` does (:func:`~spider_solitaire.solver.reading.load_target`), and prints the
table's hint from what the player sees: the move, the line it starts, the reasons, the
estimated chance in words and the node expansions spent (issue 28). Exit status: 0, or 2
for bad input.
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

from ..messages import LANGUAGES, chance_text
from .cli import add_variant_option
from .hints import HINT_BUDGET, HINT_CHOICES, THINK_LONGER, Hint, hints
from .reading import load_target


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
    game, _ = load_target(args.target, args.variant)
    code = game.code
    position_file = None if code is not None else args.target
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
        sentence = chance_text(found.chance, others, language, chosen=number == 1)
        item.update(number=number, chance_text=sentence)
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
