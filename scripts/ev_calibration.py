"""The expected-value models against real play: every tenpai reached in the repository's Tenhou games.

    python scripts/ev_calibration.py                 # both models, the table printed as Markdown
    python scripts/ev_calibration.py --limit 20      # the first 20 games only

Each four-player game of tests/data/games/logs is replayed hand by hand (riichi.game.round.Round). The
moment a seat's discard first leaves it tenpai in a hand, the situation is taken as the seat saw it: its 13
tiles and melds, its turn (its draws so far), the tiles it can see (every river, the other seats' melds, the
dora indicators, the Norths set aside), its own discards (furiten), riichi if it declared one with that
discard, the live wall left, the winds, honba and sticks. Each model predicts the chance that the seat wins
the hand from there (``win[0]`` of :func:`riichi.analysis.ev.expected_values`, the hand as it is); the record
says whether it did. The predictions are binned by tenths; each bin shows how many tenpai fell in it, the
mean prediction and the share that won; the Brier score is the mean of (prediction - outcome)^2 (lower is
better; always predicting the overall share that won scores that share times one minus it).
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from riichi.analysis.ev import EvModel, EvOptions, expected_values  # noqa: E402
from riichi.errors import RiichiError  # noqa: E402
from riichi.formats.mjlog import read_mjlog_bytes  # noqa: E402
from riichi.game.events import Deal, Discard, Win  # noqa: E402
from riichi.game.round import Round  # noqa: E402
from riichi.hand import Hand  # noqa: E402
from riichi.rules import TENHOU  # noqa: E402
from riichi.tiles import Tile  # noqa: E402

LOGS = ROOT / "tests" / "data" / "games" / "logs"
_NORTH = Tile.parse("4z")


def tenpai_moments(limit: int | None) -> list[dict[str, object]]:
    """Every first tenpai of a seat in a hand of the four-player games, with its situation and outcome."""
    out: list[dict[str, object]] = []
    paths = sorted(LOGS.glob("*.xml"))[:limit]
    for path in paths:
        record = read_mjlog_bytes(path.read_bytes())
        if record.errors or not record.hands or len(record.hands[0].events[0].hands) != 4:  # type: ignore[attr-defined]
            continue
        for hand in record.hands:
            deal = hand.events[0]
            assert isinstance(deal, Deal)
            winners = {e.seat for e in hand.events if isinstance(e, Win)}
            try:
                out += _moments(deal, hand.events[1:], winners)
            except RiichiError:
                continue  # a hand the engine refuses: not this script's question
    return out


def _moments(deal: Deal, events: tuple[object, ...], winners: set[int]) -> list[dict[str, object]]:
    game = Round(deal, TENHOU)
    found: list[dict[str, object]] = []
    reached = [False] * 4
    for event in events:
        game.apply(event)  # type: ignore[arg-type]
        if not isinstance(event, Discard) or game.is_over:
            continue
        seat = event.seat
        if reached[seat] or not game.waits[seat]:
            continue
        reached[seat] = True
        visible = [r.tile for s in range(4) for r in game.rivers[s] if not r.called]
        visible += [t for s in range(4) if s != seat for m in game.melds[s] for t in m.tiles]
        visible += list(game.dora) + [_NORTH] * sum(game.kita)
        found.append({
            "hand": Hand(game.concealed(seat), game.melds[seat]), "turn": game.draw_count[seat],
            "visible": tuple(visible), "discards": tuple(r.tile for r in game.rivers[seat]),
            "riichi": game.riichi[seat] or game.declaring == seat or game.awaiting_acceptance == seat,
            "tiles_left": game.live_tiles_left, "seat_wind": game.seat_wind(seat), "round_wind": deal.round_wind,
            "dora": tuple(game.dora), "honba": game.honba, "sticks": game.sticks, "won": seat in winners,
        })
    return found


def predict(moment: dict[str, object], model: EvModel) -> float | None:
    turn = moment["turn"]
    assert isinstance(turn, int)
    if model is EvModel.PEER:
        if turn >= 18:  # noqa: PLR2004 - the peer model's last turn
            return 0.0
        options = EvOptions(model=model, first_turn=turn, last_turn=18)
    else:
        options = EvOptions(model=model, first_turn=turn)
    try:
        result = expected_values(moment["hand"], visible=moment["visible"], dora=moment["dora"],  # type: ignore[arg-type]
                                 seat_wind=moment["seat_wind"], round_wind=moment["round_wind"],  # type: ignore[arg-type]
                                 riichi=bool(moment["riichi"]), honba=moment["honba"],  # type: ignore[arg-type]
                                 riichi_sticks=moment["sticks"], tiles_left=moment["tiles_left"],  # type: ignore[arg-type]
                                 discards=moment["discards"], options=options)  # type: ignore[arg-type]
    except RiichiError:
        return None
    return result.discards[0].win[0] if result.discards else None


def table(pairs: list[tuple[float, bool]]) -> list[str]:
    lines = ["| predicted | tenpai | mean predicted | share won |", "|---|---|---|---|"]
    for b in range(10):
        low, high = b / 10, (b + 1) / 10
        inside = [(p, w) for p, w in pairs if low <= p < high or (b == 9 and p == 1.0)]  # noqa: PLR2004
        if not inside:
            continue
        mean = statistics.fmean(p for p, _ in inside)
        share = sum(1 for _, w in inside if w) / len(inside)
        lines.append(f"| {low:.1f}-{high:.1f} | {len(inside)} | {mean:.3f} | {share:.3f} |")
    brier = statistics.fmean((p - (1.0 if w else 0.0)) ** 2 for p, w in pairs)
    base = sum(1 for _, w in pairs if w) / len(pairs)
    lines.append(f"\nBrier score {brier:.4f} over {len(pairs)} tenpai (always predicting the share that won, "
                 f"{base:.3f}: {base * (1 - base):.4f})")
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--limit", type=int, default=None, help="the first N games only")
    args = parser.parse_args()
    moments = tenpai_moments(args.limit)
    print(f"{len(moments)} first tenpai in the games")
    for model in (EvModel.TABLE, EvModel.PEER):
        pairs = []
        for m in moments:
            p = predict(m, model)
            if p is not None:
                pairs.append((p, bool(m["won"])))
        print(f"\n### {model.value} model\n")
        print("\n".join(table(pairs)))


if __name__ == "__main__":
    main()
