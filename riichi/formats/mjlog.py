"""Tenhou mjlog XML: the records tenhou.net writes (``.xml``, ``.mjlog``, plain or gzip).

A record is a flat list of tags: ``<GO type>`` (the rules), ``<UN>`` (the
names), then per hand ``<INIT>`` (the deal), ``<T12/>``..``<W34/>`` (draws of
seats 0..3), ``<D12/>``..``<G34/>`` (discards), ``<N>`` (calls), ``<REACH>``,
``<DORA>``, and ``<AGARI>`` or ``<RYUUKYOKU>``. A three-player game (``<GO type>`` bit 0x10)
deals three hands (``hai3`` empty), sets Norths aside with ``<N>`` (kita) and writes a fourth, empty
slot in every score list, which reading leaves out. :func:`read_mjlog` turns it into
the engine's events and keeps what the record states about results (``sc``,
``ten``, ``yaku``, ``ba``, ``owari``) apart, for comparison only. Reading is
lenient: a malformed tag becomes a :class:`~riichi.formats.record.RecordError`
naming the tag's index and the problem, and reading goes on.

Reading takes time in proportion to the text whatever it holds: tags and attributes are scanned
once each (no pattern that backtracks over a tag), a tag longer than :data:`MAX_TAG` characters is an
error without being read, and every number is checked to be a short decimal
(:func:`~riichi.formats.record.checked_number`) before it is used.

>>> record = read_mjlog('<mjloggm ver="2.3"><GO type="169"/><UN n0="A" n1="B" n2="C" n3="D"/>'
...     '<INIT seed="0,0,0,3,3,20" ten="250,250,250,250" oya="0" hai0="0,1,2,3,4,5,6,7,8,9,10,11,12" '
...     'hai1="13,14,15,17,18,19,20,21,22,23,24,25,26" hai2="27,28,29,30,31,32,33,34,35,36,37,38,39" '
...     'hai3="40,41,42,43,44,45,46,47,48,49,50,51,53"/><T16/><D16/>')
>>> [str(e) for e in record.hands[0].events[1:]]
['draw 0 0m', 'discard 0 0m tsumogiri']
>>> [str(e) for e in record.errors]
['event 6: the record ends inside hand 1 (no AGARI or RYUUKYOKU)']
"""

from __future__ import annotations

import re
import urllib.parse
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Final

from riichi.formats import strict_json
from riichi.formats.gzipped import GzipError, is_gzip, ungzip
from riichi.formats.mjlog_codes import CallKind, GoType, MeldCode, decode_meld, tile_of
from riichi.formats.record import (
    ErrorCode,
    GameRecord,
    HandRecord,
    RecordError,
    RecordNote,
    RecordRules,
    StatedDraw,
    StatedGameEnd,
    StatedHand,
    StatedWin,
    checked_number,
    errors_full,
    hand_name,
    lobby_start,
    stated_preset,
    unreadable,
)
from riichi.formats.tenhou_wall import SeedError, ShuffledWall, TenhouSeed
from riichi.game.events import (
    Ankan,
    Chi,
    Deal,
    Discard,
    DoraRevealed,
    Draw,
    DrawKind,
    Event,
    Kita,
    Minkan,
    Pon,
    Riichi,
    RiichiAccepted,
    Ryuukyoku,
    Shouminkan,
    Win,
)
from riichi.tiles import Tile, Wind
from riichi.yaku import Yaku

__all__ = ["LIMITS", "MAX_TAG", "looks_like_mjlog", "read_mjlog", "read_mjlog_bytes"]

#: The third value of ``ten``: the limit reached.
LIMITS: Final = (None, "mangan", "haneman", "baiman", "sanbaiman", "yakuman")

#: Longest tag read, in characters: the longest tag of 175 real Tenhou games is a ``<SHUFFLE>`` of 3,382
#: (the wall's seed, in base64).
MAX_TAG: Final = 16 * 1024

#: A tag's start: ``/`` for a closing tag, the name, the number of a draw or discard (``T12``). Each pattern
#: is matched at one position and ends where its input does, so none can backtrack over a whole tag.
_NAME: Final = re.compile(r"\s*(/?)([A-Za-z]+)([0-9]*)")
#: An attribute up to its opening quote; its value runs to the next quote (found with ``str.find``).
_ATTR_START: Final = re.compile(r'\s*([A-Za-z_][A-Za-z0-9_]*)\s*=\s*"')
#: A whole number as a record writes one: short enough that reading it is cheap and it fits a machine word.
_NUMBER: Final = re.compile(r"[-+]?[0-9]{1,9}")
#: Final points as a record writes them (``+42.0``, ``-25``).
_POINTS: Final = re.compile(r"[-+]?[0-9]{1,9}(?:\.[0-9]{1,9})?")
_LOG_ID: Final = re.compile(r"\d{10}gm-[0-9a-f]{4}-[0-9a-f]{4,5}-[0-9a-f]{8}")
_DRAW_TAGS: Final = "TUVW"
_DISCARD_TAGS: Final = "DEFG"
_IGNORED: Final = frozenset({"mjloggm", "TAIKYOKU", "BYE"})
_NORTH: Final = 30


class _Bad(ValueError):
    """A malformed tag: the message names what is wrong with it."""


def looks_like_mjlog(head: bytes) -> bool:
    """Whether the start of a file is an mjlog record (gzip or XML with ``<mjloggm``)."""
    return is_gzip(head) or b"<mjloggm" in head[:4096]


def read_mjlog_bytes(data: bytes, *, log_id: str | None = None) -> GameRecord:
    """Read a record from the bytes of a file (gzip or plain UTF-8)."""
    try:
        data = ungzip(data)
    except GzipError as exc:
        return unreadable(exc.message)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as not_utf8:  # named apart from exc above: compiled, one name keeps one type
        return unreadable(f"not UTF-8 text at byte {not_utf8.start}")
    return read_mjlog(text, log_id=log_id)


@dataclass(slots=True)
class _Hand:
    index: int
    events: list[Event] = field(default_factory=list)
    scores: tuple[int, ...] | None = None
    honba: int | None = None
    sticks: int | None = None
    wins: list[StatedWin] = field(default_factory=list)
    draw: StatedDraw | None = None
    shown: list[tuple[int, tuple[Tile, ...]]] = field(default_factory=list)
    last_draw: tuple[int, int] | None = None  # (seat, id) of the draw just before
    kan_pending: int | None = None  # seat that declared a kan and draws the replacement next
    has_result: bool = False
    ended: bool = False
    #: The 136-ids of each event's tiles (:attr:`~riichi.formats.record.HandRecord.tile_ids`).
    ids: list[tuple[int, ...]] = field(default_factory=list)

    def add(self, event: Event, ids: tuple[int, ...] = ()) -> None:
        self.events.append(event)
        self.ids.append(ids)

    def record(self) -> HandRecord:
        stated = StatedHand(self.scores, self.honba, self.sticks, tuple(self.wins), self.draw)
        return HandRecord(self.index, tuple(self.events), stated, tuple(self.shown), tile_ids=tuple(self.ids))


@dataclass(slots=True)
class _Reader:
    log_id: str | None
    go: GoType | None = None
    #: The preset and switches the game was played under (this library's ``riichi_rule``), Tenhou's by default.
    preset: tuple[str, tuple[tuple[str, object], ...]] = ("tenhou", ())
    names: tuple[str, ...] = ("", "", "", "")
    start_scores: tuple[int, ...] | None = None
    hands: list[HandRecord] = field(default_factory=list)
    hand: _Hand | None = None
    end: StatedGameEnd | None = None
    errors: list[RecordError] = field(default_factory=list)
    index: int = 0
    #: The record's ``SHUFFLE`` seed, and each hand's wall from it in turn (none without one).
    seed: TenhouSeed | None = None
    seed_text: str | None = None
    walls: Iterator[ShuffledWall] | None = None

    @property
    def red(self) -> bool:
        return self.go is None or self.go.red_fives

    @property
    def players(self) -> int:
        return 4 if self.go is None else self.go.players

    def tile(self, text: str) -> Tile:
        try:
            return tile_of(_number(text, "a tile id"), red_fives=self.red)
        except ValueError:
            raise _Bad(f"{text[:40]!r} is not a tile id (0..135)") from None

    def tiles(self, text: str) -> tuple[Tile, ...]:
        return tuple(self.tile(t) for t in text.split(",")) if text.strip() else ()

    def error(self, message: str, code: ErrorCode = ErrorCode.INVALID_LOG) -> None:
        self.errors.append(RecordError(code, message, self.index, self.hand.index if self.hand else None))

    # -- the walk -------------------------------------------------------------------------------------

    def feed(self, name: str, number: str, attrs: dict[str, str]) -> None:
        if number:
            if name in _DRAW_TAGS or name in _DISCARD_TAGS:
                self.turn(name, _number(number, f"the tile id of <{name}>"))
                return
            raise _Bad(f"unknown tag <{name}{number}>")
        handler = _HANDLERS.get(name)
        if handler is not None:
            handler(self, attrs)
        elif name not in _IGNORED:
            raise _Bad(f"unknown tag <{name}>")

    def current(self, what: str, *, after_result: bool = False) -> _Hand:
        if self.hand is None or self.hand.ended:
            raise _Bad(f"{what} outside a hand (no INIT before it)")
        if self.hand.has_result and not after_result:
            raise _Bad(f"{what} after the hand's result")
        return self.hand

    def turn(self, letter: str, tile_id: int) -> None:
        hand = self.current("a draw or discard")
        try:
            tile = tile_of(tile_id, red_fives=self.red)
        except ValueError:
            raise _Bad(f"{tile_id!r} is not a tile id (0..135)") from None
        if letter in _DRAW_TAGS:
            seat = _DRAW_TAGS.index(letter)
            rinshan = hand.kan_pending == seat
            hand.kan_pending = None
            hand.add(Draw(seat, tile, rinshan=rinshan), (tile_id,))
            hand.last_draw = (seat, tile_id)
            return
        seat = _DISCARD_TAGS.index(letter)
        hand.add(Discard(seat, tile, tsumogiri=hand.last_draw == (seat, tile_id)), (tile_id,))
        hand.last_draw = None

    def shuffle(self, a: dict[str, str]) -> None:
        try:
            self.seed = TenhouSeed.parse(a.get("seed", ""))
            self.seed_text = a["seed"]
        except SeedError as exc:
            raise _Bad(f"SHUFFLE: {exc}") from None

    def go_tag(self, a: dict[str, str]) -> None:
        code = _int(a, "type")
        self.go = GoType.from_code(code)
        if "riichi_rule" in a:  # this library's games: the preset and switches played (Tenhou ignores it)
            try:
                rule = strict_json.loads(urllib.parse.unquote(a["riichi_rule"]))  # nesting and numbers bounded
                if not isinstance(rule, dict):
                    raise ValueError(f"riichi_rule must be an object, not {strict_json.dumps(rule)[:80]}")
                self.preset = stated_preset(rule)
            except ValueError as exc:
                raise _Bad(f"GO riichi_rule: {exc}") from None

    def un(self, a: dict[str, str]) -> None:
        if "dan" in a or not any(self.names):
            self.names = tuple(urllib.parse.unquote(a.get(f"n{i}", "")) for i in range(self.players))

    def init(self, a: dict[str, str]) -> None:
        if self.hand is not None and not self.hand.ended:
            if not self.hand.has_result:
                self.error(f"{hand_name(self.hand.index)} has no AGARI or RYUUKYOKU before the next INIT")
            self.close()
        index = len(self.hands)
        self.hand = _Hand(index)
        players = self.go.players if self.go is not None else 4
        if self.seed is not None and self.walls is None:
            self.walls = self.seed.walls(136 if players == 4 else 108)  # noqa: PLR2004
        shuffled = next(self.walls) if self.walls is not None else None  # every hand takes its wall
        seed = _ints(a, "seed")
        if len(seed) != 6:  # noqa: PLR2004
            raise _Bad(f"INIT seed has {len(seed)} values, not 6 (round, honba, sticks, dice, dice, dora)")
        round_index, honba, sticks, _, _, dora_id = seed
        if not 0 <= round_index < 16:  # noqa: PLR2004
            raise _Bad(f"INIT seed round {round_index} is outside 0..15")
        n = self.players
        dealer = _int(a, "oya")
        if not 0 <= dealer < n:
            raise _Bad(f"INIT oya {dealer} is not a seat 0..{n - 1}")
        hands = tuple(self.tiles(a.get(f"hai{s}", "")) for s in range(n))
        if any(len(h) != 13 for h in hands):  # noqa: PLR2004
            raise _Bad(f"INIT: hai0..hai{n - 1} must hold 13 tiles each, not " + ",".join(str(len(h)) for h in hands))
        dealt = [_number(t, "a tile id") for s in range(n) for t in a[f"hai{s}"].split(",")]
        if n == 3 and a.get("hai3", "").strip():  # noqa: PLR2004
            raise _Bad("INIT hai3 deals a fourth hand in a three-player game")
        scores = self.scores(_ints(a, "ten"), "INIT ten") if "ten" in a else None
        if self.start_scores is None and scores is not None:
            self.start_scores = scores
        self.hand.scores, self.hand.honba, self.hand.sticks = scores, honba, sticks
        if round_index % 4 >= n:
            raise _Bad(f"INIT seed round {round_index} is no hand of a {n}-player game")
        wall = None
        if shuffled is not None:
            wall = tuple(tile_of(i, red_fives=self.red) for i in shuffled.drawing_order())
        deal = Deal(Wind(round_index // 4), round_index % 4 + 1, dealer, self.tile(str(dora_id)), hands,
                    honba=honba, sticks=sticks, scores=scores or ((25000,) * 4 if n == 4 else (35000,) * 3),  # noqa: PLR2004
                    wall=wall)
        self.hand.add(deal, (dora_id, *dealt))

    def scores(self, values: list[int], what: str) -> tuple[int, ...]:
        """Four scores in hundreds as points; a three-player record's fourth, empty slot left out."""
        if len(values) != 4:  # noqa: PLR2004
            raise _Bad(f"{what} has {len(values)} scores, not 4")
        if self.players == 3:  # noqa: PLR2004
            if values[3]:
                raise _Bad(f"{what} gives the empty fourth seat of a three-player game {values[3]}")
            values = values[:3]
        return tuple(100 * x for x in values)

    def n(self, a: dict[str, str]) -> None:
        hand = self.current("a call")
        who = _seat(a, "who", self.players)
        try:
            code = decode_meld(_int(a, "m"), who)
        except ValueError as exc:
            raise _Bad(str(exc)) from None
        tiles = code.tiles(red_fives=self.red)
        called = tile_of(code.called, red_fives=self.red)
        own = tuple(t for i, t in zip(code.ids, tiles, strict=True) if i != code.called)
        event: Event
        if code.kind is CallKind.CHI:
            event = Chi(who, called, code.from_seat, own)
        elif code.kind is CallKind.PON:
            event = Pon(who, called, code.from_seat, own)
        elif code.kind is CallKind.DAIMINKAN:
            event = Minkan(who, called, code.from_seat, own)
        elif code.kind is CallKind.KAKAN:
            assert code.added is not None
            event = Shouminkan(who, tile_of(code.added, red_fives=self.red))
        elif code.kind is CallKind.ANKAN:
            event = Ankan(who, tiles)
        elif self.players == 4 or called.kind != _NORTH:  # noqa: PLR2004
            raise _Bad("a North set aside (nuki) belongs to three-player games" if self.players == 4  # noqa: PLR2004
                       else f"a tile set aside is a North, not {called}")
        else:
            event = Kita(who)
        if code.kind in (CallKind.DAIMINKAN, CallKind.KAKAN, CallKind.ANKAN, CallKind.NUKI):
            hand.kan_pending = who
        hand.last_draw = None
        hand.add(event, _own_ids(code))

    def reach(self, a: dict[str, str]) -> None:
        hand = self.current("a riichi")
        who = _seat(a, "who", self.players)
        step = _int(a, "step")
        if step == 1:
            hand.add(Riichi(who))
        elif step == 2:  # noqa: PLR2004
            hand.add(RiichiAccepted(who))
        else:
            raise _Bad(f"REACH step {step} is neither 1 (declared) nor 2 (accepted)")

    def dora(self, a: dict[str, str]) -> None:
        tile = self.tile(a.get("hai", ""))
        self.current("a dora indicator").add(DoraRevealed(tile), (_number(a["hai"], "a tile id"),))

    def agari(self, a: dict[str, str]) -> None:
        hand = self.current("AGARI", after_result=bool(self.hand and self.hand.wins))
        who, from_who = _seat(a, "who", self.players), _seat(a, "fromWho", self.players)
        machi = self.tile(a.get("machi", ""))
        ura = self.tiles(a.get("doraHaiUra", ""))
        hand.add(Win(who, None if who == from_who else from_who, machi, ura), tuple(_ints(a, "doraHaiUra"))
                 if ura else ())
        ten = _ints(a, "ten") if "ten" in a else None
        yaku_ids = _ints(a, "yaku") if "yaku" in a else None
        yakuman_ids = _ints(a, "yakuman") if "yakuman" in a else None
        if ten is not None and len(ten) != 3:  # noqa: PLR2004
            raise _Bad(f"AGARI ten has {len(ten)} values, not 3 (fu, points, limit)")
        yaku = None
        if yaku_ids is not None:
            if len(yaku_ids) % 2:
                raise _Bad("AGARI yaku is not a list of (id, han) pairs")
            yaku = tuple((_yaku(i), h) for i, h in zip(yaku_ids[::2], yaku_ids[1::2], strict=True))
        yakuman = tuple(_yaku(i) for i in yakuman_ids) if yakuman_ids is not None else None
        if ten is not None and not 0 <= ten[2] < len(LIMITS):
            raise _Bad(f"AGARI ten limit {ten[2]} is outside 0..5")
        han = sum(h for _, h in yaku) if yaku is not None and not yakuman else None
        ba = self.ba(a)
        hand.wins.append(StatedWin(
            who, None if who == from_who else from_who, han=han,
            fu=ten[0] if ten is not None and not yakuman else None, points=ten[1] if ten is not None else None,
            yaku=yaku if not yakuman else (), yakuman=yakuman if yakuman is not None else (() if yaku else None),
            limit=LIMITS[ten[2]] if ten is not None else None,
            pao=_seat(a, "paoWho", self.players) if "paoWho" in a else None,
            deltas=self.sc(a), honba=ba["honba"], riichi_sticks=ba["riichi_sticks"]))
        self.result(a)

    def ryuukyoku(self, a: dict[str, str]) -> None:
        hand = self.current("RYUUKYOKU")
        name = a.get("type", "exhaustive")
        try:
            kind = DrawKind(name)
        except ValueError:
            raise _Bad(f"unknown RYUUKYOKU type {name!r}") from None
        shown = [(s, self.tiles(a[f"hai{s}"])) for s in range(self.players) if f"hai{s}" in a]
        hand.shown.extend(shown)
        seat = shown[0][0] if kind is DrawKind.KYUUSHU_KYUUHAI and shown else None
        hand.add(Ryuukyoku(kind, seat))
        hand.draw = StatedDraw(kind, self.sc(a), **self.ba(a))
        self.result(a)

    def sc(self, a: dict[str, str]) -> tuple[int, ...] | None:
        if "sc" not in a:
            return None
        sc = _ints(a, "sc")
        if len(sc) != 8:  # noqa: PLR2004
            raise _Bad(f"sc has {len(sc)} values, not 8 (score, change for each seat)")
        self.scores(sc[::2], "sc")
        return self.scores(sc[1::2], "sc")

    def ba(self, a: dict[str, str]) -> dict[str, int | None]:
        """``ba``: the honba and the sticks the result collects (or leaves on the table)."""
        if "ba" not in a:
            return {"honba": None, "riichi_sticks": None}
        ba = _ints(a, "ba")
        if len(ba) != 2:  # noqa: PLR2004
            raise _Bad(f"ba has {len(ba)} values, not 2 (honba, sticks)")
        return {"honba": ba[0], "riichi_sticks": ba[1]}

    def result(self, a: dict[str, str]) -> None:
        hand = self.current("a result", after_result=True)
        hand.has_result = True
        if "owari" in a:
            values = a["owari"].split(",")
            try:
                hundreds = [_number(v, "a final score") for v in values[::2]]
                points = tuple(_points(v) for v in values[1::2])
            except ValueError:
                raise _Bad(f"owari {a['owari'][:80]!r} is not scores and points") from None
            if len(hundreds) != 4 or len(points) != 4:  # noqa: PLR2004
                raise _Bad(f"owari has {len(values)} values, not 8")
            self.end = StatedGameEnd(self.scores(hundreds, "owari"), points[:self.players])
        hand.last_draw = None

    def close(self) -> None:
        if self.hand is not None:
            self.hand.ended = True
            self.hands.append(self.hand.record())

    def finish(self) -> GameRecord:
        if self.hand is not None and not self.hand.ended:
            if not self.hand.has_result:
                self.error(f"the record ends inside {hand_name(self.hand.index)} (no AGARI or RYUUKYOKU)")
            self.close()
        if self.go is None:
            self.errors.insert(0, RecordError(ErrorCode.INVALID_LOG, "no <GO type> tag: the rules are unknown"))
        go = self.go
        preset, switches = self.preset
        rules = RecordRules(players=go.players if go else 4, red_fives=go.red_fives if go else None,
                            open_tanyao=go.open_tanyao if go else None, hanchan=go.hanchan if go else None,
                            log_id=self.log_id, code=go.code if go else None, preset=preset, switches=switches)
        rules, notes = lobby_start(rules, tuple(self.hands))
        return GameRecord(rules, self.names, self.start_scores, tuple(self.hands), self.end, tuple(self.errors),
                          tuple(RecordNote(n) for n in notes), seed=self.seed_text)


_HANDLERS: Final = {
    "SHUFFLE": _Reader.shuffle,
    "GO": _Reader.go_tag,
    "UN": _Reader.un,
    "INIT": _Reader.init,
    "N": _Reader.n,
    "REACH": _Reader.reach,
    "DORA": _Reader.dora,
    "AGARI": _Reader.agari,
    "RYUUKYOKU": _Reader.ryuukyoku,
}


def _own_ids(code: MeldCode) -> tuple[int, ...]:
    """The ids a call takes from the caller's hand: all but the called tile's; the added tile of a kakan; an
    ankan's four, the one its code names first."""
    if code.kind is CallKind.KAKAN:
        assert code.added is not None
        return (code.added,)
    if code.kind is CallKind.ANKAN:  # the id its code names first (Tenhou's is not always the lowest)
        return (code.called, *(i for i in code.ids if i != code.called))
    if code.kind is CallKind.NUKI:
        return code.ids
    return tuple(i for i in code.ids if i != code.called)


def _number(text: str, what: str) -> int:
    """A whole number of at most nine digits (``ValueError`` otherwise): what every number of a record is."""
    text = text.strip()
    if _NUMBER.fullmatch(text) is None:
        raise ValueError(f"{what} {text[:40]!r} is not a whole number of at most 9 digits")
    return checked_number(int(text), what)


def _points(text: str) -> float:
    """A final points value (``+42.0``, ``-25``): a decimal of at most nine digits each side of the point."""
    text = text.strip()
    if _POINTS.fullmatch(text) is None:
        raise ValueError(f"{text[:40]!r} is not a number of points")
    return float(text)


def _int(a: dict[str, str], name: str) -> int:
    if name not in a:
        raise _Bad(f"missing attribute {name}")
    try:
        return _number(a[name], name)
    except ValueError:
        raise _Bad(f"{name}={a[name][:40]!r} is not a whole number of at most 9 digits") from None


def _ints(a: dict[str, str], name: str) -> list[int]:
    if name not in a:
        raise _Bad(f"missing attribute {name}")
    try:
        return [_number(x, name) for x in a[name].split(",")] if a[name].strip() else []
    except ValueError:
        raise _Bad(f"{name}={a[name][:80]!r} is not a list of whole numbers of at most 9 digits") from None


def _seat(a: dict[str, str], name: str, players: int) -> int:
    seat = _int(a, name)
    if not 0 <= seat < players:
        raise _Bad(f"{name}={seat} is not a seat 0..{players - 1}")
    return seat


def _yaku(tenhou_id: int) -> Yaku:
    try:
        return Yaku.from_tenhou_id(tenhou_id)
    except ValueError as exc:
        raise _Bad(str(exc)) from None


def _tags(text: str) -> Iterator[tuple[str, str, dict[str, str]] | str]:
    """Each tag as (name, number, attributes), or a message for a tag that cannot be read.

    A tag is the text between a ``<`` and the next ``>`` with no ``<`` inside (a ``<`` followed by another
    before any ``>`` starts no tag). Each character is looked at a bounded number of times: the scan for
    ``>`` and the one back for the last ``<`` before it cover each stretch of text once."""
    position = 0
    while True:
        start = text.find("<", position)
        if start < 0:
            return
        close = text.find(">", start + 1)
        if close < 0:
            return
        start = text.rfind("<", start, close)  # the last '<' before the '>': the earlier ones start no tag
        position = close + 1
        if close - start - 1 > MAX_TAG:
            head = _NAME.match(text, start + 1, start + 41)
            what = f"<{head.group(2)}{head.group(3)}>" if head is not None else "a tag"
            yield f"{what} is {close - start - 1:,} characters long; at most {MAX_TAG:,} are read"
            continue
        tag = _tag(text[start + 1:close])
        if tag is not None:
            yield tag


def _tag(body: str) -> tuple[str, str, dict[str, str]] | str | None:
    """One tag's text (between ``<`` and ``>``) as (name, number, attributes), a message when it cannot be
    read, or None for a declaration or comment (``<?xml ...?>``, ``<!-- -->``)."""
    if body.startswith(("?", "!")):
        return None
    head = _NAME.match(body)
    if head is None:
        return f"cannot read the tag <{body[:40]}>"
    if head.group(1):  # a closing tag
        return "", "", {}
    rest = body[head.end():].rstrip().removesuffix("/")
    attrs: dict[str, str] = {}
    position = 0
    while True:
        found = _ATTR_START.match(rest, position)
        if found is None:
            break
        end = rest.find('"', found.end())
        if end < 0:
            break
        attrs[found.group(1)] = rest[found.end():end]
        position = end + 1
    if rest[position:].strip():
        return f"cannot read the attributes of <{head.group(2)}{head.group(3)}>: {rest[position:].strip()[:60]!r}"
    return head.group(2), head.group(3), attrs


def read_mjlog(text: str, *, log_id: str | None = None) -> GameRecord:
    """Read an mjlog record. ``log_id`` names the game when the text does not (Tenhou's saved files do
    not hold it; the file name usually does)."""
    if log_id is not None:
        found = _LOG_ID.search(log_id)
        log_id = found.group(0) if found else None
    reader = _Reader(log_id)
    if "<mjloggm" not in text[:4096]:
        reader.errors.append(RecordError(ErrorCode.INVALID_LOG, "not an mjlog record (no <mjloggm> tag)"))
        return reader.finish()
    for index, tag in enumerate(_tags(text)):
        reader.index = index
        if errors_full(reader.errors, index, reader.hand.index if reader.hand else None):
            break
        if isinstance(tag, str):
            reader.error(tag)
            continue
        name, number, attrs = tag
        if not name:
            continue
        try:
            reader.feed(name, number, attrs)
        except _Bad as bad:
            reader.error(str(bad))
            if name == "INIT":  # a hand that cannot start: skip it to the next INIT
                reader.hand = _Hand(len(reader.hands), ended=True)
        except ValueError as refused:  # an event the engine's types refuse (a seat calling itself, ...)
            reader.error(f"<{name}{number}>: {refused}")
    return reader.finish()
