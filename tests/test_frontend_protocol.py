"""Protocol 2.1 for front ends (docs/protocol.md): fear sides and the turn's bookkeeping in the
state JSON, `showboard` through the redaction, `setposition` checked by the core."""
from __future__ import annotations

import copy
import json

import numpy as np
import pytest

from wyrm_ai.model.actions import decode
from wyrm_ai.model.game import Game
from wyrm_ai.ai.players import make_player
from wyrm_ai.protocol.commands import COMMANDS
from wyrm_ai.protocol.views import state_view
from test_position_api import clearing, doc_position
from test_protocol import Harness


@pytest.fixture
def h():
    return Harness(seed=3)


def one_line(position) -> str:
    return json.dumps(position, separators=(",", ":"))


def played_games(seed=5, decisions=600):
    """(the referee state before, the action, the game after) for each action of a heuristic game."""
    g = Game(first="marquise")
    rng = np.random.default_rng(seed)
    bots = {0: make_player("heuristic", seed), 1: make_player("heuristic", seed + 1)}
    for _ in range(decisions):
        if g.is_terminal():
            return
        before = state_view(g, "referee")
        a = g.apply(g.sample_chance(rng) if g.is_chance_node() else bots[g.current_player].choose(g))
        yield before, a, g


# ---- the state JSON ----------------------------------------------------------------------------

def test_fear_sides_and_counts_follow_the_core():
    """W-SUP-1 fear tokens: at most one a clearing, scared or cowed (W-BIRD-1 flips them)."""
    sides = set()
    for _, _, g in played_games():
        core = g.state.to_dict()["fear"]
        for c, row in enumerate(state_view(g, "public")["clearings"]):
            assert row["fear"] == (core[c] > 0)
            assert row["fear_side"] == (None, "scared", "cowed")[core[c]]
            sides.add(row["fear_side"])
    assert sides == {None, "scared", "cowed"}


def test_turn_actions_count_what_the_turn_spends():
    """LoR 6.5: the Marquise has three actions; W-HEIGHT-1 / W-BITE-1: the Wyrm's moves and battles
    a turn; each reported while that faction's Daylight runs and for it only."""
    seen = {"marquise": 0, "wyrm": 0}
    for before, a, g in played_games(seed=9):
        after = state_view(g, "public")
        ta = after["turn_actions"]
        other = "wyrm" if after["turn"] == "marquise" else "marquise"
        assert ta[other] is None
        mine = ta[after["turn"]]
        if after["step"] in ("marquise_daylight", "wyrm_daylight"):
            assert mine is not None
        if mine is None or before["turn_actions"][after["turn"]] is None:
            continue
        was = before["turn_actions"][after["turn"]]
        kind = decode(a).kind
        if after["turn"] == "wyrm":
            assert mine["moves_used"] <= mine["moves_allowed"] and mine["battles_used"] <= mine["battles_allowed"]
            height = 2 - after["growth"]["height"]        # W-SUP-3: empty spaces of the Height track
            assert mine["moves_allowed"] == 1 + height
            if kind == "move" and before["step"] == "wyrm_daylight":
                assert mine["moves_used"] == was["moves_used"] + 1
                seen["wyrm"] += 1
            if mine["moves_used"] == mine["moves_allowed"] and after["step"] == "wyrm_daylight":
                assert not any(decode(x).kind == "move" for x in g.legal_actions())
        elif before["step"] == "marquise_daylight" and kind == "recruit":
            assert mine["actions_left"] == was["actions_left"] - 1 and mine["recruited"]
            seen["marquise"] += 1
    assert seen["wyrm"] > 0 and seen["marquise"] > 0


# ---- showboard ---------------------------------------------------------------------------------

def test_showboard_views(h):
    h.ok(f"setposition {one_line(doc_position())}")
    public = h.ok("showboard")
    assert public == h.ok("showboard public") and "" not in public
    assert any("+- 1 fox" in line for line in public) and not any("HAND" in line for line in public)
    mine = h.ok("showboard marquise")
    assert any("YOUR HAND (3)" in line for line in mine) and any("Anvil" in line for line in mine)
    assert not any("Anvil" in line for line in h.ok("showboard wyrm"))
    ref = h.ok("showboard referee")
    assert any("MARQUISE HAND (3)" in line for line in ref) and any("WYRM HAND (4)" in line for line in ref)
    assert h.err("showboard everyone").startswith("syntax")
    assert COMMANDS["showboard"][1] is True            # a view: answered while a search runs


def test_views_of_twins_that_differ_in_a_hidden_hand_are_identical():
    """The other hand and the deck are hidden (LoR 1.2): two positions differing only in the
    Marquise's hand give the Wyrm and the public the same board and state."""
    a = doc_position()
    b = copy.deepcopy(a)
    b["hands"]["marquise"] = ["F#foxfolksteel", "R#ambush", "M#sword"]
    out = []
    for p in (a, b):
        h = Harness(seed=1)
        h.ok(f"setposition {one_line(p)}")
        out.append([h.ok(f"showboard {v}") + h.ok(f"state {v}") for v in ("wyrm", "public")])
        out[-1].append(h.ok("showboard marquise"))
    assert out[0][:2] == out[1][:2]
    assert out[0][2] != out[1][2]


# ---- setposition -------------------------------------------------------------------------------

def test_setposition_inline_and_from_a_file(h, tmp_path):
    reply = h.ok(f"setposition {one_line(doc_position())}")
    assert reply[-1] == "to_move marquise marquise_daylight"
    d = json.loads(h.ok("state referee")[0])
    assert d["turn_number"] == 5 and d["record_length"] == 0 and d["scores"] == {"marquise": 6, "wyrm": 5}
    assert d["turn_actions"]["marquise"] == {"actions_left": 3, "crafting_open": True, "recruited": False}
    path = tmp_path / "a position.json"
    path.write_text(json.dumps(doc_position(), indent=2))
    assert h.ok(f"setposition {path}") == reply
    assert h.ok("record") == []


def test_a_referee_state_is_a_position(h):
    """The state JSON of a game mid-play, given back, sets up its board at the start of its turn."""
    h.ok("new marquise wyrm 8")
    h.ok("setoption level easy")
    for _ in range(60):
        h.ok("play " + h.ok("go")[0][9:])
    ref = json.loads(h.ok("state referee")[0])
    h.ok(f"setposition {one_line(ref)}")
    again = json.loads(h.ok("state referee")[0])
    assert again["turn"] == ref["turn"] and again["turn_number"] == ref["turn_number"]
    assert again["scores"] == ref["scores"] and again["growth"] == ref["growth"]
    assert again["discard"] == ref["discard"] and again["play_areas"] == ref["play_areas"]
    assert again["hands"] == ref["hands"] and again["items"] == ref["items"]
    # Birdsong places wood and flips fear tokens; the rest of the board is as it was
    keys = ("warriors", "sawmills", "workshops", "recruiters", "keep", "wyrmlings", "pawn", "fear")
    assert [[c[k] for k in keys] for c in again["clearings"]] == [[c[k] for k in keys] for c in ref["clearings"]]


@pytest.mark.parametrize("args,code,words", [
    ("", "syntax", "usage"),
    ("{not json", "syntax", "not valid JSON"),
    ("{}", "illegal", "no 'turn'"),
    ("nowhere.json", "file", "cannot read position"),
])
def test_setposition_errors_change_nothing(h, args, code, words):
    h.ok("new marquise wyrm 4")
    h.ok("play t_k->2")
    before = h.session.game.state.state_bytes(), list(h.session.game.record)
    err = h.err(f"setposition {args}".strip())
    assert err.startswith(code) and words in err, err
    assert (h.session.game.state.state_bytes(), h.session.game.record) == before


def test_an_impossible_position_is_named(h):
    err = h.err(f"setposition {one_line(clearing(doc_position(), 2, warriors=19))}")
    assert err.startswith("illegal") and "Marquise warriors on the map" in err
    err = h.err(f"setposition {one_line({**doc_position(), 'pawn': None})}")
    assert err.startswith("illegal") and "pawn is off the map" in err


def test_undo_and_save_after_setposition(h, tmp_path):
    h.ok(f"setposition {one_line(doc_position())}")
    h.ok("play recruit")
    assert h.ok("record") == ["C: recruit"]
    path = tmp_path / "g.json"
    h.ok(f"save {path}")
    assert h.ok("undo")[-1] == "to_move marquise marquise_daylight"
    assert h.err("undo").startswith("not_now")
    h.ok("new marquise wyrm 1")
    h.ok(f"load {path}")
    assert h.ok("record") == ["C: recruit"]
    assert json.loads(h.ok("state")[0])["turn_actions"]["marquise"]["recruited"] is True


@pytest.mark.parametrize("mix", [("marquise", "eyrie", "alliance", "vagabond"), ("eyrie", "vagabond", "wyrm"),
                                 ("mechanical-marquise", "eyrie", "alliance", "vagabond")])
def test_setposition_takes_the_referee_state_of_every_faction(h, mix):
    """issue 29 item 4: `setposition` of a `state referee` reply of a table with the Eyrie, the
    Vagabond or the bot sets up its board: the seats, scores, hands, each faction's object and
    every clearing's pieces by faction come back (before the turn's Birdsong changes them)."""
    from mixes import random_positions
    for g in random_positions(mix, 3, 37, 21):
        d = g.state.to_dict()
        leader = state_view(g, "referee").get("eyrie", {}).get("leader", "")
        if (not g.is_terminal() and d["turn_number"] > 3 and leader is not None
                and g.factions[d["turn"]] != "mechanical-marquise"):
            break
    ref = state_view(g, "referee")
    h.ok(f"setposition {one_line(ref)}")
    again = json.loads(h.ok("state referee")[0])
    assert again["factions"] == list(mix) and again["turn"] == ref["turn"]
    assert again["turn_number"] == ref["turn_number"] and again["scores"] == ref["scores"]
    assert again["discard"] == ref["discard"] and again["items"] == ref["items"]
    if "vagabond" in mix:
        keep = ("character", "relationships", "coalition", "completed", "ruin_items", "removed_items")
        assert {k: again["vagabond"][k] for k in keep} == {k: ref["vagabond"][k] for k in keep}
    if "eyrie" in mix:
        assert again["eyrie"]["deposed"] == ref["eyrie"]["deposed"]
    if "mechanical-marquise" in mix:
        keep = ("keep", "variant", "difficulty", "traits")
        assert {k: again["mechanical-marquise"][k] for k in keep} == {k: ref["mechanical-marquise"][k] for k in keep}
