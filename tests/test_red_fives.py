"""Red fives under rule sets without them: the lenient reading and its note.

Hand: the dealer's 234m 4-red5-6p 11z with a pon of Chun (from West) and a chi of 789s (from North),
won on North's 2m. Under Tenhou's rules: chun 1 + aka dora 1 = 2 han; fu 20 + 4 (open honour triplet)
+ 4 (a pair of East, seat and round wind, 4 fu under Tenhou) = 28 -> 30; dealer ron 2 han 30 fu:
30 * 2^4 * 6 = 2880 -> 2900. Under the WRC Riichi Rules 2015 (no red fives) the red five is a plain five:
chun 1 han; fu 20 + 4 + 2 (the double-wind pair is 2 fu there) = 26 -> 30; 30 * 2^3 * 6 = 1440 -> 1500.
"""

from __future__ import annotations

import json

import pytest

from riichi.cli import main
from riichi.formats.red_fives import NOTE
from riichi.interchange import score_case, score_line_json
from riichi.rules import PRESETS

CASE: dict[str, object] = {"hand": "234m406p11z", "win": "2m", "discarder": "N",
                           "melds": [{"type": "pon", "tiles": "777z", "from": "W"},
                                     {"type": "chi", "tiles": "789s", "from": "N"}]}


def test_a_batch_case_stating_rules_without_red_fives_stays_strict() -> None:
    result = score_case({**CASE, "rules": "wrc"})
    assert result["error"] == {"code": "impossible_tiles",
                               "message": "1 red five 0p, but the rules (wrc, aka=0) have no red 0p"}


def test_the_switch_reads_a_red_five_as_the_plain_five_and_says_so() -> None:
    lenient = score_case({**CASE, "rules": "wrc", "red_fives_as_plain": True})
    assert lenient["ok"] and lenient["points"] == 1500 and lenient["notes"] == [NOTE]
    plain = score_case({**CASE, "hand": "234m456p11z", "rules": "wrc"})
    assert {k: v for k, v in lenient.items() if k != "notes"} == plain  # exactly the plain five's result
    # rules with red fives are not touched: the red five is a dora, and there is no note
    tenhou = score_case({**CASE, "red_fives_as_plain": True})
    assert tenhou["points"] == 2900 and "notes" not in tenhou
    # the batch writer gives the same, notes included
    assert json.loads(score_line_json(json.dumps({**CASE, "rules": "wrc", "red_fives_as_plain": True}))) == lenient
    assert score_case({**CASE, "red_fives_as_plain": "yes"})["error"]["code"] == "invalid_case"


def test_the_command_line_reads_leniently_and_notes_it(capsys: pytest.CaptureFixture[str]) -> None:
    words = ["234m406p11z", "pon:777z@W", "chi:789s@N", "--win", "2m", "--discarder", "N"]
    assert main(["score", *words, "--rules", "wrc"]) == 0
    out = capsys.readouterr().out
    assert f"Note   {NOTE}" in out.splitlines()
    assert "1 han 30 fu: 1500 points" in out
    assert main(["score", *words, "--compare"]) == 0
    lines = capsys.readouterr().out.splitlines()
    no_reds = [name for name, rules in PRESETS.items() if rules.scoring.aka == 0]
    assert no_reds == ["wrc", "ema", "ema2008", "jpml", "dynasty"]
    for name in no_reds:  # every preset scores the hand: no dead end
        assert next(line for line in lines if line.startswith(name + " ")).split()[1:6] == \
            ["1", "han", "30", "fu", "1500"]
    assert lines[-1] == f"red fives counted as plain fives under {', '.join(no_reds)}: those rules have none"


def test_the_web_api_compare_reads_leniently_and_score_on_request() -> None:
    pytest.importorskip("fastapi", reason="needs the web extra")
    from fastapi.testclient import TestClient  # noqa: PLC0415

    from riichi.web.app import create_app  # noqa: PLC0415

    client = TestClient(create_app())
    compared = client.post("/api/compare", json=CASE).json()
    assert all(row["result"]["ok"] for row in compared["results"])
    strict = client.post("/api/score", json={**CASE, "rules": "wrc"})
    assert strict.status_code == 422 and strict.json()["error"]["code"] == "impossible_tiles"
    lenient = client.post("/api/score", json={**CASE, "rules": "wrc", "red_fives_as_plain": True}).json()
    assert lenient["points"] == 1500 and lenient["notes"] == [NOTE]
