"""The first schema: organisers and their sessions, events, players, rounds, tables, games, penalties, audit.

Revision ID: 0001
Revises:
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "organisers",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("name", sa.String(100), nullable=False),
        sa.Column("password_hash", sa.Text, nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_organisers"),
        sa.UniqueConstraint("name", name="uq_organisers_name"),
    )
    op.create_table(
        "events",
        sa.Column("id", sa.Integer),
        sa.Column("organiser_id", sa.Integer, nullable=False),
        sa.Column("name", sa.String(200), nullable=False),
        sa.Column("kind", sa.String(20), nullable=False),
        sa.Column("rules", sa.Text, nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_events"),
        sa.ForeignKeyConstraint(["organiser_id"], ["organisers.id"], name="fk_events_organiser_id_organisers"),
    )
    op.create_index("ix_events_organiser_id", "events", ["organiser_id"])
    op.create_table(
        "players",
        sa.Column("id", sa.Integer),
        sa.Column("event_id", sa.Integer, nullable=False),
        sa.Column("name", sa.String(100), nullable=False),
        sa.Column("ema_number", sa.String(20), nullable=False, server_default=""),
        sa.PrimaryKeyConstraint("id", name="pk_players"),
        sa.ForeignKeyConstraint(["event_id"], ["events.id"], name="fk_players_event_id_events"),
        sa.UniqueConstraint("event_id", "name", name="uq_players_event_name"),
    )
    op.create_table(
        "rounds",
        sa.Column("id", sa.Integer),
        sa.Column("event_id", sa.Integer, nullable=False),
        sa.Column("number", sa.Integer, nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_rounds"),
        sa.ForeignKeyConstraint(["event_id"], ["events.id"], name="fk_rounds_event_id_events"),
        sa.UniqueConstraint("event_id", "number", name="uq_rounds_event_number"),
    )
    op.create_table(
        "tables",
        sa.Column("id", sa.Integer),
        sa.Column("round_id", sa.Integer, nullable=False),
        sa.Column("number", sa.Integer, nullable=False),
        sa.Column("code", sa.String(40), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_tables"),
        sa.ForeignKeyConstraint(["round_id"], ["rounds.id"], name="fk_tables_round_id_rounds"),
        sa.UniqueConstraint("code", name="uq_tables_code"),
        sa.UniqueConstraint("round_id", "number", name="uq_tables_round_number"),
    )
    op.create_table(
        "games",
        sa.Column("id", sa.Integer),
        sa.Column("table_id", sa.Integer, nullable=False),
        sa.Column("seats", sa.Text, nullable=False),
        sa.Column("hands", sa.Text, nullable=False),
        sa.Column("final_scores", sa.Text, nullable=True),
        sa.Column("result", sa.Text, nullable=False),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("updated_at", sa.Float, nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_games"),
        sa.ForeignKeyConstraint(["table_id"], ["tables.id"], name="fk_games_table_id_tables"),
        sa.UniqueConstraint("table_id", name="uq_games_table_id"),
    )
    op.create_table(
        "penalties",
        sa.Column("id", sa.Integer),
        sa.Column("event_id", sa.Integer, nullable=False),
        sa.Column("player_id", sa.Integer, nullable=False),
        sa.Column("points", sa.Float, nullable=False),
        sa.Column("reason", sa.Text, nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_penalties"),
        sa.ForeignKeyConstraint(["event_id"], ["events.id"], name="fk_penalties_event_id_events"),
        sa.ForeignKeyConstraint(["player_id"], ["players.id"], name="fk_penalties_player_id_players"),
    )
    op.create_index("ix_penalties_event_id", "penalties", ["event_id"])
    op.create_table(
        "audit",
        sa.Column("id", sa.Integer),
        sa.Column("at", sa.Float, nullable=False),
        sa.Column("actor", sa.String(200), nullable=False),
        sa.Column("event_id", sa.Integer, nullable=True),
        sa.Column("action", sa.String(60), nullable=False),
        sa.Column("target", sa.String(200), nullable=False),
        sa.Column("before", sa.Text, nullable=True),
        sa.Column("after", sa.Text, nullable=True),
        sa.PrimaryKeyConstraint("id", name="pk_audit"),
    )
    op.create_index("ix_audit_event_id", "audit", ["event_id"])
    op.create_table(
        "sessions",
        sa.Column("id", sa.Integer),
        sa.Column("token_hash", sa.String(64), nullable=False),
        sa.Column("organiser_id", sa.Integer, nullable=True),
        sa.Column("table_id", sa.Integer, nullable=True),
        sa.Column("csrf", sa.String(64), nullable=False),
        sa.Column("expires_at", sa.Float, nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_sessions"),
        sa.ForeignKeyConstraint(["organiser_id"], ["organisers.id"], name="fk_sessions_organiser_id_organisers"),
        sa.ForeignKeyConstraint(["table_id"], ["tables.id"], name="fk_sessions_table_id_tables"),
        sa.UniqueConstraint("token_hash", name="uq_sessions_token_hash"),
    )


def downgrade() -> None:
    for table in ("sessions", "audit", "penalties", "games", "tables", "rounds", "players", "events", "organisers"):
        op.drop_table(table)
