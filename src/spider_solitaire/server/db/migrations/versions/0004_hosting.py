"""Hosting for many players (issue 11): what several server processes on one database share.

* ``games.revision``: bumped by every change to a game (an action, the ``assisted`` flag, any
  other column the game service writes), so a process's cached copy is checked against it;
* ``games.version``, ``games.restart_at`` and ``actions.number`` become 64-bit (a position
  game may start with a move counter near 2^31; versions are counted the same way);
* ``game_snapshots``: the newest snapshot of a game (position, undo and redo stacks), so a
  process that has not cached a game replays only the actions after it;
* ``deal_searches``: searches for a winnable deal and their progress, which any process can
  report on and stop;
* ``player_jobs``: the one solver job each player may have running, across processes;
* ``kept_solutions``: solutions the solver found, by game and position;
* ``solver_jobs``: solver work queued for ``spider worker`` processes (the job-queue mode),
  its progress and its answer;
* ``rate_limits``: request counters per client address and per player, per time window.

Revision ID: 0004
Revises: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision: str | None = "0003"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    """Add the column and the tables; widen the counters."""
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("revision", sa.BigInteger(), nullable=False, server_default="0"))
        batch.alter_column("version", type_=sa.BigInteger(), existing_nullable=False)
        batch.alter_column("restart_at", type_=sa.BigInteger(), existing_nullable=False)
    with op.batch_alter_table("actions") as batch:
        batch.alter_column("number", type_=sa.BigInteger(), existing_nullable=False)
    op.create_table(
        "game_snapshots",
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), primary_key=True),
        sa.Column("version", sa.BigInteger(), nullable=False),
        sa.Column("data", sa.Text(), nullable=False),
    )
    op.create_table(
        "deal_searches",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("player_id", sa.String(64), sa.ForeignKey("players.id"), nullable=False),
        sa.Column("suits", sa.Integer(), nullable=False),
        sa.Column("rule", sa.String(16), nullable=False),
        sa.Column("max_tries", sa.Integer(), nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("tried", sa.Integer(), nullable=False),
        sa.Column("reason", sa.String(32), nullable=True),
        sa.Column("game_id", sa.String(32), nullable=True),
        sa.Column("started_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("seen_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("ended_at", sa.DateTime(timezone=True), nullable=True),
    )
    op.create_index("ix_deal_searches_player", "deal_searches", ["player_id"])
    op.create_table(
        "player_jobs",
        sa.Column("player_id", sa.String(64), sa.ForeignKey("players.id"), primary_key=True),
        sa.Column("job_id", sa.String(32), nullable=False),
        sa.Column("started_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "kept_solutions",
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), primary_key=True),
        sa.Column("position_key", sa.String(64), primary_key=True),
        sa.Column("moves", sa.Text(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "solver_jobs",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("player_id", sa.String(64), nullable=False),
        sa.Column("task", sa.String(32), nullable=False),
        sa.Column("args", sa.Text(), nullable=False),
        sa.Column("cpu_seconds", sa.Float(), nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("progress", sa.Text(), nullable=True),
        sa.Column("result", sa.Text(), nullable=True),
        sa.Column("error", sa.String(32), nullable=True),
        sa.Column("detail", sa.Text(), nullable=True),
        sa.Column("cancel", sa.Boolean(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "rate_limits",
        sa.Column("key", sa.String(160), primary_key=True),
        sa.Column("window", sa.BigInteger(), nullable=False),
        sa.Column("count", sa.Integer(), nullable=False),
    )


def downgrade() -> None:
    """Drop the tables and the column; the counters go back to 32 bits (a game past
    2^31 - 1 actions or moves cannot be kept by an older release)."""
    tables = ("rate_limits", "solver_jobs", "kept_solutions", "player_jobs", "deal_searches")
    for table in tables:
        op.drop_table(table)
    op.drop_table("game_snapshots")
    with op.batch_alter_table("actions") as batch:
        batch.alter_column("number", type_=sa.Integer(), existing_nullable=False)
    with op.batch_alter_table("games") as batch:
        batch.drop_column("revision")
        batch.alter_column("version", type_=sa.Integer(), existing_nullable=False)
        batch.alter_column("restart_at", type_=sa.Integer(), existing_nullable=False)
