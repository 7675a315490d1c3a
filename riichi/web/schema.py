"""JSON Schemas of the HTTP API, for its OpenAPI document.

The API reads request bodies itself (so that every bad body gets the
interchange error object), which means FastAPI cannot derive these from type
hints; they are written out here and follow the interchange format field by field, with the real
constraints (tile patterns, ranges, the names of rule sets and switches), so that a client generated from the
document sends requests the API reads. A request the document accepts may still be refused for a mahjong
reason (a hand that is not complete, a yaku missing, a situation that cannot hold).
"""

from __future__ import annotations

from typing import Final

from riichi.rules import PRESETS
from riichi.rules.ruleset import GAME_SWITCHES, SCORING_SWITCHES
from riichi.scoring.context import SITUATION_FLAGS, flag_help
from riichi.web.reading import MAX_HAND_TEXT

__all__ = ["ANALYSIS", "ANALYZE_REQUEST", "COMPARE_RESULT", "ERROR", "EVALUATION", "HAND_READING", "HAND_REQUEST",
           "REPLAY", "REPLAY_ERROR", "RESULT", "REVIEW", "RULES", "WIN_CASE"]

# Every optional field of a request may also be null, which the readers take as not given.
_SEAT: Final = {"type": ["string", "null"], "enum": ["E", "S", "W", "N", None]}
_FLAG: Final = {"type": ["boolean", "null"], "default": False}
#: Honba and riichi sticks: small whole numbers (riichi.formats.interchange.MAX_COUNT).
_COUNT: Final = {"type": ["integer", "null"], "default": 0, "minimum": 0, "maximum": 100}
#: A group of tiles of one suit in MPSZ notation (0 is a red five; honours are 1z to 7z).
_GROUP: Final = "(?:[0-9]+[mps]|[1-7]+z)"
#: One tile.
_TILE: Final = "(?:[0-9][mps]|[1-7]z)"
#: Tiles in MPSZ notation, groups maybe spaced apart: ``"3m7z"``, ``"123m 456p"``.
TILES_PATTERN: Final = f"^ *(?:{_GROUP} *)*$"
#: A meld word, ``TYPE:TILES[@SEAT]``.
_MELD: Final = ("(?:(?:chi|pon):(?:[0-9]{3}[mps]|[1-7]{3}z)|(?:minkan|shouminkan|ankan):(?:[0-9]{4}[mps]|[1-7]{4}z))"
                 "(?:@[ESWN])?")
#: A hand: concealed tiles, then melds, then maybe the winning tile ``win:TILE``, each word after a space.
HAND_PATTERN: Final = (f"^ *(?:{_GROUP}+(?: +{_GROUP}+)*)?(?:(?: +|^ *){_MELD})*(?:(?: +|^ *)win:{_TILE})? *$")
_TILES: Final = {"type": ["string", "null"], "default": "", "pattern": TILES_PATTERN}
#: Dora or ura indicators: a string of tiles or a list of one-tile strings.
_INDICATORS: Final = {"default": "", "anyOf": [{"type": ["string", "null"], "pattern": TILES_PATTERN},
                                               {"type": "array",
                                                "items": {"type": "string", "pattern": f"^{_TILE}$"}}]}

WIN_CASE: Final[dict[str, object]] = {
    "title": "WinCase",
    "type": "object",
    "description": "A win case of the interchange format (the documentation's page on batch scoring). Unknown "
                   "fields are refused.",
    "required": ["hand", "win"],
    "additionalProperties": False,
    "properties": {
        "id": {"description": "Echoed back in the result."},
        "hand": {"type": "string", "pattern": HAND_PATTERN, "examples": ["234567m34p678s55p"],
                 "description": "Concealed tiles in MPSZ notation, winning tile included; or the whole hand as "
                                "a score's reading line writes it, melds and `win:TILE` included."},
        "melds": {
            "type": ["array", "null"],
            "description": "Called or declared sets, in the order they were made.",
            "items": {
                "type": "object",
                "required": ["type", "tiles"],
                "additionalProperties": False,
                "properties": {
                    "type": {"type": "string", "enum": ["chi", "pon", "minkan", "shouminkan", "ankan"]},
                    "tiles": {"type": "string", "pattern": "^(?:[0-9]{3,4}[mps]|[1-7]{3,4}z)$",
                              "examples": ["340m", "5555z"]},
                    "from": {**_SEAT, "description": "Seat the claimed tile came from (not for ankan)."},
                },
            },
        },
        "win": {"type": "string", "pattern": f"^{_TILE}$",
                "description": "The winning tile, one of the tiles of `hand` (optional when `hand` marks it)."},
        "discarder": {**_SEAT, "description": "On ron, the seat that dealt in."},
        "seat_wind": {**_SEAT, "default": "E"},
        "round_wind": {**_SEAT, "default": "E"},
        # the situation flags of the win context, each with its help
        **{flag: {**_FLAG, "description": flag_help(flag)} for flag in SITUATION_FLAGS},
        "nagashi_mangan": {**_FLAG, "description": "a mangan paid at an exhaustive draw (no hand, no winning tile)"},
        "dora": {**_INDICATORS, "description": "All dora indicators, e.g. `3m7z` or `[\"3m\", \"7z\"]`."},
        "ura": {**_INDICATORS, "description": "Ura-dora indicators."},
        "honba": _COUNT,
        "riichi_sticks": _COUNT,
        "kita": {"type": ["integer", "null"], "default": 0, "minimum": 0, "maximum": 4, "description": (
            "Three-player rules: the Norths the winner set aside (kita), each a han of dora (`nukidora`).")},
        "red_fives_as_plain": {**_FLAG, "description": (
            "Read a red five under rules without red fives as their plain five (the result notes it); "
            "otherwise such a case is `impossible_tiles`. `/api/compare` reads so unless this is false.")},
        "rules": {
            "description": "A preset name, or an object `{\"preset\": NAME, ...overrides}`.",
            "default": "tenhou",
            "oneOf": [{"type": "null"}, {"type": "string", "enum": list(PRESETS)},
                      {"type": "object",
                       "properties": {"preset": {"type": "string", "enum": list(PRESETS), "default": "tenhou"}},
                       "propertyNames": {"enum": ["preset", *SCORING_SWITCHES, *GAME_SWITCHES]}}],
        },
    },
}

ERROR: Final[dict[str, object]] = {
    "title": "Error",
    "type": "object",
    "required": ["id", "ok", "error"],
    "properties": {
        "id": {},
        "ok": {"type": "boolean", "const": False},
        "error": {
            "type": "object",
            "required": ["code", "message"],
            "properties": {
                "code": {"type": "string", "description": "An interchange error code, or one of the HTTP-only codes "
                         "`request_too_large`, `not_available`, `not_found`, `method_not_allowed`, "
                         "`invalid_request`, `server_busy`, `internal_error`."},
                "message": {"type": "string"},
            },
        },
    },
}

RESULT: Final[dict[str, object]] = {
    "title": "Result",
    "type": "object",
    "description": "The result of a win case of the interchange format: han, fu, yaku, yakuman, limit, points, "
                   "payments, deltas, fu_details, decomposition.",
    "required": ["id", "ok", "han", "fu", "yaku", "yakuman", "yakuman_total", "limit", "points", "payments",
                 "fu_details", "decomposition"],
    "properties": {
        "id": {},
        "ok": {"type": "boolean", "const": True},
        "han": {"type": "integer"},
        "fu": {"type": "integer"},
        "yaku": {"type": "array", "items": {"type": "object", "properties": {
            "name": {"type": "string"}, "han": {"type": "integer"}}}},
        "yakuman": {"type": "array", "items": {"type": "object", "properties": {
            "name": {"type": "string"}, "multiplier": {"type": "integer"}}}},
        "yakuman_total": {"type": "integer"},
        "limit": {"type": ["string", "null"]},
        "points": {"type": "integer"},
        "payments": {"type": "object", "additionalProperties": {"type": "integer"}},
        "deltas": {"type": "object", "additionalProperties": {"type": "integer"}},
        "fu_details": {"type": "array", "items": {"type": "object", "properties": {
            "reason": {"type": "string"}, "fu": {"type": "integer"}}}},
        "decomposition": {"type": "array", "items": {"type": "string"}},
        "notes": {"type": "array", "items": {"type": "string"},
                  "description": "How the case was read, when it matters (red fives counted as plain fives)."},
        "liable": {**_SEAT, "description": "The seat that paid as liable (pao), when one did."},
    },
}

COMPARE_RESULT: Final[dict[str, object]] = {
    "title": "Comparison",
    "type": "object",
    "properties": {
        "id": {},
        "ok": {"type": "boolean", "const": True},
        "results": {"type": "array", "items": {"type": "object", "properties": {
            "preset": {"type": "string"}, "description": {"type": "string"}, "result": {"oneOf": [RESULT, ERROR]}}}},
    },
}

RULES: Final[dict[str, object]] = {
    "title": "RuleSets",
    "type": "object",
    "properties": {
        "default": {"type": "string"},
        "presets": {"type": "array", "items": {"type": "object", "properties": {
            "name": {"type": "string"}, "description": {"type": "string"},
            "players": {"type": "integer", "enum": [3, 4], "description": "How many play (3: a three-player rule set)."},
            "switches": {"type": "object"}}}},
        "switches": {"type": "array", "items": {"type": "object", "properties": {
            "name": {"type": "string"},
            "kind": {"type": "string", "enum": ["bool", "int", "int_or_null", "choice", "set"]},
            "values": {"type": ["array", "null"],
                       "description": "The values a choice or set switch takes; null for the others."}}}},
    },
}

_ANALYSIS_FIELDS: Final = ("id", "hand", "melds", "win", "nagashi_mangan", "seat_wind", "round_wind",
                           "dora", "ura", "honba", "riichi_sticks", "kita", "rules", "discarder", *SITUATION_FLAGS)

ANALYZE_REQUEST: Final[dict[str, object]] = {
    "title": "AnalyzeRequest",
    "type": "object",
    "description": "A hand to analyse: shanten, waits with their value, and the best discards (the documentation's page on hand analysis). "
                   "The situation fields are those of a win case; unknown fields are refused.",
    "required": ["hand"],
    "additionalProperties": False,
    "properties": {
        **{name: WIN_CASE["properties"][name] for name in _ANALYSIS_FIELDS},  # type: ignore[index]
        "hand": {"type": "string", "pattern": HAND_PATTERN, "examples": ["123m456p789s1122z"]},
        "win": {"type": ["string", "null"], "pattern": f"^{_TILE}$",
                "description": "The tile just drawn, for a 14-tile hand."},
        "drawn": {"type": ["string", "null"], "pattern": f"^{_TILE}$",
                  "description": "The tile just drawn (for a kan after riichi)."},
        "visible": {**_TILES, "description": "Tiles seen outside the hand (discards, indicators, melds)."},
        "discards": {**_TILES, "description": "The player's own discards (furiten)."},
        "passed": {**_TILES, "description": "Tiles let pass since the player's last discard (furiten)."},
        "passed_in_riichi": {**_TILES, "description": "Tiles let pass since declaring riichi (furiten)."},
        "tiles_left": {"type": ["integer", "null"], "minimum": 0, "maximum": 136},
        "points": {"type": ["integer", "null"], "minimum": -1_000_000, "maximum": 1_000_000},
        "ankan_strict": _FLAG,
        "values": {"type": ["boolean", "null"], "default": True},
        "ev": {"type": ["object", "boolean", "null"], "additionalProperties": False,
               "description": "Ask for each discard's tenpai and win probabilities and expected score, turn by turn "
                              "(the documentation's section on expected values); the server caps the budget.",
               "properties": {
                   "model": {"type": "string", "enum": ["table", "peer"], "default": "table"},
                   "first_turn": {"type": "integer", "minimum": 0, "maximum": 136, "default": 1},
                   "last_turn": {"type": ["integer", "null"], "minimum": 0, "maximum": 136,
                                 "description": "default: the table model the seat's last draw of the whole wall "
                                                "(18 East and South, 17 West and North), the peer model 18"},
                   "pool": {"type": ["integer", "null"], "minimum": 1, "maximum": 136},
                   "max_states": {"type": ["integer", "null"], "minimum": 1},
                   "max_seconds": {"type": ["number", "null"], "exclusiveMinimum": 0, "maximum": 3600},
                   **{switch: {"type": "boolean"} for switch in ("tegawari", "shanten_down", "ron", "riichi_choice",
                                                                 "ippatsu", "uniform_draws", "others_win",
                                                                 "haitei")},
                   "ron_factor": {"type": "number", "minimum": 0, "maximum": 1, "default": 0.5}}},
    },
}

ANALYSIS: Final[dict[str, object]] = {
    "title": "Analysis",
    "type": "object",
    "required": ["id", "ok", "shanten"],
    "properties": {
        "id": {},
        "ok": {"type": "boolean", "description": "true; false only when the expected values asked for ran out of "
               "their budget (`error.code` `too_complex`): the rest of the analysis is still given"},
        "error": ERROR["properties"]["error"],  # type: ignore[index]
        "hand": {"type": "string"},
        "tiles": {"type": "integer"},
        "shanten": {"type": "integer"},
        "forms": {"type": "object", "additionalProperties": {"type": "integer"}},
        "unseen": {"type": "integer", "description": "Tiles of the set (136, or 108 with three players) not in the "
                   "hand, not visible and not set aside."},
        "complete": {"type": "boolean"},
        "waits": {"type": "array", "items": {"type": "object"}},
        "discards": {"type": "array", "items": {"type": "object"}},
        "ev": {"type": "object", "description": "With the request's ev: model, first_turn, last_turn, unseen and "
               "the discards best first, each with tile, shanten and the per-turn lists tenpai, win and value."},
    },
}

EVALUATION: Final[dict[str, object]] = {
    "title": "Evaluation",
    "type": "object",
    "description": "The score of a case (its result, or the error object of a hand that does not win), and "
                   "the analysis of a 13- or 14-tile hand that does not win yet (else null).",
    "required": ["id", "ok", "score", "analysis"],
    "properties": {
        "id": {},
        "ok": {"type": "boolean", "const": True},
        "score": {"oneOf": [RESULT, ERROR]},
        "analysis": {"oneOf": [ANALYSIS, ERROR, {"type": "null"}]},
    },
}

# -- reading a hand ------------------------------------------------------------------------------------

_TILE_STRING: Final = {"type": "string", "pattern": f"^{_TILE}$"}

HAND_REQUEST: Final[dict[str, object]] = {
    "title": "HandRequest",
    "type": "object",
    "description": "Hand notation to read, as typed: concealed tiles, then melds `TYPE:TILES[@SEAT]`, then maybe "
                   "the winning tile `win:TILE`. Unknown fields are refused.",
    "required": ["hand"],
    "additionalProperties": False,
    "properties": {
        "id": {"description": "Echoed back."},
        "hand": {"type": "string", "maxLength": MAX_HAND_TEXT, "examples": ["234m 406p 11z pon:777z@W chi:789s@N win:2m"],
                 "description": "Any text: what the notation reader refuses is answered in `reading` (200)."},
        "seat_wind": {**_SEAT, "default": "E", "description": "The player's seat: melds' seats are said relative "
                                                               "to it."},
        "players": {"type": ["integer", "null"], "enum": [3, 4, None], "default": 4,
                    "description": "Players at the table: with 3 there is no seat N (nor anyone across)."},
    },
}

_NOTATION_ERROR: Final[dict[str, object]] = {
    "type": "object",
    "description": "Notation the reader refused.",
    "required": ["ok", "error"],
    "properties": {
        "ok": {"type": "boolean", "const": False},
        "error": {"type": "object", "required": ["code", "message", "word", "span"], "properties": {
            "code": {"type": "string", "const": "invalid_notation"},
            "message": {"type": "string", "description": "The notation reader's message."},
            "word": {"type": ["string", "null"], "description": "The word at fault, as written."},
            "span": {"type": ["array", "null"], "items": {"type": "integer", "minimum": 0}, "minItems": 2,
                     "maxItems": 2, "description": "`[start, end)`: the characters at fault in `hand`."}}},
    },
}

HAND_READING: Final[dict[str, object]] = {
    "title": "HandReading",
    "type": "object",
    "required": ["id", "ok", "reading"],
    "properties": {
        "id": {},
        "ok": {"type": "boolean", "const": True},
        "reading": {"oneOf": [{
            "type": "object",
            "description": "The hand read.",
            "required": ["ok", "tiles", "melds", "win", "win_marked"],
            "properties": {
                "ok": {"type": "boolean", "const": True},
                "tiles": {"type": "array", "items": _TILE_STRING,
                          "description": "The concealed tiles in the order written (`0m` a red five)."},
                "melds": {"type": "array", "description": "The melds in the order written.", "items": {
                    "type": "object", "required": ["type", "tiles", "from", "relative"], "properties": {
                        "type": {"type": "string", "enum": ["chi", "pon", "minkan", "shouminkan", "ankan"]},
                        "tiles": {"type": "array", "items": _TILE_STRING, "minItems": 3, "maxItems": 4},
                        "from": {**_SEAT, "description": "The seat written after `@` (null when none is)."},
                        "relative": {"type": ["string", "null"], "enum": ["left", "across", "right", None],
                                     "description": "That seat seen from `seat_wind`."}}}},
                "win": {"type": ["string", "null"], "pattern": f"^{_TILE}$",
                        "description": "The winning tile: the one marked `win:TILE`, else the last concealed tile "
                                       "written; null without concealed tiles."},
                "win_marked": {"type": "boolean", "description": "Whether `win:TILE` marked it."},
            },
        }, _NOTATION_ERROR]},
    },
}

# -- replay ---------------------------------------------------------------------------------------------

_INT4: Final = {"type": "array", "items": {"type": "integer"}, "minItems": 4, "maxItems": 4}
_SEAT_INDEX: Final = {"type": "integer", "minimum": 0, "maximum": 3}
_NAME_HAN: Final = {"type": "array", "items": {"type": "object", "required": ["name", "han"], "properties": {
    "name": {"type": "string"}, "han": {"type": "integer"}}}}
_REPLAY_ERROR_OBJECT: Final[dict[str, object]] = {
    "type": "object",
    "description": "An `error` object of `riichi replay --jsonl`.",
    "required": ["type", "error"],
    "properties": {
        "type": {"const": "error"}, "file": {"type": "string"}, "game": {"type": "integer"},
        "kyoku": {"type": "integer"},
        "error": {"type": "object", "required": ["code", "message"], "properties": {
            "code": {"type": "string", "enum": ["invalid_log", "unsupported_rules", "illegal_action", "desync"]},
            "message": {"type": "string"}}},
    },
}
_WIN: Final[dict[str, object]] = {
    "type": "object",
    "required": ["winner", "from", "tsumo", "han", "fu", "points", "limit", "yaku", "yakuman", "pao", "honba",
                 "riichi_sticks", "deltas"],
    "properties": {
        "winner": _SEAT_INDEX, "from": {"type": ["integer", "null"]}, "tsumo": {"type": "boolean"},
        "han": {"type": "integer"}, "fu": {"type": "integer"}, "points": {"type": "integer"},
        "limit": {"type": ["string", "null"]}, "yaku": _NAME_HAN,
        "yakuman": {"type": "array", "items": {"type": "object", "required": ["name", "multiplier"]}},
        "pao": {"type": ["integer", "null"]}, "honba": {"type": "integer"}, "riichi_sticks": {"type": "integer"},
        "deltas": _INT4,
    },
}
_KYOKU: Final[dict[str, object]] = {
    "type": "object",
    "description": "A `kyoku` object of `riichi replay --jsonl`: the engine's values of the hand, the record's "
                   "(`log`), the fields that differ (`mismatches`) and the verdict (`matches_log`).",
    "required": ["type", "kyoku", "round_wind", "round_number", "dealer", "honba", "riichi_sticks",
                 "scores_start", "dora_indicators", "riichi", "outcome", "wins", "draw", "deltas", "scores_end",
                 "game_over", "log", "mismatches", "matches_log"],
    "properties": {
        "type": {"const": "kyoku"}, "file": {"type": "string"}, "game": {"type": "integer"},
        "kyoku": {"type": "integer"}, "round_wind": _SEAT, "round_number": {"type": "integer"},
        "dealer": _SEAT_INDEX, "honba": {"type": "integer"}, "riichi_sticks": {"type": "integer"},
        "scores_start": _INT4, "dora_indicators": {"type": "array", "items": {"type": "string"}},
        "riichi": {"type": "array", "items": _SEAT_INDEX}, "outcome": {"type": "string", "enum": ["win", "draw"]},
        "wins": {"type": "array", "items": _WIN},
        "draw": {"type": ["object", "null"], "properties": {
            "type": {"type": "string", "enum": ["exhaustive", "yao9", "reach4", "ron3", "kan4", "kaze4", "nm"]},
            "tenpai": {"type": ["array", "null"]}, "nagashi": {"type": ["array", "null"]}}},
        "deltas": _INT4, "scores_end": _INT4, "game_over": {"type": "boolean"},
        "log": {"type": "object", "description": "The record's own values, where it states them."},
        "mismatches": {"type": "array", "items": {"type": "string"}},
        "matches_log": {"type": ["boolean", "null"]},
        "notes": {"type": "array", "items": {"type": "string"},
                  "description": "What a lenient reading forgave in this hand (on the first hand, also in the "
                                 "record as a whole); absent when nothing was."},
    },
}
_SEAT_POSITION: Final[dict[str, object]] = {
    "type": "object",
    "required": ["wind", "hand", "drawn", "melds", "river", "riichi", "won"],
    "properties": {
        "wind": _SEAT,
        "hand": {"type": "string", "description": "Concealed tiles in MPSZ, sorted, without `drawn`."},
        "drawn": {"type": ["string", "null"], "description": "The tile just drawn, or the winning tile of a "
                                                             "hand that won (drawn apart)."},
        "melds": {"type": "array", "items": {"type": "string"}, "description": "Melds in hand notation, "
                  "`pon:555z@W` (the seat wind it was called from)."},
        "river": {"type": "array", "items": {"type": "string"}, "description": "Discards in order: the tile, "
                  "then `*` when it was the tile just drawn, `r` on the riichi tile, `^` when a call took it."},
        "riichi": {"type": "boolean"},
        "won": {"type": "boolean"},
    },
}
_STEP: Final[dict[str, object]] = {
    "type": "object",
    "description": "The table after one event of the hand.",
    "required": ["event", "kind", "seat", "seats", "dora", "scores", "sticks", "wall", "turn", "wall_drawn"],
    "properties": {
        "event": {"type": "string", "description": "The event in the engine's event notation."},
        "kind": {"type": "string", "description": "The event's first word.",
                 "enum": ["deal", "draw", "discard", "riichi", "riichi_accepted", "chi", "pon", "minkan",
                          "shouminkan", "ankan", "dora", "win", "ryuukyoku"]},
        "seat": {"type": ["integer", "null"]},
        "seats": {"type": "array", "items": _SEAT_POSITION, "minItems": 4, "maxItems": 4},
        "dora": {"type": "array", "items": {"type": "string"}, "description": "Dora indicators shown."},
        "scores": _INT4, "sticks": {"type": "integer"},
        "wall": {"type": "integer", "description": "Live tiles left to draw."},
        "turn": _SEAT_INDEX,
        "wall_drawn": {"type": "array", "items": {"type": "integer"}, "minItems": 2, "maxItems": 2,
                  "description": "Tiles drawn so far from the live wall after the deal, and replacement tiles "
                                 "drawn (with the hand's `wall`: what is still to come)."},
    },
}
_WIN_VIEW: Final[dict[str, object]] = {
    "type": "object",
    "description": "One win as the calculator shows it: the winning hand, its situation and the full result.",
    "required": ["winner", "from", "seat_wind", "round_wind", "hand", "win", "tsumo", "dora", "ura", "riichi",
                 "honba", "riichi_sticks", "result"],
    "properties": {
        "winner": _SEAT_INDEX, "from": {"type": ["integer", "null"]}, "seat_wind": _SEAT, "round_wind": _SEAT,
        "hand": {"type": "string"}, "win": {"type": "string"}, "tsumo": {"type": "boolean"},
        "dora": {"type": "string"}, "ura": {"type": "string"}, "riichi": {"type": "boolean"},
        "honba": {"type": "integer"}, "riichi_sticks": {"type": "integer"}, "result": RESULT,
    },
}

REPLAY: Final[dict[str, object]] = {
    "title": "Replay",
    "type": "object",
    "required": ["ok", "format", "names", "rules", "hands", "game_end", "errors"],
    "properties": {
        "ok": {"type": "boolean", "const": True},
        "format": {"type": "string", "enum": ["mjlog", "tenhou6", "mjai"]},
        "names": {"type": "array", "items": {"type": "string"}},
        "rules": {"type": "object", "required": ["name", "record", "chosen"], "properties": {
            "name": {"type": "string", "description": "The rule set the game was replayed under."},
            "record": {"type": "string", "description": "The record's own rule set."},
            "chosen": {"type": "boolean", "description": "Whether `name` was chosen instead of the record's own."},
            "red_fives": {"type": ["boolean", "null"]},
            "open_tanyao": {"type": ["boolean", "null"]}, "hanchan": {"type": ["boolean", "null"]}}},
        "hands": {"type": "array", "items": {"type": "object", "required": ["index", "kyoku", "steps", "wins", "wall"],
                                             "properties": {
            "index": {"type": "integer"},
            "kyoku": {"oneOf": [_KYOKU, {"type": "null"}], "description": "null for a hand the engine refused "
                                                                           "part-way (see `errors`)."},
            "steps": {"type": "array", "items": _STEP},
            "wins": {"type": "array", "items": _WIN_VIEW},
            "wall": {"type": ["object", "null"], "required": ["live", "rinshan", "dora", "ura"],
                     "description": "The hand's wall when the record carries it (a Tenhou record's seed); null "
                                    "otherwise. A step's `wall` and `wall_drawn` say which tiles are still to come.",
                     "properties": {
                         "live": {"type": "array", "items": {"type": "string"},
                                  "description": "The live wall after the deal, in drawing order (70 tiles; 55 with three players)."},
                         "rinshan": {"type": "array", "items": {"type": "string"},
                                     "description": "The replacement tiles for kans (and Norths set aside), in order: four, or eight "
                                                    "with three players."},
                         "dora": {"type": "array", "items": {"type": "string"},
                                  "description": "The five dora indicator places, in order."},
                         "ura": {"type": "array", "items": {"type": "string"},
                                 "description": "The ura indicator under each dora indicator."}}}}}},
        "game_end": {"type": ["object", "null"], "description": "The `game_end` object of `riichi replay "
                                                                "--jsonl`; null when the record stops early."},
        "errors": {"type": "array", "items": _REPLAY_ERROR_OBJECT},
    },
}

REPLAY_ERROR: Final[dict[str, object]] = {
    **ERROR,
    "title": "ReplayError",
    "properties": {**ERROR["properties"],  # type: ignore[dict-item]
                   "errors": {"type": "array", "items": _REPLAY_ERROR_OBJECT}},
}

_DECISION: Final[dict[str, object]] = {
    "type": "object",
    "required": ["hand", "round", "honba", "event", "hand_tiles", "recorded", "chosen", "agrees"],
    "properties": {
        "hand": {"type": "integer", "description": "The hand's index (the `index` of `POST /api/replay`'s hands)."},
        "round": {"type": "string", "description": "The round and hand number, e.g. `E3`."},
        "honba": {"type": "integer"},
        "event": {"type": "integer", "description": "The position in the hand's events of the seat's recorded "
                                                    "action, or of the event after it passed; the seat faced the "
                                                    "decision at the step before it."},
        "hand_tiles": {"type": "string", "description": "The seat's concealed tiles when it decided (MPSZ)."},
        "recorded": {"type": "string", "description": "What the record shows the seat did (`pass` included)."},
        "chosen": {"type": "string", "description": "What the reviewing player chose."},
        "agrees": {"type": "boolean", "description": "Whether the two are the same play."},
    },
}

REVIEW: Final[dict[str, object]] = {
    "title": "Review",
    "type": "object",
    "required": ["ok", "format", "player", "names", "seat", "decisions", "agreements", "agreement_rate",
                 "unknown", "choices", "disagreements", "error"],
    "properties": {
        "ok": {"type": "boolean", "const": True},
        "format": {"type": "string", "enum": ["mjlog", "tenhou6", "mjai", "soul", "riichicity"]},
        "player": {"type": "string", "description": "The built-in player that reviewed the seat."},
        "names": {"type": "array", "items": {"type": "string"}},
        "seat": {"type": "integer", "description": "The reviewed seat (0 the first dealer)."},
        "decisions": {"type": "integer", "description": "Decisions whose recorded choice the record shows."},
        "agreements": {"type": "integer"},
        "agreement_rate": {"type": "number", "minimum": 0, "maximum": 1,
                           "description": "agreements / decisions (1 when there were none)."},
        "unknown": {"type": "integer", "description": "Decisions the record cannot show (another seat took the "
                                                      "tile first)."},
        "choices": {"type": "array", "items": _DECISION, "description": "Every counted decision, in order."},
        "disagreements": {"type": "array", "items": _DECISION},
        "error": {"type": ["string", "null"], "description": "The first of errors (null when every hand was "
                                                             "reviewed)."},
        "errors": {"type": "array", "items": {"type": "string"},
                   "description": "Each hand the review could not replay, the reader's or the engine's refusal "
                                  "naming it (its decisions before the refusal are reviewed); the review goes on "
                                  "from the next hand's start as the record states it."},
    },
}
