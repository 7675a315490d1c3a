"""Mahjong Soul's rules: the karaten switch, the ranked rooms' final points, and a lobby config's switches."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from riichi.errors import IllegalActionError
from riichi.formats.soul import read_soul
from riichi.formats.soul_rules import soul_rules
from riichi.game.events import Deal, Event
from riichi.game.game import is_tenpai
from riichi.game.round import Round
from riichi.notation import parse_tiles
from riichi.replay.run import replay_game
from riichi.rules import (
    MAHJONGSOUL,
    TENHOU,
    WRC,
    Bust,
    Extension,
    Kazoe,
    MultipleRon,
    RuleSet,
    SanmaTsumo,
)
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
        "have_gang_biao_dora": True, "have_li_dora": True, "have_gang_li_dora": True, "have_yifa": True,
        "have_helelianzhuang": True,
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


# The ranked rules of a four-player hanchan, stated field by field as a lobby's detail_rule states them
# (mahjongsoul.info's ranked-rule table and riichi.wiki's Mahjong Soul rules: three red fives, open tanyao, start
# 25,000 measured from 25,000, the game runs to 30,000, bust below zero, honba 300, noten 1,000/1,500/3,000, uma
# 5/-5/-15, the four abortive draws but not three rons, agari-yame and tenpai-yame, kokushi robs a closed kan).
RANKED_DETAIL: dict[str, object] = {
    "time_fixed": 5, "time_add": 20, "dora_count": 3, "shiduan": 1, "init_point": 25000, "fandian": 30000,
    "can_jifei": True, "tianbian_value": 0, "liqibang_value": 1000, "changbang_value": 300, "noting_fafu_1": 1000,
    "noting_fafu_2": 1500, "noting_fafu_3": 3000, "have_liujumanguan": True, "have_qieshangmanguan": False,
    "have_biao_dora": True, "have_gang_biao_dora": True, "ming_dora_immediately_open": False, "have_li_dora": True,
    "have_gang_li_dora": True, "have_sifenglianda": True, "have_sigangsanle": True, "have_sijializhi": True,
    "have_jiuzhongjiupai": True, "have_sanjiahele": False, "have_toutiao": False, "have_helelianzhuang": True,
    "have_helezhongju": True, "have_tingpailianzhuang": True, "have_tingpaizhongju": True, "have_yifa": True,
    "have_nanruxiru": True, "jingsuanyuandian": 25000, "shunweima_2": 5, "shunweima_3": -5, "shunweima_4": -15,
    "bianjietishi": True, "ai_level": 0, "have_zimosun": False, "disable_multi_yukaman": False, "fanfu": 1,
    "guyi_mode": 0, "disable_leijiyiman": False, "disable_double_yakuman": 0, "disable_composite_yakuman": 0,
    "enable_shiti": 0, "enable_nontsumo_liqi": 0, "disable_double_wind_four_fu": 0, "disable_angang_guoshi": 0,
    "enable_renhe": 0, "enable_baopai_extend_settings": 0,
}
GAME_B = Path(__file__).resolve().parents[1] / "data" / "soul" / "250918-8eb02a7e-670e-4f11-bc3f-4ec2edf71dc2.json"


def test_a_lobby_stating_the_ranked_rules_replays_a_ranked_game_as_the_server_paid_it() -> None:
    # The real ranked game 250918 (three hands with honba: E1-1, S2-1, S2-2) read under a tournament head whose
    # detail_rule states the ranked rules field by field: every hand's deltas and the final points must be the
    # server's, as under the ranked preset. A honba of changbang_value 300 is 300 on a ron and 100 from each payer
    # on a tsumo (read as 300 from each payer, E1-1's and S2-1's wins were 600 too high).
    saved = json.loads(GAME_B.read_text(encoding="utf-8"))
    saved["head"]["config"] = {"category": 4, "mode": {"mode": 2, "detail_rule": RANKED_DETAIL}, "meta": {}}
    record = read_soul(json.dumps(saved).encode())
    assert not record.errors and record.rules.room == "Tournament match"
    out = list(replay_game(record, file="game"))
    kyoku = [o for o in out if o["type"] == "kyoku"]
    assert len(kyoku) == 11 and [k["honba"] for k in kyoku if k["honba"]]
    for k in kyoku:
        assert k["matches_log"] is True, (k["kyoku"], k["mismatches"])
    assert out[-1]["matches_log"] is True and out[-1]["final_points"] == [-29.9, 33.4, -9.1, 5.6]


def _riichi_with(points: int, rules: RuleSet) -> Round:
    # The dealer holds 123m 456p 789s 11z 22z (tenpai on East or South) with fewer than 1,000 points, draws 9m,
    # declares riichi and discards the 9m; nobody calls it, and the stick is put down.
    hands = [parse_tiles(h) for h in ("123m456p789s1122z", "11122233344455m", "666777888999m1p", "2223334445556p")]
    r = Round(Deal(Wind.EAST, 1, 0, Tile.parse("7z"), tuple(tuple(h[:13]) for h in hands),
                   scores=(points, 35000, 35000, 35000 - points)), rules)
    for line in ("draw 0 9m", "riichi 0", "discard 0 9m tsumogiri", "riichi_accepted 0"):
        r.apply(Event.parse(line))
    return r


def test_a_player_below_1000_may_declare_riichi_where_scores_go_below_zero() -> None:
    # The real tournament game 260326 (can_jifei off) has two riichi declared below 1,000 points, accepted by the
    # server (seat 0 ends at -6,700). Under the ranked rules (bust on) the same riichi is refused.
    head = json.loads((Path(__file__).resolve().parents[1] / "data" / "soul" / "heads" /
                       "260326-1143641d-head.json").read_text(encoding="utf-8"))["head"]
    lobby = MAHJONGSOUL.replace(**dict(soul_rules(head["config"]).switches))
    declared = _riichi_with(500, lobby)
    assert declared.riichi[0] is True and declared.scores[0] == -500
    with pytest.raises(IllegalActionError, match="points"):
        _riichi_with(500, MAHJONGSOUL)


def _switches(**fields: object) -> dict[str, object]:
    found = soul_rules({"category": 1, "mode": {"mode": 2, "detail_rule": {**RANKED_DETAIL, **fields}}})
    assert found.unplayed == ()
    return MAHJONGSOUL.replace(**dict(found.switches)).to_dict()


@pytest.mark.parametrize(("fields", "switch", "value"), [
    ({}, "honba_ron", 300), ({}, "honba_tsumo", 100),
    ({"changbang_value": 600}, "honba_tsumo", 200), ({"changbang_value": 0}, "honba_ron", 300),
    ({"dora_count": 0}, "aka", 0), ({"shiduan": 0}, "kuitan", False),
    ({"init_point": 30000, "jingsuanyuandian": 30000}, "oka", False),
    ({"init_point": 25000, "jingsuanyuandian": 30000}, "oka", True),
    ({"fandian": 35000}, "extension_points", 35000),
    ({"can_jifei": False}, "bust", "none"), ({"can_jifei": False}, "riichi_min_points", None),
    ({}, "riichi_min_points", 1000),
    ({"noting_fafu_1": 500, "noting_fafu_2": 750, "noting_fafu_3": 1500}, "noten_total", 1500),
    ({"have_liujumanguan": False}, "nagashi_mangan", False), ({"have_qieshangmanguan": True}, "kiriage", True),
    ({"have_gang_biao_dora": False}, "kan_dora", False), ({"have_li_dora": False}, "ura_dora", False),
    ({"ming_dora_immediately_open": True}, "kan_dora_timing", "immediate"),
    ({"have_sifenglianda": False, "have_sigangsanle": False, "have_sijializhi": False,
      "have_jiuzhongjiupai": False}, "abortive_draws", []),
    ({"have_sanjiahele": True}, "multiple_ron", "double"), ({"have_toutiao": True}, "multiple_ron", "head_bump"),
    ({}, "multiple_ron", "triple"),
    ({"have_helezhongju": False}, "agari_yame", False), ({"have_tingpaizhongju": False}, "tenpai_yame", "none"),
    ({"have_tingpailianzhuang": False}, "renchan", "win_only"), ({"have_yifa": False}, "ippatsu", False),
    ({"have_nanruxiru": False}, "extension", "none"),
    ({"shunweima_2": 10, "shunweima_3": -10, "shunweima_4": -30}, "uma", [30000, 10000, -10000, -30000]),
    ({"disable_multi_yukaman": True}, "multiple_yakuman", "single"),
    ({"disable_double_yakuman": 1}, "multiple_yakuman", "cumulative"),
    ({"disable_double_yakuman": 1, "disable_composite_yakuman": 1}, "multiple_yakuman", "single"),
    ({}, "multiple_yakuman", "full"),
    ({"disable_leijiyiman": True}, "kazoe", "sanbaiman"), ({"enable_shiti": 1}, "kuikae", "allowed"),
    ({"enable_nontsumo_liqi": 1}, "riichi_min_wall_tiles", None), ({}, "riichi_min_wall_tiles", 4),
    ({"disable_double_wind_four_fu": 1}, "double_wind_fu", 2),
    ({"disable_angang_guoshi": 1}, "kokushi_robs_ankan", False),
    ({"enable_renhe": 1}, "renhou", "mangan"), ({}, "renhou", "none"),
    ({"enable_baopai_extend_settings": 1}, "pao", ["daisangen", "daisuushii", "suukantsu"]),
    ({"time_fixed": 60, "time_add": 300, "bianjietishi": False, "ai_level": 2}, "honba_ron", 300),
])
def test_each_field_of_a_lobby_rule_sets_its_switch(fields: dict[str, object], switch: str, value: object) -> None:
    # Field meanings: Mahjong Soul's GameDetailRule (liqi.proto as public tools publish it) and the public contest
    # tools that write and read it (see riichi/formats/soul_rules.py); each row changes one rule of the ranked
    # lobby above and expects the engine's switch that plays it.
    assert _switches(**fields)[switch] == value


@pytest.mark.parametrize(("fields", "named"), [
    ({"have_helelianzhuang": False}, "have_helelianzhuang"), ({"have_biao_dora": False}, "have_biao_dora"),
    ({"have_gang_li_dora": False}, "have_gang_li_dora"), ({"fanfu": 2}, "fanfu"), ({"guyi_mode": 1}, "guyi_mode"),
    ({"tianbian_value": 100000}, "tianbian_value"), ({"liqibang_value": 2000}, "liqibang_value"),
    ({"changbang_value": 500}, "changbang_value"), ({"noting_fafu_3": 6000}, "noting_fafu"),
    ({"disable_composite_yakuman": 1}, "disable_composite_yakuman"), ({"dora3_mode": 1}, "dora3_mode"),
    ({"xuezhandaodi": 1}, "xuezhandaodi"), ({"chuanma": 1}, "chuanma"), ({"huansanzhang": 1}, "huansanzhang"),
    ({"open_hand": 1}, "open_hand"), ({"beishuizhizhan_mode": 1}, "beishuizhizhan_mode"),
    ({"some_future_rule": 3}, "some_future_rule"),
])
def test_a_lobby_rule_the_engine_does_not_play_is_named(fields: dict[str, object], named: str) -> None:
    found = soul_rules({"category": 4, "mode": {"mode": 2, "detail_rule": {**RANKED_DETAIL, **fields}}})
    assert len(found.unplayed) == 1 and named in found.unplayed[0], found.unplayed


def test_a_three_player_lobby_reads_tsumo_loss_and_its_honba() -> None:
    # have_zimosun: a tsumo's missing North share is lost (tsumo loss), else split between the two payers (north
    # bisection); a honba of 200 is 200 on a ron and 100 from each of the two payers on a tsumo (Tenhou's
    # three-player 100 a payer, as the public rule readers convert it: 100 times the payers).
    for zimosun, treatment in ((True, SanmaTsumo.TSUMO_LOSS), (False, SanmaTsumo.NORTH_BISECTION)):
        found = soul_rules({"category": 1, "mode": {"mode": 12, "detail_rule": {
            **RANKED_DETAIL, "have_zimosun": zimosun, "changbang_value": 200, "noting_fafu_1": 1000,
            "noting_fafu_2": 2000}}})
        switches = dict(found.switches)
        assert found.players == 3 and found.unplayed == ()
        assert switches["sanma_tsumo"] is treatment and (switches["honba_ron"], switches["honba_tsumo"]) == (200, 100)
        assert switches["noten_total"] == 2000
        # Uma of three places: 2nd and 3rd as stated (5 and -5 thousand here), the first the rest.
        assert switches["uma"] == (0, 5000, -5000)


@pytest.mark.parametrize(("fields", "message"), [
    ({"dora_count": 0}, "0 red fives are played (dora_count), but the first hand's wall holds 3"),
    ({"init_point": 30000}, "every seat starts with 30,000 points, but the first hand's scores are [25000, 25000"),
])
def test_a_config_the_record_contradicts_is_named(fields: dict[str, object], message: str) -> None:
    # The real ranked game 250918 (its walls hold the three red fives, every seat starts at 25,000) under a lobby
    # config that says otherwise: the reader names the disagreement instead of replaying under the wrong rules.
    saved = json.loads(GAME_B.read_text(encoding="utf-8"))
    saved["head"]["config"] = {"category": 4, "mode": {"mode": 2, "detail_rule": {**RANKED_DETAIL, **fields}}}
    (error,) = read_soul(json.dumps(saved).encode()).errors
    assert error.message.startswith("the game's config disagrees with its record: ") and message in error.message
