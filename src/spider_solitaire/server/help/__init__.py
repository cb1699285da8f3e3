"""Help: the solver's help for players, one module a job:

* :mod:`.hint`: a hint from what the player sees, with its reasons;
* :mod:`.can_win`: can-win ("Can I still win?") and, when not, the last winnable point;
* :mod:`.solution`: the solver's solution, played one move at a time;
* :mod:`.help_jobs`: can-win, the solution's solve and the notice's checks as help jobs the
  browser polls;
* :mod:`.notice`: whether the last action lost a deal that could still be won ("Tell me
  when a move loses the deal");
* :mod:`.deal_search`: searches for a winnable deal;
* :mod:`.polled`: what the work a player polls shares (deal searches, help jobs);
* :mod:`.kept`: the solutions found so far, which the jobs share;
* :mod:`.base`: who asks (:class:`Asker`) and what the jobs that run the solver share
  (:class:`.HelpContext`).

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

from ..db import Store
from ..games import GameService
from ..jobs.runner import Runner
from ..settings import Settings
from ..threads import Blocking
from .base import Asker, HelpContext
from .can_win import CanWin
from .deal_search import DealSearches
from .help_jobs import HelpJobs
from .hint import Hints
from .kept import KeptSolutions
from .notice import Notices
from .solution import Solutions

__all__ = ["Asker", "HelpService"]


class HelpService:
    """The help modules behind the routes, sharing one store of kept solutions.

    Args:
        games: the game service.
        store: the database (kept solutions, deal searches).
        blocking: how the service's blocking methods are run (see :mod:`..threads`).
        runner: runs solver tasks for players.
        settings: the solver's limits.

    Attributes:
        hints, can_win, solutions, notices, help_jobs, deal_searches: one per job (see the module
            docstring).
        kept: the solutions found so far, by game and position.
    """

    def __init__(
        self,
        games: GameService,
        store: Store,
        blocking: Blocking,
        runner: Runner,
        settings: Settings,
    ) -> None:
        self.runner = runner
        self.kept = KeptSolutions(store)
        context = HelpContext(games, store, blocking, runner, settings, self.kept)
        self.hints = Hints(context)
        self.can_win = CanWin(context)
        self.solutions = Solutions(context)
        self.deal_searches = DealSearches(context)
        self.notices = Notices(context)
        self.help_jobs = HelpJobs(context, self.can_win, self.solutions, self.notices)

    async def close(self) -> None:
        """End every deal search and help job of this process (``search_interrupted``),
        then stop every solver task (the app is shutting down)."""
        await self.deal_searches.close()
        await self.help_jobs.close()
        await self.runner.close()
