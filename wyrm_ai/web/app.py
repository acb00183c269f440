"""The web server's routes (docs/web.md is the contract): the page and its files, the maps, new
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

from wyrm_ai.web.layout import MapError, board_map
from wyrm_ai.web.table import Player, Table, Tables, WebError, playable
from wyrm_ai.web.words import card_catalog

STATIC = Path(str(resources.files("wyrm_ai.web").joinpath("static")))
STATUS = {"not_found": 404, "not_yours": 403, "too_large": 413, "too_many": 429, "full": 503}
MAX_MESSAGE = 64 * 1024          # bytes in one WebSocket message, as a protocol line
MAX_BODY = 1024 * 1024           # bytes in one request body, read in chunks (issue 29 item 7)
SEND_QUEUE = 64                  # messages waiting for one connection; beyond, it is dropped
MAX_TOKENS = 32                  # tokens one /api/saves or /api/options request may name
MESSAGE_TYPES = ("play", "undo", "hint", "sync")


def error_body(e: WebError) -> dict:
    return {"type": "error", "code": e.code, "message": e.message}


def _error(e: WebError) -> JSONResponse:
    return JSONResponse(error_body(e), status_code=STATUS.get(e.code, 400))


def _unicode(value, what: str) -> None:
    """Refuse text holding a lone surrogate (`\\ud800` in JSON): no engine command can carry it."""
    try:
        json.dumps(value, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError as e:
        bad = e.object[e.start:e.end].encode("unicode_escape").decode("ascii")
        raise WebError("syntax", f"{what} holds a lone surrogate ({bad}): text must be valid Unicode") from None


async def _body(request: Request) -> dict:
    """The request's JSON object, read in chunks up to MAX_BODY bytes (`too_large`, 413, beyond)."""
    too_large = WebError("too_large", f"the request body is larger than {MAX_BODY} bytes")
    length = request.headers.get("content-length", "")
    if length.isdigit() and int(length) > MAX_BODY:
        raise too_large
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > MAX_BODY:
            raise too_large
        chunks.append(chunk)
    raw = b"".join(chunks)
    try:
        body = json.loads(raw or b"{}")
    except (ValueError, RecursionError) as e:
        raise WebError("syntax", f"the request body is not JSON: {e}") from None
    if not isinstance(body, dict):
        raise WebError("syntax", "the request body must be a JSON object")
    _unicode(body, "the request body")
    return body


def _client(request) -> str:
    return request.client.host if request.client else "unknown"


def _tokens(request: Request) -> list[str]:
    return request.query_params.getlist("token")[:MAX_TOKENS]


@dataclass(eq=False)
class Conn:
    """One open WebSocket: its player, how far into the record it has been told, a lock so two
    updates to it never interleave, and its send queue: a sender task writes the queue to the
    socket, so nobody waits on a slow reader; a full queue drops the connection (issue 29 item 7)."""
    ws: WebSocket
    player: Player
    table: Table
    size: int = SEND_QUEUE
    seen: int | None = None
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    gone: asyncio.Event = field(default_factory=asyncio.Event)
    sender: asyncio.Task | None = None

    def __post_init__(self):
        self.queue: asyncio.Queue = asyncio.Queue(self.size)


class Server:
    """The app's state: the games, the open connections of each, the AI task of each."""

    def __init__(self, tables: Tables, step_delay: float, send_queue: int = SEND_QUEUE):
        self.tables, self.step_delay, self.send_queue = tables, step_delay, send_queue
        self.conns: dict[str, set[Conn]] = {}
        self.ai: dict[str, asyncio.Task] = {}

    def send(self, conn: Conn, msg: dict) -> None:
        """Queue a message for conn; never waits. A connection whose queue is full reads too
        slowly: it is dropped (its player reconnects and gets the whole view again)."""
        if conn.gone.is_set():
            return
        try:
            conn.queue.put_nowait(msg)
        except asyncio.QueueFull:
            self.drop(conn)

    async def _sender(self, conn: Conn) -> None:
        try:
            while True:
                msg = await conn.queue.get()
                await conn.ws.send_json(msg)
        except asyncio.CancelledError:
            raise
        except Exception:               # the connection went away
            self.drop(conn)

    def drop(self, conn: Conn) -> None:
        """Let a connection go: no more messages to it; its socket handler closes it."""
        if conn.gone.is_set():
            return
        conn.gone.set()
        self.conns.get(conn.table.id, set()).discard(conn)
        conn.table.connections -= 1
        conn.table.touch()
        if conn.sender is not None and conn.sender is not asyncio.current_task():
            conn.sender.cancel()

    async def push(self, table: Table, conn: Conn) -> None:
        async with conn.lock:
            msg, conn.seen = await asyncio.to_thread(table.snapshot, conn.player, conn.seen)
            if msg is not None:
                self.send(conn, msg)

    async def broadcast(self, table: Table) -> None:
        for conn in list(self.conns.get(table.id, ())):
            await self.push(table, conn)

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
                    self.send(conn, {"type": "error", "code": "internal",
                                     "message": f"the AI could not move: {e.__class__.__name__}: {e}"})
                return
            if not moved:
                return
            await self.broadcast(table)
            if self.step_delay:
                await asyncio.sleep(self.step_delay)

    async def message(self, table: Table, conn: Conn, raw: str) -> None:
        table.touch()
        if len(raw.encode("utf-8", "surrogatepass")) > MAX_MESSAGE:
            raise WebError("input", f"a message is at most {MAX_MESSAGE} bytes")
        try:
            msg = json.loads(raw)
        except (ValueError, RecursionError) as e:
            raise WebError("syntax", f"the message is not JSON: {e}") from None
        _unicode(msg, "the message")
        kind = msg.get("type") if isinstance(msg, dict) else None
        if kind not in MESSAGE_TYPES:
            raise WebError("unknown_type", f"unknown message type {str(kind)[:40]!r}: {', '.join(MESSAGE_TYPES)}")
        if kind == "play":
            await asyncio.to_thread(table.play, conn.player, msg.get("action"))
        elif kind == "undo":
            await asyncio.to_thread(table.undo, conn.player)
        elif kind == "hint":
            self.send(conn, await asyncio.to_thread(table.hint, conn.player))
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
        """The drawing of a map (`?map=NAME`, Autumn by default); a game's update names its map
        (`state.map`) and carries what changes in play (suits, open and closed paths, the Ferry)."""
        try:
            return JSONResponse(board_map(request.query_params.get("map", "autumn")))
        except MapError as e:
            return _error(WebError("syntax", str(e)))

    async def cards(self, request: Request):
        return JSONResponse({"cards": card_catalog()})

    async def options(self, request: Request):
        saves = await asyncio.to_thread(self.tables.saved, _tokens(request))
        return JSONResponse({**playable(), "saves": saves})

    def _created(self, table: Table) -> JSONResponse:
        players = [{"token": p.token, "seats": table.seats_of(p),
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
            table = await asyncio.to_thread(make, body, _client(request))
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
        return JSONResponse({"saves": await asyncio.to_thread(self.tables.saved, _tokens(request))})

    async def socket(self, ws: WebSocket):
        await ws.accept()
        try:
            table = self.tables.get(ws.path_params["gid"])
            player = table.player(ws.query_params.get("token"))
        except WebError as e:
            await ws.send_json(error_body(e))
            await ws.close(code=4000 + STATUS.get(e.code, 400))
            return
        conn = Conn(ws, player, table, self.send_queue)
        conn.sender = asyncio.create_task(self._sender(conn))
        table.connections += 1
        self.conns.setdefault(table.id, set()).add(conn)
        try:
            await self.push(table, conn)
            self.start_ai(table)
            while not conn.gone.is_set():
                raw = await self._receive(conn)
                if raw is None:
                    break
                try:
                    if not isinstance(raw, str):
                        raise WebError("syntax", "a message is a JSON text frame, not a binary one")
                    await self.message(table, conn, raw)
                except WebError as e:
                    self.send(conn, error_body(e))
                except Exception as e:          # a bug: answer it, keep the connection and the game
                    self.send(conn, {"type": "error", "code": "internal",
                                     "message": f"{e.__class__.__name__}: {e}"})
        except WebSocketDisconnect:
            pass
        finally:
            slow = conn.gone.is_set()
            self.drop(conn)
            if slow:                 # a reader too slow: close it, waiting on it no longer than this
                try:
                    await asyncio.wait_for(ws.close(code=4408, reason="messages unread"), 2)
                except Exception:
                    pass

    async def _receive(self, conn: Conn):
        """The next message's text (bytes for a binary frame), None when the client went or the
        connection was dropped."""
        recv = asyncio.ensure_future(conn.ws.receive())
        gone = asyncio.ensure_future(conn.gone.wait())
        try:
            await asyncio.wait({recv, gone}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            gone.cancel()
        if not recv.done():
            recv.cancel()
            return None
        msg = recv.result()
        if msg["type"] == "websocket.disconnect":
            return None
        return msg["text"] if msg.get("text") is not None else (msg.get("bytes") or b"")


async def _internal(request: Request, exc: Exception) -> JSONResponse:
    """A bug: a JSON error (no traceback to the client), the game unchanged."""
    return JSONResponse({"type": "error", "code": "internal", "message": f"{exc.__class__.__name__}"},
                        status_code=500)


def create_app(tables: Tables | None = None, step_delay: float = 0.6, send_queue: int = SEND_QUEUE) -> Starlette:
    """The app: `tables` holds the games and their options (a fresh Tables by default);
    step_delay is the pause in seconds between the AI's actions as players watch them;
    send_queue the messages one connection may leave unread before it is dropped."""
    s = Server(tables or Tables(), step_delay, send_queue)
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
    ], exception_handlers={Exception: _internal})
    app.state.server = s
    return app
