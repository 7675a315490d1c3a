"""The Python API does not bite: rule overrides as keywords, wrong types refused at construction,
readable printing and short reprs."""

from __future__ import annotations

import pytest

from riichi import UnknownRulesError, resolve_rules
from riichi.rules import WRC


def test_resolve_rules_takes_overrides_as_keywords() -> None:
    # The WRC Riichi Rules 2015 round 4 han 30 fu up to mangan (kiriage); the keyword turns it off
    assert resolve_rules("wrc").scoring.kiriage is True
    rules = resolve_rules("wrc", kiriage=False)
    assert rules.scoring.kiriage is False
    assert rules == resolve_rules({"preset": "wrc", "kiriage": False})  # the same as the spec form
    assert resolve_rules(WRC, local_yaku={"sanrenkou"}).scoring.local_yaku == frozenset({"sanrenkou"})
    assert resolve_rules("tenhou", uma=(20, 10, -10, -20)).game.uma == (20, 10, -10, -20)  # order kept
    with pytest.raises(UnknownRulesError, match="rules.kiriage must be true or false, not 1"):
        resolve_rules("wrc", kiriage=1)
    with pytest.raises(UnknownRulesError, match="unknown rules switch 'kiriagi'"):
        resolve_rules("wrc", kiriagi=False)


def test_shanten_prints_each_form_and_renders_in_a_notebook() -> None:
    from riichi.shapes.shanten import Shanten  # noqa: PLC0415

    # 11 33 55 77 99m and 1p 2p 4p: five pairs, so seven pairs is 1-shanten; as four sets and a pair it is
    # 3-shanten, and thirteen orphans 9 (tests/web/test_page_state.py shows the same on the page)
    s = Shanten.of("1133557799m124p")
    assert repr(s) == "Shanten(combined=1, standard=3, chiitoitsu=1, kokushi=9)"
    assert eval(repr(s)) == s  # noqa: S307 - the repr reads back
    assert str(s) == "1-shanten (four sets and a pair 3, seven pairs 1, thirteen orphans 9)"
    html = s._repr_html_()
    assert html.startswith("<table><caption><b>1-shanten</b></caption>")
    assert "<tr><td>seven pairs</td><td><b>1-shanten</b></td></tr>" in html
    # with a meld only the standard form applies
    assert str(Shanten.of("123m456p789s1z pon:777z")) == "tenpai (four sets and a pair 0)"


def test_waits_have_short_reprs_that_read_back_and_render_their_tile() -> None:
    from riichi import Hand, Tile  # noqa: PLC0415
    from riichi.shapes.waits import Wait, WaitShape, find_waits  # noqa: PLC0415

    # 123m 456p 789s 11z with 23m: 1m and 4m, both ryanmen; the hand holds one 1m, no 4m
    waits = find_waits(Hand.parse("123m456p789s23m11z"))
    assert repr(waits) == "(Wait(Tile.parse('1m'), (WaitShape.RYANMEN,), 1), Wait(Tile.parse('4m'), (WaitShape.RYANMEN,), 0))"
    names = {"Wait": Wait, "Tile": Tile, "WaitShape": WaitShape}
    assert all(eval(repr(w), names) == w for w in waits)  # noqa: S307 - the repr reads back
    assert [str(w) for w in waits] == ["1m ryanmen (3 left)", "4m ryanmen (4 left)"]
    html = waits[0]._repr_html_()
    assert '<svg xmlns="http://www.w3.org/2000/svg"' in html and 'aria-label="1m"' in html
    assert "ryanmen (3 left)" in html


def test_a_win_context_with_wrong_types_fails_at_construction() -> None:
    from riichi import Tile, WinContext, Wind  # noqa: PLC0415

    with pytest.raises(TypeError, match=r"WinContext.win must be a Tile, e\.g\. Tile\.parse\('7s'\), not the str '3z'"):
        WinContext(win="3z")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="WinContext.seat_wind must be a Wind"):
        WinContext(win=Tile.parse("3z"), seat_wind="S")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="WinContext.tsumo must be True or False"):
        WinContext(win=Tile.parse("3z"), tsumo=1)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="WinContext.dora must be a tuple of Tiles"):
        WinContext(win=Tile.parse("3z"), dora="1m")  # type: ignore[arg-type]
    ok = WinContext(win=Tile.parse("3z"), seat_wind=Wind.parse("S"), tsumo=True)
    assert ok.seat_wind is Wind.parse("S")


def test_printing_a_score_gives_the_command_lines_breakdown(capsys: pytest.CaptureFixture[str]) -> None:
    from riichi import Hand, WinContext, score  # noqa: PLC0415
    from riichi.cli import main  # noqa: PLC0415

    # The README's hand: South's tsumo on the West pair, dora 2m: 2 han 40 fu, 1300/700/700.
    s = score(Hand.parse("234m456p678s44433z"), WinContext.parse_kwargs(win="3z", tsumo=True, seat_wind="S",
                                                                         dora="1m"))
    text = str(s)
    assert "2 han 40 fu: 2700 points" in text and "E pays 1300" in text
    assert main(["score", "234m456p678s44433z", "--win", "3z", "--tsumo", "--seat", "S", "--dora", "1m"]) == 0
    cli = capsys.readouterr().out.splitlines()
    for line in text.splitlines():
        if not line.startswith("Reading"):
            assert line in cli, line
