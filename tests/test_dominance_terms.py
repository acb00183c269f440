"""The evaluation's terms for a seat that activated a Dominance card (issue 31 item 3;
docs/evaluation.md): dominance_vp counts its VP, which no longer grow (LoR 3.3.1: activating
takes its score marker off the track), and dominance_near is 1 while it holds the card's goal
(it wins at the start of its next Birdsong unless someone breaks it). Both weigh 0 by default,
so the evaluation is as before until a player weighs them (w.dominance_vp=..., w.dominance_near=...)."""
import pytest

from wyrm_ai import _core

from card_positions import MARQUISE, blank, board, daylight, modify
from test_multiplayer_rules import FOX_RULE, activated, scores

VP = _core.FEATURE_NAMES.index("dominance_vp")
NEAR = _core.FEATURE_NAMES.index("dominance_near")
PROGRESS = _core.FEATURE_NAMES.index("dominance")


def fox_dominance(warriors):
    """The Marquise at 14 VP with the fox Dominance card activated and warriors on the map."""
    g = activated(daylight(board(blank(), warriors=warriors), MARQUISE), MARQUISE, "F#dominance")
    return scores(g, 14, 0)


def test_lor_3_3_1_the_terms_count_the_frozen_vp_and_a_held_goal():
    held = fox_dominance(FOX_RULE["warriors"])              # fox clearings 1, 6 and 8
    x = _core.features(held.state, MARQUISE)
    assert (x[PROGRESS], x[VP], x[NEAR]) == (3, 14, 1)
    short = fox_dominance({1: 1, 6: 1})
    x = _core.features(short.state, MARQUISE)
    assert (x[PROGRESS], x[VP], x[NEAR]) == (2, 14, 0)


def test_a_seat_that_has_not_activated_has_neither_term():
    g = scores(daylight(board(blank(), **FOX_RULE), MARQUISE), 14, 0)
    x = _core.features(g.state, MARQUISE)
    assert (x[PROGRESS], x[VP], x[NEAR]) == (0, 0, 0)


def test_both_weigh_nothing_by_default_and_what_a_player_gives_them():
    assert _core.EVAL_WEIGHTS["dominance_vp"] == 0.0 and _core.EVAL_WEIGHTS["dominance_near"] == 0.0
    g = fox_dominance(FOX_RULE["warriors"])
    before = _core.seat_worth_of(g.state, MARQUISE)
    assert _core.seat_worth_of(g.state, MARQUISE, weights={"dominance_vp": 0.0}) == before
    weighed = _core.seat_worth_of(g.state, MARQUISE, weights={"dominance_vp": -1.0, "dominance_near": 25.0})
    assert weighed == pytest.approx(before - 14 + 25)
