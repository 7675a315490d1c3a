"""Shanten, waits and tile efficiency against brute force over the scoring engine's completeness check.

The brute-force definitions: a hand of 3n+2 concealed tiles is complete exactly when
:func:`riichi.shapes.decompose.is_complete` says so; a tile is a wait of a 3n+1 hand when the hand plus the
tile is complete; and shanten satisfies, for every hand (a fifth copy allowed as a what-if),

* 3n+2 tiles: -1 when complete, else the best shanten after one discard;
* 3n+1 tiles: one more than the best shanten after drawing any tile.

These two equations and the base case determine shanten completely (induction on shanten), so
checking them on random hands checks the fast tables against the definition.
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from riichi.analysis import discard_table, improving_kinds
from riichi.shapes.decompose import is_complete
from riichi.hand import Hand
from riichi.shapes.shanten import (
    NO_TILE,
    shanten,
    shanten_after_discards,
    shanten_after_draws,
    shanten_chiitoitsu,
    shanten_kokushi,
    shanten_standard,
)
from riichi.tiles import Tile
from riichi.shapes.waits import discard_waits, wait_kinds, wait_shapes

_SETS = [(k, k, k) for k in range(34)] + [(k, k + 1, k + 2) for k in range(27) if k % 9 <= 6]


@st.composite
def hands(draw: st.DrawFn, *, extra: int) -> tuple[list[int], int]:
    """(concealed counts of 3n+1+extra tiles, melds): a complete hand with a few tiles swapped.

    Starting from a complete hand keeps many hands near tenpai, where mistakes would show.
    """
    melds = draw(st.integers(0, 4))
    while True:
        counts = [0] * 34
        for shape in draw(st.lists(st.sampled_from(_SETS), min_size=4 - melds, max_size=4 - melds)):
            for k in shape:
                counts[k] += 1
        counts[draw(st.integers(0, 33))] += 2
        if max(counts) <= 4:
            break
    swaps = draw(st.integers(0, 5))
    for _ in range(swaps):
        held = [k for k in range(34) if counts[k]]
        counts[draw(st.sampled_from(held))] -= 1
        free = [k for k in range(34) if counts[k] < 4]
        counts[draw(st.sampled_from(free))] += 1
    for _ in range(1 - extra):
        held = [k for k in range(34) if counts[k]]
        counts[draw(st.sampled_from(held))] -= 1
    return counts, melds


@st.composite
def random_hands(draw: st.DrawFn, *, extra: int) -> tuple[list[int], int]:
    """Uniformly scattered tiles: far from tenpai, seven pairs and orphans included."""
    melds = draw(st.integers(0, 4))
    size = 3 * (4 - melds) + 1 + extra
    counts = [0] * 34
    for k in draw(st.lists(st.integers(0, 33), min_size=size, max_size=size)):
        counts[k] += 1
    if max(counts) > 4:
        return draw(hands(extra=extra))
    return counts, melds


# Hands are 13 or 14 tiles by nature, so the smallest example is large; and a complete hand is drawn again
# until no kind is held five times, so now and then a draw takes many choices (data_too_large failed one
# run in a few hundred, by chance).
_CHECKS = [HealthCheck.large_base_example, HealthCheck.too_slow, HealthCheck.filter_too_much,
           HealthCheck.data_too_large]

fourteen = st.one_of(hands(extra=1), random_hands(extra=1))
thirteen = st.one_of(hands(extra=0), random_hands(extra=0))


@settings(max_examples=2000, deadline=None, suppress_health_check=_CHECKS)
@given(fourteen)
def test_complete_exactly_when_the_engine_says_so(hand: tuple[list[int], int]) -> None:
    counts, melds = hand
    assert (shanten(counts, n_melds=melds) == -1) == is_complete(counts, melds)


@settings(max_examples=1500, deadline=None, suppress_health_check=_CHECKS)
@given(fourteen)
def test_fourteen_tiles_is_the_best_discard(hand: tuple[list[int], int]) -> None:
    counts, melds = hand
    if is_complete(counts, melds):
        return
    best = 99
    for k in range(34):
        if counts[k]:
            counts[k] -= 1
            best = min(best, shanten(counts, n_melds=melds))
            counts[k] += 1
    assert shanten(counts, n_melds=melds) == best


@settings(max_examples=1500, deadline=None, suppress_health_check=_CHECKS)
@given(thirteen)
def test_thirteen_tiles_is_one_more_than_after_the_best_draw(hand: tuple[list[int], int]) -> None:
    counts, melds = hand
    best = 99
    for k in range(34):
        counts[k] += 1  # a fifth copy is a what-if; the definition does not look at availability
        best = min(best, shanten(counts, n_melds=melds))
        counts[k] -= 1
    assert shanten(counts, n_melds=melds) == best + 1


@settings(max_examples=1500, deadline=None, suppress_health_check=_CHECKS)
@given(st.one_of(thirteen, fourteen))
def test_after_draws_and_discards_are_the_shanten_of_each_changed_hand(hand: tuple[list[int], int]) -> None:
    """The one-pass functions move only the changed suit's (or the honours') class and skip seven pairs and
    orphans where they cannot win; each value must still be the plain shanten of the hand with one tile of the
    kind more (less), and ``NO_TILE`` where the kind is held four times (not at all); the same for the counts
    as ``bytes``, as the expected-value search hands them over (read as they are, not copied)."""
    counts, melds = hand
    draws, discards = [], []
    for k in range(34):
        counts[k] += 1
        draws.append(shanten(counts, n_melds=melds) if counts[k] <= 4 else NO_TILE)
        counts[k] -= 2
        discards.append(shanten(counts, n_melds=melds) if counts[k] >= 0 else NO_TILE)
        counts[k] += 1
    assert shanten_after_draws(counts, n_melds=melds) == draws
    assert shanten_after_discards(counts, n_melds=melds) == discards
    assert shanten_after_draws(bytes(counts), n_melds=melds) == draws
    assert shanten_after_discards(bytes(counts), n_melds=melds) == discards


def _completing_kinds(counts: list[int], melds: int) -> set[int]:
    """By brute force, the kinds that complete 3n+1 concealed ``counts`` beside ``melds`` melds, among those
    the hand holds fewer than four of (a kind held four times is a wait no tile can fill, karaten: the
    engine judges real hands, at most four copies)."""
    found = set()
    for k in range(34):
        if counts[k] < 4:
            counts[k] += 1
            if is_complete(counts, melds):
                found.add(k)
            counts[k] -= 1
    return found


@settings(max_examples=2000, deadline=None, suppress_health_check=_CHECKS)
@given(thirteen)
def test_waits_are_the_tiles_that_complete_the_hand(hand: tuple[list[int], int]) -> None:
    counts, melds = hand
    waits = wait_kinds(counts, n_melds=melds)
    assert {k for k in waits if counts[k] < 4} == _completing_kinds(counts, melds)
    assert (shanten(counts, n_melds=melds) == 0) == bool(waits)
    for k in waits:
        assert wait_shapes(counts, k, n_melds=melds), "every wait has a shape"
    for k in set(range(34)) - set(waits):
        assert not wait_shapes(counts, k, n_melds=melds), "only waits have shapes"


@settings(max_examples=1000, deadline=None, suppress_health_check=_CHECKS)
@given(st.one_of(thirteen, fourteen))
def test_forms(hand: tuple[list[int], int]) -> None:
    counts, melds = hand
    combined = shanten(counts, n_melds=melds)
    standard = shanten_standard(counts, n_melds=melds)
    if melds:
        assert combined == standard
    else:
        assert combined == min(standard, shanten_chiitoitsu(counts), shanten_kokushi(counts))


def _tenpai_by_engine(counts: list[int], melds: int) -> bool:
    found = False
    for w in range(34):
        counts[w] += 1
        found = is_complete(counts, melds)
        counts[w] -= 1
        if found:
            break
    return found


@settings(max_examples=60, deadline=None, suppress_health_check=_CHECKS)
@given(hands(extra=0))
def test_ukeire_of_tenpai_and_one_shanten_hands_by_brute_force(hand: tuple[list[int], int]) -> None:
    """Tenpai: the helping tiles are the waits. 1-shanten: a tile helps when some discard after it
    leaves a hand that some tile completes, all judged by the engine's is_complete.
    Hands with at most two of a tile keep every tried hand within four copies.
    """
    counts, melds = hand
    if max(counts) > 2:
        return
    now = shanten(counts, n_melds=melds)
    if now > 1:
        return
    expected = []
    for t in range(34):
        counts[t] += 1
        if now == 0:
            helps = is_complete(counts, melds)
        else:
            helps = False
            for d in range(34):
                if counts[d] and d != t:
                    counts[d] -= 1
                    helps = _tenpai_by_engine(counts, melds)
                    counts[d] += 1
                    if helps:
                        break
        counts[t] -= 1
        if helps:
            expected.append(t)
    assert improving_kinds(counts, n_melds=melds) == expected


@settings(max_examples=300, deadline=None, suppress_health_check=_CHECKS)
@given(fourteen)
def test_discard_table_rows(hand: tuple[list[int], int]) -> None:
    """Each row is the shanten and the helping tiles after that discard; rows best first; the first
    row's shanten is the fourteen-tile shanten (for a hand that is not complete)."""
    counts, melds = hand
    if melds:  # the table takes a Hand; without melds any counts make one
        return
    table = discard_table(Hand(tuple(Tile(k) for k in range(34) for _ in range(counts[k]))))
    assert sorted(row.tile.kind for row in table) == [k for k in range(34) if counts[k]]
    keys = [(row.shanten, -row.ukeire.total, row.tile.kind) for row in table]
    assert keys == sorted(keys)
    for row in table:
        counts[row.tile.kind] -= 1
        assert row.shanten == shanten(counts)
        assert [t.kind for t, _ in row.ukeire.tiles] == improving_kinds(counts)
        for t, left in row.ukeire.tiles:
            assert left == max(0, 4 - counts[t.kind] - (1 if t.kind == row.tile.kind else 0))
        counts[row.tile.kind] += 1
    if not is_complete(counts, 0):
        assert table[0].shanten == shanten(counts)


@settings(max_examples=1000, deadline=None, suppress_health_check=_CHECKS)
@given(fourteen)
def test_discard_waits_are_the_discards_that_leave_tenpai_and_their_waits(hand: tuple[list[int], int]) -> None:
    counts, melds = hand
    found = discard_waits(counts, n_melds=melds)
    for d in range(34):
        if not counts[d]:
            assert d not in found, "only a held kind can be discarded"
            continue
        counts[d] -= 1
        assert (d in found) == (shanten(counts, n_melds=melds) == 0)
        assert {k for k in found.get(d, ()) if counts[k] < 4} == _completing_kinds(counts, melds)
        counts[d] += 1
