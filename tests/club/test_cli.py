"""``riichi club`` as docs/club.md writes it: an organiser added with the password on stdin, ``serve`` answering
its pages and the organiser's sign-in, ``migrate``, ``backup`` and ``restore`` (the backup of one database
restored into another, SQLite or PostgreSQL)."""

from __future__ import annotations

import json
import signal
import socket
import subprocess
import time
from pathlib import Path

import httpx

from tests.conftest import riichi_command, riichi_env


def _club(database: str, *args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(riichi_command("club", "--database", database, *args), input=stdin, text=True,
                          capture_output=True, env=riichi_env(), timeout=120, check=False)


def test_the_setup_of_the_docs_works_as_written(database: str) -> None:
    added = _club(database, "organiser", "add", "Ann", stdin="a long password\n")
    assert added.returncode == 0, added.stderr
    assert added.stdout.startswith("organiser Ann (id 1)")
    again = _club(database, "organiser", "add", "Ann", stdin="a long password\n")
    assert again.returncode == 1 and "(conflict)" in again.stderr
    assert _club(database, "migrate").stdout == "schema 0003\n"
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = subprocess.Popen(riichi_command("club", "--database", database, "serve", "--port", str(port)),
                              env=riichi_env(), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        base = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 60
        while True:
            try:
                page = httpx.get(base + "/club", timeout=2)
                break
            except httpx.TransportError:
                assert time.monotonic() < deadline and server.poll() is None, "riichi club serve did not start"
                time.sleep(0.2)
        assert page.status_code == 200 and "club.js" in page.text
        assert "script-src 'self'" in page.headers["content-security-policy"]
        login = httpx.post(base + "/club/api/login", json={"name": "Ann", "password": "a long password"})
        assert login.status_code == 200 and "csrf" in login.json()
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=30)


def test_backup_and_restore(database: str, tmp_path: Path) -> None:
    assert _club(database, "organiser", "add", "Ann", stdin="a long password\n").returncode == 0
    out = tmp_path / "backup.json"
    done = _club(database, "backup", str(out))
    assert done.returncode == 0, done.stderr
    assert json.loads(out.read_text())["tables"]["organisers"][0]["name"] == "Ann"
    other = str(tmp_path / "other.db")
    restored = _club(other, "restore", str(out))
    assert restored.returncode == 0 and "1 organisers" in restored.stdout
    # A second restore into the same database is refused: it is not empty.
    assert _club(other, "restore", str(out)).returncode == 1
