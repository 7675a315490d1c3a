"""Alembic's environment for the club database: the connection is the one :func:`riichi.club.database.migrate`
hands over (``config.attributes["connection"]``); no alembic.ini."""

from __future__ import annotations

from alembic import context

from riichi.club.schema import METADATA


def run_migrations() -> None:
    connection = context.config.attributes["connection"]
    context.configure(connection=connection, target_metadata=METADATA, render_as_batch=True)
    with context.begin_transaction():
        context.run_migrations()


if hasattr(context, "config"):  # run by Alembic; merely imported (a doctest collector), it does nothing
    run_migrations()
