"""The events of an action, for animation: the engine's events as the API gives them."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Annotated, Literal

from pydantic import BaseModel, Field, TypeAdapter

from ...events import Event as GameEvent
from .common import CardId, CardText, Column, SuitText


class MoveEvent(BaseModel):
    """``cards`` (bottom to top) went from column ``source`` to column ``target``."""

    kind: Literal["move"]
    source: Column
    target: Column
    cards: list[CardText]
    ids: list[CardId]


class TurnUpEvent(BaseModel):
    """The last card of ``column`` turned face-up: ``card``."""

    kind: Literal["turn_up"]
    column: Column
    card: CardText
    id: CardId


class DealEvent(BaseModel):
    """A stock row was dealt: ``cards[i]`` went onto column ``i + 1`` (a short last row
    fills columns 1 to N alone)."""

    kind: Literal["deal"]
    cards: Annotated[list[CardText], Field(min_length=1, max_length=10)]
    ids: Annotated[list[CardId], Field(min_length=1, max_length=10)]


class RemoveRunEvent(BaseModel):
    """A King-to-Ace run of ``suit`` left the end of ``column``."""

    kind: Literal["remove_run"]
    column: Column
    suit: SuitText
    ids: Annotated[list[CardId], Field(min_length=13, max_length=13)]


class WonEvent(BaseModel):
    """The game is won with ``score``."""

    kind: Literal["won"]
    score: Annotated[int, Field(ge=0)]


class RestoreRunEvent(BaseModel):
    """Undo of a removed run: its ``cards`` (King first) with their ``ids`` came back
    face-up onto the end of ``column``."""

    kind: Literal["restore_run"]
    column: Column
    suit: SuitText
    cards: Annotated[list[CardText], Field(min_length=13, max_length=13)]
    ids: Annotated[list[CardId], Field(min_length=13, max_length=13)]


class TurnDownEvent(BaseModel):
    """Undo of a turn-up: card ``id``, the last of ``column``, is face-down again (no card
    text: it is hidden now)."""

    kind: Literal["turn_down"]
    column: Column
    id: CardId


class UndealEvent(BaseModel):
    """Undo of a deal: the last card of each column, ``ids[i]`` from column ``i + 1``,
    went back to the stock (no card text: the stock is hidden)."""

    kind: Literal["undeal"]
    ids: Annotated[list[CardId], Field(min_length=1, max_length=10)]


class UnwonEvent(BaseModel):
    """Undo of the winning action: the game is no longer won."""

    kind: Literal["unwon"]


class RestartEvent(BaseModel):
    """The game is back at its start and its history is gone; the layout (ids, face-down
    counts, face-up cards) is the state's that comes with it."""

    kind: Literal["restart"]


Event = Annotated[
    MoveEvent
    | TurnUpEvent
    | DealEvent
    | RemoveRunEvent
    | WonEvent
    | RestoreRunEvent
    | TurnDownEvent
    | UndealEvent
    | UnwonEvent
    | RestartEvent,
    Field(discriminator="kind"),
]
"""One event of an action, for animation (see :mod:`spider_solitaire.events`): playing or
redoing an action gives ``move`` or ``deal``, then ``turn_up``, ``remove_run``, ``won``;
undoing it gives ``restore_run``, ``turn_down``, the ``move`` back, ``undeal``,
``unwon`` (the inverse, in reverse order); a restart gives ``restart``."""


_EVENT_LIST: TypeAdapter[list[Event]] = TypeAdapter(list[Event])


def event_views(events: Iterable[GameEvent]) -> list[Event]:
    """Return the engine's ``events`` as the API's event models (from their ``to_dict()``).

    Raises:
        pydantic.ValidationError: an event of a kind this API does not describe (a bug).
    """
    return _EVENT_LIST.validate_python([event.to_dict() for event in events])
