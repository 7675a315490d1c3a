"""Fu (minipoints), item by item.

Standard hands: 20 base, +10 for a closed ron, +2 for tsumo (not with
pinfu), sets (simple/terminal-honour, open/closed, triplet/kan: 2 to 32), the
pair (dragon, seat wind, round wind; a double wind 2 or 4 by rule set), the
wait (kanchan, penchan, tanki: 2), an open hand with nothing else +2; then
round up to a multiple of 10. Seven pairs are always 25.
"""

from __future__ import annotations

from typing import Final, NamedTuple

from riichi.reading import Form, HandFacts, Reading, Wait
from riichi.tiles import TERMINAL_HONOR_KINDS, kind_name

__all__ = ["FuItem", "count_fu", "round_fu"]

_TH: Final = frozenset(TERMINAL_HONOR_KINDS)
_WAIT_NAMES: Final = {Wait.KANCHAN: "kanchan wait", Wait.PENCHAN: "penchan wait", Wait.TANKI: "tanki wait"}


class FuItem(NamedTuple):
    """One reason for fu and how many it gives."""

    reason: str
    fu: int


def round_fu(total: int) -> int:
    """Round up to the next multiple of 10 (25 for seven pairs is never rounded)."""
    return total if total == 25 else -(-total // 10) * 10


def count_fu(r: Reading, f: HandFacts, *, pinfu: bool) -> tuple[int, tuple[FuItem, ...]]:
    """Rounded fu and the items that add up to the unrounded total."""
    if r.form is Form.CHIITOITSU:
        return 25, (FuItem("chiitoitsu", 25),)
    if r.form is Form.KOKUSHI:
        return 0, ()
    ctx = f.ctx
    rules = f.rules
    items = [FuItem("base", 20)]
    if not ctx.tsumo and f.closed:
        items.append(FuItem("closed ron", 10))
    if ctx.tsumo and not pinfu and (rules.rinshan_fu or not ctx.rinshan):
        items.append(FuItem("tsumo", 2))
    for s in r.sets:
        fu = 2
        if s.kind in _TH:
            fu *= 2
        if s.concealed:
            fu *= 2
        if s.kan:
            fu *= 4
        what = ("closed " if s.concealed else "open ") + ("kan " if s.kan else "triplet ") + kind_name(s.kind)
        items.append(FuItem(what, fu))
    pair_fu = _pair_fu(r.pair, f)
    if pair_fu:
        items.append(FuItem(f"pair {kind_name(r.pair)}", pair_fu))
    if r.wait in _WAIT_NAMES:
        items.append(FuItem(_WAIT_NAMES[r.wait], 2))
    total = sum(i.fu for i in items)
    if total == 20 and not f.closed and rules.open_pinfu_fu:
        items.append(FuItem("open pinfu", 2))
        total += 2
    return round_fu(total), tuple(items)


def _pair_fu(pair: int, f: HandFacts) -> int:
    if pair >= 31:
        return 2
    seat = 27 + f.ctx.seat_wind
    rnd = 27 + f.ctx.round_wind
    if pair == seat and pair == rnd:
        return f.rules.double_wind_fu
    if pair in (seat, rnd):
        return 2
    return 0
