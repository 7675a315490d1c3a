"""Bad input to the environments: each is refused with an error that names it, never an IndexError, a
KeyError or an action played in its place. Gymnasium's ``Discrete.contains`` takes a Python or NumPy integer
(or a 0-d integer array) in range and nothing else, and PettingZoo's out-of-bounds check
(``AssertOutOfBoundsWrapper``) refuses an action outside the space, None too unless the agent is done; a
legal index of the space that the mask rules out keeps the documented safe move (test_envs.py)."""

from __future__ import annotations

import re

import numpy as np
import pytest

import riichi.rl
from riichi.errors import UnknownRulesError
from riichi.rl.encoding import ACTIONS, InvalidActionError, action_number
from riichi.rules import resolve_rules

EAST_ONLY = resolve_rules("tenhou", length="east_only")

NOT_AN_INDEX = [
    (3.7, "action 3.7 (float) is not an index"),  # int() would have played 3
    (3.0, "action 3.0 (float) is not an index"),
    (float("nan"), "action nan (float)"),
    (np.float32(3), "(float32) is not an index"),
    ("3", "action '3' (str) is not an index"),  # int() would have read it
    (True, "action True (bool) is not an index"),
    (np.array([3, 4]), "(ndarray) is not an index"),
    ([3], "action [3] (list)"),
    (-1, "action -1 is outside the action space 0..120"),
    (ACTIONS, "action 121 is outside the action space 0..120"),
    (10**30, f"action {10**30} is outside"),
    (np.int8(-1), "action -1 is outside"),
]


@pytest.mark.parametrize(("action", "message"), NOT_AN_INDEX)
def test_an_action_that_is_no_index_of_the_space_is_refused_by_name(action: object, message: str) -> None:
    env = riichi.rl.MahjongEnv(EAST_ONLY)
    env.reset(seed=0)
    assert env.table is not None
    events_before = len(env.table.game.round.events)  # type: ignore[union-attr]
    with pytest.raises(InvalidActionError, match=re.escape(message)):
        env.step(action)  # type: ignore[arg-type]
    assert len(env.table.game.round.events) == events_before  # type: ignore[union-attr] # nothing was played


@pytest.mark.parametrize(("action", "message"), NOT_AN_INDEX[:4] + NOT_AN_INDEX[8:10])
def test_the_aec_environment_refuses_the_same_actions(action: object, message: str) -> None:
    env = riichi.rl.aec_env(EAST_ONLY)
    env.reset(seed=0)
    with pytest.raises(InvalidActionError, match=re.escape(message)):
        env.step(action)


def test_none_is_an_action_only_for_an_agent_that_is_done() -> None:
    env = riichi.rl.aec_env(EAST_ONLY)
    env.reset(seed=0)
    with pytest.raises(InvalidActionError, match="action None for player_0, which is not done"):
        env.step(None)


def test_every_integer_kind_gymnasium_takes_is_taken() -> None:
    assert [action_number(a) for a in (41, np.int64(41), np.uint8(41), np.int8(41), np.array(41))] == [41] * 5
    assert action_number(ACTIONS - 1) == ACTIONS - 1


def test_step_before_reset_and_after_the_end_say_which() -> None:
    with pytest.raises(RuntimeError, match=r"step\(\) before reset\(\)"):
        riichi.rl.MahjongEnv(EAST_ONLY).step(0)
    raw = riichi.rl.MahjongAEC(EAST_ONLY)
    with pytest.raises(RuntimeError, match=r"step\(\) before reset\(\)"):
        raw.step(0)  # was an AttributeError from inside
    with pytest.raises(RuntimeError, match=r"observe\(\) before reset\(\)"):
        raw.observe("player_0")
    raw.reset(seed=0)
    with pytest.raises(ValueError, match=r"'player_9' is not an agent of this game \(player_0, player_1"):
        raw.observe("player_9")  # was a KeyError


def test_step_after_every_agent_is_done_says_so() -> None:
    # PettingZoo's loop: each agent plays until the game ends, then each terminated agent is stepped with None
    # and leaves. One step more raised KeyError('player_0') from the raw environment.
    raw = riichi.rl.MahjongAEC(EAST_ONLY)
    raw.reset(seed=0)
    while raw.agents:
        agent = raw.agent_selection
        if raw.terminations[agent]:
            raw.step(None)
        else:
            raw.step(int(np.flatnonzero(raw.observe(agent)["action_mask"])[0]))
    for action in (None, 0):
        with pytest.raises(RuntimeError, match=r"step\(\) after the game's end: every agent is done"):
            raw.step(action)
    raw.reset(seed=1)  # and another game starts
    assert raw.agents == raw.possible_agents


def test_reset_refuses_options_it_would_ignore() -> None:
    # Gymnasium's reset takes options "depending on the specific environment"; this one has none. (The AEC
    # environment takes and ignores them: PettingZoo's api_test resets with options={"options": 1}.)
    env = riichi.rl.MahjongEnv(EAST_ONLY)
    env.reset(seed=1, options={})  # Gymnasium's checker passes an empty dict
    with pytest.raises(ValueError, match="reset\\(\\) takes no options, not 'seat'"):
        env.reset(seed=1, options={"seat": 2})


@pytest.mark.parametrize(("kwargs", "error", "message"), [
    ({"rules": 3}, UnknownRulesError, "a preset name or an object with a 'preset' key, not int"),
    ({"rules": "tenhou-sanma", "seat": 3}, ValueError, r"seat 3 is not a seat of a 3-player game \(0\.\.2\)"),
    ({"seat": 1.0}, ValueError, "seat 1.0 is not a seat"),
    ({"seat": "1"}, ValueError, "seat '1' is not a seat"),
    ({"opponents": "efficient"}, ValueError, "opponents is a list of player names.*not the string 'efficient'"),
    ({"opponents": [1, 2, 3]}, ValueError, "an opponent is a player's name .*not 1"),
    ({"bot_timeout": -1}, ValueError, "bot_timeout is a positive number of seconds, not -1"),
    ({"bot_timeout": float("nan")}, ValueError, "bot_timeout is a positive number of seconds, not nan"),
])
def test_constructor_arguments_that_name_nothing_are_refused(kwargs: dict[str, object], error: type[Exception],
                                                              message: str) -> None:
    with pytest.raises(error, match=message):
        riichi.rl.MahjongEnv(**kwargs)  # type: ignore[arg-type]


def test_aec_rules_that_are_no_rules_are_refused() -> None:
    with pytest.raises(UnknownRulesError, match="not int"):
        riichi.rl.aec_env(3)  # type: ignore[arg-type] # was an AttributeError from inside


def test_vector_env_wants_a_whole_number_of_tables() -> None:
    for bad in ("2", 2.5, 0):
        with pytest.raises(ValueError, match=f"num_envs is a number of tables, at least 1, not {bad!r}"):
            riichi.rl.vector_env(bad)  # type: ignore[arg-type]
