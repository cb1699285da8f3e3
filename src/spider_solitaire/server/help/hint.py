"""The hint: one suggested action from what the player sees, with its reasons (the
server's side of the help; the look-ahead itself is the solver's
:func:`spider_solitaire.solver.hints.hint`)."""

from __future__ import annotations

from typing import Literal

from ...cards import CARD_TEXTS
from ...game import Game
from ...solver import hint as solver_hint
from ..errors import ApiError
from ..games import GameService
from ..schemas.help import HintAnswer, HintView
from ..texts import hint_short, hint_text
from ..threads import IN_THREADS, Blocking
from .base import Asker


def hint_view(game: Game, language: str) -> HintView:
    """Return the solver's hint for ``game`` as the player sees it, its sentences in
    ``language`` (the solver's hint looks only at the player's view of the game).

    When the hint is ``stuck`` and nothing can be undone, the solver's reason (undo is
    the way out) does not apply: the hint has no reasons, and its text says the way out
    (restart or a new game), a decision of the server, which knows the undo history.
    """
    result = solver_hint(game)
    move = result.move
    reasons = list(result.reasons)
    messages = result.explain(language)
    kind: Literal["move", "deal", "stuck"] = "stuck"
    action: str | None = None
    column: int | None = None
    count: int | None = None
    target: int | None = None
    if move is not None and move.is_deal:
        kind, action = "deal", "d"
        text = hint_text(language, kind)
        short = hint_short(language, kind)
    elif move is not None:
        kind, action = "move", str(move)
        column, count, target = move.source, move.resolved_count, move.target
        group = [CARD_TEXTS[card] for card in game.position.columns[column - 1][-count:]]
        text = hint_text(language, kind, group=group, source=column, target=target)
        main = reasons[0] if reasons else None
        short = hint_short(language, kind, group=group, source=column, target=target, reason=main)
    else:
        text = hint_text(language, kind, can_undo=game.can_undo)
        short = hint_short(language, kind, can_undo=game.can_undo)
        if not game.can_undo:
            reasons, messages = [], []
    return HintView(
        kind=kind,
        action=action,
        column=column,
        count=count,
        target=target,
        reasons=reasons,
        messages=messages,
        text=text,
        short=short,
    )


class Hints:
    """Hints for the routes.

    Args:
        games: the game service (reads the game, marks it assisted).
        blocking: how the service's blocking methods are run (see :mod:`..threads`).
    """

    def __init__(self, games: GameService, blocking: Blocking) -> None:
        self.games = games
        self.blocking = blocking

    async def hint(self, asker: Asker, game_id: str, version: int) -> HintAnswer:
        """Return the hint for ``asker``'s game at ``version`` with its sentences in their
        language, and the game's state, now marked assisted.

        The hint is a short look-ahead in this process (measured: 5-20 ms typical, 60 ms
        at worst), run in a thread so that the event loop keeps answering meanwhile; it
        needs no worker process (it sees only the player's view).

        Raises:
            ApiError: 404, 409 ``stale_version``, 422 ``game_won`` (the game is then not
                marked assisted).
        """
        games, blocking, language = self.games, self.blocking, asker.language
        loaded = await blocking(games.at_version, asker.player, game_id, version)
        if loaded.game.is_won:
            raise ApiError(422, "game_won")
        view = await IN_THREADS(hint_view, loaded.game, language)
        marked = await blocking(games.mark_assisted, loaded)
        return HintAnswer(state=games.state(marked, language), hint=view)
