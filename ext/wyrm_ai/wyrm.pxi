# The Voracious Wyrm (../shared/rules/voracious-wyrm.md). Clause ids in comments.

cdef inline Pieces* wyrm_pc(GameState* s) noexcept nogil:
    """The Wyrm's pieces: wyrmlings are its warriors, fear tokens its tokens (nobody's when absent)."""
    return faction_pc(s, F_WYRM)


cdef inline WyrmBoard* wyrm_board(GameState* s) noexcept nogil:
    """The Wyrm's board (Growth, treasure, fear sides, its turn's actions)."""
    return &faction_board(s, F_WYRM).wyrm


cdef void wyrm_setup_start(GameState* s) noexcept nogil:
    """Its setup: it picks its starting clearing (W-SET-2)."""
    s.step = S_WYRM_SETUP


cdef void wyrm_piece_removed(GameState* s, int c, int piece, int remover) noexcept nogil:
    """A fear token removed takes its side with it."""
    if piece == P_FEAR:
        wyrm_board(s).fear_cowed &= <uint16_t>~(1 << c)


cdef inline int fear_at(GameState* s, int c) noexcept nogil:
    """The fear token in c: FEAR_NONE, FEAR_SCARED or FEAR_COWED (its side, W-SUP-3)."""
    if not wyrm_pc(s).tokens[0][c]:
        return FEAR_NONE
    return FEAR_COWED if (wyrm_board(s).fear_cowed >> c) & 1 else FEAR_SCARED


cdef inline void set_fear(GameState* s, int c, int side) noexcept nogil:
    """Put a fear token showing side in c (FEAR_NONE: none there)."""
    wyrm_pc(s).tokens[0][c] = side != FEAR_NONE
    if side == FEAR_COWED:
        wyrm_board(s).fear_cowed |= <uint16_t>(1 << c)
    else:
        wyrm_board(s).fear_cowed &= <uint16_t>~(1 << c)


cdef inline int growth_on_track(GameState* s) noexcept nogil:
    return WYRM_GROWTH - wyrm_board(s).growth[BITE] - wyrm_board(s).growth[HEIGHT] - wyrm_board(s).growth[MIGHT]


cdef inline int removed_from(GameState* s, int track) noexcept nogil:
    """W-SUP-3: how many of the track's 2 spaces are empty."""
    return WYRM_TRACK_SPACES - wyrm_board(s).growth[track]


cdef inline int wyrm_battles_allowed(GameState* s) noexcept nogil:
    """W-BITE-1: battles a turn."""
    return 1 + removed_from(s, BITE)


cdef inline int wyrm_moves_allowed(GameState* s) noexcept nogil:
    """W-HEIGHT-1: moves a turn."""
    return 1 + removed_from(s, HEIGHT)


cdef inline int wyrm_might(GameState* s) noexcept nogil:
    """W-MIGHT-1: wyrmlings per Intimidate, before the supply limits them."""
    return 1 + removed_from(s, MIGHT)


cdef inline int lair_cap(GameState* s) noexcept nogil:
    """W-EVE-1: the most VP the Lair scores in Evening, the cap of the rightmost covered space (the
    game's caps, W-EVE-2 by default); none with no Growth on the track."""
    cdef int g = growth_on_track(s)
    return s.growth_caps[g - 1] if g > 0 else 0


cdef inline int wyrm_evening_draws(GameState* s, int seat) noexcept nogil:
    """W-EVE-3: 1 plus 1 per pair of Growth markers on the track."""
    return 1 + growth_on_track(s) // 2


# ---- setup -----------------------------------------------------------------------------

cdef int gen_wyrm_setup(GameState* s, int* out) noexcept nogil:
    """W-SET-2: the clearing(s) holding the fewest opponents' pieces (every other faction's,
    W-MP-1), not the Keep's (W-PLACE-1)."""
    cdef int c, best = 1000, k = 0, n
    cdef int me = wyrm_seat(s)
    for c in range(NCL):
        if may_place(s, me, c):
            n = enemy_pieces_in(s, me, c)
            if n < best:
                best = n
    for c in range(NCL):
        if may_place(s, me, c) and enemy_pieces_in(s, me, c) == best:
            out[k] = A_PAWN_TO + c
            k += 1
    return k


cdef void wyrm_setup(GameState* s, int c) noexcept nogil:
    """W-SET-1..4: pawn and 2 wyrmlings, Growth on Bite/Height/Might, one scared fear token."""
    wyrm_pc(s).pawn = c
    wyrm_pc(s).warriors[c] += WYRM_START_WYRMLINGS
    wyrm_pc(s).warrior_supply -= WYRM_START_WYRMLINGS
    wyrm_board(s).growth[BITE] = WYRM_TRACK_SPACES
    wyrm_board(s).growth[HEIGHT] = WYRM_TRACK_SPACES
    wyrm_board(s).growth[MIGHT] = WYRM_TRACK_SPACES
    set_fear(s, c, FEAR_SCARED)
    wyrm_pc(s).token_supply[0] -= 1
    setup_next(s, F_WYRM)


# ---- Birdsong ----------------------------------------------------------------------------

cdef inline int intimidate_max(GameState* s, int c) noexcept nogil:
    """W-MIGHT-1: 1 + Growth removed from Might, limited by the supply (and W-PLACE-1)."""
    cdef int me = wyrm_seat(s)
    if not may_place(s, me, c):
        return 0
    return min(wyrm_might(s), wyrm_pc(s).warrior_supply)


cdef void wyrm_birdsong(GameState* s) noexcept nogil:
    """W-BIRD-1: flip every scared fear token; each flipped clearing gets wyrmlings."""
    cdef int c
    for c in range(NCL):
        if fear_at(s, c) == FEAR_SCARED:
            set_fear(s, c, FEAR_COWED)
            s.place_left[c] = 1
    wyrm_intimidate_next(s)


cdef void wyrm_intimidate_next(GameState* s) noexcept nogil:
    cdef int c
    for c in range(NCL):
        if s.place_left[c]:
            if intimidate_max(s, c) > 0:
                s.step = S_WYRM_INTIMIDATE
                return
            s.place_left[c] = 0
    if wyrm_pc(s).pawn >= NCL:                     # W-BIRD-2: the pawn is in a forest
        s.step = S_WYRM_RETURN if growth_on_track(s) > 0 else S_WYRM_EMERGE
    else:
        end_birdsong(s, S_WYRM_DAY)


cdef int gen_wyrm_intimidate(GameState* s, int* out) noexcept nogil:
    """W-MIGHT-1 (ruling): the Wyrm may place fewer; it picks, clearing by clearing."""
    cdef int c, n
    for c in range(NCL):
        if s.place_left[c]:
            for n in range(intimidate_max(s, c) + 1):
                out[n] = A_INTIMIDATE + c * 4 + n
            return intimidate_max(s, c) + 1
    return 0


cdef void wyrm_intimidate(GameState* s, int c, int n) noexcept nogil:
    wyrm_pc(s).warriors[c] += n
    wyrm_pc(s).warrior_supply -= n
    s.place_left[c] = 0
    wyrm_intimidate_next(s)


# ---- Daylight ----------------------------------------------------------------------------

cdef void wyrm_daylight(GameState* s) noexcept nogil:
    s.step = S_WYRM_DAY
    s.crafting_open = 1
    wyrm_board(s).used_fear = 0
    wyrm_board(s).used_terror = 0
    wyrm_board(s).used_eat = 0
    wyrm_board(s).used_hoard = 0
    s.moves_used = 0
    s.battles_used = 0
    wyrm_board(s).terror_mask = 0
    wyrm_board(s).hoard_mask = 0
    maybe_command_warren(s)


cdef int gen_terror(GameState* s, int* out, int k) noexcept nogil:
    """W-ACT-TERROR: in each fear clearing, one warrior of one player moves to an adjacent
    clearing the Wyrm picks, ignoring rule; pawns stay. The move follows the moved warrior's
    owner's links (W-MP-15, choice C11: rivers for the Riverfolk, or a Riverboats buyer)."""
    cdef int c, f, j, d, n
    cdef uint16_t links[MAX_SEATS]
    for c in range(NCL):
        if fear_at(s, c) == FEAR_NONE or (wyrm_board(s).terror_mask >> c) & 1:
            continue
        for f in range(s.nseats):
            links[f] = ((s.adj[c] | own_links(s, f, c)) & ~(<uint16_t>1 << c)
                        if warriors_in(s, f, c) > 0 and not leave_blocked(s, f, c) else 0)   # W-MP-29
        for d in range(NCL):
            if scorched(s, d):     # W-MP-46
                continue
            for f in range(s.nseats):
                if (links[f] >> d) & 1:
                    out[k] = A_TERROR + (c * NCL + d) * MAX_SEATS + f
                    k += 1
        for f in range(s.nseats):          # down into the Duchy's Burrow from a tunnel (W-MP-21): the
            if links[f] and burrow_link(s, f, c):    # clearing's own number names it
                out[k] = A_TERROR + (c * NCL + c) * MAX_SEATS + f
                k += 1
    return k


cdef bint hoard_open(GameState* s) noexcept nogil:
    """A clearing a Hoard may still take a card for (the board only): a treasure in supply, a
    ruled clearing with a cowed fear token, not hoarded this action."""
    cdef int c, me = wyrm_seat(s)
    if wyrm_board(s).treasure_supply == 0:
        return False
    for c in range(NCL):
        if fear_at(s, c) == FEAR_COWED and not (wyrm_board(s).hoard_mask >> c) & 1 and ruler(s, c) == me:
            return True
    return False


cdef int gen_hoard(GameState* s, int* out, int k) noexcept nogil:
    """W-ACT-HOARD: a matching card per ruled clearing with a cowed fear token, one treasure each."""
    cdef int me = wyrm_seat(s)
    cdef int c, t
    cdef uint64_t m
    if wyrm_board(s).treasure_supply == 0:
        return k
    for c in range(NCL):
        if fear_at(s, c) != FEAR_COWED or (wyrm_board(s).hoard_mask >> c) & 1 or ruler(s, c) != me:
            continue
        m = cc_types(&s.seats[me].hand) & MATCH_CARDS[s.suit[c]]
        while m:
            t = ctz64(m)
            m &= m - 1
            out[k] = A_HOARD + c * NCT + t
            k += 1
    return k


cdef int gen_wyrm_day(GameState* s, int* out) noexcept nogil:
    cdef int me = wyrm_seat(s)
    cdef int k = 1, t, c, tr, p = wyrm_pc(s).pawn
    cdef uint64_t m
    out[0] = A_PASS
    if s.crafting_open:
        m = cc_types(&s.seats[me].hand)
        while m:
            t = ctz64(m)
            m &= m - 1
            if can_craft(s, me, t):
                out[k] = A_CRAFT + t
                k += 1
    if s.battles_used < wyrm_battles_allowed(s):         # W-BITE-1
        k = gen_battles(s, me, out, k)
    # W-ACT-FEAR
    if not wyrm_board(s).used_fear and p < NCL and p >= 0 and fear_at(s, p) == FEAR_NONE and wyrm_pc(s).token_supply[0] > 0 \
            and may_place(s, me, p):
        out[k] = A_FEAR + p
        k += 1
    if not wyrm_board(s).used_terror:
        k = gen_terror(s, out, k)
    # W-ACT-EAT
    if not wyrm_board(s).used_eat and p < NCL and p >= 0 and ruler(s, p) == me and growth_on_track(s) < WYRM_GROWTH:
        m = cc_types(&s.seats[me].hand) & MATCH_CARDS[s.suit[p]]
        while m:
            t = ctz64(m)
            m &= m - 1
            for tr in range(3):
                if wyrm_board(s).growth[tr] > 0:
                    out[k] = A_EAT + t * 3 + tr
                    k += 1
    if not wyrm_board(s).used_hoard:
        k = gen_hoard(s, out, k)
    k = gen_daylight_cards(s, me, out, k)
    if s.moves_used < wyrm_moves_allowed(s):          # W-HEIGHT-1
        k = gen_moves(s, me, out, k)
    return k


cdef void wyrm_terrorize(GameState* s, int x) noexcept nogil:
    cdef int f = x % MAX_SEATS, d = (x // MAX_SEATS) % NCL, c = x // MAX_SEATS // NCL
    cdef int buf[MAX_LEGAL]
    if d == c:                           # into the Burrow (W-MP-21)
        burrow_move(s, f, burrow_action(c, 1, 1))
    else:
        shift_pieces(s, f, c, d, 0, 1)
        entered(s, wyrm_seat(s), d)      # the Wyrm is the mover: it pays any Outrage (W-MP-3)
    wyrm_board(s).used_terror = 1
    wyrm_board(s).terror_mask |= 1 << c
    s.step = S_WYRM_TERROR if gen_terror(s, buf, 0) > 0 else S_WYRM_DAY


cdef void wyrm_hoard(GameState* s, int x) noexcept nogil:
    cdef int me = wyrm_seat(s)
    cdef int c = x // NCT, t = x % NCT
    cdef int buf[MAX_LEGAL]
    spend_card(s, me, t)
    wyrm_board(s).treasure_supply -= 1
    s.seats[me].items[TREASURE] += 1
    wyrm_board(s).used_hoard = 1
    wyrm_board(s).hoard_mask |= 1 << c
    # another Hoard is asked while one could be paid as far as the others know (issue 29 item 5)
    s.step = (S_WYRM_HOARD if may_hold(s, me, gen_hoard(s, buf, 0) > 0) and hoard_open(s)
              else S_WYRM_DAY)


cdef void wyrm_evening(GameState* s) noexcept nogil:
    """W-EVE-1: score the Lair up to the cap of the rightmost covered Growth space;
    W-EVE-3: draw 1 plus 1 per pair of Growth markers on the track, then discard to 5."""
    cdef int me = wyrm_seat(s)
    cdef int i, lair = 0
    for i in range(NLAIR):
        lair += s.seats[me].items[i]
    add_vp(s, me, min(lair, lair_cap(s)), VP_LAIR, -1, lair)
    if not game_over(s):
        evening_draw(s, wyrm_evening_draws(s, s.turn))


cdef void apply_wyrm_day(GameState* s, int a) noexcept nogil:
    cdef int me = wyrm_seat(s)
    cdef int x
    if a >= A_CRAFT and a < A_CRAFT + NCT:
        craft(s, me, a - A_CRAFT)
        return
    if is_dominance_action(a):        # at any point of Daylight (LoR 3.3); crafting stays open
        apply_dominance(s, me, a)
        return
    s.crafting_open = 0
    if is_daylight_card(a):
        apply_daylight_card(s, me, a)
    elif a == A_PASS:
        begin_evening(s)
    elif a >= A_MOVE and a < A_MOVE_END:
        s.moves_used += 1
        apply_move(s, me, a)
    elif a >= A_BATTLE and a < A_BATTLE + NSIDE * NCL:
        s.battles_used += 1
        start_battle(s, me, (a - A_BATTLE) // NSIDE, (a - A_BATTLE) % NSIDE, S_WYRM_DAY)
    elif a >= A_FEAR and a < A_FEAR + NCL:
        set_fear(s, a - A_FEAR, FEAR_SCARED)
        wyrm_pc(s).token_supply[0] -= 1
        wyrm_board(s).used_fear = 1
    elif a >= A_TERROR and a < A_TERROR + NCL * NCL * MAX_SEATS:
        wyrm_terrorize(s, a - A_TERROR)
    elif a >= A_EAT and a < A_EAT + NCT * 3:
        x = a - A_EAT
        spend_card(s, me, x // 3)
        wyrm_board(s).growth[x % 3] -= 1          # to the leftmost empty space of the Growth track
        wyrm_board(s).used_eat = 1
    elif a >= A_HOARD and a < A_HOARD + NCL * NCT:
        wyrm_hoard(s, a - A_HOARD)
