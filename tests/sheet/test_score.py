"""riichi.sheet.score on hands worked out by hand: each expectation is explained in a comment from the rules it
follows (the preset descriptions' sources, riichi.wiki's Chombo page, the EMA Riichi Competition Rules)."""

from __future__ import annotations

import pytest

from riichi.errors import GameOverError, ImpossibleHandError, SheetError
from riichi.game.progress import EndReason
from riichi.rules import EMA, TENHOU, TENHOU_SANMA, WRC, AbortiveDraw, TenpaiYame
from riichi.scoring.limits import Limit
from riichi.sheet import (
    FinalScoresGame,
    SheetGame,
    SheetHand,
    SheetWin,
    score_final,
    score_sheet,
)


def _one(rules: object, *hands: SheetHand) -> object:
    return score_sheet(SheetGame(rules, hands))  # type: ignore[arg-type]


def test_a_chombo_paid_at_the_table_is_a_mangan_tsumo_in_reverse() -> None:
    # Tenhou's preset (the common Japanese settlement): South (seat 1) in East 1 pays the dealer 4,000 and each
    # other 2,000; seat 2's riichi stick of the hand comes back; the hand is dealt again: East 1, honba 0, seat 0.
    result = _one(TENHOU, SheetHand.chombo_of(1, riichi=(2,)))
    h = result.hands[0]
    assert h.deltas == (4000, -8000, 3000, 2000)
    assert h.scores_end == (29000, 17000, 27000, 27000)
    nxt = result.next
    assert (str(nxt.round_wind), nxt.round_number, nxt.dealer, nxt.honba, nxt.sticks) == ("E", 1, 0, 0, 0)
    assert nxt.scores == (29000, 17000, 27000, 27000) and result.penalties == (0, 0, 0, 0)


def test_a_chombo_under_wrc_costs_20_off_the_final_result() -> None:
    # WRC: nothing paid at the table, 20,000 (20.0) off the offender's final result after uma. Eight hands drawn
    # with nobody tenpai after seat 2's chombo: the dealer passes each time, South 4 ends the game (no extension),
    # everybody at 30,000: the uma +15/+5/-5/-15 shared four ways is 0 each, seat 2 keeps its penalty.
    result = _one(WRC, SheetHand.chombo_of(2), *[SheetHand.draw()] * 8)
    assert result.hands[0].deltas == (0, 0, 0, 0)
    assert result.over and result.end is EndReason.ALL_LAST
    assert result.final_scores == (30000, 30000, 30000, 30000)
    assert result.final_points == (0.0, 0.0, -20.0, 0.0)
    assert result.placements == (1, 1, 1, 1) and result.penalties == (0, 0, 20000, 0)


def test_a_hand_after_a_chombo_is_dealt_again_with_the_same_honba() -> None:
    # A draw with the dealer tenpai makes honba 1; the chombo that follows keeps East 1 honba 1 and the stick.
    result = _one(TENHOU, SheetHand.draw(tenpai=(0,), riichi=(0,)), SheetHand.chombo_of(3))
    second = result.hands[1]
    assert (second.round_number, second.dealer, second.honba, second.riichi_sticks) == (1, 0, 1, 1)
    assert (result.next.honba, result.next.sticks, result.next.dealer) == (1, 1, 0)


def test_a_dealer_tenpai_draw_carries_the_stick_and_a_honba() -> None:
    # Seat 0 (the dealer) alone tenpai: 3,000 from the three noten seats, 1,000 each; its riichi stick stays.
    result = _one(TENHOU, SheetHand.draw(tenpai=(0,), riichi=(0,)))
    assert result.hands[0].deltas == (3000, -1000, -1000, -1000)
    assert result.hands[0].scores_end == (27000, 24000, 24000, 24000)
    assert (result.next.round_number, result.next.dealer, result.next.honba, result.next.sticks) == (1, 0, 1, 1)


def test_ema_triple_ron_pays_each_winner_its_honba() -> None:
    # EMA 2016: double and triple ron, every winner paid in full with the honba. East 1 drawn with nobody
    # tenpai: East 2 honba 1, seat 1 dealing. Seat 0 deals into the dealer (1 han 30 fu: 1,500) and seats 2 and 3
    # (1,000 each), each + 300: the discarder pays 1,800 + 1,300 + 1,300.
    win = [SheetWin(s, han=1, fu=30) for s in (1, 2, 3)]
    result = _one(EMA, SheetHand.draw(), SheetHand.ron(0, *win))
    assert result.hands[1].deltas == (-4400, 1800, 1300, 1300)


def test_pao_on_a_ron_splits_the_yakuman() -> None:
    # Tenhou: a yakuman won by ron off someone else than the liable seat is paid half by each: 32,000 for a
    # non-dealer, 16,000 from the discarder (seat 0) and 16,000 from the liable seat 1.
    h = _one(TENHOU, SheetHand.ron(0, SheetWin(2, yakuman=1, pao=1))).hands[0]
    assert h.deltas == (-16000, -16000, 32000, 0)
    assert (h.wins[0].points, h.wins[0].limit, h.wins[0].pao) == (32000, Limit.YAKUMAN, 1)


def test_three_players_pay_a_tsumo_with_tsumo_loss() -> None:
    # Tenhou's three-player rules: a non-dealer mangan by tsumo is 2,000 + 4,000 (no North share).
    assert _one(TENHOU_SANMA, SheetHand.tsumo(SheetWin(1, han=5))).hands[0].deltas == (-4000, 6000, -2000)


def _to_south_4() -> list[SheetHand]:
    # East 1: seat 3 wins a mangan (8,000) off seat 0; then six hands drawn with nobody tenpai (the deal passes
    # each time) up to South 4, seat 3 dealing, with 33,000: first.
    return [SheetHand.ron(0, SheetWin(3, han=5)), *[SheetHand.draw()] * 6]


def test_tenpai_yame_at_the_dealers_choice_ends_where_the_sheet_ends() -> None:
    # South 4 (honba 6): the dealer alone tenpai, +3,000, first with 36,000: under Tenhou's dealer's-choice
    # tenpai-yame a sheet that stops there ends the game. Final points (uma +20/+10/-10/-20, oka 20 to the top,
    # ties by seat order): 36,000 -> 6 + 20 + 20 = 46; seat 1 (24,000) -6 + 10 = 4; seat 2 -6 - 10 = -16;
    # seat 0 (16,000) -14 - 20 = -34.
    hands = [*_to_south_4(), SheetHand.draw(tenpai=(3,))]
    result = _one(TENHOU, *hands)
    assert str(result.hands[-1].round_wind) == "S" and result.hands[-1].honba == 6
    assert result.over and result.end is EndReason.TENPAI_YAME
    assert result.final_points == (-34.0, 4.0, -16.0, 46.0)
    # A sheet that goes on: the dealer played on, South 4 honba 7; a draw with nobody tenpai ends it (all last).
    more = _one(TENHOU, *hands, SheetHand.draw())
    assert (more.hands[-1].round_number, more.hands[-1].dealer, more.hands[-1].honba) == (4, 3, 7)
    assert more.end is EndReason.ALL_LAST
    # Where tenpai-yame is automatic, a further hand is refused.
    with pytest.raises(GameOverError, match="hand 8: the game ended after hand 7 \\(tenpai yame\\)") as caught:
        _one(TENHOU.replace(tenpai_yame=TenpaiYame.AUTOMATIC), *hands, SheetHand.draw())
    assert (caught.value.code, caught.value.hand) == ("game_over", 8)


def test_agari_yame_is_forced_under_tenhou() -> None:
    hands = [*_to_south_4(), SheetHand.tsumo(SheetWin(3, han=1, fu=30))]
    assert _one(TENHOU, *hands).end is EndReason.AGARI_YAME
    with pytest.raises(GameOverError):
        _one(TENHOU, *hands, SheetHand.draw())


def _refused(rules: object, *hands: SheetHand) -> SheetError:
    with pytest.raises(SheetError) as caught:
        _one(rules, *hands)
    return caught.value


@pytest.mark.parametrize(("rules", "hand", "field", "needle"), [
    (TENHOU, SheetHand.ron(2, SheetWin(1, han=1, fu=20)), "wins[0].fu", "no ron has 20 fu"),
    (TENHOU, SheetHand.tsumo(SheetWin(1, han=1, fu=20)), "wins[0].fu", "2 han or more"),
    (TENHOU, SheetHand.ron(2, SheetWin(1, han=1, fu=25)), "wins[0].fu", "25 fu is seven pairs"),
    (TENHOU, SheetHand.ron(2, SheetWin(1, han=2, fu=35)), "wins[0].fu", "35 fu cannot be"),
    (TENHOU, SheetHand.ron(1, SheetWin(1, han=2, fu=30)), "wins[0].winner", "seat 1 is the discarder"),
    (TENHOU, SheetHand.ron(0, SheetWin(1, han=1, fu=30), SheetWin(2, han=1, fu=30), SheetWin(3, han=1, fu=30)),
     "wins", "sanchahou"),
    (WRC, SheetHand.ron(0, SheetWin(1, han=1, fu=30), SheetWin(2, han=1, fu=30)), "wins", "1 winner"),
    (WRC, SheetHand.ron(0, SheetWin(1, yakuman=2)), "wins[0].yakuman", "one yakuman at most"),
    (WRC, SheetHand.draw(nagashi=(1,)), "nagashi", "no nagashi mangan"),
    (WRC, SheetHand.abortive_draw(AbortiveDraw.KYUUSHU_KYUUHAI), "kind", "no kyuushu_kyuuhai abortive draw"),
    (TENHOU, SheetHand.abortive_draw(AbortiveDraw.SUUCHA_RIICHI, riichi=(0, 1, 2)), "riichi", "all four seats"),
    (TENHOU, SheetHand.draw(tenpai=(0,), riichi=(1,)), "riichi[0]", "not among the tenpai seats"),
    (TENHOU, SheetHand.tsumo(SheetWin(1, yakuman=1, pao=1)), "wins[0].pao", "their own hand"),
    (TENHOU, SheetHand.tsumo(SheetWin(1, han=3, fu=30, pao=2)), "wins[0].pao", "answers for a yakuman"),
])
def test_hands_that_cannot_happen_are_refused_naming_the_field(rules: object, hand: SheetHand, field: str,
                                                               needle: str) -> None:
    error = _refused(rules, hand)
    assert isinstance(error, ImpossibleHandError) and error.code == "impossible_hand"
    assert (error.hand, error.field) == (0, field)
    assert needle in str(error) and str(error).startswith(f"hand 0 (E1-0), {field}: ")


def test_a_riichi_the_rules_forbid_is_refused() -> None:
    # WRC plays on below zero but wants 1,000 points for a riichi: seat 0 deals into a yakuman (32,000 from its
    # 30,000) and then cannot declare.
    error = _refused(WRC, SheetHand.ron(0, SheetWin(1, yakuman=1)), SheetHand.draw(tenpai=(0,), riichi=(0,)))
    assert isinstance(error, ImpossibleHandError)
    assert (error.hand, error.field) == (1, "riichi[0]") and "-2,000 points; riichi needs 1,000" in str(error)


@pytest.mark.parametrize(("rules", "hand", "field", "needle"), [
    (TENHOU, SheetHand.ron(2, SheetWin(1, han=3)), "wins[0].fu", "needs its fu"),
    (TENHOU, SheetHand.ron(2, SheetWin(4, han=3, fu=30)), "wins[0].winner", "4 is no seat"),
    (TENHOU_SANMA, SheetHand.tsumo(SheetWin(3, han=3, fu=30)), "wins[0].winner", "seats are 0 to 2"),
    (TENHOU, SheetHand.ron(2, SheetWin(1, han=3, fu=30, yakuman=1)), "wins[0]", "not both"),
    (TENHOU, SheetHand.draw(tenpai=(1, 1)), "tenpai[1]", "listed twice"),
    (TENHOU, SheetHand.ron(2, SheetWin(1, han=1, fu=30), SheetWin(1, han=1, fu=30)), "wins[1].winner", "twice"),
])
def test_malformed_hands_are_invalid_input(rules: object, hand: SheetHand, field: str, needle: str) -> None:
    error = _refused(rules, hand)
    assert not isinstance(error, ImpossibleHandError) and error.code == "invalid_input"
    assert (error.hand, error.field) == (0, field) and needle in str(error)


def test_final_scores_only() -> None:
    # Tenhou: 99,000 at the table and one stick left (100,000 in all); the stick goes to the top (46,000). Points:
    # 46,000 -> 16 + 20 uma + 20 oka = 56; 30,000 -> 0 + 10; 15,000 -> -15 - 10; 9,000 -> -21 - 20.
    result = score_final(FinalScoresGame(TENHOU, (45000, 30000, 15000, 9000), 1))
    assert result.final_scores == (46000, 30000, 15000, 9000)
    assert (result.leftover_sticks, result.leftover_sticks_to) == (1, (0,))
    assert result.final_points == (56.0, 10.0, -25.0, -41.0) and result.placements == (1, 2, 3, 4)
    # WRC: ties share their uma (+5 and -5 make 0 each for the two at 30,000), a chombo costs its 20.
    wrc = score_final(FinalScoresGame(WRC, (40000, 30000, 30000, 20000), 0, chombo=(0,)))
    assert wrc.final_points == (5.0, 0.0, 0.0, -25.0) and wrc.placements == (1, 2, 2, 4)
    with pytest.raises(SheetError, match="started with 100,000") as caught:
        score_final(FinalScoresGame(TENHOU, (45000, 30000, 15000, 9000), 0))
    assert caught.value.field == "final_scores"
    with pytest.raises(SheetError, match="whole hundreds"):
        score_final(FinalScoresGame(TENHOU, (45050, 30000, 15000, 9950), 0))


def test_a_win_given_by_its_hand_is_scored_in_its_seat() -> None:
    # East 1: seat 1 (South) rons seat 2 with 234m 456p 678s, a concealed North triplet and a West pair waited on
    # alone, in riichi, 1m indicating 2m (one in the hand): riichi and a dora, 2 han; 20 + 10 (closed ron) + 8
    # (concealed honour triplet) + 2 (single wait) = 40 fu: 2,600, and the stick.
    ron = SheetHand.ron(2, SheetWin.of_hand(1, {"hand": "234m456p678s44433z", "win": "3z", "dora": "1m"}),
                        riichi=(1,))
    # East 2 (seat 1 dealing): seat 3 (West this hand) completes big three dragons by tsumo, the third dragon
    # pon fed by North, which is seat 0: the liable seat pays the whole 32,000 (Tenhou).
    dragons = SheetWin.of_hand(3, {"hand": "234m11z", "win": "1z", "melds": [
        {"type": "pon", "tiles": "555z", "from": "E"}, {"type": "pon", "tiles": "666z", "from": "S"},
        {"type": "pon", "tiles": "777z", "from": "N"}]})
    result = _one(TENHOU, ron, SheetHand.tsumo(dragons))
    assert result.hands[0].deltas == (0, 3600, -2600, 0)
    assert result.hands[1].deltas == (-32000, 0, 0, 32000)
    assert (result.hands[1].wins[0].limit, result.hands[1].wins[0].pao) == (Limit.YAKUMAN, 0)


@pytest.mark.parametrize(("case", "field", "code", "needle"), [
    ({"hand": "234m456p678s44433z", "win": "3z", "tsumo": True}, "wins[0].case.tsumo", "invalid_input",
     "the sheet says this itself"),
    ({"hand": "234m456p678s4443z", "win": "3z"}, "wins[0].case", "impossible_hand", "13"),
    ({"hand": "234m456p678s44433x", "win": "3z"}, "wins[0].case", "invalid_input", "hand"),
    ({"hand": "234m456p678s44455z", "win": "5z", "ippatsu": True}, "wins[0].case", "impossible_hand", "ippatsu"),
])
def test_a_hand_that_does_not_score_is_refused(case: dict, field: str, code: str, needle: str) -> None:
    error = _refused(TENHOU, SheetHand.ron(2, SheetWin.of_hand(1, case)))
    assert (error.code, error.hand, error.field) == (code, 0, field)
    assert needle in str(error)
