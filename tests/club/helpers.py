"""A club with an organiser, an event and a seated round, driven through the web app as phones and browsers do."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from riichi.club.app import create_app

PASSWORD = "correct horse battery"

# The score-sheet contract's example game (its first three hands; the fourth is a double ron): the expected
# deltas of the first are the contract's own, [0, 8700, -7700, 0].
CONTRACT_HANDS: list[dict[str, Any]] = [
    {"result": "ron", "from": 2, "wins": [{"winner": 1, "han": 4, "fu": 30}], "riichi": [2]},
    {"result": "draw", "tenpai": [1, 2], "riichi": [1]},
    {"result": "tsumo", "wins": [{"winner": 1, "han": 2, "fu": 30}]},
]


class Browser:
    """One phone or computer: its own cookies and CSRF token."""

    def __init__(self, app: Any) -> None:
        self.http = TestClient(app)
        self.csrf = ""

    def login(self, name: str, password: str = PASSWORD) -> Any:
        r = self.http.post("/club/api/login", json={"name": name, "password": password})
        if r.status_code == 200:
            self.csrf = r.json()["csrf"]
        return r

    def table(self, code: str) -> Any:
        r = self.http.post("/club/api/table-login", json={"code": code})
        if r.status_code == 200:
            self.csrf = r.json()["csrf"]
        return r

    def post(self, path: str, body: object, *, csrf: str | None = None) -> Any:
        return self.http.post(path, json=body, headers={"X-CSRF-Token": self.csrf if csrf is None else csrf})

    def put(self, path: str, body: object) -> Any:
        return self.http.put(path, json=body, headers={"X-CSRF-Token": self.csrf})

    def get(self, path: str) -> Any:
        return self.http.get(path)


def new_club(database: str) -> tuple[Any, Browser]:
    """The app over ``database`` with organisers Ann and Bea; Ann's browser, signed in."""
    app = create_app(database)
    app.state.club.add_organiser("Ann", PASSWORD)
    app.state.club.add_organiser("Bea", PASSWORD)
    ann = Browser(app)
    assert ann.login("Ann").status_code == 200
    return app, ann


def seated_event(ann: Browser, players: int = 4, rules: object = "tenhou") -> tuple[int, dict[str, Any]]:
    """An event of Ann's with ``players`` players seated for one round in the order given; the event as Ann
    sees it, each table with the code the seating's answer told (the only time it is told)."""
    eid = ann.post("/club/api/events", {"name": "Spring cup", "rules": rules}).json()["id"]
    ids = ann.post(f"/club/api/events/{eid}/players", {"players": [f"P{i}" for i in range(players)]}).json()["ids"]
    tables = [ids[i:i + 4] for i in range(0, players, 4)]
    seated = ann.post(f"/club/api/events/{eid}/rounds", {"tables": tables}).json()
    assert seated["round"] == 1
    event = ann.get(f"/club/api/events/{eid}").json()
    codes = told_codes(seated)
    for table in event["rounds"][0]["tables"]:
        assert "code" not in table
        table["code"] = codes[table["game"]]
    return eid, event


def told_codes(answer: dict[str, Any]) -> dict[int, str]:
    """The codes a seating's answer tells, by game."""
    return {c["game"]: c["code"] for c in answer["codes"]}
