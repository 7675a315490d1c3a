"""Three-player Tenhou games (tests/data/sanma) replayed through the engine, as the replay contract's
"Three-player games" asks: seats 0-2, every score list of three, each North set aside followed like a
call, and every hand's values the engine's own and equal to what Tenhou's server wrote (truth.jsonl):
round, dealer, honba, sticks, start scores, dora indicators, riichi seats, each win (winner, from,
points, limit, pao, deltas, han, fu and yaku, the set-aside Norths as ``nukidora``, which Tenhou counts
in its dora figure), each draw, the hand's deltas, end scores, game_over, final scores and points. The
same values come out of the record with its results removed, and out of the record converted into each
of the three formats (Norths set aside written as Tenhou and three-player mjai tools write them)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from riichi.formats.mjai import read_mjai
from riichi.formats.mjlog import read_mjlog
from riichi.formats.mjlog_codes import CallKind, GoType, decode_meld
from riichi.formats.tenhou6 import read_tenhou6
from riichi.game.events import Kita
from riichi.replay import replay_game
from riichi.replay.convert import write_record
from tests.replay.test_replay import expected, got

SANMA = Path(__file__).parent.parent / "data" / "sanma"
TRUTH = {t["game_id"]: t for t in map(json.loads, (SANMA / "truth.jsonl").read_text(encoding="utf8").splitlines())}
_RESULTS = re.compile(r'\s(sc|ten|yaku|yakuman|ba|owari|paoWho)="[^"]*"')


def _tenhou_view(o: dict, k: dict) -> dict:
    """The engine's hand with each win's nukidora counted in its dora entry, as Tenhou's yaku 52 counts it
    (and the nukidora han checked against the Norths the truth says the winner set aside)."""
    o = json.loads(json.dumps(o))
    for w, tw in zip(o["wins"], k["wins"], strict=True):
        kita = sum(y["han"] for y in w["yaku"] if y["name"] == "nukidora")
        assert kita == tw["kita"], (k["index"], w["yaku"], tw["kita"])
        if kita:
            rest = [y for y in w["yaku"] if y["name"] not in ("nukidora", "dora")]
            dora = sum(y["han"] for y in w["yaku"] if y["name"] == "dora") + kita
            w["yaku"] = [*rest, {"name": "dora", "han": dora}]
    return got(o, k)


def _check(out: list[dict], truth: dict, matches: bool | None) -> None:
    assert [o for o in out if o["type"] == "error"] == []
    kyoku = [o for o in out if o["type"] == "kyoku"]
    assert len(kyoku) == len(truth["kyoku"])
    for o, k in zip(kyoku, truth["kyoku"], strict=True):
        assert len(o["scores_start"]) == len(o["deltas"]) == 3  # noqa: PLR2004
        assert _tenhou_view(o, k) == expected(k, k is truth["kyoku"][-1]), f"hand {k['index']}"
        assert o["matches_log"] is matches, (k["index"], o["mismatches"])
    end = out[-1]
    assert end["type"] == "game_end" and end["final_scores"] == truth["final_scores"]
    assert end["final_points"] == pytest.approx(truth["owari_points"])


def _text(game_id: str) -> str:
    return (SANMA / TRUTH[game_id]["file"]).read_text(encoding="utf8")


@pytest.mark.parametrize("game_id", list(TRUTH))
def test_every_three_player_game_replays_as_recorded(game_id: str) -> None:
    record = read_mjlog(_text(game_id), log_id=game_id)
    assert record.rules.players == 3 and record.ruleset().name == "tenhou-sanma"  # noqa: PLR2004
    for hand, k in zip(record.hands, TRUTH[game_id]["kyoku"], strict=True):  # the Norths each seat set aside
        assert [sum(1 for e in hand.events if isinstance(e, Kita) and e.seat == s) for s in range(3)] == k["kita"]
    out = list(replay_game(record, file=game_id))
    _check(out, TRUTH[game_id], True)
    assert out[-1]["wall"] == "verified"  # every tile, Norths' replacements too, is the one the seed's walls give


@pytest.mark.parametrize("game_id", list(TRUTH)[::2])
def test_results_removed_give_the_same_values(game_id: str) -> None:
    stripped = re.sub(r"<(AGARI|RYUUKYOKU)\b[^>]*>", lambda m: _RESULTS.sub("", m.group(0)), _text(game_id))
    _check(list(replay_game(read_mjlog(stripped, log_id=game_id), file=game_id)), TRUTH[game_id], None)


@pytest.mark.parametrize("game_id", list(TRUTH))
def test_every_format_replays_alike(game_id: str) -> None:
    # --write: a converted record replays to the same kyoku objects and the same end of the game.
    record = read_mjlog(_text(game_id), log_id=game_id)
    original = list(replay_game(record, file=game_id))
    for fmt, read in (("mjai", read_mjai), ("tenhou6", lambda t: read_tenhou6(t, log_id=game_id)),
                      ("mjlog", lambda t: read_mjlog(t, log_id=game_id))):
        converted = list(replay_game(read(write_record(record, fmt)), file=game_id))
        strip = ("log", "wall")
        assert [{k: v for k, v in o.items() if k not in strip} for o in converted] == [
            {k: v for k, v in o.items() if k not in strip} for o in original], fmt


def test_the_three_formats_write_a_north_set_aside_as_their_tools_do() -> None:
    game_id = next(iter(TRUTH))
    record = read_mjlog(_text(game_id), log_id=game_id)
    norths = sum(1 for h in record.hands for e in h.events if isinstance(e, Kita))
    assert norths > 0
    # mjlog: <GO type> with the three-player bit, a nuki meld code per North, hai3 empty, four score slots.
    mjlog = write_record(record, "mjlog")
    assert GoType.from_code(int(re.search(r'<GO type="(\d+)"', mjlog).group(1))).players == 3  # type: ignore[union-attr]  # noqa: PLR2004
    codes = [decode_meld(int(m), int(w)) for w, m in re.findall(r'<N who="(\d)" m="(\d+)" />', mjlog)]
    assert sum(1 for c in codes if c.kind is CallKind.NUKI) == norths
    assert all(re.search(r'hai3=""', tag) for tag in re.findall(r"<INIT [^>]*>", mjlog))
    # tenhou.net/6: "f44" in the discard lists, the fourth seat's lists empty, four scores a hand.
    t6 = json.loads(write_record(record, "tenhou6"))
    assert "三" in t6["rule"]["disp"]
    assert sum(d == "f44" for h in t6["log"] for s in range(3) for d in h[6 + 3 * s]) == norths
    assert all(h[13:16] == [[], [], []] and len(h[1]) == 4 and h[1][3] == 0 for h in t6["log"])  # noqa: PLR2004
    # mjai: a nukidora event per North, three hands and three scores a hand.
    lines = [json.loads(line) for line in write_record(record, "mjai").splitlines()]
    assert sum(1 for o in lines if o["type"] == "nukidora") == norths
    assert {o["pai"] for o in lines if o["type"] == "nukidora"} == {"N"}
    assert all(len(o["tehais"]) == len(o["scores"]) == 3 for o in lines if o["type"] == "start_kyoku")  # noqa: PLR2004


def test_a_tsumo_win_on_the_replacement_of_a_north_is_rinshan_as_tenhou_scored_it() -> None:
    # 2020010118gm-00b9-0000-067bbe65: a win on the tile drawn after setting a North aside, which Tenhou
    # scores with rinshan kaihou (yaku 4); the engine's replay says the same from its own state.
    game_id = "2020010118gm-00b9-0000-067bbe65"
    out = [o for o in replay_game(read_mjlog(_text(game_id), log_id=game_id), file=game_id) if o["type"] == "kyoku"]
    rinshan = [(o["kyoku"], w) for o in out for w in o["wins"] if any(y["name"] == "rinshan" for y in w["yaku"])]
    truth = [(k["index"], w) for k in TRUTH[game_id]["kyoku"] for w in k["wins"] if any(y[0] == 4 for y in w["yaku"])]
    assert [i for i, _ in rinshan] == [i for i, _ in truth] and rinshan


def test_a_three_player_mjai_record_in_four_slots_reads_as_three_players() -> None:
    # libriichi-style three-player tools write a game in four slots: the fourth hand thirteen "?", its score
    # and every deltas' fourth entry 0. Read so, the game replays as the three-seat one does.
    game_id = "2020010110gm-00b9-0000-305bdb6d"
    record = read_mjlog(_text(game_id), log_id=game_id)
    lines = [json.loads(line) for line in write_record(record, "mjai").splitlines()]
    for line in lines:
        if line["type"] == "start_kyoku":
            line["tehais"].append(["?"] * 13)
            line["scores"].append(0)
        if "deltas" in line:
            line["deltas"].append(0)
        if line["type"] == "start_game":
            line.pop("rule")
    padded = read_mjai("".join(json.dumps(line) + "\n" for line in lines))
    assert padded.errors == () and padded.rules.players == 3  # noqa: PLR2004
    strip = ("log", "wall")
    assert [{k: v for k, v in o.items() if k not in strip} for o in replay_game(padded, file=game_id)] == [
        {k: v for k, v in o.items() if k not in strip} for o in replay_game(record, file=game_id)]
    lines[1]["tehais"][3][0] = "E"  # a fourth hand with a tile is no empty seat: a four-player deal of 3 + 1
    assert read_mjai("".join(json.dumps(line) + "\n" for line in lines)).errors


def test_a_ron_on_a_north_set_aside_is_written_and_read_in_every_format() -> None:
    # Worked by hand: the dealer (111m 999m 123p 456s 7z) draws a North and sets it aside; seat 1, seven
    # pairs waiting on North alone (11p 99p 11s 99s 55z 66z 4z), wins on it by ron (no chankan: chiitoitsu
    # and honroutou, 4 han 25 fu, 6,400 from the dealer). Each format writes the ron on the North and reads
    # it back to the same hand.
    from riichi.formats.record import GameRecord, HandRecord, RecordRules, StatedHand  # noqa: PLC0415
    from riichi.game.events import Deal, Draw, Win  # noqa: PLC0415
    from riichi.game.wall import Wall  # noqa: PLC0415
    from riichi.tiles import Tile, Wind  # noqa: PLC0415

    wall = Wall.arranged(players=3, hands={0: "111m999m123p456s7z", 1: "11p99p11s99s55z66z4z"}, draws="4z",
                         dora="1s", aka=0)
    north = Tile.parse("4z")
    events = (Deal(Wind.EAST, 1, 0, wall.dora_indicator(0), wall.hands(0), scores=(35000,) * 3),
              Draw(0, north), Kita(0), Win(1, 0, north))
    record = GameRecord(RecordRules(players=3, red_fives=False, open_tanyao=True, hanchan=True), ("a", "b", "c"),
                        None, (HandRecord(0, events, StatedHand()),), None)
    (first,) = [o for o in replay_game(record, file="") if o["type"] == "kyoku"]
    (win,) = first["wins"]
    assert (win["winner"], win["from"], win["han"], win["fu"], win["points"]) == (1, 0, 4, 25, 6400)
    assert first["deltas"] == [-6400, 6400, 0]
    assert not any(y["name"] == "chankan" for y in win["yaku"])
    for fmt, read in (("mjai", read_mjai), ("tenhou6", read_tenhou6), ("mjlog", read_mjlog)):
        back = read(write_record(record, fmt))
        (again,) = [o for o in replay_game(back, file="") if o["type"] == "kyoku"]
        assert {k: v for k, v in again.items() if k not in ("log", "mismatches", "matches_log")} == {
            k: v for k, v in first.items() if k not in ("log", "mismatches", "matches_log")}, fmt
        assert again["matches_log"] is True, (fmt, again["mismatches"])
