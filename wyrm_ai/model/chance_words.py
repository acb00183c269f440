"""What a pending chance event asks of a person who supplies it at a real table (the engine's
`setoption chance external`, docs/protocol.md "Chance"): what to roll, draw or pick at random,
and for whom, in words. The outcomes themselves are the core's (`legal` lists them); this only
says what they are."""
from __future__ import annotations

from wyrm_ai import _core
from wyrm_ai.model import factions
from wyrm_ai.model.actions import decode
from wyrm_ai.model.bot_options import BotOptions
from wyrm_ai.model.game import Game
from wyrm_ai.model.redaction import PUBLIC_HANDS

BOT = factions.TITLES[factions.MECHANICAL]


def _places(numbers) -> str:
    """'1', '1 or 5', '1, 5 or 9'."""
    names = [str(n) for n in numbers]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]


def _keep(game, outs, d):
    corners = [a.args[0] + 1 for a in outs]
    return (f"The {BOT} places its Keep in a random corner clearing that holds no other "
            f"faction's pieces (MM2 §4): pick one of {_places(corners)} at random.")


def _setup_build(game, outs, d):
    building = _core.BUILDING_NAMES[outs[0].args[0]]
    dc = BotOptions.of_state(d).variant_name == "dc"          # the DC: never the Keep's own clearing
    where = "next to its Keep" + ("" if dc else " or in the Keep's clearing")
    clearings = [a.args[1] + 1 for a in outs]
    return (f"The {BOT} places its starting {building} in a random clearing {where}, one "
            f"building a clearing (MM2 §4): pick one of {_places(clearings)} at random.")


def _order(game, outs, d):
    what = "another order card (Expand)" if d["mm_repeats"] > 0 else "its order card"
    return f"The {BOT} reveals the top card of the deck as {what} (MM2 §5): which card is it?"


def _hit(game, outs, d):
    types = [_core.PIECE_NAMES[a.args[0]] for a in outs]
    clearing = d["battle"]["clearing"] + 1
    return (f"A hit removes one of the {BOT}'s buildings in clearing {clearing}, of a type "
            f"picked at random (MM2 §2.1): pick {_places(types)} at random.")


def _roll(game, outs, d):
    b = d["battle"]
    return (f"Roll the two battle dice in clearing {b['clearing'] + 1}: the {game.title(b['attacker'])} "
            f"attacks the {game.title(b['defender'])}; the higher die is the attacker's (LoR 4.3.2).")


def _draw(words):
    return lambda game, outs, d: f"{words.format(turn=game.title(d['turn']))}: which card is it?"


def _draft_card(game, outs, d):
    cards = ", ".join(factions.LETTERS[a.args[0]] + " " + factions.TITLES[a.args[0]] for a in outs)
    first = not d["draft_pool"]
    return ("Deal a faction card face up to the draft (LoR 16.1.8.1): "
            + ("the first is a militant one, shuffled apart; " if first else "")
            + f"which is it? 'draft C' for the Marquise ({cards}).")


def _draft_character(game, outs, d):
    return ("Deal a random character card face up beside the Vagabond card (LoR 16.1.8.1.3): whoever "
            "chooses it plays that character. Which is it? 'draft #ranger' for the Ranger ("
            + ", ".join(_core.CHARACTER_NAMES[a.args[0]] for a in outs) + ").")


def _victim(game, d) -> str:
    """The seat an extortion takes a card from next: the lowest of its victims left (corvids.pxi)."""
    left = d["extort_left"]
    return game.title((left & -left).bit_length() - 1) if left else "victim"


def _razed(d) -> str:
    """The ruin a Raze takes an item from next: the lowest razed clearing left (hundreds.pxi)."""
    left = d["raze_left"]
    return f"clearing {(left & -left).bit_length()}" if left else "a mob's clearing"


def _relic_setup(game, outs, d) -> str:
    """A setup relic (LoR 15.3.1, 15.3.4; I-C10): its type drawn from those left, its forest the next
    without one, then one of the eligible forests holding the fewest."""
    forests = sorted({a.args[0] for a in outs})
    names = _core.MAPS[_core.MAP_NAMES[d["map"]]]["forest_names"]
    left = [sum(1 for r in range(t * 4, t * 4 + 4) if d["relic_at"][r] < 0) for t in range(3)]
    types = ", ".join(f"{n} {_core.RELIC_TYPE_NAMES[t]}{'s' if n > 1 and t < 2 else ''}" for t, n in enumerate(left) if n)
    where = (f"the forest {names[forests[0]]}" if len(forests) == 1
             else "one of the forests " + _places(names[f] for f in forests) + " at random")
    return (f"The Keepers' setup (LoR 15.3.1, 15.3.4): a relic drawn face down at random from those left "
            f"({types}) goes to {where}. Which type, and where? 't_f->{names[forests[0]]}' for a figure "
            f"(t_t a tablet, t_j jewelry).")


def _relic_value(game, outs, d) -> str:
    """A delved relic's flip (LoR 15.5.2.II.a; I-C1): a value of its type not yet face up."""
    r = d["delve_relic"]
    kind = _core.RELIC_TYPE_NAMES[r // 4] if r >= 0 else "relic"
    values = _places(a.args[0] + 1 for a in outs)
    return (f"The Keepers delve a face-down {kind} into clearing {d['act_at'] + 1} and turn it face up "
            f"(LoR 15.5.2.II.a): its value is one of the {kind} values not yet face up ({values}). Which is "
            "it? 'value 3' for 3.")


def _control_die(game, outs, d) -> str:
    """The control die (LoR 16.4.1.2; E-8): rolled for a hireling just gained; the player with the
    most VP (or tied for it) counts only its gold pips. The faces are the core's (CONTROL_DIE)."""
    i, roller = d["hr_now"], d["hr_roller"]
    side = _core.HIRELING_NAMES[d["hr_kind"][i]].replace("-", " ").title() if i >= 0 else "a hireling"
    who = game.title(roller) if roller >= 0 else "its new controller"
    faces = ", ".join(f"{n} {pips} pip{'s' if pips != 1 else ''} ({gold} gold)"
                      for n, (pips, gold) in enumerate(_core.CONTROL_DIE, 1))
    return (f"The {who} roll{'' if who.endswith('s') else 's'} the control die for {side} (LoR 16.4.1.2): its "
            "pips are control markers, only the gold ones for a player with the most VP. Which face shows? "
            f"'control 3' for face 3 (faces: {faces}).")


def _brigand_item(game, outs, d) -> str:
    """The Brigand's ruin (E-37): its one item, drawn from the pool under the ruins not yet explored."""
    at = d["hr_at"]
    where = f"the ruin in clearing {at + 1}" if at >= 0 else "a ruin"
    items = _places(_core.VITEM_NAMES[a.args[0]] for a in outs)
    return (f"The Brigand (E-37): the {game.title(d['turn'])} take{'' if game.title(d['turn']).endswith('s') else 's'} "
            f"the item of {where}, which leaves the map. Which item lies under it ({items})? 'raze %s' for a "
            "sword.")


def _brigand_card(game, outs, d) -> str:
    """The Brigand's steal (E-38): a random card of the victim's hand (the state's target)."""
    victim = game.title(d["target"]) if d["target"] >= 0 else "chosen player"
    taker = game.title(d["turn"])
    face_up = d["target"] >= 0 and d["seat_faction"][d["target"]] in PUBLIC_HANDS   # the Riverfolk's (LoR 11.2.3)
    return (f"The Brigand (E-38): the {taker} take{'' if taker.endswith('s') else 's'} a random card from the "
            f"{victim}'s hand{'' if face_up else ', seen by the two of them only'}. Which card is it? "
            "'steal F#anvil' for Anvil.")


QUESTIONS = {
    "draft_deal": _draft_card,
    "draft_character": _draft_character,
    "mechanical_keep": _keep,
    "mechanical_setup_build": _setup_build,
    "mechanical_order": _order,
    "battle_hits": _hit,                # a chance step only for the bot's buildings
    "battle_roll": _roll,
    "deal": _draw("A card of the opening hands is dealt from the deck (LoR 5.1.3)"),
    "evening_draw": _draw("The {turn} draws a card from the deck in Evening"),
    "card_draw": _draw("A card is drawn from the deck for the {turn}"),
    "supporter_draw": _draw("A card is drawn from the deck onto the Alliance's Supporters stack"),
    "steal": lambda game, outs, d: ("Stand and Deliver! takes a random card from the chosen hand (from "
                                    "a bot, the deck's top card): which card is it?"),
    "vagabond_steal": lambda game, outs, d: ("The Thief steals a random card from the chosen hand (from "
                                             "a bot, the deck's top card): which card is it?"),
    "quest_draw": lambda game, outs, d: "A new quest is turned up from the quest deck: which quest?",
    "ruin": lambda game, outs, d: (f"The {game.title(d['vb_acting']) if d.get('vb_acting', -1) >= 0 else 'Vagabond'} explores a ruin: which item lies under it?"
                                   + (" (with two Vagabonds a ruin holds two, seen by him alone: LoR 9.7.3)"
                                      if "vagabond2" in game.factions else "")),
    "faithful": lambda game, outs, d: ("Fear of the Faithful (LoR 10.2.5): a garden was removed, so the Lizard Cult "
                                       "discard a random card of their hand, face up. Which card is it? "
                                       "'faithful F#anvil' for Anvil."),
    "failure_discard": lambda game, outs, d: ("The Price of Failure (LoR 12.2.3): a Duchy building was removed, so "
                                              "the Duchy discard a random card of their hand. Which card is it? "
                                              "'F#anvilD->' for Anvil."),
    "extortion": lambda game, outs, d: (f"An extortion (LoR 13.7.3): the Corvids flipped it face up, so they take a "
                                        f"random card from the {_victim(game, d)}'s hand (from a bot, the deck's top "
                                        "card). Which card is it? 'steal F#anvil' for Anvil."),
    "mob_die": lambda game, outs, d: ("The mob die (LoR 14.4.1; Jubilant's rolls, 14.7.3): a mob spreads to a "
                                      "clearing of the suit it shows, with no mob, next to a mob. Which suit does "
                                      "it show? 'mob_die F' for fox (R rabbit, M mouse)."),
    "raze_ruin": lambda game, outs, d: (f"The Hundreds raze the ruin in {_razed(d)} (LoR 14.4.1): they take an item "
                                        "from it into their Hoard. Which item lies under it? 'raze %s' for a sword."),
    "relic_setup": _relic_setup,
    "relic_value": _relic_value,
    "control_die": _control_die,
    "brigand_item": _brigand_item,
    "brigand_card": _brigand_card,
    "vagabond_order": lambda game, outs, d: ("Which Vagabond sets up first (LoR 9.7)? 'first V' the Vagabond, "
                                             "'first G' the Second Vagabond."),
}


def question(game: Game) -> str | None:
    """The words for the chance event game waits for (None when it waits for no chance event)."""
    if not game.is_chance_node():
        return None
    outs = [decode(a) for a, _ in game.chance_outcomes()]
    ask = QUESTIONS.get(game.step)
    if ask is None:
        return f"A chance event ({game.step}): give one of the outcomes legal lists."
    return ask(game, outs, game.state.to_dict())
