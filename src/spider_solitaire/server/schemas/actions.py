"""The models of ``/api/games/{id}/actions`` and ``/api/games/{id}/rewind``."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import BaseModel, Discriminator, Field, Tag

from .common import Column, StrictBody, Version
from .events import Event
from .state import GameState


class MoveAction(StrictBody):
    """A move (``3:4>7``, ``3>7``), the deal (``d``), ``undo``, ``redo`` or ``restart``,
    for the game at ``version``. The text is read by the engine's grammar alone
    (:func:`spider_solitaire.moves.parse_action`): anything it refuses is 400
    ``bad_action``. The schema bounds its length at 256 characters (white space around an
    action is ignored however much there is; a decision of ours), longer is 400
    ``bad_request``."""

    version: Version
    action: Annotated[str, Field(max_length=256, examples=["3:4>7", "3>7", "d", "undo"])]


class AutoAction(StrictBody):
    """A double-click or tap on the last ``count`` cards of ``column``: the server plays the
    engine's ``auto_move`` for that group (422 ``no_target`` when it has none)."""

    version: Version
    action: Annotated[str, Field(pattern=r"^\s*[aA][uU][tT][oO]\s*$", examples=["auto"])]
    column: Column
    count: Annotated[int, Field(ge=1, le=104)]


def _action_shape(body: Any) -> str:
    """Tell which action body ``body`` is meant to be, so that a malformed one is
    described against that shape alone: ``"auto"`` when its ``action`` is the word auto
    (any case, spaces around), else ``"notation"``."""
    action = body.get("action") if isinstance(body, dict) else getattr(body, "action", None)
    return "auto" if isinstance(action, str) and action.strip().lower() == "auto" else "notation"


ActionRequest = Annotated[
    Annotated[MoveAction, Tag("notation")] | Annotated[AutoAction, Tag("auto")],
    Discriminator(_action_shape),
]
"""Body of ``POST /api/games/{id}/actions``: an :class:`AutoAction` when ``action`` is
auto (in any case), else a :class:`MoveAction`."""


class ActionResult(BaseModel):
    """Answer to an accepted action: the new state, the action's events in order (undo,
    redo and restart too; a rewind gives those of its undos in order), and one finished
    sentence saying what it did, for the live region and the notice."""

    state: GameState
    events: list[Event]
    announcement: str = Field(
        description='"Moved the 4 of spades from column 3 to column 7. Turned up the 9 of '
        'hearts in column 3.", "Undone.", "Redone. Moved ...", "Restarted the same deal."'
    )


class RewindRequest(StrictBody):
    """Undo ``steps`` actions at once (for example back to the last winnable position),
    for the game at ``version``; each undo is recorded as usual (the version goes up by
    ``steps``)."""

    version: Version
    steps: Annotated[int, Field(ge=1, le=1000)]
