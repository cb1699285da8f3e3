"""What the help jobs that run the solver share: their dependencies, and the check that a
game can be asked about."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..errors import ApiError
from ..games import GameService, LoadedGame
from ..jobs.runner import SolverRunner
from ..settings import Settings

if TYPE_CHECKING:
    from .solution import SolutionCache


class SolverHelp:
    """A help job that runs the solver (see :class:`~.verdict.Verdicts`,
    :class:`~.solution.Solutions`, :class:`~.deal_search.DealSearches`).

    Args:
        games: the game service (reads games, plays moves, marks them assisted).
        runner: runs the solver's tasks for players.
        settings: the solver's limits.
        kept: the solutions found so far, shared by the jobs (a solution found by "Can I
            still win?" or a deal search is played by the solution's steps).
    """

    def __init__(
        self, games: GameService, runner: SolverRunner, settings: Settings, kept: SolutionCache
    ) -> None:
        self.games = games
        self.runner = runner
        self.settings = settings
        self.kept = kept

    async def _unwon(self, player: str | None, game_id: str, version: int) -> LoadedGame:
        """Return the player's game at ``version``, which must not be won yet.

        Raises:
            ApiError: 404, 409 ``stale_version``, 422 ``game_won`` (nothing to solve).
        """
        games = self.games
        loaded = await games.blocking(games.at_version, player, game_id, version)
        if loaded.game.is_won:
            raise ApiError(422, "game_won")
        return loaded
