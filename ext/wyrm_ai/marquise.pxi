# The Marquise de Cat (LoR 6; root-base-rules.md §4).

cdef inline Pieces* cat_pc(GameState* s) noexcept nogil:
    """The Marquise's pieces (nobody's when she is not at the table)."""
    return faction_pc(s, F_MARQUISE)


cdef void cat_setup_start(GameState* s) noexcept nogil:
    """Her setup begins with the Keep's corner (LoR 6.3.1); in the draft, with her setup card's
    three homelands (LoR 16.1.8.2)."""
    s.step = S_CAT_HOMELAND if drafting(s) else S_CAT_KEEP


cdef inline int buildings_placed(GameState* s, int b) noexcept nogil:
    cdef int c, n = 0
    for c in range(NCL):
        n += cat_pc(s).buildings[b][c]
    return n


# ---- setup (LoR 6.3) ---------------------------------------------------------------------

cdef int gen_cat_keep(GameState* s, int* out) noexcept nogil:
    """A corner (LoR 6.3.1); in the draft, one of her homelands not adjacent to an enemy
    homeland, any of them if none is (her setup card, 16.1.8.2.2)."""
    cdef int c, k = 0, me = cat_seat(s)
    cdef uint16_t home = s.homeland[me], near = neighbours(s, enemy_homelands(s, me))
    if s.draft_stage == DRAFT_NONE:
        for c in range(4):
            out[c] = A_KEEP + c
        return 4
    if home & ~near:
        home &= ~near
    for c in range(NCL):
        if (home >> c) & 1 and may_place(s, me, c):
            out[k] = A_KEEP + c
            k += 1
    return k


cdef void cat_place_keep(GameState* s, int corner) noexcept nogil:
    """The Keep in a corner; a warrior in every clearing but the opposite corner. (In the draft her
    warriors are out already: cat_homeland.)"""
    cdef int c
    cat_pc(s).keep = corner
    s.step = S_CAT_SETUP_BUILD
    if s.draft_stage != DRAFT_NONE:
        return
    for c in range(NCL):
        if c != opposite_corner(s, corner):
            cat_pc(s).warriors[c] += 1
            cat_pc(s).warrior_supply -= 1


# ---- her setup card in the draft (LoR 16.1.8.2; docs/advanced-setup.md §4, C11) ---------------

cdef enum:
    CAT_HOMELANDS = 3           # her setup card: three homelands, two warriors in each
    CAT_HOMELAND_WARRIORS = 2


cdef int gen_cat_homeland(GameState* s, int* out) noexcept nogil:
    """Her next homeland, each adjacent to one she chose before (the first anywhere); where none
    can be, any open clearing (16.1.8.2.3: each as well as it can)."""
    cdef int c, k = 0, me = cat_seat(s)
    cdef uint16_t near = neighbours(s, s.homeland[me]) if s.homeland[me] else 0xFFFF
    cdef int pass_
    for pass_ in range(2):
        for c in range(NCL):
            if (near >> c) & 1 and homeland_open(s, me, c):
                out[k] = A_HOMELAND + c
                k += 1
        if k:
            return k
        near = 0xFFFF
    return k


cdef void cat_homeland(GameState* s, int c) noexcept nogil:
    """A homeland; with the third (or the last she can choose), her warriors: two in each
    homeland and one in each other clearing she may place in. Then the Keep."""
    cdef int me = cat_seat(s), d, n
    cdef int buf[NCL]
    add_homeland(s, me, c)
    if popcount64(s.homeland[me]) < CAT_HOMELANDS and gen_cat_homeland(s, buf) > 0:
        return
    for d in range(NCL):
        n = CAT_HOMELAND_WARRIORS if (s.homeland[me] >> d) & 1 else (1 if may_place(s, me, d) else 0)
        n = min(n, cat_pc(s).warrior_supply)
        cat_pc(s).warriors[d] += n
        cat_pc(s).warrior_supply -= n
    s.step = S_CAT_KEEP


cdef int gen_cat_setup_build(GameState* s, int* out) noexcept nogil:
    """A sawmill, a workshop and a recruiter, in the Keep's clearing or next to it (LoR 6.3.2); in
    the draft each in a different homeland of hers (her setup card)."""
    cdef int b, c, k = 0
    cdef bint draft = s.draft_stage != DRAFT_NONE
    cdef uint16_t home = s.homeland[cat_seat(s)] if draft else 0
    for b in range(3):
        if buildings_placed(s, b) > 0:
            continue
        for c in range(NCL):
            if free_slots(s, c) <= 0:
                continue
            if draft:
                if (home >> c) & 1 and buildings_in(cat_pc(s), c) == 0:
                    out[k] = A_BUILD + b * NCL + c
                    k += 1
            elif c == cat_pc(s).keep or adjacent(s, cat_pc(s).keep, c):
                out[k] = A_BUILD + b * NCL + c
                k += 1
    if k == 0 and draft:              # (a homeland she could not fill: any of hers with room)
        for b in range(3):
            if buildings_placed(s, b) == 0:
                for c in range(NCL):
                    if (home >> c) & 1 and free_slots(s, c) > 0:
                        out[k] = A_BUILD + b * NCL + c
                        k += 1
    return k


cdef void cat_setup_build(GameState* s, int b, int c) noexcept nogil:
    cat_pc(s).buildings[b][c] += 1
    cat_pc(s).building_supply[b] -= 1
    if buildings_placed(s, 0) and buildings_placed(s, 1) and buildings_placed(s, 2):
        setup_next(s, F_MARQUISE)


# ---- Birdsong (LoR 6.4) ------------------------------------------------------------------

cdef void cat_daylight(GameState* s) noexcept nogil:
    s.step = S_CAT_DAY
    s.actions_left = MARQUISE_ACTIONS
    s.crafting_open = 1
    s.recruited = 0
    maybe_command_warren(s)


cdef inline int placing_sites(GameState* s, int kind, int c) noexcept nogil:
    """The Marquise's buildings of a kind in c where she may place (wood at sawmills, warriors at
    recruiters): none under a face-up snare (LoR 13.7.2) or in a scorched clearing (may_place)."""
    return cat_pc(s).buildings[kind][c] if may_place(s, cat_seat(s), c) else 0


cdef void cat_birdsong(GameState* s) noexcept nogil:
    """One wood at each sawmill; with too little wood, the Marquise picks where (LoR 1.5.4)."""
    cdef int c, total = 0
    for c in range(NCL):
        total += placing_sites(s, 0, c)
    if total <= cat_pc(s).token_supply[0]:
        for c in range(NCL):
            cat_pc(s).tokens[0][c] += placing_sites(s, 0, c)
        cat_pc(s).token_supply[0] -= total
        end_birdsong(s, S_CAT_DAY)
    elif cat_pc(s).token_supply[0] == 0:
        end_birdsong(s, S_CAT_DAY)
    else:
        for c in range(NCL):
            s.place_left[c] = placing_sites(s, 0, c)
        s.step = S_CAT_WOOD


cdef void cat_place_short(GameState* s, int c, bint wood) noexcept nogil:
    """One placement from a short supply (wood in Birdsong, warriors when recruiting)."""
    s.place_left[c] -= 1
    if wood:
        cat_pc(s).tokens[0][c] += 1
        cat_pc(s).token_supply[0] -= 1
        if cat_pc(s).token_supply[0] == 0:
            memset(s.place_left, 0, NCL)
            end_birdsong(s, S_CAT_DAY)
    else:
        cat_pc(s).warriors[c] += 1
        cat_pc(s).warrior_supply -= 1
        if cat_pc(s).warrior_supply == 0:
            memset(s.place_left, 0, NCL)
            s.step = S_CAT_DAY


# ---- Daylight (LoR 6.5) ------------------------------------------------------------------

cdef uint16_t wood_reach(GameState* s, int c, uint16_t ruled) noexcept nogil:
    """Clearings connected to c through an unbroken chain of clearings the Marquise rules
    (ruled: her ruled_mask)."""
    cdef uint16_t mask = 1 << c
    cdef uint16_t grown = 1
    cdef int x, j, y
    while grown:
        grown = 0
        for x in range(NCL):
            if (mask >> x) & 1:
                for y in range(NCL):
                    if not adjacent(s, x, y):
                        continue
                    if not (mask >> y) & 1 and (ruled >> y) & 1:
                        mask |= 1 << y
                        grown = 1
    return mask


cdef inline int wood_in(GameState* s, uint16_t mask) noexcept nogil:
    cdef int c, n = 0
    for c in range(NCL):
        if (mask >> c) & 1:
            n += cat_pc(s).tokens[0][c]
    return n


cdef int gen_cat_day(GameState* s, int* out) noexcept nogil:
    cdef int me = cat_seat(s)
    cdef int k = 1, t, c, b, placed, wood
    cdef uint16_t ruled
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
    if s.actions_left > 0:
        k = gen_battles(s, me, out, k)
        ruled = ruled_mask(s, me)
        for c in range(NCL):
            if not (ruled >> c) & 1 or free_slots(s, c) <= 0 or not may_place(s, me, c):
                continue
            wood = wood_in(s, wood_reach(s, c, ruled))
            for b in range(3):
                placed = buildings_placed(s, b)
                if placed < 6 and wood >= CAT_WOOD_COST[placed]:
                    out[k] = A_BUILD + b * NCL + c
                    k += 1
        if not s.recruited and cat_pc(s).warrior_supply > 0 and recruit_sites(s) > 0:
            out[k] = A_RECRUIT
            k += 1
        if cat_pc(s).token_supply[0] > 0:
            for c in range(NCL):
                if placing_sites(s, 0, c) > 0:
                    m = cc_types(&s.seats[me].hand)
                    while m:
                        t = ctz64(m)
                        m &= m - 1
                        if card_matches(t, s.suit[c]):
                            out[k] = A_OVERWORK + c * NCT + t
                            k += 1
    m = cc_types(&s.seats[me].hand) & SUIT_CARDS[BIRD]
    while m:
        t = ctz64(m)
        m &= m - 1
        out[k] = A_EXTRA + t
        k += 1
    k = gen_daylight_cards(s, me, out, k)
    if s.actions_left > 0:
        k = gen_moves(s, me, out, k)
    return k


cdef void pay_continue(GameState* s) noexcept nogil:
    """Take the build's wood; ask only when the Marquise has a real choice of where from."""
    cdef int me = cat_seat(s)
    cdef int c, sources, first, placed
    while s.wood_owed > 0:
        sources = 0
        first = -1
        for c in range(NCL):
            if (s.pay_mask >> c) & 1 and cat_pc(s).tokens[0][c] > 0:
                sources += 1
                if first < 0:
                    first = c
        if sources > 1 and wood_in(s, s.pay_mask) > s.wood_owed:
            s.step = S_CAT_PAY
            return
        cat_pc(s).tokens[0][first] -= 1
        cat_pc(s).token_supply[0] += 1
        s.wood_owed -= 1
    c = s.build_clearing
    placed = buildings_placed(s, s.build_type)
    cat_pc(s).buildings[s.build_type][c] += 1
    cat_pc(s).building_supply[s.build_type] -= 1
    add_vp(s, me, CAT_BUILD_VP[s.build_type][placed], VP_BUILD, c, s.build_type)
    s.step = S_CAT_DAY


cdef void cat_build(GameState* s, int b, int c) noexcept nogil:
    """Build in a ruled clearing with an open slot, paying wood from connected ruled clearings."""
    s.build_type = b
    s.build_clearing = c
    s.wood_owed = CAT_WOOD_COST[buildings_placed(s, b)]
    s.pay_mask = wood_reach(s, c, ruled_mask(s, cat_seat(s)))
    pay_continue(s)


cdef void cat_recruit(GameState* s) noexcept nogil:
    """One warrior at each recruiter, once per turn; a short supply lets her pick where."""
    cdef int c, total = recruit_sites(s)
    s.recruited = 1
    if total <= cat_pc(s).warrior_supply:
        for c in range(NCL):
            cat_pc(s).warriors[c] += placing_sites(s, 2, c)
        cat_pc(s).warrior_supply -= total
    else:
        for c in range(NCL):
            s.place_left[c] = placing_sites(s, 2, c)
        s.step = S_CAT_RECRUIT


cdef inline int recruit_sites(GameState* s) noexcept nogil:
    cdef int c, n = 0
    for c in range(NCL):
        n += placing_sites(s, 2, c)
    return n


cdef inline int cat_evening_draws(GameState* s, int seat) noexcept nogil:
    """Draw 1, plus the bonuses uncovered on the recruiter track (LoR 6.6)."""
    return CAT_DRAWS[buildings_placed(s, 2)]


cdef void cat_evening(GameState* s) noexcept nogil:
    evening_draw(s, cat_evening_draws(s, s.turn))


cdef void apply_cat_day(GameState* s, int a) noexcept nogil:
    cdef int me = cat_seat(s)
    cdef int x, c, t
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
    elif a >= A_EXTRA and a < A_EXTRA + NCT:
        spend_card(s, me, a - A_EXTRA)
        s.actions_left += 1
    elif a >= A_MOVE and a < A_MOVE_END:
        s.actions_left -= 1
        s.step = S_CAT_MARCH          # first: a move by Ferry draws its card, then resumes here
        apply_move(s, me, a)
    elif a >= A_BATTLE and a < A_BATTLE + NSIDE * NCL:
        s.actions_left -= 1
        start_battle(s, me, (a - A_BATTLE) // NSIDE, (a - A_BATTLE) % NSIDE, S_CAT_DAY)
    elif a >= A_BUILD and a < A_BUILD + 3 * NCL:
        s.actions_left -= 1
        cat_build(s, (a - A_BUILD) // NCL, (a - A_BUILD) % NCL)
    elif a == A_RECRUIT:
        s.actions_left -= 1
        cat_recruit(s)
    elif a >= A_OVERWORK and a < A_OVERWORK + NCL * NCT:
        s.actions_left -= 1
        c = (a - A_OVERWORK) // NCT
        t = (a - A_OVERWORK) % NCT
        spend_card(s, me, t)
        cat_pc(s).tokens[0][c] += 1
        cat_pc(s).token_supply[0] -= 1
