"""The Riverfolk Company in words (issue 33; wyrm_ai/model/action_words.py, narration.py,
chance_words.py): every legal action at the Riverfolk's steps and at every buyer's services has
words of its own (no kind name left bare), what `pass` ends there is said, every event of theirs
(services, funds moving between the boxes, trade posts, prices, Dividends) reads as a sentence, and
the Riverfolk's Draw is asked in words at a real table."""
from __future__ import annotations

import numpy as np

from mixes import new_game, players_for
from wyrm_ai import _core
from wyrm_ai.model import action_words, chance_words, narration
from wyrm_ai.model.actions import decode, encode
from wyrm_ai.model.cards import card
from wyrm_ai.model.events import Event
from wyrm_ai.model.factions import MARQUISE, RIVERFOLK, VAGABOND, WYRM

CRW = (MARQUISE, RIVERFOLK, WYRM)
VRW = (VAGABOND, RIVERFOLK, WYRM)
ANVIL, DOMINANCE = card("F#anvil").id, card("R#dominance").id
OTTER, POST = _core.PIECE_NAMES.index("otter"), _core.PIECE_NAMES.index("trade_post")
STEPS = ("riverfolk_setup", "riverfolk_prices", "riverfolk_daylight", "riverfolk_fund", "trade_disruption",
         "services", "service_items")


def games(mixes=(("marquise", "riverfolk", "wyrm"), ("vagabond", "riverfolk", "wyrm")), seeds=range(2)):
    """Seeded random games: (game, rng, players) before each action, game over at the end."""
    for mix in mixes:
        for seed in seeds:
            g = new_game(mix, seed % len(mix), seed)
            rng, players = np.random.default_rng(seed), players_for(mix, seed)
            while not g.is_terminal():
                yield g
                seat = g.current_player
                g.apply(g.sample_chance(rng) if seat == _core.CHANCE else players[seat].choose(g))
            yield g


def test_lor_11_every_riverfolk_decision_has_words():
    """LoR 11.3-11.6 and 11.2.6: at every Riverfolk step and every buyer's services of seeded games,
    each legal action's words are plain English, not the bare kind name; no two of the Riverfolk's
    own actions (or a buyer's services) read alike; `pass` says what it ends there."""
    steps = set()
    for g in games():
        if g.is_terminal() or g.step not in STEPS:
            continue
        steps.add(g.step)
        seat = g.current_player
        acts = g.legal_actions()
        words = [action_words.explain(a, seat, g.step, g.faction_ids, g.state) for a in acts]
        assert all(w != decode(a).kind for a, w in zip(acts, words)), words
        own = [w for a, w in zip(acts, words) if decode(a).kind in action_words.RIVERFOLK_WORDS]
        assert len(set(own)) == len(own), (g.step, own)
        if g.step in action_words.PASS_WORDS and 0 in acts:
            assert words[acts.index(0)] == action_words.PASS_WORDS[g.step]
        assert action_words.step_words(g.step) != g.step.replace("_", " ")
    assert set(STEPS) == steps, set(STEPS) - steps


def test_lor_11_the_riverfolks_words():
    """The words of each Riverfolk action (LoR 11.3.2, 11.3.5, 11.5.1-6, 11.6.2) and of the services
    (LoR 11.2.7); with the state known, a service names its price (LoR 11.2.6.I)."""
    explain = action_words.explain
    assert explain(encode("rf_recruit", 4), 1, "riverfolk_setup", CRW) == "place a warrior in river clearing 5"
    assert explain(encode("rf_recruit", 4), 1, "riverfolk_daylight", CRW) == (
        "Recruit (spends a fund): a warrior in river clearing 5")
    assert explain(encode("trade_post", 4), 1, "riverfolk_daylight", CRW) == (
        "Establish a rabbit trade post with a warrior in clearing 5, spending two funds of its ruler (VP)")
    assert explain(encode("price", 1, 2), 1, "riverfolk_prices", CRW) == "price Riverboats at 3"
    assert explain(encode("price", 0, 0), 1, "riverfolk_prices", CRW) == "price Hand Card at 1"
    assert explain(encode("rf_draw"), 1, "riverfolk_daylight", CRW) == "Draw a card (commits a fund)"
    assert explain(encode("export", ANVIL), 1, "riverfolk_daylight", CRW) == (
        "Export Anvil (fox) (commits its cost): discard it, a warrior into Payments")
    assert explain(encode("craft", ANVIL), 1, "riverfolk_daylight", CRW).startswith(
        "craft Anvil (commits 1 fund: 1 fox)")
    assert explain(encode("move", 0, 4, 0, 2), 1, "riverfolk_daylight", CRW) == (
        "move 2 warriors from 1 to 5 (commits a fund)")
    assert explain(encode("battle", 4, 0), 1, "riverfolk_daylight", CRW) == (
        "battle the Marquise in clearing 5 (commits a fund)")
    assert explain(encode("fund", 0), 1, "riverfolk_fund", CRW) == "commit or spend a fund of the Marquise"
    assert explain(encode("fund", 2), 1, "trade_disruption", CRW) == (
        "Trade Disruption: a fund of the Wyrm is removed (back to its supply)")
    assert explain(encode("buy_card", DOMINANCE), 0, "services", CRW) == (
        "Hand Card: take Dominance (rabbit) from the Riverfolk's hand")
    assert explain(encode("riverboats"), 0, "services", CRW) == "Riverboats: rivers are paths for you this turn"
    assert explain(encode("mercenaries"), 2, "services", CRW).startswith("Mercenaries: the Riverfolk's warriors")
    assert explain(encode("service_item", _core.VITEM_NAMES.index("tea")), 0, "service_items", VRW) == (
        "exhaust the tea toward the Riverfolk's price")
    assert explain(encode("remove", OTTER, 4), 1, "battle_hits", CRW) == "a hit removes the Riverfolk warrior in clearing 5"
    assert explain(encode("remove", POST, 4), 1, "battle_hits", CRW) == "a hit removes the trade post in clearing 5"
    assert explain(encode("remove", OTTER, 4), 0, "battle_hits", CRW) == (
        "a hit removes a mercenary (a Riverfolk warrior) in clearing 5")           # LoR 11.2.7.III.a
    assert explain(0, 1, "riverfolk_prices", CRW) == "keep the other prices (the turn ends)"
    assert explain(0, 0, "services", CRW) == "buy no more services (Birdsong goes on)"


def test_lor_11_2_6_a_services_words_name_its_price_from_the_state():
    """LoR 11.2.6.I: the price is paid in warriors from the buyer's supply; a Vagabond's in items
    (11.2.6.III): the words read the price off the state the action is chosen in."""
    seen = set()
    for g in games():
        if not g.is_terminal() and g.step == "services":
            d = g.state.to_dict()
            unit = "item" if g.faction_ids[g.current_player] == VAGABOND else "warrior"
            for a in g.legal_actions():
                kind = decode(a).kind
                if kind == "pass":
                    continue
                price = d["prices"][("buy_card", "riverboats", "mercenaries").index(kind)]
                words = action_words.explain(a, g.current_player, g.step, g.faction_ids, g.state)
                assert words.endswith(f"(pays {price} {unit}{'s' if price != 1 else ''})"), words
                seen.add(unit)
    assert seen == {"item", "warrior"}


def test_lor_11_every_riverfolk_event_reads_as_a_sentence():
    """Every event of the Riverfolk's (services LoR 11.2.6-7, funds moving LoR 11.4-11.5 and
    11.2.5.I, trade posts 11.5.6, prices 11.6.2, Dividends 11.4.2, a post's VP 11.5.6.III, their pieces
    removed) is one sentence, with the buyer, the owners of the funds and the suits named."""
    said: dict[str, list[str]] = {}
    for g in games():
        for e in g.last_events if g.record else ():
            key = e.kind if e.kind not in ("funds", "vp", "remove") else (
                f"funds:{_core.FUND_HOWS[e.arg]}" if e.kind == "funds" else
                f"vp:{_core.VP_REASONS[e.arg]}" if e.kind == "vp" else f"remove:{_core.PIECE_NAMES[e.arg]}")
            said.setdefault(key, []).append(narration.sentence(e))
    wanted = {"service", "price", "trade_post", "funds:protectionism", "funds:gather", "funds:commit",
              "funds:spend", "funds:payment", "vp:dividends", "vp:trade_post", "remove:otter", "remove:trade_post"}
    assert wanted <= set(said), wanted - set(said)
    for key in wanted:
        assert all(s.endswith(".") and s[0].isupper() for s in said[key]), said[key][:3]
    assert any(s.startswith("Protectionism: the Riverfolk put") for s in said["funds:protectionism"])
    assert any("of their own" in s for s in said["funds:commit"])
    assert any(s.startswith("Riverfolk +") and "Dividends on" in s for s in said["vp:dividends"])
    assert all(" trade post " in s for s in said["trade_post"])
    assert any("from the Riverfolk's hand" in s for s in said["service"])
    assert any("exhausting" in s and s.startswith("The Vagabond") for s in said["service"])
    assert any(s.startswith("The Riverfolk price ") for s in said["price"])


def test_narrations_sentences_of_the_riverfolks_events():
    """The sentences of the events the core emits for the Riverfolk (events.pxi E_SERVICE, E_FUNDS,
    E_TRADE_POST, E_PRICE), one by one."""
    def say(kind, seat, arg, amount=0, detail=-1, clearing=-1, table=CRW):
        return narration.sentence(Event(kind, seat, clearing, arg, amount, detail, table, ()))
    assert say("service", 0, 0, 3, DOMINANCE) == (
        "The Marquise buys Dominance (rabbit) from the Riverfolk's hand for 3 warriors.")
    assert say("service", 2, 2, 1) == "The Wyrm buys Mercenaries for 1 warrior."
    assert say("service", 0, 1, 2, table=VRW) == "The Vagabond buys Riverboats, exhausting 2 items."
    how = _core.FUND_HOWS.index
    assert say("funds", 1, how("spend"), 2, 0) == "The Riverfolk spend 2 funds of the Marquise."
    assert say("funds", 1, how("disrupt"), 1, 2) == "Trade Disruption: the Riverfolk lose 1 fund of the Wyrm."
    assert say("funds", 1, how("payment"), 1, 2) == "The Wyrm pays 1 warrior into the Riverfolk's Payments."
    assert say("funds", 1, how("export"), 1, 1) == "The Riverfolk export: a warrior into Payments."
    assert say("trade_post", 1, 1, 1, 1, clearing=4) == (
        "The Riverfolk establish a rabbit trade post in clearing 5 with a warrior, spending two funds of their own.")
    assert say("price", 1, 2, 4) == "The Riverfolk price Mercenaries at 4."


def test_the_riverfolks_draw_is_asked_in_words():
    """LoR 11.5.4: the Riverfolk's Draw is a chance event of the deck (`card_draw`), asked for the
    Riverfolk at a real table (the engine's chance external)."""
    asked = 0
    for g in games(mixes=(("marquise", "riverfolk", "wyrm"),), seeds=range(1)):
        if not g.is_terminal() and g.is_chance_node() and g.step == "card_draw" and g.state.turn == 1:
            assert chance_words.question(g).startswith("A card is drawn from the deck for the Riverfolk")
            asked += 1
    assert asked > 0
