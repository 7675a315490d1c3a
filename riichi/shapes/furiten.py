"""Furiten: whether a tenpai hand may win on another player's discard.

A player may not ron when

* one of their waits is among their own discards (own-discard furiten, for
  as long as it stays so);
* a winning tile went by since their last draw without them winning on it
  (temporary furiten, until their next draw);
* they are in riichi and a winning tile went by at any time after the
  declaration (riichi furiten, for the rest of the hand).

A furiten hand may still win by tsumo, and may still declare riichi.

>>> check_furiten("23m456p789s11122z", discards="4m9p").reasons
(FuritenReason.OWN_DISCARD,)
>>> check_furiten("23m456p789s11122z", passed="1m", riichi=True).can_ron
False
>>> check_furiten("23m456p789s11122z", discards="9p", passed="5z").can_ron
True
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass

from riichi.frozen import Frozen
from riichi.hand import Hand
from riichi.notation import parse_tiles
from riichi.tiles import Tile
from riichi.shapes.waits import find_waits

__all__ = ["Furiten", "FuritenReason", "check_furiten", "furiten_of_waits"]


class FuritenReason(enum.Enum):
    """Why a hand may not win on a discard."""

    OWN_DISCARD = "own_discard"  #: a wait is among the player's own discards
    TEMPORARY = "temporary"  #: a wait went by since the player's last draw
    RIICHI = "riichi"  #: in riichi, a wait went by after the declaration

    def __repr__(self) -> str:
        return f"FuritenReason.{self.name}"


@dataclass(frozen=True, slots=True)
class Furiten(Frozen):
    """The verdict: every reason that applies, and the winning tiles behind them."""

    reasons: tuple[FuritenReason, ...] = ()
    #: The waits found among the discards or the passed tiles, in kind order.
    tiles: tuple[Tile, ...] = ()

    @property
    def can_ron(self) -> bool:
        return not self.reasons

    @property
    def is_furiten(self) -> bool:
        return bool(self.reasons)


TileInput = Iterable[Tile] | str


def _kinds(tiles: TileInput) -> set[int]:
    return {t.kind for t in (parse_tiles(tiles) if isinstance(tiles, str) else tiles)}


def furiten_of_waits(waits: Iterable[Tile | int], *, discards: TileInput = (), passed: TileInput = (),
                     passed_in_riichi: TileInput = (), riichi: bool = False) -> Furiten:
    """Furiten for known waits (tiles or kinds 0..33).

    ``discards``: every tile the player discarded this hand, called ones included.
    ``passed``: tiles discarded by others (or added to a kan) since the player's last draw that they did
    not win on. ``passed_in_riichi``: such tiles since the riichi declaration (``passed`` is included
    automatically when ``riichi``).
    """
    wait_kinds = {w.kind if isinstance(w, Tile) else w for w in waits}
    reasons: list[FuritenReason] = []
    culprits: set[int] = set()
    own = wait_kinds & _kinds(discards)
    if own:
        reasons.append(FuritenReason.OWN_DISCARD)
        culprits |= own
    recent = wait_kinds & _kinds(passed)
    if recent and not riichi:
        reasons.append(FuritenReason.TEMPORARY)
        culprits |= recent
    if riichi:
        since = recent | (wait_kinds & _kinds(passed_in_riichi))
        if since:
            reasons.append(FuritenReason.RIICHI)
            culprits |= since
    return Furiten(tuple(reasons), tuple(Tile(k) for k in sorted(culprits)))


def check_furiten(hand: Hand | str, *, discards: TileInput = (), passed: TileInput = (),
                  passed_in_riichi: TileInput = (), riichi: bool = False) -> Furiten:
    """Furiten of a 13-tile hand (melds count three each); a hand that is not tenpai is never furiten."""
    waits = [w.tile for w in find_waits(hand)]
    return furiten_of_waits(waits, discards=discards, passed=passed, passed_in_riichi=passed_in_riichi,
                            riichi=riichi)
