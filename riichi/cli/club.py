"""``riichi club``: the club and tournament server and its database (the ``club`` and ``web`` extras).

    riichi club serve                                   # SQLite: club.db in this directory
    riichi club serve --database postgresql://riichi:secret@localhost/club --host 0.0.0.0
    riichi club organiser add NAME                      # the password is read from the terminal (or stdin)
    riichi club migrate | backup FILE | restore FILE
"""

from __future__ import annotations

import argparse
import getpass
import sys
from pathlib import Path

from riichi.cli import fail
from riichi.extras import install_hint

__all__ = ["add_parser"]

_DEFAULT = "club.db"


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("club", help="the club and tournament server and its database (needs the 'club' extra)",
                       description="Events, players, seating, hands entered from a phone at each table, standings "
                                   "and exports, on SQLite (a file, the default) or PostgreSQL (a URL).")
    p.add_argument("--database", default=_DEFAULT, metavar="PATH_OR_URL",
                   help=f"a SQLite file (default {_DEFAULT}) or postgresql://user:password@host/name")
    actions = p.add_subparsers(dest="action", metavar="ACTION", required=True)
    s = actions.add_parser("serve", help="serve the pages and the API (migrating the database first)")
    s.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1: this machine only)")
    s.add_argument("--port", type=int, default=8000)
    s.add_argument("--secure-cookies", action="store_true",
                   help="send the session cookie over HTTPS only (behind a proxy that serves HTTPS)")
    s.add_argument("--forwarded-allow-ips", metavar="IPS", default=None,
                   help="the proxies trusted to name the client in X-Forwarded-For (comma-separated addresses or "
                        "networks; default $FORWARDED_ALLOW_IPS, else 127.0.0.1): the sign-in limit counts by the "
                        "client's address, which behind a proxy is the proxy's unless it is trusted here")
    s.set_defaults(run=_serve)
    m = actions.add_parser("migrate", help="bring the database's schema up to date (serve does it too)")
    m.set_defaults(run=_migrate)
    o = actions.add_parser("organiser", help="organiser accounts")
    o_actions = o.add_subparsers(dest="organiser_action", metavar="ACTION", required=True)
    add = o_actions.add_parser("add", help="add an organiser; the password is asked for (or read from stdin)")
    add.add_argument("name")
    add.set_defaults(run=_add_organiser)
    b = actions.add_parser("backup", help="write every row of the database to FILE (JSON; whole or not at all)")
    b.add_argument("file", type=Path)
    b.set_defaults(run=_backup)
    r = actions.add_parser("restore", help="load a backup into an empty database (SQLite or PostgreSQL)")
    r.add_argument("file", type=Path)
    r.set_defaults(run=_restore)


def _engine(args: argparse.Namespace):  # type: ignore[no-untyped-def]
    try:
        from riichi.club.database import migrate, open_database
    except ImportError as e:
        raise SystemExit(fail("club", "missing_extra", f"{e.name} is not installed: {install_hint('club', 'web')}"))
    engine = open_database(args.database)
    migrate(engine)
    return engine


def _serve(args: argparse.Namespace) -> int:
    engine = _engine(args)
    import uvicorn

    from riichi.club.app import create_app
    from riichi.club.stops import stop_from_environment
    from riichi.club.store import Club
    from riichi.web.server import DEFAULT_LIMITS, config

    # stop_from_environment: the kill tests' stop inside a write (tests/club/test_crash.py), off in use.
    app = create_app(args.database, secure_cookies=args.secure_cookies,
                     club=Club(engine, stop_in_write=stop_from_environment()))
    print(f"riichi club: http://{args.host}:{args.port}/club  (database {engine.url.render_as_string()})",
          file=sys.stderr)
    uvicorn.Server(config(args.host, args.port, DEFAULT_LIMITS, app=app,
                          forwarded_allow_ips=args.forwarded_allow_ips)).run()
    return 0


def _migrate(args: argparse.Namespace) -> int:
    engine = _engine(args)  # first: it says which extra is missing
    from riichi.club.database import revision

    print(f"schema {revision(engine)}")
    return 0


def _add_organiser(args: argparse.Namespace) -> int:
    engine = _engine(args)  # first: it says which extra is missing
    from riichi.club.store import Club
    from riichi.errors import ClubError

    if sys.stdin.isatty():
        password = getpass.getpass("password: ")
        if getpass.getpass("again: ") != password:
            return fail("club", "usage", "the two passwords differ")
    else:
        password = sys.stdin.readline().rstrip("\n")
    try:
        oid = Club(engine).add_organiser(args.name, password)
    except ClubError as e:
        return fail("club", e.kind, str(e))
    print(f"organiser {args.name} (id {oid})")
    return 0


def _backup(args: argparse.Namespace) -> int:
    engine = _engine(args)  # first: it says which extra is missing
    from riichi.club.database import backup

    try:
        counts = backup(engine, args.file)
    except OSError as e:
        return fail("club", "unwritable", f"{args.file}: {e.strerror}")
    print(f"{args.file}: " + ", ".join(f"{n} {name}" for name, n in counts.items()))
    return 0


def _restore(args: argparse.Namespace) -> int:
    engine = _engine(args)  # first: it says which extra is missing
    from riichi.club.database import restore

    try:
        counts = restore(engine, args.file)
    except (OSError, ValueError) as e:
        return fail("club", "refused", str(e))
    print(f"{args.file}: " + ", ".join(f"{n} {name}" for name, n in counts.items()))
    return 0
