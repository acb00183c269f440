"""Game.from_position (docs/protocol.md, "Positions"; docs/api.md), the queries the core answers
(Game.rules, lair_cap, evening_draws), str(game) and wyrm_ai.__version__."""
from __future__ import annotations

import copy
import json
import tomllib
from pathlib import Path

import numpy as np
import pytest

import wyrm_ai
from wyrm_ai import _core
from wyrm_ai.model.errors import ConfigError, PositionError, SaveError
from wyrm_ai.model.game import POSITION_SAVE_VERSION, SAVE_VERSION, Game
from wyrm_ai.model.position import core_dict
from wyrm_ai.protocol.views import state_view
from wyrm_ai.model.redaction import observe
from wyrm_ai.model.textboard.boardview import render_board
from wyrm_ai.model.textboard.boardview import board_text

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "protocol.md"


def doc_position() -> dict:
    """The example position of docs/protocol.md (the file `position.json` of its session)."""
    part = DOC.read_text().split("<!-- file position.json -->", 1)[1]
    return json.loads(part.split("```json", 1)[1].split("```", 1)[0])


def with_changes(**fields) -> dict:
    p = doc_position()
    p.update(fields)
    return p


def clearing(p: dict, n: int, **counts) -> dict:
    p = copy.deepcopy(p)
    p["clearings"][n - 1] = {"clearing": n, **counts}
    return p


@pytest.fixture
def game():
    return Game.from_position(doc_position())


# ---- from_position ------------------------------------------------------------------------------

def test_position_starts_the_turn_from_its_birdsong(game):
    # LoR 6.4 (Marquise Birdsong): one wood at each sawmill; then Daylight with three actions (6.5)
    d = game.state.to_dict()
    assert game.step == "marquise_daylight" and game.current_player == 0
    assert d["turn_number"] == 5 and d["actions_left"] == 3
    assert d["wood"][0] == 1 and d["wood"][9] == 1 and d["wood"][8] == 1      # 9 had its wood already
    assert game.record == [] and game.scores == (6, 5)
    assert d["hand"][0][_core_card("F#anvil")] == 1


def _core_card(token):
    from wyrm_ai.model.cards import BY_TOKEN
    return BY_TOKEN[token.lower()].id


def test_supplies_and_deck_are_what_the_pieces_and_cards_leave():
    """Round trip: a played game's referee state, read as a position, gives back its board,
    supplies, deck, hands, items and Growth exactly (before its Birdsong runs again)."""
    g = Game(first="wyrm")
    rng = np.random.default_rng(7)
    checked = 0
    from wyrm_ai.ai.players import make_player
    bots = {0: make_player("heuristic", 1), 1: make_player("heuristic", 2)}
    while not g.is_terminal() and checked < 30:
        if g.is_chance_node():
            g.apply(g.sample_chance(rng))
            continue
        if g.state.to_dict()["pawn"] >= 0:
            want = g.state.to_dict()
            got = core_dict(state_view(g, "referee"))
            for key in ("warriors", "buildings", "wood", "keep", "wyrmlings", "pawn", "fear", "warrior_supply",
                        "wood_supply", "wyrmling_supply", "fear_supply", "treasure_supply", "item_supply",
                        "items", "growth", "score", "deck", "deck_size", "hand", "hand_size", "discard",
                        "play_area", "out_of_game", "known", "first", "turn"):
                assert got[key] == want[key], key
            checked += 1
        g.apply(bots[g.current_player].choose(g))
    assert checked == 30


@pytest.mark.parametrize("change,words", [
    (lambda p: clearing(p, 2, warriors=20), "Marquise warriors on the map"),
    (lambda p: clearing(p, 4, wyrmlings=9), "wyrmlings on the map"),
    (lambda p: clearing(p, 4, sawmills=1, workshops=1), "free slots"),            # clearing 4 has 1 slot
    (lambda p: clearing(p, 2, fear_side="afraid"), "fear_side"),
    (lambda p: clearing(p, 2, warriors=-1), "clearing 2 warriors"),
    (lambda p: clearing(p, 2, warriors=True), "clearing 2 warriors"),
    (lambda p: clearing(p, 2, dragons=1), "no field 'dragons'"),
    (lambda p: clearing(p, 2, keep=True), "clearing 2 says keep true"),
    (lambda p: clearing(p, 2, fear=1), "clearing 2 says fear 1"),
    (lambda p: {**p, "pawn": None}, "pawn is off the map"),
    (lambda p: {**p, "pawn": 13}, "pawn must be"),
    (lambda p: {**p, "turn": "eyrie"}, "turn must be"),
    (lambda p: {**p, "turn_number": 4}, "not a turn of the marquise"),
    (lambda p: {**p, "scores": {"marquise": 30, "wyrm": 0}}, "scores.marquise"),
    (lambda p: {**p, "hands": {"marquise": ["F#anvil", "F#anvil"], "wyrm": []}}, "copies of card"),
    (lambda p: {**p, "hands": {"marquise": ["X#nothing"], "wyrm": []}}, "no card 'X#nothing'"),
    (lambda p: {**p, "items": {"marquise": {"treasure": 1}, "wyrm": {}}}, "treasure"),
    (lambda p: {**p, "growth": {"bite": 3, "height": 0, "might": 0}}, "growth.bite"),
    (lambda p: {k: v for k, v in p.items() if k != "keep"}, "no 'keep'"),
    (lambda p: [], "JSON object"),
])
def test_impossible_or_malformed_positions_are_refused_by_name(change, words):
    with pytest.raises(PositionError, match=words.replace("(", r"\(")):
        Game.from_position(change(doc_position()))


def test_undo_and_save_start_from_the_position(game, tmp_path):
    start = game.state.state_bytes()
    game.apply("b_w->5")
    game.apply(game.legal_actions()[0])
    game.undo(2)
    assert game.state.state_bytes() == start and game.record == []
    with pytest.raises(Exception, match="cannot undo 1"):
        game.undo(1)
    game.apply("recruit")
    path = tmp_path / "pos.json"
    game.save(path)
    data = json.loads(path.read_text())
    assert data["version"] == POSITION_SAVE_VERSION and data["position"]["turn"] == "marquise"
    back = Game.load(path)
    assert back.state == game.state and back.record == game.record and back.position == game.position
    back.undo(1)
    assert back.state.state_bytes() == start


def test_a_position_save_is_checked_like_any_save(game):
    game.apply("recruit")
    data = game.to_json()
    bad = copy.deepcopy(data)
    bad["position"]["scores"]["wyrm"] = 7            # the replay no longer gives the saved state
    with pytest.raises(SaveError, match="does not match"):
        Game.from_json(bad)
    bad = copy.deepcopy(data)
    bad["position"]["clearings"][0]["warriors"] = 99
    with pytest.raises(SaveError, match="position"):
        Game.from_json(bad)
    bad = copy.deepcopy(data)
    del bad["position"]
    with pytest.raises(SaveError, match="needs a 'position'"):
        Game.from_json(bad)
    bad = copy.deepcopy(data)
    bad["version"] = 1                                # an older reader would replay from a deal
    with pytest.raises(SaveError, match="has no 'position'"):
        Game.from_json(bad)
    data["position"]["turn"] = "wyrm"                 # the save is a copy: the game keeps its position
    assert game.position["turn"] == "marquise"


def test_old_saves_without_a_position_still_load():
    g = Game.replay("marquise", [])
    rng = np.random.default_rng(2)
    while g.is_chance_node():
        g.apply(g.sample_chance(rng))
    data = g.to_json()
    assert data["version"] == SAVE_VERSION and "position" not in data
    assert Game.from_json(data).state == g.state


# ---- queries ------------------------------------------------------------------------------------

def test_rules_asks_the_core(game):
    # LoR 2.5: most warriors plus buildings; ties rule for nobody. W-MON-1: the pawn counts as 3.
    assert game.rules(1) == 0 and game.rules(3) == 1 and game.rules(2) is None
    tie = Game.from_position(clearing(doc_position(), 4, warriors=1, wyrmlings=1))
    assert tie.rules(4) is None
    pawn = Game.from_position(clearing(doc_position(), 3, warriors=3))
    assert pawn.rules(3) is None                                         # 3 warriors vs the pawn alone
    for bad in (0, 13, "1", True, None):
        with pytest.raises(ConfigError):
            game.rules(bad)


@pytest.mark.parametrize("growth,cap,draws", [
    ({"bite": 2, "height": 2, "might": 2}, 0, 1),
    ({"bite": 1, "height": 2, "might": 2}, 1, 1),
    ({"bite": 1, "height": 2, "might": 1}, 2, 2),
    ({"bite": 0, "height": 1, "might": 1}, 3, 3),
    ({"bite": 0, "height": 0, "might": 0}, 5, 4),
])
def test_lair_cap_and_wyrm_draws(growth, cap, draws):
    # W-EVE-2: the Lair scores up to the cap of the rightmost covered Growth space (caps 1 2 2 3 4 5);
    # W-EVE-3: the Wyrm draws 1 plus 1 per pair of markers on the Growth track
    g = Game.from_position(with_changes(growth=growth))
    assert g.lair_cap() == cap and g.evening_draws("wyrm") == draws


@pytest.mark.parametrize("recruiters,draws", [(0, 1), (1, 1), (2, 1), (3, 2), (4, 2), (5, 3)])
def test_marquise_draws_are_what_her_evening_draws(recruiters, draws):
    # LoR 6.6: draw one card plus the card bonuses uncovered on the recruiter track
    p = clearing(doc_position(), 5, warriors=1)                  # its recruiter taken away
    for n in (5, 6, 8, 11, 2)[:recruiters]:
        p = clearing(p, n, recruiters=1, warriors=1)
    g = Game.from_position(p)
    assert sum(c["recruiters"] for c in state_view(g, "public")["clearings"]) == recruiters
    assert g.evening_draws(0) == draws
    while g.step != "evening_draw":
        g.apply("pass")
    assert g.state.to_dict()["to_draw"][0] == draws


# ---- text ---------------------------------------------------------------------------------------

def test_str_is_the_public_board_without_hands(game):
    text = str(game)
    assert text == board_text(game, "public")
    assert "+- 1 fox" in text and "THE WYRM" in text and "THE MARQUISE" in text
    assert "HAND (" not in text and "Anvil" not in text       # F#anvil is in the Marquise's hand
    assert "Anvil" in board_text(game, "marquise") and "Anvil" not in board_text(game, "wyrm")


def test_version_is_the_package_version():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert wyrm_ai.__version__ == project["version"]


@pytest.mark.parametrize("growth", [{"bite": 2, "height": 2, "might": 2}, {"bite": 0, "height": 1, "might": 1},
                                    {"bite": 1, "height": 0, "might": 0}])
def test_every_view_carries_the_facts_the_core_derives(growth):
    # LoR 2.5 / W-MON-1 (rule), W-EVE-2 (Lair cap), LoR 6.6 / W-EVE-3 (draws), W-HEIGHT-1,
    # W-BITE-1, W-MIGHT-1 (the Wyrm's limits): the observation and the state JSON carry what the
    # core answers, so no view computes a rule
    g = Game.from_position(with_changes(growth=growth))
    for viewer in ("marquise", "wyrm", "public", "referee"):
        obs = observe(g.state, viewer)
        assert [None if r < 0 else r for r in obs["rulers"]] == [g.rules(c) for c in range(1, 13)]
        assert obs["lair_cap"] == g.lair_cap()
        assert obs["evening_draws"] == [g.evening_draws("marquise"), g.evening_draws("wyrm")]
        assert obs["wyrm_limits"] == {"moves": 3 - growth["height"], "battles": 3 - growth["bite"],
                                      "might": 3 - growth["might"]}
        # LoR 6.5.4: the next building of a type costs the wood and scores the VP of the
        # leftmost empty space of its track
        table = _core.MARQUISE_TABLE
        for t in range(3):
            placed = sum(obs["buildings"][t])
            assert obs["next_building"][t] == [table["wood_cost"][placed], table["vp"][t][placed]]
        view = state_view(g, viewer)
        assert [r["ruler"] for r in view["clearings"]] == \
            [None if g.rules(c) is None else ("marquise", "wyrm")[g.rules(c)] for c in range(1, 13)]
        assert view["lair_cap"] == g.lair_cap()
        assert view["evening_draws"] == {"marquise": g.evening_draws(0), "wyrm": g.evening_draws(1)}


def test_the_board_shows_the_ruler_and_cap_it_is_given():
    # the terminal board reads the observation's derived facts instead of computing them
    g = Game.from_position(doc_position())
    obs = g.observation("marquise")
    assert "- C rules +" in render_board(obs, 99)
    obs["rulers"] = [-1] * 12
    obs["lair_cap"] = 4
    wide, narrow = render_board(obs, 99), render_board(obs, 80)
    assert "- C rules +" not in wide and "- W rules +" not in wide
    assert "scores up to 4 VP" in wide and "scores up to 4 VP" in narrow
