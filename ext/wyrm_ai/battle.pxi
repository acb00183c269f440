# Battle (LoR 4.3) as a sequence of resumable decision points:
# ambush -> foil -> ambush hits -> roll (chance) -> defender takes hits -> attacker takes hits.
# The Wyrm's Monstrous, Pythonic and Ravenous (W-MON, W-PY, W-RAV) live here too.



cdef inline bint can_battle_seat(GameState* s, int seat, int c, int defender) noexcept nogil:
    """The attacker needs warriors (or the Wyrm pawn; the Vagabond his pawn and a sword to
    exhaust; a buyer its mercenaries, LoR 11.2.7.III) in the clearing and the defender, an enemy,
    any piece there (LoR 4.3, 9.5.2)."""
    return (is_enemy(s, seat, defender) and (may_attack_in(s, seat, c) or mercs_for(s, seat, c, defender) > 0)
            and pieces_in(s, defender, c) > 0)


cdef inline bint may_attack_in(GameState* s, int seat, int c) noexcept nogil:
    if ITEM_PLAYER[side_faction(s, seat)]:
        return s.seats[seat].pc.pawn == c and ready(s, seat, I_SWORD) > 0
    return fighters_in(s, seat, c) > 0


cdef inline bint can_battle(GameState* s, int seat, int c) noexcept nogil:
    """seat may start a battle in c against some enemy."""
    cdef int d
    if not may_attack_in(s, seat, c) and (hired_seat(s) != seat or mercs_for(s, seat, c, -1) == 0):
        return False
    for d in range(NSIDE):
        if side_in_play(s, d) and can_battle_seat(s, seat, c, d):
            return True
    return False


cdef int gen_battles(GameState* s, int seat, int* out, int k) noexcept nogil:
    """A battle in each clearing against each enemy with pieces there: the attacker picks one
    (LoR 4.3.1)."""
    cdef int c
    cdef bint hired = hired_seat(s) == seat
    for c in range(NCL):
        if not may_attack_in(s, seat, c) and not (hired and mercs_for(s, seat, c, -1) > 0):
            continue
        k = gen_battles_in(s, seat, c, out, k)
    return k


cdef int gen_battles_in(GameState* s, int seat, int c, int* out, int k) noexcept nogil:
    """A battle in c against each enemy side seat may battle there: a seat, or a hireling with pieces
    there (LoR 16.4.3.2, E-16)."""
    cdef int d
    for d in range(NSIDE):
        if side_in_play(s, d) and can_battle_seat(s, seat, c, d):
            out[k] = battle_action(c, d)
            k += 1
    return k


cdef inline bint ambush_fits(GameState* s, int seat, int t, int c) noexcept nogil:
    """An ambush card matching the clearing; a bird ambush fits any clearing (LoR 4.3.1)."""
    return (cc_has(&s.seats[seat].hand, t) and CARD_KIND[t] == K_AMBUSH
            and (CARD_SUIT[t] == BIRD or CARD_SUIT[t] == s.suit[c]))


cdef inline int gen_ambush(GameState* s, int seat, int* out, int k) noexcept nogil:
    cdef int t
    for t in range(NCT):
        if ambush_fits(s, seat, t, s.battle.clearing):
            out[k] = A_AMBUSH + t
            k += 1
    return k


cdef void start_battle(GameState* s, int attacker, int c, int defender, int return_step) noexcept nogil:
    open_battle(s, attacker, c, defender, return_step, -1)


cdef void open_battle(GameState* s, int attacker, int c, int defender, int return_step,
                      int instigator) noexcept nogil:
    """A battle attacker initiates, or (instigator >= 0) the Vagrant instigates between attacker and
    defender (LoR 16.3.4): then his torch paid for it, and a Vagabond attacking pays no sword."""
    s.battle.clearing = c
    s.battle.attacker = attacker
    s.battle.defender = defender
    s.battle.ambush = -1
    s.battle.stage = 0
    s.battle.hits_def = 0
    s.battle.hits_att = 0
    s.battle.alloc_left = 0
    s.battle.effects_stage = 0
    s.battle.armor_att = 0
    s.battle.armor_def = 0
    s.battle.extra_to_att = 0
    s.battle.extra_to_def = 0
    s.battle.return_step = return_step
    s.battle.despot = 0
    s.battle.ally = -1
    s.battle.ally_hits = 0
    s.battle.item_hits = 0
    s.battle.mm_lost = 0
    s.battle.mm_half = 0
    s.battle.partisans = 0
    s.battle.swift = 0
    s.battle.arbiter = 0
    s.battle.instigator = instigator
    s.battle.loot = 0
    s.battle.bitter = 0
    s.battle.hit_taken = 0
    s.battle.card_kept = 0
    s.battle.scouts = 0
    hire_for_battle(s)                              # mercenaries (LoR 11.2.7.III)
    if ITEM_PLAYER[side_faction(s, attacker)] and instigator < 0:  # a battle costs him a sword
        exhaust(s, attacker, I_SWORD, 1)                           #   (LoR 9.5.2, ruling §10.4)
    emit(E_BATTLE, attacker, c, defender, -1, -1)
    if hundreds_may_loot(s):                        # Looters: declared before any ambush (LoR 14.2.5)
        s.step = S_LH_DECLARE
        return
    ambush_or_roll(s)


cdef void ambush_or_roll(GameState* s) noexcept nogil:
    """The defender's ambush, if it may hold one, else the roll."""
    cdef int attacker = s.battle.attacker, defender = s.battle.defender
    cdef int buf[NCT]
    if defender >= HSIDE or (attacker < HSIDE and in_play(s, attacker, C_SCOUTING_PARTY)):
        before_roll(s)                    # a hireling holds no cards (E-19); none against Scouting Party
    elif HATES_SURPRISES[side_faction(s, attacker)] or HATES_SURPRISES[s.seat_faction[defender]]:
        before_roll(s)                              # Hates Surprises (MM2 digest §2.2)
    elif may_hold(s, defender, gen_ambush(s, defender, buf, 0) > 0):
        s.step = S_AMBUSH       # asked whenever its hand could hold an ambush (issue 29 item 5)
    else:
        before_roll(s)


cdef void battle_ambush(GameState* s, int t) noexcept nogil:
    """The defender plays an ambush; the attacker may foil it with an ambush of its own."""
    cdef int buf[NCT]
    spend_card(s, s.battle.defender, t)
    emit(E_AMBUSH, s.battle.defender, s.battle.clearing, t, -1, -1)
    s.battle.ambush = t
    if s.battle.attacker < HSIDE and may_hold(s, s.battle.attacker, gen_ambush(s, s.battle.attacker, buf, 0) > 0):
        s.step = S_FOIL         # asked whenever its hand could hold an ambush (issue 29 item 5)
    else:
        battle_ambush_hits(s)


cdef void battle_foil(GameState* s, int t) noexcept nogil:
    spend_card(s, s.battle.attacker, t)
    emit(E_FOIL, s.battle.attacker, s.battle.clearing, t, -1, -1)
    s.battle.ambush = -1
    before_roll(s)


cdef void battle_ambush_hits(GameState* s) noexcept nogil:
    """An ambush deals 2 hits at once, not capped and not ignorable (LoR 4.3.1, W-RAV-2)."""
    s.battle.stage = BS_AMBUSH_HITS
    emit(E_HITS, s.battle.defender, s.battle.clearing, 1, 2, -1)
    begin_alloc(s, s.battle.attacker, 2)


cdef void battle_roll(GameState* s, int high, int low) noexcept nogil:
    s.battle.roll_high = high
    s.battle.roll_low = low
    emit(E_ROLL, s.battle.attacker, s.battle.clearing, high, low, -1)
    s.battle.effects_stage = 0
    effects_next(s)


cdef int gen_effects(GameState* s, int* out, int k) noexcept nogil:
    """Battle effects after the roll (LoR 4.3.3): the attacker's, then the defender's."""
    cdef int seat
    if s.battle.effects_stage == 0:
        seat = s.battle.attacker
        if seat >= HSIDE:                   # a hireling has no cards (E-19)
            return k
        if in_play(s, seat, C_BRUTAL_TACTICS) and s.battle.extra_to_def == 0:
            out[k] = A_USE + C_BRUTAL_TACTICS
            k += 1
        if in_play(s, seat, C_ARMORERS) and not s.battle.armor_att:
            out[k] = A_USE + C_ARMORERS
            k += 1
    else:
        seat = s.battle.defender
        if seat >= HSIDE:                   # a hireling has no cards (E-19)
            return k
        if in_play(s, seat, C_SAPPERS) and s.battle.extra_to_att == 0:
            out[k] = A_USE + C_SAPPERS
            k += 1
        if in_play(s, seat, C_ARMORERS) and not s.battle.armor_def:
            out[k] = A_USE + C_ARMORERS
            k += 1
    if s.deck_id == DECK_EP and may_use_partisans(s, seat):
        out[k] = A_USE + partisans_of(s)
        k += 1
    if may_swift_strike(s, seat):
        out[k] = A_SWIFT_STRIKE
        k += 1
    return k


cdef void effects_next(GameState* s) noexcept nogil:
    cdef int buf[8]
    while s.battle.effects_stage < 2:
        if gen_effects(s, buf, 0) > 0:
            s.step = S_EFFECTS
            return
        s.battle.effects_stage += 1
    battle_deal(s)


cdef void use_effect(GameState* s, int t) noexcept nogil:
    """Armorers: discard it, ignore every rolled hit you would take. Sappers: discard it, the
    defender deals 1 extra hit. Brutal Tactics: the attacker deals 1 extra hit, the defender
    scores 1 VP."""
    cdef int seat = s.battle.attacker if s.battle.effects_stage == 0 else s.battle.defender
    if t == C_ARMORERS:
        discard_from_play(s, seat, t)
        if s.battle.effects_stage == 0:
            s.battle.armor_att = 1
        else:
            s.battle.armor_def = 1
    elif t == C_SAPPERS:
        discard_from_play(s, seat, t)
        s.battle.extra_to_att += 1
    elif t == C_BRUTAL_TACTICS:
        s.battle.extra_to_def += 1
        add_vp(s, s.battle.defender, 1, VP_BRUTAL, s.battle.clearing, -1)
        if game_over(s):
            return
    else:
        use_partisans(s, seat)
    effects_next(s)


cdef inline int capped_by(int die, int fighters) noexcept nogil:
    """For the hits event: the fighters that capped a die's hits, or -1 if the die was not capped."""
    return fighters if fighters < die else -1


cdef void battle_deal(GameState* s) noexcept nogil:
    """Deal hits: attacker the higher die, defender the lower, each capped by its warriors
    (the pawn counts three, W-MON-1); +1 hit against a defenseless defender (LoR 4.3.3, W-MON-3);
    Armorers cancel the rolled hits their owner takes; Ravenous lets the Wyrm ignore one hit per
    rolled hit it lands on enemy pieces (W-RAV-1) -- rolled hits cancelled by Armorers land on
    nothing."""
    cdef int c = s.battle.clearing
    cdef int att = s.battle.attacker
    cdef int dfn = s.battle.defender
    cdef int fa = fighters_in(s, att, c) + ally_fighters(s, att) + battle_mercs(s, att)
    cdef int fd = fighters_in(s, dfn, c) + arbiter_swords(s) + battle_mercs(s, dfn)
    cdef int da = s.battle.roll_high, dd = s.battle.roll_low
    if GUERRILLA[side_faction(s, dfn)] or s.battle.scouts == 1:   # Guerrilla War: the defending Alliance
        da = s.battle.roll_low                # deal the higher roll (LoR 8.2.2), as Rabbit Scouts' controller
                                              # for a card (E-33); the caps still apply
        dd = s.battle.roll_high
    cdef int ar = 0 if s.battle.loot else min(da, fa)     # a loot deals no rolled hits (LoR 14.2.5)
    cdef int dr = min(dd, fd)
    cdef int ignored
    if s.battle.armor_def:
        emit(E_ARMORERS, dfn, c, -1, ar, -1)
        ar = 0
    if s.battle.armor_att:
        emit(E_ARMORERS, att, c, -1, dr, -1)
        dr = 0
    cdef int to_def = ar + s.battle.extra_to_def + commander_hits(s, att) + (s.battle.partisans & 1)
    cdef int to_att = dr + s.battle.extra_to_att + (s.battle.partisans >> 1) + embedded_hits(s, dfn, c)
    to_def += max(s.battle.swift, 0)      # Swift Strike: the Ronin's extra hits (LoR 16.3.8)
    to_def += hundreds_attack_hits(s, att, c)     # Wrathful (LoR 14.7.8)
    to_att += max(-s.battle.swift, 0)
    if fighters_in(s, dfn, c) + battle_mercs(s, dfn) == 0:
        emit(E_DEFENSELESS, dfn, c, -1, 1, -1)
        to_def += 1
    emit(E_HITS, att, c, 0, to_def, capped_by(da, fa))
    emit(E_HITS, dfn, c, 0, to_att, capped_by(dd, fd))
    ignored = 0
    if RAVENOUS[side_faction(s, att)]:       # a rolled hit the enemy ignores lands on nothing (W-MP-34)
        ignored = min(min(ar - first_hit_waits(s, dfn, c, ar), hittable_in(s, dfn, c)), to_att)
        to_att -= ignored
        if ignored > 0:
            emit(E_RAVENOUS, att, c, -1, ignored, -1)
    elif RAVENOUS[side_faction(s, dfn)]:
        ignored = min(min(dr - first_hit_waits(s, att, c, dr), hittable_in(s, att, c)), to_def)
        to_def -= ignored
        if ignored > 0:
            emit(E_RAVENOUS, dfn, c, -1, ignored, -1)
    s.battle.hits_att = to_att
    s.battle.stage = BS_DEFENDER
    begin_alloc(s, dfn, to_def)


cdef enum:  # why a seat ignores the first hit it takes in a battle (E_IGNORED arg; IGNORE_WHYS)
    IGNORE_STUBBORN = 0       # the Hundreds' Stubborn (LoR 14.7.7)
    IGNORE_DEVOUT = 1         # the Keepers' Devout Knights (LoR 15.2.4)
    IGNORE_BODYGUARDS = 2     # Badger Bodyguards' controller (HIRE, E-44)

IGNORE_WHYS = ("stubborn", "devout_knights", "badger_bodyguards")


cdef inline int first_hit_why(GameState* s, int seat, int c) noexcept nogil:
    """Why the first hit seat takes in a battle in c is ignored (IGNORE_*), -1 when it is not; such
    abilities do not combine (one hit a battle at most)."""
    if hundreds_first_hit(s, seat, c):
        return IGNORE_STUBBORN
    if keepers_first_hit(s, seat, c):
        return IGNORE_DEVOUT
    if bodyguards_first_hit(s, seat):
        return IGNORE_BODYGUARDS
    return -1


cdef inline bint first_hit_ignored(GameState* s, int seat, int c) noexcept nogil:
    """The first hit seat takes in a battle is ignored (first_hit_why)."""
    return first_hit_why(s, seat, c) >= 0


cdef inline int first_hit_waits(GameState* s, int seat, int c, int rolled) noexcept nogil:
    """1 when seat will ignore the first of the rolled hits it is about to take (its ignore not used in
    this battle yet and first_hit_ignored holds), else 0."""
    return 1 if rolled > 0 and not (s.battle.hit_taken >> seat) & 1 and first_hit_ignored(s, seat, c) else 0


cdef inline int hittable_in(GameState* s, int seat, int c) noexcept nogil:
    """What rolled hits can land on: a seat's pieces, the Vagabond's undamaged items (W-MP-4)."""
    if ITEM_PLAYER[side_faction(s, seat)]:
        return undamaged_items(s, seat) + ally_fighters(s, seat) if s.seats[seat].pc.pawn == c else 0
    return pieces_in(s, seat, c) + battle_mercs(s, seat)     # mercenaries too (W-MP-13)


cdef void begin_alloc(GameState* s, int seat, int hits) noexcept nogil:
    """seat takes hits: the first it takes in the battle may be ignored (first_hit_ignored: what it
    asks does not change within a battle, so the first hits it applies to are the battle's first;
    hit_taken marks the ignore used)."""
    cdef int why = first_hit_why(s, seat, s.battle.clearing) if hits > 0 else -1
    if why >= 0 and not (s.battle.hit_taken >> seat) & 1:
        s.battle.hit_taken |= <uint16_t>(1 << seat)
        emit(E_IGNORED, seat, s.battle.clearing, why, 1, -1)
        hits -= 1
    s.battle.alloc_seat = seat
    s.battle.alloc_left = hits
    if seat >= HSIDE:                  # a new removal of its warriors (Forest Patrol's card, E-C8)
        s.battle.card_kept &= <uint8_t>~(1 << (seat - HSIDE))
    s.battle.mm_half = 0           # Fortified: an odd hit left on a building is lost
    s.fh_clearing = s.battle.clearing
    s.fh_count = 0
    s.fh_resume = FH_BATTLE
    alloc_continue(s)


cdef int hit_options(GameState* s, int* out) noexcept nogil:
    """What the side taking hits may lose next: its faction's answer (the Vagabond's undamaged
    items, LoR 9.2.7; the bot's program), else piece_options in the battle's clearing."""
    cdef HitOptionsFn own = FACTION_RULES[side_faction(s, s.battle.alloc_seat)].hit_options
    if s.battle.alloc_seat == s.battle.hired:     # a buyer with mercenaries (LoR 11.2.7.III.a)
        return hired_hit_options(s, out)
    if own != NULL:
        return own(s, out)
    return piece_options(s, s.battle.alloc_seat, s.battle.clearing, out)


cdef int piece_options(GameState* s, int seat, int c, int* out) noexcept nogil:
    """Pieces of seat in c a hit may remove next: warriors (and a pawn that takes hits, W-PY-1)
    before buildings and tokens (LoR 4.3.4; W-PY-5), the owner's choice among each group: its
    buildings by kind, its tokens by kind, the Keep. A faction whose order differs answers in
    its own file (the bot, MM2 digest §2.1)."""
    cdef int f = side_faction(s, seat), k = 0, b
    cdef Pieces* pc = side_pc(s, seat)
    if FACTION_RULES[f].piece_options != NULL:
        return FACTION_RULES[f].piece_options(s, c, out)
    if pc.warriors[c] > 0:
        out[k] = FACTION_WARRIOR[f]
        k += 1
    if PAWN_HIT[f] and pc.pawn == c:
        out[k] = P_PAWN
        k += 1
    if k > 0:
        return k
    for b in range(NBKIND):
        if pc.buildings[b][c] > 0:
            out[k] = FACTION_BUILDING[f][b]
            k += 1
    for b in range(NTKIND):
        if pc.tokens[b][c] > 0:
            out[k] = FACTION_TOKEN[f][b]
            k += 1
    if pc.keep == c:
        out[k] = P_KEEP
        k += 1
    return k


cdef inline int lair_kinds(GameState* s) noexcept nogil:
    cdef int i, k = 0
    for i in range(NLAIR):
        if s.seats[wyrm_seat(s)].items[i] > 0:
            k += 1
    return k


cdef void remove_lair_item(GameState* s, int item) noexcept nogil:
    """W-PY-2: treasure goes back to its supply, any other item leaves the game;
    W-PY-3: a treasure lost while defending scores 1 VP for the attacker."""
    s.seats[wyrm_seat(s)].items[item] -= 1
    box_item_lost(s, wyrm_seat(s), item)
    emit(E_LAIR, wyrm_seat(s), s.battle.clearing, item, 1, -1)
    if item == TREASURE:
        wyrm_board(s).treasure_supply += 1
        if s.battle.defender == wyrm_seat(s):
            add_vp(s, battle_scorer(s, wyrm_seat(s)), 1, VP_TREASURE, s.battle.clearing, TREASURE)
    else:
        s.items_lost[item] += 1


cdef inline void pawn_to_forest(GameState* s, int c, int f) noexcept nogil:
    wyrm_pc(s).pawn = NCL + f
    emit(E_FLEE, wyrm_seat(s), c, f, -1, -1)


cdef void pawn_flee(GameState* s, int c) noexcept nogil:
    """W-FOREST-1: the pawn is never removed; it goes to a forest next to its clearing."""
    cdef int f, n = 0, last = 0
    for f in range(n_forests(s)):
        if forest_touches(s, f, c):
            n += 1
            last = f
    if n == 1:
        pawn_to_forest(s, c, last)
    else:
        wyrm_board(s).flee_from = c
        s.step = S_FOREST


cdef void take_hit(GameState* s, int piece) noexcept nogil:
    """Remove one piece for one hit (a faction may answer itself: the Vagabond damages an item,
    piece then a damage option; the bot's Fortified); buildings and tokens score 1 VP for the
    remover (LoR 3.2.1) and never cost their owner (§7 trap 1), plus the Despot's once a battle
    (LoR 7.8.4)."""
    cdef int c = s.battle.clearing
    cdef int owner = s.battle.alloc_seat
    cdef int remover = battle_scorer(s, owner)
    cdef int i
    cdef TakeHitFn own = FACTION_RULES[side_faction(s, owner)].take_hit
    s.battle.alloc_left -= 1
    if owner == s.battle.hired:       # the hits a buyer with mercenaries takes, counted (LoR 11.2.7.III.a)
        s.battle.hired_hits += 1
        if piece == P_OTTER:
            hired_hit(s, remover)
            return
    if own != NULL:
        own(s, piece, remover)
        return
    if piece == P_PAWN and PAWN_IS_WARRIOR[side_faction(s, owner)]:   # the warlord (LoR 14.2.2)
        warlord_hit(s, remover)
        return
    if piece != P_PAWN:
        emit(E_REMOVE, owner, c, piece, 1, CAUSE_HIT)
    if PIECE_CLASS[piece] == PC_WARRIOR:
        if REVENGE[side_faction(s, owner)] and owner == s.battle.defender:
            revenge(s, owner, c)        # to the Acolytes box (LoR 10.2.3), not the supply
        else:
            remove_warriors(s, owner, c, 1)
            if saves_warriors(s, owner):  # Field Hospitals, Feline Physicians
                s.fh_count += 1
        vb_removed_warriors(s, remover, owner, c, 1, True)     # a Vagabond remover's Hostility
    elif piece != P_PAWN:           # a building or token
        remove_piece(s, owner, c, piece, remover)
        add_vp(s, remover, 1, VP_REMOVE, c, piece)
        if not game_over(s):
            vb_removed_piece(s, remover, owner, c, piece)          # a Vagabond remover's Infamy
            despot_bonus(s, remover, c)
    else:                           # the pawn: its Lair pays, or it flees (W-PY-1, W-PY-2)
        i = lair_kinds(s)
        if i == 0:
            pawn_flee(s, c)
        elif i > 1:
            s.step = S_LAIR
        else:
            for i in range(NLAIR):
                if s.seats[owner].items[i] > 0:
                    remove_lair_item(s, i)
                    break


cdef void remove_piece(GameState* s, int owner, int c, int piece, int remover) noexcept nogil:
    """A building, token or the Keep of owner's leaves c (a hit, a Strike, a Favor): back to its
    supply (the Keep leaves the game); then whatever its faction's rules add (piece_removed)."""
    cdef Pieces* pc = side_pc(s, owner)
    cdef int k = PIECE_KIND[piece]
    cdef RemovedFn then = FACTION_RULES[side_faction(s, owner)].piece_removed
    if PIECE_CLASS[piece] == PC_BUILDING:
        if k < 0:                   # a base: the kind of its clearing's suit
            k = s.suit[c]
        pc.buildings[k][c] -= 1
        pc.building_supply[k] += 1
    elif PIECE_CLASS[piece] == PC_TOKEN:
        pc.tokens[k][c] -= 1
        if not LEAVES_GAME[piece]:  # a trade post leaves the game (LoR 11.2.5.I)
            pc.token_supply[k] += 1
    elif PIECE_CLASS[piece] == PC_KEEP:
        pc.keep = -1
    if then != NULL:
        then(s, c, piece, remover)


cdef void alloc_continue(GameState* s) noexcept nogil:
    """Allocate hits until a real choice is left to the side taking them."""
    cdef int opts[2 * NVITEM + 1]
    cdef int n
    s.step = S_ALLOC
    while s.battle.alloc_left > 0:
        if game_over(s):      # a removal scored the win
            return
        n = hit_options(s, opts)
        if n == 0:
            emit(E_NO_TARGET, s.battle.alloc_seat, s.battle.clearing, -1, s.battle.alloc_left, -1)
            s.battle.alloc_left = 0
            break
        if n > 1 and not every_option_taken(s, n):
            return
        take_hit(s, opts[0])
        if s.step != S_ALLOC:     # a Lair item or a forest to choose
            return
    if not game_over(s):
        alloc_done(s)


cdef bint field_hospitals_open(GameState* s) noexcept nogil:
    """Field Hospitals (LoR 6.2.3): removed Marquise warriors may go to the Keep for a card
    matching their clearing, while the Keep is on the map; Feline Physicians (E-26) the same for
    their controller's warriors, to a clearing with its pieces. The seat is asked whenever its hand
    could hold such a card as far as the others know (issue 29 item 5)."""
    cdef int t, seat = hospital_seat(s)
    if seat < 0 or hospital_saveable(s) == 0:
        return False
    if (cat_pc(s).keep < 0) if seat == cat_seat(s) else physicians_room(s, seat) == 0:
        return False
    for t in range(NCT):
        if cc_has(&s.seats[seat].hand, t) and card_matches(t, s.suit[s.fh_clearing]):
            return True
    return may_hold(s, seat, False)


cdef void alloc_done(GameState* s) noexcept nogil:
    cdef int hs = hospital_seat(s)
    if hs >= 0 and (s.battle.alloc_seat == hs or s.battle.ally == hs) and field_hospitals_open(s):
        s.step = S_HOSPITAL
        return
    battle_continue(s)


cdef void hospital_resume(GameState* s) noexcept nogil:
    s.fh_count = 0
    if s.fh_resume == FH_BATTLE:
        battle_continue(s)
    elif s.fh_resume == FH_FAVOR:
        favor_continue(s)
    elif s.fh_resume == FH_DAY:
        s.step = daylight_step(s, s.turn)
    elif s.fh_resume == FH_CONSPIRACY:
        lz_bird_next(s)
    else:
        start_card_draw(s)


cdef void field_hospital(GameState* s, int t) noexcept nogil:
    if hospital_seat(s) != cat_seat(s):   # Feline Physicians: the card, then the clearing
        physicians_card(s, t)
        return
    spend_card(s, cat_seat(s), t)
    emit(E_HOSPITAL, cat_seat(s), cat_pc(s).keep, -1, s.fh_count, -1)
    cat_pc(s).warriors[cat_pc(s).keep] += s.fh_count
    warriors_back_from_supply(s, cat_seat(s), s.fh_count)
    hospital_resume(s)


cdef void battle_continue(GameState* s) noexcept nogil:
    cdef int c = s.battle.clearing
    if s.battle.stage == BS_AMBUSH_HITS:
        if (fighters_in(s, s.battle.attacker, c) + battle_mercs(s, s.battle.attacker) == 0
                and not ITEM_PLAYER[side_faction(s, s.battle.attacker)]):
            # no attacking warriors left: battle over (the Vagabond's pawn stays: LoR 4.3.1.II)
            battle_over(s)
        else:
            before_roll(s)
    elif s.battle.stage == BS_DEFENDER:
        s.battle.stage = BS_ATTACKER
        begin_alloc(s, s.battle.attacker, s.battle.hits_att)
    else:
        battle_over(s)


cdef void battle_over(GameState* s) noexcept nogil:
    """Back to the step the battle returns to; an Allied faction that took more of the
    Vagabond's hits than his items did turns Hostile now (LoR 9.2.9.II.d)."""
    if s.battle.ally >= 0 and s.battle.ally_hits > s.battle.item_hits and rel_of(s, s.battle.attacker, s.battle.ally) != REL_HOSTILE:
        set_rel(s, s.battle.attacker, s.battle.ally, REL_HOSTILE)
    if s.battle.mm_lost >= 2:
        mm_hospitals(s)
    if s.battle.loot:                  # a loot's item, ruling the clearing (LoR 14.2.5)
        s.battle.loot = 0
        if loot_due(s):
            s.step = S_LH_LOOT
            return
    battle_return(s)


cdef void battle_return(GameState* s) noexcept nogil:
    """Back to the step the battle returns to, and what that step goes on with."""
    s.step = s.battle.return_step
    if s.step == S_EMIGRE_BATTLE:       # Eyrie Emigre's battle: the end of Birdsong goes on
        emigre_done(s)
    elif s.step == S_LZ_BIRD:           # a Crusade's: the conspiracies go on while one is payable
        lz_bird_next(s)
    elif s.step == S_DC_MINISTER:       # a Duchy minister's: its next move or battle, or the next minister
        minister_more(s)
    elif s.step == S_KI_DELVE:          # the Keepers' Battle then Delve: the delve, if they may (LoR 15.5.2.II)
        keepers_after_battle(s)


cdef int gen_battle_step(GameState* s, int* out) noexcept nogil:
    """Legal actions at a battle decision point."""
    cdef int opts[2 * NVITEM + 1]
    cdef int n, i, k = 0, c = s.battle.clearing
    if s.step == S_AMBUSH:
        out[0] = A_PASS
        return gen_ambush(s, s.battle.defender, out, 1)
    if s.step == S_FOIL:
        out[0] = A_PASS
        return gen_ambush(s, s.battle.attacker, out, 1)
    if s.step == S_ALLOC:
        if ITEM_PLAYER[side_faction(s, s.battle.alloc_seat)]:
            n = vb_hit_options(s, out)
            for i in range(n):
                out[i] += A_DAMAGE
            return n
        n = hit_options(s, opts)
        for i in range(n):
            out[i] = A_REMOVE + opts[i] * NCL + c
        return n
    if s.step == S_LAIR:
        for i in range(NLAIR):
            if s.seats[wyrm_seat(s)].items[i] > 0:
                out[k] = A_LAIR + i
                k += 1
        return k
    if s.step == S_FOREST:
        for i in range(n_forests(s)):
            if forest_touches(s, i, wyrm_board(s).flee_from):
                out[k] = A_FOREST + i
                k += 1
        return k
    if s.step == S_EFFECTS:
        out[0] = A_PASS
        return gen_effects(s, out, 1)
    if s.step == S_HOSPITAL:
        out[0] = A_PASS
        k = 1
        for i in range(NCT):
            if cc_has(&s.seats[hospital_seat(s)].hand, i) and card_matches(i, s.suit[s.fh_clearing]):
                out[k] = A_HOSPITAL + i
                k += 1
        return k
    return 0


cdef void apply_battle_step(GameState* s, int a) noexcept nogil:
    if s.step == S_AMBUSH:
        if a == A_PASS:
            before_roll(s)
        else:
            battle_ambush(s, a - A_AMBUSH)
    elif s.step == S_FOIL:
        if a == A_PASS:
            battle_ambush_hits(s)
        else:
            battle_foil(s, a - A_AMBUSH)
    elif s.step == S_ROLL:
        battle_roll(s, (a - A_DICE) // 4, (a - A_DICE) % 4)
    elif s.step == S_ALLOC:
        take_hit(s, a - A_DAMAGE if a >= A_DAMAGE else (a - A_REMOVE) // NCL)
        if s.step == S_ALLOC:
            alloc_continue(s)
    elif s.step == S_LAIR:
        remove_lair_item(s, a - A_LAIR)
        alloc_continue(s)
    elif s.step == S_FOREST:
        pawn_to_forest(s, wyrm_board(s).flee_from, a - A_FOREST)
        if s.favor_seat >= 0:
            favor_continue(s)
        else:
            alloc_continue(s)
    elif s.step == S_EFFECTS:
        if a == A_PASS:
            s.battle.effects_stage += 1
            effects_next(s)
        elif a == A_SWIFT_STRIKE:
            swift_strike(s, s.battle.attacker if s.battle.effects_stage == 0 else s.battle.defender)
            effects_next(s)
        else:
            use_effect(s, a - A_USE)
    elif s.step == S_HOSPITAL:
        if a == A_PASS:
            hospital_resume(s)
        else:
            field_hospital(s, a - A_HOSPITAL)
