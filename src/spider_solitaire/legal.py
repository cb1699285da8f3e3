"""Every legal action of a position, in a documented and stable order.

The rules themselves (which group may move where, when a deal or a take-off is allowed)
are :mod:`spider_solitaire.rules`'s; this module lists what they allow, for
:meth:`~spider_solitaire.game.Game.legal_moves`, the tests and the benches (the solver's
fast copy, :mod:`spider_solitaire.solver.board`, is checked against this list).

>>> from spider_solitaire import Game
>>> position = Game.from_code("SP1-S2C-AAAAAAD").position
>>> [str(move) for move in legal_moves(position)]
['1:1>8', '6:1>1', '7:1>10', '8:1>7', '9:1>4', '9:1>5', '10:1>2', 'd']
"""

from __future__ import annotations

from .cards import Card
from .moves import DEAL, Move
from .position import Position
from .rules import deal_reason, ends_in_complete_run, movable_length
from .variants import MAX_COLUMNS, RUN_LENGTH


def legal_moves(position: Position) -> list[Move]:
    """Return every legal action, pointless ones included (a move that changes nothing
    useful is still a move of the game).

    Order (documented and stable): moves by source column 1-10, then by count from 1 up,
    then by target column 1-10; then (``spider-1949`` alone) the take-offs by column; the
    deal last. A won position has none. On a player's
    view, moves that would turn up a hidden card and a deal of hidden cards are listed
    (they are legal; only the view cannot show their outcome) and refused with
    ``hidden`` when played.
    """
    if not position.stock and not any(position.columns):
        return []  # won
    moves = _group_moves(position)
    if not position.variant.auto_remove:
        moves += _take_offs(position)
    if deal_reason(position) is None:
        moves.append(DEAL)
    return moves


def _targets(columns: tuple[tuple[Card, ...], ...]) -> tuple[dict[int, list[int]], list[int]]:
    """Return the targets of a group by the rank its first card must have, and the empty
    columns: ``targets[r]`` lists (in order) the columns that take a group whose first
    card has rank ``r - 1``, empty columns included (they take any group)."""
    empty = [number for number, cards in enumerate(columns, 1) if not cards]
    targets_by_rank: dict[int, list[int]] = {}
    for number, cards in enumerate(columns, 1):
        if cards:
            targets_by_rank.setdefault(cards[-1] & 15, []).append(number)
    if empty:
        for rank, targets in targets_by_rank.items():
            targets_by_rank[rank] = sorted(targets + empty)
    return targets_by_rank, empty


def _group_moves(position: Position) -> list[Move]:
    """Return the moves of groups, by source column, then count, then target column."""
    columns = position.columns
    targets_by_rank, empty = _targets(columns)
    moves: list[Move] = []
    append = moves.append
    for source in range(1, len(columns) + 1):
        cards = columns[source - 1]
        if not cards:
            continue
        by_count = _MOVE_TABLE[source]
        for count in range(1, movable_length(position, source) + 1):
            by_target = by_count[count]
            for target in targets_by_rank.get((cards[-count] & 15) + 1, empty):
                if target != source:
                    append(by_target[target])
    return moves


def _take_offs(position: Position) -> list[Move]:
    """Return the take-offs of the columns that end in a complete run, by column (a
    variant whose runs do not leave by themselves)."""
    face_down = position.face_down
    return [
        _TAKE_OFFS[index]
        for index, cards in enumerate(position.columns)
        if ends_in_complete_run(cards, face_down[index])
    ]


_MOVE_TABLE: tuple[tuple[tuple[Move, ...], ...], ...] = tuple(
    tuple(
        tuple(
            Move(source, target, count)
            if source and count and target and source != target
            else DEAL
            for target in range(MAX_COLUMNS + 1)
        )
        for count in range(RUN_LENGTH + 1)
    )
    for source in range(MAX_COLUMNS + 1)
)
"""``_MOVE_TABLE[source][count][target]``: the (immutable, shared) :class:`Move` of every
possible move, made once so that :func:`legal_moves` rebuilds and re-validates none. A
movable group has at most 13 cards (its ranks descend by one from a King at most).
Entries that are no move (a 0, or the same column twice) hold :data:`DEAL`, never read."""

_TAKE_OFFS: tuple[Move, ...] = tuple(Move.take_off(column) for column in range(1, MAX_COLUMNS + 1))
"""The take-off of each column, by 0-based index."""
