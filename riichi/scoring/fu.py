"""Fu (minipoints), item by item.

Standard hands: 20 base, +10 for a closed ron, +2 for tsumo (not with
pinfu), sets (simple/terminal-honour, open/closed, triplet/kan: 2 to 32), the
pair (dragon, seat wind, round wind; a double wind 2 or 4 by rule set), the
wait (kanchan, penchan, tanki: 2), an open hand with nothing else +2; then
round up to a multiple of 10. Seven pairs are always 25.
"""

from __future__ import annotations

from typing import Final, NamedTuple

from riichi.kept import Kept
from riichi.scoring.reading import Form, HandFacts, Reading
from riichi.tiles import TERMINAL_HONOR_KINDS, kind_name

__all__ = ["FuCode", "FuItem", "count_fu", "fu_codes", "fu_details", "fu_items", "round_fu"]

_TH: Final = frozenset(TERMINAL_HONOR_KINDS)
#: Name of each wait that gives 2 fu, indexed by Wait value (None: no fu).
_WAIT_NAMES: Final = (None, "kanchan wait", "penchan wait", None, "tanki wait", None)
#: Forms read once (an Enum class attribute is slow on Python 3.11).
_STANDARD, _CHIITOITSU = Form.STANDARD, Form.CHIITOITSU


class FuItem(NamedTuple):
    """One reason for fu and how many it gives."""

    reason: str
    fu: int


def round_fu(total: int) -> int:
    """Round up to the next multiple of 10 (25 for seven pairs is never rounded)."""
    return total if total == 25 else -(-total // 10) * 10


def count_fu(r: Reading, f: HandFacts, *, pinfu: bool) -> int:
    """The rounded fu of a reading (0 for thirteen orphans)."""
    return fu_codes(r, f, pinfu=pinfu)[0]


def fu_items(r: Reading, f: HandFacts, *, pinfu: bool) -> tuple[FuItem, ...]:
    """The items that add up to the unrounded fu."""
    return fu_details(fu_codes(r, f, pinfu=pinfu)[1])


#: One fu item as integers: (item code, tile kind or wait, fu).
FuCode = tuple[int, int, int]


def fu_codes(r: Reading, f: HandFacts, *, pinfu: bool) -> tuple[int, tuple[FuCode, ...]]:
    """The rounded fu of a reading and its items as integer codes (:func:`fu_details` names them)."""
    form = r.form
    if form is not _STANDARD:
        return (25, _CHIITOITSU_CODES) if form is _CHIITOITSU else (0, ())
    ctx = f.ctx
    rules = f.rules
    items: list[FuCode] = [_BASE_ITEM]
    total = 20
    if not ctx.tsumo:
        if f.closed:
            items.append(_CLOSED_RON_ITEM)
            total += 10
    elif not pinfu and (rules.rinshan_fu or not ctx.rinshan):
        items.append(_TSUMO_ITEM)
        total += 2
    for kind, kan, concealed, _ in r.sets:
        item = _SET_ITEMS[concealed + 2 * kan][kind]
        items.append(item)
        total += item[2]
    pair = r.pair
    if pair >= 27:  # only an honour pair can give fu
        pair_fu = _pair_fu(pair, f)
        if pair_fu:
            items.append((_PAIR, pair, pair_fu))
            total += pair_fu
    if _WAIT_NAMES[r.wait]:
        items.append((_WAIT, r.wait, 2))
        total += 2
    if total == 20 and not f.closed and rules.open_pinfu_fu:
        items.append(_OPEN_PINFU_ITEM)
        total += 2
    return -(-total // 10) * 10, tuple(items)  # rounded up to a multiple of 10 (as round_fu does)


def fu_details(codes: tuple[FuCode, ...]) -> tuple[FuItem, ...]:
    """The :class:`FuItem` of each integer item (their texts are made once and shared)."""
    return tuple(map(_ITEMS.__getitem__, codes))


# Item codes; a set's code adds 1 when concealed and 2 when a kan.
_BASE, _CLOSED_RON, _TSUMO, _PAIR, _WAIT, _OPEN_PINFU, _SET = range(7)
_SEVEN_PAIRS: Final = -1  #: the single item of a seven-pairs hand
_SET_NAMES: Final = ("open triplet", "closed triplet", "open kan", "closed kan")
_TEXT: Final = {_BASE: "base", _CLOSED_RON: "closed ron", _TSUMO: "tsumo", _OPEN_PINFU: "open pinfu",
                _SEVEN_PAIRS: "chiitoitsu"}
_CHIITOITSU_CODES: Final = ((_SEVEN_PAIRS, 0, 25),)


def _reason(code: int, kind: int) -> str:
    if code >= _SET:
        return f"{_SET_NAMES[code - _SET]} {kind_name(kind)}"
    if code == _PAIR:
        return f"pair {kind_name(kind)}"
    if code == _WAIT:
        return _WAIT_NAMES[kind] or ""
    return _TEXT[code]


#: Every item met so far, by its integer form (a few hundred at most).
_ITEMS: Final = Kept[FuCode, FuItem](lambda code: FuItem(_reason(code[0], code[1]), code[2]), bound=4096)


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


#: The items that need no kind, and each set's item by (concealed + 2 * kan) and kind.
_BASE_ITEM: Final = (_BASE, 0, 20)
_CLOSED_RON_ITEM: Final = (_CLOSED_RON, 0, 10)
_TSUMO_ITEM: Final = (_TSUMO, 0, 2)
_OPEN_PINFU_ITEM: Final = (_OPEN_PINFU, 0, 2)
_SET_ITEMS: Final = tuple(tuple((_SET + shape, kind, (4 if kind in _TH else 2) * (2 if shape & 1 else 1)
                                 * (4 if shape & 2 else 1)) for kind in range(34)) for shape in range(4))
