"""The web board on the four maps (docs/web.md, "Maps"; docs/maps.md): a new game takes its map and
suits (`setoption map` / `setoption suits` before `new`, checked by the engine), /api/map draws
each map from the core's data and its layout file, a game's state gives what changes (suits, open
and closed paths, the Ferry), the action targets name the game's map's forests, a save loads on
its map, and bad maps or suits are refused with the engine's message."""
import json
from importlib import resources

import pytest

pytest.importorskip("starlette")
from starlette.testclient import TestClient  # noqa: E402

from wyrm_ai import _core  # noqa: E402
from wyrm_ai.web.app import create_app  # noqa: E402
from wyrm_ai.web.table import Tables  # noqa: E402
from test_web_api import new_game  # noqa: E402  (the API tests' new game)

MAPS = ("autumn", "winter", "lake", "mountain")


@pytest.fixture
def client(tmp_path):
    app = create_app(Tables(saves=tmp_path / "saves", seed=11, hint_sims=40, hint_ms=2000), step_delay=0)
    with TestClient(app) as c:
        yield c


def view(client, g, player=0):
    return client.get(f"/api/games/{g['game']}", params={"token": g["players"][player]["token"]}).json()


def test_options_list_the_maps_and_layouts(client):
    o = client.get("/api/options").json()
    assert [m["name"] for m in o["maps"]] == list(MAPS) == list(_core.MAP_NAMES)
    assert {m["name"]: (m["printed"], m["suggested"]) for m in o["maps"]} == {
        "autumn": (True, False), "winter": (False, False), "lake": (False, True), "mountain": (False, True)}
    assert o["suits"] == ["random", "balanced", "suggested"]


@pytest.mark.parametrize("name", MAPS)
def test_each_maps_drawing_is_the_cores(client, name):
    d = _core.MAPS[name]
    pos = json.loads(resources.files("wyrm_ai.web").joinpath(f"{name}.json").read_text("utf-8"))
    m = client.get("/api/map", params={"map": name}).json()
    assert m["map"] == name and (m["width"], m["height"]) == (pos["width"], pos["height"])
    assert [c["clearing"] for c in m["clearings"]] == list(range(1, 13))
    assert [c["slots"] for c in m["clearings"]] == list(d["slots"])
    assert [c["ruin"] for c in m["clearings"]] == [bool(r) for r in d["ruins"]]
    assert [[c["x"], c["y"]] for c in m["clearings"]] == [pos["clearings"][str(i)] for i in range(1, 13)]
    assert [f["name"] for f in m["forests"]] == list(d["forest_names"])
    assert [f["clearings"] for f in m["forests"]] == [list(f) for f in d["forests"]]
    assert [tuple(p) for p in m["paths"]] == list(d["paths"])
    assert [tuple(p) for p in m["closed_paths"]] == list(d["closed_paths"])
    assert (m["ferry"], m["tower"]) == (d["ferry"], d["tower"])
    assert [c["clearing"] for c in m["clearings"] if c["coastal"]] == list(d["coastal"])
    printed = d["printed_suits"]
    assert [c["suit"] for c in m["clearings"]] == (
        [_core.SUIT_NAMES[s] for s in printed] if printed is not None else [None] * 12)
    assert (m["lake"] is not None) == (name == "lake")
    # the layout file's scenery agrees with the core's data where both say it
    assert [tuple(p) for p in pos.get("closed_paths", [])] == list(d["closed_paths"])
    assert pos.get("tower") == d["tower"]


def test_an_unknown_map_is_a_clear_error(client):
    r = client.get("/api/map", params={"map": "moon"})
    assert r.status_code == 400 and r.json()["code"] == "syntax"
    assert "no map 'moon'" in r.json()["message"] and "mountain" in r.json()["message"]
    assert client.get("/api/map").json()["map"] == "autumn"            # the default


@pytest.mark.parametrize("name", MAPS)
def test_a_game_on_each_map(client, name):
    g = new_game(client, factions=["marquise", "wyrm"], humans=["marquise"], map=name, suits="balanced")
    s = view(client, g)["state"]
    d = _core.MAPS[name]
    assert s["map"] == name
    assert [c["suit"] for c in s["clearings"]] == s["suits"]
    assert sorted(s["suits"]) == sorted(["fox", "rabbit", "mouse"] * 4)
    if d["printed_suits"] is not None:                                 # Autumn prints its suits
        assert s["suits"] == [_core.SUIT_NAMES[x] for x in d["printed_suits"]]
    else:                                                              # balanced: no path joins one suit
        assert all(s["suits"][a - 1] != s["suits"][b - 1] for a, b in d["paths"] + d["closed_paths"])
    assert [tuple(p) for p in s["paths"]] == sorted(d["paths"])
    assert [tuple(p) for p in s["closed_paths"]] == list(d["closed_paths"])
    assert s["ferry"] == d["ferry"] and s["tower"] == d["tower"]
    if name == "lake":
        assert s["ferry"] == 1
    if name == "mountain":
        assert len(s["closed_paths"]) == 6 and s["tower"] == 10
        assert not set(map(tuple, s["closed_paths"])) & set(map(tuple, s["paths"]))
    # the layout the page fetches for this game names the same clearings, forests and paths
    m = client.get("/api/map", params={"map": s["map"]}).json()
    assert [f["name"] for f in m["forests"]] == list(d["forest_names"])
    assert sorted(map(tuple, m["paths"])) == sorted(map(tuple, s["paths"]))


def test_suits_reach_the_engine(client):
    lake = _core.MAPS["lake"]["default_suits"]
    g = new_game(client, factions=["marquise", "wyrm"], map="lake", suits="suggested")
    assert view(client, g)["state"]["suits"] == [_core.SUIT_NAMES[x] for x in lake]
    # Rootlog's Clearings line, with its spaces, and the map in options
    line = "M1, M2, M3, M4, F5, F6, F7, F8, R9, R10, R11, R12"
    g = new_game(client, factions=["marquise", "wyrm"], suits=line, options={"map": "winter"})
    s = view(client, g)["state"]
    assert s["map"] == "winter" and s["suits"] == ["mouse"] * 4 + ["fox"] * 4 + ["rabbit"] * 4
    g = new_game(client, factions=["marquise", "wyrm"], options={"map": "Mountain", "suits": "random"})
    assert view(client, g)["state"]["map"] == "mountain"
    g = new_game(client, factions=["marquise", "wyrm"])                # the default: Autumn
    assert view(client, g)["state"]["map"] == "autumn"


@pytest.mark.parametrize("body, words", [
    ({"map": "moon"}, "no map 'moon': the maps are autumn, winter, lake, mountain"),
    ({"map": 3}, "map is text"),
    ({"map": ""}, "the option map is empty"),
    ({"map": "winter", "suits": "suggested"}, "no suggested layout"),
    ({"map": "lake", "suits": "chaotic"}, "cannot read"),
    ({"map": "lake", "suits": "F1,F2,F3"}, "no suit for clearing 4"),
    ({"map": "lake", "suits": "F1,F2,F3,F4,F5,M6,M7,M8,R9,R10,R11,R12"}, "four of each suit"),
    ({"map": "lake", "options": {"map": "winter"}}, "map is given twice"),
    ({"options": {"suits": ["F1"]}}, "options is an object of text values"),
])
def test_bad_maps_and_suits_are_refused(client, body, words):
    r = client.post("/api/games", json={"factions": ["marquise", "wyrm"], **body})
    assert r.status_code == 400, r.text
    assert r.json()["type"] == "error" and words in r.json()["message"], r.json()


def test_forest_targets_name_the_games_forests(client):
    """The Vagabond's start lists the forests of the game's map, by the names /api/map gives."""
    g = new_game(client, factions=["vagabond", "wyrm"], humans=["vagabond"], map="mountain")
    forests = [f["name"] for f in client.get("/api/map", params={"map": "mountain"}).json()["forests"]]
    with client.websocket_connect(f"/api/games/{g['game']}/ws?token={g['players'][0]['token']}") as ws:
        m = ws.receive_json()
        assert m["state"]["step"] == "vagabond_character"
        ws.send_json({"type": "play", "action": m["state"]["legal"][0]})
        m = ws.receive_json()
        assert m["type"] == "update" and m["state"]["step"] == "vagabond_setup"
        assert sorted(a["forest"] for a in m["actions"]) == sorted(forests) and len(forests) == 10


def test_a_save_loads_on_its_map(client):
    g = new_game(client, factions=["marquise", "wyrm"], humans=["marquise"], map="mountain", suits="suggested")
    token = g["players"][0]["token"]
    before = view(client, g)["state"]
    r = client.post(f"/api/games/{g['game']}/save", json={"token": token, "name": "peak"})
    assert r.status_code == 200, r.text
    r = client.post("/api/load", json={"name": "peak", "token": token, "humans": ["marquise"], "levels": {"wyrm": "easy"}})
    assert r.status_code == 201, r.text
    s = view(client, r.json())["state"]
    assert (s["map"], s["suits"], s["paths"], s["closed_paths"], s["tower"]) == (
        "mountain", before["suits"], before["paths"], before["closed_paths"], 10)
