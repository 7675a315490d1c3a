"""A table's code kept as its SHA-256 only (``tables.code_hash``), not as the code: the existing codes are hashed
in place, so a code handed out before the upgrade still signs in, and none is left in the database.

The hash is the one :func:`riichi.club.security.code_hash` makes (the code upper-cased, without spaces and dashes,
as UTF-8), written out here so that this migration keeps doing what it did when the function changes.

Downgrading cannot give the codes back: each table gets a new code, which the organiser reads from the database
(the first schema showed the codes on the organiser's page).

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import hashlib
import secrets

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None

_TABLES = sa.table("tables", sa.column("id", sa.Integer), sa.column("code", sa.String),
                   sa.column("code_hash", sa.String))


def _hash(code: str) -> str:
    normal = "".join(ch for ch in code.upper() if ch not in " -")
    return hashlib.sha256(normal.encode("utf-8")).hexdigest()


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("code_hash", sa.String(64), nullable=True))
    bind = op.get_bind()
    for row in bind.execute(sa.select(_TABLES.c.id, _TABLES.c.code)).all():
        bind.execute(sa.update(_TABLES).where(_TABLES.c.id == row.id).values(code_hash=_hash(row.code)))
    with op.batch_alter_table("tables") as batch:
        batch.alter_column("code_hash", existing_type=sa.String(64), nullable=False)
        batch.drop_constraint("uq_tables_code", type_="unique")
        batch.drop_column("code")
        batch.create_unique_constraint("uq_tables_code_hash", ["code_hash"])


def downgrade() -> None:
    alphabet = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("code", sa.String(40), nullable=True))
    bind = op.get_bind()
    for row in bind.execute(sa.select(_TABLES.c.id)).all():
        code = "".join(secrets.choice(alphabet) for _ in range(10))
        bind.execute(sa.update(_TABLES).where(_TABLES.c.id == row.id).values(code=code))
    with op.batch_alter_table("tables") as batch:
        batch.alter_column("code", existing_type=sa.String(40), nullable=False)
        batch.drop_constraint("uq_tables_code_hash", type_="unique")
        batch.drop_column("code_hash")
        batch.create_unique_constraint("uq_tables_code", ["code"])
