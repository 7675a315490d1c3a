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
from riichi.formats.detect import read_record
from riichi.shapes.shanten import Shanten
from riichi.shapes.waits import find_waits

ROOT = Path(__file__).resolve().parents[1]


def _values() -> list[object]:
    hand = Hand.parse("234m456p678s44433z")
    ctx = WinContext.parse("3z tsumo seat_wind=S dora=1m")
    result = score(hand, ctx)
    # a real Tenhou game (8 hands: a double ron, a yakuman, a bust) as its record: its rules, what a hand and the
    # end state (the record itself holds the game's events, which are not copied that way)
    game = read_record((ROOT / "tests" / "data" / "games" / "logs" / "2010091009gm-00a9-0000-83af2648.xml")
                       .read_bytes(), "auto")
    return [hand, ctx, result, result.payments[0], result.fu_details[0], result.deltas[0], resolve_rules("wrc"),
            resolve_rules("full").scoring, Shanten.of("1133557799m1p2p3p"), *find_waits("234m456p678s4443z"),
            game.rules, game.hands[0].stated, game.end]


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


def _values_declared(kind: str) -> list[tuple[Path, ast.ClassDef]]:
    """The classes of the compiled core (the game engine aside: its events and positions are not copied that way,
    a position copies itself with Round.copy) declared as ``kind``: ``frozen`` (``@dataclass(frozen=True)``)
    or ``record`` (``@dataclass(init=False)``)."""
    keyword = "frozen" if kind == "frozen" else "init"
    found = []
    for path in _compiled_sources():
        if path.relative_to(ROOT).parts[:2] == ("riichi", "game"):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef) and any(
                    isinstance(d, ast.Call) and any(k.arg == keyword for k in d.keywords) for d in node.decorator_list):
                found.append((path, node))
    return found


@pytest.mark.parametrize("kind", ["frozen", "record"])
def test_every_value_of_the_compiled_core_derives_from_frozen(kind: str) -> None:
    # The rule riichi.frozen states, checked over the modules setup.py compiles (pyproject.toml's list).
    missing = [f"{path.relative_to(ROOT)}: {node.name}" for path, node in _values_declared(kind)
               if not any(isinstance(b, ast.Name) and b.id == "Frozen" for b in node.bases)]
    assert not missing


def test_every_field_of_a_record_is_final() -> None:
    # riichi.frozen: a record is immutable by its type, each field Final, so that mypy refuses an assignment
    # (the rule the type checker enforces, as FrozenInstanceError does for a frozen dataclass).
    records = _values_declared("record")
    assert {node.name for _, node in records} >= {"Hand", "Meld", "Score", "Delta", "FuItem", "Payment",
                                                  "Settlement", "Liability"}
    loose = [f"{path.relative_to(ROOT)}: {node.name}.{field.target.id}"  # type: ignore[union-attr]
             for path, node in records for field in node.body
             if isinstance(field, ast.AnnAssign) and not ast.unparse(field.annotation).startswith("Final[")]
    assert not loose


def test_a_record_refuses_assignment_under_mypy(tmp_path: Path) -> None:
    # What "immutable by its type" means in practice: mypy (the test extra) flags the assignment.
    mypy = pytest.importorskip("mypy.api")
    program = tmp_path / "assign.py"
    program.write_text("from riichi import Hand\nhand = Hand.parse('123m')\nhand.melds = ()\n", encoding="utf-8")
    out, _, status = mypy.run(["--no-incremental", "--follow-imports=silent", str(program)])
    assert status == 1 and 'Cannot assign to final attribute "melds"' in out, out
