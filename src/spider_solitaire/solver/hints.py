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
no line improves the position, the hint is to deal (``deal_now``), first filling an
empty column when the deal needs it, or, with no deal left, ``stuck``: undo is the way
out.

Reason codes (:data:`HINT_CODES`), each explained in English and Spanish in the
``hints`` section of :mod:`spider_solitaire.messages`. A move's reasons are what the move
does by itself; a move that does nothing visible by itself (it prepares the next ones)
gets the reasons of the short plan it starts, hence the "now or in the next few moves"
of the sentences:

* ``completes_run``: a King-to-Ace run of one suit is completed (and removed);
* ``turns_up_card``: a face-down card is turned up;
* ``empties_column``: a column is emptied (a whole column moves onto another card);
* ``builds_in_suit``: cards go onto the next higher card of their own suit, making a
  longer suited run;
* ``joins_runs``: cards go onto a next higher card of another suit from a card that
  was not one rank higher, making one longer descending sequence out of two;
* ``deal_now``: no move helps any more, so deal (after filling an empty column if
  needed: that filling move is given with this reason too);
* ``stuck``: no move helps and no deal is possible: undo is the way out.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..game import Game
from ..messages import message
from ..moves import COLUMNS, Move
from .state import FACE_DOWN, Board, remove_complete_run, to_move, turn_up

HINT_CODES: tuple[str, ...] = (
    "turns_up_card",
    "empties_column",
    "builds_in_suit",
    "completes_run",
    "joins_runs",
    "deal_now",
    "stuck",
)
"""Every reason a :class:`Hint` can give; stable codes for programs and translations."""

_MOVE_REASONS = ("completes_run", "turns_up_card", "empties_column", "builds_in_suit", "joins_runs")
"""Reasons a move can have, most important first (the order of ``Hint.reasons``)."""

HISTORY = 100
"""How many earlier positions of the game (at most) a hint looks back at: it never goes
back to one of them, and it only calls a line an improvement when the line ends better
than all of them since the last deal (so that filling a column for a deal, which makes
the position look worse, is not undone by the next hint)."""


@dataclass(frozen=True, slots=True)
class HintWeights:
    """The hint's evaluation of a player's view, in points, lower is better: per
    face-down card, per suited block of face-up cards (an unknown card is a block of its
    own), per break in rank order between face-up cards, minus per card of the suited
    run on top of each column, minus per empty column; plus, for a column that still has
    face-down cards, ``buried`` per suited block on them and ``hidden_column`` once."""

    face_down: int = 300
    block: int = 100
    rank_break: int = 30
    top_run: int = 2
    empty: int = 250
    buried: int = 0
    hidden_column: int = 0


DEFAULT_HINT_WEIGHTS = HintWeights()

HINT_WEIGHTS = {
    1: DEFAULT_HINT_WEIGHTS,
    2: DEFAULT_HINT_WEIGHTS,
    4: HintWeights(face_down=400, top_run=20, buried=30, hidden_column=200),
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
        reasons: codes from :data:`HINT_CODES`, most important first; ``("stuck",)``
            when stuck, ``()`` when the game is won.
        line: the short plan the move starts (the move first), for a caller that
            wants to show more; moves after one that turns up a card are not included.
    """

    move: Move | None
    reasons: tuple[str, ...]
    line: tuple[Move, ...] = ()

    def explain(self, language: str = "en") -> list[str]:
        """Return one sentence per reason, in ``language`` (``"en"`` or ``"es"``; English
        for any other)."""
        return [message("hints", reason, language) for reason in self.reasons]

    def to_dict(self, language: str = "en") -> dict[str, object]:
        """Return JSON-ready data: ``move`` (notation or None), ``reasons``,
        ``messages`` (in ``language``) and ``line`` (notation)."""
        return {
            "move": str(self.move) if self.move is not None else None,
            "reasons": list(self.reasons),
            "messages": self.explain(language),
            "line": [str(move) for move in self.line],
        }


class _Scorer:
    """Column evaluation for hints, cached per distinct column."""

    def __init__(self, weights: HintWeights, classic: bool) -> None:
        self.weights = weights
        self.classic = classic
        self.cache: dict[bytes, tuple[int, int, int, int, int]] = {}

    def column(self, column: bytes) -> tuple[int, int, int, int, int]:
        """Return ``(score, movable, top_rank, top_run, face_down)`` of a column."""
        found = self.cache.get(column)
        if found is not None:
            return found
        w = self.weights
        size = len(column)
        down = 0
        while down < size and column[down] & FACE_DOWN:
            down += 1
        blocks = breaks = 0
        for i in range(down, size):
            if i == down or column[i - 1] != column[i] + 1 or not column[i] & 15:
                blocks += 1
            if i > down and column[i - 1] & 15 != (column[i] & 15) + 1:
                breaks += 1
        top_run = 0
        if size and column[-1] & 15:
            top_run = 1
            while (
                top_run < size - down and column[size - top_run - 1] == column[size - top_run] + 1
            ):
                top_run += 1
        movable = _movable(column, down, self.classic)
        score = w.face_down * down + w.block * blocks + w.rank_break * breaks - w.top_run * top_run
        if down:
            score += w.buried * blocks + w.hidden_column
        found = (score, movable, column[-1] & 15 if size else 0, top_run, down)
        self.cache[column] = found
        return found

    def board(self, columns: tuple[bytes, ...]) -> int:
        """Return the evaluation of a board's columns."""
        empty = self.weights.empty
        return sum(self.column(c)[0] if c else -empty for c in columns)


def _movable(column: bytes, down: int, classic: bool) -> int:
    size = len(column)
    if size == down or not column[-1] & 15:
        return 0
    length = 1
    while length < size - down:
        upper, lower = column[size - length - 1], column[size - length]
        if not upper & 15:
            break
        if classic:
            if upper != lower + 1:
                break
        elif upper & 15 != (lower & 15) + 1:
            break
        length += 1
    return length


Step = tuple[int, int, int]
"""A move ``(source, target, count)`` with 0-based columns."""


def _children(
    scorer: _Scorer, columns: tuple[bytes, ...], prune: bool
) -> list[tuple[Step, tuple[bytes, ...]]]:
    """Return the moves (no deal) from ``columns`` with the columns after each, in the
    engine's order. With ``prune``: a suited run is split only to make a longer suited
    run, only the first empty column is a target, and a whole column never moves into
    an empty one."""
    facts = [scorer.column(c) for c in columns]
    out: list[tuple[Step, tuple[bytes, ...]]] = []
    first_empty = next((i for i, c in enumerate(columns) if not c), -1)
    for s in range(COLUMNS):
        source = columns[s]
        movable = facts[s][1]
        run = facts[s][3]
        for k in range(1, movable + 1):
            first = source[-k]
            wanted = (first & 15) + 1
            group = source[-k:]
            rest = turn_up(source[:-k])
            for d in range(COLUMNS):
                if d == s:
                    continue
                target = columns[d]
                if target:
                    if facts[d][2] != wanted:
                        continue
                    suited = target[-1] == first + 1
                    if prune and k < run and (not suited or facts[d][3] + k <= run):
                        continue
                elif prune and (d != first_empty or k == len(source)):
                    continue
                new = list(columns)
                new[s] = rest
                new[d] = remove_complete_run(target + group)[0]
                out.append(((s, d, k), tuple(new)))
    return out


def _suited_run_at(column: bytes, index: int) -> int:
    """Length of the suited run (same suit, descending by one, face-up) through
    ``column[index]``."""
    low = high = index
    while low > 0 and not column[low - 1] & FACE_DOWN and column[low - 1] == column[low] + 1:
        low -= 1
    while high + 1 < len(column) and column[high + 1] == column[high] - 1:
        high += 1
    return high - low + 1


def _effects(before: tuple[bytes, ...], step: Step) -> list[str]:
    """Return the reasons that a move has by itself, most important first."""
    s, d, k = step
    source, target = before[s], before[d]
    first = source[-k]
    rest = source[:-k]
    below = rest[-1] if rest else None
    reasons: list[str] = []
    joined = target + source[-k:]
    if target and remove_complete_run(joined)[1]:
        reasons.append("completes_run")
    if below is not None and below & FACE_DOWN:
        reasons.append("turns_up_card")
    if below is None and target:
        reasons.append("empties_column")
    if target:
        if target[-1] == first + 1:
            if _suited_run_at(joined, len(target)) > _suited_run_at(source, len(rest)):
                reasons.append("builds_in_suit")
        elif below is None or below & FACE_DOWN or below & 15 != (first & 15) + 1:
            reasons.append("joins_runs")
    return reasons


def hint(
    game: Game,
    *,
    width: int = 40,
    depth: int = 8,
    weights: HintWeights | None = None,
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

    Args:
        game: the game (not changed).
        width: positions kept per layer of the look-ahead.
        depth: moves of look-ahead at most.
        weights: the evaluation; None for :data:`HINT_WEIGHTS` of the game's suit count.

    Returns:
        A :class:`Hint`.
    """
    view = game.position.hidden_view()
    if view.is_won:
        return Hint(None, ())
    board = Board.from_position(view)
    if weights is None:
        weights = HINT_WEIGHTS.get(view.suits, DEFAULT_HINT_WEIGHTS)
    scorer = _Scorer(weights, board.classic)
    columns = board.columns
    history = _history(game, len(view.stock))
    forbidden = {past for past, _ in history}
    baseline = min([scorer.board(columns)] + [scorer.board(past) for past in forbidden])

    best = _look_ahead(scorer, columns, forbidden, width, depth)
    # The plan found at the latest earlier position whose line the moves since followed.
    for index in range(min(len(history), depth)):
        past = history[index][0]
        played = [move for _, move in reversed(history[: index + 1])]
        if _replay(past, played)[-1] != columns:
            break  # a card was turned up since: older plans did not know it
        older = {cols for cols, _ in history[index + 1 :]}
        found = _look_ahead(scorer, past, older, width, depth)
        if found is None or len(found[2]) <= index + 1 or found[2][: index + 1] != played:
            continue
        rest = found[2][index + 1 :]
        if best is None or (found[0], len(rest)) < best[:2]:
            best = (found[0], len(rest), rest)
        break

    if best is not None and best[0] < baseline:
        line = best[2]
        step = line[0]
        reasons = _effects(columns, step) or _line_reasons(columns, line)
        if reasons:
            plan = _cut_line(columns, line)
            return Hint(to_move(step), tuple(reasons), tuple(to_move(s) for s in plan))
    if board.can_deal():
        return Hint(Move.deal(), ("deal_now",), (Move.deal(),))
    if board.rows_left and not all(columns):
        fill = _best_fill(scorer, columns, forbidden)
        if fill is not None:
            return Hint(to_move(fill), ("deal_now",), (to_move(fill),))
    useful = _useful_move(columns, forbidden, scorer)
    if useful is not None:
        step, reasons = useful
        return Hint(to_move(step), tuple(reasons), (to_move(step),))
    return Hint(None, ("stuck",))


Found = tuple[int, int, list[Step]]
"""A look-ahead's best line: ``(score at its end, length, moves)``."""


def _look_ahead(
    scorer: _Scorer,
    columns: tuple[bytes, ...],
    forbidden: set[tuple[bytes, ...]],
    width: int,
    depth: int,
) -> Found | None:
    """Layered beam search over moves (no deal) from ``columns``; return the line to the
    best-scored position met (ties: the shorter line, then the earlier one), or None when
    no move leads anywhere new."""
    seen: set[tuple[bytes, ...]] = {columns} | forbidden
    best: tuple[int, int, int] | None = None  # (score, level, order of discovery)
    best_line: tuple[Step, ...] = ()
    layer: list[tuple[tuple[bytes, ...], tuple[Step, ...]]] = []
    for step, after in _children(scorer, columns, prune=False):
        if after not in seen:
            seen.add(after)
            layer.append((after, (step,)))
    order = 0
    for level in range(1, depth + 1):
        scored: list[tuple[int, int, tuple[tuple[bytes, ...], tuple[Step, ...]]]] = []
        for item in layer:
            score = scorer.board(item[0])
            scored.append((score, order, item))
            if best is None or (score, level, order) < best:
                best = (score, level, order)
                best_line = item[1]
            order += 1
        if level == depth:
            break
        scored.sort(key=_key2)
        following: list[tuple[tuple[bytes, ...], tuple[Step, ...]]] = []
        for _, _, (cols, line) in scored[:width]:
            for step, after in _children(scorer, cols, prune=True):
                if after not in seen:
                    seen.add(after)
                    following.append((after, (*line, step)))
        layer = following
        if not layer:
            break
    if best is None:
        return None
    return best[0], best[1], list(best_line)


def _key2(item: tuple[int, int, Any]) -> tuple[int, int]:
    return item[0], item[1]


def _replay(columns: tuple[bytes, ...], steps: list[Step]) -> list[tuple[bytes, ...]]:
    """The boards along ``steps`` from ``columns`` (``columns`` first)."""
    boards = [columns]
    for s, d, k in steps:
        cols = list(boards[-1])
        group = cols[s][-k:]
        cols[s] = turn_up(cols[s][:-k])
        cols[d] = remove_complete_run(cols[d] + group)[0]
        boards.append(tuple(cols))
    return boards


def _line_reasons(columns: tuple[bytes, ...], line: list[Step]) -> list[str]:
    """Reasons of a line whose first move has none by itself: what the line achieves
    (possibly none: then the line only shuffles cards and is not worth a hint)."""
    found: set[str] = set()
    boards = _replay(columns, line)
    for before, step in zip(boards, line, strict=False):
        found.update(_effects(before, step))
    return [code for code in _MOVE_REASONS if code in found]


def _cut_line(columns: tuple[bytes, ...], line: list[Step]) -> list[Step]:
    """The line up to and including the first move that turns up a card."""
    boards = _replay(columns, line)
    for index, step in enumerate(line):
        source = boards[index + 1][step[0]]
        if source and not source[-1] & 15:
            return line[: index + 1]
    return line


def _best_fill(
    scorer: _Scorer, columns: tuple[bytes, ...], forbidden: set[tuple[bytes, ...]]
) -> Step | None:
    """The move into an empty column that leaves the best position (never a whole
    column, so that the move fills one more column than it empties)."""
    choice: tuple[int, int, Step] | None = None
    for order, (step, after) in enumerate(_children(scorer, columns, prune=False)):
        s, d, k = step
        if columns[d] or k == len(columns[s]) or after in forbidden:
            continue
        candidate = (scorer.board(after), order, step)
        if choice is None or candidate < choice:
            choice = candidate
    return choice[2] if choice is not None else None


def _useful_move(
    columns: tuple[bytes, ...], forbidden: set[tuple[bytes, ...]], scorer: _Scorer
) -> tuple[Step, list[str]] | None:
    """A move that does something that matters by itself, if any (the last resort
    before ``stuck``)."""
    for step, after in _children(scorer, columns, prune=False):
        if after in forbidden:
            continue
        reasons = _effects(columns, step)
        if reasons:
            return step, reasons
    return None


def _history(game: Game, stock: int) -> list[tuple[tuple[bytes, ...], Step]]:
    """The views of the positions of ``game`` since the last deal (at most
    :data:`HISTORY`), most recent first, each with the move played from it."""
    past = game.copy()
    found: list[tuple[tuple[bytes, ...], Step]] = []
    for _ in range(HISTORY):
        if not past.can_undo:
            break
        move = past.undo()
        view = past.position.hidden_view()
        if len(view.stock) != stock or move.count is None:
            break
        found.append(
            (Board.from_position(view).columns, (move.source - 1, move.target - 1, move.count))
        )
    return found
