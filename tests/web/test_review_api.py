"""POST /api/review: a recorded seat reviewed by a built-in player on the server (riichi review's
review_game), within the replay's limits, with errors as the JSON error object."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from riichi.cli import main
from riichi.web import replay as web_replay
from riichi.web.app import SECURITY_HEADERS, create_app

#: A tonpuusen game from Tenhou whose last seat ends at -42,100 (tests/data/games/truth.jsonl).
EAST_ONLY_BUST = Path(__file__).resolve().parents[1] / "data" / "games" / "logs" / "h-c4737a27a354fef2.xml"


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    with TestClient(create_app(), raise_server_exceptions=False) as c:
        yield c


@pytest.fixture(scope="module")
def selfplay(tmp_path_factory: pytest.TempPathFactory) -> bytes:
    # riichi play seats EfficientPlayer at every seat (as tests/bots/test_review.py makes its game)
    folder = tmp_path_factory.mktemp("review")
    assert main(["play", "--games", "1", "--seed", "2", "--save", str(folder), "--json"]) == 0
    return (folder / "game-0000.mjson").read_bytes()


def review(client: TestClient, body: bytes, status: int = 200, **params: str) -> dict[str, object]:
    response = client.post("/api/review", content=body, params=params,
                           headers={"Content-Type": "application/octet-stream"})
    assert response.status_code == status, response.text
    assert response.headers["content-type"] == "application/json"
    for header, value in SECURITY_HEADERS.items():
        assert response.headers[header] == value
    answer = json.loads(response.content.decode("utf-8"))
    assert isinstance(answer, dict)
    return answer


def test_the_efficient_player_agrees_with_its_own_game(client: TestClient, selfplay: bytes) -> None:
    # EfficientPlayer chooses without chance under Tenhou's rules (no open riichi): reviewing the game it
    # played itself, it agrees at every decision the record shows
    answer = review(client, selfplay, seat="1", player="efficient")
    assert answer["ok"] is True and answer["format"] == "mjai" and answer["seat"] == 1
    assert answer["agreement_rate"] == 1.0 and answer["error"] is None and answer["disagreements"] == []
    choices = answer["choices"]
    assert isinstance(choices, list) and len(choices) == answer["decisions"] == answer["agreements"]
    assert answer["decisions"] > 100  # noqa: PLR2004 - a hanchan has well over 100 decisions per seat
    assert all(c["agrees"] for c in choices)
    # a discard shows as the same text on both sides (a win's recorded text adds the ura indicators it turned)
    assert all(c["recorded"] == c["chosen"] for c in choices if c["recorded"].startswith("discard"))


def test_tsumogiri_disagrees_and_each_choice_is_marked(client: TestClient, selfplay: bytes) -> None:
    answer = review(client, selfplay, seat="0", player="tsumogiri")
    choices = answer["choices"]
    assert isinstance(choices, list)
    assert 0 < answer["agreements"] < answer["decisions"] == len(choices)  # type: ignore[operator]
    assert answer["disagreements"] == [c for c in choices if not c["agrees"]]
    assert sum(c["agrees"] for c in choices) == answer["agreements"]


def test_a_real_east_only_game_with_a_negative_score(client: TestClient) -> None:
    answer = review(client, EAST_ONLY_BUST.read_bytes(), seat="3", name=EAST_ONLY_BUST.name)
    assert answer["format"] == "mjlog" and answer["error"] is None and answer["player"] == "efficient"
    assert 0 < answer["agreements"] < answer["decisions"]  # type: ignore[operator]


@pytest.mark.parametrize(("params", "status", "code"), [
    ({"seat": "4"}, 422, "invalid_case"),  # beyond 0..3: the parameters' check
    ({"seat": "0", "player": "mjai:sh -c 'echo hi'"}, 422, "invalid_case"),  # never a process
    ({"seat": "0", "player": "os:system"}, 422, "invalid_case"),  # never a Python class
    ({"seat": "0", "rules": "nowhere"}, 422, "unknown_rules"),
])
def test_bad_parameters_are_the_json_error_object(client: TestClient, selfplay: bytes, params: dict[str, str],
                                                  status: int, code: str) -> None:
    answer = review(client, selfplay, status, **params)
    assert answer["ok"] is False and answer["error"]["code"] == code  # type: ignore[index]


def test_a_seat_the_game_does_not_have(client: TestClient, tmp_path: Path) -> None:
    assert main(["play", "--games", "1", "--seed", "4", "--rules", "tenhou-sanma", "--save", str(tmp_path),
                 "--json"]) == 0
    body = (tmp_path / "game-0000.mjson").read_bytes()
    answer = review(client, body, 422, seat="3", rules="tenhou-sanma")
    assert answer["error"] == {"code": "invalid_seat", "message": "seat 3 is not a seat of this game (0..2)"}
    assert review(client, body, seat="2", rules="tenhou-sanma")["agreement_rate"] == 1.0


@pytest.mark.parametrize(("body", "status", "code"), [(b"", 422, "invalid_log"), (b"not a record", 422, "invalid_log"),
                                                     (b" " * (1024 * 1024 + 1), 413, "request_too_large")])
def test_unreadable_records_are_refused(client: TestClient, body: bytes, status: int, code: str) -> None:
    assert review(client, body, status, seat="0")["error"]["code"] == code  # type: ignore[index]


def test_too_many_events_and_too_slow_are_refused(client: TestClient, selfplay: bytes,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(web_replay, "MAX_EVENTS", 100)
    answer = review(client, selfplay, 413, seat="0")
    assert answer["error"]["message"] == "the record has more than 100 events"  # type: ignore[index]
    monkeypatch.setattr(web_replay, "MAX_EVENTS", 5_000)
    monkeypatch.setattr(web_replay, "TIME_BUDGET", 0.0)
    answer = review(client, selfplay, 413, seat="0")
    assert answer["error"]["message"] == "reviewing the record takes longer than 0 s"  # type: ignore[index]


def test_openapi_documents_the_review(client: TestClient) -> None:
    operation = client.get("/openapi.json").json()["paths"]["/api/review"]["post"]
    assert {p["name"] for p in operation["parameters"]} == {"seat", "player", "format", "name", "rules"}
    player = next(p for p in operation["parameters"] if p["name"] == "player")
    assert operation["responses"]["200"]["content"]["application/json"]["schema"]["title"] == "Review"
    assert {"200", "413", "422"} <= set(operation["responses"])
    assert player["schema"]


def test_the_expert_reviews_with_its_judgement_of_both_discards(client: TestClient) -> None:
    # The replay page's review card shows, for each discard the expert would have made differently, both
    # discards as it judges them and the value lost (the difference of its two scores).
    answer = review(client, EAST_ONLY_BUST.read_bytes(), seat="3", name=EAST_ONLY_BUST.name, player="expert")
    assert answer["player"] == "expert" and answer["error"] is None
    judged = [c for c in answer["choices"] if "value_lost" in c]  # type: ignore[union-attr]
    assert judged and all(not c["agrees"] for c in judged)
    for c in judged:
        assert abs(c["value_lost"] - (c["chosen_judged"]["score"] - c["recorded_judged"]["score"])) < 0.2  # noqa: PLR2004
