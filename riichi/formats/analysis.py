"""The analysis request and result: JSON in, JSON out (docs/analysis.md).

:func:`analyze_case` reads one request (a hand with its situation), runs the analysis of
:mod:`riichi.analysis` on it, and writes the result as JSON values; it never raises: every problem
comes back as the interchange format's error object. ``riichi analyze`` (and its ``--jsonl``) and the
web app's ``POST /api/analyze`` use it. The situation fields are read by the win-case reader
(:func:`riichi.formats.interchange.case_context`), so they are checked alike; the value of each wait
is its :class:`~riichi.scoring.result.Score` written as the interchange result.
"""

from __future__ import annotations

from typing import Final

from riichi.analysis import DiscardChoice, Ukeire, WaitValue, discard_table, ukeire, wait_values
from riichi.analysis.ev import expected_values
from riichi.errors import InvalidCaseError, RiichiError, TooComplexError
from riichi.formats import red_fives, strict_json
from riichi.formats.ev import ev_json, read_ev_options
from riichi.formats.interchange import case_context, error_result, score_to_result
from riichi.game.placement import Standings, with_placement
from riichi.hand import Hand, Meld
from riichi.notation import format_tiles, parse_tiles
from riichi.rules import KanAfterRiichi, RuleSet, resolve_rules
from riichi.scoring.context import SITUATION_FLAGS, WinContext
from riichi.scoring.result import Score
from riichi.scoring.validate import check_three_players
from riichi.shapes.declarations import check_ankan_after_riichi, check_riichi, riichi_thresholds
from riichi.shapes.furiten import furiten_of_waits
from riichi.shapes.shanten import Shanten, hand_counts
from riichi.shapes.wait_patterns import WaitPattern, wait_patterns
from riichi.shapes.waits import Wait, find_waits
from riichi.tiles import Tile

__all__ = ["analyze_case", "analyze_line"]

#: Request fields that describe the situation a wait is valued in: the win context's fields but the winning
#: tile and tsumo (each wait is valued both ways), the rules and the lenient reading of red fives.
_SITUATION_FIELDS: Final = ("seat_wind", "round_wind", "dora", "ura", "honba", "riichi_sticks", "kita", "rules",
                           *(flag for flag in SITUATION_FLAGS if flag != "tsumo"), "discarder", red_fives.SWITCH)


#: The tile set aside as kita.
_NORTH: Final = Tile.parse("4z")

_ANALYSIS_FIELDS: Final = ("visible", "discards", "passed", "passed_in_riichi", "tiles_left", "points", "drawn",
                           "ankan_strict", "values", "ev", "scores", "round_number")
_KNOWN: Final = frozenset({"id", "hand", "melds", "win", "tsumo", "nagashi_mangan", *_SITUATION_FIELDS,
                           *_ANALYSIS_FIELDS})


def analyze_case(request: object, *, max_ev_seconds: float | None = None,
                 max_ev_states: int | None = None) -> dict[str, object]:
    """Analyse one JSON request (docs/analysis.md); returns the result or an error object, never raises.

    With ``ev`` the result has the expected values of each discard (:mod:`riichi.formats.ev`);
    ``max_ev_seconds`` and ``max_ev_states`` cap the budget a request may ask for them. A search that
    runs out of its budget makes the result an error (``too_complex``) that still carries the rest of
    the analysis.

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
        out = _analyze(request)
        if "ev" in request and request["ev"] is not None:
            try:
                out["ev"] = _ev(request, max_ev_seconds, max_ev_states)
            except TooComplexError as too_complex:  # the rest of the analysis stands
                # (named apart from the RiichiError below: compiled, one name keeps one type)
                return {**error_result(request_id, too_complex), **out}
        return {"id": request_id, "ok": True, **out}
    except RiichiError as e:
        return error_result(request_id, e)
    except Exception as exc:  # noqa: BLE001 - the batch must survive anything; report it instead
        # (named apart from the RiichiError above: compiled, one name keeps one type)
        return error_result(request_id, "internal_error", f"internal error ({type(exc).__name__}: {exc})")


def analyze_line(line: str | bytes) -> dict[str, object]:
    """Analyse one JSON line (``riichi analyze --jsonl``); bad JSON gives ``invalid_json``."""
    try:
        request = strict_json.loads(line)
    except RiichiError as e:
        return error_result(None, e)
    return analyze_case(request)


def _analyze(req: dict[str, object]) -> dict[str, object]:
    for key in req:
        if key not in _KNOWN:
            raise InvalidCaseError(f"unknown field {key!r} in the analysis request")
    hand = _hand(req)
    for key in ("win", "drawn"):  # typed whether or not this hand's analysis needs them
        if req.get(key) is not None:
            _tile(req[key], key)
    ctx = case_context(req, Tile(0))  # the situation fields, checked as the win-case reader checks them
    for key in ("tiles_left", "points", "round_number"):
        _int(req, key)
    lists = {key: _tiles(req, key) for key in ("visible", "discards", "passed", "passed_in_riichi")}
    for key in ("values", "ankan_strict", "nagashi_mangan", "tsumo"):  # typed, even where this analysis ignores them
        if req.get(key) is not None:
            _flag(req, key)
    hand_counts(hand)  # checks the size and the copies before anything else
    size = len(hand.concealed) + 3 * len(hand.melds)
    visible = lists["visible"]
    rules = resolve_rules(req.get("rules", "tenhou"))  # type: ignore[arg-type]
    if rules.players == 3:  # noqa: PLR2004 - the tiles and seats of a three-player game, as the scorer checks them
        just_drawn = tuple(_tile(req[key], key) for key in ("win", "drawn") if req.get(key) is not None)
        check_three_players(hand, ctx, rules.tiles, rules.name,
                            (*((f"'{key}'", tiles) for key, tiles in lists.items()), ("the drawn tile", just_drawn)))
    if ctx.kita and not rules.scoring.nukidora:
        raise InvalidCaseError(f"kita counts Norths set aside, but {rules.name} sets none aside")
    visible += (_NORTH,) * ctx.kita  # the Norths set aside lie on the table: seen
    forms = Shanten.of(hand)
    in_play = rules.tiles  # named: compiled, a property's value used only for its size was not always released
    out: dict[str, object] = {
        "hand": str(hand), "tiles": size, "shanten": forms.combined,
        "forms": {"standard": forms.standard, "chiitoitsu": forms.chiitoitsu, "kokushi": forms.kokushi},
        # the tiles of the set not in the hand, not visible and not set aside (of 136, or 108 with three players)
        "unseen": in_play.size - len(hand.tiles) - len(visible),
    }
    _standings(req, ctx, rules)  # the scores checked whether or not the expected values are asked for
    min_tiles, min_points = riichi_thresholds(rules)
    if hand.is_closed or size == 14:  # noqa: PLR2004
        riichi = check_riichi(hand, tiles_left=_int(req, "tiles_left"), points=_int(req, "points"),
                              min_wall_tiles=min_tiles, min_points=min_points)
        out["riichi_declaration"] = {"allowed": riichi.allowed, "reasons": [r.value for r in riichi.reasons],
                                     "discards": [str(t) for t in riichi.discards]}
    if size == 13:  # noqa: PLR2004
        out.update(_thirteen(hand, req, visible, rules))
    else:
        out["complete"] = forms.combined < 0
        out["discards"] = [_discard_json(d) for d in discard_table(hand, visible=visible, rules=rules)]
        drawn = req.get("drawn", req.get("win"))
        if _flag(req, "riichi") and drawn is not None:
            out["ankan_after_riichi"] = _ankan_json(hand, _tile(drawn, "drawn"), req)
    return out


def _ev(req: dict[str, object], max_seconds: float | None, max_states: int | None) -> dict[str, object]:
    """The expected values of the request's hand (its ``ev`` field)."""
    options = read_ev_options(req["ev"], max_seconds=max_seconds, max_states=max_states)
    hand = _hand(req)
    ctx = case_context(req, Tile.M1)
    rules = resolve_rules(req.get("rules", "tenhou"))  # type: ignore[arg-type]
    visible = _tiles(req, "visible")
    if _flag(req, red_fives.SWITCH) and rules.scoring.aka == 0:
        hand, ctx = red_fives.plain_hand(hand), red_fives.plain_context(ctx)
        visible = tuple(Tile.from_kind(t.kind) for t in visible)
    standings = _standings(req, ctx, rules)
    result = expected_values(hand, visible=visible, dora=ctx.dora, seat_wind=ctx.seat_wind,
                             round_wind=ctx.round_wind, riichi=_flag(req, "riichi"), kita=ctx.kita, rules=rules,
                             options=options, honba=ctx.honba, riichi_sticks=ctx.riichi_sticks,
                             tiles_left=_int(req, "tiles_left"), discards=_tiles(req, "discards"))
    if standings is not None:
        result = with_placement(result, standings)
    return ev_json(result)


def _standings(req: dict[str, object], ctx: WinContext, rules: RuleSet) -> Standings | None:
    """The scores at the table (``scores``, by seat wind from East; ``round_number``), checked; None without."""
    scores = req.get("scores")
    if scores is None:
        return None
    if not isinstance(scores, list) or not all(isinstance(s, int) and not isinstance(s, bool)
                                               and -1_000_000 <= s <= 1_000_000 for s in scores):
        raise InvalidCaseError("'scores' is a list of whole numbers, each seat's points by seat wind from East, "
                               "e.g. [25000, 25000, 25000, 25000]")
    number = _int(req, "round_number")
    return Standings(scores, seat_wind=ctx.seat_wind, round_wind=ctx.round_wind,
                          round_number=1 if number is None else number, honba=ctx.honba,
                          riichi_sticks=ctx.riichi_sticks, rules=rules)


def _thirteen(hand: Hand, req: dict[str, object], visible: tuple[Tile, ...], rules: RuleSet
              ) -> dict[str, object]:
    out: dict[str, object] = {}
    waits = find_waits(hand, visible=visible)
    values: dict[Tile, WaitValue] = {}
    notes: tuple[str, ...] = ()
    if _flag(req, "values", True):
        valued, notes = _wait_values(hand, req, visible)
        values = {v.wait.tile: v for v in valued}
    out["waits"] = [_wait_json(w, values.get(w.tile), notes) for w in waits]
    out["wait_patterns"] = [_pattern_json(p) for p in wait_patterns(hand)] if waits else []
    help_ = ukeire(hand, visible=visible, rules=rules)
    out.update(_ukeire_json(help_))
    if waits:
        furiten = furiten_of_waits([w.tile for w in waits], discards=_tiles(req, "discards"),
                                   passed=_tiles(req, "passed"), passed_in_riichi=_tiles(req, "passed_in_riichi"),
                                   riichi=_flag(req, "riichi"))
        out["furiten"] = {"can_ron": furiten.can_ron, "reasons": [r.value for r in furiten.reasons],
                          "tiles": [str(t) for t in furiten.tiles]}
    return out


def _wait_values(hand: Hand, req: dict[str, object], visible: tuple[Tile, ...]
                 ) -> tuple[tuple[WaitValue, ...], tuple[str, ...]]:
    """Each wait valued by ron and by tsumo in the request's situation, and the notes on its results: under
    rules without red fives, when the request asks for the lenient reading, the red fives of the hand and of
    the indicators are those rules' plain fives (:mod:`riichi.formats.red_fives`)."""
    ctx = case_context(req, Tile.M1)  # each wait is its own winning tile
    rules = resolve_rules(req.get("rules", "tenhou"))  # type: ignore[arg-type]
    if _flag(req, red_fives.SWITCH) and rules.scoring.aka == 0:
        plain_hand, plain_ctx = red_fives.plain_hand(hand), red_fives.plain_context(ctx)
        if plain_hand != hand or plain_ctx != ctx:
            return wait_values(plain_hand, plain_ctx, rules=rules, visible=visible), (red_fives.NOTE,)
    return wait_values(hand, ctx, rules=rules, visible=visible), ()


def _wait_json(wait: Wait, value: WaitValue | None, notes: tuple[str, ...]) -> dict[str, object]:
    out: dict[str, object] = {
        "tile": str(wait.tile), "shapes": [s.value for s in wait.shapes], "in_hand": wait.in_hand,
        "visible": wait.visible, "left": wait.remaining, "karaten": wait.is_karaten, "dead": wait.is_dead,
    }
    if value is not None:
        out.update({"ron": value.ron_points, "tsumo": value.tsumo_points, "no_yaku": not value.has_yaku_on_ron,
                    "tsumo_no_yaku": not value.has_yaku_on_tsumo,
                    "ron_result": _result_json(value.ron, notes), "tsumo_result": _result_json(value.tsumo, notes)})
    return out


def _pattern_json(pattern: WaitPattern) -> dict[str, object]:
    return {"name": pattern.name.value, "tiles": format_tiles(pattern.tiles), "waits": [str(t) for t in pattern.waits]}


def _result_json(result: Score | RiichiError, notes: tuple[str, ...]) -> dict[str, object]:
    """A wait's score (or why it cannot be won so) as the interchange result, without the id."""
    out = error_result(None, result) if isinstance(result, RiichiError) else score_to_result(result)
    del out["id"]
    if notes and out["ok"]:
        out["notes"] = list(notes)
    return out


def _ukeire_json(help_: Ukeire) -> dict[str, object]:
    return {"ukeire": help_.total, "ukeire_tiles": [str(t) for t, _ in help_.tiles],
            "improving": [{"tile": str(t), "left": n} for t, n in help_.tiles]}


def _discard_json(choice: DiscardChoice) -> dict[str, object]:
    kita = {"kita": True} if choice.kita else {}  # the North set aside rather than discarded
    return {"tile": str(choice.tile), **kita, "shanten": choice.shanten, **_ukeire_json(choice.ukeire)}


def _ankan_json(hand: Hand, drawn: Tile, req: dict[str, object]) -> dict[str, object]:
    rest = list(hand.concealed)
    if drawn not in rest:
        raise InvalidCaseError(f"the drawn tile {drawn} is not in the hand")
    rest.remove(drawn)
    rules = resolve_rules(req.get("rules", "tenhou"))  # type: ignore[arg-type]
    strict = _flag(req, "ankan_strict", rules.game.kan_after_riichi is KanAfterRiichi.STRICT)
    verdict = check_ankan_after_riichi(Hand(tuple(rest), hand.melds), drawn, strict=strict)
    return {"tile": str(drawn), "strict": strict, "allowed": verdict.allowed,
            "reasons": [r.value for r in verdict.reasons]}


def _hand(req: dict[str, object]) -> Hand:
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


def _tiles(req: dict[str, object], key: str) -> tuple[Tile, ...]:
    value = req.get(key, "")
    if not isinstance(value, str):
        raise InvalidCaseError(f"'{key}' is a string of tiles in MPSZ notation, e.g. '3m7z'")
    return parse_tiles(value)


def _tile(value: object, key: str) -> Tile:
    if not isinstance(value, str):
        raise InvalidCaseError(f"'{key}' is one tile in MPSZ notation, e.g. '5m'")
    return Tile.parse(value)


def _flag(req: dict[str, object], key: str, default: bool = False) -> bool:  # noqa: FBT001, FBT002
    value = req.get(key, default)
    if not isinstance(value, bool):
        raise InvalidCaseError(f"'{key}' is true or false")
    return value


def _int(req: dict[str, object], key: str) -> int | None:
    value = req.get(key)
    if value is None:
        return None
    low, high = _INT_RANGES[key]
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise InvalidCaseError(f"'{key}' is a whole number from {low} to {high}")
    return value


#: The range of each whole-number field of a request: tiles left in the wall, a player's points, the hand's number
#: in its round.
_INT_RANGES: Final = {"tiles_left": (0, 136), "points": (-1_000_000, 1_000_000), "round_number": (1, 4)}
