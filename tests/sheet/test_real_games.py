"""riichi.sheet on real games: each Tenhou game of tests/data (175 four-player games, 70 three-player games) written
as a scorekeeper's sheet from what its record states of each hand (the discarder, each winner's total han and fu
or its yakuman count and liable seat, the accepted riichi, the tenpai and nagashi seats, the abortive kind; none
of the record's scores), scored, gives every hand's state and score changes and the record's final scores and
points (the score-sheet contract's "what counts as a pass")."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from riichi.errors import GameOverError
from riichi.formats.sheet import game_object, read_game
from riichi.rules import AbortiveDraw, FinalRounding, GameLength, resolve_rules
from riichi.sheet import SheetGame, SheetHand, SheetWin, score_sheet

DATA = Path(__file__).resolve().parents[1] / "data"
#: tests/data/games/truth.jsonl (175 four-player games) and tests/data/sanma/truth-70.jsonl (70 three-player games):
#: what each record states, hand by hand (tests/data/README.md).
TRUTH = [DATA / "games" / "truth.jsonl", DATA / "sanma" / "truth-70.jsonl"]
#: Tenhou's draw types as the sheet's abortive kinds.
ABORTIVE = {"yao9": AbortiveDraw.KYUUSHU_KYUUHAI, "kaze4": AbortiveDraw.SUUFON_RENDA,
            "reach4": AbortiveDraw.SUUCHA_RIICHI, "kan4": AbortiveDraw.SUUKAIKAN, "ron3": AbortiveDraw.SANCHAHOU}


def _games() -> list[dict]:
    games = []
    for path in TRUTH:
        with path.open(encoding="utf-8") as f:
            games += [json.loads(line) for line in f if line.strip()]
    return games


GAMES = _games()


def _sheet(g: dict) -> SheetGame:
    """The game as a scorekeeper writes it: the record's rules (Tenhou's, with its length, red fives and the final
    rounding of the record's era), and for each hand only what happened."""
    r = g["rules"]
    rounding = g["end"]["owari_formula"]["rounding"]
    rules = resolve_rules("tenhou-sanma" if r["players"] == 3 else "tenhou").replace(
        length=GameLength.HANCHAN if r["length"] == "hanchan" else GameLength.EAST_ONLY,
        aka=(2 if r["players"] == 3 else 3) if r["aka"] else 0, kuitan=r["kuitan"],
        final_rounding=FinalRounding.THOUSANDS if rounding == "thousands" else FinalRounding.EXACT)
    hands = []
    for k in g["kyoku"]:
        riichi = tuple(k["riichi"])
        if k["wins"]:
            wins = tuple(SheetWin(w["winner"], yakuman=len(w["yakuman"]), pao=w["pao"]) if w["yakuman"]
                         else SheetWin(w["winner"], han=w["han"], fu=w["fu"], pao=w["pao"]) for w in k["wins"])
            first = k["wins"][0]
            hands.append(SheetHand.tsumo(wins[0], riichi=riichi) if first["tsumo"]
                         else SheetHand.ron(first["from"], *wins, riichi=riichi))
        elif k["draw"]["type"] in ("exhaustive", "nm"):
            hands.append(SheetHand.draw(tenpai=tuple(k["draw"]["tenpai"] or ()), riichi=riichi,
                                        nagashi=tuple(k["draw"]["nagashi"] or ())))
        else:
            hands.append(SheetHand.abortive_draw(ABORTIVE[k["draw"]["type"]], riichi=riichi))
    return SheetGame(rules, tuple(hands))


def test_the_data_has_every_kind_of_hand() -> None:
    # What the sheets below go through: wins by ron and tsumo, double rons, liability, every Tenhou draw type.
    kinds = {k["draw"]["type"] for g in GAMES for k in g["kyoku"] if k["draw"]}
    assert {"exhaustive", "nm", "yao9", "reach4", "kan4", "kaze4"} <= kinds
    assert sum(len(k["wins"]) == 2 for g in GAMES for k in g["kyoku"]) >= 10
    assert any(w["pao"] is not None for g in GAMES for k in g["kyoku"] for w in k["wins"])
    assert {g["end"]["reason"] for g in GAMES} >= {"bust", "all_last", "agari_yame", "extension"}
    assert (len(GAMES), sum(g["rules"]["players"] == 3 for g in GAMES)) == (245, 70)


@pytest.mark.parametrize("g", GAMES, ids=[g["game_id"] for g in GAMES])
def test_a_real_game_written_as_a_sheet_scores_as_its_record(g: dict) -> None:
    result = score_sheet(_sheet(g))
    assert len(result.hands) == len(g["kyoku"])
    for mine, k in zip(result.hands, g["kyoku"], strict=True):
        assert (str(mine.round_wind), mine.round_number, mine.dealer, mine.honba, mine.riichi_sticks) == \
            (k["round_wind"], k["round_number"], k["dealer"], k["honba"], k["riichi_sticks"]), k["index"]
        assert list(mine.scores_start) == k["scores_start"]
        assert list(mine.deltas) == k["deltas"], k["index"]
        assert list(mine.scores_end) == k["scores_end"]
        assert [(w.winner, w.points) for w in mine.wins] == [(w["winner"], w["points"]) for w in k["wins"]]
    assert result.over
    assert list(result.final_scores or ()) == g["final_scores"]
    assert list(result.final_points or ()) == pytest.approx(g["owari_points"])
    assert result.leftover_sticks == g["end"]["leftover_sticks"]
    # Tenhou gives the sticks left to the top (seat order breaks a tie).
    top = min(range(len(g["final_scores"])), key=lambda s: (-g["final_scores"][s], s))
    assert result.leftover_sticks_to == ((top,) if g["end"]["leftover_sticks"] else ())


def test_sheets_go_through_json_and_back() -> None:
    for g in GAMES:
        sheet = _sheet(g)
        obj = json.loads(json.dumps(game_object(sheet)))
        again, notes = read_game(obj)
        assert (again, notes) == (sheet, []), g["game_id"]


def test_a_hand_after_the_end_is_refused() -> None:
    g = next(g for g in GAMES if g["end"]["reason"] == "bust")
    sheet = _sheet(g)
    more = SheetGame(sheet.rules, (*sheet.hands, SheetHand.draw()))
    with pytest.raises(GameOverError) as caught:
        score_sheet(more)
    assert caught.value.hand == len(sheet.hands)
    assert "ended after hand" in str(caught.value) and "bust" in str(caught.value)


def test_a_game_cut_short_is_in_progress() -> None:
    # The first ten hands of a game: not over, and the next hand is the record's eleventh as it was dealt.
    g = next(g for g in GAMES if len(g["kyoku"]) > 11 and g["rules"]["players"] == 4)
    sheet = _sheet(g)
    result = score_sheet(SheetGame(sheet.rules, sheet.hands[:10]))
    k = g["kyoku"][10]
    assert not result.over and result.final_points is None and result.next is not None
    nxt = result.next
    assert (str(nxt.round_wind), nxt.round_number, nxt.dealer, nxt.honba, nxt.sticks, list(nxt.scores)) == \
        (k["round_wind"], k["round_number"], k["dealer"], k["honba"], k["riichi_sticks"], k["scores_start"])
