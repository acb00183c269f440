"""The Advanced Setup's faction draft (issue 32 item 2; the Law of Root 16.1.8; the rules digest
and the choices C1-C16 in docs/advanced-setup.md): the pool dealt by chance, the lock, the
character beside a Vagabond card, the choices from the last player counterclockwise with each
faction set up at once by its setup card (homelands, 16.1.8.2.1-3), the Wyrm last (W-MP-1,
W-MP-48), the bot before the draft (C4), the options' checks, saves and what each seat sees.

Distances and the map edge are computed here from the map data (tests never call a rules
helper of the core)."""
from __future__ import annotations

import json

import numpy as np
import pytest

from wyrm_ai import Game, _core
from wyrm_ai.model import maps
from wyrm_ai.model.actions import decode
from wyrm_ai.model.errors import ConfigError
from wyrm_ai.model.redaction import observe
from wyrm_ai.ai.players import RandomPlayer

F = {name: i for i, name in enumerate(_core.FACTION_NAMES)}
MILITANT = {"marquise", "eyrie", "wyrm"}
INSURGENT = {"alliance", "vagabond", "vagabond2"}
FOUR = ("draft",) * 4


def draft_game(table=FOUR, cards=True, first=0, **options) -> Game:
    return Game(first, table, setup="advanced", draft=cards, **options)


def deal_to(g: Game, rng, step: str) -> Game:
    """Chance outcomes (by rng) until the game waits at `step` or at a decision."""
    while g.is_chance_node() and g.step != step:
        g.apply(g.sample_chance(rng))
    return g


def deal(g: Game, *texts: str) -> Game:
    """The pool dealt as given: each chance outcome by its text ("draft W", "draft #ronin")."""
    rng = np.random.default_rng(0)
    while g.step == "deal":
        g.apply(g.sample_chance(rng))
    for text in texts:
        assert g.step in ("draft_deal", "draft_character"), g.step
        g.apply(text)
    return g


def picks(g: Game) -> list[str]:
    return sorted(t.split()[1] for t in g.legal_texts())


def letters(*names) -> list[str]:
    from wyrm_ai.model.factions import LETTERS
    return sorted(LETTERS[F[n]] for n in names)


def play_random(g: Game, seed: int, until=lambda g: False) -> Game:
    rng = np.random.default_rng(seed)
    players = {s: RandomPlayer(seed * 7 + s) for s in range(g.num_seats)}
    while not g.is_terminal() and not until(g):
        g.apply(g.sample_chance(rng) if g.is_chance_node() else players[g.current_player].choose(g))
    return g


# ---- distances on the map, from its data ------------------------------------------------------

def adjacency(board: str, d: dict) -> list[set[int]]:
    """Open paths (0-based clearings) from the state dict's adjacency masks."""
    return [{b for b in range(12) if (d["adj"][a] >> b) & 1} for a in range(12)]


def distance_to(adj, targets: set[int], c: int) -> int:
    """Paths from c to the nearest of targets (breadth first), 99 when none."""
    if not targets:
        return 99
    frontier, seen, d = set(targets), set(targets), 0
    while frontier:
        if c in frontier:
            return d
        frontier = {b for a in frontier for b in adj[a]} - seen
        seen |= frontier
        d += 1
    return 99


def homelands(d: dict, seat: int) -> set[int]:
    return {c for c in range(12) if (d["homeland"][seat] >> c) & 1}


def enemy_homelands(d: dict, seat: int) -> set[int]:
    return {c for v in range(d["nseats"]) if v != seat for c in homelands(d, v)}


# ---- 16.1.8.1: the pool ------------------------------------------------------------------------

def test_lor_16_1_8_1_the_pool_holds_one_card_more_than_players_the_first_a_militant():
    """LoR 16.1.8.1: a militant card is dealt first, then one card per player from the others;
    the pool holds players + 1 cards, face up."""
    for n in (3, 4):
        g = draft_game(("draft",) * n)
        rng = np.random.default_rng(n)
        deal_to(g, rng, "draft_deal")
        first = {_core.FACTION_NAMES[decode(a)[1][0]] for a, _ in g.chance_outcomes()}
        assert first == MILITANT
        deal_to(g, rng, "draft_pick")
        d = g.state.to_dict()
        assert bin(d["draft_pool"]).count("1") == n + 1 and d["draft_stage"] == 2
        assert d["draft_deck"] == d["draft_cards"] & ~d["draft_pool"]


def test_lor_16_1_8_1_1_two_players_draft_no_insurgent():
    """LoR 16.1.8.1.1: with two players every insurgent card leaves before the deal: the pool is
    the three militant factions, whatever cards the group chose."""
    for seed in range(6):
        g = deal_to(draft_game(("draft", "draft")), np.random.default_rng(seed), "draft_pick")
        assert picks(g) == letters(*MILITANT)
    with pytest.raises(ConfigError, match="two players draft no insurgent"):
        draft_game(("draft", "draft"), ("marquise", "eyrie", "alliance", "vagabond"))


def test_lor_16_1_8_1_2_a_last_insurgent_is_locked_until_a_militant_is_chosen():
    """LoR 16.1.8.1.2: the last card dealt, an insurgent, cannot be chosen until a militant
    faction has been chosen (the Wyrm counts as militant: W-MP-48, choice C2)."""
    g = deal(draft_game(("draft",) * 3), "draft W", "draft V", "draft #ronin", "draft E", "draft A")
    d = g.state.to_dict()
    assert d["draft_locked"] == F["alliance"]
    assert picks(g) == letters("wyrm", "vagabond", "eyrie")          # seat 2 first: the Alliance locked
    g.apply("pick V")                                               # an insurgent: still locked
    play_random(g, 1, until=lambda g: g.step == "draft_pick")
    assert picks(g) == letters("wyrm", "eyrie")
    g.apply("pick E")                                               # a militant: unlocked
    play_random(g, 2, until=lambda g: g.step == "draft_pick")
    assert g.state.to_dict()["draft_locked"] == -1 and picks(g) == letters("wyrm", "alliance")


def test_lor_16_1_8_1_2_a_last_militant_locks_nothing():
    """LoR 16.1.8.1.2 locks an insurgent only: a militant dealt last is free."""
    g = deal(draft_game(("draft",) * 3), "draft E", "draft A", "draft C", "draft W")
    assert g.state.to_dict()["draft_locked"] == -1 and picks(g) == letters("eyrie", "alliance", "marquise", "wyrm")


def test_lor_16_1_8_1_3_the_vagabond_plays_the_character_dealt_beside_his_card():
    """LoR 16.1.8.1.3: each Vagabond card dealt gets a random character card beside it, and the
    player who chooses it must play that character; two Vagabond cards get two characters."""
    g = deal(draft_game(("draft",) * 4, ("marquise", "vagabond", "vagabond", "wyrm", "eyrie")),
             "draft C", "draft V", "draft #ronin", "draft G", "draft #arbiter", "draft W", "draft E")
    d = g.state.to_dict()
    assert d["draft_char"] == [_core.CHARACTER_NAMES.index("ronin"), _core.CHARACTER_NAMES.index("arbiter")]
    g.apply("pick G")                # the second card taken first: its chooser is the Vagabond, the Arbiter
    assert g.factions[3] == "vagabond" and g.step == "vagabond_character"
    assert g.legal_texts() == ["#arbiter->$"]
    play_random(g, 3, until=lambda g: g.step == "draft_pick")
    g.apply("pick G")                # the other card: the second Vagabond, the Ronin
    assert g.factions[2] == "vagabond2" and g.legal_texts() == ["#ronin->$"]


def test_lor_16_1_8_1_3_characters_are_dealt_without_repeats():
    """LoR 16.1.8.1.3 with both Vagabond cards: the second character comes from the eight left."""
    g = deal(draft_game(("draft",) * 4, ("marquise", "vagabond", "vagabond", "wyrm", "eyrie")),
             "draft C", "draft V", "draft #scoundrel", "draft G")
    assert g.step == "draft_character"
    dealt = {g.describe(a, -1).split("#")[-1] for a, _ in g.chance_outcomes()}
    assert len(dealt) == 8 and "scoundrel" not in dealt


# ---- 16.1.8.2: the choices ---------------------------------------------------------------------

def test_lor_16_1_8_2_players_choose_from_the_last_counterclockwise_and_set_up_at_once():
    """LoR 16.1.8.2: from the last player in turn order, counterclockwise (the first player
    chooses last), each player takes a card and sets its faction up at once, before the next
    chooses; the Wyrm's setup waits for every other faction's (W-MP-1, W-MP-48, choice C7)."""
    for first in range(4):
        g = deal_to(draft_game(FOUR, first=first), np.random.default_rng(first), "draft_pick")
        order, setups = [], []
        while g.state.to_dict()["turn_number"] == 0:
            if g.step == "draft_pick":
                order.append(g.current_player)
                before = set(g.factions)
                g.apply(g.legal_actions()[-1] if first % 2 else g.legal_actions()[0])
                chosen = (set(g.factions) - before).pop()
                setups.append((chosen, g.step))
                continue
            play_random(g, first, until=lambda g: g.step == "draft_pick" or g.state.to_dict()["turn_number"] > 0
                        or g.step == "keep_three")
            if g.step == "keep_three":
                break
        assert order == [(first - k) % 4 for k in range(1, 5)]
        for chosen, step in setups:
            if chosen == "wyrm":
                assert step in ("draft_pick", "wyrm_setup")     # it waits (at the last pick: its setup now)
            else:
                assert step != "draft_pick"                    # its own setup comes at once


def test_w_mp_48_the_wyrm_chosen_first_sets_up_after_every_other_faction():
    """W-MP-1, W-MP-48: the Wyrm chosen by the first chooser sets up only once every other
    faction has; its clearing is then the one with the fewest opponents' pieces (W-SET-2)."""
    g = deal(draft_game(("draft",) * 3), "draft W", "draft C", "draft E", "draft A")
    g.apply("pick W")
    assert g.step == "draft_pick" and g.factions[2] == "wyrm"
    assert g.state.to_dict()["draft_waiting"] == 1 << F["wyrm"]
    play_random(g, 4, until=lambda g: g.step == "wyrm_setup")
    d = g.state.to_dict()
    assert "undrafted" not in g.factions and d["draft_waiting"] == 0
    counts = [sum(d[k][c] for k in ("warriors", "birds", "rebels")) + sum(d["buildings"][b][c] for b in range(3))
              + d["roosts"][c] for c in range(12)]
    options = {decode(a)[1][0] for a in g.legal_actions()}
    assert options and all(counts[c] == min(counts[x] for x in options) for c in options)


def test_lor_16_1_8_2_1_the_marquise_homelands_three_joined_none_an_enemy_homeland():
    """The Marquise's setup card (docs/advanced-setup.md §4, C11; LoR 16.1.8.2.1): three homelands,
    each adjacent to one chosen before, never an enemy's homeland, each with a free slot; two
    warriors in each homeland and one in every other clearing she may place in; the Keep in a
    homeland not adjacent to an enemy homeland where she can; a sawmill, a workshop and a
    recruiter each in a different homeland."""
    for seed in range(12):
        g = deal_to(draft_game(first=seed % 4), np.random.default_rng(seed), "draft_pick")
        play_random(g, seed, until=lambda g: g.step == "marquise_homeland" or g.state.to_dict()["turn_number"] > 0)
        if g.step != "marquise_homeland":
            continue
        me = g.seat_of("marquise")
        chosen: list[int] = []
        while g.step == "marquise_homeland":
            d = g.state.to_dict()
            adj = adjacency("", d)
            enemy = enemy_homelands(d, me)
            options = {int(t.split()[1]) - 1 for t in g.legal_texts()}
            assert not options & enemy and not options & set(chosen)
            if chosen and any(adj[c] & set(chosen) - enemy for c in range(12)):
                assert all(adj[c] & set(chosen) for c in options), (seed, chosen, options)
            pick = sorted(options)[seed % len(options)]
            g.apply(f"homeland {pick + 1}")
            chosen.append(pick)
        d = g.state.to_dict()
        assert homelands(d, me) == set(chosen) and len(chosen) == 3
        for c in range(12):                 # (no Keep on the map here: she may place anywhere)
            assert d["warriors"][c] == (2 if c in chosen else 1), (seed, c)
        assert g.step == "marquise_keep"
        near = {b for c in enemy_homelands(d, me) for b in adjacency("", d)[c]}
        keeps = {int(t.split("->")[1]) - 1 for t in g.legal_texts()}
        assert keeps <= set(chosen)
        assert keeps == (set(chosen) - near or set(chosen))
        g.apply(g.legal_actions()[0])
        while g.step == "marquise_setup_build":
            g.apply(g.legal_actions()[-1])
        d = g.state.to_dict()
        where = [next(c for c in range(12) if d["buildings"][b][c]) for b in range(3)]
        assert sorted(where) == sorted(chosen), (seed, where, chosen)
        return
    pytest.fail("no game gave the Marquise to a player")


def test_lor_16_1_8_2_2_the_eyrie_homeland_on_the_edge_as_far_from_enemy_homelands_as_able():
    """The Eyrie's setup card (docs/advanced-setup.md §4): one homeland on the map edge with two or
    more clearings between it and every enemy homeland; failing that not adjacent to one; failing
    that as far as it can (LoR 16.1.8.2.2), never an enemy homeland (16.1.8.2.1). Checked on every
    map against distances computed here."""
    seen = 0
    for seed in range(40):
        board = ("autumn", "winter", "lake", "mountain")[seed % 4]
        suits = None if board == "autumn" else maps.suits_for(board, None, np.random.default_rng(seed))
        g = deal_to(draft_game(first=seed % 4, map=board, suits=suits), np.random.default_rng(seed), "draft_pick")
        play_random(g, seed, until=lambda g: g.step == "eyrie_setup" or g.state.to_dict()["turn_number"] > 0)
        if g.step != "eyrie_setup":
            continue
        d = g.state.to_dict()
        me = g.seat_of("eyrie")
        adj, enemy = adjacency(board, d), enemy_homelands(d, me)
        edge = {c - 1 for c in _core.MAPS[board]["edge"]}
        options = {decode(a)[1][0] for a in g.legal_actions()}
        assert not options & enemy
        pool = {c for c in range(12) if c not in enemy}
        on_edge = (pool & edge) or pool
        assert options <= on_edge, (seed, board, options)
        best = max(min(distance_to(adj, enemy, c), 3) for c in options)
        assert all(min(distance_to(adj, enemy, c), 3) == best for c in options)
        if enemy:
            seen += 1
    assert seen >= 5


def test_c4_a_bot_sets_up_before_the_draft_and_its_keep_is_a_homeland():
    """Choice C4 (LORB 3; docs/advanced-setup.md): the Mechanical Marquise sets up before the
    draft (step 3) and never drafts; its Keep's clearing counts as an enemy homeland."""
    g = draft_game(("draft", "mechanical-marquise", "draft", "draft"), ("marquise", "eyrie", "alliance", "vagabond", "wyrm"))
    rng = np.random.default_rng(5)
    deal_to(g, rng, "draft_deal")
    d = g.state.to_dict()
    assert g.factions[1] == "mechanical-marquise" and d["mm_keep"] >= 0
    assert d["homeland"][1] == 1 << d["mm_keep"]
    deal_to(g, rng, "draft_pick")
    order = []
    while g.state.to_dict()["turn_number"] == 0 and not g.is_terminal():
        if g.step == "draft_pick":
            order.append(g.current_player)
        if g.step in ("marquise_homeland", "eyrie_setup"):     # "homeland 5", "b+w->5"
            assert d["mm_keep"] not in {int(t.replace("->", " ").split()[-1]) - 1 for t in g.legal_texts()}
        g.apply(g.sample_chance(rng) if g.is_chance_node() else g.legal_actions()[0])
    assert order == [3, 2, 0]                        # from the last player; seat 1, the bot's, never chooses


def test_the_options_are_checked():
    """C9, C15, C16 and LAW25 A.8.1: a draft needs the Advanced Setup, its cards factions with a
    setup card, players + 1 of them (two players: three militant ones), a named faction only
    where a bot sits; the character option and a draft exclude each other (LoR 16.1.8.1.3)."""
    with pytest.raises(ConfigError, match="Advanced Setup"):
        Game(0, FOUR, draft=True)
    with pytest.raises(ConfigError, match="deals 5 cards"):
        draft_game(FOUR, ("marquise", "eyrie", "wyrm", "alliance"))
    with pytest.raises(ConfigError, match="only a bot sits named"):
        draft_game(("draft", "wyrm", "draft"), ("marquise", "eyrie", "alliance", "vagabond"))
    with pytest.raises(ConfigError, match="has no card"):
        draft_game(FOUR, ("marquise", "eyrie", "alliance", "mechanical-marquise", "wyrm"))
    with pytest.raises(ConfigError, match="deals 7 cards"):
        draft_game(("draft",) * 6, ("marquise", "eyrie", "alliance", "vagabond", "vagabond", "wyrm"))
    with pytest.raises(ConfigError, match="character"):
        draft_game(FOUR, character="ronin")
    g = draft_game(("draft",) * 5, ("marquise", "eyrie", "alliance", "vagabond", "vagabond", "wyrm"))
    assert g.draft == ("marquise", "eyrie", "alliance", "vagabond", "wyrm", "vagabond2")


def test_a_draft_game_saves_loads_and_starts_again_mid_draft():
    """Saves keep the draft (its cards, the table as it began): a game saved while players are
    still choosing loads back to the same state, and start() deals a new draft of the same table."""
    g = deal_to(draft_game(first=2), np.random.default_rng(9), "draft_pick")
    g.apply(g.legal_actions()[0])
    play_random(g, 9, until=lambda g: g.step == "draft_pick")
    data = json.loads(json.dumps(g.to_json()))
    assert data["factions"] == list(FOUR)
    back = Game.from_json(data)
    assert back.state == g.state and back.factions == g.factions and back.draft == g.draft
    fresh = g.start()
    assert fresh.factions == ("undrafted",) * 4 and fresh.draft == g.draft and fresh.first == 2
    assert _core.State.from_dict(g.state.to_dict()) == g.state


def test_lor_1_2_nothing_of_the_draft_is_hidden_from_any_seat():
    """The pool, the lock, the characters and the homelands are face up (LoR 16.1.8.1): every
    seat's view shows them as the state holds them."""
    g = deal_to(draft_game(), np.random.default_rng(11), "draft_pick")
    g.apply(g.legal_actions()[0])
    play_random(g, 11, until=lambda g: g.step == "draft_pick")
    d = g.state.to_dict()
    for seat in range(4):
        view = observe(g.state, seat)
        for key in ("draft_pool", "draft_locked", "draft_char", "homeland", "seat_faction"):
            assert view[key] == d[key], (seat, key)


def test_heuristic_and_search_players_play_a_whole_draft():
    """Every driver chooses in the draft: the heuristic takes the faction its prior ranks highest
    (docs/calibration.md, "The draft"), and the planner searches a pick like any decision."""
    g = deal_to(draft_game(), np.random.default_rng(13), "draft_pick")
    legal = g.legal_texts()
    a = _core.heuristic_choice(g.state, 1)
    assert g.describe(a) == ("pick W" if "pick W" in legal else g.describe(a))
    s = _core.Search(g.state, g.current_player)
    s.run(64)
    assert s.best_action() in g.legal_actions()


def draft_positions(table, cards, n_games: int, seed0: int, every: int = 1):
    """Clones of every few positions of the draft and the setups it brings (turn 0, after the deal
    of the hands), along seeded random games."""
    for seed in range(seed0, seed0 + n_games):
        g = Game(seed % len(table), table, setup="advanced", draft=cards)
        rng = np.random.default_rng(seed)
        players = {s: RandomPlayer(seed * 11 + s) for s in range(len(table))}
        while not g.is_terminal() and g.state.to_dict()["turn_number"] == 0:
            if g.step != "deal" and len(g.record) % every == 0:
                yield g.clone()
            g.apply(g.sample_chance(rng) if g.is_chance_node() else players[g.current_player].choose(g))


@pytest.mark.parametrize("table, cards", [(("draft",) * 4, True),
                                          (("draft",) * 5, ("marquise", "eyrie", "alliance", "vagabond",
                                                            "vagabond", "wyrm"))], ids=("4", "5"))
def test_lor_1_2_hidden_hands_do_not_change_views_or_determinizations_during_the_draft(table, cards):
    """LoR 1.2 during the draft (LoR 16.1.7: the five cards are in hand while players choose):
    twins that differ only in cards hidden from a seat give it the same views, determinizations
    and heuristic choices (the pick included) -- the pair test of tests/test_fairness_nseat.py on
    positions of the deal, the choices and the setups they bring."""
    from test_fairness_nseat import compare_twins
    compare_twins(table, draft_positions(table, cards, 1, 700, every=5), least=20, least_heuristic=3)


def test_game_draft_reads_the_states_draft_cards():
    """Game.draft reads the draft's cards from the state's bytes where to_dict reads them (every view
    and save asks it): at every position of draft games, and of a game without a draft, it names
    the cards of State.to_dict()["draft_cards"] (None without any)."""
    from wyrm_ai.model import factions

    seen = set()
    for table, cards in ((("draft",) * 3, True), (("draft", "mechanical-marquise", "draft", "draft"), ("marquise", "eyrie", "alliance", "vagabond", "wyrm")),
                         (("marquise", "wyrm"), False)):
        g = Game(0, table, setup="advanced", draft=cards) if cards is not False else Game(0, table)
        rng = np.random.default_rng(3)
        while not g.is_terminal() and len(g.record) < 300:
            bits = g.state.to_dict()["draft_cards"]
            assert g.draft == (factions.names(f for f in range(len(factions.NAMES)) if (bits >> f) & 1)
                               if bits else None)
            seen.add(g.draft is None)
            legal = g.legal_actions()
            g.apply(g.sample_chance(rng) if g.is_chance_node() else legal[rng.integers(len(legal))])
    assert seen == {True, False}
