"""Saves with the Vagabond (issue 13): saves of versions 5 and 6 written by `main` before the
Vagabond's state fields existed still load (the fields they lack are a new game's), and a
Vagabond game saves and loads to the same state."""
from __future__ import annotations

import json
import pathlib

import pytest

from wyrm_ai.model.errors import SaveError
from wyrm_ai.model.game import Game

from vagabond_tables import random_game

LEGACY = pathlib.Path(__file__).parent / "data" / "legacy_saves"
VB_FIELDS = ("vb_at", "vb_char", "vb_items", "vb_out", "vb_rel", "vb_aids", "quest_deck", "quest_up",
             "quest_done", "explored", "ruin_items", "coalition", "vb_left", "vb_aided", "vb_quest_draws")


@pytest.mark.parametrize("name", ["version5.json", "version6.json"])
def test_a_save_from_before_the_vagabond_loads(name):
    """version5.json (a four-seat game, Marquise-Eyrie-Alliance-Wyrm) and version6.json (from the
    docs' position) were written by main at bc1b2e1: their state has none of the Vagabond's fields;
    they load, the new fields hold a new game's values (init_state: vb_at -1, vb_char -1,
    coalition -1, ruin_items one each of boots, bag, hammer, sword), and they save again. Made
    before issue 29 item 5, their records lack the answers to the hand prompts the engine did not
    ask then: the loaded record holds those besides (Game.added_unasked), and nothing else."""
    data = json.loads((LEGACY / name).read_text())
    assert data["version"] == int(name[7]) and not set(VB_FIELDS) & set(data["state"])
    g = Game.from_json(data)
    kept = [x for i, x in enumerate(g.record_lines()) if i not in g.added_unasked]
    assert kept == data["record"] and list(g.scores) == data["state"]["score"]
    d = g.state.to_dict()
    assert (d["vb_at"], d["vb_char"], d["coalition"], d["vb_aided"]) == (-1, -1, -1, -1)
    assert list(d["ruin_items"]) == [1, 1, 0, 1, 1, 0, 0, 0]
    again = json.loads(json.dumps(g.to_json()))
    assert Game.from_json(again).state == g.state


def test_an_old_save_with_an_edited_state_is_still_refused():
    """The defaults fill only missing fields: a changed one is still a corrupt save."""
    data = json.loads((LEGACY / "version5.json").read_text())
    data["state"]["score"][0] += 1
    with pytest.raises(SaveError, match="does not match"):
        Game.from_json(data)


@pytest.mark.parametrize("table", [("marquise", "vagabond", "wyrm"), ("eyrie", "alliance", "vagabond", "wyrm")])
def test_a_vagabond_game_saves_and_loads(table, tmp_path):
    g = random_game(table, 4, max_actions=600)
    g.save(tmp_path / "v.json")
    back = Game.load(tmp_path / "v.json")
    assert back.state == g.state and back.record_lines() == g.record_lines()
    data = json.loads((tmp_path / "v.json").read_text())
    del data["state"]["vb_items"]                # a Vagabond save missing his items is refused
    with pytest.raises(SaveError, match="does not match"):
        Game.from_json(data)
