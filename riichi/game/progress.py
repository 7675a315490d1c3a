"""How a game goes on from one hand to the next: the dealer kept or passed on, honba and sticks carried, and
whether (and why) the game ends.

These are pure functions of the hand's frame (its round, dealer, honba, scores) and of what the hand came to
(:class:`HandOutcome`: the winners, the draw, the tenpai seats, the scores after it). The engine's
:class:`~riichi.game.game.Game` calls them after each hand it plays, and the score sheet
(:mod:`riichi.sheet`) after each hand a scorekeeper writes down: one set of rules for both.

East 4 of a hanchan, the dealer (seat 3) wins and is first with 30,000 or more: the game ends (agari-yame,
Tenhou plays it):

>>> from riichi.rules import TENHOU
>>> frame = HandFrame(Wind.SOUTH, 4, 3, 0, 0, (25000, 20000, 20000, 35000), 0)
>>> outcome = HandOutcome(winners=(3,), draw=None, tenpai=(), scores_end=(23000, 20000, 20000, 37000), sticks_end=0)
>>> end_reason(TENHOU, frame, outcome)
<EndReason.AGARI_YAME: 'agari_yame'>
>>> next_frame(TENHOU, frame, outcome).honba
1
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass

from riichi.game.events import DrawKind
from riichi.rules import (
    Bust,
    Extension,
    GameLength,
    PaarenchanCount,
    Renchan,
    RuleSet,
    TenpaiYame,
)
from riichi.scoring.settlement import settle_game_end
from riichi.tiles import Wind

__all__ = ["EndReason", "HandFrame", "HandOutcome", "dealer_repeats", "end_reason", "is_bust", "last_round_wind",
           "next_frame"]


class EndReason(enum.Enum):
    """Why a game ended (the replay contract's names)."""

    BUST = "bust"  #: a score went below zero (or to zero, as the rules say)
    ALL_LAST = "all_last"  #: the last hand of the regular game
    AGARI_YAME = "agari_yame"  #: the all-last dealer won in first place and stopped
    TENPAI_YAME = "tenpai_yame"  #: the all-last dealer was tenpai at an exhaustive draw in first place and stopped
    EXTENSION = "extension"  #: a hand of the extension left someone at the score the game runs to
    EXTENSION_END = "extension_end"  #: the last hand of the extension's wind

    def __repr__(self) -> str:
        return f"<EndReason.{self.name}: {self.value!r}>"


@dataclass(frozen=True, slots=True)
class HandFrame:
    """Where a hand stands in the game: its round and dealer, the honba and sticks, the scores."""

    round_wind: Wind
    round_number: int
    dealer: int
    honba: int
    sticks: int
    scores: tuple[int, ...]
    #: Consecutive wins of the dealer before this hand.
    dealer_streak: int


@dataclass(frozen=True, slots=True)
class HandOutcome:
    """What a hand came to, as far as the game's course depends on it."""

    #: The seats paid for a win (empty at a draw).
    winners: tuple[int, ...]
    #: How it ended without a win (None after a win).
    draw: DrawKind | None
    #: Seats tenpai at an exhaustive draw (empty otherwise).
    tenpai: tuple[int, ...]
    #: Every seat's score after the hand, riichi deposits and payments included.
    scores_end: tuple[int, ...]
    #: Riichi sticks on the table at the end of the hand, this hand's deposits included (a win collects them).
    sticks_end: int


def last_round_wind(rules: RuleSet) -> Wind:
    """The round wind of the regular game's last hands: East in an east-only game, else South."""
    return Wind.EAST if rules.game.length is GameLength.EAST_ONLY else Wind.SOUTH


def is_bust(rules: RuleSet, scores: Sequence[int]) -> bool:
    """Whether ``scores`` end the game at once (tobi), as ``rules.game.bust`` says."""
    bust = rules.game.bust
    return (bust is Bust.BELOW_ZERO and min(scores) < 0) or (bust is Bust.AT_ZERO and min(scores) <= 0)


def dealer_repeats(rules: RuleSet, frame: HandFrame, outcome: HandOutcome) -> bool:
    """Whether the dealer keeps the seat: a dealer win, an abortive draw, or an exhaustive draw with the
    dealer tenpai where the rules repeat on tenpai."""
    if outcome.winners:
        return frame.dealer in outcome.winners
    if outcome.draw is not None and outcome.draw.is_abortive:
        return True
    return rules.game.renchan is Renchan.TENPAI and frame.dealer in outcome.tenpai


def next_frame(rules: RuleSet, frame: HandFrame, outcome: HandOutcome) -> HandFrame:
    """The hand after this one: the dealer kept or passed on, honba +1 after a dealer repeat or any draw and 0
    after another win, the sticks collected by a win or left on the table."""
    players = len(frame.scores)
    repeat = dealer_repeats(rules, frame, outcome)
    honba = frame.honba + 1 if (repeat or not outcome.winners) else 0
    sticks = 0 if outcome.winners else outcome.sticks_end
    if frame.dealer in outcome.winners:
        streak = frame.dealer_streak + 1
    elif repeat and rules.game.paarenchan_count is PaarenchanCount.ACROSS_DRAWS:
        streak = frame.dealer_streak
    else:
        streak = 0
    round_wind, number, dealer = frame.round_wind, frame.round_number, frame.dealer
    if not repeat:
        dealer = (dealer + 1) % players
        number += 1
        streak = 0
        if number > players:
            number = 1
            round_wind = Wind((round_wind + 1) % 4)
    return HandFrame(round_wind, number, dealer, honba, sticks, outcome.scores_end, streak)


def end_reason(rules: RuleSet, frame: HandFrame, outcome: HandOutcome, *,
               tenpai_yame: bool = True) -> EndReason | None:
    """Why the game ends after this hand, or None when it goes on.

    ``tenpai_yame=False`` asks whether it ends without the dealer's tenpai-yame (where the rules leave that stop
    to the dealer, :attr:`~riichi.rules.TenpaiYame.DEALERS_CHOICE`, a dealer who plays on declines it)."""
    game = rules.game
    scores = outcome.scores_end
    if is_bust(rules, scores):
        return EndReason.BUST
    players = len(scores)
    last_wind = last_round_wind(rules)
    round_wind, number = frame.round_wind, frame.round_number
    if round_wind < last_wind or (round_wind == last_wind and number < players):
        return None
    repeat = dealer_repeats(rules, frame, outcome)
    reached = max(scores) >= (game.target_points if game.extension_points is None else game.extension_points)
    if repeat:
        dealer_top = settle_game_end(scores, sticks=0, rules=game).places[frame.dealer] == 1
        if outcome.winners:
            if game.agari_yame and dealer_top and reached:
                return EndReason.AGARI_YAME
            return None
        abortive = outcome.draw is not None and outcome.draw.is_abortive
        if tenpai_yame and game.tenpai_yame is not TenpaiYame.NONE and not abortive and dealer_top and reached:
            return EndReason.TENPAI_YAME
        return None
    if round_wind == last_wind:  # the last hand of the regular game
        return EndReason.ALL_LAST if reached or game.extension is Extension.NONE else None
    # An extension hand: it ends when someone has reached the return points, at the latest after its last.
    if reached:
        return EndReason.EXTENSION
    return EndReason.EXTENSION_END if number == players else None
