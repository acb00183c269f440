"""The Mechanical Marquise's game options (issue 14; MM2 §2.2 "Difficulty and traits", §8, §9):
wyrm_ai/model/bot_options.py reads and writes them by name with clear errors, the Game facade gives them
to the core State, and saves keep them (they are state fields), older saves loading with the
defaults."""
from __future__ import annotations

import json

import numpy as np
import pytest

from wyrm_ai import _core
from wyrm_ai.model.bot_options import DIFFICULTIES, TRAITS, VARIANTS, BotOptions, traits_of, traits_text
from wyrm_ai.model.errors import ConfigError, SaveError
from wyrm_ai.model.game import Game

BOT = "mechanical-marquise"


def _played(game: Game, n: int, seed: int = 1) -> Game:
    """n actions of game: random legal choices, sampled chance."""
    rng = np.random.default_rng(seed)
    for _ in range(n):
        if game.is_terminal():
            break
        legal = game.legal_actions()
        game.apply(game.sample_chance(rng) if game.is_chance_node() else legal[rng.integers(len(legal))])
    return game


def test_mm2_8_9_the_names_are_the_cores():
    """MM2 §8, §9: two rule sets, four difficulties, four traits: the core's names, in its order."""
    assert VARIANTS == ("original", "dc") == tuple(_core.MM_VARIANT_NAMES)
    assert DIFFICULTIES == ("easy", "normal", "challenging", "nightmare") == tuple(_core.MM_LEVEL_NAMES)
    assert TRAITS == ("blitz", "fortified", "hospitals", "iron-will") == tuple(_core.MM_TRAIT_NAMES)


def test_mm2_2_2_options_parse_print_and_round_trip_by_name():
    """MM2 §2.2: a difficulty and any number of traits, zero included; names in, ints inside."""
    assert BotOptions() == BotOptions.parse() == BotOptions(0, 1, 0)
    opts = BotOptions.parse("DC", " nightmare ", "iron-will, blitz")
    assert opts == BotOptions(1, 3, 9)
    assert opts.names() == {"variant": "dc", "difficulty": "nightmare", "traits": ["blitz", "iron-will"]}
    assert BotOptions.read(opts.names()) == opts and BotOptions.read(None) == BotOptions()
    assert str(opts) == "dc rules, nightmare difficulty, blitz, iron-will"
    assert str(BotOptions()) == "original rules, normal difficulty, no traits"
    assert traits_of("") == traits_of("none") == traits_of([]) == 0
    assert traits_of(list(TRAITS)) == 15 and traits_text(15) == "blitz,fortified,hospitals,iron-will"
    assert traits_text(0) == "none"
    for bits in range(16):
        assert traits_of(traits_text(bits)) == bits
    assert opts.core() == {"mm_variant": 1, "mm_level": 3, "mm_traits": 9}


@pytest.mark.parametrize("given,words", [
    ({"variant": "deluxe"}, "no bot variant 'deluxe': choose from original, dc"),
    ({"difficulty": "hard"}, "no difficulty 'hard': choose from easy, normal, challenging, nightmare"),
    ({"traits": "blitz,speedy"}, "no trait 'speedy': the traits are blitz, fortified, hospitals, iron-will"),
    ({"traits": "blitz,BLITZ"}, "the trait blitz is named twice"),
    ({"traits": 3}, "traits are a comma-separated list of trait names, not 3"),
    ({"colour": "red"}, "no bot option 'colour'"),
])
def test_bad_options_are_config_errors_naming_what_was_wrong(given, words):
    with pytest.raises(ConfigError, match=words.replace("(", r"\(").replace(")", r"\)")):
        BotOptions.read(given)


def test_bot_options_out_of_range_are_refused():
    for bad in ((2, 1, 0), (0, 4, 0), (0, 1, 16), (0, -1, 0), (0, 1.0, 0)):
        with pytest.raises(ConfigError, match="the bot's"):
            BotOptions(*bad)


def test_mm2_2_2_the_game_facade_gives_them_to_the_core():
    """Game(..., bot=) sets the core State's mm_variant, mm_level and mm_traits; the game keeps
    them through start(), clone(), undo() and replay()."""
    g = Game("wyrm", ("marquise", BOT, "wyrm"), bot={"variant": "dc", "difficulty": "challenging",
                                                       "traits": ["fortified", "hospitals"]})
    d = g.state.to_dict()
    assert (d["mm_variant"], d["mm_level"], d["mm_traits"]) == (1, 2, 6)
    assert g.bot == BotOptions(1, 2, 6)
    _played(g, 40)
    assert g.start().bot == g.clone().bot == g.bot
    g.undo(5)
    assert g.bot == BotOptions(1, 2, 6)
    assert Game.replay("wyrm", g.record, g.factions, g.bot).state.to_dict() == g.state.to_dict()
    assert Game().bot == BotOptions()                         # the defaults, in every game
    with pytest.raises(ConfigError, match="no difficulty"):
        Game("marquise", ("marquise", BOT), bot={"difficulty": "godlike"})


def test_mm2_8_the_options_change_the_bots_play():
    """MM2 §8: the same chance outcomes give the Easy and the Nightmare bot different games
    (Easy recruits 2, Nightmare 4 plus 2, and scores 1 VP each Evening): the facade's options
    reach the rules."""
    def first_turn(difficulty):
        g = Game(BOT, (BOT, "wyrm"), bot={"difficulty": difficulty})
        rng = np.random.default_rng(5)
        while g.state.turn_number < 2 and not g.is_terminal():
            legal = g.legal_actions()
            g.apply(g.sample_chance(rng) if g.is_chance_node() else legal[0])
        return g.state.to_dict()
    easy, nightmare = first_turn("easy"), first_turn("nightmare")
    assert easy["mm_level"] == 0 and nightmare["mm_level"] == 3
    assert nightmare["mm_warrior_supply"] < easy["mm_warrior_supply"]


def test_mm2_2_2_a_save_round_trips_the_options(tmp_path):
    """A save holds the options (state fields) and replays with them: the loaded game has the
    same options and state."""
    g = _played(Game("wyrm", (BOT, "wyrm"), bot=BotOptions.parse("dc", "nightmare", "blitz,iron-will")), 120)
    path = tmp_path / "bot.json"
    g.save(path)
    data = json.loads(path.read_text())
    assert (data["state"]["mm_variant"], data["state"]["mm_level"], data["state"]["mm_traits"]) == (1, 3, 9)
    back = Game.load(path)
    assert back.bot == g.bot and back.state.to_dict() == g.state.to_dict()
    assert back.record == g.record


def test_mm2_2_2_a_save_with_edited_options_is_refused(tmp_path):
    """Options out of range in a save's state are a SaveError naming them."""
    g = _played(Game("wyrm", (BOT, "wyrm")), 30)
    data = g.to_json()
    data["state"]["mm_level"] = 9
    with pytest.raises(SaveError, match="bad bot options"):
        Game.from_json(data)


def test_a_save_from_before_the_bot_loads_with_the_default_options():
    """A save written before issue 14 has no mm_* fields and five entries in its per-faction
    fields (faction_seat, vb_rel, vb_aids): it loads, with the default options."""
    g = _played(Game("marquise", ("marquise", "eyrie", "wyrm")), 60)
    data = g.to_json()
    state = data["state"]
    for key in [k for k in state if k.startswith("mm_")]:
        del state[key]
    for key in _core.FACTION_DIM_FIELDS:
        state[key] = state[key][:5]
    back = Game.from_json(json.loads(json.dumps(data)))
    assert back.bot == BotOptions() and back.state.to_dict() == g.state.to_dict()
