"""Every win of 70 real three-player Tenhou games scores exactly as the Tenhou server did.

The cases (tests/data/sanma/wins.jsonl, see tests/data/README.md) are under ``tenhou-sanma``; ``expected`` is
what the server paid: the points (a tsumo paid by the two existing shares), every seat's change (E, S and W),
the limit, the yakuman and, for other hands, the han, fu and yaku. Tenhou's dora figure counts the Norths set
aside, so the result's ``nukidora`` is added to its ``dora`` before they are compared.
"""

from __future__ import annotations

import json
from collections import Counter

import pytest

from riichi.formats.interchange import score_case
from tests.conftest import DATA

_ROWS = [json.loads(line) for line in (DATA / "sanma" / "wins.jsonl").read_text().splitlines()]


def test_the_set_is_there() -> None:
    assert len(_ROWS) == 529
    assert sum(1 for r in _ROWS if r["case"]["kita"]) == 342


@pytest.mark.parametrize("row", _ROWS, ids=[r["case"]["id"].rsplit(":", 1)[-1] for r in _ROWS])
def test_tenhou_sanma_win(row: dict) -> None:
    result = score_case(row["case"])
    expected = row["expected"]
    assert result["ok"], result
    assert result["points"] == expected["points"]
    assert result["deltas"] == expected["deltas"]
    assert set(result["payments"]) <= {"E", "S", "W"}
    assert result["limit"] == expected["limit"]
    assert sorted(y["name"] for y in result["yakuman"]) == sorted(expected["yakuman"])
    if not expected["yakuman"]:
        assert (result["han"], result["fu"]) == (expected["han"], expected["fu"])
        yaku = Counter({y["name"]: y["han"] for y in result["yaku"]})
        nukidora = yaku.pop("nukidora", 0)
        assert nukidora == row["case"]["kita"]
        if nukidora:
            yaku["dora"] += nukidora
        assert yaku == Counter({y["name"]: y["han"] for y in expected["yaku"]})


def test_tenhou_scores_rinshan_on_the_tile_replacing_a_north() -> None:
    # the source of kita_rinshan in tenhou-sanma: Tenhou's own results give rinshan kaihou to five wins whose hand
    # has no kan at all, only Norths set aside
    kita_only = [r for r in _ROWS if r["case"].get("rinshan") and r["case"]["kita"]
                 and not any("kan" in m["type"] for m in r["case"]["melds"])]
    assert len(kita_only) == 5
    for row in kita_only:
        assert "rinshan" in {y["name"] for y in row["expected"]["yaku"]}
        assert "rinshan" in {y["name"] for y in score_case(row["case"])["yaku"]}
