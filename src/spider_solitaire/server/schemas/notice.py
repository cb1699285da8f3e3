"""The notice's models ("You just lost it", issue 30 part 2): the answer a help job of
kind ``notice`` gives (``POST /api/games/{id}/notice``, polled at
``GET /api/help-jobs/{id}``). Three values and a sentence: no position, no solution, no
count of positions solved."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel

from .common import Version
from .state import GameState

NoticeValue = Literal["lost_it", "fine", "unknown"]
"""Whether the game's last action lost a deal that could still be won: ``lost_it``
(winnable before it, not after), ``fine`` (it lost nothing: winnable after it, or already
lost before it), ``unknown`` (the solver could not settle it in time: no notice)."""


class NoticeAnswer(BaseModel):
    """The answer of a finished notice check about the game at ``version`` (the version
    the check was asked for, so that a page can drop an answer about an older one).

    ``stale`` true: the game is no longer at ``version`` (or the player left it): the
    answer is withheld (``answer``, ``message`` and ``state`` null) and nothing is marked.
    Otherwise ``answer`` is one of :data:`NoticeValue`; ``message`` is the sentence to show
    for ``lost_it`` ("That move lost a deal that could still be won.", null otherwise);
    ``state`` is the game's state once marked assisted (``lost_it`` only)."""

    version: Version
    stale: bool = False
    answer: NoticeValue | None = None
    message: str | None = None
    state: GameState | None = None
