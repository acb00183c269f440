"""The Underground Duchy in words (issue 34; wyrm_ai/model/action_words.py, narration.py,
chance_words.py): every legal action at the Duchy's steps has words of its own (no kind name left
bare), what `pass` ends there is said, every event of theirs (the Burrow, builds, tunnels, ministers,
Sway, the Price of Failure, revealed cards) reads as a sentence, and the Price of Failure's random
card is asked in words at a real table."""
from __future__ import annotations

import numpy as np
import pytest

from mixes import new_game, players_for
from wyrm_ai import _core
from wyrm_ai.model import action_words, chance_words, narration
from wyrm_ai.model.actions import decode, encode
from wyrm_ai.model.cards import card
from wyrm_ai.model.events import Event
from wyrm_ai.model.factions import DUCHY, LIZARDS, MARQUISE, WYRM

CDW = (MARQUISE, DUCHY, WYRM)
ANVIL, BIRD = card("F#anvil").id, card("B#ambush").id
MOLE = _core.PIECE_NAMES.index("mole")
M = {m: i for i, m in enumerate(_core.MINISTER_NAMES)}
STEPS = ("duchy_corner", "duchy_daylight", "duchy_reveal", "duchy_dig", "duchy_tunnel", "duchy_parliament",
         "duchy_minister", "duchy_sway", "duchy_evening", "price_of_failure")


def games(mixes=(("duchy", "wyrm"), ("marquise", "duchy", "wyrm")), seeds=range(3)):
    """Seeded random games: each game before each action, and over at the end."""
    for mix in mixes:
        for seed in seeds:
            g = new_game(mix, seed % len(mix), seed)
            rng, players = np.random.default_rng(seed), players_for(mix, seed)
            while not g.is_terminal():
                yield g
                seat = g.current_player
                g.apply(g.sample_chance(rng) if seat == _core.CHANCE else players[seat].choose(g))
            yield g


def test_lor_12_every_duchy_decision_has_words():
    """LoR 12.3-12.6 and 12.2.3: at every Duchy step of seeded games, each legal action's words are
    plain English, not the bare kind name; no two of the Duchy's own actions read alike; `pass` says
    what it ends there; the step itself has words; the Wyrm's Terrorize into the Burrow says so
    (W-MP-21)."""
    steps, burrow_terror = set(), 0
    for g in games():
        if g.is_terminal() or g.is_chance_node():
            continue
        seat = g.current_player
        acts = g.legal_actions()
        if g.step == "wyrm_terrorize":
            for a in acts:
                act = decode(a)
                if act.kind == "terror" and act.args[0] == act.args[1]:
                    assert action_words.explain(a, seat, g.step, g.faction_ids, g.state).endswith(
                        "down into the Burrow")
                    burrow_terror += 1
        if g.step not in STEPS:
            continue
        steps.add(g.step)
        words = [action_words.explain(a, seat, g.step, g.faction_ids, g.state) for a in acts]
        assert all(w != decode(a).kind for a, w in zip(acts, words)), words
        own = [w for a, w in zip(acts, words) if decode(a).kind in action_words.DUCHY_WORDS]
        assert len(set(own)) == len(own), (g.step, own)
        if g.step in action_words.PASS_WORDS and 0 in acts:
            assert words[acts.index(0)] == action_words.PASS_WORDS[g.step]
        assert action_words.step_words(g.step) != g.step.replace("_", " ")
    assert set(STEPS) - {"duchy_corner"} <= steps, set(STEPS) - steps
    assert burrow_terror > 0


def test_lor_12_the_duchys_words():
    """The words of each Duchy action (LoR 12.3.3, 12.2.2, 12.5.1-3, 12.2.3-4)."""
    explain = action_words.explain
    assert explain(encode("dc_corner", 0), 1, "duchy_corner", CDW) == (
        "start in corner clearing 1: a tunnel and 2 warriors, and 2 warriors in each adjacent clearing")
    assert explain(encode("burrow", 4, 0, 3), 1, "duchy_daylight", CDW) == (
        "move 3 warriors up from the Burrow into clearing 5 (an Assembly action)")
    assert explain(encode("burrow", 4, 1, 1), 1, "duchy_minister", CDW) == (
        "move 1 warrior down from clearing 5 into the Burrow")
    assert explain(encode("burrow", 4, 0, 0), 1, "duchy_dig", CDW) == "Dig: no warriors come up into clearing 5"
    assert explain(encode("burrow", 4, 0, 4), 1, "duchy_dig", CDW) == (
        "Dig: 4 warriors come up from the Burrow into clearing 5")
    assert explain(encode("dc_build", 0, 4), 1, "duchy_daylight", CDW).startswith(
        "Build a citadel in clearing 5 (reveal a card of its suit next")
    assert explain(encode("dc_build", 1, 4), 1, "duchy_minister", CDW) == (
        "the Foremole: build a market in clearing 5 (reveal any card next)")
    assert explain(encode("reveal", ANVIL), 1, "duchy_reveal", CDW) == (
        "reveal Anvil (fox) (face up, back to the hand in Evening)")
    assert explain(encode("reveal", BIRD), 1, "duchy_reveal", CDW) == (
        "reveal Ambush! (bird) (face up, discarded in Evening)")                     # LoR 12.6.1
    assert explain(encode("dc_recruit"), 1, "duchy_daylight", CDW) == (
        "Recruit: a warrior into the Burrow (an Assembly action)")
    assert explain(encode("dig", 4, ANVIL), 1, "duchy_daylight", CDW).startswith(
        "Dig: spend Anvil (fox) to place a tunnel in clearing 5, then up to four warriors")
    assert explain(encode("tunnel_off", 4), 1, "duchy_tunnel", CDW) == (
        "Dig: first take up the tunnel in clearing 5 (all three are on the map)")
    assert explain(encode("minister", M["captain"]), 1, "duchy_parliament", CDW) == "the Captain: a battle"
    assert explain(encode("minister", M["brigadier"]), 1, "duchy_minister", CDW) == (
        "the Mayor acts as the Brigadier: up to two moves or up to two battles")
    assert explain(encode("minister", M["earl_of_stone"]), 1, "duchy_parliament", CDW) == (
        "the Earl of Stone: 1 VP per citadel on the map")
    assert explain(encode("sway", M["mayor"]), 1, "duchy_sway", CDW) == (
        "Sway the Mayor (a noble): reveal 3 cards, each matching a different clearing with your pieces; "
        "a crown, 2 VP")
    assert explain(encode("bank", ANVIL), 1, "duchy_minister", CDW) == "the Banker: spend Anvil (fox) for 1 VP"
    assert explain(encode("failure", M["banker"]), 1, "price_of_failure", CDW) == (
        "the Price of Failure: lose the Banker (unswayed; its crown leaves the game)")
    assert explain(encode("fail_card", ANVIL), -1, "failure_discard", CDW) == (
        "the Price of Failure discards Anvil (fox) from the Duchy's hand at random")
    assert explain(encode("remove", MOLE, 4), 1, "battle_hits", CDW) == "a hit removes the Duchy warrior in clearing 5"
    assert explain(encode("sanctify", 4, 1, 1), 0, "lizards_daylight", (LIZARDS, DUCHY, WYRM)) == (   # LoR 10.4.3.III
        "Sanctify (spends acolytes): the Duchy's market in clearing 5 becomes a rabbit garden, 1 VP")
    assert explain(0, 1, "duchy_daylight", CDW) == "end the Assembly (on to Parliament)"
    assert explain(0, 1, "duchy_sway", CDW) == "sway no minister (Evening)"


def test_lor_12_every_duchy_event_reads_as_a_sentence():
    """Every event of the Duchy's (the Burrow's moves and recruits LoR 12.2.2, 12.4, 12.5.1, builds,
    tunnels, ministers, Sway and its crown's VP, revealed cards, the Price of Failure's minister and
    card, their pieces removed) is one sentence."""
    said: dict[str, list[str]] = {}
    for g in games():
        for e in g.last_events if g.record else ():
            if e.seat < 0 or g.faction_ids[e.seat] != DUCHY:
                continue
            key = e.kind if e.kind not in ("vp", "remove") else (
                f"vp:{_core.VP_REASONS[e.arg]}" if e.kind == "vp" else f"remove:{_core.PIECE_NAMES[e.arg]}")
            said.setdefault(key, []).append(narration.sentence(e))
    wanted = {"burrow", "dc_build", "tunnel", "minister", "sway", "reveal", "place", "vp:crown", "remove:mole"}
    assert wanted <= set(said), wanted - set(said)
    for key in wanted:
        assert all(s.endswith(".") and s[0].isupper() for s in said[key]), (key, said[key][:3])
    assert any("into the Burrow" in s for s in said["burrow"]) or any("from the Burrow" in s for s in said["burrow"])
    assert any("the Burrow" in s for s in said["place"]), said["place"][:3]


def test_narrations_sentences_of_the_duchys_events():
    """The sentences of the events the core emits for the Duchy (events.pxi E_BURROW, E_DC_BUILD,
    E_TUNNEL, E_MINISTER, E_SWAY, E_FAILURE, E_FAIL_DISCARD, E_REVEAL), one by one."""
    def say(kind, arg, amount=0, detail=-1, clearing=-1):
        return narration.sentence(Event(kind, 1, clearing, arg, amount, detail, CDW, ()))
    assert say("burrow", 0, 3, clearing=4) == "The Duchy move 3 warriors up from the Burrow into clearing 5."
    assert say("burrow", 1, 1, clearing=4) == "The Duchy move 1 warrior down from clearing 5 into the Burrow."
    assert say("dc_build", 1, 1, ANVIL, clearing=4) == "The Duchy build a market in clearing 5, revealing Anvil."
    assert say("tunnel", ANVIL, 1, clearing=4) == "The Duchy dig a tunnel into clearing 5, spending Anvil."
    assert say("minister", M["captain"]) == "The Duchy's Captain acts."
    assert say("sway", M["baron_of_dirt"], 3) == "The Duchy sway the Baron of Dirt."
    assert say("failure", M["brigadier"], 1) == (
        "The Price of Failure: the Duchy lose the Brigadier, and its crown leaves the game.")
    assert say("fail_discard", ANVIL, 1) == "The Price of Failure: the Duchy discard Anvil at random."
    assert say("reveal", ANVIL, 2) == "The Duchy reveal Anvil for a Sway."


def test_the_price_of_failures_card_is_asked_in_words():
    """LoR 12.2.3: the Price of Failure's random card is a chance event (`failure_discard`), asked
    at a real table (the engine's chance external) with its notation."""
    asked = 0
    for g in games():
        if not g.is_terminal() and g.is_chance_node() and g.step == "failure_discard":
            q = chance_words.question(g)
            assert q.startswith("The Price of Failure (LoR 12.2.3)") and "D->" in q
            asked += 1
    assert asked > 0


def test_the_burrows_placements_read_as_recruits():
    """LoR 12.4 and 12.5.1: warriors into the Burrow (the Birdsong's, Recruit's) are told as placed,
    never as a garrison (narration.placed reads a place event into the Burrow as a recruit)."""
    said = [narration.sentence(e) for g in games(seeds=range(1)) for e in (g.last_events if g.record else ())
            if e.kind == "place" and e.clearing < 0]
    assert said and all(s.startswith("The Duchy places ") and s.endswith(" in the Burrow.") for s in said), said[:3]


def test_core_the_burrows_place_events_say_recruit():
    """LoR 12.4 (Birdsong) and 12.5.1 (Recruit): the core's place event of warriors into the Burrow
    (events.pxi E_PLACE, clearing -1) gives the reason `recruit`, as duchy.pxi's comments say."""
    whys = {_core.PLACE_WHYS[e.arg] for g in games(seeds=range(1)) for e in (g.last_events if g.record else ())
            if e.kind == "place" and e.clearing < 0}
    assert whys == {"recruit"}, whys
