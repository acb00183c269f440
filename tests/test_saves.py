"""Saves: write a game to a file, load it back; corrupt or edited files are refused with a
SaveError that names the problem, and nothing already loaded is touched by a failed load."""
from __future__ import annotations

import copy
import json
import pathlib

import numpy as np
import pytest

from wyrm_ai import _core
from wyrm_ai.model.errors import SaveError, WyrmError
from wyrm_ai.model.factions import faction_id
from wyrm_ai.model.game import HAND_PROMPTS, POSITION_SAVE_VERSION, SAVE_FORMAT, SAVE_VERSION, Game
from wyrm_ai.ai.players import RandomPlayer


def played(seed: int, first="wyrm", max_actions: int | None = None) -> Game:
    g = Game(first=first)
    rng = np.random.default_rng(seed)
    players = {0: RandomPlayer(seed + 1), 1: RandomPlayer(seed + 2)}
    while not g.is_terminal() and (max_actions is None or len(g.record) < max_actions):
        seat = g.current_player
        g.apply(g.sample_chance(rng) if seat == -1 else players[seat].choose(g))
    return g


@pytest.fixture(scope="module")
def midgame() -> Game:
    g = played(5, max_actions=120)
    assert not g.is_terminal() and g.step not in ("deal", "marquise_keep")
    return g


@pytest.fixture(scope="module")
def finished() -> Game:
    g = played(6, first="marquise")
    assert g.is_terminal()
    return g


def snapshot(g: Game):
    return g.state.state_bytes(), list(g.record), g.record_lines(), g.first


def same_game(a: Game, b: Game) -> bool:
    return a.state == b.state and a.record == b.record and a.first == b.first \
        and a.record_lines() == b.record_lines()


# ---- round trips ---------------------------------------------------------------------------

@pytest.mark.parametrize("which", ["midgame", "finished"])
def test_save_and_load_round_trip(which, request, tmp_path):
    g = request.getfixturevalue(which)
    path = tmp_path / f"{which}.json"
    g.save(path)
    loaded = Game.load(path)
    assert same_game(loaded, g)
    assert loaded.is_terminal() == g.is_terminal() and loaded.scores == g.scores
    assert loaded.winner == g.winner and loaded.step == g.step
    # the file is plain JSON with the documented fields
    data = json.loads(path.read_text())
    assert data["format"] == SAVE_FORMAT and data["version"] == SAVE_VERSION
    assert data["actions"] == g.record and data["record"] == g.record_lines()
    assert data["state"] == g.state.to_dict()
    # saving the loaded game writes the same file
    path2 = tmp_path / "again.json"
    loaded.save(path2)
    assert path2.read_text() == path.read_text()


def test_loaded_midgame_plays_on_like_the_original(midgame, tmp_path):
    path = tmp_path / "mid.json"
    midgame.save(path)
    a, b = midgame.clone(), Game.load(path)
    for seed in range(40):
        if a.is_terminal():
            break
        if a.current_player == -1:
            x = a.sample_chance(np.random.default_rng(seed))
        else:
            x = a.legal_actions()[seed % len(a.legal_actions())]
        a.apply(x)
        b.apply(x)
        assert a.state == b.state
    # and the original was not touched by the play on its clone
    assert len(midgame.record) == 120


def test_new_game_round_trips(tmp_path):
    for first in ("marquise", "wyrm"):
        g = Game(first=first)
        g.save(tmp_path / "new.json")
        assert same_game(Game.load(tmp_path / "new.json"), g)


def test_load_accepts_str_path(midgame, tmp_path):
    path = tmp_path / "mid.json"
    midgame.save(str(path))
    assert same_game(Game.load(str(path)), midgame)


# ---- corrupt files -------------------------------------------------------------------------

def _edit(data, fn):
    d = copy.deepcopy(data)
    fn(d)
    return json.dumps(d)


def _set(key, value):
    def fn(d):
        d[key] = value
    return fn


def _del(key):
    def fn(d):
        del d[key]
    return fn


def _illegal_action(d):
    # replace the last action by one that is not legal at that point
    g = Game.replay(d["first"], d["actions"][:-1])
    bad = next(a for a in range(_core.NUM_ACTIONS) if not g.state.is_legal(a))
    d["actions"][-1] = bad


def _illegal_middle(d):
    d["actions"][3] = 9000   # a move from clearing 12 while the deal is going on


def _edit_state(d):
    d["state"]["score"][1] += 1


def _edit_state_nested(d):
    d["state"]["warriors"][0] = (d["state"]["warriors"][0] + 1) % 25


def _edit_record(d):
    d["record"][-1] = d["record"][-1] + " "


def _edit_record_other_line(d):
    d["record"][0] = "C: pass"


def _swap_first(d):
    d["first"] = "marquise" if d["first"] == "wyrm" else "wyrm"


def _extra_action(d):
    d["actions"].append(0)


# (id, file text builder from the good save data, words the message must contain)
CORRUPT = [
    ("not-json", lambda d: "this is not json {", ["not valid JSON"]),
    ("empty", lambda d: "", ["not valid JSON"]),
    ("truncated", lambda d: json.dumps(d)[: len(json.dumps(d)) // 2], ["not valid JSON"]),
    ("json-list", lambda d: json.dumps([1, 2, 3]), ["format"]),
    ("json-null", lambda d: "null", ["format"]),
    ("wrong-format-marker", lambda d: _edit(d, _set("format", "chess-game")), ["format"]),
    ("no-format-marker", lambda d: _edit(d, _del("format")), ["format"]),
    ("wrong-version", lambda d: _edit(d, _set("version", 2)), ["version", "2"]),
    ("version-string", lambda d: _edit(d, _set("version", "1")), ["version"]),
    ("no-version", lambda d: _edit(d, _del("version")), ["version"]),
    ("actions-not-list", lambda d: _edit(d, _set("actions", "1,2,3")), ["actions"]),
    ("actions-missing", lambda d: _edit(d, _del("actions")), ["actions"]),
    ("actions-strings", lambda d: _edit(d, lambda x: x.update(actions=[str(a) for a in x["actions"]])),
     ["actions"]),
    ("actions-floats", lambda d: _edit(d, lambda x: x.update(actions=[a + 0.5 for a in x["actions"]])),
     ["actions"]),
    ("actions-bools", lambda d: _edit(d, _set("actions", [True, False])), ["actions"]),
    ("actions-null-inside", lambda d: _edit(d, lambda x: x["actions"].append(None)), ["actions"]),
    ("illegal-action-last", lambda d: _edit(d, _illegal_action), ["replay", "not legal"]),
    ("illegal-action-early", lambda d: _edit(d, _illegal_middle), ["replay", "action 4"]),
    ("action-out-of-range", lambda d: _edit(d, lambda x: x["actions"].append(10**6)), ["replay"]),
    ("action-negative", lambda d: _edit(d, lambda x: x["actions"].insert(0, -3)), ["replay", "action 1"]),
    ("action-huge", lambda d: _edit(d, lambda x: x["actions"].insert(0, 2**80)), ["replay"]),
    ("bad-first", lambda d: _edit(d, _set("first", "eyrie")), ["replay"]),
    ("swapped-first", lambda d: _edit(d, _swap_first), []),
    ("edited-state-score", lambda d: _edit(d, _edit_state), ["state"]),
    ("edited-state-warriors", lambda d: _edit(d, _edit_state_nested), ["state"]),
    ("state-not-object", lambda d: _edit(d, _set("state", [1, 2])), ["state"]),
    ("edited-record-text", lambda d: _edit(d, _edit_record), ["record"]),
    ("edited-record-line", lambda d: _edit(d, _edit_record_other_line), ["record"]),
    ("record-not-list", lambda d: _edit(d, _set("record", "C: pass")), ["record"]),
    ("deeply-nested-json", lambda d: "[" * 100_000 + "]" * 100_000, []),
]


@pytest.mark.parametrize("name,build,words", CORRUPT, ids=[c[0] for c in CORRUPT])
def test_corrupt_save_raises_save_error(name, build, words, midgame, tmp_path):
    data = midgame.to_json()
    path = tmp_path / f"{name}.json"
    path.write_text(build(data))
    before = snapshot(midgame)
    with pytest.raises(SaveError) as err:
        midgame.load(path)                       # through an instance: it must not change
    msg = str(err.value)
    assert msg, name
    for w in words:
        assert w.lower() in msg.lower(), (name, w, msg)
    assert snapshot(midgame) == before


def test_actions_beyond_the_end_of_a_finished_game(finished, tmp_path):
    data = finished.to_json()
    data["actions"].append(0)
    path = tmp_path / "over.json"
    path.write_text(json.dumps(data))
    with pytest.raises(SaveError, match="over"):
        Game.load(path)


def test_binary_file_raises_save_error(midgame, tmp_path):
    path = tmp_path / "save.bin"
    path.write_bytes(bytes(range(256)) * 4)
    before = snapshot(midgame)
    with pytest.raises(SaveError, match="cannot read"):
        midgame.load(path)
    assert snapshot(midgame) == before


def test_binary_file_that_is_valid_utf8_raises_save_error(tmp_path):
    path = tmp_path / "save.bin"
    path.write_bytes(b"\x00\x01\x02PK\x03\x04" * 50)
    with pytest.raises(SaveError, match="not valid JSON"):
        Game.load(path)


def test_missing_file_raises_save_error(midgame, tmp_path):
    path = tmp_path / "nope" / "missing.json"
    before = snapshot(midgame)
    with pytest.raises(SaveError) as err:
        midgame.load(path)
    assert "missing.json" in str(err.value) and "cannot read" in str(err.value)
    assert snapshot(midgame) == before


def test_directory_instead_of_file_raises_save_error(tmp_path):
    with pytest.raises(SaveError, match="cannot read"):
        Game.load(tmp_path)


def test_from_json_with_non_dict_raises_save_error():
    for bad in (None, [], "wyrm-ai-game", 3, {"format": SAVE_FORMAT}):
        with pytest.raises(SaveError):
            Game.from_json(bad)


def test_save_error_is_a_wyrm_error():
    assert issubclass(SaveError, WyrmError)


def test_every_single_action_edit_is_caught(midgame):
    """Changing any one recorded action to another legal one is caught by the state check or
    makes the record text disagree; changing it to an illegal one fails the replay."""
    data = midgame.to_json()
    # pick a few decision points (not chance) and substitute another legal action there
    g = Game(first=data["first"])
    edits = 0
    for i, a in enumerate(data["actions"]):
        if edits < 5 and i > 10 and g.current_player in (0, 1) and len(g.legal_actions()) > 1:
            other = next(x for x in g.legal_actions() if x != a)
            bad = copy.deepcopy(data)
            bad["actions"][i] = other
            with pytest.raises(SaveError):
                Game.from_json(bad)
            edits += 1
        g.apply(a)
    assert edits == 5


# ---- State.from_dict ------------------------------------------------------------------------

@pytest.fixture(scope="module")
def state_dict(midgame):
    return midgame.state.to_dict()


def test_from_dict_round_trip(state_dict, midgame):
    s = _core.State.from_dict(copy.deepcopy(state_dict))
    assert s == midgame.state and s.to_dict() == state_dict


@pytest.mark.parametrize("key", ["step", "score", "deck", "hand", "warriors", "pawn", "growth",
                                 "battle", "flee_from"])
def test_from_dict_missing_field(state_dict, key):
    d = copy.deepcopy(state_dict)
    del d[key]
    with pytest.raises(WyrmError, match=key):
        _core.State.from_dict(d)


def test_from_dict_missing_battle_field(state_dict):
    d = copy.deepcopy(state_dict)
    del d["battle"]["alloc_left"]
    with pytest.raises(WyrmError, match="alloc_left"):
        _core.State.from_dict(d)


@pytest.mark.parametrize("key,value", [
    ("step", len(_core.STEP_NAMES)), ("step", -1), ("step", 1000),
    ("warrior_supply", 256), ("warrior_supply", -1), ("turn_number", 2**15),
    ("score", [0, 70000]), ("deck_size", 300), ("pawn", 128), ("keep", -129),
])
def test_from_dict_out_of_range_scalar(state_dict, key, value):
    d = copy.deepcopy(state_dict)
    d[key] = value
    with pytest.raises(WyrmError, match=key):
        _core.State.from_dict(d)


@pytest.mark.parametrize("key,fix", [
    ("warriors", lambda v: v[:-1]),                 # wrong length
    ("hand", lambda v: v[0]),                       # wrong shape
    ("deck", lambda v: [999] + v[1:]),              # element out of range
    ("fear", lambda v: [-1] + v[1:]),
    ("score", lambda v: "lots"),                    # not numbers
    ("growth", lambda v: None),
    ("buildings", lambda v: [[0] * 12, [0] * 12]),
])
def test_from_dict_bad_array(state_dict, key, fix):
    d = copy.deepcopy(state_dict)
    d[key] = fix(d[key])
    with pytest.raises(WyrmError, match=key):
        _core.State.from_dict(d)


@pytest.mark.parametrize("bad", [None, [], "state", 5])
def test_from_dict_not_a_dict(bad):
    with pytest.raises(WyrmError):
        _core.State.from_dict(bad)


@pytest.mark.parametrize("key,value", [
    ("turn", 2), ("first", -1), ("pawn", 19), ("pawn", -2), ("keep", 12), ("fear", [3] + [0] * 11),
    ("winner", 2),
])
def test_from_dict_rejects_out_of_range_indices(state_dict, key, value):
    """Fields the core uses as seats, clearings or enum values must be in their range; from_dict
    documents 'Raises WyrmError if a field is ... out of range'. Accepting turn=2 or pawn=19 lets
    the C core index its arrays out of bounds (hand[turn], FOREST_CLEARINGS[pawn - 12], ...)."""
    d = copy.deepcopy(state_dict)
    d[key] = value
    with pytest.raises(WyrmError, match=key):
        _core.State.from_dict(d)


# ---- saves with older action numbers (issue 11 renumbered them, and issue 12 again) --------------

LEGACY = pathlib.Path(__file__).parent / "data" / "legacy_saves"


@pytest.mark.parametrize("name", ["version7.json", "version8.json"])
def test_a_save_from_before_the_maps_replays_from_its_record_text(name):
    """issue 30: the forests of the largest map (the Mountain's ten, LoR 16.2.3.5) renumbered
    the actions after the Vagabond's forests. Version 7 (a new four-seat game with the Vagabond
    slipping between forests) and 8 (from a position, Eyrie-Vagabond-Wyrm), written by the core
    before that change, load from their record text to the same record and scores, with nothing
    added, as an Autumn game, and save again as this version."""
    data = json.loads((LEGACY / name).read_text())
    assert data["version"] in (7, 8) and any(line.startswith("V: ") for line in data["record"])
    g = Game.from_json(data)
    assert g.record_lines() == data["record"] and g.added_unasked == []
    assert list(g.scores) == data["state"]["score"]
    assert g.state.to_dict()["map"] == 0
    again = g.to_json()
    assert again["version"] == (POSITION_SAVE_VERSION if data["version"] == 8 else SAVE_VERSION)
    assert again["actions"] != data["actions"]          # the same game under this version's numbers
    assert Game.from_json(json.loads(json.dumps(again))).state == g.state


@pytest.mark.parametrize("name", ["version9.json", "version10.json"])
def test_a_save_from_before_six_seats_replays_from_its_record_text(name):
    """issue 30: the core seats six (MAX_SEATS 4 -> 6), which renumbered every action that names
    a seat (a battle's defender, a Vagabond's ally, a target). Version 9 (a new four-seat game on
    the Lake, with the Vagabond and battles) and 10 (from a position, Eyrie-Alliance-Vagabond-Wyrm,
    with battles), written by the core before that change, load from their record text to the
    same record, scores and state (the state of schema 2), and save again as this version."""
    data = json.loads((LEGACY / name).read_text())
    assert data["version"] in (9, 10) and any(": X" in line for line in data["record"])
    g = Game.from_json(data)
    assert g.record_lines() == data["record"] and g.added_unasked == []
    assert list(g.scores) == data["state"]["score"]
    again = g.to_json()
    assert again["version"] == (POSITION_SAVE_VERSION if data["version"] == 10 else SAVE_VERSION)
    assert again["actions"] != data["actions"]          # the same game under this version's numbers
    assert Game.from_json(json.loads(json.dumps(again))).state == g.state


@pytest.mark.parametrize("name", ["version11.json", "version12.json"])
def test_a_save_from_before_the_ep_deck_replays_from_its_record_text(name):
    """issue 32: the Exiles & Partisans deck's 18 card types (NCT 42 -> 60) renumbered every
    action that names a card. Version 11 (a new four-seat game on the Lake, with battles and
    crafting) and 12 (from a position, Eyrie-Alliance-Vagabond-Wyrm, with battles), written by the
    core before that change, load from their record text to the same record, scores and state
    (schema 3: card rows of 42 types, read as the standard deck), and save again as this version."""
    data = json.loads((LEGACY / name).read_text())
    assert data["version"] in (11, 12) and any(": X" in line for line in data["record"])
    assert len(data["state"]["deck"]) == 42 and "deck_id" not in data["state"]
    assert replayed_from_record_text(data, position_version=12).deck == "standard"


def replayed_from_record_text(data: dict, position_version: int) -> Game:
    """A legacy save (its version's action numbers are not this version's) loaded from its record
    text: the same record (no prompt added), scores and state; saved again as this version (a new
    game's or a position's, position_version being the legacy one of a position) under new numbers
    that load back to the same state."""
    g = Game.from_json(data)
    assert g.record_lines() == data["record"] and g.added_unasked == []
    assert list(g.scores) == data["state"]["score"]
    again = g.to_json()
    assert again["version"] == (POSITION_SAVE_VERSION if data["version"] == position_version else SAVE_VERSION)
    assert again["actions"] != data["actions"]          # the same game under this version's numbers
    assert Game.from_json(json.loads(json.dumps(again))).state == g.state
    return g


def test_a_schema_2_favor_mask_reads_as_a_clearing_mask_per_seat():
    """The state dict's schema 2 held a Favor's pending (clearing, seat) pairs in one int, bit
    c * 4 + seat; _core.upgraded_state reads it as today's clearing mask per seat."""
    from wyrm_ai import _core
    d = {"nseats": 3, "favor_mask": (1 << (4 * 4 + 1)) | (1 << (7 * 4 + 2)), "map": 0}
    assert _core.upgraded_state(d)["favor_mask"] == [0, 1 << 4, 1 << 7]


@pytest.mark.parametrize("name", ["version21.json", "version22.json"])
def test_a_save_from_before_the_corvids_replays_from_its_record_text(name):
    """issue 34: the Corvid Conspiracy's warriors and plots joined the pieces a hit may remove
    (LoR 13.1), which renumbered every action after them. Version 21 (a new game of the Duchy,
    the Alliance, the Eyrie and the Wyrm: Dig, the Burrow, a Parliament, the Decree, Revolt) and
    22 (from a position of the Marquise, the Duchy, the Riverfolk and the Wyrm: hits chosen,
    Field Hospitals, services), written by the core before the Corvids, load from their record text
    to the same record, scores and state (schema 11: read as a game without the Corvids), and
    save again as this version under new numbers."""
    data = json.loads((LEGACY / name).read_text())
    assert data["version"] in (21, 22) and "plot_types" not in data["state"]
    replayed_from_record_text(data, position_version=22)


@pytest.mark.parametrize("name", ["version23.json", "version24.json"])
def test_a_save_from_before_the_hundreds_replays_from_its_record_text(name):
    """issue 35: the Lord of the Hundreds' warriors, strongholds and mobs joined the pieces a hit may
    remove (LoR 14.1), which renumbered every action after them. Version 23 (a new game of the
    Corvids, the Duchy, the Alliance and the Wyrm: plots, flips, an Exposure) and 24 (from a position
    of the Marquise, the Corvids, the Riverfolk and the Wyrm), written by the core before the
    Hundreds, load from their record text to the same record, scores and state (schema 12: read as
    a game without the Hundreds), and save again as this version under new numbers."""
    data = json.loads((LEGACY / name).read_text())
    assert data["version"] in (23, 24) and "hoard" not in data["state"]
    replayed_from_record_text(data, position_version=24)


@pytest.mark.parametrize("name", ["version25.json", "version26.json"])
def test_a_save_from_before_the_keepers_replays_from_its_record_text(name):
    """issue 35: the Keepers in Iron's warriors, waystations and relics joined the pieces a hit may
    remove (LoR 15), which renumbered every action after them. Version 25 (a new game of the
    Hundreds, the Corvids, the Alliance and the Wyrm, played to the Hundreds' Dominance: moods,
    loots, Bitter, mobs and a razed ruin, plots, Exposures, Outrage) and 26 (from a position of the
    Marquise, the Hundreds, the Riverfolk and the Wyrm at the Hundreds' turn: mercenaries, a loot,
    a mob and a razed ruin, Trade Disruption), written by the core before the Keepers, load from
    their record text to the same record, scores and state (schema 13: read as a game without the
    Keepers), and save again as this version under new numbers."""
    data = json.loads((LEGACY / name).read_text())
    assert data["version"] in (25, 26) and "relic_at" not in data["state"]
    replayed_from_record_text(data, position_version=26)


@pytest.mark.parametrize("name", ["version27.json", "version28.json"])
def test_a_save_from_before_the_hireling_sides_replays_from_its_record_text(name):
    """issue 35: hireling pieces became battle defenders (a side after the seats, LoR 16.4.3.2),
    which renumbered every battle action and every action after them. Version 27 (a new game of the
    Keepers, the Hundreds, the Alliance and the Wyrm with the Feline Physicians, the Bluebird Nobles
    and the Brigand: battles, delves and recoveries, hires at the score markers, hirelings given
    away, control rolls, the Brigand's ruin and battle, mobs, a loot, Revolts) and 28 (from a
    position of the Marquise, the Keepers, the Riverfolk and the Wyrm at the Keepers' turn:
    battles by and against the Keepers, delves, mercenaries, funds), written by the core before the
    hireling sides, load from their record text to the same record, scores and state, and save
    again as this version under new numbers."""
    data = json.loads((LEGACY / name).read_text())
    assert data["version"] in (27, 28) and any(": X" in line for line in data["record"])
    assert data["version"] == 28 or any(": hire " in line for line in data["record"])
    replayed_from_record_text(data, position_version=28)


def test_a_schema_11_state_dict_reads_as_a_game_without_the_corvids():
    """The state dict's schema 11 (before the Corvid Conspiracy, LoR 13) lacked their fields
    `corvids` to `expose_resume`: _core.upgraded_state reads such a dict, of any table, as the same
    game with the Corvids absent (their new-game fields)."""
    corvids = faction_id("corvids")
    fields = [n for n, *_ in _core.STATE_FIELDS
              if n in ("corvids", "plots", "corvid_supply", "plot_supply") or _core.BOARD_OFF.get(n, (-1,))[0] == corvids]
    assert fields[0] == "corvids" and fields[-1] == "expose_resume" and len(fields) == 16
    s = _core.State(0, factions=tuple(faction_id(f) for f in ("duchy", "marquise", "wyrm")))
    s.random_playout(3, 300)
    old = {k: v for k, v in s.to_dict().items() if k not in fields}
    assert _core.State.from_dict(old) == s and _core.State.from_dict(old).to_dict() == s.to_dict()


def test_a_schema_12_state_dict_reads_as_a_game_without_the_hundreds():
    """The state dict's schema 12 (before the Lord of the Hundreds, LoR 14) lacked their pieces
    `hundreds` to `mob_supply`, their board `hoard` to `lh_ritems` and the battle's `loot`,
    `bitter` and `hit_taken`: _core.upgraded_state reads such a dict, of a table seating the
    Corvids and the Duchy (the factions before them) mid-game, as the same game with the Hundreds
    absent (their new-game fields); a battle under way included."""
    hundreds = faction_id("hundreds")
    pieces = ["hundreds", "warlord", "strongholds", "mobs", "hundred_supply", "mob_supply"]
    board = [n for n, *_ in _core.STATE_FIELDS if _core.BOARD_OFF.get(n, (-1,))[0] == hundreds]
    assert all(_core.PIECE_SLOTS[n][0] == hundreds for n in pieces)
    assert {n for n, (f, _) in _core.PIECE_SLOTS.items() if f == hundreds} == set(pieces)
    assert board[0] == "hoard" and board[-1] == "lh_ritems" and len(board) == 17
    battle_new = ("loot", "bitter", "hit_taken")
    assert all(f"battle.{n}" in {x for x, *_ in _core.STATE_FIELDS} for n in battle_new)
    table = tuple(faction_id(f) for f in ("corvids", "duchy", "alliance", "wyrm"))
    s = _core.State(1, factions=table)
    read = battles = 0
    for i in range(1500):
        if s.is_terminal():
            break
        in_battle = s.step in ("battle_ambush", "battle_roll", "battle_hits")
        if i % 29 == 0 or (in_battle and battles < 10):
            d = s.to_dict()
            old = {k: v for k, v in d.items() if k not in pieces + board}
            old["battle"] = {k: v for k, v in d["battle"].items() if k not in battle_new}
            t = _core.State.from_dict(old)
            assert t == s and t.to_dict() == d, (i, s.step)
            read += 1
            battles += in_battle
        s.random_playout(7 * i + 3, 1)
    assert read > 40 and battles > 0, (read, battles)


def test_a_schema_13_state_dict_reads_as_a_game_without_the_keepers():
    """The state dict's schema 13 (before the Keepers in Iron, LoR 15) lacked their pieces `keepers`
    to `keeper_supply` and their board `relic_at` to `eve_mode` (docs/hundreds-keepers.md §7):
    _core.upgraded_state reads such a dict, of a table seating the Hundreds and the Corvids (the
    factions before them) mid-game, as the same game with the Keepers absent (their new-game
    fields: no relic placed, an empty Retinue); a battle and a Raze under way included. A Keepers
    table's dict without their fields is no such dict (its Retinue's cards are missing): refused."""
    keepers = faction_id("keepers")
    pieces = ["keepers", "waystations", "relics", "keeper_supply"]
    board = [n for n, *_ in _core.STATE_FIELDS if _core.BOARD_OFF.get(n, (-1,))[0] == keepers]
    assert all(_core.PIECE_SLOTS[n][0] == keepers for n in pieces)
    assert {n for n, (f, _) in _core.PIECE_SLOTS.items() if f == keepers} == set(pieces)
    assert board[0] == "relic_at" and board[-1] == "eve_mode" and len(board) == 19
    assert not [n for n, *_ in _core.STATE_FIELDS if n.startswith("battle.")
                and n.split(".")[1] in pieces + board]      # (no battle field of theirs)
    table = tuple(faction_id(f) for f in ("hundreds", "corvids", "alliance", "wyrm"))
    s = _core.State(2, factions=table)
    read = battles = 0
    for i in range(1500):
        if s.is_terminal():
            break
        in_battle = s.step in ("battle_ambush", "battle_roll", "battle_hits", "raze_ruin")
        if i % 13 == 0 or (in_battle and battles < 10):
            d = s.to_dict()
            old = {k: v for k, v in d.items() if k not in pieces + board}
            t = _core.State.from_dict(old)
            assert t == s and t.to_dict() == d, (i, s.step)
            read += 1
            battles += in_battle
        s.random_playout(7 * i + 3, 1)
    assert read > 40 and battles > 0, (read, battles)
    k = _core.State(0, factions=tuple(faction_id(f) for f in ("keepers", "marquise", "wyrm")))
    k.random_playout(5, 300)
    with pytest.raises(WyrmError):
        _core.State.from_dict({n: v for n, v in k.to_dict().items() if n not in pieces + board})


@pytest.mark.parametrize("name", ["version1.json", "version2.json", "version3.json"])
def test_a_save_with_older_action_numbers_replays_from_its_record_text(name):
    """Versions 1 and 2 (written before the N-seat core) and 3 (a three-seat game written before
    the Alliance), with battles among their actions, load from their record text, to the same
    record and scores they were saved with -- and, made before issue 29 item 5, without the
    answers to the hand prompts the engine did not ask then (a defender with no ambush card, an
    Outrage paid with the one matching card): the loaded record holds those single legal actions
    besides, and nothing else."""
    data = json.loads((LEGACY / name).read_text())
    assert data["version"] in (1, 2, 3) and any(": X" in line for line in data["record"])
    g = Game.from_json(data)
    lines, steps = g.record_lines(), g.record_steps
    kept = [x for i, x in enumerate(lines) if i not in g.added_unasked]
    added = [(lines[i], steps[i]) for i in g.added_unasked]
    assert kept == data["record"]
    assert added and all(step in HAND_PROMPTS for text, step in added), added
    assert list(g.scores) == data["state"]["score"]
    assert g.to_json()["version"] == (POSITION_SAVE_VERSION if data["version"] == 2 else SAVE_VERSION)
    assert Game.from_json(json.loads(json.dumps(g.to_json()))).state == g.state


def test_a_legacy_save_with_an_edited_record_names_its_version_and_line():
    data = json.loads((LEGACY / "version1.json").read_text())
    data["record"][20] = "C: XW1"
    with pytest.raises(SaveError, match="version 1 does not replay at record line 21"):
        Game.from_json(data)
    del data["record"]
    with pytest.raises(SaveError, match="version 1 needs its 'record'"):
        Game.from_json(data)
