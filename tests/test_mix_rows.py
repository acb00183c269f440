"""The README's measuring tools of issue 15: tools/mix_rows.py (mcts against mcts at every table of
tests/mixes.py) and tools/parallel_search.py's agree over decisions of played games."""
from __future__ import annotations

import json
import pathlib
import sys

import pytest

from wyrm_ai import _core
from wyrm_ai.lab.match import margin

from mixes import BOT_MIXES, MIXES

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "tools"))
import mix_rows  # noqa: E402
import parallel_search  # noqa: E402


def test_every_set_of_factions_the_tests_play_is_one_table():
    tables = mix_rows.tables()
    sets = [frozenset(t) for t in tables.values()]
    assert len(set(sets)) == len(sets)                           # no set twice
    assert set(sets) == {frozenset(m) for m in MIXES + BOT_MIXES}    # and none left out
    assert all(t in MIXES + BOT_MIXES for t in tables.values())   # each seated as the tests seat it
    assert tables["CEW"] == ("marquise", "eyrie", "wyrm") and tables["MW"] == ("mechanical-marquise", "wyrm")


def test_a_row_reports_each_faction_of_its_games():
    r = mix_rows.run_table("CW", ("marquise", "wyrm"), games=2, seed=3, jobs=1, sims=8)
    assert (r["games"], r["sims"], r["table"]) == (2, 8, "CW")
    m, w = r["seats"]
    assert (m["faction"], w["faction"], m["driver"], w["driver"]) == ("marquise", "wyrm", "mcts", "mcts")
    assert m["wins"] + w["wins"] == 2                  # two seats: one winner a game
    assert m["margin"] == pytest.approx(-w["margin"])   # each one's VP minus the other's
    assert m["ci95"][0] <= m["rate"] <= m["ci95"][1]
    assert r["mean_turns"] > 0


def test_the_bot_takes_no_driver_and_is_named_as_the_bot_in_the_table():
    r = mix_rows.run_table("MW", ("mechanical-marquise", "wyrm"), games=1, seed=3, jobs=1, sims=8)
    assert [d["driver"] for d in r["seats"]] == ["bot", "mcts"]
    text = mix_rows.markdown([r])
    assert "| MW | 1 | Mechanical Marquise (bot) |" in text and "| | | Wyrm |" in text


def test_the_table_gives_margins_with_the_minus_sign_and_intervals():
    row = {"table": "CW", "games": 10, "mean_turns": 14.25, "seats": [
        {"faction": "marquise", "driver": "mcts", "rate": 0.2, "ci95": [0.05, 0.5], "mean_score": 20.0,
         "margin": -5.25, "margin_ci95": [-8.0, -2.5]},
        {"faction": "wyrm", "driver": "mcts", "rate": 0.8, "ci95": [0.5, 0.95], "mean_score": 29.4,
         "margin": 5.25, "margin_ci95": [2.5, 8.0]}]}
    lines = mix_rows.markdown([row]).splitlines()
    assert lines[2] == "| CW | 10 | Marquise | 20.0% (5.0–50.0) | 20.0 | −5.2 (−8.0 to −2.5) | 14.2 |"
    assert lines[3] == "| | | Wyrm | 80.0% (50.0–95.0) | 29.4 | +5.2 (+2.5 to +8.0) | |"


def test_an_unknown_table_is_named_in_the_error(capsys):
    with pytest.raises(SystemExit):
        mix_rows.main(["--mixes", "CW,XYZ"])
    assert "no table 'XYZ'" in capsys.readouterr().err


def test_agreement_positions_are_decisions_of_ten_or_more_actions_seat_by_seat():
    states = parallel_search.played_decisions(("marquise", "eyrie", "wyrm"), 8, 2, seed=5, wanted=5)
    assert len(states) == 5
    assert all(s.current_player >= 0 and s.num_legal_actions() >= 10 for s in states)
    # the first game gives each seat its turn before a seat's second pick
    assert sorted(s.current_player for s in states[:3]) == [0, 1, 2]
    again = parallel_search.played_decisions(("marquise", "eyrie", "wyrm"), 8, 2, seed=5, wanted=5)
    assert [s.state_bytes() for s in again] == [s.state_bytes() for s in states]   # seeded


def test_agree_reports_per_faction_with_intervals(capsys):
    parallel_search.main(["agree", "--source", "games", "--positions", "4", "--sims", "32",
                          "--game-sims", "8", "--threads", "1", "--tables", "2-seat"])
    out = capsys.readouterr().out
    assert out.startswith("4 decisions with 10+ legal actions in seeded games of the planner (8 sims)")
    assert "1 thread: the two agree at" in out and "2 threads" not in out
    assert "    Marquise  the two agree at" in out and "of 2 (" in out and "95% CI" in out


def test_agree_names_an_unknown_table(capsys):
    with pytest.raises(SystemExit):
        parallel_search.main(["agree", "--tables", "5-seat"])
    assert "no table '5-seat'" in capsys.readouterr().err


def test_the_saved_rows_print_two_seats_first_and_a_table_run_again_once(tmp_path, capsys):
    def row(table, factions, games):
        seat = {"driver": "mcts", "rate": 0.5, "ci95": [0.2, 0.8], "mean_score": 20.0,
                "margin": 0.0, "margin_ci95": [-1.0, 1.0]}
        return {"table": table, "factions": factions, "games": games, "mean_turns": 20.0,
                "seats": [{**seat, "faction": f} for f in factions]}
    path = tmp_path / "rows.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in (
        row("CEW", ["marquise", "eyrie", "wyrm"], 60), row("CW", ["marquise", "wyrm"], 18),
        row("CW", ["marquise", "wyrm"], 100))))
    assert mix_rows.main(["--table", str(path)]) == 0
    firsts = [line.split(" | ")[0:2] for line in capsys.readouterr().out.splitlines()[2:] if not line.startswith("| |")]
    assert firsts == [["| CW", "100"], ["| CEW", "60"]]
