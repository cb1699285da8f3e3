"""The solver pool's slots (:mod:`.pool`): at most N jobs at once, asked for from any
event loop, granted by turn rather than by arrival (the client address served least
recently first, then its player served least recently), so that one address's many jobs
do not keep another player's behind them all. Guarded by a thread lock; each waiter is
woken on its own loop.
"""

from __future__ import annotations

import asyncio
import threading
from collections import OrderedDict, deque
from dataclasses import dataclass


@dataclass(eq=False)
class Waiter:
    """One caller waiting for a slot (or holding one, once ``granted``), woken on its own
    ``loop``."""

    loop: asyncio.AbstractEventLoop
    future: asyncio.Future[None]
    turn: tuple[str, str]
    granted: bool = False


SERVED_KEPT = 4096
"""How many addresses and players :class:`Slots` remembers when it last served (the
least recently served go; one forgotten counts as never served)."""


class Slots:
    """A counting semaphore usable from several event loops that grants a free slot by
    turn, not by arrival: to the waiting client address (the first part of a waiter's
    ``turn``) served least recently, then within it to its player (the second part) served
    least recently, then by arrival. An address that has just had a slot (a waiting one or
    a free one at once) goes behind every address that waits."""

    def __init__(self, count: int) -> None:
        self.free = count
        self._lock = threading.Lock()
        self._queue: OrderedDict[str, OrderedDict[str, deque[Waiter]]] = OrderedDict()
        self._waiting = 0
        self._served: OrderedDict[tuple[str, ...], int] = OrderedDict()
        self._grants = 0

    @property
    def waiting(self) -> int:
        """How many callers wait for a slot."""
        return self._waiting

    def enter(self, turn: tuple[str, str] = ("", "")) -> Waiter:
        """Ask for a slot for ``turn`` (address, player); the waiter's future is done
        (and ``granted``) once it has one."""
        loop = asyncio.get_running_loop()
        waiter = Waiter(loop, loop.create_future(), turn)
        with self._lock:
            if self.free > 0 and not self._waiting:
                self.free -= 1
                self._grant(waiter)
                waiter.future.set_result(None)
            else:
                first, second = turn
                players = self._queue.setdefault(first, OrderedDict())
                players.setdefault(second, deque()).append(waiter)
                self._waiting += 1
        return waiter

    def _grant(self, waiter: Waiter) -> None:
        """Give ``waiter`` a slot and remember when its address and player were served
        (under the lock)."""
        waiter.granted = True
        self._grants += 1
        first, second = waiter.turn
        for key in ((first,), (first, second)):
            self._served[key] = self._grants
            self._served.move_to_end(key)
        while len(self._served) > SERVED_KEPT:
            self._served.popitem(last=False)

    def _next(self) -> Waiter | None:
        """Take the waiter whose turn it is (under the lock), or None."""
        if not self._queue:
            return None
        served = self._served
        first = min(self._queue, key=lambda key: served.get((key,), 0))
        players = self._queue[first]
        second = min(players, key=lambda key: served.get((first, key), 0))
        waiters = players[second]
        waiter = waiters.popleft()
        self._waiting -= 1
        if not waiters:
            del players[second]
            if not players:
                del self._queue[first]
        return waiter

    def leave(self, waiter: Waiter) -> None:
        """Give up a waiter: release its slot if it was granted, else leave the queue."""
        with self._lock:
            if not waiter.granted:
                first, second = waiter.turn
                players = self._queue.get(first)
                waiters = players.get(second) if players is not None else None
                if waiters is not None and waiter in waiters:
                    waiters.remove(waiter)
                    self._waiting -= 1
                    if not waiters:
                        del self._queue[first][second]
                        if not self._queue[first]:
                            del self._queue[first]
                return
            waiter.granted = False
            following = self._next()
            if following is None:
                self.free += 1
                return
            self._grant(following)
            following.loop.call_soon_threadsafe(_wake, following.future)


def _wake(future: asyncio.Future[None]) -> None:
    if not future.done():
        future.set_result(None)
