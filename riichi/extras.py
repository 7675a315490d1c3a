"""How a message tells a user to install an optional part of the library (an extra of ``pyproject.toml``).

Every message about a missing extra says it through :func:`install_hint`, so that each names the extra the
same way and gives both commands: the one for the published package and the one the README uses, from a
checkout of the sources.
"""

from __future__ import annotations

__all__ = ["install_hint"]


def install_hint(extra: str, *more: str) -> str:
    """What to run to install ``extra`` and any ``more`` (names of ``pyproject.toml``'s extras).

    >>> install_hint("web")
    "install the web extra: pip install 'riichi[web]' (from a checkout: pip install '.[web]')"
    >>> install_hint("club", "web")
    "install the club and web extras: pip install 'riichi[club,web]' (from a checkout: pip install '.[club,web]')"
    """
    extras = (extra, *more)
    names = ", ".join(extras[:-1]) + " and " + extras[-1] if len(extras) > 1 else extras[0]
    noun = "extras" if len(extras) > 1 else "extra"
    joined = ",".join(extras)
    return f"install the {names} {noun}: pip install 'riichi[{joined}]' (from a checkout: pip install '.[{joined}]')"
