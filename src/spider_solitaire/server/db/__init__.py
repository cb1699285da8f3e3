"""The server's database, SQL only (SQLAlchemy 2 Core, SQLite or PostgreSQL): the tables
(:mod:`.tables`), made and upgraded by the Alembic migrations (:mod:`.migrations`), the
connection (:mod:`.engine`) and one data-access class per area, all reached from one
:class:`Store`:

* ``store.players`` and ``store.games`` (:mod:`.games`): players, games, their actions,
  snapshots, share links, the assisted flag, daily games, and the result written in the
  transaction that decides a game;
* ``store.record`` (:mod:`.record`): results, resets of the figures, the history of games,
  transfer codes;
* ``store.jobs`` (:mod:`.jobs`): deal searches, the players' running solver jobs, kept
  solutions, the job queue's solver jobs;
* ``store.limits`` (:mod:`.limits`): rate-limit counts;
* ``store.reviews`` (:mod:`.reviews`): finished games' reviews, made once.

The package knows nothing of HTTP; it stores text and numbers. It is the edge of the
rows: what a row holds as text becomes a value here (an action, read by the engine's
grammar; a group rule, by the registry) and is written back as its canonical text.
"""

from __future__ import annotations

from .engine import Database
from .games import Decided, GameRecord, Games, Players, StaleVersionError
from .jobs import Jobs
from .limits import Limits
from .record import Record, ResetRow, ResultRow
from .reviews import Reviews


class Store(Database):
    """The open database (its engine, transactions, clock and health check, see
    :class:`~.engine.Database`) with its data-access classes.

    Args:
        url: a SQLAlchemy database URL. The schema is made or brought up to date by the
            migrations (:func:`.migrations.upgrade_database`) before anything else.
        sqlite_synchronous: see :func:`~.engine.make_engine`.

    Raises:
        sqlalchemy.exc.ArgumentError: ``url`` is not a database URL.
        sqlalchemy.exc.OperationalError: the database cannot be opened.
    """

    def __init__(self, url: str, *, sqlite_synchronous: str = "NORMAL") -> None:
        super().__init__(url, sqlite_synchronous=sqlite_synchronous)
        self.players = Players(self)
        """The players (the ids of the player cookie)."""
        self.games = Games(self)
        """The games, their actions and snapshots."""
        self.record = Record(self)
        """The results, resets, history and transfer codes."""
        self.jobs = Jobs(self)
        """Deal searches, running solver jobs, kept solutions and solver jobs."""
        self.limits = Limits(self)
        """The rate-limit counts."""
        self.reviews = Reviews(self)
        """Finished games' reviews."""


__all__ = ["Decided", "GameRecord", "ResetRow", "ResultRow", "StaleVersionError", "Store"]
"""The store and the value records its callers hand around (each defined with its area)."""
