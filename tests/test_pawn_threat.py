"""The evaluation's pawn_threat term (issue 15 item 3): the enemy warriors that could move into the
Wyrm pawn's clearing on their next turn, beyond its wyrmlings there. A move takes warriors from one
clearing to an adjacent one, and the mover must rule the origin or the destination (LoR 4.2,
root-base-rules.md "Move"; the pawn counts as three warriors for rule, W-MON-1). Its weight is 0 by
default, so the evaluation is unchanged until a player (or the tuner) weighs it."""
import json

import pytest

from wyrm_ai import _core
from wyrm_ai.ai import evalmodel
from wyrm_ai.model.errors import ConfigError

from wyrm_positions import WYRM, state, wyrm_day

THREAT = _core.FEATURE_NAMES.index("pawn_threat")
EXPOSED = _core.FEATURE_NAMES.index("pawn_exposed")

# the Autumn map around clearing 3: paths 3-6, 3-7, 3-11; 12 is two steps away
ADJACENT_TO_3 = {6, 7, 11}


def feature(g, k):
    return _core.features(g.state, WYRM)[k]


def test_the_map_around_the_pawn():
    assert {b if a == 3 else a for a, b in _core.PATHS if 3 in (a, b)} == ADJACENT_TO_3


def test_warriors_next_door_count_where_their_owner_rules_the_origin():
    """Pawn and one wyrmling in 3 (the Wyrm rules 3: 3 + 1). Two warriors in 6, which the Marquise
    rules, can move in; three in 7, where four wyrmlings rule, cannot (she rules neither end);
    five in 12 are two moves away. One wyrmling stands against the two: one more than it."""
    g = wyrm_day(pawn=3, wyrmlings={3: 1, 7: 4}, warriors={6: 2, 7: 3, 12: 5})
    assert state(g)["pawn"] == 3 - 1
    assert feature(g, THREAT) == 1
    assert feature(g, EXPOSED) == 0


def test_when_the_enemy_rules_the_pawns_clearing_every_neighbour_counts():
    """Four Marquise warriors with the lone pawn in 3: she rules it (4 against 3), so her warriors
    in 7 may move in although the wyrmlings rule 7 (destination ruled, LoR 4.2). pawn_exposed
    counts the 4 already there; pawn_threat the 3 + 2 that could join them."""
    g = wyrm_day(pawn=3, wyrmlings={7: 4}, warriors={3: 4, 6: 2, 7: 3, 12: 5})
    assert feature(g, EXPOSED) == 4
    assert feature(g, THREAT) == 5


def test_wyrmlings_beyond_the_enemies_inside_absorb_the_threat_first():
    """Three wyrmlings and one Marquise warrior in 3: two wyrmlings are spare, so of the three
    warriors next door in 11 (hers to rule) one is a threat."""
    g = wyrm_day(pawn=3, wyrmlings={3: 3}, warriors={3: 1, 11: 3})
    assert feature(g, EXPOSED) == 0
    assert feature(g, THREAT) == 1


def test_no_threat_without_enemies_next_door_or_with_the_pawn_in_a_forest():
    assert feature(wyrm_day(pawn=3, warriors={12: 6}), THREAT) == 0
    assert feature(wyrm_day(pawn="3_6_11", warriors={3: 2, 6: 4}), THREAT) == 0


def test_its_weight_is_zero_by_default_and_weighs_each_warrior():
    g = wyrm_day(pawn=3, wyrmlings={3: 1}, warriors={6: 2, 11: 1})
    assert _core.EVAL_WEIGHTS["pawn_threat"] == 0.0
    assert feature(g, THREAT) == 2
    before = _core.seat_worth_of(g.state, WYRM)
    assert _core.seat_worth_of(g.state, WYRM, weights={"pawn_threat": -0.5}) == pytest.approx(before - 1.0)
    assert _core.seat_worth_of(g.state, WYRM) == before


def test_a_model_file_without_the_new_inputs_loads_and_they_weigh_nothing(tmp_path):
    """A model fitted before pawn_threat existed names no own_/enemy_max_pawn_threat input: it
    loads, and those inputs weigh 0, so it values every position as before."""
    model = json.loads(evalmodel.MODEL_FILE.read_text())
    new = [i for i, n in enumerate(model["input_names"]) if "pawn_threat" in n]
    for i in reversed(new):
        del model["input_names"][i]
        for coef in model["coefficients"].values():
            del coef[i]
    path = tmp_path / "old.json"
    path.write_text(json.dumps(model))
    g = wyrm_day(pawn=3, wyrmlings={3: 1}, warriors={6: 2, 11: 1})
    try:
        loaded = evalmodel.load(path)
        assert loaded["input_names"] == list(_core.INPUT_NAMES)
        for name in ("own_pawn_threat", "enemy_max_pawn_threat"):
            i = _core.INPUT_NAMES.index(name)
            assert all(coef[i] == 0.0 for coef in loaded["coefficients"].values())
        old = _core.evaluations(g.state, "learned")
        evalmodel.load()
        assert _core.evaluations(g.state, "learned") == old
    finally:
        evalmodel.load()


def test_a_model_naming_an_input_the_core_has_not_is_refused(tmp_path):
    model = json.loads(evalmodel.MODEL_FILE.read_text())
    model["input_names"][3] = "own_dragons"
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(model))
    with pytest.raises(ConfigError, match="unknown \\['own_dragons'\\]"):
        evalmodel.load(path)
    model["input_names"][3] = model["input_names"][4]
    path.write_text(json.dumps(model))
    with pytest.raises(ConfigError, match="repeated 1"):
        evalmodel.load(path)
    model = json.loads(evalmodel.MODEL_FILE.read_text())
    model["coefficients"]["wyrm"] = model["coefficients"]["wyrm"][:-1]
    path.write_text(json.dumps(model))
    with pytest.raises(ConfigError, match="'wyrm' needs"):
        evalmodel.load(path)
