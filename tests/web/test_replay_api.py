"""``POST /api/replay``: a real game in each record format, hand by hand with its positions and its wins'
full scoring, and every way a record can be refused.

Expected values are the record's own: Tenhou's results as ``tests/data/games/truth.jsonl`` writes them
down for each game (start scores, each win's han, fu and points, the deltas, the final scores).
"""

from __future__ import annotations

import gzip
import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from riichi.formats import strict_json
from riichi.formats.detect import read_record
from riichi.replay.convert import write_record
from riichi.web import replay as web_replay
from riichi.web.app import MAX_RECORD, create_app

GAMES = Path(__file__).resolve().parents[1] / "data" / "games"
#: A hanchan of 15 hands; its first hand is a ron of 7,700 (4 han 30 fu) by seat 1 off seat 2.
GAME_ID = "2010081709gm-00a9-0000-fe3371ad"
MJLOG = GAMES / "logs" / f"{GAME_ID}.xml"
#: The game Tenhou also serves as tenhou.net/6 JSON (a double ron, a pao daisangen, kyuushu kyuuhai).
TENHOU6_ID = "2019103023gm-00a9-0000-f90e0fe9"


def truth(game_id: str) -> dict[str, object]:
    for line in (GAMES / "truth.jsonl").read_text(encoding="utf-8").splitlines():
        game = json.loads(line)
        if game["game_id"] == game_id:
            return game  # type: ignore[no-any-return]
    raise LookupError(game_id)


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    with TestClient(create_app(), raise_server_exceptions=False) as c:
        yield c


def replay(client: TestClient, body: bytes, **params: str) -> dict[str, object]:
    response = client.post("/api/replay", content=body, params=params,
                           headers={"Content-Type": "application/octet-stream"})
    assert response.status_code == 200, response.text
    assert response.headers["content-type"] == "application/json"
    answer = strict(response.content)
    assert isinstance(answer, dict)
    return answer


def strict(body: bytes) -> object:
    """The answer read as strict JSON (RFC 8259): valid UTF-8, no NaN or Infinity (the project's strict
    reader stops at 1 MiB, and a whole game's positions are more)."""
    def refuse(constant: str) -> None:
        raise AssertionError(f"{constant} in the answer")

    return json.loads(body.decode("utf-8", errors="strict"), parse_constant=refuse)


def kyoku_objects(answer: dict[str, object]) -> list[dict[str, object]]:
    """The engine's values of each hand and the verdict; the record's own values (``log``) are left out,
    as each format states a different part of them (tenhou.net/6 has no fu beside a limit hand)."""
    hands = answer["hands"]
    assert isinstance(hands, list)
    return [{k: v for k, v in h["kyoku"].items() if k not in ("file", "log")} for h in hands]


def test_mjlog_game_hand_by_hand_matches_the_record(client: TestClient) -> None:
    answer = replay(client, MJLOG.read_bytes(), name=MJLOG.name)
    expected = truth(GAME_ID)
    assert answer["format"] == "mjlog" and answer["errors"] == []
    assert answer["names"] == ["反陽子さん", "ASAPIN", "でこじ", "デジタル仙人"]
    hands = answer["hands"]
    assert isinstance(hands, list) and len(hands) == len(expected["kyoku"])  # type: ignore[arg-type]
    for hand, stated in zip(hands, expected["kyoku"], strict=True):  # type: ignore[call-overload]
        kyoku = hand["kyoku"]
        assert kyoku["matches_log"] is True and kyoku["mismatches"] == []
        assert kyoku["scores_start"] == stated["scores_start"] and kyoku["deltas"] == stated["deltas"]
        # One win view per win, each with the scorer's full result: the record's han, fu and points.
        assert len(hand["wins"]) == len(stated["wins"])
        for view, win in zip(hand["wins"], stated["wins"], strict=True):
            result = view["result"]
            assert (view["winner"], view["from"]) == (win["winner"], win["from"])
            assert result["points"] == win["points"]
            if not win["yakuman"]:
                assert (result["han"], result["fu"]) == (win["han"], win["fu"])
            assert result["fu_details"] and result["decomposition"]
        # The positions: the deal first, every event after it, the hand's end last.
        steps = hand["steps"]
        assert steps[0]["kind"] == "deal" and steps[-1]["kind"] in ("win", "ryuukyoku")
        assert steps[0]["scores"] == stated["scores_start"]
        assert steps[0]["dora"] == stated["dora_indicators"][:1]
    end = answer["game_end"]
    assert isinstance(end, dict)
    assert end["final_scores"] == expected["final_scores"] and end["matches_log"] is True


def test_first_hand_positions_follow_the_events(client: TestClient) -> None:
    hand = replay(client, MJLOG.read_bytes())["hands"][0]  # type: ignore[index]
    steps = hand["steps"]
    # The deal: 13 tiles a seat, the dealer (East, seat 0) to draw first from a live wall of 70 tiles.
    deal = steps[0]
    assert [s["wind"] for s in deal["seats"]] == ["E", "S", "W", "N"]
    assert deal["seats"][0]["hand"] == "13459m9p12347s46z" and deal["wall"] == 70
    assert steps[1]["event"] == "draw 0 2s" and steps[1]["seats"][0]["drawn"] == "2s"
    assert steps[2]["event"] == "discard 0 4z" and steps[2]["seats"][0]["river"] == ["4z"]
    # Seat 3 pons that 4z: the tile leaves East's river (marked taken) and becomes a meld called from East.
    assert steps[3]["event"] == "pon 3 4z<0 44z"
    assert steps[3]["seats"][0]["river"] == ["4z^"] and steps[3]["seats"][3]["melds"] == ["pon:444z@E"]
    # The win: seat 1's hand with the ron tile apart, as the calculator draws a winning hand.
    last = steps[-1]
    assert last["event"] == "win 1 6m ron<2" and last["seats"][1]["won"] is True
    assert last["seats"][1]["hand"] == "78m11z" and last["seats"][1]["drawn"] == "6m"
    assert hand["wins"][0]["hand"] == "678m11z pon:333z@E pon:222z@E chi:345m@E"


def test_the_longest_game_of_the_data_is_within_the_limits(client: TestClient) -> None:
    # 1,991 events, the most of the 175 games in tests/data/games: well under MAX_EVENTS, every hand answered.
    game_id = "2022060107gm-00a9-0000-a990aa36"
    answer = replay(client, (GAMES / "logs" / f"{game_id}.xml").read_bytes(), name=f"{game_id}.xml")
    hands = answer["hands"]
    assert isinstance(hands, list) and len(hands) == len(truth(game_id)["kyoku"])  # type: ignore[arg-type]
    steps = sum(len(h["steps"]) for h in hands)  # a position after each event
    assert steps == 1991 < web_replay.MAX_EVENTS
    assert all(h["kyoku"]["matches_log"] for h in hands)


def test_gzip_record_reads_as_the_plain_one(client: TestClient) -> None:
    plain = replay(client, MJLOG.read_bytes(), name=MJLOG.name)
    packed = replay(client, gzip.compress(MJLOG.read_bytes()), name=MJLOG.name)
    assert packed == plain


def test_tenhou6_record_gives_the_hands_of_the_mjlog(client: TestClient) -> None:
    t6 = replay(client, (GAMES / "tenhou6" / f"{TENHOU6_ID}.json").read_bytes(), name=f"{TENHOU6_ID}.json")
    mjlog = replay(client, (GAMES / "logs" / f"{TENHOU6_ID}.xml").read_bytes(), name=f"{TENHOU6_ID}.xml")
    assert t6["format"] == "tenhou6" and t6["errors"] == []
    assert kyoku_objects(t6) == kyoku_objects(mjlog)
    assert all(h["kyoku"]["matches_log"] for h in t6["hands"])  # type: ignore[union-attr]
    # The double ron of this game: two win views on one hand, each with its full result.
    assert any(len(h["wins"]) == 2 for h in t6["hands"])  # type: ignore[union-attr]


def test_mjai_record_gives_the_hands_of_the_mjlog(client: TestClient) -> None:
    mjai = write_record(read_record(MJLOG.read_bytes(), name=MJLOG.name), "mjai")
    answer = replay(client, mjai.encode(), name=MJLOG.name)
    assert answer["format"] == "mjai" and answer["errors"] == []
    assert kyoku_objects(answer) == kyoku_objects(replay(client, MJLOG.read_bytes(), name=MJLOG.name))


def test_answer_is_gzip_compressed_when_the_client_accepts_it(client: TestClient) -> None:
    packed = client.post("/api/replay", content=MJLOG.read_bytes(), headers={"Accept-Encoding": "gzip"})
    assert packed.headers["content-encoding"] == "gzip" and packed.headers["vary"] == "Accept-Encoding"
    plain = client.post("/api/replay", content=MJLOG.read_bytes(), headers={"Accept-Encoding": "identity"})
    assert "content-encoding" not in plain.headers
    assert packed.json() == plain.json()
    assert int(packed.headers["content-length"]) * 10 < len(plain.content)


def refused(client: TestClient, body: bytes, status: int, code: str, **params: str) -> dict[str, object]:
    response = client.post("/api/replay", content=body, params=params)
    assert response.status_code == status, response.text
    answer = strict_json.loads(response.content)  # an error is short: the project's strict reader
    assert isinstance(answer, dict) and answer["ok"] is False
    assert answer["error"]["code"] == code, answer  # type: ignore[index]
    return answer


@pytest.mark.parametrize(("body", "said"), [
    (b"", "the record is empty"),
    (b"hello", "not a game record"),
    (b"\x1f\x8b\x08junk", "the gzip stream is damaged"),
    (gzip.compress(b"<mjloggm ver='2.3'>")[:-8], "the gzip stream is truncated"),
    # A small gzip stream of a gzip stream of 64 MiB: the inner one is refused, never undone.
    (gzip.compress(gzip.compress(b"0" * (64 << 20))), "the record is gzip twice over"),
])
def test_unreadable_bodies_are_422_invalid_log(client: TestClient, body: bytes, said: str) -> None:
    answer = refused(client, body, 422, "invalid_log")
    assert said in answer["error"]["message"]  # type: ignore[index]


def test_truncated_record_is_refused_with_the_readers_errors(client: TestClient) -> None:
    # The record cut inside its first hand: no hand can be replayed; the reader names the tag where it stops.
    answer = refused(client, MJLOG.read_bytes()[:5000], 422, "invalid_log")
    errors = answer["errors"]
    assert isinstance(errors, list) and errors
    assert errors[0]["kyoku"] == 0 and "the record ends inside hand 1" in errors[0]["error"]["message"]


def test_four_player_record_marked_three_player_is_refused(client: TestClient) -> None:
    # <GO type> bit 0x10 marks a three-player game (169 | 16 = 185), whose deals leave hai3 empty: this
    # four-player record deals a fourth hand, which the answer names.
    text = MJLOG.read_text(encoding="utf-8").replace('<GO type="169"', '<GO type="185"', 1)
    answer = refused(client, text.encode(), 422, "invalid_log")
    assert "hai3 deals a fourth hand" in json.dumps(answer, ensure_ascii=False)


def test_record_cut_after_some_hands_shows_them_and_the_error(client: TestClient) -> None:
    # Cut before the third hand's deal (the third <INIT>): two whole hands, then the error.
    text = MJLOG.read_text(encoding="utf-8")
    third = text.index("<INIT", text.index("<INIT", text.index("<INIT") + 1) + 1)
    answer = replay(client, text[:third].encode())
    assert [h["index"] for h in answer["hands"]] == [0, 1]  # type: ignore[union-attr]
    assert answer["game_end"] is None
    assert answer["errors"] and answer["errors"][0]["error"]["code"] == "invalid_log"  # type: ignore[index]


def test_an_illegal_action_shows_the_hand_up_to_it(client: TestClient) -> None:
    # The mjai record of the game with the first discard of the second hand changed to a tile the
    # discarder does not hold (South's own 2z becomes a 7z, chun): the engine refuses it.
    lines = write_record(read_record(MJLOG.read_bytes(), name=MJLOG.name), "mjai").splitlines()
    second = [i for i, line in enumerate(lines) if '"start_kyoku"' in line][1]
    first_discard = next(i for i in range(second, len(lines)) if '"dahai"' in lines[i])
    discard = json.loads(lines[first_discard])
    assert discard == {"type": "dahai", "actor": 1, "pai": "S", "tsumogiri": False}
    lines[first_discard] = json.dumps({**discard, "pai": "C"})
    answer = replay(client, "\n".join(lines).encode())
    hands = answer["hands"]
    count = sum('"start_kyoku"' in line for line in lines)
    assert isinstance(hands, list) and [h["index"] for h in hands] == list(range(count))
    # The refused hand: no result, its positions up to the refusal (the deal and the dealer's draw).
    assert hands[1]["kyoku"] is None and [s["kind"] for s in hands[1]["steps"]] == ["deal", "draw"]
    # The replay goes on from the next hand's start as the record states it: every other hand matches.
    assert all(h["kyoku"]["matches_log"] is True for h in hands if h["index"] != 1)
    assert "the replay goes on from" in hands[2]["kyoku"]["notes"][0]
    (error,) = answer["errors"]  # type: ignore[misc]
    assert error["kyoku"] == 1 and error["error"]["code"] == "illegal_action"
    assert "seat 1 does not hold 7z" in error["error"]["message"]


def test_oversized_record_is_413(client: TestClient) -> None:
    refused(client, b" " * (MAX_RECORD + 1), 413, "request_too_large")


def test_gzip_bomb_is_refused_without_unpacking_it(client: TestClient) -> None:
    bomb = gzip.compress(b"0" * (web_replay.MAX_UNPACKED + 1))
    assert len(bomb) < MAX_RECORD
    answer = refused(client, bomb, 413, "request_too_large")
    assert "once unpacked" in answer["error"]["message"]  # type: ignore[index]


def test_too_many_events_and_too_slow_are_refused(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    limit = web_replay.MAX_EVENTS
    monkeypatch.setattr(web_replay, "MAX_EVENTS", 100)
    answer = refused(client, MJLOG.read_bytes(), 413, "request_too_large")
    assert "more than 100 events" in answer["error"]["message"]  # type: ignore[index]
    monkeypatch.setattr(web_replay, "MAX_EVENTS", limit)
    monkeypatch.setattr(web_replay, "TIME_BUDGET", 0.0)
    answer = refused(client, MJLOG.read_bytes(), 413, "request_too_large")
    assert "takes longer than 0 s" in answer["error"]["message"]  # type: ignore[index]


def test_unknown_format_parameter_is_422(client: TestClient) -> None:
    refused(client, MJLOG.read_bytes(), 422, "invalid_case", format="pgn")


def test_a_format_that_is_not_the_records_is_refused_with_the_readers_errors(client: TestClient) -> None:
    answer = refused(client, MJLOG.read_bytes(), 422, "invalid_log", format="mjai")
    assert answer["errors"]


def test_openapi_documents_the_replay(client: TestClient) -> None:
    operation = client.get("/openapi.json").json()["paths"]["/api/replay"]["post"]
    assert set(operation["requestBody"]["content"]) == {"application/octet-stream", "text/plain"}
    assert {"200", "413", "422"} <= set(operation["responses"])


def test_replay_page_is_served_with_the_tile_sprite(client: TestClient) -> None:
    page = client.get("/replay")
    assert page.status_code == 200
    assert '<symbol id="tile-0p"' in page.text and "/static/replay.js" in page.text
    assert "<style" not in page.text and " style=" not in page.text
    assert all(" src=" in tag for tag in page.text.split("<script")[1:])


@pytest.mark.parametrize("path", ["/api/replay", "/api/review?seat=0"])
def test_a_record_whose_rule_object_nests_deep_is_422_not_500(client: TestClient, path: str) -> None:
    # The GO tag's riichi_rule nested 1,500 deep (3 KB gzipped to a few dozen bytes): RecursionError out of the
    # reader, answered 500 internal_error. Now the reader's error: the record cannot be replayed, 422.
    import gzip  # noqa: PLC0415
    from urllib.parse import quote  # noqa: PLC0415

    text = '<mjloggm ver="2.3"><GO type="169" riichi_rule="' + quote("[" * 1500 + "]" * 1500) + '"/></mjloggm>'
    response = client.post(path, content=gzip.compress(text.encode()),
                           headers={"Content-Type": "application/octet-stream"})
    assert response.status_code == 422, response.text
    assert response.json()["error"]["code"] == "invalid_log"
