"""The four maps through every layer above the core (issue 30 item 3): maps.py (names, the suit
markers at setup, balanced and suggested layouts, Rootlog's `Clearings:` line), the Game facade
(map and suits, saves, notation of each map's forests and closed paths), the protocol (`setoption
map` / `suits`, the state JSON's map fields, positions on any map) and `wyrm play --map`.
The rules themselves: tests/test_map_rules.py; the data: tests/test_map_data.py."""
from __future__ import annotations

import json
import subprocess
import sys

import numpy as np
import pytest

from test_protocol import Harness
from wyrm_ai import _core
from wyrm_ai.model import maps
from wyrm_ai.model.errors import ConfigError, PositionError
from wyrm_ai.model.game import Game
from wyrm_ai.model.textboard.boardview import board_text
from wyrm_ai.protocol.views import state_view

MAPS = ("autumn", "winter", "lake", "mountain")
FOUR = ("marquise", "eyrie", "vagabond", "wyrm")


def random_game(m, table=FOUR, seed=0, actions=2500, suits=None) -> Game:
    """A seeded random game on map m: its suits too (drawn from the seed where none are given,
    so a test sees the same game every run)."""
    rng = np.random.default_rng(seed)
    if suits is None:
        suits = maps.layout(m, "random", rng) if maps.data(m)["printed_suits"] is None else None
    g = Game(first=table[0], factions=table, map=m, suits=suits)
    for _ in range(actions):
        if g.is_terminal():
            break
        if g.is_chance_node():
            g.apply(g.sample_chance(rng))
        else:
            legal = g.legal_actions()
            g.apply(int(legal[rng.integers(len(legal))]))
    return g


# ---- maps.py ----
def test_map_names_and_bad_names():
    assert [maps.read_map(m) for m in ("Autumn", "WINTER", "lake", 3)] == [0, 1, 2, 3]
    with pytest.raises(ConfigError, match="the maps are autumn, winter, lake, mountain"):
        maps.read_map("marsh")


@pytest.mark.parametrize("m", MAPS[1:])
def test_suit_markers_are_four_of_each_and_balanced_layouts_have_no_clash(m):
    """LoR 16.1.1: a variant map's clearings take the twelve suit markers, four of each suit,
    shuffled. `balanced` (a community option, root-maps-and-decks.md §1.5): also no path, closed
    ones included, joins two clearings of one suit."""
    rng = np.random.default_rng(7)
    seen = set()
    for _ in range(20):
        s = maps.layout(m, "random", rng)
        assert sorted(s) == [0] * 4 + [1] * 4 + [2] * 4
        seen.add(tuple(s))
        b = maps.layout(m, "balanced", rng)
        assert sorted(b) == [0] * 4 + [1] * 4 + [2] * 4 and maps.clashes(m, b) == 0
    assert len(seen) > 10                      # shuffled, not one layout


def test_autumn_prints_its_suits_and_only_two_maps_suggest_a_layout():
    autumn = list(_core._SUITS)
    assert maps.suits_for("autumn") is None and maps.layout("autumn", "balanced") == autumn
    assert maps.clashes("autumn", autumn) == 0                   # Autumn's printed suits are balanced
    assert maps.layout("lake", "suggested") == list(_core.MAPS["lake"]["default_suits"])
    with pytest.raises(ConfigError, match="no suggested layout"):
        maps.layout("winter", "suggested")
    with pytest.raises(ConfigError, match="prints no suits"):
        maps.layout("mountain", "printed")


def test_rootlog_clearings_line_reads_and_writes():
    """Rootlog writes a variant map's suits on its `Clearings:` header line (shared/reference/
    rootlog: `Clearings: R1, M2, R3, F4, ...`)."""
    line = "R1, M2, R3, F4, M5, M6, F7, R8, F9, F10, R11, M12"
    suits = maps.read_suits(line)
    assert maps.suits_text(suits) == line
    assert maps.read_suits(["rabbit", "mouse", "rabbit", "fox", "M", "M", "F", "R", 0, 0, 1, 2]) == suits
    for bad, words in (("F1, M2", "no suit for clearing 3"), ("X1" + ", F2" * 11, "cannot read 'X1'"),
                       (", ".join(f"F{c}" for c in range(1, 13)), "four of each"),
                       ("F1, F1, " + line[8:], "two suits")):
        with pytest.raises(ConfigError, match=words):
            maps.read_suits(bad)


# ---- the Game facade ----
@pytest.mark.parametrize("m", MAPS)
def test_a_game_on_every_map_saves_loads_and_replays_from_its_record_text(m, tmp_path):
    """A game keeps its map and suits: the save holds them, loads back to the same state, and its
    record text (each map's forests and closed paths by name) replays to the same game."""
    g = random_game(m, seed=MAPS.index(m) + 1)
    assert g.map == m and sorted(g.suits) == [0] * 4 + [1] * 4 + [2] * 4
    g.save(tmp_path / "g.json")
    back = Game.load(tmp_path / "g.json")
    assert back.state == g.state and back.map == m and back.suits == g.suits
    again = Game(first=g.factions[g.first], factions=g.factions, map=m, suits=g.suits)
    for line in g.record_lines():
        again.apply(line.split(": ", 1)[1])
    assert again.state == g.state


@pytest.mark.parametrize("m", MAPS)
def test_every_legal_action_on_every_map_reads_back_from_its_text(m):
    """docs/notation.md: text is a table lookup; on every map each legal action's text parses
    back to it (the Vagabond's forests by the map's forest names, the Mountain's
    `<card>->/a_b->`)."""
    g = Game(first="marquise", factions=FOUR, map=m)
    rng = np.random.default_rng(11)
    kinds = set()
    for _ in range(3000):
        if g.is_terminal():
            break
        if g.is_chance_node():
            g.apply(g.sample_chance(rng))
            continue
        legal = g.legal_actions()
        for a, text in zip(legal, g.legal_texts()):
            assert g.to_action(text) == a, text
        a = int(legal[rng.integers(len(legal))])
        kinds.add(g.describe(a).split("->/")[-1] if "->/" in g.describe(a) else None)
        g.apply(a)
    if m == "mountain":
        assert any(k and "_" in k for k in kinds)                # a closed path was opened by text


def test_a_game_on_a_map_without_printed_suits_draws_them_and_checks_given_ones():
    g = Game(map="winter")
    assert g.map == "winter" and sorted(g.suits) == [0] * 4 + [1] * 4 + [2] * 4
    assert Game(map="lake", suits="suggested").suits == list(_core.MAPS["lake"]["default_suits"])
    with pytest.raises(ConfigError, match="four of each"):
        Game(map="lake", suits=[0] * 12)
    with pytest.raises(ConfigError, match="no map"):
        Game(map="moon")


# ---- the protocol ----
def test_setoption_map_and_suits_set_up_the_next_game_and_the_state_names_them():
    """protocol 2.9: `setoption map`, `setoption suits` (a layout or Rootlog's clearings) for
    the next `new`; the state JSON names the map, its suits, paths, closed paths, Ferry, Tower."""
    h = Harness(seed=5)
    h.ok("setoption map lake")
    h.ok("setoption suits F1,F2,M3,R4,M5,F6,M7,R8,F9,M10,R11,R12")
    h.ok("new marquise eyrie wyrm")
    v = json.loads(h.ok("state public")[0])
    assert v["map"] == "lake" and v["ferry"] == 1 and v["tower"] is None and v["closed_paths"] == []
    assert v["suits"][:3] == ["fox", "fox", "mouse"] and v["clearings"][2]["suit"] == "mouse"
    assert [1, 5] in v["paths"] and [1, 10] not in v["paths"]          # the lake is no path
    h.ok("setoption map mountain")
    h.ok("setoption suits balanced")
    h.ok("new marquise eyrie wyrm")
    v = json.loads(h.ok("state public")[0])
    assert v["map"] == "mountain" and v["tower"] == 10 and len(v["closed_paths"]) == 6
    suits = [("fox", "rabbit", "mouse").index(s) for s in v["suits"]]
    assert maps.clashes("mountain", suits) == 0
    assert h.err("setoption map marsh").startswith("syntax")
    assert h.err("setoption suits F1,F2").startswith("syntax")


@pytest.mark.parametrize("m", MAPS[1:])
def test_a_referee_state_on_every_map_reads_back_as_its_position(m):
    """issue 29 item 4 on every map: the state JSON read as a position gives the same map, suits,
    open paths, Ferry and pieces, and starts that turn; a variant map's position without its
    suits is refused by name."""
    g = random_game(m, seed=3, actions=400)
    view = state_view(g, "referee")
    back = Game.from_position(view)
    d, want = back.state.to_dict(), g.state.to_dict()
    for key in ("map", "suit", "adj", "ferry", "pawn", "vb_at", "warriors", "birds", "wyrmlings"):
        assert d[key] == want[key], key
    no_suits = {k: v for k, v in view.items() if k != "suits"}
    for row in no_suits["clearings"]:
        row.pop("suit")
    with pytest.raises(PositionError, match="prints no suits"):
        Game.from_position(no_suits)


# ---- the terminal ----
def test_wyrm_play_on_the_lake_names_the_map_and_its_ferry(tmp_path):
    out = subprocess.run([sys.executable, "-m", "wyrm_ai.cli", "play", "--map", "lake", "--suits", "suggested",
                          "--seed", "3", "--factions", "marquise,eyrie,wyrm", "--no-color"],
                         input="quit\n", capture_output=True, text=True, cwd=tmp_path, timeout=120)
    assert out.returncode == 0, out.stderr
    assert "The map is the Lake (--map), its suits F1, F2, M3, R4," in out.stdout
    assert "The Lake map: the Ferry is at clearing 1" in " ".join(out.stdout.split())
    bad = subprocess.run([sys.executable, "-m", "wyrm_ai.cli", "play", "--map", "lake", "--suits", "F1"],
                         input="quit\n", capture_output=True, text=True, cwd=tmp_path, timeout=120)
    assert bad.returncode == 2 and "no suit for clearing 2" in bad.stderr


@pytest.mark.parametrize("m,words", [("lake", "The Lake map: the Ferry is at clearing 1"),
                                     ("mountain", "The Mountain map: closed paths"),
                                     ("autumn", None), ("winter", None)])
def test_the_80_column_board_states_the_maps_own_rules(m, words):
    """LoR 16.2.2.5 (the Ferry) and 16.2.3 (closed paths, the Pass) on the board of 80 columns
    and less (the terminal at 80x24, `showboard` narrow): a line of the map's rules as they stand
    under the clearing table, wrapped to the width; none on Autumn and Winter, which have none."""
    g = Game(first=0, factions=("marquise", "eyrie", "alliance", "wyrm"), map=m)
    for width in (80, 60):
        text = board_text(g, "referee", width=width)
        assert max(len(x) for x in text.splitlines()) <= width
        joined = " ".join(text.split())
        if words:
            assert words in joined
        else:
            assert " map: " not in joined
