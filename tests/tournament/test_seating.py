"""Seating: the affine planes meet every pair exactly once; the search's seatings are valid, repeatable and at
least as good as the counts docs/tournaments.md gives; winds are even; files are read strictly."""

from __future__ import annotations

import itertools

import pytest

from riichi.errors import TournamentError
from riichi.tournament.seating import (
    Seating,
    affine_plane,
    read_fixed,
    repeat_lower_bound,
    seat,
    seating_rows,
    swiss_round,
)


def _check_valid(s: Seating) -> None:
    """Every round seats every player and substitute exactly once, at tables of the table size."""
    total = s.players + s.substitutes
    for rnd in s.rounds:
        assert all(len(t) == s.table_size for t in rnd)
        assert sorted(p for t in rnd for p in t) == list(range(total))


@pytest.mark.parametrize("order", [3, 4])
def test_affine_plane_is_a_resolvable_design(order: int) -> None:
    # an affine plane of order q: q + 1 parallel classes of q lines of q points, each pair of the q² points on
    # exactly one line (the definition), so each pair meets in exactly one round
    classes = affine_plane(order)
    assert len(classes) == order + 1
    met = dict.fromkeys(itertools.combinations(range(order * order), 2), 0)
    for rnd in classes:
        assert sorted(p for line in rnd for p in line) == list(range(order * order))
        for line in rnd:
            for pair in itertools.combinations(sorted(line), 2):
                met[pair] += 1
    assert set(met.values()) == {1}


def test_sixteen_players_five_rounds_never_repeat() -> None:
    # the issue's own target: 16 players over 5 rounds is the affine plane of order 4
    s = seat(16, 5)
    _check_valid(s)
    assert s.repeated_pairs() == 0
    # each pair meets exactly once over the 5 rounds: 16·15/2 = 120 pairs, 5 rounds × 4 tables × 6 pairs
    assert len(s.meetings()) == 120
    # 5 rounds at 4 seats: even winds are one wind twice, the others once (ceil(5/4) = 2)
    assert s.wind_excess() == 0
    assert all(sorted(c) == [1, 1, 1, 2] for c in s.wind_counts())


def test_nine_players_three_player_tables() -> None:
    s = seat(9, 4, table_size=3)
    _check_valid(s)
    assert (s.repeated_pairs(), len(s.meetings()), s.wind_excess()) == (0, 36, 0)


def test_search_is_repeatable_and_seeded() -> None:
    assert seat(20, 4, seed=3) == seat(20, 4, seed=3)
    assert seat(20, 4, seed=3).rounds != seat(20, 4, seed=4).rounds


@pytest.mark.parametrize(("players", "rounds"), [(20, 4), (28, 5), (40, 6), (30, 5)])
def test_search_finds_schedules_without_repeats(players: int, rounds: int) -> None:
    # each of these has a schedule without repeats: every player meets 3 × rounds < players - 1 others and
    # the search reaches 0 (docs/tournaments.md's table, made by scripts/seating_table.py)
    s = seat(players, rounds)
    _check_valid(s)
    assert s.repeated_pairs() == 0
    assert s.wind_excess() == 0


def test_substitutes_fill_the_last_places() -> None:
    s = seat(18, 3)
    _check_valid(s)
    assert (s.players, s.substitutes) == (18, 2)
    assert [s.name(p) for p in (0, 17, 18, 19)] == ["1", "18", "S1", "S2"]
    assert s.is_substitute(18) and not s.is_substitute(17)


@pytest.mark.parametrize(("players", "rounds"), [(18, 3), (22, 4), (30, 6), (41, 8)])
def test_substitutes_sit_apart(players: int, rounds: int) -> None:
    # two substitutes at one table would leave it with two stand-ins: the search counts that as a repeat, and
    # where it finds a seating without repeats (these sizes), no two substitutes share a table
    s = seat(players, rounds)
    assert all(sum(s.is_substitute(p) for p in t) <= 1 for rnd in s.rounds for t in rnd)


def test_repeats_never_below_the_bound() -> None:
    # 8 players over 4 rounds: each meets 12 others of 7, 5 repeats each, at least 8 × 5 / 2 = 20
    s = seat(8, 4)
    assert repeat_lower_bound(8, 4) == 20
    assert s.repeated_pairs() >= 20


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"players": 16, "rounds": 0}, "rounds: 1 to"),
    ({"players": 3, "rounds": 2}, "players: 4 to"),
    ({"players": 16, "rounds": 2, "table_size": 5}, "table_size: 3 or 4"),
])
def test_bad_sizes_are_named(kwargs: dict[str, int], message: str) -> None:
    with pytest.raises(TournamentError, match=message):
        seat(**kwargs)


def test_fixed_file_round_trips() -> None:
    s = seat(18, 3, seed=2)
    text = "\n".join(",".join(row) for row in seating_rows(s))
    back = read_fixed(text)

    def by_name(x: Seating) -> list[list[list[str]]]:
        return [[[x.name(p).removeprefix("sub:") for p in t] for t in rnd] for rnd in x.rounds]

    assert by_name(back) == by_name(s)
    assert back.repeated_pairs() == s.repeated_pairs()
    assert set(back.names[-2:]) == {"sub:S1", "sub:S2"}
    assert back.substitutes == 2


@pytest.mark.parametrize(("text", "message"), [
    ("1,1,A,B,C,D\n1,2,E,F,G\n", "line 2: 6 fields"),
    ("1,1,A,B,C,D\n3,1,A,B,C,D\n", "line 2: round: round 3 after round 1"),
    ("1,1,A,B,C,D\n2,1,A,B,C,A\n", "round 2: every player once; missing D; twice: A"),
    ("x,1,A,B,C,D\n", "line 1: round: a round number"),
    ("", "no tables"),
])
def test_fixed_file_errors_name_the_line(text: str, message: str) -> None:
    with pytest.raises(TournamentError, match=message):
        read_fixed(text)


def test_swiss_round_follows_the_standings() -> None:
    # 16 players, round 1 the first class of the affine plane; the Swiss round puts the best four (by
    # standings) together unless they met: 1, 5, 9, 13 sat together in round 1, so they are split up
    first = Seating(16, 0, 4, (affine_plane(4)[1],))
    standings = list(range(16))
    after = swiss_round(first, standings)
    new = after.rounds[1]
    assert sorted(p for t in new for p in t) == standings
    # nobody more than one table away from their place by the standings
    for t, table in enumerate(new):
        assert all(abs(p // 4 - t) <= 1 for p in table)
    assert after.repeated_pairs() <= first.repeated_pairs() + 2


def test_swiss_round_refuses_bad_standings() -> None:
    first = seat(8, 1)
    with pytest.raises(TournamentError, match="missing 8; twice: 1"):
        swiss_round(first, [0, 0, 1, 2, 3, 4, 5, 6])
