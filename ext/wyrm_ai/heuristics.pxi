# The evaluation: a documented function of the state from one seat's view, and the greedy
# one-ply heuristic player built on it. The default weights live in one named table,
# EVAL_WEIGHTS; each player carries its own Evaluation (the kind and a weight vector), so a tuned
# player and its opponents can share a process (player specs: w.NAME=value, wyrm tune).
from types import MappingProxyType
from libc.math cimport exp, tanh
from libc.string cimport memset

EVAL_WEIGHTS = {
    # both factions
    "vp": 1.0,              # each victory point
    "card": 0.35,           # each card in hand (up to the hand limit)
    "rule": 0.4,            # each clearing ruled
    "warrior": 0.12,        # each warrior (wyrmling) on the map
    # Marquise de Cat
    "building": 0.9,        # each building on the map (future VP, crafting, draws, rule)
    "wood": 0.2,            # each wood on the map
    "keep": 1.0,            # the Keep still on the map
    # Voracious Wyrm
    "lair_income": 2.5,     # each VP the Lair will score this Evening: min(items, cap) (W-EVE-1)
    "lair_item": 0.3,       # each item in the Lair beyond the cap (scores once Growth rises)
    "growth": 0.8,          # each Growth marker on the track: +1 Bite/Height/Might, cap, draws
    "fear": 0.5,            # each fear token on the map (crafting piece, Terrorize, Intimidate)
    "cowed": 0.25,          # extra for a cowed one (Hoard)
    "pawn_forest": -2.0,    # the Wyrm pawn sits in a forest (loses a Growth and its Daylight)
    "pawn_exposed": -0.25,  # per enemy warrior in the pawn's clearing beyond its wyrmlings
    "pawn_threat": 0.0,     # per enemy warrior that could move in next turn, beyond those wyrmlings
    # Eyrie Dynasties
    "roost": 1.0,           # each roost on the map (crafting piece, rule, Recruit and Build targets)
    "roost_income": 1.5,    # each VP the Roosts track scores this Evening (LoR 7.6.1)
    "decree_card": 0.3,     # each card in the Decree: an action every turn while it can be done
    "decree_bird": -0.3,    # each bird card in the Decree, Viziers included: a VP lost in Turmoil
    "decree_stuck": -1.0,   # each Decree card no clearing lets its column act on now (Turmoil ahead)
    # Woodland Alliance
    "sympathy": 0.8,        # each sympathy token on the map (crafting piece, Revolt site, future VP)
    "base": 1.5,            # each base on the map (rule, draws, recruits, officers' home)
    "officer": 0.6,         # each officer (one military operation every Evening)
    "supporter": 0.3,       # each supporter (pays Spread Sympathy and Revolts)
    "revolt_ready": 0.8,    # each clearing where a Revolt could be paid for now
    # the Vagabond
    "vb_item": 0.45,        # each undamaged item (every action he takes exhausts one)
    "vb_damaged": 0.15,     # each damaged item (worth something once repaired or rested)
    "vb_coin": 0.8,         # each face-up coin on the coin track (+1 Evening draw)
    "vb_tea": 0.4,          # each face-up tea on the tea track (+2 refreshes)
    "vb_relation": 0.6,     # each step of a relationship above Indifferent (Allied: more VP per Aid)
    "vb_hostile": -0.4,     # each Hostile faction (an extra boot into its warriors, no more Aid VP)
    # the Lizard Cult
    "garden": 1.0,          # each garden on the map (rule by Pilgrims, draws, the Score ritual's value)
    "garden_score": 0.4,    # each VP a Score ritual of each suit would give now (LoR 10.5.3)
    "acolyte": 0.5,         # each acolyte (conspiracies: Crusade, Convert, Sanctify)
    # the Riverfolk Company
    "funds": 0.5,           # each fund (an action this turn; half a VP of Dividends with a post out)
    "payment": 0.3,         # each warrior in Payments (a fund from the next Birdsong)
    "trade_post": 1.2,      # each trade post on the map (Dividends, a crafting space, more purchases)
    # the Underground Duchy
    "burrow": 0.05,         # each warrior in the Burrow (safe, and a Dig or a move from brings it up)
    "dc_building": 1.0,     # each citadel or market on the map (recruits or draws, crafting, rule)
    "tunnel": 1.2,          # each tunnel on the map (the Burrow's links: more than the card a Dig spends)
    "minister": 1.2,        # each swayed minister (an action every Parliament; a lord's VP each turn)
    # the Corvid Conspiracy
    "plot": 1.0,            # each face-down plot on the map (a flip to come: VP, a bomb or an extortion)
    "plot_up": 0.6,         # each face-up plot (every later flip scores one more; snares, extortions' draws)
    "plot_ready": 0.5,      # each face-down plot with a Corvid warrior beside it (it may flip next Birdsong)
    # the Lord of the Hundreds (assumed, uncalibrated: docs/hundreds-keepers.md §5)
    "stronghold": 0.9,      # each stronghold on the map (crafting piece, a warrior each Birdsong, rule)
    "mob": 0.7,             # each mob on the map (a Raze each Birdsong, a piece for Oppress, spreads)
    "hoard_item": 0.6,      # each item in the Hoard (Command and Prowess: actions and recruits)
    "warlord": 1.0,         # the warlord on the map (Prowess's recruits and Advances need it)
    "oppress_income": 1.0,  # each VP Oppress would score this Evening as the board stands (LoR 14.6.2)
    # the Keepers in Iron (first guesses, then one sweep: docs/strength.md; docs/hundreds-keepers.md §7)
    "waystation": 1.0,      # each waystation on the map (crafting piece, an Evening draw, Recruit, Recover)
    "retinue_card": 0.5,    # each card in the Retinue (its column's action every Daylight)
    "relic_held": 0.3,      # each relic in a clearing (face up: its value once recovered)
    "relic_ready": 1.0,     # each of those with a waystation there showing its type (a Recover ready)
    "keeper_warrior": 0.5,  # each Keeper warrior on the map, instead of `warrior` (rule for the checks,
                            #   battles, carrying relics; Live Off the Land trims stacks of four)
    # hirelings (docs/hundreds-keepers.md §8): 0 by default -- at 1.0 and 0.25 for every seat the Wyrm
    # won 14.2%, and 17.2% with them at 0 for its seat alone (400 paired games, docs/strength.md)
    "hireling": 0.0,        # each hireling it controls (its ability, while it keeps control)
    "hireling_control": 0.0,    # each control marker on them (a turn more of control)
    # dominance (3+ seats)
    "dominance": 2.5,       # each ruled clearing towards an activated dominance card's goal
    "dominance_vp": 0.0,    # each VP of a seat that activated dominance (they no longer grow, LoR 3.3.1)
    "dominance_near": 0.0,  # that seat holds its card's goal now (it wins at its next Birdsong)
    # every seat
    "persistent": 0.0,      # each persistent effect it crafted (its play area; LoR 4.1.3)
    # shaping
    "scale": 6.0,           # value = logistic((mine - theirs) / scale)
}
_EVAL_KEYS = tuple(EVAL_WEIGHTS)
EVAL_WEIGHTS = MappingProxyType(EVAL_WEIGHTS)  # the defaults, read-only: a player overrides its own

cdef enum:
    EW_VP, EW_CARD, EW_RULE, EW_WARRIOR, EW_BUILDING, EW_WOOD, EW_KEEP, EW_LAIR_INCOME, EW_LAIR_ITEM
    EW_GROWTH, EW_FEAR, EW_COWED, EW_PAWN_FOREST, EW_PAWN_EXPOSED, EW_PAWN_THREAT, EW_ROOST, EW_ROOST_INCOME
    EW_DECREE_CARD, EW_DECREE_BIRD, EW_DECREE_STUCK, EW_SYMPATHY, EW_BASE, EW_OFFICER, EW_SUPPORTER
    EW_REVOLT_READY, EW_VB_ITEM, EW_VB_DAMAGED, EW_VB_COIN, EW_VB_TEA, EW_VB_RELATION, EW_VB_HOSTILE
    EW_GARDEN, EW_GARDEN_SCORE, EW_ACOLYTE, EW_FUNDS, EW_PAYMENT, EW_TRADE_POST
    EW_BURROW, EW_DC_BUILDING, EW_TUNNEL, EW_MINISTER, EW_PLOT, EW_PLOT_UP, EW_PLOT_READY
    EW_STRONGHOLD, EW_MOB, EW_HOARD_ITEM, EW_WARLORD, EW_OPPRESS_INCOME
    EW_WAYSTATION, EW_RETINUE_CARD, EW_RELIC_HELD, EW_RELIC_READY, EW_KEEPER_WARRIOR
    EW_HIRELING, EW_HIRELING_CONTROL
    EW_DOMINANCE, EW_DOMINANCE_VP, EW_DOMINANCE_NEAR, EW_PERSISTENT, EW_SCALE
    NWEIGHTS                        # the weights, scale included (EVAL_WEIGHTS' order)

assert len(_EVAL_KEYS) == NWEIGHTS and _EVAL_KEYS[EW_SCALE] == "scale"


cdef struct Evaluation:
    # how one player values positions: what a Search, the heuristic player and every function
    # below that evaluates is given (by pointer), so players in one process differ freely
    int kind                        # EV_HAND or EV_LEARNED
    double w[NWEIGHTS]              # the hand weights, EVAL_WEIGHTS' order (scale last); the
                                    # learned model reads them for its hand_gap input


cdef Evaluation DEFAULT_EVALUATION  # the hand evaluation with EVAL_WEIGHTS: written at import only


cdef int read_evaluation(Evaluation* e, str evaluation, weights) except -1:
    """Fill e: the evaluation by name ("hand" or "learned"), the weights EVAL_WEIGHTS with the
    overrides of `weights` (a mapping name -> number, None for none). ConfigError naming an
    unknown weight (and the known ones) or a bad value; e is written only when all are good."""
    cdef int kind = evaluation_id(evaluation)
    cdef double w[NWEIGHTS]
    cdef int i
    for i in range(NWEIGHTS):
        w[i] = EVAL_WEIGHTS[_EVAL_KEYS[i]]
    for k, v in (weights or {}).items():
        if k not in EVAL_WEIGHTS:
            raise ConfigError(f"no evaluation weight {k!r}; the weights are {', '.join(_EVAL_KEYS)}")
        try:
            x = float(v)
        except (TypeError, ValueError):
            x = float("nan")
        if not (-1e6 < x < 1e6) or (k == "scale" and not x > 0.0):
            raise ConfigError(f"evaluation weight {k} must be a finite number"
                              f"{' > 0' if k == 'scale' else ''} (|w| < 1e6), not {v!r}")
        w[_EVAL_KEYS.index(k)] = x
    e.kind = kind
    for i in range(NWEIGHTS):
        e.w[i] = w[i]
    return 0


cdef enum:
    NWEIGHTED = EW_SCALE            # the features EVAL_WEIGHTS weighs: slots 0..NWEIGHTED-1, its order
    X_ROUND = NWEIGHTED             # game progress: the round being played (not weighed by hand)
    NFEAT

# one seat's feature vector: the unweighted terms seat_worth weighs, in EVAL_WEIGHTS' order, then
# the round (docs/evaluation.md)
FEATURE_NAMES = _EVAL_KEYS[:NWEIGHTED] + ("round",)
assert len(FEATURE_NAMES) == NFEAT


cdef uint64_t PERSISTENT_TYPES = 0     # bit t: card type t has a persistent effect (K_PERSISTENT)
for _t in range(NCT):
    if CARD_KIND[_t] == K_PERSISTENT:
        PERSISTENT_TYPES |= (<uint64_t>1) << _t


cdef inline double term(const double* w, double* x, int k, double n) noexcept nogil:
    """One term of a seat's worth: counts n towards feature k (x NULL: the worth alone, no
    features kept), returns its value weighted by w."""
    if x != NULL:
        x[k] += n
    return w[k] * n


cdef double seat_worth_features(GameState* s, int seat, int8_t* rulers, const double* w,
                                 double* x) noexcept nogil:
    """How well one seat stands, in rough victory points (rulers: the rule_table), and its
    features in x (FEATURE_NAMES: the unweighted count behind each term, and the round). The
    worth is w . x (w: an Evaluation's weights), summed term by term in the order below (the order every recorded
    search was made with); every faction fills its own terms, the others stay 0. x NULL: the
    worth alone (the hand evaluation, on every simulation: no feature stores)."""
    cdef int c, n, lair = 0, cap, ruled = 0
    if x != NULL:
        memset(x, 0, NFEAT * sizeof(double))
        x[X_ROUND] = round_of(s)
    cdef double v = term(w, x, EW_VP, s.seats[seat].score + coffin_vp_to_come(s, seat))
    v += term(w, x, EW_CARD, min(<int>s.seats[seat].hand_size + revealed_of(s, seat), HAND_LIMIT))
    for c in range(NCL):
        if rulers[c] == seat:
            ruled += 1
    v += term(w, x, EW_RULE, ruled)
    c = activated_dominance(s, seat)
    if c >= 0:
        v += term(w, x, EW_DOMINANCE, dominance_progress(s, seat, c))
        if x != NULL or w[EW_DOMINANCE_VP] != 0.0 or w[EW_DOMINANCE_NEAR] != 0.0:   # (weights 0 by default)
            v += term(w, x, EW_DOMINANCE_VP, s.seats[seat].score)
            if rules_dominance(s, seat, c):
                v += term(w, x, EW_DOMINANCE_NEAR, 1)
    if w[EW_PERSISTENT] != 0.0 or x != NULL:
        v += term(w, x, EW_PERSISTENT, popcount64(cc_types(&s.seats[seat].play_area) & PERSISTENT_TYPES))
    if s.hr_kind[0] >= 0:           # hirelings (LoR 16.4): the ones it controls, and their control markers
        for c in range(NHIRE):
            if s.hr_owner[c] == seat:
                v += term(w, x, EW_HIRELING, 1) + term(w, x, EW_HIRELING_CONTROL, s.hr_control[c])
    cdef int f = s.seat_faction[seat]
    cdef Pieces* pc = &s.seats[seat].pc
    if f < 0:                       # a player of the draft, before it chooses: its VP and hand
        return v
    if f == F_MARQUISE:
        for c in range(NCL):
            v += term(w, x, EW_WARRIOR, pc.warriors[c]) + term(w, x, EW_BUILDING, buildings_in(pc, c)) \
                + term(w, x, EW_WOOD, pc.tokens[0][c])
        if pc.keep >= 0:
            v += term(w, x, EW_KEEP, 1)
        return v
    if f == F_EYRIE:
        return v + eyrie_worth(s, w, x)
    if f == F_ALLIANCE:
        return v + alliance_worth(s, w, x)
    if f == F_LIZARDS:
        return v + lizards_worth(s, w, x)
    if f == F_RIVERFOLK:
        return v + riverfolk_worth(s, w, x)
    if f == F_DUCHY:
        return v + duchy_worth(s, w, x)
    if f == F_CORVIDS:
        return v + corvids_worth(s, w, x)
    if f == F_HUNDREDS:
        return v + hundreds_worth(s, w, x)
    if f == F_KEEPERS:
        return v + keepers_worth(s, w, x)
    if ITEM_PLAYER[f]:
        return v + vagabond_worth(s, seat, w, x)
    if f == F_MECHANICAL:           # the Marquise's terms for the pieces she shares with it
        for c in range(NCL):
            v += term(w, x, EW_WARRIOR, pc.warriors[c]) + term(w, x, EW_BUILDING, buildings_in(pc, c))
        if pc.keep >= 0:
            v += term(w, x, EW_KEEP, 1)
        return v
    if f != F_WYRM:
        return v
    for c in range(NLAIR):
        lair += s.seats[seat].items[c]
    cap = lair_cap(s)
    v += term(w, x, EW_LAIR_INCOME, min(lair, cap)) + term(w, x, EW_LAIR_ITEM, max(0, lair - cap))
    v += term(w, x, EW_GROWTH, growth_on_track(s))
    for c in range(NCL):
        v += term(w, x, EW_WARRIOR, pc.warriors[c])
        if pc.tokens[0][c]:                 # a fear token, either side (W-SUP-3)
            v += term(w, x, EW_FEAR, 1) + (term(w, x, EW_COWED, 1) if (wyrm_board(s).fear_cowed >> c) & 1 else 0.0)
    if pc.pawn >= NCL:
        v += term(w, x, EW_PAWN_FOREST, 1)
    elif pc.pawn >= 0:
        n = -pc.warriors[pc.pawn]
        for c in range(s.nseats):
            if c != seat:
                n += s.seats[c].pc.warriors[pc.pawn]
        if n > 0:
            v += term(w, x, EW_PAWN_EXPOSED, n)
        if x != NULL or w[EW_PAWN_THREAT] != 0.0:    # (weight 0 by default: skip the count)
            n = pawn_threat(s, seat, rulers, n)
            if n > 0:
                v += term(w, x, EW_PAWN_THREAT, n)
    return v


cdef inline int pawn_threat(GameState* s, int seat, int8_t* rulers, int exposed) noexcept nogil:
    """The enemy warriors that could move into the Wyrm pawn's clearing on their next turn,
    beyond the wyrmlings there (after those already in: exposed, the pawn_exposed count, which
    may be negative). A move needs rule of its origin or its destination (LoR 4.2): an enemy's
    warriors in an adjacent clearing count where that enemy rules the adjacent clearing or the
    pawn's. An approximation: one move each (some factions have more), the rule of now, and
    any number of enemies at once; so pawn_exposed + pawn_threat = max(0, the enemy warriors in
    or able to move in - the wyrmlings there)."""
    cdef int p = wyrm_pc(s).pawn, near = 0, k, a, o
    for a in range(NCL):
        if not adjacent(s, p, a):
            continue
        for o in range(s.nseats):
            if o != seat and (rulers[a] == o or rulers[p] == o):
                near += warriors_in(s, o, a)
    return max(0, exposed + near) - max(0, exposed)


cdef inline double seat_worth(GameState* s, int seat, int8_t* rulers, const double* w) noexcept nogil:
    """How well one seat stands, in rough victory points, by the weights w (seat_worth_features)."""
    return seat_worth_features(s, seat, rulers, w, NULL)



cdef double eyrie_worth(GameState* s, const double* w, double* x) noexcept nogil:
    """The Eyrie's own part of seat_worth: warriors, roosts, the Evening's roost VP, the Decree."""
    cdef double v = 0.0
    cdef int c
    cdef Pieces* pc = eyrie_pc(s)
    for c in range(NCL):
        v += term(w, x, EW_WARRIOR, pc.warriors[c]) + term(w, x, EW_ROOST, pc.buildings[0][c])
    v += term(w, x, EW_ROOST_INCOME, eyrie_roost_vp(s))
    v += term(w, x, EW_DECREE_CARD, decree_size(s)) + term(w, x, EW_DECREE_BIRD, decree_birds(s))
    v += term(w, x, EW_DECREE_STUCK, decree_stuck(s))
    return v


cdef double alliance_worth(GameState* s, const double* w, double* x) noexcept nogil:
    """The Alliance's own part of seat_worth: warriors, tokens, bases, officers, supporters, and
    the Revolts they could pay for now."""
    cdef double v = term(w, x, EW_OFFICER, alliance_board(s).officers) + term(w, x, EW_SUPPORTER, alliance_board(s).supporters_size)
    cdef int c
    cdef Pieces* pc = alliance_pc(s)
    for c in range(NCL):
        v += term(w, x, EW_WARRIOR, pc.warriors[c]) + term(w, x, EW_SYMPATHY, pc.tokens[0][c])
        if can_revolt(s, c, False):
            v += term(w, x, EW_REVOLT_READY, 1)
    return v + term(w, x, EW_BASE, bases_on_map(s))


cdef inline int revealed_of(GameState* s, int seat) noexcept nogil:
    """The cards revealed this Daylight that come back to the hand in Evening: the Cult's (LoR
    10.6.1), the Duchy's but their birds (LoR 12.6.1)."""
    if seat == lizard_seat(s):
        return cc_total(&lizard_board(s).revealed)
    if seat == duchy_seat(s):
        return cc_total(&duchy_board(s).revealed) - cc_in(&duchy_board(s).revealed, SUIT_CARDS[BIRD])
    return 0


cdef double lizards_worth(GameState* s, const double* w, double* x) noexcept nogil:
    """The Cult's own part of seat_worth: warriors, gardens, what a Score ritual of each suit would
    give now, acolytes."""
    cdef double v = term(w, x, EW_ACOLYTE, lizard_board(s).acolytes)
    cdef int c, k
    cdef Pieces* pc = lizard_pc(s)
    for c in range(NCL):
        v += term(w, x, EW_WARRIOR, pc.warriors[c]) + term(w, x, EW_GARDEN, buildings_in(pc, c))
    for k in range(3):
        v += term(w, x, EW_GARDEN_SCORE, score_value(s, k))
    return v


cdef double riverfolk_worth(GameState* s, const double* w, double* x) noexcept nogil:
    """The Riverfolk's own part of seat_worth: warriors, trade posts, funds, Payments."""
    cdef double v = (term(w, x, EW_FUNDS, funds_total(s))
                     + term(w, x, EW_PAYMENT, box_total(s, riverfolk_board(s).payments)))
    cdef int c
    cdef Pieces* pc = riverfolk_pc(s)
    for c in range(NCL):
        v += term(w, x, EW_WARRIOR, pc.warriors[c]) + term(w, x, EW_TRADE_POST, pc.tokens[0][c])
    return v


cdef double duchy_worth(GameState* s, const double* w, double* x) noexcept nogil:
    """The Duchy's own part of seat_worth: warriors on the map and in the Burrow, citadels and
    markets, tunnels, swayed ministers -- a building or Sway under way (its card still to reveal)
    counted as done, so that a one-ply look sees what choosing it brings (docs/duchy-corvids.md C13)."""
    cdef DuchyBoard* b = duchy_board(s)
    cdef Pieces* pc = duchy_pc(s)
    cdef int c
    cdef double v = term(w, x, EW_BURROW, b.burrow) + term(w, x, EW_MINISTER, popcount64(b.swayed))
    for c in range(NCL):
        v += (term(w, x, EW_WARRIOR, pc.warriors[c]) + term(w, x, EW_DC_BUILDING, buildings_in(pc, c))
              + term(w, x, EW_TUNNEL, pc.tokens[0][c]))
    if s.step == S_DC_REVEAL:
        if b.reveal_for == REVEAL_SWAY and b.sway_minister >= 0:
            v += term(w, x, EW_MINISTER, 1) + term(w, x, EW_VP, CROWN_VP[MINISTER_RANK[b.sway_minister]])
        elif b.reveal_for >= 0:
            v += term(w, x, EW_DC_BUILDING, 1)
    return v


cdef double corvids_worth(GameState* s, const double* w, double* x) noexcept nogil:
    """The Corvids' own part of seat_worth: warriors, plots face down (more with a warrior beside,
    ready to flip) and face up."""
    cdef Pieces* pc = corvid_pc(s)
    cdef int c
    cdef double v = 0.0
    for c in range(NCL):
        v += term(w, x, EW_WARRIOR, pc.warriors[c])
        if pc.tokens[0][c]:
            if (corvid_board(s).face_up >> c) & 1:
                v += term(w, x, EW_PLOT_UP, 1)
            else:
                v += term(w, x, EW_PLOT, 1)
                if pc.warriors[c] > 0:
                    v += term(w, x, EW_PLOT_READY, 1)
    return v


cdef double hundreds_worth(GameState* s, const double* w, double* x) noexcept nogil:
    """The Hundreds' own part of seat_worth: warriors, the warlord on the map, strongholds, mobs,
    the Hoard's items, and what Oppress would score now."""
    cdef Pieces* pc = hundreds_pc(s)
    cdef int c
    cdef double v = term(w, x, EW_HOARD_ITEM, hoard_size(s)) + term(w, x, EW_OPPRESS_INCOME, oppress_vp(s))
    if pc.pawn >= 0:
        v += term(w, x, EW_WARLORD, 1)
    for c in range(NCL):
        v += (term(w, x, EW_WARRIOR, pc.warriors[c]) + term(w, x, EW_STRONGHOLD, pc.buildings[0][c])
              + term(w, x, EW_MOB, pc.tokens[0][c]))
    return v


cdef double keepers_worth(GameState* s, const double* w, double* x) noexcept nogil:
    """The Keepers' own part of seat_worth: warriors, waystations, Retinue cards, relics in clearings
    and those a Recover could take now."""
    cdef Pieces* pc = keepers_pc(s)
    cdef int c, r, at
    cdef double v = term(w, x, EW_WAYSTATION, ways_on_map(s)) + term(w, x, EW_RETINUE_CARD, retinue_size(s))
    for c in range(NCL):
        v += term(w, x, EW_KEEPER_WARRIOR, pc.warriors[c]) + term(w, x, EW_RELIC_HELD, pc.tokens[0][c])
    for r in range(NRELIC):
        at = keepers_board(s).relic_at[r]
        if at >= 0 and at < NCL and recoverable(s, r, at):
            v += term(w, x, EW_RELIC_READY, 1)
    return v


cdef double vagabond_worth(GameState* s, int seat, const double* w, double* x) noexcept nogil:
    """The Vagabond's own part of seat_worth: items (undamaged, damaged, coins and teas on their
    tracks), relationships."""
    cdef double v = 0.0
    cdef int k, f, r, b = seat
    for k in range(NVITEM):
        v += term(w, x, EW_VB_ITEM, undamaged(s, b, k)) + term(w, x, EW_VB_DAMAGED, (
            vb_board(s, b).vb_items[VS_DMG_UP][k] + vb_board(s, b).vb_items[VS_DMG_DOWN][k]))
    v += term(w, x, EW_VB_COIN, on_track(s, b, I_COINS)) + term(w, x, EW_VB_TEA, on_track(s, b, I_TEA))
    for f in range(NFACTION):
        r = vb_board(s, b).vb_rel[s.faction_seat[f]] if s.faction_seat[f] >= 0 else 0
        if r == REL_HOSTILE:
            v += term(w, x, EW_VB_HOSTILE, 1)
        else:
            v += term(w, x, EW_VB_RELATION, r)
    return v


cdef inline bint shares_win(GameState* s, int seat, int winner) noexcept nogil:
    """seat won: it is the winner, or the winner's coalition partner (LoR 9.2.8)."""
    return winner >= 0 and (winner == seat or partners(s, seat, winner))


cdef inline double end_value(GameState* s, int seat) noexcept nogil:
    """A finished game's value for seat: 1 won (a coalition wins together), 0 lost, 0.5 for
    everyone if no one won."""
    if shares_win(s, seat, s.winner):
        return 1.0
    return 0.0 if s.winner >= 0 else 0.5


cdef inline double gap_value(GameState* s, double* worth, int n, int seat, double scale) noexcept nogil:
    """The logistic of the gap between seat's worth and the best worth among its enemies."""
    cdef double best = -1e300
    cdef int o
    for o in range(n):
        if o != seat and worth[o] > best and is_enemy(s, seat, o):
            best = worth[o]
    return 1.0 / (1.0 + exp(-(worth[seat] - best) / scale))


cdef enum:
    EV_HAND = 0                     # the hand-weighted gap of worths (an Evaluation's weights)
    EV_LEARNED = 1                  # the fitted win-chance model (learned.pxi, set_eval_model)

EVALUATIONS = ("hand", "learned")   # the evaluations a search or the heuristic can use, by number
read_evaluation(&DEFAULT_EVALUATION, "hand", None)


def eval_weights(weights=None):
    """The whole weight table a player with these overrides uses: EVAL_WEIGHTS with the
    overrides of weights (a mapping name -> number), checked as every evaluating call checks them
    (ConfigError naming an unknown weight or a bad value)."""
    cdef Evaluation e
    read_evaluation(&e, "hand", weights)
    return {k: e.w[i] for i, k in enumerate(_EVAL_KEYS)}


cdef double evaluate(GameState* s, int seat, const Evaluation* ev) noexcept nogil:
    """The value of a state for seat, in [0, 1]: 1 won, 0 lost, else (ev.kind EV_HAND) a logistic
    of the gap between its worth and the best worth among the other seats, by ev's weights, or
    (EV_LEARNED) the learned model's value."""
    cdef double worth[MAX_SEATS]
    cdef int o
    cdef int8_t rulers[NCL]
    if s.step == S_TERMINAL:
        return end_value(s, seat)
    if ev.kind == EV_LEARNED:
        learned_values(s, worth, seat, ev.w)
        return worth[seat]
    rule_table(s, rulers)
    for o in range(s.nseats):
        worth[o] = seat_worth(s, o, rulers, ev.w)
    coalition_worth(s, worth)
    return gap_value(s, worth, s.nseats, seat, ev.w[EW_SCALE])


cdef void evaluate_all(GameState* s, double* out, const Evaluation* ev) noexcept nogil:
    """Every seat's evaluation at once: out[seat] = evaluate(s, seat, ev) for each seat at the
    table, each seat's worth computed once."""
    cdef double worth[MAX_SEATS]
    cdef int i
    cdef int8_t rulers[NCL]
    if s.step == S_TERMINAL:
        for i in range(s.nseats):
            out[i] = end_value(s, i)
        return
    if ev.kind == EV_LEARNED:
        learned_values(s, out, -1, ev.w)
        return
    rule_table(s, rulers)
    for i in range(s.nseats):
        worth[i] = seat_worth(s, i, rulers, ev.w)
    coalition_worth(s, worth)
    for i in range(s.nseats):
        out[i] = gap_value(s, worth, s.nseats, i, ev.w[EW_SCALE])


cdef inline void coalition_worth(GameState* s, double* worth) noexcept nogil:
    """In a coalition the Vagabond no longer scores: he wins if his partner does, so his worth is
    the coalition's (LoR 9.2.8)."""
    cdef int v, p
    for v in range(s.nseats):
        if is_vagabond(s, v) and vb_board(s, v).coalition >= 0:
            p = vb_board(s, v).coalition
            worth[v] += worth[p]
            worth[p] = worth[v]


cdef inline bint in_battle(GameState* s) noexcept nogil:
    """A battle, or what an action set off (a payment, Outrage), is still being settled."""
    cdef int st = s.step
    return (st == S_AMBUSH or st == S_FOIL or st == S_ROLL or st == S_ALLOC or st == S_LAIR
            or st == S_FOREST or st == S_HOSPITAL or st == S_EFFECTS or st == S_ENLIST or st == S_HR_SCOUTS or st == S_HR_PHYSICIANS or reaction_step(st)
            or st == S_ALLIANCE_PAY or st == S_VB_DAMAGE or st == S_RUIN or st == S_QUEST_DRAW
            or st == S_RUIN_PICK or st == S_RF_FUND or st == S_SERVICE_ITEMS)
    # (not the Thief's Steal: its outcome is a card of a hand the look ahead may not read)


cdef void settle_battle(GameState* s, uint64_t* rng) noexcept nogil:
    """Finish a battle quickly for a one-ply look: dice sampled, every choice the first legal one."""
    cdef int buf[MAX_LEGAL]
    while in_battle(s):
        if current_player(s) == PLAYER_CHANCE:
            apply_action(s, sample_chance(s, rng))
        elif gen_legal_unsorted(s, buf) > 0:
            apply_action(s, buf[0])
        else:                       # never in a sound game
            return


cdef double action_value(GameState* s, int a, int seat, uint64_t* rng, int samples,
                         const Evaluation* ev) noexcept nogil:
    """Value for seat of taking action a: one ply, battles settled (averaged over samples). The
    face-down plots' types, which seat cannot see, are dealt again first (a raid removed in a
    battle would tell them: docs/duchy-corvids.md K-3)."""
    cdef GameState t
    cdef double total = 0.0
    cdef int i
    for i in range(samples):
        copy_state(&t, s)
        if corvid_seat(&t) >= 0 and seat != corvid_seat(&t):
            redeal_plots(&t, rng)
        apply_action(&t, a)
        if a == A_MERCENARIES:          # judged by the rule they give in its Daylight (LoR 11.2.7.III)
            riverfolk_board(&t).mercs_on = riverfolk_board(&t).hired == seat
        if not in_battle(&t):
            return evaluate(&t, seat, ev)
        settle_battle(&t, rng)
        total += evaluate(&t, seat, ev)
    return total / samples


cdef inline bint judged_as_is(GameState* s, int a) noexcept nogil:
    """A pass that ends Daylight: the heuristic judges it by the position as it stands, so the
    Evening's scoring does not make passing look best."""
    return a == A_PASS and (s.step == S_CAT_DAY or s.step == S_WYRM_DAY or s.step == S_ALLIANCE_DAY
                            or s.step == S_ALLIANCE_EVE or s.step == S_VB_DAY or s.step == S_LZ_DAY
                            or s.step == S_LZ_EVE or s.step == S_RF_DAY or s.step == S_DC_SWAY
                            or s.step == S_DC_EVE or s.step == S_CV_DAY or s.step == S_CV_EVE
                            or (s.step == S_KI_DAY and keepers_board(s).column == 2)
                            or (s.step == S_EYRIE_DAY and decree_column(s) == NDECREE))


cdef double choice_value(GameState* s, int a, int seat, uint64_t* rng, int samples,
                         const Evaluation* ev) noexcept nogil:
    """How the heuristic values action a for seat: one ply (action_value), except that a pass
    ending Daylight is judged by the position as it stands (judged_as_is), and an Exposure by its
    best guess judged in worlds the guesser cannot tell from the true one (guess_value)."""
    if judged_as_is(s, a):
        return evaluate(s, seat, ev)
    if is_exposure(a):
        return exposure_value(s, a, seat, rng, ev)
    if s.step == S_CV_EXPOSE:
        return guess_value(s, a, seat, rng, ev)
    return action_value(s, a, seat, rng, samples, ev)


cdef int GUESS_SAMPLES = 16     # deals of the face-down types an Exposure's odds are taken from


cdef void type_odds(GameState* s, int seat, int c, uint64_t* rng, double* odds) noexcept nogil:
    """The chance of each type for the plot in c as seat sees it: the Corvids know it; another seat
    counts deals of the face-down types it cannot tell from the true one (redeal_plots: the types
    no face-up plot shows, none a wrong Exposure ruled out there) -- never the true type
    (docs/duchy-corvids.md K-3)."""
    cdef GameState t
    cdef int i, p
    for p in range(NPLOT):
        odds[p] = 0.0
    if seat == corvid_seat(s):
        odds[corvid_board(s).plot_type[c]] = 1.0
        return
    for i in range(GUESS_SAMPLES):
        copy_state(&t, s)
        redeal_plots(&t, rng)
        odds[corvid_board(&t).plot_type[c]] += 1.0 / GUESS_SAMPLES


cdef double guess_outcomes(GameState* s, int a, int seat, const double* odds, const Evaluation* ev) noexcept nogil:
    """A guess's value: the position if it is right, weighed by its odds, and if it is wrong."""
    cdef GameState t
    cdef int c = corvid_board(s).expose_at, named = (a - A_GUESS) % NPLOT, p
    cdef double v = 0.0
    if odds[named] > 0.0:
        copy_state(&t, s)
        corvid_board(&t).plot_type[c] = named
        apply_action(&t, a)
        v += odds[named] * evaluate(&t, seat, ev)
    if odds[named] < 1.0:
        for p in range(NPLOT):
            if p != named and odds[p] > 0.0:
                break
        copy_state(&t, s)
        corvid_board(&t).plot_type[c] = p
        apply_action(&t, a)
        v += (1.0 - odds[named]) * evaluate(&t, seat, ev)
    return v


cdef double guess_value(GameState* s, int a, int seat, uint64_t* rng, const Evaluation* ev) noexcept nogil:
    """An Exposure's guess (LoR 13.2.4), judged by the odds seat can know (type_odds)."""
    cdef double odds[NPLOT]
    type_odds(s, seat, corvid_board(s).expose_at, rng, odds)
    return guess_outcomes(s, a, seat, odds, ev)


cdef double exposure_value(GameState* s, int a, int seat, uint64_t* rng, const Evaluation* ev) noexcept nogil:
    """An Exposure of a clearing: the value of its best guess (two plies: the clearing, then the
    card and type)."""
    cdef GameState t
    cdef int buf[MAX_LEGAL]
    cdef int i, n
    cdef double odds[NPLOT]
    cdef double v, best = -1e300
    copy_state(&t, s)
    apply_action(&t, a)
    n = gen_legal_unsorted(&t, buf)
    if n == 0:
        return evaluate(&t, seat, ev)
    type_odds(&t, seat, corvid_board(&t).expose_at, rng, odds)
    for i in range(n):
        v = guess_outcomes(&t, buf[i], seat, odds, ev)
        if v > best:
            best = v
    return best


# The faction draft (LoR 16.1.8.2): the heuristic player takes the card of the faction that won most
# often in its own play -- each faction's wins per game it sat in, the heuristic in every seat, the
# cards dealt and chosen at random (150 games a table size: docs/calibration.md "The
# draft"); the three-player row serves two and three players, the four-player row four and more.
LIZARDS_DRAFT_PRIOR = {3: 0.3, 4: 0.2}   # (assumed, unmeasured: docs/calibration.md "The draft")
RIVERFOLK_DRAFT_PRIOR = {3: 0.3, 4: 0.2}   # (assumed, unmeasured: the same)
DUCHY_DRAFT_PRIOR = {3: 0.3, 4: 0.2}       # (assumed, unmeasured: the same)
CORVIDS_DRAFT_PRIOR = {3: 0.3, 4: 0.2}     # (assumed, unmeasured: the same)
HUNDREDS_DRAFT_PRIOR = {3: 0.3, 4: 0.2}    # (assumed, unmeasured: the same)
KEEPERS_DRAFT_PRIOR = {3: 0.3, 4: 0.2}     # (assumed, unmeasured: the same)
DRAFT_PRIOR_TABLE = {
    3: {F_WYRM: 0.653, F_EYRIE: 0.525, F_MARQUISE: 0.282, F_ALLIANCE: 0.076, F_VAGABOND: 0.034,
        F_LIZARDS: LIZARDS_DRAFT_PRIOR[3], F_RIVERFOLK: RIVERFOLK_DRAFT_PRIOR[3], F_DUCHY: DUCHY_DRAFT_PRIOR[3],
        F_CORVIDS: CORVIDS_DRAFT_PRIOR[3], F_HUNDREDS: HUNDREDS_DRAFT_PRIOR[3],
        F_KEEPERS: KEEPERS_DRAFT_PRIOR[3]},
    4: {F_WYRM: 0.488, F_EYRIE: 0.319, F_ALLIANCE: 0.254, F_MARQUISE: 0.153, F_VAGABOND: 0.009,
        F_LIZARDS: LIZARDS_DRAFT_PRIOR[4], F_RIVERFOLK: RIVERFOLK_DRAFT_PRIOR[4], F_DUCHY: DUCHY_DRAFT_PRIOR[4],
        F_CORVIDS: CORVIDS_DRAFT_PRIOR[4], F_HUNDREDS: HUNDREDS_DRAFT_PRIOR[4],
        F_KEEPERS: KEEPERS_DRAFT_PRIOR[4]},
}
cdef double DRAFT_PRIOR[2][NFACTION]
for _row, _n in enumerate((3, 4)):
    for _f in range(NFACTION):
        DRAFT_PRIOR[_row][_f] = DRAFT_PRIOR_TABLE[_n].get(TWIN[_f] if TWIN[_f] >= 0 else _f, 0.0)


cdef int draft_favourite(GameState* s, const int* acts, int n) noexcept nogil:
    """The pick (A_DRAFT_PICK + card) of the faction with the best DRAFT_PRIOR at this table size."""
    cdef int i, best = acts[0], row = 0 if s.nseats <= 3 else 1
    for i in range(1, n):
        if DRAFT_PRIOR[row][acts[i] - A_DRAFT_PICK] > DRAFT_PRIOR[row][best - A_DRAFT_PICK]:
            best = acts[i]
    return best


cdef int riverfolk_habit(GameState* s, const int* acts, int n) noexcept nogil:
    """The Riverfolk's choices a one-ply look cannot tell apart (every option leaves the same
    evaluation): prices are kept in Evening and set at 3 at setup (docs/riverfolk-lizards.md C24);
    a fund committed, spent or lost is taken from the seat holding the most (its
    owner gets no warrior back before it is needed)."""
    cdef int i, best = acts[0], most = -1, v
    if s.step == S_RF_PRICES:
        if acts[0] == A_PASS:
            return A_PASS
        for i in range(n):
            if (acts[i] - A_PRICE) % 4 == 2:
                return acts[i]
        return acts[0]
    for i in range(n):
        v = riverfolk_board(s).funds[acts[i] - A_FUND]
        if v > most:
            most = v
            best = acts[i]
    return best


cdef int heuristic_action(GameState* s, uint64_t* rng, int max_candidates, int samples,
                          const Evaluation* ev) noexcept nogil:
    """The greedy one-ply choice of the seat to move, by the evaluation ev. With max_candidates > 0, only that many
    randomly picked legal actions (and pass) are weighed: the cheap version rollouts use.
    -1 if there is no legal action (never in a sound game)."""
    cdef int buf[MAX_LEGAL]
    cdef int n = gen_legal_unsorted(s, buf)
    cdef int seat = current_player(s)
    cdef int i, j, x, best, m
    cdef double v, best_v = -1.0
    cdef bint no_pass
    if n <= 1:
        return buf[0] if n == 1 else -1
    if s.step == S_DRAFT_PICK:
        return draft_favourite(s, buf, n)
    if s.step == S_RF_PRICES or s.step == S_RF_FUND or s.step == S_RF_DISRUPT:
        return riverfolk_habit(s, buf, n)
    # the Eyrie may take up an undoable Decree card before the ones it can do (ruling §10.10), but
    # Turmoil judged one ply ahead (its Evening scored, the stuck Decree purged) would look better
    # than it is: the heuristic carries out what it can first
    no_pass = turmoil_by_choice(s)
    best = buf[0]
    m = n
    if max_candidates > 0 and n > max_candidates:
        for i in range(max_candidates):          # partial Fisher-Yates
            j = i + rng_below(rng, n - i)
            x = buf[i]
            buf[i] = buf[j]
            buf[j] = x
        m = max_candidates
        if buf[0] != A_PASS:                     # pass is always weighed when legal
            for i in range(max_candidates, n):
                if buf[i] == A_PASS:
                    buf[0] = A_PASS
                    break
    for i in range(m):
        if no_pass and buf[i] == A_PASS:
            continue
        v = choice_value(s, buf[i], seat, rng, samples, ev)
        v += 1e-9 * rng_below(rng, 1000)
        if v > best_v:
            best_v = v
            best = buf[i]
    return best
