"""Placement value (riichi.game.placement): hands worked out by hand, properties, and bad input.

Final points are Tenhou's as the project's rule sets state them (docs/rules.md, the tenhou preset): start
25,000, return 30,000, uma +20/+10/-10/-20 thousand, oka 20 thousand to the top, so first place is
(score - 30,000 + 40,000) / 1000 and second (score - 30,000 + 10,000) / 1000; the game ends after South 4 once
someone has 30,000 and the dealer does not repeat. Three players (tenhou-sanma): start 35,000, return 40,000,
uma +20/0/-20, oka 15 to the top.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from riichi.analysis.ev import DiscardEv, EvModel, EvResult
from riichi.errors import InconsistentSituationError, InvalidCaseError
from riichi.game import _placement_table as data
from riichi.game.placement import Standings, check_scores, place_chances, with_placement
from riichi.rules import TENHOU, TENHOU_SANMA, resolve_rules
from riichi.tiles import Tile, Wind

ROOT = Path(__file__).resolve().parents[2]


def test_the_shipped_table_is_what_the_script_fits() -> None:
    # The data of the model is the fit of scripts/build_placement_table.py on the games in tests/data, unedited.
    path = ROOT / "scripts" / "build_placement_table.py"
    spec = importlib.util.spec_from_file_location("build_placement_table", path)
    assert spec is not None and spec.loader is not None
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    shipped = (ROOT / "riichi" / "game" / "_placement_table.py").read_text(encoding="utf-8")
    assert script.module_text() == shipped


def _result(*rows: tuple[str, list[float], list[float], list[float]], first: int = 18, last: int = 18,
            model: EvModel = EvModel.TABLE) -> EvResult:
    """An expected-value result made by hand: each row (discard, tenpai, win, value) turn by turn."""
    return EvResult(model, first, last, 100, tuple(DiscardEv(Tile.parse(tile), 0, tuple(t), tuple(w), tuple(v))
                                                   for tile, t, w, v in rows))


# South 4 (All Last) of a Tenhou hanchan. The player sits South with 29,000, 1,000 behind West (30,000, the
# top); the dealer East has 22,000 and North 19,000 (100,000 in all, no stick on the table).
ALL_LAST = Standings([22000, 29000, 30000, 19000], seat_wind=Wind.SOUTH, round_wind=Wind.SOUTH,
                          round_number=4, rules=TENHOU)


def test_all_last_win_values_by_hand() -> None:
    # A win worth 1,300 points: by ron from anyone, 1,300 (1 han 40 fu) to 30,300, first (West keeps 30,000 or
    # less): (30,300 - 30,000 + 40,000) / 1000 = 40.3; by tsumo the nearest a tsumo comes to 1,300 is 1,200 (300 from
    # each non-dealer, 600 from the dealer; the next, 400/700, is 1,500), to 30,200: 40.2. A tsumo a quarter of
    # the time: 0.25 * 40.2 + 0.75 * 40.3.
    assert ALL_LAST.win_value(1300, tsumo_share=0.25) == pytest.approx(0.25 * 40.2 + 0.75 * 40.3)
    # A haneman (12,000; base 3,000): 41,000 however it is won, first: (41,000 - 30,000 + 40,000) / 1000 = 51.
    assert ALL_LAST.win_value(12000, tsumo_share=0.25) == pytest.approx(51.0)
    assert ALL_LAST.hands_after == 0


def test_all_last_cheap_likely_win_beats_a_bigger_unlikely_one() -> None:
    # Two discards at the last turn (no other seat can win before it: the hand is won now or drawn), neither
    # tenpai unless it wins. A: wins 60 % of the time with 1,300 (expected 780 points); B: 10 % with a haneman
    # (expected 1,200). By points B is better; by placement A is: both wins take first place, and A wins six
    # times as often. placement = W * (the win's final points) + (1 - W) * X, X the final points of a draw with
    # the player noten; so A - B > 0.6 * 40.2 - 0.1 * 51 - 0.5 * X = 19.02 - 0.5 * X. After a noten draw the
    # player has 29,000 at most, below West's 30,000 or more: where the game ends, second at best (9.0); where it
    # goes on (the dealer tenpai), first less than half the time (behind West), so X < (29,000 - 30,000 + 0.5 *
    # 40,000 + 0.5 * 10,000) / 1000 = 24. Hence A - B > 19.02 - 12 > 0.
    # The search orders them by points, B first; with the scores at the table, A (the better place) comes first.
    result = _result(("9p", [0.1], [0.1], [1200.0]), ("1z", [0.6], [0.6], [780.0]))
    placed = with_placement(result, ALL_LAST)
    a, b = placed.find("1z"), placed.find("9p")
    assert b.value[0] > a.value[0]
    assert a.placement[0] > b.placement[0]
    assert [str(d.tile) for d in placed.discards] == ["1z", "9p"]
    assert placed.best is a
    noten = ALL_LAST.draw_value(tenpai=False)
    assert noten < 24.0  # noqa: PLR2004 - the bound worked out above
    assert a.placement[0] == pytest.approx(0.6 * ALL_LAST.win_value(1300, tsumo_share=data.TSUMO_SHARE[4])
                                           + 0.4 * noten)


def test_placement_ties_ordered_by_points() -> None:
    # The peer model's wins are tsumo: a certain win worth 1,550 is paid as the tsumo nearest it, and the tsumo
    # totals a non-dealer can win near it are 1,500 (400/400/700: bases 301 to 350) and 1,600 (400/400/800): 50
    # from each, and the lower is taken. So 1,550 and 1,500 both take the player to 30,500 and first place,
    # (30,500 - 30,000 + 40,000) / 1000 = 40.5: level by placement, and the larger expected score comes first,
    # whatever the order they came in.
    for rows in ((("1z", [1.0], [1.0], [1500.0]), ("9p", [1.0], [1.0], [1550.0])),
                 (("9p", [1.0], [1.0], [1550.0]), ("1z", [1.0], [1.0], [1500.0]))):
        placed = with_placement(_result(*rows, model=EvModel.PEER), ALL_LAST)
        assert [d.placement[0] for d in placed.discards] == pytest.approx([40.5, 40.5])
        assert [str(d.tile) for d in placed.discards] == ["9p", "1z"]


def test_certain_win_with_honba_and_sticks() -> None:
    # South 4, one honba and one riichi stick on the table (the scores sum to 99,000). A certain haneman: the table
    # model's expected points hold the honba (300) and the stick (1,000): 13,300. The player gains all of it,
    # 29,000 - 1,000 (its own riichi) + 13,300 = 41,300, first: (41,300 - 30,000 + 40,000) / 1000 = 51.3.
    table = Standings([22000, 28000, 30000, 19000], seat_wind=Wind.SOUTH, round_wind=Wind.SOUTH,
                           round_number=4, honba=1, riichi_sticks=1, rules=TENHOU)
    placed = with_placement(_result(("1z", [1.0], [1.0], [13300.0])), table)
    assert placed.discards[0].placement == pytest.approx((51.3,))
    # a notebook's table shows it as a column of its own
    assert "<th style" in placed._repr_html_() and ">placement</th>" in placed._repr_html_()
    assert ">+51.30</td>" in placed._repr_html_()
    assert "placement" not in _result(("1z", [1.0], [1.0], [13300.0]))._repr_html_()


def test_three_players_all_last() -> None:
    # tenhou-sanma, South 3 (its All Last): East 26,000 (dealer), South (the player) 39,000, West 40,000; 105,000
    # in all. A mangan tsumo under Tenhou's tsumo loss is 2,000 + 4,000 = 6,000: 45,000 and first,
    # (45,000 - 40,000 + 35,000) / 1000 = 40.0; a win worth 1,000 by ron from West: 40,000 against West's 39,000,
    # first (40.0 - 5.0 = 35.0); from East: 40,000 level with West, and Tenhou breaks the tie by seat order from the
    # game's first dealer (the dealer of South 3 is the third seat, so the player is the first seat, West the
    # second): first, 35.0 again.
    table = Standings([26000, 39000, 40000], seat_wind=Wind.SOUTH, round_wind=Wind.SOUTH, round_number=3,
                           rules=TENHOU_SANMA)
    assert table.win_value(6000, tsumo_share=1.0) == pytest.approx(40.0)
    assert table.win_value(1000, tsumo_share=0.0) == pytest.approx(35.0)
    # A win worth 1,000 by tsumo: the nearest tsumo totals are 900 (600 from the dealer, 300 from West) and 1,100
    # (700 + 400); the lower is taken: 39,900 against West's 39,700, ahead, but nobody has 40,000, so the game goes
    # on into the West round: not settled, strictly between last place's final points with 39,900
    # (-0.1 - 20) and first's (-0.1 + 35).
    assert -20.1 < table.win_value(1000, tsumo_share=1.0) < 34.9  # noqa: PLR2004
    # second place after a draw with everyone noten: (39,000 - 40,000 + 0) / 1000 = -1.0, exactly (someone has
    # 40,000 and the dealer is not tenpai: the game ends)
    assert table.final_points([26000, 39000, 40000]) == pytest.approx(-1.0)


def test_peer_model_wins_by_tsumo_only() -> None:
    # The peer model's wins are tsumo: a certain win worth 1,500 (400/400/700, 1 han 40 fu) takes the player to
    # 30,500, first: 40.5; the table model's would be a ron three times in four... (1,500 by ron: 40.5 as well, so
    # take 1,300: the peer model's tsumo pays 1,200, 40.2, where a ron would pay 1,300, 40.3).
    placed = with_placement(_result(("1z", [1.0], [1.0], [1500.0]), model=EvModel.PEER), ALL_LAST)
    assert placed.discards[0].placement[0] == pytest.approx(40.5)
    placed = with_placement(_result(("1z", [1.0], [1.0], [1300.0]), model=EvModel.PEER), ALL_LAST)
    assert placed.discards[0].placement[0] == pytest.approx(40.2)


def test_place_chances_by_hand() -> None:
    # Four seats level: each place a quarter.
    assert place_chances([25000.0] * 4, 2, 10000.0) == pytest.approx((0.25,) * 4)
    # Two seats 10,000 apart, spread 5,000: the gap of their changes has standard deviation 5,000 sqrt(2); the
    # leader stays first unless it closes 10,000: Phi(2 / sqrt(2)) = Phi(1.41421) = 0.92135 (normal table).
    assert place_chances([35000.0, 25000.0], 0, 5000.0)[0] == pytest.approx(0.92135, abs=1e-5)


def test_early_game_is_a_chance_not_exact() -> None:
    # East 1: a certain win does not settle the place, but first place is more likely the more it wins.
    table = Standings([25000] * 4, seat_wind=Wind.SOUTH, round_wind=Wind.EAST, rules=TENHOU)
    assert table.hands_after == 7  # noqa: PLR2004 - East 2 to South 4
    small, big = table.win_value(1000, tsumo_share=0.0), table.win_value(12000, tsumo_share=0.0)
    assert 0.0 < small < big < 51.0  # noqa: PLR2004 - below a certain first place with 37,000


@pytest.mark.parametrize(("scores", "sticks", "rules", "message"), [
    ([25000, 25000, 25000], 0, TENHOU, "scores lists each seat's points, East first: 4 under tenhou, not 3"),
    ([25000] * 4 + [0], 0, TENHOU, "4 under tenhou, not 5"),
    ([35000, 35000, 35000, 0], 0, TENHOU_SANMA, "3 under tenhou-sanma, not 4"),
])
def test_wrong_count(scores: list[int], sticks: int, rules: object, message: str) -> None:
    with pytest.raises(InvalidCaseError, match=message):
        check_scores(scores, rules=rules, riichi_sticks=sticks)  # type: ignore[arg-type]


def test_scores_that_do_not_sum() -> None:
    with pytest.raises(InconsistentSituationError) as e:
        check_scores([25000, 25000, 25000, 25000], rules=TENHOU, riichi_sticks=2)
    assert str(e.value) == ("the scores sum to 100,000 and the 2 riichi sticks on the table hold 2,000: under tenhou "
                            "the game's points are 4 x 25,000 = 100,000")
    check_scores([24000, 25000, 25000, 25000], rules=TENHOU, riichi_sticks=1)  # the stick is the missing 1,000


def test_bad_round_number_and_seat() -> None:
    with pytest.raises(InvalidCaseError, match="round_number is the hand of the round, 1 to 3 under tenhou-sanma"):
        Standings([35000] * 3, seat_wind=Wind.EAST, round_wind=Wind.EAST, round_number=4, rules=TENHOU_SANMA)
    with pytest.raises(InvalidCaseError, match="a game of 3 players has no north seat"):
        Standings([35000] * 3, seat_wind=Wind.NORTH, round_wind=Wind.EAST, rules=TENHOU_SANMA)


# -- properties -------------------------------------------------------------------------------------------------

_RULES = ("tenhou", "mleague", "wrc", "tenhou-sanma")


@st.composite
def _situations(draw: st.DrawFn) -> tuple[Standings, EvResult, float, float]:
    """A table (scores summing as they must), a result of random but valid values, and the bounds of the final
    points: the player's score after the hand lies between its score less the most it can pay and its score plus
    the most it can gain; its final points between that score's with the last place's bonus and with the first's."""
    rules = resolve_rules(draw(st.sampled_from(_RULES)))
    n = rules.players
    sticks = draw(st.integers(0, 3))
    honba = draw(st.integers(0, 3))
    total = n * rules.game.starting_points - 1000 * sticks
    cuts = sorted(draw(st.lists(st.integers(0, total // 100), min_size=n - 1, max_size=n - 1)))
    parts = [b - a for a, b in zip([0, *cuts], [*cuts, total // 100], strict=True)]
    scores = [100 * p for p in parts]
    scores[0] += total - sum(scores)
    seat = draw(st.integers(0, n - 1))
    round_wind = draw(st.sampled_from((Wind.EAST, Wind.SOUTH)))
    table = Standings(scores, seat_wind=Wind(seat), round_wind=round_wind,
                           round_number=draw(st.integers(1, n)), honba=honba, riichi_sticks=sticks, rules=rules)
    first = draw(st.integers(1, 18))
    rows = []
    for tile in ("1z", "2z"):
        win = draw(st.lists(st.floats(0.0, 1.0), min_size=19 - first, max_size=19 - first))
        tenpai = [min(1.0, w + draw(st.floats(0.0, 1.0))) for w in win]
        # expected points: the win times a value from nothing to a counted yakuman's (48,000), honba and sticks in
        value = [w * draw(st.floats(0.0, 48000.0)) for w in win]
        rows.append((tile, tenpai, win, value))
    result = _result(*rows, first=first)
    from riichi.scoring.settlement import place_bonus  # noqa: PLC0415

    bonus = place_bonus(rules.game)
    # the most the player gains: a 48,000 hand with honba, the sticks, and the leftover sticks given to the top;
    # the most it pays: a dealer's counted yakuman of the others' (48,000 by ron with honba) or a noten payment
    gain = 48000 + honba * 300 + 2000 * sticks
    loss = 48000 + honba * 300 + 3000
    low = (scores[seat] - loss - rules.game.target_points + bonus[-1]) / 1000 - 0.05
    high = (scores[seat] + gain - rules.game.target_points + bonus[0]) / 1000 + 0.05
    return table, result, low, high


@settings(max_examples=40, deadline=None)
@given(_situations())
def test_placement_between_worst_and_best_final_points(case: tuple[Standings, EvResult, float, float]) -> None:
    table, result, low, high = case
    placed = with_placement(result, table)
    for d in placed.discards:
        assert len(d.placement) == len(d.win)
        for p in d.placement:
            assert low <= p <= high


@settings(max_examples=30, deadline=None)
@given(st.lists(st.integers(-20000, 80000), min_size=3, max_size=4), st.floats(1000.0, 40000.0))
def test_place_chances_are_a_distribution(scores: list[int], spread: float) -> None:
    n = len(scores)
    for seat in range(n):
        chances = place_chances([float(s) for s in scores], seat, spread)
        assert sum(chances) == pytest.approx(1.0, abs=1e-9)
        assert all(-1e-12 <= c <= 1.0 + 1e-12 for c in chances)
    # the higher score is first at least as often
    top = max(range(n), key=lambda s: scores[s])
    low = min(range(n), key=lambda s: scores[s])
    assert place_chances([float(s) for s in scores], top, spread)[0] >= place_chances(
        [float(s) for s in scores], low, spread)[0] - 1e-12
