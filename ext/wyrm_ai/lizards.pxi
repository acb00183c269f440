# The Lizard Cult (LoR 10; docs/riverfolk-lizards.md §2.2, L-1..L-22): gardens, the Outcast and
# its Hated side, the Lost Souls pile, acolytes and Revenge, the conspiracies (Crusade, Convert,
# Sanctify), the rituals (Build, Recruit, Score, Sacrifice), Pilgrims and Fear of the Faithful.
# Numbers: LIZARD_TABLE (factions.pxi).
#
# What the shared rules ask of the Cult they ask through data (factions.pxi): PILGRIMS (rules.pxi
# ruler, rule_table), LOST_SOULS (rules.pxi to_pile: every card spent or discarded while it sits),
# REVENGE (battle.pxi take_hit), the craft_kinds answer (gardens of the Outcast suit). Fear of the
# Faithful is a reaction (alliance.pxi react): a removed garden only records the discard owed, and
# the random card is a chance event (S_FAITHFUL) once the action that removed it is done.

# ---- what the board holds ------------------------------------------------------------------

cdef inline int lizard_seat(GameState* s) noexcept nogil:
    """The Cult's seat (-1 when they are not at the table)."""
    return s.faction_seat[F_LIZARDS]


cdef inline Pieces* lizard_pc(GameState* s) noexcept nogil:
    """The Cult's pieces: the gardens of each suit are building kind suit (nobody's when absent)."""
    return faction_pc(s, F_LIZARDS)


cdef inline LizardBoard* lizard_board(GameState* s) noexcept nogil:
    """The Cult's board (the Outcast, acolytes, revealed cards)."""
    return &faction_board(s, F_LIZARDS).lizards


cdef inline int gardens_of(GameState* s, int suit) noexcept nogil:
    """The Cult's gardens of suit on the map: the spaces left empty on that suit's track (gardens
    leave it leftmost first and come back rightmost first: docs/riverfolk-lizards.md §1)."""
    return LZ_GARDENS - lizard_pc(s).building_supply[suit]


cdef inline int score_value(GameState* s, int suit) noexcept nogil:
    """The VP above the rightmost empty space of suit's Gardens track (LoR 10.5.3, L-4)."""
    return LZ_SCORE_VP[gardens_of(s, suit)]


cdef int lizards_evening_draws(GameState* s, int seat) noexcept nogil:
    """One card plus one per uncovered draw bonus (LoR 10.6.3): a suit with 2+ gardens on the map."""
    cdef int k, n = 1
    for k in range(3):
        if gardens_of(s, k) >= LZ_DRAW_BONUS_FROM:
            n += 1
    return n


cdef int lizards_craft_kinds(GameState* s, int seat) noexcept nogil:
    """The Cult craft with gardens whose printed suit is the Outcast (LoR 10.2.1)."""
    cdef int o = lizard_board(s).outcast
    return 1 << o if o >= 0 else 0


cdef inline int conspiracy_cost(GameState* s, int base) noexcept nogil:
    """Acolytes a conspiracy spends: one fewer on the Hated side (LoR 10.4.3)."""
    return base - (1 if lizard_board(s).hated else 0)


cdef inline bint outcast_clearing(GameState* s, int c) noexcept nogil:
    return s.suit[c] == lizard_board(s).outcast


# ---- setup (LoR 10.3) --------------------------------------------------------------------

cdef int gen_lz_corner(GameState* s, int* out) noexcept nogil:
    """LoR 10.3.2 (draft.pxi gen_free_corner)."""
    return gen_free_corner(s, lizard_seat(s), A_LZ_CORNER, out)


cdef void lizards_setup(GameState* s) noexcept nogil:
    cdef int buf[NCL]
    if gen_lz_corner(s, buf) == 1:
        lz_setup_corner(s, buf[0] - A_LZ_CORNER)
    else:
        s.step = S_LZ_CORNER


cdef void lz_setup_corner(GameState* s, int c) noexcept nogil:
    """LoR 10.3.2: 4 warriors and the garden of its suit in the corner, 1 warrior in each adjacent
    clearing (one another player may place in); then the Outcast (10.3.3)."""
    cdef int j, me = lizard_seat(s)
    cdef Pieces* pc = lizard_pc(s)
    if drafting(s):
        add_homeland(s, me, c)
    pc.warriors[c] += LZ_START_WARRIORS
    pc.warrior_supply -= LZ_START_WARRIORS
    pc.buildings[s.suit[c]][c] += 1
    pc.building_supply[s.suit[c]] -= 1
    for j in range(NCL):
        if adjacent(s, c, j) and may_place(s, me, j) and pc.warrior_supply >= LZ_ADJACENT_WARRIORS:
            pc.warriors[j] += LZ_ADJACENT_WARRIORS
            pc.warrior_supply -= LZ_ADJACENT_WARRIORS
    s.step = S_LZ_OUTCAST


cdef void lz_set_outcast(GameState* s, int suit) noexcept nogil:
    """LoR 10.3.3: the marker on any suit, Outcast side up; the Cult's setup is done."""
    lizard_board(s).outcast = suit
    lizard_board(s).hated = 0
    emit(E_OUTCAST, lizard_seat(s), -1, suit, 0, -1)
    setup_next(s, F_LIZARDS)


# ---- Birdsong (LoR 10.4) -----------------------------------------------------------------------

cdef void lizards_birdsong(GameState* s) noexcept nogil:
    lizard_board(s).scored = 0
    lizard_board(s).crusade_at = -1
    adjust_outcast(s)
    discard_lost_souls(s)
    lz_bird_next(s)


cdef void adjust_outcast(GameState* s) noexcept nogil:
    """LoR 10.4.1: the suit with the most cards in Lost Souls (birds ignored) becomes the Outcast;
    if it already was, or no suit has the most alone (an empty pile too), the marker stays and
    shows its Hated side (the digest §3.4, trap 3)."""
    cdef LizardBoard* b = lizard_board(s)
    cdef int k, best = -1, most = 0, tied = 0, n
    for k in range(3):
        n = cc_in(&s.lost_souls, SUIT_CARDS[k])
        if n > most:
            most = n
            best = k
            tied = 0
        elif n == most and n > 0:
            tied = 1
    if best >= 0 and not tied and best != b.outcast:
        b.outcast = best
        b.hated = 0
    else:
        b.hated = 1
    emit(E_OUTCAST, lizard_seat(s), -1, b.outcast, b.hated, -1)


cdef void discard_lost_souls(GameState* s) noexcept nogil:
    """LoR 10.4.2: the Lost Souls pile to the discard pile; its dominance cards become available
    only now (LoR 3.3.3); an empty deck then takes the discard pile (LoR 2.1, choice C16)."""
    cdef int t, i, n = cc_total(&s.lost_souls)
    cdef uint64_t m = cc_types(&s.lost_souls)
    if n == 0:
        return
    emit(E_LOST_SOULS, lizard_seat(s), -1, -1, n, -1)
    while m:
        t = ctz64(m)
        m &= m - 1
        if CARD_KIND[t] == K_DOMINANCE:
            for i in range(cc_get(&s.lost_souls, t)):
                make_available(s, lizard_seat(s), t)
        else:
            cc_add(&s.discard, t, cc_get(&s.lost_souls, t))
    s.lost_souls.lo = 0
    s.lost_souls.hi = 0
    maybe_reshuffle(s)


cdef int gen_crusade_moves(GameState* s, int* out, int k) noexcept nogil:
    """Crusade's moves: out of an Outcast clearing, the rule of either end needed (LoR 10.4.3.I)."""
    cdef int me = lizard_seat(s)
    cdef int a, b, n
    cdef uint16_t ruled = move_rule_mask(s, me), reach
    for a in range(NCL):
        if not outcast_clearing(s, a) or lizard_pc(s).warriors[a] == 0 or leave_blocked(s, me, a):
            continue
        reach = reach_mask(s, me, a)
        for b in range(NCL):
            if ((reach >> b) & 1 or ferry_link(s, a, b)) and may_move(ruled, a, b):
                for n in range(1, lizard_pc(s).warriors[a] + 1):
                    out[k] = move_action(a, b, 0, n)
                    k += 1
    return k


cdef int gen_lz_bird(GameState* s, int* out, int k) noexcept nogil:
    """The conspiracies the acolytes pay for, in Outcast clearings (LoR 10.4.3): a Crusade's battle
    or move, Convert (an enemy warrior there, a Cult warrior to replace it), Sanctify (an enemy
    building there, a garden of the Outcast suit to replace it); never in a clearing the Cult may
    not place in (the Keep's: choice C14)."""
    cdef int me = lizard_seat(s), acolytes = lizard_board(s).acolytes, o = lizard_board(s).outcast
    cdef int c, d, kind
    if o < 0:
        return k
    if acolytes >= conspiracy_cost(s, LZ_CRUSADE):
        for c in range(NCL):
            if outcast_clearing(s, c) and may_attack_in(s, me, c):
                k = gen_battles_in(s, me, c, out, k)
        k = gen_crusade_moves(s, out, k)
    if acolytes >= conspiracy_cost(s, LZ_CONVERT) and lizard_pc(s).warrior_supply > 0:
        for c in range(NCL):
            if outcast_clearing(s, c) and may_place(s, me, c):
                for d in range(s.nseats):
                    if is_enemy(s, me, d) and warriors_in(s, d, c) > 0:
                        out[k] = A_CONVERT + c * MAX_SEATS + d
                        k += 1
    if acolytes >= conspiracy_cost(s, LZ_SANCTIFY) and lizard_pc(s).building_supply[o] > 0:
        for c in range(NCL):
            if outcast_clearing(s, c) and may_place(s, me, c):
                for d in range(s.nseats):
                    if not is_enemy(s, me, d):
                        continue
                    for kind in range(NBKIND):
                        if s.seats[d].pc.buildings[kind][c] > 0:
                            out[k] = A_SANCTIFY + (c * MAX_SEATS + d) * NBKIND + kind
                            k += 1
    return k


cdef void lz_bird_next(GameState* s) noexcept nogil:
    """Stay at the conspiracies while one can be paid for; else Birdsong ends."""
    cdef int buf[MAX_LEGAL]
    lizard_board(s).crusade_at = -1
    if gen_lz_bird(s, buf, 0) > 0:
        s.step = S_LZ_BIRD
    else:
        end_birdsong(s, S_LZ_DAY)


cdef inline void spend_acolytes(GameState* s, int n, int what, int c) noexcept nogil:
    """Spent acolytes return to the supply (LoR 10.4.3)."""
    lizard_board(s).acolytes -= n
    lizard_pc(s).warrior_supply += n
    emit(E_CONSPIRACY, lizard_seat(s), c, what, n, -1)


cdef void convert(GameState* s, int c, int d) noexcept nogil:
    """LoR 10.4.3.II: d's warrior in c is removed (to its supply: Field Hospitals may answer, choice
    C14; the Wyrm's pawn is no warrior, W-MP-19) and a Cult warrior placed instead."""
    cdef int me = lizard_seat(s)
    effect_removes_warrior(s, me, d, c, CAUSE_CONVERT)
    lizard_pc(s).warriors[c] += 1
    lizard_pc(s).warrior_supply -= 1
    if saves_warriors(s, d):
        s.fh_clearing = c
        s.fh_count = 1
        s.fh_resume = FH_CONSPIRACY
        if field_hospitals_open(s):
            s.step = S_HOSPITAL
            return
        s.fh_count = 0
    lz_bird_next(s)


cdef void sanctify(GameState* s, int c, int d, int kind) noexcept nogil:
    """LoR 10.4.3.III: d's building in c is removed (1 VP to the Cult, LoR 3.2.1; an Alliance base
    costs its supporters and officers as any removal, C14) and a garden of the Outcast suit placed."""
    cdef int me = lizard_seat(s), o = lizard_board(s).outcast
    cdef int piece = FACTION_BUILDING[s.seat_faction[d]][kind]
    emit(E_REMOVE, d, c, piece, 1, CAUSE_SANCTIFY)
    remove_piece(s, d, c, piece, me)
    add_vp(s, me, 1, VP_SANCTIFY, c, piece)
    if game_over(s):
        return
    lizard_pc(s).buildings[o][c] += 1
    lizard_pc(s).building_supply[o] -= 1
    lz_bird_next(s)


cdef void apply_lz_bird(GameState* s, int a) noexcept nogil:
    cdef int me = lizard_seat(s), x, b
    if a == A_PASS:
        end_birdsong(s, S_LZ_DAY)
    elif a >= A_BATTLE and a < A_BATTLE + NCL * NSIDE:      # a Crusade's battle
        x = a - A_BATTLE
        spend_acolytes(s, conspiracy_cost(s, LZ_CRUSADE), 0, x // NSIDE)
        start_battle(s, me, x // NSIDE, x % NSIDE, S_LZ_BIRD)
    elif a >= A_MOVE and a < A_MOVE_END:                        # a Crusade's move, a battle may follow
        x = a - A_MOVE
        b = (x // 52) % NCL
        spend_acolytes(s, conspiracy_cost(s, LZ_CRUSADE), 0, x // 52 // NCL)
        s.step = S_LZ_CRUSADE           # where a Ferry's draw resumes
        lizard_board(s).crusade_at = b
        apply_move(s, me, a)
        if s.step == S_LZ_CRUSADE and not crusade_can_battle(s):
            lz_bird_next(s)
    elif a >= A_CONVERT and a < A_SANCTIFY:
        x = a - A_CONVERT
        spend_acolytes(s, conspiracy_cost(s, LZ_CONVERT), 1, x // MAX_SEATS)
        convert(s, x // MAX_SEATS, x % MAX_SEATS)
    else:
        x = a - A_SANCTIFY
        spend_acolytes(s, conspiracy_cost(s, LZ_SANCTIFY), 2, x // NBKIND // MAX_SEATS)
        sanctify(s, x // NBKIND // MAX_SEATS, (x // NBKIND) % MAX_SEATS, x % NBKIND)


cdef inline bint crusade_can_battle(GameState* s) noexcept nogil:
    cdef int buf[MAX_SEATS + 1]
    return gen_lz_crusade(s, buf) > 1


cdef int gen_lz_crusade(GameState* s, int* out) noexcept nogil:
    """After a Crusade's move: a battle in the clearing moved into, of any suit, or pass
    (LoR 10.4.3.I, trap 12)."""
    cdef int d, k = 1, me = lizard_seat(s), c = lizard_board(s).crusade_at
    out[0] = A_PASS
    if c < 0 or not may_attack_in(s, me, c):
        return k
    return gen_battles_in(s, me, c, out, k)


cdef void apply_lz_crusade(GameState* s, int a) noexcept nogil:
    cdef int x
    if a == A_PASS:
        lz_bird_next(s)
        return
    x = a - A_BATTLE
    lizard_board(s).crusade_at = -1
    start_battle(s, lizard_seat(s), x // NSIDE, x % NSIDE, S_LZ_BIRD)


# ---- Daylight: rituals (LoR 10.5) ---------------------------------------------------------

cdef void lizards_daylight(GameState* s) noexcept nogil:
    s.step = S_LZ_DAY
    maybe_command_warren(s)


cdef int gen_lz_day(GameState* s, int* out) noexcept nogil:
    """A ritual for each card of the hand (birds are not wild: LoR 10.2.2): Build in a ruled
    clearing of its suit with a free slot, Recruit in any clearing of its suit, Score its suit once
    this turn (0 VP while no garden of it is out: the card still goes to Lost Souls, choice C19),
    Sacrifice with a bird; the Daylight cards and dominance; pass ends Daylight."""
    cdef int me = lizard_seat(s)
    cdef Pieces* pc = lizard_pc(s)
    cdef int8_t rulers[NCL]
    cdef int t, c, suit, k = 1
    cdef uint64_t m = cc_types(&s.seats[me].hand)
    out[0] = A_PASS
    rule_table(s, rulers)
    while m:
        t = ctz64(m)
        m &= m - 1
        suit = CARD_SUIT[t]
        if suit == BIRD:
            if pc.warrior_supply > 0:
                out[k] = A_SACRIFICE + t
                k += 1
            continue
        for c in range(NCL):
            if s.suit[c] != suit or not may_place(s, me, c):
                continue
            if rulers[c] == me and pc.building_supply[suit] > 0 and free_slots(s, c) > 0:
                out[k] = A_LZ_BUILD + c * NCT + t
                k += 1
            if pc.warrior_supply > 0:
                out[k] = A_LZ_RECRUIT + c * NCT + t
                k += 1
        if not (lizard_board(s).scored >> suit) & 1:    # 0 VP with no garden out (C19)
            out[k] = A_LZ_SCORE + t
            k += 1
    return gen_daylight_cards(s, me, out, k)


cdef inline void reveal(GameState* s, int t) noexcept nogil:
    """A card of the hand into the play area, face up for every seat (LoR 10.5)."""
    cdef int me = lizard_seat(s)
    cc_add(&s.seats[me].hand, t, -1)
    s.seats[me].hand_size -= 1
    forget_card(s, me, t)
    cc_add(&lizard_board(s).revealed, t, 1)


cdef void apply_lz_day(GameState* s, int a) noexcept nogil:
    cdef int me = lizard_seat(s)
    cdef Pieces* pc = lizard_pc(s)
    cdef int t, c, suit
    if a == A_PASS:
        begin_evening(s)
    elif is_dominance_action(a):
        apply_dominance(s, me, a)
    elif is_daylight_card(a):
        apply_daylight_card(s, me, a)
    elif a >= A_LZ_BUILD and a < A_LZ_RECRUIT:          # LoR 10.5.1: a garden, no VP
        c = (a - A_LZ_BUILD) // NCT
        t = (a - A_LZ_BUILD) % NCT
        reveal(s, t)
        pc.buildings[s.suit[c]][c] += 1
        pc.building_supply[s.suit[c]] -= 1
        emit(E_RITUAL, me, c, 0, 1, t)
    elif a >= A_LZ_RECRUIT and a < A_LZ_SCORE:          # LoR 10.5.2: a warrior, no rule needed
        c = (a - A_LZ_RECRUIT) // NCT
        t = (a - A_LZ_RECRUIT) % NCT
        reveal(s, t)
        pc.warriors[c] += 1
        pc.warrior_supply -= 1
        emit(E_RITUAL, me, c, 1, 1, t)
    elif a >= A_LZ_SCORE and a < A_SACRIFICE:           # LoR 10.5.3: the card is spent
        t = a - A_LZ_SCORE
        suit = CARD_SUIT[t]
        lizard_board(s).scored |= 1 << suit
        emit(E_RITUAL, me, -1, 2, 1, t)
        spend_card(s, me, t)
        add_vp(s, me, score_value(s, suit), VP_RITUAL, -1, t)
    else:                                               # LoR 10.5.4: a warrior to the Acolytes
        t = a - A_SACRIFICE
        reveal(s, t)
        pc.warrior_supply -= 1
        lizard_board(s).acolytes += 1
        emit(E_RITUAL, me, -1, 3, 1, t)
        emit(E_ACOLYTES, me, -1, 1, 1, -1)


# ---- Evening (LoR 10.6) ------------------------------------------------------------------------

cdef void lizards_evening(GameState* s) noexcept nogil:
    """Return the revealed cards to the hand (every seat saw them: known to all, choice C15), then
    craft with gardens of the Outcast suit, then draw."""
    cdef int me = lizard_seat(s), t, n, v
    cdef uint64_t m = cc_types(&lizard_board(s).revealed)
    cdef int cap[3]
    cdef int buf[NCT + 1]
    while m:
        t = ctz64(m)
        m &= m - 1
        n = cc_get(&lizard_board(s).revealed, t)
        cc_add(&s.seats[me].hand, t, n)
        s.seats[me].hand_size += n
        for v in range(s.nseats):
            if v != me:
                known_add(s, v, me, t, n)
    lizard_board(s).revealed.lo = 0
    lizard_board(s).revealed.hi = 0
    s.crafting_open = 1
    crafting_capacity(s, me, cap)
    if cap[0] + cap[1] + cap[2] > 0 and may_hold(s, me, gen_lz_eve(s, buf) > 1):
        s.step = S_LZ_EVE
    else:
        evening_draw(s, lizards_evening_draws(s, me))


cdef int gen_lz_eve(GameState* s, int* out) noexcept nogil:
    cdef int t, k = 1, me = lizard_seat(s)
    cdef uint64_t m = cc_types(&s.seats[me].hand)
    out[0] = A_PASS
    while m:
        t = ctz64(m)
        m &= m - 1
        if can_craft(s, me, t):
            out[k] = A_CRAFT + t
            k += 1
    return k


cdef void apply_lz_eve(GameState* s, int a) noexcept nogil:
    if a == A_PASS:
        evening_draw(s, lizards_evening_draws(s, s.turn))
    else:
        craft(s, lizard_seat(s), a - A_CRAFT)


# ---- what others do to the Cult ---------------------------------------------------------------

cdef void revenge(GameState* s, int seat, int c) noexcept nogil:
    """LoR 10.2.3: a Cult warrior removed defending in battle goes to the Acolytes box -- onto
    Coffin Makers while anyone has it in play (LoR 1.1.1: the card beats the Law, choice C13)."""
    s.seats[seat].pc.warriors[c] -= 1
    if s.deck_id == DECK_EP and coffin_owner(s) >= 0:
        warriors_to_supply(s, seat, 1)
        return
    lizard_board(s).acolytes += 1
    emit(E_ACOLYTES, seat, c, 0, 1, -1)


cdef void lizards_piece_removed(GameState* s, int c, int piece, int remover) noexcept nogil:
    """Fear of the Faithful (LoR 10.2.5): each garden removed costs the Cult a random card, drawn
    once the action that removed it is done (a reaction: S_FAITHFUL). The garden is back on its
    track (remove_piece: the glossary's Remove)."""
    if piece == P_GARDEN:
        lizard_board(s).faithful_owed += 1


cdef bint favor_clears_lizards(GameState* s, int c, int d) noexcept nogil:
    """A Favor removes the Cult's warriors and gardens in c (1 VP each garden for the crafter, a
    random card each for the Cult). True when the Favor pauses (a win)."""
    cdef Pieces* pc = lizard_pc(s)
    cdef int n = pc.warriors[c], g = buildings_in(pc, c), i
    removed(s, d, c, P_LIZARD, n)
    pc.warriors[c] = 0
    warriors_to_supply(s, d, n)
    removed(s, d, c, P_GARDEN, g)
    for i in range(g):
        remove_piece(s, d, c, P_GARDEN, s.favor_seat)
    add_vp(s, s.favor_seat, g, clear_reason(s, c), c, s.suit[c])
    return game_over(s)


cdef inline bint faithful_pending(GameState* s) noexcept nogil:
    return lizard_board(s).faithful_owed > 0


cdef bint faithful_pauses(GameState* s) noexcept nogil:
    """The next random discard Fear of the Faithful owes (S_FAITHFUL, chance); with an empty hand
    nothing is discarded."""
    if lizard_board(s).faithful_owed == 0:
        return False
    if s.seats[lizard_seat(s)].hand_size == 0:
        lizard_board(s).faithful_owed = 0
        return False
    s.step = S_FAITHFUL
    return True


cdef int faithful_outcomes(GameState* s, int* out, double* prob) noexcept nogil:
    """A card of the Cult's hand at random."""
    cdef int t, k = 0, me = lizard_seat(s)
    for t in range(NCT):
        if cc_has(&s.seats[me].hand, t):
            out[k] = A_FAITHFUL + t
            prob[k] = <double>cc_get(&s.seats[me].hand, t) / s.seats[me].hand_size
            k += 1
    return k


cdef void faithful_discard(GameState* s, int t) noexcept nogil:
    cdef int me = lizard_seat(s)
    emit(E_FAITHFUL, me, -1, t, 1, -1)
    spend_card(s, me, t)
    lizard_board(s).faithful_owed -= 1
