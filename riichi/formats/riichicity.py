"""Riichi City's game records (the game data its record API answers, as clients and tools save it) as events.

A record is one JSON object (bare, or the API's answer ``{"code": 0, "data": {...}}``): the game's settings
(``playerCount``, ``initPoints``, ``round``: 1 east-only, 2 a hanchan, ``isKaiLiZhi``: open riichi, ...) and
``handRecord``, one entry a hand. Each hand carries its whole wall, ``handCardEncode`` (136 tiles in MPSZ
text, ``0`` a red five) with its SHA-256 in ``handCardsSHA256``, and ``handEventRecord``: events with an
``eventType``, the acting ``userId`` and a ``data`` string holding JSON, tiles as integer codes
(:mod:`riichi.formats.riichicity_codes`).

The wall is checked: its SHA-256 is the one the record states (a hand whose wall does not hash to it is a
``desync`` for that hand), and it is given to the engine in drawing order, so every dealt and drawn tile and
every dora and ura indicator is checked against it (Tenhou's seed check, done with the wall itself). The
wall text is in drawing order from the dealer's first tile: the deal (four at a time from the dealer, then
one each, the dealer's fourteenth the 53rd tile), the draws to the 122nd tile; the dead wall is its last 14
turned end to end (the first dora indicator its 132nd tile and the ura indicator its 131st, as every hand of
the real record shows; the replacement tiles from the 136th down, as the Kandora replay adapter lays the dead
wall out).

Seats: the record numbers them by ``position``, the first dealer anywhere; the replay's seat 0 is the first
dealer (the replay contract), so a position is the seat ``(position - first dealer) mod players``, as the
Akagi bridge turns them too. Names come from each hand's ``players``.

What the server computed (each win's han, fu, points and yaku, the liable seat, every seat's score change,
the final scores and points) is only compared. Three-player records are refused by name: no real one was at
hand to confirm where their walls differ.

>>> read_riichicity(b'{"handRecord": []}').errors[0].message
'a Riichi City record, unreadable: it holds no hands (handRecord is empty)'
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from typing import Final

from riichi.errors import RiichiError
from riichi.formats import strict_json
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
    event_name,
    first_line,
    hand_name,
    unreadable,
)
from riichi.formats.riichicity_codes import (
    ACTIONS,
    CHI_ACTIONS,
    EVENT_TYPES,
    FANG_TYPES,
    YAKUMAN_FANG_TYPES,
    tile_of,
    wind_of,
)
from riichi.frozen import Frozen
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
from riichi.tiles import KIND_OF, TERMINAL_HONOR_KINDS, Tile
from riichi.yaku import Yaku

__all__ = ["MAX_RECORD", "looks_like_riichicity", "read_riichicity", "wall_tiles"]

#: Longest record read (a hanchan is about 600 KB).
MAX_RECORD: Final = 32 << 20
_TILES: Final = 136
_LIVE: Final = 122
_DEALER_FIRST: Final = 52
_PLAYERS: Final = 4
#: Draws that end a hand without a win, and no abortive draw.
_EXHAUSTIVE_END: Final = 7


class _Bad(ValueError):
    """A malformed record or event: the message names it."""


def looks_like_riichicity(data: bytes) -> bool:
    """Whether the bytes are a Riichi City record: a JSON object with ``handRecord`` (of ``handEventRecord``s)
    beside the game's settings."""
    head = data.lstrip()[:65536]
    return head.startswith(b"{") and b'"handRecord"' in head and any(
        key in head for key in (b'"handEventRecord"', b'"playerCount"', b'"keyValue"'))


# -- small readers -----------------------------------------------------------------------------------------

def _int(obj: dict[str, object], key: str, default: int | None = None) -> int:
    value = obj.get(key, default)
    if type(value) is not int:
        raise _Bad(f"{key} must be a whole number, not {value!r}"[:200])
    return checked_number(value, key)


def _list(obj: dict[str, object], key: str) -> list[object]:
    value = obj.get(key)
    if value is None:
        return []
    if not isinstance(value, list):
        raise _Bad(f"{key} must be a list, not {value!r}"[:200])
    return value


def _objects(obj: dict[str, object], key: str) -> list[dict[str, object]]:
    items = _list(obj, key)
    if not all(isinstance(i, dict) for i in items):
        raise _Bad(f"{key} must be a list of objects")
    return [i for i in items if isinstance(i, dict)]


def _tile(value: object) -> Tile:
    if type(value) is not int:
        raise _Bad(f"{value!r} is not a tile code"[:200])
    try:
        return tile_of(value)
    except ValueError as exc:
        raise _Bad(str(exc)) from None


def _tiles(obj: dict[str, object], key: str) -> tuple[Tile, ...]:
    return tuple(_tile(v) for v in _list(obj, key))


def wall_tiles(text: str, digest: str, players: int = _PLAYERS) -> tuple[Tile, ...]:
    """The wall of ``handCardEncode`` in the engine's drawing order, checked against its SHA-256 (``digest``):
    ``ValueError`` naming what is wrong (a wrong digest's message starts ``the wall's SHA-256``).

    >>> wall = "1m" * 136
    >>> len(wall_tiles(wall, hashlib.sha256(wall.encode()).hexdigest()))
    136
    >>> wall_tiles(wall, "0" * 64)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
      ...
    ValueError: the wall's SHA-256 is 8006fe23fdd50e5c...65bd, not the 000...000 the record states (handCardsSHA256)
    """
    size = _TILES if players == _PLAYERS else 108
    if len(text) != 2 * size:
        raise ValueError(f"the wall (handCardEncode) holds {len(text)} characters, not {2 * size} ({size} tiles)")
    found = hashlib.sha256(text.encode("utf-8")).hexdigest()
    if found != digest.lower():
        # both digests whole: a digest damaged in its last characters reads the same in any shortened form
        raise ValueError(f"the wall's SHA-256 is {found}, not the {digest} the record states (handCardsSHA256)")
    tiles: list[Tile] = []
    for i in range(0, len(text), 2):
        try:
            tiles.append(Tile.parse(text[i:i + 2]))
        except (RiichiError, ValueError):
            raise ValueError(f"the wall's tile {i // 2 + 1}, {text[i:i + 2]!r}, is not a tile") from None
    return (*tiles[:_LIVE], *tiles[_LIVE:][::-1])


# -- one hand -------------------------------------------------------------------------------------------

@dataclass(slots=True)
class _Hand:
    """One hand's events as they are read, and what it states."""

    index: int
    seat_of: dict[int, int]
    wall: tuple[Tile, ...] | None
    strict: bool
    #: The first dealer's position: a position's seat is (position - first) mod players.
    first: int = 0
    events: list[Event] = field(default_factory=list)
    hands: list[list[Tile]] = field(default_factory=list)
    deals: dict[int, dict[str, object]] = field(default_factory=dict)
    start: dict[str, object] = field(default_factory=dict)
    pons: set[tuple[int, int]] = field(default_factory=set)
    last: tuple[int, Tile] | None = None
    on_table: bool = False
    kan_before: bool = False
    pending: int | None = None
    riichi: int = 0
    kans: int = 0
    claims: list[tuple[int, Tile, int | None]] = field(default_factory=list)
    aborting: int | None = None
    scores: tuple[int, ...] | None = None
    stated: StatedHand | None = None
    shown: list[tuple[int, tuple[Tile, ...]]] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    end: StatedGameEnd | None = None
    #: The record's event being read (counted from 0), and the one each of ``events`` was read from.
    at: int = 0
    record_events: list[int] = field(default_factory=list)
    deal_events: dict[int, int] = field(default_factory=dict)

    @property
    def players(self) -> int:
        return len(self.seat_of)

    def seat(self, user: object) -> int:
        if type(user) is not int or user not in self.seat_of:
            raise _Bad(f"user {user!r} is not a player of this hand"[:200])
        return self.seat_of[user]

    def take(self, seat: int, tile: Tile) -> Tile:
        """Take ``tile`` from the seat's hand as far as the reader follows it (the engine refuses a tile the seat
        does not hold, after it has checked every drawn tile against the wall)."""
        if tile in self.hands[seat]:
            self.hands[seat].remove(tile)
        return tile

    def accept(self) -> None:
        """The riichi on the table accepted (its stick paid), when one is."""
        if self.pending is not None:
            self.events.append(RiichiAccepted(self.pending))
            self.pending = None
            self.riichi += 1

    # -- the deal ---------------------------------------------------------------------------------------

    def deal(self) -> None:
        """The deal, once every seat's hand is read: the dealer's fourteenth tile its first draw."""
        if self.events:
            return
        if len(self.deals) != self.players:
            raise _Bad(f"the deal names {len(self.deals)} of the {self.players} seats")
        start = next(iter(self.deals.values()))
        self.start = start
        dealer = (_int(start, "dealer_pos") - self.first) % self.players
        self.hands = [list(_tiles(self.deals[s], "hand_cards")) for s in range(self.players)]
        sizes = [len(h) for h in self.hands]
        if any(n != (14 if s == dealer else 13) for s, n in enumerate(sizes)):
            raise _Bad(f"a deal of {sizes} tiles (the dealer 14, the others 13)")
        tiles = self.hands[dealer]
        first = self.wall[_DEALER_FIRST] if self.wall is not None and self.wall[_DEALER_FIRST] in tiles else tiles[-1]
        tiles.remove(first)
        number = _int(start, "chang_ci")
        if not 1 <= number <= 4:  # noqa: PLR2004
            raise _Bad(f"chang_ci {number} is not a hand 1..4 of a round")
        try:
            wind = wind_of(_int(start, "quan_feng"))
        except ValueError as exc:
            raise _Bad(f"quan_feng: {exc}") from None
        scores = self.scores if self.scores is not None else tuple([0] * self.players)
        self.events.append(Deal(wind, number, dealer, _tile(start.get("bao_pai_card")),
                                tuple(tuple(h) for h in self.hands), honba=_int(start, "ben_chang_num"),
                                sticks=_int(start, "li_zhi_bang_num"), scores=scores, wall=self.wall))
        tiles.append(first)
        self.events.append(Draw(dealer, first))
        # the deal is read from the seats' deal events: the first of them, and the dealer's holds its first draw
        self.record_events += [min(self.deal_events.values()), self.deal_events[dealer]]

    # -- events -----------------------------------------------------------------------------------------

    def apply(self, kind: int, user: object, obj: dict[str, object]) -> None:  # noqa: C901, PLR0912 - one branch per event
        if self.stated is not None and kind not in (6, 11):  # noqa: PLR2004 - the game's end follows the last hand
            raise _Bad("an event after the hand's end")
        name = EVENT_TYPES.get(kind)
        if name == "deal":
            if self.events:
                raise _Bad("a deal after the hand began")
            seat = self.seat(user)
            if seat in self.deals:
                raise _Bad(f"a second deal to seat {seat}")
            self.deals[seat] = obj
            self.deal_events[seat] = self.at
            return
        if name not in ("game_end", "tenpai", "offer"):
            self.deal()
        if name == "draw":
            tile = _int(obj, "in_card", 0)
            if tile:
                seat = self.seat(user)
                if self.pending is not None and self.pending != seat:
                    self.accept()
                drawn = _tile(tile)  # a kan's replacement tile: after a kan, or as the record marks it
                rinshan = self.kan_before or obj.get("is_gang_incard") is True
                self.events.append(Draw(seat, drawn, rinshan=rinshan))
                self.hands[seat].append(drawn)
                self.kan_before = self.on_table = False
        elif name == "action":
            self.action(obj)
        elif name == "hand_end":
            self.hand_end(obj)
        elif name == "game_end":
            self.game_end(obj)
        elif name == "dora":
            self.dora(obj)
        elif name == "riichi_accepted":
            seat = self.seat(obj.get("user_id", user))
            if self.pending == seat:
                self.accept()
        elif name is None:
            if self.strict:
                raise _Bad(f"eventType {kind} is not an event this reader knows")
            self.notes.append(f"{event_name(self.at)}: an event of the unknown eventType {kind} was passed over")

    def action(self, obj: dict[str, object]) -> None:  # noqa: C901, PLR0912 - one branch per action
        code = _int(obj, "action")
        seat = self.seat(obj.get("user_id"))
        name = ACTIONS.get(code)
        if name == "discard":
            tile = _tile(obj.get("card"))
            if obj.get("is_li_zhi") is True:
                self.events.append(Riichi(seat))
            drawn = self.events[-1] if self.events else None
            tsumogiri = isinstance(drawn, Draw) and drawn.seat == seat and drawn.tile == tile
            self.events.append(Discard(seat, self.take(seat, tile), tsumogiri=tsumogiri))
            self.last, self.on_table = (seat, tile), True
            if obj.get("is_li_zhi") is True:
                self.pending = seat
        elif name in ("chi", "pon", "minkan") or (name == "kan" and self.on_table):
            if not self.on_table or self.last is None or self.last[0] == seat:
                raise _Bad(f"seat {seat} calls, but no other seat's discard is on the table")
            self.accept()
            tile = _tile(obj.get("card"))
            if tile != self.last[1]:
                raise _Bad(f"seat {seat} calls {tile}, but the discard on the table is {self.last[1]}")
            own = tuple(self.take(seat, t) for t in _tiles(obj, "group_cards"))
            kind = "chi" if code in CHI_ACTIONS else "pon" if name == "pon" else "minkan"
            needed = 3 if kind == "minkan" else 2
            if len(own) != needed:
                raise _Bad(f"a {kind} takes {needed} tiles from the hand, not {len(own)}")
            call = {"chi": Chi, "pon": Pon, "minkan": Minkan}[kind]
            self.events.append(call(seat, tile, self.last[0], own))
            if kind == "pon":
                self.pons.add((seat, KIND_OF[tile]))
            self.kans += kind == "minkan"
            self.kan_before, self.on_table = kind == "minkan", False
        elif name == "ankan":
            tile = _tile(obj.get("card"))
            held = [t for t in self.hands[seat] if KIND_OF[t] == KIND_OF[tile]]
            if len(held) != 4:  # noqa: PLR2004
                raise _Bad(f"seat {seat} declares a closed kan of {tile} holding {len(held)} of them")
            for t in held:
                self.hands[seat].remove(t)
            self.events.append(Ankan(seat, tuple(held)))
            self.kans += 1
            self.kan_before = True
        elif name == "kan":  # on the seat's own turn: a pon made a kan
            tile = _tile(obj.get("card"))
            if (seat, KIND_OF[tile]) not in self.pons:
                raise _Bad(f"seat {seat} adds {tile} to a pon it does not have")
            self.events.append(Shouminkan(seat, self.take(seat, tile)))
            self.last, self.kans, self.kan_before = (seat, tile), self.kans + 1, True
        elif name == "ron":
            if self.last is None or self.last[0] == seat:
                raise _Bad(f"seat {seat} wins by ron, but no other seat has discarded")
            self.claims.append((seat, _tile(obj.get("card")), self.last[0]))
        elif name == "tsumo":
            self.claims.append((seat, _tile(obj.get("card")), None))
        elif name == "abort":
            self.aborting = seat
        else:
            raise _Bad(f"action {code} is not an action of a four-player game this reader knows")

    def dora(self, obj: dict[str, object]) -> None:
        value = obj.get("cards", obj.get("card", obj.get("in_card")))
        if isinstance(value, list):  # every indicator shown so far, or the new ones: those not yet revealed
            tiles = [_tile(v) for v in value]
            shown = 1 + sum(isinstance(e, DoraRevealed) for e in self.events)
            tiles = tiles[shown:] if len(tiles) > shown else tiles[-1:]
        else:
            tiles = [_tile(value)]
        for tile in tiles:
            self.events.append(DoraRevealed(tile))

    # -- the end ----------------------------------------------------------------------------------------

    def hand_end(self, obj: dict[str, object]) -> None:
        wins = [w for w in _objects(obj, "win_info") if _int(w, "all_point", 0) > 0]
        deltas = [0] * self.players
        pao: int | None = None
        for entry in _objects(obj, "user_profit"):
            s = self.seat(entry.get("user_id"))
            deltas[s] = _int(entry, "point_profit")
            if entry.get("is_bao_pai") is True:
                pao = s
        honba, sticks = _int(self.start, "ben_chang_num"), _int(self.start, "li_zhi_bang_num")
        nagashi = any(_int(f, "fang_type") == 30 for w in wins for f in _objects(w, "fang_info"))  # noqa: PLR2004
        if wins and not nagashi:
            self.wins(wins, deltas, pao, honba)
            return
        self.accept()
        if nagashi or _int(obj, "end_type") == _EXHAUSTIVE_END:
            kind = DrawKind.NAGASHI_MANGAN if nagashi else DrawKind.EXHAUSTIVE
            for w in _objects(obj, "win_info"):
                self.shown.append((self.seat(w.get("user_id")), _tiles(w, "user_cards")))
        else:
            kind = self.abortive()
        self.events.append(Ryuukyoku(kind, self.aborting if kind is DrawKind.KYUUSHU_KYUUHAI else None))
        self.stated = StatedHand(self.scores, honba, sticks, (), StatedDraw(kind, tuple(deltas)))

    def abortive(self) -> DrawKind:
        """Which abortive draw ended the hand: the record's ``end_type`` for them is not known, so the hand's
        own events tell (a seat declaring one, or the hand ending on a draw of nine terminals and honours: nine
        terminals; three rons; four riichi; four kans; else four winds)."""
        if self.aborting is None and self.events and isinstance(self.events[-1], Draw):
            # a hand ended on a draw, before its discard: only the drawing seat's nine terminals end it so
            seat = self.events[-1].seat
            if len({KIND_OF[t] for t in self.hands[seat]} & set(TERMINAL_HONOR_KINDS)) >= 9:  # noqa: PLR2004
                self.aborting = seat
        if self.aborting is not None:
            return DrawKind.KYUUSHU_KYUUHAI
        if len(self.claims) >= 3:  # noqa: PLR2004
            self.claims.clear()
            return DrawKind.SANCHAHOU
        if self.riichi >= 4:  # noqa: PLR2004
            return DrawKind.SUUCHA_RIICHI
        if self.kans >= 4:  # noqa: PLR2004
            return DrawKind.SUUKAIKAN
        return DrawKind.SUUFON_RENDA

    def wins(self, wins: list[dict[str, object]], deltas: list[int], pao: int | None, honba: int) -> None:
        claimed = {seat: (tile, source) for seat, tile, source in self.claims}
        stated: list[StatedWin] = []
        order = []
        for w in wins:
            seat = self.seat(w.get("user_id"))
            if seat not in claimed:
                raise _Bad(f"seat {seat} is paid for a win it never declared")
            tile, source = claimed[seat]
            # several rons on one discard: the engine takes them in turn order from the discarder
            order.append(((seat - source) % self.players if source is not None else 0, seat, tile, source, w))
        for _, seat, tile, source, w in sorted(order, key=lambda o: o[0]):
            ura = _tiles(w, "li_bao_card")
            self.events.append(Win(seat, source, tile, ura))
            stated.append(_stated_win(w, seat, source, honba, pao, tuple(deltas) if len(wins) == 1 else None))
        self.stated = StatedHand(self.scores, honba, _int(self.start, "li_zhi_bang_num"), tuple(stated), None,
                                 tuple(deltas) if len(wins) > 1 else None)

    def game_end(self, obj: dict[str, object]) -> None:
        scores = [0] * self.players
        points = [0.0] * self.players
        seen = set()
        for entry in _objects(obj, "user_data"):
            s = self.seat(entry.get("user_id"))
            seen.add(s)
            scores[s] = _int(entry, "point_num")
            points[s] = _int(entry, "score") / 10
        if len(seen) == self.players:
            self.end = StatedGameEnd(tuple(scores), tuple(points))

    def record(self) -> HandRecord:
        if self.stated is None:
            raise _Bad("the hand ends without its results (no event of eventType 5)")
        return HandRecord(self.index, tuple(self.events), self.stated, tuple(self.shown),
                          record_events=tuple(self.record_events))


def _stated_win(w: dict[str, object], seat: int, source: int | None, honba: int, pao: int | None,
                deltas: tuple[int, ...] | None) -> StatedWin:
    named: list[tuple[Yaku, int]] = []
    yakuman: list[Yaku] = []
    for f in _objects(w, "fang_info"):
        fang = _int(f, "fang_type")
        if fang not in FANG_TYPES:
            raise _Bad(f"fang_type {fang} is not a Riichi City yaku this reader knows")
        yaku = FANG_TYPES[fang]
        if yaku is None:
            continue
        if fang in YAKUMAN_FANG_TYPES:
            yakuman.append(yaku)
        else:
            named.append((yaku, _int(f, "fang_num")))
    points = _int(w, "all_point")
    # The sticks a lone winner collects, as the server's numbers state them: its change less the hand's value
    # and the honba (300 a honba, ron or tsumo).
    gained = deltas[seat] - points - 300 * honba if deltas is not None else -1
    sticks = gained // 1000 if gained >= 0 and gained % 1000 == 0 else None
    return StatedWin(seat, source, han=None if yakuman else _int(w, "all_fang_num"),
                     fu=None if yakuman else _int(w, "all_fu"), points=points, yaku=() if yakuman else tuple(named),
                     yakuman=tuple(yakuman), limit="yakuman" if yakuman else None,
                     pao=pao if pao != seat else None, deltas=deltas, honba=honba, riichi_sticks=sticks)


# -- the record -----------------------------------------------------------------------------------------

def _unreadable(message: str) -> GameRecord:
    return unreadable(f"a Riichi City record, unreadable: {message}", RecordRules(preset="riichicity"))


@dataclass(frozen=True, slots=True)
class _Table(Frozen):
    """Who sits where: each user's seat (the first dealer seat 0) and the names in seat order."""

    seat_of: dict[int, int]
    names: tuple[str, ...]
    first: int


def _table(hand: dict[str, object], players: int) -> _Table:
    people = _objects(hand, "players")
    positions: dict[int, tuple[int, str]] = {}
    for p in people:
        user, position = _int(p, "userId"), _int(p, "position")
        if not 0 <= position < players or position in [q for q, _ in positions.values()]:
            raise _Bad(f"players: position {position} is not one of the table's {players}")
        nickname = p.get("nickname", "")
        positions[user] = (position, nickname if isinstance(nickname, str) else "")
    if len(positions) != players:
        raise _Bad(f"players names {len(positions)} players, not {players}")
    events = _objects(hand, "handEventRecord")
    deal = next((e for e in events if e.get("eventType") == 1), None)
    if deal is None or not isinstance(deal.get("data"), str):
        raise _Bad("the first hand has no deal (an event of eventType 1)")
    start = _data(deal)
    first = (_int(start, "dealer_pos") - (_int(start, "chang_ci") - 1)) % players
    seat_of = {user: (position - first) % players for user, (position, _) in positions.items()}
    names = [""] * players
    for user, (_, nickname) in positions.items():
        names[seat_of[user]] = nickname
    return _Table(seat_of, tuple(names), first)


def _data(event: dict[str, object]) -> dict[str, object]:
    text = event.get("data")
    if not isinstance(text, str):
        raise _Bad("an event's data must be a string holding JSON")
    try:
        obj = strict_json.loads(text)
    except RiichiError as exc:
        raise _Bad(f"its data is not JSON: {exc}") from None
    if not isinstance(obj, dict):
        raise _Bad("its data must be a JSON object")
    return obj


def _rules(game: dict[str, object], first_wall: str) -> tuple[RecordRules, list[RecordError]]:
    players = _int(game, "playerCount")
    length = _int(game, "round")
    errors: list[RecordError] = []
    if players != _PLAYERS:
        errors.append(RecordError(ErrorCode.UNSUPPORTED_RULES, f"a {players}-player Riichi City game: only "
                                  "four-player Riichi City records are read (no three-player record was at hand to "
                                  "confirm its wall and events)"))
    if length not in (1, 2):
        errors.append(RecordError(ErrorCode.UNSUPPORTED_RULES, f"a Riichi City game of round {length}: only "
                                  "east-only (1) and hanchan (2) games are read"))
    if game.get("isKaiLiZhi") is True:
        errors.append(RecordError(ErrorCode.UNSUPPORTED_RULES, "a Riichi City game with open riichi (isKaiLiZhi): "
                                  "not read by this version"))
    switches: list[tuple[str, object]] = []
    start = _int(game, "initPoints", 25000)
    if start != 25000:  # noqa: PLR2004
        switches.append(("starting_points", start))
    if game.get("isGangPay") is False:
        switches.append(("rinshan_pao", False))
    reds = sum(first_wall[i] == "0" for i in range(0, len(first_wall) - 1, 2))
    if reds not in (0, 3):  # noqa: PLR2004
        switches.append(("aka", reds))
    return RecordRules(players=players, red_fives=reds > 0, hanchan=length == 2, preset="riichicity",  # noqa: PLR2004
                       switches=tuple(switches)), errors


def read_riichicity(data: bytes, *, strict: bool = True) -> GameRecord:  # noqa: C901, PLR0912 - one pass over the record
    """Read a Riichi City record. ``strict=False`` passes over events of types it does not know, noting each."""
    if len(data) > MAX_RECORD:
        return _unreadable(f"the record is {len(data):,} bytes long; at most {MAX_RECORD:,} are read")
    try:
        obj = strict_json.loads(data, max_text=MAX_RECORD)
        if isinstance(obj, dict) and isinstance(obj.get("data"), dict) and "handRecord" not in obj:
            obj = obj["data"]  # the record API's answer: {"code": 0, "data": {...}}
        if not isinstance(obj, dict):
            raise _Bad("a Riichi City record is a JSON object with handRecord")
        hands = _objects(obj, "handRecord")
        if not hands:
            raise _Bad("it holds no hands (handRecord is empty)")
        first_wall = hands[0].get("handCardEncode")
        rules, errors = _rules(obj, first_wall if isinstance(first_wall, str) else "")
        if errors:
            return GameRecord(rules, ("",) * _PLAYERS, None, (), None, tuple(errors))
        table = _table(hands[0], rules.players)
    except (_Bad, RiichiError, ValueError) as exc:
        return _unreadable(first_line(exc))
    read: list[HandRecord] = []
    notes: list[RecordNote] = []
    end: StatedGameEnd | None = None
    for index, hand in enumerate(hands):
        if errors_full(errors, index, index):
            break
        position = -1
        current: _Hand | None = None
        try:
            wall = _wall(hand, rules.players)
            current = _Hand(index, table.seat_of, wall, strict, table.first)
            current.scores = _start_scores(hand, table)
            for position, event in enumerate(_objects(hand, "handEventRecord")):
                kind = _int(event, "eventType")
                current.at = position
                current.apply(kind, event.get("userId"), _data(event))
                current.record_events += [position] * (len(current.events) - len(current.record_events))
            read.append(current.record())
            end = current.end or end
            notes += [RecordNote(n, index) for n in current.notes]
        except _Wall as bad_wall:
            errors.append(RecordError(ErrorCode.DESYNC, f"{hand_name(index)}: {bad_wall}", None, index))
        except (_Bad, RiichiError, ValueError) as exc:
            where = f", {event_name(position)}" if position >= 0 else ""
            errors.append(RecordError(ErrorCode.INVALID_LOG, f"{hand_name(index)}{where}: {first_line(exc)}",
                                      None, index))
    start = read[0].stated.scores_start if read else None
    return GameRecord(rules, table.names, start, tuple(read), end, tuple(errors), tuple(notes), lenient=not strict)


class _Wall(ValueError):
    """A hand's wall that does not match its SHA-256."""


def _wall(hand: dict[str, object], players: int) -> tuple[Tile, ...] | None:
    text, digest = hand.get("handCardEncode"), hand.get("handCardsSHA256")
    if not text and not digest:
        return None
    if not isinstance(text, str) or not isinstance(digest, str):
        raise _Bad("handCardEncode and handCardsSHA256 must be text")
    try:
        return wall_tiles(text, digest, players)
    except ValueError as exc:
        if str(exc).startswith("the wall's SHA-256"):
            raise _Wall(str(exc)) from None
        raise _Bad(str(exc)) from None


def _start_scores(hand: dict[str, object], table: _Table) -> tuple[int, ...] | None:
    scores = [0] * len(table.seat_of)
    people = _objects(hand, "players")
    if len(people) != len(scores):
        return None
    for p in people:
        user = _int(p, "userId")
        if user not in table.seat_of:
            raise _Bad(f"players: user {user} did not sit at the first hand's table")
        scores[table.seat_of[user]] = _int(p, "points")
    return tuple(scores)

