"""API errors: one exception type, the player's language, and the JSON error body.

Every error answer is ``{"reason": <code>, "message": <one sentence in the player's
language>, ...}`` (docs/api.md). Reasons of refused actions are the engine's codes with
their sentences in the catalog's ``reasons`` section; the server's own reasons
(:data:`SERVER_REASONS`) have theirs in its ``errors`` section
(:mod:`spider_solitaire.messages`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..errors import REASONS, InvalidMoveError
from ..messages import LANGUAGES, catalog, explain, message, reason_text
from .rule_links import rules_link

SERVER_REASONS: frozenset[str] = frozenset(catalog(LANGUAGES[0])["errors"])
"""The server's own reason codes: the keys of the catalog's ``errors`` section."""


class ApiError(Exception):
    """An error answer: HTTP ``status``, a ``reason`` code, response ``headers`` (such as
    ``Retry-After``) and extra body fields.

    The message is chosen when the answer is written, in the request's language; so is
    an extra field given as a :class:`Localized` (a function of the language, such as
    the current state with its labels). An extra ``message`` replaces the reason's own
    sentence (``bad_action`` gives the engine's sentence for what is wrong).

    Raises:
        AssertionError: ``reason`` is neither an engine nor a server reason code (a bug).
    """

    def __init__(
        self, status: int, reason: str, *, headers: dict[str, str] | None = None, **extra: Any
    ) -> None:
        if reason not in REASONS and reason not in SERVER_REASONS:
            raise AssertionError(f"unknown reason code {reason!r}")
        super().__init__(f"{status} {reason}")
        self.status = status
        self.reason = reason
        self.headers = headers or {}
        self.extra = extra

    def body(self, language: str) -> dict[str, Any]:
        """Return the JSON body: reason, message in ``language``, the rules page's section
        that explains a refusal (``rules``, when one does), then the extra fields (a
        :class:`Localized` one made in ``language``)."""
        extra = {
            key: value.make(language) if isinstance(value, Localized) else value
            for key, value in self.extra.items()
        }
        body = {"reason": self.reason, "message": reason_message(self.reason, language)}
        link = rules_link(self.reason)
        if link is not None:
            body["rules"] = link
        return body | extra


class Localized:
    """An error answer's field that depends on the player's language, made when the
    answer is written: ``Localized(service.state, loaded)`` gives
    ``service.state(loaded, language)``.

    Args:
        make: called as ``make(*args, language)``.
        args: its first arguments.
    """

    def __init__(self, make: Callable[..., Any], *args: Any) -> None:
        self._make = make
        self._args = args

    def make(self, language: str) -> Any:
        """Return the field's value in ``language``."""
        return self._make(*self._args, language)


def bad_action(error: InvalidMoveError) -> ApiError:
    """Return the 400 ``bad_action`` answer to an action the engine's grammar refused (or
    whose column the game does not have): the engine's sentence as the message, its
    error as ``detail`` and its reason code as ``problem``."""
    return ApiError(
        400,
        "bad_action",
        message=Localized(explain, error),
        detail=str(error),
        problem=error.reason,
    )


def reason_message(reason: str, language: str = "en") -> str:
    """Return the one-sentence message for ``reason`` (engine or server code) in
    ``language`` (English when the language is unknown)."""
    if reason in REASONS:
        return reason_text(reason, language)
    return message("errors", reason, language)


def pick_language(accept_language: str | None) -> str:
    """Return ``"en"`` or ``"es"`` from an ``Accept-Language`` header (English by default).

    The header's entries are weighed by their ``q`` values; the first language we speak
    with the highest weight wins (``es-ES`` counts as ``es``).

    Example::

        >>> pick_language("es-ES,es;q=0.9,en;q=0.8")
        'es'
    """
    if not accept_language:
        return LANGUAGES[0]
    best, best_q = LANGUAGES[0], 0.0
    for entry in accept_language.split(",")[:20]:
        tag, _, params = entry.strip().partition(";")
        primary = tag.strip().split("-")[0].lower()
        quality = 1.0
        params = params.strip()
        if params.startswith("q="):
            try:
                quality = float(params[2:])
            except ValueError:
                quality = 0.0
        if primary in LANGUAGES and quality > best_q:
            best, best_q = primary, quality
    return best
