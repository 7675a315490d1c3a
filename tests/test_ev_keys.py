"""The expected-value search's state keys (riichi.analysis.ev_search): one number a state, a hexadecimal digit
for each count, red fives, flags and tile let go, above a sum of fixed pseudo-random parts.

What the design promises, each checked here on the states the search meets around real hands: the digits
above the low bits give back every count (so two states never share a key), a move's key is its state's plus
or minus one part, and the keys spread over a dictionary's slots (Python hashes an int as the number itself,
and a dictionary goes first by the hash's low bits)."""

from __future__ import annotations

import itertools

import pytest

from riichi.analysis.ev_search import (
    _FLAG_KEY,
    _KIND_KEY,
    _LET_GO_KEY,
    _MIX_BITS,
    _RED_KEY,
    _key,
)
from riichi.counts import to_counts
from riichi.notation import parse_tiles

#: Hands of the expected-value benchmark (3 shanten, red fives among them).
HANDS = ("56777m288p26s1266z", "149p458889s25777z", "026m1358p1345579s")


def _neighbours(counts: list[int], exchanges: int) -> set[bytes]:
    """Every 13-tile hand ``exchanges`` draws-and-discards or fewer from ``counts`` (four copies a kind): the
    hands a search around it meets."""
    seen = {bytes(counts)}
    frontier = [bytes(counts)]
    for _ in range(exchanges):
        following = []
        for hand in frontier:
            for drawn, let_go in itertools.product(range(34), range(34)):
                if hand[drawn] >= 4 or drawn == let_go or not hand[let_go]:  # noqa: PLR2004
                    continue
                changed = bytearray(hand)
                changed[drawn] += 1
                changed[let_go] -= 1
                if bytes(changed) not in seen:
                    seen.add(bytes(changed))
                    following.append(bytes(changed))
        frontier = following
    return seen


def _digits(hand: bytes, reds: bytes, flags: int, let_go: int) -> int:
    """The state's digits alone, written out: count of kind k at 16 ** k, then red fives, flags, let go."""
    places = [*hand, *reds, flags, let_go]
    return sum(value << 4 * place for place, value in enumerate(places))


@pytest.mark.parametrize("text", HANDS)
def test_the_digits_above_the_low_bits_give_back_the_state(text: str) -> None:
    counts = to_counts(parse_tiles(text))
    # red fives 0..1 a suit, each flag combination, and a tile let go or none: the parts at their largest
    for hand in sorted(_neighbours(counts, 1))[:300]:
        for reds, flags, let_go in itertools.product((b"\x00\x00\x00", b"\x01\x01\x01"), range(8), (0, 34)):
            key = _key(hand, reds, flags, let_go)
            assert key >> _MIX_BITS == _digits(hand, reds, flags, let_go)


@pytest.mark.parametrize("text", HANDS)
def test_a_move_adds_one_part(text: str) -> None:
    hand = bytes(to_counts(parse_tiles(text)))
    reds = b"\x00\x01\x00"
    key = _key(hand, reds, 0, 0)
    for kind in range(34):
        if hand[kind] < 4:  # noqa: PLR2004 - a draw of kind, as _expand_draw makes the discard state's key
            drawn = bytearray(hand)
            drawn[kind] += 1
            assert key + _KIND_KEY[kind] == _key(bytes(drawn), reds, 0, 0)
        if hand[kind]:  # a discard let go into tenpai (furiten on it), under riichi with ippatsu
            let_go = bytearray(hand)
            let_go[kind] -= 1
            assert key - _KIND_KEY[kind] + _FLAG_KEY[3] + _LET_GO_KEY[kind + 1] == _key(bytes(let_go), reds, 3,
                                                                                      kind + 1)
    assert key + _RED_KEY[2] == _key(hand, b"\x00\x01\x01", 0, 0)


@pytest.mark.parametrize("text", HANDS)
def test_the_keys_spread_over_a_dictionarys_slots(text: str) -> None:
    hands = _neighbours(to_counts(parse_tiles(text)), 2)
    slots = 1 << 16
    used = {hash(_key(hand, b"\x00\x00\x00", 0, 0)) % slots for hand in hands}
    # n keys thrown at random into m slots fill m (1 - e^(-n/m)) of them on average; the digits alone (each
    # count at 16 ** k) fill a few hundred, the low bits holding the same few counts of the first kinds
    expected = slots * (1 - (1 - 1 / slots) ** len(hands))
    assert len(hands) > 20_000
    assert len(used) > 0.9 * expected
    digits_only = {hash(_digits(hand, b"\x00\x00\x00", 0, 0)) % slots for hand in hands}
    assert len(digits_only) < 0.1 * expected  # what the pseudo-random parts are for
