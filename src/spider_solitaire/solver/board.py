"""The solver's board: a compact position, its legal actions, and the facts of each column.

This module is the solver's one fast copy of the rules of play (which groups can move and
where they may go, what a deal does); ``tests/solver/test_board_parity.py`` checks it
against the engine (:mod:`spider_solitaire.rules`) over random games. The beam search
(:mod:`~spider_solitaire.solver.beam`), the exhaustive search
(:mod:`~spider_solitaire.solver.search`) and the hints (:mod:`~spider_solitaire.solver.hints`)
all build on it and add only their own evaluation weights and pruning.

Representation
--------------
A *column* is ``bytes``, bottom to top, one byte per card: the engine's card value
(``suit_index * 16 + rank``, see :mod:`spider_solitaire.cards`), plus :data:`FACE_DOWN`
(64) for a face-down card. ``bytes`` keep a board small, hashable and fast to slice.

*Unknown cards* (a player's view). In a view
(:meth:`~spider_solitaire.position.Position.hidden_view`) a face-down card is hidden: its
byte is ``64`` exactly (``FACE_DOWN`` with rank 0). When a search turns such a card up it
becomes :data:`UNKNOWN` (0): a face-up card whose identity the player learns only by
playing there. An unknown card cannot move and no card can go onto it (its rank, 0, is one
below no card's), so a search on a view never builds on what it cannot see. A view's stock
is rows of unknown cards: a deal on a view puts an unknown card on every column. The
engine refuses to play an action that turns up or deals a hidden card (``hidden``); the
board plays it and shows the card as unknown.

A :class:`Board` is the columns (10, or 7 in a one-pack variant), the stock rows (fixed for
the whole game: the stock is only ever dealt from the front, so a board records how many
rows were dealt; the last row may be short), the rule and the variant
(:mod:`spider_solitaire.variants`): its dealing rule, and whether complete runs leave by
themselves or wait for the player to take them off (``spider-1949``: then a search
considers both keeping a run and taking it off).

Column facts
------------
Columns recur across millions of positions, so what a search needs about a column is
computed once per distinct column and cached by a :class:`ColumnTable`: a ``ColumnFacts``
record (the movable group, the card on top, the suited run on top, suited blocks, breaks
in rank order, a 62-bit hash, and the column's score under the search's ``Weights``), and
on first use the ``Group`` records of the groups that can leave the column (the records
are :mod:`~spider_solitaire.solver.facts`'s). A search's evaluation is a sum over columns,
and the board hash a weighted sum of column hashes, so a child's score and hash follow by
arithmetic from cached facts without building the child.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Final, NamedTuple

from ..moves import Move
from ..position import Position
from ..variants import MAX_COLUMNS, RUN_LENGTH, SPIDER, Variant
from .facts import ColumnFacts, Group, Weights, targets

if TYPE_CHECKING:
    # A 64-bit machine integer in the compiled build (see HASH_BITS); only annotations
    # name it, so it is never imported at run time.
    from mypy_extensions import i64

FACE_DOWN: Final = 64
"""Flag added to a card value for a face-down card (``64`` alone: a hidden face-down card)."""

UNKNOWN: Final = 0
"""An unknown face-up card: a hidden card turned up or dealt during a search on a view."""

HASH_BITS: Final = 62
"""Bits of every column and board hash: the hashes are kept below ``2**62`` so that they
fit a 64-bit machine integer in the compiled build (mypyc's ``i64``), whose arithmetic
keeps the low 64 bits of each product and sum; the hashes are those low bits masked to 62,
so the interpreted and the compiled builds compute the same values (a decision of ours)."""

HASH_MASK: Final = (1 << HASH_BITS) - 1
"""The mask that keeps a hash's :data:`HASH_BITS` low bits."""

HASH_BASE: Final = 0x9E3779B97F4A7C15 * 0x100000001B3 & HASH_MASK | 1
"""Multiplier of the polynomial column hash (odd, so no information is lost mod
``2**62``)."""

COLUMN_MULTIPLIERS: Final[tuple[int, ...]] = tuple(
    ((0x9E3779B97F4A7C15 * (2 * i + 1)) ^ (0xD6E8FEB86659FD93 * (i + 7))) & HASH_MASK | 1
    for i in range(MAX_COLUMNS)
)
"""Per-column odd multipliers combining column hashes into a board hash while stock is
left (columns are not interchangeable then: a deal gives each column its own card)."""

ALL_ONES: Final[tuple[int, ...]] = (1,) * MAX_COLUMNS
"""Multipliers once the stock is empty: the columns are interchangeable, so the board
hash is the sum of the column hashes and permuted boards are one position."""

DEALT_MULTIPLIER: Final = 0x51ED2701
"""What each dealt row adds to a board hash."""

POWERS: Final[tuple[int, ...]] = tuple(
    pow(HASH_BASE, k, 1 << HASH_BITS) for k in range(2 * 104 + 2)
)
"""``HASH_BASE ** k mod 2**62`` for every column length."""

RUNS: Final[tuple[bytes, ...]] = tuple(
    bytes(s * 16 + r for r in range(13, 0, -1)) for s in range(4)
)
"""The complete King-to-Ace run of each suit index, as column bytes."""

EMPTY: Final = b""
"""An empty column."""

_CARD_BYTES: Final = tuple(bytes((value,)) for value in range(256))
"""Each byte value as a one-card column."""

Columns = tuple[bytes, ...]
"""The columns of a board (10, or 7), column 1 first."""


def column_hash(column: bytes) -> i64:
    """Return the polynomial hash of a column, so that ``hash(a + b) ==
    hash(a) * POWERS[len(b)] + hash(b)`` (mod ``2**62``); 0 for an empty column."""
    value: i64 = 0
    for card in column:
        value = (value * HASH_BASE + card + 1) & HASH_MASK
    return value


def turn_up(column: bytes) -> bytes:
    """Return ``column`` with its last card face-up (unchanged if it already is or is empty):
    a face-down card left on top is turned up (a rule of the game); a hidden one becomes
    :data:`UNKNOWN`."""
    if column and column[-1] & FACE_DOWN:
        return column[:-1] + bytes((column[-1] & ~FACE_DOWN,))
    return column


def ends_in_complete_run(column: bytes) -> bool:
    """True when ``column`` ends in a complete King-to-Ace run of one suit."""
    return (
        len(column) >= RUN_LENGTH
        and column[-1] & 15 == 1
        and column[-RUN_LENGTH:] == RUNS[column[-1] >> 4]
    )


def without_complete_run(column: bytes) -> bytes:
    """Return ``column`` with a complete run at its end removed and the card under it
    turned up (a rule of the game); ``column`` itself when it ends in none."""
    if ends_in_complete_run(column):
        return turn_up(column[:-RUN_LENGTH])
    return column


@dataclass(frozen=True, slots=True)
class Action:
    """One action on a board: ``count`` cards from column ``source`` to column ``target``
    (0-based), the deal (:data:`DEAL`: ``source`` -1), or the take-off of the complete run
    at the end of column ``source`` (``target`` -1, ``count`` 13; ``spider-1949``). Get a
    move's record from :func:`action` and a take-off's from :data:`TAKE_OFFS` (they are
    made once and shared)."""

    source: int
    target: int
    count: int

    @property
    def is_deal(self) -> bool:
        """True for the deal."""
        return self.source < 0

    @property
    def is_take_off(self) -> bool:
        """True for the take-off of a complete run."""
        return self.target < 0 <= self.source

    def to_move(self) -> Move:
        """Return the engine's :class:`~spider_solitaire.moves.Move` (columns 1-10)."""
        if self.source < 0:
            return Move.deal()
        if self.target < 0:
            return Move.take_off(self.source + 1)
        return Move(self.source + 1, self.target + 1, self.count)


DEAL: Final = Action(-1, -1, 0)
"""The deal."""

MOVES: Final[tuple[tuple[tuple[Action, ...], ...], ...]] = tuple(
    tuple(
        tuple(Action(source, target, count) for target in range(MAX_COLUMNS))
        for count in range(1, RUN_LENGTH + 1)
    )
    for source in range(MAX_COLUMNS)
)
"""The shared :class:`Action` of every move, as ``MOVES[source][count - 1][target]``."""

TAKE_OFFS: Final[tuple[Action, ...]] = tuple(
    Action(source, -1, RUN_LENGTH) for source in range(MAX_COLUMNS)
)
"""The shared take-off of each column (0-based)."""


def action(source: int, target: int, count: int) -> Action:
    """Return the shared :class:`Action` moving ``count`` (1-13) cards from ``source`` to
    ``target`` (columns 0-9)."""
    return MOVES[source][count - 1][target]


def action_of(move: Move) -> Action:
    """Return the shared :class:`Action` of an engine move with its count, a take-off or
    the deal."""
    if move.is_deal:
        return DEAL
    if move.is_take_off:
        return TAKE_OFFS[move.source - 1]
    return MOVES[move.source - 1][move.resolved_count - 1][move.target - 1]


class ColumnTable:
    """The facts of each distinct column, computed once and cached, for one rule and one
    evaluation; a search makes one table and keeps it for its whole run.

    Args:
        classic: True under the Classic rule (a moving group is one suit).
        weights: the evaluation giving :attr:`ColumnFacts.score`; None for none (scores 0).
        remove: True when complete runs leave by themselves (every variant but
            ``spider-1949``, whose boards also have take-offs).
    """

    __slots__ = ("classic", "known", "remove", "weights")

    def __init__(self, classic: bool, weights: Weights | None = None, remove: bool = True) -> None:
        self.classic = classic
        self.weights = weights
        self.remove = remove
        self.known: dict[bytes, ColumnFacts] = {}
        """The facts of every column met so far."""

    def facts(self, column: bytes) -> ColumnFacts:
        """Return the facts of ``column``.

        King of spades face-down, then 7 and 6 of spades and 5 of hearts face-up: the
        three face-up cards move together under the Flexible rule, only the 5 under the
        Classic rule; the run on top is the 5 alone, after two suited blocks:

        >>> column = bytes([FACE_DOWN | 13, 7, 6, 16 + 5])
        >>> flexible = ColumnTable(classic=False).facts(column)
        >>> flexible.movable, flexible.top_rank, flexible.top_run, flexible.blocks
        (3, 5, 1, 2)
        >>> ColumnTable(classic=True).facts(column).movable
        1
        """
        found = self.known.get(column)
        if found is None:
            found = self.known[column] = self._make_facts(column)
        return found

    def all_facts(self, columns: Columns) -> tuple[ColumnFacts, ...]:
        """Return the facts of each of ``columns``."""
        known = self.known.get
        return tuple([known(column) or self.facts(column) for column in columns])

    def _make_facts(self, column: bytes) -> ColumnFacts:
        size = len(column)
        weights = self.weights
        if not size:
            return ColumnFacts(0, 0, 0, 0, 0, 0, 0, 0, 0, -weights.empty if weights else 0, [])
        face_down = 0
        while face_down < size and column[face_down] & FACE_DOWN:
            face_down += 1
        # One walk up the face-up cards, noting where the descending sequence on top starts
        # (any suits) and where the suited run on top starts, and counting suited blocks
        # and breaks in rank order on the way.
        sequence_start = suited_start = face_down
        blocks = 1 if size > face_down else 0
        rank_breaks = 0
        for index in range(face_down + 1, size):
            below, card = column[index - 1], column[index]
            if below & 15 != (card & 15) + 1:
                rank_breaks += 1
                sequence_start = index
            if below != card + 1 or not card & 15:
                blocks += 1
                suited_start = index
        top = column[-1]
        top_rank = top & 15 if size > face_down else 0
        if top_rank:
            top_run = size - suited_start
            movable = top_run if self.classic else size - sequence_start
        else:
            top_run = movable = 0
        score = weights.column_score(face_down, blocks, rank_breaks, top_run) if weights else 0
        return ColumnFacts(
            size,
            face_down,
            movable,
            top,
            top_rank,
            top_run,
            blocks,
            rank_breaks,
            column_hash(column),
            score,
            [],
        )

    def groups(self, column: bytes, facts: ColumnFacts) -> list[Group]:
        """Return the groups that can leave ``column`` (whose facts are ``facts``), by count
        from 1 to ``facts.movable``; made on first use and kept in ``facts.groups``."""
        found = facts.groups
        if found or not facts.movable:
            return found
        blocks = top_run = 0
        for count in range(1, facts.movable + 1):
            first = column[-count]
            if count == 1:
                blocks = top_run = 1
            elif column[-count] != column[1 - count] + 1:
                blocks += 1
            elif top_run == count - 1:
                top_run = count
            cards = column[-count:]
            rest = turn_up(column[:-count])
            found.append(
                Group(
                    count,
                    cards,
                    first,
                    (first & 15) + 1,
                    rest,
                    self.facts(rest),
                    column_hash(cards),
                    POWERS[count],
                    blocks,
                    top_run,
                )
            )
        return found

    def score(self, columns: Columns) -> int:
        """Return the evaluation of a board's columns: the sum of their scores."""
        facts = self.facts
        return sum(facts(column).score for column in columns)

    def board_hash(self, columns: Columns, dealt: int, rows: int) -> i64:
        """Return the 62-bit hash of a board with ``dealt`` of its ``rows`` stock rows dealt:
        ``dealt * DEALT_MULTIPLIER`` plus each column's hash times its column multiplier
        (all 1 once the stock is empty: column order is then ignored)."""
        multipliers = ALL_ONES if dealt == rows else COLUMN_MULTIPLIERS
        value: i64 = dealt * DEALT_MULTIPLIER
        for column, multiplier in zip(columns, multipliers, strict=False):
            value += self.facts(column).hash * multiplier
        return value & HASH_MASK

    def legal_actions(self, board: Board) -> list[Action]:
        """Return every legal action on ``board`` in the engine's order
        (:func:`spider_solitaire.legal.legal_moves`): moves by source column, then count
        from 1 up, then target column; the take-offs by column (``spider-1949``); the deal
        last. A won board has none."""
        if board.is_won:
            return []
        columns = board.columns
        facts = [self.facts(column) for column in columns]
        where = targets(facts)
        found: list[Action] = []
        for source, source_facts in enumerate(facts):
            if not source_facts.movable:
                continue
            moves = MOVES[source]
            for group in self.groups(columns[source], source_facts):
                to_target = moves[group.size - 1]
                for target in where.for_group(group.onto_rank):
                    found.append(to_target[target])
        if not board.variant.auto_remove:
            for source, column in enumerate(columns):
                if ends_in_complete_run(column):
                    found.append(TAKE_OFFS[source])
        if board.can_deal():
            found.append(DEAL)
        return found


class Board(NamedTuple):
    """A position in compact form (see the module docstring).

    Attributes:
        columns: the columns (10, or 7), each ``bytes`` bottom to top.
        stock_rows: the stock rows still to deal at the start, each one card byte per
            column (:data:`UNKNOWN` for a hidden card), the last possibly short;
            ``dealt`` says how many were dealt since.
        dealt: rows of ``stock_rows`` already dealt.
        classic: True under the Classic rule (a moving group is one suit).
        variant: the game of the family (its dealing rule, its take-offs).
    """

    columns: Columns
    stock_rows: tuple[bytes, ...]
    dealt: int
    classic: bool
    variant: Variant = SPIDER

    @classmethod
    def from_position(cls, position: Position) -> Board:
        """Encode an engine position; a hidden (``??``) card becomes ``FACE_DOWN`` alone in
        the tableau and :data:`UNKNOWN` in the stock."""
        columns = tuple(
            bytes([card | FACE_DOWN for card in column[:down]] + list(column[down:]))
            for column, down in zip(position.columns, position.face_down, strict=True)
        )
        stock = position.stock
        size = position.variant.columns
        rows = tuple(bytes(stock[i : i + size]) for i in range(0, len(stock), size))
        return cls(columns, rows, 0, not position.rule.mixes_suits, position.variant)

    @property
    def rows_left(self) -> int:
        """Stock rows not yet dealt."""
        return len(self.stock_rows) - self.dealt

    @property
    def is_won(self) -> bool:
        """True when the tableau and the stock are empty."""
        return self.dealt == len(self.stock_rows) and not any(self.columns)

    @property
    def hides_cards(self) -> bool:
        """True for a player's view: a face-down, face-up or stock card is hidden or
        unknown."""
        return any(
            card & ~FACE_DOWN == UNKNOWN for column in self.columns for card in column
        ) or any(card == UNKNOWN for row in self.stock_rows[self.dealt :] for card in row)

    def can_deal(self) -> bool:
        """True when a deal is legal: stock left, and the variant's dealing rule: in
        ``spider`` no empty column unless the tableau holds fewer than 10 cards (a rule of
        the game)."""
        return self.dealt < len(self.stock_rows) and deal_allowed(self.columns, self.variant)

    def deal(self) -> Board:
        """Return the board after dealing the next row, one card onto each column (a short
        row onto the first columns), with the completed runs removed in column order where
        runs leave by themselves. The caller checks :meth:`can_deal`."""
        row = self.stock_rows[self.dealt]
        columns = dealt_columns(self.columns, row, self.variant.auto_remove)
        return Board(columns, self.stock_rows, self.dealt + 1, self.classic, self.variant)

    def play(self, action: Action) -> Board:
        """Return the board after ``action`` (a move, a take-off or the deal). The caller
        checks legality."""
        if action.source < 0:
            return self.deal()
        columns = after_move(self.columns, action, self.variant.auto_remove)
        return Board(columns, self.stock_rows, self.dealt, self.classic, self.variant)

    def table(self, weights: Weights | None = None) -> ColumnTable:
        """Return a new :class:`ColumnTable` for this board's rule and variant."""
        return ColumnTable(self.classic, weights, self.variant.auto_remove)

    def legal_actions(self, table: ColumnTable | None = None) -> list[Action]:
        """Return every legal action in the engine's order (see
        :meth:`ColumnTable.legal_actions`); give the ``table`` of a search to share its
        cache (it must be for this board's rule)."""
        if table is None:
            table = self.table()
        return table.legal_actions(self)

    def key(self) -> tuple[Columns, int]:
        """An exact hashable key: the columns (sorted once the stock is empty, when columns
        are interchangeable) and the rows dealt."""
        if self.dealt == len(self.stock_rows):
            return (tuple(sorted(self.columns)), self.dealt)
        return (self.columns, self.dealt)


def after_move(columns: Columns, move: Action, remove: bool = True) -> Columns:
    """Return ``columns`` after ``move`` (not the deal): the group leaves its column, the
    card left on top of it is turned up, and a run completed on the target is removed when
    ``remove`` (runs leave by themselves: rules of the game); a take-off removes the run
    at the end of its column. The caller checks legality."""
    changed = list(columns)
    source = changed[move.source]
    if move.target < 0:  # a take-off
        changed[move.source] = without_complete_run(source)
        return tuple(changed)
    changed[move.source] = turn_up(source[: -move.count])
    joined = changed[move.target] + source[-move.count :]
    changed[move.target] = without_complete_run(joined) if remove else joined
    return tuple(changed)


def deal_allowed(columns: Columns, variant: Variant = SPIDER) -> bool:
    """True when the tableau ``columns`` allow a deal (given stock left) under the variant's
    dealing rule (:meth:`~spider_solitaire.variants.Variant.may_deal`): in ``spider`` no
    column is empty, or the tableau holds fewer than 10 cards, so that the deal fills it
    (a rule of the game)."""
    return all(columns) or variant.may_deal(False, sum(map(len, columns)))


def dealt_columns(columns: Columns, row: bytes, remove: bool = True) -> Columns:
    """Return ``columns`` after dealing ``row`` (one card onto each column, in column order;
    a short row onto the first columns), with the runs that completes removed when
    ``remove`` (only an Ace can complete one)."""
    dealt = list(map(bytes.__add__, columns, map(_CARD_BYTES.__getitem__, row)))
    if remove:
        for index, card in enumerate(row):
            if card & 15 == 1:
                dealt[index] = without_complete_run(dealt[index])
    if len(row) < len(columns):
        dealt += columns[len(row) :]
    return tuple(dealt)
