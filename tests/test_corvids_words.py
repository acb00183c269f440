"""The Corvid Conspiracy in words (issue 34 item 4; wyrm_ai/model/action_words.py, chance_words.py):
every legal action at the Corvids' steps, and Exposure at every other seat's, has words of its own
(no kind name left bare), what `pass` ends there is said, an Exert says so, a plot whose type the
viewer may not know is "a plot", and the extortion's random card is asked in words at a real
table."""
from __future__ import annotations

from test_duchy_words import games as duchy_games
from wyrm_ai import _core
from wyrm_ai.model import action_words, chance_words
from wyrm_ai.model.actions import Action, decode, encode
from wyrm_ai.model.cards import card
from wyrm_ai.model.factions import CORVIDS, MARQUISE, WYRM

PCW = (CORVIDS, MARQUISE, WYRM)
ANVIL, ARMORERS = card("F#anvil").id, card("B#armorers").id
CORVID, PLOT = (_core.PIECE_NAMES.index(p) for p in ("corvid", "plot"))
BOMB, SNARE, EXTORTION, RAID = range(4)
STEPS = ("corvids_setup", "corvids_birdsong", "corvids_daylight", "corvids_evening", "exposure")


def games(mixes=(("corvids", "marquise", "wyrm"), ("eyrie", "corvids", "alliance")), seeds=range(2)):
    """Seeded random games (test_duchy_words.games) of tables seating the Corvids."""
    return duchy_games(mixes, seeds)


def test_lor_13_every_corvid_decision_has_words():
    """LoR 13.3-13.6 and 13.2.4: at every Corvid step (and every Exposure another seat may take) of
    seeded games, each legal action's words are plain English, not the bare kind name; no two of the
    Corvids' own actions read alike; `pass` says what it ends there; an action at the Evening step
    is an Exert; the step itself has words."""
    steps, exposures, exerts = set(), 0, 0
    for g in games():
        if g.is_terminal() or g.is_chance_node():
            continue
        seat, acts = g.current_player, g.legal_actions()
        for a in acts:
            if decode(a).kind == "expose":
                words = action_words.explain(a, seat, g.step, g.faction_ids, g.state)
                assert words.startswith("Exposure: guess the face-down plot in clearing"), words
                exposures += 1
        if g.step not in STEPS:
            continue
        steps.add(g.step)
        words = [action_words.explain(a, seat, g.step, g.faction_ids, g.state) for a in acts]
        assert all(w != decode(a).kind for a, w in zip(acts, words)), words
        own = [w for a, w in zip(acts, words) if decode(a).kind in action_words.CORVID_WORDS]
        assert len(set(own)) == len(own), (g.step, own)
        if g.step in action_words.PASS_WORDS and 0 in acts:
            assert words[acts.index(0)] == action_words.PASS_WORDS[g.step]
        if g.step == "corvids_evening":
            exerts += sum(1 for a, w in zip(acts, words) if a and w.startswith("Exert: "))
            assert all(w.startswith("Exert: ") for a, w in zip(acts, words) if a), words
        assert action_words.step_words(g.step) != g.step.replace("_", " ")
    assert set(STEPS) <= steps, set(STEPS) - steps
    assert exposures > 0 and exerts > 0


def test_lor_13_the_corvids_words():
    """The words of each Corvid action and of Exposure (LoR 13.3.2, 13.4.2-3, 13.5.2, 13.5.4,
    13.6.1, 13.2.4, 13.7.3)."""
    explain = action_words.explain
    assert explain(encode("cv_setup", 2), 0, "corvids_setup", PCW) == (
        "place a warrior in clearing 3 (setup: one in a clearing of each suit)")
    assert explain(encode("flip", 2), 0, "corvids_birdsong", PCW) == (
        "flip the plot in clearing 3 face up (1 VP per face-up plot, this one too), then a bomb or an extortion acts")
    assert explain(encode("cv_recruit", ANVIL, 0), 0, "corvids_birdsong", PCW) == (
        "Recruit: spend Anvil (fox), a warrior in every fox clearing")
    assert explain(encode("cv_recruit", ARMORERS, 1), 0, "corvids_birdsong", PCW) == (
        "Recruit: spend Armorers (bird), a warrior in every rabbit clearing")               # K-C5
    assert explain(encode("plot", 2, BOMB), 0, "corvids_daylight", PCW) == (
        "Plot: a bomb face down in clearing 3 (flipped, it removes every enemy piece in its clearing, then itself)")
    assert explain(encode("plot", 2, EXTORTION), 0, "corvids_daylight", PCW).startswith(
        "Plot: an extortion face down in clearing 3")
    assert explain(Action("plot", (2, None)), 0, "corvids_daylight", PCW) == "Plot: a plot face down in clearing 3"
    assert explain(encode("trick", 2, 6), 0, "corvids_daylight", PCW) == "Trick: swap the plots in clearings 3 and 7"
    assert explain(encode("trick", 2, 6), 0, "corvids_evening", PCW) == (                 # LoR 13.6.1
        "Exert: Trick: swap the plots in clearings 3 and 7 (then no Evening draw)")
    assert explain(encode("expose", 4), 1, "marquise_daylight", PCW) == (
        "Exposure: guess the face-down plot in clearing 5 (show a matching card and name its type next)")
    assert explain(encode("guess", ANVIL, RAID), 1, "exposure", PCW) == (
        "show Anvil (fox) and name a raid: right, you remove the plot (1 VP) and keep the card; "
        "wrong, the Corvids take it")
    assert explain(Action("guess", (None, SNARE)), 1, "exposure", PCW).startswith("show a hidden card and name a snare")
    assert explain(encode("steal", ANVIL), -1, "extortion", PCW) == "an extortion takes Anvil (fox) at random"
    assert explain(encode("remove", CORVID, 4), 0, "battle_hits", PCW) == "a hit removes the Corvid warrior in clearing 5"
    assert explain(encode("remove", PLOT, 4), 0, "battle_hits", PCW) == "a hit removes the plot in clearing 5"
    assert explain(0, 0, "corvids_birdsong", PCW) == "end Birdsong (on to Daylight)"
    assert explain(0, 0, "corvids_daylight", PCW) == "end Daylight (Evening: Exert or draw)"
    assert explain(0, 0, "corvids_evening", PCW).startswith("no Exert: draw for Evening")


def test_lor_13_the_words_count_from_the_state():
    """Given the state a choice is made in, Plot says what it costs (the n-th plot of a turn n
    warriors, LoR 13.5.2, trap K-T1) and Flip the VP it scores (one per face-up plot, this one too,
    LoR 13.4.2, trap K-T2)."""
    said = {"plot": set(), "flip": set()}
    for g in games(mixes=(("corvids", "marquise", "wyrm"),), seeds=range(1)):
        if g.is_terminal() or g.step not in ("corvids_daylight", "corvids_birdsong", "corvids_evening"):
            continue
        d = g.state.to_dict()
        up = sum(1 for c, n in enumerate(d["plots"]) if n and (d["plots_up"] >> c) & 1)
        for a in g.legal_actions():
            act = decode(a)
            words = action_words.explain(a, g.current_player, g.step, g.faction_ids, g.state)
            if act.kind == "plot":
                n = d["plotted"] + 1
                assert f"removes {n} warrior{'s' if n > 1 else ''}" in words, words
                said["plot"].add(n)
            elif act.kind == "flip":
                assert f"({up + 1} VP: one per face-up plot" in words, words
                said["flip"].add(up + 1)
    assert said["plot"] >= {1, 2} and said["flip"], said


def test_the_extortions_card_is_asked_in_words():
    """LoR 13.7.3: an extortion's random card is a chance event (`extortion`), asked at a real table
    (the engine's chance external) with the victim and its notation."""
    asked = 0
    for g in games():
        if not g.is_terminal() and g.is_chance_node() and g.step == "extortion":
            q = chance_words.question(g)
            assert q.startswith("An extortion (LoR 13.7.3)") and "'steal F#anvil'" in q
            assert any(f"the {g.title(s)}'s hand" in q for s in range(g.num_seats) if g.faction_ids[s] != CORVIDS)
            asked += 1
    assert asked > 0
