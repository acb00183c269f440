"""The Game / State API, OpenSpiel style: players, chance nodes, legal actions, bad input,
observations (hidden information), undo, configuration, and the action encoding."""
from __future__ import annotations

import copy

import numpy as np
import pytest

from wyrm_ai import _core
from wyrm_ai.model import actions
from wyrm_ai.model.actions import decode, encode
from wyrm_ai.model.cards import CARDS, card
from wyrm_ai.model.errors import ConfigError, IllegalActionError, WyrmError
from wyrm_ai.model.game import Game
from wyrm_ai.ai.players import RandomPlayer, make_player, play

MARQUISE, WYRM, CHANCE, TERMINAL = 0, 1, -1, -4


def positions(n_games: int, seed0: int = 0, in_play: tuple = ()):
    """Every position of n_games seeded random games. in_play: persistent cards put from the deck
    into both play areas once setup is done (one copy each)."""
    for seed in range(seed0, seed0 + n_games):
        g = Game(first=seed % 2)
        rng = np.random.default_rng(seed)
        players = {0: RandomPlayer(seed + 21), 1: RandomPlayer(seed + 22)}
        while True:
            yield g
            if g.is_terminal():
                break
            seat = g.current_player
            g.apply(g.sample_chance(rng) if seat == CHANCE else players[seat].choose(g))
            if in_play and g.step == "marquise_keep":
                g.state = _core.State.from_dict(_put_in_play(g.state.to_dict(), in_play))


def _put_in_play(d: dict, tokens) -> dict:
    for tok in tokens:
        t = card(tok).id
        for seat in (0, 1):
            if d["deck"][t] > 0:
                d["deck"][t] -= 1
                d["deck_size"] -= 1
                d["play_area"][seat][t] += 1
    return d


def chance_kind(step: str) -> str:
    """What a chance node draws its outcome from."""
    kinds = {"battle_roll": "dice", "steal": "hand", "deal": "deck", "evening_draw": "deck",
             "card_draw": "deck"}
    assert step in kinds, f"a chance step this test does not know: {step}"
    return kinds[step]


def expected_outcomes(g: Game) -> dict:
    """The true outcome probabilities of a chance node, from the rules and the state alone: two
    dice 0..3 (LoR 4.3.2, high die first), a card of the deck (copies / deck size), or for
    Stand and Deliver! a random card of the other hand (copies / hand size)."""
    d = g.state.to_dict()
    kind = chance_kind(g.step)
    if kind == "dice":
        return {encode("dice", h, lo): (1 if h == lo else 2) / 16
                for h in range(4) for lo in range(h + 1)}
    if kind == "hand":
        hand = d["hand"][1 - d["turn"]]
        return {encode("steal", t): n / sum(hand) for t, n in enumerate(hand) if n}
    return {encode("draw", t): n / d["deck_size"] for t, n in enumerate(d["deck"]) if n}


def check_chance_node(g: Game) -> None:
    outcomes = dict(g.chance_outcomes())
    expect = expected_outcomes(g)
    assert outcomes.keys() == expect.keys(), g.step
    for a, p in expect.items():
        assert abs(outcomes[a] - p) < 1e-12, (g.step, decode(a), outcomes[a], p)


def find(step: str, seed0: int = 0, min_record: int = 0) -> Game:
    for g in positions(20, seed0):
        if g.step == step and len(g.record) >= min_record:
            return g.clone()
    raise AssertionError(f"no {step} reached")


def test_constants():
    assert _core.CHANCE == CHANCE and _core.TERMINAL == TERMINAL
    assert _core.State().factions == (_core.FACTION_NAMES.index("marquise"), _core.FACTION_NAMES.index("wyrm"))
    assert (MARQUISE, WYRM) == (0, 1)
    assert sum(size for _, _, size in _core.ACTION_KINDS) == _core.NUM_ACTIONS


def test_new_game():
    for first, seat in (("marquise", 0), ("wyrm", 1), (0, 0), (1, 1), ("Cat", 0), (" W ", 1),
                        (np.int64(1), 1)):
        g = Game(first=first)
        assert g.first == seat and g.state.to_dict()["first"] == seat
        assert g.is_chance_node() and g.current_player == CHANCE and not g.is_terminal()
        assert g.record == [] and g.scores == (0, 0) and g.winner is None and g.step == "deal"


@pytest.mark.parametrize("bad", ["bogus", "", "eyrie", 2, -1, None, 0.0, [0]])
def test_bad_first_is_a_config_error(bad):
    with pytest.raises(ConfigError):
        Game(first=bad)


@pytest.mark.parametrize("bad", [2, -1, 7])
def test_state_bad_first(bad):
    with pytest.raises(ConfigError):
        _core.State(bad)


def test_config_errors_elsewhere():
    with pytest.raises(ConfigError):
        Game().seat_of("nobody")
    with pytest.raises(ConfigError):
        make_player("genius")
    assert issubclass(ConfigError, WyrmError) and issubclass(IllegalActionError, WyrmError)


def test_player_at_each_node_type():
    kinds = set()
    for g in positions(5):
        cp = g.current_player
        if g.is_terminal():
            assert cp == TERMINAL and g.winner in (0, 1)
            kinds.add("terminal")
        elif g.is_chance_node():
            assert cp == CHANCE
            kinds.add("chance")
        else:
            assert cp in (MARQUISE, WYRM)
            kinds.add(cp)
    assert kinds == {"terminal", "chance", MARQUISE, WYRM}


def test_chance_outcomes_and_legal_actions():
    n_chance = n_decision = 0
    for g in positions(25):
        s = g.state
        legal = s.legal_actions()
        arr = s.legal_actions_array()
        assert isinstance(arr, np.ndarray) and arr.dtype == np.int32
        assert arr.tolist() == legal
        assert legal == sorted(set(legal))                   # sorted and unique
        assert s.num_legal_actions() == len(legal)
        assert all(0 <= a < _core.NUM_ACTIONS for a in legal)
        outcomes = s.chance_outcomes()
        if s.is_chance_node():
            n_chance += 1
            acts = [a for a, _ in outcomes]
            probs = [p for _, p in outcomes]
            assert acts == legal                             # the outcomes are the legal actions
            assert all(p > 0 for p in probs)
            assert abs(sum(probs) - 1.0) < 1e-9
            check_chance_node(g)
        else:
            assert outcomes == []
            if not s.is_terminal():
                n_decision += 1
                assert legal
            else:
                assert legal == [] and arr.size == 0
        # is_legal agrees with the list on a few other numbers
        for a in (0, 1, 127, 322, 1928, 1970, 5000, _core.NUM_ACTIONS - 1):
            assert s.is_legal(a) == (a in legal)
    assert n_chance > 1000 and n_decision > 1000


def test_chance_outcomes_at_steal_nodes():
    """Stand and Deliver! takes a random card of the other hand: the outcomes of a steal node
    follow that hand, not the deck (which a draw-only reading would wrongly use)."""
    steals = hand_differs_from_deck = 0
    for g in positions(12, in_play=("F#standanddeliver",)):
        if g.is_chance_node():
            check_chance_node(g)
        if g.step == "steal":
            steals += 1
            d = g.state.to_dict()
            deck_reading = {a: d["deck"][decode(a).args[0]] / d["deck_size"]
                            for a, _ in g.chance_outcomes()}
            hand_differs_from_deck += deck_reading != dict(g.chance_outcomes())
    assert steals >= 10 and hand_differs_from_deck == steals


def test_dice_outcomes():
    g = find("battle_roll")
    outcomes = dict(g.chance_outcomes())
    assert len(outcomes) == 10
    for (h, l), p in {decode(a).args: p for a, p in outcomes.items()}.items():
        assert 0 <= l <= h <= 3 and p == (1 if h == l else 2) / 16
    with pytest.raises(IllegalActionError):
        g.apply("roll 1,3")                   # dice are written high die first


def test_sample_chance_follows_the_probabilities():
    g = find("battle_roll")
    outcomes = dict(g.chance_outcomes())
    counts = dict.fromkeys(outcomes, 0)
    n = 32_000
    for seed in range(n):
        counts[g.state.sample_chance(seed)] += 1
    for a, p in outcomes.items():
        assert abs(counts[a] / n - p) < 0.01, (decode(a), counts[a] / n, p)
    # and the facade's sampler, from a numpy Generator
    rng = np.random.default_rng(0)
    counts = dict.fromkeys(outcomes, 0)
    for _ in range(8000):
        counts[g.sample_chance(rng)] += 1
    for a, p in outcomes.items():
        assert abs(counts[a] / 8000 - p) < 0.02
    d = Game()
    with pytest.raises(IllegalActionError):
        find("marquise_daylight").sample_chance(rng)
    with pytest.raises(IllegalActionError):
        find("marquise_daylight").state.sample_chance(1)
    assert d.sample_chance(rng) in dict(d.chance_outcomes())


# ---- bad input to apply ----------------------------------------------------------------------

BAD_ACTIONS = [-1, _core.NUM_ACTIONS, 10**6, 2**31, 2**64, -2**63, True, False, None, 0.0, 1.0,
               0.5, float("nan"), "", b"0", [0], (0,), object(), np.float64(0.0), np.bool_(False)]


@pytest.mark.parametrize("step", ["marquise_daylight", "wyrm_daylight", "evening_draw"])
def test_game_apply_bad_input_changes_nothing(step):
    g = find(step, min_record=40)
    before = (g.state.state_bytes(), list(g.record))
    for bad in BAD_ACTIONS:
        with pytest.raises(WyrmError):
            g.apply(bad)
        assert (g.state.state_bytes(), list(g.record)) == before, repr(bad)
    # an int that is in range but not legal
    illegal = next(a for a in range(_core.NUM_ACTIONS) if not g.state.is_legal(a))
    with pytest.raises(IllegalActionError):
        g.apply(illegal)
    assert (g.state.state_bytes(), list(g.record)) == before


@pytest.mark.parametrize("step", ["marquise_daylight", "wyrm_daylight", "evening_draw"])
def test_state_apply_bad_input_changes_nothing(step):
    """State.apply is the checked entry point of the core: only an int that is a legal action is
    applied. 0 is `pass`, legal at both Daylights: False and 0.0 must not be read as it."""
    s = find(step, min_record=40).state
    before = s.state_bytes()
    accepted = []
    for bad in BAD_ACTIONS:
        t = s.clone()
        try:
            t.apply(bad)
        except (IllegalActionError, TypeError, ValueError):
            assert t.state_bytes() == before, f"a failed State.apply({bad!r}) changed the state"
        else:
            accepted.append(bad)
    assert accepted == [], f"State.apply accepted {accepted!r} at {step}"


def test_apply_numpy_ints():
    g = find("marquise_daylight")
    a = np.int32(g.legal_actions()[0])
    assert g.apply(a) == int(a) and type(g.record[-1]) is int
    s = find("wyrm_daylight").state
    s.apply(np.int64(s.legal_actions()[-1]))


def test_apply_after_the_end():
    g = None
    for g in positions(1):
        pass
    assert g.is_terminal()
    before = g.state.state_bytes()
    for a in (0, 1928, "pass"):
        with pytest.raises(IllegalActionError):
            g.apply(a)
    with pytest.raises(IllegalActionError):
        g.state.apply(0)
    assert g.state.state_bytes() == before


# ---- observations ----------------------------------------------------------------------------

def _swap_hidden(g: Game, seat: int) -> Game:
    """A game that differs from g only in which cards the OTHER seat holds and which are in the
    deck (same sizes): seat cannot tell the two apart."""
    other = 1 - seat
    d = copy.deepcopy(g.state.to_dict())
    held = [t for t, n in enumerate(d["hand"][other]) if n > 0]
    free = [t for t, n in enumerate(d["deck"]) if n > 0 and t not in held]
    if not held or not free:
        return None
    a, b = held[0], free[0]
    d["hand"][other][a] -= 1
    d["hand"][other][b] += 1
    d["deck"][b] -= 1
    d["deck"][a] += 1
    h = g.clone()
    h.state = _core.State.from_dict(d)
    return h


def test_observation_hides_the_other_hand_and_the_deck():
    checked = 0
    for i, g in enumerate(positions(3)):
        if i % 7 or g.step == "deal":
            continue
        full = g.state.to_dict()
        for seat, name in ((0, "marquise"), (1, "wyrm")):
            obs = g.observation(seat)
            assert obs == g.observation(name)
            assert obs["seat"] == seat
            assert obs["hand"][seat] == full["hand"][seat]           # its own hand
            assert obs["hand"][1 - seat] is None                      # not the other hand
            assert "deck" not in obs                                  # not the deck's contents
            assert obs["hand_size"] == full["hand_size"]              # only the sizes
            assert obs["deck_size"] == full["deck_size"]
            # public information stays
            for key in ("discard", "warriors", "wyrmlings", "score", "fear", "items", "pawn"):
                assert obs[key] == full[key]
            # nothing else in the observation depends on the hidden cards
            twin = _swap_hidden(g, seat)
            if twin is not None:
                assert twin.state != g.state
                assert twin.observation(seat) == obs
                assert twin.observation(1 - seat) != g.observation(1 - seat)
                checked += 1
            # it is a copy: editing it does not touch the game
            obs["hand"][seat].append(99)
            obs["warriors"][0] = 99
            assert g.state.to_dict() == full
    assert checked > 50


def test_observation_bad_seat():
    with pytest.raises(ConfigError):
        Game().observation(2)


# ---- undo, clone ----------------------------------------------------------------------------

def test_undo_restores_earlier_states_exactly():
    g = Game(first="wyrm")
    rng = np.random.default_rng(3)
    players = {0: RandomPlayer(1), 1: RandomPlayer(2)}
    history = [(g.state.state_bytes(), list(g.record), g.record_lines())]
    while not g.is_terminal() and len(g.record) < 160:
        seat = g.current_player
        g.apply(g.sample_chance(rng) if seat == CHANCE else players[seat].choose(g))
        history.append((g.state.state_bytes(), list(g.record), g.record_lines()))

    def now():
        return g.state.state_bytes(), list(g.record), g.record_lines()

    g.undo(0)
    assert now() == history[-1]
    g.undo()
    assert now() == history[-2]
    g.undo(10)
    assert now() == history[-12]
    for bad in (-1, len(g.record) + 1, 10**6):
        with pytest.raises(IllegalActionError):
            g.undo(bad)
        assert now() == history[-12]
    # play on after an undo, then undo back into the replayed part
    a = g.legal_actions()[0] if not g.is_chance_node() else g.chance_outcomes()[0][0]
    g.apply(a)
    g.undo(1)
    assert now() == history[-12]
    g.undo(len(g.record))
    assert now() == history[0] and g.state == Game(first="wyrm").state


def test_undo_a_finished_game():
    g = None
    for g in positions(1, seed0=7):
        pass
    end = g.state.state_bytes()
    record = list(g.record)
    g.undo(3)
    assert not g.is_terminal() and g.record == record[:-3]
    for a in record[-3:]:
        g.apply(a)
    assert g.state.state_bytes() == end and g.is_terminal()


def test_clone_is_independent():
    g = next(x.clone() for x in positions(5, 30) if x.step == "wyrm_daylight"
             and len(x.record) > 50 and len(x.legal_actions()) > 3)
    before = (g.state.state_bytes(), list(g.record))
    c = g.clone()
    assert c.state == g.state and c.record == g.record and c.state is not g.state
    c.apply(c.legal_actions()[-1])
    assert (g.state.state_bytes(), list(g.record)) == before
    g.apply(g.legal_actions()[0])
    assert c.record[-1] != g.record[-1] and c.state != g.state
    s = g.state.clone()
    assert s == g.state and hash(s) == hash(g.state)
    s.random_playout(1)
    assert s.is_terminal() and not g.state.is_terminal()


def test_state_pickles_and_equality():
    import pickle
    s = find("marquise_daylight", min_record=60).state
    t = pickle.loads(pickle.dumps(s))
    assert t == s and t.state_bytes() == s.state_bytes()
    assert s != s.state_bytes() and s != None  # noqa: E711
    assert len(s.state_bytes()) == _core.struct_size(s.num_seats) < _core.struct_size()   # its seats' blocks alone


# ---- the action encoding ---------------------------------------------------------------------

def test_encode_decode_round_trip_over_the_whole_action_space():
    kinds = set()
    for a in range(_core.NUM_ACTIONS):
        kind, args = decode(a)
        assert encode(kind, *args) == a, (a, kind, args)
        kinds.add(kind)
    assert kinds == set(actions.KINDS)
    starts = {name: start for name, start, _ in _core.ACTION_KINDS}
    for name, (start, size) in actions.KINDS.items():
        assert decode(start).kind == name and decode(start + size - 1).kind == name
        assert starts[name] == start


@pytest.mark.parametrize("bad", [-1, _core.NUM_ACTIONS, 1.0, "3", None])
def test_decode_rejects_non_actions(bad):
    with pytest.raises(ValueError):
        decode(bad)


@pytest.mark.parametrize("kind,args", [("battle", (12, 0)), ("move", (12, 0, 0, 1)),
                                       ("dice", (4, 0)), ("draw", (len(CARDS),)), ("keep", (-1,))])
def test_encode_rejects_out_of_range(kind, args):
    with pytest.raises(ValueError):
        encode(kind, *args)


def test_encode_examples():
    assert encode("pass") == 0
    assert encode("move", 0, 4, 0, 2) == actions.KINDS["move"][0] + (0 * 12 + 4) * 2 * 26 + 2
    assert decode(encode("terror", 4, 0, 1)).args == (4, 0, 1)
    assert decode(encode("dice", 3, 1)) == ("dice", (3, 1))


def test_play_helper_finishes_a_game():
    g = play(Game(first="marquise"), {0: RandomPlayer(1), 1: RandomPlayer(2)},
             np.random.default_rng(0))
    assert g.is_terminal() and g.winner in (0, 1) and max(g.scores) >= 30
