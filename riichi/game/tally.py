"""Counting over many games: placements, points, win, deal-in and draw rates, yaku frequencies.

>>> from riichi.game.engine import play_game
>>> from riichi.game.players import EfficientPlayer
>>> from riichi.rules import TENHOU
>>> tally = Tally()
>>> tally.add(play_game([EfficientPlayer()] * 4, TENHOU, seed=1))
>>> tally.games, sum(tally.placements[0]), round(sum(tally.average_points), 1)
(1, 1, 0.0)
"""

from __future__ import annotations

from collections import Counter

from riichi.game.game import Game

__all__ = ["Tally"]


class Tally:
    """Running counts over finished games, by seat."""

    def __init__(self) -> None:
        self.games = 0
        self.hands = 0
        #: placements[seat][place]: how often the seat finished in place 0..3 (tied seats share a place; a
        #: three-player game fills seats and places 0..2).
        self.placements = [[0, 0, 0, 0] for _ in range(4)]
        self.points = [0.0, 0.0, 0.0, 0.0]
        self.wins = [0, 0, 0, 0]
        self.deal_ins = [0, 0, 0, 0]
        self.draws = 0
        self.yaku: Counter[str] = Counter()
        self.win_count = 0

    def add(self, game: Game) -> None:
        self.games += 1
        final = game.final
        for seat in range(len(final.places)):
            self.placements[seat][final.places[seat] - 1] += 1
            self.points[seat] += final.points[seat]
        for result in game.results:
            self.hands += 1
            if not result.wins:
                self.draws += 1
            for w in result.wins:
                self.win_count += 1
                self.wins[w.winner] += 1
                if w.from_seat is not None:
                    self.deal_ins[w.from_seat] += 1
                for yaku, _ in w.score.yaku:
                    self.yaku[yaku.value] += 1
                for yaku, _ in w.score.yakuman:
                    self.yaku[yaku.value] += 1

    @property
    def average_points(self) -> list[float]:
        return [p / self.games if self.games else 0.0 for p in self.points]

    def average_place(self, seat: int) -> float:
        n = sum(self.placements[seat])
        return sum((place + 1) * k for place, k in enumerate(self.placements[seat])) / n if n else 0.0
