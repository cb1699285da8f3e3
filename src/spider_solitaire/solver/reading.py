"""The game a solver command names (``spider solve``, ``spider hint``, ``spider review``),
and why it does not read.

:func:`load_target` reads a game code or a file holding any text of the family
:mod:`spider_solitaire.game_text` reads, once for the three commands. :func:`input_error`
says why an input was refused, as an error code and a sentence in the language asked (the
catalog's section ``input``): ``spider`` prints it after the command's name (status 2),
``spider review --json`` prints both as a JSON object.

>>> from spider_solitaire.errors import IllegalMoveError
>>> from spider_solitaire.game_text import RecordActionError
>>> refused = RecordActionError(2, "d", IllegalMoveError("stock_empty", "d"))
>>> input_error(refused)
('refused_action', "action 2 'd' refused: The stock is empty: every row has been dealt.")
>>> input_error(refused, "es")[1]
"acción 2 ('d') rechazada: El mazo está vacío: ya se han repartido todas las filas."
"""

from __future__ import annotations

from collections.abc import Callable

from ..errors import InvalidCodeError, InvalidMoveError, InvalidPositionError, SpiderError
from ..game import Game
from ..game_text import GameText, GameTextError, RecordActionError, load_game_text
from ..messages import explain, text
from ..variants import find_variant
from .search import SolverError

BAD_INPUT: tuple[type[Exception], ...] = (SpiderError, UnicodeDecodeError, OSError)
"""The errors that mean bad input (a command's status 2); :class:`BrokenPipeError`, an
:class:`OSError`, is the caller's to tell apart (the reader left)."""


def load_target(target: str, variant: str | None = None) -> tuple[Game, GameText]:
    """Return the game ``target`` names (a game code, or a file holding any text of the
    family: :func:`~spider_solitaire.game_text.load_game_text`), after the text's
    actions, and the text read. A code is dealt as ``variant`` when one is given; a
    position of another variant than ``variant`` is refused.

    Raises:
        InvalidCodeError: not a file and not a valid code.
        InvalidPositionError: the file's position does not read.
        GameTextError: the text disagrees with itself or with ``variant``, or the name is
            neither a file nor a code.
        RecordActionError: an action of the file is refused.
        OSError, UnicodeDecodeError: the file cannot be read.
    """
    game_text = load_game_text(target)
    return game_text.game(find_variant(variant) if variant is not None else None), game_text


_Params = dict[str, object]
"""A sentence's parameters."""


def _refused(error: Exception, language: str) -> tuple[str, _Params]:
    assert isinstance(error, RecordActionError)
    why = explain(error.error, language)
    return "refused_action", {"number": error.number, "action": error.action, "why": why}


def _notation(error: Exception, language: str) -> tuple[str, _Params]:
    assert isinstance(error, InvalidMoveError)
    why = explain(error, language)
    if "number" in error.params:
        return "bad_action_at", {"number": error.params["number"], "why": why}
    return "bad_action", {"why": why}


def _game_text(error: Exception, language: str) -> tuple[str, _Params]:
    assert isinstance(error, GameTextError)
    if error.reason == "text":
        return "bad_text", {"detail": str(error)}
    return error.reason, {"target": repr(error.target)}


def _os_error(error: Exception, language: str) -> tuple[str, _Params]:
    assert isinstance(error, OSError)
    if error.filename is not None and error.strerror:  # "'x.txt': no such file or directory"
        reason = error.strerror[0].lower() + error.strerror[1:]
        return "unreadable", {"detail": f"{str(error.filename)!r}: {reason}"}
    return "unreadable", {"detail": str(error)}


def _detail(code: str) -> Callable[[Exception, str], tuple[str, _Params]]:
    def describe(error: Exception, language: str) -> tuple[str, _Params]:
        return code, {"detail": str(error)}

    return describe


_KINDS: tuple[tuple[type[Exception], Callable[[Exception, str], tuple[str, _Params]]], ...] = (
    (RecordActionError, _refused),
    (InvalidMoveError, _notation),
    (SolverError, lambda error, language: ("hidden_cards", {})),
    (GameTextError, _game_text),
    (InvalidCodeError, _detail("bad_code")),
    (InvalidPositionError, _detail("bad_position")),
    (UnicodeDecodeError, _detail("not_utf8")),
    (OSError, _os_error),
)
"""How each kind of bad input is said, the first that matches (the narrower first)."""


def input_error(error: Exception, language: str = "en") -> tuple[str, str]:
    """Return why an input was refused, as the error's code (a key of the catalog's
    section ``input``: ``refused_action``, ``hidden_cards``, ``no_file``, ``bad_code``...)
    and its sentence in ``language``, without the command's name.

    What the engine says only in English (why a game code, a position or a text does not
    read, what the system says of a file) is given as it is, after the sentence's own
    words in ``language``.
    """
    code, params = "bad_input", _Params(detail=str(error))
    for kind, describe in _KINDS:
        if isinstance(error, kind):
            code, params = describe(error, language)
            break
    return code, text("input", code, language, **params)
