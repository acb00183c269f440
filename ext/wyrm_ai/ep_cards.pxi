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
    if in_play(s, seat, C_CORVID_PLANNERS):
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
    if a != A_PASS:
        discard_from_play(s, s.turn, C_SABOTEURS)
        discard_from_play(s, (a - A_SABOTAGE) // NCT, (a - A_SABOTAGE) % NCT)
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
