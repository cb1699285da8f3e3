"""The hint once the stock is dealt out: the solver on sampled worlds.

With the stock empty, the only cards a player cannot see are the face-down ones, and the
stock's strategy fusion (a sampled world that knows its next rows deals early and plans
around rows that will not come, ``../shared/notes/honest-hints.md``) is gone. So from the
last deal on, the hint deals the unseen cards into the face-down slots
(:class:`~spider_solitaire.solver.worlds.Worlds`, seeded from the view), solves each world
with the full-information solver's searches under a node limit (the exhaustive search,
then a beam search), and counts the first move of each world's win: the move that starts
the most wins is the hint, a tie going to the look-ahead's move (after Bjarnason, Fern and
Tadepalli, ICAPS 2009: "hindsight optimisation", which in Klondike, where only face-down
cards are hidden, wins 23-27% at draw 3). The share of worlds it wins in is the hint's
estimated chance. A move back to a position met since the last deal is never counted (the
hint does not go round in circles).

When no card is hidden at all, one world is the position itself, and the hint is the
first move of the solver's win. When no world is won, the look-ahead's hint stands.

Measured with ``bench/hintbot.py`` (hints alone, no undo) on tuning deals: see
:data:`ENDGAME_WORLDS`.
"""

from __future__ import annotations

from collections import Counter
from typing import NamedTuple

from .beam import beam_search
from .board import Action, Board, Columns, after_move
from .search import exhaustive_search
from .worlds import Worlds, view_seed

ENDGAME_WORLDS = 6
"""Worlds solved for one hint (a decision of ours, measured with ``bench/hintbot.py``:
on the first 100 two-suit tuning deals the hint with the endgame won more than without
it; see the closing note of issue 28 for the figures)."""

ENDGAME_NODES = 10_000
"""Positions generated at most per world (about 50-150 ms on the compiled build): the
first :data:`EXACT_NODES` by the exhaustive search, the rest by a beam search of width
:data:`ENDGAME_WIDTH`."""

EXACT_NODES = 3_000
"""The exhaustive search's share of :data:`ENDGAME_NODES`: a small endgame is settled
exactly, a lost world is given up at once."""

ENDGAME_WIDTH = 60
"""The beam search's width in a world (the solver's first width at 1 and 2 suits)."""


class EndgameMove(NamedTuple):
    """The endgame's choice.

    Attributes:
        action: the move to play (never a deal: the stock is empty).
        chance: the share of the solved worlds whose win starts with ``action``, in
            [0, 1] (1.0 when no card is hidden and the solver wins).
        worlds: the worlds solved (1 when no card is hidden).
        nodes: positions the searches generated, all worlds together.
    """

    action: Action
    chance: float
    worlds: int
    nodes: int


def endgame_move(
    board: Board,
    unseen: list[int],
    forbidden: set[Columns],
    preferred: Action | None,
) -> EndgameMove | None:
    """Choose a move from a view whose stock is empty by solving sampled worlds.

    Args:
        board: the player's view (stock dealt out; face-down cards hidden).
        unseen: the cards the player has not seen
            (:func:`~spider_solitaire.solver.worlds.unseen_cards`): exactly the face-down
            cards, empty when every card is face up.
        forbidden: the views met since the last deal; a move leading back to one is not
            counted.
        preferred: the look-ahead's move, which wins a tie (None: the engine's order).

    Returns:
        The move that starts the most wins, or None when no world was won (or the stock
        is not empty).
    """
    if board.rows_left:
        return None
    count = ENDGAME_WORLDS if unseen else 1
    worlds = Worlds(board.columns, unseen, view_seed(board.columns, len(unseen)))
    remove = board.variant.auto_remove
    votes: Counter[Action] = Counter()
    nodes = 0
    for index in range(count):
        world = Board(worlds.world(index), (), 0, board.classic, board.variant)
        first, spent = _first_winning_move(world)
        nodes += spent
        if first is not None and after_move(board.columns, first, remove) not in forbidden:
            votes[first] += 1
    if not votes:
        return None
    most = max(votes.values())
    tied = [action for action, wins in votes.items() if wins == most]
    action = preferred if preferred in tied else tied[0]
    return EndgameMove(action, most / count, count, nodes)


def _first_winning_move(world: Board) -> tuple[Action | None, int]:
    """The first move of a win found in ``world`` (full information, stock empty) within
    :data:`ENDGAME_NODES`, or None; and the positions generated."""
    exact = exhaustive_search(world, EXACT_NODES)
    if exact.status == "won":
        return exact.actions[0], exact.nodes
    if exact.status == "lost":
        return None, exact.nodes
    found = beam_search(world, ENDGAME_WIDTH, node_limit=ENDGAME_NODES - exact.nodes)
    nodes = exact.nodes + found.nodes
    return (found.actions[0], nodes) if found.won else (None, nodes)
