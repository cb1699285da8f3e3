"""The move that lost ("You just lost it", issue 30 part 2): whether the last action of a
game turned a deal that could still be won into one that cannot, asked by the browser in
the background after each move or deal when the player's setting is on.

The check is a line of play two positions long, searched as "Can I still win?" searches
a history (:func:`.tasks.history_job`: one statement of the solve and the bisection): the
position after the action is solved first; only when it is lost is the position before it
solved. A position whose solution is kept (:mod:`.kept`) is known winnable without the
solver, and a solution found is kept, so that the next action's check finds the position
before it already settled. Each position gets the history search's per-position limit
(``Settings.history_probe_limit``, with ``solve_node_limit``).

The three answers (:data:`NoticeValue`): ``lost_it`` (winnable before the action, lost
after it), ``fine`` (winnable after it, or already lost before it: the action lost
nothing) and ``unknown`` (the solver could not settle a position it needed in time: no
notice). Nothing else leaves the server: no probe count, no solution, no position.

The answer is given only for the game's version it was asked about: read once the player
has moved on, it is withheld (``stale``). The game is marked assisted, through
:class:`~..games.GameService`, when a ``lost_it`` answer is handed to the player (the
poll that reads it while the game is still at that version): a decision of ours, so that
a notice nobody could see (the player moved on meanwhile) does not mark the game, while
every answer that did reach the player does.
"""

from __future__ import annotations

import time
from dataclasses import replace
from typing import Any

from pydantic import BaseModel

from ...position import Position
from ..errors import ApiError
from ..game_cache import LoadedGame
from ..jobs.pool import CPU_MARGIN, SolveFailed
from ..jobs.runner import JobLimits
from ..jobs.tasks import LOST, WON, HistoryOutcome, history_job
from ..schemas.notice import NoticeAnswer, NoticeValue
from .base import SolverHelp
from .can_win import line_of_play
from .texts import notice_text

NOTICE_LANE = "notice"
"""The runner's lane of the notice's checks (:class:`~..jobs.runner.JobLimits`): a
player's new check supersedes their older one in this process, never their "Can I still
win?" or their hint."""

STALE = frozenset({"stale_version", "not_current"})
"""The refusals of :meth:`.GameService.to_ask` that make a finished check's answer stale."""


class NoticeResult(BaseModel):
    """What the check found, as a help job keeps it (``help_jobs.result``, JSON): the
    ``answer`` and the solver's ``seconds`` (kept for the logs; never sent)."""

    answer: NoticeValue
    seconds: float


def notice_value(outcome: HistoryOutcome, before_known: bool) -> NoticeValue:
    """The answer of :func:`.tasks.history_job` run on the line ``[before, after]`` (or on
    ``[after]`` alone when ``before_known``: the position before the action is known
    winnable).

    ``lost_it`` when the position after is proven lost and the one before proven
    winnable; ``fine`` when the one after is proven winnable, or both are proven lost;
    ``unknown`` otherwise.
    """
    status = outcome.current.status
    if status == WON:
        return "fine"
    if status != LOST:
        return "unknown"
    if before_known or (outcome.last_winnable == 0 and outcome.exact):
        return "lost_it"
    return "fine" if outcome.first_status == LOST else "unknown"


def checked_positions(loaded: LoadedGame) -> tuple[Position, Position]:
    """The positions before and after the last action of ``loaded``'s game that stands
    (the one undo would take back).

    Raises:
        ApiError: 422 ``nothing_to_undo``: no action to check (none played, or beyond
            the undo limit).
    """
    positions = line_of_play(loaded.game)
    if len(positions) < 2:
        raise ApiError(422, "nothing_to_undo")
    return positions[-2], positions[-1]


class Notices(SolverHelp):
    """The notice's checks for the help jobs (made as :class:`.SolverHelp`)."""

    def known(self, loaded: LoadedGame) -> NoticeResult | None:
        """The answer without the solver: ``fine`` when a solution of the position after
        the last action is kept (:mod:`.kept`); else None.

        Raises:
            ApiError: as :func:`checked_positions`.
        """
        _, after = checked_positions(loaded)
        if self.kept.get(loaded.record.id, after) is not None:
            return NoticeResult(answer="fine", seconds=0.0)
        return None

    async def check(self, player: str, loaded: LoadedGame, limits: JobLimits) -> NoticeResult:
        """Check whether the last action of ``player``'s game ``loaded`` lost a deal that
        could still be won, within ``limits`` (its ``cpu_seconds`` are set here: two
        positions at ``Settings.history_probe_limit``); solutions found are kept.

        Raises:
            ApiError: as :func:`checked_positions`; as :meth:`.Runner.run` (409
                ``solve_cancelled``, 429 ``too_many_jobs``, 503).
        """
        game_id = loaded.record.id
        before, after = checked_positions(loaded)
        before_known = self.kept.get(game_id, before) is not None
        line = [after] if before_known else [before, after]
        settings = self.settings
        limit = settings.history_probe_limit
        started = time.monotonic()
        try:
            outcome = await self.runner.run(
                player,
                replace(limits, cpu_seconds=limit * len(line) + CPU_MARGIN),
                history_job,
                [position.to_text() for position in line],
                None,
                limit,
                limit,
                settings.solve_node_limit,
                limit,
            )
        except SolveFailed:
            return NoticeResult(answer="unknown", seconds=round(time.monotonic() - started, 3))
        if outcome.current.status == WON:
            self.kept.put(game_id, after, outcome.current.solution)
        if outcome.last_winnable == 0 and not before_known:
            self.kept.put(game_id, before, outcome.solution)
        value = notice_value(outcome, before_known)
        return NoticeResult(answer=value, seconds=round(outcome.seconds, 3))

    def view(self, row: dict[str, Any], language: str) -> NoticeAnswer:
        """Hand the finished check ``row`` (a help job of kind ``notice``) to its player,
        in ``language``: withheld (``stale``) when the game is no longer at the row's
        version or the player has left it for another; a ``lost_it`` answer marks the
        game assisted (see the module docstring) and carries the game's state so marked.

        Raises:
            ApiError: 404 ``not_found`` (the game is gone).
        """
        result = NoticeResult.model_validate_json(row["result"])
        try:
            loaded = self.games.to_ask(row["player_id"], row["game_id"], row["version"])
        except ApiError as error:
            if error.reason not in STALE:
                raise
            return NoticeAnswer(version=row["version"], stale=True)
        state = None
        if result.answer == "lost_it":
            loaded = self.games.mark_assisted(loaded)
            state = self.games.state(loaded, language)
        return NoticeAnswer(
            version=row["version"],
            answer=result.answer,
            message=notice_text(result.answer, language),
            state=state,
        )
