"""Positions for the Mechanical Marquise 2.0's rules tests (MM2 digest,
/work/shared/reference/mechanical-marquise-2.md).

A test builds a core State with the bot's options (`bot_state`: setup played by chance outcomes it
picks, up to the first turn), puts exactly the pieces it wants on the map (`position`: every
faction's pieces off the map, then the given ones, supplies kept consistent so State.from_dict
accepts it), and drives the bot's turn by the chance outcomes it picks (`order`: the order card;
`roll`: the dice; `finish`: everything else with no hits). Clearings are map numbers (1..12);
building types 0 sawmill, 1 workshop, 2 recruiter."""
from __future__ import annotations

import copy

from wyrm_ai import _core
from wyrm_ai.model.cards import card
from wyrm_ai.model.factions import faction_id

from wyrm_ai.model.cards import CARDS as _ALL_CARDS
NCT = len(_ALL_CARDS)   # card types of both decks (the standard deck and E&P)

SEATS = _core.MAX_NUM_SEATS    # seat indices in action numbers run to the core's seats

A = {name: start for name, start, size in _core.ACTION_KINDS}
NCL = 12
SAWMILL, WORKSHOP, RECRUITER = 0, 1, 2
P_WARRIOR, P_KEEP = _core.PIECE_NAMES.index("warrior"), _core.PIECE_NAMES.index("keep")
P_SAWMILL = _core.PIECE_NAMES.index("sawmill")
MM = faction_id("mechanical-marquise")
EVENT = {name: i for i, name in enumerate(_core.EVENT_KINDS)}
VP_WHY = {name: i for i, name in enumerate(_core.VP_REASONS)}
STEP = {name: i for i, name in enumerate(_core.STEP_NAMES)}
# an order card of each suit that is no item (so no craft muddles a test)
FOX, RABBIT, MOUSE, BIRD = "F#favorofthefoxes", "R#favoroftherabbits", "M#favorofthemice", "B#sappers"


def bot_state(factions=("mechanical-marquise", "eyrie"), first="mechanical-marquise", variant=0, level=1,
              traits=0, keep=1, buildings=None):
    """A State after the deal and every faction's setup, at the first player's first turn (the bot's
    order draw when it plays first). keep: the Keep's corner; buildings: the clearings of its
    sawmill, workshop and recruiter (else the first outcome of each draw). Other chance events take
    their first outcome, other decisions their first legal action."""
    table = tuple(faction_id(f) for f in factions)
    seat = table.index(faction_id(first)) if isinstance(first, str) else first
    s = _core.State(seat, factions=table, mm_variant=variant, mm_level=level, mm_traits=traits)
    placed = 0
    while s.turn_number == 0:
        if s.step == "mechanical_keep":
            s.apply(A["keep"] + keep - 1)
        elif s.step == "mechanical_setup_build" and buildings is not None:
            s.apply(A["build"] + placed * NCL + buildings[placed] - 1)
            placed += 1
        elif s.is_chance_node():
            s.apply(s.chance_outcomes()[0][0])
        else:
            s.apply(s.legal_actions()[0])
    return s


def mseat(s) -> int:
    return s.seat_of(MM)


def edit(s, fn):
    """A State whose dict was changed in place by fn(d) (State.from_dict checks it)."""
    d = copy.deepcopy(s.to_dict())
    fn(d)
    return _core.State.from_dict(d)


def _counts(where, default=1) -> list[int]:
    """Per clearing index: a {map number: count} dict, or map numbers (one each)."""
    out = [0] * NCL
    items = where.items() if isinstance(where, dict) else ((c, default) for c in where)
    for c, n in items:
        out[c - 1] += n
    return out


def position(s, mm=None, buildings=(), keep=None, birds=None, roosts=(), rebels=None, cats=None,
             cat_buildings=(), wyrmlings=None, score=None, order=None):
    """s with every faction's pieces off the map (the Wyrm's pawn to a forest, the Marquise's Keep
    left where it is) and these put on: mm / birds / rebels / cats / wyrmlings {clearing: warriors};
    buildings and cat_buildings (type, clearing) pairs; roosts clearings; keep the bot's Keep's
    clearing (-1: out of the game); score per seat."""
    def fn(d):
        d["mm_warriors"] = _counts(mm or {})
        d["mm_warrior_supply"] = 25 - sum(d["mm_warriors"])
        d["mm_buildings"] = [[0] * NCL for _ in range(3)]
        for b, c in buildings:
            d["mm_buildings"][b][c - 1] += 1
        if keep is not None:
            d["mm_keep"] = keep if keep < 0 else keep - 1
        d["birds"] = _counts(birds or {})
        d["bird_supply"] = 20 - sum(d["birds"])
        d["roosts"] = _counts(roosts)
        d["roost_supply"] = 7 - sum(d["roosts"])
        d["rebels"] = _counts(rebels or {})
        d["rebel_supply"] = 10 - sum(d["rebels"]) - d["officers"]
        d["sympathy"] = [0] * NCL
        d["sympathy_supply"] = 10
        d["base_at"] = [-1, -1, -1]
        d["warriors"] = _counts(cats or {})
        d["warrior_supply"] = 25 - sum(d["warriors"])
        d["wood_supply"] += sum(d["wood"])
        d["wood"] = [0] * NCL
        d["buildings"] = [[0] * NCL for _ in range(3)]
        for b, c in cat_buildings:
            d["buildings"][b][c - 1] += 1
        d["wyrmlings"] = _counts(wyrmlings or {})
        d["wyrmling_supply"] = 8 - sum(d["wyrmlings"])
        d["fear_supply"] += sum(1 for f in d["fear"] if f)
        d["fear"] = [0] * NCL
        if d["pawn"] >= 0:
            d["pawn"] = NCL                # the first forest
        if score is not None:
            d["score"] = list(score)
        if order is not None:
            d["mm_order"] = card_id(order)
    return edit(s, fn)


def card_id(token) -> int:
    return token if isinstance(token, int) else card(token).id


def deck_with(s, *tokens):
    """s with a copy of each card in the deck (from the discard pile or a hand when the deck has
    none): the order cards a test draws."""
    def fn(d):
        for tok in tokens:
            t = card_id(tok)
            if d["deck"][t]:
                continue
            if d["discard"][t]:
                d["discard"][t] -= 1
            else:
                h = next(h for h in range(d["nseats"]) if d["hand"][h][t])
                d["hand"][h][t] -= 1
                d["hand_size"][h] -= 1
                for v in range(d["nseats"]):
                    d["known"][v][h][t] = min(d["known"][v][h][t], d["hand"][h][t])
            d["deck"][t] += 1
            d["deck_size"] += 1
    return edit(s, fn)


def order(s, token) -> list:
    """Reveal this order card (the chance outcome A_DRAW + card: the card must be in the deck);
    the events told while the turn then runs on."""
    assert s.step == "mechanical_order", s.step
    return s.apply_logged(A["draw"] + card_id(token))


def roll(s, high: int, low: int) -> list:
    """The battle's dice (attacker's hits the high die, LoR 4.3.2)."""
    assert s.step == "battle_roll", s.step
    return s.apply_logged(A["dice"] + high * 4 + low)


def finish(s, until=None) -> list:
    """Play on with no hits (rolls 0-0, the first outcome of other chance steps, the first legal
    action) until the bot's turn is over (or until(s) holds); the events told."""
    me, events = mseat(s), []
    while not s.is_terminal() and (s.turn == me if until is None else not until(s)):
        if s.step == "battle_roll":
            events += roll(s, 0, 0)
        elif s.is_chance_node():
            events += s.apply_logged(s.chance_outcomes()[0][0])
        else:
            events += s.apply_logged(s.legal_actions()[0])
    return events


def eyrie_column(s, column: int, clearing: int, ready):
    """s (any position) on to the start of the Eyrie's (seat 1) turn with a card of the clearing's
    suit added to their Decree's column (0 recruit, 1 move, 2 battle, 3 build), and their Daylight
    played (the first action that is no pass) until ready(s) holds. (The Eyrie need a roost for
    their recruit column: the position gives one.)"""
    t = card_id({0: FOX, 1: RABBIT, 2: MOUSE}[_core._SUITS[clearing - 1]])
    s = deck_with(s, t)

    def give(d):
        d["deck"][t] -= 1
        d["deck_size"] -= 1
        d["hand"][1][t] += 1
        d["hand_size"][1] += 1
        d.update(turn=1, step=STEP["eyrie_daylight"])
    s = edit(s, give)
    _core.start_turn(s)
    s.apply(A["decree"] + column * NCT + t)
    finish(s, until=lambda st: st.step == "eyrie_daylight")
    while not ready(s):      # the columns before (the leader's viziers)
        s.apply(next(a for a in s.legal_actions() if a != A["pass"]))
    return s


def eyrie_attacks(s, clearing: int):
    """The Eyrie's battle against the bot in this clearing started (eyrie_column): at the dice."""
    def here(st):
        return [a for a in st.legal_actions() if A["e_battle"] <= a < A["e_battle"] + 96
                and (a - A["e_battle"]) // (2 * _core.NUM_SIDES) == clearing - 1
                and (a - A["e_battle"]) // 2 % _core.NUM_SIDES == mseat(st)]
    s = eyrie_column(s, 2, clearing, here)
    s.apply(here(s)[0])
    return s


def of_kind(events, kind: str) -> list[tuple]:
    """(seat, clearing, arg, amount, detail) of each event of this kind."""
    return [e[1:] for e in events if e[0] == EVENT[kind]]


def battles(events) -> list[tuple[int, int]]:
    """(clearing number, defender seat) of each battle told."""
    return [(c + 1, d) for _, c, d, _, _ in of_kind(events, "battle")]


def placed(events, why: str = "recruit") -> dict[int, int]:
    """The bot's warriors placed for a reason (_core.PLACE_WHYS): {clearing number: count}."""
    out = {}
    for _, c, reason, n, _ in of_kind(events, "place"):
        if reason == _core.PLACE_WHYS.index(why):
            out[c + 1] = out.get(c + 1, 0) + n
    return out


def vp_for(events, why: str) -> int:
    return sum(amount for _, _, reason, amount, _ in of_kind(events, "vp") if reason == VP_WHY[why])


def warriors(s) -> dict[int, int]:
    """The bot's warriors: {clearing number: count}, the empty clearings left out."""
    return {c + 1: n for c, n in enumerate(s.to_dict()["mm_warriors"]) if n}


def built(s) -> list[tuple[int, int]]:
    """The bot's buildings on the map: sorted (type, clearing number) pairs."""
    return sorted((b, c + 1) for b, row in enumerate(s.to_dict()["mm_buildings"]) for c, n in enumerate(row)
                  for _ in range(n))
