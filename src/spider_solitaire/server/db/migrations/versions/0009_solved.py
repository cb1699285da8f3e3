"""Games played by the solver (issue 19): ``games.solved`` and ``results.solved``, true once
"Show solution" played a move of the game (the solver played it, not the player), so that
such a win is told apart from the player's own: it is no daily win for the streak and sets
no personal best (docs/record.md). Games and results of older releases are not solved.

Revision ID: 0009
Revises: 0008
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision: str | None = "0008"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    """Add ``games.solved`` and ``results.solved`` (false for every existing row)."""
    for table in ("games", "results"):
        op.add_column(
            table, sa.Column("solved", sa.Boolean(), nullable=False, server_default=sa.false())
        )


def downgrade() -> None:
    """Drop ``results.solved`` and ``games.solved``."""
    for table in ("results", "games"):
        with op.batch_alter_table(table) as batch:
            batch.drop_column("solved")
