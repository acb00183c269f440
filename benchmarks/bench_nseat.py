"""Speed at three and four seats (issues 11, 12 and 13): the Marquise de Cat, the Eyrie Dynasties and
the Voracious Wyrm at one table, with the Woodland Alliance at four, and the Eyrie, the Alliance, the
Vagabond and the Wyrm at four; the Riverfolk Company, the Lizard Cult, the Eyrie and the Wyrm (issue
33: clone <= 0.15 us, >= 1,000,000 random decisions/s, >= 15,000 planner simulations/s); the Duchy,
the Corvids, the Alliance and the Wyrm (issue 34, the same targets); the Lord of the Hundreds, the
Marquise, the Keepers in Iron and the Wyrm (issue 35's table); the Marquise, the Duchy, the Corvids and
the Wyrm with and without three hirelings (issue 35 item 3).
Run: pytest benchmarks/bench_nseat.py --benchmark-only

Targets (2-core development machine): clone() of a mid-game state <= 0.3 us median; core random
playouts >= 1,000,000 decisions per second; planner >= 20,000 simulations per second at a 3-seat
Wyrm Daylight decision, >= 15,000 at a 4-seat one (default settings). No asserts on timings: read
the table and extra_info. A table is skipped while the core cannot seat all of its factions
(_core.PLAYABLE_FACTIONS)."""
from __future__ import annotations

import pytest

from wyrm_ai import _core
from wyrm_ai.model.factions import faction_id

MIXES = (("marquise", "eyrie", "wyrm"), ("marquise", "eyrie", "alliance", "wyrm"),
         ("eyrie", "alliance", "vagabond", "wyrm"),
         ("riverfolk", "lizards", "eyrie", "wyrm"),       # issue 33's table
         ("duchy", "corvids", "alliance", "wyrm"),        # issue 34's table
         ("hundreds", "marquise", "keepers", "wyrm"))     # issue 35's table
SIMS = 1000


def table_of(mix) -> tuple[int, ...]:
    return tuple(faction_id(f) for f in mix)


def seats_id(mix) -> str:
    return (f"{len(mix)}_seats" + ("_vagabond" if "vagabond" in mix else "")
            + ("_lizards" if "lizards" in mix else "") + ("_riverfolk" if "riverfolk" in mix else "")
            + ("_duchy" if "duchy" in mix else "") + ("_corvids" if "corvids" in mix else "")
            + ("_hundreds" if "hundreds" in mix else "") + ("_keepers" if "keepers" in mix else ""))


def wyrm_midgame(table, seed0: int = 0) -> _core.State:
    """A mid-game State at a Wyrm Daylight decision with 6+ legal actions, reached by seeded core
    playouts (from turn 3 x seats: the Wyrm's third turn or later)."""
    n = len(table)
    for seed in range(seed0, seed0 + 500):
        s = _core.State(seed % n, factions=table)
        for i in range(2000):
            if s.is_terminal():
                break
            if (s.step == "wyrm_daylight" and s.turn_number >= 3 * n
                    and s.num_legal_actions() >= 6):
                return s
            s.random_playout(seed * 7919 + i, 1)
    raise RuntimeError(f"no {n}-seat mid-game Wyrm decision found")


@pytest.fixture(scope="module", params=MIXES, ids=seats_id)
def mix(request):
    table = table_of(request.param)
    if not set(table) <= set(_core.PLAYABLE_FACTIONS):
        pytest.skip(f"the core cannot seat {request.param} yet")
    return request.param


@pytest.fixture(scope="module")
def mid_wyrm(mix):
    return wyrm_midgame(table_of(mix))


def test_clone_midgame(benchmark, mid_wyrm):
    benchmark.extra_info["struct_bytes"] = _core.struct_size(mid_wyrm.num_seats)
    out = benchmark(mid_wyrm.clone)
    assert out == mid_wyrm


def test_core_random_playout(benchmark, mix):
    """Each call plays a whole game from a fresh State with a new seed."""
    table, n = table_of(mix), len(mix)
    seeds = iter(range(1, 10**9))
    total = [0, 0]

    def one():
        seed = next(seeds)
        total[0] += _core.State(seed % n, factions=table).random_playout(seed)
        total[1] += 1

    benchmark.pedantic(one, rounds=1000, warmup_rounds=10, iterations=1)
    per = total[0] / total[1]
    benchmark.extra_info["decisions_per_game"] = round(per, 1)
    benchmark.extra_info["decisions_per_sec"] = round(per / benchmark.stats.stats.mean)


def test_mcts_simulations_per_second(benchmark, mix, mid_wyrm):
    assert mid_wyrm.current_player == mix.index("wyrm")

    def run():
        _core.Search(mid_wyrm, seed=1).run(SIMS)

    benchmark.pedantic(run, rounds=5, iterations=1)
    benchmark.extra_info["simulations_per_second"] = round(SIMS / benchmark.stats.stats.mean)


# hirelings (issue 35 item 3): one table with and without the three hirelings built first that it
# allows (Bluebird Nobles, Rabbit Scouts, Badger Bodyguards keep out the Eyrie, the Alliance and the
# Keepers): random decisions per second, to read the cost of the hirelings' rules beside the other row
HIRED_TABLE = ("marquise", "duchy", "corvids", "wyrm")
# Forest Patrol keeps the Marquise out: its rows seat the Eyrie in her place, with and without it
PATROL_TABLE = ("eyrie", "duchy", "corvids", "wyrm")
HIRED_SIDES = {"no_hirelings": (HIRED_TABLE, ()),
               "hirelings": (HIRED_TABLE, ("bluebird-nobles", "rabbit-scouts", "badger-bodyguards")),
               # with a hireling's pieces on the map (a side after the seats: rule, battles, the Band's ban)
               "street_band": (HIRED_TABLE, ("street-band", "rabbit-scouts", "badger-bodyguards")),
               "eyrie_no_hirelings": (PATROL_TABLE, ()),
               # a hireling that moves and battles on its own, twelve warriors on the map from the start
               "forest_patrol": (PATROL_TABLE, ("forest-patrol", "rabbit-scouts", "badger-bodyguards")),
               # five warriors set up at a map-edge clearing, placed, moved and battling (twice) together
               "last_dynasty": (HIRED_TABLE, ("last-dynasty", "rabbit-scouts", "badger-bodyguards"))}


@pytest.mark.parametrize("hired", tuple(HIRED_SIDES))
def test_core_random_playout_hirelings(benchmark, hired):
    names, hs = HIRED_SIDES[hired]
    table, n = table_of(names), len(names)
    sides = tuple(_core.HIRELING_NAMES.index(h) for h in hs)
    seeds = iter(range(1, 10**9))
    total = [0, 0]

    def one():
        seed = next(seeds)
        total[0] += _core.State(seed % n, factions=table, hirelings=sides).random_playout(seed)
        total[1] += 1

    benchmark.pedantic(one, rounds=600, warmup_rounds=10, iterations=1)
    per = total[0] / total[1]
    benchmark.extra_info["decisions_per_game"] = round(per, 1)
    benchmark.extra_info["decisions_per_sec"] = round(per / benchmark.stats.stats.mean)
