"""Helpers that build positions for rules tests.

A test usually starts from `started()` (a game just after setup, at the first player's Birdsong
decision or later), then edits the board with `edit()` / `give()` and applies actions by text
with `act()`. Edited games have no replayable record; they are for checking rules, not saves."""
from __future__ import annotations

import copy

from wyrm_ai import _core
from wyrm_ai.model.cards import card
from wyrm_ai.model.game import HAND_PROMPTS, Game

MARQUISE, WYRM = 0, 1
NCL = 12


def c(n: int) -> int:
    """Clearing number on the map (1..12) to its index (0..11)."""
    return n - 1


def started(first="marquise", hands=((), ()), keep=1, sawmill=1, workshop=5, recruiter=9, wyrm_at=None):
    """A game after dealing and both factions' setup. hands: card tokens dealt to (Marquise, Wyrm);
    up to 3 each, the rest filled with Tax Collectors, Cobblers and a Codebreakers (persistent
    cards that do nothing until crafted). keep and building clearings are map numbers."""
    g = Game(first=first)
    want = [list(hands[0]), list(hands[1])]
    fillers = ["F#taxcollector", "F#taxcollector", "F#taxcollector", "R#cobbler", "R#cobbler",
               "M#codebreakers"]
    for seat in (0, 1):
        while len(want[seat]) < 3:
            want[seat].append(fillers.pop(0))
    while g.step == "deal":
        left = g.state.to_dict()["to_draw"]
        who = g.first if left[g.first] > 0 else 1 - g.first
        g.apply(f"draw {want[who].pop(0)}")
    g.apply(f"t_k->{keep}")
    g.apply(f"b_s->{sawmill}")
    g.apply(f"b_w->{workshop}")
    g.apply(f"b_r->{recruiter}")
    if wyrm_at is None:
        g.apply(g.legal_actions()[0])
    else:
        g.apply(f"p->{wyrm_at}")
    return g


def state(g: Game) -> dict:
    return g.state.to_dict()


def edit(g: Game, **fields) -> Game:
    """A copy of g with some state fields replaced (battle=... merges into the battle dict)."""
    d = copy.deepcopy(g.state.to_dict())
    for k, v in fields.items():
        if k == "battle":
            d["battle"].update(v)
        else:
            d[k] = v
    out = g.clone()
    out.state = _core.State.from_dict(d)
    return out


def modify(g: Game, fn) -> Game:
    """A copy of g whose state dict was changed in place by fn(d)."""
    d = copy.deepcopy(g.state.to_dict())
    fn(d)
    out = g.clone()
    out.state = _core.State.from_dict(d)
    return out


def clear_board(g: Game) -> Game:
    """Every piece off the map and back in its supply (the Keep stays where it is unless keep=-1
    is edited too); the Wyrm pawn stays."""
    def fn(d):
        d["warrior_supply"] += sum(d["warriors"])
        d["warriors"] = [0] * NCL
        d["buildings"] = [[0] * NCL for _ in range(3)]
        d["wood_supply"] += sum(d["wood"])
        d["wood"] = [0] * NCL
        d["wyrmling_supply"] += sum(d["wyrmlings"])
        d["wyrmlings"] = [0] * NCL
        d["fear_supply"] += sum(1 for x in d["fear"] if x)
        d["fear"] = [0] * NCL
    return modify(g, fn)


def take_card(d: dict, tok: str) -> int:
    """Take one copy of the named card out of the deck (or the discard pile) of a state dict;
    its card type."""
    t = card(tok).id
    src = "deck" if d["deck"][t] > 0 else "discard"
    assert d[src][t] > 0, f"{tok} is in nobody's reach"
    d[src][t] -= 1
    if src == "deck":
        d["deck_size"] -= 1
    return t


def give(g: Game, seat: int, *tokens: str) -> Game:
    """Move the named cards from the deck (or discard pile) into seat's hand."""
    def fn(d):
        for tok in tokens:
            t = take_card(d, tok)
            d["hand"][seat][t] += 1
            d["hand_size"][seat] += 1
    return modify(g, fn)


def hand_to_deck(d: dict, seat: int) -> None:
    """Put seat's hand back into the deck of a state dict."""
    for t, n in enumerate(d["hand"][seat]):
        d["deck"][t] += n
        d["deck_size"] += n
    d["hand"][seat] = [0] * len(d["hand"][seat])
    d["hand_size"][seat] = 0


def empty_hand(g: Game, seat: int) -> Game:
    """Put seat's hand back into the deck."""
    return modify(g, lambda d: hand_to_deck(d, seat))




def passes_unasked(g: Game, t) -> bool:
    """g waits at a hand prompt whose only legal action is pass, and t is no action of that
    seat's: the seat holds no fitting card, so it passes (before issue 29 item 5 it was not
    asked at all)."""
    if g.step not in HAND_PROMPTS or g.legal_actions() != [g.to_action("pass")]:
        return False
    try:
        return g.to_action(t) not in g.legal_actions()
    except Exception:
        return True


def act(g: Game, *texts: str) -> Game:
    """Apply actions given as text (or ints), in order, to g itself; returns g. A hand prompt
    whose only legal action is pass (issue 29 item 5) is passed when the next text is not that
    seat's action, as if the seat had not been asked."""
    for t in texts:
        while passes_unasked(g, t):
            g.apply("pass")
        g.apply(t)
    return g


def traded_with_deck(g: Game, observer: int | None, d: dict, pile: list, give: int, take: int) -> Game:
    """A twin of g (d: a copy of its state dict, pile: one of d's per-card counts) whose pile
    holds a take where it held a give, the deck the give: a card the observer cannot see,
    changed; the twin's observation for the observer (if one is named) is checked to be g's."""
    pile[give] -= 1
    pile[take] += 1
    d["deck"][give] += 1
    d["deck"][take] -= 1
    out = g.clone()
    out.state = _core.State.from_dict(d)
    assert out.state != g.state
    assert observer is None or out.observation(observer) == g.observation(observer)
    return out
