"""A minimal front end for `wyrm engine`, written from docs/protocol.md alone (no wyrm-ai import):
it starts the engine in another process and plays a whole game through the protocol. One seat
is "the person at the front end" (here: a random choice among `legal`), the other is the
engine's, which moves by `go` + `play`.

    python examples/engine_client.py --seed 3 --engine-seat wyrm --sims 200
"""
from __future__ import annotations

import argparse
import json
import random
import shlex
import subprocess
import sys


class EngineClient:
    """Talks to an engine process: command() sends one line and returns its reply."""

    def __init__(self, argv: list[str]):
        self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                                     encoding="utf-8", bufsize=1)
        self.next_id = 1

    def command(self, line: str, on_info=None) -> tuple[bool, list[str]]:
        """Send `id line`; return (ok, result lines). info lines go to on_info."""
        cid = str(self.next_id)
        self.next_id += 1
        self.proc.stdin.write(f"{cid} {line}\n")
        self.proc.stdin.flush()
        while True:
            first = self.proc.stdout.readline()
            if not first:
                raise EOFError("the engine exited")
            first = first.rstrip("\n")
            if first.startswith("info "):
                if on_info:
                    on_info(first)
                continue
            head, _, text = first.partition(" ")
            lines = [text] if text else []
            while (more := self.proc.stdout.readline().rstrip("\n")) != "":
                lines.append(more)
            if head[1:] != cid:
                raise RuntimeError(f"reply {head!r} does not answer command {cid}")
            return head[0] == "=", lines

    def must(self, line: str, on_info=None) -> list[str]:
        ok, lines = self.command(line, on_info)
        if not ok:
            raise RuntimeError(f"{line!r} failed: {' '.join(lines)}")
        return lines

    def close(self) -> int:
        self.command("quit")
        return self.proc.wait(timeout=10)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--engine", default="wyrm engine", help="command line that starts the engine")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--engine-seat", choices=["marquise", "wyrm"], default="wyrm")
    ap.add_argument("--sims", type=int, default=200, help="simulations per engine decision")
    ap.add_argument("--first", choices=["marquise", "wyrm"], default="marquise")
    ap.add_argument("--quiet", action="store_true")
    args = ap.parse_args(argv)
    rnd = random.Random(args.seed)
    say = (lambda *a: None) if args.quiet else print

    engine = EngineClient(shlex.split(args.engine))
    major = engine.must("protocol_version")[0].split(".")[0]
    if major != "2":
        raise SystemExit(f"this client speaks protocol 2.x, the engine {major}.x")
    engine.must(f"setoption budget {args.sims}")
    other = "marquise" if args.first == "wyrm" else "wyrm"
    report = engine.must(f"new {args.first} {other} {args.seed}")
    decisions = 0
    while True:
        status = report[-1].split()
        if status[0] == "game_over":
            break
        seat = status[1]
        if seat == args.engine_seat:
            best = engine.must("go")[0]
            action = best[len("bestmove "):]
        else:
            view = json.loads(engine.must(f"state {seat}")[0])      # what the person would see
            action = rnd.choice(view["legal"])
        report = engine.must(f"play {action}")
        decisions += 1
        for event in report[:-1]:
            say(event)
    winner, cat, wyrm = status[1], int(status[2]), int(status[3])
    say(f"game over after {decisions} decisions: {winner} wins, marquise {cat} - wyrm {wyrm}")
    code = engine.close()
    return code


if __name__ == "__main__":
    sys.exit(main())
