"""The seat tables the N-seat tests run over (issues 11 and 12): every mix of factions the issue names, in
several seat orders. A mix runs once the core can seat all of its factions
(_core.PLAYABLE_FACTIONS); until then its tests are not generated, so adding a faction to the
core turns its mixes on everywhere at once."""
from __future__ import annotations

import numpy as np
import pytest

from wyrm_ai import _core
from wyrm_ai.model import maps
from wyrm_ai.model.bot_options import BotOptions
from wyrm_ai.model.cards import CARDS
from wyrm_ai.model.factions import LETTERS, faction_id
from wyrm_ai.model.game import Game
from wyrm_ai.ai.players import RandomPlayer

MIXES = (
    ("marquise", "wyrm"), ("wyrm", "marquise"),
    ("marquise", "eyrie"), ("eyrie", "marquise"),
    ("eyrie", "wyrm"), ("wyrm", "eyrie"),
    ("marquise", "eyrie", "wyrm"), ("wyrm", "marquise", "eyrie"), ("eyrie", "wyrm", "marquise"),
    # the Woodland Alliance (issue 12): the four-seat table and the Alliance with the Wyrm
    ("marquise", "eyrie", "alliance", "wyrm"), ("wyrm", "alliance", "eyrie", "marquise"),
    ("alliance", "wyrm"), ("wyrm", "alliance"),
    ("marquise", "alliance", "wyrm"), ("eyrie", "alliance", "wyrm"),
    # the Vagabond (issue 13): the four base factions, three-seat tables with the Wyrm, two seats
    ("marquise", "eyrie", "alliance", "vagabond"), ("eyrie", "vagabond", "wyrm"),
    ("alliance", "vagabond", "wyrm"), ("vagabond", "wyrm"), ("marquise", "vagabond"),
    # the Lizard Cult (issue 33): with the Wyrm at two, three and four seats
    ("lizards", "wyrm"), ("marquise", "lizards", "wyrm"), ("lizards", "eyrie", "alliance", "wyrm"),
    # the Riverfolk Company (issue 33): with the Wyrm at two and three seats, and issue 33's table
    ("riverfolk", "wyrm"), ("marquise", "riverfolk", "wyrm"), ("riverfolk", "lizards", "eyrie", "wyrm"),
    # the Underground Duchy (issue 34): beside the Marquise and the Wyrm, and issue 34's benchmark
    # table with the Eyrie for the Corvids; five and six seats: FIVE_SIX_MIXES
    ("marquise", "duchy", "wyrm"), ("duchy", "alliance", "eyrie", "wyrm"),
    # the Corvid Conspiracy (issue 34): beside the Marquise and the Wyrm, and at four seats with the
    # Eyrie (a Decree's moves against a snare) and the Alliance; five and six seats: FIVE_SIX_MIXES
    ("corvids", "marquise", "wyrm"), ("corvids", "eyrie", "alliance", "wyrm"),
    # the Lord of the Hundreds (issue 35): beside the Marquise and the Wyrm (a Raze of the Keep, her
    # buildings and wood, the Wyrm's fear tokens, W-MP-32), and at four seats with the Corvids and
    # the Alliance (plots and sympathy razed: tokens, H-13; Outrage); five and six seats: FIVE_SIX_MIXES
    ("hundreds", "marquise", "wyrm"), ("hundreds", "corvids", "alliance", "wyrm"),
    # the Keepers in Iron (issue 35): beside the Marquise and the Wyrm (the Wyrm's Terrorize moves
    # Keeper warriors, relics carried along: W-MP-36; relics in the pawn's forest, W-MP-35), and issue
    # 35's benchmark table with the Hundreds (a Raze takes waystations and relics: Prized Trophies,
    # I-7); five and six seats: FIVE_SIX_MIXES
    ("keepers", "marquise", "wyrm"), ("hundreds", "keepers", "marquise", "wyrm"),
)

# tables with the Mechanical Marquise (issue 14), a bot seat that never decides and holds no
# cards: with the Wyrm, beside the Marquise, and at four seats (three players who are not bots:
# the dominance cards stay in). The fuzz (tests/test_fuzz.py) runs over them; the tests over MIXES
# that read every seat's hand or decisions, or each faction's pieces in plain Python (fairness,
# cards fuzz, state packing, the Vagabond's hidden cards), do not know a bot yet
BOT_MIXES = (
    ("mechanical-marquise", "wyrm"), ("wyrm", "mechanical-marquise"),
    ("marquise", "mechanical-marquise", "wyrm"), ("mechanical-marquise", "eyrie", "alliance", "vagabond"),
)
# five and six seats (issue 32): every faction that decides at one table, and every faction the
# core seats; their own tests (tests/test_five_six_seats.py) play fewer games than the mixes above
FIVE_SIX_MIXES = (("wyrm", "alliance", "vagabond", "marquise", "eyrie"),
                  ("marquise", "eyrie", "alliance", "vagabond", "wyrm", "mechanical-marquise"),
                  ("lizards", "marquise", "eyrie", "vagabond", "alliance", "wyrm"),
                  ("riverfolk", "alliance", "vagabond", "lizards", "eyrie", "wyrm"),
                  # the Duchy (issue 34): with the Riverfolk and the Vagabond at five; at six with the
                  # three other factions that start in a corner (all four corners taken, LoR 12.3.3)
                  # (every table here seats the Alliance: the front ends' tests play it)
                  ("duchy", "riverfolk", "vagabond", "alliance", "wyrm"),
                  ("lizards", "eyrie", "duchy", "marquise", "alliance", "wyrm"),
                  # the Corvids (issue 34): with the Duchy (a snare on the Burrow's tunnels) and the
                  # Riverfolk at five; at six with the Duchy, the Cult and the Vagabond (a coalition
                  # partner is no enemy, LoR 9.2.8)
                  ("duchy", "corvids", "riverfolk", "alliance", "wyrm"),
                  ("corvids", "lizards", "vagabond", "duchy", "alliance", "wyrm"),
                  # the Hundreds (issue 35): with the Duchy (tunnels, citadels and markets razed: the
                  # Price of Failure, H-C7) and the Vagabond (ruins razed for the Hoard, H-13; Aid takes
                  # no Hoard item, H-C19) at five; at six with the Cult (gardens razed: Fear of the
                  # Faithful), the Riverfolk (trade posts razed: Trade Disruption) and the Eyrie
                  ("hundreds", "duchy", "vagabond", "alliance", "wyrm"),
                  ("lizards", "riverfolk", "hundreds", "eyrie", "alliance", "wyrm"),
                  # the Keepers in Iron (issue 35): with the Vagabond (Allied, he moves Keeper warriors
                  # and their relics go along, I-6, I-C3) and the Corvids (a bomb removes waystations
                  # and relics: Prized Trophies, I-7; a snare holds warriors and their relics) at five;
                  # at six with the Duchy (tunnels beside waystations; the Burrow no clearing to carry
                  # to) and the Hundreds (a Raze takes relics, H-13), four corner factions and the Wyrm
                  ("keepers", "corvids", "vagabond", "alliance", "wyrm"),
                  ("duchy", "keepers", "hundreds", "marquise", "alliance", "wyrm"))

# two Vagabonds (LoR 9.7): the second is the faction vagabond2 (`vagabond` named twice at a table);
# the fuzz (tests/test_fuzz.py) and tests/test_two_vagabond_fronts.py run over these
TWO_VAGABOND_MIXES = (("marquise", "vagabond", "vagabond2", "wyrm"),
                      ("vagabond2", "eyrie", "vagabond", "alliance", "wyrm"),
                      ("marquise", "eyrie", "alliance", "vagabond", "wyrm", "vagabond2"))

# tables with the Lizard Cult (issue 33, LoR 10): beside the Wyrm and the Marquise, the four-seat
# table the Rootlog corpus's Cult game would be with the Wyrm, five seats with the bot and the
# Vagabond, and two seats; the fuzz (tests/test_fuzz.py), notation and the hidden-card pair tests
# (tests/test_redaction.py, tests/test_fairness_nseat.py) run over these
LIZARD_MIXES = (("marquise", "lizards", "wyrm"), ("eyrie", "lizards", "alliance", "wyrm"),
                ("lizards", "vagabond", "mechanical-marquise", "alliance", "wyrm"), ("lizards", "eyrie"))
PLAYABLE_LIZARD_MIXES = tuple(m for m in LIZARD_MIXES if all(faction_id(f) in _core.PLAYABLE_FACTIONS for f in m))

# tables with the Riverfolk Company (issue 33, LoR 11): beside the Marquise and the Wyrm, with the
# Cult and the Eyrie, with the Vagabond (who pays for services in items), at two seats and at six;
# their notation, words, redaction and Rootlog tests (tests/test_riverfolk_*.py,
# tests/test_rootlog_riverfolk.py) run over these
RIVERFOLK_MIXES = (("marquise", "riverfolk", "wyrm"), ("riverfolk", "lizards", "eyrie", "wyrm"),
                   ("vagabond", "riverfolk", "wyrm"), ("riverfolk", "alliance"),
                   ("marquise", "eyrie", "alliance", "vagabond", "riverfolk", "wyrm"))

# tables with the Underground Duchy (issue 34, LoR 12): the tables above that seat them, at three,
# four, five and six seats (no more: CI time), for the Duchy's own tests to run over
DUCHY_MIXES = tuple(m for m in MIXES + FIVE_SIX_MIXES if "duchy" in m)

# tables with the Corvid Conspiracy (issue 34, LoR 13): the tables above that seat them, at three,
# four, five and six seats (no more: CI time), and with the Riverfolk, whose public hand shows an
# Exposure's or an extortion's card to all (LoR 11.2.3); the Corvids' own tests and their views'
# (the hidden plot types: tests/test_corvids_redaction.py, tests/test_fairness_nseat.py) run over these
CORVID_MIXES = tuple(m for m in MIXES + FIVE_SIX_MIXES if "corvids" in m) + (("corvids", "riverfolk", "wyrm"),)

# tables with the Lord of the Hundreds (issue 35, LoR 14): the tables above that seat them, at three,
# four, five and six seats (no more: CI time), for the Hundreds' own tests to run over
HUNDREDS_MIXES = tuple(m for m in MIXES + FIVE_SIX_MIXES if "hundreds" in m)

# tables with the Keepers in Iron (issue 35, LoR 15): the tables above that seat them, at three,
# four, five and six seats (no more: CI time), for the Keepers' own tests to run over
KEEPERS_MIXES = tuple(m for m in MIXES + FIVE_SIX_MIXES if "keepers" in m)


# tables with the Woodland Alliance (issue 12): their own tests run over these (tests/test_alliance_*)
ALLIANCE_MIXES = (
    ("marquise", "eyrie", "alliance", "wyrm"), ("alliance", "wyrm", "marquise", "eyrie"),
    ("marquise", "alliance", "wyrm"), ("eyrie", "alliance"),
)


def playable(mix) -> bool:
    return all(faction_id(f) in _core.PLAYABLE_FACTIONS for f in mix)


PLAYABLE_MIXES = tuple(m for m in MIXES if playable(m))
PLAYABLE_BOT_MIXES = tuple(m for m in BOT_MIXES if playable(m))


def mix_id(mix) -> str:
    """A short test id: the Rootlog letters in seat order (CW, WCE, MW, ...)."""
    return "".join(LETTERS[faction_id(f)] for f in mix)


def ids_of(mix) -> tuple[int, ...]:
    return tuple(faction_id(f) for f in mix)


def bot_options(seed: int) -> dict:
    """The Mechanical Marquise's options of a seeded game (MM2 digest §8-9): both variants, the
    four difficulties and the 16 sets of traits, changing with the seed."""
    return {"mm_variant": seed % 2, "mm_level": (seed // 2) % 4, "mm_traits": (seed // 8) % 16}


def has_bot(mix) -> bool:
    return any(faction_id(f) in _core.BOT_FACTIONS for f in mix)


def new_state(mix, first: int, seed: int):
    """A new core State of this mix; a table with the bot plays with bot_options(seed)."""
    return _core.State(first, factions=ids_of(mix), **(bot_options(seed) if has_bot(mix) else {}))


def new_game(mix, first: int, seed: int, board: str = "autumn", deck: str = "standard",
             setup: str = "standard") -> Game:
    """A new game of this mix with this deck and setup; a table with the bot plays with bot_options(seed)
    (the facade carries them: Game(..., bot=), so saves replay them); on another map than Autumn,
    its suits drawn by the seed (LoR 16.1.1)."""
    o = bot_options(seed)
    bot = BotOptions(o["mm_variant"], o["mm_level"], o["mm_traits"]) if has_bot(mix) else None
    if board == "autumn":
        return Game(first=first, factions=mix, bot=bot, deck=deck, setup=setup)
    return Game(first=first, factions=mix, bot=bot, map=board, deck=deck, setup=setup,
                suits=maps.suits_for(board, None, np.random.default_rng(seed)))


def players_for(mix, seed: int) -> dict:
    """A seeded RandomPlayer per seat."""
    n = len(mix)
    return {seat: RandomPlayer(seed * n + seat + 1) for seat in range(n)}


def random_positions(mix, n_games: int, every: int, seed0: int):
    """Clones of positions along seeded random games of this mix (first seat seed % seats), every
    few actions after the deal."""
    for seed in range(seed0, seed0 + n_games):
        g = new_game(mix, seed % len(mix), seed)
        rng = np.random.default_rng(seed)
        players = players_for(mix, seed)
        while not g.is_terminal():
            if len(g.record) % every == 0 and g.step != "deal":
                yield g.clone()
            seat = g.current_player
            g.apply(g.sample_chance(rng) if seat == _core.CHANCE else players[seat].choose(g))


EP_PERSISTENT = [k.id for k in CARDS if k.kind == "persistent" and k.decks == ("ep",)]


def ep_cards_dealt(g: Game, rng) -> Game:
    """g (a game of the E&P deck) played through setup, then each of the deck's own persistent
    cards still in the deck put in a play area at random (each seat holding cards, half the
    time), so that every card acts far more often than crafting manages."""
    while g.state.turn_number == 0:
        g.apply(g.sample_chance(rng) if g.current_player == _core.CHANCE else g.legal_actions()[0])
    d = g.state.to_dict()
    for t in EP_PERSISTENT:
        for seat in range(g.num_seats):
            if d["deck"][t] > 0 and g.faction_ids[seat] not in _core.BOT_FACTIONS and rng.random() < 0.5:
                d["deck"][t] -= 1
                d["deck_size"] -= 1
                d["play_area"][seat][t] += 1
    out = g.clone()
    out.state = _core.State.from_dict(d)
    return out


def ep_positions(mix, n_games: int, every: int, seed0: int):
    """Clones of positions along seeded random games of mix with the E&P deck and its cards dealt
    into the play areas (ep_cards_dealt), every few actions."""
    for seed in range(seed0, seed0 + n_games):
        rng = np.random.default_rng(seed)
        g = ep_cards_dealt(new_game(mix, seed % len(mix), seed, deck="ep"), rng)
        players = players_for(mix, seed)
        while not g.is_terminal():
            if len(g.record) % every == 0:
                yield g.clone()
            seat = g.current_player
            g.apply(g.sample_chance(rng) if seat == _core.CHANCE else players[seat].choose(g))


def won(s) -> bool:
    """LoR 3.1 / 3.3.1: the winner of a finished State reached 30 VP, or (3+ seats) won at the
    start of its own Birdsong by the dominance card it activated: it rules 3 clearings of the
    card's suit, or both corners of an opposite pair for bird."""
    w = s.winner
    if w is None:
        return False
    if s.scores[w] >= 30:
        return True
    d = s.to_dict()
    dom = [t for t, row in enumerate(_core.CARDS)
           if _core.KIND_NAMES[row[3]] == "dominance" and d["play_area"][w][t]]
    if len(s.factions) < 3 or len(dom) != 1 or d["turn"] != w:
        return False
    rulers, suit = _core.public_facts(s)["rulers"], _core.CARDS[dom[0]][1]
    if _core.SUIT_NAMES[suit] == "bird":           # the map's opposite corners (LoR 3.3.1)
        pairs = maps.data(d["map"])["opposite_corner"].items()
        return any(rulers[a - 1] == w and rulers[b - 1] == w for a, b in pairs)
    return sum(1 for c in range(12) if d["suit"][c] == suit and rulers[c] == w) >= 3


def random_draft(n: int, seed: int, first: int = 0, cards=True, until=None, each=None) -> Game:
    """A game of n players drafting their factions (LoR 16.1.8; docs/advanced-setup.md) from the
    cards (True: every faction's), played with seeded random choices and chance until until(g)
    holds or the game ends; each(g) is called at every position on the way."""
    g = Game(first, ("draft",) * n, setup="advanced", draft=cards)
    rng = np.random.default_rng(seed)
    while not g.is_terminal() and not (until and until(g)):
        if each:
            each(g)
        if g.is_chance_node():
            g.apply(g.sample_chance(rng))
        else:
            legal = g.legal_actions()
            g.apply(legal[rng.integers(len(legal))])
    return g
