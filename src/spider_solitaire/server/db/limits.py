"""Rate-limit counts in SQL (``rate_limits``): :class:`Limits` counts the requests accepted
per key in short time buckets, for every server process at once (see
:mod:`spider_solitaire.server.limits`).

A key's buckets are a ring of rows, ``<key>#<slot>``: the row of slot ``bucket % slots``
holds the count of bucket ``bucket`` (its ``window`` column) until that slot's next
bucket starts again from 0; no schema change from the fixed windows before."""

from __future__ import annotations

from sqlalchemy import bindparam, insert, select, update
from sqlalchemy.engine import Connection
from sqlalchemy.exc import IntegrityError

from .engine import Area
from .tables import rate_limits

_ROW = select(rate_limits.c.window, rate_limits.c.count).where(
    rate_limits.c.key == bindparam("key")
)
"""The bucket and count of a slot's row."""


def _locked_row(connection: Connection, key: str, bucket: int) -> tuple[int, int]:
    """Return the ``(bucket, count)`` of the row ``key``, made (count 0) when missing (also
    when another process makes it at the same time), after a write to it: the write
    locks the row on PostgreSQL and starts the write transaction on SQLite (whose driver
    reads outside a transaction until the first write), so what is read next stays true
    until the commit, whichever process writes next."""
    touch = update(rate_limits).where(rate_limits.c.key == key).values(count=rate_limits.c.count)
    if connection.execute(touch).rowcount == 0:
        try:
            with connection.begin_nested():
                connection.execute(insert(rate_limits), {"key": key, "window": bucket, "count": 0})
        except IntegrityError:  # another process made it first
            connection.execute(touch)
    row = connection.execute(_ROW, {"key": key}).first()
    assert row is not None
    return int(row[0]), int(row[1])


class Limits(Area):
    """The request counts of the rate limits."""

    def take(self, key: str, bucket: int, slots: int, most: int) -> tuple[bool, dict[int, int]]:
        """Count one request under ``key`` in time bucket ``bucket`` if the buckets
        ``bucket - slots + 1`` to ``bucket`` hold fewer than ``most`` accepted requests.

        Race-safe across processes: the current bucket's row is written first (locking
        it on PostgreSQL, taking the write lock on SQLite) and only then are the counts
        read, so two processes counting under the same key take turns.

        Returns:
            Whether the request is accepted (and counted; a refused one is not), and the
            counts of those buckets by bucket number (after counting it).
        """
        with self.database.writing() as connection:
            slot_key = f"{key}#{bucket % slots}"
            held, count = _locked_row(connection, slot_key, bucket)
            if held != bucket:
                count = 0  # the slot's older bucket has passed
            keys = [f"{key}#{slot}" for slot in range(slots)]
            rows = connection.execute(
                select(rate_limits.c.window, rate_limits.c.count).where(rate_limits.c.key.in_(keys))
            ).all()
            counts = {
                int(window): int(number)
                for window, number in rows
                if bucket - slots < int(window) < bucket and int(number) > 0
            }
            accepted = sum(counts.values()) + count < most
            if accepted:
                count += 1
                connection.execute(
                    update(rate_limits)
                    .where(rate_limits.c.key == slot_key)
                    .values(window=bucket, count=count)
                )
            if count:
                counts[bucket] = count
            return accepted, counts
