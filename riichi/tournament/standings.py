"""Event standings from score sheets: each player's points, penalties and games, and their rates where the hands
were written down.

A game comes in as the score-sheet contract's JSON: the game as written (``names``, ``hands``...) and its
result as ``riichi sheet`` gives it (``final_points``, ``final_scores``, ``placements``, and per hand the
``wins``). :func:`played_game` reads the two into a :class:`PlayedGame`; :func:`standings` adds games and
penalties up into rows, best first.

Rates count hands: a player's *win* rate is the hands they won over the hands they played, *deal-in* the hands
they dealt into (the discarder of a ron), *riichi* the hands they declared riichi in, *call* the hands they
called in, counted only where the sheet lists who called (a hand's ``calls``, the seats that called a tile,
which the score sheet itself does not need).

>>> game = {"names": ["A", "B", "C", "D"], "hands": [
...     {"result": "ron", "from": 2, "wins": [{"winner": 1, "han": 4, "fu": 30}], "riichi": [2]}]}
>>> result = {"final_points": [-10.0, 30.0, -30.0, 10.0], "final_scores": [25000, 33700, 16300, 25000],
...           "placements": [3, 1, 4, 2], "hands": [{"wins": [{"winner": 1}]}], "over": True}
>>> row = standings([played_game(game, result, label="round 1 table 1")])[0]
>>> row.player, row.total, row.placements, row.wins, row.hands
('B', 30.0, (1, 0, 0, 0), 1, 1)
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from riichi.errors import TournamentError
from riichi.frozen import Frozen

__all__ = [
    "HandLine",
    "Penalty",
    "PlayedGame",
    "StandingRow",
    "played_game",
    "standings",
]


@dataclass(frozen=True, slots=True)
class HandLine(Frozen):
    """Who did what in one hand, by seat: the winners, the discarder who dealt in (None but on a ron), the
    riichi declared, and the seats that called (None where the sheet does not say)."""

    winners: tuple[int, ...]
    dealt_in: int | None
    riichi: tuple[int, ...]
    calls: tuple[int, ...] | None = None


@dataclass(frozen=True, slots=True)
class PlayedGame(Frozen):
    """One finished game: the names by seat, the final points (uma, oka and chombo penalties in), the final
    scores, the places (1 = first), and the hands where they were written (empty for a final-scores-only game)."""

    label: str
    names: tuple[str, ...]
    final_points: tuple[float, ...]
    final_scores: tuple[int, ...]
    placements: tuple[int, ...]
    hands: tuple[HandLine, ...] = ()


@dataclass(frozen=True, slots=True)
class Penalty(Frozen):
    """Points taken from (or given to) a player outside any game: lateness, conduct, a referee's ruling."""

    player: str
    points: float
    reason: str = ""


@dataclass(frozen=True, slots=True)
class StandingRow(Frozen):
    """A player's line of the standings. ``place`` is shared by equal totals; the rates are None without hands
    (``call_rate`` without hands that list their calls)."""

    place: int
    player: str
    games: int
    points: float
    penalties: float
    total: float
    placements: tuple[int, int, int, int]
    score: int
    hands: int
    wins: int
    deal_ins: int
    riichi: int
    calls: int
    call_hands: int

    @property
    def average_placement(self) -> float | None:
        counted = sum(self.placements)
        return None if counted == 0 else sum((i + 1) * n for i, n in enumerate(self.placements)) / counted

    @property
    def win_rate(self) -> float | None:
        return None if self.hands == 0 else self.wins / self.hands

    @property
    def deal_in_rate(self) -> float | None:
        return None if self.hands == 0 else self.deal_ins / self.hands

    @property
    def riichi_rate(self) -> float | None:
        return None if self.hands == 0 else self.riichi / self.hands

    @property
    def call_rate(self) -> float | None:
        return None if self.call_hands == 0 else self.calls / self.call_hands


def played_game(game: Mapping[str, object], result: Mapping[str, object], *, label: str) -> PlayedGame:
    """The game as written (the sheet's input object) and its result (the sheet's result object) as a
    :class:`PlayedGame`; a game not over, or a field missing or of the wrong kind, is refused naming ``label``
    and the field."""
    names = _names(game.get("names", result.get("names")), label)
    players = len(names)
    if result.get("over") is False:
        raise TournamentError(f"{label}: the game is not over (its sheet ends before the game does)")
    points = _numbers(result.get("final_points"), "final_points", players, label)
    scores = tuple(int(s) for s in _numbers(result.get("final_scores"), "final_scores", players, label, whole=True))
    places = tuple(int(p) for p in _numbers(result.get("placements"), "placements", players, label, whole=True))
    if not _is_ranking(places):
        raise TournamentError(f"{label}: placements: 1 to {players}, each once or shared by a tie (as 1, 2, 2, 4), "
                              f"not {list(places)}")
    hands_in = game.get("hands", [])
    if not isinstance(hands_in, list):
        raise TournamentError(f"{label}: hands: a list, not {type(hands_in).__name__}")
    hands = tuple(_hand(h, i, players, label) for i, h in enumerate(hands_in))
    return PlayedGame(label, names, tuple(float(p) for p in points), scores, places, hands)


def _is_ranking(places: Sequence[int]) -> bool:
    """Whether ``places`` are 1 to n, players tied in points sharing a place and the next place skipped after
    them (1, 2, 2, 4), as rules that split the uma of a tie give them."""
    return all(place == 1 + sum(other < place for other in places) for place in places)


def _names(value: object, label: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(n, str) and n.strip() for n in value):
        raise TournamentError(f"{label}: names: the players' names by seat are needed for the standings")
    if len(value) not in (3, 4):
        raise TournamentError(f"{label}: names: 3 or 4 names, not {len(value)}")
    names = tuple(str(n).strip() for n in value)
    if len(set(names)) != len(names):
        twice = sorted({n for n in names if names.count(n) > 1})
        raise TournamentError(f"{label}: names: {', '.join(twice)} sits twice")
    return names


def _numbers(value: object, field: str, players: int, label: str, *, whole: bool = False) -> tuple[float, ...]:
    if not isinstance(value, list) or len(value) != players:
        raise TournamentError(f"{label}: {field}: one number a player ({players}), not {value!r}")
    out: list[float] = []
    for v in value:
        if isinstance(v, bool) or not isinstance(v, (int, float)) or not math.isfinite(v) or (
                whole and not float(v).is_integer()):
            raise TournamentError(f"{label}: {field}: {'whole ' if whole else ''}numbers, not {v!r}")
        out.append(float(v))
    return tuple(out)


def _seats(value: object, field: str, players: int, where: str) -> tuple[int, ...]:
    if value is None:
        return ()
    if not isinstance(value, list) or not all(_is_seat(s, players) for s in value):
        raise TournamentError(f"{where}: {field}: seats 0 to {players - 1}, not {value!r}")
    return tuple(int(s) for s in value)


def _is_seat(value: object, players: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < players


def _hand(obj: object, index: int, players: int, label: str) -> HandLine:
    where = f"{label}: hands[{index}]"
    if not isinstance(obj, dict):
        raise TournamentError(f"{where}: a hand is an object")
    wins = obj.get("wins", [])
    if not isinstance(wins, list) or not all(isinstance(w, dict) and _is_seat(w.get("winner"), players)
                                             for w in wins):
        raise TournamentError(f"{where}: wins: each with a winner, a seat 0 to {players - 1}")
    dealt_in = obj.get("from")
    if obj.get("result") == "ron":
        if not _is_seat(dealt_in, players):
            raise TournamentError(f"{where}: from: the discarder's seat, 0 to {players - 1}, not {dealt_in!r}")
    else:
        dealt_in = None
    calls = obj.get("calls")
    return HandLine(tuple(int(w["winner"]) for w in wins), dealt_in if isinstance(dealt_in, int) else None,
                    _seats(obj.get("riichi"), "riichi", players, where),
                    None if calls is None else _seats(calls, "calls", players, where))


class _Tally:
    """One player's running sums while the games are added up."""

    def __init__(self) -> None:
        self.games = 0
        self.points = 0.0
        self.penalties = 0.0
        self.placements = [0, 0, 0, 0]
        self.score = 0
        self.hands = self.wins = self.deal_ins = self.riichi = self.calls = self.call_hands = 0


def standings(games: Sequence[PlayedGame], penalties: Sequence[Penalty] = ()) -> tuple[StandingRow, ...]:
    """Every player's line, best total (points + penalties) first; equal totals share a place and are listed by
    more first places, then by name. A penalty for a player who played no game is refused."""
    tally: dict[str, _Tally] = {}
    for game in games:
        for seat, name in enumerate(game.names):
            t = tally.setdefault(name, _Tally())
            t.games += 1
            t.points += game.final_points[seat]
            t.placements[game.placements[seat] - 1] += 1
            t.score += game.final_scores[seat]
            for hand in game.hands:
                t.hands += 1
                t.wins += int(seat in hand.winners)
                t.deal_ins += int(hand.dealt_in == seat)
                t.riichi += int(seat in hand.riichi)
                if hand.calls is not None:
                    t.call_hands += 1
                    t.calls += int(seat in hand.calls)
    for penalty in penalties:
        if penalty.player not in tally:
            raise TournamentError(f"penalty: player {penalty.player!r} played no game")
        if not math.isfinite(penalty.points):
            raise TournamentError(f"penalty for {penalty.player}: points: a number, not {penalty.points}")
        tally[penalty.player].penalties += penalty.points
    order = sorted(tally.items(), key=lambda kv: (-round(kv[1].points + kv[1].penalties, 6),
                                                  -kv[1].placements[0], kv[0]))
    rows: list[StandingRow] = []
    for i, (name, t) in enumerate(order):
        total = round(t.points + t.penalties, 6)
        place = rows[-1].place if rows and rows[-1].total == total else i + 1
        rows.append(StandingRow(place, name, t.games, round(t.points, 6), round(t.penalties, 6), total,
                                (t.placements[0], t.placements[1], t.placements[2], t.placements[3]), t.score,
                                t.hands, t.wins, t.deal_ins, t.riichi, t.calls, t.call_hands))
    return tuple(rows)
