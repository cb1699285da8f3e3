"""A finished game's review, computed once and kept with the game (issue 30): ``reviews``,
one row per game reviewed: the game's ``version`` when it was reviewed (a finished game
does not change), the review as JSON (``result``: winnable / lost / unknown along the
game, the move that lost, the solver's line and the hint there, the moves that mattered;
no face-down card: positions are given by their index on the game's line) and when it was
made.

Revision ID: 0013
Revises: 0012
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0013"
down_revision: str | None = "0012"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    """Create ``reviews``."""
    op.create_table(
        "reviews",
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), primary_key=True),
        sa.Column("version", sa.BigInteger(), nullable=False),
        sa.Column("result", sa.Text(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    """Drop ``reviews``."""
    op.drop_table("reviews")
