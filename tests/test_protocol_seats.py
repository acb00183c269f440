"""The engine protocol at N seats (issue 11 part 6, docs/protocol.md `new`, protocol 2.2): `new`
lists 2-4 factions in turn order, the seats numbered round the table from the lowest faction;
each seated faction has its own `state`/`record` view; `go` serves whichever seat is to move."""
from __future__ import annotations

import json

import pytest

from wyrm_ai.model import factions
from wyrm_ai.model.errors import ConfigError
from test_protocol import Harness


@pytest.fixture
def h():
    return Harness()


def test_seating_numbers_seats_round_the_table_from_the_lowest_faction():
    """The one rule `new` seats by: the turn order as given, seat 0 the lowest faction id."""
    M, E, W = factions.MARQUISE, factions.EYRIE, factions.WYRM
    assert factions.seating(["marquise", "wyrm"]) == ((M, W), 0)
    assert factions.seating(["wyrm", "marquise"]) == ((M, W), 1)
    assert factions.seating(["marquise", "eyrie", "wyrm"]) == ((M, E, W), 0)
    assert factions.seating(["eyrie", "wyrm", "marquise"]) == ((M, E, W), 1)
    assert factions.seating(["wyrm", "eyrie", "marquise"]) == ((M, W, E), 1)
    for table in ((M, E, W), (W, M), (E, W, M)):       # turn order is kept
        seats, first = factions.seating(factions.names(table))
        assert tuple(seats[(first + i) % len(seats)] for i in range(len(seats))) == table
    with pytest.raises(ConfigError, match="at most once"):
        factions.seating(["wyrm", "wyrm"])


def test_new_two_faction_forms_keep_their_protocol_2_1_meaning(h):
    """`new wyrm marquise 4`: the table (Marquise, Wyrm) with the Wyrm first, as in 2.1."""
    h.ok("new wyrm marquise 4")
    g = h.session.game
    assert g.factions == ("marquise", "wyrm") and g.first == 1
    h.ok("new marquise wyrm")
    assert h.session.game.factions == ("marquise", "wyrm") and h.session.game.first == 0
    assert h.session.options.seed == 4                  # no seed given: the stream goes on


@pytest.mark.parametrize("line, named", [
    ("new marquise vagabnd wyrm", "'vagabnd'"),          # no such faction
    ("new marquise wyrm marquise", "factions"),
    ("new wyrm", "factions"),
    ("new marquise wyrm 3 4", "'3'"),
    ("new marquise wyrm seven", "the seed"),
])
def test_new_rejects_bad_tables_naming_what_was_wrong(h, line, named):
    before = h.session.game.state.state_bytes()
    msg = h.err(line)
    assert msg.startswith("syntax") and named in msg, msg
    assert h.session.game.state.state_bytes() == before


def test_new_refuses_a_faction_the_engine_cannot_seat(h, monkeypatch):
    """Every base faction sits since issue 13; the refusal is reached by making the Vagabond
    unseatable."""
    from wyrm_ai import _core
    monkeypatch.setattr(_core, "PLAYABLE_FACTIONS", (0, 1, 2, 4))
    before = h.session.game.state.state_bytes()
    msg = h.err("new marquise wyrm vagabond 3")
    assert msg.startswith("syntax") and "'vagabond'" in msg, msg
    assert h.session.game.state.state_bytes() == before


def test_each_seated_faction_has_its_view_and_go_serves_the_seat_to_move(h):
    """Hidden information per seat (docs/protocol.md "Hidden information"): `state <faction>` shows
    that seat's hand and the others' sizes; `go` answers for the seat to move, Wyrm or Marquise."""
    h.ok("new wyrm marquise 8")
    for name in ("marquise", "wyrm"):
        view = json.loads(h.ok(f"state {name}")[0])
        assert view["view"] == name
        assert [f for f, hand in view["hands"].items() if hand is not None] == [name]
        assert set(view["hand_sizes"]) == {"marquise", "wyrm"}
    movers = set()
    for _ in range(40):
        g = h.session.game
        if g.is_terminal():
            break
        movers.add(g.factions[g.current_player])
        best = [l for l in h.ok("go sims 20") if l.startswith("bestmove")]
        assert len(best) == 1
        h.ok("play " + best[0].split(" ", 1)[1])
    assert movers == {"marquise", "wyrm"}


def test_new_seats_three_factions_round_the_table(h):
    """`new eyrie wyrm marquise 5`: turn order Eyrie, Wyrm, Marquise; the seats numbered round
    the table from the Marquise (Marquise, Eyrie, Wyrm), the Eyrie first; dealt in seat order."""
    lines = h.ok("new eyrie wyrm marquise 5")
    g = h.session.game
    assert g.factions == ("marquise", "eyrie", "wyrm") and g.factions[g.first] == "eyrie"
    assert lines[:-1] == ["?: draw (eyrie)"] * 3 + ["?: draw (wyrm)"] * 3 + ["?: draw (marquise)"] * 3
    h.ok("new marquise eyrie wyrm")
    assert h.session.game.factions == ("marquise", "eyrie", "wyrm") and h.session.game.first == 0


def three_seat_states(h, seed=7, actions=300):
    """Views of a 3-seat game played by `go` (the heuristic) for whichever seat is to move."""
    h.ok(f"new marquise eyrie wyrm {seed}")
    h.ok("setoption level easy")
    movers = set()
    for i in range(actions):
        g = h.session.game
        if g.is_terminal():
            break
        movers.add(g.factions[g.current_player])
        if i % 10 == 0:
            yield g
        h.ok("play " + h.ok("go")[0][9:])
    assert movers == {"marquise", "eyrie", "wyrm"}          # go served every seat


def test_three_seat_views_follow_the_schema_and_hide_other_hands(h):
    """Hidden information (LoR 1.2) per seat at three seats, and the Eyrie's board in the JSON."""
    jsonschema = pytest.importorskip("jsonschema")
    from test_protocol import _schema
    from wyrm_ai.protocol.views import state_view, views_of
    validator = jsonschema.Draft202012Validator(_schema())
    for g in three_seat_states(h):
        views = {v: state_view(g, v) for v in views_of(g)}
        assert set(views) == {"marquise", "eyrie", "wyrm", "public", "referee"}
        hands = views["referee"]["hands"]
        for name in ("marquise", "eyrie", "wyrm"):
            validator.validate(json.loads(json.dumps(views[name])))
            assert views[name]["hands"] == {f: (hands[f] if f == name else None) for f in hands}
            assert "deck" not in views[name]
        e = views["public"]["eyrie"]
        assert e["roosts"] == sum(c["roost"] for c in views["public"]["clearings"])
        assert e["supply"]["warriors"] + sum(c["birds"] for c in views["public"]["clearings"]) == 20
        if e["leader"] is not None:                     # LoR 7.8: each leader's two Viziers
            assert sum(e["viziers"].values()) == 2


def test_two_seat_state_has_no_eyrie_fields(h):
    h.ok("new marquise wyrm 3")
    d = json.loads(h.ok("state referee")[0])
    assert "eyrie" not in d and "birds" not in d["clearings"][0]
