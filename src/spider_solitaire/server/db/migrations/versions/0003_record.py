"""The player's record (issue 9): a ``results`` table (one row per decided, counted game,
written once), ``stat_resets`` (when figures were reset), ``transfer_codes`` (one-time codes
that carry a record to another browser), and new columns of ``games``: ``practice``, the
times of its first and last actions, its ``playing_ms``, its counted ``outcome``, when it was
first won (``finished_won_at``) and its public replay link (``share_id``).

Games of older releases get ``practice`` false, no outcome, and a ``playing_ms`` of 0: their
actions were played before time was measured, and they count from here on like any game.

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision: str | None = "0002"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    """Add the columns of ``games`` and the three tables."""
    with op.batch_alter_table("games") as batch:
        batch.add_column(
            sa.Column("practice", sa.Boolean(), nullable=False, server_default=sa.false())
        )
        batch.add_column(sa.Column("first_action_at", sa.DateTime(timezone=True), nullable=True))
        batch.add_column(sa.Column("last_action_at", sa.DateTime(timezone=True), nullable=True))
        batch.add_column(
            sa.Column("playing_ms", sa.BigInteger(), nullable=False, server_default="0")
        )
        batch.add_column(sa.Column("outcome", sa.String(8), nullable=True))
        batch.add_column(sa.Column("finished_won_at", sa.DateTime(timezone=True), nullable=True))
        batch.add_column(sa.Column("share_id", sa.String(32), nullable=True))
        batch.create_unique_constraint("uq_games_share_id", ["share_id"])
        batch.create_index("ix_games_player_code", ["player_id", "code"])
    op.create_table(
        "results",
        sa.Column("game_id", sa.String(32), nullable=False),
        sa.Column("player_id", sa.String(64), nullable=False),
        sa.Column("suits", sa.Integer(), nullable=False),
        sa.Column("rule", sa.String(16), nullable=False),
        sa.Column("daily_date", sa.Date(), nullable=True),
        sa.Column("assisted", sa.Boolean(), nullable=False),
        sa.Column("outcome", sa.String(8), nullable=False),
        sa.Column("score", sa.Integer(), nullable=False),
        sa.Column("moves", sa.Integer(), nullable=False),
        sa.Column("playing_ms", sa.BigInteger(), nullable=False),
        sa.Column("decided_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("game_id"),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"]),
        sa.ForeignKeyConstraint(["player_id"], ["players.id"]),
    )
    op.create_index("ix_results_player_decided", "results", ["player_id", "decided_at"])
    op.create_table(
        "stat_resets",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("player_id", sa.String(64), nullable=False),
        sa.Column("suits", sa.Integer(), nullable=True),
        sa.Column("rule", sa.String(16), nullable=True),
        sa.Column("reset_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id"),
        sa.ForeignKeyConstraint(["player_id"], ["players.id"]),
    )
    op.create_index("ix_stat_resets_player", "stat_resets", ["player_id"])
    op.create_table(
        "transfer_codes",
        sa.Column("code", sa.String(16), nullable=False),
        sa.Column("player_id", sa.String(64), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("used_at", sa.DateTime(timezone=True), nullable=True),
        sa.PrimaryKeyConstraint("code"),
        sa.ForeignKeyConstraint(["player_id"], ["players.id"]),
    )


def downgrade() -> None:
    """Drop the tables and the columns: the results, resets, transfer codes, playing times
    and share links are lost; the games and their actions are kept (release 0.2's schema)."""
    op.drop_table("transfer_codes")
    op.drop_index("ix_stat_resets_player", table_name="stat_resets")
    op.drop_table("stat_resets")
    op.drop_index("ix_results_player_decided", table_name="results")
    op.drop_table("results")
    with op.batch_alter_table("games") as batch:
        batch.drop_index("ix_games_player_code")
        batch.drop_constraint("uq_games_share_id", type_="unique")
        for name in (
            "share_id",
            "finished_won_at",
            "outcome",
            "playing_ms",
            "last_action_at",
            "first_action_at",
            "practice",
        ):
            batch.drop_column(name)
