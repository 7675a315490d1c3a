"""What the rules allow: each event checked against the state, and every legal action of a seat.

The ``check_*`` functions raise :class:`~riichi.errors.IllegalActionError` naming the rule an event
breaks (``Round.apply`` calls them before it changes anything); :func:`legal_actions` lists what a
seat may choose now, each a ready-made event (or :class:`Pass`). Both use the same checks, so every
action listed is accepted and every action refused is unlisted.

Hand analysis comes from :mod:`riichi.shapes` (shanten, waits, riichi and kan-after-riichi
declarations); a win is legal when :func:`~riichi.score` scores it.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from typing import TYPE_CHECKING

from riichi import Hand, RiichiError
from riichi.errors import IllegalActionError
from riichi.game.events import (
    Ankan,
    Chi,
    Discard,
    Draw,
    DrawKind,
    Event,
    Kita,
    Minkan,
    Pon,
    Riichi,
    Ryuukyoku,
    Shouminkan,
    Win,
    discard_event,
)
from riichi.game.phase import Phase, WinRecord
from riichi.game.wall import MAX_KANS, MAX_REPLACEMENTS_SANMA
from riichi.game.winning import is_robbing_kan, win_score
from riichi.hand import MeldType
from riichi.rules import AbortiveDraw, KanAfterRiichi, Kuikae
from riichi.scoring.settlement import ron_winners
from riichi.shapes.declarations import check_ankan_after_riichi, check_riichi
from riichi.shapes.shanten import shanten
from riichi.shapes.waits import wait_kinds
from riichi.tiles import KIND_OF, TERMINAL_HONOR_KINDS, Tile, sort_tiles
from riichi.yaku import Yaku

if TYPE_CHECKING:
    from riichi.game.round import Round

__all__ = ["Action", "Pass", "can_ron", "check_kita", "legal_actions", "pending_draw", "ron_seats"]


@dataclass(frozen=True, slots=True)
class Pass:
    """Letting a discard (or a kan's tile) go by. Not an event: records do not hold passes."""

    seat: int

    def __str__(self) -> str:
        return f"pass {self.seat}"


#: What a player chooses: an event, or a pass.
Action = Event | Pass

_TERMINAL_HONOR = frozenset(TERMINAL_HONOR_KINDS)
_KYUUSHU_KINDS = 9
_NORTH = 30


def _refuse(event: Event, message: str, rule: str) -> IllegalActionError:
    return IllegalActionError(message, event=event, rule=rule)


def hand_waits(r: Round, seat: int) -> frozenset[int]:
    """The kinds the seat's hand of 3n+1 concealed tiles waits on (empty when not tenpai or holding 3n+2)."""
    if len(r.hands[seat]) % 3 != 1:
        return frozenset()
    return frozenset(wait_kinds(r.counts[seat], n_melds=len(r.melds[seat])))


def kuikae_kinds(mode: Kuikae, tile: Tile, own: tuple[Tile, ...], *, chi: bool) -> frozenset[int]:
    """Kinds the caller may not discard right after calling ``tile`` with ``own`` (swap-calling)."""
    if mode is Kuikae.ALLOWED:
        return frozenset()
    kind = KIND_OF[tile]
    if mode is Kuikae.SAME_TILE or not chi:
        return frozenset({kind})
    low, high = sorted(KIND_OF[t] for t in own)
    forbidden = {kind}
    if high == low + 1:  # a two-sided or edge part: the tile at the other end is a swap too
        other = high + 1 if kind == low - 1 else low - 1
        if 0 <= other < 27 and other // 9 == kind // 9:  # noqa: PLR2004
            forbidden.add(other)
    return frozenset(forbidden)


# -- draws, discards, riichi ------------------------------------------------------------------------------

def pending_draw(r: Round) -> tuple[DrawKind, str] | None:
    """The drawn hand that must end the round once the tile on the table passes without a ron, if any,
    and why."""
    if r.live_tiles_left == 0:
        return DrawKind.EXHAUSTIVE, "the live wall is empty: the hand ends in an exhaustive draw"
    aborts = r.rules.game.abortive_draws
    if len(r.riichi_seats) == 4 and AbortiveDraw.SUUCHA_RIICHI in aborts:  # noqa: PLR2004
        return DrawKind.SUUCHA_RIICHI, "four players are in riichi: the hand ends (suucha riichi)"
    if _is_suukaikan(r) and AbortiveDraw.SUUKAIKAN in aborts:
        return DrawKind.SUUKAIKAN, "four kans by more than one player: the hand ends (suukaikan)"
    if _is_suufon_renda(r) and AbortiveDraw.SUUFON_RENDA in aborts:
        return DrawKind.SUUFON_RENDA, "the same wind was discarded by all four: the hand ends (suufon renda)"
    return None


def _is_suukaikan(r: Round) -> bool:
    return r.kans == MAX_KANS and len(set(r.kan_seats)) > 1


def _is_suufon_renda(r: Round) -> bool:
    if r.discards != 4 or not r.no_calls:  # noqa: PLR2004
        return False
    firsts = [river[0].tile for river in r.rivers if len(river) == 1]
    return len(firsts) == 4 and firsts[0].is_wind and len({KIND_OF[t] for t in firsts}) == 1  # noqa: PLR2004


def check_draw(r: Round, e: Draw) -> None:
    if r.phase is Phase.DRAW or r.phase is Phase.KAN:
        if e.seat != r.turn:
            raise _refuse(e, f"seat {r.turn} draws now", "turn")
        if e.rinshan != r.needs_rinshan:
            raise _refuse(e, "a kan is followed by a replacement draw (rinshan)" if r.needs_rinshan
                          else "a replacement draw follows a kan only", "rinshan")
    elif r.phase is Phase.CALLS:
        assert r.last is not None
        if e.seat != r.next_seat(r.last[0]):
            raise _refuse(e, f"seat {r.next_seat(r.last[0])} draws after seat {r.last[0]}'s discard", "turn")
        if e.rinshan:
            raise _refuse(e, "a replacement draw follows a kan only", "rinshan")
        ending = pending_draw(r)
        if ending is not None:
            raise _refuse(e, ending[1], "ryuukyoku")
    else:
        raise _refuse(e, f"no draw now (the hand is at {r.phase.value})", "sequence")
    if not e.rinshan and r.live_tiles_left <= 0:
        raise _refuse(e, "the live wall is empty", "wall")
    if r.wall is not None:
        expected = r.wall.rinshan(r.replacements - 1) if e.rinshan else r.wall.live_tile(r.live_draws)
        if expected != e.tile:
            raise _refuse(e, f"the wall's next tile is {expected}", "wall")


def check_discard(r: Round, e: Discard) -> None:
    if r.phase is not Phase.TURN or e.seat != r.turn:
        raise _refuse(e, f"not seat {e.seat}'s turn to discard", "turn")
    if e.tile not in r.hands[e.seat]:
        raise _refuse(e, f"seat {e.seat} does not hold {e.tile}", "tiles")
    if e.tsumogiri and r.drawn != e.tile:
        raise _refuse(e, "a tsumogiri discard is the tile just drawn", "tsumogiri")
    if r.riichi[e.seat] and r.drawn != e.tile:
        raise _refuse(e, "a player in riichi discards the tile drawn", "riichi")
    if r.after_call and KIND_OF[e.tile] in r.kuikae:
        raise _refuse(e, "swap-calling: the called tile (or the run's other end) cannot be discarded now",
                      "kuikae")
    if r.declaring == e.seat and not _tenpai_after(r, e.seat, e.tile):
        raise _refuse(e, "the riichi discard must leave the hand tenpai", "riichi")


def _tenpai_after(r: Round, seat: int, discard: Tile) -> bool:
    """Whether the seat's hand is tenpai once ``discard`` leaves it."""
    counts = list(r.counts[seat])
    counts[KIND_OF[discard]] -= 1
    return shanten(counts, n_melds=len(r.melds[seat])) == 0


def check_riichi_declaration(r: Round, e: Riichi) -> None:
    seat = e.seat
    if r.riichi[seat] or r.declaring is not None:
        raise _refuse(e, "riichi is declared once", "riichi")
    if r.after_call:
        raise _refuse(e, "riichi is declared after a draw, not after a call", "riichi")
    if e.open and not r.rules.scoring.has(Yaku.OPEN_RIICHI):
        raise _refuse(e, "these rules play no open riichi", "open_riichi")
    game = r.rules.game
    verdict = check_riichi(Hand(tuple(r.hands[seat]), tuple(r.melds[seat])), tiles_left=r.live_tiles_left,
                           points=r.scores[seat], min_wall_tiles=game.riichi_min_wall_tiles,
                           min_points=game.riichi_min_points)
    if not verdict.allowed:
        reasons = ", ".join(reason.value.replace("_", " ") for reason in verdict.reasons)
        raise _refuse(e, f"riichi is not allowed: {reasons}", "riichi")


# -- calls and kans -------------------------------------------------------------------------------------------

def check_call(r: Round, e: Chi | Pon | Minkan) -> None:
    if r.phase is not Phase.CALLS or r.last is None:
        raise _refuse(e, "there is no discard to call", "sequence")
    source, tile = r.last
    if e.from_seat != source or e.tile != tile:
        raise _refuse(e, f"the discard on the table is seat {source}'s {tile}", "call")
    if r.live_tiles_left <= 0:
        raise _refuse(e, "the last discard can only be won on, not called", "houtei")
    if r.riichi[e.seat]:
        raise _refuse(e, "a player in riichi does not call", "riichi")
    hand = list(r.hands[e.seat])
    for t in e.own:
        if t not in hand:
            raise _refuse(e, f"seat {e.seat} does not hold {t} for this call", "tiles")
        hand.remove(t)
    kinds = sorted(KIND_OF[t] for t in e.tiles)
    if isinstance(e, Chi):
        if r.players == 3:  # noqa: PLR2004
            raise _refuse(e, "three players play without chi", "chi")
        if e.seat != r.next_seat(source):
            raise _refuse(e, "chi is called only on the discard of the player on the left", "chi")
        if kinds[0] >= 27 or kinds[0] // 9 != kinds[2] // 9 or kinds != [kinds[0], kinds[0] + 1, kinds[0] + 2]:  # noqa: PLR2004
            raise _refuse(e, "a chi makes a run of three in one suit", "chi")
    elif len(set(kinds)) != 1:
        raise _refuse(e, f"a {e.name} is made of equal tiles", e.name)
    if isinstance(e, Minkan) and r.kans >= MAX_KANS:
        raise _refuse(e, "a fifth kan is refused (four replacement tiles)", "fifth_kan")
    if not isinstance(e, Minkan):
        forbidden = kuikae_kinds(r.rules.game.kuikae, e.tile, e.own, chi=isinstance(e, Chi))
        if all(KIND_OF[t] in forbidden for t in hand):
            raise _refuse(e, "after this call every tile left is a swap-call discard", "kuikae")


def _kan_allowed(r: Round, e: Event) -> None:
    if r.phase is not Phase.TURN or getattr(e, "seat", None) != r.turn:
        raise _refuse(e, "a kan is declared on one's own turn", "turn")
    if r.after_call:
        raise _refuse(e, "no kan right after a chi or pon", "sequence")
    if r.declaring is not None:
        raise _refuse(e, "after declaring riichi the next move is the discard", "riichi")
    if r.kans >= MAX_KANS:
        raise _refuse(e, "a fifth kan is refused (four replacement tiles)", "fifth_kan")
    if r.live_tiles_left <= 0:
        raise _refuse(e, "no kan on the last tile of the wall", "haitei")


def check_kita(r: Round, e: Kita) -> None:
    """Setting a North aside: a three-player game's own move, after a draw, with a North in the hand (in
    riichi, the North just drawn)."""
    if r.players != 3 or not r.rules.scoring.nukidora:  # noqa: PLR2004
        raise _refuse(e, "Norths are set aside in three-player games that play nukidora", "kita")
    if r.phase is not Phase.TURN or e.seat != r.turn:
        raise _refuse(e, "a North is set aside on one's own turn", "turn")
    if r.after_call:
        raise _refuse(e, "a North is set aside after a draw, not after a call", "kita")
    if r.declaring is not None:
        raise _refuse(e, "after declaring riichi the next move is the discard", "riichi")
    if e.tile not in r.hands[e.seat]:
        raise _refuse(e, f"seat {e.seat} holds no North", "tiles")
    if r.riichi[e.seat] and (r.drawn is None or KIND_OF[r.drawn] != _NORTH):
        raise _refuse(e, "in riichi only the North just drawn is set aside", "riichi")
    if r.live_tiles_left <= 0:
        raise _refuse(e, "no North is set aside on the last tile of the wall", "haitei")
    if r.replacements >= MAX_REPLACEMENTS_SANMA:
        raise _refuse(e, "the dead wall has no replacement tile left", "kita")


def check_ankan(r: Round, e: Ankan) -> None:
    _kan_allowed(r, e)
    hand = list(r.hands[e.seat])
    for t in e.tiles:
        if t not in hand:
            raise _refuse(e, f"seat {e.seat} does not hold {t}", "tiles")
        hand.remove(t)
    if r.riichi[e.seat]:
        rule = r.rules.game.kan_after_riichi
        if rule is KanAfterRiichi.FORBIDDEN:
            raise _refuse(e, "no concealed kan after riichi under these rules", "kan_after_riichi")
        if r.drawn is None or KIND_OF[r.drawn] != e.kind:
            raise _refuse(e, "after riichi a concealed kan is made with the tile just drawn", "kan_after_riichi")
        before = list(r.hands[e.seat])
        before.remove(r.drawn)
        verdict = check_ankan_after_riichi(Hand(tuple(before), tuple(r.melds[e.seat])), r.drawn,
                                           strict=rule is KanAfterRiichi.STRICT)
        if not verdict.allowed:
            reasons = ", ".join(reason.value.replace("_", " ") for reason in verdict.reasons)
            raise _refuse(e, f"this kan after riichi is refused: {reasons}", "kan_after_riichi")


def check_shouminkan(r: Round, e: Shouminkan) -> int:
    """Check the added kan; the index of the pon it extends."""
    _kan_allowed(r, e)
    if r.riichi[e.seat]:
        raise _refuse(e, "a player in riichi has no pon to add to", "riichi")
    if e.tile not in r.hands[e.seat]:
        raise _refuse(e, f"seat {e.seat} does not hold {e.tile}", "tiles")
    for i, m in enumerate(r.melds[e.seat]):
        if m.type is MeldType.PON and m.kind == KIND_OF[e.tile]:
            return i
    raise _refuse(e, f"seat {e.seat} has no pon of {e.tile} to add it to", "shouminkan")


# -- wins and drawn hands --------------------------------------------------------------------------------------

def can_ron(r: Round, seat: int) -> bool:
    """Whether ``seat`` may win on the tile on the table (a discard, or a kan's tile) now."""
    return _ron_refusal(r, seat) is None


def _ron_refusal(r: Round, seat: int) -> str | None:  # noqa: PLR0911 - one reason a return
    if r.last is None:
        return "there is no tile on the table to win on"
    source, tile = r.last
    if seat == source:
        return "a player does not ron their own tile"
    if r.phase is Phase.OVER:
        rons = [w.event for w in r.wins]
        if not rons or rons[0].from_seat is None or any(w.seat == seat for w in rons):
            return "the hand is over"
        claimants = {r.seat_wind(w.seat) for w in rons} | {r.seat_wind(seat)}
        if r.seat_wind(seat) not in ron_winners(claimants, r.seat_wind(source), r.rules.game):
            return "no more winners on this discard under these rules (head bump, or three rons a draw)"
    elif r.phase is not Phase.CALLS and r.phase is not Phase.KAN:
        return "there is no tile on the table to win on"
    robbing = is_robbing_kan(r)
    closed_kan = robbing and r.kan_type is MeldType.ANKAN
    if robbing:
        if closed_kan:
            if not r.rules.game.kokushi_robs_ankan:
                return "a concealed kan cannot be robbed under these rules"
        elif not r.rules.scoring.chankan and not kokushi_wait(r, seat):
            return "only thirteen orphans may rob a kan under these rules"
    if KIND_OF[tile] not in r.waits[seat]:
        return f"{tile} does not complete seat {seat}'s hand"
    if closed_kan and not kokushi_wait(r, seat):
        return "only thirteen orphans may rob a concealed kan"
    if any(KIND_OF[d.tile] in r.waits[seat] for d in r.rivers[seat]):
        return "furiten: a winning tile is among the player's own discards"
    if r.furiten_riichi[seat]:
        return "furiten: a winning tile went by after the riichi"
    if r.furiten_temporary[seat]:
        return "furiten: a winning tile went by since the player's last draw"
    try:
        win_score(r, seat, source, tile)
    except RiichiError as exc:
        return f"no win: {exc}"
    return None


def kokushi_wait(r: Round, seat: int) -> bool:
    """The seat waits for thirteen orphans (the one hand that may rob a closed kan)."""
    return not r.melds[seat] and all(k in _TERMINAL_HONOR for k in r.waits[seat]) and bool(r.waits[seat]) \
        and all(KIND_OF[t] in _TERMINAL_HONOR for t in r.hands[seat])


def ron_seats(r: Round) -> list[int]:
    """Seats that may win on the tile on the table, in turn order after its owner."""
    if r.last is None:
        return []
    source = r.last[0]
    return [s for s in ((source + i) % r.players for i in range(1, r.players)) if can_ron(r, s)]


def _tsumo_refusal(r: Round, seat: int, tile: Tile) -> str | None:
    if r.phase is not Phase.TURN or seat != r.turn:
        return "a tsumo is declared on one's own turn"
    if r.after_call or r.drawn is None:
        return "a tsumo needs a drawn tile"
    if r.declaring is not None:
        return "after declaring riichi the next move is the discard"
    if tile != r.drawn:
        return f"the tile drawn is {r.drawn}"
    # The hand before the draw waited on r.waits[seat] (kept since its last discard or kan).
    first = r.no_calls and not r.rivers[seat] and r.draw_count[seat] == 1
    if KIND_OF[tile] not in r.waits[seat] and not (first and r.rules.scoring.has(Yaku.SHIISAN_PUUTAA)):
        return "the hand is not complete"
    try:
        win_score(r, seat, None, tile)
    except RiichiError as exc:
        return f"no win: {exc}"
    return None


def check_win(r: Round, e: Win) -> WinRecord:
    if e.from_seat is None:
        why = _tsumo_refusal(r, e.seat, e.tile)
    else:
        why = _ron_refusal(r, e.seat)
        if why is None and r.last is not None and (e.from_seat, e.tile) != r.last:
            why = f"the tile on the table is seat {r.last[0]}'s {r.last[1]}"
    if why is not None:
        raise _refuse(e, why, "win")
    ura = e.ura
    if r.wall is not None and r.riichi[e.seat] and r.rules.scoring.ura_dora:
        expected = tuple(r.wall.ura_indicator(k) for k in range(len(r.dora)))
        if ura != expected:
            raise _refuse(e, f"the ura indicators under the revealed dora are {''.join(map(str, expected))}",
                          "wall")
    hand, ctx, s = win_score(r, e.seat, e.from_seat, e.tile, ura=ura)
    return WinRecord(e, hand, ctx, s)


def check_ryuukyoku(r: Round, e: Ryuukyoku) -> None:  # noqa: C901, PLR0912 - one branch per kind
    aborts = r.rules.game.abortive_draws
    kind = e.kind
    if kind in (DrawKind.EXHAUSTIVE, DrawKind.NAGASHI_MANGAN):
        if r.phase is not Phase.CALLS or r.live_tiles_left > 0:
            raise _refuse(e, "an exhaustive draw comes when the last discard passes", "ryuukyoku")
        if r.awaiting_acceptance is not None:
            raise _refuse(e, "the riichi on the last discard is accepted first", "riichi")
        return
    needed = {DrawKind.KYUUSHU_KYUUHAI: AbortiveDraw.KYUUSHU_KYUUHAI, DrawKind.SUUFON_RENDA: AbortiveDraw.SUUFON_RENDA,
              DrawKind.SUUCHA_RIICHI: AbortiveDraw.SUUCHA_RIICHI, DrawKind.SUUKAIKAN: AbortiveDraw.SUUKAIKAN,
              DrawKind.SANCHAHOU: AbortiveDraw.SANCHAHOU}[kind]
    if needed not in aborts:
        raise _refuse(e, f"these rules play no {needed.value.replace('_', ' ')}", "abortive_draw")
    if kind is DrawKind.KYUUSHU_KYUUHAI:
        if e.seat is None or _kyuushu_refusal(r, e.seat):
            raise _refuse(e, _kyuushu_refusal(r, e.seat) if e.seat is not None else "name the declaring seat",
                          "kyuushu_kyuuhai")
        return
    if r.phase is not Phase.CALLS:
        raise _refuse(e, "this draw comes when a discard is on the table", "sequence")
    if kind is DrawKind.SANCHAHOU:
        if len([s for s in range(r.players) if s != r.last[0] and can_ron(r, s)]) < 3:  # type: ignore[index]  # noqa: PLR2004
            raise _refuse(e, "three players must be able to ron the discard", "sanchahou")
        return
    if r.awaiting_acceptance is not None:
        raise _refuse(e, "the riichi on the table is accepted first", "riichi")
    ok = {DrawKind.SUUCHA_RIICHI: len(r.riichi_seats) == 4,  # noqa: PLR2004
          DrawKind.SUUKAIKAN: _is_suukaikan(r), DrawKind.SUUFON_RENDA: _is_suufon_renda(r)}[kind]
    if not ok:
        raise _refuse(e, f"the conditions of {needed.value.replace('_', ' ')} do not hold", needed.value)


def _kyuushu_refusal(r: Round, seat: int) -> str:
    """Why ``seat`` may not declare kyuushu kyuuhai ('' when it may)."""
    if r.phase is not Phase.TURN or seat != r.turn or r.after_call:
        return "kyuushu kyuuhai is declared on one's own draw"
    if not r.no_calls or r.rivers[seat] or r.draw_count[seat] != 1:
        return "kyuushu kyuuhai is declared on the first draw, before any call"
    if len({KIND_OF[t] for t in r.hands[seat]} & _TERMINAL_HONOR) < _KYUUSHU_KINDS:
        return "kyuushu kyuuhai needs nine different terminals and honours"
    return ""


# -- every legal action ---------------------------------------------------------------------------------------------

def legal_actions(r: Round, seat: int) -> tuple[Action, ...]:
    """Everything ``seat`` may choose now: events (discards, calls, kans, riichi, wins, kyuushu
    kyuuhai) and :class:`Pass` where a tile on the table may be let go. Empty when the seat has no
    choice (draws, dora and riichi acceptance are the engine's, not a player's)."""
    if r.phase is Phase.TURN and seat == r.turn:
        return _turn_actions(r, seat)
    if r.phase is Phase.CALLS and r.last is not None and seat != r.last[0]:
        return _call_actions(r, seat)
    if r.phase is Phase.KAN and r.last is not None and seat != r.last[0]:
        if can_ron(r, seat):
            return (Win(seat, r.last[0], r.last[1]), Pass(seat))
        return ()
    return ()


def _of_kind(hand: list[Tile], kind: int) -> list[Tile]:
    """The tiles of ``kind`` in ``hand``. Each tile is read as the small integer it is (``tile: int``), so
    that compiled code looks its kind up natively (indexed with a ``Tile``, the look-up is Python's)."""
    out = []
    for t in hand:
        tile: int = t
        if KIND_OF[tile] == kind:
            out.append(t)
    return out


def _distinct(tiles: list[Tile]) -> list[Tile]:
    return sort_tiles(set(tiles))


def _turn_actions(r: Round, seat: int) -> tuple[Action, ...]:
    out: list[Action] = []
    hand = r.hands[seat]
    drawn = r.drawn
    if drawn is not None and _tsumo_refusal(r, seat, drawn) is None:
        out.append(Win(seat, None, drawn))
    if r.declaring == seat:
        for t in _distinct(hand):
            if _tenpai_after(r, seat, t):
                out.extend(_discards(r, seat, t, hand, drawn))
        return tuple(out)
    if r.riichi[seat]:
        assert drawn is not None
        out.append(discard_event(seat, drawn, tsumogiri=True))
    else:
        for t in _distinct(hand):
            if not (r.after_call and KIND_OF[t] in r.kuikae):
                out.extend(_discards(r, seat, t, hand, drawn))
        if not r.after_call and r.is_closed(seat) and _may_riichi(r, seat):
            out.append(Riichi(seat))
            if r.rules.scoring.has(Yaku.OPEN_RIICHI):
                out.append(Riichi(seat, open=True))
    if not r.after_call and r.kans < MAX_KANS and r.live_tiles_left > 0:
        counts = r.counts[seat]
        for kind in range(34):
            if counts[kind] == 4:  # noqa: PLR2004
                event = Ankan(seat, tuple(_of_kind(hand, kind)))
                try:
                    check_ankan(r, event)
                except IllegalActionError:
                    continue
                out.append(event)
        if not r.riichi[seat]:
            for m in r.melds[seat]:
                if m.type is MeldType.PON:
                    out.extend(Shouminkan(seat, t) for t in _distinct(_of_kind(hand, m.kind)))
    if r.players == 3:  # noqa: PLR2004
        out.extend(_kita_action(r, seat))
    if not _kyuushu_refusal(r, seat) and AbortiveDraw.KYUUSHU_KYUUHAI in r.rules.game.abortive_draws:
        out.append(Ryuukyoku(DrawKind.KYUUSHU_KYUUHAI, seat))
    return tuple(out)


def _kita_action(r: Round, seat: int) -> tuple[Kita, ...]:
    """Setting a North aside, when the seat may."""
    if r.counts[seat][_NORTH] == 0:
        return ()
    event = Kita(seat)
    try:
        check_kita(r, event)
    except IllegalActionError:
        return ()
    return (event,)


def _discards(r: Round, seat: int, t: Tile, hand: list[Tile], drawn: Tile | None) -> list[Discard]:
    held = discard_event(seat, t)
    if t == drawn:
        out = [discard_event(seat, t, tsumogiri=True)]
        if hand.count(t) > 1:
            out.append(held)
        return out
    return [held]


def _may_riichi(r: Round, seat: int) -> bool:
    if r.riichi[seat] or r.declaring is not None:
        return False
    if shanten(r.counts[seat], n_melds=len(r.melds[seat])) > 0:
        return False
    try:
        check_riichi_declaration(r, Riichi(seat))
    except IllegalActionError:
        return False
    return True


def _call_actions(r: Round, seat: int) -> tuple[Action, ...]:
    assert r.last is not None
    source, tile = r.last
    kind = KIND_OF[tile]
    chi = r.players == 4 and seat == r.next_seat(source)  # noqa: PLR2004
    if kind not in r.waits[seat] and not _may_call(r.counts[seat], kind, chi=chi):
        return ()
    out: list[Action] = []
    if can_ron(r, seat):
        out.append(Win(seat, source, tile))
    if not r.riichi[seat] and r.live_tiles_left > 0:
        hand = r.hands[seat]
        kind = KIND_OF[tile]
        same = _of_kind(hand, kind)
        candidates: list[Chi | Pon | Minkan] = [Pon(seat, tile, source, own) for own in _choices(same, 2)]
        if len(same) == 3 and r.kans < MAX_KANS:  # noqa: PLR2004
            candidates.append(Minkan(seat, tile, source, tuple(same)))
        if chi and kind < 27:  # noqa: PLR2004
            number = kind % 9
            for low in (kind - 2, kind - 1, kind):
                if low // 9 == kind // 9 and 0 <= low % 9 <= 6 and low % 9 <= number <= low % 9 + 2 and low >= 0:  # noqa: PLR2004
                    others = [k for k in (low, low + 1, low + 2) if k != kind]
                    a = _of_kind(hand, others[0])
                    b = _of_kind(hand, others[1])
                    for x in _distinct(a):
                        for y in _distinct(b):
                            candidates.append(Chi(seat, tile, source, (x, y)))
        for event in candidates:
            try:
                check_call(r, event)
            except IllegalActionError:
                continue
            out.append(event)
    if out:
        out.append(Pass(seat))
    return tuple(out)


def _may_call(counts: list[int], kind: int, *, chi: bool) -> bool:
    """A quick look: does the hand hold two of ``kind``, or (for a chi) a neighbour within two in its suit?"""
    if counts[kind] >= 2:  # noqa: PLR2004
        return True
    if not chi or kind >= 27:  # noqa: PLR2004
        return False
    number = kind % 9
    return any(counts[kind + d] for d in (-2, -1, 1, 2) if 0 <= number + d <= 8)  # noqa: PLR2004


def _choices(tiles: list[Tile], n: int) -> list[tuple[Tile, ...]]:
    """The different ways of taking ``n`` of ``tiles`` (red fives tell ways apart)."""
    seen: dict[tuple[Tile, ...], None] = {}
    for combo in combinations(sort_tiles(tiles), n):
        seen[combo] = None
    return list(seen)
