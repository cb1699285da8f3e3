"""The Spider family at the table (issue 20, step 5): the game of the family each game,
result and reset is of.

``games.variant`` and ``results.variant`` (the registry's name, ``spider``, ``bicycle``...)
default to ``spider`` for every existing row: every game before this revision is a
``spider`` game, so every figure stays as it was. ``stat_resets.variant`` is null for every
existing reset: a reset of no variant covers every variant, as before (there was one).

Revision ID: 0010
Revises: 0009
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision: str | None = "0009"
branch_labels: str | None = None
depends_on: str | None = None

DEFAULT = "spider"
"""The variant of every row written before this revision."""


def upgrade() -> None:
    """Add ``variant`` to ``games`` and ``results`` (``spider`` for the rows there) and
    to ``stat_resets`` (null: every variant)."""
    for table in ("games", "results"):
        op.add_column(
            table,
            sa.Column("variant", sa.String(24), nullable=False, server_default=DEFAULT),
        )
    op.add_column("stat_resets", sa.Column("variant", sa.String(24)))


def downgrade() -> None:
    """Drop the three ``variant`` columns (batch mode: SQLite rebuilds the tables)."""
    for table in ("stat_resets", "results", "games"):
        with op.batch_alter_table(table) as batch:
            batch.drop_column("variant")
