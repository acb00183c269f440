"""What each seat sees at a table with the Underground Duchy (issue 34; wyrm_ai/model/redaction.py):
their hand is hidden as any other (LoR 12), but a card they reveal (Build, the Foremole, Sway: LoR
12.5) lies face up until Evening -- the `reveal` action names it to every viewer and every view keeps
the revealed cards -- and then returns to the hand known to every seat (a revealed bird is discarded,
LoR 12.6.1); the card Dig or the Banker spends is public once played; the Price of Failure's random
card (LoR 12.2.3) is discarded face up, named to all once drawn; the Burrow, ministers, crowns and
buildings are board fields every view keeps."""
from __future__ import annotations

import numpy as np
import pytest

from mixes import new_game, players_for
from wyrm_ai import _core
from wyrm_ai.model.actions import decode
from wyrm_ai.model.cards import CARDS
from wyrm_ai.model.game import Game
from wyrm_ai.model.redaction import (HAND_CARD_ARG, PUBLIC, REFEREE, events_seen, knowledge, observe, record_seen,
                                     shown, steal_pair)

# the Duchy's board, public in every view (State.to_dict fields)
PUBLIC_FIELDS = ("moles", "citadels", "markets", "tunnels", "mole_supply", "tunnel_supply", "burrow", "duchy_revealed",
                 "ministers_used", "reveal_for", "reveal_at", "reveal_kind", "sway_minister")
MIXES = (("marquise", "duchy", "wyrm"), ("duchy", "wyrm"))


def played(mix, seed: int, visit=None) -> Game:
    g = new_game(mix, seed % len(mix), seed)
    rng, players = np.random.default_rng(seed), players_for(mix, seed)
    while not g.is_terminal():
        if visit:
            visit(g)
        seat = g.current_player
        g.apply(g.sample_chance(rng) if seat == _core.CHANCE else players[seat].choose(g))
    return g


def viewers(g: Game) -> list:
    return [*range(g.num_seats), PUBLIC, REFEREE]


@pytest.mark.parametrize("mix", MIXES, ids=("CDW", "DW"))
def test_lor_12_the_duchys_hand_is_hidden_and_their_board_public(mix):
    """LoR 12: at positions along a game, no viewer but the Duchy and the referee sees the Duchy's
    hand; the public's Knowledge holds none of it; the Duchy's board (the Burrow, buildings, tunnels,
    revealed cards, the reveal under way) is the referee's in every view."""
    dc = mix.index("duchy")
    checked = []

    def check(g):
        if len(g.record) % 17 or g.step == "deal":
            return
        full = g.state.to_dict()
        for v in viewers(g):
            obs = observe(g.state, v)
            if v in (dc, REFEREE):
                assert obs["hand"][dc] == list(full["hand"][dc]), v
            else:
                assert obs["hand"][dc] is None, v
            for k in PUBLIC_FIELDS:
                assert obs[k] == full[k], (v, k)
            if v == PUBLIC:
                assert not any(knowledge(obs).copies[dc])
        checked.append(len(g.record))

    played(mix, 21, visit=check)
    assert len(checked) >= 8


@pytest.mark.parametrize("mix", MIXES, ids=("CDW", "DW"))
def test_lor_12_revealed_spent_and_failed_cards_are_named_in_every_record(mix):
    """LoR 12.5 (revealed cards), 12.5.1 (Dig spends), 12.5.2 (the Banker spends), 12.2.3 (the Price
    of Failure's random card, face up): in the record as each viewer sees it (redaction.record_seen)
    these actions name their cards to every seat and the public, and their events likewise; a card
    drawn into the Duchy's hand stays hidden from the other seats."""
    dc = mix.index("duchy")
    kinds, hidden = set(), 0
    for seed in range(3):
        g = played(mix, seed)
        referee = record_seen(g, REFEREE)
        for v in (*range(g.num_seats), PUBLIC):
            for ref, mine in zip(referee, record_seen(g, v)):
                if ref.action.kind in ("reveal", "dig", "bank", "fail_card", "dc_build", "sway", "failure"):
                    assert mine == ref, (v, ref)
                    kinds.add(ref.action.kind)
                elif ref.action.kind == "draw" and ref.receiver == dc and v != dc:
                    assert mine.action.args[0] is None
                    hidden += 1
            for i, evs in enumerate(g.events):
                pair = steal_pair(g.record, g.record_seats, i, evs)
                for e, s in zip(evs, events_seen(evs, v, g.faction_ids, pair)):
                    if e.kind in ("reveal", "fail_discard", "dc_build", "tunnel", "sway", "failure"):
                        assert s == e
    assert {"reveal", "dig", "dc_build", "sway"} <= kinds and hidden > 0, kinds


def test_lor_12_6_1_revealed_cards_return_known_to_every_seat():
    """LoR 12.6.1 and 12.5: a card the Duchy revealed and took back in Evening (not a bird, which is
    discarded) is known to every other seat in the Duchy's hand (known[v][duchy], the core's), so
    when the Duchy later play it, every seat's view of that action names it (redaction.shown)."""
    returned = named = 0
    for seed in range(4):
        g = played(("marquise", "duchy", "wyrm"), seed)
        h = g.start()
        revealed: dict = {}
        for a, seat in zip(g.record, g.record_seats):
            act = decode(a)
            turn = h.state.turn
            h.apply(a)
            if act.kind == "reveal" and CARDS[act.args[0]].suit != "bird":
                revealed[act.args[0]] = revealed.get(act.args[0], 0) + 1
            if revealed and h.state.turn != turn and turn == 1:           # the Duchy's Evening is over
                hand = h.state.to_dict()["hand"][1]
                for t, n in revealed.items():
                    if hand[t]:
                        for v in (0, 2):
                            assert h.observation(v)["known"][v][1][t] >= 1, (seed, t, v)
                        returned += 1
                revealed = {}
        # each later action of the Duchy that spends a card every seat knew is named to them
        h = g.start()
        for a, seat in zip(g.record, g.record_seats):
            act = decode(a)
            if seat == 1 and act.kind in HAND_CARD_ARG and act.args[HAND_CARD_ARG[act.kind]] is not None:
                t = act.args[HAND_CARD_ARG[act.kind]]
                for v in (0, 2):
                    if h.observation(v)["known"][v][1][t] >= 1:
                        assert shown(a, 1, knowledge(observe(h.state, v))) == act
                        named += 1
            h.apply(a)
    assert returned > 0 and named > 0


def test_the_duchys_alternatives_are_hidden_from_the_other_seats():
    """What the AI weighed for the Duchy (the card to reveal, Dig's card, the Banker's) names a card
    to another viewer only when it knows a copy in the Duchy's hand (redaction.shown); the Duchy
    itself sees them all."""
    masked = seen = 0

    def check(g):
        nonlocal masked, seen
        if g.is_chance_node() or g.current_player != 1:
            return
        for a in g.legal_actions():
            act = decode(a)
            if act.kind in ("reveal", "dig", "bank"):
                assert shown(a, 1, knowledge(observe(g.state, 1))) == act
                for v in (0, 2, PUBLIC):
                    obs = observe(g.state, v)
                    t = act.args[HAND_CARD_ARG[act.kind]]
                    s = shown(a, 1, knowledge(obs))
                    knows = v != PUBLIC and obs["known"][v][1][t] > 0
                    assert (s == act) == knows, (v, act, s)
                    masked += s != act
                seen += 1

    for seed in range(2):
        played(("marquise", "duchy", "wyrm"), seed, visit=check)
    assert seen > 0 and masked > 0
