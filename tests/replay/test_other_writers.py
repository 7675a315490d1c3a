"""Records as other tools write them, read leniently (as ``riichi replay`` and the replay page do) and
replayed hand by hand as the records say, each leniency a note; read strictly (the library's default),
each is refused with a message that names it.

Sources: riichienv 0.4.11's own self-play logs (``tests/data/riichienv``, made by
``scripts/riichienv_selfplay.py``); mjx's one-hand-a-line tenhou.net/6 file of a real Tenhou game
(``tests/data/mjx``, from mjx-project/mjx, MIT), checked against the same game's mjlog in
``tests/data/games``; Tenhou's own tenhou.net/6 JSON of one game, and mjai as this library writes the 175
real games with what other writers leave out taken out.
"""

from __future__ import annotations

import gzip
import json
import re
from dataclasses import replace
from pathlib import Path

import pytest

from riichi.formats.detect import read_record
from riichi.formats.mjai import read_mjai
from riichi.formats.mjlog import read_mjlog_bytes
from riichi.formats.tenhou6 import read_tenhou6
from riichi.game.events import Chi, Deal, Discard, Pon, Ryuukyoku
from riichi.replay import replay_game
from riichi.replay.convert import write_record

DATA = Path(__file__).resolve().parent.parent / "data"
GAMES = DATA / "games"
RIICHIENV = sorted((DATA / "riichienv").glob("*.jsonl.gz"))
MJX = DATA / "mjx" / "2011020613gm-00a9-0000-3774f8d1.json"
TENHOU6 = GAMES / "tenhou6" / "2019103023gm-00a9-0000-f90e0fe9.json"


def _replay(data: bytes, name: str = "") -> list[dict[str, object]]:
    return list(replay_game(read_record(data, name=name, strict=False), file=name))


def _without_wall(events: tuple[object, ...]) -> tuple[object, ...]:
    """A hand's events with its deal's wall left out (mjlog records carry it, the other formats do not)."""
    deal = events[0]
    return (replace(deal, wall=None), *events[1:]) if isinstance(deal, Deal) else events


def _notes(out: list[dict[str, object]]) -> list[str]:
    return [note for o in out for note in o.get("notes", [])]  # type: ignore[attr-defined]


# -- riichienv ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("path", RIICHIENV, ids=[p.name for p in RIICHIENV])
def test_riichienv_self_play_replays_as_it_says(path: Path) -> None:
    # riichienv writes its own draw names (exhaustive_draw, kyushu_kyuhai, suukansansen), a kyuushu kyuuhai
    # without actor, and no game length; every hand and the game's end are as its log says (its deltas).
    text = gzip.decompress(path.read_bytes()).decode()
    out = _replay(text.encode(), path.name)
    kyoku = [o for o in out if o["type"] == "kyoku"]
    assert len(kyoku) == text.count('"start_kyoku"')
    assert [o for o in out if o["type"] == "error"] == []
    assert all(o["matches_log"] is True for o in kyoku), [o["mismatches"] for o in kyoku]
    assert out[-1]["type"] == "game_end"
    reasons = re.findall(r'"reason":"(\w+)"', text)
    notes = _notes(out)
    assert sum(n.startswith("ryukyoku reason") for n in notes) == len(reasons)
    assert any(n.startswith("the record states no game length: east-only") for n in notes)
    for reason, kind in (("kyushu_kyuhai", "yao9"), ("suukansansen", "kan4")):
        assert (reason in reasons) == any(o["draw"] and o["draw"]["type"] == kind for o in kyoku)  # type: ignore[index]
    # The library reads strictly by default: the first such name is an error that says so.
    strict = read_record(text.encode())
    assert "a lenient reading takes it as" in strict.errors[0].message


def test_riichienv_kyuushu_without_actor_is_the_seat_that_drew() -> None:
    text = gzip.decompress((DATA / "riichienv" / "east-223.jsonl.gz").read_bytes()).decode()
    lines = [json.loads(line) for line in text.splitlines()]
    at = next(i for i, o in enumerate(lines) if o.get("reason") == "kyushu_kyuhai")
    assert "actor" not in lines[at] and lines[at - 1]["type"] == "tsumo"
    record = read_mjai(text, strict=False)
    draws = [e for h in record.hands for e in h.events if isinstance(e, Ryuukyoku) and e.seat is not None]
    assert [d.seat for d in draws] == [lines[at - 1]["actor"]]
    assert f"kyuushu kyuuhai without actor: read as seat {lines[at - 1]['actor']}, who just drew" in [
        n.message for n in record.notes]


def test_an_east_only_game_gone_into_south_is_read_as_east_only() -> None:
    # east-171 ends in South 3 with nobody below zero: a hanchan would go on, an east-only game's extension
    # ends there (someone reached 30,000); the replay ends the game where riichienv did.
    text = gzip.decompress((DATA / "riichienv" / "east-171.jsonl.gz").read_bytes())
    out = _replay(text)
    assert any("east-only, as it ends in S3" in n for n in _notes(out))
    assert out[-1]["type"] == "game_end"


# -- Mortal / mjai-reviewer: a ryukyoku without reason -------------------------------------------------

def _without_reasons(text: str) -> str:
    lines = [json.loads(line) for line in text.splitlines()]
    for line in lines:
        if line["type"] == "ryukyoku":
            line.pop("reason")
            line.pop("actor", None)
    return "\n".join(json.dumps(line) for line in lines)


def test_a_draw_without_reason_is_the_draw_its_events_show() -> None:
    # Mortal writes ryukyoku with its deltas only. Every draw of every fifth of the 175 real Tenhou games,
    # written as mjai with its reason (and declarer) taken out, reads back as the draw Tenhou recorded.
    kinds = set()
    for path in sorted((GAMES / "logs").glob("*.xml"))[::5]:
        record = read_mjlog_bytes(path.read_bytes(), log_id=path.name)
        theirs = [e for h in record.hands for e in h.events if isinstance(e, Ryuukyoku)]
        mine = read_mjai(_without_reasons(write_record(record, "mjai")), strict=False)
        assert [e for h in mine.hands for e in h.events if isinstance(e, Ryuukyoku)] == theirs, path.name
        kinds |= {e.kind.value for e in theirs}
    assert kinds >= {"exhaustive", "yao9", "kaze4"}
    # Strictly, a draw without reason is exhaustive (the original protocol's default): a kyuushu then fails.
    record = read_mjlog_bytes((GAMES / "logs" / TENHOU6.with_suffix(".xml").name).read_bytes())
    text = _without_reasons(write_record(record, "mjai"))
    assert all(o["matches_log"] is True for o in replay_game(read_mjai(text, strict=False), file=""))
    assert any(o["type"] == "error" for o in replay_game(read_mjai(text), file=""))


# -- tenhou.net/6 as others keep it ----------------------------------------------------------------------

def test_mjx_one_hand_a_line_reads_as_the_game() -> None:
    # mjx keeps each hand of a game as a tenhou.net/6 record of its own, one a line: read leniently, the
    # hands are those of Tenhou's own mjlog of the game, and every hand and the end replay as recorded.
    text = MJX.read_text(encoding="utf-8")
    record = read_tenhou6(text, strict=False)
    theirs = read_mjlog_bytes((GAMES / "logs" / MJX.with_suffix(".xml").name).read_bytes(), log_id=MJX.name)
    assert [h.events for h in record.hands] == [_without_wall(h.events) for h in theirs.hands]
    assert [n.message for n in record.notes] == ["one hand a line (11 lines): read as one game"]
    out = list(replay_game(record, file=""))
    assert all(o["matches_log"] is True for o in out if o["type"] == "kyoku")
    assert out[-1]["type"] == "game_end"
    assert [o for o in list(replay_game(theirs, file="")) if o["type"] == "game_end"][0]["final_scores"] == out[-1][
        "final_scores"]
    assert "not valid JSON at line 2" in read_tenhou6(text).errors[0].message


def test_a_single_hand_starts_from_its_own_start() -> None:
    # The eighth line of the mjx file alone: South 2, 1 honba, scores 19000/12300/29400/39300, as a viewer or
    # a bug report pastes one hand. It replays from that start and matches; an excerpt has no game end.
    line = MJX.read_text(encoding="utf-8").splitlines()[7]
    out = _replay(line.encode())
    [kyoku] = out
    assert (kyoku["round_wind"], kyoku["round_number"], kyoku["honba"]) == ("S", 2, 1)
    assert kyoku["scores_start"] == [19000, 12300, 29400, 39300]
    assert kyoku["matches_log"] is True
    assert kyoku["notes"] == ["an excerpt: starts at S2-1 from the scores, honba and sticks its first hand states"]


def test_an_excerpt_of_two_hands_chains_the_second() -> None:
    # Lines 8 and 9 as one record: the second hand's start is the engine's own, chained from the first.
    lines = MJX.read_text(encoding="utf-8").splitlines()[7:9]
    first, second = (json.loads(line) for line in lines)
    first["log"] += second["log"]
    out = _replay(json.dumps(first).encode())
    assert [o["matches_log"] for o in out] == [True, True]
    assert out[1]["scores_start"] == second["log"][0][1]


def test_comments_and_trailing_commas() -> None:
    # Tenhou's own JSON of a game, kept as some projects keep examples: a // comment, a /* */ comment and
    # trailing commas (none inside a string: the player names are left alone).
    text = TENHOU6.read_text(encoding="utf-8").strip()
    kept = "// a game from tenhou.net\n" + text.replace('"log":', '/* the hands */ "log":', 1).replace("]]]", "]],]", 1)
    kept = kept[:-1] + ",}"
    assert read_tenhou6(kept).errors  # strict: not JSON
    record = read_tenhou6(kept, strict=False)
    assert record.errors == ()
    assert [n.message for n in record.notes] == ["JSON with comments and trailing commas: read without them"]
    assert [h.events for h in record.hands] == [h.events for h in read_tenhou6(text).hands]


def test_a_call_on_the_second_of_two_identical_discards() -> None:
    # Worked out by hand: seat 1 discards 7m twice; between them seat 2 discards 1p and seat 1 pons it, so
    # seat 0 never draws in between. Seat 0 holds 7m 7m and pons the second 7m, not the first: its take
    # "1717p17" (a pon from the seat on its right, seat 1) is read only once the first 7m goes unclaimed.
    hand = [[0, 0, 0], [25000] * 4, [11], [],
            [11, 12, 13, 17, 17, 22, 23, 24, 35, 36, 37, 41, 42], [45, "1717p17"], [60, 41],
            [17, 17, 21, 21, 19, 19, 28, 28, 39, 39, 43, 44, 45], [19, "2121p21"], [17, 17],
            [21, 14, 15, 16, 26, 27, 28, 32, 33, 34, 46, 46, 47], [42], [21],
            [31, 31, 38, 38, 29, 29, 25, 26, 27, 47, 47, 44, 43], [], [],
            ["流局", [0, 0, 0, 0]]]
    record = read_tenhou6(json.dumps({"name": ["a", "b", "c", "d"], "log": [hand]}))
    assert record.errors == ()
    plays = [(type(e).__name__, e.seat, str(e.tile)) for e in record.hands[0].events
             if isinstance(e, Discard | Pon | Chi)]
    assert plays == [("Discard", 0, "5z"), ("Discard", 1, "7m"), ("Discard", 2, "1p"), ("Pon", 1, "1p"),
                     ("Discard", 1, "7m"), ("Pon", 0, "7m"), ("Discard", 0, "1z")]


def test_a_private_lobby_rule_list() -> None:
    # A private lobby's record lists its rules as Tenhou's lobby settings do: rule's third field the rule
    # code in hexadecimal (GO type bits: 0x02 no red fives, 0x08 hanchan), csrule's first the lobby's flags
    # (0x02 kiriage mangan). Tenhou's own game, so relabelled: its red-five codes read as plain fives.
    obj = json.loads(TENHOU6.read_text(encoding="utf-8"))
    obj["rule"] = ["", "", "000b", "0", "0", "0", "0"]
    obj["csrule"] = ["00000002", "00000000", "", ""]
    record = read_tenhou6(json.dumps(obj))
    assert record.errors == ()
    assert (record.rules.red_fives, record.rules.hanchan) == (False, True)
    rules = record.ruleset()
    assert (rules.scoring.aka, rules.scoring.kiriage) == (0, True)
    assert not any(getattr(e, "tile", None) is not None and e.tile.is_red for h in record.hands for e in h.events)
    assert "red-five codes (51-53) in a game without red fives: read as plain fives" in [n.message for n in record.notes]


# -- a replay that goes on -------------------------------------------------------------------------------

@pytest.mark.parametrize("bad", [0, 2])
def test_a_bad_hand_costs_only_itself(bad: int) -> None:
    # Tenhou's tenhou.net/6 game with one hand's first take made unreadable (the first hand, or the third): that
    # hand is an error, the replay goes on from the next hand's stated start, and every other hand and the
    # game's end match Tenhou's.
    obj = json.loads(TENHOU6.read_text(encoding="utf-8"))
    obj["log"][bad][5][0] = "zz"
    out = _replay(json.dumps(obj).encode())
    errors = [o for o in out if o["type"] == "error"]
    assert [e["kyoku"] for e in errors] == [bad]
    kyoku = [o for o in out if o["type"] == "kyoku"]
    assert [o["kyoku"] for o in kyoku] == [i for i in range(len(obj["log"])) if i != bad]
    assert all(o["matches_log"] is True for o in kyoku)
    after = next(o for o in kyoku if o["kyoku"] == bad + 1)
    assert after["notes"] == [f"the replay goes on from {after['round_wind']}{after['round_number']}-"
                              f"{after['honba']} as the record states it"]
    assert out[-1]["type"] == "game_end" and out[-1]["matches_log"] is True


# -- clear refusals ----------------------------------------------------------------------------------------

@pytest.mark.parametrize(("data", "name"), [
    # mjx's own game state, its protobuf as JSON (mjx-project/mjx tests/resources/json/double-ron.json).
    (b'{"hiddenState":{"wall":[131,43]},"publicObservation":{"playerIds":["a","b","c","d"]},'
     b'"privateObservations":[{"initHand":[131]}]}', "mjx game state (mjxproto JSON)"),
    # Majiang's (kobalab/Majiang) game record: qijia, the first dealer, and log of qipai, zimo, dapai...
    (b'{"title":"","player":["a","b","c","d"],"qijia":0,"log":[[{"qipai":{"zhuangfeng":0}}]]}',
     "Majiang (kobalab, 電脳麻将)"),
])
def test_a_record_of_a_format_not_read_is_named(data: bytes, name: str) -> None:
    [error] = list(replay_game(read_record(data, strict=False), file="x"))
    assert error["error"]["message"].startswith(f"a {name} record: recognised, but not a format this version reads")


@pytest.mark.parametrize("fmt", ["tenhou6", "mjlog", "mjai"])
def test_riichienv_converted_replays_alike(fmt: str) -> None:
    # riichienv states each win's score changes but not its points, han or yaku: converted, the record takes
    # the engine's where a format needs them (tenhou.net/6's value text, mjlog's ten), and replays the same.
    text = gzip.decompress((DATA / "riichienv" / "east-223.jsonl.gz").read_bytes())
    record = read_record(text, strict=False)
    original = [o for o in replay_game(record, file="") if o["type"] == "kyoku"]
    converted = read_record(write_record(record, fmt).encode(), fmt, strict=False)
    again = [o for o in replay_game(converted, file="") if o["type"] == "kyoku"]
    strip = ("log", "notes", "mismatches")
    assert [{k: v for k, v in o.items() if k not in strip} for o in again] == [
        {k: v for k, v in o.items() if k not in strip} for o in original]
    assert all(o["matches_log"] is True for o in again)


def test_riichienv_excerpt_of_a_tenhou_hand() -> None:
    # riichienv's own test excerpt of a Tenhou hand (tests/data/riichienv/external, from smly/RiichiEnv,
    # Apache-2.0): South 4 with 1 honba and 1 stick, Tenhou's yaku names (役牌 發, ドラ) and hora_points
    # with the honba in (4200 for a 3,900 ron). It replays from its own start as the record says.
    path = DATA / "riichienv" / "external" / "tenhou_4p_honba_kyotaku_excerpt.jsonl"
    out = _replay(path.read_bytes(), path.name)
    kyoku = out[0]
    assert (kyoku["round_wind"], kyoku["round_number"], kyoku["honba"], kyoku["riichi_sticks"]) == ("S", 4, 1, 1)
    assert kyoku["scores_start"] == [25300, 27400, 30600, 15700]
    assert kyoku["matches_log"] is True
    assert [w["points"] for w in kyoku["wins"]] == [3900] and kyoku["deltas"] == [5200, 0, 0, -4200]
    notes = kyoku["notes"]
    assert "hora_points 4200: what the payers pay, 1 honba in; read as 3900" in notes
    assert "hora yakus 役牌 發(1), ドラ(2): read in Tenhou's or Mahjong Soul's names" in notes
    assert "yakus" in read_record(path.read_bytes()).errors[0].message  # strictly: not this library's names


def test_a_private_lobby_game_starts_where_its_first_hand_says() -> None:
    # Tenhou's tenhou.net/6 game as a private lobby (rule code 0x09: red fives, open tanyao, hanchan) that
    # starts every seat at 30,000, written with comments: every hand's start 5,000 above the real game's, so
    # every hand plays alike (nobody went below zero before the last hand, which busts seat 2 at -50,100).
    # Final points from the return 30,000 (no oka), each but the top's rounded to a whole thousand (a 2019
    # record), uma +20/+10/-10/-20: 43,400 -> 13 + 10 = 23; 36,400 -> 6 - 10 = -4; -50,100 -> -80 - 20 = -100;
    # the top 90,300 takes what makes the sum 0: 81. Read from 25,000, every hand's start differed.
    obj = json.loads(TENHOU6.read_text(encoding="utf-8"))
    obj["rule"] = ["", "", "0009", "0", "0", "0", "0"]
    for hand in obj["log"]:
        hand[1] = [s + 5000 for s in hand[1]]
    obj["sc"] = [90300, 81, 36400, -4, -50100, -100, 43400, 23]
    text = "// a private lobby's game, kept by a club\n" + json.dumps(obj, ensure_ascii=False, indent=1)
    out = _replay(text.encode())
    kyoku = [o for o in out if o["type"] == "kyoku"]
    assert len(kyoku) == len(obj["log"]) and all(o["matches_log"] is True for o in kyoku), \
        [(o["kyoku"], o["mismatches"]) for o in kyoku]
    assert kyoku[0]["scores_start"] == [30000] * 4
    assert any("starts at 30,000" in n for n in _notes(out))
    end = out[-1]
    assert end["type"] == "game_end" and end["matches_log"] is True, end.get("mismatches")
    assert end["final_scores"] == [90300, 36400, -50100, 43400] and end["final_points"] == [81, -4, -100, 23]


def test_a_win_written_without_its_value_is_read_and_its_value_not_compared() -> None:
    # A converter writes each win's details as [who, from, pao] alone, no value text and no yaku: the engine
    # computes the value, so the win is read and only what the record states (the score changes) is compared.
    # Tenhou's own game so cut: every hand still matches its deltas, and no han, fu, points or yaku show as
    # the record's.
    obj = json.loads(TENHOU6.read_text(encoding="utf-8"))
    cut = 0
    for hand in obj["log"]:
        result = hand[16]
        if result[0] == "和了":
            for i in range(2, len(result), 2):
                result[i] = result[i][:3]
                cut += 1
    assert cut >= 5  # noqa: PLR2004 - the game's wins, its double ron among them
    record = read_tenhou6(json.dumps(obj, ensure_ascii=False))
    assert record.errors == ()
    kyoku = [o for o in replay_game(record, file="") if o["type"] == "kyoku"]
    assert all(o["matches_log"] is True for o in kyoku), [(o["kyoku"], o["mismatches"]) for o in kyoku]
    logged = [w for o in kyoku for w in o["log"].get("wins", [])]  # type: ignore[attr-defined]
    assert len(logged) == cut
    assert all(set(w) <= {"winner", "from", "deltas", "pao"} for w in logged), logged


def test_an_east_only_extension_that_ends_after_south_4_is_no_truncation() -> None:
    # riichienv's east-only game (seed 144): nobody reaches 30,000 in East, so it goes on into South, and
    # after South 4 (seat 2's ron of 1,600 on seat 3) nobody has 30,000 still (top 26,400): riichienv ends
    # it there, as Tenhou's east-only rules do (the extension's last hand). Read as a hanchan (mjai states
    # no length), the replay wanted a West round and called the record truncated.
    text = gzip.decompress((DATA / "riichienv" / "east-144.jsonl.gz").read_bytes())
    out = _replay(text, "east-144")
    kyoku = [o for o in out if o["type"] == "kyoku"]
    assert (kyoku[-1]["round_wind"], kyoku[-1]["round_number"], kyoku[-1]["game_over"]) == ("S", 4, True)
    assert max(kyoku[-1]["scores_end"]) < 30000  # type: ignore[type-var]  # noqa: PLR2004
    assert out[-1]["type"] == "game_end"
    assert any("a hanchan would go on" in n for n in _notes(out))


def test_an_mjlog_game_that_starts_at_30000_starts_there() -> None:
    # The same game's mjlog (tests/data/games) with every INIT's scores 50 hundreds higher, and each result's
    # sc scores too, as a private lobby starting at 30,000 writes them: every hand plays and scores alike
    # (nobody went below zero before the last hand) and starts where the record says. Its final points
    # (owari) are the ones worked out in the test above: 81, -4, -100, 23.
    text = (GAMES / "logs" / TENHOU6.with_suffix(".xml").name).read_text(encoding="utf-8")

    def shifted(match: re.Match[str]) -> str:
        values = match.group(2).split(",")
        step = 2 if match.group(1) != "ten" else 1
        values[::step] = [str(int(v) + 50) for v in values[::step]]
        return f'{match.group(1)}="{",".join(values)}"'

    text = re.sub(r'\b(ten|sc)="([^"]*)"', lambda m: shifted(m) if m.group(1) == "sc" or "," in m.group(2)
                  and len(m.group(2).split(",")) == 4 else m.group(0), text)  # noqa: PLR2004
    text = re.sub(r'owari="[^"]*"', 'owari="903,81.0,364,-4.0,-501,-100.0,434,23.0"', text)
    out = _replay(text.encode(), "lobby.xml")
    kyoku = [o for o in out if o["type"] == "kyoku"]
    assert kyoku and all(o["matches_log"] is True for o in kyoku), [(o["kyoku"], o["mismatches"]) for o in kyoku]
    assert kyoku[0]["scores_start"] == [30000] * 4
    assert any("starts at 30,000" in n for n in _notes(out))
    assert out[-1]["type"] == "game_end" and out[-1]["matches_log"] is True, out[-1].get("mismatches")
