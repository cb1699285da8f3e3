"""What a hint remembers of the game: the positions since the last deal (which it never
goes back to) and the plan the moves since have followed (which it keeps while no fresh
line beats it; issue 19, issue 28).

Read from the player's view only (:meth:`~spider_solitaire.position.Position.hidden_view`):
an earlier position is its view's columns (:class:`~spider_solitaire.solver.board.Board`).
"""

from __future__ import annotations

from typing import NamedTuple

from ..game import Game
from .board import Action, Board, Columns, ColumnTable, action_of
from .lookahead import Found, look_ahead
from .reasons import replay

HISTORY = 100
"""How many earlier positions of the game (at most) a hint looks back at: it never goes
back to one of them, and it only calls a line an improvement when the line ends better
than all of them since the last deal (so that filling a column for a deal, which makes
the position look worse, is not undone by the next hint)."""


class Past(NamedTuple):
    """An earlier position of the game (its view's columns) and the move played from it."""

    columns: Columns
    action: Action


def history(game: Game, stock: int) -> list[Past]:
    """Return the views of the positions of ``game`` since the last deal (at most
    :data:`HISTORY`; ``stock``: the cards left in the stock now, so a position with more
    was before the last deal), most recent first, each with the move played from it."""
    past = game.copy()
    found: list[Past] = []
    for _ in range(HISTORY):
        if not past.can_undo:
            break
        move = past.undo()
        view = past.position.hidden_view()
        if len(view.stock) != stock or move.count is None:
            break
        columns = Board.from_position(view).columns
        found.append(Past(columns, action_of(move)))
    return found


def kept_plan(
    table: ColumnTable, columns: Columns, since: list[Past], width: int, depth: int
) -> Found | None:
    """Return the rest of the plan (its score and the moves left) that the look-ahead
    (``width`` positions a layer, ``depth`` moves) finds from the latest earlier position
    of ``since`` (:func:`history`, most recent first) whose line the moves since have
    followed to ``columns`` with no card turned up; None when there is none.

    The hint weighs it against the fresh lines from ``columns``: a plan is not dropped
    halfway for an equally good line, and is dropped for a better one (as at 7b05926, where
    this re-planning won 17 of the bench's 100 four-suit deals).
    """
    remove = table.remove
    played: list[Action] = []
    for index, past in enumerate(since[:depth]):
        played.insert(0, past.action)
        if replay(past.columns, played, remove)[-1] != columns:
            return None  # a card was turned up since: older plans did not know it
        older = {entry.columns for entry in since[index + 1 :]}
        found = look_ahead(table, past.columns, older, width, depth).best
        if found is None or found.length <= len(played) or found.actions[: len(played)] != played:
            continue
        rest = found.actions[len(played) :]
        return Found(found.score, len(rest), rest)
    return None
