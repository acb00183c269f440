# The Eyrie's Decree planner: can the rest of the Decree still be carried out this turn (LoR
# 7.5.2), or does every way through it end in Turmoil (7.7)? A player's question, not a rule: the
# search asks it at its root (Search(decree_plan=R), through round R) to keep the Eyrie from
# choosing a Decree card, a clearing or a card to use that dooms its Decree while another choice
# keeps it possible. docs/search.md "The Decree planner".
#
# A bounded depth-first search over the Decree's own actions (gen_decree), on copies of the state,
# with the rules' own moves applied. It reads only what the Eyrie sees: its Decree, hand and the
# board. Where it abstracts:
# - a battle only resolves its card, and the planner lets a Build card place a roost in its
#   clearing if the Eyrie have warriors there (the dice are not known ahead: the battle may have
#   won rule, and removed the building or the Keep in the way); asked robust, each battle costs
#   the Eyrie there as many warriors as the defender could hit (LoR 4.3.2), so a way through is
#   one whatever the dice;
# - a move from a clearing of more than PLAN_ALL_COUNTS warriors takes 1 to 3, half, or all but
#   3 to all of them (a plan that needs another count is not found); from fewer, any count;
# - the first card added in Birdsong is judged with the best second card the hand could add
#   (or none), the second as it is; with no roost on the map (a new one comes after the cards,
#   LoR 7.4.3) the answer is "unknown";
# - crafting and Daylight cards are left out (they do not resolve Decree cards);
# - in the Recruit, Battle and Build columns the cards are taken suit by suit in one order (their
#   order does not change what the column can do); in the Move column in every order;
# - a bird card is never used where a card of the clearing's suit is left in the column: the bird
#   can do all the suited card can, so that choice is never worse (exact);
# - asked ahead, a way through must end where the same Decree could be carried out next turn
#   from the board it leaves (the other seats' turns and next turn's new cards left out).
# Dead ends are remembered by what the rest depends on (plan_key), so orders that meet again are
# not searched twice. PLAN_BUDGET states per question: past it the answer is "unknown".
# The guard (decree_guard) keeps the surest actions: a way through whatever the dice, else a
# way through, else "unknown"; among those, the ones that leave next turn's Decree possible.

cdef enum:
    PLAN_BUDGET = 12000         # states the planner may visit for one root action
    PLAN_MEMO = 4096            # the states it remembers as dead ends (a power of two)
    PLAN_ALL_COUNTS = 8         # a move from a clearing of at most this many warriors: every count
    PLAN_DEPTH = 24             # Decree cards it plans ahead at most (its stack: ~18 kB a card)
    PLAN_NO = 0                 # every way through the rest of the Decree ends in Turmoil
    PLAN_YES = 1                # a way through was found
    PLAN_UNKNOWN = -1           # the budget ran out first


cdef inline int decree_action_clearing(int col, int a, int* bird) noexcept nogil:
    """The clearing Decree action a of column col acts in (a move: its origin); bird set when a
    bird card (a Vizier too) carries it out (the encoding of gen_decree)."""
    cdef int x
    if col == D_MOVE:
        x = a - A_E_MOVE
        bird[0] = (x // 21) % 2
        return x // 42 // NCL
    if col == D_RECRUIT:
        x = a - A_E_RECRUIT
    elif col == D_BATTLE:
        x = a - A_E_BATTLE
        bird[0] = x % 2
        return x // 2 // NSIDE
    else:
        x = a - A_E_BUILD
    bird[0] = x % 2
    return x // 2


cdef inline bint plan_worth_trying(GameState* s, int col, int a) noexcept nogil:
    """Whether the planner tries action a of Decree column col (the reductions above)."""
    cdef int bird, n, w
    cdef int c = decree_action_clearing(col, a, &bird)
    if col == D_MOVE:
        n = (a - A_E_MOVE) % 21
        w = eyrie_pc(s).warriors[c]
        if w > PLAN_ALL_COUNTS and not (n <= 3 or n >= w - 3 or n == w // 2):
            return False
    return not (bird and decree_left(s, col, s.suit[c]) > 0)


cdef inline int first_suit_left(GameState* s, int col) noexcept nogil:
    """The first suit (in suit order, birds last) with a card of column col left."""
    cdef int suit
    for suit in range(4):
        if decree_left(s, col, suit) > 0:
            return suit
    return -1


cdef inline int action_suit(GameState* s, int col, int a) noexcept nogil:
    """The suit of the Decree card action a of column col uses (BIRD for a bird card)."""
    cdef int bird
    cdef int c = decree_action_clearing(col, a, &bird)
    return BIRD if bird else s.suit[c]


cdef inline int moves_left(GameState* s) noexcept nogil:
    cdef int suit, n = 0
    for suit in range(4):
        n += max(0, decree_left(s, D_MOVE, suit))
    return n


cdef bint plan_hopeless(GameState* s, uint16_t won) noexcept nogil:
    """A bound that proves no way through: where the Eyrie's warriors could be by the Battle
    column (each move card left carries them one step further, rule and paths aside), a battle
    card of a suit with no clearing of its suit there holding an enemy's piece, or more build
    cards of a suit (or in all) than clearings there a roost could go in (the clearings without
    its warriors now each needing a move card of their own), or than roosts left. won: the
    clearings a battle of this plan was fought in (the Eyrie may rule them now)."""
    cdef int me = eyrie_seat(s)
    cdef int m = moves_left(s), step, c, b, suit, need, total_need = 0, total_now = 0, total_far = 0
    cdef int past_moves = decree_column(s) > D_MOVE, building = decree_column(s) == D_BUILD
    cdef uint16_t here = 0, reach, grown, ruled = ruled_mask(s, me)
    cdef int now_of[4]
    cdef int far_of[4]
    for c in range(NCL):
        if eyrie_pc(s).warriors[c] > 0:
            here |= 1 << c
    reach = here
    if decree_column(s) == D_RECRUIT and eyrie_pc(s).warrior_supply > 0:
        for c in range(NCL):             # recruits to come: warriors at the roosts
            if eyrie_pc(s).buildings[0][c]:
                reach |= 1 << c
    for step in range(m):
        grown = reach
        for c in range(NCL):
            if reach & (1 << c):
                for b in range(NCL):
                    if may_reach(s, me, c, b):
                        grown |= 1 << b
        reach = grown
    for suit in range(4):                # battles
        if decree_left(s, D_BATTLE, suit) <= 0:
            continue
        need = 1
        for c in range(NCL):
            if (reach >> c) & 1 and card_fits(s, suit, c):
                if enemy_side_pieces(s, me, c) > 0:         # enemy hireling pieces too (E-16)
                    need = 0
                    break
        if need:
            return True
    memset(now_of, 0, sizeof(now_of))
    memset(far_of, 0, sizeof(far_of))
    for c in range(NCL):                 # builds
        if not ((reach >> c) & 1) or not roost_may_go(s, c, (won >> c) & 1 if building else True):
            continue
        if ((ruled | (won & here)) if building else here) & (1 << c):
            now_of[s.suit[c]] += 1
            total_now += 1
        elif not past_moves:
            far_of[s.suit[c]] += 1
            total_far += 1
    need = 0
    for suit in range(3):
        b = max(0, decree_left(s, D_BUILD, suit))
        total_need += b
        if b > now_of[suit] + far_of[suit]:
            return True
        need += max(0, b - now_of[suit])
    total_need += max(0, decree_left(s, D_BUILD, BIRD))
    if total_need > total_now + total_far or total_need > eyrie_pc(s).building_supply[0]:
        return True
    return max(need, total_need - total_now) > m


cdef inline uint64_t plan_key(GameState* s) noexcept nogil:
    """What the rest of a plan depends on: the Eyrie's warriors and roosts, supply, the cards
    resolved, the other seats' warriors (battles take them off; FNV-1a; 0 marks an empty slot)."""
    cdef uint64_t h = 14695981039346656037ULL
    cdef int c, col, suit, seat, me = eyrie_seat(s)
    for c in range(NCL):
        h = (h ^ <uint64_t>(eyrie_pc(s).warriors[c] * 2 + eyrie_pc(s).buildings[0][c])) * 1099511628211ULL
    for col in range(NDECREE):
        for suit in range(4):
            h = (h ^ <uint64_t>eyrie_board(s).decree_done[col][suit]) * 1099511628211ULL
    for seat in range(s.nseats):
        if seat != me:
            for c in range(NCL):
                h = (h ^ <uint64_t>s.seats[seat].pc.warriors[c]) * 1099511628211ULL
    h = (h ^ <uint64_t>eyrie_pc(s).warrior_supply) * 1099511628211ULL
    return h if h != 0 else 1


cdef struct PlanMemo:
    int budget                          # states left to visit
    PlanMemo* ahead                     # not NULL: a plan must also leave next turn's Decree
                                        # possible (asked with this memo of its own)
    bint robust                         # each battle costs the Eyrie all the defender could hit
    uint64_t dead[PLAN_MEMO]            # plan_key of states with no way through (open addressing)


cdef inline bint memo_has(PlanMemo* m, uint64_t k) noexcept nogil:
    cdef int i = <int>(k & (PLAN_MEMO - 1)), j
    for j in range(PLAN_MEMO):
        if m.dead[i] == k:
            return True
        if m.dead[i] == 0:
            return False
        i = (i + 1) & (PLAN_MEMO - 1)
    return False


cdef inline void memo_add(PlanMemo* m, uint64_t k) noexcept nogil:
    cdef int i = <int>(k & (PLAN_MEMO - 1)), j
    for j in range(PLAN_MEMO // 2):     # a full table forgets: the answer stays right, only slower
        if m.dead[i] == 0 or m.dead[i] == k:
            m.dead[i] = k
            return
        i = (i + 1) & (PLAN_MEMO - 1)


cdef inline void memo_init(PlanMemo* m, PlanMemo* ahead=NULL) noexcept nogil:
    m.budget = PLAN_BUDGET
    m.ahead = ahead
    m.robust = False
    if ahead != NULL:
        memo_init(ahead)
    memset(m.dead, 0, sizeof(m.dead))


cdef int plan_step(GameState* t, int a, uint16_t* won, bint robust=False) noexcept nogil:
    """Carry out Decree action a on t as the planner does (a battle only resolves its card and
    adds its clearing to won: the Eyrie may have won it; robust: the Eyrie lose there as many
    warriors as the defender could hit, LoR 4.3.2):
    PLAN_YES to go on planning, PLAN_NO when it threw the Eyrie into Turmoil (a Charismatic
    recruit short of warriors), PLAN_UNKNOWN when something else now asks for a decision."""
    cdef int x, c, lost
    if a >= A_E_BATTLE and a < A_E_BATTLE + NCL * NSIDE * 2:
        x = a - A_E_BATTLE
        c = x // 2 // NSIDE
        decree_resolved(t, D_BATTLE, x % 2, c)
        won[0] |= 1 << c
        if robust:
            lost = min(<int>eyrie_pc(t).warriors[c], min(3, fighters_in(t, (x // 2) % NSIDE, c)))
            eyrie_pc(t).warriors[c] -= lost
            warriors_to_supply(t, eyrie_seat(t), lost)
        return PLAN_YES
    apply_eyrie_day(t, a)
    if eyrie_board(t).leader < 0:
        return PLAN_NO
    return PLAN_YES if t.step == S_EYRIE_DAY else PLAN_UNKNOWN


cdef inline bint roost_may_go(GameState* s, int c, bint battle) noexcept nogil:
    """A roost could go in c (no roost there yet): a slot is free and the Eyrie may place
    there; or (battle: the Eyrie battle or battled there) an enemy's building holds the last
    slot, or the Keep bars placing, which the battle may remove (LoR 2.7, 6.2.2)."""
    cdef int me = eyrie_seat(s), d
    if eyrie_pc(s).buildings[0][c] or not (battle or may_place(s, me, c)):
        return False
    if free_slots(s, c) > 0:
        return True
    if battle:
        for d in range(s.nseats):
            if d != me and is_enemy(s, me, d) and buildings_in(&s.seats[d].pc, c) > 0:
                return True
    return False


cdef int plan_builds(GameState* s, int* out, uint16_t won) noexcept nogil:
    """The Build column's actions as gen_decree makes them, and also in the clearings of won
    where the Eyrie has warriors (a battle there may have won rule, and removed the building
    or the Keep in the way: roost_may_go)."""
    cdef int me = eyrie_seat(s)
    cdef int suit, c, k = 0
    cdef uint16_t may_rule = ruled_mask(s, me)
    for c in range(NCL):
        if (won >> c) & 1 and eyrie_pc(s).warriors[c] > 0:
            may_rule |= 1 << c
    for suit in range(4):
        if decree_left(s, D_BUILD, suit) <= 0:
            continue
        for c in range(NCL):
            if (card_fits(s, suit, c) and (may_rule >> c) & 1 and roost_may_go(s, c, (won >> c) & 1)
                    and eyrie_pc(s).building_supply[0] > 0):
                out[k] = A_E_BUILD + c * 2 + (1 if suit == BIRD else 0)
                k += 1
    return k


cdef int plan_rest(GameState* s, PlanMemo* memo, int depth=0, uint16_t won=0) noexcept nogil:
    """Whether the rest of the Decree can be carried out from s (the Eyrie's Daylight):
    PLAN_YES, PLAN_NO, or PLAN_UNKNOWN when budget (states left; counted down) runs out or the
    plan grows past PLAN_DEPTH steps."""
    cdef int col = decree_column(s)
    cdef GameState t
    if col == NDECREE:
        if memo.ahead == NULL:
            return PLAN_YES
        copy_state(&t, s)               # next turn: the same Decree from this board, no card
        plan_daylight(&t)               # added, the others' turns left out
        return plan_rest(&t, memo.ahead)
    if depth >= PLAN_DEPTH:
        return PLAN_UNKNOWN
    cdef uint64_t key = plan_key(s) ^ (<uint64_t>won * 0x9E3779B97F4A7C15ULL)
    key = key if key != 0 else 1
    if memo_has(memo, key):
        return PLAN_NO
    if plan_hopeless(s, won):
        memo_add(memo, key)
        return PLAN_NO
    cdef int buf[MAX_LEGAL]
    cdef bint stuck, unknown = False
    cdef uint16_t w
    cdef int n = plan_builds(s, buf, won) if col == D_BUILD else gen_decree(s, buf, 0, &stuck)
    cdef int i, r, only = -1 if col == D_MOVE else first_suit_left(s, col)
    for i in range(n):
        if not plan_worth_trying(s, col, buf[i]):
            continue
        if only >= 0 and action_suit(s, col, buf[i]) != only:
            continue
        if memo.budget <= 0:
            return PLAN_UNKNOWN
        memo.budget -= 1
        copy_state(&t, s)
        w = won
        r = plan_step(&t, buf[i], &w, memo.robust)
        if r == PLAN_YES:
            r = plan_rest(&t, memo, depth + 1, w)
        if r == PLAN_YES:
            return PLAN_YES
        if r == PLAN_UNKNOWN:
            unknown = True
    if unknown:
        return PLAN_UNKNOWN
    memo_add(memo, key)
    return PLAN_NO


cdef inline void plan_daylight(GameState* t) noexcept nogil:
    """t, in the Eyrie's Birdsong, as at the start of its Daylight with the Decree it has now
    (the rest of Birdsong left out)."""
    t.step = S_EYRIE_DAY
    t.crafting_open = 0
    memset(eyrie_board(t).decree_done, 0, sizeof(eyrie_board(t).decree_done))


cdef int plan_adds(GameState* s, bint bird_added, bint ahead, bint robust) noexcept nogil:
    """After the first card added in Birdsong (s, still in Birdsong): whether the Decree can be
    carried out this turn with no second card or with some second card from the hand (LoR 7.4.2:
    at most one of the two a bird)."""
    cdef GameState t
    cdef PlanMemo memo, memo_ahead
    cdef int card, col, r
    cdef bint unknown = False
    for card in range(-1, NCT):
        if card >= 0 and (not cc_has(&s.seats[eyrie_seat(s)].hand, card)
                          or (bird_added and CARD_SUIT[card] == BIRD)):
            continue
        for col in range(NDECREE if card >= 0 else 1):
            copy_state(&t, s)
            if card >= 0:
                decree_add(&t, col, card)
            plan_daylight(&t)
            memo_init(&memo, &memo_ahead if ahead else NULL)
            memo.robust = robust
            r = plan_rest(&t, &memo)
            if r == PLAN_YES:
                return PLAN_YES
            unknown = unknown or r == PLAN_UNKNOWN
    return PLAN_UNKNOWN if unknown else PLAN_NO


cdef int plan_after(GameState* s, int a, bint ahead=False, bint robust=False) noexcept nogil:
    """Whether the Decree can still be carried out this turn after the Eyrie's action a at s
    (a Decree card added in Birdsong, or an action of its Daylight); ahead: in a way that
    leaves it possible next turn too (from the board this turn leaves, the others' turns and
    next turn's new cards left out); robust: whatever the defenders roll (plan_step)."""
    cdef GameState t
    cdef PlanMemo memo, memo_ahead
    cdef int r, x
    cdef uint16_t won = 0
    memo_init(&memo, &memo_ahead if ahead else NULL)
    memo.robust = robust
    copy_state(&t, s)
    if s.step == S_EYRIE_ADD:
        if roosts_on_map(s) == 0:       # a new roost comes after the cards (LoR 7.4.3): where
            return PLAN_UNKNOWN          # is the Eyrie's to choose then
        if a == A_PASS:
            plan_daylight(&t)
            return plan_rest(&t, &memo)
        x = a - A_DECREE
        decree_add(&t, x // NCT, x % NCT)
        cc_add(&t.seats[eyrie_seat(s)].hand, x % NCT, -1)
        if eyrie_board(s).decree_added > 0:
            plan_daylight(&t)
            return plan_rest(&t, &memo)
        return plan_adds(&t, CARD_SUIT[x % NCT] == BIRD, ahead, robust)
    # Daylight
    if a == A_PASS:
        return PLAN_NO if decree_column(s) < NDECREE else PLAN_YES
    if (a >= A_E_RECRUIT and a < A_E_RECRUIT + NCL * 2) or (a >= A_E_BUILD and a < A_E_BUILD + NCL * 2) \
            or (a >= A_E_BATTLE and a < A_E_BATTLE + NCL * NSIDE * 2) \
            or (a >= A_E_MOVE and a < A_E_MOVE + NCL * NCL * 2 * 21):
        r = plan_step(&t, a, &won, robust)
        if r != PLAN_YES:
            return r
    return plan_rest(&t, &memo, 0, won)


cdef bint decree_planned_step(GameState* s, int seat) noexcept nogil:
    """The Decree planner has a say at s: the Eyrie (seat) adds to its Decree or acts in its
    Daylight, with a roost on the map (without one its Birdsong places one first)."""
    return (current_player(s) == seat and s.seat_faction[seat] == F_EYRIE
            and (s.step == S_EYRIE_ADD or s.step == S_EYRIE_DAY) and eyrie_board(s).leader >= 0
            and roosts_on_map(s) > 0)


cdef inline int plan_grade(int answer) noexcept nogil:
    """How sure a way through is: 2 found, 1 the planner cannot tell, 0 none."""
    return 2 if answer == PLAN_YES else (1 if answer == PLAN_UNKNOWN else 0)


cdef inline int sure_grade(GameState* s, int a) noexcept nogil:
    """How sure a way through the Decree this turn after a is: 3 found whatever the defenders
    roll, 2 found, 1 the planner cannot tell, 0 none."""
    cdef int g = plan_grade(plan_after(s, a))
    if g == 2 and plan_after(s, a, False, True) == PLAN_YES:
        return 3
    return g


cdef int decree_guard(GameState* s, int* acts, int n) noexcept nogil:
    """Keep (in place, in order) the actions of acts[:n] whose way through the Decree this turn
    is surest (sure_grade: found whatever the dice, else found, else the planner cannot tell),
    and among them those whose way through also leaves next turn's Decree possible, surest
    first; all of them when none has a way through. Returns how many."""
    cdef int i, m, best = 0
    cdef int8_t grade[MAX_LEGAL]
    for i in range(n):
        grade[i] = sure_grade(s, acts[i])
        best = max(best, grade[i])
    if best == 0:
        return n
    for i in range(n):
        grade[i] = grade[i] == best
    best = 0
    for i in range(n):
        if grade[i]:
            grade[i] = 1 + plan_grade(plan_after(s, acts[i], True))
            best = max(best, grade[i])
    m = 0
    for i in range(n):
        if grade[i] == best:
            acts[m] = acts[i]
            m += 1
    return m


PLAN_ANSWERS = {PLAN_NO: "no", PLAN_YES: "yes", PLAN_UNKNOWN: "unknown"}


def decree_plan(State state not None, action=None, bint ahead=False, bint robust=False):
    """The Decree planner's answer at the Eyrie's Birdsong (adding to its Decree) or Daylight:
    whether its Decree can still be carried out this turn after action (a legal action there;
    None: as it stands) -- "yes", "no" or "unknown" (the planner's budget ran out, or in Birdsong
    with no roost on the map, where the new roost is still to be placed); ahead: in a way that
    leaves the same Decree possible next turn from the board this turn leaves (the other seats'
    turns and next turn's new cards left out); robust: whatever the defenders roll (each battle
    costs the Eyrie as many warriors there as the defender could hit)."""
    cdef GameState* s = _state_of(state)
    cdef PlanMemo memo, memo_ahead
    cdef GameState t
    memo_init(&memo, &memo_ahead if ahead else NULL)
    memo.robust = robust
    if s.step != S_EYRIE_ADD and s.step != S_EYRIE_DAY:
        raise IllegalActionError(f"the Decree planner answers in the Eyrie's Birdsong or Daylight, not at {STEP_NAMES[s.step]}")
    if action is None:
        copy_state(&t, s)
        if t.step == S_EYRIE_ADD:
            if roosts_on_map(s) == 0:
                return PLAN_ANSWERS[PLAN_UNKNOWN]
            plan_daylight(&t)
        return PLAN_ANSWERS[plan_rest(&t, &memo)]
    if int(action) not in state.legal_actions():
        raise IllegalActionError(f"action {action} is not legal here")
    return PLAN_ANSWERS[plan_after(s, int(action), ahead, robust)]
