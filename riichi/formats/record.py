"""What a game record says, independent of its format.

A record is read into a :class:`GameRecord`: the rules it states, and per hand
the actions (the engine's events) and the results it states. Results are only
ever compared with the engine's own; reading never fails with an exception:
what could not be read is a :class:`RecordError` naming where and what.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import Final

from riichi.frozen import Frozen
from riichi.game.events import DrawKind
from riichi.rules import PRESETS, FinalRounding, GameLength, RuleSet
from riichi.tiles import Tile
from riichi.yaku import Yaku

__all__ = [
    "MAX_NUMBER",
    "ErrorCode",
    "GameRecord",
    "HandRecord",
    "RecordError",
    "RecordRules",
    "StatedDraw",
    "StatedGameEnd",
    "StatedHand",
    "StatedWin",
    "checked_number",
    "tenhou_yaku",
]

#: Largest size of any number a record states (a score, a change, a count, a code): far above what a game
#: reaches (scores stay below a million points), and small enough to be one machine word in the compiled
#: build, where a larger one used as an index raises OverflowError instead of the reader's error.
MAX_NUMBER: Final = 10**9 - 1


def checked_number(value: int, what: str) -> int:
    """``value`` when it lies within -:data:`MAX_NUMBER`..:data:`MAX_NUMBER`; ``ValueError`` naming ``what``
    otherwise (every reader checks each number it reads here, before using it).

    >>> checked_number(-8000, "a change")
    -8000
    >>> checked_number(2**62, "a tile id")
    Traceback (most recent call last):
      ...
    ValueError: a tile id 4611686018427387904 is outside -999999999..999999999
    """
    if -MAX_NUMBER <= value <= MAX_NUMBER:
        return value
    shown = str(value) if value.bit_length() < 1024 else f"of {value.bit_length()} bits"  # noqa: PLR2004
    raise ValueError(f"{what} {shown} is outside -{MAX_NUMBER}..{MAX_NUMBER}")


class ErrorCode(enum.Enum):
    """The replay contract's error codes."""

    INVALID_LOG = "invalid_log"  #: unreadable or truncated
    UNSUPPORTED_RULES = "unsupported_rules"  #: rules the project does not play
    ILLEGAL_ACTION = "illegal_action"  #: a move the engine refuses
    DESYNC = "desync"  #: the record's next tile is not the one its wall gives
    NO_SUCH_FILE = "no_such_file"  #: a file named on the command line that does not exist


@dataclass(frozen=True, slots=True)
class RecordError(Frozen):
    """One problem in a record: ``index`` is the position of the offending element (a tag of an mjlog
    record, a line of mjai, an entry of tenhou.net/6), ``hand`` the hand's index when known."""

    code: ErrorCode
    message: str
    index: int | None = None
    hand: int | None = None

    def __str__(self) -> str:
        where = f"event {self.index}: " if self.index is not None else ""
        return f"{where}{self.message}"


@dataclass(frozen=True, slots=True)
class RecordRules(Frozen):
    """The rules a record states. ``None`` where it says nothing (the caller's preset decides)."""

    players: int = 4
    red_fives: bool | None = None
    open_tanyao: bool | None = None
    hanchan: bool | None = None
    #: A Tenhou log id (``2010081709gm-00a9-0000-fe3371ad``): its date decides the final points' rounding.
    log_id: str | None = None
    #: The record's own rule code (mjlog ``<GO type>``), kept for writing it back.
    code: int | None = None
    #: The preset of the site that played the game (``tenhou``, ``mahjongsoul``).
    preset: str = "tenhou"
    #: Switches the record's own rules set on top of the preset (a Mahjong Soul lobby's), as (name, value).
    switches: tuple[tuple[str, object], ...] = ()
    #: The room or lobby as the record names it (Mahjong Soul's ``Jade Room, South``), for people to read.
    room: str | None = None

    def ruleset(self, base: RuleSet | None = None, *, whole_points: bool | None = None) -> RuleSet:
        """The rules to replay the record under: ``base`` (the record's preset, Tenhou's unless it names
        another, with the record's own switches; for a three-player record that site's three-player preset,
        ``tenhou-sanma`` or ``mahjongsoul-sanma``) with what the record states (red fives,
        open tanyao, east-only or hanchan) and the final points' rounding by the date in its log id: whole
        thousands in Tenhou's records up to 2020-08, one decimal from 2022-06 on (what real records show).
        A record without a date tells its era by how it writes its final points (``whole_points``: all
        whole numbers, as rounded points are; exact points that happen to be whole round to themselves).

        >>> RecordRules(hanchan=False, log_id="2010081709gm-00a9-0000-fe3371ad").ruleset().game.final_rounding
        <FinalRounding.THOUSANDS: 'thousands'>
        """
        if base is None:
            name = self.preset if self.players == 4 else _SANMA.get(self.preset, "tenhou-sanma")  # noqa: PLR2004
            preset = PRESETS[name]
            base = preset.replace(**dict(self.switches)) if self.switches else preset  # type: ignore[arg-type]
        elif self.players != base.players:
            base = PRESETS[_SANMA.get(base.name, "tenhou-sanma") if self.players == 3 else "tenhou"]  # noqa: PLR2004
        switches: dict[str, object] = {}
        if self.red_fives is False:
            switches["aka"] = 0
        if self.open_tanyao is False:
            switches["kuitan"] = False
        if self.hanchan is not None:
            switches["length"] = GameLength.HANCHAN if self.hanchan else GameLength.EAST_ONLY
        rounded = whole_points if self.preset == "tenhou" else None
        if self.log_id and self.log_id[:6].isdigit():
            rounded = int(self.log_id[:6]) <= _LAST_ROUNDED_MONTH
        if rounded is not None:
            switches["final_rounding"] = FinalRounding.THOUSANDS if rounded else FinalRounding.EXACT
        return base.replace(**switches) if switches else base  # type: ignore[arg-type]


#: The last month (yyyymm) of Tenhou's records whose final points are whole thousands.
_LAST_ROUNDED_MONTH: Final = 202008
#: The three-player preset of each platform's four-player one.
_SANMA: Final = {"tenhou": "tenhou-sanma", "mahjongsoul": "mahjongsoul-sanma"}


@dataclass(frozen=True, slots=True)
class StatedWin(Frozen):
    """A win's results as the record states them; ``None`` where it states nothing."""

    winner: int
    from_seat: int | None
    han: int | None = None
    fu: int | None = None
    points: int | None = None
    #: Yaku with their han, dora counts included.
    yaku: tuple[tuple[Yaku, int], ...] | None = None
    yakuman: tuple[Yaku, ...] | None = None
    limit: str | None = None
    pao: int | None = None
    deltas: tuple[int, ...] | None = None
    #: ``ba``: the honba and riichi sticks this win collects.
    honba: int | None = None
    riichi_sticks: int | None = None
    #: The record's own yaku texts, kept when it names a yaku the reader does not know (``yaku`` is then None).
    yaku_text: tuple[str, ...] | None = None


def tenhou_yaku(yaku: tuple[tuple[Yaku, int], ...]) -> tuple[tuple[Yaku, int], ...]:
    """A yaku list as Tenhou writes one: set-aside Norths (nukidora) counted in the dora entry, which Tenhou's
    records hold in place of an entry of their own.

    >>> tenhou_yaku(((Yaku.RIICHI, 1), (Yaku.DORA, 1), (Yaku.NUKIDORA, 2)))
    ((Yaku.parse('riichi'), 1), (Yaku.parse('dora'), 3))
    """
    kita = sum(han for y, han in yaku if y is Yaku.NUKIDORA)
    if not kita:
        return tuple((y, han) for y, han in yaku if y is not Yaku.NUKIDORA)
    out = [(y, han + kita if y is Yaku.DORA else han) for y, han in yaku if y is not Yaku.NUKIDORA]
    if not any(y is Yaku.DORA for y, _ in out):
        out.append((Yaku.DORA, kita))
    return tuple(out)


@dataclass(frozen=True, slots=True)
class StatedDraw(Frozen):
    kind: DrawKind
    deltas: tuple[int, ...] | None = None
    honba: int | None = None
    riichi_sticks: int | None = None


@dataclass(frozen=True, slots=True)
class StatedHand(Frozen):
    """The results a record states about one hand."""

    scores_start: tuple[int, ...] | None = None
    honba: int | None = None
    riichi_sticks: int | None = None
    wins: tuple[StatedWin, ...] = ()
    draw: StatedDraw | None = None
    #: The hand's total score change when the record states only the total (Mahjong Soul's several rons).
    total_deltas: tuple[int, ...] | None = None

    @property
    def deltas(self) -> tuple[int, ...] | None:
        """The hand's total score change per seat, when the record states it."""
        if self.total_deltas is not None:
            return self.total_deltas
        parts = [w.deltas for w in self.wins] if self.wins else [self.draw.deltas if self.draw else None]
        if any(p is None for p in parts):
            return None
        seats = len(parts[0]) if parts[0] is not None else 4
        return tuple(sum(p[s] for p in parts if p is not None) for s in range(seats))

    @property
    def has_results(self) -> bool:
        """Whether the record states the hand's outcome in numbers (its score changes or values)."""
        return self.deltas is not None or any(w.points is not None for w in self.wins)


@dataclass(frozen=True, slots=True)
class StatedGameEnd(Frozen):
    """A record's end of game: final scores and points (Tenhou ``owari``)."""

    final_scores: tuple[int, ...]
    final_points: tuple[float, ...]


@dataclass(frozen=True, slots=True)
class HandRecord(Frozen):
    """One hand: the engine's events in order, the results the record states, its dora indicators as
    the record shows them (for the writers), and the hands it shows at a draw."""

    index: int
    events: tuple[object, ...]
    stated: StatedHand
    shown: tuple[tuple[int, tuple[Tile, ...]], ...] = ()


@dataclass(frozen=True, slots=True)
class GameRecord(Frozen):
    """A whole game as read: rules, player names, hands, the stated end, and every problem met."""

    rules: RecordRules
    names: tuple[str, ...]
    start_scores: tuple[int, ...] | None
    hands: tuple[HandRecord, ...]
    end: StatedGameEnd | None
    errors: tuple[RecordError, ...] = field(default=())

    def ruleset(self, base: RuleSet | None = None) -> RuleSet:
        """The rules to replay the game under (:meth:`RecordRules.ruleset`)."""
        whole = None if self.end is None else all(p.is_integer() for p in self.end.final_points)
        return self.rules.ruleset(base, whole_points=whole)
