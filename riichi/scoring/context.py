"""The situation of a win: how it was won, the winds, declarations, indicators, sticks.

:class:`WinContext` is everything about a win that is not the tiles themselves
and not the rules. It is a frozen value, written in a short notation: the
winning tile, then the flags that hold, then ``key=value`` for the rest.

>>> ctx = WinContext.parse("3z tsumo seat_wind=S dora=1m")
>>> ctx.win, ctx.tsumo, ctx.seat_wind, ctx.dora
(Tile.parse('3z'), True, Wind.parse('S'), (Tile.parse('1m'),))
>>> ctx
WinContext.parse('3z tsumo seat_wind=S dora=1m')
>>> WinContext.parse("1p tsumo rinshan kita=2").kita
2
>>> WinContext(win="7s")
Traceback (most recent call last):
...
TypeError: WinContext.win must be a Tile, e.g. Tile.parse('7s'), not the str '7s'

The situation flags are the context's boolean fields, listed once in
:data:`SITUATION_FLAGS`; the command line, the web API's schema, the
interchange reader and the analysis all take their flags from there.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Final, TypeVar

from riichi.errors import NotationError
from riichi.frozen import Frozen
from riichi.notation import format_tiles, parse_tiles
from riichi.tiles import Tile, Wind

_T = TypeVar("_T")

__all__ = ["RON_ONLY_FLAGS", "SITUATION_FLAGS", "TSUMO_ONLY_FLAGS", "WinContext", "flag_help"]


@dataclass(init=False, slots=True, unsafe_hash=True)
class WinContext(Frozen):
    """How a hand was won. Seats are named by their wind this hand (``EAST`` deals)."""

    #: The winning tile (one of the hand's tiles).
    win: Final[Tile]
    tsumo: Final[bool]
    #: On ron, the seat that dealt in (or whose kan was robbed).
    discarder: Final[Wind | None]
    discarder_riichi: Final[bool]
    seat_wind: Final[Wind]
    round_wind: Final[Wind]
    riichi: Final[bool]
    double_riichi: Final[bool]
    open_riichi: Final[bool]
    ippatsu: Final[bool]
    rinshan: Final[bool]
    chankan: Final[bool]
    haitei: Final[bool]
    houtei: Final[bool]
    tenhou: Final[bool]
    chiihou: Final[bool]
    renhou: Final[bool]
    paarenchan: Final[bool]
    #: Dora indicators, kan dora included.
    dora: Final[tuple[Tile, ...]]
    #: Ura-dora indicators (counted only for a riichi winner).
    ura: Final[tuple[Tile, ...]]
    honba: Final[int]
    riichi_sticks: Final[int]
    #: Norths the winner set aside (kita, nukidora; three-player rules): 0 to 4.
    kita: Final[int]

    def __init__(self, win: object, tsumo: object = False, discarder: object = None,  # noqa: PLR0913
                 discarder_riichi: object = False, seat_wind: object = Wind.EAST, round_wind: object = Wind.EAST,
                 riichi: object = False, double_riichi: object = False, open_riichi: object = False,
                 ippatsu: object = False, rinshan: object = False, chankan: object = False,
                 haitei: object = False, houtei: object = False, tenhou: object = False,
                 chiihou: object = False, renhou: object = False, paarenchan: object = False,
                 dora: object = (), ura: object = (), honba: object = 0, riichi_sticks: object = 0,
                 kita: object = 0) -> None:
        # Each parameter takes any object and is checked here, so that a wrong one is refused naming its field
        # (compiled, a typed parameter would be refused by mypyc's own check first, naming neither the field nor
        # what it should be); the fields themselves are typed.
        self.win = _checked(win, Tile, "win", "a Tile, e.g. Tile.parse('7s')")
        self.tsumo = _flag(tsumo, "tsumo")
        self.discarder = None if discarder is None else _checked(discarder, Wind, "discarder", "a Wind or None")
        self.discarder_riichi = _flag(discarder_riichi, "discarder_riichi")
        self.seat_wind = _checked(seat_wind, Wind, "seat_wind", "a Wind, e.g. Wind.parse('S')")
        self.round_wind = _checked(round_wind, Wind, "round_wind", "a Wind, e.g. Wind.parse('S')")
        self.riichi = _flag(riichi, "riichi")
        self.double_riichi = _flag(double_riichi, "double_riichi")
        self.open_riichi = _flag(open_riichi, "open_riichi")
        self.ippatsu = _flag(ippatsu, "ippatsu")
        self.rinshan = _flag(rinshan, "rinshan")
        self.chankan = _flag(chankan, "chankan")
        self.haitei = _flag(haitei, "haitei")
        self.houtei = _flag(houtei, "houtei")
        self.tenhou = _flag(tenhou, "tenhou")
        self.chiihou = _flag(chiihou, "chiihou")
        self.renhou = _flag(renhou, "renhou")
        self.paarenchan = _flag(paarenchan, "paarenchan")
        self.dora = _indicators(dora, "dora")
        self.ura = _indicators(ura, "ura")
        self.honba = _whole(honba, "honba")
        self.riichi_sticks = _whole(riichi_sticks, "riichi_sticks")
        self.kita = _whole(kita, "kita")
        if not 0 <= self.kita <= 4:  # noqa: PLR2004 - four Norths in the set
            raise ValueError(f"WinContext.kita counts set-aside Norths, 0 to 4, not {self.kita}")

    @property
    def is_dealer(self) -> bool:
        return self.seat_wind is Wind.EAST

    @property
    def in_riichi(self) -> bool:
        """Riichi, double riichi or open riichi was declared."""
        return self.riichi or self.double_riichi or self.open_riichi

    @classmethod
    def parse(cls, text: str) -> WinContext:
        """Read the notation ``str`` writes: the winning tile, the flags that hold, then ``key=value`` words
        for ``discarder``, ``seat_wind``, ``round_wind`` (E, S, W, N), ``dora``, ``ura`` (tiles), ``honba``,
        ``riichi_sticks`` and ``kita`` (Norths set aside)."""
        words = text.split()
        if not words:
            raise NotationError("a win context starts with the winning tile, e.g. '3z tsumo'", text, (0, len(text)))
        win = Tile.parse(words[0])
        values: dict[str, object] = {}
        pos = len(words[0])
        for word in words[1:]:
            start = text.index(word, pos)
            pos = start + len(word)
            key, eq, value = word.partition("=")
            where = (start, pos)
            if not eq:
                if key not in SITUATION_FLAGS:
                    raise NotationError(f"{key!r} is not a situation flag ({', '.join(SITUATION_FLAGS)})", text, where)
                values[key] = True
            elif key in ("discarder", "seat_wind", "round_wind"):
                values[key] = Wind.parse(value)
            elif key in ("dora", "ura"):
                values[key] = parse_tiles(value)
            elif key in ("honba", "riichi_sticks", "kita"):
                if not value.isdigit():
                    raise NotationError(f"{key} is a whole number, not {value!r}", text, where)
                values[key] = int(value)
            else:
                raise NotationError(f"unknown word {key!r} in a win context", text, where)
        return cls(win, **values)

    @classmethod
    def parse_kwargs(cls, *, win: str, dora: str = "", ura: str = "", seat_wind: str = "E",
                     round_wind: str = "E", discarder: str | None = None, **flags: bool | int) -> WinContext:
        """Build a context from notation strings (``win="0p"``, ``dora="3m7z"``, ``seat_wind="S"``)."""
        return cls(
            win=Tile.parse(win),
            dora=parse_tiles(dora),
            ura=parse_tiles(ura),
            seat_wind=Wind.parse(seat_wind),
            round_wind=Wind.parse(round_wind),
            discarder=Wind.parse(discarder) if discarder else None,
            **flags,
        )

    @classmethod
    def from_fields(cls, values: dict[str, object]) -> WinContext:
        """A context from every one of its fields by name, each checked as the constructor checks it.

        The same as ``WinContext(**values)`` where ``values`` names every field, and what a reader that holds
        the fields in a dict calls: compiled, the constructor takes keyword arguments by looking up the
        name of every parameter in turn, and positional ones by place, several times faster.
        """
        try:
            given = [values[name] for name in _FIELD_NAMES]
        except KeyError:
            missing = [name for name in _FIELD_NAMES if name not in values]
            raise TypeError(f"WinContext.from_fields needs every field; missing: {', '.join(missing)}") from None
        return cls(*given)

    def replace(self, **changes: object) -> WinContext:
        """A copy with some fields changed (``ctx.replace(tsumo=True)``)."""
        return replace(self, **changes)  # type: ignore[arg-type]

    def __str__(self) -> str:
        words = [str(self.win)]
        words += [name for name in SITUATION_FLAGS if getattr(self, name)]
        if self.discarder is not None:
            words.append(f"discarder={self.discarder}")
        if self.seat_wind is not Wind.EAST:
            words.append(f"seat_wind={self.seat_wind}")
        if self.round_wind is not Wind.EAST:
            words.append(f"round_wind={self.round_wind}")
        if self.dora:
            words.append(f"dora={format_tiles(self.dora, sort=False)}")
        if self.ura:
            words.append(f"ura={format_tiles(self.ura, sort=False)}")
        if self.honba:
            words.append(f"honba={self.honba}")
        if self.riichi_sticks:
            words.append(f"riichi_sticks={self.riichi_sticks}")
        if self.kita:
            words.append(f"kita={self.kita}")
        return " ".join(words)

    def __repr__(self) -> str:
        return f"WinContext.parse('{self}')"


def _wrong_type(name: str, wanted: str, value: object) -> TypeError:
    return TypeError(f"WinContext.{name} must be {wanted}, not the {type(value).__name__} {value!r}")


def _checked(value: object, kind: type[_T], name: str, wanted: str) -> _T:
    if not isinstance(value, kind):
        raise _wrong_type(name, wanted, value)
    return value


def _flag(value: object, name: str) -> bool:
    if value is not True and value is not False:
        raise _wrong_type(name, "True or False", value)
    return value


def _indicators(value: object, name: str) -> tuple[Tile, ...]:
    if type(value) is not tuple or not all(isinstance(t, Tile) for t in value):
        raise _wrong_type(name, "a tuple of Tiles, e.g. parse_tiles('3m7z')", value)
    return value


def _whole(value: object, name: str) -> int:
    if type(value) is not int:
        raise _wrong_type(name, "a whole number", value)
    return value

#: What each situation flag means, for the command line's help and the web API's schema, and the one way of
#: winning (tsumo or ron) a flag belongs to, where it belongs to one.
_FLAG_HELP: Final = {
    "tsumo": ("won by self-draw (otherwise on a discard, ron)", ""),
    "discarder_riichi": ("the discarder had declared riichi (open riichi rules)", "ron"),
    "riichi": ("riichi declared", ""),
    "double_riichi": ("riichi declared on the first turn", ""),
    "open_riichi": ("riichi declared with the hand shown (a local rule)", ""),
    "ippatsu": ("won within one go-around of riichi, no call in between", ""),
    "rinshan": ("won on a kan's replacement tile", "tsumo"),
    "chankan": ("won on a tile added to another player's kan", "ron"),
    "haitei": ("won by tsumo on the last tile of the wall", "tsumo"),
    "houtei": ("won by ron on the last discard", "ron"),
    "tenhou": ("the dealer's win on the starting hand", "tsumo"),
    "chiihou": ("a non-dealer's tsumo on the first draw, no call before", "tsumo"),
    "renhou": ("a non-dealer's ron before their first draw", "ron"),
    "paarenchan": ("the dealer's eighth straight win (a local rule)", ""),
}

#: Every field of :class:`WinContext`, in order.
_FIELD_NAMES: Final[tuple[str, ...]] = tuple(f.name for f in fields(WinContext))
#: The situation flags: every true-or-false field of :class:`WinContext`, in field order. (A field's type is the
#: text of its annotation when the module runs as Python, and the class itself when it is compiled.)
SITUATION_FLAGS: Final[tuple[str, ...]] = tuple(f.name for f in fields(WinContext) if f.type in ("Final[bool]", bool))
#: Flags that belong to a win by self-draw only, and to a win on a discard only.
TSUMO_ONLY_FLAGS: Final[tuple[str, ...]] = tuple(name for name in SITUATION_FLAGS if _FLAG_HELP[name][1] == "tsumo")
RON_ONLY_FLAGS: Final[tuple[str, ...]] = tuple(name for name in SITUATION_FLAGS if _FLAG_HELP[name][1] == "ron")


def flag_help(name: str) -> str:
    """The one-line help of a situation flag (for the command line and the web API's schema)."""
    return _FLAG_HELP[name][0]
