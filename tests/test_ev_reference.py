"""The peer model against an independent implementation written from the contract, and its properties.

The reference below is written from the contract's text (EV.md, "The peer model") and shares nothing
with riichi.analysis.ev but the shanten function and the scorer: it recurses on (hand, turn) instead of
building a graph, and values ura dora by scoring the hand once with each possible ura indicator
(``WinContext.ura``) rather than by a distribution of extra han. Hands are made from random complete
hands with a seeded generator (never seen before the run), closed and open, 1 and 2 shanten.
"""

from __future__ import annotations

import functools
import random

import pytest

from riichi.analysis.ev import EvModel, EvOptions, expected_values
from riichi.counts import to_counts
from riichi.errors import NoYakuError
from riichi.hand import Hand, Meld, MeldType
from riichi.notation import format_tiles
from riichi.scoring.context import WinContext
from riichi.scoring.scorer import score
from riichi.shapes.shanten import shanten
from riichi.tiles import Tile, Wind

FIRST, LAST = 10, 18


class Reference:
    """The contract's recurrence, by recursion on (hand, turn); one indicator (dora 1 or none)."""

    def __init__(self, melds: tuple[Meld, ...], visible: tuple[Tile, ...], dora: tuple[Tile, ...], seat: Wind,
                 pool: int) -> None:
        self.melds = melds
        self.visible = visible
        self.dora = dora
        self.seat = seat
        self.pool = pool
        self.closed = not any(m.is_open for m in melds)
        self.outside = to_counts([t for m in melds for t in m.tiles] + list(visible))
        self.outside_reds = sum(1 for t in [*visible, *(t for m in melds for t in m.tiles)] if t.is_red)

    def unseen(self, tiles: tuple[Tile, ...], kind: int) -> int:
        return 4 - sum(1 for t in tiles if t.kind == kind) - self.outside[kind]

    def draws(self, tiles: tuple[Tile, ...]) -> list[tuple[Tile, int]]:
        """Each tile that may be drawn with its weight: a red five (1 - red copies seen) apart from plain ones."""
        out = []
        for kind in range(34):
            u = self.unseen(tiles, kind)
            if u <= 0:
                continue
            if kind in (4, 13, 22):
                red = Tile.from_kind(kind, red=True)
                seen_red = sum(1 for t in tiles if t is red) + sum(1 for t in self.visible if t is red) + sum(
                    1 for m in self.melds for t in m.tiles if t is red)
                rw = max(0, min(u, 1 - seen_red))
                if rw:
                    out.append((red, rw))
                if u - rw:
                    out.append((Tile(kind), u - rw))
            else:
                out.append((Tile(kind), u))
        return out

    def sh(self, tiles: tuple[Tile, ...]) -> int:
        return shanten(to_counts(tiles), n_melds=len(self.melds))

    @functools.cache  # noqa: B019 - one reference a test
    def points(self, tiles: tuple[Tile, ...], win: Tile, riichi: bool) -> float | None:  # noqa: FBT001
        hand = Hand(tiles, self.melds)
        ctx = dict(tsumo=True, seat_wind=self.seat, riichi=riichi, dora=self.dora)
        try:
            plain = score(hand, WinContext(win, **ctx)).points  # type: ignore[arg-type]
        except NoYakuError:
            return None
        first = score(hand, WinContext(win, **ctx))  # type: ignore[arg-type]
        if not riichi or not self.dora or first.yakuman_total:
            return float(plain)
        # one ura indicator among the tiles unseen at the win: score the hand with each
        everything = [*tiles, *(t for m in self.melds for t in m.tiles), *self.visible]
        total = weighted = 0.0
        for kind in range(34):
            n = 4 - sum(1 for t in everything if t.kind == kind)
            if n:
                total += n
                weighted += n * score(hand, WinContext(win, ura=(Tile(kind),), **ctx)).points  # type: ignore[arg-type]
        return weighted / total

    @functools.cache  # noqa: B019
    def draw(self, tiles: tuple[Tile, ...], riichi: bool, t: int) -> tuple[float, float, float]:  # noqa: FBT001
        now = self.sh(tiles)
        if t == LAST:
            return (1.0 if now <= 0 else 0.0, 0.0, 0.0)
        tn, wn, en = self.draw(tiles, riichi, t + 1)
        dt = dw = de = 0.0
        for tile, w in self.draws(tiles):
            more = tuple(sorted((*tiles, tile)))
            if self.sh(more) >= now:
                continue
            if now == 0:
                p = self.points(more, tile, riichi)
                if p is None:
                    continue
                x = (1.0, 1.0, p)
            else:
                x = self.discard(more, riichi, t + 1)
            dt += w * (x[0] - tn)
            dw += w * (x[1] - wn)
            de += w * (x[2] - en)
        left = self.pool - t
        return (1.0 if now == 0 else tn + dt / left, wn + dw / left, en + de / left)

    @functools.cache  # noqa: B019
    def discard(self, tiles: tuple[Tile, ...], riichi: bool, t: int) -> tuple[float, float, float]:  # noqa: FBT001
        now = self.sh(tiles)
        best = [0.0, 0.0, 0.0]
        for tile in set(tiles):
            rest = list(tiles)
            rest.remove(tile)
            left = tuple(rest)
            if self.sh(left) != now:
                continue
            x = self.draw(left, riichi or (self.closed and now == 0), t)
            best = [max(a, b) for a, b in zip(best, x, strict=True)]
        return (best[0], best[1], best[2])


def _random_hand(rng: random.Random, shanten_wanted: int, *, open_meld: bool) -> tuple[str, tuple[Meld, ...]]:
    """A complete closed hand of four runs or triplets and a pair, then tiles swapped for random ones until the
    shanten is the one wanted; with ``open_meld`` the first set is a chi or pon."""
    while True:
        wall = [Tile(k) for k in range(34) for _ in range(4)]
        wall[wall.index(Tile(4))] = Tile.M0
        wall[wall.index(Tile(13))] = Tile.P0
        rng.shuffle(wall)
        tiles: list[Tile] = []
        counts = [0] * 34
        sets: list[list[Tile]] = []
        while len(sets) < 4:
            k = rng.randrange(34)
            if rng.random() < 0.7 and k < 27 and k % 9 <= 6:
                group = [k, k + 1, k + 2]
            else:
                group = [k, k, k]
            if all(counts[g] + group.count(g) <= 4 for g in group):
                for g in group:
                    counts[g] += 1
                sets.append([Tile(g) for g in group])
        pair = rng.randrange(34)
        if counts[pair] + 2 > 4:
            continue
        counts[pair] += 2
        melds: tuple[Meld, ...] = ()
        if open_meld:
            first = sets.pop(0)
            kind = MeldType.CHI if first[0] != first[1] else MeldType.PON
            melds = (Meld(kind, first),)  # called from a seat not named
        tiles = [t for s in sets for t in s] + [Tile(pair), Tile(pair)]
        for _ in range(shanten_wanted + 1):
            i = rng.randrange(len(tiles))
            new = Tile(rng.randrange(34))
            if sum(1 for t in tiles if t.kind == new.kind) + sum(1 for m in melds for t in m.tiles if t.kind == new.kind) < 4:
                tiles[i] = new
        if shanten(to_counts(tiles), n_melds=len(melds)) == shanten_wanted:
            return format_tiles(tiles), melds


CASES = [(seed, wanted, open_meld) for seed, wanted, open_meld in
         [(1, 1, False), (2, 1, True), (3, 2, False), (4, 1, False), (5, 2, True), (6, 1, True)]]


@pytest.mark.parametrize(("seed", "wanted", "open_meld"), CASES)
def test_against_the_reference(seed: int, wanted: int, open_meld: bool) -> None:  # noqa: FBT001
    rng = random.Random(seed)
    text, melds = _random_hand(rng, wanted, open_meld=open_meld)
    hand = Hand(Hand.parse(text).concealed, melds)
    indicator = Tile(rng.randrange(34))
    seat = Wind(rng.randrange(4))
    if sum(1 for t in hand.tiles if t.kind == indicator.kind) >= 4:  # noqa: PLR2004
        indicator = Tile.Z7 if sum(1 for t in hand.tiles if t.kind == 33) < 4 else Tile.Z6  # noqa: PLR2004
    r = expected_values(hand, visible=[indicator], dora=[indicator], seat_wind=seat,
                        options=EvOptions(model=EvModel.PEER, first_turn=FIRST, last_turn=LAST))
    ref = Reference(melds, (indicator,), (indicator,), seat, 136 - 14 - 1)
    assert r.unseen == 121
    now = shanten(to_counts(hand.concealed), n_melds=len(melds))
    expected_rows = 0
    for tile in set(hand.concealed):
        rest = list(hand.concealed)
        rest.remove(tile)
        left = tuple(sorted(rest))
        if ref.sh(left) != now:
            with pytest.raises(KeyError):
                r.find(tile)
            continue
        expected_rows += 1
        d = r.find(tile)
        riichi = ref.closed and now == 0
        for i, turn in enumerate(range(FIRST, LAST + 1)):
            want = ref.draw(left, riichi, turn)
            got = (d.tenpai[i], d.win[i], d.value[i])
            for a, b in zip(got, want, strict=True):
                assert abs(a - b) <= 1e-9 * max(1.0, abs(b)), (str(hand), str(tile), turn, got, want)
    assert len(r.discards) == expected_rows


@pytest.mark.parametrize(("seed", "wanted", "open_meld"), CASES)
def test_probabilities_are_probabilities(seed: int, wanted: int, open_meld: bool) -> None:  # noqa: FBT001
    rng = random.Random(100 + seed)
    text, melds = _random_hand(rng, wanted, open_meld=open_meld)
    r = expected_values(Hand(Hand.parse(text).concealed, melds), options=EvOptions(model=EvModel.PEER, first_turn=1))
    for d in r.discards:
        for series in (d.tenpai, d.win):
            assert all(0.0 <= x <= 1.0 for x in series)
            assert all(a >= b - 1e-15 for a, b in zip(series, series[1:]))  # fewer turns, no better chance
        assert all(a >= b - 1e-15 for a, b in zip(d.value, d.value[1:]))
        assert all(t >= w - 1e-15 for t, w in zip(d.tenpai, d.win, strict=True))
        assert d.win[-1] == 0.0 == d.value[-1]


def test_tenpai_one_draw_from_the_end_wins_on_a_wait() -> None:
    # 123m 456m 789p 11s 22z waits on 1s and 2z (shanpon): 2 + 2 copies left, none visible, at turn 17 of 18
    # a closed hand draws one of 136 - 13 - 17 = 106 ... the pool is the 13-tile position's 123 tiles
    r = expected_values("123456m789p11s22z", options=EvOptions(model=EvModel.PEER, first_turn=17))
    assert r.unseen == 123
    assert r.discards[0].win[0] == 4 / (123 - 17)


@pytest.mark.parametrize(("seed", "wanted", "open_meld"), CASES[:4])
def test_table_model_probabilities_are_probabilities(seed: int, wanted: int, open_meld: bool) -> None:  # noqa: FBT001
    # the table model too: chances in [0, 1], never rising as the turns run out, tenpai >= win
    rng = random.Random(200 + seed)
    text, melds = _random_hand(rng, wanted, open_meld=open_meld)
    r = expected_values(Hand(Hand.parse(text).concealed, melds), options=EvOptions(model=EvModel.TABLE))
    assert r.discards
    for d in r.discards:
        for series in (d.tenpai, d.win):
            assert all(0.0 <= x <= 1.0 for x in series)
            assert all(a >= b - 1e-12 for a, b in zip(series, series[1:]))
        assert all(t >= w - 1e-12 for t, w in zip(d.tenpai, d.win, strict=True))
