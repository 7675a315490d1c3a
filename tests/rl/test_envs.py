"""The environments of riichi.rl against the checkers of Gymnasium and PettingZoo themselves, and their
promises: the same seed and actions give the same observations, illegal indices play the safe move, the
rewards add up to what the game paid. Games here are east-only where a whole game is played, for speed.
"""

from __future__ import annotations

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test

import riichi.rl
from riichi.game.engine import Table
from riichi.game.events import Discard
from riichi.game.legal import Pass
from riichi.game.players import RandomPlayer
from riichi.rl.encoding import ACTIONS, SeatPlanes, action_index, encode
from riichi.rules import PRESETS, resolve_rules

EAST_ONLY = resolve_rules("tenhou", length="east_only")
EVERY_PRESET = list(PRESETS)  # three-player presets included


@pytest.mark.parametrize("preset", EVERY_PRESET)
def test_gymnasium_check_env_passes(preset: str) -> None:
    env = gym.make("riichi/Mahjong-v0", rules=preset, disable_env_checker=True)
    check_env(env.unwrapped, skip_render_check=True)


@pytest.mark.parametrize("preset", EVERY_PRESET)
def test_pettingzoo_api_test_passes(preset: str) -> None:
    api_test(riichi.rl.aec_env(preset), num_cycles=300)


def test_pettingzoo_api_test_passes_over_a_whole_game() -> None:
    # Enough cycles for an east-only game to end, so the terminations and the dead agents' steps are checked.
    env = riichi.rl.aec_env(EAST_ONLY)
    api_test(env, num_cycles=5000)


def _play_aec(seed: int, choose_seed: int) -> tuple[list[bytes], list[float]]:
    env = riichi.rl.aec_env(EAST_ONLY)
    env.reset(seed=seed)
    rng = np.random.default_rng(choose_seed)
    seen: list[bytes] = []
    for agent in env.agent_iter():
        obs, _reward, terminated, truncated, _info = env.last()
        seen.append(obs["observation"].tobytes() + obs["action_mask"].tobytes())
        if terminated or truncated:
            env.step(None)
        else:
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        assert agent in env.possible_agents
    rewards = [env.unwrapped._cumulative_rewards.get(a, 0.0) for a in env.possible_agents]  # noqa: SLF001
    return seen, rewards


def test_aec_same_seed_and_actions_give_the_same_observations() -> None:
    first, _ = _play_aec(4, 9)
    again, _ = _play_aec(4, 9)
    other, _ = _play_aec(5, 9)
    assert first == again
    assert first != other


def test_gym_same_seed_and_actions_give_the_same_observations() -> None:
    def run(seed: int) -> list[bytes]:
        env = gym.make("riichi/Mahjong-v0", rules=EAST_ONLY, opponents=["random", "efficient", "tsumogiri"])
        obs, _ = env.reset(seed=seed)
        rng = np.random.default_rng(0)
        out = [obs["observation"].tobytes()]
        terminated = False
        while not terminated:
            obs, _r, terminated, _t, _i = env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            out.append(obs["observation"].tobytes() + obs["action_mask"].tobytes())
        return out

    assert run(3) == run(3)
    assert run(3) != run(4)


@pytest.mark.parametrize("reward", ["points", "placement", "hand"])
def test_the_rewards_are_what_the_game_paid(reward: str) -> None:
    env = riichi.rl.MahjongEnv(EAST_ONLY, seat=2, opponents=["efficient"] * 3, reward=reward)  # type: ignore[arg-type]
    obs, _ = env.reset(seed=11)
    rng = np.random.default_rng(1)
    total, terminated = 0.0, False
    while not terminated:
        obs, r, terminated, _t, _i = env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        total += r
    assert env.table is not None
    final = env.table.game.final
    if reward == "points":
        assert total == pytest.approx(final.points[2])
    elif reward == "placement":
        assert total == 2.5 - final.places[2]  # 1.5, 0.5, -0.5, -1.5 for places 1..4
    else:  # each hand's change summed: the final score less the starting 25,000, in thousands
        assert total == pytest.approx((final.scores[2] - 25000) / 1000)


def test_an_illegal_index_plays_the_safe_move() -> None:
    env = riichi.rl.MahjongEnv(EAST_ONLY)
    obs, _ = env.reset(seed=0)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    assert env.table is not None and env.table.decision is not None
    default = env.table.decision.default
    events_before = len(env.table.game.round.events)  # type: ignore[union-attr]
    _obs, _r, _term, _trunc, info = env.step(illegal)
    assert info == {"illegal_action": True}
    assert env.table.game.round.events[events_before] == default  # type: ignore[union-attr]


def test_the_mask_marks_exactly_the_legal_actions() -> None:
    env = riichi.rl.MahjongEnv(EAST_ONLY, opponents=["random"] * 3)
    obs, _ = env.reset(seed=2)
    for _ in range(200):
        table = env.table
        assert table is not None and table.decision is not None
        indices = {action_index(a) for a in table.decision.actions}
        assert set(np.flatnonzero(obs["action_mask"])) == indices
        assert np.array_equal(obs["observation"], encode(table.decision.view))
        for a in table.decision.actions:  # a discard's index is its tile, or 37 for the tile drawn
            if isinstance(a, Discard):
                assert action_index(a) == (37 if a.tsumogiri else int(a.tile))
            if isinstance(a, Pass):
                assert action_index(a) == 41  # noqa: PLR2004
        obs, _r, terminated, _t, _i = env.step(int(np.flatnonzero(obs["action_mask"])[-1]))
        if terminated:
            obs, _ = env.reset()


def test_the_observation_of_a_known_hand() -> None:
    # The dealer's first decision at seed 3 under Tenhou's rules: 13 tiles dealt and one drawn (see
    # riichi.game.engine's example: hand 1m4m4m6m7m9m4p9p1s1s7s8s3z, drawn 3s).
    table = Table(PRESETS["tenhou"], seed=3)
    assert table.decision is not None
    obs = encode(table.decision.view)
    hand_rows = obs[0:4]
    assert hand_rows[0, 0] == 1 and hand_rows[1, 3] == 1 and hand_rows[2, 3] == 0  # 1m once, 4m twice
    assert obs[4].tolist().index(1.0) == 20  # the drawn tile is 3s (kind 20)  # noqa: PLR2004
    assert obs[16, 0] == 1 and obs[16, 4] == 1  # East round, East seat
    assert obs[16, 12:16].tolist() == [25.0, 25.0, 25.0, 25.0]
    assert obs.shape == (riichi.rl.PLANES, 34) and ACTIONS == 121  # noqa: PLR2004


def test_an_observation_keeps_its_values_after_later_steps() -> None:
    # The observation and the mask are arrays over buffers the encoder fills: each decision must get
    # buffers of its own, or a learner's stored observations would change under it as the game goes on.
    env = riichi.rl.aec_env(EAST_ONLY)
    env.reset(seed=4)
    kept: list[tuple[dict[str, np.ndarray], dict[str, np.ndarray]]] = []
    for _ in range(60):
        obs, _r, terminated, truncated, _i = env.last()
        assert not (terminated or truncated)
        kept.append((obs, {k: v.copy() for k, v in obs.items()}))
        env.step(int(np.flatnonzero(obs["action_mask"])[0]))
    for obs, then in kept:
        assert np.array_equal(obs["observation"], then["observation"])
        assert np.array_equal(obs["action_mask"], then["action_mask"])
    assert len({o["observation"].tobytes() for o, _ in kept}) > 1  # the game moved on meanwhile


def test_vector_env_steps_many_tables() -> None:
    envs = riichi.rl.vector_env(3, rules=EAST_ONLY, opponents=["random"] * 3)
    obs, _ = envs.reset(seed=5)
    assert obs["observation"].shape == (3, riichi.rl.PLANES, 34) and obs["action_mask"].shape == (3, ACTIONS)
    rng = np.random.default_rng(0)
    for _ in range(300):
        actions = np.array([rng.choice(np.flatnonzero(m)) if m.any() else 0 for m in obs["action_mask"]])
        obs, rewards, _terminated, _truncated, _ = envs.step(actions)
        assert rewards.shape == (3,)
    envs.close()


@pytest.mark.parametrize("preset", ["tenhou", "tenhou-sanma"])
def test_an_encoder_kept_through_the_game_writes_what_a_fresh_one_does(preset: str) -> None:
    # SeatPlanes keeps each seat's river rows from one observation to the next and adds only the discards
    # made since (the environments keep one a seat). At every decision of a whole game of random players
    # (calls, kans and riichi among their moves) its observation must be the one encode() writes from
    # nothing, and observations it gave earlier must keep their values.
    rules = resolve_rules(preset, length="east_only")
    table = Table(rules, seed=8)
    kept = [SeatPlanes() for _ in range(rules.players)]
    player = RandomPlayer(seed=8)
    given: list[tuple[np.ndarray, bytes]] = []
    melded = 0
    while table.decision is not None:
        d = table.decision
        obs = encode(d.view, kept[d.seat])
        assert np.array_equal(obs, encode(d.view))
        given.append((obs, obs.tobytes()))
        melded += any(d.view.melds(s) for s in range(rules.players))
        table.step(player.choose(d.view, d.actions))
    assert melded > 0  # the melds' rows were written as melds changed
    assert all(obs.tobytes() == then for obs, then in given)


def test_the_expert_is_an_opponent() -> None:
    # The environment seats the expert by its name, like any built-in player; with the same seed and the same
    # actions the game is the same (the expert chooses without chance).
    def run(seed: int) -> list[bytes]:
        env = gym.make("riichi/Mahjong-v0", rules=EAST_ONLY, opponents=["expert", "expert", "expert"])
        obs, _ = env.reset(seed=seed)
        rng = np.random.default_rng(0)
        out = [obs["observation"].tobytes()]
        terminated = False
        while not terminated:
            obs, _r, terminated, _t, _i = env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            out.append(obs["observation"].tobytes())
        return out

    assert run(2) == run(2)
