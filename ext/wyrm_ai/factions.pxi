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
    "characters": ("thief", "tinker", "ranger"),               # LoR D.1-D.3
    # starting "S" items (LoR 9.3.5, D.1-D.3): boots, bag, crossbow, hammer, sword, tea, coins, torch
    "start_items": ((1, 0, 0, 0, 1, 1, 0, 1),                  # Thief: boots, sword, tea, torch
                    (1, 1, 0, 1, 0, 0, 0, 1),                  # Tinker: boots, bag, hammer, torch
                    (1, 0, 1, 0, 1, 0, 0, 1)),                 # Ranger: boots, crossbow, sword, torch
    "s_items": (1, 1, 1, 1, 1, 1, 0, 1),                       # the 7 "S" items of the box (§1.9)
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

# Per faction: whether it holds a hand of cards (a bot holds none: MM2 digest §2.2). A shared rule
# that gives a card (the Lake's Ferry) asks this table.
cdef bint FACTION_HOLDS_CARDS[NFACTION]
for _f in range(NFACTION):
    FACTION_HOLDS_CARDS[_f] = _f != F_MECHANICAL
