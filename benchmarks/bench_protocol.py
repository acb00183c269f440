"""Protocol latency (issue 6): `stop` during a long `go` must answer within 100 ms in a quiet run.
Each round starts `go infinite` in a mid-game position, lets it search for ~150 ms, then times
`stop` -> the go's `bestmove` reply (the timed part). Run:
    pytest benchmarks/bench_protocol.py --benchmark-only
"""
import subprocess
import sys
import time

import pytest

ENGINE = [sys.executable, "-m", "wyrm_ai.cli", "engine", "--seed", "7"]


def read_reply(proc):
    lines = []
    while True:
        line = proc.stdout.readline()
        if not line:
            raise EOFError
        if line.startswith(b"info ") and not lines:
            continue
        if line == b"\n":
            return lines
        lines.append(line.decode().rstrip("\n"))


@pytest.fixture(scope="module")
def engine():
    proc = subprocess.Popen(ENGINE, stdin=subprocess.PIPE, stdout=subprocess.PIPE)

    def cmd(line):
        proc.stdin.write(line.encode() + b"\n")
        proc.stdin.flush()

    cmd("setoption level easy")                 # reach a mid-game position quickly
    read_reply(proc)
    for _ in range(60):
        cmd("go")
        best = read_reply(proc)[0].split(" ", 2)[2]      # "= bestmove <action>"
        cmd(f"play {best}")
        status = read_reply(proc)[-1]
        assert status.startswith("to_move"), status
    yield proc, cmd
    cmd("quit")
    proc.wait(10)


def test_stop_latency(benchmark, engine):
    proc, cmd = engine
    latencies = []

    def setup():
        cmd("1 go infinite")
        time.sleep(0.15)
        return (), {}

    def stop():
        t = time.perf_counter()
        cmd("2 stop")
        reply = read_reply(proc)
        latencies.append(time.perf_counter() - t)
        assert reply[0].startswith("=1 bestmove ")
        assert read_reply(proc) == ["=2"]

    benchmark.pedantic(stop, setup=setup, rounds=20, iterations=1)
    benchmark.extra_info["max_stop_ms"] = round(max(latencies) * 1000, 2)
    benchmark.extra_info["median_stop_ms"] = round(sorted(latencies)[len(latencies) // 2] * 1000, 2)
    print(f"\nstop latency: median {benchmark.extra_info['median_stop_ms']} ms, "
          f"max {benchmark.extra_info['max_stop_ms']} ms")
