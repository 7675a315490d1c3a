"""The HTTP API: every endpoint, every error code, oversized and malformed bodies.

Expected values come from the real Tenhou results of the dev set, from
the interchange format, docs/interchange.md (error codes, preset names, override keys) and from hands
scored by hand with the arithmetic in a comment.
"""

from __future__ import annotations

import re

import json
import xml.etree.ElementTree as ET
from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from riichi.web.app import MAX_BODY, create_app
from tests.conftest import TENHOU_WINS

# Riichi, pinfu, tanyao and one dora (indicator 1m -> dora 2m) on a ryanmen
# ron by a non-dealer: 4 han; fu 20 base + 10 closed ron = 30.
# Base points 30 * 2^(2+4) = 1920; a non-dealer ron is 4 * 1920 = 7680 -> 7700
# without kiriage, and rounds up to mangan 8000 with kiriage (the rule-set survey §1b).
PINFU_CASE = {
    "hand": "234m567m234p678s88p", "win": "2m", "riichi": True, "dora": "1m",
    "seat_wind": "S", "discarder": "W",
}


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    with TestClient(create_app(), raise_server_exceptions=False) as c:
        yield c


def error_of(response: object) -> dict[str, str]:
    body = response.json()  # type: ignore[attr-defined]
    assert body["ok"] is False
    return body["error"]  # type: ignore[no-any-return]


# -- /api/score ---------------------------------------------------------------


def test_score_matches_a_real_tenhou_result(client: TestClient) -> None:
    line = TENHOU_WINS.read_text(encoding="utf-8").splitlines()[0]
    record = json.loads(line)
    response = client.post("/api/score", json=record["case"])
    assert response.status_code == 200
    result = response.json()
    expected = record["expected"]
    assert result["id"] == record["case"]["id"]
    for key in ("points", "han", "fu", "limit", "deltas", "yakuman"):
        assert result[key] == expected[key], key
    assert sorted(y["name"] for y in result["yaku"]) == sorted(y["name"] for y in expected["yaku"])


def test_score_hand_scored_by_hand(client: TestClient) -> None:
    result = client.post("/api/score", json={**PINFU_CASE, "id": 7}).json()
    assert result["ok"] is True and result["id"] == 7
    assert (result["han"], result["fu"], result["points"]) == (4, 30, 7700)
    assert result["payments"] == {"W": 7700}
    assert result["deltas"] == {"E": 0, "S": 7700, "W": -7700, "N": 0}
    assert {y["name"] for y in result["yaku"]} == {"riichi", "pinfu", "tanyao", "dora"}


def test_score_rules_override_changes_the_value(client: TestClient) -> None:
    result = client.post("/api/score", json={**PINFU_CASE, "rules": {"preset": "tenhou", "kiriage": True}}).json()
    assert (result["limit"], result["points"]) == ("mangan", 8000)


@pytest.mark.parametrize(
    ("change", "code"),
    [
        ({"tsumo": "yes"}, "invalid_case"),
        ({"colour": "blue"}, "invalid_case"),
        ({"hand": "234m567m234p678s8x"}, "invalid_notation"),
        # 1m four times in the hand and once more as a dora indicator
        ({"hand": "1111m567m234p678s8p", "win": "8p", "dora": "9m1m"}, "impossible_tiles"),
        ({"hand": "234m567m234p678s8p"}, "wrong_tile_count"),
        ({"hand": "234m567m234p678s89p"}, "not_winning"),
        # open, no tanyao (1m), no yakuhai, chi of 678s from the left (E for seat S): nothing but the shape
        ({"hand": "123m567m234p88p", "riichi": False, "dora": "",
          "melds": [{"type": "chi", "tiles": "678s", "from": "E"}]}, "no_yaku"),
        ({"riichi": False, "ippatsu": True}, "inconsistent_situation"),
        ({"rules": "house"}, "unknown_rules"),
        ({"rules": {"preset": "tenhou", "aka": 9}}, "unknown_rules"),
    ],
)
def test_score_errors_are_422_with_the_interchange_error(client: TestClient, change: dict[str, object],
                                                         code: str) -> None:
    response = client.post("/api/score", json={**PINFU_CASE, "id": "x", **change})
    assert response.status_code == 422
    body = response.json()
    assert body["id"] == "x"
    assert body["error"]["code"] == code
    assert body["error"]["message"]


def test_notation_error_points_at_the_bad_character(client: TestClient) -> None:
    message = error_of(client.post("/api/score", json={**PINFU_CASE, "hand": "234m567m234p678s8x"}))["message"]
    assert message.splitlines()[-1].index("^") == message.splitlines()[-2].index("x")


@pytest.mark.parametrize(
    "body",
    [b"{\"hand\": ", b"", b"   ", b"\xff\xfe not text", b"[" * 60_000],
    ids=["truncated", "empty", "blank", "not-utf8", "deeply-nested"],
)
def test_malformed_json_is_400_invalid_json(client: TestClient, body: bytes) -> None:
    response = client.post("/api/score", content=body, headers={"Content-Type": "application/json"})
    assert response.status_code == 400
    assert error_of(response)["code"] == "invalid_json"


def test_json_that_is_not_an_object_is_invalid_case(client: TestClient) -> None:
    response = client.post("/api/score", json=["234m"])
    assert response.status_code == 422
    assert error_of(response)["code"] == "invalid_case"


def test_oversized_body_is_refused_with_413(client: TestClient) -> None:
    big = json.dumps({**PINFU_CASE, "id": "x" * (MAX_BODY + 10)})
    response = client.post("/api/score", content=big, headers={"Content-Type": "application/json"})
    assert response.status_code == 413
    assert error_of(response)["code"] == "request_too_large"


def test_oversized_streamed_body_without_length_is_refused(client: TestClient) -> None:
    def chunks() -> Iterator[bytes]:
        for _ in range(20):
            yield b" " * 8192  # 160 KiB in all, sent chunked

    response = client.post("/api/score", content=chunks(), headers={"Content-Type": "application/json"})
    assert response.status_code == 413
    assert error_of(response)["code"] == "request_too_large"


def test_server_keeps_answering_after_bad_requests(client: TestClient) -> None:
    client.post("/api/score", content=b"[" * 60_000)
    client.post("/api/score", content=b"x" * (MAX_BODY + 1))
    assert client.post("/api/score", json=PINFU_CASE).json()["points"] == 7700


# -- /api/compare ---------------------------------------------------------------


def test_a_three_player_case_over_http(client: TestClient) -> None:
    # the interchange format's three-player section: kita as nukidora, three seats, the sanma presets compared
    case = {"hand": "123456p789s22s999m", "win": "2s", "tsumo": True, "seat_wind": "S", "kita": 1,
            "rules": "tenhou-sanma"}
    body = client.post("/api/score", json=case).json()
    assert body["ok"] and {"name": "nukidora", "han": 1} in body["yaku"]
    assert body["deltas"] == {"E": -1300, "S": 2000, "W": -700}  # 2 han 40 fu: 1,300 + 700, North's share lost
    rows = client.post("/api/compare", json=case).json()["results"]
    # north bisection: North's 700 in halves of 350, each rounded up to 400: 1,700 + 1,100
    assert [(r["preset"], r["result"]["points"]) for r in rows] == [("tenhou-sanma", 2000), ("mahjongsoul-sanma", 2800)]
    bad = client.post("/api/score", json={**case, "seat_wind": "N"})
    assert bad.status_code == 422 and bad.json()["error"]["code"] == "invalid_case"


def test_compare_scores_the_case_under_every_preset(client: TestClient) -> None:
    response = client.post("/api/compare", json={**PINFU_CASE, "id": "c"})
    assert response.status_code == 200
    body = response.json()
    assert body["ok"] is True and body["id"] == "c"
    by_preset = {row["preset"]: row["result"] for row in body["results"]}
    # The interchange format (docs/interchange.md): presets that must exist, and Riichi City's
    assert set(by_preset) == {"tenhou", "mahjongsoul", "wrc", "ema", "ema2008", "mleague", "jpml", "full", "dynasty",
                              "riichicity"}
    # 7700 without kiriage, 8000 with it (see PINFU_CASE); the rule-set survey §1b: WRC and M-League round up, Tenhou, EMA
    # and JPML do not.
    assert by_preset["tenhou"]["points"] == 7700
    assert by_preset["ema"]["points"] == 7700
    assert by_preset["jpml"]["points"] == 7700
    assert by_preset["mleague"]["points"] == 8000
    assert by_preset["wrc"]["points"] == 8000
    assert all(row["description"] for row in body["results"])


def test_compare_reports_per_preset_errors_inside_the_table(client: TestClient) -> None:
    # A red five is impossible where the set has none (the WRC Riichi Rules 2015 have no red fives), when the
    # case asks for the strict reading; by default a compare reads it as the plain five and says so.
    case = {**PINFU_CASE, "hand": "234m067m234p678s88p", "red_fives_as_plain": False}
    by_preset = {row["preset"]: row["result"] for row in client.post("/api/compare", json=case).json()["results"]}
    assert by_preset["wrc"]["error"]["code"] == "impossible_tiles"
    lenient = {row["preset"]: row["result"] for row in
               client.post("/api/compare", json={**case, "red_fives_as_plain": True}).json()["results"]}
    plain = client.post("/api/score", json={**PINFU_CASE, "hand": "234m567m234p678s88p", "rules": "wrc"}).json()
    assert lenient["wrc"] == {**plain, "notes": ["red fives counted as plain fives: the rules have none"]}
    # Tenhou: the red five adds aka dora, 5 han -> mangan
    assert (by_preset["tenhou"]["limit"], by_preset["tenhou"]["points"]) == ("mangan", 8000)


def test_compare_of_unreadable_case_is_an_error(client: TestClient) -> None:
    response = client.post("/api/compare", json={**PINFU_CASE, "hand": "12x"})
    assert response.status_code == 422
    assert error_of(response)["code"] == "invalid_notation"
    assert client.post("/api/compare", content=b"{").status_code == 400


# -- /api/rules -------------------------------------------------------------------


def test_rules_lists_presets_and_switches(client: TestClient) -> None:
    body = client.get("/api/rules").json()
    presets = {p["name"]: p for p in body["presets"]}
    assert body["default"] == "tenhou"
    assert {"tenhou", "mahjongsoul", "wrc", "ema", "ema2008", "mleague", "jpml", "full", "dynasty"} <= set(presets)
    kinds = {s["name"]: s["kind"] for s in body["switches"]}
    # The interchange format (docs/interchange.md): override keys that must exist
    assert kinds["kuitan"] == "bool" and kinds["kiriage"] == "bool"
    assert kinds["aka"] == "int" and kinds["max_yakuman"] == "int_or_null"
    assert kinds["kazoe"] == kinds["multiple_yakuman"] == kinds["renhou"] == "choice"
    assert kinds["local_yaku"] == "set"
    values = {s["name"]: s["values"] for s in body["switches"]}
    assert set(values["kazoe"]) == {"yakuman", "sanbaiman", "multiple"}
    assert set(values["multiple_yakuman"]) == {"single", "cumulative", "full"}
    assert set(values["renhou"]) == {"yakuman", "mangan", "yaku", "none"}
    # the rule-set survey §1a/1b: Tenhou three red fives and no kiriage; M-League kiriage; WRC no red fives
    assert presets["tenhou"]["switches"]["aka"] == 3 and presets["tenhou"]["switches"]["kiriage"] is False
    assert presets["mleague"]["switches"]["kiriage"] is True
    assert presets["wrc"]["switches"]["aka"] == 0


# -- /api/analyze -------------------------------------------------------------------


def test_analyze_values_each_wait(client: TestClient) -> None:
    # 234m 567m 234p 678s 8p in riichi, dora 2m (indicator 1m), South seat: tenpai on 8p (tanki).
    # Ron: riichi, tanyao, dora = 3 han; fu 20 + 10 closed ron + 2 tanki = 32 -> 40;
    #   4 * 40 * 2^5 = 5120 -> 5200.
    # Tsumo: riichi, menzen tsumo, tanyao, dora = 4 han; fu 20 + 2 tsumo + 2 tanki = 24 -> 30; base 1920:
    #   the dealer pays 3840 -> 3900, the two others 1920 -> 2000: 7900.
    request = {"id": 1, "hand": "234m567m234p678s8p", "riichi": True, "dora": "1m", "seat_wind": "S"}
    response = client.post("/api/analyze", json=request)
    assert response.status_code == 200
    body = response.json()
    assert (body["id"], body["shanten"], body["tiles"]) == (1, 0, 13)
    (wait,) = body["waits"]
    assert (wait["tile"], wait["ron"], wait["tsumo"], wait["left"]) == ("8p", 5200, 7900, 3)


def test_analyze_errors_use_interchange_codes(client: TestClient) -> None:
    response = client.post("/api/analyze", json={"hand": "234m567m234p678s8x"})
    assert response.status_code == 422
    assert error_of(response)["code"] == "invalid_notation"


def test_analyze_bad_bodies(client: TestClient) -> None:
    assert error_of(client.post("/api/analyze", content=b"nope"))["code"] == "invalid_json"
    assert client.post("/api/analyze", json=[1]).status_code == 422


# -- pictures ------------------------------------------------------------------------


def svg_root(response: object) -> ET.Element:
    assert response.status_code == 200  # type: ignore[attr-defined]
    assert response.headers["content-type"].startswith("image/svg+xml")  # type: ignore[attr-defined]
    return ET.fromstring(response.text)  # type: ignore[attr-defined]


def test_svg_tiles_hand_meld_and_sprite(client: TestClient) -> None:
    ns = "{http://www.w3.org/2000/svg}"
    tiles = svg_root(client.get("/api/svg/tiles", params={"t": "123m0p"}))
    assert [g.get("data-tile") for g in tiles.iter(f"{ns}g") if g.get("data-tile")] == ["1m", "2m", "3m", "0p"]
    hand = svg_root(client.get("/api/svg/hand", params={"h": "234m406p11z ankan:1111s", "win": "0p"}))
    assert sum(1 for g in hand.iter(f"{ns}g") if g.get("class") == "tile back") == 2
    meld = svg_root(client.get("/api/svg/meld", params={"m": "pon:777z@W", "seat": "E"}))
    assert sum(1 for g in meld.iter(f"{ns}g") if "rotate(-90)" in g.get("transform", "")) == 1
    sprite = svg_root(client.get("/api/svg/sprite"))
    assert len(list(sprite.iter(f"{ns}symbol"))) == 38  # 37 tiles and the back


@pytest.mark.parametrize(
    ("path", "params"),
    [
        ("/api/svg/tiles", {"t": "12x"}),
        ("/api/svg/tiles", {"t": "1m" * 200}),
        ("/api/svg/hand", {"h": "123m", "win": "9s"}),
        ("/api/svg/hand", {"h": "123m", "seat": "Q"}),
        ("/api/svg/meld", {"m": "pon:123m"}),
    ],
)
def test_svg_bad_notation_is_422(client: TestClient, path: str, params: dict[str, str]) -> None:
    response = client.get(path, params=params)
    assert response.status_code == 422
    assert error_of(response)["code"] in ("invalid_notation", "invalid_case")


# -- page, documentation, unknown routes -------------------------------------------


def test_page_is_served_with_inline_tile_sprite(client: TestClient) -> None:
    response = client.get("/")
    assert response.status_code == 200
    assert '<symbol id="tile-0p"' in response.text and "/static/app.js" in response.text
    assert client.get("/static/app.js").status_code == 200
    assert client.get("/static/style.css").status_code == 200


def test_openapi_documents_every_endpoint(client: TestClient) -> None:
    spec = client.get("/openapi.json").json()
    paths = spec["paths"]
    for path in ("/api/score", "/api/compare", "/api/analyze", "/api/rules", "/api/svg/tiles", "/api/svg/hand"):
        assert path in paths
    score_body = paths["/api/score"]["post"]["requestBody"]["content"]["application/json"]["schema"]
    assert {"hand", "win", "melds", "rules", "riichi_sticks"} <= set(score_body["properties"])
    assert client.get("/docs").status_code == 200


def test_unknown_route_and_method(client: TestClient) -> None:
    missing = client.get("/api/nothing")
    assert missing.status_code == 404 and error_of(missing)["code"] == "not_found"
    wrong = client.get("/api/score")
    assert wrong.status_code == 405 and error_of(wrong)["code"] == "method_not_allowed"


def test_api_docs_are_served_from_local_assets(client: TestClient) -> None:
    # The Swagger UI page must work with no network: every script and style it loads is ours.
    page = client.get("/docs")
    assert page.status_code == 200
    sources = re.findall(r'(?:src|href)="([^"]+)"', page.text)
    assert sources and all(s.startswith("/") for s in sources), sources
    js = client.get("/docs-assets/swagger-ui-bundle.js")
    css = client.get("/docs-assets/swagger-ui.css")
    assert js.status_code == 200 and "SwaggerUIBundle" in js.text
    assert css.status_code == 200 and ".swagger-ui" in css.text


def test_yaku_names_in_english(client: TestClient) -> None:
    from riichi.yaku import Yaku

    glosses = client.get("/api/yaku").json()
    assert glosses["tanyao"] == "all simples" and glosses["kokushi_13"] == "thirteen orphans, 13-sided wait"
    assert {y.value for y in Yaku} <= set(glosses)
    assert all(isinstance(v, str) and v for v in glosses.values())


def test_docs_web_lists_every_endpoint() -> None:
    # docs/web.md is the API's page: every route the app serves is named there (the favicon aside)
    from pathlib import Path

    from riichi.web.app import create_app

    page = (Path(__file__).resolve().parents[2] / "docs" / "web.md").read_text()
    paths = {route.path for route in create_app().routes if hasattr(route, "methods")} - {"/favicon.ico"}
    assert "/api/yaku" in paths
    table = page[page.index("| endpoint |"):page.index("Interactive documentation")]
    for path in paths:
        assert f"{path}`" in table, path
