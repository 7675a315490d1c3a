"""riichi.club.database: migrations from the first schema keep the data, the newest migration leaves exactly the
tables riichi.club.schema describes, and a backup restores to the same rows; on SQLite and PostgreSQL."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import Connection, text

from riichi.club.database import (
    backup,
    head_revision,
    migrate,
    open_database,
    restore,
    revision,
)
from riichi.club.schema import METADATA
from riichi.club.store import Actor, Club


def test_the_newest_migration_is_the_schema(database: str) -> None:
    engine = open_database(database)
    assert revision(engine) is None
    migrate(engine)
    assert revision(engine) == head_revision() == "0003"
    with engine.connect() as c:
        # Alembic's own comparison of the database with the tables the code uses: nothing to add or change.
        assert compare_metadata(MigrationContext.configure(c), METADATA) == []


def _organiser_and_event(c: Connection, rules: str) -> None:
    """Organiser 1 (Ann) and her event 1 written as rows, in the columns every schema so far has."""
    c.execute(text("INSERT INTO organisers (id, name, password_hash, created_at) VALUES (1, 'Ann', 'x', 0)"))
    c.execute(text("INSERT INTO events (id, organiser_id, name, kind, rules, created_at) "
                   "VALUES (1, 1, 'Spring', 'tournament', :rules, 0)"), {"rules": f'"{rules}"'})


def test_an_upgrade_from_the_first_schema_keeps_the_data(database: str) -> None:
    engine = open_database(database)
    migrate(engine, "0001")
    with engine.begin() as c:
        _organiser_and_event(c, "wrc")
        c.execute(text("INSERT INTO players (id, event_id, name, ema_number) VALUES (1, 1, 'Bo', '04123')"))
    migrate(engine)
    with engine.connect() as c:
        # The player written under the first schema is still there, with the new column's default.
        assert c.execute(text("SELECT name, ema_number, country FROM players")).all() == [("Bo", "04123", "")]
        assert c.execute(text("SELECT count(*) FROM login_failures")).scalar_one() == 0
    assert Club(engine).event(1)["rules"] == "wrc"


def test_an_upgrade_keeps_each_table_code_as_its_hash_only(database: str) -> None:
    engine = open_database(database)
    migrate(engine, "0002")
    with engine.begin() as c:
        _organiser_and_event(c, "tenhou")
        c.execute(text("INSERT INTO players (id, event_id, name) VALUES (1, 1, 'A'), (2, 1, 'B'), (3, 1, 'C'), "
                       "(4, 1, 'D')"))
        c.execute(text("INSERT INTO rounds (id, event_id, number) VALUES (1, 1, 1)"))
        # Two tables with codes in plain text, as the schema before 0003 kept them.
        c.execute(text("INSERT INTO tables (id, round_id, number, code) VALUES (1, 1, 1, 'ABCDE23456'), "
                       "(2, 1, 2, 'XYZXY78923')"))
        c.execute(text("INSERT INTO games (id, table_id, seats, hands, result, version, updated_at) "
                       "VALUES (1, 1, '[1,2,3,4]', '[]', '{}', 0, 0), (2, 2, '[1,2,3,4]', '[]', '{}', 0, 0)"))
    migrate(engine)
    with engine.connect() as c:
        rows = [tuple(r) for r in c.execute(text("SELECT * FROM tables ORDER BY id"))]
    # The code column is gone; each code's SHA-256 in hex is there (computed by hand with hashlib: the SHA-256 of
    # the code's ASCII bytes), and the codes themselves nowhere in the row.
    assert rows == [(1, 1, 1, hashlib.sha256(b"ABCDE23456").hexdigest()),
                    (2, 1, 2, hashlib.sha256(b"XYZXY78923").hexdigest())]
    assert not any("ABCDE23456" in str(v) or "XYZXY78923" in str(v) for row in rows for v in row)
    # A code handed out before the upgrade still signs in to its own table's game, typed in any case and spacing.
    club = Club(engine)
    assert club.table_sign_in("xyzxy-78923", "phone")[2] == 2
    assert club.table_sign_in("ABCDE 23456", "phone")[2] == 1
    if engine.dialect.name == "sqlite":
        # The migration turned SQLite's foreign keys off around its table copy, and on again after.
        with engine.connect() as c:
            assert c.exec_driver_sql("PRAGMA foreign_keys").scalar_one() == 1


def test_migrating_twice_changes_nothing(database: str) -> None:
    engine = open_database(database)
    migrate(engine)
    migrate(engine)
    assert revision(engine) == head_revision()


def test_a_backup_restores_to_the_same_rows(database: str, tmp_path: Path) -> None:
    engine = open_database(database)
    migrate(engine)
    club = Club(engine)
    oid = club.add_organiser("Ann", "a long password")
    ann = Actor("organiser", "Ann", organiser_id=oid)
    eid = club.create_event(ann, "Spring cup", "tournament", "wrc")
    club.add_players(ann, eid, ["A", "B", "C", {"name": "Dé", "ema_number": "01000001", "country": "FR"}])
    out = tmp_path / "backup.json"
    counts = backup(engine, out)
    assert counts["players"] == 4 and counts["audit"] == 3
    other = open_database(str(tmp_path / "restored.db"))
    assert restore(other, out) == counts
    assert Club(other).event(eid) == club.event(eid)
    # A second restore into the same database is refused: it is not empty.
    with pytest.raises(ValueError, match="not empty"):
        restore(other, out)
