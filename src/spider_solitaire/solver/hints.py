"""``hint``: one suggested action, with reasons, from what the player can see.

The hint never looks at a face-down card or at the stock: it works on the player's view
(:meth:`~spider_solitaire.position.Position.hidden_view`), so two positions that differ
only there get the same hint. A face-down card that a line of play would turn up becomes
an *unknown* card in the search: it cannot move and nothing goes onto it.

How it chooses: a small beam search over the moves that can be played before the next
deal (a deal reveals only unknown cards), scored by :class:`HintWeights` (lower is
better). The first move of the best line found is the hint when that line ends better
than the position now; moves back to a position met in the last actions of the game are
never proposed (no undoing the previous move, no back-and-forth), and a line only counts
as an improvement when it ends better than every position met since the last deal. When
no line improves the position, the hint is to deal (``deal_now``), or, when the deal needs
an empty column filled first, that filling move (``fill_to_deal``); with no deal left,
``stuck``: undo is the way out.

Hints that do not contradict themselves (decisions of ours, issue 19): a hint never moves
cards moved since the last deal straight back to the column they came from (whoever moved
them: a hint followed, or the player), and once a ``fill_to_deal`` hint was followed the
next hint is the deal.

Why a hint is given (its reason codes) is :mod:`~spider_solitaire.solver.reasons`'s job.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from ..game import Game
from ..messages import message
from ..moves import Move
from .board import (
    Action,
    Board,
    Columns,
    ColumnTable,
    action,
    action_of,
    ends_in_complete_run,
    without_complete_run,
)
from .facts import ColumnFacts, Weights, in_column_order, targets
from .reasons import cut_line, line_reasons, move_reasons, replay

HINT_CHOICES = 5
"""How many hints :func:`hints` ranks at most (the best and the next good moves; a
decision of ours, as Windows 7's Spider shows the next on each press of H)."""

HINT_BUDGET = 20_000
"""The node budget of a hint (node expansions of its search, counted the same on the pure
and the compiled build, so that the same view gets the same hint on both)."""

THINK_LONGER = 10
"""How many times :data:`HINT_BUDGET` "Think longer" spends."""

HISTORY = 100
"""How many earlier positions of the game (at most) a hint looks back at: it never goes
back to one of them, and it only calls a line an improvement when the line ends better
than all of them since the last deal (so that filling a column for a deal, which makes
the position look worse, is not undone by the next hint)."""

HintWeights = Weights
"""The hint's evaluation of a player's view (:class:`~spider_solitaire.solver.facts.Weights`:
per face-down card, per suited block of face-up cards (an unknown card is a block of its
own), per break in rank order between face-up cards, minus per card of the suited run on
top of each column, minus per empty column; plus, for a column that still has face-down
cards, ``buried`` per suited block on them and ``hidden_column`` once)."""

DEFAULT_HINT_WEIGHTS = Weights(face_down=300, block=100, rank_break=30, top_run=2, empty=250)
"""The hint's evaluation at 1 and 2 suits."""

HINT_WEIGHTS = {
    1: DEFAULT_HINT_WEIGHTS,
    2: DEFAULT_HINT_WEIGHTS,
    4: Weights(
        face_down=400,
        block=100,
        rank_break=30,
        top_run=20,
        empty=250,
        buried=30,
        hidden_column=200,
    ),
}
"""The evaluation used for each suit count (chosen by playing deals with hints alone,
on deals other than the bench's: at 4 suits weighing the cards piled on face-down ones
and the suited run on top did best, at 1 and 2 suits the plain weights). At 4 suits a
face-down card weighs 400: turning cards up matters more there, because a player who
cannot see them cannot plan around them (on 80 training deals 9 wins against 5 at 250;
200, 340, 600 and 640 did no better, and no other weight moved by half or by 1.6 times
did better; 480 won as often as 400 over 210 deals, 20 each)."""


@dataclass(frozen=True, slots=True)
class Hint:
    """A suggested action and why.

    Attributes:
        move: the move (count resolved) or the deal to play; ``None`` when stuck or
            when the game is already won.
        reasons: codes from :data:`~spider_solitaire.solver.reasons.HINT_CODES`, most
            important first; ``("stuck",)`` when stuck, ``()`` when the game is won.
        line: the short plan the move starts (the move first), for a caller that
            wants to show more; moves after one that turns up a card are not included.
        chance: the search's estimate, in [0, 1], of the chance to win the game from
            here by following this hint and the hints after it (``None`` when no search
            judged it: a take-off, ``stuck``, a won game, a forced deal).
        nodes: the search's work for this hint, in node expansions (positions whose
            moves were generated), counted against the budget it was given.
    """

    move: Move | None
    reasons: tuple[str, ...]
    line: tuple[Move, ...] = ()
    chance: float | None = None
    nodes: int = 0

    def explain(self, language: str = "en") -> list[str]:
        """Return one sentence per reason, in ``language`` (``"en"`` or ``"es"``; English
        for any other)."""
        return [message("hints", reason, language) for reason in self.reasons]

    def to_dict(self, language: str = "en") -> dict[str, object]:
        """Return JSON-ready data: ``move`` (notation or None), ``reasons``,
        ``messages`` (in ``language``), ``line`` (notation), ``chance`` (a float in
        [0, 1] or None) and ``nodes`` (an int)."""
        return {
            "move": str(self.move) if self.move is not None else None,
            "reasons": list(self.reasons),
            "messages": self.explain(language),
            "line": [str(move) for move in self.line],
            "chance": self.chance,
            "nodes": self.nodes,
        }


class _Child(NamedTuple):
    """A move from a view and the columns after it."""

    action: Action
    columns: Columns


class _Line(NamedTuple):
    """A position reached by the look-ahead and the moves that reach it."""

    columns: Columns
    actions: tuple[Action, ...]


class _Found(NamedTuple):
    """A look-ahead's best line."""

    score: int
    """The evaluation at the line's end."""
    length: int
    """Moves in the line."""
    actions: list[Action]


class _Past(NamedTuple):
    """An earlier position of the game (its view's columns) and the move played from it."""

    columns: Columns
    action: Action


def _children(table: ColumnTable, columns: Columns, prune: bool) -> list[_Child]:
    """Return the moves (no deal) from ``columns`` with the columns after each, in the
    engine's order. With ``prune``: a suited run is split only to make a longer suited
    run, only the first empty column is a target, and a whole column never moves into
    an empty one."""
    facts: list[ColumnFacts] = [table.facts(column) for column in columns]
    where = targets(facts)
    first_empty = where.empty[:1]
    out: list[_Child] = []
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
                out.append(_Child(action(source, target, count), tuple(after)))
    return out


def hint(
    game: Game,
    *,
    width: int = 40,
    depth: int = 8,
    weights: Weights | None = None,
    budget: int = HINT_BUDGET,
) -> Hint:
    """Suggest one action for ``game`` from the player's view, with reasons.

    Only the player's view is read (face-down cards and the stock are never looked at),
    plus the positions of the game since the last deal (at most :data:`HISTORY`), which
    the hint refuses to go back to. Deterministic: the same view and history give the
    same hint.

    Plans are kept: when the moves played since an earlier position follow the line the
    look-ahead found there (and turned up no card), the rest of that line competes with
    the new look-ahead (the latest such position is used), so a plan is not dropped for
    an equally good one; with the rule that a line must end better than every position
    since the last deal, this keeps hints from going round in circles.

    Moves that take cards moved since the last deal straight back to the column they came
    from are never hinted (:func:`_straight_back`), and when the last action followed a
    ``fill_to_deal`` hint, the hint is the deal.

    Args:
        game: the game (not changed).
        width: positions kept per layer of the look-ahead.
        depth: moves of look-ahead at most.
        weights: the evaluation; None for :data:`HINT_WEIGHTS` of the game's suit count.
        budget: node expansions the search may spend (:data:`HINT_BUDGET`; "Think
            longer" gives :data:`THINK_LONGER` times as many).

    Returns:
        A :class:`Hint`.
    """
    return _hint(game, width, depth, weights, follow=True)


def hints(
    game: Game,
    *,
    limit: int = HINT_CHOICES,
    width: int = 40,
    depth: int = 8,
    weights: Weights | None = None,
    budget: int = HINT_BUDGET,
) -> tuple[Hint, ...]:
    """Rank up to ``limit`` hints for ``game``: :func:`hint` first (the best), then the
    next good moves, best first, each with its own reasons and plan (what repeated
    presses of H show, then round again).

    A next good move is the first move of a line of the same look-ahead that ends better
    than the position now and than every position since the last deal (as the best's
    line must), whose reasons are not empty; lines are ranked by their end's evaluation,
    then length, then the engine's order of first moves. Its reasons are the first move's
    own, or its line's when the line's next move uses a column the first one changed (a
    decision of ours: no next move is credited with what a later, independent move does).
    Moves straight back and
    positions met since the last deal are left out, as for :func:`hint`. A deal, a fill
    for the deal, a take-off or ``stuck`` comes alone (no move helps then).

    Args:
        game: the game (not changed).
        limit: hints at most (1 or more).
        width, depth, weights, budget: as for :func:`hint`.

    Returns:
        One hint or more; the first is :func:`hint`'s.
    """
    first = _hint(game, width, depth, weights, follow=True)
    alone = first.move is None or first.move.is_deal or first.move.is_take_off
    if alone or first.reasons == ("fill_to_deal",):
        return (first,)
    view = game.position.hidden_view()
    board = Board.from_position(view)
    if weights is None:
        weights = HINT_WEIGHTS.get(view.suits, DEFAULT_HINT_WEIGHTS)
    table = board.table(weights)
    columns = board.columns
    forbidden = {past.columns for past in _history(game, len(view.stock))}
    banned = _straight_back(game, len(view.stock))
    baseline = min([table.score(columns)] + [table.score(past) for past in forbidden])
    by_first: dict[Action, _Found] = {}
    _look_ahead(table, columns, forbidden, width, depth, banned, by_first)
    ranked = [first]
    order = sorted(by_first.items(), key=lambda item: (item[1].score, item[1].length))
    for move, found in order:
        if len(ranked) >= limit:
            break
        if found.score >= baseline or move.to_move() == first.move:
            continue
        reasons = move_reasons(columns, move)
        if not reasons and _prepares(move, found.actions):
            reasons = line_reasons(columns, found.actions, table.remove)
        if reasons:
            plan = cut_line(columns, found.actions, table.remove)
            line = tuple(step.to_move() for step in plan)
            ranked.append(Hint(move.to_move(), tuple(reasons), line))
    return tuple(ranked)


def _prepares(move: Action, line: list[Action]) -> bool:
    """Whether ``move`` (a line's first) prepares the line's next move: that move takes
    from or goes to a column ``move`` changed (a 7 moved from one 8 to another prepares
    nothing for an independent move elsewhere, which would turn up a card anyway)."""
    if len(line) < 2:
        return False
    following = line[1]
    return bool({following.source, following.target} & {move.source, move.target})


def _hint(game: Game, width: int, depth: int, weights: Weights | None, follow: bool) -> Hint:
    """:func:`hint`; ``follow``: check whether the last action followed a
    ``fill_to_deal`` hint (False for that check's own hint, which looks one action back)."""
    view = game.position.hidden_view()
    if view.is_won:
        return Hint(None, ())
    board = Board.from_position(view)
    if weights is None:
        weights = HINT_WEIGHTS.get(view.suits, DEFAULT_HINT_WEIGHTS)
    table = board.table(weights)
    columns = board.columns
    if not table.remove:
        # spider-1949: a complete run is taken off as soon as it waits (a decision of ours:
        # the hints keep no run to break up; the solver weighs keeping one).
        for index, column in enumerate(columns):
            if ends_in_complete_run(column):
                take = Move.take_off(index + 1)
                return Hint(take, ("takes_off_run",), (take,))
    if follow and board.can_deal() and _followed_fill(game, width, depth, weights):
        return Hint(Move.deal(), ("deal_now",), (Move.deal(),))
    history = _history(game, len(view.stock))
    forbidden = {past.columns for past in history}
    banned = _straight_back(game, len(view.stock))
    baseline = min([table.score(columns)] + [table.score(past) for past in forbidden])

    best = _look_ahead(table, columns, forbidden, width, depth, banned)
    # The plan found at the latest earlier position whose line the moves since followed.
    for index in range(min(len(history), depth)):
        past = history[index].columns
        played = [entry.action for entry in reversed(history[: index + 1])]
        if replay(past, played, table.remove)[-1] != columns:
            break  # a card was turned up since: older plans did not know it
        older = {entry.columns for entry in history[index + 1 :]}
        found = _look_ahead(table, past, older, width, depth)
        if found is None or found.length <= index + 1 or found.actions[: index + 1] != played:
            continue
        rest = found.actions[index + 1 :]
        if rest[0] in banned:
            continue
        if best is None or (found.score, len(rest)) < (best.score, best.length):
            best = _Found(found.score, len(rest), rest)
        break

    if best is not None and best.score < baseline:
        line = best.actions
        first = line[0]
        reasons = move_reasons(columns, first) or line_reasons(columns, line, table.remove)
        if reasons:
            plan = cut_line(columns, line, table.remove)
            return Hint(first.to_move(), tuple(reasons), tuple(step.to_move() for step in plan))
    if board.can_deal():
        return Hint(Move.deal(), ("deal_now",), (Move.deal(),))
    if board.rows_left and not all(columns):
        fill = _best_fill(table, columns, forbidden, banned)
        if fill is not None:
            return Hint(fill.to_move(), ("fill_to_deal",), (fill.to_move(), Move.deal()))
    useful = _useful_move(table, columns, forbidden, banned)
    if useful is not None:
        move, reasons = useful
        return Hint(move.to_move(), tuple(reasons), (move.to_move(),))
    return Hint(None, ("stuck",))


def _look_ahead(
    table: ColumnTable,
    columns: Columns,
    forbidden: set[Columns],
    width: int,
    depth: int,
    banned: frozenset[Action] = frozenset(),
    by_first: dict[Action, _Found] | None = None,
) -> _Found | None:
    """Layered beam search over moves (no deal) from ``columns``; return the line to the
    best-scored position met (ties: the shorter line, then the earlier one), or None when
    no move leads anywhere new. A line never starts with a move of ``banned``. When
    ``by_first`` is given, it gets, for each first move, the best line found that starts
    with it (the same ties)."""
    seen: set[Columns] = {columns} | forbidden
    best: _Found | None = None
    best_line: tuple[Action, ...] = ()
    layer: list[_Line] = []
    for child in _children(table, columns, prune=False):
        if child.columns not in seen and child.action not in banned:
            seen.add(child.columns)
            layer.append(_Line(child.columns, (child.action,)))
    for level in range(1, depth + 1):
        # Lines are met shortest first and in order, so the first of the lowest score wins.
        scores = [table.score(line.columns) for line in layer]
        for line, score in zip(layer, scores, strict=True):
            if best is None or score < best.score:
                best = _Found(score, level, [])
                best_line = line.actions
            if by_first is not None:
                kept = by_first.get(line.actions[0])
                if kept is None or score < kept.score:
                    by_first[line.actions[0]] = _Found(score, level, list(line.actions))
        if level == depth:
            break
        following: list[_Line] = []
        for index in sorted(range(len(layer)), key=scores.__getitem__)[:width]:
            line = layer[index]
            for child in _children(table, line.columns, prune=True):
                if child.columns not in seen:
                    seen.add(child.columns)
                    following.append(_Line(child.columns, (*line.actions, child.action)))
        layer = following
        if not layer:
            break
    if best is None:
        return None
    return _Found(best.score, best.length, list(best_line))


def no_useful_move(game: Game) -> bool:
    """True when the player can only wait for the end: the stock is empty, the game is not
    won, and :func:`hint` finds nothing to suggest (``stuck``).

    This is the hints' own test (a decision of ours: one statement of "useful"), read from
    the player's view only: moving cards back and forth between equal ranks, or back to a
    position seen since the last deal, does not count as useful. It never says True while
    a hint would suggest a move. With cards left in the stock it is False (a deal is
    always something to do, or an empty column to fill for it).

    Args:
        game: the game (not changed).

    Returns:
        True when no useful move is left.
    """
    view = game.position
    if view.stock or view.is_won:
        return False
    return hint(game).reasons == ("stuck",)


def _best_fill(
    table: ColumnTable, columns: Columns, forbidden: set[Columns], banned: frozenset[Action]
) -> Action | None:
    """The move into an empty column that leaves the best position (never a whole
    column, so that the move fills one more column than it empties, and never one of
    ``banned``); the first of the best."""
    choice: Action | None = None
    best_score = 0
    for child in _children(table, columns, prune=False):
        move = child.action
        if columns[move.target] or move.count == len(columns[move.source]) or move in banned:
            continue
        if child.columns in forbidden:
            continue
        score = table.score(child.columns)
        if choice is None or score < best_score:
            choice, best_score = move, score
    return choice


def _useful_move(
    table: ColumnTable, columns: Columns, forbidden: set[Columns], banned: frozenset[Action]
) -> tuple[Action, list[str]] | None:
    """A move that does something that matters by itself, with its reasons, if any (the
    last resort before ``stuck``), never one of ``banned``."""
    for child in _children(table, columns, prune=False):
        if child.columns in forbidden or child.action in banned:
            continue
        reasons = move_reasons(columns, child.action)
        if reasons:
            return child.action, reasons
    return None


def _history(game: Game, stock: int) -> list[_Past]:
    """The views of the positions of ``game`` since the last deal (at most
    :data:`HISTORY`), most recent first, each with the move played from it."""
    past = game.copy()
    found: list[_Past] = []
    for _ in range(HISTORY):
        if not past.can_undo:
            break
        move = past.undo()
        view = past.position.hidden_view()
        if len(view.stock) != stock or move.count is None:
            break
        columns = Board.from_position(view).columns
        found.append(_Past(columns, action_of(move)))
    return found


def _straight_back(game: Game, stock: int) -> frozenset[Action]:
    """The moves that would take cards moved since the last deal (at most :data:`HISTORY`
    actions back) straight back to the column they came from: the same cards (by id),
    now the last ones of a column, to that column (a decision of ours: a hint that
    undoes a move just made, by a hint or the player, contradicts it)."""
    now = game.position.ids
    past = game.copy()
    banned: set[Action] = set()
    for _ in range(HISTORY):
        if not past.can_undo:
            break
        move = past.undo()
        if len(past.position.stock) != stock or move.count is None:
            break
        if move.is_take_off:  # the run left the table: nothing to move back
            continue
        count, home = move.count, move.source - 1
        moved = past.position.ids[home][-count:]
        for column, ids in enumerate(now):
            if column != home and count <= 13 and len(ids) >= count and ids[-count:] == moved:
                banned.add(action(column, home, count))
    return frozenset(banned)


def _followed_fill(game: Game, width: int, depth: int, weights: Weights | None) -> bool:
    """True when the last action of ``game`` was the move of a ``fill_to_deal`` hint (the
    hint of the position before it), so that the hint now is the deal."""
    if not game.can_undo:
        return False
    before = game.copy()
    last = before.undo()
    if last.is_deal:
        return False
    earlier = _hint(before, width, depth, weights, follow=False)
    return earlier.reasons == ("fill_to_deal",) and earlier.move == last
