# The map a game is played on. Static data per map (slots, ruins, paths at setup, forests,
# corners) in tables indexed by map id; what a game can change or sets at setup lives in the
# state: s.map_id, the clearings' suits s.suit (printed on Autumn, suit markers on the other
# maps: LoR 16.1.1) and the open paths s.adj (a bit mask per clearing: the Mountain's closed
# paths open during play, LoR 16.2.3.3). Every rule asks the state, never Autumn's numbers.
# Index i is clearing i+1 (its Rootbotics priority number on every map).
cdef enum:
    NMAPS = 4          # maps.pxi: MAP_NAMES
    MAP_AUTUMN = 0
    MAX_CLOSED = 6     # closed paths at setup (the Mountain's six)

cdef int8_t MAP_SLOTS[NMAPS][NCL]        # slots, counting the one a ruin covers
cdef int8_t MAP_RUIN[NMAPS][NCL]
cdef uint16_t MAP_ADJ[NMAPS][NCL]        # paths open at setup: bit b of clearing a
cdef uint16_t MAP_RIVER[NMAPS][NCL]      # river links (the Lake: the lake's), bit b of clearing a
cdef uint16_t MAP_ALL_ADJ[NMAPS][NCL]    # every path, closed at setup or not
cdef int8_t MAP_SUIT[NMAPS][NCL]         # printed suits (Autumn), -1 where the map prints none
cdef uint16_t MAP_FOREST[NMAPS][NFOREST] # the clearings around each forest, as a bit mask
cdef uint16_t MAP_FOREST_ADJ[NMAPS][NFOREST]   # bit g: forest g is adjacent to forest f (LoR 2.4.1, 16.2)
cdef int8_t MAP_NFOREST[NMAPS]
cdef int8_t MAP_OPPOSITE[NMAPS][4]       # the corner diagonally opposite each corner (clearings 1-4)
cdef uint16_t MAP_COASTAL[NMAPS]         # coastal clearings (the Lake: LoR 16.2.2.3)
cdef int8_t MAP_FERRY[NMAPS]             # the Ferry's clearing at setup (16.2.2.1), -1: no Ferry
cdef int8_t MAP_TOWER[NMAPS]             # the Tower's clearing, the Pass (16.2.3.4), -1: none
cdef int8_t MAP_CLOSED[NMAPS][MAX_CLOSED][2]   # the paths closed at setup (16.2.3.1), by index
cdef int8_t MAP_NCLOSED[NMAPS]
cdef uint16_t MAP_EDGE[NMAPS]           # the clearings on the map edge (LoR 16.6.15)

_AUTUMN_DATA = MAPS["autumn"]          # Autumn's names, as front ends have long read them
_SUITS = list(_AUTUMN_DATA["printed_suits"])
_SLOTS = list(_AUTUMN_DATA["slots"])
_RUINS = list(_AUTUMN_DATA["ruins"])
PATHS = _AUTUMN_DATA["paths"]
FORESTS = _AUTUMN_DATA["forests"]
FOREST_NAMES = _AUTUMN_DATA["forest_names"]   # Rootlog forest names


cdef void _init_map(int m, dict data) except *:
    cdef int i, f, g
    suits = data["printed_suits"]
    for i in range(NCL):
        MAP_SUIT[m][i] = suits[i] if suits is not None else -1
        MAP_SLOTS[m][i] = data["slots"][i]
        MAP_RUIN[m][i] = data["ruins"][i]
        MAP_ADJ[m][i] = 0
        MAP_RIVER[m][i] = 0
        MAP_ALL_ADJ[m][i] = 0
    for a, b in data["paths"] + data["closed_paths"]:
        MAP_ALL_ADJ[m][a - 1] |= 1 << (b - 1)
        MAP_ALL_ADJ[m][b - 1] |= 1 << (a - 1)
    for a, b in data["paths"]:
        MAP_ADJ[m][a - 1] |= 1 << (b - 1)
        MAP_ADJ[m][b - 1] |= 1 << (a - 1)
    for a, b in data["rivers"]:
        MAP_RIVER[m][a - 1] |= 1 << (b - 1)
        MAP_RIVER[m][b - 1] |= 1 << (a - 1)
    forests = data["forests"]
    if len(forests) > NFOREST:
        raise RuntimeError(f"the {data['name']} map has {len(forests)} forests; the core holds {NFOREST}")
    MAP_NFOREST[m] = len(forests)
    for f in range(NFOREST):
        MAP_FOREST[m][f] = sum(1 << (c - 1) for c in forests[f]) if f < len(forests) else 0
        MAP_FOREST_ADJ[m][f] = 0
    for f, g in data["forest_adjacency"]:
        MAP_FOREST_ADJ[m][f] |= 1 << g
        MAP_FOREST_ADJ[m][g] |= 1 << f
    for i in range(4):
        MAP_OPPOSITE[m][i] = data["opposite_corner"][i + 1] - 1
    MAP_COASTAL[m] = sum(1 << (c - 1) for c in data["coastal"])
    MAP_FERRY[m] = data["ferry"] - 1 if data["ferry"] is not None else -1
    MAP_TOWER[m] = data["tower"] - 1 if data["tower"] is not None else -1
    MAP_NCLOSED[m] = len(data["closed_paths"])
    MAP_EDGE[m] = sum(1 << (c - 1) for c in data["edge"])
    for i, (a, b) in enumerate(data["closed_paths"]):
        MAP_CLOSED[m][i][0] = a - 1
        MAP_CLOSED[m][i][1] = b - 1


cdef void _init_board() except *:
    for name, data in MAPS.items():
        _init_map(MAP_NAMES.index(name), data)

_init_board()


cdef void set_map(GameState* s, int m, int8_t* suits) noexcept nogil:
    """A new game's map: its open paths at setup and the clearings' suits (suits: one per
    clearing, or NULL for the suits printed on the map)."""
    cdef int c
    s.map_id = m
    s.ferry = MAP_FERRY[m]
    for c in range(NCL):
        s.adj[c] = MAP_ADJ[m][c]
        s.suit[c] = suits[c] if suits != NULL else MAP_SUIT[m][c]


cdef inline bint adjacent(GameState* s, int a, int b) noexcept nogil:
    return (s.adj[a] >> b) & 1


cdef inline uint16_t map_edge(GameState* s) noexcept nogil:
    """Bit c: clearing c is on the map edge (LoR 16.6.15)."""
    return MAP_EDGE[s.map_id]


cdef inline int n_forests(GameState* s) noexcept nogil:
    return MAP_NFOREST[s.map_id]


cdef inline bint forest_touches(GameState* s, int f, int c) noexcept nogil:
    return (MAP_FOREST[s.map_id][f] >> c) & 1


cdef inline bint forests_adjacent(GameState* s, int f, int g) noexcept nogil:
    return (MAP_FOREST_ADJ[s.map_id][f] >> g) & 1


cdef inline int map_slots(GameState* s, int c) noexcept nogil:
    return MAP_SLOTS[s.map_id][c]


cdef inline bint map_ruin(GameState* s, int c) noexcept nogil:
    return MAP_RUIN[s.map_id][c]


cdef inline uint16_t ruin_mask(GameState* s) noexcept nogil:
    """Bit c: clearing c has a ruin slot on this map."""
    cdef int c
    cdef uint16_t m = 0
    for c in range(NCL):
        if MAP_RUIN[s.map_id][c]:
            m |= 1 << c
    return m


cdef inline int opposite_corner(GameState* s, int corner) noexcept nogil:
    return MAP_OPPOSITE[s.map_id][corner]


# ---- the Lake: the Ferry (LoR 16.2.2.5) ----------------------------------------------------
# Once per turn, a move out of the Ferry's clearing may go to any other coastal clearing,
# regardless of paths, the rule of either end still needed; the Ferry goes with it and the mover
# then draws a card (a bot scores 1 VP instead: Law of Rootbotics, the Lake). rules.pxi applies it.

cdef inline bint ferry_link(GameState* s, int a, int b) noexcept nogil:
    return (s.ferry == a and not s.ferry_used and a != b and not adjacent(s, a, b)
            and (MAP_COASTAL[s.map_id] >> b) & 1 and not (s.scorched >> b) & 1)


cdef inline bint may_reach(GameState* s, int seat, int a, int b) noexcept nogil:
    """A move of seat's may go from a to b: along an open path or a link its cards make
    (reach_mask: Boat Builders, Tunnels), or by the Ferry."""
    return (reach_mask(s, seat, a) >> b) & 1 or (ferry_link(s, a, b) and not leave_blocked(s, seat, a))


cdef inline bint ferry_carries(GameState* s, int seat, int a, int b) noexcept nogil:
    """seat's move from a to b goes by the Ferry: no path nor link of its own joins them."""
    return ferry_link(s, a, b) and not (own_links(s, seat, a) >> b) & 1


# ---- the Mountain: closed paths and the Pass (LoR 16.2.3) --------------------------------

cdef inline bint path_closed(GameState* s, int i) noexcept nogil:
    """Closed path i of the map (MAP_CLOSED) is still closed."""
    return i < MAP_NCLOSED[s.map_id] and not adjacent(s, MAP_CLOSED[s.map_id][i][0], MAP_CLOSED[s.map_id][i][1])


cdef inline int tower_clearing(GameState* s) noexcept nogil:
    return MAP_TOWER[s.map_id]
