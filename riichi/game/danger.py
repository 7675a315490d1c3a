"""Danger: the chance that a tile, discarded now, deals into each other seat, from what a seat's view shows.

A tile against a seat is first *genbutsu* or not: a kind in that seat's own river, or (once the seat is in
riichi) discarded by anyone since its riichi, cannot deal in (furiten), so its danger is 0. Any other tile
falls into a class (:class:`TileClass`) read from the table as everyone sees it:

- its *shape*: a terminal (1, 9), 2 or 8, 3 or 7, 4 or 6, a 5, a guest wind, or a value honour for that seat
  (a dragon, its seat wind, the round wind);
- for a number, its *open sides*: the two-sided waits that could win on it (4-6 have two, 1-3 and 7-9 one),
  less those the seat's river closes (suji: 1-4-7, 2-5-8, 3-6-9) and those no longer possible because every
  copy of the inner neighbour is in view (kabe: a no-chance); for an honour, how many copies are in view;
- the *turn* of the riichi (its riichi tile among the seat's first 6 discards, the next 5, or later);
- whether it is *beside the riichi tile* (same suit, within two: the waits the riichi tile's shape came
  from) and whether it is a *dora*.

The rate of each class is counted in real games (scripts/build_danger_tables.py: Tenhou's houou-table games
replayed by the library's engine; at every discard made after a riichi, each kind the discarder held, whether
it was the riichi hand's winning tile), with a class seen rarely shrunk toward its coarser class. Against a
seat not in riichi, the rate is the class's rate times the chance that such a seat is tenpai (counted in the
same games by its calls and how many tiles it has discarded). docs/expert.md gives the calibration on games
the tables were not counted from.

In the shipped tables a 4, 5 or 6 with both two-sided waits open (musuji) is several times as dangerous as one
both suji close, and a terminal that suji closes is among the safest numbers:

>>> musuji = TileClass(FOUR_SIX, 2, 1, beside_riichi=False, dora=False)
>>> double_suji = TileClass(FOUR_SIX, 0, 1, beside_riichi=False, dora=False)
>>> suji_terminal = TileClass(TERMINAL, 0, 1, beside_riichi=False, dora=False)
>>> class_rate(musuji, 4) > 3 * class_rate(double_suji, 4), class_rate(suji_terminal, 4) < 0.03
(True, True)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from riichi.frozen import Frozen
from riichi.game import _danger_table
from riichi.tiles import KIND_OF, Tile

if TYPE_CHECKING:
    from riichi.game.players import SeatView

__all__ = ["SeatThreat", "TileClass", "class_rate", "danger_of_kinds", "dora_kinds", "seat_threats", "tile_class",
           "tile_danger", "visible_counts"]

#: Shapes of a tile (TileClass.shape).
TERMINAL: Final = 0
TWO_EIGHT: Final = 1
THREE_SEVEN: Final = 2
FOUR_SIX: Final = 3
FIVE: Final = 4
GUEST_WIND: Final = 5
VALUE_HONOUR: Final = 6
_SHAPE_OF_RANK: Final = (TERMINAL, TWO_EIGHT, THREE_SEVEN, FOUR_SIX, FIVE, FOUR_SIX, THREE_SEVEN, TWO_EIGHT, TERMINAL)
#: A class seen fewer times than this leans on its coarser class (an additive prior of this many samples).
_PRIOR: Final = 30.0
_HONOURS: Final = 27


@dataclass(frozen=True, slots=True)
class TileClass(Frozen):
    """What the table shows of a tile against one seat (see the module description)."""

    shape: int
    #: For a number, its open two-sided waits (0, 1 or 2); for an honour, the copies in view (0 to 3).
    sides: int
    #: 0: the riichi (or, for a seat not in riichi, its discards so far) came in its first 6 discards, 1: the
    #: next 5, 2: later.
    turn: int
    beside_riichi: bool
    dora: bool

    def key(self) -> tuple[int, int, int, int, int]:
        return (self.shape, self.sides, self.turn, int(self.beside_riichi), int(self.dora))


@dataclass(frozen=True, slots=True)
class SeatThreat(Frozen):
    """One other seat as a threat: whether it is in riichi, the chance it is tenpai, and what a tile against it
    is judged by (the kinds that are safe against it, its turn bucket, its riichi tile)."""

    seat: int
    riichi: bool
    tenpai: float
    safe: frozenset[int]
    turn: int
    riichi_kind: int


def _turn_bucket(discards: int) -> int:
    return 0 if discards <= 6 else 1 if discards <= 11 else 2  # noqa: PLR2004


def visible_counts(view: SeatView) -> list[int]:
    """The copies of each kind this seat can see: its hand, every river (a called tile once, in its meld),
    the melds, the Norths set aside and the dora indicators."""
    counts = [0] * 34
    for t in view.hand:
        counts[KIND_OF[t]] += 1
    for t in view.dora_indicators:
        counts[KIND_OF[t]] += 1
    for s in range(len(view.scores)):
        for d in view.river(s):
            if not d.called:
                counts[KIND_OF[d.tile]] += 1
        for m in view.melds(s):
            for t in m.tiles:
                counts[KIND_OF[t]] += 1
        counts[30] += view.kita(s)
    return [min(c, 4) for c in counts]


def _tenpai_chance(players: int, melds: int, turn: int) -> float:
    table = _danger_table.TENPAI_SANMA if players == 3 else _danger_table.TENPAI  # noqa: PLR2004
    seen, tenpai = table.get((min(melds, 3), turn), (0, 0))
    return (tenpai + 1.0) / (seen + 4.0)


def seat_threats(view: SeatView) -> list[SeatThreat]:
    """Each other seat of the view as a threat."""
    order = view.discard_order
    players = len(view.scores)
    threats = []
    for s in range(players):
        if s == view.seat:
            continue
        river = view.river(s)
        safe = {KIND_OF[d.tile] for d in river}
        riichi_at = next((i for i, d in enumerate(river) if d.riichi), -1)
        in_riichi = view.riichi[s]
        riichi_kind = -1
        if in_riichi and riichi_at >= 0:
            riichi_kind = KIND_OF[river[riichi_at].tile]
            own = 0
            for seat, tile in order:  # every discard after the riichi tile went by the riichi hand
                if own > riichi_at:
                    safe.add(KIND_OF[tile])
                if seat == s:
                    own += 1
            turn = _turn_bucket(riichi_at + 1)
            tenpai = 1.0
        else:
            turn = _turn_bucket(len(river))
            tenpai = _tenpai_chance(players, len(view.melds(s)), turn)
        threats.append(SeatThreat(s, in_riichi, tenpai, frozenset(safe), turn, riichi_kind))
    return threats


def _is_value_honour(view: SeatView, seat: int, kind: int) -> bool:
    wind = int(view.round_wind)
    seat_wind = (int(view.seat_wind) + seat - view.seat) % len(view.scores)
    return kind >= 31 or kind == 27 + wind or kind == 27 + seat_wind  # noqa: PLR2004


def tile_class(view: SeatView, kind: int, threat: SeatThreat, visible: list[int], dora: frozenset[int]) -> TileClass:
    """The class of ``kind`` against ``threat`` (not genbutsu: the caller checks ``threat.safe`` first)."""
    if kind >= _HONOURS:
        shape = VALUE_HONOUR if _is_value_honour(view, threat.seat, kind) else GUEST_WIND
        return TileClass(shape, min(visible[kind], 3), threat.turn, beside_riichi=False, dora=kind in dora)
    rank = kind % 9
    base = kind - rank
    sides = 0
    if rank <= 5:  # noqa: PLR2004 - a two-sided wait on rank+1, rank+2 (waiting rank and rank+3)
        closed = (base + rank + 3) in threat.safe or visible[base + rank + 1] >= 4 or visible[base + rank + 2] >= 4  # noqa: PLR2004
        sides += 0 if closed else 1
    if rank >= 3:  # noqa: PLR2004 - a two-sided wait on rank-2, rank-1 (waiting rank-3 and rank)
        closed = (base + rank - 3) in threat.safe or visible[base + rank - 1] >= 4 or visible[base + rank - 2] >= 4  # noqa: PLR2004
        sides += 0 if closed else 1
    r = threat.riichi_kind
    beside = r >= 0 and r < _HONOURS and r // 9 == kind // 9 and abs(r - kind) <= 2  # noqa: PLR2004
    return TileClass(_SHAPE_OF_RANK[rank], sides, threat.turn, beside_riichi=beside, dora=kind in dora)


def class_rate(cls: TileClass, players: int) -> float:
    """The chance that a tile of this class is a riichi hand's winning tile, from the tables (a rare class
    shrunk toward the same shape and sides at any turn, and that toward the shape)."""
    table = _danger_table.RATES_SANMA if players == 3 else _danger_table.RATES  # noqa: PLR2004
    shape_seen, shape_hit = table.get((cls.shape, -1, -1, -1, -1), (0, 0))
    rate = (shape_hit + 0.5) / (shape_seen + 10.0)
    sides_seen, sides_hit = table.get((cls.shape, cls.sides, -1, -1, -1), (0, 0))
    rate = (sides_hit + _PRIOR * rate) / (sides_seen + _PRIOR)
    turn_seen, turn_hit = table.get((cls.shape, cls.sides, cls.turn, -1, -1), (0, 0))
    rate = (turn_hit + _PRIOR * rate) / (turn_seen + _PRIOR)
    seen, hit = table.get(cls.key(), (0, 0))
    return (hit + _PRIOR * rate) / (seen + _PRIOR)


def dora_kinds(view: SeatView) -> frozenset[int]:
    """The kinds the dora indicators make dora (with three players, 1m indicates 9m: 2m-8m are not played)."""
    kinds = set()
    three = len(view.scores) == 3  # noqa: PLR2004
    for t in view.dora_indicators:
        kind = KIND_OF[t]
        kinds.add(8 if three and kind == 0 else KIND_OF[t.dora_after()])
    return frozenset(kinds)


def danger_of_kinds(view: SeatView, kinds: list[int]) -> list[list[float]]:
    """For each kind in ``kinds``, the chance that discarding it now deals into each seat (0 for the view's own
    seat), seat by seat."""
    players = len(view.scores)
    threats = seat_threats(view)
    visible = visible_counts(view)
    dora = dora_kinds(view)
    out = []
    for kind in kinds:
        row = [0.0] * players
        for threat in threats:
            if kind in threat.safe:
                continue
            rate = class_rate(tile_class(view, kind, threat, visible, dora), players)
            row[threat.seat] = rate * threat.tenpai
        out.append(row)
    return out


def tile_danger(view: SeatView, tile: Tile) -> list[float]:
    """The chance that discarding ``tile`` now deals into each seat (0 for the view's own seat)."""
    return danger_of_kinds(view, [KIND_OF[tile]])[0]
