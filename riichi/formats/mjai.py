"""mjai JSON lines: the protocol of mahjong bots (Mortal, RiichiEnv and the original mjai server).

One JSON object a line: ``start_game``, then per hand ``start_kyoku`` (round,
dealer, honba, sticks, scores, dora indicator and the four hands), ``tsumo``,
``dahai``, ``chi``/``pon``/``daiminkan``/``kakan``/``ankan``, ``reach`` and
``reach_accepted``, ``dora``, ``hora`` or ``ryukyoku`` (with the score changes
``deltas``), ``end_kyoku``; ``end_game``. Tiles are ``1m``..``9m``, ``5mr`` for a
red five, and ``E S W N P F C`` for the honours. This library adds what the
protocol has no field for and other readers ignore: ``start_game`` may carry
``rule`` (``aka``, ``kuitan``, ``hanchan``) and ``ref`` (a Tenhou log id),
``end_game`` the final ``scores`` and ``points``, ``hora`` the values
(``fan``, ``fu``, ``hora_points``, ``yakus``, ``limit``, ``pao``) and ``hora``
and ``ryukyoku`` the ``honba`` and ``kyotaku`` they settle. ``rule`` may also be
the whole rule set (``{"preset": "wrc", ...}``, the spec :func:`~riichi.formats.record.rules_spec` writes).
A game played by bots carries each answer the table refused on the line of the event played next
(``faults``, see :mod:`riichi.formats.mjai_faults`).

Read leniently (``strict=False``), the dialects of other writers are read too,
each one noted: riichienv's and mjai.app's draw names (``exhaustive_draw``,
``kyushu_kyuhai``, ``suukansansen``, ``sufuurenta``, ``suucha_riichi``), a
kyuushu kyuuhai ``ryukyoku`` without ``actor`` (the seat that just drew), and a
``ryukyoku`` without ``reason`` (Mortal writes none): the draw the hand's events
show (the last live tile drawn, a fourth riichi, a fourth kan, four winds, or
else the drawer's nine orphans).

A three-player game deals three ``tehais`` with three ``scores`` (and every
``deltas`` has three entries); a North set aside is a ``nukidora`` event
(``{"type":"nukidora","actor":0,"pai":"N"}``, as three-player mjai tools
write it), followed by the replacement ``tsumo``.

>>> [str(e) for e in read_mjai('{"type":"dahai","actor":2,"pai":"5pr","tsumogiri":true}').errors]
['event 1: dahai before start_kyoku']
>>> mjai_tile(Tile.parse("0s")), tile_from_mjai("C")
('5sr', Tile.parse('7z'))
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Final

from riichi.formats import strict_json
from riichi.formats.record import (
    MAX_NUMBER,
    ErrorCode,
    GameRecord,
    HandRecord,
    RecordError,
    RecordFault,
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
)
from riichi.formats.mjai_faults import fault_entries, read_faults
from riichi.formats.tenhou6_names import yaku_by_name
from riichi.game.events import (
    Ankan,
    Chi,
    Deal,
    Discard,
    DoraRevealed,
    Draw,
    DrawKind,
    Event,
    GameStart,
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

__all__ = ["mjai_event", "mjai_tile", "read_mjai", "tile_from_mjai", "write_mjai"]

_HONORS: Final = "ESWNPFC"
#: The tile a record hides (another player's tile, or an empty seat's).
_HIDDEN: Final = "?"
_NORTH: Final = 30
#: Draw reasons as mjai writers name them, and the project's own names (which the writer uses).
_REASONS: Final = {
    **{kind.value: kind for kind in DrawKind},
    "fanpai": DrawKind.EXHAUSTIVE, "ryukyoku": DrawKind.EXHAUSTIVE, "howanpai": DrawKind.EXHAUSTIVE,
    "kyushukyuhai": DrawKind.KYUUSHU_KYUUHAI, "kyuushu_kyuuhai": DrawKind.KYUUSHU_KYUUHAI,
    "suuchariichi": DrawKind.SUUCHA_RIICHI, "suucha_riichi": DrawKind.SUUCHA_RIICHI,
    "sanchaho": DrawKind.SANCHAHOU, "sanchahou": DrawKind.SANCHAHOU,
    "suukaikan": DrawKind.SUUKAIKAN, "sukaikan": DrawKind.SUUKAIKAN,
    "suufonrenda": DrawKind.SUUFON_RENDA, "sufonrenda": DrawKind.SUUFON_RENDA,
    "nagashimangan": DrawKind.NAGASHI_MANGAN, "nagashi_mangan": DrawKind.NAGASHI_MANGAN,
}
#: Draw reasons as riichienv 0.4.11 and mjai.app write them (read leniently, each noted).
_OTHER_REASONS: Final = {
    "exhaustive_draw": DrawKind.EXHAUSTIVE, "kyushu_kyuhai": DrawKind.KYUUSHU_KYUUHAI,
    "suukansansen": DrawKind.SUUKAIKAN, "sufuurenta": DrawKind.SUUFON_RENDA, "suufuurenta": DrawKind.SUUFON_RENDA,
    "suucha_riichi": DrawKind.SUUCHA_RIICHI, "suuchariichi": DrawKind.SUUCHA_RIICHI,
}
#: Tiles drawn in a hand when the live wall runs out, by players: 136 less the dead wall's 14 and the deal's
#: 52, or 108 less 14 and 39 (a replacement tile comes from the dead wall, which takes the live wall's last
#: tile instead).
_LIVE_DRAWS: Final = {4: 70, 3: 55}


def mjai_tile(tile: Tile) -> str:
    """A tile in mjai's notation."""
    if tile.is_red:
        return f"5{tile.suit}r"
    if tile.is_honor:
        return _HONORS[tile.kind - 27]
    return str(tile)


def tile_from_mjai(text: object) -> Tile:
    """The tile of an mjai tile name; ``ValueError`` for anything else (``?``, the hidden tile, included)."""
    tile = _FROM_MJAI.get(text) if isinstance(text, str) else None
    if tile is None:
        raise ValueError(f"{text!r} is not an mjai tile (1m..9m, 5mr, E S W N P F C)")
    return tile


#: Every tile by its mjai name (a bot reads one in nearly every message).
_FROM_MJAI: Final = {mjai_tile(t): t for t in Tile}


class _Bad(ValueError):
    """A malformed line: the message names what is wrong with it."""


@dataclass(slots=True)
class _Hand:
    index: int
    events: list[Event] = field(default_factory=list)
    stated_start: tuple[tuple[int, ...] | None, int | None, int | None] = (None, None, None)
    wins: list[StatedWin] = field(default_factory=list)
    draw: StatedDraw | None = None
    last_tile: Tile | None = None  # the last drawn, discarded or added tile (a win's tile when unnamed)
    kan_pending: int | None = None

    def record(self) -> HandRecord:
        scores, honba, sticks = self.stated_start
        return HandRecord(self.index, tuple(self.events),
                          StatedHand(scores, honba, sticks, tuple(self.wins), self.draw))


@dataclass(slots=True)
class _Reader:
    names: tuple[str, ...] = ()
    hands: list[HandRecord] = field(default_factory=list)
    hand: _Hand | None = None
    end: StatedGameEnd | None = None
    errors: list[RecordError] = field(default_factory=list)
    red_seen: bool = False
    rules: RecordRules | None = None
    #: Seats, from the first start_kyoku (or the rule's players).
    players: int | None = None
    #: A three-player game written in four slots (the fourth hand all ``?``, the fourth score 0).
    padded: bool = False
    strict: bool = True
    notes: list[RecordNote] = field(default_factory=list)
    faults: list[RecordFault] = field(default_factory=list)

    def forgive(self, what: str, read_as: str, hand: _Hand | None) -> None:
        """Read ``what`` (a departure from the format) as ``read_as``: noted when lenient, an error when strict."""
        if self.strict:
            raise _Bad(f"{what} (a lenient reading takes it as {read_as})")
        self.notes.append(RecordNote(f"{what}: read as {read_as}", hand.index if hand is not None else None))

    def current(self, kind: str) -> _Hand:
        if self.hand is None:
            raise _Bad(f"{kind} before start_kyoku")
        return self.hand

    def feed(self, obj: dict[str, object]) -> None:
        """Read one line, and the bot faults it carries (this library's ``faults`` field, placed before
        the line's event)."""
        before = (self.hand.index, len(self.hand.events)) if self.hand is not None else None
        self.feed_event(obj)
        if "faults" not in obj:
            return
        kind = obj.get("type")
        if kind == "start_kyoku" and self.hand is not None:
            at = (self.hand.index, 0)
        elif kind == "end_game":
            at = (len(self.hands), 0)
        elif before is not None and kind not in ("start_game", "end_kyoku", "none"):
            at = before
        else:
            raise _Bad(f"faults on a {kind} line: they go on the event played after them")
        self.faults += read_faults(obj["faults"], hand=at[0], event=at[1], players=self.players or 4)

    def feed_event(self, obj: dict[str, object]) -> None:  # noqa: C901, PLR0912 - one branch per message type
        kind = obj.get("type")
        if kind == "start_game":
            names = obj.get("names")
            if isinstance(names, list) and len(names) in (3, 4) and all(isinstance(n, str) for n in names):
                self.names = tuple(names)
            rule = obj.get("rule")
            if isinstance(rule, dict):  # this library's extension: the rules a game was played under
                players = rule.get("players", 4)
                if players not in (3, 4) or type(players) is not int:
                    raise _Bad(f"start_game rule players {players!r} is not 3 or 4")
                self.players = players
                try:
                    preset, switches = stated_preset(rule)
                except ValueError as exc:
                    raise _Bad(str(exc)) from None
                self.rules = RecordRules(players=players,
                                         red_fives=_opt_bool(rule, "aka"), open_tanyao=_opt_bool(rule, "kuitan"),
                                         hanchan=_opt_bool(rule, "hanchan"), preset=preset, switches=switches,
                                         room=str(rule["room"]) if isinstance(rule.get("room"), str) else None,
                                         log_id=str(obj["ref"]) if isinstance(obj.get("ref"), str) else None)
            return
        if kind in ("end_game", "end_kyoku", "none"):
            if kind == "end_kyoku" and self.hand is not None:
                self.close()
            scores, points = obj.get("scores"), obj.get("points")
            if kind == "end_game" and isinstance(scores, list) and isinstance(points, list):
                final, points_at_end = tuple(_ints(obj, "scores")), tuple(_points(obj, "points"))
                if self.padded:
                    final = self.three(final, "end_game scores")
                    points_at_end = points_at_end[:len(final)]
                self.end = StatedGameEnd(final, points_at_end)
            return
        if kind == "start_kyoku":
            if self.hand is not None:
                self.close()
            self.start(obj)
            return
        hand = self.current(str(kind))
        if kind == "tsumo":
            actor, tile = _actor(obj), self.tile(obj.get("pai"))
            hand.events.append(Draw(actor, tile, rinshan=hand.kan_pending == actor))
            hand.kan_pending = None
        elif kind == "dahai":
            actor, tile = _actor(obj), self.tile(obj.get("pai"))
            hand.events.append(Discard(actor, tile, tsumogiri=obj.get("tsumogiri") is True))
        elif kind in ("chi", "pon", "daiminkan"):
            actor, target = _actor(obj), _actor(obj, "target")
            call = {"chi": Chi, "pon": Pon, "daiminkan": Minkan}[str(kind)]
            tile = self.tile(obj.get("pai"))
            hand.events.append(call(actor, tile, target, self.tiles(obj.get("consumed"))))
            if kind == "daiminkan":
                hand.kan_pending = actor
        elif kind == "kakan":
            actor = _actor(obj)
            tile = self.tile(obj.get("pai"))
            hand.events.append(Shouminkan(actor, tile))
            hand.kan_pending = actor
        elif kind == "ankan":
            actor = _actor(obj)
            hand.events.append(Ankan(actor, self.tiles(obj.get("consumed"))))
            hand.kan_pending = actor
        elif kind == "nukidora":
            actor = _actor(obj)
            if "pai" in obj and self.tile(obj["pai"]).kind != _NORTH:
                raise _Bad(f"nukidora sets a North aside, not {obj['pai']!r}")
            hand.events.append(Kita(actor))
            hand.kan_pending = actor
            hand.last_tile = Tile.from_kind(_NORTH)
        elif kind == "dora":
            hand.events.append(DoraRevealed(self.tile(obj.get("dora_marker"))))
        elif kind == "reach":
            hand.events.append(Riichi(_actor(obj)))
        elif kind == "reach_accepted":
            hand.events.append(RiichiAccepted(_actor(obj)))
        elif kind == "hora":
            self.hora(hand, obj)
        elif kind == "ryukyoku":
            self.ryukyoku(hand, obj)
        else:
            raise _Bad(f"unknown message type {kind!r}")
        if kind in ("tsumo", "dahai", "kakan"):
            hand.last_tile = self.tile(obj.get("pai"))

    def tile(self, text: object) -> Tile:
        try:
            tile = tile_from_mjai(text)
        except ValueError as exc:
            raise _Bad(str(exc)) from None
        self.red_seen |= tile.is_red
        return tile

    def tiles(self, value: object) -> tuple[Tile, ...]:
        if not isinstance(value, list):
            raise _Bad(f"expected a list of tiles, not {value!r}")
        return tuple(self.tile(t) for t in value)

    def start(self, obj: dict[str, object]) -> None:
        bakaze = obj.get("bakaze")
        if bakaze not in ("E", "S", "W", "N"):
            raise _Bad(f"start_kyoku bakaze {bakaze!r} is not E, S, W or N")
        number = _int(obj, "kyoku")
        if not 1 <= number <= 4:  # noqa: PLR2004
            raise _Bad(f"start_kyoku kyoku {number} is not 1..4")
        dealer = _actor(obj, "oya")
        tehais = obj.get("tehais")
        if not isinstance(tehais, list) or len(tehais) not in (3, 4):
            raise _Bad("start_kyoku tehais must be four hands (three in a three-player game)")
        if len(tehais) == 4 and tehais[3] == [_HIDDEN] * 13 and self.players != 4:  # noqa: PLR2004
            tehais = tehais[:3]  # a three-player game in four slots, as libriichi-style three-player tools write it
            self.padded = True
        n = len(tehais)
        if self.players is not None and n != self.players:
            raise _Bad(f"start_kyoku deals {n} hands in a game of {self.players} players")
        self.players = n
        hands = tuple(self.tiles(h) for h in tehais)
        honba = _int(obj, "honba") if "honba" in obj else None
        sticks = _int(obj, "kyotaku") if "kyotaku" in obj else None
        scores = tuple(_ints(obj, "scores")) if "scores" in obj else None
        if scores is not None and self.padded:
            scores = self.three(scores, "start_kyoku scores")
        if scores is not None and len(scores) != n:
            raise _Bad(f"start_kyoku scores has {len(scores)} entries, not {n}")
        self.hand = _Hand(len(self.hands))
        self.hand.stated_start = (scores, honba, sticks)
        self.hand.events.append(Deal(Wind.parse(str(bakaze)), number, dealer, self.tile(obj.get("dora_marker")),
                                     hands, honba=honba or 0, sticks=sticks or 0,
                                     scores=scores or ((25000,) * 4 if n == 4 else (35000,) * 3)))  # noqa: PLR2004

    def hora(self, hand: _Hand, obj: dict[str, object]) -> None:
        actor = _actor(obj)
        target = _actor(obj, "target") if "target" in obj else actor
        if "pai" in obj:
            tile = self.tile(obj["pai"])
        elif hand.last_tile is not None:
            tile = hand.last_tile
        else:
            raise _Bad("hora without pai, and no tile drawn or discarded before it")
        ura = self.tiles(obj["ura_markers"]) if "ura_markers" in obj else ()
        from_seat = None if target == actor else target
        hand.events.append(Win(actor, from_seat, tile, ura))
        yaku, text = self.yakus(hand, obj)
        yakuman = tuple(y for y, _ in yaku or () if y.yakuman) if yaku is not None else None
        hand.wins.append(StatedWin(
            actor, from_seat, han=_opt_int(obj, "fan") if not yakuman else None,
            fu=_opt_int(obj, "fu") if not yakuman else None, points=self.hora_points(hand, obj),
            yaku=tuple(p for p in yaku if not p[0].yakuman) if yaku is not None else None, yakuman=yakuman,
            limit=str(obj["limit"]) if isinstance(obj.get("limit"), str) else None,
            pao=_actor(obj, "pao") if "pao" in obj else None,
            deltas=self.deltas(obj), honba=_opt_int(obj, "honba"), riichi_sticks=_opt_int(obj, "kyotaku"),
            yaku_text=text))

    def hora_points(self, hand: _Hand, obj: dict[str, object]) -> int | None:
        """A hora's value without honba and sticks (``hora_points``). riichienv's excerpts of Tenhou games
        state it with the honba: read leniently, a first win whose points are what its payers pay in all
        (the honba in, the sticks out) is read less the honba, noted."""
        points = _opt_int(obj, "hora_points")
        honba = hand.stated_start[1]
        deltas = obj.get("deltas")
        if self.strict or points is None or not honba or hand.wins or not isinstance(deltas, list) or len(
                deltas) != 4 or not all(type(d) is int for d in deltas):  # noqa: PLR2004 - four players: 300 a honba
            return points
        paid = -sum(d for d in deltas if d < 0)
        if paid != points:
            return points
        value = points - 300 * honba
        self.notes.append(RecordNote(f"hora_points {points}: what the payers pay, {honba} honba in; read as {value}",
                                     hand.index))
        return value

    def yakus(self, hand: _Hand, obj: dict[str, object]) -> tuple[tuple[tuple[Yaku, int], ...] | None,
                                                                   tuple[str, ...] | None]:
        """A hora's ``yakus`` as (yaku, han) pairs; read leniently, also in Tenhou's or Mahjong Soul's names
        (riichienv's excerpts of Tenhou games write 役牌 發), a name no table knows shown as the record's text."""
        stated = obj.get("yakus")
        if not isinstance(stated, list):
            return None, None
        try:
            return tuple((Yaku.parse(str(name)), checked_number(int(han), "han"))
                         for name, han in stated), None
        except (ValueError, TypeError):
            if self.strict or not all(isinstance(p, list) and len(p) == 2 and type(p[1]) is int for p in stated):  # noqa: PLR2004
                raise _Bad(f"hora yakus {_shown(stated)} are not [name, han] pairs of this library's names "
                           "(a lenient reading takes Tenhou's and Mahjong Soul's names too)") from None
        found = [(yaku_by_name(str(name)), checked_number(han, "han")) for name, han in stated]
        texts = tuple(f"{name}({han})" for name, han in stated)
        if any(y is None for y, _ in found):
            self.notes.append(RecordNote(f"hora yakus {', '.join(texts)}: names no table knows, shown as the "
                                         "record's text", hand.index))
            return None, texts
        self.notes.append(RecordNote(f"hora yakus {', '.join(texts)}: read in Tenhou's or Mahjong Soul's names",
                                     hand.index))
        return tuple((y, han) for y, han in found if y is not None), None

    def ryukyoku(self, hand: _Hand, obj: dict[str, object]) -> None:
        if "reason" in obj:
            reason = str(obj["reason"])
            kind = _REASONS.get(reason.lower())
            if kind is None and reason.lower() in _OTHER_REASONS:
                kind = _OTHER_REASONS[reason.lower()]
                self.forgive(f"ryukyoku reason {reason!r}", kind.value, hand)
            if kind is None:
                raise _Bad(f"unknown ryukyoku reason {reason!r}")
        elif self.strict:
            kind = DrawKind.EXHAUSTIVE
        else:
            kind = _draw_shown(hand.events, self.players or 4)
            self.notes.append(RecordNote(f"ryukyoku without a reason: read as {kind.value}, as the hand's events show",
                                         hand.index))
        seat = None
        if kind is DrawKind.KYUUSHU_KYUUHAI:
            if "actor" in obj:
                seat = _actor(obj)
            else:
                last = hand.events[-1] if hand.events else None
                if not isinstance(last, Draw):
                    raise _Bad("kyuushu kyuuhai without actor, and no tile drawn just before it")
                seat = last.seat
                self.forgive("kyuushu kyuuhai without actor", f"seat {seat}, who just drew", hand)
        hand.events.append(Ryuukyoku(kind, seat))
        hand.draw = StatedDraw(kind, self.deltas(obj), honba=_opt_int(obj, "honba"),
                               riichi_sticks=_opt_int(obj, "kyotaku"))

    def deltas(self, obj: dict[str, object]) -> tuple[int, ...] | None:
        if "deltas" not in obj:
            return None
        deltas = tuple(_ints(obj, "deltas"))
        if self.padded:
            deltas = self.three(deltas, "deltas")
        n = self.players or 4
        if len(deltas) != n:
            raise _Bad(f"deltas has {len(deltas)} entries, not {n}")
        return deltas

    def three(self, values: tuple[int, ...], what: str) -> tuple[int, ...]:
        """A score list of a three-player game written in four slots: the fourth must be empty (0)."""
        if len(values) == 4:  # noqa: PLR2004
            if values[3]:
                raise _Bad(f"{what} gives the empty fourth seat of a three-player game {values[3]}")
            return values[:3]
        return values

    def close(self) -> None:
        if self.hand is not None:
            self.hands.append(self.hand.record())
            self.hand = None


def _int(obj: dict[str, object], key: str) -> int:
    value = obj.get(key)
    if type(value) is not int:
        raise _Bad(f"{key} must be a whole number, not {_shown(value)}")
    return checked_number(value, key)


def _shown(value: object) -> str:
    """A value for an error message, cut short (a record may hold anything there)."""
    text = repr(value)
    return text if len(text) <= 80 else text[:77] + "..."  # noqa: PLR2004


def _opt_bool(obj: dict[str, object], key: str) -> bool | None:
    value = obj.get(key)
    return value if isinstance(value, bool) else None


def _opt_int(obj: dict[str, object], key: str) -> int | None:
    return _int(obj, key) if key in obj else None


def _ints(obj: dict[str, object], key: str) -> list[int]:
    value = obj.get(key)
    if not isinstance(value, list) or not all(type(v) is int for v in value):
        raise _Bad(f"{key} must be a list of whole numbers, not {_shown(value)}")
    return [checked_number(v, key) for v in value]


def _points(obj: dict[str, object], key: str) -> list[float]:
    """A list of final points: numbers within the record number limit (JSON has no NaN or infinity)."""
    value = obj.get(key)
    if not isinstance(value, list) or not all(
            type(v) in (int, float) and -MAX_NUMBER <= v <= MAX_NUMBER for v in value):
        raise _Bad(f"{key} must be a list of numbers, not {_shown(value)}")
    return [float(v) for v in value]


def _actor(obj: dict[str, object], key: str = "actor") -> int:
    seat = _int(obj, key)
    if not 0 <= seat <= 3:  # noqa: PLR2004
        raise _Bad(f"{key} {seat} is not a seat 0..3")
    return seat


def _draw_shown(events: list[Event], players: int) -> DrawKind:
    """The draw a hand's events show when the record names none: the wall run out (every live tile drawn),
    a fourth riichi accepted, a fourth kan, the first four discards one wind, or else nine orphans."""
    draws = sum(isinstance(e, Draw) for e in events)
    if draws >= _LIVE_DRAWS[players]:
        return DrawKind.EXHAUSTIVE
    if sum(isinstance(e, RiichiAccepted) for e in events) == 4 or isinstance(events[-1], Riichi):  # noqa: PLR2004
        return DrawKind.SUUCHA_RIICHI
    if sum(isinstance(e, Ankan | Minkan | Shouminkan) for e in events) == 4:  # noqa: PLR2004
        return DrawKind.SUUKAIKAN
    discards = [e for e in events if isinstance(e, Discard)]
    calls = any(isinstance(e, Chi | Pon | Minkan | Ankan) for e in events)
    if (len(discards) == 4 and not calls and discards[0].tile.is_wind  # noqa: PLR2004
            and all(d.tile.kind == discards[0].tile.kind for d in discards)):
        return DrawKind.SUUFON_RENDA
    if isinstance(events[-1], Draw):
        return DrawKind.KYUUSHU_KYUUHAI
    return DrawKind.EXHAUSTIVE


def read_mjai(text: str | Iterable[str], *, strict: bool = True) -> GameRecord:
    """Read one game of mjai JSON lines (a string or an iterable of lines); ``strict=False`` reads other
    writers' dialects too, each noted (see the module's description)."""
    lines = text.splitlines() if isinstance(text, str) else text
    reader = _Reader(strict=strict)
    for index, line in enumerate(lines):
        if not line.strip():
            continue
        if errors_full(reader.errors, index, reader.hand.index if reader.hand else None):
            break
        try:
            obj = strict_json.loads(line)
            if not isinstance(obj, dict):
                raise _Bad("a line must be a JSON object")
            reader.feed(obj)
        except ValueError as exc:  # not JSON, _Bad, or an event the engine's types refuse
            reader.errors.append(RecordError(ErrorCode.INVALID_LOG, first_line(exc), index,
                                             reader.hand.index if reader.hand else None))
    if reader.hand is not None:
        if reader.hand.wins or reader.hand.draw is not None:
            reader.close()
        else:
            reader.errors.append(RecordError(ErrorCode.INVALID_LOG,
                                             f"the record ends inside {hand_name(reader.hand.index)} (no hora or ryukyoku)",
                                             None, reader.hand.index))
            reader.close()
    start = reader.hands[0].stated.scores_start if reader.hands else None
    n = reader.players or 4
    rules = reader.rules or RecordRules(players=n, red_fives=True if reader.red_seen else None)
    rules, start_notes = lobby_start(rules, tuple(reader.hands))
    names = reader.names if len(reader.names) == n else ("",) * n
    return GameRecord(rules, names, start, tuple(reader.hands), reader.end, tuple(reader.errors),
                      (*reader.notes, *(RecordNote(note) for note in start_notes)), lenient=not strict,
                      faults=tuple(reader.faults))


# -- writing ---------------------------------------------------------------------------------------------

def mjai_event(event: Event) -> dict[str, object]:  # noqa: C901, PLR0911, PLR0912 - one branch per event
    """One event as its mjai message (what a bot at the table is sent; a record adds the results it states).

    >>> mjai_event(Discard.parse("discard 2 0p tsumogiri"))
    {'type': 'dahai', 'actor': 2, 'pai': '5pr', 'tsumogiri': True}
    """
    if isinstance(event, Deal):
        return {"type": "start_kyoku", "bakaze": str(event.round_wind), "dora_marker": mjai_tile(event.dora),
                "kyoku": event.round_number, "honba": event.honba, "kyotaku": event.sticks, "oya": event.dealer,
                "scores": list(event.scores), "tehais": [[mjai_tile(t) for t in h] for h in event.hands]}
    if isinstance(event, Draw):
        return {"type": "tsumo", "actor": event.seat, "pai": mjai_tile(event.tile)}
    if isinstance(event, Discard):
        return {"type": "dahai", "actor": event.seat, "pai": mjai_tile(event.tile), "tsumogiri": event.tsumogiri}
    if isinstance(event, Chi | Pon | Minkan):
        name = "chi" if isinstance(event, Chi) else "pon" if isinstance(event, Pon) else "daiminkan"
        return {"type": name, "actor": event.seat, "target": event.from_seat, "pai": mjai_tile(event.tile),
                "consumed": [mjai_tile(t) for t in event.own]}
    if isinstance(event, Shouminkan):
        return {"type": "kakan", "actor": event.seat, "pai": mjai_tile(event.tile),
                "consumed": [mjai_tile(event.tile)] * 3}
    if isinstance(event, Ankan):
        return {"type": "ankan", "actor": event.seat, "consumed": [mjai_tile(t) for t in event.tiles]}
    if isinstance(event, Kita):
        return {"type": "nukidora", "actor": event.seat, "pai": mjai_tile(event.tile)}
    if isinstance(event, DoraRevealed):
        return {"type": "dora", "dora_marker": mjai_tile(event.tile)}
    if isinstance(event, Riichi):
        return {"type": "reach", "actor": event.seat}
    if isinstance(event, RiichiAccepted):
        return {"type": "reach_accepted", "actor": event.seat}
    if isinstance(event, Win):
        return {"type": "hora", "actor": event.seat,
                "target": event.seat if event.from_seat is None else event.from_seat,
                "pai": mjai_tile(event.tile), "ura_markers": [mjai_tile(t) for t in event.ura]}
    if isinstance(event, Ryuukyoku):
        line: dict[str, object] = {"type": "ryukyoku", "reason": event.kind.value}
        if event.seat is not None:
            line["actor"] = event.seat
        return line
    if isinstance(event, GameStart):
        return {"type": "start_game", "names": list(event.names)}
    return {"type": "end_game"}


def _event_lines(hand: HandRecord, faults: dict[tuple[int, int], list[RecordFault]]) -> Iterator[dict[str, object]]:
    wins = iter(hand.stated.wins)
    stated = hand.stated
    for index, event in enumerate(hand.events):
        if not isinstance(event, Event):
            continue
        line = mjai_event(event)
        if (hand.index, index) in faults:
            line["faults"] = fault_entries(faults[(hand.index, index)])
        if isinstance(event, Deal):
            if stated.honba is not None:
                line["honba"] = stated.honba
            if stated.riichi_sticks is not None:
                line["kyotaku"] = stated.riichi_sticks
            if stated.scores_start is not None:
                line["scores"] = list(stated.scores_start)
        elif isinstance(event, Win):
            w = next(wins, None)
            if w is not None:
                _stated_win_fields(w, line)
        elif isinstance(event, Ryuukyoku) and stated.draw is not None:
            draw = stated.draw
            if draw.deltas is not None:
                line["deltas"] = list(draw.deltas)
            if draw.honba is not None:
                line["honba"] = draw.honba
            if draw.riichi_sticks is not None:
                line["kyotaku"] = draw.riichi_sticks
        yield line


def _stated_win_fields(w: StatedWin, line: dict[str, object]) -> None:
    if w.deltas is not None:
        line["deltas"] = list(w.deltas)
    for key, value in (("fan", w.han), ("fu", w.fu), ("hora_points", w.points), ("honba", w.honba),
                       ("kyotaku", w.riichi_sticks), ("limit", w.limit), ("pao", w.pao)):
        if value is not None:
            line[key] = value
    if w.yaku is not None or w.yakuman:
        line["yakus"] = [[y.value, han] for y, han in w.yaku or ()] + [[y.value, 13 * y.yakuman]
                                                                       for y in w.yakuman or ()]


def write_mjai(record: GameRecord) -> str:
    """The record as mjai JSON lines (one game), results included where the record states them."""
    start: dict[str, object] = {"type": "start_game", "names": list(record.names)}
    rules = record.rules
    rule: dict[str, object] = {key: value for key, value in (("aka", rules.red_fives), ("kuitan", rules.open_tanyao),
                                                             ("hanchan", rules.hanchan)) if value is not None}
    if rules.players != 4:  # noqa: PLR2004
        rule["players"] = rules.players
    rule.update(rules.stated_rule())
    if rule:
        start["rule"] = rule
    if rules.log_id:
        start["ref"] = rules.log_id
    out: list[dict[str, object]] = [start]
    faults: dict[tuple[int, int], list[RecordFault]] = {}
    for f in record.faults:
        faults.setdefault((f.hand, f.event), []).append(f)
    for hand in record.hands:
        out.extend(_event_lines(hand, faults))
        out.append({"type": "end_kyoku"})
    end: dict[str, object] = {"type": "end_game"}
    placed = {(h.index, i) for h in record.hands for i, e in enumerate(h.events) if isinstance(e, Event)}
    after = [f for f in record.faults if (f.hand, f.event) not in placed]  # after the last hand
    if after:
        end["faults"] = fault_entries(after)
    if record.end is not None:
        end["scores"] = list(record.end.final_scores)
        end["points"] = list(record.end.final_points)
    out.append(end)
    return "".join(json.dumps(o, ensure_ascii=False, separators=(",", ":")) + "\n" for o in out)
