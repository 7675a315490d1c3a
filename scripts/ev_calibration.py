"""The expected-value models against real play: every tenpai reached in the repository's Tenhou games.

    python scripts/ev_calibration.py                 # both models, the table printed as Markdown
    python scripts/ev_calibration.py --limit 20      # the first 20 games only
    python scripts/ev_calibration.py --fit-ron-factor  # fit the table model's ron factor on half the games

Each four-player game of tests/data/games/logs is replayed hand by hand (riichi.game.round.Round). The
moment a seat's discard first leaves it tenpai in a hand, the situation is taken as the seat saw it: its 13
tiles and melds, its turn (its draws so far), the tiles it can see (every river, the other seats' melds, the
dora indicators, the Norths set aside), its own discards (furiten), riichi if it declared one with that
discard, the live wall left, the winds, honba and sticks. Each model predicts the chance that the seat wins
the hand from there (``win[0]`` of :func:`riichi.analysis.ev.expected_values`, the hand as it is); the record
says whether it did. The predictions are binned by tenths; each bin shows how many tenpai fell in it, the
mean prediction and the share that won; the Brier score is the mean of (prediction - outcome)^2 (lower is
better; always predicting the overall share that won scores that share times one minus it).

``--fit-ron-factor`` fits the table model's ``ron_factor`` (the chance that another seat lets a wait go,
against a random unseen tile) on a fixed half of the games and checks it on the other: the games in file
name order, the first, third, fifth, ... (even positions) to fit, the others held out. Each factor of the
grid (0.20 to 1.00 by 0.05) is scored by its Brier score on the fitting half; the best one is then compared
with 0.5 on the held-out half, with the standard error of the difference taken over games (the tenpai of one
game are not independent); and, as a check of the split, the other way round. The chance that another seat
wins first (``OTHERS_WIN``) was counted on all the games, both halves: that part of the model is in-sample
on either half.
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


#: The ron factors the fit tries: 0.20, 0.25, ... 1.00.
GRID = tuple(round(0.2 + 0.05 * k, 2) for k in range(17))


def tenpai_moments(limit: int | None) -> list[dict[str, object]]:
    """Every first tenpai of a seat in a hand of the four-player games, with its situation and outcome (and
    ``game``: the game's position in file name order)."""
    out: list[dict[str, object]] = []
    paths = sorted(LOGS.glob("*.xml"))[:limit]
    for index, path in enumerate(paths):
        record = read_mjlog_bytes(path.read_bytes())
        if record.errors or not record.hands or len(record.hands[0].events[0].hands) != 4:  # type: ignore[attr-defined]
            continue
        for hand in record.hands:
            deal = hand.events[0]
            assert isinstance(deal, Deal)
            winners = {e.seat for e in hand.events if isinstance(e, Win)}
            try:
                out += [{**m, "game": index} for m in _moments(deal, hand.events[1:], winners)]
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


def predict(moment: dict[str, object], model: EvModel, ron_factor: float | None = None) -> float | None:
    """The model's chance that the seat wins the hand from the moment (the table model with ``ron_factor``, or
    its default); None where the model refuses the situation."""
    turn = moment["turn"]
    assert isinstance(turn, int)
    if model is EvModel.PEER:
        if turn >= 18:  # noqa: PLR2004 - the peer model's last turn
            return 0.0
        options = EvOptions(model=model, first_turn=turn, last_turn=18)
    elif ron_factor is None:
        options = EvOptions(model=model, first_turn=turn)
    else:
        options = EvOptions(model=model, first_turn=turn, ron_factor=ron_factor)
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


Row = tuple[int, float, bool]  # (the game's position, the prediction, whether the seat won)


def _brier(rows: list[Row]) -> float:
    return statistics.fmean((p - (1.0 if w else 0.0)) ** 2 for _, p, w in rows)


def _difference(rows: list[Row], against: list[Row]) -> tuple[float, float]:
    """The mean over tenpai of the difference of squared errors (``rows`` - ``against``, the same tenpai in the
    same order), and its standard error taken over games (the tenpai of one game are not independent)."""
    games: dict[int, tuple[float, int]] = {}
    for (g, p, w), (g2, q, _) in zip(rows, against, strict=True):
        assert g == g2
        o = 1.0 if w else 0.0
        total, count = games.get(g, (0.0, 0))
        games[g] = (total + (p - o) ** 2 - (q - o) ** 2, count + 1)
    n = len(rows)
    mean = sum(total for total, _ in games.values()) / n
    g = len(games)
    spread = sum((total - mean * count) ** 2 for total, count in games.values())
    return mean, (g / (g - 1) * spread) ** 0.5 / n


def fit_ron_factor(moments: list[dict[str, object]]) -> list[str]:
    """The ron factor fitted on the even-positioned games and checked on the others (module docstring); and,
    as a check of the split, the other way round."""
    by_factor: dict[float, list[Row]] = {}
    for factor in sorted({*GRID, 0.5}):
        rows = []
        for m in moments:
            p = predict(m, EvModel.TABLE, factor)
            if p is not None:
                rows.append((int(m["game"]), p, bool(m["won"])))  # type: ignore[call-overload]
        by_factor[factor] = rows
    halves = [{f: [r for r in rows if r[0] % 2 == half] for f, rows in by_factor.items()} for half in (0, 1)]
    fitting, held = halves
    lines = ["| ron factor | Brier, fitting half | Brier, held-out half |", "|---|---|---|"]
    lines += [f"| {f:.2f} | {_brier(fitting[f]):.4f} | {_brier(held[f]):.4f} |" for f in sorted(by_factor)]
    best = min(GRID, key=lambda f: _brier(fitting[f]))
    lines.append(f"\nfitting half: {len(fitting[best])} tenpai in {len({r[0] for r in fitting[best]})} games; "
                 f"held-out half: {len(held[best])} tenpai in {len({r[0] for r in held[best]})} games")
    lines.append(f"fitted ron factor {best:.2f}: held-out Brier {_brier(held[best]):.4f} against 0.50's "
                 f"{_brier(held[0.5]):.4f}")
    mean, se = _difference(held[best], held[0.5])
    lines.append(f"held-out difference (fitted - 0.50) {mean:+.5f}, standard error over games {se:.5f}")
    for f in (best, 0.5):
        lines.append(f"held-out, ron factor {f:.2f}: mean predicted {statistics.fmean(p for _, p, _ in held[f]):.3f}, "
                     f"share won {statistics.fmean(1.0 if w else 0.0 for _, _, w in held[f]):.3f}")
    swapped = min(GRID, key=lambda f: _brier(held[f]))
    mean, se = _difference(fitting[swapped], fitting[0.5])
    lines.append(f"the other way round (fitted on the held-out half, checked on the fitting half): {swapped:.2f}, "
                 f"Brier {_brier(fitting[swapped]):.4f} against 0.50's {_brier(fitting[0.5]):.4f}, difference "
                 f"{mean:+.5f}, standard error over games {se:.5f}")
    lines.append(f"\n#### table model, ron factor {best:.2f}, held-out half\n")
    lines += table([(p, w) for _, p, w in held[best]])
    lines.append("\n#### table model, ron factor 0.50, held-out half\n")
    lines += table([(p, w) for _, p, w in held[0.5]])
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--limit", type=int, default=None, help="the first N games only")
    parser.add_argument("--fit-ron-factor", action="store_true",
                        help="fit the table model's ron factor on half the games, check it on the other half")
    args = parser.parse_args()
    moments = tenpai_moments(args.limit)
    print(f"{len(moments)} first tenpai in the games")
    if args.fit_ron_factor:
        print("\n".join(fit_ron_factor(moments)))
        return
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
