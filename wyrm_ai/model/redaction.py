"""What a viewer may see: the one redaction step for every view, record and search report shown
to a seat (docs/architecture.md, "Information").

A viewer is a seat (of the game's seat table, wyrm_ai/model/factions.py), PUBLIC (no hand at all: what lies face up) or
REFEREE (everything: saves, `state referee`, `record referee`, `wyrm watch`). observe() turns
the full state into the viewer's observation; knowledge() reads only that observation; the
functions that redact actions, records and reports read only a Knowledge (or the viewer) and the
content to show. So what a viewer is shown is a function of what it may know.

A card the viewer cannot know is masked: the action keeps its kind and its other arguments and
its card becomes None, written `#?` in notation and "a hidden card" in words (docs/notation.md).
A face-down plot's type (the Corvid Conspiracy's, LoR 13.2.2.I) is masked the same way: None in
an action or an event, HIDDEN_PLOT in an observation's `plot_types`.
"""
from __future__ import annotations

from dataclasses import replace
from typing import NamedTuple

from wyrm_ai import _core
from wyrm_ai.model.actions import Action, decode
from wyrm_ai.model.cards import SUIT_LETTERS, card
from wyrm_ai.model.factions import (ALLIANCE, BOTS, CORVIDS, HUNDREDS, RIVERFOLK, TWO_SEATS, UNDRAFTED, VAGABOND2, names,
                                    seat_factions)
from wyrm_ai.model.notation import action_text, record_text

PUBLIC, REFEREE = "public", "referee"
VP_REASONS = _core.VP_REASONS
SWAP_MEET = card("R#swapmeet").id

# actions that spend a card from the actor's hand, and where their card is among the arguments.
# Other card actions: `use` names a card in a play area (face up), `steal` the card Stand and
# Deliver! or the Thief takes (taker and victim see it: steal_pair), `draw` a card only the seat
# that draws it sees.
HAND_CARD_ARG = {"discard": 0, "craft": 0, "ambush": 0, "extra": 0, "hospital": 0, "eat": 0,
                 "overwork": 1, "hoard": 1, "decree": 1, "activate": 0, "swap": 1, "train": 0,
                 "mobilize": 0, "outrage": 0, "aid": 1, "coalition": 0, "propaganda": 2, "give": 0,
                 "put_back": 0, "lz_build": 1, "lz_recruit": 1, "lz_score": 0, "sacrifice": 0,
                 "reveal": 0, "dig": 1, "bank": 0, "cv_recruit": 0, "guess": 0, "lh_build": 0, "incite": 0,
                 "ki_recruit": 0, "retinue_add": 0, "scouts": 0, "smuggle": 0}
# The Lizard Cult's rituals reveal a card of their hand face up (Build, Recruit, Sacrifice: into
# the play area until Evening, then back to the hand known to every seat) or spend it (Score): the
# card is public once played, hidden among the alternatives the AI weighed. The Lost Souls pile,
# the revealed cards, the Outcast and its side and the acolytes lie face up (observe keeps them for
# every viewer, LoR 10.2.6); Fear of the Faithful's card (chance `faithful`) is a random card of
# the Cult's hand discarded face up into Lost Souls, so every seat sees it once it is drawn (unlike
# a stolen card, which goes from hand to hand).
# The Riverfolk Company's hand lies face up (LoR 11.2.3, Public Hand): observe shows it to every
# viewer, the referee's and the public's views alike, so every card it holds, draws, plays or loses
# is named to all -- a draw into it, a card it spends, a card the Vagabond's Aid gives it, a card
# Stand and Deliver!, the Thief or Swap Meet moves into or out of it, its Outrage payment. A card a
# buyer takes from it with Hand Card (LoR 11.2.7.I) is known to every seat in the buyer's hand (the
# core's known[v][buyer]); the PUBLIC viewer holds no such row and sees it masked once the buyer
# plays it. Funds, Payments, Committed, prices and trade posts are board fields every view keeps.
PUBLIC_HANDS = (RIVERFOLK,)
# The Underground Duchy's hand is hidden as any other (LoR 12): a card they reveal (Build, the
# Foremole, Sway: LoR 12.5) lies face up in their play area until Evening -- the `reveal` action
# names it to every viewer, and observe keeps `duchy_revealed` for all -- and then returns to the
# hand known to every seat (the core's known rows; a revealed bird is discarded, LoR 12.6.1); a
# card Dig or the Banker spends is public once played; the Price of Failure's random card (chance
# `fail_card`, LoR 12.2.3) is discarded face up, so every seat sees it once drawn. Among the
# alternatives the AI weighed, each of these cards is hidden unless the viewer knows a copy in
# the hand (HAND_CARD_ARG). The Burrow, ministers, crowns and buildings are board fields.
DOMINANCE_OF_SUIT = tuple(card(f"{letter}#dominance").id for letter in SUIT_LETTERS)
# The Vagabond's Aid gives a card from his hand to another player's (LoR 9.5.4): only the two of
# them see which; the Thief's Steal (LoR D.1) takes a random card that only he and the victim see.
# Either is a pair of seats: the card's text and its event are masked for every other seat.
# The Alliance's Supporters stack is face down (LoR 8.2.3): its contents are seen by the Alliance
# only (its size is public). A card goes onto it unseen by the other seats -- Mobilize from the
# Alliance's hand, an Outrage payment (seen by the payer too, LoR 8.2.6), a draw from the deck --
# and leaves it face up (spent, discarded). A `supporter` action names a card of the stack.
HIDDEN_GOING = {"mobilize", "outrage", "aid", "give", "put_back"}  # hand cards that go unseen, even once played
# (Swap Meet, E&P: the card taken and the card given back are seen by the two players only)
# A bot (the Mechanical Marquise) hides nothing: its order card is revealed from the deck face up
# (MM2 §5), and a card given to it is discarded face up (Aid, MM2 §12: Poor Manual Dexterity).
HIDDEN_HOWS = {"outrage", "mobilize", "drawn"}  # supporter events whose card is face down
# The Corvid Conspiracy's plots lie face down (LoR 13.2.2.I): the type of a face-down plot is seen
# by the Corvids alone. Every other viewer (the other seats, PUBLIC) sees HIDDEN_PLOT in
# `plot_types` where a plot lies face down (observe), the `plot` action's type and the `plot`
# event's arg masked (None); a flipped plot's type is public (the `flip` event names it), and so
# are the types a wrong Exposure ruled out (`plot_not`: the Corvids said no, K-C3). An Exposure's
# card (the `guess` action, the `expose` event's detail) is shown to the Corvids only, so the
# guesser and the Corvids see it; an extortion's random card (the chance `steal`, the `extort`
# event's detail) is seen by the Corvids and the victim (steal_pair). Both stay unseen by the
# other seats once played (unless they leave or enter the Riverfolk's public hand). A card the
# Corvids' Recruit spends is public once played.
HIDDEN_PLOT = -1
# The Lord of the Hundreds hide nothing (LoR 14; docs/hundreds-keepers.md §5): the warlord, the
# strongholds and mobs, the Hoard, the mood and the turn's bookkeeping are board fields every view
# keeps; the cards their Build (`lh_build`) and Incite (`incite`) spend are public once played
# (HAND_CARD_ARG). A ruin's item is no one's until a Raze takes it: the state holds only the pool
# under the ruins (`ruin_items`, one pool: which ruin holds which is a chance event), the chance
# `ruin_item` draws from it, and the item drawn goes into the Hoard face up (its record line and
# its `raze_item` and `hoard` events are seen by all). With two Vagabonds a ruin holds two items
# (H-C17, LoR 9.7.3): the Hundreds look at both before taking one, so there the `ruin_item` draws
# are seen by the Hundreds alone (seen, receiver_of) and the item left in the ruin is known to its
# seers only (hide_ruins), as the items a Vagabond looked at are his.
# The Keepers in Iron hide nothing either (LoR 15; docs/hundreds-keepers.md I-C1, I-C8): their
# warriors, waystations and the faces they show, the twelve relics (type, place, a face-up value),
# the Retinue and the turn's bookkeeping are board fields every view keeps. A face-down relic's value
# is in no state at all: the delve's flip draws it (the chance `relic_value`, from the values of its
# type not yet face up), and the value drawn is public at once (its record line and its
# `relic_value` event read the same in every view); so are the setup's relics (the chance
# `ki_relic`: a type and a forest, the value face down). A card the Keepers' Recruit spends
# (`ki_recruit`) or Gather Retinue puts into the Retinue (`retinue_add`, face up) is public once
# played (HAND_CARD_ARG); a Faithful Retainer is no card of any hand.
# Hirelings hide one thing only, the Brigand's stolen card (LoR 16.4; docs/hundreds-keepers.md §4).
# Which sides are in play, who controls each, its control markers and the turn it was gained, the
# hireling markers on the score track and those taken and not yet flipped, the end of a turn under way,
# the Brigand's uses this turn and the ruin it searches (hr_* fields) are board fields every view keeps;
# the control die is rolled in the open (the chance `control_die`, its `control` event); giving a
# hireling away (`hire_give`), taking one from the supply (`hire_take`), the clearing the Feline
# Physicians return warriors to (`physicians`) and the Brigand's actions (`brigand_ruin`,
# `brigand_steal`: a clearing, a victim and the item exhausted) name no card. The item the Brigand's
# ruin holds (the chance `ruin_item` at `brigand_item`, drawn from the pool under the ruins, E-37) is
# public once drawn, as a Raze's is (its `brigand_ruin` event names it). The card Rabbit Scouts spend
# (`scouts`) and the item card Rat Smugglers discard (`smuggle`, E-41) are public once played, hidden
# among the alternatives the AI weighed (HAND_CARD_ARG), as is the card of Field Hospitals for the
# Physicians' controller (`hospital`). The Brigand's steal (E-38) takes a random card of the victim's
# hand (the chance `steal` at `brigand_card`, right after the `brigand_steal` naming the victim): a
# stolen card, seen by the taker and the victim only, as Stand and Deliver!'s (steal_pair names the two;
# the core's known rows: take_random_card); a card of the Riverfolk's public hand is seen by all.


def viewer_of(name, factions: tuple[int, ...] = TWO_SEATS):
    """A seat, PUBLIC or REFEREE from a seat number or a view name, at a table seating factions
    (faction ids in seat order)."""
    if name in (PUBLIC, REFEREE) or name in range(len(factions)):
        return name
    seated = [n for n, f in zip(names(factions), factions) if f != UNDRAFTED]   # a player of the draft: no name yet
    if isinstance(name, str) and name.lower() in seated:
        return names(factions).index(name.lower())
    if isinstance(name, str) and name.lower() in (PUBLIC, REFEREE):
        return name.lower()
    numbers = [str(s) for s in range(len(factions))] if UNDRAFTED in factions else []   # a draft's players by seat
    raise ValueError(f"no viewer {name!r}: {', '.join(seated + numbers)}, public or referee")


def observe(state, viewer) -> dict:
    """The viewer's observation of a core State: its fields (State.to_dict()) and the public facts
    the core derives from them (_core.public_facts: rulers, lair_cap, evening_draws,
    growth_on_track, wyrm_limits, next_building), so no view computes a rule itself. A seat keeps its own hand
    and what it knows of the other (known); other hands are None, the deck only a count
    (LoR 1.2). PUBLIC sees no hand and no knowledge; REFEREE sees everything."""
    viewer = viewer_of(viewer, seat_factions(state))
    d = state.to_dict()
    facts = public_facts(state, d)
    # the second Vagabond's public facts join his fields (the state dict's "vagabond2", LoR 9.7):
    # the core names both "vagabond2"
    twin = facts.pop("vagabond2", None)
    d.update(facts)
    if isinstance(twin, dict):
        d["vagabond2"] = {**d["vagabond2"], **twin}
    d["seat"] = viewer
    if viewer == REFEREE:
        return d
    hide_ruins(d, viewer)
    table = seat_factions(d)
    d["hand"] = [list(h) if s == viewer or public_hand(s, table) else None for s, h in enumerate(d["hand"])]
    # known[v][h]: what seat v knows of h's hand; a viewer sees its own row and what each seat
    # knows of its own hand, never what one seat knows of a third seat's hand
    d["known"] = [[list(k) if viewer in (v, h) else None for h, k in enumerate(row)]
                  for v, row in enumerate(d["known"])]
    del d["deck"]
    # the Supporters stack: the Alliance see it (and what every seat paid into it); another seat
    # sees its size and its own row of known_sup (the cards it paid in Outrage)
    if not is_alliance(viewer, seat_factions(d)):
        d["supporters"] = None
        d["known_sup"] = [list(k) if v == viewer else None for v, k in enumerate(d["known_sup"])]
    if not is_corvids(viewer, table):
        hide_plots(d)
    return d


def hide_plots(d: dict) -> None:
    """The type of each face-down plot (LoR 13.2.2.I) is HIDDEN_PLOT: only the Corvids see it. A
    face-up plot's type stays (public), and so do the types a wrong Exposure ruled out
    (`plot_not`, public: docs/duchy-corvids.md K-C3)."""
    up = d["plots_up"]
    d["plot_types"] = [HIDDEN_PLOT if d["plots"][c] and not (up >> c) & 1 else t
                       for c, t in enumerate(d["plot_types"])]


def public_facts(state, d: dict) -> dict:
    """The core's public facts of state (d its to_dict()): a player of the faction draft with no
    faction yet (LoR 16.1.8; a seat UNDRAFTED) draws no Evening cards and has no board's facts."""
    return _core.public_facts(state)


def hide_ruins(d: dict, viewer) -> None:
    """With two Vagabonds each ruin holds two items, and a Vagabond exploring it looks at both
    (LoR 9.7.3): the items of a ruin he looked at (ruin_seen) are known to its seers alone
    (ruin_seers, a seat bitmask). For any other viewer they are back in the pool nobody can see into
    (ruin_items), so the pool does not tell them either."""
    pool = list(d["ruin_items"])
    seen = []
    for c, (kinds, seers) in enumerate(zip(d["ruin_seen"], d["ruin_seers"])):
        if viewer in range(len(d["seat_faction"])) and (seers >> viewer) & 1:
            seen.append(list(kinds))
            continue
        for k in kinds:
            if k >= 0:
                pool[k] += 1
        seen.append([-1, -1])
    d["ruin_items"], d["ruin_seen"] = pool, seen
    d["ruin_seers"] = list(d["ruin_seers"])


def public_hand(holder, factions: tuple[int, ...]) -> bool:
    """holder's hand lies face up for every viewer (PUBLIC_HANDS: the Riverfolk's, LoR 11.2.3)."""
    return holder in range(len(factions)) and factions[holder] in PUBLIC_HANDS


def public_between(seats, factions: tuple[int, ...]) -> bool:
    """A card passed between these seats was seen by all: it left or entered a public hand."""
    return any(public_hand(v, factions) for v in seats if v is not None)


def is_alliance(viewer, factions: tuple[int, ...]) -> bool:
    """viewer is the seat of the Woodland Alliance."""
    return viewer in range(len(factions)) and factions[viewer] == ALLIANCE


def is_corvids(viewer, factions: tuple[int, ...]) -> bool:
    """viewer is the seat of the Corvid Conspiracy (who see their face-down plots, LoR 13.2.2.I)."""
    return viewer in range(len(factions)) and factions[viewer] == CORVIDS


class Knowledge(NamedTuple):
    """What a viewer knows of the hands: copies[actor][t] = copies of card t the viewer knows to
    be in actor's hand (its own hand; known[viewer] for the other; none for PUBLIC). copies is
    None for the referee, who sees everything. factions: the seat table, for the texts."""
    viewer: object
    copies: tuple | None
    factions: tuple = TWO_SEATS


def knowledge(obs: dict) -> Knowledge:
    """The viewer's Knowledge, read from its observation only."""
    seat, table = obs["seat"], seat_factions(obs)
    if seat == REFEREE:
        return Knowledge(seat, None, table)
    if seat == PUBLIC:
        zero = (0,) * len(obs["discard"])
        return Knowledge(seat, tuple(tuple(obs["hand"][h]) if public_hand(h, table) else zero
                                     for h in range(len(table))), table)
    return Knowledge(seat, tuple(tuple(obs["hand"][h]) if h == seat or public_hand(h, table) else tuple(row)
                                 for h, row in enumerate(obs["known"][seat])), table)


def knowledge_of(game, viewer) -> Knowledge:
    return knowledge(observe(game.state, viewer))


def masked(act: Action, i: int) -> Action:
    args = list(act.args)
    args[i] = None
    return Action(act.kind, tuple(args))


def hand_card(act: Action):
    """The card an action spends from its actor's hand, or None (a coalition names its dominance
    card by suit)."""
    i = HAND_CARD_ARG.get(act.kind)
    if i is None or act.args[i] is None or act.kind != "coalition":
        return None if i is None else act.args[i]
    return DOMINANCE_OF_SUIT[act.args[i]]


def shown(a, actor: int, know: Knowledge, pool: list | None = None) -> Action:
    """Action a of actor as the viewer may see it: a card spent from actor's hand is named only
    if the viewer knows a copy of it there. pool (copies per card, consumed by each named card)
    is for a sequence of actions; without it, each action is checked alone."""
    act = a if isinstance(a, Action) else decode(a)
    if act.kind == "supporter" and not sees_stack(know):
        return masked(act, 0)
    if act.kind == "plot" and not sees_plots(know):
        return masked(act, 1)                      # placed face down (LoR 13.5.2)
    t = hand_card(act)
    if t is None or know.copies is None:
        return act
    pool = list(know.copies[actor]) if pool is None else pool
    if pool[t] > 0:
        pool[t] -= 1
        return act
    return masked(act, HAND_CARD_ARG[act.kind])


def sees_plots(know: Knowledge) -> bool:
    """The viewer may see the types of face-down plots: the referee and the Corvids."""
    return know.copies is None or is_corvids(know.viewer, know.factions)


def sees_stack(know: Knowledge) -> bool:
    """The viewer may see the Supporters stack: the referee and the Alliance."""
    return know.copies is None or is_alliance(know.viewer, know.factions)


def shown_text(a, actor: int, know: Knowledge) -> str:
    return action_text(shown(a, actor, know), actor, know.factions)


def report_view(report, know: Knowledge, played: bool = False):
    """A SearchReport (planner.py) as the viewer may see it: best and top hold Actions, their
    texts and the principal line are redacted. played=True says report.best has been played face
    up, so its card is public. Rows that read the same once masked are merged (visits added,
    values weighted by visits), so the rows do not count the hidden cards."""
    actor = report.seat
    best = decode(report.best)
    # a card played face up is public; one mobilized or paid in Outrage went face down
    bonus = hand_card(best) if played and seen_once_played(best, know) else None

    def pool(holder=actor):
        if know.copies is None:
            return None
        p = list(know.copies[holder])
        if bonus is not None and holder == actor:
            p[bonus] += 1
        return p

    rows: dict[str, list] = {}
    for a, _, visits, mean in report.top:
        act = shown(a, actor, know, pool())
        row = rows.setdefault(action_text(act, actor, know.factions), [act, 0, 0.0, mean])
        row[1] += visits
        row[2] += mean * visits
    top = [(act, text, v, s / v if v else first) for text, (act, v, s, first) in rows.items()]
    top.sort(key=lambda r: -r[2])
    seats = report.line_seats or [actor] * len(report.line_actions)   # whose decision each step is
    pools = {s: pool(s) for s in set(seats)}
    line = [action_text(shown(a, s, know, pools[s]), s, know.factions)
            for a, s in zip(report.line_actions, seats)]
    best = best if played and best.kind == "supporter" else shown(best, actor, know, pool())
    return replace(report, best=best, top=top, line=line,
                   line_actions=[], line_seats=[])


def seen_once_played(act: Action, know: Knowledge) -> bool:
    """The card act spends from its actor's hand is seen by the viewer once played: a card played
    face up, yes; one that goes unseen (HIDDEN_GOING), only given to a bot; an Exposure's card
    (LoR 13.2.4), by the Corvids only (the actor knows its own)."""
    if act.kind == "guess":
        return sees_plots(know)
    return act.kind not in HIDDEN_GOING or given_to_bot(act, know.factions)


def given_to_bot(act: Action, factions: tuple[int, ...]) -> bool:
    """act is the Vagabond's Aid to a bot, whose card is discarded face up (MM2 §12)."""
    return act.kind == "aid" and act.args[0] < len(factions) and factions[act.args[0]] in BOTS


def face_up(evs) -> bool:
    """The card an entry drew was revealed to everyone: the Mechanical Marquise's order card
    (MM2 §5: the top card of the deck, face up; its `order` event names it), or a card drawn for
    the Alliance's full Supporters stack, discarded face up (LoR 8.2.3.I; its `supporter` event
    names it to every seat)."""
    return any(e.kind == "order" or (e.kind == "supporter" and e.detail is not None
                                      and _core.SUPPORTER_HOWS[e.detail] == "overflow") for e in evs)


# ---- records ----------------------------------------------------------------------------------

class Seen(NamedTuple):
    """One record entry as a viewer sees it: who took it (-1 chance), the action (a draw the
    viewer did not make has its card masked), for a draw the seat whose hand grew (else -1), and
    the game's seat table (faction ids in seat order)."""
    seat: int
    action: Action
    receiver: int
    factions: tuple = TWO_SEATS


def seen(a: int, seat: int, receiver: int, viewer, factions: tuple[int, ...] = TWO_SEATS,
         pair: tuple | None = None, revealed: bool = False) -> Seen:
    """What viewer sees of action a: what a seat does is face up, but a card goes face down onto
    the Supporters stack unseen -- Mobilize (seen by the Alliance only) and an Outrage payment
    (seen by the payer and the Alliance); a card draw is seen by the seat that draws it (for a
    draw onto the stack, the Alliance) and the referee only, unless it was `revealed` to all
    (face_up: the Mechanical Marquise's order card); a card passed between two seats (the
    Vagabond's Aid, the Thief's Steal: `pair`, steal_pair) by those two only, but a card given
    to a bot is discarded face up. With two Vagabonds (LoR 9.7.3) the items a ruin turns out to
    hold (chance `ruin`) are seen by the exploring Vagabond only: `receiver` names him
    (ruin_looker), and so are those a razed ruin turns out to hold (chance `ruin_item`) by the
    Hundreds (H-C17). The Corvids' Plot places a plot face down, its type theirs alone (LoR 13.5.2);
    an Exposure's card is shown to the Corvids (LoR 13.2.4): they and the guesser see it; an
    extortion's card is a stolen card (`pair`: the Corvids and the victim, LoR 13.7.3), and so is the
    Brigand's (`pair`: its controller and the victim, E-38)."""
    act = decode(a)
    if viewer == REFEREE:
        return Seen(seat, act, receiver, factions)
    if act.kind in ("ruin", "ruin_item") and hidden_ruin(factions) and viewer != receiver:
        return Seen(seat, masked(act, 0), receiver, factions)
    if act.kind == "aid" and viewer not in (seat, act.args[0]) and not given_to_bot(act, factions) \
            and not public_hand(act.args[0], factions):
        act = masked(act, 1)
    elif act.kind in ("steal", "give") and pair is not None and viewer not in pair \
            and not public_between(pair, factions):
        act = masked(act, 0)
    elif act.kind == "draw" and receiver != viewer and not revealed and not public_hand(receiver, factions):
        act = masked(act, 0)
    elif act.kind == "mobilize" and not is_alliance(viewer, factions):
        act = masked(act, 0)
    elif act.kind == "outrage" and viewer != seat and not is_alliance(viewer, factions) \
            and not public_hand(seat, factions):
        act = masked(act, 0)
    elif act.kind == "put_back" and viewer != seat and not public_hand(seat, factions):
        act = masked(act, 0)                             # face down onto the deck (LoR 16.1.10)
    elif act.kind == "plot" and not is_corvids(viewer, factions):
        act = masked(act, 1)                             # its type face down (LoR 13.2.2.I)
    elif act.kind == "guess" and viewer != seat and not is_corvids(viewer, factions) \
            and not public_hand(seat, factions):
        act = masked(act, 0)                             # shown to the Corvids (LoR 13.2.4)
    return Seen(seat, act, receiver, factions)


def apply_seen(game, action, viewer) -> Seen:
    """Apply an action to game (raises without change if illegal) and return what viewer sees."""
    seat = game.current_player
    a = game.apply(action)
    table = game.faction_ids
    i = len(game.record) - 1
    return seen(a, seat, receiver_of(game.record, game.record_seats, i, game.last_events, table),
                viewer_of(viewer, table), table,
                steal_pair(game.record, game.record_seats, i, game.last_events), face_up(game.last_events))


def hidden_ruin(factions) -> bool:
    """A ruin's items are dealt face down to the explorer: two Vagabonds sit at the table
    (LoR 9.7.3; with one, the item he finds goes face up onto his board)."""
    return VAGABOND2 in factions


def ruin_looker(record: list[int], seats: list[int], i: int) -> int:
    """The Vagabond who looks at the item record entry i turned up under a ruin (chance `ruin`):
    the seat of the `explore` before the entry's run of ruin outcomes; -1 for any other entry."""
    if not 0 <= i < len(record) or decode(record[i]).kind != "ruin":
        return -1
    j = i - 1
    while j >= 0 and decode(record[j]).kind == "ruin":
        j -= 1
    return seats[j] if j >= 0 and decode(record[j]).kind == "explore" else -1


def receiver_of(record: list[int], seats: list[int], i: int, evs, factions) -> int:
    """The seat a record entry shows a hidden thing to: the seat whose hand a draw grew (drawer),
    or with two Vagabonds the one looking at a ruin's item (ruin_looker); else -1."""
    if hidden_ruin(factions) and decode(record[i]).kind == "ruin":
        return ruin_looker(record, seats, i)
    if hidden_ruin(factions) and decode(record[i]).kind == "ruin_item":   # the Hundreds look at a razed
        return list(factions).index(HUNDREDS)                             # ruin's two (H-C17)
    return drawer(evs)


def steal_pair(record: list[int], seats: list[int], i: int, evs=()) -> tuple | None:
    """(taker, victim) when record entry i is a stolen card, else None: the Thief's Steal (the
    chance outcome right after his steal_from) or Stand and Deliver! (the taker is the seat that
    played it, the last seat to act before; the victim is the seat it targeted, else the one
    scoring the entry's VP, events evs: a seat's VP are always scored at two seats), or an
    extortion's (the entry's `extort` event names the Corvids and the victim, LoR 13.7.3). Only
    those two see the card (a third seat forgets what it knew of the victim's hand). The Brigand's
    steal (HIRE, E-38): the chance outcome right after the `brigand_steal` of its controller, whose
    first argument is the victim."""
    kind = decode(record[i]).kind if i > 0 else None
    if kind == "give":                  # Swap Meet's card given back: the pair of its card taken
        return steal_pair(record, seats, i - 1)
    if kind != "steal":
        return None
    extort = next((e for e in evs if e.kind == "extort"), None)
    if extort is not None:
        return (extort.seat, extort.arg)
    before = decode(record[i - 1])
    if before.kind in ("steal_from", "brigand_steal"):
        return (seats[i - 1], before.args[0])
    taker = next((seats[j] for j in range(i - 1, -1, -1) if seats[j] >= 0), None)
    victim = next((e.seat for e in evs if e.kind == "vp" and VP_REASONS[e.arg] == "steal"), None)
    if before.kind == "target":
        victim = before.args[0]
    elif before == ("use", (SWAP_MEET,)) and taker is not None:
        victim = 1 - taker              # two seats: the other one (at 3+ a `target` comes before)
    return None if taker is None or victim is None else (taker, victim)


def drawer(evs) -> int:
    """The seat an entry's draw event names as drawing, or the Alliance's for a draw onto the
    Supporters stack (-1 when the entry drew no card)."""
    return next((e.seat for e in evs if e.kind == "draw" or stack_draw(e)), -1)


def stack_draw(e) -> bool:
    """e: a card drawn from the deck onto the Supporters stack."""
    return e.kind == "supporter" and e.detail is not None and _core.SUPPORTER_HOWS[e.detail] == "drawn"


def events_seen(evs, viewer, factions: tuple[int, ...] = TWO_SEATS, pair: tuple | None = None) -> tuple:
    """Events (wyrm_ai/model/events.py) as viewer (at a table seating factions) may see them: a card
    drawn is named only to the seat that drew it; a card that goes face down onto the Supporters
    stack (outrage, mobilize, drawn) only to the Alliance and, for Outrage, the payer (the seat of
    the outrage event just before it); the card of the Vagabond's Aid only to him and the aided
    seat; a card Stand and Deliver! took (its VP event) only to the victim and the taker (pair,
    steal_pair: the victim only when pair is not given); a card the Tinker's Day Labor takes from
    the discard pile (a draw event with his clearing) to all; the type of a plot placed face down
    (`plot`'s arg) only to the Corvids (LoR 13.2.2.I); an Exposure's card (`expose`'s detail) only
    to the Corvids and the guesser (LoR 13.2.4); an extortion's card (`extort`'s detail) only to the
    Corvids and the victim (LoR 13.7.3); the referee sees every card. Every other card an event
    names was shown face up (a bot's order card, a card given to a bot)."""
    viewer = viewer_of(viewer, factions)
    if viewer == REFEREE:
        return tuple(evs)
    alliance, out, payer = is_alliance(viewer, factions), [], None
    corvids = is_corvids(viewer, factions)
    for e in evs:
        if e.kind == "outrage":
            payer = e.seat
        open_hand = public_hand(e.seat, factions)       # the Riverfolk's cards are face up (LoR 11.2.3)
        hide = ((e.kind == "draw" and viewer != e.seat and e.clearing < 0 and not open_hand)
                or (e.kind == "outrage" and not alliance and viewer != e.seat and (e.arg or 0) >= 0 and not open_hand)
                or (e.kind == "supporter" and not alliance and e.amount > 0
                    and _core.SUPPORTER_HOWS[e.detail] in HIDDEN_HOWS
                    and not (_core.SUPPORTER_HOWS[e.detail] == "outrage"
                             and (viewer == payer or public_hand(payer, factions)))))
        if (e.kind == "aid" and viewer not in (e.seat, e.arg) and factions[e.arg] not in BOTS
                and not public_hand(e.arg, factions)):
            # only giver and receiver see it (a card given to a bot is discarded face up)
            e = e._replace(detail=None)
        if (e.kind == "vp" and VP_REASONS[e.arg] == "steal" and viewer not in (pair or (e.seat,))
                and not public_between(pair or (e.seat,), factions)):
            e = e._replace(detail=None)
        if e.kind == "plot" and not corvids:
            e = e._replace(arg=None)
        if e.kind == "expose" and not corvids and viewer != e.seat and not open_hand:
            e = e._replace(detail=None)
        if e.kind == "extort" and viewer not in (e.seat, e.arg) and not public_between((e.seat, e.arg), factions):
            e = e._replace(detail=None)
        out.append(e._replace(arg=None) if hide else e)
    return tuple(out)


def record_seen(game, viewer) -> list[Seen]:
    """The whole record as viewer sees it, read from the events the game kept of each entry."""
    table = game.faction_ids
    viewer = viewer_of(viewer, table)
    record, seats = game.record, game.record_seats
    return [seen(a, seat, receiver_of(record, seats, i, evs, table), viewer, table,
                 steal_pair(record, seats, i, evs), face_up(evs))
            for i, (a, seat, evs) in enumerate(zip(record, seats, game.events))]


def seen_text(e: Seen, hidden: str = "?: draw ({})") -> str:
    """The record line of e (`W: eat F#anvil bite`); a draw the viewer does not see reads
    `hidden` filled in with the faction whose hand grew (the Alliance's, for a draw onto the
    Supporters stack)."""
    if e.action.kind == "draw" and e.action.args[0] is None:
        return hidden.format(names(e.factions)[e.receiver] if e.receiver >= 0 else "hidden")
    return record_text(e.action, e.seat, e.factions)
