"""Who may write what: anonymous visitors, another table's code, another organiser, a forged or missing CSRF token,
a write from another site, too many wrong passwords, and SQL injection in every text field, all refused (or
kept as plain text); on SQLite and PostgreSQL."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import select

from riichi.club.database import backup, open_database
from riichi.club.schema import METADATA, TABLES
from tests.club.helpers import CONTRACT_HANDS, Browser, new_club, seated_event

INJECTIONS = ["'; DROP TABLE games; --", "Robert'); DROP TABLE players;--", "\" OR 1=1 --", "1; DELETE FROM audit"]


def test_anonymous_visitors_only_read(database: str) -> None:
    app, ann = new_club(database)
    eid, event = seated_event(ann)
    gid = event["rounds"][0]["tables"][0]["game"]
    visitor = Browser(app)
    public = visitor.get(f"/club/api/events/{eid}").json()
    # The public sees the tables and their games, never a table's code (nor does Ann: she was told the codes
    # once, when the round was seated; seated_event checks that her reading has none).
    assert "code" not in public["rounds"][0]["tables"][0] and public["mine"] is False
    for path, body in [("/club/api/events", {"name": "Mine"}),
                       (f"/club/api/events/{eid}/players", {"players": ["X"]}),
                       (f"/club/api/games/{gid}/hands", {"version": 0, "hand": CONTRACT_HANDS[0]}),
                       (f"/club/api/games/{gid}/undo", {"version": 0})]:
        r = visitor.post(path, body)
        assert (r.status_code, r.json()["error"]["code"]) == (401, "unauthorised"), path
    assert visitor.get(f"/club/api/events/{eid}/audit").status_code == 403
    assert visitor.get(f"/club/api/games/{gid}").json()["version"] == 0


def test_a_table_code_reaches_only_that_table(database: str) -> None:
    app, ann = new_club(database)
    eid, event = seated_event(ann, players=8)
    first, second = event["rounds"][0]["tables"]
    phone = Browser(app)
    assert phone.table(first["code"]).status_code == 200
    r = phone.post(f"/club/api/games/{second['game']}/hands", {"version": 0, "hand": CONTRACT_HANDS[0]})
    assert (r.status_code, r.json()["error"]["code"]) == (403, "forbidden")
    # Nor the event: no players, no rounds, no final scores, no penalties from a table's phone.
    assert phone.post(f"/club/api/events/{eid}/players", {"players": ["X"]}).status_code == 403
    assert phone.post(f"/club/api/games/{first['game']}/final",
                      {"version": 0, "final_scores": [25000] * 4}).status_code == 403
    assert phone.post(f"/club/api/events/{eid}/penalties",
                      {"player": event["players"][0]["id"], "points": -10, "reason": "late"}).status_code == 403
    # A second round's tables have codes of their own: round 1's code does not reach them.
    ids = [p["id"] for p in event["players"]]
    later = ann.post(f"/club/api/events/{eid}/rounds", {"tables": [ids[0:8:2], ids[1:8:2]]}).json()["codes"][0]
    assert later["code"] not in (first["code"], second["code"])
    assert phone.post(f"/club/api/games/{later['game']}/hands",
                      {"version": 0, "hand": CONTRACT_HANDS[0]}).status_code == 403
    assert phone.post(f"/club/api/games/{first['game']}/hands",
                      {"version": 0, "hand": CONTRACT_HANDS[0]}).status_code == 200


def test_nobody_changes_an_event_that_is_not_theirs(database: str) -> None:
    app, ann = new_club(database)
    eid, event = seated_event(ann)
    gid = event["rounds"][0]["tables"][0]["game"]
    bea = Browser(app)
    assert bea.login("Bea").status_code == 200
    assert "code" not in bea.get(f"/club/api/events/{eid}").json()["rounds"][0]["tables"][0]
    for path, body in [(f"/club/api/events/{eid}/players", {"players": ["X"]}),
                       (f"/club/api/events/{eid}/rounds", {"tables": [[1, 2, 3, 4]]}),
                       (f"/club/api/events/{eid}/penalties", {"player": 1, "points": -5, "reason": "x"}),
                       (f"/club/api/games/{gid}/hands", {"version": 0, "hand": CONTRACT_HANDS[0]}),
                       (f"/club/api/games/{gid}/final", {"version": 0, "final_scores": [25000] * 4})]:
        r = bea.post(path, body)
        assert (r.status_code, r.json()["error"]["code"]) == (403, "forbidden"), path
    assert bea.put(f"/club/api/games/{gid}/hands/0", {"version": 0, "hand": CONTRACT_HANDS[0]}).status_code == 403
    assert bea.get(f"/club/api/events/{eid}/audit").status_code == 403


@pytest.mark.parametrize("token", [None, "", "forged-token-0123456789"])
def test_a_write_without_its_csrf_token_is_refused(database: str, token: str | None) -> None:
    app, ann = new_club(database)
    eid, event = seated_event(ann)
    gid = event["rounds"][0]["tables"][0]["game"]
    headers = {} if token is None else {"X-CSRF-Token": token}
    r = ann.http.post(f"/club/api/games/{gid}/hands", json={"version": 0, "hand": CONTRACT_HANDS[0]},
                      headers=headers)
    assert (r.status_code, r.json()["error"]["code"]) == (403, "forbidden")
    # Another session's token is no better: Bea's, sent with Ann's cookie.
    bea = Browser(app)
    bea.login("Bea")
    assert ann.post(f"/club/api/events/{eid}/players", {"players": ["X"]}, csrf=bea.csrf).status_code == 403
    assert ann.get(f"/club/api/games/{gid}").json()["version"] == 0


def test_a_write_from_another_site_is_refused(database: str) -> None:
    _, ann = new_club(database)
    r = ann.http.post("/club/api/events", json={"name": "X"},
                      headers={"X-CSRF-Token": ann.csrf, "Origin": "https://evil.example"})
    assert r.status_code == 403


def test_sign_ins_are_limited(database: str) -> None:
    app, _ = new_club(database)
    guesser = Browser(app)
    # Five wrong passwords for Bea within the quarter hour; the sixth try is refused even with the right one.
    for _ in range(5):
        assert guesser.login("Bea", "wrong password").status_code == 401
    r = guesser.login("Bea")
    assert (r.status_code, r.json()["error"]["code"]) == (429, "too_many_attempts")
    # Table codes guessed from one address: the same limit.
    for _ in range(5):
        assert Browser(app).table("AAAAAAAAAA").status_code in (401, 429)
    assert Browser(app).table("BBBBBBBBBB").status_code == 429


def test_the_session_cookie_is_httponly_and_samesite(database: str) -> None:
    app, _ = new_club(database)
    r = Browser(app).http.post("/club/api/login", json={"name": "Ann", "password": "correct horse battery"})
    cookie = r.headers["set-cookie"].lower()
    assert "httponly" in cookie and "samesite=strict" in cookie and "path=/club" in cookie
    assert app.state.club.engine.dialect.name in ("sqlite", "postgresql")


def _all_text(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for v in value.values() for s in _all_text(v)]
    if isinstance(value, list):
        return [s for v in value for s in _all_text(v)]
    return []


def test_sql_injection_in_every_text_field_is_kept_as_text(database: str) -> None:
    app, ann = new_club(database)
    for attack in INJECTIONS:
        # Signing in with it: a plain refusal (429 once this address has failed five times).
        assert Browser(app).login(attack, attack).status_code in (401, 429)
        assert Browser(app).table(attack).status_code in (401, 429)
    eid = ann.post("/club/api/events", {"name": INJECTIONS[0], "kind": "league"}).json()["id"]
    players = [{"name": attack, "ema_number": attack[:20], "country": attack} for attack in INJECTIONS]
    ids = ann.post(f"/club/api/events/{eid}/players", {"players": players}).json()["ids"]
    ann.post(f"/club/api/events/{eid}/rounds", {"tables": [ids]})
    ann.post(f"/club/api/events/{eid}/penalties", {"player": ids[1], "points": -5, "reason": INJECTIONS[1]})
    # A hand whose fields are injections is refused by the sheet's reader.
    gid = ann.get(f"/club/api/events/{eid}").json()["rounds"][0]["tables"][0]["game"]
    r = ann.post(f"/club/api/games/{gid}/hands", {"version": 0, "hand": {"result": INJECTIONS[0]}})
    assert r.status_code == 422
    event = ann.get(f"/club/api/events/{eid}").json()
    assert event["name"] == INJECTIONS[0]
    assert [p["name"] for p in event["players"]] == INJECTIONS
    assert event["penalties"][0]["reason"] == INJECTIONS[1]
    # Every table is still there and still answers.
    assert ann.get(f"/club/api/games/{gid}").json()["names"] == INJECTIONS
    assert len(ann.get(f"/club/api/events/{eid}/audit").json()) == 4
    assert set(INJECTIONS) <= set(_all_text(ann.get(f"/club/api/events/{eid}").json()))


@pytest.mark.parametrize("trusted", [None, "*"])
def test_the_sign_in_limit_counts_by_the_client_address(database: str, trusted: str | None) -> None:
    """Behind a proxy every client comes from the proxy's address: the limit counts by the address uvicorn
    gives the app, which is the one the proxy names in X-Forwarded-For only when the proxy is trusted
    (``riichi club serve --forwarded-allow-ips``); untrusted, the header is ignored and every client counts as
    the proxy."""
    from fastapi.testclient import TestClient

    from riichi.web.server import config

    app, _ = new_club(database)
    conf = config(app=app, forwarded_allow_ips=trusted)
    conf.load()
    http = TestClient(conf.loaded_app)

    def table_login(address: str) -> int:
        r = http.post("/club/api/table-login", json={"code": "AAAAAAAAAA"}, headers={"X-Forwarded-For": address})
        return int(r.status_code)

    assert [table_login("203.0.113.5") for _ in range(5)] == [401] * 5
    # Another client behind the same proxy: its own count when the proxy is trusted, the proxy's when not.
    assert table_login("203.0.113.6") == (401 if trusted else 429)
    assert table_login("203.0.113.5") == 429


def test_serve_takes_the_trusted_proxies() -> None:
    from riichi.cli import _parser

    args = _parser("club").parse_args(["club", "serve", "--forwarded-allow-ips", "10.0.0.1,10.0.0.2"])
    assert args.forwarded_allow_ips == "10.0.0.1,10.0.0.2"
    assert _parser("club").parse_args(["club", "serve"]).forwarded_allow_ips is None


def test_the_database_keeps_no_table_code(database: str, tmp_path: Path) -> None:
    app, ann = new_club(database)
    _, event = seated_event(ann, players=8)
    codes = [t["code"] for t in event["rounds"][0]["tables"]]
    phone = Browser(app)
    assert phone.table(codes[1]).status_code == 200
    # A new code for table 2: told once; the old one no longer signs in, and the phone it signed in is signed out.
    second = event["rounds"][0]["tables"][1]
    made = ann.post(f"/club/api/games/{second['game']}/code", {}).json()
    assert (made["round"], made["table"], made["game"]) == (1, 2, second["game"]) and made["code"] != codes[1]
    assert Browser(app).table(codes[1]).status_code == 401
    r = phone.post(f"/club/api/games/{second['game']}/hands", {"version": 0, "hand": CONTRACT_HANDS[0]})
    assert r.status_code == 401
    assert Browser(app).table(made["code"]).status_code == 200
    codes.append(made["code"])
    # Every value of every row of every table, read from the database itself, and the backup: no code anywhere
    # (only their SHA-256, 64 hex digits, in the tables' rows).
    engine = open_database(database)
    with engine.connect() as c:
        values = [str(v) for table in METADATA.sorted_tables for row in c.execute(select(table)) for v in row]
        hashes = list(c.execute(select(TABLES.c.code_hash)).scalars())
    assert len(values) > 100 and len(hashes) == 2
    assert all(len(h) == 64 and set(h) <= set("0123456789abcdef") for h in hashes)
    found = [code for code in codes for v in values if code in v]
    backup(engine, tmp_path / "backup.json")
    dump = (tmp_path / "backup.json").read_text(encoding="utf-8")
    assert found == [] and not any(code in dump for code in codes)
    engine.dispose()


@pytest.mark.parametrize("who", ["anonymous", "the table", "another organiser"])
def test_only_the_organiser_makes_a_new_code(database: str, who: str) -> None:
    app, ann = new_club(database)
    _, event = seated_event(ann)
    table = event["rounds"][0]["tables"][0]
    someone = Browser(app)
    if who == "the table":
        assert someone.table(table["code"]).status_code == 200
    elif who == "another organiser":
        assert someone.login("Bea").status_code == 200
    r = someone.post(f"/club/api/games/{table['game']}/code", {})
    assert (r.status_code, r.json()["error"]["code"]) == ((401, "unauthorised") if who == "anonymous" else
                                                         (403, "forbidden"))
    # The code still signs in: nothing was changed.
    assert Browser(app).table(table["code"]).status_code == 200
