"""Settlement: who pays whom, as pure functions of base points, seats and the rules.

Seats within a hand are seat winds (East is the dealer); the end of a game counts seats 0-3 from the
first dealer. Every function takes the :class:`~riichi.rules.GameRules` that say how much a honba
is worth, who collects the sticks, and so on; none keeps state.

- :func:`settle_win`: one win, with honba, riichi sticks and a liable player (pao);
- :func:`ron_winners` and :func:`settle_rons`: several rons on one discard;
- :func:`settle_nagashi` and :func:`settle_draw`: an exhaustive draw, noten payments, nagashi mangan;
- :func:`settle_chombo`: a chombo paid at the table;
- :func:`settle_game_end`: leftover sticks, places, uma and oka, penalties.

Three players (``rules.players`` 3) have the seats East, South and West: every list of seats and every
:data:`Deltas` has three entries, and a tsumo is paid by two players as ``rules.sanma_tsumo`` says.

A non-dealer's 30 fu 4 han (base 1920) won by ron from West with two honba and a stick on the table:

>>> from riichi.rules import TENHOU
>>> from riichi.tiles import WINDS, Wind
>>> s = settle_win(1920, winner=Wind.SOUTH, discarder=Wind.WEST, honba=2, sticks=1, rules=TENHOU.game)
>>> s.points, s.payments, s.deltas
(7700, (Payment(payer=Wind.parse('W'), amount=8300),), (0, 9300, -8300, 0))
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Final

from riichi.frozen import Frozen
from riichi.rules import (
    AbortiveDraw,
    FinalRounding,
    GameRules,
    LeftoverSticks,
    MultipleRon,
    SanmaTsumo,
    Ties,
)
from riichi.scoring.limits import ron_payment, round_up_100, tsumo_payments
from riichi.tiles import WINDS, Wind

__all__ = [
    "Deltas",
    "FinalResult",
    "Liability",
    "Payment",
    "Ron",
    "Settlement",
    "place_bonus",
    "ron_winners",
    "settle_chombo",
    "settle_draw",
    "settle_game_end",
    "settle_nagashi",
    "settle_rons",
    "settle_win",
    "win_points",
]

#: Score changes by seat: East (the dealer), South, West, North (no North with three players); or seats from
#: the first dealer at the end of a game.
Deltas = tuple[int, ...]

#: Basic points of a mangan (nagashi mangan is paid as a mangan tsumo).
_MANGAN_BASE = 2000


@dataclass(init=False, slots=True, unsafe_hash=True)
class Liability(Frozen):
    """A liable player (pao) and the basic points they answer for."""

    seat: Final[Wind]
    base: Final[int]
    #: The liable player pays the honba (else the discarder or the normal payers do).
    pays_honba: Final[bool]

    def __init__(self, seat: Wind, base: int, pays_honba: bool = True) -> None:  # noqa: FBT001, FBT002
        self.seat = seat
        self.base = base
        self.pays_honba = pays_honba


@dataclass(init=False, slots=True, unsafe_hash=True)
class Payment(Frozen):
    """What one player pays one winner, honba included."""

    payer: Final[Wind]
    amount: Final[int]

    def __init__(self, payer: Wind, amount: int) -> None:
        self.payer = payer
        self.amount = amount


@dataclass(init=False, slots=True, unsafe_hash=True)
class Settlement(Frozen):
    """What one winner is paid, and every seat's change."""

    winner: Final[Wind]
    #: The hand's value without honba and sticks.
    points: Final[int]
    #: Who pays, in seat order.
    payments: Final[tuple[Payment, ...]]
    #: Honba this winner collects (0 for a later winner of a multiple ron where only the first does).
    honba: Final[int]
    #: Riichi sticks this winner collects.
    sticks: Final[int]
    #: Every seat's change, sticks included; ``None`` for a ron whose discarder is not known.
    deltas: Final[Deltas | None]

    def __init__(self, winner: Wind, points: int, payments: tuple[Payment, ...], honba: int,  # noqa: PLR0913
                 sticks: int, deltas: Deltas | None) -> None:
        self.winner = winner
        self.points = points
        self.payments = payments
        self.honba = honba
        self.sticks = sticks
        self.deltas = deltas


@dataclass(frozen=True, slots=True)
class Ron(Frozen):
    """One of several rons on the same discard."""

    winner: Wind
    base: int
    liability: Liability | None = None


def settle_win(base: int, *, winner: Wind, discarder: Wind | None, honba: int, sticks: int, rules: GameRules,
               tsumo: bool | None = None, liability: Liability | None = None) -> Settlement:
    """Who pays the winner what, honba and liability included, and every seat's change.

    A tsumo has no ``discarder``; ``tsumo=False`` with no discarder is a ron whose payer is not
    known: the settlement then has the value but no payments and no deltas.

    With three players a tsumo has two payers: a non-dealer's mangan is 2,000 + 4,000 under Tenhou's tsumo
    loss, 3,000 + 5,000 where the missing North's share is split (each half rounded up to 100):

    >>> from riichi.rules import MAHJONGSOUL_SANMA, TENHOU_SANMA
    >>> settle_win(2000, winner=Wind.SOUTH, discarder=None, honba=1, sticks=0, rules=TENHOU_SANMA.game).deltas
    (-4100, 6200, -2100)
    >>> settle_win(2000, winner=Wind.SOUTH, discarder=None, honba=0, sticks=0, rules=MAHJONGSOUL_SANMA.game).deltas
    (-5000, 8000, -3000)
    """
    if tsumo is None:
        tsumo = discarder is None
    dealer = winner is Wind.EAST
    seats = WINDS[:rules.players]
    pay = [0] * len(seats)  # by seat: what each seat pays
    paid = [False] * len(seats)

    others = [s for s in seats if s is not winner]
    honba_ron = rules.honba_ron * honba
    honba_tsumo = rules.honba_tsumo * honba
    # a ron whose discarder is not known has no payer, so no liable share either (the plain ron below)
    if liability is not None and liability.seat is not winner and (tsumo or discarder not in (None, liability.seat)):
        liable = liability.seat
        rest = base - liability.base
        if tsumo:
            _add(pay, paid, liable, ron_payment(liability.base, dealer=dealer))
            if rest:
                for s, share in zip(others, _tsumo_shares(rest, winner, others, rules), strict=True):
                    _add(pay, paid, s, share)
            if liability.pays_honba or not rest:
                _add(pay, paid, liable, len(others) * honba_tsumo)
            else:
                for s in others:
                    _add(pay, paid, s, honba_tsumo)
            points = sum(pay) - len(others) * honba_tsumo
        else:
            assert discarder is not None
            half = ron_payment(liability.base, dealer=dealer) // 2
            _add(pay, paid, liable, half)
            _add(pay, paid, discarder, half)
            if rest:
                _add(pay, paid, discarder, ron_payment(rest, dealer=dealer))
            _add(pay, paid, liable if liability.pays_honba else discarder, honba_ron)
            points = sum(pay) - honba_ron
    else:
        points = win_points(base, winner=winner, tsumo=tsumo, rules=rules)
        if tsumo:
            for s, share in zip(others, _tsumo_shares(base, winner, others, rules), strict=True):
                _add(pay, paid, s, share + honba_tsumo)
        elif discarder is not None:
            _add(pay, paid, discarder, points + honba_ron)
    payments = tuple([Payment(s, pay[s]) for s in seats if paid[s]])
    if not tsumo and discarder is None:
        return Settlement(winner, points, payments, honba, sticks, None)
    gain = sum(pay) + 1000 * sticks
    deltas = tuple([_delta(s, winner, gain, pay) for s in seats])
    return Settlement(winner, points, payments, honba, sticks, deltas)


def win_points(base: int, *, winner: Wind, tsumo: bool, rules: GameRules) -> int:
    """The value of a win of ``base`` basic points with nobody liable: the discarder's payment, or the sum of
    the tsumo shares (each rounded up to 100; with three players as ``rules.sanma_tsumo`` says); the
    ``points`` of :func:`settle_win` then, which honba and sticks never change.

    >>> from riichi.rules import TENHOU, TENHOU_SANMA
    >>> (win_points(2000, winner=Wind.SOUTH, tsumo=True, rules=TENHOU.game),
    ...  win_points(2000, winner=Wind.SOUTH, tsumo=True, rules=TENHOU_SANMA.game))
    (8000, 6000)
    """
    if not tsumo:
        return ron_payment(base, dealer=winner is Wind.EAST)
    payers = [s for s in WINDS[:rules.players] if s is not winner]
    points = 0
    for share in _tsumo_shares(base, winner, payers, rules):
        points += share
    return points


def _tsumo_shares(base: int, winner: Wind, payers: list[Wind], rules: GameRules) -> list[int]:
    """What each payer of a tsumo pays (without honba): the dealer's share or a non-dealer's; with three
    players, plus half the missing North's share where the rules split it (each half rounded up to 100)."""
    dealer = winner is Wind.EAST
    d, n = tsumo_payments(base, dealer=dealer)
    shares = [d if (dealer or s is Wind.EAST) else n for s in payers]
    if len(payers) == 2 and rules.sanma_tsumo is SanmaTsumo.NORTH_BISECTION:  # noqa: PLR2004 - three players
        half = round_up_100(-(-n // 2))  # North never deals: its share is a non-dealer's (d when East wins)
        shares = [share + half for share in shares]
    return shares


def _add(pay: list[int], paid: list[bool], seat: int, amount: int) -> None:
    """``seat`` pays ``amount`` more (and is among the payers, even of 0). A seat is taken as the small integer
    it is (an IntEnum), which compiled code indexes with natively."""
    pay[seat] += amount
    paid[seat] = True


def _delta(seat: Wind, winner: Wind, gain: int, pay: list[int]) -> int:
    return gain if seat is winner else -pay[seat]


def ron_winners(claimants: Collection[Wind], discarder: Wind, rules: GameRules) -> tuple[Wind, ...]:
    """The players paid for ronning one discard, in turn order from the discarder.

    Empty when three rons are an abortive draw (sanchahou). Beyond the number of winners the rules
    allow, the nearest after the discarder win (head bump).

    >>> from riichi.rules import TENHOU, WRC
    >>> ron_winners({Wind.EAST, Wind.WEST}, Wind.SOUTH, WRC.game)
    (Wind.parse('W'),)
    >>> ron_winners({Wind.EAST, Wind.WEST}, Wind.SOUTH, TENHOU.game)
    (Wind.parse('W'), Wind.parse('E'))
    >>> ron_winners({Wind.EAST, Wind.SOUTH, Wind.WEST}, Wind.NORTH, TENHOU.game)
    ()
    """
    if discarder in claimants:
        raise ValueError(f"{discarder} cannot ron its own discard")
    n = rules.players
    order = tuple(Wind((discarder + step) % n) for step in range(1, n))
    winners = tuple(w for w in order if w in claimants)
    if len(winners) == 3 and AbortiveDraw.SANCHAHOU in rules.abortive_draws:
        return ()
    allowed = {MultipleRon.HEAD_BUMP: 1, MultipleRon.DOUBLE: 2, MultipleRon.TRIPLE: 3}[rules.multiple_ron]
    return winners[:allowed]


def settle_rons(rons: Sequence[Ron], *, discarder: Wind, honba: int, sticks: int,
                rules: GameRules) -> tuple[Settlement, ...]:
    """Several rons on one discard, each paid in full by the discarder, in turn order from it.

    ``rons`` are the winners :func:`ron_winners` gives. The first winner (the nearest after the
    discarder) collects the riichi sticks; the honba go to the first only, or to each winner where
    the rules say so (EMA). A hand's total change is the sum of the settlements' deltas.
    """
    ordered = sorted(rons, key=lambda r: (r.winner - discarder) % rules.players)
    out = []
    for i, ron in enumerate(ordered):
        out.append(settle_win(ron.base, winner=ron.winner, discarder=discarder, tsumo=False,
                              honba=honba if i == 0 or rules.honba_each_winner else 0,
                              sticks=sticks if i == 0 else 0, rules=rules, liability=ron.liability))
    return tuple(out)


def settle_nagashi(winner: Wind, *, honba: int, sticks: int, rules: GameRules) -> Settlement:
    """One nagashi mangan, paid as a mangan tsumo, with the honba and sticks given (as a win case's are).

    At a draw the rules decide what those are: :func:`settle_draw` pays honba only where
    ``rules.nagashi_honba`` says so and leaves the riichi sticks on the table.
    """
    return settle_win(_MANGAN_BASE, winner=winner, discarder=None, tsumo=True, honba=honba, sticks=sticks,
                      rules=rules)


def settle_draw(tenpai: Collection[Wind], *, rules: GameRules, nagashi: Collection[Wind] = (),
                honba: int = 0) -> Deltas:
    """Every seat's change at an exhaustive draw.

    Nagashi mangan, where someone made it, replaces the noten payments: each is paid as a mangan
    tsumo, with ``honba`` only where ``rules.nagashi_honba`` says so, and the riichi sticks stay on
    the table (it is not a win). Otherwise the noten
    players pay the tenpai players ``rules.noten_total`` in all, split evenly on each side; nothing
    moves when all or none are tenpai.

    >>> from riichi.rules import TENHOU
    >>> settle_draw({Wind.SOUTH}, rules=TENHOU.game)
    (-1000, 3000, -1000, -1000)
    >>> settle_draw({Wind.EAST, Wind.NORTH}, rules=TENHOU.game)
    (1500, -1500, -1500, 1500)

    Three players on Tenhou move 2,000 (its real three-player games):

    >>> from riichi.rules import TENHOU_SANMA
    >>> settle_draw({Wind.SOUTH}, rules=TENHOU_SANMA.game), settle_draw({Wind.EAST, Wind.SOUTH}, rules=TENHOU_SANMA.game)
    ((-1000, 2000, -1000), (1000, 1000, -2000))
    """
    seats = WINDS[:rules.players]
    if nagashi:
        total = [0] * len(seats)
        for seat in nagashi:
            paid = honba if rules.nagashi_honba else 0
            deltas = settle_nagashi(seat, honba=paid, sticks=0, rules=rules).deltas
            assert deltas is not None
            for s in range(len(seats)):
                total[s] += deltas[s]
        return tuple(total)
    n = len(set(tenpai))
    if n in (0, len(seats)):
        return (0,) * len(seats)
    gain, loss = rules.noten_total // n, rules.noten_total // (len(seats) - n)
    return tuple([gain if seat in tenpai else -loss for seat in seats])


def settle_chombo(offender: Wind, *, rules: GameRules) -> Deltas:
    """Every seat's change when ``offender`` is penalised with a chombo paid at the table
    (``rules.chombo_payment``): a mangan tsumo in reverse, each other player paid what it would pay on the
    offender's mangan tsumo, without honba (riichi.wiki, Chombo; the EMA Riichi Competition Rules before 2016).
    Nothing moves where the rules take the penalty off the final result instead (``rules.chombo_penalty``).

    >>> from riichi.rules import TENHOU, TENHOU_SANMA, WRC
    >>> settle_chombo(Wind.SOUTH, rules=TENHOU.game), settle_chombo(Wind.EAST, rules=TENHOU.game)
    ((4000, -8000, 2000, 2000), (-12000, 4000, 4000, 4000))
    >>> settle_chombo(Wind.SOUTH, rules=WRC.game), settle_chombo(Wind.WEST, rules=TENHOU_SANMA.game)
    ((0, 0, 0, 0), (4000, 2000, -6000))
    """
    if not rules.chombo_payment:
        return (0,) * rules.players
    deltas = settle_win(_MANGAN_BASE, winner=offender, discarder=None, tsumo=True, honba=0, sticks=0,
                        rules=rules).deltas
    assert deltas is not None
    return tuple([-d for d in deltas])


@dataclass(frozen=True, slots=True)
class FinalResult(Frozen):
    """The end of a game, by seat (0 = the first dealer)."""

    #: Final scores, leftover riichi sticks settled as the rules say.
    scores: tuple[int, ...]
    #: Places, 1 to the number of players (tied players share a place when the rules split ties).
    places: tuple[int, ...]
    #: Final points in thousands, uma and oka included, kept to one decimal.
    points: tuple[float, ...]


def place_bonus(rules: GameRules) -> tuple[int, ...]:
    """What each place receives on top of its final score, first to last, in points: the uma, and the oka
    (the difference between the return and the starting points, times the players) to first place.

    >>> from riichi.rules import TENHOU, WRC
    >>> place_bonus(TENHOU.game), place_bonus(WRC.game)
    ((40000, 10000, -10000, -20000), (15000, 5000, -5000, -15000))
    """
    bonus = list(rules.uma)
    if rules.oka:
        bonus[0] += rules.players * (rules.target_points - rules.starting_points)
    return tuple(bonus)


def settle_game_end(scores: Sequence[int], *, sticks: int, rules: GameRules,
                    penalties: Sequence[int] = ()) -> FinalResult:
    """Final scores, places and points: leftover sticks, uma and oka, ties, rounding, penalties.

    ``penalties`` are points taken off each seat's final points after uma and oka (a chombo's
    ``rules.chombo_penalty``): they change neither the final scores nor the places.

    Tenhou: 25,000 start, 30,000 return, uma +20/+10/-10/-20, oka 20 to the top, sticks to the top:

    >>> from riichi.rules import TENHOU
    >>> r = settle_game_end([13300, 34200, 36600, 14900], sticks=1, rules=TENHOU.game)
    >>> r.scores, r.places, r.points
    ((13300, 34200, 37600, 14900), (4, 2, 1, 3), (-36.7, 14.2, 47.6, -25.1))

    Three players (a real Tenhou three-player game of 2020: 35,000 start, 40,000 return, uma +20/0/-20, oka
    15 to the top, final scores rounded to whole thousands as Tenhou's records of that year show them):

    >>> from riichi.rules import TENHOU_SANMA
    >>> rules = TENHOU_SANMA.replace(final_rounding=FinalRounding.THOUSANDS).game
    >>> settle_game_end([35400, 11800, 57800], sticks=0, rules=rules).points
    (-5.0, -48.0, 53.0)
    """
    n = rules.players
    if len(scores) != n:
        raise ValueError(f"a game of {n} players has {n} final scores, not {len(scores)}")
    seats = range(n)
    # Seat order decides among equal scores here; with split ties the tied seats share below.
    order = sorted(seats, key=lambda s: (-scores[s], s))
    final = list(scores)
    if sticks and rules.leftover_sticks is LeftoverSticks.TO_TOP:
        top = [s for s in order if scores[s] == scores[order[0]]]
        if rules.ties is Ties.SEAT_ORDER:
            top = top[:1]
        for i, s in enumerate(top):  # tied tops share; the odd hundreds go to the first in seat order
            final[s] += 1000 * sticks // len(top) + (1000 * sticks % len(top) if i == 0 else 0)
    order = sorted(seats, key=lambda s: (-final[s], s))
    bonus = list(place_bonus(rules))
    places = [0] * n
    award = [0.0] * n
    i = 0
    while i < n:
        j = i + 1
        if rules.ties is Ties.SPLIT:
            while j < n and final[order[j]] == final[order[i]]:
                j += 1
        share = sum(bonus[i:j]) / (j - i)
        for k in range(i, j):
            places[order[k]] = i + 1
            award[order[k]] = share
        i = j
    if rules.final_rounding is FinalRounding.THOUSANDS:
        # Each final score but the top's is rounded to a whole thousand, halves away from zero (real
        # Tenhou records up to 2020: 19,500 counts as 20, -4,500 as -5); the top takes what makes the
        # sum zero.
        points = [0.0] * n
        for s in order[1:]:
            points[s] = _round_thousands(final[s]) - (rules.target_points - award[s]) / 1000
        points[order[0]] = -sum(points[s] for s in order[1:])
    else:
        points = [(final[s] - rules.target_points + award[s]) / 1000 for s in seats]
    if penalties:
        if len(penalties) != n:
            raise ValueError(f"a game of {n} players has {n} penalties, not {len(penalties)}")
        points = [points[s] - penalties[s] / 1000 for s in seats]
    return FinalResult(tuple(final), tuple(places), tuple(round(p, 1) + 0.0 for p in points))


def _round_thousands(points: int) -> int:
    """``points`` in whole thousands, halves away from zero (19,500 is 20; -4,500 is -5)."""
    whole, rest = divmod(abs(points), 1000)
    whole += 1 if rest >= 500 else 0
    return whole if points >= 0 else -whole
