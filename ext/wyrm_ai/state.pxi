# The game state: one fixed-layout C struct. Copying a game is a memcpy of GameState's table
# and its seats' blocks (copy_state).
# A game seats 2-6 factions in clockwise seat order: seat_faction[seat] and faction_seat[faction]
# (-1 when absent) map one to the other. What a seat holds is in its Seat block.
from libc.stdint cimport uint8_t, int8_t, int16_t, uint16_t, int32_t, uint32_t, uint64_t
from libc.string cimport memcpy, memset, memcmp

cdef enum:
    NCL = 12          # clearings of every map (index 0..11 = clearing 1..12)
    NRETINUE = 10     # cards the Keepers' Retinue holds at most (LoR 15.6.2)
    NRELIC = 12       # the Keepers' relics: four each of three types (LoR 15.2.1), identified pieces
    NHIRE = 3         # hirelings in play at most (LoR 16.1.6: exactly three, by the game option)
    NHIRE_SIDES = 14  # hireling card sides (HIRELING_NAMES): seven cards, each promoted or demoted
    HSIDE = 6         # the side of hireling i in a battle, a removal or an event is HSIDE + i: after every
                      #   seat (MAX_SEATS), so a side is a seat or a hireling (hirelings.pxi)
    NSIDE = 9         # sides: MAX_SEATS seats, then NHIRE hirelings
    NCONTROL_FACES = 6   # faces of the control die (LoR 16.4.1.2; hirelings.pxi CONTROL_ALL, CONTROL_GOLD)
    NFOREST = 10      # forests of the largest map (the Mountain: LoR 16.2.3.5); a pawn in forest f is at NCL + f
    NCT = 60          # distinct card types of the two decks (cards.pxi: 42 standard, 18 E&P's own)
    MAX_SEATS = 6     # seats at the table (2..6)
    NITEM = 7         # item kinds of the supply
    NLAIR = 8         # item kinds a Crafted Items box / the Lair can hold (7 items + treasure)
    TREASURE = 7
    NGROWTH_SPACES = 6   # spaces of the Wyrm's Growth track (W-SUP-1: one per Growth marker)
    MAX_LAIR_CAP = 9     # the largest cap a Growth space may print (the game option growth_caps)
    NPIECE = 32       # piece kinds a hit or a payment can remove
    NBKIND = 3        # building kinds of one seat (Pieces.buildings)
    NTKIND = 1        # token kinds of one seat (Pieces.tokens)
    MAX_LEGAL = 4096
    WIN_VP = 30
    HAND_LIMIT = 5

cdef enum:  # factions, in setup letter order with the Wyrm last (LoR 5.1.7, W-MP-1)
    F_MARQUISE = 0
    F_EYRIE = 1
    F_ALLIANCE = 2
    F_VAGABOND = 3
    F_WYRM = 4
    F_MECHANICAL = 5  # the Mechanical Marquise 2.0 (mechanical.pxi): a bot, setup letter A after the Marquise
    F_VAGABOND2 = 6   # the second Vagabond (LoR 9.7): the Vagabond's rules, his own seat and board
    F_LIZARDS = 7     # the Lizard Cult (lizards.pxi; LoR 10), setup letter F
    F_RIVERFOLK = 8   # the Riverfolk Company (riverfolk.pxi; LoR 11), setup letter G
    F_DUCHY = 9       # the Underground Duchy (duchy.pxi; LoR 12), setup letter H
    F_CORVIDS = 10    # the Corvid Conspiracy (corvids.pxi; LoR 13), setup after the Duchy (digest §8.1)
    F_HUNDREDS = 11   # the Lord of the Hundreds (hundreds.pxi; LoR 14), setup after the Corvids (H-C23)
    F_KEEPERS = 12    # the Keepers in Iron (keepers.pxi; LoR 15), setup after the Hundreds (I-C16)
    NFACTION = 13
    F_HIRELING = 13   # no faction: the row of the per-faction tables a hireling side reads (side_faction)
    NFROW = 14        # rows of the tables a side may read: the factions and F_HIRELING

cdef enum:
    PLAYER_CHANCE = -1
    PLAYER_TERMINAL = -4

cdef enum:
    FOX = 0
    RABBIT = 1
    MOUSE = 2
    BIRD = 3

cdef enum:  # card kinds
    K_AMBUSH = 0
    K_DOMINANCE = 1
    K_PERSISTENT = 2
    K_ITEM = 3
    K_FAVOR = 4

cdef enum:  # piece kinds (REMOVE actions, hit allocation, wood payment)
    P_WARRIOR = 0
    P_SAWMILL = 1
    P_WORKSHOP = 2
    P_RECRUITER = 3
    P_WOOD = 4
    P_KEEP = 5
    P_WYRMLING = 6
    P_PAWN = 7
    P_FEAR = 8
    P_BIRD = 9            # an Eyrie warrior
    P_ROOST = 10
    P_REBEL = 11          # an Alliance warrior
    P_BASE = 12           # an Alliance base (the one of its clearing's suit)
    P_SYMPATHY = 13       # a sympathy token
    P_LIZARD = 14         # a Lizard Cult warrior
    P_GARDEN = 15         # a Cult garden (the one of its clearing's suit)
    P_OTTER = 16          # a Riverfolk warrior
    P_TRADE_POST = 17     # a Riverfolk trade post (a token; the one of its clearing's suit)
    P_MOLE = 18           # an Underground Duchy warrior
    P_CITADEL = 19        # a Duchy citadel (building kind 0)
    P_MARKET = 20         # a Duchy market (building kind 1)
    P_TUNNEL = 21         # a Duchy tunnel (token kind 0)
    P_CORVID = 22         # a Corvid warrior
    P_PLOT = 23           # a Corvid plot (token kind 0; its type on the Corvids' board)
    P_HUNDRED = 24        # a Hundreds warrior (the warlord is the seat's pawn, P_PAWN)
    P_STRONGHOLD = 25     # a Hundreds stronghold (building kind 0)
    P_MOB = 26            # a Hundreds mob (token kind 0)
    P_KEEPER = 27         # a Keepers warrior
    P_WAYSTATION = 28     # a Keepers waystation (building kind 0; which one and its face: KeepersBoard)
    P_RELIC = 29          # a Keepers relic in a clearing (token kind 0; which one: KeepersBoard.relic_at)
    P_HIRELING = 30       # a hireling's warrior (which hireling: the side whose pieces hold it, hirelings.pxi)
    P_VAULT = 31          # a Vault Keepers' vault (a hireling's building kind 0)

cdef enum:  # fear token sides
    FEAR_NONE = 0
    FEAR_SCARED = 1
    FEAR_COWED = 2

cdef enum:  # the Wyrm's ability tracks
    BITE = 0
    HEIGHT = 1
    MIGHT = 2

cdef enum:  # decision points: what the game is waiting for
    S_DEAL = 0            # chance: opening hands
    S_CAT_KEEP = 1        # Marquise picks the Keep's corner
    S_CAT_SETUP_BUILD = 2 # Marquise places her three starting buildings
    S_WYRM_SETUP = 3      # Wyrm picks its starting clearing (W-SET-2)
    S_CAT_WOOD = 4        # Marquise places wood when the supply runs short
    S_CAT_DAY = 5         # Marquise Daylight: craft, then actions
    S_CAT_MARCH = 6       # second move of a march
    S_CAT_PAY = 7         # paying wood for a build
    S_CAT_RECRUIT = 8     # recruiting when the supply runs short
    S_EVE_DRAW = 9        # chance: Evening draws
    S_DISCARD = 10        # discard down to the hand limit
    S_WYRM_INTIMIDATE = 11
    S_WYRM_RETURN = 12    # W-BIRD-2: return a Growth marker
    S_WYRM_EMERGE = 13    # W-BIRD-2: pawn leaves its forest
    S_WYRM_DAY = 14
    S_WYRM_TERROR = 15
    S_WYRM_HOARD = 16
    S_AMBUSH = 17         # battle: defender may ambush
    S_FOIL = 18           # battle: attacker may foil
    S_ROLL = 19           # chance: battle dice
    S_ALLOC = 20          # battle: a side allocates a hit
    S_LAIR = 21           # battle: the Wyrm picks the Lair item a hit removes (W-PY-2)
    S_FOREST = 22         # the Wyrm picks the forest its pawn flees to (W-FOREST-1)
    S_HOSPITAL = 23       # Field Hospitals
    S_TERMINAL = 24
    S_BIRDSONG_CARDS = 25 # end of Birdsong: a last point for Royal Claim, Stand and Deliver!
    S_STEAL = 26          # chance: the card Stand and Deliver! takes
    S_CARD_DRAW = 27      # chance: draws of card effects (Better Burrow Bank, Tax Collector)
    S_WARREN = 28         # Command Warren: a battle at the start of Daylight
    S_COBBLER = 29        # Cobbler: a move at the start of Evening
    S_EFFECTS = 30        # battle effects after the roll (Armorers, Sappers, Brutal Tactics)
    S_EYRIE_SETUP = 31    # Eyrie picks its starting corner (LoR 7.3.1; no Marquise at the table)
    S_EYRIE_LEADER = 32   # Eyrie picks a leader (setup, LoR 7.3.3; Turmoil, LoR 7.7.3)
    S_EYRIE_ADD = 33      # Birdsong: a card to the Decree (LoR 7.4.2)
    S_EYRIE_ROOST = 34    # Birdsong: A New Roost's clearing (LoR 7.4.3)
    S_EYRIE_DAY = 35      # Daylight: craft, then resolve the Decree (LoR 7.5)
    S_TARGET = 36         # 3+ seats: the seat on turn picks the other player a card effect names
    S_ALLIANCE_BIRD = 37  # Birdsong: Revolt, then Spread Sympathy (LoR 8.4)
    S_ALLIANCE_PAY = 38   # the Alliance picks the supporters a Revolt or Spread Sympathy spends
    S_ALLIANCE_DAY = 39   # Daylight: craft, Mobilize, Train (LoR 8.5)
    S_ALLIANCE_EVE = 40   # Evening: military operations, one per officer (LoR 8.6.1)
    S_OUTRAGE = 41        # a seat picks the card it pays for Outrage (LoR 8.2.6), on anyone's turn
    S_SUPPORTER_DRAW = 42 # chance: a deck card onto the Supporters stack (setup, Outrage with no match)
    S_TRIM = 43           # the Alliance discards supporters down to 5 with no base left (LoR 8.2.4)
    S_VB_CHAR = 44        # the Vagabond picks a character (LoR 9.3.1)
    S_VB_SETUP = 45       # the Vagabond puts his pawn in a forest (LoR 9.3.2)
    S_QUEST_DRAW = 46     # chance: a quest card turned face up (setup, after a quest)
    S_VB_REFRESH = 47     # Birdsong: the items Refresh turns face up (LoR 9.4.1)
    S_VB_SLIP = 48        # Birdsong: Slip (LoR 9.4.2)
    S_VB_DAY = 49         # Daylight: the Vagabond's actions (LoR 9.5)
    S_RUIN = 50           # chance: the item a ruin held (Explore, LoR 9.5.3)
    S_VB_TAKE = 51        # Aid: an item taken from the aided player's Crafted Items box (LoR 9.5.4)
    S_VB_STEAL = 52       # chance: the card the Thief's Steal takes (LoR D.1)
    S_VB_REPAIR = 53      # the Ranger's Hideout: the items it repairs (LoR D.3)
    S_VB_DAMAGE = 54      # a Revolt or a Favor in his clearing: the items it damages (LoR 9.2.2.I)
    S_VB_DROP = 55        # Evening: the items he removes over his item limit (LoR 9.6.4)
    S_MM_KEEP = 56        # chance: the Mechanical Marquise's Keep corner (MM2 digest §4)
    S_MM_SETUP_BUILD = 57 # chance: its starting buildings, one type at a time (MM2 digest §4)
    S_MM_ORDER = 58       # chance: its order card, the top card of the deck (MM2 digest §5)
    S_MM_DAY = 59         # its turn walking on by itself (never waited at: see mm_run)
    S_CHARM = 60          # start of Evening: Charm Offensive, used or not (E&P)
    S_SABOTEURS = 61      # start of Birdsong: Saboteurs, used or not (E&P)
    S_INFORMANTS = 62     # Evening: Informants, an ambush from the discard pile instead of the draw (E&P)
    S_EMIGRE_MOVE = 63    # end of Birdsong: Eyrie Emigre's move, or pass and discard it (E&P)
    S_EMIGRE_BATTLE = 64  # then its battle in the clearing moved into, or pass and discard it (E&P)
    S_SWAP_GIVE = 65      # Swap Meet: the card given back for the one taken (E&P)
    S_LEAGUE = 66         # League of Adventurous Mice: the move or battle an exhausted item buys (E&P)
    S_KEEP_THREE = 67     # the Advanced Setup's last step: a player returns cards to the deck, keeping 3 (LoR 16.1.10)
    S_ENLIST = 68         # the defender may enlist the Arbiter, before the roll (LoR 16.3.5)
    S_VB_ORDER = 69       # chance: which of two Vagabonds sets up first (LoR 9.7.1)
    S_RUIN_PICK = 70      # two Vagabonds: the explorer takes one of a ruin's items, or none (LoR 9.7.3)
    S_DRAFT_DEAL = 71     # chance: a faction card dealt face up to the draft's pool (LoR 16.1.8.1)
    S_DRAFT_CHAR = 72     # chance: the character card dealt beside a Vagabond card (LoR 16.1.8.1.3)
    S_DRAFT_PICK = 73     # a player chooses a faction card of the pool, and sets it up (LoR 16.1.8.2)
    S_CAT_HOMELAND = 74   # the Marquise's setup card in the draft: her homelands, one at a time (LoR 16.1.8.2.3)
    S_LZ_CORNER = 75      # the Cult picks its starting corner (LoR 10.3.2)
    S_LZ_OUTCAST = 76     # the Cult picks the first Outcast suit (LoR 10.3.3)
    S_LZ_BIRD = 77        # Birdsong: conspiracies (LoR 10.4.3): a battle or move here is a Crusade
    S_LZ_CRUSADE = 78     # a Crusade's battle in the clearing it moved into, or pass (LoR 10.4.3.I)
    S_LZ_DAY = 79         # Daylight: rituals (LoR 10.5)
    S_LZ_EVE = 80         # Evening: craft with gardens of the Outcast suit (LoR 10.6.2)
    S_FAITHFUL = 81       # chance: the card Fear of the Faithful discards at random (LoR 10.2.5)
    S_RF_SETUP = 82       # the Riverfolk place their 4 starting warriors (LoR 11.3.2)
    S_RF_PRICES = 83      # the Riverfolk set their service prices (setup LoR 11.3.5, Evening 11.6.2)
    S_RF_DAY = 84         # Daylight: the Riverfolk's actions (LoR 11.5)
    S_RF_FUND = 85        # the Riverfolk pick whose fund an action commits or spends (choice C8)
    S_RF_DISRUPT = 86     # Trade Disruption: the Riverfolk pick whose fund is lost (LoR 11.2.5.I), any turn
    S_SERVICES = 87       # the start of another player's Birdsong: it may buy services (LoR 11.2.6)
    S_SERVICE_ITEMS = 88  # a Vagabond buying: the items he exhausts for the price (LoR 11.2.6.III)
    S_DC_CORNER = 89      # the Duchy picks its starting corner (LoR 12.3.3)
    S_DC_DAY = 90         # Daylight: Assembly, two actions (LoR 12.5.1)
    S_DC_REVEAL = 91      # the card revealed for a Build, the Foremole or a Sway (LoR 12.5.1-3)
    S_DC_DIG = 92         # a Dig: the warriors that come up from the Burrow, 0..4 (LoR 12.5.1, C3)
    S_DC_TUNNEL = 93      # a Dig with every tunnel out: the one removed first (LoR 12.2.4)
    S_DC_PARLIAMENT = 94  # Daylight: each swayed minister's action once (LoR 12.5.2)
    S_DC_MINISTER = 95    # a minister's action under way (its moves, battles, the Banker's cards)
    S_DC_SWAY = 96        # Daylight: sway one minister (LoR 12.5.3)
    S_DC_EVE = 97         # Evening: craft with citadels and markets (LoR 12.6.2)
    S_DC_FAILURE = 98     # the Price of Failure: the Duchy picks the minister among the tied (LoR 12.2.3), any turn
    S_DC_FAIL_DRAW = 99   # chance: the card the Price of Failure discards at random (LoR 12.2.3)
    S_CV_SETUP = 100      # the Corvids place a warrior in a clearing of each suit (LoR 13.3.2)
    S_CV_BIRD = 101       # Birdsong: craft, flip plots, recruit (LoR 13.4)
    S_CV_DAY = 102        # Daylight: three actions (LoR 13.5)
    S_CV_EVE = 103        # Evening: Exert (an action, then no draw) or draw (LoR 13.6)
    S_CV_EXPOSE = 104     # the seat on turn Exposing a plot: its card and guess (LoR 13.2.4)
    S_CV_EXTORT = 105     # chance: the card an extortion takes from a victim at random (LoR 13.7.3)
    S_LH_SETUP = 106      # the Hundreds' corner (LoR 14.3.2)
    S_LH_BIRD = 107       # Birdsong: a mob to place, Anoint, Choose Mood, Lavish (LoR 14.4, 14.7.4)
    S_LH_MOB = 108        # chance: the mob die (LoR 14.4.1, 14.7.3)
    S_LH_RUIN = 109       # chance: the item a razed ruin gives (LoR 14.4.1)
    S_LH_DAY = 110        # Daylight: craft, Command the Hundreds, Advance the Warlord (LoR 14.5)
    S_LH_EVE = 111        # Evening: Incite, Jubilant's rolls, then Oppress and draw (LoR 14.6)
    S_LH_CONTEMPT = 112   # Contempt for Trade: the item for 0 VP, or its VP (LoR 14.2.3)
    S_LH_OVERFLOW = 113   # a full Hoard track: which item leaves the game (LoR 14.2.4.I)
    S_LH_LOOT = 114       # a loot's end: the item taken from the defender's box (LoR 14.2.5)
    S_LH_DECLARE = 115    # a battle's start: the attacking Hundreds declare a loot or not (LoR 14.2.5)
    S_LH_BITTER = 116     # Bitter: mobs become warriors before the roll (LoR 14.7.1)
    S_KI_SETUP = 117      # the Keepers' corner, then a map-edge clearing beside it (LoR 15.3.3)
    S_KI_PLACE = 118      # chance: a setup relic's type (and forest) (LoR 15.3.1, 15.3.4)
    S_KI_BIRD = 119       # Birdsong: Encamp, Decamp, Recruit (LoR 15.4)
    S_KI_DAY = 120        # Daylight: craft, then the Retinue's columns left to right (LoR 15.5)
    S_KI_DELVE = 121      # Battle then Delve: the relic delved, or none (LoR 15.5.2.II)
    S_KI_VALUE = 122      # chance: a delved face-down relic's value (LoR 15.5.2.II.a; I-C1)
    S_KI_RECOVER = 123    # Move or Recover: another relic recovered there, or stop (LoR 15.5.2.III.c)
    S_KI_EVE = 124        # Evening: Gather Retinue (LoR 15.6.2)
    S_KI_CARRY = 125      # a reaction: relics going along with moved Keeper warriors (LoR 15.2.4)
    S_KI_TROPHY = 126     # a reaction: the forest a removed relic goes to (LoR 15.2.5; the remover)
    S_HR_GIVE = 127       # the end of a turn: the player a hireling with no control markers goes to (LoR 16.4.1.3)
    S_HR_TAKE = 128       # the end of a turn: the supply hireling a hireling marker takes (LoR 16.4.1.1)
    S_HR_CONTROL = 129    # chance: the control die rolled for a hireling gained (LoR 16.4.1.2)
    S_HR_SCOUTS = 130     # Rabbit Scouts: the defender's card for the higher roll, before it (HIRE)
    S_HR_PHYSICIANS = 131 # Feline Physicians: the clearing the saved warriors go to (HIRE; after the card)
    S_HR_SMUGGLE = 132    # Rat Smugglers: the move or battle an item card discarded buys, in Daylight (HIRE)
    S_HR_RUIN = 133       # chance: the item the Brigand's controller takes from a ruin (HIRE)
    S_HR_STEAL = 134      # chance: the card the Brigand's controller takes at random from a player (HIRE)
    S_HR_MOVE = 135       # a hireling's move (hr_now), in its controller's Daylight (Forest Patrol: HIRE, E-25)
    S_HR_BATTLE = 136     # a hireling's battle after its move, or none (hr_now; Forest Patrol: E-25)
    S_HR_SETUP = 137      # a player sets up hireling hr_now where its card lets it choose (LoR 16.1.6.3, E-4)
    N_STEPS = 138

cdef enum:  # the Eyrie's Decree columns and leaders (LoR 7.5.2, 7.8)
    D_RECRUIT = 0
    D_MOVE = 1
    D_BATTLE = 2
    D_BUILD = 3
    NDECREE = 4
    L_BUILDER = 0
    L_CHARISMATIC = 1
    L_COMMANDER = 2
    L_DESPOT = 3
    NLEADER = 4

cdef enum:  # the Vagabond's items (vagabond.pxi): the 7 supply kinds (cards.pxi ITEM_NAMES), then the torch
    I_BOOTS = 0
    I_BAG = 1
    I_CROSSBOW = 2
    I_HAMMER = 3
    I_SWORD = 4
    I_TEA = 5
    I_COINS = 6
    I_TORCH = 7
    NVITEM = 8
    VS_UP = 0             # face up, undamaged (on its track for tea, coins, bags, up to 3 each)
    VS_DOWN = 1           # exhausted (face down), undamaged
    VS_DMG_UP = 2         # in the Damaged box, face up
    VS_DMG_DOWN = 3       # in the Damaged box, face down
    NVSTATE = 4
    NQUEST = 15           # quest cards (root-factions.md §1.10), one copy each
    NCHAR = 9             # the characters (LoR 16.3.1-9): CH_*
    CH_THIEF = 0          # the characters in VAGABOND_TABLE's order (LoR 16.3.1-9)
    CH_TINKER = 1
    CH_RANGER = 2
    CH_VAGRANT = 3
    CH_ARBITER = 4
    CH_SCOUNDREL = 5
    CH_ADVENTURER = 6
    CH_RONIN = 7
    CH_HARRIER = 8
    REL_HOSTILE = -1      # relationships (LoR 9.2.9): Hostile, Indifferent 0, 1, 2, Allied 3
    REL_ALLIED = 3

cdef enum:  # where a pause for Field Hospitals or a forest choice resumes
    FH_BATTLE = 0
    FH_FAVOR = 1
    FH_DRAW = 2           # Tax Collector: the card draw comes next
    FH_DAY = 3            # a Strike, Propaganda Bureau: back to the Daylight of the seat on turn
    FH_CONSPIRACY = 4     # a Convert: back to the Cult's conspiracies (LoR 10.4.3)
    # (the RESUME_* values lie above every step: N_STEPS < 200, asserted in turn.pxi; saves before
    #  schema 11 held them as 100..104, upgraded_state moves them)
    RESUME_BIRDSONG = 200 # resume_step value: go on with Birdsong
    RESUME_SETUP = 201    # react_resume value: the next faction's setup (the Alliance's supporters)
    RESUME_EVENING = 202  # resume_step value: go on with Evening (a Cobbler move the Ferry carried)
    RESUME_COBBLER = 203  # resume_step value: go on with the start of Evening (after Charm Offensive)
    RESUME_SERVICES = 204 # resume_step value: the services, then the faction's Birdsong (after the Bank)

cdef enum:  # battle stages (what happens after the current allocation)
    BS_AMBUSH_HITS = 1
    BS_DEFENDER = 2
    BS_ATTACKER = 3

cdef struct Battle:
    int8_t clearing
    int8_t attacker
    int8_t defender
    int8_t stage
    int8_t ambush          # ambush card type the defender played, -1 for none
    int8_t hits_def        # hits still to deal to the defender after the roll
    int8_t hits_att        # hits still to deal to the attacker after the roll
    int8_t alloc_seat      # the side now taking hits
    int8_t alloc_left      # hits it still has to allocate
    int8_t effects_stage   # 0: the attacker uses effects, 1: the defender
    int8_t armor_att       # Armorers used by the attacker: it ignores the rolled hits it takes
    int8_t armor_def
    int8_t extra_to_att    # extra hits (Sappers)
    int8_t extra_to_def    # extra hits (Brutal Tactics)
    int8_t roll_high
    int8_t roll_low
    uint8_t return_step    # the step the battle returns to (past 127 since the hirelings)
    int8_t despot          # the Despot's extra VP was scored in this battle (LoR 7.8.4)
    int8_t ally            # the Allied seat whose warriors fight as the Vagabond's (LoR 9.2.9.II.c), -1
    int8_t ally_hits       # hits the Vagabond took on those warriors in this battle (LoR 9.2.9.II.d)
    int8_t item_hits       # hits he took on his items in this battle
    int8_t mm_lost         # Mechanical Marquise warriors removed by hits in this battle (Hospitals)
    int8_t mm_half         # Fortified: a hit already landed on one of its buildings (MM2 digest §9)
    int8_t partisans       # Partisans used in this battle (E&P): bit 0 by the attacker, bit 1 by the defender
    int8_t swift           # the Ronin's Swift Strikes in this battle (LoR 16.3.8): + extra hits on the
                           #   defender (he attacks), - extra hits on the attacker (he defends)
    int8_t arbiter         # 1: the defender enlisted the Arbiter (LoR 16.3.5)
    int8_t instigator      # the Vagrant who instigated this battle (LoR 16.3.4), -1 for none
    int8_t hired           # the side fighting with Riverfolk mercenaries (LoR 11.2.7.III), -1 for none
    int8_t hired_hits      # hits that side has taken in this battle (odd: its own, even: mercenaries)
    int8_t loot            # 1: the attacking Hundreds declared a loot (LoR 14.2.5)
    int8_t bitter          # 1: Bitter's mobs were called in this battle (LoR 14.7.1)
    uint16_t hit_taken     # bit per side: it ignored the first hit it took in this battle (Stubborn)
    int8_t scouts          # Rabbit Scouts (hirelings.pxi): 0 not asked, 1 the defender deals the higher roll,
                           #   2 declined
    uint8_t card_kept      # bit per hireling: of the hits it is taking now, one Forest Patrol warrior removed
                           #   went onto its card (HIRE, E-24; E-C8: one a removal)

cdef struct CardCounts:
    # A count 0..3 of each card type (no card type has more than 3 copies) as two bit-planes:
    # bit t of lo and of hi are the low and high bits of card type t's count. Read and change it
    # only through the cc_* functions below.
    uint64_t lo
    uint64_t hi


cdef struct Pieces:
    # One seat's pieces, in one layout for every faction (factions.pxi says what each slot is for
    # a faction: PIECE_CLASS, FACTION_WARRIOR ...). Shared rules (rule, battle, removal,
    # placement, crafting pieces) read these; a faction's own file answers where it differs.
    uint8_t warriors[NCL]             # Marquise warriors, wyrmlings, Eyrie birds, rebels, the bot's
    uint8_t buildings[NBKIND][NCL]    # Marquise and bot: sawmills, workshops, recruiters; Eyrie:
                                      #   roosts (kind 0); Alliance: bases, kind = suit
    uint8_t tokens[NTKIND][NCL]       # wood, fear tokens (either side), sympathy
    int8_t pawn                       # the Wyrm's or the Vagabond's pawn: clearing, NCL+f in forest
                                      #   f, -1 off the map
    int8_t keep                       # the Keep's clearing (closed to every other seat's placing,
                                      #   LoR 6.2.2), -1 for none
    uint8_t warrior_supply
    uint8_t building_supply[NBKIND]   # Eyrie roosts, Alliance bases (the Marquise counts her track)
    uint8_t token_supply[NTKIND]


include "boards.pxi"


cdef struct Seat:
    # One seat's block: what the seat holds and knows, its pieces and its faction's board. A game
    # of n seats uses the first n blocks of GameState.seats, and copying it copies those alone.
    CardCounts hand
    CardCounts play_area
    CardCounts known[MAX_SEATS]       # known[h]: the copies of each card this seat knows are in h's hand
    CardCounts known_sup              # the cards this seat knows are in the Supporters stack (it paid them)
    int16_t score
    uint16_t favor_mask               # bit c: an enemy of this seat a Favor has still to clear from c
    uint8_t hand_size
    uint8_t to_draw                   # draws still to come in the current run (deal, Evening, card effect)
    uint8_t items[NLAIR]              # Crafted Items box; the Wyrm's is its Lair (W-SUP-4)
    uint8_t items_exhausted[NLAIR]    # of those, exhausted (League of Adventurous Mice, E&P)
    uint8_t outrage[3]                # Outrage this seat owes, per suit (LoR 8.2.6, ruling §10.8)
    Pieces pc                         # its pieces (factions.pxi says what each slot holds for its faction)
    FactionBoard board                # what only its faction has (boards.pxi), by seat_faction


cdef struct GameState:
    # the table: seats, map, shared decks and supplies, the step and the current turn; then one
    # Seat block per seat (last, so that a copy of an n-seat game stops after the n-th)
    uint8_t step           # (0..N_STEPS - 1: past 127 since the hirelings)
    int8_t turn            # seat whose turn it is
    int8_t first           # seat that plays first
    int8_t winner          # -1 while nobody has won
    int16_t turn_number    # turns started so far (1 = the first player's first turn)
    int8_t nseats
    int8_t seat_faction[MAX_SEATS]     # the faction in each seat (-1 past nseats)
    int8_t faction_seat[NFACTION]      # the seat of each faction (-1 when not at the table)
    uint8_t map_id         # the map (board.pxi, MAP_NAMES): a game option
    uint8_t deck_id        # the shared deck (cards.pxi, DECK_NAMES; LoR 16.1.2): a game option
    uint8_t setup_mode     # SETUP_STANDARD or SETUP_ADVANCED (LoR 5.1, 16.1; SETUP_NAMES): a game option
    int8_t character_option  # the Vagabond's character (CH_*) set as a game option, his only choice
                             #   at setup; -1: he chooses any (LoR 9.3.1)
    int8_t suit[NCL]       # each clearing's suit: printed (Autumn) or the suit markers' (LoR 16.1.1)
    uint16_t adj[NCL]      # the open paths, bit b of clearing a (closed paths open: LoR 16.2.3.3)
    int8_t ferry           # the Ferry's clearing (the Lake: LoR 16.2.2.5), -1 on other maps
    uint8_t ferry_used     # the Ferry has carried a move this turn (once per turn)
    uint8_t path_opened    # a closed path was opened this turn (the Mountain: once per turn, 16.2.3.3)
    # game options of factions that may sit (kept in every game)
    uint8_t growth_caps[NGROWTH_SPACES] # the caps printed on the Wyrm's Growth track, left to right
                                  #   (W-EVE-1; W-EVE-2 the default), set by State(growth_caps=)
    uint8_t mm_variant            # the Mechanical Marquise: MM_ORIGINAL or MM_DC (the Director's Cut)
    uint8_t mm_level              # MM_EASY, MM_NORMAL, MM_CHALLENGING, MM_NIGHTMARE
    uint8_t mm_traits             # bit per MM_T_* trait
    # cards (counts per card type; the deck has no order: a draw is a chance event)
    CardCounts deck
    CardCounts discard
    CardCounts out_of_game     # dominance cards in two-seat games (LoR 5.1.3)
    CardCounts available          # dominance cards available beside the map (LoR 3.3.3)
    CardCounts lost_souls         # the Lost Souls pile, public: every card spent or discarded while
                                  #   a faction that keeps it sits (the Cult: LoR 10.2.6, LOST_SOULS)
    uint8_t deck_size
    # items
    uint8_t item_supply[NITEM]
    uint8_t items_lost[NITEM]     # removed from the game (W-PY-2 ruling)
    # quests and ruins (beside the map, shared by every Vagabond)
    uint16_t quest_deck           # bit q: quest q is in the (orderless) quest deck
    uint16_t quest_up             # bit q: quest q is face up (three at most)
    uint16_t explored             # bit c: the ruin of clearing c was explored and left the map (ruins
                                  #   stand on the map in every game until explored, LoR 5.1.4)
    uint8_t ruin_items[NVITEM]    # the items still under ruins nobody has seen (which ruin holds which:
                                  #   nobody knows)
    # two Vagabonds (LoR 9.7.3): two items per ruin; an explorer looks at both and takes one or none
    uint16_t ruin_half            # bit c: one of the two items of c's ruin was taken
    int8_t ruin_seen[NCL][2]      # the kinds still in c's ruin that a Vagabond looked at (-1: none);
                                  #   they are no longer in ruin_items
    uint8_t ruin_seers[NCL]       # bit per seat: who looked at them (they alone know them)
    int8_t vb_acting              # the Vagabond a Vagabond step is for: his setup, his turn, a Favor's
                                  #   damage (vagabond.pxi)
    uint16_t scorched             # bit c: the Scoundrel's torch lies in c; nothing is placed in or
                                  #   moved into it (Scorched Earth, LoR 16.3.6)
    # reactions: Outrage and the Supporters stack, settled after the action that set them off
    int8_t react_seat             # S_OUTRAGE: the seat paying
    uint8_t react_resume          # the step the reactions return to (or RESUME_SETUP)
    # the current turn
    uint8_t actions_left          # Marquise actions
    uint8_t crafting_open         # crafting is still allowed (Daylight starts with it)
    uint8_t recruited
    uint8_t moves_used
    uint8_t battles_used
    uint16_t pay_mask             # clearings wood may be paid from
    uint8_t activated[NCL]        # crafting pieces activated this turn
    uint8_t place_left[NCL]       # pending placements (short supply, Intimidate)
    int8_t build_type
    int8_t build_clearing
    uint8_t wood_owed
    # card effects
    uint8_t resume_step           # where a card-effect draw, steal or Favor resumes; at
                                  # birdsong_cards, the phase after Birdsong (S_*_DAY, S_EVE_DRAW)
    uint8_t used_tax
    uint8_t used_codebreak
    uint8_t used_steal
    uint8_t used_ep               # E&P cards used this turn, a bit each (ep_cards.pxi: EP_USED_*)
    int8_t ep_card                # the E&P card whose effect is under way (Swap Meet's take), -1
    int8_t ep_clearing            # Eyrie Emigre: the clearing its battle must be in, -1
    uint8_t coffin[MAX_SEATS]     # each seat's warriors on Coffin Makers (E&P), out of its supply
    int8_t target                 # the other player the pending card effect names (card_target)
    int8_t target_card            # S_TARGET: the card whose effect waits for the choice
    int8_t favor_seat             # seat resolving a Favor, -1 for none
    int8_t fh_clearing            # Field Hospitals: where warriors were removed
    uint8_t fh_count              # how many
    uint8_t fh_resume             # FH_BATTLE / FH_FAVOR / FH_DRAW
    # the faction draft (LoR 16.1.8.1-2; draft.pxi): a seat of -1 in seat_faction is a player who has
    # not chosen yet (here, after the fields play reads, so that those keep their places)
    uint16_t draft_cards   # bit f: faction card f in the draft (LAW25 A.8.1; 0: no draft): a game option
    uint8_t draft_stage    # DRAFT_NONE (no draft), DRAFT_DEAL, DRAFT_PICK, DRAFT_DONE
    uint16_t draft_deck    # bit f: faction card f of the group's pool, not dealt (LAW25 A.8.1)
    uint16_t draft_pool    # bit f: faction card f dealt face up in the centre, not chosen
    uint8_t draft_deals    # cards still to deal (the pool holds drafting players + 1)
    uint16_t draft_waiting # bit f: a chosen faction whose setup waits for every other's (the Wyrm, W-MP-48)
    int8_t draft_last      # the card dealt last, -1
    int8_t draft_locked    # that card when an insurgent, locked until a militant is chosen (16.1.8.1.2), -1
    int8_t draft_char[2]   # the character dealt beside each Vagabond card (16.1.8.1.3), -1
    uint16_t homeland[MAX_SEATS]   # bit c: clearing c is that seat's homeland (16.1.8.2; a Keep's clearing too)
    # hirelings (LoR 16.4; hirelings.pxi): a game option, three cards each on one side (HR_*), -1: none
    int8_t hr_kind[NHIRE]          # the side each hireling card is played on (HIRELING_NAMES)
    int8_t hr_owner[NHIRE]         # the seat controlling it, -1: in the supply
    uint8_t hr_control[NHIRE]      # the control markers on it (LoR 16.4.1.2)
    int16_t hr_gained[NHIRE]       # the turn_number its controller gained it (LoR 16.4.1.3: "previous turns")
    uint8_t hr_markers             # bit i: the hireling marker of space 4 * (i + 1) is still on the score track
    uint8_t hr_owed[MAX_SEATS]     # hireling markers below a seat's Evening not yet flipped (LoR 16.4.1.1)
    uint8_t hr_stage               # the end-of-turn steps under way (HRS_*; E-C3)
    int8_t hr_now                  # the hireling being given or rolled for, or acting (its move and battle), -1
    int8_t hr_roller               # the seat rolling the control die for it, -1
    uint8_t hr_used                # bit per once-per-Daylight hireling action used this turn (HRU_*)
    int8_t hr_at                   # the ruin's clearing while the Brigand's item turns up (S_HR_RUIN), -1
    uint16_t hr_entered[MAX_SEATS] # bit c: the seat's pieces moved into c this turn (the Band's ban, E-46)
    Pieces hr_pc[NHIRE]            # each hireling's pieces (side HSIDE + i): warriors, vaults (building kind 0),
                                   #   a pawn; their supply
    Battle battle
    Seat seats[MAX_SEATS]


# what a faction not at the table has: no pieces, a new board (never written: init_nobody)
cdef Pieces NO_PIECES
cdef FactionBoard NO_BOARD[NFACTION]


cdef inline size_t state_size(const GameState* s) noexcept nogil:
    """The bytes of s in use: the table and its nseats Seat blocks."""
    return <size_t>(<const char*>&s.seats[s.nseats] - <const char*>s)


cdef inline int round_of(const GameState* s) noexcept nogil:
    """The round being played: each seat's turn once a round (turn_number 1 is round 1's first
    turn; setup is round 0)."""
    return (max(0, <int>s.turn_number) + s.nseats - 1) // s.nseats


cdef inline void copy_state(GameState* dst, const GameState* src) noexcept nogil:
    """dst becomes src (the blocks of seats past src's table are left as they were: never read)."""
    memcpy(dst, src, state_size(src))


cdef inline void clear_draws(GameState* s) noexcept nogil:
    """No seat has draws still to come."""
    cdef int v
    for v in range(s.nseats):
        s.seats[v].to_draw = 0


cdef inline void clear_favor(GameState* s) noexcept nogil:
    """No Favor has clearings still to clear."""
    cdef int v
    for v in range(s.nseats):
        s.seats[v].favor_mask = 0


cdef inline FactionBoard* faction_board(GameState* s, int f) noexcept nogil:
    """The board of faction f's seat (boards.pxi); a new one, never written, when f is not at the
    table. Each faction's file reads its own as eyrie_board(s), wyrm_board(s) ..."""
    cdef int seat = s.faction_seat[f]
    return &s.seats[seat].board if seat >= 0 else &NO_BOARD[f]


cdef inline int cat_seat(GameState* s) noexcept nogil:
    """The Marquise's seat (-1 when she is not at the table)."""
    return s.faction_seat[F_MARQUISE]


cdef inline int wyrm_seat(GameState* s) noexcept nogil:
    """The Wyrm's seat (-1 when it is not at the table)."""
    return s.faction_seat[F_WYRM]


cdef inline int eyrie_seat(GameState* s) noexcept nogil:
    """The Eyrie's seat (-1 when they are not at the table)."""
    return s.faction_seat[F_EYRIE]


cdef inline int alliance_seat(GameState* s) noexcept nogil:
    """The Woodland Alliance's seat (-1 when they are not at the table)."""
    return s.faction_seat[F_ALLIANCE]


cdef inline int mm_seat(GameState* s) noexcept nogil:
    """The Mechanical Marquise's seat (-1 when it is not at the table)."""
    return s.faction_seat[F_MECHANICAL]


cdef inline Pieces* faction_pc(GameState* s, int f) noexcept nogil:
    """The pieces of faction f's seat; nobody's (empty) when f is not at the table."""
    cdef int seat = s.faction_seat[f]
    return &s.seats[seat].pc if seat >= 0 else &NO_PIECES


cdef inline Pieces* side_pc(GameState* s, int side) noexcept nogil:
    """The pieces of a side: a seat's, or a hireling's (side HSIDE + i: hirelings.pxi)."""
    return &s.seats[side].pc if side < HSIDE else &s.hr_pc[side - HSIDE]


cdef inline bint side_in_play(GameState* s, int side) noexcept nogil:
    """side (0..NSIDE - 1) has pieces in this game: a seated seat, or a hireling of a game with them
    (the sides a battle may name, in order: for side in range(NSIDE): if side_in_play(s, side) ...)."""
    return side < s.nseats or (side >= HSIDE and s.hr_kind[0] >= 0)


cdef inline int side_faction(GameState* s, int side) noexcept nogil:
    """The row of the per-faction tables a side reads: its seat's faction, or F_HIRELING."""
    return s.seat_faction[side] if side < HSIDE else F_HIRELING


cdef inline int next_seat(GameState* s, int seat) noexcept nogil:
    """The seat clockwise after seat (turn order, LoR 1.4.1)."""
    seat += 1
    return 0 if seat >= s.nseats else seat


# ---- card counts in bit-planes (CardCounts) ----------------------------------------------

cdef extern from *:
    int popcount64 "__builtin_popcountll"(unsigned long long x) nogil
    int ctz64 "__builtin_ctzll"(unsigned long long x) nogil
    int __builtin_clzll(unsigned long long x) nogil


cdef inline int cc_get(const CardCounts* c, int t) noexcept nogil:
    """The count of card type t."""
    return <int>(((c.lo >> t) & 1) | (((c.hi >> t) & 1) << 1))


cdef inline void cc_set(CardCounts* c, int t, int n) noexcept nogil:
    """Set the count of card type t to n (0..3)."""
    cdef uint64_t bit = (<uint64_t>1) << t
    c.lo = (c.lo & ~bit) | (bit if n & 1 else 0)
    c.hi = (c.hi & ~bit) | (bit if n & 2 else 0)


cdef inline void cc_add(CardCounts* c, int t, int n) noexcept nogil:
    """Add n copies of card type t (the count stays 0..3)."""
    cc_set(c, t, cc_get(c, t) + n)


cdef inline bint cc_has(const CardCounts* c, int t) noexcept nogil:
    """At least one card of type t."""
    return ((c.lo | c.hi) >> t) & 1


cdef inline int cc_in(const CardCounts* c, uint64_t types) noexcept nogil:
    """The cards of the types in a mask (bit t for card type t)."""
    return popcount64(c.lo & types) + 2 * popcount64(c.hi & types)


cdef inline uint64_t cc_types(const CardCounts* c) noexcept nogil:
    """The card types with a copy here, bit t for type t: a loop over a hand's or the deck's types
    takes them lowest first (t = ctz64(m); m &= m - 1) and skips the types it lacks."""
    return c.lo | c.hi


cdef inline int cc_total(const CardCounts* c) noexcept nogil:
    """Every card counted."""
    return popcount64(c.lo) + 2 * popcount64(c.hi)


cdef inline int cc_kinds(const CardCounts* c, uint64_t types, int* last) noexcept nogil:
    """How many of the card types in a mask c holds; last: the highest of them (untouched if none)."""
    cdef uint64_t m = (c.lo | c.hi) & types
    if m:
        last[0] = 63 - __builtin_clzll(m)
    return popcount64(m)


cdef inline void cc_take_from(int* counts, const CardCounts* c) noexcept nogil:
    """counts[t] -= the count of t in c, for every card type t (visiting only the types c holds)."""
    cdef uint64_t m = c.lo
    while m:
        counts[ctz64(m)] -= 1
        m &= m - 1
    m = c.hi
    while m:
        counts[ctz64(m)] -= 2
        m &= m - 1


cdef inline void cc_from_counts(CardCounts* c, const int* counts) noexcept nogil:
    """c holds counts[t] (0..3) of each card type t."""
    cdef int t
    c.lo = 0
    c.hi = 0
    for t in range(NCT):
        c.lo |= (<uint64_t>(counts[t] & 1)) << t
        c.hi |= (<uint64_t>((counts[t] >> 1) & 1)) << t


# known[v][h]: the copies of a card seat v knows to be in seat h's hand (Codebreakers, Stand and
# Deliver!, dominance swaps)

cdef inline int known_get(GameState* s, int v, int h, int t) noexcept nogil:
    return cc_get(&s.seats[v].known[h], t)


cdef inline void known_add(GameState* s, int v, int h, int t, int n) noexcept nogil:
    cc_add(&s.seats[v].known[h], t, n)


cdef inline void known_forget_one(GameState* s, int v, int h, int t) noexcept nogil:
    """Seat v knows of one copy fewer of t in h's hand (none if it knew of none)."""
    if cc_get(&s.seats[v].known[h], t) > 0:
        cc_add(&s.seats[v].known[h], t, -1)


cdef inline void known_clear(GameState* s, int v, int h) noexcept nogil:
    """Seat v forgets all it knew of h's hand."""
    s.seats[v].known[h].lo = 0
    s.seats[v].known[h].hi = 0


# decree[col]: the cards in a column of the Eyrie's Decree

cdef inline int decree_get(GameState* s, int col, int t) noexcept nogil:
    return cc_get(&eyrie_board(s).decree[col], t)


cdef inline void decree_add(GameState* s, int col, int t) noexcept nogil:
    cc_add(&eyrie_board(s).decree[col], t, 1)


cdef inline int decree_cards(GameState* s, int col, uint64_t types) noexcept nogil:
    """The cards of the types in a mask in a Decree column."""
    return cc_in(&eyrie_board(s).decree[col], types)


cdef inline int decree_size(GameState* s) noexcept nogil:
    """The cards in the whole Decree (the Viziers not counted)."""
    cdef int col, n = 0
    for col in range(NDECREE):
        n += cc_total(&eyrie_board(s).decree[col])
    return n


cdef inline void decree_clear(GameState* s) noexcept nogil:
    memset(eyrie_board(s).decree, 0, sizeof(eyrie_board(s).decree))
