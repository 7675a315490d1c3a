"""What the public and organiser pages show of an event: standings, a player's page, and the exports — all from
the games' score sheets, through :mod:`riichi.tournament` (standings, Tenhou's R) and EMA's results sheet."""

from __future__ import annotations

import csv
import io
from typing import Any

from riichi.club.store import Club, dumps
from riichi.errors import ClubError, TournamentError
from riichi.tournament.skill import skill_ratings
from riichi.tournament.standings import (
    Penalty,
    PlayedGame,
    StandingRow,
    played_game,
    standings,
)
from riichi.tournament.tenhou_rating import TenhouRating, rate_game

__all__ = ["ema_csv", "event_standings", "games_jsonl", "player_page", "row_object"]

EMA_COLUMNS = ("Place", "Last name", "First name", "EMA number", "Country", "Points")


def _played(club: Club, event_id: int) -> tuple[list[PlayedGame], list[dict[str, Any]]]:
    games = club.finished_games(event_id)
    played = []
    for g in games:
        sheet: dict[str, object] = {"names": g["names"], "hands": g["hands"]}
        played.append(played_game(sheet, g["result"], label=f"round {g['round']} table {g['table']}"))  # type: ignore[arg-type]
    return played, games


def _penalties(event: dict[str, Any]) -> list[Penalty]:
    names = {p["id"]: p["name"] for p in event["players"]}
    return [Penalty(names[p["player_id"]], p["points"], p["reason"]) for p in event["penalties"]]


def row_object(r: StandingRow) -> dict[str, object]:
    return {"place": r.place, "player": r.player, "games": r.games, "points": round(r.points, 3),
            "penalties": r.penalties, "total": round(r.total, 3), "placements": list(r.placements),
            "average_placement": r.average_placement, "hands": r.hands, "win_rate": r.win_rate,
            "deal_in_rate": r.deal_in_rate, "riichi_rate": r.riichi_rate}


def event_standings(club: Club, event_id: int) -> tuple[StandingRow, ...]:
    """The event's standings: every finished game's final points, and the penalties."""
    event = club.event(event_id)
    played, _ = _played(club, event_id)
    return standings(played, _penalties(event))


def player_page(club: Club, event_id: int, player_id: int) -> dict[str, object]:
    """A player's history in the event (each finished game: round, table, seat, score, points, place), their
    standings row, their Tenhou R and their OpenSkill rating (:mod:`riichi.tournament.skill`: ``mu``,
    ``sigma``, ``ordinal``; None before their first game or without OpenSkill installed) over the event's games
    in order."""
    event = club.event(event_id)
    person = next((p for p in event["players"] if p["id"] == player_id), None)  # type: ignore[attr-defined]
    if person is None:
        raise ClubError(f"player {player_id} of event {event_id}: not found", code="not_found", status=404)
    played, games = _played(club, event_id)
    ratings: dict[str, TenhouRating] = {}
    history = []
    for p, g in zip(played, games, strict=True):
        before = [ratings.get(n, TenhouRating()) for n in p.names]
        after = rate_game(before, p.placements)
        ratings.update(zip(p.names, after, strict=True))
        if person["name"] in p.names:
            seat = p.names.index(person["name"])
            history.append({"round": g["round"], "table": g["table"], "game": g["game"], "seat": seat,
                            "score": p.final_scores[seat], "points": p.final_points[seat],
                            "place": p.placements[seat], "rating": round(after[seat].rating, 2)})
    row = next((r for r in standings(played, _penalties(event)) if r.player == person["name"]), None)
    skill: dict[str, object] | None = None
    try:
        rated = skill_ratings([(p.names, p.placements) for p in played])
    except TournamentError:
        rated = ()
    for r in rated:
        if r.player == person["name"]:
            skill = {"mu": round(r.mu, 3), "sigma": round(r.sigma, 3), "ordinal": round(r.ordinal, 3),
                     "games": r.games}
    return {"player": person, "history": history, "standing": None if row is None else row_object(row),
            "rating": round(ratings.get(person["name"], TenhouRating()).rating, 2), "skill": skill}


def ema_csv(club: Club, event_id: int) -> str:
    """EMA's results sheet of the event: place, last name, first name, EMA number, country, points."""
    event = club.event(event_id)
    people = {p["name"]: p for p in event["players"]}  # type: ignore[attr-defined]
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(EMA_COLUMNS)
    for r in event_standings(club, event_id):
        first, _, last = r.player.rpartition(" ")
        p = people.get(r.player, {})
        writer.writerow([r.place, last, first, p.get("ema_number", ""), p.get("country", ""), f"{r.total:g}"])
    return out.getvalue()


def games_jsonl(club: Club, event_id: int) -> str:
    """Every game of the event as the score sheet's game object, one a line (``riichi sheet --jsonl`` and
    ``riichi standings`` read them)."""
    lines = []
    for g in club.finished_games(event_id):
        obj: dict[str, object] = {"rules": g["rules"], "names": g["names"]}
        if g["final_scores"] is not None:
            obj["final_scores"] = g["final_scores"]
        else:
            obj["hands"] = g["hands"]
        lines.append(dumps(obj))
    return "".join(line + "\n" for line in lines)
