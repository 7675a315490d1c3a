"""The yaku table: every yaku has its row, the rows agree with the Yaku enum, and each rare predicate holds on
a hand made for it (hand-checked shapes)."""

from __future__ import annotations

from riichi.formats.interchange import case_to_hand
from riichi.rules import FULL, TENHOU
from riichi.scoring.reading import HandFacts, readings
from riichi.scoring.yaku.table import YAKU, YAKU_ROWS, YAKUMAN, YAKUMAN_ROWS
from riichi.yaku import Yaku

#: One hand for each yakuman and local yaku, with the situation that makes it (hand-checked shapes).
_SPECIAL = [
    {"hand": "19m19p19s12345677z", "win": "7z"},  # kokushi, thirteen-sided
    {"hand": "11123455678999m", "win": "5m"},  # junsei chuuren
    {"hand": "111m222p333s444z55z", "win": "5z", "tsumo": True},  # suuankou tanki
    {"hand": "555666777z123m44p", "win": "4p"},  # daisangen
    {"hand": "111222333z44z", "win": "4z", "melds": [{"type": "pon", "tiles": "999m"}]},  # shousuushii
    {"hand": "111222333444z55m", "win": "5m"},  # daisuushii
    {"hand": "11223344556677z", "win": "7z"},  # daichisei / tsuuiisou
    {"hand": "22334466888s666z", "win": "6z"},  # ryuuiisou
    {"hand": "111999m111p99s", "win": "9s", "melds": [{"type": "pon", "tiles": "999p"}]},  # chinroutou
    {"hand": "55z", "win": "5z", "melds": [{"type": "ankan", "tiles": "1111m"}, {"type": "ankan", "tiles": "2222p"},
                                          {"type": "ankan", "tiles": "3333s"}, {"type": "ankan", "tiles": "4444z"}]},
    {"hand": "22334455667788p", "win": "8p"},  # daisharin
    {"hand": "22334455667788s", "win": "8s"},  # daichikurin
    {"hand": "22334455667788m", "win": "8m"},  # daisuurin
    {"hand": "111222333444m55p", "win": "5p"},  # suurenkou / iisou suushun readings
    {"hand": "147m258p369s12344z", "win": "4z", "tsumo": True, "tenhou": True},  # shiisan puutaa
    {"hand": "123123123m456p11z", "win": "1z"},  # iisou sanjun / sanrenkou
    {"hand": "123m77z", "win": "7z", "melds": [{"type": "pon", "tiles": "555z"}, {"type": "pon", "tiles": "666z"},
                                              {"type": "pon", "tiles": "999p"}]},  # shousangen
    {"hand": "123m11z", "win": "1z", "melds": [{"type": "minkan", "tiles": "5555p"}, {"type": "ankan", "tiles": "6666s"},
                                              {"type": "minkan", "tiles": "7777z"}]},  # sankantsu
]


def test_each_rare_predicate_holds_on_its_hand() -> None:
    holding: set[Yaku] = set()
    rules = FULL  # every local yaku
    for case in _SPECIAL:
        hand, ctx = case_to_hand(case)
        facts = HandFacts.of(hand, ctx, rules)
        holding |= {row.yaku for r in readings(facts) for row in (*YAKU_ROWS, *YAKUMAN_ROWS) if row.holds(r, facts)}
    assert {Yaku.KOKUSHI_13, Yaku.JUNSEI_CHUUREN, Yaku.SUUANKOU_TANKI, Yaku.DAISANGEN, Yaku.SHOUSUUSHII,
            Yaku.DAISUUSHII, Yaku.DAICHISEI, Yaku.RYUUIISOU, Yaku.CHINROUTOU, Yaku.SUUKANTSU, Yaku.DAISHARIN,
            Yaku.DAICHIKURIN, Yaku.DAISUURIN, Yaku.SUURENKOU, Yaku.SHIISAN_PUUTAA, Yaku.IISOU_SANJUN,
            Yaku.SANRENKOU, Yaku.SHOUSANGEN, Yaku.SANKANTSU} <= holding


def test_every_yaku_has_a_row() -> None:
    # dora entries and nagashi mangan (paid at a draw, with no hand) are not yaku of a hand
    scored = set(YAKU) | set(YAKUMAN)
    assert scored == set(Yaku) - {Yaku.DORA, Yaku.AKA_DORA, Yaku.URA_DORA, Yaku.NUKIDORA, Yaku.NAGASHI_MANGAN}


def test_rows_agree_with_the_enum() -> None:
    for row in YAKU_ROWS:
        assert row.yakuman == 0 and (row.han_closed, row.han_open) == (row.yaku.han_closed, row.yaku.han_open)
    for row in YAKUMAN_ROWS:
        assert row.han_closed == row.han_open == 0 and row.yakuman == row.yaku.yakuman > 0


def test_special_forms_are_row_fields() -> None:
    # Thirteen orphans is not sets and a pair: only the situation yakuman combine with it (the WRC Riichi Rules
    # 2015 and Tenhou list tenhou and chiihou with kokushi), and thirteen unrelated tiles is a first-turn hand.
    assert {row.yaku for row in YAKUMAN_ROWS if row.with_kokushi} == {
        Yaku.TENHOU, Yaku.CHIIHOU, Yaku.RENHOU, Yaku.PAARENCHAN, Yaku.OPEN_RIICHI, Yaku.KOKUSHI, Yaku.KOKUSHI_13}
    assert {row.yaku for row in YAKUMAN_ROWS if row.with_shiisan_puutaa} == {
        Yaku.PAARENCHAN, Yaku.OPEN_RIICHI, Yaku.SHIISAN_PUUTAA}
    # shousangen and sankantsu need sets, so never beside seven pairs
    assert {row.yaku for row in YAKU_ROWS if not row.with_chiitoitsu} == {Yaku.SHOUSANGEN, Yaku.SANKANTSU}
    # liability (pao) is defined for the yakuman completed by a called set
    assert {row.yaku for row in YAKUMAN_ROWS if row.feeder} == {Yaku.DAISANGEN, Yaku.DAISUUSHII, Yaku.SUUKANTSU}


def test_local_rows_are_played_only_where_listed() -> None:
    local = {row.yaku.value for row in (*YAKU_ROWS, *YAKUMAN_ROWS) if row.local}
    assert not any(row.is_played(TENHOU.scoring) for row in (*YAKU_ROWS, *YAKUMAN_ROWS) if row.local)
    # the full preset plays every local yaku (the interchange contract), daisharin in every suit included
    assert all(row.is_played(FULL.scoring) for row in (*YAKU_ROWS, *YAKUMAN_ROWS) if row.local
               and row.gate is None)
    assert local == {"open_riichi", "sanrenkou", "iisou_sanjun", "iisou_suushun", "paarenchan", "daisharin",
                     "daichikurin", "daisuurin", "daichisei", "suurenkou", "shiisan_puutaa"}
