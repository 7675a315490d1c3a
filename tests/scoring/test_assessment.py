"""A hand's assessment (:func:`~riichi.scoring.scorer.assess`: its readings with their yakuman, or their yaku and
fu) priced for the same hand with other red fives pays what :func:`~riichi.scoring.scorer.score_value` pays for
that hand read afresh, and so what :func:`~riichi.scoring.scorer.score` pays. Red fives count only as aka dora,
yet they can change which reading or which price is paid: the hands worked out below are two such.

The real wins are those of the Tenhou four-player set that hold red fives (tests/data/README.md names their
records; ``score`` reproduces what the server paid on every one of them).
"""

from __future__ import annotations

import json

import pytest

from riichi.errors import InvalidCaseError, NoYakuError, RiichiError
from riichi.formats.interchange import case_rules, case_to_hand
from riichi.hand import Hand
from riichi.rules import TENHOU, WRC, RuleSet
from riichi.scoring.context import WinContext
from riichi.scoring.reading import HandFacts, count_tiles
from riichi.scoring.scorer import assess, score, score_value, score_values_by_reds
from riichi.tiles import Tile
from tests.conftest import TENHOU_WINS


def _without_reds(hand: Hand, ctx: WinContext) -> tuple[Hand, WinContext]:
    """The same hand with plain fives for its concealed red ones (the melds as they are), won on the plain tile."""
    counts = [0] * 34
    reds = [0, 0, 0]
    count_tiles(hand.concealed, counts, reds)
    return Hand.from_counts(counts, [0, 0, 0], hand.melds), ctx.replace(win=Tile(ctx.win.kind))


def _paid(hand: Hand, ctx: WinContext, rules: RuleSet) -> tuple[int, int, int, int] | None:
    """What score() pays, as score_value() gives it (None: no yaku)."""
    try:
        s = score(hand, ctx, rules)
    except NoYakuError:
        return None
    return (s.points, s.han, s.fu, s.yakuman_total)


def _priced_alike(hand: Hand, ctx: WinContext, rules: RuleSet) -> tuple[int, int, int, int] | None:
    """The hand priced with the assessment of its plain-fives twin, and the twin with the hand's own: each the
    same as read afresh and as score() pays. Returns what the hand is paid."""
    plain, plain_ctx = _without_reds(hand, ctx)
    facts = HandFacts.of(hand, ctx, rules)
    plain_facts = HandFacts.of(plain, plain_ctx, rules)
    found = score_value(facts, assess(plain_facts))
    assert found == score_value(facts) == _paid(hand, ctx, rules), (hand, ctx)
    assert score_value(plain_facts, assess(facts)) == score_value(plain_facts) == _paid(plain, plain_ctx, rules)
    return found


def test_real_wins_with_red_fives_are_priced_alike() -> None:
    met = priced = 0
    red_wins = 0
    for line in TENHOU_WINS.read_text().splitlines():
        case = json.loads(line)["case"]
        hand, ctx = case_to_hand(case)
        if not any(t >= 34 for t in hand.concealed):  # noqa: PLR2004 - a red five's value
            continue
        met += 1
        red_wins += ctx.win >= 34  # noqa: PLR2004
        rules = case_rules(case)
        for won in (ctx, ctx.replace(tsumo=not ctx.tsumo, discarder=None, discarder_riichi=False)):
            try:
                score(hand, won, rules)
            except NoYakuError:
                pass
            except RiichiError:  # won the other way the situation cannot be (a rinshan by ron)
                continue
            found = _priced_alike(hand, won, rules)
            plain, plain_ctx = _without_reds(hand, won)
            reds = sum(1 for t in hand.concealed if t >= 34)  # noqa: PLR2004 - a red five's value
            assert score_values_by_reds(HandFacts.of(plain, plain_ctx, rules))[reds] == found
            priced += 1
    assert met > 100  # noqa: PLR2004 - the set holds 166 wins with a red five somewhere
    assert red_wins > 5  # noqa: PLR2004 - some won on the red five itself
    assert priced > 2 * met - 10  # noqa: PLR2004 - nearly all won either way


def test_red_fives_turn_a_yakuman_into_a_counted_yakuman() -> None:
    # South's closed 555m 666m 777m 555p 55s, tsumo on 7m, dora indicators 4m 4p 4s (8 dora: three 5m, three
    # 5p, two 5s). Read as four concealed triplets it is suuankou, one yakuman: 32,000, 0 han. Read as
    # 567m 567m 567m 555p 55s it has menzen tsumo, tanyao and iipeikou, 3 han, and 8 dora: 11 han, a
    # sanbaiman of 24,000; fu 20 + 2 tsumo + 4 for the closed 555p, ryanmen on 56m: 26, so 30. One red five
    # makes 12 han, still a sanbaiman: suuankou is paid. Two make 13 han, a counted yakuman, 32,000 as the
    # suuankou; of equal points the one of more han is paid (13 against 0): the runs reading, 13 han 30 fu.
    ctx = WinContext.parse("7m tsumo seat_wind=S dora=4m4p4s")
    assert _priced_alike(Hand.parse("555m666m777m555p55s"), ctx, TENHOU) == (32000, 0, 0, 1)
    assert _priced_alike(Hand.parse("555m666m777m505p55s"), ctx, TENHOU) == (32000, 0, 0, 1)
    assert _priced_alike(Hand.parse("505m666m777m505p55s"), ctx, TENHOU) == (32000, 13, 30, 1)
    assert _priced_alike(Hand.parse("505m666m777m505p50s"), ctx, TENHOU) == (32000, 14, 30, 1)
    # read once for every number of red fives (up to the rules' three), from any of its variants
    by_reds = ((32000, 0, 0, 1), (32000, 0, 0, 1), (32000, 13, 30, 1), (32000, 14, 30, 1))
    for text in ("555m666m777m555p55s", "505m666m777m505p50s"):
        assert score_values_by_reds(HandFacts.of(Hand.parse(text), ctx, TENHOU)) == by_reds
    # the same hand won on the red 5m itself (the 567m run or the 555m triplet): the red one is its third 5m
    red_win = WinContext.parse("0m tsumo seat_wind=S dora=4m4p4s")
    assert _priced_alike(Hand.parse("505m666m777m505p55s"), red_win, TENHOU) == (32000, 13, 30, 1)


def test_red_fives_outprice_renhou_as_a_mangan() -> None:
    # The WRC's rules pay renhou as a mangan where the hand is not worth more (kiriage on); red fives added to
    # them here. South's 345m 456p 345s 678s 88s, ron on 3m (ryanmen on 45m) in the first go-around, dora
    # indicator 6s (one 7s): tanyao and pinfu, 2 han, and 1 dora: 3 han 30 fu, 3,900, below renhou's 8,000.
    # One red five: 4 han 30 fu, a base of 1,920 rounded up to a mangan (kiriage), 8,000 as renhou; of equal
    # points the one of more han is paid: renhou, 5 han. Two: 5 han, a mangan of 5 han 30 fu as renhou's
    # (renhou's fu counted without pinfu: 20 + 10 closed ron, also 30): the yaku, priced first, are paid, for
    # the same points, han and fu. Three: 6 han, a haneman of 12,000, more than renhou's mangan.
    rules = WRC.replace(aka=3)
    ctx = WinContext.parse("3m renhou seat_wind=S discarder=W dora=6s")
    for text, paid, first in (("345m456p345s678s88s", (8000, 5, 30, 0), "renhou"),
                              ("340m456p345s678s88s", (8000, 5, 30, 0), "renhou"),
                              ("340m406p345s678s88s", (8000, 5, 30, 0), "tanyao"),
                              ("340m406p340s678s88s", (12000, 6, 30, 0), "tanyao")):
        hand = Hand.parse(text)
        assert _priced_alike(hand, ctx, rules) == paid, text
        assert score_values_by_reds(HandFacts.of(hand, ctx, rules))[text.count("0")] == paid
        assert score(hand, ctx, rules).yaku[0][0].value == first, text


def test_an_assessment_prices_only_its_own_hand() -> None:
    ctx = WinContext.parse("3z tsumo seat_wind=S")
    other = assess(HandFacts.of(Hand.parse("234m456p678s44433z"), ctx, TENHOU))
    with pytest.raises(InvalidCaseError, match="assessment of another hand"):
        score_value(HandFacts.of(Hand.parse("234m456p789s44433z"), ctx, TENHOU), other)
