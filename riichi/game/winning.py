"""A win in play: the hand and the situation the events made, scored by the same :func:`~riichi.score`
a user calls.

Every situational flag of :class:`~riichi.WinContext` comes from the state of the round: riichi and
double riichi (declared on a first discard before any call), open riichi, ippatsu (no call, no North
set aside that stood, and no own discard since the declaration: a ron on a North being set aside, like one on
an added kan, comes before it stands and keeps ippatsu), rinshan (a tsumo on a replacement tile; on the one
replacing a North set aside only where the rules' ``kita_rinshan`` says so), chankan (a ron on a kan's
tile; a ron on a North set aside is none), haitei (a tsumo on the last live-wall tile, never a
replacement tile), houtei (a ron on the discard made when the live wall is empty), tenhou, chiihou and
renhou (the first uninterrupted go-around), paarenchan (the dealer's eighth win in a row), and the
Norths the winner set aside (``kita``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from riichi import Hand, Score, WinContext, score
from riichi.hand import MeldType
from riichi.rules import Renhou
from riichi.tiles import Tile
from riichi.yaku import Yaku

if TYPE_CHECKING:
    from riichi.game.round import Round

__all__ = ["PAARENCHAN_STREAK", "win_hand", "win_context", "win_score"]

#: Paarenchan is the dealer's eighth consecutive win: seven before this hand.
PAARENCHAN_STREAK = 7


def win_hand(r: Round, seat: int, tile: Tile, *, tsumo: bool) -> Hand:
    """The winner's 14-tile hand: its concealed tiles (the drawn tile among them on tsumo, the won tile
    added on ron) and its melds in the order made."""
    concealed = tuple(r.hands[seat]) if tsumo else (*r.hands[seat], tile)
    return Hand(concealed, tuple(r.melds[seat]))


def win_context(r: Round, seat: int, from_seat: int | None, tile: Tile, *, ura: tuple[Tile, ...] = (),
                honba: int = 0, sticks: int = 0) -> WinContext:
    """The situation of ``seat`` winning on ``tile`` (tsumo when ``from_seat`` is None), from the state."""
    rules = r.rules
    tsumo = from_seat is None
    dealer = seat == r.dealer
    chankan = not tsumo and is_robbing_kan(r)
    replacement = tsumo and r.drawn_rinshan
    rinshan = replacement and (not r.replacing_kita or rules.scoring.kita_rinshan)
    last_tile = r.live_tiles_left == 0
    first_turn = r.no_calls and not r.rivers[seat]
    riichi = r.riichi[seat]
    double = r.double_riichi[seat]
    renhou = (not tsumo and not dealer and first_turn and r.draw_count[seat] == 0
              and rules.scoring.renhou is not Renhou.NONE)
    return WinContext(
        win=tile,
        tsumo=tsumo,
        discarder=None if from_seat is None else r.seat_wind(from_seat),
        discarder_riichi=from_seat is not None and r.riichi[from_seat],
        seat_wind=r.seat_wind(seat),
        round_wind=r.round_wind,
        riichi=riichi and not double and not r.open_riichi[seat],
        double_riichi=double,
        open_riichi=r.open_riichi[seat],
        ippatsu=riichi and r.ippatsu[seat],
        rinshan=rinshan,
        chankan=chankan,
        haitei=tsumo and last_tile and not replacement,
        houtei=not tsumo and last_tile and not chankan,
        tenhou=tsumo and dealer and first_turn and r.draw_count[seat] == 1,
        chiihou=tsumo and not dealer and first_turn and r.draw_count[seat] == 1,
        renhou=renhou,
        paarenchan=dealer and r.dealer_streak >= PAARENCHAN_STREAK and rules.scoring.has(Yaku.PAARENCHAN),
        dora=tuple(r.dora),
        ura=ura if riichi and rules.scoring.ura_dora else (),
        honba=honba,
        riichi_sticks=sticks,
        kita=r.kita[seat],
    )


def win_score(r: Round, seat: int, from_seat: int | None, tile: Tile, *,
              ura: tuple[Tile, ...] = ()) -> tuple[Hand, WinContext, Score]:
    """Score the win (without honba and sticks); raises the scorer's error when it is no win."""
    hand = win_hand(r, seat, tile, tsumo=from_seat is None)
    ctx = win_context(r, seat, from_seat, tile, ura=ura)
    return hand, ctx, score(hand, ctx, r.rules)


def is_robbing_kan(r: Round) -> bool:
    """The tile on the table is a kan's (a ron on it is chankan)."""
    return r.last is not None and (r.kan_type is MeldType.ANKAN or r.kan_type is MeldType.SHOUMINKAN)
