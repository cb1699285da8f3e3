"""The models of the help routes (docs/api.md): a hint, can-win ("Can I still win?"),
the solution one move at a time and the search for a winnable deal."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, Field

from ...solver import HINT_BUDGET
from ...variants import CLASSIC
from .common import (
    DEFAULT_VARIANT,
    Column,
    Confirmations,
    RuleName,
    StrictBody,
    SuitCount,
    VariantName,
    Version,
)
from .events import Event
from .notice import NoticeAnswer
from .state import GameState


class HelpRequest(StrictBody):
    """Ask about the game at ``version``: a hint, "Can I still win?", or the next move of
    the solution. An old version gets 409 ``stale_version`` with the current state."""

    version: Version


class HintRequest(StrictBody):
    """Ask for a hint about the game at ``version``: ``index`` 0 (the default) is the best,
    1 the next good move, and so on, round again past the last (``index`` modulo the
    hints ranked): what repeated presses of H ask for. ``think_longer`` true gives the
    search ten times the node budget ("Think longer"); a value that is not a JSON boolean
    is 400 ``bad_request`` naming the field."""

    version: Version
    index: Annotated[int, Field(ge=0, le=1000)] = Field(
        default=0, description="which ranked hint: 0 the best, then the next (wraps round)"
    )
    think_longer: bool = Field(
        default=False,
        description='"Think longer" (Shift+H): the search gets ten times the node budget '
        "(solver.THINK_LONGER times solver.HINT_BUDGET)",
    )


class CanWinRequest(StrictBody):
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
    ``deal`` (deal a row), ``take_off`` (``spider-1949``: take off the complete run at the
    end of ``column``; ``count`` and ``target`` null) or ``stuck`` (no useful move and no
    deal: undo is the way out).
    ``reasons`` are the hint's codes (``turns_up_card``, ``empties_column``,
    ``builds_in_suit``, ``completes_run``, ``joins_runs``, ``deal_now``, ``fill_to_deal``,
    ``stuck``), and
    ``messages`` their sentences in the player's language, in the same order. ``text``
    is the head sentence, shown before the messages; when stuck with nothing to undo, it
    says the way out (restart or a new game) and there are no reasons. ``short`` is the
    whole hint in one short sentence (what to do and the first reason), shown first.
    ``number`` of ``choices``: its place among the ranked hints (``rank`` in words)."""

    kind: Literal["move", "deal", "take_off", "stuck"]
    action: str | None = Field(description='the action in notation ("3:4>7", "d"), or null')
    column: Column | None
    count: Annotated[int, Field(ge=1)] | None
    target: Column | None
    reasons: list[str]
    messages: list[str]
    text: str = Field(description='"Hint: move the 4 of spades from column 3 to column 7."')
    short: str = Field(
        description="the hint in one short sentence, what to do and the main reason: "
        '"Move the 4 of spades from column 3 to column 7: it turns up a face-down card."; '
        'with several hints ranked, led by its rank: "Hint 2 of 5: Move ..."'
    )
    number: Annotated[int, Field(ge=1)] = Field(
        default=1, description="which of the ranked hints this is (1: the best)"
    )
    choices: Annotated[int, Field(ge=1)] = Field(
        default=1, description="how many hints are ranked for this position (at most 5)"
    )
    rank: str = Field(default="", description='"2 of 5"')
    why: str = Field(
        default="",
        description="the whole explanation (the panel's Why?): text, then once "
        '"Here is what it does, now or in the next few moves." when a reason may come '
        "from the line the move starts, then the messages",
    )
    chance: Annotated[float, Field(ge=0, le=1)] | None = Field(
        default=None,
        description="the search's estimate of the chance to win by following the hints "
        "from here; null when no search judged this hint (a take-off, stuck, a forced "
        "deal; a followed plan keeps the chance estimated when it was chosen)",
    )
    chance_text: str | None = Field(
        default=None,
        description='"About 40% from here; the other lines 25% or less." (null without a chance)',
    )
    nodes: Annotated[int, Field(ge=0)] = Field(
        default=0, description="node expansions the search spent on this hint (0: none ran)"
    )
    budget: Annotated[int, Field(ge=1)] = Field(
        default=HINT_BUDGET, description="the node budget the search was given"
    )
    thought_longer: bool = Field(
        default=False, description='the hint was asked with "think_longer": true'
    )
    longer_text: str | None = Field(
        default=None,
        description='when thought longer, "Thought longer: 48213 positions weighed." '
        "(``nodes``); else null",
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


class CanWinAnswer(BaseModel):
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


class DealSearchRequest(StrictBody):
    """Deal a game of ``variant`` (a name of the registry, default ``spider``; another is
    400 ``bad_request`` naming it) with ``suits`` and ``rule`` that the solver has won
    ("winnable deals only"); ``{}`` is ``spider``, 4 suits, Classic. ``confirm``: as for a
    new game (``abandon`` when the current game would be left unfinished: checked when the
    search starts)."""

    variant: VariantName = DEFAULT_VARIANT
    suits: SuitCount = 4
    rule: RuleName = CLASSIC
    confirm: Confirmations = []


class DealSearch(BaseModel):
    """A search for a winnable deal of ``variant`` (a game of the family), ``suits`` and
    ``rule``, to poll while it runs.

    ``status``: ``running``; ``done`` (``state`` is the new game, now the player's current
    one); ``failed`` (no deal won within ``max_tries`` deals or the time limit, or the
    solver failed: ``reason`` and ``message`` say which); ``cancelled`` (the player started
    another search or solve, or stopped asking). ``tried`` deals were checked so far.
    ``message`` is the sentence to show: the progress while running ("Checking deals: 3
    of at most 20 tried…"), the reason's sentence when failed or cancelled, null when
    done. ``stock``: the deal came from the shipped stock of deals proved winnable, at
    once (``done`` with ``tried`` 0); false for a search."""

    id: str
    status: Literal["running", "done", "failed", "cancelled"]
    suits: SuitCount
    rule: RuleName
    variant: VariantName
    tried: Annotated[int, Field(ge=0)]
    max_tries: Annotated[int, Field(ge=1)]
    stock: bool = False
    seconds: Annotated[float, Field(ge=0)]
    state: GameState | None = None
    reason: str | None = None
    message: str | None = None


class HelpJob(BaseModel):
    """A help job the player polls (``GET /api/help-jobs/{id}``): "Can I still win?"
    (``kind`` ``can_win``), the solve behind "Show solution" (``solution``) or the check
    whether the last action lost the deal (``notice``), asked about the game ``game_id`` at
    ``version``.

    ``status``: ``running``; ``done`` (for ``can_win``, ``can_win`` holds the answer with
    the game's state as it is now; for ``solution``, the solution is kept: ask
    ``POST /api/games/{id}/solution/next`` again to play its first move; for ``notice``,
    ``notice`` holds the answer, withheld when the game has moved on); ``failed``
    (``reason``: ``not_winnable``, ``no_solution_found``, ``search_interrupted``,
    ``solver_failed``...); ``cancelled`` (``stopped`` by the player, ``solve_cancelled``
    when the player asked the solver again, or nobody asked about it for a while).
    ``probes`` is how many positions the solver has finished so far (can-win searching
    the game's history; always 0 for ``notice``, whose count would tell), ``seconds``
    the time since it started (to its end once ended), ``limit_seconds`` the most it
    takes by the server's limits (the solve's time limit, and for ``can_win`` the history
    search's budget after it): the page's progress bar.
    ``message`` is the sentence to show: the progress while running, the reason's sentence
    when failed or cancelled, null when done."""

    id: str
    kind: Literal["can_win", "solution", "notice"]
    game_id: str
    version: Version
    status: Literal["running", "done", "failed", "cancelled"]
    probes: Annotated[int, Field(ge=0)]
    seconds: Annotated[float, Field(ge=0)]
    limit_seconds: Annotated[float, Field(ge=0)]
    can_win: CanWinAnswer | None = None
    notice: NoticeAnswer | None = None
    reason: str | None = None
    message: str | None = None
