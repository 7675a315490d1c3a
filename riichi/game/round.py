"""The state of one hand (kyoku), stepped only by :meth:`Round.apply`.

A :class:`Round` starts from a :class:`~riichi.game.events.Deal` and changes only when an event is
applied; an event the rules do not allow at that moment is refused with an
:class:`~riichi.errors.IllegalActionError` naming the rule. Every situational fact a win needs
(riichi, double riichi, ippatsu, haitei, houtei, rinshan, chankan, tenhou, chiihou, renhou, the
Norths set aside) is derived from the events, and a win is scored by building the :class:`~riichi.hand.Hand` and
:class:`~riichi.scoring.context.WinContext` and calling :func:`~riichi.score`, as a user would.

The wall may be known (the :class:`Deal` carries it: every tile an event names is checked against
it) or unknown (a replay: the events bring the tiles, the round keeps the counts).

What a seat may do now is :func:`riichi.game.legal.legal_actions`; this module holds the state and
the rules each event must satisfy.

>>> from riichi.game.wall import Wall
>>> from riichi.rules import TENHOU
>>> wall = Wall.shuffled(seed=1)
>>> r = Round.from_wall(wall, TENHOU)
>>> r.phase, r.turn, r.live_tiles_left
(Phase.DRAW, 0, 70)
>>> r.apply(Draw(0, wall.live_tile(0)))
>>> r.phase, len(r.concealed(0))
(Phase.TURN, 14)
"""

from __future__ import annotations

from typing import Final

from riichi.errors import IllegalActionError
from riichi.game.events import (
    Ankan,
    Chi,
    Deal,
    Discard,
    DoraRevealed,
    Draw,
    DrawKind,
    Event,
    Kita,
    Minkan,
    Pon,
    Riichi,
    RiichiAccepted,
    Ryuukyoku,
    Shouminkan,
    Win,
)
from riichi.game import legal
from riichi.game.phase import Phase, RiverTile, WinRecord
from riichi.game.picture import round_html, round_text
from riichi.game.wall import MAX_INDICATORS, Wall, live_draws
from riichi.hand import Meld, MeldType
from riichi.notation import format_tiles
from riichi.rules import KanDoraTiming, RuleSet
from riichi.tiles import KIND_OF, Tile, Wind

__all__ = ["Phase", "RiverTile", "Round", "WinRecord"]

_WINDS: Final = tuple(Wind)
_NORTH: Final = 30


def _dealt_difference(seat: int, stated: tuple[Tile, ...], dealt: tuple[Tile, ...]) -> str:
    """What a starting hand holds that the wall does not deal, and what the wall deals instead."""
    extra, missing = list(stated), []
    for tile in dealt:
        if tile in extra:
            extra.remove(tile)
        else:
            missing.append(tile)
    return (f"seat {seat}'s starting hand holds {format_tiles(extra)} where the wall deals "
            f"{format_tiles(missing)}")


class Round:
    """One hand of riichi, from the deal to a win or a drawn hand; see the module description."""

    def __init__(self, deal: Deal, rules: RuleSet, *, scores: tuple[int, ...] | None = None,
                 honba: int | None = None, sticks: int | None = None, dealer_streak: int = 0) -> None:
        self.rules = rules
        self.deal = deal
        #: Seats at the table: 4, or 3 (a three-player game).
        self.players = n = deal.players
        if n != rules.game.players:
            raise IllegalActionError(f"a deal of {n} hands under rules for {rules.game.players} players",
                                     event=deal, rule="players")
        #: Tiles the live wall gives when nobody kans: 70, or 55 with three players.
        self.live_total = live_draws(n)
        self.wall: Wall | None = Wall(deal.wall) if deal.wall is not None else None
        if self.wall is not None:
            dealt = self.wall.hands(deal.dealer)
            for seat in range(n):
                if sorted(dealt[seat]) != sorted(deal.hands[seat]):
                    raise IllegalActionError(_dealt_difference(seat, deal.hands[seat], dealt[seat]), rule="wall")
            if self.wall.dora_indicator(0) != deal.dora:
                raise IllegalActionError(f"the first dora indicator is {deal.dora}, the wall's is "
                                         f"{self.wall.dora_indicator(0)}", rule="wall")
        self.round_wind: Wind = deal.round_wind
        self.dealer = deal.dealer
        self.scores = list(deal.scores if scores is None else scores)
        self.honba = deal.honba if honba is None else honba
        self.sticks = deal.sticks if sticks is None else sticks
        self._start = (tuple(self.scores), self.sticks)
        #: Consecutive dealer wins before this hand (paarenchan is the eighth).
        self.dealer_streak = dealer_streak
        self.hands: list[list[Tile]] = [list(h) for h in deal.hands]
        #: Each seat's concealed tiles counted by kind (0..33), kept with ``hands``: what shanten and
        #: waits read.
        self.counts: list[list[int]] = [[0] * 34 for _ in range(n)]
        for seat, hand in enumerate(deal.hands):
            for tile in hand:
                self.counts[seat][KIND_OF[tile]] += 1
        self.melds: list[list[Meld]] = [[] for _ in range(n)]
        self.rivers: list[list[RiverTile]] = [[] for _ in range(n)]
        #: Norths each seat has set aside (kita).
        self.kita = [0] * n
        self.dora: list[Tile] = [deal.dora]
        self.phase = Phase.DRAW
        self.turn = deal.dealer
        self.drawn: Tile | None = None
        self.needs_rinshan = False
        self.drawn_rinshan = False
        #: The replacement tile due (or just drawn) replaces a North set aside, not a kan.
        self.replacing_kita = False
        #: The tile on the table: (discarder, tile) in CALLS; (kan maker, kan tile) in KAN.
        self.last: tuple[int, Tile] | None = None
        self.kan_type: MeldType | None = None
        self.live_draws = 0
        self.kan_seats: list[int] = []
        #: Kan indicators not yet revealed: whether each is due now.
        self.dora_owed: list[bool] = []
        self.riichi = [False] * n
        self.double_riichi = [False] * n
        self.open_riichi = [False] * n
        self.ippatsu = [False] * n
        self.riichi_seats: list[int] = []  #: accepted, in order
        self.declaring: int | None = None  #: declared riichi, its discard still to come
        self.declared_double = False
        self.declared_open = False
        self.awaiting_acceptance: int | None = None  #: the riichi discard is on the table
        self.furiten_temporary = [False] * n
        self.furiten_riichi = [False] * n
        self.waits: list[frozenset[int]] = [frozenset()] * n
        self.no_calls = True  #: the first go-around is still uninterrupted by any call (or North set aside)
        self.draw_count = [0] * n
        #: Discards made by all seats (suufon renda looks at the first four).
        self.discards = 0
        self.after_call = False
        self.kuikae: frozenset[int] = frozenset()
        self.wins: list[WinRecord] = []
        self.ended: DrawKind | None = None
        self.events: list[Event] = []
        #: Copies of each kind that have come out of the wall (hands, draws, indicators): never more than four.
        self.seen = [0] * 34
        for tile in (*(t for h in deal.hands for t in h), deal.dora):
            self.seen[KIND_OF[tile]] += 1
        over = [k for k in range(34) if self.seen[k] > 4]  # noqa: PLR2004
        if over:
            raise IllegalActionError(f"the deal shows {self.seen[over[0]]} copies of {Tile(over[0])}", event=deal,
                                     rule="tiles")
        for seat in range(n):
            self.waits[seat] = legal.hand_waits(self, seat)

    @classmethod
    def from_wall(cls, wall: Wall, rules: RuleSet, *, round_wind: Wind = Wind.EAST, round_number: int = 1,
                  dealer: int = 0, honba: int = 0, sticks: int = 0,
                  scores: tuple[int, ...] | None = None) -> Round:
        """A round dealt from ``wall`` (its tiles checked at every event); ``scores`` default to the rules'
        starting points."""
        if scores is None:
            scores = (rules.game.starting_points,) * wall.players
        deal = Deal(round_wind, round_number, dealer, wall.dora_indicator(0), wall.hands(dealer), honba=honba,
                    sticks=sticks, scores=scores, wall=wall.tiles)
        return cls(deal, rules)

    def copy(self) -> Round:
        """An independent round in the same position: dealt alike and every event applied again."""
        scores, sticks = self._start
        twin = Round(self.deal, self.rules, scores=scores, honba=self.honba, sticks=sticks,
                     dealer_streak=self.dealer_streak)
        for event in self.events:
            twin.apply(event)
        return twin

    # -- facts ---------------------------------------------------------------------------------------

    @property
    def kans(self) -> int:
        return len(self.kan_seats)

    @property
    def kitas(self) -> int:
        """Norths set aside in the hand, all seats together."""
        return sum(self.kita)

    @property
    def replacements(self) -> int:
        """Replacement tiles taken or due: one per kan and per North set aside."""
        return len(self.kan_seats) + sum(self.kita)

    @property
    def live_tiles_left(self) -> int:
        """Tiles still to be drawn from the live wall (each kan, and each North set aside, takes one for the
        dead wall)."""
        return self.live_total - self.live_draws - self.replacements

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.OVER

    def seat_wind(self, seat: int) -> Wind:
        return _WINDS[(seat - self.dealer) % self.players]

    def seat_of(self, wind: Wind) -> int:
        return (self.dealer + wind) % self.players

    def next_seat(self, seat: int) -> int:
        """The seat after ``seat`` in turn order."""
        return (seat + 1) % self.players

    def concealed(self, seat: int) -> tuple[Tile, ...]:
        return tuple(self.hands[seat])

    def river(self, seat: int) -> tuple[RiverTile, ...]:
        return tuple(self.rivers[seat])

    def is_closed(self, seat: int) -> bool:
        return all(m.type is MeldType.ANKAN for m in self.melds[seat])

    @property
    def dora_due(self) -> bool:
        """A kan indicator the rules reveal now is still face down."""
        return any(self.dora_owed)

    def wall_tiles_left(self) -> tuple[Tile, ...]:
        """The tiles not yet drawn, live and dead wall (revealed indicators included); needs a known wall."""
        wall = self.wall
        if wall is None:
            raise IllegalActionError("the wall is unknown in this round", rule="wall")
        drawn = self.replacements - (1 if self.needs_rinshan else 0)
        taken = {wall.rinshan_position(k) for k in range(drawn)}
        start = wall.dealt + self.live_draws
        return tuple(t for i, t in enumerate(wall.tiles[start:], start) if i not in taken)

    def all_tiles(self) -> tuple[Tile, ...]:
        """Every tile of the round wherever it is now: the hands, the melds, the rivers (a called discard
        counted in its meld), the Norths set aside and the wall left; needs a known wall. Counted, they are the
        wall's 136 (108) at every moment, which the soak and the self-play tests check after each event."""
        tiles = list(self.wall_tiles_left())
        for seat in range(self.players):
            tiles += [Tile.from_kind(_NORTH)] * self.kita[seat]
            tiles += self.hands[seat]
            for m in self.melds[seat]:
                tiles += m.tiles
            tiles += [d.tile for d in self.rivers[seat] if not d.called]
        return tuple(tiles)

    # -- stepping --------------------------------------------------------------------------------------

    def apply(self, event: Event) -> None:
        """Apply one event, or refuse it with :class:`IllegalActionError` (the round is then unchanged)."""
        if self.players != 4:  # noqa: PLR2004 - a seat beyond the table is refused before any state is read
            for seat in (getattr(event, "seat", None), getattr(event, "from_seat", None)):
                if seat is not None and seat >= self.players:
                    raise IllegalActionError(f"seat {seat} is not at a table of {self.players}", event=event,
                                             rule="players")
        match event:
            case Draw():
                self._draw(event)
            case Discard():
                self._discard(event)
            case Riichi():
                self._riichi(event)
            case RiichiAccepted():
                self._riichi_accepted(event)
            case Chi() | Pon() | Minkan():
                self._call(event)
            case Ankan():
                self._ankan(event)
            case Shouminkan():
                self._shouminkan(event)
            case Kita():
                self._kita(event)
            case DoraRevealed():
                self._dora(event)
            case Win():
                self._win(event)
            case Ryuukyoku():
                self._ryuukyoku(event)
            case _:
                raise IllegalActionError(f"a {type(event).__name__} is not an event within a hand", event=event,
                                         rule="sequence")
        self.events.append(event)

    def _refuse(self, event: Event, message: str, rule: str) -> IllegalActionError:
        return IllegalActionError(message, event=event, rule=rule)

    def _expect(self, event: Event, phases: tuple[Phase, ...], seat: int | None = None) -> None:
        if self.phase not in phases:
            raise self._refuse(event, f"not allowed now (the hand is at {self.phase.value}, seat {self.turn})",
                               "sequence")
        if seat is not None and seat != self.turn:
            raise self._refuse(event, f"it is seat {self.turn}'s turn", "turn")

    def _comes_out(self, event: Event, tile: Tile) -> None:
        """A tile leaves the wall: a fifth copy of a kind is no tile of the set."""
        kind = KIND_OF[tile]
        if self.seen[kind] >= 4:  # noqa: PLR2004
            raise self._refuse(event, f"all four {Tile(kind)} are already out of the wall", "tiles")
        self.seen[kind] += 1

    def _take(self, seat: int, tile: Tile) -> None:
        """A tile joins the seat's concealed hand."""
        self.hands[seat].append(tile)
        self.counts[seat][KIND_OF[tile]] += 1

    def _give(self, seat: int, tile: Tile) -> None:
        """A tile leaves the seat's concealed hand (discarded, or into a meld)."""
        self.hands[seat].remove(tile)
        self.counts[seat][KIND_OF[tile]] -= 1

    def _pass_table_tile(self, event: Event, *, taker: int | None = None) -> None:
        """The tile on the table goes by: seats that could have won on it are furiten (temporarily, or for
        the rest of the hand in riichi)."""
        if self.awaiting_acceptance is not None:
            raise self._refuse(event, f"seat {self.awaiting_acceptance}'s riichi discard passed: its riichi is "
                                      f"accepted first (riichi_accepted)", "riichi")
        assert self.last is not None
        source, tile = self.last
        kind = KIND_OF[tile]
        if self.phase is Phase.KAN and self.kan_type is MeldType.ANKAN:
            # A closed kan passes no winning tile: only thirteen orphans may rob one (where the rules allow),
            # waiting on that one kind, all four of which the kan holds.
            return
        for seat in range(self.players):
            if seat != source and seat != taker and kind in self.waits[seat]:
                self.furiten_temporary[seat] = True
                if self.riichi[seat]:
                    self.furiten_riichi[seat] = True

    def _draw(self, e: Draw) -> None:
        legal.check_draw(self, e)
        self._comes_out(e, e.tile)
        if self.phase is Phase.CALLS:
            self._pass_table_tile(e)
        elif self.phase is Phase.KAN:
            self._pass_table_tile(e)
            if self.kan_type is MeldType.SHOUMINKAN or self.replacing_kita:
                # the added kan, or the North set aside, stands (no one robbed it): it breaks ippatsu as a
                # call does; a ron on it came before it stood, and keeps the winner's ippatsu
                self.ippatsu = [False] * self.players
        if e.rinshan:
            self.drawn_rinshan = True
            self.needs_rinshan = False
        else:
            self.live_draws += 1
            self.drawn_rinshan = False
            self.replacing_kita = False
        self._take(e.seat, e.tile)
        self.drawn = e.tile
        self.draw_count[e.seat] += 1
        self.furiten_temporary[e.seat] = False
        self.turn = e.seat
        self.after_call = False
        self.kuikae = frozenset()
        self.last = None
        self.kan_type = None
        self.phase = Phase.TURN

    def _discard(self, e: Discard) -> None:
        legal.check_discard(self, e)
        self._give(e.seat, e.tile)
        self.discards += 1
        declaring = self.declaring == e.seat
        self.rivers[e.seat].append(RiverTile(e.tile, e.tsumogiri, riichi=declaring))
        if self.ippatsu[e.seat]:
            self.ippatsu[e.seat] = False
        if declaring:
            self.declaring = None
            self.awaiting_acceptance = e.seat
        if self.drawn is None or KIND_OF[self.drawn] != KIND_OF[e.tile]:
            # Discarding a copy of the tile drawn leaves the hand held before the draw, and its waits.
            self.waits[e.seat] = legal.hand_waits(self, e.seat)
        self.dora_owed = [True] * len(self.dora_owed)
        self.drawn = None
        self.after_call = False
        self.kuikae = frozenset()
        self.last = (e.seat, e.tile)
        self.phase = Phase.CALLS

    def _riichi(self, e: Riichi) -> None:
        self._expect(e, (Phase.TURN,), e.seat)
        legal.check_riichi_declaration(self, e)
        self.declaring = e.seat
        self.declared_double = self.no_calls and not self.rivers[e.seat]
        self.declared_open = e.open

    def _riichi_accepted(self, e: RiichiAccepted) -> None:
        if self.phase is not Phase.CALLS or self.awaiting_acceptance != e.seat:
            raise self._refuse(e, f"seat {e.seat} has no riichi discard on the table", "riichi")
        self.awaiting_acceptance = None
        self.riichi[e.seat] = True
        self.double_riichi[e.seat] = self.declared_double
        self.open_riichi[e.seat] = self.declared_open
        self.ippatsu[e.seat] = self.rules.scoring.ippatsu
        self.riichi_seats.append(e.seat)
        self.scores[e.seat] -= 1000
        self.sticks += 1

    def _call(self, e: Chi | Pon | Minkan) -> None:
        legal.check_call(self, e)
        self._pass_table_tile(e, taker=e.seat)
        river = self.rivers[e.from_seat]
        taken = river[-1]
        river[-1] = RiverTile(taken.tile, taken.tsumogiri, taken.riichi, called=True)
        for t in e.own:
            self._give(e.seat, t)
        kind = {Chi: MeldType.CHI, Pon: MeldType.PON, Minkan: MeldType.MINKAN}[type(e)]
        self.melds[e.seat].append(Meld(kind, e.tiles, self.seat_wind(e.from_seat)))
        self.no_calls = False
        self.ippatsu = [False] * self.players
        self.turn = e.seat
        self.last = None
        self.drawn = None
        if isinstance(e, Minkan):
            self.waits[e.seat] = legal.hand_waits(self, e.seat)
            self._kan_declared(e.seat, MeldType.MINKAN, immediate=self.rules.game.kan_dora_timing is KanDoraTiming.IMMEDIATE)
            self.phase = Phase.DRAW
        else:
            self.after_call = True
            self.kuikae = legal.kuikae_kinds(self.rules.game.kuikae, e.tile, e.own, chi=isinstance(e, Chi))
            self.phase = Phase.TURN

    def _kan_declared(self, seat: int, kind: MeldType, *, immediate: bool) -> None:
        self.dora_owed = [True] * len(self.dora_owed)
        self.kan_seats.append(seat)
        if self.rules.scoring.kan_dora and len(self.dora) + len(self.dora_owed) < MAX_INDICATORS:
            self.dora_owed.append(immediate)
        self.needs_rinshan = True
        self.replacing_kita = False
        self.kan_type = kind

    def _ankan(self, e: Ankan) -> None:
        legal.check_ankan(self, e)
        for t in e.tiles:
            self._give(e.seat, t)
        self.melds[e.seat].append(Meld(MeldType.ANKAN, e.tiles))
        self.waits[e.seat] = legal.hand_waits(self, e.seat)
        self.no_calls = False
        self.ippatsu = [False] * self.players
        self._kan_declared(e.seat, MeldType.ANKAN, immediate=True)
        self.drawn = None
        self.last = (e.seat, e.tiles[0])
        self.phase = Phase.KAN

    def _shouminkan(self, e: Shouminkan) -> None:
        at = legal.check_shouminkan(self, e)
        self._give(e.seat, e.tile)
        pon = self.melds[e.seat][at]
        self.melds[e.seat][at] = Meld(MeldType.SHOUMINKAN, (*pon.tiles, e.tile), pon.from_seat)
        self.waits[e.seat] = legal.hand_waits(self, e.seat)
        self.no_calls = False
        self._kan_declared(e.seat, MeldType.SHOUMINKAN, immediate=self.rules.game.kan_dora_timing is KanDoraTiming.IMMEDIATE)
        self.drawn = None
        self.last = (e.seat, e.tile)
        self.phase = Phase.KAN

    def _kita(self, e: Kita) -> None:
        legal.check_kita(self, e)
        self._give(e.seat, e.tile)
        self.kita[e.seat] += 1
        self.waits[e.seat] = legal.hand_waits(self, e.seat)
        self.no_calls = False
        # ippatsu ends at the replacement draw, as for an added kan: a North robbed never stood
        self.needs_rinshan = True
        self.replacing_kita = True
        self.kan_type = None
        self.drawn = None
        self.last = (e.seat, e.tile)
        self.phase = Phase.KAN

    def _dora(self, e: DoraRevealed) -> None:
        if not self.dora_owed or self.phase is Phase.OVER:
            raise self._refuse(e, "no kan indicator is face down", "kan_dora")
        if self.wall is not None and self.wall.dora_indicator(len(self.dora)) != e.tile:
            raise self._refuse(e, f"the wall's next indicator is {self.wall.dora_indicator(len(self.dora))}",
                               "wall")
        self._comes_out(e, e.tile)
        self.dora.append(e.tile)
        self.dora_owed.pop(0)

    def _win(self, e: Win) -> None:
        record = legal.check_win(self, e)
        if self.awaiting_acceptance is not None and e.from_seat == self.awaiting_acceptance:
            self.awaiting_acceptance = None  # the declaring discard was won on: no riichi, no stick
        self.wins.append(record)
        self.phase = Phase.OVER

    def _ryuukyoku(self, e: Ryuukyoku) -> None:
        legal.check_ryuukyoku(self, e)
        self.ended = e.kind
        self.phase = Phase.OVER

    # -- pictures ------------------------------------------------------------------------------------------

    def __str__(self) -> str:
        return round_text(self)

    def __repr__(self) -> str:
        return (f"<Round {self.round_wind}{self.deal.round_number} dealer={self.dealer} honba={self.honba} "
                f"phase={self.phase.value} turn={self.turn} live={self.live_tiles_left}>")

    def _repr_html_(self) -> str:
        return round_html(self)
