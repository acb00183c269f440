# Events: what the rules did, told by the rule functions where it happens (a battle started, the
# roll, hits dealt, a piece removed, a pawn fled, a VP scored and why...). They feed narration
# (wyrm_ai/events.py, wyrm_ai/narration.py) and are never part of the state: the struct stays
# pointer-free, its copy is the clone, and events enter neither equality nor saves.
#
# The sink is a C thread-local pointer. State.apply_logged points it at a log on its own stack
# (holding the GIL) for one apply and resets it; everywhere else -- playouts, searches (which run
# without the GIL, in their own threads), plain State.apply -- it is NULL, and emitting costs one
# thread-local load and a branch.

cdef extern from *:
    """
    #if defined(_MSC_VER)
    #define WYRM_TLS __declspec(thread)
    #elif defined(__linux__) && (defined(__GNUC__) || defined(__clang__))
    #define WYRM_TLS __thread __attribute__((tls_model("initial-exec")))
    #else
    #define WYRM_TLS __thread
    #endif
    #define WYRM_MAX_EVENTS 256
    typedef struct { int kind, seat, clearing, arg, amount, detail; } WyrmEvent;
    typedef struct { int n; int dropped; WyrmEvent ev[WYRM_MAX_EVENTS]; } WyrmEventLog;
    static WYRM_TLS WyrmEventLog* wyrm_event_sink = NULL;
    static void wyrm_set_sink(WyrmEventLog* log) { wyrm_event_sink = log; }
    #if defined(__GNUC__) || defined(__clang__)
    __attribute__((noinline, cold))
    #endif
    static void wyrm_emit_slow(int kind, int seat, int clearing, int arg, int amount, int detail) {
        WyrmEventLog* log = wyrm_event_sink;
        if (log->n >= WYRM_MAX_EVENTS) { log->dropped++; return; }
        WyrmEvent* e = &log->ev[log->n++];
        e->kind = kind; e->seat = seat; e->clearing = clearing;
        e->arg = arg; e->amount = amount; e->detail = detail;
    }
    static inline void wyrm_emit(int kind, int seat, int clearing, int arg, int amount, int detail) {
    #if defined(__GNUC__) || defined(__clang__)
        if (__builtin_expect(wyrm_event_sink != NULL, 0))
    #else
        if (wyrm_event_sink != NULL)
    #endif
            wyrm_emit_slow(kind, seat, clearing, arg, amount, detail);
    }
    """
    enum: WYRM_MAX_EVENTS
    ctypedef struct WyrmEvent:
        int kind, seat, clearing, arg, amount, detail
    ctypedef struct WyrmEventLog:
        int n
        int dropped
        WyrmEvent ev[WYRM_MAX_EVENTS]
    void wyrm_set_sink(WyrmEventLog* log) noexcept nogil
    void emit "wyrm_emit"(int kind, int seat, int clearing, int arg, int amount, int detail) noexcept nogil

# Event kinds: (kind, seat, clearing, arg, amount, detail); -1 where a field does not apply.
# EVENT_FIELDS below names each field per kind for wyrm_ai/events.py: keep the two in step.
cdef enum:
    E_BATTLE = 0      # seat attacks arg (the defender) in clearing
    E_AMBUSH = 1      # seat (the defender) ambushes with card arg
    E_FOIL = 2        # seat (the attacker) foils the ambush with card arg
    E_ROLL = 3        # the dice: arg the attacker's (higher) die, amount the defender's
    E_HITS = 4        # seat deals amount hits to the other side; arg: 0 rolled (with extras), 1 ambush;
                      # detail: the fighters that capped the die (W-MON-1, LoR 4.3.2), -1 if not capped
    E_RAVENOUS = 5    # the Wyrm (seat) ignores amount hits (W-RAV-1)
    E_ARMORERS = 6    # Armorers cancel the amount rolled hits seat would take
    E_REMOVE = 7      # amount of seat's pieces of kind arg removed from clearing; detail: a CAUSE_*
    E_NO_TARGET = 8   # amount hits on seat found nothing left to remove
    E_LAIR = 9        # a hit on the pawn removes item arg from the Wyrm's Lair (W-PY-2)
    E_FLEE = 10       # the pawn leaves clearing for the forest arg (W-FOREST-1)
    E_VP = 11         # seat scores amount VP; arg a VP_* reason; detail: card, building, piece
    E_HOSPITAL = 12   # Field Hospitals: amount warriors back to the Keep in clearing
    E_DRAW = 13       # seat draws card arg
    E_RESHUFFLE = 14  # the discard pile (amount cards) becomes the deck (LoR 2.1)
    E_WIN = 15        # seat wins with amount VP (LoR 3.1), or by its dominance card arg (LoR 3.3.1; else -1);
                      # detail: the seat that wins with it (its coalition partner, LoR 9.2.8; else -1)
    E_DEFENSELESS = 16  # seat has no fighters in clearing: amount extra hit against it (LoR 4.3.3)
    E_TURMOIL = 17    # the Eyrie (seat) fall into Turmoil: leader arg deposed, amount cards purged (LoR 7.7)
    E_LEADER = 18     # the Eyrie (seat) take leader arg; amount 1 when A New Clutch turned all four up
    E_DOMINANCE = 19  # seat activates dominance card arg with amount VP; its score marker leaves the track
    E_SWAP = 20       # seat takes the available dominance card arg, spending card detail (LoR 3.3.4)
    E_AVAILABLE = 21  # dominance card arg, spent or discarded by seat, becomes available (LoR 3.3.3)
    E_OUTRAGE = 22    # seat owes Outrage for clearing (LoR 8.2.6): it pays card arg, or -1 when it has
                      # no matching card and shows its hand to the Alliance (amount: cards shown)
    E_SUPPORTER = 23  # card arg joins (amount +1) or leaves (amount -1) the Alliance's (seat) Supporters
                      # stack; detail a SUP_* how. Hidden: only the Alliance and the giver see arg
    E_REVOLT = 24     # the Alliance (seat) revolt in clearing: base of suit arg, amount warriors placed
    E_SYMPATHY = 25   # seat places a sympathy token in clearing: arg 0 Spread Sympathy, 1 Organize;
                      # amount supporters spent
    E_BASE_LOST = 26  # the Alliance's (seat) base in clearing is removed: arg officers lost,
                      # amount supporters discarded (LoR 8.2.4)
    E_OFFICER = 27    # the Alliance (seat) train an officer spending card arg; amount officers now
    E_ITEM = 28       # the Vagabond's (seat) item arg: amount items; detail an IT_* what happened
                      # (clearing: where, -1 if nowhere in particular)
    E_RELATION = 29   # the Vagabond's (seat) relationship with faction arg is now amount (-1 Hostile,
                      # 0 Indifferent, 1, 2, 3 Allied; LoR 9.2.9)
    E_QUEST = 30      # the Vagabond (seat) completes quest arg in clearing; amount 0: VP, 1: two cards
    E_AID = 31        # the Vagabond (seat) aids seat arg in clearing with card detail. Hidden: only the
                      # two of them see detail
    E_COALITION = 32  # the Vagabond (seat) forms a coalition with seat arg, activating dominance detail
    E_EXPLORE = 33    # the Vagabond (seat) explores the ruin in clearing and finds item arg
    E_ORDER = 34      # the Mechanical Marquise (seat) reveals order card arg; amount 1 on an Expand
    E_MM_STEP = 35    # the Mechanical Marquise (seat) begins its step arg (MM_STEP_NAMES); amount 1 in
                      # Escalated Daylight (a Battle, Recruit, Build or Move step), or the Expand's number
    E_PLACE = 36      # seat places amount warriors in clearing; arg a PLACE_WHYS reason
    E_BUILD = 37      # seat places building arg (sawmill, workshop, recruiter) in clearing
    E_MOVE = 38       # seat moves amount warriors from clearing to clearing arg
    E_FORTIFIED = 39  # a hit on seat's building arg in clearing removes nothing (Fortified)
    E_SCORCHED = 40   # the Scoundrel (seat) places his torch in clearing: Scorched Earth (LoR 16.3.6)
    E_GLIDE = 41      # the Harrier (seat) glides to clearing (LoR 16.3.9)
    E_IMPROVISE = 42  # the Adventurer (seat) improvises with item arg for item amount (LoR 16.3.7)
    E_SWIFT_STRIKE = 43  # the Ronin (seat) exhausts a sword: amount extra hit (LoR 16.3.8)
    E_ENLIST = 44     # the defender (seat) enlists the Arbiter (seat arg) with amount swords (LoR 16.3.5)
    E_INSTIGATE = 45  # the Vagrant (seat) instigates a battle in clearing: attacker arg, defender amount (LoR 16.3.4)
    E_OUTCAST = 46    # the Cult's (seat) Outcast is suit arg, amount 1 on its Hated side (LoR 10.4.1)
    E_LOST_SOULS = 47 # the Lost Souls pile (amount cards) goes to the discard pile (LoR 10.4.2)
    E_RITUAL = 48     # the Cult (seat) reveals card detail for ritual arg (RITUAL_NAMES) in clearing
    E_CONSPIRACY = 49 # the Cult (seat) spends amount acolytes on conspiracy arg (CONSPIRACY_NAMES) in clearing
    E_ACOLYTES = 50   # amount Cult warriors (seat) go to the Acolytes box; arg 0 Revenge, 1 Sacrifice
    E_FAITHFUL = 51   # Fear of the Faithful: the Cult (seat) discards card arg at random (LoR 10.2.5)
    E_SERVICE = 52    # seat buys Riverfolk service arg (SERVICE_NAMES) for amount warriors (or items, a
                      # Vagabond); detail the card a Hand Card takes, else -1 (LoR 11.2.6-7)
    E_FUNDS = 53      # the Riverfolk's (seat) warriors move between boxes: arg a FUND_HOWS what, amount
                      # warriors, detail their owner's seat (-1: several)
    E_TRADE_POST = 54 # the Riverfolk (seat) establish a trade post of suit arg in clearing with amount
                      # warriors, spending funds of seat detail (LoR 11.5.6)
    E_PRICE = 55      # the Riverfolk (seat) set service arg's price to amount (LoR 11.3.5, 11.6.2)
    E_BURROW = 56     # amount of seat's warriors move between the Burrow and clearing: arg 0 up out of
                      # it, 1 down into it (LoR 12.2.2)
    E_DC_BUILD = 57   # the Duchy (seat) place building kind arg (0 citadel, 1 market) in clearing,
                      # revealing card detail (LoR 12.5.1, the Foremole)
    E_TUNNEL = 58     # the Duchy (seat) dig a tunnel into clearing, spending card arg (LoR 12.5.1)
    E_MINISTER = 59   # the Duchy (seat) take minister arg's action (LoR 12.5.2)
    E_SWAY = 60       # the Duchy (seat) sway minister arg; its crown's space scores amount (LoR 12.5.3)
    E_FAILURE = 61    # the Price of Failure: the Duchy (seat) lose minister arg, its crown gone (LoR 12.2.3)
    E_FAIL_DISCARD = 62   # the Price of Failure: the Duchy (seat) discard card arg at random (LoR 12.2.3)
    E_REVEAL = 63     # the Duchy (seat) reveal card arg for amount (REVEAL_WHYS) in clearing (-1: a Sway)
    E_PLOT = 64       # the Corvids (seat) remove amount warriors to place a plot of type arg face down in
                      # clearing (LoR 13.5.2). Hidden: only the Corvids see arg
    E_FLIP = 65       # the Corvids (seat) flip the plot in clearing: type arg, scoring amount (LoR 13.4.2)
    E_TRICK = 66      # the Corvids (seat) swap the plots of clearing and clearing arg (LoR 13.5.4)
    E_EXPOSE = 67     # seat shows card detail to guess type arg for the plot in clearing; amount 1 right,
                      # 0 wrong (LoR 13.2.4). Hidden: detail seen by the Corvids alone
    E_RAID = 68       # a raid removed from clearing: the Corvids (seat) place amount warriors around it (LoR 13.7.4)
    E_EXTORT = 69     # an extortion: the Corvids (seat) take card detail from seat arg at random (LoR 13.7.3).
                      # Hidden: detail seen by the two of them
    E_HOARD = 70      # the Hundreds' (seat) Hoard: item arg gained (amount 1) or out of the game (amount -1;
                      #   detail 0 an overflow, 1 Lavish) (LoR 14.2.4, 14.7.4)
    E_CONTEMPT = 71   # Contempt for Trade: the Hundreds (seat) take item arg (amount 0) or score card detail
                      #   and remove it (amount 1) (LoR 14.2.3)
    E_LOOT = 72       # the Hundreds (seat) loot seat detail in clearing: declared (arg -1) or item arg taken
    E_MOB_DIE = 73    # the mob die shows suit arg; amount clearings a mob may spread to (LoR 14.4.1)
    E_MOB = 74        # the Hundreds (seat) place a mob in clearing: arg 0 spread, 1 Incite (card detail)
    E_ANOINT = 75     # the Hundreds (seat) Anoint the warlord in clearing (LoR 14.4.3)
    E_MOOD = 76       # the Hundreds (seat) choose mood arg (MOOD_NAMES; LoR 14.4.4)
    E_LH_BUILD = 77   # the Hundreds (seat) build a stronghold in clearing spending card detail (LoR 14.5.2)
    E_IGNORED = 78    # seat ignores amount hits in clearing: the first it takes, for the reason arg (IGNORE_WHYS:
                      #   Stubborn, LoR 14.7.7; Devout Knights, 15.2.4; Badger Bodyguards, E-44)
    E_RAZE_ITEM = 79  # the Hundreds (seat) take item arg from the ruin in clearing they razed (LoR 14.4.1;
                      #   two Vagabonds: of the two, their choice, H-C17)
    E_RELIC = 80      # a setup relic: the Keepers (seat) see relic arg (its type arg // 4) placed face down in
                      #   forest detail (LoR 15.3.1, 15.3.4)
    E_DELVE = 81      # the Keepers (seat) delve relic arg from forest detail into clearing (LoR 15.5.2.II.a);
                      #   amount: its value if face up, 0 face down (its value: E_RELIC_VALUE)
    E_RELIC_VALUE = 82  # relic arg turns face up showing value amount in clearing (the delve's flip, I-C1)
    E_RECOVER = 83    # the Keepers (seat) recover relic arg of value amount in clearing (LoR 15.5.2.III)
    E_CARRY = 84      # relic arg goes along with Keeper warriors (seat) from clearing detail to clearing
                      #   (LoR 15.2.4)
    E_TROPHY = 85     # seat, who removed relic arg, places it face up in forest detail (LoR 15.2.5)
    E_ENCAMP = 86     # the Keepers (seat) Encamp waystation arg face amount in clearing (detail 1: with a warrior,
                      #   no Keepers on the map; LoR 15.4.1)
    E_DECAMP = 87     # the Keepers (seat) Decamp waystation arg in clearing (LoR 15.4.2)
    E_RETINUE = 88    # the Keepers' (seat) Retinue: card arg (NCT: a Faithful Retainer) in column clearing:
                      #   amount 1 added from the hand, 0 shifted there from column detail, -1 discarded by a
                      #   failed check (a Retainer leaves the game) (LoR 15.6.2, 15.5.2)
    E_HR_MARKER = 89  # seat's score marker entered space arg: it takes that hireling marker (LoR 16.4.1.1)
    E_HR_HIRE = 90    # seat gains the hireling of side arg (HIRELING_NAMES), from the supply (detail -1) or
                      #   given by seat detail (LoR 16.4.1.1, 16.4.1.3)
    E_HR_CONTROL = 91 # seat rolls the control die for side arg: face detail, amount control markers placed
                      #   (LoR 16.4.1.2)
    E_HR_EXPIRE = 92  # a control marker comes off side arg, controlled by seat: amount left (LoR 16.4.1.3)
    E_SCOUTS = 93     # the defender (seat) spends card arg for Rabbit Scouts in clearing: it deals the higher roll
    E_SMUGGLE = 94    # seat discards item card arg for Rat Smugglers' move or battle (HIRE)
    E_BRIGAND_RUIN = 95   # seat takes item arg (VITEM) from the ruin in clearing with the Brigand (HIRE)
    E_BRIGAND_STEAL = 96  # seat exhausts item detail to take a random card from seat arg with the Brigand (HIRE)
    E_HR_CARD = 97    # of the warriors of hireling side seat just removed from clearing, amount go onto its card,
                      #   not the supply (Forest Patrol: HIRE, E-24)

cdef enum:  # what moved between the Riverfolk's boxes (E_FUNDS arg)
    FUND_PROTECTIONISM = 0    # warriors from their supply into Payments (LoR 11.4.1)
    FUND_GATHER = 1           # every warrior on the board to Funds: amount the funds now (LoR 11.4.3)
    FUND_COMMIT = 2           # a fund committed (LoR 11.5)
    FUND_SPEND = 3            # a fund spent: back to its owner's supply
    FUND_DISRUPT = 4          # a fund removed by Trade Disruption (LoR 11.2.5.I)
    FUND_EXPORT = 5           # a Riverfolk warrior into Payments for an Export (LoR 11.5.3.I)
    FUND_PAYMENT = 6          # a buyer's warriors into Payments (LoR 11.2.6.I)

cdef enum:  # why a piece was removed (E_REMOVE detail)
    CAUSE_HIT = 0
    CAUSE_FAVOR = 1
    CAUSE_TAX = 2
    CAUSE_REVOLT = 3
    CAUSE_ORGANIZE = 4
    CAUSE_STRIKE = 5
    CAUSE_PROPAGANDA = 6  # Propaganda Bureau (E&P)
    CAUSE_SCORCHED = 7    # Scorched Earth (LoR 16.3.6)
    CAUSE_CONVERT = 8     # the Cult's Convert (LoR 10.4.3.II)
    CAUSE_SANCTIFY = 9    # the Cult's Sanctify (LoR 10.4.3.III)
    CAUSE_TUNNEL = 10     # the Duchy take up their own tunnel to dig another (LoR 12.2.4)
    CAUSE_BOMB = 11       # a Corvid bomb flipped (LoR 13.7.1): the pieces, then the bomb itself
    CAUSE_EXPOSE = 12     # a plot Exposed (LoR 13.2.4)
    CAUSE_RAZE = 13       # the Hundreds' Raze (LoR 14.4.1)
    CAUSE_BITTER = 14     # a mob Bitter turns into a warrior (LoR 14.7.1)
    CAUSE_LIVE_OFF = 15   # Live Off the Land (LoR 15.6.1)

cdef enum:  # what happened to a Vagabond item (E_ITEM detail)
    IT_START = 0      # a starting item (LoR 9.3.5)
    IT_RUIN = 1       # found in a ruin (Explore)
    IT_CRAFT = 2      # crafted
    IT_TAKE = 3       # taken from a Crafted Items box with Aid (the Lair: W-MP-6)
    IT_DAMAGE = 4     # damaged (a hit, a Revolt, a Favor)
    IT_REPAIR = 5     # repaired (Repair, Hideout)
    IT_DROP = 6       # removed from the game over the item limit (LoR 9.6.4)
    IT_REST = 7       # repaired by Rest in a forest (LoR 9.6.1)

cdef enum:  # how a card joined or left the Supporters stack (E_SUPPORTER detail)
    SUP_OUTRAGE = 0   # paid by the seat that set off Outrage (a hidden card)
    SUP_MOBILIZE = 1  # moved from the Alliance's hand (hidden)
    SUP_DRAWN = 2     # drawn from the deck (setup; Outrage with no matching card; hidden)
    SUP_SPENT = 3     # spent for a Revolt or Spread Sympathy (face up)
    SUP_DISCARDED = 4 # discarded: a base removed, or down to 5 with no base (face up)
    SUP_OVERFLOW = 5  # would join a full stack with no base on the map: discarded instead (face up)

cdef enum:  # why VP were scored (E_VP arg)
    VP_CRAFT = 0      # crafting an item card (detail: the card)
    VP_BUILD = 1      # placing a Marquise building (detail: the building kind)
    VP_REMOVE = 2     # removing an enemy building or token in battle (detail: the piece)
    VP_TREASURE = 3   # a treasure lost from the Lair of a defending Wyrm (W-PY-3)
    VP_FAVOR = 4      # buildings and tokens removed by a Favor (detail: the card suit)
    VP_LAIR = 5       # the Wyrm's Lair in Evening (W-EVE-1; detail: items in the Lair)
    VP_BRUTAL = 6     # Brutal Tactics gives the defender 1 VP
    VP_ROYAL_CLAIM = 7  # Royal Claim: 1 VP per ruled clearing
    VP_STEAL = 8      # Stand and Deliver!: the player robbed scores 1 VP
    VP_ROOSTS = 9     # the Eyrie's Evening: the roost track (LoR 7.6.1; detail: roosts on the map)
    VP_HUMILIATE = 10 # Turmoil: -1 per bird card in the Decree, Viziers included (LoR 7.7.1; detail: birds)
    VP_DESPOT = 11    # the Despot: +1 once per battle removing a building or token (LoR 7.8.4)
    VP_REVOLT = 12    # buildings and tokens a Revolt removes (LoR 8.4.1; detail: the piece count)
    VP_SYMPATHY = 13  # a sympathy token placed uncovers VP (LoR 8.4.2; detail: tokens on the map)
    VP_EXPLORE = 14   # the Vagabond explores a ruin (LoR 9.5.3; detail: the item found)
    VP_AID = 15       # a relationship improves, or an Aid to an Allied faction (LoR 9.2.9; detail: the faction)
    VP_QUEST = 16     # a quest completed for VP (LoR 9.5.5; detail: the quest)
    VP_INFAMY = 17    # a Hostile piece removed in the Vagabond's battle on his turn (LoR 9.2.9.III.a)
    VP_STRIKE = 18    # a building or token removed by Strike (LoR 9.5.6; detail: the piece)
    VP_MM_EVENING = 19  # the Mechanical Marquise's Evening: the ordered track (detail: the order suit)
    VP_MM_BONUS = 20  # Nightmare (ORIGINAL) or Boss Mode (DC) at the end of its Evening
    VP_MM_SHORT = 21  # DC: 1 VP per 2 warriors it could not recruit (detail: warriors not placed)
    VP_GIFT = 22      # a card given to a bot is discarded and scores it 1 VP (detail: the card)
    VP_PATH = 23      # opening a closed path (LoR 16.2.3.3; detail: the card spent)
    VP_TOWER = 24     # ruling the Pass, the Tower's clearing, at the end of Evening (LoR 16.2.3.4)
    VP_FERRY = 25     # a bot carried by the Ferry scores 1 VP instead of drawing (Law of Rootbotics, Lake)
    VP_ENGRAVERS = 26 # Master Engravers: 1 VP more for an item crafted (E&P; detail: the card)
    VP_CHARM = 27     # another player's Charm Offensive names this one to score (E&P)
    VP_COFFIN = 28    # Coffin Makers: 1 VP per five warriors on it (E&P; detail: the warriors)
    VP_PROTECTOR = 29 # the Arbiter enlisted by a defender (LoR 16.3.5)
    VP_SCORCHED = 30  # buildings and tokens Scorched Earth removes (LoR 16.3.6)
    VP_SANCTIFY = 31  # the building Sanctify replaces (LoR 10.4.3.III, 3.2.1; detail: the piece)
    VP_RITUAL = 32    # the Cult's Score ritual (LoR 10.5.3; detail: the card spent)
    VP_DIVIDENDS = 33 # the Riverfolk's Dividends (LoR 11.4.2; detail: the funds)
    VP_TRADE_POST = 34  # a trade post placed uncovers VP (LoR 11.5.6.III; detail: the suit)
    VP_CROWN = 35     # a minister swayed: its crown's space (LoR 12.5.3; detail: the minister)
    VP_MINISTER = 36  # a lord's Parliament action (LoR 12.5.2; detail: the minister)
    VP_BANKER = 37    # the Banker: a card spent (LoR 12.5.2; detail: the card)
    VP_FLIP = 38      # a plot flipped: one per face-up plot (LoR 13.4.2; detail: the plot type)
    VP_BOMB = 39      # buildings and tokens a bomb removes (LoR 13.7.1, 3.2.1)
    VP_HOARD = 40     # a full Hoard track: an item out of the game (LoR 14.2.4.I; detail: the item)
    VP_RAZE = 41      # buildings and tokens a Raze removes (LoR 14.4.1, 3.2.1; detail: the suit)
    VP_OPPRESS = 42   # Oppress (LoR 14.6.2; detail: the clearings oppressed)
    VP_RECOVER = 43   # a relic recovered: its value (LoR 15.5.2.III.b; detail: the relic)
    VP_RELIC_SET = 44 # a Relics column filled (LoR 15.5.2.III.b; detail: the column)
    VP_TROPHY = 45    # Prized Trophies: a relic an enemy removed (LoR 15.2.5; detail: the relic)
    VP_NOBLES = 46    # Bluebird Nobles: 1 VP per three ruled clearings at the start of Birdsong (HIRE)

EVENT_KINDS = ("battle", "ambush", "foil", "roll", "hits", "ravenous", "armorers", "remove",
               "no_target", "lair", "flee", "vp", "hospital", "draw", "reshuffle", "win", "defenseless",
               "turmoil", "leader",
               "dominance", "swap", "available",
               "outrage", "supporter", "revolt", "sympathy", "base_lost", "officer",
               "item", "relation", "quest", "aid", "coalition", "explore",
               "order", "mm_step", "place", "build", "move", "fortified",
               "scorched", "glide", "improvise", "swift_strike", "enlist", "instigate",
               "outcast", "lost_souls", "ritual", "conspiracy", "acolytes", "faithful",
               "service", "funds", "trade_post", "price",
               "burrow", "dc_build", "tunnel", "minister", "sway", "failure", "fail_discard", "reveal",
               "plot", "flip", "trick", "expose", "raid", "extort",
               "hoard", "contempt", "loot", "mob_die", "mob", "anoint", "mood", "lh_build",
               "ignored", "raze_item",
               "relic", "delve", "relic_value", "recover", "carry", "trophy", "encamp", "decamp", "retinue",
               "hireling_marker", "hire", "control", "control_off", "scouts", "smuggle", "brigand_ruin", "brigand_steal",
               "hireling_card")
FUND_HOWS = ("protectionism", "gather", "commit", "spend", "disrupt", "export", "payment")   # E_FUNDS arg
REMOVE_CAUSES = ("hit", "favor", "tax", "revolt", "organize", "strike", "propaganda", "scorched",
                 "convert", "sanctify", "tunnel", "bomb", "expose", "raze", "bitter",
                 "live_off_land")
RITUAL_NAMES = ("build", "recruit", "score", "sacrifice")          # E_RITUAL arg (LoR 10.5.1-4)
CONSPIRACY_NAMES = ("crusade", "convert", "sanctify")               # E_CONSPIRACY arg (LoR 10.4.3)
ITEM_HOWS = ("start", "ruin", "craft", "take", "damage", "repair", "drop", "rest")
SUPPORTER_HOWS = ("outrage", "mobilize", "drawn", "spent", "discarded", "overflow")
VP_REASONS = ("craft", "build", "remove", "treasure", "favor", "lair", "brutal_tactics",
              "royal_claim", "steal", "roosts", "humiliate", "despot", "revolt", "sympathy",
              "explore", "aid", "quest", "infamy", "strike", "mm_evening", "mm_bonus", "mm_short", "gift",
              "path", "tower", "ferry", "engravers", "charm", "coffin", "protector", "scorched_earth",
              "sanctify", "ritual", "dividends", "trade_post", "crown", "minister", "banker", "flip", "bomb",
              "hoard", "raze", "oppress", "recover", "relic_set", "trophy", "nobles")
REVEAL_WHYS = ("build", "foremole", "sway")                        # E_REVEAL amount (LoR 12.5)


cdef list events_of(WyrmEventLog* log):
    """The log as int tuples. WYRM_MAX_EVENTS is far above what one action tells (a Favor over
    four clearings tells about thirty); beyond it events are dropped, never the action."""
    return [(log.ev[i].kind, log.ev[i].seat, log.ev[i].clearing, log.ev[i].arg,
             log.ev[i].amount, log.ev[i].detail) for i in range(log.n)]
