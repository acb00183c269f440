# The four maps of Root as plain data: Autumn, Winter, Lake, Mountain (issue 30 item 3). board.pxi
# builds the rules' tables from MAPS; the rules read them through the game's state.
#
# Sources: shared/reference/root-maps-and-decks.md (the "digest") §1.1-1.5 and §2, which compares
# ADA, RSA, HRF, RAI2, PYEP and the Rootlog games link by link; checked against the Law of Root
# (Vagabottos/root src/assets/i18n/rules/en-US.yml: chapter "Variants, Vagabonds and Hirelings" =
# 16, its "Variant Maps" = 16.2 = appendix C, "Glossary" = 16.6 = appendix G) wherever the Law
# says something. The Law text gives no clearing numbers, corners, slots or paths: those come from
# the digest's tables only.
#
# Conventions (as board.pxi):
# - clearing numbers 1..12 are the Rootbotics priority numbers (digest §0); every per-clearing
#   tuple is indexed by clearing - 1;
# - suits are the core's FOX / RABBIT / MOUSE;
# - slots count the slot a ruin covers; "ruins" is 1 where a ruin starts (LoR 5.1.4);
# - a path or river is a pair (a, b) with a < b; tuples of them are sorted;
# - a forest is the sorted tuple of the clearings around it; its Rootlog name joins them with "_".
#   Autumn's forests keep the order they always had (the Vagabond's forest index is part of the
#   action encoding, and records of Autumn games name forests by it); on the other maps forests are in lexicographic order of their tuples;
# - "forest_adjacency" is a sorted tuple of index pairs (i, j), i < j, into that map's "forests".
#
# Fields of each MAPS[name] (every map has all of them):
#   id               index in MAP_NAMES
#   printed_suits    suit printed on each clearing (Autumn only; None elsewhere: the variant maps
#                    take suit markers at setup, see the comment block below)
#   default_suits    the community "suggested" layout of the digest §1.3/§1.4 (RSA; Lake = PYEP)
#                    for Lake and Mountain; None on Autumn (printed suits) and Winter (none known).
#                    Not the Law's setup: the Law shuffles the markers (16.1.1).
#   slots, ruins     per clearing
#   paths            open paths at setup
#   closed_paths     paths covered by a closed-path marker at setup (Mountain, LoR 16.2.3.1-2:
#                    not adjacent while closed; they still bound forests and count on the map edge)
#   rivers           river links (LoR 2.3: not paths). Lake: the lake links every pair of coastal
#                    clearings (LoR 16.2.2.2), so all 6 pairs of {1, 10, 11, 12} are here
#   dividing_rivers  the river links that divide forests (LoR 16.2.1.1 Winter's Raging River;
#                    16.2.2.2 the lake, whose rim links are 10-11, 11-1, 1-12, 12-10). Autumn's and
#                    the Mountain's rivers do not divide forests (LoR 2.3)
#   lake_rim         the coastal clearings in order round the lake (Lake only, else ())
#   forests, forest_names
#   forest_adjacency pairs of adjacent forests: separated by one path (LoR 2.4.1 / 16.6.2; Mountain:
#                    open or closed, 16.2.3.2); Winter: also across one river segment (the digest's
#                    "proposed" reading, §5.4: 16.2.1.1 says the river divides forests "as printed
#                    paths do"; those pairs are also listed in forest_adjacency_proposed so a rules
#                    switch can drop them); Lake: the coastal-neighbour rule (16.2.2.4), and no other
#                    adjacency across the lake (16.6.2)
#   forest_adjacency_proposed  the subset of forest_adjacency that rests on that proposed reading
#   corners          the four corner clearings (1..4 on every map)
#   opposite_corner  dict corner -> opposite corner (bird dominance, LoR 3.3.1.2; Marquise/Eyrie setup)
#   edge             the map edge (LoR 16.6.15, closed paths included) as a cycle of clearings
#                    starting at 1; consecutive clearings (and last -> first) are joined by a path
#   coastal          coastal clearings (Lake, LoR 16.2.2.3), else ()
#   ferry            the Ferry's starting clearing (Lake: the coastal corner, 16.2.2.1), else None
#   tower            the Tower's clearing, the Pass (Mountain: 10, 16.2.3.1/16.2.3.4), else None
#
# Suits at setup on a variant map -- a rule of setup, deliberately NOT implemented here:
#   The Law, en-US.yml, chapter "Variants, Vagabonds and Hirelings" > "Advanced Setup" >
#   "Step 1: Choose and Set Up Map" (rule 16.1.1 = A.1), text:
#     "As a group, choose a map. If you choose a variant map, follow its Setup Modification section,
#      then collect the 12 suit markers, flip them face down, and shuffle them, then place one on each
#      clearing, covering the printed suit symbols if any. Set up the ruins (5.1.4), item supply
#      (5.1.5), and dice (5.1.6) as normal."
#   The 12 markers are four fox, four rabbit, four mouse (component list B.1, in the Law PDF only;
#   digest §1.5), so every variant map gets exactly four clearings of each suit, placed at random.
#   Autumn is not a variant map: its suits are printed. "Balanced" layouts (no two clearings joined
#   by a path share a suit) are a community option, not Law (digest §1.5, §5.6).

MAP_NAMES = ("autumn", "winter", "lake", "mountain")   # this order is the map id


def _forest_names(forests):
    return tuple("_".join(str(c) for c in f) for f in forests)


def _forest_pairs(forests, named_pairs):
    """Index pairs (i, j), i < j, sorted, from pairs of forest names."""
    names = _forest_names(forests)
    out = []
    for a, b in named_pairs:
        i, j = names.index(a), names.index(b)
        out.append((min(i, j), max(i, j)))
    return tuple(sorted(out))


def _map(name, *, printed_suits, default_suits, slots, ruins, paths, closed_paths, rivers,
         dividing_rivers, lake_rim, forests, forest_adjacency, forest_adjacency_proposed,
         opposite_corner, edge, coastal, ferry, tower):
    return {
        "name": name, "id": MAP_NAMES.index(name),
        "printed_suits": printed_suits, "default_suits": default_suits,
        "slots": slots, "ruins": ruins,
        "paths": tuple(sorted(paths)), "closed_paths": tuple(sorted(closed_paths)),
        "rivers": tuple(sorted(rivers)), "dividing_rivers": tuple(sorted(dividing_rivers)),
        "lake_rim": lake_rim,
        "forests": forests, "forest_names": _forest_names(forests),
        "forest_adjacency": _forest_pairs(forests, forest_adjacency + forest_adjacency_proposed),
        "forest_adjacency_proposed": _forest_pairs(forests, forest_adjacency_proposed),
        "corners": (1, 2, 3, 4), "opposite_corner": opposite_corner,
        "edge": edge, "coastal": coastal, "ferry": ferry, "tower": tower,
    }


# ---- Autumn (digest §1.1 = root-base-rules.md §1; board.pxi) ----
# Printed suits; rivers 5-10, 10-11, 11-7, 7-4 do not divide forests. Corners TL 1, TR 2, BR 3, BL 4.
_AUTUMN = _map(
    "autumn",
    printed_suits=(FOX, MOUSE, RABBIT, RABBIT, RABBIT, FOX, MOUSE, FOX, MOUSE, RABBIT, MOUSE, FOX),
    default_suits=None,
    slots=(1, 2, 1, 1, 2, 2, 2, 2, 2, 2, 3, 2), ruins=(0, 0, 0, 0, 0, 1, 0, 0, 0, 1, 1, 1),
    paths=((1, 5), (1, 9), (1, 10), (2, 5), (2, 6), (2, 10), (3, 6), (3, 7), (3, 11), (4, 8),
           (4, 9), (4, 12), (6, 11), (7, 8), (7, 12), (9, 12), (10, 12), (11, 12)),
    closed_paths=(),
    rivers=((5, 10), (10, 11), (7, 11), (4, 7)), dividing_rivers=(), lake_rim=(),
    forests=((1, 2, 5, 10), (1, 9, 10, 12), (2, 6, 10, 11, 12), (4, 9, 12), (4, 7, 8, 12),
             (3, 7, 11, 12), (3, 6, 11)),        # this order: the Vagabond's forest index (actions)
    forest_adjacency=(("1_2_5_10", "1_9_10_12"), ("1_2_5_10", "2_6_10_11_12"),
                      ("1_9_10_12", "2_6_10_11_12"), ("1_9_10_12", "4_9_12"),
                      ("2_6_10_11_12", "3_7_11_12"), ("2_6_10_11_12", "3_6_11"),
                      ("4_9_12", "4_7_8_12"), ("4_7_8_12", "3_7_11_12"), ("3_7_11_12", "3_6_11")),
    forest_adjacency_proposed=(),
    opposite_corner={1: 3, 3: 1, 2: 4, 4: 2},
    edge=(1, 5, 2, 6, 3, 7, 8, 4, 9),
    coastal=(), ferry=None, tower=None,
)

# ---- Winter (digest §1.2; LoR 16.2.1) ----
# No printed suits, no default layout. One river across the middle row: 10-11, 11-12, 12-7; it
# divides forests (16.2.1.1). Corners TL 1, TR 2, BR 3, BL 4.
_WINTER = _map(
    "winter",
    printed_suits=None, default_suits=None,
    #      1  2  3  4  5  6  7  8  9 10 11 12
    slots=(1, 1, 2, 2, 2, 2, 1, 2, 2, 1, 3, 3),
    ruins=(0, 0, 0, 0, 0, 0, 0, 1, 1, 0, 1, 1),
    paths=((1, 5), (1, 10), (1, 11), (2, 6), (2, 7), (2, 12), (3, 7), (3, 8), (3, 12), (4, 9),
           (4, 10), (4, 11), (5, 6), (8, 9), (8, 12), (9, 11)),
    closed_paths=(),
    rivers=((10, 11), (11, 12), (7, 12)), dividing_rivers=((10, 11), (11, 12), (7, 12)),
    lake_rim=(),
    forests=((1, 2, 5, 6, 11, 12), (1, 10, 11), (2, 7, 12), (3, 7, 12), (3, 8, 12), (4, 9, 11),
             (4, 10, 11), (8, 9, 11, 12)),
    forest_adjacency=(("1_2_5_6_11_12", "1_10_11"), ("1_2_5_6_11_12", "2_7_12"),
                      ("8_9_11_12", "3_8_12"), ("8_9_11_12", "4_9_11"), ("4_10_11", "4_9_11"),
                      ("3_8_12", "3_7_12")),
    # across one river segment (11-12, 10-11, 7-12): digest §1.2, "proposed" (§5.4)
    forest_adjacency_proposed=(("1_2_5_6_11_12", "8_9_11_12"), ("1_10_11", "4_10_11"),
                               ("2_7_12", "3_7_12")),
    opposite_corner={1: 3, 3: 1, 2: 4, 4: 2},
    edge=(1, 5, 6, 2, 7, 3, 8, 9, 4, 10),
    coastal=(), ferry=None, tower=None,
)

# ---- Lake (digest §1.3; LoR 16.2.2) ----
# Corners: 1 BR, 2 TL, 3 BL, 4 TR, so opposite pairs are 1-2 and 3-4 (not 1-3).
_LAKE = _map(
    "lake",
    printed_suits=None,
    #               1    2    3       4       5      6    7      8       9    10     11      12
    default_suits=(FOX, FOX, MOUSE, RABBIT, MOUSE, FOX, MOUSE, RABBIT, FOX, MOUSE, RABBIT, RABBIT),
    slots=(2, 1, 1, 1, 3, 2, 1, 1, 1, 3, 3, 3),
    ruins=(0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 1, 1),
    paths=((1, 5), (1, 9), (2, 7), (2, 8), (2, 10), (3, 8), (3, 9), (3, 12), (4, 5), (4, 6),
           (5, 11), (6, 7), (6, 11), (7, 10), (7, 11), (8, 10), (9, 12)),
    closed_paths=(),
    rivers=((1, 10), (1, 11), (1, 12), (10, 11), (10, 12), (11, 12)),
    dividing_rivers=((10, 11), (1, 11), (1, 12), (10, 12)),   # the rim; 1-10 and 11-12 cross the lake
    lake_rim=(10, 11, 1, 12),
    forests=((1, 5, 11), (1, 9, 12), (2, 7, 10), (2, 8, 10), (3, 8, 10, 12), (3, 9, 12),
             (4, 5, 6, 11), (6, 7, 11), (7, 10, 11)),
    forest_adjacency=(("2_7_10", "7_10_11"), ("2_7_10", "2_8_10"), ("6_7_11", "7_10_11"),
                      ("6_7_11", "4_5_6_11"), ("4_5_6_11", "1_5_11"), ("2_8_10", "3_8_10_12"),
                      ("3_8_10_12", "3_9_12"), ("1_9_12", "3_9_12"),
                      # coastal forests next to each other round the lake (16.2.2.4)
                      ("7_10_11", "1_5_11"), ("1_5_11", "1_9_12"), ("1_9_12", "3_8_10_12"),
                      ("3_8_10_12", "7_10_11")),
    forest_adjacency_proposed=(),
    opposite_corner={1: 2, 2: 1, 3: 4, 4: 3},
    edge=(1, 5, 4, 6, 7, 2, 8, 3, 9),
    coastal=(1, 10, 11, 12), ferry=1, tower=None,
)

# ---- Mountain (digest §1.4; LoR 16.2.3) ----
# 23 slots. Six closed paths at setup; rivers 2-10, 10-4 (code sources only, digest §5.8) do not
# divide forests. The Tower stands on the Pass, 10. Corners TL 1, TR 2, BR 3, BL 4.
_MOUNTAIN = _map(
    "mountain",
    printed_suits=None,
    #               1    2       3    4      5      6      7       8       9       10   11     12
    default_suits=(FOX, RABBIT, FOX, MOUSE, MOUSE, MOUSE, RABBIT, RABBIT, RABBIT, FOX, MOUSE, FOX),
    slots=(2, 2, 2, 2, 1, 1, 1, 1, 3, 2, 3, 3),
    ruins=(0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1),
    paths=((1, 8), (1, 9), (2, 6), (2, 11), (3, 6), (3, 11), (4, 8), (4, 12), (5, 10), (5, 11),
           (7, 12), (9, 10), (9, 12), (10, 11), (10, 12)),
    closed_paths=((2, 5), (3, 7), (5, 9), (6, 11), (8, 9), (11, 12)),
    rivers=((2, 10), (4, 10)), dividing_rivers=(), lake_rim=(),
    forests=((1, 8, 9), (2, 5, 11), (2, 6, 11), (3, 6, 11), (3, 7, 11, 12), (4, 8, 9, 12),
             (5, 9, 10), (5, 10, 11), (9, 10, 12), (10, 11, 12)),
    forest_adjacency=(("2_5_11", "5_10_11"), ("2_5_11", "2_6_11"), ("5_9_10", "5_10_11"),
                      ("5_9_10", "9_10_12"), ("5_10_11", "10_11_12"),
                      ("1_8_9", "4_8_9_12"),          # across closed 8-9
                      ("2_6_11", "3_6_11"),           # across closed 6-11
                      ("9_10_12", "4_8_9_12"), ("9_10_12", "10_11_12"),
                      ("10_11_12", "3_7_11_12"),      # across closed 11-12
                      ("3_6_11", "3_7_11_12")),
    forest_adjacency_proposed=(),
    opposite_corner={1: 3, 3: 1, 2: 4, 4: 2},
    edge=(1, 9, 5, 2, 6, 3, 7, 12, 4, 8),
    coastal=(), ferry=None, tower=10,
)

MAPS = {m["name"]: m for m in (_AUTUMN, _WINTER, _LAKE, _MOUNTAIN)}
