"""Jobs for the solver pool's tests: module-level functions the workers import by name."""

from __future__ import annotations

import os
import time
from typing import Any


def echo(report: Any, value: Any) -> Any:
    """Report ``value`` once, then answer it."""
    report({"got": value})
    return value


def pid(report: Any, seconds: float) -> int:
    """Report the worker's process id, wait ``seconds``, answer the id."""
    report(os.getpid())
    time.sleep(seconds)
    return os.getpid()


def burn(report: Any) -> None:
    """Use the CPU until killed."""
    report(os.getpid())
    while True:
        pass


def crash(report: Any) -> None:
    """Fail."""
    raise RuntimeError("boom")


def hog(report: Any) -> bytes:
    """Ask for far more memory than the cap allows."""
    return b"x" * (4 * 1024**3)


def limits(report: Any) -> tuple[int, int, int]:
    """Answer the worker's process id, nice value and CPU time limit (soft)."""
    import resource

    return os.getpid(), os.nice(0), resource.getrlimit(resource.RLIMIT_CPU)[0]


def nap(report: Any, seconds: float, value: Any) -> Any:
    """Wait ``seconds`` (using no CPU), then answer ``value``."""
    time.sleep(seconds)
    return value


def fake_history(
    report: Any,
    positions: list[str],
    start: str | None,
    time_limit: float | None,
    probe_limit: float | None,
    node_limit: int | None,
    budget: float,
) -> Any:
    """A controlled "Can I still win?" (in place of ``tasks.history_job``): "yes" after
    0.02 s for a 1-suit position, :data:`HOLD_SECONDS` for a 2-suit one, after
    :data:`HOG_SECONDS` for a 4-suit one."""
    from spider_solitaire.server.jobs.tasks import HistoryOutcome, SolveOutcome

    rules = positions[-1].split("\n", 1)[0]
    seconds = {"rules: S1": 0.02, "rules: S2": HOLD_SECONDS}.get(rules[:9], HOG_SECONDS)
    time.sleep(seconds)
    current = SolveOutcome("won", (), 1, seconds)
    return HistoryOutcome(current, None, False, None, None, (), 1, seconds)


HOG_SECONDS = 0.25
"""How long a hog's controlled "Can I still win?" takes."""

HOLD_SECONDS = 2.0
"""How long a controlled "Can I still win?" that holds a share while a test asks again
takes."""


SLOW_PROBE_SECONDS = 0.4
"""How long :func:`slow_history` pauses after each progress report."""


def slow_history(report: Any, *args: Any) -> Any:
    """The real ``tasks.history_job`` (the real solver, the same answer), slowed down: it
    pauses :data:`SLOW_PROBE_SECONDS` after each progress report, so that a test polling
    the job sees every step of its progress."""
    from spider_solitaire.server.jobs.tasks import history_job

    def slowly(value: Any) -> None:
        report(value)
        time.sleep(SLOW_PROBE_SECONDS)

    return history_job(slowly, *args)
