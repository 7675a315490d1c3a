"""The table model (the project's own): ron on the other seats' discards, furiten, honba and sticks, riichi as a
choice, the wall's turns. Each expectation is worked out by hand from the model's definition in
docs/analysis.md ("The table model").
"""

from __future__ import annotations

from riichi.analysis.ev import OTHERS_WIN, EvModel, EvOptions, expected_values
from riichi.scoring.scorer import score

#: 123m 456m 789p 11s 22z in riichi at its last turn, East seat: it waits on 1s and 2z (shanpon), two of each
#: unseen; nothing visible, so 136 - 13 = 123 tiles unseen. The wall's end (haitei, houtei and who still
#: discards after the last draw) is switched off here: tests/test_ev_haitei.py has it.
HAND = "123456m789p11s22z"
#: The ron factor the hand-worked values below use, passed explicitly so that they do not hang on the default.
RON_FACTOR = 0.5
LAST = EvOptions(model=EvModel.TABLE, first_turn=18, last_turn=18, ron_factor=RON_FACTOR, haitei=False)


def ron_points(win: str) -> int:
    return score("123456m789p111s22z" if win == "1s" else "123456m789p11s222z", f"{win} riichi").points


def test_ron_on_the_last_discards() -> None:
    # After the last draw only the three other seats' discards are left: each lets a wait go with chance
    # RON_FACTOR * 4/123 (the ron factor times the waits' unseen share), and no draw follows.
    r = expected_values(HAND, riichi=True, options=LAST)
    (d,) = r.discards
    p = RON_FACTOR * 4 / 123
    chance = 1 - (1 - p) ** 3
    assert abs(d.win[0] - chance) < 1e-12
    # the ron's value: the two waits alike, riichi's own stick back (1000)
    value = (ron_points("1s") + ron_points("2z")) / 2 + 1000
    assert abs(d.value[0] - chance * value) < 1e-9
    assert d.tenpai == (1.0,)


def test_furiten_has_no_ron() -> None:
    # 1s among the player's discards: furiten on both waits, no ron at all
    r = expected_values(HAND, riichi=True, discards="1s", options=LAST)
    assert r.discards[0].win == (0.0,)


def test_honba_and_sticks_are_added_to_a_win() -> None:
    # two honba (300 each from the discarder's side: 600) and one stick (1000) on every win
    plain = expected_values(HAND, riichi=True, options=LAST).discards[0]
    more = expected_values(HAND, riichi=True, honba=2, riichi_sticks=1, options=LAST).discards[0]
    assert abs(more.value[0] - plain.value[0] - plain.win[0] * 1600) < 1e-9


def test_the_wall_sets_the_last_turn() -> None:
    # 9 tiles left in the live wall and four seats: the player draws twice more (turns 17 and 18)
    r = expected_values(HAND, riichi=True, tiles_left=9, options=EvOptions(model=EvModel.TABLE, first_turn=16))
    assert (r.first_turn, r.last_turn) == (16, 18)
    assert len(r.discards[0].win) == 3


def test_another_seat_may_win_first() -> None:
    # one turn before the end: ron first, else another seat wins (OTHERS_WIN[18]), else the draw of turn 18
    r = expected_values(HAND, riichi=True, options=EvOptions(model=EvModel.TABLE, first_turn=17, last_turn=18,
                                                             ron_factor=RON_FACTOR))
    d = r.discards[0]
    ron = 1 - (1 - RON_FACTOR * 4 / 123) ** 3
    draw = 4 / 123  # the unseen tiles, not S - t, in the table model
    then = draw + (1 - draw) * d.win[1]  # tsumo at 18, else the last discards' ron
    assert abs(d.win[0] - (ron + (1 - ron) * (1 - OTHERS_WIN[18]) * then)) < 1e-12


def test_riichi_or_dama_is_a_choice() -> None:
    # 14 tiles: letting 9m go leaves a closed tenpai; with the choice the value is at least riichi's alone
    hand = "123456m789p11s22z9m"
    choice = expected_values(hand, options=EvOptions(model=EvModel.TABLE, first_turn=5)).find("9m")
    forced = expected_values(hand, options=EvOptions(model=EvModel.TABLE, first_turn=5,
                                                     riichi_choice=False)).find("9m")
    assert all(a >= b - 1e-12 for a, b in zip(choice.value, forced.value, strict=True))
    assert all(0.0 <= x <= 1.0 for x in choice.win + choice.tenpai)


def test_ippatsu_and_double_riichi_are_priced_as_the_scorer_prices_them() -> None:
    # The search scores a hand once per way of winning and adds a han for ippatsu and for a double riichi;
    # the scorer, asked with those flags, gives the same points (no indicator: no ura to expect).
    from riichi.analysis.ev_value import WinValues  # noqa: PLC0415
    from riichi.hand import Hand  # noqa: PLC0415
    from riichi.scoring.context import WinContext  # noqa: PLC0415
    from riichi.tiles import Tile, Wind  # noqa: PLC0415

    values = WinValues(Hand.parse(HAND), seat_wind=Wind.SOUTH, round_wind=Wind.EAST, dora=(), unseen=[4] * 34)
    for hand, win in (("123456m789p111s22z", "1s"), ("234567m234p55s678s", "8s"), ("11223344556677z", "7z")):
        h, w = Hand.parse(hand), Tile.parse(win)
        for tsumo in (True, False):
            for ippatsu, double in ((True, False), (False, True), (True, True)):
                ctx = WinContext(w, tsumo=tsumo, seat_wind=Wind.SOUTH, riichi=True, ippatsu=ippatsu,
                                 double_riichi=double)
                assert values.win(h, w, riichi=True, ippatsu=ippatsu, double=double, tsumo=tsumo) == \
                    score(h, ctx).points, (hand, tsumo, ippatsu, double)
