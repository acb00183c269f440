"""Fuzz: seeded random games of every seat table the core can play (tests/mixes.py; a
RandomPlayer per seat, chance from numpy default_rng(seed), each seat first in turn) with
persistent cards dealt into the play areas finish, and after every action the 54 cards are all in
the deck, the discard pile, the hands, the play areas, the Eyrie's Decree, the Alliance's
Supporters stack, the Cult's and the Duchy's revealed cards, the Keepers' Retinue and (the 4 dominance
cards at two seats, LoR 5.1.3) out of the game, with the deck and hand counters agreeing with the
card counts. (Plain random games are checked the same way, and more, by tests/test_fuzz.py.)"""
import numpy as np
import pytest

from wyrm_ai import _core
from wyrm_ai.model.cards import CARDS, deck_counts
from wyrm_ai.model.game import Game
from wyrm_ai.ai.players import RandomPlayer

from card_positions import modify, total_cards
from mixes import PLAYABLE_MIXES, mix_id, players_for

MAX_ACTIONS = 20_000


def _layout(name: str, off: int, typ: str, shape) -> tuple:
    """How _field reads a field, worked out once (it runs for every field after every action):
    offset, dtype, count, the shape to read it in, and for card counts the bit shifts."""
    shape = tuple(shape)
    if name in _core.CARD_COUNT_FIELDS:
        rows = int(np.prod(shape[:-1]))
        return off, "<u8", 2 * rows, shape[:-1] + (2, 1), np.arange(shape[-1], dtype=np.uint64)
    return off, typ, int(np.prod(shape)) if shape else 1, shape, None


# where each field lies (serialize.pxi): on the table, in each seat's block, or on a faction's
# board in its seat's block
_FIELDS = {}
for _name, _off, _typ, _shape in _core.STATE_FIELDS:
    if _name in _core.SEAT_OFF:
        _FIELDS[_name] = ("seat",) + _layout(_name, _core.SEAT_OFF[_name], _typ, _shape[1:])
    elif _name in _core.BOARD_OFF:
        _f, _boff = _core.BOARD_OFF[_name]
        _FIELDS[_name] = ("board", _f) + _layout(_name, _core.BOARD_IN_SEAT + _boff, _typ, _shape)
    elif _off >= 0:
        _FIELDS[_name] = ("table",) + _layout(_name, _off, _typ, _shape)


_NSEATS = _FIELDS["nseats"][1]                # byte offsets of nseats and faction_seat (int8)
_FACTION_SEAT = _FIELDS["faction_seat"][1]
_KEEPERS = _core.FACTION_NAMES.index("keepers")


def _read(raw: bytes, at: int, off, typ, count, shape, shifts) -> np.ndarray:
    if shifts is not None:      # rows of two bit-planes (lo, hi): a count 0..3 per card type
        bits = (np.frombuffer(raw, dtype=typ, count=count, offset=at + off).reshape(shape) >> shifts) & 1
        return (bits[..., 0, :] + 2 * bits[..., 1, :]).astype(np.int64)
    return np.frombuffer(raw, dtype=typ, count=count, offset=at + off).astype(np.int64).reshape(shape)


def _field(raw: bytes, name: str) -> np.ndarray:
    """A field as to_dict() has it: a per-seat field for the seats at the table; a board field of
    a faction not at the table empty."""
    where = _FIELDS[name]
    if where[0] == "table":
        return _read(raw, 0, *where[1:])
    seats, size = _core.SEATS_AT, _core.SEAT_SIZE
    if where[0] == "seat":      # the seats at the table, read across their blocks at once
        n = raw[_NSEATS]
        off, typ, count, shape, shifts = where[1:]
        dt = np.dtype(typ)
        arr = np.ndarray((n, count), dtype=dt, buffer=raw, offset=seats + off,
                         strides=(size, dt.itemsize)).reshape((n,) + shape)
        if shifts is not None:
            bits = (arr >> shifts) & 1
            return (bits[..., 0, :] + 2 * bits[..., 1, :]).astype(np.int64)
        return arr.astype(np.int64)
    seat = raw[_FACTION_SEAT + where[1]]
    if seat >= 128:             # -1 (an int8): not at the table
        off, typ, count, shape, shifts = where[2:]
        return np.zeros(shape[:-2] + (len(shifts),) if shifts is not None else shape, dtype=np.int64)
    return _read(raw, seats + seat * size, *where[2:])


def card_problem(g: Game):
    """None if the card invariants hold, else a description (read straight from the state bytes:
    to_dict() after every action would make the games slow; checked against to_dict() below)."""
    raw = g.state.state_bytes()
    deck, discard = _field(raw, "deck"), _field(raw, "discard")
    hand, play = _field(raw, "hand"), _field(raw, "play_area")
    out, decree = _field(raw, "out_of_game"), _field(raw, "decree")
    available = _field(raw, "available")          # dominance cards beside the map (LoR 3.3.3)
    stack = _field(raw, "supporters")               # the Alliance's Supporters (LoR 8.2.3)
    lost, revealed = _field(raw, "lost_souls"), _field(raw, "revealed")   # the Cult's (LoR 10.2.6, 10.5)
    shown = _field(raw, "duchy_revealed")           # the Duchy's revealed cards (LoR 12.5.1, 12.5.3)
    placed = (deck + discard + hand.sum(axis=0) + play.sum(axis=0) + decree.sum(axis=0) + available
              + stack + lost + revealed + shown)
    if raw[_FACTION_SEAT + _KEEPERS] < 128:         # the Keepers' Retinue (LoR 15.5.2; Faithful Retainers apart)
        retinue = _field(raw, "retinue")
        placed = placed + np.bincount(retinue[(retinue >= 0) & (retinue < len(CARDS))], minlength=len(CARDS))
    total = int(placed.sum())
    removed = 4 if g.num_seats == 2 else 0      # the dominance cards, at two seats (LoR 5.1.3)
    if total != 54 - removed:
        return (f"{total} cards in deck+discard+hands+play areas+Decree+available+Supporters"
                "+Lost Souls+revealed+the Duchy's revealed+the Retinue")
    if int(_field(raw, "supporters_size")) != int(stack.sum()):
        return f"supporters_size {int(_field(raw, 'supporters_size'))} != {int(stack.sum())} supporters"
    if int(out.sum()) != removed:
        return f"{int(out.sum())} cards out of the game, not {removed}"
    if int(_field(raw, "deck_size")) != int(deck.sum()):
        return f"deck_size {int(_field(raw, 'deck_size'))} != {int(deck.sum())} cards in the deck"
    if list(_field(raw, "hand_size")) != list(hand.sum(axis=1)):
        return f"hand_size {list(_field(raw, 'hand_size'))} != {list(hand.sum(axis=1))}"
    per_type = placed + out
    counts = deck_counts(g.state.deck_id)
    wrong = [k.token for k in CARDS if per_type[k.id] != counts[k.id]]
    if wrong:
        return f"copies of {wrong} appeared or vanished"
    if play.max(initial=0) > 1:
        return "a duplicate persistent card in a play area"
    return None


def run(g: Game, seed: int) -> Game:
    rng = np.random.default_rng(seed)
    players = players_for(g.factions, seed)
    for n in range(MAX_ACTIONS):
        if g.is_terminal():
            break
        seat = g.current_player
        a = g.sample_chance(rng) if seat == -1 else players[seat].choose(g)
        g.apply(a)
        problem = card_problem(g)
        assert problem is None, f"seed {seed}, action {n + 1} ({g.describe(a, seat)}, step now {g.step}): {problem}"
    assert g.is_terminal(), f"seed {seed}: no winner after {MAX_ACTIONS} actions"
    d = g.state.to_dict()
    assert (total_cards(d) + sum(map(sum, d["decree"])) + sum(d["supporters"])
            == (50 if len(d["hand"]) == 2 else 54))
    return g


PERSISTENT = [k for k in CARDS if k.kind == "persistent" and "standard" in k.decks]   # these games: the standard deck
# Seeds whose random game does not end within MAX_ACTIONS (looked at by hand, issue 12): the
# Alliance and the Wyrm activate dominance cards they never fulfil, so they never score again
# (LoR 3.3.1), and the random Eyrie stays near 0 VP through one Turmoil after another.
STALEMATES = {("eyrie", "alliance", "wyrm"): {6}}


@pytest.mark.parametrize("mix", PLAYABLE_MIXES, ids=mix_id)
def test_cards_fuzz_random_games_with_persistent_cards_in_play(mix):
    """Random games where, at the first decision after setup, each seat gets a random set of
    persistent cards in its play area (so Armorers, Sappers, Stand and Deliver! and the rest are
    used far more often than random crafting manages). 30 games a table, each seat first in turn:
    each persistent card is dealt in at least half of them (60 a table took CI time)."""
    for seed in range(30):
        if seed in STALEMATES.get(tuple(mix), ()):
            continue
        rng = np.random.default_rng(10_000 + seed)
        g = Game(first=seed % len(mix), factions=mix)
        while g.state.turn_number == 0:          # setup
            g.apply(g.sample_chance(rng) if g.current_player == -1 else g.legal_actions()[0])

        def deal_play_areas(d):
            for k in PERSISTENT:
                for seat in range(len(mix)):
                    if d["deck"][k.id] > 0 and rng.random() < 0.5:
                        d["deck"][k.id] -= 1
                        d["deck_size"] -= 1
                        d["play_area"][seat][k.id] += 1
        g = modify(g, deal_play_areas)
        assert card_problem(g) is None
        run(g, 10_000 + seed)


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_cards_fuzz_fast_count_agrees_with_to_dict(seed):
    g = Game(first=seed % 2)
    rng = np.random.default_rng(seed)
    player = RandomPlayer(seed)
    for _ in range(300):
        if g.is_terminal():
            break
        a = g.sample_chance(rng) if g.current_player == -1 else player.choose(g)
        g.apply(a)
        d = g.state.to_dict()
        raw = g.state.state_bytes()
        for name in ("deck", "discard", "out_of_game", "decree"):
            assert _field(raw, name).tolist() == d[name]
        for name in ("hand", "play_area", "hand_size"):     # per seat: the seats at the table
            assert _field(raw, name).tolist()[:d["nseats"]] == d[name]
        assert int(_field(raw, "deck_size")) == d["deck_size"]
