"""``riichi ratings``: ratings from games in order (Tenhou's R, or an OpenSkill rating), or EMA's MERS ranking
from tournament results.

    riichi ratings games.jsonl                       Tenhou's R of every player after the games, in order
    riichi ratings games.jsonl --system openskill    OpenSkill (Plackett–Luce) mu, sigma and ordinal
    riichi ratings --mers results.jsonl --on 2025-06-01   each player's MERS ranking on that day

GAMES are the lines ``riichi standings`` reads (games or their results; penalties are ignored). A line of MERS
results is a tournament: ``{"tournament": NAME, "date": "YYYY-MM-DD", "weight": W, "results": [{"player": NAME,
"place": P}, ...]}``, or instead of ``weight`` the facts that make it: ``days``, ``countries`` and
``qualification`` (the players are the results' count, or ``players`` when only some are listed).
"""

from __future__ import annotations

import argparse
import datetime
import json
import sys
from pathlib import Path

from riichi.errors import RiichiError, TournamentError
from riichi.formats import strict_json
from riichi.tournament.mers import (
    MersRanking,
    MersResult,
    mers_ranking,
    tournament_weight,
)
from riichi.tournament.tenhou_rating import TenhouRating, rate_game

__all__ = ["add_parser", "read_mers"]


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("ratings", help="Tenhou's R, OpenSkill or EMA's MERS ranking", description=(
        "Rate the players of GAMES (the JSON lines riichi standings reads), game after game in the order given: "
        "Tenhou's R (start R1500; placement points 30/10/-10/-30, or 30/0/-30 for three players, plus the "
        "table's average R minus one's own over 40, times 1 - 0.002 x games below 400 games, else 0.2), or with "
        "--system openskill the OpenSkill Plackett-Luce rating (the club extra). With --mers, EMA's MERS "
        "ranking of each player on --on from tournament results instead. A bad line is named on standard error "
        "and skipped. Exit status: 0 every line used, 1 a line refused, 2 bad usage."))
    p.add_argument("games", nargs="*", metavar="GAMES",
                   help="files of JSON lines as riichi standings reads them, rated in the order given")
    p.add_argument("--system", choices=("tenhou", "openskill"), default="tenhou",
                   help="the rating: tenhou (Tenhou's R, the default) or openskill (the club extra)")
    p.add_argument("--mers", metavar="RESULTS", help="tournament results (JSON lines) for EMA's MERS ranking")
    p.add_argument("--on", metavar="DATE", help="with --mers: the day of the ranking, YYYY-MM-DD (default today)")
    p.add_argument("--json", action="store_true", help="one JSON object a player")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from riichi.cli import EXIT_REFUSED, fail

    if args.mers:
        if args.games:
            return fail("ratings", "usage", "--mers reads tournament results, not GAMES")
        try:
            on = datetime.date.fromisoformat(args.on) if args.on else datetime.date.today()
        except ValueError:
            return fail("ratings", "usage", f"--on: a date YYYY-MM-DD, not {args.on!r}")
        results, errors = read_mers(args.mers)
        rankings = {player: mers_ranking(rs, on) for player, rs in results.items()}
        _report_errors(errors)
        _print_mers(rankings, as_json=args.json)
        return EXIT_REFUSED if errors else 0
    if not args.games:
        return fail("ratings", "usage", "give GAMES, or --mers RESULTS")
    from riichi.cli.standings import read_events

    events = read_events(args.games)
    _report_errors(events.errors)
    games = [(g.names, g.placements) for g in events.games]
    try:
        if args.system == "openskill":
            from riichi.tournament.skill import skill_ratings

            for r in skill_ratings(games):
                _line({"player": r.player, "ordinal": round(r.ordinal, 4), "mu": round(r.mu, 4),
                       "sigma": round(r.sigma, 4), "games": r.games}, as_json=args.json)
        else:
            for player, rating in tenhou_ratings(games):
                _line({"player": player, "rating": round(rating.rating, 4), "games": rating.games},
                      as_json=args.json)
    except TournamentError as e:
        return fail("ratings", e.code, str(e))
    return EXIT_REFUSED if events.errors else 0


def tenhou_ratings(games: list[tuple[tuple[str, ...], tuple[int, ...]]]) -> list[tuple[str, TenhouRating]]:
    """Every player's R after the games in order, best first (then by name)."""
    current: dict[str, TenhouRating] = {}
    for names, places in games:
        # Tenhou breaks a tie in points by the seat order (the first dealer first); rules that split the uma of a
        # tie give the tied players one place, which Tenhou's R cannot take.
        order = sorted(range(len(places)), key=lambda seat: (places[seat], seat))
        untied = [0] * len(places)
        for place, seat in enumerate(order, start=1):
            untied[seat] = place
        after = rate_game([current.get(n, TenhouRating()) for n in names], untied)
        current.update(zip(names, after, strict=True))
    return sorted(current.items(), key=lambda kv: (-kv[1].rating, kv[0]))


def _report_errors(errors: list[str]) -> None:
    for message in errors:
        print(f"riichi ratings: skipped: {message}", file=sys.stderr)


def _line(obj: dict[str, object], *, as_json: bool) -> None:
    if as_json:
        print(json.dumps(obj, ensure_ascii=False))
    else:
        print("  ".join(f"{k} {v}" for k, v in obj.items()))


def _print_mers(rankings: dict[str, MersRanking | None], *, as_json: bool) -> None:
    ranked = sorted(((p, r) for p, r in rankings.items() if r is not None), key=lambda pr: (-pr[1].ranking, pr[0]))
    for player, r in ranked:
        _line({"player": player, "ranking": round(r.ranking, 2), "part_a": round(r.part_a, 2),
               "part_b": round(r.part_b, 2), "results": len([c for c in r.counted if c != (0, 1.0)])},
              as_json=as_json)
    why = "fewer than two results that still count"
    for player in sorted(p for p, r in rankings.items() if r is None):
        if as_json:
            _line({"player": player, "ranking": None, "why": why}, as_json=True)
        else:  # the text says it in words rather than as Python's None
            print(f"player {player}  not ranked: {why}")


def read_mers(path: str) -> tuple[dict[str, list[MersResult]], list[str]]:
    """Each player's results from a file of tournaments, and each refused line's message (file and line)."""
    results: dict[str, list[MersResult]] = {}
    errors: list[str] = []
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        return results, [f"{path}: cannot be read ({e})"]
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            for player, result in _tournament(strict_json.loads(line), number):
                results.setdefault(player, []).append(result)
        except RiichiError as e:
            errors.append(f"{path}:{number}: {e}")
    return results, errors


def _tournament(obj: object, number: int) -> list[tuple[str, MersResult]]:
    if not isinstance(obj, dict):
        raise TournamentError("a tournament is a JSON object")
    name = obj.get("tournament")
    name = name if isinstance(name, str) and name else f"line {number}"
    try:
        played = datetime.date.fromisoformat(str(obj.get("date")))
    except ValueError:
        raise TournamentError(f"tournament {name!r}: date: YYYY-MM-DD, not {obj.get('date')!r}") from None
    entries = obj.get("results")
    if not isinstance(entries, list) or not entries:
        raise TournamentError(f"tournament {name!r}: results: a list of {{player, place}}")
    players = obj.get("players", len(entries))
    if not isinstance(players, int) or isinstance(players, bool) or players < len(entries):
        raise TournamentError(f"tournament {name!r}: players: at least the {len(entries)} results, not {players!r}")
    weight = obj.get("weight")
    if weight is None:
        days, countries = obj.get("days"), obj.get("countries")
        if not isinstance(days, int) or not isinstance(countries, int):
            missing = " and ".join(k for k, v in (("days", days), ("countries", countries)) if not isinstance(v, int))
            raise TournamentError(f"tournament {name!r}: {missing}: a whole number (the weight is made of the days, "
                                  "the players, the countries and the qualification; or give weight itself)")
        weight = tournament_weight(days=days, players=players, countries=countries,
                                   qualification=obj.get("qualification") is True)
    if isinstance(weight, bool) or not isinstance(weight, (int, float)) or weight <= 0:
        raise TournamentError(f"tournament {name!r}: weight: a positive number, not {weight!r}")
    out: list[tuple[str, MersResult]] = []
    seen: set[str] = set()
    for k, entry in enumerate(entries):
        player = entry.get("player") if isinstance(entry, dict) else None
        place = entry.get("place") if isinstance(entry, dict) else None
        if not isinstance(player, str) or not player.strip():
            raise TournamentError(f"tournament {name!r}: results[{k}].player: a name, not {player!r}")
        if not isinstance(place, int) or isinstance(place, bool) or not 1 <= place <= players:
            raise TournamentError(f"tournament {name!r}: results[{k}].place ({player}): 1 to {players}, not {place!r}")
        if player in seen:
            raise TournamentError(f"tournament {name!r}: results[{k}].player: {player} listed twice")
        seen.add(player)
        out.append((player.strip(), MersResult(name, place, players, float(weight), played)))
    return out
