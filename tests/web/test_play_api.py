"""The play API (``/api/play/*``, riichi.web.play): whole games through HTTP, what a seat is sent, refusals, and
how games are kept.

The visibility test counts every tile the answers name (outside the actions offered and the hand ends,
which show what the rules show) and checks that the count is exactly what the seat may see, computed from
the server's own position: its hand, every river, every meld, the dora indicators and any open-riichi hand.
A tile of another seat's concealed hand or of the wall anywhere in an answer makes the count exceed it.
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from riichi.formats.detect import read_record
from riichi.game.round import Round
from riichi.replay.run import replay_game
from riichi.tiles import KIND_OF, Tile, kind_name
from riichi.web.app import create_app
from riichi.web.play import GameStore, PlayGame, PlayRefused, Setup, new_setup
from riichi.web.play_api import COOKIE

_TILE_RUN = re.compile(r"(?<![\w])(\d+)([mpsz])(?![a-z])")


def tiles_named(text: str) -> Counter[str]:
    """Every tile written in MPSZ runs in ``text`` ("55m" is two 5m)."""
    out: Counter[str] = Counter()
    for digits, suit in _TILE_RUN.findall(text):
        for d in digits:
            out[d + suit] += 1
    return out


def visible_to(r: Round, seat: int) -> Counter[str]:
    """What ``seat`` may see of the position, counted the way the answer writes it."""
    out: Counter[str] = Counter(str(t) for t in r.hands[seat])
    for s in range(r.players):
        out.update(str(d.tile) for d in r.rivers[s])
        for m in r.melds[s]:
            out.update(str(t) for t in m.tiles)
        if s != seat and r.open_riichi[s]:
            out.update(str(t) for t in r.hands[s])
    out.update(str(t) for t in r.dora)
    return out


def public_part(state: dict[str, object]) -> str:
    """The answer without what names tiles on purpose besides the position: the actions offered (the seat's own
    tiles again), the hand ends (hands the rules show), the waits and the tile on the table (a river tile again)."""
    kept = {k: v for k, v in state.items() if k not in ("actions", "endings")}
    table = dict(kept["table"]) if kept.get("table") else None  # type: ignore[call-overload]
    if table is not None:
        table.pop("last", None)
        kept["table"] = table
    if kept.get("me"):
        kept["me"] = {k: v for k, v in kept["me"].items() if k != "waits"}  # type: ignore[attr-defined]
    return json.dumps(kept)


@pytest.fixture
def client() -> TestClient:
    return TestClient(create_app())


def store_of(client: TestClient) -> GameStore:
    store = client.app.state.play_games  # type: ignore[attr-defined]
    assert isinstance(store, GameStore)
    return store


def play_through(client: TestClient, rules: str, seed: int, check: bool = True) -> dict[str, object]:
    """A whole game by random legal clicks, every answer checked for what it shows; the last state."""
    rng = random.Random(seed)
    state = client.post("/api/play/new", json={"rules": rules, "seat": seed % 3}).json()
    assert state["ok"], state
    game = store_of(client).get(client.cookies.get(COOKIE))
    assert game is not None
    secret = str(game.setup.seed)
    for _ in range(2000):
        text = json.dumps(state)
        assert secret not in text  # the seed makes the walls: it never leaves the server
        r = game.game.round
        if check and r is not None and state["table"] is not None:
            named = tiles_named(public_part(state))
            assert named == visible_to(r, game.seat), (state, named - visible_to(r, game.seat))
        if state["over"] is not None:
            return state
        if state["endings"]:
            state = client.post("/api/play/seen", json={"count": state["acknowledged"] + len(state["endings"])}).json()
            continue
        action = rng.choice(state["actions"])
        answer = client.post("/api/play/act", json={"action": action["id"], "moves": state["moves"]})
        assert answer.status_code == 200, answer.json()
        state = answer.json()
    pytest.fail("the game did not end in 2000 moves")


@pytest.mark.parametrize(("rules", "seed"), [("tenhou", 1), ("wrc", 2), ("tenhou-sanma", 3)])
def test_a_whole_game_shows_the_seat_only_what_it_may_see(client: TestClient, rules: str, seed: int) -> None:
    state = play_through(client, rules, seed)
    over = state["over"]
    assert isinstance(over, dict)
    players = 3 if rules == "tenhou-sanma" else 4
    # Points are kept: the final scores add up to the starting points of every seat (sticks settled at the
    # end: the rule sets' own rules give them to the top or, under WRC, to nobody).
    start = {"tenhou": 25000, "wrc": 30000, "tenhou-sanma": 35000}[rules]
    game = store_of(client).get(client.cookies.get(COOKIE))
    assert game is not None
    endings = game.endings
    assert state["endings"] == endings[state["acknowledged"]:] and state["endings"]  # the last hand not closed yet
    left = sum(over["scores"])
    if rules == "wrc":
        assert left <= start * players and (start * players - left) % 1000 == 0
    else:
        assert left == start * players
    assert sorted(over["places"]) == list(range(1, players + 1))
    # Uma and oka: the points add up to zero (one decimal each).
    assert abs(sum(over["points"])) < 0.05 * players + (start * players - left) / 1000
    # The last hand end is the one that ended the game, and its scores are the final scores before the sticks
    # left on the table are settled.
    assert endings[-1]["game_over"] and not any(e["game_over"] for e in endings[:-1])
    assert sum(endings[-1]["scores"]) <= left


def test_the_record_replays_with_every_hand_matching(client: TestClient) -> None:
    play_through(client, "tenhou", 5, check=False)
    for fmt in ("mjai", "tenhou6", "mjlog"):
        answer = client.get(f"/api/play/record?format={fmt}")
        assert answer.status_code == 200
        record = read_record(answer.content, fmt)
        replayed = list(replay_game(record, file=f"game.{fmt}"))
        kyoku = [o for o in replayed if o["type"] == "kyoku"]
        assert kyoku and not [o for o in replayed if o["type"] == "error"]
        game = store_of(client).get(client.cookies.get(COOKIE))
        assert game is not None
        assert len(kyoku) == len(game.game.results)
        # The record states each hand's results as the game settled them; the replay finds the same.
        assert all(o["matches_log"] is True for o in kyoku), [o for o in kyoku if o["matches_log"] is not True]
        end = next(o for o in replayed if o["type"] == "game_end")
        assert end["matches_log"] is True


def test_an_illegal_action_is_refused_with_the_reason_and_changes_nothing(client: TestClient) -> None:
    state = client.post("/api/play/new", json={"rules": "tenhou", "seat": 0}).json()
    # Seat 0 deals: it holds 14 tiles and must discard; a discard of seat 1 and a pon are not offered.
    answer = client.post("/api/play/act", json={"action": "discard 1 1m", "moves": 0})
    assert answer.status_code == 422
    assert answer.json()["error"] == {"code": "illegal_action", "message": "you play seat 0, not seat 1"}
    held = set(state["me"]["hand"]) | {state["me"]["drawn"]}
    missing = next(f"{n}{s}" for s in "mpsz" for n in range(1, 8) if f"{n}{s}" not in held)
    answer = client.post("/api/play/act", json={"action": f"discard 0 {missing}", "moves": 0})
    assert answer.status_code == 422
    assert answer.json()["error"]["message"].startswith(f"discard 0 {missing} is not legal now")
    answer = client.post("/api/play/act", json={"action": state["actions"][0]["id"], "moves": 5})
    assert answer.status_code == 409
    assert answer.json()["error"]["code"] == "stale_position"
    assert client.get("/api/play/state").json() == state


def test_a_reloaded_page_goes_on_where_it_was(client: TestClient) -> None:
    state = client.post("/api/play/new", json={"rules": "tenhou-sanma", "seat": 1}).json()
    state = client.post("/api/play/act", json={"action": state["actions"][0]["id"], "moves": 0}).json()
    other = TestClient(client.app, cookies={COOKIE: client.cookies[COOKIE]})
    assert other.get("/api/play/state").json() == state
    # Another browser (no cookie, or an unknown one) has no game.
    assert TestClient(client.app).get("/api/play/state").json() == {"ok": True, "playing": False}
    stranger = TestClient(client.app, cookies={COOKIE: "x" * 32})
    assert stranger.get("/api/play/state").json() == {"ok": True, "playing": False}
    assert stranger.post("/api/play/act", json={"action": "pass 0", "moves": 0}).json()["error"]["code"] == "no_game"


def test_bad_choices_are_refused() -> None:
    with pytest.raises(PlayRefused, match="unknown rule set 'nope'"):
        new_setup("nope", None, None)
    with pytest.raises(PlayRefused, match="unknown player 'mjai:rm -rf'"):
        new_setup("tenhou", ["mjai:rm -rf"], None)
    with pytest.raises(PlayRefused, match="tenhou-sanma seats 2 opponents, not 3"):
        new_setup("tenhou-sanma", ["random", "random", "random"], None)
    with pytest.raises(PlayRefused, match="tenhou has seats 0 to 3, not 4"):
        new_setup("tenhou", None, 4)
    setup = new_setup("tenhou", ["random", "tsumogiri", "efficient"], 2)
    assert setup.players == ("random", "tsumogiri", None, "efficient")


def test_the_store_is_bounded_and_drops_idle_games() -> None:
    now = [0.0]
    store = GameStore(limit=1, idle=60, clock=lambda: now[0])
    setup = Setup("tenhou", (None, "random", "random", "random"), 7)
    store.start("a" * 24, setup)
    with pytest.raises(PlayRefused, match="holds 1 games"):
        store.start("b" * 24, setup)
    now[0] = 61.0  # the first game idle past the limit: dropped, and room for another
    assert store.get("a" * 24) is None
    store.start("b" * 24, setup)
    assert len(store) == 1


def test_a_kept_game_survives_a_restart(tmp_path: Path) -> None:
    setup = Setup("wrc", ("efficient", None, "efficient", "random"), 11)
    first = GameStore(folder=tmp_path)
    game = first.start("t" * 24, setup)
    rng = random.Random(4)
    for _ in range(40):
        state = game.state()
        if state["actions"]:
            game.act(rng.choice(state["actions"])["id"], state["moves"])  # type: ignore[index]
        game.acknowledge(len(game.endings))
        first.save("t" * 24, game)
    again = GameStore(folder=tmp_path).get("t" * 24)  # a new server process: nothing in memory
    assert again is not None
    assert again.state() == game.state()
    assert [str(e) for e in again.events] == [str(e) for e in game.events]
    assert PlayGame.restore(json.loads(json.dumps(game.saved()))).state() == game.state()


def test_two_workers_on_one_folder_play_the_same_game(tmp_path: Path) -> None:
    """``riichi serve --workers 2 --games DIR``: each worker process has its own store; a move made through one
    is the game the other answers with (the kept copy is the game)."""
    one, two = GameStore(folder=tmp_path), GameStore(folder=tmp_path)
    token = "w" * 24
    game = one.start(token, Setup("tenhou", (None, "efficient", "efficient", "efficient"), 3))
    seen = two.get(token)
    assert seen is not None and seen.state() == game.state()
    state = seen.state()
    seen.act(state["actions"][0]["id"], state["moves"])  # type: ignore[index]
    two.save(token, seen)
    moved = one.get(token)
    assert moved is not None and moved.state() == seen.state() and moved.state()["moves"] == 1



def _first_hand_within(shanten_at_most: int) -> Setup:
    """The first of the seeds 0, 1, 2, ... whose first hand, dealt to seat 0 (the dealer, on its first draw), is
    at most ``shanten_at_most`` from tenpai: a hand whose expected values the help's budget can work out."""
    from riichi.counts import to_counts
    from riichi.shapes.shanten import shanten_standard

    for seed in range(200):
        setup = Setup("tenhou", (None, "tsumogiri", "tsumogiri", "tsumogiri"), seed)
        r = PlayGame(setup).game.round
        assert r is not None
        if shanten_standard(to_counts(r.hands[0])) <= shanten_at_most:
            return setup
    pytest.fail("no seed of 200 deals such a hand")


def test_the_help_gives_each_discards_value_and_each_tiles_danger_from_the_seat_only(client: TestClient) -> None:
    token = "t" * 32
    game = store_of(client).start(token, _first_hand_within(1))
    client.cookies.set(COOKIE, token)
    answer = client.get("/api/play/help").json()
    assert answer["ok"], answer
    r = game.game.round
    assert r is not None
    # Values appear: each discard's chance of winning (a probability) and expected score, for the discards of
    # the table that keep the hand as near tenpai as it is (the search leaves out the others); a 1-shanten hand
    # on the first draw wins some of the time.
    ev = answer["ev"]["discards"]
    best = min(d["shanten"] for d in answer["discards"])
    assert {d["tile"] for d in ev} == {d["tile"] for d in answer["discards"] if d["shanten"] == best}
    assert all(0 <= d["win"][0] <= 1 and d["value"][0] >= 0 for d in ev)
    assert max(d["win"][0] for d in ev) > 0
    # The danger of every kind in the hand, seat by seat: 0 against the seat itself; on the first turn nobody
    # is in riichi, and a seat is tenpai only by the tables' small smoothed chance: above 0, below 5%.
    assert [d["tile"] for d in answer["danger"]] == sorted({kind_name(KIND_OF[t]) for t in r.hands[0]},
                                                            key=lambda k: KIND_OF[Tile.parse(k)])
    assert all(d["seats"][0] == 0 and 0 < d["any"] < 0.05 for d in answer["danger"])
    # From the seat's view only: the other seats' hidden tiles dealt among them again change nothing.
    hidden = [t for s in (1, 2, 3) for t in r.hands[s]]
    before = [list(r.hands[s]) for s in (1, 2, 3)]
    random.Random(5).shuffle(hidden)
    for s in (1, 2, 3):
        r.hands[s][:] = [hidden.pop() for _ in before[s - 1]]
    assert [list(r.hands[s]) for s in (1, 2, 3)] != before
    again = client.get("/api/play/help").json()
    for key in ("ev", "danger", "discards", "shanten", "waits"):
        assert again.get(key) == answer.get(key), key
