"""The Keepers in Iron (LoR 15) in the engine protocol 2.20 (docs/protocol.md): the state JSON's `keepers`
object (keepers_facts) -- the waystations with the relic type each shows face up, the twelve relics
(type, place, value; null face down), the Retinue by column and the cards used this Daylight, the
Relics track, the crafting waystations, the Evening's draws, the supply, the checks' numbers (the
core's public fact), the reactions owed (relics to carry, trophies to place) and the turn under way
(phase, Birdsong stage, Encamp's and Decamp's clearings, the Daylight's column and the action under
way, a delve's flip, Gather Retinue) -- the same in every view (the Keepers hide nothing,
docs/hundreds-keepers.md I-C1, I-C8), a clearing's pieces and flat fields, the supplies, the schema
through whole games at three to six seats, `new` and `setposition` seating the Keepers, a state JSON
read back as a position to the same state, and the events' words."""
from __future__ import annotations

import copy
import json

import numpy as np
import pytest

from keepers_views import KI_FIELDS, KI_MIXES, KT, NCL, RELICS, TABLE, games, hand_written, in_limbo, keepers_seat, \
    retinue_cards
from mixes import mix_id, random_positions
from test_protocol import Harness, _schema
from wyrm_ai import _core
from wyrm_ai.model import keepers_facts, maps
from wyrm_ai.model.actions import decode
from wyrm_ai.model.cards import CARDS
from wyrm_ai.model.errors import PositionError
from wyrm_ai.model.events import fields
from wyrm_ai.model.game import Game
from wyrm_ai.model.narration import sentence
from wyrm_ai.model.position import core_dict
from wyrm_ai.model.redaction import PUBLIC, REFEREE, events_seen, observe
from wyrm_ai.protocol.views import PROTOCOL_VERSION, state_view, views_of

TYPES = tuple(_core.RELIC_TYPE_NAMES)
COLUMNS = tuple(_core.RETINUE_COLUMNS)
FACES = KT["waystation_faces"]
SUITS = ("fox", "rabbit", "mouse")
ORDER = {"birdsong": 0, "daylight": 1, "evening": 2}
EVENTS = {"relic", "delve", "relic_value", "recover", "carry", "trophy", "encamp", "decamp", "retinue"}


def test_the_protocol_version_is_2_21():
    assert PROTOCOL_VERSION == "2.21"


def _card(t: int):
    return "retainer" if t == _core.RETAINER_CARD else CARDS[t].token


def check_object(z: dict, d: dict, v: dict) -> None:
    """The `keepers` object z of state JSON v is the core's board d (State.to_dict), field by field
    (LoR 15.2-15.6), and agrees with v's own fields (rulers, supplies)."""
    forests = maps.data(d["map"])["forest_names"]
    # the waystations (I-3): where each is, the type its face shows
    assert z["waystations"] == [None if d["way_at"][w] < 0 else
                                {"clearing": d["way_at"][w] + 1, "up": TYPES[FACES[w][d["way_face"][w]]]} for w in range(3)]
    # the relics by id (I-1): type i // 4; place; a value only once face up (I-C1)
    assert len(z["relics"]) == _core.NUM_RELICS
    for r, relic in enumerate(z["relics"]):
        at = d["relic_at"][r]
        assert relic["type"] == TYPES[r // 4]
        want = (None if at < 0 else at + 1 if at < NCL else forests[at - NCL] if at < _core.RELIC_AT_TROPHY
                else "recovered" if at == _core.RELIC_AT_RECOVERED else "trophy")
        assert relic["at"] == want, (r, relic, at)
        assert relic["value"] == (d["relic_value"][r] or None)
    # the Retinue by column (I-C8), the cards used this Daylight among them
    assert sorted((COLUMNS.index(c), card) for c, cards in z["retinue"].items() for card in cards) \
        == sorted((col, _card(t)) for col, t in [(c, t) for t, c in zip(d["retinue"], d["retinue_column"]) if t >= 0])
    assert sum(len(cards) for cards in z["retinue"].values()) <= KT["retinue"]
    for col, cards in z["retinue_used"].items():
        assert all(cards.count(c) <= z["retinue"][col].count(c) for c in cards)
    if z["phase"] != "daylight":
        assert not any(z["retinue_used"].values())
    # the Relics track (I-25, I-26)
    assert z["recovered"] == {name: sum(d["relic_at"][r] == _core.RELIC_AT_RECOVERED for r in range(t * 4, t * 4 + 4))
                              for t, name in enumerate(TYPES)}
    assert z["columns"] == min(z["recovered"].values())
    # the supply, the crafting pieces (I-4), the Evening's draws (I-31)
    assert z["supply"] == v["supplies"]["keepers"] == {"warriors": d["keeper_supply"],
                                                         "waystations": KT["waystations"] - sum(d["waystations"])}
    assert sum(z["crafting"].values()) == sum(w is not None for w in z["waystations"])
    assert z["draws"] == v["evening_draws"]["keepers"] == KT["evening_draw"] + sum(w is not None for w in z["waystations"])
    # the checks' numbers, against the state JSON's rulers (LoR 15.5.2.II.b, III.c; I-T2, I-T3)
    ruled = {c["clearing"] for c in v["clearings"] if c["ruler"] == "keepers"}
    assert z["ruled_around_forest"] == {f: len(ruled & {int(c) for c in f.split("_")}) for f in forests}
    assert z["ruled_of_suit"] == {s: sum(1 for c in ruled if v["suits"][c - 1] == s) for s in SUITS}
    # a relic a Recover could take: in its clearing, a waystation there showing its type (I-25, I-T4)
    assert z["recoverable"] == [{"relic": r, "type": rel["type"], "clearing": rel["at"]} for r, rel in enumerate(z["relics"])
                                if isinstance(rel["at"], int)
                                and any(w and w["clearing"] == rel["at"] and w["up"] == rel["type"] for w in z["waystations"])]
    # the values not yet face up, per type (1, 2, 3, 3 each: I-1, I-C1)
    for name, left in z["face_down_values"].items():
        up = [rel["value"] for rel in z["relics"] if rel["type"] == name and rel["value"] is not None]
        assert sorted(left + up) == sorted(KT["relic_values"]), (name, left, up)
    # the reactions owed, on any turn (I-6, I-7)
    assert z["carry"] == (None if d["carry_left"] == 0 else
                          {"from": d["carry_from"] + 1, "to": d["carry_to"] + 1, "left": d["carry_left"]})
    assert [t["relic"] for t in z["trophies"]] == [r for r, rel in enumerate(z["relics"]) if rel["at"] == "trophy"]
    # a clearing's pieces and flat fields
    for c in v["clearings"]:
        i = c["clearing"] - 1
        mine = c["pieces"].get("keepers", {})
        assert (mine.get("warriors", 0), mine.get("waystations", 0), mine.get("relics", 0)) \
            == (d["keepers"][i], d["waystations"][i], d["relics"][i])
        assert (c["keepers"], c["relics"]) == (d["keepers"][i], d["relics"][i])
        assert sorted(c["waystations"]) == sorted(w["up"] for w in z["waystations"] if w and w["clearing"] == i + 1)
        assert d["relics"][i] == sum(1 for rel in z["relics"] if rel["at"] == i + 1)


def test_keepers_facts_read_the_board_of_a_position():
    """LoR 15.2.2 (I-3: each waystation shows one of its two types), 15.2.1 (I-1: four relics of each
    type, values 1, 2, 3, 3; I-C1: the values not yet face up), 15.5.2.III.a (I-25, trap I-T4: a relic
    is recoverable where a waystation shows its type -- the figure in 2 and the jewelry in 6, not the
    tablet in 6), 15.5.2.III.b (I-26: one relic of each type on the track fills a column), 15.2.3 (I-4:
    the waystations craft as their clearings' suits), 15.6.3 (I-31: one draw and one per waystation
    on the map), 15.5.2.II.b and III.c (traps I-T2, I-T3: the clearings ruled around each forest and
    of each suit): the hand-written position read the same from every viewer's observation and from
    the state dict (all public, I-C8)."""
    g = Game.from_position(hand_written())
    for d in [g.state.to_dict()] + [observe(g.state, v) for v in (0, 1, 2, PUBLIC, REFEREE)]:
        assert keepers_facts.seated(d) and keepers_facts.seat(d) == 1 and not keepers_facts.on_turn(d)
        assert keepers_facts.warriors(d) == {2: 3, 6: 2, 10: 1}
        assert keepers_facts.waystations(d) == [{"clearing": 2, "up": "figure"}, {"clearing": 6, "up": "jewelry"}, None]
        assert keepers_facts.relics(d) == RELICS and keepers_facts.relics_at(d) == {2: 1, 6: 2}
        assert keepers_facts.retinue(d) == {"move": ["retainer", "M#sword"], "battle_delve": ["retainer"],
                                            "move_recover": ["retainer", "F#anvil"]}
        assert keepers_facts.recovered(d) == {"figure": 1, "tablet": 1, "jewelry": 1} and keepers_facts.columns(d) == 1
        assert keepers_facts.face_down_values(d) == {"figure": [2, 3], "tablet": [1, 3], "jewelry": [1, 3]}
        assert keepers_facts.recoverable(d) == [{"relic": 0, "type": "figure", "clearing": 2},
                                                {"relic": 8, "type": "jewelry", "clearing": 6}]
        assert keepers_facts.ruled_of_suit(d) == {"fox": 1, "rabbit": 1, "mouse": 1}      # 6, 10, 2
        assert keepers_facts.ruled_around_forest(d)["2_6_10_11_12"] == 3
        assert keepers_facts.ruled_around_forest(d)["1_2_5_10"] == 2                     # 2 and 10, not 1 or 5
        assert keepers_facts.crafting(d) == {"fox": 1, "rabbit": 0, "mouse": 1}
        assert keepers_facts.draws(d) == KT["evening_draw"] + 2
        assert keepers_facts.supply(d) == {"warriors": KT["warriors"] - 6, "waystations": 1}
        assert keepers_facts.phase(d) is None and keepers_facts.column(d) is None and keepers_facts.acting(d) is None
        assert keepers_facts.carry(d) is None and keepers_facts.trophies(d) == [] and keepers_facts.gather(d) is None
        assert keepers_facts.delve(d) is None and keepers_facts.encamped(d) == []


def test_the_turn_bookkeeping_through_whole_games():
    """LoR 15.4-15.6 through seeded games at the Keepers, Marquise, Wyrm table: the turn's phases come
    in order (I-14, I-18), and off their turn no bookkeeping shows; the Birdsong's stage is what its
    actions do (Encamp, Decamp, Recruit: I-15..I-17), and Encamp's and Decamp's clearings are done
    once (I-C9); the Daylight's column is what its actions are (I-19..I-24); a delve's flip draws
    from the values the facts list as still face down, at their odds (I-22, I-C1); a carry's relics
    are those in the clearing the warriors left (I-6, I-C3); a trophy is placed by its remover
    (I-7); Gather Retinue offers no shift once a card is added and nothing once one is shifted
    (I-30, trap I-T8); a relic recovered was recoverable (I-25); the draws are the core's (I-31)."""
    seen = dict.fromkeys(("birdsong", "daylight", "flip", "carry", "trophy", "gather", "recover", "off"), 0)
    last = {}

    def visit(g):
        d, obs = g.state.to_dict(), observe(g.state, PUBLIC)
        kinds = {decode(a).kind for a in g.legal_actions()} if not g.is_chance_node() else set()
        if last.get("recoverable") is not None and g.record and decode(g.record[-1]).kind == "recover":
            assert decode(g.record[-1]).args[0] in last["recoverable"]
            seen["recover"] += 1
        last["recoverable"] = {x["relic"] for x in keepers_facts.recoverable(obs)}
        assert keepers_facts.draws(d) == keepers_facts.draws(obs) == obs["evening_draws"][keepers_seat(g)]
        phase = keepers_facts.phase(obs)
        if g.step == "relic_value":
            delve = keepers_facts.delve(obs)
            assert delve is not None and keepers_facts.relics(obs)[delve["relic"]]["value"] is None
            left = keepers_facts.face_down_values(obs)[delve["type"]]
            odds = {decode(a).args[0] + 1: p for a, p in g.chance_outcomes()}
            assert odds == pytest.approx({v: left.count(v) / len(left) for v in set(left)})
            seen["flip"] += 1
        if g.step == "carry":
            carry = keepers_facts.carry(obs)
            assert carry is not None
            relics = keepers_facts.relics(obs)
            assert all(relics[decode(a).args[0]]["at"] == carry["from"] for a in g.legal_actions() if decode(a).kind == "carry")
            seen["carry"] += 1
        if g.step == "trophy":
            trophies = keepers_facts.trophies(obs)
            assert trophies and trophies[0]["by"] == g.factions[g.current_player]
            seen["trophy"] += 1
        if not keepers_facts.on_turn(obs):
            assert phase is None and keepers_facts.column(obs) is None and keepers_facts.acting(obs) is None
            assert keepers_facts.birdsong_stage(obs) is None and keepers_facts.gather(obs) is None
            seen["off"] += 1
            return
        turn = obs["turn_number"]
        if phase is not None:
            before = last.get("phase")
            if before and before[0] == turn:
                assert ORDER[phase] >= ORDER[before[1]], (g.step, phase, before)
            last["phase"] = (turn, phase)
        stage = keepers_facts.birdsong_stage(obs)
        assert (stage is not None) == (phase == "birdsong" and 4 <= d["ki_stage"] <= 6)
        if g.step == "keepers_birdsong":
            assert kinds - {"pass"} <= {"encamp": {"encamp"}, "decamp": {"decamp"}, "recruit": {"ki_recruit"}}[stage]
            done = keepers_facts.encamped(obs) if stage == "encamp" else keepers_facts.decamped(obs)
            assert not any(decode(a).args[0] + 1 in done for a in g.legal_actions() if decode(a).kind == stage)
            seen["birdsong"] += 1
        column = keepers_facts.column(obs)
        assert (column is not None) == (phase == "daylight")
        if g.step == "keepers_daylight":
            ours = kinds & {"move", "battle", "delve_at", "recover"}
            allowed = {"move": {"move"}, "battle_delve": {"battle", "delve_at"}, "move_recover": {"move", "recover"}}[column]
            assert ours <= allowed, (column, ours)
            seen["daylight"] += 1
        if g.step in ("delve", "recover"):
            acting = keepers_facts.acting(obs)
            assert acting is not None and acting["column"] == {"delve": "battle_delve", "recover": "move_recover"}[g.step]
        if g.step == "keepers_evening":
            gather = keepers_facts.gather(obs)
            if gather == "added":
                assert "retinue_shift" not in kinds
            if gather == "shifted":
                assert kinds == {"pass"}
            seen["gather"] += 1

    for _ in games(("keepers", "marquise", "wyrm"), (1, 2), visit):
        pass
    assert min(seen.values()) > 0, seen


def test_a_new_keepers_game_has_their_board_in_the_state_json():
    """`new marquise keepers wyrm` seats the Keepers (LoR 15.3: 15 warriors, three waystations on the
    faction board, I-9, I-13; before setup no relic is placed, the Retinue empty); after the setup a
    relic lies face down in each forest and the rest as evenly as possible (I-8, I-11), four warriors
    in a corner and four in a map-edge clearing beside it (I-10), and a Faithful Retainer in each
    column (I-12); a faction named twice is refused."""
    h = Harness(seed=3)
    assert h.ok("protocol_version") == [PROTOCOL_VERSION] == ["2.21"]
    h.ok("new marquise keepers wyrm 3")
    g = h.session.game
    assert g.factions == TABLE
    z = json.loads(h.ok("state public")[0])["keepers"]
    assert z["waystations"] == [None, None, None] and all(r["at"] is None and r["value"] is None for r in z["relics"])
    assert z["retinue"] == {name: [] for name in COLUMNS} and z["supply"] == {"warriors": KT["warriors"], "waystations": 3}
    rng = np.random.default_rng(3)
    while g.state.turn_number == 0:
        g.apply(g.sample_chance(rng) if g.is_chance_node() else g.legal_actions()[0])
    state = json.loads(h.ok("state public")[0])
    z = state["keepers"]
    forests = maps.data("autumn")["forest_names"]
    per = [sum(r["at"] == f for r in z["relics"]) for f in forests]
    assert all(r["at"] in forests and r["value"] is None for r in z["relics"]) and min(per) >= 1 and max(per) <= 3
    assert z["retinue"] == {name: ["retainer"] for name in COLUMNS}
    assert sorted(c["keepers"] for c in state["clearings"] if c["keepers"]) == [4, 4]
    assert z["supply"]["warriors"] == KT["warriors"] - 8 and z["draws"] == KT["evening_draw"]
    h.ok("new keepers marquise")
    assert h.session.game.factions == ("marquise", "keepers")
    assert h.err("new keepers keepers wyrm").startswith("syntax")


def test_setposition_seats_the_keepers_and_every_view_shows_their_board():
    """`setposition` reads the `keepers` object (docs/protocol.md, "Positions": waystations, relics,
    Retinue) and the clearings' pieces; every view's `keepers` object is the same (nothing of it is
    hidden, I-C1, I-C8) and names the waystations' faces up (I-3), the relics (a face-down value
    null, I-2), the recoverable relics (I-25) and the Relics track's filled column (I-26)."""
    h = Harness(seed=4)
    h.ok("new marquise keepers wyrm")
    h.ok("setposition " + json.dumps(hand_written(), separators=(",", ":")))
    boards = {view: json.loads(h.ok(f"state {view}")[0]) for view in ("marquise", "keepers", "wyrm", "public", "referee")}
    z = boards["referee"]["keepers"]
    assert all(b["keepers"] == z for b in boards.values())
    assert z["relics"] == RELICS and z["columns"] == 1 and [x["relic"] for x in z["recoverable"]] == [0, 8]
    row = boards["public"]["clearings"][5]
    assert row["pieces"]["keepers"] == {"warriors": 2, "waystations": 1, "relics": 2}
    assert (row["keepers"], row["waystations"], row["relics"]) == (2, ["jewelry"], 2)
    assert boards["public"]["supplies"]["keepers"] == {"warriors": 9, "waystations": 1}


@pytest.mark.parametrize("mix", KI_MIXES, ids=mix_id)
def test_protocol_views_follow_the_schema_through_whole_games(mix):
    """protocol 2.20: every view of positions along games at a Keepers table (three to six seats)
    validates against docs/protocol.md's schema; the `keepers` object is the same in every view (LoR
    15: the Keepers hide nothing, I-C1, I-C8) and is the core's board, every field present and
    consistent with the state (check_object): waystations and their faces, relics, Retinue, the
    Relics track, supply, draws, the checks' numbers against the rulers, the reactions owed; a
    clearing's pieces.keepers and flat fields are its warriors, waystations and relics."""
    jsonschema = pytest.importorskip("jsonschema")
    validator = jsonschema.Draft202012Validator(_schema())
    required = set(_schema()["properties"]["keepers"]["required"])
    checked = 0
    every = {3: 29, 4: 43, 5: 67, 6: 71}[len(mix)]
    for g in random_positions(mix, 1, every, 5):
        d = g.state.to_dict()
        objects = []
        for name in views_of(g):
            v = json.loads(json.dumps(state_view(g, name)))
            validator.validate(v)
            z = v["keepers"]
            assert set(z) == required
            check_object(z, d, v)
            objects.append(z)
        assert all(z == objects[0] for z in objects), g.step
        checked += 1
    assert checked >= 8, checked


def test_positions_along_games_read_back():
    """docs/api.md, "The position format": the `state referee` JSON of positions along games at the
    Keepers' tables reads back as a position (position_factions.Keepers) with the Keepers' pieces,
    waystations and faces, relics (places and values), Retinue (by column: its slots' order is no
    position's), supplies and the deck the game's, and sets up a game at that turn; a state between
    rules no position holds (a delved relic's flip to come, a trophy to place: I-7, I-22) is skipped."""
    checked = started = 0
    for mix in KI_MIXES[:2]:
        for g in random_positions(mix, 2, 37, 21):
            d = g.state.to_dict()
            if g.is_terminal() or d["turn_number"] == 0 or in_limbo(g):
                continue
            position = json.loads(json.dumps(state_view(g, REFEREE)))
            got = core_dict(copy.deepcopy(position))
            shared = ("turn", "score", "deck", "deck_size", "hand", "hand_size", "discard", "play_area")
            assert {k: got[k] for k in KI_FIELDS + shared} == {k: d[k] for k in KI_FIELDS + shared}, g.step
            assert retinue_cards(got) == retinue_cards(d)
            checked += 1
            game = Game.from_position(position)
            assert game.factions == g.factions and game.state.to_dict()["turn"] == d["turn"]
            started += 1
    assert checked >= 10 and started >= 10, (checked, started)


def test_a_position_refuses_a_trophy_and_disagreeing_pieces():
    """docs/api.md, "The position format": a relic removed and waiting for its remover (`"at":
    "trophy"`, LoR 15.2.5, I-7) is no position (its remover places it in a forest); a clearing's
    pieces.keepers.relics or waystations, or its flat `waystations` (the types face up), that
    disagree with the `keepers` object are refused by name; agreeing ones read."""
    p = hand_written()
    p["keepers"]["relics"][2]["at"] = "trophy"
    with pytest.raises(PositionError, match="trophy"):
        Game.from_position(p)
    p = hand_written()
    p["clearings"][5]["pieces"]["keepers"]["relics"] = 1
    with pytest.raises(PositionError, match="clearing 6"):
        Game.from_position(p)
    p = hand_written()
    p["clearings"][1]["waystations"] = ["tablet"]
    with pytest.raises(PositionError, match="clearing 2 waystations"):
        Game.from_position(p)
    p = hand_written()
    p["clearings"][1].update(waystations=["figure"], relics=1, keepers=3)
    assert Game.from_position(p).state.to_dict()["keepers"][1] == 3


def test_the_keepers_events_have_fields_and_words_in_every_view():
    """The engine's `events` reply: each of the Keepers' events (LoR 15: relic, delve, relic_value,
    recover, carry, trophy, encamp, decamp, retinue; every one met over seeded games at three and four
    seats) reads the same in every view (nothing of them is hidden: I-C1, I-C8; a flip's value is
    public once drawn), with its fields and an English sentence; Live Off the Land's removals have the
    cause `live_off_land` (LoR 15.6.1, I-29); the VP of a recovery and of Prized Trophies have their
    reasons (I-26, I-7)."""
    told, causes, reasons = set(), set(), set()
    for g in (g for mix in KI_MIXES[:2] for g in games(mix, range(6))):
        table = g.faction_ids
        for evs in g.events:
            causes |= {_core.REMOVE_CAUSES[e.detail] for e in evs if e.kind == "remove" and e.detail is not None}
            reasons |= {_core.VP_REASONS[e.arg] for e in evs if e.kind == "vp"}
            mine = [e for e in evs if e.kind in EVENTS]
            if not mine:
                continue
            for view in (*range(g.num_seats), PUBLIC):
                assert [e for e in events_seen(evs, view, table) if e.kind in EVENTS] == mine
            for e in mine:
                shown = dict(fields(e), text=sentence(e))
                assert shown["kind"] == e.kind and shown["text"] and "seat" in shown
                told.add(e.kind)
    assert told == EVENTS, told
    assert "live_off_land" in causes and {"recover", "trophy"} <= reasons, (causes, reasons)
