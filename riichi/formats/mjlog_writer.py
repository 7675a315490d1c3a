"""Writing Tenhou mjlog XML from a record's events (the inverse of :mod:`riichi.formats.mjlog`).

The events name tiles, not Tenhou's 136 ids, so the writer gives each tile
an id of its kind as it enters play and follows it from hand to river to
meld; red fives keep the red id. A record read from mjlog keeps the ids its
tiles had (:attr:`~riichi.formats.record.HandRecord.tile_ids`): they are
written back, and with them the record's ``SHUFFLE`` seed, whose walls they
are, and each hand's dice from it. A hand whose kept ids do not fit its
events is numbered afresh, and the seed is then left out (its walls would not
give the ids written). Results (``sc``, ``ten``, ``yaku``, ``ba``,
``owari``) are written from what the record states. A three-player game is
written as Tenhou writes one: ``hai3`` empty, a fourth, empty slot in every
score list, and each North set aside an ``<N>`` of its own kind (nuki).
"""

from __future__ import annotations

import json
import urllib.parse
from collections.abc import Iterator
from dataclasses import dataclass, field

from riichi.formats.mjlog import LIMITS
from riichi.formats.mjlog_codes import RED_FIVE_IDS, CallKind, GoType, MeldCode, encode_meld, id_of, tile_of
from riichi.formats.record import GameRecord, HandRecord, StatedWin, hand_name, tenhou_yaku
from riichi.formats.tenhou_wall import SeedError, ShuffledWall, TenhouSeed
from riichi.game.events import (
    Ankan,
    Chi,
    Deal,
    Discard,
    DoraRevealed,
    Draw,
    DrawKind,
    Kita,
    Minkan,
    Pon,
    Riichi,
    RiichiAccepted,
    Ryuukyoku,
    Shouminkan,
    Win,
)
from riichi.tiles import Tile
from riichi.yaku import Yaku

__all__ = ["write_mjlog"]


class _Unfit(Exception):  # noqa: N818 - not an error: the writer numbers the hand afresh
    """A hand's kept ids do not fit its events."""


@dataclass(slots=True)
class _Ids:
    """The 136-ids of one hand: which are used, and which each seat holds; ``kept``, the record's own ids of
    each event's tiles (:attr:`~riichi.formats.record.HandRecord.tile_ids`), or None to number them afresh."""

    kept: tuple[tuple[int, ...], ...] | None
    red_fives: bool
    used: set[int] = field(default_factory=set)
    held: list[list[int]] = field(default_factory=lambda: [[], [], [], []])
    melds: list[list[tuple[MeldCode, int]]] = field(default_factory=lambda: [[], [], [], []])

    def given(self, event: int, tiles: tuple[Tile, ...]) -> tuple[int, ...] | None:
        """The kept ids of event ``event``, checked to be ``tiles``; None without kept ids."""
        if self.kept is None:
            return None
        return self.check(self.kept[event], tiles)

    def check(self, ids: tuple[int, ...], tiles: tuple[Tile, ...]) -> tuple[int, ...]:
        """``ids`` when they are distinct ids of ``tiles`` (in any order); :class:`_Unfit` when not."""
        try:
            fits = sorted(tile_of(i, red_fives=self.red_fives) for i in ids) == sorted(tiles)
        except ValueError:
            fits = False
        if not fits or len(set(ids)) != len(ids):
            raise _Unfit
        return ids

    def new(self, tile: Tile, given: int | None = None) -> int:
        """An id for ``tile`` entering play: ``given`` (the record's), or a free id of its kind."""
        if given is None:
            return id_of(tile, self.used)
        if given in self.used:
            raise _Unfit
        self.used.add(given)
        return given

    def one(self, event: int, tile: Tile) -> int | None:
        """The kept id of an event's one tile (None without kept ids)."""
        given = self.given(event, (tile,))
        return None if given is None else given[0]

    def remove(self, seat: int, tile_id: int) -> int:
        """Remove ``tile_id`` (a kept id) from the seat's hand; :class:`_Unfit` when the seat does not hold it."""
        if tile_id not in self.held[seat]:
            raise _Unfit
        self.held[seat].remove(tile_id)
        return tile_id

    def take(self, seat: int, tile: Tile, given: int | None = None) -> int:
        """Remove and return an id of ``tile`` from the seat's hand (red and plain told apart): ``given`` (the
        record's, checked to be ``tile`` already), or the first the seat holds."""
        if given is not None:
            return self.remove(seat, given)
        held = self.held[seat]
        found = [i for i in held if i // 4 == tile.kind and (i in RED_FIVE_IDS) == tile.is_red]
        if not found and not tile.is_red:  # a plain five given the red five's id (a set without red fives)
            found = [i for i in held if i // 4 == tile.kind]
        if found:
            held.remove(found[0])
            return found[0]
        raise ValueError(f"seat {seat} discards or shows {tile}, which it does not hold")


def _yaku_ids(w: StatedWin, round_wind: int, seat_wind: int) -> list[int]:
    out = []
    for y, han in tenhou_yaku(w.yaku or ()):
        i = y.tenhou_ids[0]
        if y is Yaku.SEAT_WIND:
            i = 10 + seat_wind
        elif y is Yaku.ROUND_WIND:
            i = 14 + round_wind
        out += [i, han]
    return out


def _four(values: list[int] | tuple[int, ...]) -> list[int]:
    """A score list as Tenhou writes it: four slots, a three-player game's fourth empty (0)."""
    return [*values, *[0] * (4 - len(values))]


def _hand(hand: HandRecord, last: bool, record: GameRecord, *,  # noqa: C901, PLR0912, PLR0915
          keep: bool, dice: tuple[int, int] | None) -> list[str]:
    """The hand's tags, its tiles numbered with the record's kept ids where ``keep`` (:class:`_Unfit` when they
    do not fit the events) or afresh; ``dice`` as the seed's wall gives them (none written without)."""
    deal = hand.events[0]
    if not isinstance(deal, Deal):
        raise ValueError(f"{hand_name(hand.index)} does not start with a deal")
    kept = hand.tile_ids if keep else None
    if kept is not None and len(kept) != len(hand.events):
        raise _Unfit
    ids = _Ids(kept, record.rules.red_fives is not False)
    stated = hand.stated
    if kept is None:
        dora_ids = [ids.new(deal.dora)]
        for seat in range(deal.players):
            ids.held[seat] = [ids.new(t) for t in deal.hands[seat]]
    else:
        dealt = kept[0]  # the dora indicator, then each seat's 13 in the order dealt
        if len(dealt) != 1 + 13 * deal.players:
            raise _Unfit
        dora_ids = [ids.new(deal.dora, ids.check(dealt[:1], (deal.dora,))[0])]
        for seat in range(deal.players):
            dealt_ids = ids.check(dealt[1 + 13 * seat:14 + 13 * seat], deal.hands[seat])
            ids.held[seat] = [ids.new(t, i) for t, i in zip(deal.hands[seat], dealt_ids, strict=True)]
    scores = list(stated.scores_start if stated.scores_start is not None else deal.scores)
    honba = stated.honba if stated.honba is not None else deal.honba
    sticks = stated.riichi_sticks if stated.riichi_sticks is not None else deal.sticks
    round_index = 4 * int(deal.round_wind) + deal.round_number - 1
    rolled = "0,0" if dice is None else f"{dice[0] - 1},{dice[1] - 1}"  # INIT writes each die less one
    out = [f'<INIT seed="{round_index},{honba},{sticks},{rolled},{dora_ids[0]}" '
           f'ten="{",".join(str(s // 100) for s in _four(scores))}" oya="{deal.dealer}" '
           + " ".join(f'hai{s}="{",".join(map(str, ids.held[s]))}"' for s in range(4)) + "/>"]
    last_discard: dict[str, int] = {}
    drawn: dict[int, int] = {}
    wins = iter(stated.wins)
    for at, event in enumerate(hand.events[1:], 1):
        if isinstance(event, Draw):
            tile_id = ids.new(event.tile, ids.one(at, event.tile))
            ids.held[event.seat].append(tile_id)
            drawn[event.seat] = tile_id
            out.append(f"<{'TUVW'[event.seat]}{tile_id}/>")
        elif isinstance(event, Discard):
            discarded = ids.one(at, event.tile)
            if discarded is None and event.tsumogiri and event.seat in drawn and drawn[event.seat] in ids.held[event.seat]:
                tile_id = drawn[event.seat]
                ids.held[event.seat].remove(tile_id)
            else:
                tile_id = ids.take(event.seat, event.tile, discarded)
            last_discard = {"seat": event.seat, "id": tile_id}
            out.append(f"<{'DEFG'[event.seat]}{tile_id}/>")
        elif isinstance(event, Chi | Pon | Minkan):
            given_own = ids.given(at, event.own)
            own = ([ids.take(event.seat, t) for t in event.own] if given_own is None
                   else [ids.remove(event.seat, i) for i in given_own])
            called = last_discard["id"]
            kind = {Chi: CallKind.CHI, Pon: CallKind.PON, Minkan: CallKind.DAIMINKAN}[type(event)]
            meld_ids = tuple(sorted([*own, called]))
            if kind is CallKind.DAIMINKAN:
                meld_ids = tuple(4 * (called // 4) + i for i in range(4))
            code = MeldCode(kind, event.seat, event.from_seat, meld_ids, called, None)
            ids.melds[event.seat].append((code, encode_meld(code)))
            out.append(f'<N who="{event.seat}" m="{encode_meld(code)}" />')
        elif isinstance(event, Shouminkan):
            added = ids.take(event.seat, event.tile, ids.one(at, event.tile))
            for j, (pon, _) in enumerate(ids.melds[event.seat]):
                if pon.kind is CallKind.PON and pon.ids[0] // 4 == event.tile.kind:
                    code = MeldCode(CallKind.KAKAN, event.seat, pon.from_seat, tuple(sorted((*pon.ids, added))),
                                    pon.called, added)
                    ids.melds[event.seat][j] = (code, encode_meld(code))
                    break
            else:
                raise ValueError(f"seat {event.seat} adds {event.tile} to a pon it has not called")
            last_discard = {"seat": event.seat, "id": added}
            out.append(f'<N who="{event.seat}" m="{encode_meld(code)}" />')
        elif isinstance(event, Ankan):
            given_kan = ids.given(at, event.tiles)
            taken = ([ids.take(event.seat, t) for t in event.tiles] if given_kan is None
                     else [ids.remove(event.seat, i) for i in given_kan])
            named = min(taken) if given_kan is None else taken[0]  # the id the code names: the record's own
            code = MeldCode(CallKind.ANKAN, event.seat, event.seat, tuple(sorted(taken)), named, None)
            ids.melds[event.seat].append((code, encode_meld(code)))
            out.append(f'<N who="{event.seat}" m="{encode_meld(code)}" />')
        elif isinstance(event, Kita):
            tile_id = ids.take(event.seat, event.tile, ids.one(at, event.tile))
            code = MeldCode(CallKind.NUKI, event.seat, event.seat, (tile_id,), tile_id, None)
            ids.melds[event.seat].append((code, encode_meld(code)))  # Tenhou lists them among a win's melds
            last_discard = {"seat": event.seat, "id": tile_id}  # another seat may win on it
            out.append(f'<N who="{event.seat}" m="{encode_meld(code)}" />')
        elif isinstance(event, Riichi):
            out.append(f'<REACH who="{event.seat}" step="1"/>')
        elif isinstance(event, RiichiAccepted):
            scores[event.seat] -= 1000
            out.append(f'<REACH who="{event.seat}" ten="{",".join(str(s // 100) for s in _four(scores))}" step="2"/>')
        elif isinstance(event, DoraRevealed):
            dora_ids.append(ids.new(event.tile, ids.one(at, event.tile)))
            out.append(f'<DORA hai="{dora_ids[-1]}" />')
        elif isinstance(event, Win):
            w = next(wins, None)
            hand_ids = list(ids.held[event.seat])
            if event.from_seat is None:
                machi = drawn.get(event.seat, hand_ids[-1] if hand_ids else 0)
            else:
                machi = last_discard["id"]
                hand_ids.append(machi)
            attrs = [f'hai="{",".join(map(str, sorted(hand_ids)))}"']
            if ids.melds[event.seat]:
                # Tenhou lists a winner's melds the latest first.
                attrs.append(f'm="{",".join(str(m) for _, m in reversed(ids.melds[event.seat]))}"')
            attrs.append(f'machi="{machi}"')
            if w is not None:
                if w.honba is not None:
                    attrs.insert(0, f'ba="{w.honba},{w.riichi_sticks or 0}"')
                if w.points is not None:
                    limit = LIMITS.index(w.limit) if w.limit in LIMITS else 0
                    attrs.append(f'ten="{w.fu or 0},{w.points},{limit}"')
                if w.yakuman:
                    attrs.append(f'yakuman="{",".join(str(y.tenhou_ids[0]) for y in w.yakuman)}"')
                elif w.yaku is not None:
                    yaku = _yaku_ids(w, int(deal.round_wind), (event.seat - deal.dealer) % 4)
                    attrs.append(f'yaku="{",".join(map(str, yaku))}"')
            attrs.append(f'doraHai="{",".join(map(str, dora_ids))}"')
            if event.ura:
                used = set(ids.used)
                given_ura = ids.given(at, event.ura)
                ura = [id_of(t, used) for t in event.ura] if given_ura is None else given_ura
                attrs.append(f'doraHaiUra="{",".join(map(str, ura))}"')
            attrs.append(f'who="{event.seat}" fromWho="{event.seat if event.from_seat is None else event.from_seat}"')
            if w is not None and w.pao is not None:
                attrs.append(f'paoWho="{w.pao}"')
            if w is not None and w.deltas is not None:
                deltas = _four(w.deltas)
                attrs.append('sc="' + ",".join(f"{s // 100},{d // 100}" for s, d in zip(_four(scores), deltas,
                                                                                      strict=True)) + '"')
                scores = [scores[s] + w.deltas[s] for s in range(deal.players)]
            out.append("<AGARI " + " ".join(attrs) + " />")
        elif isinstance(event, Ryuukyoku):
            attrs = [] if event.kind is DrawKind.EXHAUSTIVE else [f'type="{event.kind.value}"']
            draw = stated.draw
            if draw is not None and draw.honba is not None:
                attrs.append(f'ba="{draw.honba},{draw.riichi_sticks or 0}"')
            if draw is not None and draw.deltas is not None:
                attrs.append('sc="' + ",".join(f"{s // 100},{d // 100}" for s, d in zip(_four(scores), _four(draw.deltas),
                                                                                      strict=True)) + '"')
            shown = {s for s, _ in hand.shown} | ({event.seat} if event.seat is not None else set())
            for s in sorted(shown):
                attrs.append(f'hai{s}="{",".join(map(str, sorted(ids.held[s])))}"')
            out.append("<RYUUKYOKU " + " ".join(attrs) + " />")
    if last and record.end is not None and out[-1].startswith(("<AGARI", "<RYUUKYOKU")):
        points = [*record.end.final_points, *[0.0] * (4 - len(record.end.final_points))]
        owari = ",".join(f"{s // 100},{p}" for s, p in zip(_four(record.end.final_scores), points, strict=True))
        out[-1] = out[-1][:-3] + f' owari="{owari}" />'
    return out


def write_mjlog(record: GameRecord) -> str:
    """The record as mjlog XML (what tenhou.net writes, uncompressed)."""
    rules = record.rules
    if rules.code is not None:
        code = rules.code
    else:
        code = GoType(0, rules.players, rules.red_fives is not False, rules.open_tanyao is not False,
                      rules.hanchan is not False, False, "ippan").to_code()
    names = " ".join(f'n{i}="{urllib.parse.quote(n)}"' for i, n in enumerate([*record.names, "", "", ""][:4]))
    stated = rules.stated_rule()  # the preset and switches a game of this library was played under
    extra = f' riichi_rule="{urllib.parse.quote(json.dumps(stated, separators=(",", ":")))}"' if stated else ""
    hands: list[str] = []
    walls = _walls(record)
    kept = walls is not None
    for i, hand in enumerate(record.hands):
        last = i == len(record.hands) - 1
        dice = next(walls).dice if walls is not None else None
        try:
            hands += _hand(hand, last, record, keep=hand.tile_ids is not None, dice=dice)
            kept = kept and hand.tile_ids is not None
        except _Unfit:
            hands += _hand(hand, last, record, keep=False, dice=dice)
            kept = False
    # The seed goes back with the ids its walls gave, every hand's.
    shuffle = [f'<SHUFFLE seed="{record.seed}" ref=""/>'] if kept else []
    parts = ['<mjloggm ver="2.3">', *shuffle, f'<GO type="{code}" lobby="0"{extra}/>', f'<UN {names} dan="0,0,0,0" '
             'rate="1500.00,1500.00,1500.00,1500.00" sx="C,C,C,C"/>', '<TAIKYOKU oya="0"/>', *hands, "</mjloggm>"]
    return "".join(parts) + "\n"


def _walls(record: GameRecord) -> Iterator[ShuffledWall] | None:
    """The walls of the record's seed, one a hand in turn, when it has a seed and every hand from the first
    (the seed's walls follow the game's hands)."""
    if record.seed is None or not record.hands or [h.index for h in record.hands] != list(range(len(record.hands))):
        return None
    try:
        return TenhouSeed.parse(record.seed).walls(136 if record.rules.players == 4 else 108)  # noqa: PLR2004
    except SeedError:
        return None
