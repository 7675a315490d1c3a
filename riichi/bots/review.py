"""The review of a recorded game: at each decision a seat made, what a player would have done instead.

:func:`review_game` replays the record event by event (the same engine, every rule checked) and, where
the reviewed seat had a choice, asks the player with the seat's view and legal actions, then compares
with what the record shows the seat did. A discard is compared by its tile (the drawn copy or one from
the hand alike), a win by its kind (tsumo or ron) and tile. After a discard, the seat's choice is read
from what followed: its own win or call, else a pass; when another seat took the tile first with a pon
or a kan while the reviewed seat could have called chi (which loses to them), or with a win, the seat's
choice cannot be known and the decision is not counted.

Any game the engine replays is reviewed: east-only, with negative scores, under any rule set. A hand the
record's reader could not read or the engine refuses is named in :attr:`Review.errors`, and the review goes on
from the next hand's start as the record states it, as ``riichi replay`` does.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from riichi.formats.record import GameRecord, event_name, hand_name
from riichi.frozen import Frozen
from riichi.game.events import Chi, Deal, Discard, Draw, Event, GameStart, Minkan, Pon, Riichi, Ryuukyoku, Win
from riichi.game.expert import ExpertPlayer, judge_discards
from riichi.game.game import Game
from riichi.game.legal import Action, Pass, legal_actions
from riichi.game.phase import Phase
from riichi.game.players import Player, SeatView
from riichi.game.round import Round
from riichi.notation import format_tiles
from riichi.rules import RuleSet
from riichi.tiles import KIND_OF

__all__ = ["Decision", "Judged", "Review", "review_game"]


@dataclass(frozen=True, slots=True)
class Decision(Frozen):
    """One decision of the reviewed seat: where it was, the seat's hand, what the record shows it did and what
    the player chose (``agrees`` when they are the same play)."""

    hand: int
    round: str
    honba: int
    #: The position in the hand's events of the seat's (recorded) action, or of the event after it passed.
    event: int
    hand_tiles: str
    recorded: str
    chosen: str
    agrees: bool = False
    #: Where both are discards and the reviewing player is the expert: how it judges each (the chance of winning
    #: times the value played for, the chance of dealing in and the points that loses, the score it chooses by)
    #: and the points the recorded discard gives up against its own choice.
    judged: tuple[Judged, Judged] | None = None

    @property
    def value_lost(self) -> float | None:
        """The expert's score of its own discard less that of the recorded one (None where not judged)."""
        return None if self.judged is None else self.judged[1].score - self.judged[0].score

    def to_json(self) -> dict[str, object]:
        out: dict[str, object] = {
            "hand": self.hand, "round": self.round, "honba": self.honba, "event": self.event,
            "hand_tiles": self.hand_tiles, "recorded": self.recorded, "chosen": self.chosen, "agrees": self.agrees}
        if self.judged is not None:
            out["recorded_judged"] = self.judged[0].to_json()
            out["chosen_judged"] = self.judged[1].to_json()
            out["value_lost"] = round(self.value_lost or 0.0, 1)
        return out


@dataclass(frozen=True, slots=True)
class Judged(Frozen):
    """One discard as the expert judges it (see :class:`riichi.game.expert.DiscardJudgement`)."""

    tile: str
    shanten: int
    win: float
    value: float
    deal_in: float
    loss: float
    score: float

    def to_json(self) -> dict[str, object]:
        return {"tile": self.tile, "shanten": self.shanten, "win": round(self.win, 4), "value": round(self.value),
                "expected": round(self.win * self.value, 1), "deal_in": round(self.deal_in, 4),
                "loss": round(self.loss, 1), "score": round(self.score, 1)}


def _judged(r: Round, seat: int, actions: tuple[Action, ...], recorded: Action,
            chosen: Action) -> tuple[Judged, Judged] | None:
    """The expert's judgement of the recorded and the chosen discard, when both are discards."""
    if not isinstance(recorded, Discard) or not isinstance(chosen, Discard):
        return None
    discards = [a for a in actions if isinstance(a, Discard)]
    found: dict[int, Judged] = {}
    for j in judge_discards(SeatView(r, seat), discards):
        kind = KIND_OF[j.action.tile]
        if kind not in found:
            found[kind] = Judged(str(j.action.tile), j.shanten, j.win, j.value, j.deal_in, j.loss, j.score)
    a, b = found.get(KIND_OF[recorded.tile]), found.get(KIND_OF[chosen.tile])
    return None if a is None or b is None else (a, b)


@dataclass(frozen=True, slots=True)
class Review(Frozen):
    """The review of one seat of one game."""

    seat: int
    decisions: int
    agreements: int
    #: Decisions whose recorded choice the record cannot show (another seat took the tile first).
    unknown: int
    disagreements: tuple[Decision, ...]
    #: Each hand the review could not replay, the reader's or the engine's refusal naming it (the hand's decisions
    #: before the refusal are reviewed; the review goes on from the next hand's start as the record states it).
    errors: tuple[str, ...] = ()
    #: Every counted decision in order, agreeing or not (the replay page shows each beside the record).
    choices: tuple[Decision, ...] = ()

    @property
    def error(self) -> str | None:
        """The first of :attr:`errors` (None when every hand was reviewed)."""
        return self.errors[0] if self.errors else None

    @property
    def rate(self) -> float:
        """The share of decisions where the player agreed with the record (1.0 when there were none)."""
        return self.agreements / self.decisions if self.decisions else 1.0

    def to_json(self) -> dict[str, object]:
        return {"seat": self.seat, "decisions": self.decisions, "agreements": self.agreements,
                "agreement_rate": round(self.rate, 4), "unknown": self.unknown,
                "disagreements": [d.to_json() for d in self.disagreements], "error": self.error,
                "errors": list(self.errors)}


def review_game(record: GameRecord, seat: int, player: Player, *, rules: RuleSet | None = None,
                observe: Callable[[Event], None] | None = None) -> Review:
    """Review ``seat`` of ``record`` against ``player`` (``observe``, when given, sees every event first:
    an mjai bot follows the game through it)."""
    game = Game(rules if rules is not None else record.ruleset(), names=record.names)
    start = GameStart(game.rules.name, record.names)
    game.apply(start)
    if observe is not None:
        observe(start)
    decisions = agreements = unknown = 0
    choices: list[Decision] = []
    errors: list[str] = []
    judge = isinstance(player, ExpertPlayer)
    unread: dict[int, list[str]] = {}
    for e in record.errors:
        if e.hand is not None:
            unread.setdefault(e.hand, []).append(e.message)
    hands = {h.index: h for h in record.hands}
    resume = False
    for index in sorted(set(hands) | set(unread)):
        hand = hands.get(index)
        if hand is None or index in unread:
            errors += unread.get(index, [])
            resume = True
            continue
        if resume:
            stated = hand.stated_start()
            if stated is None:
                errors.append(f"{hand_name(index)} states no start scores to go on from")
                break
            game.resume(stated)
            resume = False
        events = [e for e in hand.events if isinstance(e, Event)]
        asked_on: tuple[int, int, int, Phase] | None = None  # the tile on the table the seat was last asked about
        for position, event in enumerate(events):
            r = game.round
            if r is not None and not isinstance(event, Deal) and not r.is_over:
                on_table = (r.discards, len(r.kan_seats), sum(r.kita), r.phase)
                repeat = r.phase is not Phase.TURN and on_table == asked_on
                asked = None if repeat else _ask(r, seat, player)
                if asked is not None and r.phase is not Phase.TURN:
                    asked_on = on_table
                if asked is not None:
                    actions, chosen = asked
                    recorded = _recorded(r, seat, events, position, actions)
                    if recorded is None:
                        unknown += 1
                    else:
                        decisions += 1
                        agrees = _same(recorded, chosen)
                        agreements += 1 if agrees else 0
                        judged = _judged(r, seat, actions, recorded, chosen) if judge and not agrees else None
                        choices.append(Decision(
                            hand.index, f"{r.round_wind}{r.deal.round_number}", r.honba, position,
                            format_tiles(r.hands[seat]), str(recorded), str(chosen), agrees, judged))
            try:
                game.apply(event)
            except ValueError as exc:
                what = str(event).partition(" wall=")[0]  # a deal without the 136 tiles of its wall
                errors.append(f"{hand_name(hand.index)}, {event_name(hand.event_number(position))} ({what}): {exc}")
                resume = True
                break
            if observe is not None:
                observe(event)
    return Review(seat, decisions, agreements, unknown, tuple(c for c in choices if not c.agrees), tuple(errors),
                  tuple(choices))


def _ask(r: Round, seat: int, player: Player) -> tuple[tuple[Action, ...], Action] | None:
    """The seat's legal actions and the player's choice, when the seat has a decision now."""
    if r.phase is Phase.TURN:
        if r.turn != seat:
            return None
    elif r.phase not in (Phase.CALLS, Phase.KAN) or r.last is None or r.last[0] == seat or r.dora_due:
        return None
    actions = legal_actions(r, seat)
    if not actions:
        return None
    return actions, player.choose(SeatView(r, seat), actions)


def _recorded(r: Round, seat: int, events: Sequence[Event], position: int,
              actions: tuple[Action, ...]) -> Action | None:
    """What the record shows the seat did at this decision (None when it cannot be known)."""
    if r.phase is Phase.TURN:
        return events[position]
    for at, event in enumerate(events[position:], start=position):
        if isinstance(event, Win):  # one win, or several on the same tile in a row
            wins = [e for e in events[at:at + len(r.hands)] if isinstance(e, Win)]
            return next((w for w in wins if w.seat == seat), None)  # another seat's win hides its choice
        if isinstance(event, Chi | Pon | Minkan):
            if event.seat == seat:
                return event
            if isinstance(event, Pon | Minkan) and any(isinstance(a, Chi) for a in actions):
                return None  # its chi would have lost to the pon or kan
            return Pass(seat)
        if isinstance(event, Draw | Discard | Ryuukyoku):
            return Pass(seat)
    return Pass(seat)


def _same(recorded: Action, chosen: Action) -> bool:
    if isinstance(recorded, Discard) and isinstance(chosen, Discard):
        return recorded.seat == chosen.seat and recorded.tile == chosen.tile
    if isinstance(recorded, Win) and isinstance(chosen, Win):
        return (recorded.seat, recorded.from_seat, recorded.tile) == (chosen.seat, chosen.from_seat, chosen.tile)
    if isinstance(recorded, Riichi) and isinstance(chosen, Riichi):
        return recorded.seat == chosen.seat and recorded.open == chosen.open
    return recorded == chosen
