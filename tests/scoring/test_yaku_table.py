"""The yaku table: every row's ``needs`` bits are implied by its predicate.

``needs`` lets the evaluator skip a predicate when the hand lacks a cheap
feature; that is only sound if the predicate can never hold without those
features. This checks every row (whatever the rules) on every reading of real
Tenhou hands, of random complete hands with random situations, and of one
hand for each yakuman and local yaku.
"""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from riichi.formats.interchange import case_to_hand
from riichi.scoring.reading import HandFacts, readings
from riichi.rules import FULL
from riichi.scoring.yaku.table import YAKU, YAKU_ROWS, YAKUMAN_ROWS
from tests.conftest import TENHOU_WINS
from tests.property.strategies import complete_cases

_FLAGS = ("riichi", "double_riichi", "open_riichi", "ippatsu", "haitei", "houtei", "rinshan", "chankan",
          "tenhou", "chiihou", "renhou", "paarenchan", "tsumo", "discarder_riichi")

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


def _check_every_row(case: dict[str, object], flags: dict[str, bool]) -> int:
    hand, ctx = case_to_hand(case)
    ctx = ctx._replace(**flags)
    facts = HandFacts(hand, ctx, FULL.replace(local_yaku=FULL.scoring.local_yaku | {"daichikurin", "daisuurin"}))
    checked = 0
    for r in readings(facts):
        bits = facts.features | r.shape
        for row in (*YAKU_ROWS, *YAKUMAN_ROWS):
            holds = row.check(r, facts)
            if holds:
                checked += 1
                missing = row.needs & ~bits
                assert not missing, f"{row.name} holds but needs bits {missing:#x} are missing: {case}"
            if row.exact:  # an exact row holds whenever its bits are there
                assert holds == (row.needs & bits == row.needs), f"{row.name} is not exact on {case} {flags}"
    return checked


def test_needs_hold_on_real_tenhou_hands() -> None:
    rows = [json.loads(line) for line in TENHOU_WINS.read_text().splitlines()]
    assert sum(_check_every_row(r["case"], {}) for r in rows) >= len(rows)  # every win has a yaku


def test_needs_hold_on_every_yakuman_and_local_yaku() -> None:
    holding: set[str] = set()
    for case in _SPECIAL:
        for flags in ({}, {"tsumo": True}):
            _check_every_row(case, flags)
            hand, ctx = case_to_hand(case)
            facts = HandFacts(hand, ctx._replace(**flags), FULL)
            holding |= {row.name for r in readings(facts) for row in (*YAKU_ROWS, *YAKUMAN_ROWS)
                        if row.check(r, facts)}
    # the hand list really exercises the rare predicates
    assert {"kokushi_13", "junsei_chuuren", "suuankou_tanki", "daisangen", "shousuushii", "daisuushii",
            "daichisei", "ryuuiisou", "chinroutou", "suukantsu", "daisharin", "daichikurin", "daisuurin",
            "suurenkou", "shiisan_puutaa", "iisou_sanjun", "sanrenkou", "shousangen", "sankantsu"} <= holding
    assert set(YAKU) >= holding


@settings(max_examples=400, deadline=None)
@given(case=complete_cases(), flags=st.fixed_dictionaries({name: st.booleans() for name in _FLAGS}))
def test_needs_hold_on_random_hands_and_situations(case: dict[str, object], flags: dict[str, bool]) -> None:
    _check_every_row(case, flags)


def test_exact_rows_are_hand_level_rows() -> None:
    # The evaluator trusts the needs of exact rows only among the rows it checks once per hand.
    assert all(not row.per_reading for row in (*YAKU_ROWS, *YAKUMAN_ROWS) if row.exact)
    assert {row.name for row in YAKU_ROWS if row.exact} >= {"menzen_tsumo", "haku", "honitsu", "chinitsu"}


def test_only_per_reading_rows_need_shape_bits() -> None:
    # A hand-level row is checked once per hand, before any reading exists: shape bits (bit 40 and up,
    # see riichi.scoring.reading.Feature) in its needs could never be matched.
    for row in (*YAKU_ROWS, *YAKUMAN_ROWS):
        if not row.per_reading:
            assert row.needs < 1 << 40, row.name
