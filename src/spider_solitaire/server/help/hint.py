"""The hint: one suggested action from what the player sees, with its reasons (the
server's side of the help; the look-ahead itself is the solver's
:func:`spider_solitaire.solver.hints.hint`, run where the other solver work runs: the
embedded pool's worker processes or ``spider worker``, :func:`..jobs.tasks.hint_job`)."""

from __future__ import annotations

import logging
from typing import Literal

from ...cards import CARD_TEXTS
from ...game import Game
from ...moves import Move
from ...solver import Hint
from ..errors import ApiError
from ..games import GameService
from ..jobs.pool import SolveFailed
from ..jobs.runner import RETRY_BUSY, JobLimits, Runner
from ..jobs.tasks import HintOutcome, hint_job
from ..schemas.help import HintAnswer, HintView
from ..threads import Blocking
from .base import Asker
from .texts import hint_ranked, hint_short, hint_text

log = logging.getLogger(__name__)

HINT_CPU_SECONDS = 5.0
"""A hint job's CPU budget (measured: 5-20 ms typical, 60 ms at worst; the rest is the
worker's start)."""

HINT_LANE = "hint"
"""The runner's lane of hints (:class:`~..jobs.runner.JobLimits`): a player's new hint
supersedes their older one, never their "Can I still win?"."""


def found_hint(outcome: HintOutcome) -> Hint:
    """Return the solver's :class:`~spider_solitaire.solver.Hint` that ``outcome`` (a hint
    job's answer, in notation) describes (its best)."""
    move = Move.parse(outcome.move) if outcome.move is not None else None
    return Hint(move, outcome.reasons, tuple(Move.parse(step) for step in outcome.line))


def ranked_hints(outcome: HintOutcome) -> list[Hint]:
    """Return every hint ``outcome`` ranks, best first (:func:`found_hint`, then the next
    good moves)."""
    others = [
        Hint(
            Move.parse(move) if move is not None else None,
            reasons,
            tuple(Move.parse(step) for step in line),
        )
        for move, reasons, line in outcome.more
    ]
    return [found_hint(outcome), *others]


def hint_view(
    game: Game, result: Hint, language: str, number: int = 1, choices: int = 1
) -> HintView:
    """Return the solver's hint ``result`` for ``game`` as the player sees it, its
    sentences in ``language`` (the solver's hint looks only at the player's view of the
    game); ``number`` of ``choices``: its place among the ranked hints (past the first,
    ``short`` is led by it: "Hint 2 of 5: ..."; the best reads as one short sentence
    alone, a decision of ours).

    When the hint is ``stuck`` and nothing can be undone, the solver's reason (undo is
    the way out) does not apply: the hint has no reasons, and its text says the way out
    (restart or a new game), a decision of the server, which knows the undo history.
    """
    move = result.move
    reasons = list(result.reasons)
    messages = result.explain(language)
    kind: Literal["move", "deal", "take_off", "stuck"] = "stuck"
    action: str | None = None
    column: int | None = None
    count: int | None = None
    target: int | None = None
    if move is not None and move.is_deal:
        kind, action = "deal", "d"
        text = hint_text(language, kind)
        short = hint_short(language, kind)
    elif move is not None and move.is_take_off:
        kind, action, column = "take_off", str(move), move.source
        text = hint_text(language, kind, source=column)
        main = reasons[0] if reasons else None
        short = hint_short(language, kind, source=column, reason=main)
    elif move is not None:
        kind, action = "move", str(move)
        column, count, target = move.source, move.resolved_count, move.target
        group = [CARD_TEXTS[card] for card in game.position.columns[column - 1][-count:]]
        text = hint_text(language, kind, group=group, source=column, target=target)
        main = reasons[0] if reasons else None
        short = hint_short(language, kind, group=group, source=column, target=target, reason=main)
    else:
        text = hint_text(language, kind, can_undo=game.can_undo)
        short = hint_short(language, kind, can_undo=game.can_undo)
        if not game.can_undo:
            reasons, messages = [], []
    if number > 1:  # the best reads alone (one short sentence); the next ones say which
        short = hint_ranked(language, number, choices, short)
    return HintView(
        number=number,
        choices=choices,
        rank=hint_ranked(language, number, choices),
        kind=kind,
        action=action,
        column=column,
        count=count,
        target=target,
        reasons=reasons,
        messages=messages,
        text=text,
        short=short,
    )


class Hints:
    """Hints for the routes.

    Args:
        games: the game service (reads the game, marks it assisted).
        blocking: how the service's blocking methods are run (see :mod:`..threads`).
        runner: runs the hint's look-ahead where the other solver work runs.
    """

    def __init__(self, games: GameService, blocking: Blocking, runner: Runner) -> None:
        self.games = games
        self.blocking = blocking
        self.runner = runner

    async def hint(self, asker: Asker, game_id: str, version: int, index: int = 0) -> HintAnswer:
        """Return the hint for ``asker``'s game at ``version`` with its sentences in their
        language, and the game's state, now marked assisted (once: asking again, for the
        same hint or the next, changes nothing more).

        ``index`` chooses among the ranked hints (:func:`~spider_solitaire.solver.hints`):
        0 the best, 1 the next good move..., round again past the last (modulo their
        number): what repeated presses of H ask for.

        The hint is a short look-ahead (measured: 5-20 ms typical, 60 ms at worst) run by
        the runner like every solver job (in the pool's worker processes or by ``spider
        worker``), within the player's and the address's shares of the solvers, in a lane
        of its own (:data:`HINT_LANE`): it does not stop the player's other solver job.

        Raises:
            ApiError: 404, 409 ``stale_version``, ``not_current`` (a game the player left
                for another: :meth:`.GameService.to_ask`) or ``solve_cancelled`` (the player
                asked for another hint, or left), 422 ``game_won`` (the game is then not marked
                assisted), 429 over a share, 503 ``solver_busy`` or ``solver_failed``, or
                ``help_unavailable`` (the job-queue layout with no worker).
        """
        games, blocking, language = self.games, self.blocking, asker.language
        loaded = await blocking(games.to_ask, asker.player, game_id, version)
        game = loaded.game
        if game.is_won:
            raise ApiError(422, "game_won")
        assert asker.player is not None  # the player's game was found
        limits = JobLimits(
            HINT_CPU_SECONDS, asker.disconnected, lane=HINT_LANE, address=asker.address
        )
        try:
            outcome = await self.runner.run(
                asker.player,
                limits,
                hint_job,
                game.start.to_text(),
                game.snapshot(),
                game.undo_limit,
            )
        except SolveFailed as failed:
            log.error("a hint's look-ahead failed: %s", failed)
            raise ApiError(503, "solver_failed", headers=RETRY_BUSY) from None
        ranked = ranked_hints(outcome)
        number = index % len(ranked)
        view = hint_view(game, ranked[number], language, number + 1, len(ranked))
        marked = await blocking(games.mark_assisted, loaded)
        return HintAnswer(state=games.state(marked, language), hint=view)
