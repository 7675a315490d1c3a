"""Tenhou's walls rebuilt from the SHUFFLE seed of real records (riichi.formats.tenhou_wall).

Sources: the Mersenne Twister reference program mt19937ar.c and its published output mt19937ar.out
(Matsumoto and Nishimura, 2002); Tenhou's own description of its shuffle (tenhou.net/stat/rand/);
and the real records of tests/data: 175 four-player games (two with the older hexadecimal seed) and two
three-player games, whose every dealt and drawn tile, replacement tile, dora and ura indicator and dice
the rebuilt walls must give. The walk over a record here reads the tags itself (tile ids, not the
engine's events), so the layout is checked apart from the engine; the replay's own check is tested in
tests/replay/test_wall_check.py.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from riichi.formats.mjlog_codes import CallKind, decode_meld
from riichi.formats.tenhou_wall import MersenneTwister, SeedError, ShuffledWall, TenhouSeed

DATA = Path(__file__).parent.parent / "data"
FOUR = sorted((DATA / "games" / "logs").glob("*.xml"))
THREE = sorted((DATA / "sanma" / "logs").glob("*.xml"))
_TAG = re.compile(r"<([A-Z]+)(\d*)((?:\s+\w+=\"[^\"]*\")*)\s*/?>")
_ATTR = re.compile(r'(\w+)="([^"]*)"')


def test_mt19937_reference_output() -> None:
    # mt19937ar.out: init_by_array({0x123, 0x234, 0x345, 0x456}), the first outputs of genrand_int32.
    mt = MersenneTwister([0x123, 0x234, 0x345, 0x456])
    assert [mt.next_word() for _ in range(5)] == [1067595299, 955945823, 477289528, 4107218783, 4228976476]


def test_mt19937_is_the_standard_librarys_generator() -> None:
    # CPython's random seeds MT19937 with init_by_array over the 32-bit words of an int, lowest first, and
    # getrandbits(32) is genrand_int32: a long key (624 words, the top one nonzero) gives the same stream,
    # past several regenerations of the state.
    rng = random.Random(5)
    key = [rng.getrandbits(32) for _ in range(623)] + [0x80000001]
    mine = MersenneTwister(key)
    theirs = random.Random(sum(word << (32 * i) for i, word in enumerate(key)))
    assert [mine.next_word() for _ in range(2000)] == [theirs.getrandbits(32) for _ in range(2000)]


def _walk(path: Path) -> dict[str, int]:
    """Check every tile id a record names against the walls its seed gives; the counts of what was checked."""
    text = path.read_text(encoding="utf8")
    seed = TenhouSeed.parse(re.search(r'<SHUFFLE seed="([^"]*)"', text).group(1))  # type: ignore[union-attr]
    three = int(re.search(r'<GO type="(\d+)"', text).group(1)) & 0x10  # type: ignore[union-attr]
    players = 3 if three else 4
    walls = seed.walls(108 if three else 136)
    counts = {"deal": 0, "draw": 0, "replacement": 0, "dora": 0, "ura": 0}
    wall: ShuffledWall | None = None
    taken = replacements = indicators = 0
    owed = False
    for name, number, attrs in _TAG.findall(text):
        a = dict(_ATTR.findall(attrs))
        if name == "INIT":
            wall = next(walls)
            values = [int(v) for v in a["seed"].split(",")]
            assert wall.dice == (values[3] + 1, values[4] + 1)  # INIT writes each die less one
            assert wall.dora_id(0) == values[5]
            dealer = int(a["oya"])
            for i in range(players):  # four tiles each three times, then one each, from the dealer
                seat = (dealer + i) % players
                ids = [wall.live_id(4 * players * j + 4 * i + k) for j in range(3) for k in range(4)]
                ids += [wall.live_id(12 * players + i)]
                assert sorted(ids) == sorted(int(t) for t in a[f"hai{seat}"].split(","))
            taken, replacements, indicators, owed = 13 * players, 0, 1, False
            counts["deal"] += 1
        elif wall is None:
            continue
        elif name in ("T", "U", "V", "W") and number:
            if owed:
                assert int(number) == wall.replacement_id(replacements)
                replacements += 1
                owed = False
                counts["replacement"] += 1
            else:
                assert int(number) == wall.live_id(taken)
                taken += 1
                counts["draw"] += 1
        elif name == "N":
            kind = decode_meld(int(a["m"]), int(a["who"])).kind
            owed = kind in (CallKind.ANKAN, CallKind.DAIMINKAN, CallKind.KAKAN, CallKind.NUKI)
        elif name == "DORA":
            assert int(a["hai"]) == wall.dora_id(indicators)
            indicators += 1
            counts["dora"] += 1
        elif name == "AGARI":
            shown = [int(t) for t in a["doraHai"].split(",")]
            assert shown == [wall.dora_id(k) for k in range(len(shown))]
            ura = [int(t) for t in a.get("doraHaiUra", "").split(",") if t]
            assert ura == [wall.ura_id(k) for k in range(len(ura))]
            counts["ura"] += len(ura)
    return counts


def test_every_tile_of_175_four_player_games() -> None:
    assert len(FOUR) == 175
    total = {"deal": 0, "draw": 0, "replacement": 0, "dora": 0, "ura": 0}
    for path in FOUR:
        for key, n in _walk(path).items():
            total[key] += n
    # Everything the records name was checked: 1,810 hands, every kan's replacement and indicator.
    assert total["deal"] == 1810
    assert total["draw"] > 80_000 and total["replacement"] >= 150 and total["dora"] >= 150 and total["ura"] > 600


def test_the_older_seed_form() -> None:
    older = [p for p in FOUR if 'seed="mt19937ar-sha512-n288,' in p.read_text(encoding="utf8")]
    assert [p.name for p in older] == ["h-2e6b76ab26d0d5de.xml", "h-e35d731dc564d9b5.xml"]
    seed = TenhouSeed.parse(re.search(r'seed="([^"]*)"', older[0].read_text(encoding="utf8")).group(1))  # type: ignore[union-attr]
    assert seed.older and len(seed.words) == 32 and seed.words[0] == 0x7D769E4B
    wall = next(seed.walls())
    # The older records lay each indicator pair the other way: the dora indicator is the lower tile.
    assert wall.older_layout and wall.dora_id(0) == wall.ids[4] and wall.ura_id(0) == wall.ids[5]


@pytest.mark.parametrize("path", THREE, ids=[p.stem for p in THREE])
def test_three_player_games(path: Path) -> None:
    counts = _walk(path)
    # These two games set Norths aside and kan: up to six replacement tiles in a hand, and kan indicators.
    assert counts["deal"] > 5 and counts["replacement"] > 20 and counts["dora"] >= 3


def test_a_three_player_wall_holds_no_2m_to_8m() -> None:
    wall = next(TenhouSeed.parse("mt19937ar-sha512-n288," + ",".join(["0000002A"] * 32)).walls(108))
    assert sorted(wall.ids) == [0, 1, 2, 3, *range(32, 136)]
    assert wall.replacements == 8
    wall = ShuffledWall(wall.ids, wall.dice)  # the later layout (the hexadecimal seed above is the older form)
    order = wall.drawing_order()
    assert sorted(order) == sorted(wall.ids)
    assert order[:94] == tuple(wall.ids[107:13:-1])  # the live wall from the top
    assert order[94:102] == tuple(wall.replacement_id(k) for k in range(8))
    assert order[102::2] == tuple(wall.dora_id(k) for k in range(3))
    # The fourth and fifth indicator pairs at the live wall's end, behind its last tiles.
    assert (order[92], order[93], order[90], order[91]) == (wall.dora_id(3), wall.ura_id(3), wall.dora_id(4),
                                                              wall.ura_id(4))


def test_drawing_order_is_the_engines_wall() -> None:
    wall = next(TenhouSeed.parse(re.search(r'seed="([^"]*)"', FOUR[0].read_text(encoding="utf8")).group(1)).walls())  # type: ignore[union-attr]
    order = wall.drawing_order()
    assert sorted(order) == list(range(136))
    assert order[:52] == tuple(wall.live_id(n) for n in range(52))
    assert order[122:126] == tuple(wall.replacement_id(k) for k in range(4))
    assert order[126::2] == tuple(wall.dora_id(k) for k in range(5))
    assert order[127::2] == tuple(wall.ura_id(k) for k in range(5))


@pytest.mark.parametrize(("text", "message"), [
    ("mt19937ar-sha512-n288-base64,!!!!", "cannot be decoded"),
    ("mt19937ar-sha512-n288-base64,AAAA", "holds 3 bytes, not 2496"),
    ("mt19937ar-sha512-n288,12345678,XYZ", "'XYZ' is not a word of eight hexadecimal digits"),
    ("xorshift,1234", "unknown seed form 'xorshift'"),
    ("", "unknown seed form ''"),
])
def test_bad_seeds(text: str, message: str) -> None:
    with pytest.raises(SeedError, match=re.escape(message)):
        TenhouSeed.parse(text)


def test_bad_tile_count() -> None:
    with pytest.raises(SeedError, match="136 or 108 tiles, not 100"):
        next(TenhouSeed((1,)).walls(100))


def test_an_older_seed_game_with_a_kan() -> None:
    # A houou hanchan of 2009 with the older seed and an added kan (tests/data/tenhou/older-seed): every tile
    # it names is the rebuilt wall's, the replacement tile among them. The older records lay the dead wall's
    # replacement pairs the other way round too: the first replacement is ids[0] (9m there), where the later
    # layout's is ids[1] (5s there).
    path = DATA / "tenhou" / "older-seed" / "2009082902gm-00a9-0000-df6a8b53.xml"
    counts = _walk(path)
    assert counts["deal"] == 11 and counts["replacement"] == 1 and counts["dora"] == 1  # noqa: PLR2004
    walls = TenhouSeed.parse(re.search(r'seed="([^"]*)"', path.read_text(encoding="utf8")).group(1)).walls()  # type: ignore[union-attr]
    east_2 = [next(walls) for _ in range(4)][3]
    assert east_2.replacement_id(0) == east_2.ids[0] == 34 and east_2.ids[1] == 89  # noqa: PLR2004 - 9m; 5s
