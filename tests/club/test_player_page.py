"""A player's page: the OpenSkill rating (riichi.tournament.skill) beside Tenhou's R, over the event's finished
games in order. On SQLite and PostgreSQL."""

from __future__ import annotations

import pytest

from tests.club.helpers import new_club, seated_event

pytest.importorskip("openskill", reason="the club extra's OpenSkill")


def test_the_player_page_shows_the_openskill_rating(database: str) -> None:
    _, ann = new_club(database)
    eid, event = seated_event(ann, players=8)
    first, second = event["rounds"][0]["tables"]
    ids = [p["id"] for p in event["players"]]
    before = ann.get(f"/club/api/events/{eid}/players/{ids[0]}").json()
    assert before["skill"] is None and before["rating"] == 1500  # Tenhou's R starts at 1500
    # Table 1: P0 first ... P3 last. Table 2 is still in play: it does not count.
    assert ann.post(f"/club/api/games/{first['game']}/final",
                    {"version": 0, "final_scores": [40000, 30000, 20000, 10000]}).status_code == 200
    pages = [ann.get(f"/club/api/events/{eid}/players/{p}").json() for p in ids[:4]]
    skills = [p["skill"] for p in pages]
    # OpenSkill's Plackett-Luce starts everyone at mu 25, sigma 25/3: after one game the winner is above 25,
    # the last below, each more certain; ordinal is mu - 3 sigma; the order of the places is the order of mu.
    assert all(s["games"] == 1 and s["sigma"] < 25 / 3 for s in skills)
    assert skills[0]["mu"] > 25 > skills[3]["mu"]
    assert [s["mu"] for s in skills] == sorted((s["mu"] for s in skills), reverse=True)
    assert all(s["ordinal"] == pytest.approx(s["mu"] - 3 * s["sigma"], abs=0.002) for s in skills)
    # Tenhou's R beside it moves the same way.
    assert pages[0]["rating"] > 1500 > pages[3]["rating"]
    assert ann.get(f"/club/api/events/{eid}/players/{second['seats'][0]}").json()["skill"] is None
