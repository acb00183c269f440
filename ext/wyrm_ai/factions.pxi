# Faction data tables. Change a printed number here and nowhere else.

# Marquise de Cat building tracks (root-base-rules.md §4): column k = the k-th building on the map.
cdef int8_t CAT_WOOD_COST[7]
cdef int8_t CAT_BUILD_VP[3][7]
MARQUISE_TABLE = {
    "warriors": 25, "wood": 8, "buildings_per_type": 6,
    "wood_cost": (0, 1, 2, 3, 3, 4),
    "vp": ((0, 1, 2, 3, 4, 5),      # sawmills
           (0, 2, 2, 3, 4, 5),      # workshops
           (0, 1, 2, 3, 3, 4)),     # recruiters
    "draws_by_recruiters": (1, 1, 1, 2, 2, 3, 3),   # Evening draw for 0..6 recruiters on the map
    "actions": 3,
}
BUILDING_NAMES = ("sawmill", "workshop", "recruiter")
BUILDING_LETTERS = ("s", "w", "r")

# The Voracious Wyrm (voracious-wyrm.md). Numbers the seed does not print are marked (assumed).
WYRM_TABLE = {
    "wyrmlings": 8,                              # W-SUP-1
    "fear_tokens": 8,                            # W-SUP-1
    "treasure": 3,                               # W-SUP-1
    "growth_markers": 6,                         # W-SUP-1
    "track_spaces": 2,                           # W-SUP-2: Bite, Height, Might have 2 spaces each
    "start_wyrmlings": 2,                        # W-SET-2
    "growth_caps": (1, 2, 2, 3, 4, 5),           # W-EVE-2 (assumed): caps on the Growth track, left to
                                                 #   right; the default of the game option growth_caps
    "power_pawn": 3,                             # W-MON-1: the pawn counts as three warriors
}
TRACK_NAMES = ("bite", "height", "might")

# The Eyrie Dynasties (root-factions.md §2; LoR 7).
EYRIE_TABLE = {
    "warriors": 20, "roosts": 7,                               # LoR 7.3, §2.1
    "start_warriors": 6,                                       # LoR 7.3.2: 1 roost + 6 warriors in a corner
    "new_roost_warriors": 3,                                   # LoR 7.4.3: A New Roost
    "roost_vp": (0, 0, 1, 2, 3, 4, 4, 5),                      # Evening VP for 0..7 roosts on the map (§2.5)
    "roost_draws": (1, 1, 1, 2, 2, 2, 3, 3),                   # Evening draws for 0..7 roosts on the map
    "leaders": ("builder", "charismatic", "commander", "despot"),   # LoR 7.8
    "viziers": ((0, 1), (0, 2), (1, 2), (1, 3)),               # the two columns each leader's Viziers start in
    "charismatic_recruits": 2,                                 # LoR 7.8.2
    "commander_hits": 1,                                       # LoR 7.8.3
    "despot_vp": 1,                                            # LoR 7.8.4, once per battle (FAQ)
    "disdain_vp": 1,                                           # LoR 7.2.3: an item craft scores 1 VP
}
# The Woodland Alliance (root-factions.md §3; LoR 8).
ALLIANCE_TABLE = {
    "warriors": 10, "bases": 3, "sympathy": 10,                # §3.1 (officers count among the warriors)
    "spread_cost": (1, 1, 1, 2, 2, 2, 3, 3, 3, 3),             # supporters for the 1st..10th token (§3.4)
    "sympathy_vp": (0, 1, 1, 1, 2, 2, 3, 4, 4, 4),             # VP each token uncovers when placed
    "martial_law": 3,                                          # LoR 8.4.2.II.a: 3+ warriors of one other player: +1
    "revolt_cost": 2,                                          # LoR 8.4.1: two supporters of the suit
    "stack_cap": 5,                                            # LoR 8.2.3.I: supporters with no base on the map
    "setup_supporters": 3,                                     # LoR 8.3: three cards drawn as supporters
}
DECREE_NAMES = ("recruit", "move", "battle", "build")
DECREE_LETTERS = ("r", "m", "x", "b")                          # Rootlog Decree columns $_r $_m $_x $_b
LEADER_NAMES = EYRIE_TABLE["leaders"]
cdef int8_t EYRIE_ROOST_VP[8]
cdef int8_t EYRIE_DRAWS[8]
cdef int8_t VIZIERS[NLEADER][NDECREE]   # Viziers (0..2) each leader puts in each column
cdef int8_t SPREAD_COST[10]
cdef int8_t SYMPATHY_VP[10]
cdef int8_t CAT_DRAWS[7]


cdef void _init_factions():
    cdef int i, k
    for i in range(6):
        CAT_WOOD_COST[i] = MARQUISE_TABLE["wood_cost"][i]
        for k in range(3):
            CAT_BUILD_VP[k][i] = MARQUISE_TABLE["vp"][k][i]
    CAT_WOOD_COST[6] = 127
    for k in range(3):
        CAT_BUILD_VP[k][6] = 0
    for i in range(7):
        CAT_DRAWS[i] = MARQUISE_TABLE["draws_by_recruiters"][i]
    for i in range(8):
        EYRIE_ROOST_VP[i] = EYRIE_TABLE["roost_vp"][i]
        EYRIE_DRAWS[i] = EYRIE_TABLE["roost_draws"][i]
    for i in range(10):
        SPREAD_COST[i] = ALLIANCE_TABLE["spread_cost"][i]
        SYMPATHY_VP[i] = ALLIANCE_TABLE["sympathy_vp"][i]
    for i in range(NLEADER):
        for k in range(NDECREE):
            VIZIERS[i][k] = 0
        for k in EYRIE_TABLE["viziers"][i]:
            VIZIERS[i][k] += 1

_init_factions()

cdef int MARQUISE_ACTIONS = MARQUISE_TABLE["actions"]
cdef int WYRM_GROWTH = WYRM_TABLE["growth_markers"]
cdef int WYRM_TRACK_SPACES = WYRM_TABLE["track_spaces"]
cdef int WYRM_START_WYRMLINGS = WYRM_TABLE["start_wyrmlings"]
cdef int CAT_WARRIORS = MARQUISE_TABLE["warriors"]
cdef int CAT_WOOD = MARQUISE_TABLE["wood"]
cdef int WYRM_WYRMLINGS = WYRM_TABLE["wyrmlings"]
cdef int WYRM_FEAR = WYRM_TABLE["fear_tokens"]
cdef int WYRM_TREASURE = WYRM_TABLE["treasure"]
cdef int8_t ITEM_SUPPLY_C[NITEM]
for _i in range(NITEM):
    ITEM_SUPPLY_C[_i] = ITEM_SUPPLY[_i]
cdef int EYRIE_WARRIORS = EYRIE_TABLE["warriors"]
cdef int EYRIE_ROOSTS = EYRIE_TABLE["roosts"]
cdef int EYRIE_START_WARRIORS = EYRIE_TABLE["start_warriors"]
cdef int EYRIE_NEW_ROOST_WARRIORS = EYRIE_TABLE["new_roost_warriors"]
cdef int EYRIE_CHARISMATIC = EYRIE_TABLE["charismatic_recruits"]
cdef int EYRIE_COMMANDER_HITS = EYRIE_TABLE["commander_hits"]
cdef int EYRIE_DESPOT_VP = EYRIE_TABLE["despot_vp"]
cdef int EYRIE_DISDAIN_VP = EYRIE_TABLE["disdain_vp"]
cdef int ALLIANCE_WARRIORS = ALLIANCE_TABLE["warriors"]
cdef int ALLIANCE_SYMPATHY = ALLIANCE_TABLE["sympathy"]
cdef int MARTIAL_LAW = ALLIANCE_TABLE["martial_law"]
cdef int REVOLT_COST = ALLIANCE_TABLE["revolt_cost"]
cdef int STACK_CAP = ALLIANCE_TABLE["stack_cap"]
cdef int SETUP_SUPPORTERS = ALLIANCE_TABLE["setup_supporters"]

# The Vagabond (root-factions.md §1.9-1.11, §4; LoR 9). Item kinds as I_* (state.pxi).
VAGABOND_TABLE = {
    # the base box's three, the Riverfolk's three, the Vagabond Pack's three (LoR 16.3.1-9)
    "characters": ("thief", "tinker", "ranger", "vagrant", "arbiter", "scoundrel",
                   "adventurer", "ronin", "harrier"),
    # starting "S" items (LoR 9.3.5, 16.3): boots, bag, crossbow, hammer, sword, tea, coins, torch
    "start_items": ((1, 0, 0, 0, 1, 1, 0, 1),                  # Thief: boots, sword, tea, torch
                    (1, 1, 0, 1, 0, 0, 0, 1),                  # Tinker: boots, bag, hammer, torch
                    (1, 0, 1, 0, 1, 0, 0, 1),                  # Ranger: boots, crossbow, sword, torch
                    (1, 0, 0, 0, 0, 0, 1, 1),                  # Vagrant: coins, torch, boots
                    (1, 0, 0, 0, 2, 0, 0, 1),                  # Arbiter: boots, torch, sword, sword
                    (2, 0, 1, 0, 0, 0, 0, 1),                  # Scoundrel: boots, boots, torch, crossbow
                    (1, 0, 0, 1, 0, 0, 0, 1),                  # Adventurer: boots, torch, hammer
                    (2, 0, 0, 0, 1, 0, 0, 1),                  # Ronin: boots, boots, torch, sword
                    (0, 0, 1, 0, 1, 0, 1, 1)),                 # Harrier: coins, torch, sword, crossbow
    # the 7 "S" items of the base box (§1.9); a character whose card lists more of a kind takes
    # them from the expansions' "S" sets, and the game counts those too (s_items_of)
    "s_items": (1, 1, 1, 1, 1, 1, 0, 1),
    "ruin_items": (1, 1, 0, 1, 1, 0, 0, 0),                    # one "R" item under each ruin (§1.9)
    "refresh": 3, "refresh_per_tea": 2,                        # LoR 9.4.1
    "track": 3,                                                # tea, coins, bags on their tracks (§4.2)
    "capacity": 6, "capacity_per_bag": 2,                      # LoR 9.6.4
    "aids_per_step": (1, 2, 3),                                # ruling §10.1: Indifferent -> 1 -> 2 -> Allied
    "step_vp": (1, 2, 2),                                      # ruling §10.1
    "allied_aid_vp": 2,                                        # ruling §10.1: each Aid once Allied
    "explore_vp": 1,                                           # LoR 9.5.3
    "hideout_repairs": 3,                                      # LoR D.3
    "quest_draws": 2,                                          # LoR 9.5.5
}
CHARACTER_NAMES = VAGABOND_TABLE["characters"]
VITEM_NAMES = ("boots", "bag", "crossbow", "hammer", "sword", "tea", "coins", "torch")
VITEM_LETTERS = ("f", "b", "x", "h", "s", "t", "c", "r")       # Rootlog item letters (r: torch)
# The 15 quests (root-factions.md §1.10): (name, suit, first item, second item), one card each.
QUESTS = (
    ("Errand", FOX, I_TEA, I_BOOTS), ("Errand", RABBIT, I_TEA, I_BOOTS),
    ("Fundraising", FOX, I_TEA, I_COINS),
    ("Give a Speech", FOX, I_TORCH, I_TEA), ("Give a Speech", RABBIT, I_TORCH, I_TEA),
    ("Logistics Help", FOX, I_BOOTS, I_BAG), ("Logistics Help", MOUSE, I_BOOTS, I_BAG),
    ("Repair a Shed", FOX, I_TORCH, I_HAMMER),
    ("Expel Bandits", RABBIT, I_SWORD, I_SWORD), ("Expel Bandits", MOUSE, I_SWORD, I_SWORD),
    ("Fend Off a Bear", RABBIT, I_TORCH, I_CROSSBOW), ("Fend Off a Bear", MOUSE, I_TORCH, I_CROSSBOW),
    ("Guard Duty", RABBIT, I_TORCH, I_SWORD), ("Guard Duty", MOUSE, I_TORCH, I_SWORD),
    ("Escort", MOUSE, I_BOOTS, I_BOOTS),
)
cdef int8_t CHAR_ITEMS[NCHAR][NVITEM]
cdef int8_t S_ITEMS[NVITEM]
cdef int8_t RUIN_ITEMS[NVITEM]
cdef int8_t QUEST_SUIT[NQUEST]
cdef int8_t QUEST_ITEM[NQUEST][2]
cdef int8_t AIDS_PER_STEP[3]
cdef int8_t STEP_VP[3]


cdef void _init_vagabond():
    cdef int i, k
    for i in range(NCHAR):
        for k in range(NVITEM):
            CHAR_ITEMS[i][k] = VAGABOND_TABLE["start_items"][i][k]
    for k in range(NVITEM):
        S_ITEMS[k] = VAGABOND_TABLE["s_items"][k]
        RUIN_ITEMS[k] = VAGABOND_TABLE["ruin_items"][k]
    for i in range(NQUEST):
        QUEST_SUIT[i] = QUESTS[i][1]
        QUEST_ITEM[i][0] = QUESTS[i][2]
        QUEST_ITEM[i][1] = QUESTS[i][3]
    for i in range(3):
        AIDS_PER_STEP[i] = VAGABOND_TABLE["aids_per_step"][i]
        STEP_VP[i] = VAGABOND_TABLE["step_vp"][i]

_init_vagabond()

cdef int VB_REFRESH = VAGABOND_TABLE["refresh"]
cdef int VB_REFRESH_PER_TEA = VAGABOND_TABLE["refresh_per_tea"]
cdef int VB_TRACK = VAGABOND_TABLE["track"]
cdef int VB_CAPACITY = VAGABOND_TABLE["capacity"]
cdef int VB_CAPACITY_PER_BAG = VAGABOND_TABLE["capacity_per_bag"]
cdef int VB_ALLIED_AID_VP = VAGABOND_TABLE["allied_aid_vp"]
cdef int VB_EXPLORE_VP = VAGABOND_TABLE["explore_vp"]
cdef int VB_HIDEOUT_REPAIRS = VAGABOND_TABLE["hideout_repairs"]
cdef int VB_QUEST_DRAWS = VAGABOND_TABLE["quest_draws"]

# The Lizard Cult (docs/riverfolk-lizards.md §2.2; LoR 10). The Law prints no board number: the
# values marked (assumed) are the digest's (root-factions-riverfolk-underworld.md §3.1); the
# Rootlog corpus confirms 2 VP for a Score with two gardens of the suit and the draw bonus at the
# second garden (docs/riverfolk-lizards.md §1, choice C1).
LIZARD_TABLE = {
    "warriors": 25, "gardens_per_suit": 5,                    # LoR 10.3.1, B.2
    "start_warriors": 4, "adjacent_warriors": 1,              # LoR 10.3.2
    "score_vp": (0, 0, 2, 2, 3, 4),                           # Score with 0..5 gardens of the suit on the
                                                              #   map (2 confirmed; 0, 3, 4 assumed)
    "draw_bonus_from": 2,                                     # +1 draw per suit with 2+ gardens (confirmed)
    "crusade": 2, "convert": 2, "sanctify": 3,                # acolytes (LoR 10.4.3); Hated: 1 less
}
cdef int8_t LZ_SCORE_VP[6]
for _i in range(6):
    LZ_SCORE_VP[_i] = LIZARD_TABLE["score_vp"][_i]
cdef int LZ_WARRIORS = LIZARD_TABLE["warriors"]
cdef int LZ_GARDENS = LIZARD_TABLE["gardens_per_suit"]
cdef int LZ_START_WARRIORS = LIZARD_TABLE["start_warriors"]
cdef int LZ_ADJACENT_WARRIORS = LIZARD_TABLE["adjacent_warriors"]
cdef int LZ_DRAW_BONUS_FROM = LIZARD_TABLE["draw_bonus_from"]
cdef int LZ_CRUSADE = LIZARD_TABLE["crusade"]
cdef int LZ_CONVERT = LIZARD_TABLE["convert"]
cdef int LZ_SANCTIFY = LIZARD_TABLE["sanctify"]

# The Riverfolk Company (docs/riverfolk-lizards.md §2.1; LoR 11). The Law prints no board number:
# the Rootlog corpus confirms 2 VP for the 1st and 2nd trade post of a suit and prices 1-4; the 3rd
# post's 2 VP is assumed (docs/riverfolk-lizards.md §1, choice C1).
RIVERFOLK_TABLE = {
    "warriors": 15, "posts_per_suit": 3,                      # LoR 11.3.1, B.2
    "post_vp": (2, 2, 2),                                     # the 1st, 2nd, 3rd post of a suit (3rd assumed)
    "start_warriors": 4, "start_payments": 3,                 # LoR 11.3.2, 11.3.4
    "protectionism": 2,                                       # LoR 11.4.1
    "prices": (1, 2, 3, 4),                                   # each Services track (LoR 11.3.5)
    "post_cost": 2,                                           # funds of the ruler (LoR 11.5.6.II)
}
SERVICE_NAMES = ("hand_card", "riverboats", "mercenaries")
cdef int8_t RF_POST_VP[3]
for _i in range(3):
    RF_POST_VP[_i] = RIVERFOLK_TABLE["post_vp"][_i]
cdef int RF_WARRIORS = RIVERFOLK_TABLE["warriors"]
cdef int RF_POSTS = RIVERFOLK_TABLE["posts_per_suit"]
cdef int RF_START_WARRIORS = RIVERFOLK_TABLE["start_warriors"]
cdef int RF_START_PAYMENTS = RIVERFOLK_TABLE["start_payments"]
cdef int RF_PROTECTIONISM = RIVERFOLK_TABLE["protectionism"]
cdef int RF_POST_COST = RIVERFOLK_TABLE["post_cost"]
cdef int RF_MAX_PRICE = max(RIVERFOLK_TABLE["prices"])

# The Underground Duchy (docs/duchy-corvids.md §2; LoR 12). The Law prints no board number: the
# digest's values (root-factions-riverfolk-underworld.md §4.1, tagged [C]: two implementations
# agree); the Rootlog corpus confirms the crowns' 1/2/3 VP (r1g5, r1g3: `#captain->$/++`,
# `#brigadier->$/++2`, `#baronofdirt->$/++3`).
DUCHY_TABLE = {
    "warriors": 20, "tunnels": 3, "citadels": 3, "markets": 3,   # LoR 12.3.1, 12.3.4, B.3
    "start_warriors": 2, "adjacent_warriors": 2,                # LoR 12.3.3
    "burrow_recruits": (1, 2, 4, 6),                            # Birdsong, 0..3 citadels on the map
    "market_draws": (1, 2, 3, 4),                               # Evening, 0..3 markets on the map
    "assembly": 2,                                              # LoR 12.5.1
    "dig_up": 4,                                                # LoR 12.5.1: up to four (0..4, C3)
    # the ministers (LoR 12.5.2) in the Law's order, with their rank (0 squire, 1 noble, 2 lord)
    "ministers": ("foremole", "captain", "marshal", "brigadier", "banker", "mayor",
                  "duchess_of_mud", "baron_of_dirt", "earl_of_stone"),
    "ranks": (0, 0, 0, 1, 1, 1, 2, 2, 2),
    "sway_cards": (2, 3, 4),                                    # cards revealed to sway, per rank
    "crown_vp": (1, 2, 3),                                      # VP of a crown's space, per rank
    "crowns": 3,                                                # crowns per rank (LoR 12.3.6)
    "duchess_vp": 2,                                            # all three tunnels on the map
}
MINISTER_NAMES = DUCHY_TABLE["ministers"]
RANK_NAMES = ("squire", "noble", "lord")
cdef enum:  # the ministers (LoR 12.5.2)
    M_FOREMOLE = 0
    M_CAPTAIN = 1
    M_MARSHAL = 2
    M_BRIGADIER = 3
    M_BANKER = 4
    M_MAYOR = 5
    M_DUCHESS = 6
    M_BARON = 7
    M_EARL = 8
    NMINISTER = 9
cdef int8_t MINISTER_RANK[NMINISTER]
cdef int8_t DC_RECRUITS[4]
cdef int8_t DC_DRAWS[4]
cdef int8_t SWAY_CARDS[3]
cdef int8_t CROWN_VP[3]
for _i in range(NMINISTER):
    MINISTER_RANK[_i] = DUCHY_TABLE["ranks"][_i]
for _i in range(4):
    DC_RECRUITS[_i] = DUCHY_TABLE["burrow_recruits"][_i]
    DC_DRAWS[_i] = DUCHY_TABLE["market_draws"][_i]
for _i in range(3):
    SWAY_CARDS[_i] = DUCHY_TABLE["sway_cards"][_i]
    CROWN_VP[_i] = DUCHY_TABLE["crown_vp"][_i]
cdef int DC_WARRIORS = DUCHY_TABLE["warriors"]
cdef int DC_TUNNELS = DUCHY_TABLE["tunnels"]
cdef int DC_START_WARRIORS = DUCHY_TABLE["start_warriors"]
cdef int DC_ADJACENT_WARRIORS = DUCHY_TABLE["adjacent_warriors"]
cdef int DC_ASSEMBLY = DUCHY_TABLE["assembly"]
cdef int DC_DIG_UP = DUCHY_TABLE["dig_up"]
cdef int DC_CROWNS = DUCHY_TABLE["crowns"]
cdef int DC_DUCHESS_VP = DUCHY_TABLE["duchess_vp"]

# The Corvid Conspiracy (docs/duchy-corvids.md §5; LoR 13; the digest root-factions-corvid-marauder.md
# §2.1, tagged [C]).
CORVID_TABLE = {
    "warriors": 15, "plots": 8, "plots_per_type": 2,              # LoR 13.2.2, 13.3.1 (B.3)
    "actions": 3,                                               # Daylight (LoR 13.5)
    "evening_draw": 1,                                          # plus face-up extortions (LoR 13.6.2)
}
cdef int CV_WARRIORS = CORVID_TABLE["warriors"]
cdef int CV_PLOTS = CORVID_TABLE["plots"]
cdef int CV_PLOTS_PER_TYPE = CORVID_TABLE["plots_per_type"]
cdef int CV_ACTIONS = CORVID_TABLE["actions"]
cdef int CV_EVENING_DRAW = CORVID_TABLE["evening_draw"]

# The Lord of the Hundreds (docs/hundreds-keepers.md §2; LoR 14; the digest
# root-factions-corvid-marauder.md §3.1, tagged [C]; the mobs' count and the tracks' length are
# the digest's: H-8, open point 3).
HUNDREDS_TABLE = {
    "warriors": 20, "strongholds": 6, "mobs": 5,                # LoR 14.3.1 (B.4)
    "start_warriors": 4,                                        # LoR 14.3.2 (and the warlord, a stronghold)
    "hoard_level": (1, 2, 2, 3, 4),                             # Command / Prowess for 0..4 items (14.2.4.II)
    "track": 4,                                                 # spaces on each Hoard track (14.2.4.I)
    # the Hoard's tracks by item (boots, bag, crossbow, hammer, sword, tea, coins, torch):
    # 0 Command (boots, bags, coins), 1 Prowess (hammers, teas, swords, crossbows), -1 none
    "hoard_track": (0, 0, 1, 1, 1, 1, 0, -1),
    "oppress_vp": (0, 1, 1, 2, 2, 3, 4),                        # 0..6+ oppressed clearings (14.6.2)
    "evening_draw": 1,                                          # LoR 14.6.3
    "rowdy_crowd": 3,                                           # Rowdy's two more with 3+ enemy pieces (14.7.6)
    "lavish_warriors": 2,                                       # LoR 14.7.4
    "jubilant_rolls": 4,                                        # LoR 14.7.3
    "moods": ("bitter", "grandiose", "jubilant", "lavish", "relentless", "rowdy", "stubborn", "wrathful"),
    # the item each mood shows (LoR 14.7; Lavish none): hammer, tea, boots, -, bag, coins, crossbow, sword
    "mood_items": (3, 5, 0, -1, 1, 6, 2, 4),
}
MOOD_NAMES = HUNDREDS_TABLE["moods"]
cdef int8_t HOARD_LEVEL[5]
cdef int8_t HOARD_TRACK[NVITEM]
cdef int8_t OPPRESS_VP[7]
cdef int8_t MOOD_ITEM[8]
for _i in range(5):
    HOARD_LEVEL[_i] = HUNDREDS_TABLE["hoard_level"][_i]
for _i in range(NVITEM):
    HOARD_TRACK[_i] = HUNDREDS_TABLE["hoard_track"][_i]
for _i in range(7):
    OPPRESS_VP[_i] = HUNDREDS_TABLE["oppress_vp"][_i]
for _i in range(8):
    MOOD_ITEM[_i] = HUNDREDS_TABLE["mood_items"][_i]
cdef int LH_WARRIORS = HUNDREDS_TABLE["warriors"]
cdef int LH_START_WARRIORS = HUNDREDS_TABLE["start_warriors"]
cdef int LH_TRACK = HUNDREDS_TABLE["track"]
cdef int LH_EVENING_DRAW = HUNDREDS_TABLE["evening_draw"]
cdef int LH_ROWDY_CROWD = HUNDREDS_TABLE["rowdy_crowd"]
cdef int LH_LAVISH_WARRIORS = HUNDREDS_TABLE["lavish_warriors"]
cdef int LH_JUBILANT_ROLLS = HUNDREDS_TABLE["jubilant_rolls"]
cdef int MOOD_STUBBORN_ID = MOOD_NAMES.index("stubborn")      # the starting mood (LoR 14.3.4)

# The Keepers in Iron (docs/hundreds-keepers.md §3, I-1..I-31, and the design in §7; LoR 15).
KEEPERS_TABLE = {
    "warriors": 15, "waystations": 3,                           # LoR 15.3.2, 15.2.2
    "relic_types": ("figure", "tablet", "jewelry"),             # LoR 15.2.1: four relics of each type
    "relic_values": (1, 2, 3, 3),                               # the backs of each type's four (I-1)
    # each waystation's two faces, front then back (I-3): figure/tablet, tablet/jewelry, jewelry/figure
    "waystation_faces": ((0, 1), (1, 2), (2, 0)),
    "start_warriors": 4,                                        # in the corner, then 4 beside it (15.3.3)
    "recruit": 2,                                               # warriors a Recruit places (15.4.3)
    "retinue": 10,                                              # cards in the Retinue at most (15.6.2)
    "columns": ("move", "battle_delve", "move_recover"),        # the Retinue's columns (15.5.2)
    "live_off_land": 4,                                         # a warrior off each clearing with 4+ (15.6.1)
    "set_vp": 2,                                                # a Relics column filled (15.5.2.III.b)
    "trophy_vp": 1,                                             # Prized Trophies' extra VP (15.2.5)
    "evening_draw": 1,                                          # plus one a waystation on the map (15.6.3)
}
RELIC_TYPE_NAMES = KEEPERS_TABLE["relic_types"]
RETINUE_COLUMNS = KEEPERS_TABLE["columns"]
cdef int8_t RELIC_VALUES[4]
cdef int8_t WAYSTATION_FACES[3][2]
for _i in range(4):
    RELIC_VALUES[_i] = KEEPERS_TABLE["relic_values"][_i]
for _i in range(3):
    for _j in range(2):
        WAYSTATION_FACES[_i][_j] = KEEPERS_TABLE["waystation_faces"][_i][_j]
cdef int KI_WARRIORS = KEEPERS_TABLE["warriors"]
cdef int KI_START_WARRIORS = KEEPERS_TABLE["start_warriors"]
cdef int KI_RECRUITS = KEEPERS_TABLE["recruit"]
cdef int KI_LIVE_OFF = KEEPERS_TABLE["live_off_land"]
cdef int KI_SET_VP = KEEPERS_TABLE["set_vp"]
cdef int KI_TROPHY_VP = KEEPERS_TABLE["trophy_vp"]
cdef int KI_EVENING_DRAW = KEEPERS_TABLE["evening_draw"]
assert KEEPERS_TABLE["retinue"] == NRETINUE and len(KEEPERS_TABLE["relic_types"]) * 4 == NRELIC

# Per faction: whether it holds a hand of cards (a bot holds none: MM2 digest §2.2). A shared rule
# that gives a card (the Lake's Ferry) asks this table.
cdef bint FACTION_HOLDS_CARDS[NFACTION]
for _f in range(NFACTION):
    FACTION_HOLDS_CARDS[_f] = _f != F_MECHANICAL

# The faction draft (LoR 16.1.8; draft.pxi): each faction's setup card. Militant or insurgent
# (LoR 5.2: the red reach numbers; the Wyrm militant, W-MP-48, choice C2), a character card dealt
# beside it (the Vagabond's, 16.1.8.1.3), its setup waiting for every other faction's (the Wyrm,
# W-MP-1, W-MP-48), and whether a player may draft it at all (not a bot: choice C4).
DRAFT_TABLE = {
    "militant": (F_MARQUISE, F_EYRIE, F_WYRM, F_DUCHY, F_HUNDREDS,   # the Hundreds: reach 9 (H-C21)
                 F_KEEPERS),                                         # the Keepers: reach 8 (I-C13)
    "insurgent": (F_ALLIANCE, F_VAGABOND, F_VAGABOND2, F_LIZARDS,      # the Cult: reach 2 (LoR 5.2), C18
                  F_RIVERFOLK,                                        # the Riverfolk: reach 5 (LoR 5.2), C18
                  F_CORVIDS),                                         # the Corvids: reach 3 (LoR 5.2)
    # the Duchy: reach 8 (LoR 5.2), a militant's red number (docs/duchy-corvids.md C10)
    "with_character": (F_VAGABOND, F_VAGABOND2),
    "sets_up_last": (F_WYRM,),
}
cdef bint DRAFT_MILITANT[NFACTION]
cdef bint DRAFTABLE[NFACTION]
cdef bint DRAFT_CHARACTER[NFACTION]
cdef bint SETS_UP_LAST[NFACTION]
cdef uint16_t DRAFT_MILITANTS = 0      # bit f: a militant card
for _f in range(NFACTION):
    DRAFT_MILITANT[_f] = _f in DRAFT_TABLE["militant"]
    DRAFTABLE[_f] = DRAFT_MILITANT[_f] or _f in DRAFT_TABLE["insurgent"]
    DRAFT_CHARACTER[_f] = _f in DRAFT_TABLE["with_character"]
    SETS_UP_LAST[_f] = _f in DRAFT_TABLE["sets_up_last"]
    if DRAFT_MILITANT[_f]:
        DRAFT_MILITANTS |= 1 << _f


# ---- each faction's pieces in the seat layout (state.pxi: Pieces) ---------------------------
# What a seat's warriors, building kinds and token kinds are for its faction, and its printed
# supply. A shared rule that names a piece (an event, a hit, a removal) asks these tables.

cdef enum:  # what a piece kind (P_*) is in a seat's Pieces
    PC_WARRIOR = 0
    PC_BUILDING = 1
    PC_TOKEN = 2
    PC_PAWN = 3
    PC_KEEP = 4

cdef int8_t PIECE_CLASS[NPIECE]        # PC_* of each P_* piece kind
cdef int8_t PIECE_KIND[NPIECE]         # its building or token kind (-1: a base, kind = its clearing's suit)
cdef int8_t FACTION_WARRIOR[NFROW]  # the P_* of each faction's warriors (-1: none)
cdef int8_t FACTION_BUILDING[NFROW][NBKIND]   # the P_* of each building kind (-1: none)
cdef int8_t FACTION_TOKEN[NFROW][NTKIND]      # the P_* of each token kind (-1: none)
cdef int8_t PAWN_RULE[NFROW]        # what the pawn counts for rule and as warriors dealing hits:
                                       #   the Wyrm's three (W-MON-1), the Vagabond's none (LoR 9.2.2)
cdef bint CRAFTS_WITH_BUILDING[NFROW][NBKIND]  # crafting pieces (LoR 4.1.1): workshops, roosts
cdef bint CRAFTS_WITH_TOKEN[NFROW][NTKIND]     # fear tokens (W-CRAFT-1), sympathy (LoR 8.2.1)
cdef bint LEAVES_GAME[NPIECE]          # a token removed leaves the game, not back to its supply (a
                                       #   trade post: LoR 11.2.5.I; the Keep is PC_KEEP)


cdef int8_t BUILDING_SUPPLY[NFACTION][NBKIND]  # the buildings of each kind the faction's box holds
cdef int8_t WARRIOR_SUPPLY[NFACTION]           # its warriors (LoR 5.1; W-SUP-1)
cdef int8_t TOKEN_SUPPLY[NFACTION][NTKIND]     # its tokens of each kind


# The pieces keep their faction's names in the plain data (saves and positions name them so), and
# are held in the faction's seat's Pieces (state.pxi): name -> (faction, the part of its Pieces).
# A faction not at the table has its new-game supply there, and nothing on the map.
PIECE_SLOTS = {
    "warriors": (F_MARQUISE, "warriors"), "buildings": (F_MARQUISE, "track_buildings"),
    "wood": (F_MARQUISE, "tokens"), "keep": (F_MARQUISE, "keep"),
    "warrior_supply": (F_MARQUISE, "warrior_supply"), "wood_supply": (F_MARQUISE, "token_supply"),
    "wyrmlings": (F_WYRM, "warriors"), "pawn": (F_WYRM, "pawn"), "fear": (F_WYRM, "fear"),
    "wyrmling_supply": (F_WYRM, "warrior_supply"), "fear_supply": (F_WYRM, "token_supply"),
    "birds": (F_EYRIE, "warriors"), "roosts": (F_EYRIE, "roosts"),
    "bird_supply": (F_EYRIE, "warrior_supply"), "roost_supply": (F_EYRIE, "roost_supply"),
    "rebels": (F_ALLIANCE, "warriors"), "sympathy": (F_ALLIANCE, "tokens"), "base_at": (F_ALLIANCE, "base_at"),
    "rebel_supply": (F_ALLIANCE, "warrior_supply"), "sympathy_supply": (F_ALLIANCE, "token_supply"),
    "vb_at": (F_VAGABOND, "pawn"),
    "mm_warriors": (F_MECHANICAL, "warriors"), "mm_buildings": (F_MECHANICAL, "track_buildings"),
    "mm_keep": (F_MECHANICAL, "keep"), "mm_warrior_supply": (F_MECHANICAL, "warrior_supply"),
    "lizards": (F_LIZARDS, "warriors"), "gardens": (F_LIZARDS, "track_buildings"),
    "lizard_supply": (F_LIZARDS, "warrior_supply"),
    "otters": (F_RIVERFOLK, "warriors"), "trade_posts": (F_RIVERFOLK, "tokens"),
    "otter_supply": (F_RIVERFOLK, "warrior_supply"),
    "moles": (F_DUCHY, "warriors"), "citadels": (F_DUCHY, "building_kind_0"),
    "markets": (F_DUCHY, "building_kind_1"),
    "tunnels": (F_DUCHY, "tokens"), "mole_supply": (F_DUCHY, "warrior_supply"),
    "tunnel_supply": (F_DUCHY, "token_supply"),
    "corvids": (F_CORVIDS, "warriors"), "plots": (F_CORVIDS, "tokens"),
    "corvid_supply": (F_CORVIDS, "warrior_supply"), "plot_supply": (F_CORVIDS, "token_supply"),
    "hundreds": (F_HUNDREDS, "warriors"), "warlord": (F_HUNDREDS, "pawn"),
    "strongholds": (F_HUNDREDS, "building_kind_0"), "mobs": (F_HUNDREDS, "tokens"),
    "hundred_supply": (F_HUNDREDS, "warrior_supply"), "mob_supply": (F_HUNDREDS, "token_supply"),
    "keepers": (F_KEEPERS, "warriors"), "waystations": (F_KEEPERS, "building_kind_0"),
    "relics": (F_KEEPERS, "tokens"), "keeper_supply": (F_KEEPERS, "warrior_supply"),
}
# what the plain data may hold for a faction not at the table: its new-game pieces, or this is said
ABSENT_PIECES = {
    F_MARQUISE: "Marquise pieces in a game without the Marquise",
    F_WYRM: "Wyrm pieces in a game without the Wyrm",
    F_EYRIE: "Eyrie pieces, leader or Decree in a game without the Eyrie",
    F_ALLIANCE: "Alliance pieces or supporters in a game without the Alliance",
    F_VAGABOND: "Vagabond pieces, items, quests or relationships in a game without the Vagabond",
    F_MECHANICAL: "Mechanical Marquise pieces or order card in a game without it",
    F_VAGABOND2: "second Vagabond pieces, items or relationships in a game without him",
    F_LIZARDS: "Lizard Cult pieces, acolytes or Outcast in a game without the Cult",
    F_RIVERFOLK: "Riverfolk pieces, funds or prices in a game without the Riverfolk",
    F_DUCHY: "Duchy pieces, ministers or crowns in a game without the Duchy",
    F_CORVIDS: "Corvid pieces or plots in a game without the Corvids",
    F_HUNDREDS: "Hundreds pieces, Hoard or mood in a game without the Hundreds",
    F_KEEPERS: "Keepers pieces, relics or Retinue in a game without the Keepers",
}
# a faction playing another's rules with its own seat and board: the second Vagabond (LoR 9.7).
# Its plain data is the twin's fields under its own key (serialize.pxi), its learned models the twin's.
TWIN_OF = {F_VAGABOND2: F_VAGABOND}
cdef int8_t TWIN[NFACTION]             # TWIN_OF in C: the faction a twin plays the rules of, -1
for _f in range(NFACTION):
    TWIN[_f] = TWIN_OF.get(_f, -1)




cdef void _init_piece_tables():
    cdef int f, k
    for k in range(NPIECE):
        PIECE_CLASS[k] = PC_WARRIOR
        PIECE_KIND[k] = 0
    for k in range(3):
        PIECE_CLASS[P_SAWMILL + k] = PC_BUILDING
        PIECE_KIND[P_SAWMILL + k] = k
    PIECE_CLASS[P_WOOD] = PC_TOKEN
    PIECE_CLASS[P_KEEP] = PC_KEEP
    PIECE_CLASS[P_PAWN] = PC_PAWN
    PIECE_CLASS[P_FEAR] = PC_TOKEN
    PIECE_CLASS[P_ROOST] = PC_BUILDING
    PIECE_CLASS[P_BASE] = PC_BUILDING
    PIECE_KIND[P_BASE] = -1
    PIECE_CLASS[P_SYMPATHY] = PC_TOKEN
    PIECE_CLASS[P_GARDEN] = PC_BUILDING
    PIECE_KIND[P_GARDEN] = -1                         # a garden: the kind of its clearing's suit
    PIECE_CLASS[P_TRADE_POST] = PC_TOKEN              # token kind 0: one a clearing, of its suit
    PIECE_CLASS[P_CITADEL] = PC_BUILDING
    PIECE_KIND[P_CITADEL] = 0
    PIECE_CLASS[P_MARKET] = PC_BUILDING
    PIECE_KIND[P_MARKET] = 1
    PIECE_CLASS[P_TUNNEL] = PC_TOKEN
    PIECE_CLASS[P_PLOT] = PC_TOKEN
    PIECE_CLASS[P_STRONGHOLD] = PC_BUILDING
    PIECE_KIND[P_STRONGHOLD] = 0
    PIECE_CLASS[P_MOB] = PC_TOKEN
    PIECE_CLASS[P_WAYSTATION] = PC_BUILDING
    PIECE_KIND[P_WAYSTATION] = 0
    PIECE_CLASS[P_RELIC] = PC_TOKEN
    PIECE_CLASS[P_VAULT] = PC_BUILDING                # a hireling's building kind 0 (Vault Keepers)
    for k in range(NPIECE):
        LEAVES_GAME[k] = k == P_TRADE_POST or k == P_RELIC   # (a relic: to a forest, keepers.pxi)
    for f in range(NFROW):
        FACTION_WARRIOR[f] = P_WARRIOR
        PAWN_RULE[f] = 0
        for k in range(NBKIND):
            FACTION_BUILDING[f][k] = -1
            CRAFTS_WITH_BUILDING[f][k] = False
        for k in range(NTKIND):
            FACTION_TOKEN[f][k] = -1
            CRAFTS_WITH_TOKEN[f][k] = False
    for f in range(NFACTION):
        WARRIOR_SUPPLY[f] = 0
        for k in range(NBKIND):
            BUILDING_SUPPLY[f][k] = 0
        for k in range(NTKIND):
            TOKEN_SUPPLY[f][k] = 0
    WARRIOR_SUPPLY[F_MARQUISE] = CAT_WARRIORS
    TOKEN_SUPPLY[F_MARQUISE][0] = CAT_WOOD
    WARRIOR_SUPPLY[F_WYRM] = WYRM_WYRMLINGS
    TOKEN_SUPPLY[F_WYRM][0] = WYRM_FEAR
    WARRIOR_SUPPLY[F_EYRIE] = EYRIE_WARRIORS
    WARRIOR_SUPPLY[F_ALLIANCE] = ALLIANCE_WARRIORS
    TOKEN_SUPPLY[F_ALLIANCE][0] = ALLIANCE_SYMPATHY
    for k in range(3):
        BUILDING_SUPPLY[F_MARQUISE][k] = MARQUISE_TABLE["buildings_per_type"]
        BUILDING_SUPPLY[F_ALLIANCE][k] = 1            # a base of each suit (LoR 8.1)
    BUILDING_SUPPLY[F_EYRIE][0] = EYRIE_TABLE["roosts"]
    for k in range(3):
        FACTION_BUILDING[F_MARQUISE][k] = P_SAWMILL + k
        FACTION_BUILDING[F_MECHANICAL][k] = P_SAWMILL + k
        FACTION_BUILDING[F_ALLIANCE][k] = P_BASE
    FACTION_TOKEN[F_MARQUISE][0] = P_WOOD
    CRAFTS_WITH_BUILDING[F_MARQUISE][1] = True        # workshops (LoR 6.2.1)
    FACTION_WARRIOR[F_WYRM] = P_WYRMLING
    FACTION_TOKEN[F_WYRM][0] = P_FEAR
    CRAFTS_WITH_TOKEN[F_WYRM][0] = True
    PAWN_RULE[F_WYRM] = WYRM_TABLE["power_pawn"]
    FACTION_WARRIOR[F_EYRIE] = P_BIRD
    FACTION_BUILDING[F_EYRIE][0] = P_ROOST
    CRAFTS_WITH_BUILDING[F_EYRIE][0] = True
    FACTION_WARRIOR[F_ALLIANCE] = P_REBEL
    FACTION_TOKEN[F_ALLIANCE][0] = P_SYMPATHY
    CRAFTS_WITH_TOKEN[F_ALLIANCE][0] = True
    FACTION_WARRIOR[F_VAGABOND] = -1
    FACTION_WARRIOR[F_VAGABOND2] = -1
    FACTION_WARRIOR[F_LIZARDS] = P_LIZARD
    WARRIOR_SUPPLY[F_LIZARDS] = LZ_WARRIORS
    for k in range(3):
        FACTION_BUILDING[F_LIZARDS][k] = P_GARDEN
        BUILDING_SUPPLY[F_LIZARDS][k] = LZ_GARDENS    # five gardens of each suit (LoR 10.3.1)
    FACTION_WARRIOR[F_RIVERFOLK] = P_OTTER
    WARRIOR_SUPPLY[F_RIVERFOLK] = RF_WARRIORS
    FACTION_TOKEN[F_RIVERFOLK][0] = P_TRADE_POST      # the posts wait on the board's tracks, not a supply
    FACTION_WARRIOR[F_DUCHY] = P_MOLE
    WARRIOR_SUPPLY[F_DUCHY] = DC_WARRIORS
    FACTION_BUILDING[F_DUCHY][0] = P_CITADEL
    FACTION_BUILDING[F_DUCHY][1] = P_MARKET
    BUILDING_SUPPLY[F_DUCHY][0] = DUCHY_TABLE["citadels"]
    BUILDING_SUPPLY[F_DUCHY][1] = DUCHY_TABLE["markets"]
    CRAFTS_WITH_BUILDING[F_DUCHY][0] = True           # citadels and markets (LoR 12.2.1), in Evening
    CRAFTS_WITH_BUILDING[F_DUCHY][1] = True
    FACTION_TOKEN[F_DUCHY][0] = P_TUNNEL
    TOKEN_SUPPLY[F_DUCHY][0] = DC_TUNNELS
    FACTION_WARRIOR[F_CORVIDS] = P_CORVID
    WARRIOR_SUPPLY[F_CORVIDS] = CV_WARRIORS
    FACTION_TOKEN[F_CORVIDS][0] = P_PLOT
    TOKEN_SUPPLY[F_CORVIDS][0] = CV_PLOTS
    CRAFTS_WITH_TOKEN[F_CORVIDS][0] = True            # plots, face up or down (LoR 13.2.1), in Birdsong
    FACTION_WARRIOR[F_HUNDREDS] = P_HUNDRED
    WARRIOR_SUPPLY[F_HUNDREDS] = LH_WARRIORS
    FACTION_BUILDING[F_HUNDREDS][0] = P_STRONGHOLD
    BUILDING_SUPPLY[F_HUNDREDS][0] = HUNDREDS_TABLE["strongholds"]
    CRAFTS_WITH_BUILDING[F_HUNDREDS][0] = True        # strongholds (LoR 14.2.1), in Daylight
    FACTION_TOKEN[F_HUNDREDS][0] = P_MOB
    TOKEN_SUPPLY[F_HUNDREDS][0] = HUNDREDS_TABLE["mobs"]
    PAWN_RULE[F_HUNDREDS] = 1                         # the warlord: a warrior (LoR 14.2.2)
    FACTION_WARRIOR[F_KEEPERS] = P_KEEPER
    WARRIOR_SUPPLY[F_KEEPERS] = KI_WARRIORS
    FACTION_BUILDING[F_KEEPERS][0] = P_WAYSTATION
    BUILDING_SUPPLY[F_KEEPERS][0] = KEEPERS_TABLE["waystations"]
    CRAFTS_WITH_BUILDING[F_KEEPERS][0] = True         # waystations of either face (LoR 15.2.3), in Daylight
    FACTION_TOKEN[F_KEEPERS][0] = P_RELIC             # relics in clearings; the rest on KeepersBoard
    TOKEN_SUPPLY[F_KEEPERS][0] = 0                    #   (a relic is never in a supply: I-7)
    FACTION_WARRIOR[F_HIRELING] = P_HIRELING          # a hireling side (hirelings.pxi): its warriors,
    FACTION_BUILDING[F_HIRELING][0] = P_VAULT         #   its vaults; supplies by card (HIRELING_PIECES)

_init_piece_tables()


cdef void init_pieces(Pieces* pc, int f) noexcept nogil:
    """A seat's pieces at the start of a game: all in its supply (f -1: nobody's, empty)."""
    cdef int k
    memset(pc, 0, sizeof(Pieces))
    pc.pawn = -1
    pc.keep = -1
    if f < 0:
        return
    pc.warrior_supply = WARRIOR_SUPPLY[f]
    for k in range(NBKIND):
        pc.building_supply[k] = BUILDING_SUPPLY[f][k]
    for k in range(NTKIND):
        pc.token_supply[k] = TOKEN_SUPPLY[f][k]


# the faction whose board each FactionBoard member is
BOARD_FACTION = {"eyrie": F_EYRIE, "alliance": F_ALLIANCE, "vagabond": F_VAGABOND, "wyrm": F_WYRM,
                 "bot": F_MECHANICAL, "lizards": F_LIZARDS, "riverfolk": F_RIVERFOLK, "duchy": F_DUCHY,
                 "corvids": F_CORVIDS, "hundreds": F_HUNDREDS,
                 "keepers": F_KEEPERS}


cdef void init_board(FactionBoard* b, int f) noexcept nogil:
    """A faction's board at the start of a game (boards.pxi)."""
    cdef int k
    memset(b, 0, sizeof(FactionBoard))
    if f == F_EYRIE:
        b.eyrie.leader = -1
    elif f == F_ALLIANCE:
        b.alliance.sup_clearing = -1
        b.alliance.revolt_at = -1
    elif f == F_VAGABOND or f == F_VAGABOND2:
        b.vagabond.vb_char = -1
        b.vagabond.coalition = -1
        b.vagabond.vb_aided = -1
    elif f == F_WYRM:
        b.wyrm.treasure_supply = WYRM_TREASURE
        b.wyrm.flee_from = -1
    elif f == F_MECHANICAL:
        b.bot.mm_order = -1
    elif f == F_LIZARDS:
        b.lizards.outcast = -1
        b.lizards.crusade_at = -1
    elif f == F_RIVERFOLK:
        for k in range(3):
            b.riverfolk.posts_left[k] = RF_POSTS
        b.riverfolk.buyer = -1
        b.riverfolk.boats = -1
        b.riverfolk.hired = -1
        b.riverfolk.pending = -1
    elif f == F_DUCHY:
        for k in range(3):
            b.duchy.crowns[k] = DC_CROWNS
        b.duchy.acting = -1
        b.duchy.act_kind = -1
        b.duchy.bank_suit = -1
        b.duchy.reveal_for = -1
        b.duchy.reveal_at = -1
        b.duchy.reveal_kind = -1
        b.duchy.sway_minister = -1
        b.duchy.dig_at = -1
        b.duchy.dig_card = -1
    elif f == F_CORVIDS:
        b.corvids.bomb_at = -1
        b.corvids.expose_at = -1
    elif f == F_HUNDREDS:
        b.hundreds.mood = MOOD_STUBBORN_ID
        b.hundreds.mob_suit = -1
        b.hundreds.contempt_card = -1
    elif f == F_KEEPERS:
        init_keepers_board(&b.keepers)


cdef void init_nobody() noexcept nogil:
    """What a faction not at the table has (state.pxi NO_PIECES, NO_BOARD): no pieces, a new board."""
    cdef int f
    init_pieces(&NO_PIECES, -1)
    for f in range(NFACTION):
        init_board(&NO_BOARD[f], f)

init_nobody()


def _nobody_pristine():
    """True while nothing has written what an absent faction has (a test's check after games)."""
    cdef Pieces pc
    cdef FactionBoard b
    cdef int f
    init_pieces(&pc, -1)
    if memcmp(&pc, &NO_PIECES, sizeof(Pieces)) != 0:
        return False
    for f in range(NFACTION):
        init_board(&b, f)
        if memcmp(&b, &NO_BOARD[f], sizeof(FactionBoard)) != 0:
            return False
    return True


# ---- what each faction's own file answers: its phases, and where a shared rule differs --------

ctypedef void (*PhaseFn)(GameState*) noexcept nogil
ctypedef int (*CountFn)(GameState*, int) noexcept nogil
ctypedef int (*ClearingOptionsFn)(GameState*, int, int*) noexcept nogil
ctypedef int (*HitOptionsFn)(GameState*, int*) noexcept nogil
ctypedef void (*TakeHitFn)(GameState*, int, int) noexcept nogil
ctypedef bint (*FavorFn)(GameState*, int, int) noexcept nogil
ctypedef void (*RemovedFn)(GameState*, int, int, int) noexcept nogil
ctypedef int (*KindsFn)(GameState*, int) noexcept nogil
ctypedef bint (*PauseFn)(GameState*) noexcept nogil

cdef struct FactionRules:
    PhaseFn setup                 # starts its setup (in SETUP_ORDER: LoR 5.1.7, W-MP-1)
    PhaseFn birdsong
    PhaseFn daylight              # after Birdsong and its cards
    PhaseFn evening
    CountFn evening_draws         # the cards it draws in Evening as the board stands
    int day_step                  # the Daylight step its battles return to
    FavorFn favor_clears          # a Favor or Revolt removes its pieces in a clearing (True: it pauses)
    ClearingOptionsFn piece_options   # its pieces an effect may remove next (NULL: piece_options)
    HitOptionsFn hit_options      # what its next hit removes (NULL: piece_options in the battle's clearing)
    TakeHitFn take_hit            # one hit on it (NULL: take_hit's shared removal), (piece, remover)
    RemovedFn piece_removed       # after a building or token of its left the map (c, piece, remover)
    KindsFn craft_kinds           # its building kinds that craft now, a bit each (NULL: CRAFTS_WITH_BUILDING)
    PauseFn evening_end           # after its hand limit, before the turn ends (True: it waits; NULL: none)

cdef FactionRules FACTION_RULES[NFROW]
cdef bint ITEM_PLAYER[NFROW]      # pieces are a pawn and items: he fights with swords, hits damage
                                     #   items, he crafts with hammers, never rules (LoR 9.2; the Vagabond)
cdef bint GUERRILLA[NFROW]        # defending, it deals the higher roll (LoR 8.2.2)
cdef bint RAVENOUS[NFROW]         # ignores a hit per rolled hit it lands (W-RAV-1)
cdef bint HATES_SURPRISES[NFROW]  # no ambush in its battles (MM2 digest §2.2)
cdef bint PAWN_HIT[NFROW]         # its pawn may take a hit (W-PY-1: the Wyrm's, then its Lair)
cdef bint IS_BOT[NFROW]           # a printed program plays it: no choice its program does not name
                                     #   (it never enlists the Arbiter, LoR 16.3.5)
cdef bint PILGRIMS[NFROW]         # rules every clearing holding one of its buildings (LoR 10.2.4)
cdef bint REVENGE[NFROW]          # its warriors removed defending in battle become acolytes (LoR 10.2.3)
cdef bint LOST_SOULS[NFROW]       # while it sits, every card spent or discarded goes to the Lost
                                     #   Souls pile (LoR 10.2.6)
cdef bint RITUALS_HATE_BIRDS[NFROW]   # birds are not wild for its rituals (LoR 10.2.2)
cdef bint SWIMMERS[NFROW]         # rivers are paths for it, and a move along one ignores rule (LoR 11.2.2)
cdef bint PUBLIC_HAND[NFROW]      # its hand lies face up (LoR 11.2.3)
cdef bint CRAFTS_WITH_FUNDS[NFROW]    # crafts by committing funds onto its Trade Posts tracks (LoR 11.2.1)
cdef bint NIMBLE[NFROW]           # moves regardless of rule (LoR 13.2.3: the Corvids)
cdef bint PAWN_IS_WARRIOR[NFROW]  # its pawn is a warrior a hit removes to the supply (LoR 14.2.2:
                                     #   the warlord; the Wyrm's pays from its Lair instead)
cdef bint CONTEMPT[NFROW]         # an item it crafts is taken for no VP or scored and removed
                                     #   (LoR 14.2.3: Contempt for Trade; the Hoard holds it)
cdef bint BURROWER[NFROW]         # has the Burrow, a clearing of its own below the map, linked to
                                     #   its tunnels' clearings (LoR 12.2.2: burrow moves, Royal Claim)


cdef void no_phase(GameState* s) noexcept nogil:
    pass


cdef void _init_faction_rules():
    cdef int f
    for f in range(NFROW):                   # F_HIRELING's row: none of these (hirelings.pxi)
        FACTION_RULES[f].piece_options = NULL
        FACTION_RULES[f].hit_options = NULL
        FACTION_RULES[f].take_hit = NULL
        FACTION_RULES[f].piece_removed = NULL
        ITEM_PLAYER[f] = GUERRILLA[f] = RAVENOUS[f] = HATES_SURPRISES[f] = False
        PAWN_HIT[f] = IS_BOT[f] = False
        PILGRIMS[f] = REVENGE[f] = LOST_SOULS[f] = RITUALS_HATE_BIRDS[f] = False
        SWIMMERS[f] = PUBLIC_HAND[f] = CRAFTS_WITH_FUNDS[f] = BURROWER[f] = NIMBLE[f] = False
        PAWN_IS_WARRIOR[f] = CONTEMPT[f] = False
        FACTION_RULES[f].craft_kinds = NULL
        FACTION_RULES[f].evening_end = NULL
    FACTION_RULES[F_MARQUISE] = FactionRules(
        setup=cat_setup_start, birdsong=cat_birdsong, daylight=cat_daylight, evening=cat_evening,
        evening_draws=cat_evening_draws, day_step=S_CAT_DAY, favor_clears=favor_clears_marquise,
        piece_options=NULL, hit_options=NULL, take_hit=NULL, piece_removed=NULL, craft_kinds=NULL, evening_end=NULL)
    FACTION_RULES[F_WYRM] = FactionRules(
        setup=wyrm_setup_start, birdsong=wyrm_birdsong, daylight=wyrm_daylight, evening=wyrm_evening,
        evening_draws=wyrm_evening_draws, day_step=S_WYRM_DAY, favor_clears=favor_clears_wyrm,
        piece_options=NULL, hit_options=NULL, take_hit=NULL, piece_removed=wyrm_piece_removed, craft_kinds=NULL, evening_end=NULL)
    RAVENOUS[F_WYRM] = True
    PAWN_HIT[F_WYRM] = True
    FACTION_RULES[F_EYRIE] = FactionRules(
        setup=eyrie_setup_start, birdsong=eyrie_birdsong, daylight=eyrie_daylight, evening=eyrie_evening,
        evening_draws=eyrie_evening_draws, day_step=S_EYRIE_DAY, favor_clears=favor_clears_eyrie,
        piece_options=NULL, hit_options=NULL, take_hit=NULL, piece_removed=NULL, craft_kinds=NULL, evening_end=NULL)
    FACTION_RULES[F_ALLIANCE] = FactionRules(
        setup=alliance_setup, birdsong=alliance_birdsong, daylight=alliance_daylight,
        evening=alliance_evening, evening_draws=alliance_evening_draws, day_step=S_ALLIANCE_DAY,
        favor_clears=favor_clears_alliance, piece_options=NULL, hit_options=NULL, take_hit=NULL,
        piece_removed=alliance_piece_removed, craft_kinds=NULL, evening_end=NULL)
    GUERRILLA[F_ALLIANCE] = True
    FACTION_RULES[F_VAGABOND] = FactionRules(
        setup=vagabond_setup, birdsong=vagabond_birdsong, daylight=vagabond_daylight,
        evening=vagabond_evening, evening_draws=vagabond_evening_draws, day_step=S_VB_DAY,
        favor_clears=favor_clears_vagabond, piece_options=NULL, hit_options=vb_hit_options,
        take_hit=vb_take_hit, piece_removed=NULL, craft_kinds=NULL, evening_end=NULL)
    ITEM_PLAYER[F_VAGABOND] = True
    FACTION_RULES[F_VAGABOND2] = FACTION_RULES[F_VAGABOND]   # the second Vagabond: the same rules (LoR 9.7)
    ITEM_PLAYER[F_VAGABOND2] = True
    FACTION_RULES[F_MECHANICAL] = FactionRules(
        setup=mm_setup_start, birdsong=mm_birdsong, daylight=no_phase, evening=mm_evening,
        evening_draws=mm_evening_draws, day_step=S_MM_DAY, favor_clears=favor_clears_mechanical,
        piece_options=mm_piece_options, hit_options=mm_hit_options, take_hit=mm_take_hit,
        piece_removed=NULL, craft_kinds=NULL, evening_end=NULL)
    HATES_SURPRISES[F_MECHANICAL] = True
    IS_BOT[F_MECHANICAL] = True
    FACTION_RULES[F_LIZARDS] = FactionRules(
        setup=lizards_setup, birdsong=lizards_birdsong, daylight=lizards_daylight, evening=lizards_evening,
        evening_draws=lizards_evening_draws, day_step=S_LZ_DAY, favor_clears=favor_clears_lizards,
        piece_options=NULL, hit_options=NULL, take_hit=NULL, piece_removed=lizards_piece_removed,
        craft_kinds=lizards_craft_kinds, evening_end=NULL)
    PILGRIMS[F_LIZARDS] = REVENGE[F_LIZARDS] = LOST_SOULS[F_LIZARDS] = RITUALS_HATE_BIRDS[F_LIZARDS] = True
    FACTION_RULES[F_RIVERFOLK] = FactionRules(
        setup=riverfolk_setup, birdsong=riverfolk_birdsong, daylight=riverfolk_daylight,
        evening=riverfolk_evening, evening_draws=riverfolk_evening_draws, day_step=S_RF_DAY,
        favor_clears=favor_clears_riverfolk, piece_options=NULL, hit_options=NULL, take_hit=NULL,
        piece_removed=riverfolk_piece_removed, craft_kinds=NULL, evening_end=riverfolk_evening_end)
    SWIMMERS[F_RIVERFOLK] = PUBLIC_HAND[F_RIVERFOLK] = CRAFTS_WITH_FUNDS[F_RIVERFOLK] = True
    FACTION_RULES[F_DUCHY] = FactionRules(
        setup=duchy_setup, birdsong=duchy_birdsong, daylight=duchy_daylight, evening=duchy_evening,
        evening_draws=duchy_evening_draws, day_step=S_DC_DAY, favor_clears=favor_clears_duchy,
        piece_options=NULL, hit_options=NULL, take_hit=NULL, piece_removed=duchy_piece_removed,
        craft_kinds=NULL, evening_end=NULL)
    BURROWER[F_DUCHY] = True
    FACTION_RULES[F_CORVIDS] = FactionRules(
        setup=corvids_setup, birdsong=corvids_birdsong, daylight=corvids_daylight, evening=corvids_evening,
        evening_draws=corvids_evening_draws, day_step=S_CV_DAY, favor_clears=favor_clears_corvids,
        piece_options=NULL, hit_options=NULL, take_hit=NULL, piece_removed=corvids_piece_removed,
        craft_kinds=NULL, evening_end=NULL)
    NIMBLE[F_CORVIDS] = True
    FACTION_RULES[F_HUNDREDS] = FactionRules(
        setup=hundreds_setup, birdsong=hundreds_birdsong, daylight=hundreds_daylight, evening=hundreds_evening,
        evening_draws=hundreds_evening_draws, day_step=S_LH_DAY, favor_clears=favor_clears_hundreds,
        piece_options=NULL, hit_options=NULL, take_hit=NULL, piece_removed=NULL,
        craft_kinds=NULL, evening_end=NULL)
    PAWN_HIT[F_HUNDREDS] = PAWN_IS_WARRIOR[F_HUNDREDS] = CONTEMPT[F_HUNDREDS] = True
    FACTION_RULES[F_KEEPERS] = FactionRules(
        setup=keepers_setup, birdsong=keepers_birdsong, daylight=keepers_daylight, evening=keepers_evening,
        evening_draws=keepers_evening_draws, day_step=S_KI_DAY, favor_clears=favor_clears_keepers,
        piece_options=NULL, hit_options=NULL, take_hit=NULL, piece_removed=keepers_piece_removed,
        craft_kinds=NULL, evening_end=NULL)

_init_faction_rules()
