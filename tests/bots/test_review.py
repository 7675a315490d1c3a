"""riichi review (:func:`riichi.bots.review.review_game`): a player reviewing its own self-play record agrees
with every decision; a real east-only game that ends below zero (Tenhou, tests/data/games/logs) is reviewed
to its end; disagreements name both choices."""

from __future__ import annotations

import json
import shlex
from pathlib import Path

import pytest

from riichi.bots.review import review_game
from riichi.cli import main
from riichi.formats.detect import read_record
from riichi.game.events import Discard
from riichi.game.players import EfficientPlayer, TsumogiriPlayer
from riichi.rules import PRESETS
from tests.conftest import riichi_command, riichi_env

LOGS = Path(__file__).parent.parent / "data" / "games" / "logs"
#: A tonpuusen (east-only) game from Tenhou whose last seat ends at -42,100 (tests/data/games/truth.jsonl).
EAST_ONLY_BUST = LOGS / "h-c4737a27a354fef2.xml"


@pytest.fixture(scope="module")
def selfplay(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("review")
    assert main(["play", "--games", "1", "--seed", "2", "--save", str(folder), "--json"]) == 0
    return folder / "game-0000.mjson"


@pytest.mark.parametrize("seat", range(4))
def test_a_player_agrees_with_its_own_self_play(selfplay: Path, seat: int) -> None:
    # riichi play seats EfficientPlayer everywhere; under Tenhou's rules (no open riichi) it chooses without
    # chance, so reviewing any seat with it must agree at every decision the record shows.
    review = review_game(read_record(selfplay.read_bytes()), seat, EfficientPlayer())
    assert review.error is None
    assert review.decisions > 100 and review.agreements == review.decisions  # noqa: PLR2004
    assert review.disagreements == () and review.rate == 1.0


def test_an_mjai_bot_reviews_its_own_self_play(selfplay: Path, capsys: pytest.CaptureFixture[str],
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PYTHONPATH", riichi_env()["PYTHONPATH"])  # the bot processes inherit it
    bot = "mjai:" + shlex.join(riichi_command("bot", "efficient"))
    assert main(["review", str(selfplay), "--seat", "1", "--player", bot, "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["faults"] == 0 and out["agreement_rate"] == 1.0 and out["decisions"] > 100  # noqa: PLR2004


def test_an_east_only_game_with_a_negative_score_is_reviewed_to_its_end(capsys: pytest.CaptureFixture[str]) -> None:
    record = read_record(EAST_ONLY_BUST.read_bytes(), name=EAST_ONLY_BUST.name)
    assert record.rules.hanchan is False
    for seat in range(4):
        review = review_game(record, seat, EfficientPlayer())
        assert review.error is None
        # Each discard of the seat was one of its decisions (on its own turn, always shown by the record).
        discards = sum(1 for h in record.hands for e in h.events if isinstance(e, Discard) and e.seat == seat)
        assert review.decisions >= discards > 0
        assert 0 < review.agreements < review.decisions
    assert main(["review", str(EAST_ONLY_BUST), "--seat", "3", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["seat"] == 3 and out["error"] is None and len(out["disagreements"]) == out["decisions"] - out["agreements"]


def test_disagreements_name_both_choices(selfplay: Path, capsys: pytest.CaptureFixture[str]) -> None:
    review = review_game(read_record(selfplay.read_bytes()), 0, TsumogiriPlayer())
    assert review.disagreements
    for d in review.disagreements:
        assert d.recorded != d.chosen and d.round.startswith(("E", "S", "W"))
    assert main(["review", str(selfplay), "--seat", "0", "--player", "tsumogiri"]) == 0
    text = capsys.readouterr().out
    assert text.splitlines()[0].endswith("not shown by the record")
    assert f"{review.agreements}/{review.decisions} decisions agree" in text


def test_a_three_player_game_is_reviewed(tmp_path: Path) -> None:
    assert main(["play", "--games", "1", "--seed", "4", "--rules", "tenhou-sanma", "--save", str(tmp_path),
                 "--json"]) == 0
    record = read_record((tmp_path / "game-0000.mjson").read_bytes())
    for seat in range(3):
        review = review_game(record, seat, EfficientPlayer(), rules=PRESETS["tenhou-sanma"])
        assert review.error is None and review.decisions > 50 and review.rate == 1.0  # noqa: PLR2004


def test_a_missing_record_is_no_such_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # issue 30: as riichi replay reports a name that matches nothing (it was a usage error, "cannot read")
    missing = tmp_path / "nowhere.mjson"
    assert main(["review", str(missing), "--seat", "0", "--player", "efficient"]) == 1
    assert capsys.readouterr().err.strip().endswith(f"error (no_such_file): {missing}: no such file")


def test_the_expert_agrees_with_its_own_self_play_and_judges_the_real_game(tmp_path: Path,
                                                                         capsys: pytest.CaptureFixture[str]) -> None:
    # The expert chooses without chance: reviewing its own seat of its self-play game agrees at every decision.
    assert main(["play", "--games", "1", "--seed", "4", "--players", "expert,efficient,efficient,efficient",
                 "--save", str(tmp_path), "--json"]) == 0
    capsys.readouterr()
    from riichi.game.expert import ExpertPlayer  # noqa: PLC0415

    own = review_game(read_record((tmp_path / "game-0000.mjson").read_bytes()), 0, ExpertPlayer())
    assert own.decisions > 50 and own.agreements == own.decisions  # noqa: PLR2004
    # On a real game each differing discard shows both discards as the expert judges them, and the value lost is
    # the difference of the two scores it chose by.
    path = sorted(LOGS.glob("*.xml"))[0]
    assert main(["review", str(path), "--seat", "0", "--player", "expert", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    judged = [d for d in out["disagreements"] if "value_lost" in d]
    assert len(judged) >= 10  # noqa: PLR2004
    for d in judged:
        mine, theirs = d["chosen_judged"], d["recorded_judged"]
        assert d["chosen"].endswith(mine["tile"]) or mine["tile"] in d["chosen"]
        assert theirs["tile"] in d["recorded"]
        assert abs(d["value_lost"] - (mine["score"] - theirs["score"])) < 0.2  # noqa: PLR2004 - both rounded
        assert 0 <= mine["deal_in"] <= 1 and 0 <= theirs["win"] <= 1
    assert main(["review", str(path), "--seat", "0", "--player", "expert"]) == 0
    assert "value lost:" in capsys.readouterr().out
