"""The shared deck as an option on every front end (issue 32 item 1; docs/ep-deck.md): `--deck
standard|ep` on `wyrm play`, `watch`, `arena` and `match` (their records and JSON name it,
`--resume` keeps it), the terminal's words and its `new`, the engine's `setoption deck` and the
state JSON's `deck_name`, the web form's and API's `deck`, Rootlog's `Deck:` line written and
replayed, and a position's `deck`. A bad name is refused naming the decks, and changes nothing.
The deck's own cards: tests/test_ep_deck.py."""
from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner

from mixes import players_for
from test_protocol import Harness, _schema
from wyrm_ai import _core
from wyrm_ai.cli import main
from wyrm_ai.lab.arena import play_one, run_arena
from wyrm_ai.lab.match import run_match, setup
from wyrm_ai.model.cards import CARDS
from wyrm_ai.model.errors import ConfigError, PositionError
from wyrm_ai.model.game import Game
from wyrm_ai.protocol.views import state_view, views_of
from wyrm_ai.rootlog import read_file, read_text
from wyrm_ai.rootlog.replay import Replay, ReplayError, replay
from wyrm_ai.rootlog.writer import write
from wyrm_ai.terminal.command import new_game

DECKS_NAMED = "the decks are standard, ep"          # every refusal of a bad deck names them
EP_ONLY = {c.token for c in CARDS if c.decks == ("ep",)}       # the E&P deck's own cards
CORPUS = Path(__file__).resolve().parents[2] / "shared" / "reference" / "rootlog"


def played(deck: str, mix=("marquise", "wyrm"), seed: int = 3, actions: int = 10_000) -> Game:
    """A seeded game with random players on deck (to its end, or `actions` record entries)."""
    g = Game(first=seed % len(mix), factions=mix, deck=deck)
    rng, players = np.random.default_rng(seed), players_for(mix, seed)
    while not g.is_terminal() and len(g.record) < actions:
        seat = g.current_player
        g.apply(g.sample_chance(rng) if seat == _core.CHANCE else players[seat].choose(g))
    return g


def cards_seen(view: dict) -> set:
    """Every card token a referee view names in hands, play areas, the discard pile and the deck."""
    out = set(view["discard"]) | set(view["deck"])
    for cards in (*view["hands"].values(), *view["play_areas"].values()):
        out |= set(cards or ())
    return out


# ---- Rootlog ----
@pytest.mark.parametrize("deck, line", [("standard", "Deck: Standard"), ("ep", "Deck: E&P")])
def test_the_writer_writes_the_deck_and_the_record_replays_on_it(deck, line):
    g = played(deck)
    text = write(g)
    assert text.splitlines()[1] == line
    record = read_text(text, strict=True)
    assert record.header.deck == line.split(": ")[1]
    back = replay(text, seats=g.factions)
    assert back.deck == deck and back.record == g.record
    assert write(g, "public").splitlines()[1] == line


def test_an_ep_game_deals_ep_cards_and_its_rootlog_names_them():
    g = played("ep", ("marquise", "eyrie", "wyrm"), seed=2, actions=600)
    named = cards_seen(state_view(g, "referee"))
    assert named & EP_ONLY and not named - {c.token for c in CARDS if "ep" in c.decks}


@pytest.mark.skipif(not CORPUS.is_dir(), reason=f"the Rootlog corpus is not at {CORPUS}")
@pytest.mark.parametrize("path", sorted(CORPUS.rglob("*.rootlog")) if CORPUS.is_dir() else [],
                         ids=lambda p: p.stem)
def test_the_real_games_get_past_their_deck_and_stop_at_a_faction(path):
    """Every corpus game's `Deck:` (E&P, or the Mountain game's Standard) is the engine's now; each
    stops at its first player line of a faction the engine lacks."""
    record = read_file(path)
    with pytest.raises(ReplayError) as e:
        Replay(record, str(path))
    lacks = str(e.value).split("; it holds")[0]
    assert "deck" not in lacks and "player line" in lacks and "the engine does not hold the faction" in lacks
    assert path.read_text(encoding="utf-8").splitlines()[e.value.line - 1][1] == ":"
    assert "the decks Standard, E&P" in str(e.value)
