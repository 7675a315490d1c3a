"""The end of the wall in the table model: haitei (a tsumo on the live wall's last tile) and houtei (a ron on the
last discard), and who still discards after the player's last draw. Each expectation is worked out by hand from
the model's definition in docs/analysis.md ("The table model") and the score table of the rules (a han and fu
priced as every rule book prices them); the peer model has neither (the expected-value contract excludes
haitei).
"""

from __future__ import annotations

import pytest

from riichi.analysis.ev import EvModel, EvOptions, expected_values
from riichi.analysis.ev_value import WinValues
from riichi.hand import Hand
from riichi.scoring.context import WinContext
from riichi.scoring.scorer import score
from riichi.tiles import Tile, Wind

#: An open hand with no yaku: chi 234m, 46m waiting on 5m (kanchan), 567p 789s 11s. No tanyao (789s, 1s), no
#: yakuhai, no sanshoku or ittsu with the 5m: it can win only on the wall's last tile. Nothing visible: the
#: 123 tiles not in the hand are unseen, four of them 5m (one the red five of the rules).
YAKULESS = "46m567p789s11s chi:234m"
#: Its wins, non-dealer (South, as the test asks it): 1 han (haitei or houtei) and 30 fu, 2 han with the red
#: five. Open tsumo 20 + 2 (tsumo) + 2 (kanchan) = 24 -> 30 fu: 300/500, 1,100 in all; 2 han 500/1000, 2,000.
#: Open ron 20 + 2 (kanchan) = 22 -> 30 fu: 1,000, and 2,000 with the red five.
HAITEI_POINTS = (3 * 1100 + 2000) / 4
HOUTEI_POINTS = (3 * 1000 + 2000) / 4
#: 123m 456m 789p 11s 22z, East (the dealer), waiting on 1s and 2z (shanpon), two of each unseen of 123.
RIICHI_HAND = "123456m789p11s22z"
#: The ron factor the hand-worked values use, passed explicitly so that they do not hang on the default.
RON_FACTOR = 0.5
#: The seats' last draws of the whole wall played without calls (70 draws with four players, East first:
#: East and South 18 each, West and North 17; 55 with three: East 19, South and West 18).
LAST_DRAW = {"E": 18, "S": 18, "W": 17, "N": 17}
LAST_DRAW_SANMA = {"E": 19, "S": 18, "W": 18}


def at_the_end(last: int) -> EvOptions:
    """The table model at the seat's last turn, the default last turn."""
    return EvOptions(first_turn=last, ron_factor=RON_FACTOR)


def table(**switches: object) -> EvOptions:
    """The table model from turn 17, another seat's win aside (its chance is data, not the point here)."""
    chosen: dict[str, object] = {"model": EvModel.TABLE, "first_turn": 17, "others_win": False,
                                  "ron_factor": RON_FACTOR, **switches}
    return EvOptions(**chosen)  # type: ignore[arg-type]


def test_a_hand_without_yaku_wins_only_by_haitei() -> None:
    # Turn 17 with 4 tiles left in the live wall: the three other seats draw 3, the player the last one at turn
    # 18 (the haitei), and no discard follows it. The other seats' discards at turn 17 give no yaku (no ron); the
    # draw of turn 18 wins whenever it is a 5m: 4/123.
    r = expected_values(YAKULESS, seat_wind="S", tiles_left=4, options=table())
    (d,) = r.discards
    assert (r.first_turn, r.last_turn) == (17, 18)
    assert d.win[0] == pytest.approx(4 / 123, abs=1e-12)
    assert d.value[0] == pytest.approx(4 / 123 * HAITEI_POINTS, abs=1e-9)
    assert d.win[1] == 0.0  # after the haitei's discard nobody draws: nothing left to win
    # switched off, the hand is never won (the model as it was: no yaku, no win)
    off = expected_values(YAKULESS, seat_wind="S", tiles_left=4, options=table(haitei=False)).discards[0]
    assert off.win == (0.0, 0.0)
    assert off.value == (0.0, 0.0)


def test_a_hand_without_yaku_wins_only_by_houtei() -> None:
    # 5 tiles left at turn 17: the three others draw, the player draws at 18 (no yaku: the 5m is thrown back),
    # then one more seat draws the last tile and lets it go, the houtei: a 5m with chance 0.5 * 4/123 (the ron
    # factor). Only that one discard follows the last draw, not three.
    r = expected_values(YAKULESS, seat_wind="S", tiles_left=5, options=table())
    (d,) = r.discards
    assert (r.first_turn, r.last_turn) == (17, 18)
    houtei = RON_FACTOR * 4 / 123
    assert d.win == pytest.approx((houtei, houtei), abs=1e-12)
    assert d.value == pytest.approx((houtei * HOUTEI_POINTS, houtei * HOUTEI_POINTS), abs=1e-9)
    # furiten (a 5m among the player's discards) stops the houtei too
    furiten = expected_values(YAKULESS, seat_wind="S", tiles_left=5, discards="5m", options=table()).discards[0]
    assert furiten.win == (0.0, 0.0)


def test_the_haitei_is_one_han_more_on_the_last_draw() -> None:
    # In riichi, ron off: the only win is the tsumo of turn 18, 4 waits of 123. Riichi + menzen tsumo is 2 han
    # 30 fu (20 + 2 tsumo + 8 for the concealed triplet of 1s or of 2z; 2z is no yakuhai for East in East):
    # 1,000 all, 3,000 for the dealer. With haitei 3 han 30 fu: 2,000 all, 6,000. Each win gives the riichi
    # stick back (1,000).
    options = table(ron=False)
    on = expected_values(RIICHI_HAND, riichi=True, tiles_left=4, options=options).discards[0]
    off = expected_values(RIICHI_HAND, riichi=True, tiles_left=4,
                          options=table(ron=False, haitei=False)).discards[0]
    assert on.win[0] == off.win[0] == pytest.approx(4 / 123, abs=1e-12)
    assert on.value[0] == pytest.approx(4 / 123 * (6000 + 1000), abs=1e-9)
    assert off.value[0] == pytest.approx(4 / 123 * (3000 + 1000), abs=1e-9)
    # 5 tiles left: the player's draw of turn 18 is not the last tile, and no ron: the old value exactly
    later = expected_values(RIICHI_HAND, riichi=True, tiles_left=5, options=options).discards[0]
    assert later.value[0] == off.value[0]


def test_ippatsu_and_haitei_combine() -> None:
    # 14 tiles at turn 17, 4 tiles left after the draw: letting 9m go into riichi (always riichi: no dama
    # choice) leaves one go-around, and the draw of turn 18 is the haitei: riichi, ippatsu, menzen tsumo and
    # haitei, 4 han 30 fu, 3,900 all for the dealer (11,700), plus the stick back, less the deposit.
    r = expected_values(RIICHI_HAND + "9m", tiles_left=4, options=table(ron=False, riichi_choice=False))
    d = r.find("9m")
    assert d.value[0] == pytest.approx(4 / 123 * (11700 + 1000) - 1000, abs=1e-9)
    # dama: menzen tsumo and haitei, 2 han 30 fu, 3,000: with the choice, dama is worth more
    choice = expected_values(RIICHI_HAND + "9m", tiles_left=4, options=table(ron=False)).find("9m")
    assert choice.value[0] == pytest.approx(4 / 123 * 3000, abs=1e-9)


@pytest.mark.parametrize(("seat", "discards", "ron", "houtei"), [
    # without tiles_left, the rules' whole wall of 70 draws decides, East drawing first: after East's 18th
    # draw (draw 69) only South draws, the last tile; South draws the last tile itself (its 18th); after
    # West's 17th (draw 67) three seats draw, after North's 17th (draw 68) two. The ron: 1 han 40 fu (20 + 10 menzen ron + 4 for
    # the triplet completed by ron), dealer 2,000 and 3,900 with houtei; non-dealer 1,300 and 2,600.
    ("E", 1, 2000, 3900),
    ("S", 0, 0, 0),
    ("W", 3, 1300, 2600),
    ("N", 2, 1300, 2600),
])
def test_without_tiles_left_the_seat_decides_who_discards_last(seat: str, discards: int, ron: int,
                                                               houtei: int) -> None:
    if seat == "S":  # 2z is South's seat wind: a yakuhai, other values; South has no discard to win on anyway
        r = expected_values(RIICHI_HAND, riichi=True, seat_wind=seat, options=table(first_turn=18))
        assert r.discards[0].win == (0.0,)
        return
    r = expected_values(RIICHI_HAND, riichi=True, seat_wind=seat, options=at_the_end(LAST_DRAW[seat]))
    assert r.last_turn == LAST_DRAW[seat]  # the default last turn is the seat's last draw
    (d,) = r.discards
    p = RON_FACTOR * 4 / 123
    before = 1 - (1 - p) ** (discards - 1)  # the discards before the last, each a ron with chance p
    assert d.win[0] == pytest.approx(1 - (1 - p) ** discards, abs=1e-12)
    assert d.value[0] == pytest.approx(before * (ron + 1000) + (1 - before) * p * (houtei + 1000), abs=1e-9)


def test_three_players_east_draws_the_last_tile() -> None:
    # 55 draws with three players, East first: East's 19th draw is the last tile, so after East's last draw
    # nothing is left to win on; South has two seats after it (West, then East's houtei), West one (East's).
    # 111m 999m 789p 11s 22z in riichi waits on 1s and 2z, four of the 108 - 13 = 95 unseen.
    hand = "111999m789p11s22z"
    p = RON_FACTOR * 4 / 95
    for seat, win in (("E", 0.0), ("S", 1 - (1 - p) ** 2), ("W", p)):
        r = expected_values(hand, riichi=True, seat_wind=seat, rules="tenhou-sanma",
                            options=at_the_end(LAST_DRAW_SANMA[seat]))
        assert r.last_turn == LAST_DRAW_SANMA[seat]
        assert r.discards[0].win[0] == pytest.approx(win, abs=1e-12), seat


def test_the_peer_model_has_no_haitei() -> None:
    # the contract's model excludes haitei: the switch changes nothing there
    for hand, seat in ((RIICHI_HAND, "S"), ("234678m34599p67s1z", "S")):
        on = expected_values(hand, seat_wind=seat, options=EvOptions(model=EvModel.PEER, first_turn=16))
        off = expected_values(hand, seat_wind=seat, options=EvOptions(model=EvModel.PEER, first_turn=16,
                                                                       haitei=False))
        assert on == off


def test_haitei_and_houtei_are_priced_as_the_scorer_prices_them() -> None:
    # The search adds a han for haitei or houtei to a hand that has a yaku, and asks the scorer with the flag
    # for one that has none; the scorer, asked with the flags, gives the same points (ippatsu too).
    values = WinValues(Hand.parse(RIICHI_HAND), seat_wind=Wind.SOUTH, round_wind=Wind.EAST, dora=(),
                       unseen=[4] * 34)
    for hand, win, riichi in (("123456m789p111s22z", "1s", True), ("234567m234p55s678s", "8s", False),
                              ("406m567p789s11s chi:234m", "0m", False), ("456m567p789s11s chi:234m", "5m", False),
                              ("11223344556677z", "7z", True)):
        h, w = Hand.parse(hand), Tile.parse(win)
        for tsumo in (True, False):
            for ippatsu in ((False, True) if riichi else (False,)):
                ctx = WinContext(w, tsumo=tsumo, seat_wind=Wind.SOUTH, riichi=riichi, ippatsu=ippatsu,
                                 haitei=tsumo, houtei=not tsumo)
                assert values.win(h, w, riichi=riichi, ippatsu=ippatsu, tsumo=tsumo, last_tile=True) == \
                    score(h, ctx).points, (hand, tsumo, ippatsu)
        if hand.endswith("chi:234m"):  # no yaku but the last tile's
            assert values.win(h, w, riichi=False, tsumo=True) is None


def test_the_request_switches_it() -> None:
    # the ev object's "haitei" switch, with the request's tiles_left: the hand without yaku of the first test
    from riichi.formats.analysis import analyze_case  # noqa: PLC0415

    request: dict[str, object] = {"hand": YAKULESS, "seat_wind": "S", "tiles_left": 4,
                                  "ev": {"first_turn": 17, "others_win": False, "ron_factor": RON_FACTOR}}
    on = analyze_case(request)["ev"]["discards"][0]  # type: ignore[index]
    assert on["win"] == pytest.approx([4 / 123, 0.0], abs=1e-12)
    off = analyze_case({**request, "ev": {"first_turn": 17, "others_win": False, "haitei": False}})
    assert off["ev"]["discards"][0]["win"] == [0.0, 0.0]  # type: ignore[index]
    bad = analyze_case({**request, "ev": {"haitei": "yes"}})
    assert bad["ok"] is False
    assert bad["error"] == {"code": "invalid_case", "message": "'ev.haitei' is true or false, not 'yes'"}


def test_no_riichi_at_the_last_turn() -> None:
    # West at its last turn (no tiles_left: three seats still draw after it, so 3 tiles at most are left):
    # the rules want 4 tiles left for a riichi (riichi_min_wall_tiles), so letting 9m go leaves a dama hand
    # with no yaku on a ron: only the houtei, the third discard, wins, p = 0.5 * 4/123, at 1 han 40 fu (20 + 10
    # menzen ron + 4 for the triplet completed by ron), 1,300 for a non-dealer. A riichi would have won on
    # each of the three discards.
    p = RON_FACTOR * 4 / 123
    d = expected_values(RIICHI_HAND + "9m", seat_wind="W", options=at_the_end(LAST_DRAW["W"])).find("9m")
    assert d.win[0] == pytest.approx(p, abs=1e-12)
    assert d.value[0] == pytest.approx(p * 1300, abs=1e-9)
    # M-League's rules set no such minimum: the riichi's win chance, every discard a ron (each value on its own)
    free = expected_values(RIICHI_HAND + "9m", seat_wind="W", rules="mleague",
                           options=at_the_end(LAST_DRAW["W"])).find("9m")
    assert free.win[0] == pytest.approx(1 - (1 - p) ** 3, abs=1e-12)
    # one turn earlier a riichi is allowed (7 tiles left after the draw of turn 17)
    earlier = expected_values(RIICHI_HAND + "9m", seat_wind="W", tiles_left=7,
                              options=EvOptions(first_turn=17, ron_factor=RON_FACTOR, others_win=False)).find("9m")
    riichi = expected_values(RIICHI_HAND + "9m", seat_wind="W", tiles_left=7,
                             options=EvOptions(first_turn=17, ron_factor=RON_FACTOR, others_win=False,
                                               riichi_choice=False)).find("9m")
    assert earlier.win[0] == riichi.win[0]


def test_a_north_set_aside_shortens_the_wall() -> None:
    # Three players, turn 17, 4 tiles left after the draw: letting the North go leaves one seat drawing after
    # the player's draw of turn 18 (the houtei); setting it aside instead takes the live wall's last tile into
    # the dead wall (the replacement), so 3 are left: the player's draw of turn 18 is the last tile, as when 3
    # were left to begin with. The kita rows of the two walls are the same; the discard rows are not (with 3
    # left nobody discards after the last draw: nothing to win at turn 18).
    def rows(left: int) -> tuple[tuple[float, ...], tuple[float, ...], tuple[float, ...], tuple[float, ...]]:
        r = expected_values("111999m789p11s22z4z", riichi=True, seat_wind="S", rules="tenhou-sanma",
                            tiles_left=left, options=table())
        kita, north = r.find("4z", kita=True), r.find("4z")
        return kita.win, kita.value, north.win, north.value

    four, three = rows(4), rows(3)
    assert four[:2] == three[:2]
    assert three[2][1] == 0.0
    assert four[2][1] == pytest.approx(RON_FACTOR * 4 / 95, abs=1e-12)  # the houtei: 2 of 1s, 2 of 2z unseen
