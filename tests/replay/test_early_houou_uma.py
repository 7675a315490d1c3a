"""Early houou east-only games paid uma +10/+5/-5/-10 (issue 25); a record of that lobby that carries no
date says so through the rules override, as docs/records.md shows. The record here is the undated
east-only game h-c4737a27a354fef2 of tests/data/games (a tokujou game that paid +20/+10/-10/-20: its own
final points are then reported as differing). Final scores 20,900 / -42,100 / -40,700 / 161,900; each
but the top's measured from the return points 30,000 and rounded to a whole thousand, uma by place
(the top +10, second +5, third -5, fourth -10), oka 20 to the top, who takes what makes the sum 0:
-9 + 5 = -4.0; -72 - 10 = -82.0; -71 - 5 = -76.0; top 162.0."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from riichi.cli import main

GAME = Path(__file__).parent.parent / "data" / "games" / "logs" / "h-c4737a27a354fef2.xml"
EARLY_HOUOU_EAST = ('{"preset": "tenhou", "length": "east_only", "final_rounding": "thousands", '
                    '"uma": [10000, 5000, -5000, -10000]}')


def test_the_override_pays_the_early_uma(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", "--jsonl", "--rules", EARLY_HOUOU_EAST, str(GAME)]) == 1  # the record paid 20/10
    end = json.loads(capsys.readouterr().out.splitlines()[-1])
    assert end["final_scores"] == [20900, -42100, -40700, 161900]
    assert end["final_points"] == [-4.0, -82.0, -76.0, 162.0]
    assert end["log"]["final_points"] == [1.0, -92.0, -81.0, 172.0] and end["mismatches"] == ["final_points"]
