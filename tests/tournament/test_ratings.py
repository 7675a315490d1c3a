"""EMA's MERS and Tenhou's R against their published descriptions and examples (sources named in each test);
the OpenSkill wrapper against what a Plackett-Luce rating must do."""

from __future__ import annotations

import datetime

import pytest

from riichi.errors import TournamentError
from riichi.tournament.mers import (
    MersResult,
    age_factor,
    base_rank,
    mers_ranking,
    tournament_weight,
)
from riichi.tournament.tenhou_rating import (
    TenhouRating,
    correction,
    rate_game,
    rating_change,
)

D = datetime.date


def test_base_rank_ema_examples() -> None:
    # EMA, "Ranking" (Calculation): the winner gets 1000, number 75 of 100 gets 252, the last of 100 gets 0,
    # the middle of the field close to 500
    assert base_rank(1, 100) == 1000
    assert base_rank(75, 100) == 252
    assert base_rank(100, 100) == 0
    assert base_rank(50, 100) in range(490, 511)
    # Japanese Mahjong Wiki, "European Ranking System": 3rd of 16 is 866.66 before rounding (EMA drops the
    # fraction, as its 252 for 252.52 shows)
    assert base_rank(3, 16) == 866


@pytest.mark.parametrize(("place", "players"), [(0, 10), (11, 10), (1, 1)])
def test_base_rank_refuses(place: int, players: int) -> None:
    with pytest.raises(TournamentError):
        base_rank(place, players)


def test_weight_table_2018() -> None:
    # EMA, "Basics for ranking system" (update of 25 May 2017, in force from 2018): days 1/2/3; players
    # > 40 +0.5, > 80 +1; countries 6-9 +0.5, >= 10 +1; qualification +1
    assert tournament_weight(days=1, players=40, countries=5) == 1.0
    assert tournament_weight(days=1, players=41, countries=6) == 2.0
    assert tournament_weight(days=2, players=81, countries=9) == 3.5
    assert tournament_weight(days=3, players=200, countries=10, qualification=True) == 6.0


def test_age_factor() -> None:
    # 2018 rules: full weight up to a year, half in the second year, nothing after two years
    on = D(2025, 6, 1)
    assert [age_factor(d, on) for d in (D(2025, 6, 1), D(2024, 6, 1), D(2024, 5, 31), D(2023, 6, 1),
                                         D(2023, 5, 31), D(2025, 6, 2))] == [1.0, 1.0, 0.5, 0.5, 0.0, 0.0]
    assert age_factor(D(2023, 2, 28), D(2024, 2, 29)) == 1.0


def _results(*ranks_weights: tuple[int, int, float]) -> list[MersResult]:
    return [MersResult(f"t{k}", place, players, weight, D(2025, 1, 1)) for k, (place, players, weight)
            in enumerate(ranks_weights)]


def test_fewer_than_two_results_is_unranked() -> None:
    # "A player is required to have participated in at least two tournaments to appear on the ranking"
    assert mers_ranking(_results((1, 10, 1.0)), D(2025, 6, 1)) is None


def test_missing_results_count_as_zero_weight_one() -> None:
    # two wins of weight 1: part A = (1000 + 1000 + 0 + 0 + 0) / 5 = 400, part B = 2000 / 4 = 500, ranking 450
    r = mers_ranking(_results((1, 10, 1.0), (1, 20, 1.0)), D(2025, 6, 1))
    assert r is not None
    assert (r.part_a, r.part_b, r.ranking) == (400.0, 500.0, 450.0)


def test_part_a_counts_five_and_four_fifths_of_the_rest() -> None:
    # 10 results of base ranks 1000, 900, ..., 100 (places 1..10 of 11 give 1000·(11 - p)/10), weight 1:
    # part A takes 5 + 80% of 5 = 9 best: (1000 + ... + 200) / 9 = 5400 / 9 = 600; part B the best 4: 3400 / 4
    # = 850; ranking 725
    r = mers_ranking(_results(*[(p, 11, 1.0) for p in range(1, 11)]), D(2025, 6, 1))
    assert r is not None
    assert len(r.counted) == 9
    assert (r.part_a, r.part_b, r.ranking) == (600.0, 850.0, 725.0)
    # 6 results: 5 + ceil(0.8) = 6 counted
    r6 = mers_ranking(_results(*[(p, 11, 1.0) for p in range(1, 7)]), D(2025, 6, 1))
    assert r6 is not None and len(r6.counted) == 6


def test_weights_and_age_enter_the_average() -> None:
    # a win of weight 2 from last year (2 × 0.5 = 1) and a last place of weight 3 this year: best first,
    # part A = (1000·1 + 0·3 + 0 + 0 + 0) / (1 + 3 + 1 + 1 + 1) = 1000 / 7; part B of the best four:
    # (1000·1 + 0·3 + 0 + 0) / (1 + 3 + 1 + 1) = 1000 / 6
    results = [MersResult("old", 1, 10, 2.0, D(2024, 3, 1)), MersResult("new", 10, 10, 3.0, D(2025, 3, 1))]
    r = mers_ranking(results, D(2025, 6, 1))
    assert r is not None
    assert r.part_a == pytest.approx(1000 / 7)
    assert r.part_b == pytest.approx(1000 / 6)


def test_tenhou_published_example() -> None:
    # レーティング値について (Niigata kenkou mahjong, 2021), example 1: own R2000, the others 2100, 1900, 2000
    # (average 2000), fourth after 400 games or more: 0.2 × (−30 + 0/40) = −6
    assert rating_change(2000.0, (2000.0, 2100.0, 1900.0, 2000.0), place=4, games=400) == pytest.approx(-6.0)


def test_tenhou_formula_parts() -> None:
    # Tenhou's manual as quoted: correction 1 − 0.002 × games below 400, 0.2 from 400; placement points
    # 30/10/−10/−30 (four players), 30/0/−30 (three)
    assert [correction(g) for g in (0, 1, 250, 399, 400, 5000)] == [1.0, 0.998, 0.5, 0.202, 0.2, 0.2]
    # a new player first at a table of new players: 1.0 × (30 + 0) = +30
    assert rating_change(1500.0, (1500.0,) * 4, place=1, games=0) == 30.0
    # three players, second: 0 placement points; table average (1700 + 1800 + 1000) / 3 = 1500; own 1700:
    # (1500 − 1700)/40 = −5; 100 games: 0.8 × −5 = −4
    assert rating_change(1700.0, (1700.0, 1800.0, 1000.0), place=2, games=100) == pytest.approx(-4.0)


def test_tenhou_game_after_game() -> None:
    after = rate_game([TenhouRating()] * 4, [2, 1, 4, 3])
    assert [r.rating for r in after] == [1510.0, 1530.0, 1470.0, 1490.0]
    assert all(r.games == 1 for r in after)
    # second game: the first player (R1510, 1 game) wins against the table's average 1500:
    # 0.998 × (30 + (1500 − 1510)/40) = 0.998 × 29.75 = 29.6905
    again = rate_game(after, [1, 2, 3, 4])
    assert again[0].rating == pytest.approx(1510 + 29.6905)


def test_tenhou_refuses_bad_places() -> None:
    with pytest.raises(TournamentError, match="places: 1 to 4, each once"):
        rate_game([TenhouRating()] * 4, [1, 1, 2, 3])


def test_openskill_orders_by_places() -> None:
    pytest.importorskip("openskill")
    from riichi.tournament.skill import skill_ratings

    ratings = skill_ratings([(("A", "B", "C", "D"), (1, 2, 3, 4))] * 3)
    # a Plackett-Luce rating of three identical results ranks the players as they placed, each more sure
    # than the default sigma 25/3
    assert [r.player for r in ratings] == ["A", "B", "C", "D"]
    assert all(r.sigma < 25 / 3 and r.games == 3 for r in ratings)
    assert ratings[0].mu > 25 > ratings[-1].mu
    # a tie is a tie: equal places from equal ratings give equal ratings
    tied = skill_ratings([(("A", "B", "C", "D"), (1, 1, 3, 3))])
    by = {r.player: r for r in tied}
    assert by["A"].mu == pytest.approx(by["B"].mu) and by["C"].mu == pytest.approx(by["D"].mu)


def test_openskill_refuses_a_player_twice() -> None:
    pytest.importorskip("openskill")
    from riichi.tournament.skill import skill_ratings

    with pytest.raises(TournamentError, match="game 1: a player sits twice"):
        skill_ratings([(("A", "A", "C", "D"), (1, 2, 3, 4))])
