# The Vagabond's characters beyond the base box's three (LoR 16.3.4-9; root-factions-corvid-
# marauder.md §6; W-MP-45..47). The Thief's Steal, the Tinker's Day Labor and the Ranger's
# Hideout live in vagabond.pxi. Each character here is its starting items (VAGABOND_TABLE) and
# one special action, asked at the moment of the rule it bends:
#   Vagrant    Instigate: a battle in his clearing between two others he names; he takes the
#              hits for both sides and scores what they lose (battle.instigator).
#   Arbiter    Protector: a defender in his clearing may enlist him before the roll; his undamaged
#              swords raise its rolled-hit cap, he scores 1 (S_ENLIST, battle.arbiter).
#   Scoundrel  Scorched Earth: his torch goes into his clearing, every enemy piece there is
#              removed, and nothing is placed in or moved into it again (s.scorched).
#   Adventurer Improvise: once a turn, one face-up item stands in for a quest's item, and is
#              damaged as it is exhausted (vb_improvised).
#   Ronin      Swift Strike: after the roll, a face-up sword exhausted for an extra hit (battle.swift).
#   Harrier    Glide: the pawn alone to any clearing, no boots, Hostility ignored.


cdef inline int playing(GameState* s, int ch) noexcept nogil:
    """The seat of the Vagabond playing character ch (one card each: one Vagabond at most), -1."""
    cdef int v
    for v in range(s.nseats):
        if is_vagabond(s, v) and vb_board(s, v).vb_char == ch:
            return v
    return -1


cdef inline bint plays(GameState* s, int ch) noexcept nogil:
    """A Vagabond at the table plays character ch."""
    return playing(s, ch) >= 0


# ---- Scorched Earth: closed clearings (LoR 16.3.6) ------------------------------------------

cdef inline bint scorched(GameState* s, int c) noexcept nogil:
    """The Scoundrel's torch lies in c: no piece may be placed in or moved into it (every
    placement asks may_place, every move reach_mask or its own reach; W-MP-46)."""
    return 0 <= c < NCL and (s.scorched >> c) & 1


cdef void scorched_earth(GameState* s, int v) noexcept nogil:
    """Exhaust a torch and place it in his clearing (it leaves his board for good: vb_out counts
    it); remove every enemy piece there, as a Favor does (the Wyrm's pawn flies to a forest,
    W-MP-46); he stays."""
    cdef int c = vb_pc(s, v).pawn
    vb_board(s, v).vb_items[VS_UP][I_TORCH] -= 1
    vb_board(s, v).vb_out[I_TORCH] += 1
    s.scorched |= <uint16_t>(1 << c)
    emit(E_SCORCHED, v, c, -1, -1, -1)
    clear_enemies(s, v, <uint16_t>(1 << c), S_VB_DAY)


# ---- Glide (LoR 16.3.9) ----------------------------------------------------------------------

cdef int gen_glide(GameState* s, int v, int* out, int k) noexcept nogil:
    """Any clearing but his own and a scorched one: paths, forests and Hostility do not matter."""
    cdef int c
    for c in range(NCL):
        if c != vb_pc(s, v).pawn and not scorched(s, c):
            out[k] = A_GLIDE + c
            k += 1
    return k


cdef void glide(GameState* s, int v, int c) noexcept nogil:
    exhaust(s, v, I_TORCH, 1)
    vb_pc(s, v).pawn = c
    emit(E_GLIDE, v, c, -1, -1, -1)


# ---- Improvise (LoR 16.3.7) ------------------------------------------------------------------

cdef int gen_improvise(GameState* s, int v, int q, int* out, int k) noexcept nogil:
    """Quest q (matching his clearing) with one face-up item k standing in for the item in one
    of its two slots; the other slot's item is his own. Once per turn. A quest of two like
    items has one slot to stand in for (slot 0)."""
    cdef int slot, it, need, other
    for slot in range(1 if QUEST_ITEM[q][0] == QUEST_ITEM[q][1] else 2):
        need = QUEST_ITEM[q][slot]
        other = QUEST_ITEM[q][1 - slot]
        if ready(s, v, other) < 1:
            continue
        for it in range(NVITEM):
            if it == need or ready(s, v, it) < 1 + (it == other):
                continue
            out[k] = A_IMPROVISE + ((q * 2) * 2 + slot) * NVITEM + it
            out[k + 1] = A_IMPROVISE + ((q * 2 + 1) * 2 + slot) * NVITEM + it
            k += 2
    return k


cdef void improvise(GameState* s, int v, int a) noexcept nogil:
    """The quest, its slot's item replaced: the stand-in is exhausted, then damaged."""
    cdef int x = a - A_IMPROVISE, it = x % NVITEM, slot = (x // NVITEM) % 2
    cdef int qr = x // NVITEM // 2, q = qr // 2
    vb_board(s, v).vb_improvised = 1
    vb_board(s, v).vb_items[VS_UP][it] -= 1
    vb_board(s, v).vb_items[VS_DMG_DOWN][it] += 1
    emit(E_IMPROVISE, v, vb_pc(s, v).pawn, it, QUEST_ITEM[q][slot], -1)
    finish_quest(s, v, q, qr % 2, QUEST_ITEM[q][1 - slot], -1)


# ---- in battle: Swift Strike (LoR 16.3.8) and Protector (LoR 16.3.5) --------------------------

cdef inline bint may_swift_strike(GameState* s, int seat) noexcept nogil:
    """The Ronin, attacking or defending, after the roll: a face-up sword to exhaust."""
    return is_vagabond(s, seat) and vb_board(s, seat).vb_char == CH_RONIN and ready(s, seat, I_SWORD) > 0


cdef void swift_strike(GameState* s, int v) noexcept nogil:
    """An extra hit from the side whose effects these are: battle.swift counts up for the
    attacker's (hits on the defender), down for the defender's."""
    exhaust(s, v, I_SWORD, 1)
    s.battle.swift += 1 if s.battle.effects_stage == 0 else -1
    emit(E_SWIFT_STRIKE, v, s.battle.clearing, -1, 1, -1)


cdef inline bint may_enlist(GameState* s) noexcept nogil:
    """The Arbiter's pawn in the clearing of battle, neither side himself; the defender decides
    (a bot's program never enlists him: it has no such step)."""
    cdef int v = playing(s, CH_ARBITER)
    return (v >= 0 and vb_pc(s, v).pawn == s.battle.clearing
            and s.battle.attacker != v and s.battle.defender != v and s.battle.defender < HSIDE
            and not IS_BOT[s.seat_faction[s.battle.defender]])


cdef void before_roll(GameState* s) noexcept nogil:
    """Before the roll: the Hundreds' Bitter (LoR 14.7.1), Rabbit Scouts (E-33), then, immediately
    before the dice, the defender may enlist the Arbiter (LoR 16.3.5)."""
    if bitter_open(s):
        s.step = S_LH_BITTER
        return
    if scouts_open(s):                    # Rabbit Scouts (E-33), before the roll
        s.step = S_HR_SCOUTS
        return
    s.step = S_ENLIST if may_enlist(s) else S_ROLL


cdef void enlist(GameState* s) noexcept nogil:
    cdef int v = playing(s, CH_ARBITER)
    s.battle.arbiter = 1
    emit(E_ENLIST, s.battle.defender, s.battle.clearing, v, vb_swords(s, v), -1)
    add_vp(s, v, 1, VP_PROTECTOR, s.battle.clearing, -1)
    if not game_over(s):
        s.step = S_ROLL


cdef inline int arbiter_swords(GameState* s) noexcept nogil:
    """What the enlisted Arbiter adds to the defender's rolled-hit cap: his undamaged swords."""
    return vb_swords(s, playing(s, CH_ARBITER)) if s.battle.arbiter else 0


cdef int gen_enlist(GameState* s, int* out) noexcept nogil:
    out[0] = A_PASS
    out[1] = A_ENLIST
    return 2


cdef void apply_enlist(GameState* s, int a) noexcept nogil:
    if a == A_ENLIST:
        enlist(s)
    else:
        s.step = S_ROLL


# ---- Instigate (LoR 16.3.4; W-MP-45) -----------------------------------------------------------

cdef int gen_instigate(GameState* s, int v, int* out, int k) noexcept nogil:
    """A battle in his clearing between two other players he names: an attacker with fighters
    there, a defender (its enemy) with any piece there."""
    cdef int att, dfn, c = vb_pc(s, v).pawn
    for att in range(s.nseats):
        if att == v or fighters_in(s, att, c) == 0:
            continue
        for dfn in range(s.nseats):
            if dfn != v and dfn != att and is_enemy(s, att, dfn) and pieces_in(s, dfn, c) > 0:
                out[k] = A_INSTIGATE + att * MAX_SEATS + dfn
                k += 1
    return k


cdef void instigate(GameState* s, int v, int att, int dfn) noexcept nogil:
    """Exhaust a torch; the battle is the two sides' (their ambushes, effects and dice), but he
    removes the pieces of both (battle_chooser) and scores what they lose (battle_scorer)."""
    cdef int c = vb_pc(s, v).pawn
    exhaust(s, v, I_TORCH, 1)
    emit(E_INSTIGATE, v, c, att, dfn, -1)
    open_battle(s, att, c, dfn, S_VB_DAY, v)


cdef inline int battle_scorer(GameState* s, int loser) noexcept nogil:
    """Who scores for loser's pieces removed in this battle: the other side, or the Vagrant who
    instigated it (LoR 16.3.4)."""
    if s.battle.instigator >= 0:
        return s.battle.instigator
    return s.battle.attacker if loser == s.battle.defender else s.battle.defender
