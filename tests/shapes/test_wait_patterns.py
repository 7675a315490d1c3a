"""Named multi-sided waits (riichi.shapes.wait_patterns), checked on hands worked out by hand.

Definitions: the Japanese Mahjong Wiki (riichi.wiki), pages "Nobetan", "Sanmen nobetan",
"Sanmenchan", "Entotsu", "Aryanmen", "Ryantan" (with kantan and pentan), "Chuuren poutou",
"Kokushi musou". Most hands put the shape beside three complete sets (456p 789s 111z), or two
sets and a pair, so only the shape under test is incomplete.
"""

from __future__ import annotations

import argparse
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from riichi.cli import analyze as cli_analyze
from riichi.formats.analysis import analyze_case
from riichi.hand import Hand, Meld
from riichi.tiles import Tile
from riichi.shapes.wait_patterns import _ENTOTSU_CORES, _SUIT_SHAPES, WaitPatternName, _group_waits, wait_patterns
from riichi.shapes.waits import find_waits

N = WaitPatternName


def named(hand: str | Hand) -> list[tuple[str, str, str]]:
    """(name, tiles, waits) of every pattern, as text."""
    return [(p.name.value, _text(p.tiles), " ".join(str(t) for t in p.waits)) for p in wait_patterns(hand)]


def _text(tiles: tuple[Tile, ...]) -> str:
    from riichi.notation import format_tiles  # noqa: PLC0415

    return format_tiles(tiles)


# -- one hand per pattern ---------------------------------------------------------------------------

@pytest.mark.parametrize(("hand", "expected"), [
    # Nobetan (riichi.wiki "Nobetan"): 3456 beside three sets reads 3+456 or 345+6: a tanki on 3 or 6.
    ("3456m456p789s111z", [("nobetan", "3456m", "3m 6m")]),
    # Sanmen nobetan (riichi.wiki "Sanmen nobetan"): seven in a row, 1+234+567, 123+4+567, 123+456+7:
    # three tanki along the 1-4-7 suji.
    ("1234567m123p789s", [("sanmen_nobetan", "1234567m", "1m 4m 7m")]),
    # Sanmenchan (riichi.wiki "Sanmenchan", its ryanmenten form): 23456 with the 11z pair reads
    # 23+456 (1, 4) or 234+56 (4, 7): three sides from two ryanmen.
    ("23456m456p789s11z", [("sanmenchan", "23456m", "1m 4m 7m")]),
    # Entotsu (riichi.wiki "Entotsu"): 555+67 is a ryanmen on 5 or 8, and 567+55+11z a shanpon on
    # 5 or 1z: three waits, one of them (5) twice.
    ("55567m456p789s11z", [("entotsu", "55567m11z", "5m 8m 1z")]),
    # Aryanmen (riichi.wiki "Aryanmen"): 3455 is 345 + a 5 tanki, or 34 + a 55 pair, a ryanmen on 2 or 5.
    ("3455m456p789s111z", [("aryanmen", "3455m", "2m 5m")]),
    # Ryantan (riichi.wiki "Ryantan"): 4445 is 444 + a 5 tanki, or 44 + 45, a ryanmen on 3 or 6.
    ("4445m456p789s111z", [("ryantan", "4445m", "3m 5m 6m")]),
    # Pentan (same page): 1112 is 111 + a 2 tanki, or 11 + 12, a penchan on 3.
    ("1112m456p789s111z", [("pentan", "1112m", "2m 3m")]),
    # Kantan (same page): 1113 is 111 + a 3 tanki, or 11 + 13, a kanchan on 2.
    ("1113m456p789s111z", [("kantan", "1113m", "2m 3m")]),
    # Pure nine gates (riichi.wiki "Chuuren poutou"): 1112345678999 waits on all nine tiles of its
    # suit; the nobetan and the like inside it are not listed again.
    ("1112345678999p", [("chuuren_9", "1112345678999p", "1p 2p 3p 4p 5p 6p 7p 8p 9p")]),
    # Thirteen orphans with all thirteen kinds (riichi.wiki "Kokushi musou"): a thirteen-sided wait.
    ("19m19p19s1234567z", [("kokushi_13", "19m19p19s1234567z", "1m 9m 1p 9p 1s 9s 1z 2z 3z 4z 5z 6z 7z")]),
])
def test_each_pattern(hand: str, expected: list[tuple[str, str, str]]) -> None:
    assert named(hand) == expected
    # And each claimed wait is a wait of the hand: here the pattern accounts for all of them.
    assert {w for _, _, ws in expected for w in ws.split()} == {str(w.tile) for w in find_waits(hand)}


# -- almost, but not, each pattern ------------------------------------------------------------------

@pytest.mark.parametrize(("hand", "expected", "why"), [
    # 3457 is not four in a row: 345 + a 7 tanki only.
    ("3457m456p789s111z", [], "nobetan needs four in a row"),
    # 1234 678 is seven tiles with a gap: 1+234 or 123+4 beside 678, a plain nobetan on 1 or 4.
    ("1234678m123p789s", [("nobetan", "1234m", "1m 4m")], "sanmen nobetan needs seven in a row"),
    # 12345 with a pair: 123+45 waits 3 or 6, 12+345 only 3 (penchan): two sides, not three.
    ("12345m456p789s11z", [], "sanmenchan needs a ryanmen on both sides"),
    # The wiki's own counter-example: 777+89 is a penchan (on 7), so 77789 with 44s waits only on 7m, 4s.
    ("77789m456p123s44s", [], "entotsu needs a ryanmen, not a penchan"),
    # The wiki's note: 1233 is 123 + a 3 tanki or 12 + 33, a penchan also on 3: one wait.
    ("1233m456p789s111z", [], "aryanmen needs a ryanmen"),
    # 2223 looks like pentan's 1112 but 23 is a ryanmen (1, 4): ryantan, three waits.
    ("2223m456p789s111z", [("ryantan", "2223m", "1m 3m 4m")], "pentan needs a penchan"),
    # 8889: 89 is a penchan (7), so this is pentan, not ryantan.
    ("8889m456p789s111z", [("pentan", "8889m", "7m 9m")], "ryantan needs a ryanmen"),
    # 1114: the single tile is three away, too far for a kanchan: only the 4 tanki.
    ("1114m456p789s111z", [], "kantan needs the tile two away"),
    # 1112345678899: one 9 short of the pure form; 7m 8m 9m complete it in ordinary ways, unnamed.
    ("1112345678899m", [], "chuuren_9 needs exactly 1112345678999"),
    # Two 1m and no 7z: thirteen orphans waiting on 7z only.
    ("119m19p19s123456z", [], "kokushi_13 needs all thirteen kinds"),
])
def test_almost_patterns(hand: str, expected: list[tuple[str, str, str]], why: str) -> None:
    assert find_waits(hand), f"{hand} should still be tenpai"
    assert named(hand) == expected, why


# -- the rules around the patterns ------------------------------------------------------------------

def test_not_tenpai_and_seven_pairs_have_no_patterns() -> None:
    # One tile from tenpai: nothing waits, so nothing is named.
    assert wait_patterns("1234567m123p78s5z") == ()
    # Seven pairs waiting on the 7z tanki: a single wait, no multi-sided pattern.
    assert wait_patterns("1133m5577p99s117z") == ()


def test_smaller_patterns_inside_a_larger_one_are_not_repeated() -> None:
    # 3456789: 3456+789 and 345+6789 are nobetan, but both lie inside the sanmen nobetan (tiles and waits).
    assert named("3456789m123p789s") == [("sanmen_nobetan", "3456789m", "3m 6m 9m")]
    # Two ryantan (444+5 beside 666, 444 beside 5+666) that neither contains: both listed.
    assert named("4445666m123p789s") == [("ryantan", "4445m", "3m 5m 6m"), ("ryantan", "5666m", "4m 5m 7m")]


def test_patterns_with_melds_and_red_fives() -> None:
    # Three calls leave 3456m: still a nobetan (the rest of the reading is the melds).
    assert named("3456m pon:111z chi:123s chi:456p") == [("nobetan", "3456m", "3m 6m")]
    # A red five is part of the sanmenchan, shown as a plain five.
    assert named("23406m456p789s11z") == [("sanmenchan", "23456m", "1m 4m 7m")]
    # Nine gates needs the closed hand: with a meld the 13 tiles cannot be 1112345678999 anyway, and a
    # terminal entotsu (111+23 and a pair) still waits three ways: 1m, 4m and the 9s pair.
    assert named("11123m456p99s chi:789s") == [("entotsu", "11123m99s", "1m 4m 9s")]


def test_every_shape_of_the_table_gives_the_documented_waits() -> None:
    # The module's table, as arithmetic on numbers in one suit, against the waits actually computed
    # (group + wait complete on its own) for every position of every shape in every suit.
    for name, group in _SUIT_SHAPES:
        base = group[0] // 9 * 9
        nums = sorted(k - base + 1 for k in group)
        counts = Counter(nums)
        if name is N.NOBETAN or name is N.SANMEN_NOBETAN:
            expected = set(nums[::3])
        elif name is N.SANMENCHAN:
            expected = {nums[0] - 1, nums[2], nums[4] + 1}
        elif name is N.ARYANMEN:
            copied = next(n for n, c in counts.items() if c == 2)  # noqa: PLR2004
            pair_side = sorted(n for n in counts if n != copied)
            other = pair_side[0] - 1 if copied > pair_side[0] else pair_side[1] + 1
            expected = {copied, other}
        else:
            t = next(n for n, c in counts.items() if c == 3)  # noqa: PLR2004
            u = next(n for n in counts if n != t)
            lo, hi = min(t, u), max(t, u)
            if name is N.KANTAN:
                expected = {u, lo + 1}
            else:  # ryanmen or penchan of the tatsu (t, u), plus the tanki on u
                expected = {u} | {n for n in (lo - 1, hi + 1) if 1 <= n <= 9}  # noqa: PLR2004
                assert len(expected) == (3 if name is N.RYANTAN else 2)
        assert {k - base + 1 for k in _group_waits(group)} == expected, (name, nums)
    # Entotsu: triplet t + a ryanmen touching it + a pair p: waits t, the far end, p.
    for core, _ in _ENTOTSU_CORES:
        t = Counter(core).most_common(1)[0][0]
        others = sorted(set(core) - {t})
        far = others[1] + 1 if others[0] > t else others[0] - 1
        assert set(_group_waits((*core, 33, 33))) == {t, far, 33}


# -- the analysis JSON and the CLI ------------------------------------------------------------------

def test_analyze_case_reports_the_patterns() -> None:
    result = analyze_case({"hand": "55567m456p789s11z", "values": False})
    assert result["wait_patterns"] == [{"name": "entotsu", "tiles": "55567m11z", "waits": ["5m", "8m", "1z"]}]
    # Every pattern's waits are among the waits of the same result.
    assert {"5m", "8m", "1z"} <= {w["tile"] for w in result["waits"]}  # type: ignore[attr-defined]
    # A plain ryanmen: the field is there, empty; 14 tiles: no such field (it belongs to 13).
    assert analyze_case({"hand": "23m456p789s11122z", "values": False})["wait_patterns"] == []
    assert "wait_patterns" not in analyze_case({"hand": "1234m456p789s1155z", "values": False})


def test_cli_text_names_the_patterns(capsys: pytest.CaptureFixture[str]) -> None:
    parser = argparse.ArgumentParser()
    cli_analyze.add_parser(parser.add_subparsers())
    assert cli_analyze.run(parser.parse_args(["analyze", "23456m456p789s11z", "--no-values"])) == 0
    # One line after the waits, naming the pattern, its tiles and its waits.
    assert "wait patterns: sanmenchan 23456m (1m 4m 7m)" in capsys.readouterr().out.splitlines()
    assert cli_analyze.run(parser.parse_args(["analyze", "23m456p789s11122z", "--no-values"])) == 0
    assert "wait patterns" not in capsys.readouterr().out  # nothing to name, no line


# -- property: every pattern's waits are waits of the hand ------------------------------------------

@st.composite
def tenpai_hands(draw: st.DrawFn) -> Hand:
    """A complete hand, mostly in one suit (where the patterns live), minus one concealed tile."""
    suit = draw(st.integers(0, 2)) * 9
    counts = [0] * 34
    groups: list[list[int]] = []
    while len(groups) < 4:
        # Only the sets that still fit (no rejection loop); four times in five, one of the chosen suit.
        fits = [g for g in ([[k] * 3 for k in range(34)]
                            + [[k, k + 1, k + 2] for k in range(27) if k % 9 <= 6])  # noqa: PLR2004
                if all(counts[k] + g.count(k) <= 4 for k in g)]  # noqa: PLR2004
        suited = [g for g in fits if g[0] // 9 * 9 == suit and g[0] < 27]  # noqa: PLR2004
        group = draw(st.sampled_from(suited if suited and draw(st.integers(0, 4)) else fits))
        for k in group:
            counts[k] += 1
        groups.append(group)
    pair = draw(st.sampled_from([k for k in range(34) if counts[k] <= 2]))  # noqa: PLR2004
    counts[pair] += 2
    # Call a set now and then (a chi or a pon); the pair and the other sets stay concealed.
    called = [draw(st.integers(0, 5)) == 0 for _ in groups]
    melds = tuple(Meld.parse(("pon:" if g[0] == g[1] else "chi:") + _text(tuple(Tile(k) for k in g)))
                  for g, call in zip(groups, called, strict=True) if call)
    concealed = [k for g, call in zip(groups, called, strict=True) if not call for k in g] + [pair, pair]
    concealed.remove(draw(st.sampled_from(concealed)))
    return Hand(tuple(Tile(k) for k in concealed), melds)


@settings(max_examples=400, deadline=None)
@given(tenpai_hands())
def test_pattern_waits_are_waits_of_the_hand(hand: Hand) -> None:
    waits = {w.tile for w in find_waits(hand)}
    assert waits  # a complete hand minus a tile is tenpai: the tile removed is a wait
    concealed = Counter(t.kind for t in hand.concealed)
    for pattern in wait_patterns(hand):
        # The pattern's claim holds: its waits win, and its tiles are the hand's own concealed tiles.
        assert set(pattern.waits) <= waits, (str(hand), str(pattern))
        assert not Counter(t.kind for t in pattern.tiles) - concealed, (str(hand), str(pattern))
        assert len(pattern.waits) >= 2  # noqa: PLR2004 - every named pattern is multi-sided
