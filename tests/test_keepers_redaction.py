"""What each seat sees at a table with the Keepers in Iron (issue 35; wyrm_ai/model/redaction.py;
docs/hundreds-keepers.md I-C1, I-C8): the Keepers add nothing hidden -- their warriors, waystations and
faces, the relics' places and face-up values, the Retinue and the turn's bookkeeping are public in
every observation, and a face-down relic's value is in no state at all (LoR 15.2.1, I-2, trap I-T1:
no one knows it, the Keepers included; the delve's flip draws it, the chance `relic_value`, I-C1), so
no view can show it; the value drawn is public at once. Every hand is hidden as any (LoR 1.2), the
Keepers' included: two states differing only in a hidden card give a seat the same views; a card the
Keepers spend on Recruit or put into the Retinue is public once played (HAND_CARD_ARG)."""
from __future__ import annotations

import json

import pytest

from hand_twins import hidden_twin
from keepers_views import KI_MIXES, TABLE, games, keepers_seat
from mixes import mix_id, random_positions
from wyrm_ai import _core
from wyrm_ai.model import keepers_facts
from wyrm_ai.model.actions import decode
from wyrm_ai.model.redaction import (PUBLIC, REFEREE, events_seen, knowledge_of, observe, public_hand, record_seen,
                                     seen_text, shown)
from wyrm_ai.protocol.views import seat_keys, state_view

# the Keepers' fields of the state dict (serialize.pxi: `keepers` to `eve_mode`), public to all
KI_STATE = ("keepers", "waystations", "relics", "keeper_supply", "relic_at", "relic_value", "way_at", "way_face",
            "retinue", "retinue_column", "retinue_used", "ki_stage", "ki_column", "slot_now", "act_at", "delve_forest",
            "delve_relic", "encamped", "decamped", "carry_from", "carry_to", "carry_left", "eve_mode")
FACTS = ("waystations", "relics", "retinue", "retinue_used", "recovered", "columns", "crafting", "draws",
         "ruled_around_forest", "ruled_of_suit", "recoverable", "face_down_values", "phase", "birdsong_stage",
         "encamped", "decamped", "column", "acting", "delve", "carry", "trophies", "gather", "supply")


def viewers(g) -> list:
    return [*range(g.num_seats), PUBLIC]


def view_names(g) -> list:
    return [*seat_keys(g), PUBLIC]


@pytest.mark.parametrize("mix", KI_MIXES, ids=mix_id)
def test_lor_15_the_keepers_board_is_public_and_every_other_hand_hidden(mix):
    """LoR 15 (I-C8: the Retinue face up; I-3: the waystations' faces; I-C1: no hidden value) at
    positions along seeded games: every seat's and the public's observation holds the Keepers' fields
    and the checks' numbers (`relic_checks`) as the referee's, their board read alike by every viewer
    (keepers_facts) and the state JSON's `keepers` object the same for every seat; the deck is a count
    only, and every hand but the viewer's own (and the Riverfolk's, face up: LoR 11.2.3) is hidden,
    the Keepers' as any (LoR 1.2)."""
    checked = 0
    every = {3: 13, 4: 23, 5: 37, 6: 47}[len(mix)]
    for g in random_positions(mix, 2, every, 11):
        full = observe(g.state, REFEREE)
        table = g.faction_ids
        facts = objects = None
        for v, name in zip(viewers(g), view_names(g)):
            obs = observe(g.state, v)
            for k in KI_STATE + ("relic_checks",):
                assert obs[k] == full[k], (v, k)
            assert isinstance(obs["relics"], list) and len(obs["relics"]) == _core.NUM_CLEARINGS
            assert "deck" not in obs and obs["deck_size"] == full["deck_size"]
            for h in range(g.num_seats):
                assert (obs["hand"][h] is not None) == (h == v or public_hand(h, table)), (v, h)
            board = {f: getattr(keepers_facts, f)(obs) for f in FACTS}
            assert facts is None or board == facts, v
            facts = board
            z = json.loads(json.dumps(state_view(g, name)))["keepers"]
            assert objects is None or z == objects, name
            objects = z
            checked += 1
    assert checked > 40, checked


def test_i_c1_no_view_shows_a_face_down_value_and_a_flip_is_public():
    """LoR 15.2.1, 15.3.1 (I-2, trap I-T1, I-C1): a face-down relic has no value in the state, so every
    view's `keepers.relics` holds null for it, the Keepers' own included, and the referee's too; at a
    delve's flip (the chance `relic_value`) the outcomes are the values of its type not yet face up at
    their odds -- the same in every view (`face_down_values`) -- and the value drawn is public at once:
    its record line and its `relic_value` event read the same in every view and name it, and every
    view's relic shows it."""
    flips = 0
    for g in games(TABLE, range(1, 6)):
        h = g.start()
        for i, a in enumerate(g.record):
            if h.step == "relic_value":
                d = h.state.to_dict()
                r = d["delve_relic"]
                assert r >= 0 and d["relic_value"][r] == 0
                names = [*seat_keys(h), PUBLIC, REFEREE]
                objs = [json.loads(json.dumps(state_view(h, n)))["keepers"] for n in names]
                assert all(o == objs[0] for o in objs)
                for o in objs:
                    assert all(rel["value"] is None for q, rel in enumerate(o["relics"]) if d["relic_value"][q] == 0)
                left = objs[0]["face_down_values"][objs[0]["relics"][r]["type"]]
                odds = {decode(x).args[0] + 1: p for x, p in h.chance_outcomes()}
                assert odds == pytest.approx({v: left.count(v) / len(left) for v in set(left)})
                h.apply(a)
                value = decode(a).args[0] + 1
                lines = {seen_text(record_seen(h, v)[i]) for v in (*viewers(h), REFEREE)}
                assert len(lines) == 1
                evs = h.events[i]
                told = [e for e in evs if e.kind == "relic_value"]
                assert told and told[0].amount == value and told[0].arg == r
                assert all(events_seen(evs, v, h.faction_ids) == tuple(evs) for v in viewers(h))
                assert all(json.loads(json.dumps(state_view(h, n)))["keepers"]["relics"][r]["value"] == value
                           for n in names)
                flips += 1
                continue
            h.apply(a)
    assert flips > 5, flips


@pytest.mark.parametrize("mix", KI_MIXES[:3], ids=mix_id)
def test_views_of_states_differing_only_in_hidden_cards_are_equal(mix):
    """LoR 1.2 (a hand is hidden), I-C8 (the Retinue is no hand): at positions along seeded games, a
    state whose only change is a card of one seat's hand that no other seat knows of (traded with a
    deck card: tests/hand_twins.py) gives every other seat and the public the same observation and the
    same `state` JSON, the `keepers` object included; the Keepers' own hand is hidden as any."""
    compared, keepers_hand = 0, 0
    every = {3: 17, 4: 29, 5: 41}[len(mix)]
    for g in random_positions(mix, 2, every, 31):
        if g.is_terminal() or g.is_chance_node():
            continue
        for holder in range(g.num_seats):
            if public_hand(holder, g.faction_ids):
                continue
            twin = hidden_twin(g, holder)
            if twin is None:
                continue
            for v, name in zip(viewers(g), view_names(g)):
                if v == holder:
                    continue
                assert json.dumps(observe(g.state, v), sort_keys=True) == json.dumps(observe(twin.state, v), sort_keys=True)
                a, b = state_view(g, name), state_view(twin, name)
                assert json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True), (name, holder)
                compared += 1
            keepers_hand += holder == keepers_seat(g)
    assert compared > 30 and keepers_hand > 3, (compared, keepers_hand)


def test_a_card_into_the_retinue_or_spent_on_recruit_is_public_once_played():
    """LoR 15.4.3 (I-17: Recruit spends a card), 15.6.2 (I-30: Gather Retinue puts a hand card face up
    into the Retinue; I-C8): once played, its card is named in every view's record line; among the
    alternatives a search weighed (redaction.shown), the card of a `retinue_add` or `ki_recruit` is
    named only to a viewer who knows a copy in the Keepers' hand."""
    played = masked = 0
    for g in games(TABLE, range(1, 5)):
        h = g.start()
        ks = keepers_seat(g)
        for i, a in enumerate(g.record):
            act = decode(a)
            if act.kind in ("retinue_add", "ki_recruit"):
                for v in viewers(h):
                    know = knowledge_of(h, v)
                    alt = shown(a, ks, know)
                    knows = v == ks or know.copies[ks][act.args[0]] > 0
                    assert (alt.args[0] is None) == (not knows), (v, act)
                    masked += not knows
                h.apply(a)
                lines = {seen_text(record_seen(h, v)[i]) for v in (*viewers(h), REFEREE)}
                assert len(lines) == 1, lines
                played += 1
                continue
            h.apply(a)
    assert played > 10 and masked > 5, (played, masked)
