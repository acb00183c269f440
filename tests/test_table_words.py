"""Issue 28, every table readable: battle narration names every side by faction at 3 and 4
seats; every action of every seat has words (action_words: `log`, the protocol's `events`);
texts true at the table (crafting pieces, the Vagabond's move costs, `why`, calibration
words, Mobilize, a hidden draw); `rules FACTION`; `wyrm watch`'s default drivers."""
from __future__ import annotations

import io
import json
import re

import numpy as np
import pytest
from click.testing import CliRunner

from wyrm_ai.action_words import record_words
from wyrm_ai.actions import decode
from wyrm_ai.cli import main
from wyrm_ai.events import fields
from wyrm_ai.factions import TITLES
from wyrm_ai.game import Game
from wyrm_ai.narration import narrate
from wyrm_ai.notation import record_text
from wyrm_ai.players import make_player, play
from wyrm_ai.protocol import Session
from wyrm_ai.protocol.io import Writer
from wyrm_ai.redaction import REFEREE, events_seen

TABLES = [("marquise", "eyrie", "wyrm"), ("marquise", "eyrie", "alliance", "wyrm"),
          ("marquise", "vagabond", "alliance", "wyrm")]


def random_game(factions, seed: int, actions: int = 1500) -> Game:
    g = Game(factions[0], factions)
    players = {s: make_player("random", seed=seed + s) for s in range(g.num_seats)}
    return play(g, players, np.random.default_rng(seed), max_actions=actions)


@pytest.fixture(scope="module", params=range(len(TABLES)), ids=["3-seat", "4-seat", "4-seat-vagabond"])
def game(request):
    return random_game(TABLES[request.param], 7 + request.param)


# ---- 1. battle narration names every side ------------------------------------------------------

def test_battle_narration_names_every_side_by_faction_at_3_and_4_seats(game):
    """issue 28: at 3-4 seats the roll and the hits named "the opponent" (`Roll 3,1: the Wyrm
    (attacker) 3, the opponent 1.`): every roll and hit now names both sides by faction, the
    defender being the one the battle event attacked; the protocol's fields name it too."""
    titles = "|".join(TITLES[f] for f in game.faction_ids)
    rolls = hits = 0
    for i, evs in enumerate(game.events):
        words = narrate(events_seen(evs, REFEREE, game.faction_ids))
        assert not any("opponent" in w or "other side" in w for w in words), words
        for e, w in zip(evs, narrate(evs)):
            if e.kind == "roll":
                rolls += 1
                m = re.fullmatch(rf"Roll \d,\d: the ({titles}) \(attacker\) \d, the ({titles}) \d\.", w)
                assert m and m.group(1) != m.group(2), w
                attacked = next(x for es in reversed(game.events[:i + 1]) for x in reversed(es) if x.kind == "battle")
                assert m.group(2) == TITLES[game.faction_ids[attacked.arg]]
                assert fields(e)["defender"] == game.factions[attacked.arg]
            if e.kind == "hits":
                hits += 1
                assert re.search(rf"to the ({titles})\b", w), w
                assert fields(e)["to"] in game.factions and fields(e)["to"] != fields(e)["dealer"]
    assert rolls and hits


# ---- 1. every action in words -----------------------------------------------------------------

def test_every_action_of_every_seat_has_words(game):
    """issue 28: `log` and the protocol's `events` gave moves, Eat, Terrorize, Hoard... in
    notation only (`W: (p+w)3->7`): every record entry of a 3-4 seat game, as each seat and the
    referee see it, now has words that are neither empty, nor its notation, nor its bare kind."""
    kinds = set()
    for viewer in (REFEREE, *range(game.num_seats)):
        for a, (line, words) in zip(game.record, record_words(game, viewer)):
            kind = decode(a).kind
            kinds.add(kind)
            assert words and words != kind and words not in line, (line, words)
            assert "#?" not in words and "None" not in words, (line, words)
    assert {"move", "battle", "eat", "terror", "craft"} <= kinds


def test_the_wyrm_moves_eats_terrorizes_and_hoards_in_words():
    """issue 28: the examples of the report, in words."""
    from wyrm_ai.action_words import explain
    from wyrm_ai.notation import parse
    table = (0, 1, 2, 4)
    assert explain(parse("(p+w)3->7", 3, table), 3, "wyrm_daylight", table) == \
        "move the Wyrm with 1 wyrmling from 3 to 7"
    assert explain(parse("terror Ww3->11", 3, table), 3, "wyrm_terrorize", table) == \
        "Terrorize: move a wyrmling from clearing 3 to clearing 11"


def test_protocol_events_give_each_action_its_words():
    """issue 28: the engine's `events` (which the web log shows) carry each action's `words`,
    and a 4-seat battle's roll names its defender."""
    g = random_game(TABLES[1], 8)
    buf = io.BytesIO()
    s = Session(Writer(buf), seed=3)
    s.game = g
    s.handle(b"1 events 400 eyrie")
    rows = [json.loads(line) for line in buf.getvalue().decode()[3:].strip().splitlines()]
    assert len(rows) == 400
    for r in rows:
        assert r["words"] and r["words"] not in r["action"], r
        for e in r["events"]:
            assert "opponent" not in e["text"]
            if e["kind"] == "roll":
                assert e["defender"] in g.factions


def test_terminal_log_gives_every_action_in_words(tmp_path, monkeypatch):
    """issue 28: `log` at a four-seat table: the Wyrm's and the other AIs' actions each with
    their words beside the record line."""
    monkeypatch.chdir(tmp_path)
    r = CliRunner().invoke(main, ["play", "--factions", "marquise,eyrie,alliance,wyrm", "--level", "easy",
                                  "--seed", "5"], input="1\n" * 25 + "log\nquit\n", catch_exceptions=False)
    lines = r.output.splitlines()
    start = next(i for i, l in enumerate(lines) if l.endswith("> log"))
    shown = " ".join(" ".join(lines[start + 1:]).split())
    g = Game.load(next(tmp_path.glob("*.json")))
    told = record_words(g, 0)
    assert len(told) > 40
    for i, (line, words) in enumerate(told):
        assert " ".join(f"{i + 1} {line} {words}".split()) in shown, (line, words)
    wyrm = [w for (line, w) in told if line.startswith("W: ")]
    assert any(w.startswith("move ") for w in wyrm)
    assert any(w.startswith("Terrorize:") for w in wyrm) and any(w.startswith("Eat ") for w in wyrm)
