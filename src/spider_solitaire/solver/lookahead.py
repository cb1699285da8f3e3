"""The hints' look-ahead: a layered beam search over the moves before the next deal.

It works on any columns of the solver's board (:mod:`~spider_solitaire.solver.board`): a
player's view, where a face-down card turned up becomes an *unknown* card that cannot
move, or a sampled world (:mod:`~spider_solitaire.solver.worlds`), where the face-down
cards carry cards drawn for them and turn up as those cards. It never deals: a deal is
where a hint's stage ends. Its work is counted in *nodes*: one node is one position whose
moves were generated, the same on the pure and the compiled build (the unit of a hint's
budget, :data:`~spider_solitaire.solver.hints.HINT_BUDGET`).
"""

from __future__ import annotations

from typing import NamedTuple

from .board import Action, Columns, ColumnTable, action, without_complete_run
from .facts import ColumnFacts, in_column_order, targets


class Child(NamedTuple):
    """A move from some columns and the columns after it."""

    action: Action
    columns: Columns


class Found(NamedTuple):
    """A look-ahead's best line."""

    score: int
    """The evaluation at the line's end (lower is better)."""
    length: int
    """Moves in the line."""
    actions: list[Action]


class Search(NamedTuple):
    """What :func:`look_ahead` found: the best line (None when no move leads anywhere new)
    and the nodes it spent."""

    best: Found | None
    nodes: int


class _Line(NamedTuple):
    """A position reached by the look-ahead and the moves that reach it."""

    columns: Columns
    actions: tuple[Action, ...]


def children(table: ColumnTable, columns: Columns, prune: bool) -> list[Child]:
    """Return the moves (no deal) from ``columns`` with the columns after each, in the
    engine's order (by source column, count, target column). With ``prune``: a suited run
    is split only to make a longer suited run, only the first empty column is a target,
    and a whole column never moves into an empty one (decisions of ours: such moves only
    shuffle cards)."""
    facts: list[ColumnFacts] = [table.facts(column) for column in columns]
    where = targets(facts)
    first_empty = where.empty[:1]
    out: list[Child] = []
    for source, source_facts in enumerate(facts):
        if not source_facts.movable:
            continue
        run = source_facts.top_run
        for group in table.groups(columns[source], source_facts):
            count = group.size
            if prune:
                empty = first_empty if group.rest else []
                goes_to = in_column_order(where.by_rank[group.onto_rank], empty)
            else:
                goes_to = where.for_group(group.onto_rank)
            for target in goes_to:
                target_column = columns[target]
                if prune and target_column and count < run:
                    suited = target_column[-1] == group.first + 1
                    if not suited or facts[target].top_run + count <= run:
                        continue
                after = list(columns)
                after[source] = group.rest
                joined = target_column + group.cards
                after[target] = without_complete_run(joined) if table.remove else joined
                out.append(Child(action(source, target, count), tuple(after)))
    return out


def look_ahead(
    table: ColumnTable,
    columns: Columns,
    forbidden: set[Columns],
    width: int,
    depth: int,
    by_first: dict[Action, Found] | None = None,
) -> Search:
    """Layered beam search over moves (no deal) from ``columns``, ``width`` positions kept
    per layer, ``depth`` moves at most; return the line to the best-scored position met
    (ties: the shorter line, then the earlier one), never through a position of
    ``forbidden``, with the nodes spent. When ``by_first`` is given, it gets, for each
    first move, the best line found that starts with it (the same ties)."""
    seen: set[Columns] = {columns} | forbidden
    best: Found | None = None
    best_line: tuple[Action, ...] = ()
    layer = _expand(table, [_Line(columns, ())], seen, prune=False)
    nodes = 1
    for level in range(1, depth + 1):
        # Lines are met shortest first and in order, so the first of the lowest score wins.
        scores = [table.score(line.columns) for line in layer]
        for line, score in zip(layer, scores, strict=True):
            if best is None or score < best.score:
                best = Found(score, level, [])
                best_line = line.actions
            if by_first is not None:
                _keep_first(by_first, line, score, level)
        if level == depth:
            break
        kept = [layer[index] for index in sorted(range(len(layer)), key=scores.__getitem__)]
        nodes += min(width, len(kept))
        layer = _expand(table, kept[:width], seen, prune=True)
        if not layer:
            break
    if best is None:
        return Search(None, nodes)
    return Search(Found(best.score, best.length, list(best_line)), nodes)


def _expand(table: ColumnTable, lines: list[_Line], seen: set[Columns], prune: bool) -> list[_Line]:
    """The lines one move longer than ``lines`` to positions not in ``seen`` (added to it),
    in order."""
    following: list[_Line] = []
    for line in lines:
        for child in children(table, line.columns, prune):
            if child.columns not in seen:
                seen.add(child.columns)
                following.append(_Line(child.columns, (*line.actions, child.action)))
    return following


def _keep_first(by_first: dict[Action, Found], line: _Line, score: int, level: int) -> None:
    """Keep ``line`` as its first move's best when it scores better than the one kept."""
    kept = by_first.get(line.actions[0])
    if kept is None or score < kept.score:
        by_first[line.actions[0]] = Found(score, level, list(line.actions))
