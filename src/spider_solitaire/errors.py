"""The engine's exceptions: one family of :class:`ValueError` subclasses.

Every message repeats the input that caused it (python-chess does the same), so a
log line alone says what went wrong.
"""

from __future__ import annotations

from .messages import reason_text

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
    number outside 1-10, a count below 1."""


class IllegalMoveError(SpiderError):
    """A well-formed action that the rules refuse in the current position.

    Attributes:
        reason: one of :data:`REASONS`, stable for programs and translations.
        action: the action's text as given (``"3:4>7"``, ``"d"``, ``"undo"``).
    """

    def __init__(self, reason: str, action: str) -> None:
        if reason not in REASONS:
            raise AssertionError(f"unknown reason code {reason!r}")
        self.reason = reason
        self.action = action
        super().__init__(f"{action}: {reason}: {reason_text(reason)}")

    def explain(self, language: str = "en") -> str:
        """Return the rule that refused the action, as one sentence in ``language``."""
        return reason_text(self.reason, language)
