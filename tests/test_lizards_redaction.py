"""What a viewer may see at a table with the Lizard Cult (issue 33; wyrm_ai/model/redaction.py,
docs/architecture.md "Information"): the Cult's hand is hidden as any hand, but the Lost Souls pile,
the cards revealed for rituals, the Outcast and its side and the acolytes lie face up (LoR 10.2.6,
10.5) and every view keeps them; a ritual's card is named once played and masked among the AI's
alternatives unless the viewer knows a copy; Fear of the Faithful's random card is discarded face
up, so every record and event names it. Twins that differ only in cards hidden from a seat give it
identical views (the pair tests at 3+ seats: tests/test_fairness_nseat.py's Cult tables)."""
from __future__ import annotations

import json

import numpy as np
import pytest

from test_redaction import fake_report, hidden_swaps, seat_views
from wyrm_ai import _core
from wyrm_ai.ai.players import RandomPlayer
from wyrm_ai.model.actions import decode, encode
from wyrm_ai.model.cards import BY_TOKEN, CARDS
from wyrm_ai.model.game import Game
from wyrm_ai.model.notation import MASK
from wyrm_ai.model.redaction import (PUBLIC, REFEREE, events_seen, knowledge, observe, record_seen, report_view,
                                     shown_text)
from wyrm_ai.protocol.views import state_view

CHANCE = _core.CHANCE
NCT = len(CARDS)
PUBLIC_ZONES = ("lost_souls", "revealed", "outcast", "hated", "acolytes", "lizards", "gardens", "lizard_supply")


def cult_games(mix, n_games: int, seed0: int = 600):
    """Finished seeded random games of a two-seat Cult table (the Cult at seat 0)."""
    for seed in range(seed0, seed0 + n_games):
        g = Game(first=seed % 2, factions=mix)
        rng = np.random.default_rng(seed)
        players = {0: RandomPlayer(seed + 1), 1: RandomPlayer(seed + 2)}
        while not g.is_terminal():
            seat = g.current_player
            g.apply(g.sample_chance(rng) if seat == CHANCE else players[seat].choose(g))
        yield g


def positions(mix, n_games: int, every: int):
    """Positions along them, every few actions, that State.from_dict takes back (the twins are made
    through it; a position it refuses is the fuzz's failure, tests/test_fuzz.py, not a view's)."""
    for g in cult_games(mix, n_games):
        for n in range(0, len(g.record), every):
            p = Game.replay(g.first, g.record[:n], g.factions)
            try:
                _core.State.from_dict(p.state.to_dict())
            except _core.WyrmError:
                continue
            if p.step != "deal":
                yield p


def cult_card_actions(g: Game) -> list[int]:
    """An action list naming every card in each way a Cult action names one, and the legal actions."""
    ways = [lambda t: encode("lz_score", t), lambda t: encode("sacrifice", t),
            lambda t: encode("lz_build", 0, t), lambda t: encode("lz_recruit", 3, t), lambda t: encode("discard", t)]
    return [ways[(t + k) % len(ways)](t) for t in range(NCT) for k in (0, 2)] + g.legal_actions()


@pytest.mark.parametrize("mix", [("lizards", "eyrie"), ("lizards", "wyrm")], ids=("LE", "LW"))
def test_views_of_a_cult_game_depend_only_on_what_the_viewer_may_know(mix):
    """LoR 1.2 with the Cult: twins that differ only in an unknown card of the hidden hand (the
    Cult's, for the other seat; the other's, for the Cult) or between the hands (PUBLIC) give that
    viewer the same board, observation, state view, legal list and redacted search texts."""
    rng = np.random.default_rng(8)
    compared = {0: 0, 1: 0, PUBLIC: 0}
    for g in positions(mix, 3, every=23):
        acts = cult_card_actions(g)
        public = (json.dumps(state_view(g, "public")), observe(g.state, PUBLIC))
        for viewer in (0, 1, PUBLIC):
            for twin in hidden_swaps(g, viewer, rng):
                if viewer == PUBLIC:
                    assert public == (json.dumps(state_view(twin, "public")), observe(twin.state, PUBLIC))
                else:
                    assert seat_views(g, viewer, acts) == seat_views(twin, viewer, acts)
                compared[viewer] += 1
    assert min(compared.values()) > 20, compared


def test_the_cults_public_zones_are_in_every_view_and_its_hand_is_not():
    """LoR 10.2.6, 10.5: every viewer's observation holds the Lost Souls pile, the revealed cards,
    the Outcast, its side and the acolytes as the referee's does; the Cult's hand only the Cult's."""
    seen_zones = 0
    for g in positions(("lizards", "eyrie"), 2, every=17):
        full = observe(g.state, REFEREE)
        for viewer in (0, 1, PUBLIC):
            obs = observe(g.state, viewer)
            assert {k: obs[k] for k in PUBLIC_ZONES} == {k: full[k] for k in PUBLIC_ZONES}
            assert (obs["hand"][0] is not None) == (viewer == 0)
        seen_zones += any(full["lost_souls"]) or any(full["revealed"])
    assert seen_zones > 3


def test_a_ritual_card_is_masked_among_the_alternatives_unless_known():
    """A ritual's card spent or revealed from the Cult's hand (Build, Recruit, Score, Sacrifice)
    is a hand card: among the AI's alternatives it is #? to a seat that knows no copy of it, named
    to one that does, and named once played (face up)."""
    anvil, armorers = BY_TOKEN["f#anvil"].id, BY_TOKEN["b#armorers"].id
    g = next(positions(("lizards", "eyrie"), 1, every=40))
    obs = observe(g.state, 1)
    obs["known"][1][0] = [0] * NCT
    know = knowledge(obs)
    build, score, sacrifice = encode("lz_build", 0, anvil), encode("lz_score", anvil), encode("sacrifice", armorers)
    assert shown_text(build, 0, know) == f"{MASK}^/b_f->1"
    assert shown_text(score, 0, know) == f"score {MASK}"
    assert shown_text(sacrifice, 0, know) == f"{MASK}^/w->$"
    obs["known"][1][0][anvil] = 1
    assert shown_text(build, 0, knowledge(obs)) == "F#anvil^/b_f->1"
    r = report_view(fake_report(g, 0, [score, build]), know, played=True)     # Score played face up
    assert r.best.args == (anvil,)


def test_fear_of_the_faithful_and_the_rituals_are_named_to_every_viewer():
    """LoR 10.2.5: the random card is discarded face up (into Lost Souls): every viewer's record
    line and events name it, as the rituals' cards (LoR 10.5); a draw stays the drawer's."""
    faithful = rituals = 0
    for g in cult_games(("lizards", "eyrie"), 6, seed0=640):
        for viewer in (0, 1, PUBLIC):
            for e, a, evs in zip(record_seen(g, viewer), g.record, g.events):
                kind = decode(a).kind
                if kind in ("faithful", "lz_build", "lz_recruit", "lz_score", "sacrifice"):
                    assert e.action == decode(a), (viewer, kind)
                    faithful += kind == "faithful"
                    rituals += kind != "faithful"
                    for full, shown in zip(evs, events_seen(evs, viewer, g.faction_ids)):
                        if full.kind in ("faithful", "ritual"):
                            assert shown == full
    assert faithful > 0 and rituals > 0
