"""Waits of a tenpai hand, the shape of each wait, and whether it can still be won.

A tile is a wait exactly when the hand plus that tile is complete (four sets
and a pair, seven different pairs, or thirteen orphans). Each wait gets every
shape it has across the hand's readings: in ``4445m`` beside three sets,
``5m`` is a tanki (``444 5``) and ``3m``/``6m`` are ryanmen (``44 45``); in
``45556m 11z`` beside two sets, ``5m`` is a kanchan (``555 46``) and a
shanpon (``456 55 11z``).

>>> [(str(w.tile), [s.value for s in w.shapes]) for w in find_waits("4445m456p789s111z")]
[('3m', ['ryanmen']), ('5m', ['tanki']), ('6m', ['ryanmen'])]
>>> [(str(w.tile), [s.value for s in w.shapes]) for w in find_waits("45556m123p789s11z")]
[('5m', ['kanchan', 'shanpon']), ('1z', ['shanpon'])]
>>> w = find_waits("1111m123456789p")[0]
>>> str(w.tile), w.is_karaten, w.remaining
('1m', True, 0)

Flags: a wait whose four copies are all in the hand itself (melds included)
is *karaten*: it can never come. Given the tiles the caller can see
(discards, dora indicators, other players' melds), ``remaining`` counts the
copies still unseen; a wait with none left is *dead*.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Final

from riichi.counts import to_counts
from riichi.frozen import Frozen
from riichi.shapes.decompose import HONOR_GROUP_COUNTS, HONOR_PAIR_COUNTS, suit_readings
from riichi.errors import ImpossibleTilesError
from riichi.hand import Hand
from riichi.notation import parse_tiles
from riichi.shapes.shanten import (
    hand_counts,
    shanten,
    shanten_chiitoitsu,
    shanten_kokushi,
    standard_cover,
)
from riichi.tiles import TERMINAL_HONOR_KINDS, Tile, kind_name
from riichi.shapes.wait_shape import WaitShape

__all__ = [
    "Wait",
    "candidate_kinds",
    "WaitShape",
    "discard_waits",
    "find_waits",
    "hand_and_visible_counts",
    "visible_counts",
    "wait_kinds",
    "wait_shapes",
]


_ORDER: Final = {shape: i for i, shape in enumerate(WaitShape)}
_ORPHANS: Final = frozenset(TERMINAL_HONOR_KINDS)


@dataclass(frozen=True, slots=True)
class Wait(Frozen):
    """One winning tile of a tenpai hand."""

    tile: Tile
    #: Every shape the tile completes, across all readings.
    shapes: tuple[WaitShape, ...]
    #: Copies of the tile in the hand, melds included.
    in_hand: int
    #: Copies the caller reported as visible elsewhere.
    visible: int = 0

    @property
    def remaining(self) -> int:
        """Copies that may still come: ``4 - in_hand - visible`` (never below 0)."""
        return max(0, 4 - self.in_hand - self.visible)

    @property
    def is_karaten(self) -> bool:
        """All four copies are in the hand itself."""
        return self.in_hand >= 4  # noqa: PLR2004

    @property
    def is_dead(self) -> bool:
        """No copy is left to win on (karaten, or every other copy is visible)."""
        return self.remaining == 0

    def __repr__(self) -> str:
        """Short, and it reads back: ``Wait(Tile.parse('1m'), (WaitShape.RYANMEN,), 1)``."""
        shapes = "".join(f"WaitShape.{shape.name}, " for shape in self.shapes)
        visible = f", {self.visible}" if self.visible else ""
        return f"Wait({self.tile!r}, ({shapes.rstrip(' ')}), {self.in_hand}{visible})"

    def __str__(self) -> str:
        """``1m ryanmen (3 left)``."""
        return f"{self.tile} {', '.join(shape.value for shape in self.shapes)} ({self.remaining} left)"

    def _repr_html_(self) -> str:
        """Notebooks show the tile's picture with its shapes and the copies left."""
        from riichi import svg  # noqa: PLC0415 - pictures only when a notebook asks

        shapes = ", ".join(shape.value for shape in self.shapes)
        return (f'<span style="display:inline-flex;align-items:center;gap:6px">'
                f'<span style="width:30px">{svg.tile(self.tile)}</span>{shapes} ({self.remaining} left)</span>')


def candidate_kinds(counts: Sequence[int], *, n_melds: int = 0) -> list[int]:
    """Kinds that can complete or improve a hand: held kinds, their neighbours within two in a suit,
    the orphans (without melds), and every kind while seven pairs lacks kinds.

    A drawn tile changes a standard-form shanten only by joining a held tile in a set or pair,
    seven pairs only by pairing a single (or adding a kind when fewer than seven), thirteen
    orphans only by being an orphan.
    """
    if n_melds == 0 and 34 - bytes(counts).count(0) < 7:  # noqa: PLR2004
        return list(range(34))
    near = set(_ORPHANS) if n_melds == 0 else set()
    for kind in range(34):
        if counts[kind]:
            near.add(kind)
            if kind < 27:  # noqa: PLR2004
                number = kind % 9
                near.update(kind + d for d in (-2, -1, 1, 2) if 0 <= number + d <= 8)  # noqa: PLR2004
    return sorted(near)


def wait_kinds(counts: Sequence[int], *, n_melds: int = 0) -> list[int]:
    """The kinds that complete the concealed ``counts`` (3n+1 tiles next to ``n_melds`` melds)."""
    c = list(counts)
    if shanten(c, n_melds=n_melds) != 0:
        return []
    if n_melds or (shanten_chiitoitsu(c) > 0 and shanten_kokushi(c) > 0):
        return _standard_waits(c)
    found = []
    for kind in candidate_kinds(c, n_melds=n_melds):
        c[kind] += 1
        if shanten(c, n_melds=n_melds) < 0:
            found.append(kind)
        c[kind] -= 1
    return found


def discard_waits(counts: Sequence[int], *, n_melds: int = 0) -> dict[int, list[int]]:
    """For the concealed ``counts`` of a hand that has drawn (3n+2 tiles next to ``n_melds`` melds), each
    kind whose discard leaves it tenpai, with the kinds it then waits on (:func:`wait_kinds`).

    A hand more than one tile from tenpai has none, which one shanten answers.

    >>> from riichi.counts import to_counts
    >>> from riichi.notation import parse_tiles
    >>> from riichi.tiles import kind_name
    >>> waits = discard_waits(to_counts(parse_tiles("123456789m1122z5p")))
    >>> {kind_name(d): [kind_name(k) for k in w] for d, w in waits.items()}
    {'5p': ['1z', '2z']}
    """
    c = list(counts)
    if shanten(c, n_melds=n_melds) > 0:
        return {}
    out = {}
    for kind in range(34):
        if c[kind]:
            c[kind] -= 1
            waits = wait_kinds(c, n_melds=n_melds)
            if waits:
                out[kind] = waits
            c[kind] += 1
    return out

def _standard_waits(counts: list[int]) -> list[int]:
    """The kinds that make four sets and a pair, checking only the group each one joins.

    The standard form is complete when each suit splits into sets, one suit or honour holding the
    pair (a suit's readings come from the shape table of :func:`~riichi.shapes.decompose.suit_readings`,
    which knows a suit of 3n+2 tiles holds the pair), every honour count is a pair or a triplet
    (five copies read as both, a shape only), and there is exactly one pair. A tile changes one
    group, so every other group must already be fine. In a suit a tile joins a set or the pair only
    within two numbers of a held tile, and a suit of 3n tiles cannot take it (3n+1 never splits).
    """
    suits = [tuple(counts[base:base + 9]) for base in (0, 9, 18)]
    totals = [sum(p) for p in suits]
    suit_ok = [t % 3 != 1 and (t == 0 or bool(suit_readings(p))) for p, t in zip(suits, totals, strict=True)]
    suit_pair = [t % 3 == 2 for t in totals]  # noqa: PLR2004
    honors = counts[27:34]
    honor_ok = [n in HONOR_GROUP_COUNTS for n in honors]
    honor_pair = [n in HONOR_PAIR_COUNTS for n in honors]
    bad_suits, bad_honors = suit_ok.count(False), honor_ok.count(False)
    pairs = suit_pair.count(True) + honor_pair.count(True)
    found: list[int] = []
    for s, (p, t) in enumerate(zip(suits, totals, strict=True)):
        if t % 3 == 0 or bad_honors or bad_suits - (not suit_ok[s]):
            continue
        if pairs - suit_pair[s] + ((t + 1) % 3 == 2) != 1:  # noqa: PLR2004
            continue
        for i in range(9):
            near = p[i] or (i > 0 and p[i - 1]) or (i > 1 and p[i - 2]) or (i < 8 and p[i + 1]) or (i < 7 and p[i + 2])  # noqa: PLR2004
            if near and suit_readings((*p[:i], p[i] + 1, *p[i + 1:])):
                found.append(9 * s + i)
    for h, n in enumerate(honors):
        if n not in (1, 2, 4) or bad_suits or bad_honors - (not honor_ok[h]):
            continue
        if pairs - honor_pair[h] + (n + 1 in HONOR_PAIR_COUNTS) == 1:
            found.append(27 + h)
    return found


def wait_shapes(counts: Sequence[int], kind: int, *, n_melds: int = 0) -> tuple[WaitShape, ...]:
    """Every shape by which ``kind`` completes ``counts`` (empty if it does not)."""
    c = list(counts)
    sets = 4 - n_melds
    shapes: set[WaitShape] = set()
    # Standard form: the tile ends up in the pair, a triplet or a run.
    if c[kind] >= 1 and _is_sets(c, (kind,), sets, pair=False):
        shapes.add(WaitShape.TANKI)
    if c[kind] >= 2 and _is_sets(c, (kind, kind), sets - 1, pair=True):  # noqa: PLR2004
        shapes.add(WaitShape.SHANPON)
    if kind < 27:  # noqa: PLR2004
        number = kind % 9
        for start in range(max(0, number - 2), min(number, 6) + 1):
            first = kind - number + start
            others = tuple(k for k in (first, first + 1, first + 2) if k != kind)
            if all(c[k] for k in others) and _is_sets(c, others, sets - 1, pair=True):
                shapes.add(_run_shape(kind, first))
    if n_melds == 0:
        if c[kind] == 1:
            c[kind] += 1
            if shanten_chiitoitsu(c) < 0:
                shapes.add(WaitShape.TANKI)
            c[kind] -= 1
        if kind in TERMINAL_HONOR_KINDS and shanten_kokushi(c) == 0:
            full = all(c[k] for k in TERMINAL_HONOR_KINDS)
            if full:
                shapes.add(WaitShape.KOKUSHI_13)
            elif c[kind] == 0:
                shapes.add(WaitShape.KOKUSHI)
    return tuple(sorted(shapes, key=_ORDER.__getitem__))


def _run_shape(kind: int, first: int) -> WaitShape:
    if kind == first + 1:
        return WaitShape.KANCHAN
    low = first % 9
    if (kind == first and low == 6) or (kind == first + 2 and low == 0):  # noqa: PLR2004 - 89 wait 7, 12 wait 3
        return WaitShape.PENCHAN
    return WaitShape.RYANMEN


def _is_sets(c: list[int], removed: tuple[int, ...], sets: int, *, pair: bool) -> bool:
    """Whether ``c`` without ``removed`` is exactly ``sets`` sets (and a pair when ``pair``)."""
    rest = list(c)
    for k in removed:
        rest[k] -= 1
    if min(rest) < 0 or sets < 0:
        return False
    slot = 2 * sets + (1 if pair else 0)
    return sum(rest) == 3 * sets + (2 if pair else 0) and standard_cover(rest)[slot] == sum(rest)


def visible_counts(visible: Iterable[Tile] | str) -> list[int]:
    """Counts of visible tiles (MPSZ text or tiles), checked for five copies."""
    tiles = parse_tiles(visible) if isinstance(visible, str) else tuple(visible)
    counts = to_counts(tiles)
    for kind, n in enumerate(counts):
        if n > 4:  # noqa: PLR2004
            raise ImpossibleTilesError(f"{n} copies of {kind_name(kind)} are visible; the set has only 4")
    return counts


def hand_and_visible_counts(hand: Hand, visible: Iterable[Tile] | str) -> tuple[list[int], list[int]]:
    """(copies in the hand, melds included; copies visible), checked against the four of the set."""
    seen = visible_counts(visible)
    own = to_counts(hand.tiles)
    for kind in range(34):
        if own[kind] + seen[kind] > 4:  # noqa: PLR2004
            raise ImpossibleTilesError(f"{kind_name(kind)}: {own[kind]} in the hand and {seen[kind]} visible "
                                       f"make more than the 4 copies of the set")
    return own, seen


def find_waits(hand: Hand | str, *, visible: Iterable[Tile] | str = ()) -> tuple[Wait, ...]:
    """The waits of a hand of 13 tiles (melds count three each); empty when it is not tenpai.

    ``visible``: tiles seen outside the hand (they lower ``remaining``; do not list the hand's own).
    """
    if isinstance(hand, str):
        hand = Hand.parse(hand)
    counts = hand_counts(hand, sizes=(13,))
    own, seen = hand_and_visible_counts(hand, visible)
    melds = len(hand.melds)
    return tuple(
        Wait(Tile(kind), wait_shapes(counts, kind, n_melds=melds), own[kind], seen[kind])
        for kind in wait_kinds(counts, n_melds=melds)
    )
