"""Hostile and careless requests to the HTTP API: each reported defect, and the answers it must give.

The errors are the interchange format's (docs/interchange.md): text that is not strict JSON
(RFC 8259) is 400 ``invalid_json``, a field of the wrong type or range is 422 ``invalid_case``;
never a 500. Every answer is strict JSON and carries the page's security headers.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any, NoReturn

import pytest
from fastapi.testclient import TestClient

from riichi.web.app import SECURITY_HEADERS, create_app

#: 1 han 40 fu, South's tsumo (menzen tsumo; 234m 456p 678s, 444z closed triplet, 33z pair): 1500.
WIN = '"hand": "234m456p678s44433z", "win": "3z", "tsumo": true, "seat_wind": "S"'


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    with TestClient(create_app(), raise_server_exceptions=False) as c:
        yield c


def _no_constant(name: str) -> NoReturn:
    raise AssertionError(f"{name} in an answer: not RFC 8259 JSON")


def strict(response: Any) -> Any:
    """The answer's body read as a strict reader reads it (UTF-8, no NaN or Infinity)."""
    return json.loads(response.content.decode("utf-8"), parse_constant=_no_constant)


def post(client: TestClient, path: str, body: str | bytes) -> Any:
    content = body.encode("utf-8", errors="surrogatepass") if isinstance(body, str) else body
    return client.post(path, content=content, headers={"Content-Type": "application/json"})


@pytest.mark.parametrize("path", ["/api/score", "/api/compare", "/api/evaluate", "/api/analyze", "/api/hand"])
@pytest.mark.parametrize(("body", "said"), [
    ("{\"id\": 1e999, " + WIN + "}", "too large for a double"),
    ("{\"id\": NaN, " + WIN + "}", "NaN is not a JSON number"),
    ("{\"id\": -Infinity, " + WIN + "}", "-Infinity is not a JSON number"),
    ("{\"honba\": " + "9" * 5000 + ", " + WIN + "}", "a number of 5,000 characters"),
    ('{"hand": "\\ud800", "win": "3z"}', "lone surrogate U+D800"),
    ('{"id": "\\udbff", ' + WIN + "}", "lone surrogate U+DBFF"),
    (b'{"id": "\xed\xa0\x80", "hand": "234m456p678s44433z", "win": "3z"}', "not valid UTF-8"),
    ('{"id": 1, "id": 2, ' + WIN + "}", 'the key "id" appears twice'),
    ("[" * 10_000 + "]" * 10_000, "nested more than 32 levels"),
])
def test_text_that_is_not_strict_json_is_400_invalid_json(client: TestClient, path: str, body: str | bytes,
                                                         said: str) -> None:
    response = post(client, path, body)
    assert response.status_code == 400
    answer = strict(response)
    assert answer["error"]["code"] == "invalid_json" and said in answer["error"]["message"]
    assert answer["id"] is None


@pytest.mark.parametrize(("body", "said"), [
    ({"hand": "234m567m234p678s8p", "drawn": 5}, "'drawn' is one tile"),
    ({"hand": "234m567m234p678s8p", "win": 5}, "'win' is one tile"),
    ({"hand": "234m567m234p678s8p", "honba": -1}, "honba must be a whole number from 0 to 100"),
    ({"hand": "234m567m234p678s8p", "seat_wind": "X"}, "seat_wind must be one of E, S, W, N"),
    ({"hand": "234m567m234p678s8p", "riichi": "yes"}, "riichi must be true or false"),
    ({"hand": "234m567m234p678s8p", "discards": 3}, "'discards' is a string of tiles"),
    ({"hand": "234m567m234p678s8p", "tiles_left": 1000}, "'tiles_left' is a whole number from 0 to 136"),
    ({"hand": "234m567m234p678s8p", "values": "no"}, "'values' is true or false"),
    ({"hand": "234m567m234p678s8p", "shanten": 1}, "unknown field 'shanten'"),
])
def test_every_analysis_field_is_typed(client: TestClient, body: dict[str, object], said: str) -> None:
    # The reported defect: {"drawn": 5} and {"win": 5} were answered 200 (the fields went unread).
    response = client.post("/api/analyze", json=body)
    assert response.status_code == 422
    answer = strict(response)
    assert answer["error"]["code"] == "invalid_case" and said in answer["error"]["message"], answer


@pytest.mark.parametrize("change", [{"honba": 10**6}, {"riichi_sticks": -1}, {"tsumo": "true"}, {"ura": 3},
                                    {"melds": [{"type": "pon", "tiles": "555z", "extra": 1}]}, {"hnba": 1}])
def test_every_case_field_is_typed(client: TestClient, change: dict[str, object]) -> None:
    case = {"hand": "234m456p678s44433z", "win": "3z", "tsumo": True, "seat_wind": "S", **change}
    for path in ("/api/score", "/api/evaluate"):
        response = client.post(path, json=case)
        assert response.status_code == 422, path
        assert strict(response)["error"]["code"] == "invalid_case"


def test_rule_switch_values_match_the_openapi_document(client: TestClient) -> None:
    # The reported defect: switches[].values was null where the document allowed only an array.
    listing = strict(client.get("/api/rules"))
    document = client.get("/openapi.json").json()
    values_schema = document["paths"]["/api/rules"]["get"]["responses"]["200"]["content"]["application/json"][
        "schema"]["properties"]["switches"]["items"]["properties"]["values"]
    allowed = set(values_schema["type"])
    for switch in listing["switches"]:
        assert ("null" if switch["values"] is None else "array") in allowed, switch
    kinds = {s["name"]: (s["kind"], s["values"]) for s in listing["switches"]}
    assert kinds["kuitan"] == ("bool", None)


@pytest.mark.parametrize("path", ["/", "/replay", "/api/rules", "/docs", "/static/app.js", "/static/replay.js",
                                  "/api/nosuch"])
def test_answers_carry_the_security_headers(client: TestClient, path: str) -> None:
    response = client.get(path)
    for name, value in SECURITY_HEADERS.items():
        assert response.headers[name] == value
    policy = response.headers["Content-Security-Policy"]
    assert "script-src 'self';" in policy and "style-src 'self';" in policy
    assert "unsafe-inline" not in policy


def test_the_page_has_no_inline_script_or_style(client: TestClient) -> None:
    # The policy allows the page's own files only: an inline script or style would be blocked.
    for path in ("/", "/replay", "/docs"):
        page = client.get(path).text
        assert "<style" not in page and " style=" not in page
        assert all(" src=" in tag for tag in page.split("<script")[1:]), path


# -- /api/evaluate: one question for every hand, no 4xx in the page's normal flow ----------------------

def test_evaluate_scores_a_winning_hand(client: TestClient) -> None:
    response = client.post("/api/evaluate", json={"id": 5, "hand": "234m456p678s44433z", "win": "3z",
                                                  "tsumo": True, "seat_wind": "S"})
    assert response.status_code == 200
    answer = strict(response)
    assert (answer["id"], answer["score"]["points"], answer["analysis"]) == (5, 1500, None)


def test_evaluate_analyses_a_hand_that_does_not_win_yet(client: TestClient) -> None:
    # 13 tiles, 234m 567m 234p 678s 8p: tenpai on 8p (the waits and values of the analysis test).
    response = client.post("/api/evaluate", json={"hand": "234m567m234p678s8p", "win": "8p", "dora": "1m",
                                                  "riichi": True, "seat_wind": "S"})
    assert response.status_code == 200
    answer = strict(response)
    assert answer["score"]["error"]["code"] == "wrong_tile_count"
    assert answer["analysis"]["shanten"] == 0 and [w["tile"] for w in answer["analysis"]["waits"]] == ["8p"]


@pytest.mark.parametrize(("hand", "code"), [("1m", "wrong_tile_count"), ("11112m", "wrong_tile_count"),
                                            ("11m23456p789s1234z", "not_winning")])
def test_evaluate_answers_200_for_any_hand_a_page_can_build(client: TestClient, hand: str, code: str) -> None:
    response = client.post("/api/evaluate", json={"hand": hand, "win": hand[0] + hand[-1]})
    assert response.status_code == 200
    assert strict(response)["score"]["error"]["code"] == code


# -- issue 24: hostile records and unforeseen errors ---------------------------------------------------------


def test_the_quadratic_record_of_issue_24_is_answered_at_once(client: TestClient) -> None:
    # 123 bytes of gzip (48,000 letters after a GO tag's attributes) held a worker for a minute.
    import gzip
    import time

    body = gzip.compress(('<mjloggm ver="2.3"><GO type="169" ' + "a" * 48_000 + "/>").encode())
    started = time.monotonic()
    response = client.post("/api/replay", content=body)
    assert time.monotonic() - started < 2.0
    assert response.status_code == 422
    assert strict(response)["error"]["code"] == "invalid_log"


def test_a_run_of_twenty_thousand_digits_is_compared_at_once(client: TestClient) -> None:
    # {"hand": "1" * 20000} took 20 s on /api/compare (the red-five pattern rescanned the run from every digit).
    import time

    started = time.monotonic()
    response = client.post("/api/compare", json={"hand": "1" * 20_000, "win": "1m"})
    assert time.monotonic() - started < 2.0
    assert response.status_code == 422
    assert strict(response)["error"]["code"] == "invalid_notation"


@pytest.mark.parametrize("record", [
    b'{"log": ' + b"[" * 1000 + b"]" * 1000 + b"}",
    b'<mjloggm ver="2.3"><GO type="169"/><T4611686018427387904/>',
    b'<mjloggm ver="2.3"><GO type="169"/><INIT seed="0,0,0,3,3,4611686018427387904" ten="250,250,250,250" '
    b'oya="0" hai0="0" hai1="" hai2="" hai3=""/>',
], ids=["nested 1000 deep", "tile id 2^62", "dora 2^62"])
def test_records_that_raised_are_refused_with_an_error_object(client: TestClient, record: bytes) -> None:
    # RecursionError (detection) and OverflowError (compiled tile ids) were 500s.
    response = client.post("/api/replay", content=record)
    assert response.status_code == 422
    answer = strict(response)
    assert answer["ok"] is False and answer["error"]["code"] == "invalid_log"
    for name, value in SECURITY_HEADERS.items():
        assert response.headers[name] == value


def test_an_unforeseen_error_is_a_logged_500_error_object_with_the_security_headers(
        monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    from riichi.web import app as web_app

    def broken() -> dict[str, object]:
        raise ZeroDivisionError("a bug")

    monkeypatch.setattr(web_app, "_rules_listing", broken)
    with TestClient(create_app(), raise_server_exceptions=False) as c, caplog.at_level("ERROR", "riichi.web"):
        response = c.get("/api/rules")
    assert response.status_code == 500
    assert strict(response) == {"id": None, "ok": False, "error": {
        "code": "internal_error", "message": "the server failed on this request (ZeroDivisionError)"}}
    for name, value in SECURITY_HEADERS.items():
        assert response.headers[name] == value
    (logged,) = [r for r in caplog.records if r.name == "riichi.web"]
    assert "GET /api/rules failed" in logged.getMessage() and logged.exc_info is not None


def test_the_replay_budget_counts_the_reading(monkeypatch: pytest.MonkeyPatch) -> None:
    # The budget started after the record was read, so a record slow to read was never refused.
    import time

    from riichi.web import replay as web_replay

    read = web_replay.read_record

    def slow_read(*args: object, **kwargs: object) -> object:
        time.sleep(0.3)
        return read(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(web_replay, "read_record", slow_read)
    monkeypatch.setattr(web_replay, "TIME_BUDGET", 0.2)
    with pytest.raises(web_replay.Refused, match="reading and replaying the record takes longer than 0.2 s"):
        web_replay.replay_record(b'<mjloggm ver="2.3"><GO type="169"/>')
