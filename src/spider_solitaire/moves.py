"""Moves and the move notation.

Notation (columns are numbered 1-10 everywhere):

* ``3:4>7``: four cards from column 3 to column 7. The canonical form, what
  ``str(move)`` gives.
* ``3>7``: from column 3 to column 7 with the count left to the position (see
  :func:`spider_solitaire.rules.resolve_move`). Parsed as a :class:`Move` whose
  ``count`` is ``None``.
* ``d``: deal a row from the stock (``D`` and ``deal`` are accepted too).

A game record is a game code on its first line, then actions separated by white
space (:func:`parse_record`). A full game record (:func:`parse_game_record`,
:func:`format_game_record`) may also hold ``u`` (undo), ``r`` (redo) and ``restart``, so
that it gives a game exactly as it was played (the browser table's export).

>>> move = Move.parse("3>7")
>>> move.count is None, move.is_resolved
(True, False)
>>> str(Move.parse(" 3 : 4 > 7 ")), Move.parse("3:4>7").resolved_count
('3:4>7', 4)
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from .errors import InvalidMoveError

COLUMNS = 10
"""Number of tableau columns (a rule of the game)."""

_MOVE_RE = re.compile(r"^ *([0-9]+) *(?:: *([0-9]+) *)?> *([0-9]+) *$")


@dataclass(frozen=True, slots=True)
class Move:
    """One action: a move of ``count`` cards from ``source`` to ``target``, or a deal.

    A small hashable value whose notation does not depend on the position.

    Attributes:
        source: column 1-10, or 0 for a deal.
        target: column 1-10, or 0 for a deal.
        count: number of cards moved (1 or more); ``None`` when parsed from ``3>7``
            and not yet resolved against a position; 0 for a deal. Code that needs an
            ``int`` reads :attr:`resolved_count`.

    Raises:
        InvalidMoveError: a column outside 1-10 or a count below 1.
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
                    f"Move({self.source!r}, {self.target!r}, {self.count!r}): "
                    f"{name} must be a whole number, not {value!r}"
                )
        if self.source == 0 and self.target == 0 and self.count == 0:
            return  # the deal
        for name, column in (("source", self.source), ("target", self.target)):
            if not 1 <= column <= COLUMNS:
                raise InvalidMoveError(f"{self._text()}: {name} column {column} is not 1-10")
        if self.count is not None and self.count < 1:
            raise InvalidMoveError(f"{self._text()}: a move takes at least one card")

    def __repr__(self) -> str:
        """Return Python that makes this move again: ``Move.deal()`` for the deal,
        ``Move(3, 7, 4)`` or ``Move(3, 7)`` (count still open) for a move.

        >>> Move.deal(), Move(3, 7, 4), Move(3, 7)
        (Move.deal(), Move(3, 7, 4), Move(3, 7))
        """
        if self.is_deal:
            return "Move.deal()"
        if self.count is None:
            return f"Move({self.source}, {self.target})"
        return f"Move({self.source}, {self.target}, {self.count})"

    @classmethod
    def deal(cls) -> Move:
        """Return the deal action (``d``)."""
        return DEAL

    @property
    def is_deal(self) -> bool:
        """True for the deal action."""
        return self.source == 0

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
            InvalidMoveError: the count is still open (``3>7``), naming the move.
        """
        count = self.count
        if count is None:
            raise InvalidMoveError(
                f"{self._text()}: the card count is not known until the move is resolved "
                "against a position (rules.resolve_move or Game.resolve)"
            )
        return count

    def _text(self) -> str:
        if self.source == 0 and self.count == 0:
            return "d"
        if self.count is None:
            return f"{self.source}>{self.target}"
        return f"{self.source}:{self.count}>{self.target}"

    def __str__(self) -> str:
        """Return the notation: ``3:4>7``, ``3>7`` when the count is open, or ``d``."""
        return self._text()

    @classmethod
    def parse(cls, text: str) -> Move:
        """Parse ``3:4>7``, ``3>7`` or ``d``/``deal`` (any case, spaces allowed).

        Raises:
            InvalidMoveError: bad syntax, a column outside 1-10 or a count below 1; the
                message repeats the input.
        """
        if not isinstance(text, str):
            raise InvalidMoveError(f"{text!r} is not an action: give notation text or a Move")
        if text.strip().lower() in ("d", "deal"):
            return DEAL
        match = _MOVE_RE.match(text)
        if match is None:
            raise InvalidMoveError(
                f"{text!r} is not an action: write 3:4>7 (4 cards from column 3 to 7), 3>7, or d"
            )
        source, count, target = match.groups()
        try:
            return cls(int(source), int(target), int(count) if count is not None else None)
        except InvalidMoveError as error:
            problem = str(error).partition(": ")[2]
            raise InvalidMoveError(f"{text!r}: {problem}") from None


DEAL = Move(0, 0, 0)
"""The deal action."""


def _record_tokens(text: str) -> tuple[str, list[str]]:
    """Return a game record's code line (stripped, unparsed) and its action tokens, the
    blank lines and ``#`` comment lines left out.

    Raises:
        InvalidMoveError: the record has no line but comments.
    """
    lines = [
        line for line in text.splitlines() if line.strip() and not line.lstrip().startswith("#")
    ]
    if not lines:
        raise InvalidMoveError(f"{text!r}: a game record starts with a game code line")
    return lines[0].strip(), " ".join(lines[1:]).split()


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
    moves: list[Move] = []
    for number, token in enumerate(tokens, start=1):
        try:
            moves.append(Move.parse(token))
        except InvalidMoveError as error:
            raise InvalidMoveError(f"action {number}: {error}") from None
    return code, moves


CONTROL_WORDS: dict[str, str] = {
    "u": "undo",
    "undo": "undo",
    "r": "redo",
    "redo": "redo",
    "restart": "restart",
}
"""The words of a full game record that are not moves, with the action each means (any
case)."""

RECORD_WORDS: dict[str, str] = {"undo": "u", "redo": "r", "restart": "restart"}
"""How :func:`format_game_record` writes the actions that are not moves."""

RecordAction = Move | str
"""An action of a full game record: a :class:`Move`, or ``"undo"``, ``"redo"``,
``"restart"``."""


def parse_game_record(text: str) -> tuple[str, list[RecordAction]]:
    """Split a full game record into its game code (first non-blank line, unparsed) and
    its actions: moves (``3:4>7``, ``3>7``, ``d``) and ``u``/``undo``, ``r``/``redo``,
    ``restart`` (any case), returned as :class:`Move` or the words ``"undo"``,
    ``"redo"``, ``"restart"``. Lines starting with ``#`` are ignored. A record of moves
    alone (:func:`parse_record`) is a full record too.

    >>> parse_game_record("SP1-S1C-AAAAAAD\\n6:1>1 u r restart d")
    ('SP1-S1C-AAAAAAD', [Move(6, 1, 1), 'undo', 'redo', 'restart', Move.deal()])

    Raises:
        InvalidMoveError: the record is empty or an action has bad syntax (the message
            gives the action's number, counting from 1).
    """
    code, tokens = _record_tokens(text)
    actions: list[RecordAction] = []
    for number, token in enumerate(tokens, start=1):
        word = CONTROL_WORDS.get(token.lower())
        if word is not None:
            actions.append(word)
            continue
        try:
            actions.append(Move.parse(token))
        except InvalidMoveError as error:
            raise InvalidMoveError(f"action {number}: {error}") from None
    return code, actions


def format_game_record(
    code: str, actions: Iterable[RecordAction | str], comments: Iterable[str] = ()
) -> str:
    """Write a full game record: ``comments`` (each a ``# `` line), the game ``code``
    line, then the actions, 20 a line: moves in canonical notation (notation text is
    parsed and written back), ``u``, ``r``, ``restart``. :func:`parse_game_record` reads it
    back.

    >>> print(format_game_record("SP1-S1C-AAAAAAD", ["6:1>1", "undo", "redo", "d"]), end="")
    SP1-S1C-AAAAAAD
    6:1>1 u r d

    Raises:
        InvalidMoveError: an action is neither a move nor undo, redo or restart.
    """
    words = []
    for action in actions:
        if isinstance(action, str) and action.strip().lower() in CONTROL_WORDS:
            words.append(RECORD_WORDS[CONTROL_WORDS[action.strip().lower()]])
        else:
            words.append(str(action if isinstance(action, Move) else Move.parse(action)))
    lines = [f"# {comment}" for comment in comments] + [code]
    lines += [" ".join(words[start : start + 20]) for start in range(0, len(words), 20)]
    return "\n".join(lines) + "\n"
