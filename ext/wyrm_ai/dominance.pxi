# Dominance cards (LoR 3.3; root-factions.md §1.6; W-MP-8: the Wyrm uses them like any faction).
# At two seats they are out of the game (LoR 5.1.3) and nothing here ever applies.
# - A dominance card spent or discarded becomes *available* beside the map (available[t]),
#   never the discard pile, so it is never reshuffled (LoR 3.3.3; spend_card).
# - In its own Daylight a seat may take an available one by spending a card of its suit (birds
#   are wild for fox, rabbit and mouse; bird dominance needs a real bird, LoR 3.3.4, §7 trap 18),
#   and may activate one from hand with at least 10 VP (LoR 3.3.1): the card goes to its play
#   area, its score marker leaves the track and it never scores again (add_vp).
# - It wins at the very start of its own Birdsong if it rules 3 clearings of the card's suit,
#   or, for bird, both corners of an opposite pair (LoR 3.3.1.I-II).

cdef enum:
    DOMINANCE_VP = 10     # VP needed to activate (LoR 3.3.1)

cdef int8_t DOMINANCE_OF_SUIT[4]   # the dominance card type of each suit


cdef void _init_dominance():
    cdef int t
    for t in range(NCT):
        if CARD_KIND[t] == K_DOMINANCE:
            DOMINANCE_OF_SUIT[CARD_SUIT[t]] = t

_init_dominance()


cdef inline int activated_dominance(GameState* s, int seat) noexcept nogil:
    """The dominance card seat has activated (in its play area), or -1."""
    cdef int k, t
    for k in range(4):
        t = DOMINANCE_OF_SUIT[k]
        if cc_has(&s.seats[seat].play_area, t):
            return t
    return -1


cdef inline bint pays_for_dominance(int t, int suit) noexcept nogil:
    """A card may be spent to take the available dominance card of suit: a card of that suit, or a
    bird for fox, rabbit or mouse; the bird dominance card needs a real bird (LoR 3.3.4)."""
    return CARD_SUIT[t] == suit or (suit != BIRD and CARD_SUIT[t] == BIRD)


cdef int gen_dominance(GameState* s, int seat, int* out, int k) noexcept nogil:
    """Swaps for available dominance cards, and activating one from hand with >= 10 VP (only
    while the seat has none activated: its score marker is off the track after that)."""
    cdef int suit, t, d
    for suit in range(4):
        d = DOMINANCE_OF_SUIT[suit]
        if not cc_has(&s.available, d):
            continue
        for t in range(NCT):
            if cc_has(&s.seats[seat].hand, t) and pays_for_dominance(t, suit):
                out[k] = A_SWAP + suit * NCT + t
                k += 1
    if (s.seats[seat].score >= DOMINANCE_VP and activated_dominance(s, seat) < 0
            and not ITEM_PLAYER[s.seat_faction[seat]]):   # he never activates one to win (LoR 9.2.8)
        for suit in range(4):
            d = DOMINANCE_OF_SUIT[suit]
            if cc_has(&s.seats[seat].hand, d):
                out[k] = A_ACTIVATE + d
                k += 1
    return k


cdef inline bint is_dominance_action(int a) noexcept nogil:
    return a >= A_ACTIVATE and a < A_SWAP + 4 * NCT


cdef void apply_dominance(GameState* s, int seat, int a) noexcept nogil:
    cdef int t, d
    if a < A_SWAP:
        d = a - A_ACTIVATE
        to_play_area(s, seat, d)
        emit(E_DOMINANCE, seat, -1, d, s.seats[seat].score, -1)
        return
    d = DOMINANCE_OF_SUIT[(a - A_SWAP) // NCT]
    t = (a - A_SWAP) % NCT
    spend_card(s, seat, t)
    cc_add(&s.available, d, -1)
    cc_add(&s.seats[seat].hand, d, 1)
    s.seats[seat].hand_size += 1
    for t in range(s.nseats):          # everyone saw it taken
        if t != seat:
            known_add(s, t, seat, d, 1)
    emit(E_SWAP, seat, -1, d, 1, (a - A_SWAP) % NCT)


cdef inline void to_play_area(GameState* s, int seat, int d) noexcept nogil:
    """Dominance card d goes from seat's hand to its play area, in view of everyone: activated
    (LoR 3.3.1), or the Vagabond's coalition (LoR 9.2.8). Its owner never scores again."""
    cc_add(&s.seats[seat].hand, d, -1)
    s.seats[seat].hand_size -= 1
    forget_card(s, seat, d)
    cc_add(&s.seats[seat].play_area, d, 1)


cdef inline void make_available(GameState* s, int seat, int t) noexcept nogil:
    """A dominance card that would go to the discard pile lies beside the map instead."""
    cc_add(&s.available, t, 1)
    emit(E_AVAILABLE, seat, -1, t, 1, -1)


cdef int dominance_progress(GameState* s, int seat, int t) noexcept nogil:
    """How much of dominance card t's goal seat holds: ruled clearings of its suit (up to 3), or
    for bird the most corners of one opposite pair it rules (up to 2). Ruler counts every rule
    change (e.g. Lords of the Forest)."""
    cdef int c, n = 0, pair
    if CARD_SUIT[t] == BIRD:
        for c in range(2):
            pair = (ruler(s, c) == seat) + (ruler(s, opposite_corner(s, c)) == seat)
            n = max(n, pair)
        return n
    for c in range(NCL):
        if s.suit[c] == CARD_SUIT[t] and ruler(s, c) == seat:
            n += 1
    return min(n, 3)


cdef inline bint rules_dominance(GameState* s, int seat, int t) noexcept nogil:
    """Seat holds what dominance card t asks: 3 ruled clearings of its suit, or both corners of
    an opposite pair for bird (LoR 3.3.1.I-II)."""
    return dominance_progress(s, seat, t) == (2 if CARD_SUIT[t] == BIRD else 3)


cdef void dominance_win_check(GameState* s) noexcept nogil:
    """The very start of the seat on turn's Birdsong: an activated dominance card it fulfils wins
    the game (LoR 3.3.1). The turn machine then ends the game (game_over)."""
    cdef int t = activated_dominance(s, s.turn)
    if t >= 0 and s.winner < 0 and rules_dominance(s, s.turn, t):
        s.winner = s.turn
        emit(E_WIN, s.turn, -1, t, s.seats[s.turn].score, win_partner(s, s.turn))
