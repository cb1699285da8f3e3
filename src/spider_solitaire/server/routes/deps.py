"""Every dependency of the route modules: the game service, the help service, the record
and daily books, the store, how blocking work is run, the player cookie, the player's
language, the request limits, and the error answers each API route documents.

The dependencies are ``async`` (they do no I/O), and the routes are ``async`` too: each
runs its database and engine work through the app's one helper for it,
:data:`Blocker` (:class:`~spider_solitaire.server.threads.Blocking`): on the event loop
for SQLite (a local file: well under a millisecond, and no thread switching), in the
thread pool for a database across the network.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import Cookie, Depends, Path, Request

from ..db import Store
from ..errors import pick_language
from ..games import GameService
from ..help import Asker, HelpService
from ..ids import GAME, HELP_JOB, SEARCH, SHARE, IdKind, checked
from ..limits import RateLimiter
from ..players import COOKIE_NAME, well_formed
from ..record.daily import DailyBook
from ..record.service import RecordBook
from ..schemas.errors import ConfirmBody, ErrorBody, StaleVersionBody
from ..threads import Blocking


def from_app(name: str) -> Any:
    """Return a dependency that gives a route ``app.state.<name>``, one of the parts
    ``create_app`` made (the service, the help, the books, the store, the limiter, how
    blocking work is run); used in the annotated types below."""

    async def part(request: Request) -> Any:
        return getattr(request.app.state, name)

    part.__doc__ = f"Return the app's ``{name}`` (made by ``create_app``)."
    return Depends(part)


async def player_cookie(
    spider_player: Annotated[str | None, Cookie(alias=COOKIE_NAME)] = None,
) -> str | None:
    """Return the player id from the cookie, or None when absent or malformed."""
    return well_formed(spider_player)


async def language(request: Request) -> str:
    """Return the player's language (``en`` or ``es``) from ``Accept-Language``."""
    return pick_language(request.headers.get("accept-language"))


Service = Annotated[GameService, from_app("service")]
"""The game service (:mod:`..games`): reads and writes games; its methods block."""
Help = Annotated[HelpService, from_app("help")]
"""The help jobs (:mod:`..help`): hint, can-win, the solution, deal searches."""
Blocker = Annotated[Blocking, from_app("blocking")]
"""How a route runs blocking work (the service's, the books', the store's)."""
Book = Annotated[RecordBook, from_app("record")]
"""The player's record as the routes show it (:mod:`..record.service`)."""
Daily = Annotated[DailyBook, from_app("daily")]
"""The daily deals as the routes show them (:mod:`..record.daily`)."""
DataStore = Annotated[Store, from_app("store")]
"""The database."""
Limiter = Annotated[RateLimiter, from_app("limiter")]
"""The request limits (:mod:`..limits`)."""
Player = Annotated[str | None, Depends(player_cookie)]
"""The player id from the cookie (None: no cookie, or a malformed one)."""
Language = Annotated[str, Depends(language)]
"""The player's language."""


def _in_path(kind: IdKind) -> Any:
    """The ``Path`` of an id parameter: its shape in the OpenAPI schema (the check itself
    is :func:`~..ids.checked`, so that a malformed id is a 422 ``bad_id``, not a 400)."""
    return Path(
        description=f"{kind.length} characters of A-Z, a-z, 0-9, - and _",
        json_schema_extra={"pattern": kind.pattern},
    )


async def game_id_in_path(game_id: Annotated[str, _in_path(GAME)]) -> str:
    """Return the path's ``game_id`` (422 ``bad_id`` when malformed)."""
    return checked(GAME, game_id)


async def share_id_in_path(share_id: Annotated[str, _in_path(SHARE)]) -> str:
    """Return the path's ``share_id`` (422 ``bad_id`` when malformed)."""
    return checked(SHARE, share_id)


async def search_id_in_path(search_id: Annotated[str, _in_path(SEARCH)]) -> str:
    """Return the path's ``search_id`` (422 ``bad_id`` when malformed)."""
    return checked(SEARCH, search_id)


async def help_job_id_in_path(help_job_id: Annotated[str, _in_path(HELP_JOB)]) -> str:
    """Return the path's ``help_job_id`` (422 ``bad_id`` when malformed)."""
    return checked(HELP_JOB, help_job_id)


GameId = Annotated[str, Depends(game_id_in_path)]
"""A game id from the path, of the right shape (:data:`..ids.GAME`)."""
ShareId = Annotated[str, Depends(share_id_in_path)]
"""A share id from the path, of the right shape (:data:`..ids.SHARE`)."""
SearchId = Annotated[str, Depends(search_id_in_path)]
"""A winnable-deal search's id from the path, of the right shape (:data:`..ids.SEARCH`)."""
HelpJobId = Annotated[str, Depends(help_job_id_in_path)]
"""A help job's id from the path, of the right shape (:data:`..ids.HELP_JOB`)."""


async def asker(request: Request, player: Player, language: Language) -> Asker:
    """Return who asks for help: the player, their language, the request's
    ``is_disconnected`` (a client that leaves stops its solve) and the client's address."""
    address = request.client.host if request.client is not None else None
    return Asker(player, language, request.is_disconnected, address)


Asking = Annotated[Asker, Depends(asker)]


def _limit(kind: str) -> Any:
    async def check(request: Request, limiter: Limiter, blocking: Blocker, player: Player) -> None:
        address = request.client.host if request.client is not None else None
        await blocking(limiter.check, kind, address, player)

    check.__doc__ = f"Count a {kind} request (429 ``rate_limited`` over its limit)."
    return Depends(check)


SOLVER_LIMIT = _limit("solver")
"""A route's dependency that counts a solver request (:mod:`..limits`)."""
NEW_GAME_LIMIT = _limit("new_game")
"""A route's dependency that counts a new game (:mod:`..limits`)."""
TRANSFER_CLAIM_LIMIT = _limit("transfer_claim")
"""A route's dependency that counts a try of a transfer code (:mod:`..limits`)."""

BAD_ID = "bad_id: an id in the address is not of the shape the server hands out"
"""The 422 of every route with an id in its path (:data:`GameId` and the others)."""

ERROR_DESCRIPTIONS = {
    400: "malformed body or notation: bad_request, bad_action, bad_code, bad_position",
    404: "not_found (unknown id, another player's game) or no_game",
    409: "stale_version: the action was for an old version; the current state is included",
    410: "gone: the code was used or has expired",
    413: "too_large: the body is over the limit",
    422: "the rules refuse the action: the engine's reason code, or no_target; or " + BAD_ID,
    429: "rate_limited: too many such requests from this address or player; too_many_jobs: "
    "as many solver jobs queued or running for this address or player as its share; "
    "Retry-After",
    503: "solver_busy (no free solver in time), solver_failed, or help_unavailable (no "
    "solver worker runs, in the job-queue layout); Retry-After",
}
"""What each documented error status means, unless a route says otherwise."""


def _model(status: int, described: str) -> type[ErrorBody]:
    """The body model of a documented error: a 409 is ``stale_version`` (with the state)
    unless its route says ``confirm_needed`` or another reason."""
    if status != 409:
        return ErrorBody
    if described.startswith("confirm_needed"):
        return ConfirmBody
    return StaleVersionBody if not described else ErrorBody


def error_responses(*statuses: int, **described: str) -> dict[int | str, dict[str, Any]]:
    """Return the OpenAPI ``responses`` entry documenting the given error statuses, with
    :data:`ERROR_DESCRIPTIONS` or a route's own (``s422="game_won: ..."``)."""
    own = {int(key.removeprefix("s")): text for key, text in described.items()}
    return {
        status: {
            "model": _model(status, own.get(status, "")),
            "description": own.get(status, ERROR_DESCRIPTIONS[status]),
        }
        for status in sorted({*statuses, *own})
    }
