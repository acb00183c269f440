"""examples/engine_client.py, a front end in another process, plays whole games through
`wyrm engine` (docs/protocol.md, 'Writing a client')."""
from __future__ import annotations

import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

CLIENT = Path(__file__).resolve().parent.parent / "examples" / "engine_client.py"
ENGINE = shlex.join([sys.executable, "-m", "wyrm_ai.cli", "engine"])


@pytest.mark.parametrize("seat,first,seed", [("wyrm", "marquise", 3), ("marquise", "wyrm", 4)])
def test_example_client_plays_a_whole_game(seat, first, seed):
    r = subprocess.run([sys.executable, str(CLIENT), "--engine", ENGINE, "--seed", str(seed),
                        "--engine-seat", seat, "--first", first, "--sims", "16"],
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    last = r.stdout.strip().splitlines()[-1]
    m = re.fullmatch(r"game over after (\d+) decisions: (marquise|wyrm|none) wins, "
                     r"marquise (\d+) - wyrm (\d+)", last)
    assert m, last
    assert int(m.group(1)) > 20 and max(int(m.group(3)), int(m.group(4))) >= 30
