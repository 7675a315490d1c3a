"""A whole game: hands in order, the score, honba and riichi sticks kept between them, and the end.

A :class:`Game` changes only by :meth:`Game.apply`. A :class:`~riichi.game.events.Deal` starts a hand
(the game checks that it is the hand its own bookkeeping expects: round, number, dealer), the events of
the hand go to its :class:`~riichi.game.round.Round`, and when the hand is over the game settles it:
each win paid as the rules say (several rons in turn order from the discarder, the first collecting
the sticks), noten payments or nagashi mangan at an exhaustive draw, honba and sticks carried,
the dealer kept or passed on, and whether the game is over (a bust, the last hand, agari-yame or
tenpai-yame, the extension into the next wind). Each settled hand is a :class:`HandResult`.

Points are conserved: the scores plus the riichi sticks on the table always add up to the starting
points times the number of players. Three players (the rules' ``players``) deal three hands a round,
rounds have three hands (East 1..3, South 1..3, then the extension), and every score list has three
entries.
"""

from __future__ import annotations

import dataclasses
import enum
from dataclasses import dataclass

from riichi import Hand, Score, WinContext, score
from riichi.errors import IllegalActionError
from riichi.game.events import Deal, DrawKind, Event, GameEnd, GameStart
from riichi.game.phase import WinRecord
from riichi.game.round import Round
from riichi.game.progress import HandFrame, HandOutcome, end_reason, next_frame
from riichi.rules import RuleSet, TenpaiYame
from riichi.scoring.settlement import FinalResult, settle_draw, settle_game_end
from riichi.tiles import KIND_OF, TERMINAL_HONOR_KINDS, Tile, Wind

__all__ = ["Game", "HandFrame", "HandResult", "Outcome", "WinResult"]


class Outcome(enum.Enum):
    WIN = "win"
    DRAW = "draw"

    def __repr__(self) -> str:
        return f"Outcome.{self.name}"


@dataclass(frozen=True, slots=True)
class WinResult:
    """One winner's part of a hand: the score and what it moved."""

    winner: int
    from_seat: int | None
    hand: Hand
    context: WinContext
    #: The scorer's result for the hand (its payments include this winner's honba and sticks).
    score: Score
    #: The liable seat (pao), or None.
    pao: int | None
    #: Honba counters and riichi sticks this winner collects.
    honba: int
    riichi_sticks: int
    #: Every seat's change from this win.
    deltas: tuple[int, ...]

    @property
    def tsumo(self) -> bool:
        return self.from_seat is None


@dataclass(frozen=True, slots=True)
class HandResult:
    """One hand settled (the replay output's ``kyoku`` fields)."""

    round_wind: Wind
    round_number: int
    dealer: int
    honba: int
    riichi_sticks: int
    scores_start: tuple[int, ...]
    dora_indicators: tuple[Tile, ...]
    #: Seats whose riichi was accepted, in order.
    riichi: tuple[int, ...]
    outcome: Outcome
    wins: tuple[WinResult, ...]
    draw: DrawKind | None
    #: Seats tenpai at an exhaustive draw (None after a win or an abortive draw).
    tenpai: tuple[int, ...] | None
    #: Seats paid nagashi mangan (None when nobody).
    nagashi: tuple[int, ...] | None
    deltas: tuple[int, ...]
    scores_end: tuple[int, ...]
    game_over: bool


_ORPHANS = frozenset(TERMINAL_HONOR_KINDS)


class Game:
    """A game between four seats (three under three-player rules) under ``rules``; see the module
    description."""

    def __init__(self, rules: RuleSet, *, names: tuple[str, ...] | None = None) -> None:
        self.rules = rules
        #: Seats at the table: 4, or 3.
        self.players = rules.game.players
        self.names = names if names is not None else ("",) * self.players
        start = rules.game.starting_points
        self.scores = [start] * self.players
        self.honba = 0
        self.sticks = 0
        self.round_wind = Wind.EAST
        self.round_number = 1
        self.dealer = 0
        #: Consecutive wins of the current dealer.
        self.dealer_streak = 0
        self.round: Round | None = None
        self.results: list[HandResult] = []
        self.ended = False
        self.started = False
        self._settled: HandResult | None = None

    # -- stepping --------------------------------------------------------------------------------------

    def apply(self, event: Event) -> None:
        """Apply one event (refused with :class:`IllegalActionError` when the rules do not allow it)."""
        if self.ended:
            raise IllegalActionError("the game has ended", event=event, rule="sequence")
        if isinstance(event, GameStart):
            if self.started or self.round is not None:
                raise IllegalActionError("a game starts once, before its first hand", event=event, rule="sequence")
            if len(event.names) != self.players:
                raise IllegalActionError(f"a game of {self.players} players has {self.players} names, not "
                                         f"{len(event.names)}", event=event, rule="players")
            self.names = event.names
            self.started = True
        elif isinstance(event, Deal):
            self._deal(event)
        elif isinstance(event, GameEnd):
            if not self.is_over:
                raise IllegalActionError(f"the game is not over: the next hand is {self._next_text()}",
                                         event=event, rule="game_end")
            self._close_hand()
            self.ended = True
        else:
            if self.round is None:
                raise IllegalActionError("no hand is in play (a deal comes first)", event=event, rule="sequence")
            self.round.apply(event)
            self._settled = None

    def resume(self, deal: Deal) -> None:
        """Go on from the hand ``deal`` starts, as it states it: its round, dealer, honba, sticks and scores
        become the game's (a record that starts after the game's first hand, or the hand after one the
        engine refused). A hand in play is dropped unsettled; ``deal`` is then applied as usual."""
        self.round_wind, self.round_number, self.dealer = deal.round_wind, deal.round_number, deal.dealer
        self.honba, self.sticks, self.scores = deal.honba, deal.sticks, list(deal.scores)
        self.dealer_streak = 0
        self.round = None
        self._settled = None
        self.ended = False

    def _deal(self, deal: Deal) -> None:
        if self.round is not None:
            if not self.round.is_over:
                raise IllegalActionError("the hand in play has not ended", event=deal, rule="sequence")
            if self.is_over and not self.may_go_on:
                raise IllegalActionError("the game is over: no more hands", event=deal, rule="game_end")
            self._close_hand()
        expected = (self.round_wind, self.round_number, self.dealer)
        if (deal.round_wind, deal.round_number, deal.dealer) != expected:
            raise IllegalActionError(f"the next hand is {self._next_text()}", event=deal, rule="dealer_rotation")
        self.round = Round(deal, self.rules, scores=tuple(self.scores), honba=self.honba, sticks=self.sticks,
                           dealer_streak=self.dealer_streak)

    def _next_text(self) -> str:
        return f"{self.round_wind}{self.round_number} with seat {self.dealer} dealing"

    # -- results ---------------------------------------------------------------------------------------

    @property
    def hand_result(self) -> HandResult | None:
        """The settlement of the hand in play once it is over (None before)."""
        r = self.round
        if r is None or not r.is_over:
            return None
        if self._settled is None:
            self._settled = _settle(self, r)
        return self._settled

    @property
    def is_over(self) -> bool:
        """The game has ended, or the hand just over ends it."""
        if self.ended:
            return True
        result = self.hand_result
        return result is not None and result.game_over

    @property
    def may_go_on(self) -> bool:
        """The hand just over ends the game only by the dealer's tenpai-yame, which the dealer may decline
        (:class:`~riichi.rules.TenpaiYame`): a next deal then continues the game."""
        r, result = self.round, self.hand_result
        return (r is not None and result is not None and result.game_over and result.draw is not None
                and self.rules.game.tenpai_yame is TenpaiYame.DEALERS_CHOICE
                and not _game_over(self, r, result, tenpai_yame=False))

    def next_hand(self) -> HandFrame:
        """The hand to deal next: round, dealer, honba, sticks and scores (the finished hand settled)."""
        r = self.round
        if r is None:
            return HandFrame(self.round_wind, self.round_number, self.dealer, self.honba, self.sticks,
                             tuple(self.scores), self.dealer_streak)
        result = self.hand_result
        if result is None:
            raise IllegalActionError("the hand in play has not ended", rule="sequence")
        return _next_frame(self, r, result)

    def _close_hand(self) -> None:
        """Fold the finished hand into the game's bookkeeping."""
        result = self.hand_result
        if result is None:
            return
        frame = self.next_hand()
        self.results.append(result)
        self.round_wind, self.round_number, self.dealer = frame.round_wind, frame.round_number, frame.dealer
        self.honba, self.sticks, self.scores = frame.honba, frame.sticks, list(frame.scores)
        self.dealer_streak = frame.dealer_streak
        self.round = None
        self._settled = None

    def table(self) -> tuple[tuple[int, ...], int]:
        """The scores and the riichi sticks on the table now (a finished hand settled)."""
        r = self.round
        if r is None:
            return tuple(self.scores), self.sticks
        result = self.hand_result
        if result is None:
            return tuple(r.scores), r.sticks
        return result.scores_end, 0 if result.wins else r.sticks

    @property
    def final(self) -> FinalResult:
        """The end of the game as the rules settle it: final scores (leftover sticks settled), places and
        final points after uma and oka. Before the end: the running scores settled as if it ended now."""
        scores, sticks = self.table()
        return settle_game_end(scores, sticks=sticks if self.is_over else 0, rules=self.rules.game)

    @property
    def final_scores(self) -> tuple[int, ...]:
        """The scores at the end, leftover sticks settled as the rules say (the running scores before)."""
        return self.final.scores

    @property
    def final_points(self) -> tuple[float, ...]:
        """Final points in thousands, after uma and oka, as the rules pay them."""
        return self.final.points

    def __repr__(self) -> str:
        return (f"<Game {self.rules.name} {self.round_wind}{self.round_number} dealer={self.dealer} "
                f"scores={self.scores} hands={len(self.results)}{' over' if self.is_over else ''}>")


# -- settling a hand ------------------------------------------------------------------------------------

def is_tenpai(r: Round, seat: int) -> bool:
    """Tenpai at an exhaustive draw: a wait that is not four tiles of the player's own (its kans' tiles not
    counted where the rules call that karaten tenpai)."""
    held = list(r.counts[seat])
    if not r.rules.game.karaten_tenpai:
        for m in r.melds[seat]:
            for t in m.tiles:
                held[KIND_OF[t]] += 1
    return any(held[k] < 4 for k in r.waits[seat])  # noqa: PLR2004


def nagashi_seats(r: Round) -> tuple[int, ...]:
    """Seats whose discards are all terminals and honours, none called (nagashi mangan)."""
    return tuple(s for s in range(r.players) if r.rivers[s]
                 and all(KIND_OF[d.tile] in _ORPHANS and not d.called for d in r.rivers[s]))


def _settle(game: Game, r: Round) -> HandResult:
    rules = game.rules
    n = r.players
    start = tuple(game.scores)
    wins: list[WinResult] = []
    tenpai: tuple[int, ...] | None = None
    nagashi: tuple[int, ...] | None = None
    deltas = [0] * n
    if r.wins:
        ordered = _in_turn_order(r.wins, n)
        for i, record in enumerate(ordered):
            honba = r.honba if i == 0 or rules.game.honba_each_winner else 0
            sticks = r.sticks if i == 0 else 0
            wins.append(_win_result(r, record, honba, sticks))
        for w in wins:
            for s in range(n):
                deltas[s] += w.deltas[s]
        draw = None
    else:
        draw = r.ended
        assert draw is not None
        if not draw.is_abortive:
            tenpai = tuple(s for s in range(n) if is_tenpai(r, s))
            paid = nagashi_seats(r) if rules.scoring.nagashi_mangan else ()
            nagashi = paid or None
            by_wind = settle_draw({r.seat_wind(s) for s in tenpai}, rules=rules.game,
                                  nagashi={r.seat_wind(s) for s in paid}, honba=r.honba)
            deltas = [by_wind[r.seat_wind(s)] for s in range(n)]
            draw = DrawKind.NAGASHI_MANGAN if paid else DrawKind.EXHAUSTIVE
    end = tuple(r.scores[s] + deltas[s] for s in range(n))
    outcome = Outcome.WIN if wins else Outcome.DRAW
    partial = HandResult(r.round_wind, r.deal.round_number, r.dealer, r.honba, game.sticks,
                         start, tuple(r.dora), tuple(r.riichi_seats), outcome, tuple(wins), draw, tenpai, nagashi,
                         tuple(deltas), end, False)
    return dataclasses.replace(partial, game_over=_game_over(game, r, partial))


def _in_turn_order(records: list[WinRecord], players: int) -> list[WinRecord]:
    source = records[0].event.from_seat
    if source is None:
        return records
    return sorted(records, key=lambda w: (w.event.seat - source) % players)


def _win_result(r: Round, record: WinRecord, honba: int, sticks: int) -> WinResult:
    ctx = _with_sticks(record.context, honba, sticks)
    s = score(record.hand, ctx, r.rules)
    deltas = [0] * r.players
    for delta in s.deltas:
        deltas[r.seat_of(delta.seat)] += delta.points
    liable = None if s.liable is None else r.seat_of(s.liable)
    e = record.event
    return WinResult(e.seat, e.from_seat, record.hand, ctx, s, liable, honba, sticks, tuple(deltas))


def _with_sticks(ctx: WinContext, honba: int, sticks: int) -> WinContext:
    """The context with the honba and sticks this winner collects."""
    return ctx.replace(honba=honba, riichi_sticks=sticks)


def _frame(game: Game, r: Round) -> HandFrame:
    """The frame the hand ``r`` was played in."""
    return HandFrame(r.round_wind, r.deal.round_number, r.dealer, r.honba, game.sticks, tuple(game.scores),
                     r.dealer_streak)


def _outcome(r: Round, result: HandResult) -> HandOutcome:
    return HandOutcome(tuple(w.winner for w in result.wins), result.draw, result.tenpai or (), result.scores_end,
                       r.sticks)


def _next_frame(game: Game, r: Round, result: HandResult) -> HandFrame:
    return next_frame(game.rules, _frame(game, r), _outcome(r, result))


def _game_over(game: Game, r: Round, result: HandResult, *, tenpai_yame: bool = True) -> bool:
    return end_reason(game.rules, _frame(game, r), _outcome(r, result), tenpai_yame=tenpai_yame) is not None
