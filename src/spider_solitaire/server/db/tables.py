"""The server's tables (SQLAlchemy Core, portable between SQLite and PostgreSQL), as the
newest migration leaves them: made and upgraded by the Alembic migrations in
:mod:`.migrations`, never by ``create_all``.

* ``players``: the opaque ids handed out in the player cookie.
* ``games``: one row per game: its owner, how it starts (a game code, or a start
  position for a game made from position notation), its ``version`` (the number of
  actions played so far), ``restart_at`` (the number of its last restart, 0 for none)
  and whether it was ``assisted``; also ``practice``, the times of its first and last
  actions, its ``playing_ms`` (gaps capped at :data:`.games.IDLE_CAP_MS`), its
  ``outcome``, when it was first won, its ``share_id`` and ``share_version`` (its version
  when the link was made: what the link shows).
* ``actions``: every accepted action, numbered 1, 2, ... per game: a move in canonical
  notation (``3:4>7``), ``d``, ``undo``, ``redo`` or ``restart``. Action ``n`` is the one
  that took the game from version ``n - 1`` to ``n``.
* ``results``: one row per decided, counted game, written once in the transaction of the
  action or abandon that decides it (docs/record.md); ``stat_resets``: resets of the
  figures; ``transfer_codes``: one-time codes that carry a record to another browser.
* ``game_snapshots``, ``deal_searches``, ``help_jobs``, ``player_jobs``, ``kept_solutions``,
  ``solver_jobs``, ``solver_workers``, ``rate_limits``: what several server processes
  share (hosting).
"""

from __future__ import annotations

from sqlalchemy import (
    BigInteger,
    Boolean,
    Column,
    Date,
    DateTime,
    Float,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    UniqueConstraint,
    false,
)

metadata = MetaData()
"""The server's tables as the newest migration leaves them (Core tables: the hot path runs
prebuilt statements, see :mod:`.games`). A test checks that the migrations make exactly
these tables."""

players = Table(
    "players",
    metadata,
    Column("id", String(64), primary_key=True),
    Column("created_at", DateTime(timezone=True), nullable=False),
)
"""A player: an id handed out in the cookie."""

DEFAULT_VARIANT = "spider"
"""The variant (the registry's name) of a row that names none: every game before
migration 0009 (the table's server default, as the migration's)."""

games = Table(
    "games",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("player_id", String(64), ForeignKey("players.id"), nullable=False),
    Column("code", String(32)),
    Column("start_position", Text),
    Column("suits", Integer, nullable=False),
    Column("rule", String(16), nullable=False),
    Column("version", BigInteger, nullable=False),
    Column("restart_at", BigInteger, nullable=False),
    Column("assisted", Boolean, nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("updated_at", DateTime(timezone=True), nullable=False),
    Column("practice", Boolean, nullable=False, server_default=false()),
    Column("first_action_at", DateTime(timezone=True)),
    Column("last_action_at", DateTime(timezone=True)),
    Column("playing_ms", BigInteger, nullable=False, server_default="0"),
    Column("outcome", String(8)),
    Column("finished_won_at", DateTime(timezone=True)),
    Column("share_id", String(32)),
    Column("share_version", BigInteger),
    Column("revision", BigInteger, nullable=False, server_default="0"),
    Column("daily_date", Date),
    Column("solved", Boolean, nullable=False, server_default=false()),
    Column("variant", String(24), nullable=False, server_default=DEFAULT_VARIANT),
    Index("ix_games_player_updated", "player_id", "updated_at"),
    Index("ix_games_player_code", "player_id", "code"),
    Index("ix_games_player_daily", "player_id", "daily_date"),
    UniqueConstraint("share_id", name="uq_games_share_id"),
)
"""A saved game (see the module docstring)."""

actions = Table(
    "actions",
    metadata,
    Column("game_id", String(32), ForeignKey("games.id"), primary_key=True),
    Column("number", BigInteger, primary_key=True),
    Column("action", String(16), nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
)
"""One accepted action of a game; ``number`` is the version it led to."""

game_snapshots = Table(
    "game_snapshots",
    metadata,
    Column("game_id", String(32), ForeignKey("games.id"), primary_key=True),
    Column("version", BigInteger, nullable=False),
    Column("data", Text, nullable=False),
)
"""The newest snapshot of a game (:meth:`Game.snapshot` as JSON) at ``version``."""

deal_searches = Table(
    "deal_searches",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("player_id", String(64), ForeignKey("players.id"), nullable=False),
    Column("suits", Integer, nullable=False),
    Column("rule", String(16), nullable=False),
    Column("variant", String(24), nullable=False, server_default=DEFAULT_VARIANT),
    Column("max_tries", Integer, nullable=False),
    Column("status", String(16), nullable=False),
    Column("tried", Integer, nullable=False),
    Column("reason", String(32)),
    Column("game_id", String(32)),
    Column("started_at", DateTime(timezone=True), nullable=False),
    Column("seen_at", DateTime(timezone=True), nullable=False),
    Column("ended_at", DateTime(timezone=True)),
    Column("beat_at", DateTime(timezone=True)),
    Index("ix_deal_searches_player", "player_id"),
)
"""A search for a winnable deal of ``variant`` (the registry's name; ``spider`` for every
search before migration 0011), ``suits`` and ``rule``: its progress (``tried``), its end
(``status``, ``reason``, the new ``game_id``), when the player last asked (``seen_at``) and
when the process running it last beat (``beat_at``: a running search whose beat is old has
lost its process)."""

help_jobs = Table(
    "help_jobs",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("player_id", String(64), ForeignKey("players.id"), nullable=False),
    Column("game_id", String(32), nullable=False),
    Column("version", Integer, nullable=False),
    Column("kind", String(16), nullable=False),
    Column("solve_limit", String(8), nullable=False),
    Column("status", String(16), nullable=False),
    Column("probes", Integer, nullable=False),
    Column("reason", String(32)),
    Column("result", Text),
    Column("started_at", DateTime(timezone=True), nullable=False),
    Column("seen_at", DateTime(timezone=True), nullable=False),
    Column("ended_at", DateTime(timezone=True)),
    Column("beat_at", DateTime(timezone=True), nullable=False),
)
"""A help job a player waits for, as a job polled from any process: "Can I still win?"
(``kind`` ``can_win``), the solve behind "Show solution" (``solution``) or the notice's
check of the last action (``notice``, no migration: the column held it already) for the game
``game_id`` at ``version``, with the ``solve_limit`` (``normal``, ``long``); its progress
(``probes``: positions solved), its end (``status``, ``reason``, the answer as JSON in
``result``), when the player last asked (``seen_at``) and when the process running it last
beat (``beat_at``), as for ``deal_searches``."""

player_jobs = Table(
    "player_jobs",
    metadata,
    Column("player_id", String(64), ForeignKey("players.id"), primary_key=True),
    Column("job_id", String(32), nullable=False),
    Column("started_at", DateTime(timezone=True), nullable=False),
)
"""The solver job each player may have running (one, across every server process)."""

kept_solutions = Table(
    "kept_solutions",
    metadata,
    Column("game_id", String(32), ForeignKey("games.id"), primary_key=True),
    Column("position_key", String(64), primary_key=True),
    Column("moves", Text, nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
)
"""A solution found for a position of a game (``position_key``: a hash of the position's
full notation); ``moves`` in move notation, one space between."""

solver_jobs = Table(
    "solver_jobs",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("player_id", String(64), nullable=False),
    Column("task", String(32), nullable=False),
    Column("args", Text, nullable=False),
    Column("cpu_seconds", Float, nullable=False),
    Column("status", String(16), nullable=False),
    Column("progress", Text),
    Column("result", Text),
    Column("error", String(32)),
    Column("detail", Text),
    Column("cancel", Boolean, nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("updated_at", DateTime(timezone=True), nullable=False),
    Column("address", String(64)),
    Index("ix_solver_jobs_address", "address", "status"),
    Index("ix_solver_jobs_player", "player_id", "status"),
)
"""A solver job, queued or running, of a player (``player_id``) asked from a client
``address``: what the players' shares of the solvers count, in every process. In the
job-queue mode it is also the job the workers (``spider worker``) run: its task and
arguments (JSON; empty for the embedded pool), its status (``queued``, ``running``,
``done``, ``failed``, ``cancelled``), its last progress and its answer (JSON), a request
to ``cancel`` it, and ``updated_at``, refreshed by whoever holds it (its heartbeat: the
server process while it waits or runs it in its pool, the worker once it runs it). The
row is deleted once its answer is read."""

solver_workers = Table(
    "solver_workers",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("host", String(255), nullable=False),
    Column("pid", Integer, nullable=False),
    Column("concurrency", Integer, nullable=False),
    Column("started_at", DateTime(timezone=True), nullable=False),
    Column("beat_at", DateTime(timezone=True), nullable=False),
    Index("ix_solver_workers_beat", "beat_at"),
)
"""A ``spider worker`` process (the job-queue layout): it rewrites ``beat_at`` every
few seconds while it runs; when it stops it writes its stop time there and
``concurrency`` 0 (a stopped worker); a row whose beat is old and whose ``concurrency``
is not 0 is a worker that died."""

rate_limits = Table(
    "rate_limits",
    metadata,
    Column("key", String(160), primary_key=True),
    Column("window", BigInteger, nullable=False),
    Column("count", Integer, nullable=False),
)
"""Requests counted per key (a client address or a player, and a kind) in the current
time window (``window``: its number, seconds since the epoch divided by its length)."""

results = Table(
    "results",
    metadata,
    Column("game_id", String(32), ForeignKey("games.id"), primary_key=True),
    Column("player_id", String(64), ForeignKey("players.id"), nullable=False),
    Column("suits", Integer, nullable=False),
    Column("rule", String(16), nullable=False),
    Column("daily_date", Date),
    Column("assisted", Boolean, nullable=False),
    Column("outcome", String(8), nullable=False),
    Column("score", Integer, nullable=False),
    Column("moves", Integer, nullable=False),
    Column("playing_ms", BigInteger, nullable=False),
    Column("decided_at", DateTime(timezone=True), nullable=False),
    Column("solved", Boolean, nullable=False, server_default=false()),
    Column("variant", String(24), nullable=False, server_default=DEFAULT_VARIANT),
    Index("ix_results_player_decided", "player_id", "decided_at"),
)
"""One decided, counted game (docs/record.md): written once, in the transaction of the
action or the abandon that decided it, and never recomputed. ``game_id`` is the primary
key, so a game can never count twice."""

stat_resets = Table(
    "stat_resets",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("player_id", String(64), ForeignKey("players.id"), nullable=False),
    Column("suits", Integer),
    Column("rule", String(16)),
    Column("reset_at", DateTime(timezone=True), nullable=False),
    Column("variant", String(24)),
    Index("ix_stat_resets_player", "player_id"),
)
"""A reset of the figures: of one variant (``suits`` and ``rule``), of every rule of
``suits`` (``rule`` null), of every variant of ``rule`` (``suits`` null), or of all (both
null); ``variant``: of that game of the family alone (null: of every one). Results
decided before the latest reset that covers their variant are not counted."""

transfer_codes = Table(
    "transfer_codes",
    metadata,
    Column("code", String(16), primary_key=True),
    Column("player_id", String(64), ForeignKey("players.id"), nullable=False),
    Column("expires_at", DateTime(timezone=True), nullable=False),
    Column("used_at", DateTime(timezone=True)),
)
"""A one-time code that gives another browser the player's record (``XXXX-XXXX``)."""

GAME_COLUMNS = [
    games.c.id,
    games.c.player_id,
    games.c.code,
    games.c.start_position,
    games.c.suits,
    games.c.rule,
    games.c.version,
    games.c.restart_at,
    games.c.assisted,
    games.c.practice,
    games.c.created_at,
    games.c.first_action_at,
    games.c.last_action_at,
    games.c.playing_ms,
    games.c.outcome,
    games.c.finished_won_at,
    games.c.share_id,
    games.c.share_version,
    games.c.revision,
    games.c.daily_date,
    games.c.solved,
    games.c.variant,
]
"""The columns of ``games`` a :class:`~.games.GameRecord` holds (every one but
``updated_at``), in its fields' order."""
