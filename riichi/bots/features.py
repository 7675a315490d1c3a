"""The numbers of the environments' default encoding (:mod:`riichi.rl.encoding`, which makes NumPy arrays of
them), here without NumPy so that they are compiled with the core: the nonzero cells of a seat's
observation, and each action's index in the action space. The tables of what each row and index mean are
in :mod:`riichi.rl.encoding`."""

from __future__ import annotations

from typing import Final

from riichi.game.events import Ankan, Chi, Discard, Kita, Minkan, Pon, Riichi, Ryuukyoku, Shouminkan, Win
from riichi.game.legal import Action, Pass
from riichi.game.phase import Phase
from riichi.game.players import SeatView
from riichi.tiles import KIND_OF

__all__ = ["ACTIONS", "PLANES", "action_index", "action_indices", "view_cells"]

PLANES: Final = 17
ACTIONS: Final = 121
_TSUMOGIRI: Final = 37
_RIICHI: Final = 38
_OPEN_RIICHI: Final = 39
_WIN: Final = 40
_PASS: Final = 41
_KYUUSHU: Final = 42
_CHI: Final = 43
_PON: Final = 49
_MINKAN: Final = 51
_ANKAN: Final = 52
_SHOUMINKAN: Final = 86
_KITA: Final = 120
_NORTH: Final = 30  # the kind 4z
_PHASES: Final = (Phase.DRAW, Phase.TURN, Phase.CALLS, Phase.KAN, Phase.OVER)


def view_cells(view: SeatView) -> tuple[list[int], list[float]]:
    """The nonzero cells of ``view``'s observation, flat (row * 34 + kind), and their values."""
    flat = [0.0] * (PLANES * 34)
    seat = view.seat
    seats = len(view.scores)
    counts = [0] * 34
    for t in view.hand:
        kind = KIND_OF[t]
        counts[kind] += 1
        if t.is_red:
            flat[5 * 34 + kind] = 1.0
    for kind in range(34):
        for level in range(min(counts[kind], 4)):
            flat[level * 34 + kind] = 1.0
    drawn = view.drawn
    if drawn is not None:
        flat[4 * 34 + KIND_OF[drawn]] = 1.0
    for rel in range(seats):
        other = (seat + rel) % seats
        melds = (6 + rel) * 34
        river = (10 + rel) * 34
        for meld in view.melds(other):
            for t in meld.tiles:
                flat[melds + KIND_OF[t]] += 1.0
        flat[melds + _NORTH] += view.kita(other)
        for d in view.river(other):
            flat[river + KIND_OF[d.tile]] += 1.0
    for t in view.dora_indicators:
        flat[14 * 34 + KIND_OF[t]] += 1.0
    table = view.table_tile
    if table is not None and table[0] != seat:
        flat[15 * 34 + KIND_OF[table[1]]] = 1.0
    info = 16 * 34
    flat[info + int(view.round_wind)] = 1.0
    flat[info + 4 + int(view.seat_wind)] = 1.0
    riichi = view.riichi
    scores = view.scores
    for rel in range(seats):
        other = (seat + rel) % seats
        if riichi[other]:
            flat[info + 8 + rel] = 1.0
        flat[info + 12 + rel] = scores[other] / 1000.0
    flat[info + 16] = view.live_tiles_left / 10.0
    flat[info + 17 + _PHASES.index(view.phase)] = 1.0
    cells: list[int] = []
    values: list[float] = []
    for i in range(PLANES * 34):
        value = flat[i]
        if value != 0.0:
            cells.append(i)
            values.append(value)
    return cells, values


def action_index(action: Action) -> int:  # noqa: C901, PLR0911 - one branch per kind of action
    """The index of ``action`` in the action space (see :mod:`riichi.rl.encoding`)."""
    if isinstance(action, Discard):
        return _TSUMOGIRI if action.tsumogiri else int(action.tile)
    if isinstance(action, Pass):
        return _PASS
    if isinstance(action, Win):
        return _WIN
    if isinstance(action, Riichi):
        return _OPEN_RIICHI if action.open else _RIICHI
    if isinstance(action, Chi):
        position = sorted(KIND_OF[t] for t in action.tiles).index(KIND_OF[action.tile])
        return _CHI + position + (3 if any(t.is_red for t in action.own) else 0)
    if isinstance(action, Pon):
        return _PON + (1 if any(t.is_red for t in action.own) else 0)
    if isinstance(action, Minkan):
        return _MINKAN
    if isinstance(action, Ankan):
        return _ANKAN + KIND_OF[action.tiles[0]]
    if isinstance(action, Shouminkan):
        return _SHOUMINKAN + KIND_OF[action.tile]
    if isinstance(action, Ryuukyoku):
        return _KYUUSHU
    if isinstance(action, Kita):
        return _KITA
    raise ValueError(f"{action} is no action of a seat")


def action_indices(actions: tuple[Action, ...]) -> list[int]:
    """The index of each action, in order."""
    return [action_index(a) for a in actions]
