"""The numbers of the environments' default encoding (:mod:`riichi.rl.encoding`, which makes NumPy arrays of
them), here without NumPy so that they are compiled with the core: a seat's observation as a flat buffer of
``float32``, and each action's index in the action space with the mask of the legal ones as bytes. The tables of what each row and index mean are
in :mod:`riichi.rl.encoding`."""

from __future__ import annotations

from array import array
from typing import Final

from riichi.game.events import Ankan, Chi, Discard, Kita, Minkan, Pon, Riichi, Ryuukyoku, Shouminkan, Win
from riichi.game.legal import Action, Pass
from riichi.game.phase import Phase
from riichi.game.players import SeatView
from riichi.tiles import KIND_OF

__all__ = ["ACTIONS", "PLANES", "SeatPlanes", "action_index", "legal_mask", "view_planes"]

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
_ZEROS: Final = array("f", bytes(4 * PLANES * 34))


_RIVER_ROW: Final = 10 * 34  # rows 10-13, the rivers, are the only rows kept from one view to the next
_DORA_ROW: Final = 14 * 34
_INFO: Final = 16 * 34
_HEAD: Final = array("f", bytes(4 * _RIVER_ROW))
_TAIL: Final = array("f", bytes(4 * (PLANES * 34 - _DORA_ROW)))


class SeatPlanes:
    """One seat's observations through a hand, each written from the last: a discard stays in its river
    for the rest of the hand (a called one too), so the rivers' rows keep what they counted and only the
    discards made since the last view are added; the other rows, a few cells each, are written anew. A
    view of another hand (another :class:`SeatView` object) starts from zeros.

    Compiled, the cells are written through a ``memoryview`` of the ``float32`` array (it stores a float
    directly, where the array's own item assignment parses its argument as a function call's), and tiles
    are read as the small integers they are (``tile: int``), so that their kinds are native look-ups."""

    def __init__(self) -> None:
        self._flat = _ZEROS[:]
        #: The array's cells as ``float32`` (its bytes viewed as floats: a view of the array alone is untyped).
        self._cells = memoryview(self._flat).cast("B").cast("f")
        self._view: SeatView | None = None
        #: How many discards of each relative seat's river the river rows count.
        self._counted = [0, 0, 0, 0]

    def planes(self, view: SeatView) -> array[float]:
        """The observation of ``view``, flat (row * 34 + kind), as ``float32`` values in a new array (NumPy
        reads its buffer without a copy)."""
        flat = self._flat
        cells = self._cells
        counted = self._counted
        if view is not self._view:
            flat[:] = _ZEROS
            counted[:] = [0, 0, 0, 0]
            self._view = view
        else:
            flat[:_RIVER_ROW] = _HEAD
            flat[_DORA_ROW:] = _TAIL
        seat = view.seat
        seats = len(view.scores)
        counts = [0] * 34
        hand: tuple[int, ...] = view.hand
        for t in hand:
            kind = KIND_OF[t]
            level = counts[kind]
            counts[kind] = level + 1
            if level < 4:  # rows 0-3: the hand holds at least level + 1 of the kind
                cells[level * 34 + kind] = 1.0
            if t != kind:  # a red five (its id is not its kind's)
                cells[5 * 34 + kind] = 1.0
        drawn: int | None = view.drawn
        if drawn is not None:
            cells[4 * 34 + KIND_OF[drawn]] = 1.0
        riichi = view.riichi
        scores = view.scores
        for rel in range(seats):
            other = (seat + rel) % seats
            melds = (6 + rel) * 34
            for meld in view.melds(other):
                tiles: tuple[int, ...] = meld.tiles
                for t in tiles:
                    cells[melds + KIND_OF[t]] += 1.0
            kita = view.kita(other)
            if kita:
                cells[melds + _NORTH] += kita
            river = view.river(other)
            row = _RIVER_ROW + rel * 34
            for i in range(counted[rel], len(river)):
                discard: int = river[i].tile
                cells[row + KIND_OF[discard]] += 1.0
            counted[rel] = len(river)
            if riichi[other]:
                cells[_INFO + 8 + rel] = 1.0
            cells[_INFO + 12 + rel] = scores[other] / 1000.0
        dora: tuple[int, ...] = view.dora_indicators
        for t in dora:
            cells[_DORA_ROW + KIND_OF[t]] += 1.0
        table = view.table_tile
        if table is not None and table[0] != seat:
            on_table: int = table[1]
            cells[15 * 34 + KIND_OF[on_table]] = 1.0
        round_wind: int = view.round_wind
        seat_wind: int = view.seat_wind
        cells[_INFO + round_wind] = 1.0
        cells[_INFO + 4 + seat_wind] = 1.0
        cells[_INFO + 16] = view.live_tiles_left / 10.0
        cells[_INFO + 17 + _PHASES.index(view.phase)] = 1.0
        return flat[:]


def view_planes(view: SeatView) -> array[float]:
    """The observation of ``view``, flat (row * 34 + kind), as ``float32`` values in a new array (NumPy
    reads its buffer without a copy): a new :class:`SeatPlanes`' first."""
    return SeatPlanes().planes(view)


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


def legal_mask(actions: tuple[Action, ...]) -> tuple[bytearray, dict[int, Action]]:
    """The mask over the action space (1 at each legal index, as bytes NumPy reads without a copy) and the
    action each legal index plays: the first listed when two share an index."""
    mask = bytearray(ACTIONS)
    by_index: dict[int, Action] = {}
    for a in actions:
        i = action_index(a)
        if i not in by_index:
            by_index[i] = a
            mask[i] = 1
    return mask, by_index
