"""Opening the club database, bringing its schema up to date, and copying it out and back in.

``--database`` takes a file name (SQLite, the default: one file, nothing to install) or a URL:
``sqlite:///club.db``, ``postgresql://user:password@host/name`` (run through psycopg 3). The schema is Alembic's
migrations (``riichi/club/migrations``); :func:`migrate` runs the ones a database has not had, in one transaction
where the database allows it (PostgreSQL's DDL is transactional; SQLite's too), so an upgrade stopped half way
leaves the previous schema and its data.

SQLite is opened with foreign keys on, write-ahead logging, full sync and a five-second wait for the write lock;
each writing transaction takes the write lock when it begins (``BEGIN IMMEDIATE``), so that two writers queue
instead of one failing half way; readers (:func:`reader`) read the last commit without waiting.

A backup (:func:`backup`) is every row of every table as strict JSON, read in one transaction (a consistent
snapshot), written whole or not at all; :func:`restore` loads one into an empty database of either kind.
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any, Final

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Engine, create_engine, event, insert, select, text
from sqlalchemy.engine import make_url

from riichi.club.schema import METADATA

__all__ = ["BACKUP_FORMAT", "DEFAULT_DATABASE", "backup", "head_revision", "migrate", "open_database",
           "reader", "restore", "revision"]

#: The database of ``riichi club serve`` when none is named: a file in the working directory.
DEFAULT_DATABASE: Final = "club.db"
#: The ``format`` field of a backup file.
BACKUP_FORMAT: Final = "riichi-club-backup/1"

_MIGRATIONS: Final = Path(__file__).resolve().parent / "migrations"


def database_url(database: str) -> str:
    """The SQLAlchemy URL of ``--database``: a plain path is a SQLite file; ``postgresql://`` goes through
    psycopg 3."""
    if "://" not in database:
        return "sqlite:///" + database
    if database.startswith(("postgresql://", "postgres://")):
        return "postgresql+psycopg://" + database.split("://", 1)[1]
    return database


def open_database(database: str) -> Engine:
    """An engine on ``database`` (a path or a URL; see :func:`database_url`)."""
    url = make_url(database_url(database))
    if url.get_backend_name() == "sqlite":
        engine = create_engine(url, connect_args={"timeout": 5.0})
        event.listen(engine, "connect", _sqlite_connect)
        event.listen(engine, "begin", _sqlite_begin)
        return engine
    return create_engine(url, pool_pre_ping=True)


def _sqlite_connect(dbapi_connection: Any, _record: Any) -> None:
    # The driver's own transaction handling off: each transaction is begun by _sqlite_begin.
    dbapi_connection.isolation_level = None
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=FULL")
    cursor.execute("PRAGMA busy_timeout=5000")
    cursor.close()


def _sqlite_begin(connection: Any) -> None:
    # A reader (an engine with the execution option read_only, see reader()) takes no lock until it reads.
    read_only = connection.get_execution_options().get("read_only", False)
    connection.exec_driver_sql("BEGIN" if read_only else "BEGIN IMMEDIATE")


def reader(engine: Engine) -> Engine:
    """``engine`` for reading only: on SQLite its transactions do not take the write lock (a snapshot of the
    last commit, under write-ahead logging)."""
    return engine.execution_options(read_only=True)


def _config(engine: Engine, connection: Any) -> Config:
    config = Config()
    config.set_main_option("script_location", str(_MIGRATIONS))
    config.attributes["connection"] = connection
    return config


def migrate(engine: Engine, to: str = "head") -> None:
    """Run the migrations ``engine``'s database has not had, up to ``to`` (a revision, default the newest).

    On SQLite a migration that changes a table's constraints copies the table (Alembic's batch mode), which
    foreign keys would refuse (dropping the old table deletes the rows others point to): as SQLite's own procedure
    for such changes says (*ALTER TABLE*, "Making Other Kinds Of Table Schema Changes"), foreign keys are off
    around the transaction (the pragma does nothing inside one), checked with ``PRAGMA foreign_key_check`` before
    the commit, and on again after."""
    sqlite = engine.dialect.name == "sqlite"
    with engine.connect() as connection:
        raw = connection.connection.driver_connection
        if sqlite:
            raw.execute("PRAGMA foreign_keys=OFF")  # type: ignore[union-attr]
        try:
            with connection.begin():
                command.upgrade(_config(engine, connection), to)
                if sqlite:
                    broken = connection.exec_driver_sql("PRAGMA foreign_key_check").all()
                    if broken:
                        raise ValueError(f"the migration would break foreign keys: {broken[:5]}")
        finally:
            if sqlite:
                raw.execute("PRAGMA foreign_keys=ON")  # type: ignore[union-attr]


def revision(engine: Engine) -> str | None:
    """The database's schema revision (None before the first migration)."""
    with reader(engine).connect() as connection:
        return MigrationContext.configure(connection).get_current_revision()


def head_revision() -> str:
    """The newest schema revision this riichi knows."""
    head = ScriptDirectory(str(_MIGRATIONS)).get_current_head()
    assert head is not None
    return head


def backup(engine: Engine, path: Path) -> dict[str, int]:
    """Every row of every table written to ``path`` as JSON (whole or not at all); the rows counted by table."""
    if revision(engine) != head_revision():
        raise ValueError(f"the database is at schema {revision(engine)}, not {head_revision()}: "
                         "run riichi club migrate first")
    tables: dict[str, list[dict[str, Any]]] = {}
    with reader(engine).connect() as connection:
        if engine.dialect.name == "postgresql":
            connection.execute(text("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ"))
        for table in METADATA.sorted_tables:
            rows = connection.execute(select(table).order_by(*table.primary_key.columns)).mappings()
            tables[table.name] = [dict(row) for row in rows]
    data = {"format": BACKUP_FORMAT, "revision": head_revision(), "tables": tables}
    body = json.dumps(data, ensure_ascii=False, allow_nan=False, separators=(",", ":"))
    _write_whole(path, body)
    return {name: len(rows) for name, rows in tables.items()}


def restore(engine: Engine, path: Path) -> dict[str, int]:
    """Load a :func:`backup` into ``engine``'s database, which must be empty (migrated or not); the rows counted
    by table. One transaction: a refused backup leaves the database as it was."""
    data = json.loads(path.read_text(encoding="utf-8"))
    if not isinstance(data, dict) or data.get("format") != BACKUP_FORMAT:
        raise ValueError(f"{path}: not a riichi club backup (format {BACKUP_FORMAT!r})")
    if data.get("revision") != head_revision():
        raise ValueError(f"{path}: a backup of schema {data.get('revision')}; this riichi restores {head_revision()}")
    migrate(engine)
    tables = data.get("tables")
    if not isinstance(tables, dict):
        raise ValueError(f"{path}: tables: an object of table names")  # noqa: TRY004 - a malformed file
    counts: dict[str, int] = {}
    with engine.begin() as connection:
        for table in METADATA.sorted_tables:
            if connection.execute(select(table).limit(1)).first() is not None:
                raise ValueError(f"the database is not empty (table {table.name} has rows)")
            rows = tables.get(table.name, [])
            if not isinstance(rows, list):
                raise ValueError(f"{path}: tables.{table.name}: a list of rows")  # noqa: TRY004 - a malformed file
            if rows:
                connection.execute(insert(table), rows)
            counts[table.name] = len(rows)
        if engine.dialect.name == "postgresql":
            # The identity sequences go on after the restored ids.
            for table in METADATA.sorted_tables:
                connection.execute(text(
                    f"SELECT setval(pg_get_serial_sequence('{table.name}', 'id'), "
                    f"COALESCE((SELECT MAX(id) FROM {table.name}), 0) + 1, false)"))
    return counts


def _write_whole(path: Path, body: str) -> None:
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write(body)
            out.flush()
            os.fsync(out.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
