"""Tenhou's rating R, game by game.

Source, by title: Tenhou's manual (*天鳳 マニュアル*, the section on the rating), as quoted in
*レーティング値について* (Niigata kenkou mahjong, 12 September 2021) and in the Japanese Mahjong Wiki's
*Tenhou.net ranking*:

    change = correction × (placement points + (table average R − own R) / 40)

* the table average is of all the players at the table, the player included;
* placement points: +30, +10, −10, −30 for four players; +30, 0, −30 for three;
* correction: 1 − 0.002 × games played before this one, below 400 games; 0.2 from 400 games;
* everyone starts at R1500.

>>> rating_change(2000.0, (2000.0, 2100.0, 1900.0, 2000.0), place=4, games=400)
-6.0
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from riichi.errors import TournamentError
from riichi.frozen import Frozen

__all__ = [
    "INITIAL_RATING",
    "PLACEMENT_POINTS",
    "TenhouRating",
    "correction",
    "rate_game",
    "rating_change",
]

#: Every player's R before their first game.
INITIAL_RATING = 1500.0

#: Placement points by the number of players at the table, first place first.
PLACEMENT_POINTS: dict[int, tuple[int, ...]] = {4: (30, 10, -10, -30), 3: (30, 0, -30)}

#: From this many games on, the correction stays at its floor.
SETTLED_GAMES = 400


def correction(games: int) -> float:
    """1 − 0.002 × games below 400 games played, 0.2 from then on.

    >>> correction(0), correction(100), correction(399), correction(400)
    (1.0, 0.8, 0.202, 0.2)
    """
    if games < 0:
        raise TournamentError(f"games: a count of games played, not {games}")
    return round(1 - games * 0.002, 3) if games < SETTLED_GAMES else 0.2


def rating_change(own: float, table: Sequence[float], *, place: int, games: int) -> float:
    """The change of R of a player rated ``own`` who placed ``place`` (1 = first) at a table rated ``table``
    (every player's R, the player's own included), having played ``games`` games before.

    The Niigata page's first example is the one in the module's docstring (R2000 fourth at a table averaging
    R2000, after 400 games: 0.2 × (−30 + 0) = −6). Its second and third examples state the formula and the
    averages (R1600 and R1875) but print −16 and −12.25, which that formula does not give; worked by hand,
    0.2 × (−30 + (1600 − 2000) / 40) = 0.2 × −40 = −8 and 0.2 × (−30 + (1875 − 2000) / 40) = 0.2 × −33.125 =
    −6.625:

    >>> rating_change(2000.0, (2000.0, 1500.0, 1500.0, 1400.0), place=4, games=400)
    -8.0
    >>> rating_change(2000.0, (2000.0, 1500.0, 1900.0, 2100.0), place=4, games=400)
    -6.625
    """
    points = PLACEMENT_POINTS.get(len(table))
    if points is None:
        raise TournamentError(f"table: the R of 3 or 4 players, not {len(table)}")
    if not 1 <= place <= len(table):
        raise TournamentError(f"place: 1 to {len(table)}, not {place}")
    average = sum(table) / len(table)
    return correction(games) * (points[place - 1] + (average - own) / 40)


@dataclass(frozen=True, slots=True)
class TenhouRating(Frozen):
    """A player's R and the games it counts."""

    rating: float = INITIAL_RATING
    games: int = 0


def rate_game(players: Sequence[TenhouRating], places: Sequence[int]) -> tuple[TenhouRating, ...]:
    """Every player's R after one game, from their R before it and their places (1 = first; ties are not
    Tenhou's: a tie in points is broken by the seat order before this is called).

    >>> after = rate_game([TenhouRating()] * 4, [1, 2, 3, 4])
    >>> [r.rating for r in after]
    [1530.0, 1510.0, 1490.0, 1470.0]
    """
    if len(players) != len(places):
        raise TournamentError(f"places: one a player ({len(players)}), not {len(places)}")
    if sorted(places) != list(range(1, len(places) + 1)):
        raise TournamentError(f"places: 1 to {len(places)}, each once, not {list(places)}")
    table = [p.rating for p in players]
    return tuple(TenhouRating(p.rating + rating_change(p.rating, table, place=place, games=p.games), p.games + 1)
                 for p, place in zip(players, places, strict=True))
