"""The win-case interchange format: one JSON object in, one JSON object out (docs/interchange.md).

:func:`score_case` takes a win case (a dict) and returns a result dict; :func:`score_line_json`
does the same from one line of JSON text to one line of JSON text, which is what
``riichi score --jsonl`` writes. Neither raises: every problem comes back as
``{"id", "ok": false, "error": {"code", "message"}}``.

>>> r = score_case({"hand": "234m456p678s44433z", "win": "3z", "tsumo": True, "seat_wind": "S"})
>>> r["ok"], r["han"], r["fu"], r["points"], r["payments"]
(True, 1, 40, 1500, {'E': 700, 'W': 400, 'N': 400})
>>> score_case({"hand": "123m4x", "win": "1m"})["error"]["code"]
'invalid_notation'
>>> score_line_json('{"id": NaN, "hand": "234m456p678s44433z", "win": "3z"}')
'{"id": null, "ok": false, "error": {"code": "invalid_json", "message": "NaN is not a JSON number"}}'

One reader, :func:`case_to_hand`, checks every field (its type, its range, unknown fields refused)
and names the first problem in the order of the fields; one writer, :func:`score_to_result`,
builds the result object, which :func:`~riichi.formats.strict_json.dumps` writes.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from riichi.errors import (
    InconsistentSituationError,
    InvalidCaseError,
    NotationError,
    RiichiError,
)
from riichi.formats import red_fives, strict_json
from riichi.frozen import Frozen
from riichi.hand import Hand, Meld, MeldType
from riichi.notation import format_tiles, parse_tiles
from riichi.rules import RuleSet, resolve_rules
from riichi.scoring.context import SITUATION_FLAGS, WinContext
from riichi.scoring.limits import Limit
from riichi.scoring.result import Delta, Score
from riichi.scoring.scorer import score
from riichi.scoring.settlement import settle_nagashi
from riichi.tiles import WIND_LETTERS, WINDS, Tile, Wind
from riichi.yaku import Yaku

__all__ = ["MAX_COUNT", "Scored", "case_context", "case_rules", "case_to_hand", "error_result", "meld_object", "read_and_score",
           "score_case", "score_line", "score_line_json", "score_to_result"]

#: Largest honba count and riichi-stick count read (real games stay far below it).
MAX_COUNT: Final = 100

#: The true-or-false fields of a win case that describe the situation: the win context's flags.
_CONTEXT_FLAGS: Final = SITUATION_FLAGS
_FLAGS: Final = (*_CONTEXT_FLAGS, "nagashi_mangan")
_KNOWN: Final = frozenset({"id", "hand", "melds", "win", "discarder", "seat_wind", "round_wind", "dora", "ura",
                           "honba", "riichi_sticks", "kita", "rules", red_fives.SWITCH, *_FLAGS})
_WIND_OF: Final = {str(w): w for w in Wind}
_MELD_TYPES: Final = {t.value: t for t in MeldType}
#: The yaku's names as the format writes them: an enum's ``value`` is a property run as Python, which compiled
#: code would call for every yaku of every result (a :class:`Yaku` hashes by identity, so this look-up is not).
_YAKU_NAMES: Final[dict[Yaku, str]] = {y: y.value for y in Yaku}
_MELD_KEYS: Final = ("type", "tiles", "from")


# -- the entry points ------------------------------------------------------------------------------

def score_line_json(line: str | bytes) -> str:
    """Score one line of JSON text; the result as one line of strict JSON text (no newline).

    >>> score_line_json('{"id": 7, "hand": "234m456p678s44433z", "win": "3z", "tsumo": true, "seat_wind": "S"}')[:86]
    '{"id": 7, "ok": true, "han": 1, "fu": 40, "yaku": [{"name": "menzen_tsumo", "han": 1}]'
    """
    result = score_line(line)
    try:
        return strict_json.dumps(result)
    except RiichiError as e:  # not reached for a case read from JSON text; the batch must go on whatever happens
        return strict_json.dumps(error_result(None, "internal_error", f"internal error: {e}"))


def score_line(line: str | bytes) -> dict[str, object]:
    """Score one line of JSON text; text that is not strict JSON gives ``invalid_json``."""
    try:
        case = strict_json.loads(line)
    except RiichiError as e:
        return error_result(None, e)
    return score_case(case)


def score_case(case: object) -> dict[str, object]:
    """Score one win case; returns the result or the error object, never raises."""
    case_id = case.get("id") if isinstance(case, dict) else None
    try:
        strict_json.check_value(case_id)
    except RiichiError as e:
        return error_result(None, InvalidCaseError(f"id must be a JSON value: {e}"))
    try:
        scored = read_and_score(case)
        result = score_to_result(scored.score, case_id)
        if scored.notes:
            result["notes"] = list(scored.notes)
        return result
    except RiichiError as e:
        return error_result(case_id, e)
    except Exception as exc:  # noqa: BLE001 - the batch must survive anything; report it instead
        # (named apart from the RiichiError above: compiled, one name keeps one type)
        return error_result(case_id, "internal_error", f"internal error ({type(exc).__name__}: {exc})")


@dataclass(init=False, slots=True, unsafe_hash=True)
class Scored(Frozen):
    """A win case's :class:`~riichi.scoring.result.Score`, and the notes on how the case was read (a record,
    as :mod:`riichi.frozen` says, made for every case)."""

    score: Final[Score]
    #: One line each, e.g. the red fives counted as plain fives (:data:`riichi.formats.red_fives.NOTE`).
    notes: Final[tuple[str, ...]]

    def __init__(self, score: Score, notes: tuple[str, ...] = ()) -> None:
        self.score = score
        self.notes = notes


def read_and_score(case: object) -> Scored:
    """Read a win case and score it on the typed API (what :func:`score_case` writes as JSON, and what
    ``riichi score`` prints); raises a :class:`~riichi.errors.RiichiError` naming the first problem."""
    if not isinstance(case, dict):
        raise InvalidCaseError("a win case is a JSON object")
    rules = case_rules(case)
    if _flag(case, red_fives.SWITCH) and rules.scoring.aka == 0:
        plain = red_fives.plain_fives_case(case)
        if plain != case:  # read under the rules' own plain fives, and say so
            return Scored(read_and_score(plain).score, (red_fives.NOTE,))
    if _flag(case, "nagashi_mangan"):
        return Scored(_nagashi(case, rules))
    hand, ctx = case_to_hand(case)
    return Scored(score(hand, ctx, rules))


def error_result(case_id: object, error: RiichiError | str, message: str | None = None) -> dict[str, object]:
    """The failure object for a case: ``{"id", "ok": false, "error": {"code", "message"}}``."""
    if isinstance(error, RiichiError):
        code, text = error.code, str(error)
    else:
        code, text = error, message or error
    return {"id": case_id, "ok": False, "error": {"code": code, "message": text}}


# -- the writer ------------------------------------------------------------------------------------

def score_to_result(s: Score, case_id: object = None) -> dict[str, object]:
    """The success object of the interchange format for a :class:`~riichi.scoring.scorer.Score`."""
    result: dict[str, object] = {
        "id": case_id,
        "ok": True,
        "han": s.han,
        "fu": s.fu,
        "yaku": [{"name": _YAKU_NAMES[yaku], "han": han} for yaku, han in s.yaku],
        "yakuman": [{"name": _YAKU_NAMES[yaku], "multiplier": multiple} for yaku, multiple in s.yakuman],
        "yakuman_total": s.yakuman_total,
        "limit": None if s.limit is None else s.limit.value,
        "points": s.points,
        "payments": {WIND_LETTERS[p.payer]: p.amount for p in s.payments},
    }
    if s.deltas:
        result["deltas"] = {WIND_LETTERS[d.seat]: d.points for d in s.deltas}
    result["fu_details"] = [{"reason": item.reason, "fu": item.fu} for item in s.fu_details]
    result["decomposition"] = list(s.decomposition)
    if s.liable is not None:
        result["liable"] = WIND_LETTERS[s.liable]
    return result


def meld_object(meld: Meld | str) -> dict[str, object]:
    """The interchange object of a meld given as a value or as notation.

    >>> meld_object("pon:505p@W")
    {'type': 'pon', 'tiles': '055p', 'from': 'W'}
    >>> meld_object("ankan:1111z")
    {'type': 'ankan', 'tiles': '1111z'}
    """
    m = Meld.parse(meld) if isinstance(meld, str) else meld
    out: dict[str, object] = {"type": m.type.value, "tiles": format_tiles(m.tiles)}
    if m.from_seat is not None:
        out["from"] = str(m.from_seat)
    return out


# -- the reader ------------------------------------------------------------------------------------

def case_to_hand(case: dict[str, object]) -> tuple[Hand, WinContext]:
    """The hand and situation of a win case; raises a :class:`~riichi.errors.RiichiError`.

    Every field is checked, in the order of the fields' table in docs/interchange.md: an unknown field,
    a value of the wrong type or out of range is an ``invalid_case`` error naming the field; tiles that
    are not MPSZ notation are ``invalid_notation``, pointing at the text.
    """
    for key in case:
        if key not in _KNOWN:
            raise InvalidCaseError(f"unknown field {_shown(key)} in the win case")
    text = _text(case, "hand", required=True)
    if ":" not in text:
        concealed = _tiles(_concealed_text(text), "hand")
        return Hand(concealed, _melds(case.get("melds"))), case_context(case, _tile(_text(case, "win", required=True),
                                                                                    "win"))
    # Hand notation with its melds or its winning tile written in (win:TILE), as a score's reading line is.
    try:
        written, marked = Hand.parse_with_win(" ".join(text.split()))
    except NotationError as e:
        raise NotationError(f"hand: {e.message}", e.source, e.span) from None
    if written.melds and case.get("melds"):
        raise InvalidCaseError('the melds are written twice: in the hand text and in the "melds" list')
    melds = written.melds or _melds(case.get("melds"))
    given = _text(case, "win")
    if marked is None or given:
        win = _tile(_text(case, "win", required=True), "win")
        if marked is not None and win != marked:
            raise InvalidCaseError(f"the hand text marks win:{marked} but the win field says {given}")
    else:
        win = marked
    return Hand(written.concealed, melds), case_context(case, win)


def case_context(case: dict[str, object], win: Tile) -> WinContext:
    """The situation fields of a win case (all but ``hand``, ``melds`` and ``win``), each one checked.

    Other readers of the same fields (an analysis request) read them here, so they are checked alike.
    """
    values: dict[str, object] = {name: _flag(case, name) for name in _CONTEXT_FLAGS}
    if values["double_riichi"] or values["open_riichi"]:
        values["riichi"] = True
    values["win"] = win
    values["discarder"] = _seat(case, "discarder")
    values["seat_wind"] = _seat(case, "seat_wind") or Wind.EAST
    values["round_wind"] = _seat(case, "round_wind") or Wind.EAST
    values["dora"] = _tiles(_indicators(case, "dora"), "dora")
    values["ura"] = _tiles(_indicators(case, "ura"), "ura")
    values["honba"] = _count(case, "honba")
    values["riichi_sticks"] = _count(case, "riichi_sticks")
    values["kita"] = _kita(case)
    return WinContext.from_fields(values)


def _kita(case: dict[str, object]) -> int:
    """The Norths set aside (three-player rules): 0 to 4."""
    value = case.get("kita")
    if value is None:
        return 0
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 4:  # noqa: PLR2004
        raise InvalidCaseError(f"kita must be a whole number from 0 to 4 (the Norths set aside), not "
                               f"{_shown(value) if not isinstance(value, int) or abs(value) < 10**12 else 'a larger number'}")
    return value


def _shown(value: object) -> str:
    """A value as the case wrote it (JSON text), for an error message."""
    try:
        return strict_json.dumps(value)
    except RiichiError:
        return repr(value)


def case_rules(case: dict[str, object]) -> RuleSet:
    """The rule set a win case names (``rules``: a preset name or ``{"preset": NAME, ...}``; tenhou when not
    given); raises a :class:`~riichi.errors.RiichiError` naming what is wrong."""
    spec = case.get("rules")
    if spec is None:  # as every optional field: null is not given
        spec = "tenhou"
    if not isinstance(spec, (str, dict)):
        raise InvalidCaseError("rules must be a preset name or an object {\"preset\": NAME, ...}")
    return resolve_rules(spec)


def _text(case: dict[str, object], key: str, *, required: bool = False) -> str:
    value = case.get(key)
    if value is None:
        if required:
            raise InvalidCaseError(f"the win case needs a {key!r} field")
        return ""
    if not isinstance(value, str):
        raise InvalidCaseError(f"{key} must be a string of tiles in MPSZ notation, not {_shown(value)}")
    return value


def _indicators(case: dict[str, object], key: str) -> str:
    """Dora or ura indicators: a string of tiles (``"3m7z"``), or a list of them (``["3m", "7z"]``)."""
    value = case.get(key)
    if isinstance(value, list):
        if not all(isinstance(item, str) for item in value):
            raise InvalidCaseError(f"{key} must be a string of tiles or a list of tile strings, not {_shown(value)}")
        return "".join(str(_tile(item, key)) for item in value)  # each item is one tile
    return _text(case, key)


def _concealed_text(text: str) -> str:
    """The ``hand`` field's tiles: spaces between groups are allowed (``"123m 456p"``, as the command line and
    the page write hands)."""
    return "".join(text.split())


def _tiles(text: str, field: str) -> tuple[Tile, ...]:
    """The tiles of a field's text; a notation error names the field."""
    try:
        return parse_tiles(text)
    except NotationError as e:
        raise NotationError(f"{field}: {e.message}", e.source, e.span) from None


def _tile(text: str, field: str) -> Tile:
    tiles = _tiles(text, field)
    if len(tiles) != 1:
        raise NotationError(f"{field}: exactly one tile is needed, not {len(tiles)}", text, (0, len(text)))
    return tiles[0]


def _flag(case: dict[str, object], key: str) -> bool:
    value = case.get(key)
    if value is None:
        return False
    if not isinstance(value, bool):
        raise InvalidCaseError(f"{key} must be true or false, not {_shown(value)}")
    return value


def _count(case: dict[str, object], key: str) -> int:
    value = case.get(key)
    if value is None:
        return 0
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_COUNT:
        shown = _shown(value) if not isinstance(value, int) or abs(value) < 10**12 else "a larger number"
        raise InvalidCaseError(f"{key} must be a whole number from 0 to {MAX_COUNT}, not {shown}")
    return value


def _seat(case: dict[str, object], key: str, name: str | None = None) -> Wind | None:
    value = case.get(key)
    if value is None:
        return None
    wind = _WIND_OF.get(value) if isinstance(value, str) else None
    if wind is None:
        raise InvalidCaseError(f"{name or key} must be one of E, S, W, N, not {_shown(value)}")
    return wind


def _melds(value: object) -> tuple[Meld, ...]:
    if value is None:
        return ()
    if not isinstance(value, list):
        raise InvalidCaseError("melds must be a list of {\"type\", \"tiles\", \"from\"} objects")
    return tuple(_meld(item, f"melds[{i}]") for i, item in enumerate(value))


def _meld(item: object, where: str) -> Meld:
    if not isinstance(item, dict):
        raise InvalidCaseError(f"{where} must be an object with type, tiles and from")
    for key in item:
        if key not in _MELD_KEYS:
            raise InvalidCaseError(f"unknown field {_shown(key)} in {where}")
    type_text = item.get("type")
    kind = _MELD_TYPES.get(type_text) if isinstance(type_text, str) else None
    if kind is None:
        raise InvalidCaseError(f"{where}.type must be chi, pon, minkan, shouminkan or ankan, "
                               f"not {_shown(item.get('type'))}")
    tiles_text = item.get("tiles")
    if not isinstance(tiles_text, str):
        raise InvalidCaseError(f"{where}.tiles must be a string of tiles such as \"555z\"")
    from_seat = _seat(item, "from", f"{where}.from")
    tiles = _tiles(tiles_text, f"{where}.tiles")
    if kind is MeldType.ANKAN and from_seat is not None:
        raise InvalidCaseError(f"{where}: a concealed kan (ankan) has no 'from' seat")
    try:
        return Meld(kind, tiles, from_seat)
    except NotationError as e:
        raise NotationError(f"{where}: {e.message}", tiles_text, (0, len(tiles_text))) from None


def _nagashi(case: dict[str, object], rules: RuleSet) -> Score:
    """Nagashi mangan: a mangan paid as a tsumo at an exhaustive draw, with no hand.

    As in every case, ``honba`` and ``riichi_sticks`` are what the player is paid
    (:func:`~riichi.scoring.settlement.settle_nagashi`); at a real draw the rules decide them
    (:func:`~riichi.scoring.settlement.settle_draw`).
    """
    for key in case:
        if key not in _KNOWN:
            raise InvalidCaseError(f"unknown field {_shown(key)} in the win case")
    for key in ("hand", "win"):  # every field is checked before the case is judged
        _text(case, key)
    _melds(case.get("melds"))
    case_context(case, Tile(0))
    for key in ("hand", "win", "melds"):
        if case.get(key):
            raise InconsistentSituationError(f"a nagashi mangan case has no {key!r}: it is paid at a draw")
    for key in _CONTEXT_FLAGS:
        if _flag(case, key):
            raise InconsistentSituationError(f"nagashi mangan cannot be combined with {key}")
    if not rules.scoring.nagashi_mangan:
        raise InconsistentSituationError(f"nagashi mangan is not played under {rules.name}")
    if _kita(case):
        raise InconsistentSituationError("nagashi mangan is paid at a draw, with no hand: it has no kita")
    seat = _seat(case, "seat_wind") or Wind.EAST
    if rules.players == 3:  # noqa: PLR2004
        for key in ("seat_wind", "round_wind"):
            if case.get(key) == "N":
                raise InvalidCaseError(f"{key} is N, but a three-player game ({rules.name}) has the seats E, S and "
                                       f"W only")
    s = settle_nagashi(seat, honba=_count(case, "honba"), sticks=_count(case, "riichi_sticks"), rules=rules.game)
    assert s.deltas is not None
    han = Yaku.NAGASHI_MANGAN.han_closed
    return Score(han=han, fu=0, yaku=((Yaku.NAGASHI_MANGAN, han),), yakuman=(), yakuman_total=0,
                 limit=Limit.MANGAN, points=s.points, payments=s.payments,
                 deltas=tuple(Delta(w, a) for w, a in zip(WINDS, s.deltas, strict=False)), fu_details=(),
                 decomposition=(), winner=seat, tsumo=True)
