"""Which build of riichi is running: the typed core compiled with mypyc, or pure Python.

``pip install .`` compiles the modules listed in ``pyproject.toml`` (``[tool.riichi.mypyc]``) when
a C compiler and CPython are there, and installs the pure package otherwise (``RIICHI_PURE=1``
forces it). ``riichi --version`` prints :func:`describe`. :func:`riichi_command` and :func:`riichi_env` start
this same build in another process (the tests and the benchmarks start every riichi process with them).

>>> kind() in ("compiled", "pure")
True
"""

from __future__ import annotations

import importlib.util
import os
import platform
import sys
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path
from typing import Final, Literal

import riichi
from riichi import __version__

__all__ = ["PROBE", "describe", "kind", "python_command", "riichi_command", "riichi_env"]

#: A module of the compiled core: it is an extension module exactly when the core is compiled.
PROBE: Final = "riichi.scoring.scorer"


def kind() -> Literal["compiled", "pure"]:
    """``"compiled"`` when the core runs as extension modules built by mypyc, else ``"pure"``."""
    spec = importlib.util.find_spec(PROBE)
    origin = spec.origin if spec is not None else None
    return "compiled" if origin is not None and origin.endswith(tuple(EXTENSION_SUFFIXES)) else "pure"


def describe() -> str:
    """``riichi 0.1.0 (compiled with mypyc, CPython 3.11.7)`` or ``riichi 0.1.0 (pure Python, ...)``."""
    build = "compiled with mypyc" if kind() == "compiled" else "pure Python"
    return f"riichi {__version__} ({build}, {platform.python_implementation()} {platform.python_version()})"


def python_command(*args: str) -> list[str]:
    """A Python command line (this interpreter) whose ``import riichi`` finds this riichi, run with
    :func:`riichi_env`. ``-P`` keeps the current folder off the module path: ``python -m riichi`` (or ``-c``)
    started from a checkout would import the checkout's sources, the pure build, instead of this one."""
    return [sys.executable, "-P", *args]


def riichi_command(*args: str) -> list[str]:
    """``riichi ARGS`` as this build: ``python -P -m riichi ARGS`` (run it with :func:`riichi_env`)."""
    return python_command("-m", "riichi", *args)


def riichi_env(**extra: str) -> dict[str, str]:
    """This process's environment and ``extra``, with the folder that holds this riichi first on
    ``PYTHONPATH`` (what was there kept after it): with :func:`riichi_command`, the same riichi runs in the
    other process, the installed build or a checkout's sources alike."""
    home = str(Path(riichi.__file__).resolve().parent.parent)
    path = os.pathsep.join(filter(None, [home, os.environ.get("PYTHONPATH")]))
    return {**os.environ, **extra, "PYTHONPATH": path}
