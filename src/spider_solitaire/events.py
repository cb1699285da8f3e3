"""What an action did, in order, for the browser app to animate.

Each event is a small frozen value with a ``kind`` and a :meth:`Event.to_dict` giving
plain JSON-ready data. Events name cards by their id (a card's place in the shuffled
deal, stable for the whole game; see :attr:`spider_solitaire.position.Position.ids`)
and, where the card is face-up, by its text too. An event never carries the text of a
face-down card: a card turning face-down again (:class:`CardTurnedDown`) or going back
to the stock (:class:`RowUndealt`) is named by its id only.

Playing or redoing an action gives :class:`CardsMoved` or :class:`RowDealt`, then any
:class:`CardTurnedUp` and :class:`RunRemoved` it caused, then :class:`GameWon`. Taking a
run off (``t3``, ``spider-1949``) gives :class:`RunRemoved`, then any
:class:`CardTurnedUp` and :class:`GameWon`.
Undoing it gives the inverse of those events in reverse order (:func:`inverse`), and a
restart gives :class:`Restarted`.

>>> CardsMoved(3, 7, ("5S", "4S"), (12, 40)).to_dict()
{'kind': 'move', 'source': 3, 'target': 7, 'cards': ['5S', '4S'], 'ids': [12, 40]}
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import ClassVar

from .cards import RANKS
from .errors import SpiderError


@dataclass(frozen=True, slots=True)
class Event:
    """Base class of the events returned by ``Game.act`` (and ``play``, ``deal``,
    ``redo``)."""

    kind: ClassVar[str] = "event"

    def to_dict(self) -> dict[str, object]:
        """Return ``{"kind": ..., <fields>}`` with cards as text like ``"TS"`` and tuples
        as lists."""
        data: dict[str, object] = {"kind": self.kind}
        for name in self.__dataclass_fields__:
            value = getattr(self, name)
            data[name] = list(value) if isinstance(value, tuple) else value
        return data


@dataclass(frozen=True, slots=True)
class CardsMoved(Event):
    """``cards`` (text, bottom to top) went from column ``source`` to the end of column
    ``target``; ``ids[i]`` is the id of ``cards[i]``."""

    kind: ClassVar[str] = "move"
    source: int
    target: int
    cards: tuple[str, ...]
    ids: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class RowDealt(Event):
    """A stock row was dealt: ``cards[i]`` (id ``ids[i]``) went face-up onto column
    ``i + 1``."""

    kind: ClassVar[str] = "deal"
    cards: tuple[str, ...]
    ids: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class CardTurnedUp(Event):
    """The last card of ``column``, face-down until now, turned face-up: card ``id`` is
    ``card``."""

    kind: ClassVar[str] = "turn_up"
    column: int
    card: str
    id: int


@dataclass(frozen=True, slots=True)
class RunRemoved(Event):
    """A King-to-Ace run of ``suit`` (a letter, ``S H D C``) left the end of ``column``;
    ``ids`` are its 13 cards' ids, King first."""

    kind: ClassVar[str] = "remove_run"
    column: int
    suit: str
    ids: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class GameWon(Event):
    """All runs are removed; ``score`` is the final score."""

    kind: ClassVar[str] = "won"
    score: int


@dataclass(frozen=True, slots=True)
class RunRestored(Event):
    """Undo of :class:`RunRemoved`: the run's ``cards`` (King first, text) with their
    ``ids`` came back face-up onto the end of ``column``."""

    kind: ClassVar[str] = "restore_run"
    column: int
    suit: str
    cards: tuple[str, ...]
    ids: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class CardTurnedDown(Event):
    """Undo of :class:`CardTurnedUp`: card ``id``, the last of ``column``, went face-down
    again (its text is not given: it is face-down now)."""

    kind: ClassVar[str] = "turn_down"
    column: int
    id: int


@dataclass(frozen=True, slots=True)
class RowUndealt(Event):
    """Undo of :class:`RowDealt`: the last card of each column, ``ids[i]`` from column
    ``i + 1``, went back to the front of the stock (no card text: the stock is hidden)."""

    kind: ClassVar[str] = "undeal"
    ids: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class GameUnwon(Event):
    """Undo of :class:`GameWon`: the game is no longer won."""

    kind: ClassVar[str] = "unwon"


@dataclass(frozen=True, slots=True)
class Restarted(Event):
    """The game went back to its starting position and forgot its history; the new
    layout (ids, face-down counts, face-up cards) is the position's."""

    kind: ClassVar[str] = "restart"


def _run_cards(suit: str) -> tuple[str, ...]:
    return tuple(rank + suit for rank in reversed(RANKS))


def inverse(events: Iterable[Event]) -> list[Event]:
    """Return the events that undo ``events`` (those of one action, in order): each
    event's inverse, in reverse order.

    >>> played = [CardsMoved(3, 7, ("5S",), (12,)), CardTurnedUp(3, "9H", 2)]
    >>> [event.to_dict() for event in inverse(played)]  # doctest: +NORMALIZE_WHITESPACE
    [{'kind': 'turn_down', 'column': 3, 'id': 2},
     {'kind': 'move', 'source': 7, 'target': 3, 'cards': ['5S'], 'ids': [12]}]

    Raises:
        SpiderError: an event that no action gives (an undo's own, or a restart).
    """
    undone: list[Event] = []
    for event in reversed(list(events)):
        if isinstance(event, CardsMoved):
            undone.append(CardsMoved(event.target, event.source, event.cards, event.ids))
        elif isinstance(event, RowDealt):
            undone.append(RowUndealt(event.ids))
        elif isinstance(event, CardTurnedUp):
            undone.append(CardTurnedDown(event.column, event.id))
        elif isinstance(event, RunRemoved):
            undone.append(RunRestored(event.column, event.suit, _run_cards(event.suit), event.ids))
        elif isinstance(event, GameWon):
            undone.append(GameUnwon())
        else:
            raise SpiderError(f"{event!r} is not an event of a played action")
    return undone
