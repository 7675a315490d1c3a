"""A player of this library at an mjai table (:class:`riichi.bots.client.MjaiClient`, ``riichi bot``).

The client sees what an mjai table shows (the other seats' hands and draws as ``?``) and follows the hand
with tiles of its own in the hidden places. The check: a player seated through mjai must play exactly
the game it plays seated directly (same seed, same choices, event for event), which holds only if the
client gives it the same hand and the same legal actions at every decision. Games are east-only to keep
the suite fast.
"""

from __future__ import annotations

import itertools
import json
import shlex
import sys

import pytest

from riichi.bots.client import MjaiClient
from riichi.bots.protocol import find_action, seat_message
from riichi.cli import main
from riichi.game.engine import play_game
from riichi.counts import to_counts
from riichi.game.events import Ankan, Chi, Deal, Discard, Event, GameEnd, GameStart, Minkan, Pon, Riichi, Shouminkan
from riichi.game.legal import Action
from riichi.game.players import EfficientPlayer, Player, RandomPlayer, SeatView
from riichi.rules import RuleSet, resolve_rules
from riichi.shapes.shanten import shanten
from riichi.tiles import KIND_OF
from tests.conftest import riichi_command, riichi_env

EAST_ONLY = resolve_rules("tenhou", length="east_only")
SANMA_EAST_ONLY = resolve_rules("tenhou-sanma", length="east_only")


class ThroughMjai:
    """A seat played by an :class:`MjaiClient` in this process: the table's events are sent to it as mjai
    lines (one line a decision, as mjai.app sends them) and its answers matched to legal actions."""

    def __init__(self, inner: Player, seat: int, rules: RuleSet = EAST_ONLY) -> None:
        self.client = MjaiClient(inner, rules)
        self.seat = seat
        self.pending: list[dict[str, object]] = []

    def observe(self, event: Event) -> None:
        if isinstance(event, GameStart):
            self.client.answer(json.dumps([{"type": "start_game", "names": list(event.names), "id": self.seat}]))
        elif isinstance(event, GameEnd):
            self.client.answer(json.dumps([*self.pending, {"type": "end_kyoku"}, {"type": "end_game"}]))
        else:
            if isinstance(event, Deal) and self.pending:
                self.pending.append({"type": "end_kyoku"})
            self.pending.append(seat_message(event, self.seat))

    def choose(self, view: SeatView, actions: tuple[Action, ...]) -> Action:  # noqa: ARG002 - it asks the client
        line, self.pending = json.dumps(self.pending), []
        return find_action(self.client.answer(line), actions)


@pytest.mark.parametrize(("rules", "seed"), [(EAST_ONLY, seed) for seed in range(12)]
                         + [(SANMA_EAST_ONLY, seed) for seed in range(6)])
def test_a_player_through_mjai_plays_the_game_it_plays_directly(rules: RuleSet, seed: int) -> None:
    def players() -> list[Player]:
        return [EfficientPlayer(seed=seed * 4 + s) if s % 2 == 0 else RandomPlayer(seed=seed * 4 + s)
                for s in range(rules.players)]

    direct: list[Event] = []
    play_game(players(), rules, seed=seed, listener=direct.append)
    seat = seed % rules.players
    seated = players()
    bot = ThroughMjai(seated[seat], seat, rules)
    seated[seat] = bot
    through: list[Event] = []

    def listen(event: Event) -> None:
        through.append(event)
        bot.observe(event)

    play_game(seated, rules, seed=seed, listener=listen)
    assert bot.client.problems == []
    assert [str(e) for e in through] == [str(e) for e in direct]


class LateRiichi:
    """The efficient player, but it declares riichi only when the tile just drawn can go as the riichi
    discard (the hand without it is tenpai), and then lets that tile go (a tsumogiri riichi discard, which
    the efficient player seldom makes: it declares as soon as it is tenpai, discarding from its hand).
    It wraps the efficient player, as a compiled class cannot be subclassed here."""

    def __init__(self, seed: int) -> None:
        self.inner = EfficientPlayer(seed=seed)
        self.declared = False

    def choose(self, view: SeatView, actions: tuple[Action, ...]) -> Action:
        if self.declared:
            self.declared = False
            return next(a for a in actions if isinstance(a, Discard) and a.tsumogiri)
        drawn = view.drawn
        if drawn is not None and any(isinstance(a, Riichi) for a in actions):
            counts = to_counts(view.hand)
            counts[KIND_OF[drawn]] -= 1
            if shanten(counts, n_melds=len(view.melds(view.seat))) == 0:
                self.declared = True
                return next(a for a in actions if isinstance(a, Riichi))
        return self.inner.choose(view, tuple(a for a in actions if not isinstance(a, Riichi)))


@pytest.mark.parametrize("seed", range(3))
def test_a_hidden_seats_tsumogiri_riichi_discard_is_followed(seed: int) -> None:
    # The client fills the other seats' hidden hands and remakes one tenpai when it declares riichi; the
    # riichi discard may be the tile drawn (the client knew it only as '?'), and the hand must go on.
    direct: list[Event] = []
    play_game([EfficientPlayer(seed=seed), LateRiichi(seed=1), LateRiichi(seed=2), LateRiichi(seed=3)], EAST_ONLY,
              seed=seed, listener=direct.append)
    bot = ThroughMjai(EfficientPlayer(seed=seed), 0)
    through: list[Event] = []

    def listen(event: Event) -> None:
        through.append(event)
        bot.observe(event)

    play_game([bot, LateRiichi(seed=1), LateRiichi(seed=2), LateRiichi(seed=3)], EAST_ONLY, seed=seed,
              listener=listen)
    shown = [b for a, b in itertools.pairwise(through)
             if isinstance(a, Riichi) and a.seat != 0 and isinstance(b, Discard) and b.tsumogiri]
    assert shown  # the case happened in this game
    assert bot.client.problems == []
    assert [str(e) for e in through] == [str(e) for e in direct]


class CallsEverything(LateRiichi):
    """Makes every call and kan it may (a concealed kan in riichi too), else plays as :class:`LateRiichi`."""

    def choose(self, view: SeatView, actions: tuple[Action, ...]) -> Action:
        for a in actions:
            if isinstance(a, Ankan | Shouminkan | Minkan | Pon | Chi):
                return a
        return super().choose(view, actions)


# Seeds found by playing 120 games of this table: at seed 23 a hidden seat in riichi makes a concealed kan
# (the filled hand must hold three of the kan's tile and keep its waits, under the strict rule of every
# reading), at seed 25 a hidden seat's chi would leave its filled hand only swap-call discards.
@pytest.mark.parametrize("seed", [23, 25])
def test_hidden_seats_kans_in_riichi_and_calls_are_followed(seed: int) -> None:
    def players() -> list[Player]:
        return [EfficientPlayer(seed=seed), CallsEverything(seed=1), CallsEverything(seed=2), CallsEverything(seed=3)]

    direct: list[Event] = []
    play_game(players(), EAST_ONLY, seed=seed, listener=direct.append)
    bot = ThroughMjai(EfficientPlayer(seed=seed), 0)
    seated = players()
    seated[0] = bot
    through: list[Event] = []

    def listen(event: Event) -> None:
        through.append(event)
        bot.observe(event)

    play_game(seated, EAST_ONLY, seed=seed, listener=listen)
    assert bot.client.problems == []
    assert [str(e) for e in through] == [str(e) for e in direct]
    if seed == 23:  # noqa: PLR2004 - the case happened
        assert _kans_in_riichi(through)


def _kans_in_riichi(events: list[Event]) -> list[Ankan]:
    """The concealed kans made by a seat in riichi."""
    kans, in_riichi = [], set()
    for e in events:
        if isinstance(e, Deal):
            in_riichi = set()
        elif isinstance(e, Riichi):
            in_riichi.add(e.seat)
        elif isinstance(e, Ankan) and e.seat in in_riichi:
            kans.append(e)
    return kans


def test_riichi_bot_efficient_plays_at_a_table_without_a_fault(capsys: pytest.CaptureFixture[str],
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PYTHONPATH", riichi_env()["PYTHONPATH"])  # the bot processes inherit it
    bot = "mjai:" + shlex.join(riichi_command("bot", "efficient"))
    assert main(["play", "--games", "1", "--seed", "5", "--json", "--bot-timeout", "10",
                 "--seat", f"1={bot}", "--seat", f"3={bot}"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["faults"] == [0, 0, 0, 0] and summary["games"] == 1


def test_riichi_bot_expert_plays_at_a_table_without_a_fault(capsys: pytest.CaptureFixture[str],
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    # The expert over mjai sees the table the client rebuilds from the events (the discards' order, the rivers,
    # the riichi) and answers every decision legally.
    monkeypatch.setenv("PYTHONPATH", riichi_env()["PYTHONPATH"])  # the bot processes inherit it
    bot = "mjai:" + shlex.join(riichi_command("bot", "expert"))
    assert main(["play", "--games", "1", "--seed", "6", "--json", "--bot-timeout", "10",
                 "--seat", f"0={bot}", "--seat", f"2={bot}"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["faults"] == [0, 0, 0, 0] and summary["games"] == 1


def test_riichi_bot_answers_a_line_it_cannot_read_with_a_pass(capsys: pytest.CaptureFixture[str],
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    import io  # noqa: PLC0415

    monkeypatch.setattr(sys, "stdin", io.StringIO('not json\n[{"type":"start_game","id":2}]\n'))
    assert main(["bot", "efficient"]) == 0
    out, err = capsys.readouterr()
    assert out.splitlines() == ['{"type":"none"}', '{"type":"none"}']
    assert "not JSON" in err


def _deal_line(seat: int, players: int = 4) -> str:
    """A start_game for ``seat`` and the first deal of an east game, our hand known, the others hidden."""
    hands = [["?"] * 13 for _ in range(players)]
    hands[seat] = ["1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s", "E", "E", "S", "W"]
    deal = {"type": "start_kyoku", "bakaze": "E", "dora_marker": "1p", "kyoku": 1, "honba": 0, "kyotaku": 0,
            "oya": 0, "scores": [25000] * players, "tehais": hands}
    return json.dumps([{"type": "start_game", "names": [""] * players, "id": seat}, deal])


@pytest.mark.parametrize(("event", "named"), [
    # A seat is a whole number below the table's size (mjai's actor and target): each of these named no seat
    # and stopped the bot's process (an index out of range, a number too large for an index, no target).
    ({"type": "tsumo", "actor": 7, "pai": "?"}, "actor must be a seat from 0 to 3, not 7"),
    ({"type": "tsumo", "actor": -1, "pai": "?"}, "actor must be a seat from 0 to 3, not -1"),
    ({"type": "tsumo", "actor": 10**30, "pai": "?"}, f"actor must be a seat from 0 to 3, not {10**30}"),
    ({"type": "tsumo", "actor": True, "pai": "?"}, "actor must be a seat from 0 to 3, not True"),
    ({"type": "tsumo", "pai": "?"}, "actor must be a seat from 0 to 3, not None"),
])
def test_an_event_naming_no_seat_is_a_problem_not_a_crash(event: dict[str, object], named: str) -> None:
    client = MjaiClient(EfficientPlayer(seed=0), EAST_ONLY)
    assert client.answer(_deal_line(1)) == '{"type":"none"}'
    assert client.answer(json.dumps([event])) == '{"type":"none"}'
    assert len(client.problems) == 1 and named in client.problems[0]
    assert client.round is None  # the hand is lost: the bot plays safe until the next deal


def test_a_call_without_its_target_is_a_problem_not_a_crash() -> None:
    # The dealer (seat 0) draws and discards East; seat 2 pons it, naming no seat it took the tile from.
    client = MjaiClient(EfficientPlayer(seed=0), EAST_ONLY)
    client.answer(_deal_line(1))
    line = [{"type": "tsumo", "actor": 0, "pai": "?"}, {"type": "dahai", "actor": 0, "pai": "N", "tsumogiri": True},
            {"type": "pon", "actor": 2, "pai": "N", "consumed": ["N", "N"]}]
    assert client.answer(json.dumps(line)) == '{"type":"none"}'
    assert len(client.problems) == 1 and "target must be a seat from 0 to 3, not None" in client.problems[0]


@pytest.mark.parametrize(("seat", "players"), [(True, 4), (3, 3)])
def test_a_seat_with_no_hand_at_the_deal_is_a_problem_not_a_crash(seat: object, players: int) -> None:
    # start_game's id is our seat: True is no seat (taken as 0), and seat 3 has no hand at a table of three.
    client = MjaiClient(EfficientPlayer(seed=0), SANMA_EAST_ONLY if players == 3 else EAST_ONLY)
    deal = {"type": "start_kyoku", "bakaze": "E", "dora_marker": "1p", "kyoku": 1, "honba": 0, "kyotaku": 0,
            "oya": 0, "scores": [25000] * players,
            "tehais": [["1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s", "E", "E", "S", "W"]]
            + [["?"] * 13] * (players - 1)}
    answer = client.answer(json.dumps([{"type": "start_game", "id": seat}, deal]))
    assert answer == '{"type":"none"}'
    if seat is True:
        assert client.seat == 0
        assert client.problems == ["start_game's id must be our seat, 0 to 3, not True: playing seat 0"]
    else:
        assert len(client.problems) == 1 and "not one for each of three or four seats with ours (seat 3)" in \
            client.problems[0]


def test_riichi_bot_plays_on_when_its_player_raises(capsys: pytest.CaptureFixture[str],
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    import io  # noqa: PLC0415

    # The player (tests.bots.test_mjai_client:Raises) fails at its first decision, the dealer's first discard:
    # the bot says so, passes, and reads the next line (a second start_game, answered none) as before.
    deal = json.loads(_deal_line(0))
    deal.append({"type": "tsumo", "actor": 0, "pai": "N"})
    monkeypatch.setattr(sys, "stdin", io.StringIO(json.dumps(deal) + '\n[{"type":"start_game","id":0}]\n'))
    assert main(["bot", "tests.bots.test_mjai_client:Raises"]) == 0
    out, err = capsys.readouterr()
    assert out.splitlines() == ['{"type":"none"}', '{"type":"none"}']
    assert "this line raised RuntimeError: a player's own fault" in err


class Raises:
    """A player whose every choice fails."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, view: SeatView, actions: tuple[Action, ...]) -> Action:
        raise RuntimeError("a player's own fault")


def test_riichi_bot_lets_a_line_too_long_go_without_holding_it(capsys: pytest.CaptureFixture[str],
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    import io  # noqa: PLC0415
    import tracemalloc  # noqa: PLC0415

    # A 20 MB line, then a start_game: the line was read whole (a 400 MB one took 847 MB) before the JSON reader
    # refused its length. Now it is read through a mebibyte at a time, said to be too long, and answered none.
    stdin = io.StringIO('[{"type":"none","x":"' + "x" * 20_000_000 + '"}]\n[{"type":"start_game","id":2}]\n')
    monkeypatch.setattr(sys, "stdin", stdin)
    tracemalloc.start()
    try:
        assert main(["bot", "efficient"]) == 0
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    out, err = capsys.readouterr()
    assert out.splitlines() == ['{"type":"none"}', '{"type":"none"}']
    assert "riichi bot: a line longer than 1,048,576 characters: not read" in err
    assert peak < 8_000_000, peak  # a piece of the line at a time (a mebibyte, as text of up to four bytes a character)


def test_the_client_keeps_its_newest_problems_each_cut_short() -> None:
    # 300 lines of something that is no mjai event, each with 10,000 characters of its own: every problem was
    # kept with the whole of it (3 MB here, without end over a long session). Now the newest 100, each at most
    # 300 characters.
    client = MjaiClient(EfficientPlayer(seed=0), EAST_ONLY)
    for i in range(300):
        assert client.answer(json.dumps([[i, "p" * 10_000]])) == '{"type":"none"}'
    assert len(client.problems) == 100
    assert all(len(p) <= 300 for p in client.problems)
    assert client.problems[0].startswith("not an mjai event: [200, 'ppp")
    assert client.problems[-1].startswith("not an mjai event: [299, 'ppp")
