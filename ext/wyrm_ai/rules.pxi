# Rules shared by every faction: rule, pieces, victory points, cards, crafting, moves.
# (LoR 2.1 cards, 2.5 rule, 3.1-3.2 victory, 4.1 craft, 4.2 move.)

# ---- the pieces of a seat: each question asks the seat's faction (its own file answers) ----

cdef inline int buildings_in(Pieces* pc, int c) noexcept nogil:
    """A seat's buildings in a clearing, of every kind."""
    return pc.buildings[0][c] + pc.buildings[1][c] + pc.buildings[2][c]


assert NBKIND == 3, "buildings_in adds the three building kinds of a seat"


cdef inline int rule_strength(GameState* s, int seat, int c) noexcept nogil:
    """Warriors plus buildings (LoR 2.5); a pawn counts as its faction says (PAWN_RULE: the Wyrm
    pawn as three warriors, W-MON-1; the Vagabond's never, LoR 9.2.2); tokens with Soup Kitchens."""
    cdef Pieces* pc = &s.seats[seat].pc
    return (pc.warriors[c] + buildings_in(pc, c) + (PAWN_RULE[s.seat_faction[seat]] if pc.pawn == c else 0)
            + soup_kitchens_rule(s, seat, c))


cdef inline int strongest(int* strength, int n, int es) noexcept nogil:
    """Of n seats' rule strengths in a clearing, the seat that rules it, or -1: a seat rules
    with strictly more warriors and buildings than each other seat, and a tie rules for nobody
    (LoR 2.5) -- unless the Eyrie (seat es, -1 when absent) are among the tied (with a piece
    there, as a tie for most above 0 needs): Lords of the Forest (LoR 7.2.2; the Wyrm pawn's 3
    count toward the tie, W-MON-1)."""
    cdef int seat, best = 0, who = -1, tied = 0
    for seat in range(n):
        if strength[seat] > best:
            best = strength[seat]
            who = seat
            tied = 0
        elif strength[seat] == best and best > 0:
            tied = 1
    if tied and es >= 0 and strength[es] == best:
        return es
    return -1 if tied else who


cdef inline int ruler(GameState* s, int c) noexcept nogil:
    """The seat that rules clearing c, or -1 (LoR 2.5; -1 too where an uncontrolled hireling rules,
    E-22)."""
    cdef int strength[NSIDE]
    cdef int seat, n = s.nseats
    for seat in range(s.nseats):
        strength[seat] = rule_strength(s, seat, c)
    seat = hired_seat(s)
    if seat >= 0:                    # mercenaries count for their buyer (LoR 11.2.7.III, choice C5)
        hire_rule(s, &strength[seat], &strength[riverfolk_seat(s)], c)
    if s.hr_kind[0] >= 0:            # hireling pieces (LoR 16.4.3.1: E-15, E-22)
        n = hireling_rule(s, strength, c)
    seat = pilgrims_seat(s)
    if seat >= 0 and buildings_in(&s.seats[seat].pc, c) > 0:
        return seat                  # Pilgrims (LoR 10.2.4): over every count and Lords of the Forest
    seat = strongest(strength, n, lords_seat(s))
    return seat if seat < s.nseats else -1


cdef inline int pilgrims_seat(GameState* s) noexcept nogil:
    """The seat whose faction rules every clearing with one of its buildings (PILGRIMS: the
    Cult, LoR 10.2.4), -1 for none."""
    cdef int seat, f
    for seat in range(s.nseats):
        f = s.seat_faction[seat]
        if f >= 0 and PILGRIMS[f]:
            return seat
    return -1


cdef inline void strengths(GameState* s, int seat, int* out) noexcept nogil:
    """rule_strength of seat in every clearing."""
    cdef int c
    cdef Pieces* pc = &s.seats[seat].pc
    for c in range(NCL):
        out[c] = pc.warriors[c] + buildings_in(pc, c)
    if in_play(s, seat, C_SOUP_KITCHENS):
        for c in range(NCL):
            out[c] += soup_kitchens_rule(s, seat, c)
    if 0 <= pc.pawn < NCL:
        out[pc.pawn] += PAWN_RULE[s.seat_faction[seat]]


cdef extern from *:
    """
    /* One seat's step of rule_table for the 12 clearings at once: where its strength st beats the
       best so far it becomes the ruler-to-be (who) and the best, and ties are kept (tied nonzero:
       two seats share the best strength, above 0). GCC and Clang: 4-lane integer vectors (the
       compiler's own vectorizing of the plain loop came and went with inlining decisions); other
       compilers: the plain loop. */
    static inline void wyrm_rule_step(const int* st, int* best, int* who, int* tied, int seat) {
    #if defined(__GNUC__) || defined(__clang__)
        typedef int wyrm_v4 __attribute__((vector_size(16)));
        const wyrm_v4 zero = {0, 0, 0, 0};
        const wyrm_v4 me = {seat, seat, seat, seat};
        for (int k = 0; k < 12; k += 4) {
            wyrm_v4 x, b, w, t, gt;
            __builtin_memcpy(&x, st + k, sizeof x);
            __builtin_memcpy(&b, best + k, sizeof b);
            __builtin_memcpy(&w, who + k, sizeof w);
            __builtin_memcpy(&t, tied + k, sizeof t);
            gt = x > b;                                   /* -1 where st beats the best so far */
            t = (t & ~gt) | ((x == b) & (x > zero));
            w = (w & ~gt) | (me & gt);
            b = (b & ~gt) | (x & gt);
            __builtin_memcpy(best + k, &b, sizeof b);
            __builtin_memcpy(who + k, &w, sizeof w);
            __builtin_memcpy(tied + k, &t, sizeof t);
        }
    #else
        for (int c = 0; c < 12; c++) {
            int x = st[c], b = best[c], gt = x > b;
            tied[c] = (tied[c] & !gt) | ((x == b) & (x > 0));
            if (gt) { who[c] = seat; best[c] = x; }
        }
    #endif
    }
    """
    void rule_step "wyrm_rule_step"(const int* st, int* best, int* who, int* tied, int seat) nogil

assert NCL == 12, "rule_step works on the 12 clearings of the Autumn map"


cdef inline void rule_table(GameState* s, int8_t* rulers) noexcept nogil:
    """rulers[c] = ruler(s, c) for every clearing, computed at once: strongest() for all the
    clearings side by side, seat by seat (the same steps without a branch per clearing)."""
    cdef int st[NSIDE][NCL]
    cdef int best[NCL]
    cdef int who[NCL]
    cdef int tied[NCL]
    cdef int seat, c, n = s.nseats, es = lords_seat(s)
    for seat in range(s.nseats):
        strengths(s, seat, st[seat])
    seat = hired_seat(s)
    if seat >= 0:                    # mercenaries count for their buyer (LoR 11.2.7.III, choice C5)
        for c in range(NCL):
            hire_rule(s, &st[seat][c], &st[riverfolk_seat(s)][c], c)
    if s.hr_kind[0] >= 0:            # hireling pieces (LoR 16.4.3.1: E-15, E-22)
        n = hireling_rules(s, st)
    for c in range(NCL):
        best[c] = 0
        who[c] = -1
        tied[c] = 0
    for seat in range(n):
        rule_step(st[seat], best, who, tied, seat)
    for c in range(NCL):
        if not tied[c]:
            rulers[c] = who[c] if who[c] < s.nseats else -1   # an uncontrolled hireling: no seat
        elif es >= 0 and st[es][c] == best[c]:
            rulers[c] = es           # Lords of the Forest (LoR 7.2.2), Bluebird Nobles (E-29)
        else:
            rulers[c] = -1
    seat = pilgrims_seat(s)
    if seat >= 0:                    # Pilgrims (LoR 10.2.4): over every count and Lords of the Forest
        for c in range(NCL):
            if buildings_in(&s.seats[seat].pc, c) > 0:
                rulers[c] = seat


cdef inline uint16_t ruled_mask(GameState* s, int seat) noexcept nogil:
    """The clearings seat rules, as a bit mask."""
    cdef int8_t rulers[NCL]
    cdef int c
    cdef uint16_t m = 0
    rule_table(s, rulers)
    for c in range(NCL):
        if rulers[c] == seat:
            m |= 1 << c
    return m


cdef inline int pieces_in(GameState* s, int seat, int c) noexcept nogil:
    """All of a side's pieces in a clearing (a seat's or a hireling's): warriors, pawn, buildings,
    tokens."""
    cdef Pieces* pc = side_pc(s, seat)
    return (pc.warriors[c] + buildings_in(pc, c) + pc.tokens[0][c] + (pc.pawn == c)
            + (pc.keep == c))


assert NTKIND == 1, "pieces_in counts the one token kind of a seat"


cdef inline int enemy_pieces_in(GameState* s, int seat, int c) noexcept nogil:
    """Every other seat's pieces in a clearing, and the pieces of hirelings that are seat's enemies
    (LoR 16.4.3.2, E-16)."""
    cdef int o, n = 0
    for o in range(s.nseats):
        if o != seat:
            n += pieces_in(s, o, c)
    return n + hireling_enemy_pieces(s, seat, c)


cdef inline int enemy_side_pieces(GameState* s, int seat, int c) noexcept nogil:
    """The pieces in c of seat's enemies, seats and hirelings (LoR 16.4.3.2, E-16): not its coalition
    partner's (the Vagabond's, 9.2.9.IV), unlike enemy_pieces_in. Rowdy, Oppress, the Decree planner."""
    cdef int d, n = 0
    for d in range(s.nseats):
        if is_enemy(s, seat, d):
            n += pieces_in(s, d, c)
    return n + hireling_enemy_pieces(s, seat, c)


cdef inline int warriors_in(GameState* s, int seat, int c) noexcept nogil:
    """A seat's warriors in a clearing (wyrmlings are the Wyrm's warriors, W-MP-2)."""
    return s.seats[seat].pc.warriors[c]


cdef inline int fighters_in(GameState* s, int seat, int c) noexcept nogil:
    """Warriors that deal rolled hits (LoR 4.3.2): a pawn as its faction says (the Wyrm pawn as
    three, W-MON-1); a faction that fights with items (the Vagabond) as many as its undamaged
    swords (LoR 9.2.6)."""
    cdef Pieces* pc = side_pc(s, seat)
    cdef int f = side_faction(s, seat)
    if f < 0:                                # a player of the draft, before it chooses
        return 0
    if ITEM_PLAYER[f]:
        return vb_swords(s, seat) if pc.pawn == c else 0
    return pc.warriors[c] + (PAWN_RULE[f] if pc.pawn == c else 0)


cdef inline int warrior_piece(GameState* s, int seat) noexcept nogil:
    """The piece kind (P_*) of a side's warriors."""
    return FACTION_WARRIOR[side_faction(s, seat)]


cdef inline bint is_enemy(GameState* s, int seat, int other) noexcept nogil:
    """Another seat at the table; coalition partners are not enemies (LoR 9.2.8, glossary). A
    hireling side is the enemy of every seat but its controller and the controller's partner, and
    everyone's while in the supply (LoR 16.4.3.2, E-16)."""
    if other >= HSIDE:
        return hireling_enemy(s, seat, other - HSIDE)
    if seat >= HSIDE:
        return hireling_enemy(s, other, seat - HSIDE)
    return other != seat and not partners(s, seat, other)


cdef inline int free_slots(GameState* s, int c) noexcept nogil:
    """The slots of c neither a ruin nor a building covers (LoR 2.7)."""
    cdef int seat, n = map_slots(s, c) - ruin_on(s, c)
    for seat in range(s.nseats):
        n -= buildings_in(&s.seats[seat].pc, c)
    return n


cdef inline int ruin_on(GameState* s, int c) noexcept nogil:
    """1 while a ruin (not yet explored) covers a slot of c (LoR 5.1.4, 9.5.3)."""
    return map_ruin(s, c) & ~(s.explored >> c) & 1


cdef inline bint may_place(GameState* s, int seat, int c) noexcept nogil:
    """Only the Keep's owner may place pieces in its clearing (LoR 6.2.2, W-PLACE-1; the
    Mechanical Marquise's Keep the same, MM2 digest §3); nobody in a scorched one (LoR 16.3.6); no
    enemy of the Corvids under a face-up snare (LoR 13.7.2)."""
    cdef int o
    if (s.scorched >> c) & 1 or snare_blocks(s, seat, c):
        return False
    for o in range(s.nseats):
        if o != seat and s.seats[o].pc.keep == c:
            return False
    return True


cdef inline void add_vp(GameState* s, int seat, int n, int why, int c, int detail) noexcept nogil:
    """Score victory points for a reason (VP_*, events.pxi: c the clearing, detail the card,
    building or piece, -1 if none); 30 wins at once (LoR 3.1); a score never goes below 0
    (ruling §10.3); a seat that activated dominance never scores (LoR 3.3.1).
    Ties (ruling §10.9): the only moment two seats score together is a battle's rolled hits,
    and there the attacker -- the seat on turn, which the tie rule favours -- scores first."""
    if n == 0 or seat >= HSIDE or activated_dominance(s, seat) >= 0:
        return                    # (a hireling side scores nothing: LoR 16.4.3.6, E-20)
    cdef int before = s.seats[seat].score
    s.seats[seat].score += n
    if s.seats[seat].score < 0:
        s.seats[seat].score = 0
    emit(E_VP, seat, c, why, n, detail)
    if s.hr_markers:              # a hireling marker on a space entered (LoR 16.4.1.1)
        hr_score_moved(s, seat, before, s.seats[seat].score)
    if s.seats[seat].score >= WIN_VP and s.winner < 0:
        s.winner = seat
        emit(E_WIN, seat, -1, -1, s.seats[seat].score, win_partner(s, seat))


cdef inline bint game_over(GameState* s) noexcept nogil:
    """Somebody has won: the rule that scored stops at once (turn.pxi end_game finishes the game)."""
    return s.winner >= 0


# ---- cards ----------------------------------------------------------------------------------

cdef inline void maybe_reshuffle(GameState* s) noexcept nogil:
    """If the deck is ever empty, the discard pile becomes the new deck at once (LoR 2.1)."""
    if s.deck_size != 0:
        return
    cdef int n = cc_total(&s.discard)
    emit(E_RESHUFFLE, -1, -1, -1, n, -1)
    s.deck = s.discard            # the deck is empty
    s.deck_size = n
    s.discard.lo = 0
    s.discard.hi = 0


cdef inline void draw_card(GameState* s, int seat, int t) noexcept nogil:
    cc_add(&s.deck, t, -1)
    s.deck_size -= 1
    cc_add(&s.seats[seat].hand, t, 1)
    s.seats[seat].hand_size += 1
    maybe_reshuffle(s)


cdef inline void forget_card(GameState* s, int holder, int t) noexcept nogil:
    """A copy of t left holder's hand in view of everyone: a seat that knew of a copy there
    now knows of one fewer."""
    cdef int v
    for v in range(s.nseats):
        known_forget_one(s, v, holder, t)


cdef inline void spend_card(GameState* s, int seat, int t) noexcept nogil:
    """Spend or discard a card from hand to the shared discard pile, a dominance card to the
    available ones (in view of everyone: a card another seat knew of is no longer known to be in
    the hand)."""
    cc_add(&s.seats[seat].hand, t, -1)
    s.seats[seat].hand_size -= 1
    forget_card(s, seat, t)
    to_discard(s, seat, t, 1)


cdef inline int lost_souls_seat(GameState* s) noexcept nogil:
    """The seat whose faction keeps the Lost Souls pile (LOST_SOULS: the Cult, LoR 10.2.6), -1."""
    cdef int seat, f
    for seat in range(s.nseats):
        f = s.seat_faction[seat]
        if f >= 0 and LOST_SOULS[f]:
            return seat
    return -1


cdef bint to_pile(GameState* s, int seat, int t, int n) noexcept nogil:
    """n copies of card t, spent or discarded by seat, go face up to the discard pile, a dominance
    card to those available beside the map (LoR 3.3.3) -- or, while a faction keeping the Lost
    Souls pile sits, every card to that pile (LoR 10.2.6), dominance cards too (they become
    available only when it is emptied: 10.4.2). True when they went to the discard pile (the
    caller then reshuffles an empty deck: maybe_reshuffle)."""
    cdef int i
    if n <= 0:
        return False
    if lost_souls_seat(s) >= 0:
        cc_add(&s.lost_souls, t, n)
        return False
    if CARD_KIND[t] == K_DOMINANCE:
        for i in range(n):
            make_available(s, seat, t)  # never the discard pile (LoR 3.3.3)
        return False
    cc_add(&s.discard, t, n)
    return True


cdef inline void to_discard(GameState* s, int seat, int t, int n) noexcept nogil:
    """to_pile, and an empty deck takes the discard pile at once (LoR 2.1)."""
    if to_pile(s, seat, t, n):
        maybe_reshuffle(s)


cdef inline bint in_play(GameState* s, int seat, int t) noexcept nogil:
    """A persistent card in seat's play area."""
    return cc_has(&s.seats[seat].play_area, t)


# ---- prompts that a hidden hand could answer (issue 29 item 5) -----------------------------
# A step entered only when a seat holds a fitting card tells every seat that it does, since the
# prompt (who decides, at which step) is public. Such a step is entered whenever the hand could
# hold the card as far as the other players know: always, unless the hand is empty or every other
# seat knows all of it (a bot knows no card, so at a table with a bot only an empty hand goes
# unasked, and nobody watching learns a hand either); the holder may pass.

cdef inline bint public_hand(GameState* s, int holder) noexcept nogil:
    """holder's hand lies face up (PUBLIC_HAND: the Riverfolk, LoR 11.2.3)."""
    return s.seat_faction[holder] >= 0 and PUBLIC_HAND[s.seat_faction[holder]]


cdef inline bint hand_seen_by_all(GameState* s, int holder) noexcept nogil:
    """holder's hand is empty, or each other seat knows every card of it (known[v][holder])."""
    cdef int v
    if s.seats[holder].hand_size == 0 or public_hand(s, holder):
        return True
    for v in range(s.nseats):
        if v != holder and cc_total(&s.seats[v].known[holder]) < s.seats[holder].hand_size:
            return False
    return True


cdef inline bint may_hold(GameState* s, int holder, bint holds) noexcept nogil:
    """Ask holder about a card of its hand: when it holds a fitting one (holds), and also whenever
    the other players cannot tell that it does not (issue 29 item 5)."""
    return holds or not hand_seen_by_all(s, holder)


cdef inline void discard_from_play(GameState* s, int seat, int t) noexcept nogil:
    cc_add(&s.seats[seat].play_area, t, -1)
    to_discard(s, seat, t, 1)


# ---- crafting (LoR 4.1) ------------------------------------------------------------------

cdef inline int craft_building_kinds(GameState* s, int seat, int f) noexcept nogil:
    """The building kinds of seat (faction f) that craft now, a bit each: its faction's answer
    (the Cult's gardens of the Outcast suit), else CRAFTS_WITH_BUILDING."""
    cdef KindsFn own = FACTION_RULES[f].craft_kinds
    cdef int k, m = 0
    if own != NULL:
        return own(s, seat)
    for k in range(NBKIND):
        if CRAFTS_WITH_BUILDING[f][k]:
            m |= 1 << k
    return m


cdef inline int crafting_pieces(GameState* s, int seat, int c) noexcept nogil:
    """Crafting pieces (LoR 4.1.1), as each faction's table says: Marquise workshops (LoR
    6.2.1); the Wyrm's fear tokens, either side (W-CRAFT-1); Eyrie roosts (LoR 7.2.1); Alliance
    sympathy tokens (LoR 8.2.1); the Cult's gardens of the Outcast suit (LoR 10.2.1)."""
    cdef int f = s.seat_faction[seat], k, n = 0, kinds
    cdef Pieces* pc = &s.seats[seat].pc
    if f < 0:
        return 0
    kinds = craft_building_kinds(s, seat, f)
    for k in range(NBKIND):
        if (kinds >> k) & 1:
            n += pc.buildings[k][c]
    for k in range(NTKIND):
        if CRAFTS_WITH_TOKEN[f][k]:
            n += pc.tokens[k][c]
    return n


cdef inline void crafting_capacity(GameState* s, int seat, int* cap) noexcept nogil:
    cdef int c
    cap[0] = 0
    cap[1] = 0
    cap[2] = 0
    cdef int k, kinds, f = s.seat_faction[seat]
    cdef Pieces* pc = &s.seats[seat].pc
    if f < 0:
        return
    if ITEM_PLAYER[f]:                       # his face-up hammers, of his clearing's suit (LoR 9.2.1)
        if vb_in_clearing(s, seat):
            cap[s.suit[pc.pawn]] = ready(s, seat, I_HAMMER)
        return
    if CRAFTS_WITH_FUNDS[f]:                 # the empty spaces of the Trade Posts tracks (LoR 11.2.1)
        rf_crafting_capacity(s, cap)
        return
    for c in range(NCL):                     # crafting_pieces, a kind at a time
        cap[s.suit[c]] -= s.activated[c]
    kinds = craft_building_kinds(s, seat, f)
    for k in range(NBKIND):
        if (kinds >> k) & 1:
            for c in range(NCL):
                cap[s.suit[c]] += pc.buildings[k][c]
    for k in range(NTKIND):
        if CRAFTS_WITH_TOKEN[f][k]:
            for c in range(NCL):
                cap[s.suit[c]] += pc.tokens[k][c]


cdef bint can_craft(GameState* s, int seat, int t) noexcept nogil:
    cdef int cap[3]
    cdef int k, spare = 0
    if not cc_has(&s.seats[seat].hand, t):
        return False
    if CARD_KIND[t] == K_ITEM and s.item_supply[CARD_ITEM[t]] == 0:   # LoR 4.1.2: no item, no craft
        return False
    if CARD_KIND[t] == K_PERSISTENT and cc_has(&s.seats[seat].play_area, t):     # LoR 4.1.4: no duplicates
        return False
    if CARD_KIND[t] == K_AMBUSH or CARD_KIND[t] == K_DOMINANCE:
        return False
    if CRAFTS_WITH_FUNDS[s.seat_faction[seat]] and not rf_may_afford(s, t):
        return False
    crafting_capacity(s, seat, cap)
    for k in range(3):
        if cap[k] < CARD_COST[t][k]:
            return False
        spare += cap[k] - CARD_COST[t][k]
    return spare >= CARD_COST[t][3]


cdef void activate_suit(GameState* s, int seat, int suit, int n) noexcept nogil:
    cdef int c
    if ITEM_PLAYER[s.seat_faction[seat]]:   # he exhausts a hammer per cost symbol
        exhaust(s, seat, I_HAMMER, n)
        return
    for c in range(NCL):
        while n > 0 and s.suit[c] == suit and s.activated[c] < crafting_pieces(s, seat, c):
            s.activated[c] += 1
            n -= 1


cdef void craft(GameState* s, int seat, int t) noexcept nogil:
    """Activate the card's cost, take its item from the supply into the Crafted Items box
    (the Wyrm's Lair, W-CRAFT-2), score its VP and discard it."""
    cdef int cap[3]
    cdef int k, best, n
    if CRAFTS_WITH_FUNDS[s.seat_faction[seat]]:   # funds onto the Trade Posts tracks (LoR 11.2.1)
        fill_spaces(s, t)
        n = 0
    else:
        for k in range(3):
            activate_suit(s, seat, k, CARD_COST[t][k])
        n = CARD_COST[t][3]
    while n > 0:   # "any suit": use the suit with the most pieces left
        crafting_capacity(s, seat, cap)
        best = 0
        for k in range(1, 3):
            if cap[k] > cap[best]:
                best = k
        activate_suit(s, seat, best, 1)
        n -= 1
    if CARD_KIND[t] == K_PERSISTENT:          # into the crafter's play area
        cc_add(&s.seats[seat].hand, t, -1)
        s.seats[seat].hand_size -= 1
        forget_card(s, seat, t)
        cc_add(&s.seats[seat].play_area, t, 1)
        return
    spend_card(s, seat, t)
    if CARD_KIND[t] == K_FAVOR:
        start_favor(s, seat, CARD_SUIT[t])
        return
    if CONTEMPT[s.seat_faction[seat]]:       # Contempt for Trade (LoR 14.2.3): the item or its VP
        contempt_start(s, t)
        return
    s.item_supply[CARD_ITEM[t]] -= 1
    if ITEM_PLAYER[s.seat_faction[seat]]:   # face up into his Satchel or onto its track (LoR 9.2.1)
        gain_item(s, seat, CARD_ITEM[t], IT_CRAFT, s.seats[seat].pc.pawn)
    else:
        s.seats[seat].items[CARD_ITEM[t]] += 1
    add_vp(s, seat, craft_vp(s, seat, t), VP_CRAFT, -1, t)
    if not game_over(s):
        crafted_item(s, seat, t)


# ---- moves (LoR 4.2) ------------------------------------------------------------------

cdef inline bint may_move(uint16_t ruled, int a, int b) noexcept nogil:
    """A move needs rule of the origin or the destination (ruled: the mover's ruled_mask)."""
    return ((ruled >> a) | (ruled >> b)) & 1


cdef inline void remove_warriors(GameState* s, int seat, int c, int n) noexcept nogil:
    """n of a side's warriors in c go back to its supply (a hit, Tax Collector); a hireling's to its
    own (hireling_warriors_removed: only hits remove them here, the batch a battle deals one removal)."""
    if seat >= HSIDE:
        hireling_warriors_removed(s, seat - HSIDE, c, n, battle_removal_first(s, seat - HSIDE))
        return
    s.seats[seat].pc.warriors[c] -= n
    warriors_to_supply(s, seat, n)


cdef inline void warriors_to_supply(GameState* s, int seat, int n) noexcept nogil:
    """n of seat's warriors would go back to its supply: they do, or onto Coffin Makers while
    anyone has it in play (E&P)."""
    if s.deck_id == DECK_EP and coffin_owner(s) >= 0:
        s.coffin[seat] += n
    else:
        s.seats[seat].pc.warrior_supply += n


cdef void move_pieces(GameState* s, int seat, int a, int b, int pawn, int n) noexcept nogil:
    """seat moves n warriors (and the Wyrm its pawn) from a to b; warriors entering sympathy cost
    the mover Outrage (LoR 8.2.6); a move the Ferry carries takes it along (ferry_crossed)."""
    cdef bint ferry = ferry_carries(s, seat, a, b)
    shift_pieces(s, seat, a, b, pawn, n)
    if n > 0:
        entered(s, seat, b)
    if ferry:
        ferry_crossed(s, seat, b)


cdef void ferry_crossed(GameState* s, int seat, int b) noexcept nogil:
    """LoR 16.2.2.5: the Ferry goes with the move to b, once this turn, and the mover draws a
    card (a run of draws that resumes the step the move left); a player that holds no hand (the
    bot) scores 1 VP instead (Law of Rootbotics, the Lake)."""
    s.ferry = b
    s.ferry_used = 1
    if not FACTION_HOLDS_CARDS[s.seat_faction[seat]]:
        add_vp(s, seat, 1, VP_FERRY, b, -1)
        return
    s.seats[seat].to_draw += 1
    s.resume_step = s.step
    start_card_draw(s)


cdef void shift_pieces(GameState* s, int seat, int a, int b, int pawn, int n) noexcept nogil:
    """n of seat's warriors (and the pawn) go from a to b."""
    s.seats[seat].pc.warriors[a] -= n
    s.seats[seat].pc.warriors[b] += n
    if pawn:
        s.seats[seat].pc.pawn = b
    if s.hr_kind[0] >= 0 and (n > 0 or pawn):
        hr_moved_in(s, seat, b)          # the Band's ban (E-46)
    keepers_moved(s, seat, a, b, n)      # Devout Knights: relics may go along (LoR 15.2.4)


cdef void apply_move(GameState* s, int seat, int a) noexcept nogil:
    """Apply a move action (A_MOVE range): from, to, pawn flag, warriors; or the Vagabond's."""
    if a >= A_VB_MOVE and a < A_EXPLORE:
        vb_move(s, seat, a)
        return
    if a >= A_BURROW and a < A_DC_CORNER:    # into or out of the Burrow (LoR 12.2.2)
        burrow_move(s, seat, a)
        return
    cdef int x = a - A_MOVE
    move_pieces(s, seat, x // 52 // NCL, (x // 52) % NCL, (x // 26) % 2, x % 26)


cdef int gen_moves(GameState* s, int seat, int* out, int k) noexcept nogil:
    cdef int a, j, b, n, maxn, pawn
    if ITEM_PLAYER[s.seat_faction[seat]]:
        return gen_vb_moves(s, seat, out, k)
    cdef uint16_t ruled = move_rule_mask(s, seat), reach, swim
    for a in range(NCL):
        maxn = warriors_in(s, seat, a)
        pawn = 1 if s.seats[seat].pc.pawn == a else 0
        if (maxn == 0 and not pawn) or leave_blocked(s, seat, a):   # a face-up snare (LoR 13.7.2)
            continue
        reach = reach_mask(s, seat, a)
        swim = swims_from(s, seat, a)
        for b in range(NCL):
            if not ((reach >> b) & 1 or ferry_link(s, a, b)):
                continue
            if not may_move(ruled, a, b) and not (swim >> b) & 1:   # Swimmers (LoR 11.2.2)
                continue
            for n in range(1, maxn + 1):
                out[k] = move_action(a, b, 0, n)
                k += 1
            if pawn:
                for n in range(0, maxn + 1):
                    out[k] = move_action(a, b, 1, n)
                    k += 1
    if BURROWER[s.seat_faction[seat]]:       # the Burrow's links to the tunnels (LoR 12.2.2)
        k = gen_burrow_moves(s, seat, out, k)
    return k


cdef bint has_move(GameState* s, int seat) noexcept nogil:
    """seat has a move to take (gen_moves offers one), found without listing them."""
    cdef int buf[MAX_LEGAL]
    cdef int a, b
    cdef uint16_t ruled, reach, swim
    if ITEM_PLAYER[s.seat_faction[seat]]:
        return gen_vb_moves(s, seat, buf, 0) > 0
    ruled = move_rule_mask(s, seat)
    for a in range(NCL):
        if (warriors_in(s, seat, a) == 0 and s.seats[seat].pc.pawn != a) or leave_blocked(s, seat, a):
            continue
        reach = reach_mask(s, seat, a)
        swim = swims_from(s, seat, a)
        for b in range(NCL):
            if ((reach >> b) & 1 or ferry_link(s, a, b)) and (may_move(ruled, a, b) or (swim >> b) & 1):
                return True
    return BURROWER[s.seat_faction[seat]] and gen_burrow_moves(s, seat, buf, 0) > 0


cdef bint has_battle(GameState* s, int seat) noexcept nogil:
    """seat may start a battle somewhere (gen_battles offers one)."""
    cdef int c
    for c in range(NCL):
        if can_battle(s, seat, c):
            return True
    return False


# ---- Evening and the end of a turn ----------------------------------------------------



cdef void after_draws(GameState* s) noexcept nogil:
    if s.seats[s.turn].hand_size > HAND_LIMIT:
        s.step = S_DISCARD
    else:
        evening_done(s)


cdef void evening_done(GameState* s) noexcept nogil:
    """After the hand limit: the Vagabond's item limit (LoR 9.6.4), then the next turn."""
    cdef PauseFn own = FACTION_RULES[s.seat_faction[s.turn]].evening_end
    if ITEM_PLAYER[s.seat_faction[s.turn]] and over_item_limit(s, s.turn):
        return
    if own != NULL and own(s):               # the Riverfolk's prices (LoR 11.6.2)
        return
    end_turn(s)


cdef void begin_evening(GameState* s) noexcept nogil:
    """Start of Evening: Charm Offensive (E&P) and Cobbler may act first, in that order (the
    seat on turn orders its own effects, LoR 1.1.3: the draw may be a card to move for), then the
    faction's Evening."""
    if in_play(s, s.turn, C_CHARM_OFFENSIVE):
        s.step = S_CHARM
    else:
        evening_cobbler(s)


cdef void evening_cobbler(GameState* s) noexcept nogil:
    """Start of Evening, after Charm Offensive: Cobbler may move, then the faction's Evening."""
    cdef int buf[MAX_LEGAL]
    if in_play(s, s.turn, C_COBBLER) and gen_moves(s, s.turn, buf, 0) > 0:
        s.step = S_COBBLER
    else:
        faction_evening(s)


cdef void faction_evening(GameState* s) noexcept nogil:
    FACTION_RULES[s.seat_faction[s.turn]].evening(s)


cdef void evening_draw(GameState* s, int n) noexcept nogil:
    """The Evening's draw of n cards; with Informants (E&P) and an ambush in the discard pile,
    its owner is first asked whether to take that instead (S_INFORMANTS)."""
    s.seats[s.turn].to_draw = n
    if n > 0 and informant_ambushes(s) > 0:
        s.step = S_INFORMANTS
    else:
        start_draws(s, S_EVE_DRAW)


# ---- runs of draws: the deal, Evening, card effects -------------------------------------

cdef void start_draws(GameState* s, int step) noexcept nogil:
    """Draw the cards in to_draw as chance events at step (the seat on turn first); with nothing
    to draw, or an empty deck and discard pile, go straight on."""
    s.step = step
    if s.deck_size == 0:
        clear_draws(s)
    if drawer(s) < 0:
        draws_done(s)


cdef inline int drawer(GameState* s) noexcept nogil:
    """The seat whose card is drawn next in a run: the seat on turn first, then clockwise."""
    cdef int i, seat = s.turn
    for i in range(s.nseats):
        if s.seats[seat].to_draw > 0:
            return seat
        seat = next_seat(s, seat)
    return -1


cdef void draw_one(GameState* s, int t) noexcept nogil:
    cdef int seat = drawer(s)
    emit(E_DRAW, seat, -1, t, 1, -1)
    draw_card(s, seat, t)
    s.seats[seat].to_draw -= 1
    if s.deck_size == 0:
        clear_draws(s)
    if drawer(s) < 0:
        draws_done(s)


cdef void draws_done(GameState* s) noexcept nogil:
    """Where a run of draws goes on: setup after the deal, the hand limit after Evening, the card
    effect that drew."""
    if s.step == S_DEAL:
        setup_next(s, -1)
    elif s.step == S_EVE_DRAW:
        after_draws(s)
    else:
        resume(s)


cdef void end_turn(GameState* s) noexcept nogil:
    """The turn ends after Evening: the Pass scores its ruler (LoR 16.2.3.4), then the next seat."""
    cdef int t = tower_clearing(s)
    if t >= 0 and ruler(s, t) == s.turn:       # (the end of Evening: mercenaries still serve)
        add_vp(s, s.turn, 1, VP_TOWER, t, -1)
        if game_over(s):
            return
    if s.hr_kind[0] >= 0 and hr_turn_end(s):    # hirelings: control markers, give away, take (LoR 16.4.1)
        return
    finish_turn(s)


cdef void finish_turn(GameState* s) noexcept nogil:
    """The last of a turn (after the hirelings' end of turn), then the next seat's turn."""
    services_end(s)                 # Riverboats and Mercenaries end with the turn (LoR 11.2.7)
    s.turn = next_seat(s, s.turn)
    begin_turn(s)
