"""The models of the player's record: statistics, history, replays, share links and
transfer codes (docs/record.md)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, Field

from .common import (
    DEFAULT_VARIANT,
    Confirmations,
    RuleName,
    Stars,
    StrictBody,
    SuitCount,
    VariantName,
)
from .state import GameState


class OpenRequest(StrictBody):
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


class StarsWins(BaseModel):
    """The wins of one deal level (``stars``, 1-3) within a variant's figures: its counted
    games of deals rated that level (assisted or not, together), ``won`` of ``finished``,
    and ``text``, the finished sentence ("2 stars: 3 of 5 won")."""

    stars: Stars
    finished: int
    won: int
    text: str


class VariantStats(BaseModel):
    """One variant's figures (a game of the family at some suits and rule), unassisted
    and assisted apart, with its ``label`` ("Spiderette · 2 suits · Classic"), and its
    wins split by deal level (``by_stars``: the levels with a counted game of a rated
    deal, gentlest first; empty when none)."""

    variant: VariantName = DEFAULT_VARIANT
    suits: SuitCount
    rule: RuleName
    label: str
    unassisted: Figures
    assisted: Figures
    by_stars: list[StarsWins] = []


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


class ResetRequest(StrictBody):
    """Reset the figures of ``variant`` (a game of the family) at ``suits`` and ``rule``
    (null: every value; ``{}`` resets all)."""

    suits: SuitCount | None = None
    rule: RuleName | None = None
    variant: VariantName | None = None


HistoryStatus = Literal["playing", "won", "lost", "lost_then_won", "practice", "practice_won"]


class HistoryGame(BaseModel):
    """One game in the history: when it started, when its counted result was decided
    (``decided_at``, the time the statistics' strip gives it; null while undecided and for
    practice), its variant ``label``, ``code`` (null from a position), ``status`` (and
    ``status_label`` in words), figures as they stand, and whether it is the player's
    ``current`` game."""

    game_id: str
    started_at: str
    decided_at: str | None = None
    label: str
    code: str | None
    status: HistoryStatus
    status_label: str
    score: int
    moves: int
    playing_ms: int
    assisted: bool
    current: bool
    stars: Stars | None = Field(
        default=None, description="the deal's level, 1-3; null if not rated"
    )
    stars_label: str | None = Field(default=None, description='"2 stars"; null if not rated')


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


ReplayOutcome = Literal["won", "lost", "playing"]


class ReplayAbout(BaseModel):
    """What a replay shows, for whoever watches it (a shared link's visitor too): the
    deal and how the game ended, nothing of its player (no player or game id, no other
    game, no assisted flag).

    ``variant`` is the variant's name ("2 suits · Classic"); ``code`` the deal's game code
    (null for a game started from a position: "Play this deal" needs a code); ``daily``
    the daily deal's label ("Daily · 2 Dec") or null; ``outcome`` how the log ends:
    ``won`` (the last run removed at some point), ``lost`` (counted lost and never won),
    ``playing`` (an owner's undecided game); ``moves`` and ``score`` the move counter and
    score at the end of the log; ``played_at`` the last action's time (ISO 8601 UTC; the
    start's for a game with none)."""

    variant: str
    suits: SuitCount
    rule: RuleName
    code: str | None
    daily: str | None
    outcome: ReplayOutcome
    outcome_label: str
    moves: int
    score: int
    played_at: str


class ReplayLog(BaseModel):
    """A game's whole action log, for the replay viewer: ``steps`` entries, and what the
    replay shows (``about``)."""

    steps: int
    actions: list[ReplayAction]
    about: ReplayAbout


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


class TransferClaim(StrictBody):
    """Claim a transfer code (any case; the hyphen and spaces are optional)."""

    code: Annotated[str, Field(max_length=32)]


class TransferClaimed(BaseModel):
    """The claimed record is now this browser's; ``message`` says so."""

    message: str
