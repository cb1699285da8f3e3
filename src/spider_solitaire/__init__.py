"""Spider Solitaire: an exact rules engine (standard library only).

The public face::

    from spider_solitaire import Game, Move, SpiderError, IllegalMoveError, \
        InvalidCodeError, InvalidPositionError, InvalidMoveError, InvalidOptionError

Nothing else in this module is promised; submodules (``rules``, ``position``,
``codes``, ``events``, ``messages``) are documented for the solver and the server.

>>> game = Game.from_code("SP1-S1C-AAAAAAD")
>>> [event.kind for event in game.act(game.legal_moves()[0])]
['move', 'turn_up']
"""

from . import messages as messages  # loads the catalog: IllegalMoveError.explain's sentences
from .errors import (
    IllegalMoveError,
    InvalidCodeError,
    InvalidMoveError,
    InvalidOptionError,
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
    "InvalidOptionError",
    "InvalidPositionError",
    "Move",
    "SpiderError",
]
__version__ = "0.1.0"
