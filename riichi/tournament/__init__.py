"""Tournaments and clubs: seating (:mod:`~riichi.tournament.seating`), event standings from score sheets
(:mod:`~riichi.tournament.standings`), EMA's MERS ranking (:mod:`~riichi.tournament.mers`), Tenhou's R
(:mod:`~riichi.tournament.tenhou_rating`) and a multiplayer skill rating through OpenSkill
(:mod:`~riichi.tournament.skill`, the ``club`` extra).

Each is pure functions on frozen values; randomness comes only from a seed.
"""

from __future__ import annotations
