"""The review of a finished game as the API gives it (issue 30): ``POST
/api/games/{id}/review`` starts it as a help job (or answers at once from the review kept),
``GET /api/help-jobs/{id}`` gives it once done. No face-down card and no stock order:
positions are named by their index on the game's line (the replay's), actions by their
notation."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, Field

from ...solver.review import MomentKind

Status = Literal["winnable", "lost", "unknown"]
"""A position's status along the game (:data:`~spider_solitaire.solver.review.STATUS_WORDS`)."""


class ReviewHint(BaseModel):
    """The hint at the position before the move that lost: its ``move`` (notation; null
    when stuck), ``reasons`` (reason codes) with their sentences (``messages``, in the
    reader's language) and the short ``line`` it starts."""

    move: str | None
    reasons: list[str]
    messages: list[str]
    line: list[str]


class MoveThatLost(BaseModel):
    """The first action after which the deal could no longer be won: its ``number`` on the
    line (from 1: the position before it is ``number - 1`` on the line, the one after it
    ``number``), its ``action``, the solver's winning ``solver_line`` from the position
    before it, the ``hint`` there and whether the action was the hint's
    (``followed_hint``; null without a hint)."""

    number: Annotated[int, Field(ge=1)]
    step: Annotated[int, Field(ge=0)] = Field(
        description="the replay's step of the position before it (where to go back to)"
    )
    action: str
    solver_line: list[str]
    hint: ReviewHint | None
    followed_hint: bool | None


class ReviewMoment(BaseModel):
    """One of the moves that mattered: the action ``number`` (from 1) on the line, the
    replay's ``step`` after it, its ``action`` and its ``kinds``, with their words
    (``words``) and the whole item in words (``label``), in the reader's language."""

    number: Annotated[int, Field(ge=1)]
    step: Annotated[int, Field(ge=0)]
    action: str
    kinds: list[MomentKind]
    words: str
    label: str


class ReviewSpan(BaseModel):
    """Positions ``first`` to ``last`` of the line (after that many actions) that share a
    ``status``, the replay's steps where they are (``first_step``, ``last_step``) and the
    span in words (``label``)."""

    status: Status
    first: Annotated[int, Field(ge=0)]
    last: Annotated[int, Field(ge=0)]
    first_step: Annotated[int, Field(ge=0)]
    last_step: Annotated[int, Field(ge=0)]
    label: str


class ReviewUndone(BaseModel):
    """Actions undone (and not redone) that left the line after ``after`` of its actions."""

    after: Annotated[int, Field(ge=0)]
    actions: list[str]


class ReviewResult(BaseModel):
    """A review as kept with its game (``reviews.result``, JSON; no words): what
    :func:`~spider_solitaire.solver.review.review_data` gives without positions."""

    actions: list[str]
    won: bool
    steps: list[int] = []
    statuses: list[Status]
    move_that_lost: dict[str, object] | None
    moments: list[dict[str, object]]
    undone: list[ReviewUndone]
    probes: Annotated[int, Field(ge=0)]
    node_limit: int | None
    seconds: Annotated[float, Field(ge=0)]
    cpu_seconds: Annotated[float, Field(ge=0)]


class ReviewAnswer(BaseModel):
    """A finished game's review (issue 30), in the reader's language.

    ``statuses``: one per position of the game's line (``actions`` plus one: the start,
    then after each action), winnable / lost / unknown (a position the solver could not
    settle within its limit is unknown, never guessed); ``steps``: each position's step in
    the replay (the game's whole action log, undo included); ``spans``: the same as runs
    of one status, in words (the list a screen reader reads). ``move_that_lost``: null when the
    game was never winnable, never lost, or the solver could not tell where. ``moments``:
    the moves that mattered. ``undone``: the actions undone, apart from the line.
    ``message``: the review's verdict in words. ``probes``: positions solved;
    ``seconds``: the review's time when it was made (once per game)."""

    game_id: str
    version: Annotated[int, Field(ge=0)]
    actions: list[str]
    statuses: list[Status]
    steps: list[int]
    spans: list[ReviewSpan]
    move_that_lost: MoveThatLost | None
    moments: list[ReviewMoment]
    undone: list[ReviewUndone]
    message: str
    probes: Annotated[int, Field(ge=0)]
    seconds: Annotated[float, Field(ge=0)]
