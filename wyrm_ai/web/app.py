"""The web server's routes (docs/web.md is the contract): the page and its files, the map, new
games and loads, saves, and one WebSocket per player that carries its moves, undo, hints and the
updates of its seat's view. The AI plays its seats in a background task (the engine's search runs
in a worker thread), so the server answers while it thinks."""
from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, PlainTextResponse
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from wyrm_ai.web.layout import board_map
from wyrm_ai.web.table import Player, Table, Tables, WebError, playable
from wyrm_ai.web.words import card_catalog

STATIC = Path(str(resources.files("wyrm_ai.web").joinpath("static")))
STATUS = {"not_found": 404, "not_yours": 403}
MAX_MESSAGE = 64 * 1024          # bytes in one WebSocket message, as a protocol line
MESSAGE_TYPES = ("play", "undo", "hint", "sync")


def error_body(e: WebError) -> dict:
    return {"type": "error", "code": e.code, "message": e.message}


def _error(e: WebError) -> JSONResponse:
    return JSONResponse(error_body(e), status_code=STATUS.get(e.code, 400))


async def _body(request: Request) -> dict:
    raw = await request.body()
    try:
        body = json.loads(raw or b"{}")
    except (ValueError, RecursionError) as e:
        raise WebError("syntax", f"the request body is not JSON: {e}") from None
    if not isinstance(body, dict):
        raise WebError("syntax", "the request body must be a JSON object")
    return body


@dataclass(eq=False)
class Conn:
    """One open WebSocket: its player, how far into the record it has been told, and a lock so
    two updates to it never interleave."""
    ws: WebSocket
    player: Player
    seen: int | None = None
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)


class Server:
    """The app's state: the games, the open connections of each, the AI task of each."""

    def __init__(self, tables: Tables, step_delay: float):
        self.tables, self.step_delay = tables, step_delay
        self.conns: dict[str, set[Conn]] = {}
        self.ai: dict[str, asyncio.Task] = {}

    async def push(self, table: Table, conn: Conn) -> None:
        async with conn.lock:
            msg, conn.seen = await asyncio.to_thread(table.snapshot, conn.player, conn.seen)
            if msg is not None:
                await conn.ws.send_json(msg)

    async def broadcast(self, table: Table) -> None:
        for conn in list(self.conns.get(table.id, ())):
            try:
                await self.push(table, conn)
            except Exception:            # a connection that went away meanwhile
                self.conns.get(table.id, set()).discard(conn)

    def start_ai(self, table: Table) -> None:
        task = self.ai.get(table.id)
        if task is None or task.done():
            self.ai[table.id] = asyncio.create_task(self.ai_turns(table))

    async def ai_turns(self, table: Table) -> None:
        """Play the AI's seats while one is to move; every player sees each action as it lands
        (paced by step_delay, so a turn is replayed step by step)."""
        while True:
            try:
                moved = await asyncio.to_thread(table.ai_step)
            except Exception as e:       # a bug: tell the players, stop playing
                for conn in list(self.conns.get(table.id, ())):
                    await conn.ws.send_json({"type": "error", "code": "internal",
                                             "message": f"the AI could not move: {e.__class__.__name__}: {e}"})
                return
            if not moved:
                return
            await self.broadcast(table)
            if self.step_delay:
                await asyncio.sleep(self.step_delay)

    async def message(self, table: Table, conn: Conn, raw: str) -> None:
        if len(raw.encode("utf-8")) > MAX_MESSAGE:
            raise WebError("input", f"a message is at most {MAX_MESSAGE} bytes")
        try:
            msg = json.loads(raw)
        except (ValueError, RecursionError) as e:
            raise WebError("syntax", f"the message is not JSON: {e}") from None
        kind = msg.get("type") if isinstance(msg, dict) else None
        if kind not in MESSAGE_TYPES:
            raise WebError("unknown_type", f"unknown message type {str(kind)[:40]!r}: {', '.join(MESSAGE_TYPES)}")
        if kind == "play":
            await asyncio.to_thread(table.play, conn.player, msg.get("action"))
        elif kind == "undo":
            await asyncio.to_thread(table.undo, conn.player)
        elif kind == "hint":
            await conn.ws.send_json(await asyncio.to_thread(table.hint, conn.player))
            return
        else:                            # sync: the whole view again, the last events with it
            conn.seen = None
            await self.push(table, conn)
            return
        await self.broadcast(table)
        self.start_ai(table)

    # ---- routes ----
    async def index(self, request: Request):
        return FileResponse(STATIC / "index.html")

    async def map(self, request: Request):
        return JSONResponse(board_map())

    async def cards(self, request: Request):
        return JSONResponse({"cards": card_catalog()})

    async def options(self, request: Request):
        return JSONResponse({**playable(), "saves": self.tables.saved()})

    def _created(self, table: Table) -> JSONResponse:
        players = [{"token": p.token, "seats": list(p.seats),
                    "url": f"/?game={table.id}&token={p.token}"} for p in table.players.values()]
        return JSONResponse({"game": table.id, "seats": table.seats, "players": players}, status_code=201)

    async def new_game(self, request: Request):
        return await self._open(request, self.tables.new)

    async def load_game(self, request: Request):
        return await self._open(request, self.tables.load)

    async def _open(self, request: Request, make) -> JSONResponse:
        """A table made by make(body) (a new game, or a loaded save), its AI started."""
        try:
            body = await _body(request)
            table = await asyncio.to_thread(make, body)
        except WebError as e:
            return _error(e)
        self.start_ai(table)
        return self._created(table)

    async def game_view(self, request: Request):
        try:
            table = self.tables.get(request.path_params["gid"])
            player = table.player(request.query_params.get("token"))
            msg, _ = await asyncio.to_thread(table.snapshot, player, None)
        except WebError as e:
            return _error(e)
        return JSONResponse(msg)

    async def save_game(self, request: Request):
        try:
            table = self.tables.get(request.path_params["gid"])
            body = await _body(request)
            player = table.player(body.get("token"))
            name = await asyncio.to_thread(table.save, player, self.tables.saves, body.get("name"))
        except WebError as e:
            return _error(e)
        return JSONResponse({"saved": name})

    async def rootlog(self, request: Request):
        try:
            table = self.tables.get(request.path_params["gid"])
            player = table.player(request.query_params.get("token"))
            text = await asyncio.to_thread(table.rootlog, player)
        except WebError as e:
            return _error(e)
        return PlainTextResponse(text + "\n", headers={
            "Content-Disposition": f'attachment; filename="wyrm-{table.id}.rootlog"'})

    async def saves(self, request: Request):
        return JSONResponse({"saves": self.tables.saved()})

    async def socket(self, ws: WebSocket):
        await ws.accept()
        try:
            table = self.tables.get(ws.path_params["gid"])
            player = table.player(ws.query_params.get("token"))
        except WebError as e:
            await ws.send_json(error_body(e))
            await ws.close(code=4000 + STATUS.get(e.code, 400))
            return
        conn = Conn(ws, player)
        self.conns.setdefault(table.id, set()).add(conn)
        try:
            await self.push(table, conn)
            self.start_ai(table)
            while True:
                raw = await ws.receive_text()
                try:
                    await self.message(table, conn, raw)
                except WebError as e:
                    await ws.send_json(error_body(e))
                except Exception as e:          # a bug: answer it, keep the connection and the game
                    await ws.send_json({"type": "error", "code": "internal",
                                        "message": f"{e.__class__.__name__}: {e}"})
        except WebSocketDisconnect:
            pass
        finally:
            self.conns.get(table.id, set()).discard(conn)


def create_app(tables: Tables | None = None, step_delay: float = 0.6) -> Starlette:
    """The app: `tables` holds the games and their options (a fresh Tables by default);
    step_delay is the pause in seconds between the AI's actions as players watch them."""
    s = Server(tables or Tables(), step_delay)
    app = Starlette(routes=[
        Route("/", s.index),
        Route("/api/map", s.map),
        Route("/api/cards", s.cards),
        Route("/api/options", s.options),
        Route("/api/games", s.new_game, methods=["POST"]),
        Route("/api/load", s.load_game, methods=["POST"]),
        Route("/api/saves", s.saves),
        Route("/api/games/{gid}", s.game_view),
        Route("/api/games/{gid}/save", s.save_game, methods=["POST"]),
        Route("/api/games/{gid}/rootlog", s.rootlog),
        WebSocketRoute("/api/games/{gid}/ws", s.socket),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ])
    app.state.server = s
    return app
