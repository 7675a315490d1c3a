"""The default encoding of a seat's view for learning: an observation array, and the legal actions as
indices of a fixed action space with a mask. It reads only a :class:`~riichi.game.players.SeatView`
(never the game state behind it), so another encoding is another pair of functions over the same view.

Observation: ``float32`` array of shape ``(PLANES, 34)``, one row per plane, one column per tile kind
(``1m``..``9m``, ``1p``..``9p``, ``1s``..``9s``, ``1z``..``7z``). Seats are relative: 0 is the observing
seat, 1 the next in turn (its right), 2 across, 3 its left; with three players the rows of relative seat 3
stay zero, and the Norths a seat has set aside count among its melds' tiles.

| row | contents |
|---|---|
| 0-3 | own concealed tiles: 1 where the hand holds at least 1, 2, 3, 4 of the kind |
| 4 | the tile just drawn (1 at its kind) |
| 5 | red fives held (1 at 5m, 5p, 5s) |
| 6-9 | melds of relative seats 0-3: tiles of each kind in them (and the Norths set aside) |
| 10-13 | discards of relative seats 0-3: tiles of each kind (called ones included) |
| 14 | dora indicators: count of each kind |
| 15 | the tile on the table (another seat's discard, kan tile or North): 1 at its kind |
| 16 | scalars: [0:4] round wind one-hot, [4:8] seat wind one-hot, [8:12] riichi of relative seats 0-3, [12:16] scores of relative seats in thousands, [16] live tiles left / 10, [17:22] phase one-hot (draw, turn, calls, kan, over) |

Actions: ``Discrete(ACTIONS)``; ``action_mask`` has 1 at each legal index (when two legal actions share
an index, the first listed is played).

| index | action |
|---|---|
| 0-36 | discard this tile from the hand (tile ids: 0-33 the kinds, 34-36 red 5m 5p 5s) |
| 37 | discard the tile just drawn (tsumogiri) |
| 38, 39 | riichi, open riichi |
| 40 | win (tsumo or ron) |
| 41 | pass |
| 42 | kyuushu kyuuhai (the abortive draw) |
| 43-48 | chi: the called tile lowest, middle, highest; then the same using a red five |
| 49, 50 | pon; pon using a red five |
| 51 | open kan (daiminkan) on the discard |
| 52-85 | closed kan (ankan) of this kind |
| 86-119 | added kan (shouminkan) of this kind |
| 120 | kita: set a North aside (three players) |
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from riichi.game.events import Ankan, Chi, Discard, Kita, Minkan, Pon, Riichi, Ryuukyoku, Shouminkan, Win
from riichi.game.legal import Action, Pass
from riichi.game.phase import Phase
from riichi.game.players import SeatView
from riichi.tiles import KIND_OF

__all__ = ["ACTIONS", "PLANES", "action_index", "encode", "legal_indices"]

PLANES = 17
ACTIONS = 121
_TSUMOGIRI, _RIICHI, _OPEN_RIICHI, _WIN, _PASS, _KYUUSHU = 37, 38, 39, 40, 41, 42
_CHI, _PON, _MINKAN, _ANKAN, _SHOUMINKAN, _KITA = 43, 49, 51, 52, 86, 120
_PHASES = (Phase.DRAW, Phase.TURN, Phase.CALLS, Phase.KAN, Phase.OVER)
_NORTH = 30  # the kind 4z


def encode(view: SeatView) -> npt.NDArray[np.float32]:
    """The observation of ``view`` (see the module's table)."""
    cells: dict[int, float] = {}  # the nonzero cells of the flat array (a few dozen of its 578)

    def add(cell: int, value: float = 1.0) -> None:
        cells[cell] = cells.get(cell, 0.0) + value

    seat = view.seat
    seats = len(view.scores)
    counts: dict[int, int] = {}
    for t in view.hand:
        kind = KIND_OF[t]
        counts[kind] = counts.get(kind, 0) + 1
        if t.is_red:
            cells[5 * 34 + kind] = 1.0
    for kind, n in counts.items():
        for level in range(min(n, 4)):
            cells[level * 34 + kind] = 1.0
    drawn = view.drawn
    if drawn is not None:
        cells[4 * 34 + KIND_OF[drawn]] = 1.0
    for rel in range(seats):
        other = (seat + rel) % seats
        melds, river = (6 + rel) * 34, (10 + rel) * 34
        for meld in view.melds(other):
            for t in meld.tiles:
                add(melds + KIND_OF[t])
        kita = view.kita(other)
        if kita:
            add(melds + _NORTH, kita)
        for d in view.river(other):
            add(river + KIND_OF[d.tile])
    for t in view.dora_indicators:
        add(14 * 34 + KIND_OF[t])
    table = view.table_tile
    if table is not None and table[0] != seat:
        cells[15 * 34 + KIND_OF[table[1]]] = 1.0
    info = 16 * 34
    cells[info + int(view.round_wind)] = 1.0
    cells[info + 4 + int(view.seat_wind)] = 1.0
    riichi, scores = view.riichi, view.scores
    for rel in range(seats):
        other = (seat + rel) % seats
        if riichi[other]:
            cells[info + 8 + rel] = 1.0
        cells[info + 12 + rel] = scores[other] / 1000.0
    cells[info + 16] = view.live_tiles_left / 10.0
    cells[info + 17 + _PHASES.index(view.phase)] = 1.0
    obs = np.zeros(PLANES * 34, dtype=np.float32)
    obs[list(cells)] = list(cells.values())
    return obs.reshape(PLANES, 34)


def action_index(action: Action) -> int:  # noqa: C901, PLR0911 - one branch per kind of action
    """The index of ``action`` in the action space (see the module's table)."""
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


def legal_indices(actions: tuple[Action, ...]) -> tuple[npt.NDArray[np.int8], dict[int, Action]]:
    """The mask over the action space and the action each legal index plays."""
    mask = np.zeros(ACTIONS, dtype=np.int8)
    by_index: dict[int, Action] = {}
    for a in actions:
        i = action_index(a)
        if i not in by_index:
            by_index[i] = a
            mask[i] = 1
    return mask, by_index
