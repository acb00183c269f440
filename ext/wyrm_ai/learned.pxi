# The learned evaluation (issue 15): a per-faction logistic model of the seat's win chance on its
# inputs (its own features, the elementwise best of its enemies' features, the table), plus a
# small score-margin term so that a decided game still has a better and a worse move. The
# coefficients come from a model file (wyrm_ai/eval_model.json, fitted by tools/fit_eval.py) through
# set_eval_model; a search or the heuristic uses it when asked (evaluation="learned").
# docs/evaluation.md documents the inputs and the fit.

cdef enum:
    I_OWN = 1                       # inputs: 0 the bias, then the seat's own features,
    I_ENEMY = I_OWN + NFEAT         # the elementwise max of its enemies' features,
    I_TABLE = I_ENEMY + NFEAT       # which factions its enemies are, the table size,
    I_SEATS3 = I_TABLE + NFACTION
    I_SEATS4
    I_LEAD_ROUND                    # (own VP - the best enemy VP) * round
    I_OWN_VP_SQ                     # own VP ** 2 / 30: the last VP count most
    I_ENEMY_VP_SQ                   # the best enemy VP ** 2 / 30
    I_HAND_GAP                      # the hand evaluation's gap: (worth - best enemy worth) / scale
    NINPUT

# the names of the learned model's inputs, in order (a model file lists them: set_eval_model checks)
INPUT_NAMES = (("bias",) + tuple("own_" + n for n in FEATURE_NAMES)
               + tuple("enemy_max_" + n for n in FEATURE_NAMES)
               + tuple("enemy_is_" + n for n in FACTION_NAMES)
               + ("seats3", "seats4", "vp_lead_x_round", "own_vp_sq", "enemy_vp_sq", "hand_gap"))
assert len(INPUT_NAMES) == NINPUT

cdef double LM[NFACTION][NINPUT]     # coefficients per faction of the seat
cdef double LM_EPS = 0.0             # weight of the score-margin term
cdef double LM_K = 1.0               # its VP scale: eps * (1 + tanh(margin / k)) / 2
cdef bint LM_LOADED = False


cdef void learned_inputs(GameState* s, double (*x)[NFEAT], double* worth, int seat,
                         double scale, double* u) noexcept nogil:
    """The learned model's inputs for seat, from every seat's features x and hand worth (scale:
    the hand evaluation's, for the hand_gap input)."""
    cdef int i, o
    cdef bint any_enemy = False
    cdef double best = -1e300
    memset(u, 0, NINPUT * sizeof(double))
    u[0] = 1.0
    for i in range(NFEAT):
        u[I_OWN + i] = x[seat][i]
    for o in range(s.nseats):
        if o == seat or not is_enemy(s, seat, o):
            continue
        if s.seat_faction[o] >= 0:              # (a player of the draft has no faction yet)
            u[I_TABLE + s.seat_faction[o]] = 1.0
        best = max(best, worth[o])
        for i in range(NFEAT):
            if not any_enemy or x[o][i] > u[I_ENEMY + i]:
                u[I_ENEMY + i] = x[o][i]
        any_enemy = True
    u[I_SEATS3] = s.nseats == 3
    u[I_SEATS4] = s.nseats == 4
    u[I_LEAD_ROUND] = (u[I_OWN + EW_VP] - u[I_ENEMY + EW_VP]) * x[seat][X_ROUND]
    u[I_OWN_VP_SQ] = u[I_OWN + EW_VP] * u[I_OWN + EW_VP] / 30.0
    u[I_ENEMY_VP_SQ] = u[I_ENEMY + EW_VP] * u[I_ENEMY + EW_VP] / 30.0
    u[I_HAND_GAP] = (worth[seat] - best) / scale if any_enemy else 0.0


cdef inline double learned_value(double* coef, double* u) noexcept nogil:
    """The model's win chance from inputs u, with the score-margin term:
    (1 - eps) * p + eps * (1 + tanh(margin / k)) / 2, margin = own VP - the best enemy VP."""
    cdef double z = 0.0
    cdef int i
    for i in range(NINPUT):
        z += coef[i] * u[i]
    return ((1.0 - LM_EPS) / (1.0 + exp(-z))
            + LM_EPS * 0.5 * (1.0 + tanh((u[I_OWN + EW_VP] - u[I_ENEMY + EW_VP]) / LM_K)))


cdef void learned_values(GameState* s, double* out, int only, const double* w) noexcept nogil:
    """The learned value of an unfinished game for every seat, or (only >= 0) for that seat
    alone, in out[seat]; w: the hand weights its hand_gap input reads. A Vagabond in a coalition
    takes his partner's value: he wins when it does (LoR 9.2.8)."""
    cdef double x[MAX_SEATS][NFEAT]
    cdef double worth[MAX_SEATS]
    cdef double u[NINPUT]
    cdef int i, v, p
    all_features(s, x, worth, w)
    for i in range(s.nseats):
        if only >= 0 and i != only and not (is_vagabond(s, only) and i == vb_board(s, only).coalition):
            continue
        learned_inputs(s, x, worth, i, w[EW_SCALE], u)
        out[i] = learned_value(LM[s.seat_faction[i]], u) if s.seat_faction[i] >= 0 else 1.0 / s.nseats
    for v in range(s.nseats):
        p = vb_board(s, v).coalition if is_vagabond(s, v) else -1
        if p >= 0 and (only < 0 or only == v):
            out[v] = out[p]


cdef void all_features(GameState* s, double (*x)[NFEAT], double* worth, const double* w) noexcept nogil:
    """Every seat's features and hand worth by the weights w (a coalition's worth shared, as the
    hand evaluation does)."""
    cdef int8_t rulers[NCL]
    cdef int i
    rule_table(s, rulers)
    for i in range(s.nseats):
        worth[i] = seat_worth_features(s, i, rulers, w, x[i])
    coalition_worth(s, worth)


cdef int evaluation_id(str name) except -1:
    """The number of an evaluation by name (EVALUATIONS); ConfigError for an unknown one, or for
    "learned" with no model set."""
    if name not in EVALUATIONS:
        raise ConfigError(f"evaluation must be one of {', '.join(EVALUATIONS)}, not {name!r}")
    if name == "learned" and not LM_LOADED:
        raise ConfigError("the learned evaluation has no model: load one with "
                          "wyrm_ai.evalmodel.load() (or _core.set_eval_model)")
    return EVALUATIONS.index(name)


def set_eval_model(input_names, coefficients, double margin_weight, double margin_scale):
    """Set the learned evaluation's model: input_names (must be INPUT_NAMES), coefficients a
    mapping of every faction name to NINPUT numbers, margin_weight (eps, 0..1) and margin_scale
    (k > 0, in VP) of the score-margin term."""
    global LM_EPS, LM_K, LM_LOADED
    if tuple(input_names) != INPUT_NAMES:
        raise ConfigError(f"the model's inputs are not this core's: expected {len(INPUT_NAMES)} "
                          f"inputs {INPUT_NAMES[:3]}..., got {len(input_names)}")
    missing = [name for name in FACTION_NAMES if name not in coefficients]
    unknown = [name for name in coefficients if name not in FACTION_NAMES]
    if missing or unknown:
        raise ConfigError(f"the model needs coefficients for every faction: missing {missing}, "
                          f"unknown {unknown}")
    if not (0.0 <= margin_weight <= 1.0) or not (margin_scale > 0.0):
        raise ConfigError(f"margin_weight must be in 0..1 and margin_scale > 0, not "
                          f"{margin_weight}, {margin_scale}")
    try:
        table = np.asarray([coefficients[name] for name in FACTION_NAMES], dtype=np.float64)
    except (TypeError, ValueError):
        table = np.zeros(0)
    if table.shape != (NFACTION, NINPUT) or not np.all(np.isfinite(table)):
        raise ConfigError(f"each faction needs {NINPUT} finite coefficients, got shape {table.shape}")
    cdef int f, i
    for f in range(NFACTION):
        for i in range(NINPUT):
            LM[f][i] = table[f, i]
    LM_EPS = margin_weight
    LM_K = margin_scale
    LM_LOADED = True


def features(State state, seat):
    """One seat's feature vector (FEATURE_NAMES), as seat_worth reads it: a numpy array."""
    cdef GameState* s = _state_of(state)
    _check_seat(s, seat, "seat")
    cdef int8_t rulers[NCL]
    cdef double x[NFEAT]
    rule_table(s, rulers)
    seat_worth_features(s, seat, rulers, DEFAULT_EVALUATION.w, x)
    return np.array([x[i] for i in range(NFEAT)])


def learned_inputs_of(State state, seat):
    """The learned model's inputs for seat (INPUT_NAMES), its hand_gap by EVAL_WEIGHTS (the
    weights the model is fitted with): a numpy array."""
    cdef GameState* s = _state_of(state)
    _check_seat(s, seat, "seat")
    cdef double x[MAX_SEATS][NFEAT]
    cdef double worth[MAX_SEATS]
    cdef double u[NINPUT]
    cdef int i
    all_features(s, x, worth, DEFAULT_EVALUATION.w)
    learned_inputs(s, x, worth, seat, DEFAULT_EVALUATION.w[EW_SCALE], u)
    return np.array([u[i] for i in range(NINPUT)])
