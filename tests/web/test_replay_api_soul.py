"""POST /api/replay with a Mahjong Soul record: detected, or named with format=soul, plain or gzip."""

from __future__ import annotations

import gzip
from pathlib import Path

from fastapi.testclient import TestClient

from riichi.web.app import create_app

SOUL = Path(__file__).resolve().parents[1] / "data" / "soul" / "250913-638affa1-cee0-4aee-869b-69b9cb40c983.json"


def test_a_soul_record_replays_through_the_api() -> None:
    # The real ranked game 250913 (tests/data/README.md): 9 hands, final points -20.3 / -8.0 / +24.4 / +3.9.
    with TestClient(create_app(), raise_server_exceptions=False) as client:
        for params, body in (({}, SOUL.read_bytes()), ({"format": "soul"}, gzip.compress(SOUL.read_bytes()))):
            response = client.post("/api/replay", content=body, params=params,
                                   headers={"Content-Type": "application/octet-stream"})
            assert response.status_code == 200, response.text
            answer = response.json()
            assert answer["format"] == "soul" and answer["rules"]["room"] == "Jade Room, South"
            assert len(answer["hands"]) == 9 and answer["game_end"]["final_points"] == [-20.3, -8.0, 24.4, 3.9]
            assert all(h["kyoku"]["matches_log"] is True for h in answer["hands"])
        refused = client.post("/api/replay", content=b'{"head": {}, "data": "@@"}', params={"format": "soul"},
                              headers={"Content-Type": "application/octet-stream"})
        assert refused.status_code == 422
        assert "Mahjong Soul record" in refused.json()["error"]["message"]
