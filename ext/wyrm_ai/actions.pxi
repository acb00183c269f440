# The action space: every decision and chance outcome is one small int.
# Each kind owns a contiguous range; wyrm_ai/notation.py gives each int its text.
cdef enum:
    A_PASS = 0            # decline / end the current optional step
    A_DISCARD = 1         # + card type
    A_CRAFT = A_DISCARD + NCT          # + card type
    A_AMBUSH = A_CRAFT + NCT           # + card type (play an ambush, or foil one)
    A_BATTLE = A_AMBUSH + NCT          # + clearing * NSIDE + defender side (a seat, or a hireling: HSIDE + i)
    A_REMOVE = A_BATTLE + NCL * NSIDE  # + piece * 12 + clearing (hit allocation, wood payment)
    A_LAIR = A_REMOVE + NPIECE * NCL   # + Lair item kind a hit on the pawn removes
    A_FOREST = A_LAIR + NLAIR          # + forest the pawn flees to
    A_KEEP = A_FOREST + NFOREST        # + corner clearing
    A_BUILD = A_KEEP + NCL             # + building type * 12 + clearing
    A_RECRUIT = A_BUILD + 3 * NCL
    A_PLACE_WARRIOR = A_RECRUIT + 1    # + clearing (recruit with a short supply)
    A_PLACE_WOOD = A_PLACE_WARRIOR + NCL  # + clearing (Birdsong with a short supply)
    A_OVERWORK = A_PLACE_WOOD + NCL    # + clearing * 42 + card type
    A_EXTRA = A_OVERWORK + NCL * NCT   # + bird card type spent for an extra action
    A_HOSPITAL = A_EXTRA + NCT         # + card type spent for Field Hospitals
    A_PAWN_TO = A_HOSPITAL + NCT       # + clearing (Wyrm setup, leaving a forest)
    A_INTIMIDATE = A_PAWN_TO + NCL     # + clearing * 4 + wyrmlings placed (0..3)
    A_RETURN = A_INTIMIDATE + NCL * 4  # + ability track a Growth marker returns to
    A_FEAR = A_RETURN + 3              # + clearing
    A_TERROR = A_FEAR + NCL            # + (clearing * 12 + destination) * MAX_SEATS + seat whose warrior moves
    A_EAT = A_TERROR + NCL * NCL * MAX_SEATS  # + card type * 3 + ability track
    A_HOARD = A_EAT + NCT * 3          # + clearing * 42 + card type
    A_DRAW = A_HOARD + NCL * NCT       # chance: + card type drawn
    A_DICE = A_DRAW + NCT              # chance: + high die * 4 + low die
    A_MOVE = A_DICE + 16               # + ((from * 12 + to) * 2 + pawn) * 26 + warriors
    A_MOVE_END = A_MOVE + NCL * NCL * 2 * 26
    A_USE = A_MOVE_END                 # + card type in the play area used (Armorers, Sappers,
                                       #   Brutal Tactics, Royal Claim, Stand and Deliver!)
    A_TAX = A_USE + NCT                # + clearing: Tax Collector removes a warrior there
    A_CODEBREAK = A_TAX + NCL          # Codebreakers: look at the other hand
    A_STEAL = A_CODEBREAK + 1          # chance: + card type Stand and Deliver! takes
    A_ROOST_AT = A_STEAL + NCT         # + clearing: the Eyrie's starting corner, A New Roost
    A_LEADER = A_ROOST_AT + NCL        # + leader chosen
    A_DECREE = A_LEADER + NLEADER      # + column * 42 + card type added to the Decree
    A_E_RECRUIT = A_DECREE + NDECREE * NCT   # + clearing * 2 + bird: a Recruit card resolved
    A_E_BUILD = A_E_RECRUIT + NCL * 2        # + clearing * 2 + bird: a Build card resolved
    A_E_BATTLE = A_E_BUILD + NCL * 2         # + (clearing * NSIDE + defender side) * 2 + bird
    A_E_MOVE = A_E_BATTLE + NCL * NSIDE * 2   # + ((from * 12 + to) * 2 + bird) * 21 + warriors
    A_ACTIVATE = A_E_MOVE + NCL * NCL * 2 * 21   # + dominance card type activated (LoR 3.3.1)
    A_SWAP = A_ACTIVATE + NCT          # + suit of the available dominance card * 42 + card type spent
    A_TARGET = A_SWAP + 4 * NCT        # + seat a card effect names (3+ seats)
    A_REVOLT = A_TARGET + MAX_SEATS    # + clearing: the Alliance revolts there (LoR 8.4.1)
    A_SPREAD = A_REVOLT + NCL          # + clearing: Spread Sympathy there (LoR 8.4.2)
    A_SUPPORTER = A_SPREAD + NCL       # + card type: a supporter spent (Revolt, Spread) or discarded (trim)
    A_MOBILIZE = A_SUPPORTER + NCT     # + card type moved from hand to the Supporters stack (LoR 8.5.2)
    A_TRAIN = A_MOBILIZE + NCT         # + card type spent to train an officer (LoR 8.5.3)
    A_ORGANIZE = A_TRAIN + NCT         # + clearing: a warrior there becomes a sympathy token (LoR 8.6.1)
    A_A_RECRUIT = A_ORGANIZE + NCL     # + clearing: an Evening recruit at a base (LoR 8.6.1)
    A_OUTRAGE = A_A_RECRUIT + NCL      # + card type paid for Outrage (LoR 8.2.6)
    A_VB_CHAR = A_OUTRAGE + NCT        # + character (0 Thief, 1 Tinker, 2 Ranger; LoR 9.3.1)
    A_QUEST_DRAW = A_VB_CHAR + NCHAR   # chance: + quest card turned face up
    A_REFRESH = A_QUEST_DRAW + NQUEST  # + damaged * 8 + item kind: an exhausted item refreshed (LoR 9.4.1)
    A_SLIP = A_REFRESH + 2 * NVITEM    # + location (clearing, or NCL + forest): Slip (LoR 9.4.2)
    A_VB_MOVE = A_SLIP + NCL + NFOREST # + (to * MAX_SEATS + ally) * 21 + warriors: a move (ally = his own
                                       #   seat and 0 warriors for a move alone; LoR 9.5.1, 9.2.9.II.b)
    A_EXPLORE = A_VB_MOVE + NCL * MAX_SEATS * 21   # Explore the ruin in his clearing (LoR 9.5.3)
    A_RUIN = A_EXPLORE + 1             # chance: + item kind the ruin held
    A_AID = A_RUIN + NVITEM            # + (seat * 42 + card type) * 8 + item kind exhausted (LoR 9.5.4)
    A_TAKE = A_AID + MAX_SEATS * NCT * NVITEM  # + item kind taken from the aided player's box
    A_QUEST = A_TAKE + NITEM           # + quest * 2 + reward (0: VP, 1: draw two cards; LoR 9.5.5)
    A_STRIKE = A_QUEST + NQUEST * 2    # + seat * 14 + piece removed (LoR 9.5.6)
    A_REPAIR = A_STRIKE + MAX_SEATS * NPIECE   # + face down * 8 + item kind repaired (LoR 9.5.7)
    A_STEAL_FROM = A_REPAIR + 2 * NVITEM       # + seat: the Thief's Steal (LoR D.1)
    A_DAY_LABOR = A_STEAL_FROM + MAX_SEATS     # + card type taken from the discard pile (LoR D.2)
    A_HIDEOUT = A_DAY_LABOR + NCT      # the Ranger's Hideout (LoR D.3)
    A_DAMAGE = A_HIDEOUT + 1           # + face down * 8 + item kind damaged (LoR 9.2.5, 9.2.7);
                                       #   + 16: a hit on an Allied warrior fighting for him (LoR 9.2.9.II.d)
    A_DROP = A_DAMAGE + 2 * NVITEM + 1 # + state * 8 + item kind removed over the item limit (LoR 9.6.4)
    A_COALITION = A_DROP + NVSTATE * NVITEM    # + dominance suit * MAX_SEATS + partner (LoR 9.2.8)
    A_VB_BATTLE = A_COALITION + 4 * MAX_SEATS   # + defender * MAX_SEATS + ally: a battle with an Allied
                                               #   faction's warriors as his own (LoR 9.2.9.II.c)
    A_OPEN_PATH = A_VB_BATTLE + MAX_SEATS * MAX_SEATS   # + closed path index * NCT + card spent:
                                                        #   the Mountain (LoR 16.2.3.3)
    A_SABOTAGE = A_OPEN_PATH + 6 * NCT  # + enemy seat * NCT + its crafted card discarded: Saboteurs (E&P)
    A_INFORM = A_SABOTAGE + MAX_SEATS * NCT  # + ambush card type taken from the discard pile: Informants (E&P)
    A_PROPAGANDA = A_INFORM + NCT      # + (clearing * MAX_SEATS + enemy seat) * NCT + card spent:
                                       #   Propaganda Bureau (E&P)
    A_FALSE_ORDERS = A_PROPAGANDA + NCL * MAX_SEATS * NCT   # + (enemy seat * NCL + from) * NCL + to:
                                                            #   False Orders (E&P)
    A_GIVE = A_FALSE_ORDERS + MAX_SEATS * NCL * NCL   # + card type given back: Swap Meet (E&P)
    A_LEAGUE = A_GIVE + NCT            # + item kind exhausted: League of Adventurous Mice (E&P)
    A_PUT_BACK = A_LEAGUE + NITEM      # + card type returned to the deck: the Advanced Setup's keep 3 (LoR 16.1.10)
    A_SWIFT_STRIKE = A_PUT_BACK + NCT  # the Ronin exhausts a sword for an extra hit (LoR 16.3.8)
    A_ENLIST = A_SWIFT_STRIKE + 1      # the defender enlists the Arbiter (LoR 16.3.5)
    A_SCORCH = A_ENLIST + 1            # the Scoundrel's Scorched Earth (LoR 16.3.6)
    A_GLIDE = A_SCORCH + 1             # + clearing: the Harrier's Glide (LoR 16.3.9)
    A_IMPROVISE = A_GLIDE + NCL        # + ((quest * 2 + reward) * 2 + slot) * 8 + item kind standing
                                       #   for the quest's item in that slot: Improvise (LoR 16.3.7)
    A_INSTIGATE = A_IMPROVISE + NQUEST * 4 * NVITEM  # + attacker * MAX_SEATS + defender: Instigate (LoR 16.3.4)
    A_VB_FIRST = A_INSTIGATE + MAX_SEATS * MAX_SEATS  # chance: + 0 (the Vagabond) or 1 (the second) sets up first (LoR 9.7.1)
    A_RUIN_TAKE = A_VB_FIRST + 2       # + item kind: the one a Vagabond takes of a ruin's two (LoR 9.7.3)
    A_DRAFT_CARD = A_RUIN_TAKE + NVITEM   # chance: + faction card dealt to the draft's pool (LoR 16.1.8.1)
    A_DRAFT_CHAR = A_DRAFT_CARD + NFACTION   # chance: + character dealt beside a Vagabond card (16.1.8.1.3)
    A_DRAFT_PICK = A_DRAFT_CHAR + NCHAR     # + faction card a player chooses (16.1.8.2)
    A_HOMELAND = A_DRAFT_PICK + NFACTION    # + clearing: a homeland of the Marquise's setup card (16.1.8.2)
    A_LZ_CORNER = A_HOMELAND + NCL     # + corner clearing: the Cult's starting clearing (LoR 10.3.2)
    A_OUTCAST = A_LZ_CORNER + NCL      # + suit: the Cult's first Outcast (LoR 10.3.3)
    A_CONVERT = A_OUTCAST + 3          # + clearing * MAX_SEATS + enemy seat: Convert (LoR 10.4.3.II)
    A_SANCTIFY = A_CONVERT + NCL * MAX_SEATS   # + (clearing * MAX_SEATS + enemy seat) * NBKIND + building
                                               #   kind: Sanctify (LoR 10.4.3.III)
    A_LZ_BUILD = A_SANCTIFY + NCL * MAX_SEATS * NBKIND   # + clearing * NCT + card revealed: Build (LoR 10.5.1)
    A_LZ_RECRUIT = A_LZ_BUILD + NCL * NCT      # + clearing * NCT + card revealed: Recruit (LoR 10.5.2)
    A_LZ_SCORE = A_LZ_RECRUIT + NCL * NCT      # + card spent: Score (LoR 10.5.3)
    A_SACRIFICE = A_LZ_SCORE + NCT     # + bird card revealed: Sacrifice (LoR 10.5.4)
    A_FAITHFUL = A_SACRIFICE + NCT     # chance: + card type Fear of the Faithful discards (LoR 10.2.5)
    A_BUY_CARD = A_FAITHFUL + NCT      # + card type taken from the Riverfolk's hand: Hand Card (LoR 11.2.7.I)
    A_RIVERBOATS = A_BUY_CARD + NCT    # Riverboats bought (LoR 11.2.7.II)
    A_MERCENARIES = A_RIVERBOATS + 1   # Mercenaries bought (LoR 11.2.7.III)
    A_SVC_ITEM = A_MERCENARIES + 1     # + item kind a Vagabond exhausts to pay for a service (LoR 11.2.6.III)
    A_FUND = A_SVC_ITEM + NVITEM       # + seat owning the fund the Riverfolk commit, spend or lose (C8)
    A_EXPORT = A_FUND + MAX_SEATS      # + card type exported (LoR 11.5.3.I)
    A_RF_DRAW = A_EXPORT + NCT         # the Riverfolk's Draw (LoR 11.5.4)
    A_RF_RECRUIT = A_RF_DRAW + 1       # + clearing: a warrior placed there (setup LoR 11.3.2, Recruit 11.5.5)
    A_TRADE_POST = A_RF_RECRUIT + NCL  # + clearing: Establish Trade Post (LoR 11.5.6)
    A_PRICE = A_TRADE_POST + NCL       # + service * 4 + price - 1: a service's price (LoR 11.3.5, 11.6.2)
    A_BURROW = A_PRICE + 12            # + (clearing * 2 + down) * 21 + warriors: a move between the Burrow and
                                       #   a tunnel's clearing (down 0: up out of it, 1: down into it;
                                       #   LoR 12.2.2), 0 warriors only for a Dig's (12.5.1, C3)
    A_DC_CORNER = A_BURROW + NCL * 2 * 21   # + corner clearing: the Duchy's starting clearing (LoR 12.3.3)
    A_DC_BUILD = A_DC_CORNER + NCL     # + kind * NCL + clearing: a citadel (0) or market (1) (LoR 12.5.1, Foremole)
    A_DC_REVEAL = A_DC_BUILD + 2 * NCL # + card type revealed (Build, Foremole, Sway: LoR 12.5)
    A_DC_RECRUIT = A_DC_REVEAL + NCT   # a warrior into the Burrow (LoR 12.5.1)
    A_DIG = A_DC_RECRUIT + 1           # + clearing * NCT + card type spent: Dig (LoR 12.5.1)
    A_TUNNEL_OFF = A_DIG + NCL * NCT   # + clearing: the tunnel a Dig removes first (LoR 12.2.4)
    A_MINISTER = A_TUNNEL_OFF + NCL    # + minister: its Parliament action (LoR 12.5.2), the Mayor's copy
    A_SWAY = A_MINISTER + NMINISTER    # + minister swayed (LoR 12.5.3)
    A_BANK = A_SWAY + NMINISTER        # + card type the Banker spends (LoR 12.5.2)
    A_FAILURE = A_BANK + NCT           # + minister the Price of Failure returns (LoR 12.2.3)
    A_FAIL_CARD = A_FAILURE + NMINISTER   # chance: + card type it discards at random (LoR 12.2.3)
    A_CV_SETUP = A_FAIL_CARD + NCT     # + clearing: a Corvid warrior at setup (LoR 13.3.2)
    A_FLIP = A_CV_SETUP + NCL          # + clearing: a plot flipped face up (LoR 13.4.2)
    A_CV_RECRUIT = A_FLIP + NCL        # + card * 3 + suit: Recruit, a bird naming its suit (LoR 13.4.3)
    A_PLOT = A_CV_RECRUIT + NCT * 3    # + clearing * 4 + plot type: Plot (LoR 13.5.2)
    A_TRICK = A_PLOT + NCL * 4         # + clearing * NCL + other clearing (the higher): Trick (LoR 13.5.4)
    A_EXPOSE = A_TRICK + NCL * NCL     # + clearing: the seat on turn Exposes its plot (LoR 13.2.4)
    A_GUESS = A_EXPOSE + NCL           # + card * 4 + plot type: the card shown and the type named
    A_LH_CORNER = A_GUESS + NCT * 4    # + corner clearing: the Hundreds' starting clearing (LoR 14.3.2)
    A_MOB = A_LH_CORNER + NCL          # + clearing: a mob the die (or Jubilant) spreads there (LoR 14.4.1)
    A_MOB_DIE = A_MOB + NCL            # chance: + suit the mob die shows
    A_RUIN_ITEM = A_MOB_DIE + 3        # chance: + item kind a razed ruin gives (LoR 14.4.1)
    A_ANOINT = A_RUIN_ITEM + NVITEM    # + clearing: Anoint the warlord there (LoR 14.4.3)
    A_MOOD = A_ANOINT + NCL            # + mood: Choose Mood (LoR 14.4.4)
    A_HOARD_OUT = A_MOOD + 8           # + item kind: a Hoard item out of the game (an overflow, Lavish)
    A_CONTEMPT = A_HOARD_OUT + NVITEM  # + 0 take the crafted item, 1 score it (LoR 14.2.3)
    A_LOOT = A_CONTEMPT + 2            # + 0 declare a loot; + 1 + item kind: the item taken (LoR 14.2.5)
    A_BITTER = A_LOOT + 1 + NITEM      # + clearing: Bitter removes a mob there for a warrior (LoR 14.7.1)
    A_LH_BUILD = A_BITTER + NCL        # + card * NCL + clearing: a stronghold (LoR 14.5.2)
    A_INCITE = A_LH_BUILD + NCT * NCL  # + card * NCL + clearing: Incite a mob (LoR 14.6.1)
    A_JUBILANT = A_INCITE + NCT * NCL  # Jubilant: roll the mob die again (LoR 14.7.3)
    A_KI_SETUP = A_JUBILANT + 1        # + clearing: the Keepers' corner, then their map-edge clearing (LoR 15.3.3)
    A_KI_RELIC = A_KI_SETUP + NCL      # chance: + forest * 3 + relic type: a setup relic (LoR 15.3.1, 15.3.4)
    A_ENCAMP = A_KI_RELIC + NFOREST * 3   # + (clearing * 3 + waystation) * 2 + face: Encamp (LoR 15.4.1)
    A_DECAMP = A_ENCAMP + NCL * 6      # + clearing * 3 + waystation: Decamp (LoR 15.4.2)
    A_KI_RECRUIT = A_DECAMP + NCL * 3  # + card * NCL + clearing: Recruit at a waystation (LoR 15.4.3)
    A_DELVE_AT = A_KI_RECRUIT + NCT * NCL   # + clearing: Battle then Delve with no battle due (I-C4, I-C5)
    A_DELVE = A_DELVE_AT + NCL         # + relic: the relic a delve takes from an adjacent forest (LoR 15.5.2.II.a)
    A_RELIC_VALUE = A_DELVE + NRELIC   # chance: + value - 1: a delved face-down relic's value (I-C1)
    A_RECOVER = A_RELIC_VALUE + 3      # + relic: Recover it (LoR 15.5.2.III.a)
    A_CARRY = A_RECOVER + NRELIC       # + relic: it goes along with the Keeper warriors moved (LoR 15.2.4)
    A_TROPHY = A_CARRY + NRELIC        # + forest: where a removed relic goes, face up (LoR 15.2.5)
    A_RETINUE_ADD = A_TROPHY + NFOREST    # + card * 3 + column: a hand card into the Retinue (LoR 15.6.2)
    A_RETINUE_SHIFT = A_RETINUE_ADD + NCT * 3   # + (from * 3 + to) * (NCT + 1) + card (NCT: a Faithful
                                                #   Retainer): one Retinue card to another column (LoR 15.6.2)
    A_HR_GIVE = A_RETINUE_SHIFT + 9 * (NCT + 1)   # + seat: the player a hireling with no control markers
                                                  #   goes to (LoR 16.4.1.3)
    A_HR_TAKE = A_HR_GIVE + MAX_SEATS  # + side (HIRELING_NAMES): the supply hireling a hireling marker takes
                                       #   (LoR 16.4.1.1)
    A_HR_CONTROL = A_HR_TAKE + NHIRE_SIDES   # chance: + the control die's face (LoR 16.4.1.2)
    A_HR_SCOUTS = A_HR_CONTROL + NCONTROL_FACES   # + card type spent for Rabbit Scouts (HIRE)
    A_HR_PHYSICIANS = A_HR_SCOUTS + NCT   # + clearing: where Feline Physicians place the saved warriors (HIRE)
    A_HR_SMUGGLE = A_HR_PHYSICIANS + NCL  # + item card type discarded for Rat Smugglers' move or battle (HIRE)
    A_HR_RUIN = A_HR_SMUGGLE + NCT        # + clearing: the Brigand's controller takes an item from its ruin (HIRE)
    A_HR_STEAL = A_HR_RUIN + NCL          # + seat * NITEM + item exhausted: the Brigand's controller takes a
                                          #   random card from seat (HIRE)
    A_HR_BAND = A_HR_STEAL + MAX_SEATS * NITEM   # + clearing: Street Band's controller places a Band warrior (HIRE)
    A_HR_PATROL = A_HR_BAND + NCL         # + clearing: Forest Patrol's warriors on its card into it; + NCL: its move,
                                          #   then a battle (HIRE, E-25)
    A_HR_MOVE = A_HR_PATROL + NCL + 1     # + ((hireling * 12 + from) * 12 + to) * 13 + warriors: a hireling's move
                                          #   (E-18)
    A_HR_BATTLE = A_HR_MOVE + NHIRE * NCL * NCL * 13   # + (hireling * 12 + clearing) * NSIDE + defender side: a
                                                      #   hireling's battle (E-18, E-C7)
    A_HR_DYNASTY = A_HR_BATTLE + NHIRE * NCL * NSIDE   # + clearing: Last Dynasty's warriors into that edge
                                          #   clearing; + NCL: their move; + NCL + 1: two battles (HIRE, E-28)
    A_HR_SETUP = A_HR_DYNASTY + NCL + 2   # + hireling * 12 + clearing: where the player setting up that hireling
                                          #   puts its pieces (LoR 16.1.6.3, E-4; Last Dynasty: E-27)
    N_ACTIONS = A_HR_SETUP + NHIRE * NCL

ACTION_KINDS = (
    ("pass", A_PASS, 1), ("discard", A_DISCARD, NCT), ("craft", A_CRAFT, NCT),
    ("ambush", A_AMBUSH, NCT), ("battle", A_BATTLE, NCL * NSIDE), ("remove", A_REMOVE, NPIECE * NCL),
    ("lair", A_LAIR, NLAIR), ("forest", A_FOREST, NFOREST), ("keep", A_KEEP, NCL),
    ("build", A_BUILD, 3 * NCL), ("recruit", A_RECRUIT, 1), ("place_warrior", A_PLACE_WARRIOR, NCL),
    ("place_wood", A_PLACE_WOOD, NCL), ("overwork", A_OVERWORK, NCL * NCT), ("extra", A_EXTRA, NCT),
    ("hospital", A_HOSPITAL, NCT), ("pawn_to", A_PAWN_TO, NCL), ("intimidate", A_INTIMIDATE, NCL * 4),
    ("return", A_RETURN, 3), ("fear", A_FEAR, NCL), ("terror", A_TERROR, NCL * NCL * MAX_SEATS),
    ("eat", A_EAT, NCT * 3), ("hoard", A_HOARD, NCL * NCT), ("draw", A_DRAW, NCT),
    ("dice", A_DICE, 16), ("move", A_MOVE, NCL * NCL * 2 * 26), ("use", A_USE, NCT),
    ("tax", A_TAX, NCL), ("codebreak", A_CODEBREAK, 1), ("steal", A_STEAL, NCT),
    ("roost", A_ROOST_AT, NCL), ("leader", A_LEADER, NLEADER), ("decree", A_DECREE, NDECREE * NCT),
    ("e_recruit", A_E_RECRUIT, NCL * 2), ("e_build", A_E_BUILD, NCL * 2),
    ("e_battle", A_E_BATTLE, NCL * NSIDE * 2), ("e_move", A_E_MOVE, NCL * NCL * 2 * 21),
    ("activate", A_ACTIVATE, NCT), ("swap", A_SWAP, 4 * NCT), ("target", A_TARGET, MAX_SEATS),
    ("revolt", A_REVOLT, NCL), ("spread", A_SPREAD, NCL), ("supporter", A_SUPPORTER, NCT),
    ("mobilize", A_MOBILIZE, NCT), ("train", A_TRAIN, NCT), ("organize", A_ORGANIZE, NCL),
    ("a_recruit", A_A_RECRUIT, NCL), ("outrage", A_OUTRAGE, NCT),
    ("character", A_VB_CHAR, NCHAR), ("quest_draw", A_QUEST_DRAW, NQUEST), ("refresh", A_REFRESH, 2 * NVITEM),
    ("slip", A_SLIP, NCL + NFOREST), ("vb_move", A_VB_MOVE, NCL * MAX_SEATS * 21), ("explore", A_EXPLORE, 1),
    ("ruin", A_RUIN, NVITEM), ("aid", A_AID, MAX_SEATS * NCT * NVITEM), ("take", A_TAKE, NITEM),
    ("quest", A_QUEST, NQUEST * 2), ("strike", A_STRIKE, MAX_SEATS * NPIECE), ("repair", A_REPAIR, 2 * NVITEM),
    ("steal_from", A_STEAL_FROM, MAX_SEATS), ("day_labor", A_DAY_LABOR, NCT), ("hideout", A_HIDEOUT, 1),
    ("damage", A_DAMAGE, 2 * NVITEM + 1), ("drop", A_DROP, NVSTATE * NVITEM), ("coalition", A_COALITION, 4 * MAX_SEATS),
    ("vb_battle", A_VB_BATTLE, MAX_SEATS * MAX_SEATS), ("open_path", A_OPEN_PATH, 6 * NCT),
    ("sabotage", A_SABOTAGE, MAX_SEATS * NCT), ("informants", A_INFORM, NCT),
    ("propaganda", A_PROPAGANDA, NCL * MAX_SEATS * NCT), ("false_orders", A_FALSE_ORDERS, MAX_SEATS * NCL * NCL),
    ("give", A_GIVE, NCT), ("league", A_LEAGUE, NITEM), ("put_back", A_PUT_BACK, NCT),
    ("swift_strike", A_SWIFT_STRIKE, 1), ("enlist", A_ENLIST, 1), ("scorch", A_SCORCH, 1),
    ("glide", A_GLIDE, NCL), ("improvise", A_IMPROVISE, NQUEST * 4 * NVITEM),
    ("instigate", A_INSTIGATE, MAX_SEATS * MAX_SEATS), ("vagabond_first", A_VB_FIRST, 2),
    ("ruin_take", A_RUIN_TAKE, NVITEM), ("draft_card", A_DRAFT_CARD, NFACTION),
    ("draft_character", A_DRAFT_CHAR, NCHAR), ("draft_pick", A_DRAFT_PICK, NFACTION),
    ("homeland", A_HOMELAND, NCL),
    ("lz_corner", A_LZ_CORNER, NCL), ("outcast", A_OUTCAST, 3), ("convert", A_CONVERT, NCL * MAX_SEATS),
    ("sanctify", A_SANCTIFY, NCL * MAX_SEATS * NBKIND), ("lz_build", A_LZ_BUILD, NCL * NCT),
    ("lz_recruit", A_LZ_RECRUIT, NCL * NCT), ("lz_score", A_LZ_SCORE, NCT), ("sacrifice", A_SACRIFICE, NCT),
    ("faithful", A_FAITHFUL, NCT),
    ("buy_card", A_BUY_CARD, NCT), ("riverboats", A_RIVERBOATS, 1), ("mercenaries", A_MERCENARIES, 1),
    ("service_item", A_SVC_ITEM, NVITEM), ("fund", A_FUND, MAX_SEATS), ("export", A_EXPORT, NCT),
    ("rf_draw", A_RF_DRAW, 1), ("rf_recruit", A_RF_RECRUIT, NCL), ("trade_post", A_TRADE_POST, NCL),
    ("price", A_PRICE, 12),
    ("burrow", A_BURROW, NCL * 2 * 21), ("dc_corner", A_DC_CORNER, NCL), ("dc_build", A_DC_BUILD, 2 * NCL),
    ("reveal", A_DC_REVEAL, NCT), ("dc_recruit", A_DC_RECRUIT, 1), ("dig", A_DIG, NCL * NCT),
    ("tunnel_off", A_TUNNEL_OFF, NCL), ("minister", A_MINISTER, NMINISTER), ("sway", A_SWAY, NMINISTER),
    ("bank", A_BANK, NCT), ("failure", A_FAILURE, NMINISTER), ("fail_card", A_FAIL_CARD, NCT),
    ("cv_setup", A_CV_SETUP, NCL), ("flip", A_FLIP, NCL), ("cv_recruit", A_CV_RECRUIT, NCT * 3),
    ("plot", A_PLOT, NCL * 4), ("trick", A_TRICK, NCL * NCL), ("expose", A_EXPOSE, NCL),
    ("guess", A_GUESS, NCT * 4),
    ("lh_corner", A_LH_CORNER, NCL), ("mob", A_MOB, NCL), ("mob_die", A_MOB_DIE, 3),
    ("ruin_item", A_RUIN_ITEM, NVITEM), ("anoint", A_ANOINT, NCL), ("mood", A_MOOD, 8),
    ("hoard_out", A_HOARD_OUT, NVITEM), ("contempt", A_CONTEMPT, 2), ("loot", A_LOOT, 1 + NITEM),
    ("bitter", A_BITTER, NCL), ("lh_build", A_LH_BUILD, NCT * NCL), ("incite", A_INCITE, NCT * NCL),
    ("jubilant", A_JUBILANT, 1),
    ("ki_setup", A_KI_SETUP, NCL), ("ki_relic", A_KI_RELIC, NFOREST * 3), ("encamp", A_ENCAMP, NCL * 6),
    ("decamp", A_DECAMP, NCL * 3), ("ki_recruit", A_KI_RECRUIT, NCT * NCL), ("delve_at", A_DELVE_AT, NCL),
    ("delve", A_DELVE, NRELIC), ("relic_value", A_RELIC_VALUE, 3), ("recover", A_RECOVER, NRELIC),
    ("carry", A_CARRY, NRELIC), ("trophy", A_TROPHY, NFOREST), ("retinue_add", A_RETINUE_ADD, NCT * 3),
    ("retinue_shift", A_RETINUE_SHIFT, 9 * (NCT + 1)),
    ("hire_give", A_HR_GIVE, MAX_SEATS), ("hire_take", A_HR_TAKE, NHIRE_SIDES), ("control_die", A_HR_CONTROL, NCONTROL_FACES),
    ("scouts", A_HR_SCOUTS, NCT), ("physicians", A_HR_PHYSICIANS, NCL),
    ("smuggle", A_HR_SMUGGLE, NCT), ("brigand_ruin", A_HR_RUIN, NCL), ("brigand_steal", A_HR_STEAL, MAX_SEATS * NITEM),
    ("band", A_HR_BAND, NCL), ("patrol", A_HR_PATROL, NCL + 1), ("hr_move", A_HR_MOVE, NHIRE * NCL * NCL * 13),
    ("hr_battle", A_HR_BATTLE, NHIRE * NCL * NSIDE), ("dynasty", A_HR_DYNASTY, NCL + 2), ("hr_setup", A_HR_SETUP, NHIRE * NCL),
)


cdef inline int move_action(int a, int b, int pawn, int n) noexcept nogil:
    return A_MOVE + ((a * NCL + b) * 2 + pawn) * 26 + n


cdef inline bint is_pawn_move_from(int x, int c) noexcept nogil:
    """x is a move (A_MOVE range, move_action's layout) of a pawn out of c."""
    return A_MOVE <= x < A_MOVE + NCL * NCL * 52 and ((x - A_MOVE) // 26) % 2 == 1 and (x - A_MOVE) // 52 // NCL == c


cdef inline int burrow_action(int c, int down, int n) noexcept nogil:
    return A_BURROW + (c * 2 + down) * 21 + n


cdef inline bint is_move(int a) noexcept nogil:
    """A move of any kind a seat takes as its own (the map's, the Vagabond's, the Burrow's)."""
    return ((a >= A_MOVE and a < A_MOVE_END) or (a >= A_VB_MOVE and a < A_EXPLORE)
            or (a >= A_BURROW and a < A_DC_CORNER))


cdef inline int move_to(int a) noexcept nogil:
    """The clearing a move action goes to; -1 for the Burrow."""
    if a >= A_VB_MOVE and a < A_EXPLORE:
        return (a - A_VB_MOVE) // 21 // MAX_SEATS
    if a >= A_BURROW and a < A_DC_CORNER:
        return -1 if ((a - A_BURROW) // 21) % 2 else (a - A_BURROW) // 42
    return ((a - A_MOVE) // 52) % NCL


cdef inline int battle_action(int c, int defender) noexcept nogil:
    return A_BATTLE + c * NSIDE + defender
