"""What ``/healthz`` answers (docs/hosting.md): whether this process reaches the database and,
in the job-queue layout, whether any ``spider worker`` was seen lately.

A process whose database does not answer is unhealthy (503: a proxy stops sending it
requests). A site whose workers are all gone still serves every game (only the solver's
help is unavailable), so that answer stays 200 with ``"status": "degraded"``: a proxy keeps
the process in rotation, and a monitor alerts on the field (or on ``/healthz/workers``,
which answers 503 then, for monitors that read only the status code).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from .db import Store
from .settings import Settings


@dataclass(frozen=True, slots=True)
class Health:
    """One health check's answer.

    Attributes:
        status: ``ok``, ``degraded`` (no solver worker seen within
            ``worker_silent_seconds``: the job-queue layout only) or
            ``database_unreachable``.
        body: the JSON body: ``{"status": ...}``, plus in the job-queue layout
            ``"workers"`` (how many were seen lately) and, when degraded,
            ``"reason": "no_worker"`` and ``"worker_seen"`` (the newest heartbeat of any
            worker, ISO 8601 UTC, or null when none is on record).
    """

    status: str
    body: dict[str, Any]


def check(store: Store, settings: Settings) -> Health:
    """Check the database and (``job_queue = "procrastinate"``) the workers' heartbeats.
    Blocking (a query or two): call it from a thread."""
    if not store.reachable():
        return Health("database_unreachable", {"status": "database_unreachable"})
    if settings.job_queue != "procrastinate":
        return Health("ok", {"status": "ok"})
    now = datetime.now(UTC)
    since = now - timedelta(seconds=settings.worker_silent_seconds)
    try:
        workers, last = store.jobs.workers_seen(since)
    except Exception:
        return Health("database_unreachable", {"status": "database_unreachable"})
    if workers:
        return Health("ok", {"status": "ok", "workers": workers})
    seen = last.isoformat().replace("+00:00", "Z") if last is not None else None
    body = {"status": "degraded", "reason": "no_worker", "workers": 0, "worker_seen": seen}
    return Health("degraded", body)
