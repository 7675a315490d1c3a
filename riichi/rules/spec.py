"""Rule specs: a preset name, or ``{"preset": NAME, **overrides}`` (the interchange ``rules``).

>>> resolve_rules("wrc").scoring.kiriage
True
>>> r = resolve_rules({"preset": "wrc", "kiriage": False, "multiple_ron": "triple"})
>>> r.scoring.kiriage, r.game.multiple_ron
(False, <MultipleRon.TRIPLE: 'triple'>)

From Python the overrides may also be keywords:

>>> resolve_rules("wrc", kiriage=False).scoring.kiriage
False

Every override is checked against the switch's type; a bad one is refused with a message naming
the switch and the values it takes.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import fields
from typing import Final

from riichi.errors import UnknownRulesError, did_you_mean
from riichi.rules.options import LOCAL_YAKU, PAO_YAKUMAN, AbortiveDraw
from riichi.rules.presets import PRESETS, TENHOU
from riichi.rules.ruleset import GAME_SWITCHES, SCORING_SWITCHES, GameRules, RuleSet, ScoringRules
from riichi.yaku import Yaku

__all__ = ["find_rules", "resolve_rules"]


def find_rules(name: str) -> RuleSet:
    """The preset called ``name``; raises :class:`~riichi.errors.UnknownRulesError`."""
    try:
        return PRESETS[name]
    except (KeyError, TypeError):
        hint = did_you_mean(name, PRESETS) if isinstance(name, str) else ""
        raise UnknownRulesError(f"unknown rule set {name!r}{hint}; presets are {', '.join(PRESETS)}") from None


def resolve_rules(spec: str | Mapping[str, object] | RuleSet | None = None, /, **overrides: object) -> RuleSet:
    """A rule set from a preset name or ``{"preset": NAME, **overrides}``; ``None`` is Tenhou's.

    Keyword ``overrides`` change switches of the result, checked as in a spec: ``resolve_rules("wrc",
    kiriage=False)``. A set (``local_yaku``, ``pao``) may be any collection of names or members
    (``{"sanrenkou"}``, ``{Yaku.SANRENKOU}``).
    """
    if overrides:
        base = resolve_rules(spec)
        changes = {key: _override(key, _listed(value)) for key, value in overrides.items()}
        return base.replace(**changes)  # type: ignore[arg-type] # values checked by _override
    if spec is None:
        return TENHOU
    if isinstance(spec, RuleSet):
        return spec
    if isinstance(spec, str):
        return find_rules(spec)
    if not isinstance(spec, dict) and not isinstance(spec, Mapping):  # a dict first: Mapping's check is slower
        raise UnknownRulesError(f"rules must be a preset name or an object with a 'preset' key, not {type(spec).__name__}")
    key = _spec_key(spec)
    found = _RESOLVED.get(key) if key is not None else None
    if found is None:
        found = _resolve_mapping(spec)  # raises the precise error for a bad spec
        if key is not None:
            if len(_RESOLVED) >= _KEPT_SPECS:
                _RESOLVED.clear()
            _RESOLVED[key] = found
    return found


#: A spec as a dict key: each item with its value's type (``true`` and ``1`` are equal in Python but
#: mean different things), a list value (local yaku) as a tuple.
_SpecKey = tuple[tuple[str, type, object], ...]

#: Specs resolved so far, by content: a batch of cases repeats a handful of specs.
_RESOLVED: dict[_SpecKey, RuleSet] = {}
_KEPT_SPECS: Final = 256


def _spec_key(spec: Mapping[str, object]) -> _SpecKey | None:
    items = tuple((k, type(v), tuple(v) if isinstance(v, list) else v) for k, v in spec.items())
    try:
        hash(items)
    except TypeError:
        return None
    return items


def _resolve_mapping(spec: Mapping[str, object]) -> RuleSet:
    base = find_rules(str(spec.get("preset", "tenhou")))
    changes = {key: _override(key, value) for key, value in spec.items() if key != "preset"}
    return base.replace(**changes) if changes else base  # type: ignore[arg-type] # values checked by _override


#: The fields of both halves, each switch's kind read from its default.
_FIELDS: Final = tuple(f for half in (ScoringRules, GameRules) for f in fields(half))
_ENUMS: Final[dict[str, type[enum.Enum]]] = {
    f.name: type(f.default) for f in _FIELDS if isinstance(f.default, enum.Enum)
}
_BOOLS: Final = frozenset(f.name for f in _FIELDS if isinstance(f.default, bool))
#: Whole-number switches: (least, greatest); None: no upper bound.
_INTS: Final[dict[str, tuple[int, int | None]]] = {
    "players": (3, 4), "aka": (0, 4), "double_wind_fu": (2, 4), "sanshoku_doukou_han": (2, 3),
    "starting_points": (0, None), "target_points": (0, None), "honba_ron": (0, None), "honba_tsumo": (0, None),
    "noten_total": (0, None), "chombo_penalty": (0, None),
}
#: Whole-number switches that may also be null (no limit): their least value.
_OPTIONAL_INTS: Final = {"max_yakuman": 1, "riichi_min_wall_tiles": 0, "riichi_min_points": 0, "extension_points": 0}


def _override(key: str, value: object) -> object:
    if key in _ENUMS:
        return _member(key, _ENUMS[key], value)
    if key in _BOOLS:
        if not isinstance(value, bool):
            raise UnknownRulesError(f"rules.{key} must be true or false, not {value!r}")
        return value
    if key in _INTS:
        low, high = _INTS[key]
        if (isinstance(value, bool) or not isinstance(value, int) or value < low
                or (high is not None and value > high)):
            span = f"from {low} to {high}" if high is not None else f"of at least {low}"
            raise UnknownRulesError(f"rules.{key} must be a whole number {span}, not {value!r}")
        return value
    if key in _OPTIONAL_INTS:
        least = _OPTIONAL_INTS[key]
        if value is None:
            return None
        if isinstance(value, bool) or not isinstance(value, int) or value < least:
            raise UnknownRulesError(f"rules.{key} must be a whole number of at least {least} or null, not {value!r}")
        return value
    if key == "local_yaku":
        return _local_yaku(value)
    if key == "pao":
        names = {y.value: y for y in PAO_YAKUMAN}
        if isinstance(value, list) and all(isinstance(v, str) and v in names for v in value):
            return frozenset(names[v] for v in value)
        raise UnknownRulesError(f"rules.pao must be a list drawn from {', '.join(names)}")
    if key == "uma":
        if (isinstance(value, list) and len(value) in (3, 4)
                and all(isinstance(v, int) and not isinstance(v, bool) for v in value)):
            return tuple(value)  # its length against the players and its sum: the rule set checks them
        raise UnknownRulesError(f"rules.uma must be whole numbers, one a player from first to last place, "
                                f"that sum to 0, not {value!r}")
    if key == "abortive_draws":
        if isinstance(value, list):
            return frozenset(_member(key, AbortiveDraw, v) for v in value)
        raise UnknownRulesError("rules.abortive_draws must be a list of "
                                + ", ".join(repr(m.value) for m in AbortiveDraw))
    raise UnknownRulesError(f"unknown rules switch {key!r}{did_you_mean(key, (*SCORING_SWITCHES, *GAME_SWITCHES))}")


def _listed(value: object) -> object:
    """A keyword override as a spec gives it: a set or tuple as a list, members of a set by their names."""
    if isinstance(value, (set, frozenset)):
        return sorted(v.value if isinstance(v, enum.Enum) else v for v in value)
    return list(value) if isinstance(value, tuple) else value


#: The Japanese names a switch's value is also written with: (switch, name) -> the value's own word. Tenhou's
#: lobbies name their lengths tonpuusen (east only) and hanchan.
_ALIASES: Final = {("length", "tonpuusen"): "east_only", ("length", "tonpuu"): "east_only"}


def _member(key: str, enum_type: type[enum.Enum], value: object) -> enum.Enum:
    if isinstance(value, str):
        value = _ALIASES.get((key, value), value)
    try:
        return enum_type(value)
    except ValueError:
        allowed = ", ".join(repr(m.value) for m in enum_type)
        raise UnknownRulesError(f"rules.{key} must be one of {allowed}, not {value!r}") from None


def _local_yaku(value: object) -> frozenset[Yaku]:
    if value is True:
        return frozenset(LOCAL_YAKU)
    if value is False:
        return frozenset()
    names = {y.value: y for y in LOCAL_YAKU}
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        unknown = [v for v in value if v not in names]
        if unknown:
            raise UnknownRulesError(f"unknown local yaku {unknown[0]!r}; known: {', '.join(names)}")
        return frozenset(names[v] for v in value)
    raise UnknownRulesError("rules.local_yaku must be true, false or a list of yaku names")
