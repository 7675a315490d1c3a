"""The mjlog reader on the 175 real Tenhou games of tests/data/games: every record reads without an error,
and each hand has the draws, calls and kans the truth file counts (written from the same records by an
independent reader)."""

from __future__ import annotations

import gzip
import json
import re
from pathlib import Path

import pytest

from riichi.formats.mjlog import read_mjlog, read_mjlog_bytes
from riichi.formats.mjlog_codes import CallKind, GoType, decode_meld, encode_meld, tile_of
from riichi.formats.record import ErrorCode
from riichi.game.events import Ankan, Chi, Draw, Minkan, Pon, Shouminkan, Win
from riichi.notation import parse_tiles
from riichi.tiles import Tile

GAMES = Path(__file__).parent.parent / "data" / "games"
TRUTH = [json.loads(line) for line in (GAMES / "truth.jsonl").read_text(encoding="utf8").splitlines()]


@pytest.mark.parametrize("truth", TRUTH, ids=[t["game_id"] for t in TRUTH])
def test_every_game_reads_with_its_counts(truth: dict) -> None:
    path = GAMES / truth["file"]
    record = read_mjlog_bytes(path.read_bytes(), log_id=path.name)
    assert record.errors == ()
    assert record.rules.log_id == truth["log_id"]
    assert record.rules.hanchan == (truth["rules"]["length"] == "hanchan")
    assert record.rules.red_fives is truth["rules"]["aka"]
    assert len(record.hands) == len(truth["kyoku"])
    for hand, k in zip(record.hands, truth["kyoku"], strict=True):
        deal = hand.events[0]
        assert (deal.round_wind.name[0], deal.round_number, deal.dealer) == (k["round_wind"], k["round_number"],
                                                                             k["dealer"])
        assert str(deal.dora) == k["dora_indicators"][0]
        assert sum(isinstance(e, Draw) for e in hand.events) == k["n_draws"]
        assert sum(isinstance(e, Chi | Pon | Minkan | Shouminkan | Ankan) for e in hand.events) == k["n_calls"]
        assert sum(isinstance(e, Minkan | Shouminkan | Ankan) for e in hand.events) == k["n_kans"]
        assert [(w.seat, w.from_seat) for w in hand.events if isinstance(w, Win)] == [
            (w["winner"], w["from"]) for w in k["wins"]]
        assert hand.stated.deltas == tuple(k["deltas"])


def test_gzip_reads_as_plain() -> None:
    data = (GAMES / TRUTH[0]["file"]).read_bytes()
    assert read_mjlog_bytes(gzip.compress(data)) == read_mjlog_bytes(data)


def test_red_fives_are_the_first_id_of_each_five() -> None:
    # Tenhou's red fives are ids 16, 52 and 88 (the first 5m, 5p and 5s) when GO type has bit 0x02 clear.
    assert [tile_of(i, red_fives=True) for i in (16, 17, 52, 88, 91)] == [Tile.parse(t) for t in
                                                                            ("0m", "5m", "0p", "0s", "5s")]


@pytest.mark.parametrize(("m", "who", "kind", "from_seat", "tiles"), [
    # From the first game's record (2010081709gm-00a9-0000-fe3371ad): seat 3 pons the 4z seat 0 had just
    # discarded (<D120/>), chis seat 2's 6s (<F93/>); seat 1 chis 3m from seat 0.
    (46185, 3, CallKind.PON, 0, "444z"),
    (54431, 3, CallKind.CHI, 2, "406s"),
    (6367, 1, CallKind.CHI, 0, "345m"),
])
def test_meld_codes(m: int, who: int, kind: CallKind, from_seat: int, tiles: str) -> None:
    code = decode_meld(m, who)
    assert (code.kind, code.from_seat) == (kind, from_seat)
    assert code.tiles() == parse_tiles(tiles)
    assert encode_meld(code) == m


def test_every_meld_code_of_the_games_encodes_back() -> None:
    kinds = set()
    for truth in TRUTH:
        text = (GAMES / truth["file"]).read_text(encoding="utf8")
        for who, m in re.findall(r'<N who="(\d)" m="(\d+)"', text):
            code = decode_meld(int(m), int(who))
            kinds.add(code.kind)
            assert encode_meld(code) == int(m)
    assert kinds == {CallKind.CHI, CallKind.PON, CallKind.KAKAN, CallKind.DAIMINKAN, CallKind.ANKAN}


def test_go_type_bits() -> None:
    # 169 = 0xA9: online, hanchan, houou lobby (0x20 | 0x80), red fives and open tanyao on.
    assert GoType.from_code(169).hanchan and GoType.from_code(169).lobby == "houou"
    # 0xA1 | 0x10: the same lobby, east only, three players; 0x02 and 0x04 turn red fives and kuitan off.
    go = GoType.from_code(0xA1 | 0x10 | 0x02 | 0x04)
    assert (go.players, go.hanchan, go.red_fives, go.open_tanyao) == (3, False, False, False)


def test_a_four_player_record_marked_three_player_is_refused_at_its_fourth_hand() -> None:
    # <GO type> bit 0x10 marks a three-player game (169 | 16 = 185), whose deals leave hai3 empty (as every
    # record of ../sanma shows): a four-player deal read as three players names the fourth hand.
    text = (GAMES / TRUTH[0]["file"]).read_text(encoding="utf8").replace('<GO type="169"/>', '<GO type="185"/>')
    error = read_mjlog(text).errors[0]
    assert error.code is ErrorCode.INVALID_LOG and "hai3 deals a fourth hand" in error.message


@pytest.mark.parametrize(("damage", "message"), [
    (lambda t: t.replace("<D120/>", "<D999/>", 1), "999 is not a tile id (0..135)"),
    (lambda t: t.replace('<N who="3" m="46185" />', '<N who="3" m="x" />', 1), "m='x' is not a whole number"),
    (lambda t: t.replace('step="1"', 'step="3"', 1), "REACH step 3 is neither"),
    (lambda t: t[:len(t) // 2], "the record ends inside hand"),
    (lambda t: t.replace('<RYUUKYOKU ba="0,1"', '<RYUUKYOKU type="nope" ba="0,1"', 1), "unknown RYUUKYOKU type 'nope'"),
])
def test_damage_is_named_and_reading_goes_on(damage, message: str) -> None:
    text = (GAMES / TRUTH[0]["file"]).read_text(encoding="utf8")
    record = read_mjlog(damage(text))
    assert record.errors, "a damaged record must report its damage"
    assert message in record.errors[0].message
    assert record.errors[0].index is not None and record.errors[0].index > 0
    assert record.hands  # the hands before the damage are kept
