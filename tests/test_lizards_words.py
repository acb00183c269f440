"""The Lizard Cult's actions in words (issue 33; wyrm_ai/model/action_words.py, chance_words.py):
every legal action of the Cult's steps has words of its own (no kind name left bare), a battle or
move at the conspiracies is a Crusade, and Fear of the Faithful's chance event is asked in words."""
from __future__ import annotations

import numpy as np

from mixes import new_game, players_for
from wyrm_ai import _core
from wyrm_ai.model import action_words, chance_words
from wyrm_ai.model.actions import decode, encode
from wyrm_ai.model.cards import card
from wyrm_ai.model.factions import EYRIE, LIZARDS, MARQUISE, WYRM

CLW = (MARQUISE, LIZARDS, WYRM)
ANVIL, ARMORERS = card("F#anvil").id, card("B#armorers").id


def test_every_cult_decision_and_chance_has_words():
    """At every Cult step (and Fear of the Faithful's chance) of seeded games, each action's words
    are plain English, not the bare kind name, and no two of the Cult's own actions read alike."""
    steps = set()
    for mix in (("marquise", "lizards", "wyrm"), ("lizards", "alliance")):
        for seed in range(2):
            g = new_game(mix, seed % len(mix), seed)
            rng, players = np.random.default_rng(seed), players_for(mix, seed)
            while not g.is_terminal():
                seat = g.current_player
                if g.step.startswith("lizards") or g.step == "faithful":
                    steps.add(g.step)
                    acts = [a for a, _ in g.chance_outcomes()] if seat < 0 else g.legal_actions()
                    words = [action_words.explain(a, seat, g.step, g.faction_ids, g.state) for a in acts]
                    assert all(w != decode(a).kind for a, w in zip(acts, words)), words
                    mine = [w for a, w in zip(acts, words) if decode(a).kind in action_words.LIZARD_WORDS]
                    assert len(set(mine)) == len(mine), (g.step, mine)
                    if g.step == "faithful":
                        assert "Fear of the Faithful" in chance_words.question(g)
                g.apply(g.sample_chance(rng) if seat == _core.CHANCE else players[seat].choose(g))
    assert {"lizards_birdsong", "lizards_daylight", "faithful"} <= steps, steps


def test_the_cults_words():
    assert action_words.explain(encode("battle", 4, 0), 1, "lizards_birdsong", CLW).startswith("Crusade")
    assert action_words.explain(encode("move", 0, 4, 0, 2), 1, "lizards_birdsong", CLW).startswith(
        "Crusade (spends acolytes): move 2 warriors from 1 to 5")
    assert action_words.explain(encode("battle", 4, 0), 1, "lizards_crusade", CLW).startswith("the Crusade's battle")
    assert action_words.explain(encode("convert", 4, 0), 1, None, CLW) == (
        "Convert (spends acolytes): a Marquise warrior in clearing 5 becomes a Cult warrior")
    assert action_words.explain(encode("sanctify", 8, 0, 0), 1, None, (EYRIE, LIZARDS)) == (
        "Sanctify (spends acolytes): the Eyrie's roost in clearing 9 becomes a mouse garden, 1 VP")
    assert action_words.explain(encode("lz_build", 0, ANVIL), 1, None, CLW) == "Build: reveal Anvil, a garden in clearing 1"
    assert action_words.explain(encode("sacrifice", ARMORERS), 1, None, CLW) == (
        "Sacrifice: reveal Armorers, a warrior to the Acolytes")
    assert action_words.explain(encode("outcast", 1), 1, "lizards_outcast", CLW) == (
        "set the Outcast to rabbit (Outcast side up)")
    assert action_words.explain(encode("faithful", ANVIL), -1, "faithful", CLW) == (
        "Fear of the Faithful: the Lizard Cult discard Anvil (fox) at random")
    assert action_words.explain(encode("remove", _core.PIECE_NAMES.index("lizard"), 4), 1, "battle_hits", CLW) == (
        "a hit removes the Cult warrior in clearing 5")
