"""The API's named request and response models (docs/api.md is the prose contract).

Cards are text like ``"TS"``; columns are numbered 1-10. Nothing here can hold a
face-down card's identity or the stock's order: a column shows only its face-down
*count*, the stock only its rows left.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from ..events import Event as GameEvent

Column = Annotated[int, Field(ge=1, le=10, description="a column, 1-10")]
CardText = Annotated[str, Field(pattern=r"^[A2-9TJQK][SHDC]$", description='a card, like "TS"')]
SuitText = Annotated[str, Field(pattern=r"^[SHDC]$", description="a suit letter")]
CardId = Annotated[
    int, Field(ge=0, description="a card's id: its place in the deal, stable for the game")
]
SuitCount = Literal[1, 2, 4]
RuleName = Literal["classic", "flexible"]

MAX_VERSION = 2**31 - 1
"""Versions never get near this; larger ones are refused as malformed."""


class _Strict(BaseModel):
    """A request body: unknown fields and type coercion (``"7"`` for ``7``) are refused."""

    model_config = ConfigDict(extra="forbid", strict=True)


class NewGameFromCode(_Strict):
    """Start the deal of a game code (any case, surrounding spaces allowed)."""

    code: Annotated[str, Field(max_length=64, examples=["SP1-S2C-AAAAAAD"])]


class NewGameFromSuits(_Strict):
    """Deal a random game (a seed from the OS) of ``suits`` (default 4) under ``rule``
    (default classic); ``{}`` is this with both defaults."""

    suits: SuitCount = 4
    rule: RuleName = "classic"


class NewGameFromPosition(_Strict):
    """An extension for puzzles and tests: start from position notation (face-down cards
    as real cards; parsed with ``strict=False``, so small boards are allowed). The game
    has no code."""

    position: Annotated[str, Field(max_length=4096)]


NewGameRequest = NewGameFromCode | NewGameFromSuits | NewGameFromPosition
"""Body of ``POST /api/games``: exactly one of the three shapes."""

ACTION_PATTERN = (
    r"^\s*(?:[dD]|[dD][eE][aA][lL]|[uU][nN][dD][oO]|[rR][eE][dD][oO]|[rR][eE][sS][tT][aA][rR][tT]"
    r"|(?:10|[1-9])\s*(?::\s*[1-9][0-9]{0,2}\s*)?>\s*(?:10|[1-9]))\s*$"
)
"""The action notation the API takes: ``3:4>7``, ``3>7``, ``d`` (or ``deal``), ``undo``,
``redo``, ``restart`` (words in any case); columns 1-10. Anything else is 400
``bad_action``."""

Version = Annotated[int, Field(ge=0, le=MAX_VERSION, description="the version the action is for")]


class MoveAction(_Strict):
    """A move (``3:4>7``, ``3>7``), the deal (``d``), ``undo``, ``redo`` or ``restart``,
    for the game at ``version``."""

    version: Version
    action: Annotated[
        str,
        Field(max_length=32, pattern=ACTION_PATTERN, examples=["3:4>7", "3>7", "d", "undo"]),
    ]


class AutoAction(_Strict):
    """A double-click or tap on the last ``count`` cards of ``column``: the server plays the
    engine's ``auto_move`` for that group (422 ``no_target`` when it has none)."""

    version: Version
    action: Literal["auto"]
    column: Column
    count: Annotated[int, Field(ge=1, le=104)]


ActionRequest = MoveAction | AutoAction
"""Body of ``POST /api/games/{id}/actions``."""


class ColumnView(BaseModel):
    """A column as the player sees it: how many cards are face-down, and the face-up
    cards, bottom to top."""

    face_down: Annotated[int, Field(ge=0)]
    face_up: list[CardText]


class GroupView(BaseModel):
    """A movable group: the last ``count`` cards of ``column``, the columns it may legally
    go to (possibly none, lowest first) and the auto-move target (or null)."""

    column: Column
    count: Annotated[int, Field(ge=1)]
    targets: list[Column]
    auto: Column | None


class GameState(BaseModel):
    """The player's view of a game, with what the front end needs to offer moves."""

    id: str
    version: Annotated[int, Field(ge=0)]
    code: str | None = Field(description="the game code; null for a game from a position")
    suits: SuitCount
    rule: RuleName
    score: Annotated[int, Field(ge=0)]
    moves: Annotated[int, Field(ge=0)]
    removed: list[SuitText] = Field(description="suits of the removed runs, in order")
    stock_rows_left: Annotated[int, Field(ge=0)]
    is_won: bool
    can_undo: bool
    can_redo: bool
    assisted: bool = Field(description="a hint or the solver helped in this game")
    columns: Annotated[list[ColumnView], Field(min_length=10, max_length=10)]
    groups: list[GroupView]
    can_deal: bool
    deal_reason: str | None = Field(description="the engine's reason code when no deal")


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
    """A stock row was dealt: ``cards[i]`` went onto column ``i + 1``."""

    kind: Literal["deal"]
    cards: Annotated[list[CardText], Field(min_length=10, max_length=10)]
    ids: Annotated[list[CardId], Field(min_length=10, max_length=10)]


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


Event = Annotated[
    MoveEvent | TurnUpEvent | DealEvent | RemoveRunEvent | WonEvent,
    Field(discriminator="kind"),
]
"""One event of an action, for animation (see :mod:`spider_solitaire.events`)."""

_EVENT_LIST: TypeAdapter[list[Event]] = TypeAdapter(list[Event])


def event_views(events: Iterable[GameEvent]) -> list[Event]:
    """Return the engine's ``events`` as the API's event models (from their ``to_dict()``).

    Raises:
        pydantic.ValidationError: an event of a kind this API does not describe (a bug).
    """
    return _EVENT_LIST.validate_python([event.to_dict() for event in events])


class ActionResult(BaseModel):
    """Answer to an accepted action: the new state and the action's events, in order
    (none for undo and restart)."""

    state: GameState
    events: list[Event]


class ErrorBody(BaseModel):
    """Every error answer: a stable ``reason`` code and a one-sentence ``message`` in the
    player's language; ``detail`` repeats the bad input (English, for bug reports) and
    ``action`` is the refused action in canonical notation, where there is one."""

    reason: str
    message: str
    detail: str | None = None
    action: str | None = None


class StaleVersionBody(ErrorBody):
    """409 ``stale_version``: the action was for an old version; ``state`` is the current
    one, and nothing changed."""

    state: GameState


# --- the solver's help: hints, "Can I still win?", the solution, winnable deals --------


class AssistRequest(_Strict):
    """Ask about the game at ``version``: a hint, "Can I still win?", or the next move of
    the solution. An old version gets 409 ``stale_version`` with the current state."""

    version: Version


class HintView(BaseModel):
    """A suggested action, from what the player can see, and why.

    ``kind`` is ``move`` (move the last ``count`` cards of ``column`` to ``target``),
    ``deal`` (deal a row) or ``stuck`` (no useful move and no deal: undo is the way out).
    ``reasons`` are the hint's codes (``turns_up_card``, ``empties_column``,
    ``builds_in_suit``, ``completes_run``, ``joins_runs``, ``deal_now``, ``stuck``), and
    ``messages`` their sentences in the player's language, in the same order."""

    kind: Literal["move", "deal", "stuck"]
    action: str | None = Field(description='the action in notation ("3:4>7", "d"), or null')
    column: Column | None
    count: Annotated[int, Field(ge=1)] | None
    target: Column | None
    reasons: list[str]
    messages: list[str]


class HintAnswer(BaseModel):
    """The hint and the game's state (now marked ``assisted``)."""

    state: GameState
    hint: HintView


class LastWinnable(BaseModel):
    """Where the game could still be won, when the answer is no.

    ``kind``:

    * ``undo``: undo ``steps`` actions to get back to the last position the solver proved
      winnable, at move counter ``moves``. When ``exact``, the next action, ``action``
      (the game's move ``lost_move``), is the one that lost the game; otherwise the game
      was lost somewhere after that point (the solver could not tell exactly in time).
    * ``restart``: the game was lost before the oldest action undo can reach, and the deal
      is winnable from its start: restart it.
    * ``never``: the deal cannot be won even from its start (or from the oldest position
      undo reaches, when that is the start).
    * ``unknown``: the solver could not tell in time where the game was lost.
    """

    kind: Literal["undo", "restart", "never", "unknown"]
    steps: Annotated[int, Field(ge=1)] | None = None
    moves: Annotated[int, Field(ge=0)] | None = None
    action: str | None = None
    lost_move: Annotated[int, Field(ge=1)] | None = None
    exact: bool = False


class WinCheck(BaseModel):
    """The answer to "Can I still win?" from the current position: ``yes`` (the solver
    found a win), ``no`` (it proved there is none) or ``unknown`` (not found in the time
    limit); when no, ``last_winnable`` says where the game could still be won."""

    state: GameState
    answer: Literal["yes", "no", "unknown"]
    seconds: Annotated[float, Field(ge=0)]
    last_winnable: LastWinnable | None = None


class SolutionStep(BaseModel):
    """The next move of the solver's solution, played: like an action's answer, with the
    move played and how many moves of the solution are left after it."""

    state: GameState
    events: list[Event]
    action: str
    remaining: Annotated[int, Field(ge=0)]


class RewindRequest(_Strict):
    """Undo ``steps`` actions at once (for example back to the last winnable position),
    for the game at ``version``; each undo is recorded as usual (the version goes up by
    ``steps``)."""

    version: Version
    steps: Annotated[int, Field(ge=1, le=1000)]


class DealSearchRequest(_Strict):
    """Deal a random game of ``suits`` and ``rule`` that the solver has won ("winnable
    deals only"); ``{}`` is 4 suits, Classic."""

    suits: SuitCount = 4
    rule: RuleName = "classic"


class DealSearch(BaseModel):
    """A search for a winnable deal, to poll while it runs.

    ``status``: ``running``; ``done`` (``state`` is the new game, now the player's current
    one); ``failed`` (no deal won within ``max_tries`` deals or the time limit, or the
    solver failed: ``reason`` and ``message`` say which); ``cancelled`` (the player started
    another search or solve, or stopped asking). ``tried`` deals were checked so far."""

    id: str
    status: Literal["running", "done", "failed", "cancelled"]
    suits: SuitCount
    rule: RuleName
    tried: Annotated[int, Field(ge=0)]
    max_tries: Annotated[int, Field(ge=1)]
    seconds: Annotated[float, Field(ge=0)]
    state: GameState | None = None
    reason: str | None = None
    message: str | None = None
