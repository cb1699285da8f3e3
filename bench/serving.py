"""Start ``spider serve`` for a benchmark: one helper shared by the bench scripts that talk
to a real server process (``server.py``, ``pageload.py``, ``hogs.py``), and how they ask
"Can I still win?" (a help job, polled)."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
from collections.abc import Mapping, Sequence
from typing import Any

import httpx


def start_server(
    db_url: str, *, args: Sequence[str] = (), env: Mapping[str, str] | None = None
) -> tuple[subprocess.Popen[str], str]:
    """Start ``spider serve`` on a free loopback port (127.0.0.1, port 0) on the database
    ``db_url``, with the extra command-line ``args`` and environment variables ``env``
    (added to this process's); return the process and its base URL
    (``http://127.0.0.1:PORT``).

    Raises:
        SystemExit: the server's first line is not its "serving at" line (it did not start).
    """
    command = [sys.executable, "-m", "spider_solitaire.cli", "serve", "--host", "127.0.0.1"]
    command += ["--port", "0", "--db", db_url, "--log-level", "warning", *args]
    environment = os.environ | {"PYTHONUNBUFFERED": "1"} | dict(env or {})
    process = subprocess.Popen(command, stdout=subprocess.PIPE, text=True, env=environment)
    assert process.stdout is not None
    line = process.stdout.readline()
    if "serving at http://127.0.0.1:" not in line:
        process.kill()
        raise SystemExit(f"server did not start: {line!r}")
    return process, line.split()[4].rstrip("/")


async def can_win(
    http: httpx.AsyncClient, state: dict[str, Any], poll_seconds: float = 0.1
) -> tuple[int, dict[str, Any]]:
    """Ask "Can I still win?" about ``state``'s game as the page does: POST, then poll the
    help job (``GET /api/help-jobs/{id}``, every ``poll_seconds``) until it ends. Return the
    POST's status and the last answer: the ended job after a 202 (its ``status``, and
    ``can_win`` once done), else the POST's error body."""
    url = f"/api/games/{state['id']}/can-win"
    asked = await http.post(url, json={"version": state["version"]})
    job = asked.json()
    while asked.status_code == 202 and job["status"] == "running":
        await asyncio.sleep(poll_seconds)
        job = (await http.get(f"/api/help-jobs/{job['id']}")).json()
    return asked.status_code, job
