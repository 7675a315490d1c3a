"""One notation everywhere: the command line, the batch format, the HTTP API and the Python API read
the same hand strings, spaces between groups included, melds and a marked winning tile too (``win:2m``, as a
score's reading line writes it)."""

from __future__ import annotations

import json

import pytest

from riichi import Hand
from riichi.cli import main
from riichi.interchange import score_case

#: The same closed hand written four ways. East (dealer) tsumo in the East round: menzen tsumo 1, double
#: East 2 = 3 han; fu 20 + 2 tsumo + 8 (closed honour triplet) + 2 (tanki on 2z) = 32 -> 40; dealer 3 han
#: 40 fu tsumo: 40 * 2^5 = 1280, 2 * 1280 = 2560 -> 2600 all, 7800.
WRITINGS = ["123m456p789s11122z", "123m 456p 789s 111z 22z", " 123m456p  789s111z22z "]


@pytest.mark.parametrize("text", WRITINGS)
def test_every_reader_takes_spaces_between_groups(capsys: pytest.CaptureFixture[str], text: str) -> None:
    assert Hand.parse(text) == Hand.parse(WRITINGS[0])
    result = score_case({"hand": text, "win": "2z", "tsumo": True})
    assert result["ok"] and result["points"] == 7800
    assert main(["score", text, "--win", "2z", "--tsumo", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == result


def test_the_http_api_reads_the_same_strings() -> None:
    pytest.importorskip("fastapi", reason="needs the web extra")
    from fastapi.testclient import TestClient  # noqa: PLC0415

    from riichi.web.app import create_app  # noqa: PLC0415

    client = TestClient(create_app())
    for text in WRITINGS:
        assert client.post("/api/score", json={"hand": text, "win": "2z", "tsumo": True}).json()["points"] == 7800


#: The open hand of the reading line: the dealer's chun (1) and red five (1) by ron from North on 2m, which is
#: not the last tile written. Fu 20 + 4 (open 7z triplet) + 4 (the East pair is seat and round wind) = 28 -> 30;
#: 2 han 30 fu for the dealer: 30 x 2^4 x 6 = 2880 -> 2900.
OPEN = ("234m406p11z pon:777z@W chi:789s@N", "2m")


def test_the_reading_line_is_notation_every_reader_takes_as_it_is(capsys: pytest.CaptureFixture[str]) -> None:
    from riichi import score  # noqa: PLC0415

    s = score(OPEN[0], f"{OPEN[1]} discarder=N")
    reading = str(s).splitlines()[-1].removeprefix("Reading  ")
    assert reading == s.reading == "234m 406p 11z pon:777z@W chi:789s@N win:2m"
    assert Hand.parse_with_win(reading) == (Hand.parse(OPEN[0]), s.win)
    assert Hand.parse(reading) == Hand.parse(OPEN[0])
    # the batch and the API: the hand text alone, melds and winning tile included
    result = score_case({"hand": reading, "discarder": "N"})
    assert result["ok"] and result["points"] == 2900
    # the command line: pasted, quoted or not, without --win
    assert main(["score", reading, "--discarder", "N", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == result
    assert main(["score", *reading.split(), "--discarder", "N", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == result


def test_the_batch_takes_melds_in_the_hand_text_or_the_list_not_both() -> None:
    melds = [{"type": "pon", "tiles": "777z", "from": "W"}, {"type": "chi", "tiles": "789s", "from": "N"}]
    in_list = score_case({"hand": "234m406p11z", "melds": melds, "win": "2m", "discarder": "N"})
    in_text = score_case({"hand": OPEN[0], "win": "2m", "discarder": "N"})
    assert in_list["points"] == in_text["points"] == 2900
    twice = score_case({"hand": OPEN[0], "melds": melds, "win": "2m"})["error"]
    assert twice == {"code": "invalid_case",
                     "message": 'the melds are written twice: in the hand text and in the "melds" list'}
    # a marked winning tile and a win field that disagree would score another hand: refused
    clash = score_case({"hand": OPEN[0] + " win:2m", "win": "4m"})["error"]
    assert clash["code"] == "invalid_case" and "win:2m" in clash["message"] and "4m" in clash["message"]
    # without either, the win is still required
    assert score_case({"hand": OPEN[0]})["error"]["message"] == "the win case needs a 'win' field"


@pytest.mark.parametrize(("text", "message", "caret"), [
    ("234m406p11z win:2m pon:777z@W", "the winning tile (win:TILE) is the last word", "^^^^^^^^^^"),
    ("234m406p11z win:9m", "the winning tile 9m is not one of the hand's tiles", "^^^^^^"),
    ("234m406p11z win:23m", "the winning tile is one tile, e.g. win:2m", "^^^^^^^"),
])
def test_a_badly_marked_winning_tile_is_refused_pointing_at_it(text: str, message: str, caret: str) -> None:
    with pytest.raises(ValueError, match="winning tile") as raised:
        Hand.parse_with_win(text)
    lines = str(raised.value).splitlines()
    assert lines[0] == message and lines[2].strip() == caret


def test_the_http_api_takes_the_reading_line() -> None:
    pytest.importorskip("fastapi", reason="needs the web extra")
    from fastapi.testclient import TestClient  # noqa: PLC0415

    from riichi.web.app import create_app  # noqa: PLC0415

    client = TestClient(create_app())
    answer = client.post("/api/score", json={"hand": OPEN[0] + " win:2m", "discarder": "N"}).json()
    assert answer["points"] == 2900
