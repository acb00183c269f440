# The Autumn map (root-base-rules.md §1). Index i is clearing i+1.
cdef int8_t CLEARING_SUIT[NCL]
cdef int8_t CLEARING_SLOTS[NCL]       # slots, counting the one a ruin covers
cdef int8_t CLEARING_RUIN[NCL]
cdef int8_t ADJ[NCL][6]               # adjacent clearings, -1 terminated
cdef int8_t N_ADJ[NCL]
cdef uint16_t ADJ_MASK[NCL]
cdef int8_t FOREST_CLEARINGS[NFOREST][6]   # clearings touching each forest, -1 terminated
cdef int8_t N_FOREST_CLEARINGS[NFOREST]
cdef int8_t OPPOSITE_CORNER[4]

_SUITS = [FOX, MOUSE, RABBIT, RABBIT, RABBIT, FOX, MOUSE, FOX, MOUSE, RABBIT, MOUSE, FOX]
_SLOTS = [1, 2, 1, 1, 2, 2, 2, 2, 2, 2, 3, 2]
_RUINS = [0, 0, 0, 0, 0, 1, 0, 0, 0, 1, 1, 1]
PATHS = ((1, 5), (1, 9), (1, 10), (2, 5), (2, 6), (2, 10), (3, 6), (3, 7), (3, 11), (4, 8),
         (4, 9), (4, 12), (6, 11), (7, 8), (7, 12), (9, 12), (10, 12), (11, 12))
FORESTS = ((1, 2, 5, 10), (1, 9, 10, 12), (2, 6, 10, 11, 12), (4, 9, 12), (4, 7, 8, 12),
           (3, 7, 11, 12), (3, 6, 11))
FOREST_NAMES = tuple("_".join(str(c) for c in f) for f in FORESTS)   # Rootlog forest names


cdef void _init_board():
    cdef int i, j
    for i in range(NCL):
        CLEARING_SUIT[i] = _SUITS[i]
        CLEARING_SLOTS[i] = _SLOTS[i]
        CLEARING_RUIN[i] = _RUINS[i]
        N_ADJ[i] = 0
        ADJ_MASK[i] = 0
        for j in range(6):
            ADJ[i][j] = -1
    for a, b in PATHS:
        for x, y in ((a - 1, b - 1), (b - 1, a - 1)):
            ADJ[x][N_ADJ[x]] = y
            N_ADJ[x] += 1
            ADJ_MASK[x] |= 1 << y
    for i in range(NCL):   # keep adjacency lists sorted
        lst = sorted(ADJ[i][j] for j in range(N_ADJ[i]))
        for j in range(N_ADJ[i]):
            ADJ[i][j] = lst[j]
    for i in range(NFOREST):
        N_FOREST_CLEARINGS[i] = len(FORESTS[i])
        for j in range(6):
            FOREST_CLEARINGS[i][j] = FORESTS[i][j] - 1 if j < len(FORESTS[i]) else -1
    OPPOSITE_CORNER[0] = 2
    OPPOSITE_CORNER[1] = 3
    OPPOSITE_CORNER[2] = 0
    OPPOSITE_CORNER[3] = 1

_init_board()


cdef inline bint adjacent(int a, int b) noexcept nogil:
    return (ADJ_MASK[a] >> b) & 1


cdef inline bint forest_touches(int f, int c) noexcept nogil:
    cdef int j
    for j in range(N_FOREST_CLEARINGS[f]):
        if FOREST_CLEARINGS[f][j] == c:
            return True
    return False
