"""The engine protocol for other front ends (`wyrm engine`, docs/protocol.md): a line protocol
on stdin/stdout framed like GTP (`[id] command args` -> `=[id] result` / `?[id] message`, each
reply ended by a blank line) and searching like UCI (`go` streams `info` lines and ends with
`bestmove <action>`; `stop` ends it at once).

Modules: io (framing, reading and writing lines), session (the game, options and the loop),
commands (every command), search (the `go` worker), views (state JSON, event lines)."""
import sys

import click

from wyrm_ai.model.seeds import MAX_SEED
from wyrm_ai.protocol.io import MAX_LINE, ProtocolError
from wyrm_ai.protocol.session import Session, serve
from wyrm_ai.protocol.views import PROTOCOL_VERSION, state_view


@click.command("engine")
@click.option("--seed", type=click.IntRange(0, MAX_SEED), default=None,
              help="Seed for the engine's dice and deck and its searches (random if omitted; "
                   "also 'setoption seed N' or 'new marquise wyrm N').")
def engine_command(seed):
    """Run the engine protocol on stdin/stdout (docs/protocol.md). Start with 'list_commands'."""
    sys.exit(serve(sys.stdin.buffer, sys.stdout.buffer, seed))


__all__ = ["engine_command", "serve", "Session", "ProtocolError", "PROTOCOL_VERSION",
           "MAX_LINE", "state_view"]
