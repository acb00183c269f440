# Determinization for information-set search: resample every card the observer cannot see.
# Reads only what the observer's seat can see (its hand, hand sizes, discard pile, play areas,
# the Eyrie's Decree, cards removed from the game, the size of the Alliance's Supporters stack
# and the cards it knows to be in another hand or in that stack), so two states that differ only
# in hidden cards give identical samples.

cdef inline void redeal(CardCounts* dest, const CardCounts* known, int size, int* pool, int* total,
                        uint64_t* rng) noexcept nogil:
    """dest (a hand or the stack, size cards) becomes the cards known there plus the rest dealt
    from the pool."""
    cdef int t, r
    dest[0] = known[0]
    cdef int unknown = size - cc_total(dest)
    while unknown > 0 and total[0] > 0:
        r = rng_below(rng, total[0])
        for t in range(NCT):
            r -= pool[t]
            if r < 0:
                break
        pool[t] -= 1
        total[0] -= 1
        cc_add(dest, t, 1)
        unknown -= 1


cdef inline bint sees_ruins_unseen(GameState* s, int observer) noexcept nogil:
    """A ruin holds items a Vagabond looked at and observer did not (two Vagabonds, LoR 9.7.3)."""
    cdef int c
    for c in range(NCL):
        if s.ruin_seers[c] and not (s.ruin_seers[c] >> observer) & 1:
            return True
    return False


cdef void determinize(GameState* s, int observer, uint64_t* rng) noexcept nogil:
    """Redeal every card hidden from observer: the unknown part of each other hand (in seat
    order), of the Supporters stack (hidden from all but the Alliance) and the deck, from the pool
    of unseen cards; cards it knows of stay where they are. The sample forgets what the other
    seats know that observer cannot see (another seat's knowledge of a third hand, or of the stack
    cards it paid in Outrage)."""
    cdef int c, i
    for c in range(NCL):           # a ruin's items another Vagabond looked at: back among the unseen
        if s.ruin_seers[c] and not (s.ruin_seers[c] >> observer) & 1:   # (two Vagabonds, LoR 9.7.3)
            for i in range(2):
                if s.ruin_seen[c][i] >= 0:
                    s.ruin_items[s.ruin_seen[c][i]] += 1
                    s.ruin_seen[c][i] = -1
            s.ruin_seers[c] = 0
    cdef int pool[NCT]
    cdef int t, h, total = 0
    cdef bint sees_stack = observer == alliance_seat(s)
    for t in range(NCT):
        pool[t] = deck_count(s, t)
    cc_take_from(pool, &s.out_of_game)
    cc_take_from(pool, &s.discard)
    cc_take_from(pool, &s.available)
    cc_take_from(pool, &s.lost_souls)            # public (LoR 10.2.6)
    cc_take_from(pool, &lizard_board(s).revealed)   # the Cult's revealed cards, public (LoR 10.5)
    cc_take_from(pool, &duchy_board(s).revealed)    # the Duchy's, public (LoR 12.5)
    cc_take_from(pool, &s.seats[observer].hand)
    cc_take_from(pool, &alliance_board(s).supporters if sees_stack else &s.seats[observer].known_sup)
    for h in range(NDECREE):          # the Eyrie's Decree is public
        cc_take_from(pool, &eyrie_board(s).decree[h])
    for h in range(NRETINUE):         # the Keepers' Retinue is public (I-C8)
        t = keepers_board(s).retinue[h]
        if t >= 0 and t < NCT:
            pool[t] -= 1
    for h in range(s.nseats):
        cc_take_from(pool, &s.seats[h].play_area)
        if h != observer and public_hand(s, h):     # the Riverfolk's (LoR 11.2.3)
            cc_take_from(pool, &s.seats[h].hand)
        elif h != observer:
            cc_take_from(pool, &s.seats[observer].known[h])
    for t in range(NCT):
        if pool[t] < 0:
            pool[t] = 0
        total += pool[t]
    for h in range(s.nseats):
        if h != observer and not public_hand(s, h):
            redeal(&s.seats[h].hand, &s.seats[observer].known[h], s.seats[h].hand_size, pool, &total, rng)
    if not sees_stack and alliance_seat(s) >= 0:   # (no stack to redeal without the Alliance)
        redeal(&alliance_board(s).supporters, &s.seats[observer].known_sup, alliance_board(s).supporters_size, pool, &total, rng)
    for h in range(s.nseats):
        if h == observer:
            continue
        # what another seat knows of a third hand (Codebreakers, a hand shown in Outrage) or of
        # the stack (cards it paid) is hidden from observer: the sample forgets it
        if not sees_stack:
            s.seats[h].known_sup.lo = 0
            s.seats[h].known_sup.hi = 0
        for t in range(s.nseats):
            if t != observer and t != h:
                known_clear(s, h, t)
    cc_from_counts(&s.deck, pool)
    s.deck_size = total
    if corvid_seat(s) >= 0 and observer != corvid_seat(s):
        redeal_plots(s, rng)


cdef void redeal_plots(GameState* s, uint64_t* rng) noexcept nogil:
    """The face-down plots' types, hidden from observer (LoR 13.2.2.I), dealt again from the types
    no face-up plot shows (two of each, LoR 13.2.2), each clearing keeping out the types a wrong
    Exposure named there (public). Clearings ruling out most types are dealt first; a deal that
    runs into a clearing with no type left starts again (after a few tries the ruled-out types
    are let go, so a sample always exists)."""
    cdef CorvidBoard* b = corvid_board(s)
    cdef int left[NPLOT]
    cdef int order[NCL]
    cdef int c, t, i, j, n = 0, tries, r, total, x
    cdef bint ok
    for c in range(NCL):
        if face_down_in(s, c):
            order[n] = c
            n += 1
    if n == 0:
        return
    for i in range(1, n):             # most ruled-out types first (a stable insertion sort)
        x = order[i]
        j = i - 1
        while j >= 0 and popcount8(b.not_type[order[j]]) < popcount8(b.not_type[x]):
            order[j + 1] = order[j]
            j -= 1
        order[j + 1] = x
    for tries in range(20):
        for t in range(NPLOT):
            left[t] = CV_PLOTS_PER_TYPE
        for c in range(NCL):
            if plot_in(s, c) and (b.face_up >> c) & 1:
                left[b.plot_type[c]] -= 1
        ok = True
        for i in range(n):
            c = order[i]
            total = 0
            for t in range(NPLOT):
                if left[t] > 0 and (tries == 19 or not (b.not_type[c] >> t) & 1):
                    total += left[t]
            if total == 0:
                ok = False
                break
            r = rng_below(rng, total)
            for t in range(NPLOT):
                if left[t] > 0 and (tries == 19 or not (b.not_type[c] >> t) & 1):
                    r -= left[t]
                    if r < 0:
                        break
            b.plot_type[c] = t
            left[t] -= 1
        if ok:
            return


cdef inline int popcount8(uint8_t x) noexcept nogil:
    cdef int n = 0
    while x:
        n += x & 1
        x >>= 1
    return n
