"""Running a solver task for a player: :class:`SolverRunner`, between the help modules and
the pool that runs the task (:mod:`.pool`)."""

from __future__ import annotations

import functools
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, Concatenate, ParamSpec, TypeVar

from ..errors import ApiError
from .pool import Report, SolveCancelled, SolveFailed, SolverPool

log = logging.getLogger(__name__)

P = ParamSpec("P")
T = TypeVar("T")

Disconnected = Callable[[], Awaitable[bool]]
"""A request's ``is_disconnected`` (or any check that the answer is no longer wanted)."""


@dataclass(frozen=True, slots=True)
class JobLimits:
    """How one task runs for a player.

    Attributes:
        cpu_seconds: the worker's CPU budget (the task's own time limit plus
            :data:`~.pool.CPU_MARGIN`): past it the kernel ends the worker.
        disconnected: polled while waiting; the task is stopped once it answers True.
        progress: called (on the caller's event loop) with each value the task reports.
    """

    cpu_seconds: float
    disconnected: Disconnected | None = None
    progress: Callable[[Any], None] | None = None


class SolverRunner:
    """Run solver tasks for players in the :class:`~.pool.SolverPool` (at most one per
    player: a new one cancels the player's older one).

    Args:
        pool: the pool the tasks run in.
    """

    def __init__(self, pool: SolverPool) -> None:
        self.pool = pool

    async def run(
        self,
        player: str,
        limits: JobLimits,
        task: Callable[Concatenate[Report, P], T],
        /,
        *args: P.args,
        **kwargs: P.kwargs,
    ) -> T:
        """Return ``task(report, *args, **kwargs)``, run for ``player`` within ``limits``.

        ``task`` is a module-level function of :mod:`.tasks` (the worker imports it by
        name); its arguments and answer are plain picklable values.

        Raises:
            ApiError: 409 ``solve_cancelled`` (superseded by the same player, or the client
                left), 503 ``solver_busy`` (no free solver in time, or shutting down),
                503 ``solver_failed`` (the worker crashed).
            SolveFailed: ``cpu_limit`` or ``memory``: the caller answers that it does not
                know.
        """
        job = functools.partial(task, **kwargs) if kwargs else task
        try:
            answer: T = await self.pool.run(
                player,
                job,
                *args,
                cpu_seconds=limits.cpu_seconds,
                disconnected=limits.disconnected,
                progress=limits.progress,
            )
        except SolveCancelled as cancelled:
            if cancelled.reason in ("queue_timeout", "closed"):
                raise ApiError(503, "solver_busy", detail=cancelled.reason) from None
            raise ApiError(409, "solve_cancelled", detail=cancelled.reason) from None
        except SolveFailed as failed:
            if failed.reason == "crashed":
                log.error("solver worker crashed: %s", failed.detail)
                raise ApiError(503, "solver_failed") from None
            raise
        return answer

    async def close(self) -> None:
        """Cancel every task and refuse new ones (the app is shutting down)."""
        await self.pool.close()
