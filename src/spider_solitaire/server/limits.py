"""Request limits against abuse, shared by every server process through the database.

A few kinds of request are counted per client address and per player in fixed time
windows (``rate_limits``): over a limit, the answer is 429 ``rate_limited`` with
``Retry-After`` (the seconds left in the window). The limits are settings
(:class:`~.settings.Settings`, 0 for none); the client address is the one uvicorn gives,
which is a proxy's ``X-Forwarded-For`` only from the proxies ``--forwarded-allow-ips``
trusts.

Kinds (a decision of ours):

* ``solver``: hints, "Can I still win?", the solution's next move, deal searches: work
  that costs CPU seconds, so that clients without a cookie cannot starve other
  players' solves;
* ``new_game``: new games (each may create a player).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from .db import Store
from .errors import ApiError

KINDS = ("solver", "new_game")
"""The kinds of request counted."""


@dataclass(frozen=True, slots=True)
class Limit:
    """How many requests of one kind a client address and a player may make per window
    (0: no limit)."""

    per_address: int
    per_player: int


class RateLimiter:
    """Count requests and refuse those over their limits (see the module docstring).

    Args:
        store: the database the counters live in.
        limits: the limit of each kind (a kind left out is not limited).
        window_seconds: the length of a window.
        clock: the time in seconds since the epoch (tests give their own).
    """

    def __init__(
        self,
        store: Store,
        limits: dict[str, Limit],
        window_seconds: int = 60,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.store = store
        self.limits = limits
        self.window_seconds = window_seconds
        self.clock = clock

    def check(self, kind: str, address: str | None, player: str | None) -> None:
        """Count a request of ``kind`` from ``address`` by ``player`` (either may be None:
        not counted).

        Raises:
            ApiError: 429 ``rate_limited`` with ``Retry-After`` and ``retry_after`` (whole
                seconds) when the address or the player is over its limit.
        """
        limit = self.limits.get(kind)
        if limit is None:
            return
        now = self.clock()
        window = int(now // self.window_seconds)
        for who, key, most in (
            ("address", address, limit.per_address),
            ("player", player, limit.per_player),
        ):
            if most <= 0 or not key:
                continue
            if self.store.limits.count_request(f"{kind}:{who}:{key}", window) > most:
                retry = max(1, int((window + 1) * self.window_seconds - now + 0.999))
                raise ApiError(
                    429,
                    "rate_limited",
                    headers={"Retry-After": str(retry)},
                    retry_after=retry,
                    limit=f"{most} {kind} requests per {who} in {self.window_seconds} s",
                )
