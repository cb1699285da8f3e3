"""The schema of release 0.1.0: players, games (with the columns it derived from the action
log) and actions, as that release's ``create_all`` made them.

Revision ID: 0001
Revises: (none)
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision: str | None = None
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    """Create the three tables and the index of a player's games by last change."""
    op.create_table(
        "players",
        sa.Column("id", sa.String(64), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_table(
        "games",
        sa.Column("id", sa.String(32), nullable=False),
        sa.Column("player_id", sa.String(64), nullable=False),
        sa.Column("code", sa.String(32), nullable=True),
        sa.Column("start_position", sa.Text(), nullable=True),
        sa.Column("suits", sa.Integer(), nullable=False),
        sa.Column("rule", sa.String(16), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("restart_at", sa.Integer(), nullable=False),
        sa.Column("history", sa.Text(), nullable=False),
        sa.Column("redo", sa.Text(), nullable=False),
        sa.Column("score", sa.Integer(), nullable=False),
        sa.Column("moves", sa.Integer(), nullable=False),
        sa.Column("is_won", sa.Boolean(), nullable=False),
        sa.Column("assisted", sa.Boolean(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id"),
        sa.ForeignKeyConstraint(["player_id"], ["players.id"]),
    )
    op.create_index("ix_games_player_updated", "games", ["player_id", "updated_at"])
    op.create_table(
        "actions",
        sa.Column("game_id", sa.String(32), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("action", sa.String(16), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("game_id", "number"),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"]),
    )


def downgrade() -> None:
    """Drop the tables (every saved game with them)."""
    op.drop_table("actions")
    op.drop_index("ix_games_player_updated", table_name="games")
    op.drop_table("games")
    op.drop_table("players")
