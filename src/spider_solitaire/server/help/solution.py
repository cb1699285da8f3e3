"""The solver's solution, played one move at a time (from the kept solutions,
:mod:`.kept`, or solved first)."""

from __future__ import annotations

from dataclasses import replace

from ..errors import ApiError
from ..game_cache import LoadedGame
from ..jobs.pool import CPU_MARGIN, SolveFailed
from ..jobs.runner import JobLimits
from ..jobs.tasks import LOST, UNKNOWN, WON, solve_job
from ..schemas.actions import MoveAction
from ..schemas.events import event_views
from ..schemas.help import SolutionStep
from ..texts import SENTENCE_SEPARATOR, describe_events
from .base import Asker, SolverHelp
from .texts import solution_message


class Solutions(SolverHelp):
    """The solution one move at a time, for the routes and the help jobs (made as
    :class:`.SolverHelp`)."""

    async def next_step(self, asker: Asker, game_id: str, version: int) -> SolutionStep | None:
        """Play the next move of the solution kept for the current position of ``asker``'s
        game at ``version``; return the new state, the events, the move and how many moves
        of the solution are left, with the sentences in the asker's language. The game is
        marked assisted and solved (the solver played it: docs/record.md), in the same
        transaction as the move. None when no solution of
        this position is kept: then it is solved first, as a help job
        (:meth:`solve`).

        Raises:
            ApiError: 404, 409 ``stale_version`` or ``not_current``, 422 ``game_won``.
        """
        games, blocking, player, language = self.games, self.blocking, asker.player, asker.language
        loaded = await self._unwon(player, game_id, version)
        assert player is not None  # the player's game was found
        solution = self.kept.get(game_id, loaded.game.position)
        if solution is None:
            return None
        move = solution[0]
        request = MoveAction(version=version, action=move)
        played, events = await blocking(games.act, player, game_id, request, solved=True)
        self.kept.put(game_id, played.game.position, solution[1:])
        remaining = len(solution) - 1
        message = solution_message(remaining, language)
        described = describe_events(events, language)
        return SolutionStep(
            state=games.state(played, language),
            events=event_views(events),
            action=move,
            remaining=remaining,
            announcement=SENTENCE_SEPARATOR.join(part for part in (described, message) if part),
            message=message,
        )

    async def solve(self, player: str, loaded: LoadedGame, limits: JobLimits) -> int:
        """Solve the current position of ``player``'s game ``loaded`` within ``limits``
        (its ``cpu_seconds`` are set here) and keep the solution for :meth:`next_step`;
        return its length in moves.

        Raises:
            ApiError: 422 ``not_winnable`` (proved lost) or ``no_solution_found`` (not in
                the time limit; then the game is marked assisted all the same), or as
                :meth:`.Runner.run` (409 ``solve_cancelled``, 429, 503).
        """
        game_id, game, settings = loaded.record.id, loaded.game, self.settings
        kept = self.kept.get(game_id, game.position)
        if kept is not None:
            return len(kept)
        try:
            outcome = await self.runner.run(
                player,
                replace(limits, cpu_seconds=settings.solve_time_limit + CPU_MARGIN),
                solve_job,
                game.position.to_text(),
                settings.solve_time_limit,
                settings.solve_node_limit,
            )
            status, solution = outcome.status, outcome.solution
        except SolveFailed:
            status, solution = UNKNOWN, ()
        if status != WON or not solution:
            await self.blocking(self.games.mark_assisted, loaded)
            raise ApiError(422, "not_winnable" if status == LOST else "no_solution_found")
        self.kept.put(game_id, game.position, solution)
        return len(solution)
