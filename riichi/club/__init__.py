"""The club and tournament server: events, players, seating, games entered hand by hand from a phone at each
table and scored through the score sheet, standings and exports, on SQLite or PostgreSQL (the ``club`` extra:
SQLAlchemy, Alembic, psycopg, argon2-cffi). ``riichi club serve`` runs it; docs/club.md describes it.

:mod:`riichi.club.schema` the tables, :mod:`riichi.club.database` opening, migrating and backing up,
:mod:`riichi.club.security` passwords, tokens and codes, :mod:`riichi.club.store` the operations (one transaction
each, permission-checked, audited), :mod:`riichi.club.reports` standings and exports, :mod:`riichi.club.app` the
web application.
"""
