# The planner: information-set MCTS (Cowling, Powley & Whitehouse 2012) with max^n values.
# Each simulation determinizes the root for the observer (determinize.pxi), walks the tree over
# the decisions of the current turn, expands one node, plays a depth-limited heuristic rollout
# and backs each seat's evaluation up. The tree holds the observer's decisions (tree_seats
# "observer": the other seats' mid-turn decisions are played by their heuristic) or every seat's
# ("all": each seat chooses by its own value, in the observer's determinization). A node keeps
# the value of the seat that chose it; a seat to move picks among its children by UCB1 with
# availability counts (normalize "minmax": on the children's mean values rescaled to 0..1 at
# each node). The tree covers the root turn, or (tree_turns N > 1) every turn up to the end of
# the observer's (N-1)-th own turn after it. Chance is sampled (open loop: a node is keyed by its
# action and chooser, whatever chance did on the way). With prior "heuristic" the root's actions
# get a prior from the heuristic's one-ply values and the root chooses by PUCT (Silver et al.
# 2017; progressive bias in the sense of Chaslot et al. 2008) instead of UCB1.
from libc.stdlib cimport malloc, realloc, free, qsort
from libc.math cimport sqrt, log, exp

cdef struct Node:
    int32_t key             # the action | the seat that chose it << KEY_SEAT_SHIFT (-1: the root)
    int32_t parent
    int32_t first_child
    int32_t next_sibling
    int32_t visits
    int32_t avail
    double value


cdef struct RootPrior:
    int32_t key             # a root action's node key
    double p                # its prior (the priors of the root's actions sum to 1)


cdef int _by_key(const void* a, const void* b) noexcept nogil:
    cdef int32_t x = (<const RootPrior*>a).key, y = (<const RootPrior*>b).key
    return (x > y) - (x < y)


cdef int _int_order(const void* a, const void* b) noexcept nogil:
    cdef int x = (<const int*>a)[0], y = (<const int*>b)[0]
    return (x > y) - (x < y)


DEFAULT_C_UCT = 0.7             # UCB1's exploration constant unless a search is given one
DEFAULT_MAX_NODES = 4_000_000   # 32 bytes a node: a tree of at most 128 MB
TREE_SEATS = ("observer", "all")    # whose decisions of the current turn the tree holds
NORMALIZE = ("none", "minmax")      # how UCB1 reads the children's mean values (Search normalize)
PRIOR = ("none", "heuristic", "learned")   # the root actions' prior (Search prior)
DEFAULT_C_PUCT = 2.0                # PUCT's exploration constant at the root (with a prior)
DEFAULT_PRIOR_TEMP = 0.25           # the prior's softmax temperature on 0..1-normalised values
PRIOR_SAMPLES = 4                   # determinizations the prior's one-ply values average over

cdef enum:
    KEY_SEAT_SHIFT = 24
    KEY_ACTION_MASK = (1 << KEY_SEAT_SHIFT) - 1

assert N_ACTIONS <= KEY_ACTION_MASK, "action numbers no longer fit a node key"


cdef class Search:
    """A search from one root position for the seat to move (the observer), at any table. Run
    it in chunks (run(n)) so the caller can watch the clock, show progress or stop it; read the
    result from children(), best_action() and principal_line() / principal_path().
    tree_seats="all" grows the tree over every seat's decisions of the turn (max^n: a node's
    value is for the seat that chose it, child_seat); "observer" (the default) over the
    observer's only. evaluation names how a position is valued at the end of a simulation and in
    the heuristic's rollout choices: "hand" (the default, EVAL_WEIGHTS) or "learned" (the fitted
    model, set_eval_model); weights (a mapping name -> number) overrides some of EVAL_WEIGHTS for
    this search alone (the learned model's hand_gap input reads them too).

    normalize="minmax" rescales, at each node, the mean values of the children the seat to move
    may choose (all the chooser's own values, also in max^n) to 0..1 by their minimum and maximum
    before UCB1 adds c_uct * sqrt(ln avail / visits), so exploration is weighed against the spread
    of values at that node, not against the whole 0..1 scale; children whose means are all equal
    (within 1e-12) all read 0, and exploration alone decides. "none" (the default) reads the means
    as they are.

    tree_turns (default 1) is how far the tree reaches: 1, the decisions of the root turn; N > 1,
    also those of every later turn up to the end of the observer's (N-1)-th own turn after the
    root turn (the other seats' turns in between are played by their heuristic, or grown in the
    tree too with tree_seats="all"). The rollout then plays on for rollout_turns more turns,
    counted from the last turn the tree covers (tree_last_turn), so every simulation is scored
    at the end of turn tree_last_turn + rollout_turns.

    The tree holds at most max_nodes nodes. At the cap, simulations go on without adding nodes
    (they refine the values and visits of the tree it has) and at_cap turns True. A Search
    belongs to one thread at a time: while run() works (without the GIL) every other method
    raises WyrmError.

    prior="heuristic" gives each root action a prior: the heuristic's one-ply value of it for the
    observer (choice_value, averaged over PRIOR_SAMPLES determinizations), rescaled to 0..1
    across the root's actions, softmax at temperature prior_temp. The root then expands its
    untried actions best prior first, and chooses among its children by PUCT, q + c_puct * P *
    sqrt(N) / (1 + n) (q read as normalize says, N the root's visits, n the child's), so the
    visits gather on the actions the heuristic ranks high unless their values say otherwise.
    Below the root the tree is as without it. prior="learned" gives the root actions the learned
    policy's prior instead (policy.pxi: the softmax of the mover's faction's weights . each
    action's policy features, over the same determinizations; prior_temp does not apply: the
    model's logits are fitted at temperature 1), and the root chooses by PUCT as above; it needs
    a policy model (set_policy_model). "none" (the default): UCB1 everywhere."""
    cdef GameState root
    cdef int observer
    cdef bint all_seats         # tree_seats "all": the tree holds every seat's decisions
    cdef Evaluation ev          # the evaluation: its kind and weights, this search's own
    cdef int root_turn
    cdef int tree_last          # the last turn the tree covers (tree_turns)
    cdef bint minmax            # normalize "minmax"
    cdef RootPrior* priors      # prior "heuristic" or "learned": the root actions' priors, by key; else NULL
    cdef int n_priors
    cdef int* allowed           # decree_plan: the root actions the Decree planner keeps, sorted; else NULL
    cdef int n_allowed
    cdef Node* nodes
    cdef int n_nodes
    cdef int cap_nodes          # nodes allocated
    cdef int max_nodes_         # nodes allowed
    cdef bint capped
    cdef int status
    cdef uint64_t rng
    cdef readonly double c_uct
    cdef readonly double c_puct
    cdef readonly double prior_temp
    cdef str prior_kind         # prior: "none", "heuristic" or "learned"
    cdef readonly int rollout_turns
    cdef readonly int tree_turns
    cdef readonly int rollout_candidates
    cdef readonly int max_rollout_decisions
    cdef readonly int decree_plan
    cdef readonly long long simulations

    def __cinit__(self):
        self.nodes = NULL
        self.priors = NULL
        self.allowed = NULL
        self.status = OBJ_NEW

    def __init__(self, State state not None, unsigned long long seed=0, double c_uct=DEFAULT_C_UCT,
                 int rollout_turns=1, int rollout_candidates=12, int max_rollout_decisions=200,
                 int max_nodes=DEFAULT_MAX_NODES, str tree_seats="observer", str evaluation="hand",
                 weights=None, str normalize="none", int tree_turns=1, str prior="none",
                 double c_puct=DEFAULT_C_PUCT, double prior_temp=DEFAULT_PRIOR_TEMP,
                 int decree_plan=0):
        if self.status == OBJ_BUSY:
            raise _unusable(self.status, "Search")
        cdef GameState* s = _state_of(state)
        cdef int p = current_player(s)
        if p < 0:
            raise IllegalActionError("search needs a seat to move (not chance, not a finished game)")
        if tree_seats not in TREE_SEATS:
            raise ConfigError(f"tree_seats must be one of {', '.join(TREE_SEATS)}, not {tree_seats!r}")
        if normalize not in NORMALIZE:
            raise ConfigError(f"normalize must be one of {', '.join(NORMALIZE)}, not {normalize!r}")
        if prior not in PRIOR:
            raise ConfigError(f"prior must be one of {', '.join(PRIOR)}, not {prior!r}")
        if prior == "learned":
            require_policy_model()
        for name, x in (("c_uct", c_uct), ("c_puct", c_puct)):
            if not (x >= 0.0 and x < 1e6):
                raise ConfigError(f"{name} must be a number in 0..1e6, not {x}")
        if not (prior_temp >= 0.01 and prior_temp <= 100.0):
            raise ConfigError(f"prior_temp must be a number in 0.01..100, not {prior_temp}")
        cdef Evaluation ev
        read_evaluation(&ev, evaluation, weights)
        for name, value, lo in (("rollout_turns", rollout_turns, 0),
                                ("rollout_candidates", rollout_candidates, 0),
                                ("max_rollout_decisions", max_rollout_decisions, 0),
                                ("max_nodes", max_nodes, 1), ("tree_turns", tree_turns, 1)):
            if value < lo:
                raise ConfigError(f"{name} must be >= {lo}, not {value}")
        cdef int cap = min(1024, max_nodes)
        cdef Node* fresh = <Node*>malloc(cap * sizeof(Node))
        if fresh == NULL:
            raise MemoryError()
        free(self.nodes)              # a second __init__ starts a new tree
        self.nodes = fresh
        self.cap_nodes = cap
        self.max_nodes_ = max_nodes
        self.capped = False
        copy_state(&self.root, s)
        self.observer = p
        self.all_seats = tree_seats == "all"
        self.ev = ev
        self.root_turn = s.turn_number
        self.tree_last = tree_last_turn(s, p, tree_turns)
        self.minmax = normalize == "minmax"
        self.tree_turns = tree_turns
        self.rng = seed * 0x9E3779B97F4A7C15ULL + 12345
        self.c_uct = c_uct
        self.c_puct = c_puct
        self.prior_temp = prior_temp
        self.prior_kind = prior
        free(self.priors)
        self.priors = NULL
        self.n_priors = 0
        if prior != "none" and self.set_priors(prior == "learned") < 0:
            raise MemoryError()
        if decree_plan < 0:
            raise ConfigError(f"decree_plan must be a round number >= 0 (0: off), not {decree_plan}")
        self.decree_plan = decree_plan
        free(self.allowed)
        self.allowed = NULL
        self.n_allowed = 0
        if decree_plan and round_of(s) <= decree_plan and self.set_allowed() < 0:
            raise MemoryError()
        self.rollout_turns = rollout_turns
        self.rollout_candidates = rollout_candidates
        self.max_rollout_decisions = max_rollout_decisions
        self.simulations = 0
        self.n_nodes = 1
        self.nodes[0] = Node(-1, -1, -1, -1, 0, 0, 0.0)
        self.status = OBJ_READY

    def __dealloc__(self):
        free(self.nodes)
        free(self.priors)
        free(self.allowed)

    cdef int set_allowed(self) noexcept:
        """decree_plan (through that round): where the Eyrie adds to its Decree or acts in its Daylight, the root
        actions after which its Decree can still be carried out this turn (decree_guard), when
        that leaves some out; -1 when memory runs out."""
        cdef int buf[MAX_LEGAL]
        cdef int n, m
        if not decree_planned_step(&self.root, self.observer):
            return 0
        n = gen_legal_unsorted(&self.root, buf)
        m = decree_guard(&self.root, buf, n)
        if m == n:
            return 0
        self.allowed = <int*>malloc(m * sizeof(int))
        if self.allowed == NULL:
            return -1
        memcpy(self.allowed, buf, m * sizeof(int))
        qsort(self.allowed, m, sizeof(int), _int_order)
        self.n_allowed = m
        return 0

    cdef inline bint root_allows(self, int a) noexcept nogil:
        """Whether the root may choose a (decree_plan's binary search; all when it kept all)."""
        cdef int lo = 0, hi = self.n_allowed - 1, mid
        if self.allowed == NULL:
            return True
        while lo <= hi:
            mid = (lo + hi) >> 1
            if self.allowed[mid] == a:
                return True
            if self.allowed[mid] < a:
                lo = mid + 1
            else:
                hi = mid - 1
        return False

    cdef int set_priors(self, bint learned) noexcept:
        """The root actions' priors (prior "heuristic", or learned: the policy model's softmax),
        sorted by key; -1 when memory runs out."""
        cdef int buf[MAX_LEGAL]
        cdef double logit[MAX_LEGAL]
        cdef GameState t
        cdef int n = gen_legal_unsorted(&self.root, buf)
        cdef int i, k
        cdef double lo = 1e300, hi = -1e300, total = 0.0, z
        cdef RootPrior* pr = <RootPrior*>malloc(max(n, 1) * sizeof(RootPrior))
        if pr == NULL:
            return -1
        for i in range(n):
            pr[i].key = buf[i] | (self.observer << KEY_SEAT_SHIFT)
            pr[i].p = 0.0
        if learned:
            if policy_logits(&self.root, self.observer, buf, n, &self.rng, PRIOR_SAMPLES, &self.ev,
                             logit) < 0:
                free(pr)
                return -1
        else:                           # the heuristic's values rescaled to 0..1, at prior_temp
            for k in range(PRIOR_SAMPLES):
                copy_state(&t, &self.root)
                determinize(&t, self.observer, &self.rng)
                for i in range(n):
                    pr[i].p += choice_value(&t, buf[i], self.observer, &self.rng, 1, &self.ev)
            for i in range(n):
                lo = min(lo, pr[i].p)
                hi = max(hi, pr[i].p)
            for i in range(n):
                z = (pr[i].p - lo) / (hi - lo) if hi - lo > 1e-12 else 1.0
                logit[i] = (z - 1.0) / self.prior_temp
        hi = -1e300                     # the softmax of the logits
        for i in range(n):
            hi = max(hi, logit[i])
        for i in range(n):
            pr[i].p = exp(logit[i] - hi)
            total += pr[i].p
        for i in range(n):
            pr[i].p /= total
        qsort(pr, n, sizeof(RootPrior), _by_key)
        self.priors = pr
        self.n_priors = n
        return 0

    cdef inline double prior_of(self, int key) noexcept nogil:
        """A root action's prior (binary search by key); 0 for a key the root did not have."""
        cdef int lo = 0, hi = self.n_priors - 1, mid
        while lo <= hi:
            mid = (lo + hi) >> 1
            if self.priors[mid].key == key:
                return self.priors[mid].p
            if self.priors[mid].key < key:
                lo = mid + 1
            else:
                hi = mid - 1
        return 0.0

    cdef inline int ready(self) except -1:
        if self.status != OBJ_READY:
            raise _unusable(self.status, "Search")
        return 0

    cdef int new_node(self, int parent, int key) noexcept nogil:
        """A new child of parent for a key (action and chooser; the caller keeps n_nodes below
        max_nodes); -1 when memory runs out."""
        cdef Node* grown
        cdef int grow
        if self.n_nodes == self.cap_nodes:
            grow = self.max_nodes_ if self.cap_nodes > self.max_nodes_ // 2 else 2 * self.cap_nodes
            grown = <Node*>realloc(self.nodes, grow * sizeof(Node))
            if grown == NULL:
                return -1
            self.nodes = grown
            self.cap_nodes = grow
        cdef int i = self.n_nodes
        self.n_nodes += 1
        self.nodes[i] = Node(key, parent, -1, self.nodes[parent].first_child, 0, 0, 0.0)
        self.nodes[parent].first_child = i
        return i

    cdef void rollout(self, GameState* s) noexcept nogil:
        """Heuristic play for every seat until the end of the turn rollout_turns after the last
        turn the tree covers."""
        cdef int limit = self.tree_last + self.rollout_turns
        cdef int d = 0, a
        while s.step != S_TERMINAL and s.turn_number <= limit and d < self.max_rollout_decisions:
            if current_player(s) == PLAYER_CHANCE:
                apply_action(s, sample_chance(s, &self.rng))
            else:
                a = heuristic_action(s, &self.rng, self.rollout_candidates, 1, &self.ev)
                if a < 0:
                    break
                apply_action(s, a)
                d += 1

    cdef int simulate(self) noexcept nogil:
        cdef GameState s
        cdef int buf[MAX_LEGAL]
        cdef int kids[MAX_LEGAL]
        cdef int node = 0, n, i, j, ch, best, p, untried, pick, tag, m
        cdef double ucb, best_ucb, lg, q, lo, hi, spread, sq
        cdef bint puct
        cdef double value
        cdef double values[MAX_SEATS]
        copy_state(&s, &self.root)
        determinize(&s, self.observer, &self.rng)
        while s.step != S_TERMINAL and s.turn_number <= self.tree_last:
            p = current_player(&s)
            if p == PLAYER_CHANCE:
                apply_action(&s, sample_chance(&s, &self.rng))
                continue
            if p != self.observer and not self.all_seats:
                pick = heuristic_action(&s, &self.rng, self.rollout_candidates, 1, &self.ev)
                if pick < 0:
                    break
                apply_action(&s, pick)
                continue
            n = gen_legal_unsorted(&s, buf)
            if node == 0 and self.allowed != NULL:     # decree_plan: the root's kept actions
                m = 0
                for i in range(n):
                    if self.root_allows(buf[i]):
                        buf[m] = buf[i]
                        m += 1
                n = m
            if n == 0:                    # never in a sound game: score the position as it is
                break
            if n == 1 and node != 0:      # forced moves below the root take no node; the
                apply_action(&s, buf[0])  # root's children are always actions legal at the root
                continue
            # the keys of p's actions; availability, and which have no child yet
            tag = p << KEY_SEAT_SHIFT
            untried = 0
            for i in range(n):
                buf[i] |= tag
                ch = self.nodes[node].first_child
                while ch >= 0 and self.nodes[ch].key != buf[i]:
                    ch = self.nodes[ch].next_sibling
                if ch >= 0:
                    self.nodes[ch].avail += 1
                else:
                    buf[untried], buf[i] = buf[i], buf[untried]
                    untried += 1
            if untried > 0 and self.n_nodes < self.max_nodes_:
                if node == 0 and self.priors != NULL:   # the best prior first
                    pick = buf[0]
                    best_ucb = self.prior_of(pick)
                    for i in range(1, untried):
                        q = self.prior_of(buf[i])
                        if q > best_ucb:
                            best_ucb = q
                            pick = buf[i]
                else:
                    pick = buf[rng_below(&self.rng, untried)]
                ch = self.new_node(node, pick)
                if ch < 0:
                    return -1
                self.nodes[ch].avail = 1
                apply_action(&s, pick & KEY_ACTION_MASK)
                node = ch
                break
            if untried > 0:
                self.capped = True        # at the cap: choose among the children the node has
            # the children p may choose here (in sibling order), and the spread of their means
            m = 0
            lo = 1e300
            hi = -1e300
            ch = self.nodes[node].first_child
            while ch >= 0:
                for j in range(n):
                    if buf[j] == self.nodes[ch].key:
                        kids[m] = ch
                        m += 1
                        if self.minmax:
                            q = self.nodes[ch].value / self.nodes[ch].visits
                            lo = min(lo, q)
                            hi = max(hi, q)
                        break
                ch = self.nodes[ch].next_sibling
            spread = 1.0 / (hi - lo) if self.minmax and hi - lo > 1e-12 else 0.0
            best = -1
            best_ucb = -1e300
            puct = node == 0 and self.priors != NULL
            sq = sqrt(<double>max(self.nodes[node].visits, 1)) if puct else 0.0
            for i in range(m):
                ch = kids[i]
                q = self.nodes[ch].value / self.nodes[ch].visits
                if self.minmax:
                    q = (q - lo) * spread
                if puct:
                    ucb = q + self.c_puct * self.prior_of(self.nodes[ch].key) * sq / (1 + self.nodes[ch].visits)
                else:
                    lg = log(<double>self.nodes[ch].avail)
                    ucb = q + self.c_uct * sqrt(lg / self.nodes[ch].visits)
                if ucb > best_ucb:
                    best_ucb = ucb
                    best = ch
            if best < 0:                  # (at the cap) no child here: roll out from this node
                apply_action(&s, buf[rng_below(&self.rng, untried)] & KEY_ACTION_MASK)
                break
            apply_action(&s, self.nodes[best].key & KEY_ACTION_MASK)
            node = best
        self.rollout(&s)
        if not self.all_seats:            # every node is the observer's: one value for all
            value = evaluate(&s, self.observer, &self.ev)
            while node >= 0:
                self.nodes[node].visits += 1
                self.nodes[node].value += value
                node = self.nodes[node].parent
            return 0
        evaluate_all(&s, values, &self.ev)  # max^n: a node gets the value of the seat that chose it
        while node > 0:
            self.nodes[node].visits += 1
            self.nodes[node].value += values[self.nodes[node].key >> KEY_SEAT_SHIFT]
            node = self.nodes[node].parent
        self.nodes[0].visits += 1
        self.nodes[0].value += values[self.observer]
        return 0

    def run(self, int simulations):
        """Run more simulations (without the GIL); returns the total so far."""
        self.ready()
        if simulations < 0:
            raise ConfigError(f"simulations must be >= 0, not {simulations}")
        cdef int i, r = 0, done = 0
        self.status = OBJ_BUSY
        with nogil:
            for i in range(simulations):
                r = self.simulate()
                if r < 0:
                    break
                done += 1
        self.status = OBJ_READY
        self.simulations += done
        if r < 0:
            raise MemoryError("search tree")
        return self.simulations

    @property
    def observer(self):
        self.ready()
        return self.observer

    @property
    def tree_seats(self):
        """Whose decisions of the current turn the tree holds: "observer" or "all"."""
        self.ready()
        return TREE_SEATS[1 if self.all_seats else 0]

    @property
    def normalize(self):
        """How UCB1 reads the children's mean values: "none" or "minmax"."""
        self.ready()
        return NORMALIZE[1 if self.minmax else 0]

    @property
    def prior(self):
        """The root actions' prior: "none", "heuristic" or "learned"."""
        self.ready()
        return self.prior_kind

    def root_priors(self):
        """{action: prior} of the root's actions ({} without a prior)."""
        self.ready()
        return {self.priors[i].key & KEY_ACTION_MASK: self.priors[i].p for i in range(self.n_priors)}

    @property
    def tree_last_turn(self):
        """The last turn (a turn_number) whose decisions the tree holds (tree_turns)."""
        self.ready()
        return self.tree_last

    @property
    def evaluation(self):
        """The evaluation the search uses: "hand" or "learned"."""
        self.ready()
        return EVALUATIONS[self.ev.kind]

    @property
    def weights(self):
        """The hand weights the search uses: {name: value} in EVAL_WEIGHTS' order."""
        self.ready()
        return {k: self.ev.w[i] for i, k in enumerate(_EVAL_KEYS)}

    @property
    def max_nodes(self):
        """The node cap of the tree."""
        self.ready()
        return self.max_nodes_

    @property
    def at_cap(self):
        """True once a simulation wanted a new node but the tree was at max_nodes."""
        self.ready()
        return bool(self.capped)

    def children(self, int node=0):
        """[(action, visits, mean value, node id)] of a node's children, most visited first. A
        child's mean value is for the seat that chose it (child_seat)."""
        self.ready()
        if not 0 <= node < self.n_nodes:
            raise ConfigError(f"no node {node}: the tree has nodes 0..{self.n_nodes - 1}")
        out = []
        cdef int ch = self.nodes[node].first_child
        while ch >= 0:
            v = self.nodes[ch].visits
            out.append((self.nodes[ch].key & KEY_ACTION_MASK, v,
                        self.nodes[ch].value / v if v else 0.0, ch))
            ch = self.nodes[ch].next_sibling
        out.sort(key=lambda x: (-x[1], -x[2], x[0]))
        return out

    def child_seat(self, int node):
        """The seat whose decision node is (the seat to move where its action was chosen)."""
        self.ready()
        if not 0 < node < self.n_nodes:
            raise ConfigError(f"no child node {node}: the tree has child nodes 1..{self.n_nodes - 1}")
        return self.nodes[node].key >> KEY_SEAT_SHIFT

    def best_action(self):
        """The most visited root action (the first legal one before any simulation): always an
        action legal at the root."""
        kids = self.children(0)
        if kids:
            return kids[0][0]
        cdef int buf[MAX_LEGAL]
        cdef GameState s
        copy_state(&s, &self.root)
        gen_legal(&s, buf)
        return buf[0]

    def principal_line(self, int max_len=20):
        """Actions along the most visited path of the tree."""
        return [a for a, _ in self.principal_path(max_len)]

    def principal_path(self, int max_len=20):
        """[(action, seat that chose it)] along the most visited path of the tree."""
        self.ready()
        if max_len < 0:
            raise ConfigError(f"max_len must be >= 0, not {max_len}")
        line = []
        node = 0
        while len(line) < max_len:
            kids = self.children(node)
            if not kids or kids[0][1] == 0:
                break
            node = kids[0][3]
            line.append((kids[0][0], self.nodes[node].key >> KEY_SEAT_SHIFT))
        return line

    @property
    def tree_size(self):
        self.ready()
        return self.n_nodes


cdef int tree_last_turn(GameState* s, int observer, long long tree_turns) noexcept:
    """The turn_number of the last turn a tree of tree_turns reaches from s: s's own turn for 1,
    else the observer's (tree_turns - 1)-th own turn after s's turn (seats take turns in seat
    order, so the observer's next turn is (observer - s.turn) mod nseats turns on, or nseats when
    s's turn is its own)."""
    if tree_turns <= 1:
        return s.turn_number
    cdef long long ahead = (observer - s.turn + s.nseats) % s.nseats
    if ahead == 0:
        ahead = s.nseats
    return <int>min(s.turn_number + ahead + min(tree_turns - 2, 100000) * s.nseats, 30000)


def evaluate_state(State state, seat, str evaluation="hand", weights=None):
    """The evaluation ("hand" or "learned", weights overriding some of EVAL_WEIGHTS) of a state
    for seat, in [0, 1]."""
    cdef Evaluation ev
    _check_seat(_state_of(state), seat, "seat")
    read_evaluation(&ev, evaluation, weights)
    return evaluate(_state_of(state), seat, &ev)


def evaluations(State state, str evaluation="hand", weights=None):
    """Every seat's evaluation ("hand" or "learned", weights overriding some of EVAL_WEIGHTS) of a
    state, in seat order, each in [0, 1] (1 for the winner and 0 for the others once the game is
    over)."""
    cdef GameState* s = _state_of(state)
    cdef double out[MAX_SEATS]
    cdef Evaluation ev
    read_evaluation(&ev, evaluation, weights)
    evaluate_all(s, out, &ev)
    return [out[i] for i in range(s.nseats)]


def seat_worth_of(State state, seat, weights=None):
    """One seat's worth (rough VP) by EVAL_WEIGHTS with the overrides of weights."""
    _check_seat(_state_of(state), seat, "seat")
    cdef Evaluation ev
    read_evaluation(&ev, "hand", weights)
    cdef int8_t rulers[NCL]
    rule_table(_state_of(state), rulers)
    return seat_worth(_state_of(state), seat, rulers, ev.w)


def heuristic_choice(State state, unsigned long long seed=0, int max_candidates=0, int samples=4,
                     str evaluation="hand", weights=None):
    """The greedy one-ply heuristic's action for the seat to move (all legal actions weighed
    unless max_candidates > 0), by the evaluation "hand" or "learned" (weights overriding some of
    EVAL_WEIGHTS). With the Alliance at the table the seat weighs its actions in a
    sample of what it cannot see: the evaluation reads the Supporters stack (the Revolts it could
    pay for), hidden from every seat but the Alliance (LoR 8.2.3), and a look ahead through
    Outrage reads the payer's hand (LoR 8.2.6); so does a seat at a table where a Vagabond looked
    at a ruin's items it did not see (two Vagabonds, LoR 9.7.3): a look ahead through Explore
    would read them."""
    cdef GameState* s = _state_of(state)
    cdef GameState sample
    cdef uint64_t rng = seed * 0x9E3779B97F4A7C15ULL + 7
    if max_candidates < 0 or samples < 1:
        raise ConfigError(f"max_candidates must be >= 0 and samples >= 1, not {max_candidates}, {samples}")
    cdef Evaluation ev
    read_evaluation(&ev, evaluation, weights)
    if current_player(s) < 0:
        raise IllegalActionError("the heuristic chooses for a seat, not chance")
    if alliance_seat(s) >= 0 or sees_ruins_unseen(s, current_player(s)):
        copy_state(&sample, s)
        determinize(&sample, current_player(s), &rng)
        s = &sample
    cdef int a = heuristic_action(s, &rng, max_candidates, samples, &ev)
    if a < 0:
        raise IllegalActionError(f"no legal action at step {STEP_NAMES[s.step]}")
    return a


def determinized(State state, observer, unsigned long long seed=0):
    """A copy of state with every card observer cannot see redealt (for tests and tools)."""
    _check_seat(_state_of(state), observer, "observer")
    _state_of(state)
    cdef State o = state.clone()
    cdef uint64_t rng = seed
    determinize(&o.s, observer, &rng)
    return o
