"""Build riichi: the typed core compiled with mypyc where possible, pure Python otherwise.

``pip install .`` compiles every module under ``riichi/`` except those ``pyproject.toml`` excludes
(``[tool.riichi.mypyc] exclude``, the one list of what stays Python) when the interpreter is
CPython and a C compiler is there. Otherwise, when ``RIICHI_PURE=1`` is set, for an editable install
(so that the sources run as they are), or when the compilation fails, it installs the pure package
and says why in one line. ``riichi --version`` tells which build runs.
"""

from __future__ import annotations

import fnmatch
import os
import platform
import re
import shutil
import sys
import sysconfig
import tomllib
from pathlib import Path

from concurrent.futures import ThreadPoolExecutor
from typing import Any, Final

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent


def compiled_modules() -> list[str]:
    """The source files mypyc compiles, relative to the project root."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["riichi"]["mypyc"]
    files = sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "riichi").rglob("*.py"))
    return [f for f in files if not any(fnmatch.fnmatch(f, pattern) for pattern in config["exclude"])]


def pure_reason() -> str | None:
    """Why this build is pure Python, or ``None`` to compile."""
    if os.environ.get("RIICHI_PURE", "") not in ("", "0"):
        return "RIICHI_PURE is set"
    if platform.python_implementation() != "CPython":
        return f"mypyc compiles for CPython, not {platform.python_implementation()}"
    compiler = (sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(os.environ.get("CC", compiler).split()[0]) is None:
        return f"no C compiler ({compiler}) found"
    try:
        import mypyc.build  # noqa: F401, PLC0415 - a build requirement (pyproject.toml)
    except ImportError:
        return "mypyc is not installed"
    return None


def notice(reason: str) -> None:
    print(f"riichi: installing the pure-Python build ({reason})", file=sys.stderr)


#: Flags added to mypyc's own for gcc and clang. The core is one shared library of many C files that call
#: each other; by default each call between them goes through the library's symbol table (a PLT stub, an
#: indirect jump) and no function may be inlined into its caller, as another library could replace it.
#: Hidden symbols (only the modules' init functions are exported, which Python marks as such) make those
#: direct calls; ``-fno-semantic-interposition`` lets a file inline its own functions; ``-fno-plt`` calls
#: Python's API through its address table instead of a stub. Measured on the scoring benchmark hands: the
#: same instructions, a tenth fewer instruction-cache misses and a third fewer mispredicted indirect
#: branches, score() about 8% and score_case about 13% faster by the clock.
UNIX_CFLAGS: Final = ("-fvisibility=hidden", "-fno-semantic-interposition", "-fno-plt")


class BuildExt(build_ext):
    """Builds the compiled core, or nothing (the pure package) when it cannot.

    mypyc writes one C file per module (``multi_file``); they are compiled side by side, one per
    core, as gcc runs them as separate processes.
    """

    def build_extension(self, ext: Extension) -> None:
        if self.compiler.compiler_type == "unix":
            ext.extra_compile_args = [*ext.extra_compile_args, *UNIX_CFLAGS]
        compile_one = self.compiler.compile

        def compile_all(sources: list[str], *args: Any, **kwargs: Any) -> list[str]:
            with ThreadPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
                done = pool.map(lambda source: compile_one([source], *args, **kwargs), sources)
                return [obj for objs in done for obj in objs]

        self.compiler.compile = compile_all  # type: ignore[method-assign]
        try:
            super().build_extension(ext)
        finally:
            self.compiler.compile = compile_one  # type: ignore[method-assign]

    def run(self) -> None:
        if getattr(self, "editable_mode", False) or self.inplace:
            notice("an editable install runs the sources as they are")
            self.extensions = []
            return
        try:
            super().run()
        except Exception as exc:  # noqa: BLE001 - any failure of the compiler leaves the pure package
            notice(f"the compilation failed: {exc}")
            self.extensions = []


def source_docstrings(files: list[str]) -> dict[tuple[str, str | None, str], str]:
    """The docstring of every top-level function and class, and of every method, of the given source files:
    (module, class or ``None``, name) -> docstring, cleaned as :func:`inspect.cleandoc` cleans it."""
    import ast  # noqa: PLC0415
    import inspect  # noqa: PLC0415

    found: dict[tuple[str, str | None, str], str] = {}
    for file in files:
        module = file.removesuffix(".py").removesuffix("/__init__").replace("/", ".")
        tree = ast.parse((ROOT / file).read_text(encoding="utf-8"))
        for node in tree.body:
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                doc = ast.get_docstring(node, clean=False)
                if doc:
                    found[module, None, node.name] = inspect.cleandoc(doc)
            if isinstance(node, ast.ClassDef):
                for item in node.body:
                    if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)):
                        doc = ast.get_docstring(item, clean=False)
                        if doc:
                            found[module, node.name, item.name] = inspect.cleandoc(doc)
    return found


def c_string(text: str) -> str:
    """``text`` as a C string literal (UTF-8; every byte outside printable ASCII as an octal escape)."""
    plain = frozenset(range(0x20, 0x7F)) - {ord('"'), ord("\\"), ord("?")}
    return '"' + "".join(chr(b) if b in plain else f"\\{b:03o}" for b in text.encode("utf-8")) + '"'


#: A compiled function's or method's entry of a method table, and a class's type template, in mypyc's C.
METHOD_ENTRY: Final = re.compile(r'\{"(\w+)",\s*\(PyCFunction\)\w+,[^{}]*?PyDoc_STR\((NULL|"(?:[^"\\]|\\.)*")\)')
METHOD_TABLE: Final = re.compile(r"static PyMethodDef (\w+)\[\] = \{")
TYPE_TEMPLATE: Final = re.compile(r'\.tp_name = "(\w+)",[^{}]*?\.tp_doc = PyDoc_STR\((NULL|"(?:[^"\\]|\\.)*")\)')


def keep_docstrings(c_files: list[Path], docs: dict[tuple[str, str | None, str], str]) -> None:
    """Write each compiled function's, method's and class's docstring into the C that mypyc generated.

    mypyc (1.19) gives a compiled function, method or class only its text signature as the source of
    ``__doc__``, so ``help(riichi.score)`` and ``Hand.__doc__`` would be empty in the compiled build.
    Each of its C files (one a module: ``__native_riichi___hand.c`` is ``riichi.hand``) is read once
    after generation, and the docstring of the source definition, found by module, class and name, is
    appended to that initializer (the text signature stays first, as CPython expects).
    """
    for c_file in c_files:
        module = c_file.stem.removeprefix("__native_").replace("___", ".")
        text = c_file.read_text(encoding="utf-8")
        tables = [(m.start(), m.group(1)) for m in METHOD_TABLE.finditer(text)]

        def owner(at: int) -> str | None:
            table = max(((start, name) for start, name in tables if start < at), default=(0, ""))[1]
            return None if table.endswith("module_methods") else table.removesuffix("_methods").split("___")[-1]

        def with_doc(match: re.Match[str], doc: str | None) -> str:
            if doc is None:
                return match.group(0)
            initializer = match.group(2)
            joined = c_string(doc) if initializer == "NULL" else f"{initializer} {c_string(doc)}"
            return match.group(0)[: match.start(2) - match.start(0)] + joined + ")"

        text = METHOD_ENTRY.sub(lambda m: with_doc(m, docs.get((module, owner(m.start()), m.group(1)))), text)
        text = TYPE_TEMPLATE.sub(lambda m: with_doc(m, docs.get((module, None, m.group(1)))), text)
        c_file.write_text(text, encoding="utf-8")


#: The hash seed mypyc generates the C under. mypyc 1.19 writes different C under different seeds (the order
#: it visits sets of values), and under some it leaves out a reference count's decrement: a build leaked
#: wherever its seed put one (a replayed game kept 118 memory blocks under one seed and none under
#: another). Under one seed every build is the same build, the one the tests (tests/test_memory.py among
#: them) have run.
SEED: Final = "0"


def generate_again(modules: list[str]) -> None:
    """Write mypyc's C for ``modules`` again, in a process of its own under :data:`SEED` (a process's seed is
    fixed when it starts). The file names depend on the modules alone, so the extensions this process made
    compile the C written there."""
    import subprocess  # noqa: PLC0415

    code = "import sys; from mypyc.build import mypycify; mypycify(sys.argv[1:], opt_level='3', multi_file=True)"
    done = subprocess.run([sys.executable, "-c", code, *modules], cwd=ROOT, env={**os.environ, "PYTHONHASHSEED": SEED},
                          capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise RuntimeError(f"generating the C under hash seed {SEED} failed: {done.stderr.strip()[-500:]}")


#: The commands that build the package (pip's wheel build runs bdist_wheel); the metadata steps before
#: it (egg_info, dist_info) need no compilation.
BUILDS = frozenset({"bdist_wheel", "build", "build_ext", "install"})


def extensions() -> list[object]:
    if not BUILDS & set(sys.argv[1:]):
        return []
    reason = pure_reason()
    if reason is not None:
        notice(reason)
        return []
    from mypyc.build import mypycify  # noqa: PLC0415

    os.chdir(ROOT)  # mypyc takes the paths relative to the project
    modules = compiled_modules()
    try:
        built = list(mypycify(modules, opt_level="3", multi_file=True))
        if os.environ.get("PYTHONHASHSEED") != SEED:
            generate_again(modules)
    except (Exception, SystemExit) as exc:  # noqa: BLE001 - mypyc refusing the code leaves the pure package
        notice(f"mypyc could not compile the core: {exc}")
        return []
    generated = sorted(ROOT.joinpath("build").glob("__native_*.c"))
    keep_docstrings(generated, source_docstrings(modules))
    return built


setup(ext_modules=extensions(), cmdclass={"build_ext": BuildExt})
