"""The Lord of the Hundreds (LoR 14) in the engine protocol 2.19 (docs/protocol.md): the state JSON's
`hundreds` object (hundreds_facts) -- the Hoard by item and by track, Command and Prowess, the mood
and the moods open to Choose Mood, the warlord's clearing, mobs and strongholds, what Oppress counts,
the Evening's draws, the supply and the turn under way (phase, Birdsong stage, razed ruins, the mob
die's suit, the Daylight's Command and Advances left, Jubilant, Contempt, an overflow) -- the same in
every view (the Hundreds hide nothing, docs/hundreds-keepers.md §5), a clearing's pieces and flat
fields, the supplies, the schema through whole games at three to six seats, `new` and `setposition`
seating the Hundreds, positions read back, and the events' words."""
from __future__ import annotations

import json

import numpy as np
import pytest

from hundreds_views import HD_FIELDS, HD_MIXES, LH, NCL, TABLE, games, hand_written, hundreds_seat
from mixes import mix_id, random_positions
from read_back import read_back
from test_protocol import Harness, _schema
from wyrm_ai import _core
from wyrm_ai.model import hundreds_facts
from wyrm_ai.model.actions import decode
from wyrm_ai.model.events import fields
from wyrm_ai.model.game import Game
from wyrm_ai.model.narration import sentence
from wyrm_ai.model.redaction import PUBLIC, REFEREE, events_seen, observe
from wyrm_ai.protocol.views import PROTOCOL_VERSION, state_view, views_of

MOODS = tuple(_core.MOOD_NAMES)
ORDER = {"birdsong": 0, "daylight": 1, "evening": 2}
EVENTS = {"hoard", "contempt", "loot", "mob_die", "mob", "anoint", "mood", "lh_build", "ignored"}


def test_the_protocol_version_is_2_21():
    assert PROTOCOL_VERSION == "2.21"


def test_hundreds_facts_read_the_board_of_a_position():
    """LoR 14.2.4 (H-4, H-6: three Command items give Command 3, one Prowess item Prowess 2; trap
    H-T1), 14.4.4 (H-17: the moods open are the other moods whose item is not in the Hoard), 14.6.2
    (H-22: Oppress counts 3 and 7, not 11 where a Marquise warrior stands; 1 VP), 14.2.1 (H-1: the
    strongholds craft as their clearings' suits), 14.6.3 (one draw, not Rowdy): the hand-written
    position read the same from every viewer's observation and from the state dict (all public)."""
    g = Game.from_position(hand_written())
    for d in [g.state.to_dict()] + [observe(g.state, v) for v in (0, 1, 2, PUBLIC, REFEREE)]:
        assert hundreds_facts.seated(d) and hundreds_facts.seat(d) == 1 and not hundreds_facts.on_turn(d)
        assert hundreds_facts.warlord(d) == 3
        assert hundreds_facts.warriors(d) == {3: 3, 7: 1, 11: 2}
        assert hundreds_facts.strongholds(d) == {3: 1, 7: 1} and hundreds_facts.mobs(d) == [3, 7]
        assert hundreds_facts.hoard(d) == {"boots": 2, "coins": 1, "sword": 1}
        assert hundreds_facts.tracks(d) == {"command": ["boots", "boots", "coins"], "prowess": ["sword"]}
        assert (hundreds_facts.command(d), hundreds_facts.prowess(d)) == (3, 2)
        assert hundreds_facts.mood(d) == "relentless"
        assert hundreds_facts.moods_open(d) == ["bitter", "grandiose", "lavish", "stubborn"]
        assert hundreds_facts.oppressed(d) == [3, 7] and hundreds_facts.oppress_vp(d) == 1
        assert hundreds_facts.draws(d) == LH["evening_draw"]
        assert hundreds_facts.crafting(d) == {"fox": 0, "rabbit": 1, "mouse": 1}
        assert hundreds_facts.supply(d) == {"warriors": LH["warriors"] - 6, "mobs": LH["mobs"] - 2,
                                            "strongholds": LH["strongholds"] - 2}
        assert hundreds_facts.phase(d) is None and hundreds_facts.daylight(d) is None
        assert (hundreds_facts.raze_ruins(d), hundreds_facts.mob_suit(d), hundreds_facts.jubilant_left(d)) == ([], None, 0)
        assert hundreds_facts.contempt(d) is None and hundreds_facts.overflow(d) is None


def test_lavish_stays_with_every_other_moods_item_in_the_hoard():
    """LoR 14.4.4 (H-17, trap H-T7): the mood must change to one whose item is not in the Hoard;
    Lavish with every other mood's item held (boots, bag, coins; crossbow, hammer, sword, tea) has
    none open, and stays; Stubborn with none held may take any other."""
    every = {"boots": 1, "bag": 1, "coins": 1, "crossbow": 1, "hammer": 1, "sword": 1, "tea": 1}
    d = observe(Game.from_position(hand_written(mood="lavish", hoard=every)).state, PUBLIC)
    assert hundreds_facts.moods_open(d) == [] and (hundreds_facts.command(d), hundreds_facts.prowess(d)) == (3, 4)
    d = observe(Game.from_position(hand_written(mood="stubborn", hoard={})).state, PUBLIC)
    assert hundreds_facts.moods_open(d) == [m for m in MOODS if m != "stubborn"]


def test_a_rowdy_draw_counts_the_enemies_with_the_warlord():
    """LoR 14.7.6 (H-29, H-C13): Rowdy draws one more card, two more with three or more enemy pieces
    (of any enemies, any kind) in the warlord's clearing; read alike from the state dict (counted
    here) and from an observation (the core's public fact)."""
    crowd = hand_written(mood="rowdy")
    crowd["clearings"][2]["pieces"]["marquise"] = {"warriors": 2}
    crowd["clearings"][2]["pieces"]["wyrm"] = {"warriors": 1}
    for position, n in ((hand_written(mood="rowdy"), 2), (crowd, 3)):
        g = Game.from_position(position)
        assert hundreds_facts.draws(g.state.to_dict()) == hundreds_facts.draws(observe(g.state, 0)) == n
        # (the crowd's enemy pieces keep clearing 3 out of Oppress too: LoR 14.6.2, trap H-T8)
        assert hundreds_facts.oppressed(g.state.to_dict()) == ([7] if n == 3 else [3, 7])


def test_the_turn_bookkeeping_through_whole_games():
    """LoR 14.4-14.6 through seeded games at the Marquise, Hundreds, Wyrm table: the turn's phases
    come in order, Birdsong, Daylight, Evening (H-12, H-18), and off their turn no bookkeeping shows;
    the Daylight begins with Command and Prowess (H-19, H-20) and its counts are the core's; a razed
    ruin still to give its item holds a mob (H-13); the mob die's suit is where its mob may go (H-14);
    the moods open are what Choose Mood offers (H-17); Oppress scores what the facts counted before
    (H-22); the draws read from a state dict are the core's public fact (H-23, H-29)."""
    seen = dict.fromkeys(("daylight", "begun", "razed", "mob", "mood", "oppress", "off"), 0)
    last = {}

    def visit(g):
        d, obs = g.state.to_dict(), observe(g.state, PUBLIC)
        if "oppressed" in last:
            vp = [e for e in g.last_events if e.kind == "vp" and _core.VP_REASONS[e.arg] == "oppress"]
            if vp:
                assert (vp[0].amount, vp[0].detail) == (last["oppress_vp"], len(last["oppressed"]))
                seen["oppress"] += 1
        last["oppressed"], last["oppress_vp"] = hundreds_facts.oppressed(obs), hundreds_facts.oppress_vp(obs)
        assert hundreds_facts.draws(d) == hundreds_facts.draws(obs)
        phase = hundreds_facts.phase(obs)
        if not hundreds_facts.on_turn(obs):
            assert phase is None and hundreds_facts.daylight(obs) is None and hundreds_facts.raze_ruins(obs) == []
            assert hundreds_facts.mob_suit(obs) is None and hundreds_facts.jubilant_left(obs) == 0
            seen["off"] += 1
            return
        turn = obs["turn_number"]
        if phase is not None:
            before = last.get("phase")
            if before and before[0] == turn:
                assert ORDER[phase] >= ORDER[before[1]], (g.step, phase, before)
            if phase == "daylight" and (not before or before[0] != turn or before[1] == "birdsong"):
                day = hundreds_facts.daylight(obs)
                assert (day["command_left"], day["advance_left"]) == (hundreds_facts.command(obs), hundreds_facts.prowess(obs))
                seen["begun"] += 1
            last["phase"] = (turn, phase)
        day = hundreds_facts.daylight(obs)
        assert (day is not None) == (phase == "daylight")
        if g.step == "hundreds_daylight":
            assert (day["command_left"], day["advance_left"]) == (d["command_left"], d["advance_left"])
            assert day["block"] == ("command", "advance")[d["lh_block"]]
            seen["daylight"] += 1
        if g.step == "raze_ruin":
            ruins = hundreds_facts.raze_ruins(obs)
            assert ruins and set(ruins) <= set(hundreds_facts.mobs(obs))
            seen["razed"] += 1
        suit = hundreds_facts.mob_suit(obs)
        if suit is not None and g.current_player == hundreds_seat(g):
            kinds = {decode(a).kind for a in g.legal_actions()}
            assert kinds == {"mob"}, kinds
            assert all(_core.SUIT_NAMES[obs["suit"][decode(a).args[0]]] == suit for a in g.legal_actions())
            seen["mob"] += 1
        if hundreds_facts.birdsong_stage(obs) == "mood" and g.step == "hundreds_birdsong":
            offered = {MOODS[decode(a).args[0]] for a in g.legal_actions() if decode(a).kind == "mood"}
            assert offered == set(hundreds_facts.moods_open(obs))
            seen["mood"] += 1

    for _ in games(TABLE, (1, 2, 3), visit):
        pass
    assert min(seen.values()) > 2, seen


def test_a_new_hundreds_game_has_their_board_in_the_state_json():
    """`new marquise hundreds wyrm` seats the Hundreds (LoR 14.3: 20 warriors, 6 strongholds, 5 mobs in
    supply, the warlord off the map before setup, Stubborn, H-8, H-11); the clearings' pieces and flat
    fields name them; after the setup the warlord, four warriors and a stronghold stand in the corner
    diagonally opposite the Marquise's Keep (LoR 14.3.2, H-9); a faction named twice is refused."""
    h = Harness(seed=3)
    assert h.ok("protocol_version") == [PROTOCOL_VERSION] == ["2.21"]
    h.ok("new marquise hundreds wyrm 3")
    g = h.session.game
    assert g.factions == TABLE
    state = json.loads(h.ok("state public")[0])
    z = state["hundreds"]
    assert z["warlord"] is None and z["hoard"] == {} and z["mood"] == "stubborn" and z["mobs"] == []
    assert (z["command"], z["prowess"]) == (1, 1) and z["moods_open"] == [m for m in MOODS if m != "stubborn"]
    supply = {"warriors": LH["warriors"], "mobs": LH["mobs"], "strongholds": LH["strongholds"]}
    assert z["supply"] == state["supplies"]["hundreds"] == supply
    assert all(c["hundreds"] == 0 and c["warlord"] is False and c["mob"] is False for c in state["clearings"])
    rng = np.random.default_rng(3)
    while g.state.turn_number == 0:            # the setup (the Hundreds' corner: the one opposite the Keep)
        g.apply(g.sample_chance(rng) if g.is_chance_node() else g.legal_actions()[0])
    state = json.loads(h.ok("state public")[0])
    c = state["hundreds"]["warlord"]
    assert c == {1: 3, 3: 1, 2: 4, 4: 2}[state["keep"]]
    row = state["clearings"][c - 1]
    assert row["pieces"]["hundreds"] == {"warriors": LH["start_warriors"], "warlord": 1, "strongholds": 1}
    assert (row["hundreds"], row["warlord"], row["strongholds"]) == (LH["start_warriors"], True, 1)
    h.ok("new hundreds marquise")
    g = h.session.game
    assert g.factions == ("marquise", "hundreds") and g.factions[g.first] == "hundreds"
    assert h.err("new hundreds rats wyrm").startswith("syntax")


def test_setposition_seats_the_hundreds_and_every_view_shows_their_board():
    """`setposition` reads the `hundreds` object (docs/protocol.md, "Positions": hoard and mood) and
    the clearings' pieces; every view's `hundreds` object is the same (nothing of it is hidden) and
    names the Hoard by track, Command 3 and Prowess 2 (LoR 14.2.4.II), the warlord in 3, the moods
    open (LoR 14.4.4) and Oppress's clearings (LoR 14.6.2)."""
    h = Harness(seed=4)
    h.ok("new marquise hundreds wyrm")
    h.ok("setposition " + json.dumps(hand_written(), separators=(",", ":")))
    boards = {view: json.loads(h.ok(f"state {view}")[0]) for view in ("marquise", "hundreds", "wyrm", "public", "referee")}
    z = boards["referee"]["hundreds"]
    assert all(b["hundreds"] == z for b in boards.values())
    assert z["hoard"] == {"boots": 2, "coins": 1, "sword": 1} and (z["command"], z["prowess"]) == (3, 2)
    assert z["warlord"] == 3 and z["mobs"] == [3, 7] and z["strongholds"] == {"3": 1, "7": 1}
    assert z["moods_open"] == ["bitter", "grandiose", "lavish", "stubborn"] and z["oppressed"] == [3, 7]
    assert boards["public"]["clearings"][2]["pieces"]["hundreds"] == {"warriors": 3, "warlord": 1, "strongholds": 1, "mob": 1}
    assert not any(boards["public"]["items"]["hundreds"].values())     # the Hoard is no Crafted Items box (H-T12)


@pytest.mark.parametrize("mix", HD_MIXES, ids=mix_id)
def test_protocol_views_follow_the_schema_through_whole_games(mix):
    """protocol 2.19: every view of a whole game at a Hundreds table (three to six seats) validates
    against docs/protocol.md's schema; the `hundreds` object is the same in every view (LoR 14: the
    Hundreds hide nothing) and is the core's board: the warlord, mobs, strongholds, Hoard, mood;
    a clearing's pieces.hundreds and flat fields are its warriors, warlord, strongholds and mob;
    supplies.hundreds is the supply."""
    jsonschema = pytest.importorskip("jsonschema")
    validator = jsonschema.Draft202012Validator(_schema())
    checked = 0
    every = {3: 31, 4: 47, 5: 71, 6: 71}[len(mix)]
    for g in random_positions(mix, 1, every, 5):
        d = g.state.to_dict()
        objects = []
        for name in views_of(g):
            v = json.loads(json.dumps(state_view(g, name)))
            validator.validate(v)
            z = v["hundreds"]
            objects.append(z)
            assert z["warlord"] == (d["warlord"] + 1 if d["warlord"] >= 0 else None)
            assert z["mobs"] == [c + 1 for c in range(NCL) if d["mobs"][c]]
            assert z["strongholds"] == {str(c + 1): n for c, n in enumerate(d["strongholds"]) if n}
            assert z["hoard"] == {k: n for k, n in zip(_core.VITEM_NAMES, d["hoard"]) if n}
            assert z["mood"] == MOODS[d["mood"]] and z["supply"] == v["supplies"]["hundreds"]
            assert z["supply"] == {"warriors": d["hundred_supply"], "mobs": d["mob_supply"],
                                   "strongholds": LH["strongholds"] - sum(d["strongholds"])}
            for c in v["clearings"]:
                i = c["clearing"] - 1
                mine = c["pieces"].get("hundreds", {})
                assert (mine.get("warriors", 0), mine.get("warlord", 0), mine.get("strongholds", 0), mine.get("mob", 0)) \
                    == (d["hundreds"][i], int(d["warlord"] == i), d["strongholds"][i], d["mobs"][i])
                assert (c["hundreds"], c["warlord"], c["strongholds"], c["mob"]) \
                    == (d["hundreds"][i], d["warlord"] == i, d["strongholds"][i], bool(d["mobs"][i]))
        assert all(z == objects[0] for z in objects), g.step
        checked += 1
    assert checked >= 8, checked


def test_positions_along_games_read_back():
    """docs/api.md, "The position format": the `state referee` JSON of positions along games at the
    Marquise, Hundreds, Wyrm table reads back as a position with the Hundreds' pieces, Hoard, mood,
    supplies and the item supply (the Hoard's items are no supply's, LoR 14.2.4) the game's."""
    checked, started = read_back(random_positions(TABLE, 3, 41, 21), HD_FIELDS)
    assert checked >= 10 and started >= 10, (checked, started)


def test_the_hundreds_events_have_fields_and_words_in_every_view():
    """The engine's `events` reply: each of the Hundreds' events (LoR 14: hoard, contempt, loot,
    mob_die, mob, anoint, mood, lh_build, ignored; every one met over sixteen seeded games at three
    and four seats) reads the same in every view (nothing of them is hidden), with its fields and an
    English sentence; a Raze's removals have the cause `raze` (LoR 14.4.1)."""
    told, raze = set(), 0
    for g in (g for mix in HD_MIXES[:2] for g in games(mix, range(8))):
        table = g.faction_ids
        for evs in g.events:
            mine = [e for e in evs if e.kind in EVENTS]
            raze += sum(1 for e in evs if e.kind == "remove" and e.detail is not None
                        and _core.REMOVE_CAUSES[e.detail] == "raze")
            if not mine:
                continue
            for view in (*range(g.num_seats), PUBLIC):
                assert [e for e in events_seen(evs, view, table) if e.kind in EVENTS] == mine
            for e in mine:
                shown = dict(fields(e), text=sentence(e))
                assert shown["kind"] == e.kind and shown["text"] and "seat" in shown
                told.add(e.kind)
    assert told == EVENTS, told
    assert raze > 0


def test_a_position_reads_the_ruins_a_raze_took():
    """LoR 14.4.1 (H-13): a razed ruin leaves the map once its item is taken. Without the Vagabond, a
    position says so by the ruin clearing's `ruin: false` and names the items still under the
    other ruins in `hundreds.ruin_items` (a pool, as the Vagabond's); the state JSON gives it back.
    Some ruins razed and no pool named is refused by name; all razed needs none."""
    from wyrm_ai.model.errors import PositionError
    p = hand_written(ruin_items={"bag": 1, "hammer": 1, "sword": 1})
    p["clearings"][5]["ruin"] = False
    p["hundreds"]["hoard"] = {"boots": 3, "coins": 1, "sword": 1}     # the razed ruin's boot in the Hoard
    g = Game.from_position(p)
    d = g.state.to_dict()
    assert (d["explored"] >> 5) & 1 and d["ruin_items"][:5] == [0, 1, 0, 1, 1]
    v = state_view(g, "public")
    assert v["hundreds"]["ruin_items"] == {"bag": 1, "hammer": 1, "sword": 1} and v["clearings"][5]["ruin"] is False
    del p["hundreds"]["ruin_items"]
    with pytest.raises(PositionError, match="hundreds.ruin_items"):
        Game.from_position(p)
