"""Fixtures of the club tests: a database of each kind, fresh for every test.

``database`` is a SQLite file in the test's temporary directory, or a database of its own on a throwaway
PostgreSQL server started for the session: ``initdb`` and ``pg_ctl`` of Debian's ``postgresql`` package on a
temporary directory, listening on a free loopback port, run as the ``postgres`` user when the tests run as root
(the server refuses to run as root). The PostgreSQL tests are skipped, saying why, only when the server's
programs are not installed.
"""

from __future__ import annotations

import itertools
import os
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("sqlalchemy", reason="the club extra (SQLAlchemy, Alembic, psycopg, argon2-cffi)")

_BIN_DIRS = sorted(Path("/usr/lib/postgresql").glob("*/bin"), reverse=True)


def _pg_bin() -> Path | None:
    for d in _BIN_DIRS:
        if (d / "initdb").exists() and (d / "pg_ctl").exists():
            return d
    found = shutil.which("initdb")
    return Path(found).parent if found and shutil.which("pg_ctl") else None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class PostgresServer:
    """A throwaway PostgreSQL cluster: :meth:`new_database` gives each test a database of its own."""

    def __init__(self, bindir: Path) -> None:
        self.bindir = bindir
        self.root = Path(tempfile.mkdtemp(prefix="riichi-pg-"))
        self.data = self.root / "data"
        self.port = _free_port()
        self.prefix: list[str] = []
        if os.geteuid() == 0:
            user = "postgres"
            subprocess.run(["chown", "-R", user, str(self.root)], check=True)
            self.prefix = ["runuser", "-u", user, "--"]
        self._count = itertools.count()
        self._run("initdb", "-D", str(self.data), "-A", "trust", "-U", "riichi", "-E", "UTF8", "--no-sync")
        self._run("pg_ctl", "-D", str(self.data), "-l", str(self.root / "log"), "-w", "-o",
                  f"-p {self.port} -k {self.root} -c listen_addresses=127.0.0.1 -c fsync=off", "start")

    def _run(self, program: str, *args: str) -> None:
        subprocess.run([*self.prefix, str(self.bindir / program), *args], check=True, capture_output=True)

    def url(self, name: str = "postgres") -> str:
        return f"postgresql://riichi@127.0.0.1:{self.port}/{name}"

    def new_database(self) -> str:
        import psycopg

        name = f"club_{os.getpid()}_{next(self._count)}"
        with psycopg.connect(self.url(), autocommit=True) as conn:
            conn.execute(f"CREATE DATABASE {name}")
        return self.url(name)

    def stop(self) -> None:
        self._run("pg_ctl", "-D", str(self.data), "-m", "immediate", "stop")
        shutil.rmtree(self.root, ignore_errors=True)


@pytest.fixture(scope="session")
def postgres() -> Iterator[PostgresServer]:
    bindir = _pg_bin()
    if bindir is None:
        pytest.skip("PostgreSQL's server programs (initdb, pg_ctl) are not installed: apt-get install postgresql")
    server = PostgresServer(bindir)
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A fresh database of each kind: a SQLite file's path, or a PostgreSQL URL."""
    if request.param == "sqlite":
        return str(tmp_path / "club.db")
    server: PostgresServer = request.getfixturevalue("postgres")
    return server.new_database()
