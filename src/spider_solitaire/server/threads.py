"""Running blocking work (the database, the engine) from async routes:
the server's one helper for it, :class:`Blocking`."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import ParamSpec, TypeVar

from starlette.concurrency import run_in_threadpool

P = ParamSpec("P")
T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Blocking:
    """Run a blocking function for an async route: right there on the event loop when
    ``inline`` (SQLite: a local file answers in a fraction of a millisecond, and a thread
    hop would cost more; a decision of ours, measured by ``bench/server.py``), else in
    Starlette's thread pool, so that the event loop keeps answering meanwhile.

    Attributes:
        inline: run on the event loop rather than in a thread.
    """

    inline: bool

    async def __call__(self, function: Callable[P, T], /, *args: P.args, **kwargs: P.kwargs) -> T:
        """Return ``function(*args, **kwargs)``, run as :attr:`inline` says; its
        exceptions propagate."""
        if self.inline:
            return function(*args, **kwargs)
        return await run_in_threadpool(function, *args, **kwargs)
