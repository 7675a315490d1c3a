"""Fu (minipoints), item by item.

Standard hands: 20 base, +10 for a closed ron, +2 for tsumo (not with
pinfu), sets (simple/terminal-honour, open/closed, triplet/kan: 2 to 32), the
pair (dragon, seat wind, round wind; a double wind 2 or 4 by rule set), the
wait (kanchan, penchan, tanki: 2), an open hand with nothing else +2; then
round up to a multiple of 10. Seven pairs are always 25.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from riichi.frozen import Frozen
from riichi.scoring.reading import Form, HandFacts, Reading
from riichi.shapes.wait_shape import WaitShape
from riichi.tiles import TERMINAL_HONOR_KINDS, kind_name

__all__ = ["FuItem", "count_fu", "fu_items", "fu_of", "fu_parts", "round_fu"]

_TERMINAL_HONOR: Final = frozenset(TERMINAL_HONOR_KINDS)
#: The reason of a set's fu, by 2 x concealed + kan.
_SET_REASONS: Final = ("open triplet", "open kan", "closed triplet", "closed kan")


@dataclass(init=False, slots=True, unsafe_hash=True)
class FuItem(Frozen):
    """One reason for fu and how many it gives."""

    reason: Final[str]
    fu: Final[int]

    def __init__(self, reason: str, fu: int) -> None:
        self.reason = reason
        self.fu = fu

    def __str__(self) -> str:
        return f"{self.reason} {self.fu}"


def round_fu(total: int) -> int:
    """Round up to the next multiple of 10 (25 for seven pairs is never rounded)."""
    return total if total == 25 else -(-total // 10) * 10  # noqa: PLR2004


def count_fu(r: Reading, f: HandFacts, *, pinfu: bool) -> int:
    """The rounded fu of a reading (0 for thirteen orphans and thirteen unrelated tiles)."""
    parts = fu_parts(r, f, pinfu=pinfu)
    if not parts:
        return 0
    total = 0
    for _, _, fu in parts:
        total += fu
    return round_fu(total)


def fu_of(items: tuple[FuItem, ...]) -> int:
    """The rounded fu the items add up to (0 for none: thirteen orphans, thirteen unrelated tiles)."""
    return round_fu(sum(item.fu for item in items)) if items else 0


def fu_items(r: Reading, f: HandFacts, *, pinfu: bool) -> tuple[FuItem, ...]:
    """The items that add up to the unrounded fu, each with its reason written out."""
    return tuple([FuItem(reason if kind < 0 else f"{reason} {kind_name(kind)}", fu)
                  for reason, kind, fu in fu_parts(r, f, pinfu=pinfu)])


def fu_parts(r: Reading, f: HandFacts, *, pinfu: bool) -> list[tuple[str, int, int]]:
    """The items that add up to the unrounded fu, as (reason, kind, fu): the kind (-1 for none) is the set's
    or the pair's, written after the reason in :func:`fu_items`. The scorer prices every reading with these
    and writes out the items of the reading it pays only."""
    if r.form is Form.CHIITOITSU:
        return [("chiitoitsu", -1, 25)]
    if r.form is not Form.STANDARD:
        return []
    ctx = f.ctx
    rules = f.rules
    items = [("base", -1, 20)]
    if not ctx.tsumo:
        if f.closed:
            items.append(("closed ron", -1, 10))
    elif not pinfu and (rules.rinshan_fu or not ctx.rinshan):
        items.append(("tsumo", -1, 2))
    for s in r.sets:
        fu = (4 if s.kind in _TERMINAL_HONOR else 2) * (2 if s.concealed else 1) * (4 if s.kan else 1)
        items.append((_SET_REASONS[2 * s.concealed + s.kan], s.kind, fu))
    pair_fu = _pair_fu(r.pair, f)
    if pair_fu:
        items.append(("pair", r.pair, pair_fu))
    wait = r.wait_shape
    if wait is WaitShape.KANCHAN:
        items.append(("kanchan wait", -1, 2))
    elif wait is WaitShape.PENCHAN:
        items.append(("penchan wait", -1, 2))
    elif wait is WaitShape.TANKI:
        items.append(("tanki wait", -1, 2))
    if len(items) == 1 and not f.closed and rules.open_pinfu_fu:
        items.append(("open pinfu", -1, 2))
    return items


def _pair_fu(pair: int, f: HandFacts) -> int:
    """Fu of the pair: 2 for dragons and for the seat or round wind (a double wind as the rules say)."""
    if pair >= 31:  # noqa: PLR2004 - dragons
        return 2
    seat = f.seat_wind_kind
    round_ = f.round_wind_kind
    if pair == seat and pair == round_:
        return f.rules.double_wind_fu
    if pair in (seat, round_):
        return 2
    return 0
