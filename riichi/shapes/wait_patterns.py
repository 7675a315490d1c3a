"""Named multi-sided waits of a tenpai hand: nobetan, sanmenchan, entotsu, aryanmen, ...

:func:`riichi.shapes.waits.find_waits` gives every wait with its basic shapes
(ryanmen, kanchan, penchan, shanpon, tanki). Players also name a few
well-known *groups* of tiles whose waits combine those shapes;
:func:`wait_patterns` finds them.

>>> [str(p) for p in wait_patterns("23456m456p789s11z")]
['sanmenchan 23456m: 1m 4m 7m']
>>> [str(p) for p in wait_patterns("4445m456p789s111z")]
['ryantan 4445m: 3m 5m 6m']
>>> wait_patterns("23m456p789s11122z")  # a plain ryanmen: nothing to name
()

Definitions (facts from the Japanese Mahjong Wiki, riichi.wiki: the pages
"Nobetan", "Sanmen nobetan", "Sanmenchan", "Entotsu", "Aryanmen", "Ryantan"
(which also covers kantan and pentan), "Chuuren poutou" and "Kokushi musou").
Numbers below are tile numbers in one suit; ``t`` a triplet's number.

========================= ====================== ==========================================
name                      group of tiles         waits (shapes)
========================= ====================== ==========================================
``nobetan``               ``a..a+3`` (4 in a row) ``a``, ``a+3`` (two tanki)
``sanmen_nobetan``        ``a..a+6`` (7 in a row) ``a``, ``a+3``, ``a+6`` (three tanki)
``sanmenchan``            ``a..a+4``, 2 <= a <= 4 ``a-1``, ``a+2``, ``a+5`` (two ryanmen), pair elsewhere
``entotsu``               ``ttt`` + a ryanmen     ``t`` and the far end (ryanmen), ``t`` and the
                          next to it + a pair     pair (shanpon); the pair shares no kind with the rest
``aryanmen``              a run + a copy of an    the copied end (tanki, ryanmen) and the other side
                          end, the other two a    of the ryanmen; not ``1233`` or ``7789`` (penchan)
                          ryanmen
``ryantan``               ``ttt`` + ``t±1``,      the single tile (tanki) and the two ryanmen waits
                          the two a ryanmen       of ``t`` with it
``pentan``                ``ttt`` + ``t±1``,      the single tile (tanki) and the penchan wait
                          the two a penchan
``kantan``                ``ttt`` + ``t±2``       the single tile (tanki) and the tile between (kanchan)
``chuuren_9``             ``1112345678999``       all nine tiles of the suit (closed hand)
``kokushi_13``            the 13 orphans          all thirteen
========================= ====================== ==========================================

On entotsu and terminals: the wiki's counter-example ``77789`` + a pair waits
only on 7 and the pair because ``89`` is a penchan; the shape is named
whenever the two connected tiles are a ryanmen, so ``11123`` + a pair (1, 4
and the pair) is an entotsu too.

Detection. A *group* ``G`` is found in a hand when its tiles are among the
concealed tiles and the rest of the hand (concealed tiles minus ``G``, beside
its melds) is exactly complete sets, plus one pair when ``G`` itself holds no
pair: that is, ``G`` is the incomplete part of some reading of the hand. A
group of ``3k + 1`` tiles becomes ``k`` sets and a pair with its winning
tile, one of ``3k + 2`` tiles becomes ``k + 1`` sets. The waits reported for
a group are computed, not assumed: exactly the kinds ``w`` for which ``G + w``
is those sets (and that pair). Then the hand plus ``w`` is ``G + w`` beside
the complete rest, a complete hand, so **every reported wait is a wait of the
hand** (:func:`riichi.shapes.waits.find_waits`). The name comes from the group's
shape in the table; the tests check each shape gives the waits listed.

Smaller patterns inside a larger one are left out: a pattern is not reported
when another pattern found in the hand holds all its tiles and all its waits
(``1234567`` is a sanmen nobetan, not also two nobetan; nine gates hides the
nobetan and sanmenchan inside it). Other multi-sided waits (a double entotsu,
the many chinitsu waits) show as their named components, or as none. Tiles
are reported as kinds: a red five shows as a plain five.
"""

from __future__ import annotations

import enum
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from typing import Final

from riichi.frozen import Frozen
from riichi.hand import Hand
from riichi.notation import format_tiles
from riichi.shapes.shanten import hand_counts, shanten, shanten_kokushi, standard_cover
from riichi.tiles import TERMINAL_HONOR_KINDS, Tile

__all__ = ["WaitPattern", "WaitPatternName", "wait_patterns"]


class WaitPatternName(enum.Enum):
    """The standard romaji name of a multi-sided wait pattern."""

    NOBETAN = "nobetan"  #: four in a row, tanki on both ends (``3456``: 3, 6)
    SANMEN_NOBETAN = "sanmen_nobetan"  #: seven in a row, three tanki (``1234567``: 1, 4, 7)
    SANMENCHAN = "sanmenchan"  #: five in a row, two ryanmen (``23456``: 1, 4, 7)
    ENTOTSU = "entotsu"  #: triplet + ryanmen beside it + a pair (``55567`` ``11z``: 5, 8, 1z)
    ARYANMEN = "aryanmen"  #: a run + a copy of an end (``3455``: 2, 5)
    RYANTAN = "ryantan"  #: triplet + a neighbour, ryanmen and tanki (``4445``: 3, 5, 6)
    PENTAN = "pentan"  #: triplet + a neighbour at the edge, penchan and tanki (``1112``: 2, 3)
    KANTAN = "kantan"  #: triplet + a tile two away, kanchan and tanki (``1113``: 2, 3)
    CHUUREN_9 = "chuuren_9"  #: pure nine gates ``1112345678999``: all nine tiles of the suit
    KOKUSHI_13 = "kokushi_13"  #: thirteen orphans with all thirteen kinds: all thirteen


_ORDER: Final = {name: i for i, name in enumerate(WaitPatternName)}


@dataclass(frozen=True, slots=True)
class WaitPattern(Frozen):
    """A named multi-sided wait found in a tenpai hand: its name, the hand's tiles forming it, its waits."""

    name: WaitPatternName
    #: The tiles of the hand that form the pattern (sorted kinds; a red five shows as a plain five).
    tiles: tuple[Tile, ...]
    #: The winning tiles the pattern gives (each one a wait of the hand).
    waits: tuple[Tile, ...]

    def __str__(self) -> str:
        """``'sanmenchan 23456m: 1m 4m 7m'``."""
        return f"{self.name.value} {format_tiles(self.tiles)}: {' '.join(str(t) for t in self.waits)}"


# -- the shapes, as groups of kinds ---------------------------------------------------------------------

def _suit_shapes() -> Iterator[tuple[WaitPatternName, tuple[int, ...]]]:
    """Every (name, group) of a single suit; entotsu gets its pair later. Kinds ``base + number - 1``."""
    for base in (0, 9, 18):
        def k(number: int, base: int = base) -> int:
            return base + number - 1
        for a in range(1, 7):
            yield WaitPatternName.NOBETAN, tuple(k(n) for n in range(a, a + 4))
        for a in range(1, 4):
            yield WaitPatternName.SANMEN_NOBETAN, tuple(k(n) for n in range(a, a + 7))
        for a in range(2, 5):
            yield WaitPatternName.SANMENCHAN, tuple(k(n) for n in range(a, a + 5))
        for a in range(1, 8):
            run = (k(a), k(a + 1), k(a + 2))
            if a + 3 <= 9:  # noqa: PLR2004 - a a a+1 a+2: (a+1, a+2) waits a and a+3
                yield WaitPatternName.ARYANMEN, (k(a), *run)
            if a >= 2:  # noqa: PLR2004 - a a+1 a+2 a+2: (a, a+1) waits a-1 and a+2
                yield WaitPatternName.ARYANMEN, (*run, k(a + 2))
        for t in range(1, 10):
            for u in (t - 2, t - 1, t + 1, t + 2):
                if not 1 <= u <= 9:  # noqa: PLR2004
                    continue
                low = min(t, u)
                if abs(u - t) == 2:  # noqa: PLR2004
                    name = WaitPatternName.KANTAN
                elif low in (1, 8):  # noqa: PLR2004 - 12 and 89 are penchan
                    name = WaitPatternName.PENTAN
                else:
                    name = WaitPatternName.RYANTAN
                yield name, tuple(sorted((k(t), k(t), k(t), k(u))))


def _entotsu_cores() -> Iterator[tuple[tuple[int, ...], frozenset[int]]]:
    """Triplet + ryanmen next to it (no pair yet), with the kinds the pair must avoid."""
    for base in (0, 9, 18):
        for t in range(1, 10):
            for lo in (t + 1, t - 2):  # the two connected tiles lo, lo+1 touch the triplet
                if lo >= 2 and lo + 1 <= 8:  # noqa: PLR2004 - a ryanmen, not a penchan (12, 89)
                    kinds = tuple(sorted((base + t - 1,) * 3 + (base + lo - 1, base + lo)))
                    related = frozenset({base + n - 1 for n in (lo - 1, lo, lo + 1, lo + 2)})
                    yield kinds, related


_SUIT_SHAPES: Final = tuple(_suit_shapes())
_ENTOTSU_CORES: Final = tuple(_entotsu_cores())
_CHUUREN: Final = (3, 1, 1, 1, 1, 1, 1, 1, 3)


@cache
def _group_waits(group: tuple[int, ...]) -> tuple[int, ...]:
    """The kinds ``w`` for which ``group + w`` is complete on its own: ``(len + 1) // 3`` sets, and a pair
    when ``len + 1`` leaves two over. Only kinds of the group's suits can matter."""
    size = len(group) + 1
    slot = 2 * (size // 3) + (1 if size % 3 else 0)
    counts = [0] * 34
    for kind in group:
        counts[kind] += 1
    found = []
    for w in sorted({kind // 9 * 9 + n for kind in group if kind < 27 for n in range(9)} | set(group)):  # noqa: PLR2004
        counts[w] += 1
        if standard_cover(counts)[slot] == size:
            found.append(w)
        counts[w] -= 1
    return tuple(found)


def _rest_complete(counts: list[int], group: tuple[int, ...], sets_needed: int) -> bool:
    """Whether ``counts`` without ``group`` is exactly the sets (and the pair) the group does not supply."""
    rest = list(counts)
    for kind in group:
        rest[kind] -= 1
        if rest[kind] < 0:
            return False
    size = len(group) + 1
    sets = sets_needed - size // 3
    pair = 0 if size % 3 else 1
    if sets < 0:
        return False
    return sum(rest) == 3 * sets + 2 * pair and standard_cover(rest)[2 * sets + pair] == sum(rest)


def _pattern(name: WaitPatternName, group: tuple[int, ...], waits: tuple[int, ...]) -> WaitPattern:
    return WaitPattern(name, tuple(Tile(k) for k in sorted(group)), tuple(Tile(k) for k in waits))


def _standard_patterns(counts: list[int], sets_needed: int) -> list[WaitPattern]:
    found = []
    candidates: list[tuple[WaitPatternName, tuple[int, ...]]] = list(_SUIT_SHAPES)
    for core, related in _ENTOTSU_CORES:
        candidates += [(WaitPatternName.ENTOTSU, tuple(sorted((*core, p, p))))
                       for p in range(34) if counts[p] >= 2 and p not in related]  # noqa: PLR2004
    for name, group in candidates:
        if _rest_complete(counts, group, sets_needed):
            waits = _group_waits(group)
            if waits:
                found.append(_pattern(name, group, waits))
    for base in (0, 9, 18):
        if sets_needed == 4 and tuple(counts[base:base + 9]) == _CHUUREN:  # noqa: PLR2004
            group = tuple(k for k in range(base, base + 9) for _ in range(counts[k]))
            found.append(_pattern(WaitPatternName.CHUUREN_9, group, _group_waits(group)))
    return found


def _contains(big: WaitPattern, small: WaitPattern) -> bool:
    return (big != small and not Counter(small.tiles) - Counter(big.tiles)
            and set(small.waits) <= set(big.waits))


def wait_patterns(hand: Hand | str) -> tuple[WaitPattern, ...]:
    """The named multi-sided waits of a 13-tile hand (melds count three each); empty when not tenpai.

    See the module docstring for the definitions and how each is detected. Sorted by name (in
    :class:`WaitPatternName` order), then by tiles.

    >>> wait_patterns("1234567m123p78s5z")  # one tile from tenpai
    ()
    >>> [str(p) for p in wait_patterns("1234567m123p789s")]
    ['sanmen_nobetan 1234567m: 1m 4m 7m']
    """
    if isinstance(hand, str):
        hand = Hand.parse(hand)
    counts = hand_counts(hand, sizes=(13,))
    n_melds = len(hand.melds)
    if shanten(counts, n_melds=n_melds) != 0:
        return ()
    found = _standard_patterns(counts, 4 - n_melds)
    if n_melds == 0 and all(counts[k] == 1 for k in TERMINAL_HONOR_KINDS) and shanten_kokushi(counts) == 0:
        orphans = tuple(TERMINAL_HONOR_KINDS)
        found.append(_pattern(WaitPatternName.KOKUSHI_13, orphans, orphans))
    unique = list(dict.fromkeys(found))
    kept = [p for p in unique if not any(_contains(q, p) for q in unique)]
    kept.sort(key=lambda p: (_ORDER[p.name], [t.kind for t in p.tiles]))
    return tuple(kept)
