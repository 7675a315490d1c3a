"""Analysis under three-player rules: the tiles 2m-8m are gone (tiles left out of 108), kita among the discards.

Every count is worked out by hand in the comments; the rules are those of the interchange format's three-player
section (the tiles in play: riichi.wiki "Sanma", 2m-8m removed).
"""

from __future__ import annotations

import pytest

from riichi.analysis import discard_table, ukeire
from riichi.cli import main
from riichi.formats.analysis import analyze_case
from riichi.rules import resolve_rules


def test_the_removed_tiles_never_help() -> None:
    # 1111m 9999p 11s 99s 1z: with four players 2m and 3m make a run with the 1m (4 + 4 copies); with three they
    # are not in the game: 23 -> 15
    four, three = ukeire("1111m9999p11s99s1z"), ukeire("1111m9999p11s99s1z", rules="tenhou-sanma")
    assert four.total == 23 and three.total == 15
    assert {str(t) for t, _ in four.tiles} - {str(t) for t, _ in three.tiles} == {"2m", "3m"}
    # seven pairs one tile away (six kinds) takes any new kind: 28 kinds x 4 = 112, without 2m-8m 21 x 4 = 84
    assert ukeire("11199m1199p1199s").total == 112
    assert ukeire("11199m1199p1199s", rules="tenhou-sanma").total == 84


def test_kita_is_a_choice_beside_the_discard_of_a_north() -> None:
    # 123456p 789s 11z 22s + 4z: letting the North go leaves tenpai on 2s and 1z (2 + 2 copies left)
    rows = discard_table("123456p789s11z22s4z", rules="tenhou-sanma")
    assert [(str(r.tile), r.kita, r.shanten, r.ukeire.total) for r in rows[:2]] == [("4z", True, 0, 4),
                                                                                   ("4z", False, 0, 4)]
    assert not any(r.kita for r in discard_table("123456p789s11z22s4z"))  # four players: no kita
    no_kita = resolve_rules({"preset": "tenhou-sanma", "nukidora": False})
    assert not any(r.kita for r in discard_table("123456p789s11z22s4z", rules=no_kita))


def test_the_request_counts_tiles_out_of_108_and_the_norths_set_aside() -> None:
    # 13 tiles, nothing visible: 108 - 13 = 95 unseen (136 - 13 = 123 with four players)
    hand = "123456p789s999m4z"
    assert analyze_case({"hand": hand, "rules": "tenhou-sanma"})["unseen"] == 95
    assert analyze_case({"hand": hand})["unseen"] == 123
    # two Norths set aside lie on the table: 93 unseen, and the 4z tanki has one copy left (4 - 1 held - 2 aside)
    r = analyze_case({"hand": hand, "rules": "tenhou-sanma", "kita": 2, "seat_wind": "S"})
    assert r["unseen"] == 93
    (wait,) = r["waits"]
    assert (wait["tile"], wait["left"]) == ("4z", 1)
    # its tsumo: menzen tsumo 1 + nukidora 2 = 3 han; 20 + 2 tsumo + 8 closed 999m + 2 tanki = 32 -> 40 fu;
    # base 1,280: the dealer pays 2,600, West 1,300 (tsumo loss); no yaku on a ron
    assert (wait["tsumo"], wait["ron"], wait["no_yaku"]) == (3900, None, True)
    assert {"name": "nukidora", "han": 2} in wait["tsumo_result"]["yaku"]
    # 14 tiles: the kita row of the discard table
    rows = analyze_case({"hand": "123456p789s11z22s4z", "rules": "tenhou-sanma"})["discards"]
    assert rows[0] == {"tile": "4z", "kita": True, "shanten": 0, "ukeire": 4, "ukeire_tiles": ["2s", "1z"],
                       "improving": [{"tile": "2s", "left": 2}, {"tile": "1z", "left": 2}]}
    assert "kita" not in rows[1]


@pytest.mark.parametrize(("request_", "code", "needle"), [
    ({"visible": "5m"}, "impossible_tiles", "5m is not in a three-player game (tenhou-sanma: the tiles 2m to 8m "
                                            "are out), but it is in 'visible'"),
    ({"hand": "12356p789s999m4z2m"}, "impossible_tiles", "2m is not in a three-player game"),
    ({"seat_wind": "N"}, "invalid_case", "seat_wind is N"),
    ({"rules": "tenhou", "kita": 1}, "invalid_case", "kita counts Norths set aside, but tenhou sets none aside"),
    ({"kita": 4}, "impossible_tiles", ""),  # four set aside and one in the hand: five Norths
])
def test_what_a_three_player_request_cannot_hold(request_: dict, code: str, needle: str) -> None:
    result = analyze_case({"hand": "123456p789s999m4z", "rules": "tenhou-sanma", **request_})
    assert not result["ok"] and result["error"]["code"] == code
    assert needle in result["error"]["message"]


def test_the_command_line_shows_the_kita_row(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["analyze", "123456p789s11z22s4z", "--rules", "tenhou-sanma"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert "unseen: 94 tiles (not in the hand, not visible)" in lines  # 108 - 14
    kita = next(i for i, line in enumerate(lines) if line.startswith("4z kita"))
    assert lines[kita + 1].startswith("4z  ") and lines[kita].split()[2] == "0"
    assert main(["analyze", "123456p789s999m4z", "--rules", "tenhou-sanma", "--kita", "2", "--seat", "S"]) == 0
    assert "4z  tanki              1 left  ron no yaku  tsumo 3900" in capsys.readouterr().out
