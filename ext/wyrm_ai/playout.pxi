# Random playouts inside the core: a seeded RNG plays every seat and every chance event.

cdef inline uint64_t rng_next(uint64_t* st) noexcept nogil:
    """splitmix64"""
    st[0] += 0x9E3779B97F4A7C15ULL
    cdef uint64_t z = st[0]
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL
    return z ^ (z >> 31)


cdef inline int rng_below(uint64_t* st, int n) noexcept nogil:
    return <int>((rng_next(st) >> 33) % <uint64_t>n)


cdef int sample_chance(GameState* s, uint64_t* rng) noexcept nogil:
    """A chance outcome drawn with its true probability: the dice, a card off the deck or out of a
    hand drawn here; every other chance step (the Vagabond's, the Mechanical Marquise's, a card
    taken from a bot, which comes off the deck, the hirelings' control die, the Brigand's ruin item
    and card) from its outcomes (gen_chance)."""
    cdef int a, b, t, r, n
    cdef int outs[NCT]
    cdef double prob[NCT]
    cdef double u
    if (s.step == S_QUEST_DRAW or s.step == S_RUIN or s.step == S_VB_STEAL or mm_chance_step(s)
            or s.step == S_VB_ORDER or s.step == S_DRAFT_DEAL or s.step == S_DRAFT_CHAR or s.step == S_FAITHFUL
            or s.step == S_DC_FAIL_DRAW or s.step == S_CV_EXTORT or s.step == S_LH_MOB or s.step == S_LH_RUIN
            or s.step == S_KI_PLACE or s.step == S_KI_VALUE
            or s.step == S_HR_CONTROL or s.step == S_HR_RUIN or s.step == S_HR_STEAL
            or (s.step == S_STEAL and takes_from_deck(s, card_target(s)))):
        n = gen_chance(s, outs, prob)
        u = (rng_next(rng) >> 11) * (1.0 / 9007199254740992.0)
        for t in range(n - 1):
            u -= prob[t]
            if u < 0:
                return outs[t]
        return outs[n - 1]
    if s.step == S_ROLL:
        a = rng_below(rng, 4)
        b = rng_below(rng, 4)
        return A_DICE + (a * 4 + b if a >= b else b * 4 + a)
    if s.step == S_STEAL:
        r = rng_below(rng, s.seats[card_target(s)].hand_size)
        for t in range(NCT):
            r -= cc_get(&s.seats[card_target(s)].hand, t)
            if r < 0:
                return A_STEAL + t
        return A_STEAL
    r = rng_below(rng, s.deck_size)
    for t in range(NCT):
        r -= cc_get(&s.deck, t)
        if r < 0:
            return A_DRAW + t
    return A_DRAW


cdef int random_playout(GameState* s, uint64_t* rng, int max_decisions) noexcept nogil:
    """Play uniformly random legal actions until the game ends or max_decisions decisions
    (chance events not counted) are made. Returns the decisions made."""
    cdef int buf[MAX_LEGAL]
    cdef int n, decisions = 0
    while s.step != S_TERMINAL and decisions < max_decisions:
        if current_player(s) == PLAYER_CHANCE:
            apply_action(s, sample_chance(s, rng))
            continue
        n = gen_legal_unsorted(s, buf)
        if n == 0:          # never happens in a sound game; stop rather than loop
            return -1
        apply_action(s, buf[rng_below(rng, n)])
        decisions += 1
    return decisions
