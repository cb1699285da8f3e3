"""``spider play`` (the browser game on this machine), ``spider serve`` (for hosting) and
``spider db upgrade`` (bring a games database to the newest schema).

:func:`add_server_commands` registers them on the ``spider`` parser; FastAPI, uvicorn,
SQLAlchemy and Alembic are imported only when one of them runs.
"""

from __future__ import annotations

import argparse
import socket
import sys
import threading
import time
import webbrowser
from collections.abc import Callable
from typing import TYPE_CHECKING, Any
from urllib.parse import quote

from ..codes import GameCode
from ..game_text import GameTextError, load_game_text
from ..variants import CLASSIC, RULE_NAMES

if TYPE_CHECKING:
    import uvicorn

    from .settings import Settings

LOCAL_HOST = "127.0.0.1"
"""Where ``spider play`` listens: this machine only."""

SERVE_PORT = 8000
"""Default port of ``spider serve``."""

PLAY_PORT = 8642
"""Port ``spider play`` tries first (a decision of ours): the browser keeps settings per
origin, so a stable port keeps the player's language, theme and options across runs. When
it is taken, a free port is used instead."""


def port_number(text: str) -> int:
    """argparse type for ``--port``: a whole number 0-65535 (0: a free port).

    Raises:
        argparse.ArgumentTypeError: anything else.
    """
    if not text.isascii() or not text.isdigit() or int(text) > 65535:
        raise argparse.ArgumentTypeError(f"{text!r} is not a port number 0-65535")
    return int(text)


def _add_cores_option(parser: argparse.ArgumentParser, flag: str, what: str) -> None:
    """Add ``flag``: how many solver jobs run at once, ``what`` saying of which (default
    None: ``$SPIDER_SOLVER_CORES``, else the CPU cores less one)."""
    parser.add_argument(
        flag,
        type=int,
        default=None,
        help=f"{what} (default: $SPIDER_SOLVER_CORES, else CPU cores - 1)",
    )


def add_server_commands(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register ``play``, ``serve`` and ``db`` on the ``spider`` command's ``subparsers``."""
    play = subparsers.add_parser(
        "play",
        help="play in the browser (serves on 127.0.0.1 and opens the page)",
        description="Serve the game on 127.0.0.1 (a free port unless --port) and open it in "
        "the browser. Without a code or options the page resumes your last game; with a "
        "code it opens that deal; --suits/--rule deal a new random game.",
    )
    play.add_argument(
        "code",
        nargs="?",
        metavar="CODE|FILE",
        help="game code to open, e.g. SP1-S2C-AAAAAAD, or a file giving one (`spider deal`)",
    )
    play.add_argument("--suits", type=int, choices=(1, 2, 4), help="deal a new game: suits")
    play.add_argument("--rule", type=str.lower, choices=RULE_NAMES, help="deal a new game: rule")
    play.add_argument(
        "--port",
        type=port_number,
        default=None,
        help=f"port (default: {PLAY_PORT}, or a free one when that is taken)",
    )
    play.add_argument("--no-browser", action="store_true", help="do not open the browser")
    play.add_argument("--db", default="", help="SQLAlchemy URL (default: user data dir)")
    play.set_defaults(handler=cmd_play)

    serve = subparsers.add_parser(
        "serve",
        help="serve the browser game for others (host, port, database)",
        description="Serve the game with uvicorn. --db takes a SQLAlchemy URL: "
        "sqlite:///path/games.db (default: games.db in the user data dir) or "
        "postgresql+psycopg://user:password@host/db (install the driver).",
    )
    serve.add_argument("--host", default=LOCAL_HOST, help="address to listen on (127.0.0.1)")
    serve.add_argument("--port", type=port_number, default=SERVE_PORT, help="port (8000)")
    serve.add_argument(
        "--db",
        default="",
        help="SQLAlchemy URL (default: $SPIDER_DB_URL, else games.db in the user data dir)",
    )
    _add_cores_option(serve, "--solver-workers", "solver jobs this process runs at once")
    serve.add_argument(
        "--workers",
        type=int,
        default=1,
        help="server processes (uvicorn's workers) on this port (1); the settings reach "
        "each through SPIDER_* environment variables",
    )
    serve.add_argument(
        "--forwarded-allow-ips",
        default="",
        help="addresses of the reverse proxies whose X-Forwarded-For/-Proto to trust, "
        "comma-separated, or * (default: none)",
    )
    serve.add_argument(
        "--log-level",
        default="info",
        choices=("critical", "error", "warning", "info", "debug"),
        help="uvicorn's log level (info logs every request)",
    )
    serve.set_defaults(handler=cmd_serve)

    worker = subparsers.add_parser(
        "worker",
        help="run solver jobs from the job queue (hosting at scale, PostgreSQL)",
        description="Take solver jobs (can-win, solutions, winnable-deal searches) "
        "queued by servers started with SPIDER_JOB_QUEUE=procrastinate, and run each in a "
        "process of its own with its CPU-time and memory limits. Any number of workers, on "
        "any machine that reaches the database.",
    )
    worker.add_argument(
        "--db", default="", help="PostgreSQL SQLAlchemy URL (default: $SPIDER_DB_URL)"
    )
    _add_cores_option(worker, "--concurrency", "jobs at once")
    worker.set_defaults(handler=cmd_worker)

    db = subparsers.add_parser(
        "db",
        help="manage the games database (upgrade its schema)",
        description="Manage the games database. The server upgrades its database when it "
        "starts; 'spider db upgrade' does it beforehand (for example before starting "
        "several server processes on one database).",
    )
    db_commands = db.add_subparsers(dest="db_command", required=True)
    upgrade = db_commands.add_parser(
        "upgrade",
        help="bring the database to the newest schema (Alembic migrations)",
        description="Run the migrations the database still needs (none when it is up to "
        "date); a database made by release 0.1.0 is recognised and upgraded. Prints the "
        "revision before and after.",
    )
    upgrade.add_argument(
        "--db",
        default="",
        help="SQLAlchemy URL (default: $SPIDER_DB_URL, else games.db in the user data dir)",
    )
    upgrade.set_defaults(handler=cmd_db_upgrade)


def start_path(code: str | None, suits: int | None, rule: str | None) -> str:
    """Return the page path ``spider play`` opens: ``/?code=CODE`` for a code (made
    canonical) or a file whose text gives a deal by its code (``spider deal``'s output, a
    record without actions: :func:`~spider_solitaire.game_text.load_game_text`), a new
    random code's link for ``--suits``/``--rule``, else ``/``.

    Raises:
        InvalidCodeError: ``code`` is malformed.
        GameTextError: the file gives a position without a code, or actions (the page
            opens a deal only: ``spider terminal FILE`` plays those).
        OSError: the file cannot be read.
    """
    if code is not None:
        text = load_game_text(code)
        text.start()  # a record that says two games is refused here too
        if text.code is None or text.actions:
            what = "actions after its start" if text.actions else "a position without a code"
            raise GameTextError(
                f"{code}: the page opens a deal by its game code, and this gives {what}: "
                f"play it with `spider terminal {code}`"
            )
        return "/?code=" + quote(text.code)
    if suits is not None or rule is not None:
        return "/?code=" + quote(str(GameCode.random(suits or 4, rule or CLASSIC)))
    return "/"


def _settings(db: str, **given: Any) -> Settings:
    """The settings from the environment (``SPIDER_DB_URL``, ...; see
    :meth:`Settings.from_env`), with ``--db`` and the other options given winning."""
    from .settings import Settings

    return Settings.from_env(db_url=db, **given)


def listening_socket(host: str, port: int) -> socket.socket:
    """Bind a TCP socket to ``host``:``port`` (0: a free port) for uvicorn to listen on.

    It is made with ``proto=IPPROTO_TCP``, not 0: asyncio sets TCP_NODELAY only on sockets
    that say so, and without it Nagle's algorithm meets delayed ACKs and a request that
    arrives in two writes waits 40 ms.
    """
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((host, port))
    return sock


def run_server(
    settings: Settings,
    *,
    host: str,
    port: int,
    log_level: str = "warning",
    on_ready: Callable[[str], None] | None = None,
    forwarded_allow_ips: str = "",
) -> uvicorn.Server:
    """Serve the app for ``settings`` on ``host``:``port`` until interrupted; return the
    stopped server. ``port`` 0 picks a free port. ``on_ready(base_url)`` is called from
    another thread once the server accepts connections. ``forwarded_allow_ips``: the
    proxies whose ``X-Forwarded-*`` headers are trusted (uvicorn's setting; empty: none,
    and the headers are ignored)."""
    import uvicorn

    from .app import create_app

    app = create_app(settings)
    sock = listening_socket(host, port)
    bound_port = sock.getsockname()[1]
    shown_host = f"[{host}]" if sock.family == socket.AF_INET6 else host
    base_url = f"http://{shown_host}:{bound_port}"
    config = uvicorn.Config(
        app,
        log_level=log_level,
        lifespan="on",
        proxy_headers=bool(forwarded_allow_ips),
        forwarded_allow_ips=forwarded_allow_ips or None,
    )
    server = uvicorn.Server(config)

    def announce() -> None:
        while not server.started and not server.should_exit:
            time.sleep(0.02)
        if server.started and on_ready is not None:
            on_ready(base_url)

    threading.Thread(target=announce, name="spider-announce", daemon=True).start()
    server.run(sockets=[sock])
    return server


SERVER_PACKAGES = ("fastapi", "uvicorn", "sqlalchemy", "alembic", "platformdirs")
"""Packages the server needs beyond the engine; the ``server`` extra installs them."""


def missing_server_packages() -> list[str]:
    """Return the names of the :data:`SERVER_PACKAGES` that cannot be imported here (the
    engine and the solver need none of them; ``pip install 'spider-solitaire[server]'``
    brings them)."""
    from importlib.util import find_spec

    return [name for name in SERVER_PACKAGES if find_spec(name) is None]


def _missing_extra(command: str) -> bool:
    """Say on stderr which server packages are missing, if any; True when some are."""
    missing = missing_server_packages()
    if missing:
        print(
            f"spider {command}: the browser table needs the server extra "
            f"(missing: {', '.join(missing)}): pip install 'spider-solitaire[server]'",
            file=sys.stderr,
        )
    return bool(missing)


def _one_line(error: Exception) -> str:
    """The first line of what the database driver said about ``error`` (SQLAlchemy adds
    the statement and a link on further lines), e.g. ``file is not a database``."""
    text = str(getattr(error, "orig", None) or error).strip()
    return text.splitlines()[0] if text else type(error).__name__


def _run(args: argparse.Namespace, host: str, port: int, ready: Callable[[str], None]) -> int:
    """Run the server for ``args``; a bad ``--db`` (or a database of a newer release), an
    address in use or a missing server package is status 2."""
    if _missing_extra(args.command):
        return 2
    from alembic.util import CommandError
    from sqlalchemy.exc import ArgumentError, DatabaseError, NoSuchModuleError

    log_level = getattr(args, "log_level", "warning")
    forwarded = getattr(args, "forwarded_allow_ips", "")
    try:
        settings = _settings(args.db, solver_cores=getattr(args, "solver_workers", None))
        if getattr(args, "workers", 1) > 1:
            return _run_workers(args, settings, host, port, log_level, forwarded)
        run_server(
            settings,
            host=host,
            port=port,
            log_level=log_level,
            on_ready=ready,
            forwarded_allow_ips=forwarded,
        )
    except (ArgumentError, NoSuchModuleError, DatabaseError, CommandError) as error:
        print(f"spider {args.command}: database {args.db!r}: {_one_line(error)}", file=sys.stderr)
        return 2
    except OSError as error:
        print(f"spider {args.command}: cannot listen on {host}:{port}: {error}", file=sys.stderr)
        return 2
    return 0


def _run_workers(
    args: argparse.Namespace,
    settings: Settings,
    host: str,
    port: int,
    log_level: str,
    forwarded: str,
) -> int:
    """Run ``args.workers`` uvicorn worker processes on ``host``:``port``, each making the
    app from the environment (:func:`.app.app_from_env`), which gets the settings here."""
    import os

    import uvicorn

    from .db.engine import make_engine
    from .db.migrations import upgrade_database

    engine = make_engine(settings.database_url())  # migrate once, before the workers start
    try:
        upgrade_database(engine)
    finally:
        engine.dispose()
    os.environ["SPIDER_DB_URL"] = settings.database_url()
    os.environ["SPIDER_SOLVER_CORES"] = str(settings.solver_cores)
    print(
        f"Spider Solitaire serving at http://{host}:{port}/ with {args.workers} workers "
        "(Ctrl+C to stop)",
        flush=True,
    )
    uvicorn.run(
        "spider_solitaire.server.app:app_from_env",
        factory=True,
        host=host,
        port=port,
        workers=args.workers,
        log_level=log_level,
        proxy_headers=bool(forwarded),
        forwarded_allow_ips=forwarded or None,
    )
    return 0


def cmd_play(args: argparse.Namespace) -> int:
    """``spider play [CODE] [--suits N] [--rule R] [--no-browser] [--port P] [--db URL]``."""
    path = start_path(args.code, args.suits, args.rule)

    def ready(base_url: str) -> None:
        print(f"Spider Solitaire: {base_url}{path}  (Ctrl+C to stop)", flush=True)
        if not args.no_browser:
            webbrowser.open(base_url + path)

    port = args.port
    if port is None:
        port = PLAY_PORT if _port_is_free(LOCAL_HOST, PLAY_PORT) else 0
    return _run(args, LOCAL_HOST, port, ready)


def _port_is_free(host: str, port: int) -> bool:
    """True when ``host``:``port`` can be bound now (nothing else listens there)."""
    try:
        listening_socket(host, port).close()
    except OSError:
        return False
    return True


def cmd_serve(args: argparse.Namespace) -> int:
    """``spider serve [--host H] [--port P] [--db URL] [--solver-workers N] [--workers N]
    [--forwarded-allow-ips IPS] [--log-level L]``."""

    def ready(base_url: str) -> None:
        print(f"Spider Solitaire serving at {base_url}/  (Ctrl+C to stop)", flush=True)

    return _run(args, args.host, args.port, ready)


def cmd_worker(args: argparse.Namespace) -> int:
    """``spider worker [--db URL] [--concurrency N]``: status 2 for a database that is not
    PostgreSQL or cannot be opened, or a missing package."""
    if _missing_extra("worker"):
        return 2
    from sqlalchemy.exc import ArgumentError, DatabaseError

    settings = _settings(args.db, solver_cores=args.concurrency)
    try:
        from .jobs.queue import libpq_url, run_worker

        libpq_url(settings.database_url())  # PostgreSQL only
        cores = settings.solver_cores
        print(f"spider worker: up to {cores} solver jobs at once (Ctrl+C to stop)", flush=True)
        run_worker(
            settings.database_url(),
            concurrency=settings.solver_cores,
            memory_mb=settings.solver_memory_mb or None,
        )
    except (ImportError, ValueError, ArgumentError, DatabaseError) as error:
        print(f"spider worker: {_one_line(error)}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        pass
    return 0


def cmd_db_upgrade(args: argparse.Namespace) -> int:
    """``spider db upgrade [--db URL]``: run the migrations; status 2 when the database
    cannot be opened or has a revision this release does not know, or when the server
    extra is missing."""
    if _missing_extra("db upgrade"):
        return 2
    from alembic.util import CommandError
    from sqlalchemy.exc import ArgumentError, DatabaseError, NoSuchModuleError

    from .db.engine import make_engine
    from .db.migrations import upgrade_database

    url = _settings(args.db).database_url()
    try:
        engine = make_engine(url)
        shown = engine.url.render_as_string(hide_password=True)
    except (ArgumentError, NoSuchModuleError) as error:
        print(f"spider db upgrade: database {args.db!r}: {error}", file=sys.stderr)
        return 2
    try:
        before, after = upgrade_database(engine)
    except (DatabaseError, CommandError) as error:
        print(f"spider db upgrade: database {shown!r}: {_one_line(error)}", file=sys.stderr)
        return 2
    finally:
        engine.dispose()
    if before == after:
        print(f"{shown}: at revision {after}, the newest; nothing to do")
    else:
        print(f"{shown}: upgraded from revision {before or '(empty)'} to {after}")
    return 0
