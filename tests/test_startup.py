"""What a process imports to start: ``riichi score --jsonl`` is timed with its start, so modules that
scoring never uses (shanten, waits, analysis) stay out of ``import riichi`` and of the batch command."""

from __future__ import annotations

import contextlib
import io
import json
import subprocess
import sys

import pytest

import riichi
from riichi.cli import main

#: Modules for analysis only: a scoring run must not import them.
ANALYSIS_ONLY = ("riichi.shapes.shanten", "riichi.shapes._cover", "riichi.shapes.waits", "riichi.analysis", "riichi.cli.analyze",
                 "riichi.shapes.wait_patterns", "riichi.shapes.furiten", "riichi.shapes.declarations")


def _fresh(code: str, stdin: str = "") -> dict[str, object]:
    """Run ``code`` in a new interpreter; it prints a JSON value as its last line."""
    proc = subprocess.run([sys.executable, "-c", code], input=stdin, capture_output=True, text=True, check=True,
                          timeout=60)
    value = json.loads(proc.stdout.splitlines()[-1])
    assert isinstance(value, dict)
    return value


def _loaded(names: tuple[str, ...]) -> str:
    return f"json.dumps({{'loaded': [m for m in {list(names)!r} if m in sys.modules]}})"


@pytest.mark.parametrize("stmt", ["import riichi", "import riichi.cli",
                                  "from riichi.formats.interchange import score_case\n"
                                  "score_case({'hand': '234m456p678s44433z', 'win': '3z', 'tsumo': True})"])
def test_scoring_does_not_import_the_analysis_modules(stmt: str) -> None:
    out = _fresh(f"import json, sys\n{stmt}\nprint({_loaded(ANALYSIS_ONLY)})")
    assert out["loaded"] == []


def test_the_batch_command_builds_only_what_it_runs() -> None:
    case = json.dumps({"hand": "234m456p678s44433z", "win": "3z", "tsumo": True, "seat_wind": "S"})
    code = ("import io, json, sys\nfrom riichi.cli import main\nout = io.StringIO()\nsys.stdout = out\n"
            "status = main(['score', '--jsonl'])\nsys.stdout = sys.__stdout__\n"
            f"print(json.dumps({{'status': status, 'out': out.getvalue(), 'loaded': "
            f"[m for m in {list(ANALYSIS_ONLY)!r} if m in sys.modules]}}))")
    out = _fresh(code, stdin=case + "\n")
    assert out["status"] == 0
    assert out["loaded"] == []
    assert isinstance(out["out"], str)
    assert json.loads(out["out"])["points"] == 1500


def test_shanten_is_exported_on_first_use() -> None:
    out = _fresh("import json, sys, riichi\nbefore = 'riichi.shapes.shanten' in sys.modules\n"
                 "from riichi import Shanten\nimport riichi.shapes.shanten\n"
                 "print(json.dumps({'before': before, 'same': Shanten is riichi.shapes.shanten.Shanten,"
                 " 'listed': 'Shanten' in dir(riichi)}))")
    assert out == {"before": False, "same": True, "listed": True}


def test_every_exported_name_resolves() -> None:
    namespace: dict[str, object] = {}
    exec("from riichi import *", namespace)  # noqa: S102 - the star import is what is tested
    assert set(riichi.__all__) <= set(namespace)
    assert set(riichi.__all__) <= set(dir(riichi))
    assert str(namespace["Shanten"].of("1133557799m1p2p3p").combined) == "1"  # type: ignore[attr-defined]
    with pytest.raises(AttributeError, match="no attribute 'nothing'"):
        riichi.nothing  # type: ignore[attr-defined]  # noqa: B018


@pytest.mark.parametrize("argv", [[], ["--help"]])
def test_the_command_list_still_names_every_command(argv: list[str]) -> None:
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.suppress(SystemExit):
        main(argv)
    listed = [line.split()[0] for line in out.getvalue().splitlines() if line.startswith("    ")]
    assert listed == ["score", "rules", "analyze", "serve"]


def test_an_unknown_command_lists_every_command() -> None:
    err = io.StringIO()
    with contextlib.redirect_stderr(err), pytest.raises(SystemExit):
        main(["scor"])
    assert "(choose from 'score', 'rules', 'analyze', 'serve')" in err.getvalue()
