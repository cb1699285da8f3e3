"""Spider Solitaire: an exact rules engine (standard library only).

The public face::

    from spider_solitaire import Game, Move, IllegalMoveError, InvalidCodeError, \
        InvalidPositionError, InvalidMoveError

Nothing else in this module is promised; submodules (``rules``, ``position``,
``codes``, ``events``, ``messages``) are documented for the solver and the server.
"""

from .errors import (
    IllegalMoveError,
    InvalidCodeError,
    InvalidMoveError,
    InvalidPositionError,
    SpiderError,
)
from .game import Game
from .moves import Move

__all__ = [
    "Game",
    "IllegalMoveError",
    "InvalidCodeError",
    "InvalidMoveError",
    "InvalidPositionError",
    "Move",
    "SpiderError",
]
__version__ = "0.1.0"
