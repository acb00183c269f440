# The Lord of the Hundreds (LoR 14; docs/hundreds-keepers.md §2, H-1..H-32, and the design in §5):
# the warlord, the Hoard and the Command and Prowess it gives, Contempt for Trade, Looters, the
# Raze and the mobs' spread, Recruit, Anoint, moods, Command (Move, Battle, Build), Advance the
# Warlord, Incite, Oppress. Numbers: HUNDREDS_TABLE (factions.pxi).
#
# The warlord is the seat's pawn (Pieces.pawn, -1 off the map): it moves with the Hundreds'
# warriors (a move's pawn flag), counts one for rule and as a fighter (PAWN_RULE), a hit may take it
# (PAWN_HIT) and removes it to the supply (PAWN_IS_WARRIOR); nothing that moves or removes
# warriors by count outside battle touches a pawn (H-2). Strongholds are building kind 0, mobs
# token kind 0. The Hoard is on the board (HundredsBoard.hoard), never the seat's Crafted Items
# box (items[]), so nothing that takes from a box reaches it (H-T12).
#
# The shared rules ask this file where the Hundreds change them: a crafted item (CONTEMPT, craft),
# the moods in battle (hundreds_first_hit: Stubborn; hundreds_attack_hits: Wrathful; Bitter before
# the roll: hundreds_before_roll), Looters (hundreds_may_loot at the battle's start, no rolled
# hits: looting; the item at its end: hundreds_battle_over).

cdef enum:  # moods (HundredsBoard.mood; MOOD_NAMES), in the Law's order (LoR 14.7)
    MOOD_BITTER = 0
    MOOD_GRANDIOSE = 1
    MOOD_JUBILANT = 2
    MOOD_LAVISH = 3
    MOOD_RELENTLESS = 4
    MOOD_ROWDY = 5
    MOOD_STUBBORN = 6
    MOOD_WRATHFUL = 7
    NMOOD = 8

cdef enum:  # Birdsong stages (HundredsBoard.stage)
    LH_RAZE = 0           # the ruins of the mob clearings still to give an item (chance; with two
                          #   Vagabonds, the item of two they take: their choice, H-C17)
    LH_MOB = 1            # the mob die rolled: its mob to place
    LH_ANOINT = 2         # the warlord to Anoint
    LH_MOOD = 3           # the mood to choose
    LH_LAVISH = 4         # Lavish: Hoard items to give up
    LH_RECRUIT = 5        # Recruit short of warriors: the strongholds that get the last ones

cdef enum:  # Daylight blocks (HundredsBoard.block)
    LH_COMMAND = 0
    LH_ADVANCE = 1


# ---- what the board holds ------------------------------------------------------------------

cdef inline int hundreds_seat(GameState* s) noexcept nogil:
    return s.faction_seat[F_HUNDREDS]


cdef inline Pieces* hundreds_pc(GameState* s) noexcept nogil:
    """The Hundreds' pieces: warriors, the warlord (pawn), strongholds (building kind 0), mobs."""
    return faction_pc(s, F_HUNDREDS)


cdef inline HundredsBoard* hundreds_board(GameState* s) noexcept nogil:
    return &faction_board(s, F_HUNDREDS).hundreds


cdef inline int warlord_at(GameState* s) noexcept nogil:
    """The warlord's clearing, -1 off the map."""
    return hundreds_pc(s).pawn


cdef inline int track_items(GameState* s, int track) noexcept nogil:
    """Items on a Hoard track (0 Command, 1 Prowess: HOARD_TRACK)."""
    cdef int k, n = 0
    for k in range(NVITEM):
        if HOARD_TRACK[k] == track:
            n += hundreds_board(s).hoard[k]
    return n


cdef inline int command_of(GameState* s) noexcept nogil:
    """Command from the items on its track (LoR 14.2.4.II: 0 -> 1, 1-2 -> 2, 3 -> 3, 4 -> 4)."""
    return HOARD_LEVEL[track_items(s, 0)]


cdef inline int prowess_of(GameState* s) noexcept nogil:
    return HOARD_LEVEL[track_items(s, 1)]


cdef inline int mood_of(GameState* s) noexcept nogil:
    """The mood in force (-1 without the Hundreds): it lasts through other players' turns (H-C3)."""
    if hundreds_seat(s) < 0:
        return -1
    return hundreds_board(s).mood


cdef inline bint mood_here(GameState* s, int mood, int c) noexcept nogil:
    """The mood is in force and the warlord stands in c."""
    return mood_of(s) == mood and warlord_at(s) == c


cdef int hundreds_evening_draws(GameState* s, int seat) noexcept nogil:
    """One card; Rowdy one more, or two more with three or more enemy pieces in the warlord's
    clearing (LoR 14.7.6; H-C13)."""
    cdef int n = LH_EVENING_DRAW, c = warlord_at(s), enemies = 0
    if mood_of(s) != MOOD_ROWDY:
        return n
    if c >= 0:
        enemies = enemy_side_pieces(s, seat, c)           # enemy hireling pieces too (E-16)
    return n + (2 if enemies >= LH_ROWDY_CROWD else 1)


# ---- the Hoard (LoR 14.2.4) -----------------------------------------------------------------------

cdef void hoard_gain(GameState* s, int k, int resume) noexcept nogil:
    """Item k goes onto its track; a full track (four) asks which of the five leaves the game, for
    1 VP (LoR 14.2.4.I, H-C4): S_LH_OVERFLOW, then back to resume."""
    cdef HundredsBoard* b = hundreds_board(s)
    if HOARD_TRACK[k] < 0:                # (a torch: no track takes it; none reaches the Hundreds)
        s.items_lost[k] += 1
        return
    b.hoard[k] += 1
    emit(E_HOARD, hundreds_seat(s), -1, k, 1, -1)
    if track_items(s, HOARD_TRACK[k]) > LH_TRACK:
        b.overflow = HOARD_TRACK[k] + 1
        b.hoard_resume = resume
        s.step = S_LH_OVERFLOW


cdef int gen_overflow(GameState* s, int* out) noexcept nogil:
    cdef int k, n = 0, track = hundreds_board(s).overflow - 1
    for k in range(NVITEM):
        if HOARD_TRACK[k] == track and hundreds_board(s).hoard[k] > 0:
            out[n] = A_HOARD_OUT + k
            n += 1
    return n


cdef void hoard_out(GameState* s, int k, int why) noexcept nogil:
    """Item k leaves the Hoard and the game (an overflow's 1 VP, or Lavish's warriors)."""
    hundreds_board(s).hoard[k] -= 1
    s.items_lost[k] += 1
    emit(E_HOARD, hundreds_seat(s), -1, k, -1, why)


cdef void overflow_out(GameState* s, int k) noexcept nogil:
    cdef HundredsBoard* b = hundreds_board(s)
    b.overflow = 0
    hoard_out(s, k, 0)
    s.step = b.hoard_resume
    add_vp(s, hundreds_seat(s), 1, VP_HOARD, -1, k)
    if not game_over(s):
        hoard_resumed(s)


cdef void hoard_resumed(GameState* s) noexcept nogil:
    """After an overflow's choice: what the step it returns to still had to do."""
    if s.step == S_LH_BIRD and hundreds_board(s).stage == LH_RAZE:
        raze_next(s)
    elif s.step == S_LH_LOOT:                # a loot's item: the battle is over
        battle_return(s)


# ---- Contempt for Trade (LoR 14.2.3) ----------------------------------------------------------------

cdef void contempt_start(GameState* s, int t) noexcept nogil:
    """An item card crafted: the item out of the supply, then take it for no VP or score and
    remove it (S_LH_CONTEMPT)."""
    cdef HundredsBoard* b = hundreds_board(s)
    s.item_supply[CARD_ITEM[t]] -= 1
    b.contempt_card = t
    b.contempt_resume = s.step
    s.step = S_LH_CONTEMPT


cdef void contempt(GameState* s, int score) noexcept nogil:
    cdef HundredsBoard* b = hundreds_board(s)
    cdef int t = b.contempt_card, me = hundreds_seat(s)
    b.contempt_card = -1
    s.step = b.contempt_resume
    emit(E_CONTEMPT, me, -1, CARD_ITEM[t], score, t)
    if score:
        s.items_lost[CARD_ITEM[t]] += 1
        add_vp(s, me, craft_vp(s, me, t), VP_CRAFT, -1, t)
    else:
        hoard_gain(s, CARD_ITEM[t], b.contempt_resume)
    if not game_over(s):
        crafted_item(s, me, t)          # other crafting VP score either way (Master Engravers)


# ---- Looters (LoR 14.2.5) ----------------------------------------------------------------------

cdef inline int box_items(GameState* s, int d) noexcept nogil:
    """Items a loot can take from d's Crafted Items box: crafted items, never the Vagabond's (he
    has no box) nor a treasure (W-MP-30)."""
    cdef int k, n = 0
    if ITEM_PLAYER[s.seat_faction[d]]:
        return 0
    for k in range(NITEM):
        n += s.seats[d].items[k]
    return n


cdef bint hundreds_may_loot(GameState* s) noexcept nogil:
    """At a battle's start: the Hundreds attack a defender with an item in its box."""
    return (s.battle.attacker == hundreds_seat(s) and s.battle.defender < HSIDE   # (a hireling has no box)
            and box_items(s, s.battle.defender) > 0)


cdef bint loot_due(GameState* s) noexcept nogil:
    """A loot's end: ruling the clearing, the Hundreds take an item from the defender's box
    (S_LH_LOOT, their choice of kind; H-C6), else nothing."""
    return box_items(s, s.battle.defender) > 0 and ruler(s, s.battle.clearing) == hundreds_seat(s)


cdef int gen_loot(GameState* s, int* out) noexcept nogil:
    cdef int k, n = 0, d = s.battle.defender
    for k in range(NITEM):
        if s.seats[d].items[k] > 0:
            out[n] = A_LOOT + 1 + k
            n += 1
    return n


cdef void loot_take(GameState* s, int k) noexcept nogil:
    cdef int d = s.battle.defender
    s.battle.loot = 0
    s.seats[d].items[k] -= 1
    box_item_lost(s, d, k)
    emit(E_LOOT, hundreds_seat(s), s.battle.clearing, k, 1, d)
    hoard_gain(s, k, S_LH_LOOT)
    if s.step != S_LH_OVERFLOW:
        battle_return(s)


# ---- the moods in battle (LoR 14.7) ----------------------------------------------------------------

cdef int hundreds_attack_hits(GameState* s, int att, int c) noexcept nogil:
    """Wrathful: one extra hit attacking in the warlord's clearing (LoR 14.7.8)."""
    return 1 if att == hundreds_seat(s) and mood_here(s, MOOD_WRATHFUL, c) else 0


cdef bint hundreds_first_hit(GameState* s, int seat, int c) noexcept nogil:
    """Stubborn: the first hit the Hundreds take in a battle in the warlord's clearing is ignored
    (LoR 14.7.7; H-C11)."""
    return seat == hundreds_seat(s) and mood_here(s, MOOD_STUBBORN, c)


cdef bint bitter_open(GameState* s) noexcept nogil:
    """Bitter: in a battle in the warlord's clearing, before the roll, mobs there or adjacent may
    become warriors there (LoR 14.7.1; H-C10: once a battle, attacking or defending)."""
    cdef int c = s.battle.clearing, me = hundreds_seat(s), j
    if s.battle.bitter or not mood_here(s, MOOD_BITTER, c):
        return False
    if s.battle.attacker != me and s.battle.defender != me:
        return False
    if hundreds_pc(s).warrior_supply == 0 or not may_place(s, me, c):
        return False
    for j in range(NCL):
        if hundreds_pc(s).tokens[0][j] and (j == c or adjacent(s, c, j)):
            return True
    return False


cdef int gen_bitter(GameState* s, int* out) noexcept nogil:
    cdef int c = s.battle.clearing, j, n = 1
    out[0] = A_PASS
    if hundreds_pc(s).warrior_supply == 0:
        return 1
    for j in range(NCL):
        if hundreds_pc(s).tokens[0][j] and (j == c or adjacent(s, c, j)):
            out[n] = A_BITTER + j
            n += 1
    return n


cdef void apply_bitter(GameState* s, int a) noexcept nogil:
    cdef int buf[NCL + 1]
    cdef int me = hundreds_seat(s), j, c = s.battle.clearing
    cdef Pieces* pc = hundreds_pc(s)
    if a == A_PASS:
        s.battle.bitter = 1
        before_roll(s)                    # (Bitter is over: Rabbit Scouts, the Arbiter, the roll)
        return
    j = a - A_BITTER
    pc.tokens[0][j] -= 1
    pc.token_supply[0] += 1
    emit(E_REMOVE, me, j, P_MOB, 1, CAUSE_BITTER)
    pc.warriors[c] += 1
    pc.warrior_supply -= 1
    emit(E_PLACE, me, c, 6, 1, -1)       # PLACE_WHYS "bitter"
    if gen_bitter(s, buf) <= 1:
        apply_bitter(s, A_PASS)


# ---- removals -------------------------------------------------------------------------------------

cdef bint favor_clears_hundreds(GameState* s, int c, int d) noexcept nogil:
    """A Favor (a Revolt, a bomb) removes the Hundreds' warriors, strongholds and mobs in c, never
    the warlord (LoR 14.2.2, W-MP-31). True when it pauses (a win)."""
    cdef Pieces* pc = hundreds_pc(s)
    cdef int n = pc.warriors[c], vp = 0
    removed(s, d, c, P_HUNDRED, n)
    pc.warriors[c] = 0
    warriors_to_supply(s, d, n)
    removed(s, d, c, P_STRONGHOLD, pc.buildings[0][c])
    vp += pc.buildings[0][c]
    pc.building_supply[0] += pc.buildings[0][c]
    pc.buildings[0][c] = 0
    removed(s, d, c, P_MOB, pc.tokens[0][c])
    vp += pc.tokens[0][c]
    pc.token_supply[0] += pc.tokens[0][c]
    pc.tokens[0][c] = 0
    add_vp(s, s.favor_seat, vp, clear_reason(s, c), c, s.suit[c])
    return game_over(s)


cdef void warlord_hit(GameState* s, int remover) noexcept nogil:
    """A hit takes the warlord: to the supply, Anointed again next Birdsong (H-C16)."""
    cdef int c = warlord_at(s)
    emit(E_REMOVE, hundreds_seat(s), c, P_PAWN, 1, CAUSE_HIT)
    hundreds_pc(s).pawn = -1
    vb_removed_warriors(s, remover, hundreds_seat(s), c, 1, True)   # a Vagabond remover's Hostility


# ---- setup (LoR 14.3) ----------------------------------------------------------------------------

cdef int gen_lh_corner(GameState* s, int* out) noexcept nogil:
    """LoR 14.3.2 (draft.pxi gen_free_corner)."""
    return gen_free_corner(s, hundreds_seat(s), A_LH_CORNER, out)


cdef void hundreds_setup(GameState* s) noexcept nogil:
    cdef int buf[NCL]
    hundreds_board(s).mood = MOOD_STUBBORN           # LoR 14.3.4
    if gen_lh_corner(s, buf) == 1:
        lh_setup_corner(s, buf[0] - A_LH_CORNER)
    else:
        s.step = S_LH_SETUP


cdef void lh_setup_corner(GameState* s, int c) noexcept nogil:
    """The warlord, four warriors and a stronghold in the corner (LoR 14.3.2); the ruins hold
    their "R" items in every game already (init_ruins; 14.3.3)."""
    cdef Pieces* pc = hundreds_pc(s)
    if drafting(s):
        add_homeland(s, hundreds_seat(s), c)
    pc.pawn = c
    pc.warriors[c] += LH_START_WARRIORS
    pc.warrior_supply -= LH_START_WARRIORS
    pc.buildings[0][c] += 1
    pc.building_supply[0] -= 1
    setup_next(s, F_HUNDREDS)


# ---- Birdsong (LoR 14.4): Raze, Recruit, Anoint, Choose Mood; Lavish ------------------------------

cdef void hundreds_birdsong(GameState* s) noexcept nogil:
    """Raze: in each mob clearing (clearing order, H-C7) every enemy building and token goes (1 VP
    each), then each of those clearings' ruins gives an item (chance), then the mob die."""
    cdef HundredsBoard* b = hundreds_board(s)
    cdef int c
    b.raze_left = 0
    b.mob_suit = -1
    for c in range(NCL):
        if hundreds_pc(s).tokens[0][c]:
            raze(s, c)
            if game_over(s):
                return
            if ruin_on(s, c):
                b.raze_left |= <uint16_t>(1 << c)
    b.stage = LH_RAZE
    s.step = S_LH_BIRD
    raze_next(s)


cdef void raze(GameState* s, int c) noexcept nogil:
    """Every enemy building and token in c (LoR 14.4.1; trap 5: no warrior, no pawn), 1 VP each for
    the Hundreds (3.2.1); the removed pieces' own rules follow (remove_piece)."""
    cdef int me = hundreds_seat(s), d, k, p, n = 0
    cdef Pieces* pc
    for d in range(s.nseats):
        if not is_enemy(s, me, d) or s.seat_faction[d] < 0:
            continue
        pc = &s.seats[d].pc
        for k in range(NBKIND):
            while pc.buildings[k][c] > 0:
                p = FACTION_BUILDING[s.seat_faction[d]][k]
                emit(E_REMOVE, d, c, p, 1, CAUSE_RAZE)
                remove_piece(s, d, c, p, me)
                n += 1
        for k in range(NTKIND):
            while pc.tokens[k][c] > 0:
                p = FACTION_TOKEN[s.seat_faction[d]][k]
                emit(E_REMOVE, d, c, p, 1, CAUSE_RAZE)
                remove_piece(s, d, c, p, me)
                n += 1
        if pc.keep == c:
            emit(E_REMOVE, d, c, P_KEEP, 1, CAUSE_RAZE)
            remove_piece(s, d, c, P_KEEP, me)
            n += 1
    if n > 0:
        add_vp(s, me, n, VP_RAZE, c, s.suit[c])


cdef void raze_next(GameState* s) noexcept nogil:
    """The next razed ruin's item (S_LH_RUIN, chance; two Vagabonds: raze_look), then the mob die."""
    cdef HundredsBoard* b = hundreds_board(s)
    if b.raze_left:
        s.step = S_LH_RUIN
        if two_vagabonds(s):
            raze_look(s)
        return
    mob_roll(s, S_LH_BIRD)


cdef inline int raze_ruin(GameState* s) noexcept nogil:
    return ctz64(hundreds_board(s).raze_left)


cdef void raze_item(GameState* s, int k) noexcept nogil:
    """One Vagabond: the ruin's one item, from the pool nobody has seen, into the Hoard, no VP
    (H-T11); the ruin leaves the map. Two Vagabonds: the item turns up and is seen (raze_seen)."""
    cdef int c = raze_ruin(s)
    s.ruin_items[k] -= 1
    if two_vagabonds(s):
        raze_seen(s, c, k)
        return
    s.explored |= <uint16_t>(1 << c)
    raze_take(s, c, k)


# ---- two Vagabonds: a razed ruin of two items (LoR 9.7.3; H-C17) --------------------------------
# The Hundreds look at every item left in the ruin (an unseen one is a chance event, S_LH_RUIN; one
# a Vagabond saw they see too), then take one of their choice (S_LH_BIRD at stage LH_RAZE), never
# an "R" kind they took from a ruin before (lh ritems). The one left is known to its seers alone
# (ruin_seen, ruin_seers), as the Vagabond's look (vagabond.pxi).

cdef void raze_look(GameState* s) noexcept nogil:
    cdef HundredsBoard* b = hundreds_board(s)
    cdef int c = raze_ruin(s), n
    cdef int picks[NVITEM]
    if ruin_seen_n(s, c) > 0:
        s.ruin_seers[c] |= <uint8_t>(1 << hundreds_seat(s))
    if ruin_seen_n(s, c) < ruin_left(s, c):
        s.step = S_LH_RUIN
        return
    n = gen_raze_picks(s, picks)
    if n == 1:
        raze_pick(s, picks[0] - A_RUIN_TAKE)
        return
    if n == 0:                            # every kind left is one they took before: none taken
        b.raze_left &= <uint16_t>~(1 << c)
        raze_next(s)
        return
    s.step = S_LH_BIRD                    # their choice (LH_RAZE)


cdef void raze_seen(GameState* s, int c, int k) noexcept nogil:
    """An unseen item of the razed ruin turns out to be k: the Hundreds alone know it now."""
    s.ruin_seen[c][0 if s.ruin_seen[c][0] < 0 else 1] = k
    s.ruin_seers[c] = <uint8_t>(1 << hundreds_seat(s))
    raze_look(s)


cdef int gen_raze_picks(GameState* s, int* out) noexcept nogil:
    """The seen items of the razed ruin they may take: one action a kind, no "R" kind taken before."""
    cdef int i, k, n = 0, c = raze_ruin(s)
    for i in range(2):
        k = s.ruin_seen[c][i]
        if k >= 0 and not (hundreds_board(s).ritems >> k) & 1 and not (i == 1 and k == s.ruin_seen[c][0]):
            out[n] = A_RUIN_TAKE + k
            n += 1
    return n


cdef void raze_pick(GameState* s, int k) noexcept nogil:
    """They take seen item k of the razed ruin; the ruin leaves the map with its last item."""
    cdef int c = raze_ruin(s)
    if s.ruin_seen[c][0] == k:
        s.ruin_seen[c][0] = s.ruin_seen[c][1]
    s.ruin_seen[c][1] = -1
    if (s.ruin_half >> c) & 1:
        s.explored |= <uint16_t>(1 << c)
        s.ruin_half &= <uint16_t>~(1 << c)
    else:
        s.ruin_half |= <uint16_t>(1 << c)
    if s.ruin_seen[c][0] < 0:
        s.ruin_seers[c] = 0
    hundreds_board(s).ritems |= <uint8_t>(1 << k)
    raze_take(s, c, k)


cdef void raze_take(GameState* s, int c, int k) noexcept nogil:
    """Item k of the ruin in c into the Hoard (no VP, H-T11), then the next ruin."""
    cdef HundredsBoard* b = hundreds_board(s)
    b.raze_left &= <uint16_t>~(1 << c)
    emit(E_RAZE_ITEM, hundreds_seat(s), c, k, 0, -1)
    s.step = S_LH_BIRD
    hoard_gain(s, k, S_LH_BIRD)
    if s.step == S_LH_BIRD:
        raze_next(s)


cdef inline bint mob_spot(GameState* s, int c, int suit) noexcept nogil:
    """A mob may spread to c: of the suit, no mob, adjacent to a mob (LoR 14.4.1)."""
    cdef int j
    if s.suit[c] != suit or hundreds_pc(s).tokens[0][c] or not may_place(s, hundreds_seat(s), c):
        return False
    for j in range(NCL):
        if hundreds_pc(s).tokens[0][j] and adjacent(s, c, j):
            return True
    return False


cdef inline int mob_spots(GameState* s, int suit) noexcept nogil:
    cdef int c, n = 0
    for c in range(NCL):
        if mob_spot(s, c, suit):
            n += 1
    return n


cdef void mob_roll(GameState* s, int resume) noexcept nogil:
    """Roll the mob die (S_LH_MOB) where a mob could spread on some face and one is in the supply
    (H-C8: a roll that changes nothing is skipped); else go on at once."""
    cdef HundredsBoard* b = hundreds_board(s)
    b.mob_resume = resume
    if hundreds_pc(s).token_supply[0] > 0 and (mob_spots(s, FOX) + mob_spots(s, RABBIT) + mob_spots(s, MOUSE)) > 0:
        s.step = S_LH_MOB
    else:
        mob_done(s)


cdef void mob_rolled(GameState* s, int suit) noexcept nogil:
    """The die shows suit: the Hundreds place a mob in a clearing of it (their choice, H-C8)."""
    cdef HundredsBoard* b = hundreds_board(s)
    cdef int c, n = mob_spots(s, suit), last = -1
    emit(E_MOB_DIE, hundreds_seat(s), -1, suit, n, -1)
    if n == 0:
        mob_done(s)
        return
    b.mob_suit = suit
    if n == 1:
        for c in range(NCL):
            if mob_spot(s, c, suit):
                last = c
        place_mob(s, last)
        return
    s.step = b.mob_resume
    if s.step == S_LH_BIRD:
        b.stage = LH_MOB


cdef void place_mob(GameState* s, int c) noexcept nogil:
    cdef Pieces* pc = hundreds_pc(s)
    hundreds_board(s).mob_suit = -1
    pc.tokens[0][c] += 1
    pc.token_supply[0] -= 1
    emit(E_MOB, hundreds_seat(s), c, 0, 1, -1)
    mob_done(s)


cdef void mob_done(GameState* s) noexcept nogil:
    """After a spread: Birdsong's Recruit, or the next Jubilant roll in Evening."""
    cdef HundredsBoard* b = hundreds_board(s)
    b.mob_suit = -1
    s.step = b.mob_resume
    if s.step == S_LH_BIRD:
        hundreds_recruit(s)
    # (S_LH_EVE: Jubilant's next roll is offered there)


cdef void hundreds_recruit(GameState* s) noexcept nogil:
    """Prowess warriors into the warlord's clearing, then one per stronghold in its clearing
    (LoR 14.4.2; H-C1: none at an absent warlord). Short of warriors for the strongholds, the
    Hundreds choose which get the last ones (LoR 1.5.4: stage LH_RECRUIT, place_left)."""
    cdef Pieces* pc = hundreds_pc(s)
    cdef int me = hundreds_seat(s), c = warlord_at(s), n, need = 0
    if c >= 0 and may_place(s, me, c):
        n = min(prowess_of(s), <int>pc.warrior_supply)
        pc.warriors[c] += n
        pc.warrior_supply -= n
        if n > 0:
            emit(E_PLACE, me, c, 1, n, -1)          # PLACE_WHYS "recruit"
    for c in range(NCL):
        s.place_left[c] = pc.buildings[0][c] if may_place(s, me, c) else 0
        need += s.place_left[c]
    if need > pc.warrior_supply and pc.warrior_supply > 0:
        hundreds_board(s).stage = LH_RECRUIT
        s.step = S_LH_BIRD
        return
    for c in range(NCL if need <= pc.warrior_supply else 0):
        if s.place_left[c] > 0:
            pc.warriors[c] += s.place_left[c]
            pc.warrior_supply -= s.place_left[c]
            emit(E_PLACE, me, c, 1, s.place_left[c], -1)
    memset(s.place_left, 0, NCL)
    anoint_or_mood(s)


cdef void recruit_one(GameState* s, int c) noexcept nogil:
    """A warrior of a short supply to the stronghold in c (LoR 1.5.4); the last one, then Anoint."""
    cdef Pieces* pc = hundreds_pc(s)
    pc.warriors[c] += 1
    pc.warrior_supply -= 1
    s.place_left[c] -= 1
    emit(E_PLACE, hundreds_seat(s), c, 1, 1, -1)
    if pc.warrior_supply == 0:
        memset(s.place_left, 0, NCL)
        anoint_or_mood(s)


cdef void anoint_or_mood(GameState* s) noexcept nogil:
    cdef int buf[NCL]
    if warlord_at(s) < 0 and gen_anoint(s, buf) > 0:
        hundreds_board(s).stage = LH_ANOINT
    else:
        hundreds_board(s).stage = LH_MOOD
    s.step = S_LH_BIRD


cdef int gen_anoint(GameState* s, int* out) noexcept nogil:
    """A Hundreds warrior the warlord replaces, or with none on the map any clearing it may be
    placed in (LoR 14.4.3; H-C15)."""
    cdef int c, n = 0, me = hundreds_seat(s)
    for c in range(NCL):
        if hundreds_pc(s).warriors[c] > 0 and may_place(s, me, c):
            out[n] = A_ANOINT + c
            n += 1
    if n:
        return n
    for c in range(NCL):
        if may_place(s, me, c):
            out[n] = A_ANOINT + c
            n += 1
    return n


cdef void anoint(GameState* s, int c) noexcept nogil:
    cdef Pieces* pc = hundreds_pc(s)
    if pc.warriors[c] > 0:
        pc.warriors[c] -= 1
        pc.warrior_supply += 1
    pc.pawn = c
    emit(E_ANOINT, hundreds_seat(s), c, -1, 1, -1)
    hundreds_board(s).stage = LH_MOOD


cdef inline bint mood_allowed(GameState* s, int m) noexcept nogil:
    """A different mood whose item is not in the Hoard (LoR 14.4.4)."""
    return m != hundreds_board(s).mood and (MOOD_ITEM[m] < 0 or hundreds_board(s).hoard[MOOD_ITEM[m]] == 0)


cdef int gen_mood(GameState* s, int* out) noexcept nogil:
    cdef int m, n = 0
    for m in range(NMOOD):
        if mood_allowed(s, m):
            out[n] = A_MOOD + m
            n += 1
    return n


cdef void choose_mood(GameState* s, int m) noexcept nogil:
    cdef HundredsBoard* b = hundreds_board(s)
    if m >= 0:
        b.mood = m
        emit(E_MOOD, hundreds_seat(s), -1, m, 1, -1)
    lavish_or_end(s)


cdef inline int hoard_size(GameState* s) noexcept nogil:
    return track_items(s, 0) + track_items(s, 1)


cdef void lavish_or_end(GameState* s) noexcept nogil:
    """Lavish (the mood after Choose Mood, H-C2): Hoard items may go for 2 warriors each in the
    warlord's clearing (LoR 14.7.4); then Daylight."""
    if (hundreds_board(s).mood == MOOD_LAVISH and hoard_size(s) > 0 and warlord_at(s) >= 0):
        hundreds_board(s).stage = LH_LAVISH
        s.step = S_LH_BIRD
    else:
        end_birdsong(s, S_LH_DAY)


cdef void lavish(GameState* s, int k) noexcept nogil:
    cdef Pieces* pc = hundreds_pc(s)
    cdef int c = warlord_at(s), n, me = hundreds_seat(s)
    hoard_out(s, k, 1)
    if may_place(s, me, c):
        n = min(LH_LAVISH_WARRIORS, <int>pc.warrior_supply)
        pc.warriors[c] += n
        pc.warrior_supply -= n
        if n > 0:
            emit(E_PLACE, me, c, 7, n, -1)      # PLACE_WHYS "lavish"
    if hoard_size(s) == 0:
        end_birdsong(s, S_LH_DAY)


cdef int gen_lh_bird(GameState* s, int* out) noexcept nogil:
    cdef HundredsBoard* b = hundreds_board(s)
    cdef int c, k, n = 0
    if b.stage == LH_MOB:
        for c in range(NCL):
            if mob_spot(s, c, b.mob_suit):
                out[n] = A_MOB + c
                n += 1
        return n
    if b.stage == LH_ANOINT:
        return gen_anoint(s, out)
    if b.stage == LH_RAZE:
        return gen_raze_picks(s, out)
    if b.stage == LH_RECRUIT:
        for c in range(NCL):
            if s.place_left[c] > 0:
                out[n] = A_PLACE_WARRIOR + c
                n += 1
        return n
    if b.stage == LH_MOOD:
        n = gen_mood(s, out)
        if n == 0:                     # Lavish with nothing else allowed stays (LoR 14.4.4)
            out[0] = A_PASS
            n = 1
        return n
    out[0] = A_PASS                    # LH_LAVISH
    n = 1
    for k in range(NVITEM):
        if b.hoard[k] > 0:
            out[n] = A_HOARD_OUT + k
            n += 1
    return n


cdef void apply_lh_bird(GameState* s, int a) noexcept nogil:
    cdef HundredsBoard* b = hundreds_board(s)
    if b.stage == LH_MOB:
        place_mob(s, a - A_MOB)
    elif b.stage == LH_RAZE:
        raze_pick(s, a - A_RUIN_TAKE)
    elif b.stage == LH_ANOINT:
        anoint(s, a - A_ANOINT)
    elif b.stage == LH_RECRUIT:
        recruit_one(s, a - A_PLACE_WARRIOR)
    elif b.stage == LH_MOOD:
        choose_mood(s, -1 if a == A_PASS else a - A_MOOD)
    elif a == A_PASS:
        end_birdsong(s, S_LH_DAY)
    else:
        lavish(s, a - A_HOARD_OUT)


# ---- Daylight (LoR 14.5): Craft, Command the Hundreds, Advance the Warlord -------------------------

cdef void hundreds_daylight(GameState* s) noexcept nogil:
    cdef HundredsBoard* b = hundreds_board(s)
    s.crafting_open = 1
    b.command_left = command_of(s)
    b.advance_left = prowess_of(s)
    b.advance = 0
    b.block = LH_ADVANCE if b.mood == MOOD_GRANDIOSE else LH_COMMAND   # Grandiose (LoR 14.7.2)
    b.blocks_done = 0
    s.step = S_LH_DAY
    maybe_command_warren(s)


cdef int gen_lh_crafts(GameState* s, int* out, int k) noexcept nogil:
    """Crafting first (LoR 14.5.1), while nothing else has been done."""
    cdef int me = hundreds_seat(s), t
    cdef uint64_t m
    if not s.crafting_open or hundreds_board(s).blocks_done:
        return k
    m = cc_types(&s.seats[me].hand)
    while m:
        t = ctz64(m)
        m &= m - 1
        if can_craft(s, me, t):
            out[k] = A_CRAFT + t
            k += 1
    return k


cdef int gen_lh_day(GameState* s, int* out) noexcept nogil:
    """Command: Move, Battle, Build, up to Command times (LoR 14.5.2)."""
    cdef int me = hundreds_seat(s), k = 1, c, t
    cdef uint64_t m
    out[0] = A_PASS
    k = gen_lh_crafts(s, out, k)
    if hundreds_board(s).command_left > 0:
        k = gen_moves(s, me, out, k)
        k = gen_battles(s, me, out, k)
        if hundreds_pc(s).building_supply[0] > 0:
            m = cc_types(&s.seats[me].hand)
            while m:
                t = ctz64(m)
                m &= m - 1
                for c in range(NCL):
                    if (card_matches(t, s.suit[c]) and free_slots(s, c) > 0 and may_place(s, me, c)
                            and ruler(s, c) == me):
                        out[k] = A_LH_BUILD + t * NCL + c
                        k += 1
    return gen_daylight_cards(s, me, out, k)


cdef void block_done(GameState* s) noexcept nogil:
    """A Daylight block is over: the other one, or Evening."""
    cdef HundredsBoard* b = hundreds_board(s)
    b.blocks_done += 1
    s.crafting_open = 0
    if b.blocks_done >= 2:
        begin_evening(s)
        return
    b.block = LH_COMMAND if b.block == LH_ADVANCE else LH_ADVANCE
    b.advance = 0
    s.step = S_LH_DAY


cdef void apply_lh_day(GameState* s, int a) noexcept nogil:
    cdef int me = hundreds_seat(s), x, t, c
    cdef Pieces* pc = hundreds_pc(s)
    if a == A_PASS:
        block_done(s)
    elif is_dominance_action(a):
        apply_dominance(s, me, a)
    elif is_daylight_card(a):
        apply_daylight_card(s, me, a)
    elif a >= A_CRAFT and a < A_CRAFT + NCT:
        craft(s, me, a - A_CRAFT)
    else:
        s.crafting_open = 0
        hundreds_board(s).command_left -= 1
        if a >= A_LH_BUILD and a < A_LH_BUILD + NCT * NCL:     # Build (LoR 14.5.2)
            t = (a - A_LH_BUILD) // NCL
            c = (a - A_LH_BUILD) % NCL
            spend_card(s, me, t)
            pc.buildings[0][c] += 1
            pc.building_supply[0] -= 1
            emit(E_LH_BUILD, me, c, 0, 1, t)
        elif a >= A_BATTLE and a < A_BATTLE + NCL * NSIDE:
            x = a - A_BATTLE
            start_battle(s, me, x // NSIDE, x % NSIDE, S_LH_DAY)
        else:
            apply_move(s, me, a)


cdef int gen_lh_advance(GameState* s, int* out) noexcept nogil:
    """An Advance: a move of the warlord with any warriors of its clearing (rule as usual), then a
    battle in its clearing (LoR 14.5.3; H-C14); Relentless one more move or battle (14.7.5)."""
    cdef HundredsBoard* b = hundreds_board(s)
    cdef int buf[MAX_LEGAL]
    cdef int me = hundreds_seat(s), k = 1, n, i, a, w = warlord_at(s)
    out[0] = A_PASS
    k = gen_lh_crafts(s, out, k)
    if b.advance_left > 0 and w >= 0:
        if b.advance == 0 or b.advance == 3:          # at the start, or Relentless's extra
            n = gen_moves(s, me, buf, 0)
            for i in range(n):
                a = buf[i]
                if is_pawn_move_from(a, w):
                    out[k] = a
                    k += 1
        n = gen_battles(s, me, buf, 0)
        for i in range(n):
            if (buf[i] - A_BATTLE) // NSIDE == w:
                out[k] = buf[i]
                k += 1
    return gen_daylight_cards(s, me, out, k)


cdef void advance_over(GameState* s) noexcept nogil:
    cdef HundredsBoard* b = hundreds_board(s)
    b.advance = 0
    b.advance_left -= 1


cdef void apply_lh_advance(GameState* s, int a) noexcept nogil:
    """advance: 0 an Advance may begin, 1 moved, 2 (unused), 3 Relentless's extra."""
    cdef HundredsBoard* b = hundreds_board(s)
    cdef int me = hundreds_seat(s), x
    if a == A_PASS:
        if b.advance == 0:
            block_done(s)
        else:
            advance_over(s)
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
    s.crafting_open = 0
    if a >= A_BATTLE and a < A_BATTLE + NCL * NSIDE:
        x = a - A_BATTLE
        if b.advance == 1 and b.mood == MOOD_RELENTLESS:    # moved and battled: one more
            b.advance = 3
        else:
            advance_over(s)
        start_battle(s, me, x // NSIDE, x % NSIDE, S_LH_DAY)
        return
    if b.advance == 3:
        advance_over(s)
    else:
        b.advance = 1
    apply_move(s, me, a)


# ---- Evening (LoR 14.6): Incite, Oppress, draw -----------------------------------------------------

cdef void hundreds_evening(GameState* s) noexcept nogil:
    hundreds_board(s).jubilant_left = 0
    s.step = S_LH_EVE


cdef int gen_lh_eve(GameState* s, int* out) noexcept nogil:
    """Pass (Oppress and draw); Incite: a card for a mob in a matching clearing with a Hundreds
    warrior (the warlord counts) and no mob (LoR 14.6.1); Jubilant's rolls after an Incite in
    the warlord's clearing (A_JUBILANT; pass ends them)."""
    cdef int me = hundreds_seat(s), k = 1, c, t
    cdef uint64_t m
    cdef Pieces* pc = hundreds_pc(s)
    if hundreds_board(s).mob_suit >= 0:         # a Jubilant roll's mob to place
        for c in range(NCL):
            if mob_spot(s, c, hundreds_board(s).mob_suit):
                out[k - 1] = A_MOB + c
                k += 1
        return k - 1
    out[0] = A_PASS
    if hundreds_board(s).jubilant_left > 0:
        out[1] = A_JUBILANT
        return 2
    if pc.token_supply[0] == 0:
        return 1
    m = cc_types(&s.seats[me].hand)
    while m:
        t = ctz64(m)
        m &= m - 1
        for c in range(NCL):
            if (card_matches(t, s.suit[c]) and pc.tokens[0][c] == 0 and (pc.warriors[c] > 0 or pc.pawn == c)
                    and may_place(s, me, c)):
                out[k] = A_INCITE + t * NCL + c
                k += 1
    return k


cdef void apply_lh_eve(GameState* s, int a) noexcept nogil:
    cdef HundredsBoard* b = hundreds_board(s)
    cdef int me = hundreds_seat(s), t, c
    if a == A_PASS:
        if b.jubilant_left > 0:
            b.jubilant_left = 0
            return
        oppress(s)
        if not game_over(s):
            evening_draw(s, hundreds_evening_draws(s, me))
        return
    if a == A_JUBILANT:
        b.jubilant_left -= 1
        mob_roll(s, S_LH_EVE)
        return
    t = (a - A_INCITE) // NCL
    c = (a - A_INCITE) % NCL
    spend_card(s, me, t)
    hundreds_pc(s).tokens[0][c] += 1
    hundreds_pc(s).token_supply[0] -= 1
    emit(E_MOB, me, c, 1, 1, t)
    if b.mood == MOOD_JUBILANT and warlord_at(s) == c:    # LoR 14.7.3 (H-C9)
        b.jubilant_left = LH_JUBILANT_ROLLS


cdef void oppress(GameState* s) noexcept nogil:
    """Oppress's VP (LoR 14.6.2)."""
    cdef int vp = oppress_vp(s)
    if vp > 0:
        add_vp(s, hundreds_seat(s), vp, VP_OPPRESS, -1, oppressed(s))


cdef inline int oppress_vp(GameState* s) noexcept nogil:
    return OPPRESS_VP[min(oppressed(s), 6)]


cdef int oppressed(GameState* s) noexcept nogil:
    """How many clearings Oppress counts (oppressed_set)."""
    return popcount64(oppressed_set(s))


cdef uint16_t oppressed_set(GameState* s) noexcept nogil:
    """Bit c: a clearing the Hundreds rule with a piece of theirs and no enemy piece (LoR 14.6.2)."""
    cdef int8_t rulers[NCL]
    cdef int me = hundreds_seat(s), c
    cdef uint16_t out = 0
    rule_table(s, rulers)
    for c in range(NCL):
        if rulers[c] != me or pieces_in(s, me, c) == 0:
            continue
        if enemy_side_pieces(s, me, c) == 0:               # enemy hireling pieces block too (H-C22)
            out |= <uint16_t>(1 << c)
    return out


# ---- the steps -------------------------------------------------------------------------------------

cdef int gen_hundreds(GameState* s, int* out) noexcept nogil:
    cdef int st = s.step
    if st == S_LH_SETUP:
        return gen_lh_corner(s, out)
    if st == S_LH_BIRD:
        return gen_lh_bird(s, out)
    if st == S_LH_DAY:
        if hundreds_board(s).block == LH_ADVANCE:
            return gen_lh_advance(s, out)
        return gen_lh_day(s, out)
    if st == S_LH_EVE:
        return gen_lh_eve(s, out)
    if st == S_LH_CONTEMPT:
        out[0] = A_CONTEMPT
        out[1] = A_CONTEMPT + 1
        return 2
    if st == S_LH_OVERFLOW:
        return gen_overflow(s, out)
    if st == S_LH_LOOT:
        return gen_loot(s, out)
    if st == S_LH_DECLARE:
        out[0] = A_PASS
        out[1] = A_LOOT
        return 2
    if st == S_LH_BITTER:
        return gen_bitter(s, out)
    return 0


cdef int hundreds_chance(GameState* s, int* out, double* prob) noexcept nogil:
    """The mob die (three faces, uniform: docs/hundreds-keepers.md §6), or a razed ruin's item
    from the pool nobody has seen."""
    cdef int k, n = 0, tot = 0
    if s.step == S_LH_MOB:
        for k in range(3):
            out[k] = A_MOB_DIE + k
            prob[k] = 1.0 / 3.0
        return 3
    for k in range(NVITEM):
        tot += s.ruin_items[k]
    for k in range(NVITEM):
        if s.ruin_items[k]:
            out[n] = A_RUIN_ITEM + k
            prob[n] = <double>s.ruin_items[k] / tot
            n += 1
    return n


cdef void apply_hundreds(GameState* s, int a) noexcept nogil:
    cdef int st = s.step
    if st == S_LH_SETUP:
        lh_setup_corner(s, a - A_LH_CORNER)
    elif st == S_LH_BIRD:
        apply_lh_bird(s, a)
    elif st == S_LH_MOB:
        mob_rolled(s, a - A_MOB_DIE)
    elif st == S_LH_RUIN:
        raze_item(s, a - A_RUIN_ITEM)
    elif st == S_LH_DAY:
        if hundreds_board(s).block == LH_ADVANCE:
            apply_lh_advance(s, a)
        else:
            apply_lh_day(s, a)
    elif st == S_LH_EVE:
        if a >= A_MOB and a < A_MOB + NCL:
            place_mob(s, a - A_MOB)
        else:
            apply_lh_eve(s, a)
    elif st == S_LH_CONTEMPT:
        contempt(s, a - A_CONTEMPT)
    elif st == S_LH_OVERFLOW:
        overflow_out(s, a - A_HOARD_OUT)
    elif st == S_LH_LOOT:
        loot_take(s, a - A_LOOT - 1)
    elif st == S_LH_DECLARE:
        s.battle.loot = 1 if a == A_LOOT else 0
        if a == A_LOOT:
            emit(E_LOOT, hundreds_seat(s), s.battle.clearing, -1, 0, s.battle.defender)
        ambush_or_roll(s)
    else:                                 # S_LH_BITTER
        apply_bitter(s, a)
