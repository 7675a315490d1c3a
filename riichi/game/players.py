"""Players: anything with ``choose(view, actions)``. A player sees only its :class:`SeatView` (its own
hand and everything public, never another seat's concealed tiles) and picks one of the legal actions.

Three are built in: :class:`RandomPlayer` (any legal action), :class:`TsumogiriPlayer` (wins when it
can, else discards the tile it drew and calls nothing) and :class:`EfficientPlayer` (discards toward
a lower shanten, declares riichi when tenpai, wins when it can, calls pon on value honours, and in a
three-player game sets a North aside whenever its hand does not need it).

>>> from riichi.game.engine import play_game
>>> from riichi.rules import TENHOU
>>> game = play_game([EfficientPlayer(), EfficientPlayer(), TsumogiriPlayer(), RandomPlayer(seed=1)], TENHOU, seed=7)
>>> game.is_over, sum(game.final_scores) + 1000 * game.sticks
(True, 100000)
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Protocol

from riichi.counts import to_counts
from riichi.errors import RiichiError
from riichi.game.events import Discard, Event, Kita, Pon, Riichi, Win
from riichi.game.legal import Action, Pass
from riichi.shapes.shanten import shanten
from riichi.shapes.waits import wait_kinds
from riichi.tiles import KIND_OF, TERMINAL_HONOR_KINDS, Tile, Wind

if TYPE_CHECKING:
    from riichi.game.phase import Phase, RiverTile
    from riichi.game.round import Round
    from riichi.hand import Meld
    from riichi.rules import RuleSet

__all__ = ["EfficientPlayer", "Player", "RandomPlayer", "SeatView", "TsumogiriPlayer", "is_value_honour", "north_spare",
           "win_or_kita"]


class SeatView:
    """What one seat may see of a round: its own hand and the public table."""

    __slots__ = ("_round", "seat")

    def __init__(self, round_: Round, seat: int) -> None:
        self._round = round_
        self.seat = seat

    @property
    def hand(self) -> tuple[Tile, ...]:
        """This seat's concealed tiles (the drawn tile among them)."""
        return tuple(self._round.hands[self.seat])

    @property
    def drawn(self) -> Tile | None:
        return self._round.drawn if self._round.turn == self.seat else None

    @property
    def seat_wind(self) -> Wind:
        return self._round.seat_wind(self.seat)

    @property
    def round_wind(self) -> Wind:
        return self._round.round_wind

    @property
    def phase(self) -> Phase:
        return self._round.phase

    @property
    def dora_indicators(self) -> tuple[Tile, ...]:
        return tuple(self._round.dora)

    @property
    def live_tiles_left(self) -> int:
        return self._round.live_tiles_left

    @property
    def rules(self) -> RuleSet:
        """The rules the table plays."""
        return self._round.rules

    @property
    def honba(self) -> int:
        return self._round.honba

    @property
    def sticks(self) -> int:
        """The riichi sticks on the table from earlier hands."""
        return self._round.sticks

    @property
    def scores(self) -> tuple[int, ...]:
        return tuple(self._round.scores)

    @property
    def riichi(self) -> tuple[bool, ...]:
        return tuple(self._round.riichi)

    def melds(self, seat: int) -> tuple[Meld, ...]:
        return tuple(self._round.melds[seat])

    def kita(self, seat: int) -> int:
        """The Norths ``seat`` has set aside (three players; always 0 with four)."""
        return self._round.kita[seat]

    def river(self, seat: int) -> tuple[RiverTile, ...]:
        return tuple(self._round.rivers[seat])

    def open_hand(self, seat: int) -> tuple[Tile, ...] | None:
        """The concealed tiles of a seat in open riichi (shown to all), else None (hidden)."""
        if seat == self.seat or self._round.open_riichi[seat]:
            return tuple(self._round.hands[seat])
        return None

    @property
    def discard_order(self) -> tuple[tuple[int, Tile], ...]:
        """Every discard of the hand so far, in the order they were made, as (seat, tile): public, as the
        rivers are, with the order across seats the rivers alone do not keep."""
        return tuple((e.seat, e.tile) for e in self._round.events if isinstance(e, Discard))

    @property
    def table_tile(self) -> tuple[int, Tile] | None:
        """The discard (or kan tile) on the table and its owner."""
        return self._round.last

    def refusal(self, event: Event) -> str:
        """Why the table would refuse ``event``, a move of this seat, now (the rule's message, as a record's
        replay would give it), or "" when it would play it."""
        twin = self._round.copy()
        try:
            twin.apply(event)
        except RiichiError as exc:
            return str(exc).splitlines()[0]
        return ""


class Player(Protocol):
    """A player: given its view and the legal actions (never empty), it returns one of them."""

    def choose(self, view: SeatView, actions: tuple[Action, ...]) -> Action: ...


class RandomPlayer:
    """Picks any legal action, uniformly, from its own seeded generator."""

    def __init__(self, seed: int | None = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: SeatView, actions: tuple[Action, ...]) -> Action:  # noqa: ARG002 - sees nothing
        return actions[self.rng.randrange(len(actions))]


class TsumogiriPlayer:
    """Wins when it can; otherwise discards the tile it drew and lets every discard go by."""

    def choose(self, view: SeatView, actions: tuple[Action, ...]) -> Action:  # noqa: ARG002
        for a in actions:
            if isinstance(a, Win):
                return a
        for a in actions:
            if isinstance(a, Discard) and a.tsumogiri:
                return a
        for a in actions:
            if isinstance(a, Pass | Discard):
                return a
        return actions[0]


_TERMINAL_HONOR = frozenset(TERMINAL_HONOR_KINDS)
_NORTH = 30


def _shanten_without(counts: list[int], kind: int, n_melds: int) -> int:
    counts[kind] -= 1
    sh = shanten(counts, n_melds=n_melds)
    counts[kind] += 1
    return sh


def north_spare(view: SeatView, discards: list[Discard]) -> bool:
    """Setting a North aside helps (a dora, and a replacement draw) unless the hand needs it: the hand without
    it is as close to complete as the best of ``discards`` leaves it."""
    counts = to_counts(view.hand)
    n_melds = len(view.melds(view.seat))
    best = min((_shanten_without(counts, KIND_OF[a.tile], n_melds) for a in discards), default=8)
    return _shanten_without(counts, _NORTH, n_melds) <= best


def win_or_kita(view: SeatView, actions: tuple[Action, ...]) -> Action | None:
    """What the built-in players that play to win choose before anything else: a win whenever one is offered,
    else (three players) a North set aside when the hand does not need it (:func:`north_spare`); None when
    neither is offered."""
    for a in actions:
        if isinstance(a, Win):
            return a
    discards = [a for a in actions if isinstance(a, Discard)]
    for a in actions:
        if isinstance(a, Kita) and north_spare(view, discards):
            return a
    return None


def is_value_honour(view: SeatView, kind: int) -> bool:
    """Whether a kind is a value honour for ``view``'s seat: a dragon, its seat wind or the round wind."""
    return kind >= 31 or kind == 27 + view.seat_wind or kind == 27 + view.round_wind  # noqa: PLR2004


class EfficientPlayer:
    """A simple sound player: wins when it can, declares riichi when tenpai, discards to the lowest shanten
    (then the most waiting kinds, then terminals and honours first), and calls pon only on value honours
    (dragons, its seat wind, the round wind).

    Where the rules play open riichi, it declares its riichi open with the chance ``open_riichi``, drawn
    from its own generator seeded with ``seed`` (so the same seed makes the same choices).
    """

    def __init__(self, seed: int | None = 0, *, open_riichi: float = 0.25) -> None:
        self.rng = random.Random(seed)
        self.open_riichi = open_riichi

    def choose(self, view: SeatView, actions: tuple[Action, ...]) -> Action:
        first = win_or_kita(view, actions)
        if first is not None:
            return first
        discards = [a for a in actions if isinstance(a, Discard)]
        riichi = [a for a in actions if isinstance(a, Riichi)]
        if riichi:
            shown = [a for a in riichi if a.open]
            if shown and self.rng.random() < self.open_riichi:
                return shown[0]
            return next((a for a in riichi if not a.open), riichi[0])
        if discards:
            return self._discard(view, discards)
        for a in actions:
            if isinstance(a, Pon) and is_value_honour(view, KIND_OF[a.tile]):
                return a
        for a in actions:
            if isinstance(a, Pass):
                return a
        return actions[0]

    def _discard(self, view: SeatView, discards: list[Discard]) -> Discard:
        counts = to_counts(view.hand)
        n_melds = len(view.melds(view.seat))
        best: tuple[int, int, int, int] | None = None
        choice = discards[0]
        for a in discards:
            kind = KIND_OF[a.tile]
            counts[kind] -= 1
            sh = shanten(counts, n_melds=n_melds)
            waits = len(wait_kinds(counts, n_melds=n_melds)) if sh == 0 else 0
            counts[kind] += 1
            key = (-sh, waits, 1 if kind in _TERMINAL_HONOR else 0, 0 if a.tile.is_red else 1)
            if best is None or key > best:
                best, choice = key, a
        return choice
