"""Long answers as jobs (issue 21, item 5): ``help_jobs``, one row for each "Can I still
win?" question and each solve of the solution that a player started, polled from any server
process (no request waits for the solver longer than a reverse proxy's default timeout).

A row says whose job it is and about which game and version, its ``kind`` (``can_win``,
``solution``) and limit (``normal``, ``long``), its status (``running``, ``done``,
``failed``, ``cancelled``) with a reason, its progress (``probes``: positions solved so
far), its answer once done (``result``, JSON), and the times it started, was last asked
about, ended and last beat (the heartbeat of the process running it, as
``deal_searches.beat_at``).

Revision ID: 0008
Revises: 0007
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision: str | None = "0007"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    """Create ``help_jobs``."""
    op.create_table(
        "help_jobs",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("player_id", sa.String(64), sa.ForeignKey("players.id"), nullable=False),
        sa.Column("game_id", sa.String(32), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("solve_limit", sa.String(8), nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("probes", sa.Integer(), nullable=False),
        sa.Column("reason", sa.String(32)),
        sa.Column("result", sa.Text()),
        sa.Column("started_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("seen_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("ended_at", sa.DateTime(timezone=True)),
        sa.Column("beat_at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    """Drop ``help_jobs``."""
    op.drop_table("help_jobs")
