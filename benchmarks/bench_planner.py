"""Planner speed (issue 4 target: >= 10,000 simulations per second on one core at a mid-game
Wyrm decision, default settings; issue 15: root-parallel search with 2 threads >= 1.8x the
simulations per wall-second of 1 on 2 idle cores). Run: pytest benchmarks --benchmark-only
(tools/parallel_search.py speed prints the ratio in one run)."""
import numpy as np
import pytest

from wyrm_ai import _core
from wyrm_ai.model.game import Game
from wyrm_ai.ai.planner import Budget, search
from wyrm_ai.ai.players import HeuristicPlayer

from bench_nseat import table_of, wyrm_midgame as nseat_midgame

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


PARALLEL_SIMS = 4000
PARALLEL_TABLES = {"2_seats": None, "4_seats": ("marquise", "eyrie", "alliance", "wyrm")}


@pytest.mark.parametrize("threads", [1, 2])
@pytest.mark.parametrize("seats", list(PARALLEL_TABLES))
def test_parallel_simulations_per_wall_second(benchmark, seats, threads):
    """planner.search with Budget.threads 1 and 2 at a 2-seat and a 4-seat Wyrm Daylight decision:
    extra_info's simulations_per_second is wall-clock (compare the 1- and 2-thread rows)."""
    mix = PARALLEL_TABLES[seats]
    state = wyrm_midgame() if mix is None else nseat_midgame(table_of(mix))

    def run():
        search(state, Budget(sims=PARALLEL_SIMS, threads=threads), seed=1)

    benchmark.pedantic(run, rounds=5, iterations=1)
    benchmark.extra_info["simulations_per_second"] = PARALLEL_SIMS / benchmark.stats.stats.mean
