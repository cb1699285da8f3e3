"""Winnable deals in every game of the family (issue 20): the variant a search for a
winnable deal deals.

``deal_searches.variant`` (the registry's name, ``spider``, ``spiderette``...) is
``spider`` for every existing row: every search before this revision dealt ``spider``
games.

Revision ID: 0011
Revises: 0010
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision: str | None = "0010"
branch_labels: str | None = None
depends_on: str | None = None

DEFAULT = "spider"
"""The variant of every search written before this revision."""


def upgrade() -> None:
    """Add ``variant`` to ``deal_searches`` (``spider`` for the rows there)."""
    op.add_column(
        "deal_searches",
        sa.Column("variant", sa.String(24), nullable=False, server_default=DEFAULT),
    )


def downgrade() -> None:
    """Drop ``deal_searches.variant`` (batch mode: SQLite rebuilds the table); the
    searches of other variants stay, read as ``spider`` ones by the older release."""
    with op.batch_alter_table("deal_searches") as batch:
        batch.drop_column("variant")
