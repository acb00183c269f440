"""The packed GameState (issue 11, two-seat planner speed): every card count is held as two
bit-planes (CardCounts, a count 0..3 per card type), while to_dict/from_dict keep the plain nested
lists of counts; and the rule table the evaluation and public_facts read (rule_table, computed
for all clearings at once) agrees with rule as LoR 2.5 defines it."""
from __future__ import annotations

import copy

import numpy as np
import pytest

from wyrm_ai import _core
from wyrm_ai.model.cards import CARDS
from wyrm_ai.model.errors import WyrmError
from wyrm_ai.model.factions import faction_id

from mixes import PLAYABLE_MIXES, ids_of, mix_id

PACKED = sorted(_core.CARD_COUNT_FIELDS)
CARD_FIELDS = {"deck", "discard", "hand", "play_area", "out_of_game", "decree", "known", "available",
               "supporters", "known_sup", "lost_souls", "revealed", "duchy_revealed"}


def positions(mix, n_games=6, every=9):
    """States along seeded random playouts of a seat table."""
    out = []
    for seed in range(n_games):
        s = _core.State(seed % len(mix), factions=ids_of(mix))
        for i in range(400):
            if s.is_terminal():
                break
            if i % every == 0:
                out.append(s.clone())
            s.random_playout(seed * 1009 + i, 1)
    return out


def test_every_card_count_field_is_packed_and_plain_in_the_dict():
    """Every per-card-type count of the state is a CardCounts field, and its dict form is one
    count per card type (a list of NCT ints, nested per seat where it is per seat)."""
    assert set(PACKED) == CARD_FIELDS
    s = _core.State(0)
    s.random_playout(3, 120)
    d = s.to_dict()
    for name in PACKED:
        arr = np.asarray(d[name])
        assert arr.shape[-1] == len(CARDS) and arr.dtype.kind == "i", name
        assert arr.min() >= 0 and arr.max() <= 3, name


@pytest.mark.parametrize("mix", PLAYABLE_MIXES, ids=mix_id)
def test_packed_counts_round_trip_through_the_dict(mix):
    """to_dict gives back the counts from_dict took, for positions of every seat table, and the
    state rebuilt is byte-identical (the packing loses nothing, LoR 2.1 card conservation kept)."""
    for s in positions(mix):
        d = s.to_dict()
        t = _core.State.from_dict(d)
        assert t == s and t.to_dict() == d


def test_known_counts_of_two_and_three_copies_survive_the_packing():
    """Codebreakers (known[v][h]) of a hand holding 2 and 3 copies of a card type: both
    bit-planes are used, and the counts read back exactly."""
    s = _core.State(0)
    s.random_playout(11, 60)
    d = s.to_dict()
    three = next(k.id for k in CARDS if k.count == 3)
    two = next(k.id for k in CARDS if k.count == 2)
    for t, n in ((three, 3), (two, 2)):
        # move every copy of t into seat 1's hand, from wherever it lies
        for name in ("deck", "discard"):
            d[name][t] = 0
        for seat in range(2):
            d["hand"][seat][t] = 0
            d["play_area"][seat][t] = 0
            for h in range(2):
                d["known"][seat][h][t] = 0
        d["hand"][1][t] = n
        d["known"][0][1][t] = n
    d["hand_size"] = [sum(h) for h in d["hand"]]
    d["deck_size"] = sum(d["deck"])
    s2 = _core.State.from_dict(d)
    back = s2.to_dict()
    assert back["known"][0][1][three] == 3 and back["known"][0][1][two] == 2
    assert back["hand"][1][three] == 3 and back["hand"][1][two] == 2


@pytest.mark.parametrize("name", PACKED)
def test_a_card_count_above_three_is_refused_by_name(name):
    """No card type has more than 3 copies (CARD_COUNT), so a count of 4 cannot be held: from_dict
    refuses it with an error naming the field, and nothing is built."""
    s = _core.State(1)
    s.random_playout(5, 30)
    d = s.to_dict()
    row = d[name]
    while isinstance(row[0], list):
        row = row[0]
    row[0] = 4
    with pytest.raises(WyrmError, match=repr(name)):
        _core.State.from_dict(d)


def plain_rulers(d) -> list[int]:
    """Rule by LoR 2.5 read from the pieces in plain Python: the seat with strictly the most
    warriors and buildings rules (an Alliance base is a building); the Wyrm pawn counts three
    warriors (W-MON-1); among seats tied
    for the most, the Eyrie rule (Lords of the Forest, LoR 7.2.2); otherwise nobody does; the Cult
    rule every clearing with a garden, over all of that (Pilgrims, LoR 10.2.4); the Riverfolk's
    warriors count for their buyer while its mercenaries serve, not for the Riverfolk (LoR 11.2.7.III,
    docs/riverfolk-lizards.md C5); the Duchy's warriors, citadels and markets count (tunnels are
    tokens, LoR 12.1; the Burrow is no clearing of the map, docs/duchy-corvids.md C1); the Corvids'
    warriors count, their plots do not (tokens, LoR 13.1), face up or down; the Hundreds' warriors,
    the warlord (a warrior, LoR 14.2.2: one) and strongholds count, their mobs do not (tokens,
    LoR 14.1); the Keepers' warriors and waystations count, their relics do not (tokens, LoR 15.1)."""
    factions = d["seat_faction"]
    hired = d["mercenaries_for"] if d["mercenaries_on"] else -1
    out = []
    for c in range(12):
        strength = []
        for f in factions:
            if f == faction_id("marquise"):
                strength.append(d["warriors"][c] + sum(d["buildings"][k][c] for k in range(3)))
            elif f == faction_id("wyrm"):
                strength.append(d["wyrmlings"][c] + (3 if d["pawn"] == c else 0))
            elif f == faction_id("eyrie"):
                strength.append(d["birds"][c] + d["roosts"][c])
            elif f == faction_id("alliance"):        # warriors and the base (LoR 8.1)
                strength.append(d["rebels"][c] + (1 if c in d["base_at"] else 0))
            elif f == faction_id("lizards"):         # warriors and gardens (LoR 10.1)
                strength.append(d["lizards"][c] + sum(d["gardens"][k][c] for k in range(3)))
            elif f == faction_id("riverfolk"):       # warriors (trade posts are tokens, LoR 11.1)
                strength.append(0 if hired >= 0 else d["otters"][c])
            elif f == faction_id("duchy"):           # warriors, citadels and markets (LoR 12.1)
                strength.append(d["moles"][c] + d["citadels"][c] + d["markets"][c])
            elif f == faction_id("corvids"):         # warriors (plots are tokens, LoR 13.1)
                strength.append(d["corvids"][c])
            elif f == faction_id("hundreds"):        # warriors, the warlord, strongholds (LoR 14.1, 14.2.2)
                strength.append(d["hundreds"][c] + (d["warlord"] == c) + d["strongholds"][c])
            elif f == faction_id("keepers"):         # warriors and waystations (relics are tokens, LoR 15.1)
                strength.append(d["keepers"][c] + d["waystations"][c])
            else:
                strength.append(0)
        if hired >= 0:
            strength[hired] += d["otters"][c]
        top = max(strength)
        tops = [seat for seat, x in enumerate(strength) if x == top]
        if faction_id("lizards") in factions and any(d["gardens"][k][c] for k in range(3)):
            out.append(factions.index(faction_id("lizards")))   # Pilgrims (LoR 10.2.4)
        elif top == 0:
            out.append(-1)
        elif len(tops) == 1:
            out.append(tops[0])
        elif faction_id("eyrie") in factions and factions.index(faction_id("eyrie")) in tops:
            out.append(factions.index(faction_id("eyrie")))
        else:
            out.append(-1)
    return out


@pytest.mark.parametrize("mix", PLAYABLE_MIXES, ids=mix_id)
def test_rule_table_is_rule_of_lor_2_5(mix):
    """LoR 2.5, LoR 7.2.2, W-MON-1: the table of rulers (public_facts, the evaluation's
    rule_table) equals rule read from the pieces in plain Python and ruler_of, clearing by
    clearing, on positions of every seat table; contested clearings included."""
    contested = 0
    for s in positions(mix, n_games=8, every=5):
        d = s.to_dict()
        rulers = _core.public_facts(s)["rulers"]
        assert rulers == plain_rulers(d)
        assert rulers == [_core.ruler_of(s, c) for c in range(12)]
        contested += sum(1 for c in range(12) if sum(1 for x in (
            d["warriors"][c], d["wyrmlings"][c] + (d["pawn"] == c), d["birds"][c], d["rebels"][c],
            d["lizards"][c], d["otters"][c], d["moles"][c], d["corvids"][c],
            d["hundreds"][c] + (d["warlord"] == c), d["keepers"][c]) if x) >= 2)
    if sum(1 for f in mix if f != "vagabond") >= 2:      # the Vagabond has no warriors (LoR 9.2.2)
        assert contested > 0      # clearings where two seats have warriors were compared


def test_rule_table_ties_at_three_seats():
    """LoR 2.5 and 7.2.2 at three seats, set up by hand: a two-way tie for the most with the Eyrie
    among the tied goes to the Eyrie; without the Eyrie in the tie nobody rules; a later seat
    with more breaks an earlier tie."""
    mix = ("marquise", "eyrie", "wyrm")
    s = positions(mix, n_games=1, every=50)[2]     # a position after setup
    d = copy.deepcopy(s.to_dict())
    assert d["seat_faction"] == list(ids_of(mix))
    base = plain_rulers(d)
    # pick clearings with no buildings, roosts, pawn or ruin trouble: only warriors change
    free = [c for c in range(12) if not any(d["buildings"][k][c] for k in range(3))
            and not d["roosts"][c] and d["pawn"] != c and not d["wood"][c]][:3]
    assert len(free) == 3, base
    assert d["turn_number"] > 0

    def put(c, cats, birds, wyrmlings):
        for key, n in (("warriors", cats), ("birds", birds), ("wyrmlings", wyrmlings)):
            supply = {"warriors": "warrior_supply", "birds": "bird_supply", "wyrmlings": "wyrmling_supply"}[key]
            d[supply] += d[key][c] - n
            d[key][c] = n
    put(free[0], 1, 1, 0)      # Marquise and Eyrie tied for most: the Eyrie (LoR 7.2.2)
    put(free[1], 1, 0, 1)      # Marquise and Wyrm tied for most: nobody (LoR 2.5)
    put(free[2], 1, 1, 2)      # the Wyrm has strictly more: the Wyrm
    t = _core.State.from_dict(d)
    rulers = _core.public_facts(t)["rulers"]
    assert [rulers[c] for c in free] == [1, -1, 2]
    assert rulers == plain_rulers(t.to_dict())


def test_the_corvids_plots_round_trip_and_what_no_game_reaches_is_refused():
    """LoR 13.2.2 (K-2..K-4, K-C3): the Corvids' plots survive to_dict/from_dict -- a type per
    plot, facing as a mask over all twelve clearings (the twelfth's bit too), a face-down plot with
    every wrong type ruled out -- and from_dict refuses a plot ruled out as its own type, ruled-out
    types on a face-up plot, a type or facing where no plot lies, and a third plot of a type."""
    mix = ("corvids", "marquise", "wyrm")
    s = next(p for p in positions(mix, n_games=1, every=5) if p.turn_number >= 2)
    d = s.to_dict()
    bomb, snare, extortion, raid = (_core.PLOT_NAMES.index(t) for t in ("bomb", "snare", "extortion", "raid"))
    d["plots"] = [1, 1, 1] + [0] * 8 + [1]
    d["plot_supply"] = 8 - 4
    d["plot_types"] = [bomb, snare, raid] + [0] * 8 + [extortion]
    d["plots_up"] = (1 << 1) | (1 << 11)
    d["plot_not"] = [(1 << snare) | (1 << extortion) | (1 << raid), 0, 1 << bomb] + [0] * 9
    t = _core.State.from_dict(d)
    assert t.to_dict() == d and _core.State.from_dict(t.to_dict()) == t
    no_ruling = [0] * 12
    for change in ({"plot_not": [1 << bomb] + d["plot_not"][1:]},                  # its own type ruled out
                   {"plot_not": [d["plot_not"][0], 1 << raid] + d["plot_not"][2:]},   # on a face-up plot
                   {"plot_types": d["plot_types"][:5] + [snare] + d["plot_types"][6:]},   # where no plot lies
                   {"plots_up": d["plots_up"] | (1 << 5)},
                   {"plot_types": [snare] * 3 + [0] * 8 + [extortion], "plot_not": no_ruling}):   # three snares
        with pytest.raises(WyrmError):
            _core.State.from_dict(dict(d, **change))


HUNDREDS_POSITION = ("hundreds", "marquise", "wyrm")


def _hundreds_position() -> dict:
    """The state dict of a Hundreds, Marquise, Wyrm game after setup, with a Hoard of four items on
    Command (boots, bag, two coins) and two on Prowess (hammer, tea) taken from the item supply,
    the Wrathful mood and three mobs."""
    s = next(p for p in positions(HUNDREDS_POSITION, n_games=1, every=5) if p.turn_number >= 2)
    d = s.to_dict()
    assert d["seat_faction"][0] == faction_id("hundreds") and not any(d["hoard"])
    names = _core.VITEM_NAMES
    hoard = [0] * len(names)
    for k, n in (("boots", 1), ("bag", 1), ("coins", 2), ("hammer", 1), ("tea", 1)):
        hoard[names.index(k)] = n
        d["item_supply"][names.index(k)] -= n
    d["hoard"] = hoard
    d["mood"] = _core.MOOD_NAMES.index("wrathful")
    mobs = [c for c in range(12) if c != d["keep"]][:3]
    d["mobs"] = [1 if c in mobs else 0 for c in range(12)]
    d["mob_supply"] = 5 - 3
    return d


def test_the_hundreds_board_round_trips_and_what_no_game_reaches_is_refused():
    """LoR 14.2.4, 14.3.1, 14.7 (H-4..H-8, H-17; docs/hundreds-keepers.md §5): the Hundreds' Hoard
    (counts by item kind, a full Command track), mood, mobs, strongholds and warlord survive
    to_dict/from_dict, the warlord off the map too (a hit removed it, H-C16); from_dict refuses two
    mobs in a clearing, mobs or warriors not 5 and 20 in all, the warlord in a forest, a mood past
    the eight or none, a torch in the Hoard, a fifth item on a track with no overflow to choose
    (H-5), a Hoard item taken from no supply (the items' conservation), and Command, Advances,
    Jubilant's rolls or an overflow past their numbers."""
    d = _hundreds_position()
    t = _core.State.from_dict(d)
    assert t.to_dict() == d and _core.State.from_dict(t.to_dict()) == t
    off = dict(d, warlord=-1)
    assert _core.State.from_dict(off).to_dict()["warlord"] == -1
    boots, sword, torch = (_core.VITEM_NAMES.index(k) for k in ("boots", "sword", "torch"))
    c = next(c for c in range(12) if d["mobs"][c])
    fifth = list(d["hoard"])
    fifth[boots] += 1
    supply = list(d["item_supply"])
    supply[boots] -= 1
    for change in ({"mobs": [2 if j == c else m for j, m in enumerate(d["mobs"])], "mob_supply": d["mob_supply"] - 1},
                   {"mob_supply": d["mob_supply"] + 1},                          # six mobs
                   {"hundred_supply": d["hundred_supply"] + 1},                  # 21 warriors
                   {"warlord": 12},                                              # a forest
                   {"mood": len(_core.MOOD_NAMES)}, {"mood": -1},
                   {"hoard": [int(k == torch) for k in range(8)]},               # a torch (no track)
                   {"hoard": fifth, "item_supply": supply},                      # five on Command, no overflow
                   {"hoard": [n + (k == sword) for k, n in enumerate(d["hoard"])]},   # a sword from nowhere
                   {"command_left": 5}, {"advance_left": 5}, {"jubilant_left": 5}, {"overflow": 3}):
        with pytest.raises(WyrmError):
            _core.State.from_dict(dict(d, **change))


def _at_contempt_for_trade():
    """A Hundreds, Marquise, Wyrm game (first seat 28 % 3, RandomPlayer seed 28) played to its first
    Contempt for Trade (26 actions)."""
    from mixes import new_game, players_for
    g, rng, players = new_game(HUNDREDS_POSITION, 28 % 3, 28), np.random.default_rng(28), players_for(HUNDREDS_POSITION, 28)
    while g.step != "contempt":
        seat = g.current_player
        g.apply(g.sample_chance(rng) if seat == _core.CHANCE else players[seat].choose(g))
    return g


def test_a_state_at_contempt_for_trade_loads_from_its_dict():
    """H-3 (LoR 14.2.3): a crafted item's Contempt for Trade is chosen at the step `contempt`, the
    item out of the supply and not yet in the Hoard nor removed (contempt_card names its card); the
    state loads back from its own dict there, as at every step a game reaches."""
    g = _at_contempt_for_trade()
    d = g.state.to_dict()
    assert d["contempt_card"] >= 0 and CARDS[d["contempt_card"]].item >= 0
    assert _core.State.from_dict(d) == g.state


KEEPERS_POSITION = ("keepers", "marquise", "wyrm")
NCL = _core.NUM_CLEARINGS


def _move_relic(d: dict, r: int, at: int, value: int) -> None:
    """Relic r to at (a clearing, NCL + a forest, the track) with value, the clearings' counts kept."""
    for c, n in ((d["relic_at"][r], -1), (at, 1)):
        if 0 <= c < NCL:
            d["relics"][c] += n
    d["relic_at"][r], d["relic_value"][r] = at, value


def _keepers_position() -> dict:
    """The state dict of a Keepers, Marquise, Wyrm game after setup (turn 2 or later), with a figure
    of value 3 in a clearing of Keeper warriors, a figure of value 3 face up in the third forest (a
    trophy placed), a tablet (2) and a jewelry (1) on the Relics track, and a card of the Keepers'
    hand added to the Retinue's Battle then Delve column."""
    s = next(p for p in positions(KEEPERS_POSITION, n_games=1, every=5) if p.turn_number >= 2)
    d = s.to_dict()
    assert d["seat_faction"][0] == faction_id("keepers") and not any(d["relic_value"])
    c = next(c for c in range(NCL) if d["keepers"][c])
    for r, at, value in ((0, c, 3), (1, NCL + 2, 3), (4, _core.RELIC_AT_RECOVERED, 2), (8, _core.RELIC_AT_RECOVERED, 1)):
        _move_relic(d, r, at, value)
    t = next(t for t, n in enumerate(d["hand"][0]) if n)
    d["hand"][0][t] -= 1
    d["hand_size"][0] -= 1
    slot = d["retinue"].index(-1)
    d["retinue"][slot], d["retinue_column"][slot] = t, 1
    return d


def test_the_keepers_board_round_trips_and_what_no_game_reaches_is_refused():
    """LoR 15.2-15.3, 15.5.2 (I-1, I-3, I-9, I-12, I-C1, I-C2, I-C8; docs/hundreds-keepers.md §7): the
    Keepers' relics (a place and a value each: in a clearing, face up in a forest, on the Relics
    track), the Retinue (a hand card added to a column beside the Faithful Retainers) and the
    waystations survive to_dict/from_dict; from_dict refuses relics not where the clearings' counts
    say, values of a type past 1, 2, 3, 3, a face-down relic in a clearing or on the track (only a
    delve flips one, and its value is drawn at once), a value past 3, a relic in no place of the map
    (a forest past the map's, a trophy for a seat not at the table), waystations not where the
    clearings' counts say or face up off the map, a Retinue card taken from no supply (the cards'
    conservation) or of no card, a column past the three, a used mark on an empty slot, and 16
    warriors."""
    d = _keepers_position()
    t = _core.State.from_dict(d)
    assert t.to_dict() == d and _core.State.from_dict(t.to_dict()) == t
    c = d["relic_at"][0]
    slot = next(i for i, x in enumerate(d["retinue"]) if 0 <= x < len(CARDS))
    empty = d["retinue"].index(-1)

    def changed(name, i, value):
        row = list(d[name])
        row[i] = value
        return {name: row}

    for change in (changed("relics", (c + 1) % NCL, d["relics"][(c + 1) % NCL] + 1),   # a relic from nowhere
                   {"relic_value": [3, 3, 3, 3] + d["relic_value"][4:]},         # four figures of 3
                   changed("relic_value", 0, 0),                               # face down in a clearing
                   changed("relic_value", 4, 0),                               # face down on the track
                   changed("relic_value", 0, 4),
                   changed("relic_at", 2, NCL + 7),                            # the eighth forest of seven
                   changed("relic_at", 2, _core.RELIC_AT_TROPHY + 5),          # seat 6 of three
                   changed("waystations", c, d["waystations"][c] + 1),
                   changed("way_face", 2, 1),                                  # face up on the faction board
                   changed("retinue", empty, d["retinue"][slot]),              # a card from no supply
                   changed("retinue", empty, len(CARDS) + 5),                  # no card
                   changed("retinue_column", slot, 3),
                   {"retinue_used": 1 << empty},
                   {"keeper_supply": d["keeper_supply"] + 1}):                 # 16 warriors
        with pytest.raises(WyrmError):
            _core.State.from_dict(dict(d, **change))


@pytest.mark.parametrize("change, what", [
    pytest.param(lambda d: {"relic_at": d["relic_at"][:2] + [-1] + d["relic_at"][3:]}, "a relic unplaced after setup"),
    pytest.param(lambda d: {"retinue": [x if x >= 0 or i != d["retinue"].index(-1) else _core.RETAINER_CARD
                                        for i, x in enumerate(d["retinue"])]}, "a fourth Faithful Retainer"),
    pytest.param(lambda d: {"relic_at": [_core.RELIC_AT_TROPHY + 1] + d["relic_at"][1:],
                            "relics": [n - (c == d["relic_at"][0]) for c, n in enumerate(d["relics"])]},
                 "a removed relic waiting at the Marquise's Daylight"),
], ids=["unplaced", "retainer", "trophy"])
def test_from_dict_refuses_a_keepers_board_no_game_reaches(change, what):
    """LoR 15.3.1, 15.3.4, 15.3.5, 15.2.5 (I-8, I-11, I-12, I-C7, I-7): a state after setup with a relic
    not placed, a fourth Faithful Retainer, or a removed relic still waiting for its remover where no
    reaction is being settled is no state a game reaches: from_dict refuses it."""
    d = _keepers_position()
    assert _core.STEP_NAMES[d["step"]] == "marquise_daylight" and d["turn_number"] >= 2, what
    with pytest.raises(WyrmError):
        _core.State.from_dict(dict(d, **change(d)))
