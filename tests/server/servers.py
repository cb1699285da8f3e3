"""Real ``spider serve`` processes for the tests that need several OS processes on one
database (not apps in the test process): started, waited for, stopped."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path

SPIDER = str(Path(sys.executable).with_name("spider"))
"""The ``spider`` command of this virtual environment."""

READY = re.compile(r"serving at (http://\S+?)/ ")


@contextmanager
def spider_serve(db_url: str, **settings: object) -> Iterator[str]:
    """Start ``spider serve --port 0`` on ``db_url`` with ``SPIDER_<NAME>`` settings (for
    example ``solver_cores=1``); yield its base URL once it serves; stop it afterwards.

    Raises:
        RuntimeError: the server did not start in 60 s (its output is in the message).
    """
    env = os.environ | {"SPIDER_DB_URL": db_url}
    env |= {f"SPIDER_{name.upper()}": str(value) for name, value in settings.items()}
    process = subprocess.Popen(
        [SPIDER, "serve", "--port", "0", "--log-level", "warning"],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env=env,
    )
    try:
        assert process.stdout is not None
        deadline = time.monotonic() + 60
        lines = []
        while time.monotonic() < deadline:
            line = process.stdout.readline()
            if not line:
                break
            lines.append(line)
            found = READY.search(line)
            if found:
                yield found.group(1)
                return
        raise RuntimeError("spider serve did not start:\n" + "".join(lines))
    finally:
        process.terminate()
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


@contextmanager
def two_servers(db_url: str, **settings: object) -> Iterator[tuple[str, str]]:
    """Two ``spider serve`` processes on one database (see :func:`spider_serve`)."""
    with ExitStack() as stack:
        first = stack.enter_context(spider_serve(db_url, **settings))
        second = stack.enter_context(spider_serve(db_url, **settings))
        yield first, second
