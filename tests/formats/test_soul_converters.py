"""Public Mahjong Soul games as converters write them (tenhou.net/6), replayed hand by hand.

The files (tests/data/soul/tenhou6, sources in tests/data/README.md): four games converted by tensoul-py-ng,
test data of MahjongPantheon/pantheon (Tenhou's yaku names, the Soul game id as ``ref``, the room or lobby in
``rule.disp``, the final scores and points in ``sc``), and two hands converted with English yaku names
(Equim-chan/mjai-reviewer's test data and its issue #40). Every hand of every file matches the record; the
one difference is a lobby's uma that no converted record states (250118, worked below), shown beside the
record's own value, never a stop.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from riichi.cli import main
from riichi.formats.detect import detect_format, read_record
from riichi.formats.record import GameRecord
from riichi.replay.convert import write_record
from riichi.replay.run import replay_game

DATA = Path(__file__).resolve().parents[1] / "data" / "soul" / "tenhou6"
BRONZE = DATA / "231014-84c11a6f-pantheon.json"
CONTEST_EAST = DATA / "240122-8211b2d1-pantheon.json"
ALL_TENPAI = DATA / "240302-203b66a8-pantheon.json"
NAGASHI = DATA / "250118-02cb218e-pantheon.json"
GOLD = DATA / "gold-room-south-mjai-reviewer.json"
ISSUE_40 = DATA / "211208-5a32132a-mjai-reviewer-issue-40.json"

#: Each file's hands as (round, honba, outcome); every one matches its record.
HANDS = {
    BRONZE: [("E1", 0, "draw"), ("E1", 1, "win"), ("E1", 2, "win"), ("E2", 0, "win"), ("E2", 1, "win"),
             ("E2", 2, "win"), ("E3", 0, "win"), ("E4", 0, "win")],
    CONTEST_EAST: [("E1", 0, "win"), ("E2", 0, "win"), ("E3", 0, "win"), ("E4", 0, "win")],
    ALL_TENPAI: [("E1", 0, "win"), ("E1", 1, "win"), ("E2", 0, "win"), ("E3", 0, "draw"), ("E3", 1, "win"),
                 ("E4", 0, "win"), ("S1", 0, "win"), ("S2", 0, "win"), ("S3", 0, "win"), ("S3", 1, "win"),
                 ("S4", 0, "win")],
    NAGASHI: [("E1", 0, "win"), ("E2", 0, "win"), ("E2", 1, "win"), ("E3", 0, "win"), ("E4", 0, "win"),
              ("S1", 0, "win"), ("S2", 0, "win"), ("S3", 0, "draw"), ("S4", 1, "win")],
    GOLD: [("S1", 0, "win")],
    ISSUE_40: [("E1", 0, "win")],
}


def _record(path: Path) -> GameRecord:
    raw = path.read_bytes()
    assert detect_format(raw) == "tenhou6"
    record = read_record(raw, name=path.name)
    assert not record.errors, record.errors
    assert record.rules.preset == "mahjongsoul"  # the room in rule.disp, or (issue 40) the Soul id as ref
    return record


def _kyoku(out: list[dict[str, object]]) -> list[dict[str, object]]:
    return [o for o in out if o["type"] == "kyoku"]


@pytest.mark.parametrize("path", list(HANDS), ids=lambda p: p.stem)
def test_every_hand_matches_the_converted_record(path: Path) -> None:
    out = list(replay_game(_record(path), file=path.name))
    kyoku = _kyoku(out)
    assert [(f"{k['round_wind']}{k['round_number']}", k["honba"], k["outcome"]) for k in kyoku] == HANDS[path]
    for k in kyoku:
        assert k["matches_log"] is True, (k["kyoku"], k["mismatches"])
        assert k["deltas"] == k["log"]["deltas"]  # type: ignore[index]


@pytest.mark.parametrize(("path", "scores", "points"), [
    # Soul's ranked rooms: the final score less 25,000, uma +15/+5/-5/-15 thousand (the mahjongsoul preset):
    # 43,600 -> 18.6 + 15 = 33.6; 27,800 -> 2.8 + 5 = 7.8; 20,600 -> -4.4 - 5 = -9.4; 8,000 -> -17 - 15 = -32.
    (BRONZE, [43600, 27800, 20600, 8000], [33.6, 7.8, -9.4, -32.0]),
    # A tournament lobby paying the same: 43,700 -> 33.7; 30,000 -> 10; 15,000 -> -15; 11,300 -> -28.7.
    (CONTEST_EAST, [30000, 11300, 15000, 43700], [10.0, -28.7, -15.0, 33.7]),
    # A lobby starting at 30,000 (its first hand's scores), final points measured from 30,000:
    # 39,100 -> 9.1 + 15 = 24.1; 31,500 -> 1.5 + 5 = 6.5. Seats 2 and 3 tie at 24,700: Soul ranks a tie by
    # seat (the seat nearer the first dealer first), so seat 2 is third (-5.3 - 5 = -10.3) and seat 3 fourth
    # (-5.3 - 15 = -20.3), as the record's sc says.
    (ALL_TENPAI, [39100, 31500, 24700, 24700], [24.1, 6.5, -10.3, -20.3]),
])
def test_the_final_scores_and_points_match_sc(path: Path, scores: list[int], points: list[float]) -> None:
    end = list(replay_game(_record(path), file=path.name))[-1]
    assert end["type"] == "game_end" and end["matches_log"] is True, end.get("mismatches")
    assert end["final_scores"] == scores and end["final_points"] == points
    assert end["log"] == {"final_scores": scores, "final_points": points}


def test_a_lobby_that_starts_at_30000_is_read_from_its_first_hand() -> None:
    # No converter writes a lobby's config; the first hand (E1, no honba, no sticks) starts every seat at 30,000,
    # so the game did, and the reader says so. Without it every hand's start would differ by 5,000.
    record = _record(ALL_TENPAI)
    assert dict(record.rules.switches) == {"starting_points": 30000, "target_points": 30000}
    assert record.ruleset().game.starting_points == 30000
    first = _kyoku(list(replay_game(record, file="game")))[0]
    assert first["scores_start"] == [30000] * 4
    assert any("starts at 30,000" in n for n in first["notes"])  # type: ignore[union-attr]
    # a game at the preset's own 25,000 needs no switch
    assert _record(BRONZE).rules.switches == ()


def test_an_all_tenpai_draw_pays_nothing_and_the_dealer_repeats() -> None:
    # E3 (dealer seat 2) ends in an exhaustive draw the record pays 0/0/0/0: all four hands tenpai, so nobody
    # pays noten (3,000 split between noten and tenpai seats needs at least one of each), and the dealer, tenpai,
    # deals again: the next hand is E3-1 with the same scores.
    kyoku = _kyoku(list(replay_game(_record(ALL_TENPAI), file="game")))
    draw = kyoku[3]
    assert draw["draw"] == {"type": "exhaustive", "tenpai": [0, 1, 2, 3], "nagashi": None}
    assert draw["deltas"] == [0, 0, 0, 0] and kyoku[4]["scores_start"] == draw["scores_end"]


def test_a_nagashi_mangan_leaves_the_riichi_sticks_on_the_table() -> None:
    # S3 (dealer seat 2): seats 0 and 1 declared riichi (1,000 each on the table), and at the draw seat 2's
    # discards are all terminals and honors, none called: a dealer's nagashi mangan, paid as a tsumo mangan,
    # 4,000 from each seat (12,000). The riichi sticks are no win's to take: they stay for the next winner, so
    # S4 starts with 2 sticks; the dealer's hand was noten, so the deal passes with a honba added (S4-1). The
    # S4 winner (seat 0) takes 8,000 + 300 honba + the 2 sticks + its own riichi stick: 11,300.
    kyoku = _kyoku(list(replay_game(_record(NAGASHI), file="game")))
    nagashi, last = kyoku[7], kyoku[8]
    assert nagashi["draw"]["nagashi"] == [2] and 2 not in nagashi["draw"]["tenpai"]  # type: ignore[index, operator]
    assert nagashi["riichi"] == [1, 0] and nagashi["deltas"] == [-4000, -4000, 12000, -4000]
    assert (last["honba"], last["riichi_sticks"], last["dealer"]) == (1, 2, 3)
    assert last["scores_start"] == [21200, 30300, 30500, 36000]  # 26,200 - 4,000 - 1,000 ... as the record says
    assert last["deltas"] == [11300, 0, 0, -8300]


def test_a_lobby_uma_no_record_states_shows_beside_the_records_points() -> None:
    # The record's sc pays 31.5 / -9.7 / 10.5 / -32.3 for 31,500 / 30,300 / 30,500 / 27,700 from 30,000:
    # 1.5 + 30, 0.3 - 10, 0.5 + 10, -2.3 - 30, an uma of +30/+10/-10/-30 that the lobby set and the converted
    # record does not carry. The engine pays Soul's ranked uma (+15/+5/-5/-15): 16.5 / -4.7 / 5.5 / -17.3.
    # Every hand and the final scores agree; only the final points differ, with the record's own beside them.
    end = list(replay_game(_record(NAGASHI), file="game"))[-1]
    assert end["final_scores"] == [31500, 30300, 30500, 27700] == end["log"]["final_scores"]  # type: ignore[index]
    assert end["mismatches"] == ["final_points"] and end["matches_log"] is False
    assert end["final_points"] == [16.5, -4.7, 5.5, -17.3]
    assert end["log"]["final_points"] == [31.5, -9.7, 10.5, -32.3]  # type: ignore[index]


def test_a_riichi_tile_that_is_ronned_pays_no_stick_and_a_converter_that_pays_it_shows() -> None:
    # 250118 E3: seat 3 declared riichi (its stick stands), then seat 2 declared riichi with 3s and seat 0 ron'd
    # that very tile: a riichi whose declaration tile deals in is not made, so its 1,000 is not paid. The winner
    # takes 3,900 + seat 3's stick = 4,900, as tensoul-py-ng writes it. Equim-chan/tensoul (convert.js) counts a
    # riichi when its tile is discarded (``kyoku.nriichi++`` before any ron), so it writes 5,900 for the winner:
    # that converter error (the record altered so) is a difference carrying both values, and the game goes on
    # from the next hand's start as the record states it, where both agree.
    obj = json.loads(NAGASHI.read_text(encoding="utf-8"))
    obj["log"][3][16][1] = [5900, 0, -3900, 0]
    record = read_record(json.dumps(obj, ensure_ascii=False).encode(), "tenhou6")
    kyoku = _kyoku(list(replay_game(record, file="game")))
    assert "deltas" in kyoku[3]["mismatches"]  # type: ignore[operator]
    assert kyoku[3]["deltas"] == [4900, 0, -3900, 0] and kyoku[3]["log"]["deltas"] == [5900, 0, -3900, 0]  # type: ignore[index]
    assert len(kyoku) == 9 and all(k["matches_log"] is True for k in kyoku[4:])


def test_english_yaku_names_of_an_excerpt_read_as_the_yaku() -> None:
    # Gold Room South, S1 (dealer seat 0): seat 1, in riichi, rons seat 0's 1s: riichi, dora (4p indicator: 5p)
    # and no ura: 2 han 40 fu, 2,600, plus its own riichi stick back: 3,600.
    out = list(replay_game(_record(GOLD), file="game"))
    assert len(out) == 1  # an excerpt of a game still going: no game_end, and nothing missing
    k = out[0]
    assert k["notes"] == ["an excerpt: starts at S1-0 from the scores, honba and sticks its first hand states"]
    win = k["wins"][0]  # type: ignore[index]
    assert (win["winner"], win["from"], win["han"], win["fu"], win["points"]) == (1, 0, 2, 40, 2600)
    assert k["log"]["wins"][0]["yaku"] == [{"name": "riichi", "han": 1}, {"name": "dora", "han": 1},  # type: ignore[index]
                                           {"name": "ura_dora", "han": 0}]


def test_a_soul_id_as_ref_and_english_limits() -> None:
    # Issue 40's hand: no rule object, the Soul id as ref (a Soul game). Seat 2 tsumos a mangan (honitsu 2,
    # haku, hatsu, a red five) written "Mangan 2000-4000点": 2,000 / 4,000 from the dealer, and seat 3's riichi
    # stick, 9,000. The file holds this hand only, so the replay then says the record ends early.
    out = list(replay_game(_record(ISSUE_40), file="game"))
    k = out[0]
    assert k["wins"][0]["limit"] == "mangan" and k["deltas"] == [-4000, -2000, 9000, -2000]  # type: ignore[index]
    assert {y["name"] for y in k["log"]["wins"][0]["yaku"]} == {"honitsu", "haku", "hatsu", "aka_dora"}  # type: ignore[index]
    assert out[-1]["type"] == "error" and "truncated" in out[-1]["error"]["message"]  # type: ignore[index]


def test_the_command_replays_the_folder(capsys: pytest.CaptureFixture[str]) -> None:
    # Exit 1: the lobby uma of 250118 and the cut-short issue-40 file; every hand of every file matches.
    assert main(["replay", "--jsonl", str(DATA)]) == 1
    out = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    kyoku = [o for o in out if o["type"] == "kyoku"]
    assert len(kyoku) == sum(len(h) for h in HANDS.values()) and all(k["matches_log"] is True for k in kyoku)
    ends = {Path(o["file"]).name: o["matches_log"] for o in out if o["type"] == "game_end"}
    # the Gold Room hand is an excerpt of a game still going: nothing to end, nothing missing
    assert ends == {BRONZE.name: True, CONTEST_EAST.name: True, ALL_TENPAI.name: True, NAGASHI.name: False}
    assert [Path(o["file"]).name for o in out if o["type"] == "error"] == [ISSUE_40.name]


@pytest.mark.parametrize("path", [BRONZE, ALL_TENPAI, NAGASHI], ids=lambda p: p.stem)
def test_the_replay_page_reads_them(path: Path) -> None:
    from riichi.web.replay import replay_record

    view = replay_record(path.read_bytes(), name=path.name)
    assert view["ok"] and view["format"] == "tenhou6"
    assert view["rules"]["name"] == "mahjongsoul" and view["rules"]["room"] == json.loads(  # type: ignore[index]
        path.read_text(encoding="utf-8"))["rule"]["disp"]
    assert view["names"] == ["TPlayer1", "プレーヤー2", "プレーヤー3", "プレーヤー4"]
    assert [h["kyoku"]["matches_log"] for h in view["hands"]] == [True] * len(HANDS[path])  # type: ignore[index, union-attr]
    assert view["game_end"]["matches_log"] is (path != NAGASHI)  # type: ignore[index]


@pytest.mark.parametrize("fmt", ["tenhou6", "mjai"])
@pytest.mark.parametrize("path", [BRONZE, ALL_TENPAI, NAGASHI], ids=lambda p: p.stem)
def test_written_out_they_replay_the_same(path: Path, fmt: str) -> None:
    # Written as tenhou.net/6 or mjai, a converted game keeps its Soul rules (the 30,000 start rides along in
    # the written rule) and the record's own results: read back, every hand and the game's end compare the same.
    record = _record(path)
    again = read_record(write_record(record, fmt).encode("utf-8"), fmt)
    assert not again.errors and again.rules.preset == "mahjongsoul"
    assert again.ruleset().game.starting_points == record.ruleset().game.starting_points
    first, second = (list(replay_game(r, file="game")) for r in (record, again))
    keys = ("round_wind", "round_number", "honba", "deltas", "scores_start", "matches_log", "mismatches")
    assert [[o.get(k) for k in keys] for o in first] == [[o.get(k) for k in keys] for o in second]
    assert (first[-1]["final_points"], first[-1]["log"]) == (second[-1]["final_points"], second[-1]["log"])
