"""What the solver's searches know about one column, and where groups may go.

The records a :class:`~spider_solitaire.solver.board.ColumnTable` computes once per
distinct column and caches (:class:`ColumnFacts`, and the :class:`Group` records of the
groups that can leave it), the evaluation that scores a column (:class:`Weights`), and
where the groups of a board may go (:class:`Targets`, :func:`targets`). Columns are the
solver's ``bytes`` (:mod:`spider_solitaire.solver.board`); this module reads no card and
plays no move, so the board, the beam search and the hints all build on it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    # A 64-bit machine integer for the compiled build (mypyc); plain ``int`` when
    # interpreted (only annotations name it, so it is never imported at run time).
    from mypy_extensions import i64

NO_RANK = 14
"""The rank a King's group would go onto: no card has it, so a King goes only into an
empty column."""


@dataclass(frozen=True, slots=True)
class Weights:
    """A search's evaluation of a board, in points, lower is better: the sum over its
    columns of :meth:`column_score`, an empty column counting ``-empty``.

    A suited block is a maximal run of face-up cards of one suit descending by one (an
    unknown card is a block of its own); a break in rank order is a face-up card lying on
    a face-up card that is not one rank higher (whatever the suits). ``buried`` and
    ``hidden_column`` weigh a column that still has face-down cards (the hints use them;
    the beam search does not). The beam's and the hints' weights and their evidence are
    documented where they are chosen (:data:`~spider_solitaire.solver.beam.DEFAULT_WEIGHTS`,
    :data:`~spider_solitaire.solver.hints.HINT_WEIGHTS`).
    """

    face_down: int
    block: int
    rank_break: int
    top_run: int
    empty: int
    buried: int = 0
    hidden_column: int = 0

    def column_score(self, face_down: int, blocks: int, rank_breaks: int, top_run: int) -> int:
        """Return the score of a non-empty column: ``face_down * face-down cards + block *
        suited blocks + rank_break * breaks in rank order - top_run * length of the suited
        run on top``, plus ``buried * blocks + hidden_column`` when a card is face-down."""
        score = (
            self.face_down * face_down
            + self.block * blocks
            + self.rank_break * rank_breaks
            - self.top_run * top_run
        )
        if face_down:
            score += self.buried * blocks + self.hidden_column
        return score


@dataclass(frozen=True, slots=True)
class ColumnFacts:
    """What the searches need about one column; made once per distinct column by a
    :class:`.board.ColumnTable`.

    Attributes:
        size: cards in the column.
        face_down: face-down cards (at the bottom).
        movable: cards in the largest group that can leave the column (0 if none): face-up
            known cards from the top, each one rank lower than the card under it, and of
            one suit under the Classic rule (a rule of the game).
        top: the last card's byte (0 for an empty column).
        top_rank: the last card's rank, 0 when the column is empty or its last card is
            unknown; a group whose first card is one rank lower may go onto it.
        top_run: length of the suited run on top (face-up, known, one suit, descending by
            one); 0 when the last card is unknown.
        blocks: suited blocks of face-up cards (see :class:`Weights`).
        rank_breaks: breaks in rank order among the face-up cards (see :class:`Weights`).
        hash: :func:`.board.column_hash` of the column.
        score: the column's score under the table's :class:`Weights` (``-empty`` for an
            empty column; 0 for a table without weights).
        groups: the groups that can leave the column, one per count from 1 to
            ``movable``; empty until :meth:`.ColumnTable.groups` fills it (the one mutable
            part, filled once).
    """

    size: int
    face_down: int
    movable: int
    top: int
    top_rank: int
    top_run: int
    blocks: int
    rank_breaks: int
    hash: i64
    score: int
    groups: list[Group]


@dataclass(frozen=True, slots=True)
class Group:
    """A group that can leave a column: its last ``size`` cards.

    Attributes:
        size: cards in the group.
        cards: the group, bottom to top.
        first: the group's first (bottom, highest) card.
        onto_rank: the rank of a last card the group may go onto (the first card's rank
            plus one; :data:`NO_RANK` for a King); any group may go into an empty column.
        rest: the column left behind, its last card turned up.
        rest_facts: the facts of ``rest``.
        hash: :func:`.board.column_hash` of ``cards``.
        power: ``board.POWERS[size]``, to append the group to a column's hash.
        blocks: suited blocks within the group.
        top_run: length of the suited run on top of the group.
    """

    size: int
    cards: bytes
    first: int
    onto_rank: int
    rest: bytes
    rest_facts: ColumnFacts
    hash: i64
    power: i64
    blocks: int
    top_run: int


class Targets(NamedTuple):
    """Where the groups of a board may go (a rule of the game): onto a known last card one
    rank higher than the group's first card, or into an empty column.

    Attributes:
        by_rank: indexed by a group's :attr:`Group.onto_rank`: the non-empty columns
            (0-based, in order) whose last card has that rank, or None when there is none.
        empty: the empty columns, in order; they take any group.
    """

    by_rank: list[list[int] | None]
    empty: list[int]

    def for_group(self, onto_rank: int) -> list[int]:
        """Return every column a group going onto ``onto_rank`` may go to, in column order
        (the engine's order of targets)."""
        return in_column_order(self.by_rank[onto_rank], self.empty)


def in_column_order(onto_cards: list[int] | None, empty: list[int]) -> list[int]:
    """Return the columns of ``onto_cards`` (None for none) and ``empty``, both in column
    order, merged in column order."""
    if onto_cards is None:
        return empty
    if not empty:
        return onto_cards
    return sorted(onto_cards + empty)


def targets(facts: Sequence[ColumnFacts]) -> Targets:
    """Return where groups may go on a board whose columns have ``facts`` (see
    :class:`Targets`)."""
    by_rank, empty = target_lists(facts)
    return Targets(by_rank, empty)


def target_lists(facts: Sequence[ColumnFacts]) -> tuple[list[list[int] | None], list[int]]:
    """Return the two lists of :func:`targets`, ``(by_rank, empty)``, without making the
    record (the beam search asks for them once per position it expands)."""
    by_rank: list[list[int] | None] = [None] * (NO_RANK + 1)
    empty: list[int] = []
    for index, column in enumerate(facts):
        rank = column.top_rank
        if rank:
            same = by_rank[rank]
            if same is None:
                by_rank[rank] = [index]
            else:
                same.append(index)
        elif not column.size:
            empty.append(index)
    return by_rank, empty
