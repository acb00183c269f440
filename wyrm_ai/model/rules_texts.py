"""Each faction's rules in words, for `rules FACTION` in `wyrm play`: what the faction does each
turn, its actions with the notation that takes them, and its special abilities, every line
citing the rules it restates -- the Law of Root section (LoR 6.5, ...) for the base factions,
the W-... clause of docs/wyrm-rules.md for the Wyrm (itself from the Wyrm's
Law, seeds/voracious-wyrm-law.txt), the MM2 section for the Mechanical Marquise.

Display text only: the rules themselves live in the core; docs/wyrm-rules.md is the Wyrm's page
for players. RULES is keyed by faction id (wyrm_ai/model/factions.py); rules_text() lays a faction's
rules out in lines of a given width."""
from __future__ import annotations

import textwrap

from wyrm_ai.model.factions import (ALLIANCE, CORVIDS, DUCHY, EYRIE, HUNDREDS, KEEPERS, LIZARDS, MARQUISE, MECHANICAL, NAMES, RIVERFOLK, TITLES, VAGABOND,
                                    VAGABOND2, WYRM)

# a faction's rules: (where they come from, [(heading, [(citation, text)])])
RULES = {
    WYRM: ("the Voracious Wyrm's Law (seeds/voracious-wyrm-law.txt, VW.2-VW.7), clause by clause in "
           "the project's rules page (W-... ids; docs/wyrm-rules.md)", [
        ("Pieces", [
            ("W-SUP-1", "the Wyrm pawn, 8 wyrmlings (its warriors), 8 fear tokens (scared side / cowed side), "
                        "3 treasure items and 6 Growth markers."),
            ("W-SUP-2", "the faction board: three ability tracks, Bite, Height and Might (2 spaces each), "
                        "and the Growth track (6 spaces). Every Growth marker sits on exactly one of them."),
            ("W-SUP-4", "the Lair holds items: treasure from Hoard and every item the Wyrm crafts (W-CRAFT-2)."),
        ]),
        ("Bite, Height and Might: the ability tracks", [
            ("W-BITE-1", "Bite: the Wyrm battles 1 time a turn, +1 per Growth marker gone from Bite."),
            ("W-HEIGHT-1", "Height: the Wyrm moves 1 time a turn, +1 per Growth marker gone from Height."),
            ("W-MIGHT-1", "Might: Intimidate places 1 wyrmling, +1 per Growth marker gone from Might "
                          "(fewer if it likes; the supply limits it)."),
            ("W-ACT-EAT", "Growth markers leave these tracks only by Eat; a turn in a forest puts one back "
                          "(W-BIRD-2). The board shows Bite/Height/Might as the battles, moves and wyrmlings "
                          "they give."),
        ]),
        ("Birdsong", [
            ("W-BIRD-1", "Intimidate (`2w->5`): each scared fear token turns to its cowed side and Might's "
                         "wyrmlings are placed in its clearing."),
            ("W-BIRD-2", "if the pawn is in a forest: return a Growth marker from the track to a track "
                         "(`return bite`), move the pawn to a clearing next to the forest ignoring rule, "
                         "and skip Daylight."),
        ]),
        ("Daylight: craft first, then each action once, in any order (W-DAY-1, W-DAY-2)", [
            ("W-CRAFT-1", "craft (`ZF#anvil`): each fear token, either side up, is a crafting piece of its "
                          "clearing's suit, once a turn; a crafted item goes to the Lair (W-CRAFT-2)."),
            ("W-ACT-FEAR", "fear (`t->5`): if the pawn's clearing has no fear token, place one there, "
                           "scared side up."),
            ("W-ACT-TERROR", "terror (`terror Cw5->1`, `terror Ww5->1`): in each clearing with a fear token "
                             "the Wyrm may make one player (itself too) move one of its warriors to an "
                             "adjacent clearing the Wyrm picks, ignoring rule; pawns never (W-MP-3: the Wyrm "
                             "pays any Outrage)."),
            ("W-ACT-EAT", "eat (`eat F#anvil bite`): if the Wyrm rules the pawn's clearing, spend a card of its "
                          "suit (birds are wild, W-DAY-3) to move a Growth marker from Bite, Height or Might "
                          "to the leftmost empty space of the Growth track: more battles, moves or wyrmlings "
                          "from now on, a bigger Lair cap and more cards in Evening."),
            ("W-ACT-HOARD", "hoard (`hoard 5 F#anvil`): for each clearing the Wyrm rules that holds a cowed fear "
                            "token, spend a card of its suit to put a treasure from supply in the Lair."),
            ("W-ACT-MOVE", "move (`2w5->1`, `p5->1`, `(p+2w)5->1`): as often as Height allows; the pawn moves "
                           "as a pawn with any wyrmlings (W-MON-2), by the usual rule requirement."),
            ("W-ACT-BATTLE", "battle (`XC5`): as often as Bite allows."),
        ]),
        ("Evening", [
            ("W-EVE-1", "score the Lair: 1 VP per item in it, at most the cap printed on the rightmost "
                        "covered space of the Growth track (caps 1 2 2 3 4 5, W-EVE-2); nothing with an "
                        "empty Growth track."),
            ("W-EVE-3", "draw 1 card, +1 per pair of Growth markers on the Growth track; discard down to 5."),
        ]),
        ("The pawn, battle and the Lair", [
            ("W-MON-1", "Monstrous: the pawn counts as three warriors for rule and for capping the hits "
                        "the Wyrm rolls."),
            ("W-PY-1", "Pythonic: a hit on the Wyrm where the pawn is may go to a wyrmling or to the pawn."),
            ("W-PY-2", "a hit on the pawn removes a Lair item of the Wyrm's choice (a treasure goes back "
                       "to supply); each treasure lost while defending scores 1 VP for the attacker (W-PY-3)."),
            ("W-FOREST-1", "with an empty Lair, a hit on the pawn (or a Favor, a Revolt) sends it to an "
                           "adjacent forest instead: it never leaves the map."),
            ("W-RAV-1", "Ravenous: each rolled hit the Wyrm deals to enemy pieces lets it ignore one hit "
                        "dealt to it in the same battle; ambush hits cannot be ignored (W-RAV-2)."),
            ("W-PY-5", "fear tokens take hits only when no wyrmling and no pawn is left there; removing one "
                       "scores 1 VP for the remover."),
        ]),
    ]),
    MARQUISE: ("the Law of Root, section 6 (the Marquise de Cat)", [
        ("Setup", [
            ("LoR 6.3", "the Keep in a corner, a warrior in every clearing but the opposite corner, a "
                        "sawmill, a workshop and a recruiter at or next to the Keep."),
        ]),
        ("Abilities", [
            ("LoR 6.2.1", "crafts with workshops, each once a turn, of its clearing's suit."),
            ("LoR 6.2.2", "the Keep: only the Marquise places pieces in the Keep's clearing."),
            ("LoR 6.2.3", "Field Hospitals: when her warriors are removed, spend a card of their clearing's "
                          "suit to put them in the Keep's clearing instead."),
        ]),
        ("Birdsong", [
            ("LoR 6.4", "place a wood token at each sawmill (`w->5`)."),
        ]),
        ("Daylight: craft, then 3 actions (+1 per bird card spent)", [
            ("LoR 6.5", "battle (`XW5`)."),
            ("LoR 6.5", "march: two moves (`2w5->1`)."),
            ("LoR 6.5", "recruit: a warrior at each recruiter, once a turn (`recruit`)."),
            ("LoR 6.5", "build (`b_s->5`): in a clearing she rules, paying wood from connected clearings she "
                          "rules; score the VP the track uncovers."),
            ("LoR 6.5", "overwork: spend a card of a sawmill's clearing for a wood there."),
        ]),
        ("Evening", [
            ("LoR 6.6", "draw 1 card, +1 per draw bonus uncovered on the recruiters track; discard down to 5."),
        ]),
    ]),
    EYRIE: ("the Law of Root, section 7 (the Eyrie Dynasties)", [
        ("Abilities", [
            ("LoR 7.2.1", "crafts with roosts, before the Decree resolves."),
            ("LoR 7.2.2", "Lords of the Forest: the Eyrie rule a clearing where they tie for most pieces."),
            ("LoR 7.2.3", "Disdain for Trade: a crafted item scores 1 VP (not under the Builder)."),
        ]),
        ("Birdsong", [
            ("LoR 7.4", "an empty hand draws a card; add 1 or 2 cards to the Decree (at most one bird); with "
                        "no roost on the map, A New Roost."),
        ]),
        ("Daylight: craft, then resolve the Decree", [
            ("LoR 7.5.2", "each card is one action in a clearing of its suit, column by column: Recruit, "
                          "Move, Battle, Build (a roost)."),
            ("LoR 7.7", "Turmoil when a card cannot be carried out: lose 1 VP per bird card in the Decree, "
                        "discard it but the Viziers, change leader, end Daylight."),
            ("LoR 7.8", "leaders: Builder, Charismatic (recruits 2), Commander (+1 hit attacking), "
                        "Despot (+1 VP a battle removing a building or token)."),
        ]),
        ("Evening", [
            ("LoR 7.6", "score the roost track (by roosts on the map); draw 1 + bonuses; discard to 5."),
        ]),
    ]),
    ALLIANCE: ("the Law of Root, section 8 (the Woodland Alliance)", [
        ("Abilities", [
            ("LoR 8.2.1", "crafts with sympathy tokens."),
            ("LoR 8.2.2", "Guerrilla War: defending, the Alliance deal the higher die."),
            ("LoR 8.2.3", "the Supporters stack, spent only for its suits (birds wild); 5 at most with no base."),
            ("LoR 8.2.6", "Outrage: whoever removes a sympathy token or moves warriors into a sympathetic "
                          "clearing gives the Alliance a card of its suit (or shows a hand without one)."),
        ]),
        ("Birdsong", [
            ("LoR 8.4.1", "Revolt (`revolt 5`): in a sympathetic clearing, spend 2 supporters of its suit; "
                          "remove every enemy piece there and place the base, warriors and an officer."),
            ("LoR 8.4.2", "Spread Sympathy (`t->5`): next to sympathy, spend supporters (+1 under Martial "
                          "Law: 3 warriors of one player there); score the track."),
        ]),
        ("Daylight", [
            ("LoR 8.5", "craft; Mobilize (a hand card to the stack); Train (spend a card of a base's suit "
                        "for an officer)."),
        ]),
        ("Evening", [
            ("LoR 8.6.1", "one military operation per officer: move, battle, recruit at a base, Organize "
                          "(an unsympathetic clearing's warrior becomes sympathy)."),
            ("LoR 8.6", "draw 1 card, +1 per base on the map; discard to 5."),
        ]),
    ]),
    VAGABOND: ("the Law of Root, section 9 (the Vagabond) and 16.3 (the characters)", [
        ("Abilities", [
            ("LoR 9.2.2", "Lone Wanderer: the pawn is no warrior, never rules and is never removed."),
            ("LoR 9.2.3", "Nimble: he moves ignoring rule."),
            ("LoR 9.2.4", "defenseless without an undamaged sword; a hit damages one of his items."),
            ("LoR 9.2.9", "relationships: Aid improves them; removing a faction's warrior makes it Hostile "
                          "(moving into its warriors costs an extra boot; Infamy scores)."),
        ]),
        ("Birdsong", [
            ("LoR 9.4", "Refresh 3 items (+2 per face-up tea); Slip to an adjacent clearing or forest."),
        ]),
        ("Daylight: each action exhausts items", [
            ("LoR 9.5", "move (boots: 1, 2 into a clearing with Hostile warriors)."),
            ("LoR 9.5", "battle (a sword); explore a ruin (a torch, 1 VP); aid (any item and a card of "
                          "his clearing's suit); quest (the two items it names); strike (a crossbow); "
                          "repair (a hammer); craft (hammers); the character's special action (a torch)."),
        ]),
        ("Evening", [
            ("LoR 9.6", "in a forest, repair everything; draw 1 + 1 per face-up coin; discard to 5; items "
                        "over 6 + 2 per face-up bag are removed."),
        ]),
        ("The characters' special actions", [
            ("LoR 16.3.1-3", "Thief: steal a random card (torch). Tinker: Day Labor, a card of his "
                             "clearing's suit from the discard pile (torch). Ranger: Hideout, repair 3 items "
                             "and end Daylight (torch)."),
            ("LoR 16.3.4", "Vagrant: Instigate (torch), a battle in his clearing between two others he "
                           "names; he removes both sides' pieces and scores what they lose."),
            ("LoR 16.3.5", "Arbiter: Protector, a defender in his clearing may enlist him before the roll "
                           "(his undamaged swords raise its rolled hits; he scores 1)."),
            ("LoR 16.3.6", "Scoundrel: Scorched Earth (torch placed), every enemy piece in his clearing "
                           "removed; nothing is placed in or moved into it again."),
            ("LoR 16.3.7-9", "Adventurer: Improvise, once a turn an item stands in for a quest's "
                             "(and is damaged). Ronin: Swift Strike, a sword exhausted after the roll for "
                             "an extra hit. Harrier: Glide (torch), the pawn alone to any clearing."),
        ]),
        ("Two Vagabonds (vagabond named twice)", [
            ("LoR 9.7.1", "both \"R\" sets, two random items under each ruin; a random Vagabond sets up "
                          "first, then the other (one character card each)."),
            ("LoR 9.7.2", "the three face-up quests are shared: either may complete any."),
            ("LoR 9.7.3", "exploring a ruin of two, he looks at both and takes one or none (none: no VP, "
                          "the torch still spent); never an \"R\" item of a kind he already took from a "
                          "ruin. What he left is known to him only."),
            ("LoR 9.3.6", "relationship markers are for the other factions: the two are plain enemies, "
                          "and (our readings, docs/characters.md) give no Aid to each other; a player is "
                          "in one coalition at most."),
        ]),
    ]),
    MECHANICAL: ("the Mechanical Marquise 2.0 (the Clockwork bot's rules; docs: MM2 sections)", [
        ("It never decides", [
            ("MM2 §5", "Birdsong: it reveals the top card of the deck as its order card; the suit says where "
                       "it acts."),
            ("MM2 §6", "Daylight, in order: battle, recruit, build, move in the order's clearings; a bird "
                       "order is Escalated Daylight (§7)."),
            ("MM2 §11", "Evening: it scores the building track of its order's suit."),
        ]),
    ]),
}
RULES[LIZARDS] = ("the Law of Root, section 10 (the Lizard Cult; docs/riverfolk-lizards.md)", [
    ("Faction rules", [
        ("LoR 10.2.1", "crafting in Evening, with gardens whose suit is the Outcast."),
        ("LoR 10.2.2", "Hatred of Birds: birds are not wild for rituals (they are for crafting and Outrage)."),
        ("LoR 10.2.3", "Revenge: a Cult warrior removed while defending in battle goes to the Acolytes box."),
        ("LoR 10.2.4", "Pilgrims: the Cult rule every clearing with one of their gardens, whatever the counts "
                       "(over Lords of the Forest)."),
        ("LoR 10.2.5", "Fear of the Faithful: each garden removed costs the Cult a random card."),
        ("LoR 10.2.6", "Lost Souls: every card any player spends or discards goes to the Lost Souls pile."),
    ]),
    ("Birdsong", [
        ("LoR 10.4.1", "Adjust Outcast: the suit with the most Lost Souls (birds ignored) becomes the Outcast; "
                       "the same suit again, a tie or an empty pile: the marker flips to Hated."),
        ("LoR 10.4.2", "Discard Lost Souls to the discard pile (dominance cards become available only now)."),
        ("LoR 10.4.3", "Conspiracies in Outcast clearings, spending acolytes (Hated: one fewer each): Crusade 2 "
                       "(battle there, or move out and battle where you moved), Convert 2 (an enemy warrior "
                       "becomes yours), Sanctify 3 (an enemy building becomes a garden; 1 VP)."),
    ]),
    ("Daylight and Evening", [
        ("LoR 10.5", "Reveal cards for rituals (no birds but Sacrifice): Build a garden in a ruled clearing "
                     "of the suit, Recruit a warrior in a clearing of the suit, Score (spend the card: the "
                     "VP above the track's rightmost empty space; once per suit), Sacrifice (a bird: a warrior "
                     "to the Acolytes)."),
        ("LoR 10.6", "Return revealed cards, craft, draw one plus one per suit with two or more gardens."),
    ]),
])
RULES[RIVERFOLK] = ("the Law of Root, section 11 (the Riverfolk Company; docs/riverfolk-lizards.md)", [
    ("Faction rules", [
        ("LoR 11.2.1", "crafting in Daylight by committing funds onto empty crafting spaces of the cost's suits; "
                       "each trade post placed uncovers one (it stays if the post is removed)."),
        ("LoR 11.2.2", "Swimmers: rivers are paths for the Riverfolk, who move along them whoever rules "
                       "either end (a move along a path still needs rule)."),
        ("LoR 11.2.3", "Public Hand: the Riverfolk's hand is face up for everyone."),
        ("LoR 11.2.4", "Funds: the warriors, of any faction, in the Funds box. A fund committed waits in "
                       "Committed until the next Birdsong; a fund spent goes back to its owner's supply."),
        ("LoR 11.2.5", "trade posts score when placed. Trade Disruption: when one is removed (its remover "
                       "scores 1 VP), the Riverfolk lose half their funds, rounded up, and the post leaves the game."),
    ]),
    ("Services: every other player may buy them at the start of its Birdsong", [
        ("LoR 11.2.6", "the buyer pays each service's price in warriors from its supply into Payments (the "
                       "Vagabond exhausts that many items and the Riverfolk place their own warriors); it may "
                       "buy one service, plus one per clearing with a trade post and its own pieces."),
        ("LoR 11.2.7.I", "Hand Card: take any card from the Riverfolk's hand (as often as the number allows)."),
        ("LoR 11.2.7.II", "Riverboats: the buyer treats rivers as paths until its turn ends (rule still needed)."),
        ("LoR 11.2.7.III", "Mercenaries: in its Daylight and Evening the buyer treats the Riverfolk's warriors as "
                           "its own for rule and for battle against anyone but the Riverfolk (never to move or "
                           "for dominance); in battle it takes odd hits on its own warriors, even hits on the "
                           "mercenaries. The Vagabond cannot buy them."),
    ]),
    ("Birdsong", [
        ("LoR 11.4.1", "Protectionism: if the Payments box is empty, place two warriors in it."),
        ("LoR 11.4.2", "Dividends: with any trade post on the map, score 1 VP per two funds (not Payments or "
                       "Committed)."),
        ("LoR 11.4.3", "Gather: every warrior on the board (Payments, Committed, crafting spaces) moves to Funds."),
    ]),
    ("Daylight: any actions, in any order and number (LoR 11.5)", [
        ("LoR 11.5.1-4", "commit one fund to move, to battle or to draw a card; craft by committing its cost "
                         "(LoR 11.2.1); Export (11.5.3.I): discard a card you could craft, cost paid, to place a "
                         "warrior in Payments instead of its effect."),
        ("LoR 11.5.5", "Recruit: spend one fund to place a warrior in a clearing touching a river."),
        ("LoR 11.5.6", "Establish Trade Post: in a clearing any player rules and without a post, spend two funds "
                       "of its ruler, place the post of its suit and a warrior, and score the space it "
                       "uncovers (2 VP)."),
    ]),
    ("Evening", [
        ("LoR 11.6", "no draw: discard down to five cards, then set each service's price from 1 to 4."),
    ]),
])
RULES[DUCHY] = ("the Law of Root, section 12 (the Underground Duchy; docs/duchy-corvids.md)", [
    ("Faction rules", [
        ("LoR 12.2.1", "crafting in Evening with citadels and markets, each a crafting piece of its clearing's suit."),
        ("LoR 12.2.2", "the Burrow: a clearing of the Duchy's own beside the map, with no suit, adjacent to each "
                       "clearing with a tunnel. No other faction's piece may be placed or moved there; the "
                       "Duchy always rule it. A move between it and a tunnel's clearing needs no rule."),
        ("LoR 12.2.3", "the Price of Failure: whenever any number of Duchy buildings are removed (once an "
                       "action), the highest-rank swayed minister returns unswayed, its crown leaves the game, "
                       "and the Duchy discard a random card."),
        ("LoR 12.2.4", "three tunnels; told to place one with all three on the map, the Duchy may first remove one."),
    ]),
    ("Setup", [
        ("LoR 12.3.3", "2 warriors and a tunnel in a corner no one else starts in (diagonally opposite another "
                       "faction's if possible), 2 warriors in each adjacent clearing."),
        ("LoR 12.3.4-6", "citadels and markets on their tracks, the nine ministers unswayed, three crowns "
                         "of each rank on the board."),
    ]),
    ("Birdsong", [
        ("LoR 12.4", "place one warrior in the Burrow, plus one per warrior icon the citadels uncovered "
                     "(1/2/4/6 for 0..3 citadels on the map)."),
    ]),
    ("Daylight: the Assembly, then Parliament, then Sway (LoR 12.5)", [
        ("LoR 12.5.1", "Assembly: two actions in any order and number."),
        ("LoR 12.5.1.I", "Build: reveal a card to place a citadel or market in a clearing of its suit you rule."),
        ("LoR 12.5.1.II", "Recruit: place a warrior in the Burrow."),
        ("LoR 12.5.1.III-IV", "Move; Battle."),
        ("LoR 12.5.1.V", "Dig: spend a card to place a tunnel in a clearing of its suit without one, then move "
                         "up to four warriors from the Burrow there."),
        ("LoR 12.5.2", "Parliament: each swayed minister's action once, in any order. Foremole: reveal any "
                       "card to build in a clearing you rule; Captain: battle; Marshal: move; Brigadier: two "
                       "moves or two battles; Banker: spend cards of one suit for 1 VP each; Mayor: the action "
                       "of a swayed squire or noble; Duchess of Mud: 2 VP with all three tunnels on the map; "
                       "Baron of Dirt: 1 VP per market on the map; Earl of Stone: 1 VP per citadel on the map."),
        ("LoR 12.5.3", "Sway (once a turn): a minister whose rank still has a crown on the board; reveal "
                       "2/3/4 cards (squire/noble/lord), each matched to a different clearing of its suit "
                       "with a Duchy piece; move a crown onto it and score the space uncovered (1/2/3 VP)."),
    ]),
    ("Evening", [
        ("LoR 12.6.1", "discard the revealed birds; the other revealed cards go back to the hand."),
        ("LoR 12.6.2", "craft with citadels and markets."),
        ("LoR 12.6.3", "draw one card plus one per card icon the markets uncovered (1..4), discard down to five."),
    ]),
])
RULES[CORVIDS] = ("the Law of Root, section 13 (the Corvid Conspiracy; docs/duchy-corvids.md)", [
    ("Faction rules", [
        ("LoR 13.2.1", "crafting in Birdsong with your plots, face up or face down, each a crafting piece of "
                       "its clearing's suit."),
        ("LoR 13.2.2", "eight plots, two each of bomb, snare, extortion and raid. In your supply they lie face "
                       "down; on the map face up or face down. You may look at your face-down plots: the other "
                       "players see a plot, never its type. At most one plot in a clearing."),
        ("LoR 13.2.3", "Nimble: you move whoever rules either clearing."),
        ("LoR 13.2.4", "Exposure: on its own turn (here: at its Daylight step, between its actions), another "
                       "player with pieces in a clearing with a face-down plot may show you a card of that "
                       "clearing's suit (birds too) and name a type. Wrong: you say no and take the card. "
                       "Right: it removes the plot and scores 1 VP, keeps the card, and the plot does nothing "
                       "(a raid places no warriors)."),
        ("LoR 13.2.5", "Embedded Agents: defending in a clearing with a face-down plot, you deal one extra hit, "
                       "even defenseless."),
    ]),
    ("Setup", [
        ("LoR 13.3.1-2", "15 warriors and the eight plots face down in your supply; a warrior in a clearing of "
                         "each suit."),
    ]),
    ("Birdsong", [
        ("LoR 13.4.1", "craft first, with your plots."),
        ("LoR 13.4.2", "Flip any number of face-down plots in clearings with your warriors: each scores 1 VP per "
                       "face-up plot on the map, itself included; then a bomb or an extortion acts."),
        ("LoR 13.4.3", "Recruit, once: spend a card to place a warrior in every clearing of its suit (a bird: "
                       "you name the suit)."),
    ]),
    ("Daylight: up to three actions, in any mix, repeats allowed (LoR 13.5)", [
        ("LoR 13.5.1", "Move."),
        ("LoR 13.5.2", "Plot: in a clearing with no plot, remove one of your warriors plus one per plot you "
                       "already placed this turn (the first costs 1, the second 2, ...), then place a plot of "
                       "any type face down."),
        ("LoR 13.5.3", "Battle."),
        ("LoR 13.5.4", "Trick: swap two plots on the map, both face up or both face down."),
    ]),
    ("Evening", [
        ("LoR 13.6.1", "Exert: take one more Daylight action, then draw no card this Evening."),
        ("LoR 13.6.2", "draw one card plus one per face-up extortion, then discard down to five."),
    ]),
    ("The plots", [
        ("LoR 13.7.1", "Bomb: flipped, it removes every enemy piece in its clearing, then itself."),
        ("LoR 13.7.2", "Snare: face up, no enemy piece may be placed in its clearing or moved out of it."),
        ("LoR 13.7.3", "Extortion: flipped, you take a random card from each enemy with pieces in its "
                       "clearing; face up, you draw one more card each Evening."),
        ("LoR 13.7.4", "Raid: removed (but by Exposure), you place a warrior in each adjacent clearing."),
    ]),
])
# the second Vagabond (LoR 9.7) plays the Vagabond's rules, and the rules of two Vagabonds
RULES[VAGABOND2] = ("the Law of Root, section 9 (the Vagabond), 9.7 (two Vagabonds) and 16.3 (the characters)",
                    RULES[VAGABOND][1] + [
    ("Playing with two Vagabonds", [
        ("LoR 9.7", "the second Vagabond plays every rule of the Vagabond at his own seat, with another "
                    "character; chance picks which of the two sets up first; the quests face up are shared."),
        ("LoR 9.7", "relationships are with the other factions only: the two Vagabonds are plain enemies."),
        ("LoR 9.7.3", "each ruin holds two items: exploring, he looks at both (no one else sees them) and "
                      "takes one (1 VP; not a ruin item of a kind he already took) or none; the rest stays."),
    ]),
])
RULES[VAGABOND] = (RULES[VAGABOND][0], RULES[VAGABOND][1] + [RULES[VAGABOND2][1][-1]])
RULES[HUNDREDS] = ("the Law of Root, section 14 (the Lord of the Hundreds; docs/hundreds-keepers.md)", [
    ("Faction rules", [
        ("LoR 14.2.1", "crafting in Daylight with your strongholds."),
        ("LoR 14.2.2", "the Warlord is a warrior that only battle can remove; it moves only on your turn and is "
                       "placed only by Anoint."),
        ("LoR 14.2.3", "Contempt for Trade: an item you craft goes to your Hoard for no VP, or you score the "
                       "card and remove the item for good."),
        ("LoR 14.2.4", "the Hoard: boots, bags and coins on the Command track, hammers, teas, swords and "
                       "crossbows on the Prowess track, four each. Command and Prowess: 0 items 1, 1-2 items 2, "
                       "3 items 3, 4 items 4. A fifth item: remove one of the five for good and score 1 VP."),
        ("LoR 14.2.5", "Looters: attacking a defender with an item in its Crafted Items box, you may loot: you "
                       "deal no rolled hits, and ruling the clearing when the battle ends you take one of its "
                       "items into your Hoard."),
    ]),
    ("Setup", [
        ("LoR 14.3", "the Warlord, 4 warriors and a stronghold in a corner free of other players' starts "
                     "(opposite one if possible); mood Stubborn."),
    ]),
    ("Birdsong", [
        ("LoR 14.4.1", "Raze: in each clearing with a mob, remove every enemy building and token (1 VP each) and "
                       "take an item from its ruin; then roll the mob die once: a mob in a clearing of that "
                       "suit with no mob, next to a mob."),
        ("LoR 14.4.2", "Recruit: Prowess warriors at the Warlord, then one at each stronghold."),
        ("LoR 14.4.3", "Anoint: with the Warlord off the map, it replaces one of your warriors (none: any "
                       "clearing)."),
        ("LoR 14.4.4", "Choose Mood: a different mood whose item is not in your Hoard."),
    ]),
    ("Daylight", [
        ("LoR 14.5.1", "Craft."),
        ("LoR 14.5.2", "Command the Hundreds: Command times Move, Battle or Build (a card for a stronghold "
                       "in a matching clearing you rule)."),
        ("LoR 14.5.3", "Advance the Warlord: Prowess times, move the Warlord with any warriors, then battle "
                       "in its clearing."),
    ]),
    ("Evening", [
        ("LoR 14.6.1", "Incite: spend a card for a mob in a matching clearing with your warrior and no mob."),
        ("LoR 14.6.2", "Oppress: clearings you rule with none of an enemy's pieces: 1-2 score 1, 3-4 score 2, "
                       "5 score 3, 6 or more score 4."),
        ("LoR 14.6.3", "draw one card, then discard down to five."),
    ]),
    ("Moods (in force until your next Choose Mood)", [
        ("LoR 14.7.1", "Bitter: before the roll of a battle at the Warlord, mobs there or next to it may "
                       "become warriors at the Warlord."),
        ("LoR 14.7.2", "Grandiose: Advance the Warlord before Command the Hundreds."),
        ("LoR 14.7.3", "Jubilant: after an Incite at the Warlord, up to four more mob die rolls."),
        ("LoR 14.7.4", "Lavish: at the end of Birdsong, remove Hoard items for good, 2 warriors at the "
                       "Warlord each."),
        ("LoR 14.7.5", "Relentless: an Advance that moved and battled may move or battle once more."),
        ("LoR 14.7.6", "Rowdy: draw one more card, two with 3 or more enemy pieces at the Warlord."),
        ("LoR 14.7.7", "Stubborn: in a battle at the Warlord, ignore the first hit you take."),
        ("LoR 14.7.8", "Wrathful: attacking at the Warlord, deal one extra hit."),
    ]),
])
RULES[KEEPERS] = ("the Law of Root, section 15 (the Keepers in Iron; docs/hundreds-keepers.md)", [
    ("Faction rules", [
        ("LoR 15.2.1", "twelve relics, four each of figures, tablets and jewelry, valued 1, 2, 3 and 3; face "
                       "down nobody, you included, knows a value."),
        ("LoR 15.2.3", "crafting in Daylight with your waystations, either face."),
        ("LoR 15.2.4", "Devout Knights: in a battle in a clearing with a relic and a Keeper warrior, ignore "
                       "the first hit you take; each Keeper warrior that moves may carry one relic."),
        ("LoR 15.2.5", "Prized Trophies: an enemy that removes a relic places it face up in any forest and "
                       "scores one more VP."),
    ]),
    ("Setup", [
        ("LoR 15.3", "a relic in each forest; 4 warriors in a free corner and 4 in a map-edge clearing next "
                     "to it; the other relics as evenly as possible in forests away from your warriors; a "
                     "Faithful Retainer (a bird card) in each Retinue column."),
    ]),
    ("Birdsong", [
        ("LoR 15.4.1", "Encamp: once per clearing, replace a Keeper warrior with a waystation, either face up "
                       "(none of yours on the map: a waystation and a warrior in a map-edge clearing)."),
        ("LoR 15.4.2", "Decamp: once per clearing, replace a waystation with a warrior."),
        ("LoR 15.4.3", "Recruit: any number of times, spend a card for two warriors at a matching waystation."),
    ]),
    ("Daylight", [
        ("LoR 15.5.1", "Craft."),
        ("LoR 15.5.2", "the Retinue, left to right, each card's action once, in a clearing of its suit: Move "
                       "from it; Battle then Delve (battle any enemy there; then, ruling it with a warrior "
                       "there, move a relic from an adjacent forest into it, face up: fewer ruled clearings "
                       "around that forest than its value discards the card); Move or Recover (take relics "
                       "there matching a waystation's face up side there: value + 2 VP per full column; fewer "
                       "ruled clearings of its suit than the value discards the card and stops)."),
    ]),
    ("Evening", [
        ("LoR 15.6.1", "Live Off the Land: a warrior off each clearing with four or more."),
        ("LoR 15.6.2", "Gather Retinue: add any hand cards to any columns, or shift one card; ten at most."),
        ("LoR 15.6.3", "draw one card plus one per waystation on the map, then discard down to five."),
    ]),
])

assert set(RULES) == set(range(len(NAMES)))


def rules_text(faction: int, width: int = 78) -> str:
    """A faction's rules (RULES) in lines of at most width columns: a title, where they come
    from, then each heading and its lines, each line led by its citation."""
    source, sections = RULES[faction]
    title = TITLES[faction]
    whose = title + ("'" if title.endswith("s") else "'s")          # the Duchy's, the Corvids'
    out = [f"The {whose} rules", *textwrap.wrap(f"From {source}.", width)]
    for heading, rows in sections:
        out += ["", *textwrap.wrap(heading + ":", width)]
        for cite, text in rows:
            out += textwrap.wrap(f"{cite}: {text}", width, initial_indent="  ", subsequent_indent="      ")
    return "\n".join(out)


def rules_answer(arg: str, table: tuple[int, ...], mine: int, width: int = 78) -> tuple[bool, str]:
    """(found, text) for `rules [FACTION]` at a table seating factions (faction ids), mine being
    the person's faction: that faction's rules (default the person's), with the factions at the
    table to ask about next; why not, for a name that is no faction."""
    from wyrm_ai.model.errors import ConfigError
    from wyrm_ai.model.factions import faction_id
    seated = ", ".join(f"rules {NAMES[f]}" for f in table)
    try:
        f = faction_id(arg) if arg.strip() else mine
    except ConfigError:
        return False, f"no faction {arg[:40]!r}: at this table, type {seated}"
    return True, rules_text(f, width) + "\n\n" + "\n".join(textwrap.wrap(f"(The factions at this table: {seated}.)", width))
