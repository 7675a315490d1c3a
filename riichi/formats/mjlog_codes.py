"""The codes inside a Tenhou mjlog record: 136-tile ids, the meld bit fields and ``<GO type>``.

Tenhou numbers the 136 tiles of a set 0..135, four ids a kind in the order
1m..9m, 1p..9p, 1s..9s, East..North, Haku, Hatsu, Chun. With red fives in
play the first id of each five (16 = 5m, 52 = 5p, 88 = 5s) is the red one.

>>> tile_of(16, red_fives=True), tile_of(17, red_fives=True), tile_of(16, red_fives=False)
(Tile.parse('0m'), Tile.parse('5m'), Tile.parse('5m'))

A call is one integer ``m``; its low bits say what kind of call it is and
from whom, the high bits which tiles (described by the Tenhou log format
notes of the tenhou.net client and the public mjlog decoders):

>>> decode_meld(46185, who=3)
MeldCode(kind=<CallKind.PON: 'pon'>, who=3, from_seat=0, ids=(120, 121, 122), called=120, added=None)
>>> decode_meld(6367, who=1).tiles()
(Tile.parse('3m'), Tile.parse('4m'), Tile.parse('5m'))

``<GO type>`` is a set of bits:

>>> GoType.from_code(169)
GoType(code=169, players=4, red_fives=True, open_tanyao=True, hanchan=True, fast=False, lobby='houou')
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Final

from riichi.frozen import Frozen
from riichi.tiles import Tile

__all__ = ["RED_FIVE_IDS", "CallKind", "GoType", "MeldCode", "decode_meld", "encode_meld", "id_of", "tile_of"]

#: The id of the red five of each suit (5m, 5p, 5s) when red fives are in play.
RED_FIVE_IDS: Final = frozenset({16, 52, 88})


def tile_of(tile_id: int, *, red_fives: bool) -> Tile:
    """The tile of a 136-id (0..135)."""
    try:
        if tile_id >= 0:
            return _TILE_OF[red_fives][tile_id]
    except IndexError:
        pass
    raise ValueError(f"tile id {tile_id} is outside 0..135")


#: The tile of each id, without and with red fives.
_TILE_OF: Final = tuple(tuple(Tile.from_kind(i // 4, red=red and i in RED_FIVE_IDS) for i in range(136))
                        for red in (False, True))


def id_of(tile: Tile, used: set[int]) -> int:
    """A free 136-id for ``tile`` (the red id for a red five), added to ``used``: the writers' inverse of
    :func:`tile_of`. A plain five takes the red five's id only when its other three are taken."""
    kind = tile.kind
    first = 4 * kind
    order = [first] if tile.is_red else [first + 1, first + 2, first + 3, first]
    if not tile.is_red and kind not in (4, 13, 22):
        order = [first, first + 1, first + 2, first + 3]
    for tile_id in order:
        if tile_id not in used:
            used.add(tile_id)
            return tile_id
    raise ValueError(f"a fifth {tile} in the record")


class CallKind(enum.Enum):
    """The calls a meld code encodes."""

    CHI = "chi"
    PON = "pon"
    KAKAN = "kakan"  #: a pon raised to a kan with the fourth tile (added kan)
    DAIMINKAN = "daiminkan"  #: an open kan on a discard
    ANKAN = "ankan"  #: a closed kan
    NUKI = "nuki"  #: a North set aside (three-player games)


@dataclass(frozen=True, slots=True)
class MeldCode(Frozen):
    """One decoded meld code: who called, from which seat (absolute; the caller's own for a closed kan,
    a kakan names the pon's source), the 136-ids of the meld's tiles in order, the called id and, for an
    added kan, the added id."""

    kind: CallKind
    who: int
    from_seat: int
    ids: tuple[int, ...]
    called: int
    added: int | None

    def tiles(self, *, red_fives: bool = True) -> tuple[Tile, ...]:
        return tuple(tile_of(i, red_fives=red_fives) for i in self.ids)


def decode_meld(m: int, who: int) -> MeldCode:
    """Decode the ``m`` attribute of ``<N who=... m=...>``; ``ValueError`` names a code that holds no meld."""
    if not 0 <= m < 1 << 16:
        raise ValueError(f"meld code {m} is outside 0..65535")
    rel = m & 3
    from_seat = (who + rel) % 4
    if m & 0x4:  # chi: three consecutive kinds, the called one at position r
        t = m >> 10
        r = t % 3
        t //= 3
        if t >= 21:
            raise ValueError(f"meld code {m}: chi base {t} is not a run (0..20)")
        base = (t // 7) * 9 + t % 7
        ids = tuple(4 * (base + i) + ((m >> (3 + 2 * i)) & 3) for i in range(3))
        if rel != 3:
            raise ValueError(f"meld code {m}: a chi must be called from the left, not {rel} seats on")
        return MeldCode(CallKind.CHI, who, from_seat, ids, ids[r], None)
    if m & 0x18:  # pon (0x8) or added kan (0x10)
        t = m >> 9
        r = t % 3
        kind = t // 3
        if kind >= 34:
            raise ValueError(f"meld code {m}: tile kind {kind} is outside 0..33")
        unused = (m >> 5) & 3
        three = tuple(4 * kind + i for i in range(4) if i != unused)
        if rel == 0:
            raise ValueError(f"meld code {m}: a pon cannot be called from oneself")
        if m & 0x8:
            return MeldCode(CallKind.PON, who, from_seat, three, three[r], None)
        added = 4 * kind + unused
        return MeldCode(CallKind.KAKAN, who, from_seat, tuple(sorted((*three, added))), three[r], added)
    if m & 0x20:
        return MeldCode(CallKind.NUKI, who, who, (m >> 8,), m >> 8, None)
    t = m >> 8  # open or closed kan
    r = t % 4
    kind = t // 4
    if kind >= 34:
        raise ValueError(f"meld code {m}: tile kind {kind} is outside 0..33")
    ids = tuple(4 * kind + i for i in range(4))
    if rel == 0:
        return MeldCode(CallKind.ANKAN, who, who, ids, ids[r], None)
    return MeldCode(CallKind.DAIMINKAN, who, from_seat, ids, ids[r], None)


def encode_meld(code: MeldCode) -> int:
    """The ``m`` attribute of a meld: the inverse of :func:`decode_meld`.

    >>> encode_meld(decode_meld(46185, who=3)), encode_meld(decode_meld(6367, who=1))
    (46185, 6367)
    """
    rel = (code.from_seat - code.who) % 4
    if code.kind is CallKind.CHI:
        kinds = [i // 4 for i in code.ids]
        base = kinds[0]
        t = (base // 9) * 7 + base % 9
        m = ((t * 3 + code.ids.index(code.called)) << 10) | 0x4 | rel
        for i, tile_id in enumerate(code.ids):
            m |= (tile_id & 3) << (3 + 2 * i)
        return m
    kind = code.ids[0] // 4
    if code.kind in (CallKind.PON, CallKind.KAKAN):
        if code.kind is CallKind.PON:
            unused = next(i for i in range(4) if 4 * kind + i not in code.ids)
            three = code.ids
        else:
            assert code.added is not None
            unused = code.added & 3
            three = tuple(i for i in code.ids if i != code.added)
        flag = 0x8 if code.kind is CallKind.PON else 0x10
        return ((kind * 3 + three.index(code.called)) << 9) | (unused << 5) | flag | rel
    if code.kind is CallKind.NUKI:
        return (code.called << 8) | 0x20
    return ((kind * 4 + (code.called & 3)) << 8) | (0 if code.kind is CallKind.ANKAN else rel)


_LOBBIES: Final = {0x00: "ippan", 0x80: "joukyuu", 0x20: "tokujou", 0xA0: "houou"}


@dataclass(frozen=True, slots=True)
class GoType(Frozen):
    """The rules of a Tenhou game, from the bits of ``<GO type>``: 0x02 no red fives, 0x04 no open
    tanyao, 0x08 east and south rounds (hanchan; else east only), 0x10 three players, 0x40 fast, and the
    lobby in 0x20 and 0x80."""

    code: int
    players: int
    red_fives: bool
    open_tanyao: bool
    hanchan: bool
    fast: bool
    lobby: str

    @classmethod
    def from_code(cls, code: int) -> GoType:
        return cls(code=code, players=3 if code & 0x10 else 4, red_fives=not code & 0x02,
                   open_tanyao=not code & 0x04, hanchan=bool(code & 0x08), fast=bool(code & 0x40),
                   lobby=_LOBBIES[code & 0xA0])

    def to_code(self) -> int:
        lobby = {name: bits for bits, name in _LOBBIES.items()}[self.lobby]
        return (1 | (0 if self.red_fives else 0x02) | (0 if self.open_tanyao else 0x04)
                | (0x08 if self.hanchan else 0) | (0x10 if self.players == 3 else 0)
                | (0x40 if self.fast else 0) | lobby)
