"""Can-win ("Can I still win?"): the solver's answer for the current position and, when
it is lost, the last point of the game's history from which it could still be won.

Winnability only gets lost along a line of play (a position reached from a lost one is
lost), so the history is searched by bisection in the worker (:func:`.tasks.history_job`);
what the player gets is only the answer and a point in the game's own history.
"""

from __future__ import annotations

import time
from typing import Literal

from ...game import Game
from ...moves import Move
from ...position import Position
from ..games import LoadedGame
from ..jobs.pool import CPU_MARGIN, SolveFailed
from ..jobs.runner import JobLimits
from ..jobs.tasks import LOST, WON, HistoryOutcome, history_job
from ..schemas.help import CanWinAnswer, LastWinnable, LostAction
from ..texts import can_win_texts
from .base import Asker, SolverHelp

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


class CanWin(SolverHelp):
    """Can-win ("Can I still win?") for the routes (made as :class:`.SolverHelp`)."""

    async def answer(
        self, asker: Asker, game_id: str, version: int, *, long: bool = False
    ) -> CanWinAnswer:
        """Solve the current position of ``asker``'s game (with the long limits,
        ``Settings.solve_time_limit_long`` and ``solve_node_limit_long``, when ``long``);
        when it is lost, search the game's history for its last winnable point. Answers
        ``yes``/``no``/``unknown``, the seconds the solver took and where the game could
        still be won (when no), in words in the asker's language, with the game's state,
        now marked assisted.

        Raises:
            ApiError: 404, 409 ``stale_version`` or ``solve_cancelled``, 422 ``game_won``
                (nothing to check, and the game is not marked assisted), 503.
        """
        player, language = asker.player, asker.language
        loaded = await self._unwon(player, game_id, version)
        assert player is not None  # the player's game was found
        game = loaded.game
        if self.kept.get(game_id, game.position) is not None:
            return await self._answer(loaded, language, "yes", 0.0)
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
                JobLimits(cpu_seconds, asker.disconnected, address=asker.address),
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
            return await self._answer(loaded, language, "unknown", seconds, longer=not long)
        if outcome.current.status == WON:
            self.kept.put(game_id, game.position, outcome.current.solution)
        if outcome.last_winnable is not None:
            self.kept.put(game_id, positions[outcome.last_winnable], outcome.solution)
        return await self._answer(
            loaded,
            language,
            ANSWERS.get(outcome.current.status, "unknown"),
            round(outcome.current.seconds, 3),
            last_winnable(game, positions, outcome),
            longer=not long,
        )

    async def _answer(
        self,
        loaded: LoadedGame,
        language: str,
        answer: Literal["yes", "no", "unknown"],
        seconds: float,
        where: LastWinnable | None = None,
        *,
        longer: bool = False,
    ) -> CanWinAnswer:
        """Mark the game assisted and return the answer with its words in ``language``;
        ``longer``: an ``unknown`` answer may be asked again with the long limit."""
        games = self.games
        marked = await self.blocking(games.mark_assisted, loaded)
        message, action_label = can_win_texts(answer, seconds, where, language)
        return CanWinAnswer(
            state=games.state(marked, language),
            answer=answer,
            seconds=seconds,
            last_winnable=where,
            message=message,
            action_label=action_label,
            longer=longer and answer == "unknown",
        )
