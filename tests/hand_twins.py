"""A game's twin that differs only in one card of a hand no other seat knows of (the redaction
tests of the front ends: tests/test_lizards_fronts.py, tests/test_riverfolk_fronts.py)."""
from __future__ import annotations

import json

from wyrm_ai import _core
from wyrm_ai.model.cards import CARDS
from wyrm_ai.model.game import Game


def hidden_twin(g: Game, holder: int):
    """g with one card of holder's hand that no other seat knows of traded for a deck card of
    another suit (a game the other seats cannot tell from g, were that hand hidden), or None."""
    d = g.state.to_dict()
    hand = d["hand"][holder]
    secret = [t for t in range(len(hand))
              if hand[t] > max(d["known"][o][holder][t] for o in range(d["nseats"]) if o != holder)]
    for give in secret:
        for take in range(len(hand)):
            if take != give and d["deck"][take] > 0 and CARDS[take].suit != CARDS[give].suit:
                e = json.loads(json.dumps(d))
                e["hand"][holder][give] -= 1
                e["hand"][holder][take] += 1
                e["deck"][give] += 1
                e["deck"][take] -= 1
                twin = g.clone()
                try:
                    twin.state = _core.State.from_dict(e)
                except _core.WyrmError:
                    continue
                return twin
    return None
