"""What each seat sees at a table with the Corvid Conspiracy (issue 34; wyrm_ai/model/redaction.py):
a face-down plot's type is the Corvids' alone (LoR 13.2.2.I) -- every other viewer's observation
holds redaction.HIDDEN_PLOT there, the Plot action's type and the `plot` event's are masked -- while
where each plot lies, its facing, a face-up plot's type and the types a wrong Exposure ruled out
(docs/duchy-corvids.md K-C3) are public; an Exposure's card is seen by the guesser and the Corvids
(LoR 13.2.4, K-C3), an extortion's by the Corvids and the victim (LoR 13.7.3); the Corvids' hand is
hidden as any other. The twins (states that differ only in face-down plot types, every view and
determinization) are in tests/test_fairness_nseat.py."""
from __future__ import annotations

import pytest

from corvid_views import TABLE, corvid_seat, face_down, random_game, retyped, with_numbers
from mixes import CORVID_MIXES, mix_id, random_positions
from wyrm_ai import _core
from wyrm_ai.ai.planner import SearchReport
from wyrm_ai.model import corvids_facts, redaction
from wyrm_ai.model.actions import decode
from wyrm_ai.model.redaction import (HAND_CARD_ARG, HIDDEN_PLOT, PUBLIC, REFEREE, events_seen, knowledge, observe,
                                     record_seen, report_view, shown, steal_pair)

PUBLIC_FIELDS = ("corvids", "plots", "plots_up", "plot_not", "corvid_supply", "plot_supply", "plotted",
                 "cv_actions_left", "exerted", "expose_at", "bomb_at")


def viewers(g) -> list:
    return [*range(g.num_seats), PUBLIC, REFEREE]


def sees_types(g, viewer) -> bool:
    """The viewer sees face-down plots' types: the Corvids and the referee."""
    return viewer in (REFEREE, corvid_seat(g))


def seen_events(g, viewer):
    """Each record entry's events as viewer sees them."""
    return [events_seen(evs, viewer, g.faction_ids, steal_pair(g.record, g.record_seats, i, evs))
            for i, evs in enumerate(g.events)]


@pytest.mark.parametrize("mix", CORVID_MIXES, ids=mix_id)
def test_lor_13_2_2_a_face_down_plots_type_is_the_corvids_alone(mix):
    """LoR 13.2.2.I: at positions along a game, the Corvids and the referee see every plot's type;
    every other seat and the public see HIDDEN_PLOT where a plot lies face down, a face-up plot's
    type, and where plots lie, their facing and the types a wrong Exposure ruled out (K-C3), as
    the referee does; corvids_facts reads a hidden type as None and the supply's types as unknown;
    the Corvids' hand is hidden as any other (LoR 1.2)."""
    cv = mix.index("corvids")
    hidden = up = 0
    # three seeded games: a single game may end with no plot ever flipped (seed 3 at DPOAW)
    for g in random_positions(mix, 3, 7, 3):
        full = g.state.to_dict()
        down = face_down(full)
        for v in viewers(g):
            obs = observe(g.state, v)
            for k in PUBLIC_FIELDS:
                assert obs[k] == full[k], (v, k)
            if sees_types(g, v):
                assert obs["plot_types"] == full["plot_types"], v
            else:
                assert obs["plot_types"] == [HIDDEN_PLOT if c in down else t for c, t in enumerate(full["plot_types"])]
                assert obs["hand"][cv] is None
                facts = corvids_facts.plots(obs)
                assert all(facts[c + 1]["type"] is None for c in down)
                assert corvids_facts.supply_types(obs) is None or not down
            hidden += len(down) * (v not in (cv, REFEREE))
        up += sum(full["plots"]) - len(down)
    assert hidden > 50 and up > 5, (hidden, up)


@pytest.mark.parametrize("mix", CORVID_MIXES, ids=mix_id)
def test_lor_13_5_2_a_plots_type_is_masked_in_every_other_record(mix):
    """LoR 13.5.2, 13.2.2.I: in the record as each viewer sees it (redaction.record_seen) a Plot
    names its clearing to all and its type to the Corvids (and the referee) only; its `plot`
    event likewise; a flip names the type to all (LoR 13.4.2: face up), and so does its VP; the
    card a Recruit spends is public (LoR 13.4.3)."""
    cv = mix.index("corvids")
    plots = flips = recruits = 0
    for seed in range(2):
        g = random_game(mix, seed)
        referee, referee_events = record_seen(g, REFEREE), seen_events(g, REFEREE)
        for v in viewers(g)[:-1]:
            for ref, mine in zip(referee, record_seen(g, v)):
                if ref.action.kind == "plot":
                    if v == cv:
                        assert mine == ref
                    else:
                        assert mine.action.args == (ref.action.args[0], None), v
                        plots += 1
                elif ref.action.kind in ("flip", "cv_recruit", "trick", "expose"):
                    assert mine == ref
                    recruits += ref.action.kind == "cv_recruit"
            for ref_evs, evs in zip(referee_events, seen_events(g, v)):
                for ref, e in zip(ref_evs, evs):
                    if ref.kind == "plot":
                        assert e == (ref if v == cv else ref._replace(arg=None)), v
                    elif ref.kind in ("flip", "trick", "raid") or (
                            ref.kind == "vp" and redaction.VP_REASONS[ref.arg] == "flip"):
                        assert e == ref
                        flips += ref.kind == "flip"
    assert plots > 20 and flips > 5 and recruits > 0, (plots, flips, recruits)


@pytest.mark.parametrize("mix", CORVID_MIXES, ids=mix_id)
def test_lor_13_2_4_an_exposures_card_is_seen_by_the_guesser_and_the_corvids(mix):
    """LoR 13.2.4 and K-C3: the card an Exposure shows (the `guess` action's, the `expose` event's)
    is named to the guesser, the Corvids and the referee; every other seat and the public see that
    a matching card was shown, the type named and the answer (`#?`: masked); a card of the
    Riverfolk's public hand (LoR 11.2.3) is named to all."""
    cv = mix.index("corvids")
    masked = named = 0
    for seed in range(5):
        g = random_game(mix, seed)
        guesses = [i for i, a in enumerate(g.record) if decode(a).kind == "guess"]
        for v in viewers(g):
            record = record_seen(g, v)
            for i in guesses:
                ref, guesser = decode(g.record[i]), g.record_seats[i]
                sees = v in (guesser, cv, REFEREE) or g.factions[guesser] == "riverfolk"
                assert record[i].action == (ref if sees else type(ref)("guess", (None, ref.args[1]))), (v, guesser)
                expose = [e for e in events_seen(g.events[i], v, g.faction_ids) if e.kind == "expose"]
                assert len(expose) == 1 and expose[0].arg == ref.args[1] and expose[0].seat == guesser
                assert expose[0].detail == (ref.args[0] if sees else None)
                masked += not sees
                named += sees and v not in (guesser, cv, REFEREE)
    assert masked > (0 if "riverfolk" in mix else 10), masked
    assert (named > 0) == ("riverfolk" in mix)


@pytest.mark.parametrize("mix", CORVID_MIXES, ids=mix_id)
def test_lor_13_7_3_an_extortions_card_is_seen_by_the_corvids_and_the_victim(mix):
    """LoR 13.7.3: an extortion takes a random card from each enemy with pieces in the clearing;
    the card (the chance `steal`, the `extort` event) is a stolen card, seen by the Corvids and the
    victim only (steal_pair names the two; a card of the Riverfolk's public hand is seen by all)."""
    cv = mix.index("corvids")
    seen = masked = 0
    for seed in range(10):
        g = random_game(mix, seed)
        for i, evs in enumerate(g.events):
            extort = [e for e in evs if e.kind == "extort"]
            if not extort:
                continue
            victim = extort[0].arg
            assert decode(g.record[i]).kind == "steal" and g.record_seats[i] == _core.CHANCE
            assert steal_pair(g.record, g.record_seats, i, evs) == (cv, victim)
            ref = decode(g.record[i])
            open_hand = g.factions[victim] == "riverfolk"
            for v in viewers(g):
                sees = v in (cv, victim, REFEREE) or open_hand
                assert record_seen(g, v)[i].action == (ref if sees else type(ref)("steal", (None,))), v
                pair = steal_pair(g.record, g.record_seats, i, evs)
                e = [x for x in events_seen(evs, v, g.faction_ids, pair) if x.kind == "extort"][0]
                assert (e.detail == ref.args[0]) == sees
                seen += 1
                masked += not sees
        if seen > 30 and masked > 5:
            break
    assert seen >= 5 and (masked > 3 or "riverfolk" in mix), (seen, masked)


def test_a_plot_of_another_type_reads_the_same_to_every_other_seat():
    """LoR 13.2.2.I, record twins: the same game with one Plot of another type (where that type is
    legal) gives every other seat and the public the same record, the same events and the same
    observation after it; the Corvids and the referee tell them apart."""
    compared = 0
    for seed in range(2):
        g = random_game(TABLE, seed)
        cv = corvid_seat(g)
        plots = [i for i, a in enumerate(g.record) if decode(a).kind == "plot"]
        for i in plots[:6]:
            h0 = g.start()
            for a in g.record[:i + 1]:
                h0.apply(a)
            for t in range(len(_core.PLOT_NAMES)):
                if t == decode(g.record[i]).args[1]:
                    continue
                h = retyped(g, i, t)
                if h is None:
                    continue
                for v in (*(s for s in range(g.num_seats) if s != cv), PUBLIC):
                    assert record_seen(h, v) == record_seen(h0, v), (seed, i, v)
                    assert seen_events(h, v) == seen_events(h0, v)
                    assert observe(h.state, v) == observe(h0.state, v)
                    compared += 1
                for v in (cv, REFEREE):
                    assert record_seen(h, v)[-1] != record_seen(h0, v)[-1]
                    assert observe(h.state, v) != observe(h0.state, v)
    assert compared > 20, compared


def at_daylight(seed: int = 4):
    """A position where the Corvids may Plot (LoR 13.5.2), and the game there."""
    found = []

    def visit(g):
        if not found and g.step == "corvids_daylight" and any(decode(a).kind == "plot" for a in g.legal_actions()):
            found.append(g.clone())
    random_game(TABLE, seed, visit=visit)
    return found[0]


def test_the_corvids_alternatives_hide_their_plots_types(monkeypatch):
    """What the AI weighed for the Corvids, shown to another viewer (redaction.shown, report_view):
    a Plot names its clearing, not its type (LoR 13.5.2), and the alternatives that read the same
    once masked are one row (their visits added, their values weighted); the Corvids and the
    referee see every type."""
    with_numbers(monkeypatch)
    g = at_daylight()
    cv = corvid_seat(g)
    plots = [a for a in g.legal_actions() if decode(a).kind == "plot"]
    clearings = {decode(a).args[0] for a in plots}
    assert len(plots) > len(clearings)          # several types a clearing
    for v in (*range(g.num_seats), PUBLIC, REFEREE):
        know = knowledge(observe(g.state, v))
        sees = v in (cv, REFEREE)
        for a in plots:
            act = decode(a)
            assert shown(a, cv, know) == (act if sees else type(act)("plot", (act.args[0], None)))
        report = SearchReport(cv, plots[0], top=[(a, "", 10 + k, 0.5 + k / 100) for k, a in enumerate(plots)],
                              line_actions=plots[:3], factions=g.faction_ids)
        r = report_view(report, know)
        assert len(r.top) == (len(plots) if sees else len(clearings)), v
        assert sum(row[2] for row in r.top) == sum(10 + k for k in range(len(plots)))
        assert all((act.args[1] is None) != sees for act, *_ in r.top)


def test_a_played_exposures_card_is_seen_by_the_corvids_in_a_report(monkeypatch):
    """LoR 13.2.4: once the guesser has played its Exposure (report_view played=True), the card is
    named to the Corvids, who saw it, and masked for every other seat that does not know it in the
    guesser's hand; its alternatives (not played) are masked for the Corvids too (HAND_CARD_ARG)."""
    with_numbers(monkeypatch)
    found = []

    def visit(g):
        if not found and g.step == "exposure":
            found.append(g.clone())
    for seed in range(4):
        random_game(TABLE, seed, visit=visit)
        if found:
            break
    g = found[0]
    guesser, cv = g.current_player, corvid_seat(g)
    assert HAND_CARD_ARG["guess"] == 0
    guess = g.legal_actions()[0]
    t = decode(guess).args[0]
    for v in range(g.num_seats):
        if v == guesser:
            continue
        obs = observe(g.state, v)
        know = knowledge(obs)
        knows = obs["known"][v][guesser][t] > 0
        played = report_view(SearchReport(guesser, guess, top=[(guess, "", 5, 0.5)], factions=g.faction_ids),
                             know, played=True)
        assert (played.best.args[0] == t) == (v == cv or knows), v
        weighed = report_view(SearchReport(guesser, guess, top=[(guess, "", 5, 0.5)], factions=g.faction_ids), know)
        assert (weighed.best.args[0] == t) == knows, v
