"""A PettingZoo AEC environment: every seat of the table an agent (``player_0``..), stepped in turn as the
table asks them (a discard's callers one after another), as PettingZoo's classic games are.

Each agent observes a ``Dict`` of ``observation`` and ``action_mask`` (all zeros when it is not that
agent's move); an index that is not legal is played as the seat's safe move and ``infos`` says
``illegal_action``. An action that is no index of the space (a float, a string, an integer out of range; None
for an agent that is not done) raises :class:`~riichi.rl.encoding.InvalidActionError`, as PettingZoo's
out-of-bounds check refuses it. At the end of the game every agent is terminated with its reward (``reward``:
``"points"``, the final points in thousands after uma and oka; or ``"placement"``, (players + 1) / 2
minus its place).
"""

from __future__ import annotations

from typing import Any, Literal

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from gymnasium.utils import seeding
from pettingzoo import AECEnv  # type: ignore[import-untyped] # PettingZoo ships no type information
from pettingzoo.utils import wrappers  # type: ignore[import-untyped]

from riichi.game.engine import Table
from riichi.game.legal import Action
from riichi.game.players import SeatView
from riichi.rl.encoding import ACTIONS, PLANES, InvalidActionError, SeatPlanes, action_number, encode, legal_indices
from riichi.rl.env import observation_space
from riichi.rules import RuleSet, resolve_rules

__all__ = ["MahjongAEC", "aec_env"]

Observation = dict[str, npt.NDArray[Any]]


class MahjongAEC(AECEnv[str, Observation, np.int64]):  # type: ignore[misc] # an untyped base class
    """The raw environment (:func:`aec_env` wraps it in PettingZoo's order checks)."""

    metadata: dict[str, Any] = {"render_modes": [], "name": "riichi_mahjong_v0", "is_parallelizable": False}  # noqa: RUF012

    def __init__(self, rules: RuleSet | str = "tenhou", *, reward: Literal["points", "placement"] = "points") -> None:
        super().__init__()
        self.rules = resolve_rules(rules)
        if reward not in ("points", "placement"):
            raise ValueError(f"reward is points or placement, not {reward!r}")
        self.reward_kind = reward
        self.seats = self.rules.players
        self.possible_agents = [f"player_{s}" for s in range(self.seats)]
        self._seat_of = {a: s for s, a in enumerate(self.possible_agents)}
        self.agents = list(self.possible_agents)
        space = observation_space()
        self.observation_spaces = dict.fromkeys(self.possible_agents, space)
        self.action_spaces = {a: spaces.Discrete(ACTIONS) for a in self.possible_agents}
        self._np_random, _ = seeding.np_random(None)
        self.table: Table | None = None
        self._actions: dict[int, Action] = {}
        self._mask: npt.NDArray[np.int8] = np.zeros(ACTIONS, dtype=np.int8)
        #: Each seat's observations through the hand, each written from its last.
        self._planes = [SeatPlanes() for _ in range(self.seats)]

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:  # noqa: ARG002
        # Options are taken and ignored: PettingZoo's api_test resets with options={"options": 1} and wants it
        # to work (the Gymnasium environment, whose checker passes only an empty dict, refuses them).
        if seed is not None:
            self._np_random, _ = seeding.np_random(seed)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.table = Table(self.rules, seed=int(self._np_random.integers(0, 2**63 - 1)))
        self._select()

    def _select(self) -> None:
        table = self.table
        assert table is not None
        decision = table.decision
        if decision is None:
            self._mask, self._actions = np.zeros(ACTIONS, dtype=np.int8), {}
            return
        self._mask, self._actions = legal_indices(decision.actions)
        self.agent_selection = self.possible_agents[decision.seat]

    def observe(self, agent: str) -> Observation:
        table = self.table
        if table is None:
            raise RuntimeError("observe() before reset(): call reset() first")
        seat = self._seat_of.get(agent)
        if seat is None:
            raise ValueError(f"{agent!r} is not an agent of this game ({', '.join(self.possible_agents)})")
        decision = table.decision
        if decision is not None and decision.seat == seat:
            return {"observation": encode(decision.view, self._planes[seat]), "action_mask": self._mask.copy()}
        r = table.game.round
        obs = encode(SeatView(r, seat)) if r is not None else np.zeros((PLANES, 34), dtype=np.float32)
        return {"observation": obs, "action_mask": np.zeros(ACTIONS, dtype=np.int8)}

    def step(self, action: np.int64 | int | None) -> None:
        table = self.table
        if table is None:
            raise RuntimeError("step() before reset(): call reset() first")
        if not self.agents:  # every agent was terminated and stepped with None: nobody left to step
            raise RuntimeError("step() after the game's end: every agent is done; call reset() for another game")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        assert table.decision is not None
        if action is None:
            raise InvalidActionError(f"action None for {agent}, which is not done: None is only for an agent "
                                     "terminated or truncated")
        chosen = self._actions.get(action_number(action))
        if chosen is None:
            chosen = table.decision.default
            self.infos[agent] = {"illegal_action": True}
        elif self.infos[agent]:
            self.infos[agent] = {}
        self._cumulative_rewards[agent] = 0.0
        table.step(chosen)
        self._select()
        if table.is_over:  # the only rewards: every step before pays 0, which adds nothing to accumulate
            final = table.game.final
            for s, a in enumerate(self.possible_agents):
                self.terminations[a] = True
                self.rewards[a] = (float(final.points[s]) if self.reward_kind == "points"
                                   else (self.seats + 1) / 2 - final.places[s])
            self._accumulate_rewards()

    def render(self) -> None:
        return None

    def close(self) -> None:
        return None


class _OrderEnforcing(wrappers.OrderEnforcingWrapper):  # type: ignore[misc] # an untyped base class
    """PettingZoo's order checks, with what the loop over ``agent_iter()`` reads at every decision read from
    the environment directly: the inherited wrapper fetches ``agents``, ``agent_selection`` and each field of
    ``last()`` through its attribute forwarding (two checks of the name and a lookup on the environment each),
    which took a sixth of a decision. Before reset they raise as the forwarding does."""

    @property
    def agents(self) -> list[str]:
        if not self._has_reset:
            raise AttributeError("agents cannot be accessed before reset")
        return self.env.agents  # type: ignore[no-any-return]

    @property
    def agent_selection(self) -> str:
        if not self._has_reset:
            raise AttributeError("agent_selection cannot be accessed before reset")
        return self.env.agent_selection  # type: ignore[no-any-return]

    def last(self, observe: bool = True) -> tuple[Observation | None, float, bool, bool, dict[str, Any]]:  # noqa: FBT001, FBT002 - PettingZoo's signature
        if not self._has_reset:
            raise AttributeError("agent_selection cannot be accessed before reset")
        return self.env.last(observe)  # type: ignore[no-any-return]

    def step(self, action: np.int64 | int | None) -> None:
        if self._has_reset and self.env.agents:
            self._has_updated = True
            self.env.step(action)
        else:  # PettingZoo's own error (before reset) or warning (after every agent is done)
            super().step(action)

    def __str__(self) -> str:
        return str(self.env)  # the plain wrapper's name: the environment's


def aec_env(rules: RuleSet | str = "tenhou", *, reward: Literal["points", "placement"] = "points") -> AECEnv[str, Observation, np.int64]:
    """A PettingZoo AEC environment of one game under ``rules`` (see the module description)."""
    return _OrderEnforcing(MahjongAEC(rules, reward=reward))
