"""Winnability along a line of play, by bisection: the one statement of it, used by the
review (:mod:`~spider_solitaire.solver.review`) and by "Can I still win?" (the server's
``history_job``).

A line of play is positions ``0..count-1``, each reached from the one before by an action
(a move, the deal, a take-off). Winnability is monotone along it: a position reached from
a lost one is lost, and a position from which a winnable one is reached is winnable
(play that action, then win). So once position ``w`` is proven winnable every position
before it is winnable, and once position ``l`` is proven lost every position after it is
lost: the line is winnable up to some point and lost from the next one on, and a handful
of solves find that point.

Unknowns (a solve that ran out of its node or time limit) are never guessed. Such a
position is kept as a probed point that proves nothing: the search goes on in the gaps on
both of its sides (the boundary may be before or after it), the widest gap first, until
every position between the last proven winnable one and the first proven lost one has
been probed, or the caller says stop. What is not proven either way stays ``unknown`` in
the answer; the action that lost the game is only named when the position before it is
proven winnable and the one after it proven lost.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from itertools import pairwise

WON, LOST, UNKNOWN = "won", "lost", "unknown"
"""The solver's statuses (:data:`~spider_solitaire.solver.STATUSES`)."""


def _bounds(count: int, found: Mapping[int, str]) -> tuple[int, int]:
    """The last position proven winnable (-1: none) and the first proven lost (``count``:
    none) in ``found``."""
    low = max((index for index, status in found.items() if status == WON), default=-1)
    high = min((index for index, status in found.items() if status == LOST), default=count)
    return low, high


def next_probe(count: int, found: Mapping[int, str]) -> int | None:
    """The position to solve next on a line of ``count`` positions, given the statuses
    ``found`` so far (index to ``won``, ``lost`` or ``unknown``); None when nothing left
    to probe can settle more.

    While no position is proven winnable and the first one (the deal) is not probed, the
    first one is probed: a deal that was never winnable needs that solve alone. Then the
    middle of the widest gap between the probed points that lie between the last proven
    winnable position and the first proven lost one (see the module docstring).
    """
    low, high = _bounds(count, found)
    if low < 0 and 0 not in found and high > 0:
        return 0
    points = sorted({low, high, *(index for index in found if low < index < high)})
    gaps = [(right - left, left, right) for left, right in pairwise(points)]
    width, left, right = max(gaps, default=(0, 0, 0))
    if width <= 1:
        return None
    return (left + right) // 2


def fill_statuses(count: int, found: Mapping[int, str]) -> list[str]:
    """Every position's status on a line of ``count`` positions from the probed ones
    (``found``): ``won`` up to the last proven winnable, ``lost`` from the first proven
    lost, ``unknown`` between (probed or not).

    Raises:
        ValueError: a winnable position after a lost one (solver answers that contradict
            each other, never expected) or an index outside the line.
    """
    if any(not 0 <= index < count for index in found):
        raise ValueError(f"a probed index is outside the line of {count} positions")
    low, high = _bounds(count, found)
    if low >= high:
        raise ValueError(f"position {low} is winnable but position {high} before it is lost")
    return [WON if index <= low else LOST if index >= high else UNKNOWN for index in range(count)]


def bisect_line(
    count: int,
    probe: Callable[[int], str],
    known: Mapping[int, str] | None = None,
    stop: Callable[[], bool] | None = None,
) -> dict[int, str]:
    """Probe a line of ``count`` positions (1 or more) by bisection (module docstring).

    Args:
        count: positions on the line, oldest first.
        probe: solves position ``index`` and returns its status (``won``, ``lost``,
            ``unknown``); called at most once per index.
        known: statuses already known (the current position solved first, for one).
        stop: asked before each probe; True ends the search with what is proven.

    Returns:
        The statuses found, by index (``known`` included): give them to
        :func:`fill_statuses` for every position's.
    """
    found = dict(known or {})
    while stop is None or not stop():
        index = next_probe(count, found)
        if index is None:
            break
        found[index] = probe(index)
    return found


def last_won(found: Mapping[int, str]) -> int | None:
    """The index of the last position proven winnable in ``found``, or None."""
    return max((index for index, status in found.items() if status == WON), default=None)


def losing_index(count: int, found: Mapping[int, str]) -> int | None:
    """The index ``i`` of the action that lost the game (between positions ``i`` and
    ``i + 1``): position ``i`` proven winnable and ``i + 1`` proven lost; None otherwise."""
    low, high = _bounds(count, found)
    return low if low >= 0 and high == low + 1 < count else None
