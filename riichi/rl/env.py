"""``riichi/Mahjong-v0``: one learning seat at a table of built-in (or mjai) players, as a Gymnasium
environment; and :func:`vector_env`, many tables stepped in one process.

The observation is a ``Dict`` of ``observation`` (the encoder's array) and ``action_mask`` (1 at each
legal index of the ``Discrete`` action space), as PettingZoo's classic games give it. An index that is
not legal is played as the seat's safe move (pass, else discard the tile drawn) and ``info`` says
``illegal_action``; an action that is no index of the space (a float, a string, None, an integer out of range)
raises :class:`~riichi.rl.encoding.InvalidActionError`, as do a constructor's argument that names nothing
(:class:`ValueError`) and options given to ``reset``, which takes none. The episode is one game; the reward is, as ``reward`` says:

- ``"points"``: the seat's final points (in thousands, after uma and oka) at the end;
- ``"placement"``: at the end, (players + 1) / 2 minus the seat's place (1.5, 0.5, -0.5, -1.5 for four);
- ``"hand"``: the change of the seat's score since its last step, in thousands (a hand's payments at the
  step that ends it, a riichi stick when it is put down; leftover sticks settled at the end).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any, Literal, cast

import gymnasium as gym
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from riichi.bots.process import MjaiProcessPlayer
from riichi.bots.spec import make_player
from riichi.game.engine import Table
from riichi.game.events import Event
from riichi.game.legal import Action
from riichi.game.players import Player
from riichi.rl.encoding import ACTIONS, PLANES, SeatPlanes, action_number, encode, legal_indices
from riichi.rules import RuleSet, resolve_rules

__all__ = ["MahjongEnv", "Reward", "observation_space", "vector_env"]

Reward = Literal["points", "placement", "hand"]
Observation = dict[str, npt.NDArray[Any]]
#: Scores in thousands stay within this bound in the observation (a game ends long before).
_BOUND = 1000.0


def observation_space() -> spaces.Space[Observation]:
    """The observation space of one seat (the encoder's array and the action mask)."""
    return cast("spaces.Space[Observation]", spaces.Dict({
        "observation": spaces.Box(-_BOUND, _BOUND, (PLANES, 34), dtype=np.float32),
        "action_mask": spaces.Box(0, 1, (ACTIONS,), dtype=np.int8),
    }))


def _no_options(options: object) -> None:
    """Refuse options given to ``reset`` (the environments take none; an option silently ignored would be a
    game other than the one asked for): :class:`ValueError` naming them."""
    if options is None or (isinstance(options, dict) and not options):
        return
    named = ", ".join(map(repr, options)) if isinstance(options, dict) else repr(options)
    raise ValueError(f"reset() takes no options, not {named}")


class MahjongEnv(gym.Env[Observation, np.int64]):
    """One learning ``seat`` under ``rules`` (a preset name or a :class:`RuleSet`) against ``opponents``,
    player names as ``riichi play --seat`` takes them (built-in, ``module:Class``, ``mjai:COMMAND``), one
    for each other seat in turn order."""

    metadata: dict[str, Any] = {"render_modes": []}  # noqa: RUF012 - Gymnasium's class attribute

    def __init__(self, rules: RuleSet | str = "tenhou", *, seat: int = 0, opponents: Sequence[str] | None = None,
                 reward: Reward = "points", bot_timeout: float = 2.0) -> None:
        self.rules = resolve_rules(rules)
        self.seats = self.rules.players
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.seats:
            raise ValueError(f"seat {seat!r} is not a seat of a {self.seats}-player game (0..{self.seats - 1})")
        self.seat = seat
        if isinstance(opponents, str):
            raise ValueError(f"opponents is a list of player names, one for each other seat, not the string "
                             f"{opponents!r}")
        self.opponent_specs = list(opponents) if opponents is not None else ["efficient"] * (self.seats - 1)
        if len(self.opponent_specs) != self.seats - 1:
            raise ValueError(f"{self.seats - 1} opponents are needed, not {len(self.opponent_specs)}")
        for spec in self.opponent_specs:
            if not isinstance(spec, str):
                raise ValueError(f"an opponent is a player's name (such as 'efficient'), not {spec!r}")
        if reward not in ("points", "placement", "hand"):
            raise ValueError(f"reward is points, placement or hand, not {reward!r}")
        self.reward_kind = reward
        if isinstance(bot_timeout, bool) or not isinstance(bot_timeout, int | float) or not 0 < bot_timeout < math.inf:
            raise ValueError(f"bot_timeout is a positive number of seconds, not {bot_timeout!r}")
        self.bot_timeout = float(bot_timeout)
        self.observation_space = observation_space()
        self.action_space = spaces.Discrete(ACTIONS)
        self.table: Table | None = None
        self._players: list[Player | None] = []
        self._bots: list[MjaiProcessPlayer] = []
        self._actions: dict[int, Action] = {}
        self._mask: npt.NDArray[np.int8] = np.zeros(ACTIONS, dtype=np.int8)
        self._score_before = 0
        #: The learning seat's observations through the hand, each written from its last.
        self._planes = SeatPlanes()
        #: Decisions played at this environment's tables, every seat's (the learning seat's steps among them).
        self.decisions = 0

    # -- Gymnasium -------------------------------------------------------------------------------------

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[Observation, dict[str, Any]]:
        _no_options(options)
        super().reset(seed=seed)
        game_seed = int(self.np_random.integers(0, 2**63 - 1))
        if not self._players:
            self._players = self._make_players(game_seed)
        else:  # built-in players start again from seeds of this game; bot processes stay
            fresh = self._make_players(game_seed, builtin_only=True)
            self._players = [p if isinstance(p, MjaiProcessPlayer) else fresh[s] for s, p in enumerate(self._players)]
        self.table = Table(self.rules, seed=game_seed, listener=self._listen if self._bots else None)
        self._score_before = self.rules.game.starting_points
        self._run_others()
        return self._observe(), {}

    def step(self, action: np.int64 | int) -> tuple[Observation, float, bool, bool, dict[str, Any]]:
        table = self.table
        if table is None:
            raise RuntimeError("step() before reset(): call reset() first")
        if table.decision is None:
            raise RuntimeError("step() after the game ended: call reset()")
        decision = table.decision
        chosen = self._actions.get(action_number(action))
        info: dict[str, Any] = {}
        if chosen is None:
            chosen = decision.default
            info["illegal_action"] = True
        table.step(chosen)
        self.decisions += 1
        self._run_others()
        reward = self._reward()
        return self._observe(), reward, table.is_over, False, info

    def close(self) -> None:
        for bot in self._bots:
            bot.close()
        self._bots = []
        self._players = []

    # -- the table -------------------------------------------------------------------------------------

    def _make_players(self, game_seed: int, *, builtin_only: bool = False) -> list[Player | None]:
        players: list[Player | None] = []
        others = iter(self.opponent_specs)
        for s in range(self.seats):
            if s == self.seat:
                players.append(None)
                continue
            spec = next(others)
            if builtin_only and spec.startswith("mjai:"):
                players.append(None)
                continue
            player = make_player(spec, s, seed=(game_seed + s) % 2**32, timeout=self.bot_timeout)
            if isinstance(player, MjaiProcessPlayer):
                self._bots.append(player)
            players.append(player)
        return players

    def _listen(self, event: Event) -> None:
        for bot in self._bots:
            bot.observe(event)

    def _run_others(self) -> None:
        """Let the other seats play until the learning seat has a decision or the game ends."""
        table = self.table
        assert table is not None
        decision = table.decision
        while decision is not None and decision.seat != self.seat:
            player = self._players[decision.seat]
            assert player is not None
            table.step(player.choose(decision.view, decision.actions))
            self.decisions += 1
            decision = table.decision

    def _observe(self) -> Observation:
        table = self.table
        assert table is not None
        decision = table.decision
        if decision is None:  # the game is over: the last view, nothing legal
            self._mask = np.zeros(ACTIONS, dtype=np.int8)
            self._actions = {}
            return {"observation": self._final_observation(), "action_mask": self._mask}
        self._mask, self._actions = legal_indices(decision.actions)
        return {"observation": encode(decision.view, self._planes), "action_mask": self._mask}

    def _final_observation(self) -> npt.NDArray[np.float32]:
        table = self.table
        assert table is not None
        from riichi.game.players import SeatView  # noqa: PLC0415

        r = table.game.round
        if r is None:
            return np.zeros((PLANES, 34), dtype=np.float32)
        return encode(SeatView(r, self.seat))

    def _reward(self) -> float:
        table = self.table
        assert table is not None
        game = table.game
        if self.reward_kind == "hand":
            now = game.final_scores[self.seat] if table.is_over else game.table()[0][self.seat]
            delta, self._score_before = now - self._score_before, now
            return delta / 1000.0
        if not table.is_over:
            return 0.0
        final = game.final
        if self.reward_kind == "points":
            return float(final.points[self.seat])
        return (self.seats + 1) / 2 - final.places[self.seat]


def vector_env(num_envs: int, rules: RuleSet | str = "tenhou", **kwargs: Any) -> gym.vector.SyncVectorEnv:
    """``num_envs`` tables of :class:`MahjongEnv` (the same keyword arguments) stepped in this process."""
    if isinstance(num_envs, bool) or not isinstance(num_envs, int) or num_envs < 1:
        raise ValueError(f"num_envs is a number of tables, at least 1, not {num_envs!r}")

    def make() -> Callable[[], gym.Env[Observation, np.int64]]:
        return lambda: MahjongEnv(rules, **kwargs)

    return gym.vector.SyncVectorEnv([make() for _ in range(num_envs)])
