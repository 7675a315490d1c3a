"""Writing Tenhou mjlog XML from a record's events (the inverse of :mod:`riichi.formats.mjlog`).

The events name tiles, not Tenhou's 136 ids, so the writer gives each tile
an id of its kind as it enters play and follows it from hand to river to
meld; red fives keep the red id. Results (``sc``, ``ten``, ``yaku``, ``ba``,
``owari``) are written from what the record states. A three-player game is
written as Tenhou writes one: ``hai3`` empty, a fourth, empty slot in every
score list, and each North set aside an ``<N>`` of its own kind (nuki).
"""

from __future__ import annotations

import json
import urllib.parse
from dataclasses import dataclass, field

from riichi.formats.mjlog import LIMITS
from riichi.formats.mjlog_codes import RED_FIVE_IDS, CallKind, GoType, MeldCode, encode_meld, id_of
from riichi.formats.record import GameRecord, HandRecord, StatedWin, hand_name, tenhou_yaku
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


@dataclass(slots=True)
class _Ids:
    """The 136-ids of one hand: which are used, and which each seat holds."""

    used: set[int] = field(default_factory=set)
    held: list[list[int]] = field(default_factory=lambda: [[], [], [], []])
    melds: list[list[tuple[MeldCode, int]]] = field(default_factory=lambda: [[], [], [], []])

    def new(self, tile: Tile) -> int:
        return id_of(tile, self.used)

    def take(self, seat: int, tile: Tile) -> int:
        """Remove and return an id of ``tile`` from the seat's hand (red and plain told apart)."""
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


def _hand(hand: HandRecord, last: bool, record: GameRecord) -> list[str]:  # noqa: C901, PLR0912, PLR0915
    deal = hand.events[0]
    if not isinstance(deal, Deal):
        raise ValueError(f"{hand_name(hand.index)} does not start with a deal")
    ids = _Ids()
    stated = hand.stated
    dora_ids = [ids.new(deal.dora)]
    for seat in range(deal.players):
        ids.held[seat] = [ids.new(t) for t in deal.hands[seat]]
    scores = list(stated.scores_start if stated.scores_start is not None else deal.scores)
    honba = stated.honba if stated.honba is not None else deal.honba
    sticks = stated.riichi_sticks if stated.riichi_sticks is not None else deal.sticks
    round_index = 4 * int(deal.round_wind) + deal.round_number - 1
    out = [f'<INIT seed="{round_index},{honba},{sticks},0,0,{dora_ids[0]}" '
           f'ten="{",".join(str(s // 100) for s in _four(scores))}" oya="{deal.dealer}" '
           + " ".join(f'hai{s}="{",".join(map(str, ids.held[s]))}"' for s in range(4)) + "/>"]
    last_discard: dict[str, int] = {}
    drawn: dict[int, int] = {}
    wins = iter(stated.wins)
    for event in hand.events[1:]:
        if isinstance(event, Draw):
            tile_id = ids.new(event.tile)
            ids.held[event.seat].append(tile_id)
            drawn[event.seat] = tile_id
            out.append(f"<{'TUVW'[event.seat]}{tile_id}/>")
        elif isinstance(event, Discard):
            if event.tsumogiri and event.seat in drawn and drawn[event.seat] in ids.held[event.seat]:
                tile_id = drawn[event.seat]
                ids.held[event.seat].remove(tile_id)
            else:
                tile_id = ids.take(event.seat, event.tile)
            last_discard = {"seat": event.seat, "id": tile_id}
            out.append(f"<{'DEFG'[event.seat]}{tile_id}/>")
        elif isinstance(event, Chi | Pon | Minkan):
            own = [ids.take(event.seat, t) for t in event.own]
            called = last_discard["id"]
            kind = {Chi: CallKind.CHI, Pon: CallKind.PON, Minkan: CallKind.DAIMINKAN}[type(event)]
            meld_ids = tuple(sorted([*own, called]))
            if kind is CallKind.DAIMINKAN:
                meld_ids = tuple(4 * (called // 4) + i for i in range(4))
            code = MeldCode(kind, event.seat, event.from_seat, meld_ids, called, None)
            ids.melds[event.seat].append((code, encode_meld(code)))
            out.append(f'<N who="{event.seat}" m="{encode_meld(code)}" />')
        elif isinstance(event, Shouminkan):
            added = ids.take(event.seat, event.tile)
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
            taken = [ids.take(event.seat, t) for t in event.tiles]
            code = MeldCode(CallKind.ANKAN, event.seat, event.seat, tuple(sorted(taken)), min(taken), None)
            ids.melds[event.seat].append((code, encode_meld(code)))
            out.append(f'<N who="{event.seat}" m="{encode_meld(code)}" />')
        elif isinstance(event, Kita):
            tile_id = ids.take(event.seat, event.tile)
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
            dora_ids.append(ids.new(event.tile))
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
                attrs.append(f'm="{",".join(str(m) for _, m in ids.melds[event.seat])}"')
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
                attrs.append(f'doraHaiUra="{",".join(str(id_of(t, used)) for t in event.ura)}"')
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
    parts = ['<mjloggm ver="2.3">', f'<GO type="{code}" lobby="0"{extra}/>', f'<UN {names} dan="0,0,0,0" '
             'rate="1500.00,1500.00,1500.00,1500.00" sx="C,C,C,C"/>', '<TAIKYOKU oya="0"/>']
    for i, hand in enumerate(record.hands):
        parts += _hand(hand, i == len(record.hands) - 1, record)
    parts.append("</mjloggm>")
    return "".join(parts) + "\n"
