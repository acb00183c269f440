"""Narration from the engine's own events (wyrm_ai/model/events.py, wyrm_ai/model/narration.py): battles with
ambushes, Ravenous, the pawn fleeing, removals and every VP with its reason; redaction of draws;
the terminal summary and `log`, the protocol's `events`; and a fuzz check over seeded random games
that the VP events add up to every score change and the removal events to every piece removed."""
from __future__ import annotations

import io
import json
import re

import numpy as np
import pytest
from click.testing import CliRunner

from wyrm_ai import _core
from wyrm_ai.model.actions import decode
from wyrm_ai.cli import main
from wyrm_ai.model.events import fields
from wyrm_ai.model.game import Game
from wyrm_ai.model.narration import narrate
from wyrm_ai.protocol import Session
from wyrm_ai.protocol.io import Writer
from wyrm_ai.model.redaction import events_seen
from wyrm_positions import COWED, MARQUISE, SCARED, WYRM, act, cat_day, forest_loc, state, wyrm_day


def told(g: Game) -> list[str]:
    return narrate(g.last_events)


def kinds(g: Game) -> list[str]:
    return [e.kind for e in g.last_events]


# ---- battles ------------------------------------------------------------------------------------

def test_battle_with_ambush_then_ravenous():
    """LoR 4.3.1 / W-RAV-2 / W-RAV-1: the Wyrm attacks 3 warriors in clearing 6 with 4 wyrmlings;
    the Marquise ambushes (2 hits, not ignorable: 2 wyrmlings die); roll 2,1: the Wyrm deals 2,
    the Marquise 1, which Ravenous ignores (the Wyrm's 2 rolled hits landed)."""
    g = wyrm_day(pawn=3, wyrmlings={6: 4}, warriors={6: 3}, cat_hand=("F#ambush",))
    act(g, "XC6")
    assert told(g) == ["The Wyrm attacks the Marquise in clearing 6."]
    act(g, "F#ambush@")
    assert told(g) == ["The Marquise ambushes with Ambush! (fox).",
                       "The ambush deals 2 hits to the Wyrm.",
                       "The Wyrm loses 2 wyrmlings in clearing 6."]
    assert not any(e.kind == "ravenous" for e in g.last_events)      # W-RAV-2: ambush hits stand
    act(g, "roll 2,1")
    assert told(g) == ["Roll 2,1: the Wyrm (attacker) 2, the Marquise 1.",
                       "The Wyrm deals 2 hits to the Marquise.",
                       "The Marquise deals 1 hit to the Wyrm.",
                       "Ravenous: the Wyrm ignores 1 hit dealt to it.",
                       "The Marquise loses 2 warriors in clearing 6."]
    assert state(g)["warriors"][5] == 1 and state(g)["wyrmlings"][5] == 2


def test_foiled_ambush_is_told():
    """LoR 4.3.1: the attacker foils the ambush with its own; no ambush hits follow."""
    g = wyrm_day(pawn=3, wyrmlings={6: 4}, warriors={6: 3}, cat_hand=("F#ambush",),
                 wyrm_hand=("B#ambush",))
    act(g, "XC6", "F#ambush@", "B#ambush@")
    assert told(g) == ["The Wyrm foils the ambush with Ambush! (bird)."]


def test_ravenous_cancels_every_hit_the_defending_wyrm_takes():
    """W-RAV-1 / W-MON-1: the Marquise attacks the lone pawn with 5 warriors, roll 3,3: the pawn
    deals 3 hits (as three warriors) and Ravenous ignores all 3 hits dealt to it: the Wyrm loses
    nothing, and the words say so."""
    g = cat_day(pawn=5, warriors={5: 5}, lair={"treasure": 3})
    act(g, "XW5", "roll 3,3")
    assert told(g) == ["Roll 3,3: the Marquise (attacker) 3, the Wyrm 3.",
                       "The Marquise deals 3 hits to the Wyrm.",
                       "The Wyrm deals 3 hits to the Marquise.",
                       "Ravenous: the Wyrm ignores 3 hits dealt to it.",
                       "The Marquise loses 3 warriors in clearing 5."]
    assert fields(g.last_events[3]) == {"kind": "ravenous", "seat": "wyrm", "clearing": 5, "ignored": 3}


def test_rolled_hits_capped_by_fighters_are_told():
    """LoR 4.3.2 / W-MON-1: a die counts at most the dealer's fighters in the clearing (the pawn
    three): roll 3,2 with one wyrmling against one warrior deals 1 hit each way."""
    g = wyrm_day(pawn=3, wyrmlings={5: 1}, warriors={5: 1})
    act(g, "XC5", "roll 3,2")
    assert told(g)[1:3] == [
        "The Wyrm deals 1 hit to the Marquise (capped at 1 by its fighters there).",
        "The Marquise deals 1 hit to the Wyrm (capped at 1 by its warriors there)."]
    assert fields(g.last_events[1])["capped_by"] == 1


def test_pawn_flees_to_the_only_forest():
    """W-PY-4 / W-FOREST-1: an ambush's hit on the attacking pawn with an empty Lair sends it to
    the one forest next to clearing 5; the second hit finds nothing left to remove."""
    g = wyrm_day(pawn=5, warriors={5: 2}, cat_hand=("R#ambush",))
    act(g, "XC5", "R#ambush@")
    assert state(g)["pawn"] == forest_loc("1_2_5_10")
    assert told(g) == ["The Marquise ambushes with Ambush! (rabbit).",
                       "The ambush deals 2 hits to the Wyrm.",
                       "The Wyrm pawn flees clearing 5 to the forest 1_2_5_10.",
                       "1 hit on the Wyrm finds nothing to remove."]


def test_pawn_flees_to_the_forest_the_wyrm_chooses():
    """W-FOREST-1: from clearing 6 the Wyrm chooses the forest; the flight is told when it lands,
    then the remaining hits go on (W-PY-5)."""
    g = cat_day(pawn=6, wyrmlings={6: 1}, warriors={6: 3})
    act(g, "XW6", "roll 3,0", "p6->", "p->3_6_11")
    assert told(g) == ["The Wyrm pawn flees clearing 6 to the forest 3_6_11.",
                       "The Wyrm loses a wyrmling in clearing 6.",
                       "1 hit on the Wyrm finds nothing to remove."]


def test_lair_items_lost_and_treasure_scored():
    """W-PY-2 / W-PY-3: hits on the defending pawn take Lair items; each treasure scores 1 VP for
    the attacker."""
    g = cat_day(pawn=5, warriors={5: 3}, lair={"treasure": 3}, score=(4, 0))
    act(g, "XW5", "roll 2,0")
    assert g.scores == (6, 0)
    lines = told(g)
    assert lines.count("A hit on the Wyrm pawn removes the treasure from its Lair.") == 2
    assert lines.count("Marquise +1 VP: a treasure lost from the defending Wyrm's Lair in clearing 5.") == 2


# ---- removal scoring and VP reasons -----------------------------------------------------------

def test_removing_a_fear_token_scores_and_is_told():
    """W-PY-5 / W-MON-3: the defenseless Wyrm's fear token takes the extra hit; 1 VP for the
    Marquise, told with its reason."""
    g = cat_day(pawn=3, warriors={5: 2}, fear={5: COWED})
    act(g, "XW5", "roll 0,0")
    assert g.scores == (1, 0)
    assert told(g)[-2:] == ["The Wyrm loses a fear token in clearing 5.",
                            "Marquise +1 VP: removing a fear token in clearing 5."]


def test_removing_buildings_scores_for_the_wyrm():
    """LoR 3.2.1 / 4.3.3: the Wyrm's hit and the defenseless extra hit remove the workshop (the
    Marquise's choice) and then the sawmill, each 1 VP for the Wyrm."""
    g = wyrm_day(pawn=3, wyrmlings={5: 1}, sawmills={5: 1}, workshops={5: 1})
    act(g, "XC5", "roll 1,0")
    assert told(g)[1:3] == ["The Marquise has no warriors in clearing 5: defenseless, it takes 1 extra hit.",
                            "The Wyrm deals 2 hits to the Marquise."]
    act(g, "b_w5->")
    assert g.scores == (0, 2)
    assert told(g) == ["The Marquise loses a workshop in clearing 5.",
                       "Wyrm +1 VP: removing a workshop in clearing 5.",
                       "The Marquise loses a sawmill in clearing 5.",
                       "Wyrm +1 VP: removing a sawmill in clearing 5."]


def test_vp_reasons_craft_build_lair():
    """W-CRAFT-2: crafting Anvil scores 2 VP; LoR 6.5: the Marquise's second sawmill 1 VP;
    W-EVE-1 / W-EVE-2: the Lair scores 1 VP per item up to the Growth track's cap."""
    g = wyrm_day(fear={6: SCARED}, wyrm_hand=("F#anvil",))
    act(g, "ZF#anvil")
    assert told(g) == ["Wyrm +2 VP: crafting Anvil."]
    g = cat_day(warriors={5: 2}, sawmills={5: 1}, wood={5: 1})
    act(g, "b_s->5")
    assert told(g) == ["Marquise +1 VP: building a sawmill in clearing 5."]
    g = wyrm_day(growth=(0, 0, 0), lair={"treasure": 1, "tea": 1}, score=(0, 4))
    act(g, "pass")
    assert told(g)[0] == "Wyrm +2 VP: the Lair (2 items)."
    g = wyrm_day(growth=(1, 2, 2), lair={"treasure": 3, "hammer": 1, "sword": 1})
    act(g, "pass")
    assert told(g)[0] == "Wyrm +1 VP: the Lair (5 items, capped at 1 by the Growth track)."
    assert fields(g.events[-1][0]) == {"kind": "vp", "seat": "wyrm", "vp": 1, "reason": "lair", "detail": 5}


def test_the_win_is_told():
    """LoR 3.1: the VP that reach 30 end the game, and the words say who won."""
    g = wyrm_day(fear={6: SCARED}, wyrm_hand=("F#anvil",), score=(0, 29))
    act(g, "ZF#anvil")
    assert told(g) == ["Wyrm +2 VP: crafting Anvil.", "The Wyrm reaches 31 VP and wins!"]


def test_favor_removals_and_flight_are_told():
    """root-base-rules Favors / W-FOREST-1 / W-MP-5: the Favor of the Rabbits removes the Wyrm's
    pieces in rabbit clearings (its fear token scores 1 VP for the crafter) and sends the pawn
    from clearing 5 to its one forest; wyrmlings elsewhere stay."""
    from card_positions import blank, board, daylight, give
    g = board(blank(), workshop={5: 2, 3: 1}, wyrmlings={5: 1, 2: 1}, fear={10: 1}, pawn=5)
    g = daylight(give(g, MARQUISE, "R#favoroftherabbits"), MARQUISE)
    act(g, "ZR#favoroftherabbits")
    assert g.scores == (1, 0) and state(g)["wyrmlings"][1] == 1
    assert told(g) == ["The Wyrm loses a wyrmling in clearing 5 (Favor).",
                       "The Wyrm pawn flees clearing 5 to the forest 1_2_5_10.",
                       "The Wyrm loses a fear token in clearing 10 (Favor).",
                       "Marquise +1 VP: the Favor of the Rabbits removing buildings and tokens in clearing 10."]


# ---- what a viewer may see --------------------------------------------------------------------

def test_draw_events_name_the_card_only_to_the_drawer():
    """docs/architecture.md "Information": a card drawn is named to the seat that drew it and the
    referee only."""
    g = Game(first="marquise")
    g.apply(g.legal_actions()[0])                        # the first card of the deal: the Marquise's
    (e,) = g.last_events
    assert e.kind == "draw" and e.seat == MARQUISE
    name = narrate([e])[0]
    assert name.startswith("The Marquise draws ") and "hidden" not in name
    assert narrate(events_seen(g.last_events, MARQUISE)) == [name]
    assert narrate(events_seen(g.last_events, "referee")) == [name]
    for viewer in (WYRM, "public"):
        assert narrate(events_seen(g.last_events, viewer)) == ["The Marquise draws a hidden card."]
        assert fields(events_seen(g.last_events, viewer)[0])["card"] == "#?"


def test_events_are_no_part_of_the_state():
    """The core's struct stays the game: apply and apply_logged reach equal states."""
    a, b = _core.State(0), _core.State(0)
    rng = np.random.default_rng(5)
    for _ in range(300):
        if a.is_terminal():
            break
        acts = a.legal_actions()
        x = acts[int(rng.integers(len(acts)))]
        a.apply(x)
        assert isinstance(b.apply_logged(x), list)
        assert a == b and a.state_bytes() == b.state_bytes()


def test_a_search_in_another_thread_tells_nothing_to_the_applying_thread():
    """docs/architecture.md "Events": the sink is thread-local and set only by apply_logged, so a
    search running meanwhile (without the GIL, in another thread) adds no events to it."""
    import threading
    rng = np.random.default_rng(9)
    s, actions = _core.State(0), []
    while not s.is_terminal() and len(actions) < 400:
        acts = [a for a, _ in s.chance_outcomes()] or s.legal_actions()
        actions.append(acts[int(rng.integers(len(acts)))])
        s.apply(actions[-1])
    alone, s = [], _core.State(0)
    for a in actions:
        alone.append(s.apply_logged(a))
    g = Game(first="marquise")
    while g.current_player != 1 or g.step != "wyrm_daylight":
        g.apply(g.sample_chance(rng) if g.is_chance_node() else g.legal_actions()[0])
    search = _core.Search(g.state, seed=1)
    worker = threading.Thread(target=search.run, args=(20_000,))
    worker.start()
    together, s = [], _core.State(0)
    for a in actions:
        together.append(s.apply_logged(a))
    worker.join()
    assert together == alone and sum(map(len, alone)) > 50


# ---- front ends -------------------------------------------------------------------------------

def test_protocol_events_command_redacts_draws():
    """docs/protocol.md `events`: one JSON line per action, the other seat's draws masked."""
    buf = io.BytesIO()
    s = Session(Writer(buf), seed=3)

    def send(line):
        start = buf.tell()
        s.handle(line.encode())
        buf.seek(start)
        return buf.read().decode()

    out = send("1 events 2")
    assert out.startswith("=1 ")
    rows = [json.loads(l) for l in out[3:].strip().splitlines()]
    assert [r["index"] for r in rows] == [5, 6]
    assert all(r["by"] == "chance" and r["events"][0]["card"] == "#?" for r in rows)
    assert rows[0]["events"][0]["text"].endswith("draws a hidden card.")
    rows = [json.loads(l) for l in send("events 6 wyrm")[2:].strip().splitlines()]
    mine = [r["events"][0] for r in rows if r["events"][0]["seat"] == "wyrm"]
    theirs = [r["events"][0] for r in rows if r["events"][0]["seat"] == "marquise"]
    assert len(mine) == 3 and all(e["card"] != "#?" for e in mine)
    assert len(theirs) == 3 and all(e["card"] == "#?" for e in theirs)
    assert send("events 0").startswith("? syntax")
    assert send("events 2 nobody").startswith("? syntax")


def test_terminal_tells_every_vp_of_a_whole_game(tmp_path, monkeypatch):
    """Issue 10: a player can follow every VP from the screen alone: the "+N VP" lines of a whole
    `wyrm play` game add up to the final score of each side; `log` narrates too."""
    monkeypatch.chdir(tmp_path)
    script = "t_k->1\nb_s->1\n" + "1\n" * 3000
    r = CliRunner().invoke(main, ["play", "--seed", "11", "--level", "easy", "--record", "g.json"],
                           input=script, catch_exceptions=False)
    assert r.exit_code == 0, r.output
    final = re.search(r"Marquise (\d+) VP, Wyrm (\d+) VP", r.output)
    told_vp = {"Marquise": 0, "Wyrm": 0}
    for who, n in re.findall(r"\b(Marquise|Wyrm) \+(\d+) VP: ", r.output):
        told_vp[who] += int(n)
    assert (told_vp["Marquise"], told_vp["Wyrm"]) == (int(final.group(1)), int(final.group(2)))
    assert "reaches" in r.output and "and wins!" in r.output


# ---- fuzz: no VP and no removal goes untold ---------------------------------------------------

PIECES = [("warriors", MARQUISE, 0), ("wood", MARQUISE, 4), ("wyrmlings", WYRM, 6)]
SPENDING_KINDS = {"move", "terror", "build"}       # move or spend pieces: nothing is removed


def board_counts(d) -> dict:
    """(seat, piece, clearing) -> count on the map, from the state dict."""
    out = {}
    for field, seat, piece in PIECES:
        for c, n in enumerate(d[field]):
            out[seat, piece, c] = n
    for b in range(3):
        for c, n in enumerate(d["buildings"][b]):
            out[MARQUISE, 1 + b, c] = n
    for c in range(12):
        out[MARQUISE, 5, c] = int(d["keep"] == c)
        out[WYRM, 8, c] = int(d["fear"][c] != 0)
    return out


FUZZ_GAMES = 40


def test_fuzz_events_account_for_every_vp_and_removal():
    """LoR 3.1-3.2 / W-PY / W-FOREST-1: in seeded random games, after every action the VP events
    add up to each side's score change, the removal events to the pieces that left the map, the
    Lair events to the items lost, and a flee event to every pawn gone to a forest. The games
    between them tell every kind of event the checks are about."""
    seen = set()
    for seed in range(FUZZ_GAMES):
        seen |= check_game_events(seed)
    assert {"battle", "roll", "hits", "ravenous", "remove", "no_target", "lair", "flee", "vp",
            "draw", "reshuffle", "win"} <= seen, seen


def check_game_events(seed: int) -> set:
    rng = np.random.default_rng(seed)
    g = Game(first=seed % 2)
    before = g.state.to_dict()
    seen = set()
    for _ in range(20_000):
        if g.is_terminal():
            break
        step = g.step
        a = g.sample_chance(rng) if g.is_chance_node() else int(rng.choice(g.legal_actions()))
        g.apply(a)
        after = g.state.to_dict()
        evs = g.last_events
        vp = [0, 0]
        removed: dict = {}
        for e in evs:
            if e.kind == "vp":
                vp[e.seat] += e.amount
            if e.kind == "remove":
                key = (e.seat, e.arg, e.clearing)
                removed[key] = removed.get(key, 0) + e.amount
        assert vp == [after["score"][s] - before["score"][s] for s in (0, 1)], (g.record_lines()[-1], evs)
        spends = decode(a).kind in SPENDING_KINDS or step == "marquise_pay_wood"
        b0, b1 = board_counts(before), board_counts(after)
        gone = {k: b0[k] - b1[k] for k in b0 if b0[k] > b1[k]}
        if spends:
            assert not removed, evs
        else:
            assert gone == removed, (g.record_lines()[-1], evs)
        lost = sum(before["items"][WYRM]) - sum(after["items"][WYRM])
        assert sum(e.kind == "lair" for e in evs) == max(0, lost)
        flees = [e for e in evs if e.kind == "flee"]
        if before["pawn"] in range(12) and after["pawn"] >= 12:
            assert [(e.clearing, e.arg) for e in flees] == [(before["pawn"], after["pawn"] - 12)]
        else:
            assert not flees
        if g.is_terminal() and g.winner is not None:
            assert evs[-1].kind == "win" and evs[-1].seat == g.winner
        seen.update(e.kind for e in evs)
        before = after
    assert g.is_terminal()
    return seen
