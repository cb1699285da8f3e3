"""Drop the columns of ``games`` that the action log makes needless: ``score``, ``moves`` and
``is_won`` (derived from it, and read by nothing) and ``history`` and ``redo`` (the undo and
redo stacks as notation, which replaying the log rebuilds exactly; only a mismatch warning
read them).

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision: str | None = "0001"
branch_labels: str | None = None
depends_on: str | None = None

DROPPED = ("history", "redo", "score", "moves", "is_won")
"""The columns this revision drops."""


def upgrade() -> None:
    """Drop the columns (batch mode: SQLite rebuilds the table, others alter it)."""
    with op.batch_alter_table("games") as batch:
        for name in DROPPED:
            batch.drop_column(name)


def downgrade() -> None:
    """Add the columns back, empty (``""``, 0, false): release 0.1.0 reads none of them
    except to warn when its replayed stacks differ from ``history`` and ``redo``."""
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("history", sa.Text(), nullable=False, server_default=""))
        batch.add_column(sa.Column("redo", sa.Text(), nullable=False, server_default=""))
        batch.add_column(sa.Column("score", sa.Integer(), nullable=False, server_default="0"))
        batch.add_column(sa.Column("moves", sa.Integer(), nullable=False, server_default="0"))
        batch.add_column(
            sa.Column("is_won", sa.Boolean(), nullable=False, server_default=sa.false())
        )
