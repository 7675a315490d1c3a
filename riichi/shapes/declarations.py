"""Whether riichi may be declared, and whether a concealed kan is allowed after riichi.

Riichi needs a closed hand (concealed kans allowed) that is tenpai after the
declaring discard, enough tiles left in the live wall and enough points for
the 1000-point deposit. Most rules want at least four live-wall tiles and
1000 points (WRC Riichi Rules 2015, EMA Riichi Competition Rules 2016, the Tenhou.net
rules); M-League asks for
neither. :class:`~riichi.rules.GameRules` holds them (``riichi_min_wall_tiles``, ``riichi_min_points``); they
are keyword arguments, and :func:`riichi_thresholds` gives each preset's.

After riichi a concealed kan is allowed only with the tile just drawn, and
only when it does not change the waits; under the strict rule of the WRC Riichi
Rules 2015 (also EMA and JPML) the three tiles must moreover have no reading other
than a triplet: ``222333444`` may not be konged, as it also reads as three
``234`` runs.

>>> check_riichi("123m456p789s1112z5z", tiles_left=10, points=25000).discards
(Tile.parse('2z'), Tile.parse('5z'))
>>> check_ankan_after_riichi("222333444m55p67s", "2m").reasons
(Refusal.OTHER_READING,)
>>> check_ankan_after_riichi("222333444m55p67s", "2m", strict=False).allowed
True
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Final

from riichi.frozen import Frozen
from riichi.shapes.decompose import standard_readings
from riichi.hand import Hand
from riichi.rules import RuleSet
from riichi.shapes.shanten import hand_counts, shanten
from riichi.tiles import Tile
from riichi.shapes.waits import wait_kinds

__all__ = [
    "Declaration",
    "Refusal",
    "check_ankan_after_riichi",
    "check_riichi",
    "distinct_discards",
    "riichi_thresholds",
]

#: Live-wall tiles and points most rules require to declare riichi (WRC Riichi Rules 2015, EMA 2016, Tenhou).
MIN_WALL_TILES: Final = 4
MIN_POINTS: Final = 1000

def riichi_thresholds(rules: RuleSet | None) -> tuple[int | None, int | None]:
    """(minimum live-wall tiles, minimum points) for a rule set; ``None`` means no minimum.

    The rule set's ``riichi_min_wall_tiles`` and ``riichi_min_points`` (M-League has neither).
    """
    if rules is None:
        return MIN_WALL_TILES, MIN_POINTS
    return rules.game.riichi_min_wall_tiles, rules.game.riichi_min_points


class Refusal(enum.Enum):
    """Why a declaration is not allowed."""

    OPEN_HAND = "open_hand"  #: riichi needs a closed hand
    NOT_TENPAI = "not_tenpai"  #: no discard leaves the hand tenpai (or the riichi hand is not tenpai)
    FEW_TILES = "few_tiles"  #: too few tiles left in the live wall
    FEW_POINTS = "few_points"  #: not enough points for the deposit
    NOT_A_KAN = "not_a_kan"  #: the drawn tile does not make four with the hand's tiles
    CHANGES_WAITS = "changes_waits"  #: the kan would change the waits
    OTHER_READING = "other_reading"  #: the three tiles also read as something else than a triplet

    def __repr__(self) -> str:
        return f"Refusal.{self.name}"


@dataclass(frozen=True, slots=True)
class Declaration(Frozen):
    """The verdict on a declaration: allowed when there is no refusal."""

    reasons: tuple[Refusal, ...] = ()
    #: For riichi: the discards that keep the hand tenpai (the declaring discard is one of them).
    discards: tuple[Tile, ...] = ()

    @property
    def allowed(self) -> bool:
        return not self.reasons


def check_riichi(hand: Hand | str, *, tiles_left: int | None = None, points: int | None = None,
                 min_wall_tiles: int | None = MIN_WALL_TILES, min_points: int | None = MIN_POINTS) -> Declaration:
    """May the hand declare riichi?

    ``hand`` is 14 tiles (the turn's draw included; the declaring discard is chosen from
    ``discards``) or 13 tiles (is it tenpai now). ``tiles_left`` and ``points`` are checked against
    ``min_wall_tiles`` and ``min_points`` when given (``None`` thresholds switch a check off).
    """
    if isinstance(hand, str):
        hand = Hand.parse(hand)
    counts = hand_counts(hand)
    melds = len(hand.melds)
    reasons: list[Refusal] = []
    if not hand.is_closed:
        reasons.append(Refusal.OPEN_HAND)
    keep: list[Tile] = []
    if len(hand.concealed) + 3 * melds == 14:  # noqa: PLR2004
        for tile in distinct_discards(hand.concealed):
            counts[tile.kind] -= 1
            if shanten(counts, n_melds=melds) == 0:
                keep.append(tile)
            counts[tile.kind] += 1
        tenpai = bool(keep)
    else:
        tenpai = shanten(counts, n_melds=melds) == 0
    if not tenpai:
        reasons.append(Refusal.NOT_TENPAI)
    if tiles_left is not None and min_wall_tiles is not None and tiles_left < min_wall_tiles:
        reasons.append(Refusal.FEW_TILES)
    if points is not None and min_points is not None and points < min_points:
        reasons.append(Refusal.FEW_POINTS)
    return Declaration(tuple(reasons), tuple(keep))


def distinct_discards(concealed: tuple[Tile, ...]) -> list[Tile]:
    """One tile per kind, a plain five rather than a red one when both are held."""
    chosen: dict[int, Tile] = {}
    for tile in concealed:
        if tile.kind not in chosen or chosen[tile.kind].is_red:
            chosen[tile.kind] = tile
    return [chosen[k] for k in sorted(chosen)]


def check_ankan_after_riichi(hand: Hand | str, drawn: Tile | str, *, strict: bool = True) -> Declaration:
    """May a player in riichi with this 13-tile ``hand`` make a concealed kan with the ``drawn`` tile?

    Always required: the hand holds three of the drawn tile and the waits stay the same. With
    ``strict`` (WRC Riichi Rules 2015; also EMA and JPML), the three tiles must be a triplet in every
    reading of the hand with each of its winning tiles.
    """
    if isinstance(hand, str):
        hand = Hand.parse(hand)
    if isinstance(drawn, str):
        drawn = Tile.parse(drawn)
    counts = hand_counts(hand, sizes=(13,))
    melds = len(hand.melds)
    kind = drawn.kind
    before = wait_kinds(counts, n_melds=melds)
    if not before:
        return Declaration((Refusal.NOT_TENPAI,))
    if counts[kind] != 3:  # noqa: PLR2004
        return Declaration((Refusal.NOT_A_KAN,))
    counts[kind] -= 3
    after = wait_kinds(counts, n_melds=melds + 1)
    counts[kind] += 3
    reasons: list[Refusal] = []
    if after != before:
        reasons.append(Refusal.CHANGES_WAITS)
    if strict and not _always_triplet(counts, kind, before):
        reasons.append(Refusal.OTHER_READING)
    return Declaration(tuple(reasons))


def _always_triplet(counts: list[int], kind: int, waits: list[int]) -> bool:
    for wait in waits:
        counts[wait] += 1
        readings = standard_readings(counts)
        counts[wait] -= 1
        if not readings or any(kind not in triplets for _, triplets, _ in readings):
            return False
    return True

