"""The organiser's rounds and rules beyond seating every round at once: a Swiss round by the standings, a rule
set changed while no game is entered; and who may make those writes. On SQLite and PostgreSQL."""

from __future__ import annotations

import itertools

import pytest

from tests.club.helpers import CONTRACT_HANDS, Browser, new_club, seated_event


def _pairs(tables: list[list[int]]) -> set[frozenset[int]]:
    return {frozenset(p) for t in tables for p in itertools.combinations(t, 2)}


def test_a_swiss_round_is_seated_by_the_standings(database: str) -> None:
    _, ann = new_club(database)
    eid, event = seated_event(ann, players=8)
    first, second = event["rounds"][0]["tables"]
    # A Swiss round waits for every game of the rounds before it: the standings must be the round's.
    r = ann.post(f"/club/api/events/{eid}/swiss", {"seed": 1})
    assert (r.status_code, r.json()["error"]["code"]) == (409, "conflict")
    for table, scores in [(first, [40000, 30000, 20000, 10000]), (second, [45000, 25000, 19000, 11000])]:
        assert ann.post(f"/club/api/games/{table['game']}/final",
                        {"version": table["version"], "final_scores": scores}).status_code == 200
    r = ann.post(f"/club/api/events/{eid}/swiss", {"seed": 1})
    assert r.status_code == 200 and r.json()["round"] == 2
    tables = r.json()["tables"]
    assert sorted(p for t in tables for p in t) == sorted(p["id"] for p in event["players"])
    # After A–D and E–H, the fewest meetings a round 2 can repeat is 4: two of each first-round table at each
    # table (the Swiss seating's own worked example, riichi.tournament.seating.swiss_round).
    assert len(_pairs(tables) & _pairs([first["seats"], second["seats"]])) == 4
    for t in tables:
        assert len(set(t) & set(first["seats"])) == 2
    # The round is the event's, and the answer told its tables' codes (for the organiser page to show once).
    again = ann.get(f"/club/api/events/{eid}").json()["rounds"][1]
    assert [t["seats"] for t in again["tables"]] == tables
    assert [(c["round"], c["table"], c["game"]) for c in r.json()["codes"]] == [
        (2, t["table"], t["game"]) for t in again["tables"]]


def test_a_swiss_round_keeps_each_player_near_their_place(database: str) -> None:
    _, ann = new_club(database)
    eid, event = seated_event(ann, players=12)
    a, b, c = (t["seats"] for t in event["rounds"][0]["tables"])
    for table, scores in zip(event["rounds"][0]["tables"], [[40000, 30000, 20000, 10000], [41000, 29000, 21000, 9000],
                                                            [42000, 28000, 22000, 8000]], strict=True):
        assert ann.post(f"/club/api/games/{table['game']}/final",
                        {"version": 0, "final_scores": scores}).status_code == 200
    # By place, then score within a place (the uma keeps the places apart): the three winners and the best
    # second (C's, B's, A's first, A's second) are the top four, the worst third and the three lasts the bottom
    # four (A's third, A's, B's, C's last).
    top, bottom = {c[0], b[0], a[0], a[1]}, {a[2], a[3], b[3], c[3]}
    tables = ann.post(f"/club/api/events/{eid}/swiss", {"seed": 3}).json()["tables"]
    # Each player stays within one table of their place by the standings (swiss_round's promise): no top
    # player at the third table, no bottom player at the first.
    assert not top & set(tables[2]) and not bottom & set(tables[0])


def test_a_round_seated_by_hand(database: str) -> None:
    _, ann = new_club(database)
    eid, event = seated_event(ann, players=8)
    ids = [p["id"] for p in event["players"]]
    tables = [[ids[7], ids[0], ids[5], ids[2]], [ids[1], ids[6], ids[3], ids[4]]]
    assert ann.post(f"/club/api/events/{eid}/rounds", {"tables": tables}).json()["round"] == 2
    assert [t["seats"] for t in ann.get(f"/club/api/events/{eid}").json()["rounds"][1]["tables"]] == tables


def test_the_rules_change_until_a_game_is_entered(database: str) -> None:
    _, ann = new_club(database)
    eid, event = seated_event(ann)
    gid = event["rounds"][0]["tables"][0]["game"]
    assert ann.get(f"/club/api/games/{gid}").json()["result"]["scores"] == [25000] * 4  # Tenhou: 25,000 each
    r = ann.put(f"/club/api/events/{eid}/rules", {"rules": "wrc"})
    assert r.status_code == 200
    game = ann.get(f"/club/api/games/{gid}").json()
    # WRC 2015 starts at 30,000 (its rulebook): the seated game is scored again under the new rules.
    assert game["rules"] == "wrc" and game["result"]["scores"] == [30000] * 4 and game["version"] == 1
    assert ann.get(f"/club/api/events/{eid}").json()["rules"] == "wrc"
    # A rule set of three players does not fit the seated tables of four.
    r = ann.put(f"/club/api/events/{eid}/rules", {"rules": "tenhou-sanma"})
    assert r.status_code == 422
    assert ann.put(f"/club/api/events/{eid}/rules", {"rules": "no-such-rules"}).status_code == 422
    # Once a hand is entered the rules stay.
    assert ann.post(f"/club/api/games/{gid}/hands", {"version": 1, "hand": CONTRACT_HANDS[0]}).status_code == 200
    r = ann.put(f"/club/api/events/{eid}/rules", {"rules": "tenhou"})
    assert (r.status_code, r.json()["error"]["code"]) == (409, "conflict")
    assert ann.get(f"/club/api/events/{eid}").json()["rules"] == "wrc"
    log = ann.get(f"/club/api/events/{eid}/audit").json()
    assert [(a["action"], a["before"], a["after"]) for a in log if a["action"] == "set_rules"] == [
        ("set_rules", {"rules": "tenhou"}, {"rules": "wrc"})]


@pytest.mark.parametrize("who", ["anonymous", "another table", "another organiser", "no csrf"])
def test_only_the_organiser_seats_swiss_or_changes_rules(database: str, who: str) -> None:
    app, ann = new_club(database)
    eid, event = seated_event(ann, players=8)
    for table in event["rounds"][0]["tables"]:
        ann.post(f"/club/api/games/{table['game']}/final", {"version": 0, "final_scores": [40000, 30000, 20000, 10000]})
    # Bea's own event, whose table code is "another table's code" for Ann's event.
    other = Browser(app)
    other.login("Bea")
    _, bea_event = seated_event(other)
    someone = Browser(app)
    if who == "another table":
        assert someone.table(bea_event["rounds"][0]["tables"][0]["code"]).status_code == 200
    elif who == "another organiser":
        someone = other
    elif who == "no csrf":
        someone = ann
    csrf = "" if who == "no csrf" else someone.csrf
    swiss = someone.http.post(f"/club/api/events/{eid}/swiss", json={"seed": 0}, headers={"X-CSRF-Token": csrf})
    rules = someone.http.put(f"/club/api/events/{eid}/rules", json={"rules": "wrc"}, headers={"X-CSRF-Token": csrf})
    want = (401, "unauthorised") if who == "anonymous" else (403, "forbidden")
    for r in (swiss, rules):
        assert (r.status_code, r.json()["error"]["code"]) == want
    after = ann.get(f"/club/api/events/{eid}").json()
    assert len(after["rounds"]) == 1 and after["rules"] == "tenhou"
