# The Exiles & Partisans deck's own cards (root-maps-and-decks.md §3; their texts and the
# readings this engine takes: docs/ep-deck.md). Each answers at the moment of the shared rules it
# changes: rule (rules.pxi asks soup_kitchens_rule), moves (move_rule_mask), crafting (craft asks
# crafted_item). A card of the deck a game does not play is never in a play area, so each
# question is one bit test of the owner's play area.

# ---- rule: Soup Kitchens --------------------------------------------------------------------

cdef inline int soup_kitchens_rule(GameState* s, int seat, int c) noexcept nogil:
    """Soup Kitchens: the owner's tokens count toward rule, each as two (LoR 2.5 counts none):
    the Marquise's wood and keep, the Alliance's sympathy, the Wyrm's fear tokens either side."""
    cdef Pieces* pc
    if not in_play(s, seat, C_SOUP_KITCHENS):
        return 0
    pc = &s.seats[seat].pc
    return 2 * (pc.tokens[0][c] + (pc.keep == c))


# ---- moves: Corvid Planners ----------------------------------------------------------------

cdef inline uint16_t move_rule_mask(GameState* s, int seat) noexcept nogil:
    """The clearings whose rule lets seat move out of or into them (LoR 4.2.1: those it rules;
    Corvid Planners: every clearing, it ignores rule when it moves)."""
    if in_play(s, seat, C_CORVID_PLANNERS) or NIMBLE[s.seat_faction[seat]]:   # Nimble (LoR 13.2.3)
        return (1 << NCL) - 1
    return ruled_mask(s, seat)


# ---- crafting: Master Engravers, Murine Broker ------------------------------------------------

cdef void crafted_item(GameState* s, int seat, int t) noexcept nogil:
    """seat crafted item card t (its item and VP taken): Master Engravers scores its owner 1 VP
    more (even the Eyrie's Disdain for Trade, LoR 7.2.3); every other player with Murine Broker
    draws a card, a run of draws that resumes the step the craft left (S_CARD_DRAW)."""
    cdef int v, n = 0
    if in_play(s, seat, C_MASTER_ENGRAVERS):
        add_vp(s, seat, 1, VP_ENGRAVERS, -1, t)
        if game_over(s):
            return
    for v in range(s.nseats):
        if v != seat and in_play(s, v, C_MURINE_BROKER):
            s.seats[v].to_draw += 1
            n += 1
    if n > 0:
        s.resume_step = s.step
        start_card_draw(s)


# ---- the start of Evening: Charm Offensive --------------------------------------------------

cdef void use_charm_offensive(GameState* s, bint use) noexcept nogil:
    """S_CHARM answered: pass, or draw a card and have another player score 1 VP (both or
    neither); at 3+ seats its owner first names that player (S_TARGET). Then the rest of the
    start of Evening (Cobbler)."""
    if not use:
        evening_cobbler(s)
    elif not ask_target(s, C_CHARM_OFFENSIVE):
        charm_offensive(s)


cdef void charm_offensive(GameState* s) noexcept nogil:
    """The player named (card_target: at two seats the other one) scores 1 VP, a win ending the
    game at once (LoR 3.1); the owner draws a card, a run of draws that goes on with Cobbler."""
    add_vp(s, card_target(s), 1, VP_CHARM, -1, -1)
    if game_over(s):
        return
    s.seats[s.turn].to_draw += 1
    s.resume_step = RESUME_COBBLER
    start_card_draw(s)


# ---- the start of Birdsong: Saboteurs ------------------------------------------------------

cdef inline bint sabotage_target(GameState* s, int d, int t) noexcept nogil:
    """Saboteurs may discard card t of seat d: a persistent card an enemy crafted (not an item,
    a piece; not an activated dominance card, which cannot leave play, LoR 3.3.2)."""
    return is_enemy(s, s.turn, d) and CARD_KIND[t] == K_PERSISTENT and in_play(s, d, t)


cdef int sabotage_targets(GameState* s) noexcept nogil:
    """The cards the seat on turn's Saboteurs could discard now (none without Saboteurs)."""
    cdef int d, t, n = 0
    if not in_play(s, s.turn, C_SABOTEURS):
        return 0
    for d in range(s.nseats):
        for t in range(NCT):
            n += sabotage_target(s, d, t)
    return n


cdef int gen_sabotage(GameState* s, int* out, int k) noexcept nogil:
    cdef int d, t
    for d in range(s.nseats):
        for t in range(NCT):
            if sabotage_target(s, d, t):
                out[k] = A_SABOTAGE + d * NCT + t
                k += 1
    return k


cdef void sabotage(GameState* s, int a) noexcept nogil:
    """S_SABOTEURS answered: pass, or discard Saboteurs to discard an enemy's crafted card (to
    the discard pile); then the rest of the start of Birdsong."""
    cdef int t = (a - A_SABOTAGE) % NCT
    if a != A_PASS:
        discard_from_play(s, s.turn, C_SABOTEURS)
        discard_from_play(s, (a - A_SABOTAGE) // NCT, t)
        if t == C_COFFIN_MAKERS:        # its warriors go back to their supplies
            coffins_return(s)
    birdsong_bank(s)


# ---- the Evening draw: Informants ----------------------------------------------------------

cdef inline int informant_ambushes(GameState* s) noexcept nogil:
    """The ambush cards in the discard pile that the seat on turn's Informants could take instead
    of its Evening draw (0 without Informants)."""
    if not in_play(s, s.turn, C_INFORMANTS):
        return 0
    return cc_in(&s.discard, AMBUSH_CARDS)


cdef int gen_informants(GameState* s, int* out, int k) noexcept nogil:
    cdef int t
    cdef uint64_t m = cc_types(&s.discard) & AMBUSH_CARDS
    while m:
        t = ctz64(m)
        m &= m - 1
        out[k] = A_INFORM + t
        k += 1
    return k


cdef void informants(GameState* s, int a) noexcept nogil:
    """S_INFORMANTS answered: pass (draw as usual), or take the ambush card from the discard pile
    into the hand instead of every card the Evening would draw (in view of everyone: each seat
    now knows it is there); then the hand limit."""
    cdef int v, t
    if a == A_PASS:
        start_draws(s, S_EVE_DRAW)
        return
    t = a - A_INFORM
    cc_add(&s.discard, t, -1)
    cc_add(&s.seats[s.turn].hand, t, 1)
    s.seats[s.turn].hand_size += 1
    for v in range(s.nseats):
        if v != s.turn:
            known_add(s, v, s.turn, t, 1)
    s.seats[s.turn].to_draw = 0
    after_draws(s)


# ---- what the cards used this turn and the card under way keep (GameState.used_ep, ep_card) --

cdef enum:
    EP_USED_PROPAGANDA = 1      # Propaganda Bureau, once per Daylight
    EP_USED_SWAP = 2            # Swap Meet, once per Birdsong
    EP_USED_LEAGUE = 4          # League of Adventurous Mice, once per Daylight
    EP_TO_EVENING = 8           # Eyrie Emigre waits on a Birdsong that goes on to Evening (W-BIRD-2)
    EP_USED_ALL = 15


# ---- adjacency: Boat Builders, Tunnels -----------------------------------------------------

cdef inline uint16_t own_links(GameState* s, int seat, int a) noexcept nogil:
    """The clearings seat's own cards join to a besides the paths: rivers are paths for it
    (the Riverfolk's Swimmers, Riverboats bought this turn: LoR 11.2.2, 11.2.7.II; Boat Builders;
    on the Lake the lake joins the coastal clearings, maps.pxi), and the clearings holding its
    crafting pieces (LoR 4.1.1) are adjacent to each other (Tunnels)."""
    cdef uint16_t m = river_links(s, seat, a)     # Swimmers, Riverboats (riverfolk.pxi)
    cdef int c
    if s.deck_id != DECK_EP:
        return m
    if in_play(s, seat, C_BOAT_BUILDERS):
        m = MAP_RIVER[s.map_id][a]
    if in_play(s, seat, C_TUNNELS) and crafting_pieces(s, seat, a) > 0:
        for c in range(NCL):
            if c != a and crafting_pieces(s, seat, c) > 0:
                m |= <uint16_t>(1 << c)
    return m


cdef inline uint16_t reach_mask(GameState* s, int seat, int a) noexcept nogil:
    """The clearings a move of seat's may go to from a, the Ferry aside: its paths and links,
    never a scorched clearing (LoR 16.3.6); none out of a face-up snare (LoR 13.7.2)."""
    if leave_blocked(s, seat, a):
        return 0
    return (s.adj[a] | own_links(s, seat, a)) & ~s.scorched


# ---- removing warriors by a card: Propaganda Bureau (and the Vagabond's Strike) ----------------

cdef void effect_removes_warrior(GameState* s, int remover, int d, int c, int cause) noexcept nogil:
    """An effect, not a battle, removes one of d's warriors from c (to its supply, or onto Coffin
    Makers); one the Vagabond removes turns d Hostile (LoR 9.2.9.III, no Infamy)."""
    emit(E_REMOVE, d, c, warrior_piece(s, d), 1, cause)
    remove_warriors(s, d, c, 1)
    vb_removed_warriors(s, remover, d, c, 1, False)


cdef bint hospital_after_effect(GameState* s, int d, int c) noexcept nogil:
    """Field Hospitals (LoR 6.2.3) may save the Marquise warrior an effect removed; the Daylight
    of the seat on turn then goes on (FH_DAY). True when it pauses to ask."""
    if not saves_warriors(s, d) or game_over(s):
        return False
    s.fh_clearing = c
    s.fh_count = 1
    s.fh_resume = FH_DAY
    if field_hospitals_open(s):
        s.step = S_HOSPITAL
        return True
    s.fh_count = 0
    return False


cdef int gen_propaganda(GameState* s, int seat, int* out, int k) noexcept nogil:
    """Propaganda Bureau, once per Daylight: a card of the hand, and an enemy's warrior in a
    clearing of its suit (a bird fits any, LoR 2.1.1)."""
    cdef int c, d, t
    cdef uint64_t hand, m
    if (s.used_ep & EP_USED_PROPAGANDA) or not in_play(s, seat, C_PROPAGANDA_BUREAU):
        return k
    hand = cc_types(&s.seats[seat].hand)
    for c in range(NCL):
        for d in range(s.nseats):
            if not is_enemy(s, seat, d) or warriors_in(s, d, c) == 0:
                continue
            m = hand
            while m:
                t = ctz64(m)
                m &= m - 1
                if card_matches(t, s.suit[c]):
                    out[k] = A_PROPAGANDA + (c * MAX_SEATS + d) * NCT + t
                    k += 1
    return k


cdef void propaganda(GameState* s, int seat, int x) noexcept nogil:
    """Spend the card, remove the enemy's warrior, place one of seat's there (none when its
    supply is empty or the clearing is closed to it: the removal stands, LoR 1.5.4); Field
    Hospitals last, on the warrior removed."""
    cdef int t = x % NCT, d = (x // NCT) % MAX_SEATS, c = x // NCT // MAX_SEATS
    s.used_ep |= EP_USED_PROPAGANDA
    spend_card(s, seat, t)
    effect_removes_warrior(s, seat, d, c, CAUSE_PROPAGANDA)
    if s.seats[seat].pc.warrior_supply > 0 and may_place(s, seat, c) and not ITEM_PLAYER[s.seat_faction[seat]]:
        s.seats[seat].pc.warriors[c] += 1
        s.seats[seat].pc.warrior_supply -= 1
        emit(E_PLACE, seat, c, PL_PROPAGANDA, 1, -1)
    hospital_after_effect(s, d, c)


# ---- battles: Fox, Rabbit and Mouse Partisans ------------------------------------------------

cdef inline int partisans_of(GameState* s) noexcept nogil:
    """The Partisans card of the suit of the battle's clearing."""
    cdef int suit = s.suit[s.battle.clearing]
    if suit == FOX:
        return C_FOX_PARTISANS
    return C_RABBIT_PARTISANS if suit == RABBIT else C_MOUSE_PARTISANS


cdef inline bint may_use_partisans(GameState* s, int seat) noexcept nogil:
    """seat (the side of the battle whose effects come now) may use its Partisans: the card of
    the clearing's suit, not yet used in this battle."""
    cdef int side = 1 << s.battle.effects_stage
    return not (s.battle.partisans & side) and in_play(s, seat, partisans_of(s))


cdef void use_partisans(GameState* s, int seat) noexcept nogil:
    """1 extra hit (battle_deal adds it), then seat discards every card of its hand not of the
    clearing's suit, birds too (docs/ep-deck.md), in view of everyone."""
    cdef int t, suit = s.suit[s.battle.clearing]
    cdef uint64_t m = cc_types(&s.seats[seat].hand)
    s.battle.partisans |= 1 << s.battle.effects_stage
    while m:
        t = ctz64(m)
        m &= m - 1
        if CARD_SUIT[t] != suit:
            while cc_has(&s.seats[seat].hand, t):
                spend_card(s, seat, t)


# ---- Birdsong: False Orders, Swap Meet --------------------------------------------------------

cdef int gen_false_orders(GameState* s, int* out, int k) noexcept nogil:
    """False Orders: an enemy's warriors in a clearing, moved as that player (its paths and links,
    not the Ferry) to a clearing next to it, rule ignored."""
    cdef int d, a, b
    cdef uint16_t reach
    if not in_play(s, s.turn, C_FALSE_ORDERS):
        return k
    for d in range(s.nseats):
        if not is_enemy(s, s.turn, d):
            continue
        for a in range(NCL):
            if warriors_in(s, d, a) == 0:
                continue
            reach = reach_mask(s, d, a)
            for b in range(NCL):
                if (reach >> b) & 1:
                    out[k] = A_FALSE_ORDERS + (d * NCL + a) * NCL + b
                    k += 1
    return k


cdef void false_orders(GameState* s, int x) noexcept nogil:
    """Discard it: half of the enemy's warriors there, rounded up, move; the moved player is the
    mover (Outrage for sympathy it enters, LoR 8.2.6)."""
    cdef int b = x % NCL, a = (x // NCL) % NCL, d = x // NCL // NCL
    discard_from_play(s, s.turn, C_FALSE_ORDERS)
    move_pieces(s, d, a, b, 0, (warriors_in(s, d, a) + 1) // 2)
    if s.step == S_BIRDSONG_CARDS:
        birdsong_cards(s)


cdef inline bint swap_partner(GameState* s, int o) noexcept nogil:
    """Swap Meet takes from and gives to another player with a hand (a bot holds none)."""
    return o != s.turn and FACTION_HOLDS_CARDS[s.seat_faction[o]] and s.seats[o].hand_size > 0


cdef inline bint may_swap(GameState* s) noexcept nogil:
    cdef int o
    if (s.used_ep & EP_USED_SWAP) or not in_play(s, s.turn, C_SWAP_MEET):
        return False
    for o in range(s.nseats):
        if swap_partner(s, o):
            return True
    return False


cdef void start_swap(GameState* s) noexcept nogil:
    """Swap Meet: name the player (at 3+ seats), then a random card of its hand (S_STEAL)."""
    s.used_ep |= EP_USED_SWAP
    s.ep_card = C_SWAP_MEET
    if s.step != S_BIRDSONG_CARDS:    # at the last point, resume_step holds the next phase
        s.resume_step = s.step
    s.step = S_STEAL
    ask_target(s, C_SWAP_MEET)


cdef int gen_swap_give(GameState* s, int* out) noexcept nogil:
    cdef int t, k = 0
    cdef uint64_t m = cc_types(&s.seats[s.turn].hand)
    while m:
        t = ctz64(m)
        m &= m - 1
        out[k] = A_GIVE + t
        k += 1
    return k


cdef void swap_give(GameState* s, int t) noexcept nogil:
    """The card given back (it may be the one taken): the two of them see it; a third seat only
    that the giver lost a card it cannot name."""
    cdef int v, g = s.turn, r = card_target(s)
    cc_add(&s.seats[g].hand, t, -1)
    s.seats[g].hand_size -= 1
    cc_add(&s.seats[r].hand, t, 1)
    s.seats[r].hand_size += 1
    known_forget_one(s, r, g, t)
    known_add(s, g, r, t, 1)
    for v in range(s.nseats):
        if v != g and v != r:
            known_clear(s, v, g)
    s.ep_card = -1
    after_steal(s)


# ---- the end of Birdsong: Eyrie Emigre ---------------------------------------------------------

cdef bint emigre_begins(GameState* s) noexcept nogil:
    """The end of Birdsong with Eyrie Emigre in play: its move (S_EMIGRE_MOVE) -- or, with no move
    to take, it is discarded at once. True when it waits on a move."""
    cdef int buf[MAX_LEGAL]
    if not in_play(s, s.turn, C_EYRIE_EMIGRE):
        return False
    if s.resume_step == S_EVE_DRAW:
        s.used_ep |= EP_TO_EVENING
    if gen_moves(s, s.turn, buf, 0) == 0:
        discard_from_play(s, s.turn, C_EYRIE_EMIGRE)
        return False
    s.step = S_EMIGRE_MOVE
    return True


cdef void emigre_move(GameState* s, int a) noexcept nogil:
    """Pass (and discard it), or the move; its battle comes next, in the clearing moved into."""
    if a == A_PASS:
        discard_from_play(s, s.turn, C_EYRIE_EMIGRE)
        emigre_done(s)
        return
    s.ep_clearing = move_to(a)              # -1: into the Burrow, where no enemy can be (LoR 12.2.2)
    s.step = S_EMIGRE_BATTLE
    apply_move(s, s.turn, a)


cdef int gen_emigre_battle(GameState* s, int* out) noexcept nogil:
    cdef int d, k = 1
    out[0] = A_PASS
    if s.ep_clearing >= 0 and may_attack_in(s, s.turn, s.ep_clearing):
        k = gen_battles_in(s, s.turn, s.ep_clearing, out, k)
    return k


cdef void emigre_battle(GameState* s, int a) noexcept nogil:
    """Pass (and discard it), or the battle (begun, it counts however it ends); the Birdsong's
    end goes on when it is over (battle_over)."""
    if a == A_PASS:
        discard_from_play(s, s.turn, C_EYRIE_EMIGRE)
        emigre_done(s)
        return
    s.ep_clearing = -1
    start_battle(s, s.turn, (a - A_BATTLE) // NSIDE, (a - A_BATTLE) % NSIDE, S_EMIGRE_BATTLE)


cdef void emigre_done(GameState* s) noexcept nogil:
    """Eyrie Emigre resolved: on to Daylight, or to Evening for a Wyrm that left a forest."""
    s.ep_clearing = -1
    s.resume_step = S_EVE_DRAW if s.used_ep & EP_TO_EVENING else 0
    next_phase(s)


# ---- Daylight: League of Adventurous Mice ------------------------------------------------------

cdef inline bint has_move_or_battle(GameState* s, int seat) noexcept nogil:
    return has_battle(s, seat) or has_move(s, seat)


cdef int gen_league(GameState* s, int seat, int* out, int k) noexcept nogil:
    """League of Adventurous Mice, once per Daylight: a ready item of the Crafted Items box (not
    the Vagabond's, who has none; not the Wyrm's treasure), when there is a move or battle to take."""
    cdef int i, k0 = k
    if ((s.used_ep & EP_USED_LEAGUE) or not in_play(s, seat, C_LEAGUE)
            or ITEM_PLAYER[s.seat_faction[seat]]):
        return k
    for i in range(NITEM):
        if s.seats[seat].items[i] > s.seats[seat].items_exhausted[i]:
            out[k] = A_LEAGUE + i
            k += 1
    if k > k0 and not has_move_or_battle(s, seat):
        return k0
    return k


cdef void league(GameState* s, int seat, int i) noexcept nogil:
    """Exhaust the item (it stays so: nothing refreshes a Crafted Items box), then its move or
    battle (S_LEAGUE), back to the Daylight step it was used at."""
    s.used_ep |= EP_USED_LEAGUE
    s.seats[seat].items_exhausted[i] += 1
    s.resume_step = s.step
    s.step = S_LEAGUE


cdef int gen_league_step(GameState* s, int* out) noexcept nogil:
    return gen_battles(s, s.turn, out, gen_moves(s, s.turn, out, 0))


cdef void league_act(GameState* s, int a) noexcept nogil:
    s.step = s.resume_step
    if a >= A_BATTLE and a < A_BATTLE + NCL * NSIDE:
        start_battle(s, s.turn, (a - A_BATTLE) // NSIDE, (a - A_BATTLE) % NSIDE, s.step)
    else:
        apply_move(s, s.turn, a)


cdef inline void box_item_lost(GameState* s, int seat, int i) noexcept nogil:
    """An item left seat's Crafted Items box: an exhausted one goes last (the box keeps no more
    exhausted items than it holds)."""
    if s.seats[seat].items_exhausted[i] > s.seats[seat].items[i]:
        s.seats[seat].items_exhausted[i] = s.seats[seat].items[i]


# ---- warriors off the map: Coffin Makers ----------------------------------------------------

cdef inline int coffin_owner(GameState* s) noexcept nogil:
    """The seat with Coffin Makers in play, -1 for none."""
    cdef int v
    for v in range(s.nseats):
        if in_play(s, v, C_COFFIN_MAKERS):
            return v
    return -1


cdef inline void warriors_back_from_supply(GameState* s, int seat, int n) noexcept nogil:
    """n of seat's warriors just sent to its supply come back to the map (Field Hospitals): from
    Coffin Makers when they went there."""
    if s.coffin[seat] >= n and coffin_owner(s) >= 0:
        s.coffin[seat] -= n
    else:
        s.seats[seat].pc.warrior_supply -= n


cdef void coffins_return(GameState* s) noexcept nogil:
    """Every warrior on Coffin Makers goes back to its supply."""
    cdef int v
    for v in range(s.nseats):
        s.seats[v].pc.warrior_supply += s.coffin[v]
        s.coffin[v] = 0


cdef inline int coffin_vp_to_come(GameState* s, int seat) noexcept nogil:
    """The VP Coffin Makers will score seat at its next Birdsong as it stands (the evaluation
    counts them with its VP: docs/evaluation.md)."""
    cdef int v, n = 0
    if s.deck_id != DECK_EP or not in_play(s, seat, C_COFFIN_MAKERS):
        return 0
    for v in range(s.nseats):
        n += s.coffin[v]
    return n // 5


cdef void coffin_makers_score(GameState* s) noexcept nogil:
    """The start of its owner's Birdsong: 1 VP per five warriors on it, then all go back."""
    cdef int v, n = 0
    if not in_play(s, s.turn, C_COFFIN_MAKERS):
        return
    for v in range(s.nseats):
        n += s.coffin[v]
    coffins_return(s)
    add_vp(s, s.turn, n // 5, VP_COFFIN, -1, n)


# ---- the E&P cards' own steps ---------------------------------------------------------------

cdef inline bint ep_step(int st) noexcept nogil:
    return st >= S_CHARM and st <= S_LEAGUE


cdef int gen_ep_step(GameState* s, int* out) noexcept nogil:
    cdef int st = s.step
    out[0] = A_PASS
    if st == S_CHARM:
        out[1] = A_USE + C_CHARM_OFFENSIVE
        return 2
    if st == S_SABOTEURS:
        return gen_sabotage(s, out, 1)
    if st == S_INFORMANTS:
        return gen_informants(s, out, 1)
    if st == S_EMIGRE_MOVE:
        return gen_moves(s, s.turn, out, 1)
    if st == S_EMIGRE_BATTLE:
        return gen_emigre_battle(s, out)
    if st == S_SWAP_GIVE:
        return gen_swap_give(s, out)
    return gen_league_step(s, out)


cdef void apply_ep_step(GameState* s, int a) noexcept nogil:
    cdef int st = s.step
    if st == S_CHARM:
        use_charm_offensive(s, a != A_PASS)
    elif st == S_SABOTEURS:
        sabotage(s, a)
    elif st == S_INFORMANTS:
        informants(s, a)
    elif st == S_EMIGRE_MOVE:
        emigre_move(s, a)
    elif st == S_EMIGRE_BATTLE:
        emigre_battle(s, a)
    elif st == S_SWAP_GIVE:
        swap_give(s, a - A_GIVE)
    else:
        league_act(s, a)
