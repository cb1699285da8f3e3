"""The solver's heuristic search: a layered beam search over compact boards.

The search follows the algorithm of KDE KPatience's Spider solver (Stephan Kulow, 2023),
reimplemented here: one layer per move, every child of the layer's positions scored, and
the best ``width`` of them kept *per number of rows dealt* (a deal makes a position look
worse for a while, so positions are only compared with others that dealt as often). A
transposition table keeps every position from being expanded twice.

What is ours:

* the evaluation (:class:`Weights`): face-down cards, suited blocks, breaks in rank
  order, the suited run on top and empty columns, all additive per column, so that a
  child's score and hash are computed by arithmetic from cached column facts, without
  building the child; only the kept children are built;
* a polynomial column hash (:func:`~spider_solitaire.solver.state.column_hash`) so that a
  board's 64-bit hash also follows by arithmetic; once the stock is empty the board hash
  ignores column order;
* a transposition table of the expanded positions only, by default (KPatience's holds
  every generated position; both are available, see ``mark_generated``);
* move pruning, all of it heuristic (the exhaustive search in
  :mod:`~spider_solitaire.solver.search` prunes nothing): a suited run is split only to
  make a longer suited run; only the first empty column is tried as a target; a whole
  column never moves into an empty one; once the stock is empty a suited run is never
  split into an empty column.

Everything is deterministic: candidates are kept in generation order, sorted stably, and
sets are only used for membership.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..moves import COLUMNS
from .state import (
    ALL_ONES,
    COLUMN_MULTIPLIERS,
    EMPTY,
    FACE_DOWN,
    MASK64,
    POWERS,
    RUN_LENGTH,
    Board,
    column_hash,
    remove_complete_run,
    turn_up,
)

Action = tuple[int, int, int]
"""``(source, target, count)`` with 0-based columns; ``(-1, -1, 0)`` is the deal."""

DEAL_ACTION: Action = (-1, -1, 0)


@dataclass(frozen=True, slots=True)
class Weights:
    """The evaluation: a position's score is the sum over columns of
    ``face_down * face-down cards + block * suited blocks + rank_break * breaks in rank
    order - top_run * length of the suited run on top``, minus ``empty`` per empty
    column. Lower is better; all weights are integers (points).

    A suited block is a maximal run of face-up cards of one suit descending by one; a
    break in rank order is a face-up card lying on a face-up card that is not one rank
    higher (whatever the suits). ``rank_break`` is 0 by default: 30 gave the same
    lengths at 4 suits and needed wider beams more often at 1 and 2 suits.
    """

    face_down: int = 100
    block: int = 100
    rank_break: int = 0
    top_run: int = 1
    empty: int = 100


DEFAULT_WEIGHTS = Weights()


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


class ColumnTable:
    """Facts about each distinct column, computed once and cached.

    ``info(column)`` is a list ``[movable, top, top_rank, score, hash, size, top_run,
    cuts]``: the movable group size, the last card (0 if empty), its rank (0 if empty or
    unknown), the column's evaluation score, its polynomial hash, its length, the length
    of the suited run on top, and ``cuts`` (``None`` until :meth:`cuts` fills it).
    """

    def __init__(self, classic: bool, weights: Weights) -> None:
        self.classic = classic
        self.weights = weights
        self.table: dict[bytes, list[Any]] = {}
        self.table[EMPTY] = self._make(EMPTY)

    def info(self, column: bytes) -> list[Any]:
        """Return the cached facts of ``column`` (see the class docstring)."""
        found = self.table.get(column)
        if found is None:
            found = self.table[column] = self._make(column)
        return found

    def _make(self, column: bytes) -> list[Any]:
        size = len(column)
        if not size:
            return [0, 0, 0, 0, 0, 0, 0, None]
        w = self.weights
        down = 0
        while down < size and column[down] & FACE_DOWN:
            down += 1
        top = column[-1]
        movable = 0
        if top & 15:
            movable = 1
            classic = self.classic
            while movable < size - down:
                upper, lower = column[size - movable - 1], column[size - movable]
                if not upper & 15:
                    break
                if classic:
                    if upper != lower + 1:
                        break
                elif upper & 15 != (lower & 15) + 1:
                    break
                movable += 1
        top_run = 0
        if top & 15:
            top_run = 1
            while (
                top_run < size - down and column[size - top_run - 1] == column[size - top_run] + 1
            ):
                top_run += 1
        blocks = 0
        breaks = 0
        for i in range(down, size):
            if i == down or column[i - 1] != column[i] + 1 or not column[i] & 15:
                blocks += 1
            if i > down and column[i - 1] & 15 != (column[i] & 15) + 1:
                breaks += 1
        score = w.face_down * down + w.block * blocks + w.rank_break * breaks - w.top_run * top_run
        return [movable, top, top & 15, score, column_hash(column), size, top_run, None]

    def cuts(self, column: bytes, info: list[Any]) -> list[Any]:
        """Fill and return ``info[7]``: for each count ``k`` from 1 to the movable size,
        ``(rest, rest_info, group, group_hash, power, first, blocks, top_run)``: the column
        left (last card turned up), its facts, the group's bytes and hash, ``POWERS[k]``,
        the group's first card, its suited blocks and the suited run on its top."""
        out: list[Any] = [None]
        whole = info[4]
        for k in range(1, info[0] + 1):
            raw = column[:-k]
            group = column[-k:]
            rest = turn_up(raw)
            group_hash = (whole - column_hash(raw) * POWERS[k]) & MASK64
            blocks = 1
            for i in range(1, k):
                if group[i - 1] != group[i] + 1:
                    blocks += 1
            top_run = 1
            while top_run < k and group[k - top_run - 1] == group[k - top_run] + 1:
                top_run += 1
            out.append(
                (rest, self.info(rest), group, group_hash, POWERS[k], group[0], blocks, top_run)
            )
        info[7] = out
        return out


def board_hash(table: ColumnTable, columns: tuple[bytes, ...], dealt: int, rows: int) -> int:
    """Return the 64-bit hash of a board (column order ignored once the stock is empty)."""
    mult = ALL_ONES if dealt == rows else COLUMN_MULTIPLIERS
    value = dealt * 0x51ED2701
    for i, column in enumerate(columns):
        value += table.info(column)[4] * mult[i]
    return value & MASK64


def board_score(table: ColumnTable, columns: tuple[bytes, ...]) -> int:
    """Return the evaluation of a board (lower is better)."""
    empty = table.weights.empty
    return sum(table.info(c)[3] if c else -empty for c in columns)


def _check(
    table: ColumnTable, columns: tuple[bytes, ...], dealt: int, rows: int, h: int, score: int
) -> None:
    """Raise AssertionError unless ``h`` and ``score`` are those of ``columns``."""
    if board_hash(table, columns, dealt, rows) != h or board_score(table, columns) != score:
        raise AssertionError(f"incremental hash or score differs for {columns!r}")


def _first(item: tuple[Any, ...]) -> Any:
    return item[0]


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
        weights: the evaluation.
        max_depth: layers (moves) searched at most.
        node_limit: stop after generating this many positions.
        deadline: stop once ``time.perf_counter()`` passes it.
        should_stop: polled every few hundred expansions; True stops the search.
        progress: called after each layer with ``(depth, nodes)``.
        mark_generated: put every generated position in the transposition table, as
            KPatience does, so that a position dropped by the width never comes back;
            by default only the positions kept (expanded) go in, and a dropped one may
            be kept when it is met again at a later layer. The default finds shorter
            solutions; marking everything makes a failing search end sooner, and the two
            fail on different deals.
        check: recompute the hash and score of every kept position from scratch and
            compare them with the ones found by arithmetic (slow; for tests).

    Returns:
        A :class:`BeamOutcome`.

    Raises:
        ValueError: ``width`` below 1.
    """
    if width < 1:
        raise ValueError(f"width {width!r} must be 1 or more")
    table = ColumnTable(board.classic, weights)
    info_get = table.table.get
    info_of = table.info
    cuts_of = table.cuts
    rows = board.stock_rows
    nrows = len(rows)
    w_block = weights.block
    w_top = weights.top_run
    w_empty = weights.empty
    w_break = weights.rank_break
    limit = node_limit if node_limit is not None else -1

    cols0 = board.columns
    h0 = board_hash(table, cols0, board.dealt, nrows)
    s0 = board_score(table, cols0)
    seen: set[int] = {h0}
    # A node: (columns, dealt, hash, score, parent, action).
    beam: list[tuple[Any, ...]] = [(cols0, board.dealt, h0, s0, None, None)]
    nodes = 0
    depth = 0
    complete = True
    expansions = 0
    while beam:
        if depth >= max_depth:
            complete = False
            break
        depth += 1
        cands: list[tuple[Any, ...]] = []
        append = cands.append
        level: set[int] = seen if mark_generated else set()
        level_add = level.add
        for node in beam:
            cols, dealt, hsh, score = node[0], node[1], node[2], node[3]
            infos = [info_get(c) or info_of(c) for c in cols]
            end = dealt == nrows
            mult = ALL_ONES if end else COLUMN_MULTIPLIERS
            by_rank: list[list[int] | None] = [None] * 15
            first_empty = -1
            for i in range(COLUMNS):
                if cols[i]:
                    rank = infos[i][2]
                    if rank:
                        same = by_rank[rank]
                        if same is None:
                            by_rank[rank] = [i]
                        else:
                            same.append(i)
                elif first_empty < 0:
                    first_empty = i
            for s in range(COLUMNS):
                si = infos[s]
                movable = si[0]
                if not movable:
                    continue
                rank = si[2]
                run = si[6]
                size = si[5]
                cuts = si[7] or cuts_of(cols[s], si)
                ms = mult[s]
                base_h = hsh - si[4] * ms
                base_s = score - si[3]
                for k in range(1, movable + 1):
                    targets = by_rank[rank + k] if rank + k < 14 else None
                    if targets is None and (first_empty < 0 or k == size):
                        continue
                    rest, ri, group, gh, power, first, gblocks, grun = cuts[k]
                    hs = base_h + ri[4] * ms
                    ss = base_s + ri[3] if rest else base_s - w_empty
                    if targets is not None:
                        for d in targets:
                            di = infos[d]
                            suited = first == di[1] - 1
                            if k < run and (not suited or di[6] + k <= run):
                                continue
                            new_run = di[6] + k if suited and grun == k else grun
                            md = mult[d]
                            nodes += 1
                            if new_run >= RUN_LENGTH:
                                nd, _ = remove_complete_run(cols[d] + group)
                                ndi = info_get(nd) or info_of(nd)
                                h = (hs + (ndi[4] - di[4]) * md) & MASK64
                                if h in seen or h in level:
                                    continue
                                level_add(h)
                                gain = ndi[3] if nd else -w_empty
                                append((ss - di[3] + gain, h, node, s, d, k, nd))
                                continue
                            dh = di[4]
                            h = (hs + (dh * power + gh - dh) * md) & MASK64
                            if h in seen or h in level:
                                continue
                            level_add(h)
                            append(
                                (
                                    ss + w_block * (gblocks - suited) - w_top * (new_run - di[6]),
                                    h,
                                    node,
                                    s,
                                    d,
                                    k,
                                    None,
                                )
                            )
                    if first_empty >= 0 and k < size and not (end and k < run):
                        nodes += 1
                        h = (hs + gh * mult[first_empty]) & MASK64
                        if h in seen or h in level:
                            continue
                        level_add(h)
                        append(
                            (
                                ss + w_block * gblocks - w_top * grun + w_empty,
                                h,
                                node,
                                s,
                                first_empty,
                                k,
                                None,
                            )
                        )
            if dealt < nrows and (first_empty < 0 or sum(map(len, cols)) < 10):
                nodes += 1
                row = rows[dealt]
                after_end = dealt + 1 == nrows
                dmult = ALL_ONES if after_end else COLUMN_MULTIPLIERS
                h = (dealt + 1) * 0x51ED2701
                sc = 0
                built: tuple[bytes, ...] | None = None
                for i in range(COLUMNS):
                    di = infos[i]
                    card = row[i]
                    if not cols[i]:
                        h += (card + 1) * dmult[i]
                        sc += w_block - (w_top if card & 15 else 0)
                        continue
                    top = di[1]
                    suited = card != 0 and card == top - 1
                    if suited and di[6] + 1 >= RUN_LENGTH:
                        built = tuple(
                            remove_complete_run(cols[j] + row[j : j + 1])[0] for j in range(COLUMNS)
                        )
                        break
                    h += (di[4] * POWERS[1] + card + 1) * dmult[i]
                    sc += di[3]
                    if suited:
                        sc -= w_top
                    else:
                        sc += w_block - w_top * (1 - di[6] if card & 15 else -di[6])
                        if top & 15 != (card & 15) + 1:
                            sc += w_break
                if built is not None:
                    h = board_hash(table, built, dealt + 1, nrows)
                    sc = board_score(table, built)
                h &= MASK64
                if h not in seen and h not in level:
                    level_add(h)
                    append((sc, h, node, -1, -1, 0, built))
            expansions += 1
            if limit >= 0 and nodes >= limit:
                return BeamOutcome(False, [], nodes, True, False)
            if expansions & 127 == 0 and (
                (deadline is not None and time.perf_counter() > deadline)
                or (should_stop is not None and should_stop())
            ):
                return BeamOutcome(False, [], nodes, True, False)
        cands.sort(key=_first)
        counts = [0] * (nrows + 1)
        beam = []
        for cand in cands:
            parent = cand[2]
            s, d, k = cand[3], cand[4], cand[5]
            dealt = parent[1] + (s < 0)
            if counts[dealt] >= width:
                complete = False
                continue
            counts[dealt] += 1
            h = cand[1]
            seen.add(h)
            pcols = parent[0]
            if s < 0:
                built = cand[6]
                if built is None:
                    row = rows[parent[1]]
                    built = tuple(
                        remove_complete_run(pcols[j] + row[j : j + 1])[0] for j in range(COLUMNS)
                    )
                ncols = built
            else:
                cut = table.table[pcols[s]][7][k]
                lst = list(pcols)
                lst[s] = cut[0]
                extra = cand[6]
                lst[d] = extra if extra is not None else pcols[d] + cut[2]
                ncols = tuple(lst)
            if check:
                _check(table, ncols, dealt, nrows, h, cand[0])
            child = (ncols, dealt, h, cand[0], parent, (s, d, k))
            if dealt == nrows and not any(ncols):
                actions: list[Action] = []
                walk: tuple[Any, ...] | None = child
                while walk is not None and walk[4] is not None:
                    actions.append(walk[5])
                    walk = walk[4]
                actions.reverse()
                return BeamOutcome(True, actions, nodes, False, complete)
            beam.append(child)
        if progress is not None:
            progress(depth, nodes)
    return BeamOutcome(False, [], nodes, False, complete)
