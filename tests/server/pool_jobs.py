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
