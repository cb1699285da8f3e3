"""The sentences of the help's answers, in the player's language: a hint (its head
sentence, its short form, its rank among the ranked hints), can-win's answer and the
button that goes back, the solution's panel, the progress of a deal search and of a help
job. Every text comes from the message catalog (``spider_solitaire.messages``); the
table's and the record's sentences are :mod:`..texts`."""

from __future__ import annotations

import math
from collections.abc import Sequence

from ...messages import card_names, message, text
from ..schemas.help import LastWinnable, LostAction


def hint_text(
    language: str,
    kind: str,
    *,
    group: Sequence[str] = (),
    source: int | None = None,
    target: int | None = None,
    can_undo: bool = True,
) -> str:
    """Return a hint's head sentence: for a ``move`` of ``group`` (card texts, bottom to
    top) from column ``source`` to ``target``, "Hint: move the 4 of spades from column 3
    to column 7."; for a ``deal``, "Hint: deal a row from the stock."; for a
    ``take_off`` (``spider-1949``) of the run at the end of ``source``, "Hint: take off the
    complete run at the end of column 3."; when ``stuck``,
    "Hint: no useful move is left.", or when nothing can be undone either, the way out
    (restart or a new game)."""
    if kind == "move":
        names = card_names(language)
        first, last = names[group[0]], names[group[-1]]
        return text(
            "help",
            "hint_move",
            language,
            count=len(group),
            card=first,
            first=first,
            last=last,
            source=source,
            target=target,
        )
    if kind == "deal":
        return message("help", "hint_deal", language)
    if kind == "take_off":
        return message("help", "hint_take_off", language).format(source=source)
    return message("help", "hint_stuck" if can_undo else "hint_stuck_no_undo", language)


def hint_short(
    language: str,
    kind: str,
    *,
    group: Sequence[str] = (),
    source: int | None = None,
    target: int | None = None,
    reason: str | None = None,
    can_undo: bool = True,
) -> str:
    """Return a hint in one short sentence, what to do and the main reason (``reason``,
    the first of the hint's codes, or None): "Move the 4 of spades from column 3 to
    column 7: it turns up a face-down card."; "Move the 5 of spades from column 1 to
    column 7: it fills column 7 so that you can deal (a row is dealt only when no column is
    empty)."; "Deal a row from the stock: no move helps any more."; when ``stuck``, "No
    useful move is left: undo some moves.", or the way out when nothing can be undone
    either. The panel shows it first and the whole
    explanation (:func:`hint_text` and the reasons' sentences) one tap away: a decision
    of ours.

    Raises:
        UnknownTextError: ``reason`` is not a hint code of the catalog.
    """
    if kind == "move":
        card = card_names(language)[group[0]]
        params = {"count": len(group), "card": card, "source": source, "target": target}
        if reason is None:
            return text("help", "hint_short_plain", language, **params)
        why = text("help", f"why_{reason}", language, target=target)
        return text("help", "hint_short_move", language, why=why, **params)
    if kind == "deal":
        return message("help", "hint_short_deal", language)
    if kind == "take_off":
        why = text("help", f"why_{reason or 'takes_off_run'}", language, target=target)
        return message("help", "hint_short_take_off", language).format(source=source, why=why)
    return message("help", "hint_short_stuck" if can_undo else "hint_short_stuck_no_undo", language)


def hint_ranked(language: str, number: int, count: int, hint: str | None = None) -> str:
    """Return a ranked hint's place, "2 of 5", or with ``hint`` (its short sentence) the
    sentence led by it: "Hint 2 of 5: Move the 4 of spades from column 3 to column 7: it
    turns up a face-down card." """
    if hint is None:
        return text("help", "hint_rank", language, number=number, count=count)
    return text("help", "hint_ranked", language, number=number, count=count, hint=hint)


def action_text(action: LostAction, language: str) -> str:
    """Return an action in words: "the deal", "3 cards from column 9 to column 4",
    "column 9 to column 4" (one card)."""
    if action.kind == "deal":
        return message("help", "action_deal", language)
    return text(
        "help",
        "action_move",
        language,
        count=action.count,
        source=action.column,
        target=action.target,
    )


def can_win_texts(
    answer: str, seconds: float, where: LastWinnable | None, language: str
) -> tuple[str, str | None]:
    """Return the answer to "Can I still win?" in words, and the label of the button that
    goes back to where it could still be won (None when there is none): for ``answer``
    ``yes``; ``unknown`` after ``seconds``; ``no`` with ``where`` (undo some actions,
    restart, never, or unknown)."""
    if answer == "yes":
        return message("help", "can_win_yes", language), None
    if answer != "no":
        return text("help", "can_win_unknown", language, count=round(seconds)), None
    kind = where.kind if where is not None else "unknown"
    if where is not None and kind == "undo" and where.steps is not None:
        if where.exact and where.lost_action is not None:
            said = text(
                "help",
                "no_exact",
                language,
                count=where.steps,
                move=where.lost_move,
                action=action_text(where.lost_action, language),
            )
        else:
            key = "no_around" if where.moves else "no_around_unmoved"  # only deals: no move 0
            said = text("help", key, language, count=where.steps, moves=where.moves)
        return said, text("help", "undo_back", language, count=where.steps)
    if kind == "restart":
        return message("help", "no_restart", language), message("web", "button.restart", language)
    if kind == "never":
        return message("help", "no_never", language), None
    return message("help", "no_unknown", language), None


def solution_message(remaining: int, language: str) -> str:
    """Return the solution panel's sentence after a step: "Showing the solution: 12 moves
    left.", or at the end "The solution is played to the end." (the browser's own
    sentence for its end, shared)."""
    if remaining == 0:
        return message("web", "solution.done", language)
    return text("help", "solution_left", language, count=remaining)


def searching(tried: int, max_tries: int, language: str) -> str:
    """Return a running deal search's progress: "Checking deals: 3 of at most 20 tried…"."""
    return text("help", "searching", language, tried=tried, max=max_tries)


def thinking(kind: str, probes: int, seconds_left: float, language: str) -> str:
    """Return a running help job's progress: for ``can_win`` "Working out whether this
    game can still be won…", then, once the solver has probed earlier positions (it
    found the current one lost), "… looking back through it for the move that lost it: at
    most 12 seconds left…" (``seconds_left``, rounded up, at least 1: a count of positions
    meant little, issue 31); for ``solution`` "Finding a solution…"; for ``notice``
    "Checking whether that move lost the deal…" (its probes are never counted)."""
    if kind == "solution":
        return text("help", "thinking_solution", language)
    if kind == "notice":
        return text("help", "notice_checking", language)
    if probes > 1:  # the first probe is the current position
        left = max(1, math.ceil(seconds_left))
        return text("help", "thinking_history", language, count=left)
    return text("help", "thinking_can_win", language)


def notice_text(answer: str, language: str) -> str | None:
    """Return the notice's sentence for the check's ``answer``: for ``lost_it`` "That move
    lost a deal that could still be won."; None for ``fine`` and ``unknown`` (no notice)."""
    if answer == "lost_it":
        return message("help", "notice_lost_it", language)
    return None
