"""Rate-limit counts in SQL (``rate_limits``): :class:`Limits` counts requests per key and time
window for every server process at once (see :mod:`spider_solitaire.server.limits`)."""

from __future__ import annotations

from sqlalchemy import bindparam, insert, select, update
from sqlalchemy.exc import IntegrityError

from .engine import Area
from .tables import rate_limits

_COUNT = (
    select(rate_limits.c.window, rate_limits.c.count)
    .where(rate_limits.c.key == bindparam("key"))
    .with_for_update()
)
"""The window and count of a key, locked for the writing transaction."""


class Limits(Area):
    """The request counts of the rate limits."""

    def count_request(self, key: str, window: int) -> int:
        """Count one request under ``key`` in time window ``window`` (its number, seconds
        since the epoch divided by its length); return the count in that window so far,
        this one included (an older window's count starts again)."""
        with self.database.writing() as connection:
            row = connection.execute(_COUNT, {"key": key}).first()
            if row is None:
                try:
                    with connection.begin_nested():
                        connection.execute(
                            insert(rate_limits), {"key": key, "window": window, "count": 1}
                        )
                    return 1
                except IntegrityError:  # another process counted the first one
                    row = connection.execute(_COUNT, {"key": key}).first()
                    assert row is not None
            count = int(row[1]) + 1 if int(row[0]) == window else 1
            connection.execute(
                update(rate_limits)
                .where(rate_limits.c.key == key)
                .values(window=window, count=count)
            )
            return count
