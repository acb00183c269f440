"""Speed at three seats (issue 11): the Marquise de Cat, the Eyrie Dynasties and the Voracious
Wyrm at one table. Run: pytest benchmarks/bench_nseat.py --benchmark-only

Targets (2-core development machine): clone() of a 3-seat mid-game state <= 0.3 us median; core
random playouts >= 1,000,000 decisions per second; planner >= 20,000 simulations per second at a
3-seat Wyrm Daylight decision (default settings). No asserts on timings: read the table and
extra_info. Skipped while the core cannot seat all three (_core.PLAYABLE_FACTIONS)."""
from __future__ import annotations

import pytest

from wyrm_ai import _core
from wyrm_ai.factions import faction_id

MIX = ("marquise", "eyrie", "wyrm")
TABLE = tuple(faction_id(f) for f in MIX)
WYRM_SEAT = MIX.index("wyrm")
SIMS = 1000

pytestmark = pytest.mark.skipif(not set(TABLE) <= set(_core.PLAYABLE_FACTIONS),
                                reason="the core cannot seat the Eyrie yet")


def wyrm_midgame(seed0: int = 0, min_turn: int = 9) -> _core.State:
    """A 3-seat mid-game State at a Wyrm Daylight decision with 6+ legal actions, reached by seeded
    core playouts (turn 9: the Wyrm's third turn or later)."""
    for seed in range(seed0, seed0 + 500):
        s = _core.State(seed % 3, factions=TABLE)
        for i in range(2000):
            if s.is_terminal():
                break
            if (s.step == "wyrm_daylight" and s.turn_number >= min_turn
                    and s.num_legal_actions() >= 6):
                return s
            s.random_playout(seed * 7919 + i, 1)
    raise RuntimeError("no 3-seat mid-game Wyrm decision found")


@pytest.fixture(scope="module")
def mid_wyrm():
    return wyrm_midgame()


def test_clone_midgame_3_seats(benchmark, mid_wyrm):
    benchmark.extra_info["struct_bytes"] = _core.struct_size()
    out = benchmark(mid_wyrm.clone)
    assert out == mid_wyrm


def test_core_random_playout_3_seats(benchmark):
    """Each call plays a whole 3-seat game from a fresh State with a new seed."""
    seeds = iter(range(1, 10**9))
    total = [0, 0]

    def one():
        seed = next(seeds)
        total[0] += _core.State(seed % 3, factions=TABLE).random_playout(seed)
        total[1] += 1

    benchmark.pedantic(one, rounds=1000, warmup_rounds=10, iterations=1)
    per = total[0] / total[1]
    benchmark.extra_info["decisions_per_game"] = round(per, 1)
    benchmark.extra_info["decisions_per_sec"] = round(per / benchmark.stats.stats.mean)


def test_mcts_simulations_per_second_3_seats(benchmark, mid_wyrm):
    assert mid_wyrm.current_player == WYRM_SEAT

    def run():
        _core.Search(mid_wyrm, seed=1).run(SIMS)

    benchmark.pedantic(run, rounds=5, iterations=1)
    benchmark.extra_info["simulations_per_second"] = round(SIMS / benchmark.stats.stats.mean)
