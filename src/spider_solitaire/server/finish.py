"""Finishing for the player (issue 31, item 11): when every card on the tableau is face up
and the stock is empty, nothing is hidden any more, so whether the game can be won is a
matter of search, not of luck. The table then offers "Finish": the server gives the
winning line, and the table plays it as the player's own moves (ordinary actions, so the
game is not marked assisted: the player had all the information the solver had).

It is offered only when it is certain: the full-information solver
(:func:`~spider_solitaire.solver.solve`) found a line that wins, replayed through the
engine, within :data:`FINISH_NODES` positions (a node limit, not a time limit, so that
every server process gives the same answer for the same position).
"""

from __future__ import annotations

from ..game import Game
from ..solver import solve

FINISH_NODES = 10_000
"""The most positions the solver looks at to find a finishing line (a decision of ours:
an all-face-up endgame a player can finish is found within a few hundred; the worst
position we tried, a whole four-suit deck face up with no win found, takes about 35-50 ms at
this limit on the development machine: ``python bench/finish.py``)."""


def nothing_hidden(game: Game) -> bool:
    """True when no card of ``game`` is face down and its stock is empty (the rule of
    item 11: then the solver knows no more than the player)."""
    position = game.position
    return not position.stock and not any(position.face_down)


def finish_line(game: Game) -> list[str] | None:
    """Return the actions (action notation, ``"3:4>7"``) that win ``game`` from its
    current position, when finishing may be offered: the game is not won, nothing is
    hidden (:func:`nothing_hidden`) and the solver found a win within
    :data:`FINISH_NODES` positions. Else None (never a line that is not certain).

    Raises nothing: the solver is asked only about positions with no hidden card.
    """
    if game.is_won or not nothing_hidden(game):
        return None
    result = solve(game, node_limit=FINISH_NODES)
    if result.status != "won" or not result.solution:
        return None
    return [str(move) for move in result.solution]
