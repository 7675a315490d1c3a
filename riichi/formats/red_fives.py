"""Red fives under rules that have none: the lenient reading.

A red five is a five painted red. Under a rule set without red fives (``aka``
0: the WRC Riichi Rules 2015, EMA Riichi Competition Rules 2016, JPML, the
Shanghai: Dynasty manual) it is that rule set's plain five. A win case that
asks for it (``"red_fives_as_plain": true``) is read so, and its result says
so in one note; without the switch a red five under such rules stays the
``impossible_tiles`` error of the interchange format. The command line and
the web calculator always ask for it, so comparing rule sets works on any
real hand.

>>> plain_fives_case({"hand": "234m406p11z", "win": "0p", "melds": [{"type": "chi", "tiles": "406s"}]})
{'hand': '234m456p11z', 'win': '5p', 'melds': [{'type': 'chi', 'tiles': '456s'}]}

The same for the typed values (an analysis request values its waits on them):

>>> from riichi.hand import Hand
>>> plain_hand(Hand.parse("234m406p11z chi:406s"))
Hand.parse('234m456p11z chi:456s')
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Final

from riichi.hand import Hand, Meld
from riichi.scoring.context import WinContext
from riichi.tiles import Tile

__all__ = ["NOTE", "SWITCH", "plain_context", "plain_fives_case", "plain_hand"]

#: The win-case field that asks for the lenient reading.
SWITCH: Final = "red_fives_as_plain"
#: The one-line note of a result read so.
NOTE: Final = "red fives counted as plain fives: the rules have none"

_TILE_FIELDS: Final = ("hand", "win", "dora", "ura")
#: A run of digits and its suit letter. The run must start after a non-digit: tried from inside a run, the
#: pattern would scan the rest of it again from every digit (time growing with the square of a long run).
_SUITED_DIGITS: Final = re.compile(r"(?<!\d)(\d+)([mps])")


def _plain(text: object) -> object:
    """Tile text with every red five (``0`` in a suit) written as a plain five; other values as they are."""
    if not isinstance(text, str):
        return text
    return _SUITED_DIGITS.sub(lambda m: m.group(1).replace("0", "5") + m.group(2), text)


def plain_fives_case(case: Mapping[str, object]) -> dict[str, object]:
    """A copy of the win case with its red fives (hand, winning tile, melds, indicators) as plain fives."""
    out = dict(case)
    for key in _TILE_FIELDS:
        if key in out:
            out[key] = _plain(out[key])
    melds = out.get("melds")
    if isinstance(melds, list):
        out["melds"] = [{**m, "tiles": _plain(m["tiles"])} if isinstance(m, dict) and "tiles" in m else m
                        for m in melds]
    return out


def _plain_tiles(tiles: Iterable[Tile]) -> tuple[Tile, ...]:
    return tuple(Tile.from_kind(t.kind) for t in tiles)


def plain_hand(hand: Hand) -> Hand:
    """The hand with its red fives, concealed and melded, as plain fives."""
    melds = tuple(Meld(m.type, _plain_tiles(m.tiles), m.from_seat) for m in hand.melds)
    return Hand(_plain_tiles(hand.concealed), melds)


def plain_context(ctx: WinContext) -> WinContext:
    """The situation with a red winning tile and red indicators as plain fives."""
    return ctx.replace(win=Tile.from_kind(ctx.win.kind), dora=_plain_tiles(ctx.dora), ura=_plain_tiles(ctx.ura))
