"""Shanten of hand-analysed hands (the reasoning is in each comment)."""

from __future__ import annotations

import pytest

from riichi.counts import to_counts
from riichi.errors import ImpossibleTilesError, NotationError, WrongTileCountError
from riichi.notation import parse_tiles
from riichi.shapes.shanten import (
    NO_TILE,
    Shanten,
    shanten,
    shanten_after_discards,
    shanten_after_draws,
    shanten_chiitoitsu,
    shanten_kokushi,
    shanten_standard,
    standard_cover,
)


def counts(text: str) -> list[int]:
    return to_counts(parse_tiles(text))


@pytest.mark.parametrize(("hand", "expected"), [
    # Four sets and a pair: complete.
    ("123m456p789s11122z", Shanten(-1, -1, 4, 8)),
    # 123m 456p 789s 111z + 2z: tanki, tenpai. Seven pairs: pairs 1z (triplet counts once) -> 1 pair,
    # 11 kinds: 6 - 1 = 5. Orphans: 1m 9s 1z 2z present, 1z paired: 13 - 4 - 1 = 8.
    ("123m456p789s1112z", Shanten(0, 0, 5, 8)),
    # The brief's example: 1133557799m 123p. Seven pairs: 5 pairs, 8 kinds -> 6 - 5 = 1. Standard:
    # 123p plus at most 8 of the ten m tiles in three sets and a pair (11 33 55 77 partials) -> 13 - 11 = 2.
    # Orphans: 1m 9m 1p, a pair of 1m -> 13 - 3 - 1 = 9.
    ("1133557799m1p2p3p", Shanten(1, 2, 1, 9)),
    # Thirteen different orphans: a thirteen-sided wait.
    ("19m19p19s1234567z", Shanten(0, 8, 6, 0)),
    # Seven different pairs: complete. Standard: the pair plus two tiles in each of four sets -> 14 - 10 - 1 = 3.
    # Orphans: 1m 9s 1z 7z, paired -> 13 - 4 - 1 = 8.
    ("1133m5577p99s1177z", Shanten(-1, 3, -1, 8)),
    # Four 1m are not two pairs: pairs 1m 2p 6p 8s 3z = 5 distinct, kinds 6 -> 6 - 5 + (7 - 6) = 2.
    # Standard: 111m 22p 66p 88s + 33z as the pair cover 11 tiles -> 13 - 11 = 2.
    ("1111m2266p88s33z5z", Shanten(2, 2, 2, 9)),
    # Nothing connects: 147m 258p 369s 1234z. Standard: one tile in each of 4 sets and the pair -> 13 - 5 = 8.
    # Seven pairs: no pair, 13 kinds -> 6. Orphans: 1m 9s 1z..4z -> 13 - 6 = 7.
    ("147m258p369s1234z", Shanten(6, 8, 6, 7)),
])
def test_shanten_of_hands(hand: str, expected: Shanten) -> None:
    assert Shanten.of(hand) == expected


def test_fast_functions_agree_with_the_dataclass() -> None:
    c = counts("1133557799m123p")
    assert (shanten(c), shanten_standard(c), shanten_chiitoitsu(c), shanten_kokushi(c)) == (1, 2, 1, 9)


def test_melds_leave_only_the_standard_form() -> None:
    # 23m + pair 11z, with three melds: tenpai on 1m/4m.
    assert Shanten.of("23m11z pon:555p chi:123s ankan:7777z") == Shanten(0, 0, None, None)
    # 23m 5z + 1z with three melds: one set short of its pair -> 1-shanten.
    assert Shanten.of("23m15z pon:555p chi:123s ankan:7777z").combined == 1
    # Four melds and a pair: complete; four melds and two different tiles: tenpai (tanki on either).
    assert Shanten.of("55m pon:555p chi:123s ankan:7777z pon:555s").combined == -1
    assert Shanten.of("5m6z pon:555p chi:123s ankan:7777z pon:555s").combined == 0


def test_fourteen_tiles_is_the_best_discard() -> None:
    # 14 tiles, not complete: discarding 4m (or 1m) leaves 123m (234m) 456p 789s 11z 55z, a shanpon
    # tenpai; so the fourteen-tile hand is tenpai (shanten 0), as after its best discard.
    assert Shanten.of("1234m456p789s1155z").combined == 0
    assert shanten(counts("1234m456p789s1155z")) == 0


def test_five_copies_is_a_definition_not_an_error_at_the_fast_level() -> None:
    # 1111m + three sets: the hand plus a fifth 1m would be 111m 11m: tenpai (karaten, see test_waits).
    assert shanten(counts("1111m123456789p")) == 0
    # Honours behave like suits: 1111z + three sets is tenpai too.
    assert shanten(counts("1111z123456789p")) == 0
    # A fourteen-tile what-if with five 1m: 111m 11m and three sets is complete.
    assert shanten(counts("11111m123456789p")) == -1


def test_after_draws_and_discards_with_a_fifth_copy_as_a_what_if() -> None:
    # No table holds five copies, so these take the plain way. 11111m 123456789p letting one 1m go leaves
    # 1111m + three sets, tenpai (above); letting 5p go leaves 11111m 1234p 6789p: 111m, pair 11m, 123p,
    # 789p and the kanchan 46p, tenpai too; 2m is not held.
    after = shanten_after_discards(counts("11111m123456789p"))
    assert (after[0], after[13], after[1]) == (0, 0, NO_TILE)
    # 11111m 12345678p drawing 9p or 6p: 111m 11m 123p 456p 789p (678p): complete; 1m is held five times.
    drawn = shanten_after_draws(counts("11111m12345678p"))
    assert (drawn[17], drawn[14], drawn[0]) == (-1, -1, NO_TILE)


def test_after_draws_past_fourteen_tiles_of_a_suit_take_the_plain_way() -> None:
    # A what-if: 11335577992468m holds fourteen man, so a fifteenth drawn has no class in the suit table
    # (which stops at fourteen tiles of a suit) and each such draw is worked out plainly, while the pin, sou
    # and honour draws beside them keep their one-pass values. Each must be the shanten of the hand with that
    # tile more, by definition; the man draws differ from kind to kind, so a value carried from one kind to
    # the next would show: with 1m drawn, 11m 123m 345m 567m 789m is complete beside a 9m (-1), with 9m
    # 123m 345m 567m 789m 99m beside a 1m, with 4m 11m 234m 345m 567m 789m, with 6m 123m 345m 567m 678m 99m;
    # 2m, 3m, 5m, 7m or 8m leave no fourteen of the fifteen complete (checked by the engine's is_complete).
    hand = counts("11335577992468m")
    drawn = shanten_after_draws(hand)
    expected = []
    for k in range(34):
        hand[k] += 1
        expected.append(shanten(hand))
        hand[k] -= 1
    assert drawn == expected
    assert [drawn[k] for k in range(9)] == [-1, 0, 0, -1, 0, -1, 0, 0, -1]


def test_standard_cover_reads_sets_and_pairs() -> None:
    cover = standard_cover(counts("123m456p11z"))
    assert cover[2 * 2 + 1] == 8  # two sets and a pair hold all eight tiles
    assert cover[2 * 2 + 0] == 6  # without the pair only six
    assert cover[2 * 3 + 0] == 8  # three sets: 11z as a partial triplet


def test_bad_hands_raise_precise_errors() -> None:
    with pytest.raises(WrongTileCountError):
        Shanten.of("123m")
    with pytest.raises(WrongTileCountError):
        Shanten.of("123m456p789s11z pon:111s pon:222s")  # 11 concealed + 2 * 3 = 17 tiles
    with pytest.raises(ImpossibleTilesError):
        Shanten.of("11111m23456789p")
    with pytest.raises(NotationError):
        Shanten.of("123x")
