"""Duplicate matches: each wall played once per rotation of the seats, so that the luck of the tiles cancels, and
the results counted by player (by name, across the seats it sat in) with 95% intervals.

Game ``r`` of a wall seats the players turned ``r`` places: seat ``s`` is played by ``names[(s - r) % n]``; the
same seed gives every rotation the same walls hand by hand (the table draws each hand's wall from it), so each
player meets the same tiles from every seat as long as the hands follow the same course.

>>> rotation(("expert", "efficient", "efficient", "efficient"), 1)
('efficient', 'expert', 'efficient', 'efficient')
>>> wilson(5, 10).low < 0.5 < wilson(5, 10).high
True
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from riichi.game.events import Chi, Deal, Event, Minkan, Pon, Riichi
from riichi.game.game import Game

__all__ = ["DuplicateTally", "Interval", "mean_interval", "rotation", "wilson"]

_Z = 1.96  # the normal quantile of a two-sided 95% interval


@dataclass(frozen=True, slots=True)
class Interval:
    """A value and its 95% interval."""

    value: float
    low: float
    high: float

    def to_json(self, digits: int = 4) -> dict[str, float]:
        return {"value": round(self.value, digits), "low": round(self.low, digits), "high": round(self.high, digits)}

    def __str__(self) -> str:
        return f"{self.value:.3f} [{self.low:.3f}, {self.high:.3f}]"


def rotation(names: tuple[str, ...], r: int) -> tuple[str, ...]:
    """The players' seats in rotation ``r``: seat ``s`` is played by ``names[(s - r) % n]``."""
    n = len(names)
    return tuple(names[(s - r) % n] for s in range(n))


def wilson(hits: int, n: int) -> Interval:
    """A rate and its Wilson score interval (95%)."""
    if n == 0:
        return Interval(0.0, 0.0, 1.0)
    p = hits / n
    denominator = 1 + _Z * _Z / n
    centre = (p + _Z * _Z / (2 * n)) / denominator
    half = _Z * math.sqrt(p * (1 - p) / n + _Z * _Z / (4 * n * n)) / denominator
    return Interval(p, max(0.0, centre - half), min(1.0, centre + half))


def mean_interval(values: list[float]) -> Interval:
    """A mean and its normal 95% interval (the sample's standard error)."""
    n = len(values)
    if n == 0:
        return Interval(0.0, 0.0, 0.0)
    mean = sum(values) / n
    if n == 1:
        return Interval(mean, mean, mean)
    variance = sum((v - mean) ** 2 for v in values) / (n - 1)
    half = _Z * math.sqrt(variance / n)
    return Interval(mean, mean - half, mean + half)


class _Player:
    __slots__ = ("calls", "deal_ins", "draws", "hands", "places", "points", "riichi", "wins")

    def __init__(self) -> None:
        self.places: list[int] = []
        self.points: list[float] = []
        self.hands = 0
        self.wins = 0
        self.deal_ins = 0
        self.riichi = 0
        self.calls = 0
        self.draws = 0


class DuplicateTally:
    """The results of a duplicate match by player name: :meth:`add` each game with its events and who sat where."""

    def __init__(self, players: int) -> None:
        self.players = players
        self.games = 0
        self._by_name: dict[str, _Player] = {}

    def add(self, game: Game, events: list[Event], seated: tuple[str, ...]) -> None:
        self.games += 1
        final = game.final
        rows = [self._by_name.setdefault(name, _Player()) for name in seated]
        for seat, row in enumerate(rows):
            row.places.append(final.places[seat])
            row.points.append(final.points[seat])
        for result in game.results:
            for row in rows:
                row.hands += 1
                if not result.wins:
                    row.draws += 1
            for w in result.wins:
                rows[w.winner].wins += 1
                if w.from_seat is not None:
                    rows[w.from_seat].deal_ins += 1
        riichi: set[tuple[int, int]] = set()
        called: set[tuple[int, int]] = set()
        hand = 0
        for e in events:
            if isinstance(e, Deal):
                hand += 1
            elif isinstance(e, Riichi):
                riichi.add((hand, e.seat))
            elif isinstance(e, Chi | Pon | Minkan):
                called.add((hand, e.seat))
        for _, seat in riichi:
            rows[seat].riichi += 1
        for _, seat in called:
            rows[seat].calls += 1

    def summary(self) -> list[dict[str, object]]:
        """Each player's results, in the order first seen: games, hands, the count of each place, the average
        place, the average final points (after uma and oka) and the win, deal-in, riichi, call and draw rates
        per hand, each with its 95% interval."""
        out: list[dict[str, object]] = []
        for name, row in self._by_name.items():
            places = [row.places.count(p) for p in range(1, self.players + 1)]
            out.append({
                "player": name,
                "games": len(row.places),
                "hands": row.hands,
                "places": places,
                "average_place": mean_interval([float(p) for p in row.places]).to_json(3),
                "points": mean_interval(row.points).to_json(2),
                "win_rate": wilson(row.wins, row.hands).to_json(),
                "deal_in_rate": wilson(row.deal_ins, row.hands).to_json(),
                "riichi_rate": wilson(row.riichi, row.hands).to_json(),
                "call_rate": wilson(row.calls, row.hands).to_json(),
                "draw_rate": wilson(row.draws, row.hands).to_json(),
            })
        return out
