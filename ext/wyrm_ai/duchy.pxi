# The Underground Duchy (LoR 12; docs/duchy-corvids.md §2, D-1..D-20): the Burrow, tunnels and
# Dig, citadels and markets, the Assembly, the ministers of Parliament, Sway with revealed cards,
# the crowns, the Price of Failure. Numbers: DUCHY_TABLE (factions.pxi).
#
# The Burrow is a clearing of the Duchy's own (LoR 12.2.2): no other faction may ever place or
# move a piece there, it has no suit, no slot, no path, and the Duchy always rule it; so it is held
# as a count on the Duchy's board (DuchyBoard.burrow), not a thirteenth clearing of the map. Its
# links are the clearings of the Duchy's tunnels: a move between the two is an action of its own
# (A_BURROW), which the shared move rules offer to a seat whose faction is a BURROWER (rules.pxi
# gen_moves, apply_move). The Price of Failure is a reaction (alliance.pxi react_continue): a
# removed citadel or market only records that it is owed, and it is settled once the action that
# removed it is done -- once however many buildings that action removed (LoR 12.2.3).

cdef enum:  # what the card revealed now is for (DuchyBoard.reveal_for)
    REVEAL_BUILD = 0          # a Build of the Assembly: a card matching the clearing (LoR 12.5.1)
    REVEAL_FOREMOLE = 1       # the Foremole: any card (LoR 12.5.2)
    REVEAL_SWAY = 2           # a Sway: cards matched to distinct clearings with Duchy pieces (LoR 12.5.3)

cdef enum:  # a minister's moves or battles (DuchyBoard.act_kind)
    ACT_MOVE = 0
    ACT_BATTLE = 1

# ---- what the board holds ------------------------------------------------------------------

cdef inline int duchy_seat(GameState* s) noexcept nogil:
    """The Duchy's seat (-1 when they are not at the table)."""
    return s.faction_seat[F_DUCHY]


cdef inline Pieces* duchy_pc(GameState* s) noexcept nogil:
    """The Duchy's pieces: citadels building kind 0, markets kind 1, tunnels token kind 0."""
    return faction_pc(s, F_DUCHY)


cdef inline DuchyBoard* duchy_board(GameState* s) noexcept nogil:
    return &faction_board(s, F_DUCHY).duchy


cdef inline int tunnels_out(GameState* s) noexcept nogil:
    """Tunnels on the map: the rest of the three wait in the supply (a removed one comes back)."""
    return DC_TUNNELS - duchy_pc(s).token_supply[0]


cdef inline int built_of(GameState* s, int kind) noexcept nogil:
    """Citadels (kind 0) or markets (kind 1) on the map: the spaces uncovered on their track."""
    return BUILDING_SUPPLY[F_DUCHY][kind] - duchy_pc(s).building_supply[kind]


cdef int duchy_evening_draws(GameState* s, int seat) noexcept nogil:
    """One card plus one per card draw icon showing: the markets on the map (LoR 12.6.3)."""
    return DC_DRAWS[built_of(s, 1)]


cdef inline bint is_swayed(GameState* s, int m) noexcept nogil:
    return (duchy_board(s).swayed >> m) & 1


cdef inline int swayed_of_rank(GameState* s, int rank) noexcept nogil:
    cdef int m, n = 0
    for m in range(NMINISTER):
        if is_swayed(s, m) and MINISTER_RANK[m] == rank:
            n += 1
    return n


# ---- the Burrow (LoR 12.2.2) -------------------------------------------------------------------

cdef inline bint burrow_link(GameState* s, int seat, int c) noexcept nogil:
    """c is adjacent to seat's Burrow: seat's faction has one (BURROWER) and its tunnel is in c."""
    cdef int f = s.seat_faction[seat]
    return f >= 0 and BURROWER[f] and s.seats[seat].pc.tokens[0][c] > 0


cdef int gen_burrow_moves(GameState* s, int seat, int* out, int k) noexcept nogil:
    """Moves between the Burrow and each tunnel's clearing: the Duchy always rule the Burrow, so
    either way needs no more (LoR 4.2.1); nothing moves into a scorched clearing (LoR 16.3.6)."""
    cdef int c, n, up = duchy_board(s).burrow
    for c in range(NCL):
        if not burrow_link(s, seat, c):
            continue
        if not scorched(s, c):
            for n in range(1, up + 1):
                out[k] = burrow_action(c, 0, n)
                k += 1
        for n in range(1, (0 if leave_blocked(s, seat, c) else s.seats[seat].pc.warriors[c]) + 1):
            out[k] = burrow_action(c, 1, n)
            k += 1
    return k


cdef void burrow_move(GameState* s, int seat, int a) noexcept nogil:
    """A move between the Burrow and a tunnel's clearing: warriors coming up into sympathy cost
    Outrage (LoR 8.2.6: a move like any other)."""
    cdef int x = a - A_BURROW
    cdef int n = x % 21, c = x // 42, down = (x // 21) % 2
    if down:
        s.seats[seat].pc.warriors[c] -= n
        duchy_board(s).burrow += n
    else:
        duchy_board(s).burrow -= n
        s.seats[seat].pc.warriors[c] += n
        if n > 0:
            entered(s, seat, c)
            if s.hr_kind[0] >= 0:
                hr_moved_in(s, seat, c)  # the Band's ban (E-46)
    emit(E_BURROW, seat, c, down, n, -1)


cdef inline void burrow_place(GameState* s, int n, int why) noexcept nogil:
    """Up to n warriors from the supply into the Burrow (LoR 1.5.4: as many as it holds)."""
    cdef Pieces* pc = duchy_pc(s)
    n = min(n, <int>pc.warrior_supply)
    pc.warrior_supply -= n
    duchy_board(s).burrow += n
    if n > 0:
        emit(E_PLACE, duchy_seat(s), -1, why, n, -1)


# ---- setup (LoR 12.3) ----------------------------------------------------------------------------

cdef int gen_dc_corner(GameState* s, int* out) noexcept nogil:
    """LoR 12.3.3 (draft.pxi gen_free_corner)."""
    return gen_free_corner(s, duchy_seat(s), A_DC_CORNER, out)


cdef void duchy_setup(GameState* s) noexcept nogil:
    cdef int buf[NCL]
    if gen_dc_corner(s, buf) == 1:
        dc_setup_corner(s, buf[0] - A_DC_CORNER)
    else:
        s.step = S_DC_CORNER


cdef void dc_setup_corner(GameState* s, int c) noexcept nogil:
    """LoR 12.3.3: 2 warriors and a tunnel in the corner, 2 warriors in each adjacent clearing
    (one the Duchy may place in; the Burrow excepted: it is no clearing of the map here)."""
    cdef int j, n, me = duchy_seat(s)
    cdef Pieces* pc = duchy_pc(s)
    if drafting(s):
        add_homeland(s, me, c)
    pc.warriors[c] += DC_START_WARRIORS
    pc.warrior_supply -= DC_START_WARRIORS
    pc.tokens[0][c] = 1
    pc.token_supply[0] -= 1
    for j in range(NCL):
        if adjacent(s, c, j) and may_place(s, me, j):
            n = min(DC_ADJACENT_WARRIORS, <int>pc.warrior_supply)
            pc.warriors[j] += n
            pc.warrior_supply -= n
    setup_next(s, F_DUCHY)


# ---- Birdsong (LoR 12.4) ---------------------------------------------------------------------------

cdef void duchy_birdsong(GameState* s) noexcept nogil:
    """One warrior, plus one per warrior icon showing on the Citadels track, into the Burrow."""
    burrow_place(s, DC_RECRUITS[built_of(s, 0)], 1)     # PLACE_WHYS "recruit"
    end_birdsong(s, S_DC_DAY)


# ---- Daylight: the Assembly (LoR 12.5.1) -----------------------------------------------------------

cdef void duchy_daylight(GameState* s) noexcept nogil:
    cdef DuchyBoard* b = duchy_board(s)
    b.assembly_left = DC_ASSEMBLY
    b.used = 0
    b.swayed_now = 0
    b.acting = -1
    b.reveal_for = -1
    b.dig_at = -1
    s.step = S_DC_DAY
    maybe_command_warren(s)


cdef inline bint may_dig_in(GameState* s, int c) noexcept nogil:
    """A tunnel may go to c: none there, a clearing the Duchy may place in (not the Keep's, not a
    scorched one), and one in the supply or one on the map to remove first (LoR 12.2.4)."""
    return (duchy_pc(s).tokens[0][c] == 0 and may_place(s, duchy_seat(s), c) and not scorched(s, c)
            and (duchy_pc(s).token_supply[0] > 0 or tunnels_out(s) > 0))


cdef int gen_dc_builds(GameState* s, int* out, int k, bint any_suit) noexcept nogil:
    """A citadel or market in a clearing the Duchy rule with an open slot, for a card of the hand
    matching it (any card: the Foremole); one action per building and clearing, the card next."""
    cdef int me = duchy_seat(s), c, kind
    cdef int8_t rulers[NCL]
    cdef uint64_t hand = cc_types(&s.seats[me].hand)
    if hand == 0 or (duchy_pc(s).building_supply[0] == 0 and duchy_pc(s).building_supply[1] == 0):
        return k
    rule_table(s, rulers)
    for c in range(NCL):
        if rulers[c] != me or free_slots(s, c) <= 0 or not may_place(s, me, c):
            continue
        if not any_suit and not (hand & MATCH_CARDS[s.suit[c]]):
            continue
        for kind in range(2):
            if duchy_pc(s).building_supply[kind] > 0:
                out[k] = A_DC_BUILD + kind * NCL + c
                k += 1
    return k


cdef int gen_dc_day(GameState* s, int* out) noexcept nogil:
    """The Assembly's two actions in any mix (LoR 12.5.1, trap 5): Build, Recruit, Move, Battle,
    Dig; the Daylight cards and dominance; pass ends the Assembly."""
    cdef int me = duchy_seat(s), k = 1, c, t
    cdef uint64_t m
    out[0] = A_PASS
    if duchy_board(s).assembly_left > 0:
        k = gen_dc_builds(s, out, k, False)
        if duchy_pc(s).warrior_supply > 0:
            out[k] = A_DC_RECRUIT
            k += 1
        k = gen_moves(s, me, out, k)
        k = gen_battles(s, me, out, k)
        m = cc_types(&s.seats[me].hand)
        while m:
            t = ctz64(m)
            m &= m - 1
            for c in range(NCL):
                if card_matches(t, s.suit[c]) and may_dig_in(s, c):
                    out[k] = A_DIG + c * NCT + t
                    k += 1
    return gen_daylight_cards(s, me, out, k)


cdef void apply_dc_day(GameState* s, int a) noexcept nogil:
    cdef int me = duchy_seat(s), x
    cdef DuchyBoard* b = duchy_board(s)
    if a == A_PASS:
        parliament_next(s)
    elif is_dominance_action(a):
        apply_dominance(s, me, a)
    elif is_daylight_card(a):
        apply_daylight_card(s, me, a)
    elif a >= A_DC_BUILD and a < A_DC_REVEAL:          # the card to reveal comes next
        b.assembly_left -= 1
        x = a - A_DC_BUILD
        b.reveal_for = REVEAL_BUILD
        b.reveal_kind = x // NCL
        b.reveal_at = x % NCL
        s.step = S_DC_REVEAL
    elif a == A_DC_RECRUIT:
        b.assembly_left -= 1
        burrow_place(s, 1, 1)                           # PLACE_WHYS "recruit": into the Burrow (trap 6)
    elif a >= A_DIG and a < A_TUNNEL_OFF:
        b.assembly_left -= 1
        dig(s, (a - A_DIG) // NCT, (a - A_DIG) % NCT)
    elif a >= A_BATTLE and a < A_BATTLE + NCL * NSIDE:
        b.assembly_left -= 1
        x = a - A_BATTLE
        start_battle(s, me, x // NSIDE, x % NSIDE, S_DC_DAY)
    else:                                               # a move (the map's or the Burrow's)
        b.assembly_left -= 1
        apply_move(s, me, a)


# ---- Dig (LoR 12.5.1, 12.2.4) -------------------------------------------------------------------

cdef void dig(GameState* s, int c, int t) noexcept nogil:
    """Spend the card; with every tunnel out, one is removed first (the Duchy pick which:
    S_DC_TUNNEL); then the tunnel in c and up to four warriors from the Burrow (S_DC_DIG)."""
    spend_card(s, duchy_seat(s), t)
    duchy_board(s).dig_at = c
    duchy_board(s).dig_card = t
    if duchy_pc(s).token_supply[0] == 0:        # all three out: always a choice among three
        s.step = S_DC_TUNNEL
        return
    dig_place(s)


cdef void tunnel_off(GameState* s, int c) noexcept nogil:
    """The Duchy remove their own tunnel from c (LoR 12.2.4): back to the supply, no VP, no Price
    of Failure (a token, trap 1); warriors in the Burrow stay (its link to c is cut)."""
    duchy_pc(s).tokens[0][c] -= 1
    duchy_pc(s).token_supply[0] += 1
    emit(E_REMOVE, duchy_seat(s), c, P_TUNNEL, 1, CAUSE_TUNNEL)


cdef void dig_place(GameState* s) noexcept nogil:
    cdef DuchyBoard* b = duchy_board(s)
    cdef int c = b.dig_at
    duchy_pc(s).tokens[0][c] = 1
    duchy_pc(s).token_supply[0] -= 1
    emit(E_TUNNEL, duchy_seat(s), c, b.dig_card, 1, -1)
    b.dig_card = -1
    if b.burrow > 0:
        s.step = S_DC_DIG
    else:
        b.dig_at = -1
        s.step = S_DC_DAY


cdef int gen_dc_dig(GameState* s, int* out) noexcept nogil:
    """Up to four warriors from the Burrow into the new tunnel's clearing, none too (choice C3)."""
    cdef int n, c = duchy_board(s).dig_at
    for n in range(min(DC_DIG_UP, <int>duchy_board(s).burrow) + 1):
        out[n] = burrow_action(c, 0, n)
    return min(DC_DIG_UP, <int>duchy_board(s).burrow) + 1


cdef void apply_dc_dig(GameState* s, int a) noexcept nogil:
    duchy_board(s).dig_at = -1
    s.step = S_DC_DAY
    burrow_move(s, duchy_seat(s), a)


cdef int gen_dc_tunnel(GameState* s, int* out) noexcept nogil:
    cdef int c, k = 0
    for c in range(NCL):
        if duchy_pc(s).tokens[0][c]:
            out[k] = A_TUNNEL_OFF + c
            k += 1
    return k


# ---- revealed cards (LoR 12.5; trap 7: revealed, not spent) --------------------------------------

cdef inline void dc_reveal_card(GameState* s, int t) noexcept nogil:
    """A card of the hand into the play area, face up for every seat until Evening."""
    cdef int me = duchy_seat(s)
    cc_add(&s.seats[me].hand, t, -1)
    s.seats[me].hand_size -= 1
    forget_card(s, me, t)
    cc_add(&duchy_board(s).revealed, t, 1)
    emit(E_REVEAL, me, duchy_board(s).reveal_at, t, duchy_board(s).reveal_for, -1)


cdef inline void sway_slots(GameState* s, int* per_suit) noexcept nogil:
    """Clearings of each suit holding a Duchy piece (the Burrow has no suit: trap 4; mercenaries
    are no Duchy pieces)."""
    cdef int c, me = duchy_seat(s)
    per_suit[0] = per_suit[1] = per_suit[2] = 0
    for c in range(NCL):
        if pieces_in(s, me, c) > 0:
            per_suit[s.suit[c]] += 1


cdef bint sway_can_finish(GameState* s, const CardCounts* hand, const uint8_t* used, int need) noexcept nogil:
    """need more cards can be revealed from hand for the Sway under way, each matched to a
    different clearing of its suit with a Duchy piece (LoR 12.5.3.II, trap 8), birds to any
    (LoR 2.1.1): a card of suit k fits while fewer than the clearings of k are used, and the
    cards in all fit the clearings in all (Hall's condition for this matching)."""
    cdef int slots[3]
    cdef int k, fit = 0, total = 0, taken = used[0] + used[1] + used[2] + used[BIRD]
    if need <= 0:
        return True
    sway_slots(s, slots)
    for k in range(3):
        total += slots[k]
        fit += min(cc_in(hand, SUIT_CARDS[k]), slots[k] - used[k])
    fit += cc_in(hand, SUIT_CARDS[BIRD])
    return min(fit, total - taken) >= need


cdef bint sway_card_fits(GameState* s, int t) noexcept nogil:
    """Card t may be revealed next for the Sway under way and the Sway can still be finished."""
    cdef DuchyBoard* b = duchy_board(s)
    cdef CardCounts rest = s.seats[duchy_seat(s)].hand
    cdef uint8_t used[4]
    cdef int k, slots[3]
    for k in range(4):
        used[k] = b.sway_suits[k]
    used[CARD_SUIT[t]] += 1
    sway_slots(s, slots)
    if CARD_SUIT[t] != BIRD and used[CARD_SUIT[t]] > slots[CARD_SUIT[t]]:
        return False
    if used[0] + used[1] + used[2] + used[BIRD] > slots[0] + slots[1] + slots[2]:
        return False
    cc_add(&rest, t, -1)
    return sway_can_finish(s, &rest, used, b.sway_need - 1)


cdef int gen_dc_reveal(GameState* s, int* out) noexcept nogil:
    cdef DuchyBoard* b = duchy_board(s)
    cdef int t, k = 0
    cdef uint64_t m = cc_types(&s.seats[duchy_seat(s)].hand)
    while m:
        t = ctz64(m)
        m &= m - 1
        if ((b.reveal_for == REVEAL_FOREMOLE)
                or (b.reveal_for == REVEAL_BUILD and card_matches(t, s.suit[b.reveal_at]))
                or (b.reveal_for == REVEAL_SWAY and sway_card_fits(s, t))):
            out[k] = A_DC_REVEAL + t
            k += 1
    if k == 0:          # never in a game (a Build or Sway is offered only with its cards): a search's
        out[0] = A_PASS # sample of the Duchy's hidden hand may lack them, and gives it up (C15)
        k = 1
    return k


cdef void dc_reveal_given_up(GameState* s) noexcept nogil:
    """A search's sampled hand cannot reveal what the Build, Foremole or Sway under way needs (C15):
    it is given up, as if not begun."""
    cdef DuchyBoard* b = duchy_board(s)
    cdef int what = b.reveal_for
    b.reveal_for = -1
    b.reveal_at = -1
    b.reveal_kind = -1
    b.sway_minister = -1
    b.sway_need = 0
    if what == REVEAL_BUILD:
        s.step = S_DC_DAY
    elif what == REVEAL_FOREMOLE:
        minister_done(s)
    else:
        begin_evening(s)


cdef void apply_dc_reveal(GameState* s, int t) noexcept nogil:
    cdef DuchyBoard* b = duchy_board(s)
    cdef int what = b.reveal_for, c = b.reveal_at, kind = b.reveal_kind, me = duchy_seat(s)
    dc_reveal_card(s, t)
    if what == REVEAL_SWAY:
        b.sway_suits[CARD_SUIT[t]] += 1
        b.sway_need -= 1
        if b.sway_need == 0:
            sway_done(s)
        return
    duchy_pc(s).buildings[kind][c] += 1              # no VP for placing one (trap 10)
    duchy_pc(s).building_supply[kind] -= 1
    emit(E_DC_BUILD, me, c, kind, 1, t)
    b.reveal_for = -1
    b.reveal_at = -1
    b.reveal_kind = -1
    if what == REVEAL_BUILD:
        s.step = S_DC_DAY
    else:
        minister_done(s)


# ---- Parliament (LoR 12.5.2) -----------------------------------------------------------------------

cdef inline int lord_vp(GameState* s, int m) noexcept nogil:
    """The VP a lord's action scores now (LoR 12.5.2)."""
    if m == M_DUCHESS:
        return DC_DUCHESS_VP if tunnels_out(s) == DC_TUNNELS else 0
    if m == M_BARON:
        return built_of(s, 1)
    return built_of(s, 0)


cdef bint minister_usable(GameState* s, int m) noexcept nogil:
    """m's action can do something now (a lord's scores above 0)."""
    cdef int buf[2 * NCL]
    cdef int j
    if m == M_FOREMOLE:
        return gen_dc_builds(s, buf, 0, True) > 0
    if m == M_CAPTAIN:
        return has_battle(s, duchy_seat(s))
    if m == M_MARSHAL:
        return has_move(s, duchy_seat(s))
    if m == M_BRIGADIER:
        return has_move(s, duchy_seat(s)) or has_battle(s, duchy_seat(s))
    if m == M_BANKER:
        return s.seats[duchy_seat(s)].hand_size > 0
    if m == M_MAYOR:                        # any swayed noble or squire but itself (trap 9)
        for j in range(NMINISTER):
            if j != M_MAYOR and MINISTER_RANK[j] < 2 and is_swayed(s, j) and minister_usable(s, j):
                return True
        return False
    return lord_vp(s, m) > 0


cdef inline bint may_act(GameState* s, int m) noexcept nogil:
    """Swayed minister m has not acted this Parliament and its action can do something now."""
    return is_swayed(s, m) and not (duchy_board(s).used >> m) & 1 and minister_usable(s, m)


cdef int gen_parliament(GameState* s, int* out) noexcept nogil:
    """Each swayed minister's action once, in any order (LoR 12.5.2); pass goes on to Sway."""
    cdef int m, k = 1
    out[0] = A_PASS
    for m in range(NMINISTER):
        if may_act(s, m):
            out[k] = A_MINISTER + m
            k += 1
    return gen_daylight_cards(s, duchy_seat(s), out, k)


cdef void parliament_next(GameState* s) noexcept nogil:
    """Stay in Parliament while a minister can still act; else Sway."""
    cdef int m
    duchy_board(s).acting = -1
    s.step = S_DC_PARLIAMENT
    for m in range(NMINISTER):
        if may_act(s, m):
            return
    sway_next(s)


cdef void apply_parliament(GameState* s, int a) noexcept nogil:
    cdef int me = duchy_seat(s)
    if a == A_PASS:
        sway_next(s)
    elif is_dominance_action(a):
        apply_dominance(s, me, a)
    elif is_daylight_card(a):
        apply_daylight_card(s, me, a)
    else:
        duchy_board(s).used |= <uint16_t>(1 << (a - A_MINISTER))
        minister_act(s, a - A_MINISTER)


cdef void minister_act(GameState* s, int m) noexcept nogil:
    """Begin minister m's action (the Mayor's: the minister it acts as, S_DC_MINISTER)."""
    cdef DuchyBoard* b = duchy_board(s)
    cdef int me = duchy_seat(s), n
    emit(E_MINISTER, me, -1, m, 0, -1)
    b.acting = m
    b.act_kind = -1
    b.acts_left = 1
    if m >= M_DUCHESS:                                  # the lords score (LoR 12.5.2)
        n = lord_vp(s, m)
        add_vp(s, me, n, VP_MINISTER, -1, m)
        if not game_over(s):
            minister_done(s)
        return
    if m == M_CAPTAIN:
        b.act_kind = ACT_BATTLE
    elif m == M_MARSHAL:
        b.act_kind = ACT_MOVE
    elif m == M_BRIGADIER:
        b.acts_left = 2
    elif m == M_BANKER:
        b.bank_suit = -1
        b.banked = 0
    s.step = S_DC_MINISTER


cdef int gen_dc_minister(GameState* s, int* out) noexcept nogil:
    """The acting minister's choices; pass ends its action (what it did stays done)."""
    cdef DuchyBoard* b = duchy_board(s)
    cdef int me = duchy_seat(s), m = b.acting, j, t, k = 1
    cdef uint64_t hand
    out[0] = A_PASS
    if m == M_FOREMOLE:
        return gen_dc_builds(s, out, k, True)
    if m == M_MAYOR:
        for j in range(NMINISTER):
            if j != M_MAYOR and MINISTER_RANK[j] < 2 and is_swayed(s, j) and minister_usable(s, j):
                out[k] = A_MINISTER + j
                k += 1
        return k
    if m == M_BANKER:                                   # cards of one suit, birds wild (LoR 2.1.1)
        hand = cc_types(&s.seats[me].hand)
        if b.bank_suit >= 0:
            hand &= MATCH_CARDS[b.bank_suit]
        while hand:
            t = ctz64(hand)
            hand &= hand - 1
            out[k] = A_BANK + t
            k += 1
        return k
    if b.acts_left == 0:
        return k
    if b.act_kind != ACT_BATTLE:
        k = gen_moves(s, me, out, k)
    if b.act_kind != ACT_MOVE:
        k = gen_battles(s, me, out, k)
    return k


cdef void apply_dc_minister(GameState* s, int a) noexcept nogil:
    cdef DuchyBoard* b = duchy_board(s)
    cdef int me = duchy_seat(s), x, t
    if a == A_PASS:
        minister_done(s)
    elif a >= A_MINISTER and a < A_SWAY:                # the Mayor acts as this one
        minister_act(s, a - A_MINISTER)
    elif a >= A_DC_BUILD and a < A_DC_REVEAL:           # the Foremole: any card next
        x = a - A_DC_BUILD
        b.reveal_for = REVEAL_FOREMOLE
        b.reveal_kind = x // NCL
        b.reveal_at = x % NCL
        s.step = S_DC_REVEAL
    elif a >= A_BANK and a < A_FAILURE:                 # spent: 1 VP each (LoR 12.5.2)
        t = a - A_BANK
        if CARD_SUIT[t] != BIRD:
            b.bank_suit = CARD_SUIT[t]
        b.banked += 1
        spend_card(s, me, t)
        add_vp(s, me, 1, VP_BANKER, -1, t)
        if not game_over(s) and s.seats[me].hand_size == 0:
            minister_done(s)
    elif a >= A_BATTLE and a < A_BATTLE + NCL * NSIDE:
        x = a - A_BATTLE
        b.act_kind = ACT_BATTLE
        b.acts_left -= 1
        start_battle(s, me, x // NSIDE, x % NSIDE, S_DC_MINISTER)
    else:
        b.act_kind = ACT_MOVE
        b.acts_left -= 1
        apply_move(s, me, a)
        if s.step == S_DC_MINISTER:
            minister_more(s)


cdef void minister_more(GameState* s) noexcept nogil:
    """After a minister's move or battle: on while it has more to take (the Brigadier's second),
    else its action is done (battle.pxi battle_over comes here too)."""
    cdef int buf[MAX_LEGAL]
    if duchy_board(s).acts_left == 0 or gen_dc_minister(s, buf) == 1:
        minister_done(s)


cdef void minister_done(GameState* s) noexcept nogil:
    cdef DuchyBoard* b = duchy_board(s)
    b.acting = -1
    b.act_kind = -1
    b.acts_left = 0
    b.bank_suit = -1
    b.banked = 0
    parliament_next(s)


# ---- Sway (LoR 12.5.3) ---------------------------------------------------------------------------

cdef int swayable(GameState* s) noexcept nogil:
    """The ranks a minister could be swayed of now, a bit each: a crown of the rank on the board,
    an unswayed minister of it, and the cards to reveal for it (none once one was swayed this turn)."""
    cdef DuchyBoard* b = duchy_board(s)
    cdef uint8_t none[4]
    cdef int r, m, ranks = 0
    none[0] = none[1] = none[2] = none[3] = 0
    if b.swayed_now:
        return 0
    for r in range(3):
        if b.crowns[r] == 0 or not sway_can_finish(s, &s.seats[duchy_seat(s)].hand, none, SWAY_CARDS[r]):
            continue
        for m in range(NMINISTER):
            if MINISTER_RANK[m] == r and not is_swayed(s, m):
                ranks |= 1 << r
    return ranks


cdef int gen_dc_sway(GameState* s, int* out) noexcept nogil:
    """An unswayed minister whose rank still has a crown on the board, when the cards it needs can
    be revealed (one sway a turn); pass ends Daylight."""
    cdef int m, k = 1, ranks = swayable(s)
    out[0] = A_PASS
    for m in range(NMINISTER):
        if (ranks >> MINISTER_RANK[m]) & 1 and not is_swayed(s, m):
            out[k] = A_SWAY + m
            k += 1
    return gen_daylight_cards(s, duchy_seat(s), out, k)


cdef void sway_next(GameState* s) noexcept nogil:
    s.step = S_DC_SWAY
    if swayable(s) == 0:
        begin_evening(s)


cdef void apply_dc_sway(GameState* s, int a) noexcept nogil:
    cdef DuchyBoard* b = duchy_board(s)
    cdef int me = duchy_seat(s), m
    if a == A_PASS:
        begin_evening(s)
    elif is_dominance_action(a):
        apply_dominance(s, me, a)
    elif is_daylight_card(a):
        apply_daylight_card(s, me, a)
    else:
        m = a - A_SWAY
        b.sway_minister = m
        b.sway_need = SWAY_CARDS[MINISTER_RANK[m]]
        b.sway_suits[0] = b.sway_suits[1] = b.sway_suits[2] = b.sway_suits[3] = 0
        b.reveal_for = REVEAL_SWAY
        b.reveal_at = -1
        s.step = S_DC_REVEAL


cdef void sway_done(GameState* s) noexcept nogil:
    """The minister above the board with a crown of its rank; the crown's space scores."""
    cdef DuchyBoard* b = duchy_board(s)
    cdef int m = b.sway_minister, r = MINISTER_RANK[m]
    b.swayed |= <uint16_t>(1 << m)
    b.crowns[r] -= 1
    b.swayed_now = 1
    b.sway_minister = -1
    b.reveal_for = -1
    emit(E_SWAY, duchy_seat(s), -1, m, CROWN_VP[r], -1)
    add_vp(s, duchy_seat(s), CROWN_VP[r], VP_CROWN, -1, m)
    if not game_over(s):
        begin_evening(s)


# ---- Evening (LoR 12.6) ----------------------------------------------------------------------------

cdef void duchy_evening(GameState* s) noexcept nogil:
    """Revealed birds discarded, the other revealed cards back to the hand (every seat saw them:
    known to all), then craft with citadels and markets (trap 11), then draw."""
    cdef int me = duchy_seat(s), t, n, v
    cdef CardCounts rev = duchy_board(s).revealed
    cdef uint64_t m = cc_types(&rev)
    cdef int cap[3]
    cdef int buf[NCT + 1]
    duchy_board(s).revealed.lo = 0
    duchy_board(s).revealed.hi = 0
    while m:
        t = ctz64(m)
        m &= m - 1
        n = cc_get(&rev, t)
        if CARD_SUIT[t] == BIRD:
            to_discard(s, me, t, n)
            continue
        cc_add(&s.seats[me].hand, t, n)
        s.seats[me].hand_size += n
        for v in range(s.nseats):
            if v != me:
                known_add(s, v, me, t, n)
    s.crafting_open = 1
    crafting_capacity(s, me, cap)
    if cap[0] + cap[1] + cap[2] > 0 and may_hold(s, me, gen_dc_eve(s, buf) > 1):
        s.step = S_DC_EVE
    else:
        evening_draw(s, duchy_evening_draws(s, me))


cdef int gen_dc_eve(GameState* s, int* out) noexcept nogil:
    cdef int t, k = 1, me = duchy_seat(s)
    cdef uint64_t m = cc_types(&s.seats[me].hand)
    out[0] = A_PASS
    while m:
        t = ctz64(m)
        m &= m - 1
        if can_craft(s, me, t):
            out[k] = A_CRAFT + t
            k += 1
    return k


cdef void apply_dc_eve(GameState* s, int a) noexcept nogil:
    if a == A_PASS:
        evening_draw(s, duchy_evening_draws(s, s.turn))
    else:
        craft(s, duchy_seat(s), a - A_CRAFT)


# ---- what others do to the Duchy: the Price of Failure (LoR 12.2.3) ---------------------------------

cdef void duchy_piece_removed(GameState* s, int c, int piece, int remover) noexcept nogil:
    """A citadel or market removed sets off the Price of Failure, once for the action however many
    it removed (a reaction: failure_pauses); a tunnel never does (trap 1)."""
    if piece == P_CITADEL or piece == P_MARKET:
        duchy_board(s).failure_owed = 1


cdef inline bint mid_battle(GameState* s) noexcept nogil:
    """A battle's steps are still under way: its hits are one removal (LoR 4.3.4, 1.5.4), so the
    Price of Failure waits for the battle's end."""
    cdef int st = s.step
    return (st == S_AMBUSH or st == S_FOIL or st == S_ROLL or st == S_ALLOC or st == S_LAIR
            or st == S_EFFECTS or st == S_ENLIST or st == S_HR_SCOUTS or st == S_LH_BITTER
            or st == S_LH_DECLARE or (st == S_FOREST and s.favor_seat < 0)
            or ((st == S_HOSPITAL or st == S_HR_PHYSICIANS) and s.fh_resume == FH_BATTLE))


cdef inline bint failure_pending(GameState* s) noexcept nogil:
    """The Price of Failure is owed and due now (not in the middle of a battle)."""
    cdef DuchyBoard* b = duchy_board(s)
    return b.fail_discard or (b.failure_owed and not mid_battle(s))


cdef inline int top_rank(GameState* s) noexcept nogil:
    """The highest rank of a swayed minister, -1 for none."""
    cdef int r
    for r in range(2, -1, -1):
        if swayed_of_rank(s, r) > 0:
            return r
    return -1


cdef void lose_minister(GameState* s, int m) noexcept nogil:
    """Back to the Unswayed pile; its crown leaves the game (trap 2)."""
    duchy_board(s).swayed &= <uint16_t>~(1 << m)
    duchy_board(s).used &= <uint16_t>~(1 << m)
    emit(E_FAILURE, duchy_seat(s), -1, m, 1, -1)


cdef bint failure_pauses(GameState* s) noexcept nogil:
    """The Price of Failure owed: the swayed minister of highest rank returns (the Duchy pick among
    the tied: S_DC_FAILURE), then a random card is discarded (S_DC_FAIL_DRAW, chance); with no
    swayed minister only the card, with an empty hand nothing more."""
    cdef DuchyBoard* b = duchy_board(s)
    cdef int r, m, last = -1
    if b.failure_owed and not mid_battle(s):
        b.failure_owed = 0
        r = top_rank(s)
        if r >= 0:
            if swayed_of_rank(s, r) > 1:
                s.step = S_DC_FAILURE
                return True
            for m in range(NMINISTER):
                if is_swayed(s, m) and MINISTER_RANK[m] == r:
                    last = m
            lose_minister(s, last)
        b.fail_discard = 1
    if b.fail_discard:
        if s.seats[duchy_seat(s)].hand_size == 0:
            b.fail_discard = 0
            return False
        s.step = S_DC_FAIL_DRAW
        return True
    return False


cdef int gen_dc_failure(GameState* s, int* out) noexcept nogil:
    cdef int m, k = 0, r = top_rank(s)
    for m in range(NMINISTER):
        if is_swayed(s, m) and MINISTER_RANK[m] == r:
            out[k] = A_FAILURE + m
            k += 1
    return k


cdef int fail_outcomes(GameState* s, int* out, double* prob) noexcept nogil:
    """A card of the Duchy's hand at random."""
    cdef int t, k = 0, me = duchy_seat(s)
    for t in range(NCT):
        if cc_has(&s.seats[me].hand, t):
            out[k] = A_FAIL_CARD + t
            prob[k] = <double>cc_get(&s.seats[me].hand, t) / s.seats[me].hand_size
            k += 1
    return k


cdef bint favor_clears_duchy(GameState* s, int c, int d) noexcept nogil:
    """A Favor removes the Duchy's warriors, citadels, markets and tunnel in c (1 VP each building
    and tunnel for the crafter; the Price of Failure once). True when the Favor pauses (a win)."""
    cdef Pieces* pc = duchy_pc(s)
    cdef int n = pc.warriors[c], kind, i, vp = 0
    removed(s, d, c, P_MOLE, n)
    pc.warriors[c] = 0
    warriors_to_supply(s, d, n)
    for kind in range(2):
        n = pc.buildings[kind][c]
        removed(s, d, c, FACTION_BUILDING[F_DUCHY][kind], n)
        for i in range(n):
            remove_piece(s, d, c, FACTION_BUILDING[F_DUCHY][kind], s.favor_seat)
        vp += n
    if pc.tokens[0][c]:
        removed(s, d, c, P_TUNNEL, 1)
        remove_piece(s, d, c, P_TUNNEL, s.favor_seat)
        vp += 1
    add_vp(s, s.favor_seat, vp, clear_reason(s, c), c, s.suit[c])
    return game_over(s)


# ---- the steps -------------------------------------------------------------------------------------

cdef int gen_duchy(GameState* s, int* out) noexcept nogil:
    cdef int st = s.step
    if st == S_DC_CORNER:
        return gen_dc_corner(s, out)
    if st == S_DC_DAY:
        return gen_dc_day(s, out)
    if st == S_DC_REVEAL:
        return gen_dc_reveal(s, out)
    if st == S_DC_DIG:
        return gen_dc_dig(s, out)
    if st == S_DC_TUNNEL:
        return gen_dc_tunnel(s, out)
    if st == S_DC_PARLIAMENT:
        return gen_parliament(s, out)
    if st == S_DC_MINISTER:
        return gen_dc_minister(s, out)
    if st == S_DC_SWAY:
        return gen_dc_sway(s, out)
    if st == S_DC_EVE:
        return gen_dc_eve(s, out)
    if st == S_DC_FAILURE:
        return gen_dc_failure(s, out)
    return 0


cdef void apply_duchy(GameState* s, int a) noexcept nogil:
    cdef int st = s.step
    if st == S_DC_CORNER:
        dc_setup_corner(s, a - A_DC_CORNER)
    elif st == S_DC_DAY:
        apply_dc_day(s, a)
    elif st == S_DC_REVEAL:
        if a == A_PASS:
            dc_reveal_given_up(s)
        else:
            apply_dc_reveal(s, a - A_DC_REVEAL)
    elif st == S_DC_DIG:
        apply_dc_dig(s, a)
    elif st == S_DC_TUNNEL:
        tunnel_off(s, a - A_TUNNEL_OFF)
        dig_place(s)
    elif st == S_DC_PARLIAMENT:
        apply_parliament(s, a)
    elif st == S_DC_MINISTER:
        apply_dc_minister(s, a)
    elif st == S_DC_SWAY:
        apply_dc_sway(s, a)
    elif st == S_DC_EVE:
        apply_dc_eve(s, a)
    elif st == S_DC_FAILURE:
        lose_minister(s, a - A_FAILURE)
        duchy_board(s).fail_discard = 1
        react_continue(s)
    else:                                   # S_DC_FAIL_DRAW
        emit(E_FAIL_DISCARD, duchy_seat(s), -1, a - A_FAIL_CARD, 1, -1)
        spend_card(s, duchy_seat(s), a - A_FAIL_CARD)
        duchy_board(s).fail_discard = 0
        react_continue(s)
