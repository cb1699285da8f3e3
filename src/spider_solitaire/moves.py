"""Moves and the action notation: the one grammar of an action's text.

Notation (columns are numbered 1-10 everywhere; a seven-column variant uses 1-7):

* ``3:4>7``: four cards from column 3 to column 7. The canonical form, what
  ``str(move)`` gives.
* ``3>7``: from column 3 to column 7 with the count left to the position (see
  :func:`spider_solitaire.rules.resolve_move`). Parsed as a :class:`Move` whose
  ``count`` is ``None``.
* ``d``: deal a row from the stock (``deal`` is accepted too).
* ``t3``: take the complete King-to-Ace run at the end of column 3 off the table
  (``take3`` is accepted too): an action of ``spider-1949`` alone, where runs do not
  leave by themselves (:mod:`spider_solitaire.variants`).
* ``undo`` (or ``u``), ``redo`` (or ``r``), ``restart``: the actions that are not moves.

:func:`parse_action` reads one action's text into a value (:data:`Action`: a
:class:`Move` or a :class:`Control`), and it is the only reader: it is called where text
comes in (the API's request model, the command line, the terminal, the game records and
the server's log of actions) and only the value travels inward
(:meth:`spider_solitaire.game.Game.act`). Its grammar (a decision of ours):

* white space around the action is ignored; white space inside it is refused
  (``white_space``), so an action is one token, the same in a game record as alone;
* the words are in any case (``D``, ``Undo``, ``RESTART``);
* numbers are ASCII digits without a leading zero (``3:04>7`` is ``leading_zero``);
  a column is 1-10 (``column_range``) and a count 1-104 (``count_range``: a game has
  104 cards);
* anything else is ``not_notation`` (``empty`` when nothing but white space).

A refusal is an :class:`~spider_solitaire.errors.InvalidMoveError` with its reason
code and params; its sentence is the catalog's
(:func:`spider_solitaire.messages.explain`).

A game record is a game code on its first line, then actions separated by white
space (:func:`parse_record`). A full game record (:func:`parse_game_record`,
:func:`format_game_record`) may also hold ``u`` (undo), ``r`` (redo) and ``restart``, so
that it gives a game exactly as it was played (the browser table's export).

>>> move = Move.parse("3>7")
>>> move.count is None, move.is_resolved
(True, False)
>>> str(Move.parse(" 3:4>7 ")), Move.parse("3:4>7").resolved_count
('3:4>7', 4)
>>> parse_action(" Undo "), parse_action("D")
(Control.UNDO, Move.deal())
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from enum import Enum
from typing import TypeVar

from .errors import InvalidMoveError
from .variants import MAX_COLUMNS, RUN_LENGTH

MAX_COUNT = 104
"""The most cards a move can take: a game has 104 cards (a rule of the game)."""

_MOVE_RE = re.compile(r"([0-9]+)(?::([0-9]+))?>([0-9]+)", re.ASCII)
_TAKE_RE = re.compile(r"(?:t|take)([0-9]+)", re.ASCII | re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class Move:
    """One action: a move of ``count`` cards from ``source`` to ``target``, a deal, or
    the take-off of a complete run (``spider-1949``).

    A small hashable value whose notation does not depend on the position.

    Attributes:
        source: column 1-10, or 0 for a deal; the column of a take-off.
        target: column 1-10, or 0 for a deal and a take-off.
        count: number of cards moved (1 or more); ``None`` when parsed from ``3>7``
            and not yet resolved against a position; 0 for a deal; 13 for a take-off.
            Code that needs an ``int`` reads :attr:`resolved_count`.

    Raises:
        InvalidMoveError: ``not_whole_number``, ``column_range`` (a column outside 1-10)
            or ``count_range`` (a count outside 1-104).
    """

    source: int
    target: int
    count: int | None = None

    def __post_init__(self) -> None:
        for name, value in (
            ("source", self.source),
            ("target", self.target),
            ("count", self.count),
        ):
            if (type(value) is not int) and not (name == "count" and value is None):
                raise InvalidMoveError(
                    "not_whole_number",
                    f"Move({self.source!r}, {self.target!r}, {self.count!r})",
                    field=name,
                    value=repr(value),
                )
        if self.source == 0 and self.target == 0 and self.count == 0:
            return  # the deal
        if self.target == 0 and self.count == RUN_LENGTH and 1 <= self.source <= MAX_COLUMNS:
            return  # a take-off
        for column in (self.source, self.target):
            if not 1 <= column <= MAX_COLUMNS:
                raise InvalidMoveError(
                    "column_range", self._text(), column=column, columns=MAX_COLUMNS
                )
        if self.count is not None and not 1 <= self.count <= MAX_COUNT:
            raise InvalidMoveError("count_range", self._text(), count=self.count)

    def __repr__(self) -> str:
        """Return Python that makes this move again: ``Move.deal()`` for the deal,
        ``Move(3, 7, 4)`` or ``Move(3, 7)`` (count still open) for a move.

        >>> Move.deal(), Move(3, 7, 4), Move(3, 7)
        (Move.deal(), Move(3, 7, 4), Move(3, 7))
        """
        if self.is_deal:
            return "Move.deal()"
        if self.target == 0:
            return f"Move.take_off({self.source})"
        if self.count is None:
            return f"Move({self.source}, {self.target})"
        return f"Move({self.source}, {self.target}, {self.count})"

    @classmethod
    def deal(cls) -> Move:
        """Return the deal action (``d``)."""
        return DEAL

    @classmethod
    def take_off(cls, column: int) -> Move:
        """Return the take-off of the complete run at the end of ``column`` (``t3``).

        >>> Move.take_off(3), str(Move.take_off(3))
        (Move.take_off(3), 't3')

        Raises:
            InvalidMoveError: ``column_range``: ``column`` is outside 1-10.
        """
        return cls(column, 0, RUN_LENGTH)

    @property
    def is_deal(self) -> bool:
        """True for the deal action."""
        return self.source == 0

    @property
    def is_take_off(self) -> bool:
        """True for the take-off of a complete run (``t3``)."""
        return self.target == 0 and self.source != 0

    @property
    def is_resolved(self) -> bool:
        """True when the count is known: a move with a count, or the deal."""
        return self.count is not None

    @property
    def resolved_count(self) -> int:
        """The number of cards the move takes (0 for the deal), once known.

        A move parsed from ``3>7`` gets its count from a position:
        :func:`spider_solitaire.rules.resolve_move` or ``Game.resolve``.

        >>> Move(3, 7, 4).resolved_count, Move.deal().resolved_count
        (4, 0)

        Raises:
            InvalidMoveError: ``count_open``: the count is still open (``3>7``); resolve
                the move against a position first (``rules.resolve_move`` or
                ``Game.resolve``).
        """
        count = self.count
        if count is None:
            raise InvalidMoveError("count_open", self._text())
        return count

    def _text(self) -> str:
        if self.source == 0 and self.count == 0:
            return "d"
        if self.target == 0:
            return f"t{self.source}"
        if self.count is None:
            return f"{self.source}>{self.target}"
        return f"{self.source}:{self.count}>{self.target}"

    def __str__(self) -> str:
        """Return the notation: ``3:4>7``, ``3>7`` when the count is open, ``d``, or
        ``t3``."""
        return self._text()

    @classmethod
    def parse(cls, text: str, columns: int = MAX_COLUMNS) -> Move:
        """Parse a move, the deal or a take-off: ``3:4>7``, ``3>7``, ``d``, ``deal``, ``t3``
        or ``take3``, in the grammar of :func:`parse_action` (white space around only,
        words in any case; columns 1 to ``columns``, the game's).

        Raises:
            InvalidMoveError: the text is not a move or the deal (``undo``, ``redo`` and
                ``restart`` are ``not_notation`` here); see :func:`parse_action` for the
                reason codes.
        """
        action = parse_action(text, columns)
        if isinstance(action, Control):
            raise InvalidMoveError("not_notation", text.strip())
        return action


DEAL = Move(0, 0, 0)
"""The deal action."""

DEAL_WORDS: tuple[str, ...] = ("d", "deal")
"""The words of the deal (any case)."""


class Control(Enum):
    """An action that is not a move: undo, redo or restart (the value of ``undo``/``u``,
    ``redo``/``r`` and ``restart``, :func:`parse_action`).

    ``str(control)`` is its canonical text, the one a game's log keeps (``"undo"``,
    ``"redo"``, ``"restart"``); :attr:`record_text` is how a full game record writes it
    (``u``, ``r``, ``restart``: :func:`format_game_record`).

    >>> str(Control.UNDO), Control.UNDO.record_text, parse_action("U") is Control.UNDO
    ('undo', 'u', True)
    """

    UNDO = "undo"
    REDO = "redo"
    RESTART = "restart"

    def __str__(self) -> str:
        """Return the canonical text: ``undo``, ``redo`` or ``restart``."""
        return self.value

    def __repr__(self) -> str:
        return f"Control.{self.name}"

    @property
    def record_text(self) -> str:
        """How a full game record writes it: ``u``, ``r`` or ``restart``."""
        return _RECORD_TEXTS[self]


_RECORD_TEXTS = {Control.UNDO: "u", Control.REDO: "r", Control.RESTART: "restart"}

CONTROL_WORDS: dict[str, Control] = {
    "u": Control.UNDO,
    "undo": Control.UNDO,
    "r": Control.REDO,
    "redo": Control.REDO,
    "restart": Control.RESTART,
}
"""The words of an action that are not moves, with the action each means (any case;
:func:`parse_action`)."""

Action = Move | Control
"""One action, read from its text by :func:`parse_action`: a :class:`Move` (a move, the
deal or a take-off) or a :class:`Control` (undo, redo, restart). ``str(action)`` is its
canonical text."""

AUTO_WORD = "auto"
"""The word of a double-click or tap on a group (the API's ``{"action": "auto"}``, any
case, white space around): not an action of the notation, but a request for the move
:func:`spider_solitaire.rules.auto_move` finds (:class:`Auto`)."""


def is_auto(text: object) -> bool:
    """True when ``text`` is the word ``auto`` (:data:`AUTO_WORD`; any case, white space
    around).

    >>> is_auto(" AUTO "), is_auto("a"), is_auto(None)
    (True, False, False)
    """
    return isinstance(text, str) and text.strip().lower() == AUTO_WORD


@dataclass(frozen=True, slots=True)
class Auto:
    """A double-click or tap on the last ``count`` cards of ``column`` (1-10, and 1 or
    more): play the move :func:`spider_solitaire.rules.auto_move` finds for that group.
    Its text is ``auto 3:2`` (for the messages; a game's log keeps the move it made)."""

    column: int
    count: int

    def __str__(self) -> str:
        """Return ``auto <column>:<count>``."""
        return f"{AUTO_WORD} {self.column}:{self.count}"


def _number(text: str) -> int | str:
    """The value of a number's digits, or the digits themselves when there are too many to
    be a column or a count (so that no huge text is converted)."""
    return int(text) if len(text) <= 6 else text


def parse_action(text: str, columns: int = MAX_COLUMNS) -> Action:
    """Read one action's text: a move (``3:4>7``, ``3>7``), the deal (``d``, ``deal``),
    a take-off (``t3``, ``take3``), or ``undo`` (``u``), ``redo`` (``r``), ``restart``.
    The one grammar of an action (see the module's docstring): white space around is
    ignored and inside refused, words in any case, numbers without a leading zero,
    columns 1 to ``columns`` (the game's: 10, or 7; 10 when no game is named), counts
    1-104. (Whether the game has take-offs is the rules' to say.)

    Returns:
        A :class:`Move` (``count`` ``None`` for ``3>7``; :data:`DEAL` for the deal;
        :meth:`Move.take_off` for ``t3``), or a :class:`Control`.

    >>> parse_action("3:4>7"), parse_action(" 3>7 "), parse_action("R"), parse_action("T10")
    (Move(3, 7, 4), Move(3, 7), Control.REDO, Move.take_off(10))

    Raises:
        InvalidMoveError: with the reason code naming what is wrong, the text stripped as
            ``action``: ``not_text`` (not a string), ``empty``, ``white_space``,
            ``not_notation``, ``leading_zero`` (param ``digits``: the number as written),
            ``column_range`` (params ``column`` and ``columns``), ``count_range`` (param
            ``count``).
    """
    if not isinstance(text, str):
        raise InvalidMoveError("not_text", "", value=repr(text))
    token = text.strip()
    if not token:
        raise InvalidMoveError("empty", token)
    word = token.lower()
    if word in DEAL_WORDS:
        return DEAL
    if word in CONTROL_WORDS:
        return CONTROL_WORDS[word]
    if any(character.isspace() for character in token):
        raise InvalidMoveError("white_space", token)
    take = _TAKE_RE.fullmatch(token)
    if take is not None:
        return Move.take_off(_column(take.group(1), token, columns))
    return _parse_move(token, columns)


def for_columns(error: InvalidMoveError, columns: int) -> InvalidMoveError:
    """Return the grammar's refusal ``error`` as a game of ``columns`` columns states it:
    a ``column_range`` read before the game was known (columns 1-10, as the API's request
    model reads) names the game's range instead (a column past 10 is past 7 too); any
    other refusal is ``error`` itself.

    >>> str(for_columns(InvalidMoveError("column_range", "11>1", column=11, columns=10), 7))
    "'11>1': column_range (column=11, columns=7)"
    """
    if error.reason != "column_range" or error.params.get("columns") == columns:
        return error
    params = {key: value for key, value in error.params.items() if key != "action"}
    return InvalidMoveError(error.reason, error.action, **(params | {"columns": columns}))


def _check_digits(number: str, token: str) -> None:
    """Refuse a number of ``token`` written with a leading zero (``leading_zero``)."""
    if len(number) > 1 and number.startswith("0"):
        raise InvalidMoveError("leading_zero", token, digits=number)


def _column(digits: str, token: str, columns: int) -> int:
    """Return the column ``digits`` name in ``token``, 1 to ``columns``.

    Raises:
        InvalidMoveError: ``leading_zero`` or ``column_range``.
    """
    _check_digits(digits, token)
    if not 1 <= len(digits) <= 2 or not 1 <= int(digits) <= columns:
        raise InvalidMoveError("column_range", token, column=_number(digits), columns=columns)
    return int(digits)


def _parse_move(token: str, columns: int) -> Move:
    """Read ``token`` (stripped, one word, not the deal nor a take-off) as ``3:4>7`` or
    ``3>7``.

    Raises:
        InvalidMoveError: ``not_notation``, ``leading_zero``, ``column_range`` or
            ``count_range``.
    """
    match = _MOVE_RE.fullmatch(token)
    if match is None:
        raise InvalidMoveError("not_notation", token)
    source, count, target = match.groups()
    for number in (source, count, target):
        if number is not None:
            _check_digits(number, token)
    source_column, target_column = _column(source, token, columns), _column(target, token, columns)
    if count is None:
        return Move(source_column, target_column)
    if len(count) > 3 or not 1 <= int(count) <= MAX_COUNT:
        raise InvalidMoveError("count_range", token, count=_number(count))
    return Move(source_column, target_column, int(count))


def _record_tokens(text: str) -> tuple[str, list[str]]:
    """Return a game record's code line (stripped, unparsed) and its action tokens, the
    blank lines and ``#`` comment lines left out.

    Raises:
        InvalidMoveError: ``no_code_line``: the record has no line but comments.
    """
    lines = [
        line for line in text.splitlines() if line.strip() and not line.lstrip().startswith("#")
    ]
    if not lines:
        raise InvalidMoveError("no_code_line", "")
    return lines[0].strip(), " ".join(lines[1:]).split()


Parsed = TypeVar("Parsed")


def _parse_tokens(tokens: list[str], parse: Callable[[str], Parsed]) -> list[Parsed]:
    """Parse a record's action ``tokens`` in order with ``parse``.

    Raises:
        InvalidMoveError: the first token ``parse`` refuses, its reason and parameters
            kept and ``number`` (the action's place, counting from 1) added.
    """
    parsed: list[Parsed] = []
    for number, token in enumerate(tokens, start=1):
        try:
            parsed.append(parse(token))
        except InvalidMoveError as error:
            raise InvalidMoveError(
                error.reason, error.action, **error.params, number=number
            ) from None
    return parsed


def parse_record(text: str) -> tuple[str, list[Move]]:
    """Split a game record into its game code (first non-blank line, unparsed) and actions.

    Lines starting with ``#`` are ignored.

    Returns:
        ``(code_text, moves)``; moves may have ``count`` ``None`` (``3>7``).

    Raises:
        InvalidMoveError: the record is empty or an action has bad syntax (the message
            gives the action's number, counting from 1).
    """
    code, tokens = _record_tokens(text)
    return code, _parse_tokens(tokens, Move.parse)


RecordAction = Action
"""An action of a full game record: a :class:`Move` or a :class:`Control`."""


def parse_game_record(text: str) -> tuple[str, list[RecordAction]]:
    """Split a full game record into its game code (first non-blank line, unparsed) and
    its actions: moves (``3:4>7``, ``3>7``, ``d``, ``t3``) and ``u``/``undo``, ``r``/``redo``,
    ``restart`` (any case), returned as values (:data:`Action`). Lines starting with
    ``#`` are ignored. A record of moves alone (:func:`parse_record`) is a full record too.

    >>> code, actions = parse_game_record("SP1-S1C-AAAAAAD\\n6:1>1 u r restart d")
    >>> code, actions[1:4], actions[0], actions[4]
    ('SP1-S1C-AAAAAAD', [Control.UNDO, Control.REDO, Control.RESTART], Move(6, 1, 1), Move.deal())

    Raises:
        InvalidMoveError: the record is empty or an action has bad syntax (the message
            gives the action's number, counting from 1).
    """
    code, tokens = _record_tokens(text)
    return code, _parse_tokens(tokens, parse_action)


START_POSITION = "start position:"
"""The comment line after which a record of a game from a position gives its start
position, each line of it a comment (:func:`format_game_record`, :func:`record_start`)."""


def format_game_record(
    code: str,
    actions: Iterable[Action],
    comments: Iterable[str] = (),
    *,
    start: str | None = None,
) -> str:
    """Write a full game record: ``comments`` (each a ``# `` line), the game ``code``
    line, then the actions (values, :data:`Action`), 20 a line: moves in canonical
    notation, ``u``, ``r``, ``restart`` (:attr:`Control.record_text`).
    :func:`parse_game_record` reads it back.

    A game from a position has no code: give its start position's text as ``start``
    instead (``code`` is then ignored); it is written after the comments as a
    ``# start position:`` line and the position's lines as comments, with no code line
    (:func:`record_start` reads it back).

    >>> actions = [Move(6, 1, 1), Control.UNDO, Control.REDO, DEAL]
    >>> print(format_game_record("SP1-S1C-AAAAAAD", actions), end="")
    SP1-S1C-AAAAAAD
    6:1>1 u r d
    """
    words = [
        action.record_text if isinstance(action, Control) else str(action) for action in actions
    ]
    lines = [f"# {comment}" for comment in comments]
    if start is None:
        lines.append(code)
    else:
        lines += [f"# {START_POSITION}", *(f"# {line}" for line in start.splitlines())]
    lines += [" ".join(words[first : first + 20]) for first in range(0, len(words), 20)]
    return "\n".join(lines) + "\n"


def record_start(text: str) -> str | None:
    """Return the start position a full game record gives in its comments (a game from a
    position: the comment lines after ``# start position:``, up to the first line that is
    not a comment, each without its ``#`` and one space), or None when it gives none (a
    record with a code line).

    >>> record_start("# won: no\\n# start position:\\n# rules: S1C\\n# 1: | KS\\n1>2 d\\n")
    'rules: S1C\\n1: | KS\\n'
    """
    lines = text.splitlines()
    marker = f"# {START_POSITION}"
    found = [number for number, line in enumerate(lines) if line.strip() == marker]
    if not found:
        return None
    start = []
    for line in lines[found[0] + 1 :]:
        stripped = line.lstrip()
        if not stripped.startswith("#"):
            break
        body = stripped[1:]
        start.append(body[1:] if body.startswith(" ") else body)
    return "\n".join(start) + "\n"


RECORD_VARIANT = "variant:"
"""The comment that names a full game record's variant (``# variant: spider-1949``, written
by the table's export among the record's comments; :func:`record_variant`)."""


def record_variant(text: str) -> str | None:
    """Return the variant name a full game record's comments give (``# variant: NAME``, as
    the table's export writes them; the name unparsed, stripped), or None when they give
    none. Only the comments at the head of the record count: those before its code line
    and before ``# start position:`` (the start position's own ``variant:`` line belongs
    to the position, which names its variant itself).

    >>> record_variant("# started: 2026-12-01\\n# variant: spider-1949\\nSP1-1949-S1C-AAAAAAD\\n")
    'spider-1949'
    >>> record_variant("# start position:\\n# variant: relaxed\\n# rules: S1C\\n1>2\\n") is None
    True
    """
    marker = f"# {START_POSITION}"
    for line in text.splitlines():
        stripped = line.strip()
        if not stripped:
            continue
        if not stripped.startswith("#") or stripped == marker:
            return None
        body = stripped[1:].strip()
        if body.startswith(RECORD_VARIANT):
            return body[len(RECORD_VARIANT) :].strip()
    return None
