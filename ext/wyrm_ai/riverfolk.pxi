# The Riverfolk Company (LoR 11; docs/riverfolk-lizards.md §2.1, R-1..R-21): funds of every owner in
# the Payments, Funds and Committed boxes, trade posts and Trade Disruption, crafting with funds,
# Swimmers, the public hand, Export, and the services every other player may buy at the start of
# its Birdsong (Hand Card, Riverboats, Mercenaries). Numbers: RIVERFOLK_TABLE (factions.pxi).
#
# What the shared rules ask of the Riverfolk they ask through data (factions.pxi) and the questions
# below: SWIMMERS and Riverboats (river_links: ep_cards.pxi own_links; gen_moves waives rule on a
# river), PUBLIC_HAND (determinize, hand_seen_by_all), CRAFTS_WITH_FUNDS (rules.pxi crafting),
# the services before each other faction's Birdsong (card_effects.pxi birdsong_bank), the
# mercenaries in rule (hired_seat: rules.pxi) and battle (battle.pxi: Battle.hired), LEAVES_GAME
# (a removed trade post), Trade Disruption as a reaction (alliance.pxi react_continue).

# ---- what the board holds ------------------------------------------------------------------

cdef inline int riverfolk_seat(GameState* s) noexcept nogil:
    """The Riverfolk's seat (-1 when they are not at the table)."""
    return s.faction_seat[F_RIVERFOLK]


cdef inline Pieces* riverfolk_pc(GameState* s) noexcept nogil:
    """The Riverfolk's pieces: trade posts are token kind 0 (nobody's when absent)."""
    return faction_pc(s, F_RIVERFOLK)


cdef inline RiverfolkBoard* riverfolk_board(GameState* s) noexcept nogil:
    return &faction_board(s, F_RIVERFOLK).riverfolk


cdef inline int box_total(GameState* s, const uint8_t* box) noexcept nogil:
    """The warriors of every owner in one of the Riverfolk's boxes (payments, funds, committed)."""
    cdef int v, n = 0
    for v in range(s.nseats):
        n += box[v]
    return n


cdef inline int funds_total(GameState* s) noexcept nogil:
    return box_total(s, riverfolk_board(s).funds)


cdef inline int posts_on_map(GameState* s) noexcept nogil:
    cdef int c, n = 0
    cdef Pieces* pc = riverfolk_pc(s)
    for c in range(NCL):
        n += pc.tokens[0][c]
    return n


cdef inline int craft_spaces(GameState* s, int suit) noexcept nogil:
    """Crafting spaces of suit left empty this turn: one under each post that left its track (LoR
    11.2.1; a destroyed post's space stays), less those filled."""
    cdef RiverfolkBoard* b = riverfolk_board(s)
    return RF_POSTS - b.posts_left[suit] - b.track_used[suit]


cdef int riverfolk_evening_draws(GameState* s, int seat) noexcept nogil:
    """No Evening draw (LoR 11.6; trap 7): cards come from the Draw action."""
    return 0


# ---- the shared rules' questions ---------------------------------------------------------

cdef inline uint16_t river_links(GameState* s, int seat, int a) noexcept nogil:
    """Rivers out of a that are paths for seat: always for the Riverfolk (Swimmers, LoR 11.2.2),
    for a Riverboats buyer until its turn ends (11.2.7.II)."""
    cdef int rf = riverfolk_seat(s)
    if rf < 0:
        return 0
    if seat == rf or riverfolk_board(s).boats == seat:
        return MAP_RIVER[s.map_id][a]
    return 0


cdef inline uint16_t swims_from(GameState* s, int seat, int a) noexcept nogil:
    """Rivers out of a along which seat moves regardless of rule (Swimmers: LoR 11.2.2)."""
    if SWIMMERS[s.seat_faction[seat]]:
        return MAP_RIVER[s.map_id][a]
    return 0


cdef inline int hired_seat(GameState* s) noexcept nogil:
    """The seat whose mercenaries serve now (its Daylight and Evening, LoR 11.2.7.III), -1."""
    cdef int rf = riverfolk_seat(s)
    if rf < 0 or not riverfolk_board(s).mercs_on:
        return -1
    return riverfolk_board(s).hired


cdef inline void hire_rule(GameState* s, int* st_buyer, int* st_rf, int c) noexcept nogil:
    """Mercenaries count for the buyer's rule and not the Riverfolk's (choice C5)."""
    cdef int n = riverfolk_pc(s).warriors[c]
    st_buyer[0] += n
    st_rf[0] -= n


cdef inline int mercs_for(GameState* s, int seat, int c, int other) noexcept nogil:
    """Mercenaries in c fighting for seat against other (not against the Riverfolk: choice C6;
    other -1: anyone but them)."""
    if hired_seat(s) != seat or other == riverfolk_seat(s):
        return 0
    return riverfolk_pc(s).warriors[c]


cdef inline int battle_mercs(GameState* s, int seat) noexcept nogil:
    """The mercenaries fighting for seat in the battle under way."""
    if s.battle.hired != seat or seat < 0:
        return 0
    return riverfolk_pc(s).warriors[s.battle.clearing]


cdef inline void hire_for_battle(GameState* s) noexcept nogil:
    """At a battle's start: the side whose mercenaries fight in it, if any."""
    cdef int h = hired_seat(s), rf = riverfolk_seat(s)
    s.battle.hired = -1
    s.battle.hired_hits = 0
    if h < 0 or s.battle.attacker == rf or s.battle.defender == rf:
        return
    if h == s.battle.attacker or h == s.battle.defender:
        s.battle.hired = h


cdef int hired_hit_options(GameState* s, int* out) noexcept nogil:
    """LoR 11.2.7.III.a, choice C7: odd hits take the buyer's own warriors (the Wyrm: a wyrmling or
    its pawn), else mercenaries; even hits mercenaries, else its own; buildings and tokens only
    when no warrior is left, mercenaries included."""
    cdef int seat = s.battle.alloc_seat, c = s.battle.clearing
    cdef Pieces* pc = &s.seats[seat].pc
    cdef int own = pc.warriors[c] + (1 if PAWN_HIT[s.seat_faction[seat]] and pc.pawn == c else 0)
    if riverfolk_pc(s).warriors[c] > 0 and (s.battle.hired_hits % 2 == 1 or own == 0):
        out[0] = P_OTTER
        return 1
    return piece_options(s, seat, c, out)


cdef void hired_hit(GameState* s, int remover) noexcept nogil:
    """A hit removes a mercenary: a Riverfolk warrior to their supply; removed by the Vagabond, it
    makes the buyer Hostile, not the Riverfolk (LoR 11.2.7.III.b)."""
    cdef int c = s.battle.clearing, rf = riverfolk_seat(s)
    emit(E_REMOVE, rf, c, P_OTTER, 1, CAUSE_HIT)
    remove_warriors(s, rf, c, 1)
    vb_removed_warriors(s, remover, s.battle.alloc_seat, c, 1, True)   # a Vagabond remover's Hostility


# ---- funds: commit, spend, lose (choice C8) ------------------------------------------------

cdef enum:
    FUND_MODE_COMMIT = 0
    FUND_MODE_SPEND = 1


cdef inline int fund_owners(GameState* s, int* last) noexcept nogil:
    """How many seats own funds; last: one of them."""
    cdef RiverfolkBoard* b = riverfolk_board(s)
    cdef int v, n = 0
    for v in range(s.nseats):
        if b.funds[v] > 0:
            n += 1
            last[0] = v
    return n


cdef void take_fund(GameState* s, int v) noexcept nogil:
    """One of v's funds is committed (to the Committed box: back to Funds at the next Gather) or
    spent (back to v's supply) for the pending action (LoR 11.5)."""
    cdef RiverfolkBoard* b = riverfolk_board(s)
    b.funds[v] -= 1
    b.fund_owed -= 1
    if b.fund_mode == FUND_MODE_COMMIT:
        b.committed[v] += 1
        emit(E_FUNDS, riverfolk_seat(s), -1, FUND_COMMIT, 1, v)
    else:
        s.seats[v].pc.warrior_supply += 1
        emit(E_FUNDS, riverfolk_seat(s), -1, FUND_SPEND, 1, v)


cdef void pay_funds(GameState* s, int mode, int n, int a) noexcept nogil:
    """Action a costs n funds: they are paid first (the Riverfolk pick each owner when owners
    differ: S_RF_FUND), then the action is done."""
    cdef RiverfolkBoard* b = riverfolk_board(s)
    b.fund_mode = mode
    b.fund_owed = n
    b.pending = a
    s.step = S_RF_DAY
    fund_next(s)


cdef void fund_next(GameState* s) noexcept nogil:
    cdef RiverfolkBoard* b = riverfolk_board(s)
    cdef int last = 0, a
    while b.fund_owed > 0:
        if fund_owners(s, &last) > 1:
            s.step = S_RF_FUND
            return
        take_fund(s, last)
    s.step = S_RF_DAY
    a = b.pending
    b.pending = -1
    rf_do(s, a)


# ---- setup (LoR 11.3) ----------------------------------------------------------------------

cdef inline bint river_clearing(GameState* s, int c) noexcept nogil:
    """A clearing touching a river (the Lake's coast too: LoR 16.2.2)."""
    return MAP_RIVER[s.map_id][c] != 0


cdef void riverfolk_setup(GameState* s) noexcept nogil:
    """LoR 11.3: 3 warriors into Payments (11.3.4), then 4 warriors in river clearings (11.3.2),
    then each service's price (11.3.5)."""
    cdef int me = riverfolk_seat(s)
    cdef Pieces* pc = riverfolk_pc(s)
    pc.warrior_supply -= RF_START_PAYMENTS
    riverfolk_board(s).payments[me] += RF_START_PAYMENTS
    rf_setup_next(s)


cdef inline int rf_placed(GameState* s) noexcept nogil:
    cdef int c, n = 0
    for c in range(NCL):
        n += riverfolk_pc(s).warriors[c]
    return n


cdef int gen_rf_setup(GameState* s, int* out) noexcept nogil:
    cdef int c, k = 0, me = riverfolk_seat(s)
    for c in range(NCL):
        if river_clearing(s, c) and may_place(s, me, c):
            out[k] = A_RF_RECRUIT + c
            k += 1
    return k


cdef void rf_setup_next(GameState* s) noexcept nogil:
    cdef int buf[NCL]
    if rf_placed(s) < RF_START_WARRIORS and riverfolk_pc(s).warrior_supply > 0 and gen_rf_setup(s, buf) > 0:
        s.step = S_RF_SETUP
    else:
        riverfolk_board(s).priced = 0
        s.step = S_RF_PRICES


cdef void rf_setup_place(GameState* s, int c) noexcept nogil:
    riverfolk_pc(s).warriors[c] += 1
    riverfolk_pc(s).warrior_supply -= 1
    rf_setup_next(s)


# ---- prices (setup LoR 11.3.5; Evening 11.6.2, choice C17) -----------------------------------

cdef inline bint in_setup(GameState* s) noexcept nogil:
    return s.turn_number == 0


cdef int gen_rf_prices(GameState* s, int* out) noexcept nogil:
    """Each service not yet priced this Evening (at setup, every service, no pass) at 1..4."""
    cdef RiverfolkBoard* b = riverfolk_board(s)
    cdef int k = 0, v, p
    if not in_setup(s):
        out[0] = A_PASS
        k = 1
    for v in range(3):
        if not (b.priced >> v) & 1:
            for p in range(RF_MAX_PRICE):
                out[k] = A_PRICE + v * 4 + p
                k += 1
    return k


cdef void apply_rf_prices(GameState* s, int a) noexcept nogil:
    cdef RiverfolkBoard* b = riverfolk_board(s)
    cdef int v
    if a != A_PASS:
        v = (a - A_PRICE) // 4
        b.price[v] = (a - A_PRICE) % 4 + 1
        b.priced |= 1 << v
        emit(E_PRICE, riverfolk_seat(s), -1, v, b.price[v], -1)
        if b.priced != 7:
            return
    if in_setup(s):
        setup_next(s, F_RIVERFOLK)
    else:
        end_turn(s)


cdef bint riverfolk_evening_end(GameState* s) noexcept nogil:
    """After the hand limit: the prices (LoR 11.6.2)."""
    riverfolk_board(s).priced = 0
    s.step = S_RF_PRICES
    return True


# ---- Birdsong (LoR 11.4) -------------------------------------------------------------------

cdef void riverfolk_birdsong(GameState* s) noexcept nogil:
    """Protectionism, Dividends (the Funds box before Gather), Gather."""
    cdef RiverfolkBoard* b = riverfolk_board(s)
    cdef Pieces* pc = riverfolk_pc(s)
    cdef int me = riverfolk_seat(s), v, n
    if box_total(s, b.payments) == 0:                    # LoR 11.4.1
        n = min(RF_PROTECTIONISM, <int>pc.warrior_supply)
        pc.warrior_supply -= n
        b.payments[me] += n
        if n > 0:
            emit(E_FUNDS, me, -1, FUND_PROTECTIONISM, n, me)
    if posts_on_map(s) > 0 and funds_total(s) >= 2:      # LoR 11.4.2
        add_vp(s, me, funds_total(s) // 2, VP_DIVIDENDS, -1, funds_total(s))
        if game_over(s):
            return
    for v in range(s.nseats):                            # LoR 11.4.3
        b.funds[v] += b.payments[v] + b.committed[v]
        b.payments[v] = 0
        b.committed[v] = 0
    for v in range(3):
        b.track_used[v] = 0
    emit(E_FUNDS, me, -1, FUND_GATHER, funds_total(s), -1)
    end_birdsong(s, S_RF_DAY)


# ---- Daylight (LoR 11.5) -------------------------------------------------------------------

cdef void riverfolk_daylight(GameState* s) noexcept nogil:
    s.step = S_RF_DAY
    maybe_command_warren(s)


cdef inline int rf_cost(int t) noexcept nogil:
    return CARD_COST[t][0] + CARD_COST[t][1] + CARD_COST[t][2] + CARD_COST[t][3]


cdef int gen_rf_day(GameState* s, int* out) noexcept nogil:
    """Move, battle, draw (commit 1 each), craft or Export (commit the cost onto track spaces),
    Recruit (spend 1) in a river clearing, Establish Trade Post (spend 2 of the ruler's), the
    Daylight cards and dominance; pass ends Daylight."""
    cdef int me = riverfolk_seat(s), funds = funds_total(s), c, t, r, k = 1
    cdef RiverfolkBoard* b = riverfolk_board(s)
    cdef int8_t rulers[NCL]
    cdef uint64_t m
    out[0] = A_PASS
    if funds > 0:
        k = gen_moves(s, me, out, k)
        k = gen_battles(s, me, out, k)
        if s.deck_size > 0:
            out[k] = A_RF_DRAW
            k += 1
        if riverfolk_pc(s).warrior_supply > 0:
            for c in range(NCL):
                if river_clearing(s, c) and may_place(s, me, c):
                    out[k] = A_RF_RECRUIT + c
                    k += 1
        m = cc_types(&s.seats[me].hand)
        while m:
            t = ctz64(m)
            m &= m - 1
            if can_craft(s, me, t):
                out[k] = A_CRAFT + t
                out[k + 1] = A_EXPORT + t
                k += 2
    rule_table(s, rulers)
    for c in range(NCL):
        r = rulers[c]
        if (r >= 0 and b.funds[r] >= RF_POST_COST and riverfolk_pc(s).tokens[0][c] == 0
                and b.posts_left[s.suit[c]] > 0 and may_place(s, me, c)):
            out[k] = A_TRADE_POST + c
            k += 1
    return gen_daylight_cards(s, me, out, k)


cdef void apply_rf_day(GameState* s, int a) noexcept nogil:
    cdef int me = riverfolk_seat(s)
    if a == A_PASS:
        begin_evening(s)
    elif is_dominance_action(a):
        apply_dominance(s, me, a)
    elif is_daylight_card(a):
        apply_daylight_card(s, me, a)
    elif a >= A_TRADE_POST and a < A_TRADE_POST + NCL:
        trade_post(s, a - A_TRADE_POST)
    elif a >= A_RF_RECRUIT and a < A_RF_RECRUIT + NCL:
        pay_funds(s, FUND_MODE_SPEND, 1, a)
    elif a >= A_CRAFT and a < A_CRAFT + NCT:
        pay_funds(s, FUND_MODE_COMMIT, rf_cost(a - A_CRAFT), a)
    elif a >= A_EXPORT and a < A_EXPORT + NCT:
        pay_funds(s, FUND_MODE_COMMIT, rf_cost(a - A_EXPORT), a)
    else:                                   # a move, a battle, a draw
        pay_funds(s, FUND_MODE_COMMIT, 1, a)


cdef void rf_do(GameState* s, int a) noexcept nogil:
    """The action its funds were paid for (the step is S_RF_DAY)."""
    cdef int me = riverfolk_seat(s), x, t
    if a >= A_MOVE and a < A_MOVE_END:
        apply_move(s, me, a)                # a move the Ferry carries draws, then back here
    elif a >= A_BATTLE and a < A_BATTLE + NCL * NSIDE:
        x = a - A_BATTLE
        start_battle(s, me, x // NSIDE, x % NSIDE, S_RF_DAY)
    elif a == A_RF_DRAW:                    # LoR 11.5.4
        s.seats[me].to_draw = 1
        s.resume_step = S_RF_DAY
        start_card_draw(s)
    elif a >= A_RF_RECRUIT and a < A_RF_RECRUIT + NCL:     # LoR 11.5.5
        x = a - A_RF_RECRUIT
        riverfolk_pc(s).warriors[x] += 1
        riverfolk_pc(s).warrior_supply -= 1
        emit(E_PLACE, me, x, 1, 1, -1)      # PLACE_WHYS "recruit"
    elif a >= A_CRAFT and a < A_CRAFT + NCT:
        craft(s, me, a - A_CRAFT)
    else:                                   # Export (LoR 11.5.3.I): the card discarded unused
        t = a - A_EXPORT
        fill_spaces(s, t)
        spend_card(s, me, t)
        if riverfolk_pc(s).warrior_supply > 0:
            riverfolk_pc(s).warrior_supply -= 1
            riverfolk_board(s).payments[me] += 1
            emit(E_FUNDS, me, -1, FUND_EXPORT, 1, me)


cdef void fill_spaces(GameState* s, int t) noexcept nogil:
    """The committed funds of a craft or an Export fill crafting spaces of the cost's suits; a "?"
    takes the suit with the most spaces left (choice C8)."""
    cdef int k, n, best
    for k in range(3):
        riverfolk_board(s).track_used[k] += CARD_COST[t][k]
    for n in range(CARD_COST[t][3]):
        best = 0
        for k in range(1, 3):
            if craft_spaces(s, k) > craft_spaces(s, best):
                best = k
        riverfolk_board(s).track_used[best] += 1


cdef void trade_post(GameState* s, int c) noexcept nogil:
    """LoR 11.5.6: two funds of the ruler of c spent (back to its supply), the post of c's suit
    and one warrior placed (as many as the supply holds, LoR 1.5.4), the VP of the space uncovered."""
    cdef RiverfolkBoard* b = riverfolk_board(s)
    cdef Pieces* pc = riverfolk_pc(s)
    cdef int me = riverfolk_seat(s), r = ruler(s, c), suit = s.suit[c], n = 0
    cdef int space = RF_POSTS - b.posts_left[suit]
    b.funds[r] -= RF_POST_COST
    s.seats[r].pc.warrior_supply += RF_POST_COST
    emit(E_FUNDS, me, -1, FUND_SPEND, RF_POST_COST, r)
    b.posts_left[suit] -= 1
    pc.tokens[0][c] = 1
    if pc.warrior_supply > 0:
        pc.warriors[c] += 1
        pc.warrior_supply -= 1
        n = 1
    emit(E_TRADE_POST, me, c, suit, n, r)
    add_vp(s, me, RF_POST_VP[space], VP_TRADE_POST, c, suit)


# ---- crafting with funds (LoR 11.2.1; rules.pxi asks these for CRAFTS_WITH_FUNDS) ----------------

cdef inline void rf_crafting_capacity(GameState* s, int* cap) noexcept nogil:
    cdef int k
    for k in range(3):
        cap[k] = craft_spaces(s, k)


cdef inline bint rf_may_afford(GameState* s, int t) noexcept nogil:
    """One fund per cost icon (LoR 11.2.1)."""
    return funds_total(s) >= rf_cost(t)


# ---- Evening (LoR 11.6) ----------------------------------------------------------------------

cdef void riverfolk_evening(GameState* s) noexcept nogil:
    """No draw (LoR 11.6): the hand limit, then the prices (riverfolk_evening_end)."""
    after_draws(s)


# ---- what others do to the Riverfolk -------------------------------------------------------

cdef void riverfolk_piece_removed(GameState* s, int c, int piece, int remover) noexcept nogil:
    """Trade Disruption (LoR 11.2.5.I): half the Funds box, rounded up, is removed (the Riverfolk
    pick whose, a reaction once the action is done: S_RF_DISRUPT); the post left the game
    (LEAVES_GAME)."""
    cdef RiverfolkBoard* b = riverfolk_board(s)
    cdef int left
    if piece == P_TRADE_POST:
        left = funds_total(s) - b.disrupt_owed
        b.disrupt_owed += (left + 1) // 2


cdef bint disrupt_pauses(GameState* s) noexcept nogil:
    """The next fund Trade Disruption removes: asked when owners differ."""
    cdef RiverfolkBoard* b = riverfolk_board(s)
    cdef int last = 0
    while b.disrupt_owed > 0:
        if funds_total(s) == 0:
            b.disrupt_owed = 0
            return False
        if fund_owners(s, &last) > 1:
            s.step = S_RF_DISRUPT
            return True
        lose_fund(s, last)
    return False


cdef void lose_fund(GameState* s, int v) noexcept nogil:
    """A fund removed: back to its owner's supply (glossary Remove: onto Coffin Makers if in play)."""
    cdef RiverfolkBoard* b = riverfolk_board(s)
    b.funds[v] -= 1
    b.disrupt_owed -= 1
    warriors_to_supply(s, v, 1)
    emit(E_FUNDS, riverfolk_seat(s), -1, FUND_DISRUPT, 1, v)


cdef int gen_fund(GameState* s, int* out) noexcept nogil:
    cdef RiverfolkBoard* b = riverfolk_board(s)
    cdef int v, k = 0
    for v in range(s.nseats):
        if b.funds[v] > 0:
            out[k] = A_FUND + v
            k += 1
    return k


cdef bint favor_clears_riverfolk(GameState* s, int c, int d) noexcept nogil:
    """A Favor removes the Riverfolk's warriors and trade post in c (1 VP for the post) -- not the
    warriors serving the crafter as mercenaries (glossary Enemy Piece, W-MP-13). True when the
    Favor pauses (a win)."""
    cdef Pieces* pc = riverfolk_pc(s)
    cdef int n = pc.warriors[c], p = pc.tokens[0][c]
    if hired_seat(s) != s.favor_seat:
        removed(s, d, c, P_OTTER, n)
        pc.warriors[c] = 0
        warriors_to_supply(s, d, n)
    if p:
        removed(s, d, c, P_TRADE_POST, 1)
        remove_piece(s, d, c, P_TRADE_POST, s.favor_seat)
        add_vp(s, s.favor_seat, 1, clear_reason(s, c), c, s.suit[c])
    return game_over(s)


# ---- services (LoR 11.2.6-7): bought by every other player at the start of its Birdsong ------

cdef inline int ready_items(GameState* s, int v) noexcept nogil:
    cdef int k, n = 0
    for k in range(NVITEM):
        n += ready(s, v, k)
    return n


cdef inline bint may_pay(GameState* s, int buyer, int price) noexcept nogil:
    """A price the buyer can pay: warriors of its supply (never a warrior on Coffin Makers, C9), a
    Vagabond's ready items (LoR 11.2.6.I, .III)."""
    if ITEM_PLAYER[s.seat_faction[buyer]]:
        return ready_items(s, buyer) >= price
    return s.seats[buyer].pc.warrior_supply >= price


cdef int gen_services(GameState* s, int* out, int k) noexcept nogil:
    """Hand Card for each card of the Riverfolk's hand, Riverboats and Mercenaries once a turn (C3;
    Mercenaries never for the Vagabond, LoR 11.2.7.III.b), each at its price, while purchases are
    left (LoR 11.2.6.II)."""
    cdef RiverfolkBoard* b = riverfolk_board(s)
    cdef int buyer = s.turn, rf = riverfolk_seat(s), t
    cdef uint64_t m
    if b.svc_left == 0:
        return k
    if may_pay(s, buyer, b.price[0]):
        m = cc_types(&s.seats[rf].hand)
        while m:
            t = ctz64(m)
            m &= m - 1
            out[k] = A_BUY_CARD + t
            k += 1
    if b.boats != buyer and may_pay(s, buyer, b.price[1]):
        out[k] = A_RIVERBOATS
        k += 1
    if b.hired != buyer and not ITEM_PLAYER[s.seat_faction[buyer]] and may_pay(s, buyer, b.price[2]):
        out[k] = A_MERCENARIES
        k += 1
    return k


cdef void services_then_birdsong(GameState* s) noexcept nogil:
    """The start of Birdsong after Better Burrow Bank (choice C2): another player than the
    Riverfolk (and no bot, C12) may buy services, then the faction's Birdsong."""
    cdef int rf = riverfolk_seat(s), buyer = s.turn, c
    cdef RiverfolkBoard* b
    cdef int buf[NCT + 2]
    if rf >= 0 and buyer != rf and s.seat_faction[buyer] >= 0 and not IS_BOT[s.seat_faction[buyer]]:
        b = riverfolk_board(s)
        b.buyer = buyer
        b.svc_left = 1
        for c in range(NCL):
            if riverfolk_pc(s).tokens[0][c] and pieces_in(s, buyer, c) > 0:
                b.svc_left += 1
        if gen_services(s, buf, 0) > 0:
            s.step = S_SERVICES
            return
        b.buyer = -1
    faction_birdsong(s)


cdef void services_next(GameState* s) noexcept nogil:
    cdef int buf[NCT + 2]
    if gen_services(s, buf, 0) > 0:
        s.step = S_SERVICES
    else:
        riverfolk_board(s).buyer = -1
        faction_birdsong(s)


cdef void buy_service(GameState* s, int a) noexcept nogil:
    """Pay the price into Payments (a Vagabond exhausts items and the Riverfolk place that many of
    their own warriors, as many as they have: LoR 11.2.6.III, C4), then the service's effect."""
    cdef RiverfolkBoard* b = riverfolk_board(s)
    cdef int buyer = s.turn, rf = riverfolk_seat(s), v, t = -1, n
    cdef int svc = 0 if a < A_RIVERBOATS else (1 if a == A_RIVERBOATS else 2)
    cdef int price = b.price[svc]
    b.svc_left -= 1
    emit(E_SERVICE, buyer, -1, svc, price, a - A_BUY_CARD if svc == 0 else -1)
    if svc == 0:                              # LoR 11.2.7.I: the card, known to every seat
        t = a - A_BUY_CARD
        cc_add(&s.seats[rf].hand, t, -1)
        s.seats[rf].hand_size -= 1
        forget_card(s, rf, t)
        cc_add(&s.seats[buyer].hand, t, 1)
        s.seats[buyer].hand_size += 1
        for v in range(s.nseats):
            if v != buyer:
                known_add(s, v, buyer, t, 1)
    elif svc == 1:
        b.boats = buyer
    else:
        b.hired = buyer                       # they serve from Daylight (mercenaries_begin)
    if ITEM_PLAYER[s.seat_faction[buyer]]:
        n = min(price, <int>riverfolk_pc(s).warrior_supply)
        riverfolk_pc(s).warrior_supply -= n
        b.payments[rf] += n
        b.svc_owed = price
        service_items_next(s)
        return
    s.seats[buyer].pc.warrior_supply -= price
    b.payments[buyer] += price
    emit(E_FUNDS, rf, -1, FUND_PAYMENT, price, buyer)
    services_next(s)


cdef void service_items_next(GameState* s) noexcept nogil:
    """The items a Vagabond exhausts for a price, asked when more than one kind is ready."""
    cdef RiverfolkBoard* b = riverfolk_board(s)
    cdef int k, kinds, last = 0, buyer = s.turn
    while b.svc_owed > 0:
        kinds = 0
        for k in range(NVITEM):
            if ready(s, buyer, k) > 0:
                kinds += 1
                last = k
        if kinds == 0:
            b.svc_owed = 0
            break
        if kinds > 1:
            s.step = S_SERVICE_ITEMS
            return
        exhaust(s, buyer, last, 1)
        b.svc_owed -= 1
    services_next(s)


cdef int gen_service_items(GameState* s, int* out) noexcept nogil:
    cdef int k, n = 0
    for k in range(NVITEM):
        if ready(s, s.turn, k) > 0:
            out[n] = A_SVC_ITEM + k
            n += 1
    return n


cdef void apply_services(GameState* s, int a) noexcept nogil:
    if s.step == S_SERVICE_ITEMS:
        exhaust(s, s.turn, a - A_SVC_ITEM, 1)
        riverfolk_board(s).svc_owed -= 1
        service_items_next(s)
    elif a == A_PASS:
        riverfolk_board(s).buyer = -1
        faction_birdsong(s)
    else:
        buy_service(s, a)


cdef inline void mercenaries_begin(GameState* s) noexcept nogil:
    """Birdsong is over: the mercenaries the seat on turn bought serve in its Daylight and Evening
    (LoR 11.2.7.III; never Birdsong nor dominance, trap 4)."""
    if riverfolk_seat(s) >= 0 and riverfolk_board(s).hired == s.turn:
        riverfolk_board(s).mercs_on = 1


cdef inline void services_end(GameState* s) noexcept nogil:
    """The turn ends: Riverboats and Mercenaries with it."""
    cdef RiverfolkBoard* b
    if riverfolk_seat(s) >= 0:
        b = riverfolk_board(s)
        b.boats = -1
        b.hired = -1
        b.mercs_on = 0


# ---- the steps -------------------------------------------------------------------------------

cdef int gen_riverfolk(GameState* s, int* out) noexcept nogil:
    cdef int st = s.step
    if st == S_RF_SETUP:
        return gen_rf_setup(s, out)
    if st == S_RF_PRICES:
        return gen_rf_prices(s, out)
    if st == S_RF_DAY:
        return gen_rf_day(s, out)
    if st == S_RF_FUND or st == S_RF_DISRUPT:
        return gen_fund(s, out)
    if st == S_SERVICES:
        out[0] = A_PASS
        return gen_services(s, out, 1)
    return gen_service_items(s, out)


cdef void apply_riverfolk(GameState* s, int a) noexcept nogil:
    cdef int st = s.step
    if st == S_RF_SETUP:
        rf_setup_place(s, a - A_RF_RECRUIT)
    elif st == S_RF_PRICES:
        apply_rf_prices(s, a)
    elif st == S_RF_DAY:
        apply_rf_day(s, a)
    elif st == S_RF_FUND:
        take_fund(s, a - A_FUND)
        fund_next(s)
    elif st == S_RF_DISRUPT:
        lose_fund(s, a - A_FUND)
        react_continue(s)
    else:
        apply_services(s, a)
