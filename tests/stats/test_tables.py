"""The tables of ``riichi stats`` on the 175 real Tenhou games of tests/data/games, checked against what
truth.jsonl (written from the records themselves) states: every hand, outcome, draw type, win, score change,
accepted riichi and final score."""

from __future__ import annotations

import re
import urllib.parse
from collections import Counter
from pathlib import Path

import pytest

from riichi.stats import BuildResult, connect

from .conftest import LOGS, TRUTH


def rows(out: Path, sql: str) -> list[tuple[object, ...]]:
    return connect(out).execute(sql).fetchall()


def test_every_record_is_replayed_to_its_end(corpus: tuple[Path, BuildResult]) -> None:
    out, result = corpus
    assert (result.records, result.replayed, result.skipped, result.complete) == (175, 175, 0, 175)
    assert result.hands == sum(len(t["kyoku"]) for t in TRUTH) == 1810
    assert rows(out, "SELECT count(*) FROM failures") == [(0,)]
    assert rows(out, "SELECT status, count(*) FROM records GROUP BY status") == [("complete", 175)]
    games = {r[0]: r[1:] for r in rows(out, "SELECT game_id, hands, final_scores, final_points, players, complete, "
                                            "format, rules, matches_log FROM games")}
    assert set(games) == {t["game_id"] for t in TRUTH}
    for t in TRUTH:
        hands, final_scores, final_points, players, complete, fmt, rules, matches = games[t["game_id"]]
        assert (hands, final_scores, players, complete, fmt, rules, matches) == (
            len(t["kyoku"]), t["final_scores"], 4, True, "mjlog", "tenhou", True)
        assert final_points == pytest.approx(t["owari_points"])


def test_each_hand_as_the_record_states_it(corpus: tuple[Path, BuildResult]) -> None:
    out, _ = corpus
    got = {(r[0], r[1]): r[2:] for r in rows(out, "SELECT game_id, kyoku, round_wind, round_number, dealer, honba, "
                                                  "riichi_sticks, outcome, draw_type FROM kyoku")}
    expected = {(t["game_id"], k["index"]): (k["round_wind"], k["round_number"], k["dealer"], k["honba"],
                                             k["riichi_sticks"], k["outcome"], k["draw"]["type"] if k["draw"] else None)
                for t in TRUTH for k in t["kyoku"]}
    assert got == expected
    # the draw types the records state: 273 exhaustive draws, 15 kyuushu kyuuhai, ... (counted from truth.jsonl)
    truth_draws = Counter(k["draw"]["type"] for t in TRUTH for k in t["kyoku"] if k["draw"])
    assert dict(rows(out, "SELECT draw_type, hands FROM draw_types")) == truth_draws


def test_each_win_as_the_record_states_it(corpus: tuple[Path, BuildResult]) -> None:
    out, _ = corpus
    got = Counter(rows(out, "SELECT game_id, kyoku, winner, from_seat, tsumo, points, "
                            "CASE WHEN len(yakuman) = 0 THEN han END, CASE WHEN len(yakuman) = 0 THEN fu END, "
                            "len(yakuman) > 0 FROM wins"))
    expected = Counter((t["game_id"], k["index"], w["winner"], w["from"], w["tsumo"], w["points"],
                        None if w["yakuman"] else w["han"], None if w["yakuman"] else w["fu"], bool(w["yakuman"]))
                       for t in TRUTH for k in t["kyoku"] for w in k["wins"])
    assert got == expected
    assert sum(got.values()) == 1526


def test_each_seat_of_each_hand(corpus: tuple[Path, BuildResult]) -> None:
    out, _ = corpus
    got = {(r[0], r[1], r[2]): r[3:] for r in rows(
        out, "SELECT game_id, kyoku, seat, delta, riichi_accepted, win, deal_in, dealer, tenpai_at_draw FROM seat_kyoku")}
    expected = {}
    for t in TRUTH:
        for k in t["kyoku"]:
            tenpai = k["draw"]["tenpai"] if k["draw"] and k["draw"]["type"] in ("exhaustive", "nm") else None
            for seat in range(4):
                expected[t["game_id"], k["index"], seat] = (
                    k["deltas"][seat], seat in k["riichi"], any(w["winner"] == seat for w in k["wins"]),
                    any(w["from"] == seat for w in k["wins"]), seat == k["dealer"],
                    None if tenpai is None else seat in tenpai)
    assert got == expected


def test_a_riichi_declared_on_the_tile_that_deals_in_counts_as_riichi(corpus: tuple[Path, BuildResult]) -> None:
    # the records' REACH step="1" tags (each a declaration) against truth.jsonl's accepted riichi (the stick
    # paid): a seat that declared and dealt in on its declaration tile is riichi but not riichi_accepted
    out, _ = corpus
    got: dict[tuple[object, object], set[object]] = {}
    for game_id, kyoku, seat in rows(out, "SELECT game_id, kyoku, seat FROM seat_kyoku WHERE riichi"):
        got.setdefault((game_id, kyoku), set()).add(seat)
    declared: dict[tuple[object, object], set[object]] = {}
    not_paid = 0
    for t in TRUTH:
        hands = re.split(r"<INIT ", (LOGS.parent / t["file"]).read_text(encoding="utf-8"))[1:]
        for k, hand in zip(t["kyoku"], hands, strict=True):
            seats = {int(s) for s in re.findall(r'<REACH who="(\d)" step="1"', hand)}
            if seats:
                declared[t["game_id"], k["index"]] = seats
            not_paid += len(seats - set(k["riichi"]))
    assert got == declared
    assert not_paid > 0  # the corpus has such riichi
    assert rows(out, "SELECT count(*) FROM seat_kyoku WHERE riichi AND NOT riichi_accepted") == [(not_paid,)]


def test_the_rates_are_the_counts_of_the_record(corpus: tuple[Path, BuildResult]) -> None:
    out, _ = corpus
    hands = [k for t in TRUTH for k in t["kyoku"]]
    seat_hands = 4 * len(hands)
    wins = sum(len({w["winner"] for w in k["wins"]}) for k in hands)
    deal_ins = sum(len({w["from"] for w in k["wins"] if w["from"] is not None}) for k in hands)
    draws = sum(k["outcome"] == "draw" for k in hands)
    points = [w["points"] for k in hands for w in k["wins"]]
    assert rows(out, "SELECT seat_hands, wins, win_rate FROM win_rate") == [(seat_hands, wins, wins / seat_hands)]
    assert rows(out, "SELECT deal_ins, deal_in_rate FROM deal_in_rate") == [(deal_ins, deal_ins / seat_hands)]
    assert rows(out, "SELECT hands, draws, draw_rate FROM draw_rate") == [(len(hands), draws, draws / len(hands))]
    (count, average), = rows(out, "SELECT wins, average_win FROM average_win")
    assert count == len(points) and average == pytest.approx(sum(points) / len(points))
    # every seat-hand of the player tables adds up to the whole
    assert rows(out, "SELECT sum(hands) FROM player_stats") == [(seat_hands,)]
    assert rows(out, "SELECT sum(games) FROM placements") == [(4 * 175,)]


def test_names_come_from_the_record(corpus: tuple[Path, BuildResult]) -> None:
    out, _ = corpus
    t = TRUTH[0]
    text = (LOGS.parent / t["file"]).read_text(encoding="utf-8")
    tag = re.search(r"<UN [^>]*>", text)
    assert tag is not None
    names = [urllib.parse.unquote(n) for n in re.findall(r'\sn[0-3]="([^"]*)"', tag.group(0))]
    assert rows(out, f"SELECT names FROM games WHERE game_id = '{t['game_id']}'") == [(names,)]
    assert rows(out, f"SELECT seat, name FROM seat_kyoku WHERE game_id = '{t['game_id']}' AND kyoku = 0 "
                     "ORDER BY seat") == list(enumerate(names))
    # places by final score (truth: 20100, 35800, 5200, 38900)
    assert rows(out, f"SELECT name, place FROM game_seats WHERE game_id = '{t['game_id']}' ORDER BY place") == [
        (names[3], 1), (names[1], 2), (names[0], 3), (names[2], 4)]
    (games,), = rows(out, f"SELECT games FROM player_stats WHERE name = '{names[1]}'")
    assert games == sum(names[1] in urllib.parse.unquote(
        (LOGS.parent / g["file"]).read_text(encoding="utf-8").split("<UN ", 1)[1].split(">", 1)[0]) for g in TRUTH)


def test_yaku_frequencies_count_the_wins_with_each(corpus: tuple[Path, BuildResult]) -> None:
    out, _ = corpus
    # riichi (Tenhou yaku id 1) among the truth's wins below yakuman
    riichi = sum(any(y[0] == 1 for y in w["yaku"]) for t in TRUTH for k in t["kyoku"] for w in k["wins"])
    assert rows(out, "SELECT wins FROM yaku_frequency WHERE name = 'riichi'") == [(riichi,)]


def test_three_player_games_have_three_seats(tmp_path: Path) -> None:
    # the five real three-player Tenhou games of tests/data/sanma (a double ron, a bust, a west round among
    # them) against their truth.jsonl: three seat rows a hand, each seat's delta, each win, the final scores
    import json

    from riichi.stats import build

    sanma = LOGS.parent.parent / "sanma"
    truth = [json.loads(line) for line in (sanma / "truth.jsonl").read_text(encoding="utf-8").splitlines()]
    result = build([str(sanma / "logs"), str(sanma / "games")], tmp_path / "t")
    assert (result.replayed, result.complete) == (len(truth), len(truth))
    out = tmp_path / "t"
    assert rows(out, "SELECT DISTINCT players FROM games") == [(3,)]
    assert dict(rows(out, "SELECT game_id, final_scores FROM games")) == {t["game_id"]: t["final_scores"]
                                                                         for t in truth}
    got = {(r[0], r[1], r[2]): r[3] for r in rows(out, "SELECT game_id, kyoku, seat, delta FROM seat_kyoku")}
    assert got == {(t["game_id"], k["index"], seat): k["deltas"][seat]
                   for t in truth for k in t["kyoku"] for seat in range(3)}
    assert Counter(rows(out, "SELECT game_id, kyoku, winner, from_seat, points FROM wins")) == Counter(
        (t["game_id"], k["index"], w["winner"], w["from"], w["points"]) for t in truth for k in t["kyoku"]
        for w in k["wins"])
    assert rows(out, "SELECT DISTINCT place FROM game_seats ORDER BY place") == [(1,), (2,), (3,)]
