"""Which build of riichi is running: the typed core compiled with mypyc, or pure Python.

``pip install .`` compiles the modules listed in ``pyproject.toml`` (``[tool.riichi.mypyc]``) when
a C compiler and CPython are there, and installs the pure package otherwise (``RIICHI_PURE=1``
forces it). ``riichi --version`` prints :func:`describe`.

>>> kind() in ("compiled", "pure")
True
"""

from __future__ import annotations

import importlib.util
import platform
from importlib.machinery import EXTENSION_SUFFIXES
from typing import Final, Literal

from riichi import __version__

__all__ = ["PROBE", "describe", "kind"]

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
