# Determinization for information-set search: resample every card the observer cannot see.
# Reads only what the observer's seat can see (its hand, hand sizes, discard pile, play areas,
# the Eyrie's Decree, cards removed from the game, and cards it knows to be in the other hand), so two states that
# differ only in hidden cards give identical samples.

cdef void determinize(GameState* s, int observer, uint64_t* rng) noexcept nogil:
    """Redeal every card hidden from observer: the unknown part of each other hand (in seat
    order) and the deck, from the pool of unseen cards; cards it knows of stay where they are."""
    cdef int pool[NCT]
    cdef int t, n, h, unknown, total = 0, r
    for t in range(NCT):
        n = (CARD_COUNT[t] - cc_get(&s.out_of_game, t) - cc_get(&s.discard, t) - cc_get(&s.available, t)
             - cc_get(&s.hand[observer], t))
        for h in range(NDECREE):      # the Eyrie's Decree is public
            n -= decree_get(s, h, t)
        for h in range(s.nseats):
            n -= cc_get(&s.play_area[h], t)
            if h != observer:
                n -= known_get(s, observer, h, t)
        pool[t] = n if n > 0 else 0
        total += pool[t]
    for h in range(s.nseats):
        if h == observer:
            continue
        s.hand[h] = s.known[observer][h]
        unknown = s.hand_size[h] - cc_total(&s.hand[h])
        while unknown > 0 and total > 0:
            r = rng_below(rng, total)
            for t in range(NCT):
                r -= pool[t]
                if r < 0:
                    break
            pool[t] -= 1
            total -= 1
            cc_add(&s.hand[h], t, 1)
            unknown -= 1
    s.deck.lo = 0
    s.deck.hi = 0
    for t in range(NCT):
        cc_set(&s.deck, t, pool[t])
    s.deck_size = total
