"""Adapter to the peer library ``riichienv`` 0.4.11 (a Rust scorer with Python bindings; the ``bench`` extra).

A win case (the interchange format) becomes one call of the peer's compiled evaluator,
``HandEvaluator(tiles, melds).calc(win_tile, dora, ura, conditions)`` with 136-format tiles: the
binding that the package's Python ``riichienv.HandEvaluator`` wraps, called directly, so that the
clock sees the Rust scorer and not the wrapper's per-call conversion (which costs more than the
scoring). Conversion is separate from the call, so a benchmark times only the call:
:func:`prepare_case` converts, :func:`score_prepared` scores. The tile conversion is the one of
:mod:`benchmarks.peer_mahjong` (the same 136-format convention: a red five is copy 0).
"""

from __future__ import annotations

from typing import Any

from riichienv import Meld, MeldType, Wind
from riichienv._riichienv import Conditions, HandEvaluator

from benchmarks.peer_mahjong import UnsupportedCaseError, _Ids, _parse

__all__ = ["PreparedCase", "peer_points", "prepare_case", "score_prepared"]

_SEATS = {"E": 0, "S": 1, "W": 2, "N": 3}
_WINDS = (Wind.East, Wind.South, Wind.West, Wind.North)
_MELD_TYPES = {"chi": MeldType.Chi, "pon": MeldType.Pon, "minkan": MeldType.Daiminkan,
               "shouminkan": MeldType.Kakan, "ankan": MeldType.Ankan}

#: (the evaluator, the winning tile, dora indicators, conditions, ura indicators).
PreparedCase = tuple[HandEvaluator, int, list[int], Conditions, list[int]]


def prepare_case(case: dict[str, Any]) -> PreparedCase:
    """Convert a win case to the peer's evaluator and the arguments of its ``calc`` (not timed)."""
    if case.get("nagashi_mangan"):
        raise UnsupportedCaseError("nagashi mangan is not scored by the adapter")
    ids = _Ids()
    melds = []
    for m in case.get("melds", ()):
        if m["type"] not in _MELD_TYPES:
            raise UnsupportedCaseError(f"meld type {m['type']!r}")
        tiles = [ids.take(k, r) for k, r in _parse(m["tiles"])]
        melds.append(Meld(_MELD_TYPES[m["type"]], tiles, m["type"] != "ankan"))
    concealed = [(ids.take(k, r), k, r) for k, r in _parse(case["hand"])]
    win = _parse(case["win"])
    win_id = next((t for t, k, r in concealed if len(win) == 1 and (k, r) == win[0]), None)
    if win_id is None:
        raise UnsupportedCaseError("the winning tile is not in the hand")
    dora = [ids.take(k, r) for k, r in _parse(case.get("dora", ""))]
    ura = [ids.take(k, r) for k, r in _parse(case.get("ura", ""))]
    double = bool(case.get("double_riichi"))
    conditions = Conditions(
        tsumo=bool(case.get("tsumo")), riichi=bool(case.get("riichi")) and not double, double_riichi=double,
        ippatsu=bool(case.get("ippatsu")), haitei=bool(case.get("haitei")), houtei=bool(case.get("houtei")),
        rinshan=bool(case.get("rinshan")), chankan=bool(case.get("chankan")),
        tsumo_first_turn=bool(case.get("tenhou") or case.get("chiihou")),
        player_wind=_WINDS[_SEATS[case.get("seat_wind", "E")]], round_wind=_WINDS[_SEATS[case.get("round_wind", "E")]],
        riichi_sticks=int(case.get("riichi_sticks", 0)), honba=int(case.get("honba", 0)),
    )
    evaluator = HandEvaluator(sorted(t for t, _, _ in concealed), melds)  # the 14 tiles, winning tile too
    return evaluator, win_id, dora, conditions, ura


def score_prepared(p: PreparedCase) -> Any:  # noqa: ANN401 -- the peer's WinResult
    """The timed call: the peer's own scoring of a prepared case."""
    return p[0].calc(p[1], p[2], p[4], p[3])


def peer_points(result: Any, *, dealer: bool, tsumo: bool, honba: int) -> int | None:  # noqa: ANN401
    """The hand's value as the interchange ``points`` (no honba, no sticks), or None when not a win.

    The peer's payments include the honba (300 a ron, 100 from each payer of a tsumo): taken off here.
    """
    if not result.is_win:
        return None
    if not tsumo:
        return int(result.ron_agari) - 300 * honba
    if dealer:
        return 3 * (int(result.tsumo_agari_ko) - 100 * honba)
    return int(result.tsumo_agari_oya) + 2 * int(result.tsumo_agari_ko) - 300 * honba
