"""Fairness at every seat of every seat table (issue 11): two states that differ only in cards
hidden from seat v (another hand's unknown cards, the deck) give seat v the same observation and
views, the same determinizations, the same heuristic choices and the same searches.

Hidden information (LoR 1.2, "hands are hidden"; the deck's order is unknown): a seat sees its own
hand, the discard pile, the play areas and the board, and of every other hand only its size and
what it was shown (known[v][h]: Codebreakers, a stolen card). The twins here trade a copy of a
card nobody but its holder knows either with a deck card of another type, or (three seats and
more, and for PUBLIC) with another such card of a second hidden hand; and, for every seat but the
Woodland Alliance, a card of the face-down Supporters stack (LoR 8.2.3) that no seat knows of
traded with a deck card. tests/test_redaction.py and
tests/test_planner.py hold the two-seat versions with every view of `wyrm play` and the engine.
"""
from __future__ import annotations

import json

import numpy as np
import pytest

from wyrm_ai import _core
from wyrm_ai.model import maps
from wyrm_ai.model.cards import CARDS
from wyrm_ai.model.factions import ALLIANCE
from wyrm_ai.model.game import HAND_PROMPTS, Game
from wyrm_ai.ai.planner import Budget, search
from wyrm_ai.protocol.views import seat_keys, state_view
from wyrm_ai.model.redaction import PUBLIC, events_seen, observe, public_hand
from wyrm_ai.model.textboard.boardview import board_text

from corvid_views import TABLE as CORVID_TABLE, plot_twins, with_numbers
from hand_twins import hidden_twin
from test_fuzz import fast_dict     # to_dict()'s dict from state_bytes() (checked against it there)
from mixes import (ALLIANCE_MIXES, CORVID_MIXES, DUCHY_MIXES, HUNDREDS_MIXES, KEEPERS_MIXES, PLAYABLE_BOT_MIXES,
                   PLAYABLE_LIZARD_MIXES, PLAYABLE_MIXES, RIVERFOLK_MIXES, ep_positions, has_bot, mix_id, playable,
                   random_positions)

NCT = len(CARDS)
CHANCE = _core.CHANCE
# tables with the Vagabond (issue 13): his Aid's card and the Thief's stolen card are known to two
# seats only (known[v][h]), so the twins keep them; his items, quests and ruins hide nothing
VAGABOND_MIXES = (("marquise", "eyrie", "vagabond", "wyrm"), ("alliance", "vagabond", "wyrm"))
# the Lizard Cult (issue 33): its hand is hidden as any; the Lost Souls pile, the revealed cards,
# the Outcast and the acolytes are public (observe keeps them for every viewer)
LIZARD_VIEW_MIXES = tuple(m for m in PLAYABLE_LIZARD_MIXES if not has_bot(m))
# the Riverfolk Company (issue 33): its hand is public (LoR 11.2.3), so the twins never vary it (no
# card of it is hidden from anyone); a card a buyer takes from it (Hand Card) is known to every seat
# (known[v][buyer]), so the twins keep it; funds, payments, prices and trade posts are public
RIVERFOLK_VIEW_MIXES = tuple(m for m in RIVERFOLK_MIXES if playable(m) and not has_bot(m)
                             and m not in PLAYABLE_MIXES)
# the Underground Duchy (issue 34): its hand is hidden as any (its tables are in PLAYABLE_MIXES); the
# cards it reveals (Build, Sway, the Foremole: LoR 12.5.1-12.5.3) lie face up until its Evening
# (duchy_revealed, which observe keeps for every viewer)
DUCHY_VIEW_MIXES = tuple(m for m in DUCHY_MIXES if playable(m) and not has_bot(m))
VIEW_MIXES = PLAYABLE_MIXES + tuple(m for m in ALLIANCE_MIXES + VAGABOND_MIXES
                                    if playable(m) and m not in PLAYABLE_MIXES) + LIZARD_VIEW_MIXES \
    + RIVERFOLK_VIEW_MIXES    # each table once


def secret(d: dict, h: int) -> list[int]:
    """Card types with a copy in hand h that no other seat knows of."""
    n = d["nseats"]
    # (the most any other seat knows of each type, over the other seats' rows at once)
    most = [max(col) for col in zip(*(d["known"][o][h] for o in range(n) if o != h))]
    return [t for t in range(NCT) if d["hand"][h][t] > most[t]]


def twin_of(g: Game, d: dict, edit) -> Game:
    """g with its state dict d changed by edit, which may change the hands, the deck and the
    Supporters stack (copied here; d's other fields are shared, not copied)."""
    e = {**d, "hand": [list(h) for h in d["hand"]], "deck": list(d["deck"]),
         "supporters": list(d["supporters"])}
    edit(e)
    twin = g.clone()
    try:
        twin.state = _core.State.from_dict(e)
    except _core.WyrmError:     # a position the prompt rules out: a payer asked in Outrage holds
        return None             # a matching card (LoR 8.2.6, issue 29 item 5)
    assert twin.state != g.state
    return twin


def hidden_twins(g: Game, viewer, rng, d: dict | None = None) -> list[Game]:
    """Twins of g that differ only in cards viewer cannot see: for each hand hidden from viewer, a
    secret card traded with a deck card of another type; and a secret card of one hidden hand
    traded with a different secret card of another hidden hand. d: g's state dict, if made. A
    trade the position rules out (the payer asked in Outrage left with no matching card) is no
    twin."""
    d = g.state.to_dict() if d is None else d
    table = tuple(d["seat_faction"][:d["nseats"]])
    hidden = [h for h in range(d["nseats"]) if h != viewer and not public_hand(h, table)]   # (the Riverfolk's is seen)
    secrets = {h: secret(d, h) for h in hidden}     # (each hand's, made once)
    twins = []
    for h in hidden:
        for t in secrets[h]:
            others = [u for u in range(NCT) if d["deck"][u] > 0 and u != t]
            if others:
                u = others[rng.integers(len(others))]

                def trade(e, h=h, t=t, u=u):
                    e["hand"][h][t] -= 1
                    e["hand"][h][u] += 1
                    e["deck"][u] -= 1
                    e["deck"][t] += 1
                twins.append(twin_of(g, d, trade))
                break
    alliance = [s for s in range(d["nseats"]) if d["seat_faction"][s] == ALLIANCE]
    if alliance and viewer != alliance[0]:
        stack = [t for t in range(NCT) if d["supporters"][t] > max(row[t] for row in d["known_sup"])]
        if stack:
            t = stack[rng.integers(len(stack))]
            others = [u for u in range(NCT) if d["deck"][u] > 0 and u != t]
            if others:
                u = others[rng.integers(len(others))]

                def trade_stack(e, t=t, u=u):
                    e["supporters"][t] -= 1
                    e["supporters"][u] += 1
                    e["deck"][u] -= 1
                    e["deck"][t] += 1
                twins.append(twin_of(g, d, trade_stack))
    pairs = [(h, k, t, u) for h in hidden for k in hidden if h < k
             for t in secrets[h] for u in secrets[k] if t != u]
    if pairs:
        h, k, t, u = pairs[rng.integers(len(pairs))]

        def swap(e):
            e["hand"][h][t] -= 1
            e["hand"][h][u] += 1
            e["hand"][k][u] -= 1
            e["hand"][k][t] += 1
        twins.append(twin_of(g, d, swap))
    return [t for t in twins if t is not None]


def views(g: Game, viewer) -> list[str]:
    """What the viewer is given of a position: its observation (redaction.observe, which every
    view is made from), the Game's observation, the engine's `state` view and the board (the
    boxed map and the compact one)."""
    name = viewer if viewer == PUBLIC else seat_keys(g)[viewer]     # (a player of a draft: "player3")
    out = [json.dumps(observe(g.state, viewer), sort_keys=True),
           json.dumps(state_view(g, name), sort_keys=True),
           board_text(g, viewer), board_text(g, viewer, width=80)]
    if viewer != PUBLIC:
        out.append(json.dumps(g.observation(viewer), sort_keys=True))
    return out


@pytest.mark.parametrize("mix", VIEW_MIXES, ids=mix_id)
def test_hidden_cards_do_not_change_views_determinizations_or_heuristic(mix):
    """LoR 1.2: for every seat v (and PUBLIC), twins that differ only in cards hidden from v give
    v identical views and identical determinizations (_core.determinized, same seed); at v's own
    decisions the heuristic player (_core.heuristic_choice, same seed) chooses the same action."""
    # every 17th action of two-seat games; of the three- and four-seat games (far longer, with more
    # twins a position) every 53rd: still over 60 twins a seat and 40 heuristic choices a table,
    # along whole games (CI time: every 17th took up to 80 s a table)
    two = len(mix) == 2
    if "riverfolk" in mix:
        # LoR 11.2.3: the Riverfolk's hand is no seat's secret, so a seat whose only other hand is
        # theirs (the Alliance beside them at two seats) has nothing hidden to vary but the deck; the
        # others have one hidden hand fewer, so their games are sampled more densely
        viewers = [v for v in range(len(mix)) if any(h != v and mix[h] != "riverfolk" for h in range(len(mix)))]
        compare_twins(mix, random_positions(mix, 4 if len(mix) < 5 else 3, every=17 if two else (23 if len(mix) < 5 else 53),
                                            seed0=500), viewers=(*viewers, PUBLIC))   # (five, six seats: CI time)
        return
    compare_twins(mix, random_positions(mix, 4 if two else 3, every=17 if two else 53, seed0=500))


def duchy_positions(mix, n_games: int, seed0: int = 3400):
    """Every position along seeded random games of a Duchy table, with its state dict and whether
    the Duchy show cards (a Build, a Sway or the Foremole under way: a few actions of a turn)."""
    for g in random_positions(mix, n_games, every=1, seed0=seed0):
        d = fast_dict(g.state)      # (the state dict at every position: CI time)
        yield g, d, any(d["duchy_revealed"])


# the Lord of the Hundreds' own steps (LoR 14.4-14.7): Choose Mood, Anoint, a mob's clearing, Recruit short,
# Lavish, Craft, Command (Build), Advance, Incite, Jubilant, Contempt for Trade, an overflow, a loot, Bitter
HUNDREDS_STEPS = {"hundreds_birdsong", "hundreds_daylight", "hundreds_evening", "contempt", "hoard_overflow",
                  "loot_declare", "loot", "bitter"}


@pytest.mark.parametrize("mix", HUNDREDS_MIXES[:2], ids=mix_id)
def test_hidden_cards_do_not_change_the_hundreds_own_choices(mix):
    """LoR 1.2 at the Lord of the Hundreds' tables (issue 35; the Hoard, the mood and the mobs are
    public, LoR 14.2.4, 14.7: docs/hundreds-keepers.md §5): at the Hundreds' own decisions (their
    Birdsong, Daylight and Evening, Contempt for Trade, a loot, Bitter), twins that differ only in
    cards hidden from them give them the same determinizations and the same heuristic choice (same
    seeds), whichever step it is; their views at these tables are compared by
    test_hidden_cards_do_not_change_views_determinizations_or_heuristic (VIEW_MIXES). Cheap: no
    views drawn, one decision of their turn in three of four games, every rarer one."""
    rng = np.random.default_rng(35)
    lh = mix.index("hundreds")
    choices, steps, seen = 0, set(), 0
    for g in random_positions(mix, 4, every=1, seed0=3535):
        if g.current_player != lh or g.step not in HUNDREDS_STEPS or len(g.legal_actions()) < 2:
            continue
        seen += 1
        if seen % 3 and g.step in ("hundreds_birdsong", "hundreds_daylight", "hundreds_evening"):
            continue        # (one in three of their turn's usual decisions; every rarer one)
        twins = hidden_twins(g, lh, rng)
        if not twins:
            continue
        dets = [_core.determinized(g.state, lh, seed) for seed in (1, 2)]
        picks = [_core.heuristic_choice(g.state, seed, 0, 4) for seed in (3, 4)]
        for twin in twins:
            assert [_core.determinized(twin.state, lh, seed) for seed in (1, 2)] == dets, (mix, g.step)
            assert [_core.heuristic_choice(twin.state, seed, 0, 4) for seed in (3, 4)] == picks, (
                mix, g.step, g.record_lines()[-1:])
            choices += 1
        steps.add(g.step)
    assert choices > 60 and {"hundreds_birdsong", "hundreds_daylight", "hundreds_evening"} <= steps, (choices, steps)


# the Keepers in Iron's own steps (LoR 15.4-15.6): Encamp, Decamp, Recruit, Craft, the Retinue's
# columns (a move, a battle, a delve, a Recover), another relic to recover, Gather Retinue, and the
# relics carried along a move of their warriors (Devout Knights, a reaction on any turn, I-6)
KEEPERS_STEPS = {"keepers_birdsong", "keepers_daylight", "delve", "recover", "keepers_evening", "carry"}
# the Keepers' public board (docs/hundreds-keepers.md §7, I-C1, I-C8): no face-down relic has a value
# in the state, so a determinization redeals none, nor the Retinue, the waystations or the relics
KEEPERS_PUBLIC = ("keepers", "waystations", "relics", "relic_at", "relic_value", "way_at", "way_face", "retinue",
                  "retinue_column")


@pytest.mark.parametrize("mix", KEEPERS_MIXES[:2], ids=mix_id)
def test_hidden_cards_do_not_change_the_keepers_own_choices(mix):
    """LoR 1.2 at the Keepers in Iron's tables (issue 35; they hide nothing new: the relics' types
    and places, the waystations' faces and the Retinue are public and a face-down relic's value is
    no one's until a delve flips it, I-2, I-C1, I-C8): at the Keepers' own decisions (their Birdsong,
    Daylight with its delves and Recovers, Evening, the relics carried along a move), twins that
    differ only in cards hidden from them give them the same determinizations and the same
    heuristic choice (same seeds), whichever step it is; and every seat's determinization keeps
    their board as it lies (nothing of it is redealt). Their views at these tables are compared by
    test_hidden_cards_do_not_change_views_determinizations_or_heuristic (VIEW_MIXES). Cheap: no
    views drawn, one decision of their turn in three, every rarer one."""
    rng = np.random.default_rng(36)
    ki = mix.index("keepers")
    choices, steps, seen, kept = 0, set(), 0, 0
    for g in random_positions(mix, 4, every=1, seed0=3636):
        if g.current_player != ki or g.step not in KEEPERS_STEPS or len(g.legal_actions()) < 2:
            continue
        seen += 1
        if seen % 3 and g.step in ("keepers_birdsong", "keepers_daylight", "keepers_evening"):
            continue        # (one in three of their turn's usual decisions; every rarer one)
        if seen % 7 == 0:
            d = fast_dict(g.state)
            for v in range(len(mix)):
                o = _core.determinized(g.state, v, 1).to_dict()
                assert {k: o[k] for k in KEEPERS_PUBLIC} == {k: d[k] for k in KEEPERS_PUBLIC}, (mix, v, g.step)
                kept += 1
        twins = hidden_twins(g, ki, rng)
        if not twins:
            continue
        dets = [_core.determinized(g.state, ki, seed) for seed in (1, 2)]
        picks = [_core.heuristic_choice(g.state, seed, 0, 4) for seed in (3, 4)]
        for twin in twins:
            assert [_core.determinized(twin.state, ki, seed) for seed in (1, 2)] == dets, (mix, g.step)
            assert [_core.heuristic_choice(twin.state, seed, 0, 4) for seed in (3, 4)] == picks, (
                mix, g.step, g.record_lines()[-1:])
            choices += 1
        steps.add(g.step)
    assert choices > 60 and kept > 20 and {"keepers_birdsong", "keepers_daylight", "keepers_evening"} <= steps, (
        choices, kept, steps)


@pytest.mark.parametrize("mix", CORVID_MIXES[:2], ids=mix_id)
def test_hidden_cards_do_not_change_views_at_the_corvids_tables(mix, monkeypatch):
    """LoR 1.2 at the Corvid Conspiracy's tables (issue 34): the twins of every hidden hand, the
    Corvids' included (their hand is hidden as any, LoR 13), give every seat and PUBLIC the same
    views, determinizations and heuristic choices. (Their actions are written as their numbers
    until their notation is merged: corvid_views.with_numbers.)"""
    with_numbers(monkeypatch)
    compare_twins(mix, random_positions(mix, 3, every=53, seed0=500))


@pytest.mark.parametrize("mix", CORVID_MIXES, ids=mix_id)
def test_face_down_plot_types_do_not_change_views_or_determinizations(mix, monkeypatch):
    """LoR 13.2.2.I: twins that differ only in the types of face-down plots (corvid_views.plot_twins:
    a type traded for one still in the supply, two swapped, the types a wrong Exposure ruled out
    kept out) give every seat but the Corvids, and PUBLIC, the same views (the observation, the
    engine's `state`, the boxed and compact boards) and the same determinizations (same seed: the
    types are dealt again from those no face-up plot shows); the Corvids and the referee tell the
    twins apart."""
    with_numbers(monkeypatch)
    cv = mix.index("corvids")
    others = (*(v for v in range(len(mix)) if v != cv), PUBLIC)
    twins = 0
    # every 19th action of two games, up to 60 twins (CI time: the boards are drawn for each); three
    # with the Hundreds, whose Raze takes plots off the map (LoR 14.4.1)
    for g in random_positions(mix, 3 if "hundreds" in mix else 2, every=19, seed0=3500):
        found = plot_twins(g)
        if not found:
            continue
        if twins >= 60:
            break
        seen = {v: views(g, v) for v in others}
        dets = {v: [_core.determinized(g.state, v, seed) for seed in (1, 2)] for v in others if v != PUBLIC}
        for twin in found:
            twins += 1
            for v in others:
                assert seen[v] == views(twin, v), (mix, v, len(g.record))
            for v, samples in dets.items():
                for seed, sample in zip((1, 2), samples):
                    assert sample == _core.determinized(twin.state, v, seed), (mix, v, seed)
            assert g.observation(cv) != twin.observation(cv)
            assert state_view(g, "referee") != state_view(twin, "referee")
    assert twins > 40, twins


def test_face_down_plot_types_do_not_change_the_heuristic():
    """LoR 13.2.2.I: at the decisions of a seat other than the Corvids, twins that differ only in
    the types of face-down plots give the same heuristic choice (same seed). Reproduction: the
    Marquise, Corvids, Wyrm game of mixes.random_positions seed 52 after 63 actions (the Marquise's
    Exposure): the heuristic names clearing 8's true type (a snare), and another type once the
    twin's plot there is of another."""
    choices = 0
    for g in random_positions(CORVID_TABLE, 3, every=7, seed0=50):
        seat = g.current_player
        if seat < 0 or g.factions[seat] == "corvids" or len(g.legal_actions()) < 2:
            continue
        for twin in plot_twins(g):
            for seed in (3, 4):
                assert _core.heuristic_choice(g.state, seed, 0, 4) == _core.heuristic_choice(twin.state, seed, 0, 4), \
                    (len(g.record), g.step)
                choices += 1
    assert choices > 40


@pytest.mark.parametrize("mix", DUCHY_VIEW_MIXES[:1], ids=mix_id)
def test_the_duchys_hand_is_hidden_and_its_revealed_cards_public(mix):
    """LoR 1.2 with LoR 12.5.1-12.5.3: twins that differ only in a card of the Duchy's hand no
    other seat knows of give every other seat and PUBLIC the same views and the same
    determinizations (same seed); the cards the Duchy reveal are in every viewer's observation as
    they lie, and every seat's determinization leaves them where they are. (Every table with the
    Duchy also runs the twins of every hand: test_hidden_cards_do_not_change_views_determinizations_or_heuristic
    and tests/test_five_six_seats.py.)"""
    duchy = mix.index("duchy")
    viewers = (*(v for v in range(len(mix)) if v != duchy), PUBLIC)
    twins = shown = 0
    for g, d, revealed in duchy_positions(mix, 2):
        if revealed:
            shown += 1
            for viewer in (*range(len(mix)), PUBLIC):
                assert observe(g.state, viewer)["duchy_revealed"] == d["duchy_revealed"], viewer
                if viewer != PUBLIC:
                    o = _core.determinized(g.state, viewer, 1).to_dict()
                    assert o["duchy_revealed"] == d["duchy_revealed"] and o["hand"][viewer] == d["hand"][viewer]
        # twins at every 19th position, and at positions where cards are shown (CI time)
        twin = hidden_twin(g, duchy) if (len(g.record) % 19 == 0 or revealed) and twins < 45 else None
        if twin is None:
            continue
        twins += 1
        for viewer in viewers:
            assert views(g, viewer) == views(twin, viewer), (mix, viewer, len(g.record))
            if viewer != PUBLIC:
                for seed in (1, 2):
                    assert _core.determinized(g.state, viewer, seed) == _core.determinized(twin.state, viewer, seed)
    assert twins > 40 and shown > 20, (twins, shown)


def test_determinizations_keep_the_deck_while_the_duchy_show_cards():
    """LoR 2.1 and 12.5: a determinization (the search's sample of what a seat cannot see) holds
    the deck's cards, no more: the Duchy's revealed cards are seen by all and stay out of the
    cards redealt."""
    mix = DUCHY_VIEW_MIXES[0]
    seen = 0
    for g, d, revealed in duchy_positions(mix, 1):
        if not revealed:
            continue
        seen += 1
        for viewer in range(len(mix)):
            o = _core.determinized(g.state, viewer, 1)
            assert o.to_dict()["deck_size"] == d["deck_size"], viewer
            _core.State.from_dict(o.to_dict())      # refuses more copies of a card than the deck has
    assert seen > 3


def map_positions(mix, board: str, n_games: int, every: int, seed0: int):
    """Clones of positions along seeded random games of mix on a map (its suits drawn by seed)."""
    for seed in range(seed0, seed0 + n_games):
        g = Game(first=mix[seed % len(mix)], factions=mix, map=board,
                 suits=maps.suits_for(board, None, np.random.default_rng(seed)))
        rng = np.random.default_rng(seed)
        while not g.is_terminal():
            if len(g.record) % every == 0 and g.step != "deal":
                yield g.clone()
            legal = g.legal_actions()
            g.apply(g.sample_chance(rng) if g.is_chance_node() else int(legal[rng.integers(len(legal))]))


EP_MIXES = tuple(m for m in (("marquise", "wyrm"), ("eyrie", "vagabond", "wyrm"),
                              ("marquise", "eyrie", "alliance", "wyrm")) if playable(m))


@pytest.mark.parametrize("mix", EP_MIXES, ids=mix_id)
def test_hidden_cards_do_not_change_views_with_the_ep_deck(mix):
    """LoR 1.2 with the Exiles & Partisans deck (issue 32): the same twins, in games whose play
    areas hold its cards (Swap Meet's card taken and given back is known to the two players only,
    Informants' ambush to everyone, Partisans' discards are public)."""
    # every 13th action at two seats, every 41st at three and four (over 100 twins a seat and 80
    # heuristic choices there still: CI time)
    compare_twins(mix, ep_positions(mix, 3, every=13 if len(mix) == 2 else 41, seed0=900))


@pytest.mark.parametrize("board", ["winter", "lake", "mountain"])
def test_hidden_cards_do_not_change_views_on_every_map(board):
    """LoR 1.2 on every map (issue 30): the same twins at the four base factions' table on the
    Winter, Lake and Mountain maps (the views name the map's forests, suits, closed paths and
    Ferry; a move by Ferry draws a card)."""
    mix = ("marquise", "eyrie", "alliance", "vagabond")
    compare_twins(mix, map_positions(mix, board, 1, every=19, seed0=700))


def compare_twins(mix, positions, viewers=None, least: int = 40, least_heuristic: int = 20) -> None:
    """Twins of each position for each viewer (every seat and PUBLIC, or those given): the same
    views, determinizations and heuristic choices; at least `least` twins compared per viewer
    and `least_heuristic` heuristic choices."""
    rng = np.random.default_rng(7)
    compared = {v: 0 for v in (viewers or (*range(len(mix)), PUBLIC))}
    heuristic = 0
    for g in positions:
        full = g.state.to_dict()
        for viewer in compared:
            twins = hidden_twins(g, viewer, rng, full)
            if not twins:
                continue
            # what g gives the viewer, made once for all its twins
            seen = views(g, viewer)
            if viewer != PUBLIC:
                dets = [_core.determinized(g.state, viewer, seed) for seed in (1, 2)]
                decides = g.current_player == viewer and len(g.legal_actions()) > 1
                if decides:
                    choices = [_core.heuristic_choice(g.state, seed, 0, 4) for seed in (3, 4)]
            for twin in twins:
                assert seen == views(twin, viewer), (mix, viewer, g.record_lines()[-1:])
                compared[viewer] += 1
                if viewer == PUBLIC:
                    continue
                # the twin is really different for the hand that changed and the referee
                assert full != fast_dict(twin.state)      # (to_dict()'s dict, CI time)
                for seed, a in zip((1, 2), dets):
                    b = _core.determinized(twin.state, viewer, seed)
                    assert a == b, (mix, viewer, seed)
                if decides:
                    for seed, a in zip((3, 4), choices):
                        assert a == _core.heuristic_choice(twin.state, seed, 0, 4), (mix, viewer)
                    heuristic += 1
    assert min(compared.values()) > least, compared
    assert heuristic > least_heuristic, heuristic


@pytest.mark.parametrize("mix", PLAYABLE_MIXES + PLAYABLE_LIZARD_MIXES[:1] + RIVERFOLK_VIEW_MIXES[:1], ids=mix_id)
def test_hidden_cards_do_not_change_the_search(mix):
    """LoR 1.2: at each seat's own decisions, twins that differ only in cards hidden from it give
    the same search (best action, visit statistics and line) for the same seed and budget: the
    planner reads the position only through the seat's information set."""
    rng = np.random.default_rng(11)
    # (a seat whose only other hand is the Riverfolk's, face up, LoR 11.2.3, has nothing hidden)
    done = {seat: 0 for seat in range(len(mix))
            if any(h != seat and mix[h] != "riverfolk" for h in range(len(mix)))}
    for g in random_positions(mix, 30, every=17, seed0=700):
        seat = g.current_player
        if seat not in done or done[seat] >= 4 or len(g.legal_actions()) < 3:
            continue
        twins = hidden_twins(g, seat, rng)
        if not twins:
            continue
        r1 = search(g, Budget(sims=300), seed=5)
        for twin in twins:
            r2 = search(twin, Budget(sims=300), seed=5)
            assert (r1.best, r1.top, r1.line) == (r2.best, r2.top, r2.line), (mix, seat)
        done[seat] += 1
        if min(done.values()) >= 4:
            break
    assert min(done.values()) >= 4, done


@pytest.mark.parametrize("mix", [m for m in PLAYABLE_MIXES if mix_id(m) in ("CW", "CEW", "CEAW")], ids=mix_id)
def test_hidden_cards_do_not_change_the_levels_searches_or_the_prior(mix):
    """LoR 1.2, the search options of issue 15 (docs/search.md): the root's heuristic prior, and
    the learned policy's features (issue 31 item 1, docs/policy.md), are computed on
    determinizations of the seat's information set, so twins that differ only in cards hidden
    from the seat to move get the same priors and features; and a search with every option the
    levels use (min-max normalised, a tree into the next turn, scored at the end of a turn) and
    the prior is the same search for the same seed."""
    options = dict(prior="heuristic", normalize="minmax", c_uct=1.5, tree_turns=2, rollout_turns=0)
    rng = np.random.default_rng(12)
    done = 0
    for g in random_positions(mix, 30, every=13, seed0=900):
        if g.current_player < 0 or len(g.legal_actions()) < 3:
            continue
        twins = hidden_twins(g, g.current_player, rng)
        if not twins:
            continue
        t1 = _core.Search(g.state, seed=5, **options)
        assert set(t1.root_priors()) == set(g.legal_actions())
        acts, f = _core.policy_features_of(g.state, seed=6)
        t1.run(200)
        for twin in twins:
            t2 = _core.Search(twin.state, seed=5, **options)
            assert t2.root_priors() == t1.root_priors(), mix
            acts2, f2 = _core.policy_features_of(twin.state, seed=6)
            assert acts2 == acts and np.array_equal(f2, f), mix
            t2.run(200)
            assert (t2.children(), t2.principal_path()) == (t1.children(), t1.principal_path()), mix
        done += 1
        if done >= 4:
            break
    assert done >= 4, done


# ---- prompts (issue 29 item 5) ---------------------------------------------------------------
# The steps a hidden hand (or the Alliance's face-down stack) could answer: entered whenever the
# hand could hold the card as far as the other players know, so entering one tells nothing.
PROMPT_MIXES = VIEW_MIXES + tuple(m for m in PLAYABLE_BOT_MIXES + PLAYABLE_LIZARD_MIXES + RIVERFOLK_MIXES
                                  if m not in VIEW_MIXES and playable(m))
PROMPT_COUNTS: dict[str, dict[str, int]] = {}     # per table: what the prompt twins compared


def prompt(g: Game, viewer) -> tuple:
    """The prompt as viewer is shown it: who decides and at which step (the protocol's status
    line), and its `state` view (to_move, step, the legal actions in the viewer's own view only)
    with the events of the last action as viewer may see them."""
    name = viewer if viewer == PUBLIC else seat_keys(g)[viewer]     # (a player of a draft: "player3")
    view = state_view(g, name)
    seen = events_seen(g.last_events, viewer, g.faction_ids) if g.record else ()
    return view["to_move"], view["step"], json.dumps(view, sort_keys=True), repr(seen)


SHOWN = ("discard", "available", "play_area", "decree", "out_of_game", "known", "known_sup", "lost_souls", "revealed",
         "duchy_revealed")


def rule_shows(g: Game, twin: Game) -> bool:
    """The last action showed the cards the twins differ in, as the rules show them: a card spent
    or discarded face up (a supporter spent or lost with a base, a card paid, a Decree purged),
    a hand shown to a seat (Codebreakers, a card taken or given: `known`), or a payer with no matching card showing its hand to the Alliance, who draw from the deck
    instead (LoR 8.2.6: every player learns it had none). From there the twins are told apart by
    the rules themselves."""
    d, e = g.state.to_dict(), twin.state.to_dict()
    table = g.faction_ids
    return (any(d[k] != e[k] for k in SHOWN)
            or any(ev.kind == "outrage" and ev.arg in (None, -1) for x in (g, twin) for ev in x.last_events)
            # a card taken into (or given to) the Riverfolk's public hand (LoR 11.2.3): Stand and
            # Deliver!, the Thief, Swap Meet, an Aid
            or any(d["hand"][h] != e["hand"][h] for h in range(len(table)) if public_hand(h, table)))


def common(a: list, b: list, rng):
    both = sorted(set(a) & set(b))
    return both[rng.integers(len(both))] if both else None


def walk_twins(g: Game, twin: Game, viewer, rng, steps: int, counts: dict) -> None:
    """Play g and its twin on with the same actions (each one legal in both: chance outcomes
    and the decisions of every seat) and compare viewer's prompt at every step."""
    for _ in range(steps):
        a, b = prompt(g, viewer), prompt(twin, viewer)
        assert a[:2] == b[:2], (viewer, a[:2], b[:2], g.record_lines()[-3:])
        assert a == b, (viewer, a[:2], g.record_lines()[-3:])
        counts["views"] += 1
        if g.is_terminal():
            return
        if g.current_player != CHANCE and g.current_player != viewer:
            counts["prompts"] += 1
            counts["hand prompts"] += g.step in HAND_PROMPTS
        if g.current_player == CHANCE:
            act = common([o for o, _ in g.chance_outcomes()], [o for o, _ in twin.chance_outcomes()], rng)
        else:
            act = common(g.legal_actions(), twin.legal_actions(), rng)
        if act is None:
            return
        g.apply(act)
        twin.apply(act)
        if rule_shows(g, twin):
            counts["shown by a rule"] += 1
            return


@pytest.mark.parametrize("mix", PROMPT_MIXES, ids=mix_id)
def test_hidden_cards_do_not_change_the_prompts(mix):
    """Issue 29 item 5, LoR 1.2 (hands are hidden), LoR 4.3.1 (ambush), 6.2.3 (Field Hospitals),
    7.4.2 (the Decree), 8.2.6 (Outrage), 8.4 (the Alliance's Birdsong): twins that differ only in
    cards hidden from seat v, played on with the same actions, show v the same prompts -- who
    decides, at which step, the `state` view (and so `legal` only in v's own view) and the events --
    whatever the other hands hold, until the rule itself shows a hand (Outrage with no matching
    card). Every seat of every table (tests/mixes.py), and PUBLIC."""
    rng = np.random.default_rng(29)
    counts = dict(positions=0, twins=0, views=0, prompts=0, **{"hand prompts": 0, "shown by a rule": 0})
    for g in random_positions(mix, 12, every=29, seed0=2900):
        full = g.state.to_dict()
        found = False
        for viewer in (*range(len(mix)), PUBLIC):
            twins = hidden_twins(g, viewer, rng, full)
            if len(mix) > 2 and twins:
                # three seats and more: one twin a viewer a position (of up to six there), taken in
                # turn over the positions (each hidden hand's trade, the stack's, the swap between two
                # hidden hands); the 24 positions still give well over the 40 twins asked (CI time:
                # walking every one, ~500 a four-seat table, took a minute a table)
                turn = counts["positions"] + (viewer if viewer != PUBLIC else len(mix))
                twins = [twins[turn % len(twins)]]
            for twin in twins:
                found = True
                counts["twins"] += 1
                walk_twins(g.clone(), twin, viewer, rng, 16, counts)
        counts["positions"] += found
        if counts["positions"] >= 24:
            break
    PROMPT_COUNTS[mix_id(mix)] = counts
    print(mix_id(mix), counts)
    assert counts["positions"] >= 24 and counts["twins"] > 40 and counts["hand prompts"] > 0, counts


def test_the_planner_thinks_over_a_hand_prompt_whatever_the_hand_holds():
    """Issue 29 item 5, LoR 4.3.1: the Wyrm defending in rabbit 5 is asked `battle_ambush` with a
    rabbit ambush in hand and with only a fox one (pass its only legal action); the planner thinks
    over both the same way -- the whole budget searched, no answer at once -- so neither the time
    nor the report tells the Marquise which it holds. A seat holding no card at all may answer
    its only legal action at once (nothing hidden to tell)."""
    from rules_positions import WYRM, cat_day
    from wyrm_ai.ai.planner import hides_its_choice

    reports = []
    for hand in (("R#ambush", "F#anvil"), ("F#ambush", "F#anvil")):
        g = cat_day(warriors={5: 3}, wyrmlings={5: 1}, wyrm_hand=hand)
        g.apply("XW5")
        assert g.step == "battle_ambush" and g.current_player == WYRM and hides_its_choice(g)
        reports.append(search(g, Budget(sims=64), seed=3))
    assert [len(r.top) for r in reports] != [1, 1]          # the holder of the ambush has a choice
    assert [r.simulations for r in reports] == [64, 64]
    g = cat_day(warriors={5: 3}, wyrmlings={5: 1}, wyrm_hand=())
    g.apply("XW5")
    assert g.step == "battle_roll"                           # an empty hand is not asked
