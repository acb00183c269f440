"""The Advanced Setup's hands (issue 32 item 2; docs/advanced-setup.md): five cards dealt to each
player (LoR 16.1.7), and once every faction has set up each keeps three, putting the others face
down on the deck, which is then shuffled (LoR 16.1.10). The faction draft and the front ends'
option come later; a game takes the setup as Game(setup=).""" 
from __future__ import annotations

import json

import numpy as np
import pytest

from wyrm_ai import _core
from wyrm_ai.model.errors import ConfigError
from wyrm_ai.model.game import Game
from wyrm_ai.model.redaction import PUBLIC, record_seen, seen_text
from wyrm_ai.model.setups import MIN_REACH, reach, reach_advice


def to_keep_three(g: Game, seed: int = 1) -> Game:
    rng = np.random.default_rng(seed)
    while g.step != "keep_three" and g.state.turn_number == 0:
        g.apply(g.sample_chance(rng) if g.current_player == _core.CHANCE else g.legal_actions()[0])
    return g


def test_the_advanced_setup_deals_five_and_each_player_keeps_three_after_faction_setup():
    """LoR 16.1.7: each player draws five; 16.1.10 (after the factions' setup, 16.1.8): each keeps
    three and puts two face down on the deck -- in turn order from the first player here."""
    g = to_keep_three(Game(first="wyrm", factions=("marquise", "eyrie", "wyrm"), setup="advanced"))
    assert g.setup == "advanced" and g.step == "keep_three"
    d = g.state.to_dict()
    assert d["hand_size"] == [5, 5, 5] and d["turn_number"] == 0
    assert d["keep"] >= 0 and d["pawn"] >= 0                  # every faction has set up
    deck = d["deck_size"]
    order = []
    while g.step == "keep_three":
        order.append(g.current_player)
        texts = g.legal_texts()
        assert all(t.endswith("->deck") for t in texts)
        g.apply(texts[0])
    assert order == [2, 2, 0, 0, 1, 1]                         # the Wyrm first: it plays first
    d = g.state.to_dict()
    assert d["hand_size"] == [3, 3, 3] and d["deck_size"] == deck + 6
    assert d["turn_number"] == 1 and d["turn"] == 2


def test_the_standard_setup_deals_three_and_asks_nothing():
    """LoR 5.1.3: three cards each, no card returned."""
    g = to_keep_three(Game())
    assert g.setup == "standard" and g.step != "keep_three"
    assert g.state.to_dict()["hand_size"] == [3, 3]


def test_the_cards_returned_are_seen_by_their_player_only():
    """LoR 16.1.10: face down on the deck; the other player, and a spectator, cannot tell which."""
    g = to_keep_three(Game(setup="advanced"))
    n = len(g.record)
    seat = g.current_player
    first = g.legal_texts()[0]
    g.apply(first)
    mine = [seen_text(e) for e in record_seen(g, seat)[n:]]
    theirs = [seen_text(e) for e in record_seen(g, 1 - seat)[n:]]
    public = [seen_text(e) for e in record_seen(g, PUBLIC)[n:]]
    assert first in " ".join(mine)
    assert first.split("->")[0] not in " ".join(theirs + public)


def test_a_bot_holds_no_hand_and_is_not_asked():
    """MM2 digest §2.2: the Mechanical Marquise holds no hand; only the players keep three."""
    g = to_keep_three(Game(first="wyrm", factions=("mechanical", "eyrie", "wyrm"), setup="advanced"))
    seats = set()
    while g.step == "keep_three":
        seats.add(g.current_player)
        g.apply(g.legal_actions()[0])
    assert seats == {1, 2} and g.state.to_dict()["hand_size"] == [0, 3, 3]


def test_a_setup_that_does_not_exist_is_refused_by_name():
    with pytest.raises(ConfigError, match="standard, advanced"):
        Game(setup="draft")


def test_a_save_keeps_its_setup_and_replays():
    g = to_keep_three(Game(setup="advanced"))
    g.apply(g.legal_actions()[0])
    back = Game.from_json(json.loads(json.dumps(g.to_json())))
    assert back.setup == "advanced" and back.state == g.state and back.record == g.record


def test_a_state_dict_from_before_the_advanced_setup_reads_as_the_standard_setup():
    d = Game().state.to_dict()
    del d["setup_mode"]
    assert _core.State.from_dict(d).setup_mode == 0


def test_reach_is_each_factions_summed_and_only_advice_LoR_5_2():
    """LoR 5.2 (docs/advanced-setup.md §2, C1-C3): Marquise 10, Eyrie 7, Alliance 3, Vagabond 5
    (a second one 2), the Wyrm 8 (W-MP-48), the bot as the Marquise; the least totals 17, 18,
    21, 25, 28 for 2-6 players. Below them the advice says so, and the game still sets up."""
    assert reach(("marquise", "wyrm")) == 18 and reach(("eyrie", "alliance", "vagabond")) == 15
    assert reach(("mechanical", "eyrie", "wyrm")) == 25
    assert reach(("marquise", "eyrie", "alliance", "vagabond", "wyrm", "mechanical")) == 43
    assert reach(("marquise", "vagabond", "vagabond")) == 17
    assert [MIN_REACH[n] for n in range(2, 7)] == [17, 18, 21, 25, 28]
    assert "below" not in reach_advice(("marquise", "wyrm"))
    low = reach_advice(("alliance", "vagabond"))
    assert "reach 8, below the 17" in low
    g = to_keep_three(Game(first="alliance", factions=("alliance", "vagabond"), setup="advanced"))
    assert g.step == "keep_three"
