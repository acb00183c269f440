# Determinization for information-set search: resample every card the observer cannot see.
# Reads only what the observer's seat can see (its hand, hand sizes, discard pile, play areas,
# the Eyrie's Decree, cards removed from the game, the size of the Alliance's Supporters stack
# and the cards it knows to be in another hand or in that stack), so two states that differ only
# in hidden cards give identical samples.

cdef inline void redeal(uint8_t* dest, uint8_t* known, int size, int* pool, int* total,
                        uint64_t* rng) noexcept nogil:
    """dest (a hand or the stack, size cards) becomes the cards known there plus the rest dealt
    from the pool."""
    cdef int t, r
    cdef int unknown = size
    for t in range(NCT):
        unknown -= known[t]
        dest[t] = known[t]
    while unknown > 0 and total[0] > 0:
        r = rng_below(rng, total[0])
        for t in range(NCT):
            r -= pool[t]
            if r < 0:
                break
        pool[t] -= 1
        total[0] -= 1
        dest[t] += 1
        unknown -= 1


cdef void determinize(GameState* s, int observer, uint64_t* rng) noexcept nogil:
    """Redeal every card hidden from observer: the unknown part of each other hand (in seat
    order), of the Supporters stack (hidden from all but the Alliance) and the deck, from the pool
    of unseen cards; cards it knows of stay where they are. The sample forgets what the other
    seats know that observer cannot see (another seat's knowledge of a third hand, or of the stack
    cards it paid in Outrage)."""
    cdef int pool[NCT]
    cdef int t, n, h, total = 0
    cdef bint sees_stack = observer == alliance_seat(s)
    for t in range(NCT):
        n = CARD_COUNT[t] - s.out_of_game[t] - s.discard[t] - s.available[t] - s.hand[observer][t]
        for h in range(NDECREE):      # the Eyrie's Decree is public
            n -= s.decree[h][t]
        for h in range(s.nseats):
            n -= s.play_area[h][t]
            if h != observer:
                n -= s.known[observer][h][t]
        n -= s.supporters[t] if sees_stack else s.known_sup[observer][t]
        pool[t] = n if n > 0 else 0
        total += pool[t]
    for h in range(s.nseats):
        if h != observer:
            redeal(s.hand[h], s.known[observer][h], s.hand_size[h], pool, &total, rng)
    if not sees_stack:
        redeal(s.supporters, s.known_sup[observer], s.supporters_size, pool, &total, rng)
    for h in range(s.nseats):
        if h == observer:
            continue
        # what another seat knows of a third hand (Codebreakers, a hand shown in Outrage) or of
        # the stack (cards it paid) is hidden from observer: the sample forgets it
        if not sees_stack:
            memset(s.known_sup[h], 0, NCT)
        for t in range(s.nseats):
            if t != observer and t != h:
                memset(s.known[h][t], 0, NCT)
    s.deck_size = 0
    for t in range(NCT):
        s.deck[t] = pool[t]
        s.deck_size += pool[t]
