"""Mahjong Soul's rules: the karaten switch, the ranked rooms' final points, and a lobby config's switches."""

from __future__ import annotations

import json
from pathlib import Path

from riichi.formats.soul_rules import soul_rules
from riichi.game.events import Deal, Event
from riichi.game.game import is_tenpai
from riichi.game.round import Round
from riichi.notation import parse_tiles
from riichi.rules import MAHJONGSOUL, TENHOU, WRC, Bust, Extension, Kazoe, MultipleRon, RuleSet
from riichi.scoring.settlement import settle_game_end
from riichi.tiles import Tile, Wind


def _kan_karaten(rules: RuleSet) -> Round:
    # The dealer declares a closed kan of 3s and keeps 12s: its only wait, 3s, is all four in its own kan.
    # riichi.wiki "Karaten": a Soul record of this case scored tenpai, and a Tenhou hand of the same kind
    # (12s44466688p with a kan of 3s) was reported scored tenpai. The WRC preset keeps the default, noten.
    hands = [parse_tiles(h) for h in ("3333s12s456m789p1z", "11122233344455m", "666777888999m1p", "2223334445556p")]
    hands = [tuple(h[:13]) for h in hands]
    r = Round(Deal(Wind.EAST, 1, 0, Tile.parse("7z"), tuple(hands)), rules)
    for line in ("draw 0 1z", "ankan 0 3333s", "dora 6z", "draw 0 9m rinshan", "discard 0 9m tsumogiri"):
        r.apply(Event.parse(line))
    return r


def test_a_wait_on_ones_own_kan_is_tenpai_online_only() -> None:
    assert is_tenpai(_kan_karaten(MAHJONGSOUL), 0) is True
    assert is_tenpai(_kan_karaten(TENHOU), 0) is True
    assert is_tenpai(_kan_karaten(WRC), 0) is False


def test_the_ranked_rooms_final_points() -> None:
    # Real ranked game 250913 (tests/data/soul): final scores 19,700 / 22,000 / 34,400 / 23,900 were paid
    # -20.3 / -8.0 / +24.4 / +3.9: each score less 25,000, uma +15/+5/-5/-15 thousand, no oka.
    result = settle_game_end([19700, 22000, 34400, 23900], sticks=0, rules=MAHJONGSOUL.game)
    assert result.points == (-20.3, -8.0, 24.4, 3.9)
    # The game still runs to 30,000: the last hand ends it only when someone has 30,000.
    assert MAHJONGSOUL.game.extension_points == 30000 and MAHJONGSOUL.game.target_points == 25000


def test_a_tournament_config_sets_its_switches() -> None:
    # A lobby's detail_rule (field names of Soul's GameDetailRule): no red fives, kiriage, no bust, no kazoe
    # yakuman, head bump, start 30,000 measured from 30,000, uma 10/-10/-30 (so +30 to the first).
    config = {"category": 4, "mode": {"mode": 2, "detail_rule": {
        "dora_count": 0, "shiduan": 1, "init_point": 30000, "fandian": 30000, "jingsuanyuandian": 30000,
        "can_jifei": False, "have_qieshangmanguan": True, "disable_leijiyiman": True, "have_toutiao": True,
        "shunweima_2": 10, "shunweima_3": -10, "shunweima_4": -30, "have_liujumanguan": True, "have_biao_dora": True,
        "have_gang_biao_dora": True, "have_li_dora": True, "have_yifa": True, "have_helelianzhuang": True,
        "have_tingpailianzhuang": True, "have_nanruxiru": False, "have_jiuzhongjiupai": True}}, "meta": {}}
    found = soul_rules(config)
    assert found.room == "Tournament match" and found.unplayed == () and found.hanchan is True
    rules = MAHJONGSOUL.replace(**dict(found.switches))
    assert rules.scoring.aka == 0 and rules.scoring.kiriage is True and rules.scoring.kazoe is Kazoe.SANBAIMAN
    assert rules.game.bust is Bust.NONE and rules.game.multiple_ron is MultipleRon.HEAD_BUMP
    assert rules.game.uma == (30000, 10000, -10000, -30000) and rules.game.starting_points == 30000
    assert rules.game.extension is Extension.NONE and rules.scoring.kuitan is True
    # A rule the engine does not play is named, not ignored.
    assert soul_rules({"category": 1, "mode": {"mode": 2, "detail_rule": {"fanfu": 2}}}).unplayed[-1] == \
        "a minimum of 2 han (fanfu)"


def test_a_real_tournament_lobby_pays_its_own_final_points() -> None:
    # The head of a real tournament game (tests/data/soul/heads, kandora-tournaments' fixture 260326): its config
    # starts at 30,000 and measures final points from 30,000 (init_point, jingsuanyuandian), uma 5/-5/-15 (+15 to
    # the first), no bust (can_jifei off: seat 0 ends at -6,700 and the game went on), no red fives (dora_count 0:
    # the first hand's wall in the record's bytes holds four of every tile and no red five). The server paid
    # -51.7 / +51.5 / +20.3 / -20.1 for -6,700 / 66,500 / 45,300 / 14,900 (total_point, in thousandths):
    # 66,500 - 30,000 = 36.5, + 15 = 51.5; 45,300: 15.3 + 5 = 20.3; 14,900: -15.1 - 5 = -20.1; -6,700: -36.7 - 15.
    head = json.loads((Path(__file__).resolve().parents[1] / "data" / "soul" / "heads" /
                       "260326-1143641d-head.json").read_text(encoding="utf-8"))["head"]
    found = soul_rules(head["config"])
    assert found.room == "Tournament match" and found.unplayed == () and found.hanchan is True
    rules = MAHJONGSOUL.replace(**dict(found.switches))
    assert (rules.game.starting_points, rules.game.target_points, rules.game.oka) == (30000, 30000, False)
    assert rules.scoring.aka == 0 and rules.game.bust is Bust.NONE and rules.scoring.kiriage is True
    by_seat = sorted(head["result"]["players"], key=lambda p: p["seat"])
    result = settle_game_end([p["part_point_1"] for p in by_seat], sticks=0, rules=rules.game)
    assert list(result.points) == [p["total_point"] / 1000 for p in by_seat] == [-51.7, 51.5, 20.3, -20.1]
