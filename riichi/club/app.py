"""The club server's web application: the JSON API under ``/club/api`` and the pages under ``/club``.

Reading is open to everyone (events, standings, players, games; never a table's code, which the event's organiser
is told once, in the answer to the call that seats the round or makes the code anew, and which the database keeps
only as its hash). Writing needs a session: an organiser's (``POST /club/api/login``) or a table's
(``POST /club/api/table-login`` with the table's code), held in the ``riichi_club`` cookie (``HttpOnly``,
``SameSite=Strict``, ``Secure`` when the server says it is behind HTTPS), and the session's CSRF token in the
``X-CSRF-Token`` header of every write; a write whose ``Origin`` header names another site is refused too. Every
refusal is ``{"error": {"code", "message"}}`` with its HTTP status; a stale write (``conflict``, 409) also
carries ``state``, the game as it now is.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any, Final
from urllib.parse import urlsplit

from fastapi import FastAPI, Request
from fastapi.responses import HTMLResponse, JSONResponse, PlainTextResponse, Response
from starlette.concurrency import run_in_threadpool
from starlette.staticfiles import StaticFiles

from riichi.club import reports
from riichi.club.database import migrate, open_database
from riichi.club.stops import stop_from_environment
from riichi.club.store import Actor, Club, SeatedRound
from riichi.errors import ClubError, TournamentError
from riichi.tournament.seating import seat

__all__ = ["COOKIE", "MAX_BODY", "create_app"]

COOKIE: Final = "riichi_club"
MAX_BODY: Final = 256 * 1024
#: Largest game record an organiser imports, in bytes as sent.
MAX_RECORD: Final = 4 * 1024 * 1024
_STATIC: Final = Path(__file__).with_name("static")
_HEADERS: Final = {
    "Content-Security-Policy": "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
                               "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; "
                               "frame-ancestors 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-store",
}


def _refusal(e: ClubError) -> JSONResponse:
    content: dict[str, object] = {"error": {"code": e.kind, "message": str(e)}}
    if e.state is not None:
        content["state"] = e.state
    return JSONResponse(content, status_code=e.status)


def create_app(database: str, *, secure_cookies: bool = False, club: Club | None = None) -> FastAPI:
    """The app over ``database`` (migrated to the newest schema first)."""
    if club is None:
        engine = open_database(database)
        migrate(engine)
        club = Club(engine, stop_in_write=stop_from_environment())
    app = FastAPI(title="riichi club", docs_url=None, redoc_url=None, openapi_url=None)
    app.state.club = club
    the_club: Club = club

    @app.exception_handler(ClubError)
    async def _club_error(_request: Request, e: ClubError) -> JSONResponse:
        return _refusal(e)

    @app.exception_handler(TournamentError)
    async def _tournament_error(_request: Request, e: TournamentError) -> JSONResponse:
        return _refusal(ClubError(str(e), status=422))

    @app.middleware("http")
    async def _headers(request: Request, call_next: Callable[[Request], Awaitable[Response]]) -> Response:
        response = await call_next(request)
        for name, value in _HEADERS.items():
            response.headers.setdefault(name, value)
        return response

    async def raw_body(request: Request, limit: int) -> bytes:
        declared = request.headers.get("content-length")
        if declared is not None and declared.isdigit() and int(declared) > limit:
            raise ClubError(f"the request body is larger than {limit} bytes", code="request_too_large", status=413)
        chunks: list[bytes] = []
        size = 0
        async for chunk in request.stream():
            size += len(chunk)
            if size > limit:
                raise ClubError(f"the request body is larger than {limit} bytes", code="request_too_large",
                                status=413)
            chunks.append(chunk)
        return b"".join(chunks)

    async def body(request: Request) -> dict[str, Any]:
        data = await raw_body(request, MAX_BODY)
        try:
            obj = json.loads(data.decode("utf-8"), parse_constant=_no_constant)
        except (UnicodeDecodeError, ValueError) as e:
            raise ClubError(f"the body is not JSON: {e}"[:200], code="invalid_json", status=400) from None
        if not isinstance(obj, dict):
            raise ClubError("the body is a JSON object", code="invalid_json", status=400)
        return obj

    def who(request: Request) -> Actor:
        return the_club.actor(request.cookies.get(COOKIE))

    async def writer(request: Request) -> Actor:
        """The actor of a write: signed in, with the session's CSRF token, from this site."""
        origin = request.headers.get("origin")
        if origin is not None and urlsplit(origin).netloc != request.headers.get("host"):
            raise ClubError("a write from another site", code="forbidden", status=403)
        actor = await run_in_threadpool(who, request)
        if actor.kind == "anonymous":
            raise ClubError("sign in first", code="unauthorised", status=401)
        given = request.headers.get("x-csrf-token")
        from riichi.club.security import csrf_matches
        if not csrf_matches(actor.csrf, given):
            raise ClubError("missing or wrong CSRF token (X-CSRF-Token)", code="forbidden", status=403)
        return actor

    def signed_in(token: str, csrf: str, extra: dict[str, object]) -> JSONResponse:
        response = JSONResponse({"csrf": csrf, **extra})
        response.set_cookie(COOKIE, token, httponly=True, samesite="strict", secure=secure_cookies, path="/club")
        return response

    def client(request: Request) -> str:
        return request.client.host if request.client else "unknown"

    # -- sessions --------------------------------------------------------------------------------------------

    @app.post("/club/api/login")
    async def login(request: Request) -> JSONResponse:
        b = await body(request)
        token, csrf = await run_in_threadpool(the_club.sign_in, str(b.get("name", "")), str(b.get("password", "")),
                                              client(request))
        return signed_in(token, csrf, {"kind": "organiser"})

    @app.post("/club/api/table-login")
    async def table_login(request: Request) -> JSONResponse:
        b = await body(request)
        token, csrf, game = await run_in_threadpool(the_club.table_sign_in, str(b.get("code", "")), client(request))
        return signed_in(token, csrf, {"kind": "table", "game": game})

    @app.post("/club/api/logout")
    async def logout(request: Request) -> JSONResponse:
        await writer(request)
        await run_in_threadpool(the_club.sign_out, request.cookies.get(COOKIE, ""))
        response = JSONResponse({"ok": True})
        response.delete_cookie(COOKIE, path="/club")
        return response

    @app.get("/club/api/me")
    def me(request: Request) -> dict[str, object]:
        actor = who(request)
        out: dict[str, object] = {"kind": actor.kind, "name": actor.name}
        if actor.kind != "anonymous":
            out["csrf"] = actor.csrf
        if actor.kind == "table":
            out["game"] = the_club.table_game(actor)
        return out

    # -- events ---------------------------------------------------------------------------------------------

    @app.get("/club/api/events")
    def events() -> list[dict[str, object]]:
        return the_club.events()

    @app.post("/club/api/events")
    async def create_event(request: Request) -> dict[str, object]:
        actor = await writer(request)
        b = await body(request)
        eid = await run_in_threadpool(the_club.create_event, actor, b.get("name"), b.get("kind", "tournament"),
                                      b.get("rules", "tenhou"))
        return {"id": eid}

    @app.get("/club/api/events/{event_id}")
    def event(event_id: int, request: Request) -> dict[str, object]:
        return the_club.event(event_id, who(request))

    @app.post("/club/api/events/{event_id}/players")
    async def add_players(event_id: int, request: Request) -> dict[str, object]:
        actor = await writer(request)
        b = await body(request)
        return {"ids": await run_in_threadpool(the_club.add_players, actor, event_id, b.get("players"))}

    @app.post("/club/api/events/{event_id}/rounds")
    async def seat_round(event_id: int, request: Request) -> dict[str, object]:
        actor = await writer(request)
        b = await body(request)
        seated = await run_in_threadpool(the_club.seat_round, actor, event_id, b.get("tables"))
        return {"round": seated.number, "codes": [c.as_json() for c in seated.codes]}

    @app.post("/club/api/events/{event_id}/seating")
    async def seat_all(event_id: int, request: Request) -> dict[str, object]:
        """Every round at once, seated by :func:`riichi.tournament.seating.seat` (few repeated meetings, even
        winds) over the event's players; the number of players must fill the tables."""
        actor = await writer(request)
        b = await body(request)
        rounds, seed = b.get("rounds"), b.get("seed", 0)
        if not isinstance(rounds, int) or isinstance(rounds, bool) or not isinstance(seed, int):
            raise ClubError("rounds and seed: whole numbers", status=422)

        def run() -> list[SeatedRound]:
            ev = the_club.event(event_id, actor)
            if not ev["mine"]:
                raise ClubError(f"event {event_id} is not yours", code="forbidden", status=403)
            ids = [p["id"] for p in ev["players"]]  # type: ignore[attr-defined]
            size = 3 if _players_of(ev["rules"]) == 3 else 4
            plan = seat(len(ids), rounds, table_size=size, seed=seed)
            if plan.substitutes:
                raise ClubError(f"{len(ids)} players do not fill tables of {size}: add substitutes as players",
                                status=422)
            return [the_club.seat_round(actor, event_id, [[ids[p] for p in t] for t in rnd]) for rnd in plan.rounds]
        seated = await run_in_threadpool(run)
        return {"rounds": [r.number for r in seated], "codes": [c.as_json() for r in seated for c in r.codes]}

    @app.post("/club/api/events/{event_id}/swiss")
    async def seat_swiss(event_id: int, request: Request) -> dict[str, object]:
        """The next round seated by the standings (:func:`riichi.club.rounds.swiss_tables`)."""
        actor = await writer(request)
        b = await body(request)
        seed = b.get("seed", 0)
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise ClubError("seed: a whole number", status=422)

        def run() -> dict[str, object]:
            from riichi.club.rounds import swiss_tables

            ev = the_club.event(event_id, actor)
            tables = swiss_tables(the_club, actor, event_id, 3 if _players_of(ev["rules"]) == 3 else 4, seed)
            seated = the_club.seat_round(actor, event_id, tables)
            return {"round": seated.number, "tables": tables, "codes": [c.as_json() for c in seated.codes]}
        return await run_in_threadpool(run)

    @app.put("/club/api/events/{event_id}/rules")
    async def set_rules(event_id: int, request: Request) -> dict[str, object]:
        actor = await writer(request)
        b = await body(request)
        await run_in_threadpool(the_club.set_rules, actor, event_id, b.get("rules"))
        return {"ok": True}

    @app.post("/club/api/events/{event_id}/penalties")
    async def add_penalty(event_id: int, request: Request) -> dict[str, object]:
        actor = await writer(request)
        b = await body(request)
        return {"id": await run_in_threadpool(the_club.add_penalty, actor, event_id, b.get("player"),
                                              b.get("points"), b.get("reason"))}

    @app.get("/club/api/events/{event_id}/standings")
    def standings(event_id: int) -> list[dict[str, object]]:
        return [reports.row_object(r) for r in reports.event_standings(the_club, event_id)]

    @app.get("/club/api/events/{event_id}/players/{player_id}")
    def player(event_id: int, player_id: int) -> dict[str, object]:
        return reports.player_page(the_club, event_id, player_id)

    @app.get("/club/api/events/{event_id}/audit")
    def audit(event_id: int, request: Request) -> list[dict[str, object]]:
        return the_club.audit_log(who(request), event_id)

    @app.get("/club/api/events/{event_id}/ema.csv")
    def ema(event_id: int) -> PlainTextResponse:
        return PlainTextResponse(reports.ema_csv(the_club, event_id), media_type="text/csv; charset=utf-8")

    @app.get("/club/api/events/{event_id}/games.jsonl")
    def games(event_id: int) -> PlainTextResponse:
        return PlainTextResponse(reports.games_jsonl(the_club, event_id), media_type="application/jsonl")

    # -- games ---------------------------------------------------------------------------------------------

    @app.get("/club/api/games/{game_id}")
    def game(game_id: int) -> dict[str, object]:
        return the_club.game(game_id)

    @app.post("/club/api/games/{game_id}/hands")
    async def enter_hand(game_id: int, request: Request) -> dict[str, object]:
        actor = await writer(request)
        b = await body(request)
        return await run_in_threadpool(the_club.enter_hand, actor, game_id, b.get("version"), b.get("hand"))

    @app.put("/club/api/games/{game_id}/hands/{index}")
    async def correct_hand(game_id: int, index: int, request: Request) -> dict[str, object]:
        actor = await writer(request)
        b = await body(request)
        return await run_in_threadpool(the_club.correct_hand, actor, game_id, b.get("version"), index,
                                       b.get("hand"))

    @app.post("/club/api/games/{game_id}/undo")
    async def undo(game_id: int, request: Request) -> dict[str, object]:
        actor = await writer(request)
        b = await body(request)
        return await run_in_threadpool(the_club.undo_hand, actor, game_id, b.get("version"))

    @app.post("/club/api/games/{game_id}/final")
    async def final(game_id: int, request: Request) -> dict[str, object]:
        actor = await writer(request)
        b = await body(request)
        return await run_in_threadpool(the_club.enter_final_scores, actor, game_id, b.get("version"),
                                       b.get("final_scores"))

    @app.post("/club/api/games/{game_id}/code")
    async def new_code(game_id: int, request: Request) -> dict[str, object]:
        actor = await writer(request)
        return (await run_in_threadpool(the_club.new_table_code, actor, game_id)).as_json()

    @app.get("/club/api/i18n")
    def i18n(request: Request, lang: str | None = None) -> dict[str, object]:
        """The pages' catalogue in ``lang`` (else the browser's first language that has one, else English):
        English text to translated text, as ``GET /api/i18n`` answers for the other pages."""
        from riichi.web.i18n import LANGUAGES, choose_language

        chosen = choose_language(lang, request.headers.get("accept-language"))
        return {"lang": chosen, "languages": LANGUAGES, "messages": catalogue(chosen)}

    @app.post("/club/api/games/{game_id}/record")
    async def import_record(game_id: int, request: Request, version: int, name: str = "") -> dict[str, object]:
        """An online game's record as the request body (up to :data:`MAX_RECORD` bytes, plain or gzip)."""
        actor = await writer(request)
        data = await raw_body(request, MAX_RECORD)
        return await run_in_threadpool(the_club.import_record, actor, game_id, version, data, name)

    # -- pages ---------------------------------------------------------------------------------------------

    def page(name: str) -> HTMLResponse:
        return HTMLResponse((_STATIC / name).read_text(encoding="utf-8"))

    @app.get("/club")
    @app.get("/club/")
    def index() -> HTMLResponse:
        return page("club.html")

    @app.get("/club/events/{event_id}")
    @app.get("/club/events/{event_id}/players/{player_id}")
    @app.get("/club/table")
    @app.get("/club/organiser")
    def pages() -> HTMLResponse:
        return page("club.html")

    app.mount("/club/static", StaticFiles(directory=_STATIC), name="club-static")
    return app


#: The club pages' catalogues: ``locale/LANG/LC_MESSAGES/club.po``, the English text as msgid.
LOCALE: Final = Path(__file__).with_name("locale")


@functools.cache
def catalogue(lang: str) -> dict[str, str]:
    """The club pages' translations into ``lang`` (empty for English and for a language without a catalogue)."""
    path = LOCALE / lang / "LC_MESSAGES" / "club.po"
    if lang == "en" or not path.is_file():
        return {}
    from babel.messages.pofile import read_po

    with path.open("rb") as po:
        cat = read_po(po, locale=lang)
    return {str(m.id): str(m.string) for m in cat if m.id and isinstance(m.id, str) and m.string and not m.fuzzy}


def _players_of(rules: object) -> int:
    from riichi.formats.sheet import read_game
    return read_game({"rules": rules, "hands": []})[0].rules.players


def _no_constant(name: str) -> object:
    raise ValueError(f"{name} is not JSON")
