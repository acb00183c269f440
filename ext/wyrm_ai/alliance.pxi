# The Woodland Alliance (root-factions.md §3, LoR 8): sympathy, the Supporters stack, Outrage,
# Revolt, Spread Sympathy, Mobilize, Train, the officers' military operations, and what a removed
# base costs. Numbers: ALLIANCE_TABLE (factions.pxi).
#
# Outrage and the stack's upkeep are *reactions*: a rule that sets one off only records it
# (`outrage`, `sup_to_draw`, `trim_owed`), and `react` -- called by apply_action after every
# action -- settles them before the game goes on from the step the action reached: the payer picks
# its card (S_OUTRAGE, on anyone's turn), a payer with no matching card shows its hand to the
# Alliance, who draw the top card of the deck instead (S_SUPPORTER_DRAW, chance; never a pick from
# the hand, §7 trap 2), and the Alliance trim the stack to 5 when no base is left (S_TRIM).

# ---- what the board holds ------------------------------------------------------------------

cdef inline Pieces* alliance_pc(GameState* s) noexcept nogil:
    """The Alliance's pieces: the base of each suit is building kind suit, sympathy tokens their
    tokens (nobody's when absent)."""
    return faction_pc(s, F_ALLIANCE)


cdef inline AllianceBoard* alliance_board(GameState* s) noexcept nogil:
    """The Alliance's board (officers, the Supporters stack)."""
    return &faction_board(s, F_ALLIANCE).alliance


cdef inline int base_at(GameState* s, int suit) noexcept nogil:
    """The clearing of the base of suit, -1 while it is on the faction board."""
    cdef int c
    cdef Pieces* pc = alliance_pc(s)
    if pc.building_supply[suit]:
        return -1
    for c in range(NCL):
        if pc.buildings[suit][c]:
            return c
    return -1


cdef inline void set_base(GameState* s, int suit, int c) noexcept nogil:
    """The base of suit goes to clearing c (-1: back to the faction board)."""
    cdef int old = base_at(s, suit)
    cdef Pieces* pc = alliance_pc(s)
    if old >= 0:
        pc.buildings[suit][old] = 0
    if c >= 0:
        pc.buildings[suit][c] = 1
    pc.building_supply[suit] = c < 0


cdef inline bint base_in(GameState* s, int c) noexcept nogil:
    """The base of c's suit stands in c (a clearing holds at most its own suit's base)."""
    return alliance_pc(s).buildings[s.suit[c]][c] != 0


cdef inline int bases_on_map(GameState* s) noexcept nogil:
    return (base_at(s, 0) >= 0) + (base_at(s, 1) >= 0) + (base_at(s, 2) >= 0)


cdef inline int sympathy_placed(GameState* s) noexcept nogil:
    """Tokens on the map: the next one placed is the track's space sympathy_placed + 1."""
    return ALLIANCE_SYMPATHY - alliance_pc(s).token_supply[0]


cdef inline int alliance_evening_draws(GameState* s, int seat) noexcept nogil:
    """1 + 1 per base on the map (LoR 8.6.2, root-factions.md §1.5)."""
    return 1 + bases_on_map(s)


cdef inline bint martial_law(GameState* s, int c) noexcept nogil:
    """LoR 8.4.2.II.a: 3 or more warriors of one other player in c (wyrmlings are warriors; the
    Wyrm pawn is not, W-MP-2; never the total of several players, §7 trap 5)."""
    cdef int v, me = alliance_seat(s)
    for v in range(s.nseats):
        if v != me and warriors_in(s, v, c) >= MARTIAL_LAW:
            return True
    return False


cdef inline int spread_cost(GameState* s, int c) noexcept nogil:
    """Supporters Spread Sympathy spends in c: the cost above the next token, +1 under Martial
    Law (LoR 8.4.2; the first token costs 1, §7 trap 4)."""
    return SPREAD_COST[sympathy_placed(s)] + (1 if martial_law(s, c) else 0)


cdef inline int supporters_of(GameState* s, int suit) noexcept nogil:
    """Supporters that may pay for suit: its own and birds (LoR 8.2.3)."""
    return cc_in(&alliance_board(s).supporters, MATCH_CARDS[suit])


cdef inline int sympathetic_of(GameState* s, int suit) noexcept nogil:
    cdef int c, n = 0
    for c in range(NCL):
        if alliance_pc(s).tokens[0][c] and s.suit[c] == suit:
            n += 1
    return n


# ---- the Supporters stack (LoR 8.2.3) ----------------------------------------------------

cdef void add_supporter(GameState* s, int t, int giver, int how) noexcept nogil:
    """Card t joins the stack face down; with no base on the map a sixth is discarded instead
    (LoR 8.2.3.I). giver: a seat other than the Alliance that saw which card went (it knows the
    card is there), -1 for none."""
    cdef int me = alliance_seat(s)
    if bases_on_map(s) == 0 and alliance_board(s).supporters_size >= STACK_CAP:
        emit(E_SUPPORTER, me, -1, t, 0, SUP_OVERFLOW)
        to_discard(s, me, t, 1)
        return
    cc_add(&alliance_board(s).supporters, t, 1)
    alliance_board(s).supporters_size += 1
    if giver >= 0 and giver != me:
        cc_add(&s.seats[giver].known_sup, t, 1)
    emit(E_SUPPORTER, me, -1, t, 1, how)


cdef void remove_supporter(GameState* s, int t, int how) noexcept nogil:
    """A supporter leaves the stack face up, to the discard pile (spent or discarded): a seat that
    knew of a copy there knows of one fewer."""
    cdef int v, me = alliance_seat(s)
    cc_add(&alliance_board(s).supporters, t, -1)
    alliance_board(s).supporters_size -= 1
    for v in range(s.nseats):
        if cc_has(&s.seats[v].known_sup, t):
            cc_add(&s.seats[v].known_sup, t, -1)
    emit(E_SUPPORTER, me, -1, t, -1, how)
    to_discard(s, me, t, 1)


cdef inline void hand_hidden_away(GameState* s, int holder, int seen_by, int t) noexcept nogil:
    """Card t left holder's hand face down, seen only by holder and seen_by: every other seat,
    unable to tell which card went, forgets what it knew of holder's hand."""
    cdef int v
    cc_add(&s.seats[holder].hand, t, -1)
    s.seats[holder].hand_size -= 1
    if public_hand(s, holder):          # a face-up hand (the Riverfolk's, LoR 11.2.3): all saw which
        forget_card(s, holder, t)
        return
    known_forget_one(s, seen_by, holder, t)
    for v in range(s.nseats):
        if v != holder and v != seen_by:
            known_clear(s, v, holder)


# ---- setup (LoR 8.3) ---------------------------------------------------------------------

cdef void alliance_setup(GameState* s) noexcept nogil:
    """Three cards from the deck become supporters (chance events); no piece goes on the map."""
    alliance_board(s).sup_to_draw = SETUP_SUPPORTERS
    s.react_resume = RESUME_SETUP
    react_continue(s)


# ---- Birdsong (LoR 8.4): all Revolts first, then Spread Sympathy ------------------------------

cdef inline bint stack_seen_by_all(GameState* s) noexcept nogil:
    """The stack is empty, or each other seat knows every card of it (known_sup; a bot none)."""
    cdef int v, me = alliance_seat(s)
    if alliance_board(s).supporters_size == 0:
        return True
    for v in range(s.nseats):
        if v != me and cc_total(&s.seats[v].known_sup) < alliance_board(s).supporters_size:
            return False
    return True


cdef inline bint stack_pays(GameState* s, int suit, int n, bint as_seen) noexcept nogil:
    """The stack holds n supporters that pay for suit; as_seen: as far as the other players know
    (its size, unless they know all of it: issue 29 item 5)."""
    if as_seen and not stack_seen_by_all(s):
        return alliance_board(s).supporters_size >= n
    return supporters_of(s, suit) >= n


cdef inline bint can_revolt(GameState* s, int c, bint as_seen) noexcept nogil:
    """LoR 8.4.1: a sympathetic clearing whose suit's base is still on the faction board, and two
    supporters of that suit (birds wild). The Keep's clearing never holds sympathy."""
    cdef int suit = s.suit[c]
    return alliance_pc(s).tokens[0][c] and base_at(s, suit) < 0 and stack_pays(s, suit, REVOLT_COST, as_seen)


cdef inline bint can_spread(GameState* s, int c, bint as_seen) noexcept nogil:
    """LoR 8.4.2: an unsympathetic clearing next to a sympathetic one (any clearing while none is),
    never the Keep's (§7 trap 25), paying the token's cost (Martial Law included)."""
    cdef int j
    cdef bint near = sympathy_placed(s) == 0
    cdef uint16_t links = s.adj[c] | river_links(s, alliance_seat(s), c)   # Riverboats (C10)
    if alliance_pc(s).token_supply[0] == 0 or alliance_pc(s).tokens[0][c] or not may_place(s, alliance_seat(s), c):
        return False
    j = 0
    while not near and j < NCL:
        near = (links >> j) & 1 and alliance_pc(s).tokens[0][j] != 0
        j += 1
    return near and stack_pays(s, s.suit[c], spread_cost(s, c), as_seen)


cdef int gen_alliance_bird(GameState* s, int* out, int k, bint as_seen) noexcept nogil:
    """The Revolts and Spread Sympathy the Alliance can pay for; as_seen: those the other players
    cannot rule out (issue 29 item 5)."""
    cdef int c
    if not alliance_board(s).spread_begun:
        for c in range(NCL):
            if can_revolt(s, c, as_seen):
                out[k] = A_REVOLT + c
                k += 1
    for c in range(NCL):
        if can_spread(s, c, as_seen):
            out[k] = A_SPREAD + c
            k += 1
    return k


cdef void alliance_birdsong(GameState* s) noexcept nogil:
    alliance_board(s).spread_begun = 0
    alliance_bird_next(s)


cdef void alliance_bird_next(GameState* s) noexcept nogil:
    """Stay in Birdsong while a Revolt or a Spread Sympathy could be done as far as the other
    players know (the board and the stack's size: issue 29 item 5; with nothing to pay for, only
    pass); else Birdsong ends."""
    cdef int buf[2 * NCL]
    if gen_alliance_bird(s, buf, 0, True) > 0:
        s.step = S_ALLIANCE_BIRD
    else:
        end_birdsong(s, S_ALLIANCE_DAY)


cdef void begin_paying(GameState* s, int c, int revolt) noexcept nogil:
    alliance_board(s).sup_clearing = c
    alliance_board(s).sup_revolt = revolt
    alliance_board(s).sup_owed = REVOLT_COST if revolt else spread_cost(s, c)
    if not revolt:
        alliance_board(s).spread_begun = 1
    pay_continue_supporters(s)


cdef void pay_continue_supporters(GameState* s) noexcept nogil:
    """Spend the supporters owed, asking the Alliance (S_ALLIANCE_PAY) while they have a real
    choice, or while the other players cannot tell that they have none (the stack holds more
    cards than are owed and not all of it is known: issue 29 item 5); then the Revolt or the
    token follows."""
    cdef int suit = s.suit[alliance_board(s).sup_clearing]
    cdef int c, types, n, last = 0
    while alliance_board(s).sup_owed > 0:
        types = cc_kinds(&alliance_board(s).supporters, MATCH_CARDS[suit], &last)
        n = cc_in(&alliance_board(s).supporters, MATCH_CARDS[suit])
        if ((types > 1 and n > alliance_board(s).sup_owed)
                or (alliance_board(s).supporters_size > alliance_board(s).sup_owed and not stack_seen_by_all(s))):
            s.step = S_ALLIANCE_PAY
            return
        remove_supporter(s, last, SUP_SPENT)
        alliance_board(s).sup_owed -= 1
    c = alliance_board(s).sup_clearing
    alliance_board(s).sup_clearing = -1
    s.step = S_ALLIANCE_BIRD
    if alliance_board(s).sup_revolt:
        revolt(s, c)
    else:
        place_sympathy(s, c, 0)
        if not game_over(s):
            alliance_bird_next(s)


cdef int gen_supporter_pay(GameState* s, int* out) noexcept nogil:
    cdef int t, k = 0
    for t in range(NCT):
        if cc_has(&alliance_board(s).supporters, t) and card_matches(t, s.suit[alliance_board(s).sup_clearing]):
            out[k] = A_SUPPORTER + t
            k += 1
    return k


cdef void place_sympathy(GameState* s, int c, int organize) noexcept nogil:
    """The leftmost token of the track goes to c and scores the VP it uncovers (LoR 8.4.2)."""
    cdef int me = alliance_seat(s)
    cdef int i = sympathy_placed(s)
    alliance_pc(s).tokens[0][c] = 1
    alliance_pc(s).token_supply[0] -= 1
    emit(E_SYMPATHY, me, c, organize, i + 1, -1)
    add_vp(s, me, SYMPATHY_VP[i], VP_SYMPATHY, c, i + 1)


cdef void revolt(GameState* s, int c) noexcept nogil:
    """LoR 8.4.1: remove every enemy piece in c (buildings and tokens score 1 VP each; the Wyrm
    pawn goes to a forest, W-MP-5; Field Hospitals may answer) with the Favors' machinery, then
    revolt_done places the base, the warriors and the officer."""
    alliance_board(s).revolt_at = c
    clear_enemies(s, alliance_seat(s), <uint16_t>(1 << c), S_ALLIANCE_BIRD)


cdef void revolt_done(GameState* s) noexcept nogil:
    """The base of c's suit, warriors equal to the sympathetic clearings of that suit, and one
    officer, as far as the supply lasts (LoR 1.5.4)."""
    cdef int me = alliance_seat(s)
    cdef int c = alliance_board(s).revolt_at, suit = s.suit[alliance_board(s).revolt_at]
    cdef int n = min(sympathetic_of(s, suit), <int>alliance_pc(s).warrior_supply)
    alliance_board(s).revolt_at = -1
    set_base(s, suit, c)
    alliance_pc(s).warriors[c] += n
    alliance_pc(s).warrior_supply -= n
    if alliance_pc(s).warrior_supply > 0:
        alliance_pc(s).warrior_supply -= 1
        alliance_board(s).officers += 1
    emit(E_REVOLT, me, c, suit, n, -1)
    alliance_bird_next(s)


cdef void apply_alliance_bird(GameState* s, int a) noexcept nogil:
    if a == A_PASS:
        end_birdsong(s, S_ALLIANCE_DAY)
    elif a < A_SPREAD:
        begin_paying(s, a - A_REVOLT, 1)
    else:
        begin_paying(s, a - A_SPREAD, 0)


# ---- Daylight (LoR 8.5): craft, Mobilize, Train, in any order -------------------------------

cdef void alliance_daylight(GameState* s) noexcept nogil:
    s.step = S_ALLIANCE_DAY
    s.crafting_open = 1
    maybe_command_warren(s)


cdef inline bint trains_with(GameState* s, int t) noexcept nogil:
    """LoR 8.5.3: a card matching the suit of a base on the map (birds wild)."""
    cdef int k
    for k in range(3):
        if base_at(s, k) >= 0 and card_matches(t, k):
            return True
    return False


cdef int gen_alliance_day(GameState* s, int* out) noexcept nogil:
    """Crafting with sympathy, Mobilize (always, with a card in hand: a card beyond the stack's cap
    is discarded, a dominance card so becoming available: LoR 8.2.3.I, ruling §10.11), Train, the
    Daylight cards and dominance; pass ends Daylight."""
    cdef int me = alliance_seat(s)
    cdef int t, k = 1
    cdef uint64_t m = cc_types(&s.seats[me].hand)
    out[0] = A_PASS
    while m:
        t = ctz64(m)
        m &= m - 1
        if can_craft(s, me, t):
            out[k] = A_CRAFT + t
            k += 1
        out[k] = A_MOBILIZE + t
        k += 1
        if alliance_pc(s).warrior_supply > 0 and trains_with(s, t):
            out[k] = A_TRAIN + t
            k += 1
    return gen_daylight_cards(s, me, out, k)


cdef void apply_alliance_day(GameState* s, int a) noexcept nogil:
    cdef int me = alliance_seat(s)
    cdef int t
    if a == A_PASS:
        begin_evening(s)
    elif a >= A_CRAFT and a < A_CRAFT + NCT:
        craft(s, me, a - A_CRAFT)
    elif is_dominance_action(a):
        apply_dominance(s, me, a)
    elif is_daylight_card(a):
        apply_daylight_card(s, me, a)
    elif a >= A_MOBILIZE and a < A_MOBILIZE + NCT:
        t = a - A_MOBILIZE
        hand_hidden_away(s, me, me, t)
        add_supporter(s, t, -1, SUP_MOBILIZE)
    else:
        t = a - A_TRAIN
        spend_card(s, me, t)
        alliance_pc(s).warrior_supply -= 1
        alliance_board(s).officers += 1
        emit(E_OFFICER, me, -1, t, alliance_board(s).officers, -1)


# ---- Evening (LoR 8.6): military operations, then draws ------------------------------------

cdef inline bint can_organize(GameState* s, int c) noexcept nogil:
    """LoR 8.6.1: an Alliance warrior in an unsympathetic clearing (not the Keep's) becomes a
    token; no supporters, no adjacency, no Martial Law."""
    return (alliance_pc(s).warriors[c] > 0 and not alliance_pc(s).tokens[0][c] and alliance_pc(s).token_supply[0] > 0
            and may_place(s, alliance_seat(s), c))


cdef int gen_alliance_eve(GameState* s, int* out) noexcept nogil:
    """One operation per officer (counted against the officers there are now: §3.5): move,
    battle, recruit at a base, organize; pass ends them."""
    cdef int me = alliance_seat(s)
    cdef int c, k = 1
    out[0] = A_PASS
    if alliance_board(s).ops_used >= alliance_board(s).officers:
        return 1
    k = gen_moves(s, me, out, k)
    k = gen_battles(s, me, out, k)
    for c in range(NCL):
        if base_in(s, c) and alliance_pc(s).warrior_supply > 0 and may_place(s, me, c):
            out[k] = A_A_RECRUIT + c
            k += 1
        if can_organize(s, c):
            out[k] = A_ORGANIZE + c
            k += 1
    return k


cdef void alliance_evening(GameState* s) noexcept nogil:
    cdef int buf[MAX_LEGAL]
    alliance_board(s).ops_used = 0
    if gen_alliance_eve(s, buf) > 1:
        s.step = S_ALLIANCE_EVE
    else:
        evening_draw(s, alliance_evening_draws(s, s.turn))


cdef void apply_alliance_eve(GameState* s, int a) noexcept nogil:
    cdef int me = alliance_seat(s)
    cdef int c, x
    if a == A_PASS:
        evening_draw(s, alliance_evening_draws(s, s.turn))
        return
    alliance_board(s).ops_used += 1
    if a >= A_MOVE and a < A_MOVE_END:
        apply_move(s, me, a)
    elif a >= A_BATTLE and a < A_BATTLE + NCL * NSIDE:
        x = a - A_BATTLE
        start_battle(s, me, x // NSIDE, x % NSIDE, S_ALLIANCE_EVE)
    elif a >= A_A_RECRUIT and a < A_A_RECRUIT + NCL:
        c = a - A_A_RECRUIT
        alliance_pc(s).warriors[c] += 1
        alliance_pc(s).warrior_supply -= 1
    else:
        c = a - A_ORGANIZE
        emit(E_REMOVE, me, c, P_REBEL, 1, CAUSE_ORGANIZE)
        remove_warriors(s, me, c, 1)
        place_sympathy(s, c, 1)


# ---- bases removed (LoR 8.2.4) and hits, Favors on the Alliance ---------------------------

cdef void alliance_piece_removed(GameState* s, int c, int piece, int remover) noexcept nogil:
    """After remove_piece: a sympathy token removed costs the remover Outrage (LoR 8.2.6; the
    Alliance lose no VP, §7 trap 1); a base removed costs the Alliance (base_lost)."""
    if piece == P_SYMPATHY:
        owe_outrage(s, remover, s.suit[c])
    elif piece == P_BASE:
        base_lost(s, c)


cdef void base_lost(GameState* s, int c) noexcept nogil:
    """The base of c's suit is back on the faction board (the remover scores it where the removal
    happens). The Alliance discard every supporter of that suit and every bird, lose half their
    officers rounded up, and, with no base left, trim the stack to 5 (a reaction: S_TRIM)."""
    cdef int me = alliance_seat(s)
    cdef int suit = s.suit[c]
    cdef int t, n = 0, lost = (alliance_board(s).officers + 1) // 2
    for t in range(NCT):
        while cc_has(&alliance_board(s).supporters, t) and (CARD_SUIT[t] == suit or CARD_SUIT[t] == BIRD):
            remove_supporter(s, t, SUP_DISCARDED)
            n += 1
    alliance_board(s).officers -= lost
    warriors_to_supply(s, me, lost)
    emit(E_BASE_LOST, me, c, lost, n, -1)
    if bases_on_map(s) == 0 and alliance_board(s).supporters_size > STACK_CAP:
        alliance_board(s).trim_owed = 1


cdef bint favor_clears_alliance(GameState* s, int c, int d) noexcept nogil:
    """A Favor removes the Alliance's warriors, base and token in c; the base and token score 1
    VP each for the crafter, the token costs it Outrage. True when the Favor pauses (a win)."""
    cdef int vp = 0
    removed(s, d, c, P_REBEL, alliance_pc(s).warriors[c])
    warriors_to_supply(s, alliance_seat(s), alliance_pc(s).warriors[c])
    alliance_pc(s).warriors[c] = 0
    if base_in(s, c):
        removed(s, d, c, P_BASE, 1)
        remove_piece(s, d, c, P_BASE, s.favor_seat)
        vp += 1
    if alliance_pc(s).tokens[0][c]:
        removed(s, d, c, P_SYMPATHY, 1)
        remove_piece(s, d, c, P_SYMPATHY, s.favor_seat)
        vp += 1
    add_vp(s, s.favor_seat, vp, clear_reason(s, c), c, s.suit[c])
    return game_over(s)


# ---- Outrage (LoR 8.2.6, root-factions.md §3.3) and the other reactions -----------------------

cdef inline void owe_outrage(GameState* s, int payer, int suit) noexcept nogil:
    """One card owed per token removed and per sympathetic clearing entered (ruling §10.8); the
    Alliance never owe it to themselves. A hireling's controller pays for it (LoR 16.4.3.7, E-21)."""
    if payer >= HSIDE:
        payer = s.hr_owner[payer - HSIDE]
    if payer >= 0 and payer != alliance_seat(s):
        s.seats[payer].outrage[suit] += 1


cdef inline void entered(GameState* s, int mover, int c) noexcept nogil:
    """mover moved warriors into c (a pawn alone never comes here: W-MP-2, §7 trap 3)."""
    if alliance_pc(s).tokens[0][c]:
        owe_outrage(s, mover, s.suit[c])


cdef inline bint reaction_step(int st) noexcept nogil:
    return (st == S_OUTRAGE or st == S_SUPPORTER_DRAW or st == S_TRIM or st == S_FAITHFUL or st == S_RF_DISRUPT
            or st == S_DC_FAILURE or st == S_DC_FAIL_DRAW or st == S_KI_CARRY or st == S_KI_TROPHY)


cdef inline bint reactions_pending(GameState* s) noexcept nogil:
    cdef int v
    if faithful_pending(s) or riverfolk_board(s).disrupt_owed or failure_pending(s) or keepers_pending(s):
        return True
    if alliance_seat(s) < 0:
        return False
    if alliance_board(s).sup_to_draw or alliance_board(s).trim_owed:
        return True
    for v in range(s.nseats):
        if s.seats[v].outrage[0] or s.seats[v].outrage[1] or s.seats[v].outrage[2]:
            return True
    return False


cdef inline void react(GameState* s) noexcept nogil:
    """After every action: settle what it set off: the Alliance's Outrage and supporters, the
    Cult's Fear of the Faithful (lizards.pxi), the Riverfolk's Trade Disruption (riverfolk.pxi), the
    Duchy's Price of Failure (duchy.pxi), the Keepers' relics carried or placed as trophies (keepers.pxi);
    each reads its faction's board, a new one when the faction is absent (nothing pending)."""
    if s.step == S_TERMINAL or reaction_step(s.step):
        return
    if reactions_pending(s):
        s.react_resume = s.step
        react_continue(s)


cdef inline int outrage_suit(GameState* s, int v) noexcept nogil:
    """The suit of the first Outrage seat v owes, or -1."""
    cdef int k
    for k in range(3):
        if s.seats[v].outrage[k]:
            return k
    return -1


cdef inline int outrage_payer(GameState* s) noexcept nogil:
    """The next seat that owes Outrage: the seat on turn first, then clockwise (the player on turn
    orders simultaneous effects, LoR 1.1.3); -1 for none."""
    cdef int i, v = s.turn
    for i in range(s.nseats):
        if outrage_suit(s, v) >= 0:
            return v
        v = next_seat(s, v)
    return -1


cdef void pay_outrage(GameState* s, int v, int t) noexcept nogil:
    """v moves card t from its hand onto the stack: v and the Alliance know which card it was."""
    cdef int suit = outrage_suit(s, v), w, size = alliance_board(s).supporters_size
    s.seats[v].outrage[suit] -= 1
    hand_hidden_away(s, v, alliance_seat(s), t)
    emit(E_OUTRAGE, v, -1, t, suit, -1)
    add_supporter(s, t, v, SUP_OUTRAGE)
    if public_hand(s, v) and alliance_board(s).supporters_size > size:
        for w in range(s.nseats):       # paid from a face-up hand: every seat saw it go onto the stack
            if w != v and w != alliance_seat(s):
                cc_add(&s.seats[w].known_sup, t, 1)


cdef bint settle_outrage(GameState* s) noexcept nogil:
    """Settle the next Outrage owed; True if there was one. A payer with a matching card is asked
    (S_OUTRAGE) -- with a single kind too, unless every other player knows its whole hand: being
    asked tells no more than the rule does, that it holds one (issue 29 item 5); one with no
    matching card (birds included) shows its hand to the Alliance, who draw the top deck card
    onto the stack (LoR 8.2.6)."""
    cdef int me = alliance_seat(s)
    cdef int v = outrage_payer(s)
    cdef int suit, types, last = 0
    if v < 0:
        return False
    suit = outrage_suit(s, v)
    types = cc_kinds(&s.seats[v].hand, MATCH_CARDS[suit], &last)
    if types > 1 or (types == 1 and not hand_seen_by_all(s, v)):
        s.react_seat = v
        s.step = S_OUTRAGE
    elif types == 1:
        pay_outrage(s, v, last)
    else:
        s.seats[v].outrage[suit] -= 1
        s.seats[me].known[v] = s.seats[v].hand      # the whole hand shown to the Alliance
        emit(E_OUTRAGE, v, -1, -1, suit, s.seats[v].hand_size)
        alliance_board(s).sup_to_draw += 1
    return True


cdef int gen_outrage(GameState* s, int* out) noexcept nogil:
    cdef int v = s.react_seat
    cdef int t, k = 0, suit = outrage_suit(s, v)
    for t in range(NCT):
        if cc_has(&s.seats[v].hand, t) and card_matches(t, suit):
            out[k] = A_OUTRAGE + t
            k += 1
    return k


cdef bint trim_pauses(GameState* s) noexcept nogil:
    """LoR 8.2.4: with no base on the map, the Alliance discard supporters down to 5, choosing
    which (asked only when the stack holds more than one kind of card)."""
    cdef int types, last = 0
    if bases_on_map(s) > 0 or alliance_board(s).supporters_size <= STACK_CAP:
        alliance_board(s).trim_owed = 0
        return False
    types = cc_kinds(&alliance_board(s).supporters, ~(<uint64_t>0), &last)
    if types > 1:
        s.step = S_TRIM
        return True
    while alliance_board(s).supporters_size > STACK_CAP:
        remove_supporter(s, last, SUP_DISCARDED)
    alliance_board(s).trim_owed = 0
    return False


cdef int gen_trim(GameState* s, int* out) noexcept nogil:
    cdef int t, k = 0
    for t in range(NCT):
        if cc_has(&alliance_board(s).supporters, t):
            out[k] = A_SUPPORTER + t
            k += 1
    return k


cdef void react_continue(GameState* s) noexcept nogil:
    """Settle the pending reactions in order -- Fear of the Faithful's random discards (the Cult,
    lizards.pxi), deck draws onto the stack, Outrage, the trim -- pausing at each real choice or
    chance event; then return to the step the action reached."""
    while True:
        if faithful_pauses(s) or disrupt_pauses(s) or failure_pauses(s) or keepers_pauses(s):
            return
        if alliance_board(s).sup_to_draw > 0:
            if s.deck_size > 0:
                s.step = S_SUPPORTER_DRAW
                return
            alliance_board(s).sup_to_draw = 0       # no card left in the deck or the discard pile
        if settle_outrage(s):
            if s.react_seat >= 0:       # the payer is asked (the step may still read S_OUTRAGE
                return                  # from the previous payment: not a pause by itself)
            continue
        if alliance_board(s).trim_owed and trim_pauses(s):
            return
        break
    react_done(s)


cdef void react_done(GameState* s) noexcept nogil:
    cdef int st = s.react_resume
    if st == RESUME_SETUP:
        setup_next(s, F_ALLIANCE)
        return
    s.step = st
    if (st == S_EVE_DRAW or st == S_CARD_DRAW) and s.deck_size == 0:
        clear_draws(s)      # the blind draw took the last card there was
        draws_done(s)
    elif st == S_HOSPITAL and not field_hospitals_open(s):
        hospital_resume(s)          # Outrage took the last card that could pay: nothing to decide
        if game_over(s):
            end_game(s)
        else:
            react(s)


cdef void apply_reaction(GameState* s, int a) noexcept nogil:
    cdef int t
    if s.step == S_SUPPORTER_DRAW:
        t = a - A_DRAW
        cc_add(&s.deck, t, -1)
        s.deck_size -= 1
        alliance_board(s).sup_to_draw -= 1
        add_supporter(s, t, -1, SUP_DRAWN)
        maybe_reshuffle(s)
    elif s.step == S_OUTRAGE:
        pay_outrage(s, s.react_seat, a - A_OUTRAGE)
        s.react_seat = -1
    elif s.step == S_FAITHFUL:
        faithful_discard(s, a - A_FAITHFUL)
    else:
        remove_supporter(s, a - A_SUPPORTER, SUP_DISCARDED)
        if alliance_board(s).supporters_size <= STACK_CAP:
            alliance_board(s).trim_owed = 0
    react_continue(s)
