"""The driver: a :class:`Table` plays a game from a seed, stopping at every decision until it is given
the action; :func:`play_game` is the loop that asks players.

The table owns the wall (one shuffled wall a hand, from the game's seed) and makes the events no
player chooses: the deal, draws, kan dora, riichi acceptance, drawn hands. At each decision it names
the seat and what that seat may choose (:func:`~riichi.game.legal.legal_actions`); callbacks
(:func:`play_game`), environments (:mod:`riichi.rl`) and remote bots all step the same table. Calls on
a discard are asked seat by seat in turn order from the discarder, then resolved by priority: ron
before pon and kan before chi; several rons as the rules say
(:func:`~riichi.scoring.settlement.ron_winners`: head bump, double or triple ron, or three rons an
abortive draw). The same seed and the same actions give the same game, event for event.

>>> from riichi.game.players import TsumogiriPlayer
>>> from riichi.rules import TENHOU
>>> table = Table(TENHOU, seed=3)
>>> d = table.decision
>>> d.seat, len(d.actions), d.default
(0, 12, Discard.parse('discard 0 3s tsumogiri'))
>>> table.step(d.default)
>>> table.decision.seat, table.decision.default
(1, Discard.parse('discard 1 4p tsumogiri'))
>>> game = play_game([TsumogiriPlayer()] * 4, TENHOU, seed=3)
>>> len(game.results) >= 8, game.is_over
(True, True)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final

from riichi.errors import IllegalActionError
from riichi.frozen import Frozen
from riichi.game.events import (
    Chi,
    Deal,
    Discard,
    DoraRevealed,
    Draw,
    DrawKind,
    Event,
    GameEnd,
    GameStart,
    Minkan,
    Pon,
    RiichiAccepted,
    Ryuukyoku,
    Win,
    draw_event,
)
from riichi.game.game import Game
from riichi.game.legal import Action, Pass, legal_actions, pending_draw
from riichi.game.phase import Phase
from riichi.game.players import Player, SeatView
from riichi.game.round import Round
from riichi.game.wall import Wall
from riichi.rules import RuleSet
from riichi.scoring.settlement import ron_winners

__all__ = ["Decision", "Table", "play_game", "with_ura"]

Listener = Callable[[Event], None]


@dataclass(init=False, slots=True, unsafe_hash=True)
class Decision(Frozen):
    """A seat to move: what it may choose (never empty) and what it sees. A record (see
    :mod:`riichi.frozen`), made at every decision: its written ``__init__`` compiles to native code."""

    seat: Final[int]
    actions: Final[tuple[Action, ...]]
    view: Final[SeatView]

    def __init__(self, seat: int, actions: tuple[Action, ...], view: SeatView) -> None:
        self.seat = seat
        self.actions = actions
        self.view = view

    @property
    def default(self) -> Action:
        """The safe move when a player gives none that is legal: pass, else discard the drawn tile, else
        the first discard, else the first action."""
        first: Action | None = None
        for a in self.actions:
            if isinstance(a, Pass):
                return a
            if isinstance(a, Discard):
                if a.tsumogiri:
                    return a
                if first is None:
                    first = a
        return self.actions[0] if first is None else first


class Table:
    """One game under ``rules`` from ``seed``, stepped decision by decision (see the module description).

    ``decision`` is the move the table waits for (None once the game has ended); ``step(action)`` plays
    it and runs on to the next decision. ``listener`` sees every event just after it is applied; the game
    goes into ``game`` (a new :class:`Game` under ``rules`` if not given).
    """

    def __init__(self, rules: RuleSet, *, seed: int, names: tuple[str, ...] | None = None,
                 listener: Listener | None = None, game: Game | None = None) -> None:
        self.rules = rules
        self.game = Game(rules) if game is None else game
        self.seats = len(self.game.scores)
        self.listener = listener
        self._rng = random.Random(seed)
        self._wall: Wall | None = None
        self._views: list[SeatView] = []
        #: The responses chosen so far to the tile on the table, and the next seat to ask.
        self._chosen: list[Action] = []
        self._asking = 0
        self.decision: Decision | None = None
        self._apply(GameStart(rules.name, names if names is not None else ("",) * self.seats))
        self._advance()

    @property
    def is_over(self) -> bool:
        """The game has ended (its end event applied)."""
        return self.game.ended

    @property
    def wall(self) -> Wall | None:
        """The wall of the hand in play."""
        return self._wall

    def view(self, seat: int) -> SeatView:
        """What ``seat`` sees of the hand in play."""
        return self._views[seat]

    def step(self, action: Action) -> None:
        """Play ``action`` for the seat to move and run on to the next decision (or the end). An action not
        among the decision's is refused with :class:`IllegalActionError`, and the table is unchanged."""
        d = self.decision
        if d is None:
            raise IllegalActionError("the game has ended", rule="sequence")
        if not _is_listed(action, d.actions):
            raise IllegalActionError(f"seat {d.seat} cannot {action} now", rule="legal_action")
        r = self.game.round
        assert r is not None
        if r.phase is not Phase.TURN:
            self._chosen.append(action)
        elif isinstance(action, Win):
            self._apply(self._with_ura(r, action))
        elif not isinstance(action, Pass):  # a pass is never listed on a seat's own turn
            self._apply(action)
        self.decision = None
        self._advance()

    # -- running to the next decision -------------------------------------------------------------------

    def _apply(self, event: Event) -> None:
        self.game.apply(event)
        if self.listener is not None:
            self.listener(event)

    def _with_ura(self, r: Round, win: Win) -> Win:
        assert self._wall is not None
        return with_ura(r, self._wall, win)

    def _advance(self) -> None:
        """Apply the events nobody chooses until a seat has a choice or the game ends."""
        game = self.game
        while True:
            r = game.round
            if r is None or r.is_over:
                if game.is_over:
                    self._apply(GameEnd())
                    return
                self._deal()
                continue
            wall = self._wall
            assert wall is not None
            phase = r.phase
            if phase is Phase.DRAW:
                if r.dora_due:
                    self._apply(DoraRevealed(wall.dora_indicator(len(r.dora))))
                else:
                    self._apply(_draw(r, wall))
            elif phase is Phase.TURN:
                seat = r.turn
                self.decision = Decision(seat, legal_actions(r, seat), self._views[seat])
                return
            elif phase is Phase.CALLS and r.dora_due:  # an open kan's indicator is turned over after its discard
                self._apply(DoraRevealed(wall.dora_indicator(len(r.dora))))
            elif self._ask(r):
                return
            elif not self._resolve(r, wall):
                assert r.last is not None
                if phase is Phase.KAN:
                    if r.dora_due:
                        self._apply(DoraRevealed(wall.dora_indicator(len(r.dora))))
                    self._apply(_draw(r, wall))
                else:
                    self._apply(draw_event((r.last[0] + 1) % self.seats, wall.live_tile(r.live_draws)))

    def _deal(self) -> None:
        frame = self.game.next_hand()
        rules = self.rules
        wall = Wall.shuffled(self._rng.getrandbits(64), aka=rules.scoring.aka, players=self.seats)
        self._wall = wall
        self._apply(Deal(frame.round_wind, frame.round_number, frame.dealer, wall.dora_indicator(0),
                         wall.hands(frame.dealer), honba=frame.honba, sticks=frame.sticks, scores=frame.scores,
                         wall=wall.tiles))
        r = self.game.round
        assert r is not None
        self._views = [SeatView(r, s) for s in range(self.seats)]
        self._chosen = []
        self._asking = 0

    def _ask(self, r: Round) -> bool:
        """Set the next seat with a say on the tile on the table as the decision (True), or False when every
        seat has been asked."""
        assert r.last is not None
        source = r.last[0]
        while self._asking < self.seats - 1:
            self._asking += 1
            seat = (source + self._asking) % self.seats
            actions = legal_actions(r, seat)
            if actions:
                self.decision = Decision(seat, actions, self._views[seat])
                return True
        return False

    def _resolve(self, r: Round, wall: Wall) -> bool:
        """Apply what wins by priority among the responses chosen; False when every seat passed and nothing
        ended the hand (the caller goes on with the next draw)."""
        assert r.last is not None
        chosen = self._chosen
        self._chosen = []
        self._asking = 0
        source = r.last[0]
        rons = {r.seat_wind(a.seat): a for a in chosen if isinstance(a, Win)}
        if rons:
            winners = ron_winners(rons.keys(), r.seat_wind(source), r.rules.game)
            if not winners:  # three rons are an abortive draw under these rules
                self._apply(Ryuukyoku(DrawKind.SANCHAHOU))
            for wind in winners:
                self._apply(with_ura(r, wall, rons[wind]))
            return True
        if r.phase is Phase.KAN:
            return False
        if r.awaiting_acceptance is not None:
            self._apply(RiichiAccepted(r.awaiting_acceptance))
        ending = pending_draw(r)
        if ending is not None:
            self._apply(Ryuukyoku(ending[0]))
            return True
        calls: list[Chi | Pon | Minkan] = [a for a in chosen if isinstance(a, Pon | Minkan)]
        calls = calls or [a for a in chosen if isinstance(a, Chi)]
        if calls:
            self._apply(calls[0])
            return True
        return False


def play_game(players: Sequence[Player], rules: RuleSet, *, seed: int,
              names: tuple[str, ...] | None = None, listener: Listener | None = None,
              game: Game | None = None) -> Game:
    """Play one whole game (into ``game``, a new :class:`Game` under ``rules`` if not given), asking each
    seat's player at its decisions; ``listener`` sees every event just after it is applied."""
    table = Table(rules, seed=seed, names=names, listener=listener, game=game)
    if len(players) != table.seats:
        raise ValueError(f"a game under {rules.name} has {table.seats} players, not {len(players)}")
    decision = table.decision
    while decision is not None:
        table.step(players[decision.seat].choose(decision.view, decision.actions))
        decision = table.decision
    return table.game


def _is_listed(action: Action, actions: tuple[Action, ...]) -> bool:
    for a in actions:  # players answer with one of the listed objects: identity first, then equality
        if a is action:
            return True
    return action in actions


def _draw(r: Round, wall: Wall) -> Draw:
    if r.needs_rinshan:
        return draw_event(r.turn, wall.rinshan(r.replacements - 1), rinshan=True)
    return draw_event(r.turn, wall.live_tile(r.live_draws))


def with_ura(r: Round, wall: Wall, win: Win) -> Win:
    """The win showing the ura indicators under the revealed dora, when the winner is in riichi."""
    if not r.riichi[win.seat] or not r.rules.scoring.ura_dora:
        return win
    return Win(win.seat, win.from_seat, win.tile, tuple(wall.ura_indicator(k) for k in range(len(r.dora))))
