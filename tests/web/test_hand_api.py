"""``POST /api/hand``: hand notation read by the library's reader, as the calculator page holds a hand.

The hands are the notation's own examples (README, docs/web.md, the reading line ``riichi score`` prints) with
their reading worked out in the comments from the notation's rules (README, "Hands are written in MPSZ
notation"): digits then the suit letter, ``0`` a red five, melds ``TYPE:TILES[@SEAT]`` after the concealed tiles,
``win:TILE`` the last word; the winning tile is the marked one, else the last concealed tile written. Seats go
E, S, W, N in turn order: the next seat in turn sits on a player's right, the previous one on the left (a chi
comes from the left), the one two away across; at three players (E, S, W) there is no one across.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from riichi.web.app import MAX_BODY, create_app


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    with TestClient(create_app(), raise_server_exceptions=False) as c:
        yield c


def reading(client: TestClient, hand: str, **fields: object) -> dict[str, Any]:
    """The ``reading`` of a hand the request of which is well formed (200)."""
    response = client.post("/api/hand", json={"hand": hand, **fields})
    assert response.status_code == 200, response.text
    answer = response.json()
    assert answer["ok"] is True
    return answer["reading"]  # type: ignore[no-any-return]


def refused(client: TestClient, hand: str, **fields: object) -> dict[str, Any]:
    """The error of notation the reader refuses: still a 200 answer (the page's normal flow has no 4xx)."""
    read = reading(client, hand, **fields)
    assert read["ok"] is False
    error = read["error"]
    assert error["code"] == "invalid_notation"
    start, end = error["span"]
    assert error["word"].find(hand[start:end]) >= 0  # the part at fault lies in the word named
    return error  # type: ignore[no-any-return]


def test_a_closed_hand_is_its_tiles_as_written_and_the_last_one_wins(client: TestClient) -> None:
    # 123m 456p 789s 111z 22z: fourteen tiles in the order written (not sorted); 2z is written last, so it wins
    read = reading(client, "123m456p789s11122z")
    assert read == {"ok": True, "tiles": ["1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s", "1z", "1z", "1z",
                                          "2z", "2z"],
                    "melds": [], "win": "2z", "win_marked": False}
    # groups may be spaced; now 1z is the last tile written (docs/web.md's spaced example)
    assert reading(client, "123m 456p 789s 22z 111z")["win"] == "1z"


def test_the_reading_line_gives_its_melds_seen_from_the_players_seat(client: TestClient) -> None:
    # The reading line of the README: 234m 4p 0p(red) 6p 11z, a pon of chun from W, a chi 789s from N, won on 2m.
    line = "234m 406p 11z pon:777z@W chi:789s@N win:2m"
    read = reading(client, line)  # the player is East: W is two seats on (across), N the seat before (left)
    assert read["tiles"] == ["2m", "3m", "4m", "4p", "0p", "6p", "1z", "1z"]
    assert read["melds"] == [{"type": "pon", "tiles": ["7z", "7z", "7z"], "from": "W", "relative": "across"},
                             {"type": "chi", "tiles": ["7s", "8s", "9s"], "from": "N", "relative": "left"}]
    assert (read["win"], read["win_marked"]) == ("2m", True)
    # from South: W is the next seat (right), N two on (across)
    melds = reading(client, line, seat_wind="S")["melds"]
    assert [m["relative"] for m in melds] == ["right", "across"]
    # a called meld with no seat written has none
    assert reading(client, "123m pon:555z")["melds"] == [
        {"type": "pon", "tiles": ["5z", "5z", "5z"], "from": None, "relative": None}]


def test_a_concealed_kan_is_called_from_no_one(client: TestClient) -> None:
    # docs/web.md's hand picture: 234m 406p 11z, a pon of chun from W, a concealed kan of 1s
    read = reading(client, "234m406p11z pon:777z@W ankan:1111s")
    assert read["melds"][1] == {"type": "ankan", "tiles": ["1s", "1s", "1s", "1s"], "from": None, "relative": None}
    assert read["win"] == "1z"  # the last concealed tile written: melds are not concealed tiles
    error = refused(client, "234m406p11z ankan:1111s@W")
    assert error["message"] == "a concealed kan (ankan) is not called from anyone"
    assert error["word"] == "ankan:1111s@W"


def test_a_three_player_table_has_no_north_and_no_one_across(client: TestClient) -> None:
    # South at a table of E, S, W: E plays before S (its left), W after it (its right)
    read = reading(client, "11m pon:777z@E pon:666z@W", seat_wind="S", players=3)
    assert [(m["from"], m["relative"]) for m in read["melds"]] == [("E", "left"), ("W", "right")]
    # East: W is two seats on, which at three players is the seat before East: its left
    assert reading(client, "11m pon:777z@W", players=3)["melds"][0]["relative"] == "left"
    error = refused(client, "11m pon:777z@N", seat_wind="S", players=3)
    assert error["message"] == "pon:777z@N: a three-player table has no seat N (its seats are E, S and W)"
    assert (error["word"], error["span"]) == ("pon:777z@N", [13, 14])  # the N after @
    # the same meld at four players is from across South
    assert reading(client, "11m pon:777z@N", seat_wind="S")["melds"][0]["relative"] == "across"
    response = client.post("/api/hand", json={"hand": "11m", "seat_wind": "N", "players": 3})
    assert response.status_code == 422
    assert response.json()["error"]["message"] == ("seat_wind is N, but a three-player table has the seats E, S "
                                                   "and W only")


def test_a_meld_is_not_called_from_the_players_own_seat(client: TestClient) -> None:
    error = refused(client, "11m pon:777z@S", seat_wind="S")
    assert error["message"] == "pon:777z@S: a meld cannot be called from the player's own seat (S)"
    assert error["word"] == "pon:777z@S"


def test_win_marks_the_winning_tile_among_the_concealed_tiles(client: TestClient) -> None:
    # 1z is marked, though 2z is written last
    read = reading(client, "123m456p789s11122z win:1z")
    assert (read["win"], read["win_marked"], len(read["tiles"])) == ("1z", True, 14)
    # a red five is not its plain five: 340m holds no 5m
    error = refused(client, "340m456p789s11122z win:5m")
    assert error["message"] == "the winning tile 5m is not one of the concealed tiles"
    assert error["word"] == "win:5m"
    assert reading(client, "340m456p789s11122z win:0m")["win"] == "0m"
    # nor is a tile only in a meld one of the concealed tiles
    assert refused(client, "123m456p789s11z pon:777z win:7z")["word"] == "win:7z"


@pytest.mark.parametrize(("hand", "message", "word", "span"), [
    # an unknown meld type: the type is at fault
    ("123m xyz:123m", "unknown meld type 'xyz' (chi, pon, minkan, shouminkan, ankan)", "xyz:123m", [5, 8]),
    # a pon of two tiles: its tiles are at fault
    ("123m pon:55z", "pon 55z: needs 3 tiles, not 2", "pon:55z", [9, 12]),
    ("123m minkan:555z", "minkan 555z: needs 4 tiles, not 3", "minkan:555z", [12, 16]),
    # a word after the win mark: that word is at fault
    ("123m win:2m 3m", "the winning tile (win:TILE) is the last word", "3m", [12, 14]),
    ("123m win:23m", "the winning tile is one tile, e.g. win:2m", "win:23m", [5, 12]),
    ("123m pon:777z 4m", "concealed tiles come before the melds", "4m", [14, 16]),
    ("123m456p789s11122x", "unexpected character 'x' (suits are m, p, s, z)", "123m456p789s11122x", [17, 18]),
    ("123m8z", "there is no honour tile 8z (honours are 1z..7z)", "123m8z", [4, 5]),
    ("123m pon:777z@X", "the seat after @ is E, S, W or N", "pon:777z@X", [14, 15]),
])
def test_notation_the_reader_refuses_names_the_word_at_fault(client: TestClient, hand: str, message: str,
                                                             word: str, span: list[int]) -> None:
    assert refused(client, hand) == {"code": "invalid_notation", "message": message, "word": word, "span": span}


def test_any_whitespace_separates_words_and_offsets_stay_those_of_the_text_sent(client: TestClient) -> None:
    # a tab and an ideographic space (an IME's) between words, one character each
    assert reading(client, "123m\t456p\u3000pon:777z")["tiles"] == ["1m", "2m", "3m", "4p", "5p", "6p"]
    error = refused(client, "123m\t456p\u3000pon:77z")
    assert (error["word"], error["span"]) == ("pon:77z", [14, 17])  # 123m 0-3, tab 4, 456p 5-8, space 9, pon: 10-13


def test_empty_notation_is_an_empty_hand(client: TestClient) -> None:
    assert reading(client, "  ") == {"ok": True, "tiles": [], "melds": [], "win": None, "win_marked": False}


@pytest.mark.parametrize(("body", "said"), [
    ({"hand": "123m", "win": "1m"}, "unknown field \"win\" in the hand request"),
    ({"seat_wind": "E"}, "the hand request has no hand"),
    ({"hand": ["123m"]}, "hand must be a string"),
    ({"hand": "123m", "seat_wind": "east"}, "seat_wind must be one of"),
    ({"hand": "123m", "players": True}, "players must be 3 or 4"),
    ({"hand": "123m", "players": 2}, "players must be 3 or 4"),
    ({"hand": "1m" * 101}, "hand is longer than 200 characters"),
    (["123m"], "a hand request is a JSON object, not list"),
])
def test_a_request_that_is_not_one_is_422_invalid_case(client: TestClient, body: object, said: str) -> None:
    response = client.post("/api/hand", json=body)
    assert response.status_code == 422
    error = response.json()["error"]
    assert error["code"] == "invalid_case" and said in error["message"]


def test_a_huge_body_is_refused_unread(client: TestClient) -> None:
    response = client.post("/api/hand", content=json.dumps({"hand": "1m " * MAX_BODY}))
    assert response.status_code == 413
    assert response.json()["error"] == {"code": "request_too_large",
                                        "message": f"the request body is larger than {MAX_BODY} bytes"}
