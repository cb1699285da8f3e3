"""The server's settings, in one class.

Defaults suit ``spider play`` on one machine: a SQLite file in the user's data directory
(:mod:`platformdirs`), the web files from the package. ``spider serve`` overrides the
database URL, host and port from its command line.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from platformdirs import user_data_dir

from ..game import DEFAULT_UNDO_LIMIT

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
    """

    db_url: str = ""
    web_dir: Path = field(default=WEB_DIR)
    max_body_bytes: int = 16 * 1024
    cache_games: int = 256
    undo_limit: int = DEFAULT_UNDO_LIMIT
    sqlite_synchronous: str = "NORMAL"
    db_in_threads: bool | None = None

    def database_url(self) -> str:
        """Return :attr:`db_url`, or :func:`default_db_url` when it is empty."""
        return self.db_url or default_db_url()
