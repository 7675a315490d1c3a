"""Failed sign-ins kept in the database (the attempt limit holds across worker processes and restarts); a
player's country (EMA's results sheet has a column for it).

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "login_failures",
        sa.Column("id", sa.Integer),
        sa.Column("key", sa.String(200), nullable=False),
        sa.Column("at", sa.Float, nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_login_failures"),
    )
    op.create_index("ix_login_failures_key", "login_failures", ["key"])
    with op.batch_alter_table("players") as batch:
        batch.add_column(sa.Column("country", sa.String(40), nullable=False, server_default=""))


def downgrade() -> None:
    with op.batch_alter_table("players") as batch:
        batch.drop_column("country")
    op.drop_index("ix_login_failures_key", "login_failures")
    op.drop_table("login_failures")
