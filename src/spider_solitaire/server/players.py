"""Players: an opaque random id in an HttpOnly, SameSite=Lax cookie.

The id is handed out by the server (:meth:`~spider_solitaire.server.db.games.Players.add`)
on the first request that needs one (creating a game). A cookie that is malformed or
unknown to the database is ignored, so a client cannot pick its own id. Nothing else
identifies a player: one player never sees another's games (they answer 404).
"""

from __future__ import annotations

from starlette.responses import Response

from .db import Store
from .ids import player_or_none

COOKIE_NAME = "spider_player"
"""Name of the player cookie (see docs/api.md)."""

COOKIE_MAX_AGE = 400 * 24 * 3600
"""Cookie lifetime in seconds: 400 days, the longest that browsers keep."""


def well_formed(player_id: str | None) -> str | None:
    """Return ``player_id`` when it has the shape of an id we hand out
    (:data:`~.ids.PLAYER`), else None."""
    return player_or_none(player_id)


def ensure_player(store: Store, cookie: str | None) -> tuple[str, bool]:
    """Return ``(player_id, is_new)``: the cookie's player when known, else a new one."""
    known = well_formed(cookie)
    if known is not None and store.players.exists(known):
        return known, False
    return store.players.add(), True


def set_player_cookie(response: Response, player_id: str, *, secure: bool) -> None:
    """Set the player cookie on ``response``: HttpOnly, SameSite=Lax, path ``/``, 400 days,
    and Secure when the request came over HTTPS."""
    response.set_cookie(
        COOKIE_NAME,
        player_id,
        max_age=COOKIE_MAX_AGE,
        path="/",
        httponly=True,
        samesite="lax",
        secure=secure,
    )
