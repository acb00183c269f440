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
