# The base shared deck (root-base-rules.md §2): 54 cards in 42 distinct types.
cdef int8_t CARD_SUIT[NCT]
cdef int8_t CARD_COUNT[NCT]
cdef int8_t CARD_KIND[NCT]
cdef int8_t CARD_COST[NCT][4]     # crafting pieces needed: fox, rabbit, mouse, any suit
cdef int8_t CARD_ITEM[NCT]        # item kind for item cards, -1 otherwise
cdef int8_t CARD_VP[NCT]
cdef uint64_t SUIT_CARDS[4]       # bit t for each card type t of the suit (CardCounts masks)
cdef uint64_t MATCH_CARDS[4]      # the card types that match a clearing of the suit: its own and birds

# item kinds: boots, bag, crossbow, hammer, sword, tea, coins (+ treasure in the Lair)
ITEM_NAMES = ("boots", "bag", "crossbow", "hammer", "sword", "tea", "coins", "treasure")
ITEM_LETTERS = ("f", "b", "x", "h", "s", "t", "c", "g")   # Rootlog item letters; g = treasure
ITEM_SUPPLY = (2, 2, 1, 1, 2, 2, 2)
SUIT_NAMES = ("fox", "rabbit", "mouse", "bird")
SUIT_LETTERS = ("F", "R", "M", "B")
KIND_NAMES = ("ambush", "dominance", "persistent", "item", "favor")

# (name, suit, count, kind, (fox, rabbit, mouse, any), item, vp)
_F, _R, _M, _B = FOX, RABBIT, MOUSE, BIRD
_bo, _ba, _xb, _ha, _sw, _te, _co = 0, 1, 2, 3, 4, 5, 6
CARDS = (
    ("Ambush!", _B, 2, K_AMBUSH, (0, 0, 0, 0), -1, 0),
    ("Dominance", _B, 1, K_DOMINANCE, (0, 0, 0, 0), -1, 0),
    ("Armorers", _B, 2, K_PERSISTENT, (1, 0, 0, 0), -1, 0),
    ("Sappers", _B, 2, K_PERSISTENT, (0, 0, 1, 0), -1, 0),
    ("Brutal Tactics", _B, 2, K_PERSISTENT, (2, 0, 0, 0), -1, 0),
    ("Royal Claim", _B, 1, K_PERSISTENT, (0, 0, 0, 4), -1, 0),
    ("Arms Trader", _B, 1, K_ITEM, (2, 0, 0, 0), _sw, 2),
    ("Birdy Bindle", _B, 1, K_ITEM, (0, 0, 1, 0), _ba, 1),
    ("Crossbow", _B, 1, K_ITEM, (1, 0, 0, 0), _xb, 1),
    ("Woodland Runners", _B, 1, K_ITEM, (0, 1, 0, 0), _bo, 1),
    ("Ambush!", _F, 1, K_AMBUSH, (0, 0, 0, 0), -1, 0),
    ("Dominance", _F, 1, K_DOMINANCE, (0, 0, 0, 0), -1, 0),
    ("Favor of the Foxes", _F, 1, K_FAVOR, (3, 0, 0, 0), -1, 0),
    ("Stand and Deliver!", _F, 2, K_PERSISTENT, (0, 0, 3, 0), -1, 0),
    ("Tax Collector", _F, 3, K_PERSISTENT, (1, 1, 1, 0), -1, 0),
    ("Anvil", _F, 1, K_ITEM, (1, 0, 0, 0), _ha, 2),
    ("Foxfolk Steel", _F, 1, K_ITEM, (2, 0, 0, 0), _sw, 2),
    ("Gently Used Knapsack", _F, 1, K_ITEM, (0, 0, 1, 0), _ba, 1),
    ("Protection Racket", _F, 1, K_ITEM, (0, 2, 0, 0), _co, 3),
    ("Root Tea", _F, 1, K_ITEM, (0, 0, 1, 0), _te, 2),
    ("Travel Gear", _F, 1, K_ITEM, (0, 1, 0, 0), _bo, 1),
    ("Ambush!", _R, 1, K_AMBUSH, (0, 0, 0, 0), -1, 0),
    ("Dominance", _R, 1, K_DOMINANCE, (0, 0, 0, 0), -1, 0),
    ("Favor of the Rabbits", _R, 1, K_FAVOR, (0, 3, 0, 0), -1, 0),
    ("Better Burrow Bank", _R, 2, K_PERSISTENT, (0, 2, 0, 0), -1, 0),
    ("Cobbler", _R, 2, K_PERSISTENT, (0, 2, 0, 0), -1, 0),
    ("Command Warren", _R, 2, K_PERSISTENT, (0, 2, 0, 0), -1, 0),
    ("A Visit to Friends", _R, 1, K_ITEM, (0, 1, 0, 0), _bo, 1),
    ("Bake Sale", _R, 1, K_ITEM, (0, 2, 0, 0), _co, 3),
    ("Root Tea", _R, 1, K_ITEM, (0, 0, 1, 0), _te, 2),
    ("Smuggler's Trail", _R, 1, K_ITEM, (0, 0, 1, 0), _ba, 1),
    ("Ambush!", _M, 1, K_AMBUSH, (0, 0, 0, 0), -1, 0),
    ("Dominance", _M, 1, K_DOMINANCE, (0, 0, 0, 0), -1, 0),
    ("Favor of the Mice", _M, 1, K_FAVOR, (0, 0, 3, 0), -1, 0),
    ("Codebreakers", _M, 2, K_PERSISTENT, (0, 0, 1, 0), -1, 0),
    ("Scouting Party", _M, 2, K_PERSISTENT, (0, 0, 2, 0), -1, 0),
    ("Crossbow", _M, 1, K_ITEM, (1, 0, 0, 0), _xb, 1),
    ("Investments", _M, 1, K_ITEM, (0, 2, 0, 0), _co, 3),
    ("Mouse-in-a-Sack", _M, 1, K_ITEM, (0, 0, 1, 0), _ba, 1),
    ("Root Tea", _M, 1, K_ITEM, (0, 0, 1, 0), _te, 2),
    ("Sword", _M, 1, K_ITEM, (2, 0, 0, 0), _sw, 2),
    ("Travel Gear", _M, 1, K_ITEM, (0, 1, 0, 0), _bo, 1),
)
DECK_SIZE = sum(c[2] for c in CARDS)

cdef enum:  # card types with effects (rows of CARDS)
    C_ARMORERS = 2
    C_SAPPERS = 3
    C_BRUTAL_TACTICS = 4
    C_ROYAL_CLAIM = 5
    C_FAVOR_FOXES = 12
    C_STAND_AND_DELIVER = 13
    C_TAX_COLLECTOR = 14
    C_FAVOR_RABBITS = 23
    C_BETTER_BURROW_BANK = 24
    C_COBBLER = 25
    C_COMMAND_WARREN = 26
    C_FAVOR_MICE = 33
    C_CODEBREAKERS = 34
    C_SCOUTING_PARTY = 35


cdef void _init_cards():
    cdef int t, k
    assert len(CARDS) == NCT and DECK_SIZE == 54 and NCT <= 64   # a CardCounts plane holds NCT bits
    for t, name in ((C_ARMORERS, "Armorers"), (C_SAPPERS, "Sappers"), (C_BRUTAL_TACTICS, "Brutal Tactics"),
                    (C_ROYAL_CLAIM, "Royal Claim"), (C_FAVOR_FOXES, "Favor of the Foxes"),
                    (C_STAND_AND_DELIVER, "Stand and Deliver!"), (C_TAX_COLLECTOR, "Tax Collector"),
                    (C_FAVOR_RABBITS, "Favor of the Rabbits"), (C_BETTER_BURROW_BANK, "Better Burrow Bank"),
                    (C_COBBLER, "Cobbler"), (C_COMMAND_WARREN, "Command Warren"),
                    (C_FAVOR_MICE, "Favor of the Mice"), (C_CODEBREAKERS, "Codebreakers"),
                    (C_SCOUTING_PARTY, "Scouting Party")):
        assert CARDS[t][0] == name, (t, name)
    for t in range(NCT):
        name, suit, count, kind, cost, item, vp = CARDS[t]
        assert 1 <= count <= 3, (name, count)      # CardCounts hold 0..3 of a type
        CARD_SUIT[t] = suit
        SUIT_CARDS[suit] |= (<uint64_t>1) << t
        CARD_COUNT[t] = count
        CARD_KIND[t] = kind
        for k in range(4):
            CARD_COST[t][k] = cost[k]
        CARD_ITEM[t] = item
        CARD_VP[t] = vp

_init_cards()


cdef inline bint card_matches(int t, int suit) noexcept nogil:
    """A card can be spent for a suit: its own suit, or any suit if it is a bird (LoR 2.1.1)."""
    return CARD_SUIT[t] == suit or CARD_SUIT[t] == BIRD


for _suit in range(4):
    MATCH_CARDS[_suit] = SUIT_CARDS[_suit] | SUIT_CARDS[BIRD]
