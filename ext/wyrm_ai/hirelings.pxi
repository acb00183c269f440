# Hirelings (LoR 16.4, the printed appendix E; the contract: docs/hundreds-keepers.md §4, E-1..E-49).
#
# Hirelings are a game option: three hireling cards, each played on one side (HR_*: a card's
# promoted side is even, its demoted side the odd one after it). They are no factions and no
# seats. The table keeps, per card: its side (hr_kind), its controller (hr_owner, -1 in the
# supply), its control markers (hr_control) and the turn it was gained (hr_gained); the three
# hireling markers still on the score track (hr_markers) and the markers each seat has taken but
# not flipped (hr_owed).
#
# - Gaining (16.4.1.1, E-7): a score marker entering space 4, 8 or 12 takes its hireling marker
#   (hr_score_moved, from add_vp); at the end of that seat's own turn each marker takes a supply
#   hireling (S_HR_TAKE when there is a choice) and the control die is rolled (S_HR_CONTROL).
# - Control (16.4.1.2, E-8): the die's gold pips only for a player with the most VP or tied for it,
#   all its pips otherwise. The faces are data (CONTROL_ALL, CONTROL_GOLD; E-C20: UNCONFIRMED).
# - Losing (16.4.1.3, E-9): at the end of its turn the controller takes one control marker off each
#   hireling gained on previous turns, then gives each with none to any other player (S_HR_GIVE),
#   who rolls for control at once. The order of the end of a turn is E-C3's: markers off, give
#   away, take from the supply (hr_turn_end, hr_turn_next).
# - Hireling pieces (E-15..E-22): hireling i's pieces are a side of their own, HSIDE + i, after the
#   seats (state.pxi: hr_pc, side_pc, side_faction): a seat battles them like an enemy seat (the
#   battle actions name a side), hits on them remove them to their card's supply and score nobody
#   for warriors (E-20), Favors, Revolts and bombs remove them as enemy pieces; for rule their
#   controller counts them as its own, an uncontrolled hireling rules as a player would (ruler,
#   rule_table: hireling_rule). A hireling side is F_HIRELING's row in the per-faction tables.
# - Street Band (E-46, E-48): a Band warrior keeps an enemy's pieces that moved into its clearing this
#   turn from moving out (hr_entered, leave_blocked); once in its controller's Daylight, a Band
#   warrior placed in any clearing (`band` + clearing).
# - The other hirelings built so far are demoted sides without pieces, whose abilities are the
#   controller's: Bluebird Nobles (ties of rule, start-of-Birdsong VP), Rabbit Scouts (the higher
#   roll defending, S_HR_SCOUTS), Badger Bodyguards (the first hit in a battle ignored) and Feline
#   Physicians (Field Hospitals for their controller: the card at S_HOSPITAL, the clearing at
#   S_HR_PHYSICIANS) and Rat Smugglers (an item card discarded for a move or battle in Daylight:
#   S_HR_SMUGGLE, as League of Adventurous Mice's) and The Brigand (in Daylight, once each: an item
#   from a ruin where the controller has pieces, S_HR_RUIN; a random card from a player with pieces
#   beside its own for an exhausted item of its Crafted Items box, S_HR_STEAL).
#   HIRELING_BUILT says which sides a game may use.

cdef enum:  # hireling card sides (HIRELING_NAMES): card = side // 2, demoted = side & 1
    HR_PATROL = 0         # Forest Patrol (promoted; the Marquise's card)
    HR_PHYSICIANS = 1     # Feline Physicians (demoted)
    HR_DYNASTY = 2        # Last Dynasty (the Eyrie's card)
    HR_NOBLES = 3         # Bluebird Nobles
    HR_UPRISING = 4       # Spring Uprising (the Alliance's card)
    HR_SCOUTS = 5         # Rabbit Scouts
    HR_EXILE = 6          # The Exile (the Vagabond's card)
    HR_BRIGAND = 7        # The Brigand
    HR_BEARERS = 8        # Flame Bearers (the Hundreds' card)
    HR_SMUGGLERS = 9      # Rat Smugglers
    HR_VAULT = 10         # Vault Keepers (the Keepers' card)
    HR_BODYGUARDS = 11    # Badger Bodyguards
    HR_BAND = 12          # Popular Band (no faction's card)
    HR_STREET = 13        # Street Band

cdef enum:  # hr_used: once-per-Daylight hireling actions used this turn
    HRU_BRIGAND_RUIN = 1  # the Brigand: an item from a ruin
    HRU_BRIGAND_STEAL = 2 # the Brigand: a random card for an exhausted item
    HRU_BAND = 4          # Street Band: a Band warrior placed
    HRU_PATROL = 8        # Forest Patrol: its Daylight action (a move then a battle, or its card's warriors placed)
    HRU_DYNASTY = 16      # Last Dynasty: its Daylight action (placed and a battle, a move and a battle, two battles)
    HRU_AGAIN = 32        # Last Dynasty: a second battle follows the one it takes now (E-28, E-C17)

cdef enum:  # how a hireling's pieces are set up (HR_SETUP_KIND; LoR 16.1.6.3)
    HRSET_NONE = 0        # no pieces set up (the demoted sides; the ones not built)
    HRSET_EACH = 1        # a warrior in each clearing (Forest Patrol, E-23)
    HRSET_EDGE = 2        # all its warriors in one map-edge clearing the setting-up player picks (Last Dynasty, E-27)

cdef enum:  # hr_stage: where the end of a turn is (E-C3)
    HRS_NONE = 0          # no end of turn under way
    HRS_GIVE = 1          # giving away hirelings with no control markers (16.4.1.3)
    HRS_TAKE = 2          # taking supply hirelings for the markers below the Evening (16.4.1.1)

HIRELING_NAMES = ("forest-patrol", "feline-physicians", "last-dynasty", "bluebird-nobles", "spring-uprising",
                  "rabbit-scouts", "the-exile", "the-brigand", "flame-bearers", "rat-smugglers", "vault-keepers",
                  "badger-bodyguards", "popular-band", "street-band")
# the sides a game may use: the others are not built yet (docs/hundreds-keepers.md §8)
HIRELING_BUILT = (HR_PATROL, HR_PHYSICIANS, HR_DYNASTY, HR_NOBLES, HR_SCOUTS, HR_BRIGAND, HR_SMUGGLERS, HR_BODYGUARDS, HR_STREET)
# the factions a hireling card keeps out of the game (LoR 16.1.6.5, E-6, E-C15: by color and icon), by card
HIRELING_EXCLUDES = ((F_MARQUISE, F_MECHANICAL), (F_EYRIE,), (F_ALLIANCE,), (F_VAGABOND, F_VAGABOND2),
                     (F_HUNDREDS,), (F_KEEPERS,), ())

# Each side's pieces in play (DIGEST-M §5.2-5.3, LAW-MD B.4, HIRE; docs/hundreds-keepers.md §6.8):
# warriors, buildings (vaults), and whether it has a pawn (the Exile). A demoted side has none, but
# Street Band keeps the Band's five warriors (E-48).
HIRELING_PIECES = ((12, 0, 0), (0, 0, 0), (5, 0, 0), (0, 0, 0), (4, 0, 0), (0, 0, 0), (0, 0, 1), (0, 0, 0),
                   (6, 0, 0), (0, 0, 0), (6, 6, 0), (0, 0, 0), (5, 0, 0), (5, 0, 0))
# Each side's setup (HRSET_*), and how its moves and battles go: a move takes all its warriors in the
# clearing (Last Dynasty: "move all", E-28); a battle after its move may be passed (Forest Patrol's "may
# battle", E-25) or is taken when it can be (Last Dynasty's "battle", E-C31).
HIRELING_SETUP = (HRSET_EACH, HRSET_NONE, HRSET_EDGE, HRSET_NONE, HRSET_NONE, HRSET_NONE, HRSET_NONE, HRSET_NONE,
                  HRSET_NONE, HRSET_NONE, HRSET_NONE, HRSET_NONE, HRSET_NONE, HRSET_NONE)
HIRELING_MOVES_ALL = (HR_DYNASTY,)
HIRELING_MUST_BATTLE = (HR_DYNASTY,)
cdef uint8_t HR_WARRIORS[NHIRE_SIDES]
cdef uint8_t HR_VAULTS[NHIRE_SIDES]
cdef uint8_t HR_SETUP_KIND[NHIRE_SIDES]
cdef bint HR_MOVES_ALL[NHIRE_SIDES]
cdef bint HR_MUST_BATTLE[NHIRE_SIDES]
for _i in range(NHIRE_SIDES):
    HR_WARRIORS[_i] = HIRELING_PIECES[_i][0]
    HR_VAULTS[_i] = HIRELING_PIECES[_i][1]
    HR_SETUP_KIND[_i] = HIRELING_SETUP[_i]
    HR_MOVES_ALL[_i] = _i in HIRELING_MOVES_ALL
    HR_MUST_BATTLE[_i] = _i in HIRELING_MUST_BATTLE
assert HSIDE == MAX_SEATS and NSIDE == MAX_SEATS + NHIRE and len(HIRELING_PIECES) == NHIRE_SIDES

# The control die (LoR 16.4.1.2): each face's pips, and of them the gold ones. UNCONFIRMED (E-C19,
# E-C20: the faces are printed only on the die); one table, so a source changes the data alone.
cdef int CONTROL_ALL[NCONTROL_FACES]
cdef int CONTROL_GOLD[NCONTROL_FACES]
CONTROL_ALL[:] = [1, 2, 2, 3, 3, 4]
CONTROL_GOLD[:] = [0, 1, 1, 1, 2, 2]
CONTROL_DIE = tuple((CONTROL_ALL[i], CONTROL_GOLD[i]) for i in range(NCONTROL_FACES))


cdef inline bint hirelings_on(GameState* s) noexcept nogil:
    """The game plays with hirelings (the game option)."""
    return s.hr_kind[0] >= 0


cdef inline int hireling_of(GameState* s, int side) noexcept nogil:
    """The index (0..2) of the hireling played on side, -1 when it is not in the game."""
    cdef int i
    for i in range(NHIRE):
        if s.hr_kind[i] == side:
            return i
    return -1


cdef inline bint hr_controls(GameState* s, int seat, int side) noexcept nogil:
    """seat controls the hireling played on side."""
    cdef int i
    if seat < 0 or s.hr_kind[0] < 0:
        return False
    i = hireling_of(s, side)
    return i >= 0 and s.hr_owner[i] == seat


cdef inline void init_hirelings(GameState* s) noexcept nogil:
    """No hirelings (a new game before the option is set)."""
    cdef int i
    for i in range(NHIRE):
        s.hr_kind[i] = -1
        s.hr_owner[i] = -1
        memset(&s.hr_pc[i], 0, sizeof(Pieces))
        s.hr_pc[i].pawn = -1
        s.hr_pc[i].keep = -1
    memset(s.hr_entered, 0, sizeof(s.hr_entered))
    s.hr_now = -1
    s.hr_roller = -1
    s.hr_at = -1


cdef void set_hirelings(GameState* s, const int* sides, int n) noexcept nogil:
    """The game option: the n (3) hirelings in play, each on a side, all in the supply; the
    hireling markers on spaces 4, 8 and 12 of the score track (LoR 16.1.6.4); then each set up
    (16.1.6.3): the ones with no choice at once, then the others' players (S_HR_SETUP)."""
    cdef int i, c
    init_hirelings(s)
    for i in range(n):
        s.hr_kind[i] = sides[i]
        s.hr_pc[i].warrior_supply = HR_WARRIORS[sides[i]]
        s.hr_pc[i].building_supply[0] = HR_VAULTS[sides[i]]
        if HR_SETUP_KIND[sides[i]] == HRSET_EACH:
            for c in range(NCL):          # Forest Patrol: one warrior in each clearing (E-23)
                s.hr_pc[i].warriors[c] = 1
            s.hr_pc[i].warrior_supply -= NCL
    s.hr_markers = 7 if n > 0 else 0
    hr_setup_next(s, 0)


cdef void hr_setup_next(GameState* s, int i) noexcept nogil:
    """The next hireling from i on whose setup has a choice (HRSET_EDGE) is set up by its player
    (S_HR_SETUP, hr_now); after the last, the opening hands (S_DEAL). A reading (E-C14, E-C31): the
    hirelings are set up before every faction (16.1.6 precedes 16.1.7), in the order they are in play,
    the first by the last player in turn order and the next ones counterclockwise from there
    (hr_setter); a hireling with nothing to choose is set up at once (set_hirelings)."""
    while i < NHIRE and s.hr_kind[i] >= 0:
        if HR_SETUP_KIND[s.hr_kind[i]] == HRSET_EDGE:
            s.hr_now = i
            s.step = S_HR_SETUP
            return
        i += 1
    s.hr_now = -1
    s.step = S_DEAL


cdef inline int hr_setter(GameState* s) noexcept nogil:
    """The player setting up hireling hr_now: the last player in turn order for the first hireling in
    play, the next counterclockwise for each after it (LoR 16.1.6.3)."""
    return (s.first + 2 * s.nseats - 1 - s.hr_now) % s.nseats


cdef int gen_hr_setup(GameState* s, int* out) noexcept nogil:
    """Where hireling hr_now may be set up: Last Dynasty, any map-edge clearing (E-27)."""
    cdef int c, k = 0
    cdef uint16_t edge = map_edge(s)
    for c in range(NCL):
        if (edge >> c) & 1 and may_place(s, HSIDE + s.hr_now, c):
            out[k] = A_HR_SETUP + s.hr_now * NCL + c
            k += 1
    return k


cdef void hr_set_up(GameState* s, int c) noexcept nogil:
    """Hireling hr_now's warriors all into clearing c (E-27), then the next hireling's setup."""
    cdef int i = s.hr_now, n = s.hr_pc[i].warrior_supply
    s.hr_pc[i].warrior_supply = 0
    s.hr_pc[i].warriors[c] += n
    emit(E_PLACE, HSIDE + i, c, PLACE_HR_SETUP, n, -1)
    hr_setup_next(s, i + 1)


# ---- gaining and losing (LoR 16.4.1) --------------------------------------------------------------

cdef inline void hr_score_moved(GameState* s, int seat, int before, int after) noexcept nogil:
    """A score marker moved from before to after: each hireling marker on a space it entered goes
    below seat's Evening, to take a hireling at the end of its own turn (LoR 16.4.1.1; E-C1: every
    space moved onto or through; E-C2: on another player's turn, at the end of its own next)."""
    cdef int i
    for i in range(NHIRE):
        if (s.hr_markers >> i) & 1 and before < 4 * (i + 1) <= after:
            s.hr_markers &= <uint8_t>~(1 << i)
            s.hr_owed[seat] += 1
            emit(E_HR_MARKER, seat, -1, 4 * (i + 1), 1, -1)


cdef inline bint hr_leads(GameState* s, int seat) noexcept nogil:
    """seat has the most VP or is tied for it, and has not activated a dominance card (LoR 16.4.1.2:
    then it counts only the control die's gold pips)."""
    cdef int v
    if activated_dominance(s, seat) >= 0:
        return False
    for v in range(s.nseats):
        if v != seat and activated_dominance(s, v) < 0 and s.seats[v].score > s.seats[seat].score:
            return False
    return True


cdef void hr_gain(GameState* s, int i, int seat, int giver) noexcept nogil:
    """seat gains hireling i, from the supply (giver -1) or from giver, and rolls for control at
    once (LoR 16.4.1.1-3: S_HR_CONTROL)."""
    s.hr_owner[i] = seat
    s.hr_control[i] = 0
    s.hr_gained[i] = s.turn_number
    s.hr_now = i
    s.hr_roller = seat
    emit(E_HR_HIRE, seat, -1, s.hr_kind[i], 1, giver)
    s.step = S_HR_CONTROL


cdef void hr_rolled(GameState* s, int face) noexcept nogil:
    """The control die shows face: control markers by the gold pips for the leader, all otherwise
    (LoR 16.4.1.2); then the end of the turn goes on (E-C3)."""
    cdef int i = s.hr_now, seat = s.hr_roller
    cdef int n = CONTROL_GOLD[face] if hr_leads(s, seat) else CONTROL_ALL[face]
    s.hr_control[i] = n
    emit(E_HR_CONTROL, seat, -1, s.hr_kind[i], n, face)
    s.hr_now = -1
    s.hr_roller = -1
    if not hr_turn_next(s):
        finish_turn(s)


cdef bint hr_turn_end(GameState* s) noexcept nogil:
    """The end of s.turn's turn with hirelings (E-C3): one control marker off each hireling it has
    gained on previous turns (LoR 16.4.1.3), then hr_turn_next. True when a decision or the control
    die waits."""
    cdef int i
    for i in range(NHIRE):
        if s.hr_owner[i] == s.turn and s.hr_gained[i] < s.turn_number and s.hr_control[i] > 0:
            s.hr_control[i] -= 1
            emit(E_HR_EXPIRE, s.turn, -1, s.hr_kind[i], s.hr_control[i], -1)
    s.hr_stage = HRS_GIVE
    return hr_turn_next(s)


cdef bint hr_turn_next(GameState* s) noexcept nogil:
    """The end of the turn goes on: a hireling of the player on turn with no control markers (gained
    on a previous turn) to give away (S_HR_GIVE); then, for each hireling marker below its Evening, a
    supply hireling to take (S_HR_TAKE when there is a choice; none left: the marker is flipped with
    nothing, E-C2). False when the end of the turn is over (hr_stage back to HRS_NONE)."""
    cdef int i, n, last = -1
    if s.hr_stage == HRS_GIVE:
        for i in range(NHIRE):
            if s.hr_owner[i] == s.turn and s.hr_control[i] == 0 and s.hr_gained[i] < s.turn_number:
                s.hr_now = i
                s.step = S_HR_GIVE
                return True
        s.hr_stage = HRS_TAKE
    while s.hr_owed[s.turn] > 0:
        s.hr_owed[s.turn] -= 1
        n = 0
        for i in range(NHIRE):
            if s.hr_kind[i] >= 0 and s.hr_owner[i] < 0:
                n += 1
                last = i
        if n == 1:
            hr_gain(s, last, s.turn, -1)
            return True
        if n > 1:
            s.hr_owed[s.turn] += 1        # taken back when the choice is made (hr_take)
            s.step = S_HR_TAKE
            return True
    s.hr_stage = HRS_NONE
    return False


cdef int gen_hirelings(GameState* s, int* out) noexcept nogil:
    cdef int i, v, k = 0, t
    if s.step == S_HR_GIVE:               # any other player, even the leader (16.4.1.3; E-T2)
        for v in range(s.nseats):
            if v != s.turn:
                out[k] = A_HR_GIVE + v
                k += 1
    elif s.step == S_HR_TAKE:
        for i in range(NHIRE):
            if s.hr_kind[i] >= 0 and s.hr_owner[i] < 0:
                out[k] = A_HR_TAKE + s.hr_kind[i]
                k += 1
    elif s.step == S_HR_PHYSICIANS:
        v = hospital_seat(s)
        for i in range(NCL):
            if physicians_may(s, v, i):
                out[k] = A_HR_PHYSICIANS + i
                k += 1
    elif s.step == S_HR_SMUGGLE:
        k = gen_league_step(s, out)
    elif s.step == S_HR_MOVE:
        k = gen_hr_moves(s, s.hr_now, out, 0)
    elif s.step == S_HR_BATTLE:
        k = gen_hr_battle_step(s, out)
    elif s.step == S_HR_SETUP:
        k = gen_hr_setup(s, out)
    elif s.step == S_HR_SCOUTS:
        out[0] = A_PASS
        k = 1
        for t in range(NCT):
            if cc_has(&s.seats[s.battle.defender].hand, t) and card_matches(t, s.suit[s.battle.clearing]):
                out[k] = A_HR_SCOUTS + t
                k += 1
    return k


cdef int hirelings_chance(GameState* s, int* out, double* prob) noexcept nogil:
    """The control die: each face alike; the Brigand's ruin item (from the pool nobody has seen)
    and stolen card (a random card of the victim's hand)."""
    cdef int f, n = 0, tot = 0
    if s.step == S_HR_STEAL:
        return hand_outcomes(s, s.target, out, prob)
    if s.step == S_HR_RUIN:
        for f in range(NVITEM):
            tot += s.ruin_items[f]
        for f in range(NVITEM):
            if s.ruin_items[f]:
                out[n] = A_RUIN_ITEM + f
                prob[n] = <double>s.ruin_items[f] / tot
                n += 1
        return n
    for f in range(NCONTROL_FACES):
        out[f] = A_HR_CONTROL + f
        prob[f] = 1.0 / NCONTROL_FACES
    return NCONTROL_FACES


cdef int hirelings_player(GameState* s) noexcept nogil:
    if s.step == S_HR_CONTROL or s.step == S_HR_RUIN or s.step == S_HR_STEAL:
        return PLAYER_CHANCE
    if s.step == S_HR_SCOUTS:
        return s.battle.defender
    if s.step == S_HR_PHYSICIANS:
        return hospital_seat(s)
    if s.step == S_HR_SETUP:
        return hr_setter(s)
    return s.turn                         # giving, taking, Rat Smugglers' move or battle, a hireling's


cdef void apply_hirelings(GameState* s, int a) noexcept nogil:
    cdef int i
    if s.step == S_HR_GIVE:
        i = s.hr_now
        s.hr_now = -1
        hr_gain(s, i, a - A_HR_GIVE, s.turn)
    elif s.step == S_HR_TAKE:
        s.hr_owed[s.turn] -= 1
        hr_gain(s, hireling_of(s, a - A_HR_TAKE), s.turn, -1)
    elif s.step == S_HR_CONTROL:
        hr_rolled(s, a - A_HR_CONTROL)
    elif s.step == S_HR_PHYSICIANS:
        physicians_place(s, a - A_HR_PHYSICIANS)
    elif s.step == S_HR_SMUGGLE:
        league_act(s, a)                  # the move or battle, back to the Daylight step
    elif s.step == S_HR_MOVE:
        hr_moved(s, a)
    elif s.step == S_HR_BATTLE:
        hr_battle(s, a)
    elif s.step == S_HR_SETUP:
        hr_set_up(s, (a - A_HR_SETUP) % NCL)
    elif s.step == S_HR_RUIN:
        brigand_item(s, a - A_RUIN_ITEM)
    elif s.step == S_HR_STEAL:
        take_card(s, s.turn, s.target, a - A_STEAL)
        s.target = -1
        s.step = s.resume_step
    else:                                 # S_HR_SCOUTS
        if a == A_PASS:
            s.battle.scouts = 2
        else:
            spend_card(s, s.battle.defender, a - A_HR_SCOUTS)
            s.battle.scouts = 1
            emit(E_SCOUTS, s.battle.defender, s.battle.clearing, a - A_HR_SCOUTS, 1, -1)
        before_roll(s)


# ---- the controllers' abilities -----------------------------------------------------------------

cdef inline int lords_seat(GameState* s) noexcept nogil:
    """The seat that rules the clearings where it ties for rule (with a piece there): the Eyrie's
    Lords of the Forest (LoR 7.2.2), or the controller of Bluebird Nobles (HIRE, E-29; the Eyrie
    never sits beside them, E-6); -1 for none."""
    cdef int i, seat = eyrie_seat(s)
    if seat < 0 and s.hr_kind[0] >= 0:
        i = hireling_of(s, HR_NOBLES)
        if i >= 0:
            seat = s.hr_owner[i]
    return seat


cdef void nobles_score(GameState* s) noexcept nogil:
    """Bluebird Nobles, start of Birdsong: their controller scores 1 VP per three clearings it
    rules, rounded down (HIRE, E-29)."""
    cdef int n
    if not hr_controls(s, s.turn, HR_NOBLES):
        return
    n = popcount64(ruled_mask(s, s.turn)) // 3
    add_vp(s, s.turn, n, VP_NOBLES, -1, n * 3)


cdef inline bint bodyguards_first_hit(GameState* s, int seat) noexcept nogil:
    """Badger Bodyguards: their controller ignores the first hit it takes in a battle (HIRE, E-44;
    it does not combine: first_hit_ignored)."""
    return hr_controls(s, seat, HR_BODYGUARDS)


cdef inline bint scouts_open(GameState* s) noexcept nogil:
    """Rabbit Scouts (HIRE, E-33): the defender controlling them is asked, before the roll, whether
    it spends a card matching the clearing (a bird card matches any) to deal the higher roll --
    whenever it holds one, or the others cannot tell it does not (may_hold)."""
    cdef int d = s.battle.defender, t
    if s.battle.scouts or not hr_controls(s, d, HR_SCOUTS) or s.seats[d].hand_size == 0:
        return False
    for t in range(NCT):
        if cc_has(&s.seats[d].hand, t) and card_matches(t, s.suit[s.battle.clearing]):
            return True
    return may_hold(s, d, False)


cdef inline int hospital_seat(GameState* s) noexcept nogil:
    """The seat whose removed warriors may be saved for a card matching their clearing: the Marquise
    (Field Hospitals, LoR 6.2.3), or the controller of Feline Physicians (HIRE, E-26; the Marquise
    never sits beside them, E-6); -1 for none."""
    cdef int i, seat = cat_seat(s)
    if seat < 0 and s.hr_kind[0] >= 0:
        i = hireling_of(s, HR_PHYSICIANS)
        if i >= 0:
            seat = s.hr_owner[i]
    return seat


cdef inline bint saves_warriors(GameState* s, int seat) noexcept nogil:
    """seat's warriors removed (to its supply) may be saved: hospital_seat."""
    return seat >= 0 and seat == hospital_seat(s)


cdef inline bint physicians_may(GameState* s, int seat, int c) noexcept nogil:
    """Feline Physicians may place seat's saved warriors in c: a clearing with its faction pieces
    where it may place (HIRE, E-26; W-MP-42: the Wyrm's pawn counts, never the Keep's clearing); while
    a Favor is removing, never a clearing it has still to clear (a Favor is one removal: E-C25)."""
    return (pieces_in(s, seat, c) > 0 and may_place(s, seat, c)
            and not (s.fh_resume == FH_FAVOR and (s.seats[seat].favor_mask >> c) & 1))


cdef inline int physicians_room(GameState* s, int seat) noexcept nogil:
    """The clearings Feline Physicians may place seat's saved warriors in."""
    cdef int c, n = 0
    for c in range(NCL):
        n += physicians_may(s, seat, c)
    return n


cdef void physicians_card(GameState* s, int t) noexcept nogil:
    """Feline Physicians: the controller spends the matching card, then picks the clearing
    (S_HR_PHYSICIANS; with one clearing possible, at once)."""
    cdef int c, seat = hospital_seat(s)
    spend_card(s, seat, t)
    if physicians_room(s, seat) == 1:
        for c in range(NCL):
            if physicians_may(s, seat, c):
                physicians_place(s, c)
                return
    s.step = S_HR_PHYSICIANS


cdef inline int hospital_saveable(GameState* s) noexcept nogil:
    """Of the fh_count warriors removed, those still where removal sent them (the supply, or Coffin
    Makers): a reading (E-C24), the warriors a Corvid raid placed from the supply since are not there
    to save."""
    cdef int seat = hospital_seat(s)
    if seat < 0:
        return 0
    if s.coffin[seat] >= s.fh_count and coffin_owner(s) >= 0:
        return s.fh_count
    return min(<int>s.fh_count, <int>s.seats[seat].pc.warrior_supply)


cdef void physicians_place(GameState* s, int c) noexcept nogil:
    """The saved warriors come back from the supply into c (E_HOSPITAL names the clearing)."""
    cdef int seat = hospital_seat(s), n = hospital_saveable(s)
    emit(E_HOSPITAL, seat, c, -1, n, -1)
    s.seats[seat].pc.warriors[c] += n
    warriors_back_from_supply(s, seat, n)
    hospital_resume(s)


cdef bint physicians_after_favor(GameState* s, int d, int c, int n) noexcept nogil:
    """A Favor (or a bomb) removed n of d's warriors in c: Feline Physicians may save them (the
    Marquise's own favor_clears asks Field Hospitals itself). True when it pauses to ask."""
    if n <= 0 or d == cat_seat(s) or not saves_warriors(s, d) or game_over(s):
        return False
    s.fh_clearing = c
    s.fh_count = n
    s.fh_resume = FH_FAVOR
    if field_hospitals_open(s):
        s.step = S_HOSPITAL
        return True
    s.fh_count = 0
    return False


cdef int gen_smuggle(GameState* s, int seat, int* out, int k) noexcept nogil:
    """Rat Smugglers (HIRE, E-41): their controller, any number of times in its Daylight, may discard a
    card showing an item (craftable or not) to move or battle, when it has a move or battle to take.
    A reading (E-C23): not the Vagabond's, whose moves and battles are his own kinds."""
    cdef int t, k0 = k
    cdef uint64_t m
    if not hr_controls(s, seat, HR_SMUGGLERS) or ITEM_PLAYER[s.seat_faction[seat]]:
        return k
    m = cc_types(&s.seats[seat].hand)
    while m:
        t = ctz64(m)
        m &= m - 1
        if CARD_KIND[t] == K_ITEM:
            out[k] = A_HR_SMUGGLE + t
            k += 1
    if k > k0 and not has_move_or_battle(s, seat):
        return k0
    return k


cdef void smuggle(GameState* s, int seat, int t) noexcept nogil:
    """The item card to the discard pile, then its move or battle (S_HR_SMUGGLE), back to the
    Daylight step it was taken at (W-MP-39: extra, the Wyrm's Height and Bite untouched)."""
    spend_card(s, seat, t)
    emit(E_SMUGGLE, seat, -1, t, 1, -1)
    s.resume_step = s.step
    s.step = S_HR_SMUGGLE


cdef inline bint brigand_meets(GameState* s, int seat, int victim) noexcept nogil:
    """victim has faction pieces in a clearing where seat has its own (the Brigand's steal)."""
    cdef int c
    for c in range(NCL):
        if pieces_in(s, seat, c) > 0 and pieces_in(s, victim, c) > 0:
            return True
    return False


cdef int gen_brigand(GameState* s, int seat, int* out, int k) noexcept nogil:
    """The Brigand (HIRE, E-38), each once in its controller's Daylight: take the item of a ruin in a
    clearing with its faction pieces (`brigand_ruin` + clearing); exhaust a ready item of its Crafted
    Items box (not the Hoard; W-MP-41: the Lair's, never a treasure) to take a random card from a player
    with faction pieces in a clearing with its own (`brigand_steal` + victim * NITEM + item)."""
    cdef int c, v, i
    if not hr_controls(s, seat, HR_BRIGAND):
        return k
    if not (s.hr_used & HRU_BRIGAND_RUIN):
        for c in range(NCL):
            if ruin_on(s, c) and pieces_in(s, seat, c) > 0:
                out[k] = A_HR_RUIN + c
                k += 1
    if not (s.hr_used & HRU_BRIGAND_STEAL):
        for v in range(s.nseats):
            if v == seat or s.seats[v].hand_size == 0 or not brigand_meets(s, seat, v):
                continue
            for i in range(NITEM):
                if s.seats[seat].items[i] > s.seats[seat].items_exhausted[i]:
                    out[k] = A_HR_STEAL + v * NITEM + i
                    k += 1
    return k


cdef void brigand(GameState* s, int seat, int a) noexcept nogil:
    """A Brigand action: the ruin's item (chance, S_HR_RUIN) or the stolen card (chance, S_HR_STEAL),
    then back to the Daylight step it was taken at."""
    cdef int x
    s.resume_step = s.step
    if a < A_HR_STEAL:
        s.hr_used |= HRU_BRIGAND_RUIN
        s.hr_at = a - A_HR_RUIN
        s.step = S_HR_RUIN
        return
    x = a - A_HR_STEAL
    s.hr_used |= HRU_BRIGAND_STEAL
    s.seats[seat].items_exhausted[x % NITEM] += 1
    s.target = x // NITEM
    emit(E_BRIGAND_STEAL, seat, -1, s.target, 1, x % NITEM)
    s.step = S_HR_STEAL


cdef void brigand_item(GameState* s, int k) noexcept nogil:
    """The ruin's one "R" item (the Vagabond's card is out, so one a ruin: E-37) goes to the controller's
    Crafted Items box (the Hundreds' Hoard, the Wyrm's Lair: W-MP-41), no VP; the empty ruin leaves the
    map."""
    cdef int c = s.hr_at
    s.hr_at = -1
    s.ruin_items[k] -= 1
    s.explored |= <uint16_t>(1 << c)
    emit(E_BRIGAND_RUIN, s.turn, c, k, 1, -1)
    s.step = s.resume_step
    if s.seat_faction[s.turn] == F_HUNDREDS:
        hoard_gain(s, k, s.resume_step)
    else:
        s.seats[s.turn].items[k] += 1


# ---- hireling pieces (LoR 16.4.3; E-15..E-22) ------------------------------------------------------

cdef inline bint hireling_enemy(GameState* s, int seat, int i) noexcept nogil:
    """Hireling i is seat's enemy: every seat's but its controller's and the controller's coalition
    partner's; everyone's while in the supply (LoR 16.4.3.2, 16.6.8; E-16). seat a hireling side:
    another hireling is its enemy."""
    cdef int o = s.hr_owner[i]
    if seat >= HSIDE:
        return seat - HSIDE != i
    return seat != o and not (o >= 0 and partners(s, seat, o))


cdef inline int hireling_chooser(GameState* s, int i) noexcept nogil:
    """Who makes hireling i's choices (its hits, E-C7): its controller; in the supply, the player on
    turn (E-C5; LoR 1.1.3)."""
    return s.hr_owner[i] if s.hr_owner[i] >= 0 else s.turn


cdef inline int hr_strength(GameState* s, int i, int c) noexcept nogil:
    """Hireling i's pieces that count for rule in c: warriors and buildings (LoR 2.5; a pawn never,
    as the Vagabond's)."""
    return s.hr_pc[i].warriors[c] + s.hr_pc[i].buildings[0][c]


cdef inline int hireling_rule(GameState* s, int* strength, int c) noexcept nogil:
    """Hireling pieces in the rule of c: a controlled hireling's count for its controller, as its own
    (LoR 16.4.3.1, E-15); an uncontrolled one's as a player's of its own, at strength[nseats..]
    (E-22). The entries in use."""
    cdef int i, st, n = s.nseats
    for i in range(NHIRE):
        if s.hr_kind[i] < 0:
            continue
        st = hr_strength(s, i, c)
        if st == 0:
            continue
        if s.hr_owner[i] >= 0:
            strength[s.hr_owner[i]] += st
        else:
            strength[n] = st
            n += 1
    return n


cdef inline int hireling_rules(GameState* s, int (*st)[NCL]) noexcept nogil:
    """hireling_rule for every clearing at once: rows st[nseats..] for the uncontrolled hirelings.
    The rows in use."""
    cdef int i, c, o, n = s.nseats
    for i in range(NHIRE):
        if s.hr_kind[i] < 0:
            continue
        o = s.hr_owner[i]
        if o < 0:
            o = n
            n += 1
            for c in range(NCL):
                st[o][c] = 0
        for c in range(NCL):
            st[o][c] += hr_strength(s, i, c)
    return n


cdef inline int hireling_enemy_pieces(GameState* s, int seat, int c) noexcept nogil:
    """The pieces in c of the hirelings that are seat's enemies (E-16): enemy_pieces_in's and
    enemy_side_pieces' hireling part."""
    cdef int i, n = 0
    if s.hr_kind[0] < 0:
        return 0
    for i in range(NHIRE):
        if s.hr_kind[i] >= 0 and hireling_enemy(s, seat, i):
            n += pieces_in(s, HSIDE + i, c)
    return n


cdef inline void hireling_warriors_removed(GameState* s, int i, int c, int n, bint first) noexcept nogil:
    """n of hireling i's warriors in c are removed, first: the first of a removal (E-C8): they go back
    to its card's supply; Forest Patrol's go to the box, but the first of a removal's onto its card
    (HIRE, E-24: warrior_supply counts those on the card; E_HR_CARD)."""
    s.hr_pc[i].warriors[c] -= n
    if s.hr_kind[i] != HR_PATROL:
        s.hr_pc[i].warrior_supply += n
    elif first and n > 0:
        s.hr_pc[i].warrior_supply += 1
        emit(E_HR_CARD, HSIDE + i, c, -1, 1, -1)


cdef inline bint battle_removal_first(GameState* s, int i) noexcept nogil:
    """Of the hits Forest Patrol (hireling i) is taking now in a battle (one removal: begin_alloc clears
    the bit), no warrior has been removed yet (marks it now; card_kept is Forest Patrol's alone)."""
    cdef bint first = not (s.battle.card_kept >> i) & 1
    if s.hr_kind[i] == HR_PATROL:
        s.battle.card_kept |= <uint8_t>(1 << i)
    return first


cdef void hirelings_cleared(GameState* s, int seat, uint16_t clearings) noexcept nogil:
    """A Favor, a Revolt or a bomb of seat's removes every piece of its enemy hirelings in the
    clearings (E-16): warriors score nothing, buildings 1 VP each (LoR 16.4.3.6, E-20)."""
    cdef int i, c, n
    cdef bint first
    for i in range(NHIRE):
        if s.hr_kind[i] < 0 or not hireling_enemy(s, seat, i):
            continue
        first = True                      # one removal (E-C8, E-C25)
        for c in range(NCL):
            if not (clearings >> c) & 1:
                continue
            n = s.hr_pc[i].warriors[c]
            if n > 0:
                emit(E_REMOVE, HSIDE + i, c, P_HIRELING, n, clear_cause(s, c))
                hireling_warriors_removed(s, i, c, n, first)
                first = False
            n = s.hr_pc[i].buildings[0][c]
            if n > 0:
                s.hr_pc[i].buildings[0][c] = 0
                s.hr_pc[i].building_supply[0] += n
                emit(E_REMOVE, HSIDE + i, c, P_VAULT, n, clear_cause(s, c))
                add_vp(s, seat, n, clear_reason(s, c), c, P_VAULT)


cdef inline void hr_moved_in(GameState* s, int seat, int c) noexcept nogil:
    """seat's pieces moved into c this turn (the Band's ban, E-46)."""
    if 0 <= c < NCL:
        s.hr_entered[seat] |= <uint16_t>(1 << c)


cdef inline bint band_holds(GameState* s, int seat, int c) noexcept nogil:
    """A Band warrior in c keeps seat's pieces from moving out of it, as they moved into c this turn
    and the Band is seat's enemy (Popular Band, Street Band: HIRE, E-46; E-C10)."""
    cdef int i
    if seat >= HSIDE or not 0 <= c < NCL or not (s.hr_entered[seat] >> c) & 1:
        return False
    for i in range(NHIRE):
        if ((s.hr_kind[i] == HR_BAND or s.hr_kind[i] == HR_STREET) and s.hr_pc[i].warriors[c] > 0
                and hireling_enemy(s, seat, i)):
            return True
    return False


cdef inline bint leave_blocked(GameState* s, int seat, int c) noexcept nogil:
    """seat's pieces may not move out of c: a face-up snare there (LoR 13.7.2), or a Band warrior
    where they moved in this turn (E-46)."""
    return snare_blocks(s, seat, c) or (s.hr_kind[0] >= 0 and band_holds(s, seat, c))


cdef int gen_band(GameState* s, int seat, int* out, int k) noexcept nogil:
    """Street Band (HIRE, E-48), once in its controller's Daylight: a Band warrior from the card into
    any clearing a hireling's piece may be placed in (not the Keep's, a scorched one, nor under a
    snare of the Corvids when the Band is their enemy: may_place)."""
    cdef int c, i
    if not hr_controls(s, seat, HR_STREET) or s.hr_used & HRU_BAND:
        return k
    i = hireling_of(s, HR_STREET)
    if s.hr_pc[i].warrior_supply == 0:
        return k
    for c in range(NCL):
        if may_place(s, HSIDE + i, c):
            out[k] = A_HR_BAND + c
            k += 1
    return k


cdef void band_place(GameState* s, int seat, int c) noexcept nogil:
    """Street Band's warrior into c (E-48); the Daylight step goes on."""
    cdef int i = hireling_of(s, HR_STREET)
    s.hr_used |= HRU_BAND
    s.hr_pc[i].warrior_supply -= 1
    s.hr_pc[i].warriors[c] += 1
    emit(E_PLACE, HSIDE + i, c, PLACE_BAND, 1, -1)


# ---- a hireling's own moves and battles (LoR 16.4.3.4, E-18; E-C6, E-C7) --------------------------

cdef int gen_hr_moves(GameState* s, int i, int* out, int k) noexcept nogil:
    """Hireling i's moves: any number of its warriors from one clearing to an adjacent one its
    controller rules at either end, counting the hireling's pieces as its own (LoR 4.2, 16.4.3.1;
    E-C6); never out of a face-up snare of the Corvids when they are its enemies (13.7.2), never into a
    scorched clearing. A reading (E-C29): no controller's ability or card moves it (Corvid Planners,
    E-19), and it takes no Ferry (docs/hundreds-keepers.md §8). Last Dynasty moves all its warriors
    at once (E-28)."""
    cdef int side = HSIDE + i, a, b, n
    cdef uint16_t ruled = ruled_mask(s, s.hr_owner[i]), reach
    cdef bint whole = HR_MOVES_ALL[s.hr_kind[i]]
    for a in range(NCL):
        if s.hr_pc[i].warriors[a] == 0 or snare_blocks(s, side, a):
            continue
        reach = s.adj[a] & ~s.scorched
        for b in range(NCL):
            if (reach >> b) & 1 and may_move(ruled, a, b):
                for n in range(s.hr_pc[i].warriors[a] if whole else 1, s.hr_pc[i].warriors[a] + 1):
                    out[k] = A_HR_MOVE + ((i * NCL + a) * NCL + b) * 13 + n
                    k += 1
    return k


cdef int gen_hr_battles(GameState* s, int i, int* out, int k) noexcept nogil:
    """Hireling i's battles: in a clearing with its warriors, against an enemy side with pieces there
    (LoR 4.3, 16.4.3.2; E-C7: its controller picks)."""
    cdef int c
    for c in range(NCL):
        if s.hr_pc[i].warriors[c] > 0:
            k = gen_battles_in(s, HSIDE + i, c, out, k)
    return k


cdef bint hr_can_move(GameState* s, int i) noexcept nogil:
    """Hireling i has a move (gen_hr_moves finds one)."""
    cdef int buf[NCL * NCL * 13]
    return gen_hr_moves(s, i, buf, 0) > 0


cdef bint hr_can_battle(GameState* s, int i) noexcept nogil:
    """Hireling i has a battle (gen_hr_battles finds one): it stops at the first clearing with one."""
    cdef int c
    for c in range(NCL):
        if s.hr_pc[i].warriors[c] > 0 and can_battle(s, HSIDE + i, c):
            return True
    return False


cdef int gen_hr_battle_step(GameState* s, int* out) noexcept nogil:
    """Hireling hr_now's battles at S_HR_BATTLE (hr_battle action: hireling, clearing, defender side):
    Forest Patrol may pass (E-25); Last Dynasty passes only with no battle to take (E-C31)."""
    cdef int i = s.hr_now, k = 0, j
    cdef bint must = HR_MUST_BATTLE[s.hr_kind[i]]
    if not must:
        out[0] = A_PASS
        k = 1
    j = k
    k = gen_hr_battles(s, i, out, k)
    for j in range(j, k):
        out[j] = hr_battle_action(i, out[j])
    if k == 0:
        out[0] = A_PASS
        k = 1
    return k


cdef inline int hr_battle_action(int i, int a) noexcept nogil:
    """Hireling i's hr_battle action for a battle action (battle_action's clearing * NSIDE + side)."""
    return A_HR_BATTLE + i * NCL * NSIDE + (a - A_BATTLE)


cdef void hr_moved(GameState* s, int a) noexcept nogil:
    """Hireling hr_now's move (E_MOVE names its side); its warriors entering sympathy cost its controller
    Outrage (LoR 16.4.3.7, E-21); then its battle, if it has one to take (S_HR_BATTLE), else back to the
    Daylight step."""
    cdef int i = s.hr_now, x = a - A_HR_MOVE
    cdef int fr = x // 13 // NCL % NCL, to = (x // 13) % NCL, n = x % 13
    s.hr_pc[i].warriors[fr] -= n
    s.hr_pc[i].warriors[to] += n
    emit(E_MOVE, HSIDE + i, fr, to, n, -1)
    entered(s, HSIDE + i, to)
    hr_battle_next(s, i)


cdef inline void hr_battle_next(GameState* s, int i) noexcept nogil:
    """Hireling i's battle next (S_HR_BATTLE), when it has one to take; else back to the Daylight step."""
    if hr_can_battle(s, i):
        s.step = S_HR_BATTLE
    else:
        hr_act_done(s)


cdef void hr_act_done(GameState* s) noexcept nogil:
    s.hr_now = -1
    s.hr_used &= ~HRU_AGAIN
    s.step = s.resume_step


cdef void hr_battle(GameState* s, int a) noexcept nogil:
    """Hireling hr_now attacks (E-C7), or passes (A_PASS). The battle returns to the Daylight step, or
    to S_HR_BATTLE when Last Dynasty owes a second battle (HRU_AGAIN; E-C17: with warriors left and an
    enemy there, else it passes)."""
    cdef int i = s.hr_now, x = a - A_HR_BATTLE
    if a != A_PASS and s.hr_used & HRU_AGAIN:
        s.hr_used &= ~HRU_AGAIN
        start_battle(s, HSIDE + i, x // NSIDE % NCL, x % NSIDE, S_HR_BATTLE)
        return
    hr_act_done(s)
    if a != A_PASS:
        start_battle(s, HSIDE + i, x // NSIDE % NCL, x % NSIDE, s.step)


# ---- Forest Patrol (HIRE, E-23..E-25) -------------------------------------------------------------

cdef int gen_patrol(GameState* s, int seat, int* out, int k) noexcept nogil:
    """Forest Patrol, once in its controller's Daylight (E-25): move, then may battle (`patrol` + NCL,
    when it has a move: E-C29), or every warrior on its card into a clearing with Patrol warriors
    (`patrol` + clearing)."""
    cdef int i, c
    if not hr_controls(s, seat, HR_PATROL) or s.hr_used & HRU_PATROL:
        return k
    i = hireling_of(s, HR_PATROL)
    if hr_can_move(s, i):
        out[k] = A_HR_PATROL + NCL
        k += 1
    if s.hr_pc[i].warrior_supply > 0:
        for c in range(NCL):
            if s.hr_pc[i].warriors[c] > 0 and may_place(s, HSIDE + i, c):
                out[k] = A_HR_PATROL + c
                k += 1
    return k


cdef void patrol_act(GameState* s, int seat, int x) noexcept nogil:
    """Forest Patrol's Daylight action: its card's warriors into clearing x, or (x == NCL) its move
    (S_HR_MOVE), then its battle, back to the Daylight step it was taken at."""
    cdef int i = hireling_of(s, HR_PATROL), n
    s.hr_used |= HRU_PATROL
    if x < NCL:
        n = s.hr_pc[i].warrior_supply
        s.hr_pc[i].warrior_supply = 0
        s.hr_pc[i].warriors[x] += n
        emit(E_PLACE, HSIDE + i, x, PLACE_PATROL, n, -1)
        return
    s.hr_now = i
    s.resume_step = s.step
    s.step = S_HR_MOVE


# ---- Last Dynasty (HIRE, E-27, E-28) ------------------------------------------------------------

cdef inline int dynasty_clearing(GameState* s, int i) noexcept nogil:
    """Where Last Dynasty's warriors are (hireling i): they are placed and moved all together, so in
    one clearing; -1 when none is on the map."""
    cdef int c
    for c in range(NCL):
        if s.hr_pc[i].warriors[c] > 0:
            return c
    return -1


cdef int gen_dynasty(GameState* s, int seat, int* out, int k) noexcept nogil:
    """Last Dynasty, once in its controller's Daylight (E-28), one of: with none on the map, all its
    warriors into a map-edge clearing, then a battle there (`dynasty` + clearing); ruling their
    clearing, a move of them all, then a battle (`dynasty` + NCL, when they have a move: E-C29); not
    ruling it, two battles there (`dynasty` + NCL + 1, when they have one: E-C17)."""
    cdef int i, c, e
    cdef uint16_t edge
    if not hr_controls(s, seat, HR_DYNASTY) or s.hr_used & HRU_DYNASTY:
        return k
    i = hireling_of(s, HR_DYNASTY)
    c = dynasty_clearing(s, i)
    if c < 0:
        edge = map_edge(s)
        for e in range(NCL):
            if (edge >> e) & 1 and may_place(s, HSIDE + i, e):
                out[k] = A_HR_DYNASTY + e
                k += 1
    elif ruler(s, c) == seat:
        if hr_can_move(s, i):
            out[k] = A_HR_DYNASTY + NCL
            k += 1
    elif can_battle(s, HSIDE + i, c):
        out[k] = A_HR_DYNASTY + NCL + 1
        k += 1
    return k


cdef void dynasty_act(GameState* s, int seat, int x) noexcept nogil:
    """Last Dynasty's Daylight action (x: gen_dynasty's), its battles at S_HR_BATTLE, back to the
    Daylight step it was taken at."""
    cdef int i = hireling_of(s, HR_DYNASTY), n
    s.hr_used |= HRU_DYNASTY
    s.hr_now = i
    s.resume_step = s.step
    if x < NCL:
        n = s.hr_pc[i].warrior_supply
        s.hr_pc[i].warrior_supply = 0
        s.hr_pc[i].warriors[x] += n
        emit(E_PLACE, HSIDE + i, x, PLACE_DYNASTY, n, -1)
        hr_battle_next(s, i)
    elif x == NCL:
        s.step = S_HR_MOVE
    else:
        s.hr_used |= HRU_AGAIN
        s.step = S_HR_BATTLE
