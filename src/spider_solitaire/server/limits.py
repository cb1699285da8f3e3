"""Request limits against abuse, shared by every server process through the database.

A few kinds of request are counted per client address and per player over a sliding
window (``rate_limits``): over a limit, the answer is 429 ``rate_limited`` with
``Retry-After`` (the seconds until a request would be taken again).

The window slides in steps (a decision of ours): time is cut into buckets of a sixth of
the window (10 s of 60 s), and a request is taken when the current bucket and the six
before it hold fewer requests than the limit. The seven buckets cover every stretch of
``window_seconds`` that ends now, so no stretch of 60 s ever holds more than the limit
(fixed windows let twice the limit through across their edge); the price is that a
request can stay counted up to 70 s. A refused request is not counted (it did no work).

The limits are settings (:class:`~.settings.Settings`, 0 for none); the client address
is the one uvicorn gives, which is a proxy's ``X-Forwarded-For`` only from the proxies
``--forwarded-allow-ips`` trusts.

Kinds (a decision of ours):

* ``solver``: hints, "Can I still win?", the solution's next move, deal searches: work
  that costs CPU seconds, so that clients without a cookie cannot starve other
  players' solves;
* ``new_game``: new games (each may create a player);
* ``transfer_claim``: tries of a transfer code (``POST /api/transfer/claim``: a wrong
  code must not be guessed again and again).

The ``limit`` field of a 429 says the limit in the player's words and language (the
catalog's ``errors.limit_<kind>_<address|player>``: "120 new games from one network in
60 s"), never a kind's name.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass

from ..messages import text
from .db import Store
from .errors import ApiError, Localized

KINDS = ("solver", "new_game", "transfer_claim")
"""The kinds of request counted."""

STEPS = 6
"""Buckets in a window: the window slides in steps of a sixth of its length."""


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
        window_seconds: the length of the sliding window.
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
        size = self.window_seconds / STEPS
        bucket = int(now // size)
        for who, key, most in (
            ("address", address, limit.per_address),
            ("player", player, limit.per_player),
        ):
            if most <= 0 or not key:
                continue
            accepted, counts = self.store.limits.take(
                f"{kind}:{who}:{key}", bucket, STEPS + 1, most
            )
            if not accepted:
                retry = retry_after(counts, most, size, STEPS + 1, now)
                raise ApiError(
                    429,
                    "rate_limited",
                    headers={"Retry-After": str(retry)},
                    retry_after=retry,
                    message=Localized(rate_limited_message, retry),
                    limit=Localized(limit_text, kind, who, most, self.window_seconds),
                )


def rate_limited_message(retry: int, language: str) -> str:
    """The 429 ``rate_limited`` sentence in ``language`` with the real wait: "try again in
    5 seconds" (``retry``: the ``retry_after`` seconds sent beside it)."""
    return text("labels", "rate_limited", language, count=retry)


def limit_text(kind: str, who: str, most: int, seconds: int, language: str) -> str:
    """Return a limit in the player's words, in ``language``: ``"120 new games from one
    network in 60 s"`` for ``("new_game", "address", 120, 60)`` (``who``: ``address`` or
    ``player``; the catalog's ``errors.limit_<kind>_<who>``).

    Raises:
        UnknownTextError: no sentence for that kind and ``who``.
    """
    return text("errors", f"limit_{kind}_{who}", language, count=most, seconds=seconds)


def retry_after(counts: dict[int, int], most: int, size: float, slots: int, now: float) -> int:
    """Return the whole seconds (at least 1) from ``now`` until the buckets ``counts``
    (counts by bucket number, buckets of ``size`` seconds, ``slots`` of them counted)
    hold fewer than ``most`` requests: the oldest drop out one by one.

    Example::

        >>> retry_after({100: 2, 104: 1}, 3, 10.0, 7, 1045.0)  # bucket 100 leaves at 1070 s
        25
    """
    left = sum(counts.values())
    for bucket in sorted(counts):
        left -= counts[bucket]
        if left < most:
            return max(1, math.ceil((bucket + slots) * size - now))
    return 1
