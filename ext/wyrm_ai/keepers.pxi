# The Keepers in Iron (LoR 15; docs/hundreds-keepers.md §3, I-1..I-31, and the design in §7):
# relics, waystations, Devout Knights, Prized Trophies, Encamp, Decamp, Recruit, the Retinue's
# columns (Move; Battle then Delve; Move or Recover), Live Off the Land, Gather Retinue.
# Numbers: KEEPERS_TABLE (factions.pxi).
#
# Relics are twelve identified pieces (KeepersBoard.relic_at; relic i's type is i // 4, I-1). Those
# in clearings are also the Keepers' token count there (tokens[0]), so rule, battle, removal and
# "enemy piece" questions read the shared table; which relic a removal takes is this file's answer
# (keepers_piece_removed). A face-down relic has no value in the state at all: a delve's flip
# draws it (S_KI_VALUE, chance) from the values of its type not yet face up (I-C1), so no seat can
# know it and determinization has nothing to redeal. Waystations are three identified buildings
# (way_at, way_face), mirrored in buildings[0].
#
# The shared rules ask this file where the Keepers change them: Devout Knights in battle
# (keepers_first_hit) and moving (keepers_moved: relics going along, a reaction, S_KI_CARRY, on
# every move of Keeper warriors, forced ones included: W-MP-36), Prized Trophies (a reaction of
# the remover, S_KI_TROPHY), and a battle's return to the delve (keepers_after_battle).

cdef enum:
    RELIC_TROPHY = 40     # relic_at: removed, waiting for its remover (+ seat) to place it (LoR 15.2.5)
    RELIC_RECOVERED = 50  # relic_at: on the Relics track (LoR 15.5.2.III.a)
    RETAINER = 127        # retinue: a Faithful Retainer, a bird card outside the deck (I-C7)

cdef enum:  # KeepersBoard.stage
    KI_FORESTS = 0        # setup: a relic in each forest (chance)
    KI_CORNER = 1         # setup: the corner
    KI_EDGE = 2           # setup: the map-edge clearing beside it
    KI_REST = 3           # setup: the remaining relics (chance)
    KI_ENCAMP = 4         # Birdsong (LoR 15.4.1)
    KI_DECAMP = 5         # (LoR 15.4.2)
    KI_RECRUIT = 6        # (LoR 15.4.3)
    KI_GATHER = 7         # Evening: Gather Retinue (LoR 15.6.2)


# ---- what the board holds ------------------------------------------------------------------

cdef inline int keepers_seat(GameState* s) noexcept nogil:
    return s.faction_seat[F_KEEPERS]


cdef inline Pieces* keepers_pc(GameState* s) noexcept nogil:
    """The Keepers' pieces: warriors, waystations (building kind 0), relics in clearings (token kind 0)."""
    return faction_pc(s, F_KEEPERS)


cdef inline KeepersBoard* keepers_board(GameState* s) noexcept nogil:
    return &faction_board(s, F_KEEPERS).keepers


cdef void init_keepers_board(KeepersBoard* b) noexcept nogil:
    cdef int i
    for i in range(NRELIC):
        b.relic_at[i] = -1
    for i in range(3):
        b.way_at[i] = -1
    for i in range(NRETINUE):
        b.retinue[i] = -1
    b.slot_now = -1
    b.act_at = -1
    b.delve_forest = -1
    b.delve_relic = -1
    b.carry_from = -1
    b.carry_to = -1


cdef inline int relic_type(int r) noexcept nogil:
    return r // 4


cdef inline bint relic_in_forest(GameState* s, int r) noexcept nogil:
    cdef int at = keepers_board(s).relic_at[r]
    return at >= NCL and at < NCL + NFOREST


cdef inline int way_type(GameState* s, int w) noexcept nogil:
    """The relic type waystation w shows face up (I-3)."""
    return WAYSTATION_FACES[w][keepers_board(s).way_face[w]]


cdef inline int ways_on_map(GameState* s) noexcept nogil:
    cdef int w, n = 0
    for w in range(3):
        n += keepers_board(s).way_at[w] >= 0
    return n


cdef inline int recovered_of(GameState* s, int t) noexcept nogil:
    """Relics of type t on the Relics track."""
    cdef int r, n = 0
    for r in range(t * 4, t * 4 + 4):
        n += keepers_board(s).relic_at[r] == RELIC_RECOVERED
    return n


cdef inline int retinue_size(GameState* s) noexcept nogil:
    cdef int i, n = 0
    for i in range(NRETINUE):
        n += keepers_board(s).retinue[i] >= 0
    return n


cdef int keepers_evening_draws(GameState* s, int seat) noexcept nogil:
    """One card, and one per draw bonus the waystations on the map uncover (LoR 15.6.3, I-31)."""
    return KI_EVENING_DRAW + ways_on_map(s)


cdef inline int ruled_around_forest(GameState* s, int f) noexcept nogil:
    """Clearings the Keepers rule adjacent to forest f (the delve's check, LoR 15.5.2.II.b; I-T2)."""
    cdef int c, n = 0, me = keepers_seat(s)
    for c in range(NCL):
        if forest_touches(s, f, c) and ruler(s, c) == me:
            n += 1
    return n


cdef inline int ruled_of_suit(GameState* s, int suit) noexcept nogil:
    """Clearings of suit the Keepers rule (the recovery's check, LoR 15.5.2.III.c; I-T3)."""
    cdef int c, n = 0, me = keepers_seat(s)
    for c in range(NCL):
        if s.suit[c] == suit and ruler(s, c) == me:
            n += 1
    return n


cdef inline bint same_relic_before(GameState* s, int r) noexcept nogil:
    """An identical relic (same type, place and face) has a lower id: one action stands for both."""
    cdef KeepersBoard* b = keepers_board(s)
    cdef int q
    for q in range(relic_type(r) * 4, r):
        if b.relic_at[q] == b.relic_at[r] and b.relic_value[q] == b.relic_value[r]:
            return True
    return False


# ---- Devout Knights (LoR 15.2.4) ---------------------------------------------------------------

cdef bint keepers_first_hit(GameState* s, int seat, int c) noexcept nogil:
    """A relic and a Keeper warrior in the clearing of battle: the first hit the Keepers take is
    ignored, attacking or defending (I-5, I-C6: checked at that hit; I-T6)."""
    return (seat == keepers_seat(s) and keepers_pc(s).tokens[0][c] > 0 and keepers_pc(s).warriors[c] > 0)


cdef void keepers_moved(GameState* s, int seat, int a, int b, int n) noexcept nogil:
    """n Keeper warriors moved from a to b: a relic may go along with each (a reaction: the Keepers
    choose which, S_KI_CARRY; I-6, I-C3), whoever moved them (W-MP-36)."""
    cdef KeepersBoard* kb
    if seat != keepers_seat(s) or seat < 0 or n <= 0 or keepers_pc(s).tokens[0][a] == 0:
        return
    kb = keepers_board(s)
    kb.carry_from = a
    kb.carry_to = b
    kb.carry_left = n


cdef int gen_carry(GameState* s, int* out) noexcept nogil:
    cdef KeepersBoard* b = keepers_board(s)
    cdef int r, k = 1
    out[0] = A_PASS
    for r in range(NRELIC):
        if b.relic_at[r] == b.carry_from and not same_relic_before(s, r):
            out[k] = A_CARRY + r
            k += 1
    return k


cdef void carry(GameState* s, int r) noexcept nogil:
    cdef KeepersBoard* b = keepers_board(s)
    cdef Pieces* pc = keepers_pc(s)
    b.relic_at[r] = b.carry_to
    pc.tokens[0][b.carry_from] -= 1
    pc.tokens[0][b.carry_to] += 1
    emit(E_CARRY, keepers_seat(s), b.carry_to, r, 1, b.carry_from)
    b.carry_left -= 1
    if b.carry_left == 0 or pc.tokens[0][b.carry_from] == 0:
        carry_done(s)


cdef inline void carry_done(GameState* s) noexcept nogil:
    cdef KeepersBoard* b = keepers_board(s)
    b.carry_from = -1
    b.carry_to = -1
    b.carry_left = 0


# ---- Prized Trophies (LoR 15.2.5) ----------------------------------------------------------------

cdef void keepers_piece_removed(GameState* s, int c, int piece, int remover) noexcept nogil:
    """A waystation or relic of theirs left c. A waystation: the first of them there goes back to
    the faction board. A relic: the one of lowest value there (the Keepers' choice made by rule,
    I-C17), which its remover places face up in a forest (a reaction, S_KI_TROPHY; I-7)."""
    cdef KeepersBoard* b = keepers_board(s)
    cdef int w, r, best = -1
    if piece == P_WAYSTATION:
        for w in range(3):
            if b.way_at[w] == c:
                b.way_at[w] = -1
                b.way_face[w] = 0
                return
        return
    if piece != P_RELIC:
        return
    for r in range(NRELIC):
        if b.relic_at[r] == c and (best < 0 or b.relic_value[r] < b.relic_value[best]):
            best = r
    if best >= 0:
        b.relic_at[best] = RELIC_TROPHY + (remover if remover >= 0 else s.turn)


cdef inline int trophy_waiting(GameState* s) noexcept nogil:
    """The first removed relic still to be placed, -1."""
    cdef int r
    if keepers_seat(s) < 0:
        return -1
    for r in range(NRELIC):
        if keepers_board(s).relic_at[r] >= RELIC_TROPHY and keepers_board(s).relic_at[r] < RELIC_TROPHY + NSIDE:
            return r
    return -1


cdef inline int trophy_remover(GameState* s) noexcept nogil:
    """The side that removed the relic waiting for its forest (a hireling's side: HSIDE + i), -1."""
    cdef int r = trophy_waiting(s)
    return keepers_board(s).relic_at[r] - RELIC_TROPHY if r >= 0 else -1


cdef inline int trophy_seat(GameState* s) noexcept nogil:
    """Who places the relic waiting for its forest: its remover; a hireling's, its controller (in the
    supply: the player on turn, E-C5; a reading, E-C18)."""
    cdef int side = trophy_remover(s)
    return hireling_chooser(s, side - HSIDE) if side >= HSIDE else side


cdef inline bint keepers_pending(GameState* s) noexcept nogil:
    """A reaction of the Keepers' is owed: relics to carry, or a removed relic to place."""
    return keepers_seat(s) >= 0 and (keepers_board(s).carry_left > 0 or trophy_waiting(s) >= 0)


cdef void place_trophy(GameState* s, int f) noexcept nogil:
    """The remover (a hireling's: trophy_seat) places the relic face up in forest f and, an enemy of the
    Keepers and a seat, scores one more VP (I-7: two with the token's, LoR 3.2.1; a removal by the Keepers themselves scores none)."""
    cdef int r = trophy_waiting(s), seat = trophy_remover(s)
    keepers_board(s).relic_at[r] = NCL + f
    emit(E_TROPHY, seat, -1, r, 1, f)
    if is_enemy(s, seat, keepers_seat(s)):        # (add_vp scores no hireling side: E-20)
        add_vp(s, seat, KI_TROPHY_VP, VP_TROPHY, -1, r)


cdef bint keepers_pauses(GameState* s) noexcept nogil:
    """Settle the Keepers' reactions (react_continue): relics along with a move (the Keepers
    choose), then removed relics (their remover chooses the forest; a bot, which never decides,
    the first forest). True when a seat is asked."""
    if keepers_seat(s) < 0:
        return False
    if keepers_board(s).carry_left > 0:
        if keepers_pc(s).tokens[0][keepers_board(s).carry_from] > 0:
            s.step = S_KI_CARRY
            return True
        carry_done(s)
    while trophy_waiting(s) >= 0 and not game_over(s):
        if IS_BOT[s.seat_faction[trophy_seat(s)]]:
            place_trophy(s, 0)
            continue
        s.step = S_KI_TROPHY
        return True
    return False


cdef bint favor_clears_keepers(GameState* s, int c, int d) noexcept nogil:
    """A Favor (a Revolt, a bomb) removes the Keepers' warriors, waystations and relics in c: 1 VP
    each building and token; each relic a trophy of the remover's (I-7). True when it pauses (a win)."""
    cdef Pieces* pc = keepers_pc(s)
    cdef int n = pc.warriors[c], vp = 0
    removed(s, d, c, P_KEEPER, n)
    pc.warriors[c] = 0
    warriors_to_supply(s, d, n)
    while pc.buildings[0][c] > 0:
        removed(s, d, c, P_WAYSTATION, 1)
        remove_piece(s, d, c, P_WAYSTATION, s.favor_seat)
        vp += 1
    while pc.tokens[0][c] > 0:
        removed(s, d, c, P_RELIC, 1)
        remove_piece(s, d, c, P_RELIC, s.favor_seat)
        vp += 1
    add_vp(s, s.favor_seat, vp, clear_reason(s, c), c, s.suit[c])
    return game_over(s)


# ---- setup (LoR 15.3) ----------------------------------------------------------------------------

cdef inline int forest_relics(GameState* s, int f) noexcept nogil:
    cdef int r, n = 0
    for r in range(NRELIC):
        n += keepers_board(s).relic_at[r] == NCL + f
    return n


cdef inline int relics_unplaced(GameState* s, int t) noexcept nogil:
    """Relics of type t not yet placed at setup (t < 0: of every type)."""
    cdef int r, n = 0
    for r in range(NRELIC):
        if keepers_board(s).relic_at[r] < 0 and (t < 0 or relic_type(r) == t):
            n += 1
    return n


cdef inline uint16_t rest_forests(GameState* s) noexcept nogil:
    """Forests the remaining relics may go to: not adjacent to a clearing with Keeper warriors, or
    every forest if none is (LoR 15.3.4; I-C10)."""
    cdef int f, c
    cdef uint16_t m = 0
    for f in range(n_forests(s)):
        m |= <uint16_t>(1 << f)
        for c in range(NCL):
            if forest_touches(s, f, c) and keepers_pc(s).warriors[c] > 0:
                m &= <uint16_t>~(1 << f)
                break
    if m == 0:
        m = <uint16_t>((1 << n_forests(s)) - 1)
    return m


cdef int relic_place_outcomes(GameState* s, int* out, double* prob) noexcept nogil:
    """The next setup relic: its type drawn from those left (every relic is shuffled face down: the
    type shows); its forest the next one without a relic (LoR 15.3.1), then (KI_REST) one of the
    eligible forests holding the fewest so far, uniform (as evenly as possible, I-C10)."""
    cdef KeepersBoard* b = keepers_board(s)
    cdef int f, t, n = 0, least = 99, nleast = 0, total = relics_unplaced(s, -1)
    cdef uint16_t m
    if b.stage == KI_FORESTS:
        for f in range(n_forests(s)):
            if forest_relics(s, f) == 0:
                m = <uint16_t>(1 << f)
                break
        least = 0
        nleast = 1
    else:
        m = rest_forests(s)
        for f in range(n_forests(s)):
            if (m >> f) & 1 and forest_relics(s, f) < least:
                least = forest_relics(s, f)
        for f in range(n_forests(s)):
            if (m >> f) & 1 and forest_relics(s, f) == least:
                nleast += 1
    for f in range(n_forests(s)):
        if not ((m >> f) & 1) or forest_relics(s, f) != least:
            continue
        for t in range(3):
            if relics_unplaced(s, t) > 0:
                out[n] = A_KI_RELIC + f * 3 + t
                prob[n] = relics_unplaced(s, t) / (<double>total * nleast)
                n += 1
    return n


cdef void place_setup_relic(GameState* s, int f, int t) noexcept nogil:
    cdef KeepersBoard* b = keepers_board(s)
    cdef int r
    for r in range(t * 4, t * 4 + 4):
        if b.relic_at[r] < 0:
            b.relic_at[r] = NCL + f
            emit(E_RELIC, keepers_seat(s), -1, r, 1, f)
            break
    keepers_setup_next(s)


cdef void keepers_setup(GameState* s) noexcept nogil:
    keepers_board(s).stage = KI_FORESTS
    s.step = S_KI_PLACE


cdef int gen_ki_setup(GameState* s, int* out) noexcept nogil:
    """A corner that is no other player's starting corner (LoR 15.3.3: unlike the Hundreds' 14.3.2,
    no "diagonally opposite if possible"; in the draft, no other player's homeland), then a map-edge
    clearing adjacent to it. With every corner taken, draft.pxi gen_free_corner's fallback."""
    cdef int c, k = 0, me = keepers_seat(s), corner = -1
    if keepers_board(s).stage == KI_CORNER:
        for c in range(4):
            if (homeland_open(s, me, c) if drafting(s) else (not start_taken(s, me, c) and may_place(s, me, c))):
                out[k] = A_KI_SETUP + c
                k += 1
        if k:
            return k
        return gen_free_corner(s, me, A_KI_SETUP, out)
    for c in range(NCL):
        if keepers_pc(s).warriors[c] > 0:
            corner = c
    if corner < 0:
        return 0
    for c in range(NCL):
        if (map_edge(s) >> c) & 1 and adjacent(s, corner, c) and may_place(s, me, c):
            out[k] = A_KI_SETUP + c
            k += 1
    return k


cdef void keepers_setup_next(GameState* s) noexcept nogil:
    """The setup's next step that has a choice; the Faithful Retainers (LoR 15.3.5) at the end."""
    cdef int buf[NCL]
    cdef KeepersBoard* b = keepers_board(s)
    cdef int n, i
    while True:
        if b.stage == KI_FORESTS:
            if relics_unplaced(s, -1) > 0:
                for i in range(n_forests(s)):
                    if forest_relics(s, i) == 0:
                        s.step = S_KI_PLACE
                        return
            b.stage = KI_CORNER
        if b.stage == KI_CORNER or b.stage == KI_EDGE:
            n = gen_ki_setup(s, buf)
            if n > 1:
                s.step = S_KI_SETUP
                return
            if n == 1:
                ki_setup_place(s, buf[0] - A_KI_SETUP)
            else:
                b.stage += 1
            continue
        if relics_unplaced(s, -1) > 0:
            s.step = S_KI_PLACE
            return
        for i in range(3):
            b.retinue[i] = RETAINER
            b.ret_col[i] = i
        b.stage = 0
        setup_next(s, F_KEEPERS)
        return


cdef void ki_setup_place(GameState* s, int c) noexcept nogil:
    """Four warriors in the corner (a homeland in the draft), then four beside it (LoR 15.3.3)."""
    cdef Pieces* pc = keepers_pc(s)
    cdef int n = min(KI_START_WARRIORS, <int>pc.warrior_supply)
    if keepers_board(s).stage == KI_CORNER and drafting(s):
        add_homeland(s, keepers_seat(s), c)
    pc.warriors[c] += n
    pc.warrior_supply -= n
    keepers_board(s).stage += 1


# ---- Birdsong (LoR 15.4): Encamp, Decamp, Recruit -------------------------------------------------

cdef inline bint no_keepers_on_map(GameState* s) noexcept nogil:
    cdef int c
    for c in range(NCL):
        if keepers_pc(s).warriors[c] > 0 or keepers_pc(s).buildings[0][c] > 0:
            return False
    return True


cdef int gen_ki_bird(GameState* s, int* out) noexcept nogil:
    cdef KeepersBoard* b = keepers_board(s)
    cdef Pieces* pc = keepers_pc(s)
    cdef int me = keepers_seat(s), k = 1, c, w, face, t
    cdef uint64_t m
    cdef bint camp
    out[0] = A_PASS
    if b.stage == KI_ENCAMP:
        camp = no_keepers_on_map(s)
        for c in range(NCL):
            if (b.encamped >> c) & 1 or free_slots(s, c) == 0 or not may_place(s, me, c):
                continue
            if camp and not (map_edge(s) >> c) & 1:
                continue
            if not camp and pc.warriors[c] == 0:
                continue
            for w in range(3):
                if b.way_at[w] < 0:
                    for face in range(2):
                        out[k] = A_ENCAMP + (c * 3 + w) * 2 + face
                        k += 1
    elif b.stage == KI_DECAMP:
        for c in range(NCL):
            if not (b.decamped >> c) & 1:
                for w in range(3):
                    if b.way_at[w] == c:
                        out[k] = A_DECAMP + c * 3 + w
                        k += 1
    elif b.stage == KI_RECRUIT and pc.warrior_supply > 0:
        m = cc_types(&s.seats[me].hand)
        while m:
            t = ctz64(m)
            m &= m - 1
            for c in range(NCL):
                if pc.buildings[0][c] > 0 and card_matches(t, s.suit[c]) and may_place(s, me, c):
                    out[k] = A_KI_RECRUIT + t * NCL + c
                    k += 1
    return k


cdef void keepers_birdsong(GameState* s) noexcept nogil:
    keepers_board(s).encamped = 0
    keepers_board(s).decamped = 0
    keepers_board(s).stage = KI_ENCAMP
    s.step = S_KI_BIRD
    ki_bird_on(s)


cdef void ki_bird_on(GameState* s) noexcept nogil:
    """Skip the Birdsong steps with nothing to do; after Recruit, Daylight."""
    cdef int buf[MAX_LEGAL]
    cdef KeepersBoard* b = keepers_board(s)
    while b.stage <= KI_RECRUIT:
        if b.stage == KI_RECRUIT:
            # asked whenever the hand could hold a card for a waystation (issue 29 item 5)
            if (ways_on_map(s) > 0 and keepers_pc(s).warrior_supply > 0
                    and may_hold(s, keepers_seat(s), gen_ki_bird(s, buf) > 1)):
                return
        elif gen_ki_bird(s, buf) > 1:
            return
        b.stage += 1
    end_birdsong(s, S_KI_DAY)


cdef void apply_ki_bird(GameState* s, int a) noexcept nogil:
    cdef KeepersBoard* b = keepers_board(s)
    cdef Pieces* pc = keepers_pc(s)
    cdef int me = keepers_seat(s), c, w, face, t, n, x
    cdef bint camp
    if a == A_PASS:
        b.stage += 1
        ki_bird_on(s)
        return
    if a < A_DECAMP:                     # Encamp (LoR 15.4.1)
        x = a - A_ENCAMP
        face = x % 2
        w = (x // 2) % 3
        c = x // 6
        camp = no_keepers_on_map(s)
        if camp:                         # no Keepers on the map: a waystation and a warrior (I-T10)
            if pc.warrior_supply > 0:
                pc.warriors[c] += 1
                pc.warrior_supply -= 1
        else:
            pc.warriors[c] -= 1
            pc.warrior_supply += 1
        b.way_at[w] = c
        b.way_face[w] = face
        pc.buildings[0][c] += 1
        pc.building_supply[0] -= 1
        b.encamped |= <uint16_t>(1 << c)
        emit(E_ENCAMP, me, c, w, face, 1 if camp else 0)
        if camp:
            b.stage = KI_DECAMP          # ("instead" of Encamp)
    elif a < A_KI_RECRUIT:               # Decamp (LoR 15.4.2)
        x = a - A_DECAMP
        w = x % 3
        c = x // 3
        b.way_at[w] = -1
        b.way_face[w] = 0
        pc.buildings[0][c] -= 1
        pc.building_supply[0] += 1
        b.decamped |= <uint16_t>(1 << c)
        emit(E_DECAMP, me, c, w, 1, -1)
        if pc.warrior_supply > 0 and may_place(s, me, c):
            pc.warriors[c] += 1
            pc.warrior_supply -= 1
    else:                                # Recruit (LoR 15.4.3; short of warriors, the most: I-C11)
        t = (a - A_KI_RECRUIT) // NCL
        c = (a - A_KI_RECRUIT) % NCL
        spend_card(s, me, t)
        n = min(KI_RECRUITS, <int>pc.warrior_supply)
        pc.warriors[c] += n
        pc.warrior_supply -= n
        emit(E_PLACE, me, c, 1, n, -1)   # PLACE_WHYS "recruit"
    ki_bird_on(s)


# ---- Daylight (LoR 15.5): Craft, then Act with Retinue ---------------------------------------------

cdef void keepers_daylight(GameState* s) noexcept nogil:
    cdef KeepersBoard* b = keepers_board(s)
    s.crafting_open = 1
    b.column = 0
    b.ret_used = 0
    b.slot_now = -1
    b.act_at = -1
    s.step = S_KI_DAY
    maybe_command_warren(s)


cdef int retinue_slot(GameState* s, int col, int suit) noexcept nogil:
    """The slot of column col whose card acts in a clearing of suit: an unused card of that suit,
    else a Faithful Retainer, else a bird card (the card used chosen by rule, I-C18); -1 none."""
    cdef KeepersBoard* b = keepers_board(s)
    cdef int i, t, retainer = -1, bird = -1
    for i in range(NRETINUE):
        t = b.retinue[i]
        if t < 0 or b.ret_col[i] != col or (b.ret_used >> i) & 1:
            continue
        if t == RETAINER:
            retainer = i
        elif CARD_SUIT[t] == suit:
            return i
        elif CARD_SUIT[t] == BIRD:
            bird = i
    return retainer if retainer >= 0 else bird


cdef inline bint delve_possible(GameState* s, int c) noexcept nogil:
    """They rule c, a Keeper warrior is there, and a forest beside it holds a relic (LoR 15.5.2.II)."""
    cdef int r, at
    if keepers_pc(s).warriors[c] == 0 or ruler(s, c) != keepers_seat(s):
        return False
    for r in range(NRELIC):
        at = keepers_board(s).relic_at[r]
        if at >= NCL and at < NCL + NFOREST and forest_touches(s, at - NCL, c):
            return True
    return False


cdef inline bint recoverable(GameState* s, int r, int c) noexcept nogil:
    """Relic r lies in c with a waystation there showing its type (LoR 15.5.2.III.a; I-T4, I-T11)."""
    cdef int w
    if keepers_board(s).relic_at[r] != c:
        return False
    for w in range(3):
        if keepers_board(s).way_at[w] == c and way_type(s, w) == relic_type(r):
            return True
    return False


cdef int gen_recovers(GameState* s, int c, int* out, int k) noexcept nogil:
    cdef int r
    for r in range(NRELIC):
        if recoverable(s, r, c) and not same_relic_before(s, r):
            out[k] = A_RECOVER + r
            k += 1
    return k


cdef int gen_ki_day(GameState* s, int* out) noexcept nogil:
    """Crafting first (LoR 15.5.1), then the column acting: its action once for each unused card,
    in a clearing of the card's suit (a bird: any); pass ends the column (I-C12)."""
    cdef KeepersBoard* b = keepers_board(s)
    cdef int buf[MAX_LEGAL]
    cdef int me = keepers_seat(s), k = 1, n, i, t, c, a, d
    cdef uint64_t m
    out[0] = A_PASS
    if s.crafting_open:
        m = cc_types(&s.seats[me].hand)
        while m:
            t = ctz64(m)
            m &= m - 1
            if can_craft(s, me, t):
                out[k] = A_CRAFT + t
                k += 1
    if b.column == 0 or b.column == 2:       # Move; Move or Recover (LoR 15.5.2.I, III)
        n = gen_moves(s, me, buf, 0)
        for i in range(n):
            a = buf[i]
            if a >= A_MOVE and a < A_MOVE_END and retinue_slot(s, b.column, s.suit[(a - A_MOVE) // 52 // NCL]) >= 0:
                out[k] = a
                k += 1
    if b.column == 2:
        for c in range(NCL):
            if keepers_pc(s).tokens[0][c] > 0 and retinue_slot(s, 2, s.suit[c]) >= 0:
                k = gen_recovers(s, c, out, k)
    elif b.column == 1:                      # Battle then Delve (LoR 15.5.2.II; I-C4, I-C5)
        for c in range(NCL):
            if retinue_slot(s, 1, s.suit[c]) < 0:
                continue
            if can_battle(s, me, c):
                k = gen_battles_in(s, me, c, out, k)
            elif delve_possible(s, c):
                out[k] = A_DELVE_AT + c
                k += 1
    return gen_daylight_cards(s, me, out, k)


cdef inline void use_slot(GameState* s, int i) noexcept nogil:
    keepers_board(s).ret_used |= <uint16_t>(1 << i)
    s.crafting_open = 0


cdef void discard_slot(GameState* s, int i) noexcept nogil:
    """A failed check discards the card used (LoR 15.5.2.II.b, III.c); a Retainer leaves the game (I-C7)."""
    cdef KeepersBoard* b = keepers_board(s)
    cdef int t = b.retinue[i]
    emit(E_RETINUE, keepers_seat(s), b.ret_col[i], NCT if t == RETAINER else t, -1, -1)
    b.retinue[i] = -1
    b.ret_used &= <uint16_t>~(1 << i)
    if t != RETAINER:
        to_discard(s, keepers_seat(s), t, 1)


cdef void apply_ki_day(GameState* s, int a) noexcept nogil:
    cdef KeepersBoard* b = keepers_board(s)
    cdef int me = keepers_seat(s), x, c, i
    if a == A_PASS:
        s.crafting_open = 0
        b.column += 1
        if b.column >= 3:
            begin_evening(s)
        return
    if is_dominance_action(a):
        apply_dominance(s, me, a)
        return
    if is_daylight_card(a):
        apply_daylight_card(s, me, a)
        return
    if a >= A_CRAFT and a < A_CRAFT + NCT:
        craft(s, me, a - A_CRAFT)
        return
    if a >= A_BATTLE and a < A_BATTLE + NCL * NSIDE:
        x = a - A_BATTLE
        c = x // NSIDE
        i = retinue_slot(s, 1, s.suit[c])
        use_slot(s, i)
        b.slot_now = i
        b.act_at = c
        start_battle(s, me, c, x % NSIDE, S_KI_DELVE)
        return
    if a >= A_DELVE_AT and a < A_DELVE_AT + NCL:
        c = a - A_DELVE_AT
        i = retinue_slot(s, 1, s.suit[c])
        use_slot(s, i)
        b.slot_now = i
        b.act_at = c
        s.step = S_KI_DELVE
        return
    if a >= A_RECOVER and a < A_RECOVER + NRELIC:
        c = b.relic_at[a - A_RECOVER]
        i = retinue_slot(s, 2, s.suit[c])
        use_slot(s, i)
        b.slot_now = i
        b.act_at = c
        recover(s, a - A_RECOVER)
        return
    use_slot(s, retinue_slot(s, b.column, s.suit[(a - A_MOVE) // 52 // NCL]))
    apply_move(s, me, a)


cdef void keepers_after_battle(GameState* s) noexcept nogil:
    """Battle then Delve: after the battle, a delve if they now rule the clearing with a warrior
    there (LoR 15.5.2.II), else back to the Retinue."""
    if not delve_possible(s, keepers_board(s).act_at):
        action_over(s)


cdef inline void action_over(GameState* s) noexcept nogil:
    keepers_board(s).slot_now = -1
    keepers_board(s).act_at = -1
    s.step = S_KI_DAY


cdef int gen_delve(GameState* s, int* out) noexcept nogil:
    cdef KeepersBoard* b = keepers_board(s)
    cdef int r, k = 1, at
    out[0] = A_PASS
    for r in range(NRELIC):
        at = b.relic_at[r]
        if at >= NCL and at < NCL + NFOREST and forest_touches(s, at - NCL, b.act_at) and not same_relic_before(s, r):
            out[k] = A_DELVE + r
            k += 1
    return k


cdef void delve(GameState* s, int r) noexcept nogil:
    """Relic r from its forest into the clearing, face up (LoR 15.5.2.II.a): a face-down one's value
    is drawn now (S_KI_VALUE), then the check."""
    cdef KeepersBoard* b = keepers_board(s)
    b.delve_forest = b.relic_at[r] - NCL
    b.relic_at[r] = b.act_at
    keepers_pc(s).tokens[0][b.act_at] += 1
    emit(E_DELVE, keepers_seat(s), b.act_at, r, b.relic_value[r], b.delve_forest)
    if b.relic_value[r] == 0:
        b.delve_relic = r
        s.step = S_KI_VALUE
        return
    delve_check(s, r)


cdef int relic_value_outcomes(GameState* s, int* out, double* prob) noexcept nogil:
    """The values of the delved relic's type not face up or recovered, each equally likely (I-C1)."""
    cdef KeepersBoard* b = keepers_board(s)
    cdef int t = relic_type(b.delve_relic), r, v, n = 0, total = 0
    cdef int left[4]
    left[0] = left[1] = left[2] = left[3] = 0
    for v in range(4):
        left[RELIC_VALUES[v]] += 1
    for r in range(t * 4, t * 4 + 4):
        if b.relic_value[r] > 0:
            left[b.relic_value[r]] -= 1
    for v in range(1, 4):
        total += left[v]
    for v in range(1, 4):
        if left[v] > 0:
            out[n] = A_RELIC_VALUE + v - 1
            prob[n] = <double>left[v] / total
            n += 1
    return n


cdef void relic_flipped(GameState* s, int v) noexcept nogil:
    cdef KeepersBoard* b = keepers_board(s)
    cdef int r = b.delve_relic
    b.relic_value[r] = v
    b.delve_relic = -1
    emit(E_RELIC_VALUE, keepers_seat(s), b.relic_at[r], r, v, -1)
    delve_check(s, r)


cdef void delve_check(GameState* s, int r) noexcept nogil:
    """Fewer ruled clearings around the forest than the relic's value: the card used is discarded
    (LoR 15.5.2.II.b)."""
    cdef KeepersBoard* b = keepers_board(s)
    if ruled_around_forest(s, b.delve_forest) < b.relic_value[r]:
        discard_slot(s, b.slot_now)
    b.delve_forest = -1
    action_over(s)


cdef void recover(GameState* s, int r) noexcept nogil:
    """Relic r to the leftmost empty space of its type on the Relics track: its value, 2 VP more if
    that fills a column (LoR 15.5.2.III.b); then the check by the clearing's suit (III.c): fewer
    ruled clearings than its value discards the card and ends the Recover, else another relic
    there may follow (S_KI_RECOVER)."""
    cdef KeepersBoard* b = keepers_board(s)
    cdef int me = keepers_seat(s), c = b.relic_at[r], t = relic_type(r), col, v = b.relic_value[r]
    cdef int buf[NRELIC]
    col = recovered_of(s, t)
    b.relic_at[r] = RELIC_RECOVERED
    keepers_pc(s).tokens[0][c] -= 1
    emit(E_RECOVER, me, c, r, v, -1)
    add_vp(s, me, v, VP_RECOVER, c, r)
    if (not game_over(s) and recovered_of(s, (t + 1) % 3) > col and recovered_of(s, (t + 2) % 3) > col):
        add_vp(s, me, KI_SET_VP, VP_RELIC_SET, c, col)
    if game_over(s):
        return
    if ruled_of_suit(s, s.suit[c]) < v:
        discard_slot(s, b.slot_now)
        action_over(s)
        return
    s.step = S_KI_RECOVER
    if gen_recovers(s, c, buf, 0) == 0:      # nothing more to recover there
        action_over(s)


cdef int gen_more_recovers(GameState* s, int* out) noexcept nogil:
    out[0] = A_PASS
    return gen_recovers(s, keepers_board(s).act_at, out, 1)


# ---- Evening (LoR 15.6): Live Off the Land, Gather Retinue, draw ------------------------------------

cdef void keepers_evening(GameState* s) noexcept nogil:
    """Live Off the Land: a warrior off each clearing with four or more (LoR 15.6.1; I-T9)."""
    cdef Pieces* pc = keepers_pc(s)
    cdef int c, me = keepers_seat(s)
    for c in range(NCL):
        if pc.warriors[c] >= KI_LIVE_OFF:
            emit(E_REMOVE, me, c, P_KEEPER, 1, CAUSE_LIVE_OFF)
            remove_warriors(s, me, c, 1)
    keepers_board(s).eve_mode = 0
    keepers_board(s).stage = KI_GATHER
    s.step = S_KI_EVE
    ki_eve_on(s)


cdef int gen_ki_eve(GameState* s, int* out) noexcept nogil:
    """Gather Retinue: add any number of hand cards to any columns, or shift one card to another
    column, never more than ten cards (LoR 15.6.2; I-T8); pass: draw."""
    cdef KeepersBoard* b = keepers_board(s)
    cdef int me = keepers_seat(s), k = 1, t, col, i, j, to, card
    cdef uint64_t m
    cdef uint16_t seen
    out[0] = A_PASS
    if b.eve_mode != 2 and retinue_size(s) < NRETINUE:
        m = cc_types(&s.seats[me].hand)
        while m:
            t = ctz64(m)
            m &= m - 1
            for col in range(3):
                out[k] = A_RETINUE_ADD + t * 3 + col
                k += 1
    if b.eve_mode == 0:
        for i in range(NRETINUE):
            if b.retinue[i] < 0:
                continue
            card = NCT if b.retinue[i] == RETAINER else b.retinue[i]
            seen = 0
            for j in range(i):                   # one action per card and column it is in
                if b.retinue[j] == b.retinue[i] and b.ret_col[j] == b.ret_col[i]:
                    seen = 1
            if seen:
                continue
            for to in range(3):
                if to != b.ret_col[i]:
                    out[k] = A_RETINUE_SHIFT + (b.ret_col[i] * 3 + to) * (NCT + 1) + card
                    k += 1
    return k


cdef void ki_eve_on(GameState* s) noexcept nogil:
    """Ask while there is something to choose; else draw."""
    cdef int buf[MAX_LEGAL]
    if gen_ki_eve(s, buf) > 1:
        return
    ki_draw(s)


cdef void ki_draw(GameState* s) noexcept nogil:
    keepers_board(s).stage = 0
    evening_draw(s, keepers_evening_draws(s, keepers_seat(s)))


cdef void apply_ki_eve(GameState* s, int a) noexcept nogil:
    cdef KeepersBoard* b = keepers_board(s)
    cdef int me = keepers_seat(s), t, col, i, x, fr, to, card
    if a == A_PASS:
        ki_draw(s)
        return
    if a < A_RETINUE_SHIFT:
        t = (a - A_RETINUE_ADD) // 3
        col = (a - A_RETINUE_ADD) % 3
        cc_add(&s.seats[me].hand, t, -1)
        s.seats[me].hand_size -= 1
        forget_card(s, me, t)                # face up into the Retinue (I-C8)
        for i in range(NRETINUE):
            if b.retinue[i] < 0:
                b.retinue[i] = t
                b.ret_col[i] = col
                break
        b.eve_mode = 1
        emit(E_RETINUE, me, col, t, 1, -1)
    else:
        x = a - A_RETINUE_SHIFT
        card = x % (NCT + 1)
        fr = (x // (NCT + 1)) // 3
        to = (x // (NCT + 1)) % 3
        for i in range(NRETINUE):
            if b.ret_col[i] == fr and ((b.retinue[i] == RETAINER and card == NCT) or b.retinue[i] == card):
                b.ret_col[i] = to
                break
        b.eve_mode = 2
        emit(E_RETINUE, me, to, card, 0, fr)
    ki_eve_on(s)


# ---- the steps -------------------------------------------------------------------------------------

cdef int gen_keepers(GameState* s, int* out) noexcept nogil:
    cdef int st = s.step, f, k = 0
    if st == S_KI_SETUP:
        return gen_ki_setup(s, out)
    if st == S_KI_BIRD:
        return gen_ki_bird(s, out)
    if st == S_KI_DAY:
        return gen_ki_day(s, out)
    if st == S_KI_DELVE:
        return gen_delve(s, out)
    if st == S_KI_RECOVER:
        return gen_more_recovers(s, out)
    if st == S_KI_EVE:
        return gen_ki_eve(s, out)
    if st == S_KI_CARRY:
        return gen_carry(s, out)
    if st == S_KI_TROPHY:
        for f in range(n_forests(s)):
            out[k] = A_TROPHY + f
            k += 1
        return k
    return 0


cdef int keepers_chance(GameState* s, int* out, double* prob) noexcept nogil:
    if s.step == S_KI_PLACE:
        return relic_place_outcomes(s, out, prob)
    return relic_value_outcomes(s, out, prob)


cdef inline int keepers_player(GameState* s) noexcept nogil:
    cdef int st = s.step
    if st == S_KI_PLACE or st == S_KI_VALUE:
        return PLAYER_CHANCE
    if st == S_KI_TROPHY:
        return trophy_seat(s)
    return keepers_seat(s)


cdef void apply_keepers(GameState* s, int a) noexcept nogil:
    cdef int st = s.step
    if st == S_KI_SETUP:
        ki_setup_place(s, a - A_KI_SETUP)
        keepers_setup_next(s)
    elif st == S_KI_PLACE:
        place_setup_relic(s, (a - A_KI_RELIC) // 3, (a - A_KI_RELIC) % 3)
    elif st == S_KI_BIRD:
        apply_ki_bird(s, a)
    elif st == S_KI_DAY:
        apply_ki_day(s, a)
    elif st == S_KI_DELVE:
        if a == A_PASS:
            action_over(s)
        else:
            delve(s, a - A_DELVE)
    elif st == S_KI_VALUE:
        relic_flipped(s, a - A_RELIC_VALUE + 1)
    elif st == S_KI_RECOVER:
        if a == A_PASS:
            action_over(s)
        else:
            recover(s, a - A_RECOVER)
    elif st == S_KI_EVE:
        apply_ki_eve(s, a)
    elif st == S_KI_CARRY:
        if a == A_PASS:
            carry_done(s)
        else:
            carry(s, a - A_CARRY)
        if keepers_board(s).carry_left == 0:
            react_continue(s)
    else:                                 # S_KI_TROPHY
        place_trophy(s, a - A_TROPHY)
        react_continue(s)
