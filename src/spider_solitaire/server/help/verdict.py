""" "Can I still win?": the solver's verdict on the current position and, when it is lost,
the last point of the game's history from which it could still be won.

Winnability only gets lost along a line of play (a position reached from a lost one is
lost), so the history is searched by bisection in the worker (:func:`.tasks.history_job`);
what the player gets is only the answer and a point in the game's own history.
"""

from __future__ import annotations

import time
from typing import Literal

from ...game import Game
from ...position import Position
from ..jobs.pool import CPU_MARGIN, SolveFailed
from ..jobs.runner import Disconnected, JobLimits
from ..jobs.tasks import LOST, WON, HistoryOutcome, history_job
from ..schemas import LastWinnable, WinCheck
from .base import SolverHelp

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
        return LastWinnable(
            kind="undo",
            steps=len(positions) - 1 - index,
            moves=positions[index].moves,
            action=str(game.history[index]) if exact else None,
            lost_move=positions[after].moves if exact else None,
            exact=exact,
        )
    status = outcome.first_status if len(positions) > 1 else LOST
    if status == LOST and outcome.start_status is not None:
        status = outcome.start_status
        if status == WON:
            return LastWinnable(kind="restart")
    if status == LOST:
        return LastWinnable(kind="never", exact=True)
    return LastWinnable(kind="unknown")


class Verdicts(SolverHelp):
    """ "Can I still win?" for the routes (made as :class:`.SolverHelp`)."""

    async def can_win(
        self,
        player: str | None,
        game_id: str,
        version: int,
        disconnected: Disconnected | None = None,
    ) -> WinCheck:
        """Solve the current position; when it is lost, search the game's history for its
        last winnable point. Answers ``yes``/``no``/``unknown``, the seconds the solver
        took and where the game could still be won (when no), with the game's state, now
        marked assisted.

        Raises:
            ApiError: 404, 409 ``stale_version`` or ``solve_cancelled``, 422 ``game_won``
                (nothing to check, and the game is not marked assisted), 503.
        """
        games = self.games
        loaded = await self._unwon(player, game_id, version)
        assert player is not None  # the player's game was found
        game = loaded.game
        if self.kept.get(game_id, game.position) is not None:
            marked = await games.blocking(games.mark_assisted, loaded)
            return WinCheck(state=games.state(marked), answer="yes", seconds=0.0)
        positions = line_of_play(game)
        start = game.start.to_text() if game.start != positions[0] else None
        settings = self.settings
        cpu_seconds = settings.solve_time_limit + settings.history_budget + CPU_MARGIN
        started = time.monotonic()
        try:
            outcome = await self.runner.run(
                player,
                JobLimits(cpu_seconds, disconnected),
                history_job,
                [position.to_text() for position in positions],
                start,
                settings.solve_time_limit,
                settings.history_probe_limit,
                settings.solve_node_limit,
                settings.history_budget,
            )
        except SolveFailed:
            seconds = round(time.monotonic() - started, 3)
            marked = await games.blocking(games.mark_assisted, loaded)
            return WinCheck(state=games.state(marked), answer="unknown", seconds=seconds)
        if outcome.current.status == WON:
            self.kept.put(game_id, game.position, outcome.current.solution)
        if outcome.last_winnable is not None:
            self.kept.put(game_id, positions[outcome.last_winnable], outcome.solution)
        marked = await games.blocking(games.mark_assisted, loaded)
        return WinCheck(
            state=games.state(marked),
            answer=ANSWERS.get(outcome.current.status, "unknown"),
            seconds=round(outcome.current.seconds, 3),
            last_winnable=last_winnable(game, positions, outcome),
        )
