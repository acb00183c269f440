"""Planner speed (issue 4 target: >= 10,000 simulations per second on one core at a mid-game
Wyrm decision, default settings). Run: pytest benchmarks --benchmark-only"""
import numpy as np
import pytest

from wyrm_ai import _core
from wyrm_ai.game import Game
from wyrm_ai.players import HeuristicPlayer

SIMS = 1000


def wyrm_midgame(seed=3):
    rng = np.random.default_rng(seed)
    g = Game(first="marquise")
    players = {0: HeuristicPlayer(seed), 1: HeuristicPlayer(seed + 1)}
    while not (g.current_player == 1 and g.step == "wyrm_daylight" and g.state.turn_number >= 6
               and len(g.legal_actions()) >= 6):
        a = g.sample_chance(rng) if g.is_chance_node() else players[g.current_player].choose(g)
        g.apply(a)
    return g.state


@pytest.mark.parametrize("seed", [3, 8])
def test_mcts_simulations_per_second(benchmark, seed):
    state = wyrm_midgame(seed)

    def run():
        _core.Search(state, seed=1).run(SIMS)

    benchmark.pedantic(run, rounds=5, iterations=1)
    benchmark.extra_info["simulations_per_second"] = SIMS / benchmark.stats.stats.mean


def test_heuristic_choice(benchmark):
    state = wyrm_midgame()
    benchmark(_core.heuristic_choice, state, 1, 0, 4)
