# The turn machine: setup, the walk through phases, and the two entry points every driver uses,
# gen_legal() and apply_action(). A step names the decision point the game waits at.

cdef void init_state(GameState* s, int nseats, int* factions, int first, int map_id, int8_t* suits,
                     int deck_id, int setup_mode, uint16_t draft_deck) noexcept nogil:
    """A new game of nseats seats (factions in seat order, clockwise; first: the seat that plays
    first): supplies formed, dominance cards out at two seats (LoR 5.1.3), hands not yet dealt:
    3 cards each (LoR 5.1.3), or 5 in the Advanced Setup, each keeping 3 once every faction has
    set up (LoR 16.1.7, 16.1.10). The caller checks the factions (2..6 distinct), the map's suits,
    the deck (DECK_NAMES) and the setup (SETUP_NAMES). A bot is dealt no hand, and the dominance
    cards stay out unless three players or more are not bots (MM2 digest §2.2, setup effects).
    draft_deck: the faction cards of a draft (bit per faction, LAW25 A.8.1; 0: none), where the
    seats of factions -1 choose theirs (draft.pxi; the caller checks the pool holds one card more
    than those players); at two such players the insurgent cards are left out (16.1.8.1.1)."""
    cdef int t, i, players = nseats, drafting = 0
    memset(s, 0, sizeof(GameState))
    set_map(s, map_id, suits)     # the map's paths; its suits, or suits given (NULL: printed)
    s.nseats = nseats
    s.deck_id = deck_id
    s.setup_mode = setup_mode
    s.character_option = -1
    for i in range(MAX_SEATS):
        s.seat_faction[i] = factions[i] if i < nseats else -1
    for i in range(NFACTION):
        s.faction_seat[i] = -1
    for i in range(nseats):
        if factions[i] < 0:               # a player of the draft: a hand, a faction to come
            drafting += 1
            continue
        s.faction_seat[factions[i]] = i
        if not FACTION_HOLDS_CARDS[factions[i]]:
            players -= 1
    s.draft_last = -1
    s.draft_locked = -1
    s.draft_char[0] = s.draft_char[1] = -1
    if drafting:
        s.draft_cards = draft_deck
        s.draft_stage = DRAFT_DEAL
        s.draft_deck = draft_deck & DRAFT_MILITANTS if drafting == 2 else draft_deck
        s.draft_deals = drafting + 1
    s.step = S_DEAL
    s.first = first
    s.turn = first
    s.winner = -1
    s.build_type = -1
    s.build_clearing = -1
    s.battle.clearing = -1
    s.battle.ambush = -1
    s.battle.ally = -1
    s.favor_seat = -1
    s.fh_clearing = -1
    s.target = -1
    s.target_card = -1
    s.ep_card = -1
    s.ep_clearing = -1
    for t in range(NCT):
        if CARD_KIND[t] == K_DOMINANCE and players <= 2:
            cc_set(&s.out_of_game, t, deck_count(s, t))
        else:
            cc_set(&s.deck, t, deck_count(s, t))
            s.deck_size += deck_count(s, t)
    for i in range(NITEM):
        s.item_supply[i] = ITEM_SUPPLY_C[i]
    for i in range(nseats):
        init_pieces(&s.seats[i].pc, factions[i])
        if factions[i] >= 0:
            init_board(&s.seats[i].board, factions[i])
    s.react_seat = -1
    init_hirelings(s)
    init_ruins(s)
    s.mm_level = MM_NORMAL
    for i in range(nseats):
        if factions[i] < 0 or FACTION_HOLDS_CARDS[factions[i]]:
            s.seats[i].to_draw = 5 if setup_mode == SETUP_ADVANCED else 3   # first seat first (LoR 5.1.3, 16.1.7)


cdef void setup_next(GameState* s, int done) noexcept nogil:
    """Faction setup in letter order, the Wyrm last (LoR 5.1.7, W-MP-1; the Mechanical Marquise
    right after the Marquise, SETUP_ORDER): start the setup of the first faction at the table after
    faction done (-1: none yet); after the last, the first player's first turn. With a draft the
    factions named at the table (bots) set up first, then the draft (draft.pxi), where each sets
    up at its choice."""
    cdef int f, i
    if s.draft_stage == DRAFT_PICK:
        draft_next(s)
        return
    for i in range(0 if done < 0 else SETUP_RANK[done] + 1, NFACTION):
        f = SETUP_ORDER[i]
        if s.faction_seat[f] < 0:
            continue
        FACTION_RULES[f].setup(s)
        return
    if s.draft_stage == DRAFT_DEAL:
        draft_begin(s)
        return
    setup_done(s)


cdef void setup_done(GameState* s) noexcept nogil:
    """Every faction has set up: the Advanced Setup's keep 3 (16.1.10), then the first turn."""
    if s.setup_mode == SETUP_ADVANCED and keep_three_next(s):
        return
    s.turn = s.first
    begin_turn(s)


# ---- the Advanced Setup's hands (LoR 16.1.7, 16.1.10) ---------------------------------------

cdef enum:
    SETUP_STANDARD = 0
    SETUP_ADVANCED = 1


cdef bint keep_three_next(GameState* s) noexcept nogil:
    """The next player, in turn order from the first, still holding more than 3 cards keeps 3:
    it returns the others to the deck one at a time (S_KEEP_THREE). False when none is left."""
    cdef int i, seat = s.first
    for i in range(s.nseats):
        if s.seats[seat].hand_size > 3:
            s.turn = seat
            s.step = S_KEEP_THREE
            return True
        seat = next_seat(s, seat)
    return False


cdef int gen_put_back(GameState* s, int* out) noexcept nogil:
    cdef int t, k = 0
    cdef uint64_t m = cc_types(&s.seats[s.turn].hand)
    while m:
        t = ctz64(m)
        m &= m - 1
        out[k] = A_PUT_BACK + t
        k += 1
    return k


cdef void put_back(GameState* s, int t) noexcept nogil:
    """A card of the hand face down onto the deck, which is shuffled once all have chosen (the
    deck has no order here); the other seats cannot tell which. Then the next player, or the
    first player's first turn."""
    cdef int v
    cc_add(&s.seats[s.turn].hand, t, -1)
    s.seats[s.turn].hand_size -= 1
    cc_add(&s.deck, t, 1)
    s.deck_size += 1
    for v in range(s.nseats):
        if v != s.turn:
            known_clear(s, v, s.turn)
    if s.seats[s.turn].hand_size > 3 or keep_three_next(s):
        return
    s.turn = s.first
    begin_turn(s)


cdef void begin_turn(GameState* s) noexcept nogil:
    s.turn_number += 1
    memset(s.activated, 0, NCL)
    s.used_tax = 0
    s.used_codebreak = 0
    s.used_steal = 0
    s.used_ep = 0
    s.ferry_used = 0              # the Ferry and a closed path: once per turn (LoR 16.2.2.5, 16.2.3.3)
    s.path_opened = 0
    s.hr_used = 0                 # once-per-Daylight hireling actions (the Brigand's, the Band's)
    memset(s.hr_entered, 0, sizeof(s.hr_entered))   # the Band's ban (E-46): moves of this turn
    begin_birdsong(s)


cdef int current_player(GameState* s) noexcept nogil:
    cdef int st = s.step
    if st == S_TERMINAL:
        return PLAYER_TERMINAL
    if (st == S_DEAL or st == S_EVE_DRAW or st == S_ROLL or st == S_STEAL or st == S_CARD_DRAW
            or st == S_SUPPORTER_DRAW or st == S_QUEST_DRAW or st == S_RUIN or st == S_VB_STEAL
            or st == S_VB_ORDER or st == S_DRAFT_DEAL or st == S_DRAFT_CHAR):
        return PLAYER_CHANCE
    if st == S_RUIN_PICK:
        return acting_vagabond(s)
    if st == S_OUTRAGE:
        return s.react_seat
    if ep_step(st) or st == S_KEEP_THREE or st == S_DRAFT_PICK:
        return s.turn
    if st == S_CAT_HOMELAND:
        return cat_seat(s)
    if st == S_ENLIST:
        return s.battle.defender
    if st >= S_HR_GIVE:
        return hirelings_player(s)
    if st >= S_KI_SETUP:
        return keepers_player(s)
    if st >= S_LH_SETUP:
        return PLAYER_CHANCE if st == S_LH_MOB or st == S_LH_RUIN else hundreds_seat(s)
    if st >= S_CV_SETUP:
        if st == S_CV_EXTORT:
            return PLAYER_CHANCE
        return s.turn if st == S_CV_EXPOSE else corvid_seat(s)
    if st >= S_DC_CORNER:
        return PLAYER_CHANCE if st == S_DC_FAIL_DRAW else duchy_seat(s)
    if st >= S_RF_SETUP:
        return s.turn if st >= S_SERVICES else riverfolk_seat(s)
    if st >= S_LZ_CORNER:
        return PLAYER_CHANCE if st == S_FAITHFUL else lizard_seat(s)
    if st >= S_MM_KEEP:
        return mm_seat(s) if st == S_MM_DAY else PLAYER_CHANCE
    if st == S_ALLOC and s.battle.alloc_seat == mm_seat(s):
        return PLAYER_CHANCE                # the building type a hit removes (MM2 digest §2.1)
    if st >= S_VB_CHAR:
        return acting_vagabond(s)
    if st >= S_ALLIANCE_BIRD:
        return alliance_seat(s)
    if st == S_DISCARD or st == S_BIRDSONG_CARDS or st == S_WARREN or st == S_COBBLER or st == S_TARGET:
        return s.turn
    if st == S_EFFECTS:
        return s.battle.attacker if s.battle.effects_stage == 0 else s.battle.defender
    if st == S_AMBUSH:
        return s.battle.defender
    if st == S_FOIL:
        return s.battle.attacker
    if st == S_ALLOC:                   # the Vagrant removes pieces for both sides (LoR 16.3.4)
        if s.battle.instigator >= 0:
            return s.battle.instigator
        return s.battle.alloc_seat if s.battle.alloc_seat < HSIDE else hireling_chooser(s, s.battle.alloc_seat - HSIDE)
    if st == S_HOSPITAL:
        return hospital_seat(s)
    if st == S_LAIR or st == S_FOREST:
        return wyrm_seat(s)
    if st >= S_EYRIE_SETUP:
        return eyrie_seat(s)
    if st >= S_CAT_KEEP and st <= S_CAT_RECRUIT and st != S_WYRM_SETUP:
        return cat_seat(s)
    return wyrm_seat(s)


cdef int gen_chance(GameState* s, int* out, double* prob) noexcept nogil:
    """Chance outcomes with their probabilities: a card from the (orderless) deck, or the dice."""
    cdef int t, h, l, k = 0
    if s.step == S_QUEST_DRAW or s.step == S_RUIN or s.step == S_VB_STEAL or s.step == S_VB_ORDER:
        return vagabond_chance(s, out, prob)
    if s.step == S_DRAFT_DEAL or s.step == S_DRAFT_CHAR:
        return draft_chance(s, out, prob)
    if mm_chance_step(s):
        return mm_chance(s, out, prob)
    if s.step == S_ROLL:
        for h in range(4):
            for l in range(h + 1):
                out[k] = A_DICE + h * 4 + l
                prob[k] = (1.0 if h == l else 2.0) / 16.0
                k += 1
        return k
    if s.step == S_STEAL:      # a random card of the victim's hand
        return hand_outcomes(s, card_target(s), out, prob)
    if s.step == S_FAITHFUL:   # a random card of the Cult's hand (LoR 10.2.5)
        return faithful_outcomes(s, out, prob)
    if s.step == S_DC_FAIL_DRAW:   # a random card of the Duchy's hand (LoR 12.2.3)
        return fail_outcomes(s, out, prob)
    if s.step == S_CV_EXTORT:      # a random card of an extortion's victim (LoR 13.7.3)
        return hand_outcomes(s, extort_victim(s), out, prob)
    if s.step == S_LH_MOB or s.step == S_LH_RUIN:    # the mob die, a razed ruin's item (LoR 14.4.1)
        return hundreds_chance(s, out, prob)
    if s.step == S_KI_PLACE or s.step == S_KI_VALUE:   # a setup relic, a delved relic's value (LoR 15.3, I-C1)
        return keepers_chance(s, out, prob)
    if s.step == S_HR_CONTROL or s.step == S_HR_RUIN or s.step == S_HR_STEAL:   # the control die (LoR
        return hirelings_chance(s, out, prob)                                    # 16.4.1.2), the Brigand's
    if s.step == S_MM_DAY:
        return 0
    for t in range(NCT):
        if cc_has(&s.deck, t):
            out[k] = A_DRAW + t
            prob[k] = <double>cc_get(&s.deck, t) / s.deck_size
            k += 1
    return k


cdef int gen_legal_unsorted(GameState* s, int* out) noexcept nogil:
    cdef int k = gen_step_actions(s, out)
    if birdsong_decision(s.step):
        k = gen_birdsong_cards(s, out, k)
    return gen_exposures(s, out, k)     # the seat on turn at its Daylight step (LoR 13.2.4)


cdef int gen_step_actions(GameState* s, int* out) noexcept nogil:
    """The legal actions the current step itself offers."""
    cdef int st = s.step, k = 0, c, t
    if st == S_TERMINAL or st == S_MM_DAY:
        return 0
    if current_player(s) == PLAYER_CHANCE:
        return _gen_chance_actions(s, out)
    if st == S_BIRDSONG_CARDS:
        out[0] = A_PASS
        return gen_birdsong_cards(s, out, 1)
    if st == S_WARREN:
        return gen_warren(s, out)
    if st == S_TARGET:
        return gen_target(s, out)
    if st == S_COBBLER:
        out[0] = A_PASS
        return gen_moves(s, s.turn, out, 1)
    if ep_step(st):
        return gen_ep_step(s, out)
    if st == S_KEEP_THREE:
        return gen_put_back(s, out)
    if st == S_DRAFT_PICK:
        return gen_draft_pick(s, out)
    if st == S_CAT_HOMELAND:
        return gen_cat_homeland(s, out)
    if st == S_ENLIST:
        return gen_enlist(s, out)
    if st >= S_HR_GIVE:
        return gen_hirelings(s, out)
    if st >= S_KI_SETUP:
        return gen_keepers(s, out)
    if st >= S_LH_SETUP:
        return gen_hundreds(s, out)
    if st >= S_CV_SETUP:
        return gen_corvids(s, out)
    if st >= S_DC_CORNER:
        return gen_duchy(s, out)
    if st >= S_RF_SETUP:
        return gen_riverfolk(s, out)
    if st == S_LZ_CORNER:
        return gen_lz_corner(s, out)
    if st == S_LZ_OUTCAST:
        for k in range(3):
            out[k] = A_OUTCAST + k
        return 3
    if st == S_LZ_BIRD:
        out[0] = A_PASS
        return gen_lz_bird(s, out, 1)
    if st == S_LZ_CRUSADE:
        return gen_lz_crusade(s, out)
    if st == S_LZ_DAY:
        return gen_lz_day(s, out)
    if st == S_LZ_EVE:
        return gen_lz_eve(s, out)
    if st == S_RUIN_PICK:
        return gen_vagabond(s, out)
    if st == S_CAT_KEEP:
        return gen_cat_keep(s, out)
    if st == S_CAT_SETUP_BUILD:
        return gen_cat_setup_build(s, out)
    if st == S_WYRM_SETUP:
        return gen_wyrm_setup(s, out)
    if st == S_EYRIE_SETUP:
        return gen_eyrie_setup(s, out)
    if st == S_EYRIE_LEADER:
        return gen_leaders(s, out)
    if st == S_EYRIE_ADD:
        k = 0
        if eyrie_board(s).decree_added > 0:
            out[0] = A_PASS
            k = 1
        return gen_decree_add(s, out, k)
    if st == S_EYRIE_ROOST:
        return gen_new_roost(s, out)
    if st == S_EYRIE_DAY:
        return gen_eyrie_day(s, out)
    if st == S_ALLIANCE_BIRD:
        out[0] = A_PASS
        return gen_alliance_bird(s, out, 1, False)
    if st == S_ALLIANCE_PAY:
        return gen_supporter_pay(s, out)
    if st == S_ALLIANCE_DAY:
        return gen_alliance_day(s, out)
    if st == S_ALLIANCE_EVE:
        return gen_alliance_eve(s, out)
    if st == S_OUTRAGE:
        return gen_outrage(s, out)
    if st == S_TRIM:
        return gen_trim(s, out)
    if vagabond_step(st):
        return gen_vagabond(s, out)
    if st == S_CAT_WOOD or st == S_CAT_RECRUIT:
        for c in range(NCL):
            if s.place_left[c] > 0:
                out[k] = (A_PLACE_WOOD if st == S_CAT_WOOD else A_PLACE_WARRIOR) + c
                k += 1
        return k
    if st == S_CAT_DAY:
        return gen_cat_day(s, out)
    if st == S_CAT_MARCH:
        out[0] = A_PASS
        return gen_moves(s, cat_seat(s), out, 1)
    if st == S_CAT_PAY:
        for c in range(NCL):
            if (s.pay_mask >> c) & 1 and cat_pc(s).tokens[0][c] > 0:
                out[k] = A_REMOVE + P_WOOD * NCL + c
                k += 1
        return k
    if st == S_DISCARD:
        for t in range(NCT):
            if cc_has(&s.seats[s.turn].hand, t):
                out[k] = A_DISCARD + t
                k += 1
        return k
    if st == S_WYRM_INTIMIDATE:
        return gen_wyrm_intimidate(s, out)
    if st == S_WYRM_RETURN:
        for t in range(3):
            if wyrm_board(s).growth[t] < WYRM_TRACK_SPACES:
                out[k] = A_RETURN + t
                k += 1
        return k
    if st == S_WYRM_EMERGE:
        for c in range(NCL):
            if forest_touches(s, wyrm_pc(s).pawn - NCL, c) and not scorched(s, c):   # W-MP-46
                out[k] = A_PAWN_TO + c
                k += 1
        return k
    if st == S_WYRM_DAY:
        return gen_wyrm_day(s, out)
    if st == S_WYRM_TERROR:
        out[0] = A_PASS
        return gen_terror(s, out, 1)
    if st == S_WYRM_HOARD:
        out[0] = A_PASS
        return gen_hoard(s, out, 1)
    return gen_battle_step(s, out)


cdef int _gen_chance_actions(GameState* s, int* out) noexcept nogil:
    cdef double prob[NCT]
    return gen_chance(s, out, prob)


cdef int gen_legal(GameState* s, int* out) noexcept nogil:
    """Legal actions in increasing order."""
    cdef int n = gen_legal_unsorted(s, out)
    cdef int i, j, x
    for i in range(1, n):
        x = out[i]
        j = i - 1
        while j >= 0 and out[j] > x:
            out[j + 1] = out[j]
            j -= 1
        out[j + 1] = x
    return n


cdef void apply_action(GameState* s, int a) noexcept nogil:
    """Apply a legal action (the caller checks legality) and walk to the next decision point."""
    cdef int st = s.step, x
    if is_exposure(a):
        start_exposure(s, a - A_EXPOSE)
    elif ep_step(st):
        apply_ep_step(s, a)
    elif st == S_KEEP_THREE:
        put_back(s, a - A_PUT_BACK)
    elif draft_step(st):
        apply_draft(s, a)
    elif st == S_CAT_HOMELAND:
        cat_homeland(s, a - A_HOMELAND)
    elif st == S_ENLIST:
        apply_enlist(s, a)
    elif st == S_VB_ORDER or st == S_RUIN_PICK:
        apply_vagabond(s, a)
    elif st >= S_HR_GIVE:
        apply_hirelings(s, a)
    elif st >= S_KI_SETUP:
        apply_keepers(s, a)
    elif st >= S_LH_SETUP:
        apply_hundreds(s, a)
    elif st >= S_CV_SETUP:
        apply_corvids(s, a)
    elif st >= S_DC_CORNER:
        apply_duchy(s, a)
    elif st >= S_RF_SETUP:
        apply_riverfolk(s, a)
    elif st == S_LZ_CORNER:
        lz_setup_corner(s, a - A_LZ_CORNER)
    elif st == S_LZ_OUTCAST:
        lz_set_outcast(s, a - A_OUTCAST)
    elif st == S_LZ_BIRD and not is_birdsong_card(a):
        apply_lz_bird(s, a)
    elif st == S_LZ_CRUSADE:
        apply_lz_crusade(s, a)
    elif st == S_LZ_DAY:
        apply_lz_day(s, a)
    elif st == S_LZ_EVE:
        apply_lz_eve(s, a)
    elif st == S_FAITHFUL:
        apply_reaction(s, a)
    elif st >= S_MM_KEEP and st < S_LZ_CORNER:
        apply_mechanical(s, a)
    elif st == S_DEAL or st == S_EVE_DRAW or st == S_CARD_DRAW:
        draw_one(s, a - A_DRAW)
    elif st == S_STEAL:
        steal(s, a - A_STEAL)
    elif st == S_TARGET:
        apply_target(s, a - A_TARGET)
    elif st == S_BIRDSONG_CARDS or (birdsong_decision(st) and is_birdsong_card(a)):
        if a == A_PASS:
            leave_birdsong(s)
        elif a >= A_FALSE_ORDERS and a < A_GIVE:
            false_orders(s, a - A_FALSE_ORDERS)
        else:
            use_birdsong_card(s, a - A_USE)
    elif st == S_WARREN:
        s.step = s.resume_step
        if a != A_PASS:
            start_battle(s, s.turn, (a - A_BATTLE) // NSIDE, (a - A_BATTLE) % NSIDE, s.resume_step)
    elif st == S_COBBLER:
        if a != A_PASS:
            apply_move(s, s.turn, a)
        if s.step == S_CARD_DRAW:             # the Ferry carried it: its draw, then Evening (the
            s.resume_step = RESUME_EVENING    # reactions the move set off first: walk_on)
        else:
            faction_evening(s)
    elif st == S_CAT_KEEP:
        cat_place_keep(s, a - A_KEEP)
    elif st == S_CAT_SETUP_BUILD:
        cat_setup_build(s, (a - A_BUILD) // NCL, (a - A_BUILD) % NCL)
    elif st == S_WYRM_SETUP:
        wyrm_setup(s, a - A_PAWN_TO)
    elif st == S_EYRIE_SETUP:
        eyrie_setup_corner(s, a - A_ROOST_AT)
    elif st == S_EYRIE_LEADER:
        choose_leader(s, a - A_LEADER)
    elif st == S_EYRIE_ADD:
        if a == A_PASS:
            eyrie_new_roost(s)
        else:
            eyrie_add(s, (a - A_DECREE) // NCT, (a - A_DECREE) % NCT)
    elif st == S_EYRIE_ROOST:
        place_new_roost(s, a - A_ROOST_AT)
    elif st == S_EYRIE_DAY:
        apply_eyrie_day(s, a)
    elif st == S_ALLIANCE_BIRD:
        apply_alliance_bird(s, a)
    elif st == S_ALLIANCE_PAY:
        remove_supporter(s, a - A_SUPPORTER, SUP_SPENT)
        alliance_board(s).sup_owed -= 1
        pay_continue_supporters(s)
    elif st == S_ALLIANCE_DAY:
        apply_alliance_day(s, a)
    elif st == S_ALLIANCE_EVE:
        apply_alliance_eve(s, a)
    elif reaction_step(st):
        apply_reaction(s, a)
    elif vagabond_step(st):
        apply_vagabond(s, a)
    elif st == S_CAT_WOOD:
        cat_place_short(s, a - A_PLACE_WOOD, True)
    elif st == S_CAT_RECRUIT:
        cat_place_short(s, a - A_PLACE_WARRIOR, False)
    elif st == S_CAT_DAY:
        apply_cat_day(s, a)
    elif st == S_CAT_MARCH:
        s.step = S_CAT_DAY
        if a != A_PASS:
            apply_move(s, cat_seat(s), a)
    elif st == S_CAT_PAY:
        x = a - A_REMOVE - P_WOOD * NCL
        cat_pc(s).tokens[0][x] -= 1
        cat_pc(s).token_supply[0] += 1
        s.wood_owed -= 1
        pay_continue(s)
    elif st == S_DISCARD:
        spend_card(s, s.turn, a - A_DISCARD)
        if s.seats[s.turn].hand_size <= HAND_LIMIT:
            evening_done(s)
    elif st == S_WYRM_INTIMIDATE:
        wyrm_intimidate(s, (a - A_INTIMIDATE) // 4, (a - A_INTIMIDATE) % 4)
    elif st == S_WYRM_RETURN:
        wyrm_board(s).growth[a - A_RETURN] += 1
        s.step = S_WYRM_EMERGE
    elif st == S_WYRM_EMERGE:
        wyrm_pc(s).pawn = a - A_PAWN_TO
        end_birdsong(s, S_EVE_DRAW)   # W-BIRD-2: then skip Daylight
    elif st == S_WYRM_DAY:
        apply_wyrm_day(s, a)
    elif st == S_WYRM_TERROR:
        if a == A_PASS:
            s.step = S_WYRM_DAY
        else:
            wyrm_terrorize(s, a - A_TERROR)
    elif st == S_WYRM_HOARD:
        if a == A_PASS:
            s.step = S_WYRM_DAY
        else:
            wyrm_hoard(s, a - A_HOARD)
    else:
        apply_battle_step(s, a)
    walk_on(s)


cdef void walk_on(GameState* s) noexcept nogil:
    """After an action: settle the reactions it set off, and run the Mechanical Marquise's turn on
    while it needs nobody (mm_run); a win ends the game."""
    while True:
        if game_over(s):
            end_game(s)
            return
        react(s)
        if s.step != S_MM_DAY:
            return
        mm_run(s)


cdef void end_game(GameState* s) noexcept nogil:
    """30 VP wins at once (LoR 3.1): every rule stops walking at the winning score (game_over),
    and what the turn still had pending is dropped, so the final state is a finished game."""
    s.step = S_TERMINAL
    memset(s.place_left, 0, NCL)  # Intimidate or short-supply placements not yet made
    s.battle.alloc_left = 0       # hits not yet allocated
    s.fh_count = 0                # warriors Field Hospitals could have saved
    s.favor_seat = -1             # clearings a Favor had still to clear
    clear_favor(s)


cdef int daylight_step(GameState* s, int seat) noexcept nogil:
    """The main Daylight step of seat's faction (where its battles return); -1 for a player of a
    draft with no faction yet."""
    return FACTION_RULES[s.seat_faction[seat]].day_step if s.seat_faction[seat] >= 0 else -1


cdef int evening_draws(GameState* s, int seat) noexcept nogil:
    """The cards seat draws in its Evening as the board stands (LoR 6.6, W-EVE-3); none for a
    player of a draft with no faction yet."""
    return FACTION_RULES[s.seat_faction[seat]].evening_draws(s, seat) if s.seat_faction[seat] >= 0 else 0
