"""Dependencies shared by the route modules: the game service, the player cookie and the
error answers each API route documents.

The dependencies are ``async`` (they do no I/O), and the routes are ``async`` too: each
runs its database and engine work with one :func:`run_blocking` call: on the event loop
for SQLite (a local file: well under a millisecond, and no thread switching), in the
thread pool for a database across the network.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any, ParamSpec, TypeVar

from fastapi import Cookie, Request, Response
from starlette.concurrency import run_in_threadpool

from ..games import GameService
from ..players import COOKIE_NAME, well_formed
from ..schemas import ErrorBody, StaleVersionBody


async def get_service(request: Request) -> GameService:
    """Return the app's :class:`GameService` (made by ``create_app``)."""
    service: GameService = request.app.state.service
    return service


async def player_cookie(
    spider_player: Annotated[str | None, Cookie(alias=COOKIE_NAME)] = None,
) -> str | None:
    """Return the player id from the cookie, or None when absent or malformed."""
    return well_formed(spider_player)


P = ParamSpec("P")
T = TypeVar("T")


async def run_blocking(
    service: GameService, function: Callable[P, T], *args: P.args, **kwargs: P.kwargs
) -> T:
    """Run ``function`` (database and engine work): right here when ``service.inline``
    (see :attr:`Settings.db_in_threads <spider_solitaire.server.settings.Settings>`), else
    in the thread pool."""
    if service.inline:
        return function(*args, **kwargs)
    return await run_in_threadpool(function, *args, **kwargs)


def json_response(body: bytes, status_code: int = 200) -> Response:
    """Answer ``body``, JSON already serialized (the documented model is the route's
    ``response_model``; the service built and cached the bytes from that model)."""
    return Response(content=body, status_code=status_code, media_type="application/json")


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
