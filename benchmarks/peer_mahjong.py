"""Adapter to the peer library ``mahjong`` 2.1.0 (installed from the ``bench`` extra).

It uses the peer only through its public API, the way a user of that library
would: a win case (docs/interchange.md) becomes one call of
``HandCalculator.estimate_hand_value`` with 136-format tiles, ``Meld`` objects,
dora indicators and a ``HandConfig``. Conversion is separate from the call so
that a benchmark times only the call: :func:`prepare_case` converts,
:func:`score_prepared` scores.

``python -m benchmarks.peer_mahjong`` is the peer's counterpart of
``riichi score --jsonl``: it reads win cases on standard input and writes one
line per case (``id``, ``ok``, ``points``, ``han``, ``fu`` or ``error``).
"""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from typing import Any

from mahjong.agari import Agari
from mahjong.hand_calculating.hand import HandCalculator
from mahjong.hand_calculating.hand_config import (
    HandConfig,
    HandConstants,
    OptionalRules,
)
from mahjong.meld import Meld
from mahjong.shanten import Shanten

__all__ = [
    "PreparedCase",
    "UnsupportedCaseError",
    "peer_points",
    "prepare_case",
    "score_case",
    "score_prepared",
    "shanten",
    "waits",
]

_SEATS = {"E": 0, "S": 1, "W": 2, "N": 3}
_SUITS = {"m": 0, "p": 9, "s": 18, "z": 27}
_KAZOE = {
    "yakuman": HandConstants.KAZOE_LIMITED,
    "sanbaiman": HandConstants.KAZOE_SANBAIMAN,
    "multiple": HandConstants.KAZOE_NO_LIMIT,
}
#: What the presets the peer can express mean in its terms (others are unsupported).
_PRESETS: dict[str, dict[str, Any]] = {
    "tenhou": {"kuitan": True, "aka": 3, "kiriage": False, "kazoe": "yakuman", "multiple_yakuman": "single"},
    "mahjongsoul": {"kuitan": True, "aka": 3, "kiriage": True, "kazoe": "yakuman", "multiple_yakuman": "full"},
}


class UnsupportedCaseError(ValueError):
    """A case the adapter cannot express in the peer's API (unknown rules, bad notation)."""


#: Positional arguments of ``HandCalculator.estimate_hand_value`` plus the ura indicators.
PreparedCase = tuple[list[int], int, list[Meld], list[int], HandConfig, list[int]]


def _parse(text: str) -> list[tuple[int, bool]]:
    """MPSZ text -> (kind 0..33, is_red) pairs."""
    out: list[tuple[int, bool]] = []
    digits: list[str] = []
    for ch in text:
        if ch.isdigit():
            digits.append(ch)
        elif ch in _SUITS:
            base = _SUITS[ch]
            for d in digits:
                n = int(d)
                if n == 0 and ch != "z":
                    out.append((base + 4, True))
                elif 1 <= n <= (7 if ch == "z" else 9):
                    out.append((base + n - 1, False))
                else:
                    raise UnsupportedCaseError(f"no tile {d}{ch}")
            digits.clear()
        else:
            raise UnsupportedCaseError(f"unexpected character {ch!r}")
    if digits:
        raise UnsupportedCaseError("digits without a suit")
    return out


class _Ids:
    """Hands out distinct 136-format ids; a red five is copy 0 of its kind (the peer's convention)."""

    def __init__(self) -> None:
        self.next_copy = [0] * 34
        for k in (4, 13, 22):
            self.next_copy[k] = 1

    def take(self, kind: int, red: bool) -> int:
        if red:
            return kind * 4
        copy = self.next_copy[kind]
        if copy > 3:
            raise UnsupportedCaseError("more than four copies of a tile")
        self.next_copy[kind] = copy + 1
        return kind * 4 + copy


def _rules(rules: Any) -> dict[str, Any]:
    if isinstance(rules, str):
        rules = {"preset": rules}
    if not isinstance(rules, dict):
        raise UnsupportedCaseError("rules must be a name or an object")
    preset = _PRESETS.get(rules.get("preset", "tenhou"))
    if preset is None:
        raise UnsupportedCaseError(f"preset {rules.get('preset')!r} not mapped to the peer")
    merged = dict(preset)
    for key, value in rules.items():
        if key == "preset":
            continue
        if key not in merged:
            raise UnsupportedCaseError(f"rule {key!r} not mapped to the peer")
        merged[key] = value
    return merged


def prepare_case(case: dict[str, Any]) -> PreparedCase:
    """Convert a win case to the arguments of the peer's scoring call (not timed)."""
    if case.get("nagashi_mangan"):
        raise UnsupportedCaseError("nagashi mangan is not scored by the adapter")
    rules = _rules(case.get("rules", "tenhou"))
    ids = _Ids()
    melds: list[Meld] = []
    tiles: list[int] = []
    for m in case.get("melds", ()):
        mtiles = [ids.take(k, r) for k, r in _parse(m["tiles"])]
        mtype = m["type"]
        if mtype in ("chi", "pon"):
            meld = Meld(Meld.CHI if mtype == "chi" else Meld.PON, mtiles, opened=True)
        elif mtype == "minkan":
            meld = Meld(Meld.KAN, mtiles, opened=True)
        elif mtype == "shouminkan":
            meld = Meld(Meld.SHOUMINKAN, mtiles, opened=True)
        elif mtype == "ankan":
            meld = Meld(Meld.KAN, mtiles, opened=False)
        else:
            raise UnsupportedCaseError(f"meld type {mtype!r}")
        melds.append(meld)
        tiles.extend(mtiles)
    concealed = [(ids.take(k, r), k, r) for k, r in _parse(case["hand"])]
    tiles.extend(t for t, _, _ in concealed)
    win = _parse(case["win"])
    if len(win) != 1:
        raise UnsupportedCaseError("win must be one tile")
    win_id = next((t for t, k, r in concealed if (k, r) == win[0]), None)
    if win_id is None:
        raise UnsupportedCaseError("the winning tile is not in the hand")
    dora = [ids.take(k, r) for k, r in _parse(case.get("dora", ""))]
    ura = [ids.take(k, r) for k, r in _parse(case.get("ura", ""))]
    double = bool(case.get("double_riichi"))
    options = OptionalRules(
        has_open_tanyao=bool(rules["kuitan"]),
        has_aka_dora=rules["aka"] > 0,
        has_double_yakuman=rules["multiple_yakuman"] != "single",
        kazoe_limit=_KAZOE[rules["kazoe"]],
        kiriage=bool(rules["kiriage"]),
    )
    config = HandConfig(
        is_tsumo=bool(case.get("tsumo")),
        is_riichi=bool(case.get("riichi")) and not double,
        is_daburu_riichi=double,
        is_open_riichi=bool(case.get("open_riichi")),
        is_ippatsu=bool(case.get("ippatsu")),
        is_rinshan=bool(case.get("rinshan")),
        is_chankan=bool(case.get("chankan")),
        is_haitei=bool(case.get("haitei")),
        is_houtei=bool(case.get("houtei")),
        is_tenhou=bool(case.get("tenhou")),
        is_chiihou=bool(case.get("chiihou")),
        is_renhou=bool(case.get("renhou")),
        player_wind=27 + _SEATS[case.get("seat_wind", "E")],
        round_wind=27 + _SEATS[case.get("round_wind", "E")],
        tsumi_number=int(case.get("honba", 0)),
        kyoutaku_number=int(case.get("riichi_sticks", 0)),
        options=options,
    )
    return tiles, win_id, melds, dora, config, ura


def score_prepared(p: PreparedCase) -> Any:  # noqa: ANN401 -- the peer's HandResponse
    """The timed call: the peer's own scoring of a prepared case."""
    return HandCalculator.estimate_hand_value(p[0], p[1], p[2], p[3], p[4], ura_dora_indicators=p[5])


def peer_points(response: Any) -> int | None:  # noqa: ANN401
    """The hand's value as the interchange format's ``points`` (no honba, no sticks), or None on an error."""
    if response.error is not None or response.cost is None:
        return None
    cost = response.cost
    return int(cost["main"] + 2 * cost["additional"])


def score_case(case: dict[str, Any]) -> dict[str, Any]:
    """Convert and score one case; a small result dict (never raises)."""
    try:
        response = score_prepared(prepare_case(case))
    except UnsupportedCaseError as exc:
        return {"id": case.get("id"), "ok": False, "error": str(exc)}
    if response.error is not None:
        return {"id": case.get("id"), "ok": False, "error": response.error}
    return {"id": case.get("id"), "ok": True, "points": peer_points(response), "han": response.han,
            "fu": response.fu}


def shanten(counts: Sequence[int]) -> int:
    """The peer's combined shanten (standard, chiitoitsu, kokushi)."""
    return Shanten.calculate_shanten(counts)


def waits(counts: Sequence[int]) -> list[int]:
    """Kinds that complete a 13-tile hand: each candidate added and tested with the peer's ``Agari``.

    A kind whose four copies the hand already holds is skipped (no fifth copy
    exists, and the peer's ``Agari`` expects at most four).
    """
    hand = list(counts)
    out = []
    for k in range(34):
        if hand[k] < 4:
            hand[k] += 1
            if Agari.is_agari(hand):
                out.append(k)
            hand[k] -= 1
    return out


def discard_waits(counts: Sequence[int]) -> dict[int, list[int]]:
    """Each discard of a 14-tile hand that leaves it tenpai, with its waits, found with the peer's own calls:
    its shanten of the 14 tiles first (none when more than one tile from tenpai), then for each discard
    its shanten of the 13 tiles left, and :func:`waits` of those that are tenpai."""
    hand = list(counts)
    if Shanten.calculate_shanten(hand) > 0:
        return {}
    out = {}
    for k in range(34):
        if hand[k]:
            hand[k] -= 1
            if Shanten.calculate_shanten(hand) == 0:
                found = waits(hand)
                if found:
                    out[k] = found
            hand[k] += 1
    return out


def main() -> int:
    write = sys.stdout.write
    for line in sys.stdin:
        try:
            case = json.loads(line)
        except json.JSONDecodeError:
            write('{"ok": false, "error": "invalid_json"}\n')
            continue
        write(json.dumps(score_case(case)) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
