"""The API's named request and response models (docs/api.md is the prose contract).

Cards are text like ``"TS"``; columns are numbered 1-10; every card has an id (its place
in the deal, stable for the game). Nothing here can hold a face-down card's identity or
the stock's order: a column shows only its face-down *count* and its cards' ids, the
stock only its rows left. Texts (labels, announcements, the help's answers) are finished
sentences in the player's language, built by :mod:`.texts`.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Annotated, Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Discriminator,
    Field,
    Tag,
    TypeAdapter,
    field_validator,
)

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


ConfirmWord = Literal["abandon", "practice"]
"""What a player confirms when starting or opening a game: ``abandon`` (leave the current
game unfinished: it counts as a loss) and ``practice`` (a deal already won: this game
will not count). See docs/record.md."""

Confirmations = Annotated[
    list[ConfirmWord],
    Field(max_length=2, description='what the player confirmed: "abandon", "practice"'),
]


class NewGameFromCode(_Strict):
    """Start the deal of a game code (any case, surrounding spaces allowed)."""

    code: Annotated[str, Field(max_length=64, examples=["SP1-S2C-AAAAAAD"])]
    confirm: Confirmations = []


class NewGameFromSuits(_Strict):
    """Deal a random game (a seed from the OS) of ``suits`` (default 4) under ``rule``
    (default classic); ``{}`` is this with both defaults."""

    suits: SuitCount = 4
    rule: RuleName = "classic"
    confirm: Confirmations = []


class NewGameFromPosition(_Strict):
    """An extension for puzzles and tests: start from position notation (face-down cards
    as real cards; parsed with ``strict=False``, so small boards are allowed). The game
    has no code."""

    position: Annotated[str, Field(max_length=4096)]
    confirm: Confirmations = []


DateText = Annotated[
    str,
    Field(pattern=r"^\d{4}-\d{2}-\d{2}$", examples=["2026-12-02"], description="YYYY-MM-DD"),
]


class NewGameDaily(_Strict):
    """Play the daily deal of ``daily`` (a date, YYYY-MM-DD: the player's local date for
    today's deal, or any earlier date with a deal) at ``suits`` suits (default 2, the
    featured deal); always Classic. A date without a shipped deal is 400
    ``no_daily_deal``."""

    daily: DateText
    suits: SuitCount = 2
    confirm: Confirmations = []


def _new_game_shape(body: Any) -> str:
    """Tell which new-game body ``body`` is meant to be, by its keys, so that a malformed
    one is described against that shape alone (a decision of ours: a too-long position is
    named as such, not as a mismatch with all four shapes): ``"code"`` when it has a
    ``code``, ``"position"`` when it has a ``position``, ``"daily"`` when it has a
    ``daily``, else ``"suits"``."""
    keys = body.keys() if isinstance(body, dict) else getattr(body, "__dict__", {}).keys()
    if "code" in keys:
        return "code"
    if "position" in keys:
        return "position"
    return "daily" if "daily" in keys else "suits"


NewGameRequest = Annotated[
    Annotated[NewGameFromCode, Tag("code")]
    | Annotated[NewGameFromSuits, Tag("suits")]
    | Annotated[NewGameFromPosition, Tag("position")]
    | Annotated[NewGameDaily, Tag("daily")],
    Discriminator(_new_game_shape),
]
"""Body of ``POST /api/games``: exactly one of the four shapes, chosen by its keys
(``code``, ``position``, ``daily``, else suits and rule)."""

Version = Annotated[int, Field(ge=0, le=MAX_VERSION, description="the version the action is for")]


class MoveAction(_Strict):
    """A move (``3:4>7``, ``3>7``), the deal (``d``), ``undo``, ``redo`` or ``restart``,
    for the game at ``version``. The text is read by the engine's grammar alone
    (:func:`spider_solitaire.moves.parse_action`): anything it refuses is 400
    ``bad_action``."""

    version: Version
    action: Annotated[str, Field(max_length=32, examples=["3:4>7", "3>7", "d", "undo"])]


class AutoAction(_Strict):
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


class ColumnView(BaseModel):
    """A column as the player sees it: how many cards are face-down, the face-up cards,
    every card's id (bottom to top, ``face_down + len(face_up)`` of them), and its
    accessible texts in the player's language. A value: kept and shared between states
    (see :func:`.games.column_view`), so it is frozen."""

    model_config = ConfigDict(frozen=True)

    face_down: Annotated[int, Field(ge=0)]
    face_up: list[CardText]
    ids: list[CardId]
    label: str = Field(
        description='"Column 3, 2 face-down, 10 of spades, 9 of hearts to 7 of hearts" '
        '(the largest movable group as a range), or "Column 3, empty"'
    )
    target_label: str = Field(description='the label and ", can take the cards"')
    name: str = Field(description='"Column 3"')
    name_target: str = Field(description='"Column 3, can take the cards"')


class GroupView(BaseModel):
    """A movable group: the last ``count`` cards of ``column``, the columns it may legally
    go to (possibly none, lowest first), the auto-move target (or null), and what a
    keyboard player hears on picking it up. A value, shared between states (frozen)."""

    model_config = ConfigDict(frozen=True)

    column: Column
    count: Annotated[int, Field(ge=1)]
    targets: list[Column]
    auto: Column | None
    pick_up: str = Field(
        description='"Picked up 3 cards, 5 of spades to 3 of spades, from column 4. It can '
        'go to column 7 or 9. Choose with the arrow keys and press Enter."'
    )


class TableLabels(BaseModel):
    """The table's other texts in the player's language (finished sentences). A value,
    shared between states (frozen)."""

    stock: str = Field(description='"Stock, 4 rows left. Deal a row (D)" or "Stock, empty"')
    removed: str = Field(description='"Removed runs: 2 of 8"')
    removed_slots: Annotated[list[str], Field(min_length=8, max_length=8)] = Field(
        description='the 8 places for runs: "Run of spades" or "Empty slot"'
    )
    variant: str = Field(description='"2 suits · Classic", "1 suit"')
    copy_: str | None = Field(
        alias="copy", description='"Copy the game code SP1-..."; null without a code'
    )
    copied: str | None = Field(description='"Game code SP1-... copied."; null without a code')
    copy_failed: str | None = Field(
        description='"Copy failed: the code is SP1-...."; null without a code'
    )
    new_game: str = Field(description='"New game SP1-...: Medium, 2 suits."')
    resumed: str = Field(description='"Resumed game SP1-...."')
    win: str | None = Field(
        description='"All eight runs are removed. Final score: 823." (and a sentence when '
        "hints or the solver helped); null until the game is won"
    )
    time: str | None = Field(
        default=None,
        description='the playing time for the header: "12:34" (minutes and seconds) or '
        '"1:02:03"; null in a replay',
    )
    daily: str | None = Field(
        default=None,
        description='"Daily · 2 Dec" for a daily game (its date); null for any other game',
    )
    stuck: str | None = Field(
        default=None,
        description='"No useful moves left: undo, restart or start a new game." when '
        "``GameState.stuck``; else null",
    )

    model_config = ConfigDict(frozen=True, populate_by_name=True, serialize_by_alias=True)


class WinSummary(BaseModel):
    """The summary shown when a game is won: ``score``, ``moves`` (the move counter),
    ``playing_ms``, whether it was ``assisted``, the winning ``streak`` of its variant and
    class (assisted or not) after it (0 for practice), ``bests``: a sentence for each
    personal best this win set (beating an earlier win of the same variant and class),
    and ``text``: the summary in one finished sentence (several joined)."""

    score: Annotated[int, Field(ge=0)]
    moves: Annotated[int, Field(ge=0)]
    playing_ms: Annotated[int, Field(ge=0)]
    assisted: bool
    streak: Annotated[int, Field(ge=0)]
    bests: list[str]
    text: str


class RecordView(BaseModel):
    """How a game stands in the player's record (docs/record.md).

    ``practice``: it never counts (a deal already won, or a game from a position);
    ``outcome``: its counted result, ``won`` or ``lost``, or null while undecided;
    ``counted``: its result is written in the statistics (``outcome`` is not null);
    ``playing_ms``: playing time so far (idle gaps capped at 60 s); ``started_at``: when it
    was created (ISO 8601 UTC); ``finished_won``: it was won at some point (also a lost
    game finished later, or a practice win); ``summary``: the win summary, on a won game
    (null otherwise)."""

    practice: bool
    outcome: Literal["won", "lost"] | None
    counted: bool
    playing_ms: Annotated[int, Field(ge=0)]
    started_at: str
    finished_won: bool
    summary: WinSummary | None = None


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
    stuck: bool = Field(
        default=False,
        description="the stock is empty and no useful move is left (the hints' own test: "
        "moving cards between equal ranks does not count); the table says so unasked",
    )
    labels: TableLabels
    record: RecordView | None = Field(
        default=None, description="the game in the player's record; null in a replay"
    )


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
    ids: Annotated[list[CardId], Field(min_length=10, max_length=10)]


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


class ErrorBody(BaseModel):
    """Every error answer: a stable ``reason`` code and a one-sentence ``message`` in the
    player's language; ``detail`` repeats the bad input (English, for bug reports) and
    ``action`` is the refused action in canonical notation, where there is one; ``rules``
    the address of the rules page's section that explains a refusal
    (``"/rules#moving-groups"``), where one does; ``problem`` the engine's code for what
    is wrong with a ``bad_action`` text (``"white_space"``, ``"column_range"``, ...)."""

    reason: str
    message: str
    detail: str | None = None
    action: str | None = None
    rules: str | None = None
    problem: str | None = None


class StaleVersionBody(ErrorBody):
    """409 ``stale_version``: the action was for an old version; ``state`` is the current
    one, and nothing changed."""

    state: GameState


# --- the solver's help: hints, "Can I still win?", the solution, winnable deals --------


class AssistRequest(_Strict):
    """Ask about the game at ``version``: a hint, "Can I still win?", or the next move of
    the solution. An old version gets 409 ``stale_version`` with the current state."""

    version: Version


class CanWinRequest(_Strict):
    """Ask "Can I still win?" about the game at ``version``. ``limit`` ``long`` solves
    with the server's longer limit (``Settings.solve_time_limit_long``: "Keep thinking"
    after an ``unknown``); the server bounds it, the client only chooses which."""

    version: Version
    limit: Literal["normal", "long"] = Field(
        default="normal", description='"normal" (the default) or "long" (keep thinking)'
    )


class HintView(BaseModel):
    """A suggested action, from what the player can see, and why.

    ``kind`` is ``move`` (move the last ``count`` cards of ``column`` to ``target``),
    ``deal`` (deal a row) or ``stuck`` (no useful move and no deal: undo is the way out).
    ``reasons`` are the hint's codes (``turns_up_card``, ``empties_column``,
    ``builds_in_suit``, ``completes_run``, ``joins_runs``, ``deal_now``, ``stuck``), and
    ``messages`` their sentences in the player's language, in the same order. ``text``
    is the head sentence, shown before the messages; when stuck with nothing to undo, it
    says the way out (restart or a new game) and there are no reasons. ``short`` is the
    whole hint in one short sentence (what to do and the first reason), shown first."""

    kind: Literal["move", "deal", "stuck"]
    action: str | None = Field(description='the action in notation ("3:4>7", "d"), or null')
    column: Column | None
    count: Annotated[int, Field(ge=1)] | None
    target: Column | None
    reasons: list[str]
    messages: list[str]
    text: str = Field(description='"Hint: move the 4 of spades from column 3 to column 7."')
    short: str = Field(
        description="the hint in one short sentence, what to do and the main reason: "
        '"Move the 4 of spades from column 3 to column 7: it turns up a face-down card."'
    )


class HintAnswer(BaseModel):
    """The hint and the game's state (now marked ``assisted``)."""

    state: GameState
    hint: HintView


class LostAction(BaseModel):
    """An action, structured: ``{"kind": "move", "column": 9, "count": 3, "target": 4}``
    (the last ``count`` cards of ``column`` to ``target``) or ``{"kind": "deal"}``."""

    kind: Literal["move", "deal"]
    column: Column | None = None
    count: Annotated[int, Field(ge=1)] | None = None
    target: Column | None = None


class LastWinnable(BaseModel):
    """Where the game could still be won, when the answer is no.

    ``kind``:

    * ``undo``: undo ``steps`` actions to get back to the last position the solver proved
      winnable, at move counter ``moves``. When ``exact``, the next action,
      ``lost_action`` (``action`` in notation; the game's move ``lost_move``), is the one
      that lost the game; otherwise the game was lost somewhere after that point (the
      solver could not tell exactly in time).
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
    lost_action: LostAction | None = None


class WinCheck(BaseModel):
    """The answer to "Can I still win?" from the current position: ``yes`` (the solver
    found a win), ``no`` (it proved there is none) or ``unknown`` (not found in the time
    limit); when no, ``last_winnable`` says where the game could still be won.
    ``message`` is the whole answer in words, ``action_label`` the label of the button
    that goes back to where it could still be won ("Undo 3 actions", "Restart"), or null
    when there is none. ``longer`` is true for an ``unknown`` within the normal limit:
    the solver may tell with the long one."""

    state: GameState
    answer: Literal["yes", "no", "unknown"]
    seconds: Annotated[float, Field(ge=0)]
    last_winnable: LastWinnable | None = None
    message: str
    action_label: str | None = None
    longer: bool = Field(
        default=False,
        description="unknown within the normal limit: asking again with "
        '"limit": "long" gives the solver more time',
    )


class SolutionStep(BaseModel):
    """The next move of the solver's solution, played: like an action's answer, with the
    move played and how many moves of the solution are left after it. ``message`` is the
    panel's sentence ("Showing the solution: 12 moves left.", or "The solution is played
    to the end." when none is left); ``announcement`` what the live region says: what the
    move did, then the message."""

    state: GameState
    events: list[Event]
    action: str
    remaining: Annotated[int, Field(ge=0)]
    announcement: str
    message: str


class RewindRequest(_Strict):
    """Undo ``steps`` actions at once (for example back to the last winnable position),
    for the game at ``version``; each undo is recorded as usual (the version goes up by
    ``steps``)."""

    version: Version
    steps: Annotated[int, Field(ge=1, le=1000)]


class DealSearchRequest(_Strict):
    """Deal a random game of ``suits`` and ``rule`` that the solver has won ("winnable
    deals only"); ``{}`` is 4 suits, Classic. ``confirm``: as for a new game (``abandon``
    when the current game would be left unfinished: checked when the search starts)."""

    suits: SuitCount = 4
    rule: RuleName = "classic"
    confirm: Confirmations = []


class DealSearch(BaseModel):
    """A search for a winnable deal, to poll while it runs.

    ``status``: ``running``; ``done`` (``state`` is the new game, now the player's current
    one); ``failed`` (no deal won within ``max_tries`` deals or the time limit, or the
    solver failed: ``reason`` and ``message`` say which); ``cancelled`` (the player started
    another search or solve, or stopped asking). ``tried`` deals were checked so far.
    ``message`` is the sentence to show: the progress while running ("Checking deals: 3
    of at most 20 tried…"), the reason's sentence when failed or cancelled, null when
    done."""

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


# --- the player's record: statistics, history, replays, transfer ----------------------


class ConfirmBody(ErrorBody):
    """409 ``confirm_needed``: starting or opening this game needs the player's
    confirmation; ``message`` asks it (one sentence each), ``confirm`` lists the words to
    send back in the request's ``confirm``. Nothing changed."""

    confirm: list[ConfirmWord]


class OpenRequest(_Strict):
    """Open one of the player's games (it becomes the current one); ``confirm`` as for a
    new game (``abandon`` when the current game would be left unfinished)."""

    confirm: Confirmations = []


class Figures(BaseModel):
    """The figures of one variant and class (assisted or not), from the counted results
    after the latest reset (docs/record.md gives each definition). Nulls: no game (or no
    win) to take the figure from."""

    finished: int
    won: int
    lost: int
    win_rate: float | None
    current_streak: int
    best_streak: int
    worst_losing_streak: int
    best_score: int | None
    fewest_moves: int | None
    fastest_win_ms: int | None
    average_moves: float | None
    average_win_ms: int | None


class VariantStats(BaseModel):
    """One variant's figures, unassisted and assisted apart, with its ``label``."""

    suits: SuitCount
    rule: RuleName
    label: str
    unassisted: Figures
    assisted: Figures


class InProgress(BaseModel):
    """The player's current game while it is undecided and has actions (not in the
    figures)."""

    game_id: str
    label: str
    moves: int
    playing_ms: int


class LastResult(BaseModel):
    """One counted result, for the strip of the last 50."""

    game_id: str
    outcome: Literal["won", "lost"]
    decided_at: str
    label: str


class ScorePoint(BaseModel):
    """One counted result's score, for the score-over-time picture."""

    decided_at: str
    score: int
    outcome: Literal["won", "lost"]


class DailyStats(BaseModel):
    """The daily games' own row (every suit count together; not also in their suit
    count's row), unassisted and assisted apart, with its ``label`` ("Daily deal")."""

    label: str
    unassisted: Figures
    assisted: Figures


class Stats(BaseModel):
    """``GET /api/stats``: the figures per variant (the 1-, 2- and 4-suit Classic rows
    always, others when they have results), the daily deal's row apart, the game in
    progress apart, the last 50 results and up to 200 scores (oldest first), and the
    counting rules as sentences."""

    variants: list[VariantStats]
    daily: DailyStats
    in_progress: InProgress | None
    last_results: list[LastResult]
    scores: list[ScorePoint]
    rules_help: list[str]


class ResetRequest(_Strict):
    """Reset the figures of ``suits`` and ``rule`` (null: every value; ``{}`` resets
    all)."""

    suits: SuitCount | None = None
    rule: RuleName | None = None

    @field_validator("suits", mode="before")
    @classmethod
    def _not_a_bool(cls, value: Any) -> Any:
        """Refuse ``true``/``false`` (Python counts ``True`` as 1, JSON does not)."""
        if isinstance(value, bool):
            raise ValueError("suits is 1, 2, 4 or null, not a boolean")
        return value


HistoryStatus = Literal["playing", "won", "lost", "lost_then_won", "practice", "practice_won"]


class HistoryGame(BaseModel):
    """One game in the history: when it started, its variant ``label``, ``code`` (null
    from a position), ``status`` (and ``status_label`` in words), figures as they stand,
    and whether it is the player's ``current`` game."""

    game_id: str
    started_at: str
    label: str
    code: str | None
    status: HistoryStatus
    status_label: str
    score: int
    moves: int
    playing_ms: int
    assisted: bool
    current: bool


class HistoryPage(BaseModel):
    """``GET /api/history?page=N``: 20 games a page, newest first."""

    games: list[HistoryGame]
    page: int
    pages: int
    total: int


class ReplayAction(BaseModel):
    """One entry of a game's action log: its ``number`` (1..N), the ``action`` as stored
    (``3:4>7``, ``d``, ``undo``, ``redo``, ``restart``) and what it did in words."""

    number: int
    action: str
    label: str


class ReplayLog(BaseModel):
    """A game's whole action log, for the replay viewer: ``steps`` entries."""

    steps: int
    actions: list[ReplayAction]


class ReplayStep(BaseModel):
    """The table after ``step`` entries of the log, as the player saw it then (face-down
    cards only counted), and what that step did (``label``)."""

    step: int
    state: GameState
    label: str


class ShareLink(BaseModel):
    """A public replay link: ``url`` is ``/replay/<share_id>``."""

    share_id: str
    url: str


class TransferCode(BaseModel):
    """A one-time transfer code (``ABCD-EFGH``) and when it expires (ISO 8601 UTC)."""

    code: str
    expires_at: str


class TransferClaim(_Strict):
    """Claim a transfer code (any case; the hyphen and spaces are optional)."""

    code: Annotated[str, Field(max_length=32)]


class TransferClaimed(BaseModel):
    """The claimed record is now this browser's; ``message`` says so."""

    message: str


# --- the daily deal ----------------------------------------------------------------------

DailyStatus = Literal["won", "won_late", "lost", "playing", "none"]
"""The player's result for a daily deal: ``won`` (on its own date, in the player's time
zone), ``won_late`` (won on a later date), ``lost`` (counted lost, never won), ``playing``
(a game of it undecided), ``none`` (not played)."""


class DailyDealView(BaseModel):
    """One of a date's three daily deals: its ``suits``, game ``code``, whether it is the
    ``featured`` one (2 suits), its ``label`` ("2 suits · Classic"), and the player's
    ``status`` (with ``status_label`` in words)."""

    suits: SuitCount
    code: str
    featured: bool
    label: str
    status: DailyStatus
    status_label: str


class DailyDay(BaseModel):
    """A date of the month's calendar: ``featured``: the player's result for the 2-suit
    deal; ``others``: the best of the 1- and 4-suit deals (won, won late, playing, lost,
    none in that order); ``playable``: it has deals and is not after today; ``label``: the
    date and its results in words, for screen readers."""

    date: str
    day: Annotated[int, Field(ge=1, le=31)]
    featured: DailyStatus
    others: DailyStatus
    playable: bool
    today: bool
    label: str


class DailyView(BaseModel):
    """``GET /api/daily``: the ``date``'s deals with the player's results, the month's
    calendar (``month`` YYYY-MM, its ``month_label``, the seven ``weekdays`` from Monday,
    ``lead``: empty places before the 1st in a week starting on Monday, ``days``),
    ``previous``/``next`` months with deals (null at the ends), and the daily
    ``streak`` (dates in a row won on their own date, counting back from today or
    yesterday) with ``streak_text``."""

    date: str
    label: str
    deals: list[DailyDealView]
    month: str
    month_label: str
    weekdays: Annotated[list[str], Field(min_length=7, max_length=7)]
    lead: Annotated[int, Field(ge=0, le=6)]
    days: list[DailyDay]
    previous: str | None
    next: str | None
    streak: Annotated[int, Field(ge=0)]
    streak_text: str
