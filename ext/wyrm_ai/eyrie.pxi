# The Eyrie Dynasties (root-factions.md §2; LoR 7). Numbers in factions.pxi (EYRIE_TABLE).

cdef inline Pieces* eyrie_pc(GameState* s) noexcept nogil:
    """The Eyrie's pieces: roosts are building kind 0 (nobody's when absent)."""
    return faction_pc(s, F_EYRIE)


cdef inline EyrieBoard* eyrie_board(GameState* s) noexcept nogil:
    """The Eyrie's board (the Decree, leaders)."""
    return &faction_board(s, F_EYRIE).eyrie


cdef inline int roosts_on_map(GameState* s) noexcept nogil:
    return EYRIE_ROOSTS - eyrie_pc(s).building_supply[0]


cdef inline int eyrie_roost_vp(GameState* s) noexcept nogil:
    """LoR 7.6.1: the VP of the rightmost empty space of the Roosts track."""
    return EYRIE_ROOST_VP[roosts_on_map(s)]


cdef inline int eyrie_evening_draws(GameState* s, int seat) noexcept nogil:
    """LoR 7.6.2: 1 plus the uncovered draw bonuses of the Roosts track."""
    return EYRIE_DRAWS[roosts_on_map(s)]


cdef inline bint eyrie_leads(GameState* s, int seat, int leader) noexcept nogil:
    """seat is the Eyrie and leader (L_*) leads them."""
    return side_faction(s, seat) == F_EYRIE and eyrie_board(s).leader == leader


cdef inline int craft_vp(GameState* s, int seat, int t) noexcept nogil:
    """An item's VP for its crafter: Disdain for Trade makes it 1 for the Eyrie, unless the
    Builder leads (LoR 7.2.3, 7.8.1; §7 trap 24: items only)."""
    if s.seat_faction[seat] == F_EYRIE and eyrie_board(s).leader != L_BUILDER:
        return EYRIE_DISDAIN_VP
    return CARD_VP[t]


cdef inline int viziers_in(GameState* s, int col) noexcept nogil:
    """The Loyal Viziers the current leader tucks in a Decree column (none while choosing)."""
    return VIZIERS[eyrie_board(s).leader][col] if eyrie_board(s).leader >= 0 else 0


cdef inline int decree_suit(GameState* s, int col, int suit) noexcept nogil:
    """Cards of a suit in a Decree column, the Viziers counted as birds."""
    return decree_cards(s, col, SUIT_CARDS[suit]) + (viziers_in(s, col) if suit == BIRD else 0)


cdef inline int decree_left(GameState* s, int col, int suit) noexcept nogil:
    return decree_suit(s, col, suit) - eyrie_board(s).decree_done[col][suit]


cdef int decree_column(GameState* s) noexcept nogil:
    """The column being resolved: the first with a card not yet resolved, NDECREE when the whole
    Decree is done (LoR 7.5.2: left to right, every card of a column before the next)."""
    cdef int col, suit
    for col in range(NDECREE):
        for suit in range(4):
            if decree_left(s, col, suit) > 0:
                return col
    return NDECREE


# ---- setup (LoR 7.3) ---------------------------------------------------------------------

cdef inline bint starting_corner(GameState* s, int c) noexcept nogil:
    """Another faction's starting corner: a Keep's (the Wyrm sets up after the Eyrie, W-MP-1)."""
    return cat_pc(s).keep == c or mm_pc(s).keep == c


cdef void eyrie_setup_start(GameState* s) noexcept nogil:
    """LoR 7.3.1: the corner opposite the Keep when the Marquise plays (or the Mechanical
    Marquise: it plays her part, MM2 digest §4), unless that corner is the other Keep's; else the
    Eyrie choose a corner that is not another faction's starting corner."""
    cdef int keep = cat_pc(s).keep if cat_pc(s).keep >= 0 else mm_pc(s).keep
    if drafting(s):               # the draft: her setup card's homeland (gen_eyrie_setup)
        s.step = S_EYRIE_SETUP
    elif keep >= 0 and not starting_corner(s, opposite_corner(s, keep)):
        eyrie_setup_corner(s, opposite_corner(s, keep))
    else:
        s.step = S_EYRIE_SETUP


cdef int gen_eyrie_homeland(GameState* s, int* out) noexcept nogil:
    """Her setup card in the draft (LoR 16.1.8.2; docs/advanced-setup.md §4): one homeland on the
    map edge with two or more clearings between it and any enemy homeland; failing that not
    adjacent to one, failing that as far as she can (16.1.8.2.2); off the edge only where no edge
    clearing is open at all."""
    cdef int c, best = -1, k = 0, me = eyrie_seat(s)
    cdef uint16_t enemies = enemy_homelands(s, me)
    cdef int scores[NCL]
    for c in range(NCL):
        scores[c] = -1
        if homeland_open(s, me, c):
            scores[c] = 4 * ((map_edge(s) >> c) & 1) + homeland_distance(s, enemies, c)
            best = max(best, scores[c])
    for c in range(NCL):
        if scores[c] == best and best >= 0:
            out[k] = A_ROOST_AT + c
            k += 1
    return k


cdef int gen_eyrie_setup(GameState* s, int* out) noexcept nogil:
    cdef int c, k = 0
    if drafting(s):
        return gen_eyrie_homeland(s, out)
    for c in range(4):
        if not starting_corner(s, c):
            out[k] = A_ROOST_AT + c
            k += 1
    return k


cdef void eyrie_setup_corner(GameState* s, int c) noexcept nogil:
    """LoR 7.3.2: a roost and 6 warriors in the corner; then the leader (7.3.3). In the draft the
    clearing is her homeland (16.1.8.2)."""
    if drafting(s):
        add_homeland(s, eyrie_seat(s), c)
    eyrie_pc(s).buildings[0][c] = 1
    eyrie_pc(s).building_supply[0] -= 1
    eyrie_pc(s).warriors[c] += EYRIE_START_WARRIORS
    eyrie_pc(s).warrior_supply -= EYRIE_START_WARRIORS
    eyrie_board(s).leader = -1
    s.step = S_EYRIE_LEADER


# ---- leaders (LoR 7.3.3, 7.7.3) ----------------------------------------------------------

cdef int gen_leaders(GameState* s, int* out) noexcept nogil:
    """The face-up leaders (the current one is none of them)."""
    cdef int l, k = 0
    for l in range(NLEADER):
        if not (eyrie_board(s).leaders_down >> l) & 1:
            out[k] = A_LEADER + l
            k += 1
    return k


cdef void choose_leader(GameState* s, int l) noexcept nogil:
    """The new leader; its Viziers go to its two columns (viziers_in). At setup the game goes
    on with the next faction's setup, in Turmoil with the Evening (LoR 7.7.4)."""
    eyrie_board(s).leader = l
    emit(E_LEADER, eyrie_seat(s), -1, l, 0, -1)
    if s.turn_number == 0:
        setup_next(s, F_EYRIE)
    else:
        begin_evening(s)


# ---- Birdsong (LoR 7.4) ------------------------------------------------------------------

cdef void eyrie_birdsong(GameState* s) noexcept nogil:
    """Emergency Orders: an empty hand draws 1 (LoR 7.4.1; a chance event, then Birdsong goes
    on from here with a card in hand); then cards to the Decree (7.4.2)."""
    cdef int me = eyrie_seat(s)
    if s.seats[me].hand_size == 0 and s.deck_size > 0:
        s.seats[me].to_draw = 1
        s.resume_step = RESUME_BIRDSONG
        start_card_draw(s)
        return
    eyrie_board(s).decree_added = 0
    eyrie_board(s).decree_bird_added = 0
    eyrie_add_next(s)


cdef int gen_decree_add(GameState* s, int* out, int k) noexcept nogil:
    """LoR 7.4.2: 1 or 2 cards from hand, each to any column; at most one bird."""
    cdef int me = eyrie_seat(s)
    cdef int t, col
    if eyrie_board(s).decree_added >= 2:
        return k
    for t in range(NCT):
        if not cc_has(&s.seats[me].hand, t) or (CARD_SUIT[t] == BIRD and eyrie_board(s).decree_bird_added):
            continue
        for col in range(NDECREE):
            out[k] = A_DECREE + col * NCT + t
            k += 1
    return k


cdef void eyrie_add_next(GameState* s) noexcept nogil:
    """Ask for a Decree card while one could be added as far as the other players know: fewer
    than two added and a card in hand (after a bird, a hand of birds only passes: issue 29 item
    5); else Birdsong goes on."""
    cdef int buf[NDECREE * NCT]
    if eyrie_board(s).decree_added < 2 and may_hold(s, eyrie_seat(s), gen_decree_add(s, buf, 0) > 0):
        s.step = S_EYRIE_ADD
    else:
        eyrie_new_roost(s)


cdef void eyrie_add(GameState* s, int col, int t) noexcept nogil:
    cdef int me = eyrie_seat(s)
    cc_add(&s.seats[me].hand, t, -1)
    s.seats[me].hand_size -= 1
    forget_card(s, me, t)          # in view of everyone: the Decree is public
    decree_add(s, col, t)
    eyrie_board(s).decree_added += 1
    if CARD_SUIT[t] == BIRD:
        eyrie_board(s).decree_bird_added = 1
    eyrie_add_next(s)


cdef inline bint new_roost_fits(GameState* s, int c) noexcept nogil:
    """A roost may go there: an open slot, not the Keep's clearing (LoR 6.2.2)."""
    return free_slots(s, c) > 0 and may_place(s, eyrie_seat(s), c)


cdef inline int all_warriors_in(GameState* s, int c) noexcept nogil:
    cdef int seat, n = 0
    for seat in range(s.nseats):
        n += warriors_in(s, seat, c)
    return n


cdef int gen_new_roost(GameState* s, int* out) noexcept nogil:
    """LoR 7.4.3: the clearings with the fewest warriors (every faction's) where a roost fits."""
    cdef int c, n, best = 1000, k = 0
    for c in range(NCL):
        if new_roost_fits(s, c):
            n = all_warriors_in(s, c)
            if n < best:
                best = n
    for c in range(NCL):
        if new_roost_fits(s, c) and all_warriors_in(s, c) == best:
            out[k] = A_ROOST_AT + c
            k += 1
    return k


cdef void eyrie_new_roost(GameState* s) noexcept nogil:
    """A New Roost when no roost is on the map; a choice only among tied clearings."""
    cdef int buf[NCL]
    cdef int n
    if roosts_on_map(s) == 0:
        n = gen_new_roost(s, buf)
        if n > 1:
            s.step = S_EYRIE_ROOST
            return
        if n == 1:
            place_new_roost(s, buf[0] - A_ROOST_AT)
            return
    end_birdsong(s, S_EYRIE_DAY)


cdef void place_new_roost(GameState* s, int c) noexcept nogil:
    """A roost and 3 warriors, as many as the supply holds (LoR 1.5.4)."""
    cdef int n = min(EYRIE_NEW_ROOST_WARRIORS, <int>eyrie_pc(s).warrior_supply)
    eyrie_pc(s).buildings[0][c] = 1
    eyrie_pc(s).building_supply[0] -= 1
    eyrie_pc(s).warriors[c] += n
    eyrie_pc(s).warrior_supply -= n
    end_birdsong(s, S_EYRIE_DAY)


# ---- Daylight (LoR 7.5) ------------------------------------------------------------------

cdef void eyrie_daylight(GameState* s) noexcept nogil:
    s.step = S_EYRIE_DAY
    s.crafting_open = 1
    memset(eyrie_board(s).decree_done, 0, sizeof(eyrie_board(s).decree_done))
    maybe_command_warren(s)


cdef inline bint card_fits(GameState* s, int suit, int c) noexcept nogil:
    """A Decree card acts in a clearing of its suit; a bird (a Vizier too) in any (LoR 7.5.2)."""
    return suit == BIRD or s.suit[c] == suit


cdef int gen_decree(GameState* s, int* out, int k, bint* stuck) noexcept nogil:
    """One action for one card of the current column, each suit with a card left; stuck is set
    when a card left in the column has no action: the Eyrie may take it up first and fall into
    Turmoil, whatever the column's other cards could do (LoR 7.5.2 "in any order", ruling §10.10)."""
    cdef int me = eyrie_seat(s)
    cdef int col = decree_column(s)
    cdef int suit, bird, c, j, b, n, d, before
    cdef uint16_t ruled, move_ruled
    stuck[0] = False
    if col == NDECREE:
        return k
    ruled = ruled_mask(s, me)
    move_ruled = move_rule_mask(s, me)
    for suit in range(4):
        if decree_left(s, col, suit) <= 0:
            continue
        before = k
        bird = 1 if suit == BIRD else 0
        for c in range(NCL):
            if not card_fits(s, suit, c):
                continue
            if col == D_RECRUIT:
                if eyrie_pc(s).buildings[0][c] and eyrie_pc(s).warrior_supply > 0 and may_place(s, me, c):
                    out[k] = A_E_RECRUIT + c * 2 + bird
                    k += 1
            elif col == D_MOVE:
                for b in range(NCL):
                    if not may_reach(s, me, c, b):
                        continue
                    if eyrie_pc(s).warriors[c] > 0 and may_move(move_ruled, c, b):
                        for n in range(1, eyrie_pc(s).warriors[c] + 1):
                            out[k] = A_E_MOVE + ((c * NCL + b) * 2 + bird) * 21 + n
                            k += 1
            elif col == D_BATTLE:
                if eyrie_pc(s).warriors[c] > 0:
                    for d in range(NSIDE):
                        if side_in_play(s, d) and can_battle_seat(s, me, c, d):
                            out[k] = A_E_BATTLE + (c * NSIDE + d) * 2 + bird
                            k += 1
            elif (ruler(s, c) == me and not eyrie_pc(s).buildings[0][c] and free_slots(s, c) > 0
                    and may_place(s, me, c) and eyrie_pc(s).building_supply[0] > 0):
                out[k] = A_E_BUILD + c * 2 + bird
                k += 1
        if k == before:
            stuck[0] = True
    return k


cdef int gen_eyrie_day(GameState* s, int* out) noexcept nogil:
    """Crafting first (LoR 7.5.1), then the Decree. Pass only when the Decree is done (end of
    Daylight) or its column has a card that cannot be done (Turmoil, LoR 7.5.2, §7 trap 20), even
    while another card of the column could be (the Eyrie order a column's cards: ruling §10.10)."""
    cdef int me = eyrie_seat(s)
    cdef int k = 0, t, n
    cdef uint64_t m
    cdef bint stuck
    if s.crafting_open:
        m = cc_types(&s.seats[me].hand)
        while m:
            t = ctz64(m)
            m &= m - 1
            if can_craft(s, me, t):
                out[k] = A_CRAFT + t
                k += 1
    k = gen_daylight_cards(s, me, out, k)
    n = gen_decree(s, out, k, &stuck)
    if n == k or stuck:
        out[n] = A_PASS
        n += 1
    return n


cdef bint turmoil_by_choice(GameState* s) noexcept nogil:
    """The Eyrie's pass now would be Turmoil taken up by choice: a card of the current column could
    still be carried out (ruling §10.10 allows it; the heuristic does the cards it can first)."""
    cdef int buf[MAX_LEGAL]
    cdef bint stuck
    if s.step != S_EYRIE_DAY or decree_column(s) == NDECREE:
        return False
    return gen_decree(s, buf, 0, &stuck) > 0


cdef void decree_resolved(GameState* s, int col, int bird, int c) noexcept nogil:
    s.crafting_open = 0
    eyrie_board(s).decree_done[col][BIRD if bird else s.suit[c]] += 1


cdef void eyrie_recruit(GameState* s, int c, int bird) noexcept nogil:
    """1 warrior at a roost, 2 under the Charismatic (LoR 7.8.2); with 1 left in supply the
    Charismatic places it and falls into Turmoil (FAQ)."""
    cdef int want = EYRIE_CHARISMATIC if eyrie_board(s).leader == L_CHARISMATIC else 1
    cdef int n = min(want, <int>eyrie_pc(s).warrior_supply)
    decree_resolved(s, D_RECRUIT, bird, c)
    eyrie_pc(s).warriors[c] += n
    eyrie_pc(s).warrior_supply -= n
    if n < want:
        turmoil(s)


cdef void eyrie_build(GameState* s, int c, int bird) noexcept nogil:
    decree_resolved(s, D_BUILD, bird, c)
    eyrie_pc(s).buildings[0][c] = 1
    eyrie_pc(s).building_supply[0] -= 1


cdef void apply_eyrie_day(GameState* s, int a) noexcept nogil:
    cdef int me = eyrie_seat(s)
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
        if decree_column(s) < NDECREE:
            turmoil(s)
        else:
            begin_evening(s)
    elif a >= A_E_RECRUIT and a < A_E_RECRUIT + NCL * 2:
        x = a - A_E_RECRUIT
        eyrie_recruit(s, x // 2, x % 2)
    elif a >= A_E_BUILD and a < A_E_BUILD + NCL * 2:
        x = a - A_E_BUILD
        eyrie_build(s, x // 2, x % 2)
    elif a >= A_E_BATTLE and a < A_E_BATTLE + NCL * NSIDE * 2:
        x = a - A_E_BATTLE
        decree_resolved(s, D_BATTLE, x % 2, x // 2 // NSIDE)
        start_battle(s, me, x // 2 // NSIDE, (x // 2) % NSIDE, S_EYRIE_DAY)
    elif a >= A_E_MOVE and a < A_E_MOVE + NCL * NCL * 2 * 21:
        x = a - A_E_MOVE
        decree_resolved(s, D_MOVE, (x // 21) % 2, x // 42 // NCL)
        move_pieces(s, me, x // 42 // NCL, (x // 42) % NCL, 0, x % 21)


cdef inline uint16_t suit_clearings(GameState* s, int suit) noexcept nogil:
    """The clearings a card of the suit acts in: its suit's, or every clearing for a bird."""
    cdef int c
    cdef uint16_t m = 0
    for c in range(NCL):
        if card_fits(s, suit, c):
            m |= 1 << c
    return m


cdef int decree_stuck(GameState* s) noexcept nogil:
    """A rough look ahead for the evaluation: Decree cards (Viziers included) of a column and
    suit with no clearing of the suit (any, for a bird) where a card of the column could act on
    the board as it stands (supplies and rule included, the other cards of the Decree not)."""
    cdef int me = eyrie_seat(s)
    cdef int col, suit, c, d, k, n = 0
    cdef uint16_t can[NDECREE]
    cdef uint16_t ruled, bit
    if eyrie_board(s).leader < 0:
        return 0
    ruled = ruled_mask(s, me)
    memset(can, 0, sizeof(can))
    for c in range(NCL):                 # where each column could act now
        bit = 1 << c
        if eyrie_pc(s).buildings[0][c] and eyrie_pc(s).warrior_supply > 0:
            can[D_RECRUIT] |= bit
        if eyrie_pc(s).warriors[c] > 0:
            can[D_MOVE] |= bit
            if can_battle(s, me, c):     # a seat or a hireling (E-16)
                can[D_BATTLE] |= bit
        if (ruled & bit) and not eyrie_pc(s).buildings[0][c] and free_slots(s, c) > 0 and eyrie_pc(s).building_supply[0] > 0:
            can[D_BUILD] |= bit
    for col in range(NDECREE):
        for suit in range(4):
            k = decree_suit(s, col, suit)
            if k > 0 and not (can[col] & suit_clearings(s, suit)):
                n += k
    return n


# ---- Turmoil (LoR 7.7) -------------------------------------------------------------------

cdef int decree_birds(GameState* s) noexcept nogil:
    """Bird cards in the Decree, the two Viziers included (§7 trap 21)."""
    cdef int col, n = 0
    for col in range(NDECREE):
        n += decree_suit(s, col, BIRD)
    return n


cdef inline void purge_card(GameState* s, int t, int n) noexcept nogil:
    """LoR 7.7.2: a purged Decree card goes to the discard pile; a dominance card becomes
    available instead (LoR 3.3.3); either to the Lost Souls pile while the Cult sits (LoR 10.2.6)."""
    to_pile(s, eyrie_seat(s), t, n)


cdef void turmoil(GameState* s) noexcept nogil:
    """Humiliate (-1 VP per bird, never below 0: ruling §10.3), purge the Decree to the discard
    pile (a dominance card becomes available, LoR 3.3.3), depose the leader, choose a new one
    (A New Clutch when none is face up), then Daylight ends and Evening begins."""
    cdef int me = eyrie_seat(s)
    cdef int col, t, purged = 0
    cdef int birds = decree_birds(s)
    add_vp(s, me, -birds, VP_HUMILIATE, -1, birds)
    for col in range(NDECREE):
        for t in range(NCT):
            purge_card(s, t, decree_get(s, col, t))
        purged += cc_total(&eyrie_board(s).decree[col])
    decree_clear(s)
    emit(E_TURMOIL, me, -1, eyrie_board(s).leader, purged, -1)
    eyrie_board(s).leaders_down |= 1 << eyrie_board(s).leader
    eyrie_board(s).leader = -1
    s.crafting_open = 0
    memset(eyrie_board(s).decree_done, 0, sizeof(eyrie_board(s).decree_done))   # Daylight is over (LoR 7.7.4)
    maybe_reshuffle(s)
    if eyrie_board(s).leaders_down == (1 << NLEADER) - 1:      # A New Clutch
        eyrie_board(s).leaders_down = 0
        emit(E_LEADER, me, -1, -1, 1, -1)
    s.step = S_EYRIE_LEADER


# ---- Evening (LoR 7.6) -------------------------------------------------------------------

cdef void eyrie_evening(GameState* s) noexcept nogil:
    cdef int me = eyrie_seat(s)
    add_vp(s, me, eyrie_roost_vp(s), VP_ROOSTS, -1, roosts_on_map(s))
    if not game_over(s):
        evening_draw(s, eyrie_evening_draws(s, s.turn))


# ---- battle: hits on the Eyrie, the Commander, the Despot ---------------------------------

cdef inline int commander_hits(GameState* s, int attacker) noexcept nogil:
    """LoR 7.8.3: the Commander deals an extra hit as attacker."""
    return EYRIE_COMMANDER_HITS if eyrie_leads(s, attacker, L_COMMANDER) else 0


cdef inline void despot_bonus(GameState* s, int remover, int c) noexcept nogil:
    """LoR 7.8.4: +1 VP once per battle in which the Despot removes a building or token
    (§7 trap 19)."""
    if eyrie_leads(s, remover, L_DESPOT) and not s.battle.despot:
        s.battle.despot = 1
        add_vp(s, remover, EYRIE_DESPOT_VP, VP_DESPOT, c, -1)


cdef bint favor_clears_eyrie(GameState* s, int c, int d) noexcept nogil:
    """A Favor removes the Eyrie's warriors and roost in c; the roost scores 1 VP for the
    crafter (LoR 3.2.1). True when the Favor pauses (a win)."""
    removed(s, d, c, P_BIRD, eyrie_pc(s).warriors[c])
    warriors_to_supply(s, eyrie_seat(s), eyrie_pc(s).warriors[c])
    eyrie_pc(s).warriors[c] = 0
    if eyrie_pc(s).buildings[0][c]:
        removed(s, d, c, P_ROOST, 1)
        eyrie_pc(s).buildings[0][c] = 0
        eyrie_pc(s).building_supply[0] += 1
        add_vp(s, s.favor_seat, 1, clear_reason(s, c), c, s.suit[c])
        if game_over(s):
            return True
    return False
