"""The scores the expected-value search keeps from call to call are those of the same situation only.

A win's score depends on the hand, the winning tile, riichi, tsumo or ron, the seat and round winds, the
dora indicators, the kita, the melds and the rules, and on nothing else: each answer must equal the answer
worked out with nothing kept (``clear_score_memo``), whatever was asked before it. The hand is the
contract's first worked value (EV.md, "Worked values": 234678m 345p 99p 67s after discarding 1z, waiting on
5s and 8s); a situation that scores it differently must give a different value, or the test could not tell
a stale score from a fresh one.
"""

from __future__ import annotations

from riichi.analysis.ev import EvModel, EvOptions, EvResult, expected_values
from riichi.analysis.ev_value import clear_score_memo
from riichi.rules import TENHOU, WRC

HAND = "234678m34599p67s1z"
OPTIONS = EvOptions(model=EvModel.PEER, first_turn=15)


def answer(**situation: object) -> EvResult:
    return expected_values(HAND, visible="4m", options=OPTIONS, **situation)  # type: ignore[arg-type]


def fresh(**situation: object) -> EvResult:
    clear_score_memo()
    return answer(**situation)


def test_each_situation_answers_as_from_nothing() -> None:
    situations: list[dict[str, object]] = [
        {"seat_wind": "S", "dora": "4m"},  # the contract's: 4m indicates 5m, none held
        {"seat_wind": "S", "dora": "3m"},  # 4m is dora: one more han on every win
        {"seat_wind": "E", "dora": "4m"},  # the dealer's wins pay half as much again
        {"seat_wind": "S", "dora": "4m", "rules": WRC},  # no red fives in the set: the 5s wait is never red
        {"seat_wind": "S", "dora": "4m", "rules": TENHOU},
    ]
    expected = [fresh(**s) for s in situations]
    values = {e.find("1z").value for e in expected}
    assert len(values) == len(situations) - 1  # every situation scores the hand its own way (TENHOU twice)
    clear_score_memo()
    for situation, want in [*zip(situations, expected, strict=True), *zip(situations[::-1], expected[::-1],
                                                                          strict=True)]:
        assert answer(**situation) == want  # in order, then backwards: each after the others are kept
