"""Placement value: what each discard is worth in final points, from the scores at the table and the rule set's
uma and oka (docs/analysis.md, "Placement value").

The expected-value search (:mod:`riichi.analysis.ev`) gives, for each discard and turn, the chance of winning,
the expected points of the win and the chance of tenpai. This module turns them into the hand's outcomes and
each outcome into the final points it leads to:

* **the player wins** (the model's win chance) the model's expected points, as a tsumo or a ron from one of the
  other seats (each as likely), in the shares of the repository's Tenhou games (the peer model wins by tsumo
  only), paid as :func:`~riichi.scoring.settlement.settle_win` pays a hand of that value, honba and sticks in;
* **another seat wins** (the table model's chance that another seat wins before each of the player's draws,
  on the hands the player does not win): each other seat as likely, by tsumo or by a ron from any seat but
  its own (the player too), a hand of the games' mean value;
* **an exhaustive draw** (the rest): the player tenpai as the model says (its tenpai chance beyond the win),
  each other seat as often as at the games' exhaustive draws, paid by
  :func:`~riichi.scoring.settlement.settle_draw`; the sticks stay.

Each outcome's scores go through the game's course (:func:`riichi.game.progress.end_reason`): where the game
ends after the hand (All Last, agari-yame, a bust, the extension's end), the final points are exact
(:func:`~riichi.scoring.settlement.settle_game_end`); where it goes on, the place is a chance: each seat's
final score is its score now plus a normal spread whose width was fitted, by hands still to play, on the
repository's games (:data:`riichi.game._placement_table.SPREAD`, built by scripts/build_placement_table.py),
and the final points are the score's plus each place's uma and oka (:func:`~riichi.scoring.settlement.
place_bonus`) weighted by its chance. :func:`with_placement` orders the discards best first by it.

South 4 (All Last), the player South 1,000 behind the dealer: a 2,000-point ron from the dealer ends the game
with the player first (nobody repeats the deal, and 32,000 reaches Tenhou's 30,000), exactly
(32,000 - 30,000 + 40,000 of uma and oka) / 1000; where nobody reached 30,000 the game would go on into the
West round, and the place would be a chance:

>>> from riichi.rules import TENHOU
>>> standings = Standings([31000, 30000, 20000, 19000], seat_wind=Wind.SOUTH, round_wind=Wind.SOUTH,
...                            round_number=4, rules=TENHOU)
>>> standings.hands_after, standings.final_points([29000, 32000, 20000, 19000], winners=(1,))
(0, 42.0)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import replace
from functools import cache
from typing import Final

from riichi.analysis.ev import OTHERS_WIN, DiscardEv, EvModel, EvResult
from riichi.errors import InconsistentSituationError, InvalidCaseError
from riichi.game import _placement_table as data
from riichi.game.events import DrawKind
from riichi.game.progress import (
    HandFrame,
    HandOutcome,
    dealer_repeats,
    end_reason,
    last_round_wind,
)
from riichi.rules import GameRules, RuleSet
from riichi.scoring.settlement import (
    place_bonus,
    settle_draw,
    settle_game_end,
    settle_win,
)
from riichi.tiles import WINDS, Wind

__all__ = ["Standings", "check_scores", "place_chances", "with_placement"]

#: The normal spread is integrated on this many points of z from -6 to 6 (the midpoint rule on a smooth integrand
#: under the normal density: 32 points agree with 96 to 1e-9).
_GRID: Final = 32
_SQRT2: Final = math.sqrt(2.0)
#: Each honba adds this much from each paying seat to a win of the expected-value search (as it scores them).
_HONBA: Final = 100


@cache
def _grid() -> tuple[tuple[float, ...], tuple[float, ...]]:
    """Midpoints of z in [-6, 6] and their weights under the standard normal density (summing to 1)."""
    step = 12.0 / _GRID
    zs = tuple(-6.0 + step * (k + 0.5) for k in range(_GRID))
    dens = [math.exp(-z * z / 2.0) for z in zs]
    total = sum(dens)
    return zs, tuple(d / total for d in dens)


def place_chances(scores: Sequence[float], seat: int, spread: float) -> tuple[float, ...]:
    """The chance that ``seat`` finishes first, second, ... when each seat's final score is its score now
    plus an independent normal change of standard deviation ``spread`` (> 0).

    Two seats level: each is first half the time; 10,000 ahead with a spread of 10,000, first with
    P(Z1 - Z2 < 1) for Z1 - Z2 of standard deviation sqrt(2), Phi(1 / sqrt(2)) = 0.7602:

    >>> [round(p, 12) for p in place_chances([25000, 25000], 0, 5000.0)]
    [0.5, 0.5]
    >>> round(place_chances([35000, 25000], 0, 10000.0)[0], 4)
    0.7602
    """
    if not spread > 0.0:
        raise ValueError(f"the spread of the final scores is above 0, not {spread}")
    n = len(scores)
    gaps = [(scores[j] - scores[seat]) / spread for j in range(n) if j != seat]
    zs, weights = _grid()
    chances = [0.0] * n
    for z, w in zip(zs, weights, strict=True):
        ahead = [1.0] + [0.0] * (n - 1)  # ahead[k]: the chance that exactly k other seats finish above
        for gap in gaps:
            p = 0.5 * math.erfc((z - gap) / _SQRT2)  # this seat's final above ours: Phi(gap - z)
            for k in range(n - 1, 0, -1):
                ahead[k] = ahead[k] * (1.0 - p) + ahead[k - 1] * p
            ahead[0] *= 1.0 - p
        for k in range(n):
            chances[k] += w * ahead[k]
    return tuple(chances)


def check_scores(scores: Sequence[int], *, rules: RuleSet, riichi_sticks: int = 0) -> tuple[int, ...]:
    """``scores`` (one a seat, East first) as a tuple, checked: as many as the rules' players, and with the
    riichi sticks on the table, the points the game started with.

    >>> from riichi.rules import TENHOU
    >>> check_scores([25000, 25000, 25000], rules=TENHOU)
    Traceback (most recent call last):
    ...
    riichi.errors.InvalidCaseError: scores lists each seat's points, East first: 4 under tenhou, not 3
    >>> check_scores([26000, 25000, 25000, 25000], rules=TENHOU, riichi_sticks=1)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    riichi.errors.InconsistentSituationError: the scores sum to 101,000 and the 1 riichi stick ... = 100,000
    """
    game = rules.game
    n = game.players
    if len(scores) != n:
        raise InvalidCaseError(f"scores lists each seat's points, East first: {n} under {rules.name}, not "
                               f"{len(scores)}")
    if riichi_sticks < 0:
        raise InvalidCaseError(f"riichi_sticks is 0 or more, not {riichi_sticks}")
    total = n * game.starting_points
    if sum(scores) + 1000 * riichi_sticks != total:
        sticks = f"{riichi_sticks} riichi stick{'' if riichi_sticks == 1 else 's'}"
        holds = "holds" if riichi_sticks == 1 else "hold"
        raise InconsistentSituationError(
            f"the scores sum to {sum(scores):,} and the {sticks} on the table {holds} {1000 * riichi_sticks:,}: "
            f"under {rules.name} the game's points are {n} x {game.starting_points:,} = {total:,}")
    return tuple(scores)


def _hands_after(rules: RuleSet, round_wind: Wind, round_number: int) -> int:
    """The hands of the regular game after this one (dealer repeats aside; 0 in All Last and in an extension)."""
    n = rules.players
    return max(0, (int(last_round_wind(rules)) - int(round_wind)) * n + n - round_number)


class Standings:
    """The scores at the table and where the hand stands in the game, with what each outcome of the hand is
    worth in final points to the player at ``seat_wind``.

    ``scores`` are by seat wind, East (the dealer) first; ``round_wind`` and ``round_number`` name the hand
    (South 4 is ``Wind.SOUTH, 4``); ``honba`` and ``riichi_sticks`` are those on the table."""

    __slots__ = ("_cache", "_dealer", "_frame", "_player", "_points", "_rules", "hands_after", "honba",
                 "players", "riichi_sticks", "scores", "seat")

    def __init__(self, scores: Sequence[int], *, seat_wind: Wind, round_wind: Wind,
                 round_number: int = 1, honba: int = 0, riichi_sticks: int = 0, rules: RuleSet) -> None:
        n = rules.players
        self.scores = check_scores(scores, rules=rules, riichi_sticks=riichi_sticks)
        if not 1 <= round_number <= n:
            raise InvalidCaseError(f"round_number is the hand of the round, 1 to {n} under {rules.name}, not "
                                   f"{round_number}")
        if int(seat_wind) >= n:
            raise InvalidCaseError(f"a game of {n} players has no {seat_wind.name.lower()} seat")
        if honba < 0:
            raise InvalidCaseError(f"honba is 0 or more, not {honba}")
        self.players = n
        self.seat = int(seat_wind)
        self.honba = honba
        self.riichi_sticks = riichi_sticks
        self._rules = rules
        self._dealer = round_number - 1  # the game's seat of this hand's dealer (the seats take East in turn)
        self._player = self._game_seat(self.seat)
        self._frame = HandFrame(round_wind, round_number, self._dealer, honba, riichi_sticks,
                                self._by_game_seat(self.scores), 0)
        self.hands_after = _hands_after(rules, round_wind, round_number)
        self._points = place_bonus(rules.game)
        self._cache: dict[tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], int], float] = {}

    def _game_seat(self, wind: int) -> int:
        return (self._dealer + wind) % self.players

    def _by_game_seat(self, by_wind: Sequence[int]) -> tuple[int, ...]:
        out = [0] * self.players
        for wind, value in enumerate(by_wind):
            out[self._game_seat(wind)] = value
        return tuple(out)

    def final_points(self, scores_end: Sequence[int], *, winners: Sequence[int] = (),
                     tenpai: Sequence[int] = (), sticks_end: int | None = None) -> float:
        """The player's expected final points (thousands, uma and oka in) after the hand leaves ``scores_end``
        (by seat wind, East first), won by the seats (winds) ``winners`` or, without winners, drawn with the
        seats ``tenpai`` tenpai; ``sticks_end``: the riichi sticks left on the table (by default none after a
        win, those on the table after a draw)."""
        left = (0 if winners else self.riichi_sticks) if sticks_end is None else sticks_end
        key = (tuple(scores_end), tuple(winners), tuple(tenpai), left)
        found = self._cache.get(key)
        if found is not None:
            return found
        rules = self._rules
        end = self._by_game_seat(scores_end)
        outcome = HandOutcome(winners=tuple(self._game_seat(w) for w in winners),
                              draw=None if winners else DrawKind.EXHAUSTIVE,
                              tenpai=tuple(self._game_seat(w) for w in tenpai), scores_end=end, sticks_end=left)
        if end_reason(rules, self._frame, outcome) is not None:
            value = settle_game_end(end, sticks=left, rules=rules.game).points[self._player]
        else:
            hands = self.hands_after + (1 if dealer_repeats(rules, self._frame, outcome) else 0)
            spread = _spread(self.players, max(1, hands))
            chances = place_chances([float(s) for s in end], self._player, spread)
            award = sum(p * b for p, b in zip(chances, self._points, strict=True))
            value = (end[self._player] - rules.game.target_points + award) / 1000.0
        self._cache[key] = value
        return value

    def _after(self, deltas: Sequence[int] | None) -> list[int]:
        assert deltas is not None
        return [s + d for s, d in zip(self.scores, deltas, strict=True)]

    def win_value(self, hand_points: float, *, tsumo_share: float) -> float:
        """The player's expected final points when it wins ``hand_points`` (honba and sticks aside): by tsumo
        with chance ``tsumo_share``, else by a ron from each other seat alike; each way paid as the settlement
        pays the hand whose value (a tsumo's total, or a ron's) is nearest ``hand_points``."""
        game = self._rules.game
        winner = WINDS[self.seat]
        others = [w for w in range(self.players) if w != self.seat]
        value = 0.0
        if tsumo_share > 0.0:
            base = _base_for(round(hand_points), winner, True, game)
            deltas = settle_win(base, winner=winner, discarder=None, honba=self.honba, sticks=self.riichi_sticks,
                                rules=game).deltas
            value += tsumo_share * self.final_points(self._after(deltas), winners=(self.seat,))
        if tsumo_share < 1.0:
            base = _base_for(round(hand_points), winner, False, game)
            for d in others:
                deltas = settle_win(base, winner=winner, discarder=WINDS[d], honba=self.honba,
                                    sticks=self.riichi_sticks, rules=game).deltas
                value += (1.0 - tsumo_share) / len(others) * self.final_points(self._after(deltas),
                                                                              winners=(self.seat,))
        return value

    def others_win_value(self) -> float:
        """The player's expected final points when another seat wins (each alike, a hand of the games' mean
        value, by tsumo in the games' share, else by a ron from each seat but its own alike)."""
        game = self._rules.game
        base = data.WIN_BASE[self.players]
        share = data.TSUMO_SHARE[self.players]
        winners = [w for w in range(self.players) if w != self.seat]
        value = 0.0
        for w in winners:
            deltas = settle_win(base, winner=WINDS[w], discarder=None, honba=self.honba, sticks=self.riichi_sticks,
                                rules=game).deltas
            part = share * self.final_points(self._after(deltas), winners=(w,))
            payers = [d for d in range(self.players) if d != w]
            for d in payers:
                deltas = settle_win(base, winner=WINDS[w], discarder=WINDS[d], honba=self.honba,
                                    sticks=self.riichi_sticks, rules=game).deltas
                part += (1.0 - share) / len(payers) * self.final_points(self._after(deltas), winners=(w,))
            value += part / len(winners)
        return value

    def draw_value(self, *, tenpai: bool) -> float:
        """The player's expected final points at an exhaustive draw, ``tenpai`` or not; each other seat tenpai
        as often as at the games' draws."""
        others = [w for w in range(self.players) if w != self.seat]
        share = data.DRAW_TENPAI[self.players]
        value = 0.0
        for mask in range(1 << len(others)):
            chance = 1.0
            ready = [self.seat] if tenpai else []
            for i, w in enumerate(others):
                if mask >> i & 1:
                    chance *= share
                    ready.append(w)
                else:
                    chance *= 1.0 - share
            deltas = settle_draw({WINDS[w] for w in ready}, rules=self._rules.game)
            value += chance * self.final_points(self._after(deltas), tenpai=tuple(sorted(ready)))
        return value


@cache
def _base_for(points: int, winner: Wind, tsumo: bool, game: GameRules) -> int:  # noqa: FBT001 - cached by position
    """The base points whose win by ``winner`` (a tsumo, or a ron) the settlement values nearest ``points``
    (honba and sticks aside; the lower base on a tie): the payments are rounded up to 100, so a value is the
    nearest a real hand can come to it.

    >>> from riichi.rules import TENHOU
    >>> _base_for(1500, Wind.SOUTH, True, TENHOU.game), _base_for(1300, Wind.SOUTH, False, TENHOU.game)
    (301, 301)
    """
    if points <= 0:
        return 0
    payer = None if tsumo else WINDS[(int(winner) + 1) % game.players]

    def value(base: int) -> int:
        return settle_win(base, winner=winner, discarder=payer, honba=0, sticks=0, tsumo=tsumo, rules=game).points

    low, high = 0, points  # value(points) >= points: a base is at most a quarter of a hand's value
    while low < high:  # the smallest base worth at least ``points``
        mid = (low + high) // 2
        if value(mid) >= points:
            high = mid
        else:
            low = mid + 1
    if low > 0 and points - value(low - 1) <= value(low) - points:
        return low - 1
    return low


@cache
def _spread(players: int, hands: int) -> float:
    table = data.SPREAD[players]
    return table[min(hands, len(table) - 1)]


def _others_win_by_end(turn: int, last: int) -> float:
    """The chance that another seat wins before the player's draws of turns ``turn + 1`` to ``last`` end the
    hand (:data:`riichi.analysis.ev.OTHERS_WIN`, turn by turn)."""
    stays = 1.0
    for t in range(turn + 1, last + 1):
        stays *= 1.0 - OTHERS_WIN[min(t, len(OTHERS_WIN) - 1)]
    return 1.0 - stays


def _discard_placement(d: DiscardEv, standings: Standings, *, ended: list[float], bonus: float,
                       tsumo_share: float, others: float, tenpai_draw: float, noten_draw: float) -> DiscardEv:
    out: list[float] = []
    for i, (t, w, e) in enumerate(zip(d.tenpai, d.win, d.value, strict=True)):
        w = min(max(w, 0.0), 1.0)
        ends = (1.0 - w) * ended[i]
        drawn = max(0.0, 1.0 - w - ends)
        ready = min(1.0, max(0.0, (t - w) / (1.0 - w))) if w < 1.0 else 0.0
        value = ends * others + drawn * (ready * tenpai_draw + (1.0 - ready) * noten_draw)
        if w > 0.0:
            value += w * standings.win_value(max(0.0, e / w - bonus), tsumo_share=tsumo_share)
        out.append(value)
    return replace(d, placement=tuple(out))


def with_placement(result: EvResult, standings: Standings) -> EvResult:
    """``result`` with each discard's ``placement``: turn by turn, the player's expected final points
    (thousands, uma and oka in) over the hand's outcomes (module docstring), and the discards ordered best
    first by it: by the placement value at the first turn, then (on a tie) by the expected score, then as
    the search ordered them.

    The table model's expected points hold the honba and sticks a win collects; they are taken off before the
    win is paid (the settlement adds them back). The peer model's wins are tsumo only."""
    peer = result.model is EvModel.PEER
    n = standings.players
    bonus = 0.0 if peer else float(standings.honba * _HONBA * (n - 1) + 1000 * standings.riichi_sticks)
    tsumo_share = 1.0 if peer else data.TSUMO_SHARE[n]
    others = standings.others_win_value()
    tenpai_draw = standings.draw_value(tenpai=True)
    noten_draw = standings.draw_value(tenpai=False)
    ended = [_others_win_by_end(t, result.last_turn) for t in range(result.first_turn, result.last_turn + 1)]
    rows = tuple(_discard_placement(d, standings, ended=ended, bonus=bonus, tsumo_share=tsumo_share, others=others,
                                    tenpai_draw=tenpai_draw, noten_draw=noten_draw) for d in result.discards)
    # what the player cares about with the scores known is the final standing: best first by it (a stable sort,
    # so discards level in both keep the search's order)
    ordered = sorted(rows, key=lambda d: (-d.placement[0], -d.value[0]))
    return replace(result, discards=tuple(ordered))
