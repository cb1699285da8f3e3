"""The solver tasks the server runs in worker processes (:mod:`.pool`).

Each job is a module-level function ``job(report, *args)`` that takes positions as full
position notation (face-down cards and the stock order included: workers are inside the
server) and returns plain frozen dataclasses of strings and numbers (moves as notation).

Winnability is monotone along a line of play (a position reached from a winnable one by
a move may be lost; one reached from a lost one never is winnable), so
:func:`history_job` finds the last winnable point of a game's history by bisection
(:mod:`spider_solitaire.solver.bisect`, the one statement of it, which the review uses
too).
"""

from __future__ import annotations

import dataclasses
import json
import time
from dataclasses import dataclass
from typing import Any

from ...codes import GameCode
from ...game import DEFAULT_UNDO_LIMIT, Game
from ...moves import parse_action
from ...position import Position
from ...solver import HINT_BUDGET, hints, solve
from ...solver.bisect import LOST as LOST
from ...solver.bisect import UNKNOWN as UNKNOWN
from ...solver.bisect import WON as WON
from ...solver.bisect import bisect_line, last_won, losing_index
from ...solver.review import line_from_actions, review_data, review_game
from ...variants import SPIDER, find_variant
from .worker import Report


@dataclass(frozen=True, slots=True)
class SolveOutcome:
    """A solve's answer: ``status`` (won, lost, unknown), the solution as move notation
    (empty unless won), nodes searched and seconds taken."""

    status: str
    solution: tuple[str, ...]
    nodes: int
    seconds: float


@dataclass(frozen=True, slots=True)
class HistoryOutcome:
    """The answer of :func:`history_job`.

    Attributes:
        current: the solve of the current position.
        last_winnable: index (into the positions given) of the last position proven
            winnable, when the current one is lost; None when none was (or no search ran).
        exact: the position after ``last_winnable`` was proven lost (so the action between
            them is the one that lost the game).
        first_status: the status of the oldest position given, when probed.
        start_status: the status of the game's start position, when probed (only when the
            oldest undoable position was lost or unknown and the start differs).
        solution: a solution from ``last_winnable`` (empty when there is none).
        probes: how many positions were solved in all.
        seconds: the whole job's time.
    """

    current: SolveOutcome
    last_winnable: int | None
    exact: bool
    first_status: str | None
    start_status: str | None
    solution: tuple[str, ...]
    probes: int
    seconds: float


@dataclass(frozen=True, slots=True)
class WinnableOutcome:
    """The answer of :func:`winnable_job`: the first code the solver won (None if none in
    the tries or the time), its solution, how many deals were tried and the seconds."""

    code: str | None
    solution: tuple[str, ...]
    tried: int
    seconds: float


@dataclass(frozen=True, slots=True)
class ReviewOutcome:
    """The answer of :func:`review_job`: the review as JSON (``result``:
    :func:`~spider_solitaire.solver.review.review_data`, without positions), the positions
    solved (``probes``) and the seconds taken."""

    result: str
    probes: int
    seconds: float


RankedHint = tuple[str | None, tuple[str, ...], tuple[str, ...], float | None, int]
"""One ranked hint of :class:`HintOutcome` ``more``, in notation: ``(move, reasons, line,
chance, nodes)`` as :class:`~spider_solitaire.solver.Hint` has them."""


@dataclass(frozen=True, slots=True)
class HintOutcome:
    """A hint's answer (:func:`hint_job`): the move in notation (count resolved; ``d`` for
    a deal; None when stuck or won), its reason codes, the short plan it starts, its
    estimated chance to win (in [0, 1]; None when no search judged it) and the node
    expansions the search spent (``nodes``); ``more``: the next good moves, best first, each
    as :data:`RankedHint` (:func:`spider_solitaire.solver.hints`); ``budget``: the node
    budget the search was given (:data:`~spider_solitaire.solver.HINT_BUDGET`, ten times as
    much to think longer)."""

    move: str | None
    reasons: tuple[str, ...]
    line: tuple[str, ...]
    more: tuple[RankedHint, ...] = ()
    chance: float | None = None
    nodes: int = 0
    budget: int = HINT_BUDGET


def solve_game(game: Game, time_limit: float | None, node_limit: int | None) -> SolveOutcome:
    """Solve ``game`` (full information) with the project's solver (its solutions are
    replayed through the engine before they are returned)."""
    result = solve(game, time_limit=time_limit, node_limit=node_limit)
    solution = tuple(map(str, result.solution)) if result.status == WON else ()
    return SolveOutcome(result.status, solution, result.nodes, result.seconds)


def _game(position: str) -> Game:
    return Game.from_position(position, strict=False)


def solve_job(
    report: Report, position: str, time_limit: float | None, node_limit: int | None
) -> SolveOutcome:
    """Solve one position (notation with face-down cards)."""
    return solve_game(_game(position), time_limit, node_limit)


def history_job(
    report: Report,
    positions: list[str],
    start: str | None,
    time_limit: float | None,
    probe_limit: float | None,
    node_limit: int | None,
    budget: float,
) -> HistoryOutcome:
    """Solve the last of ``positions`` (a game's line of play, oldest first: the undo
    history and the current position); when it is lost, find the last one still winnable.

    Args:
        report: receives ``{"stage": "history", "probes": n}`` as the search goes.
        positions: position notation, oldest first; the last is the current position.
        start: the game's start position when it is older than ``positions[0]`` (the undo
            history is limited), else None.
        time_limit: the solver's limit for the current position.
        probe_limit: the solver's limit for each earlier position.
        node_limit: the solver's node limit for every solve.
        budget: seconds for the whole search through the history (after the current
            position): the search stops there with the best point proven so far.
    """
    started = time.monotonic()
    current = solve_game(_game(positions[-1]), time_limit, node_limit)
    deadline = time.monotonic() + budget
    outcomes: dict[int, SolveOutcome] = {}

    def probe(text: str) -> SolveOutcome:
        report({"stage": "history", "probes": len(outcomes) + 2})
        left = max(0.05, deadline - time.monotonic())
        limit = left if probe_limit is None else min(probe_limit, left)
        return solve_game(_game(text), limit, node_limit)

    def probe_index(index: int) -> str:
        outcomes[index] = probe(positions[index])
        return outcomes[index].status

    count = len(positions)
    if current.status != LOST:
        return HistoryOutcome(current, None, False, None, None, (), 1, time.monotonic() - started)
    found = bisect_line(count, probe_index, {count - 1: LOST}, lambda: time.monotonic() >= deadline)
    last = last_won(found)
    first = found.get(0) if count > 1 and 0 in outcomes else None
    start_status = None
    if last is None and start is not None and first in (None, LOST):
        start_status = probe(start).status
    return HistoryOutcome(
        current,
        last,
        losing_index(count, found) is not None,
        first,
        start_status,
        outcomes[last].solution if last is not None else (),
        1 + len(outcomes) + (start_status is not None),
        time.monotonic() - started,
    )


def winnable_job(
    report: Report,
    suits: int,
    rule: str,
    max_tries: int,
    time_limit: float | None,
    node_limit: int | None,
    budget: float,
    variant: str = SPIDER.name,
) -> WinnableOutcome:
    """Deal random games of ``variant`` (a registry name; last, so that a job queued by an
    older release, which names none, deals ``spider``) with ``suits`` and ``rule`` until
    the solver wins one.

    Reports ``{"tried": n, "seconds": s}`` after each deal. Stops after ``max_tries`` deals
    or ``budget`` seconds (then ``code`` is None).

    Raises:
        UnknownVariantError: ``variant`` is not a name of the registry.
    """
    game = find_variant(variant)
    started = time.monotonic()
    tried = 0
    while tried < max_tries and time.monotonic() - started < budget:
        code = str(GameCode.random(suits, rule, game))
        left = budget - (time.monotonic() - started)
        limit = left if time_limit is None else min(time_limit, left)
        answer = solve_game(Game.from_code(code), max(0.05, limit), node_limit)
        tried += 1
        report({"tried": tried, "seconds": round(time.monotonic() - started, 2)})
        if answer.status == WON:
            return WinnableOutcome(code, answer.solution, tried, time.monotonic() - started)
    return WinnableOutcome(None, (), tried, time.monotonic() - started)


def hint_job(
    report: Report,
    start: str,
    snapshot: dict[str, Any],
    undo_limit: int,
    budget: int = HINT_BUDGET,
) -> HintOutcome:
    """The solver's ranked hints (:func:`spider_solitaire.solver.hints`, which read only the
    player's view and the positions since the last deal) for the game that ``snapshot``
    (:meth:`Game.snapshot <spider_solitaire.game.Game.snapshot>`) describes, whose start
    position is ``start`` (notation) and whose undo limit is ``undo_limit``, judged within
    ``budget`` node expansions (last, so that a job queued by an older release, which
    gives none, gets the default)."""
    base = Game(Position.from_text(start, strict=False), undo_limit=undo_limit)
    ranked: list[RankedHint] = [
        (
            str(found.move) if found.move is not None else None,
            found.reasons,
            tuple(map(str, found.line)),
            found.chance,
            found.nodes,
        )
        for found in hints(Game.from_snapshot(snapshot, base), budget=budget)
    ]
    move, reasons, line, chance, nodes = ranked[0]
    return HintOutcome(move, reasons, line, tuple(ranked[1:]), chance, nodes, budget)


def review_job(
    report: Report,
    start: str,
    actions: list[str],
    time_limit: float | None,
    node_limit: int | None,
    budget: float | None,
    undo_limit: int = DEFAULT_UNDO_LIMIT,
    hints_shown: list[list[Any]] | None = None,
) -> ReviewOutcome:
    """Review the game that starts at ``start`` (full notation) and plays ``actions``
    (its saved actions' canonical text, undo, redo and restart included):
    :func:`~spider_solitaire.solver.review.review_game` with ``time_limit`` and
    ``node_limit`` for each solve and ``budget`` seconds for the bisection; the game's
    ``undo_limit`` as the server plays it; ``hints_shown``: the hints the player was shown,
    as ``[version, move text]`` pairs (lists: they cross to the workers as JSON).

    Reports ``{"stage": "review", "probes": n}`` after each solve.

    Raises:
        RecordActionError: an action refused (a game the server never saved so).
    """
    game = Game.from_position(start, strict=False, undo_limit=undo_limit)
    line = line_from_actions(game, [parse_action(text) for text in actions])

    def progress(done: int, count: int) -> None:
        report({"stage": "review", "probes": done})

    review = review_game(
        line,
        node_limit=node_limit,
        time_limit=time_limit,
        progress=progress,
        budget=budget,
        hints_shown=[(int(version), str(move)) for version, move in hints_shown or ()],
    )
    return ReviewOutcome(json.dumps(review_data(review)), review.probes, review.seconds)


TASKS = {job.__name__: job for job in (solve_job, history_job, winnable_job, hint_job, review_job)}
"""The tasks a job-queue worker runs, by name (:mod:`.queue`)."""


Outcome = SolveOutcome | HistoryOutcome | WinnableOutcome | HintOutcome | ReviewOutcome
"""What a task answers."""


def encode_outcome(outcome: Outcome) -> str:
    """Return a task's answer as JSON (for the job queue's ``solver_jobs.result``)."""
    return json.dumps({"type": type(outcome).__name__, "fields": dataclasses.asdict(outcome)})


def decode_outcome(text: str) -> Outcome:
    """Return the answer :func:`encode_outcome` wrote.

    Raises:
        ValueError: ``text`` is not such an answer.
    """
    data = json.loads(text)
    fields = dict(data["fields"])
    if "solution" in fields:
        fields["solution"] = tuple(fields["solution"])
    kind = data["type"]
    if kind == "SolveOutcome":
        return SolveOutcome(**fields)
    if kind == "HistoryOutcome":
        current = dict(fields["current"])
        current["solution"] = tuple(current["solution"])
        fields["current"] = SolveOutcome(**current)
        return HistoryOutcome(**fields)
    if kind == "WinnableOutcome":
        return WinnableOutcome(**fields)
    if kind == "HintOutcome":
        return _hint_outcome(fields)
    if kind == "ReviewOutcome":
        return ReviewOutcome(**fields)
    raise ValueError(f"{kind!r} is not a task's answer")


def _hint_outcome(fields: dict[str, Any]) -> HintOutcome:
    """The :class:`HintOutcome` of its JSON ``fields`` (an older worker's answer has no
    chance, nodes or budget: None, 0 and the default)."""
    more: list[RankedHint] = []
    for item in fields.get("more", ()):
        move, reasons, line, chance, nodes = [*item, None, 0][:5]
        more.append((move, tuple(reasons), tuple(line), chance, nodes))
    return HintOutcome(
        fields["move"],
        tuple(fields["reasons"]),
        tuple(fields["line"]),
        tuple(more),
        fields.get("chance"),
        fields.get("nodes", 0),
        fields.get("budget", HINT_BUDGET),
    )
