"""The HTTP side of ``/play`` (:mod:`riichi.web.play` holds the games): one game per browser session, named by
a cookie the server sets (``riichi_play``: random, HttpOnly, SameSite=Strict).

* ``GET /play``: the page.
* ``GET /api/play/options``: the presets (with their players), the built-in players and the default opponent.
* ``POST /api/play/new`` ``{"rules": "tenhou", "opponents": ["efficient"], "seat": null}``: a new game for the
  session (replacing its game); answers the state.
* ``GET /api/play/state``: what the session's seat sees now (``playing`` false when the session has none).
* ``POST /api/play/act`` ``{"action": "discard 0 5m", "moves": 12}``: play an action; answers the new state,
  or refuses an action that is not legal now with the reason (422 ``illegal_action``; 409 ``stale_position``
  when the page had not seen the last move).
* ``POST /api/play/seen`` ``{"count": 3}``: the page has shown the first hand ends.
* ``GET /api/play/help``: the analysis of the seat's hand (``POST /api/analyze``'s answer for the request
  :meth:`~riichi.web.play.PlayGame.help` builds from what the seat sees).
* ``GET /api/play/record?format=mjai``: the finished game's record (``mjai``, ``tenhou6`` or ``mjlog``).

Games are held as :class:`~riichi.web.play.GameStore` says: at most :data:`~riichi.web.play.MAX_GAMES` at
once, dropped after :data:`~riichi.web.play.IDLE_SECONDS` untouched, and kept on disk too when the
environment names a folder in ``RIICHI_PLAY_GAMES`` (``riichi serve --games DIR`` sets it), where a restarted
server finds them.
"""

from __future__ import annotations

import os
import secrets
from pathlib import Path
from typing import Any, Final

from fastapi import FastAPI, Query, Request
from fastapi.responses import HTMLResponse, JSONResponse, Response
from starlette.concurrency import run_in_threadpool

from riichi.rules import PRESETS
from riichi.web import schema
from riichi.web.play import (
    BUILT_IN_PLAYERS,
    DEFAULT_OPPONENT,
    HELP_EV_SECONDS,
    HELP_EV_STATES,
    IDLE_SECONDS,
    MAX_GAMES,
    GameStore,
    PlayGame,
    PlayRefused,
    new_setup,
)

__all__ = ["COOKIE", "GAMES_FOLDER", "add_play_routes"]

#: The session cookie naming the browser's game.
COOKIE: Final = "riichi_play"
#: The environment variable naming the folder the games are kept in (none: in memory only).
GAMES_FOLDER: Final = "RIICHI_PLAY_GAMES"
_FORMATS: Final = {"mjai": ("application/x-ndjson", ".mjson"), "tenhou6": ("application/json", ".json"),
                   "mjlog": ("application/xml", ".mjlog")}


def _refused(exc: PlayRefused) -> JSONResponse:
    return JSONResponse({"id": None, "ok": False, "error": {"code": exc.code, "message": exc.message}},
                        status_code=exc.status)


def _json(model: dict[str, object]) -> dict[str, object]:
    return {"content": {"application/json": {"schema": model}}}


#: The request bodies, as the OpenAPI document gives them (unknown fields refused).
NEW_GAME: Final[dict[str, object]] = {
    "title": "NewGame", "type": "object", "additionalProperties": False,
    "properties": {"rules": {"type": "string", "description": "A preset's name (default tenhou)"},
                   "opponents": {"type": ["array", "null"], "items": {"type": "string"},
                                 "description": "Built-in players: one for every other seat, or one name for all"},
                   "seat": {"type": ["integer", "null"], "description": "Your seat, 0 the first dealer (null: random)"}},
}
ACTION: Final[dict[str, object]] = {
    "title": "PlayAction", "type": "object", "additionalProperties": False, "required": ["action", "moves"],
    "properties": {"action": {"type": "string", "description": "An action's id as the state lists it"},
                   "moves": {"type": "integer", "description": "The state's moves when the action was chosen"}},
}
SEEN: Final[dict[str, object]] = {
    "title": "HandEndsSeen", "type": "object", "additionalProperties": False, "required": ["count"],
    "properties": {"count": {"type": "integer", "description": "The hand ends shown so far"}},
}
_STATE: Final = {"description": "What your seat sees of the game", **_json({"type": "object"})}


def _errors(*statuses: int) -> dict[int | str, dict[str, object]]:
    why = {400: "Malformed JSON (`invalid_json`)", 404: "No game for this browser (`no_game`)",
           409: "The game has ended or moved on (`game_over`, `stale_position`, `game_not_over`)",
           413: "A body larger than the limit (`request_too_large`)",
           422: "A request the game refuses, with the reason (`illegal_action`, `invalid_request`, ...)",
           503: "The server holds its most games (`too_many_games`)"}
    return {s: {"description": why[s], **_json(schema.ERROR)} for s in statuses}


def _body(model: dict[str, object]) -> dict[str, object]:
    return {"requestBody": {"required": True, **_json(model)}}


def _int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def add_play_routes(app: FastAPI, read_json: Any, page: Any) -> GameStore:
    """Add the play page and its API to ``app``; ``read_json`` reads a request's JSON body as the app does,
    ``page`` gives a static page's HTML. Returns the store of games."""
    folder = os.environ.get(GAMES_FOLDER)
    store = GameStore(folder=Path(folder) if folder else None)
    app.state.play_games = store

    def session(request: Request) -> str | None:
        token = request.cookies.get(COOKIE)
        return token if GameStore.valid_token(token) else None

    def game_of(request: Request) -> tuple[str, PlayGame]:
        token = session(request)
        game = store.get(token)
        if token is None or game is None:
            raise PlayRefused(404, "no_game", "this browser has no game in play: start one")
        return token, game

    async def locked(request: Request, work: Any) -> JSONResponse:
        def run() -> Any:
            with store.lock:
                return work()
        try:
            return JSONResponse(await run_in_threadpool(run))
        except PlayRefused as exc:
            return _refused(exc)

    @app.get("/play", include_in_schema=False)
    async def play_page() -> HTMLResponse:
        return HTMLResponse(page("play.html"), headers={"Cache-Control": "no-cache"})

    @app.get("/api/play/options", tags=["play"], responses={200: {"description": "Rule sets and players",
                                                                 **_json({"type": "object"})}})
    async def play_options() -> JSONResponse:
        """The rule sets a game may be played under, the built-in players and the default opponent."""
        return JSONResponse({
            "presets": [{"name": name, "description": r.description, "players": r.players}
                        for name, r in PRESETS.items()],
            "players": list(BUILT_IN_PLAYERS), "default_opponent": DEFAULT_OPPONENT,
            "idle_seconds": IDLE_SECONDS, "max_games": MAX_GAMES,
        })

    @app.post("/api/play/new", tags=["play"], response_model=None, openapi_extra=_body(NEW_GAME),
              responses={200: _STATE, **_errors(400, 413, 422, 503)})
    async def play_new(request: Request) -> Response:
        """Start a game for this browser (its previous game is dropped); answers the seat's state."""
        body = await read_json(request)
        if not isinstance(body, dict):
            return _refused(PlayRefused(422, "invalid_request", "a new game is asked for with a JSON object"))
        rules, opponents, seat = body.get("rules", "tenhou"), body.get("opponents"), body.get("seat")
        if set(body) - {"rules", "opponents", "seat"} or not isinstance(rules, str) or not (opponents is None or (
                isinstance(opponents, list) and all(isinstance(o, str) for o in opponents))) or not (
                seat is None or _int(seat)):
            return _refused(PlayRefused(422, "invalid_request", "rules is a preset's name, opponents a list of "
                                                                "player names, seat a number or null"))
        token = session(request) or secrets.token_urlsafe(24)

        def work() -> dict[str, object]:
            return store.start(token, new_setup(rules, opponents, seat)).state()

        answer = await locked(request, work)
        if answer.status_code == 200:
            answer.set_cookie(COOKIE, token, max_age=IDLE_SECONDS, httponly=True, samesite="strict", path="/")
        return answer

    @app.get("/api/play/state", tags=["play"], responses={200: _STATE})
    async def play_state(request: Request) -> JSONResponse:
        """What this browser's seat sees of its game now; ``{"ok": true, "playing": false}`` when it has none."""
        def work() -> dict[str, object]:
            game = store.get(session(request))
            return {"ok": True, "playing": False} if game is None else game.state()

        return await locked(request, work)

    @app.post("/api/play/act", tags=["play"], response_model=None, openapi_extra=_body(ACTION),
              responses={200: _STATE, **_errors(400, 404, 409, 413, 422)})
    async def play_act(request: Request) -> JSONResponse:
        """Play one action, as the state's ``actions`` give it (``id``), with the ``moves`` the state showed."""
        body = await read_json(request)
        if not isinstance(body, dict) or set(body) != {"action", "moves"} or not isinstance(body["action"], str) \
                or not _int(body["moves"]):
            return _refused(PlayRefused(422, "invalid_request",
                                        'an action is sent as {"action": "discard 0 5m", "moves": 12}'))

        def work() -> dict[str, object]:
            token, game = game_of(request)
            game.act(body["action"], body["moves"])
            store.save(token, game)
            return game.state()

        return await locked(request, work)

    @app.post("/api/play/seen", tags=["play"], response_model=None, openapi_extra=_body(SEEN),
              responses={200: _STATE, **_errors(400, 404, 413, 422)})
    async def play_seen(request: Request) -> JSONResponse:
        """The page has shown the first ``count`` hand ends."""
        body = await read_json(request)
        if not isinstance(body, dict) or set(body) != {"count"} or not _int(body["count"]):
            return _refused(PlayRefused(422, "invalid_request", 'send {"count": N}'))

        def work() -> dict[str, object]:
            token, game = game_of(request)
            game.acknowledge(body["count"])
            store.save(token, game)
            return game.state()

        return await locked(request, work)

    @app.get("/api/play/help", tags=["play"], responses={
        200: {"description": "The analysis (POST /api/analyze's answer)", **_json({"type": "object"})},
        **_errors(404, 409)})
    async def play_help(request: Request) -> JSONResponse:
        """The analysis of this seat's hand from what the seat sees: the discard table with the tiles that
        help and how many are left, the expected value of each discard (``ev``: the chance of winning and the
        expected score, under a bounded budget: ``too_complex`` with the rest of the analysis past it), the
        danger of each tile in the hand (``danger``), the waits with their value."""
        from riichi.formats.analysis import analyze_case

        def work() -> dict[str, object]:
            game = game_of(request)[1]
            # the request and the danger are read under the lock; the search runs with the seat's view only
            case, danger = game.help(), game.danger()
            return {**analyze_case(case, max_ev_seconds=HELP_EV_SECONDS, max_ev_states=HELP_EV_STATES),
                    "danger": danger}

        return await locked(request, work)

    @app.get("/api/play/record", tags=["play"], response_class=Response, responses={
        200: {"description": "The record", "content": {"application/x-ndjson": {}, "application/json": {},
                                                        "application/xml": {}}},
        **_errors(404, 409, 422)})
    async def play_record(request: Request,
                          format: str = Query("mjai", description="mjai, tenhou6 or mjlog")) -> Response:
        """The finished game's record in ``format`` (``mjai``, ``tenhou6`` or ``mjlog``)."""
        if format not in _FORMATS:
            return _refused(PlayRefused(422, "invalid_format", f"format is one of {', '.join(_FORMATS)}"))

        def work() -> str:
            with store.lock:
                return game_of(request)[1].record(format)
        try:
            text = await run_in_threadpool(work)
        except PlayRefused as exc:
            return _refused(exc)
        media, suffix = _FORMATS[format]
        return Response(text, media_type=media,
                        headers={"Content-Disposition": f'attachment; filename="riichi-game{suffix}"'})

    return store
