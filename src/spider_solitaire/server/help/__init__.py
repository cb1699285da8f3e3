"""The solver's help for players, one module a job:

* :mod:`.hints`: a hint from what the player sees, with its reasons;
* :mod:`.verdict`: "Can I still win?" and, when not, the last winnable point;
* :mod:`.solution`: the solver's solution, played one move at a time;
* :mod:`.deal_search`: searches for a winnable deal.

Everything the solver needs that the player must not see (face-down cards, the stock
order) stays in the server: solves run in worker processes (:mod:`..jobs`) with full
position notation, and only answers come back: yes/no, the index of a position in the
game's own history, one move at a time of a solution (played by the game service, so
that the player sees cards only as they turn up), a game code once its deal was won.

The help modules read and change games only through the
:class:`~spider_solitaire.server.games.GameService` (which marks a game ``assisted``
when a hint, the solver or the solution was used in it); undoing several steps at once
is the service's own :meth:`~spider_solitaire.server.games.GameService.rewind`.
"""

from __future__ import annotations

from ..games import GameService
from ..jobs.runner import Runner
from ..settings import Settings
from .base import Asker
from .deal_search import DealSearches
from .hints import Hints
from .solution import SolutionCache, Solutions
from .verdict import Verdicts

__all__ = ["Asker", "HelpService"]


class HelpService:
    """The help modules behind the routes, sharing one solution cache.

    Args:
        games: the game service.
        runner: runs solver tasks for players.
        settings: the solver's limits.

    Attributes:
        hints, verdicts, solutions, deal_searches: one per job (see the module docstring).
        kept: the solutions found so far, by game and position.
    """

    def __init__(self, games: GameService, runner: Runner, settings: Settings) -> None:
        self.runner = runner
        self.kept = SolutionCache(games.store)
        self.hints = Hints(games)
        self.verdicts = Verdicts(games, runner, settings, self.kept)
        self.solutions = Solutions(games, runner, settings, self.kept)
        self.deal_searches = DealSearches(games, runner, settings, self.kept)

    async def close(self) -> None:
        """Stop every solver task and every deal search (the app is shutting down)."""
        await self.runner.close()
        await self.deal_searches.close()
