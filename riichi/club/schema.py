"""The club database's tables, as SQLAlchemy Core describes them (the shape the newest migration leaves).

Every JSON value (a rule spec, a game's hands, its scored result, an audit entry's before and after) is kept as
strict JSON text, the same on SQLite and PostgreSQL. Times are seconds since the epoch (UTC) as floats.

* ``organisers``: accounts that run events (name, argon2 hash of the password).
* ``sessions``: a signed-in organiser's, or a table's (entered by its code), with its CSRF token; only the
  SHA-256 of the session token is kept.
* ``login_failures``: failed sign-ins by key (an organiser's name, a client address) for the attempt limit.
* ``events``: a league or tournament, its owner and its rule set.
* ``players``, ``rounds``, ``tables`` (one game a table and round, the SHA-256 of its entry code, never the code
  itself), ``games`` (the seated
  players, the sheet's hands or final scores, the sheet's result, and ``version``, raised by every write: a write
  made against an older version is refused).
* ``penalties``: points off (or on) a player's total outside any game.
* ``audit``: every change: when, who, what, and the value before and after.
"""

from __future__ import annotations

from typing import Final

from sqlalchemy import (
    Column,
    Float,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    UniqueConstraint,
)

__all__ = ["AUDIT", "EVENTS", "GAMES", "LOGIN_FAILURES", "METADATA", "ORGANISERS", "PENALTIES", "PLAYERS",
           "ROUNDS", "SESSIONS", "TABLES"]

#: Constraint names the same on every database (migrations refer to them).
METADATA: Final = MetaData(naming_convention={
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
})

ORGANISERS: Final = Table(
    "organisers", METADATA,
    Column("id", Integer, primary_key=True),
    Column("name", String(100), nullable=False, unique=True),
    Column("password_hash", Text, nullable=False),
    Column("created_at", Float, nullable=False),
)

EVENTS: Final = Table(
    "events", METADATA,
    Column("id", Integer, primary_key=True),
    Column("organiser_id", Integer, ForeignKey("organisers.id"), nullable=False, index=True),
    Column("name", String(200), nullable=False),
    Column("kind", String(20), nullable=False),
    Column("rules", Text, nullable=False),
    Column("created_at", Float, nullable=False),
)

PLAYERS: Final = Table(
    "players", METADATA,
    Column("id", Integer, primary_key=True),
    Column("event_id", Integer, ForeignKey("events.id"), nullable=False),
    Column("name", String(100), nullable=False),
    Column("ema_number", String(20), nullable=False, server_default=""),
    Column("country", String(40), nullable=False, server_default=""),
    UniqueConstraint("event_id", "name", name="uq_players_event_name"),
)

ROUNDS: Final = Table(
    "rounds", METADATA,
    Column("id", Integer, primary_key=True),
    Column("event_id", Integer, ForeignKey("events.id"), nullable=False),
    Column("number", Integer, nullable=False),
    UniqueConstraint("event_id", "number", name="uq_rounds_event_number"),
)

TABLES: Final = Table(
    "tables", METADATA,
    Column("id", Integer, primary_key=True),
    Column("round_id", Integer, ForeignKey("rounds.id"), nullable=False),
    Column("number", Integer, nullable=False),
    Column("code_hash", String(64), nullable=False, unique=True),
    UniqueConstraint("round_id", "number", name="uq_tables_round_number"),
)

GAMES: Final = Table(
    "games", METADATA,
    Column("id", Integer, primary_key=True),
    Column("table_id", Integer, ForeignKey("tables.id"), nullable=False, unique=True),
    Column("seats", Text, nullable=False),
    Column("hands", Text, nullable=False),
    Column("final_scores", Text, nullable=True),
    Column("result", Text, nullable=False),
    Column("version", Integer, nullable=False),
    Column("updated_at", Float, nullable=False),
)

PENALTIES: Final = Table(
    "penalties", METADATA,
    Column("id", Integer, primary_key=True),
    Column("event_id", Integer, ForeignKey("events.id"), nullable=False, index=True),
    Column("player_id", Integer, ForeignKey("players.id"), nullable=False),
    Column("points", Float, nullable=False),
    Column("reason", Text, nullable=False),
    Column("created_at", Float, nullable=False),
)

AUDIT: Final = Table(
    "audit", METADATA,
    Column("id", Integer, primary_key=True),
    Column("at", Float, nullable=False),
    Column("actor", String(200), nullable=False),
    Column("event_id", Integer, nullable=True, index=True),
    Column("action", String(60), nullable=False),
    Column("target", String(200), nullable=False),
    Column("before", Text, nullable=True),
    Column("after", Text, nullable=True),
)

SESSIONS: Final = Table(
    "sessions", METADATA,
    Column("id", Integer, primary_key=True),
    Column("token_hash", String(64), nullable=False, unique=True),
    Column("organiser_id", Integer, ForeignKey("organisers.id"), nullable=True),
    Column("table_id", Integer, ForeignKey("tables.id"), nullable=True),
    Column("csrf", String(64), nullable=False),
    Column("expires_at", Float, nullable=False),
)

LOGIN_FAILURES: Final = Table(
    "login_failures", METADATA,
    Column("id", Integer, primary_key=True),
    Column("key", String(200), nullable=False, index=True),
    Column("at", Float, nullable=False),
)
