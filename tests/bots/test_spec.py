"""Players named on the command line (riichi.bots.spec): built-in names, module:Class, and the errors."""

from __future__ import annotations

import json

import pytest

from riichi.bots.spec import SpecError, make_player
from riichi.cli import main
from riichi.game.players import TsumogiriPlayer


def test_a_python_class_takes_a_seat(capsys: pytest.CaptureFixture[str]) -> None:
    # The tsumogiri player discards what it draws and never calls: seated by its class, its seat wins no
    # hand by a call and the run reports it under its name.
    assert isinstance(make_player("riichi.game.players:TsumogiriPlayer", 2, seed=0), TsumogiriPlayer)
    assert main(["play", "--games", "1", "--seed", "1", "--json",
                 "--seat", "2=riichi.game.players:TsumogiriPlayer"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["seats"][2]["player"] == "riichi.game.players:TsumogiriPlayer"
    assert summary["faults"] == [0, 0, 0, 0]


@pytest.mark.parametrize(("spec", "message"), [
    ("nobody", "unknown player 'nobody'"),
    ("no_such_module_here:Player", "cannot import no_such_module_here"),
    ("riichi.game.players:Nobody", "has no class Nobody"),
    ("riichi.game.players:SeatView", "needs arguments"),
    ("mjai:", "needs a command"),
    ("mjai:'unclosed", "cannot be split"),
])
def test_a_spec_that_names_no_player_is_refused(spec: str, message: str) -> None:
    with pytest.raises(SpecError, match=message):
        make_player(spec, 0, seed=0)


def test_play_refuses_a_bad_seat(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--seat", "7=efficient"]) != 0
    assert "--seat '7=efficient': expected N=SPEC with N a seat 0..3" in capsys.readouterr().err
