"""The models of ``/api/games/{id}/actions`` and ``/api/games/{id}/rewind``."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import AfterValidator, BaseModel, Discriminator, Field, PrivateAttr, Tag

from ...errors import InvalidMoveError
from ...moves import AUTO_WORD, Action, Auto, is_auto, parse_action
from .common import Column, StrictBody, Version
from .events import Event
from .state import GameState


class MoveAction(StrictBody):
    """A move (``3:4>7``, ``3>7``), the deal (``d``), ``undo``, ``redo`` or ``restart``,
    for the game at ``version``. The text is read here, once, by the engine's grammar
    (:func:`spider_solitaire.moves.parse_action`, columns 1-10; a column the game does
    not have is the engine's to refuse): :attr:`value` is what the server plays.
    Anything the grammar refuses is 400 ``bad_action``, answered once the game is found
    at its version (so a missing game is still 404 and an old version 409, whatever the
    text; the refusal names the game's columns). The schema bounds its length at 256
    characters (white space around an action is ignored however much there is; a
    decision of ours), longer is 400 ``bad_request``."""

    version: Version
    action: Annotated[str, Field(max_length=256, examples=["3:4>7", "3>7", "d", "undo"])]
    _read: Action | InvalidMoveError = PrivateAttr()

    def model_post_init(self, context: Any, /) -> None:
        """Read :attr:`action` into :attr:`value`, or keep the grammar's refusal."""
        try:
            self._read = parse_action(self.action)
        except InvalidMoveError as error:
            self._read = error

    @property
    def value(self) -> Action:
        """The action read from :attr:`action` (a :class:`~spider_solitaire.moves.Move`
        or a :class:`~spider_solitaire.moves.Control`).

        Raises:
            InvalidMoveError: the grammar refused the text.
        """
        if isinstance(self._read, InvalidMoveError):
            raise self._read
        return self._read


def _auto_word(text: str) -> str:
    """Return ``text`` when it is the word ``auto`` (:func:`spider_solitaire.moves.is_auto`).

    Raises:
        ValueError: any other text (pydantic makes it a 400 ``bad_request``).
    """
    if not is_auto(text):
        raise ValueError(f"{text[:40]!r} is not {AUTO_WORD!r}")
    return text


class AutoAction(StrictBody):
    """A double-click or tap on the last ``count`` cards of ``column``: the server plays the
    engine's ``auto_move`` for that group (422 ``no_target`` when it has none)."""

    version: Version
    action: Annotated[str, AfterValidator(_auto_word), Field(examples=[AUTO_WORD])]
    column: Column
    count: Annotated[int, Field(ge=1, le=104)]

    @property
    def value(self) -> Auto:
        """The double-click as a value."""
        return Auto(self.column, self.count)


def _action_shape(body: Any) -> str:
    """Tell which action body ``body`` is meant to be, so that a malformed one is
    described against that shape alone: ``"auto"`` when its ``action`` is the word auto
    (:func:`spider_solitaire.moves.is_auto`), else ``"notation"``."""
    action = body.get("action") if isinstance(body, dict) else getattr(body, "action", None)
    return "auto" if is_auto(action) else "notation"


ActionRequest = Annotated[
    Annotated[MoveAction, Tag("notation")] | Annotated[AutoAction, Tag("auto")],
    Discriminator(_action_shape),
]
"""Body of ``POST /api/games/{id}/actions``: an :class:`AutoAction` when ``action`` is
auto (in any case), else a :class:`MoveAction`; either's ``value`` is the action to play."""


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
