"""riichi.frozen: the library's values copy and pickle, in the compiled build as in the pure one."""

from __future__ import annotations

import ast
import copy
import fnmatch
import pickle
import tomllib
from pathlib import Path

import pytest

from riichi import Hand, WinContext, resolve_rules, score
from riichi.shapes.shanten import Shanten
from riichi.shapes.waits import find_waits

ROOT = Path(__file__).resolve().parents[1]


def _values() -> list[object]:
    hand = Hand.parse("234m456p678s44433z")
    ctx = WinContext.parse("3z tsumo seat_wind=S dora=1m")
    result = score(hand, ctx)
    return [hand, ctx, result, result.payments[0], result.fu_details[0], result.deltas[0], resolve_rules("wrc"),
            resolve_rules("full").scoring, Shanten.of("1133557799m1p2p3p"), *find_waits("234m456p678s4443z")]


@pytest.mark.parametrize("value", _values(), ids=lambda v: type(v).__name__)
def test_values_copy_and_pickle_to_equal_values(value: object) -> None:
    # Python's copy and pickle protocols (the standard library's documentation): a copy equals its
    # original. Compiled with mypyc, a frozen dataclass without Frozen fails all three.
    assert copy.copy(value) == value
    assert copy.deepcopy(value) == value
    assert pickle.loads(pickle.dumps(value)) == value


def _compiled_sources() -> list[Path]:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["riichi"]["mypyc"]
    files = sorted((ROOT / "riichi").rglob("*.py"))
    return [f for f in files if not any(fnmatch.fnmatch(f.relative_to(ROOT).as_posix(), p) for p in config["exclude"])]


def test_every_frozen_dataclass_of_the_compiled_core_derives_from_frozen() -> None:
    # The rule riichi.frozen states, checked over the modules setup.py compiles (pyproject.toml's list), the
    # game engine's aside: its events and positions are not copied that way (a position copies itself,
    # Round.copy).
    missing = []
    for path in _compiled_sources():
        if path.relative_to(ROOT).parts[:2] == ("riichi", "game"):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.ClassDef):
                continue
            frozen = any(isinstance(d, ast.Call) and any(k.arg == "frozen" for k in d.keywords)
                         for d in node.decorator_list)
            if frozen and not any(isinstance(b, ast.Name) and b.id == "Frozen" for b in node.bases):
                missing.append(f"{path.relative_to(ROOT)}: {node.name}")
    assert not missing
