"""The review of a finished game (issue 30): whether the deal could still be won after each
action of the game's line, the move that lost it, what the solver and the hint would have
played there, and the moves that mattered.

Pure: the engine and the solver only, with full information (the solver sees every
card, so a review is for a game that has ended: the server refuses one in play).

The line of play (:class:`GameLine`) is the actions that stand at the game's end, in
order; actions undone (and not redone) are kept apart as branches (:class:`Branch`), where
they left the line. Winnability along the line is found by bisection
(:mod:`~spider_solitaire.solver.bisect`, whose docstring says how unknowns are handled: a
position the solver could not settle within the node limit is ``unknown``, never
guessed, and the move that lost is only named between a position proven winnable and
one proven lost).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, get_args

from ..errors import IllegalMoveError, InvalidMoveError
from ..events import RunRemoved
from ..game import Game
from ..game_text import RecordActionError, action_text
from ..messages import message, number_text, text
from ..moves import Action, Control, Move
from ..position import Position
from .bisect import LOST, UNKNOWN, WON, bisect_line, fill_statuses, losing_index
from .hints import HINT_BUDGET, Hint, hint
from .search import solve

DEFAULT_NODE_LIMIT = 1_000_000
"""The solver's node limit for each position a review solves unless told otherwise (a
decision of ours: a 4-suit deal is usually settled in far fewer, ``bench/review.py``)."""

STATUS_WORDS = {WON: "winnable", LOST: "lost", UNKNOWN: "unknown"}
"""A position's status as a review says it, by the solver's status."""

MomentKind = Literal[
    "deal",
    "column_emptied",
    "run_removed",
    "move_that_lost",
    "hint_followed",
    "not_the_hint",
    "hint_asked_followed",
    "hint_not_followed",
]
"""A kind of :data:`MOMENT_KINDS`, as a type (the API's schema names it: its values are
the OpenAPI enum)."""

MOMENT_KINDS: tuple[MomentKind, ...] = get_args(MomentKind)
"""What makes an action one of the moves that mattered, in the order a moment lists them:
a deal, a column left empty, a run removed, the move that lost, and at the move that
lost whether it was the hint's move (the hint is computed there only); then, where the
player was shown a hint at the position before the action (``hints_shown`` of
:func:`review_game`: the table's hints, kept by the server; a game record does not carry
them), whether the action was one of the hints shown there (``hint_asked_followed``) or
not (``hint_not_followed``)."""


@dataclass(frozen=True, slots=True)
class Branch:
    """Actions undone (and not redone) from the line: they left it at position ``at``
    (an index into :meth:`GameLine.positions`), in the order they were played."""

    at: int
    moves: tuple[Move, ...]


@dataclass(frozen=True, eq=False)
class GameLine:
    """A game's line of play: its ``start`` (a game at its start, not changed), the
    ``moves`` that stand at the end (counts resolved), and the ``undone`` branches."""

    start: Game
    moves: tuple[Move, ...]
    undone: tuple[Branch, ...] = ()
    steps: tuple[int, ...] = ()
    """For each position of the line (``len(moves) + 1``), the step of the game's whole
    action log (undo, redo and restart included; 0 the start, ``n`` after its action
    ``n``) at which the game stood there for the last time: where a replay shows it.
    Empty when not known."""

    def games(self) -> list[Game]:
        """Return the game after each prefix of :attr:`moves`: ``result[i]`` is the game
        before ``moves[i]`` (its undo history holds the line's moves before, as far as
        its undo limit keeps them), ``result[-1]`` the game at the end."""
        work = self.start.copy()
        games = [work.copy()]
        for move in self.moves:
            work.play(move)
            games.append(work.copy())
        return games

    def positions(self) -> list[Position]:
        """Return the positions of the line: ``result[i]`` is the position before
        ``moves[i]``; ``len(moves) + 1`` of them."""
        work = self.start.copy()
        positions = [work.position]
        for move in self.moves:
            work.play(move)
            positions.append(work.position)
        return positions


class _Branches:
    """The line's moves and its undone branches as a game's actions are replayed."""

    def __init__(self) -> None:
        self.moves: list[Move] = []
        self.undone: list[Branch] = []
        self.steps = [0]  # the log step of each position on the line
        self.open = False  # the last action was an undo: the next undo joins its branch

    def play(self, move: Move, step: int) -> None:
        self.moves.append(move)
        self.steps.append(step)
        self.open = False

    def undo(self, step: int) -> None:
        self.steps.pop()
        self.steps[-1] = step
        moves: tuple[Move, ...] = (self.moves.pop(),)
        if self.open and self.undone:
            moves += self.undone.pop().moves
        self.undone.append(Branch(len(self.moves), moves))
        self.open = True

    def redo(self, move: Move, step: int) -> None:
        self.steps.append(step)
        if self.undone and self.undone[-1].at == len(self.moves):
            branch = self.undone.pop()
            if branch.moves[1:]:
                self.undone.append(Branch(branch.at + 1, branch.moves[1:]))
        self.moves.append(move)
        self.open = bool(self.undone) and self.undone[-1].at == len(self.moves)

    def restart(self, step: int) -> None:
        if self.moves:
            self.undone.append(Branch(0, tuple(self.moves)))
        self.moves = []
        self.steps = [step]
        self.open = False


def line_from_actions(start: Game, actions: Sequence[Action], first: int = 1) -> GameLine:
    """Replay ``actions`` (moves, undo, redo, restart; as a game record gives them) from
    ``start`` (not changed) and return the line that stands at the end, with the undone
    branches apart. Actions are numbered from ``first`` in errors.

    Raises:
        RecordActionError: an action refused (its number and text), as
            :func:`~spider_solitaire.game_text.replay_actions`.
    """
    game = start.copy()
    line = _Branches()
    for number, action in enumerate(actions, first):
        try:
            resolved = game.resolve(action) if isinstance(action, Move) else None
            game.act(action)
        except (IllegalMoveError, InvalidMoveError) as error:
            raise RecordActionError(number, action_text(action), error) from None
        step = number - first + 1
        if resolved is not None:
            line.play(resolved, step)
        elif action is Control.UNDO:
            line.undo(step)
        elif action is Control.REDO:
            line.redo(game.history[-1] if game.history else _redone(line), step)
        else:
            line.restart(step)
    return GameLine(start.copy(), tuple(line.moves), tuple(line.undone), tuple(line.steps))


def _redone(line: _Branches) -> Move:
    """The move a redo replayed when the game keeps no undo history (undo limit 0)."""
    return line.undone[-1].moves[0]


@dataclass(frozen=True, slots=True)
class Moment:
    """One of the moves that mattered: the action ``index`` of the line (from position
    ``index`` to ``index + 1``), its ``move`` and its ``kinds`` (:data:`MOMENT_KINDS`)."""

    index: int
    move: Move
    kinds: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Review:
    """A game's review.

    Attributes:
        statuses: one per position of the line (``len(moves) + 1``), each ``winnable``,
            ``lost`` or ``unknown`` (:data:`STATUS_WORDS`).
        lost_at: the index of the move that lost (between positions ``lost_at`` and
            ``lost_at + 1``), or None (never winnable, never lost, or not settled).
        solver_line: the solver's winning line from position ``lost_at`` (empty without
            one).
        hint: the hint at position ``lost_at`` (None without one).
        followed_hint: whether the move that lost was the hint's (None without a hint).
        moments: the moves that mattered, in the line's order.
        probes: positions the solver solved.
        node_limit: the solver's node limit for each.
        seconds: the review's wall time; ``cpu_seconds`` its process CPU time.
    """

    line: GameLine
    statuses: tuple[str, ...]
    lost_at: int | None
    solver_line: tuple[Move, ...]
    hint: Hint | None
    followed_hint: bool | None
    moments: tuple[Moment, ...]
    probes: int
    node_limit: int | None
    seconds: float = field(default=0.0, compare=False)
    cpu_seconds: float = field(default=0.0, compare=False)


ReviewProgress = Callable[[int, int], None]
"""Told ``(probes done, positions on the line)`` after each solve of a review."""


def review_game(
    line: GameLine,
    *,
    node_limit: int | None = DEFAULT_NODE_LIMIT,
    time_limit: float | None = None,
    hint_budget: int = HINT_BUDGET,
    progress: ReviewProgress | None = None,
    budget: float | None = None,
    hints_shown: Sequence[tuple[int, str]] = (),
) -> Review:
    """Review ``line`` (see the module docstring): the last position is solved first,
    then the line is bisected (:func:`~spider_solitaire.solver.bisect.bisect_line`).

    Args:
        line: the game's line of play (:func:`line_from_actions`).
        node_limit: the solver's node limit for each position (None: none; then give a
            ``time_limit``, or a deal that cannot be won may take practically forever).
        time_limit: seconds for each position's solve, or None.
        hint_budget: the node budget of the hint at the move that lost.
        progress: told after each solve (:data:`ReviewProgress`).
        budget: seconds for the bisection after the last position's solve (None: no
            limit): it stops there with what is proven (the rest ``unknown``).
        hints_shown: the hints the player was shown, as ``(step, move text)``: the step of
            the game's action log (:attr:`GameLine.steps`) and the hint's move notation.

    Raises:
        SolverError: a position hides cards (the solver needs them all).
        ValueError: a negative limit.
    """
    started, cpu = time.perf_counter(), time.process_time()
    positions = line.positions()
    count = len(positions)
    solutions: dict[int, tuple[Move, ...]] = {}

    def probe(index: int) -> str:
        result = solve(Game(positions[index]), time_limit=time_limit, node_limit=node_limit)
        solutions[index] = tuple(result.solution)
        if progress is not None:
            progress(len(solutions), count)
        return result.status

    deadline = None if budget is None else time.monotonic() + budget

    def stop() -> bool:
        return deadline is not None and time.monotonic() >= deadline

    found = bisect_line(count, probe, {count - 1: probe(count - 1)}, stop)
    lost_at = losing_index(count, found)
    found_hint = None
    if lost_at is not None:
        found_hint = hint(line.games()[lost_at], budget=hint_budget)
    followed = None if found_hint is None else found_hint.move == line.moves[lost_at or 0]
    return Review(
        line,
        tuple(STATUS_WORDS[status] for status in fill_statuses(count, found)),
        lost_at,
        solutions.get(lost_at, ()) if lost_at is not None else (),
        found_hint,
        followed,
        moments(line, lost_at, followed, hints_shown),
        len(solutions),
        node_limit,
        time.perf_counter() - started,
        time.process_time() - cpu,
    )


def moments(
    line: GameLine,
    lost_at: int | None,
    followed: bool | None,
    hints_shown: Sequence[tuple[int, str]] = (),
) -> tuple[Moment, ...]:
    """The moves that mattered on ``line`` (:data:`MOMENT_KINDS`), given the move that
    lost (``lost_at``), whether it was the hint's (``followed``, None: no hint) and the
    hints the player was shown (``hints_shown``: ``(step, move text)``, see
    :func:`review_game`; read only when ``line.steps`` is known)."""
    shown: dict[int, set[str]] = {}
    for step, move_text in hints_shown:
        shown.setdefault(step, set()).add(move_text)
    work = line.start.copy()
    found: list[Moment] = []
    for index, move in enumerate(line.moves):
        events = work.play(move)
        kinds = _kinds(work.position, move, any(isinstance(e, RunRemoved) for e in events))
        if index == lost_at:
            kinds.append("move_that_lost")
            if followed is not None:
                kinds.append("hint_followed" if followed else "not_the_hint")
        asked = shown.get(line.steps[index]) if line.steps else None
        if asked:
            kinds.append("hint_asked_followed" if str(move) in asked else "hint_not_followed")
        if kinds:
            found.append(Moment(index, move, tuple(kinds)))
    return tuple(found)


def _kinds(after: Position, move: Move, removed: bool) -> list[str]:
    """The kinds of :data:`MOMENT_KINDS` a move has by itself, from the position after it."""
    kinds = []
    if move.is_deal:
        kinds.append("deal")
    elif not move.is_take_off and not after.columns[move.source - 1]:
        kinds.append("column_emptied")
    if removed:
        kinds.append("run_removed")
    return kinds


def review_data(review: Review, *, positions: bool = False) -> dict[str, object]:
    """Return ``review`` as JSON-ready data, in no language (words are the reader's job).

    Shape: ``actions`` (the line's moves, notation), ``statuses`` (one per position,
    :data:`STATUS_WORDS`), ``move_that_lost`` (None, or ``number``: the action's number
    from 1, ``action``, ``solver_line``, ``hint``: ``{"move", "reasons", "line"}`` or
    None, ``followed_hint``; and with ``positions`` the ``position`` before it as full
    notation, face-down cards included: never for a browser), ``moments`` (``number``,
    ``action``, ``kinds``), ``undone`` (``after``: how many line actions stood before it,
    ``actions``), ``won`` (the line ends in a won game), ``steps`` (each position's step
    in the game's whole action log, :attr:`GameLine.steps`), ``probes``, ``node_limit``,
    ``seconds`` and ``cpu_seconds``.
    """
    lost: dict[str, object] | None = None
    if review.lost_at is not None:
        index = review.lost_at
        found = review.hint
        lost = {
            "number": index + 1,
            "action": str(review.line.moves[index]),
            "solver_line": [str(move) for move in review.solver_line],
            "hint": None
            if found is None
            else {
                "move": str(found.move) if found.move is not None else None,
                "reasons": list(found.reasons),
                "line": [str(move) for move in found.line],
            },
            "followed_hint": review.followed_hint,
        }
        if positions:
            lost["position"] = review.line.positions()[index].to_text()
    return {
        "actions": [str(move) for move in review.line.moves],
        "won": review.line.positions()[-1].is_won,
        "steps": list(review.line.steps),
        "statuses": list(review.statuses),
        "move_that_lost": lost,
        "moments": [
            {"number": m.index + 1, "action": str(m.move), "kinds": list(m.kinds)}
            for m in review.moments
        ],
        "undone": [
            {"after": branch.at, "actions": [str(move) for move in branch.moves]}
            for branch in review.line.undone
        ],
        "probes": review.probes,
        "node_limit": review.node_limit,
        "seconds": round(review.seconds, 3),
        "cpu_seconds": round(review.cpu_seconds, 3),
    }


def verdict(data: dict[str, Any], language: str) -> str:
    """The sentence saying where the game of ``data`` (:func:`review_data`) was lost, or
    that it was not, or never winnable, or not settled, in ``language`` (the message
    catalog's ``help.review_*`` keys)."""
    lost, statuses = data["move_that_lost"], data["statuses"]
    if lost is not None:
        return text(
            "help", "review_lost_at", language, number=lost["number"], action=lost["action"]
        )
    if statuses[0] == "lost":
        return message("help", "review_never", language)
    if statuses[-1] == "winnable":
        return message(
            "help", "review_won_all_along" if data["won"] else "review_open_end", language
        )
    limit = data["node_limit"]
    if limit is None:  # the server's review: limited in seconds
        return message("help", "review_unsettled_time", language)
    return text("help", "review_unsettled", language, nodes=number_text(limit, language))
