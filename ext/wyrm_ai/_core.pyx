# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""The Cython rules core of wyrm-ai: one fixed-layout C struct per game, a move generator and rule
application in C, random playouts. Python sees it through the State class below; wyrm_ai.game
wraps it with notation, records and saves."""

import math

import numpy as np
cimport numpy as cnp
cnp.import_array()

include "state.pxi"
include "events.pxi"
include "maps.pxi"
include "board.pxi"
include "cards.pxi"
include "factions.pxi"
include "actions.pxi"
include "rules.pxi"
include "battle.pxi"
include "marquise.pxi"
include "wyrm.pxi"
include "eyrie.pxi"
include "alliance.pxi"
include "vagabond.pxi"
include "characters.pxi"
include "mechanical.pxi"
include "lizards.pxi"
include "riverfolk.pxi"
include "duchy.pxi"
include "corvids.pxi"
include "hundreds.pxi"
include "keepers.pxi"
include "hirelings.pxi"
include "draft.pxi"
include "turn.pxi"
include "decree_plan.pxi"
include "card_effects.pxi"
include "ep_cards.pxi"
include "dominance.pxi"
include "playout.pxi"
include "heuristics.pxi"
include "determinize.pxi"
include "mcts.pxi"
include "policy.pxi"
include "serialize.pxi"

CHANCE = PLAYER_CHANCE
TERMINAL = PLAYER_TERMINAL
NUM_ACTIONS = N_ACTIONS
NUM_CLEARINGS = NCL
NUM_CARD_TYPES = NCT
MAX_NUM_SEATS = MAX_SEATS
NUM_SIDES = NSIDE                   # sides of a battle or a removal: the seats, then the hirelings
HIRELING_SIDE = HSIDE               # hireling i's side is HIRELING_SIDE + i (hirelings.pxi)
NUM_RELICS = NRELIC                 # the Keepers' relics (keepers.pxi: relic i's type is i // 4)
NUM_RETINUE = NRETINUE              # Retinue slots
RETAINER_CARD = RETAINER            # a Retinue slot's Faithful Retainer (not a card type)
RELIC_AT_RECOVERED = RELIC_RECOVERED   # relic_at: on the Relics track
RELIC_AT_TROPHY = RELIC_TROPHY      # relic_at: removed, + the remover's seat, waiting for its forest
FACTION_NAMES = ("marquise", "eyrie", "alliance", "vagabond", "wyrm", "mechanical-marquise", "vagabond2",
                 "lizards", "riverfolk", "duchy", "corvids", "hundreds", "keepers")   # faction ids 0..12
PLAYABLE_FACTIONS = (F_MARQUISE, F_EYRIE, F_ALLIANCE, F_VAGABOND, F_WYRM, F_MECHANICAL, F_VAGABOND2, F_LIZARDS,
                     F_RIVERFOLK, F_DUCHY, F_CORVIDS, F_HUNDREDS, F_KEEPERS)
TWIN_FACTIONS = {FACTION_NAMES[t]: FACTION_NAMES[f] for t, f in TWIN_OF.items()}   # the second Vagabond plays the Vagabond's rules  # factions whose rules the core holds
BOT_FACTIONS = (F_MECHANICAL,)     # factions the rules play by themselves: they never decide
STEP_NAMES = ("deal", "marquise_keep", "marquise_setup_build", "wyrm_setup", "marquise_wood",
              "marquise_daylight", "marquise_march", "marquise_pay_wood", "marquise_recruit",
              "evening_draw", "discard", "wyrm_intimidate", "wyrm_return_growth", "wyrm_emerge",
              "wyrm_daylight", "wyrm_terrorize", "wyrm_hoard", "battle_ambush", "battle_foil",
              "battle_roll", "battle_hits", "battle_lair", "battle_forest", "field_hospitals",
              "terminal", "birdsong_cards", "steal", "card_draw", "command_warren", "cobbler",
              "battle_effects", "eyrie_setup", "eyrie_leader", "eyrie_decree", "eyrie_new_roost",
              "eyrie_daylight", "choose_player", "alliance_birdsong", "alliance_pay",
              "alliance_daylight", "alliance_evening", "outrage", "supporter_draw", "alliance_trim",
              "vagabond_character", "vagabond_setup", "quest_draw", "vagabond_refresh", "vagabond_slip",
              "vagabond_daylight", "ruin", "vagabond_take", "vagabond_steal", "vagabond_repair",
              "vagabond_damage", "vagabond_drop", "mechanical_keep", "mechanical_setup_build",
              "mechanical_order", "mechanical_daylight", "charm_offensive", "saboteurs", "informants",
              "eyrie_emigre_move", "eyrie_emigre_battle", "swap_meet_give", "league",
              "keep_three", "battle_enlist", "vagabond_order", "ruin_pick", "draft_deal", "draft_character", "draft_pick",
              "marquise_homeland", "lizards_corner", "lizards_outcast", "lizards_birdsong", "lizards_crusade",
              "lizards_daylight", "lizards_evening", "faithful", "riverfolk_setup", "riverfolk_prices",
              "riverfolk_daylight", "riverfolk_fund", "trade_disruption", "services", "service_items",
              "duchy_corner", "duchy_daylight", "duchy_reveal", "duchy_dig", "duchy_tunnel", "duchy_parliament",
              "duchy_minister", "duchy_sway", "duchy_evening", "price_of_failure", "failure_discard",
              "corvids_setup", "corvids_birdsong", "corvids_daylight", "corvids_evening", "exposure", "extortion",
              "hundreds_setup", "hundreds_birdsong", "mob_die", "raze_ruin", "hundreds_daylight",
              "hundreds_evening", "contempt", "hoard_overflow", "loot", "loot_declare", "bitter",
              "keepers_setup", "relic_setup", "keepers_birdsong", "keepers_daylight", "delve", "relic_value",
              "recover", "keepers_evening", "carry", "trophy",
              "hireling_give", "hireling_take", "control_die", "rabbit_scouts", "feline_physicians",
              "rat_smugglers", "brigand_item", "brigand_card", "hireling_move", "hireling_battle",
              "hireling_setup")
PIECE_NAMES = ("warrior", "sawmill", "workshop", "recruiter", "wood", "keep", "wyrmling", "pawn", "fear",
               "bird", "roost", "rebel", "base", "sympathy", "lizard", "garden", "otter", "trade_post",
               "mole", "citadel", "market", "tunnel", "corvid", "plot", "hundred", "stronghold", "mob",
               "keeper", "waystation", "relic", "hireling", "vault")


class WyrmError(Exception):
    """Base class of every error the engine raises on bad input."""


class IllegalActionError(WyrmError, ValueError):
    """An action that is not legal in the current state (the state is unchanged)."""


class ConfigError(WyrmError, ValueError):
    """A bad seat, seed or game option."""


cdef enum:  # life of a State or Search object
    OBJ_NEW = 0       # made by __new__ and not initialised: every method raises
    OBJ_READY = 1
    OBJ_BUSY = 2      # a method runs without the GIL on it: every other method raises


cdef object _unusable(int status, str what):
    if status == OBJ_BUSY:
        return WyrmError(f"this {what} is busy: another thread is running a method on it "
                         f"(a {what} may be used by one thread at a time)")
    return WyrmError(f"this {what} was not initialised (call {what}(...), or use clone()/from_dict())")


cdef int _check_seat(GameState* s, object seat, str what) except -1:
    if not _is_action_int(seat) or not 0 <= seat < s.nseats:
        raise ConfigError(f"{what} must be a seat 0..{s.nseats - 1}, not {seat!r}")
    return 0


cdef int _check_factions(object factions, object first, int* out) except -1:
    """Factions: 2..4 distinct faction ids in seat order; first: a seat. Fills out."""
    try:
        fs = [int(f) if _is_action_int(f) else None for f in factions]
    except TypeError:
        raise ConfigError(f"factions must be a sequence of faction ids, not {factions!r}") from None
    if not 2 <= len(fs) <= MAX_SEATS:
        raise ConfigError(f"a game seats 2 to {MAX_SEATS} factions, not {len(fs)}")
    for f in fs:
        if f == UNDRAFTED:
            continue
        if f is None or not 0 <= f < NFACTION:
            raise ConfigError(f"a faction is an id 0..{NFACTION - 1} "
                              f"({', '.join(FACTION_NAMES)}), not {factions!r}")
        if f not in PLAYABLE_FACTIONS:
            raise ConfigError(f"the {FACTION_NAMES[f]} cannot be seated yet (playable: "
                              f"{', '.join(FACTION_NAMES[p] for p in PLAYABLE_FACTIONS)})")
    named = [f for f in fs if f != UNDRAFTED]
    if len(set(named)) != len(named):
        raise ConfigError(f"each faction sits at most once, not {[FACTION_NAMES[f] for f in fs]}")
    if F_VAGABOND2 in fs and F_VAGABOND not in fs and UNDRAFTED not in fs:
        raise ConfigError("a second Vagabond needs a first at the table (LoR 9.7)")
    if not _is_action_int(first) or not 0 <= first < len(fs):
        raise ConfigError(f"first seat must be 0..{len(fs) - 1}, not {first!r}")
    for i, f in enumerate(fs):
        out[i] = f
    return len(fs)


UNDRAFTED = -1       # the faction of a player of the draft until it chooses (draft.pxi)
DRAFT_MILITANT_FACTIONS = DRAFT_TABLE["militant"]
DRAFT_INSURGENT_FACTIONS = DRAFT_TABLE["insurgent"]


cdef uint16_t _check_draft(object draft, list fs, int setup_mode) except? 65535:
    """The draft's faction cards (ids; LAW25 A.8.1) for a table whose players of the draft are
    UNDRAFTED: a mask, ConfigError naming what is wrong (LoR 16.1.8.1; docs/advanced-setup.md C4,
    C9, C15)."""
    cdef uint16_t mask = 0
    players = fs.count(UNDRAFTED)
    cards = [int(f) if _is_action_int(f) else None for f in (draft or ())]
    if not players:
        if cards:
            raise ConfigError("a draft needs players who choose: seat them as UNDRAFTED (-1)")
        return 0
    if setup_mode != SETUP_ADVANCED:
        raise ConfigError("the faction draft is a step of the Advanced Setup (LoR 16.1.8): setup_mode advanced")
    for f in fs:
        if f != UNDRAFTED and not IS_BOT[f]:
            raise ConfigError(f"in the draft every player chooses a faction: only a bot sits named, "
                              f"not the {FACTION_NAMES[f]} (docs/advanced-setup.md C4)")
    for f in cards:
        if f is None or not 0 <= f < NFACTION or not DRAFTABLE[f]:
            raise ConfigError(f"the draft's cards are faction ids of "
                              f"{', '.join(FACTION_NAMES[g] for g in range(NFACTION) if DRAFTABLE[g])}, not {draft!r}")
        if (mask >> f) & 1:
            raise ConfigError(f"the {FACTION_NAMES[f]} card is in the draft once")
        mask |= 1 << f
    if (mask >> F_VAGABOND2) & 1 and not (mask >> F_VAGABOND) & 1:
        raise ConfigError("the second Vagabond card needs the first in the draft (LAW25 A.8.1)")
    usable = mask & DRAFT_MILITANTS if players == 2 else mask
    if not usable & DRAFT_MILITANTS:
        raise ConfigError("the draft deals a militant faction first (LoR 16.1.8.1): the pool has none")
    if popcount64(usable) < players + 1:
        raise ConfigError(f"a draft of {players} players deals {players + 1} cards (LoR 16.1.8.1), the pool has "
                          f"{popcount64(usable)}" + (" militant ones (two players draft no insurgent, 16.1.8.1.1)"
                                                     if players == 2 else ""))
    return mask


cdef int8_t* _check_map(map_id, suits, int8_t* out) except? NULL:
    """out filled with the suits given (and returned), or NULL for the map's printed suits;
    ConfigError naming what is wrong."""
    if not _is_action_int(map_id) or not 0 <= map_id < len(MAP_NAMES):
        raise ConfigError(f"map_id must be 0..{len(MAP_NAMES) - 1} ({', '.join(MAP_NAMES)}), not {map_id!r}")
    if suits is None:
        if MAP_SUIT[map_id][0] < 0:
            raise ConfigError(f"the {MAP_NAMES[map_id]} map prints no suits: give the clearings' suits")
        return NULL
    suits = list(suits)
    if len(suits) != NCL or not all(_is_action_int(x) and FOX <= x <= MOUSE for x in suits):
        raise ConfigError(f"suits are {NCL} of FOX ({FOX}), RABBIT ({RABBIT}) and MOUSE ({MOUSE}), not {suits!r}")
    if sorted(suits) != sorted([FOX, RABBIT, MOUSE] * (NCL // 3)):
        raise ConfigError("the suit markers are four of each suit (LoR 16.1.1)")
    for c in range(NCL):
        out[c] = suits[c]
    return out


def check_growth_caps(caps):
    """The Lair caps of the Growth track (W-EVE-1) as a tuple of six ints, left to right: each
    0..MAX_LAIR_CAP and none smaller than the one on its left (the caps rise as the Wyrm grows);
    ConfigError naming what is wrong."""
    try:
        values = tuple(caps)
    except TypeError:
        raise ConfigError(f"growth caps are {NGROWTH_SPACES} ints (left to right), not {caps!r}") from None
    if len(values) != NGROWTH_SPACES:
        raise ConfigError(f"growth caps are {NGROWTH_SPACES} ints (one per Growth track space), "
                          f"not {len(values)}: {list(values)!r}")
    for i, v in enumerate(values):
        if not _is_action_int(v) or not 0 <= v <= MAX_LAIR_CAP:
            raise ConfigError(f"growth cap {i + 1} must be an int 0..{MAX_LAIR_CAP}, not {v!r}")
        if i and v < values[i - 1]:
            raise ConfigError(f"growth caps never fall left to right: cap {i + 1} ({v}) is below "
                              f"cap {i} ({values[i - 1]})")
    return tuple(int(v) for v in values)


cdef int _check_hirelings(hirelings, list table, int draft_deck, int* sides) except -1:
    """The hireling sides of the game option into sides; their number (0 or 3). A ConfigError
    names what is wrong: not three, a side not built, two sides of one card, a faction at the table
    or in the draft that a hireling card keeps out (LoR 16.1.6.5, E-6), a bot at the table."""
    try:
        given = list(hirelings)
    except TypeError:
        raise ConfigError(f"hirelings must be a sequence of hireling ids, not {hirelings!r}") from None
    if not given:
        return 0
    if len(given) != NHIRE:
        raise ConfigError(f"a game with hirelings plays exactly {NHIRE} (LoR 16.1.6), not {len(given)}")
    for h in given:
        if not _is_action_int(h) or not 0 <= h < NHIRE_SIDES:
            raise ConfigError(f"no hireling {h!r}: the hirelings are 0..{NHIRE_SIDES - 1} ({', '.join(HIRELING_NAMES)})")
        if h not in HIRELING_BUILT:
            raise ConfigError(f"{HIRELING_NAMES[h]} is not built yet: the hirelings a game may use are "
                              f"{', '.join(HIRELING_NAMES[b] for b in HIRELING_BUILT)}")
    if len({h // 2 for h in given}) != NHIRE:
        raise ConfigError("two sides of one hireling card: each hireling is played on one side (LoR 16.1.6.2)")
    for h in given:
        for f in HIRELING_EXCLUDES[h // 2]:
            if f in table or (draft_deck >> f) & 1:
                raise ConfigError(f"{HIRELING_NAMES[h]} keeps {FACTION_NAMES[f]} out of the game: a faction "
                                  "whose hireling is in play cannot be played (LoR 16.1.6.5)")
    for f in table:
        if f >= 0 and IS_BOT[f]:
            raise ConfigError(f"hirelings need a table without a bot ({FACTION_NAMES[f]} takes no hireling: "
                              "docs/hundreds-keepers.md E-C21)")
    for i in range(NHIRE):
        sides[i] = given[i]
    return NHIRE


cdef class State:
    """A whole game of Root: 2 to 4 seats in clockwise order, each holding one faction
    (FACTION_NAMES ids; the default is the Marquise de Cat in seat 0 against the Voracious Wyrm
    in seat 1).

    OpenSpiel-style: current_player is a seat, CHANCE (-1) or TERMINAL (-4); chance outcomes
    (card draws, dice) are actions the driver applies, picked from chance_outcomes().
    A State belongs to one thread at a time: while random_playout runs (without the GIL) every
    other method raises WyrmError."""
    cdef GameState s
    cdef int status

    cdef inline int ready(self) except -1:
        if self.status != OBJ_READY:
            raise _unusable(self.status, "State")
        return 0

    def __init__(self, first=0, factions=(F_MARQUISE, F_WYRM), mm_variant=MM_ORIGINAL, mm_level=MM_NORMAL,
                 mm_traits=0, growth_caps=WYRM_TABLE["growth_caps"], map_id=MAP_AUTUMN, suits=None,
                 deck_id=DECK_STANDARD, setup_mode=SETUP_STANDARD, character=-1, draft=(), hirelings=()):
        """mm_*: the Mechanical Marquise's rule set (MM_VARIANT_NAMES), difficulty (MM_LEVEL_NAMES)
        and traits (bit i for MM_TRAIT_NAMES[i]); growth_caps: the Lair caps printed on the Wyrm's
        Growth track, left to right (W-EVE-1; W-EVE-2 by default; check_growth_caps). Stored in
        every game, used when the bot or the Wyrm sits. map_id: the map (MAP_NAMES); suits: each
        clearing's suit (FOX, RABBIT, MOUSE), needed on a map that prints none, where the suit
        markers set them at setup (LoR 16.1.1: four of each); None for the printed suits. deck_id:
        the shared deck (DECK_NAMES: the standard deck, or Exiles & Partisans; LoR 16.1.2).
        setup_mode: SETUP_NAMES (the Standard Setup, LoR 5.1, or the Advanced Setup's hands: five
        cards dealt, three kept once every faction has set up, LoR 16.1.7, 16.1.10). character:
        the Vagabond's character (CHARACTER_NAMES' index) as a game option, his only choice at
        setup; -1 (the default) lets him choose any (LoR 9.3.1). draft: with setup_mode advanced,
        the faction cards (ids) of the faction draft (LoR 16.1.8), chosen by the players seated
        UNDRAFTED (-1) in factions; every other seat a bot. hirelings: () for none, or the three
        hireling card sides in play (HIRELING_NAMES' ids, of HIRELING_BUILT; LoR 16.1.6), each
        a different card, none keeping out a faction at the table or in the draft (16.1.6.5), at a
        table without a bot (docs/hundreds-keepers.md E-C21)."""
        if self.status == OBJ_BUSY:
            raise _unusable(self.status, "State")
        cdef int fs[MAX_SEATS]
        cdef int n = _check_factions(factions, first, fs)
        for name, value, top in (("mm_variant", mm_variant, MM_DC), ("mm_level", mm_level, MM_NIGHTMARE),
                                 ("mm_traits", mm_traits, MM_ALL_TRAITS)):
            if not _is_action_int(value) or not 0 <= value <= top:
                raise ConfigError(f"{name} must be 0..{top}, not {value!r}")
        caps = check_growth_caps(growth_caps)
        if not _is_action_int(deck_id) or not 0 <= deck_id < len(DECK_NAMES):
            raise ConfigError(f"deck_id must be 0..{len(DECK_NAMES) - 1} ({', '.join(DECK_NAMES)}), not {deck_id!r}")
        if not _is_action_int(setup_mode) or not 0 <= setup_mode < len(SETUP_NAMES):
            raise ConfigError(f"setup_mode must be 0..{len(SETUP_NAMES) - 1} ({', '.join(SETUP_NAMES)}), "
                              f"not {setup_mode!r}")
        if not _is_action_int(character) or not -1 <= character < NCHAR:
            raise ConfigError(f"character must be -1..{NCHAR - 1} (-1: any; {', '.join(CHARACTER_NAMES)}), "
                              f"not {character!r}")
        cdef int8_t su[NCL]
        cdef int8_t* given = _check_map(map_id, suits, su)
        cdef uint16_t draft_deck = _check_draft(draft, [fs[i] for i in range(n)], setup_mode)
        if draft_deck and character != -1:
            raise ConfigError("in the draft the Vagabond plays the character dealt beside his card "
                              "(LoR 16.1.8.1.3): no character option")
        cdef int sides[NHIRE]
        cdef int nh = _check_hirelings(hirelings, [fs[i] for i in range(n)], draft_deck, sides)
        init_state(&self.s, n, fs, first, map_id, given, deck_id, setup_mode, draft_deck)
        set_hirelings(&self.s, sides, nh)
        for i in range(NGROWTH_SPACES):
            self.s.growth_caps[i] = caps[i]
        self.s.mm_variant = mm_variant
        self.s.mm_level = mm_level
        self.s.mm_traits = mm_traits
        self.s.character_option = character
        self.status = OBJ_READY

    cpdef State clone(self):
        self.ready()
        cdef State o = State.__new__(State)
        copy_state(&o.s, &self.s)
        o.status = OBJ_READY
        return o

    @property
    def current_player(self):
        self.ready()
        return current_player(&self.s)

    @property
    def step(self):
        self.ready()
        return STEP_NAMES[self.s.step]

    @property
    def turn(self):
        self.ready()
        return self.s.turn

    @property
    def num_seats(self):
        self.ready()
        return self.s.nseats

    @property
    def hirelings(self):
        """The hireling card sides in play (HIRELING_NAMES' ids, LoR 16.4), () in a game without."""
        self.ready()
        return tuple(self.s.hr_kind[i] for i in range(NHIRE)) if self.s.hr_kind[0] >= 0 else ()

    @property
    def factions(self):
        """The faction id (FACTION_NAMES) in each seat, in seat order."""
        self.ready()
        return tuple(self.s.seat_faction[i] for i in range(self.s.nseats))

    @property
    def deck_id(self):
        """The shared deck this game plays (DECK_NAMES)."""
        self.ready()
        return self.s.deck_id

    @property
    def setup_mode(self):
        """How this game was set up (SETUP_NAMES: standard, or advanced: LoR 16.1)."""
        self.ready()
        return self.s.setup_mode

    @property
    def character_option(self):
        """The Vagabond's character set as a game option (CHARACTER_NAMES' index), -1 for his choice."""
        self.ready()
        return self.s.character_option

    @property
    def board(self):
        """(map id, each clearing's suit): the map a game is played on, as notation names it."""
        self.ready()
        return (self.s.map_id, tuple(self.s.suit[c] for c in range(NCL)))

    def seat_of(self, faction):
        """The seat of a faction id, or -1 when it is not at the table."""
        self.ready()
        if not _is_action_int(faction) or not 0 <= faction < NFACTION:
            raise ConfigError(f"a faction is an id 0..{NFACTION - 1}, not {faction!r}")
        return self.s.faction_seat[faction]

    @property
    def turn_number(self):
        self.ready()
        return self.s.turn_number

    def is_chance_node(self):
        self.ready()
        return current_player(&self.s) == PLAYER_CHANCE

    def is_terminal(self):
        self.ready()
        return self.s.step == S_TERMINAL

    @property
    def winner(self):
        self.ready()
        return None if self.s.winner < 0 else self.s.winner

    @property
    def winners(self):
        """Every seat that won: the winner, and the Vagabond with it when it is his coalition
        partner (LoR 9.2.8); () while nobody has won."""
        self.ready()
        return tuple(v for v in range(self.s.nseats) if shares_win(&self.s, v, self.s.winner))

    @property
    def scores(self):
        self.ready()
        return tuple(self.s.seats[i].score for i in range(self.s.nseats))

    def legal_actions(self):
        """Legal actions as a sorted list of ints (chance outcomes at a chance node)."""
        self.ready()
        cdef int buf[MAX_LEGAL]
        cdef int n = gen_legal(&self.s, buf)
        return [buf[i] for i in range(n)]

    def legal_actions_array(self):
        """Legal actions as a sorted numpy int32 array (faster for large lists)."""
        self.ready()
        cdef cnp.ndarray[cnp.int32_t, ndim=1] out = np.empty(MAX_LEGAL, dtype=np.int32)
        cdef int n = gen_legal(&self.s, <int*>out.data)
        return out[:n]

    def num_legal_actions(self):
        self.ready()
        cdef int buf[MAX_LEGAL]
        return gen_legal_unsorted(&self.s, buf)

    def is_legal(self, action):
        """True for an int (not a bool) that is a legal action now."""
        self.ready()
        cdef int buf[MAX_LEGAL]
        cdef int n, i, a
        if not _is_action_int(action) or not 0 <= action < N_ACTIONS:
            return False
        a = action
        n = gen_legal_unsorted(&self.s, buf)
        for i in range(n):
            if buf[i] == a:
                return True
        return False

    def chance_outcomes(self):
        """[(action, probability)] at a chance node, [] elsewhere."""
        self.ready()
        cdef int buf[MAX_LEGAL]
        cdef double prob[MAX_LEGAL]
        cdef int n
        if current_player(&self.s) != PLAYER_CHANCE:
            return []
        n = gen_chance(&self.s, buf, prob)
        return [(buf[i], prob[i]) for i in range(n)]

    def _check_legal(self, action):
        if not _is_action_int(action):
            raise IllegalActionError(f"an action is an int, not {type(action).__name__} {action!r}")
        if not self.is_legal(action):
            raise IllegalActionError(f"action {action!r} is not legal at step {self.step}")

    def apply(self, action):
        """Apply a legal action; an illegal one raises IllegalActionError and changes nothing."""
        self._check_legal(action)
        apply_action(&self.s, action)

    def apply_logged(self, action):
        """apply(action), returning the events the rules told while applying it: a list of
        (kind, seat, clearing, arg, amount, detail) int tuples (events.pxi; wyrm_ai/events.py
        names them). Events are no part of the state."""
        self._check_legal(action)
        cdef WyrmEventLog log          # on the C stack (about 6 KB)
        log.n = 0
        log.dropped = 0
        wyrm_set_sink(&log)
        apply_action(&self.s, action)      # noexcept: the sink is always reset below
        wyrm_set_sink(NULL)
        return events_of(&log)

    def sample_chance(self, unsigned long long seed):
        """A chance outcome drawn with its true probability from a splitmix64 seeded with seed."""
        self.ready()
        cdef uint64_t rng = seed
        if current_player(&self.s) != PLAYER_CHANCE:
            raise IllegalActionError("not a chance node")
        return sample_chance(&self.s, &rng)

    def random_playout(self, unsigned long long seed, int max_decisions=1000000):
        """Play random legal actions (and chance) inside the core, without the GIL; returns the
        decisions made. The State is busy meanwhile: other threads get WyrmError from it."""
        self.ready()
        if max_decisions < 0:
            raise ConfigError(f"max_decisions must be >= 0, not {max_decisions}")
        cdef uint64_t rng = seed
        cdef int n
        self.status = OBJ_BUSY
        with nogil:
            n = random_playout(&self.s, &rng, max_decisions)
        self.status = OBJ_READY
        return n

    def state_bytes(self):
        """The raw struct, the table and its seats' blocks (struct_size(nseats) bytes): equal
        bytes means equal states."""
        self.ready()
        return (<char*>&self.s)[:state_size(&self.s)]

    def __eq__(self, other):
        return isinstance(other, State) and self.state_bytes() == other.state_bytes()

    def __hash__(self):
        return hash(self.state_bytes())

    def __reduce__(self):
        return (_state_from_plain, (self.to_dict(),))

    def to_dict(self):
        """Every field of the state, as plain JSON-able Python data."""
        self.ready()
        return state_to_dict(&self.s)

    def pieces_dict(self):
        """The pieces fields of to_dict() alone (each faction's under its own names), for a
        reader of state_bytes(): the pieces are held by seat (Pieces), their names by faction."""
        self.ready()
        return pieces_to_dict(&self.s)

    @staticmethod
    def from_dict(d, turn_start=False):
        """Build a state from to_dict() output. Raises WyrmError naming the problem if a field is
        missing or out of range, or if the position is impossible: pieces, items or cards not
        conserved, or a step whose preconditions do not hold (serialize.pxi, check_position).
        turn_start: d stands at its turn's faction's Daylight step with nothing of the turn done,
        and the state returned has begun that turn (start_turn), the bot's turn included: a bot
        waits at no step of its own, so its turn can start only this way."""
        cdef State o = State.__new__(State)
        state_from_dict(&o.s, d, turn_start)
        o.status = OBJ_READY
        return o


cdef GameState* _state_of(State state) except NULL:
    """The struct of a State argument of a module function, once it is usable."""
    if state is None:
        raise TypeError("a State is needed, not None")
    state.ready()
    return &state.s


def _is_action_int(x):
    return isinstance(x, (int, np.integer)) and not isinstance(x, (bool, np.bool_))


def _state_from_plain(d):
    return State.from_dict(d)


def struct_size(nseats=MAX_SEATS):
    """The bytes of a game of nseats seats (state_bytes(), a copy): the table and the seats'
    blocks."""
    if not _is_action_int(nseats) or not 2 <= nseats <= MAX_SEATS:
        raise ConfigError(f"nseats must be 2..{MAX_SEATS}, not {nseats!r}")
    return <size_t>(<char*>&_proto.seats[nseats] - <char*>&_proto)


# ---- queries for front ends (Game.rules, Game.lair_cap, Game.evening_draws, public_facts for every
# observation and the state JSON) and
# the start of a set-up position (Game.from_position). Each asks the rules above.

cdef int _check_clearing(object clearing) except -1:
    if not _is_action_int(clearing) or not 0 <= clearing < NCL:
        raise ConfigError(f"a clearing is 0..{NCL - 1} (clearing 1..{NCL} on the map), not {clearing!r}")
    return 0


def ruler_of(State state, clearing):
    """The seat that rules clearing (0-based), or -1 when nobody does (LoR 2.5, W-MON-1)."""
    cdef GameState* s = _state_of(state)
    _check_clearing(clearing)
    return ruler(s, clearing)


def lair_cap_of(State state):
    """The most VP the Lair scores in the Wyrm's next Evening (W-EVE-1, the game's caps)."""
    return lair_cap(_state_of(state))


def evening_draws_of(State state, seat):
    """The cards seat would draw in its Evening as the board stands (LoR 6.6, W-EVE-3)."""
    cdef GameState* s = _state_of(state)
    _check_seat(s, seat, "seat")
    return evening_draws(s, seat)


def public_facts(State state):
    """The public facts the rules derive from the board, for every view (redaction.observe):
    who rules each clearing (seat or -1, LoR 2.5, W-MON-1), the Lair cap (W-EVE-1) and the game's
    caps of the Growth track (`growth_caps`, left to right, W-EVE-2 by default), each seat's
    Evening draws (LoR 6.6, W-EVE-3), the Growth markers on the track and the Wyrm's limits a
    turn: moves (W-HEIGHT-1), battles (W-BITE-1), wyrmlings per Intimidate before the supply
    limits them (W-MIGHT-1), and the Marquise's next building of each type: [wood, VP] or None
    when all six are built (LoR 6.5.4), and the Eyrie's Roosts track: the VP its next Evening
    scores and the cards it draws (LoR 7.6), None without the Eyrie. They read no card (the
    Decree is public), so they hide nothing. (Key `roost_track`: `roosts` is the state field.)
    With the Vagabond seated, `vagabond` holds his tracks, item load and limit, Refresh count and
    the factions Hostile to him (None without him). With the Mechanical Marquise seated,
    `mechanical` holds its building tracks (None without it). With the Lord of the Hundreds
    seated, `oppress` holds the clearings (0-based) their Oppress counts as the board stands and
    the VP it scores (LoR 14.6.2; None without them). With the Keepers in Iron seated, `relic_checks`
    holds the numbers their checks compare a relic's value with: the clearings they rule around each
    forest (a delve's, LoR 15.5.2.II.b) and of each suit (a recovery's, III.c), the relics a Recover
    could take now ([relic, clearing]) and each type's values still face down (I-C1; None without them)."""
    cdef GameState* s = _state_of(state)
    cdef int c, b, placed
    cdef int8_t rulers[NCL]
    rule_table(s, rulers)
    nxt = []
    for b in range(3):
        placed = buildings_placed(s, b)
        nxt.append([CAT_WOOD_COST[placed], CAT_BUILD_VP[b][placed]] if placed < 6 else None)
    return {"rulers": [rulers[c] for c in range(NCL)],
            "next_building": nxt,
            "lair_cap": lair_cap(s),
            "growth_caps": [s.growth_caps[c] for c in range(NGROWTH_SPACES)],
            "evening_draws": [evening_draws(s, c) for c in range(s.nseats)],
            "growth_on_track": growth_on_track(s),
            "roost_track": ({"vp": eyrie_roost_vp(s), "draws": eyrie_evening_draws(s, s.turn)}
                       if eyrie_seat(s) >= 0 else None),
            "sympathy_track": (_sympathy_facts(s) if alliance_seat(s) >= 0 else None),
            "vagabond": (_vagabond_facts(s, vb_seat(s)) if vb_seat(s) >= 0 else None),
            "vagabond2": (_vagabond_facts(s, vb_seat2(s)) if vb_seat2(s) >= 0 else None),
            "mechanical": (_mechanical_facts(s) if mm_seat(s) >= 0 else None),
            "oppress": ({"clearings": [c for c in range(NCL) if (oppressed_set(s) >> c) & 1], "vp": oppress_vp(s)}
                        if hundreds_seat(s) >= 0 else None),
            "relic_checks": (_keepers_facts(s) if keepers_seat(s) >= 0 else None),
            "wyrm_limits": {"moves": wyrm_moves_allowed(s), "battles": wyrm_battles_allowed(s),
                            "might": wyrm_might(s)}}


cdef object _keepers_facts(GameState* s):
    cdef int f, r, t, v
    cdef KeepersBoard* b = keepers_board(s)
    hidden = []
    for t in range(3):
        left = [RELIC_VALUES[v] for v in range(4)]
        for r in range(t * 4, t * 4 + 4):
            if b.relic_value[r] > 0:
                left.remove(b.relic_value[r])
        hidden.append(left)
    return {"ruled_around_forest": [ruled_around_forest(s, f) for f in range(n_forests(s))],
            "ruled_of_suit": [ruled_of_suit(s, v) for v in range(3)],
            "recoverable": [[r, b.relic_at[r]] for r in range(NRELIC)
                            if 0 <= b.relic_at[r] < NCL and recoverable(s, r, b.relic_at[r])],
            "face_down_values": hidden}


cdef object _sympathy_facts(GameState* s):
    cdef int c, placed = sympathy_placed(s)
    return {"next_cost": SPREAD_COST[placed] if placed < ALLIANCE_SYMPATHY else None,
            "next_vp": SYMPATHY_VP[placed] if placed < ALLIANCE_SYMPATHY else None,
            "martial_law": [c for c in range(NCL) if martial_law(s, c)],
            "stack_cap": STACK_CAP if bases_on_map(s) == 0 else None,
            "officers_ops": alliance_board(s).officers}


cdef object _vagabond_facts(GameState* s, int v):
    """The Vagabond's derived numbers: items on each track (tea, coins, bags: 3 at most, §4.2),
    the items he carries against his limit (LoR 9.6.4), the items his next Refresh turns up
    (3 + 2 per tea, ruling §10.6) and the factions Hostile to him (LoR 9.2.9.III)."""
    return {"tracks": {"tea": on_track(s, v, I_TEA), "coins": on_track(s, v, I_COINS), "bag": on_track(s, v, I_BAG)},
            "item_load": item_load(s, v), "item_limit": item_limit(s, v),
            "refresh": VB_REFRESH + VB_REFRESH_PER_TEA * on_track(s, v, I_TEA),
            "hostile": [f for f in range(NFACTION) if s.faction_seat[f] >= 0 and rel_of(s, v, s.faction_seat[f]) == REL_HOSTILE]}


cdef object _mechanical_facts(GameState* s):
    """The Mechanical Marquise's derived numbers (MM2 §3, §11): its buildings of each type on the
    map (sawmill, workshop, recruiter) and each track's Evening VP, what its Evening scores with
    the order card it holds (None without one), and the clearings that order names (§2.2: a bird
    order names every clearing; empty without one)."""
    cdef int b, c
    return {"on_map": [mm_on_map(s, b) for b in range(3)],
            "track_vp": [mm_track_score(s, b) for b in range(3)],
            "evening_vp": mm_evening_score(s) if bot_board(s).mm_order >= 0 else None,
            "ordered": [c for c in range(NCL) if bot_board(s).mm_order >= 0 and mm_ordered(s, c)]}


def start_turn(State state):
    """Begin the turn of state.turn from its Birdsong, as the turn machine does after the other
    seat's turn (turn_number grows by one), walking on to the first decision. For a state set
    up with from_dict at its faction's Daylight step with no turn progress; a position at the
    bot's turn is read with from_dict(d, turn_start=True), which starts it (Game.from_position)."""
    begin_position_turn(_state_of(state))


cdef void begin_position_turn(GameState* s) except *:
    """start_turn's work: the turn of s.turn begins (begin_turn) and walks on (walk_on): to its
    first decision, to a dominance win at the start of Birdsong (LoR 3.3.1), or for the
    Mechanical Marquise to its order card, a chance event (MM2 §5)."""
    cdef int v
    if s.step != daylight_step(s, s.turn):
        raise WyrmError(f"a turn starts from a position at its faction's Daylight step, not {STEP_NAMES[s.step]}")
    for v in range(s.nseats):
        if s.seats[v].score >= WIN_VP:
            raise WyrmError(f"impossible position: a score of {WIN_VP} or more has already won the game")
    begin_turn(s)
    walk_on(s)


include "learned.pxi"
