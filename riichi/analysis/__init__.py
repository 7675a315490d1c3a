"""Hand analysis: tile efficiency, what each wait is worth, and the JSON request behind it all.

For 13 tiles, the tiles that lower the shanten (ukeire) and how many copies
of each are still unseen; for 14 tiles, every discard with its resulting
shanten and ukeire, best first. Copies count as seen when they are in the
hand (all fourteen tiles, melds included) or among the ``visible`` tiles
the caller lists (discards, dora indicators, other players' melds).

>>> [(str(t), n) for t, n in ukeire("1234m456p789s11z5z").tiles]
[('1m', 3), ('2m', 3), ('3m', 3), ('4m', 3), ('5m', 4), ('6m', 4), ('1z', 2), ('5z', 3)]
>>> [(str(d.tile), d.shanten, d.ukeire.total) for d in discard_table("1234m456p789s1155z")][:2]
[('1m', 0, 4), ('4m', 0, 4)]

The value of each wait comes from the scoring engine
(:func:`riichi.formats.interchange.score_case`), so it never disagrees with ``riichi
score``. :func:`analyze_case` is the JSON request/response used by ``riichi
analyze --jsonl`` and the web app's ``POST /api/analyze`` (docs/analysis.md).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Final

from riichi.shapes.declarations import check_ankan_after_riichi, check_riichi, distinct_discards, riichi_thresholds
from riichi.errors import InvalidCaseError, RiichiError
from riichi.shapes.furiten import furiten_of_waits
from riichi.hand import Hand, Meld
from riichi.formats import strict_json
from riichi.formats.interchange import case_context, error_result, meld_object, score_case
from riichi.notation import format_tiles, parse_tiles
from riichi.rules import KanAfterRiichi, resolve_rules
from riichi.shapes.shanten import Shanten, hand_counts, shanten
from riichi.tiles import Tile
from riichi.shapes.wait_patterns import WaitPattern, wait_patterns
from riichi.shapes.waits import Wait, candidate_kinds, find_waits, hand_and_visible_counts

__all__ = [
    "DiscardChoice",
    "Ukeire",
    "WaitValue",
    "analyze_case",
    "analyze_line",
    "discard_table",
    "improving_kinds",
    "ukeire",
    "wait_values",
]


@dataclass(frozen=True, slots=True)
class Ukeire:
    """The tiles that lower the shanten, each with the copies still unseen."""

    tiles: tuple[tuple[Tile, int], ...] = ()

    @property
    def total(self) -> int:
        """Copies that would help, all tiles together."""
        return sum(n for _, n in self.tiles)


@dataclass(frozen=True, slots=True)
class DiscardChoice:
    """One discard from a 14-tile hand: the shanten left and the tiles that would then help."""

    tile: Tile
    shanten: int
    ukeire: Ukeire


def improving_kinds(counts: list[int], *, n_melds: int = 0) -> list[int]:
    """Kinds whose draw lowers the shanten of 3n+1 concealed ``counts`` (the waits when tenpai)."""
    now = shanten(counts, n_melds=n_melds)
    found = []
    for kind in candidate_kinds(counts, n_melds=n_melds):
        counts[kind] += 1
        if shanten(counts, n_melds=n_melds) < now:
            found.append(kind)
        counts[kind] -= 1
    return found


def _unseen(seen: list[int], kinds: Iterable[int]) -> Ukeire:
    return Ukeire(tuple((Tile(k), max(0, 4 - seen[k])) for k in kinds))


def _seen(hand: Hand, visible: Iterable[Tile] | str) -> list[int]:
    own, other = hand_and_visible_counts(hand, visible)
    return [a + b for a, b in zip(own, other, strict=True)]


def ukeire(hand: Hand | str, *, visible: Iterable[Tile] | str = ()) -> Ukeire:
    """The tiles that lower the shanten of a 13-tile hand (melds count three each)."""
    if isinstance(hand, str):
        hand = Hand.parse(hand)
    counts = hand_counts(hand, sizes=(13,))
    return _unseen(_seen(hand, visible), improving_kinds(counts, n_melds=len(hand.melds)))


def discard_table(hand: Hand | str, *, visible: Iterable[Tile] | str = ()) -> tuple[DiscardChoice, ...]:
    """Every discard of a 14-tile hand, best first: lowest shanten, then most ukeire, then tile order."""
    if isinstance(hand, str):
        hand = Hand.parse(hand)
    counts = hand_counts(hand, sizes=(14,))
    seen = _seen(hand, visible)
    melds = len(hand.melds)
    rows = []
    for tile in distinct_discards(hand.concealed):
        counts[tile.kind] -= 1
        rows.append(DiscardChoice(tile, shanten(counts, n_melds=melds),
                                  _unseen(seen, improving_kinds(counts, n_melds=melds))))
        counts[tile.kind] += 1
    rows.sort(key=lambda r: (r.shanten, -r.ukeire.total, r.tile.kind))
    return tuple(rows)


# -- value of each wait -----------------------------------------------------------------------------

#: Win-case fields that describe the situation (the rest of a case describes the win itself).
SITUATION_FIELDS: Final = ("seat_wind", "round_wind", "dora", "ura", "honba", "riichi_sticks", "rules", "riichi",
                           "double_riichi", "open_riichi", "ippatsu", "haitei", "houtei", "rinshan", "chankan",
                           "tenhou", "chiihou", "renhou", "paarenchan", "discarder", "discarder_riichi",
                           "red_fives_as_plain")
#: Situation flags that only make sense for a self-draw, or only for a win on a discard.
_TSUMO_ONLY: Final = ("haitei", "rinshan", "tenhou", "chiihou")
_RON_ONLY: Final = ("houtei", "chankan", "renhou", "discarder", "discarder_riichi")


@dataclass(frozen=True, slots=True)
class WaitValue:
    """A wait with the interchange results of winning on it by ron and by tsumo."""

    wait: Wait
    ron: Mapping[str, object]
    tsumo: Mapping[str, object]

    @property
    def ron_points(self) -> int | None:
        return _points(self.ron)

    @property
    def tsumo_points(self) -> int | None:
        return _points(self.tsumo)

    @property
    def has_yaku_on_ron(self) -> bool:
        return not _is_no_yaku(self.ron)

    @property
    def has_yaku_on_tsumo(self) -> bool:
        return not _is_no_yaku(self.tsumo)


def _points(result: Mapping[str, object]) -> int | None:
    points = result.get("points")
    return points if result.get("ok") and isinstance(points, int) else None


def _is_no_yaku(result: Mapping[str, object]) -> bool:
    error = result.get("error")
    return isinstance(error, Mapping) and error.get("code") == "no_yaku"


def wait_values(hand: Hand | str, situation: Mapping[str, object] | None = None, *,
                visible: Iterable[Tile] | str = ()) -> tuple[WaitValue, ...]:
    """Score a win on every wait of a 13-tile tenpai hand, by ron and by tsumo.

    ``situation`` holds win-case fields (:data:`SITUATION_FIELDS`: seat and round wind, dora,
    riichi, rules, ...); flags that belong to one way of winning only (haitei, houtei, ...) are
    passed to that one. A wait without a yaku has a ``no_yaku`` error result.
    """
    if isinstance(hand, str):
        hand = Hand.parse(hand)
    base = {k: v for k, v in (situation or {}).items() if k in SITUATION_FIELDS}
    melds = [meld_object(m) for m in hand.melds]
    out = []
    for wait in find_waits(hand, visible=visible):
        case = {"hand": format_tiles((*hand.concealed, wait.tile)), "melds": melds, "win": str(wait.tile)}
        ron = {k: v for k, v in base.items() if k not in _TSUMO_ONLY}
        tsumo = {k: v for k, v in base.items() if k not in _RON_ONLY}
        out.append(WaitValue(wait, score_case({**ron, **case, "tsumo": False}),
                             score_case({**tsumo, **case, "tsumo": True})))
    return tuple(out)


# -- the JSON request (docs/analysis.md) -------------------------------------------------------------

_ANALYSIS_FIELDS: Final = ("visible", "discards", "passed", "passed_in_riichi", "tiles_left", "points", "drawn",
                           "ankan_strict", "values")
_KNOWN: Final = frozenset({"id", "hand", "melds", "win", "tsumo", "nagashi_mangan", *SITUATION_FIELDS,
                           *_ANALYSIS_FIELDS})


def analyze_case(request: object) -> dict[str, object]:
    """Analyse one JSON request (docs/analysis.md); returns the result or an error object, never raises.

    >>> r = analyze_case({"hand": "23m456p789s11122z", "discards": "4m", "values": False})
    >>> r["shanten"], [w["tile"] for w in r["waits"]], r["furiten"]["reasons"]
    (0, ['1m', '4m'], ['own_discard'])
    >>> analyze_case({"id": 7, "hand": "123x"})["error"]["code"]
    'invalid_notation'
    """
    request_id = request.get("id") if isinstance(request, dict) else None
    try:
        if not isinstance(request, dict):
            raise InvalidCaseError("an analysis request is a JSON object")
        return {"id": request_id, "ok": True, **_analyze(request)}
    except RiichiError as e:
        return error_result(request_id, e)
    except Exception as e:  # noqa: BLE001 - the batch must survive anything; report it instead
        return error_result(request_id, "internal_error", f"internal error ({type(e).__name__}: {e})")


def analyze_line(line: str | bytes) -> dict[str, object]:
    """Analyse one JSON line (``riichi analyze --jsonl``); bad JSON gives ``invalid_json``."""
    try:
        request = strict_json.loads(line)
    except RiichiError as e:
        return error_result(None, e)
    return analyze_case(request)


def _analyze(req: Mapping[str, object]) -> dict[str, object]:
    for key in req:
        if key not in _KNOWN:
            raise InvalidCaseError(f"unknown field {key!r} in the analysis request")
    hand = _hand(req)
    for key in ("win", "drawn"):  # typed whether or not this hand's analysis needs them
        if req.get(key) is not None:
            _tile(req[key], key)
    case_context(req, Tile(0))  # the situation fields, checked as the win-case reader checks them
    for key in ("tiles_left", "points"):
        _int(req, key)
    for key in ("visible", "discards", "passed", "passed_in_riichi"):
        _tiles(req, key)
    for key in ("values", "ankan_strict"):
        if req.get(key) is not None:
            _flag(req, key)
    hand_counts(hand)  # checks the size and the copies before anything else
    size = len(hand.concealed) + 3 * len(hand.melds)
    visible = _tiles(req, "visible")
    rules = resolve_rules(req.get("rules", "tenhou"))  # type: ignore[arg-type]
    forms = Shanten.of(hand)
    out: dict[str, object] = {
        "hand": str(hand), "tiles": size, "shanten": forms.combined,
        "forms": {"standard": forms.standard, "chiitoitsu": forms.chiitoitsu, "kokushi": forms.kokushi},
    }
    min_tiles, min_points = riichi_thresholds(rules)
    if hand.is_closed or size == 14:  # noqa: PLR2004
        riichi = check_riichi(hand, tiles_left=_int(req, "tiles_left"), points=_int(req, "points"),
                              min_wall_tiles=min_tiles, min_points=min_points)
        out["riichi_declaration"] = {"allowed": riichi.allowed, "reasons": [r.value for r in riichi.reasons],
                                     "discards": [str(t) for t in riichi.discards]}
    if size == 13:  # noqa: PLR2004
        out.update(_thirteen(hand, req, visible))
    else:
        out["complete"] = forms.combined < 0
        out["discards"] = [_discard_json(d) for d in discard_table(hand, visible=visible)]
        drawn = req.get("drawn", req.get("win"))
        if _flag(req, "riichi") and drawn is not None:
            out["ankan_after_riichi"] = _ankan_json(hand, _tile(drawn, "drawn"), req)
    return out


def _thirteen(hand: Hand, req: Mapping[str, object], visible: tuple[Tile, ...]
              ) -> dict[str, object]:
    out: dict[str, object] = {}
    waits = find_waits(hand, visible=visible)
    values = {v.wait.tile: v for v in wait_values(hand, req, visible=visible)} if _flag(req, "values", True) else {}
    out["waits"] = [_wait_json(w, values.get(w.tile)) for w in waits]
    out["wait_patterns"] = [_pattern_json(p) for p in wait_patterns(hand)] if waits else []
    help_ = ukeire(hand, visible=visible)
    out.update(_ukeire_json(help_))
    if waits:
        furiten = furiten_of_waits([w.tile for w in waits], discards=_tiles(req, "discards"),
                                   passed=_tiles(req, "passed"), passed_in_riichi=_tiles(req, "passed_in_riichi"),
                                   riichi=_flag(req, "riichi"))
        out["furiten"] = {"can_ron": furiten.can_ron, "reasons": [r.value for r in furiten.reasons],
                          "tiles": [str(t) for t in furiten.tiles]}
    return out


def _wait_json(wait: Wait, value: WaitValue | None) -> dict[str, object]:
    out: dict[str, object] = {
        "tile": str(wait.tile), "shapes": [s.value for s in wait.shapes], "in_hand": wait.in_hand,
        "visible": wait.visible, "left": wait.remaining, "karaten": wait.is_karaten, "dead": wait.is_dead,
    }
    if value is not None:
        out.update({"ron": value.ron_points, "tsumo": value.tsumo_points, "no_yaku": not value.has_yaku_on_ron,
                    "tsumo_no_yaku": not value.has_yaku_on_tsumo,
                    "ron_result": _strip_id(value.ron), "tsumo_result": _strip_id(value.tsumo)})
    return out


def _pattern_json(pattern: WaitPattern) -> dict[str, object]:
    return {"name": pattern.name.value, "tiles": format_tiles(pattern.tiles), "waits": [str(t) for t in pattern.waits]}


def _strip_id(result: Mapping[str, object]) -> dict[str, object]:
    return {k: v for k, v in result.items() if k != "id"}


def _ukeire_json(help_: Ukeire) -> dict[str, object]:
    return {"ukeire": help_.total, "ukeire_tiles": [str(t) for t, _ in help_.tiles],
            "improving": [{"tile": str(t), "left": n} for t, n in help_.tiles]}


def _discard_json(choice: DiscardChoice) -> dict[str, object]:
    return {"tile": str(choice.tile), "shanten": choice.shanten, **_ukeire_json(choice.ukeire)}


def _ankan_json(hand: Hand, drawn: Tile, req: Mapping[str, object]) -> dict[str, object]:
    rest = list(hand.concealed)
    if drawn not in rest:
        raise InvalidCaseError(f"the drawn tile {drawn} is not in the hand")
    rest.remove(drawn)
    rules = resolve_rules(req.get("rules", "tenhou"))  # type: ignore[arg-type]
    strict = _flag(req, "ankan_strict", rules.game.kan_after_riichi is KanAfterRiichi.STRICT)
    verdict = check_ankan_after_riichi(Hand(tuple(rest), hand.melds), drawn, strict=strict)
    return {"tile": str(drawn), "strict": strict, "allowed": verdict.allowed,
            "reasons": [r.value for r in verdict.reasons]}


def _hand(req: Mapping[str, object]) -> Hand:
    text = req.get("hand")
    if not isinstance(text, str):
        raise InvalidCaseError("'hand' is required: the concealed tiles in MPSZ notation, e.g. '123m456p789s1122z'")
    hand = Hand.parse(text)
    melds = req.get("melds", [])
    if not isinstance(melds, list):
        raise InvalidCaseError("'melds' is a list of {\"type\", \"tiles\", \"from\"} objects")
    extra = []
    for i, item in enumerate(melds):
        if not isinstance(item, dict) or not isinstance(item.get("type"), str) \
                or not isinstance(item.get("tiles"), str):
            raise InvalidCaseError(f"melds[{i}] needs a string 'type' and a string 'tiles'")
        for key in item:
            if key not in ("type", "tiles", "from"):
                raise InvalidCaseError(f"unknown field {key!r} in melds[{i}]")
        seat = item.get("from")
        if seat is not None and not isinstance(seat, str):
            raise InvalidCaseError(f"melds[{i}].from is a seat: E, S, W or N")
        extra.append(Meld.parse(f"{item['type']}:{item['tiles']}" + (f"@{seat}" if seat else "")))
    return Hand(hand.concealed, hand.melds + tuple(extra))


def _tiles(req: Mapping[str, object], key: str) -> tuple[Tile, ...]:
    value = req.get(key, "")
    if not isinstance(value, str):
        raise InvalidCaseError(f"'{key}' is a string of tiles in MPSZ notation, e.g. '3m7z'")
    return parse_tiles(value)


def _tile(value: object, key: str) -> Tile:
    if not isinstance(value, str):
        raise InvalidCaseError(f"'{key}' is one tile in MPSZ notation, e.g. '5m'")
    return Tile.parse(value)


def _flag(req: Mapping[str, object], key: str, default: bool = False) -> bool:  # noqa: FBT001, FBT002
    value = req.get(key, default)
    if not isinstance(value, bool):
        raise InvalidCaseError(f"'{key}' is true or false")
    return value


def _int(req: Mapping[str, object], key: str) -> int | None:
    value = req.get(key)
    if value is None:
        return None
    low, high = _INT_RANGES[key]
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise InvalidCaseError(f"'{key}' is a whole number from {low} to {high}")
    return value


#: The range of each whole-number field of a request: tiles left in the wall, a player's points.
_INT_RANGES: Final = {"tiles_left": (0, 136), "points": (-1_000_000, 1_000_000)}
