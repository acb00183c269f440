"""Root-parallel search (issue 15 item 3): Budget.threads trees over one root, each in its own
thread, their root statistics merged; the option at every front end (MCTSPlayer, wyrm watch /
arena / play --threads, the engine's setoption threads)."""
from __future__ import annotations

import os

import pytest
from click.testing import CliRunner

from wyrm_ai import _core
from wyrm_ai.cli import main
from wyrm_ai.model.errors import ConfigError
from wyrm_ai.ai.planner import (MAX_THREADS, Budget, merge_roots, search, thread_count, thread_seed)
from wyrm_ai.ai.players import MCTSPlayer

from test_planner import wyrm_decision
from test_protocol import Harness


@pytest.fixture(scope="module")
def game():
    return wyrm_decision()


def one_tree(game, sims, seed, **options):
    """The plain single-tree result, straight from the core: [(action, visits, mean)]."""
    tree = _core.Search(game.state, seed=seed, **options)
    tree.run(sims)
    return tree


# ---- the merge ------------------------------------------------------------------------

def test_merge_sums_visits_and_weights_the_means_by_visits():
    a = [(7, 30, 0.5, 1), (3, 10, 0.9, 2)]
    b = [(3, 30, 0.1, 5), (9, 5, 1.0, 6)]
    merged = merge_roots([a, b])
    assert merged == [(3, 40, pytest.approx((10 * 0.9 + 30 * 0.1) / 40)), (7, 30, 0.5), (9, 5, 1.0)]


def test_merge_breaks_ties_as_one_tree_does():
    """Equal visits: the higher mean first; equal visits and means: the lower action number."""
    merged = merge_roots([[(5, 10, 0.4, 1), (8, 10, 0.6, 2)], [(2, 10, 0.5, 3)]])
    assert [a for a, _, _ in merged] == [8, 2, 5]
    merged = merge_roots([[(5, 10, 0.5, 1)], [(2, 10, 0.5, 3)]])
    assert [a for a, _, _ in merged] == [2, 5]


def test_merge_of_one_tree_is_its_own_list():
    kids = [(4, 9, 1 / 3, 1), (1, 2, 0.7, 2)]
    assert merge_roots([kids]) == [(4, 9, 1 / 3), (1, 2, 0.7)]


def test_the_report_is_the_merge_of_its_trees(game):
    """threads=2, sims=301: tree 0 (the search's seed) runs 151, tree 1 (thread_seed(seed, 1))
    runs 150; the report is their merged root, its best the merged first, its line tree-wise."""
    r = search(game, Budget(sims=301, threads=2), seed=9)
    t0, t1 = one_tree(game, 151, 9), one_tree(game, 150, thread_seed(9, 1))
    merged = merge_roots([t0.children(), t1.children()])
    assert [(a, v, m) for a, _, v, m in r.top] == merged
    assert r.best == merged[0][0] and r.simulations == 301
    assert r.tree_size == t0.tree_size + t1.tree_size
    assert sum(v for _, _, v, _ in r.top) == 301
    owner = max((t0, t1), key=lambda t: next((v for a, v, _, _ in t.children() if a == r.best), -1))
    node = next(n for a, _, _, n in owner.children() if a == r.best)
    assert r.line_actions[0] == r.best
    assert r.line_actions[1:2] == [a for a, _, _, _ in owner.children(node)[:1] if owner.children(node)[0][1]]


def test_tree_seeds_keep_tree_zero_and_differ():
    assert thread_seed(5, 0) == 5
    seeds = {thread_seed(5, t) for t in range(8)}
    assert len(seeds) == 8 and all(0 <= s < 2**64 for s in seeds)
    assert thread_seed(2**64 - 1, 3) < 2**64


# ---- determinism, budgets, stop ---------------------------------------------------------

def test_one_thread_is_the_plain_search(game):
    r = search(game, Budget(sims=200, threads=1), seed=4)
    tree = one_tree(game, 200, 4)
    assert r.best == tree.best_action()
    assert [(a, v, m) for a, _, v, m in r.top] == [(a, v, m) for a, v, m, _ in tree.children()]
    assert r.line_actions == tree.principal_line()
    assert r.tree_size == tree.tree_size
    assert search(game, Budget(sims=200), seed=4).top == r.top      # 1 is the default


@pytest.mark.parametrize("threads", [2, 3])
def test_same_seed_and_threads_give_the_same_search(game, threads):
    runs = [search(game, Budget(sims=250, threads=threads), seed=21) for _ in range(3)]
    assert all(r.top == runs[0].top and r.line == runs[0].line and r.best == runs[0].best
               for r in runs)
    other = search(game, Budget(sims=250, threads=threads), seed=22)
    assert other.top != runs[0].top


def test_threads_change_the_trees_not_the_total(game):
    one = search(game, Budget(sims=240, threads=1), seed=3)
    two = search(game, Budget(sims=240, threads=2), seed=3)
    assert one.simulations == two.simulations == 240
    assert one.top != two.top


@pytest.mark.parametrize("sims,threads", [(1, 2), (7, 3), (129, 2), (300, 4)])
def test_the_sims_budget_is_the_total_over_the_trees(game, sims, threads):
    r = search(game, Budget(sims=sims, threads=threads), seed=1)
    assert r.simulations == sims
    assert sum(v for _, _, v, _ in r.top) == sims


def test_max_nodes_is_shared_out_between_the_trees(game):
    r = search(game, Budget(sims=400, threads=2), seed=1, max_nodes=40)
    assert r.at_cap and r.tree_size == 40


def test_stop_ends_the_search_between_rounds(game):
    calls = []

    def stop():
        calls.append(1)
        return len(calls) >= 3

    r = search(game, Budget(sims=100_000, threads=2), seed=2, stop=stop)
    assert len(calls) == 3          # asked after tree 0's chunks 1, 2 and 3 (not before any)
    assert 3 * 128 <= r.simulations < 100_000    # tree 0's three chunks, and the other's so far
    assert sum(v for _, _, v, _ in r.top) == r.simulations
    assert r.best in game.legal_actions()


def test_a_time_budget_is_wall_time_read_by_the_calling_thread(game):
    """A fake clock that jumps 1 s a reading: the start reads 0, the deadline is 2.5; the clock is
    read once min_sims (over the trees) are done, after tree 0's chunks 1 (1 s), 2 (2 s) and 3
    (3 s: the end); the report's seconds is the next reading."""
    t = iter(range(10**6))
    r = search(game, Budget(sims=None, seconds=2.5, min_sims=64, threads=2), seed=2,
               clock=lambda: float(next(t)))
    assert r.seconds == 4.0
    assert 3 * 128 <= r.simulations == sum(v for _, _, v, _ in r.top)


def test_progress_is_called_from_the_calling_thread_with_merged_numbers(game):
    import threading
    seen, trees = [], []
    me = threading.current_thread()

    def progress(sims, seconds, best, value):
        assert threading.current_thread() is me
        seen.append((sims, best))

    def tree_progress(nodes, at_cap, path):
        assert threading.current_thread() is me
        trees.append((nodes, path))

    r = search(game, Budget(sims=600, threads=2), seed=5, progress=progress, tree_progress=tree_progress)
    sims = [s for s, _ in seen]
    assert sims == sorted(sims) and sims[0] >= 128 and sims[-1] == 600
    assert seen[-1][1] == r.best                 # the last call has the report's numbers
    assert trees[-1] == (r.tree_size, list(zip(r.line_actions, r.line_seats)))


# ---- the option and its errors ----------------------------------------------------------

def test_thread_counts():
    cores = os.cpu_count() or 1
    assert thread_count(1) == 1 and thread_count("3") == 3
    assert thread_count(0) == thread_count("auto") == thread_count(" AUTO ") == cores
    assert Budget(threads="auto").n_threads == cores
    for bad in (-1, MAX_THREADS + 1, 1.5, True, None, "", "two", "-2", "\u00b2", "1e3"):
        with pytest.raises(ConfigError, match="threads"):
            Budget(threads=bad)
    with pytest.raises(ConfigError, match=f"from 1 to {cores}"):
        thread_count(cores + 1, most=cores)


def test_mcts_player_takes_threads(game):
    p = MCTSPlayer(seed=3, sims=200, threads=2)
    assert p.budget.n_threads == 2
    a = p.choose(game.clone())
    assert a == MCTSPlayer(seed=3, sims=200, threads=2).choose(game.clone())
    with pytest.raises(ConfigError, match="threads"):
        MCTSPlayer(threads=-1)


def test_cli_threads_options():
    cores = os.cpu_count() or 1
    runner = CliRunner()
    for cmd in (["watch", "--wyrm", "mcts", "--quiet"], ["arena", "--games", "1", "--jobs", "1"],
                ["play"]):
        for bad in (str(cores + 1), "-1", "lots"):
            res = runner.invoke(main, [*cmd, "--threads", bad], input="quit\n")
            assert res.exit_code == 2, (cmd, bad, res.output)
            assert "--threads" in res.output and "threads must be" in res.output
    res = runner.invoke(main, ["watch", "--threads", "1", "--marquise", "heuristic", "--wyrm", "heuristic",
                               "--quiet", "--seed", "1"])
    assert res.exit_code == 0
    if cores > 1:
        res = runner.invoke(main, ["watch", "--threads", "2", "--quiet", "--seed", "1",
                                   "--marquise", "random", "--wyrm", "random"])
        assert res.exit_code == 2 and "--threads" in res.output and "mcts" in res.output
    res = runner.invoke(main, ["watch", "--threads", "auto", "--wyrm", "mcts", "--sims", "20",
                               "--marquise", "heuristic", "--quiet", "--seed", "3"])
    assert res.exit_code == 0 and "wins" in res.output


def test_arena_threads_reach_the_players():
    from wyrm_ai.lab.arena import run_arena
    a, b, one = (run_arena(games=2, jobs=1, sims=30, seed=5, threads=k) for k in (2, 2, 1))
    assert [r.record for r in a.games] == [r.record for r in b.games]
    assert [r.record for r in a.games] != [r.record for r in one.games]   # two trees of 15, not one of 30
    with pytest.raises(ConfigError, match="threads"):
        run_arena(games=1, jobs=1, sims=30, threads=-3)


def test_engine_setoption_threads_round_trip():
    cores = os.cpu_count() or 1
    h = Harness()
    assert "threads 1" in h.ok("options")
    h.ok("setoption threads auto")
    assert f"threads {cores}" in h.ok("options")
    h.ok("setoption threads 1")
    assert "threads 1" in h.ok("options")
    h.ok("setoption name threads value 0")
    assert f"threads {cores}" in h.ok("options")
    for bad in (str(cores + 1), "-1", "x", "1.5"):
        assert h.err(f"setoption threads {bad}").startswith("syntax"), bad
    assert f"threads {cores}" in h.ok("options")


def test_engine_go_with_threads_is_reproducible():
    moves = []
    for _ in range(2):
        h = Harness()
        h.ok("setoption seed 8")
        h.ok("setoption threads auto")
        h.ok("new marquise wyrm 5")
        moves.append(h.ok("go sims 200")[-1])
    assert moves[0] == moves[1] and moves[0].startswith("bestmove ")
