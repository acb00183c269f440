"""The Voracious Wyrm at a table with the Corvid Conspiracy: the rulings W-MP-25..W-MP-29
(shared/reference/root-factions-corvid-marauder.md §2.7; docs/duchy-corvids.md §5 "The Wyrm and the
Corvids"), one test or more per ruling, each naming its id and the Law's numbers (LoR 13 the
Corvids; the Wyrm's W-… clauses).

Positions and actions go through the core's State API and action ints (tests/corvid_positions.py).
Seats: the table (Marquise, Corvids, Wyrm): CAT 0, CV 1, WY 2, the Keep in 1."""
from __future__ import annotations

from wyrm_ai import _core

from corvid_positions import (NCL, PASS, cv_bird, cv_position, expose, flip, guess, kinds, played, st, steal,
                              three_table)
from duchy_positions import drive_battle
from lizard_positions import MAX_SEATS, battle, cid, move

CAT, CV, WY = 0, 1, 2


def _base(kw):
    kw.setdefault("keep", 1)
    kw.setdefault("warriors", {1: 1})
    return kw


def wyrm_day(**kw):
    """(Marquise, Corvids, Wyrm) at the Wyrm's Daylight."""
    return cv_position(three_table(), at=(WY, "wyrm_daylight"), **_base(kw))


def terrors(s) -> set[tuple[int, int, int]]:
    """Legal Terrorize moves as (from, to, seat whose warrior moves), clearing numbers."""
    out = set()
    for x in kinds(s, "terror"):
        f, x = x % MAX_SEATS, x // MAX_SEATS
        out.add((x // NCL + 1, x % NCL + 1, f))
    return out


# ---- W-MP-25: a bomb where the Wyrm has pieces (LoR 13.7.1; W-MP-5) ------------------------------

def test_W_MP_25_a_bomb_removes_wyrmlings_and_fear_scores_the_fear_and_sends_the_pawn_to_a_forest():
    """W-MP-25 (LoR 13.7.1, 9.2.2.I; W-MP-5, W-FOREST-1): a bomb flipped in 5 where the Wyrm has two
    wyrmlings, a fear token and its pawn: the wyrmlings and the fear token are removed (1 VP to the
    Corvids for the token), the pawn flees to an adjacent forest the Wyrm picks, no Lair item is
    lost; then the bomb leaves."""
    s = cv_bird(three_table(), CV, **_base(dict(corvids={5: 1}, plots={5: "bomb"}, wyrmlings={5: 2}, pawn=5,
                                                fear={5: 1})))
    lair = list(st(s)["items"][WY])
    before = st(s)["score"][CV]
    played(s, flip(5))
    if s.step == "battle_forest":
        assert s.current_player == WY
        s.apply(s.legal_actions()[0])
    d = st(s)
    assert d["wyrmlings"][4] == 0 and d["fear"][4] == 0 and d["pawn"] >= NCL
    assert d["score"][CV] - before == 1 + 1                  # the flip (one face-up plot), the fear token
    assert list(d["items"][WY]) == lair and d["plots"][4] == 0 and s.step == "corvids_birdsong"


# ---- W-MP-26: Ravenous and Embedded Agents (LoR 13.2.5; W-RAV-2) ---------------------------------

def test_W_MP_26_ravenous_may_ignore_the_embedded_agents_hit():
    """W-MP-26 (LoR 13.2.5; W-RAV-1): the Wyrm attacks the Corvids' warrior and face-down plot in 5
    with its pawn; it rolls 2 hits on the Corvids and they roll none: the Embedded Agents hit is
    dealt with the rolled hits, and Ravenous ignores it (one hit per rolled hit it lands)."""
    s = wyrm_day(corvids={5: 1}, plots={5: "snare"}, wyrmlings={}, pawn=5)
    played(s, battle(5, CV))
    drive_battle(s, "wyrm_daylight", roll=(2, 0))
    d = st(s)
    assert d["pawn"] == 4 and d["corvids"][4] == 0 and d["plots"][4] == 0


# ---- W-MP-27: a lone pawn or fear token (LoR 13.2.4, 13.7.3; G.10) --------------------------------

def test_W_MP_27_a_lone_fear_token_lets_the_wyrm_expose():
    """W-MP-27 (LoR 13.2.4, G.10): the Wyrm with only a fear token in 5 (its pawn in 2), holding a
    rabbit card: it may Expose the face-down plot in 5."""
    s = wyrm_day(corvids={}, plots={5: "raid"}, wyrmlings={2: 1}, pawn=2, fear={5: 1},
                 hands={WY: ["R#bakesale"]})
    assert 5 - 1 in kinds(s, "expose")
    played(s, expose(5))
    played(s, guess("R#bakesale", "raid"))
    assert st(s)["plots"][4] == 0 and s.step == "wyrm_daylight"


def test_W_MP_27_a_lone_pawn_makes_the_wyrm_an_extortions_victim():
    """W-MP-27 (LoR 13.7.3): an extortion flipped in 5 where the Wyrm has only its pawn: a card at
    random from the Wyrm's hand."""
    s = cv_bird(three_table(), CV, **_base(dict(corvids={5: 1}, plots={5: "extortion"}, wyrmlings={}, pawn=5,
                                                hands={WY: ["M#sword"]})))
    played(s, flip(5))
    assert s.step == "extortion" and s.legal_actions() == [steal("M#sword")]
    s.apply(steal("M#sword"))
    assert st(s)["hand"][CV][cid("M#sword")] == 1 and st(s)["hand_size"][WY] == 0


# ---- W-MP-28: what a face-up snare stops for the Wyrm (LoR 13.7.2) --------------------------------

def test_W_MP_28_a_snare_stops_the_pawn_and_wyrmlings_leaving_and_the_fear_action():
    """W-MP-28 (LoR 13.7.2; W-ACT-FEAR): the pawn and a wyrmling in 5 under a face-up snare: no move
    out of 5, no Fear action there; entering a snared clearing is allowed (a wyrmling from 2 to 5)."""
    s = wyrm_day(corvids={}, plots={5: ("snare", True)}, wyrmlings={5: 1, 2: 1}, pawn=5)
    froms = {(x // 26 // 2) // NCL + 1 for x in kinds(s, "move")}
    tos = {(x // 26 // 2) % NCL + 1 for x in kinds(s, "move") if (x // 26 // 2) // NCL + 1 == 2}
    assert 5 not in froms and 5 in tos
    assert kinds(s, "fear") == []
    s2 = wyrm_day(corvids={}, plots={5: "snare"}, wyrmlings={5: 1}, pawn=5)   # face down: nothing stopped
    assert 5 - 1 in kinds(s2, "fear") and 5 in {(x // 26 // 2) // NCL + 1 for x in kinds(s2, "move")}


# ---- W-MP-29: Terrorize and the snare (LoR 13.7.2; W-ACT-TERROR) ---------------------------------

def test_W_MP_29_terrorize_moves_no_enemy_of_the_corvids_out_of_a_snare_but_a_corvid_and_into_one():
    """W-MP-29 (LoR 13.7.2, 1.5.5; W-ACT-TERROR): fear in 5 under a face-up snare with a cat, a
    wyrmling and a Corvid warrior: only the Corvid warrior may be Terrorized out; fear in 2 next to
    the snared 5: a cat may be pushed into 5."""
    s = wyrm_day(corvids={5: 1}, plots={5: ("snare", True)}, warriors={1: 1, 5: 1, 2: 1}, wyrmlings={5: 1, 2: 1},
                 pawn=2, fear={5: 1, 2: 1})
    ts = terrors(s)
    assert {f for a, b, f in ts if a == 5} == {CV}
    assert (2, 5, CAT) in ts
