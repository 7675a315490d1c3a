"""The replay checks every tile of a Tenhou record against the walls its SHUFFLE seed gives (the replay
contract: ``wall: "verified"`` on the game's end, a ``desync`` error naming the hand, the event and both
tiles otherwise). The records are real games of tests/data/games; each altered copy changes one tile id
of the record, and the message must name the tile the record gives and the one the wall gives, worked
out here from the record's own ids."""

from __future__ import annotations

import re
from pathlib import Path

from riichi.formats.mjlog import read_mjlog
from riichi.formats.mjlog_codes import tile_of
from riichi.replay import replay_game

LOGS = Path(__file__).parent.parent / "data" / "games" / "logs"
GAME = "2019103023gm-00a9-0000-f90e0fe9"
KAN_GAME = "2010112714gm-00a9-0000-d497e395"  # has kans: replacement draws and kan dora indicators
OLDER_GAME = "h-2e6b76ab26d0d5de"  # the older seed form; hand 0 is a riichi tsumo showing its ura indicator


def _text(game: str) -> str:
    return (LOGS / f"{game}.xml").read_text(encoding="utf8")


def _replay(text: str) -> list[dict]:
    return list(replay_game(read_mjlog(text), file="x"))


def _tile(tile_id: int) -> str:
    return str(tile_of(tile_id, red_fives=True))


def _other(tile_id: int) -> int:
    """An id of another kind, the same copy (a different tile; four of each kind stay four)."""
    return (tile_id + 4) % 136


def _errors(out: list[dict]) -> list[dict]:
    return [o for o in out if o["type"] == "error"]


def _hand_start(text: str, hand: int) -> int:
    return [m.start() for m in re.finditer("<INIT", text)][hand]


def test_a_drawn_tile_changed_is_a_desync_of_that_hand() -> None:
    text = _text(GAME)
    start = _hand_start(text, 2)
    draw = list(re.finditer(r"<([TUVW])(\d+)/>", text[start:]))[4]  # the fifth draw of hand 2
    tile_id = int(draw.group(2))
    changed = text[:start + draw.start()] + f"<{draw.group(1)}{_other(tile_id)}/>" + text[start + draw.end():]
    out = _replay(changed)
    # The hands before it replay, and the replay goes on from the next hand's stated start (INIT).
    assert [o["kyoku"] for o in out if o["type"] == "kyoku"] == [k for k in range(text.count("<INIT")) if k != 2]
    [error] = _errors(out)
    assert error["kyoku"] == 2 and error["error"]["code"] == "desync"
    seat = "TUVW".index(draw.group(1))
    message = error["error"]["message"]
    # messages count from 1: kyoku 2 is hand 3, the fifth draw's event its fifth or later
    assert re.match(rf"hand 3, event \d+ \(draw {seat} {_tile(_other(tile_id))}\)", message), message
    assert f"the wall's next tile is {_tile(tile_id)}" in message


def test_a_dealt_tile_changed() -> None:
    text = _text(GAME)
    hai1 = re.search(r'hai1="(\d+),', text)
    assert hai1 is not None
    tile_id = int(hai1.group(1))
    changed = text[:hai1.start(1)] + str(_other(tile_id)) + text[hai1.end(1):]
    [error] = _errors(_replay(changed))
    assert error["kyoku"] == 0 and error["error"]["code"] == "desync"
    assert (f"seat 1's starting hand holds {_tile(_other(tile_id))} where the wall deals {_tile(tile_id)}"
            in error["error"]["message"])


def test_the_first_dora_indicator_changed() -> None:
    text = _text(GAME)
    init = re.search(r'<INIT seed="(\d+,\d+,\d+,\d+,\d+,)(\d+)"', text)
    assert init is not None
    tile_id = int(init.group(2))
    changed = text[:init.start(2)] + str(_other(tile_id)) + text[init.end(2):]
    [error] = _errors(_replay(changed))
    assert error["kyoku"] == 0 and error["error"]["code"] == "desync"
    assert (f"the first dora indicator is {_tile(_other(tile_id))}, the wall's is {_tile(tile_id)}"
            in error["error"]["message"])


def test_an_ura_indicator_changed() -> None:
    text = _text(OLDER_GAME)
    ura = re.search(r'doraHaiUra="([\d,]+)"', text)  # the first win in riichi
    assert ura is not None
    hand = text[:ura.start()].count("<INIT") - 1
    ids = [int(t) for t in ura.group(1).split(",")]
    changed = text[:ura.start(1)] + ",".join(map(str, [_other(ids[0]), *ids[1:]])) + text[ura.end(1):]
    [error] = _errors(_replay(changed))
    assert error["kyoku"] == hand and error["error"]["code"] == "desync"
    assert (f"the ura indicators under the revealed dora are {''.join(_tile(i) for i in ids)}"
            in error["error"]["message"])
    assert f"ura={''.join([_tile(_other(ids[0])), *map(_tile, ids[1:])])}" in error["error"]["message"]


def test_a_kan_indicator_and_a_replacement_tile_changed() -> None:
    text = _text(KAN_GAME)
    dora = re.search(r'<DORA hai="(\d+)"', text)
    assert dora is not None
    hand = text[:dora.start()].count("<INIT") - 1
    tile_id = int(dora.group(1))
    changed = text[:dora.start(1)] + str(_other(tile_id)) + text[dora.end(1):]
    [error] = _errors(_replay(changed))
    assert error["kyoku"] == hand and error["error"]["code"] == "desync"
    assert f"the wall's next indicator is {_tile(tile_id)}" in error["error"]["message"]
    # The draw after the kan (the tag after the kan's N) is its replacement tile.
    kan = text.rfind("<N ", 0, dora.start())
    replacement = re.compile(r"<([TUVW])(\d+)/>").search(text, kan)
    assert replacement is not None
    tile_id = int(replacement.group(2))
    changed = text[:replacement.start(2)] + str(_other(tile_id)) + text[replacement.end(2):]
    [error] = _errors(_replay(changed))
    assert error["kyoku"] == hand and error["error"]["code"] == "desync"
    assert "rinshan" in error["error"]["message"]
    assert f"the wall's next tile is {_tile(tile_id)}" in error["error"]["message"]


def test_no_seed_no_check() -> None:
    text = re.sub(r"<SHUFFLE [^>]*>", "", _text(GAME))
    out = _replay(text)
    assert _errors(out) == [] and out[-1]["wall"] == "none"
    assert _replay(_text(GAME))[-1]["wall"] == "verified"


def test_a_seed_that_cannot_be_read_is_named() -> None:
    text = re.sub(r'<SHUFFLE seed="[^"]*"', '<SHUFFLE seed="mt19937ar-sha512-n288-base64,AAAA"', _text(GAME))
    errors = _errors(_replay(text))
    assert [e["error"]["code"] for e in errors] == ["invalid_log"]
    assert "SHUFFLE: the seed holds 3 bytes, not 2496 (624 words)" in errors[0]["error"]["message"]


SANMA = sorted((Path(__file__).parent.parent / "data" / "sanma").glob("*/*.xml"))


def test_three_player_walls_verified() -> None:
    # Real three-player Tenhou games (tests/data/sanma): Norths set aside and kans, up to six replacement
    # tiles in a hand; every tile of every hand is the one the rebuilt 108-tile wall gives.
    assert len(SANMA) >= 5  # noqa: PLR2004
    for path in SANMA:
        out = _replay(path.read_text(encoding="utf8"))
        assert _errors(out) == [], path.name
        assert out[-1]["type"] == "game_end" and out[-1]["wall"] == "verified", path.name


def test_a_three_player_replacement_tile_changed() -> None:
    text = next(p for p in SANMA if p.stem == "2020010111gm-00b9-0000-7a4c92ad").read_text(encoding="utf8")
    nuki = text.index("<N ")  # the first North set aside (or kan): the draw after it is a replacement tile
    replacement = re.compile(r"<([TUVW])(\d+)/>").search(text, nuki)
    assert replacement is not None
    hand = text[:nuki].count("<INIT") - 1
    tile_id = int(replacement.group(2))
    other = tile_id + 4 if tile_id + 4 < 136 else 32  # noqa: PLR2004 - another kind of the 108 (no 2m..8m)
    changed = text[:replacement.start(2)] + str(other) + text[replacement.end(2):]
    [error] = _errors(_replay(changed))
    assert error["kyoku"] == hand and error["error"]["code"] == "desync"
    assert f"the wall's next tile is {_tile(tile_id)}" in error["error"]["message"]


def test_an_older_seed_game_with_a_kan_is_verified() -> None:
    # A houou hanchan of 2009 with the older seed (tests/data/tenhou/older-seed): in East 2 seat 0 draws 8m
    # (id 28), adds it to its pon of 8m and draws the replacement 9m (id 34), then the kan's indicator 5z (id
    # 124) is turned. 9m is the rebuilt wall's ids[0]; the later layout's first replacement, ids[1], is 5s
    # (id 89): read so, the replacement draw was a desync. The older records lay the replacement pairs the
    # other way round, as they lay the indicator pairs: every hand matches and every tile is the wall's.
    path = Path(__file__).parent.parent / "data" / "tenhou" / "older-seed" / "2009082902gm-00a9-0000-df6a8b53.xml"
    out = _replay(path.read_text(encoding="utf8"))
    assert _errors(out) == []
    kyoku = [o for o in out if o["type"] == "kyoku"]
    assert len(kyoku) == 11 and all(o["matches_log"] is True for o in kyoku)  # noqa: PLR2004
    assert kyoku[3]["dora_indicators"] == ["1p", "5z"]  # the first indicator and the kan's
    assert out[-1]["type"] == "game_end" and out[-1]["wall"] == "verified" and out[-1]["matches_log"] is True
