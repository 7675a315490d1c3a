"""A multiplayer skill rating through OpenSkill (the ``club`` extra): each player's mean skill ``mu``, its
uncertainty ``sigma`` and the ``ordinal`` mu − 3·sigma a ladder sorts by, after every game in order.

OpenSkill (*openskill.py*, Weng–Lin Bayesian ratings) is imported only when a rating is asked for, so the rest
of :mod:`riichi.tournament` needs nothing beyond the standard library. This module stays Python in the compiled
build (pyproject's mypyc exclusions): it calls into a library mypyc does not see.

>>> ratings = skill_ratings([(("A", "B", "C", "D"), (1, 2, 3, 4))])  # doctest: +SKIP
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from riichi.errors import TournamentError
from riichi.extras import install_hint

if TYPE_CHECKING:
    from openskill.models import PlackettLuceRating

__all__ = ["MODEL", "SkillRating", "skill_ratings"]

#: The OpenSkill model used: Plackett–Luce, the one for games of more than two players ranked in order.
MODEL = "PlackettLuce"


@dataclass(frozen=True, slots=True)
class SkillRating:
    """A player's rating after their games."""

    player: str
    mu: float
    sigma: float
    games: int

    @property
    def ordinal(self) -> float:
        """mu − 3·sigma: a skill the player is very likely above."""
        return self.mu - 3 * self.sigma


def skill_ratings(games: Sequence[tuple[Sequence[str], Sequence[int]]]) -> tuple[SkillRating, ...]:
    """Every player's rating after ``games`` in order, each the names by seat and their places (1 = first;
    equal places are a tie), best ordinal first (then by name)."""
    try:
        from openskill.models import PlackettLuce
    except ImportError as e:
        raise TournamentError(f"the skill rating needs OpenSkill: {install_hint('club')} ({e})") from None
    model = PlackettLuce()
    current: dict[str, PlackettLuceRating] = {}
    played: dict[str, int] = {}
    for k, (names, places) in enumerate(games):
        if len(names) != len(places) or len(names) < 2:
            raise TournamentError(f"game {k + 1}: one place a player, not {len(places)} for {len(names)}")
        if len(set(names)) != len(names):
            raise TournamentError(f"game {k + 1}: a player sits twice")
        teams = [[current.get(n) or model.rating(name=n)] for n in names]
        rated = model.rate(teams, ranks=[float(p) for p in places])
        for n, team in zip(names, rated, strict=True):
            current[n] = team[0]
            played[n] = played.get(n, 0) + 1
    out = [SkillRating(n, float(r.mu), float(r.sigma), played[n]) for n, r in current.items()]
    return tuple(sorted(out, key=lambda r: (-r.ordinal, r.player)))
