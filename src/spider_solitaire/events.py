"""What an action did, in order, for the browser app to animate.

Each event is a small frozen value with a ``kind`` and a :meth:`to_dict` giving plain
JSON-ready data. Card identities in events are always face-up cards (a dealt card, a
card turned up), never a face-down one.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar


@dataclass(frozen=True, slots=True)
class Event:
    """Base class of the events returned by ``Game.play``, ``Game.deal`` and ``Game.redo``."""

    kind: ClassVar[str] = "event"

    def to_dict(self) -> dict[str, object]:
        """Return ``{"kind": ..., <fields>}`` with cards as text like ``"TS"``."""
        data: dict[str, object] = {"kind": self.kind}
        for name in self.__dataclass_fields__:
            value = getattr(self, name)
            data[name] = list(value) if isinstance(value, tuple) else value
        return data


@dataclass(frozen=True, slots=True)
class CardsMoved(Event):
    """``cards`` (text, bottom to top) went from column ``source`` to column ``target``."""

    kind: ClassVar[str] = "move"
    source: int
    target: int
    cards: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class RowDealt(Event):
    """A stock row was dealt: ``cards[i]`` went face-up onto column ``i + 1``."""

    kind: ClassVar[str] = "deal"
    cards: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class CardTurnedUp(Event):
    """The last card of ``column``, face-down until now, turned face-up: ``card``."""

    kind: ClassVar[str] = "turn_up"
    column: int
    card: str


@dataclass(frozen=True, slots=True)
class RunRemoved(Event):
    """A King-to-Ace run of ``suit`` (a letter, ``S H D C``) left the end of ``column``."""

    kind: ClassVar[str] = "remove_run"
    column: int
    suit: str


@dataclass(frozen=True, slots=True)
class GameWon(Event):
    """All runs are removed; ``score`` is the final score."""

    kind: ClassVar[str] = "won"
    score: int
