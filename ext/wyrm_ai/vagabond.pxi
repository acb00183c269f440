# The Vagabond (LoR 9; root-factions.md §1.8-1.11, §4, §7; rulings §10.1-§10.6; W-MP-4, 6, 7).
# His pawn is vb_at (a clearing, or NCL + forest). His items are counts by state and kind
# (vb_items[VS_*][I_*]): a face-up tea, coin or bag sits on its track up to 3 each (on_track);
# everything else undamaged is in the Satchel; damaged items keep their face in the Damaged box.
# Ruins hold their items as a pool nobody can see into (ruin_items): exploring draws one as a
# chance event, which is the Law's fixed-at-setup ruin exactly because nobody knows which ruin
# holds which (§7 trap 26). The quest deck is a set (quest_deck) drawn as chance events.



# ---- items (LoR 9.2.5) ----------------------------------------------------------------------

cdef inline Pieces* vb_pc(GameState* s, int v) noexcept nogil:
    """Vagabond v's pieces (v: his seat; there may be two Vagabonds, LoR 9.7): his pawn."""
    return &s.seats[v].pc


cdef inline VagabondBoard* vb_board(GameState* s, int v) noexcept nogil:
    """Vagabond v's board (character, items, relationships)."""
    return &s.seats[v].board.vagabond


cdef inline bint is_vagabond(GameState* s, int seat) noexcept nogil:
    """The seat plays a Vagabond (ITEM_PLAYER: the first or the second, LoR 9.7)."""
    return 0 <= seat < s.nseats and s.seat_faction[seat] >= 0 and ITEM_PLAYER[s.seat_faction[seat]]


cdef inline int vb_seat(GameState* s) noexcept nogil:
    """The first Vagabond's seat (-1 when no Vagabond is at the table)."""
    return s.faction_seat[F_VAGABOND]


cdef inline int vb_seat2(GameState* s) noexcept nogil:
    """The second Vagabond's seat (-1 unless two are at the table, LoR 9.7)."""
    return s.faction_seat[F_VAGABOND2]


cdef inline bint two_vagabonds(GameState* s) noexcept nogil:
    return s.faction_seat[F_VAGABOND2] >= 0


cdef inline int acting_vagabond(GameState* s) noexcept nogil:
    """The Vagabond a Vagabond step is for: on a turn, the seat on turn (every step of his turn is
    his), but for the items a Favor or a Revolt damages (S_VB_DAMAGE) and at setup: vb_acting."""
    return s.vb_acting if s.turn_number == 0 or s.step == S_VB_DAMAGE else s.turn


cdef inline bint vb_in_clearing(GameState* s, int v) noexcept nogil:
    return 0 <= vb_pc(s, v).pawn < NCL


cdef inline bint has_track(int k) noexcept nogil:
    return k == I_TEA or k == I_COINS or k == I_BAG


cdef inline int on_track(GameState* s, int v, int k) noexcept nogil:
    """Face-up items of kind k on its track (tea, coins, bags: 3 at most, §4.2)."""
    cdef int n = vb_board(s, v).vb_items[VS_UP][k]
    return min(n, VB_TRACK) if has_track(k) else 0


cdef inline int ready(GameState* s, int v, int k) noexcept nogil:
    """Items of kind k he can exhaust: face up and undamaged."""
    return vb_board(s, v).vb_items[VS_UP][k]


cdef inline int undamaged(GameState* s, int v, int k) noexcept nogil:
    return vb_board(s, v).vb_items[VS_UP][k] + vb_board(s, v).vb_items[VS_DOWN][k]


cdef inline int undamaged_items(GameState* s, int v) noexcept nogil:
    cdef int k, n = 0
    for k in range(NVITEM):
        n += undamaged(s, v, k)
    return n


cdef inline int vb_swords(GameState* s, int v) noexcept nogil:
    """Undamaged swords, face up or down: the cap on his rolled hits (LoR 9.2.6)."""
    return undamaged(s, v, I_SWORD)


cdef inline int damaged_items(GameState* s, int v) noexcept nogil:
    cdef int k, n = 0
    for k in range(NVITEM):
        n += vb_board(s, v).vb_items[VS_DMG_UP][k] + vb_board(s, v).vb_items[VS_DMG_DOWN][k]
    return n


cdef inline void exhaust(GameState* s, int v, int k, int n) noexcept nogil:
    """Turn n face-up undamaged items of kind k face down (the caller checks he has them)."""
    vb_board(s, v).vb_items[VS_UP][k] -= n
    vb_board(s, v).vb_items[VS_DOWN][k] += n


cdef inline int item_options(GameState* s, int v, int st0, int st1, int base, int* out, int n) noexcept nogil:
    """The items in either of two states, written from out[n] as base + which * 8 + kind (which:
    0 for st0, 1 for st1), kind by kind; returns the new count. Refresh (exhausted, damaged
    exhausted), damage (face up, face down) and repair (damaged face up, face down) ask this."""
    cdef int k
    for k in range(NVITEM):
        if vb_board(s, v).vb_items[st0][k]:
            out[n] = base + k
            n += 1
        if vb_board(s, v).vb_items[st1][k]:
            out[n] = base + NVITEM + k
            n += 1
    return n


cdef inline int shift_item(GameState* s, int v, int x, int from0, int from1, int to0, int to1) noexcept nogil:
    """Item x (which * 8 + kind, as item_options writes it) goes from state from0 to to0, or
    from1 to to1; returns its kind."""
    cdef int k = x % NVITEM
    if x >= NVITEM:
        vb_board(s, v).vb_items[from1][k] -= 1
        vb_board(s, v).vb_items[to1][k] += 1
    else:
        vb_board(s, v).vb_items[from0][k] -= 1
        vb_board(s, v).vb_items[to0][k] += 1
    return k


cdef inline void gain_item(GameState* s, int v, int k, int how, int c) noexcept nogil:
    """An item comes to him face up (into the Satchel or onto its track)."""
    vb_board(s, v).vb_items[VS_UP][k] += 1
    emit(E_ITEM, v, c, k, 1, how)


cdef inline int item_load(GameState* s, int v) noexcept nogil:
    """Items in the Satchel and the Damaged box: every item but the face-up ones on tracks."""
    cdef int k, n = 0
    for k in range(NVITEM):
        n += (vb_board(s, v).vb_items[VS_UP][k] - on_track(s, v, k) + vb_board(s, v).vb_items[VS_DOWN][k]
              + vb_board(s, v).vb_items[VS_DMG_UP][k] + vb_board(s, v).vb_items[VS_DMG_DOWN][k])
    return n


cdef inline int item_limit(GameState* s, int v) noexcept nogil:
    """6 + 2 per face-up bag on the bag track (LoR 9.6.4, §7 trap 11)."""
    return VB_CAPACITY + VB_CAPACITY_PER_BAG * on_track(s, v, I_BAG)


cdef inline int vagabond_evening_draws(GameState* s, int seat) noexcept nogil:
    """1 + 1 per face-up coin on the coin track (LoR 9.6.2, §7 trap 8)."""
    return 1 + on_track(s, seat, I_COINS)


# ---- relationships (LoR 9.2.9, ruling §10.1) and coalitions (LoR 9.2.8) -----------------------

cdef inline int rel_of(GameState* s, int v, int seat) noexcept nogil:
    return vb_board(s, v).vb_rel[seat]


cdef inline void set_rel(GameState* s, int v, int seat, int r) noexcept nogil:
    vb_board(s, v).vb_rel[seat] = r
    emit(E_RELATION, v, -1, s.seat_faction[seat], r, -1)


cdef inline bint partner_of(GameState* s, int v, int a, int b) noexcept nogil:
    cdef int p = vb_board(s, v).coalition if v >= 0 else -1
    return p >= 0 and ((a == v and b == p) or (b == v and a == p))


cdef inline bint partners(GameState* s, int a, int b) noexcept nogil:
    """A Vagabond and his coalition partner (LoR 9.2.8): not enemies."""
    return partner_of(s, vb_seat(s), a, b) or partner_of(s, vb_seat2(s), a, b)


cdef inline bint in_coalition(GameState* s, int o) noexcept nogil:
    """o is a Vagabond in a coalition, or one's partner: a player is in one coalition at most
    (a reading for two Vagabonds, docs/characters.md)."""
    cdef int v
    for v in range(s.nseats):
        if is_vagabond(s, v) and vb_board(s, v).coalition >= 0 and (v == o or vb_board(s, v).coalition == o):
            return True
    return False


cdef int win_partner(GameState* s, int winner) noexcept nogil:
    """The seat that wins with the winner: the Vagabond when it is his coalition partner, or his
    partner when he wins (LoR 9.2.8); -1 for none."""
    cdef int v
    for v in range(s.nseats):
        if v != winner and partners(s, v, winner):
            return v
    return -1


cdef inline bint hostile_warriors_in(GameState* s, int v, int c) noexcept nogil:
    """Warriors of any faction Hostile to him in c: entering costs an extra boot (LoR 9.2.9.III.b,
    §7 trap 7)."""
    cdef int o
    for o in range(s.nseats):
        if o != v and rel_of(s, v, o) == REL_HOSTILE and warriors_in(s, o, c) > 0:
            return True
    return False


cdef void vb_removed_warriors(GameState* s, int v, int victim, int c, int n, bint battle) noexcept nogil:
    """The Vagabond removed n warriors of victim's: a non-Hostile faction turns Hostile at once
    (LoR 9.2.9.III, any means, W-MP-7); in a battle on his own turn every further warrior of a
    Hostile faction scores Infamy, 1 VP each, but not the one that made them Hostile (§7 trap 12).
    v is the Vagabond who removed them (no one: v < 0 or not a Vagabond). A hireling side as victim:
    nothing (no Hostility for hirelings, E-T4)."""
    if n <= 0 or victim >= HSIDE or not is_vagabond(s, v):
        return
    if rel_of(s, v, victim) != REL_HOSTILE:
        set_rel(s, v, victim, REL_HOSTILE)
        n -= 1
    if battle and s.turn == v and n > 0:
        add_vp(s, v, n, VP_INFAMY, c, warrior_piece(s, victim))


cdef inline void vb_removed_piece(GameState* s, int v, int victim, int c, int piece) noexcept nogil:
    """A building or token of a Hostile faction removed in his battle on his turn: +1 Infamy
    (LoR 9.2.9.III.a: 1 + 1 for buildings and tokens); v the remover (none but a Vagabond: nothing; nor
    for a hireling's piece, E-T4)."""
    if victim < HSIDE and is_vagabond(s, v) and s.turn == v and rel_of(s, v, victim) == REL_HOSTILE:
        add_vp(s, v, 1, VP_INFAMY, c, piece)


cdef void aid_relation(GameState* s, int v, int seat) noexcept nogil:
    """An Aid to seat counts toward its next step, this turn only (ruling §10.1; §7 trap 23);
    a Hostile faction's marker never moves (LoR 9.2.9.III.c)."""
    cdef int r = rel_of(s, v, seat), f = s.seat_faction[seat]
    if r == REL_HOSTILE:
        return
    if r == REL_ALLIED:
        add_vp(s, v, VB_ALLIED_AID_VP, VP_AID, -1, f)
        return
    cdef VagabondBoard* b = vb_board(s, v)
    b.vb_aids[seat] += 1
    if b.vb_aids[seat] >= AIDS_PER_STEP[r]:
        b.vb_aids[seat] = 0
        set_rel(s, v, seat, r + 1)
        add_vp(s, v, STEP_VP[r], VP_AID, -1, f)


cdef inline bint may_partner(GameState* s, int v, int o) noexcept nogil:
    """A coalition partner has the fewest VP of the players but the Vagabond (tied lowest: his
    pick) and a score marker on the track (LoR 9.2.8, FAQ; §7 trap 17)."""
    cdef int x
    if o == v or activated_dominance(s, o) >= 0 or in_coalition(s, o):
        return False
    for x in range(s.nseats):
        if x != v and x != o and s.seats[x].score < s.seats[o].score:
            return False
    return True


cdef int gen_coalitions(GameState* s, int v, int* out, int k) noexcept nogil:
    """In his Daylight at 4+ seats with at least 10 VP (ruling §10.2), a dominance card from hand
    forms a coalition with a player of fewest VP (ties: his pick)."""
    cdef int suit, o, seat = v
    if s.nseats < 4 or in_coalition(s, v) or s.seats[seat].score < DOMINANCE_VP:
        return k
    for suit in range(4):
        if cc_has(&s.seats[seat].hand, DOMINANCE_OF_SUIT[suit]):
            for o in range(s.nseats):
                if may_partner(s, v, o):
                    out[k] = A_COALITION + suit * MAX_SEATS + o
                    k += 1
    return k


cdef void form_coalition(GameState* s, int v, int suit, int partner) noexcept nogil:
    """The card goes to his play area (he never scores again); a Hostile partner becomes
    Indifferent (LoR 9.2.9.III.d)."""
    cdef int d = DOMINANCE_OF_SUIT[suit]
    to_play_area(s, v, d)
    vb_board(s, v).coalition = partner
    emit(E_COALITION, v, -1, partner, s.seats[v].score, d)
    if rel_of(s, v, partner) == REL_HOSTILE:
        set_rel(s, v, partner, 0)


# ---- setup (LoR 9.3) ---------------------------------------------------------------------

cdef void init_ruins(GameState* s) noexcept nogil:
    """A new game's ruins (in every game, LoR 5.1.4): one "R" item each, both sets with two
    Vagabonds (LoR 9.7.1), nothing seen yet."""
    cdef int i
    for i in range(NVITEM):
        s.ruin_items[i] = RUIN_ITEMS[i] * (2 if two_vagabonds(s) else 1)
    s.ruin_half = 0
    memset(s.ruin_seen, -1, sizeof(s.ruin_seen))
    s.vb_acting = vb_seat(s)


cdef void vagabond_setup(GameState* s) noexcept nogil:
    """Ruins hold one "R" item each, two with two Vagabonds (init_state); the quests are shuffled:
    three turn face up after he picks his character and forest. With two Vagabonds, chance picks
    which sets up first (S_VB_ORDER, LoR 9.7.1) and the quests are drawn once, for both (9.7.2)."""
    if s.quest_up == 0:           # (a second Vagabond chosen in a draft finds the quests out)
        s.quest_deck = (1 << NQUEST) - 1
    if s.draft_stage != DRAFT_NONE:     # in the draft, the Vagabond who chose his card now
        vb_setup_start(s, s.turn)
        return
    if two_vagabonds(s):
        s.step = S_VB_ORDER
        return
    vb_setup_start(s, vb_seat(s))


cdef void twin_seated(GameState* s) noexcept nogil:
    """The draft seated the second Vagabond after the first set up alone: the ruins take the
    second "R" set (LoR 9.7.1: nobody has explored yet), and the first keeps his unused "S" items
    in the box as with two Vagabonds from the start (choose_character)."""
    cdef int i, v = vb_seat(s), ch
    for i in range(NVITEM):
        s.ruin_items[i] += RUIN_ITEMS[i]
    if v >= 0 and vb_board(s, v).vb_char >= 0:
        ch = vb_board(s, v).vb_char
        for i in range(NVITEM):
            vb_board(s, v).vb_out[i] -= s_items_of(ch, i) - CHAR_ITEMS[ch][i]


cdef void vb_setup_start(GameState* s, int v) noexcept nogil:
    s.vb_acting = v
    s.step = S_VB_CHAR


cdef void vb_setup_done(GameState* s, int v) noexcept nogil:
    """After a Vagabond's setup: the other Vagabond's, if he has not set up yet; then the next
    faction's (setup_next after the later of the two in SETUP_ORDER)."""
    cdef int w
    for w in range(s.nseats):
        if w != v and is_vagabond(s, w) and vb_board(s, w).vb_char < 0:
            vb_setup_start(s, w)
            return
    setup_next(s, F_VAGABOND2 if two_vagabonds(s) else F_VAGABOND)


cdef inline int s_items_of(int ch, int k) noexcept nogil:
    """The "S" items of kind k in a game with character ch: the base box's, or more where his card
    lists more (from the expansions' sets, LoR 16.3)."""
    return max(S_ITEMS[k], CHAR_ITEMS[ch][k])


cdef void choose_character(GameState* s, int v, int ch) noexcept nogil:
    """His "S" items face up (tea, coins, bags onto their tracks); the unused ones leave the game."""
    cdef int k
    vb_board(s, v).vb_char = ch
    for k in range(NVITEM):
        vb_board(s, v).vb_items[VS_UP][k] = CHAR_ITEMS[ch][k]
        if not two_vagabonds(s):  # the box's "S" items he does not use leave the game (LoR 9.3.5)
            vb_board(s, v).vb_out[k] += s_items_of(ch, k) - CHAR_ITEMS[ch][k]
        if CHAR_ITEMS[ch][k]:
            emit(E_ITEM, v, -1, k, CHAR_ITEMS[ch][k], IT_START)
    s.step = S_VB_SETUP


cdef void vb_setup_forest(GameState* s, int v, int f) noexcept nogil:
    vb_pc(s, v).pawn = NCL + f
    if s.quest_up:                # the second Vagabond: the three quests are out (LoR 9.7.2)
        vb_setup_done(s, v)
        return
    vb_board(s, v).vb_left = 3
    s.step = S_QUEST_DRAW


cdef void quest_drawn(GameState* s, int v, int q) noexcept nogil:
    """A quest turns face up: three at setup, one after each quest completed (none once the deck
    is empty)."""
    s.quest_deck &= ~(1 << q)
    s.quest_up |= 1 << q
    if s.step == S_QUEST_DRAW and s.turn_number == 0:
        vb_board(s, v).vb_left -= 1
        if vb_board(s, v).vb_left > 0 and s.quest_deck:
            return
        vb_board(s, v).vb_left = 0
        vb_setup_done(s, v)
        return
    s.step = S_VB_DAY
    quest_reward_draws(s, v)


cdef void quest_reward_draws(GameState* s, int v) noexcept nogil:
    if vb_board(s, v).vb_quest_draws > 0:
        s.seats[v].to_draw = vb_board(s, v).vb_quest_draws
        vb_board(s, v).vb_quest_draws = 0
        s.resume_step = S_VB_DAY
        start_card_draw(s)


# ---- Birdsong: Refresh, Slip (LoR 9.4) ----------------------------------------------------------

cdef void vagabond_birdsong(GameState* s) noexcept nogil:
    cdef int v = s.turn
    memset(vb_board(s, v).vb_aids, 0, MAX_SEATS)
    vb_board(s, v).vb_improvised = 0
    vb_board(s, v).vb_left = VB_REFRESH + VB_REFRESH_PER_TEA * on_track(s, v, I_TEA)
    refresh_continue(s, v)


cdef inline int refresh_classes(GameState* s, int v, int* out) noexcept nogil:
    """The exhausted items Refresh may turn up next: damaged * 8 + kind (ruling §10.6)."""
    return item_options(s, v, VS_DOWN, VS_DMG_DOWN, 0, out, 0)


cdef inline void refresh_one(GameState* s, int v, int x) noexcept nogil:
    shift_item(s, v, x, VS_DOWN, VS_DMG_DOWN, VS_UP, VS_DMG_UP)
    vb_board(s, v).vb_left -= 1


cdef void refresh_continue(GameState* s, int v) noexcept nogil:
    """Refresh turns up 3 + 2 per face-up tea on the track, or every exhausted item if fewer; he
    chooses which only when that is a real choice."""
    cdef int cls[2 * NVITEM]
    cdef int n, k, total
    while vb_board(s, v).vb_left > 0:
        n = refresh_classes(s, v, cls)
        if n == 0:
            break
        total = 0
        for k in range(NVITEM):
            total += vb_board(s, v).vb_items[VS_DOWN][k] + vb_board(s, v).vb_items[VS_DMG_DOWN][k]
        if n > 1 and total > vb_board(s, v).vb_left:
            s.step = S_VB_REFRESH
            return
        refresh_one(s, v, cls[0])
    vb_board(s, v).vb_left = 0
    s.step = S_VB_SLIP


cdef int gen_refresh(GameState* s, int v, int* out) noexcept nogil:
    return item_options(s, v, VS_DOWN, VS_DMG_DOWN, A_REFRESH, out, 0)


cdef inline bint slip_reaches(GameState* s, int v, int to) noexcept nogil:
    """Slip: to an adjacent clearing or an adjacent forest (LoR 9.4.2; rivers too after Riverboats,
    choice C10), never into a scorched clearing (LoR 16.3.6)."""
    cdef int at = vb_pc(s, v).pawn
    if scorched(s, to):
        return False
    if at < NCL:
        if to < NCL:
            return ((s.adj[at] | river_links(s, v, at)) >> to) & 1
        return forest_touches(s, to - NCL, at)
    if to < NCL:
        return forest_touches(s, at - NCL, to)
    return forests_adjacent(s, at - NCL, to - NCL)


cdef int gen_slip(GameState* s, int v, int* out) noexcept nogil:
    cdef int to, k = 1
    out[0] = A_PASS
    for to in range(NCL + n_forests(s)):
        if slip_reaches(s, v, to):
            out[k] = A_SLIP + to
            k += 1
    return k


cdef void apply_slip(GameState* s, int v, int a) noexcept nogil:
    """The pawn is not a warrior: no Outrage, no hostility cost (§7 trap 3)."""
    if a != A_PASS:
        vb_pc(s, v).pawn = a - A_SLIP
    end_birdsong(s, S_VB_DAY)


# ---- Daylight (LoR 9.5) --------------------------------------------------------------------

cdef void vagabond_daylight(GameState* s) noexcept nogil:
    s.step = S_VB_DAY
    maybe_command_warren(s)


cdef inline int move_cost(GameState* s, int v, int to) noexcept nogil:
    return 2 if hostile_warriors_in(s, v, to) else 1


cdef int gen_vb_moves(GameState* s, int seat, int* out, int k) noexcept nogil:
    """Moves to an adjacent clearing for 1 boots, 2 into Hostile warriors (LoR 9.5.1); never into
    a forest; from a forest to a clearing it touches; rule never matters (Nimble, LoR 9.2.3).
    From a clearing he may take any number of one Allied faction's warriors along
    (LoR 9.2.9.II.b; ruling §10.5: they ignore rule)."""
    cdef int v = seat, to, o, n, m, boots = ready(s, v, I_BOOTS)
    if boots == 0 or vb_pc(s, v).pawn < 0:
        return k
    for to in range(NCL):
        if scorched(s, to):           # LoR 16.3.6: never into the Scoundrel's torch
            continue
        if vb_pc(s, v).pawn < NCL:
            if not may_reach(s, seat, vb_pc(s, v).pawn, to):
                continue
        elif not forest_touches(s, vb_pc(s, v).pawn - NCL, to):
            continue
        if move_cost(s, v, to) > boots:
            continue
        out[k] = A_VB_MOVE + (to * MAX_SEATS + seat) * 21
        k += 1
        if vb_pc(s, v).pawn >= NCL:
            continue
        for o in range(s.nseats):
            if o != seat and rel_of(s, v, o) == REL_ALLIED:
                m = min(warriors_in(s, o, vb_pc(s, v).pawn), 20)
                for n in range(1, m + 1):
                    out[k] = A_VB_MOVE + (to * MAX_SEATS + o) * 21 + n
                    k += 1
    return k


cdef void vb_move(GameState* s, int v, int a) noexcept nogil:
    """The move; Allied warriors moved along are his move: he pays Outrage where they enter
    sympathy (ruling §10.5), except the Alliance's own warriors (a forced move counts as their
    own, LoR 1.5.5; FAQ)."""
    cdef int x = (a - A_VB_MOVE) // 21, n = (a - A_VB_MOVE) % 21
    cdef int to = x // MAX_SEATS, ally = x % MAX_SEATS, at = vb_pc(s, v).pawn
    cdef bint ferry = at < NCL and ferry_carries(s, v, at, to)
    exhaust(s, v, I_BOOTS, move_cost(s, v, to))
    vb_pc(s, v).pawn = to
    if s.hr_kind[0] >= 0:
        hr_moved_in(s, v, to)            # the Band's ban (E-46)
    if n > 0:
        shift_pieces(s, ally, at, to, 0, n)
        if s.seat_faction[ally] != F_ALLIANCE:
            entered(s, v, to)
    if ferry:                     # he draws; Allied warriors along are his move (ruling §10.5)
        ferry_crossed(s, v, to)


cdef inline bint ruin_here(GameState* s, int v) noexcept nogil:
    return vb_in_clearing(s, v) and map_ruin(s, vb_pc(s, v).pawn) and not (s.explored >> vb_pc(s, v).pawn) & 1


cdef inline bint quest_ready(GameState* s, int v, int q) noexcept nogil:
    cdef int a = QUEST_ITEM[q][0], b = QUEST_ITEM[q][1]
    if a == b:
        return ready(s, v, a) >= 2
    return ready(s, v, a) >= 1 and ready(s, v, b) >= 1


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


cdef int gen_vb_day(GameState* s, int v, int* out) noexcept nogil:
    cdef int seat = v, c = vb_pc(s, v).pawn, k = 1, d, t, i, n, q, suit
    cdef uint64_t m
    cdef int opts[8]
    out[0] = A_PASS
    k = gen_vb_moves(s, seat, out, k)
    if ready(s, v, I_TORCH) and vb_board(s, v).vb_char == CH_RANGER:
        out[k] = A_HIDEOUT
        k += 1
    if ready(s, v, I_TORCH) and vb_board(s, v).vb_char == CH_HARRIER:
        k = gen_glide(s, v, out, k)
    if ready(s, v, I_HAMMER):
        k = item_options(s, v, VS_DMG_UP, VS_DMG_DOWN, A_REPAIR, out, k)
    k = gen_daylight_cards(s, seat, out, k)
    k = gen_coalitions(s, seat, out, k)
    if not vb_in_clearing(s, v):
        return k
    suit = s.suit[c]
    m = cc_types(&s.seats[seat].hand)
    while m:
        t = ctz64(m)
        m &= m - 1
        if can_craft(s, seat, t):
            out[k] = A_CRAFT + t
            k += 1
    if ready(s, v, I_SWORD):
        for d in range(s.nseats):
            if is_enemy(s, seat, d) and pieces_in(s, d, c) > 0:
                out[k] = battle_action(c, d)
                k += 1
                for i in range(s.nseats):
                    if i != seat and i != d and rel_of(s, v, i) == REL_ALLIED and warriors_in(s, i, c) > 0:
                        out[k] = A_VB_BATTLE + d * MAX_SEATS + i
                        k += 1
        if s.hr_kind[0] >= 0:        # hirelings' pieces (E-16): his battle alone (E-C27)
            for d in range(HSIDE, NSIDE):
                if is_enemy(s, seat, d) and pieces_in(s, d, c) > 0:
                    out[k] = battle_action(c, d)
                    k += 1
    if ready(s, v, I_TORCH) and ruin_here(s, v):
        out[k] = A_EXPLORE
        k += 1
    for d in range(s.nseats):       # (not the other Vagabond: docs/characters.md)
        if d == seat or not pieces_in(s, d, c) > 0 or is_vagabond(s, d):
            continue
        for t in range(NCT):
            if cc_has(&s.seats[seat].hand, t) and card_matches(t, suit):
                for i in range(NVITEM):
                    if ready(s, v, i):
                        out[k] = A_AID + (d * NCT + t) * NVITEM + i
                        k += 1
    for q in range(NQUEST):
        if (s.quest_up >> q) & 1 and QUEST_SUIT[q] == suit and quest_ready(s, v, q):
            out[k] = A_QUEST + q * 2
            out[k + 1] = A_QUEST + q * 2 + 1
            k += 2
        if ((s.quest_up >> q) & 1 and QUEST_SUIT[q] == suit and vb_board(s, v).vb_char == CH_ADVENTURER
                and not vb_board(s, v).vb_improvised):
            k = gen_improvise(s, v, q, out, k)
    if ready(s, v, I_CROSSBOW):
        for d in range(s.nseats):
            if is_enemy(s, seat, d):
                n = strike_options(s, d, c, opts)
                for i in range(n):
                    out[k] = A_STRIKE + d * NPIECE + opts[i]
                    k += 1
    if ready(s, v, I_TORCH):
        if vb_board(s, v).vb_char == CH_SCOUNDREL:
            out[k] = A_SCORCH
            k += 1
        elif vb_board(s, v).vb_char == CH_VAGRANT:
            k = gen_instigate(s, v, out, k)
        elif vb_board(s, v).vb_char == CH_THIEF:
            for d in range(s.nseats):
                if d != seat and pieces_in(s, d, c) > 0 and has_card_to_take(s, d):
                    out[k] = A_STEAL_FROM + d
                    k += 1
        elif vb_board(s, v).vb_char == CH_TINKER:
            for t in range(NCT):
                if cc_has(&s.discard, t) and card_matches(t, suit):
                    out[k] = A_DAY_LABOR + t
                    k += 1
    return k


cdef void apply_vb_day(GameState* s, int v, int a) noexcept nogil:
    cdef int seat = v, c = vb_pc(s, v).pawn, x, d, t, k
    if a == A_PASS:
        begin_evening(s)
    elif is_daylight_card(a):
        apply_daylight_card(s, seat, a)
    elif is_dominance_action(a):
        apply_dominance(s, seat, a)
    elif a == A_SCORCH:
        scorched_earth(s, v)
    elif a >= A_GLIDE and a < A_IMPROVISE:
        glide(s, v, a - A_GLIDE)
    elif a >= A_IMPROVISE and a < A_INSTIGATE:
        improvise(s, v, a)
    elif a >= A_INSTIGATE and a < A_INSTIGATE + MAX_SEATS * MAX_SEATS:
        instigate(s, v, (a - A_INSTIGATE) // MAX_SEATS, (a - A_INSTIGATE) % MAX_SEATS)
    elif a >= A_VB_BATTLE:
        start_battle(s, seat, c, (a - A_VB_BATTLE) // MAX_SEATS, S_VB_DAY)
        s.battle.ally = (a - A_VB_BATTLE) % MAX_SEATS
    elif a >= A_COALITION:
        form_coalition(s, v, (a - A_COALITION) // MAX_SEATS, (a - A_COALITION) % MAX_SEATS)
    elif a >= A_VB_MOVE and a < A_EXPLORE:
        vb_move(s, v, a)
    elif a >= A_CRAFT and a < A_CRAFT + NCT:
        craft(s, seat, a - A_CRAFT)
    elif a >= A_BATTLE and a < A_BATTLE + NCL * NSIDE:
        start_battle(s, seat, c, (a - A_BATTLE) % NSIDE, S_VB_DAY)
    elif a == A_EXPLORE:
        exhaust(s, v, I_TORCH, 1)
        if two_vagabonds(s):
            explore_two(s, v)
        else:
            s.step = S_RUIN
    elif a >= A_AID and a < A_TAKE:
        x = a - A_AID
        vb_aid(s, v, x // NVITEM // NCT, (x // NVITEM) % NCT, x % NVITEM)
    elif a >= A_QUEST and a < A_STRIKE:
        vb_quest(s, v, (a - A_QUEST) // 2, (a - A_QUEST) % 2)
    elif a >= A_STRIKE and a < A_REPAIR:
        vb_strike(s, v, (a - A_STRIKE) // NPIECE, (a - A_STRIKE) % NPIECE)
    elif a >= A_REPAIR and a < A_STEAL_FROM:
        exhaust(s, v, I_HAMMER, 1)
        repair(s, v, a - A_REPAIR)
    elif a >= A_STEAL_FROM and a < A_DAY_LABOR:
        exhaust(s, v, I_TORCH, 1)
        s.target = a - A_STEAL_FROM
        s.step = S_VB_STEAL
    elif a >= A_DAY_LABOR and a < A_HIDEOUT:
        exhaust(s, v, I_TORCH, 1)
        day_labor(s, v, a - A_DAY_LABOR)
    elif a == A_HIDEOUT:
        exhaust(s, v, I_TORCH, 1)
        vb_board(s, v).vb_left = VB_HIDEOUT_REPAIRS
        hideout_continue(s, v)


cdef void explore(GameState* s, int v, int k) noexcept nogil:
    """The ruin's item, face up; +1 VP; the empty ruin leaves the map and its slot opens
    (LoR 9.5.3)."""
    cdef int c = vb_pc(s, v).pawn
    s.ruin_items[k] -= 1
    s.explored |= 1 << c
    emit(E_EXPLORE, v, c, k, 1, -1)
    gain_item(s, v, k, IT_RUIN, c)
    s.step = S_VB_DAY
    add_vp(s, v, VB_EXPLORE_VP, VP_EXPLORE, c, k)


# ---- two Vagabonds: two items under each ruin (LoR 9.7.3) ------------------------------------
# A ruin holds two items. The first explorer looks at both (chance events from the unseen pool:
# S_RUIN), they are then the seen items of the ruin (ruin_seen), known to the ruin's seers alone;
# he takes one (not an "R" kind he already holds from a ruin) or none (S_RUIN_PICK). A later
# explorer looks at what is left. The ruin leaves the map when both are taken.

cdef inline int ruin_left(GameState* s, int c) noexcept nogil:
    """The items still in c's ruin (two Vagabonds: 2, 1 or 0)."""
    if (s.explored >> c) & 1:
        return 0
    return 2 - ((s.ruin_half >> c) & 1)


cdef inline int ruin_seen_n(GameState* s, int c) noexcept nogil:
    return (s.ruin_seen[c][0] >= 0) + (s.ruin_seen[c][1] >= 0)


cdef void explore_two(GameState* s, int v) noexcept nogil:
    """He looks at every item of the ruin: the unseen ones come from the pool by chance."""
    cdef int c = vb_pc(s, v).pawn
    if ruin_seen_n(s, c) > 0:      # he looks at what others saw (then the rest, if any: ruin_look)
        s.ruin_seers[c] |= <uint8_t>(1 << v)
    s.step = S_RUIN if ruin_seen_n(s, c) < ruin_left(s, c) else S_RUIN_PICK


cdef void ruin_look(GameState* s, int v, int k) noexcept nogil:
    """An unseen item of the ruin turns out to be k: it is a seen item now, known to him."""
    cdef int c = vb_pc(s, v).pawn
    s.ruin_items[k] -= 1
    s.ruin_seen[c][0 if s.ruin_seen[c][0] < 0 else 1] = k
    s.ruin_seers[c] = <uint8_t>(1 << v)
    if ruin_seen_n(s, c) >= ruin_left(s, c):
        s.step = S_RUIN_PICK


cdef int gen_ruin_pick(GameState* s, int v, int* out) noexcept nogil:
    """None (the torch stays exhausted, no VP), or a seen item of a kind he holds no "R" item of."""
    cdef int i, k, n = 1, c = vb_pc(s, v).pawn
    out[0] = A_PASS
    for i in range(2):
        k = s.ruin_seen[c][i]
        if k >= 0 and not (vb_board(s, v).vb_ritems >> k) & 1 and not (i == 1 and k == s.ruin_seen[c][0]):
            out[n] = A_RUIN_TAKE + k
            n += 1
    return n


cdef void ruin_pick(GameState* s, int v, int a) noexcept nogil:
    cdef int c = vb_pc(s, v).pawn, k
    s.step = S_VB_DAY
    if a == A_PASS:
        return
    k = a - A_RUIN_TAKE
    if s.ruin_seen[c][0] == k:
        s.ruin_seen[c][0] = s.ruin_seen[c][1]
    s.ruin_seen[c][1] = -1
    if (s.ruin_half >> c) & 1:        # the second item: the ruin leaves the map
        s.explored |= <uint16_t>(1 << c)
        s.ruin_half &= <uint16_t>~(1 << c)
        s.ruin_seers[c] = 0
    else:
        s.ruin_half |= <uint16_t>(1 << c)
    vb_board(s, v).vb_ritems |= <uint8_t>(1 << k)
    emit(E_EXPLORE, v, c, k, 1, -1)
    gain_item(s, v, k, IT_RUIN, c)
    add_vp(s, v, VB_EXPLORE_VP, VP_EXPLORE, c, k)


cdef void vb_aid(GameState* s, int v, int d, int t, int k) noexcept nogil:
    """Exhaust any item, give a matching card to a player with pieces here; he may then take an
    item from its Crafted Items box (the Wyrm's Lair, never a treasure: W-MP-6)."""
    cdef int i
    exhaust(s, v, k, 1)
    if s.seat_faction[d] == F_MECHANICAL:       # a bot discards a card given to it and scores 1 VP
        emit(E_AID, v, vb_pc(s, v).pawn, d, 1, t)        #   (Poor Manual Dexterity, MM2 digest §12)
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
        emit(E_AID, v, vb_pc(s, v).pawn, d, 1, t)
    aid_relation(s, v, d)
    if game_over(s):
        return
    for i in range(NITEM):
        if s.seats[d].items[i] > 0:
            vb_board(s, v).vb_aided = d
            s.step = S_VB_TAKE
            return


cdef int gen_take(GameState* s, int v, int* out) noexcept nogil:
    cdef int i, k = 1
    out[0] = A_PASS
    for i in range(NITEM):
        if s.seats[vb_board(s, v).vb_aided].items[i] > 0:
            out[k] = A_TAKE + i
            k += 1
    return k


cdef void apply_take(GameState* s, int v, int a) noexcept nogil:
    if a != A_PASS:
        s.seats[vb_board(s, v).vb_aided].items[a - A_TAKE] -= 1
        box_item_lost(s, vb_board(s, v).vb_aided, a - A_TAKE)
        gain_item(s, v, a - A_TAKE, IT_TAKE, vb_pc(s, v).pawn)
    vb_board(s, v).vb_aided = -1
    s.step = S_VB_DAY


cdef void vb_quest(GameState* s, int v, int q, int draw) noexcept nogil:
    """Exhaust the quest's two items and complete it (finish_quest)."""
    finish_quest(s, v, q, draw, QUEST_ITEM[q][0], QUEST_ITEM[q][1])


cdef void finish_quest(GameState* s, int v, int q, int draw, int item0, int item1) noexcept nogil:
    """Exhaust the items of kinds item0 and item1 (-1: none, one Improvise paid for); the quest
    goes to his play area and a new one turns up; then VP equal to his completed quests of its
    suit, or two cards (LoR 9.5.5)."""
    cdef int i, n = 0
    if item0 >= 0:
        exhaust(s, v, item0, 1)
    if item1 >= 0:
        exhaust(s, v, item1, 1)
    s.quest_up &= ~(1 << q)
    vb_board(s, v).quest_done |= 1 << q
    emit(E_QUEST, v, vb_pc(s, v).pawn, q, draw, -1)
    if draw:
        vb_board(s, v).vb_quest_draws = VB_QUEST_DRAWS
    else:
        for i in range(NQUEST):
            if (vb_board(s, v).quest_done >> i) & 1 and QUEST_SUIT[i] == QUEST_SUIT[q]:
                n += 1
        add_vp(s, v, n, VP_QUEST, vb_pc(s, v).pawn, q)
        if game_over(s):
            return
    if s.quest_deck:
        s.step = S_QUEST_DRAW
    else:
        quest_reward_draws(s, v)


cdef void vb_strike(GameState* s, int v, int d, int piece) noexcept nogil:
    """Remove one enemy piece (LoR 9.5.6): a building or token scores 1 VP; a warrior turns its
    faction Hostile (no Infamy: not a battle); Field Hospitals may save a Marquise warrior."""
    cdef int c = vb_pc(s, v).pawn
    exhaust(s, v, I_CROSSBOW, 1)
    if piece == warrior_piece(s, d):
        effect_removes_warrior(s, v, d, c, CAUSE_STRIKE)
        hospital_after_effect(s, d, c)
        return
    emit(E_REMOVE, d, c, piece, 1, CAUSE_STRIKE)
    remove_piece(s, d, c, piece, v)
    add_vp(s, v, 1, VP_STRIKE, c, piece)


cdef void repair(GameState* s, int v, int x) noexcept nogil:
    """A damaged item back to the Satchel (or its track), keeping its face (LoR 9.2.5)."""
    cdef int k = shift_item(s, v, x, VS_DMG_UP, VS_DMG_DOWN, VS_UP, VS_DOWN)
    emit(E_ITEM, v, -1, k, 1, IT_REPAIR)


cdef int gen_repairs(GameState* s, int v, int* out) noexcept nogil:
    return item_options(s, v, VS_DMG_UP, VS_DMG_DOWN, A_REPAIR, out, 0)


cdef void hideout_continue(GameState* s, int v) noexcept nogil:
    """The Ranger's Hideout: repair 3 items (his pick when it is one), then Daylight ends."""
    cdef int opts[2 * NVITEM]
    cdef int n
    while vb_board(s, v).vb_left > 0:
        n = gen_repairs(s, v, opts)
        if n == 0:
            break
        if n > 1 and damaged_items(s, v) > vb_board(s, v).vb_left:
            s.step = S_VB_REPAIR
            return
        repair(s, v, opts[0] - A_REPAIR)
        vb_board(s, v).vb_left -= 1
    vb_board(s, v).vb_left = 0
    begin_evening(s)


cdef void day_labor(GameState* s, int v, int t) noexcept nogil:
    """The Tinker takes a card of his clearing's suit (or a bird) from the discard pile (LoR D.2),
    in view of everyone."""
    cdef int o
    cc_add(&s.discard, t, -1)
    cc_add(&s.seats[v].hand, t, 1)
    s.seats[v].hand_size += 1
    for o in range(s.nseats):
        if o != v:
            known_add(s, o, v, t, 1)
    emit(E_DRAW, v, vb_pc(s, v).pawn, t, 1, -1)


cdef void vb_steal(GameState* s, int v, int t) noexcept nogil:
    """The Thief takes a random card (a chance event) from a player with pieces in his clearing
    (LoR D.1); only the two of them see which."""
    take_card(s, v, s.target, t)
    s.target = -1
    s.step = S_VB_DAY


# ---- damage (LoR 9.2.5, 9.2.7; §5.2: he picks each item) -------------------------------------

cdef inline int damage_options(GameState* s, int v, int* out) noexcept nogil:
    """The undamaged items a hit may damage: face down * 8 + kind."""
    return item_options(s, v, VS_UP, VS_DOWN, 0, out, 0)


cdef inline int ally_fighters(GameState* s, int v) noexcept nogil:
    """Allied warriors fighting as seat v's own: v is the attacking Vagabond (LoR 9.2.9.II.c)."""
    return warriors_in(s, s.battle.ally, s.battle.clearing) if s.battle.ally >= 0 and v == s.battle.attacker else 0


cdef int vb_hit_options(GameState* s, int* out) noexcept nogil:
    """What a hit on him may take: an undamaged item (his pick), or an Allied warrior fighting
    for him (code 16)."""
    cdef int v = s.battle.alloc_seat, n = damage_options(s, v, out)
    if ally_fighters(s, v) > 0:
        out[n] = 2 * NVITEM
        n += 1
    return n


cdef inline bint every_option_taken(GameState* s, int n) noexcept nogil:
    """The hits left damage every item he has (and remove every Allied warrior fighting for him):
    which goes first changes nothing, so nothing is asked (the Vagabond's hits only)."""
    cdef int v = s.battle.alloc_seat
    return is_vagabond(s, v) and s.battle.alloc_left >= undamaged_items(s, v) + ally_fighters(s, v)


cdef void vb_take_hit(GameState* s, int x, int remover) noexcept nogil:
    """A hit he takes: an item damaged, or one of the Allied warriors fighting for him removed
    (x == 16; LoR 9.2.9.II.d)."""
    cdef int c = s.battle.clearing, a = s.battle.ally, v = s.battle.alloc_seat
    if x == 2 * NVITEM:
        emit(E_REMOVE, a, c, warrior_piece(s, a), 1, CAUSE_HIT)
        remove_warriors(s, a, c, 1)
        s.battle.ally_hits += 1
        if saves_warriors(s, a):
            s.fh_count += 1
        return
    damage_item(s, v, x)
    s.battle.item_hits += 1


cdef void damage_item(GameState* s, int v, int x) noexcept nogil:
    cdef int k = shift_item(s, v, x, VS_UP, VS_DOWN, VS_DMG_UP, VS_DMG_DOWN)
    emit(E_ITEM, v, -1, k, 1, IT_DAMAGE)


cdef bint favor_clears_vagabond(GameState* s, int c, int d) noexcept nogil:
    """A Revolt or a Favor in his clearing damages 3 items instead (LoR 9.2.2.I); True when he
    has a choice to make (he is then the Vagabond acting: vb_acting)."""
    cdef int v = d
    if vb_pc(s, v).pawn != c:
        return False
    s.vb_acting = v
    vb_board(s, v).vb_left = 3
    return effect_damage_continue(s, v)


cdef bint effect_damage_continue(GameState* s, int v) noexcept nogil:
    cdef int opts[2 * NVITEM]
    cdef int n
    while vb_board(s, v).vb_left > 0:
        n = damage_options(s, v, opts)
        if n == 0:
            break
        if n > 1 and undamaged_items(s, v) > vb_board(s, v).vb_left:   # not when every item is damaged anyway
            s.step = S_VB_DAMAGE
            return True
        damage_item(s, v, opts[0])
        vb_board(s, v).vb_left -= 1
    vb_board(s, v).vb_left = 0
    return False


cdef int gen_damage(GameState* s, int v, int* out) noexcept nogil:
    return item_options(s, v, VS_UP, VS_DOWN, A_DAMAGE, out, 0)


# ---- Evening (LoR 9.6) ---------------------------------------------------------------------

cdef void vagabond_evening(GameState* s) noexcept nogil:
    """Rest in a forest repairs every damaged item, face up (not exhausted ones: §7 trap 10);
    then draw 1 + coins."""
    cdef int k, n, v = s.turn
    if vb_pc(s, v).pawn >= NCL:
        for k in range(NVITEM):
            n = vb_board(s, v).vb_items[VS_DMG_UP][k] + vb_board(s, v).vb_items[VS_DMG_DOWN][k]
            if n:
                vb_board(s, v).vb_items[VS_UP][k] += n
                vb_board(s, v).vb_items[VS_DMG_UP][k] = 0
                vb_board(s, v).vb_items[VS_DMG_DOWN][k] = 0
                emit(E_ITEM, v, -1, k, n, IT_REST)
    evening_draw(s, vagabond_evening_draws(s, s.turn))


cdef inline int drop_options(GameState* s, int v, int* out) noexcept nogil:
    """Items in the Satchel or the Damaged box he may remove: state * 8 + kind."""
    cdef int k, st, n = 0
    for st in range(NVSTATE):
        for k in range(NVITEM):
            if vb_board(s, v).vb_items[st][k] > (on_track(s, v, k) if st == VS_UP else 0):
                out[n] = st * NVITEM + k
                n += 1
    return n


cdef bint over_item_limit(GameState* s, int v) noexcept nogil:
    """The end of his Evening: over the item limit he removes items of his choice, for good
    (LoR 9.6.4); forced removals apply at once. True when he has a choice to make."""
    cdef int opts[NVSTATE * NVITEM]
    cdef int n
    while item_load(s, v) > item_limit(s, v):
        n = drop_options(s, v, opts)
        if n > 1:
            s.step = S_VB_DROP
            return True
        drop_item(s, v, opts[0])
    return False


cdef void drop_item(GameState* s, int v, int x) noexcept nogil:
    cdef int k = x % NVITEM, st, n = 0
    vb_board(s, v).vb_items[x // NVITEM][k] -= 1
    vb_board(s, v).vb_out[k] += 1
    for st in range(NVSTATE):
        n += vb_board(s, v).vb_items[st][k]
    if n == 0:                    # no item of the kind left: no "R" one either (LoR 9.7.3)
        vb_board(s, v).vb_ritems &= <uint8_t>~(1 << k)
    emit(E_ITEM, v, -1, k, 1, IT_DROP)


cdef int gen_drop(GameState* s, int v, int* out) noexcept nogil:
    cdef int i, n = drop_options(s, v, out)
    for i in range(n):
        out[i] += A_DROP
    return n


# ---- the steps ----------------------------------------------------------------------------

cdef inline bint vagabond_step(int st) noexcept nogil:
    return (st >= S_VB_CHAR and st <= S_VB_DROP) or st == S_VB_ORDER or st == S_RUIN_PICK


cdef int gen_vagabond(GameState* s, int* out) noexcept nogil:
    cdef int st = s.step, i, k = 0, v = acting_vagabond(s)
    if st == S_VB_CHAR:             # every character, or the one the game's options name (the
        if drafted_character(s, v) >= 0:                     # first Vagabond's), or the one the
            out[0] = A_VB_CHAR + drafted_character(s, v)     # draft dealt beside his card
            return 1
        if s.character_option >= 0 and v == vb_seat(s):     # first Vagabond's); not the other's
            out[0] = A_VB_CHAR + s.character_option
            return 1
        for i in range(NCHAR):
            if not plays(s, i) and i != s.character_option:
                out[k] = A_VB_CHAR + i
                k += 1
        return k
    if st == S_RUIN_PICK:
        return gen_ruin_pick(s, v, out)
    if st == S_VB_SETUP:
        for i in range(n_forests(s)):
            out[i] = A_FOREST + i
        return n_forests(s)
    if st == S_VB_REFRESH:
        return gen_refresh(s, v, out)
    if st == S_VB_SLIP:
        return gen_slip(s, v, out)
    if st == S_VB_DAY:
        return gen_vb_day(s, v, out)
    if st == S_VB_TAKE:
        return gen_take(s, v, out)
    if st == S_VB_REPAIR:
        return gen_repairs(s, v, out)
    if st == S_VB_DAMAGE:
        return gen_damage(s, v, out)
    if st == S_VB_DROP:
        return gen_drop(s, v, out)
    return 0


cdef void apply_vagabond(GameState* s, int a) noexcept nogil:
    cdef int st = s.step, v = acting_vagabond(s)
    if st == S_VB_ORDER:
        vb_setup_start(s, vb_seat(s) if a == A_VB_FIRST else vb_seat2(s))
    elif st == S_RUIN_PICK:
        ruin_pick(s, v, a)
    elif st == S_VB_CHAR:
        choose_character(s, v, a - A_VB_CHAR)
    elif st == S_VB_SETUP:
        vb_setup_forest(s, v, a - A_FOREST)
    elif st == S_QUEST_DRAW:
        quest_drawn(s, v, a - A_QUEST_DRAW)
    elif st == S_VB_REFRESH:
        refresh_one(s, v, a - A_REFRESH)
        refresh_continue(s, v)
    elif st == S_VB_SLIP:
        apply_slip(s, v, a)
    elif st == S_VB_DAY:
        apply_vb_day(s, v, a)
    elif st == S_RUIN:
        if two_vagabonds(s):
            ruin_look(s, v, a - A_RUIN)
        else:
            explore(s, v, a - A_RUIN)
    elif st == S_VB_TAKE:
        apply_take(s, v, a)
    elif st == S_VB_STEAL:
        vb_steal(s, v, a - A_STEAL)
    elif st == S_VB_REPAIR:
        repair(s, v, a - A_REPAIR)
        vb_board(s, v).vb_left -= 1
        hideout_continue(s, v)
    elif st == S_VB_DAMAGE:
        damage_item(s, v, a - A_DAMAGE)
        vb_board(s, v).vb_left -= 1
        if not effect_damage_continue(s, v):
            s.step = s.resume_step
            favor_continue(s)
    elif st == S_VB_DROP:
        drop_item(s, v, a - A_DROP)
        if not over_item_limit(s, v):
            end_turn(s)


cdef int vagabond_chance(GameState* s, int* out, double* prob) noexcept nogil:
    """Chance outcomes at S_QUEST_DRAW (a quest from the deck), S_RUIN (an item from the pool
    under the ruins) and S_VB_STEAL (a card of the victim's hand)."""
    cdef int i, k = 0, n = 0
    if s.step == S_VB_ORDER:       # which Vagabond sets up first (LoR 9.7.1)
        out[0] = A_VB_FIRST
        out[1] = A_VB_FIRST + 1
        prob[0] = prob[1] = 0.5
        return 2
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
