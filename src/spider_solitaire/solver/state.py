"""The solver's compact board: columns as ``bytes``, plus per-column facts cached by value.

A column is a ``bytes`` object, bottom to top, one byte per card: the engine's card value
(``suit_index * 16 + rank``, see :mod:`spider_solitaire.cards`) with :data:`FACE_DOWN`
(64) added for a face-down card. A face-down card whose identity is hidden (a player's
view) is ``64`` exactly (rank 0); when such a card is turned up in a search it becomes
``0``, an *unknown face-up card*: it cannot move and nothing can be put on it.

``bytes`` keep a board small, hashable and fast to slice; columns recur across millions
of positions, so everything the search needs about a column (movable length, score,
hash, the columns left after taking cards off) is computed once per distinct column and
cached in a :class:`ColumnTable`.

The stock is not part of a board: it never changes order, so a board only records how
many rows have been dealt.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..moves import COLUMNS, Move
from ..position import ROW, Position

FACE_DOWN = 64
"""Flag added to a card value for a face-down card."""

UNKNOWN_UP = 0
"""An unknown card turned face-up during a search on a player's view."""

RUN_LENGTH = 13
"""Cards in a complete run, King down to Ace."""

MASK64 = (1 << 64) - 1
HASH_BASE = 0x9E3779B97F4A7C15 * 0x100000001B3 & MASK64 | 1
"""Multiplier of the polynomial column hash (odd, so no information is lost mod 2**64)."""

COLUMN_MULTIPLIERS: tuple[int, ...] = tuple(
    ((0x9E3779B97F4A7C15 * (2 * i + 1)) ^ (0xD6E8FEB86659FD93 * (i + 7))) & MASK64 | 1
    for i in range(COLUMNS)
)
"""Per-column odd multipliers combining column hashes into a board hash while stock is
left (columns are not interchangeable then: a deal gives each column its own card)."""

ALL_ONES: tuple[int, ...] = (1,) * COLUMNS
"""Multipliers once the stock is empty: the columns are interchangeable, so the board
hash is the sum of the column hashes and permuted boards are one position."""

POWERS: tuple[int, ...] = tuple(pow(HASH_BASE, k, 1 << 64) for k in range(2 * 104 + 2))
"""``HASH_BASE ** k mod 2**64`` for every column length."""

RUNS: tuple[bytes, ...] = tuple(bytes(s * 16 + r for r in range(13, 0, -1)) for s in range(4))
"""The complete King-to-Ace run of each suit index, as column bytes."""

EMPTY = b""


def column_hash(column: bytes) -> int:
    """Return the polynomial hash of a column, so that ``hash(a + b) ==
    hash(a) * POWERS[len(b)] + hash(b)`` (mod 2**64)."""
    value = 0
    for card in column:
        value = (value * HASH_BASE + card + 1) & MASK64
    return value


def turn_up(column: bytes) -> bytes:
    """Return ``column`` with its last card face-up (unchanged if it already is or is empty)."""
    if column and column[-1] & FACE_DOWN:
        return column[:-1] + bytes((column[-1] & ~FACE_DOWN,))
    return column


def remove_complete_run(column: bytes) -> tuple[bytes, bool]:
    """Remove a complete King-to-Ace run of one suit from the end of ``column`` and turn
    up the card under it (rule 8).

    Returns:
        ``(column, removed)``.
    """
    if (
        len(column) >= RUN_LENGTH
        and column[-1] & 15 == 1
        and column[-RUN_LENGTH:] == RUNS[column[-1] >> 4]
    ):
        return turn_up(column[:-RUN_LENGTH]), True
    return column, False


@dataclass(frozen=True, slots=True)
class Board:
    """A position in compact form.

    Attributes:
        columns: 10 columns, each ``bytes`` bottom to top (see the module docstring).
        stock_rows: the stock rows still to deal at the start, each 10 card values
            (``UNKNOWN_UP`` for a hidden card); a board records how many were dealt.
        dealt: rows of ``stock_rows`` already dealt.
        classic: True under the Classic rule (a moving group is one suit).
    """

    columns: tuple[bytes, ...]
    stock_rows: tuple[bytes, ...]
    dealt: int
    classic: bool

    @classmethod
    def from_position(cls, position: Position) -> Board:
        """Encode an engine position (hidden ``??`` cards become ``FACE_DOWN`` alone in the
        tableau and ``UNKNOWN_UP`` in the stock)."""
        columns = tuple(
            bytes([card | FACE_DOWN for card in column[:down]] + list(column[down:]))
            for column, down in zip(position.columns, position.face_down, strict=True)
        )
        stock = position.stock
        rows = tuple(bytes(stock[i : i + ROW]) for i in range(0, len(stock), ROW))
        return cls(columns, rows, 0, position.rule == "classic")

    @property
    def rows_left(self) -> int:
        """Stock rows not yet dealt."""
        return len(self.stock_rows) - self.dealt

    @property
    def is_won(self) -> bool:
        """True when the tableau and the stock are empty."""
        return self.dealt == len(self.stock_rows) and not any(self.columns)

    def can_deal(self) -> bool:
        """True when a deal is legal: stock left, and no empty column unless the tableau
        holds fewer than 10 cards (rule 7)."""
        if self.dealt >= len(self.stock_rows):
            return False
        return all(self.columns) or sum(map(len, self.columns)) < ROW

    def deal(self) -> Board:
        """Return the board after dealing the next row, with completed runs removed in
        column order. The caller checks :meth:`can_deal`."""
        row = self.stock_rows[self.dealt]
        columns = tuple(
            remove_complete_run(column + row[i : i + 1])[0] for i, column in enumerate(self.columns)
        )
        return Board(columns, self.stock_rows, self.dealt + 1, self.classic)

    def move(self, source: int, target: int, count: int) -> Board:
        """Return the board after moving the last ``count`` cards of column ``source`` to
        column ``target`` (0-based), turning up the card left on top and removing a run
        completed on the target. The caller checks legality."""
        columns = list(self.columns)
        group = columns[source][-count:]
        columns[source] = turn_up(columns[source][:-count])
        columns[target] = remove_complete_run(columns[target] + group)[0]
        return Board(tuple(columns), self.stock_rows, self.dealt, self.classic)

    def play(self, move: Move) -> Board:
        """Return the board after an engine :class:`Move` (count resolved) or the deal."""
        if move.is_deal:
            return self.deal()
        assert move.count is not None
        return self.move(move.source - 1, move.target - 1, move.count)

    def key(self) -> tuple[object, ...]:
        """An exact hashable key: columns (sorted once the stock is empty, when columns are
        interchangeable) and the rows dealt."""
        if self.dealt == len(self.stock_rows):
            return (tuple(sorted(self.columns)), self.dealt)
        return (self.columns, self.dealt)

    def movable_length(self, index: int) -> int:
        """Size of the largest group that can leave column ``index`` (0-based): face-up,
        known cards descending by one (and one suit under the Classic rule)."""
        column = self.columns[index]
        return movable_length(column, self.classic)

    def legal_moves(self) -> list[tuple[int, int, int]]:
        """Every legal action as ``(source, target, count)`` with 0-based columns, the
        deal as ``(-1, -1, 0)`` last; the same order as the engine's ``legal_moves``.
        A group whose top card is unknown cannot move."""
        out: list[tuple[int, int, int]] = []
        if self.is_won:
            return out
        tops = [column[-1] & 15 if column else 0 for column in self.columns]
        for source, column in enumerate(self.columns):
            for count in range(1, self.movable_length(source) + 1):
                wanted = (column[-count] & 15) + 1
                for target in range(COLUMNS):
                    if target != source and (not self.columns[target] or tops[target] == wanted):
                        out.append((source, target, count))
        if self.can_deal():
            out.append((-1, -1, 0))
        return out


def movable_length(column: bytes, classic: bool) -> int:
    """Size of the largest group that can leave ``column``: known face-up cards from the
    top descending by exactly one rank (and of one suit when ``classic``); 0 when the
    column is empty or its last card is unknown."""
    size = len(column)
    if not size:
        return 0
    top = column[-1]
    if top & FACE_DOWN or not top & 15:
        return 0
    length = 1
    while length < size:
        upper, lower = column[size - length - 1], column[size - length]
        if upper & FACE_DOWN or not upper & 15:
            break
        if classic:
            if upper != lower + 1:
                break
        elif upper & 15 != (lower & 15) + 1:
            break
        length += 1
    return length


def to_move(action: tuple[int, int, int]) -> Move:
    """Return the engine :class:`Move` of a ``(source, target, count)`` action (0-based
    columns; ``source < 0`` is the deal)."""
    source, target, count = action
    if source < 0:
        return Move.deal()
    return Move(source + 1, target + 1, count)
