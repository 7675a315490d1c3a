"""The forms of the club pages beyond the whole-tournament run, in a real headless Chromium. The phone page of a
table, at phone size: the fields beyond han and fu — a liable
seat (pao) on a yakuman, nagashi mangan at a draw, and a win entered as the hand itself (MPSZ text, scored by the
score sheet) — each a few taps, each hand scored by the sheet as the rules say."""

from __future__ import annotations

from playwright.sync_api import expect, sync_playwright

from tests.club.test_tournament_pages import ARGS, CHROMIUM, PASSWORD, PHONE, club_url  # noqa: F401 (a fixture)


def test_pao_nagashi_and_a_hand_written_out(club_url: tuple[str, object]) -> None:  # noqa: F811
    base, club = club_url
    token, _ = club.sign_in("Ann", PASSWORD, "test")  # type: ignore[attr-defined]
    ann = club.actor(token)  # type: ignore[attr-defined]
    eid = club.create_event(ann, "Cup", "tournament", "tenhou")  # type: ignore[attr-defined]
    ids = club.add_players(ann, eid, ["A", "B", "C", "D"])  # type: ignore[attr-defined]
    code = club.seat_round(ann, eid, [ids]).codes[0].code  # type: ignore[attr-defined]
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        page = browser.new_page(viewport=PHONE)
        page.goto(base + "/club")
        page.fill("#code", code)
        page.click("#table-form button")
        page.wait_for_url("**/club/table")
        scores = [page.locator(f"#seat-{s} .score") for s in range(4)]

        # East 1: B rons C's 5s with 234m 456p 678s 345s 22p written out: tanyao and pinfu (a two-sided wait on
        # 34s), 2 han 30 fu, 2,000 for a non-dealer (the standard score table).
        page.click("#result-ron")
        page.click("#winner-1")
        page.click("#from-2")
        page.click("#by-hand")
        page.fill("#case-hand", "234m456p678s22p345s win:5s")
        page.click("#submit")
        for s, want in enumerate([25000, 27000, 23000, 25000]):
            expect(scores[s]).to_have_text(str(want))

        # East 2: D rons C for a yakuman with A liable: under Tenhou's rules the discarder and the liable seat
        # pay half the 32,000 each.
        page.click("#result-ron")
        page.click("#winner-3")
        page.click("#from-2")
        page.click("#yakuman")
        page.click("#pao-0")
        page.click("#submit")
        for s, want in enumerate([9000, 27000, 7000, 57000]):
            expect(scores[s]).to_have_text(str(want))

        # East 3 (C deals): a draw, B paid nagashi mangan, nobody tenpai: paid as a non-dealer's mangan tsumo,
        # 4,000 from the dealer and 2,000 from each other seat, with no noten payments.
        page.click("#result-draw")
        page.click("#nagashi-1")
        page.click("#submit")
        for s, want in enumerate([7000, 35000, 3000, 55000]):
            expect(scores[s]).to_have_text(str(want))

        # The stored hands are the sheet's forms, and a correction opens with them: the written hand in its field.
        page.click("#edit-0")
        expect(page.locator("#case-hand")).to_have_value("234m456p678s22p345s win:5s")
        page.click("#edit-1")
        expect(page.locator("#pao-0")).to_have_class("on")
        for box in page.locator("button").all():
            b = box.bounding_box()
            assert b is None or b["x"] + b["width"] <= PHONE["width"] + 1
        browser.close()
    hands = club.game(club.event(eid, ann)["rounds"][0]["tables"][0]["game"])["hands"]  # type: ignore[attr-defined]
    assert hands[0]["wins"] == [{"winner": 1, "case": {"hand": "234m456p678s22p345s win:5s"}}]
    assert hands[1]["wins"] == [{"winner": 3, "yakuman": 1, "pao": 0}]
    assert hands[2] == {"result": "draw", "riichi": [], "tenpai": [], "nagashi": [1]}


def test_the_organiser_changes_rules_seats_by_hand_and_swiss(club_url: tuple[str, object]) -> None:  # noqa: F811
    base, club = club_url
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        page = browser.new_page()
        page.goto(base + "/club")
        page.fill("#org-name", "Ann")
        page.fill("#org-password", PASSWORD)
        page.click("#login-form button")
        page.wait_for_url("**/club/organiser")
        page.fill("#event-name", "Cup")
        page.click("#new-event button")
        page.wait_for_selector("#players-1")
        page.fill("#players-1", "\n".join(f"P{i}" for i in range(8)))
        page.click("#add-players-1 button")
        expect(page.locator("#event-1")).to_contain_text("Players: 8")
        page.fill("#rules-1", "wrc")
        page.click("#set-rules-1 button")
        expect(page.locator("#event-1")).to_contain_text('Rules: "wrc"')
        # Round 1 by hand, East first: P7, P0, P5, P2 at table 1.
        page.fill("#round-tables-1", "P7, P0, P5, P2\nP1, P6, P3, P4")
        page.click("#seat-by-hand-1 button")
        expect(page.locator("table.codes[data-round='1'] tr[data-table='1']")).to_contain_text("P7, P0, P5, P2")
        # A name not in the event is named, and nothing is seated.
        page.fill("#round-tables-1", "P7, P0, P5, Zed\nP1, P6, P3, P4")
        page.click("#seat-by-hand-1 button")
        expect(page.locator("#message")).to_contain_text("Zed")
        # Both games' final scores (WRC's 30,000 a player: 120,000 a table), then a Swiss round: two of each
        # table at each new table.
        for game in (1, 2):
            for i, score in enumerate([45000, 35000, 25000, 15000]):
                page.fill(f"#final-{game}-{i}", str(score))
            page.click(f"#final-{game}")
            expect(page.locator(f"tr[data-game='{game}'] td:nth-child(4)")).to_have_text("Final")
        page.click("#swiss-1 button")
        expect(page.locator("table.codes[data-round='2'] tr")).to_have_count(2)
        # A player's page: Tenhou's R and the OpenSkill rating side by side (P7 won table 1: above 1500).
        page.goto(base + "/club/events/1/players/8")
        expect(page.locator("#ratings")).to_contain_text("Rating (Tenhou R): 15")
        expect(page.locator("#ratings")).to_contain_text("Skill (OpenSkill, mu - 3 sigma): ")
        browser.close()
    token, _ = club.sign_in("Ann", PASSWORD, "test")  # type: ignore[attr-defined]
    event = club.event(1, club.actor(token))  # type: ignore[attr-defined]
    assert event["rules"] == "wrc" and len(event["rounds"]) == 2
    first = [t["seats"] for t in event["rounds"][0]["tables"]]
    for t in event["rounds"][1]["tables"]:
        assert len(set(t["seats"]) & set(first[0])) == 2
