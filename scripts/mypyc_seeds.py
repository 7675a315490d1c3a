"""Where the compiled build's reference counting depends on the hash seed: mypyc's C for the core written
under several seeds, and each native call whose object result some seeds release and others do not.

    python scripts/mypyc_seeds.py               # seeds 0 to 5, about a minute and a half
    python scripts/mypyc_seeds.py --seeds 0 1 7

mypyc 1.19 visits sets of values in an order the hash seed decides, and under some orders it leaves out the
release of a value a native call returned: the compiled build then keeps it (a reference, or the memory of a
new object) each time that line runs. ``setup.py`` writes the C under one seed, so every build is the same
build; this script shows what another seed would change, so that a change to the sources can be checked
before it lands. Its reading of the C is a heuristic: a result counts as handed on when it is decremented,
returned, assigned, or stored by a call that takes its reference; results every seed treats alike are not
listed (they are such hand-overs, or faults no seed avoids). Each line names the function, the call, and
the seeds under which the result is never released: name the value in the source (``x = obj.prop`` and use
``x``), as riichi/replay/compare.py and riichi/formats/analysis.py do, and run it again.
"""

from __future__ import annotations

import argparse
import fnmatch
import os
import re
import shutil
import subprocess
import sys
import tempfile
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: A function definition of the generated C, by the types mypyc's native functions return.
_DEFINITION = re.compile(r"\n(?=(?:PyObject \*|char |CPyTagged |int64_t |double |tuple_\w+ |int32_t |int16_t |uint8_t )CPyDef_)")
_RETURNS = re.compile(r"\n(char|PyObject \*|CPyTagged|int64_t|double|tuple_\w+|int32_t) ?(CPyDef_\w+)\(")
_CALL = re.compile(r"(cpy_r_r\d+) = (CPyDef_\w+)\([^;]*\);")
_GENERATE = "import sys; from mypyc.build import mypycify; mypycify(sys.argv[1:], opt_level='3', multi_file=True)"


def compiled_modules() -> list[str]:
    """The modules setup.py compiles (every one under riichi/ but pyproject.toml's exclusions)."""
    exclude = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["riichi"]["mypyc"]["exclude"]
    files = sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "riichi").rglob("*.py"))
    return [f for f in files if not any(fnmatch.fnmatch(f, pattern) for pattern in exclude)]


def generate(seed: int, folder: Path) -> str:
    """mypyc's C for the core under ``seed`` (written in ``folder``, a copy of the sources), as one text."""
    subprocess.run([sys.executable, "-c", _GENERATE, *compiled_modules()], cwd=folder, check=True,
                   env={**os.environ, "PYTHONHASHSEED": str(seed)}, capture_output=True)
    build = folder / "build"
    return "\n".join(p.read_text(encoding="utf-8") for p in sorted(build.glob("__native_riichi*.c")))


def unreleased(c: str) -> set[tuple[str, str]]:
    """(function, call) of each object a native call returns that the function never hands on."""
    returns = {m.group(2): m.group(1).strip() for m in _RETURNS.finditer(c)}
    found = set()
    for body in _DEFINITION.split(c):
        function = body.split("(", 1)[0].split()[-1].lstrip("*")
        for call in _CALL.finditer(body):
            callee = call.group(2)
            if returns.get(callee) != "PyObject *":
                continue
            rest, v = body[call.end():], re.escape(call.group(1))
            released = re.search(rf"(DECREF|DecRef)\({v}\)", rest)
            handed = re.search(rf"(return {v};|=\s*{v};|(SetItem\w*|SET_ITEM|Steal\w*)\([^;]*\b{v}\b)", rest)
            if not released and not handed:
                found.add((function.removeprefix("CPyDef_"), callee.removeprefix("CPyDef_")))
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seeds", type=int, nargs="+", default=list(range(6)), help="hash seeds (default 0..5)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        shutil.copytree(ROOT / "riichi", folder / "riichi")
        shutil.copy(ROOT / "pyproject.toml", folder)
        found = {seed: unreleased(generate(seed, folder)) for seed in args.seeds}
    every = set.intersection(*found.values())
    varying = sorted(set.union(*found.values()) - every)
    for function, callee in varying:
        seeds = [seed for seed, calls in found.items() if (function, callee) in calls]
        print(f"{function}: the result of {callee} is never released under seeds {seeds}")
    print(f"{len(varying)} results released under some of the seeds {args.seeds} and not others")
    return 1 if varying else 0


if __name__ == "__main__":
    sys.exit(main())
