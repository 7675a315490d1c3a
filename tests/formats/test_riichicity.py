"""Riichi City's raw records: the real hanchan in tests/data/riichicity replayed as its server scored it.

What the record's source repository's maintainers recorded for it (tests/data/riichicity/expected.jsonl,
unchanged from Mystouille/kandora-tournaments' fixture metadata): final scores 17,800 / 26,400 / 24,600 /
31,200 by the record's positions 0..3, seven wins by positions 1, 3, 1, 0, 2, 3, 3 (ron, ron, ron, tsumo,
tsumo, ron, tsumo), the nine hands ending ron, exhaustive draw, ron, ron, tsumo, exhaustive draw, tsumo, ron,
tsumo. The first dealer sits at position 3 (the first hand's dealer_pos), so the replay's seat s is the
record's position (s + 3) mod 4.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from riichi.formats.detect import detect_format, read_record
from riichi.formats.record import ErrorCode
from riichi.formats.riichicity import read_riichicity
from riichi.replay.convert import write_record
from riichi.replay.run import replay_game

DATA = Path(__file__).resolve().parents[1] / "data" / "riichicity"
RECORD = DATA / "cknnf9eai08auidimj2g.json"
FIRST_DEALER = 3  # the record's position of East 1's dealer


def _expected() -> dict[str, object]:
    line = (DATA / "expected.jsonl").read_text(encoding="utf-8").splitlines()[0]
    obj = json.loads(line)
    assert isinstance(obj, dict)
    return obj


def _replay(data: bytes, *, strict: bool = True) -> list[dict[str, object]]:
    return list(replay_game(read_record(data, strict=strict), file="game"))


def alter_first_draw(events: list[dict[str, object]], start: int = 0) -> tuple[int, int]:
    """The hand's first real draw from ``events[start]`` on (a draw event whose in_card is a tile, not 0 or 1)
    made a 1p in place; its position among the hand's events and the tile code it had."""
    for position in range(start, len(events)):
        event = events[position]
        data = json.loads(str(event["data"]))
        if event["eventType"] == 2 and data["in_card"] not in (0, 1):  # 2: a draw
            drawn, data["in_card"] = data["in_card"], 1
            event["data"] = json.dumps(data)
            return position, drawn
    raise AssertionError("the hand has no real draw to alter")


def _seat(position: int) -> int:
    return (position - FIRST_DEALER) % 4


def test_the_real_hanchan_reproduces_what_its_maintainers_recorded() -> None:
    raw = RECORD.read_bytes()
    assert detect_format(raw) == "riichicity"
    record = read_record(raw)
    assert record.errors == () and record.ruleset().name == "riichicity"
    out = _replay(raw)
    expected = _expected()
    kyoku = [o for o in out if o["type"] == "kyoku"]
    assert len(kyoku) == expected["expectedHandCount"] == 9
    for k in kyoku:  # every hand matches the record's own results: start scores, each win's han, fu, yaku, deltas
        assert k["matches_log"] is True, (k["kyoku"], k["mismatches"])
    ends = []
    wins = []
    for k in kyoku:
        if k["outcome"] == "draw":
            ends.append("exhaustive_draw" if k["draw"]["type"] == "exhaustive" else "abort")  # type: ignore[index]
        else:
            ends.append("tsumo" if k["wins"][0]["tsumo"] else "ron")  # type: ignore[index]
            wins += [(w["winner"], "tsumo" if w["tsumo"] else "ron") for w in k["wins"]]  # type: ignore[attr-defined]
    assert ends == expected["expectedHandEndReasons"]
    assert wins == [(_seat(p), mode) for p, mode in zip(expected["expectedWinSeats"],  # type: ignore[call-overload]
                                                         expected["expectedWinModes"], strict=True)]
    end = out[-1]
    final = expected["expectedFinalScores"]
    assert isinstance(final, list)
    assert end["type"] == "game_end" and end["matches_log"] is True
    assert end["final_scores"] == [final[(s + FIRST_DEALER) % 4] for s in range(4)]
    # The record's game end states its points too (score 512 = +51.2): 30,000 returned, oka 20, uma 30/10.
    assert end["final_points"] == [51.2, -42.2, 6.4, -15.4]
    assert end["wall"] == "verified"
    assert end["names"] == ["shiro(シロ)", "Benoit", "潘多哥斯拉", "むーにあ"]  # by seat: positions 3, 0, 1, 2


def _game() -> dict[str, object]:
    obj = json.loads(RECORD.read_text(encoding="utf-8"))
    assert isinstance(obj, dict)
    return obj


def _bytes(obj: object) -> bytes:
    return json.dumps(obj, ensure_ascii=False).encode()


def _only_errors(out: list[dict[str, object]]) -> list[tuple[object, str]]:
    return [(o.get("kyoku"), o["error"]["code"]) for o in out if o["type"] == "error"]  # type: ignore[index]


def test_one_drawn_tile_altered_is_a_desync_of_that_hand_only() -> None:
    obj = _game()
    position, drawn = alter_first_draw(obj["handRecord"][3]["handEventRecord"])  # type: ignore[index]
    out = _replay(_bytes(obj))
    [error] = [o for o in out if o["type"] == "error"]
    assert error["kyoku"] == 3 and error["error"]["code"] == "desync"  # type: ignore[index]
    message = error["error"]["message"]  # type: ignore[index]
    # the hand, the event as the record counts its events (handEventRecord from 1, its four deals included), the
    # record's tile
    assert message.startswith(f"hand 4, event {position + 1} (draw ") and "1p" in message
    assert "the wall" in message
    # every other hand still matches, the one after from the start the record states
    kyoku = [o for o in out if o["type"] == "kyoku"]
    assert [k["kyoku"] for k in kyoku] == [0, 1, 2, 4, 5, 6, 7, 8]
    assert all(k["matches_log"] is True for k in kyoku)
    assert drawn != 1


def test_one_wall_character_altered_is_a_desync_of_that_hand_only() -> None:
    obj = _game()
    hand = obj["handRecord"][6]  # type: ignore[index]
    wall = hand["handCardEncode"]
    hand["handCardEncode"] = wall[:100] + ("1" if wall[100] != "1" else "2") + wall[101:]
    out = _replay(_bytes(obj))
    assert _only_errors(out) == [(6, "desync")]
    message = next(o for o in out if o["type"] == "error")["error"]["message"]  # type: ignore[index]
    assert message.startswith("hand 7: the wall's SHA-256 is ")
    assert [k["kyoku"] for k in out if k["type"] == "kyoku"] == [0, 1, 2, 3, 4, 5, 7, 8]


def test_a_digest_damaged_in_its_last_digit_is_named_whole() -> None:
    # The seventh hand's handCardsSHA256 with its last digit changed (the real digest ends ...acbd6): both digests
    # agree in their first 63 digits, so only the whole digests show which differs and where.
    obj = _game()
    hand = obj["handRecord"][6]  # type: ignore[index]
    real = hand["handCardsSHA256"]
    assert real == "7f4c837c2ba6ca6fa813d03ea8b24d58639f19b8dbc7c7d399582e437e8acbd6"
    hand["handCardsSHA256"] = real[:-1] + "0"
    out = _replay(_bytes(obj))
    assert _only_errors(out) == [(6, "desync")]
    message = next(o for o in out if o["type"] == "error")["error"]["message"]  # type: ignore[index]
    assert message == (f"hand 7: the wall's SHA-256 is {real}, not the {real[:-1]}0 the record states "
                       "(handCardsSHA256)")


def test_the_wall_is_its_sha256() -> None:
    # The record's handCardsSHA256 is the SHA-256 of handCardEncode's text, hand by hand.
    for hand in _game()["handRecord"]:  # type: ignore[attr-defined]
        assert hashlib.sha256(hand["handCardEncode"].encode()).hexdigest() == hand["handCardsSHA256"]


def test_a_rehashed_wall_that_differs_from_the_play_is_a_desync() -> None:
    # A wall changed and hashed again passes its SHA-256 but not the deal: the engine names the tile.
    obj = _game()
    hand = obj["handRecord"][0]  # type: ignore[index]
    wall = hand["handCardEncode"]
    # swap the dealer's first four tiles with the next seat's: the deal no longer follows the wall
    wall = wall[8:16] + wall[:8] + wall[16:]
    hand["handCardEncode"], hand["handCardsSHA256"] = wall, hashlib.sha256(wall.encode()).hexdigest()
    out = _replay(_bytes(obj))
    assert _only_errors(out)[0] == (0, "desync")


@pytest.mark.parametrize(("change", "needle"), [
    (lambda o: o["handRecord"].clear(), "it holds no hands (handRecord is empty)"),
    (lambda o: o.update(playerCount="four"), "playerCount must be a whole number"),
    (lambda o: o["handRecord"][0]["players"].pop(), "players names 3 players, not 4"),
    (lambda o: o["handRecord"][0]["handEventRecord"][0].update(data="{"), "not JSON"),
    (lambda o: o["handRecord"][0]["handEventRecord"][5].update(data='{"action": 11, "user_id": 813172728, "card": 10}'),
     "10 is not a Riichi City tile code"),
    (lambda o: o["handRecord"][0]["handEventRecord"].pop(), "without its results"),
])
def test_damaged_records_give_one_precise_error(change: object, needle: str) -> None:
    obj = _game()
    change(obj)  # type: ignore[operator]
    out = _replay(_bytes(obj))
    errors = [o for o in out if o["type"] == "error"]
    assert errors, out
    assert needle in errors[0]["error"]["message"], errors[0]  # type: ignore[index]


def test_three_players_and_open_riichi_are_refused_by_name() -> None:
    obj = _game()
    obj["playerCount"] = 3
    [error] = _replay(_bytes(obj))
    assert error["error"]["code"] == "unsupported_rules"  # type: ignore[index]
    assert "3-player Riichi City game" in error["error"]["message"]  # type: ignore[index]
    obj = _game()
    obj["isKaiLiZhi"] = True
    [error] = _replay(_bytes(obj))
    assert "open riichi" in error["error"]["message"]  # type: ignore[index]


def test_an_unknown_event_type_is_an_error_strictly_and_a_note_leniently() -> None:
    obj = _game()
    events = obj["handRecord"][1]["handEventRecord"]  # type: ignore[index]
    events.insert(10, {"eventType": 42, "userId": events[9]["userId"], "data": "{}"})
    strict = read_riichicity(_bytes(obj))
    assert [(e.hand, e.code) for e in strict.errors] == [(1, ErrorCode.INVALID_LOG)]
    assert "eventType 42" in strict.errors[0].message
    lenient = read_riichicity(_bytes(obj), strict=False)
    assert lenient.errors == () and [n.hand for n in lenient.notes] == [1]
    # the note names the record's event as its reader counts them, from 1: the one inserted at index 10
    assert lenient.notes[0].message == "event 11: an event of the unknown eventType 42 was passed over"
    out = list(replay_game(lenient, file="x"))
    assert all(o.get("matches_log") is True for o in out)


def test_the_record_apis_answer_is_read_as_the_bare_game() -> None:
    wrapped = _bytes({"code": 0, "message": "ok", "data": _game()})
    assert detect_format(wrapped) == "riichicity"
    out = _replay(wrapped)
    assert out[-1]["type"] == "game_end" and out[-1]["matches_log"] is True


@pytest.mark.parametrize("fmt", ["mjai", "tenhou6", "mjlog"])
def test_converted_records_replay_alike(fmt: str) -> None:
    # replay --write: the converted record gives the same kyoku objects (ids and the wall aside).
    record = read_record(RECORD.read_bytes())
    original = [o for o in replay_game(record, file="") if o["type"] == "kyoku"]
    text = write_record(record, fmt)
    again_record = read_record(text.encode(), fmt, strict=False)
    again = [o for o in replay_game(again_record, file="") if o["type"] == "kyoku"]
    assert len(again) == len(original) == 9

    def same(k: dict[str, object]) -> dict[str, object]:
        return {key: value for key, value in k.items() if key not in ("log", "mismatches", "notes", "file")}

    assert [same(k) for k in again] == [same(k) for k in original]
    assert all(k["matches_log"] is True for k in again)


def test_the_command_replays_writes_and_reads_back(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from riichi.cli import main  # noqa: PLC0415

    assert main(["replay", "--jsonl", str(RECORD)]) == 0  # every hand matches: exit 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [o["type"] for o in lines] == ["kyoku"] * 9 + ["game_end"] and lines[-1]["wall"] == "verified"
    for fmt in ("mjai", "tenhou6", "mjlog"):
        out = tmp_path / fmt
        assert main(["replay", "--write", fmt, "--out", str(out), str(RECORD)]) == 0
        [written] = list(out.iterdir())
        capsys.readouterr()
        assert main(["replay", "--jsonl", str(written)]) == 0, fmt
        again = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
        assert again[-1]["final_scores"] == lines[-1]["final_scores"], fmt
        # every hand and the end read back alike: the engine's values and the comparison with the results the
        # written record states; apart from the file, the record's own values (tenhou.net/6 writes no honba
        # or sticks a win collects) and the wall (none of these formats carries Riichi City's walls: "none")
        def same(o: dict[str, object]) -> dict[str, object]:
            return {k: v for k, v in o.items() if k not in ("file", "log", "wall")}
        assert [same(o) for o in again] == [same(o) for o in lines], fmt
        assert again[-1]["wall"] == "none"
    # Riichi City is read, not written: --write names the formats it writes
    with pytest.raises(SystemExit) as usage:
        main(["replay", "--write", "riichicity", str(RECORD)])
    assert usage.value.code == 2 and "invalid choice: 'riichicity'" in capsys.readouterr().err


def test_stats_and_review_read_the_record(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from riichi.cli import main  # noqa: PLC0415

    # riichi stats: one game of nine hands, replayed to its end (the record's own count of hands)
    assert main(["stats", "--out", str(tmp_path / "stats"), "--no-report", str(RECORD)]) == 0
    summary = capsys.readouterr().out
    assert "1 replayed" in summary and "(1 to the end of the game" in summary and "9 hands" in summary
    # riichi review: seat 0 (the first dealer) reviewed decision by decision, the record read without an error
    assert main(["review", str(RECORD), "--seat", "0", "--json"]) == 0
    review = json.loads(capsys.readouterr().out)
    assert review["seat"] == 0 and review["decisions"] > 0 and review["error"] is None


def test_a_record_cut_short_is_one_error_naming_where() -> None:
    raw = RECORD.read_bytes()
    [error] = _replay(raw[:300000])
    message = error["error"]["message"]  # type: ignore[index]
    assert error["error"]["code"] == "invalid_log"  # type: ignore[index]
    assert message.startswith("a Riichi City record, unreadable: not valid JSON at line ")


@pytest.mark.parametrize("packed", [False, True])
def test_a_byte_order_mark_is_refused_strictly_and_passed_over_leniently(packed: bool) -> None:
    # The real record as an editor that saves UTF-8 with a byte order mark leaves it (EF BB BF first), plain and
    # gzipped: the library refuses it by name; read leniently (the command, the page) it is the same game, with a
    # note saying what was forgiven.
    import gzip

    data = b"\xef\xbb\xbf" + RECORD.read_bytes()
    if packed:
        data = gzip.compress(data)
    assert detect_format(data) == "riichicity"
    strict = read_record(data)
    assert [e.code for e in strict.errors] == [ErrorCode.INVALID_LOG]
    assert strict.errors[0].message.startswith("the record starts with a byte order mark (EF BB BF")
    lenient = read_record(data, strict=False)
    assert lenient.errors == () and [n.message for n in lenient.notes] == [
        "the record starts with a byte order mark (EF BB BF, as some editors save UTF-8): passed over"]
    out = list(replay_game(lenient, file="game"))
    assert out[0]["notes"] == [lenient.notes[0].message]  # said on the first hand, as the game's own notes are
    assert out[-1]["final_scores"] == [31200, 17800, 26400, 24600] and out[-1]["wall"] == "verified"


def test_an_answer_of_the_api_without_the_game_says_what_the_server_said() -> None:
    # The record API's answer is {"code": 0, "data": {...the game...}} (as the record reads, above); an answer
    # that gives no game, saved in place of the record (made up here: code 1004 and its message), was refused
    # as "not a game record (neither mjlog XML, ...)", which hid what the server had said.
    answer = _bytes({"code": 1004, "message": "record not found", "data": None})
    assert detect_format(answer) is None
    [error] = read_record(answer).errors
    assert error.code is ErrorCode.INVALID_LOG
    assert error.message == ("a server's answer (code 1004, message 'record not found') that holds no game: "
                             "not a game record")


def test_the_review_reads_leniently_and_goes_on_past_a_damaged_hand(tmp_path: Path,
                                                                    capsys: pytest.CaptureFixture[str]) -> None:
    # The record with hand 4's first real draw altered (a desync, as above) and an event of an unknown type put
    # in hand 2 (passed over when read leniently): riichi review read it strictly and stopped at the first
    # refusal, leaving hands 2 to 9 unreviewed with no word of the record's damage. Now, as riichi replay does,
    # the review names hand 4's refusal and goes on from hand 5's start as the record states it: every decision
    # outside hand 4 is the one the intact record's review makes, and hand 4's stop before the altered draw.
    from riichi.bots.review import review_game
    from riichi.cli import main  # noqa: PLC0415
    from riichi.game.players import EfficientPlayer

    obj = _game()
    events = obj["handRecord"][1]["handEventRecord"]  # type: ignore[index]
    events.insert(10, {"eventType": 42, "userId": events[9]["userId"], "data": "{}"})
    position, _ = alter_first_draw(obj["handRecord"][3]["handEventRecord"])  # type: ignore[index]
    intact = review_game(read_record(RECORD.read_bytes()), 1, EfficientPlayer())
    damaged = review_game(read_record(_bytes(obj), strict=False), 1, EfficientPlayer())
    assert intact.errors == ()
    assert len(damaged.errors) == 1 and damaged.errors[0].startswith(f"hand 4, event {position + 1} (draw ")
    key = [(c.hand, c.round, c.recorded, c.chosen) for c in intact.choices]
    assert [(c.hand, c.round, c.recorded, c.chosen) for c in damaged.choices if c.hand != 3] == [
        k for k in key if k[0] != 3]
    in_hand_4 = [k for k in key if k[0] == 3]
    before = [(c.hand, c.round, c.recorded, c.chosen) for c in damaged.choices if c.hand == 3]
    assert before == in_hand_4[:len(before)] and len(before) < len(in_hand_4)
    assert {c.hand for c in damaged.choices} >= set(range(9)) - {3}  # hands 5 to 9 reviewed too
    # the command: read leniently, the note and the hand not replayed said
    path = tmp_path / "damaged.json"
    path.write_bytes(_bytes(obj))
    assert main(["review", str(path), "--seat", "1"]) == 0
    out = capsys.readouterr().out
    assert "  note: hand 2: event 11: an event of the unknown eventType 42 was passed over" in out
    assert f"  not replayed: hand 4, event {position + 1} (draw " in out


def test_stats_read_leniently_and_keep_what_was_forgiven(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # riichi stats read records strictly, unlike riichi replay: the real record with a byte order mark was a
    # failure with no hand in the tables. Read as riichi replay reads it, its nine hands are in the tables (the
    # record's own count) and the table notes keeps what was forgiven, on the hand riichi replay says it.
    from riichi.cli import main  # noqa: PLC0415
    from riichi.stats import connect

    path = tmp_path / "records" / "bom.json"
    path.parent.mkdir()
    path.write_bytes(b"\xef\xbb\xbf" + RECORD.read_bytes())
    out = tmp_path / "stats"
    assert main(["stats", "--out", str(out), "--no-report", str(path.parent)]) == 0
    capsys.readouterr()
    db = connect(out)
    assert db.execute("SELECT count(*) FROM kyoku").fetchall() == [(9,)]
    assert db.execute("SELECT count(*) FROM failures").fetchall() == [(0,)]
    assert db.execute("SELECT kyoku, note FROM notes").fetchall() == [
        (0, "the record starts with a byte order mark (EF BB BF, as some editors save UTF-8): passed over")]


def test_a_game_end_that_differs_is_counted_in_the_summary(capsys: pytest.CaptureFixture[str]) -> None:
    # Replayed under Tenhou's rules, the nine hands score as the record states, but the final points do not:
    # Tenhou's uma is 20/10 where Riichi City's is 30/10, so the top's 31,200 is 1.2 + 20 oka + 20 = +41.2, not
    # the record's +51.2. The exit status is 1 and the summary said "0 differing, 0 errors"; it counts the end.
    from riichi.cli import main  # noqa: PLC0415

    assert main(["replay", "--rules", "tenhou", str(RECORD)]) == 1
    out = capsys.readouterr().out.splitlines()
    assert "points [41.2, -32.2, 6.4, -15.4]  DIFF  record: [51.2, -42.2, 6.4, -15.4]" in out[10]
    assert out[-1] == "1 file, 9 hands, 0 differing, 1 game end differing, 0 errors"


def test_converting_a_damaged_record_says_what_is_wrong(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # riichi replay --write read the record and wrote it without replaying it: a drawn tile the wall does not
    # give (hand 4's first real draw made a 1p, as above) was converted with exit status 0 and no word, into
    # formats that carry no wall to find it by; a record cut in half was written as an empty game.
    from riichi.cli import main  # noqa: PLC0415

    obj = _game()
    position, _ = alter_first_draw(obj["handRecord"][3]["handEventRecord"])  # type: ignore[index]
    damaged = tmp_path / "damaged.json"
    damaged.write_bytes(_bytes(obj))
    assert main(["replay", "--write", "mjai", "--out", str(tmp_path / "out"), str(damaged)]) == 1
    err = capsys.readouterr().err
    assert f"damaged.json: error (desync): hand 4, event {position + 1} (draw " in err
    assert (tmp_path / "out" / "damaged.mjson").exists()  # written as read, all nine hands
    cut = tmp_path / "cut.json"
    cut.write_bytes(RECORD.read_bytes()[:100_000])
    assert main(["replay", "--write", "tenhou6", str(cut)]) == 1
    captured = capsys.readouterr()
    assert captured.out == "" and "cut.json: error (invalid_log): a Riichi City record, unreadable" in captured.err
