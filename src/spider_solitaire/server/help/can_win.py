"""Can-win ("Can I still win?"): the solver's answer for the current position and, when
it is lost, the last point of the game's history from which it could still be won.

Winnability only gets lost along a line of play (a position reached from a lost one is
lost), so the history is searched by bisection in the worker (:func:`.tasks.history_job`);
what the player gets is only the answer and a point in the game's own history.
"""

from __future__ import annotations

import time
from dataclasses import replace
from typing import Literal

from pydantic import BaseModel

from ...game import Game
from ...moves import Move
from ...position import Position
from ..game_cache import LoadedGame
from ..jobs.pool import CPU_MARGIN, SolveFailed
from ..jobs.runner import JobLimits
from ..jobs.tasks import LOST, WON, HistoryOutcome, history_job
from ..schemas.help import CanWinAnswer, LastWinnable, LostAction
from .base import SolverHelp
from .texts import can_win_texts

ANSWERS: dict[str, Literal["yes", "no"]] = {WON: "yes", LOST: "no"}
"""The solver's statuses as the answer says them (anything else is ``unknown``)."""


def line_of_play(game: Game) -> list[Position]:
    """Return the positions undo can go back to, oldest first, then the current one:
    ``result[i]`` is the position before ``game.history[i]``."""
    work = game.copy()
    positions = [work.position]
    while work.can_undo:
        work.undo()
        positions.append(work.position)
    positions.reverse()
    return positions


def lost_action(move: Move) -> LostAction:
    """Return ``move`` (count resolved, as the game's history keeps it) structured."""
    if move.is_deal:
        return LostAction(kind="deal")
    return LostAction(
        kind="move", column=move.source, count=move.resolved_count, target=move.target
    )


def last_winnable(
    game: Game, positions: list[Position], outcome: HistoryOutcome
) -> LastWinnable | None:
    """Describe where the game could still be won, from :func:`.tasks.history_job`'s
    answer for ``positions`` (see :func:`line_of_play`); None unless the answer was lost."""
    if outcome.current.status != LOST:
        return None
    index = outcome.last_winnable
    if index is not None:
        after = index + 1
        exact = outcome.exact
        lost = game.history[index]
        return LastWinnable(
            kind="undo",
            steps=len(positions) - 1 - index,
            moves=positions[index].move_count,
            action=str(lost) if exact else None,
            lost_move=positions[after].move_count if exact else None,
            exact=exact,
            lost_action=lost_action(lost) if exact else None,
        )
    status = outcome.first_status if len(positions) > 1 else LOST
    if status == LOST and outcome.start_status is not None:
        status = outcome.start_status
        if status == WON:
            return LastWinnable(kind="restart")
    if status == LOST:
        return LastWinnable(kind="never", exact=True)
    return LastWinnable(kind="unknown")


class CanWinResult(BaseModel):
    """What "Can I still win?" found, as a help job keeps it (``help_jobs.result``, JSON):
    the ``answer``, the solver's ``seconds``, where the game could still be won when no
    (``last_winnable``) and whether an ``unknown`` may be asked again with the long limit
    (``longer``). The sentences are made when it is read, in the reader's language."""

    answer: Literal["yes", "no", "unknown"]
    seconds: float
    last_winnable: LastWinnable | None = None
    longer: bool = False


class CanWin(SolverHelp):
    """Can-win ("Can I still win?") for the help jobs (made as :class:`.SolverHelp`)."""

    def known(self, loaded: LoadedGame) -> CanWinResult | None:
        """The answer without the solver: ``yes`` when a solution of the current position is
        kept (:mod:`.kept`); else None."""
        if self.kept.get(loaded.record.id, loaded.game.position) is not None:
            return CanWinResult(answer="yes", seconds=0.0)
        return None

    async def solve(
        self, player: str, loaded: LoadedGame, limits: JobLimits, *, long: bool = False
    ) -> CanWinResult:
        """Solve the current position of ``player``'s game ``loaded`` (with the long
        limits, ``Settings.solve_time_limit_long`` and ``solve_node_limit_long``, when
        ``long``) within ``limits`` (its ``cpu_seconds`` are set here); when it is lost,
        search the game's history for its last winnable point. The game is marked
        assisted.

        Raises:
            ApiError: as :meth:`.Runner.run` (409 ``solve_cancelled``, 429, 503).
        """
        game_id, game = loaded.record.id, loaded.game
        result = self.known(loaded)
        if result is None:
            result = await self._solve(player, game_id, game, limits, long)
        await self.blocking(self.games.mark_assisted, loaded)
        return result

    async def _solve(
        self, player: str, game_id: str, game: Game, limits: JobLimits, long: bool
    ) -> CanWinResult:
        positions = line_of_play(game)
        start = game.start.to_text() if game.start != positions[0] else None
        settings = self.settings
        time_limit = settings.solve_time_limit_long if long else settings.solve_time_limit
        node_limit = settings.solve_node_limit_long if long else settings.solve_node_limit
        cpu_seconds = time_limit + settings.history_budget + CPU_MARGIN
        started = time.monotonic()
        try:
            outcome = await self.runner.run(
                player,
                replace(limits, cpu_seconds=cpu_seconds),
                history_job,
                [position.to_text() for position in positions],
                start,
                time_limit,
                settings.history_probe_limit,
                node_limit,
                settings.history_budget,
            )
        except SolveFailed:
            seconds = round(time.monotonic() - started, 3)
            return CanWinResult(answer="unknown", seconds=seconds, longer=not long)
        if outcome.current.status == WON:
            self.kept.put(game_id, game.position, outcome.current.solution)
        if outcome.last_winnable is not None:
            self.kept.put(game_id, positions[outcome.last_winnable], outcome.solution)
        answer: Literal["yes", "no", "unknown"] = ANSWERS.get(outcome.current.status, "unknown")
        return CanWinResult(
            answer=answer,
            seconds=round(outcome.current.seconds, 3),
            last_winnable=last_winnable(game, positions, outcome),
            longer=not long and answer == "unknown",
        )

    def view(self, loaded: LoadedGame, result: CanWinResult, language: str) -> CanWinAnswer:
        """Return ``result`` with its words in ``language`` and the state of ``loaded``
        (the game as it is now)."""
        where = result.last_winnable
        message, action_label = can_win_texts(result.answer, result.seconds, where, language)
        return CanWinAnswer(
            state=self.games.state(loaded, language),
            answer=result.answer,
            seconds=result.seconds,
            last_winnable=where,
            message=message,
            action_label=action_label,
            longer=result.longer,
        )
