"""An mjlog record written again as mjlog keeps its ``SHUFFLE`` seed and every tile id.

The engine's events name tiles, not Tenhou's 136-ids (which copy of a tile), and which copy a player
discards or calls with is the player's choice: the ids cannot be worked out from the events (nor from the
seed's walls, which give the ids entering play, not the copy leaving a hand). The reader keeps each event's
ids and the seed, and the writer writes them back. Checked on every real Tenhou game of tests/data: the
written record's seed, dice and every id (deal, draws, discards, calls, dora indicators, each win's hand,
melds, winning tile and indicators, the hands shown at a draw) equal the record's own."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import pytest

from riichi.formats.mjai import read_mjai, write_mjai
from riichi.formats.mjlog import read_mjlog, read_mjlog_bytes
from riichi.formats.mjlog_writer import write_mjlog
from riichi.formats.record import GameRecord
from riichi.game.events import Deal
from riichi.replay.run import replay_game

DATA = Path(__file__).parent.parent / "data"
GAMES = sorted(path for folder in ("games/logs", "sanma/logs", "sanma/games", "sanma/yakuman")
               for path in (DATA / folder).glob("*.xml"))

#: The tags that hold tile ids (or the seed and the dice), and their attributes that do.
_IDS = {"SHUFFLE": ("seed",), "INIT": ("seed", "hai0", "hai1", "hai2", "hai3"), "N": ("who", "m"), "DORA": ("hai",),
        "AGARI": ("hai", "m", "machi", "doraHai", "doraHaiUra"), "RYUUKYOKU": ("hai0", "hai1", "hai2", "hai3")}
_TAG = re.compile(r"<(SHUFFLE|INIT|N|DORA|AGARI|RYUUKYOKU|[TUVWDEFG][0-9]+)\b([^>]*)>")


def _ids(text: str) -> list[tuple[str, tuple[str | None, ...]]]:
    """Every tag with tile ids, in order: a draw or discard as its name (``T52``), the others with the
    attributes of :data:`_IDS` (None where a tag has no such attribute)."""
    out = []
    for name, rest in _TAG.findall(text):
        attrs = dict(re.findall(r'(\w+)="([^"]*)"', rest))
        out.append((name, tuple(attrs.get(key) for key in _IDS.get(name, ()))))
    return out


def test_the_games_are_there() -> None:
    assert len(GAMES) == 175 + 2 + 3 + 2  # noqa: PLR2004 - four-player games, three-player logs, games, yakuman


@pytest.mark.parametrize("path", GAMES, ids=lambda p: p.stem)
def test_mjlog_to_mjlog_keeps_the_seed_and_every_tile_id(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    record = read_mjlog(text, log_id=path.name)
    assert record.errors == ()
    written = write_mjlog(record)
    assert _ids(written) == _ids(text)
    assert written.count("<SHUFFLE ") == 1


@pytest.mark.parametrize("name", ["games/logs/2010091009gm-00a9-0000-83af2648.xml",
                                  "games/logs/h-e35d731dc564d9b5.xml",  # the older, hexadecimal seed
                                  "sanma/games/2020010102gm-00b9-0000-629e69ba.xml"])
def test_the_written_record_replays_on_its_seeds_walls(name: str) -> None:
    path = DATA / name
    again = read_mjlog(write_mjlog(read_mjlog_bytes(path.read_bytes(), log_id=path.name)), log_id=path.name)
    out = list(replay_game(again, file=path.name))
    assert [o for o in out if o["type"] == "error"] == []
    assert out[-1]["type"] == "game_end" and out[-1]["wall"] == "verified"
    assert all(o["matches_log"] for o in out if o["type"] == "kyoku")


def test_ids_that_do_not_fit_are_numbered_afresh_and_the_seed_left_out() -> None:
    path = DATA / "games/logs/2010091009gm-00a9-0000-83af2648.xml"
    record = read_mjlog_bytes(path.read_bytes(), log_id=path.name)
    first = record.hands[0]
    assert first.tile_ids is not None
    # The first discard's id (1s) given to the first draw (8s).
    assert [str(e) for e in first.events[1:3]] == ["draw 0 8s", "discard 0 1s"]
    ids = list(first.tile_ids)
    ids[1] = ids[2]
    changed = replace(record, hands=(replace(first, tile_ids=tuple(ids)), *record.hands[1:]))
    written = write_mjlog(changed)
    assert "<SHUFFLE" not in written  # the ids written no longer are the seed's
    hands = [tag for tag in _ids(written) if tag[0] == "INIT"]
    assert hands[1:] == [tag for tag in _ids(path.read_text(encoding="utf-8")) if tag[0] == "INIT"][1:]
    again = read_mjlog(written)
    assert again.errors == ()

    def events(r: GameRecord) -> list[list[object]]:
        return [[replace(e, wall=None) if isinstance(e, Deal) else e for e in h.events] for h in r.hands]

    assert events(again) == events(record)


def test_a_record_of_another_format_has_no_ids_and_no_seed() -> None:
    path = DATA / "games/logs/2010091009gm-00a9-0000-83af2648.xml"
    mjai = read_mjai(write_mjai(read_mjlog_bytes(path.read_bytes(), log_id=path.name)))
    assert all(h.tile_ids is None for h in mjai.hands) and mjai.seed is None
    assert "<SHUFFLE" not in write_mjlog(mjai)
