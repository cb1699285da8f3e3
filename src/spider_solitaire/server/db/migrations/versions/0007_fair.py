"""Fair solver shares (issue 21): ``solver_jobs.address``, the client address a solver job
was asked from, so that any server process can count the jobs of an address (and, with
``player_id``, of a player) that are queued or running, and refuse one over its share.

From this revision on every solver job has a row in ``solver_jobs`` while it is queued or
running, whichever runs it (the embedded pool or ``spider worker``); the row is deleted
when its answer has been read. Rows of older releases have no address.

Revision ID: 0007
Revises: 0006
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision: str | None = "0006"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    """Add ``solver_jobs.address`` and the indexes that count a share."""
    with op.batch_alter_table("solver_jobs") as batch:
        batch.add_column(sa.Column("address", sa.String(64), nullable=True))
        batch.create_index("ix_solver_jobs_address", ["address", "status"])
        batch.create_index("ix_solver_jobs_player", ["player_id", "status"])


def downgrade() -> None:
    """Drop the indexes and ``solver_jobs.address``."""
    with op.batch_alter_table("solver_jobs") as batch:
        batch.drop_index("ix_solver_jobs_player")
        batch.drop_index("ix_solver_jobs_address")
        batch.drop_column("address")
