"""The web server's contract (docs/web.md): every route and WebSocket message type, bad input
answered with a clear error that changes nothing, each player's view redacted to its seats,
resuming after a dropped connection, saves, and the loopback default."""
import json
import os
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest

pytest.importorskip("starlette")
from starlette.testclient import TestClient  # noqa: E402

from wyrm_ai import _core  # noqa: E402
from wyrm_ai.web.app import create_app  # noqa: E402
from wyrm_ai.web.command import LOOPBACK, listen, serve_command  # noqa: E402
from wyrm_ai.web.table import Tables  # noqa: E402
from wyrm_ai.model.factions import is_bot  # noqa: E402
from mixes import FIVE_SIX_MIXES, mix_id  # noqa: E402


@pytest.fixture
def client(tmp_path):
    app = create_app(Tables(saves=tmp_path / "saves", seed=7, hint_sims=40, hint_ms=2000), step_delay=0)
    with TestClient(app) as c:
        yield c


def new_game(client, **body):
    body.setdefault("levels", {"wyrm": "easy"})
    r = client.post("/api/games", json=body)
    assert r.status_code == 201, r.text
    return r.json()


def ws_url(game, player=0):
    p = game["players"][player]
    return f"/api/games/{game['game']}/ws?token={p['token']}"


def until_turn(ws, seat, msg=None):
    """Read updates until `seat` decides (or the game is over); the messages read."""
    seen = [msg] if msg else []
    while not seen or (seen[-1]["state"]["to_move"] not in (seat, "over")):
        m = ws.receive_json()
        assert m["type"] == "update", m
        seen.append(m)
    return seen


def test_page_static_map_and_options(client):
    page = client.get("/")
    assert page.status_code == 200 and "board.js" in page.text
    assert client.get("/static/board.js").status_code == 200
    assert client.get("/static/board.css").status_code == 200
    m = client.get("/api/map").json()
    assert [c["clearing"] for c in m["clearings"]] == list(range(1, 13))
    assert [tuple(p) for p in m["paths"]] == list(_core.PATHS)         # adjacency from the core
    assert [c["suit"] for c in m["clearings"]][:4] == ["fox", "mouse", "rabbit", "rabbit"]
    assert [f["name"] for f in m["forests"]] == list(_core.FOREST_NAMES)
    o = client.get("/api/options").json()
    assert {f["name"] for f in o["factions"]} >= {"marquise", "wyrm", "eyrie"}
    assert [f["bot"] for f in o["factions"] if f["name"] == "mechanical-marquise"] == [True]
    assert set(o["levels"]) == {"easy", "normal", "hard"} and o["saves"] == []
    assert client.get("/api/saves").json() == {"saves": []}


def test_new_game_and_its_view(client):
    g = new_game(client, factions=["marquise", "wyrm"], humans=["marquise"])
    assert g["seats"] == {"marquise": "human", "wyrm": "easy"}
    token = g["players"][0]["token"]
    assert g["players"][0]["seats"] == ["marquise"] and token in g["players"][0]["url"]
    v = client.get(f"/api/games/{g['game']}", params={"token": token}).json()
    assert v["type"] == "update" and v["view"] == "marquise"
    assert v["state"]["to_move"] == "marquise" and v["state"]["hands"]["wyrm"] is None
    assert len(v["state"]["hands"]["marquise"]) == 3
    assert {a["text"] for a in v["actions"]} == set(v["state"]["legal"])
    assert [a["at"] for a in v["actions"]] == [1, 2, 3, 4]          # the Keep's corners, clickable


@pytest.mark.parametrize("body, words", [
    ({"factions": ["marquise", "dragon"]}, "cannot seat 'dragon'"),
    ({"factions": ["marquise"]}, "1 factions"),
    ({"factions": "marquise wyrm"}, "list of faction names"),
    ({"factions": ["marquise", "wyrm"], "humans": []}, "at least one seat"),
    ({"factions": ["marquise", "wyrm"], "humans": ["eyrie"]}, "not seated"),
    ({"factions": ["mechanical-marquise", "wyrm"], "humans": ["mechanical-marquise"]}, "is a bot"),
    ({"factions": ["marquise", "wyrm"], "humans": ["marquise"], "levels": {"wyrm": "godlike"}}, "easy, normal or hard"),
    ({"factions": ["marquise", "wyrm"], "humans": ["marquise"], "levels": {"wyrm": ["hard"]}}, "easy, normal or hard"),
    ({"factions": ["marquise", "wyrm"], "humans": "marquise"}, "list of faction names"),
    ({"factions": ["marquise", "wyrm"], "levels": []}, "levels must be an object"),
    ({"factions": ["marquise", "wyrm"], "options": {"difficulty": "impossible"}}, "difficulty"),
    ({"factions": ["marquise", "wyrm"], "options": {"growth_caps": "5,4,3,2,1,0"}}, "growth_caps"),
    ({"factions": ["marquise", "wyrm"], "options": {"level": "hard"}}, "keys among"),
    ({"factions": ["marquise", "wyrm"], "seed": -1}, "seed"),
    ({"factions": ["marquise", "wyrm"], "seed": "7"}, "seed"),
    ({"factions": ["marquise", "wyrm"], "hotseat": "yes"}, "hotseat"),
])
def test_new_game_bad_input(client, body, words):
    r = client.post("/api/games", json=body)
    assert r.status_code == 400
    assert r.json()["type"] == "error" and words in r.json()["message"]


def test_game_options_reach_the_engine(client):
    g = new_game(client, factions=["mechanical-marquise", "wyrm"], humans=["wyrm"],
                 options={"bot_variant": "dc", "difficulty": "nightmare", "traits": "blitz,fortified",
                          "growth_caps": "2,3,3,4,5,6"})
    assert g["seats"] == {"mechanical-marquise": "bot", "wyrm": "human"}
    s = client.get(f"/api/games/{g['game']}", params={"token": g["players"][0]["token"]}).json()["state"]
    bot = s["mechanical-marquise"]
    assert (bot["variant"], bot["difficulty"], bot["traits"]) == ("dc", "nightmare", ["blitz", "fortified"])
    assert s["growth_caps"] == [2, 3, 3, 4, 5, 6]


def test_malformed_bodies_and_unknown_games(client):
    r = client.post("/api/games", content=b"{not json")
    assert r.status_code == 400 and "not JSON" in r.json()["message"]
    r = client.post("/api/games", content=b"[1, 2]")
    assert r.status_code == 400 and "JSON object" in r.json()["message"]
    g = new_game(client, humans=["marquise"])
    r = client.get("/api/games/nosuchgame", params={"token": g["players"][0]["token"]})
    assert r.status_code == 404 and r.json()["code"] == "not_found"
    r = client.get(f"/api/games/{g['game']}", params={"token": "forged"})
    assert r.status_code == 403 and r.json()["code"] == "not_yours"
    for url in ("/api/games/nosuchgame/ws?token=x", f"/api/games/{g['game']}/ws?token=forged"):
        with client.websocket_connect(url) as ws:
            m = ws.receive_json()
            assert m["type"] == "error" and m["code"] in ("not_found", "not_yours")


def test_messages_play_illegal_and_malformed(client):
    g = new_game(client, humans=["marquise"])
    with client.websocket_connect(ws_url(g)) as ws:
        first = ws.receive_json()
        n = first["state"]["record_length"]
        bad = [("garbage", "syntax", "not JSON"), ('"play"', "unknown_type", "unknown message type"),
               ('{"type": "fly"}', "unknown_type", "fly"),
               ('{"type": "play"}', "syntax", "play needs an action"),
               ('{"type": "play", "action": "t_k->9"}', "illegal", "t_k->9"),
               ('{"type": "play", "action": "XW5"}', "illegal", "XW5"),
               ('{"type": "play", "action": "t_k->1\\nquit"}', "input", "one line"),
               (json.dumps({"type": "play", "action": "x" * 70000}), "input", "at most")]
        for raw, code, words in bad:
            ws.send_text(raw)
            m = ws.receive_json()
            assert m["type"] == "error" and m["code"] == code and words in m["message"], (raw, m)
        ws.send_json({"type": "sync"})
        again = ws.receive_json()
        assert again["state"]["record_length"] == n and again["state"] == first["state"]   # nothing changed
        ws.send_json({"type": "play", "action": "t_k->1"})
        m = ws.receive_json()
        assert m["state"]["keep"] == 1 and [e["action"] for e in m["events"]] == ["C: t_k->1"]


def test_hint_with_the_calibrated_win_chance(client):
    """A hint gives the seat's calibrated win chance where its chances are calibrated (the Wyrm
    at the Marquise-Wyrm table), else the search's value, uncalibrated (the Marquise at three
    seats: issue 31, docs/calibration.md)."""
    g = new_game(client, factions=["marquise", "eyrie", "wyrm"], humans=["marquise"])
    with client.websocket_connect(ws_url(g)) as ws:
        first = ws.receive_json()
        legal, n = first["state"]["legal"], first["state"]["record_length"]
        assert first["calibrated"] is False
        ws.send_json({"type": "hint"})
        h = ws.receive_json()
        assert h["type"] == "hint" and h["seat"] == "marquise" and h["best"] in legal
        assert h["calibrated"] is False and h["win_chance"] is None and h["win_text"] is None
        assert 0 <= h["value"] <= 1 and h["sims"] == 40 and h["only"] is False
        ws.send_json({"type": "sync"})
        assert ws.receive_json()["state"]["record_length"] == n       # a hint plays nothing
    g = new_game(client, factions=["marquise", "wyrm"], humans=["wyrm"], levels={"marquise": "easy"})
    with client.websocket_connect(ws_url(g)) as ws:
        msgs = until_turn(ws, "wyrm")
        while len(msgs[-1]["state"]["legal"]) < 2:         # its setup: past the forced choices
            ws.send_json({"type": "play", "action": msgs[-1]["state"]["legal"][0]})
            msgs = until_turn(ws, "wyrm")
        assert msgs[-1]["calibrated"] is True
        ws.send_json({"type": "hint"})
        h = ws.receive_json()
        assert h["type"] == "hint" and h["seat"] == "wyrm" and h["calibrated"] is True
        assert 0 <= h["win_chance"] <= 1 and h["win_text"].endswith("%")


def test_undo_back_to_your_decision_and_not_your_turn(client):
    g = new_game(client, factions=["marquise", "wyrm"], humans=["wyrm"], levels={"marquise": "easy"})
    with client.websocket_connect(ws_url(g)) as ws:
        msgs = until_turn(ws, "wyrm")
        assert any(e["by"] == "marquise" for m in msgs for e in m["events"])   # the AI set up, told
        assert msgs[-1]["state"]["step"] == "wyrm_setup"
        ws.send_json({"type": "undo"})
        m = ws.receive_json()
        assert m["type"] == "error" and m["code"] == "not_now" and "nothing of yours" in m["message"]
        before = msgs[-1]["state"]
        ws.send_json({"type": "play", "action": before["legal"][0]})
        after = until_turn(ws, "wyrm")[-1]["state"]
        assert after["record_length"] > before["record_length"] and after["to_move"] == "wyrm"
        ws.send_json({"type": "undo"})
        m = ws.receive_json()
        assert m["undone"] and m["state"]["record_length"] == before["record_length"]
        assert m["state"]["step"] == "wyrm_setup" and m["state"]["legal"] == before["legal"]
    g = new_game(client, factions=["marquise", "wyrm"], humans=["marquise", "wyrm"], hotseat=False)
    with client.websocket_connect(ws_url(g, 1)) as ws:
        s = ws.receive_json()["state"]
        for kind in ("play", "hint", "undo"):
            ws.send_json({"type": kind, "action": "t_k->1"})
            m = ws.receive_json()
            assert m["type"] == "error" and m["code"] == "not_now", m
        ws.send_json({"type": "sync"})
        assert ws.receive_json()["state"] == s


def test_resume_after_disconnect(client):
    g = new_game(client, humans=["marquise"])
    with client.websocket_connect(ws_url(g)) as ws:
        ws.receive_json()
        ws.send_json({"type": "play", "action": "t_k->2"})
        left = ws.receive_json()
    with client.websocket_connect(ws_url(g)) as ws:          # the same token: the same seat, same game
        back = ws.receive_json()
        assert back["state"]["keep"] == 2 and back["state"]["record_length"] == left["state"]["record_length"]
        assert back["events"][-1]["action"] == "C: t_k->2"     # the last events are told again
        assert back["actions"] == left["actions"]


def test_each_player_sees_only_its_seat(client):
    """Three browsers at one table (no hot-seat): every message a seat is sent keeps the other
    hands hidden (compared with the referee's view), draws of other seats are masked, legal
    actions come only on its own turn."""
    g = new_game(client, factions=["marquise", "eyrie", "wyrm"], humans=["marquise", "eyrie", "wyrm"],
                 hotseat=False)
    assert [p["seats"] for p in g["players"]] == [["marquise"], ["eyrie"], ["wyrm"]]
    table = client.app.state.server.tables.get(g["game"])
    names = ("marquise", "eyrie", "wyrm")
    with client.websocket_connect(ws_url(g, 0)) as cat, client.websocket_connect(ws_url(g, 1)) as bird, \
            client.websocket_connect(ws_url(g, 2)) as wyrm:
        socks = dict(zip(names, (cat, bird, wyrm)))
        msgs = {f: [ws.receive_json()] for f, ws in socks.items()}
        for _ in range(40):
            mover = msgs["marquise"][-1]["state"]["to_move"]
            legal = msgs[mover][-1]["state"]["legal"]
            socks[mover].send_json({"type": "play", "action": legal[-1]})
            for f, ws in socks.items():             # one update each: one more record entry
                msgs[f].append(ws.receive_json())
        referee = table.bridge.state("referee")
        assert referee["turn_number"] >= 1 and any(referee["hands"].values())
        for view, seen in msgs.items():
            for m in seen:
                assert m["view"] == view and m["seats"] == [view]
                st = m["state"]
                assert all(h is None for f, h in st["hands"].items() if f != view)
                assert "deck" not in st and "core" not in st
                assert ("legal" in st) == (st["to_move"] == view) and bool(m["actions"]) == (st["to_move"] == view)
                for entry in m["events"]:
                    for e in entry["events"]:
                        if e["kind"] == "draw" and e["seat"] != view:
                            assert e["card"] == "#?", e
            st = seen[-1]["state"]
            assert st["hands"][view] == referee["hands"][view]            # its own hand, in full
            assert st["hand_sizes"] == referee["hand_sizes"]
            others_draws = [e for m in seen for entry in m["events"] for e in entry["events"]
                            if e["kind"] == "draw" and e["seat"] != view]
            assert others_draws and all(e["card"] == "#?" for e in others_draws)   # told, masked


def test_hotseat_player_sees_the_seat_to_move(client):
    g = new_game(client, factions=["marquise", "wyrm"], humans=["marquise", "wyrm"], hotseat=True)
    assert [p["seats"] for p in g["players"]] == [["marquise", "wyrm"]]
    with client.websocket_connect(ws_url(g)) as ws:
        m = ws.receive_json()
        while m["state"]["to_move"] == "marquise":
            assert m["view"] == "marquise" and m["state"]["hands"]["wyrm"] is None
            ws.send_json({"type": "play", "action": m["state"]["legal"][0]})
            m = ws.receive_json()
        assert m["view"] == "wyrm" and m["state"]["hands"]["marquise"] is None and m["state"]["legal"]
        assert m["fresh"]                     # the page starts its log again in the Wyrm's view
        draws = [e for entry in m["events"] for e in entry["events"] if e["kind"] == "draw"]
        assert draws and all(e["card"] == "#?" for e in draws if e["seat"] == "marquise")


def test_save_and_load(client, tmp_path):
    g = new_game(client, humans=["marquise"])
    token = g["players"][0]["token"]
    with client.websocket_connect(ws_url(g)) as ws:
        ws.receive_json()
        ws.send_json({"type": "play", "action": "t_k->3"})
        n = ws.receive_json()["state"]["record_length"]
    for name in ("../evil", "", "a/b", None, "x" * 70):
        r = client.post(f"/api/games/{g['game']}/save", json={"token": token, "name": name})
        assert r.status_code == 400 and "save's name" in r.json()["message"]
    r = client.post(f"/api/games/{g['game']}/save", json={"token": "forged", "name": "ok"})
    assert r.status_code == 403
    r = client.post(f"/api/games/{g['game']}/save", json={"token": token, "name": "first"})
    assert r.json() == {"saved": "first.json"} and (tmp_path / "saves" / "first.json").is_file()
    assert client.get("/api/saves", params={"token": token}).json() == {"saves": ["first"]}
    r = client.post("/api/load", json={"name": "first", "token": token, "humans": ["marquise"], "levels": {"wyrm": "easy"}})
    assert r.status_code == 201
    loaded = r.json()
    v = client.get(f"/api/games/{loaded['game']}", params={"token": loaded["players"][0]["token"]}).json()
    assert v["state"]["keep"] == 3 and v["state"]["record_length"] == n
    r = client.post("/api/load", json={"name": "first", "token": token, "humans": ["wyrm", "eyrie"], "levels": {"alliance": "hard"}})
    assert r.status_code == 201 and r.json()["seats"] == {"marquise": "normal", "wyrm": "human"}   # the save's seats
    r = client.post("/api/load", json={"name": "first", "token": token, "humans": ["eyrie"]})
    assert r.status_code == 400 and "at least one seat" in r.json()["message"]
    r = client.post("/api/load", json={"name": "missing", "token": token})
    assert r.status_code == 400 and r.json()["code"] == "file"
    (tmp_path / "saves" / "broken.json").write_text("{ not a save")
    # a corrupt save of this player's (issue 29 item 7: a save loads only with its saver's token)
    (tmp_path / "saves" / "broken.owner").write_text((tmp_path / "saves" / "first.owner").read_text())
    r = client.post("/api/load", json={"name": "broken", "token": token})
    assert r.status_code == 400 and r.json()["code"] == "file"


def test_serves_loopback_by_default():
    host = next(p for p in serve_command.params if p.name == "host")
    assert host.default == LOOPBACK == "127.0.0.1"
    sock = listen(host.default, 0)
    try:
        assert sock.getsockname()[0] == "127.0.0.1" and sock.getsockname()[1] > 0
    finally:
        sock.close()


def test_wyrm_serve_prints_its_address_and_serves(tmp_path):
    env = dict(os.environ, PYTHONPATH=str(Path(__file__).resolve().parents[1]))
    proc = subprocess.Popen([sys.executable, "-m", "wyrm_ai.cli", "serve", "--port", "0", "--seed", "3"],
                            stdout=subprocess.PIPE, text=True, cwd=tmp_path, env=env)
    try:
        line = proc.stdout.readline()
        assert line.startswith("wyrm serve: open http://127.0.0.1:")
        url = line.split()[3]
        with urllib.request.urlopen(url + "api/map", timeout=20) as r:
            assert len(json.load(r)["clearings"]) == 12
    finally:
        proc.terminate()
        proc.wait(20)


def test_rootlog_export_is_the_players_seat_view(client):
    """GET /api/games/{id}/rootlog (docs/web.md): the game as a Rootlog file as the player's seat
    sees it -- the engine's `record rootlog <seat>` (docs/rootlog.md "Writer"): it reads back
    without error, names the player's own draws and writes the AI's hidden draws `#`; the
    referee's file, which names every card, is for a finished game only."""
    from wyrm_ai.rootlog import read_text
    g = new_game(client, factions=["marquise", "wyrm"], humans=["marquise"])
    token, gid = g["players"][0]["token"], g["game"]
    table = client.app.state.server.tables.get(gid)
    r = client.get(f"/api/games/{gid}/rootlog", params={"token": token})
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/plain")
    assert f'filename="wyrm-{gid}.rootlog"' in r.headers["content-disposition"]
    record = read_text(r.text)
    assert not record.errors and record.header.map == "Fall"
    referee = table.bridge.ask("record rootlog referee")
    assert r.text.rstrip("\n") == table.bridge.ask("record rootlog marquise") != referee
    wyrm_hand = table.bridge.state("referee")["hands"]["wyrm"]
    assert wyrm_hand and all(card not in r.text for card in wyrm_hand)        # the AI's cards: unnamed
    assert all(card in referee for card in wyrm_hand)
    assert client.get(f"/api/games/{gid}/rootlog", params={"token": "nope"}).status_code == 403
    assert client.get("/api/games/nosuch/rootlog", params={"token": token}).status_code == 404


# ---- issue 28 item 5: the web board for a Root player ------------------------------------------

def test_ruins_at_every_table(client):
    """issue 28: ruins were drawn only where the Vagabond sits (the state's `ruin` flag), so a
    ruin slot looked free. Every update's state says which ruins stand, at every table (protocol
    2.8): the core's ruins until the Vagabond explores one."""
    ruins = [c + 1 for c in range(_core.NUM_CLEARINGS) if _core._RUINS[c]]
    assert ruins == [6, 10, 11, 12]
    for factions in (["marquise", "wyrm"], ["marquise", "eyrie", "wyrm"], ["vagabond", "wyrm"]):
        g = new_game(client, factions=factions, humans=[factions[0]])
        m = client.get(f"/api/games/{g['game']}", params={"token": g["players"][0]["token"]}).json()
        assert [c["clearing"] for c in m["state"]["clearings"] if c["ruin"]] == ruins, factions


def test_steps_and_actions_in_words(client):
    """issue 28: the status showed raw step names (`marquise keep`) and the log the AI's actions
    in notation only (`W: (p+w)3->7`). Each update gives the turn and the step in the
    terminal's words, and every record entry its action in words (the terminal's explain),
    headed by the faction that took it; the notation stays beside it."""
    from wyrm_ai.model.textboard.words import step_words
    g = new_game(client, factions=["marquise", "wyrm"], humans=["marquise"])
    with client.websocket_connect(ws_url(g)) as ws:
        m = ws.receive_json()
        assert m["words"]["turn"] == "Setup" and m["words"]["step"] == "setup: place the Keep"
        assert m["words"]["step"] == step_words(m["state"]["step"])
        assert m["words"]["titles"] == {"marquise": "Marquise", "wyrm": "Wyrm"}
        seen = [m]
        while seen[-1]["state"]["turn_number"] < 2 or seen[-1]["state"]["to_move"] != "marquise":
            st = seen[-1]["state"]
            if st["to_move"] == "marquise":
                ws.send_json({"type": "play", "action": st["legal"][-1]})
            seen.extend(until_turn(ws, "marquise"))
        assert seen[-1]["words"]["turn"].startswith("Round ") and "_" not in seen[-1]["words"]["step"]
    entries = [e for m in seen for e in m["events"]]
    assert all(e["words"] for e in entries)
    keep = next(e for e in entries if e["action"].startswith("C: t_k->"))
    assert keep["words"] == f"Marquise: place the Keep in clearing {keep['action'][-1]}"
    wyrm = [e for e in entries if e["by"] == "wyrm"]
    assert len(wyrm) >= 3                                          # its setup and its first turn
    for e in wyrm:
        assert e["words"].startswith("Wyrm: ") and "->" not in e["words"], e
    assert any("clearing" in e["words"] for e in wyrm)


def test_other_seats_cards_stay_hidden_in_words(client):
    """issue 28: the actions in words are the seat's view (redaction.record_seen): another
    seat's draw names no card in words either."""
    from wyrm_ai.model.cards import CARDS
    g = new_game(client, factions=["marquise", "wyrm"], humans=["marquise"])
    table = client.app.state.server.tables.get(g["game"])
    names = {c.name for c in CARDS}
    with client.websocket_connect(ws_url(g)) as ws:
        m = ws.receive_json()
    hidden = [e for e in m["events"] if e["events"] and e["events"][0]["kind"] == "draw"
              and e["events"][0]["seat"] != "marquise"]
    assert hidden
    for e in hidden:
        assert not any(name in e["words"] for name in names), e
        assert e["words"] == "the Wyrm draws a card"                # a card, never which (a chance entry: no head)
    wyrm_hand = table.bridge.state("referee")["hands"]["wyrm"]
    assert wyrm_hand and m["state"]["hands"]["wyrm"] is None


def test_cards_by_name_with_their_text(client):
    """issue 28: hand cards showed as codes (`B#woodlandrunners`) with no name or text.
    /api/cards names every card the views mention by its token, with its suit (the page's
    colour), its kind, its crafting cost and its text (the terminal's `card NAME` words)."""
    from wyrm_ai.model.card_texts import CARD_TEXTS
    from wyrm_ai.model.cards import CARDS
    cards = client.get("/api/cards").json()["cards"]
    assert set(cards) == {c.token for c in CARDS}
    runners = cards["B#woodlandrunners"]
    assert runners["name"] == "Woodland Runners" and runners["suit"] == "bird"
    assert runners["item"] == "boots" and runners["cost"] == "1 rabbit" and "boots" in runners["text"]
    assert cards["F#anvil"]["name"] == "Anvil" and cards["F#anvil"]["suit"] == "fox"
    for token, c in cards.items():
        assert c["name"] and c["suit"] in ("fox", "rabbit", "mouse", "bird") and c["text"], token
        if token in CARD_TEXTS:
            assert c["text"] == CARD_TEXTS[token]
    g = new_game(client, factions=["marquise", "wyrm"], humans=["marquise"])
    m = client.get(f"/api/games/{g['game']}", params={"token": g["players"][0]["token"]}).json()
    assert m["state"]["hands"]["marquise"] and all(t in cards for t in m["state"]["hands"]["marquise"])


def test_forest_targets(client):
    """issue 28: forests could not be clicked. An action that goes to a forest (the Vagabond's
    start and Slip, the Wyrm fleeing a battle) names the forest, as /api/map names them."""
    forests = [f["name"] for f in client.get("/api/map").json()["forests"]]
    g = new_game(client, factions=["vagabond", "wyrm"], humans=["vagabond"])
    with client.websocket_connect(ws_url(g)) as ws:
        m = ws.receive_json()
        assert m["state"]["step"] == "vagabond_character"
        assert all(a["forest"] is None for a in m["actions"])
        ws.send_json({"type": "play", "action": m["state"]["legal"][0]})
        m = ws.receive_json()
        assert m["state"]["step"] == "vagabond_setup"
        assert sorted(a["forest"] for a in m["actions"]) == sorted(forests)
        assert all(a["at"] is None and a["to"] is None for a in m["actions"])
        ws.send_json({"type": "play", "action": next(a["text"] for a in m["actions"] if a["forest"] == forests[2])})
        m = ws.receive_json()
        assert m["state"]["vagabond"]["pawn"] == forests[2]


def test_wyrm_tracks_as_the_terminal_shows_them(client):
    """issue 28: the web's Wyrm panel showed the Growth markers per track (`bite 0`) where the
    terminal shows the limits they give (Bite 1: battles a turn, Height: moves, Might:
    wyrmlings per Intimidate). Each update carries the terminal's numbers, from the same
    observation (its `wyrm_limits` and `growth_on_track`), and they match the terminal's Wyrm
    panel."""
    import re

    from wyrm_ai.model.textboard.board import wyrm_lines
    from wyrm_ai.model.textboard.style import Style
    g = new_game(client, factions=["marquise", "wyrm"], humans=["marquise"])
    table = client.app.state.server.tables.get(g["game"])
    with client.websocket_connect(ws_url(g)) as ws:
        m = ws.receive_json()
        assert m["board"]["wyrm"]["placed"] is False
        while m["state"]["turn_number"] < 3:
            if m["state"]["to_move"] == "marquise":
                ws.send_json({"type": "play", "action": m["state"]["legal"][-1]})
            m = until_turn(ws, "marquise")[-1]
    game = table.bridge.game
    d = game.observation("marquise")
    seat = game.seat_of("wyrm")
    text = " ".join(wyrm_lines(d, Style(False), "", seat))
    w = m["board"]["wyrm"]
    assert w["placed"] is True
    lim = d["wyrm_limits"]
    assert (w["bite"], w["height"], w["might"]) == (lim["battles"], lim["moves"], lim["might"])
    assert w["growth_on_track"] == d["growth_on_track"]
    for name, key in (("Bite", "bite"), ("Height", "height"), ("Might", "might")):
        shown = {int(n) for n in re.findall(rf"{name} (\d+)", text)}
        assert shown == {w[key]}, (name, shown, w)
    track = "[o]" * w["growth_on_track"] + "[ ]" * (w["growth_markers"] - w["growth_on_track"])
    assert f"Growth track {track}" in text


@pytest.mark.parametrize("mix", FIVE_SIX_MIXES, ids=mix_id)
def test_five_and_six_seat_games_carry_every_factions_panel(client, mix):
    """issue 32 item 3 (LoR 5.2: two to six players): the new-game form offers every faction a
    seat (its rows are /api/options' factions, the bot's with the bot as its only player), the
    server seats five and six, and every update of the person's seat carries each faction's panel
    (its score, hand size, items, play area, title and player, and the faction's own block: the
    Eyrie's, the Alliance's, the Vagabond's, the bot's; the Wyrm's tracks in `board`) while the
    other hands stay hidden; the AI plays its seats round the table and the person's turns come
    back."""
    page = client.get("/")
    assert "Seat 2 to 6 factions" in page.text and 'id="seat-rows"' in page.text
    offered = client.get("/api/options").json()["factions"]
    # every faction, the second Vagabond's seat (LoR 9.7: seated beside the Vagabond), the Lizard
    # Cult's (LoR 10), the Riverfolk's (LoR 11), the Duchy's (LoR 12), the Corvids' (LoR 13), the
    # Hundreds' (LoR 14) and the Keepers' (LoR 15)
    assert {f["name"] for f in offered} == set(FIVE_SIX_MIXES[1]) | {"vagabond2", "lizards", "riverfolk", "duchy",
                                                                     "corvids", "hundreds", "keepers"} \
        and len(offered) == 13
    human = "alliance"
    g = new_game(client, factions=list(mix), humans=[human],
                 levels={f: "easy" for f in mix if f != human and not is_bot(f)})
    assert g["seats"] == {f: "human" if f == human else "bot" if is_bot(f) else "easy" for f in mix}
    headed = set()
    with client.websocket_connect(ws_url(g)) as ws:
        m = ws.receive_json()
        while m["state"]["to_move"] != "over" and m["state"]["turn_number"] <= len(mix) + 1:
            if m["state"]["to_move"] == human:
                ws.send_json({"type": "play", "action": m["state"]["legal"][-1]})
            seen = until_turn(ws, human)
            for x in seen:
                s = x["state"]
                seated = s["factions"]               # seat order: the turn order given, round the table
                assert x["view"] == human and any(seated == list(mix[k:] + mix[:k]) for k in range(len(mix)))
                for key in ("scores", "hand_sizes", "items", "play_areas", "supplies"):
                    assert set(s[key]) == set(mix), key
                assert set(x["words"]["titles"]) == set(mix) and set(x["players"]) == set(mix)
                for f in ("eyrie", "alliance", "vagabond", "mechanical-marquise"):
                    assert (s.get(f) is not None) == (f in mix), f
                assert (x["board"]["wyrm"] is not None) == ("wyrm" in mix)
                # (the Riverfolk's hand lies face up for every seat, LoR 11.2.3)
                assert all((h is None) != (f == "riverfolk") for f, h in s["hands"].items() if f != human)
                headed |= {f for f in mix for e in x["events"] if e["words"].startswith(x["words"]["titles"][f] + ":")}
            m = seen[-1]
    assert m["state"]["turn_number"] > len(mix)                 # a round of every seat went by
    assert headed >= {f for f in mix if not is_bot(f)}, headed   # each decided, told under its title
