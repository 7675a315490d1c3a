"""How often riichi wins come with ippatsu: in self-play (the expert against efficient players) and in real games.

    python scripts/ippatsu_rate.py --games 100                       # self-play under tenhou
    python scripts/ippatsu_rate.py --records tests/data/games/logs   # real games

For each player (or for all seats of the records) it counts the hands played, the wins, the riichi wins and the
ippatsu wins as the scorer gave them, and follows each accepted riichi through its ippatsu window (from the riichi
until the riichi seat's next discard): the window ends in a win of the riichi seat (ippatsu), in a call, a kan or a
North set aside by anyone that stands (the window is broken; an added kan or a North won on never stood), in the
seat's next discard, or in the end of the hand. The windows it follows are an independent check of the engine:
every ippatsu the scorer gave must be a window that ended in a win, and the reverse (a MISMATCH line otherwise).
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from riichi.formats.detect import read_record
from riichi.game.engine import play_game
from riichi.game.events import (
    Ankan,
    Chi,
    Deal,
    Discard,
    Event,
    GameEnd,
    GameStart,
    Kita,
    Minkan,
    Pon,
    RiichiAccepted,
    Shouminkan,
    Win,
)
from riichi.game.expert import ExpertPlayer
from riichi.game.game import Game
from riichi.game.players import EfficientPlayer, Player
from riichi.rules.presets import PRESETS

_CALLS = (Chi, Pon, Minkan, Ankan)


def follow(events: list[Event], names: tuple[str, ...], counts: dict[str, Counter[str]]) -> list[Win]:
    """Count one game's events (``names[seat]`` plays each seat) into ``counts`` (by name); the wins made in an
    ippatsu window."""
    wins_in_window: list[Win] = []
    window: dict[int, bool] = {}  # riichi seat -> its ippatsu window is open
    called_in_hand: set[int] = set()
    for i, e in enumerate(events):
        if isinstance(e, Deal):
            window = {}
            called_in_hand = set()
            for name in names:
                counts[name]["hands"] += 1
        elif isinstance(e, RiichiAccepted):
            window[e.seat] = True
            counts[names[e.seat]]["riichi"] += 1
        elif isinstance(e, Discard) and window.get(e.seat):
            window[e.seat] = False
            counts[names[e.seat]]["window passed"] += 1
        elif isinstance(e, _CALLS) or (isinstance(e, Shouminkan | Kita) and not isinstance(events[i + 1], Win)):
            if isinstance(e, Chi | Pon | Minkan) and e.seat not in called_in_hand:
                called_in_hand.add(e.seat)
                counts[names[e.seat]]["hands with a call"] += 1
            for seat, open_ in window.items():
                if open_:
                    window[seat] = False
                    counts[names[seat]]["window broken by a call"] += 1
        elif isinstance(e, Win) and window.get(e.seat):
            counts[names[e.seat]]["window won"] += 1
            wins_in_window.append(e)
    return wins_in_window


def tally_game(game: Game, events: list[Event], names: tuple[str, ...], counts: dict[str, Counter[str]]) -> None:
    follow(events, names, counts)
    for result in game.results:
        for w in result.wins:
            c = counts[names[w.winner]]
            c["wins"] += 1
            c["riichi wins"] += w.context.riichi
            c["ippatsu wins"] += w.context.ippatsu
            c["ippatsu tsumo"] += w.context.ippatsu and w.tsumo
            if w.from_seat is not None:
                counts[names[w.from_seat]]["deal-ins"] += 1


def self_play(games: int, rules_name: str) -> dict[str, Counter[str]]:
    rules = PRESETS[rules_name]
    counts: dict[str, Counter[str]] = {}
    n = 3 if "sanma" in rules_name else 4
    for g in range(games):
        at = g % n
        players: list[Player] = [ExpertPlayer() if s == at else EfficientPlayer(seed=g + s) for s in range(n)]
        names = tuple("expert" if s == at else "efficient" for s in range(n))
        for name in names:
            counts.setdefault(name, Counter())
        events: list[Event] = []
        game = play_game(players, rules, seed=g, listener=events.append)
        tally_game(game, events, names, counts)
    return counts


def records(folders: list[str]) -> dict[str, Counter[str]]:
    counts: dict[str, Counter[str]] = {"records": Counter()}
    for folder in folders:
        for path in sorted(Path(folder).glob("*")):
            if path.suffix not in {".xml", ".json", ".mjson"}:
                continue
            record = read_record(path.read_bytes(), name=path.name)
            game = Game(record.ruleset(), names=record.names)
            game.apply(GameStart(game.rules.name, record.names))
            events = [e for hand in record.hands for e in hand.events if isinstance(e, Event)]
            for e in events:
                game.apply(e)
            if game.is_over:
                game.apply(GameEnd())  # the records state the end apart from the events: it settles the last hand
            tally_game(game, events, ("records",) * len(record.names), counts)
            counts["records"]["games"] += 1
    return counts


def show(counts: dict[str, Counter[str]]) -> None:
    for name, c in counts.items():
        wins, riichi_wins, ippatsu = c["wins"], c["riichi wins"], c["ippatsu wins"]
        riichi = c["riichi"]
        print(f"{name}: {c['hands']} seat-hands, {wins} wins ({wins / max(1, c['hands']):.1%} of hands), "
              f"{c['deal-ins']} deal-ins")
        print(f"  riichi declared {riichi} ({riichi / max(1, c['hands']):.1%} of hands); "
              f"calls in {c['hands with a call'] / max(1, c['hands']):.1%} of hands")
        print(f"  riichi wins {riichi_wins} ({riichi_wins / max(1, wins):.1%} of wins); ippatsu wins {ippatsu} "
              f"({ippatsu / max(1, wins):.1%} of wins, {ippatsu / max(1, riichi_wins):.1%} of riichi wins)")
        print(f"  ippatsu windows: {riichi}: won {c['window won']} ({c['window won'] / max(1, riichi):.1%}), "
              f"broken by a call {c['window broken by a call']} ({c['window broken by a call'] / max(1, riichi):.1%}), "
              f"passed by the next discard {c['window passed']} ({c['window passed'] / max(1, riichi):.1%})")
        print(f"  ippatsu by tsumo {c['ippatsu tsumo']} ({c['ippatsu tsumo'] / max(1, riichi):.1%} of riichi), by ron "
              f"{ippatsu - c['ippatsu tsumo']} ({(ippatsu - c['ippatsu tsumo']) / max(1, riichi):.1%} of riichi); "
              f"riichi won {riichi_wins / max(1, riichi):.1%}")
        if c["window won"] != ippatsu:
            print(f"  MISMATCH: {c['window won']} windows won, {ippatsu} ippatsu scored")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=0, help="self-play hanchan, the expert against efficient")
    parser.add_argument("--rules", default="tenhou")
    parser.add_argument("--records", nargs="*", default=[], help="folders of real game records")
    args = parser.parse_args()
    if args.games:
        show(self_play(args.games, args.rules))
    if args.records:
        show(records(args.records))
    return 0


if __name__ == "__main__":
    sys.exit(main())
