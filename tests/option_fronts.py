"""What the game options' tests (the deck, the setup, the Vagabond's character:
tests/test_deck_option.py, test_setup_option.py, test_character_option.py) ask of the front ends
alike: the engine refusing a bad `setoption` and changing nothing; the web board's new games (a
server on a temporary saves folder, a game posted to it with its state read back)."""
from __future__ import annotations

import importlib.util

import pytest

def refuses_changing_nothing(name: str, good: str, table: str, bad: list[str], message: str):
    """At the engine protocol: `setoption NAME good`, `new table`; then each `setoption NAME VALUE`
    of bad is a syntax error, the first one's message is `message`, neither the game nor the
    options change, and an unknown option's error lists NAME among the options. Returns the game
    of a second `new table`, which still has the good value."""
    from test_protocol import Harness
    h = Harness(seed=5)
    h.ok(f"setoption {name} {good}")
    h.ok(f"new {table}")
    before, options = h.session.game.state.state_bytes(), h.ok("options")
    for value in bad:
        assert h.err(f"setoption {name} {value}".strip()).startswith("syntax"), value
    assert h.err(f"setoption {name} {bad[0]}") == message
    assert h.session.game.state.state_bytes() == before and h.ok("options") == options
    assert name in h.err("setoption colour red")
    h.ok(f"new {table}")
    return h.session.game


needs_web = pytest.mark.skipif(importlib.util.find_spec("starlette") is None, reason="the web extra is not installed")


@pytest.fixture
def client(tmp_path):
    """A TestClient of a web server whose saves go to tmp_path (import it as a fixture)."""
    from starlette.testclient import TestClient
    from wyrm_ai.web.app import create_app
    from wyrm_ai.web.table import Tables
    app = create_app(Tables(saves=tmp_path / "saves", seed=11, hint_sims=40, hint_ms=2000), step_delay=0)
    with TestClient(app) as c:
        yield c


def web_game(client, body: dict) -> dict:
    """POST /api/games: the Marquise (yours) and the Wyrm (easy) unless body says otherwise."""
    r = client.post("/api/games", json={"factions": ["marquise", "wyrm"], "levels": {"wyrm": "easy"}, **body})
    assert r.status_code == 201, r.text
    return r.json()


def web_state(client, body: dict) -> dict:
    """The state of a new web game (web_game) as its first player sees it."""
    g = web_game(client, body)
    return client.get(f"/api/games/{g['game']}", params={"token": g["players"][0]["token"]}).json()["state"]
