"""Messages about a missing extra name it and give both install commands (riichi.extras.install_hint).

The README installs from a checkout (``pip install '.[web]'``); the published package installs as
``pip install 'riichi[web]'``. Each place that needs an extra is made to miss it here (its module blocked in
``sys.modules``, which makes ``import`` raise ImportError as a missing package does) and its message checked.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

from riichi.cli import main
from riichi.extras import install_hint


def both_commands(extras: str) -> tuple[str, str]:
    """The two commands, written out by hand from the README's install lines, for comparison."""
    return f"pip install 'riichi[{extras}]'", f"pip install '.[{extras}]'"


def test_the_hint_names_the_extra_and_both_commands() -> None:
    assert install_hint("web") == ("install the web extra: pip install 'riichi[web]' "
                                   "(from a checkout: pip install '.[web]')")
    assert install_hint("club", "web").startswith("install the club and web extras: ")
    assert all(command in install_hint("club", "web") for command in both_commands("club,web"))


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str]:
    try:
        code = main(list(args))
    except SystemExit as e:
        code = int(e.code or 0)
    return code, capsys.readouterr().err


def test_serve_without_the_web_extra_says_how_to_install_it(monkeypatch: pytest.MonkeyPatch,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setitem(sys.modules, "riichi.web.server", None)
    code, err = run(capsys, "serve")
    assert code == 1
    assert "riichi serve: error (not_available): " in err
    assert "the web extra" in err and all(command in err for command in both_commands("web"))


def test_stats_without_the_stats_extra_says_how_to_install_it(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setitem(sys.modules, "riichi.stats", None)
    code, err = run(capsys, "stats", "--out", str(tmp_path / "tables"))
    assert code == 1
    assert "the stats extra" in err and all(command in err for command in both_commands("stats"))


@pytest.mark.parametrize("action", [("serve",), ("migrate",), ("organiser", "add", "ann"), ("backup", "out.json"),
                                    ("restore", "in.json")])
def test_club_without_its_extras_says_how_to_install_them(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                                          capsys: pytest.CaptureFixture[str],
                                                          action: tuple[str, ...]) -> None:
    # Every action: migrate, organiser, backup and restore imported the club's modules before asking for the
    # database, and ended in a traceback.
    monkeypatch.setitem(sys.modules, "riichi.club.database", None)
    monkeypatch.setitem(sys.modules, "riichi.club.store", None)
    code, err = run(capsys, "club", "--database", f"sqlite:///{tmp_path / 'club.db'}", *action)
    assert code == 1
    assert "the club and web extras" in err and all(command in err for command in both_commands("club,web"))


def test_soul_bytes_without_the_soul_extra_say_how_to_install_it(monkeypatch: pytest.MonkeyPatch) -> None:
    from riichi.formats.soul import WRAPPED_RECORDS, read_soul

    monkeypatch.setitem(sys.modules, "riichi.formats.soul_proto", None)
    message = read_soul(WRAPPED_RECORDS + b"\x12\x00").errors[0].message
    assert "the soul extra" in message and all(command in message for command in both_commands("soul"))


def test_the_skill_rating_without_the_club_extra_says_how_to_install_it(monkeypatch: pytest.MonkeyPatch) -> None:
    from riichi.errors import TournamentError
    from riichi.tournament.skill import skill_ratings

    monkeypatch.setitem(sys.modules, "openskill.models", None)
    with pytest.raises(TournamentError) as caught:
        skill_ratings([(("a", "b", "c", "d"), (1, 2, 3, 4))])
    assert "the club extra" in str(caught.value)
    assert all(command in str(caught.value) for command in both_commands("club"))


def test_the_ray_engine_without_the_ray_extra_says_how_to_install_it(monkeypatch: pytest.MonkeyPatch,
                                                                     tmp_path: Path) -> None:
    pytest.importorskip("duckdb", reason="the stats tables need the stats extra")
    from riichi.stats.build import build
    from riichi.stats.store import StatsError

    monkeypatch.setitem(sys.modules, "riichi.stats.ray_engine", None)
    with pytest.raises(StatsError) as caught:
        build([], tmp_path / "tables", engine="ray")
    assert "the ray extra" in str(caught.value)
    assert all(command in str(caught.value) for command in both_commands("ray"))


def test_the_web_app_without_swagger_ui_says_how_to_install_it(monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("fastapi", reason="the web app needs the web extra")
    from riichi.web import app

    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *_: None)
    with pytest.raises(RuntimeError) as caught:
        app._swagger_ui_assets()
    assert "the web extra" in str(caught.value)
    assert all(command in str(caught.value) for command in both_commands("web"))
