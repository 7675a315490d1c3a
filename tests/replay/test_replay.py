"""Replaying the 175 real Tenhou games of tests/data/games through the engine: every hand's values are the
engine's own and equal what Tenhou's server wrote (truth.jsonl, written from the records by an independent
reader), as the replay contract asks: round, dealer, honba, sticks, start scores, dora indicators, riichi
seats, outcome, each win (winner, from, tsumo, points, limit, pao, deltas, and han, fu and yaku below
yakuman), each draw (type, tenpai and nagashi seats), the hand's deltas, end scores, game_over, and the
final scores. The record's own results are never used: the same values come out of a record whose
results are removed, and a record whose results are altered is reported as differing."""

from __future__ import annotations

import json
import re
import urllib.parse
from pathlib import Path

import pytest

from riichi.formats.detect import read_record
from riichi.formats.mjai import read_mjai, write_mjai
from riichi.formats.mjlog import read_mjlog
from riichi.formats.tenhou6 import read_tenhou6
from riichi.replay import replay_game
from riichi.replay.convert import write_record
from riichi.yaku import Yaku

GAMES = Path(__file__).parent.parent / "data" / "games"
TRUTH = {t["game_id"]: t for t in map(json.loads, (GAMES / "truth.jsonl").read_text(encoding="utf8").splitlines())}
LIMIT = {"kazoe_yakuman": "yakuman"}


def _yaku(items: list) -> list[tuple[str, int]]:
    return sorted((y["name"], y["han"]) for y in items if y["han"] > 0)


def expected(k: dict, last: bool) -> dict:
    """What the contract says a replay must print for truth hand ``k``."""
    out = {key: k[key] for key in ("round_wind", "round_number", "dealer", "honba", "riichi_sticks", "scores_start",
                                   "dora_indicators", "riichi", "outcome", "deltas", "scores_end")}
    out["game_over"] = last
    out["wins"] = []
    for w in k["wins"]:
        e = {key: w[key] for key in ("winner", "from", "tsumo", "points", "limit", "pao", "deltas")}
        e["yakuman"] = sorted(Yaku.from_tenhou_id(i).value for i in w["yakuman"])
        if not w["yakuman"]:
            e.update(han=w["han"], fu=w["fu"],
                     yaku=sorted((Yaku.from_tenhou_id(i).value, h) for i, h in w["yaku"] if h > 0))
        out["wins"].append(e)
    if k["draw"]:
        out["draw"] = {key: k["draw"][key] for key in ("type", "tenpai", "nagashi") if k["draw"][key] is not None
                       or key == "nagashi" and k["draw"]["type"] == "exhaustive"}
    return out


def got(o: dict, truth_kyoku: dict) -> dict:
    out = {key: o[key] for key in ("round_wind", "round_number", "dealer", "honba", "riichi_sticks", "scores_start",
                                   "dora_indicators", "riichi", "outcome", "deltas", "scores_end", "game_over")}
    out["wins"] = []
    for w, tw in zip(o["wins"], truth_kyoku["wins"] + [None] * len(o["wins"]), strict=False):
        e = {key: w[key] for key in ("winner", "from", "tsumo", "points", "pao", "deltas")}
        e["limit"] = LIMIT.get(w["limit"], w["limit"])
        e["yakuman"] = sorted(y["name"] for y in w["yakuman"])
        if not (tw and tw["yakuman"]):
            e.update(han=w["han"], fu=w["fu"], yaku=_yaku(w["yaku"]))
        out["wins"].append(e)
    if o["draw"] is not None:
        out["draw"] = {key: o["draw"][key] for key in ("type", "tenpai", "nagashi")
                       if truth_kyoku["draw"][key] is not None or key == "nagashi"
                       and truth_kyoku["draw"]["type"] == "exhaustive"}
    return out


def replay_text(text: str, game_id: str, fmt: str = "mjlog") -> list[dict]:
    record = read_record(text.encode("utf8"), fmt, name=game_id)
    return list(replay_game(record, file=game_id))


def check(out: list[dict], truth: dict, matches: bool | None) -> None:
    kyoku = [o for o in out if o["type"] == "kyoku"]
    assert [o for o in out if o["type"] == "error"] == []
    assert len(kyoku) == len(truth["kyoku"])
    for o, k in zip(kyoku, truth["kyoku"], strict=True):
        assert got(o, k) == expected(k, k is truth["kyoku"][-1]), f"hand {k['index']}"
        assert o["matches_log"] is matches, (k["index"], o["mismatches"])
    end = out[-1]
    assert end["type"] == "game_end"
    assert end["final_scores"] == truth["final_scores"]
    if truth["log_id"]:  # the final points' rounding depends on the log's date
        assert end["final_points"] == pytest.approx(truth["owari_points"])


@pytest.mark.parametrize("game_id", list(TRUTH))
def test_every_game_replays_as_recorded(game_id: str) -> None:
    truth = TRUTH[game_id]
    out = replay_text((GAMES / truth["file"]).read_text(encoding="utf8"), game_id)
    check(out, truth, True)
    assert out[-1]["wall"] == "verified"  # every tile the record names is the one its SHUFFLE seed's walls give
    assert all(o["log"]["deltas"] == k["deltas"] for o, k in zip(out, truth["kyoku"], strict=False))


_RESULTS = re.compile(r'\s(sc|ten|yaku|yakuman|ba|owari|paoWho)="[^"]*"')


@pytest.mark.parametrize("game_id", list(TRUTH)[::7])
def test_results_removed_give_the_same_values(game_id: str) -> None:
    truth = TRUTH[game_id]
    text = (GAMES / truth["file"]).read_text(encoding="utf8")
    stripped = re.sub(r"<(AGARI|RYUUKYOKU)\b[^>]*>", lambda m: _RESULTS.sub("", m.group(0)), text)
    check(replay_text(stripped, game_id), truth, None)


@pytest.mark.parametrize("game_id", list(TRUTH)[::11])
def test_altered_results_are_reported_and_not_used(game_id: str) -> None:
    truth = TRUTH[game_id]
    text = (GAMES / truth["file"]).read_text(encoding="utf8")

    def raise_fu(m: re.Match[str]) -> str:  # every win's fu and points raised: the engine's own stay
        fu, points, limit = m.group(1).split(",")
        return f'ten="{int(fu) + 10},{int(points) + 1000},{limit}"'

    altered = re.sub(r'ten="(\d+,\d+,\d+)"', raise_fu, text)
    altered = re.sub(r'(<RYUUKYOKU\b[^>]*?)ba="(\d+),(\d+)"', lambda m: f'{m.group(1)}ba="{int(m.group(2)) + 1},'
                     f'{m.group(3)}"', altered)
    out = replay_text(altered, game_id)
    kyoku = [o for o in out if o["type"] == "kyoku"]
    for o, k in zip(kyoku, truth["kyoku"], strict=True):
        assert got(o, k) == expected(k, k is truth["kyoku"][-1])
        if k["wins"]:
            assert o["matches_log"] is False and "wins[0].points" in o["mismatches"]
            assert o["log"]["wins"][0]["points"] == k["wins"][0]["points"] + 1000
        else:  # a draw's ba is the hand's honba: raised, it differs from the engine's count
            assert o["matches_log"] is False and o["mismatches"] == ["draw.honba"]


# Hand-picked records, each with the rule it exercises (hand index in the game).
PICKED = [
    ("2010091009gm-00a9-0000-83af2648", 7, "double ron: two winners paid in turn from the discarder, the first "
     "collecting the sticks; a yakuman; the game ends on a bust"),
    ("2010112714gm-00a9-0000-d497e395", 6, "kyuushu kyuuhai (yao9), an abortive draw: the dealer stays"),
    ("2018040923gm-00a9-0000-1833afca", 2, "four riichi (reach4): the fourth stick is paid, the sticks stay"),
    ("h-5201c79d0cca0733", 6, "triple ron is an abortive draw (ron3) under Tenhou's rules"),
    ("2016052515gm-00a9-0000-c4d72066", 2, "four kans by two players (kan4)"),
    ("2020052221gm-00a9-0000-6f0524c7", 9, "four winds (kaze4)"),
    ("2019082700gm-00a9-0000-63d1f136", 3, "nagashi mangan paid at the exhaustive draw"),
    ("2017091022gm-00a9-0000-55c5aa68", 4, "pao: the liable player pays for a yakuman it fed"),
    ("2010112714gm-00a9-0000-d497e395", 3, "an added kan's dora indicator turned before the next discard"),
    ("2010081709gm-00a9-0000-fe3371ad", 14, "agari-yame: the all-last dealer in first place ends the game"),
    ("2011020416gm-00a9-0000-025480d4", 9, "the west round: nobody reached the target by the end of the south"),
    ("2011020613gm-00a9-0000-3774f8d1", 10, "sticks left on the table at the end go to the top player"),
]


@pytest.mark.parametrize(("game_id", "hand", "rule"), PICKED, ids=[f"{g}#{h}" for g, h, _ in PICKED])
def test_hand_picked(game_id: str, hand: int, rule: str) -> None:
    truth = TRUTH[game_id]
    out = replay_text((GAMES / truth["file"]).read_text(encoding="utf8"), game_id)
    o = next(o for o in out if o["type"] == "kyoku" and o["kyoku"] == hand)
    k = truth["kyoku"][hand]
    assert got(o, k) == expected(k, k is truth["kyoku"][-1]), rule
    assert o["matches_log"] is True, (rule, o["mismatches"])


@pytest.mark.parametrize("game_id", list(TRUTH)[::5])
def test_every_format_replays_alike(game_id: str) -> None:
    # --write: replaying a converted record gives the same kyoku objects as replaying the original.
    truth = TRUTH[game_id]
    text = (GAMES / truth["file"]).read_text(encoding="utf8")
    original = [o for o in replay_text(text, game_id) if o["type"] == "kyoku"]
    record = read_mjlog(text, log_id=game_id)
    for fmt, read in (("mjai", read_mjai), ("tenhou6", lambda t: read_tenhou6(t, log_id=game_id)),
                      ("mjlog", lambda t: read_mjlog(t, log_id=game_id))):
        converted = [o for o in replay_game(read(write_record(record, fmt)), file=game_id) if o["type"] == "kyoku"]
        strip = ("log",) if fmt != "mjlog" else ()
        assert [{k: v for k, v in o.items() if k not in strip} for o in converted] == [
            {k: v for k, v in o.items() if k not in strip} for o in original], fmt


def test_a_record_without_results_is_written_with_the_engines() -> None:
    truth = TRUTH["2010081709gm-00a9-0000-fe3371ad"]
    text = (GAMES / truth["file"]).read_text(encoding="utf8")
    stripped = re.sub(r"<(AGARI|RYUUKYOKU)\b[^>]*>", lambda m: _RESULTS.sub("", m.group(0)), text)
    record = read_mjlog(stripped, log_id=truth["game_id"])
    lines = [json.loads(line) for line in write_record(record, "mjai").splitlines()]
    assert [line["deltas"] for line in lines if line["type"] in ("hora", "ryukyoku")] == [
        w["deltas"] for k in truth["kyoku"] for w in (k["wins"] or [k["draw"]])]
    assert write_mjai(record) != write_record(record, "mjai")


def test_a_four_player_record_marked_three_player_is_refused() -> None:
    # GO type 185 says three players; the record deals a fourth hand (hai3): no hand is replayed and the
    # first error names it.
    truth = TRUTH["2010081709gm-00a9-0000-fe3371ad"]
    text = (GAMES / truth["file"]).read_text(encoding="utf8").replace('<GO type="169"/>', '<GO type="185"/>')
    out = replay_text(text, truth["game_id"])
    assert {o["type"] for o in out} == {"error"}
    assert out[0]["error"]["code"] == "invalid_log" and "hai3 deals a fourth hand" in out[0]["error"]["message"]


def test_a_truncated_record_gives_its_hands_then_an_error() -> None:
    truth = TRUTH["2010081709gm-00a9-0000-fe3371ad"]
    text = (GAMES / truth["file"]).read_text(encoding="utf8")
    cut = text[:text.index("<INIT", text.index("<INIT", text.index("<INIT") + 1) + 1) + 300]
    out = replay_text(cut, truth["game_id"])
    assert [o["type"] for o in out] == ["kyoku", "kyoku", "error"]
    assert out[-1]["error"]["code"] == "invalid_log" and "ends inside hand 3" in out[-1]["error"]["message"]  # kyoku 2


def test_game_end_names_the_players_as_the_record_does() -> None:
    # the record's <UN n0..n3> tag, URL-decoded: n1 is %41%53%41%50%49%4E = "ASAPIN"
    game_id = "2010081709gm-00a9-0000-fe3371ad"
    text = (GAMES / TRUTH[game_id]["file"]).read_text(encoding="utf8")
    un = dict(re.findall(r'\s(n[0-3])="([^"]*)"', re.search(r"<UN [^>]*>", text).group(0)))
    assert replay_text(text, game_id)[-1]["names"] == [urllib.parse.unquote(un[f"n{s}"]) for s in range(4)]
    assert replay_text(text, game_id)[-1]["names"][1] == "ASAPIN"
    # a record that names nobody (the UN tag removed) gives null, never four empty strings
    assert replay_text(re.sub(r"<UN [^>]*>", "", text), game_id)[-1]["names"] is None
