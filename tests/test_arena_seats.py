"""The arena at N seats (issue 11 part 6): a driver per faction, seatings rotated so each faction
takes each place in the turn order equally often (or every permutation), and a report per faction
(wins with Wilson 95% intervals, mean score with its interval). The two-seat report is unchanged."""
from __future__ import annotations

import json
from collections import Counter

import pytest
from click.testing import CliRunner

from wyrm_ai.lab.arena import ArenaResult, GameResult, mean_interval, run_arena, seatings, wilson
from wyrm_ai.cli import main

M, E, W = "marquise", "eyrie", "wyrm"


def turn_order(table, first):
    return tuple(table[(first + i) % len(table)] for i in range(len(table)))


def test_cyclic_seatings_put_every_faction_in_every_place_once():
    order = seatings((M, E, W))
    assert len(order) == 3
    assert all(table == (M, E, W) for table, _ in order)        # the table as given, first rotates
    places = Counter((f, i) for t, first in order for i, f in enumerate(turn_order(t, first)))
    assert set(places.values()) == {1} and len(places) == 9


def test_every_seating_is_every_permutation_of_the_turn_order():
    order = seatings((M, E, W), every=True)
    assert len(order) == 6
    assert {turn_order(t, f) for t, f in order} == {(M, E, W), (M, W, E), (E, M, W), (E, W, M),
                                                    (W, M, E), (W, E, M)}
    assert all(t[0] == M for t, _ in order)                      # seated round from the first given
    places = Counter((f, i) for t, first in order for i, f in enumerate(turn_order(t, first)))
    assert set(places.values()) == {2}


def test_two_seat_seatings_alternate_who_goes_first_as_before():
    assert seatings((M, W)) == [((M, W), 0), ((M, W), 1)]
    assert seatings((W, M)) == [((W, M), 0), ((W, M), 1)]


def test_a_run_rotates_the_seating_per_game_and_counts_wins_per_faction(tmp_path):
    r = run_arena(games=4, seed=5, jobs=1, factions=(W, M), drivers={W: "random"},
                  records=tmp_path / "r.jsonl")
    assert [g.factions for g in r.games] == [(W, M)] * 4
    assert [turn_order(g.factions, g.first)[0] for g in r.games] == [W, M, W, M]
    s = r.summary()
    assert s[W]["driver"] == "random" and s[M]["driver"] == "heuristic"   # heuristic unless named
    assert s[W]["wins"] + s[M]["wins"] == sum(g.winner is not None for g in r.games)
    assert s[W]["mean_score"] == pytest.approx(sum(g.score_of(W) for g in r.games) / 4)
    rec = [json.loads(l) for l in (tmp_path / "r.jsonl").read_text().splitlines()]
    assert [x["first"] for x in rec] == [W, M, W, M] and rec[0]["factions"] == [W, M]


def test_the_report_table_gives_each_faction_wins_and_mean_score_intervals():
    games = [GameResult(i, 0, w, sc, 100, 20, [], (M, E, W)) for i, (w, sc) in
             enumerate([(0, (30, 10, 5)), (2, (12, 20, 31)), (2, (9, 8, 30)), (1, (20, 30, 25))])]
    r = ArenaResult(("heuristic", "mcts", "random"), games, 1.0, (M, E, W), score_intervals=True)
    rows = r.format().splitlines()
    assert rows[0] == "4 games in 1.0s; mean length 20.0 turns, 100 actions"
    mean, lo, hi = mean_interval([5, 31, 30, 25])
    wl, wh = wilson(2, 4)
    assert rows[3] == (f"  wyrm      random     wins    2 (50.0%, 95% CI {100 * wl:.1f}-{100 * wh:.1f}%)  "
                       f"mean score {mean:.1f} (95% CI {lo:.1f}-{hi:.1f})")
    assert [row.split()[0] for row in rows[1:]] == [M, E, W]
    assert mean_interval([7]) == (7.0, 7.0, 7.0)


def test_two_seat_report_is_unchanged():
    """Today's arena table (no score interval) for the default Marquise-Wyrm run."""
    games = [GameResult(0, 0, 1, (10, 30), 90, 14), GameResult(1, 1, 0, (31, 2), 110, 16)]
    assert ArenaResult(("heuristic", "mcts"), games, 2.0).format() == (
        "2 games in 2.0s; mean length 15.0 turns, 100 actions\n"
        "  marquise  heuristic  wins    1 (50.0%, 95% CI 9.5-90.5%)  mean score 20.5\n"
        "  wyrm      mcts       wins    1 (50.0%, 95% CI 9.5-90.5%)  mean score 16.0")


@pytest.mark.parametrize("args, option, words", [
    (["--factions", "wyrm,bird"], "--factions", "no faction 'bird'"),
    (["--factions", "wyrm"], "--factions", "2-6 factions"),
    (["--factions", "wyrm,wyrm"], "--factions", "at most once"),
    (["--ai", "wyrm"], "--ai", "faction=driver"),
    (["--ai", "wyrm=genius"], "--ai", "no driver 'genius'"),
    (["--ai", "wyrm=mcts,wyrm=random"], "--ai", "twice"),
    (["--factions", "marquise,wyrm", "--ai", "eyrie=mcts"], "--ai", "not seated"),
])
def test_bad_seat_options_name_the_option(args, option, words):
    out = CliRunner().invoke(main, ["arena", "--games", "1", "--jobs", "1"] + args)
    assert out.exit_code == 2 and f"'{option}'" in out.output and words in out.output, out.output


def test_arena_refuses_a_faction_the_core_cannot_seat(monkeypatch):
    """The check behind --factions (every base faction sits since issue 13: the Vagabond is made
    unseatable here to reach it)."""
    from wyrm_ai import _core
    monkeypatch.setattr(_core, "PLAYABLE_FACTIONS", (0, 1, 2, 4))
    out = CliRunner().invoke(main, ["arena", "--games", "1", "--jobs", "1", "--factions", "wyrm,vagabond"])
    assert out.exit_code == 2 and "'--factions'" in out.output and "cannot be seated" in out.output, out.output


def test_arena_command_with_factions_reports_per_faction():
    out = CliRunner().invoke(main, ["arena", "--factions", "wyrm,marquise", "--ai", "marquise=random",
                                    "--games", "2", "--jobs", "1", "--seed", "3"])
    assert out.exit_code == 0, out.output
    rows = [r for r in out.output.splitlines() if "/2 games" not in r]   # progress (stderr)
    assert rows[1].split()[:2] == ["wyrm", "heuristic"] and rows[2].split()[:2] == ["marquise", "random"]
    assert all("mean score" in r and r.endswith(")") for r in rows[1:3])


def test_a_three_seat_run_gives_each_faction_each_place_once_per_cycle(tmp_path):
    r = run_arena(games=6, seed=2, jobs=1, factions=(M, E, W), drivers={E: "random"},
                  records=tmp_path / "r.jsonl")
    orders = [turn_order(g.factions, g.first) for g in r.games]
    assert orders[:3] == [(M, E, W), (E, W, M), (W, M, E)] and orders[3:] == orders[:3]
    s = r.summary()
    assert [s[f]["driver"] for f in (M, E, W)] == ["heuristic", "random", "heuristic"]
    assert sum(s[f]["wins"] for f in (M, E, W)) == sum(g.winner is not None for g in r.games)
    for f in (M, E, W):
        lo, hi = s[f]["score_ci95"]
        assert 0 <= lo <= s[f]["mean_score"] <= hi
    rows = r.format().splitlines()
    assert [row.split()[0] for row in rows[1:]] == [M, E, W] and all("(95% CI" in x for x in rows[1:])
    rec = [json.loads(l) for l in (tmp_path / "r.jsonl").read_text().splitlines()]
    assert [x["first"] for x in rec] == [M, E, W, M, E, W] and rec[0]["factions"] == [M, E, W]


def test_every_seating_at_three_seats_cycles_six_orders():
    r = run_arena(games=6, seed=1, jobs=1, factions=(M, E, W), every_seating=True)
    assert len({turn_order(g.factions, g.first) for g in r.games}) == 6


def test_a_coalition_win_counts_for_the_vagabond_too():
    """LoR 9.2.8: if the Vagabond's coalition partner wins, so does he; the arena counts both."""
    from wyrm_ai.lab.arena import ArenaResult, GameResult
    table = ("eyrie", "alliance", "vagabond", "wyrm")
    shared = GameResult(0, 0, 0, (30, 5, 12, 20), 400, 40, [], table, (0, 2))
    alone = GameResult(1, 0, 3, (10, 5, 12, 30), 400, 40, [], table, (3,))
    s = ArenaResult(("heuristic",) * 4, [shared, alone], 1.0, table).summary()
    assert (s["eyrie"]["wins"], s["alliance"]["wins"], s["vagabond"]["wins"], s["wyrm"]["wins"]) == (1, 0, 1, 1)
    assert shared.won("vagabond") and not alone.won("vagabond")
