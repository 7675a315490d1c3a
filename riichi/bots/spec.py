"""A player from its name on the command line: a built-in player (``efficient``, ``expert``, ``tsumogiri``, ``random``),
``module:Class`` (any class with ``choose(view, actions)``, made without arguments) or ``mjai:COMMAND``
(a process speaking mjai on stdin and stdout; ``{seat}`` in the command is replaced by its seat).

>>> type(make_player("efficient", 0, seed=1)).__name__
'EfficientPlayer'
>>> make_player("nobody", 0, seed=1)
Traceback (most recent call last):
...
riichi.bots.spec.SpecError: unknown player 'nobody': a built-in name (efficient, expert, tsumogiri, random), module:Class or mjai:COMMAND
"""

from __future__ import annotations

import importlib
import shlex
from collections.abc import Callable
from typing import cast

from riichi.errors import RiichiError
from riichi.game.expert import ExpertPlayer
from riichi.game.players import EfficientPlayer, Player, RandomPlayer, TsumogiriPlayer

__all__ = ["PLAYERS", "SpecError", "make_player"]

#: The built-in players by name; each is made from a seed (the random one's choices, the efficient one's
#: open riichi).
PLAYERS: dict[str, Callable[[int], Player]] = {
    "efficient": EfficientPlayer,
    "expert": lambda seed: ExpertPlayer(),  # noqa: ARG005 - it chooses without chance
    "tsumogiri": lambda seed: TsumogiriPlayer(),  # noqa: ARG005 - it chooses without chance
    "random": RandomPlayer,
}


class SpecError(RiichiError):
    """A player name that names no player."""


def make_player(spec: str, seat: int, *, seed: int, timeout: float = 2.0) -> Player:
    """The player ``spec`` names, for ``seat``; ``seed`` seeds a built-in player, ``timeout`` is an mjai
    bot's time to answer each move."""
    spec = spec.strip()
    if spec in PLAYERS:
        return PLAYERS[spec](seed)
    if spec.startswith("mjai:"):
        from riichi.bots.process import MjaiProcessPlayer  # noqa: PLC0415 - processes only when asked

        try:
            command = shlex.split(spec.removeprefix("mjai:"))
        except ValueError as unsplit:
            raise SpecError(f"{spec!r}: the command cannot be split into words ({unsplit})") from None
        if not command:
            raise SpecError(f"{spec!r}: mjai: needs a command")
        return MjaiProcessPlayer(command, seat, timeout=timeout)
    module_name, _, class_name = spec.partition(":")
    if not module_name or not class_name:
        raise SpecError(f"unknown player {spec!r}: a built-in name ({', '.join(PLAYERS)}), module:Class "
                        "or mjai:COMMAND")
    try:
        module = importlib.import_module(module_name)
    except ImportError as exc:
        raise SpecError(f"{spec!r}: cannot import {module_name} ({exc})") from None
    cls = getattr(module, class_name, None)
    if not callable(cls):
        raise SpecError(f"{spec!r}: {module_name} has no class {class_name}")
    try:
        player = cls()
    except TypeError as not_made:
        raise SpecError(f"{spec!r}: {class_name} needs arguments to be made ({not_made})") from None
    if not callable(getattr(player, "choose", None)):
        raise SpecError(f"{spec!r}: {class_name} has no choose(view, actions) method")
    return cast("Player", player)
