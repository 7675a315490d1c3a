"""The expected-value search's entry to the scorer, :func:`~riichi.scoring.scorer.score_value`, pays what
:func:`~riichi.scoring.scorer.score` pays: the same points (honba and sticks aside), han, fu and counted yakuman,
and no value exactly where ``score`` finds no yaku.

The hands are the real wins of the Tenhou four-player and three-player sets (tests/data/README.md names their
records; ``score`` reproduces what the server paid on every one of them), each also won by ron from nobody in
particular (how the search wins by ron), by tsumo instead of ron and ron instead of tsumo where the situation
allows it (a ron of a hand whose only yaku was menzen tsumo has none), and under the other rules of its player
count: Mahjong Soul's, which split the missing North's share of a three-player tsumo and count double yakuman,
and the WRC's, without kiriage or counted yakuman. Liability changes the points of a three-player tsumo (the
feeder of a yakuman pays it as a ron), so the constructed daisangen wins below cover it.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

from riichi.errors import NoYakuError, RiichiError
from riichi.formats.interchange import case_rules, case_to_hand
from riichi.hand import Hand
from riichi.rules import MAHJONGSOUL, MAHJONGSOUL_SANMA, TENHOU, TENHOU_SANMA, WRC, RuleSet
from riichi.scoring.context import WinContext
from riichi.scoring.reading import HandFacts
from riichi.scoring.scorer import score, score_value
from tests.conftest import DATA, TENHOU_WINS

_SANMA_WINS = DATA / "sanma" / "wins.jsonl"


def _compare(hand: Hand, ctx: WinContext, rules: RuleSet) -> str:
    """Whether the two agree on this win (an assertion error if not): "paid", "no yaku", or "refused" when the
    scorer refuses the case (then there is nothing to compare)."""
    try:
        s = score(hand, ctx, rules)
    except NoYakuError:
        assert score_value(HandFacts.of(hand, ctx, rules)) is None, (hand, ctx, rules.name)
        return "no yaku"
    except RiichiError:
        return "refused"
    found = score_value(HandFacts.of(hand, ctx, rules))
    assert found == (s.points, s.han, s.fu, s.yakuman_total), (hand, ctx, rules.name, found)
    return "paid"


def _variants(ctx: WinContext) -> list[WinContext]:
    """The win as it was, and won the other way (tsumo for ron, ron from nobody for tsumo)."""
    if ctx.tsumo:
        return [ctx, ctx.replace(tsumo=False)]
    return [ctx, ctx.replace(discarder=None, discarder_riichi=False), ctx.replace(tsumo=True, discarder=None,
                                                                                   discarder_riichi=False)]


def _check_all(path: Path, other_rules: RuleSet) -> Counter[tuple[str, bool, bool]]:
    seen: Counter[tuple[str, bool, bool]] = Counter()
    for line in path.read_text().splitlines():
        case = json.loads(line)["case"]
        hand, ctx = case_to_hand(case)
        for rules in (case_rules(case), other_rules):
            for won in _variants(ctx):
                seen[_compare(hand, won, rules), won.is_dealer, won.tsumo] += 1
    return seen


def test_four_player_wins_are_paid_alike() -> None:
    seen = _check_all(TENHOU_WINS, MAHJONGSOUL) + _check_all(TENHOU_WINS, WRC)
    # every way of winning is met many times, and ron without menzen tsumo leaves hands without yaku
    for dealer in (False, True):
        for tsumo in (False, True):
            assert seen["paid", dealer, tsumo] > 300  # noqa: PLR2004
    assert seen["no yaku", False, False] > 20  # noqa: PLR2004


def test_three_player_wins_are_paid_alike() -> None:
    seen = _check_all(_SANMA_WINS, MAHJONGSOUL_SANMA)
    for dealer in (False, True):
        for tsumo in (False, True):
            assert seen["paid", dealer, tsumo] > 100  # noqa: PLR2004
    assert seen["no yaku", False, False] > 3  # noqa: PLR2004


def test_a_yakuman_fed_by_a_call_is_paid_alike() -> None:
    # Daisangen, South winning on 4m (4p with three players); the last dragon pon fed by West (as tests/test_rulesets_examples.py's
    # Tenhou pao cases). With four players the feeder pays a tsumo whole, 32,000 as the three payers would;
    # with three, 32,000 where the two payers of a tsumo would pay 24,000 (Tenhou) or 32,000 with the North's
    # share split (Mahjong Soul).
    four = Hand.parse("234m99p pon:555z@W pon:666z@N pon:777z@W")
    three = Hand.parse("234p99s pon:555z@W pon:666z@E pon:777z@W")
    cases = ((four, (TENHOU, MAHJONGSOUL, WRC)), (three, (TENHOU_SANMA, MAHJONGSOUL_SANMA)))
    for hand, rule_sets in cases:
        for rules in rule_sets:
            win = "4m" if hand is four else "4p"
            for text in ("tsumo", "discarder=E", ""):
                assert _compare(hand, WinContext.parse(f"{win} {text} seat_wind=S"), rules) == "paid"
    assert score(three, WinContext.parse("4p tsumo seat_wind=S"), TENHOU_SANMA).points == 32000  # noqa: PLR2004


def test_a_rinshan_win_with_a_liable_feeder_is_paid_alike() -> None:
    # The Shanghai: Dynasty manual's rinshan win after an open kan (tests/test_python_api.py): West pays it.
    assert _compare(Hand.parse("234m456p789s99s minkan:1111z@W"), WinContext.parse("9s tsumo rinshan seat_wind=S"),
                    TENHOU.replace(rinshan_pao=True)) == "paid"
