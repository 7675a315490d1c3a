"""Mahjong Soul's own game records: the client's saved JSON (``head`` and the protobuf ``data``) as events.

A record as the client saves it is one JSON object: ``head`` (the game's ``uuid``, ``config``: its
room, mode and lobby rules, ``accounts``: the players by seat, ``result``: final scores and points),
``data`` (the server's protobuf bytes, as a Node.js Buffer ``{"type": "Buffer", "data": [...]}``, a
base64 string or a list of bytes) and, from some tools, ``records`` (the same events already decoded
to JSON, ``__type`` naming each, or ``_type`` as other decoders write it). The bytes alone (a wrapped ``GameDetailRecords``) are read too.
The bytes are decoded by :mod:`riichi.formats.soul_proto` (the ``soul`` extra); a record that carries
only decoded ``records`` needs no extra.

Each event becomes the engine's: ``RecordNewRound`` a :class:`~riichi.game.events.Deal` (the dealer's
fourteenth tile its first draw), ``RecordDealTile`` a draw (``liqi``: the riichi before it accepted,
``doras``: kan indicators turned), ``RecordDiscardTile`` a discard (``is_liqi``/``is_wliqi``: a riichi
declared, ``moqie``: tsumogiri), ``RecordChiPengGang`` a chi (type 0), pon (1) or open kan (2),
``RecordAnGangAddGang`` a closed (3) or added (2) kan, ``RecordHule`` the wins, ``RecordNoTile`` the
exhaustive draw (``liujumanguan``: nagashi mangan) and ``RecordLiuJu`` an abortive draw (type 1 nine
terminals, 2 four winds, 3 four kans, 4 four riichi, 5 three rons, as public converters name them).
What the server computed (each win's han, fu, points and yaku by Soul's fan ids, the liable seat as
``baopai`` = seat + 1, 0 for none, as public Soul tools read it, every seat's score change, the final
scores and points) is only compared. Several rons on one discard state only their total score change.

>>> read_soul(b'{"head": {}}').errors[0].message
'a Mahjong Soul record, unreadable: its events are in data (the protobuf bytes) or records; this one has neither'
"""

from __future__ import annotations

import base64
import binascii
import importlib
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Final

from riichi.errors import RiichiError
from riichi.extras import install_hint
from riichi.formats import strict_json
from riichi.formats.record import (
    ErrorCode,
    GameRecord,
    HandRecord,
    RecordError,
    RecordRules,
    StatedDraw,
    StatedGameEnd,
    StatedHand,
    StatedWin,
    first_line,
    hand_name,
    unreadable,
)
from riichi.formats.soul_rules import soul_rules
from riichi.game.events import (
    Ankan,
    Chi,
    Deal,
    Discard,
    DoraRevealed,
    Draw,
    DrawKind,
    Event,
    Minkan,
    Pon,
    Riichi,
    RiichiAccepted,
    Ryuukyoku,
    Shouminkan,
    Win,
)
from riichi.tiles import KIND_OF, Tile, Wind
from riichi.yaku import Yaku

__all__ = ["WRAPPED_RECORDS", "looks_like_soul", "read_soul"]

#: How the server's bytes begin: a Wrapper whose field 1 names the message.
WRAPPED_RECORDS: Final = b"\n\x15.lq.GameDetailRecords"
#: Longest saved record read (a long game's JSON, its bytes written as numbers, is about a megabyte).
MAX_RECORD: Final = 32 << 20
_LIUJU: Final = {1: DrawKind.KYUUSHU_KYUUHAI, 2: DrawKind.SUUFON_RENDA, 3: DrawKind.SUUKAIKAN,
                 4: DrawKind.SUUCHA_RIICHI, 5: DrawKind.SANCHAHOU}
_CHI, _PON, _MINKAN = 0, 1, 2
_KAKAN, _ANKAN = 2, 3


class _Bad(ValueError):
    """A malformed event: the message names it."""


def looks_like_soul(data: bytes) -> bool:
    """Whether the bytes are a Mahjong Soul record: the server's bytes, or the client's saved JSON (a
    ``head`` beside ``data`` or ``records``)."""
    if data.startswith(WRAPPED_RECORDS):
        return True
    head = data[:4096].lstrip()
    return head.startswith(b"{") and b'"head"' in data[:65536] and (b'"data"' in data or b'"records"' in data)


# -- small readers -----------------------------------------------------------------------------------------

def _int(obj: dict[str, object], key: str, default: int = 0) -> int:
    value = obj.get(key, default)
    if value is None:
        return default
    if type(value) is not int:
        raise _Bad(f"{key} must be a whole number, not {value!r}")
    return value


def _ints(obj: dict[str, object], key: str) -> tuple[int, ...]:
    value = obj.get(key) or []
    if not isinstance(value, list) or not all(type(v) is int for v in value):
        raise _Bad(f"{key} must be a list of whole numbers, not {value!r}")
    return tuple(value)


def _tile(text: object) -> Tile:
    try:
        return Tile.parse(str(text))
    except (RiichiError, ValueError):
        raise _Bad(f"{text!r} is not a tile (1m..9m, 1p..9p, 1s..9s, 0m/0p/0s red fives, 1z..7z)") from None


def _tiles(obj: dict[str, object], key: str) -> tuple[Tile, ...]:
    value = obj.get(key) or []
    if not isinstance(value, list):
        raise _Bad(f"{key} must be a list of tiles, not {value!r}")
    return tuple(_tile(t) for t in value)


def _seat(obj: dict[str, object], key: str = "seat") -> int:
    seat = _int(obj, key)
    if not 0 <= seat <= 3:  # noqa: PLR2004
        raise _Bad(f"{key} must be a seat 0..3, not {seat}")
    return seat


def _message(obj: dict[str, object], key: str) -> dict[str, object] | None:
    value = obj.get(key)
    if value is None:
        return None
    if not isinstance(value, dict):
        raise _Bad(f"{key} must be an object, not {value!r}")
    return value


# -- one hand -------------------------------------------------------------------------------------------

@dataclass(slots=True)
class _Hand:
    """One hand's events, as the record's are read, and what it states."""

    index: int
    start: dict[str, object]
    dealer_tiles: list[Tile]
    doras: int
    #: What one honba adds to a win in all (the lobby's changbang_value; 300 in ranked games).
    honba_value: int = 300
    events: list[Event] = field(default_factory=list)
    hands: list[list[Tile]] = field(default_factory=list)
    pons: dict[tuple[int, int], bool] = field(default_factory=dict)
    last: tuple[int, Tile] | None = None
    kan_before: bool = False
    dealt: bool = False
    wins: list[StatedWin] = field(default_factory=list)
    total: tuple[int, ...] | None = None
    draw: StatedDraw | None = None
    shown: list[tuple[int, tuple[Tile, ...]]] = field(default_factory=list)
    done: bool = False

    def deal(self, first: Tile | None) -> None:
        """The deal, the dealer's fourteenth tile drawn: ``first`` when the first event shows it."""
        if self.dealt:
            return
        self.dealt = True
        start = self.start
        dealer = _int(start, "ju")
        chang = _int(start, "chang")
        if not 0 <= dealer <= 3 or not 0 <= chang <= 3:  # noqa: PLR2004
            raise _Bad(f"round {chang}, hand {dealer} is not a hand of a four-player game")
        tiles = list(self.dealer_tiles)
        drawn = first if first is not None and first in tiles else tiles[-1]
        tiles.remove(drawn)
        self.hands[dealer] = tiles
        doras = _tiles(start, "doras") or ((_tile(start["dora"]),) if start.get("dora") else ())
        if not doras:
            raise _Bad("the hand states no dora indicator")
        scores = _ints(start, "scores")
        if len(scores) != 4:  # noqa: PLR2004
            raise _Bad(f"a hand starts with four scores, not {list(scores)}")
        self.doras = len(doras)
        self.events.append(Deal(Wind(chang), dealer + 1, dealer, doras[0], tuple(tuple(h) for h in self.hands),
                                honba=_int(start, "ben"), sticks=_int(start, "liqibang"), scores=scores,
                                wall=_wall(start)))
        self.hands[dealer].append(drawn)
        self.events.append(Draw(dealer, drawn))

    def reveal(self, obj: dict[str, object]) -> None:
        doras = _tiles(obj, "doras")
        for tile in doras[self.doras:]:
            self.events.append(DoraRevealed(tile))
        self.doras = max(self.doras, len(doras))

    def accept(self, obj: dict[str, object]) -> None:
        liqi = _message(obj, "liqi")
        if liqi is not None and not liqi.get("failed"):
            self.events.append(RiichiAccepted(_seat(liqi)))

    def take(self, seat: int, tile: Tile) -> Tile:
        """Take ``tile`` from the seat's hand (the other copy of a five when the record names the plain one)."""
        hand = self.hands[seat]
        if tile not in hand:
            same = [t for t in hand if KIND_OF[t] == KIND_OF[tile]]
            if not same:
                raise _Bad(f"seat {seat} does not hold {tile}")
            tile = same[0]
        hand.remove(tile)
        return tile

    def apply(self, name: str, obj: dict[str, object]) -> None:  # noqa: C901, PLR0912 - one branch per event
        if self.done:
            raise _Bad(f"{name} after the hand ended")
        if name == "RecordDealTile":
            self.deal(None)
            self.accept(obj)
            self.reveal(obj)
            seat, tile = _seat(obj), _tile(obj.get("tile"))
            self.events.append(Draw(seat, tile, rinshan=self.kan_before))
            self.hands[seat].append(tile)
            self.kan_before = False
        elif name == "RecordDiscardTile":
            seat, tile = _seat(obj), _tile(obj.get("tile"))
            self.deal(tile if obj.get("moqie") else None)
            if obj.get("is_liqi") or obj.get("is_wliqi"):
                self.events.append(Riichi(seat))
            self.events.append(Discard(seat, self.take(seat, tile), tsumogiri=bool(obj.get("moqie"))))
            self.reveal(obj)
            self.last = (seat, tile)
        elif name == "RecordChiPengGang":
            self.deal(None)
            self.accept(obj)
            self.call(obj)
        elif name == "RecordAnGangAddGang":
            self.deal(None)
            self.kan(obj)
        elif name == "RecordHule":
            self.hule(obj)
        elif name == "RecordNoTile":
            self.no_tile(obj)
        elif name == "RecordLiuJu":
            self.liu_ju(obj)
        else:
            raise _Bad(f"{name} is not an event of a four-player game")

    def call(self, obj: dict[str, object]) -> None:
        seat, kind = _seat(obj), _int(obj, "type")
        tiles, froms = _tiles(obj, "tiles"), _ints(obj, "froms")
        if len(tiles) != len(froms) or kind not in (_CHI, _PON, _MINKAN):
            raise _Bad(f"a call of type {kind} with tiles {[str(t) for t in tiles]} from {list(froms)}")
        called = [(t, f) for t, f in zip(tiles, froms, strict=True) if f != seat]
        if len(called) != 1 or not 0 <= called[0][1] <= 3:  # noqa: PLR2004
            raise _Bad(f"a call needs one tile from another seat, not {list(froms)}")
        tile, source = called[0]
        own = tuple(self.take(seat, t) for t, f in zip(tiles, froms, strict=True) if f == seat)
        cls = {_CHI: Chi, _PON: Pon, _MINKAN: Minkan}[kind]
        self.events.append(cls(seat, tile, source, own))
        if kind == _PON:
            self.pons[(seat, KIND_OF[tile])] = True
        self.kan_before = kind == _MINKAN

    def kan(self, obj: dict[str, object]) -> None:
        seat, kind, tile = _seat(obj), _int(obj, "type"), _tile(obj.get("tiles"))
        if kind == _ANKAN:
            held = [t for t in self.hands[seat] if KIND_OF[t] == KIND_OF[tile]]
            if len(held) != 4:  # noqa: PLR2004
                raise _Bad(f"seat {seat} declares a closed kan of {tile} holding {len(held)} of them")
            for t in held:
                self.hands[seat].remove(t)
            self.events.append(Ankan(seat, tuple(held)))
        elif kind == _KAKAN:
            added = self.take(seat, tile)
            self.events.append(Shouminkan(seat, added))
            self.last = (seat, added)
        else:
            raise _Bad(f"a kan of type {kind} (3 closed, 2 added)")
        self.reveal(obj)
        self.kan_before = True

    def hule(self, obj: dict[str, object]) -> None:
        hules = obj.get("hules")
        if not isinstance(hules, list) or not hules or not all(isinstance(h, dict) for h in hules):
            raise _Bad("a win states no winner (hules)")
        deltas = _ints(obj, "delta_scores")
        if len(deltas) != 4:  # noqa: PLR2004
            raise _Bad(f"a win's delta_scores are four numbers, not {list(deltas)}")
        first = hules[0]
        self.deal(_tile(first.get("hu_tile")) if first.get("zimo") else None)
        for h in hules:
            seat, tile = _seat(h), _tile(h.get("hu_tile"))
            if h.get("zimo"):
                source = None
            elif self.last is None or self.last[0] == seat:
                raise _Bad(f"seat {seat} wins by ron, but no other seat has discarded")
            else:
                source = self.last[0]
            ura = _tiles(h, "li_doras") if h.get("liqi") else ()
            self.events.append(Win(seat, source, tile, ura))
            self.wins.append(_stated_win(h, seat, source, _int(self.start, "ben"), deltas if len(hules) == 1 else None,
                                         self.honba_value))
        if len(hules) > 1:
            self.total = deltas
        self.done = True

    def no_tile(self, obj: dict[str, object]) -> None:
        self.deal(None)
        kind = DrawKind.NAGASHI_MANGAN if obj.get("liujumanguan") else DrawKind.EXHAUSTIVE
        self.events.append(Ryuukyoku(kind))
        total = [0, 0, 0, 0]
        scores = obj.get("scores") or []
        if not isinstance(scores, list):
            raise _Bad(f"a draw's scores must be a list, not {scores!r}")
        for entry in scores:
            d = _ints(entry, "delta_scores") if isinstance(entry, dict) else ()
            if len(d) != 4:  # noqa: PLR2004
                raise _Bad(f"a draw's delta_scores are four numbers, not {list(d)}")
            total = [a + b for a, b in zip(total, d, strict=True)]
        players = obj.get("players") or []
        if isinstance(players, list):
            for s, p in enumerate(players[:4]):
                if isinstance(p, dict) and p.get("tingpai"):
                    self.shown.append((s, _tiles(p, "hand")))
        self.draw = StatedDraw(kind, tuple(total))
        self.done = True

    def liu_ju(self, obj: dict[str, object]) -> None:
        kind = _LIUJU.get(_int(obj, "type"))
        if kind is None:
            raise _Bad(f"an abortive draw of type {_int(obj, 'type')} (1..5)")
        self.deal(None)
        self.accept(obj)
        self.events.append(Ryuukyoku(kind, _seat(obj) if kind is DrawKind.KYUUSHU_KYUUHAI else None))
        self.draw = StatedDraw(kind, (0, 0, 0, 0))
        self.done = True

    def record(self) -> HandRecord:
        if not self.done:
            raise _Bad("the hand ends without a win or a draw")
        start = self.start
        stated = StatedHand(_ints(start, "scores"), _int(start, "ben"), _int(start, "liqibang"), tuple(self.wins),
                            self.draw, self.total)
        return HandRecord(self.index, tuple(self.events), stated, tuple(self.shown))


def _wall(start: dict[str, object]) -> tuple[Tile, ...] | None:
    """The hand's whole wall (``paishan``, 136 tiles as text) in the engine's drawing order: Soul's first 122
    tiles are the deal and the live wall in the same order; its dead wall is the engine's turned end to end
    (the first indicator Soul's 131st tile and its ura the 130th, the replacement tiles drawn from the end),
    as the real records show. None when the record carries no wall."""
    text = start.get("paishan")
    if not isinstance(text, str) or not text:
        return None
    if len(text) != 2 * 136:  # noqa: PLR2004
        raise _Bad(f"the wall (paishan) holds {len(text) // 2} tiles, not 136")
    tiles = [_tile(text[i:i + 2]) for i in range(0, len(text), 2)]
    return (*tiles[:122], *tiles[122:][::-1])


def _stated_win(h: dict[str, object], seat: int, source: int | None, honba: int,
                deltas: tuple[int, ...] | None, honba_value: int) -> StatedWin:
    fans = h.get("fans") or []
    if not isinstance(fans, list) or not all(isinstance(f, dict) for f in fans):
        raise _Bad(f"a win's fans must be a list of objects, not {fans!r}")
    named: list[tuple[Yaku, int]] = []
    for f in fans:
        try:
            named.append((Yaku.from_majsoul_id(_int(f, "id")), _int(f, "val")))
        except ValueError as exc:
            raise _Bad(str(exc)) from None
    yiman = bool(h.get("yiman"))
    if source is not None:
        points = _int(h, "point_rong")
    elif h.get("qinjia"):
        points = 3 * _int(h, "point_zimo_xian")
    else:
        points = _int(h, "point_zimo_qin") + 2 * _int(h, "point_zimo_xian")
    pao = _int(h, "baopai")
    # The sticks a lone winner collects, as the server's numbers state them: its change less the hand's value
    # and the honba (the game's honba value, ron or tsumo: 300 in ranked games).
    gained = deltas[seat] - points - honba_value * honba if deltas is not None else -1
    sticks = gained // 1000 if gained >= 0 and gained % 1000 == 0 else None
    return StatedWin(seat, source, han=None if yiman else _int(h, "count"), fu=None if yiman else _int(h, "fu"),
                     points=points, yaku=() if yiman else tuple(named),
                     yakuman=tuple(y for y, _ in named) if yiman else (), limit="yakuman" if yiman else None,
                     pao=pao - 1 if pao > 0 else None, deltas=deltas, honba=honba,
                     riichi_sticks=sticks)


# -- the record -----------------------------------------------------------------------------------------

def _unreadable(message: str, rules: RecordRules | None = None) -> GameRecord:
    return unreadable(message, rules or RecordRules(preset="mahjongsoul"))


def _buffer(value: object) -> bytes:
    """The bytes of ``data`` as a saved record writes them."""
    if isinstance(value, dict) and value.get("type") == "Buffer":
        value = value.get("data")
    if isinstance(value, str):
        try:
            return base64.b64decode(value, validate=True)
        except (binascii.Error, ValueError):
            raise _Bad("data is text but not base64") from None
    if isinstance(value, list) and all(type(b) is int and 0 <= b <= 255 for b in value):  # noqa: PLR2004
        return bytes(value)
    raise _Bad("data must be the record's bytes (a Buffer, base64 text or a list of bytes 0..255)")


def _decoded(data: bytes) -> list[tuple[str, dict[str, object]]]:
    try:
        proto = importlib.import_module("riichi.formats.soul_proto")
    except ImportError:
        raise _Bad(f"reading a Mahjong Soul record's protobuf bytes needs protobuf: {install_hint('soul')}") from None
    try:
        _, events = proto.decode_records(data)
    except ValueError as exc:  # SoulBytesError
        raise _Bad(str(exc)) from None
    return list(events)


#: The keys that name a decoded event's message: ``__type`` (the client's saving tool), ``_type`` (other
#: decoders of Soul records).
_TYPE_KEYS: Final = ("__type", "_type")


def _json_events(records: list[object]) -> Iterator[tuple[str, dict[str, object]]]:
    for i, r in enumerate(records):
        if not isinstance(r, dict):
            raise _Bad(f"records[{i}] is not an event (an object whose __type or _type names it)")
        names = [r[k] for k in _TYPE_KEYS if k in r]
        if not names or not all(isinstance(n, str) for n in names):
            raise _Bad(f"records[{i}] is not an event (an object whose __type or _type names it)")
        if len({str(n).removeprefix(".lq.") for n in names}) > 1:
            raise _Bad(f"records[{i}] names two events: __type {names[0]!r} and _type {names[1]!r}")
        yield str(names[0]).removeprefix(".lq."), r


def _hands(events: list[tuple[str, dict[str, object]]], errors: list[RecordError],
           honba_value: int = 300) -> list[HandRecord]:
    hands: list[HandRecord] = []
    current: _Hand | None = None
    for position, (name, obj) in enumerate(events):
        try:
            if name == "RecordNewRound":
                if current is not None:
                    hands.append(current.record())
                tiles = [list(_tiles(obj, f"tiles{s}")) for s in range(4)]
                dealer = _int(obj, "ju")
                if not 0 <= dealer <= 3 or len(tiles[dealer]) != 14 or any(  # noqa: PLR2004
                        len(t) != 13 for s, t in enumerate(tiles) if s != dealer):  # noqa: PLR2004
                    raise _Bad(f"a deal of {[len(t) for t in tiles]} tiles (the dealer 14, the others 13)")
                current = _Hand(len(hands), obj, tiles[dealer], 1, honba_value, hands=tiles)
            elif current is None:
                raise _Bad(f"{name} before the first hand's deal")
            else:
                current.apply(name, obj)
        except (_Bad, RiichiError, ValueError) as exc:
            index = current.index if current is not None else len(hands)
            errors.append(RecordError(ErrorCode.INVALID_LOG, f"{hand_name(index)}: {name}: {first_line(exc)}",
                                      position, index))
            return hands
    if current is not None:
        try:
            hands.append(current.record())
        except _Bad as unfinished:  # named apart from exc above: compiled, one name keeps one type
            errors.append(RecordError(ErrorCode.INVALID_LOG, f"{hand_name(current.index)}: {unfinished}", len(events),
                                      current.index))
    return hands


def _head(head: dict[str, object]) -> tuple[tuple[str, ...], StatedGameEnd | None]:
    names = ["", "", "", ""]
    accounts = head.get("accounts")
    for a in accounts if isinstance(accounts, list) else []:
        if isinstance(a, dict) and type(a.get("seat", 0)) is int and 0 <= int(a.get("seat", 0)) <= 3:  # noqa: PLR2004
            names[int(a.get("seat", 0))] = str(a.get("nickname", ""))
    result = head.get("result")
    players = result.get("players") if isinstance(result, dict) else None
    end = None
    if isinstance(players, list) and len(players) == 4:  # noqa: PLR2004
        scores, points = [0, 0, 0, 0], [0.0, 0.0, 0.0, 0.0]
        seen = set()
        for p in players:
            if isinstance(p, dict) and type(p.get("seat", 0)) is int and 0 <= int(p.get("seat", 0)) <= 3:  # noqa: PLR2004
                s = int(p.get("seat", 0))
                seen.add(s)
                scores[s] = int(p.get("part_point_1", 0)) if type(p.get("part_point_1", 0)) is int else 0
                total = p.get("total_point", 0)
                points[s] = round(total / 1000, 1) if isinstance(total, int) else 0.0
        if len(seen) == 4:  # noqa: PLR2004
            end = StatedGameEnd(tuple(scores), tuple(points))
    return tuple(names), end


def _config_disagrees(first: HandRecord, rules: RecordRules) -> list[RecordError]:
    """What the game's first hand shows against its config's rules (a lobby's, else the ranked ones): each seat
    starts with the starting points, and the wall holds as many red fives as the rules play."""
    deal = first.events[0] if first.events else None
    if not isinstance(deal, Deal) or deal.round_wind is not Wind.EAST or deal.round_number != 1 or deal.honba:
        return []  # not the game's first hand
    try:
        played = rules.ruleset()
    except RiichiError:  # rules the engine cannot set up: the replay names them
        return []
    found: list[str] = []
    start = played.game.starting_points
    if any(score != start for score in deal.scores):
        found.append(f"every seat starts with {start:,} points, but the first hand's scores are {list(deal.scores)}")
    reds = sum(1 for t in deal.wall or () if t.is_red)
    if deal.wall is not None and reds != played.scoring.aka:
        found.append(f"{played.scoring.aka} red fives are played (dora_count), but the first hand's wall holds {reds}")
    return [RecordError(ErrorCode.INVALID_LOG, f"the game's config disagrees with its record: {what}", None, 0)
            for what in found]


def read_soul(data: bytes) -> GameRecord:
    """Read a Mahjong Soul record: the client's saved JSON, or the server's bytes alone."""
    if len(data) > MAX_RECORD:
        return _unreadable(f"the record is {len(data):,} bytes long; at most {MAX_RECORD:,} are read")
    head: dict[str, object] = {}
    try:
        if not data.lstrip()[:1] == b"{":  # the server's bytes (a JSON record starts with its object)
            events = _decoded(data)
        else:
            obj = strict_json.loads(data, max_text=MAX_RECORD)
            if not isinstance(obj, dict):
                raise _Bad("a Mahjong Soul record is a JSON object with head and data")
            stated_head = obj.get("head")
            head = stated_head if isinstance(stated_head, dict) else {}
            if obj.get("data") is not None and obj.get("data") != "":
                events = _decoded(_buffer(obj["data"]))
            elif isinstance(obj.get("records"), list):
                events = list(_json_events(obj["records"]))
            elif obj.get("data_url"):
                raise _Bad("the record holds only a data_url: its events are at that address, not in the file")
            else:
                raise _Bad("its events are in data (the protobuf bytes) or records; this one has neither")
        if not events:
            raise _Bad("the record holds no events (its bytes end before the first hand)")
    except (_Bad, ValueError) as exc:
        return _unreadable(f"a Mahjong Soul record, unreadable: {first_line(exc)}")
    config = soul_rules(head.get("config"))
    rules = RecordRules(players=config.players, hanchan=config.hanchan, preset="mahjongsoul",
                        switches=config.switches, room=config.room)
    errors: list[RecordError] = []
    if config.players != 4:  # noqa: PLR2004
        errors.append(RecordError(ErrorCode.UNSUPPORTED_RULES, "a three-player Mahjong Soul game: only four "
                                                               "players are read from Mahjong Soul records"))
    errors += [RecordError(ErrorCode.UNSUPPORTED_RULES, f"the game's rules include {rule}, which the engine "
                                                        "does not play") for rule in config.unplayed]
    honba_value = dict(config.switches).get("honba_ron", 300)
    hands = _hands(events, errors, honba_value if type(honba_value) is int else 300) if not errors else []
    if hands and not errors:
        errors += _config_disagrees(hands[0], rules)
    names, end = _head(head)
    start = hands[0].stated.scores_start if hands else None
    return GameRecord(rules, names, start, tuple(hands), end, tuple(errors))
