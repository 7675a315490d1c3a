"""What a scorekeeper writes down for a game, and what the score sheet makes of it: frozen values.

A :class:`SheetGame` is the rules and the hands in play order; each :class:`SheetHand` says only what happened
(who won off whom for how many han and fu, who declared riichi, who was tenpai at the draw), never a score.
:func:`~riichi.sheet.score.score_sheet` turns it into a :class:`SheetResult`. A :class:`FinalScoresGame` is a game
recorded by its final scores alone.

>>> SheetHand.ron(2, SheetWin(1, han=4, fu=30), riichi=(2,))
SheetHand.ron(2, SheetWin(1, han=4, fu=30), riichi=(2,))
>>> SheetHand.draw(tenpai=(1, 2))
SheetHand.draw(tenpai=(1, 2))
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass, field

from riichi.formats import strict_json
from riichi.frozen import Frozen
from riichi.game.progress import EndReason, HandFrame
from riichi.rules import TENHOU, AbortiveDraw, RuleSet
from riichi.scoring.limits import Limit
from riichi.tiles import Wind

__all__ = [
    "FinalScoresGame",
    "HandKind",
    "SheetGame",
    "SheetHand",
    "SheetHandResult",
    "SheetResult",
    "SheetWin",
    "SheetWinResult",
]


class HandKind(enum.Enum):
    """How a hand on the sheet ended (the sheet's ``result``)."""

    RON = "ron"  #: one or more wins on a discard
    TSUMO = "tsumo"  #: a win by self-draw
    DRAW = "draw"  #: an exhaustive draw (with the tenpai seats, and any nagashi mangan)
    ABORTIVE = "abortive"  #: an abortive draw of a kind the rules play
    CHOMBO = "chombo"  #: a chombo: the offender penalised as the rules say, the hand dealt again

    def __repr__(self) -> str:
        return f"HandKind.{self.name}"


@dataclass(frozen=True, slots=True)
class SheetWin(Frozen):
    """One winner's hand as written down: han (every dora counted) and fu, or a yakuman count; the liable seat.

    ``fu`` may be left out from 5 han up; ``pao_yakuman`` is how many yakuman the liable seat answers for where
    the rules make it liable for the fed yakuman's share only (Mahjong Soul's ``yakuman_share``)."""

    winner: int
    han: int | None = None
    fu: int | None = None
    yakuman: int | None = None
    pao: int | None = None
    pao_yakuman: int = 1
    #: The winning hand itself, to be scored: a win case of the interchange format as JSON text (``hand``,
    #: ``melds``, ``win``, ``dora``, ``ura``, ``kita`` and the situation flags), without what the sheet says
    #: itself (tsumo or the discarder, the seat and round winds, riichi, honba, sticks, rules). Its seats (a
    #: meld's ``from``) are seat winds of the hand, as in every win case. Instead of han, fu or yakuman.
    case: str | None = None

    @classmethod
    def of_hand(cls, winner: int, case: Mapping[str, object]) -> SheetWin:
        """A win given by its hand: ``SheetWin.of_hand(1, {"hand": "234m456p678s44433z", "win": "3z"})``."""
        return cls(winner, case=strict_json.dumps(dict(case)))

    def __repr__(self) -> str:
        parts = [str(self.winner)]
        for name in ("han", "fu", "yakuman", "pao", "case"):
            value = getattr(self, name)
            if value is not None:
                parts.append(f"{name}={value!r}")
        if self.pao_yakuman != 1:
            parts.append(f"pao_yakuman={self.pao_yakuman!r}")
        return f"SheetWin({', '.join(parts)})"


@dataclass(frozen=True, slots=True)
class SheetHand(Frozen):
    """One hand as written down; build it with :meth:`ron`, :meth:`tsumo`, :meth:`draw`, :meth:`abortive_draw` or
    :meth:`chombo_of`. ``riichi`` lists the seats whose riichi was accepted (who put down a stick)."""

    result: HandKind
    riichi: tuple[int, ...] = ()
    #: The discarder of a ron (the sheet's ``from``).
    discarder: int | None = None
    wins: tuple[SheetWin, ...] = ()
    #: Seats tenpai at an exhaustive draw.
    tenpai: tuple[int, ...] = ()
    #: Seats paid nagashi mangan at an exhaustive draw.
    nagashi: tuple[int, ...] = ()
    #: The kind of an abortive draw (the sheet's ``kind``).
    abortive: AbortiveDraw | None = None
    #: The seat penalised with a chombo (the sheet's ``seat``).
    offender: int | None = None

    @classmethod
    def ron(cls, discarder: int, *wins: SheetWin, riichi: tuple[int, ...] = ()) -> SheetHand:
        return cls(HandKind.RON, riichi, discarder=discarder, wins=wins)

    @classmethod
    def tsumo(cls, win: SheetWin, *, riichi: tuple[int, ...] = ()) -> SheetHand:
        return cls(HandKind.TSUMO, riichi, wins=(win,))

    @classmethod
    def draw(cls, *, tenpai: tuple[int, ...] = (), riichi: tuple[int, ...] = (),
             nagashi: tuple[int, ...] = ()) -> SheetHand:
        return cls(HandKind.DRAW, riichi, tenpai=tenpai, nagashi=nagashi)

    @classmethod
    def abortive_draw(cls, kind: AbortiveDraw, *, riichi: tuple[int, ...] = ()) -> SheetHand:
        return cls(HandKind.ABORTIVE, riichi, abortive=kind)

    @classmethod
    def chombo_of(cls, seat: int, *, riichi: tuple[int, ...] = ()) -> SheetHand:
        return cls(HandKind.CHOMBO, riichi, offender=seat)

    def __repr__(self) -> str:
        tail = f", riichi={self.riichi!r}" if self.riichi else ""
        if self.result is HandKind.RON:
            wins = "".join(f", {w!r}" for w in self.wins)
            return f"SheetHand.ron({self.discarder!r}{wins}{tail})"
        if self.result is HandKind.TSUMO and len(self.wins) == 1:
            return f"SheetHand.tsumo({self.wins[0]!r}{tail})"
        if self.result is HandKind.DRAW:
            args = [f"tenpai={self.tenpai!r}"] if self.tenpai else []
            args += [f"nagashi={self.nagashi!r}"] if self.nagashi else []
            args += [f"riichi={self.riichi!r}"] if self.riichi else []
            return f"SheetHand.draw({', '.join(args)})"
        if self.result is HandKind.ABORTIVE:
            return f"SheetHand.abortive_draw({self.abortive!r}{tail})"
        if self.result is HandKind.CHOMBO:
            return f"SheetHand.chombo_of({self.offender!r}{tail})"
        return (f"SheetHand({self.result!r}, {self.riichi!r}, discarder={self.discarder!r}, wins={self.wins!r}, "
                f"tenpai={self.tenpai!r}, nagashi={self.nagashi!r}, abortive={self.abortive!r}, "
                f"offender={self.offender!r})")


@dataclass(frozen=True, slots=True)
class SheetGame(Frozen):
    """A game as a scorekeeper writes it: the rules, the hands in play order (a game in progress has fewer hands
    than the game will), and the players' names, one a seat (seat 0 is the first dealer)."""

    rules: RuleSet = TENHOU
    hands: tuple[SheetHand, ...] = ()
    names: tuple[str, ...] | None = None


@dataclass(frozen=True, slots=True)
class FinalScoresGame(Frozen):
    """A game recorded by its final scores alone (as most tournaments record it): the scores at the table when
    it ended, the riichi sticks still on the table then, and each chombo's offender (one entry a chombo, for the
    rules' penalty off the final result)."""

    rules: RuleSet = TENHOU
    final_scores: tuple[int, ...] = ()
    leftover_sticks: int = 0
    chombo: tuple[int, ...] = ()
    names: tuple[str, ...] | None = None


@dataclass(frozen=True, slots=True)
class SheetWinResult(Frozen):
    """What one win was worth and moved."""

    winner: int
    #: The hand's value without honba and sticks (what a ron's discarder pays; a tsumo's payments together).
    points: int
    limit: Limit | None
    #: The liable seat that paid a share (None when nobody did).
    pao: int | None
    #: Every seat's change from this win, honba and the sticks it collects included.
    deltas: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class SheetHandResult(Frozen):
    """One hand scored: the state it was played in, and what it moved.

    ``deltas`` is every seat's change in the hand (the wins' values, honba, sticks collected, noten and nagashi
    payments, liability, a chombo's payment); the riichi deposits put down in the hand are not deltas, so
    ``scores_end`` is ``scores_start`` less 1,000 a seat's accepted riichi, plus ``deltas`` (as in the replay
    contract). A chombo's hand returns its riichi deposits: they are in its ``deltas``."""

    index: int
    kind: HandKind
    round_wind: Wind
    round_number: int
    dealer: int
    honba: int
    #: Riichi sticks on the table at the start of the hand.
    riichi_sticks: int
    scores_start: tuple[int, ...]
    deltas: tuple[int, ...]
    scores_end: tuple[int, ...]
    wins: tuple[SheetWinResult, ...]


@dataclass(frozen=True, slots=True)
class SheetResult(Frozen):
    """A whole sheet scored: every hand, and the end of the game or the hand to play next.

    When ``over``: ``end`` says why (None for a game recorded by its final scores only), ``leftover_sticks`` the
    sticks left on the table (settled as the rules' ``leftover_sticks`` say), ``final_scores`` with them settled,
    ``final_points`` after uma, oka, the rules' rounding and the ``penalties``, ``placements`` (1 = first). When
    not: ``next`` is the hand to play, ``scores`` the running scores."""

    hands: tuple[SheetHandResult, ...]
    over: bool
    end: EndReason | None
    #: The running scores after the last hand (before leftover sticks are settled).
    scores: tuple[int, ...]
    #: Riichi sticks on the table after the last hand.
    riichi_sticks: int
    #: Points taken off each seat's final result (chombo penalties), by seat.
    penalties: tuple[int, ...]
    final_scores: tuple[int, ...] | None = None
    final_points: tuple[float, ...] | None = None
    placements: tuple[int, ...] | None = None
    next: HandFrame | None = None
    names: tuple[str, ...] | None = field(default=None)

    @property
    def leftover_sticks(self) -> int:
        """The sticks left on the table when the game ended (0 while it goes on)."""
        return self.riichi_sticks if self.over else 0

    @property
    def leftover_sticks_to(self) -> tuple[int, ...]:
        """Where the sticks left at the end went, as the rules' ``leftover_sticks`` say: the seat that took them
        (the top; tied tops share where the rules split ties), or nobody."""
        final = self.final_scores
        if final is None:
            return ()
        return tuple(s for s in range(len(final)) if final[s] != self.scores[s])
