"""The hints a game's player was shown (issue 30): ``hints_shown``, one row per game,
version and hinted move, so that a game's review says where a hint was asked and whether
the player's action was the hint's.

Revision ID: 0014
Revises: 0013
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0014"
down_revision: str | None = "0013"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    """Create ``hints_shown``."""
    op.create_table(
        "hints_shown",
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), primary_key=True),
        sa.Column("version", sa.BigInteger(), primary_key=True),
        sa.Column("move", sa.String(16), primary_key=True),
        sa.Column("shown_at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    """Drop ``hints_shown``."""
    op.drop_table("hints_shown")
