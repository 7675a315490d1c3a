"""The win-case interchange format: one JSON object in, one JSON object out.

:func:`score_case` takes a win case (a dict, as the interchange format,
docs/interchange.md, describes it) and returns a result dict. It never raises: every
problem comes back as ``{"ok": false, "error": {"code", "message"}}``.

>>> r = score_case({"hand": "234m456p678s44433z", "win": "3z", "tsumo": True, "seat_wind": "S"})
>>> r["ok"], r["han"], r["fu"], r["points"], r["payments"]
(True, 1, 40, 1500, {'E': 700, 'W': 400, 'N': 400})
>>> score_case({"hand": "123m4x", "win": "1m"})["error"]["code"]
'invalid_notation'
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping
from operator import itemgetter
from typing import Any, Final, TypeVar

from riichi.errors import (
    InconsistentSituationError,
    InvalidCaseError,
    NotationError,
    RiichiError,
)
from riichi.formats import red_fives
from riichi.hand import Hand, Meld, MeldType
from riichi.kept import Kept
from riichi.notation import format_tiles, parse_sorted, parse_tiles
from riichi.rules import RuleSet, resolve_rules
from riichi.scoring.context import WinContext
from riichi.scoring.limits import Limit
from riichi.scoring.scorer import Score, score
from riichi.scoring.settlement import settle_nagashi
from riichi.tiles import Tile, Wind

__all__ = ["case_to_hand", "error_result", "meld_object", "score_case", "score_line", "score_line_json",
           "score_to_result"]

_FLAGS: Final = ("tsumo", "discarder_riichi", "riichi", "double_riichi", "open_riichi", "ippatsu", "rinshan",
                 "chankan", "haitei", "houtei", "tenhou", "chiihou", "renhou", "paarenchan", "nagashi_mangan")
_KNOWN: Final = frozenset({"id", "hand", "melds", "win", "discarder", "seat_wind", "round_wind", "dora", "ura",
                           "honba", "riichi_sticks", "rules", red_fives.SWITCH, *_FLAGS})
_SEATS: Final = ("E", "S", "W", "N")
_WIND_OF: Final = {w: Wind(i) for i, w in enumerate(_SEATS)}
_CONTEXT_FLAG_SET: Final = frozenset(f for f in _FLAGS if f != "nagashi_mangan")


def error_result(case_id: object, error: RiichiError | str, message: str | None = None) -> dict[str, object]:
    """The failure object for a case: ``{"id", "ok": false, "error": {"code", "message"}}``."""
    if isinstance(error, RiichiError):
        code, text = error.code, str(error)
    else:
        code, text = error, message or error
    return {"id": case_id, "ok": False, "error": {"code": code, "message": text}}


def score_line(line: str) -> dict[str, object]:
    """Score one JSON line; bad JSON gives ``invalid_json``."""
    case = _load(line)
    return case if type(case) is _ErrorResult else score_case(case)


def score_line_json(line: str) -> str:
    """Score one JSON line and give the result as one line of JSON text (what ``riichi score --jsonl`` writes).

    The text is ``json.dumps(score_line(line), ensure_ascii=False)``, written straight from the
    :class:`~riichi.scoring.scorer.Score` without the dict in between.

    >>> score_line_json('{"id": 7, "hand": "234m456p678s44433z", "win": "3z", "tsumo": true, "seat_wind": "S"}')[:86]
    '{"id": 7, "ok": true, "han": 1, "fu": 40, "yaku": [{"name": "menzen_tsumo", "han": 1}]'
    """
    try:  # the usual line: one JSON value from its first character, then the end of the line
        case, end = _scan(line, 0)
        if line[end:] not in _LINE_ENDS:
            raise ValueError
    except Exception:  # noqa: BLE001 - anything else is read by json.loads, which names the problem
        case = _load(line)
        if type(case) is _ErrorResult:
            return _encode(case)
    out = _score(case, _result_json)
    return out if type(out) is str else _encode(out)


#: The JSON reader json.loads uses, called without its checks for leading and trailing space (a line that
#: has them is read again by json.loads).
_scan: Final[Callable[[str, int], tuple[object, int]]] = json.JSONDecoder().scan_once  # type: ignore[attr-defined]
# (scan_once is set in JSONDecoder.__init__ but not in its type stub)
_LINE_ENDS: Final = frozenset({"", "\n"})


class _ErrorResult(dict[str, object]):
    """The failure object of a line that is not JSON (told apart from a case by its type)."""


def _load(line: str) -> object:
    if not line.strip():
        return _ErrorResult(error_result(None, "invalid_json", "empty line"))
    try:
        return json.loads(line)
    except json.JSONDecodeError as e:
        return _ErrorResult(error_result(None, "invalid_json", f"the line is not valid JSON at column {e.colno}: {e}"))
    except (ValueError, RecursionError) as e:  # a number too long to convert, nesting too deep
        return _ErrorResult(error_result(None, "invalid_json", f"the line cannot be read as JSON: {e}"))


def score_case(case: object) -> dict[str, object]:
    """Score one win case; returns the result or the error object, never raises."""
    return _score(case, score_to_result)


def _score(case: object, finish: Callable[[Score, object], _Out]) -> _Out | dict[str, object]:
    """``finish(score, case_id)`` of a case, or its error object (or a nagashi mangan's result)."""
    case_id = case.get("id") if isinstance(case, dict) else None
    try:
        if not isinstance(case, dict):
            raise InvalidCaseError("a win case is a JSON object")
        rules = _rules(case)
        if red_fives.SWITCH in case and _flag(case, red_fives.SWITCH) and rules.scoring.aka == 0:
            plain = red_fives.plain_fives_case(case)
            if plain != case:  # read under the rules' own plain fives, and say so
                result = _score(plain, score_to_result)
                if result["ok"]:
                    result["notes"] = [red_fives.NOTE]
                return result
        if "nagashi_mangan" in case and _flag(case, "nagashi_mangan"):
            return _nagashi(case, rules)
        hand, ctx = case_to_hand(case)
        return finish(score(hand, ctx, rules), case_id)
    except RiichiError as e:
        return error_result(case_id, e)
    except Exception as exc:  # noqa: BLE001 - the batch must survive anything; report it instead
        return error_result(case_id, "internal_error", f"internal error ({type(exc).__name__}: {exc})")


_Out = TypeVar("_Out")


def score_to_result(s: Score, case_id: object = None) -> dict[str, object]:
    """The success object of the interchange format for a :class:`~riichi.scoring.scorer.Score`."""
    han, fu, yaku, yakuman, yakuman_total, limit, points, payments, deltas, fu_details, decomposition, liable = s
    result: dict[str, object] = {
        "id": case_id,
        "ok": True,
        "han": han,
        "fu": fu,
        "yaku": [{"name": n, "han": h} for n, h in yaku],
        "yakuman": [{"name": n, "multiplier": m} for n, m in yakuman] if yakuman else [],
        "yakuman_total": yakuman_total,
        "limit": _LIMIT_VALUE[limit],
        "points": points,
        "payments": dict(_SHARES[payments]),
    }
    if deltas:
        result["deltas"] = dict(_SHARES[deltas])
    result["fu_details"] = [{"reason": reason, "fu": n} for reason, n in fu_details]
    result["decomposition"] = list(decomposition)
    if liable is not None:
        result["liable"] = str(liable)
    return result


#: The interchange value of each limit, and the (seat letter, points) pairs of each set of shares met so far.
_LIMIT_VALUE: Final[dict[Limit | None, str | None]] = {None: None, **{limit: limit.value for limit in Limit}}
_SHARES: Final = Kept[tuple[tuple[Wind, int], ...], tuple[tuple[str, int], ...]](
    lambda shares: tuple([(_SEATS[seat], amount) for seat, amount in shares]), bound=4096)


def _result_json(s: Score, case_id: object) -> str:
    """``_encode(score_to_result(s, case_id))``, made from the JSON texts of its parts."""
    if case_id is None:
        head = '{"id": null, "ok": true, "han": '
    elif type(case_id) is int:  # written as the encoder writes it (int.__repr__)
        head = f'{{"id": {case_id}, "ok": true, "han": '
    else:
        head = f'{{"id": {_STRING(case_id) if type(case_id) is str else _encode(case_id)}, "ok": true, "han": '
    han, fu, yaku, yakuman, yakuman_total, limit, points, payments, deltas, fu_details, decomposition, liable = s
    text = (f'{head}{han}, "fu": {fu}, "yaku": [{", ".join(map(_YAKU_JSON.__getitem__, yaku))}], '
            f'"yakuman": [{", ".join(map(_YAKUMAN_JSON.__getitem__, yakuman)) if yakuman else ""}], '
            f'"yakuman_total": {yakuman_total}, "limit": {_LIMIT_JSON[limit]}, "points": {points}, '
            f'"payments": {_SHARES_JSON[payments]}')
    if deltas:
        text += f', "deltas": {_SHARES_JSON[deltas]}'
    text += (f', "fu_details": [{", ".join(map(_FU_JSON.__getitem__, fu_details))}], '
             f'"decomposition": [{", ".join(map(_STRING_JSON.__getitem__, decomposition))}]')
    if liable is not None:
        text += f', "liable": "{liable}"'
    return text + "}"


#: The JSON encoding of the results (``json.dumps`` with ``ensure_ascii=False``).
_encode: Final = json.JSONEncoder(ensure_ascii=False).encode
_STRING: Final = json.encoder.encode_basestring


def _shares_json(shares: tuple[tuple[Wind, int], ...]) -> str:
    """``{"E": 700, ...}``: seat letters and whole numbers, written as the encoder writes them."""
    return "{" + ", ".join([f'"{seat}": {int(amount)}' for seat, amount in _SHARES[shares]]) + "}"


#: The JSON texts of small values met again and again (a yaku, a fu item, a payment), each made once.
_YAKU_JSON: Final = Kept[tuple[str, int], str](lambda y: _encode({"name": y[0], "han": y[1]}), bound=4096)
_YAKUMAN_JSON: Final = Kept[tuple[str, int], str](lambda y: _encode({"name": y[0], "multiplier": y[1]}), bound=4096)
_FU_JSON: Final = Kept[tuple[str, int], str](lambda item: _encode({"reason": item[0], "fu": item[1]}), bound=4096)
_SHARES_JSON: Final = Kept(_shares_json, bound=4096)
_STRING_JSON: Final = Kept[str, str](_encode, bound=4096)
_LIMIT_JSON: Final[dict[Limit | None, str]] = {limit: _encode(value) for limit, value in _LIMIT_VALUE.items()}


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


# -- reading a case -------------------------------------------------------------

def case_to_hand(case: Mapping[str, object]) -> tuple[Hand, WinContext]:
    """The hand and situation of a win case; raises a :class:`~riichi.errors.RiichiError`.

    A case whose fields all have their usual form (known fields; hand and indicators as text; melds as
    objects; seats as letters; sticks as whole numbers; flags true or false) is read the quick way, each
    field by one look-up in a table of the values met before. Anything else, and anything the quick way
    cannot read, is read again from the start by the careful reader, which names the first problem
    precisely (in the order of the fields).
    """
    if type(case) is dict and case.keys() <= _KNOWN:
        try:
            try:
                hand_text, melds_value, win_text, seat_text, round_text, dora_text, ura_text, honba, sticks \
                    = _USUAL_FIELDS(case)
            except KeyError:  # some fields left out: their defaults
                hand_text, melds_value, win_text, seat_text, round_text, dora_text, ura_text, honba, sticks \
                    = _USUAL_FIELDS(_DEFAULTS | case)
            concealed = parse_sorted(hand_text)
            if type(melds_value) is list:
                melds: tuple[Meld, ...] = tuple([_KNOWN_MELDS.get(tuple(item.items())) or _meld(item, i)
                                                 for i, item in enumerate(melds_value)]) if melds_value else ()
            elif melds_value is None:
                melds = ()
            else:
                raise _Unusual
            if type(honba) is not int or type(sticks) is not int or honba < 0 or sticks < 0:
                raise _Unusual
            values = [_ONE_TILE[win_text], False, _DISCARDER[case.get("discarder")], False,
                      _WIND_OR_EAST[seat_text], _WIND_OR_EAST[round_text], *_NO_FLAGS,
                      _INDICATOR_TILES[dora_text], _INDICATOR_TILES[ura_text], honba, sticks]
            for name in _CONTEXT_FLAG_SET.intersection(case):
                value = case[name]
                if value is True:
                    values[_FIELD[name]] = True
                elif value is not False:
                    raise _Unusual
        except Exception:  # noqa: BLE001 - not the usual form: the careful reader says what is wrong
            pass
        else:
            if values[_DOUBLE_RIICHI] or values[_OPEN_RIICHI]:
                values[_RIICHI] = True
            return Hand._of_sorted(concealed, melds), _new_tuple(WinContext, values)
    return _read_carefully(case)


#: The fields read the quick way (all but the flags and the discarder, which most cases leave out), and
#: the defaults of those a case leaves out (the hand and the winning tile are needed: the careful reader
#: says so).
_USUAL_FIELDS: Final[Callable[[Mapping[str, object]], tuple[Any, ...]]] = itemgetter(
    "hand", "melds", "win", "seat_wind", "round_wind", "dora", "ura", "honba", "riichi_sticks")
_DEFAULTS: Final[dict[str, object]] = {"hand": None, "melds": None, "win": None, "seat_wind": None,
                                       "round_wind": None, "dora": None, "ura": None, "honba": 0,
                                       "riichi_sticks": 0}


class _Unusual(Exception):
    """A field of a case not in its usual form (raised and caught inside :func:`case_to_hand`)."""


def _read_carefully(case: Mapping[str, object]) -> tuple[Hand, WinContext]:
    """The hand and situation of a case field by field, each field's problem named precisely."""
    if not _KNOWN.issuperset(case):
        unknown = next(key for key in case if key not in _KNOWN)
        raise InvalidCaseError(f"unknown field {unknown!r} in the win case")
    get = case.get
    hand_text = get("hand")
    concealed = _tiles(_concealed_text(hand_text if type(hand_text) is str else _text(case, "hand", required=True)),
                       "hand", parse_sorted)
    melds = _melds(get("melds"))
    win_text = get("win")
    win = _ONE_TILE.get(win_text) if type(win_text) is str else None
    if win is None:
        win = _tile(_text(case, "win", required=True), "win")
    values = [win, False, _seat(case, "discarder", None), False, _seat(case, "seat_wind", _EAST) or _EAST,
              _seat(case, "round_wind", _EAST) or _EAST, *_NO_FLAGS, _indicators(case, "dora"),
              _indicators(case, "ura"), _count(case, "honba"), _count(case, "riichi_sticks")]
    for name in _CONTEXT_FLAG_SET.intersection(case):
        values[_FIELD[name]] = _flag(case, name)
    if values[_DOUBLE_RIICHI] or values[_OPEN_RIICHI]:
        values[_RIICHI] = True
    ctx = WinContext._make(values)  # the fields in their order: no keyword matching for a value built per case
    return Hand._of_sorted(concealed, melds), ctx


#: Place of each field in a WinContext, and the flags between round_wind and dora, all false.
_FIELD: Final = {name: i for i, name in enumerate(WinContext._fields)}
_NO_FLAGS: Final = (False,) * (_FIELD["dora"] - _FIELD["round_wind"] - 1)
_RIICHI, _DOUBLE_RIICHI, _OPEN_RIICHI = _FIELD["riichi"], _FIELD["double_riichi"], _FIELD["open_riichi"]
_EAST: Final = Wind.EAST  #: read once (an Enum class attribute is slow on Python 3.11)

#: Every single tile by its text, for the fields that usually hold one.
_ONE_TILE: Final[Mapping[str, Tile]] = {str(t): t for t in Tile}
#: The seats a case names the quick way: by letter, or none (null, or the field left out).
_DISCARDER: Final[Mapping[str | None, Wind | None]] = dict([(None, None), *_WIND_OF.items()])
_WIND_OR_EAST: Final[Mapping[str | None, Wind]] = dict([(None, _EAST), *_WIND_OF.items()])
_new_tuple: Final = tuple.__new__  #: a WinContext from its fields in order, as WinContext._make does


def _indicator_tiles(text: str | None) -> tuple[Tile, ...]:
    """The tiles of an indicator field's usual text (none, or a few tiles); raises on anything else."""
    if text is None:
        return ()
    if type(text) is not str or len(text) > _INDICATOR_TEXT:
        raise _Unusual
    return parse_tiles(text)


#: Indicator texts met before (a few thousand occur); a text of more than five tiles is read carefully.
_INDICATOR_TEXT: Final = 10
_INDICATOR_TILES: Final = Kept(_indicator_tiles, bound=4096)


def _indicators(case: Mapping[str, object], key: str) -> tuple[Tile, ...]:
    value = case.get(key)
    if not value:
        if value is None or value == "":
            return ()
    elif type(value) is str and len(value) == 2:
        tile = _ONE_TILE.get(value)
        if tile is not None:
            return (tile,)
    return _tiles(_text(case, key), key)


def _rules(case: Mapping[str, object]) -> RuleSet:
    spec = case.get("rules", "tenhou")
    if not isinstance(spec, (str, dict)):
        raise InvalidCaseError("rules must be a preset name or an object {\"preset\": NAME, ...}")
    return resolve_rules(spec)


def _text(case: Mapping[str, object], key: str, *, required: bool = False) -> str:
    value = case.get(key)
    if value is None:
        if required:
            raise InvalidCaseError(f"the win case needs a {key!r} field")
        return ""
    if not isinstance(value, str):
        raise InvalidCaseError(f"{key} must be a string of tiles in MPSZ notation, not {json.dumps(value)}")
    return value


def _concealed_text(text: str) -> str:
    """The ``hand`` field's tiles: spaces between groups are allowed (``"123m 456p"``, as the command line and
    the page write hands); a meld there is refused with where melds go."""
    for word in re.finditer(r"\S+", text):
        if ":" in word.group():
            raise NotationError('hand: melds go in the "melds" list, e.g. "melds": [{"type": "pon", "tiles": '
                                '"777z", "from": "W"}], not in the hand text', text, word.span())
    return "".join(text.split())


def _tiles(text: str, field: str, read: Callable[[str], tuple[Tile, ...]] = parse_tiles) -> tuple[Tile, ...]:
    """The tiles of a field's text as ``read`` reads them; a notation error names the field."""
    try:
        return read(text)
    except NotationError as e:
        raise NotationError(f"{field}: {e.message}", e.source, e.span) from None


def _tile(text: str, field: str) -> Tile:
    tiles = _tiles(text, field)
    if len(tiles) != 1:
        raise NotationError(f"{field}: exactly one tile is needed, not {len(tiles)}", text, (0, len(text)))
    return tiles[0]


def _flag(case: Mapping[str, object], key: str) -> bool:
    value = case.get(key, False)
    if value is True or value is False:
        return value
    if value is None:
        return False
    if not isinstance(value, bool):
        raise InvalidCaseError(f"{key} must be true or false, not {json.dumps(value)}")
    return value


def _count(case: Mapping[str, object], key: str) -> int:
    value = case.get(key, 0)
    if type(value) is int and value >= 0:
        return value
    if value is None:
        return 0
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise InvalidCaseError(f"{key} must be a whole number of at least 0, not {json.dumps(value)}")
    return value


def _seat(case: Mapping[str, object], key: str, default: Wind | None) -> Wind | None:
    value = case.get(key)
    if value is None:
        return default
    wind = _WIND_OF.get(value) if type(value) is str else None
    if wind is None:
        raise InvalidCaseError(f"{key} must be one of E, S, W, N, not {json.dumps(value)}")
    return wind


def _melds(value: object) -> tuple[Meld, ...]:
    if value is None or value == []:
        return ()
    if not isinstance(value, list):
        raise InvalidCaseError("melds must be a list of {\"type\", \"tiles\", \"from\"} objects")
    return tuple([_meld(item, i) for i, item in enumerate(value)])


def _meld(item: object, i: int) -> Meld:
    """Read one meld object carefully; the melds met are kept (a few thousand exist) for the quick way."""
    if not isinstance(item, dict):
        raise InvalidCaseError(f"melds[{i}] must be an object with type, tiles and from")
    kind = _MELD_TYPES.get(item.get("type"))  # type: ignore[arg-type]
    tiles_text = item.get("tiles")
    seat = item.get("from")
    if kind is None or not isinstance(tiles_text, str) or (seat is not None and seat not in _SEATS) \
            or len(item) > 3 or any(key not in _MELD_KEYS for key in item):
        raise _meld_field_problem(item, f"melds[{i}]")
    tiles = _tiles(tiles_text, f"melds[{i}].tiles")
    from_seat = None if seat is None else _WIND_OF[seat]
    if kind is MeldType.ANKAN and from_seat is not None:
        raise InvalidCaseError(f"melds[{i}]: a concealed kan (ankan) has no 'from' seat")
    try:
        meld = Meld(kind, tiles, from_seat)
    except NotationError as e:
        raise NotationError(f"melds[{i}]: {e.message}", tiles_text, (0, len(tiles_text))) from None
    if len(_KNOWN_MELDS) >= _KEPT_MELDS:
        _KNOWN_MELDS.clear()
    _KNOWN_MELDS[tuple(item.items())] = meld
    return meld


#: Meld objects already read, by the items of the meld object as written (type, tiles and from, in the
#: order written; only objects with no other field are kept): melds are frozen values, so one object
#: serves every case that writes the same meld.
_KNOWN_MELDS: dict[tuple[tuple[str, object], ...], Meld] = {}
_KEPT_MELDS: Final = 8192


_MELD_TYPES: Final = {t.value: t for t in MeldType}
_MELD_KEYS: Final = frozenset({"type", "tiles", "from"})


def _meld_field_problem(item: dict[str, object], where: str) -> InvalidCaseError:
    """The precise error for a meld object with a wrong field."""
    for key in item:
        if key not in _MELD_KEYS:
            return InvalidCaseError(f"unknown field {key!r} in {where}")
    if item.get("type") not in _MELD_TYPES:
        return InvalidCaseError(f"{where}.type must be chi, pon, minkan, shouminkan or ankan, "
                                f"not {json.dumps(item.get('type'))}")
    if not isinstance(item.get("tiles"), str):
        return InvalidCaseError(f"{where}.tiles must be a string of tiles such as \"555z\"")
    return InvalidCaseError(f"{where}.from must be one of E, S, W, N, not {json.dumps(item.get('from'))}")


def _nagashi(case: Mapping[str, object], rules: RuleSet) -> dict[str, object]:
    """Nagashi mangan: a mangan paid as a tsumo at an exhaustive draw, with no hand.

    As in every case, ``honba`` and ``riichi_sticks`` are what the player is paid
    (:func:`~riichi.scoring.settlement.settle_nagashi`); at a real draw the rules decide them
    (:func:`~riichi.scoring.settlement.settle_draw`).
    """
    case_id = case.get("id")
    for key in ("hand", "win", "melds"):
        if case.get(key):
            raise InconsistentSituationError(f"a nagashi mangan case has no {key!r}: it is paid at a draw")
    for key in _FLAGS:
        if key != "nagashi_mangan" and _flag(case, key):
            raise InconsistentSituationError(f"nagashi mangan cannot be combined with {key}")
    if not rules.scoring.nagashi_mangan:
        raise InconsistentSituationError(f"nagashi mangan is not played under {rules.name}")
    seat = _seat(case, "seat_wind", Wind.EAST) or Wind.EAST
    s = settle_nagashi(seat, honba=_count(case, "honba"), sticks=_count(case, "riichi_sticks"), rules=rules.game)
    assert s.deltas is not None
    return {
        "id": case_id, "ok": True, "han": 5, "fu": 0,
        "yaku": [{"name": "nagashi_mangan", "han": 5}], "yakuman": [], "yakuman_total": 0,
        "limit": "mangan", "points": s.points,
        "payments": {str(p.payer): p.amount for p in s.payments},
        "deltas": {str(w): a for w, a in zip(Wind, s.deltas, strict=True)},
        "fu_details": [], "decomposition": [],
    }
