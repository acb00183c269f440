# The Mechanical Marquise 2.0 (MM2), the Clockwork bot: shared/reference/mechanical-marquise-2.md
# ("the digest"; its section numbers are cited as §n, the Law of Rootbotics' as §4.x).
#
# The bot makes no decisions. Its turn is a small program -- mm_phase names the step it runs
# next, mm_cursor the clearing that step looks at -- which mm_run walks by itself. It pauses
# only where someone else decides or chance speaks: its order card (S_MM_ORDER), a battle (the
# dice, the defender's choices), a reaction it set off (Outrage), the building type a hit
# removes (S_ALLOC is a chance step for it). apply_action runs it on whenever the game comes
# back to S_MM_DAY, so no driver ever waits at that step.
#
# Priority markers (§1): on the Autumn map the Fall chart puts marker n in clearing n, so the
# priority of clearing index c is c + 1 and "in priority order" is clearing order.

cdef inline Pieces* mm_pc(GameState* s) noexcept nogil:
    """The Mechanical Marquise's pieces (nobody's when absent)."""
    return faction_pc(s, F_MECHANICAL)


cdef inline BotBoard* bot_board(GameState* s) noexcept nogil:
    """The Mechanical Marquise's board (its order card and turn program)."""
    return &faction_board(s, F_MECHANICAL).bot


cdef enum:  # mm_variant, mm_level, mm_traits (§8, §9)
    MM_ORIGINAL = 0
    MM_DC = 1
    MM_EASY = 0
    MM_NORMAL = 1
    MM_CHALLENGING = 2
    MM_NIGHTMARE = 3
    MM_T_BLITZ = 1
    MM_T_FORTIFIED = 2
    MM_T_HOSPITALS = 4
    MM_T_IRON_WILL = 8
    MM_ALL_TRAITS = 15

cdef enum:  # mm_phase: what the turn runs next
    MP_BATTLE = 0         # §4.5.1 (cursor: clearing)
    MP_RECRUIT = 1        # §4.5.2
    MP_BUILD = 2          # §4.5.3
    MP_MOVE = 3           # §4.5.4 (cursor: origin)
    MP_BLITZ = 4          # trait Blitz, after Move (§9)
    MP_EXPAND = 5         # §4.5.5 (ORIGINAL), then Evening
    MP_E_BATTLE = 6       # Escalated Daylight (§7): battle everywhere (cursor)
    MP_E_RECRUIT = 7
    MP_E_BUILD = 8
    MP_E_MOVE = 9         # (cursor: origin; mm_dests collects the destinations)
    MP_E_FIGHT = 10       # battle in each clearing moved into (cursor)
    MP_EVENING = 11       # §11 (DC: the Expand check first, §10)
    MP_ORDER_FIRST = 12   # at S_MM_ORDER: the Birdsong draw (craft the item)
    MP_ORDER_REPEAT = 13  # at S_MM_ORDER: an Expand's draw (no craft)

cdef enum:  # what the E_MM_STEP event names
    MS_BATTLE = 0
    MS_RECRUIT = 1
    MS_BUILD = 2
    MS_MOVE = 3
    MS_BLITZ = 4
    MS_EXPAND = 5
    MS_EVENING = 6

cdef enum:  # why warriors were placed (E_PLACE arg)
    PL_GARRISON = 0
    PL_RECRUIT = 1
    PL_BONUS = 2          # Challenging / Nightmare: 2 more in the ordered clearing (§8)
    PL_HOSPITALS = 3      # trait Hospitals (§9)
    PL_PROPAGANDA = 4     # Propaganda Bureau (E&P): one warrior for the enemy's it removed
    PLACE_BAND = 8        # Street Band's Daylight (HIRE, E-48): a Band warrior (PLACE_WHYS "band")
    PLACE_PATROL = 9      # Forest Patrol's Daylight (HIRE, E-25): every warrior on its card (PLACE_WHYS "patrol")
    PLACE_DYNASTY = 10    # Last Dynasty's Daylight (HIRE, E-28): all its warriors into an edge clearing
    PLACE_HR_SETUP = 11   # a hireling's setup (LoR 16.1.6.3): Last Dynasty's warriors (E-27)

MM_TABLE = {
    "warriors": 25, "buildings_per_type": 6,                   # §3
    "recruit": (2, 4, 4, 4),                                   # ORIGINAL by level (§8): Easy 2
    "recruit_dc": (3, 4, 5, 5),                                # DC: Beginner, Expert, Master, Boss Mode
    "bonus_warriors": 2,                                       # Challenging, Nightmare (ORIGINAL)
    "nightmare_vp": 1,                                         # ORIGINAL Nightmare: each Evening
    "keep_after": 3,                                           # Move: all but three
    "expand_limit": 5,                                         # ORIGINAL Expand: five or fewer buildings
    "dc_expand_below": 3,                                      # DC Expand: Evening score below 3
    "hospitals": (2, 1),                                       # ORIGINAL, DC
    "repeat_guard": 54,                                        # Expands in one turn at most (§6 guard)
    # building type preference for Escalated Build ties (§7): sawmill, then recruiter (ORIGINAL)
    # or workshop (DC)
    "escalated_pref": ((0, 2, 1), (0, 1, 2)),
}
# the clearings in priority order, highest first (§1): the Fall chart puts marker n in clearing n
# (index n - 1), so walking clearings in index order is walking them in priority order
MM_PRIORITY = tuple(range(NCL))
MM_VARIANT_NAMES = ("original", "dc")
MM_LEVEL_NAMES = ("easy", "normal", "challenging", "nightmare")
MM_TRAIT_NAMES = ("blitz", "fortified", "hospitals", "iron-will")
MM_STEP_NAMES = ("battle", "recruit", "build", "move", "blitz", "expand", "evening")
PLACE_WHYS = ("garrison", "recruit", "bonus", "hospitals", "propaganda", "anoint", "bitter", "lavish", "band", "patrol", "dynasty",
              "hireling_setup")

cdef int MM_WARRIORS = MM_TABLE["warriors"]
cdef int MM_PER_TYPE = MM_TABLE["buildings_per_type"]
cdef int MM_BONUS = MM_TABLE["bonus_warriors"]
cdef int MM_NIGHTMARE_VP = MM_TABLE["nightmare_vp"]
cdef int MM_KEEP_AFTER = MM_TABLE["keep_after"]
cdef int MM_EXPAND_LIMIT = MM_TABLE["expand_limit"]
cdef int MM_DC_EXPAND_BELOW = MM_TABLE["dc_expand_below"]
cdef int MM_REPEAT_GUARD = MM_TABLE["repeat_guard"]
cdef int8_t MM_RECRUIT[2][4]
cdef int8_t MM_HOSPITALS[2]
cdef int8_t MM_PREF[2][3]
# setup priority (§2.2: the player target tie-break, letter A first; the MM2 plays the Marquise's
# letter, after her when both sit), and the order factions set up in (LoR 5.1.7, W-MP-1)
cdef int8_t SETUP_RANK[NFACTION]
cdef int8_t SETUP_ORDER[NFACTION]


cdef void _init_mechanical():
    cdef int i, k
    for i in range(4):
        MM_RECRUIT[MM_ORIGINAL][i] = MM_TABLE["recruit"][i]
        MM_RECRUIT[MM_DC][i] = MM_TABLE["recruit_dc"][i]
    for i in range(2):
        MM_HOSPITALS[i] = MM_TABLE["hospitals"][i]
        for k in range(3):
            MM_PREF[i][k] = MM_TABLE["escalated_pref"][i][k]
    for k in range(3):
        BUILDING_SUPPLY[F_MECHANICAL][k] = MM_TABLE["buildings_per_type"]     # §3
    WARRIOR_SUPPLY[F_MECHANICAL] = MM_WARRIORS
    order = (F_MARQUISE, F_MECHANICAL, F_EYRIE, F_ALLIANCE, F_VAGABOND, F_VAGABOND2, F_LIZARDS, F_RIVERFOLK,
             F_DUCHY, F_CORVIDS, F_HUNDREDS, F_KEEPERS, F_WYRM)
    for i in range(NFACTION):
        SETUP_ORDER[i] = order[i]
        SETUP_RANK[order[i]] = i

_init_mechanical()


# ---- its pieces ------------------------------------------------------------------------------

cdef inline int mm_on_map(GameState* s, int b) noexcept nogil:
    """Buildings of type b on the map."""
    cdef int c, n = 0
    for c in range(NCL):
        n += mm_pc(s).buildings[b][c]
    return n


cdef inline int mm_track_score(GameState* s, int b) noexcept nogil:
    """Evening VP of a building track: 0, 1, .., 5 for 1..6 on the map (§3)."""
    return max(0, mm_on_map(s, b) - 1)


cdef inline bint mm_trait(GameState* s, int t) noexcept nogil:
    return (s.mm_traits & t) != 0


cdef inline int mm_order_suit(GameState* s) noexcept nogil:
    return CARD_SUIT[bot_board(s).mm_order] if bot_board(s).mm_order >= 0 else -1


cdef inline bint mm_ordered(GameState* s, int c) noexcept nogil:
    """A clearing of the order's suit; with a bird order every clearing (§2.2, PROPOSED)."""
    cdef int suit = mm_order_suit(s)
    return suit == BIRD or s.suit[c] == suit


cdef int mm_piece_options(GameState* s, int c, int* out) noexcept nogil:
    """Its pieces in c an effect may remove: warriors first (LoR 4.3.4), then the Keep and its
    buildings."""
    cdef int b, k = 0
    if mm_pc(s).warriors[c] > 0:
        out[0] = P_WARRIOR
        return 1
    if mm_pc(s).keep == c:
        out[k] = P_KEEP
        k += 1
    for b in range(3):
        if mm_pc(s).buildings[b][c] > 0:
            out[k] = P_SAWMILL + b
            k += 1
    return k


cdef int mm_hit_options(GameState* s, int* out) noexcept nogil:
    """What its next hit removes (§2.1, Taking hits): warriors, then all its tokens (the Keep),
    then a building of a type picked at random (the chance step S_ALLOC offers each type).
    Fortified (§9): the first of each two hits on buildings removes nothing, so it needs no pick."""
    cdef int c = s.battle.clearing
    cdef int k = mm_piece_options(s, c, out)
    if k > 0 and out[0] == P_KEEP:
        return 1
    if k > 1 and mm_trait(s, MM_T_FORTIFIED) and not s.battle.mm_half:
        return 1
    return k


cdef void mm_take_hit(GameState* s, int piece, int remover) noexcept nogil:
    cdef int c = s.battle.clearing, me = mm_seat(s)
    if piece == P_WARRIOR:
        emit(E_REMOVE, me, c, piece, 1, CAUSE_HIT)
        remove_warriors(s, me, c, 1)
        s.battle.mm_lost += 1
        if ITEM_PLAYER[s.seat_faction[remover]]:
            vb_removed_warriors(s, remover, me, c, 1, True)
        return
    if piece != P_KEEP and mm_trait(s, MM_T_FORTIFIED) and not s.battle.mm_half:
        s.battle.mm_half = 1                # Fortified: the first hit on a building does nothing
        emit(E_FORTIFIED, me, c, piece, 1, -1)
        return
    s.battle.mm_half = 0
    emit(E_REMOVE, me, c, piece, 1, CAUSE_HIT)
    remove_piece(s, me, c, piece, remover)     # its Keep leaves the game, a building its track (§3)
    add_vp(s, remover, 1, VP_REMOVE, c, piece)
    if ITEM_PLAYER[s.seat_faction[remover]] and not game_over(s):
        vb_removed_piece(s, remover, me, c, piece)
    if not game_over(s):
        despot_bonus(s, remover, c)


cdef bint favor_clears_mechanical(GameState* s, int c, int d) noexcept nogil:
    """A Favor or Revolt removes its pieces in c (no hits: Fortified does not apply, §12); the
    remover scores each building and the Keep. True when that wins."""
    cdef int b, vp = 0
    cdef int n = mm_pc(s).warriors[c]
    removed(s, d, c, P_WARRIOR, n)
    mm_pc(s).warriors[c] = 0
    warriors_to_supply(s, mm_seat(s), n)
    for b in range(3):
        removed(s, d, c, P_SAWMILL + b, mm_pc(s).buildings[b][c])
        vp += mm_pc(s).buildings[b][c]
        mm_pc(s).building_supply[b] += mm_pc(s).buildings[b][c]
        mm_pc(s).buildings[b][c] = 0
    if mm_pc(s).keep == c:
        removed(s, d, c, P_KEEP, 1)
        mm_pc(s).keep = -1
        vp += 1
    add_vp(s, s.favor_seat, vp, clear_reason(s, c), c, s.suit[c])
    return game_over(s)


cdef int mm_place(GameState* s, int c, int n, int why) noexcept nogil:
    """Place up to n warriors from its supply in c; the number placed."""
    n = min(n, <int>mm_pc(s).warrior_supply)
    if n > 0:
        mm_pc(s).warriors[c] += n
        mm_pc(s).warrior_supply -= n
        emit(E_PLACE, mm_seat(s), c, why, n, -1)
    return n


cdef inline void mm_build_at(GameState* s, int b, int c) noexcept nogil:
    mm_pc(s).buildings[b][c] += 1
    mm_pc(s).building_supply[b] -= 1
    emit(E_BUILD, mm_seat(s), c, b, 1, -1)


# ---- setup (§4) ----------------------------------------------------------------------------

cdef inline bint corner_taken(GameState* s, int c) noexcept nogil:
    """A corner holding another faction's pieces (the Marquise's garrison counts)."""
    cdef int o
    for o in range(s.nseats):
        if pieces_in(s, o, c) > 0:
            return True
    return False


cdef void mm_setup_start(GameState* s) noexcept nogil:
    s.step = S_MM_KEEP


cdef int mm_keep_outcomes(GameState* s, int* out) noexcept nogil:
    """A random corner (§4, PROPOSED uniform): one holding no other faction's pieces."""
    cdef int c, k = 0
    for c in range(4):
        if not corner_taken(s, c):
            out[k] = A_KEEP + c
            k += 1
    return k


cdef void mm_place_keep(GameState* s, int corner) noexcept nogil:
    """The Keep, and the garrison: a warrior in every clearing but the opposite corner, one more in
    the Keep's clearing (where the Marquise's Keep forbids it, none)."""
    cdef int c
    mm_pc(s).keep = corner
    for c in range(NCL):
        if c != opposite_corner(s, corner) and may_place(s, mm_seat(s), c):
            mm_place(s, c, 2 if c == corner else 1, PL_GARRISON)
    bot_board(s).mm_cursor = 0
    s.step = S_MM_SETUP_BUILD
    mm_setup_continue(s)


cdef inline bint mm_setup_candidate(GameState* s, int c) noexcept nogil:
    """A clearing for a starting building: adjacent to the Keep, or the Keep's own (ORIGINAL
    only); one building per clearing; a free slot."""
    if c == mm_pc(s).keep:
        if s.mm_variant == MM_DC:
            return False
    elif not (MAP_ALL_ADJ[s.map_id][mm_pc(s).keep] >> c) & 1:     # closed paths count for the bot
        return False
    return buildings_in(mm_pc(s), c) == 0 and free_slots(s, c) > 0 and may_place(s, mm_seat(s), c)


cdef int mm_setup_outcomes(GameState* s, int* out) noexcept nogil:
    """Building type mm_cursor (sawmill, workshop, recruiter in turn) to a random candidate: over the
    three draws every assignment is equally likely (24 ORIGINAL, 6 DC: §4)."""
    cdef int c, k = 0
    for c in range(NCL):
        if mm_setup_candidate(s, c):
            out[k] = A_BUILD + bot_board(s).mm_cursor * NCL + c
            k += 1
    return k


cdef void mm_setup_continue(GameState* s) noexcept nogil:
    cdef int buf[NCL]
    while bot_board(s).mm_cursor < 3 and mm_setup_outcomes(s, buf) == 0:
        bot_board(s).mm_cursor += 1                  # no candidate left (never on Autumn)
    if bot_board(s).mm_cursor >= 3:
        bot_board(s).mm_cursor = 0
        setup_next(s, F_MECHANICAL)


cdef void mm_setup_build(GameState* s, int b, int c) noexcept nogil:
    mm_build_at(s, b, c)
    bot_board(s).mm_cursor += 1
    mm_setup_continue(s)


# ---- Birdsong: the order card (§5) ---------------------------------------------------------

cdef void mm_birdsong(GameState* s) noexcept nogil:
    bot_board(s).mm_built = 0
    bot_board(s).mm_repeats = 0
    bot_board(s).mm_order = -1
    mm_draw_order(s, MP_ORDER_FIRST)


cdef void mm_draw_order(GameState* s, int why) noexcept nogil:
    """Reveal the top card of the deck (a chance event). With no card in the deck or the discard
    pile there is no order: Daylight is skipped and Evening scores nothing (§5, PROPOSED)."""
    bot_board(s).mm_phase = why
    if s.deck_size > 0:
        s.step = S_MM_ORDER
    else:
        bot_board(s).mm_phase = MP_EVENING
        s.step = S_MM_DAY


cdef void mm_reveal(GameState* s, int t) noexcept nogil:
    """The order card t comes off the deck; on the Birdsong draw, craft its item if the supply has
    it: 1 VP whatever the card prints (§1.1.2), no crafting pieces."""
    cdef int me = mm_seat(s)
    cc_add(&s.deck, t, -1)
    s.deck_size -= 1
    bot_board(s).mm_order = t
    emit(E_ORDER, me, -1, t, 1 if bot_board(s).mm_phase == MP_ORDER_REPEAT else 0, -1)
    maybe_reshuffle(s)
    if bot_board(s).mm_phase == MP_ORDER_FIRST and CARD_KIND[t] == K_ITEM and s.item_supply[CARD_ITEM[t]] > 0:
        s.item_supply[CARD_ITEM[t]] -= 1
        s.seats[me].items[CARD_ITEM[t]] += 1
        add_vp(s, me, 1, VP_CRAFT, -1, t)
    bot_board(s).mm_cursor = 0
    bot_board(s).mm_dests = 0
    memset(bot_board(s).mm_moved, 0, NCL)
    bot_board(s).mm_phase = MP_E_BATTLE if CARD_SUIT[t] == BIRD else MP_BATTLE
    s.step = S_MM_DAY


cdef void mm_discard_order(GameState* s) noexcept nogil:
    """The order card to the discard pile (a dominance card becomes available, LoR 3.3.3)."""
    cdef int t = bot_board(s).mm_order
    if t < 0:
        return
    bot_board(s).mm_order = -1
    to_discard(s, mm_seat(s), t, 1)


# ---- targets (§2) ------------------------------------------------------------------------------

cdef int mm_defender(GameState* s, int c) noexcept nogil:
    """The enemy it battles in c: the most pieces there, then the most VP, then setup priority
    (§4.5.1, §2.2); -1 when no battle is legal there."""
    cdef int me = mm_seat(s), d, best = -1, p, bp = 0
    if mm_pc(s).warriors[c] == 0:
        return -1
    for d in range(s.nseats):
        if not can_battle_seat(s, me, c, d):
            continue
        p = pieces_in(s, d, c)
        if (best < 0 or p > bp or (p == bp and (s.seats[d].score > s.seats[best].score
                or (s.seats[d].score == s.seats[best].score
                    and SETUP_RANK[s.seat_faction[d]] < SETUP_RANK[s.seat_faction[best]])))):
            best = d
            bp = p
    return best


cdef inline bint mm_reaches(GameState* s, int a, int b) noexcept nogil:
    """The bot's moves: closed paths count as paths (it ignores the rules for opening them), and
    the Ferry's clearing is linked to every other coastal clearing (Law of Rootbotics, the
    Mountain and the Lake)."""
    return ((MAP_ALL_ADJ[s.map_id][a] >> b) & 1 and not scorched(s, b)) or ferry_link(s, a, b)


cdef int mm_destination(GameState* s, int a) noexcept nogil:
    """The clearing next to a with the most enemy pieces (ties: priority) that a move may reach
    (LoR 4.2.1: rule of either end), walking down the list (§2.3); -1 for none."""
    cdef int me = mm_seat(s), j, b, best = -1, bn = -1, n
    cdef uint16_t ruled = ruled_mask(s, me)
    if snare_blocks(s, me, a):           # a face-up snare (LoR 13.7.2)
        return -1
    for b in range(NCL):
        if not mm_reaches(s, a, b):
            continue
        if not may_move(ruled, a, b):
            continue
        n = enemy_pieces_in(s, me, b)
        if n > bn or (n == bn and b < best):
            best = b
            bn = n
    return best


cdef inline bint mm_may_build(GameState* s, int c, uint16_t ruled) noexcept nogil:
    return (ruled >> c) & 1 and free_slots(s, c) > 0 and may_place(s, mm_seat(s), c)


cdef int mm_build_clearing(GameState* s) noexcept nogil:
    """A clearing it rules with a free slot and the most of its warriors (ties: priority), any
    suit, the Keep's allowed (§4.5.3); -1 for none."""
    cdef uint16_t ruled = ruled_mask(s, mm_seat(s))
    cdef int c, best = -1
    for c in range(NCL):
        if mm_may_build(s, c, ruled) and (best < 0 or mm_pc(s).warriors[c] > mm_pc(s).warriors[best]):
            best = c
    return best


# ---- Daylight (§6, §7) --------------------------------------------------------------------------

cdef bint mm_battle_from(GameState* s, bint everywhere) noexcept nogil:
    """Start the next battle of a Battle step from the cursor on (ordered clearings, or every
    clearing); False when none is left."""
    cdef int c, d
    while bot_board(s).mm_cursor < NCL:
        c = bot_board(s).mm_cursor
        bot_board(s).mm_cursor += 1
        if not everywhere and not mm_ordered(s, c):
            continue
        d = mm_defender(s, c)
        if d >= 0:
            start_battle(s, mm_seat(s), c, d, S_MM_DAY)
            return True
    return False


cdef bint mm_fight_dests(GameState* s) noexcept nogil:
    """Escalated Daylight (§7.4): battle once in each clearing it moved into, in priority order,
    where the battle is legal; False when none is left."""
    cdef int c, d
    while bot_board(s).mm_dests:
        c = ctz64(bot_board(s).mm_dests)
        bot_board(s).mm_dests &= ~(1 << c)
        d = mm_defender(s, c)
        if d >= 0:
            start_battle(s, mm_seat(s), c, d, S_MM_DAY)
            return True
    return False


cdef int mm_recruit_amount(GameState* s) noexcept nogil:
    cdef int n = MM_RECRUIT[s.mm_variant][s.mm_level]
    if s.mm_variant == MM_ORIGINAL and mm_order_suit(s) == BIRD and mm_trait(s, MM_T_IRON_WILL):
        n *= 2                          # Iron Will (ORIGINAL): Escalated Recruit places double
    return n


cdef int mm_round_robin(GameState* s, int* where, int* want, int k) noexcept nogil:
    """Place want[i] warriors in where[i], one at a time round the list (highest priority first),
    while the supply lasts (LoR 1.5.4; §4.5.2 PROPOSED); the number placed."""
    cdef int i, placed = 0, left = 0
    for i in range(k):
        left += want[i]
    while left > 0 and mm_pc(s).warrior_supply > 0:
        for i in range(k):
            if want[i] > 0 and mm_pc(s).warrior_supply > 0:
                mm_pc(s).warriors[where[i]] += 1
                mm_pc(s).warrior_supply -= 1
                want[i] -= 1
                left -= 1
                placed += 1
        if mm_pc(s).warrior_supply == 0:
            break
    return placed


cdef void mm_recruit(GameState* s, bint escalated) noexcept nogil:
    """Recruit (§4.5.2; Escalated, §7.2), then Challenging's bonus (§8) and the DC's VP for the
    warriors it could not place."""
    cdef int me = mm_seat(s), n = mm_recruit_amount(s)
    cdef int where[NCL]
    cdef int want[NCL]
    cdef int before[NCL]
    cdef int c, k = 0, i, placed
    cdef uint16_t ruled = ruled_mask(s, me)
    for c in range(NCL):
        before[c] = mm_pc(s).warriors[c]
    if escalated:
        # the two ruled clearings of lowest priority: the odd warrior to the higher of them (§7)
        for c in range(NCL - 1, -1, -1):
            if (ruled >> c) & 1 and may_place(s, me, c) and k < 2:
                where[k] = c
                k += 1
        if k == 2:
            c = where[0]
            where[0] = where[1]
            where[1] = c
            want[0] = n - n // 2
            want[1] = n // 2
        elif k == 1:
            want[0] = n
    else:
        for c in range(NCL):
            if (ruled >> c) & 1 and mm_ordered(s, c) and may_place(s, me, c):
                where[k] = c
                k += 1
        for i in range(k):
            want[i] = n // k + (1 if i < n % k else 0)
    placed = mm_round_robin(s, where, want, k)
    for c in range(NCL):
        if mm_pc(s).warriors[c] > before[c]:
            emit(E_PLACE, me, c, PL_RECRUIT, mm_pc(s).warriors[c] - before[c], -1)
    if s.mm_variant == MM_DC:
        add_vp(s, me, (n - placed) // 2, VP_MM_SHORT, -1, n - placed)
    elif s.mm_level >= MM_CHALLENGING:
        for c in range(NCL):
            if (ruled >> c) & 1 and mm_ordered(s, c) and may_place(s, me, c):
                mm_place(s, c, MM_BONUS, PL_BONUS)
                break


cdef void mm_build(GameState* s, bint escalated) noexcept nogil:
    """Build (§4.5.3): the order's type; Escalated (§7.3): the type it has most of on the map, ties
    by the variant's preference, the next type when that one has none left."""
    cdef int b = -1, i, j, x, c
    cdef int order[3]
    cdef int count[3]              # each type's buildings on the map, counted once
    if escalated:
        for i in range(3):
            order[i] = MM_PREF[s.mm_variant][i]
            count[i] = mm_on_map(s, i)
        for i in range(1, 3):          # stable sort by count, most first
            x = order[i]
            j = i - 1
            while j >= 0 and count[order[j]] < count[x]:
                order[j + 1] = order[j]
                j -= 1
            order[j + 1] = x
        for i in range(3):
            if count[order[i]] < MM_PER_TYPE:
                b = order[i]
                break
    else:
        b = mm_order_suit(s)
        if mm_on_map(s, b) >= MM_PER_TYPE:
            b = -1
    if b < 0:
        return
    c = mm_build_clearing(s)
    if c < 0:
        return
    mm_build_at(s, b, c)
    bot_board(s).mm_built = 1


cdef bint mm_move_from(GameState* s, bint everywhere) noexcept nogil:
    """Move all but three warriors out of each origin (§4.5.4, §7.4) from the cursor on; the DC
    moves each warrior once. False when the step is done; True when it paused for a reaction
    (Outrage) the move set off."""
    cdef int me = mm_seat(s), a, b, n
    while bot_board(s).mm_cursor < NCL:
        a = bot_board(s).mm_cursor
        bot_board(s).mm_cursor += 1
        if not everywhere and not mm_ordered(s, a):
            continue
        n = mm_pc(s).warriors[a] - MM_KEEP_AFTER
        if s.mm_variant == MM_DC:
            n = min(n, <int>mm_pc(s).warriors[a] - bot_board(s).mm_moved[a])
        if n <= 0:
            continue
        b = mm_destination(s, a)
        if b < 0:
            continue
        mm_move(s, a, b, n)
        if everywhere:
            bot_board(s).mm_dests |= 1 << b
        if reactions_waiting(s):
            return True
    return False


cdef void mm_move(GameState* s, int a, int b, int n) noexcept nogil:
    emit(E_MOVE, mm_seat(s), a, b, n, -1)
    move_pieces(s, mm_seat(s), a, b, 0, n)
    if s.mm_variant == MM_DC:
        bot_board(s).mm_moved[b] += n


cdef inline bint reactions_waiting(GameState* s) noexcept nogil:
    return s.faction_seat[F_ALLIANCE] >= 0 and reactions_pending(s)


cdef bint mm_blitz(GameState* s) noexcept nogil:
    """Blitz (§9): from the first ruled clearing with no enemy piece and 2+ of its warriors that
    has somewhere to go, all but one warrior move to the neighbour with the most enemy pieces,
    then battle there if an enemy piece is present. True when a battle started."""
    cdef int me = mm_seat(s), a, b, d
    cdef uint16_t ruled = ruled_mask(s, me)
    for a in range(NCL):
        if not (ruled >> a) & 1 or enemy_pieces_in(s, me, a) > 0 or mm_pc(s).warriors[a] < 2:
            continue
        b = mm_destination(s, a)
        if b < 0:
            continue
        emit(E_MM_STEP, me, -1, MS_BLITZ, 0, -1)
        mm_move(s, a, b, mm_pc(s).warriors[a] - 1)
        d = mm_defender(s, b)
        if d >= 0:
            start_battle(s, me, b, d, S_MM_DAY)
            return True
        return False
    return False


cdef inline int mm_total_buildings(GameState* s) noexcept nogil:
    return mm_on_map(s, 0) + mm_on_map(s, 1) + mm_on_map(s, 2)


cdef int mm_evening_score(GameState* s) noexcept nogil:
    """The ordered track's VP; a bird order the best track's (§11)."""
    cdef int suit = mm_order_suit(s)
    if suit < 0:
        return 0
    if suit == BIRD:
        return max(mm_track_score(s, 0), max(mm_track_score(s, 1), mm_track_score(s, 2)))
    return mm_track_score(s, suit)


cdef inline int mm_non_bots(GameState* s) noexcept nogil:
    """The players who are not bots (the DC's Boss Mode counts them, §8 PROPOSED)."""
    return s.nseats - (1 if mm_seat(s) >= 0 else 0)


cdef void mm_expand(GameState* s) noexcept nogil:
    """Discard the order and reveal another (no craft): Daylight again (§4.5.5, §10)."""
    emit(E_MM_STEP, mm_seat(s), -1, MS_EXPAND, bot_board(s).mm_repeats + 1, -1)
    bot_board(s).mm_repeats += 1
    mm_discard_order(s)
    mm_draw_order(s, MP_ORDER_REPEAT)


cdef void mm_evening(GameState* s) noexcept nogil:
    """Evening (§11): the DC's Expand check, the score, the order discarded, Nightmare's VP; it
    draws no card and has no hand."""
    cdef int me = mm_seat(s), limit
    if s.mm_variant == MM_DC and bot_board(s).mm_order >= 0:
        limit = 2 if mm_trait(s, MM_T_IRON_WILL) else 1
        if (not bot_board(s).mm_built and mm_evening_score(s) < MM_DC_EXPAND_BELOW and bot_board(s).mm_repeats < limit
                and s.deck_size > 0):
            mm_expand(s)
            return
    emit(E_MM_STEP, me, -1, MS_EVENING, 0, -1)
    add_vp(s, me, mm_evening_score(s), VP_MM_EVENING, -1, mm_order_suit(s))
    if game_over(s):
        return
    mm_discard_order(s)
    if s.mm_level == MM_NIGHTMARE:
        if s.mm_variant == MM_DC:
            add_vp(s, me, (mm_non_bots(s) + 1) // 2, VP_MM_BONUS, -1, -1)
        else:
            add_vp(s, me, MM_NIGHTMARE_VP, VP_MM_BONUS, -1, -1)
        if game_over(s):
            return
    bot_board(s).mm_phase = MP_BATTLE
    end_turn(s)


cdef void mm_run(GameState* s) noexcept nogil:
    """Walk its turn on from mm_phase until something else must happen first: a battle, a chance
    event, a reaction, the next player's turn, or a win."""
    cdef int me = mm_seat(s), ph
    while s.step == S_MM_DAY and not game_over(s):
        ph = bot_board(s).mm_phase
        if ph == MP_BATTLE or ph == MP_E_BATTLE:
            if bot_board(s).mm_cursor == 0:
                emit(E_MM_STEP, me, -1, MS_BATTLE, ph == MP_E_BATTLE, -1)
            if mm_battle_from(s, ph == MP_E_BATTLE):
                return
            bot_board(s).mm_phase = MP_RECRUIT if ph == MP_BATTLE else MP_E_RECRUIT
        elif ph == MP_RECRUIT or ph == MP_E_RECRUIT:
            emit(E_MM_STEP, me, -1, MS_RECRUIT, ph == MP_E_RECRUIT, -1)
            mm_recruit(s, ph == MP_E_RECRUIT)
            bot_board(s).mm_phase = MP_BUILD if ph == MP_RECRUIT else MP_E_BUILD
        elif ph == MP_BUILD or ph == MP_E_BUILD:
            emit(E_MM_STEP, me, -1, MS_BUILD, ph == MP_E_BUILD, -1)
            mm_build(s, ph == MP_E_BUILD)
            bot_board(s).mm_phase = MP_MOVE if ph == MP_BUILD else MP_E_MOVE
            bot_board(s).mm_cursor = 0
        elif ph == MP_MOVE or ph == MP_E_MOVE:
            if bot_board(s).mm_cursor == 0:
                emit(E_MM_STEP, me, -1, MS_MOVE, ph == MP_E_MOVE, -1)
            if mm_move_from(s, ph == MP_E_MOVE):
                return
            bot_board(s).mm_cursor = 0
            bot_board(s).mm_phase = MP_BLITZ if ph == MP_MOVE else MP_E_FIGHT
        elif ph == MP_E_FIGHT:
            if mm_fight_dests(s):
                return
            bot_board(s).mm_phase = MP_BLITZ
        elif ph == MP_BLITZ:
            bot_board(s).mm_phase = MP_EVENING if mm_order_suit(s) == BIRD else MP_EXPAND
            if mm_trait(s, MM_T_BLITZ) and mm_blitz(s):
                return
        elif ph == MP_EXPAND:
            if (s.mm_variant == MM_ORIGINAL and not bot_board(s).mm_built
                    and mm_total_buildings(s) <= MM_EXPAND_LIMIT and s.deck_size > 0
                    and bot_board(s).mm_repeats < MM_REPEAT_GUARD):
                mm_expand(s)
                return
            bot_board(s).mm_phase = MP_EVENING
        else:
            mm_evening(s)
            return


# ---- chance and actions at its steps --------------------------------------------------------

cdef int mm_chance(GameState* s, int* out, double* prob) noexcept nogil:
    """Uniform outcomes: the Keep's corner, a starting building's clearing, or (at S_ALLOC) the
    building type a hit removes (§2.1, §4 PROPOSED)."""
    cdef int opts[8]
    cdef int i, k
    if s.step == S_MM_KEEP:
        k = mm_keep_outcomes(s, out)
    elif s.step == S_MM_SETUP_BUILD:
        k = mm_setup_outcomes(s, out)
    else:
        k = mm_hit_options(s, opts)
        for i in range(k):
            out[i] = A_REMOVE + opts[i] * NCL + s.battle.clearing
    for i in range(k):
        prob[i] = 1.0 / k
    return k


cdef inline bint mm_chance_step(GameState* s) noexcept nogil:
    return s.step == S_MM_KEEP or s.step == S_MM_SETUP_BUILD or (
        s.step == S_ALLOC and s.battle.alloc_seat == mm_seat(s))


cdef void apply_mechanical(GameState* s, int a) noexcept nogil:
    if s.step == S_MM_KEEP:
        mm_place_keep(s, a - A_KEEP)
    elif s.step == S_MM_SETUP_BUILD:
        mm_setup_build(s, (a - A_BUILD) // NCL, (a - A_BUILD) % NCL)
    elif s.step == S_MM_ORDER:
        mm_reveal(s, a - A_DRAW)


cdef void mm_hospitals(GameState* s) noexcept nogil:
    """Hospitals (§9): after a battle it defended, losing 2+ warriors, 2 (DC: 1) from its supply
    to the Keep's clearing while the Keep stands."""
    if (s.battle.defender == mm_seat(s) and mm_trait(s, MM_T_HOSPITALS) and s.battle.mm_lost >= 2
            and mm_pc(s).keep >= 0):
        mm_place(s, mm_pc(s).keep, MM_HOSPITALS[s.mm_variant], PL_HOSPITALS)


cdef inline int mm_evening_draws(GameState* s, int seat) noexcept nogil:
    return 0


cdef inline bint takes_from_deck(GameState* s, int victim) noexcept nogil:
    """Poor Manual Dexterity (§2.2): taking a card from a bot takes the deck's top card instead."""
    return s.seat_faction[victim] == F_MECHANICAL


cdef inline bint has_card_to_take(GameState* s, int victim) noexcept nogil:
    return s.deck_size > 0 if takes_from_deck(s, victim) else s.seats[victim].hand_size > 0
