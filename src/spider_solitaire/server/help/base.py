"""What the help jobs that run the solver share: their dependencies, and the check that a
game can be asked about."""

from __future__ import annotations

from dataclasses import dataclass

from ..db import Store
from ..errors import ApiError
from ..game_cache import LoadedGame
from ..games import GameService
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


@dataclass(frozen=True, slots=True)
class HelpContext:
    """What every help job works with, made once by :class:`~.HelpService` and passed to
    each (issue 29: the same six arguments were written in four constructors).

    Attributes:
        games: the game service (reads games, plays moves, marks them assisted).
        store: the database (kept solutions, deal searches, help jobs).
        blocking: how the service's blocking methods are run (see :mod:`..threads`).
        runner: runs the solver's tasks for players.
        settings: the solver's limits.
        kept: the solutions found so far, shared by the jobs (a solution found by can-win
            or a deal search is played by the solution's steps).
    """

    games: GameService
    store: Store
    blocking: Blocking
    runner: Runner
    settings: Settings
    kept: KeptSolutions


class SolverHelp:
    """A help job that runs the solver (see :class:`~.hint.Hints`, :class:`~.can_win.CanWin`,
    :class:`~.solution.Solutions`, :class:`~.deal_search.DealSearches`,
    :class:`~.help_jobs.HelpJobs`), made from the shared :class:`HelpContext`, whose parts
    it names as attributes (``games``, ``store``, ``blocking``, ``runner``, ``settings``,
    ``kept``)."""

    def __init__(self, context: HelpContext) -> None:
        self.context = context
        self.games = context.games
        self.store = context.store
        self.blocking = context.blocking
        self.runner = context.runner
        self.settings = context.settings
        self.kept = context.kept

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
