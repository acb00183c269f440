# The planner: single-observer information-set MCTS (Cowling, Powley & Whitehouse 2012).
# Each simulation determinizes the root (determinize.pxi), walks the tree over the observer's
# decisions of the current turn (chance sampled, the other seat's mid-turn decisions played by
# its heuristic), expands one node, plays a depth-limited heuristic rollout and backs the
# evaluation up. Children are chosen by UCB1 with availability counts.
from libc.stdlib cimport malloc, realloc, free
from libc.math cimport sqrt, log

cdef struct Node:
    int32_t action
    int32_t parent
    int32_t first_child
    int32_t next_sibling
    int32_t visits
    int32_t avail
    double value


cdef class Search:
    """A search from one root position for the seat to move. Run it in chunks (run(n)) so the
    caller can watch the clock, show progress or stop it; read the result from report()."""
    cdef GameState root
    cdef int observer
    cdef int root_turn
    cdef Node* nodes
    cdef int n_nodes
    cdef int cap_nodes
    cdef uint64_t rng
    cdef public double c_uct
    cdef public int rollout_turns
    cdef public int rollout_candidates
    cdef public int max_rollout_decisions
    cdef public long simulations

    def __cinit__(self):
        self.nodes = NULL

    def __init__(self, State state, unsigned long long seed=0, double c_uct=0.7,
                 int rollout_turns=1, int rollout_candidates=12, int max_rollout_decisions=200):
        cdef int p = current_player(&state.s)
        if p < 0:
            raise IllegalActionError("search needs a seat to move (not chance, not a finished game)")
        self.root = state.s
        self.observer = p
        self.root_turn = state.s.turn_number
        self.rng = seed * 0x9E3779B97F4A7C15ULL + 12345
        self.c_uct = c_uct
        self.rollout_turns = rollout_turns
        self.rollout_candidates = rollout_candidates
        self.max_rollout_decisions = max_rollout_decisions
        self.simulations = 0
        self.cap_nodes = 1024
        self.nodes = <Node*>malloc(self.cap_nodes * sizeof(Node))
        if self.nodes == NULL:
            raise MemoryError()
        self.n_nodes = 1
        self.nodes[0] = Node(-1, -1, -1, -1, 0, 0, 0.0)

    def __dealloc__(self):
        free(self.nodes)

    cdef int new_node(self, int parent, int action) noexcept nogil:
        cdef Node* grown
        if self.n_nodes == self.cap_nodes:
            grown = <Node*>realloc(self.nodes, 2 * self.cap_nodes * sizeof(Node))
            if grown == NULL:
                return -1
            self.nodes = grown
            self.cap_nodes *= 2
        cdef int i = self.n_nodes
        self.n_nodes += 1
        self.nodes[i] = Node(action, parent, -1, self.nodes[parent].first_child, 0, 0, 0.0)
        self.nodes[parent].first_child = i
        return i

    cdef double rollout(self, GameState* s) noexcept nogil:
        """Heuristic play for both seats until the end of the turn rollout_turns after this one."""
        cdef int limit = self.root_turn + self.rollout_turns
        cdef int d = 0
        while s.step != S_TERMINAL and s.turn_number <= limit and d < self.max_rollout_decisions:
            if current_player(s) == PLAYER_CHANCE:
                apply_action(s, sample_chance(s, &self.rng))
            else:
                apply_action(s, heuristic_action(s, &self.rng, self.rollout_candidates, 1))
                d += 1
        return evaluate(s, self.observer)

    cdef int simulate(self) noexcept nogil:
        cdef GameState s = self.root
        cdef int buf[MAX_LEGAL]
        cdef int node = 0, n, i, j, ch, best, p, untried, pick
        cdef double ucb, best_ucb, lg
        cdef double value
        determinize(&s, self.observer, &self.rng)
        while s.step != S_TERMINAL and s.turn_number == self.root_turn:
            p = current_player(&s)
            if p == PLAYER_CHANCE:
                apply_action(&s, sample_chance(&s, &self.rng))
                continue
            if p != self.observer:
                apply_action(&s, heuristic_action(&s, &self.rng, self.rollout_candidates, 1))
                continue
            n = gen_legal_unsorted(&s, buf)
            if n == 1:
                apply_action(&s, buf[0])
                continue
            # availability, and which legal actions have no child yet
            untried = 0
            for i in range(n):
                ch = self.nodes[node].first_child
                while ch >= 0 and self.nodes[ch].action != buf[i]:
                    ch = self.nodes[ch].next_sibling
                if ch >= 0:
                    self.nodes[ch].avail += 1
                else:
                    buf[untried], buf[i] = buf[i], buf[untried]
                    untried += 1
            if untried > 0:
                pick = buf[rng_below(&self.rng, untried)]
                ch = self.new_node(node, pick)
                if ch < 0:
                    return -1
                self.nodes[ch].avail = 1
                apply_action(&s, pick)
                node = ch
                break
            best = -1
            best_ucb = -1e300
            ch = self.nodes[node].first_child
            while ch >= 0:
                for j in range(n):
                    if buf[j] == self.nodes[ch].action:
                        lg = log(<double>self.nodes[ch].avail)
                        ucb = (self.nodes[ch].value / self.nodes[ch].visits
                               + self.c_uct * sqrt(lg / self.nodes[ch].visits))
                        if ucb > best_ucb:
                            best_ucb = ucb
                            best = ch
                        break
                ch = self.nodes[ch].next_sibling
            apply_action(&s, self.nodes[best].action)
            node = best
        value = self.rollout(&s)
        while node >= 0:
            self.nodes[node].visits += 1
            self.nodes[node].value += value
            node = self.nodes[node].parent
        return 0

    def run(self, int simulations):
        """Run more simulations; returns the total so far."""
        cdef int i, r = 0
        with nogil:
            for i in range(simulations):
                r = self.simulate()
                if r < 0:
                    break
        if r < 0:
            raise MemoryError("search tree")
        self.simulations += simulations
        return self.simulations

    @property
    def observer(self):
        return self.observer

    def children(self, int node=0):
        """[(action, visits, mean value, node id)] of a node's children, most visited first."""
        out = []
        cdef int ch = self.nodes[node].first_child
        while ch >= 0:
            v = self.nodes[ch].visits
            out.append((self.nodes[ch].action, v, self.nodes[ch].value / v if v else 0.0, ch))
            ch = self.nodes[ch].next_sibling
        out.sort(key=lambda x: (-x[1], -x[2], x[0]))
        return out

    def best_action(self):
        """The most visited root action (the only legal one when there is no choice)."""
        kids = self.children(0)
        if kids:
            return kids[0][0]
        cdef int buf[MAX_LEGAL]
        cdef GameState s = self.root
        gen_legal(&s, buf)
        return buf[0]

    def principal_line(self, int max_len=20):
        """Actions along the most visited path of the tree."""
        line = []
        node = 0
        while len(line) < max_len:
            kids = self.children(node)
            if not kids or kids[0][1] == 0:
                break
            line.append(kids[0][0])
            node = kids[0][3]
        return line

    @property
    def tree_size(self):
        return self.n_nodes


def evaluate_state(State state, int seat):
    """The evaluation of a state for seat, in [0, 1]."""
    return evaluate(&state.s, seat)


def seat_worth_of(State state, int seat):
    return seat_worth(&state.s, seat)


def heuristic_choice(State state, unsigned long long seed=0, int max_candidates=0, int samples=4):
    """The greedy one-ply heuristic's action for the seat to move (all legal actions weighed
    unless max_candidates > 0)."""
    cdef uint64_t rng = seed * 0x9E3779B97F4A7C15ULL + 7
    if current_player(&state.s) < 0:
        raise IllegalActionError("the heuristic chooses for a seat, not chance")
    return heuristic_action(&state.s, &rng, max_candidates, samples)


def determinized(State state, int observer, unsigned long long seed=0):
    """A copy of state with every card observer cannot see redealt (for tests and tools)."""
    cdef State o = state.clone()
    cdef uint64_t rng = seed
    determinize(&o.s, observer, &rng)
    return o
