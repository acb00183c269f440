"""The table of factions (wyrm_ai/model/factions.py) and the seat table every module asks the game for
(issue 11, Python side): Game.factions and Game.seat_of, notation at a seat table (docs/notation.md:
a battle names the defender's faction letter, another faction's piece is prefixed by its letter),
events, views and saves that record the factions per seat."""
from __future__ import annotations

import numpy as np
import pytest

from wyrm_ai import _core
from wyrm_ai.model import factions, notation
from wyrm_ai.model.actions import decode, encode
from wyrm_ai.model.errors import ConfigError, IllegalActionError, NotationError, SaveError
from wyrm_ai.model.events import Event, fields
from wyrm_ai.model.factions import ALLIANCE, EYRIE, MARQUISE, TWO_SEATS, VAGABOND, WYRM
from wyrm_ai.model.game import Game
from wyrm_ai.model.narration import sentence
from wyrm_ai.ai.players import RandomPlayer
from wyrm_ai.protocol.views import state_view, status_line, views_of
from wyrm_ai.model.redaction import PUBLIC, REFEREE, viewer_of

SWAPPED = (WYRM, MARQUISE)          # the Wyrm in seat 0, the Marquise in seat 1
PIECE = {name: i for i, name in enumerate(_core.PIECE_NAMES)}


def midgame(first="wyrm", n=120, seed=3) -> Game:
    g = Game(first=first)
    rng = np.random.default_rng(seed)
    players = {0: RandomPlayer(seed + 1), 1: RandomPlayer(seed + 2)}
    for _ in range(n):
        if g.is_terminal():
            break
        seat = g.current_player
        g.apply(g.sample_chance(rng) if seat == _core.CHANCE else players[seat].choose(g))
    return g


# ---- the table ----

def test_the_table_names_thirteen_factions_once_each_in_the_cores_order():
    """Issues 11 and 14: faction ids 0..5 are marquise, eyrie, alliance, vagabond, wyrm and the
    Mechanical Marquise bot, 6 the second Vagabond (LoR 9.7), 7 the Lizard Cult and 8 the Riverfolk
    Company (issue 33), 9 the Underground Duchy and 10 the Corvid Conspiracy (issue 34), 11 the Lord
    of the Hundreds and 12 the Keepers in Iron (issue 35) (the core's FACTION_NAMES when it has them);
    Rootlog letters C/E/A/V/W, G for the second Vagabond, L for the Cult, O for the Riverfolk, D for
    the Duchy, P for the Corvids, H for the Hundreds and K for the Keepers (Rootlog V2.8), and M for
    the bot (ours); a draft's player who has not chosen is U (ours: D was that letter before the
    Duchy took it)."""
    assert factions.NAMES == ("marquise", "eyrie", "alliance", "vagabond", "wyrm", "mechanical-marquise", "vagabond2",
                              "lizards", "riverfolk", "duchy", "corvids", "hundreds", "keepers")
    assert factions.LETTERS == ("C", "E", "A", "V", "W", "M", "G", "L", "O", "D", "P", "H", "K")
    assert factions.TITLES == ("Marquise", "Eyrie", "Alliance", "Vagabond", "Wyrm", "Mechanical Marquise",
                               "Second Vagabond", "Lizard Cult", "Riverfolk", "Duchy", "Corvids", "Hundreds",
                               "Keepers")
    assert (MARQUISE, EYRIE, ALLIANCE, VAGABOND, WYRM, factions.MECHANICAL, factions.VAGABOND2,
            factions.LIZARDS, factions.RIVERFOLK, factions.DUCHY, factions.CORVIDS,
            factions.HUNDREDS, factions.KEEPERS) == tuple(range(13))
    assert factions.UNDRAFTED_LETTER == "U" and factions.UNDRAFTED_LETTER not in factions.LETTERS
    assert factions.BOTS == (factions.MECHANICAL,) == tuple(_core.BOT_FACTIONS)
    assert factions.BOTS == (factions.MECHANICAL,) and factions.is_bot("mm") and not factions.is_bot("wyrm")
    assert tuple(getattr(_core, "FACTION_NAMES", factions.NAMES)) == factions.NAMES


@pytest.mark.parametrize("name, fid", [("marquise", MARQUISE), ("Cat", MARQUISE), ("c", MARQUISE),
                                       (" WYRM ", WYRM), ("w", WYRM), ("eyrie", EYRIE), ("E", EYRIE),
                                       ("alliance", ALLIANCE), ("vagabond", VAGABOND), (3, VAGABOND),
                                       (np.int64(4), WYRM), ("keepers", 12), ("K", 12), ("badgers", 12),
                                       ("keepers-in-iron", 12), (12, 12)])
def test_a_faction_is_read_from_its_name_letter_alias_or_id(name, fid):
    assert factions.faction_id(name) == fid


@pytest.mark.parametrize("bad", ["", "wolves", "x", 13, -1, True, None, 1.0, ["wyrm"]])   # 13: past the Keepers
def test_no_such_faction_is_a_config_error_naming_it(bad):
    with pytest.raises(ConfigError, match="no faction") as e:
        factions.faction_id(bad)
    assert repr(bad) in str(e.value)


@pytest.mark.parametrize("bad, words", [(("marquise",), "2-6"), (("marquise", "wyrm") * 4, "2-6"),
                                        (("wyrm", "w"), "at most once"), ("marquise", "list"),
                                        (("marquise", "wolves"), "wolves"), (7, "list")])
def test_a_seat_table_has_two_to_six_distinct_factions(bad, words):
    """LoR 5.2 counts tables of two to six players (issue 32: five and six seats)."""
    with pytest.raises(ConfigError, match=words):
        factions.table_of(bad)


def test_a_seat_table_reads_names_in_seat_order():
    assert factions.table_of(["Wyrm", "eyrie", "c"]) == (WYRM, EYRIE, MARQUISE)
    assert factions.names((EYRIE, WYRM)) == ("eyrie", "wyrm")
    assert factions.titles((WYRM, ALLIANCE)) == ("Wyrm", "Alliance")


def test_the_shim_reads_the_cores_seats_or_falls_back_to_the_two_seat_game():
    """Issue 11 shim: state.factions (and a state dict's "factions") when the core has them, else
    the Marquise in seat 0 against the Wyrm in seat 1."""
    class NSeatState:
        factions = (EYRIE, WYRM, MARQUISE)
    assert factions.seat_factions(NSeatState()) == (EYRIE, WYRM, MARQUISE)
    assert factions.seat_factions({"seat_faction": [WYRM, ALLIANCE]}) == (WYRM, ALLIANCE)
    state = _core.State(0)
    assert factions.seat_factions(state) == TWO_SEATS == tuple(state.factions)
    assert factions.seat_factions(state.to_dict()) == TWO_SEATS


def test_the_core_seats_only_factions_whose_rules_it_holds():
    """Issue 13: with the Vagabond the core holds every base faction's rules, so every faction
    sits (the check that refuses the others stays in the core and the seat options)."""
    assert set(_core.PLAYABLE_FACTIONS) == set(range(len(factions.NAMES)))
    assert Game(factions=("marquise", "vagabond")).factions == ("marquise", "vagabond")
    assert Game(factions=("marquise", "eyrie", "wyrm")).factions == ("marquise", "eyrie", "wyrm")
    assert Game(first="alliance", factions=("alliance", "wyrm")).factions == ("alliance", "wyrm")
    with pytest.raises(ConfigError, match="sits at most once"):
        Game(factions=("wyrm", "wyrm"))


def test_the_wyrm_may_sit_in_seat_zero():
    """Any order of seats (LoR 5.1.1): the Wyrm in seat 0 against the Marquise in seat 1 plays
    to the end, setup still in letter order with the Wyrm last (W-MP-1)."""
    g = Game(first="wyrm", factions=("wyrm", "marquise"))
    assert g.factions == ("wyrm", "marquise") and g.first == 0
    rng = np.random.default_rng(3)
    while g.is_chance_node():
        g.apply(g.sample_chance(rng))
    assert g.step == "marquise_keep" and g.current_player == 1
    while not g.is_terminal():
        legal = g.legal_actions()
        g.apply(g.sample_chance(rng) if g.is_chance_node() else legal[int(rng.integers(len(legal)))])
    assert max(g.scores) >= 30 and g.winner in (0, 1)


# ---- the game's seats ----

def test_a_game_names_the_faction_of_each_seat():
    g = Game(first="wyrm")
    assert g.factions == ("marquise", "wyrm") and g.faction_ids == TWO_SEATS and g.num_seats == 2
    assert g.first == 1
    assert g.title(0) == "Marquise" and g.title(1) == "Wyrm"
    assert Game(first="marquise", factions=["Marquise", "W"]).factions == ("marquise", "wyrm")
    assert g.clone().factions == g.factions and g.start().factions == g.factions


@pytest.mark.parametrize("name, seat", [("marquise", 0), ("cat", 0), ("C", 0), ("wyrm", 1), ("w", 1),
                                        (0, 0), (1, 1), (np.int8(1), 1)])
def test_seat_of_finds_a_seated_faction(name, seat):
    assert Game().seat_of(name) == seat


@pytest.mark.parametrize("bad", ["eyrie", "E", "nobody", 2, -1, None, True])
def test_seat_of_a_faction_not_at_the_table_names_the_seated_ones(bad):
    with pytest.raises(ConfigError, match=r"use 0/'marquise' or 1/'wyrm'"):
        Game().seat_of(bad)


# ---- notation at a seat table ----

def _swap_seats(a: int) -> int:
    """Action a with its seat arguments (battle defender, Terrorize's seat, the player a card
    names, the enemy Saboteurs, Propaganda Bureau and False Orders name, the player a hireling is
    given to or the Brigand robs) swapped 0 <-> 1."""
    kind, args = decode(a)
    if kind in ("target", "hire_give"):
        return encode(kind, 1 - args[0])
    if kind == "brigand_steal":
        return encode(kind, 1 - args[0], args[1])
    if kind == "sabotage":
        return encode("sabotage", 1 - args[0], args[1])
    if kind == "propaganda":
        return encode("propaganda", args[0], 1 - args[1], args[2])
    if kind == "false_orders":
        return encode("false_orders", 1 - args[0], args[1], args[2])
    if kind == "battle":
        return encode("battle", args[0], 1 - args[1])
    if kind == "terror":
        return encode("terror", args[0], args[1], 1 - args[2])
    return a


@pytest.mark.parametrize("faction", [MARQUISE, WYRM])
def test_notation_depends_on_the_factions_not_the_seat_numbers(faction):
    """docs/notation.md: a faction's text is the same in either seat; a battle names the
    defender's faction letter and another faction's piece its letter, whatever seats they hold."""
    usual, swapped = TWO_SEATS.index(faction), SWAPPED.index(faction)
    for key, a in notation._table(usual, TWO_SEATS).items():
        b = _swap_seats(a)
        text = notation.action_text(a, usual)
        assert notation.action_text(b, swapped, SWAPPED) == text
        assert notation.parse(text, swapped, SWAPPED) == b
        assert notation.record_text(b, swapped, SWAPPED) == notation.record_text(a, usual)


def test_battle_terror_and_removal_texts_use_the_letters_of_the_table():
    """docs/notation.md: `X<letter><clearing>` names the defender's faction; `terror Cw5->1`
    names whose warrior; a removal of another faction's piece is prefixed by its letter."""
    assert notation.action_text(encode("battle", 2, 1), 0) == "XW3"
    assert notation.action_text(encode("battle", 2, 1), 0, SWAPPED) == "XC3"
    assert notation.action_text(encode("battle", 2, 0), 1, (EYRIE, WYRM)) == "XE3"
    assert notation.action_text(encode("terror", 4, 0, 0), 1, (EYRIE, WYRM)) == "terror Ew5->1"
    warrior, wyrmling = PIECE["warrior"], PIECE["wyrmling"]
    assert notation.action_text(encode("remove", warrior, 2), 0) == "w3->"
    assert notation.action_text(encode("remove", warrior, 2), 1) == "Cw3->"
    assert notation.action_text(encode("remove", warrior, 2), 1, SWAPPED) == "w3->"
    assert notation.action_text(encode("remove", wyrmling, 2), 1, SWAPPED) == "Ww3->"
    assert notation.parse("XE3", 1, (EYRIE, WYRM)) == encode("battle", 2, 0)
    assert notation.parse("terror Ew5->1", 1, (EYRIE, WYRM)) == encode("terror", 4, 0, 0)


def test_a_prefix_names_the_seats_faction_at_the_table():
    """docs/notation.md: an optional `C:` / `W:` / `?:` prefix names the deciding faction."""
    pas = encode("pass")
    assert notation.parse("W: pass", 0, SWAPPED) == pas
    assert notation.parse("C: pass", 1, SWAPPED) == pas
    with pytest.raises(IllegalActionError, match="names C, but it is wyrm's decision"):
        notation.parse("C: pass", 0, SWAPPED)
    with pytest.raises(NotationError, match="as wyrm's action"):
        notation.parse("E: pass", 0, SWAPPED)          # no Eyrie at this table: not a prefix
    with pytest.raises(IllegalActionError, match="no seat 2"):
        notation.parse("pass", 2, SWAPPED)
    assert notation.record_text(pas, 0, SWAPPED) == "W: pass"


def test_the_game_writes_and_reads_its_actions_at_its_own_table():
    g = midgame()
    assert g.record_lines() == [notation.record_text(a, s, g.faction_ids) for a, s in zip(g.record, g.record_seats)]
    if g.current_player >= 0:
        for a, text in zip(g.legal_actions(), g.legal_texts()):
            assert g.to_action(text) == a


# ---- events, views and saves ----

def test_events_name_seats_by_the_faction_sitting_there():
    """Narration of a battle (LoR 4.1) and its roll names the attacker and defender by faction."""
    battle = Event("battle", 0, 2, 1, 0, -1, SWAPPED)
    assert sentence(battle) == "The Wyrm attacks the Marquise in clearing 3."
    assert fields(battle) == {"kind": "battle", "attacker": "wyrm", "clearing": 3, "defender": "marquise"}
    roll = Event("roll", 1, 2, 3, 1, -1, SWAPPED)
    assert sentence(roll) == "Roll 3,1: the Marquise (attacker) 3, the Wyrm 1."
    assert sentence(Event("roll", 1, 2, 3, 1, -1)) == "Roll 3,1: the Wyrm (attacker) 3, the Marquise 1."


def test_views_are_named_by_the_games_factions():
    g = midgame()
    assert views_of(g) == ("marquise", "wyrm", PUBLIC, REFEREE)
    assert viewer_of("wyrm") == 1 and viewer_of("eyrie", (EYRIE, WYRM)) == 0
    with pytest.raises(ValueError, match="eyrie, wyrm, public or referee"):
        viewer_of("marquise", (EYRIE, WYRM))
    d = state_view(g, "referee")
    assert set(d["scores"]) == set(d["hands"]) == set(d["turn_actions"]) == {"marquise", "wyrm"}
    assert status_line(g).split()[1] in g.factions + ("chance",)


def test_a_save_records_the_factions_per_seat_and_older_saves_load():
    g = midgame()
    data = g.to_json()
    assert data["factions"] == ["marquise", "wyrm"] and data["first"] == "wyrm"
    older = {k: v for k, v in data.items() if k != "factions"}      # a save from before the field
    for d in (data, older):
        loaded = Game.from_json(d)
        assert loaded.factions == g.factions and loaded.record == g.record
        assert loaded.state.state_bytes() == g.state.state_bytes()


@pytest.mark.parametrize("bad, words", [("marquise wyrm", "'factions' must be a list"),
                                        (["marquise", 1], "'factions' must be a list"),
                                        (["marquise", "wolves"], "'factions' is not a table.*wolves"),
                                        (["marquise"], "'factions' is not a table.*2-6")])
def test_a_save_with_bad_factions_is_refused_naming_the_field(bad, words):
    data = midgame().to_json()
    data["factions"] = bad
    with pytest.raises(SaveError, match=words):
        Game.from_json(data)


def test_a_save_whose_factions_are_not_the_saved_games_is_refused():
    data = midgame().to_json()
    data["factions"] = ["wyrm", "marquise"]         # the seats swapped: the record no longer replays
    with pytest.raises(SaveError):
        Game.from_json(data)

