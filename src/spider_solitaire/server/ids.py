"""The shape of every id the server hands out, in one place: each is checked here before
it reaches the database (a NUL byte or a 300-character id never gets to a query).

Every id is random and URL-safe (``secrets.token_urlsafe(n)``: ``ceil(4n / 3)``
characters of ``A-Z a-z 0-9 - _``), so its shape is exact: a string of another length
or alphabet is no id of ours, and is refused at the door (422 ``bad_id``) or, for the
player cookie, ignored (as if there were no cookie: a client cannot pick its own id).
The other texts a client sends have their own checks where they are read: game codes
(:mod:`spider_solitaire.codes`), transfer codes (:mod:`.record.service`), daily dates and
time zones (:mod:`.record.daily`, with :data:`TIME_ZONE` from here).

The route parameters that carry ids are typed in :mod:`.routes.deps` (``GameId``,
``ShareId``, ``SearchId``, ``HelpJobId``) from :func:`checked`.
"""

from __future__ import annotations

import re
import secrets
from dataclasses import dataclass
from typing import Final

from .errors import ApiError

URL_SAFE = "A-Za-z0-9_-"
"""The alphabet of ``secrets.token_urlsafe`` (base64url without padding)."""


def token_length(random_bytes: int) -> int:
    """Return the length of ``secrets.token_urlsafe(random_bytes)``: 4 characters for
    every 3 bytes, rounded up (no padding).

    Example::

        >>> token_length(12), token_length(16), token_length(24)
        (16, 22, 32)
    """
    return -(-random_bytes * 4 // 3)


@dataclass(frozen=True, slots=True)
class IdKind:
    """One kind of id: its ``name`` (as the routes' parameters say it), how many random
    bytes make one (``secrets.token_urlsafe(random_bytes)``), and so its exact length and
    pattern."""

    name: str
    random_bytes: int

    @property
    def length(self) -> int:
        """The id's length in characters."""
        return token_length(self.random_bytes)

    @property
    def pattern(self) -> str:
        """The id's regular expression (for a full match; the OpenAPI ``pattern``)."""
        return f"^[{URL_SAFE}]{{{self.length}}}$"

    def make(self) -> str:
        """Return a new random id of this kind."""
        return secrets.token_urlsafe(self.random_bytes)

    def matches(self, value: object) -> bool:
        """Whether ``value`` is a string of this kind's exact shape."""
        return (
            isinstance(value, str)
            and len(value) == self.length
            and _URL_SAFE_TEXT.fullmatch(value) is not None
        )


_URL_SAFE_TEXT = re.compile(f"[{URL_SAFE}]*", re.ASCII)

GAME: Final = IdKind("game_id", 12)
"""A game's id (16 characters)."""
SHARE: Final = IdKind("share_id", 16)
"""A shared replay's link id (22 characters)."""
SEARCH: Final = IdKind("search_id", 12)
"""A winnable-deal search's id (16 characters)."""
JOB: Final = IdKind("job_id", 12)
"""A solver job's id (16 characters; no route takes one)."""
HELP_JOB: Final = IdKind("help_job_id", 12)
"""A help job's id (16 characters): "Can I still win?" or a solve, polled."""
PLAYER: Final = IdKind("player_id", 24)
"""A player's id, the player cookie's value (32 characters)."""

KINDS: Final = (GAME, SHARE, SEARCH, JOB, HELP_JOB, PLAYER)
"""Every id kind."""

TIME_ZONE: Final = re.compile(r"[A-Za-z0-9_+\-]+(?:/[A-Za-z0-9_+\-]+)*", re.ASCII)
"""The alphabet of an IANA time zone name (``America/Argentina/Buenos_Aires``,
``Etc/GMT+3``: no ``.``, so no ``..``), for a full match; at most
:data:`TIME_ZONE_LENGTH` characters. A name of this shape may still be unknown."""
TIME_ZONE_LENGTH: Final = 64
"""The longest time zone name taken (the longest IANA name has 30 characters)."""
DATE: Final = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}", re.ASCII)
"""A date as the daily deals' routes take it, YYYY-MM-DD (ASCII digits), for a full
match; it may still be no date (2026-02-30)."""
MONTH: Final = re.compile(r"[0-9]{4}-[0-9]{2}", re.ASCII)
"""A month as the daily calendar takes it, YYYY-MM (ASCII digits), for a full match."""
STATIC_TOKEN: Final = re.compile(r"[A-Za-z0-9.+!_]{1,40}-(?:[0-9a-f]{10}|none)", re.ASCII)
"""The version token of the browser app's files (``0.1.0-3f2a9c1d0b``; see
:func:`.routes.pages.static_token`), for a full match."""


def time_zone_name(value: str) -> bool:
    """Whether ``value`` has the shape of an IANA time zone name (:data:`TIME_ZONE`)."""
    return len(value) <= TIME_ZONE_LENGTH and TIME_ZONE.fullmatch(value) is not None


def checked(kind: IdKind, value: str) -> str:
    """Return ``value`` when it has the shape of a ``kind`` id.

    Raises:
        ApiError: 422 ``bad_id`` naming the parameter and the shape expected (the value
            itself is not repeated: it may hold anything).
    """
    if not kind.matches(value):
        raise ApiError(
            422,
            "bad_id",
            detail=f"{kind.name}: not {kind.length} characters of A-Z, a-z, 0-9, - and _",
        )
    return value


def player_or_none(value: str | None) -> str | None:
    """Return the player cookie's ``value`` when it has the shape of a player id, else
    None (a malformed cookie counts as no cookie)."""
    return value if value is not None and PLAYER.matches(value) else None
