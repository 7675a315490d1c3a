"""One notation everywhere: the command line, the batch format, the HTTP API and the Python API read
the same hand strings, spaces between groups included; a hand string with melds given to the batch
format is refused with where melds go."""

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


def test_a_hand_string_with_melds_says_where_melds_go() -> None:
    # The command line's and the Python API's way of writing melds is read there...
    hand = Hand.parse("234m406p11z pon:777z@W chi:789s@N")
    assert len(hand.melds) == 2
    # ... and the batch format, which keeps melds as objects, says where they go instead
    error = score_case({"hand": "234m406p11z pon:777z@W chi:789s@N", "win": "2m"})["error"]
    assert error["code"] == "invalid_notation"
    assert error["message"].splitlines() == [
        'hand: melds go in the "melds" list, e.g. "melds": [{"type": "pon", "tiles": "777z", "from": "W"}], '
        "not in the hand text",
        "  234m406p11z pon:777z@W chi:789s@N",
        "              ^^^^^^^^^^",
    ]
