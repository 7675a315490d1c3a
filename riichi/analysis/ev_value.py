"""What a win is worth to the expected-value search: the library's own score, with ura dora as an expectation.

A win of the search is a tsumo (the peer model of docs/analysis.md, "Expected values"): the hand is scored by
:func:`riichi.scoring.scorer.score` with menzen tsumo where closed, riichi where declared and every other yaku
the hand has. Where the hand is in riichi and has dora indicators, the ura dora are not known: as many ura
indicators as dora indicators are drawn, without replacement, from the tiles unseen at the moment of the win
(four copies of each kind in play less those in the completed hand, melds included, and those visible), and
each adds the copies of the kind it indicates held in the hand. The value is then
``sum(P(extra = u) * points(han + min(u, 12)))`` over the extra han ``u``; a yakuman, counted or not, gets no
ura.

>>> from riichi.hand import Hand
>>> from riichi.tiles import Tile, Wind
>>> v = WinValues(Hand.parse("234678m345p99p67s"), seat_wind=Wind.SOUTH, round_wind=Wind.EAST, dora=(),
...               unseen=[4] * 34)
>>> v.tsumo(Hand.parse("234678m345p99p567s"), Tile.parse("5s"), riichi=False)  # tsumo pinfu, 2 han 20 fu
1500.0
"""

from __future__ import annotations

from typing import Final

from riichi.errors import NoYakuError
from riichi.hand import Hand
from riichi.rules import TENHOU, Kazoe, RuleSet
from riichi.scoring.context import WinContext
from riichi.scoring.limits import base_points, hand_value, limit_base
from riichi.scoring.result import Score
from riichi.scoring.scorer import score
from riichi.tiles import KIND_OF, Tile, Wind

__all__ = ["WinValues", "han_points", "ura_distribution"]

#: The most extra han ura dora add in the expectation.
_URA_CAP: Final = 12
#: Han from which a hand is a counted yakuman (unless the rules cap it at sanbaiman).
_KAZOE_HAN: Final = 13
_LIMIT_HAN: Final = 5


def han_points(han: int, fu: int, rules: RuleSet, *, dealer: bool, tsumo: bool) -> int:
    """What a hand of ``han`` and ``fu`` (no yakuman) is worth under ``rules``, without honba and sticks: the
    scorer's prices (kiriage, counted yakuman or sanbaiman, the yakuman cap).

    >>> han_points(3, 30, TENHOU, dealer=False, tsumo=True), han_points(13, 30, TENHOU, dealer=True, tsumo=False)
    (4000, 48000)
    """
    scoring = rules.scoring
    if han >= _KAZOE_HAN and scoring.kazoe is not Kazoe.SANBAIMAN:
        total = han // _KAZOE_HAN if scoring.kazoe is Kazoe.MULTIPLE else 1
        if scoring.max_yakuman is not None:
            total = min(total, scoring.max_yakuman)
        base = 8000 * total
    elif han >= _LIMIT_HAN:
        base = limit_base(min(han, 12))[0]
    else:
        base = base_points(han, fu, kiriage=scoring.kiriage)[0]
    return hand_value(base, dealer=dealer, tsumo=tsumo)


def ura_distribution(held: list[int], unseen: list[int], draws: int, dora_kinds: tuple[int, ...]) -> list[float]:
    """``P(extra = u)`` for u = 0, 1, ...: ``draws`` indicators drawn without replacement from ``unseen`` (per
    kind), each adding the copies ``held`` of the kind it indicates (``dora_kinds[indicator]``).

    One indicator among four 1m and four 2m unseen, holding three 2m: extra 3 with probability 1/2.

    >>> unseen = [0] * 34
    >>> unseen[0] = unseen[1] = 4
    >>> held = [0] * 34
    >>> held[1] = 3
    >>> ura_distribution(held, unseen, 1, tuple(range(1, 35)))
    [0.5, 0.0, 0.0, 0.5, 0.0]
    >>> ura_distribution(held, unseen, 2, tuple(range(1, 35)))  # 2 of 8: no 1m 6/28, one 16/28, both 6/28
    [0.21428571428571427, 0.0, 0.0, 0.5714285714285714, 0.0, 0.0, 0.21428571428571427]
    """
    if draws == 1:  # the common case, directly: each kind's unseen copies, by the han it would add
        chances = [0.0] * 5
        total = 0
        for kind in range(len(unseen)):
            n = unseen[kind]
            if n > 0:
                total += n
                chances[held[dora_kinds[kind]]] += n
        return [c / total for c in chances] if total else [1.0]
    # ways[j][u]: the ways to choose j indicators among the kinds seen so far that add u han.
    ways: list[list[int]] = [[1]] + [[] for _ in range(draws)]
    total = 0
    for kind in range(len(unseen)):
        n = unseen[kind]
        if n <= 0:
            continue
        total += n
        gain = held[dora_kinds[kind]]
        new: list[list[int]] = [list(row) for row in ways]
        for j in range(draws + 1):
            row = ways[j]
            choose = 1
            for c in range(1, min(n, draws - j) + 1):
                choose = choose * (n - c + 1) // c
                target = new[j + c]
                for u in range(len(row)):
                    if row[u]:
                        at = u + c * gain
                        while len(target) <= at:
                            target.append(0)
                        target[at] += row[u] * choose
        ways = new
    all_ways = _choose(total, draws)
    if all_ways == 0:
        return [1.0]
    return [n / all_ways for n in ways[draws]]


def _choose(n: int, k: int) -> int:
    if k < 0 or k > n:
        return 0
    out = 1
    for i in range(1, k + 1):
        out = out * (n - i + 1) // i
    return out


class WinValues:
    """Scores the wins of one player's hands in one situation (the search keeps each one's value)."""

    __slots__ = ("_dealer", "_dora", "_kita", "_round_wind", "_rules", "_scores", "_seat_wind", "_unseen")

    def __init__(self, hand: Hand, *, seat_wind: Wind, round_wind: Wind, dora: tuple[Tile, ...],
                 unseen: list[int], rules: RuleSet = TENHOU, kita: int = 0) -> None:
        """``unseen``: each kind's copies not in ``hand`` (melds included) nor visible; a completed hand's
        unseen tiles are these less the tiles it gained since (the ura indicators come from them)."""
        base = [0] * 34
        for t in hand.tiles:
            base[KIND_OF[t]] += 1
        # copies neither in the hand nor visible, with the hand's own given back: the pool a completed hand
        # takes its tiles from
        self._unseen = [u + b for u, b in zip(unseen, base, strict=True)]
        self._seat_wind = seat_wind
        self._round_wind = round_wind
        self._dora = dora
        self._rules = rules
        self._kita = kita
        self._dealer = seat_wind is Wind.EAST
        self._scores: dict[tuple[Hand, Tile, bool, bool], object] = {}

    def tsumo(self, hand: Hand, win: Tile, *, riichi: bool) -> float | None:
        """The expected points of winning ``hand`` (14 tiles, ``win`` among them) by tsumo; None without yaku."""
        return self.win(hand, win, riichi=riichi)

    def win(self, hand: Hand, win: Tile, *, riichi: bool, ippatsu: bool = False, double: bool = False,  # noqa: PLR0913
            tsumo: bool = True) -> float | None:
        """The expected points of winning ``hand`` on ``win`` by tsumo or (``tsumo`` false) by ron, in riichi
        (``double``: a double riichi) with or without ippatsu; None without yaku. The points are the hand's
        value, honba and sticks aside.

        The scorer scores the hand once for each way of winning (riichi or not, tsumo or ron); ippatsu and a
        double riichi are one han more each on that score (priced as the scorer prices han and fu)."""
        key = (hand, win, riichi, tsumo)
        found = self._scores.get(key, _UNSCORED)
        if found is _UNSCORED:
            ctx = WinContext(win, tsumo=tsumo, seat_wind=self._seat_wind, round_wind=self._round_wind,
                             riichi=riichi, dora=self._dora, kita=self._kita)
            try:
                found = score(hand, ctx, self._rules)
            except NoYakuError:
                found = None
            self._scores[key] = found
        if not isinstance(found, Score):
            return None
        result = found
        bonus = (1 if ippatsu else 0) + (1 if double else 0)
        if result.yakuman_total:
            return float(result.points)
        if not riichi or not self._dora or not self._rules.scoring.ura_dora:
            if not bonus:
                return float(result.points)
            return float(han_points(result.han + bonus, result.fu, self._rules, dealer=self._dealer, tsumo=tsumo))
        held = [0] * 34
        for t in hand.tiles:
            held[KIND_OF[t]] += 1
        unseen = [u - h for u, h in zip(self._unseen, held, strict=True)]
        chances = ura_distribution(held, unseen, len(self._dora), self._rules.tiles.dora_kinds)
        value = 0.0
        for extra, p in enumerate(chances):
            if p:
                value += p * han_points(result.han + bonus + min(extra, _URA_CAP), result.fu, self._rules,
                                        dealer=self._dealer, tsumo=tsumo)
        return value


#: A memo's mark for a win not scored yet.
_UNSCORED: Final = object()
