"""API errors: one exception type, the player's language, and the JSON error body.

Every error answer is ``{"reason": <code>, "message": <one sentence in the player's
language>, ...}`` (docs/api.md). Reasons of refused actions are the engine's codes with
the engine's sentences (:mod:`spider_solitaire.messages`); the reasons below belong to
the server and have their sentences here, in English and Spanish.
"""

from __future__ import annotations

from typing import Any

from ..errors import REASONS
from ..messages import LANGUAGES, reason_text

SERVER_MESSAGES: dict[str, dict[str, str]] = {
    "en": {
        "no_target": "That group can move, but no column can take it.",
        "bad_action": (
            "That is not an action: write 3:4>7 (four cards from column 3 to column 7), "
            "3>7, d, undo, redo, restart or auto."
        ),
        "bad_code": (
            "That is not a game code: a code looks like SP1-S2C-AAAAAAD "
            "(1, 2 or 4 suits, rule C or F, then 7 letters A-Z or digits 2-7)."
        ),
        "bad_position": "That is not a position in the position notation.",
        "bad_request": "The request is not JSON of the shape this address expects.",
        "not_found": "There is no such game or page here.",
        "no_game": "There is no game to resume yet: start a new one.",
        "stale_version": "The game changed in another window; here is how it stands now.",
        "too_large": "The request is too large.",
        "method_not_allowed": "This address does not take that kind of request.",
        "server_error": "Something went wrong on the server; nothing was changed.",
        "solve_cancelled": "This request was stopped because you asked the solver again.",
        "solver_busy": "The solver is busy with other players' games; try again in a moment.",
        "solver_failed": "The solver stopped without an answer (it ran out of time or memory).",
        "not_winnable": (
            "The solver proved that this game cannot be won from here, so there is no "
            "solution to show."
        ),
        "no_solution_found": "The solver found no solution in its time limit.",
        "no_winnable_deal": (
            "The solver did not win any of the deals it tried in its time limit; "
            "try again or deal an unchecked game."
        ),
    },
    "es": {
        "no_target": "Ese grupo se puede mover, pero ninguna columna lo admite.",
        "bad_action": (
            "Eso no es una acción: escribe 3:4>7 (cuatro cartas de la columna 3 a la 7), "
            "3>7, d, undo, redo, restart o auto."
        ),
        "bad_code": (
            "Eso no es un código de partida: un código es como SP1-S2C-AAAAAAD "
            "(1, 2 o 4 palos, regla C o F y 7 letras A-Z o cifras 2-7)."
        ),
        "bad_position": "Eso no es una posición en la notación de posiciones.",
        "bad_request": "La petición no es un JSON con la forma que espera esta dirección.",
        "not_found": "Aquí no hay ninguna partida ni página así.",
        "no_game": "Todavía no hay ninguna partida que continuar: empieza una nueva.",
        "stale_version": "La partida ha cambiado en otra ventana; así está ahora.",
        "too_large": "La petición es demasiado grande.",
        "method_not_allowed": "Esta dirección no admite ese tipo de petición.",
        "server_error": "Algo ha fallado en el servidor; no se ha cambiado nada.",
        "solve_cancelled": "Esta petición se ha detenido porque has vuelto a pedir al resolvedor.",
        "solver_busy": (
            "El resolvedor está ocupado con partidas de otros jugadores; "
            "inténtalo de nuevo dentro de un momento."
        ),
        "solver_failed": (
            "El resolvedor se ha detenido sin respuesta (se quedó sin tiempo o sin memoria)."
        ),
        "not_winnable": (
            "El resolvedor ha demostrado que esta partida ya no se puede ganar, así que no "
            "hay solución que mostrar."
        ),
        "no_solution_found": "El resolvedor no ha encontrado una solución en su tiempo límite.",
        "no_winnable_deal": (
            "El resolvedor no ha ganado ninguna de las partidas que ha probado en su tiempo "
            "límite; inténtalo de nuevo o reparte una partida sin comprobar."
        ),
    },
}
"""Sentences for the server's own reason codes, per language."""


class ApiError(Exception):
    """An error answer: HTTP ``status``, a ``reason`` code, and extra body fields.

    The message is chosen when the answer is written, in the request's language.
    """

    def __init__(self, status: int, reason: str, **extra: Any) -> None:
        if reason not in REASONS and reason not in SERVER_MESSAGES["en"]:
            raise AssertionError(f"unknown reason code {reason!r}")
        super().__init__(f"{status} {reason}")
        self.status = status
        self.reason = reason
        self.extra = extra

    def body(self, language: str) -> dict[str, Any]:
        """Return the JSON body: reason, message in ``language``, then the extra fields."""
        return {"reason": self.reason, "message": reason_message(self.reason, language)} | (
            self.extra
        )


def reason_message(reason: str, language: str = "en") -> str:
    """Return the one-sentence message for ``reason`` (engine or server code) in
    ``language`` (English when the language is unknown)."""
    if reason in REASONS:
        return reason_text(reason, language)
    texts = SERVER_MESSAGES.get(language, SERVER_MESSAGES["en"])
    return texts.get(reason, SERVER_MESSAGES["en"][reason])


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
