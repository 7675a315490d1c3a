"""EMA's Mahjong European Ranking System (MERS) as updated from 1 January 2018.

Sources, by title: *Basics for ranking system* (European Mahjong Association, last updated at the General
Assembly of 25 May 2017, the rules in force from 1 January 2018), and its earlier *Ranking* page (the base
rank and its examples).

* **Base rank.** A player placed ``place`` of ``players`` gets 1000 × (players − place) / (players − 1),
  the fraction dropped: 1000 to the winner, 0 to the last, 252 to the 75th of 100 (EMA's examples).
* **Weight** of a tournament (its MERS value): 1, 2 or 3 for one, two or three days; +0.5 above 40 players
  and +1 above 80 (substitutes, at most 3, count as players); +0.5 for 6 to 9 countries and +1 for 10 or
  more; +1 when players had to qualify.
* **Age.** A result counts fully for a year after the tournament, half in the second year, and no more after
  two years.
* **Missing results.** A player needs two results that count to be ranked; with fewer than five, each missing
  one counts as a base rank of 0 of weight 1.
* **Average.** Part A is the weighted average of the best 5 results plus 80% (rounded up) of the results
  beyond five; part B is that of the best 4. The ranking is half of each.

>>> base_rank(75, 100), base_rank(1, 100), base_rank(100, 100)
(252, 1000, 0)
"""

from __future__ import annotations

import datetime
import math
from collections.abc import Sequence
from dataclasses import dataclass

from riichi.errors import TournamentError
from riichi.frozen import Frozen

__all__ = [
    "FULL_RESULTS",
    "MIN_RESULTS",
    "PART_B_RESULTS",
    "MersRanking",
    "MersResult",
    "age_factor",
    "base_rank",
    "mers_ranking",
    "tournament_weight",
]

#: Results a player needs (that still count) to be ranked.
MIN_RESULTS = 2
#: Results averaged at the least: missing ones count as 0 of weight 1.
FULL_RESULTS = 5
#: Results of part B.
PART_B_RESULTS = 4


def base_rank(place: int, players: int) -> int:
    """1000 × (players − place) / (players − 1), the fraction dropped (EMA: 75th of 100 is 252)."""
    if players < 2:
        raise TournamentError(f"players: a ranked tournament has at least 2 players, not {players}")
    if not 1 <= place <= players:
        raise TournamentError(f"place: 1 to {players}, not {place}")
    return 1000 * (players - place) // (players - 1)


def tournament_weight(*, days: int, players: int, countries: int, qualification: bool = False) -> float:
    """A tournament's MERS weight by the 2018 table: days (1 to 3), players, countries, qualification.

    >>> tournament_weight(days=2, players=48, countries=7), tournament_weight(days=3, players=120, countries=14,
    ...                                                                       qualification=True)
    (3.0, 6.0)
    """
    if days not in (1, 2, 3):
        raise TournamentError(f"days: 1, 2 or 3, not {days}")
    if players < 2 or countries < 1:
        raise TournamentError(f"players and countries: at least 2 and 1, not {players} and {countries}")
    weight = float(days)
    weight += 1.0 if players > 80 else 0.5 if players > 40 else 0.0
    weight += 1.0 if countries >= 10 else 0.5 if countries >= 6 else 0.0
    return weight + (1.0 if qualification else 0.0)


def age_factor(played: datetime.date, on: datetime.date) -> float:
    """1 for a tournament at most a year before ``on``, 0.5 in the year before that, 0 after (and 0 for a
    tournament after ``on``).

    >>> d = datetime.date
    >>> age_factor(d(2024, 6, 1), d(2025, 6, 1)), age_factor(d(2024, 5, 31), d(2025, 6, 1)), \\
    ...     age_factor(d(2023, 5, 31), d(2025, 6, 1))
    (1.0, 0.5, 0.0)
    """
    if played > on:
        return 0.0
    if played >= _years_before(on, 1):
        return 1.0
    if played >= _years_before(on, 2):
        return 0.5
    return 0.0


def _years_before(day: datetime.date, years: int) -> datetime.date:
    try:
        return day.replace(year=day.year - years)
    except ValueError:  # 29 February
        return day.replace(year=day.year - years, day=28)


@dataclass(frozen=True, slots=True)
class MersResult(Frozen):
    """One player's result in one tournament: the place among the players, the tournament's weight and date."""

    tournament: str
    place: int
    players: int
    weight: float
    played: datetime.date

    @property
    def base_rank(self) -> int:
        return base_rank(self.place, self.players)


@dataclass(frozen=True, slots=True)
class MersRanking(Frozen):
    """A player's ranking on a day: part A, part B, their mean, and the results counted (best first, as
    (base rank, weight) with the age applied; padding results are (0, 1.0))."""

    ranking: float
    part_a: float
    part_b: float
    counted: tuple[tuple[int, float], ...]


def mers_ranking(results: Sequence[MersResult], on: datetime.date) -> MersRanking | None:
    """The player's MERS ranking on ``on`` from their results, or None when fewer than two still count.

    A worked example (the rules above, by hand): results of base rank 1000, 800, 600 (weight 1, this year) and
    400 (weight 2, last year: 2 × 0.5 = 1). Padded with one 0 of weight 1 to five results; part A averages all
    five, (1000 + 800 + 600 + 400 + 0) / 5 = 560; part B the best four, (1000 + 800 + 600 + 400) / 4 = 700;
    the ranking is (560 + 700) / 2 = 630.

    >>> d = datetime.date
    >>> rs = [MersResult("a", 1, 11, 1.0, d(2025, 3, 1)), MersResult("b", 3, 11, 1.0, d(2025, 4, 1)),
    ...       MersResult("c", 5, 11, 1.0, d(2025, 5, 1)), MersResult("d", 7, 11, 2.0, d(2024, 5, 1))]
    >>> r = mers_ranking(rs, d(2025, 6, 1))
    >>> r.part_a, r.part_b, r.ranking
    (560.0, 700.0, 630.0)
    """
    counted: list[tuple[int, float]] = []
    for result in results:
        if result.weight <= 0 or not math.isfinite(result.weight):
            raise TournamentError(f"tournament {result.tournament!r}: weight: a positive number, not {result.weight}")
        factor = age_factor(result.played, on)
        if factor > 0:
            counted.append((result.base_rank, result.weight * factor))
    if len(counted) < MIN_RESULTS:
        return None
    # best first; of equal base ranks the heavier first
    counted.sort(key=lambda r: (-r[0], -r[1]))
    counted += [(0, 1.0)] * (FULL_RESULTS - len(counted))
    # 5 + 80% of the results beyond five, rounded up (in whole numbers: 4/5 of them, rounded up)
    part_a_count = FULL_RESULTS + -(-4 * (len(counted) - FULL_RESULTS) // 5)
    part_a = _weighted_mean(counted[:part_a_count])
    part_b = _weighted_mean(counted[:PART_B_RESULTS])
    return MersRanking((part_a + part_b) / 2, part_a, part_b, tuple(counted[:part_a_count]))


def _weighted_mean(results: Sequence[tuple[int, float]]) -> float:
    # A loop with float totals: compiled by mypyc, sum() over a generator of floats started from the int 0
    # and refused the first float ("int object expected; got float").
    total = 0.0
    weights = 0.0
    for rank, weight in results:
        total += rank * weight
        weights += weight
    return total / weights
