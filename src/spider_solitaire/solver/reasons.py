"""Why a hint is given: the reason codes of a move or of the short plan it starts.

The reason codes (:data:`HINT_CODES`), each explained in English and Spanish in the
``hints`` section of :mod:`spider_solitaire.messages`. A move's reasons are what the move
does by itself; a move that does nothing visible by itself (it prepares the next ones)
gets the reasons of the short plan it starts, hence the "now or in the next few moves"
of the sentences:

* ``completes_run``: a King-to-Ace run of one suit is completed (and removed);
* ``turns_up_card``: a face-down card is turned up;
* ``empties_column``: a column is emptied (a whole column moves onto another card);
* ``builds_in_suit``: cards go onto the next higher card of their own suit, making a
  longer suited run;
* ``joins_runs``: cards go onto a next higher card of another suit from a card that
  was not one rank higher, making one longer descending sequence out of two;
* ``takes_off_run``: a complete run waits at the end of a column (``spider-1949``, where
  the player takes runs off): taking it off scores 100 and may turn up a card or empty a
  column;
* ``deal_now``: no move helps any more, so deal;
* ``fill_to_deal``: no move helps any more and a column is empty, so fill it (with the
  move that leaves the best position) so that a row can be dealt;
* ``stuck``: no move helps and no deal is possible: undo is the way out;
* ``solver_worlds``: the stock is dealt out, and over sampled ways the face-down cards
  could lie the solver's wins start with this move most often
  (:mod:`~spider_solitaire.solver.endgame`);
* ``solver_sees_all``: every card is in sight and the solver wins starting with this move.

The hint (:mod:`~spider_solitaire.solver.hints`) chooses the move; this module says what
the move does by itself (:func:`move_reasons`), or, for a move that does nothing visible,
what the line it starts does (:func:`line_reasons`) and where that plan stops
(:func:`cut_line`). Columns are the solver's ``bytes`` (:mod:`spider_solitaire.solver.board`).
"""

from __future__ import annotations

from .board import FACE_DOWN, Action, Columns, after_move, ends_in_complete_run

HINT_CODES: tuple[str, ...] = (
    "turns_up_card",
    "empties_column",
    "builds_in_suit",
    "completes_run",
    "joins_runs",
    "takes_off_run",
    "deal_now",
    "fill_to_deal",
    "stuck",
    "solver_worlds",
    "solver_sees_all",
)
"""Every reason a :class:`~spider_solitaire.solver.hints.Hint` can give; stable codes for
programs and translations."""

MOVE_REASONS = ("completes_run", "turns_up_card", "empties_column", "builds_in_suit", "joins_runs")
"""Reasons a move can have, most important first (the order of ``Hint.reasons``)."""


def _suited_run_at(column: bytes, index: int) -> int:
    """Length of the suited run (same suit, descending by one, face-up) through
    ``column[index]``."""
    low = high = index
    while low > 0 and not column[low - 1] & FACE_DOWN and column[low - 1] == column[low] + 1:
        low -= 1
    while high + 1 < len(column) and column[high + 1] == column[high] - 1:
        high += 1
    return high - low + 1


def move_reasons(before: Columns, move: Action) -> list[str]:
    """Return the reasons that a move has by itself, most important first."""
    source, target = before[move.source], before[move.target]
    count = move.count
    first = source[-count]
    rest = source[:-count]
    below = rest[-1] if rest else None
    reasons: list[str] = []
    joined = target + source[-count:]
    if target and ends_in_complete_run(joined):
        reasons.append("completes_run")
    if below is not None and below & FACE_DOWN:
        reasons.append("turns_up_card")
    if below is None and target:
        reasons.append("empties_column")
    if target:
        if target[-1] == first + 1:
            if _suited_run_at(joined, len(target)) > _suited_run_at(source, len(rest)):
                reasons.append("builds_in_suit")
        elif below is None or below & FACE_DOWN or below & 15 != (first & 15) + 1:
            reasons.append("joins_runs")
    return reasons


def replay(columns: Columns, moves: list[Action], remove: bool = True) -> list[Columns]:
    """The boards along ``moves`` from ``columns`` (``columns`` first); ``remove`` when
    complete runs leave by themselves."""
    boards = [columns]
    for move in moves:
        boards.append(after_move(boards[-1], move, remove))
    return boards


def line_reasons(columns: Columns, line: list[Action], remove: bool) -> list[str]:
    """Reasons of a line whose first move has none by itself: what the line achieves
    (possibly none: then the line only shuffles cards and is not worth a hint)."""
    found: set[str] = set()
    boards = replay(columns, line, remove)
    for before, move in zip(boards, line, strict=False):
        found.update(move_reasons(before, move))
    return [code for code in MOVE_REASONS if code in found]


def cut_line(columns: Columns, line: list[Action], remove: bool) -> list[Action]:
    """The line up to and including the first move that turns up a card."""
    boards = replay(columns, line, remove)
    for index, move in enumerate(line):
        source = boards[index + 1][move.source]
        if source and not source[-1] & 15:
            return line[: index + 1]
    return line
