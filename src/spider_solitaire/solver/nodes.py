"""The beam search's records (:mod:`~spider_solitaire.solver.beam`): a position kept in
the beam (:class:`Node`, built only for the children a layer keeps), the children one layer
generates (:class:`Children`, parallel lists: most are dropped by the width and never get
a record of their own), the layer kept (:class:`Layer`) and what one search did
(:class:`BeamOutcome`). Plain records with no search logic; compiled with the beam
(``setup.py``, ``COMPILED``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, NamedTuple

from .board import Action, Columns
from .facts import ColumnFacts

if TYPE_CHECKING:
    # A 64-bit machine integer in the compiled build (see board.HASH_BITS); only
    # annotations name it, so it is never imported at run time.
    from mypy_extensions import i64


@dataclass(frozen=True, slots=True)
class BeamOutcome:
    """What one beam search did.

    Attributes:
        won: True when a winning line was found.
        actions: the winning line (empty otherwise).
        nodes: positions generated (children, duplicates included).
        stopped: True when ``node_limit``, ``deadline`` or ``should_stop`` ended it.
        complete: True when nothing was cut (no position dropped by the width, no line
            cut by the depth limit): the pruned move graph was searched to the end.
    """

    won: bool
    actions: list[Action]
    nodes: int
    stopped: bool
    complete: bool


class Node:
    """A position kept in the beam.

    Attributes:
        columns: the board's columns.
        facts: the facts of each column (from the search's table).
        dealt: stock rows dealt.
        hash: the board hash (:meth:`ColumnTable.board_hash`).
        score: the evaluation (lower is better).
        parent: the position it was reached from (None for the start).
        action: the action from ``parent`` (None for the start).
    """

    __slots__ = ("action", "columns", "dealt", "facts", "hash", "parent", "score")

    def __init__(
        self,
        columns: Columns,
        facts: tuple[ColumnFacts, ...],
        dealt: int,
        hash_: i64,
        score: int,
        parent: Node | None,
        action: Action | None,
    ) -> None:
        self.columns = columns
        self.facts = facts
        self.dealt = dealt
        self.hash = hash_
        self.score = score
        self.parent = parent
        self.action = action

    def line(self) -> list[Action]:
        """Return the actions from the start to this position."""
        actions: list[Action] = []
        node: Node | None = self
        while node is not None and node.action is not None:
            actions.append(node.action)
            node = node.parent
        actions.reverse()
        return actions


@dataclass(slots=True)
class Children:
    """The children generated in one layer, in generation order, as parallel lists: entry
    ``i`` of each list belongs to child ``i``. (Most children are dropped by the width, so
    they get no record of their own: a :class:`Node` is built only for the kept ones.)

    Attributes:
        scores: each child's evaluation.
        hashes: each child's board hash.
        parents: the position each child comes from.
        actions: the action from the parent.
        built: the columns of the children already built while they were scored (those
            where a run was completed), by child index.
    """

    scores: list[int] = field(default_factory=list)
    hashes: list[i64] = field(default_factory=list)
    parents: list[Node] = field(default_factory=list)
    actions: list[Action] = field(default_factory=list)
    built: dict[int, Columns] = field(default_factory=dict)


class Layer(NamedTuple):
    """The outcome of choosing a layer's kept children (the beam's ``next_layer``).

    Attributes:
        kept: the children kept, best first.
        dropped: True when the width dropped a child (before the winning one, if any).
        won: the first kept child that wins, if any (the layer stops there).
    """

    kept: list[Node]
    dropped: bool
    won: Node | None
