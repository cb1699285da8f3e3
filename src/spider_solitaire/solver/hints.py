"""``hint``: one suggested action, with reasons and an estimated chance, from what the
player can see.

The hint never looks at a face-down card or at the stock: it works on the player's view
(:meth:`~spider_solitaire.position.Position.hidden_view`), so two positions that differ
only there get the same hint.

How it chooses (issue 28):

1. **The look-ahead re-plans every move.** A beam search on the view
   (:mod:`~spider_solitaire.solver.lookahead`: :data:`HINT_WIDTH` positions a layer,
   :data:`HINT_DEPTH` moves, the moves before the next deal, scored by :data:`HINT_WEIGHTS`,
   a turned-up card unknown) finds the best line for each first move. The lines that end
   better than the position now and than every position met since the last deal are the
   candidates (at most :data:`CANDIDATES`), the look-ahead's best line first, each cut
   after its first move that turns a card up: a hint commits only up to the next reveal,
   then thinks again from the new view.
2. **Plans are kept while nothing beats them.** When the moves since an earlier position
   (since the last reveal) followed the line the look-ahead finds from there, the rest of
   that line competes with the fresh lines and stays the hint unless a fresh line ends
   better (a better score, or the same score sooner): a plan is not dropped halfway for an
   equally good one, and is dropped for a better one.
3. **Judging, honestly.** Each candidate is played on sampled worlds
   (:mod:`~spider_solitaire.solver.worlds`: the unseen cards dealt into the face-down
   slots; the stock is never given cards), a narrow look-ahead searches on in each world up
   to the next deal, and the position it reaches is valued as a chance to win by the
   stage's learned curve (:func:`~spider_solitaire.solver.judge.chance`). A bandit
   (sequential halving) shares the node budget among the candidates
   (:mod:`~spider_solitaire.solver.judge`). The estimate is the chance the hint shows, and
   the next choices (H again) follow by their estimate; the move itself stays the
   look-ahead's best (measured: letting the judging choose won no more, see
   :data:`HINT_BUDGET`). With a budget of 0 nothing is judged (the look-ahead's order, no
   chance).
4. **No line improves** (or the best line does nothing that matters): deal
   (``deal_now``), or, when the deal needs an empty column filled first, that filling move
   (``fill_to_deal``), after which the hint is the deal; with no deal left, a move that
   does something by itself, else ``stuck``: undo is the way out.
5. **Once the stock is dealt out**, only face-down cards are hidden, and the solver plays
   on sampled worlds (:mod:`~spider_solitaire.solver.endgame`): the move that starts the
   most of its wins is the hint (reason ``solver_worlds``, or ``solver_sees_all`` when no
   card is hidden), its share of the worlds the chance; the look-ahead's hints follow.
   When no world is won, steps 1-4 stand. Measured with ``bench/hintbot.py``: see
   :data:`~spider_solitaire.solver.endgame.ENDGAME_WORLDS`.

Hints that do not contradict themselves (issue 19, stated over positions, issue 28): a
hint never leads back to a position met since the last deal (so never undoes the last
move, never goes round in circles), and only calls a line an improvement when it ends
better than every one of them. Every random choice is seeded from the view, and the
budget counts nodes, not seconds: the same view and history always get the same hint, on
the pure and the compiled build alike.

Why a hint is given (its reason codes) is :mod:`~spider_solitaire.solver.reasons`'s job.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import NamedTuple

from ..game import Game
from ..messages import message
from ..moves import Move
from ..position import Position
from .board import (
    Action,
    Board,
    Columns,
    ColumnTable,
    action_of,
    ends_in_complete_run,
)
from .endgame import endgame_move
from .facts import Weights
from .judge import Judge
from .lookahead import Found, Search, children, look_ahead
from .plans import Past, history, kept_plan
from .reasons import cut_line, line_reasons, move_reasons
from .worlds import Worlds, unseen_cards, view_seed

HINT_CHOICES = 5
"""How many hints :func:`hints` ranks at most (the best and the next good moves; a
decision of ours, as Windows 7's Spider shows the next on each press of H)."""

HINT_BUDGET = 5_000
"""The node budget of a hint's judging (node expansions, counted the same on the pure and
the compiled build, so that the same view gets the same hint on both): about 60 ms of CPU
on the compiled build. It buys the chance the hint shows and the ranking of the other
moves; the move itself is the look-ahead's. Letting the judging choose did not play better
on the deals measured (``bench/hintbot.py``, width 120: following another candidate when the
judging put it 0.1 higher won the same deals as the look-ahead alone, 2 of the first 22
four-suit tuning deals and 1 of the first 12 check deals, for about eight times the CPU;
at 624902f, where the judging chose the move, the hint won 5 of the 100 check deals), so it
does not choose."""

HINT_WIDTH = 120
"""Positions kept per layer of the hint's look-ahead on the view (a decision of ours,
measured with ``bench/hintbot.py --budget 0 --width W`` on the first 100 four-suit tuning
deals: width 40 won 11 (1.28 runs removed a deal), 120 won 23 (2.11 runs); 250 won 8
of the first 44 against 10 at 120 and 5 at 40; 80 and 160, cut short, won none of the
first 18 and 10, where 120 won 2; CPU per hint about 10 ms median at 120)."""

HINT_DEPTH = 8
"""Moves of the hint's look-ahead at most (12 won as often as 8 at width 120, on the first
29 of those deals, for more CPU)."""

THINK_LONGER = 10
"""How many times :data:`HINT_BUDGET` "Think longer" spends (about 0.6 s on the compiled
build): ten times the worlds behind each candidate's estimate, so a sharper chance and a
surer ranking (a wider look-ahead did not play better: see :data:`HINT_WIDTH`)."""

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
            moves were generated), counted against the budget it was given (not part of
            the hint's identity: two equal hints may have cost different work).
    """

    move: Move | None
    reasons: tuple[str, ...]
    line: tuple[Move, ...] = ()
    chance: float | None = None
    nodes: int = field(default=0, compare=False)

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


CANDIDATES = 6
"""Candidate lines judged over sampled worlds at most (the best of the look-ahead's
lines by their first move; a decision of ours, measured with ``bench/hintbot.py`` on
tuning deals)."""

CACHE_SIZE = 512
"""Hints kept in this process (a cache: dropping it changes no answer, only the time)."""

DEAL_NOW = Hint(Move.deal(), ("deal_now",), (Move.deal(),))
"""The hint to deal."""


class _Settings(NamedTuple):
    """A hint's settings (see :func:`hint`)."""

    width: int
    depth: int
    weights: Weights | None
    budget: int
    endgame: bool = True


class _Scene(NamedTuple):
    """What a hint reads from the game: the view, its board and column table, the
    positions since the last deal (most recent first), and the score a line must beat."""

    view: Position
    board: Board
    table: ColumnTable
    history: list[Past]
    forbidden: set[Columns]
    baseline: int


class _Candidate(NamedTuple):
    """A candidate line (cut after its first reveal) and its reasons."""

    plan: tuple[Action, ...]
    reasons: tuple[str, ...]


_CACHE: dict[tuple[object, ...], tuple[Hint, ...]] = {}


def hint(
    game: Game,
    *,
    width: int = HINT_WIDTH,
    depth: int = HINT_DEPTH,
    weights: Weights | None = None,
    budget: int = HINT_BUDGET,
    endgame: bool = True,
) -> Hint:
    """Suggest one action for ``game`` from the player's view, with reasons and, when the
    search judged it, the estimated chance to win by following the hints from here.

    Only the player's view is read (face-down cards and the stock are never looked at),
    plus the positions of the game since the last deal (at most
    :data:`~spider_solitaire.solver.plans.HISTORY`), which the hint never goes back to.
    Deterministic: the same view and history give the same hint, whatever the build and
    however fast the machine (the module's docstring says how it chooses).

    Args:
        game: the game (not changed).
        width: positions kept per layer of the look-ahead on the view.
        depth: moves of that look-ahead at most.
        weights: the evaluation; None for :data:`HINT_WEIGHTS` of the game's suit count.
        budget: node expansions the judging may spend (:data:`HINT_BUDGET`; "Think
            longer" gives :data:`THINK_LONGER` times as many).
        endgame: once the stock is dealt out, let the solver on sampled worlds choose
            (:mod:`~spider_solitaire.solver.endgame`, a fixed cost of its own, not part
            of ``budget``); False for the look-ahead alone, the player the deals of
            :mod:`~spider_solitaire.levels` were rated with.

    Returns:
        A :class:`Hint` (``move`` None and ``reasons`` empty for a won game).
    """
    return _ranked(game, _Settings(width, depth, weights, budget, endgame))[0]


def hints(
    game: Game,
    *,
    limit: int = HINT_CHOICES,
    width: int = HINT_WIDTH,
    depth: int = HINT_DEPTH,
    weights: Weights | None = None,
    budget: int = HINT_BUDGET,
    endgame: bool = True,
) -> tuple[Hint, ...]:
    """Rank up to ``limit`` hints for ``game``: :func:`hint` first (the best), then the
    other candidate lines by their estimated chance, best first, each a different move
    (two moves of the same cards onto equal cards count as one), each with its own reasons,
    plan and chance: what repeated presses of H show, then round again.

    A deal, a fill for the deal, a take-off or ``stuck`` comes alone (no move helps then).

    Args:
        game: the game (not changed).
        limit: hints at most (1 or more).
        width, depth, weights, budget, endgame: as for :func:`hint`.

    Returns:
        One hint or more; the first is :func:`hint`'s.

    Raises:
        ValueError: ``limit`` is below 1.
    """
    if limit < 1:
        raise ValueError(f"limit must be 1 or more, not {limit}")
    return _ranked(game, _Settings(width, depth, weights, budget, endgame))[:limit]


def _ranked(game: Game, settings: _Settings) -> tuple[Hint, ...]:
    """The ranked hints of ``game``, best first; cached by everything they depend on."""
    view = game.position.hidden_view()
    if view.is_won:
        return (Hint(None, ()),)
    scene = _scene(game, view, settings)
    return _cached(scene, settings, lambda: _think(game, scene, settings))


def _cached(
    scene: _Scene,
    settings: _Settings,
    make: Callable[[], tuple[Hint, ...]],
) -> tuple[Hint, ...]:
    """Return what ``make`` returns for ``scene``, from the cache when it is there (the key
    is everything a hint depends on: the view, its history since the last deal, the
    settings)."""
    view = scene.view
    since = tuple(scene.history)
    key = (scene.board.columns, len(view.stock), view.variant, view.rule, since, settings)
    found = _CACHE.get(key)
    if found is None:
        found = make()
        if len(_CACHE) >= CACHE_SIZE:
            _CACHE.clear()
        _CACHE[key] = found
    return found


def _scene(game: Game, view: Position, settings: _Settings) -> _Scene:
    """Read what a hint needs from ``game`` and its ``view``."""
    board = Board.from_position(view)
    weights = settings.weights or HINT_WEIGHTS.get(view.suits, DEFAULT_HINT_WEIGHTS)
    table = board.table(weights)
    since = history(game, len(view.stock))
    forbidden = {past.columns for past in since}
    scores = [table.score(board.columns)] + [table.score(columns) for columns in forbidden]
    return _Scene(view, board, table, since, forbidden, min(scores))


def _think(game: Game, scene: _Scene, settings: _Settings) -> tuple[Hint, ...]:
    """The ranked hints of a scene (see :func:`_ranked`)."""
    take = _take_off(scene)
    if take is not None:
        return (take,)
    if scene.board.can_deal() and _followed_fill(game, settings):
        return (DEAL_NOW,)
    kept = _kept_plan(scene, settings)
    ranked = _fresh(scene, settings, kept)
    if not settings.endgame:
        return ranked
    found = _endgame_hint(scene, ranked[0].move)
    if found is None:
        return ranked
    found = replace(found, nodes=found.nodes + ranked[0].nodes)
    return (found, *[other for other in ranked if other.move != found.move])


def _endgame_hint(scene: _Scene, lead: Move | None) -> Hint | None:
    """Once the stock is dealt out, the endgame's move
    (:func:`~spider_solitaire.solver.endgame.endgame_move`, ``lead`` winning a tie) as a
    hint, with its reasons and chance; None with stock left, in a puzzle position (no
    world can be sampled) or when no world was won."""
    unseen = unseen_cards(scene.view)
    if scene.board.rows_left or unseen is None:
        return None
    preferred = None if lead is None or lead.is_take_off or lead.is_deal else action_of(lead)
    found = endgame_move(scene.board, unseen, scene.forbidden, preferred)
    if found is None:
        return None
    move = found.action.to_move()
    code = "solver_worlds" if unseen else "solver_sees_all"
    reasons = (code, *move_reasons(scene.board.columns, found.action))
    return Hint(move, reasons, (move,), round(found.chance, 4), found.nodes)


def _take_off(scene: _Scene) -> Hint | None:
    """In ``spider-1949``, the take-off of a complete run waiting at the end of a column (a
    decision of ours: the hints keep no run to break up; the solver weighs keeping one)."""
    if scene.table.remove:
        return None
    for index, column in enumerate(scene.board.columns):
        if ends_in_complete_run(column):
            take = Move.take_off(index + 1)
            return Hint(take, ("takes_off_run",), (take,))
    return None


def _followed_fill(game: Game, settings: _Settings) -> bool:
    """True when the last action of ``game`` was the fill that the position before it
    called for (no line improved there, no deal was possible and a column was empty:
    ``fill_to_deal``), so that the hint now is the deal."""
    if not game.can_undo:
        return False
    before = game.copy()
    last = before.undo()
    if last.is_deal or last.is_take_off:
        return False
    scene = _scene(before, before.position.hidden_view(), settings)
    board = scene.board
    if board.can_deal() or not board.rows_left or all(board.columns) or _take_off(scene):
        return False
    if _lines(scene, settings, _kept_plan(scene, settings))[1]:
        return False
    return _best_fill(scene.table, board.columns, scene.forbidden) == action_of(last)


def _fresh(scene: _Scene, settings: _Settings, kept: Found | None) -> tuple[Hint, ...]:
    """Think afresh: the candidates (the ``kept`` plan among them when it ends better than
    every fresh line of its first move), judged over sampled worlds; the deal, a fill or
    the way out when no line improves."""
    columns = scene.board.columns
    search, candidates = _lines(scene, settings, kept)
    if not candidates:
        return (_no_line(scene),)
    unseen = unseen_cards(scene.view)
    if unseen is None or settings.budget <= 0:  # the look-ahead's order alone
        return tuple(_as_hint(candidate, None, search.nodes) for candidate in candidates)
    view = scene.view
    worlds = Worlds(columns, unseen, view_seed(columns, len(view.stock)))
    judge = Judge(scene.table, columns, worlds, view.suits, scene.board.rows_left)
    verdicts = judge.judge([candidate.plan for candidate in candidates], settings.budget)
    by_plan = {candidate.plan: candidate for candidate in candidates}
    nodes = search.nodes + verdicts.nodes
    first = next(judged for judged in verdicts.ranked if judged.actions == candidates[0].plan)
    others = [judged for judged in verdicts.ranked if judged is not first]
    ranked = [first, *sorted(others, key=lambda judged: -judged.chance)]
    return tuple(
        _as_hint(by_plan[judged.actions], round(judged.chance, 4), nodes) for judged in ranked
    )


def _as_hint(candidate: _Candidate, chance: float | None, nodes: int) -> Hint:
    """The hint that plays ``candidate``."""
    plan = tuple(step.to_move() for step in candidate.plan)
    return Hint(plan[0], candidate.reasons, plan, chance, nodes)


def _lines(
    scene: _Scene, settings: _Settings, kept: Found | None
) -> tuple[Search, list[_Candidate]]:
    """The look-ahead from the scene's view (its best line and nodes) and the candidate
    lines (:func:`_candidates`)."""
    by_first: dict[Action, Found] = {}
    search = look_ahead(
        scene.table, scene.board.columns, scene.forbidden, settings.width, settings.depth, by_first
    )
    lead = None if search.best is None else search.best.actions[0]
    return search, _candidates(scene, by_first, lead, kept)


def _candidates(
    scene: _Scene, by_first: dict[Action, Found], lead: Action | None, kept: Found | None
) -> list[_Candidate]:
    """The candidate lines: the look-ahead's best line of each first move (or the ``kept``
    plan, when it ends better than the fresh line of its first move: better score, or the
    same score sooner) that ends better than :attr:`_Scene.baseline` and has reasons, best
    first (ties: the shorter, a fresh line before the kept plan, the look-ahead's best
    line (``lead``'s) before the others, then the engine's order of first moves), one per
    group of cards and card it goes onto, at most :data:`CANDIDATES`, each cut after its
    first reveal. None when the best line has no reasons: then the hint deals or fills
    for the deal (as before issue 28)."""
    columns, remove = scene.board.columns, scene.table.remove
    if kept is not None:
        fresh = by_first.get(kept.actions[0])
        if fresh is None or (kept.score, kept.length) < (fresh.score, fresh.length):
            by_first[kept.actions[0]] = kept
    order = sorted(
        by_first.values(),
        key=lambda found: (found.score, found.length, found is kept, found.actions[0] != lead),
    )
    out: list[_Candidate] = []
    kinds: set[tuple[int, int, bytes]] = set()
    for found in order:
        if len(out) >= CANDIDATES or found.score >= scene.baseline:
            break
        first = found.actions[0]
        kind = (first.source, first.count, columns[first.target][-1:])
        reasons = _reasons(columns, found.actions, remove, lenient=not out)
        if not out and not reasons:
            break  # the best line does nothing that matters: deal or fill instead
        if kind in kinds or not reasons:
            continue
        kinds.add(kind)
        plan = tuple(cut_line(columns, found.actions, remove))
        out.append(_Candidate(plan, tuple(reasons)))
    return out


def _reasons(columns: Columns, line: list[Action], remove: bool, lenient: bool) -> list[str]:
    """A line's reasons: its first move's own, or the line's when the first move does
    nothing by itself and prepares the next (``lenient``: for the look-ahead's best line,
    whatever the next does; a decision of ours: no other move is credited with what a
    later, independent move does)."""
    own = move_reasons(columns, line[0])
    if own or not (lenient or _prepares(line[0], line)):
        return own
    return line_reasons(columns, line, remove)


def _no_line(scene: _Scene) -> Hint:
    """When no line improves: deal, or fill an empty column for the deal, or a move that
    does something by itself, or ``stuck``."""
    board, table, columns = scene.board, scene.table, scene.board.columns
    if board.can_deal():
        return DEAL_NOW
    if board.rows_left and not all(columns):
        fill = _best_fill(table, columns, scene.forbidden)
        if fill is not None:
            return Hint(fill.to_move(), ("fill_to_deal",), (fill.to_move(), Move.deal()))
    useful = _useful_move(table, columns, scene.forbidden)
    if useful is not None:
        move, reasons = useful
        return Hint(move.to_move(), tuple(reasons), (move.to_move(),))
    return Hint(None, ("stuck",))


def _prepares(move: Action, line: list[Action]) -> bool:
    """Whether ``move`` (a line's first) prepares the line's next move: that move takes
    from or goes to a column ``move`` changed (a 7 moved from one 8 to another prepares
    nothing for an independent move elsewhere, which would turn up a card anyway)."""
    if len(line) < 2:
        return False
    following = line[1]
    return bool({following.source, following.target} & {move.source, move.target})


def no_useful_move(game: Game) -> bool:
    """True when the player can only wait for the end: the stock is empty, the game is not
    won, and :func:`hint` finds nothing to suggest (``stuck``).

    This is the hints' own test (a decision of ours: one statement of "useful"), read from
    the player's view only: moving cards back and forth between equal ranks, or back to a
    position seen since the last deal, does not count as useful. It never says True while
    a hint would suggest a move (when the look-ahead finds nothing, the endgame's solver
    on sampled worlds is asked too). With cards left in the stock it is False (a deal is
    always something to do, or an empty column to fill for it).

    Args:
        game: the game (not changed).

    Returns:
        True when no useful move is left.
    """
    position = game.position
    if position.stock or position.is_won:
        return False
    view = position.hidden_view()
    scene = _scene(game, view, _Settings(HINT_WIDTH, HINT_DEPTH, None, 0))
    if _take_off(scene) is not None:
        return False
    if _useful_move(scene.table, scene.board.columns, scene.forbidden) is not None:
        return False  # then the hint is never stuck: no look-ahead needed (the action path)
    settings = _Settings(HINT_WIDTH, HINT_DEPTH, None, 0)
    candidates = _lines(scene, settings, _kept_plan(scene, settings))[1]
    if candidates or _no_line(scene).reasons != ("stuck",):
        return False
    return _endgame_hint(scene, None) is None


def _best_fill(table: ColumnTable, columns: Columns, forbidden: set[Columns]) -> Action | None:
    """The move into an empty column that leaves the best position (never a whole
    column, so that the move fills one more column than it empties, and never to a
    position of ``forbidden``); the first of the best."""
    choice: Action | None = None
    best_score = 0
    for child in children(table, columns, prune=False):
        move = child.action
        if columns[move.target] or move.count == len(columns[move.source]):
            continue
        if child.columns in forbidden:
            continue
        score = table.score(child.columns)
        if choice is None or score < best_score:
            choice, best_score = move, score
    return choice


def _useful_move(
    table: ColumnTable, columns: Columns, forbidden: set[Columns]
) -> tuple[Action, list[str]] | None:
    """A move that does something that matters by itself, with its reasons, if any (the
    last resort before ``stuck``), never to a position of ``forbidden``."""
    for child in children(table, columns, prune=False):
        if child.columns in forbidden:
            continue
        reasons = move_reasons(columns, child.action)
        if reasons:
            return child.action, reasons
    return None


def _kept_plan(scene: _Scene, settings: _Settings) -> Found | None:
    """:func:`~spider_solitaire.solver.plans.kept_plan` for a scene."""
    board = scene.board
    return kept_plan(scene.table, board.columns, scene.history, settings.width, settings.depth)
