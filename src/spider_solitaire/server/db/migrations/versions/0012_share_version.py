"""A shared link shows the game as it was when shared (issue 31, item 6):
``games.share_version``, the game's version when its link was made.

A game shared before this revision gets its version now (the best there is: what it was
when the database was upgraded); a game not shared gets null.

Revision ID: 0012
Revises: 0011
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0012"
down_revision: str | None = "0011"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    """Add ``games.share_version`` (the version of every shared game for the rows there)."""
    op.add_column("games", sa.Column("share_version", sa.BigInteger(), nullable=True))
    games = sa.table(
        "games",
        sa.column("version", sa.BigInteger()),
        sa.column("share_id", sa.String(32)),
        sa.column("share_version", sa.BigInteger()),
    )
    op.execute(
        games.update().where(games.c.share_id.is_not(None)).values(share_version=games.c.version)
    )


def downgrade() -> None:
    """Drop ``games.share_version`` (batch mode: SQLite rebuilds the table); the older
    release shows a shared game as it is now."""
    with op.batch_alter_table("games") as batch:
        batch.drop_column("share_version")
