"""`wyrm serve`: the web board on a local address (docs/web.md)."""
from __future__ import annotations

import socket
from pathlib import Path

import click

from wyrm_ai.model.seeds import MAX_SEED

LOOPBACK = "127.0.0.1"


def listen(host: str, port: int) -> socket.socket:
    """A listening socket on host:port (port 0: a free one); a clear error when it cannot be had."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except socket.gaierror as e:
        raise click.BadParameter(f"cannot use host {host!r}: {e.strerror}", param_hint="'--host'") from None
    family, _, _, _, addr = infos[0]
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind(addr)
    except OSError as e:
        sock.close()
        raise click.ClickException(f"cannot listen on {host}:{port}: {e.strerror or e}") from None
    sock.listen(64)
    return sock


def address(sock: socket.socket) -> str:
    host, port = sock.getsockname()[:2]
    return f"http://[{host}]:{port}/" if ":" in host else f"http://{host}:{port}/"


@click.command("serve")
@click.option("--host", default=LOOPBACK, show_default=True,
              help="Address to listen on; the default serves this machine only (0.0.0.0: every "
                   "network, so others can join a game you share).")
@click.option("--port", type=click.IntRange(0, 65535), default=8000, show_default=True,
              help="Port (0: any free one).")
@click.option("--seed", type=click.IntRange(0, MAX_SEED), default=None,
              help="Seed of the first game's dice, deck and searches (each later game the next "
                   "number); random if omitted.")
@click.option("--saves", type=click.Path(file_okay=False, path_type=Path), default=Path("wyrm-saves"),
              show_default=True, help="Folder where the board's Save writes games and Load reads them.")
@click.option("--load", "loads", multiple=True, type=click.Path(dir_okay=False, path_type=Path),
              help="A saved game (any save, e.g. one `wyrm play` or `wyrm engine` wrote) to serve, "
                   "every seat but a bot's yours, hot-seat: its address is printed. Repeatable.")
def serve_command(host, port, seed, saves, loads):
    """Play in the browser: serve the web board (docs/web.md) and print its address."""
    import uvicorn

    from wyrm_ai.web.app import create_app
    from wyrm_ai.web.table import Tables, WebError

    tables = Tables(saves=saves, seed=seed)
    loaded = []
    for path in loads:                  # the operator's loads: a browser loads only its own saves
        try:
            table = tables.load_file(path)
        except WebError as e:
            raise click.ClickException(f"cannot load {path}: {e.message}") from None
        loaded.append((path, table))
    sock = listen(host, port)
    app = create_app(tables)
    click.echo(f"wyrm serve: open {address(sock)} in a browser (Ctrl-C stops)", err=False)
    for path, table in loaded:
        token = next(iter(table.players))
        click.echo(f"wyrm serve: {path} is at {address(sock)}?game={table.id}&token={token}")
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning", ws="websockets-sansio"))
    server.run(sockets=[sock])
