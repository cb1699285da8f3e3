"""Start ``spider serve`` for a benchmark: one helper shared by the bench scripts that talk
to a real server process (``server.py``, ``pageload.py``, ``hogs.py``)."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Mapping, Sequence


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
