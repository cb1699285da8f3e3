"""The solver and the hints.

* :func:`solve` knows every card (face-down cards, stock order) and answers whether the
  current position can be won (``won`` with a solution, ``lost`` proved, or ``unknown``
  when a limit ran out).
* :func:`hint` sees only what the player sees and suggests one action with reasons.

The solver imports only the engine; the engine never imports the solver. Standard
library only.
"""

from .hints import HINT_CODES, Hint, HintWeights, hint
from .search import STATUSES, SolveProgress, SolverError, SolveResult, solve

__all__ = [
    "HINT_CODES",
    "STATUSES",
    "Hint",
    "HintWeights",
    "SolveProgress",
    "SolveResult",
    "SolverError",
    "hint",
    "solve",
]
