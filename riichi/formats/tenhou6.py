"""tenhou.net/6 JSON: the format of Tenhou's own viewer (``tenhou.net/6/#json=...``) and of converters.

One object: ``name`` (four players), ``rule`` (``disp`` such as ``鳳南喰赤``,
red fives as ``aka``/``aka51..53``), ``log`` (one array a hand), optionally
``ref`` (the Tenhou log id) and ``sc`` (final scores and points). A hand is
``[round, honba, sticks]``, the four start scores, the dora and ura
indicators, then per seat its 13 tiles, its takes (draws and calls) and its
discards, and last the result (``["和了", deltas, [who, from, pao, value,
yaku...], ...]`` or ``["流局", deltas]`` and the other draws' names). Some converters write a win's
details as ``[who, from, pao]`` alone: the engine computes the value, so only the deltas are compared.

Tiles are numbers: 11..19 man, 21..29 pin, 31..39 sou, 41..47 East..Chun,
51..53 the red fives; 60 in a discard list is the tile just drawn. A call is
text: ``c`` chi, ``p`` pon, ``m`` open kan, ``k`` added kan, ``a`` closed kan,
``r`` riichi, the letter's place telling whose tile was called (Tenhou's
viewer and the public descriptions of its format).

A three-player game (``三`` in ``disp``) keeps the four slots: the fourth
seat's lists are empty and every score list has a fourth, zero entry (which
reading leaves out); a North set aside is ``f44`` in the seat's discard list,
the replacement draw its next take.

Each player's lists are per seat, so :func:`read_tenhou6` puts them back in
the order of play: after each discard the seat whose next take calls that
tile calls it, else the next seat draws.

>>> tile_code(Tile.parse("0p")), tile_from_code(47)
(52, Tile.parse('7z'))
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Final

from riichi.formats import strict_json
from riichi.formats.mjlog_codes import GoType
from riichi.formats.record import (
    ErrorCode,
    GameRecord,
    HandRecord,
    MAX_NUMBER,
    RecordError,
    RecordNote,
    RecordRules,
    StatedDraw,
    StatedGameEnd,
    StatedHand,
    StatedWin,
    checked_number,
    errors_full,
    first_line,
    hand_name,
    lobby_start,
    stated_preset,
    tenhou_yaku,
    unreadable,
)
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
from riichi.formats.tenhou6_names import (
    DRAW_NAMES as _DRAW_NAMES,
    DRAW_TEXT as _DRAW_TEXT,
    LIMIT_NAMES as _LIMIT_NAMES,
    LIMIT_READ as _LIMIT_READ,
    TENHOU_YAKU,
    is_soul_room,
    soul_lobby,
    yaku_by_name,
)
from riichi.tiles import Tile, Wind
from riichi.yaku import Yaku

__all__ = ["read_tenhou6", "tile_code", "tile_from_code", "write_tenhou6"]

_TSUMOGIRI: Final = 60
#: A North set aside, as a three-player record writes it in the discard list.
_KITA: Final = "f44"
#: What a lenient reading takes out of JSON: a comment's start, or a comma before a closing bracket.
_MAYBE_RELAXED: Final = re.compile(r"/[/*]|,\s*[\]}]")
#: Longest call text read: four two-digit tiles and the letter ("k" and a kan's four tiles).
_MAX_CALL: Final = 9
#: Longest riichi discard read: "r" and a two-digit tile.
_MAX_RIICHI: Final = 3
_YAKU_NAMES: Final = TENHOU_YAKU
#: A win's value and a yaku as Tenhou writes them (and converters of Soul games: fu and han also in English, the
#: limit also in romaji or English, fu and han beside a limit); every number is at most nine digits (the
#: record number limit).
_VALUE: Final = re.compile(r"^(?:([0-9]{1,9}) ?(?:符|Fu) ?([0-9]{1,9}) ?(?:飜|Han))? ?(満貫|跳満|倍満|三倍満|数え役満|役満|"
                           r"切り上げ満貫|(?:Kazoe |Counted )?Yakuman|(?:Kiriage |Rounded )?Mangan|Haneman|Baiman|"
                           r"Sanbaiman)? ?([0-9]{1,9})(?:-([0-9]{1,9}))? ?(?:点|Points)(∀)?$", re.IGNORECASE)
_YAKU_TEXT: Final = re.compile(r"^(.+)\(([0-9]{1,9}) ?(?:飜|Han)\)$|^(.+)\((?:役満|Yakuman)\)$", re.IGNORECASE)


def tile_code(tile: Tile) -> int:
    """A tile's number in tenhou.net/6 JSON."""
    if tile.is_red:
        return 51 + "mps".index(tile.suit)
    return 11 + 10 * (tile.kind // 9) + tile.kind % 9


def tile_from_code(code: object) -> Tile:
    """The tile of a tenhou.net/6 number; ``ValueError`` for any other value."""
    if type(code) is int:
        if 51 <= code <= 53:  # noqa: PLR2004
            return Tile.from_kind(9 * (code - 51) + 4, red=True)
        suit, number = divmod(code, 10)
        if 1 <= suit <= 3 and 1 <= number <= 9 or suit == 4 and 1 <= number <= 7:  # noqa: PLR2004
            return Tile.from_kind(9 * (suit - 1) + number - 1)
    raise ValueError(f"{_shown(code)} is not a tenhou.net/6 tile (11..19, 21..29, 31..39, 41..47, 51..53)")


class _Bad(ValueError):
    """A malformed entry: the message names it."""


def _tile(code: object) -> Tile:
    try:
        return tile_from_code(code)
    except ValueError as exc:
        raise _Bad(str(exc)) from None


def _call_tiles(text: str) -> tuple[str, int, list[Tile]]:
    """A call's text as (letter, its position among the tiles, the tiles in order written).

    A call names four tiles at most: text longer than :data:`_MAX_CALL` is refused before it is read (a
    pending call is looked at after every discard until it is made, so its reading must cost little)."""
    m = re.fullmatch(r"((?:\d\d)*)([cpmka])((?:\d\d)+)", text) if len(text) <= _MAX_CALL else None
    if m is None:
        raise _Bad(f"{_shown(text)} is not a call (two-digit tiles around one of c, p, m, k, a)")
    before, letter, after = m.groups()
    codes = [int(before[i:i + 2]) for i in range(0, len(before), 2)] + [int(after[i:i + 2]) for i in
                                                                         range(0, len(after), 2)]
    return letter, len(before) // 2, [_tile(c) for c in codes]


@dataclass(slots=True)
class _Seat:
    takes: list[object]
    discards: list[object]
    ti: int = 0
    di: int = 0

    def next_take(self) -> object | None:
        return self.takes[self.ti] if self.ti < len(self.takes) else None

    def next_discard(self) -> object | None:
        return self.discards[self.di] if self.di < len(self.discards) else None


#: A point to come back to when a call turns out to be wrong: the seats' places in their lists, the
#: events so far, and the play's own state (turn, drawn tile, pending kan dora and riichi, dora used).
_Snapshot = tuple[tuple[tuple[int, int], ...], int, int, "Tile | None", bool, "int | None", int]


@dataclass(slots=True)
class _Play:
    """Puts one hand's per-seat lists back in the order of play.

    After each discard, a seat whose next take calls that tile calls it; when two identical discards
    come one after the other, the first may not be the one called: if the hand cannot be put in order
    after a call, the play goes back to the last call made and goes on without it (each step counted
    against a budget proportional to the hand's length, so no record costs more than linear time)."""

    deal: Deal
    seats: list[_Seat]
    players: int
    doras: list[Tile]
    events: list[Event] = field(default_factory=list)
    turn: int = 0
    drawn: Tile | None = None
    kan_dora_pending: bool = False
    riichi_pending: int | None = None
    dora_used: int = 1

    def reveal(self) -> None:
        if self.dora_used < len(self.doras):
            self.events.append(DoraRevealed(self.doras[self.dora_used]))
            self.dora_used += 1

    def accept_riichi(self) -> None:
        if self.riichi_pending is not None:
            self.events.append(RiichiAccepted(self.riichi_pending))
            self.riichi_pending = None

    def snapshot(self) -> _Snapshot:
        return (tuple((seat.ti, seat.di) for seat in self.seats), len(self.events), self.turn, self.drawn,
                self.kan_dora_pending, self.riichi_pending, self.dora_used)

    def restore(self, snap: _Snapshot) -> None:
        places, size, self.turn, self.drawn, self.kan_dora_pending, self.riichi_pending, self.dora_used = snap
        for seat, (ti, di) in zip(self.seats, places, strict=True):
            seat.ti, seat.di = ti, di
        del self.events[size:]

    def run(self) -> None:
        """Play the hand out; raises :class:`_Bad` naming the first problem when no order of the calls fits."""
        budget = 8 * sum(len(seat.takes) + len(seat.discards) for seat in self.seats) + 64
        calls: list[_Snapshot] = []
        first_problem: _Bad | None = None
        self.turn = self.deal.dealer
        need_draw, rinshan, deciding, forbid = True, False, False, False
        while True:
            budget -= 1
            if budget < 0:
                raise first_problem or _Bad("the calls cannot be put in order")
            try:
                if deciding:
                    deciding = False
                    called = not forbid and self.call(calls)
                    forbid = False
                    need_draw = not called
                    if need_draw:
                        self.turn = (self.turn + 1) % self.players
                    continue
                seat = self.seats[self.turn]
                if need_draw:
                    take = seat.next_take()
                    if take is None:
                        self.check_ended()
                        return
                    if not isinstance(take, int):
                        raise _Bad(f"seat {self.turn} takes {_shown(take)} where a draw is due")
                    self.accept_riichi()
                    seat.ti += 1
                    self.drawn = _tile(take)
                    self.events.append(Draw(self.turn, self.drawn, rinshan=rinshan))
                rinshan = False
                discard = seat.next_discard()
                if discard is None:
                    self.check_ended()
                    return
                seat.di += 1
                if discard == _KITA:
                    if self.players != 3:  # noqa: PLR2004
                        raise _Bad(f"seat {self.turn} sets a North aside ({_KITA}) in a four-player game")
                    self.events.append(Kita(self.turn))
                    self.drawn = None
                    need_draw, rinshan = True, True
                    continue
                if isinstance(discard, str) and not discard.startswith("r"):
                    self.kan(discard)
                    need_draw, rinshan = True, True
                    continue
                if self.kan_dora_pending:  # Tenhou's records turn an open or added kan's indicator before the discard
                    self.kan_dora_pending = False
                    self.reveal()
                self.discard(discard)
                deciding = True
            except _Bad as problem:
                if not calls:
                    raise first_problem or problem from None
                first_problem = first_problem or problem
                self.restore(calls.pop())  # back to the last call, which is now not made
                deciding, forbid, rinshan = True, True, False

    def check_ended(self) -> None:
        for s, seat in enumerate(self.seats):
            if seat.ti < len(seat.takes) or seat.di < len(seat.discards):
                raise _Bad(f"seat {s}'s takes or discards go on after the hand could not "
                           f"(take {seat.ti}, discard {seat.di})")

    def discard(self, entry: object) -> None:
        riichi = isinstance(entry, str) and entry.startswith("r")
        value: object = entry
        if riichi:
            assert isinstance(entry, str)
            try:
                value = int(entry[1:]) if len(entry) <= _MAX_RIICHI else None
            except ValueError:
                value = None
            if value is None:
                raise _Bad(f"{_shown(entry)} is not a riichi discard (r and a tile)")
            self.events.append(Riichi(self.turn))
        if value == _TSUMOGIRI:
            if self.drawn is None:
                raise _Bad(f"seat {self.turn} discards the drawn tile (60) without having drawn")
            tile, tsumogiri = self.drawn, True
        elif type(value) is int:
            tile, tsumogiri = _tile(value), False
        else:
            raise _Bad(f"{_shown(entry)} is not a discard")
        self.events.append(Discard(self.turn, tile, tsumogiri=tsumogiri))
        self.drawn = None
        if riichi:
            self.riichi_pending = self.turn

    def kan(self, text: str) -> None:
        letter, position, tiles = _call_tiles(text)
        pending, self.kan_dora_pending = self.kan_dora_pending, False
        if letter == "a":
            self.events.append(Ankan(self.turn, tuple(tiles)))
        elif letter == "k":
            self.events.append(Shouminkan(self.turn, tiles[position]))
        else:
            raise _Bad(f"{_shown(text)} in a discard list is neither an added nor a closed kan")
        if pending:  # a kan declared after another turns the earlier one's indicator
            self.reveal()
        if letter == "a":  # a closed kan's indicator is turned at once
            self.reveal()
        else:
            self.kan_dora_pending = True
        self.drawn = None

    def call(self, calls: list[_Snapshot]) -> bool:
        """Whether a seat calls the discard just made (the caller's turn then); a call made is remembered in
        ``calls`` as the point to come back to."""
        last = next(e for e in reversed(self.events) if isinstance(e, Discard))
        found: tuple[int, str, int, list[Tile]] | None = None
        for offset in range(1, self.players):
            s = (self.turn + offset) % self.players
            take = self.seats[s].next_take()
            if not isinstance(take, str):
                continue
            letter, position, tiles = _call_tiles(take)
            called = tiles[position]
            source = (s + {"c": 3, "p": (3, 2, 1)[min(position, 2)],
                           "m": (3, 2, 1, 1)[min(position, 3)]}.get(letter, 0)) % 4
            if letter in "cpm" and source == self.turn and called == last.tile:
                if found is None or letter != "c":
                    found = (s, letter, position, tiles)
        if found is None:
            return False
        calls.append(self.snapshot())
        s, letter, position, tiles = found
        self.accept_riichi()
        self.seats[s].ti += 1
        own = tuple(t for i, t in enumerate(tiles) if i != position)
        cls = {"c": Chi, "p": Pon, "m": Minkan}[letter]
        self.events.append(cls(s, tiles[position], self.turn, own))
        self.turn = s
        if letter == "m":
            if self.seats[s].next_discard() == 0:
                self.seats[s].di += 1  # the open kan's empty discard slot
            take = self.seats[s].next_take()
            if not isinstance(take, int):
                raise _Bad(f"seat {s} has no replacement tile after its open kan")
            self.seats[s].ti += 1
            self.drawn = _tile(take)
            self.events.append(Draw(s, self.drawn, rinshan=True))
            self.kan_dora_pending = True
        return True


def _ints(value: object, what: str, n: int | None = None) -> list[int]:
    if not isinstance(value, list) or not all(type(v) is int for v in value) or n is not None and len(value) != n:
        size = f" of {n}" if n is not None else ""
        raise _Bad(f"{what} must be a list{size} of whole numbers, not {_shown(value)}")
    return [checked_number(v, what) for v in value]


def _shown(value: object) -> str:
    """A value for an error message, cut short (a record may hold anything there)."""
    text = repr(value)
    return text if len(text) <= 80 else text[:77] + "..."  # noqa: PLR2004


def _seats(values: list[int], players: int, what: str) -> tuple[int, ...]:
    """Four values a seat; a three-player record's fourth slot must be 0 and is left out."""
    if players == 3:  # noqa: PLR2004
        if values[3]:
            raise _Bad(f"{what} gives the empty fourth seat of a three-player game {values[3]}")
        return tuple(values[:3])
    return tuple(values)


def _win(deltas: object, info: object, players: int) -> StatedWin:
    d = _seats(_ints(deltas, "a win's deltas", 4), players, "a win's deltas")
    if not isinstance(info, list) or len(info) < 3 or not all(type(v) is int for v in info[:3]):  # noqa: PLR2004
        raise _Bad(f"a win's details must be [who, from, pao, value, yaku...], not {_shown(info)}")
    who, source, pao = info[0], info[1], info[2]
    if not all(0 <= v < players for v in (who, source, pao)):
        raise _Bad(f"a win's who, from and pao must be seats 0..{players - 1}, not {_shown(info[:3])}")
    if len(info) == 3:  # noqa: PLR2004 - [who, from, pao] alone (a converter's): no value or yaku to compare
        return StatedWin(who, None if source == who else source, pao=None if pao == who else pao, deltas=d)
    m = _VALUE.match(str(info[3]))
    if m is None or not (m.group(1) or m.group(3)):
        raise _Bad(f"{_shown(info[3])} is not a win's value (such as 30符1飜1000点 or 満貫2000-4000点)")
    fu, han_text, limit_text, first, second, everyone = m.groups()
    others = players - 1  # the payers of a tsumo: the dealer and the other non-dealers
    points = int(first) * others if everyone else int(first) * (others - 1) + int(second) if second else int(first)
    yaku: list[tuple[Yaku, int]] = []
    yakuman: list[Yaku] = []
    han, known, is_yakuman = 0, True, False
    for text in info[4:]:
        ym = _YAKU_TEXT.match(str(text))
        worth = int(ym.group(2)) if ym is not None and ym.group(2) else 0
        han += worth
        is_yakuman = is_yakuman or ym is not None and bool(ym.group(3))
        found = yaku_by_name(ym.group(1) or ym.group(3)) if ym is not None else None
        if found is None:  # a name this reader does not know: shown as the record's text, never a stop
            known = False
        elif ym is not None and ym.group(3):
            yakuman.append(found)
        else:
            yaku.append((found, worth))
    limit = _LIMIT_READ[limit_text if not limit_text.isascii() else limit_text.lower()] if limit_text else None
    return StatedWin(who, None if source == who else source,
                     han=han if (han_text or limit_text) and not is_yakuman else None,
                     fu=int(fu) if fu else None, points=points,
                     yaku=(() if is_yakuman else tuple(yaku)) if known else None,
                     yakuman=tuple(yakuman) if known else None, limit=limit,
                     pao=None if pao == who else pao, deltas=d,
                     yaku_text=None if known else tuple(str(t) for t in info[4:]))


def _hand(index: int, entry: object, players: int) -> HandRecord:  # noqa: C901, PLR0912
    if not isinstance(entry, list) or len(entry) != 17:  # noqa: PLR2004
        raise _Bad(f"{hand_name(index)} must be a list of 17 entries, not {len(entry) if isinstance(entry, list) else _shown(entry)}")
    round_index, honba, sticks = _ints(entry[0], "[round, honba, sticks]", 3)
    if not 0 <= round_index < 16:  # noqa: PLR2004
        raise _Bad(f"round {round_index} is outside 0..15")
    scores = _seats(_ints(entry[1], "the start scores", 4), players, "the start scores")
    doras = [_tile(c) for c in _ints(entry[2], "the dora indicators")]
    uras = tuple(_tile(c) for c in _ints(entry[3], "the ura indicators"))
    if not doras:
        raise _Bad("a hand needs its first dora indicator")
    hands = tuple(tuple(_tile(c) for c in _ints(entry[4 + 3 * s], f"seat {s}'s tiles", 13)) for s in range(players))
    if players == 3 and any(entry[13:16]):  # noqa: PLR2004
        raise _Bad("the fourth seat of a three-player game has tiles, takes or discards")
    seats = []
    for s in range(players):
        takes, discards = entry[5 + 3 * s], entry[6 + 3 * s]
        if not isinstance(takes, list) or not isinstance(discards, list):
            raise _Bad(f"seat {s}'s takes and discards must be lists")
        seats.append(_Seat(takes, discards))
    dealer = round_index % 4
    if dealer >= players:
        raise _Bad(f"round {round_index} is no hand of a {players}-player game")
    deal = Deal(Wind(round_index // 4), dealer + 1, dealer, doras[0], hands, honba=honba, sticks=sticks,
                scores=scores)
    play = _Play(deal, seats, players, doras, [deal])
    play.run()
    result = entry[16]
    if not isinstance(result, list) or not result or not isinstance(result[0], str):
        raise _Bad(f"{hand_name(index)}'s result must be a list starting with its name, not {_shown(result)}")
    wins: list[StatedWin] = []
    draw = None
    if result[0] == "和了":
        if len(result) < 3 or len(result) % 2 == 0:  # noqa: PLR2004
            raise _Bad("a win result is 和了 then pairs of deltas and details")
        wins = [_win(result[i], result[i + 1], players) for i in range(1, len(result), 2)]
        last = play.events[-1]
        riichi_seats = {e.seat for e in play.events if isinstance(e, Riichi)}
        for w in wins:
            if w.from_seat is None:
                tile = play.drawn
            elif isinstance(last, Discard | Shouminkan | Kita):
                tile = last.tile
            else:
                raise _Bad(f"seat {w.winner} wins by ron on seat {w.from_seat}, but no tile was discarded")
            if tile is None:
                raise _Bad(f"seat {w.winner} wins by tsumo without a drawn tile")
            play.events.append(Win(w.winner, w.from_seat, tile, uras if w.winner in riichi_seats else ()))
    elif result[0] in _DRAW_NAMES:
        kind = _DRAW_NAMES[result[0]]
        deltas = _seats(_ints(result[1], "a draw's deltas", 4), players, "a draw's deltas") if len(result) > 1 \
            else None
        if kind is DrawKind.SUUCHA_RIICHI:
            play.accept_riichi()
        declarer = play.turn if kind is DrawKind.KYUUSHU_KYUUHAI else None
        play.events.append(Ryuukyoku(kind, declarer))
        draw = StatedDraw(kind, deltas if deltas is not None else (0,) * players)
    else:
        raise _Bad(f"unknown result {_shown(result[0])}")
    stated = StatedHand(scores, honba, sticks, tuple(wins), draw)
    return HandRecord(index, tuple(play.events), stated)


def _rules(obj: dict[str, object], log_id: str | None) -> tuple[RecordRules, list[str]]:
    """The rules a record states, and notes on how a private lobby's were read."""
    rule = obj.get("rule")
    ref = obj.get("ref")
    found = re.search(r"\d{10}gm-[0-9a-f]{4}-[0-9a-f]{4,5}-[0-9a-f]{8}", str(ref if ref else log_id or ""))
    found_id = found.group(0) if found else None
    if isinstance(rule, list):
        return _lobby_rules(rule, obj.get("csrule"), found_id)
    disp = str(rule.get("disp", "")) if isinstance(rule, dict) else ""
    red = None
    if isinstance(rule, dict):
        if "aka" in rule or any(f"aka5{i}" in rule for i in (1, 2, 3)):
            red = bool(rule.get("aka")) or any(bool(rule.get(f"aka5{i}")) for i in (1, 2, 3))
    hanchan = True if "南" in disp or "South" in disp else False if "東" in disp or "East" in disp else None
    kuitan = True if "喰" in disp else None
    # A Mahjong Soul game as converters write it: its room in the rule text (玉の間南喰赤, Jade Room South), or
    # its Soul id (250913-638affa1-...) as the reference.
    soul = is_soul_room(disp) or bool(re.match(r"\d{6}-[0-9a-f]{8}-", str(ref or "")))
    players = 3 if "三" in disp or disp.startswith("3") else 4
    preset: str = "mahjongsoul" if soul else "tenhou"
    switches: tuple[tuple[str, object], ...] = ()
    if isinstance(rule, dict) and ("preset" in rule or "switches" in rule):  # this library's: the rules it played
        try:
            preset, switches = stated_preset(rule)
        except ValueError as exc:
            raise _Bad(f"rule: {exc}") from None
    room = str(rule["room"]) if isinstance(rule, dict) and isinstance(rule.get("room"), str) else None
    return RecordRules(players=players, red_fives=red, open_tanyao=kuitan, hanchan=hanchan, log_id=found_id,
                       preset=preset, switches=switches, room=room or (disp if soul and disp else None)), []


#: A private lobby's ``csrule`` flags (its first field, hexadecimal): kiriage mangan (the public
#: descriptions of Tenhou's lobby settings, e.g. the tournament tools that write them).
_CS_KIRIAGE: Final = 0x02


def _lobby_rules(rule: list[object], csrule: object, log_id: str | None) -> tuple[RecordRules, list[str]]:
    """A private lobby's rules as Tenhou lists them: ``rule`` (its third field the lobby's rule code in
    hexadecimal, the bits of mjlog's ``<GO type>``) and ``csrule`` (its first field the lobby's flags)."""
    try:
        code = int(str(rule[2]), 16)
    except (IndexError, ValueError):
        raise _Bad(f"a private lobby's rule list has no rule code (hexadecimal) as its third field: {rule!r}") from None
    go = GoType.from_code(code)
    kiriage = None
    if isinstance(csrule, list) and csrule:
        try:
            kiriage = bool(int(str(csrule[0]) or "0", 16) & _CS_KIRIAGE)
        except ValueError:
            raise _Bad(f"a private lobby's csrule starts with {csrule[0]!r}, not its flags in hexadecimal") from None
    said = [f"red fives {'on' if go.red_fives else 'off'}", f"open tanyao {'on' if go.open_tanyao else 'off'}",
            "hanchan" if go.hanchan else "east-only"]
    if kiriage is not None:
        said.append(f"kiriage mangan {'on' if kiriage else 'off'}")
    notes = [f"a private lobby's rules (code {code:#x}): {', '.join(said)}"]
    return RecordRules(players=go.players, red_fives=go.red_fives, open_tanyao=go.open_tanyao, hanchan=go.hanchan,
                       log_id=log_id, code=code, switches=(("kiriage", kiriage),) if kiriage is not None else ()), notes


def _plain_fives(value: object) -> tuple[object, bool]:
    """A hand's lists with the red-five codes (51-53) as plain fives (15, 25, 35), and whether any was."""
    if type(value) is int and 51 <= value <= 53:  # noqa: PLR2004
        return 15 + 10 * (value - 51), True
    if isinstance(value, str):
        # A call or riichi discard: two-digit tiles around letters (each run of digits pairs from its start).
        pairs = re.sub(r"[0-9]{2}", lambda m: str(15 + 10 * (int(m.group(0)) - 51)) if m.group(0) in ("51", "52", "53")
                       else m.group(0), value)
        return pairs, pairs != value
    if isinstance(value, list):
        items = [_plain_fives(v) for v in value]
        return [v for v, _ in items], any(changed for _, changed in items)
    return value, False


def _relaxed_json(text: str) -> tuple[str, list[str]]:
    """JSON as some projects keep it, made JSON: ``//`` and ``/* */`` comments and commas before a closing
    bracket taken out (never inside a string). One pass over the text; returns what it took out."""
    out: list[str] = []
    took: set[str] = set()
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if c == '"':
            j = i + 1
            while j < n and text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            out.append(text[i:j + 1])
            i = j + 1
        elif text.startswith("//", i):
            end = text.find("\n", i)
            i = n if end < 0 else end
            took.add("comments")
        elif text.startswith("/*", i):
            end = text.find("*/", i + 2)
            i = n if end < 0 else end + 2
            took.add("comments")
        elif c == ",":
            j = i + 1
            while j < n and text[j] in " \t\r\n":
                j += 1
            if j < n and text[j] in "]}":
                took.add("trailing commas")
            else:
                out.append(c)
            i += 1
        else:
            out.append(c)
            i += 1
    return "".join(out), sorted(took)


def _parse(text: str, *, strict: bool) -> tuple[object, list[str]]:
    """The record's JSON value, and notes on what a lenient reading forgave: comments and trailing commas,
    or one hand a line (mjx writes a game so, each line a record of one hand: read as one game)."""
    try:
        return strict_json.loads(text), []
    except ValueError as exc:
        if strict:
            raise _Bad(f"{exc} (a lenient reading takes JSON with comments or trailing commas, and one hand "
                       "a line)") from None
        problem = exc
    lines = [line for line in text.splitlines() if line.strip()]
    if len(lines) > 1:
        try:
            parts = [strict_json.loads(line) for line in lines]
        except ValueError:
            parts = []
        games = [p for p in parts if isinstance(p, dict) and isinstance(p.get("log"), list)]
        if games and len(games) == len(parts):
            merged = dict(games[0])
            merged["log"] = [hand for g in games for hand in g["log"]]
            for g in games[::-1]:
                if "sc" in g:
                    merged["sc"] = g["sc"]
                    break
            return merged, [f"one hand a line ({len(parts)} lines): read as one game"]
    # The pass over every character only when a comment or a trailing comma may be there (a search at C speed
    # first: four megabytes of plain JSON took seconds of that pass to be refused for their length).
    relaxed, took = _relaxed_json(text) if _MAYBE_RELAXED.search(text) else (text, [])
    if took:
        try:
            return strict_json.loads(relaxed), [f"JSON with {' and '.join(took)}: read without them"]
        except ValueError:
            pass
    raise _Bad(str(problem)) from None


def read_tenhou6(text: str, *, log_id: str | None = None, strict: bool = True) -> GameRecord:
    """Read a tenhou.net/6 JSON record; ``log_id`` (a file name) names the game when ``ref`` does not.
    ``strict=False`` also reads JSON with comments and trailing commas, and one hand a line, each noted."""
    errors: list[RecordError] = []
    try:
        obj, notes = _parse(text, strict=strict)
        if not isinstance(obj, dict) or not isinstance(obj.get("log"), list):
            raise _Bad("a tenhou.net/6 record is an object with a 'log' list")
        rules, rule_notes = _rules(obj, log_id)
    except _Bad as bad:  # named apart from exc below: compiled, one name keeps one type
        return unreadable(str(bad))
    notes += rule_notes
    n = rules.players
    names_value = obj.get("name")
    names = tuple(str(v) for v in names_value[:n]) if isinstance(names_value, list) and len(names_value) in (n, 4) \
        else ("",) * n
    hands: list[HandRecord] = []
    plain = False
    for index, entry in enumerate(obj["log"]):
        if errors_full(errors, index, index):
            break
        if rules.red_fives is False:
            entry, changed = _plain_fives(entry)
            plain |= changed
        try:
            hands.append(_hand(index, entry, n))
        except ValueError as exc:  # _Bad, or an event the engine's types refuse: the other hands still count
            errors.append(RecordError(ErrorCode.INVALID_LOG, f"{hand_name(index)}: {first_line(exc)}", index, index))
    if plain:
        notes.append("red-five codes (51-53) in a game without red fives: read as plain fives")
    end = None
    sc = obj.get("sc")
    if isinstance(sc, list) and len(sc) == 8 and all(  # noqa: PLR2004
            isinstance(v, int | float) and -MAX_NUMBER <= v <= MAX_NUMBER for v in sc):
        end = StatedGameEnd(tuple(int(v) for v in sc[::2])[:n], tuple(float(v) for v in sc[1::2])[:n])
    rules, start_notes = lobby_start(rules, tuple(hands))
    notes += start_notes
    start = hands[0].stated.scores_start if hands else None
    return GameRecord(rules, names, start, tuple(hands), end, tuple(errors),
                      tuple(RecordNote(n) for n in notes), lenient=not strict)


# -- writing ---------------------------------------------------------------------------------------------

def _codes(tiles: tuple[Tile, ...] | list[Tile]) -> str:
    return "".join(str(tile_code(t)) for t in tiles)


def _sorted(tiles: tuple[Tile, ...]) -> list[Tile]:
    """Tenhou's order: by kind, a red five after the plain ones."""
    return sorted(tiles, key=lambda t: (t.kind, t.is_red))


def _call_text(letter: str, seat: int, source: int, called: Tile, own: tuple[Tile, ...]) -> str:
    rel = (source - seat) % 4  # 3 = left, 2 = across, 1 = right (seat numbers, as an mjlog meld code counts)
    own_sorted = _sorted(own)
    place = {3: 0, 2: 1, 1: len(own_sorted)}[rel]
    return _codes(own_sorted[:place]) + letter + str(tile_code(called)) + _codes(own_sorted[place:])


def _value_text(w: StatedWin, dealer: int, players: int) -> str:
    if w.points is None:
        raise ValueError(f"seat {w.winner}'s win states no points: tenhou.net/6 needs them")
    limit = {v: k for k, v in _LIMIT_NAMES.items() if k != "数え役満"}.get(w.limit or "")
    head = limit if limit else f"{w.fu}符{w.han}飜"
    if w.from_seat is not None:
        return f"{head}{w.points}点"
    if w.winner == dealer:
        return f"{head}{w.points // (players - 1)}点∀"
    if w.deltas is not None and players == 3:  # noqa: PLR2004 - the two payers' shares, as the deltas show
        paid = sorted(-d for s, d in enumerate(w.deltas) if d < 0 and s != w.winner)
        honba = 100 * (w.honba or 0)
        if len(paid) == 2:  # noqa: PLR2004
            return f"{head}{paid[0] - honba}-{paid[1] - honba}点"
    each = -(-w.points // 4 // 100) * 100
    return f"{head}{each}-{w.points - 2 * each}点"


def _yaku_text(w: StatedWin, round_wind: int, seat_wind: int) -> list[str]:
    out = []
    for y, han in tenhou_yaku(w.yaku or ()):
        ids = y.tenhou_ids
        i = ids[0]
        if y is Yaku.SEAT_WIND:
            i = 10 + seat_wind
        elif y is Yaku.ROUND_WIND:
            i = 14 + round_wind
        out.append(f"{_YAKU_NAMES[i]}({han}飜)")
    out += [f"{_YAKU_NAMES[y.tenhou_ids[0]]}(役満)" for y in w.yakuman or ()]
    return out


def _hand_entry(hand: HandRecord) -> list[object]:  # noqa: C901, PLR0912 - one branch per event
    deal = hand.events[0]
    if not isinstance(deal, Deal):
        raise ValueError(f"{hand_name(hand.index)} does not start with a deal")
    stated = hand.stated
    players = deal.players
    takes: list[list[object]] = [[], [], [], []]
    discards: list[list[object]] = [[], [], [], []]
    pons: dict[tuple[int, int], str] = {}
    doras = [deal.dora]
    uras: tuple[Tile, ...] = ()
    riichi = None
    result: list[object] = []
    wins = iter(stated.wins)
    for event in hand.events[1:]:
        if isinstance(event, Draw):
            takes[event.seat].append(tile_code(event.tile))
        elif isinstance(event, Discard):
            code = _TSUMOGIRI if event.tsumogiri else tile_code(event.tile)
            discards[event.seat].append(f"r{code}" if riichi == event.seat else code)
            riichi = None
        elif isinstance(event, Riichi):
            riichi = event.seat
        elif isinstance(event, Chi | Pon | Minkan):
            letter = {Chi: "c", Pon: "p", Minkan: "m"}[type(event)]
            text = _call_text(letter, event.seat, event.from_seat, event.tile, event.own)
            takes[event.seat].append(text)
            if isinstance(event, Pon):
                pons[(event.seat, event.tile.kind)] = text
            if isinstance(event, Minkan):
                discards[event.seat].append(0)
        elif isinstance(event, Shouminkan):
            pon = pons.get((event.seat, event.tile.kind))
            if pon is None:
                raise ValueError(f"seat {event.seat} adds {event.tile} to a pon it has not called")
            discards[event.seat].append(pon.replace("p", "k" + str(tile_code(event.tile)), 1))
        elif isinstance(event, Ankan):
            tiles = _sorted(event.tiles)
            plain = [t for t in tiles if not t.is_red]
            fourth = [t for t in tiles if t.is_red] or plain[-1:]
            rest = [t for t in tiles if t is not fourth[0]] if fourth[0].is_red else plain[:3]
            discards[event.seat].append(_codes(rest) + "a" + _codes(fourth))
        elif isinstance(event, Kita):
            discards[event.seat].append(_KITA)
        elif isinstance(event, DoraRevealed):
            doras.append(event.tile)
        elif isinstance(event, Win):
            if len(event.ura) > len(uras):
                uras = event.ura
            w = next(wins, None)
            if w is None or w.deltas is None:
                raise ValueError(f"{hand_name(hand.index)}: a win without stated results cannot be written as tenhou.net/6")
            seat_wind = (event.seat - deal.dealer) % 4
            info: list[object] = [w.winner, w.winner if w.from_seat is None else w.from_seat,
                                  w.winner if w.pao is None else w.pao, _value_text(w, deal.dealer, players),
                                  *_yaku_text(w, int(deal.round_wind), seat_wind)]
            result = (result or ["和了"]) + [_four(w.deltas), info]
        elif isinstance(event, Ryuukyoku):
            draw = stated.draw
            result = [_DRAW_TEXT[event.kind]]
            if draw is not None and draw.deltas is not None and event.kind in (
                    DrawKind.EXHAUSTIVE, DrawKind.NAGASHI_MANGAN):
                result.append(_four(draw.deltas))
    round_index = 4 * int(deal.round_wind) + deal.round_number - 1
    honba = stated.honba if stated.honba is not None else deal.honba
    sticks = stated.riichi_sticks if stated.riichi_sticks is not None else deal.sticks
    scores = stated.scores_start if stated.scores_start is not None else deal.scores
    entry: list[object] = [[round_index, honba, sticks], _four(scores), [tile_code(t) for t in doras],
                           [tile_code(t) for t in uras]]
    for s in range(4):
        entry += [[tile_code(t) for t in _sorted(deal.hands[s])] if s < players else [], takes[s], discards[s]]
    entry.append(result)
    return entry


def _four(values: tuple[int, ...]) -> list[int]:
    """A score list as Tenhou writes it: four slots, a three-player game's fourth 0."""
    return [*values, *[0] * (4 - len(values))]


def write_tenhou6(record: GameRecord) -> str:
    """The record as tenhou.net/6 JSON (results as the record states them; a win needs its values). A Mahjong
    Soul game names its room in the rule text as Soul's converters do (玉の間南喰赤)."""
    lobby = "般"
    if record.rules.preset == "mahjongsoul":
        lobby = soul_lobby(record.rules.room or "")
    disp = ("三" if record.rules.players == 3 else "") + (  # noqa: PLR2004
        lobby + ("南" if record.rules.hanchan is not False else "東") + ("喰" if record.rules.open_tanyao is not False
                                                                          else "") + ("赤" if record.rules.red_fives is not False else ""))
    # The preset and switches a game of this library was played under ride along in rule (Tenhou's viewer
    # reads disp and aka only).
    rule: dict[str, object] = {"disp": disp, "aka": 0 if record.rules.red_fives is False else 1,
                               **record.rules.stated_rule()}
    obj: dict[str, object] = {"title": ["", ""], "name": [*record.names, "", "", ""][:4], "rule": rule,
                              "log": [_hand_entry(h) for h in record.hands]}
    if record.rules.log_id:
        obj["ref"] = record.rules.log_id
    if record.end is not None:
        pairs = list(zip(record.end.final_scores, record.end.final_points, strict=True))
        pairs += [(0, 0.0)] * (4 - len(pairs))
        obj["sc"] = [v for score, points in pairs for v in (score, int(points) if points == int(points) else points)]
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":"))
