"""Asking the server's help jobs as a client does (issue 21, item 5): ``POST
/api/games/{id}/can-win`` answers 202 with a help job, and ``POST .../solution/next`` a
step (200) or, with no solution kept, 202 with a help job; the client polls ``GET
/api/help-jobs/{id}`` until it is no longer running.

:func:`can_win` and :func:`next_step` do that and return an :class:`Answer` shaped like
the synchronous answer the routes gave before the jobs: 200 with the ``CanWinAnswer``, the
``SolutionStep`` (asked again once the solve is done), or an error ``{reason, message}``
with the status code the route used to give for that reason (422 ``not_winnable``, 409
``solve_cancelled``, ...), so that the tests' assertions keep their meaning. An error the
route gives at once (404, 409 ``stale_version``, 422 ``game_won``, 429, 503) is the
route's own response.

Every function takes any httpx client (a ``TestClient`` too) and a ``base`` URL prefix
(empty for an in-process client).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

import httpx

POLL_SECONDS = 0.05
"""How often a job is polled."""

DEADLINE = 120.0
"""How long a job may run before a test gives up on it: seconds."""

JOB_ERRORS = {
    "not_winnable": 422,
    "no_solution_found": 422,
    "solve_cancelled": 409,
    "stopped": 409,
    "too_many_jobs": 429,
    "solver_busy": 503,
    "solver_failed": 503,
    "help_unavailable": 503,
    "search_interrupted": 503,
}
"""The status code the synchronous route gave for the reason a job ended without an
answer (422 for a reason not listed)."""


@dataclass
class Answer:
    """A response-like answer (``status_code``, ``json()``, ``text``, ``headers``) made
    from a help job's end; ``job`` is the job as last polled and ``started`` the route's
    202 body (None when the route answered at once)."""

    status_code: int
    body: Any
    job: dict[str, Any] | None = None
    started: dict[str, Any] | None = None
    headers: dict[str, str] = field(default_factory=dict)

    def json(self) -> Any:
        """The answer's body."""
        return self.body

    @property
    def text(self) -> str:
        """The body as text (for assertion messages)."""
        return repr(self.body)


def job_url(base: str, job_id: str) -> str:
    """The address of the help job ``job_id``."""
    return f"{base}/api/help-jobs/{job_id}"


def poll(
    client: httpx.Client,
    job: dict[str, Any],
    *,
    base: str = "",
    seconds: float = DEADLINE,
    headers: dict[str, str] | None = None,
) -> dict[str, Any]:
    """Poll the help ``job`` (a 202 body) every :data:`POLL_SECONDS` until it is no longer
    running; return it. Fails (AssertionError) after ``seconds`` or on a poll that is not
    200."""
    deadline = time.monotonic() + seconds
    while job["status"] == "running":
        assert time.monotonic() < deadline, f"the help job still runs: {job}"
        time.sleep(POLL_SECONDS)
        response = client.get(job_url(base, job["id"]), headers=headers)
        assert response.status_code == 200, response.text
        job = response.json()
    return job


def _ended(job: dict[str, Any], started: dict[str, Any]) -> Answer:
    """The synchronous answer for a help ``job`` that ended without an answer."""
    reason = job["reason"]
    body = {"reason": reason, "message": job["message"], "job": job}
    return Answer(JOB_ERRORS.get(reason, 422), body, job, started)


def can_win(
    client: httpx.Client,
    game_id: str,
    version: int,
    *,
    base: str = "",
    seconds: float = DEADLINE,
    headers: dict[str, str] | None = None,
    **body: Any,
) -> Answer | httpx.Response:
    """Ask "Can I still win?" about the game ``game_id`` at ``version`` (``body``: more of
    the request, such as ``limit``) and wait for the job's end: 200 with the
    ``CanWinAnswer``, or the job's reason as an error; the route's own response when it
    refused at once."""
    url = f"{base}/api/games/{game_id}/can-win"
    response = client.post(url, json={"version": version, **body}, headers=headers)
    if response.status_code != 202:
        return response
    started = response.json()
    assert started["kind"] == "can_win", started
    job = poll(client, started, base=base, seconds=seconds, headers=headers)
    if job["status"] == "done":
        assert job["can_win"] is not None, job
        return Answer(200, job["can_win"], job, started)
    return _ended(job, started)


def next_step(
    client: httpx.Client,
    game_id: str,
    version: int,
    *,
    base: str = "",
    seconds: float = DEADLINE,
    headers: dict[str, str] | None = None,
) -> Answer | httpx.Response:
    """Ask for the next move of the solution of the game ``game_id`` at ``version``: the
    route's response when it answered at once (a step, or a refusal); else wait for the
    solve's job and, once done, ask again (the solution is kept: a step at once), or
    return the job's reason as an error."""
    url = f"{base}/api/games/{game_id}/solution/next"
    response = client.post(url, json={"version": version}, headers=headers)
    if response.status_code != 202:
        return response
    started = response.json()
    assert started["kind"] == "solution", started
    job = poll(client, started, base=base, seconds=seconds, headers=headers)
    if job["status"] != "done":
        return _ended(job, started)
    again = client.post(url, json={"version": version}, headers=headers)
    assert again.status_code != 202, again.text  # the kept solution plays at once
    return again


def ask(
    client: httpx.Client,
    game_id: str,
    what: str,
    version: int,
    *,
    base: str = "",
    headers: dict[str, str] | None = None,
    **body: Any,
) -> Answer | httpx.Response:
    """:func:`can_win` (``what`` ``can-win``) or :func:`next_step` (``solution/next``)."""
    if what == "can-win":
        return can_win(client, game_id, version, base=base, headers=headers, **body)
    assert what == "solution/next" and not body, (what, body)
    return next_step(client, game_id, version, base=base, headers=headers)
