"""The server's settings, in one class.

Defaults suit ``spider play`` on one machine: a SQLite file in the user's data directory
(:mod:`platformdirs`), the web files from the package. ``spider serve`` overrides the
database URL, host and port from its command line.
"""

from __future__ import annotations

import dataclasses
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from platformdirs import user_data_dir

from ..game import DEFAULT_UNDO_LIMIT

ENV_PREFIX = "SPIDER_"
"""Environment variables ``SPIDER_<SETTING>`` set settings (see :meth:`Settings.from_env`)."""

APP_NAME = "spider-solitaire"
"""Directory name under the user's data directory."""

WEB_DIR = Path(__file__).resolve().parent.parent / "web"
"""The browser app's files, shipped inside the package (``index.html``, ``js/``, ...)."""


def default_db_url() -> str:
    """Return the default database URL: ``sqlite:///<user data dir>/games.db``.

    The directory is created when missing (platformdirs names it per platform, for
    example ``~/.local/share/spider-solitaire`` on Linux).
    """
    directory = Path(user_data_dir(APP_NAME, appauthor=False))
    directory.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{directory / 'games.db'}"


def default_solver_cores() -> int:
    """Return how many solver jobs may run at once by default: one per CPU core but one
    (at least one), so that a core is left for answering players."""
    return max(1, (os.cpu_count() or 2) - 1)


@dataclass(frozen=True, slots=True)
class Settings:
    """Everything :func:`spider_solitaire.server.app.create_app` needs.

    Attributes:
        db_url: a SQLAlchemy URL (``sqlite:///path/games.db``, ``postgresql+psycopg://...``);
            empty means :func:`default_db_url`.
        web_dir: where ``index.html`` and the static files are.
        max_body_bytes: requests with a larger body get 413 ``too_large``.
        cache_games: how many rebuilt games the in-memory cache keeps (least recently
            used go first); 0 turns the cache off.
        undo_limit: the Game option: how many actions can be undone.
        sqlite_synchronous: SQLite's ``synchronous`` pragma with WAL: ``NORMAL`` keeps every
            committed action through a killed server; ``FULL`` also through a power cut.
        db_in_threads: run each request's database work in the thread pool (True) or on
            the event loop (False). None (the default) chooses: the event loop for SQLite,
            whose statements take a fraction of a millisecond (measured: less CPU and
            lower latency than hopping to a thread), threads for any other database.
        solver_cores: how many solver jobs (worker processes) run at once; more wait.
        solver_memory_mb: each solver worker's memory cap (``RLIMIT_AS``), 0 for none
            (measured: a 10 s solve of a 4-suit deal peaks at about 60 MB).
        solver_queue_seconds: how long a request waits for a free solver before it gets
            503 ``solver_busy``.
        solve_time_limit: the solver's time limit for "Can I still win?" and for finding
            a solution to show (seconds); the worker's CPU limit is this plus a margin.
        solve_node_limit: the solver's node limit for every solve (None: none; tests use it).
        solve_time_limit_long, solve_node_limit_long: the same for "Can I still win?" asked
            with the long limit ("Keep thinking" after an unknown answer): a decision of ours,
            bounded by the server whatever the client asks.
        history_probe_limit: the solver's time limit for each earlier position when the
            answer is no and the game's history is searched for its last winnable point.
        history_budget: seconds for that whole search.
        winnable_stock: "winnable deals only" gives a deal of the shipped stock of deals
            proved winnable that the player has not played, at once, and searches only
            when they have played them all (True, the default); False: always search
            (``SPIDER_WINNABLE_STOCK=0``; tests of the search use it).
        winnable_time_limit: the solver's time limit per deal for that search.
        winnable_max_tries: how many random deals that search tries at most.
        winnable_budget: seconds for that whole search.
        deal_search_idle_seconds: a search for a winnable deal nobody has asked about for
            this long is cancelled (the player left).
        deal_search_stale_seconds: the process running a search writes its heartbeat
            every second (every third of this, when that is shorter); a running search
            whose heartbeat is older than this has lost its process (killed, or stopped
            without ending it), and the process that answers a poll ends it with
            ``search_interrupted``.
        worker_silent_seconds: in the job-queue layout, a ``spider worker`` whose
            heartbeat (every 2 s) is older than this is taken as gone: with none left,
            ``/healthz`` says ``degraded`` and solver requests answer 503
            ``help_unavailable``.
        rate_window_seconds: the window the request limits count in.
        solver_per_address, solver_per_player: solver requests (hints, "Can I still
            win?", the solution's moves, deal searches) a client address, a player, may
            make per window (0: no limit); more get 429 ``rate_limited``.
        new_games_per_address: new games a client address may start per window (each
            may make a player).
        transfer_claims_per_address: transfer codes a client address may try per window
            (``POST /api/transfer/claim``; a right code is used once, so the limit holds
            back guessing); more get 429 ``rate_limited``.
        solver_jobs_per_address, solver_jobs_per_player: the fair shares of the solvers:
            how many solver jobs (hints included) a client address, a player, may have
            queued or running at once, across every server process (0: no limit); more
            get 429 ``too_many_jobs`` with ``Retry-After``.
        puzzle_positions: a new game from a position may hold part of the deck(s) (small
            boards: puzzles, the tests; ``SPIDER_PUZZLE_POSITIONS=1``). False (the
            default): a start position must hold the variant's whole deck(s), every card
            exactly as many times as they hold it (a decision of ours: a game of another
            card set might never end), else 400 ``bad_position``.
        job_queue: where solver work runs: ``pool`` (the default: this process's own
            worker processes) or ``procrastinate`` (queued on PostgreSQL for
            ``spider worker`` processes on any machine; docs/hosting.md).
    """

    db_url: str = ""
    web_dir: Path = field(default=WEB_DIR)
    max_body_bytes: int = 16 * 1024
    cache_games: int = 256
    undo_limit: int = DEFAULT_UNDO_LIMIT
    sqlite_synchronous: str = "NORMAL"
    db_in_threads: bool | None = None
    solver_cores: int = field(default_factory=default_solver_cores)
    solver_memory_mb: int = 1024
    solver_queue_seconds: float = 30.0
    solve_time_limit: float = 10.0
    solve_node_limit: int | None = None
    solve_time_limit_long: float = 60.0
    solve_node_limit_long: int | None = None
    history_probe_limit: float = 5.0
    history_budget: float = 20.0
    winnable_stock: bool = True
    winnable_time_limit: float = 5.0
    winnable_max_tries: int = 20
    winnable_budget: float = 60.0
    deal_search_idle_seconds: float = 15.0
    deal_search_stale_seconds: float = 5.0
    worker_silent_seconds: float = 10.0
    rate_window_seconds: int = 60
    solver_per_address: int = 120
    solver_per_player: int = 60
    new_games_per_address: int = 120
    transfer_claims_per_address: int = 20
    solver_jobs_per_address: int = 4
    solver_jobs_per_player: int = 3
    puzzle_positions: bool = False
    job_queue: str = "pool"

    def database_url(self) -> str:
        """Return :attr:`db_url`, or :func:`default_db_url` when it is empty."""
        return self.db_url or default_db_url()

    @classmethod
    def from_env(cls, environ: dict[str, str] | None = None, **given: Any) -> Settings:
        """Return the settings with each attribute from the environment variable
        ``SPIDER_<NAME>`` when it is set (``SPIDER_DB_URL``, ``SPIDER_SOLVER_CORES``, ...:
        so that a database password does not show in the process list, and so that every
        uvicorn worker process gets the same settings), then from ``given`` when it is not
        None or empty.

        Raises:
            ValueError: a variable is not a number where one is needed (the message names
                it).
        """
        environ = dict(os.environ) if environ is None else environ
        values: dict[str, Any] = {}
        for item in dataclasses.fields(cls):
            text = environ.get(ENV_PREFIX + item.name.upper())
            if text is None or text == "":
                continue
            kind = str(item.type)
            try:
                if kind.startswith("bool"):
                    values[item.name] = text.lower() in ("1", "true", "yes", "on")
                elif kind.startswith("int"):
                    values[item.name] = int(text)
                elif kind.startswith("float"):
                    values[item.name] = float(text)
                elif kind == "Path":
                    values[item.name] = Path(text)
                else:
                    values[item.name] = text
            except ValueError:
                raise ValueError(
                    f"{ENV_PREFIX}{item.name.upper()}={text!r} is not a number"
                ) from None
        values |= {key: value for key, value in given.items() if value not in (None, "")}
        return cls(**values)
