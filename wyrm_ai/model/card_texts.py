"""What each card does, in words: one row per card token of wyrm_ai/model/cards.py (the standard
deck of /work/shared/reference/root-base-rules.md 2.1, "Effect" column, with the Wyrm's rulings
where they apply; the Exiles & Partisans deck's own cards of root-maps-and-decks.md §3). Display
text only: the rules themselves live in the core (card_effects.pxi, ep_cards.pxi, battle.pxi,
rules.pxi); tests/test_play_flow.py checks every card of the deck has a row."""
from __future__ import annotations

_AMBUSH = "played by the defender at the start of a battle: 2 hits before the roll (the attacker " \
          "may foil it with an ambush card of its own)"
_DOMINANCE = "not crafted; spent as a card of its suit (dominance victories are not used with two players)"
_FAVOR = ("remove all enemy pieces in every {} clearing; you score 1 VP per building and token "
          "removed (the Wyrm's pawn goes to a forest, W-MP-5)")

CARD_TEXTS = {
    "B#ambush": _AMBUSH.replace("at the start", "in any clearing at the start"),
    "F#ambush": _AMBUSH.replace("at the start", "in a fox clearing at the start"),
    "R#ambush": _AMBUSH.replace("at the start", "in a rabbit clearing at the start"),
    "M#ambush": _AMBUSH.replace("at the start", "in a mouse clearing at the start"),
    "B#dominance": _DOMINANCE,
    "F#dominance": _DOMINANCE,
    "R#dominance": _DOMINANCE,
    "M#dominance": _DOMINANCE,
    "B#armorers": "in a battle, discard it to ignore all rolled hits you would take",
    "B#sappers": "as defender in a battle, discard it to deal 1 extra hit",
    "B#brutaltactics": "as attacker in a battle, you may deal 1 extra hit; the defender then scores 1 VP",
    "B#royalclaim": "in Birdsong, discard it to score 1 VP per clearing you rule",
    "F#standanddeliver": ("in Birdsong, you may take a random card from the other player's hand; "
                          "that player scores 1 VP"),
    "F#taxcollector": "once in Daylight, you may remove 1 of your warriors from the map to draw 1 card",
    "R#betterburrowbank": "at the start of your Birdsong, you and the other player each draw 1 card",
    "R#cobbler": "at the start of your Evening, you may take one move",
    "R#commandwarren": "at the start of your Daylight, you may start one battle",
    "M#codebreakers": "once in Daylight, you may look at the other player's hand",
    "M#scoutingparty": "as attacker, ambush cards cannot be played against you",
    "F#favorofthefoxes": _FAVOR.format("fox"),
    "R#favoroftherabbits": _FAVOR.format("rabbit"),
    "M#favorofthemice": _FAVOR.format("mouse"),
    # the Exiles & Partisans deck's own cards (root-maps-and-decks.md §3; docs/ep-deck.md: the
    # readings where the printed text leaves a question)
    "B#saboteurs": ("at the start of your Birdsong, you may discard it to discard a persistent card an "
                    "enemy has crafted"),
    "B#soupkitchens": "your tokens count toward rule, each token counting twice",
    "B#boatbuilders": "you treat rivers as paths",
    "B#corvidplanners": "when you move, you ignore rule",
    "B#eyrieemigre": ("at the end of your Birdsong, take a move, then start a battle in the clearing you "
                      "moved into; if you do not take both, discard this card"),
    "F#foxpartisans": ("in a battle in a fox clearing, you may deal 1 extra hit; then discard every card in "
                       "your hand that is not a fox card (birds too)"),
    "R#rabbitpartisans": ("in a battle in a rabbit clearing, you may deal 1 extra hit; then discard every "
                          "card in your hand that is not a rabbit card (birds too)"),
    "M#mousepartisans": ("in a battle in a mouse clearing, you may deal 1 extra hit; then discard every card "
                         "in your hand that is not a mouse card (birds too)"),
    "F#propagandabureau": ("once in Daylight, you may spend a card to remove an enemy warrior from a clearing "
                           "of its suit and place one of your warriors there"),
    "F#falseorders": ("in Birdsong, you may discard it to move half (rounded up) of an enemy's warriors in one "
                      "clearing, as if you were that player, ignoring rule"),
    "F#informants": ("in Evening, when you would draw cards, you may instead take one ambush card from the "
                     "discard pile"),
    "R#tunnels": "you treat clearings holding any of your crafting pieces as adjacent",
    "R#charmoffensive": ("at the start of your Evening, you may draw a card; then another player of your "
                         "choice scores 1 VP"),
    "R#swapmeet": ("once in Birdsong, you may take a random card from another player's hand, then give "
                   "that player a card"),
    "R#coffinmakers": ("whenever any warriors would return to a supply, place them on this card instead; at "
                       "the start of your Birdsong, score 1 VP per five warriors here, then return them all "
                       "to their supplies"),
    "M#leagueofadventurousmice": ("once in Daylight, you may exhaust an item in your Crafted Items box to "
                                  "take a move or start a battle"),
    "M#murinebroker": "whenever another player crafts an item, you draw a card",
    "M#masterengravers": "whenever you craft an item, you score 1 extra VP",
}

# at three or four seats these cards read otherwise: dominance victories are in play (LoR 3.3),
# and "the other player" is one of several (issue 28: texts true at every table)
MANY_SEATS = {
    **{f"{x}#dominance": ("at 10 or more VP, activate it in Daylight: your score marker leaves the track and "
                          "you win at the start of your Birdsong if you rule "
                          + ("two opposite corners" if x == "B" else f"3 {suit} clearings")
                          + "; or spend it as a card of its suit")
       for x, suit in (("B", "bird"), ("F", "fox"), ("R", "rabbit"), ("M", "mouse"))},
    "F#standanddeliver": ("in Birdsong, you may take a random card from another player's hand; "
                          "that player scores 1 VP"),
    "R#betterburrowbank": "at the start of your Birdsong, you and another player of your choice each draw 1 card",
    "M#codebreakers": "once in Daylight, you may look at another player's hand",
}


def card_text(token: str, seats: int = 2) -> str:
    """What a card (not an item) does at a table of that many seats."""
    return MANY_SEATS.get(token, CARD_TEXTS[token]) if seats > 2 else CARD_TEXTS[token]

