"""A regression from the Alliance fuzz (issue 12): a seat owing several Outrages (ruling §10.8: one
card per sympathetic clearing entered) chooses the first card, pays the next with the single
matching card left (asked all the same: issue 29 item 5), and the last, with no matching card, becomes a blind draw onto
the stack (LoR 8.2.6, root-factions.md §7 trap 2). The game must go on to that draw, never stay
at the Outrage step with no payer (which read as a chance node)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from wyrm_ai import _core
from wyrm_ai.model.actions import decode
from wyrm_ai.model.cards import CARDS

POSITION = Path(__file__).parent / "data" / "outrage_chain_4seat.json"


def start() -> _core.State:
    """Seat 0 (the Wyrm) owes three mouse Outrages holding one mouse card and one bird card."""
    s = _core.State.from_dict(json.loads(POSITION.read_text()))
    d = s.to_dict()
    assert s.step == "outrage" and d["react_seat"] == 0 and d["outrage"][0] == [0, 0, 3]
    return s


@pytest.mark.parametrize("first_pick", [0, 1])
def test_chosen_then_forced_outrage_then_blind_draw(first_pick):
    """LoR 8.2.6, ruling §10.8: after the chosen payment the other card pays (asked with it as
    the only choice: the others cannot tell it is the last matching card, issue 29 item 5) and
    the third Outrage is the Alliance's blind deck draw; nothing is owed at that chance node."""
    s = start()
    choices = s.legal_actions()
    assert len(choices) == 2
    before = s.to_dict()
    s.apply(choices[first_pick])
    assert s.step == "outrage" and s.current_player == 0
    assert s.legal_actions() == [choices[1 - first_pick]]
    s.apply(choices[1 - first_pick])
    d = s.to_dict()
    assert s.step == "supporter_draw" and s.current_player == _core.CHANCE
    assert d["outrage"][0] == [0, 0, 0] and d["sup_to_draw"] == 1 and d["react_seat"] == -1
    paid = {decode(a).args[0] for a in choices}
    for t in range(len(CARDS)):
        lost = before["hand"][0][t] - d["hand"][0][t]
        gained = d["supporters"][t] - before["supporters"][t]
        assert lost == gained == (1 if t in paid else 0), CARDS[t].token
    assert _core.State.from_dict(d) == s          # a valid position (no payer-less Outrage step)
