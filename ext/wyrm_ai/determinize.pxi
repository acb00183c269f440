# Determinization for information-set search: resample every card the observer cannot see.
# Reads only what the observer's seat can see (its hand, hand sizes, discard pile, play areas,
# the Eyrie's Decree, cards removed from the game, and cards it knows to be in the other hand), so two states that
# differ only in hidden cards give identical samples.

cdef void determinize(GameState* s, int observer, uint64_t* rng) noexcept nogil:
    """Redeal every card hidden from observer: the unknown part of each other hand (in seat
    order) and the deck, from the pool of unseen cards; cards it knows of stay where they are."""
    cdef int pool[NCT]
    cdef int t, h, unknown, total = 0, r
    for t in range(NCT):
        pool[t] = CARD_COUNT[t]
    cc_take_from(pool, &s.out_of_game)
    cc_take_from(pool, &s.discard)
    cc_take_from(pool, &s.available)
    cc_take_from(pool, &s.hand[observer])
    for h in range(NDECREE):          # the Eyrie's Decree is public
        cc_take_from(pool, &s.decree[h])
    for h in range(s.nseats):
        cc_take_from(pool, &s.play_area[h])
        if h != observer:
            cc_take_from(pool, &s.known[observer][h])
    for t in range(NCT):
        if pool[t] < 0:
            pool[t] = 0
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
    cc_from_counts(&s.deck, pool)
    s.deck_size = total
