"""Seating an event's next round by the standings (a Swiss round): :func:`riichi.tournament.seating.swiss_round`
over the rounds already played, the players ordered by the event's standings."""

from __future__ import annotations

from typing import Any

from riichi.club import reports
from riichi.club.store import Actor, Club
from riichi.errors import ClubError
from riichi.tournament.seating import Seating, swiss_round

__all__ = ["swiss_tables"]


def swiss_tables(club: Club, actor: Actor, event_id: int, table_size: int, seed: int = 0) -> list[list[int]]:
    """The next round's tables (player ids, East first) for ``event_id``: the best players by the standings at
    the first table, then players moved between neighbouring tables where that spares a repeated meeting.
    Players without a finished game follow the ranked ones in the order they were added. Refused while a game of
    the event is in play (the standings would not be the round's) or when the players do not fill the tables."""
    event: dict[str, Any] = club.event(event_id, actor)
    if not event["mine"]:
        raise ClubError(f"event {event_id} is not yours", code="forbidden", status=403)
    ids = [int(p["id"]) for p in event["players"]]
    if not ids or len(ids) % table_size:
        raise ClubError(f"{len(ids)} players do not fill tables of {table_size}: add substitutes as players",
                        status=422)
    for rnd in event["rounds"]:
        for t in rnd["tables"]:
            if not t["over"]:
                raise ClubError(f"round {rnd['round']} table {t['table']} is still in play: a Swiss round is seated "
                                "by the standings after every game", code="conflict", status=409)
    index = {p: i for i, p in enumerate(ids)}
    names = {int(p["id"]): str(p["name"]) for p in event["players"]}
    by_name = {n: p for p, n in names.items()}
    ranked = [by_name[r.player] for r in reports.event_standings(club, event_id) if r.player in by_name]
    order = ranked + [p for p in ids if p not in set(ranked)]
    previous = Seating(len(ids), 0, table_size,
                       tuple(tuple(tuple(index[p] for p in t["seats"]) for t in rnd["tables"]
                                   if len(t["seats"]) == table_size) for rnd in event["rounds"]),
                       tuple(names[p] for p in ids))
    seated = swiss_round(previous, [index[p] for p in order], seed=seed)
    return [[ids[i] for i in table] for table in seated.rounds[-1]]
