# The action space: every decision and chance outcome is one small int.
# Each kind owns a contiguous range; wyrm_ai/notation.py gives each int its text.
cdef enum:
    A_PASS = 0            # decline / end the current optional step
    A_DISCARD = 1         # + card type
    A_CRAFT = 43          # + card type
    A_AMBUSH = 85         # + card type (play an ambush, or foil one)
    A_BATTLE = 127        # + clearing * 2 + defender seat
    A_REMOVE = 151        # + piece * 12 + clearing (hit allocation, wood payment)
    A_LAIR = 259          # + Lair item kind a hit on the pawn removes
    A_FOREST = 267        # + forest the pawn flees to
    A_KEEP = 274          # + corner clearing
    A_BUILD = 286         # + building type * 12 + clearing
    A_RECRUIT = 322
    A_PLACE_WARRIOR = 323 # + clearing (recruit with a short supply)
    A_PLACE_WOOD = 335    # + clearing (Birdsong with a short supply)
    A_OVERWORK = 347      # + clearing * 42 + card type
    A_EXTRA = 851         # + bird card type spent for an extra action
    A_HOSPITAL = 893      # + card type spent for Field Hospitals
    A_PAWN_TO = 935       # + clearing (Wyrm setup, leaving a forest)
    A_INTIMIDATE = 947    # + clearing * 4 + wyrmlings placed (0..3)
    A_RETURN = 995        # + ability track a Growth marker returns to
    A_FEAR = 998          # + clearing
    A_TERROR = 1010       # + (clearing * 12 + destination) * 2 + seat whose warrior moves
    A_EAT = 1298          # + card type * 3 + ability track
    A_HOARD = 1424        # + clearing * 42 + card type
    A_DRAW = 1928         # chance: + card type drawn
    A_DICE = 1970         # chance: + high die * 4 + low die
    A_MOVE = 1986         # + ((from * 12 + to) * 2 + pawn) * 26 + warriors
    A_MOVE_END = 9474
    A_USE = 9474          # + card type in the play area used (Armorers, Sappers, Brutal Tactics,
                          #   Royal Claim, Stand and Deliver!)
    A_TAX = 9516          # + clearing: Tax Collector removes a warrior there
    A_CODEBREAK = 9528    # Codebreakers: look at the other hand
    A_STEAL = 9529        # chance: + card type Stand and Deliver! takes
    N_ACTIONS = 9571

ACTION_KINDS = (
    ("pass", A_PASS, 1), ("discard", A_DISCARD, NCT), ("craft", A_CRAFT, NCT),
    ("ambush", A_AMBUSH, NCT), ("battle", A_BATTLE, NCL * 2), ("remove", A_REMOVE, NPIECE * NCL),
    ("lair", A_LAIR, NLAIR), ("forest", A_FOREST, NFOREST), ("keep", A_KEEP, NCL),
    ("build", A_BUILD, 3 * NCL), ("recruit", A_RECRUIT, 1), ("place_warrior", A_PLACE_WARRIOR, NCL),
    ("place_wood", A_PLACE_WOOD, NCL), ("overwork", A_OVERWORK, NCL * NCT), ("extra", A_EXTRA, NCT),
    ("hospital", A_HOSPITAL, NCT), ("pawn_to", A_PAWN_TO, NCL), ("intimidate", A_INTIMIDATE, NCL * 4),
    ("return", A_RETURN, 3), ("fear", A_FEAR, NCL), ("terror", A_TERROR, NCL * NCL * 2),
    ("eat", A_EAT, NCT * 3), ("hoard", A_HOARD, NCL * NCT), ("draw", A_DRAW, NCT),
    ("dice", A_DICE, 16), ("move", A_MOVE, NCL * NCL * 2 * 26), ("use", A_USE, NCT),
    ("tax", A_TAX, NCL), ("codebreak", A_CODEBREAK, 1), ("steal", A_STEAL, NCT),
)


cdef inline int move_action(int a, int b, int pawn, int n) noexcept nogil:
    return A_MOVE + ((a * NCL + b) * 2 + pawn) * 26 + n
