"""Real ``spider serve`` processes for the tests that need several OS processes on one
database (not apps in the test process): started, waited for, stopped."""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
import time
from collections.abc import Iterator, Sequence
from contextlib import ExitStack, contextmanager
from pathlib import Path

import httpx
from sqlalchemy import create_engine, func, select
from sqlalchemy.exc import ProgrammingError

from spider_solitaire.server.db.tables import solver_workers

SPIDER = str(Path(sys.executable).with_name("spider"))
"""The ``spider`` command of this virtual environment."""

READY = re.compile(r"serving at (http://\S+?)/ ")


@contextmanager
def spider_serve(db_url: str, *, extra: Sequence[str] = (), **settings: object) -> Iterator[str]:
    """Start ``spider serve`` on ``db_url`` (on a free port, unless ``extra`` options name
    one) with ``SPIDER_<NAME>`` settings (for example ``solver_cores=1``); yield its base
    URL once ``/healthz`` answers; stop it afterwards.

    Raises:
        RuntimeError: the server did not start in 60 s (its output is in the message).
    """
    with serve_process(db_url, extra=extra, **settings) as (base, _process):
        yield base


@contextmanager
def serve_process(
    db_url: str, *, extra: Sequence[str] = (), **settings: object
) -> Iterator[tuple[str, subprocess.Popen[str]]]:
    """:func:`spider_serve`, yielding its base URL and its process (to stop or kill it in
    the block: it is stopped afterwards when it still runs)."""
    env = os.environ | {"SPIDER_DB_URL": db_url}
    env |= {f"SPIDER_{name.upper()}": str(value) for name, value in settings.items()}
    port = [] if "--port" in extra else ["--port", "0"]
    process = subprocess.Popen(
        [SPIDER, "serve", "--log-level", "warning", *port, *extra],
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
                _wait_until_healthy(found.group(1), deadline)
                yield found.group(1), process
                return
        raise RuntimeError("spider serve did not start:\n" + "".join(lines))
    finally:
        process.terminate()
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def _wait_until_healthy(base: str, deadline: float) -> None:
    while True:
        try:
            if httpx.get(f"{base}/healthz", timeout=5).status_code == 200:
                return
        except httpx.HTTPError:
            if time.monotonic() > deadline:
                raise
        time.sleep(0.1)


def workers_on_record(db_url: str) -> int:
    """How many rows of ``solver_workers`` are not marked stopped (workers running, or
    killed and not yet forgotten)."""
    engine = create_engine(db_url)
    try:
        with engine.connect() as connection:
            count = select(func.count()).where(solver_workers.c.concurrency > 0)
            return int(connection.execute(count).scalar_one())
    finally:
        engine.dispose()


def _workers_once_made(db_url: str) -> int:
    """:func:`workers_on_record`, 0 while the table is not made yet (the worker migrates
    an empty database when it starts)."""
    try:
        return workers_on_record(db_url)
    except ProgrammingError:
        return 0


def _wait_for_a_worker_beat(db_url: str, deadline: float) -> None:
    while not _workers_once_made(db_url):
        if time.monotonic() > deadline:
            raise RuntimeError("spider worker wrote no heartbeat in 60 s")
        time.sleep(0.1)


def free_port() -> int:
    """A TCP port nothing listens on now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@contextmanager
def two_servers(db_url: str, **settings: object) -> Iterator[tuple[str, str]]:
    """Two ``spider serve`` processes on one database (see :func:`spider_serve`)."""
    with ExitStack() as stack:
        first = stack.enter_context(spider_serve(db_url, **settings))
        second = stack.enter_context(spider_serve(db_url, **settings))
        yield first, second


@contextmanager
def spider_worker(db_url: str, concurrency: int = 1) -> Iterator[subprocess.Popen[str]]:
    """Run ``spider worker --db db_url`` (the job queue's solver worker) while in the
    block (yielding its process, once its heartbeat is in ``solver_workers``: the servers
    take it as running); stop it afterwards.

    Raises:
        RuntimeError: the worker did not start in 60 s.
    """
    process = subprocess.Popen(
        [SPIDER, "worker", "--db", db_url, "--concurrency", str(concurrency)],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        assert process.stdout is not None
        line = process.stdout.readline()
        if "jobs at once" not in line:
            raise RuntimeError(f"spider worker did not start: {line}{process.stdout.read()}")
        _wait_for_a_worker_beat(db_url, time.monotonic() + 60)
        yield process
    finally:
        process.terminate()
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
