"""Checks that a hand and its situation can exist before it is scored.

Each problem raises the precise :mod:`riichi.errors` exception, with a message
a player understands.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from riichi.errors import (
    ImpossibleTilesError,
    InconsistentSituationError,
    InvalidCaseError,
    WrongTileCountError,
)
from riichi.hand import Hand, MeldType
from riichi.notation import format_tiles
from riichi.rules import TileSet
from riichi.scoring.context import WinContext
from riichi.scoring.reading import HandFacts, count_tiles
from riichi.tiles import TERMINAL_HONOR_KINDS, Tile, Wind, kind_name

__all__ = ["check_copies", "check_situation", "check_three_players", "check_tiles", "red_limits"]

#: The kind of North (4z), the tile set aside as kita.
_NORTH: Final = 30


def red_limits(aka: int) -> tuple[int, int, int]:
    """Most red fives per suit (man, pin, sou) for ``aka`` red fives in the set.

    3 is one per suit; 4 adds a second red 5p; 1 and 2 allow that many in any suit.
    """
    if aka >= 4:
        return (1, 2, 1)
    return (min(aka, 1),) * 3


def check_tiles(hand: Hand, facts: HandFacts) -> None:
    """Tile count, copies of each tile, red fives, and the winning tile's presence; with three players, the tiles
    and seats of a three-player game. ``facts`` are the facts of ``hand``."""
    ctx = facts.ctx
    if facts.players == 3:  # noqa: PLR2004
        check_three_players(hand, ctx, facts.tiles, facts.rules_name)
    expected = 14 - 3 * len(hand.melds)
    if len(hand.melds) > 4:
        raise WrongTileCountError(f"a hand has at most 4 melds, not {len(hand.melds)}")
    if len(hand.concealed) != expected:
        melds = f" with {len(hand.melds)} meld{'s' * (len(hand.melds) != 1)}" if hand.melds else ""
        raise WrongTileCountError(
            f"the hand has {len(hand.concealed)} concealed tile{'s' * (len(hand.concealed) != 1)}{melds}; "
            f"a winning hand needs {expected} "
            f"(the winning tile included, each meld counting 3)")
    check_copies(facts)
    if ctx.win not in hand.concealed:
        hint = ""
        if ctx.win.kind in (4, 13, 22) and facts.concealed_counts[ctx.win.kind]:
            hint = " (a red five is written 0, a plain five 5: write the winning tile as it is in the hand)"
        raise InvalidCaseError(
            f"the winning tile {ctx.win} is not among the concealed tiles {format_tiles(hand.concealed)}{hint}")
    if len(ctx.dora) > 5 or len(ctx.ura) > 5:
        raise InvalidCaseError("there are at most 5 dora and 5 ura-dora indicators")


def check_copies(facts: HandFacts) -> None:
    """The copies of each tile and the red fives of the hand, the melds, the indicators and the Norths set aside,
    within the set: the part of :func:`check_tiles` that tells one hand of a situation from another (the
    expected-value search checks each of its wins with it, the rest once)."""
    ctx, rules = facts.ctx, facts.rules
    counts = facts.all_counts
    reds = facts.reds
    indicators = ctx.dora + ctx.ura
    if indicators or ctx.kita:
        counts = counts[:]
        reds = reds[:]
        count_tiles(indicators, counts, reds)
        counts[_NORTH] += ctx.kita
    most = k = 0
    for kind in range(34):  # the most copies, and the first kind with them
        if counts[kind] > most:
            most, k = counts[kind], kind
    if most > 4:  # noqa: PLR2004
        raise ImpossibleTilesError(
            f"there are only 4 of each tile, but {kind_name(k)} appears {most} times "
            f"counting the hand, the melds, the indicators{' and the Norths set aside' * (ctx.kita > 0)}")
    if reds[0] or reds[1] or reds[2]:
        m, p, s = red_limits(rules.aka)
        if reds[0] > m or reds[1] > p or reds[2] > s or reds[0] + reds[1] + reds[2] > rules.aka:
            _too_many_reds(reds, rules.aka, facts.rules_name)


def _too_many_reds(reds: list[int], aka: int, rules_name: str) -> None:
    for suit, (n, most) in enumerate(zip(reds, red_limits(aka), strict=True)):
        if n > most:
            tile = "0" + "mps"[suit]
            raise ImpossibleTilesError(
                f"{n} red five{'s' * (n != 1)} {tile}, but the rules ({rules_name}, aka={aka}) have {most or 'no'} red {tile}")
    raise ImpossibleTilesError(f"{sum(reds)} red five{'s' * (sum(reds) != 1)}, but the rules ({rules_name}) have {aka}")


def check_situation(hand: Hand, facts: HandFacts) -> None:  # noqa: C901, PLR0912
    """Flags that cannot all hold for this hand, seat and rule set (``facts``: the facts of ``hand``)."""
    ctx, rules = facts.ctx, facts.rules
    bad = InconsistentSituationError
    closed = facts.closed
    has_kan = facts.kans > 0
    seat = ctx.seat_wind
    if ctx.kita and not rules.nukidora:
        raise InvalidCaseError(f"kita counts Norths set aside, but {facts.rules_name} sets none aside "
                               f"(a three-player rule set does: tenhou-sanma, mahjongsoul-sanma)")
    if facts.in_riichi and not closed:
        raise bad("riichi needs a closed hand, but this hand has an open meld")
    if ctx.ippatsu and not facts.in_riichi:
        raise bad("ippatsu needs riichi")
    if ctx.rinshan and not has_kan and not (ctx.kita and rules.kita_rinshan):
        if ctx.kita:
            raise bad(f"rinshan needs a kan among the melds: under {facts.rules_name} a win on the tile that "
                      f"replaces a North set aside is not rinshan")
        either = " or a North set aside (kita)" if rules.nukidora and rules.kita_rinshan else ""
        raise bad(f"rinshan needs a kan among the melds{either}")
    if ctx.rinshan and not ctx.tsumo:
        raise bad("rinshan is a win on the replacement tile: set tsumo")
    if ctx.chankan and ctx.tsumo:
        raise bad("chankan is a win on another player's kan tile, never by tsumo")
    if ctx.chankan and sum(1 for t in hand.tiles if t.kind == ctx.win.kind) != 1:
        raise bad("chankan robs the fourth tile of a kan, so the winner holds no other copy of it")
    if ctx.haitei and not ctx.tsumo:
        raise bad("haitei is a tsumo on the last tile of the wall; a ron on the last discard is houtei")
    if ctx.houtei and ctx.tsumo:
        raise bad("houtei is a ron on the last discard; a tsumo on the last tile is haitei")
    if ctx.haitei and ctx.rinshan:
        raise bad("a replacement tile drawn last scores rinshan only, never haitei too")
    if ctx.chankan and (ctx.houtei or ctx.rinshan):
        raise bad("chankan cannot combine with houtei or rinshan")
    for flag, name in ((ctx.tenhou, "tenhou"), (ctx.chiihou, "chiihou"), (ctx.renhou, "renhou")):
        if flag and (hand.melds or facts.in_riichi):
            raise bad(f"{name} is a win before any call or riichi: the hand must have no meld and no riichi")
    if ctx.tenhou and (seat is not Wind.EAST or not ctx.tsumo):
        raise bad("tenhou is the dealer's (seat E) tsumo on the starting hand")
    if ctx.chiihou and (seat is Wind.EAST or not ctx.tsumo):
        raise bad("chiihou is a non-dealer's tsumo on the first draw")
    if ctx.renhou and (seat is Wind.EAST or ctx.tsumo):
        raise bad("renhou is a non-dealer's ron in the first go-around")
    if sum((ctx.tenhou, ctx.chiihou, ctx.renhou)) > 1:
        raise bad("only one of tenhou, chiihou and renhou can hold")
    if (ctx.tenhou or ctx.chiihou or ctx.renhou) and (ctx.haitei or ctx.houtei or ctx.rinshan or ctx.chankan):
        raise bad("a first-turn win cannot also be haitei, houtei, rinshan or chankan")
    if ctx.paarenchan and seat is not Wind.EAST:
        raise bad("paarenchan is the dealer's (seat E) eighth straight win")
    if ctx.tsumo and ctx.discarder is not None:
        raise bad("a tsumo has no discarder")
    if ctx.discarder is not None and ctx.discarder is seat:
        raise bad("the winner cannot deal into their own hand")
    if ctx.discarder_riichi and ctx.tsumo:
        raise bad("discarder_riichi is for a ron")
    if ctx.chankan and not rules.chankan and not _is_kokushi_shape(hand):
        raise bad(f"under {facts.rules_name} only thirteen orphans may rob a kan")
    if len(ctx.dora) > 1 and not rules.kan_dora:
        raise bad(f"kan dora are not played under {facts.rules_name}: give one dora indicator")
    if ctx.honba < 0 or ctx.riichi_sticks < 0:
        raise InvalidCaseError("honba and riichi_sticks cannot be negative")
    for m in hand.melds:
        if m.from_seat is not None:
            if m.from_seat is seat:
                raise bad(f"the meld {m} is called from the winner's own seat")
            if m.type is MeldType.CHI and m.from_seat is not seat.previous:
                raise bad(f"a chi is called only from the player on the left ({seat.previous} for seat {seat}), "
                          f"not {m.from_seat}: {m}")


def check_three_players(hand: Hand, ctx: WinContext, tiles: TileSet, rules_name: str,
                        others: Iterable[tuple[str, Iterable[Tile]]] = ()) -> None:
    """What a three-player game cannot hold: a tile out of its set (2m to 8m: ``impossible_tiles``) in the hand,
    the melds, the indicators or the ``others`` given as (name, tiles) (an analysis's visible tiles); a seat
    North, or a chi (``invalid_case``). Scoring and analysis check a three-player case with this one function.
    """
    for where, group in (("the hand", hand.tiles), ("the dora indicators", ctx.dora),
                         ("the ura indicators", ctx.ura), *others):
        for t in group:
            if not tiles.in_play(t):
                raise ImpossibleTilesError(f"{t} is not in a three-player game ({rules_name}: the tiles 2m to 8m "
                                           f"are out), but it is in {where}")
    for name, seat in (("seat_wind", ctx.seat_wind), ("round_wind", ctx.round_wind),
                       ("discarder", ctx.discarder)):
        if seat is Wind.NORTH:
            raise InvalidCaseError(f"{name} is N, but a three-player game ({rules_name}) has the seats E, S "
                                   f"and W only")
    for m in hand.melds:
        if m.type is MeldType.CHI:
            raise InvalidCaseError(f"there is no chi in a three-player game ({rules_name}): {m}")
        if m.from_seat is Wind.NORTH:
            raise InvalidCaseError(f"the meld {m} is called from N, but a three-player game ({rules_name}) "
                                   f"has the seats E, S and W only")


def _is_kokushi_shape(hand: Hand) -> bool:
    kinds = {t.kind for t in hand.concealed}
    return not hand.melds and kinds == set(TERMINAL_HONOR_KINDS) and len(hand.concealed) == 14
