"""The daily deal (issue 10): ``games.daily_date``, the date whose daily deal a game is
(null for every other game). ``results.daily_date`` already exists (0003) and is now filled
when a daily game's result is written.

Games of older releases are not daily games: their ``daily_date`` is null.

Revision ID: 0005
Revises: 0004
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision: str | None = "0004"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    """Add ``games.daily_date`` and an index to find a player's games of a date."""
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("daily_date", sa.Date(), nullable=True))
        batch.create_index("ix_games_player_daily", ["player_id", "daily_date"])


def downgrade() -> None:
    """Drop ``games.daily_date`` (the games stay, as ordinary games of their code)."""
    with op.batch_alter_table("games") as batch:
        batch.drop_index("ix_games_player_daily")
        batch.drop_column("daily_date")
