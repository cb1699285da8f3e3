"""The solver and the hints.

* :func:`solve` knows every card (face-down cards, stock order) and answers whether the
  current position can be won (``won`` with a solution, ``lost`` proved, or ``unknown``
  when a limit ran out).
* :func:`hint` sees only what the player sees and suggests one action with reasons;
  :func:`hints` ranks the best and the next good ones.

Both build on :mod:`~spider_solitaire.solver.board`: the solver's compact board, its
legal actions and the cached facts of each column (the solver's one fast copy of the
rules, checked against the engine by a parity test), scored by a search's
:class:`~spider_solitaire.solver.facts.Weights`.

The solver imports only the engine; the engine never imports the solver. Standard
library only.
"""

from .facts import Weights
from .hints import (
    HINT_BUDGET,
    HINT_CHOICES,
    THINK_LONGER,
    Hint,
    HintWeights,
    hint,
    hints,
    no_useful_move,
)
from .reasons import HINT_CODES
from .search import STATUSES, SolveProgress, SolverError, SolveResult, solve

__all__ = [
    "HINT_BUDGET",
    "HINT_CHOICES",
    "HINT_CODES",
    "STATUSES",
    "THINK_LONGER",
    "Hint",
    "HintWeights",
    "SolveProgress",
    "SolveResult",
    "SolverError",
    "Weights",
    "hint",
    "hints",
    "no_useful_move",
    "solve",
]
