"""`wyrm match --draft` (LoR 16.1.8): paired games of the faction draft, the specs by seat number."""
import json

import pytest
from click.testing import CliRunner

from wyrm_ai.cli import main
from wyrm_ai.lab.arena import play_one
from wyrm_ai.lab.match import Pair, margin, run_match
from wyrm_ai.model.errors import ConfigError

CARDS = ("marquise", "eyrie", "wyrm")           # two players draft militant cards only (16.1.8.1.1)
DRAFT = dict(draft=CARDS, setup="advanced", games=4, seed=7, jobs=1)


def arena_task(i, seed, kinds, table=("draft", "draft"), cards=CARDS):
    """The arena's task of draft game i: the seats keep their drivers, the first player rotates."""
    order = [(table, s) for s in range(len(table))]
    return (i, seed, kinds, 1000, None, order, None, 1, None, False, "autumn", None, "standard", "advanced",
            None, cards)


def test_a_draft_match_plays_the_arenas_draft_games_by_seat_and_is_reproducible():
    """LoR 16.1.8: a seat has no faction until its player picks, so the specs take seat 2 by
    number; pair i is the arena's draft game i with each spec in seat 2, its first player seat
    i modulo 2; the same seed gives the same pairs whatever the jobs."""
    r = run_match("heuristic", "random", "2", drivers={"1": "random"}, **DRAFT)
    assert len(r.pairs) == 4 and r.draft == CARDS and r.drivers() == {"1": "random", "2": "*"}
    for i, p in enumerate(r.pairs):
        assert p.candidate.first == p.baseline.first == i % 2
        assert p.candidate.record == play_one(arena_task(i, 7, ("random", "heuristic"))).record
        assert p.baseline.record == play_one(arena_task(i, 7, ("random", "random"))).record
        for role in ("candidate", "baseline"):
            g = getattr(p, role)
            assert set(g.factions) <= set(CARDS) and len(set(g.factions)) == 2      # both seats picked
            assert p.margin(role) == margin(g, "2") == g.scores[1] - g.scores[0]  # seat 2's margin
            assert p.won(role) == (1 in g.winners)
    # the two games of a pair may draft differently: the seat is a seat, not a faction
    assert any(p.candidate.factions != p.baseline.factions for p in r.pairs)
    again = run_match("heuristic", "random", "2", drivers={"1": "random"}, **dict(DRAFT, jobs=2))
    assert [p.record() for p in again.pairs] == [p.record() for p in r.pairs]


def test_the_summary_gives_each_faction_as_drafted():
    """LoR 16.1.8.2: each faction's games as chosen and its wins there, and how often the seat
    under test chose it with each spec; the report names the draft."""
    r = run_match("heuristic", "random", "1", **DRAFT)
    s = r.summary()
    assert s["draft"] == list(CARDS) and s["players"] == 2 and s["seat"] == "1"
    rows = s["drafted"]
    assert set(rows) == set(CARDS)
    assert sum(row["drafted"] for row in rows.values()) == 2 * 2 * len(r.pairs)   # two picks a game
    for role in ("candidate", "baseline"):
        assert sum(row[role] for row in rows.values()) == len(r.pairs)            # seat 1 picks once a game
        for name, row in rows.items():
            assert row[role] == sum(getattr(p, role).factions[0] == name for p in r.pairs)
    for name, row in rows.items():
        games = [g for p in r.pairs for g in (p.candidate, p.baseline) if name in g.factions]
        assert row["drafted"] == len(games) and row["wins"] == sum(g.won(name) for g in games)
    text = r.format()
    assert text.startswith("seat 1: heuristic (candidate) against random (baseline); the others: seat 2 heuristic")
    assert "drafted from marquise, eyrie, wyrm by 2 players (LoR 16.1.8)" in text
    assert f"wyrm      drafted {rows['wyrm']['drafted']:>4}  wins {rows['wyrm']['wins']:>4}" in text


def test_a_pair_record_reads_back_with_its_drafted_factions():
    """LoR 16.1.8: a draft pair's record names each game's drafted factions and the first seat by
    number, and reads back to the same record (what --resume counts)."""
    r = run_match("heuristic", "random", "2", **dict(DRAFT, games=2))
    for p in r.pairs:
        rec = p.record()
        assert "seating" not in rec and rec["first"] == p.candidate.first + 1
        assert rec["baseline"]["factions"] == list(p.baseline.factions)
        assert Pair.from_record(rec, "2").record() == rec


def test_a_bot_sits_beside_the_draft_and_is_counted_but_takes_no_spec():
    """LoR 16.1.8 with a bot seated (it takes no pick): the seats keep their numbers."""
    table = ("draft", "mechanical-marquise", "draft")
    r = run_match("heuristic", "random", "3", factions=table, **dict(DRAFT, games=2))
    assert r.drivers() == {"1": "heuristic", "2": "bot", "3": "*"}
    for p in r.pairs:
        assert p.candidate.factions[1] == p.baseline.factions[1] == "mechanical-marquise"
    assert r.summary()["drafted"]["mechanical-marquise"]["drafted"] == 4
    with pytest.raises(ConfigError, match="a driver's key is a player's seat number: 1, 3"):
        run_match("heuristic", "random", "3", factions=table, drivers={"2": "random"}, **DRAFT)
    with pytest.raises(ConfigError, match="not '2' \\(no player's seat\\)"):
        run_match("heuristic", "random", "2", factions=table, **DRAFT)


def test_the_match_command_drafts_names_the_draft_in_its_json_and_resumes(tmp_path):
    """wyrm match --setup advanced --draft (LoR 16.1.8): the JSON names the draft, its players
    and each faction as drafted; --resume goes on with the same draft and equals one run, and
    refuses another draft, other players or none, naming the difference."""
    path = tmp_path / "m.json"
    args = ["match", "heuristic", "random", "--setup", "advanced", "--draft", ",".join(CARDS), "--seat", "2",
            "--ai", "1=random", "--seed", "7", "--jobs", "1"]
    first = CliRunner().invoke(main, args + ["--games", "2", "--json", str(path)])
    assert first.exit_code == 0, first.output
    assert "seat 2: heuristic (candidate) against random (baseline); the others: seat 1 random" in first.stdout
    assert "drafted from marquise, eyrie, wyrm by 2 players (LoR 16.1.8)" in first.stdout
    data = json.loads(path.read_text())
    assert data["draft"] == list(CARDS) and data["players"] == 2 and data["seat"] == "2"
    assert data["drivers"] == {"1": "random", "2": "*"} and set(data["drafted"]) == set(CARDS)
    assert data["run"]["draft"] == list(CARDS) and data["run"]["players"] == 2
    assert all(set(rec["candidate"]["factions"]) <= set(CARDS) for rec in data["pair_records"])
    on = CliRunner().invoke(main, args + ["--games", "4", "--resume", str(path), "--json", str(path)])
    assert on.exit_code == 0, on.output
    assert "3/4 pairs" in on.stderr and "1/4 pairs" not in on.stderr      # only pairs 2 and 3 played
    whole = run_match("heuristic", "random", "2", drivers={"1": "random"}, **DRAFT)
    assert json.loads(path.read_text())["pair_records"] == [p.record() for p in whole.pairs]
    earlier = json.loads(path.read_text())
    with pytest.raises(ConfigError, match="has draft marquise,eyrie,wyrm, this one marquise,eyrie,alliance,"
                                          "vagabond,wyrm: --resume goes on with the same --draft"):
        run_match("heuristic", "random", "2", drivers={"1": "random"}, resume=earlier,
                  **dict(DRAFT, draft=True, players=2, games=5))
    four = dict(DRAFT, draft=("marquise", "eyrie", "alliance", "wyrm"), games=1)    # 2 or 3 players
    two = run_match("heuristic", "random", "2", players=2, **four)
    two_data = {**two.summary(), "run": two.run, "pair_records": [p.record() for p in two.pairs]}
    with pytest.raises(ConfigError, match="has players 2, this one 3"):
        run_match("heuristic", "random", "2", players=3, resume=two_data, **dict(four, games=2))
    bad = CliRunner().invoke(main, ["match", "heuristic", "random", "--seed", "7", "--games", "5",
                                    "--resume", str(path)])
    assert bad.exit_code != 0 and "has draft marquise,eyrie,wyrm, this one none" in bad.output


@pytest.mark.parametrize("args, words", [
    (["--draft"], "add --setup advanced"),
    (["--setup", "advanced", "--players", "3"], "give --draft too"),
    (["--setup", "advanced", "--draft", "--seat", "eyrie"],
     "specs go by seat number (LoR 16.1.8), not 'eyrie' (a seat has no faction until its player picks)"),
    (["--setup", "advanced", "--draft", "--ai", "eyrie=mcts"],
     "the drivers go by seat number (LoR 16.1.8), not 'eyrie'"),
    (["--setup", "advanced", "--draft", "--factions", "draft,eyrie,draft"], "not the eyrie"),
    (["--setup", "advanced", "--draft", "--ai", "1=random"], "a driver for seat 1, the seat the two specs take"),
    (["--setup", "advanced", "--draft", "--every-seating"], "no seatings to cycle through"),
    (["--setup", "advanced", "--draft", "--seat", "5"], "not '5' (no player's seat)"),
])
def test_bad_draft_options_are_usage_errors_naming_what_is_wrong(args, words):
    """LoR 16.1.8: the draft is part of the Advanced Setup, and in it the specs go by seat."""
    r = CliRunner().invoke(main, ["match", "heuristic", "random", "--games", "1", "--jobs", "1"] + args)
    assert r.exit_code == 2 and words in r.output, r.output


def test_run_match_refuses_a_draft_it_cannot_play():
    """The library checks what the command line checks (LoR 16.1.8), before any game."""
    with pytest.raises(ConfigError, match="part of the Advanced Setup"):
        run_match("heuristic", "random", "1", draft=CARDS, games=1)
    with pytest.raises(ConfigError, match="give the draft too"):
        run_match("heuristic", "random", "1", players=2, setup="advanced", games=1)
    with pytest.raises(ConfigError, match="not 'wyrm'"):
        run_match("heuristic", "random", "wyrm", **DRAFT)
    with pytest.raises(ConfigError, match="not the eyrie"):
        run_match("heuristic", "random", "1", factions=("draft", "eyrie"), **DRAFT)
    with pytest.raises(ConfigError, match="seats 2 players of the draft, not 3"):
        run_match("heuristic", "random", "1", factions=("draft", "draft"), players=3, **DRAFT)
