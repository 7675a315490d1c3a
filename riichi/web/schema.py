"""JSON Schemas of the HTTP API, for its OpenAPI document.

The API reads request bodies itself (so that every bad body gets the
interchange error object), which means FastAPI cannot derive these from type
hints; they are written out here and follow the interchange format (docs/interchange.md) field by field.
"""

from __future__ import annotations

from typing import Final

from riichi.scoring.context import SITUATION_FLAGS, flag_help

__all__ = ["ANALYSIS", "ANALYZE_REQUEST", "COMPARE_RESULT", "ERROR", "EVALUATION", "RESULT", "RULES", "WIN_CASE"]

_SEAT: Final = {"type": "string", "enum": ["E", "S", "W", "N"]}
_FLAG: Final = {"type": "boolean", "default": False}
#: Honba and riichi sticks: small whole numbers (riichi.formats.interchange.MAX_COUNT).
_COUNT: Final = {"type": "integer", "default": 0, "minimum": 0, "maximum": 100}
_TILES: Final = {"type": "string", "default": ""}

WIN_CASE: Final[dict[str, object]] = {
    "title": "WinCase",
    "type": "object",
    "description": "A win case of the interchange format (docs/interchange.md). Unknown fields are refused.",
    "required": ["hand", "win"],
    "additionalProperties": False,
    "properties": {
        "id": {"description": "Echoed back in the result."},
        "hand": {"type": "string", "description": "Concealed tiles in MPSZ notation, winning tile included.",
                 "examples": ["234567m34p678s55p"]},
        "melds": {
            "type": "array",
            "description": "Called or declared sets, in the order they were made.",
            "items": {
                "type": "object",
                "required": ["type", "tiles"],
                "additionalProperties": False,
                "properties": {
                    "type": {"type": "string", "enum": ["chi", "pon", "minkan", "shouminkan", "ankan"]},
                    "tiles": {"type": "string", "examples": ["340m", "5555z"]},
                    "from": {**_SEAT, "description": "Seat the claimed tile came from (not for ankan)."},
                },
            },
        },
        "win": {"type": "string", "description": "The winning tile, one of the tiles of `hand`."},
        "discarder": {**_SEAT, "description": "On ron, the seat that dealt in."},
        "seat_wind": {**_SEAT, "default": "E"},
        "round_wind": {**_SEAT, "default": "E"},
        # the situation flags of the win context, each with its help
        **{flag: {**_FLAG, "description": flag_help(flag)} for flag in SITUATION_FLAGS},
        "nagashi_mangan": {**_FLAG, "description": "a mangan paid at an exhaustive draw (no hand, no winning tile)"},
        "dora": {"type": "string", "default": "", "description": "All dora indicators, e.g. `3m7z`."},
        "ura": {"type": "string", "default": "", "description": "Ura-dora indicators."},
        "honba": _COUNT,
        "riichi_sticks": _COUNT,
        "red_fives_as_plain": {**_FLAG, "description": (
            "Read a red five under rules without red fives as their plain five (the result notes it); "
            "otherwise such a case is `impossible_tiles`. `/api/compare` reads so unless this is false.")},
        "rules": {
            "description": "A preset name, or an object `{\"preset\": NAME, ...overrides}`.",
            "default": "tenhou",
            "oneOf": [{"type": "string"}, {"type": "object"}],
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
                         "`internal_error`."},
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
            "name": {"type": "string"}, "description": {"type": "string"}, "switches": {"type": "object"}}}},
        "switches": {"type": "array", "items": {"type": "object", "properties": {
            "name": {"type": "string"},
            "kind": {"type": "string", "enum": ["bool", "int", "int_or_null", "choice", "set"]},
            "values": {"type": ["array", "null"],
                       "description": "The values a choice or set switch takes; null for the others."}}}},
    },
}

_ANALYSIS_FIELDS: Final = ("id", "hand", "melds", "win", "nagashi_mangan", "seat_wind", "round_wind",
                           "dora", "ura", "honba", "riichi_sticks", "rules", "discarder", *SITUATION_FLAGS)

ANALYZE_REQUEST: Final[dict[str, object]] = {
    "title": "AnalyzeRequest",
    "type": "object",
    "description": "A hand to analyse: shanten, waits with their value, and the best discards (docs/analysis.md). "
                   "The situation fields are those of a win case; unknown fields are refused.",
    "required": ["hand"],
    "additionalProperties": False,
    "properties": {
        **{name: WIN_CASE["properties"][name] for name in _ANALYSIS_FIELDS},  # type: ignore[index]
        "hand": {"type": "string", "examples": ["123m456p789s1122z"]},
        "win": {"type": "string", "description": "The tile just drawn, for a 14-tile hand."},
        "drawn": {"type": "string", "description": "The tile just drawn (for a kan after riichi)."},
        "visible": {**_TILES, "description": "Tiles seen outside the hand (discards, indicators, melds)."},
        "discards": {**_TILES, "description": "The player's own discards (furiten)."},
        "passed": {**_TILES, "description": "Tiles let pass since the player's last discard (furiten)."},
        "passed_in_riichi": {**_TILES, "description": "Tiles let pass since declaring riichi (furiten)."},
        "tiles_left": {"type": "integer", "minimum": 0, "maximum": 136},
        "points": {"type": "integer", "minimum": -1_000_000, "maximum": 1_000_000},
        "ankan_strict": {"type": "boolean"},
        "values": {"type": "boolean", "default": True},
    },
}

ANALYSIS: Final[dict[str, object]] = {
    "title": "Analysis",
    "type": "object",
    "required": ["id", "ok", "shanten"],
    "properties": {
        "id": {},
        "ok": {"type": "boolean", "const": True},
        "hand": {"type": "string"},
        "tiles": {"type": "integer"},
        "shanten": {"type": "integer"},
        "forms": {"type": "object", "additionalProperties": {"type": "integer"}},
        "complete": {"type": "boolean"},
        "waits": {"type": "array", "items": {"type": "object"}},
        "discards": {"type": "array", "items": {"type": "object"}},
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
