"""Dependencies shared by the route modules: the game service, the player cookie and the
error answers each API route documents."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import Cookie, Request

from ..games import GameService
from ..players import COOKIE_NAME, well_formed
from ..schemas import ErrorBody, StaleVersionBody


def get_service(request: Request) -> GameService:
    """Return the app's :class:`GameService` (made by ``create_app``)."""
    service: GameService = request.app.state.service
    return service


def player_cookie(
    spider_player: Annotated[str | None, Cookie(alias=COOKIE_NAME)] = None,
) -> str | None:
    """Return the player id from the cookie, or None when absent or malformed."""
    return well_formed(spider_player)


def error_responses(*statuses: int) -> dict[int | str, dict[str, Any]]:
    """Return the OpenAPI ``responses`` entry documenting the given error statuses."""
    descriptions = {
        400: "malformed body or notation: bad_request, bad_action, bad_code, bad_position",
        404: "not_found (unknown id, another player's game) or no_game",
        409: "stale_version: the action was for an old version; the current state is included",
        413: "too_large: the body is over the limit",
        422: "the rules refuse the action: the engine's reason code, or no_target",
    }
    return {
        status: {
            "model": StaleVersionBody if status == 409 else ErrorBody,
            "description": descriptions[status],
        }
        for status in statuses
    }
