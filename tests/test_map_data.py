"""The four maps as data in the core (ext/wyrm_ai/maps.pxi, issue 30 item 3): _core.MAPS and
_core.MAP_NAMES checked against the digest shared/reference/root-maps-and-decks.md ("digest", §0-§2)
and the Law of Root (LoR; Law app numbering 16.x = appendix letters: 16.1 = A, 16.2 = C, 16.6 = G),
and the web drawing layouts wyrm_ai/web/{autumn,winter,lake,mountain}.json.

The digest's neighbour lists below are transcribed here a second time, independently of maps.pxi,
so a typo in either shows up as a mismatch."""
import itertools
import json
import math
from collections import Counter
from importlib import resources

import pytest

from wyrm_ai import _core

MAPS = _core.MAPS
NAMES = ("autumn", "winter", "lake", "mountain")

# Digest tables, "Paths to" column (Mountain: "Open paths to" / "Closed paths to"), clearing: neighbours.
NEIGHBOURS = {
    "autumn": "1:5,9,10 2:5,6,10 3:6,7,11 4:8,9,12 5:1,2 6:2,3,11 7:3,8,12 8:4,7 9:1,4,12 "
              "10:1,2,12 11:3,6,12 12:4,7,9,10,11",                                     # §1.1
    "winter": "1:5,10,11 2:6,7,12 3:7,8,12 4:9,10,11 5:1,6 6:2,5 7:2,3 8:3,9,12 9:4,8,11 "
              "10:1,4 11:1,4,9 12:2,3,8",                                               # §1.2
    "lake": "1:5,9 2:7,8,10 3:8,9,12 4:5,6 5:1,4,11 6:4,7,11 7:2,6,10,11 8:2,3,10 9:1,3,12 "
            "10:2,7,8 11:5,6,7 12:3,9",                                                 # §1.3
    "mountain": "1:8,9 2:6,11 3:6,11 4:8,12 5:10,11 6:2,3 7:12 8:1,4 9:1,10,12 10:5,9,11,12 "
                "11:2,3,5,10 12:4,7,9,10",                                              # §1.4 open
}
MOUNTAIN_CLOSED_NEIGHBOURS = "2:5 3:7 5:2,9 6:11 7:3 8:9 9:5,8 11:6,12 12:11"          # §1.4 closed
SLOTS = {"autumn": "1 2 1 1 2 2 2 2 2 2 3 2", "winter": "1 1 2 2 2 2 1 2 2 1 3 3",
         "lake": "2 1 1 1 3 2 1 1 1 3 3 3", "mountain": "2 2 2 2 1 1 1 1 3 2 3 3"}
RUINS = {"autumn": {6, 10, 11, 12}, "winter": {8, 9, 11, 12}, "lake": {5, 10, 11, 12},
         "mountain": {9, 10, 11, 12}}
FORESTS = {   # digest §1.1-1.4 forest lists, as Rootlog names
    "autumn": "1_2_5_10 1_9_10_12 2_6_10_11_12 4_9_12 4_7_8_12 3_7_11_12 3_6_11",
    "winter": "1_2_5_6_11_12 1_10_11 2_7_12 8_9_11_12 4_10_11 3_8_12 3_7_12 4_9_11",
    "lake": "2_7_10 6_7_11 7_10_11 4_5_6_11 2_8_10 3_8_10_12 1_5_11 1_9_12 3_9_12",
    "mountain": "2_5_11 5_9_10 5_10_11 1_8_9 2_6_11 9_10_12 4_8_9_12 10_11_12 3_6_11 3_7_11_12",
}
RIVERS = {"autumn": {(5, 10), (10, 11), (7, 11), (4, 7)}, "winter": {(10, 11), (11, 12), (7, 12)},
          "lake": set(itertools.combinations((1, 10, 11, 12), 2)), "mountain": {(2, 10), (4, 10)}}
F, R, M = (_core.SUIT_NAMES.index(s) for s in ("fox", "rabbit", "mouse"))


def _parse(table):
    out = {}
    for item in table.split():
        c, ns = item.split(":")
        out[int(c)] = {int(n) for n in ns.split(",")}
    return out


def _adjacency(pairs):
    adj = {c: set() for c in range(1, 13)}
    for a, b in pairs:
        adj[a].add(b)
        adj[b].add(a)
    return adj


def _links(m):
    """Every link that bounds a face of the map drawn as a plane graph: open and closed paths, and the
    rivers that divide forests (Winter's river, the lake's rim)."""
    return list(m["paths"]) + list(m["closed_paths"]) + list(m["dividing_rivers"])


def _cycle_links(cycle):
    return {tuple(sorted((a, b))) for a, b in zip(cycle, cycle[1:] + cycle[:1])}


each_map = pytest.mark.parametrize("name", NAMES)


def test_names_ids_and_fields():
    """MAP_NAMES fixes the map id (brief: autumn, winter, lake, mountain); MAPS is a dict name ->
    fields, every map carrying every field."""
    assert _core.MAP_NAMES == NAMES
    assert list(MAPS) == list(NAMES)
    fields = set(MAPS["autumn"])
    for i, name in enumerate(NAMES):
        assert MAPS[name]["name"] == name and MAPS[name]["id"] == i
        assert set(MAPS[name]) == fields
        for key in ("slots", "ruins"):
            assert len(MAPS[name][key]) == 12


@each_map
def test_links_well_formed(name):
    """Adjacency is symmetric with no self-loops (LoR 2.2.1 / 16.6.2: a path links two clearings):
    every path, closed path and river is stored once as (a, b), 1 <= a < b <= 12, with no duplicates,
    and no pair is both a path and a river, nor open and closed."""
    m = MAPS[name]
    groups = [m["paths"], m["closed_paths"], m["rivers"]]
    for g in groups:
        assert list(g) == sorted(set(g))
        for a, b in g:
            assert 1 <= a < b <= 12
    assert not set(m["paths"]) & set(m["closed_paths"])
    assert not (set(m["paths"]) | set(m["closed_paths"])) & set(m["rivers"])
    assert set(m["dividing_rivers"]) <= set(m["rivers"])
    adj = _adjacency(m["paths"])
    for a in adj:
        assert a not in adj[a]
        for b in adj[a]:
            assert a in adj[b]


@pytest.mark.parametrize("name,n_open,n_closed", [("autumn", 18, 0), ("winter", 16, 0), ("lake", 17, 0),
                                                  ("mountain", 15, 6)])
def test_path_counts(name, n_open, n_closed):
    """Digest §1.1-1.4: Autumn 18 paths, Winter 16, Lake 17, Mountain 21 = 15 open + 6 closed at setup
    (LoR 16.2.3.1: "the 6 paths of darker color")."""
    assert len(MAPS[name]["paths"]) == n_open
    assert len(MAPS[name]["closed_paths"]) == n_closed


@each_map
def test_neighbours_and_degrees_match_digest(name):
    """Each clearing's neighbours, hence its degree, as the digest tables' "Paths to" column (§1.1-1.4;
    Mountain's open and closed columns apart); degree sum = 2 x paths (digest §0 cross-checks)."""
    m = MAPS[name]
    assert _adjacency(m["paths"]) == _parse(NEIGHBOURS[name])
    want_closed = _parse(MOUNTAIN_CLOSED_NEIGHBOURS) if name == "mountain" else {}
    got_closed = {c: ns for c, ns in _adjacency(m["closed_paths"]).items() if ns}
    assert got_closed == want_closed
    assert sum(len(ns) for ns in _adjacency(m["paths"]).values()) == 2 * len(m["paths"])


@pytest.mark.parametrize("name,total", [("autumn", 22), ("winter", 22), ("lake", 22), ("mountain", 23)])
def test_slots(name, total):
    """Building slots per clearing, counting the slot under a ruin (digest tables §1.1-1.4, "Slots");
    totals 22, 22, 22 and 23 (the Mountain has one more, §1.4)."""
    assert MAPS[name]["slots"] == tuple(int(s) for s in SLOTS[name].split())
    assert sum(MAPS[name]["slots"]) == total


@each_map
def test_four_ruins(name):
    """Four ruins on every map (LoR 5.1.4, "four in total"; 16.1.1 sets them up "as normal"), at the
    digest's R clearings (§1.1-1.4); a ruin covers a slot, so its clearing has one."""
    m = MAPS[name]
    ruins = {i + 1 for i, r in enumerate(m["ruins"]) if r}
    assert ruins == RUINS[name]
    assert set(m["ruins"]) == {0, 1}
    for c in ruins:
        assert m["slots"][c - 1] >= 1


def test_autumn_is_board_pxi():
    """Autumn is board.pxi's map, unchanged and in the same order (digest §1.1 = base digest §1): the
    Vagabond's forest index is part of the action encoding, so FORESTS' order must not move."""
    a = MAPS["autumn"]
    assert a["printed_suits"] == tuple(_core._SUITS)
    assert a["slots"] == tuple(_core._SLOTS)
    assert a["ruins"] == tuple(_core._RUINS)
    assert a["paths"] == tuple(_core.PATHS)
    assert a["forests"] == tuple(_core.FORESTS)
    assert a["forest_names"] == tuple(_core.FOREST_NAMES)
    assert a["default_suits"] is None


@pytest.mark.parametrize("name,count", [("autumn", 7), ("winter", 8), ("lake", 9), ("mountain", 10)])
def test_forests(name, count):
    """Forest counts 7, 8, 9, 10 and each forest's clearings as the digest lists them (§1.1-1.4; Rootlog
    names, digest §0); each forest a sorted tuple touching 3 or more clearings (an area enclosed by
    paths and clearings, LoR 2.4 / 16.6.11), named by joining them with "_". Autumn keeps board.pxi's
    order; the other maps are in lexicographic order (maps.pxi header)."""
    m = MAPS[name]
    assert len(m["forests"]) == count
    assert set(m["forest_names"]) == set(FORESTS[name].split())
    assert len(set(m["forests"])) == count
    for f, fname in zip(m["forests"], m["forest_names"]):
        assert list(f) == sorted(set(f)) and len(f) >= 3
        assert fname == "_".join(map(str, f))
        assert all(1 <= c <= 12 for c in f)
    if name != "autumn":
        assert list(m["forests"]) == sorted(m["forests"])
    assert set().union(*m["forests"]) == set(range(1, 13))   # every clearing touches a forest


@each_map
def test_faces_and_euler(name):
    """Euler's formula V - E + F = 2 for the map drawn as a plane graph, as the digest's §0 cross-check:
    V = 12 clearings; E = the links that bound forests: open and closed paths (LoR 16.2.3.2: closed
    paths "enclose and divide forests as if they were paths") plus the rivers that divide forests
    (Winter's river, LoR 16.2.1.1; the lake's four rim links 10-11, 11-1, 1-12, 12-10, 16.2.2.2 "the
    lake divides forests"; Autumn's and the Mountain's rivers divide nothing, LoR 2.3); F = the forests,
    the outside of the map, and on the Lake the lake itself. Autumn 12-18+8, Winter 12-19+9, Lake
    12-21+11, Mountain 12-21+11, all = 2.
    Stronger, face by face: each link has exactly two sides, counted as the forests touching both its
    ends, plus the outside if it is on the map edge, plus the lake if it is on the rim; so the face
    lengths (a forest's length = the clearings it touches) sum to 2E."""
    m = MAPS[name]
    links = _links(m)
    assert len(links) == len(set(links))
    faces = len(m["forests"]) + 1 + (1 if m["lake_rim"] else 0)
    assert 12 - len(links) + faces == 2
    edge, rim = _cycle_links(list(m["edge"])), _cycle_links(list(m["lake_rim"])) if m["lake_rim"] else set()
    for a, b in links:
        sides = sum(1 for f in m["forests"] if a in f and b in f) + ((a, b) in edge) + ((a, b) in rim)
        assert sides == 2, (a, b)
    assert sum(len(f) for f in m["forests"]) + len(m["edge"]) + len(m["lake_rim"]) == 2 * len(links)


@each_map
def test_map_edge_is_a_simple_cycle(name):
    """The map edge is "the single closed loop of clearings and paths that define the map boundary,
    including closed paths on the mountain map" (LoR 16.6.15 / G.1.15): a cycle of distinct clearings,
    each step an open or closed path, holding the four corners; its links are exactly the links that
    border a single forest and no lake (digest §0 cross-check). Digest §1.1-1.4 give the cycles."""
    m = MAPS[name]
    edge = list(m["edge"])
    assert len(edge) == len(set(edge)) >= 3 and edge[0] == 1
    assert _cycle_links(edge) <= set(m["paths"]) | set(m["closed_paths"])
    assert set(m["corners"]) <= set(edge)
    rim = _cycle_links(list(m["lake_rim"])) if m["lake_rim"] else set()
    one_forest = {(a, b) for a, b in _links(m)
                  if sum(1 for f in m["forests"] if a in f and b in f) == 1 and (a, b) not in rim}
    assert one_forest == _cycle_links(edge)


@each_map
def test_forest_adjacency(name):
    """Two forests are adjacent when one link separates them (LoR 2.4.1, 16.6.2): a path, open or
    closed on the Mountain (16.2.3.2); on Winter also one river segment (16.2.1.1 "as printed paths do";
    the digest's proposed reading, §5.4, kept apart in forest_adjacency_proposed); on the Lake also the
    coastal forests beside each other, one coastal clearing apart (16.2.2.4), and none across the lake
    (16.6.2). A link separates the forests that touch both its ends (board.pxi/vagabond.pxi's rule for
    Autumn). Pair counts per the digest lists: Autumn 9, Winter 6 + 3, Lake 8 + 4, Mountain 11."""
    m = MAPS[name]
    adj = m["forest_adjacency"]
    assert list(adj) == sorted(set(adj)) and all(i < j for i, j in adj)
    fs = m["forests"]

    def across(links):
        """Forest pairs that both touch the two ends of one of these links."""
        return {(i, j) for i, j in itertools.combinations(range(len(fs)), 2)
                if any(a in fs[i] and b in fs[i] and a in fs[j] and b in fs[j] for a, b in links)}
    by_path = across(list(m["paths"]) + list(m["closed_paths"]))
    by_river = across(m["dividing_rivers"])
    if name != "winter":
        assert not by_river   # the lake's rim has the lake, not a forest, beyond it
    rim = _cycle_links(list(m["lake_rim"])) if m["lake_rim"] else set()
    coastal_forests = [i for i, f in enumerate(fs) if any(a in f and b in f for a, b in rim)]
    by_coast = {(i, j) for i, j in itertools.combinations(coastal_forests, 2)
                if len(set(fs[i]) & set(fs[j]) & set(m["coastal"])) == 1}
    assert set(adj) == by_path | by_river | by_coast
    assert set(m["forest_adjacency_proposed"]) == by_river - by_path
    assert len(adj) == {"autumn": 9, "winter": 9, "lake": 12, "mountain": 11}[name]
    assert len(m["forest_adjacency_proposed"]) == (3 if name == "winter" else 0)
    if name == "lake":
        assert len(coastal_forests) == 4 and len(by_coast) == 4


def test_winter_river_adjacency_pairs():
    """Winter's three forest pairs across one river segment are exactly the digest's §1.2 "proposed"
    list (§5.4): 1_2_5_6_11_12 ~ 8_9_11_12, 1_10_11 ~ 4_10_11, 2_7_12 ~ 3_7_12."""
    m = MAPS["winter"]
    names = m["forest_names"]
    got = {frozenset((names[i], names[j])) for i, j in m["forest_adjacency_proposed"]}
    assert got == {frozenset(p) for p in (("1_2_5_6_11_12", "8_9_11_12"), ("1_10_11", "4_10_11"),
                                          ("2_7_12", "3_7_12"))}


@pytest.mark.parametrize("name,opposite", [("autumn", {1: 3, 2: 4}), ("winter", {1: 3, 2: 4}),
                                           ("lake", {1: 2, 3: 4}), ("mountain", {1: 3, 2: 4})])
def test_corners(name, opposite):
    """Corners are clearings 1-4 on every map; the opposite-corner map (bird dominance, LoR 3.3.1.2) is
    an involution of {1, 2, 3, 4} without fixed points: Autumn, Winter, Mountain 1<->3, 2<->4; Lake
    1<->2, 3<->4 (digest §1.3: Lake corners 1 BR, 2 TL, 3 BL, 4 TR). Opposite corners sit two corners
    apart round the map edge and are not adjacent."""
    m = MAPS[name]
    opp = m["opposite_corner"]
    assert m["corners"] == (1, 2, 3, 4)
    assert set(opp) == {1, 2, 3, 4}
    for c in opp:
        assert opp[opp[c]] == c and opp[c] != c
    for a, b in opposite.items():
        assert opp[a] == b and opp[b] == a
    around = [c for c in m["edge"] if c in opp]
    for k, c in enumerate(around):
        assert opp[c] == around[(k + 2) % 4]
        assert (min(c, opp[c]), max(c, opp[c])) not in m["paths"]


@each_map
def test_rivers(name):
    """Rivers (not paths, LoR 2.3): Autumn 5-10, 10-11, 11-7, 7-4; Winter 10-11, 11-12, 12-7; Lake: the
    lake links every pair of coastal clearings (16.2.2.2); Mountain 2-10, 10-4 (digest §1.1-1.4, §5.8).
    Only Winter's river (16.2.1.1) and the lake's rim (16.2.2.2) divide forests."""
    m = MAPS[name]
    assert set(m["rivers"]) == RIVERS[name]
    dividing = {"winter": RIVERS["winter"], "lake": _cycle_links([10, 11, 1, 12])}.get(name, set())
    assert set(m["dividing_rivers"]) == dividing


def test_lake_coast_and_ferry():
    """Lake (LoR 16.2.2): coastal clearings 1, 10, 11, 12 (16.2.2.3; digest §1.3), the lake rim round
    them in order 10-11-1-12; the Ferry starts on "the corner clearing that is also a coastal clearing"
    (16.2.2.1), which is 1, the only coastal corner. No other map has a coast or a ferry."""
    lake = MAPS["lake"]
    assert lake["coastal"] == (1, 10, 11, 12)
    assert set(lake["lake_rim"]) == set(lake["coastal"]) and len(lake["lake_rim"]) == 4
    assert lake["ferry"] == 1
    assert set(lake["coastal"]) & set(lake["corners"]) == {lake["ferry"]}
    for name in ("autumn", "winter", "mountain"):
        assert MAPS[name]["coastal"] == () and MAPS[name]["ferry"] is None and MAPS[name]["lake_rim"] == ()


def test_mountain_closed_paths_and_tower():
    """Mountain (LoR 16.2.3): the six closed paths at setup 2-5, 3-7, 5-9, 6-11, 8-9, 11-12 (digest §1.4,
    agreed by RAI2, HRF, Rootlog) and the Tower on the Pass, clearing 10 (16.2.3.1, 16.2.3.4; digest
    §1.4), a central clearing off the map edge. No other map has closed paths or a tower."""
    mt = MAPS["mountain"]
    assert mt["closed_paths"] == ((2, 5), (3, 7), (5, 9), (6, 11), (8, 9), (11, 12))
    assert mt["tower"] == 10 and 10 not in mt["edge"]
    for name in ("autumn", "winter", "lake"):
        assert MAPS[name]["closed_paths"] == () and MAPS[name]["tower"] is None


@pytest.mark.parametrize("name,suits", [
    ("autumn", None),
    ("winter", None),
    ("lake", (F, F, M, R, M, F, M, R, F, M, R, R)),          # digest §1.3 "Default suit"
    ("mountain", (F, R, F, M, M, M, R, R, R, F, M, F)),      # digest §1.4 "Default suit"
])
def test_suits(name, suits):
    """Printed suits on Autumn only (LoR 16.1.1 gives variant maps shuffled suit markers; digest §1.5).
    The default layouts of Lake and Mountain (digest §1.3/1.4, a community option, not Law), where
    given, hold four of each suit like the 12 markers (digest §1.5, B.1); Winter has none. Autumn's
    printed suits are also four of each. Neither default is a proper colouring (digest §1.5: Lake 1-9
    both fox, 7-10 both mouse)."""
    m = MAPS[name]
    assert m["default_suits"] == suits
    if name == "autumn":
        assert Counter(m["printed_suits"]) == {F: 4, R: 4, M: 4}
    else:
        assert m["printed_suits"] is None
    if suits is not None:
        assert Counter(suits) == {F: 4, R: 4, M: 4}
    if name == "lake":
        assert suits[0] == suits[8] == F and suits[6] == suits[9] == M


def test_data_is_plain():
    """maps.pxi is data, no rules: only tuples, dicts, ints, strings and None."""
    def plain(x):
        if isinstance(x, (tuple, list)):
            return all(plain(y) for y in x)
        if isinstance(x, dict):
            return all(plain(k) and plain(v) for k, v in x.items())
        return x is None or isinstance(x, (int, str))
    assert plain(MAPS)


# ---- the web board's drawing layouts ----

def _layout(name):
    return json.loads(resources.files("wyrm_ai.web").joinpath(f"{name}.json").read_text("utf-8"))


@each_map
def test_layout_json(name):
    """wyrm_ai/web/<map>.json parses, uses autumn.json's format (a 1000 x 780 canvas, "clearings" 1-12,
    "forests" named by the core's forest names for that map, "river" a polyline of [x, y] on the
    canvas) and draws no two clearings overlapping (the page draws them with radius 62, board.js)."""
    lay = _layout(name)
    m = MAPS[name]
    assert lay["width"] == 1000 and lay["height"] == 780
    assert set(lay["clearings"]) == {str(c) for c in range(1, 13)}
    assert set(lay["forests"]) == set(m["forest_names"])
    points = list(lay["clearings"].values()) + list(lay["forests"].values()) + lay["river"]
    for x, y in points:
        assert 0 <= x <= 1000 and 0 <= y <= 780
    for p, q in itertools.combinations(lay["clearings"].values(), 2):
        assert math.dist(p, q) >= 124
    if name == "lake":
        assert len(lay["lake"]) >= 3
    if name == "mountain":
        assert [tuple(p) for p in lay["closed_paths"]] == list(m["closed_paths"])
        assert lay["tower"] == m["tower"]
