"""POST /api/replay with a Riichi City record: detected, or named with format=riichicity, plain or gzip."""

from __future__ import annotations

import gzip
from pathlib import Path

import pytest

pytest.importorskip("fastapi", reason="needs the web extra")

from fastapi.testclient import TestClient

from riichi.web.app import create_app

RECORD = Path(__file__).resolve().parents[1] / "data" / "riichicity" / "cknnf9eai08auidimj2g.json"


def test_a_riichicity_record_replays_through_the_api() -> None:
    # The real hanchan of tests/data/riichicity (its README): 9 hands, all as the server scored them; the game end
    # states +51.2 / -42.2 / +6.4 / -15.4 (seat 0 the first dealer, the record's position 3).
    with TestClient(create_app(), raise_server_exceptions=False) as client:
        for params, body in (({}, RECORD.read_bytes()), ({"format": "riichicity"}, gzip.compress(RECORD.read_bytes()))):
            response = client.post("/api/replay", content=body, params=params,
                                   headers={"Content-Type": "application/octet-stream"})
            assert response.status_code == 200, response.text
            answer = response.json()
            assert answer["format"] == "riichicity" and answer["rules"]["name"] == "riichicity"
            assert len(answer["hands"]) == 9 and answer["game_end"]["final_points"] == [51.2, -42.2, 6.4, -15.4]
            assert answer["game_end"]["wall"] == "verified"
            assert all(h["kyoku"]["matches_log"] is True for h in answer["hands"])
        refused = client.post("/api/replay", content=b'{"handRecord": [], "playerCount": 4}',
                              params={"format": "riichicity"}, headers={"Content-Type": "application/octet-stream"})
        assert refused.status_code == 422
        assert "Riichi City record" in refused.json()["error"]["message"]
