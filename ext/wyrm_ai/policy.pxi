# The learned policy prior (issue 31 item 1; docs/policy.md). Each action of the seat to move is
# described by its policy features (POLICY_FEATURE_NAMES): its kind, the warriors it moves, what
# it changes one ply ahead (the mover's evaluation features and the sum of its enemies', and what
# it exposes and threatens: pieces that share a clearing with an enemy's fighters; battles
# settled by sampled dice, averaged over determinizations the mover could hold true), and the
# hand heuristic's one-ply value of it, rescaled to 0..1 across the actions (the heuristic
# prior's own number). A per-faction linear model of those features gives each action a logit,
# and the prior is their softmax (Search prior="learned"). The weights come from a model file
# (wyrm_ai/ai/policy_model.json, fitted by tools/fit_policy.py to the root visit shares of the
# levels' searches in self-play: expert iteration).

cdef enum:
    NKIND = 165                         # len(ACTION_KINDS)
    PF_KIND = 0                         # one-hot: the action's kind (ACTION_KINDS' order)
    PF_MOVED = PF_KIND + NKIND          # the warriors a move takes along
    PF_OWN                              # + NWEIGHTED: the change of the mover's features
    PF_ENEMY = PF_OWN + NWEIGHTED       # + NWEIGHTED: the change of its enemies' features, summed
    PF_EXPOSED = PF_ENEMY + NWEIGHTED   # the change of the mover's pieces where an enemy has fighters
    PF_THREAT                           # the change of enemy pieces where the mover has fighters
    PF_VALUE                            # the heuristic's one-ply value, 0..1 across the actions
    PF_BEST                             # 1: the heuristic's first choice (value 1)
    NPFEAT

assert len(ACTION_KINDS) == NKIND, "NKIND must count ACTION_KINDS"
POLICY_FEATURE_NAMES = (tuple("kind_" + k[0] for k in ACTION_KINDS) + ("moved",)
                        + tuple("own_" + n for n in FEATURE_NAMES[:NWEIGHTED])
                        + tuple("enemy_" + n for n in FEATURE_NAMES[:NWEIGHTED])
                        + ("exposed", "threatens", "heuristic_value", "heuristic_best"))
assert len(POLICY_FEATURE_NAMES) == NPFEAT

cdef int KIND_START[NKIND]              # the first action number of each kind
for _i, _kind in enumerate(ACTION_KINDS):
    KIND_START[_i] = _kind[1]
    assert _i == 0 or KIND_START[_i] > KIND_START[_i - 1], "ACTION_KINDS must be in action order"

cdef double PM[NFACTION][NPFEAT]        # the policy's weights per faction of the mover
cdef bint PM_LOADED = False


cdef inline int action_kind(int a) noexcept nogil:
    """The index in ACTION_KINDS of action a's kind (binary search over KIND_START)."""
    cdef int lo = 0, hi = NKIND - 1, mid
    while lo < hi:
        mid = (lo + hi + 1) >> 1
        if KIND_START[mid] <= a:
            lo = mid
        else:
            hi = mid - 1
    return lo


cdef inline int action_moved(int a) noexcept nogil:
    """The warriors a move takes along (the Marquise's, Wyrm's, Eyrie's and Alliance's moves,
    the Vagabond's allied warriors, a hireling's); 0 for every other action."""
    if A_MOVE <= a < A_MOVE_END:
        return (a - A_MOVE) % 26
    if A_E_MOVE <= a < A_ACTIVATE:
        return (a - A_E_MOVE) % 21
    if A_VB_MOVE <= a < A_EXPLORE:
        return (a - A_VB_MOVE) % 21
    if A_BURROW <= a < A_DC_CORNER:
        return (a - A_BURROW) % 21
    if A_HR_MOVE <= a < A_HR_BATTLE:
        return (a - A_HR_MOVE) % 13
    return 0


cdef void contact(GameState* s, int seat, double* exposed, double* threat) noexcept nogil:
    """What seat exposes and threatens where it stands: its pieces in clearings where an enemy
    has fighters (warriors, or a pawn that fights: LoR 4.3.2), and its enemies' pieces in
    clearings where it has fighters."""
    cdef int c, o, theirs
    cdef bint enemy_fights
    exposed[0] = 0.0
    threat[0] = 0.0
    for c in range(NCL):
        theirs = 0
        enemy_fights = False
        for o in range(s.nseats):
            if is_enemy(s, seat, o):
                theirs += pieces_in(s, o, c)
                enemy_fights = enemy_fights or fighters_in(s, o, c) > 0
        if enemy_fights:
            exposed[0] += pieces_in(s, seat, c)
        if fighters_in(s, seat, c) > 0:
            threat[0] += theirs


cdef void policy_features(GameState* root, int seat, const int* acts, int n, uint64_t* rng,
                          int samples, const Evaluation* ev, double* out) noexcept nogil:
    """out[i * NPFEAT + k]: policy feature k of action acts[i] for seat, the seat to move at root,
    over `samples` determinizations for seat (the rng draws as the heuristic prior's do, so
    heuristic_value is its rescaled value)."""
    cdef GameState t, u
    cdef double x0[MAX_SEATS][NFEAT]
    cdef double x1[MAX_SEATS][NFEAT]
    cdef double worth[MAX_SEATS]
    cdef double lo = 1e300, hi = -1e300, exposed0, threat0, exposed1, threat1
    cdef double* f
    cdef int i, j, k, o
    memset(out, 0, n * NPFEAT * sizeof(double))
    for k in range(samples):
        copy_state(&t, root)
        determinize(&t, seat, rng)
        all_features(&t, x0, worth, ev.w)
        contact(&t, seat, &exposed0, &threat0)
        for i in range(n):
            f = out + i * NPFEAT
            copy_state(&u, &t)
            if not judged_as_is(&u, acts[i]):
                apply_action(&u, acts[i])
                if in_battle(&u):
                    settle_battle(&u, rng)
            f[PF_VALUE] += evaluate(&u, seat, ev)
            all_features(&u, x1, worth, ev.w)
            contact(&u, seat, &exposed1, &threat1)
            f[PF_EXPOSED] += exposed1 - exposed0
            f[PF_THREAT] += threat1 - threat0
            for j in range(NWEIGHTED):
                f[PF_OWN + j] += x1[seat][j] - x0[seat][j]
            for o in range(t.nseats):
                if o != seat and is_enemy(&t, seat, o):
                    for j in range(NWEIGHTED):
                        f[PF_ENEMY + j] += x1[o][j] - x0[o][j]
    for i in range(n):
        f = out + i * NPFEAT
        for j in range(PF_OWN, PF_BEST):
            f[j] /= samples
        lo = min(lo, f[PF_VALUE])
        hi = max(hi, f[PF_VALUE])
    for i in range(n):
        f = out + i * NPFEAT
        f[PF_KIND + action_kind(acts[i])] = 1.0
        f[PF_MOVED] = action_moved(acts[i])
        f[PF_VALUE] = (f[PF_VALUE] - lo) / (hi - lo) if hi - lo > 1e-12 else 1.0
        f[PF_BEST] = f[PF_VALUE] >= 1.0 - 1e-12


cdef int policy_logits(GameState* root, int seat, const int* acts, int n, uint64_t* rng,
                       int samples, const Evaluation* ev, double* out) noexcept nogil:
    """out[i]: the learned policy's logit of action acts[i] for seat (the mover's faction's
    weights . its features); -1 when memory runs out."""
    cdef double* f = <double*>malloc(max(n, 1) * NPFEAT * sizeof(double))
    cdef int i, k
    if f == NULL:
        return -1
    if root.seat_faction[seat] < 0:          # a player of the draft: no faction's weights, a flat prior
        for i in range(n):
            out[i] = 0.0
        free(f)
        return 0
    cdef double* w = PM[root.seat_faction[seat]]
    policy_features(root, seat, acts, n, rng, samples, ev, f)
    for i in range(n):
        out[i] = 0.0
        for k in range(NPFEAT):
            out[i] += w[k] * f[i * NPFEAT + k]
    free(f)
    return 0


cdef int require_policy_model() except -1:
    if not PM_LOADED:
        raise ConfigError("the learned policy has no model: load one with "
                          "wyrm_ai.ai.policymodel.load() (or _core.set_policy_model)")
    return 0


def set_policy_model(feature_names, weights):
    """Set the learned policy's model: feature_names (must be POLICY_FEATURE_NAMES) and weights,
    a mapping of every faction name to NPFEAT numbers (the logit of an action is weights . its
    features)."""
    global PM_LOADED
    if tuple(feature_names) != POLICY_FEATURE_NAMES:
        raise ConfigError(f"the policy model's features are not this core's: expected "
                          f"{len(POLICY_FEATURE_NAMES)} features {POLICY_FEATURE_NAMES[:2]}..., "
                          f"got {len(feature_names)}")
    missing = [name for name in FACTION_NAMES if name not in weights]
    unknown = [name for name in weights if name not in FACTION_NAMES]
    if missing or unknown:
        raise ConfigError(f"the policy model needs weights for every faction: missing {missing}, "
                          f"unknown {unknown}")
    try:
        table = np.asarray([weights[name] for name in FACTION_NAMES], dtype=np.float64)
    except (TypeError, ValueError):
        table = np.zeros(0)
    if table.shape != (NFACTION, NPFEAT) or not np.all(np.isfinite(table)):
        raise ConfigError(f"each faction needs {NPFEAT} finite policy weights, got shape {table.shape}")
    cdef int f, k
    for f in range(NFACTION):
        for k in range(NPFEAT):
            PM[f][k] = table[f, k]
    PM_LOADED = True


def policy_model_loaded():
    """Whether a learned policy model is set (prior="learned" needs one)."""
    return bool(PM_LOADED)


def clear_policy_model():
    """Forget the learned policy's model: prior="learned" is a ConfigError until one is set."""
    global PM_LOADED
    PM_LOADED = False


def policy_features_of(State state, unsigned long long seed=0, int samples=PRIOR_SAMPLES):
    """The legal actions of the seat to move, in order, and their policy features
    (POLICY_FEATURE_NAMES) as a numpy array, one row an action, over `samples` determinizations
    drawn from seed (the heuristic evaluation, EVAL_WEIGHTS)."""
    cdef GameState* s = _state_of(state)
    cdef int seat = current_player(s)
    cdef int buf[MAX_LEGAL]
    cdef int n, i
    cdef uint64_t rng = seed * 0x9E3779B97F4A7C15ULL + 12345
    if seat < 0:
        raise IllegalActionError("policy features need a seat to move (not chance, not a finished game)")
    if samples < 1:
        raise ConfigError(f"samples must be >= 1, not {samples}")
    n = gen_legal_unsorted(s, buf)
    qsort(buf, n, sizeof(int), _int_order)
    out = np.zeros((n, NPFEAT), dtype=np.float64)
    cdef double[:, ::1] view = out
    if n:
        policy_features(s, seat, buf, n, &rng, samples, &DEFAULT_EVALUATION, &view[0, 0])
    return [buf[i] for i in range(n)], out
