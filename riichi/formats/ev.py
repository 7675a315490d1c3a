"""The ``ev`` field of an analysis request and of its result (docs/analysis.md, "Expected values").

:func:`read_ev_options` reads the request's ``ev`` object into :class:`~riichi.analysis.ev.EvOptions`,
refusing unknown keys and values of the wrong kind; :func:`ev_json` writes an
:class:`~riichi.analysis.ev.EvResult` as the contract's JSON. A caller that must answer within a time (the
web server) caps the budget a request may ask for.

>>> read_ev_options({"model": "peer", "first_turn": 3}).first_turn
3
>>> read_ev_options({"turn": 3})
Traceback (most recent call last):
...
riichi.errors.InvalidCaseError: unknown key 'turn' in 'ev' (known: model, first_turn, last_turn, pool, max_states, max_seconds, tegawari, shanten_down, ron, riichi_choice, ippatsu, uniform_draws, others_win, haitei, ron_factor)
"""

from __future__ import annotations

from typing import Final

from riichi.analysis.ev import DEFAULT_MAX_STATES, DEFAULT_MODEL, EvModel, EvOptions, EvResult
from riichi.errors import InvalidCaseError

__all__ = ["EV_KEYS", "ev_json", "read_ev_options"]

#: The keys of the request's ``ev`` object.
EV_KEYS: Final = ("model", "first_turn", "last_turn", "pool", "max_states", "max_seconds", "tegawari",
                  "shanten_down", "ron", "riichi_choice", "ippatsu", "uniform_draws", "others_win", "haitei",
                  "ron_factor")
#: The switches among them (true or false).
_SWITCHES: Final = ("tegawari", "shanten_down", "ron", "riichi_choice", "ippatsu", "uniform_draws", "others_win",
                    "haitei")
#: The largest turn a request may name (no wall has more draws for one player).
_MAX_TURN: Final = 136


def read_ev_options(value: object, *, max_seconds: float | None = None, max_states: int | None = None) -> EvOptions:
    """The options of a request's ``ev`` (an object, or ``true`` for the defaults); ``max_seconds`` and
    ``max_states`` cap what the request may ask for (a request asking more, or nothing, gets the cap)."""
    if value is True:
        value = {}
    if not isinstance(value, dict):
        raise InvalidCaseError("'ev' is an object such as {\"model\": \"peer\", \"first_turn\": 1, \"last_turn\": 18}")
    for key in value:
        if key not in EV_KEYS:
            raise InvalidCaseError(f"unknown key {key!r} in 'ev' (known: {', '.join(EV_KEYS)})")
    model = value.get("model", DEFAULT_MODEL.value)
    models = [m.value for m in EvModel]
    if model not in models:
        raise InvalidCaseError(f"'ev.model' is one of {', '.join(models)}, not {model!r}")
    first = _int(value, "first_turn", 1, 0, _MAX_TURN)
    last = None if value.get("last_turn") is None else _int(value, "last_turn", 0, 0, _MAX_TURN)
    pool = value.get("pool")
    states = value.get("max_states", max_states if max_states is not None else DEFAULT_MAX_STATES)
    seconds = value.get("max_seconds", max_seconds)
    if pool is not None:
        pool = _int(value, "pool", 0, 1, 136)
    if states is not None:
        states = _int({"max_states": states}, "max_states", 0, 1, 100_000_000)
        if max_states is not None:
            states = min(states, max_states)
    if seconds is not None:
        if isinstance(seconds, bool) or not isinstance(seconds, (int, float)) or not 0 < seconds <= 3600:  # noqa: PLR2004
            raise InvalidCaseError("'ev.max_seconds' is a number of seconds above 0 and at most 3600, or null")
        seconds = float(seconds)
        if max_seconds is not None:
            seconds = min(seconds, max_seconds)
    switches: dict[str, bool] = {}
    for key in _SWITCHES:
        if key in value:
            flag = value[key]
            if not isinstance(flag, bool):
                raise InvalidCaseError(f"'ev.{key}' is true or false, not {flag!r}")
            switches[key] = flag
    factor = value.get("ron_factor", 0.5)
    if isinstance(factor, bool) or not isinstance(factor, (int, float)) or not 0 <= factor <= 1:
        raise InvalidCaseError(f"'ev.ron_factor' is a number from 0 to 1, not {factor!r}")
    return EvOptions(model=EvModel(model), first_turn=first, last_turn=last, pool=pool, max_states=states,
                     max_seconds=seconds, ron_factor=float(factor), **switches)


def _int(value: dict[str, object], key: str, default: int, low: int, high: int) -> int:
    found = value.get(key, default)
    if not isinstance(found, int) or isinstance(found, bool) or not low <= found <= high:
        raise InvalidCaseError(f"'ev.{key}' is a whole number from {low} to {high}, not {found!r}")
    return found


def ev_json(result: EvResult) -> dict[str, object]:
    """The contract's ``ev`` object of a result: the model, the turns, the unseen tiles and the discards."""
    rows = []
    for d in result.discards:
        row: dict[str, object] = {"tile": None if d.tile is None else str(d.tile)}
        if d.kita:
            row["kita"] = True
        row.update({"shanten": d.shanten, "tenpai": list(d.tenpai), "win": list(d.win), "value": list(d.value)})
        if d.placement:
            row["placement"] = list(d.placement)
        rows.append(row)
    return {"model": result.model.value, "first_turn": result.first_turn, "last_turn": result.last_turn,
            "unseen": result.unseen, "discards": rows}
