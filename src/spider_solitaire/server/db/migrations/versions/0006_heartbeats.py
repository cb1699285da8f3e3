"""Heartbeats (issue 21): a search for a winnable deal, and a job-queue worker, say that
they are alive, so that any server process finds out when one is gone.

* ``deal_searches.beat_at``: when the process running the search last said it runs it
  (every second or so); a running search whose beat is older than
  ``deal_search_stale_seconds`` has lost its process and is ended
  (``search_interrupted``) by whichever process answers a poll. Searches of older
  releases get their ``started_at``.
* ``solver_workers``: one row per running ``spider worker`` process (its host, process id,
  how many jobs it runs at once, when it started and when it last beat); ``/healthz``
  and the solver requests of the job-queue layout count the workers seen lately.

Revision ID: 0006
Revises: 0005
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision: str | None = "0005"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    """Add ``deal_searches.beat_at`` (filled with ``started_at``) and ``solver_workers``."""
    with op.batch_alter_table("deal_searches") as batch:
        batch.add_column(sa.Column("beat_at", sa.DateTime(timezone=True), nullable=True))
    op.execute("UPDATE deal_searches SET beat_at = started_at")
    op.create_table(
        "solver_workers",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("host", sa.String(255), nullable=False),
        sa.Column("pid", sa.Integer(), nullable=False),
        sa.Column("concurrency", sa.Integer(), nullable=False),
        sa.Column("started_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("beat_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_solver_workers_beat", "solver_workers", ["beat_at"])


def downgrade() -> None:
    """Drop ``solver_workers`` and ``deal_searches.beat_at``."""
    op.drop_index("ix_solver_workers_beat", "solver_workers")
    op.drop_table("solver_workers")
    with op.batch_alter_table("deal_searches") as batch:
        batch.drop_column("beat_at")
