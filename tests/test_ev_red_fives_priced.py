"""The expected-value search reads a complete hand once for all its red fives (the scorer's assessment, kept
without them) and prices each red-five variant on its own: each variant's value is what the scorer pays for it,
in whatever order the variants come, and the same as worked out with nothing kept.

The hands: South's 234m 456p 678s 444z 33z (the scorer's own example, 1 han 40 fu by tsumo, 1,500; with a red 5p
2 han, 2,700), where a score kept for the wrong red fives would show; and South's closed 555m 666m 777m 555p 55s
won by tsumo on 7m or on the red 5m, dora indicators 4m 4p 4s, whose paid reading changes with the red fives
(worked out in tests/scoring/test_assessment.py: suuankou until two red fives make the runs reading a counted
yakuman, 32,000 either way).
"""

from __future__ import annotations

import itertools

from riichi.analysis.ev_value import WinValues, clear_score_memo
from riichi.hand import Hand
from riichi.rules import TENHOU
from riichi.scoring.context import WinContext
from riichi.scoring.scorer import score
from riichi.tiles import Tile, Wind

_SUUANKOU = ("555m666m777m555p55s", "505m666m777m555p55s", "505m666m777m505p55s", "505m666m777m505p50s")
_PLAIN = ("234m456p678s44433z", "234m406p678s44433z")


def _values(hands: list[tuple[str, str]], dora: tuple[Tile, ...]) -> list[float | None]:
    """Each (hand, winning tile) won by tsumo without riichi, by one WinValues, in the order given."""
    first = Hand.parse(hands[0][0])
    unseen = [4] * 34
    values = WinValues(first, seat_wind=Wind.SOUTH, round_wind=Wind.EAST, dora=dora, unseen=unseen)
    return [values.tsumo(Hand.parse(text), Tile.parse(win), riichi=False) for text, win in hands]


def test_each_red_five_variant_is_paid_as_the_scorer_pays_it() -> None:
    for texts, win, dora in ((_PLAIN, "3z", ""), (_SUUANKOU, "7m", "4m4p4s"), (_SUUANKOU[1:], "0m", "4m4p4s")):
        cases = [(text, win) for text in texts]
        indicators = tuple(Tile.parse(t) for t in (dora[i:i + 2] for i in range(0, len(dora), 2)))
        ctx = f" tsumo seat_wind=S{' dora=' + dora if dora else ''}"
        paid = [float(score(Hand.parse(text), WinContext.parse(w + ctx), TENHOU).points) for text, w in cases]
        for order in itertools.permutations(range(len(cases))):
            clear_score_memo()
            found = _values([cases[i] for i in order], indicators)
            assert found == [paid[i] for i in order], (texts, order)
        # each alone, with nothing kept
        for case, want in zip(cases, paid, strict=True):
            clear_score_memo()
            assert _values([case], indicators) == [want]
    assert _values([(_PLAIN[0], "3z"), (_PLAIN[1], "3z")], ()) == [1500.0, 2700.0]
