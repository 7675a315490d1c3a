"""The score-sheet contract's JSON: a game read into a :class:`~riichi.sheet.SheetGame` (or a
:class:`~riichi.sheet.FinalScoresGame`), a :class:`~riichi.sheet.SheetResult` written as the result object, and a
sheet written back as JSON (a record turned into its sheet).

The reader is strict: a field of the wrong type, a seat out of range, an unknown result or field is a
:class:`~riichi.errors.SheetError` naming the hand and the field. With ``strict=False`` unknown fields are
ignored and each is named in the notes returned beside the game.

>>> game, notes = read_game({"rules": "tenhou", "hands": [
...     {"result": "ron", "from": 2, "wins": [{"winner": 1, "han": 4, "fu": 30}], "riichi": [2]}]})
>>> game.hands
(SheetHand.ron(2, SheetWin(1, han=4, fu=30), riichi=(2,)),)
>>> from riichi.sheet import score_sheet
>>> result_object(score_sheet(game))["hands"][0]["deltas"]
[0, 8700, -7700, 0]
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Final

from riichi.errors import SheetError, UnknownRulesError
from riichi.formats import strict_json
from riichi.rules import PRESETS, AbortiveDraw, RuleSet, resolve_rules
from riichi.sheet.model import (
    FinalScoresGame,
    HandKind,
    SheetGame,
    SheetHand,
    SheetHandResult,
    SheetResult,
    SheetWin,
    SheetWinResult,
)

__all__ = ["error_object", "game_object", "read_game", "result_object", "rules_spec"]

#: Most hands a sheet may hold (a hanchan has some twenty; a bound keeps a hostile line from taking the machine).
MAX_HANDS: Final = 1000

_GAME_FIELDS: Final = frozenset({"rules", "names", "hands"})
_FINAL_FIELDS: Final = frozenset({"rules", "names", "final_scores", "leftover_sticks", "chombo"})
_HAND_FIELDS: Final = {
    HandKind.RON: frozenset({"result", "riichi", "from", "wins"}),
    HandKind.TSUMO: frozenset({"result", "riichi", "wins"}),
    HandKind.DRAW: frozenset({"result", "riichi", "tenpai", "nagashi"}),
    HandKind.ABORTIVE: frozenset({"result", "riichi", "kind"}),
    HandKind.CHOMBO: frozenset({"result", "riichi", "seat"}),
}
_WIN_FIELDS: Final = frozenset({"winner", "han", "fu", "yakuman", "pao", "pao_yakuman", "case"})


def read_game(obj: object, *, strict: bool = True) -> tuple[SheetGame | FinalScoresGame, list[str]]:
    """The game a contract object describes, and the notes of what a lenient reading ignored."""
    if not isinstance(obj, dict):
        raise SheetError(f"a game is a JSON object, not {_kind(obj)}")
    notes: list[str] = []
    final = "final_scores" in obj
    if final and "hands" in obj:
        raise SheetError("a game has hands or final_scores, not both", field="final_scores")
    _known(obj, _FINAL_FIELDS if final else _GAME_FIELDS, "", None, strict, notes)
    rules = _rules(obj.get("rules", "tenhou"))
    names = _names(obj.get("names"))
    if final:
        scores = _int_list(obj["final_scores"], "final_scores", None)
        sticks = obj.get("leftover_sticks", 0)
        if not _is_int(sticks):
            raise SheetError(f"leftover_sticks: a whole number, not {_json(sticks)}", field="leftover_sticks")
        chombo = _int_list(obj.get("chombo", []), "chombo", None)
        return FinalScoresGame(rules, scores, sticks, chombo, names), notes
    hands = obj.get("hands", [])
    if not isinstance(hands, list):
        raise SheetError(f"hands: a list of hands, not {_kind(hands)}", field="hands")
    if len(hands) > MAX_HANDS:
        raise SheetError(f"hands: {len(hands)} hands; a sheet holds at most {MAX_HANDS}", field="hands")
    return SheetGame(rules, tuple(_hand(h, i, strict, notes) for i, h in enumerate(hands)), names), notes


def _hand(obj: object, i: int, strict: bool, notes: list[str]) -> SheetHand:
    where = f"hand {i}"
    if not isinstance(obj, dict):
        raise SheetError(f"{where}: a hand is a JSON object, not {_kind(obj)}", hand=i)
    result = obj.get("result")
    try:
        kind = HandKind(result)
    except ValueError:
        given = f"{_json(result)} is no result" if "result" in obj else "missing"
        raise SheetError(f"{where}, result: {given} (one of "
                         f"{', '.join(k.value for k in HandKind)})", hand=i, field="result") from None
    _known(obj, _HAND_FIELDS[kind], f"{where}, ", i, strict, notes)
    riichi = _int_list(obj.get("riichi", []), "riichi", i)
    if kind is HandKind.RON or kind is HandKind.TSUMO:
        wins = obj.get("wins")
        if not isinstance(wins, list):
            raise SheetError(f"{where}, wins: a list of wins, not {_kind(wins)}", hand=i, field="wins")
        read = tuple(_win(w, i, k, strict, notes) for k, w in enumerate(wins))
        if kind is HandKind.TSUMO:
            return SheetHand(kind, riichi, wins=read)
        discarder = obj.get("from")
        if not _is_int(discarder):
            raise SheetError(f"{where}, from: the discarder's seat, {_got(obj, 'from')}", hand=i, field="from")
        return SheetHand(kind, riichi, discarder=discarder, wins=read)
    if kind is HandKind.DRAW:
        return SheetHand(kind, riichi, tenpai=_int_list(obj.get("tenpai", []), "tenpai", i),
                         nagashi=_int_list(obj.get("nagashi", []), "nagashi", i))
    if kind is HandKind.ABORTIVE:
        name = obj.get("kind")
        try:
            abortive = AbortiveDraw(name)
        except ValueError:
            given = f"{_json(name)} is no abortive draw" if "kind" in obj else "missing"
            raise SheetError(f"{where}, kind: {given} (one of "
                             f"{', '.join(k.value for k in AbortiveDraw)})", hand=i, field="kind") from None
        return SheetHand(kind, riichi, abortive=abortive)
    seat = obj.get("seat")
    if not _is_int(seat):
        raise SheetError(f"{where}, seat: the offender's seat, {_got(obj, 'seat')}", hand=i, field="seat")
    return SheetHand(kind, riichi, offender=seat)


def _win(obj: object, i: int, k: int, strict: bool, notes: list[str]) -> SheetWin:
    where = f"hand {i}, wins[{k}]"
    if not isinstance(obj, dict):
        raise SheetError(f"{where}: a win is a JSON object, not {_kind(obj)}", hand=i, field=f"wins[{k}]")
    _known(obj, _WIN_FIELDS, f"{where}.", i, strict, notes)
    values: dict[str, int | None] = {}
    for name in ("winner", "han", "fu", "yakuman", "pao", "pao_yakuman"):
        value = obj.get(name)
        if value is not None and not _is_int(value):
            raise SheetError(f"{where}.{name}: a whole number, not {_json(value)}", hand=i, field=f"wins[{k}].{name}")
        values[name] = value
    winner = values["winner"]
    if winner is None:
        raise SheetError(f"{where}.winner: a win names its winner", hand=i, field=f"wins[{k}].winner")
    share = values["pao_yakuman"]
    case = obj.get("case")
    if case is not None and not isinstance(case, dict):
        raise SheetError(f"{where}.case: the winning hand as a win case (a JSON object), not {_kind(case)}", hand=i,
                         field=f"wins[{k}].case")
    return SheetWin(winner, values["han"], values["fu"], values["yakuman"], values["pao"],
                    1 if share is None else share, None if case is None else strict_json.dumps(case))


def _rules(spec: object) -> RuleSet:
    if not isinstance(spec, str | dict):
        raise SheetError(f"rules: a preset name or an object with a 'preset' key, not {_kind(spec)}", field="rules")
    try:
        return resolve_rules(spec)
    except UnknownRulesError as exc:
        raise SheetError(f"rules: {exc}", field="rules") from None


def _names(value: object) -> tuple[str, ...] | None:
    if value is None:
        return None
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise SheetError(f"names: a list of names, one a seat, not {_json(value)}", field="names")
    return tuple(value)


def _int_list(value: object, field: str, hand: int | None) -> tuple[int, ...]:
    where = f"hand {hand}, " if hand is not None else ""
    if not isinstance(value, list) or not all(_is_int(v) for v in value):
        raise SheetError(f"{where}{field}: a list of whole numbers, not {_json(value)}", hand=hand, field=field)
    return tuple(value)


def _known(obj: Mapping[str, object], known: frozenset[str], where: str, hand: int | None, strict: bool,
           notes: list[str]) -> None:
    for key in obj:
        if key not in known:
            message = f"{where}{key}: no such field here (fields: {', '.join(sorted(known))})"
            if strict:
                raise SheetError(message, hand=hand, field=key)
            notes.append(f"{where}{key}: unknown field ignored")


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _json(value: object) -> str:
    """A value as the sheet writes it, in JSON (a message quotes the input, not Python's spelling of it:
    ``"2"``, ``null``, ``true``), cut short past 80 characters."""
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        text = _kind(value)
    return text if len(text) <= 80 else text[:77] + "..."  # noqa: PLR2004


def _got(obj: Mapping[str, object], key: str) -> str:
    """What the sheet gives for a required field: ``missing``, or ``not`` and the value as it is written."""
    return f"not {_json(obj[key])}" if key in obj else "missing"


def _kind(value: object) -> str:
    return {dict: "an object", list: "a list", str: "a string", bool: "true or false", type(None): "null",
            int: "a number", float: "a number"}.get(type(value), type(value).__name__)


# -- writing -------------------------------------------------------------------------------------------------

def result_object(result: SheetResult) -> dict[str, object]:
    """The contract's result object."""
    out: dict[str, object] = {"hands": [_hand_object(h) for h in result.hands], "over": result.over,
                              "end": None if result.end is None else result.end.value,
                              "leftover_sticks": result.leftover_sticks,
                              "leftover_sticks_to": list(result.leftover_sticks_to),
                              "final_scores": _list(result.final_scores),
                              "final_points": _list(result.final_points),
                              "placements": _list(result.placements)}
    frame = result.next
    out["next"] = None if frame is None else {
        "round_wind": str(frame.round_wind), "round_number": frame.round_number, "dealer": frame.dealer,
        "honba": frame.honba, "riichi_sticks": frame.sticks}
    out["scores"] = list(result.scores)
    out["penalties"] = list(result.penalties)
    if result.names is not None:
        out["names"] = list(result.names)
    return out


def _hand_object(h: SheetHandResult) -> dict[str, object]:
    return {"index": h.index, "result": h.kind.value, "round_wind": str(h.round_wind),
            "round_number": h.round_number, "dealer": h.dealer, "honba": h.honba, "riichi_sticks": h.riichi_sticks,
            "scores_start": list(h.scores_start), "deltas": list(h.deltas), "scores_end": list(h.scores_end),
            "wins": [_win_object(w) for w in h.wins]}


def _win_object(w: SheetWinResult) -> dict[str, object]:
    return {"winner": w.winner, "points": w.points, "limit": None if w.limit is None else w.limit.value,
            "pao": w.pao, "deltas": list(w.deltas)}


def _list(values: tuple[int, ...] | tuple[float, ...] | None) -> list[object] | None:
    return None if values is None else list(values)


def error_object(error: SheetError) -> dict[str, object]:
    """The contract's error object: ``{"error": {"code", "message", "hand", "field"}}``."""
    return {"error": {"code": error.code, "message": str(error), "hand": error.hand, "field": error.field}}


def rules_spec(rules: RuleSet) -> str | dict[str, object]:
    """``rules`` as the contract's ``rules``: its preset's name, or ``{"preset": NAME, ...switches}`` with the
    switches that differ from it (a rule set not named after a preset is written from ``tenhou``, or
    ``tenhou-sanma`` with three players)."""
    base = PRESETS.get(rules.name) or PRESETS["tenhou" if rules.players == 4 else "tenhou-sanma"]
    changed = {key: mine for key, (mine, _) in rules.differences(base).items()}
    return {"preset": base.name, **changed} if changed else base.name


def game_object(game: SheetGame | FinalScoresGame) -> dict[str, object]:
    """A sheet as the contract's game object (the reader reads it back to the same game)."""
    out: dict[str, object] = {"rules": rules_spec(game.rules)}
    if game.names is not None:
        out["names"] = list(game.names)
    if isinstance(game, FinalScoresGame):
        out["final_scores"] = list(game.final_scores)
        out["leftover_sticks"] = game.leftover_sticks
        if game.chombo:
            out["chombo"] = list(game.chombo)
        return out
    out["hands"] = [_sheet_hand_object(h) for h in game.hands]
    return out


def _sheet_hand_object(h: SheetHand) -> dict[str, object]:
    out: dict[str, object] = {"result": h.result.value}
    if h.result is HandKind.RON:
        out["from"] = h.discarder
    if h.wins:
        out["wins"] = [_sheet_win_object(w) for w in h.wins]
    if h.result is HandKind.DRAW:
        out["tenpai"] = list(h.tenpai)
        if h.nagashi:
            out["nagashi"] = list(h.nagashi)
    if h.abortive is not None:
        out["kind"] = h.abortive.value
    if h.offender is not None:
        out["seat"] = h.offender
    out["riichi"] = list(h.riichi)
    return out


def _sheet_win_object(w: SheetWin) -> dict[str, object]:
    out: dict[str, object] = {"winner": w.winner}
    if w.case is not None:
        out["case"] = strict_json.loads(w.case)
    elif w.yakuman is not None:
        out["yakuman"] = w.yakuman
    else:
        out["han"] = w.han
        if w.fu is not None:
            out["fu"] = w.fu
    if w.pao is not None:
        out["pao"] = w.pao
        if w.pao_yakuman != 1:
            out["pao_yakuman"] = w.pao_yakuman
    return out
