"""The player's view of a game (:class:`GameState`) and its parts: columns, movable
groups, the table's labels and the game's place in the player's record. Built by
:mod:`..views`."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from .common import CardId, CardText, Column, RuleName, Stars, SuitCount, SuitText, VariantName


class ColumnView(BaseModel):
    """A column as the player sees it: how many cards are face-down, the face-up cards,
    every card's id (bottom to top, ``face_down + len(face_up)`` of them), and its
    accessible texts in the player's language. A value: kept and shared between states
    (see :func:`.views.column_view`), so it is frozen."""

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
    removed_slots: Annotated[list[str], Field(min_length=1, max_length=8)] = Field(
        description="the places for runs, one per run of the variant (8, or 4): "
        '"Run of spades" or "Empty slot"'
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

    stars: str | None = Field(
        default=None,
        description='the deal\'s level for the header: "2 stars" ("2 estrellas"); null '
        "for a deal that is not rated",
    )
    stars_note: str | None = Field(
        default=None,
        description="in the answer to a new game of a level (``stars``) alone: what deal was "
        'given when the player has played every one ("You have played every deal rated 2 '
        'stars of this game and suits: this is one you have not won yet."); else null',
    )

    model_config = ConfigDict(frozen=True, populate_by_name=True, serialize_by_alias=True)


class WinSummary(BaseModel):
    """The summary shown when a game is won: ``score``, ``moves`` (the move counter),
    ``playing_ms``, whether it was ``assisted``, the winning ``streak`` of its variant and
    class (assisted or not) after it (0 for practice), ``bests``: a sentence for each
    personal best this win set (beating an earlier win of the same variant and class),
    ``text``: the summary in one finished sentence (several joined), and ``note``: what
    the figures, streak, bests and ``assisted`` do not say (practice, or already counted
    as a loss), or null: the summary window shows each thing once (issue 19)."""

    score: Annotated[int, Field(ge=0)]
    moves: Annotated[int, Field(ge=0)]
    playing_ms: Annotated[int, Field(ge=0)]
    assisted: bool
    streak: Annotated[int, Field(ge=0)]
    bests: list[str]
    text: str
    note: str | None = None


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


class TakeOffView(BaseModel):
    """A complete run the player may take off (``spider-1949`` alone: there runs do not
    leave by themselves): its ``column``, the button's ``label`` and the screen reader's
    ``ready`` sentence, both from the catalog. The action is ``t<column>``."""

    column: Column
    label: str = Field(description='"Take off the run of spades at the end of column 3 (T)."')
    ready: str = Field(description="said when the run becomes available to take off")

    model_config = ConfigDict(frozen=True)


class GameState(BaseModel):
    """The player's view of a game, with what the front end needs to offer moves."""

    id: str
    version: Annotated[int, Field(ge=0)]
    code: str | None = Field(description="the game code; null for a game from a position")
    variant: VariantName = Field(description="the game of the family (the registry's name)")
    variant_title: str = Field(description='its title in the catalog: "Spiderette"')
    column_count: Annotated[int, Field(ge=1, le=10)] = Field(
        description="the variant's columns (10, or 7): the length of ``columns``"
    )
    runs: Annotated[int, Field(ge=1, le=8)] = Field(
        description="the complete runs that win the game (8, or 4 with one pack)"
    )
    suits: SuitCount
    rule: RuleName
    score: Annotated[int, Field(ge=0)]
    moves: Annotated[int, Field(ge=0)]
    removed: list[SuitText] = Field(description="suits of the removed runs, in order")
    stock_rows_left: Annotated[int, Field(ge=0)]
    is_won: bool
    can_undo: bool = Field(description="undo may be sent (false once the game is won)")
    can_redo: bool = Field(description="redo may be sent (false once the game is won)")
    can_restart: bool = Field(
        default=True,
        description="restart may be sent: true until the game is won (a won game is "
        "finished: undo, redo and restart are refused with 422 game_over)",
    )
    assisted: bool = Field(description="a hint or the solver helped in this game")
    columns: Annotated[list[ColumnView], Field(min_length=1, max_length=10)]
    groups: list[GroupView]
    take_offs: list[TakeOffView] = Field(
        default_factory=list,
        description="the complete runs the player may take off now (``spider-1949``)",
    )
    can_deal: bool
    deal_reason: str | None = Field(description="the engine's reason code when no deal")
    stuck: bool = Field(
        default=False,
        description="the stock is empty and no useful move is left (the hints' own test: "
        "moving cards between equal ranks does not count); the table says so unasked",
    )
    finish: list[str] | None = Field(
        default=None,
        description="every card is face up and the stock is empty, and the solver found a "
        "win: its actions in action notation (``3:4>7``), which the table offers to play "
        'as the player\'s own moves ("Finish"); null when finishing is not certain, in a '
        "replay, or when a card is still hidden",
    )
    stars: Stars | None = Field(
        default=None,
        description="the deal's level, 1 to 3 stars within its game, suits and rule, when "
        "the deal is one of the shipped rated deals (spider_solitaire.levels, looked up by "
        "its code); null for any other deal",
    )
    labels: TableLabels
    record: RecordView | None = Field(
        default=None, description="the game in the player's record; null in a replay"
    )
