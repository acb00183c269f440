"""The evaluation's `persistent` term (docs/calibration.md, "Persistent effects"; issue 32 item 5):
each persistent effect a seat crafted (LoR 4.1.3: a card in its play area), 0 by default so every
search is unchanged; a player weighing it (`w.persistent`) values a crafted effect."""
from __future__ import annotations

from wyrm_ai import _core

import copy


def test_persistent_effects_in_the_play_area_count_only_when_weighed():
    s = _core.State(factions=(0, 4))
    while s.turn_number == 0:
        s.apply(s.chance_outcomes()[0][0] if s.is_chance_node() else s.legal_actions()[0])
    deck = s.to_dict()["deck"]
    persistent = [t for t, c in enumerate(_core.CARDS) if c[3] == 2 and deck[t]][:2]   # K_PERSISTENT
    assert len(persistent) == 2

    def crafted(d):
        for t in persistent:                   # two persistent effects crafted (from the deck)
            d["deck"][t] -= 1
            d["deck_size"] -= 1
            d["play_area"][0][t] += 1
    d = copy.deepcopy(s.to_dict())
    crafted(d)
    t = _core.State.from_dict(d)
    assert _core.EVAL_WEIGHTS["persistent"] == 0.0
    assert _core.seat_worth_of(t, 0) == _core.seat_worth_of(s, 0)
    gained = _core.seat_worth_of(t, 0, {"persistent": 0.8}) - _core.seat_worth_of(s, 0, {"persistent": 0.8})
    assert abs(gained - 1.6) < 1e-9
    assert _core.seat_worth_of(t, 1, {"persistent": 0.8}) == _core.seat_worth_of(s, 1, {"persistent": 0.8})
