# Card effects of the base deck beyond items and ambushes (root-base-rules.md §2.1):
# Favors, and the persistent cards' moments. Battle effects (Armorers, Sappers, Brutal Tactics)
# and Scouting Party live in battle.pxi beside the step they change.

# ---- Favors -------------------------------------------------------------------------------

cdef void start_favor(GameState* s, int seat, int suit) noexcept nogil:
    """Remove all enemy pieces in every clearing of the suit, for every enemy (base cards:
    Favors); buildings and tokens score for the crafter (LoR 3.2.1); the Wyrm pawn goes to a
    forest instead (W-FOREST-1, W-MP-5)."""
    cdef int c
    cdef uint16_t clearings = 0
    for c in range(NCL):
        if s.suit[c] == suit:
            clearings |= <uint16_t>(1 << c)
    clear_enemies(s, seat, clearings, s.step)


cdef void clear_enemies(GameState* s, int seat, uint16_t clearings, int resume) noexcept nogil:
    """Remove every enemy piece in the clearings (bit c each): a Favor, or a Revolt (alliance_board(s).revolt_at
    set, revolt_done follows). The game then returns to step resume."""
    cdef int d
    s.favor_seat = seat
    clear_favor(s)
    for d in range(s.nseats):
        if is_enemy(s, seat, d):
            s.seats[d].favor_mask = clearings
    s.resume_step = resume
    if s.hr_kind[0] >= 0:                 # enemy hirelings' pieces there too (E-16), first
        hirelings_cleared(s, seat, clearings)
    favor_continue(s)


cdef inline int clear_reason(GameState* s, int c) noexcept nogil:
    """The VP reason of a removal by clear_enemies in c: a Revolt's, Scorched Earth's (nothing
    else can be removed in a scorched clearing, nothing entering it after) or a Favor's."""
    if alliance_board(s).revolt_at >= 0:
        return VP_REVOLT
    if corvid_board(s).bomb_at >= 0:
        return VP_BOMB
    return VP_SCORCHED if scorched(s, c) else VP_FAVOR


cdef inline int clear_cause(GameState* s, int c) noexcept nogil:
    """The E_REMOVE cause of a removal by clear_enemies in c (as clear_reason)."""
    if alliance_board(s).revolt_at >= 0:
        return CAUSE_REVOLT
    if corvid_board(s).bomb_at >= 0:
        return CAUSE_BOMB
    return CAUSE_SCORCHED if scorched(s, c) else CAUSE_FAVOR


cdef inline void removed(GameState* s, int seat, int c, int piece, int n) noexcept nogil:
    if n > 0:
        emit(E_REMOVE, seat, c, piece, n, clear_cause(s, c))
        if piece == warrior_piece(s, seat):
            vb_removed_warriors(s, s.favor_seat, seat, c, n, False)   # a Favor he crafted (LoR 9.2.9.III)


cdef inline int next_favor_target(GameState* s) noexcept nogil:
    """The next (clearing, enemy) bit a Favor clears: the Keep's clearing first (Field Hospitals
    needs the Keep after the Favor), then in clearing order."""
    cdef int c, d, cs = cat_seat(s)
    if cs >= 0 and cat_pc(s).keep >= 0 and (s.seats[cs].favor_mask >> cat_pc(s).keep) & 1:
        return cat_pc(s).keep * MAX_SEATS + cs
    for c in range(NCL):
        for d in range(s.nseats):
            if (s.seats[d].favor_mask >> c) & 1:
                return c * MAX_SEATS + d
    return -1


cdef void favor_continue(GameState* s) noexcept nogil:
    cdef int c, d, b, n
    while True:
        b = next_favor_target(s)
        if b < 0:
            break
        c = b // MAX_SEATS
        d = b % MAX_SEATS
        s.seats[d].favor_mask &= <uint16_t>~(1 << c)
        n = s.seats[d].pc.warriors[c]
        if FACTION_RULES[s.seat_faction[d]].favor_clears(s, c, d):
            return
        if physicians_after_favor(s, d, c, n - s.seats[d].pc.warriors[c]):
            return
    s.favor_seat = -1
    s.step = s.resume_step
    if alliance_board(s).revolt_at >= 0:
        revolt_done(s)
    elif corvid_board(s).bomb_at >= 0:
        bomb_done(s)


cdef bint favor_clears_marquise(GameState* s, int c, int d) noexcept nogil:
    """A Favor removes the Marquise's pieces in c; True when the Favor pauses (a win, or Field
    Hospitals to decide)."""
    cdef int b, vp = 0
    cdef int n = cat_pc(s).warriors[c]
    removed(s, d, c, P_WARRIOR, n)
    cat_pc(s).warriors[c] = 0
    warriors_to_supply(s, cat_seat(s), n)
    for b in range(3):
        removed(s, d, c, P_SAWMILL + b, cat_pc(s).buildings[b][c])
        vp += cat_pc(s).buildings[b][c]
        cat_pc(s).building_supply[b] += cat_pc(s).buildings[b][c]
        cat_pc(s).buildings[b][c] = 0
    removed(s, d, c, P_WOOD, cat_pc(s).tokens[0][c])
    vp += cat_pc(s).tokens[0][c]
    cat_pc(s).token_supply[0] += cat_pc(s).tokens[0][c]
    cat_pc(s).tokens[0][c] = 0
    if cat_pc(s).keep == c:
        removed(s, d, c, P_KEEP, 1)
        cat_pc(s).keep = -1
        vp += 1
    add_vp(s, s.favor_seat, vp, clear_reason(s, c), c, s.suit[c])
    if game_over(s):
        return True
    s.fh_clearing = c
    s.fh_count = n
    s.fh_resume = FH_FAVOR
    if field_hospitals_open(s):
        s.step = S_HOSPITAL
        return True
    s.fh_count = 0
    return False


cdef bint favor_clears_wyrm(GameState* s, int c, int d) noexcept nogil:
    """A Favor removes the Wyrm's pieces in c and sends its pawn to a forest (W-MP-5); True
    when the Favor pauses (a win, or the forest to choose)."""
    removed(s, d, c, P_WYRMLING, wyrm_pc(s).warriors[c])
    warriors_to_supply(s, wyrm_seat(s), wyrm_pc(s).warriors[c])
    wyrm_pc(s).warriors[c] = 0
    if fear_at(s, c) != FEAR_NONE:
        removed(s, d, c, P_FEAR, 1)
        set_fear(s, c, FEAR_NONE)
        wyrm_pc(s).token_supply[0] += 1
        add_vp(s, s.favor_seat, 1, clear_reason(s, c), c, s.suit[c])
        if game_over(s):
            return True
    if wyrm_pc(s).pawn == c:
        s.step = s.resume_step
        pawn_flee(s, c)
        if s.step == S_FOREST:
            return True
    return False


# ---- Birdsong: Better Burrow Bank, Royal Claim, Stand and Deliver! ----------------------
# Better Burrow Bank acts at the start of Birdsong. Royal Claim and Stand and Deliver! act "in
# Birdsong": their owner may use them at every decision point of its own Birdsong (as extra legal
# actions, see birdsong_decision) and at one last point after the faction's Birdsong, before
# Daylight (or, for a Wyrm leaving a forest, Evening) begins: step S_BIRDSONG_CARDS.

cdef inline void start_card_draw(GameState* s) noexcept nogil:
    start_draws(s, S_CARD_DRAW)


cdef void resume(GameState* s) noexcept nogil:
    if s.resume_step == RESUME_BIRDSONG:
        faction_birdsong(s)
    elif s.resume_step == RESUME_SERVICES:
        services_then_birdsong(s)
    elif s.resume_step == RESUME_EVENING:
        faction_evening(s)
    elif s.resume_step == RESUME_COBBLER:
        evening_cobbler(s)
    else:
        s.step = s.resume_step


cdef inline bint birdsong_decision(int st) noexcept nogil:
    """The decision points inside a faction's Birdsong, where the seat on turn may also use its
    Birdsong cards."""
    return (st == S_CAT_WOOD or st == S_WYRM_INTIMIDATE or st == S_WYRM_RETURN
            or st == S_WYRM_EMERGE or st == S_EYRIE_ADD or st == S_EYRIE_ROOST
            or st == S_ALLIANCE_BIRD or st == S_VB_REFRESH or st == S_VB_SLIP or st == S_LZ_BIRD)


cdef int gen_birdsong_cards(GameState* s, int* out, int k) noexcept nogil:
    """Royal Claim, Stand and Deliver!, and the E&P deck's Swap Meet and False Orders."""
    if in_play(s, s.turn, C_ROYAL_CLAIM):
        out[k] = A_USE + C_ROYAL_CLAIM
        k += 1
    if in_play(s, s.turn, C_STAND_AND_DELIVER) and not s.used_steal and steal_targets(s) > 0:
        out[k] = A_USE + C_STAND_AND_DELIVER
        k += 1
    if s.deck_id == DECK_EP:
        if may_swap(s):
            out[k] = A_USE + C_SWAP_MEET
            k += 1
        k = gen_false_orders(s, out, k)
    return k


cdef inline bint is_birdsong_card(int a) noexcept nogil:
    """An action gen_birdsong_cards offers."""
    return (a >= A_USE and a < A_USE + NCT) or (a >= A_FALSE_ORDERS and a < A_GIVE)


cdef void faction_birdsong(GameState* s) noexcept nogil:
    FACTION_RULES[s.seat_faction[s.turn]].birdsong(s)


cdef void end_birdsong(GameState* s, int next_step) noexcept nogil:
    """The faction's Birdsong is done: a last point for Birdsong cards, then next_step's phase
    (S_CAT_DAY or S_WYRM_DAY: Daylight; S_EVE_DRAW: Evening, W-BIRD-2). resume_step keeps it."""
    s.resume_step = next_step
    birdsong_cards(s)


cdef void birdsong_cards(GameState* s) noexcept nogil:
    cdef int buf[MAX_LEGAL]
    if gen_birdsong_cards(s, buf, 0) > 0:
        s.step = S_BIRDSONG_CARDS
    else:
        leave_birdsong(s)


cdef void leave_birdsong(GameState* s) noexcept nogil:
    """The end of Birdsong: Eyrie Emigre (E&P) first, then the next phase."""
    if not emigre_begins(s):
        next_phase(s)


cdef void next_phase(GameState* s) noexcept nogil:
    mercenaries_begin(s)            # hired mercenaries serve in Daylight and Evening (LoR 11.2.7.III)
    if s.resume_step == S_EVE_DRAW:
        begin_evening(s)
    else:
        FACTION_RULES[s.seat_faction[s.turn]].daylight(s)


cdef void use_birdsong_card(GameState* s, int t) noexcept nogil:
    """Royal Claim: discard it, 1 VP per clearing you rule. Stand and Deliver!: take a random card
    from the other player (a chance event), who scores 1 VP. Either goes back to the decision
    point it was used at."""
    cdef int c, n = 0
    if t == C_ROYAL_CLAIM:
        discard_from_play(s, s.turn, t)
        for c in range(NCL):
            if ruler(s, c) == s.turn:
                n += 1
        if BURROWER[s.seat_faction[s.turn]]:   # the Burrow, always its own (LoR 12.2.2, choice C7)
            n += 1
        add_vp(s, s.turn, n, VP_ROYAL_CLAIM, -1, n)
        if s.step == S_BIRDSONG_CARDS and not game_over(s):
            birdsong_cards(s)
    elif t == C_SWAP_MEET:
        start_swap(s)
    else:
        s.used_steal = 1
        if s.step != S_BIRDSONG_CARDS:    # at the last point, resume_step holds the next phase
            s.resume_step = s.step
        s.step = S_STEAL
        ask_target(s, C_STAND_AND_DELIVER)


cdef void take_random_card(GameState* s, int taker, int victim, int t) noexcept nogil:
    """taker takes card t, drawn at random from victim's hand (Stand and Deliver!, the Thief's
    Steal): the two of them see which card moved; a third seat cannot tell, so it forgets what
    it knew of the victim's hand -- unless the hand lies face up (the Riverfolk's, LoR 11.2.3):
    then every seat saw the card go."""
    cdef int v
    cdef bint public = public_hand(s, victim)
    cc_add(&s.seats[victim].hand, t, -1)
    s.seats[victim].hand_size -= 1
    if public:
        forget_card(s, victim, t)
    else:
        known_forget_one(s, taker, victim, t)
    for v in range(s.nseats):
        if v != taker and v != victim:
            if public:
                known_add(s, v, taker, t, 1)
            else:
                known_clear(s, v, victim)
    cc_add(&s.seats[taker].hand, t, 1)
    s.seats[taker].hand_size += 1
    known_add(s, victim, taker, t, 1)   # the victim saw which card it lost


cdef void take_card(GameState* s, int taker, int victim, int t) noexcept nogil:
    """taker takes card t from victim: at random from its hand, or from a bot the deck's top card
    (Poor Manual Dexterity, MM2 digest §2.2), drawn in view of everyone."""
    if takes_from_deck(s, victim):
        emit(E_DRAW, taker, -1, t, 1, -1)
        draw_card(s, taker, t)
    else:
        take_random_card(s, taker, victim, t)


cdef int hand_outcomes(GameState* s, int h, int* out, double* prob) noexcept nogil:
    """The chance outcomes of a card taken at random from h's hand (A_STEAL + card type); from a
    bot's, the deck's."""
    cdef int t, k = 0
    if takes_from_deck(s, h):
        for t in range(NCT):
            if cc_has(&s.deck, t):
                out[k] = A_STEAL + t
                prob[k] = <double>cc_get(&s.deck, t) / s.deck_size
                k += 1
        return k
    for t in range(NCT):
        if cc_has(&s.seats[h].hand, t):
            out[k] = A_STEAL + t
            prob[k] = <double>cc_get(&s.seats[h].hand, t) / s.seats[h].hand_size
            k += 1
    return k


cdef void steal(GameState* s, int t) noexcept nogil:
    """Stand and Deliver!'s card taken (the player robbed scores 1 VP), or Swap Meet's (a card
    to give back next, S_SWAP_GIVE)."""
    cdef int victim = card_target(s)
    take_card(s, s.turn, victim, t)
    if s.ep_card == C_SWAP_MEET:
        s.step = S_SWAP_GIVE
        return
    add_vp(s, victim, 1, VP_STEAL, -1, t)      # a bot robbed scores it too (MM2 digest §12)
    if game_over(s):
        return
    after_steal(s)


cdef void after_steal(GameState* s) noexcept nogil:
    """Back to the Birdsong decision point the card was used at, or to its last point."""
    if birdsong_decision(s.resume_step):
        s.step = s.resume_step
    else:
        birdsong_cards(s)


cdef void begin_birdsong(GameState* s) noexcept nogil:
    """Start of Birdsong: first the dominance win check (LoR 3.3.1), then Saboteurs (E&P) may
    discard an enemy's card, Better Burrow Bank draws for its owner and another player."""
    dominance_win_check(s)
    if game_over(s):
        return
    coffin_makers_score(s)
    if game_over(s):
        return
    nobles_score(s)                   # Bluebird Nobles (E-29): a start-of-Birdsong action (E-13)
    if game_over(s):
        return
    if sabotage_targets(s) > 0:
        s.step = S_SABOTEURS
    else:
        birdsong_bank(s)


cdef void birdsong_bank(GameState* s) noexcept nogil:
    """The start of Birdsong after Saboteurs: Better Burrow Bank, then the Riverfolk's services
    (riverfolk.pxi) and the faction's Birdsong."""
    if in_play(s, s.turn, C_BETTER_BURROW_BANK):
        s.seats[s.turn].to_draw = 1
        s.resume_step = RESUME_SERVICES
        if not ask_target(s, C_BETTER_BURROW_BANK):
            bank_draws(s)
    else:
        services_then_birdsong(s)


cdef void bank_draws(GameState* s) noexcept nogil:
    if FACTION_HOLDS_CARDS[s.seat_faction[card_target(s)]]:    # a bot draws nothing (MM2 digest §12)
        s.seats[card_target(s)].to_draw = 1
    start_card_draw(s)


# ---- Daylight: Command Warren, Tax Collector, Codebreakers -------------------------------

cdef void maybe_command_warren(GameState* s) noexcept nogil:
    """Start of Daylight: Command Warren may start one battle (no action, no Bite spent)."""
    cdef int c
    if not in_play(s, s.turn, C_COMMAND_WARREN):
        return
    for c in range(NCL):
        if can_battle(s, s.turn, c):
            s.resume_step = s.step
            s.step = S_WARREN
            return


cdef int gen_warren(GameState* s, int* out) noexcept nogil:
    out[0] = A_PASS
    return gen_battles(s, s.turn, out, 1)


cdef inline bint is_daylight_card(int a) noexcept nogil:
    """Tax Collector, Codebreakers or opening a closed path (every faction's Daylight step hands
    them on to apply_daylight_card; a dominance action goes to apply_dominance)."""
    return (a == A_CODEBREAK or (a >= A_TAX and a < A_TAX + NCL) or (a >= A_OPEN_PATH and a < A_SABOTAGE)
            or (a >= A_PROPAGANDA and a < A_FALSE_ORDERS) or (a >= A_LEAGUE and a < A_LEAGUE + NITEM)
            or (a >= A_HR_SMUGGLE and a < A_HR_MOVE) or (a >= A_HR_DYNASTY and a < A_HR_SETUP))


cdef void codebreak(GameState* s) noexcept nogil:
    cdef int h = card_target(s)
    s.seats[s.turn].known[h] = s.seats[h].hand


cdef int gen_daylight_cards(GameState* s, int seat, int* out, int k) noexcept nogil:
    """Tax Collector (remove one of your warriors, draw a card) and Codebreakers, once each;
    swapping for and activating dominance cards (dominance.pxi), which every faction's Daylight
    offers."""
    cdef int c
    if in_play(s, seat, C_TAX_COLLECTOR) and not s.used_tax:
        for c in range(NCL):
            if warriors_in(s, seat, c) > 0:
                out[k] = A_TAX + c
                k += 1
    if in_play(s, seat, C_CODEBREAKERS) and not s.used_codebreak and (s.nseats > 2 or mm_seat(s) < 0):
        out[k] = A_CODEBREAK
        k += 1
    k = gen_open_paths(s, seat, out, k)
    if s.deck_id == DECK_EP:
        k = gen_propaganda(s, seat, out, k)
        k = gen_league(s, seat, out, k)
    if s.hr_kind[0] >= 0:
        k = gen_smuggle(s, seat, out, k)
        k = gen_brigand(s, seat, out, k)
        k = gen_band(s, seat, out, k)
        k = gen_patrol(s, seat, out, k)
        k = gen_dynasty(s, seat, out, k)
    return gen_dominance(s, seat, out, k)


cdef int gen_open_paths(GameState* s, int seat, int* out, int k) noexcept nogil:
    """The Mountain (LoR 16.2.3.3): once per turn, in its Daylight, a seat with a piece in either
    clearing of a closed path may spend a card of any suit (a bird too) to open it for 1 VP."""
    cdef int i, t
    if s.path_opened or s.seats[seat].hand_size == 0:
        return k
    for i in range(MAP_NCLOSED[s.map_id]):
        if not path_closed(s, i):
            continue
        if not (pieces_in(s, seat, MAP_CLOSED[s.map_id][i][0]) or pieces_in(s, seat, MAP_CLOSED[s.map_id][i][1])):
            continue
        for t in range(NCT):
            if cc_has(&s.seats[seat].hand, t):
                out[k] = A_OPEN_PATH + i * NCT + t
                k += 1
    return k


cdef void open_path(GameState* s, int seat, int i, int t) noexcept nogil:
    """The marker leaves the game: the two clearings are adjacent from now on; 1 VP (none for a
    seat that activated dominance, LoR 3.3.1; a dominance card spent becomes available, 3.3.3)."""
    cdef int a = MAP_CLOSED[s.map_id][i][0], b = MAP_CLOSED[s.map_id][i][1]
    spend_card(s, seat, t)
    s.adj[a] |= 1 << b
    s.adj[b] |= 1 << a
    s.path_opened = 1
    add_vp(s, seat, 1, VP_PATH, a, t)


cdef void apply_daylight_card(GameState* s, int seat, int a) noexcept nogil:
    cdef int c, t
    if a >= A_PROPAGANDA and a < A_FALSE_ORDERS:
        propaganda(s, seat, a - A_PROPAGANDA)
        return
    if a >= A_HR_DYNASTY:
        dynasty_act(s, seat, a - A_HR_DYNASTY)
        return
    if a >= A_HR_PATROL:
        patrol_act(s, seat, a - A_HR_PATROL)
        return
    if a >= A_HR_BAND:
        band_place(s, seat, a - A_HR_BAND)
        return
    if a >= A_HR_RUIN:
        brigand(s, seat, a)
        return
    if a >= A_HR_SMUGGLE:
        smuggle(s, seat, a - A_HR_SMUGGLE)
        return
    if a >= A_LEAGUE:
        league(s, seat, a - A_LEAGUE)
        return
    if a >= A_OPEN_PATH and a < A_SABOTAGE:
        open_path(s, seat, (a - A_OPEN_PATH) // NCT, (a - A_OPEN_PATH) % NCT)
        return
    if a == A_CODEBREAK:
        s.used_codebreak = 1
        if not ask_target(s, C_CODEBREAKERS):
            codebreak(s)
        return
    c = a - A_TAX
    s.used_tax = 1
    s.seats[seat].to_draw = 1
    s.resume_step = s.step
    emit(E_REMOVE, seat, c, warrior_piece(s, seat), 1, CAUSE_TAX)
    remove_warriors(s, seat, c, 1)
    if saves_warriors(s, seat):
        s.fh_clearing = c
        s.fh_count = 1
        s.fh_resume = FH_DRAW
        if field_hospitals_open(s):
            s.step = S_HOSPITAL
            return
        s.fh_count = 0
    start_card_draw(s)


# ---- the other player a card names (root-factions.md §1.12) -----------------------------------
# Stand and Deliver!, Better Burrow Bank and Codebreakers name "another player": at two seats the
# only other one; at 3+ seats the owner picks one at step S_TARGET, kept in s.target.

cdef inline int card_target(GameState* s) noexcept nogil:
    """The other player the pending card effect of the seat on turn names."""
    return next_seat(s, s.turn) if s.nseats == 2 else s.target


cdef inline int steal_targets(GameState* s) noexcept nogil:
    """The other seats Stand and Deliver! may rob: a hand to take from (or, from a bot, a deck)."""
    cdef int o, n = 0
    for o in range(s.nseats):
        if o != s.turn and has_card_to_take(s, o):
            n += 1
    return n


cdef inline bint may_target(GameState* s, int o, int card) noexcept nogil:
    """Stand and Deliver! names a player with a card to take; Codebreakers never a bot (it has no
    hand to look at: MM2 digest §12)."""
    if card == C_STAND_AND_DELIVER:
        return has_card_to_take(s, o)
    if card == C_CODEBREAKERS:
        return FACTION_HOLDS_CARDS[s.seat_faction[o]]
    if card == C_SWAP_MEET:
        return swap_partner(s, o)
    return True


cdef bint ask_target(GameState* s, int card) noexcept nogil:
    """At 3+ seats, pause at S_TARGET for the owner to pick the player card names (True); the
    step it leaves is where the effect goes on (S_STEAL, S_CARD_DRAW's run, Daylight). At two
    seats nothing is asked (False)."""
    if s.nseats == 2:
        return False
    s.target_card = card
    s.target = -1
    s.step = S_TARGET
    return True


cdef int gen_target(GameState* s, int* out) noexcept nogil:
    cdef int o, k = 0
    for o in range(s.nseats):
        if o != s.turn and may_target(s, o, s.target_card):
            out[k] = A_TARGET + o
            k += 1
    return k


cdef void apply_target(GameState* s, int seat) noexcept nogil:
    s.target = seat
    if s.target_card == C_STAND_AND_DELIVER or s.target_card == C_SWAP_MEET:
        s.step = S_STEAL
    elif s.target_card == C_BETTER_BURROW_BANK:
        bank_draws(s)
    elif s.target_card == C_CHARM_OFFENSIVE:
        charm_offensive(s)
    else:
        codebreak(s)
        s.step = daylight_step(s, s.turn)
    s.target_card = -1
