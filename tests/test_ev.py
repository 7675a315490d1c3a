"""Expected values of the peer model: the contract's worked values and a published table.

Sources: the worked values of the project's expected-value contract (EV.md, "Worked values"; each is
also worked out below from the draws that help), and the table of tomohxx's mahjong-win-prob README
(hand 234578m1689p357s1z, four copies of every kind, S = 123, 18 draws; printed to 4 decimals).
"""

from __future__ import annotations

import pytest

from riichi.analysis.ev import EvModel, EvOptions, expected_values
from riichi.errors import ImpossibleTilesError, InconsistentSituationError, InvalidCaseError, TooComplexError
from riichi.tiles import Tile


def close(a: float, b: float) -> bool:
    return abs(a - b) <= 1e-12 * max(1.0, abs(b))


def test_riichi_tenpai_one_draw_from_the_end() -> None:
    # 234678m 345p 99p 67s after discarding 1z waits on 5s (one of the four red) and 8s: 8 of the
    # 121 - 17 = 104 tiles left at turn 17 win. The contract's values at turns 17 and 16.
    r = expected_values("234678m34599p67s1z", seat_wind="S", dora="4m", visible="4m",
                        options=EvOptions(model=EvModel.PEER, first_turn=17))
    d = r.find("1z")
    assert d.win == (8 / 104, 0.0)
    assert d.tenpai == (1.0, 1.0)
    assert close(d.value[0], 310.2113795295614)
    assert r.unseen == 121
    r = expected_values("234678m34599p67s1z", seat_wind="S", dora="4m", visible="4m",
                        options=EvOptions(model=EvModel.PEER, first_turn=16))
    d = r.find("1z")
    assert close(d.win[0], 0.14725274725274726)
    assert close(d.value[0], 593.8332122423031)


def test_open_hand_wait_without_yaku_is_thrown_back() -> None:
    # chi 345m, 66p 234567s 78s: 6s gives open tanyao (1 han 30 fu tsumo, 1,100 for the South seat), 9s
    # gives no yaku. 3 copies of 6s are left of 104 at turn 17.
    r = expected_values("66p234567s78s1z chi:345m", seat_wind="S", dora="1z", visible="1z",
                        options=EvOptions(model=EvModel.PEER, first_turn=16))
    d = r.find("1z")
    assert close(d.win[1], 3 / 104)
    assert close(d.value[1], 3300 / 104)
    assert close(d.win[0], 0.056593406593406594)
    assert close(d.value[0], 62.252747252747255)


def test_dealer_one_shanten_two_discards() -> None:
    # 234678m 345p 9p 57s 2z (discard 1z) is 1-shanten: 6s (4), 9p (3) and 2z (3) make tenpai: 10/104.
    r = expected_values("234678m3459p57s12z", seat_wind="E", dora="1z", visible="1z",
                        options=EvOptions(model=EvModel.PEER, first_turn=16))
    d = r.find("1z")
    assert close(d.tenpai[1], 10 / 104)
    assert close(d.tenpai[0], 0.18223443223443225)
    assert close(d.win[0], 0.0032967032967032967)
    assert close(d.value[0], 30.978112796294617)
    d = r.find("2z")
    assert close(d.win[0], 0.0029304029304029304)
    assert close(d.value[0], 12.540187085641632)


#: tomohxx's mahjong-win-prob README: the win probability of each discard of 234578m1689p357s1z at turns 1
#: to 14 (turns 15 to 18 print 0.0000), S = 123, four copies of each kind.
TOMOHXX = {
    "2m": "0.1387 0.1208 0.1035 0.0870 0.0715 0.0572 0.0442 0.0328 0.0230 0.0150 0.0089 0.0045 0.0018 0.0004",
    "5m": "0.1387 0.1208 0.1035 0.0870 0.0715 0.0572 0.0442 0.0328 0.0230 0.0150 0.0089 0.0045 0.0018 0.0004",
    "8m": "0.0879 0.0754 0.0637 0.0527 0.0426 0.0335 0.0255 0.0186 0.0128 0.0082 0.0047 0.0024 0.0009 0.0002",
    "1p": "0.1511 0.1326 0.1146 0.0973 0.0808 0.0654 0.0512 0.0385 0.0274 0.0182 0.0110 0.0057 0.0023 0.0006",
    "6p": "0.1432 0.1252 0.1077 0.0910 0.0752 0.0605 0.0471 0.0351 0.0249 0.0164 0.0098 0.0050 0.0020 0.0005",
    "9p": "0.1432 0.1252 0.1077 0.0910 0.0752 0.0605 0.0471 0.0351 0.0249 0.0164 0.0098 0.0050 0.0020 0.0005",
    "3s": "0.1114 0.0966 0.0824 0.0689 0.0564 0.0449 0.0346 0.0255 0.0178 0.0116 0.0068 0.0035 0.0014 0.0003",
    "7s": "0.1114 0.0966 0.0824 0.0689 0.0564 0.0449 0.0346 0.0255 0.0178 0.0116 0.0068 0.0035 0.0014 0.0003",
    "1z": "0.1511 0.1326 0.1146 0.0973 0.0808 0.0654 0.0512 0.0385 0.0274 0.0182 0.0110 0.0057 0.0023 0.0006",
}


def test_tomohxx_published_table() -> None:
    r = expected_values("234578m1689p357s1z", options=EvOptions(model=EvModel.PEER, pool=123))
    assert {str(d.tile) for d in r.discards} == set(TOMOHXX)  # the other discards raise the shanten
    for d in r.discards:
        printed = [float(x) for x in TOMOHXX[str(d.tile)].split()] + [0.0] * 4
        assert [f"{x:.4f}" for x in d.win] == [f"{x:.4f}" for x in printed], d.tile


def test_thirteen_tiles_give_one_entry() -> None:
    # the tenpai hand of the first test as it is: the same values as after discarding 1z
    r = expected_values("234678m34599p67s", seat_wind="S", dora="4m", visible="4m1z",
                        options=EvOptions(model=EvModel.PEER, first_turn=17))
    assert len(r.discards) == 1
    assert r.discards[0].tile is None
    assert r.discards[0].win[0] == 8 / 104


def test_red_five_is_its_own_entry() -> None:
    # discarding 0m or 5m from 3405m 567p 345s 678s 1z leaves the same tanki on 1z (2 left), with or without
    # the red five: the same chances, less value without it
    r = expected_values("3405m567p345678s1z", dora="1z", visible="1z", options=EvOptions(model=EvModel.PEER, first_turn=15))
    red, plain = r.find("0m"), r.find("5m")
    assert red.win == plain.win
    assert plain.value[0] > red.value[0]


def test_bad_situations_are_precise_errors() -> None:
    with pytest.raises(ImpossibleTilesError, match="5 copies of 1z"):
        expected_values("234678m34599p67s1z", visible="1z1z1z1z")
    with pytest.raises(InconsistentSituationError, match="beyond the wall"):
        expected_values("234678m34599p67s1z", options=EvOptions(model=EvModel.PEER, last_turn=200))
    with pytest.raises(InvalidCaseError, match="first_turn"):
        expected_values("234678m34599p67s1z", options=EvOptions(model=EvModel.PEER, first_turn=0))
    with pytest.raises(TooComplexError, match="budget of 10 states"):
        expected_values("234578m1689p357s1z", options=EvOptions(model=EvModel.PEER, max_states=10))


def test_tile_type() -> None:
    assert expected_values("234678m34599p67s1z", visible="1z").best is not None
    assert isinstance(expected_values("234678m34599p67s1z").discards[0].tile, Tile)


@pytest.mark.parametrize("hand", ["234678m3459p57s12z", "66p234567s78s1z chi:345m"])
def test_tegawari_and_shanten_down_only_add_choices(hand: str) -> None:
    # Each option adds choices (keep a draw that does not help; let the shanten rise by one) and the best of
    # more choices is never worse: every value of every turn at least the peer model's.
    base = expected_values(hand, options=EvOptions(model=EvModel.PEER, first_turn=8))
    for tegawari, down in ((True, False), (False, True), (True, True)):
        wider = expected_values(hand, options=EvOptions(model=EvModel.PEER, first_turn=8, tegawari=tegawari, shanten_down=down))
        for d in base.discards:
            e = wider.find(d.tile)  # type: ignore[arg-type]
            for name in ("tenpai", "win", "value"):
                assert all(b >= a - 1e-12 for a, b in zip(getattr(d, name), getattr(e, name), strict=True))
                assert all(0.0 <= x <= 1.0 for x in e.tenpai + e.win)


def test_shanten_down_lists_the_discards_that_raise_the_shanten() -> None:
    # 234678m 3459p 57s 12z is 1-shanten after 1z, 9p or 2z; every other discard makes it 2-shanten
    peer = expected_values("234678m3459p57s12z")
    down = expected_values("234678m3459p57s12z", options=EvOptions(model=EvModel.PEER, shanten_down=True))
    assert sorted(d.shanten for d in peer.discards) == [1, 1, 1]
    assert len(down.discards) == 14 and {d.shanten for d in down.discards} == {1, 2}


def test_notebook_table_and_plot() -> None:
    # the same numbers as the result, and one line a discard (three at most) in the plot
    r = expected_values("234678m3459p57s12z", dora="1z", visible="1z", options=EvOptions(model=EvModel.PEER))
    page = r._repr_html_()
    best = r.discards[0]
    assert f"{100 * best.win[0]:.1f}" in page and f"{best.value[0]:,.0f}" in page
    assert page.count("<polyline") == 3


def test_kita_draws_a_replacement_within_the_turn() -> None:
    # Three players: 123456p 789s 11z 22s and a North. Discarding the North at the last turn leaves no draw
    # (win 0); setting it aside (kita) draws a replacement at once: 1z or 2s wins, 2 + 2 copies of the
    # 108 - 14 = 94 unseen, less the 18 turns: 4/76.
    r = expected_values("123456p789s11z22s4z", rules="tenhou-sanma",
                        options=EvOptions(model=EvModel.PEER, first_turn=18, last_turn=18))
    assert r.unseen == 94
    assert r.find("4z").win == (0.0,)
    assert r.find("4z", kita=True).win == (4 / 76,)
    assert r.discards[0].kita  # the kita first: the same tiles, a draw more
