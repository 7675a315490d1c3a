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
an index, the first listed is played). An action is a Python or NumPy integer (or a 0-d integer array) in
0..ACTIONS-1, as Gymnasium's ``Discrete.contains`` takes it; anything else (a float, a bool, a string, None,
an array, an integer out of range) is refused with :class:`InvalidActionError` by :func:`action_number`.

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

from typing import ClassVar

import numpy as np
import numpy.typing as npt

from riichi.errors import RiichiError
from riichi.game.legal import Action
from riichi.game.players import SeatView
from riichi.bots.features import ACTIONS, PLANES, SeatPlanes, action_index, legal_mask, view_planes

__all__ = ["ACTIONS", "PLANES", "InvalidActionError", "SeatPlanes", "action_index", "action_number", "encode",
           "legal_indices"]

_FLOAT32 = np.dtype(np.float32)
_INT8 = np.dtype(np.int8)


def encode(view: SeatView, planes: SeatPlanes | None = None) -> npt.NDArray[np.float32]:
    """The observation of ``view`` (see the module's table): a new array over the encoder's own buffer.
    ``planes``, the seat's :class:`SeatPlanes` through the hand, writes it from the seat's last observation
    (the same values, sooner)."""
    flat = view_planes(view) if planes is None else planes.planes(view)
    return np.ndarray((PLANES, 34), _FLOAT32, flat)


def legal_indices(actions: tuple[Action, ...]) -> tuple[npt.NDArray[np.int8], dict[int, Action]]:
    """The mask over the action space and the action each legal index plays."""
    mask, by_index = legal_mask(actions)
    return np.ndarray((ACTIONS,), _INT8, mask), by_index


class InvalidActionError(RiichiError):
    """An action that is no index of the action space: not an integer (a float is not rounded, a string not
    read), or an integer outside 0..ACTIONS-1."""

    code: ClassVar[str] = "invalid_action"


def action_number(action: object) -> int:
    """``action`` as an index of the action space (see the module's description); :class:`InvalidActionError`
    naming it otherwise.

    >>> action_number(np.int64(37)), action_number(np.array(41))
    (37, 41)
    >>> action_number(3.0)
    Traceback (most recent call last):
    ...
    riichi.rl.encoding.InvalidActionError: action 3.0 (float) is not an index of the action space: an integer 0..120
    """
    if isinstance(action, np.ndarray) and action.shape == ():
        action = action[()]  # a 0-d array: its one value
    if isinstance(action, bool) or not isinstance(action, int | np.integer):
        shown = repr(action)
        shown = shown if len(shown) <= _SHOWN else shown[:_SHOWN] + "..."
        raise InvalidActionError(f"action {shown} ({type(action).__name__}) is not an index of the action space: "
                                 f"an integer 0..{ACTIONS - 1}")
    index = int(action)
    if not 0 <= index < ACTIONS:
        raise InvalidActionError(f"action {index} is outside the action space 0..{ACTIONS - 1}")
    return index


#: The longest part of a refused action's text shown in the error.
_SHOWN = 60
