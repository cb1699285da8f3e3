"""What the help jobs that run the solver share: their dependencies, and the check that a
game can be asked about."""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import ApiError
from ..games import GameService, LoadedGame
from ..jobs.runner import Disconnected, Runner
from ..settings import Settings
from ..threads import Blocking
from .kept import KeptSolutions


@dataclass(frozen=True, slots=True)
class Asker:
    """Who asks for help: the ``player`` (None without a valid cookie, so every game is
    404), their ``language`` (``en`` or ``es``, for the answer's sentences), how to
    tell that they have left (``disconnected``: the client closed the connection, which
    stops their solve; None when nobody waits) and the client's ``address`` (whose share
    of the solvers a job takes; None when unknown)."""

    player: str | None
    language: str
    disconnected: Disconnected | None = None
    address: str | None = None


class SolverHelp:
    """A help job that runs the solver (see :class:`~.can_win.CanWin`,
    :class:`~.solution.Solutions`, :class:`~.deal_search.DealSearches`).

    Args:
        games: the game service (reads games, plays moves, marks them assisted).
        blocking: how the service's blocking methods are run (see :mod:`..threads`).
        runner: runs the solver's tasks for players.
        settings: the solver's limits.
        kept: the solutions found so far, shared by the jobs (a solution found by can-win
            or a deal search is played by the solution's steps).
    """

    def __init__(
        self,
        games: GameService,
        blocking: Blocking,
        runner: Runner,
        settings: Settings,
        kept: KeptSolutions,
    ) -> None:
        self.games = games
        self.blocking = blocking
        self.runner = runner
        self.settings = settings
        self.kept = kept

    async def _unwon(self, player: str | None, game_id: str, version: int) -> LoadedGame:
        """Return ``player``'s game at ``version``, which must be the game they are
        playing (:meth:`.GameService.to_ask`) and not won yet.

        Raises:
            ApiError: 404, 409 ``stale_version``, 409 ``not_current`` (a game the player
                left), 422 ``game_won`` (nothing to solve).
        """
        loaded = await self.blocking(self.games.to_ask, player, game_id, version)
        if loaded.game.is_won:
            raise ApiError(422, "game_won")
        return loaded
