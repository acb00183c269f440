# The Vagabond (LoR 9; root-factions.md §1.8-1.11, §4, §7; rulings §10.1-§10.6; W-MP-4, 6, 7).
# His pawn is vb_at (a clearing, or NCL + forest). His items are counts by state and kind
# (vb_items[VS_*][I_*]): a face-up tea, coin or bag sits on its track up to 3 each (on_track);
# everything else undamaged is in the Satchel; damaged items keep their face in the Damaged box.
# Ruins hold their items as a pool nobody can see into (ruin_items): exploring draws one as a
# chance event, which is the Law's fixed-at-setup ruin exactly because nobody knows which ruin
# holds which (§7 trap 26). The quest deck is a set (quest_deck) drawn as chance events.



# ---- items (LoR 9.2.5) ----------------------------------------------------------------------

cdef inline Pieces* vb_pc(GameState* s) noexcept nogil:
    """The Vagabond's pieces: his pawn (nobody's when absent)."""
    return faction_pc(s, F_VAGABOND)


cdef inline VagabondBoard* vb_board(GameState* s) noexcept nogil:
    """The Vagabond's board (character, items, relationships)."""
    return &faction_board(s, F_VAGABOND).vagabond


cdef inline int vb_seat(GameState* s) noexcept nogil:
    """The Vagabond's seat (-1 when he is not at the table)."""
    return s.faction_seat[F_VAGABOND]


cdef inline bint vb_in_clearing(GameState* s) noexcept nogil:
    return 0 <= vb_pc(s).pawn < NCL


cdef inline bint has_track(int k) noexcept nogil:
    return k == I_TEA or k == I_COINS or k == I_BAG


cdef inline int on_track(GameState* s, int k) noexcept nogil:
    """Face-up items of kind k on its track (tea, coins, bags: 3 at most, §4.2)."""
    cdef int n = vb_board(s).vb_items[VS_UP][k]
    return min(n, VB_TRACK) if has_track(k) else 0


cdef inline int ready(GameState* s, int k) noexcept nogil:
    """Items of kind k he can exhaust: face up and undamaged."""
    return vb_board(s).vb_items[VS_UP][k]


cdef inline int undamaged(GameState* s, int k) noexcept nogil:
    return vb_board(s).vb_items[VS_UP][k] + vb_board(s).vb_items[VS_DOWN][k]


cdef inline int undamaged_items(GameState* s) noexcept nogil:
    cdef int k, n = 0
    for k in range(NVITEM):
        n += undamaged(s, k)
    return n


cdef inline int vb_swords(GameState* s) noexcept nogil:
    """Undamaged swords, face up or down: the cap on his rolled hits (LoR 9.2.6)."""
    return undamaged(s, I_SWORD)


cdef inline int damaged_items(GameState* s) noexcept nogil:
    cdef int k, n = 0
    for k in range(NVITEM):
        n += vb_board(s).vb_items[VS_DMG_UP][k] + vb_board(s).vb_items[VS_DMG_DOWN][k]
    return n


cdef inline void exhaust(GameState* s, int k, int n) noexcept nogil:
    """Turn n face-up undamaged items of kind k face down (the caller checks he has them)."""
    vb_board(s).vb_items[VS_UP][k] -= n
    vb_board(s).vb_items[VS_DOWN][k] += n


cdef inline int item_options(GameState* s, int st0, int st1, int base, int* out, int n) noexcept nogil:
    """The items in either of two states, written from out[n] as base + which * 8 + kind (which:
    0 for st0, 1 for st1), kind by kind; returns the new count. Refresh (exhausted, damaged
    exhausted), damage (face up, face down) and repair (damaged face up, face down) ask this."""
    cdef int k
    for k in range(NVITEM):
        if vb_board(s).vb_items[st0][k]:
            out[n] = base + k
            n += 1
        if vb_board(s).vb_items[st1][k]:
            out[n] = base + NVITEM + k
            n += 1
    return n


cdef inline int shift_item(GameState* s, int x, int from0, int from1, int to0, int to1) noexcept nogil:
    """Item x (which * 8 + kind, as item_options writes it) goes from state from0 to to0, or
    from1 to to1; returns its kind."""
    cdef int k = x % NVITEM
    if x >= NVITEM:
        vb_board(s).vb_items[from1][k] -= 1
        vb_board(s).vb_items[to1][k] += 1
    else:
        vb_board(s).vb_items[from0][k] -= 1
        vb_board(s).vb_items[to0][k] += 1
    return k


cdef inline void gain_item(GameState* s, int k, int how, int c) noexcept nogil:
    """An item comes to him face up (into the Satchel or onto its track)."""
    vb_board(s).vb_items[VS_UP][k] += 1
    emit(E_ITEM, vb_seat(s), c, k, 1, how)


cdef inline int item_load(GameState* s) noexcept nogil:
    """Items in the Satchel and the Damaged box: every item but the face-up ones on tracks."""
    cdef int k, n = 0
    for k in range(NVITEM):
        n += (vb_board(s).vb_items[VS_UP][k] - on_track(s, k) + vb_board(s).vb_items[VS_DOWN][k]
              + vb_board(s).vb_items[VS_DMG_UP][k] + vb_board(s).vb_items[VS_DMG_DOWN][k])
    return n


cdef inline int item_limit(GameState* s) noexcept nogil:
    """6 + 2 per face-up bag on the bag track (LoR 9.6.4, §7 trap 11)."""
    return VB_CAPACITY + VB_CAPACITY_PER_BAG * on_track(s, I_BAG)


cdef inline int vagabond_evening_draws(GameState* s) noexcept nogil:
    """1 + 1 per face-up coin on the coin track (LoR 9.6.2, §7 trap 8)."""
    return 1 + on_track(s, I_COINS)


# ---- relationships (LoR 9.2.9, ruling §10.1) and coalitions (LoR 9.2.8) -----------------------

cdef inline int rel_of(GameState* s, int seat) noexcept nogil:
    return vb_board(s).vb_rel[seat]


cdef inline void set_rel(GameState* s, int seat, int r) noexcept nogil:
    vb_board(s).vb_rel[seat] = r
    emit(E_RELATION, vb_seat(s), -1, s.seat_faction[seat], r, -1)


cdef inline bint partners(GameState* s, int a, int b) noexcept nogil:
    """The Vagabond and his coalition partner (LoR 9.2.8): not enemies."""
    cdef int v = vb_seat(s)
    return v >= 0 and vb_board(s).coalition >= 0 and ((a == v and b == vb_board(s).coalition) or (b == v and a == vb_board(s).coalition))


cdef int win_partner(GameState* s, int winner) noexcept nogil:
    """The seat that wins with the winner: the Vagabond when it is his coalition partner, or his
    partner when he wins (LoR 9.2.8); -1 for none."""
    cdef int v
    for v in range(s.nseats):
        if v != winner and partners(s, v, winner):
            return v
    return -1


cdef inline bint hostile_warriors_in(GameState* s, int c) noexcept nogil:
    """Warriors of any faction Hostile to him in c: entering costs an extra boot (LoR 9.2.9.III.b,
    §7 trap 7)."""
    cdef int o, v = vb_seat(s)
    for o in range(s.nseats):
        if o != v and rel_of(s, o) == REL_HOSTILE and warriors_in(s, o, c) > 0:
            return True
    return False


cdef void vb_removed_warriors(GameState* s, int victim, int c, int n, bint battle) noexcept nogil:
    """The Vagabond removed n warriors of victim's: a non-Hostile faction turns Hostile at once
    (LoR 9.2.9.III, any means, W-MP-7); in a battle on his own turn every further warrior of a
    Hostile faction scores Infamy, 1 VP each, but not the one that made them Hostile (§7 trap 12)."""
    cdef int v = vb_seat(s)
    if n <= 0:
        return
    if rel_of(s, victim) != REL_HOSTILE:
        set_rel(s, victim, REL_HOSTILE)
        n -= 1
    if battle and s.turn == v and n > 0:
        add_vp(s, v, n, VP_INFAMY, c, warrior_piece(s, victim))


cdef inline void vb_removed_piece(GameState* s, int victim, int c, int piece) noexcept nogil:
    """A building or token of a Hostile faction removed in his battle on his turn: +1 Infamy
    (LoR 9.2.9.III.a: 1 + 1 for buildings and tokens)."""
    if s.turn == vb_seat(s) and rel_of(s, victim) == REL_HOSTILE:
        add_vp(s, vb_seat(s), 1, VP_INFAMY, c, piece)


cdef void aid_relation(GameState* s, int seat) noexcept nogil:
    """An Aid to seat counts toward its next step, this turn only (ruling §10.1; §7 trap 23);
    a Hostile faction's marker never moves (LoR 9.2.9.III.c)."""
    cdef int r = rel_of(s, seat), v = vb_seat(s), f = s.seat_faction[seat]
    if r == REL_HOSTILE:
        return
    if r == REL_ALLIED:
        add_vp(s, v, VB_ALLIED_AID_VP, VP_AID, -1, f)
        return
    cdef VagabondBoard* b = vb_board(s)
    b.vb_aids[seat] += 1
    if b.vb_aids[seat] >= AIDS_PER_STEP[r]:
        b.vb_aids[seat] = 0
        set_rel(s, seat, r + 1)
        add_vp(s, v, STEP_VP[r], VP_AID, -1, f)


cdef inline bint may_partner(GameState* s, int o) noexcept nogil:
    """A coalition partner has the fewest VP of the players but the Vagabond (tied lowest: his
    pick) and a score marker on the track (LoR 9.2.8, FAQ; §7 trap 17)."""
    cdef int x, v = vb_seat(s)
    if o == v or activated_dominance(s, o) >= 0:
        return False
    for x in range(s.nseats):
        if x != v and x != o and s.seats[x].score < s.seats[o].score:
            return False
    return True


cdef int gen_coalitions(GameState* s, int seat, int* out, int k) noexcept nogil:
    """In his Daylight at 4+ seats with at least 10 VP (ruling §10.2), a dominance card from hand
    forms a coalition with a player of fewest VP (ties: his pick)."""
    cdef int suit, o
    if s.nseats < 4 or vb_board(s).coalition >= 0 or s.seats[seat].score < DOMINANCE_VP:
        return k
    for suit in range(4):
        if cc_has(&s.seats[seat].hand, DOMINANCE_OF_SUIT[suit]):
            for o in range(s.nseats):
                if may_partner(s, o):
                    out[k] = A_COALITION + suit * MAX_SEATS + o
                    k += 1
    return k


cdef void form_coalition(GameState* s, int suit, int partner) noexcept nogil:
    """The card goes to his play area (he never scores again); a Hostile partner becomes
    Indifferent (LoR 9.2.9.III.d)."""
    cdef int v = vb_seat(s), d = DOMINANCE_OF_SUIT[suit]
    to_play_area(s, v, d)
    vb_board(s).coalition = partner
    emit(E_COALITION, v, -1, partner, s.seats[v].score, d)
    if rel_of(s, partner) == REL_HOSTILE:
        set_rel(s, partner, 0)


# ---- setup (LoR 9.3) ---------------------------------------------------------------------

cdef void vagabond_setup(GameState* s) noexcept nogil:
    """Ruins hold one "R" item each (init_state); the quests are shuffled: three turn face up
    after he picks his character and forest."""
    s.quest_deck = (1 << NQUEST) - 1
    s.step = S_VB_CHAR


cdef inline int s_items_of(int ch, int k) noexcept nogil:
    """The "S" items of kind k in a game with character ch: the base box's, or more where his card
    lists more (from the expansions' sets, LoR 16.3)."""
    return max(S_ITEMS[k], CHAR_ITEMS[ch][k])


cdef void choose_character(GameState* s, int ch) noexcept nogil:
    """His "S" items face up (tea, coins, bags onto their tracks); the unused ones leave the game."""
    cdef int k
    vb_board(s).vb_char = ch
    for k in range(NVITEM):
        vb_board(s).vb_items[VS_UP][k] = CHAR_ITEMS[ch][k]
        vb_board(s).vb_out[k] += s_items_of(ch, k) - CHAR_ITEMS[ch][k]
        if CHAR_ITEMS[ch][k]:
            emit(E_ITEM, vb_seat(s), -1, k, CHAR_ITEMS[ch][k], IT_START)
    s.step = S_VB_SETUP


cdef void vb_setup_forest(GameState* s, int f) noexcept nogil:
    vb_pc(s).pawn = NCL + f
    vb_board(s).vb_left = 3
    s.step = S_QUEST_DRAW


cdef void quest_drawn(GameState* s, int q) noexcept nogil:
    """A quest turns face up: three at setup, one after each quest completed (none once the deck
    is empty)."""
    s.quest_deck &= ~(1 << q)
    s.quest_up |= 1 << q
    if s.step == S_QUEST_DRAW and s.turn_number == 0:
        vb_board(s).vb_left -= 1
        if vb_board(s).vb_left > 0 and s.quest_deck:
            return
        vb_board(s).vb_left = 0
        setup_next(s, F_VAGABOND)
        return
    s.step = S_VB_DAY
    quest_reward_draws(s)


cdef void quest_reward_draws(GameState* s) noexcept nogil:
    if vb_board(s).vb_quest_draws > 0:
        s.seats[vb_seat(s)].to_draw = vb_board(s).vb_quest_draws
        vb_board(s).vb_quest_draws = 0
        s.resume_step = S_VB_DAY
        start_card_draw(s)


# ---- Birdsong: Refresh, Slip (LoR 9.4) ----------------------------------------------------------

cdef void vagabond_birdsong(GameState* s) noexcept nogil:
    memset(vb_board(s).vb_aids, 0, MAX_SEATS)
    vb_board(s).vb_improvised = 0
    vb_board(s).vb_left = VB_REFRESH + VB_REFRESH_PER_TEA * on_track(s, I_TEA)
    refresh_continue(s)


cdef inline int refresh_classes(GameState* s, int* out) noexcept nogil:
    """The exhausted items Refresh may turn up next: damaged * 8 + kind (ruling §10.6)."""
    return item_options(s, VS_DOWN, VS_DMG_DOWN, 0, out, 0)


cdef inline void refresh_one(GameState* s, int x) noexcept nogil:
    shift_item(s, x, VS_DOWN, VS_DMG_DOWN, VS_UP, VS_DMG_UP)
    vb_board(s).vb_left -= 1


cdef void refresh_continue(GameState* s) noexcept nogil:
    """Refresh turns up 3 + 2 per face-up tea on the track, or every exhausted item if fewer; he
    chooses which only when that is a real choice."""
    cdef int cls[2 * NVITEM]
    cdef int n, k, total
    while vb_board(s).vb_left > 0:
        n = refresh_classes(s, cls)
        if n == 0:
            break
        total = 0
        for k in range(NVITEM):
            total += vb_board(s).vb_items[VS_DOWN][k] + vb_board(s).vb_items[VS_DMG_DOWN][k]
        if n > 1 and total > vb_board(s).vb_left:
            s.step = S_VB_REFRESH
            return
        refresh_one(s, cls[0])
    vb_board(s).vb_left = 0
    s.step = S_VB_SLIP


cdef int gen_refresh(GameState* s, int* out) noexcept nogil:
    return item_options(s, VS_DOWN, VS_DMG_DOWN, A_REFRESH, out, 0)


cdef inline bint slip_reaches(GameState* s, int to) noexcept nogil:
    """Slip: to an adjacent clearing or an adjacent forest (LoR 9.4.2), never into a scorched
    clearing (LoR 16.3.6)."""
    cdef int at = vb_pc(s).pawn
    if scorched(s, to):
        return False
    if at < NCL:
        if to < NCL:
            return adjacent(s, at, to)
        return forest_touches(s, to - NCL, at)
    if to < NCL:
        return forest_touches(s, at - NCL, to)
    return forests_adjacent(s, at - NCL, to - NCL)


cdef int gen_slip(GameState* s, int* out) noexcept nogil:
    cdef int to, k = 1
    out[0] = A_PASS
    for to in range(NCL + n_forests(s)):
        if slip_reaches(s, to):
            out[k] = A_SLIP + to
            k += 1
    return k


cdef void apply_slip(GameState* s, int a) noexcept nogil:
    """The pawn is not a warrior: no Outrage, no hostility cost (§7 trap 3)."""
    if a != A_PASS:
        vb_pc(s).pawn = a - A_SLIP
    end_birdsong(s, S_VB_DAY)


# ---- Daylight (LoR 9.5) --------------------------------------------------------------------

cdef void vagabond_daylight(GameState* s) noexcept nogil:
    s.step = S_VB_DAY
    maybe_command_warren(s)


cdef inline int move_cost(GameState* s, int to) noexcept nogil:
    return 2 if hostile_warriors_in(s, to) else 1


cdef int gen_vb_moves(GameState* s, int seat, int* out, int k) noexcept nogil:
    """Moves to an adjacent clearing for 1 boots, 2 into Hostile warriors (LoR 9.5.1); never into
    a forest; from a forest to a clearing it touches; rule never matters (Nimble, LoR 9.2.3).
    From a clearing he may take any number of one Allied faction's warriors along
    (LoR 9.2.9.II.b; ruling §10.5: they ignore rule)."""
    cdef int to, o, n, m, boots = ready(s, I_BOOTS)
    if boots == 0 or vb_pc(s).pawn < 0:
        return k
    for to in range(NCL):
        if scorched(s, to):           # LoR 16.3.6: never into the Scoundrel's torch
            continue
        if vb_pc(s).pawn < NCL:
            if not may_reach(s, seat, vb_pc(s).pawn, to):
                continue
        elif not forest_touches(s, vb_pc(s).pawn - NCL, to):
            continue
        if move_cost(s, to) > boots:
            continue
        out[k] = A_VB_MOVE + (to * MAX_SEATS + seat) * 21
        k += 1
        if vb_pc(s).pawn >= NCL:
            continue
        for o in range(s.nseats):
            if o != seat and rel_of(s, o) == REL_ALLIED:
                m = min(warriors_in(s, o, vb_pc(s).pawn), 20)
                for n in range(1, m + 1):
                    out[k] = A_VB_MOVE + (to * MAX_SEATS + o) * 21 + n
                    k += 1
    return k


cdef void vb_move(GameState* s, int a) noexcept nogil:
    """The move; Allied warriors moved along are his move: he pays Outrage where they enter
    sympathy (ruling §10.5), except the Alliance's own warriors (a forced move counts as their
    own, LoR 1.5.5; FAQ)."""
    cdef int x = (a - A_VB_MOVE) // 21, n = (a - A_VB_MOVE) % 21
    cdef int to = x // MAX_SEATS, ally = x % MAX_SEATS, at = vb_pc(s).pawn
    cdef bint ferry = at < NCL and ferry_carries(s, vb_seat(s), at, to)
    exhaust(s, I_BOOTS, move_cost(s, to))
    vb_pc(s).pawn = to
    if n > 0:
        shift_pieces(s, ally, at, to, 0, n)
        if s.seat_faction[ally] != F_ALLIANCE:
            entered(s, vb_seat(s), to)
    if ferry:                     # he draws; Allied warriors along are his move (ruling §10.5)
        ferry_crossed(s, vb_seat(s), to)


cdef inline bint ruin_here(GameState* s) noexcept nogil:
    return vb_in_clearing(s) and map_ruin(s, vb_pc(s).pawn) and not (s.explored >> vb_pc(s).pawn) & 1


cdef inline bint quest_ready(GameState* s, int q) noexcept nogil:
    cdef int a = QUEST_ITEM[q][0], b = QUEST_ITEM[q][1]
    if a == b:
        return ready(s, a) >= 2
    return ready(s, a) >= 1 and ready(s, b) >= 1


cdef int strike_options(GameState* s, int d, int c, int* out) noexcept nogil:
    """What Strike may remove of enemy d in c: a warrior, or with none there a building or token
    (LoR 9.5.6); never a pawn."""
    cdef int opts[8]
    cdef int i, n, k = 0
    if warriors_in(s, d, c) > 0:
        out[0] = warrior_piece(s, d)
        return 1
    n = piece_options(s, d, c, opts)
    for i in range(n):
        if opts[i] != P_PAWN:
            out[k] = opts[i]
            k += 1
    if k == 0 and s.seat_faction[d] == F_WYRM and fear_at(s, c) != FEAR_NONE:
        out[0] = P_FEAR                # the pawn beside it is no warrior: the token may go
        k = 1
    return k


cdef int gen_vb_day(GameState* s, int* out) noexcept nogil:
    cdef int seat = vb_seat(s), c = vb_pc(s).pawn, k = 1, d, t, i, n, q, suit
    cdef uint64_t m
    cdef int opts[8]
    out[0] = A_PASS
    k = gen_vb_moves(s, seat, out, k)
    if ready(s, I_TORCH) and vb_board(s).vb_char == CH_RANGER:
        out[k] = A_HIDEOUT
        k += 1
    if ready(s, I_TORCH) and vb_board(s).vb_char == CH_HARRIER:
        k = gen_glide(s, out, k)
    if ready(s, I_HAMMER):
        k = item_options(s, VS_DMG_UP, VS_DMG_DOWN, A_REPAIR, out, k)
    k = gen_daylight_cards(s, seat, out, k)
    k = gen_coalitions(s, seat, out, k)
    if not vb_in_clearing(s):
        return k
    suit = s.suit[c]
    m = cc_types(&s.seats[seat].hand)
    while m:
        t = ctz64(m)
        m &= m - 1
        if can_craft(s, seat, t):
            out[k] = A_CRAFT + t
            k += 1
    if ready(s, I_SWORD):
        for d in range(s.nseats):
            if is_enemy(s, seat, d) and pieces_in(s, d, c) > 0:
                out[k] = battle_action(c, d)
                k += 1
                for i in range(s.nseats):
                    if i != seat and i != d and rel_of(s, i) == REL_ALLIED and warriors_in(s, i, c) > 0:
                        out[k] = A_VB_BATTLE + d * MAX_SEATS + i
                        k += 1
    if ready(s, I_TORCH) and ruin_here(s):
        out[k] = A_EXPLORE
        k += 1
    for d in range(s.nseats):
        if d == seat or not pieces_in(s, d, c) > 0:
            continue
        for t in range(NCT):
            if cc_has(&s.seats[seat].hand, t) and card_matches(t, suit):
                for i in range(NVITEM):
                    if ready(s, i):
                        out[k] = A_AID + (d * NCT + t) * NVITEM + i
                        k += 1
    for q in range(NQUEST):
        if (s.quest_up >> q) & 1 and QUEST_SUIT[q] == suit and quest_ready(s, q):
            out[k] = A_QUEST + q * 2
            out[k + 1] = A_QUEST + q * 2 + 1
            k += 2
        if ((s.quest_up >> q) & 1 and QUEST_SUIT[q] == suit and vb_board(s).vb_char == CH_ADVENTURER
                and not vb_board(s).vb_improvised):
            k = gen_improvise(s, q, out, k)
    if ready(s, I_CROSSBOW):
        for d in range(s.nseats):
            if is_enemy(s, seat, d):
                n = strike_options(s, d, c, opts)
                for i in range(n):
                    out[k] = A_STRIKE + d * NPIECE + opts[i]
                    k += 1
    if ready(s, I_TORCH):
        if vb_board(s).vb_char == CH_SCOUNDREL:
            out[k] = A_SCORCH
            k += 1
        elif vb_board(s).vb_char == CH_VAGRANT:
            k = gen_instigate(s, out, k)
        elif vb_board(s).vb_char == CH_THIEF:
            for d in range(s.nseats):
                if d != seat and pieces_in(s, d, c) > 0 and has_card_to_take(s, d):
                    out[k] = A_STEAL_FROM + d
                    k += 1
        elif vb_board(s).vb_char == CH_TINKER:
            for t in range(NCT):
                if cc_has(&s.discard, t) and card_matches(t, suit):
                    out[k] = A_DAY_LABOR + t
                    k += 1
    return k


cdef void apply_vb_day(GameState* s, int a) noexcept nogil:
    cdef int seat = vb_seat(s), c = vb_pc(s).pawn, x, d, t, k
    if a == A_PASS:
        begin_evening(s)
    elif is_daylight_card(a):
        apply_daylight_card(s, seat, a)
    elif is_dominance_action(a):
        apply_dominance(s, seat, a)
    elif a == A_SCORCH:
        scorched_earth(s)
    elif a >= A_GLIDE and a < A_IMPROVISE:
        glide(s, a - A_GLIDE)
    elif a >= A_IMPROVISE and a < A_INSTIGATE:
        improvise(s, a)
    elif a >= A_INSTIGATE and a < A_INSTIGATE + MAX_SEATS * MAX_SEATS:
        instigate(s, (a - A_INSTIGATE) // MAX_SEATS, (a - A_INSTIGATE) % MAX_SEATS)
    elif a >= A_VB_BATTLE:
        start_battle(s, seat, c, (a - A_VB_BATTLE) // MAX_SEATS, S_VB_DAY)
        s.battle.ally = (a - A_VB_BATTLE) % MAX_SEATS
    elif a >= A_COALITION:
        form_coalition(s, (a - A_COALITION) // MAX_SEATS, (a - A_COALITION) % MAX_SEATS)
    elif a >= A_VB_MOVE and a < A_EXPLORE:
        vb_move(s, a)
    elif a >= A_CRAFT and a < A_CRAFT + NCT:
        craft(s, seat, a - A_CRAFT)
    elif a >= A_BATTLE and a < A_BATTLE + NCL * MAX_SEATS:
        start_battle(s, seat, c, (a - A_BATTLE) % MAX_SEATS, S_VB_DAY)
    elif a == A_EXPLORE:
        exhaust(s, I_TORCH, 1)
        s.step = S_RUIN
    elif a >= A_AID and a < A_TAKE:
        x = a - A_AID
        vb_aid(s, x // NVITEM // NCT, (x // NVITEM) % NCT, x % NVITEM)
    elif a >= A_QUEST and a < A_STRIKE:
        vb_quest(s, (a - A_QUEST) // 2, (a - A_QUEST) % 2)
    elif a >= A_STRIKE and a < A_REPAIR:
        vb_strike(s, (a - A_STRIKE) // NPIECE, (a - A_STRIKE) % NPIECE)
    elif a >= A_REPAIR and a < A_STEAL_FROM:
        exhaust(s, I_HAMMER, 1)
        repair(s, a - A_REPAIR)
    elif a >= A_STEAL_FROM and a < A_DAY_LABOR:
        exhaust(s, I_TORCH, 1)
        s.target = a - A_STEAL_FROM
        s.step = S_VB_STEAL
    elif a >= A_DAY_LABOR and a < A_HIDEOUT:
        exhaust(s, I_TORCH, 1)
        day_labor(s, a - A_DAY_LABOR)
    elif a == A_HIDEOUT:
        exhaust(s, I_TORCH, 1)
        vb_board(s).vb_left = VB_HIDEOUT_REPAIRS
        hideout_continue(s)


cdef void explore(GameState* s, int k) noexcept nogil:
    """The ruin's item, face up; +1 VP; the empty ruin leaves the map and its slot opens
    (LoR 9.5.3)."""
    cdef int c = vb_pc(s).pawn
    s.ruin_items[k] -= 1
    s.explored |= 1 << c
    emit(E_EXPLORE, vb_seat(s), c, k, 1, -1)
    gain_item(s, k, IT_RUIN, c)
    s.step = S_VB_DAY
    add_vp(s, vb_seat(s), VB_EXPLORE_VP, VP_EXPLORE, c, k)


cdef void vb_aid(GameState* s, int d, int t, int k) noexcept nogil:
    """Exhaust any item, give a matching card to a player with pieces here; he may then take an
    item from its Crafted Items box (the Wyrm's Lair, never a treasure: W-MP-6)."""
    cdef int v = vb_seat(s), i
    exhaust(s, k, 1)
    if s.seat_faction[d] == F_MECHANICAL:       # a bot discards a card given to it and scores 1 VP
        emit(E_AID, v, vb_pc(s).pawn, d, 1, t)        #   (Poor Manual Dexterity, MM2 digest §12)
        spend_card(s, v, t)
        add_vp(s, d, 1, VP_GIFT, -1, t)
        if game_over(s):
            return
    else:
        cc_add(&s.seats[v].hand, t, -1)
        s.seats[v].hand_size -= 1
        forget_card(s, v, t)
        cc_add(&s.seats[d].hand, t, 1)
        s.seats[d].hand_size += 1
        known_add(s, v, d, t, 1)
        emit(E_AID, v, vb_pc(s).pawn, d, 1, t)
    aid_relation(s, d)
    if game_over(s):
        return
    for i in range(NITEM):
        if s.seats[d].items[i] > 0:
            vb_board(s).vb_aided = d
            s.step = S_VB_TAKE
            return


cdef int gen_take(GameState* s, int* out) noexcept nogil:
    cdef int i, k = 1
    out[0] = A_PASS
    for i in range(NITEM):
        if s.seats[vb_board(s).vb_aided].items[i] > 0:
            out[k] = A_TAKE + i
            k += 1
    return k


cdef void apply_take(GameState* s, int a) noexcept nogil:
    if a != A_PASS:
        s.seats[vb_board(s).vb_aided].items[a - A_TAKE] -= 1
        box_item_lost(s, vb_board(s).vb_aided, a - A_TAKE)
        gain_item(s, a - A_TAKE, IT_TAKE, vb_pc(s).pawn)
    vb_board(s).vb_aided = -1
    s.step = S_VB_DAY


cdef void vb_quest(GameState* s, int q, int draw) noexcept nogil:
    """Exhaust the quest's two items and complete it (finish_quest)."""
    finish_quest(s, q, draw, QUEST_ITEM[q][0], QUEST_ITEM[q][1])


cdef void finish_quest(GameState* s, int q, int draw, int item0, int item1) noexcept nogil:
    """Exhaust the items of kinds item0 and item1 (-1: none, one Improvise paid for); the quest
    goes to his play area and a new one turns up; then VP equal to his completed quests of its
    suit, or two cards (LoR 9.5.5)."""
    cdef int v = vb_seat(s), i, n = 0
    if item0 >= 0:
        exhaust(s, item0, 1)
    if item1 >= 0:
        exhaust(s, item1, 1)
    s.quest_up &= ~(1 << q)
    vb_board(s).quest_done |= 1 << q
    emit(E_QUEST, v, vb_pc(s).pawn, q, draw, -1)
    if draw:
        vb_board(s).vb_quest_draws = VB_QUEST_DRAWS
    else:
        for i in range(NQUEST):
            if (vb_board(s).quest_done >> i) & 1 and QUEST_SUIT[i] == QUEST_SUIT[q]:
                n += 1
        add_vp(s, v, n, VP_QUEST, vb_pc(s).pawn, q)
        if game_over(s):
            return
    if s.quest_deck:
        s.step = S_QUEST_DRAW
    else:
        quest_reward_draws(s)


cdef void vb_strike(GameState* s, int d, int piece) noexcept nogil:
    """Remove one enemy piece (LoR 9.5.6): a building or token scores 1 VP; a warrior turns its
    faction Hostile (no Infamy: not a battle); Field Hospitals may save a Marquise warrior."""
    cdef int c = vb_pc(s).pawn, v = vb_seat(s)
    exhaust(s, I_CROSSBOW, 1)
    if piece == warrior_piece(s, d):
        effect_removes_warrior(s, v, d, c, CAUSE_STRIKE)
        hospital_after_effect(s, d, c)
        return
    emit(E_REMOVE, d, c, piece, 1, CAUSE_STRIKE)
    remove_piece(s, d, c, piece, v)
    add_vp(s, v, 1, VP_STRIKE, c, piece)


cdef void repair(GameState* s, int x) noexcept nogil:
    """A damaged item back to the Satchel (or its track), keeping its face (LoR 9.2.5)."""
    cdef int k = shift_item(s, x, VS_DMG_UP, VS_DMG_DOWN, VS_UP, VS_DOWN)
    emit(E_ITEM, vb_seat(s), -1, k, 1, IT_REPAIR)


cdef int gen_repairs(GameState* s, int* out) noexcept nogil:
    return item_options(s, VS_DMG_UP, VS_DMG_DOWN, A_REPAIR, out, 0)


cdef void hideout_continue(GameState* s) noexcept nogil:
    """The Ranger's Hideout: repair 3 items (his pick when it is one), then Daylight ends."""
    cdef int opts[2 * NVITEM]
    cdef int n
    while vb_board(s).vb_left > 0:
        n = gen_repairs(s, opts)
        if n == 0:
            break
        if n > 1 and damaged_items(s) > vb_board(s).vb_left:
            s.step = S_VB_REPAIR
            return
        repair(s, opts[0] - A_REPAIR)
        vb_board(s).vb_left -= 1
    vb_board(s).vb_left = 0
    begin_evening(s)


cdef void day_labor(GameState* s, int t) noexcept nogil:
    """The Tinker takes a card of his clearing's suit (or a bird) from the discard pile (LoR D.2),
    in view of everyone."""
    cdef int v = vb_seat(s), o
    cc_add(&s.discard, t, -1)
    cc_add(&s.seats[v].hand, t, 1)
    s.seats[v].hand_size += 1
    for o in range(s.nseats):
        if o != v:
            known_add(s, o, v, t, 1)
    emit(E_DRAW, v, vb_pc(s).pawn, t, 1, -1)


cdef void vb_steal(GameState* s, int t) noexcept nogil:
    """The Thief takes a random card (a chance event) from a player with pieces in his clearing
    (LoR D.1); only the two of them see which."""
    take_card(s, vb_seat(s), s.target, t)
    s.target = -1
    s.step = S_VB_DAY


# ---- damage (LoR 9.2.5, 9.2.7; §5.2: he picks each item) -------------------------------------

cdef inline int damage_options(GameState* s, int* out) noexcept nogil:
    """The undamaged items a hit may damage: face down * 8 + kind."""
    return item_options(s, VS_UP, VS_DOWN, 0, out, 0)


cdef inline int ally_fighters(GameState* s) noexcept nogil:
    """Allied warriors fighting as the attacking Vagabond's own (LoR 9.2.9.II.c)."""
    return warriors_in(s, s.battle.ally, s.battle.clearing) if s.battle.ally >= 0 else 0


cdef int vb_hit_options(GameState* s, int* out) noexcept nogil:
    """What a hit on him may take: an undamaged item (his pick), or an Allied warrior fighting
    for him (code 16)."""
    cdef int n = damage_options(s, out)
    if ally_fighters(s) > 0:
        out[n] = 2 * NVITEM
        n += 1
    return n


cdef inline bint every_option_taken(GameState* s, int n) noexcept nogil:
    """The hits left damage every item he has (and remove every Allied warrior fighting for him):
    which goes first changes nothing, so nothing is asked (the Vagabond's hits only)."""
    return (s.seat_faction[s.battle.alloc_seat] == F_VAGABOND
            and s.battle.alloc_left >= undamaged_items(s) + ally_fighters(s))


cdef void vb_take_hit(GameState* s, int x, int remover) noexcept nogil:
    """A hit he takes: an item damaged, or one of the Allied warriors fighting for him removed
    (x == 16; LoR 9.2.9.II.d)."""
    cdef int c = s.battle.clearing, a = s.battle.ally
    if x == 2 * NVITEM:
        emit(E_REMOVE, a, c, warrior_piece(s, a), 1, CAUSE_HIT)
        remove_warriors(s, a, c, 1)
        s.battle.ally_hits += 1
        if s.seat_faction[a] == F_MARQUISE:
            s.fh_count += 1
        return
    damage_item(s, x)
    s.battle.item_hits += 1


cdef void damage_item(GameState* s, int x) noexcept nogil:
    cdef int k = shift_item(s, x, VS_UP, VS_DOWN, VS_DMG_UP, VS_DMG_DOWN)
    emit(E_ITEM, vb_seat(s), -1, k, 1, IT_DAMAGE)


cdef bint favor_clears_vagabond(GameState* s, int c, int d) noexcept nogil:
    """A Revolt or a Favor in his clearing damages 3 items instead (LoR 9.2.2.I); True when he
    has a choice to make."""
    if vb_pc(s).pawn != c:
        return False
    vb_board(s).vb_left = 3
    return effect_damage_continue(s)


cdef bint effect_damage_continue(GameState* s) noexcept nogil:
    cdef int opts[2 * NVITEM]
    cdef int n
    while vb_board(s).vb_left > 0:
        n = damage_options(s, opts)
        if n == 0:
            break
        if n > 1 and undamaged_items(s) > vb_board(s).vb_left:   # not when every item is damaged anyway
            s.step = S_VB_DAMAGE
            return True
        damage_item(s, opts[0])
        vb_board(s).vb_left -= 1
    vb_board(s).vb_left = 0
    return False


cdef int gen_damage(GameState* s, int* out) noexcept nogil:
    return item_options(s, VS_UP, VS_DOWN, A_DAMAGE, out, 0)


# ---- Evening (LoR 9.6) ---------------------------------------------------------------------

cdef void vagabond_evening(GameState* s) noexcept nogil:
    """Rest in a forest repairs every damaged item, face up (not exhausted ones: §7 trap 10);
    then draw 1 + coins."""
    cdef int k, n
    if vb_pc(s).pawn >= NCL:
        for k in range(NVITEM):
            n = vb_board(s).vb_items[VS_DMG_UP][k] + vb_board(s).vb_items[VS_DMG_DOWN][k]
            if n:
                vb_board(s).vb_items[VS_UP][k] += n
                vb_board(s).vb_items[VS_DMG_UP][k] = 0
                vb_board(s).vb_items[VS_DMG_DOWN][k] = 0
                emit(E_ITEM, vb_seat(s), -1, k, n, IT_REST)
    evening_draw(s, vagabond_evening_draws(s))


cdef inline int drop_options(GameState* s, int* out) noexcept nogil:
    """Items in the Satchel or the Damaged box he may remove: state * 8 + kind."""
    cdef int k, st, n = 0
    for st in range(NVSTATE):
        for k in range(NVITEM):
            if vb_board(s).vb_items[st][k] > (on_track(s, k) if st == VS_UP else 0):
                out[n] = st * NVITEM + k
                n += 1
    return n


cdef bint over_item_limit(GameState* s) noexcept nogil:
    """The end of his Evening: over the item limit he removes items of his choice, for good
    (LoR 9.6.4); forced removals apply at once. True when he has a choice to make."""
    cdef int opts[NVSTATE * NVITEM]
    cdef int n
    while item_load(s) > item_limit(s):
        n = drop_options(s, opts)
        if n > 1:
            s.step = S_VB_DROP
            return True
        drop_item(s, opts[0])
    return False


cdef void drop_item(GameState* s, int x) noexcept nogil:
    cdef int k = x % NVITEM
    vb_board(s).vb_items[x // NVITEM][k] -= 1
    vb_board(s).vb_out[k] += 1
    emit(E_ITEM, vb_seat(s), -1, k, 1, IT_DROP)


cdef int gen_drop(GameState* s, int* out) noexcept nogil:
    cdef int i, n = drop_options(s, out)
    for i in range(n):
        out[i] += A_DROP
    return n


# ---- the steps ----------------------------------------------------------------------------

cdef inline bint vagabond_step(int st) noexcept nogil:
    return st >= S_VB_CHAR and st <= S_VB_DROP


cdef int gen_vagabond(GameState* s, int* out) noexcept nogil:
    cdef int st = s.step, i
    if st == S_VB_CHAR:             # every character, or the one the game's options name
        if s.character_option >= 0:
            out[0] = A_VB_CHAR + s.character_option
            return 1
        for i in range(NCHAR):
            out[i] = A_VB_CHAR + i
        return NCHAR
    if st == S_VB_SETUP:
        for i in range(n_forests(s)):
            out[i] = A_FOREST + i
        return n_forests(s)
    if st == S_VB_REFRESH:
        return gen_refresh(s, out)
    if st == S_VB_SLIP:
        return gen_slip(s, out)
    if st == S_VB_DAY:
        return gen_vb_day(s, out)
    if st == S_VB_TAKE:
        return gen_take(s, out)
    if st == S_VB_REPAIR:
        return gen_repairs(s, out)
    if st == S_VB_DAMAGE:
        return gen_damage(s, out)
    if st == S_VB_DROP:
        return gen_drop(s, out)
    return 0


cdef void apply_vagabond(GameState* s, int a) noexcept nogil:
    cdef int st = s.step
    if st == S_VB_CHAR:
        choose_character(s, a - A_VB_CHAR)
    elif st == S_VB_SETUP:
        vb_setup_forest(s, a - A_FOREST)
    elif st == S_QUEST_DRAW:
        quest_drawn(s, a - A_QUEST_DRAW)
    elif st == S_VB_REFRESH:
        refresh_one(s, a - A_REFRESH)
        refresh_continue(s)
    elif st == S_VB_SLIP:
        apply_slip(s, a)
    elif st == S_VB_DAY:
        apply_vb_day(s, a)
    elif st == S_RUIN:
        explore(s, a - A_RUIN)
    elif st == S_VB_TAKE:
        apply_take(s, a)
    elif st == S_VB_STEAL:
        vb_steal(s, a - A_STEAL)
    elif st == S_VB_REPAIR:
        repair(s, a - A_REPAIR)
        vb_board(s).vb_left -= 1
        hideout_continue(s)
    elif st == S_VB_DAMAGE:
        damage_item(s, a - A_DAMAGE)
        vb_board(s).vb_left -= 1
        if not effect_damage_continue(s):
            s.step = s.resume_step
            favor_continue(s)
    elif st == S_VB_DROP:
        drop_item(s, a - A_DROP)
        if not over_item_limit(s):
            end_turn(s)


cdef int vagabond_chance(GameState* s, int* out, double* prob) noexcept nogil:
    """Chance outcomes at S_QUEST_DRAW (a quest from the deck), S_RUIN (an item from the pool
    under the ruins) and S_VB_STEAL (a card of the victim's hand)."""
    cdef int i, k = 0, n = 0
    if s.step == S_QUEST_DRAW:
        n = popcount64(s.quest_deck)
        for i in range(NQUEST):
            if (s.quest_deck >> i) & 1:
                out[k] = A_QUEST_DRAW + i
                prob[k] = 1.0 / n
                k += 1
        return k
    if s.step == S_RUIN:
        for i in range(NVITEM):
            n += s.ruin_items[i]
        for i in range(NVITEM):
            if s.ruin_items[i]:
                out[k] = A_RUIN + i
                prob[k] = <double>s.ruin_items[i] / n
                k += 1
        return k
    return hand_outcomes(s, s.target, out, prob)
