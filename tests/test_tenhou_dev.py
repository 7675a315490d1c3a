"""Every real Tenhou win of the real-wins set scores exactly as the Tenhou server did.

The cases come from public Tenhou game records; ``expected`` is what the
server paid (see tests/data/README.md). Under the ``tenhou`` preset the
points, every seat's change, the limit, the yakuman and, for other hands, the
han, fu and yaku (with dora counts) must all agree.
"""

from __future__ import annotations

import json
from collections import Counter

import pytest

from riichi.formats.interchange import score_case
from tests.conftest import TENHOU_WINS

_PATH = TENHOU_WINS
_ROWS = [json.loads(line) for line in _PATH.read_text().splitlines()] if _PATH.exists() else []


def test_dev_set_is_there() -> None:
    assert len(_ROWS) == 1536


@pytest.mark.parametrize("row", _ROWS, ids=[r["case"]["id"].rsplit("/", 1)[-1] + "@" + str(i)
                                             for i, r in enumerate(_ROWS)])
def test_tenhou_win(row: dict) -> None:
    result = score_case(row["case"])
    expected = row["expected"]
    assert result["ok"], result
    assert result["points"] == expected["points"]
    assert result["deltas"] == expected["deltas"]
    assert result["limit"] == expected["limit"]
    assert sorted(y["name"] for y in result["yakuman"]) == sorted(expected["yakuman"])
    if not expected["yakuman"]:
        assert (result["han"], result["fu"]) == (expected["han"], expected["fu"])
        assert Counter((y["name"], y["han"]) for y in result["yaku"]) == \
            Counter((y["name"], y["han"]) for y in expected["yaku"])
