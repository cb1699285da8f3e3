"""The bodies of the error answers (every one has a ``reason`` and a ``message``)."""

from __future__ import annotations

from pydantic import BaseModel

from .common import ConfirmWord
from .state import GameState


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


class ConfirmBody(ErrorBody):
    """409 ``confirm_needed``: starting or opening this game needs the player's
    confirmation; ``message`` asks it (one sentence each), ``confirm`` lists the words to
    send back in the request's ``confirm``. Nothing changed."""

    confirm: list[ConfirmWord]
