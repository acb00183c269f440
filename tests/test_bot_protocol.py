"""The Mechanical Marquise at the engine protocol and at a real table (issue 14; docs/protocol.md,
protocol 2.5): its options (setoption bot_variant, difficulty, traits), its board in the state
JSON, the chance events a person supplies with `setoption chance external` (asked in words, every
listed outcome read back) and what it did, told by `events`; its order card is face up for all."""
from __future__ import annotations

import json

import numpy as np
import pytest

from wyrm_ai.game import Game
from wyrm_ai.redaction import PUBLIC, record_seen, seen_text
from test_protocol import Harness

BOT = "mechanical-marquise"


def _to_first_order(game: Game, rng) -> None:
    """Play game (random choices, sampled chance) until the bot's order card is revealed."""
    while not any(e.kind == "order" for e in game.last_events):
        game.apply(game.sample_chance(rng) if game.is_chance_node()
                   else game.legal_actions()[rng.integers(len(game.legal_actions()))])


def test_mm2_5_the_order_card_is_face_up_in_every_view():
    """MM2 §5: the bot reveals the top card of the deck as its order card, face up, so the record
    line of that chance outcome names the card in every seat's view and the public one (it is no
    hidden draw: no hand gets it)."""
    game = Game("wyrm", ("marquise", BOT, "wyrm"))
    _to_first_order(game, np.random.default_rng(2))
    order = game.record_lines()[-1]
    assert order.startswith("?: draw ") and "#?" not in order
    for viewer in (*game.factions, PUBLIC):
        assert seen_text(record_seen(game, viewer)[-1]) == order, viewer
    hidden = [seen_text(e) for e in record_seen(game, PUBLIC)[:6]]        # the deal stays hidden
    assert sorted(hidden) == ["?: draw (marquise)"] * 3 + ["?: draw (wyrm)"] * 3
