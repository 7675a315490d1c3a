"""The driver: plays games between players, from a seed, by applying events to a :class:`Game`.

The driver owns the wall (one shuffled wall a hand, from the game's seed) and makes the events no
player chooses: the deal, draws, kan dora, riichi acceptance, drawn hands. It asks each player only
what its seat may choose (:func:`~riichi.game.legal.legal_actions`) and resolves calls on a discard by
priority: ron before pon and kan before chi; several rons as the rules say
(:func:`~riichi.scoring.settlement.ron_winners`: head bump, double or triple ron, or three rons an abortive draw). The same seed and players give the same game, event for
event.

>>> from riichi.game.players import TsumogiriPlayer
>>> from riichi.rules import TENHOU
>>> game = play_game([TsumogiriPlayer()] * 4, TENHOU, seed=3)
>>> len(game.results) >= 8, game.is_over
(True, True)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from riichi.game.events import (
    Chi,
    Deal,
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
)
from riichi.game.game import Game
from riichi.game.legal import Action, Pass, legal_actions, pending_draw
from riichi.game.phase import Phase
from riichi.game.players import Player, SeatView
from riichi.game.round import Round
from riichi.game.wall import Wall
from riichi.rules import RuleSet
from riichi.scoring.settlement import ron_winners

__all__ = ["play_game", "play_hand", "with_ura"]

Listener = Callable[[Event], None]


def play_game(players: Sequence[Player], rules: RuleSet, *, seed: int,
              names: tuple[str, ...] = ("", "", "", ""), listener: Listener | None = None,
              game: Game | None = None) -> Game:
    """Play one whole game (into ``game``, a new :class:`Game` under ``rules`` if not given);
    ``listener`` sees every event just after it is applied."""
    if len(players) != 4:  # noqa: PLR2004
        raise ValueError(f"a game has four players, not {len(players)}")
    rng = random.Random(seed)
    if game is None:
        game = Game(rules)

    def apply(event: Event) -> None:
        game.apply(event)
        if listener is not None:
            listener(event)

    apply(GameStart(rules.name, names))
    while True:
        frame = game.next_hand()
        wall = Wall.shuffled(rng.getrandbits(64), aka=rules.scoring.aka)
        apply(Deal(frame.round_wind, frame.round_number, frame.dealer, wall.dora_indicator(0),
                   wall.hands(frame.dealer), honba=frame.honba, sticks=frame.sticks, scores=frame.scores,
                   wall=wall.tiles))
        assert game.round is not None
        play_hand(game.round, wall, players, apply)
        if game.is_over:
            break
    apply(GameEnd())
    return game


def play_hand(r: Round, wall: Wall, players: Sequence[Player], apply: Callable[[Event], None]) -> None:
    """Play the hand ``r`` to its end, drawing tiles from ``wall``; every event goes through ``apply``."""
    views = [SeatView(r, s) for s in range(4)]
    while not r.is_over:
        phase = r.phase
        if phase is Phase.DRAW:
            if r.dora_due:
                apply(DoraRevealed(wall.dora_indicator(len(r.dora))))
            else:
                apply(_draw(r, wall))
        elif phase is Phase.TURN:
            seat = r.turn
            action = players[seat].choose(views[seat], legal_actions(r, seat))
            if isinstance(action, Pass):
                raise ValueError(f"seat {seat} passed on its own turn")
            apply(with_ura(r, wall, action) if isinstance(action, Win) else action)
        elif phase is Phase.KAN:
            if not _responses(r, wall, players, views, apply):
                if r.dora_due:
                    apply(DoraRevealed(wall.dora_indicator(len(r.dora))))
                apply(_draw(r, wall))
        elif r.dora_due:  # CALLS: an open kan's indicator is turned over after its discard
            apply(DoraRevealed(wall.dora_indicator(len(r.dora))))
        elif not _responses(r, wall, players, views, apply):
            assert r.last is not None
            apply(Draw((r.last[0] + 1) % 4, wall.live_tile(r.live_draws)))


def _draw(r: Round, wall: Wall) -> Draw:
    if r.needs_rinshan:
        return Draw(r.turn, wall.rinshan(r.kans - 1), rinshan=True)
    return Draw(r.turn, wall.live_tile(r.live_draws))


def with_ura(r: Round, wall: Wall, win: Win) -> Win:
    """The win showing the ura indicators under the revealed dora, when the winner is in riichi."""
    if not r.riichi[win.seat] or not r.rules.scoring.ura_dora:
        return win
    return Win(win.seat, win.from_seat, win.tile, tuple(wall.ura_indicator(k) for k in range(len(r.dora))))


def _responses(r: Round, wall: Wall, players: Sequence[Player], views: list[SeatView],
               apply: Callable[[Event], None]) -> bool:
    """Ask the other seats about the tile on the table and apply what wins by priority; False when every
    seat passed and nothing ended the hand (the caller goes on with the next draw)."""
    assert r.last is not None
    source = r.last[0]
    chosen: list[Action] = []
    for i in (1, 2, 3):
        seat = (source + i) % 4
        actions = legal_actions(r, seat)
        if actions:
            chosen.append(players[seat].choose(views[seat], actions))
    rons = {r.seat_wind(a.seat): a for a in chosen if isinstance(a, Win)}
    if rons:
        winners = ron_winners(rons.keys(), r.seat_wind(source), r.rules.game)
        if not winners:  # three rons are an abortive draw under these rules
            apply(Ryuukyoku(DrawKind.SANCHAHOU))
        for wind in winners:
            apply(with_ura(r, wall, rons[wind]))
        return True
    if r.phase is Phase.KAN:
        return False
    if r.awaiting_acceptance is not None:
        apply(RiichiAccepted(r.awaiting_acceptance))
    ending = pending_draw(r)
    if ending is not None:
        apply(Ryuukyoku(ending[0]))
        return True
    calls: list[Chi | Pon | Minkan] = [a for a in chosen if isinstance(a, Pon | Minkan)]
    calls = calls or [a for a in chosen if isinstance(a, Chi)]
    if calls:
        apply(calls[0])
        return True
    return False
