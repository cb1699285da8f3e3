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

The errors carry plain data, never a sentence: a refusal's ``reason`` code and the
``params`` that its sentence needs. Sentences are made where every text is made, in the
message catalog (:func:`spider_solitaire.messages.explain`). This module imports nothing
else of the package, not even when it runs, so every other module may import it.
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
    "no_complete_run",
    "runs_leave_by_themselves",
)
"""Every reason code that :class:`IllegalMoveError` can carry; stable across versions."""

NOTATION_REASONS: tuple[str, ...] = (
    "empty",
    "not_notation",
    "white_space",
    "leading_zero",
    "column_range",
    "count_range",
    "not_text",
    "not_whole_number",
    "count_open",
    "no_code_line",
)
"""Every reason code that :class:`InvalidMoveError` can carry; stable across versions.
The grammar they refer to is :func:`spider_solitaire.moves.parse_action`'s."""


class SpiderError(ValueError):
    """Base class of every error the engine raises (a :class:`ValueError`)."""


class InvalidCodeError(SpiderError):
    """A game code is malformed; the message names the part that is wrong."""


class CodeCheckError(InvalidCodeError):
    """An ``SP2`` game code whose check character does not match: a character is
    mistyped (issue 31, item 15).

    Attributes:
        nearest: the valid codes it reads as after one swap of neighbours or one
            look-alike character (often one; none when no such reading is valid).
    """

    def __init__(self, message: str, nearest: tuple[str, ...] = ()) -> None:
        self.nearest = nearest
        super().__init__(message)


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
    """An action's text (or a game record) is not valid notation, or a move is asked for
    something it does not know yet.

    Attributes:
        reason: one of :data:`NOTATION_REASONS`: ``empty`` (nothing but white space),
            ``not_notation`` (not of the shape ``3:4>7``, ``3>7``, a word), ``white_space``
            (white space inside an action), ``leading_zero`` (a number written with a
            leading 0; param ``digits``, as written), ``column_range`` (a column outside
            the game's; params ``column`` and ``columns``, the game's column count, 10
            where the notation alone is read), ``count_range`` (a count outside 1-104; param
            ``count``), ``not_text`` (not a string), ``not_whole_number`` (a
            :class:`~spider_solitaire.moves.Move` field is not an ``int``; param
            ``field``), ``count_open`` (the count of a ``3>7`` move asked before it was
            resolved), ``no_code_line`` (a game record without its code line).
        action: the action's text as given (``""`` when there is none).
        params: the values the reason's sentence names (plain data), ``action`` included;
            ``number`` is the action's place in a game record (from 1), when it is one.

    >>> error = InvalidMoveError("column_range", "11>1", column=11)
    >>> error.reason, error.params
    ('column_range', {'action': '11>1', 'column': 11})
    >>> print(error)
    '11>1': column_range (column=11)
    """

    def __init__(self, reason: str, action: str = "", /, **params: object) -> None:
        if reason not in NOTATION_REASONS:
            raise SpiderError(f"{action!r}: unknown notation reason code {reason!r}")
        self.reason = reason
        self.action = action
        self.params: dict[str, object] = {"action": action} | params
        where = f"action {params['number']}: " if "number" in params else ""
        shown = ", ".join(
            f"{key}={value!r}" for key, value in params.items() if key not in ("action", "number")
        )
        super().__init__(f"{where}{action!r}: {reason}" + (f" ({shown})" if shown else ""))


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
        params: the values the reason's sentence may name (plain data): ``action``.

    The sentence that says why is the catalog's:
    ``spider_solitaire.messages.explain(error, language)``.

    >>> error = IllegalMoveError("on_ace", "3:1>7")
    >>> error.reason, error.action
    ('on_ace', '3:1>7')
    >>> print(error)
    3:1>7: on_ace
    """

    def __init__(self, reason: str, action: str) -> None:
        if reason not in REASONS:
            raise SpiderError(f"{action}: unknown reason code {reason!r}")
        self.reason = reason
        self.action = action
        self.params: dict[str, object] = {"action": action}
        super().__init__(f"{action}: {reason}")
