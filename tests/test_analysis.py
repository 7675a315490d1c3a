"""Waits, furiten, efficiency, declarations and the analysis JSON, on hands analysed by hand."""

from __future__ import annotations

import io
import json
from collections.abc import Iterator

import pytest

from riichi.cli import analyze as cli_analyze
from riichi.analysis import discard_table, ukeire, wait_values
from riichi.errors import NoYakuError
from riichi.formats.analysis import analyze_case
from riichi.scoring.context import WinContext
from riichi.shapes.declarations import Refusal, check_ankan_after_riichi, check_riichi, riichi_thresholds
from riichi.errors import ImpossibleTilesError, WrongTileCountError
from riichi.shapes.furiten import FuritenReason, check_furiten
from riichi.rules import resolve_rules
from riichi.hand import Hand
from riichi.scoring.result import Score
from riichi.scoring.scorer import score
from riichi.tiles import Tile, Wind
from riichi.shapes.waits import WaitShape, find_waits

R, K, P, S, T = WaitShape.RYANMEN, WaitShape.KANCHAN, WaitShape.PENCHAN, WaitShape.SHANPON, WaitShape.TANKI


def waits(hand: str, **kwargs: object) -> dict[str, tuple[WaitShape, ...]]:
    return {str(w.tile): w.shapes for w in find_waits(hand, **kwargs)}  # type: ignore[arg-type]


# -- wait shapes: three complete sets (456p 789s and 111z or 11122z) around the shape under test -------

@pytest.mark.parametrize(("hand", "expected"), [
    ("23m456p789s11122z", {"1m": (R,), "4m": (R,)}),  # 23 waits on 1 or 4
    ("12m456p789s11122z", {"3m": (P,)}),  # 12 waits only on 3
    ("89m456p789s11122z", {"7m": (P,)}),  # 89 waits only on 7
    ("46m456p789s11122z", {"5m": (K,)}),  # 4_6 waits on 5
    ("11m22p456p789s111z", {"1m": (S,), "2p": (S,)}),  # two pairs: either becomes the triplet
    ("5m123m456p789s111z", {"5m": (T,)}),  # a lone tile waits for its pair
    # 3456 with three sets: 345+6 or 3+456: two tanki (nobetan).
    ("3456m456p789s111z", {"3m": (T,), "6m": (T,)}),
    # 34567 with a pair: 345+67 -> 5, 8; 34+567 -> 2, 5: three-sided, 5m ryanmen in both readings.
    ("34567m456p789s11z", {"2m": (R,), "5m": (R,), "8m": (R,)}),
    # 4445 with three sets: 444+5 tanki on 5; 44+45 ryanmen on 3 and 6.
    ("4445m456p789s111z", {"3m": (R,), "5m": (T,), "6m": (R,)}),
    # 45556 with 11z: 555+46 kanchan on 5, or 456+55+11z shanpon on 5 and 1z: one tile, two shapes.
    ("45556m123p789s11z", {"5m": (K, S), "1z": (S,)}),
    # Nine gates: nine waits; 3m is penchan (12+3) in one reading and ryanmen (45 wait 3) in another.
    ("1112345678999m", {"1m": (R, S), "2m": (T,), "3m": (R, P), "4m": (R,), "5m": (T,), "6m": (R,),
                        "7m": (R, P), "8m": (T,), "9m": (R, S)}),
    # Seven pairs: the single tile is a tanki.
    ("1133m5577p99s117z", {"7z": (T,)}),
])
def test_wait_shapes(hand: str, expected: dict[str, tuple[WaitShape, ...]]) -> None:
    assert waits(hand) == expected


def test_thirteen_orphans_thirteen_sided_and_single() -> None:
    thirteen = waits("19m19p19s1234567z")
    assert len(thirteen) == 13
    assert set(thirteen.values()) == {(WaitShape.KOKUSHI_13,)}
    # Two 1m, no 7z: waits only on 7z.
    assert waits("119m19p19s123456z") == {"7z": (WaitShape.KOKUSHI,)}


def test_seven_pairs_with_four_of_a_kind_is_not_tenpai_on_the_odd_tile() -> None:
    # 1111m 22p 66p 88s 33z 5z: counting 1111m as two pairs would give six pairs and a 5z wait, but
    # seven pairs needs seven different kinds: 2-shanten, no waits.
    assert waits("1111m2266p88s33z5z") == {}


def test_karaten_and_dead_waits() -> None:
    # 1111m + three sets: only a fifth 1m completes it (111+11, or 11+11 shanpon reading). Karaten.
    (w,) = find_waits("1111m123456789p")
    assert (str(w.tile), w.is_karaten, w.remaining, w.is_dead) == ("1m", True, 0, True)
    # Tanki on 5p beside a pon of 5p: the four copies are in the hand with its melds.
    (w,) = find_waits("5p pon:555p chi:123s ankan:7777z pon:555s")
    assert (w.in_hand, w.is_karaten) == (4, True)
    # 23m ryanmen with all four 1m visible elsewhere: 1m is dead (not karaten); 4m still has 4 left.
    by_tile = {str(w.tile): w for w in find_waits("23m456p789s11122z", visible="1111m")}
    assert (by_tile["1m"].is_dead, by_tile["1m"].is_karaten, by_tile["4m"].remaining) == (True, False, 4)
    with pytest.raises(ImpossibleTilesError):
        find_waits("23m456p789s11122z", visible="1z1z")  # 111z in hand + 2 visible = 5


def test_three_kinds_of_furiten() -> None:
    hand = "23m456p789s11122z"  # waits 1m 4m
    assert check_furiten(hand).can_ron
    own = check_furiten(hand, discards="9p4m")
    assert (own.reasons, own.tiles) == ((FuritenReason.OWN_DISCARD,), (Tile.parse("4m"),))
    assert check_furiten(hand, passed="1m").reasons == (FuritenReason.TEMPORARY,)
    assert check_furiten(hand, passed="5z").can_ron  # not a wait
    # In riichi, a winning tile let go is riichi furiten (for the rest of the hand), not temporary.
    assert check_furiten(hand, passed="1m", riichi=True).reasons == (FuritenReason.RIICHI,)
    assert check_furiten(hand, passed_in_riichi="4m", riichi=True).reasons == (FuritenReason.RIICHI,)
    both = check_furiten(hand, discards="1m", passed_in_riichi="4m", riichi=True)
    assert both.reasons == (FuritenReason.OWN_DISCARD, FuritenReason.RIICHI)
    # A furiten-free hand with another's discard that is no wait: fine; not tenpai: never furiten.
    assert check_furiten("147m258p369s1234z", discards="1m").can_ron


def test_ukeire_and_discard_table() -> None:
    # 1234m 456p 789s 11z 5z is 1-shanten; tiles making tenpai: 1m-6m (a second set shape around
    # 1234m), 1z (11z triplet, 5z tanki... with 1234m -> 123m + 4m tanki) and 5z (pair).
    got = ukeire("1234m456p789s11z5z", visible="5m")
    assert [(str(t), n) for t, n in got.tiles] == [("1m", 3), ("2m", 3), ("3m", 3), ("4m", 3), ("5m", 3),
                                                   ("6m", 4), ("1z", 2), ("5z", 3)]
    assert got.total == 24
    # 14 tiles: 1m or 4m away leaves a 1z/5z shanpon (2 + 2 unseen of the 14 tiles seen); 5p breaks a set.
    table = discard_table("1234m456p789s1155z")
    assert [(str(d.tile), d.shanten, d.ukeire.total) for d in table[:2]] == [("1m", 0, 4), ("4m", 0, 4)]
    assert table[-1].shanten == 1
    with pytest.raises(WrongTileCountError):
        discard_table("1234m456p789s115z")


def test_riichi_declaration() -> None:
    hand14 = "123m456p789s1112z5z"  # discard 2z or 5z: tanki on the other
    ok = check_riichi(hand14, tiles_left=4, points=1000)
    assert ok.allowed and ok.discards == (Tile.parse("2z"), Tile.parse("5z"))
    # The WRC Riichi Rules 2015: not with fewer than four tiles left in the wall; Tenhou also needs 1000 points.
    assert check_riichi(hand14, tiles_left=3).reasons == (Refusal.FEW_TILES,)
    assert check_riichi(hand14, points=900).reasons == (Refusal.FEW_POINTS,)
    # M-League (the rule-set survey §1e): neither requirement.
    tiles, points = riichi_thresholds(resolve_rules("mleague"))
    assert check_riichi(hand14, tiles_left=0, points=0, min_wall_tiles=tiles, min_points=points).allowed
    assert riichi_thresholds(resolve_rules("wrc")) == (4, 1000)
    assert check_riichi("123m789s1112z5z chi:456p").reasons == (Refusal.OPEN_HAND,)
    assert Refusal.NOT_TENPAI in check_riichi("147m258p369s12345z").reasons
    # A concealed kan keeps the hand closed.
    assert check_riichi("123m456p1112z5z ankan:7777s").allowed


def test_concealed_kan_after_riichi() -> None:
    # The WRC Riichi Rules 2015's example: 222333444m reads as three triplets or as three 234m runs: no kan under WRC.
    hand = "222333444m55p67s"  # waits 5s 8s either way
    assert check_ankan_after_riichi(hand, "2m").reasons == (Refusal.OTHER_READING,)
    # Rules that only ask for unchanged waits allow it: after 2222m the waits are still 5s 8s.
    assert check_ankan_after_riichi(hand, "2m", strict=False).allowed
    # 111z is a triplet in every reading: allowed everywhere.
    assert check_ankan_after_riichi("23m456p789s11122z", "1z").allowed
    # 3334m: waits 2m 5m (333 + 4 ... 33 + 34) and 4m (333 + 4 tanki): a kan of 3m leaves 4m tanki only.
    assert Refusal.CHANGES_WAITS in check_ankan_after_riichi("3334m456p789s111z", "3m", strict=False).reasons
    # Only with three in hand (no kan from the drawn tile otherwise).
    assert check_ankan_after_riichi(hand, "5p").reasons == (Refusal.NOT_A_KAN,)


def test_value_of_each_wait_comes_from_the_scorer() -> None:
    # 123m 22p 456p 789s 11z: shanpon 2p / 1z, closed, no riichi. Ron on 2p: no yaku (dora do not
    # count). Ron on 1z as the dealer in the East round: seat wind + round wind = 2 han; fu 20 + 10
    # (closed ron) + 4 (an honour triplet completed by ron counts as open) = 34 -> 40: dealer 2 han
    # 40 fu ron = 3900 (the EMA 2008 rules' table). Tsumo on 2p: menzen tsumo is a yaku.
    values = {str(v.wait.tile): v for v in wait_values("123m22456p789s11z")}
    assert not values["2p"].has_yaku_on_ron and values["2p"].ron_points is None
    assert isinstance(values["2p"].ron, NoYakuError)  # the scorer's own error, not an error code read back
    assert values["2p"].has_yaku_on_tsumo
    assert values["1z"].ron_points == 3900
    assert values["1z"].ron == score(Hand.parse("123m22456p789s111z"), WinContext.parse("1z"))


def test_each_wait_is_valued_with_the_flags_of_its_way_of_winning() -> None:
    # The same hand as South after riichi, on the last tile (haitei for a tsumo, houtei for a ron), West the
    # discarder: a ron on 1z is riichi + houtei (seat and round wind are South and East: 1z is the round
    # wind, 1 han): 3 han 40 fu non-dealer = 5200; a tsumo on 1z is riichi + menzen tsumo + haitei + round
    # wind: 4 han, 20 + 2 (tsumo) + 8 (the concealed 1z triplet) = 30 fu: 30 x 2^6 = 1920, so 3900 from the
    # dealer and 2000 from each other player (7900), and no discarder pays it.
    ctx = WinContext.parse("1m riichi haitei houtei discarder=W seat_wind=S")
    values = {str(v.wait.tile): v for v in wait_values("123m22456p789s11z", ctx)}
    ron, tsumo = values["1z"].ron, values["1z"].tsumo
    assert isinstance(ron, Score) and isinstance(tsumo, Score)
    assert [y.value for y, _ in ron.yaku] == ["riichi", "houtei", "round_wind"] and ron.points == 5200
    assert [p.payer for p in ron.payments] == [Wind.WEST]
    assert {y.value for y, _ in tsumo.yaku} == {"riichi", "menzen_tsumo", "haitei", "round_wind"}
    assert tsumo.points == 7900 and tsumo.tsumo and [p.amount for p in tsumo.payments] == [3900, 2000, 2000]


def test_analyze_case_json() -> None:
    result = analyze_case({"id": "a", "hand": "23m456p789s11122z", "discards": "4m", "values": False})
    assert result["ok"] and result["id"] == "a" and result["shanten"] == 0
    assert [w["tile"] for w in result["waits"]] == ["1m", "4m"]  # type: ignore[attr-defined]
    assert result["furiten"] == {"can_ron": False, "reasons": ["own_discard"], "tiles": ["4m"]}
    fourteen = analyze_case({"hand": "2222333444m55p67s", "riichi": True, "drawn": "2m"})
    assert fourteen["ankan_after_riichi"] == {"tile": "2m", "strict": True, "allowed": False,
                                              "reasons": ["other_reading"]}
    # Discarding the fourth 2m keeps the 5s/8s ryanmen, the widest tenpai: first in the table.
    assert fourteen["discards"][0]["tile"] == "2m"  # type: ignore[index]
    melds = analyze_case({"hand": "2m", "melds": [{"type": "pon", "tiles": "777z", "from": "W"},
                                                    {"type": "chi", "tiles": "123s"}, {"type": "chi", "tiles": "456s"},
                                                    {"type": "chi", "tiles": "789p"}], "values": False})
    assert melds["forms"] == {"standard": 0, "chiitoitsu": None, "kokushi": None}
    for bad, code in [({"hand": "123x"}, "invalid_notation"), ({"hand": "12m"}, "wrong_tile_count"),
                      ({"hand": "23m456p789s11122z", "oops": 1}, "invalid_case"), ([], "invalid_case"),
                      ({"hand": "23m456p789s11122z", "rules": "nope"}, "unknown_rules"),
                      ({"hand": "11111m23456789p"}, "impossible_tiles")]:
        out = analyze_case(bad)
        assert out["ok"] is False and out["error"]["code"] == code  # type: ignore[index]


def test_cli_jsonl_never_stops(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    lines = '{"id": 1, "hand": "23m456p789s11122z", "values": false}\nnot json\n{"hand": "1m"}\n'
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(lines.encode())))  # read as bytes (.buffer)
    parser = __import__("argparse").ArgumentParser()
    cli_analyze.add_parser(parser.add_subparsers())
    args = parser.parse_args(["analyze", "--jsonl"])
    assert cli_analyze.run(args) == 0
    out = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [r["ok"] for r in out] == [True, False, False]
    assert [r.get("error", {}).get("code") for r in out] == [None, "invalid_json", "wrong_tile_count"]


def test_cli_text(capsys: pytest.CaptureFixture[str]) -> None:
    parser = __import__("argparse").ArgumentParser()
    cli_analyze.add_parser(parser.add_subparsers())
    assert cli_analyze.run(parser.parse_args(["analyze", "1133557799m1p2p3p"])) == 0
    out = capsys.readouterr().out
    # Seven pairs 1-shanten (five pairs); a 1p, 2p or 3p makes the sixth pair: 3 copies each unseen.
    assert "1-shanten" in out and "1px3 2px3 3px3  = 9" in out


def test_cli_analyze_takes_a_spaced_hand_with_melds_unquoted(capsys: pytest.CaptureFixture[str]) -> None:
    # As riichi score does: 2m waits alone (tanki) beside a pon of Chun (1 han) and three chi.
    from riichi.cli import main  # noqa: PLC0415

    assert main(["analyze", "2m", "pon:777z@W", "chi:123s", "chi:456s", "chi:789p"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0] == "2m pon:777z@W chi:123s chi:456s chi:789p  (13 tiles)"
    assert "2m  tanki" in out


def test_wait_values_take_the_situation_and_the_rules_as_notation() -> None:
    # South in riichi under WRC: 123m 22p 456p 789s 11z waits on 2p and 1z (shanpon). Ron on 2p: riichi,
    # 20 + 10 (closed ron) + 2 (open 2p triplet: it was completed by ron) + 2 (the East pair is the round
    # wind's) = 34 -> 40 fu, 1 han: 1300. Ron on 1z: riichi + round wind, 40 fu, 2 han: 2600.
    by_text = wait_values("123m22456p789s11z", "riichi seat_wind=S", rules="wrc")
    assert [(str(v.wait.tile), v.ron_points) for v in by_text] == [("2p", 1300), ("1z", 2600)]
    typed = wait_values("123m22456p789s11z", WinContext.parse("1m riichi seat_wind=S"), rules=resolve_rules("wrc"))
    assert by_text == typed
    with pytest.raises(TypeError, match="the situation is a WinContext or its notation"):
        wait_values("123m22456p789s11z", 3)  # type: ignore[arg-type]


def test_cli_analyze_reads_a_red_five_as_the_rules_plain_five_and_says_so(
        capsys: pytest.CaptureFixture[str]) -> None:
    # As riichi score does. 234m 406p 789s 111z + 5s waits on 5s alone (tanki). The WRC Riichi Rules 2015 have
    # no red fives: the 0p is a plain 5p, so the dealer's East triplet (seat and round wind, 2 han) scores
    # 20 + 10 (closed ron) + 8 (closed honour triplet) + 2 (tanki) = 40 fu: 3900 by ron. It used to show "-".
    from riichi.cli import main  # noqa: PLC0415

    assert main(["analyze", "234m406p789s111z5s", "--rules", "wrc"]) == 0
    out = capsys.readouterr().out
    assert "note: red fives counted as plain fives: the rules have none" in out
    assert "  5s  tanki              3 left  ron 3900  tsumo 7800" in out.splitlines()


class _FailingRequest(dict):  # type: ignore[type-arg]
    """A request whose reading fails with an error no reader expects (a mapping that breaks when its keys are
    read, as the reader does to refuse an unknown field; compiled code reads a dict's items directly, but
    iterates a dict subclass as Python does)."""

    def __iter__(self) -> Iterator[str]:
        raise RuntimeError("the request broke")


def test_an_unexpected_failure_is_an_internal_error_result_not_a_crash() -> None:
    # docs/analysis.md: analyze_case never raises. Compiled, an unexpected exception once escaped as a
    # TypeError (the handler shared its name with the RiichiError handler, and compiled code keeps one type
    # per name).
    result = analyze_case(_FailingRequest({"hand": "23m456p789s11122z"}, id=3))
    assert result == {"id": 3, "ok": False, "error": {"code": "internal_error",
                                                      "message": "internal error (RuntimeError: the request broke)"}}


def test_analysis_results_show_as_the_pages_tables_in_a_notebook() -> None:
    from riichi.analysis import DiscardTable, WaitValues, discard_table, ukeire, wait_values  # noqa: PLC0415

    # 1234m 456p 789s 11z 55z: discarding 1m or 4m leaves tenpai on 1z/5z (two of each left: 4 tiles); twelve
    # distinct tiles, so twelve discards, best first.
    table = discard_table("1234m456p789s1155z")
    assert isinstance(table, DiscardTable) and isinstance(table, tuple)
    assert table[:2] == tuple(table)[:2] and len(table) == 12
    assert repr(table) == "<DiscardTable: 12 discards, best 1m (tenpai, 4 tiles help)>"
    page = table._repr_html_()
    assert page.count("<tr>") == 1 + 12  # the header and a row a discard
    # every discard and every tile that helps drawn as a tile picture
    assert page.count("<svg ") == sum(1 + len(c.ukeire.tiles) for c in table)
    assert "<td style='padding:2px 8px;text-align:left;vertical-align:middle'>tenpai</td>" in page
    # The dealer's 123m 22p 456p 789s 11z waits on 2p (no yaku by ron; menzen tsumo 1500) and East (double East:
    # 2 han, fu 20 + 10 closed ron + 4 East triplet completed on a discard = 34 -> 40: 3900; by tsumo 3 han, fu
    # 20 + 2 + 8 closed honour triplet = 30: 960 x 2 -> 2000 all, 6000).
    waits = wait_values("123m22456p789s11z")
    assert isinstance(waits, WaitValues) and repr(waits) == "<WaitValues: 2 waits 2p 1z>"
    page = waits._repr_html_()
    assert page.count("<tr>") == 1 + 2
    assert "3,900 <small>(2 han 40 fu)</small>" in page and "6,000 <small>(3 han 30 fu)</small>" in page
    assert "1,500 <small>(1 han 30 fu)</small>" in page and "<i>the hand is complete but has no yaku" in page
    # the ukeire of the 13 tiles: the two waits, each drawn with its copies left (2p: 2, 1z: 2)
    drawn = ukeire("123m22456p789s11z")._repr_html_()
    assert drawn.count("<svg ") == 2 and drawn.endswith("<div><small>4 tiles</small></div></div>")
