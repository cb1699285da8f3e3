"""The engine's exceptions: one family of :class:`ValueError` subclasses.

Every message repeats the input that caused it (python-chess does the same), so a
log line alone says what went wrong. Every error the engine raises is a
:class:`SpiderError`, so ``except SpiderError`` (or ``except ValueError``) catches them
all:

>>> from spider_solitaire import Game, SpiderError
>>> try:
...     Game.from_code("SP1-S3C-AAAAAAA")
... except SpiderError as error:
...     print(type(error).__name__, "-", error)
InvalidCodeError - 'SP1-S3C-AAAAAAA': the number of suits must be 1, 2 or 4, not '3'

This module imports nothing else of the package at load time (the message catalog is
read when a refusal is explained), so every other module may import it.
"""

from __future__ import annotations

REASONS: tuple[str, ...] = (
    "same_column",
    "empty_source",
    "face_down",
    "not_descending",
    "mixed_suits",
    "not_one_higher",
    "on_ace",
    "deal_needs_full_columns",
    "stock_empty",
    "game_won",
    "nothing_to_undo",
    "nothing_to_redo",
    "hidden",
)
"""Every reason code that :class:`IllegalMoveError` can carry; stable across versions."""


class SpiderError(ValueError):
    """Base class of every error the engine raises (a :class:`ValueError`)."""


class InvalidCodeError(SpiderError):
    """A game code is malformed; the message names the part that is wrong."""


class InvalidPositionError(SpiderError):
    """A position text is malformed or impossible.

    Attributes:
        line: 1-based line number of the offending line, or ``None`` when the
            problem is with the position as a whole (card counts, a missing line).
    """

    def __init__(self, message: str, line: int | None = None) -> None:
        self.line = line
        super().__init__(f"line {line}: {message}" if line is not None else message)


class InvalidMoveError(SpiderError):
    """An action's text (or a game record) is not valid notation: bad syntax, a column
    number outside 1-10, a count below 1; or a move whose count was asked for before it
    was resolved against a position (``3>7``)."""


class InvalidOptionError(SpiderError):
    """An option of the engine has a bad value, for example a negative ``undo_limit``;
    the message names the option and repeats the value."""


class UnknownTextError(SpiderError, KeyError):
    """The message catalog has no text for a section and key, or a sentence lacks one of
    its parameters (a :class:`KeyError` too, as a lookup that failed)."""

    def __str__(self) -> str:
        # KeyError's str() would quote the message; show it as written.
        return str(self.args[0]) if self.args else ""


class IllegalMoveError(SpiderError):
    """A well-formed action that the rules refuse in the current position.

    Attributes:
        reason: one of :data:`REASONS`, stable for programs and translations.
        action: the action's text as given (``"3:4>7"``, ``"d"``, ``"undo"``).

    >>> error = IllegalMoveError("on_ace", "3:1>7")
    >>> error.reason, error.action
    ('on_ace', '3:1>7')
    >>> print(error)
    3:1>7: on_ace: Nothing can be placed on an Ace, the lowest card.
    """

    def __init__(self, reason: str, action: str) -> None:
        if reason not in REASONS:
            raise SpiderError(f"{action}: unknown reason code {reason!r}")
        self.reason = reason
        self.action = action
        super().__init__(f"{action}: {reason}: {self.explain()}")

    def explain(self, language: str = "en") -> str:
        """Return the rule that refused the action, as one sentence in ``language``
        (``"en"`` or ``"es"``; English for any other).

        >>> IllegalMoveError("stock_empty", "d").explain("es")
        'El mazo está vacío: ya se han repartido las cinco filas.'
        """
        from .messages import reason_text  # the catalog sits above this module

        return reason_text(self.reason, language)
