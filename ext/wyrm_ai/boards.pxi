# The faction boards: what only one faction has, beyond its pieces. Each seat's block holds one
# FactionBoard, a union read as its faction's board (state.pxi: eyrie_board(s), alliance_board(s),
# vb_board(s), wyrm_board(s), bot_board(s), lizard_board(s), riverfolk_board(s), duchy_board(s)); its size is the
# largest board's, however many factions the engine knows. init_board (factions.pxi) sets a new game's board.

cdef struct EyrieBoard:       # the Eyrie Dynasties (eyrie.pxi)
    CardCounts decree[NDECREE]    # cards in each Decree column (the Viziers come from the leader)
    int8_t leader                 # the current leader (L_*), -1 while one is to be chosen
    uint8_t leaders_down          # bit per leader turned face down (deposed)
    uint8_t decree_done[NDECREE][4]  # cards of each suit resolved this turn per column (Viziers are birds)
    uint8_t decree_added          # Birdsong: cards added to the Decree this turn
    uint8_t decree_bird_added     # Birdsong: a bird card was among them


cdef struct AllianceBoard:    # the Woodland Alliance (alliance.pxi)
    CardCounts supporters         # the Supporters stack: hidden from every other seat (LoR 8.2.3)
    uint8_t officers
    uint8_t supporters_size
    uint8_t spread_begun          # Birdsong: sympathy spread this turn, so no more Revolts (LoR 8.4)
    uint8_t ops_used              # Evening: military operations taken (LoR 8.6.1)
    int8_t sup_clearing           # a Revolt or Spread Sympathy being paid for: its clearing,
    uint8_t sup_owed              #   the supporters still to spend,
    uint8_t sup_revolt            #   1 for a Revolt, 0 for Spread Sympathy
    int8_t revolt_at              # a Revolt removing enemy pieces (the Favor machinery), -1 for none
    uint8_t sup_to_draw           # deck cards still to go onto the stack (setup, no matching card)
    uint8_t trim_owed             # 1: no base on the map and more than 5 supporters (LoR 8.2.4)


cdef struct VagabondBoard:    # the Vagabond (vagabond.pxi)
    int8_t vb_char                # character (CH_*), -1 before setup
    uint8_t vb_items[NVSTATE][NVITEM]   # his items by state (VS_*) and kind (I_*)
    uint8_t vb_out[NVITEM]        # items he removed (LoR 9.6.4, hits never remove) or never used (LoR 9.3.5)
    int8_t vb_rel[MAX_SEATS]      # relationship with each seat's faction (REL_HOSTILE, 0..REL_ALLIED)
    uint8_t vb_aids[MAX_SEATS]    # Aids to each seat this turn toward the next step (LoR 9.2.9.I)
    uint16_t quest_done           # bit q: quest q is completed (his play area)
    int8_t coalition              # the Vagabond's coalition partner (LoR 9.2.8), -1 for none
    uint8_t vb_left               # Birdsong: refreshes left; Hideout: repairs left; Revolt/Favor: damage left
    int8_t vb_aided               # S_VB_TAKE: the seat just aided
    uint8_t vb_quest_draws        # cards a quest's reward still draws (after the new quest is turned up)
    uint8_t vb_improvised         # the Adventurer improvised in a quest this turn (LoR 16.3.7: once per turn)
    uint8_t vb_ritems             # bit per kind: an "R" item of that kind he took from a ruin and holds
                                  #   (two Vagabonds: no second of a kind, LoR 9.7.3)


cdef struct WyrmBoard:        # the Voracious Wyrm (wyrm.pxi)
    uint16_t fear_cowed           # bit c: the fear token in c shows its cowed side
    uint16_t terror_mask          # clearings already terrorized this turn
    uint16_t hoard_mask           # clearings already hoarded in this turn
    uint8_t treasure_supply
    uint8_t growth[3]             # Growth markers on Bite, Height, Might (the rest are on the Growth track)
    uint8_t used_fear             # its Daylight actions taken this turn
    uint8_t used_terror
    uint8_t used_eat
    uint8_t used_hoard
    int8_t flee_from              # clearing the pawn is fleeing from (W-FOREST-1)


cdef struct BotBoard:         # the Mechanical Marquise 2.0's turn program (mechanical.pxi)
    int8_t mm_order               # the order card (card type) face up this turn, -1 for none
    uint8_t mm_phase              # the Daylight or Evening step its turn runs next (MP_*)
    uint8_t mm_cursor             # the next clearing that step looks at (priority order)
    uint8_t mm_built              # a building was placed this turn
    uint8_t mm_repeats            # Expands this turn
    uint8_t mm_moved[NCL]         # DC: warriors that moved in this Move step, per clearing
    uint16_t mm_dests             # Escalated Daylight: the clearings it moved into


cdef struct LizardBoard:       # the Lizard Cult (lizards.pxi)
    CardCounts revealed           # cards revealed for rituals this Daylight, public (LoR 10.5); back
                                  #   to the hand in Evening (10.6.1)
    int8_t outcast                # the Outcast suit (LoR 10.3.3, 10.4.1), -1 before setup chooses it
    uint8_t hated                 # the marker shows its Hated side (LoR 10.4.1): conspiracies cost 1 less
    uint8_t acolytes              # warriors in the Acolytes box (LoR 10.2.3)
    uint8_t scored                # bit per suit: a Score ritual of that suit this turn (LoR 10.5.3)
    uint8_t faithful_owed         # random discards Fear of the Faithful still owes (LoR 10.2.5)
    int8_t crusade_at             # a Crusade moved into this clearing: its battle may follow, -1


cdef struct RiverfolkBoard:    # the Riverfolk Company (riverfolk.pxi)
    uint8_t payments[MAX_SEATS]   # warriors in the Payments box, by owner seat (LoR 11.2.6.I)
    uint8_t funds[MAX_SEATS]      # ... in the Funds box (LoR 11.2.4)
    uint8_t committed[MAX_SEATS]  # ... in the Committed box and on crafting spaces (back to Funds at
                                  #   Gather, LoR 11.4.3)
    uint8_t posts_left[3]         # trade posts still on each suit's track; each placed one uncovered a
                                  #   crafting space for good (LoR 11.2.1)
    uint8_t track_used[3]         # crafting spaces of each suit filled this turn
    uint8_t price[3]              # Hand Card, Riverboats, Mercenaries: 1..4 (0: not yet set at setup)
    uint8_t priced                # bit per service repriced this Evening (or set at setup)
    int8_t buyer                  # the seat buying services now (the start of its Birdsong), -1
    uint8_t svc_left              # purchases it may still make (LoR 11.2.6.II)
    uint8_t svc_owed              # a Vagabond's items still to exhaust for a purchase (LoR 11.2.6.III)
    int8_t boats                  # the seat that bought Riverboats this turn, -1 (LoR 11.2.7.II)
    int8_t hired                  # the seat that bought Mercenaries this turn, -1 (LoR 11.2.7.III)
    uint8_t mercs_on              # its mercenaries serve now: its Daylight and Evening
    uint8_t fund_owed             # funds the pending action still commits or spends (choice C8)
    uint8_t fund_mode             # FUND_COMMIT or FUND_SPEND
    uint8_t disrupt_owed          # funds Trade Disruption still removes (LoR 11.2.5.I)
    int32_t pending               # the Riverfolk action waiting for its funds, -1


cdef struct DuchyBoard:        # the Underground Duchy (duchy.pxi)
    CardCounts revealed           # cards revealed this Daylight (Build, the Foremole, Sway), public
                                  #   (LoR 12.5); birds discarded, the rest back to the hand in Evening
    uint8_t burrow                # warriors in the Burrow (LoR 12.2.2: a clearing of the Duchy's own)
    uint16_t swayed               # bit per minister (M_*): swayed, its crown on it (LoR 12.5.3)
    uint8_t crowns[3]             # crowns still on the board per rank (squire, noble, lord)
    uint16_t used                 # bit per minister: its action taken this Parliament (LoR 12.5.2)
    uint8_t assembly_left         # Assembly actions left this Daylight (LoR 12.5.1: two)
    uint8_t swayed_now            # a minister was swayed this turn (LoR 12.5.3: one)
    int8_t acting                 # the minister whose action is under way (the Mayor's copy), -1
    uint8_t acts_left             # its moves or battles left (the Brigadier: two)
    int8_t act_kind               # the Brigadier's choice: ACT_MOVE or ACT_BATTLE, -1 before his first
    int8_t bank_suit              # the Banker's suit, -1 while none is fixed (birds alone so far)
    uint8_t banked                # cards the Banker spent in this action
    int8_t reveal_for             # what the card revealed now is for: REVEAL_BUILD, REVEAL_FOREMOLE, REVEAL_SWAY, -1
    int8_t reveal_at              # a Build's clearing
    int8_t reveal_kind            # a Build's building kind (citadel 0, market 1)
    int8_t sway_minister          # the minister being swayed, -1
    uint8_t sway_need             # cards its Sway still reveals
    uint8_t sway_suits[4]         # cards revealed for this Sway per suit (birds at BIRD)
    int8_t dig_at                 # a Dig's clearing: its warriors come up next (S_DC_DIG), -1
    int8_t dig_card               # the card that Dig spent (told with its tunnel), -1
    uint8_t failure_owed          # the Price of Failure set off by the action under way (LoR 12.2.3)
    uint8_t fail_discard          # its random discard still owed


cdef struct CorvidBoard:       # the Corvid Conspiracy (corvids.pxi)
    uint8_t plot_type[NCL]        # the type (PLOT_*) of the plot in c, while one is there; hidden
                                  #   from every other seat while it lies face down (LoR 13.2.2.I)
    uint16_t face_up              # bit c: c's plot lies face up
    uint8_t not_type[NCL]         # bit t: a wrong Exposure named type t for c's face-down plot
                                  #   (public: the Corvids said no; it travels with a Trick)
    uint8_t plotted               # plots placed this turn (LoR 13.5.2: the n-th costs n warriors)
    uint8_t actions_left          # Daylight actions left (LoR 13.5: three)
    uint8_t exerted               # Exert taken this Evening: no draw (LoR 13.6.1)
    uint8_t setup_suits           # bit per suit given its warrior at setup (LoR 13.3.2)
    uint8_t stage                 # Birdsong: 0 crafting still open, 1 flipping (LoR 13.4)
    int8_t bomb_at                # a bomb's clearing while it removes, -1
    uint8_t extort_left           # bit per seat: an extortion's victims still to lose a card
    int8_t expose_at              # the clearing of the Exposure under way, -1
    uint8_t expose_resume         # the step it returns to


cdef struct HundredsBoard:     # the Lord of the Hundreds (hundreds.pxi)
    uint8_t hoard[NVITEM]         # the Hoard's items by kind (LoR 14.2.4; their tracks: HOARD_TRACK)
    int8_t mood                   # the mood card in force (MOOD_*; LoR 14.7)
    uint8_t stage                 # Birdsong: LH_RAZE, LH_MOB, LH_ANOINT, LH_MOOD, LH_LAVISH
    uint16_t raze_left            # razed clearings whose ruin still gives an item (LoR 14.4.1)
    int8_t mob_suit               # the mob die's suit while its mob is to be placed, -1
    uint8_t mob_resume            # the step a mob spread returns to (Birdsong or Evening)
    uint8_t command_left          # Command actions left (LoR 14.5.2)
    uint8_t advance_left          # Advances left (LoR 14.5.3)
    uint8_t advance               # an Advance under way: 0 none, 1 moved, 3 Relentless's extra
    uint8_t block                 # Daylight: LH_COMMAND or LH_ADVANCE under way
    uint8_t blocks_done           # Daylight blocks done (Grandiose swaps their order)
    uint8_t jubilant_left         # Jubilant's rolls left after an Incite (LoR 14.7.3)
    int8_t contempt_card          # an item card crafted, its Contempt for Trade to choose, -1
    uint8_t contempt_resume       # the step it returns to
    uint8_t overflow              # a full Hoard track to make room on: 1 Command, 2 Prowess, 0 none
    uint8_t hoard_resume          # the step an overflow returns to
    uint8_t ritems                # two Vagabonds: bit k, they took an "R" item of kind k from a razed
                                  #   ruin (no second of a kind, LoR 9.7.3; H-C17)


cdef struct KeepersBoard:      # the Keepers in Iron (keepers.pxi)
    int8_t relic_at[NRELIC]       # relic i (type i // 4): a clearing, NCL + forest, RELIC_TROPHY + the
                                  #   remover's side (a seat, or a hireling's) while a removed one waits for its forest, RELIC_RECOVERED,
                                  #   or -1 before setup places it (the clearings' token counts mirror it)
    uint8_t relic_value[NRELIC]   # its value once face up (1..3); 0 face down: no seat knows it (I-C1)
    int8_t way_at[3]              # waystation w's clearing, -1 on the faction board (buildings mirror it)
    uint8_t way_face[3]           # 0 its front up, 1 its back (WAYSTATION_FACES: the relic type shown)
    int8_t retinue[NRETINUE]      # each Retinue slot's card type, RETAINER (a Faithful Retainer), or -1
    uint8_t ret_col[NRETINUE]     # the slot's column: 0 Move, 1 Battle then Delve, 2 Move or Recover
    uint16_t ret_used             # bit per slot: its action taken this Daylight (LoR 15.5.2)
    uint8_t stage                 # setup, Birdsong or Evening stage (KI_*)
    uint8_t column                # Daylight: the column acting (3: all done)
    int8_t slot_now               # the slot whose Battle then Delve or Recover is under way, -1
    int8_t act_at                 # that action's clearing, -1
    int8_t delve_forest           # the forest the relic being delved came from, -1
    int8_t delve_relic            # the delved relic whose value is drawn now (S_KI_VALUE), -1
    uint16_t encamped             # clearings Encamped in this Birdsong (LoR 15.4.1)
    uint16_t decamped             # clearings Decamped in (LoR 15.4.2)
    int8_t carry_from             # a move of Keeper warriors relics may go along with: from, to, and
    int8_t carry_to               #   how many more may go (one a warrior moved, LoR 15.2.4), -1/-1/0
    uint8_t carry_left
    uint8_t eve_mode              # Gather Retinue: 0 nothing yet, 1 cards added, 2 a card shifted (LoR 15.6.2)


cdef union FactionBoard:
    EyrieBoard eyrie
    AllianceBoard alliance
    VagabondBoard vagabond
    WyrmBoard wyrm
    BotBoard bot
    LizardBoard lizards
    RiverfolkBoard riverfolk
    DuchyBoard duchy
    CorvidBoard corvids
    HundredsBoard hundreds
    KeepersBoard keepers
