# The shared decks: the standard deck (root-base-rules.md §2, 54 cards in 42 types) and the
# Exiles & Partisans deck (root-maps-and-decks.md §3, 54 cards: the standard deck's 29 item,
# ambush and dominance cards and 25 of its own in 18 types). A game plays one (s.deck_id,
# DECK_NAMES; LoR 16.1.2): CARD_DECKS[t] has bit d when deck d holds card type t, in CARD_COUNT[t]
# copies.
cdef int8_t CARD_SUIT[NCT]
cdef int8_t CARD_COUNT[NCT]
cdef int8_t CARD_KIND[NCT]
cdef int8_t CARD_COST[NCT][4]     # crafting pieces needed: fox, rabbit, mouse, any suit
cdef int8_t CARD_ITEM[NCT]        # item kind for item cards, -1 otherwise
cdef int8_t CARD_VP[NCT]
cdef uint8_t CARD_DECKS[NCT]      # bit d: deck d (DECK_STANDARD, DECK_EP) holds the type
cdef uint64_t SUIT_CARDS[4]       # bit t for each card type t of the suit (CardCounts masks)
cdef uint64_t MATCH_CARDS[4]      # the card types that match a clearing of the suit: its own and birds
cdef uint64_t AMBUSH_CARDS = 0    # bit t for each ambush card type (Informants, E&P)

# item kinds: boots, bag, crossbow, hammer, sword, tea, coins (+ treasure in the Lair)
ITEM_NAMES = ("boots", "bag", "crossbow", "hammer", "sword", "tea", "coins", "treasure")
ITEM_LETTERS = ("f", "b", "x", "h", "s", "t", "c", "g")   # Rootlog item letters; g = treasure
ITEM_SUPPLY = (2, 2, 1, 1, 2, 2, 2)
SUIT_NAMES = ("fox", "rabbit", "mouse", "bird")
SUIT_LETTERS = ("F", "R", "M", "B")
KIND_NAMES = ("ambush", "dominance", "persistent", "item", "favor")
DECK_NAMES = ("standard", "ep")
SETUP_NAMES = ("standard", "advanced")     # turn.pxi: SETUP_STANDARD, SETUP_ADVANCED

cdef enum:
    DECK_STANDARD = 0
    DECK_EP = 1

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
    # the Exiles & Partisans deck's own cards (root-maps-and-decks.md §3; -1 cost: any suit)
    ("Saboteurs", _B, 3, K_PERSISTENT, (0, 0, 0, 1), -1, 0),
    ("Soup Kitchens", _B, 1, K_PERSISTENT, (1, 1, 1, 0), -1, 0),
    ("Boat Builders", _B, 1, K_PERSISTENT, (0, 0, 0, 2), -1, 0),
    ("Corvid Planners", _B, 1, K_PERSISTENT, (0, 0, 0, 2), -1, 0),
    ("Eyrie Emigre", _B, 1, K_PERSISTENT, (2, 0, 0, 0), -1, 0),
    ("Fox Partisans", _F, 1, K_PERSISTENT, (1, 0, 0, 0), -1, 0),
    ("Propaganda Bureau", _F, 1, K_PERSISTENT, (0, 0, 0, 3), -1, 0),
    ("False Orders", _F, 2, K_PERSISTENT, (1, 0, 0, 0), -1, 0),
    ("Informants", _F, 2, K_PERSISTENT, (2, 0, 0, 0), -1, 0),
    ("Rabbit Partisans", _R, 1, K_PERSISTENT, (0, 1, 0, 0), -1, 0),
    ("Tunnels", _R, 2, K_PERSISTENT, (0, 1, 0, 0), -1, 0),
    ("Charm Offensive", _R, 1, K_PERSISTENT, (0, 1, 0, 0), -1, 0),
    ("Swap Meet", _R, 2, K_PERSISTENT, (0, 1, 0, 0), -1, 0),
    ("Coffin Makers", _R, 1, K_PERSISTENT, (0, 2, 0, 0), -1, 0),
    ("Mouse Partisans", _M, 1, K_PERSISTENT, (0, 0, 1, 0), -1, 0),
    ("League of Adventurous Mice", _M, 2, K_PERSISTENT, (0, 0, 1, 0), -1, 0),
    ("Murine Broker", _M, 1, K_PERSISTENT, (0, 0, 2, 0), -1, 0),
    ("Master Engravers", _M, 1, K_PERSISTENT, (0, 0, 2, 0), -1, 0),
)
NCT_STANDARD = 42       # rows 0..41: the standard deck; 42.. the E&P deck's own
DECK_SIZE = sum(c[2] for c in CARDS[:NCT_STANDARD])

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
    C_SABOTEURS = 42
    C_SOUP_KITCHENS = 43
    C_BOAT_BUILDERS = 44
    C_CORVID_PLANNERS = 45
    C_EYRIE_EMIGRE = 46
    C_FOX_PARTISANS = 47
    C_PROPAGANDA_BUREAU = 48
    C_FALSE_ORDERS = 49
    C_INFORMANTS = 50
    C_RABBIT_PARTISANS = 51
    C_TUNNELS = 52
    C_CHARM_OFFENSIVE = 53
    C_SWAP_MEET = 54
    C_COFFIN_MAKERS = 55
    C_MOUSE_PARTISANS = 56
    C_LEAGUE = 57
    C_MURINE_BROKER = 58
    C_MASTER_ENGRAVERS = 59


cdef void _init_cards():
    global AMBUSH_CARDS
    cdef int t, k
    assert len(CARDS) == NCT and DECK_SIZE == 54 and NCT <= 64   # a CardCounts plane holds NCT bits
    for t, name in ((C_ARMORERS, "Armorers"), (C_SAPPERS, "Sappers"), (C_BRUTAL_TACTICS, "Brutal Tactics"),
                    (C_ROYAL_CLAIM, "Royal Claim"), (C_FAVOR_FOXES, "Favor of the Foxes"),
                    (C_STAND_AND_DELIVER, "Stand and Deliver!"), (C_TAX_COLLECTOR, "Tax Collector"),
                    (C_FAVOR_RABBITS, "Favor of the Rabbits"), (C_BETTER_BURROW_BANK, "Better Burrow Bank"),
                    (C_COBBLER, "Cobbler"), (C_COMMAND_WARREN, "Command Warren"),
                    (C_FAVOR_MICE, "Favor of the Mice"), (C_CODEBREAKERS, "Codebreakers"),
                    (C_SCOUTING_PARTY, "Scouting Party"), (C_SABOTEURS, "Saboteurs"),
                    (C_SOUP_KITCHENS, "Soup Kitchens"), (C_BOAT_BUILDERS, "Boat Builders"),
                    (C_CORVID_PLANNERS, "Corvid Planners"), (C_EYRIE_EMIGRE, "Eyrie Emigre"),
                    (C_FOX_PARTISANS, "Fox Partisans"), (C_PROPAGANDA_BUREAU, "Propaganda Bureau"),
                    (C_FALSE_ORDERS, "False Orders"), (C_INFORMANTS, "Informants"),
                    (C_RABBIT_PARTISANS, "Rabbit Partisans"), (C_TUNNELS, "Tunnels"),
                    (C_CHARM_OFFENSIVE, "Charm Offensive"), (C_SWAP_MEET, "Swap Meet"),
                    (C_COFFIN_MAKERS, "Coffin Makers"), (C_MOUSE_PARTISANS, "Mouse Partisans"),
                    (C_LEAGUE, "League of Adventurous Mice"), (C_MURINE_BROKER, "Murine Broker"),
                    (C_MASTER_ENGRAVERS, "Master Engravers")):
        assert CARDS[t][0] == name, (t, name)
    for t in range(NCT):
        name, suit, count, kind, cost, item, vp = CARDS[t]
        assert 1 <= count <= 3, (name, count)      # CardCounts hold 0..3 of a type
        CARD_SUIT[t] = suit
        SUIT_CARDS[suit] |= (<uint64_t>1) << t
        CARD_COUNT[t] = count
        CARD_KIND[t] = kind
        if kind == K_AMBUSH:
            AMBUSH_CARDS |= (<uint64_t>1) << t
        for k in range(4):
            CARD_COST[t][k] = cost[k]
        CARD_ITEM[t] = item
        CARD_VP[t] = vp
        # the E&P deck swaps the standard deck's Favors and persistent cards for its own, suit for
        # suit, and keeps its items, ambushes and dominance cards (root-maps-and-decks.md §3)
        if t >= NCT_STANDARD:
            CARD_DECKS[t] = 1 << DECK_EP
        elif kind == K_FAVOR or kind == K_PERSISTENT:
            CARD_DECKS[t] = 1 << DECK_STANDARD
        else:
            CARD_DECKS[t] = (1 << DECK_STANDARD) | (1 << DECK_EP)
    for d in range(len(DECK_NAMES)):
        assert sum(CARDS[t][2] for t in range(NCT) if (CARD_DECKS[t] >> d) & 1) == 54, DECK_NAMES[d]

_init_cards()
CARD_DECK_MASKS = tuple(CARD_DECKS[t] for t in range(NCT))   # bit d: deck d holds the type


cdef inline int deck_count(GameState* s, int t) noexcept nogil:
    """The copies of card type t in this game's deck (none of a type its deck does not hold)."""
    return CARD_COUNT[t] if (CARD_DECKS[t] >> s.deck_id) & 1 else 0


cdef inline bint card_matches(int t, int suit) noexcept nogil:
    """A card can be spent for a suit: its own suit, or any suit if it is a bird (LoR 2.1.1)."""
    return CARD_SUIT[t] == suit or CARD_SUIT[t] == BIRD


for _suit in range(4):
    MATCH_CARDS[_suit] = SUIT_CARDS[_suit] | SUIT_CARDS[BIRD]
