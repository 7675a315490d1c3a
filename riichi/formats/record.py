"""What a game record says, independent of its format.

A record is read into a :class:`GameRecord`: the rules it states, and per hand
the actions (the engine's events) and the results it states. Results are only
ever compared with the engine's own; reading never fails with an exception:
what could not be read is a :class:`RecordError` naming where and what.

Readers are strict by default: a record written otherwise than its format says
(another tool's name for a draw, JSON with comments, ...) is an error. Read
leniently (``strict=False``), such a record is read as its writer meant, and each
thing forgiven is a :class:`RecordNote` on the hand or the game.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field, replace
from typing import Final

from riichi.errors import FaultKind
from riichi.frozen import Frozen
from riichi.game.events import Deal, DrawKind
from riichi.rules import PRESETS, Extension, FinalRounding, GameLength, RuleSet, resolve_rules
from riichi.tiles import Wind
from riichi.tiles import Tile
from riichi.yaku import Yaku

__all__ = [
    "MAX_ERRORS",
    "MAX_NUMBER",
    "ErrorCode",
    "GameRecord",
    "HandRecord",
    "RecordError",
    "RecordFault",
    "RecordNote",
    "RecordRules",
    "StatedDraw",
    "StatedGameEnd",
    "StatedHand",
    "StatedWin",
    "checked_number",
    "errors_full",
    "event_name",
    "first_line",
    "lobby_start",
    "hand_name",
    "stated_preset",
    "tenhou_yaku",
    "too_many_errors",
    "unreadable",
]

#: Largest size of any number a record states (a score, a change, a count, a code): far above what a game
#: reaches (scores stay below a million points), and small enough to be one machine word in the compiled
#: build, where a larger one used as an index raises OverflowError instead of the reader's error.
MAX_NUMBER: Final = 10**9 - 1
#: Most errors a reader lists: past them it stops reading the record, and says so (a few megabytes of broken
#: lines were a million errors, kept in memory and sent on). A real record's errors are a handful.
MAX_ERRORS: Final = 1000


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
        where = f"{event_name(self.index)}: " if self.index is not None else ""
        return f"{where}{self.message}"


def too_many_errors(index: int | None, hand: int | None) -> RecordError:
    """The error a reader ends its list with when :data:`MAX_ERRORS` are listed, at element ``index`` of the
    record, in hand ``hand`` (None: outside any hand).

    >>> str(too_many_errors(4001, 3))
    'event 4002: more than 1000 errors: the rest of the record is not read'
    """
    return RecordError(ErrorCode.INVALID_LOG, f"more than {MAX_ERRORS} errors: the rest of the record is not read",
                       index, hand)


def errors_full(errors: list[RecordError], index: int | None, hand: int | None) -> bool:
    """Whether a reader's ``errors`` hold :data:`MAX_ERRORS` already: then the list is ended with
    :func:`too_many_errors` (at element ``index``, in hand ``hand``) and the reader stops reading.

    >>> errors = [RecordError(ErrorCode.INVALID_LOG, "bad")] * MAX_ERRORS
    >>> errors_full(errors, 1500, 7), str(errors[-1])
    (True, 'event 1501: more than 1000 errors: the rest of the record is not read')
    """
    if len(errors) < MAX_ERRORS:
        return False
    errors.append(too_many_errors(index, hand))
    return True


def first_line(problem: Exception) -> str:
    """What a reader says of a problem it met: the first line of its message (an error from the engine's
    types or from JSON may add lines of detail).

    >>> first_line(ValueError("seat 5 is not a seat\\nmore detail"))
    'seat 5 is not a seat'
    """
    lines = str(problem).splitlines()
    return lines[0] if lines else ""


def hand_name(index: int) -> str:
    """A hand as every message names it for people, counted from 1; the JSON fields (``kyoku``, a hand's
    ``index``) count from 0.

    >>> hand_name(6)
    'hand 7'
    """
    return f"hand {index + 1}"


def event_name(index: int) -> str:
    """An event (a record's element, or an event of a hand) as every message names it, counted from 1.

    >>> event_name(134)
    'event 135'
    """
    return f"event {index + 1}"


@dataclass(frozen=True, slots=True)
class RecordNote(Frozen):
    """Something a lenient reading forgave: what the record says and how it was read; ``hand`` the hand's
    index, or None for the game as a whole."""

    message: str
    hand: int | None = None

    def __str__(self) -> str:
        return self.message


def stated_preset(rule: dict[str, object]) -> tuple[str, tuple[tuple[str, object], ...]]:
    """The preset (``preset``: a Mahjong Soul game's ``mahjongsoul``, a game of this library's the preset it
    was played under) and the switches (``switches``) a record's ``rule`` object states, as this library
    writes them (:meth:`RecordRules.stated_rule`); ``ValueError`` for a preset or switch it does not know."""
    preset = rule.get("preset", "tenhou")
    stated = rule.get("switches") or {}
    if not isinstance(preset, str) or preset not in PRESETS or not isinstance(stated, dict):
        raise ValueError(f"the rule's preset {preset!r} and switches {stated!r} are not a preset this library "
                         f"knows ({', '.join(PRESETS)}) and an object of switches")
    try:
        resolved = resolve_rules({"preset": preset, **stated})
    except ValueError as exc:
        raise ValueError(f"the rule's switches: {exc}") from None
    return preset, tuple((key, resolved.switch(key)) for key in stated)


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

    @classmethod
    def played_under(cls, rules: RuleSet) -> RecordRules:
        """The rules of a game this library played under ``rules``: its preset (Tenhou's when it is none) and
        every switch that differs from it, so that a reader replays the game under the same rules."""
        preset = rules.name if rules.name in PRESETS else "tenhou"
        switches = tuple((key, rules.switch(key)) for key in rules.differences(PRESETS[preset]))
        return cls(players=rules.players, red_fives=rules.scoring.aka > 0, open_tanyao=rules.scoring.kuitan,
                   hanchan=rules.game.length is GameLength.HANCHAN, preset=preset, switches=switches)

    def stated_rule(self) -> dict[str, object]:
        """The preset, room and switches as a record's ``rule`` object carries them (mjai ``start_game``,
        tenhou.net/6 ``rule``): empty for Tenhou's own rules."""
        rule: dict[str, object] = {}
        if self.preset != "tenhou" or self.switches:
            rule["preset"] = self.preset
        if self.room:
            rule["room"] = self.room
        if self.switches:
            everything = PRESETS[self.preset].replace(**dict(self.switches)).to_dict()  # type: ignore[arg-type]
            rule["switches"] = {key: everything[key] for key, _ in self.switches}
        return rule

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
        >>> RecordRules(preset="wrc", switches=(("aka", 0),)).ruleset().name
        'wrc'
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
    #: The 136-ids Tenhou gave each event's tiles, one tuple an event, as an mjlog record writes them (None
    #: from the other formats): a deal's dora indicator then each seat's 13 in the order dealt; a draw's, a
    #: discard's and a dora indicator's tile; the tiles a call takes from the hand (a kakan's added tile, an
    #: ankan's four, a North set aside); a win's ura indicators; () for the rest. The mjlog writer writes
    #: them back (with the record's :attr:`GameRecord.seed`), as no other format tells copies of a tile apart.
    tile_ids: tuple[tuple[int, ...], ...] | None = None
    #: The record's own event (counted from 0 within the hand) each event was read from, for a format whose
    #: events are not the engine's one for one (Riichi City's: a deal is four events, a call offered is one,
    #: a discard claimed is none); None where the record's events are the engine's.
    record_events: tuple[int, ...] | None = None

    def stated_start(self) -> Deal | None:
        """The hand's deal with the start the record states for it (scores, honba, sticks), from which a replay
        goes on after a hand it could not replay; None when the hand states no scores to start from."""
        deal = self.events[0] if self.events else None
        if not isinstance(deal, Deal) or self.stated.scores_start is None:
            return None
        return replace(deal, scores=self.stated.scores_start, honba=self.stated.honba or 0,
                       sticks=self.stated.riichi_sticks or 0)

    def event_number(self, position: int) -> int:
        """The record's own event (counted from 0) that the hand's event at ``position`` was read from: the
        event a message names, so that it is found in the record as its user sees it."""
        if self.record_events is None or len(self.record_events) != len(self.events):
            return position
        return self.record_events[position]


@dataclass(frozen=True, slots=True)
class RecordFault(Frozen):
    """A bot's answer the table refused, and where: just before event ``event`` of hand ``hand`` (the move
    the table played in its place, or the next event when its safe move was a pass; ``hand`` one past the
    last hand: after the game's last hand). ``answer`` is the bot's answer as it wrote it ("" when none came),
    ``reason`` why it was refused (the table's rule for an illegal answer)."""

    hand: int
    event: int
    seat: int
    kind: FaultKind
    answer: str
    reason: str


@dataclass(frozen=True, slots=True)
class GameRecord(Frozen):
    """A whole game as read: rules, player names, hands, the stated end, every problem met, and (read
    leniently) every note on what was forgiven."""

    rules: RecordRules
    names: tuple[str, ...]
    start_scores: tuple[int, ...] | None
    hands: tuple[HandRecord, ...]
    end: StatedGameEnd | None
    errors: tuple[RecordError, ...] = field(default=())
    notes: tuple[RecordNote, ...] = field(default=())
    #: Read leniently: a game length the record states nowhere is inferred from its hands.
    lenient: bool = False
    #: An mjlog record's ``SHUFFLE`` seed, as it writes it (its walls give the hands' :attr:`HandRecord.tile_ids`).
    seed: str | None = None
    #: The bots' refused answers, each where it happened (mjai records of games played by bots carry them).
    faults: tuple[RecordFault, ...] = ()

    def ruleset(self, base: RuleSet | None = None) -> RuleSet:
        """The rules to replay the game under (:meth:`RecordRules.ruleset`; read leniently, with the game
        length :meth:`inferred_length` gives when the record states none)."""
        whole = None if self.end is None else all(p.is_integer() for p in self.end.final_points)
        rules = self.rules.ruleset(base, whole_points=whole)
        inferred = self.inferred_length(rules)
        if inferred is not None and inferred[0] is not rules.game.length:
            rules = rules.replace(length=inferred[0])
        return rules

    def inferred_length(self, rules: RuleSet) -> tuple[GameLength, str] | None:
        """Read leniently, a record that states no game length has the one its hands show, and why
        (None when it states one, or is read strictly): East hands only, an east-only game; a South hand
        started or followed by a score at the return points (``rules``), where an east-only game would
        have ended, or a West hand, a hanchan; a game that ends in South 1-3 with nobody below zero (a
        hanchan goes on there), or after South 4 with nobody at the return points (a hanchan goes on into
        the West round where the rules extend a game), an east-only game gone into its extension. Else the
        rules' own length."""
        if not self.lenient or self.rules.hanchan is not None or not self.hands:
            return None
        deals = [(h.events[0], h.stated) for h in self.hands if h.events and isinstance(h.events[0], Deal)]
        if not deals:
            return None
        target = rules.game.target_points
        winds = [d.round_wind for d, _ in deals]
        last, last_stated = deals[-1]
        where = f"{last.round_wind}{last.round_number}"
        if max(winds) is Wind.EAST:
            return GameLength.EAST_ONLY, f"the record states no game length: east-only, as its hands end in {where}"
        if max(winds) > Wind.SOUTH:
            return GameLength.HANCHAN, "the record states no game length: a hanchan, as it reaches the West round"
        for (deal, _), (after, stated) in zip(deals, deals[1:], strict=False):
            # A South hand dealt by the next dealer with a score at the return points: an east-only game ends first.
            reached = stated.scores_start is not None and max(stated.scores_start) >= target
            if after.round_wind is Wind.SOUTH and after.dealer != deal.dealer and reached:
                return GameLength.HANCHAN, (f"the record states no game length: a hanchan, as it deals "
                                            f"{after.round_wind}{after.round_number} with a score of {target} or more")
        end = _end_scores(last_stated, self.end)
        if last.round_number < 4 and end is not None and min(end) >= 0:  # noqa: PLR2004
            return GameLength.EAST_ONLY, (f"the record states no game length: east-only, as it ends in {where} "
                                          "with nobody below zero (an east-only game's extension)")
        if last.round_number == rules.players and end is not None and min(end) >= 0 and max(end) < target \
                and rules.game.extension is not Extension.NONE:
            # A hanchan whose last hand leaves nobody at the return points goes on into the West round; an
            # east-only game's extension ends after South's last hand at the latest.
            return GameLength.EAST_ONLY, (f"the record states no game length: east-only, as it ends in {where} "
                                          f"with nobody at {target} (an east-only game's extension ends there, "
                                          "a hanchan would go on)")
        return rules.game.length, f"the record states no game length: {rules.game.length.value}, as its rules say"


def _end_scores(stated: StatedHand, end: StatedGameEnd | None) -> tuple[int, ...] | None:
    """A hand's end scores as the record states them (its start plus its deltas), or the game's final ones."""
    if end is not None:
        return end.final_scores
    if stated.scores_start is None or stated.deltas is None:
        return None
    return tuple(a + b for a, b in zip(stated.scores_start, stated.deltas, strict=True))


def lobby_start(rules: RecordRules, hands: tuple[HandRecord, ...]) -> tuple[RecordRules, tuple[str, ...]]:
    """The rules with a game's own starting points, where its first hand states them, and a note saying so.

    A lobby may start its games at 30,000 or any other score (a Mahjong Soul tournament lobby, whose config
    converters do not write; a tenhou.net private lobby). A record whose first hand is the game's first
    (East 1 dealt by seat 0, no honba, no sticks) with every seat at the same score S other than the
    preset's start was played from S. Its final points are measured from S on Mahjong Soul (its contest
    rules: ``init_point``, ``jingsuanyuandian`` its default), and from the preset's return points elsewhere
    unless S is above them (then from S); a record's own final points check it. Rules the record states as
    this library's (a ``starting_points`` switch) are kept."""
    if any(key == "starting_points" for key, _ in rules.switches) or not hands or not hands[0].events:
        return rules, ()
    first, deal = hands[0].stated, hands[0].events[0]
    if not isinstance(deal, Deal) or (deal.round_wind, deal.round_number, deal.dealer) != (Wind.EAST, 1, 0) \
            or first.honba or first.riichi_sticks or not first.scores_start:
        return rules, ()
    start = first.scores_start[0]
    game = rules.ruleset().game
    if not 0 < start <= MAX_NUMBER or any(s != start for s in first.scores_start) or start == game.starting_points:
        return rules, ()
    target = start if rules.preset == "mahjongsoul" else max(start, game.target_points)
    switches = (*rules.switches, ("starting_points", start), ("target_points", target))
    return replace(rules, switches=switches), (
        f"the game starts at {start:,} a seat (its first hand's scores): a lobby's own starting points, "
        f"final points measured from {target:,}",)


def unreadable(message: str, rules: RecordRules | None = None) -> GameRecord:
    """The record of a game none of which could be read: no hands, and one error (``message``) saying why;
    ``rules`` what the format implies (a Mahjong Soul record's preset), else none stated.

    >>> [str(e) for e in unreadable("not UTF-8 text at byte 3").errors]
    ['not UTF-8 text at byte 3']
    """
    return GameRecord(rules or RecordRules(), ("", "", "", ""), None, (), None,
                      (RecordError(ErrorCode.INVALID_LOG, message),))
