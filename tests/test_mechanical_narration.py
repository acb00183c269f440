"""The Mechanical Marquise's turn in words (issue 14, items 2 and 4; wyrm_ai/model/narration.py,
wyrm_ai/model/redaction.py): its order card, each step of its Daylight told in one line with what it
did (repeats merged: a Recruit placing in two clearings is one line), Escalated Daylight, Expand,
Evening, its setup, Fortified and Hospitals; and every seat sees its events and its order card
(nothing of it is hidden: MM2 §5, §12)."""
from __future__ import annotations

import re

from wyrm_ai import _core
from wyrm_ai.model.actions import encode
from wyrm_ai.model.cards import card
from wyrm_ai.model.events import Event
from wyrm_ai.model.narration import narrate
from wyrm_ai.model.redaction import PUBLIC, REFEREE, events_seen, observe, record_seen, seen, seen_text

from test_mechanical_notation import random_bot_game

M3 = (0, 5, 4)          # Marquise, Mechanical Marquise (seat 1), Wyrm
BOT = 1
STEP = {name: i for i, name in enumerate(_core.MM_STEP_NAMES)}
WHY = {name: i for i, name in enumerate(_core.PLACE_WHYS)}
VP = {name: i for i, name in enumerate(_core.VP_REASONS)}
ANVIL = card("F#anvil").id


def ev(kind, clearing=-1, arg=-1, amount=0, detail=-1, seat=BOT, factions=M3) -> Event:
    return Event(kind, seat, clearing, arg, amount, detail, factions)


def step(name, escalated=0) -> Event:
    return ev("mm_step", arg=STEP[name], amount=escalated)


def place(c, n, why="recruit") -> Event:
    return ev("place", clearing=c - 1, arg=WHY[why], amount=n)


def move(a, b, n) -> Event:
    return ev("move", clearing=a - 1, arg=b - 1, amount=n)


# ---- each step in one line ------------------------------------------------------------------------

def test_mm2_4_5_2_a_recruit_in_two_clearings_is_one_line():
    """MM2 §4.5.2: Recruit splits its warriors over the ordered clearings it rules; the step and
    its placements are one sentence, alike amounts together."""
    assert narrate([step("recruit"), place(1, 2), place(6, 2)]) == [
        "Recruit: the Mechanical Marquise places 2 warriors in each of clearings 1 and 6."]
    assert narrate([step("recruit"), place(3, 2), place(5, 1), place(8, 1)]) == [
        "Recruit: the Mechanical Marquise places 2 warriors in clearing 3 and a warrior in each of "
        "clearings 5 and 8."]
    assert narrate([step("recruit")]) == ["Recruit: the Mechanical Marquise places no warrior."]


def test_mm2_7_escalated_steps_say_so():
    """MM2 §7 (a bird order): the Escalated steps are named Escalated."""
    assert narrate([step("recruit", 1), place(11, 2), place(12, 2)]) == [
        "Escalated Recruit: the Mechanical Marquise places 2 warriors in each of clearings 11 and 12."]
    assert narrate([step("build", 1), ev("build", clearing=4, arg=0)]) == [
        "Escalated Build: the Mechanical Marquise builds a sawmill in clearing 5."]


def test_mm2_4_5_1_battle_step_names_its_first_battle():
    """MM2 §4.5.1: the Battle step and its first battle are one line; later battles of the step
    read as any battle; a step with none says so."""
    assert narrate([step("battle"), ev("battle", clearing=2, arg=2)]) == [
        "Battle: the Mechanical Marquise attacks the Wyrm in clearing 3."]
    assert narrate([step("battle"), step("recruit"), place(1, 4)]) == [
        "Battle: the Mechanical Marquise has no battle to fight.",
        "Recruit: the Mechanical Marquise places 4 warriors in clearing 1."]


def test_mm2_4_5_3_and_4_5_4_build_and_moves_merged():
    """MM2 §4.5.3, §4.5.4: Build names the building; the moves of the Move step (one per origin,
    in priority order) are one line; an empty step says so."""
    assert narrate([step("build"), ev("build", clearing=6, arg=2)]) == [
        "Build: the Mechanical Marquise builds a recruiter in clearing 7."]
    assert narrate([step("move"), move(1, 5, 3), move(3, 7, 2)]) == [
        "Move: the Mechanical Marquise moves 3 warriors from clearing 1 to clearing 5 and 2 from "
        "clearing 3 to clearing 7."]
    assert narrate([step("build"), step("move")]) == [
        "Build: the Mechanical Marquise builds nothing.", "Move: the Mechanical Marquise moves no warrior."]


def test_mm2_9_blitz_is_its_move():
    """MM2 §9 Blitz: the step and its one move in a line."""
    assert narrate([step("blitz"), move(2, 6, 4)]) == [
        "Blitz: the Mechanical Marquise moves 4 warriors from clearing 2 to clearing 6."]


def test_mm2_5_the_order_card_and_what_it_asks():
    """MM2 §5: the order card revealed, its suit naming the clearings (a bird: Escalated
    Daylight); after an Expand (MM2 §4.5.5) a new order; the item it crafts scores 1 VP."""
    assert narrate([ev("order", arg=ANVIL), ev("vp", arg=VP["craft"], amount=1, detail=ANVIL)]) == [
        "The Mechanical Marquise's order is Anvil (fox): it acts in the fox clearings.",
        "Mechanical Marquise +1 VP: crafting Anvil."]
    bird = card("B#armorers").id
    assert narrate([ev("order", arg=bird)]) == [
        "The Mechanical Marquise's order is Armorers (bird): Escalated Daylight, in every clearing (a bird order)."]
    assert narrate([step("expand", 1)]) == [
        "Expand: the Mechanical Marquise built nothing this Daylight, so it discards its order card to reveal "
        "another and take Daylight again."]
    assert narrate([ev("order", arg=ANVIL, amount=1)])[0].startswith("The Mechanical Marquise's new order is Anvil")
    assert narrate([step("expand", 2)])[0].endswith("take Daylight again (2 Expands this turn).")


def test_mm2_11_evening_scores_its_ordered_track():
    """MM2 §11: Evening scores the ordered suit's track (a bird order: the best track); no VP,
    nothing scored; Nightmare's bonus (MM2 §8) follows."""
    assert narrate([step("evening"), ev("vp", arg=VP["mm_evening"], amount=2, detail=0)]) == [
        "Evening: Mechanical Marquise +2 VP: its sawmill track (fox order)."]
    assert narrate([step("evening"), ev("vp", arg=VP["mm_evening"], amount=3, detail=3)]) == [
        "Evening: Mechanical Marquise +3 VP: its best building track (a bird order)."]
    assert narrate([step("evening"), ev("vp", arg=VP["mm_bonus"], amount=1)]) == [
        "Evening: the Mechanical Marquise scores nothing.",
        "Mechanical Marquise +1 VP: the Nightmare difficulty's Evening bonus."]


def test_mm2_4_setup_garrison_and_starting_buildings():
    """MM2 §4: the garrison (one warrior in each clearing but the opposite corner, two at the
    Keep) in one line; a starting building."""
    garrison = [place(1, 2, "garrison")] + [place(c, 1, "garrison") for c in (2, 4, 5)]
    assert narrate(garrison) == [
        "The Mechanical Marquise garrisons the map: 2 warriors in clearing 1 and a warrior in each of "
        "clearings 2, 4 and 5."]
    assert narrate([ev("build", clearing=4, arg=0)]) == [
        "The Mechanical Marquise places its starting sawmill in clearing 5."]


def test_mm2_8_9_bonus_hospitals_fortified_and_losses():
    """MM2 §8 (Challenging's 2 more warriors), §9 Hospitals and Fortified, and its pieces lost."""
    assert narrate([place(3, 2, "bonus")]) == [
        "Its difficulty's bonus: the Mechanical Marquise places 2 warriors in clearing 3."]
    assert narrate([place(1, 2, "hospitals")]) == [
        "Hospitals: the Mechanical Marquise places 2 warriors in clearing 1 at its Keep."]
    fort = narrate([ev("fortified", clearing=2, arg=_core.PIECE_NAMES.index("sawmill"))])[0]
    assert fort.startswith("Fortified: the Mechanical Marquise's buildings in clearing 3") and "a sawmill" in fort
    assert narrate([ev("remove", clearing=2, arg=_core.PIECE_NAMES.index("sawmill"), amount=1, detail=0)]) == [
        "The Mechanical Marquise loses a sawmill in clearing 3."]
    assert narrate([ev("vp", arg=VP["gift"], amount=1, detail=ANVIL)]) == [
        "Mechanical Marquise +1 VP: Anvil given to it (a bot discards it)."]


def test_mm2_places_for_different_reasons_stay_apart():
    """A Recruit then Challenging's bonus (MM2 §8) are two lines: runs merge only alike reasons."""
    assert narrate([step("recruit"), place(1, 2), place(6, 2), place(1, 2, "bonus")]) == [
        "Recruit: the Mechanical Marquise places 2 warriors in each of clearings 1 and 6.",
        "Its difficulty's bonus: the Mechanical Marquise places 2 warriors in clearing 1."]


# ---- whole games ---------------------------------------------------------------------------------

def test_mm2_6_every_step_is_one_line_and_every_vp_is_told_in_games():
    """MM2 §6-§11 over seeded games at three and four seats with every option: each step of its
    turn is one line opening with the step's name, no two lines in a row tell the same kind of
    placement or move, and the VP it scores add up in the words."""
    headings = tuple(("Escalated " if e else "") + n.capitalize() + ":" for n in _core.MM_STEP_NAMES for e in (0, 1))
    steps = lines = 0
    for table, seed in ((("marquise", "mechanical-marquise", "wyrm"), 0),
                        (("mechanical-marquise", "eyrie", "alliance", "vagabond"), 1),
                        (("marquise", "mechanical-marquise", "wyrm"), 2)):
        g = random_bot_game(table, seed, max_actions=1500, mm_variant=seed % 2, mm_level=seed + 1, mm_traits=15)
        bot = g.seat_of("mechanical-marquise")
        for evs in g.events:
            told = narrate(evs)
            n_steps = sum(e.kind == "mm_step" for e in evs)
            assert sum(line.startswith(headings) for line in told) == n_steps, told
            steps += n_steps
            lines += len(told)
            for a, b in zip(told, told[1:]):
                for verb in ("places", "moves", "garrisons"):
                    assert not (a.startswith(f"The Mechanical Marquise {verb}")
                                and b.startswith(f"The Mechanical Marquise {verb}")), told
                assert not (a.startswith(("Move:", "Escalated Move:", "Recruit:", "Escalated Recruit:"))
                            and b.startswith(("The Mechanical Marquise moves", "The Mechanical Marquise places"))), told
            vp = sum(e.amount for e in evs if e.kind == "vp" and e.seat == bot)
            said = sum(int(m) for m in re.findall(r"Mechanical Marquise ([+-]\d+) VP", " ".join(told)))
            assert said == vp, (told, vp)
    assert steps > 20 and lines > steps


# ---- what each seat sees (redaction, item 4) ---------------------------------------------------

def test_mm2_5_every_seat_sees_the_order_card_and_the_bots_events():
    """MM2 §5: the order card is drawn face up: each seat's record shows `?: draw <card>` (not
    `#?`), and the events every seat and PUBLIC see hold every event of the bot, its order card
    named; a seat's observation holds the bot's board, its order and its public facts."""
    g = random_bot_game(("marquise", "mechanical-marquise", "wyrm"), 3, max_actions=400)
    bot = g.seat_of("mechanical-marquise")
    orders = [i for i, evs in enumerate(g.events) if any(e.kind == "order" for e in evs)]
    assert orders
    for viewer in (0, 1, 2, PUBLIC):
        rec = record_seen(g, viewer)
        for i in orders:
            assert rec[i].action.args[0] is not None and seen_text(rec[i]).startswith("?: draw ")
            assert "#?" not in seen_text(rec[i])
        for evs in g.events:
            shown = events_seen(evs, viewer, g.faction_ids)
            assert [e for e in shown if e.seat == bot] == [e for e in evs if e.seat == bot]
        d = observe(g.state, viewer)
        assert d["mm_order"] == g.state.to_dict()["mm_order"] and d["mechanical"]["on_map"] is not None
        assert d["mm_warriors"] == g.state.to_dict()["mm_warriors"]
    # a card drawn into a hand stays hidden from the other seats
    deal = record_seen(g, PUBLIC)[0]
    assert deal.action.kind == "draw" and deal.action.args[0] is None


def test_mm2_12_a_card_given_to_the_bot_is_public():
    """MM2 §12 (Poor Manual Dexterity): the Vagabond's Aid to the bot discards the card face up,
    so every seat sees it (an Aid to another player stays between the two)."""
    table = (0, 5, 3, 4)                     # Marquise, bot (1), Vagabond (2), Wyrm
    to_bot = encode("aid", 1, ANVIL, 5)
    to_cat = encode("aid", 0, ANVIL, 5)
    for viewer in (0, 3):
        assert seen(to_bot, 2, -1, viewer, table).action.args[1] == ANVIL
    assert seen(to_cat, 2, -1, 3, table).action.args[1] is None
    gift = Event("aid", 2, 4, 1, 1, ANVIL, table)
    other = Event("aid", 2, 4, 0, 1, ANVIL, table)
    assert events_seen([gift], 3, table)[0].detail == ANVIL
    assert events_seen([other], 3, table)[0].detail is None
    assert events_seen([gift], REFEREE, table)[0].detail == ANVIL
