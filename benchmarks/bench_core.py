"""Speed of the rules core and of the Python facade (pytest-benchmark).

    pytest benchmarks --benchmark-only

Targets (2-core development machine): clone() <= 0.5 us median; legal_actions() at a mid-game
decision <= 5 us; core random playouts >= 1,000,000 decisions per second. No asserts on timings:
read the table (and extra_info: decisions, decisions_per_sec)."""
from __future__ import annotations

import numpy as np
import pytest

from wyrm_ai import _core
from wyrm_ai.model.game import Game
from wyrm_ai.ai.players import RandomPlayer, play


def midgame_state(step: str, seed0: int = 0, min_turn: int = 8) -> _core.State:
    """A mid-game State at the given decision step, reached by seeded core playouts."""
    for seed in range(seed0, seed0 + 500):
        s = _core.State(seed % 2)
        s.random_playout(seed, 100)                      # ~100 decisions in
        for i in range(400):                             # then step to the wanted decision
            if s.is_terminal():
                break
            if s.step == step and s.turn_number >= min_turn and s.num_legal_actions() > 5:
                return s
            s.random_playout(seed * 7919 + i, 1)
    raise RuntimeError(f"no mid-game {step} found")


@pytest.fixture(scope="module")
def mid_marquise():
    return midgame_state("marquise_daylight")


@pytest.fixture(scope="module")
def mid_wyrm():
    return midgame_state("wyrm_daylight")


def test_clone_midgame(benchmark, mid_marquise):
    benchmark.extra_info["struct_bytes"] = _core.struct_size(mid_marquise.num_seats)
    out = benchmark(mid_marquise.clone)
    assert out == mid_marquise


@pytest.mark.parametrize("faction", ["marquise", "wyrm"])
def test_legal_actions(benchmark, faction, mid_marquise, mid_wyrm):
    s = mid_marquise if faction == "marquise" else mid_wyrm
    benchmark.extra_info["step"] = s.step
    benchmark.extra_info["num_legal"] = s.num_legal_actions()
    out = benchmark(s.legal_actions)
    assert len(out) == s.num_legal_actions()


@pytest.mark.parametrize("faction", ["marquise", "wyrm"])
def test_legal_actions_array(benchmark, faction, mid_marquise, mid_wyrm):
    s = mid_marquise if faction == "marquise" else mid_wyrm
    benchmark.extra_info["step"] = s.step
    benchmark.extra_info["num_legal"] = s.num_legal_actions()
    out = benchmark(s.legal_actions_array)
    assert out.tolist() == s.legal_actions()


class _Playouts:
    """Each call plays a whole game from a fresh State with a new seed."""

    def __init__(self):
        self.seed = 0
        self.decisions = 0
        self.games = 0

    def __call__(self):
        self.seed += 1
        s = _core.State(self.seed % 2)
        n = s.random_playout(self.seed)
        self.decisions += n
        self.games += 1
        return n


def test_core_random_playout(benchmark):
    run = _Playouts()
    benchmark.pedantic(run, rounds=2000, warmup_rounds=20, iterations=1)
    per_game = run.decisions / run.games
    mean = benchmark.stats.stats.mean
    benchmark.extra_info["decisions_per_game"] = round(per_game, 1)
    benchmark.extra_info["decisions_per_sec"] = round(per_game / mean)
    benchmark.extra_info["games_per_sec"] = round(1 / mean)


def test_core_random_playout_from_midgame(benchmark, mid_wyrm):
    """Playouts from one mid-game position, as a planner would run them (clone + playout)."""
    seeds = iter(range(10**9))
    total = [0, 0]

    def one():
        s = mid_wyrm.clone()
        n = s.random_playout(next(seeds))
        total[0] += n
        total[1] += 1

    benchmark.pedantic(one, rounds=2000, warmup_rounds=20, iterations=1)
    per = total[0] / total[1]
    benchmark.extra_info["decisions_per_playout"] = round(per, 1)
    benchmark.extra_info["decisions_per_sec"] = round(per / benchmark.stats.stats.mean)


def test_python_random_game(benchmark):
    """A whole game through Game + RandomPlayer + numpy chance, for comparison."""
    games = []

    def one():
        seed = len(games) + 1
        games.append(play(Game(first=seed % 2), {0: RandomPlayer(seed), 1: RandomPlayer(seed + 1)},
                          np.random.default_rng(seed)))

    benchmark.pedantic(one, rounds=60, warmup_rounds=2, iterations=1)
    mean = benchmark.stats.stats.mean
    decisions = sum(1 for g in games for line in g.record_lines() if not line.startswith("?"))
    actions = sum(len(g.record) for g in games)
    per = decisions / len(games)
    benchmark.extra_info["decisions_per_game"] = round(per, 1)
    benchmark.extra_info["actions_per_game"] = round(actions / len(games), 1)
    benchmark.extra_info["decisions_per_sec"] = round(per / mean)


def test_state_apply_checked(benchmark, mid_wyrm):
    """One checked apply (is_legal + apply) on a clone: the per-step cost of a Python driver."""
    a = mid_wyrm.legal_actions()[-1]

    def one():
        s = mid_wyrm.clone()
        s.apply(a)

    benchmark(one)


def test_to_dict(benchmark, mid_marquise):
    benchmark(mid_marquise.to_dict)
