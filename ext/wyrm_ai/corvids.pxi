# The Corvid Conspiracy (LoR 13; docs/duchy-corvids.md §5, K-1..K-24): plots face down and face
# up (bomb, snare, extortion, raid), Flip, Recruit in every clearing of a suit, three Daylight
# actions (Move, Plot, Battle, Trick), Exert, Nimble, Exposure, Embedded Agents. Numbers:
# CORVID_TABLE (factions.pxi).
#
# A plot is the Corvids' token kind 0 on the map (at most one a clearing, LoR 13.2.2.II); its type
# and facing are on their board (CorvidBoard.plot_type, face_up). A face-down plot's type is hidden
# from every other seat (redaction, determinize.pxi: what a wrong Exposure ruled out, not_type,
# travels with the token). The shared rules ask this file where a plot changes them: a face-up
# snare (snare_blocks: may_place, move_blocked), Embedded Agents (embedded_hits, battle_deal), a
# removed plot (corvids_piece_removed: a raid's warriors), Exposure (gen_exposures: offered to
# the seat on turn at its Daylight step), Nimble (NIMBLE: move_rule_mask).

cdef enum:  # plot types (CorvidBoard.plot_type; PLOT_NAMES)
    PLOT_BOMB = 0
    PLOT_SNARE = 1
    PLOT_EXTORTION = 2
    PLOT_RAID = 3
    NPLOT = 4

PLOT_NAMES = ("bomb", "snare", "extortion", "raid")


# ---- what the board holds ------------------------------------------------------------------

cdef inline int corvid_seat(GameState* s) noexcept nogil:
    """The Corvids' seat (-1 when they are not at the table)."""
    return s.faction_seat[F_CORVIDS]


cdef inline Pieces* corvid_pc(GameState* s) noexcept nogil:
    """The Corvids' pieces: warriors, plots (token kind 0)."""
    return faction_pc(s, F_CORVIDS)


cdef inline CorvidBoard* corvid_board(GameState* s) noexcept nogil:
    return &faction_board(s, F_CORVIDS).corvids


cdef inline bint plot_in(GameState* s, int c) noexcept nogil:
    return corvid_seat(s) >= 0 and corvid_pc(s).tokens[0][c] > 0


cdef inline bint face_down_in(GameState* s, int c) noexcept nogil:
    """A face-down plot lies in c."""
    return plot_in(s, c) and not (corvid_board(s).face_up >> c) & 1


cdef inline int face_up_plots(GameState* s) noexcept nogil:
    cdef int c, n = 0
    for c in range(NCL):
        if plot_in(s, c) and (corvid_board(s).face_up >> c) & 1:
            n += 1
    return n


cdef inline int plots_of_type(GameState* s, int t) noexcept nogil:
    """Plots of type t on the map (the rest of its two wait in the supply)."""
    cdef int c, n = 0
    for c in range(NCL):
        if plot_in(s, c) and corvid_board(s).plot_type[c] == t:
            n += 1
    return n


cdef int corvids_evening_draws(GameState* s, int seat) noexcept nogil:
    """One card plus one per face-up extortion (LoR 13.6.2), as the board stands (an Exert's Evening
    draws none: apply_cv_eve)."""
    cdef int c, n = CV_EVENING_DRAW
    for c in range(NCL):
        if plot_in(s, c) and (corvid_board(s).face_up >> c) & 1 and corvid_board(s).plot_type[c] == PLOT_EXTORTION:
            n += 1
    return n


# ---- what the plots change in the shared rules ---------------------------------------------

cdef inline bint snare_blocks(GameState* s, int seat, int c) noexcept nogil:
    """A face-up snare in c: no piece of an enemy of the Corvids is placed in it or moved out of it
    (LoR 13.7.2; W-MP-28, W-MP-29: the owner of the piece is asked, not the mover)."""
    cdef int cv = corvid_seat(s)
    if cv < 0 or seat == cv or corvid_pc(s).tokens[0][c] == 0:
        return False
    return ((corvid_board(s).face_up >> c) & 1 and corvid_board(s).plot_type[c] == PLOT_SNARE
            and is_enemy(s, cv, seat))


cdef inline int embedded_hits(GameState* s, int defender, int c) noexcept nogil:
    """Embedded Agents: the defending Corvids deal an extra hit with a face-down plot in the
    clearing, even defenseless (LoR 13.2.5); never attacking, never for a face-up plot."""
    return 1 if defender == corvid_seat(s) and face_down_in(s, c) else 0


cdef void corvids_piece_removed(GameState* s, int c, int piece, int remover) noexcept nogil:
    """A plot left c: its facing and type go with it; a raid, removed by anything but Exposure,
    places a Corvid warrior in each adjacent clearing (LoR 13.7.4)."""
    cdef CorvidBoard* b = corvid_board(s)
    cdef int t = b.plot_type[c]
    b.face_up &= <uint16_t>~(1 << c)
    b.plot_type[c] = 0
    b.not_type[c] = 0
    if t == PLOT_RAID and b.expose_at != c:
        raid(s, c)


cdef void raid(GameState* s, int c) noexcept nogil:
    """A warrior in each clearing adjacent to c the Corvids may place in; with too few in the
    supply, in clearing order (docs/duchy-corvids.md K-C6)."""
    cdef int j, n = 0, me = corvid_seat(s)
    cdef Pieces* pc = corvid_pc(s)
    for j in range(NCL):
        if pc.warrior_supply > 0 and adjacent(s, c, j) and may_place(s, me, j):
            pc.warriors[j] += 1
            pc.warrior_supply -= 1
            n += 1
    emit(E_RAID, me, c, -1, n, -1)


# ---- setup (LoR 13.3) ----------------------------------------------------------------------------

cdef void corvids_setup(GameState* s) noexcept nogil:
    cdef int buf[NCL]
    corvid_board(s).setup_suits = 0
    if gen_cv_setup(s, buf) == 0:
        setup_next(s, F_CORVIDS)
    else:
        s.step = S_CV_SETUP


cdef int gen_cv_setup(GameState* s, int* out) noexcept nogil:
    """A warrior in a clearing of each suit not yet placed (LoR 13.3.2)."""
    cdef int c, k = 0, me = corvid_seat(s)
    for c in range(NCL):
        if not (corvid_board(s).setup_suits >> s.suit[c]) & 1 and may_place(s, me, c):
            out[k] = A_CV_SETUP + c
            k += 1
    return k


cdef void cv_setup_place(GameState* s, int c) noexcept nogil:
    cdef int buf[NCL]
    cdef Pieces* pc = corvid_pc(s)
    if drafting(s) and corvid_board(s).setup_suits == 0:
        add_homeland(s, corvid_seat(s), c)     # its first warrior's clearing (K-C9)
    pc.warriors[c] += 1
    pc.warrior_supply -= 1
    corvid_board(s).setup_suits |= 1 << s.suit[c]
    if gen_cv_setup(s, buf) == 0:
        setup_next(s, F_CORVIDS)


# ---- Birdsong (LoR 13.4): craft, flip, recruit ---------------------------------------------------

cdef void corvids_birdsong(GameState* s) noexcept nogil:
    cdef CorvidBoard* b = corvid_board(s)
    b.stage = 0
    b.plotted = 0
    b.exerted = 0
    s.crafting_open = 1
    s.step = S_CV_BIRD


cdef int gen_cv_bird(GameState* s, int* out) noexcept nogil:
    """Crafting with plots first (LoR 13.4.1), then flips (13.4.2), then one Recruit (13.4.3);
    pass ends Birdsong."""
    cdef int me = corvid_seat(s), k = 1, c, t, suit
    cdef CorvidBoard* b = corvid_board(s)
    cdef uint64_t m
    out[0] = A_PASS
    if b.stage == 0:
        m = cc_types(&s.seats[me].hand)
        while m:
            t = ctz64(m)
            m &= m - 1
            if can_craft(s, me, t):
                out[k] = A_CRAFT + t
                k += 1
    for c in range(NCL):
        if face_down_in(s, c) and corvid_pc(s).warriors[c] > 0:
            out[k] = A_FLIP + c
            k += 1
    if corvid_pc(s).warrior_supply > 0:
        m = cc_types(&s.seats[me].hand)
        while m:
            t = ctz64(m)
            m &= m - 1
            for suit in range(3):
                if card_matches(t, suit) and recruit_spots(s, suit) > 0:
                    out[k] = A_CV_RECRUIT + t * 3 + suit
                    k += 1
    return k


cdef inline int recruit_spots(GameState* s, int suit) noexcept nogil:
    cdef int c, n = 0, me = corvid_seat(s)
    for c in range(NCL):
        if s.suit[c] == suit and may_place(s, me, c):
            n += 1
    return n


cdef void apply_cv_bird(GameState* s, int a) noexcept nogil:
    cdef int me = corvid_seat(s), t, suit, c, n
    cdef Pieces* pc = corvid_pc(s)
    if a == A_PASS:
        end_birdsong(s, S_CV_DAY)
    elif a >= A_CRAFT and a < A_CRAFT + NCT:
        craft(s, me, a - A_CRAFT)
    elif a >= A_FLIP and a < A_FLIP + NCL:
        corvid_board(s).stage = 1
        s.crafting_open = 0
        flip(s, a - A_FLIP)
    else:                                        # Recruit, once: Birdsong is done
        t = (a - A_CV_RECRUIT) // 3
        suit = (a - A_CV_RECRUIT) % 3
        spend_card(s, me, t)
        n = 0
        for c in range(NCL):
            if pc.warrior_supply > 0 and s.suit[c] == suit and may_place(s, me, c):
                pc.warriors[c] += 1
                pc.warrior_supply -= 1
                emit(E_PLACE, me, c, 1, 1, t)      # PLACE_WHYS "recruit"
                n += 1
        end_birdsong(s, S_CV_DAY)


cdef void flip(GameState* s, int c) noexcept nogil:
    """Face up, scoring one VP per face-up plot on the map, this one included (LoR 13.4.2, trap 2);
    then a bomb removes every enemy piece in c and itself (13.7.1), an extortion takes a random
    card from each enemy with pieces in c (13.7.3)."""
    cdef CorvidBoard* b = corvid_board(s)
    cdef int me = corvid_seat(s), t = b.plot_type[c], d, vp
    b.face_up |= <uint16_t>(1 << c)
    b.not_type[c] = 0
    vp = face_up_plots(s)
    emit(E_FLIP, me, c, t, vp, -1)
    add_vp(s, me, vp, VP_FLIP, c, t)
    if game_over(s):
        return
    if t == PLOT_BOMB:
        b.bomb_at = c
        clear_enemies(s, me, <uint16_t>(1 << c), S_CV_BIRD)   # then bomb_done (favor_continue)
    elif t == PLOT_EXTORTION:
        b.extort_left = 0
        for d in range(s.nseats):
            if is_enemy(s, me, d) and pieces_in(s, d, c) > 0 and hand_count(s, d) > 0:
                b.extort_left |= 1 << d
        extort_next(s)


cdef void bomb_done(GameState* s) noexcept nogil:
    """The bomb leaves after the pieces it removed: back to the supply (LoR 13.7.1)."""
    cdef int c = corvid_board(s).bomb_at
    corvid_board(s).bomb_at = -1
    emit(E_REMOVE, corvid_seat(s), c, P_PLOT, 1, CAUSE_BOMB)
    remove_piece(s, corvid_seat(s), c, P_PLOT, corvid_seat(s))


cdef inline int hand_count(GameState* s, int d) noexcept nogil:
    """Cards a victim can lose: its hand, or a bot's deck (take_card)."""
    if takes_from_deck(s, d):
        return s.deck_size
    return s.seats[d].hand_size


cdef void extort_next(GameState* s) noexcept nogil:
    """The next victim's card at random (S_CV_EXTORT), or back to Birdsong."""
    if corvid_board(s).extort_left:
        s.step = S_CV_EXTORT
    else:
        s.step = S_CV_BIRD


cdef inline int extort_victim(GameState* s) noexcept nogil:
    return ctz64(corvid_board(s).extort_left)


cdef void extort(GameState* s, int t) noexcept nogil:
    cdef int d = extort_victim(s)
    corvid_board(s).extort_left &= <uint8_t>~(1 << d)
    emit(E_EXTORT, corvid_seat(s), -1, d, 1, t)
    take_card(s, corvid_seat(s), d, t)
    extort_next(s)


# ---- Daylight (LoR 13.5): three actions --------------------------------------------------------

cdef void corvids_daylight(GameState* s) noexcept nogil:
    corvid_board(s).actions_left = CV_ACTIONS
    s.step = S_CV_DAY
    maybe_command_warren(s)


cdef int gen_cv_actions(GameState* s, int* out, int k) noexcept nogil:
    """Move (Nimble: no rule needed, LoR 13.2.3), Plot, Battle, Trick: one action each."""
    cdef int me = corvid_seat(s), c, t, j, cost
    cdef Pieces* pc = corvid_pc(s)
    cdef CorvidBoard* b = corvid_board(s)
    k = gen_moves(s, me, out, k)
    k = gen_battles(s, me, out, k)
    cost = 1 + b.plotted
    for c in range(NCL):
        if pc.tokens[0][c] == 0 and pc.warriors[c] >= cost and may_place(s, me, c):
            for t in range(NPLOT):
                if plots_of_type(s, t) < CV_PLOTS_PER_TYPE:
                    out[k] = A_PLOT + c * NPLOT + t
                    k += 1
    for c in range(NCL):
        if pc.tokens[0][c] == 0:
            continue
        for j in range(c + 1, NCL):
            if pc.tokens[0][j] and ((b.face_up >> c) & 1) == ((b.face_up >> j) & 1):
                out[k] = A_TRICK + c * NCL + j
                k += 1
    return k


cdef int gen_cv_day(GameState* s, int* out) noexcept nogil:
    cdef int k = 1
    out[0] = A_PASS
    if corvid_board(s).actions_left > 0:
        k = gen_cv_actions(s, out, k)
    return gen_daylight_cards(s, corvid_seat(s), out, k)


cdef void cv_action(GameState* s, int a, int return_step) noexcept nogil:
    """One of the Daylight actions (an Exert's too, return_step S_CV_EVE)."""
    cdef int me = corvid_seat(s), x, c, t, n, j
    cdef CorvidBoard* b = corvid_board(s)
    cdef Pieces* pc = corvid_pc(s)
    if a >= A_PLOT and a < A_PLOT + NCL * NPLOT:      # LoR 13.5.2 (trap 1): the n-th plot costs n
        c = (a - A_PLOT) // NPLOT
        t = (a - A_PLOT) % NPLOT
        n = 1 + b.plotted
        b.plotted += 1
        remove_warriors(s, me, c, n)
        pc.tokens[0][c] = 1
        pc.token_supply[0] -= 1
        b.plot_type[c] = t
        b.not_type[c] = 0
        b.face_up &= <uint16_t>~(1 << c)
        emit(E_PLOT, me, c, t, n, -1)
    elif a >= A_TRICK and a < A_TRICK + NCL * NCL:  # LoR 13.5.4: the two swap places
        c = (a - A_TRICK) // NCL
        j = (a - A_TRICK) % NCL
        t = b.plot_type[c]
        b.plot_type[c] = b.plot_type[j]
        b.plot_type[j] = t
        t = b.not_type[c]
        b.not_type[c] = b.not_type[j]
        b.not_type[j] = t
        emit(E_TRICK, me, c, j, 1, -1)
    elif a >= A_BATTLE and a < A_BATTLE + NCL * NSIDE:
        x = a - A_BATTLE
        start_battle(s, me, x // NSIDE, x % NSIDE, return_step)
    else:
        apply_move(s, me, a)


cdef void apply_cv_day(GameState* s, int a) noexcept nogil:
    cdef int me = corvid_seat(s)
    if a == A_PASS:
        begin_evening(s)
    elif is_dominance_action(a):
        apply_dominance(s, me, a)
    elif is_daylight_card(a):
        apply_daylight_card(s, me, a)
    else:
        corvid_board(s).actions_left -= 1
        cv_action(s, a, S_CV_DAY)


# ---- Evening (LoR 13.6): Exert, draw -----------------------------------------------------------

cdef void corvids_evening(GameState* s) noexcept nogil:
    corvid_board(s).exerted = 0
    s.step = S_CV_EVE


cdef int gen_cv_eve(GameState* s, int* out) noexcept nogil:
    """Pass draws; any Daylight action is an Exert (then no draw, LoR 13.6.1)."""
    out[0] = A_PASS
    if corvid_board(s).exerted:
        return 1
    return gen_cv_actions(s, out, 1)


cdef void apply_cv_eve(GameState* s, int a) noexcept nogil:
    if a == A_PASS:
        evening_draw(s, 0 if corvid_board(s).exerted else corvids_evening_draws(s, s.turn))
        return
    corvid_board(s).exerted = 1
    cv_action(s, a, S_CV_EVE)
    if s.step == S_CV_EVE and not game_over(s):    # done at once (a battle comes back here)
        evening_draw(s, 0)


# ---- Exposure (LoR 13.2.4): the seat on turn guesses a face-down plot ----------------------------

cdef inline bint may_expose(GameState* s, int seat) noexcept nogil:
    """seat may Expose now: the Corvids sit and are its enemy, it is its turn and it is at its
    Daylight step (docs/duchy-corvids.md K-C2), it holds cards and decides for itself (a bot
    never guesses)."""
    cdef int cv = corvid_seat(s), f = s.seat_faction[seat]
    return (cv >= 0 and seat == s.turn and f >= 0 and is_enemy(s, seat, cv) and not IS_BOT[f]
            and s.step == FACTION_RULES[f].day_step and s.seats[seat].hand_size > 0)


cdef int gen_exposures(GameState* s, int* out, int k) noexcept nogil:
    """A clearing with a face-down plot and a piece of the seat on turn, for which it holds a
    matching card: Exposure there (the card and the guess next, S_CV_EXPOSE)."""
    cdef int c, seat = s.turn
    if not may_expose(s, seat):
        return k
    for c in range(NCL):
        if face_down_in(s, c) and pieces_in(s, seat, c) > 0 and holds_matching(s, seat, c):
            out[k] = A_EXPOSE + c
            k += 1
    return k


cdef inline bint holds_matching(GameState* s, int seat, int c) noexcept nogil:
    cdef uint64_t m = cc_types(&s.seats[seat].hand)
    while m:
        if card_matches(ctz64(m), s.suit[c]):
            return True
        m &= m - 1
    return False


cdef inline bint is_exposure(int a) noexcept nogil:
    return a >= A_EXPOSE and a < A_EXPOSE + NCL


cdef void start_exposure(GameState* s, int c) noexcept nogil:
    corvid_board(s).expose_at = c
    corvid_board(s).expose_resume = s.step
    s.step = S_CV_EXPOSE


cdef int gen_cv_expose(GameState* s, int* out) noexcept nogil:
    """A matching card to show (birds too) and a type to name."""
    cdef int c = corvid_board(s).expose_at, k = 0, t, p
    cdef uint64_t m = cc_types(&s.seats[s.turn].hand)
    while m:
        t = ctz64(m)
        m &= m - 1
        if card_matches(t, s.suit[c]):
            for p in range(NPLOT):
                out[k] = A_GUESS + t * NPLOT + p
                k += 1
    return k


cdef void expose(GameState* s, int t, int guess) noexcept nogil:
    """Right: the guesser removes the plot (1 VP, LoR 3.2.1) and keeps the card, the plot's effect
    ignored (no raid); wrong: the Corvids say no (every seat hears it: not_type) and take the card
    (LoR 13.2.4)."""
    cdef int me = s.turn, cv = corvid_seat(s), v
    cdef CorvidBoard* b = corvid_board(s)
    cdef int c = b.expose_at
    s.step = b.expose_resume
    if b.plot_type[c] == guess:
        emit(E_EXPOSE, me, c, guess, 1, t)
        if cc_get(&s.seats[cv].known[me], t) == 0:   # the Corvids saw a copy of it: it keeps it
            known_add(s, cv, me, t, 1)
        emit(E_REMOVE, cv, c, P_PLOT, 1, CAUSE_EXPOSE)
        remove_piece(s, cv, c, P_PLOT, me)   # expose_at still set: no raid
        add_vp(s, me, 1, VP_REMOVE, c, P_PLOT)
    else:
        emit(E_EXPOSE, me, c, guess, 0, t)
        b.not_type[c] |= <uint8_t>(1 << guess)
        take_random_card(s, cv, me, t)       # shown to the Corvids alone: the two see it move
    b.expose_at = -1


# ---- what others do to the Corvids ---------------------------------------------------------------

cdef bint favor_clears_corvids(GameState* s, int c, int d) noexcept nogil:
    """A Favor (or a Revolt) removes the Corvids' warriors and plot in c: 1 VP for the plot; a
    raid's warriors go out (LoR 13.7.4). True when it pauses (a win)."""
    cdef Pieces* pc = corvid_pc(s)
    cdef int n = pc.warriors[c]
    removed(s, d, c, P_CORVID, n)
    pc.warriors[c] = 0
    warriors_to_supply(s, d, n)
    if pc.tokens[0][c]:
        removed(s, d, c, P_PLOT, 1)
        remove_piece(s, d, c, P_PLOT, s.favor_seat)
        add_vp(s, s.favor_seat, 1, clear_reason(s, c), c, s.suit[c])
    return game_over(s)


# ---- the steps -------------------------------------------------------------------------------------

cdef int gen_corvids(GameState* s, int* out) noexcept nogil:
    cdef int st = s.step
    if st == S_CV_SETUP:
        return gen_cv_setup(s, out)
    if st == S_CV_BIRD:
        return gen_cv_bird(s, out)
    if st == S_CV_DAY:
        return gen_cv_day(s, out)
    if st == S_CV_EVE:
        return gen_cv_eve(s, out)
    if st == S_CV_EXPOSE:
        return gen_cv_expose(s, out)
    return 0


cdef void apply_corvids(GameState* s, int a) noexcept nogil:
    cdef int st = s.step
    if st == S_CV_SETUP:
        cv_setup_place(s, a - A_CV_SETUP)
    elif st == S_CV_BIRD:
        apply_cv_bird(s, a)
    elif st == S_CV_DAY:
        apply_cv_day(s, a)
    elif st == S_CV_EVE:
        apply_cv_eve(s, a)
    elif st == S_CV_EXPOSE:
        expose(s, (a - A_GUESS) // NPLOT, (a - A_GUESS) % NPLOT)
    else:                                   # S_CV_EXTORT
        extort(s, a - A_STEAL)
