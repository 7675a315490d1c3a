"""A yakuman hand is paid no fu (``Score.fu`` 0), but its reading still has the fu a hand below yakuman would
count, kept as ``Score.reading_fu`` (Tenhou's records write it in ``ten``). Each hand is worked out by hand in
its comment, item by item as the fu rules count them (20 base, 10 closed ron, 2 tsumo unless pinfu, triplets
2/4/8 by simple/terminal-honour and open/closed, a value pair 2, a kanchan/penchan/tanki wait 2, rounded up
to a multiple of 10; seven pairs 25; thirteen orphans no fu)."""

from __future__ import annotations

import pytest

from riichi import score


@pytest.mark.parametrize(("hand", "context", "reading_fu"), [
    # Suuankou tanki won by ron on the West (East round, seat East: no value pair): 20 base + 10 closed ron
    # + 8 x 4 closed terminal/honour triplets (1m, 9p, 1s, 7z) + 2 tanki = 64, rounded up to 70.
    ("111m999p111s777z33z", "3z", 70),
    # Seven pairs of honours (tsuuiisou): always 25.
    ("11223344556677z", "7z", 25),
    # Thirteen orphans: no sets, no fu.
    ("19m19p19s1234567z1m", "1m", 0),
    # Tenhou (the dealer's hand as dealt) read as pinfu: four runs, a 5p pair, 2m completing 23m|4m ryanmen:
    # 20 base, no tsumo fu with pinfu = 20.
    ("234m567m234p678s55p", "2m tsumo tenhou", 20),
    # Chuuren poutou 1112345678999m won by tsumo on 7m, two readings: 7m completing 56m (ryanmen) gives 20 +
    # 2 tsumo + 8 closed 111m = 30; completing 89m (penchan) adds 2 for the wait, 32 -> 40. Both pay the same
    # yakuman; the reading with the most fu is the one paid.
    ("1112345678999m7m", "7m tsumo", 40),
])
def test_a_yakuman_hand_keeps_its_readings_fu(hand: str, context: str, reading_fu: int) -> None:
    s = score(hand, context)
    assert s.yakuman
    assert (s.han, s.fu, s.fu_details) == (0, 0, ())  # paid no fu
    assert s.reading_fu == reading_fu


def test_below_yakuman_the_reading_fu_is_the_fu() -> None:
    # Menzen tsumo, South's 234m 456p 678s 444z + 33z tanki: 20 + 2 tsumo + 8 closed honour triplet + 2 tanki = 32
    # -> 40 (the scorer's own example).
    s = score("234m456p678s44433z", "3z tsumo seat_wind=S")
    assert (s.fu, s.reading_fu) == (40, 40)
