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
    "lair_caps": (1, 2, 2, 3, 4, 5),             # W-EVE-2 (assumed): caps on the Growth track, left to right
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
cdef int8_t WYRM_LAIR_CAP[7]
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
    WYRM_LAIR_CAP[0] = 0
    for i in range(6):
        WYRM_LAIR_CAP[i + 1] = WYRM_TABLE["lair_caps"][i]
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
