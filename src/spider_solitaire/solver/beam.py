"""The solver's heuristic search: a layered beam search over compact boards.

The search follows the algorithm of KDE KPatience's Spider solver (Stephan Kulow, 2023),
reimplemented here: one layer per move, every child of the layer's positions scored, and
the best ``width`` of them kept *per number of rows dealt* (a deal makes a position look
worse for a while, so positions are only compared with others that dealt as often). A
transposition table keeps every position from being expanded twice.

What is ours:

* the evaluation (:data:`DEFAULT_WEIGHTS`, a :class:`~spider_solitaire.solver.facts.Weights`):
  face-down cards, suited blocks, breaks in rank order, the suited run on top and empty
  columns, all additive per column, so that a child's score and hash are computed by
  arithmetic from cached column facts (:class:`~spider_solitaire.solver.board.ColumnTable`),
  without building the child; only the kept children are built;
* a polynomial column hash (:func:`~spider_solitaire.solver.board.column_hash`) so that a
  board's 62-bit hash also follows by arithmetic; once the stock is empty the board hash
  ignores column order;
* a transposition table of the expanded positions only, by default (KPatience's holds
  every generated position; both are available, see ``mark_generated``);
* move pruning, all of it heuristic (the exhaustive search in
  :mod:`~spider_solitaire.solver.search` prunes nothing): a suited run is split only to
  make a longer suited run; only the first empty column is tried as a target; a whole
  column never moves into an empty one; once the stock is empty a suited run is never
  split into an empty column.

Everything is deterministic: children are kept in generation order (source column, count,
then the targets holding cards in column order, then the first empty column; the deal
last), sorted stably by score, and sets are only used for membership.
"""

from __future__ import annotations

import gc
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Final

from ..variants import RUN_LENGTH
from .board import (
    ALL_ONES,
    COLUMN_MULTIPLIERS,
    DEAL,
    DEALT_MULTIPLIER,
    HASH_BASE,
    HASH_MASK,
    MOVES,
    TAKE_OFFS,
    Action,
    Board,
    Columns,
    deal_allowed,
    dealt_columns,
    ends_in_complete_run,
    without_complete_run,
)
from .facts import Group, Weights, target_lists
from .nodes import BeamOutcome, Children, Layer, Node

if TYPE_CHECKING:
    # A 64-bit machine integer in the compiled build (see board.HASH_BITS); only
    # annotations name it, so it is never imported at run time.
    from mypy_extensions import i64

DEFAULT_WEIGHTS: Final = Weights(face_down=100, block=100, rank_break=0, top_run=1, empty=100)
"""The beam's evaluation (lower is better). ``rank_break`` is 0: 30 gave the same
solution lengths at 4 suits and needed wider beams more often at 1 and 2 suits."""


class _BeamSearch:
    """The state of one beam search: the column table, the transposition table and the
    weights, with the steps of a layer: :meth:`expand` (score each child of a position
    by arithmetic) and :meth:`next_layer` (keep the best, build them)."""

    __slots__ = (
        "block",
        "empty",
        "rank_break",
        "remove",
        "row_count",
        "rows",
        "seen",
        "table",
        "top_run",
        "variant",
    )

    def __init__(self, board: Board, weights: Weights) -> None:
        self.table = board.table(weights)
        self.variant = board.variant
        self.remove = board.variant.auto_remove
        self.rows = board.stock_rows
        self.row_count = len(board.stock_rows)
        self.block = weights.block
        self.top_run = weights.top_run
        self.rank_break = weights.rank_break
        self.empty = weights.empty
        self.seen: set[int] = set()
        """Hashes of the positions kept so far (and, with ``mark_generated``, of every
        position generated)."""

    def root(self, board: Board) -> Node:
        """Return the start position's node (and mark it seen)."""
        table = self.table
        columns = board.columns
        hash_ = table.board_hash(columns, board.dealt, self.row_count)
        self.seen.add(hash_)
        facts = table.all_facts(columns)
        return Node(columns, facts, board.dealt, hash_, table.score(columns), None, None)

    def expand(self, node: Node, children: Children, level: set[int]) -> int:
        """Score every child of ``node`` (its moves, then the deal) into ``children``,
        skipping positions already seen or already generated in this layer (``level``);
        return how many positions were generated, duplicates included."""
        generated = self._add_moves(node, children, level)
        if not self.remove:
            generated += self._add_take_offs(node, children, level)
        if node.dealt < self.row_count and deal_allowed(node.columns, self.variant):
            generated += 1
            self._add_deal(node, children, level)
        return generated

    def _add_moves(self, node: Node, children: Children, level: set[int]) -> int:  # noqa: C901 - hot loop
        """The moves of :meth:`expand`, with the beam's pruning (see the module docstring).
        A child's hash and score follow from its parent's by replacing the source and
        target columns' terms, read from the cached facts."""
        columns, facts = node.columns, node.facts
        groups_of = self.table.groups
        seen = self.seen
        mark = level.add
        add_score = children.scores.append
        add_hash = children.hashes.append
        add_parent = children.parents.append
        add_action = children.actions.append
        block_weight, top_run_weight = self.block, self.top_run
        stock_empty = node.dealt == self.row_count
        multipliers = ALL_ONES if stock_empty else COLUMN_MULTIPLIERS
        by_rank, empty = target_lists(facts)
        first_empty = empty[0] if empty else -1
        empty_multiplier = multipliers[first_empty]
        generated = 0
        for source in range(len(columns)):
            source_facts = facts[source]
            if not source_facts.movable:
                continue
            run = source_facts.top_run
            source_multiplier = multipliers[source]
            hash_without: i64 = node.hash - source_facts.hash * source_multiplier
            score_without = node.score - source_facts.score
            moves = MOVES[source]
            for group in source_facts.groups or groups_of(columns[source], source_facts):
                onto_cards = by_rank[group.onto_rank]
                if onto_cards is None and (first_empty < 0 or not group.rest):
                    continue
                count = group.size
                to_target = moves[count - 1]
                rest_facts = group.rest_facts
                hash_left: i64 = hash_without + rest_facts.hash * source_multiplier
                score_left = score_without + rest_facts.score
                if onto_cards is not None:
                    first = group.first
                    group_run = group.top_run
                    for target in onto_cards:
                        target_facts = facts[target]
                        suited = first == target_facts.top - 1
                        if count < run and (not suited or target_facts.top_run + count <= run):
                            continue  # a suited run is split only to make a longer one
                        if suited and group_run == count:
                            new_run = target_facts.top_run + count
                        else:
                            new_run = group_run
                        generated += 1
                        if new_run >= RUN_LENGTH:
                            self._add_run_completion(
                                node, source, target, group, hash_left, score_left, children, level
                            )
                            continue
                        target_hash = target_facts.hash
                        hash_: i64 = (
                            hash_left
                            + (target_hash * group.power + group.hash - target_hash)
                            * multipliers[target]
                        ) & HASH_MASK
                        if hash_ in seen or hash_ in level:
                            continue
                        mark(hash_)
                        add_score(
                            score_left
                            + block_weight * (group.blocks - suited)
                            - top_run_weight * (new_run - target_facts.top_run)
                        )
                        add_hash(hash_)
                        add_parent(node)
                        add_action(to_target[target])
                if first_empty >= 0 and group.rest and not (stock_empty and count < run):
                    generated += 1
                    hash_ = (hash_left + group.hash * empty_multiplier) & HASH_MASK
                    if hash_ in seen or hash_ in level:
                        continue
                    mark(hash_)
                    add_score(
                        score_left
                        + block_weight * group.blocks
                        - top_run_weight * group.top_run
                        + self.empty
                    )
                    add_hash(hash_)
                    add_parent(node)
                    add_action(to_target[first_empty])
        return generated

    def _add_run_completion(
        self,
        node: Node,
        source: int,
        target: int,
        group: Group,
        hash_left: i64,
        score_left: int,
        children: Children,
        level: set[int],
    ) -> None:
        """Add the child of a move of ``group`` that completes a run on ``target``: the run
        is removed, so the target column is built now (``hash_left`` and ``score_left``
        are the parent's hash and score with the source column already left behind)."""
        columns = list(node.columns)
        columns[source] = group.rest
        target_column = columns[target] + group.cards
        if self.remove:
            target_column = without_complete_run(target_column)
        columns[target] = target_column
        target_facts = node.facts[target]
        after = self.table.facts(target_column)
        multiplier = (ALL_ONES if node.dealt == self.row_count else COLUMN_MULTIPLIERS)[target]
        hash_ = (hash_left + (after.hash - target_facts.hash) * multiplier) & HASH_MASK
        if hash_ in self.seen or hash_ in level:
            return
        level.add(hash_)
        children.built[len(children.scores)] = tuple(columns)
        children.scores.append(score_left - target_facts.score + after.score)
        children.hashes.append(hash_)
        children.parents.append(node)
        children.actions.append(MOVES[source][group.size - 1][target])

    def _add_take_offs(self, node: Node, children: Children, level: set[int]) -> int:
        """Add a child for each complete run the player may take off (``spider-1949``),
        built at once (a take-off is rare); the parent itself, keeping the run, stays in
        the search through its other children. Return how many were generated."""
        generated = 0
        for index, column in enumerate(node.columns):
            if not ends_in_complete_run(column):
                continue
            generated += 1
            columns = list(node.columns)
            columns[index] = without_complete_run(column)
            built = tuple(columns)
            hash_ = self.table.board_hash(built, node.dealt, self.row_count)
            if hash_ in self.seen or hash_ in level:
                continue
            level.add(hash_)
            children.built[len(children.scores)] = built
            children.scores.append(self.table.score(built))
            children.hashes.append(hash_)
            children.parents.append(node)
            children.actions.append(TAKE_OFFS[index])
        return generated

    def _add_deal(self, node: Node, children: Children, level: set[int]) -> None:
        """Add the deal's child: its hash and score follow from each column's facts and the
        card dealt onto it, unless the deal completes a run (then the child is built)."""
        dealt = node.dealt + 1
        row = self.rows[node.dealt]
        multipliers = ALL_ONES if dealt == self.row_count else COLUMN_MULTIPLIERS
        block_weight, top_run_weight = self.block, self.top_run
        hash_: i64 = dealt * DEALT_MULTIPLIER
        score = 0
        built: Columns | None = None
        if len(row) < len(node.columns):  # a short last row: built at once (once a game)
            built = dealt_columns(node.columns, row, self.remove)
        for index, column_facts in enumerate(node.facts if built is None else ()):
            card = row[index]
            multiplier: i64 = multipliers[index]  # products of i64 keep their low 64 bits
            if not column_facts.size:
                hash_ += multiplier * (card + 1)
                score += block_weight - (top_run_weight if card & 15 else 0)
                continue
            top = column_facts.top
            suited = card != 0 and card == top - 1
            if suited and column_facts.top_run + 1 >= RUN_LENGTH:
                built = dealt_columns(node.columns, row, self.remove)
                break
            hash_ += (column_facts.hash * HASH_BASE + card + 1) * multiplier
            score += column_facts.score
            if suited:
                score -= top_run_weight
            else:
                run_change = 1 - column_facts.top_run if card & 15 else -column_facts.top_run
                score += block_weight - top_run_weight * run_change
                if top & 15 != (card & 15) + 1:
                    score += self.rank_break
        if built is not None:
            hash_ = self.table.board_hash(built, dealt, self.row_count)
            score = self.table.score(built)
        hash_ &= HASH_MASK
        if hash_ in self.seen or hash_ in level:
            return
        level.add(hash_)
        if built is not None:
            children.built[len(children.scores)] = built
        children.scores.append(score)
        children.hashes.append(hash_)
        children.parents.append(node)
        children.actions.append(DEAL)

    def next_layer(self, children: Children, width: int, check: bool) -> Layer:
        """Keep the best ``width`` children per number of rows dealt (lowest score first,
        ties in generation order), mark them seen and build them; stop at the first kept
        child that wins. With ``check``, recompute each kept child's hash and score from
        scratch and raise AssertionError if the arithmetic got them wrong."""
        scores, parents, actions = children.scores, children.parents, children.actions
        kept_per_dealt = [0] * (self.row_count + 1)
        kept: list[Node] = []
        dropped = False
        for index in sorted(range(len(scores)), key=scores.__getitem__):
            parent = parents[index]
            action = actions[index]
            dealt = parent.dealt + (action is DEAL)
            if kept_per_dealt[dealt] >= width:
                dropped = True
                continue
            kept_per_dealt[dealt] += 1
            hash_ = children.hashes[index]
            self.seen.add(hash_)
            child = self._build(parent, action, dealt, hash_, scores[index], children, index)
            if check:
                self._check(child)
            if dealt == self.row_count and not any(child.columns):
                return Layer(kept, dropped, child)
            kept.append(child)
        return Layer(kept, dropped, None)

    def _build(
        self,
        parent: Node,
        action: Action,
        dealt: int,
        hash_: i64,
        score: int,
        children: Children,
        index: int,
    ) -> Node:
        """Build the node of child ``index`` of ``children``."""
        columns = children.built.get(index)
        if action is DEAL:
            if columns is None:
                columns = dealt_columns(parent.columns, self.rows[parent.dealt], self.remove)
            facts = self.table.all_facts(columns)
        elif action.target < 0:  # a take-off: always built
            assert columns is not None
            facts = self.table.all_facts(columns)
        else:
            source, target = action.source, action.target
            group = parent.facts[source].groups[action.count - 1]
            if columns is None:
                changed = list(parent.columns)
                changed[source] = group.rest
                changed[target] = changed[target] + group.cards
                columns = tuple(changed)
            new_facts = list(parent.facts)
            new_facts[source] = group.rest_facts
            new_facts[target] = self.table.facts(columns[target])
            facts = tuple(new_facts)
        return Node(columns, facts, dealt, hash_, score, parent, action)

    def _check(self, node: Node) -> None:
        """Raise AssertionError unless ``node``'s hash, score and facts are those of its
        columns computed from scratch."""
        table = self.table
        columns = node.columns
        if (
            table.board_hash(columns, node.dealt, self.row_count) != node.hash
            or table.score(columns) != node.score
            or node.facts != table.all_facts(columns)
        ):
            raise AssertionError(f"incremental hash, score or facts differ for {columns!r}")


def beam_search(
    board: Board,
    width: int,
    *,
    weights: Weights = DEFAULT_WEIGHTS,
    max_depth: int = 250,
    node_limit: int | None = None,
    deadline: float | None = None,
    should_stop: Callable[[], bool] | None = None,
    progress: Callable[[int, int], None] | None = None,
    mark_generated: bool = False,
    check: bool = False,
) -> BeamOutcome:
    """Search for a winning line from ``board`` with a beam of ``width`` positions per
    number of rows dealt.

    Args:
        board: the start (full information: no hidden card).
        width: positions kept per layer and per number of rows dealt (1 or more).
        weights: the evaluation (``buried`` must be 0: the beam scores a card added to a
            column by arithmetic that does not weigh blocks on face-down cards).
        max_depth: layers (moves) searched at most.
        node_limit: stop after generating this many positions.
        deadline: stop once ``time.perf_counter()`` passes it.
        should_stop: polled every 128 expansions; True stops the search.
        progress: called after each layer with ``(depth, nodes)``.
        mark_generated: put every generated position in the transposition table, as
            KPatience does, so that a position dropped by the width never comes back;
            by default only the positions kept (expanded) go in, and a dropped one may
            be kept when it is met again at a later layer. The default finds shorter
            solutions; marking everything makes a failing search end sooner, and the two
            fail on different deals.
        check: recompute the hash, score and column facts of every kept position from
            scratch and compare them with the ones found by arithmetic (slow; for tests).

    The cyclic garbage collector is paused while the search runs (and resumed after, if it
    was on): a search makes millions of objects and no reference cycle, so the collector's
    passes over them are pure cost, about a tenth of the CPU (a decision of ours, measured
    with ``bench/solve.py``; Python's reference counting still frees everything at once).

    Returns:
        A :class:`BeamOutcome`.

    Raises:
        ValueError: ``width`` below 1, or ``weights.buried`` not 0.
    """
    if width < 1:
        raise ValueError(f"width {width!r} must be 1 or more")
    if weights.buried:
        raise ValueError(f"weights.buried {weights.buried!r}: the beam search needs 0")
    collecting = gc.isenabled()
    if collecting:
        gc.disable()
    try:
        return _layers(
            _BeamSearch(board, weights),
            board,
            width,
            max_depth,
            node_limit if node_limit is not None else -1,
            deadline,
            should_stop,
            progress,
            mark_generated,
            check,
        )
    finally:
        if collecting:
            gc.enable()


def _layers(
    search: _BeamSearch,
    board: Board,
    width: int,
    max_depth: int,
    limit: int,
    deadline: float | None,
    should_stop: Callable[[], bool] | None,
    progress: Callable[[int, int], None] | None,
    mark_generated: bool,
    check: bool,
) -> BeamOutcome:
    """The layers of :func:`beam_search` (``limit``: the node limit, -1 for none)."""
    beam = [search.root(board)]
    nodes = depth = expansions = 0
    complete = True
    while beam:
        if depth >= max_depth:
            complete = False
            break
        depth += 1
        children = Children()
        level = search.seen if mark_generated else set()
        for node in beam:
            nodes += search.expand(node, children, level)
            expansions += 1
            if limit >= 0 and nodes >= limit:
                return BeamOutcome(False, [], nodes, True, False)
            if expansions & 127 == 0 and (
                (deadline is not None and time.perf_counter() > deadline)
                or (should_stop is not None and should_stop())
            ):
                return BeamOutcome(False, [], nodes, True, False)
        layer = search.next_layer(children, width, check)
        complete = complete and not layer.dropped
        if layer.won is not None:
            return BeamOutcome(True, layer.won.line(), nodes, False, complete)
        beam = layer.kept
        if progress is not None:
            progress(depth, nodes)
    return BeamOutcome(False, [], nodes, False, complete)
