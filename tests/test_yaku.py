"""The Yaku enum: names, ids and han, checked against real records and the interchange names."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from riichi.errors import NotationError
from riichi.tiles import Wind
from riichi.yaku import Yaku

DATA = Path(__file__).parent / "data"


def _tenhou_pairs() -> list[tuple[dict[str, object], dict[str, object], str]]:
    """Each win of the real Tenhou games (Tenhou's yaku ids) beside the same win in the wins set (names)."""
    by_id = {}
    for line in (DATA / "tenhou" / "wins.jsonl").open(encoding="utf-8"):
        row = json.loads(line)
        by_id[row["case"]["id"]] = row
    pairs = []
    for line in (DATA / "games" / "truth.jsonl").open(encoding="utf-8"):
        game = json.loads(line)
        sources = [game["source"], *game.get("also_in", [])]
        for kyoku in game["kyoku"]:
            for win in kyoku["wins"]:
                for src in sources:
                    key = f"{src['repo']}:{src['path']}#g1/k{kyoku['kyoku']}h{kyoku['honba']}/w{win['winner']}"
                    if key in by_id:
                        pairs.append((win, by_id[key], key))
                        break
    return pairs


PAIRS = _tenhou_pairs()


def test_the_real_records_pair_up() -> None:
    # most of the 1,536 wins come from the 175 games; a few games hold several wins of one round
    assert len(PAIRS) > 1000


def test_tenhou_ids_name_the_same_yaku_as_the_real_results() -> None:
    """Tenhou's own ids for each real win map to the names the same win's result lists (han included)."""
    for win, row, key in PAIRS:
        expected = row["expected"]
        case = row["case"]
        if win["yakuman"]:
            got = Counter(Yaku.from_tenhou_id(i).value for i in win["yakuman"])
            assert got == Counter(expected["yakuman"]), key
            continue
        got_han = Counter()
        for tenhou_id, han in win["yaku"]:
            yaku = Yaku.from_tenhou_id(tenhou_id)
            got_han[yaku.value] += han
            if yaku is Yaku.SEAT_WIND:  # the id says which wind: the winner's seat wind
                assert Yaku.SEAT_WIND.tenhou_ids[Wind.parse(case["seat_wind"])] == tenhou_id, key
            if yaku is Yaku.ROUND_WIND:
                assert Yaku.ROUND_WIND.tenhou_ids[Wind.parse(case["round_wind"])] == tenhou_id, key
        want = Counter()
        for y in expected["yaku"]:
            want[y["name"]] += y["han"]
        assert got_han == want, key


def test_every_tenhou_id_is_one_member() -> None:
    ids = [i for y in Yaku for i in y.tenhou_ids]
    assert sorted(ids) == list(range(55))  # Tenhou numbers its yaku 0..54


def test_majsoul_ids_are_distinct() -> None:
    ids = [y.majsoul_id for y in Yaku if y.majsoul_id is not None]
    assert len(ids) == len(set(ids))
    assert Yaku.from_majsoul_id(1) is Yaku.MENZEN_TSUMO


def test_interchange_names() -> None:
    """Every name of the interchange contract's yaku list is a member, and nothing else is but the dora."""
    names = ["riichi", "double_riichi", "open_riichi", "ippatsu", "menzen_tsumo", "pinfu", "iipeikou", "tanyao", "haku", "hatsu", "chun", "seat_wind", "round_wind", "haitei", "houtei", "rinshan", "chankan", "chiitoitsu", "sanshoku", "ittsu", "chanta", "toitoi", "sanankou", "sanshoku_doukou", "sankantsu", "honroutou", "shousangen", "ryanpeikou", "honitsu", "junchan", "chinitsu", "renhou", "nagashi_mangan", "sanrenkou", "iisou_sanjun", "iisou_suushun", "kokushi", "kokushi_13", "chuuren", "junsei_chuuren", "suuankou", "suuankou_tanki", "daisangen", "shousuushii", "daisuushii", "tsuuiisou", "ryuuiisou", "chinroutou", "suukantsu", "tenhou", "chiihou", "daisharin", "daichikurin", "daisuurin", "daichisei", "suurenkou", "shiisan_puutaa", "paarenchan", "dora", "aka_dora", "ura_dora", "nukidora"]
    assert sorted(y.value for y in Yaku) == sorted(names)


def test_double_yakuman() -> None:
    # the double forms of full scoring (the interchange contract: kokushi_13 counts 2 under full)
    assert {y for y in Yaku if y.yakuman == 2} == {Yaku.KOKUSHI_13, Yaku.JUNSEI_CHUUREN, Yaku.SUUANKOU_TANKI,
                                                   Yaku.DAISUUSHII, Yaku.DAICHISEI}


def test_parse_and_repr_round_trip() -> None:
    for y in Yaku:
        assert eval(repr(y)) is y
        assert Yaku.parse(str(y)) is y
    with pytest.raises(NotationError, match="not a yaku name"):
        Yaku.parse("tanyo")
