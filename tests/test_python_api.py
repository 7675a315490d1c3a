"""The Python API does not bite: rule overrides as keywords, wrong types refused at construction,
readable printing and short reprs."""

from __future__ import annotations

import pytest

from riichi import UnknownRulesError, resolve_rules
from riichi.rules import WRC
from riichi.yaku import Yaku


def test_resolve_rules_takes_overrides_as_keywords() -> None:
    # The WRC Riichi Rules 2015 round 4 han 30 fu up to mangan (kiriage); the keyword turns it off
    assert resolve_rules("wrc").scoring.kiriage is True
    rules = resolve_rules("wrc", kiriage=False)
    assert rules.scoring.kiriage is False
    assert rules == resolve_rules({"preset": "wrc", "kiriage": False})  # the same as the spec form
    assert resolve_rules(WRC, local_yaku={"sanrenkou"}).scoring.local_yaku == frozenset({Yaku.SANRENKOU})
    assert resolve_rules(WRC, local_yaku={Yaku.SANRENKOU}).scoring.local_yaku == frozenset({Yaku.SANRENKOU})
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
        WinContext(win="3z")
    with pytest.raises(TypeError, match="WinContext.seat_wind must be a Wind"):
        WinContext(win=Tile.parse("3z"), seat_wind="S")
    with pytest.raises(TypeError, match="WinContext.tsumo must be True or False"):
        WinContext(win=Tile.parse("3z"), tsumo=1)
    with pytest.raises(TypeError, match="WinContext.dora must be a tuple of Tiles"):
        WinContext(win=Tile.parse("3z"), dora="1m")
    ok = WinContext(win=Tile.parse("3z"), seat_wind=Wind.parse("S"), tsumo=True)
    assert ok.seat_wind is Wind.parse("S")


def test_a_win_context_from_its_fields_is_the_one_the_constructor_makes() -> None:
    # WinContext.from_fields takes every field by name (what the interchange reader holds), checked as the
    # constructor checks them.
    from dataclasses import fields  # noqa: PLC0415

    from riichi import WinContext  # noqa: PLC0415

    ctx = WinContext.parse("3z tsumo riichi seat_wind=S dora=1m honba=2")
    values = {f.name: getattr(ctx, f.name) for f in fields(WinContext)}
    assert WinContext.from_fields(values) == ctx
    with pytest.raises(TypeError, match="WinContext.tsumo must be True or False"):
        WinContext.from_fields({**values, "tsumo": 1})
    del values["honba"]
    with pytest.raises(TypeError, match="needs every field; missing: honba"):
        WinContext.from_fields(values)


def test_printing_a_score_gives_the_command_lines_breakdown(capsys: pytest.CaptureFixture[str]) -> None:
    from riichi import Hand, WinContext, score  # noqa: PLC0415
    from riichi.cli import main  # noqa: PLC0415

    # The README's hand: South's tsumo on the West pair, dora 2m: 2 han 40 fu, 1300/700/700.
    s = score(Hand.parse("234m456p678s44433z"), WinContext.parse_kwargs(win="3z", tsumo=True, seat_wind="S",
                                                                         dora="1m"))
    text = str(s)
    assert "2 han 40 fu: 2700 points" in text and "E pays 1300" in text
    assert main(["score", "234m456p678s44433z", "--win", "3z", "--tsumo", "--seat", "S", "--dora", "1m"]) == 0
    cli = capsys.readouterr().out
    # one path: the command prints the rule set and what it assumed, then the score's own breakdown
    assert cli == "Rules  tenhou; assumed round wind E\n" + text + "\n"
    assert text.splitlines()[-1] == "Reading  234m 456p 678s 444z 33z win:3z"


def test_a_scores_breakdown_names_the_liable_seat_and_reads_back_with_its_melds() -> None:
    from riichi import Hand, WinContext, score  # noqa: PLC0415

    # South's daisangen by ron from West, the third dragon (7z) fed by East: Tenhou's liability splits the
    # non-dealer yakuman's 32000 between the discarder and the feeder, 16000 each.
    hand = Hand.parse("11m234p pon:555z@N pon:666z@W pon:777z@E")
    s = score(hand, WinContext.parse_kwargs(win="1m", discarder="W", seat_wind="S"))
    lines = str(s).splitlines()
    assert "  E pays 16000 as liable for daisangen (fed the third dragon)" in lines
    assert "  W pays 16000" in lines
    # the reading is the hand again, melds in the order they were called, the winning pair last, its tile marked
    assert lines[-1] == "Reading  234p 11m pon:555z@N pon:666z@W pon:777z@E win:1m"
    assert Hand.parse(s.reading) == hand


def test_a_score_has_a_short_repr_naming_its_value_yaku_and_hand() -> None:
    from riichi import Hand, WinContext, score  # noqa: PLC0415

    # The README's hand (2 han 40 fu, 2700) and a yakuman (kokushi on the 1z pair wait: 48000 for the dealer)
    s = score(Hand.parse("234m456p678s44433z"), WinContext.parse_kwargs(win="3z", tsumo=True, seat_wind="S",
                                                                         dora="1m"))
    assert repr(s) == "<Score 2 han 40 fu 2700 points: menzen_tsumo 1, dora 1; 234m 456p 678s 444z 33z win:3z>"
    assert len(repr(s)) < 100 < len(str(s))
    k = score(Hand.parse("19m19p19s1234567z1z"), WinContext.parse_kwargs(win="1z", tsumo=True))
    assert repr(k) == "<Score 1x yakuman 48000 points: kokushi_13; 19m19p19s11234567z win:1z>"


def test_a_score_renders_in_a_notebook_as_a_table_with_its_reading_in_tiles() -> None:
    from riichi import Hand, WinContext, score  # noqa: PLC0415

    # The dealer's chun (1) and red five (1) by ron from North; fu 20 + 4 (open 7z triplet) + 4 (the East pair is
    # the seat's and the round's wind) = 28 -> 30; 2 han 30 fu for the dealer: 30 x 2^4 x 6 = 2880 -> 2900.
    s = score(Hand.parse("234m789s11z pon:777z@W chi:406p@N"), WinContext.parse_kwargs(win="2m", discarder="N"))
    page = s._repr_html_()
    assert page.startswith("<table><caption><b>2 han 30 fu: 2900 points</b></caption>")
    assert "<tr><td>chun</td><td>1 han</td><td><i>red dragon</i></td></tr>" in page
    assert "N pays 2900" in page
    # each group drawn: the concealed ones as rows of tiles, the melds as they lie (the called tile sideways)
    assert page.count("<svg ") == 5
    assert 'aria-label="2m 3m 4m"' in page and 'aria-label="1z 1z"' in page
    assert 'aria-label="pon:777z@W"' in page and 'aria-label="chi:406p@N"' in page
    assert page.count("rotate(-90)") == 2 and 'class="tile red-five"' in page
    assert "title='234m 789s 11z pon:777z@W chi:406p@N win:2m'" in page


def test_score_takes_notation_and_names_a_wrong_type() -> None:
    from riichi import Hand, WinContext, score  # noqa: PLC0415
    from riichi.rules import WRC  # noqa: PLC0415

    # The README's hand without dora: menzen tsumo, 1 han 40 fu, 400/700 = 1500 under any preset
    typed = score(Hand.parse("234m456p678s44433z"), WinContext.parse("3z tsumo seat_wind=S"), WRC)
    assert score("234m456p678s44433z", "3z tsumo seat_wind=S", "wrc") == typed
    assert typed.points == 1500
    with pytest.raises(TypeError, match=r"score\(\) takes a Hand or its notation .* not the list \['1m'\]"):
        score(["1m"], "3z")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="score\\(\\) takes a RuleSet or its notation"):
        score("234m456p678s44433z", "3z tsumo", 3)  # type: ignore[arg-type]


def test_a_rinshan_win_after_an_open_kan_names_the_feeder_as_liable() -> None:
    from riichi import score  # noqa: PLC0415

    # The Shanghai: Dynasty manual: the discarder of a kan tile pays for a rinshan win. South's open kan of
    # East (fed by West), then tsumo on the replacement 9s: rinshan 1 + round wind East 1 = 2 han; fu 20 + 2
    # (tsumo) + 16 (open honour kan) + 2 (tanki) = 40: 2 han 40 fu non-dealer tsumo is 2600, all from West.
    s = score("234m456p789s99s minkan:1111z@W", "9s tsumo rinshan seat_wind=S", "dynasty")
    assert "  W pays 2600 as liable for the rinshan win (fed the open kan's tile)" in str(s).splitlines()
