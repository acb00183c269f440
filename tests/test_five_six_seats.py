"""Five and six seats (issue 32 item 3; LoR 5.2 counts tables of two to six players): every
faction that decides at one table (five seats) and every faction the core seats (six: the
Mechanical Marquise too), with the same invariants after every action as the smaller tables
(tests/test_fuzz.py), each way to win (LoR 3.1, 3.3.1), the Vagabond's coalition at four seats and
more (LoR 9.2.8), the hidden-card twins (LoR 1.2), and the seat table taken by the model, the
engine protocol and the command line. WYRM_FUZZ_FIVE_SIX_GAMES sets the fuzz games per table."""
from __future__ import annotations

import os

import numpy as np
import pytest

from wyrm_ai import _core
from wyrm_ai.model.actions import decode
from wyrm_ai.model.factions import is_bot
from wyrm_ai.model.game import Game
from wyrm_ai.model.redaction import PUBLIC

from mixes import FIVE_SIX_MIXES, mix_id, new_game, players_for, random_positions, won
from test_fairness_nseat import compare_twins
from test_fuzz import Tracker, check_save_file, fast_dict, check_state, near_the_end, play_on_checked

N_GAMES = int(os.environ.get("WYRM_FUZZ_FIVE_SIX_GAMES", 10))


@pytest.mark.parametrize("mix", FIVE_SIX_MIXES, ids=mix_id)
def test_random_games_at_five_and_six_seats_keep_invariants(mix, tmp_path):
    """Piece and card conservation, the Law's component counts, turn order and the end at a win,
    after every action of seeded random games, each seat first in turn; the first game's save
    round-trips at every action; every second game plays the E&P deck."""
    firsts = set()
    for seed in range(N_GAMES):
        first = seed % len(mix)
        g = new_game(mix, first, seed, deck="ep" if seed % 2 else "standard")
        tr = Tracker()
        check_state(fast_dict(g.state), tr, f"factions {mix} seed {seed} start")
        g = play_on_checked(g, np.random.default_rng(seed), players_for(mix, seed), tr, seed, first,
                            saves=seed == 0)
        assert g.is_terminal() and won(g.state), (mix, seed, g.scores)
        firsts.add(g.first)
        if seed == 0:
            check_save_file(g, tmp_path)
    assert len(firsts) == min(N_GAMES, len(mix))


@pytest.mark.parametrize("mix", FIVE_SIX_MIXES, ids=mix_id)
def test_endgames_at_five_and_six_seats_end_at_the_winning_score(mix):
    """LoR 3.1: games started near 30 VP at five and six seats stop at the winning score, every
    invariant intact."""
    ends = 0
    for seed in range(40):
        start = near_the_end(seed, mix)
        if start is None:
            continue
        g, rng, players = start
        tr = Tracker(every_action=False)
        tr.keep = g.state.to_dict()["keep"]
        check_state(fast_dict(g.state), tr, f"endgame {seed} start")
        tr.every_action = True
        play_on_checked(g, rng, players, tr, seed, g.first)
        assert g.is_terminal() and won(g.state), seed
        ends += 1
    assert ends > 30


def test_the_vagabond_forms_coalitions_at_five_seats():
    """LoR 9.2.8: at four players or more the Vagabond may form a coalition with the player in
    last place; the random games at five seats offer it."""
    mix = FIVE_SIX_MIXES[0]
    offered = 0
    for seed in range(6):
        g = new_game(mix, seed % len(mix), seed)
        rng, players = np.random.default_rng(seed), players_for(mix, seed)
        while not g.is_terminal():
            seat = g.current_player
            if seat != _core.CHANCE:
                offered += any(decode(a).kind == "coalition" for a in g.legal_actions())
            g.apply(g.sample_chance(rng) if seat == _core.CHANCE else players[seat].choose(g))
    assert offered > 0


@pytest.mark.parametrize("mix", FIVE_SIX_MIXES, ids=mix_id)
def test_hidden_cards_do_not_change_views_or_determinizations_at_five_and_six_seats(mix):
    """LoR 1.2 at five and six seats: twins that differ only in cards hidden from a seat (or from
    a spectator) give it the same views, the same determinizations and, at its own decisions, the
    same heuristic choice (tests/test_fairness_nseat.py
    holds the smaller tables). The bot's seat holds no hand and decides nothing: the other seats
    and a spectator are compared."""
    viewers = (*(seat for seat, f in enumerate(mix) if not is_bot(f)), PUBLIC)
    # every 47th action of two games: still 70 twins and more a seat (CI time)
    compare_twins(mix, random_positions(mix, 2, every=47, seed0=5000), viewers, least=10, least_heuristic=0)


@pytest.mark.parametrize("mix", FIVE_SIX_MIXES, ids=mix_id)
def test_the_model_seats_five_and_six(mix):
    """The model's seat table takes five and six factions (wyrm_ai.model.factions.MAX_SEATS)."""
    g = Game(first=mix[-1], factions=mix)
    assert g.factions == tuple(mix) and g.num_seats == len(mix) and g.first == len(mix) - 1
