"""Game events: one frozen value per action a game record holds.

A game is a sequence of events. The engine's state (:class:`~riichi.game.round.Round`,
:class:`~riichi.game.game.Game`) changes only by applying one; log readers turn a record into events
and log writers turn events back into a record. Events carry actions and tiles, never results: who
wins what, the payments, honba and sticks are worked out by the engine.

Seats are absolute, 0..3 (0..2 with three players), seat 0 being the first dealer. Each event is written as one line of text,
the event's name then its fields, tiles in MPSZ notation:

>>> Event.parse("discard 2 5m tsumogiri")
Discard.parse('discard 2 5m tsumogiri')
>>> Event.parse("pon 1 7z<3 77z").from_seat
3
>>> str(Win(seat=0, from_seat=None, tile=Tile.parse("0p"), ura=(Tile.parse("3s"),)))
'win 0 0p tsumo ura=3s'

A riichi is three events, as records write it: :class:`Riichi` (the declaration), the
:class:`Discard` that turns its tile sideways, then :class:`RiichiAccepted` once that discard has
passed without a ron (the stick is paid then). Kan dora indicators are :class:`DoraRevealed` events,
placed where the rules turn them over; the ura indicators a win shows are part of its :class:`Win`.
"""

from __future__ import annotations

import enum
import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final, Self

from riichi.errors import NotationError
from riichi.notation import format_tiles, parse_tiles
from riichi.tiles import Tile, Wind, sort_tiles

__all__ = [
    "Ankan",
    "Chi",
    "Deal",
    "Discard",
    "DoraRevealed",
    "Draw",
    "DrawKind",
    "Event",
    "GameEnd",
    "GameStart",
    "Kita",
    "Minkan",
    "Pon",
    "Riichi",
    "RiichiAccepted",
    "Ryuukyoku",
    "Shouminkan",
    "Win",
    "discard_event",
    "draw_event",
]


class DrawKind(enum.Enum):
    """How a hand ended without a win. Values are the draw types of the replay output."""

    EXHAUSTIVE = "exhaustive"  #: the live wall ran out (ryuukyoku)
    KYUUSHU_KYUUHAI = "yao9"  #: nine different terminals and honours on a first draw
    SUUCHA_RIICHI = "reach4"  #: a fourth riichi accepted
    SANCHAHOU = "ron3"  #: three players ron the same discard
    SUUKAIKAN = "kan4"  #: a fourth kan by two or more players
    SUUFON_RENDA = "kaze4"  #: the same wind discarded by all four on the first go-around
    NAGASHI_MANGAN = "nm"  #: an exhaustive draw at which someone is paid nagashi mangan

    @property
    def is_abortive(self) -> bool:
        """Ended before the wall ran out (the hand is replayed)."""
        return self not in (DrawKind.EXHAUSTIVE, DrawKind.NAGASHI_MANGAN)

    def __repr__(self) -> str:
        return f"DrawKind.{self.name}"


@dataclass(frozen=True, slots=True)
class Event:
    """Base of every game event. ``Event.parse(line)`` reads any event; ``str`` writes it."""

    @property
    def name(self) -> str:
        """The word that starts the event's line (``"draw"``, ``"pon"``...)."""
        return ""

    @classmethod
    def parse(cls, text: str) -> Self:
        """Read one event line (``"draw 0 5m"``); a subclass only accepts its own kind."""
        word, _, rest = text.strip().partition(" ")
        reader = _READERS.get(word)
        if reader is None:
            raise NotationError(f"unknown event {word!r} (events: {', '.join(_READERS)})", text, (0, len(word)))
        try:
            event = _read_start(rest) if reader is _read_start_words else reader(rest.split())
        except (ValueError, IndexError, KeyError) as exc:
            if isinstance(exc, NotationError):
                raise NotationError(f"{word}: {exc.message}", text, (0, len(text))) from None
            raise NotationError(f"cannot read the {word} event: {exc}", text, (0, len(text))) from None
        if not isinstance(event, cls):
            raise NotationError(f"{text!r} is a {type(event).__name__}, not a {cls.__name__}", text, (0, len(word)))
        return event

    def __repr__(self) -> str:
        return f"{type(self).__name__}.parse({str(self)!r})"


def _seat(value: int, what: str = "seat", players: int = 4) -> None:
    if type(value) is not int or not 0 <= value < players:
        raise NotationError(f"{what} must be 0..{players - 1}, not {value!r}")


def _tiles(value: tuple[Tile, ...], n: int, what: str) -> tuple[Tile, ...]:
    value = tuple(value)
    if len(value) != n:
        raise NotationError(f"{what} needs {n} tiles, not {len(value)}")
    return value


def _set(obj: object, name: str, value: object) -> None:
    object.__setattr__(obj, name, value)


def _sorted(tiles: tuple[Tile, ...]) -> tuple[Tile, ...]:
    return tuple(sort_tiles(tiles))


def _one(text: str) -> Tile:
    return Tile.parse(text)


def _ints(text: str) -> tuple[int, ...]:
    return tuple(int(x) for x in text.split(","))


def _fields(words: list[str]) -> dict[str, str]:
    out: dict[str, str] = {}
    for w in words:
        key, eq, value = w.partition("=")
        if not eq:
            raise NotationError(f"expected key=value, not {w!r}")
        out[key] = value
    return out


# -- the frame of a game and of a hand ------------------------------------------------------------

@dataclass(frozen=True, slots=True, repr=False)
class GameStart(Event):
    """A game begins: the rules (a preset name) and the players' names. Start points come from the rules."""

    rules: str = "tenhou"
    names: tuple[str, ...] = ("", "", "", "")

    @property
    def name(self) -> str:
        return "start"

    def __post_init__(self) -> None:
        _set(self, "names", tuple(self.names))
        if len(self.names) not in (3, 4):
            raise NotationError(f"a game has three or four players' names, not {len(self.names)}")

    def __str__(self) -> str:
        return f"start {self.rules} names={json.dumps(list(self.names), ensure_ascii=False, separators=(',', ':'))}"


@dataclass(frozen=True, slots=True, repr=False)
class Deal(Event):
    """A hand begins: the round, the dealer, the first dora indicator and a 13-tile hand a seat (four seats,
    or three in a three-player game; ``scores`` has as many entries).

    ``honba``, ``sticks`` and ``scores`` are what the record states; a :class:`~riichi.game.game.Game`
    keeps its own and only compares. ``wall``, when given, is the whole wall in drawing order
    (see :class:`~riichi.game.wall.Wall`): the hand then checks every tile the events name against it.
    """

    round_wind: Wind
    round_number: int
    dealer: int
    dora: Tile
    hands: tuple[tuple[Tile, ...], ...]
    honba: int = 0
    sticks: int = 0
    scores: tuple[int, ...] = (25000, 25000, 25000, 25000)
    wall: tuple[Tile, ...] | None = None

    @property
    def name(self) -> str:
        return "deal"

    def __post_init__(self) -> None:
        if not 1 <= self.round_number <= 4:  # noqa: PLR2004
            raise NotationError(f"the round number is 1..4, not {self.round_number}")
        hands = tuple(_sorted(_tiles(h, 13, "a starting hand")) for h in self.hands)
        if len(hands) not in (3, 4):
            raise NotationError(f"a deal has four hands (three in a three-player game), not {len(hands)}")
        _seat(self.dealer, "dealer", len(hands))
        _set(self, "hands", hands)
        _set(self, "scores", tuple(self.scores))
        if len(self.scores) != len(hands):
            raise NotationError(f"a deal of {len(hands)} hands has {len(hands)} scores, not {len(self.scores)}")
        if self.honba < 0 or self.sticks < 0:
            raise NotationError("honba and sticks cannot be negative")
        if self.wall is not None:
            _set(self, "wall", _tiles(self.wall, 136 if len(hands) == 4 else 108, "a wall"))  # noqa: PLR2004

    @property
    def players(self) -> int:
        """How many seats are dealt: 4, or 3."""
        return len(self.hands)

    def __str__(self) -> str:
        hands = ",".join(format_tiles(h) for h in self.hands)
        text = (f"deal {self.round_wind}{self.round_number} dealer={self.dealer} honba={self.honba} "
                f"sticks={self.sticks} scores={','.join(map(str, self.scores))} dora={self.dora} hands={hands}")
        if self.wall is not None:
            text += f" wall={format_tiles(self.wall, sort=False)}"
        return text


@dataclass(frozen=True, slots=True, repr=False)
class GameEnd(Event):
    """The game is over (the engine decides when it may be)."""

    @property
    def name(self) -> str:
        return "end"

    def __str__(self) -> str:
        return "end"


# -- a player's turn ---------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True, repr=False)
class Draw(Event):
    """``seat`` draws ``tile``: from the live wall, or the replacement tile after a kan (``rinshan``)."""

    seat: int
    tile: Tile
    rinshan: bool = False

    @property
    def name(self) -> str:
        return "draw"

    def __post_init__(self) -> None:
        _seat(self.seat)

    def __str__(self) -> str:
        return f"draw {self.seat} {self.tile}{' rinshan' if self.rinshan else ''}"


@dataclass(frozen=True, slots=True, repr=False)
class Discard(Event):
    """``seat`` discards ``tile``; ``tsumogiri`` when it is the tile just drawn."""

    seat: int
    tile: Tile
    tsumogiri: bool = False

    @property
    def name(self) -> str:
        return "discard"

    def __post_init__(self) -> None:
        _seat(self.seat)

    def __str__(self) -> str:
        return f"discard {self.seat} {self.tile}{' tsumogiri' if self.tsumogiri else ''}"


#: Every draw and every discard a game can hold, made once, indexed [flag][seat][tile]: see :func:`draw_event`.
_DRAWS: Final = tuple(tuple(tuple(Draw(seat, tile, rinshan=flag) for tile in Tile) for seat in range(4))
                      for flag in (False, True))
_DISCARDS: Final = tuple(tuple(tuple(Discard(seat, tile, tsumogiri=flag) for tile in Tile) for seat in range(4))
                         for flag in (False, True))


def draw_event(seat: int, tile: Tile, *, rinshan: bool = False) -> Draw:
    """``Draw(seat, tile, rinshan=rinshan)``, one value made when this module is loaded. The engine makes a
    draw and a discard or two at nearly every decision; a frozen dataclass's ``__init__`` stays interpreted
    under mypyc (about a microsecond a value, a tenth of a compiled decision), a look-up does not."""
    _seat(seat)
    return _DRAWS[rinshan][seat][tile]


def discard_event(seat: int, tile: Tile, *, tsumogiri: bool = False) -> Discard:
    """``Discard(seat, tile, tsumogiri=tsumogiri)``, one value made when this module is loaded (see
    :func:`draw_event`)."""
    _seat(seat)
    return _DISCARDS[tsumogiri][seat][tile]


@dataclass(frozen=True, slots=True, repr=False)
class Riichi(Event):
    """``seat`` declares riichi (an open riichi, its hand shown, with ``open``, where the rules play it);
    its next event is the declaring discard."""

    seat: int
    open: bool = False

    @property
    def name(self) -> str:
        return "riichi"

    def __post_init__(self) -> None:
        _seat(self.seat)

    def __str__(self) -> str:
        return f"riichi {self.seat}{' open' if self.open else ''}"


@dataclass(frozen=True, slots=True, repr=False)
class RiichiAccepted(Event):
    """The declaring discard passed without a ron: ``seat`` pays its 1000-point stick."""

    seat: int

    @property
    def name(self) -> str:
        return "riichi_accepted"

    def __post_init__(self) -> None:
        _seat(self.seat)

    def __str__(self) -> str:
        return f"riichi_accepted {self.seat}"


# -- calls and kans ------------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True, repr=False)
class _Call(Event):
    """``seat`` calls ``tile`` discarded by ``from_seat``, showing ``own`` tiles from its hand."""

    seat: int
    tile: Tile
    from_seat: int
    own: tuple[Tile, ...]

    @property
    def size(self) -> int:
        """How many of the meld's tiles come from the caller's hand."""
        return 2

    def __post_init__(self) -> None:
        _seat(self.seat)
        _seat(self.from_seat, "from_seat")
        if self.from_seat == self.seat:
            raise NotationError(f"seat {self.seat} cannot call its own discard")
        _set(self, "own", _sorted(_tiles(self.own, self.size, f"a {self.name}'s own part")))

    @property
    def tiles(self) -> tuple[Tile, ...]:
        """The meld's tiles, the called one included."""
        return _sorted((self.tile, *self.own))

    def __str__(self) -> str:
        return f"{self.name} {self.seat} {self.tile}<{self.from_seat} {format_tiles(self.own)}"


@dataclass(frozen=True, slots=True, repr=False)
class Chi(_Call):
    """A run called from the player on the left."""

    @property
    def name(self) -> str:
        return "chi"


@dataclass(frozen=True, slots=True, repr=False)
class Pon(_Call):
    """A triplet called from any other player."""

    @property
    def name(self) -> str:
        return "pon"


@dataclass(frozen=True, slots=True, repr=False)
class Minkan(_Call):
    """An open kan on a discard (daiminkan): three own tiles and the discard."""

    @property
    def name(self) -> str:
        return "minkan"

    @property
    def size(self) -> int:
        return 3


@dataclass(frozen=True, slots=True, repr=False)
class Shouminkan(Event):
    """``seat`` adds ``tile``, held or just drawn, to one of its pons, making a kan (kakan)."""

    seat: int
    tile: Tile

    @property
    def name(self) -> str:
        return "shouminkan"

    def __post_init__(self) -> None:
        _seat(self.seat)

    def __str__(self) -> str:
        return f"shouminkan {self.seat} {self.tile}"


@dataclass(frozen=True, slots=True, repr=False)
class Ankan(Event):
    """``seat`` declares a concealed kan of the four ``tiles`` (all of one kind)."""

    seat: int
    tiles: tuple[Tile, ...]

    @property
    def name(self) -> str:
        return "ankan"

    def __post_init__(self) -> None:
        _seat(self.seat)
        tiles = _sorted(_tiles(self.tiles, 4, "a concealed kan"))
        if len({t.kind for t in tiles}) != 1:
            raise NotationError(f"a concealed kan is four tiles of one kind, not {format_tiles(tiles)}")
        _set(self, "tiles", tiles)

    @property
    def kind(self) -> int:
        return self.tiles[0].kind

    def __str__(self) -> str:
        return f"ankan {self.seat} {format_tiles(self.tiles)}"


@dataclass(frozen=True, slots=True, repr=False)
class Kita(Event):
    """``seat`` sets a North aside (kita, nukidora; three-player games): a dora for its hand, then a
    replacement draw. Another seat may win on the North (as on a kan's tile, but it is no chankan)."""

    seat: int

    @property
    def name(self) -> str:
        return "kita"

    def __post_init__(self) -> None:
        _seat(self.seat)

    @property
    def tile(self) -> Tile:
        """The tile set aside: always North."""
        return Tile.from_kind(_NORTH)

    def __str__(self) -> str:
        return f"kita {self.seat}"


_NORTH: Final = 30


# -- dora, wins and drawn hands -----------------------------------------------------------------------

@dataclass(frozen=True, slots=True, repr=False)
class DoraRevealed(Event):
    """A kan dora indicator is turned over."""

    tile: Tile

    @property
    def name(self) -> str:
        return "dora"

    def __str__(self) -> str:
        return f"dora {self.tile}"


@dataclass(frozen=True, slots=True, repr=False)
class Win(Event):
    """``seat`` wins on ``tile``: by tsumo (``from_seat`` None), or by ron on the discard (or the kan
    tile, robbing a kan) of ``from_seat``. ``ura``: the ura dora indicators shown (for a riichi winner).

    Several rons on one discard are one :class:`Win` each, in the order the record gives them.
    """

    seat: int
    from_seat: int | None
    tile: Tile
    ura: tuple[Tile, ...] = ()

    @property
    def name(self) -> str:
        return "win"

    def __post_init__(self) -> None:
        _seat(self.seat)
        if self.from_seat is not None:
            _seat(self.from_seat, "from_seat")
            if self.from_seat == self.seat:
                raise NotationError(f"seat {self.seat} cannot ron its own tile (a win on one's own draw is tsumo)")
        _set(self, "ura", tuple(self.ura))

    @property
    def is_tsumo(self) -> bool:
        return self.from_seat is None

    def __str__(self) -> str:
        source = "tsumo" if self.from_seat is None else f"ron<{self.from_seat}"
        ura = f" ura={format_tiles(self.ura, sort=False)}" if self.ura else ""
        return f"win {self.seat} {self.tile} {source}{ura}"


@dataclass(frozen=True, slots=True, repr=False)
class Ryuukyoku(Event):
    """The hand ends without a win. ``seat``: who declared it (kyuushu kyuuhai), else None.

    The engine works out who is tenpai and who is paid nagashi mangan; ``NAGASHI_MANGAN`` and
    ``EXHAUSTIVE`` are the same moment (the wall ran out), records name them apart.
    """

    kind: DrawKind
    seat: int | None = None

    @property
    def name(self) -> str:
        return "ryuukyoku"

    def __post_init__(self) -> None:
        if self.seat is not None:
            _seat(self.seat)

    def __str__(self) -> str:
        return f"ryuukyoku {self.kind.value}{'' if self.seat is None else f' {self.seat}'}"


# -- reading lines ----------------------------------------------------------------------------------------

def _read_start(rest: str) -> GameStart:
    rules, _, names_text = rest.strip().partition(" names=")
    try:
        names = json.loads(names_text) if names_text else ["", "", "", ""]
    except RecursionError:  # nested deeper than the decoder goes: no list of names
        raise NotationError("names=[...] is a JSON list of four strings, not lists nested deep") from None
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise NotationError("names=[...] is a JSON list of four strings (three in a three-player game)")
    return GameStart(rules.strip() or "tenhou", tuple(names))


def _read_start_words(words: list[str]) -> GameStart:
    """Never called: :meth:`Event.parse` hands a start line's text to :func:`_read_start` whole (names may
    hold spaces)."""
    return _read_start(" ".join(words))


def _read_deal(words: list[str]) -> Deal:
    rnd = words[0]
    if len(rnd) != 2:  # noqa: PLR2004
        raise NotationError(f"the round is a wind and a number (E1, S4), not {rnd!r}")
    f = _fields(words[1:])
    wall = parse_tiles(f["wall"]) if "wall" in f else None
    return Deal(Wind.parse(rnd[0]), int(rnd[1]), int(f["dealer"]), _one(f["dora"]),
                tuple(parse_tiles(h) for h in f["hands"].split(",")), honba=int(f.get("honba", "0")),
                sticks=int(f.get("sticks", "0")), scores=_ints(f["scores"]) if "scores" in f else _default_scores(f),
                wall=wall)


def _default_scores(f: dict[str, str]) -> tuple[int, ...]:
    """A deal line's scores when it states none: 25,000 a seat (35,000 with three players)."""
    return (35000,) * 3 if len(f["hands"].split(",")) == 3 else (25000,) * 4  # noqa: PLR2004


def _read_draw(words: list[str]) -> Draw:
    flags = set(words[2:])
    if flags - {"rinshan"}:
        raise NotationError(f"unknown draw flag {sorted(flags - {'rinshan'})[0]!r}")
    return Draw(int(words[0]), _one(words[1]), rinshan="rinshan" in flags)


def _read_discard(words: list[str]) -> Discard:
    flags = set(words[2:])
    if flags - {"tsumogiri"}:
        raise NotationError(f"unknown discard flag {sorted(flags - {'tsumogiri'})[0]!r}")
    return Discard(int(words[0]), _one(words[1]), tsumogiri="tsumogiri" in flags)


def _call_reader(cls: type[_Call]) -> Callable[[list[str]], Event]:
    def read(words: list[str]) -> Event:
        tile, lt, source = words[1].partition("<")
        if not lt:
            raise NotationError(f"write the called tile and its discarder as TILE<SEAT, not {words[1]!r}")
        return cls(int(words[0]), _one(tile), int(source), parse_tiles(words[2]))
    return read


def _read_win(words: list[str]) -> Win:
    source = words[2]
    if source == "tsumo":
        from_seat = None
    elif source.startswith("ron<"):
        from_seat = int(source[4:])
    else:
        raise NotationError(f"a win is 'tsumo' or 'ron<SEAT', not {source!r}")
    f = _fields(words[3:])
    return Win(int(words[0]), from_seat, _one(words[1]), parse_tiles(f.get("ura", "")))


def _read_ryuukyoku(words: list[str]) -> Ryuukyoku:
    try:
        kind = DrawKind(words[0])
    except ValueError:
        kinds = ", ".join(k.value for k in DrawKind)
        raise NotationError(f"unknown draw kind {words[0]!r} (kinds: {kinds})") from None
    return Ryuukyoku(kind, int(words[1]) if len(words) > 1 else None)


def _flag(words: list[str], flag: str) -> bool:
    if any(w != flag for w in words):
        raise NotationError(f"unexpected {' '.join(w for w in words if w != flag)!r}")
    return bool(words)


def _no_words(make: Callable[[], Event]) -> Callable[[list[str]], Event]:
    def read(words: list[str]) -> Event:
        if words:
            raise NotationError(f"unexpected {' '.join(words)!r}")
        return make()
    return read


_READERS: Final[dict[str, Callable[[list[str]], Event]]] = {
    "start": _read_start_words,
    "deal": _read_deal,
    "draw": _read_draw,
    "discard": _read_discard,
    "riichi": lambda w: Riichi(int(w[0]), open=_flag(w[1:], "open")),
    "riichi_accepted": lambda w: RiichiAccepted(int(w[0])),
    "chi": _call_reader(Chi),
    "pon": _call_reader(Pon),
    "minkan": _call_reader(Minkan),
    "shouminkan": lambda w: Shouminkan(int(w[0]), _one(w[1])),
    "ankan": lambda w: Ankan(int(w[0]), parse_tiles(w[1])),
    "kita": lambda w: Kita(int(w[0])),
    "dora": lambda w: DoraRevealed(_one(w[0])),
    "win": _read_win,
    "ryuukyoku": _read_ryuukyoku,
    "end": _no_words(GameEnd),
}
