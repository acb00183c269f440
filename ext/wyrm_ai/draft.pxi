# The faction draft of the Advanced Setup (LoR 16.1.8.1-2; docs/advanced-setup.md §4, §10).
# Players hold no faction until they choose one: seat_faction is -1 for them (every rule that
# reads a seat's faction runs after its pick, or skips such a seat). The pool is dealt by chance
# (S_DRAFT_DEAL, a character beside each Vagabond card: S_DRAFT_CHAR), then the players choose from
# the last in turn order counterclockwise (S_DRAFT_PICK), each setting up its faction at once by its
# setup card (the homeland rules below; marquise.pxi, eyrie.pxi), the Wyrm after every other
# faction (W-MP-1, W-MP-48). A bot sets up before the draft and never drafts (choice C4).

cdef enum:
    DRAFT_NONE = 0      # no draft: factions named at the table (the Standard Setup, or 16.1.8's first branch)
    DRAFT_DEAL = 1      # the pool still to be dealt
    DRAFT_PICK = 2      # players choosing
    DRAFT_DONE = 3


cdef inline bint drafting(GameState* s) noexcept nogil:
    """The draft is under way: a faction's setup follows its card (homelands)."""
    return s.draft_stage == DRAFT_PICK


cdef inline int char_slot(int f) noexcept nogil:
    """Which of draft_char holds the character dealt beside card f (the Vagabond's 0, the second's 1)."""
    cdef int g, n = 0
    for g in range(f):
        n += DRAFT_CHARACTER[g]
    return n


cdef inline int drafted_character(GameState* s, int seat) noexcept nogil:
    """The character dealt beside the Vagabond card a seat chose: the only one it may play
    (16.1.8.1.3); -1 outside a draft."""
    cdef int f = s.seat_faction[seat]
    if s.draft_stage == DRAFT_NONE or f < 0 or not DRAFT_CHARACTER[f]:
        return -1
    return s.draft_char[char_slot(f)]


# ---- homelands (LoR 16.1.8.2.1-3; choices C10, C11) -------------------------------------------

cdef inline uint16_t enemy_homelands(GameState* s, int seat) noexcept nogil:
    cdef int v
    cdef uint16_t m = 0
    for v in range(s.nseats):
        if v != seat:
            m |= s.homeland[v]
    return m


cdef inline uint16_t neighbours(GameState* s, uint16_t mask) noexcept nogil:
    """The clearings adjacent to any of mask (open paths only, C10)."""
    cdef uint16_t out = 0
    cdef int c
    for c in range(NCL):
        if (mask >> c) & 1:
            out |= s.adj[c]
    return out


cdef inline int homeland_distance(GameState* s, uint16_t mask, int c) noexcept nogil:
    """Paths from c to the nearest clearing of mask, capped at 3 (3: two or more clearings
    between, 16.1.8.2.2; 2: not adjacent; 1: adjacent; 0: in it). No homeland: 3."""
    cdef int d
    cdef uint16_t reach = mask
    for d in range(3):
        if (reach >> c) & 1:
            return d
        reach |= neighbours(s, reach)
    return 3


cdef inline bint homeland_open(GameState* s, int seat, int c) noexcept nogil:
    """c may be chosen as a homeland of seat: not an enemy's homeland (nor a Keep's clearing), and
    it can take the listed pieces: warriors and one building (16.1.8.2.1, C11)."""
    return (not (enemy_homelands(s, seat) >> c) & 1 and not (s.homeland[seat] >> c) & 1
            and may_place(s, seat, c) and free_slots(s, c) > 0)


cdef inline void add_homeland(GameState* s, int seat, int c) noexcept nogil:
    s.homeland[seat] |= <uint16_t>(1 << c)


# ---- a corner faction's starting corner (the Cult LoR 10.3.2, the Duchy 12.3.3) ----------------

cdef inline bint start_taken(GameState* s, int me, int c) noexcept nogil:
    """Another player's starting corner: a Keep, or another faction's building or token in it at
    setup (the Eyrie's first roost, the Cult's garden, the Duchy's tunnel; the Marquise's warriors
    stand everywhere but the opposite corner, so a warrior does not mark one)."""
    cdef int v
    for v in range(s.nseats):
        if v != me and (s.seats[v].pc.keep == c or buildings_in(&s.seats[v].pc, c) > 0
                        or s.seats[v].pc.tokens[0][c] > 0):
            return True
    return False


cdef int gen_free_corner(GameState* s, int me, int base, int* out) noexcept nogil:
    """A corner that is no other player's starting corner and, if possible, diagonally opposite
    one (LoR 10.3.2, 12.3.3); with every corner taken, any clearing free of other players' starts
    (a corner faction beyond four). In the draft the starting corners are the other players'
    homelands, and the corner chosen becomes this faction's homeland (choice C18 of
    docs/riverfolk-lizards.md). Actions base + clearing."""
    cdef int c, k = 0
    cdef uint16_t enemies
    if drafting(s):
        enemies = enemy_homelands(s, me)
        for c in range(4):
            if homeland_open(s, me, c) and (enemies >> opposite_corner(s, c)) & 1:
                out[k] = base + c
                k += 1
        for c in range(4 if k == 0 else 0):
            if homeland_open(s, me, c):
                out[k] = base + c
                k += 1
        for c in range(NCL if k == 0 else 0):
            if homeland_open(s, me, c):
                out[k] = base + c
                k += 1
        return k
    for c in range(4):
        if not start_taken(s, me, c) and may_place(s, me, c) and start_taken(s, me, opposite_corner(s, c)):
            out[k] = base + c
            k += 1
    if k:
        return k
    for c in range(4):
        if not start_taken(s, me, c) and may_place(s, me, c):
            out[k] = base + c
            k += 1
    if k:
        return k
    for c in range(NCL):
        if not start_taken(s, me, c) and may_place(s, me, c):
            out[k] = base + c
            k += 1
    return k


# ---- the deal (LoR 16.1.8.1) -----------------------------------------------------------------

cdef void draft_begin(GameState* s) noexcept nogil:
    """After the bots' setup: a Keep already on the map is a homeland for the draft (C4); then
    the pool is dealt."""
    cdef int v
    for v in range(s.nseats):
        if s.seats[v].pc.keep >= 0:
            add_homeland(s, v, s.seats[v].pc.keep)
    s.step = S_DRAFT_DEAL


cdef int draft_chance(GameState* s, int* out, double* prob) noexcept nogil:
    """The card dealt next: the first a militant card (16.1.8.1), the others any left; or the
    character beside a Vagabond card, none dealt twice (16.1.8.1.3, C8)."""
    cdef int f, ch, k = 0
    cdef uint16_t cards = s.draft_deck
    if s.step == S_DRAFT_CHAR:
        for ch in range(NCHAR):
            if ch != s.draft_char[0] and ch != s.draft_char[1]:
                out[k] = A_DRAFT_CHAR + ch
                k += 1
    else:
        if s.draft_pool == 0:
            cards &= DRAFT_MILITANTS
        for f in range(NFACTION):
            if (cards >> f) & 1:
                out[k] = A_DRAFT_CARD + f
                k += 1
    for f in range(k):
        prob[f] = 1.0 / k
    return k


cdef void deal_draft_card(GameState* s, int f) noexcept nogil:
    s.draft_deck &= ~(1 << f)
    s.draft_pool |= 1 << f
    s.draft_deals -= 1
    s.draft_last = f
    if DRAFT_CHARACTER[f]:
        s.step = S_DRAFT_CHAR
        return
    dealt(s)


cdef void dealt(GameState* s) noexcept nogil:
    """After a card: the next; after the last, the lock (16.1.8.1.2) and the first choice."""
    if s.draft_deals > 0:
        s.step = S_DRAFT_DEAL
        return
    if not DRAFT_MILITANT[s.draft_last]:
        s.draft_locked = s.draft_last
    s.draft_stage = DRAFT_PICK
    draft_next(s)


# ---- the choice (LoR 16.1.8.2) ---------------------------------------------------------------

cdef void draft_next(GameState* s) noexcept nogil:
    """The next player to choose, from the last in turn order counterclockwise (the first player
    chooses last); once all have chosen, the setups that wait (the Wyrm's), then the rest of the
    Advanced Setup."""
    cdef int i, f, seat = s.first
    for i in range(s.nseats):
        seat = seat - 1 if seat > 0 else s.nseats - 1
        if s.seat_faction[seat] < 0:
            s.turn = seat
            s.step = S_DRAFT_PICK
            return
    for f in range(NFACTION):
        if (s.draft_waiting >> f) & 1:
            s.draft_waiting &= ~(1 << f)
            s.turn = s.faction_seat[f]
            FACTION_RULES[f].setup(s)
            return
    s.draft_stage = DRAFT_DONE
    setup_done(s)


cdef int gen_draft_pick(GameState* s, int* out) noexcept nogil:
    """The cards of the pool, but a locked insurgent while no militant has been chosen."""
    cdef int f, k = 0
    for f in range(NFACTION):
        if (s.draft_pool >> f) & 1 and f != s.draft_locked:
            out[k] = A_DRAFT_PICK + f
            k += 1
    return k


cdef void draft_pick(GameState* s, int f) noexcept nogil:
    """The player on turn takes card f and sets its faction up at once (16.1.8.2), or waits with
    it (the Wyrm). A twin's card (the second Vagabond's) taken while its twin's seat is empty makes
    the chooser the first of the two: the cards swap their characters."""
    cdef int seat = s.turn, g = TWIN[f]
    cdef int8_t ch
    s.draft_pool &= ~(1 << f)
    if g >= 0 and s.faction_seat[g] < 0:
        ch = s.draft_char[char_slot(f)]
        s.draft_char[char_slot(f)] = s.draft_char[char_slot(g)]
        s.draft_char[char_slot(g)] = ch
        if (s.draft_pool >> g) & 1:        # the other card stays in the pool, now as the twin's
            s.draft_pool = (s.draft_pool & ~(1 << g)) | (1 << f)
            if s.draft_locked == g:
                s.draft_locked = f
        f = g
    s.seat_faction[seat] = f
    s.faction_seat[f] = seat
    init_pieces(&s.seats[seat].pc, f)
    init_board(&s.seats[seat].board, f)
    if DRAFT_MILITANT[f]:
        s.draft_locked = -1
    if TWIN[f] >= 0:
        twin_seated(s)
    if SETS_UP_LAST[f]:
        s.draft_waiting |= 1 << f
        draft_next(s)
        return
    FACTION_RULES[f].setup(s)


cdef bint draft_step(int st) noexcept nogil:
    return st == S_DRAFT_DEAL or st == S_DRAFT_CHAR or st == S_DRAFT_PICK


cdef void apply_draft(GameState* s, int a) noexcept nogil:
    if s.step == S_DRAFT_DEAL:
        deal_draft_card(s, a - A_DRAFT_CARD)
    elif s.step == S_DRAFT_CHAR:
        s.draft_char[char_slot(s.draft_last)] = a - A_DRAFT_CHAR
        dealt(s)
    else:
        draft_pick(s, a - A_DRAFT_PICK)
