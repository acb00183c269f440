"""The faction draft (LoR 16.1.8) on the web board (docs/web.md): the new-game form's "Draft
factions", `POST /api/games` with `options.draft` and `options.players`, the seats named
`player2` until they choose, the pool, the lock, the characters and the homelands in every
update, a person's pick and homelands through the same move entry as any action."""
import pytest

pytest.importorskip("starlette")

from option_fronts import client  # noqa: E402,F401  (the fixture)

ADVANCED = {"setup": "advanced"}


def new(client, **body):
    r = client.post("/api/games", json={**ADVANCED, **body})
    assert r.status_code == 201, r.text
    return r.json()


def updates(ws, until):
    """Read updates until until(msg) holds; the last one."""
    while True:
        m = ws.receive_json()
        assert m["type"] == "update", m
        if until(m):
            return m


def mine(m) -> bool:
    return bool(m["actions"]) or m["state"]["to_move"] == "over"


def test_post_a_draft_game_and_pick_through_the_move_entry(client):
    """LoR 16.1.8.1: the pool face up, the locked card, a character beside a Vagabond card
    (16.1.8.1.3); 16.1.8.2: from the last player counterclockwise each chooses a faction from the pool
    and sets it up at once (the Marquise's homelands, 16.1.8.2.1); a person picks by the same
    `play` message as any action, and the seat then bears its faction's name."""
    g = new(client, options={"draft": True, "players": 3}, humans=["player1"],
            levels={"player2": "easy", "player3": "easy"}, seed=3)
    assert g["seats"] == {"player1": "human", "player2": "easy", "player3": "easy"}
    assert g["players"][0]["seats"] == ["player1"]
    token = g["players"][0]["token"]
    with client.websocket_connect(f"/api/games/{g['game']}/ws?token={token}") as ws:
        m = updates(ws, mine)
        s = m["state"]
        assert s["step"] == "draft_pick" and s["to_move"] == "player1" and m["view"] == "player1"
        d = s["draft"]
        assert d["cards"] == ["marquise", "eyrie", "alliance", "vagabond", "wyrm"] and d["stage"] == "choosing"
        assert ("vagabond" in d["pool"]) == ("vagabond" in d["characters"])
        assert m["words"]["titles"]["player1"] == "Player 1"
        assert any(line.startswith("draft pool: ") for line in m["board"]["draft"])
        assert all(a["text"].startswith("pick ") for a in m["actions"])
        assert len(m["actions"]) == len(d["pool"]) - (d["locked"] is not None)   # the locked card is not offered
        # the first player picks last: the two AI seats chose before (16.1.8.2: counterclockwise)
        assert sum(k not in ("player2", "player3") for k in m["players"]) == 3
        pick = next(a for a in m["actions"] if a["text"] == "pick C") if any(
            a["text"] == "pick C" for a in m["actions"]) else m["actions"][0]
        ws.send_json({"type": "play", "action": pick["text"]})
        m = updates(ws, lambda m: m["state"]["record_length"] > s["record_length"])
        faction = m["view"]
        assert faction != "player1" and m["seats"] == [faction] and m["players"][faction] == "human"
        if faction == "marquise":                # her homelands: clearings on the map, clicked
            assert m["state"]["step"] == "marquise_homeland"
            assert all(a["at"] == int(a["text"].split()[1]) for a in m["actions"])
            ws.send_json({"type": "play", "action": m["actions"][0]["text"]})
            m = updates(ws, lambda m: any(m["state"]["draft"]["homelands"].values()))
            assert m["state"]["draft"]["homelands"]["marquise"] == [m["state"]["draft"]["homelands"]["marquise"][0]]
            assert any(line.startswith("homelands: Marquise") for line in m["board"]["draft"])
    # the Rootlog export of a player's view works through the draft
    r = client.get(f"/api/games/{g['game']}/rootlog", params={"token": token})
    assert r.status_code == 200, r.text


def test_the_draft_in_the_body_with_a_bot_beside_and_hot_seat(client):
    """LoR 16.1.8 (C4: a bot does not draft; it sits beside the players): factions seats the
    players as `draft` and the Mechanical Marquise by name; players counts the draft's seats."""
    g = new(client, factions=["draft", "mechanical-marquise", "draft", "draft"], draft="eyrie,wyrm,alliance,vagabond",
            humans=["player1", "player3", "player4"], seed=5)
    assert g["seats"] == {"player1": "human", "mechanical-marquise": "bot", "player3": "human", "player4": "human"}
    assert g["players"][0]["seats"] == ["player1", "player3", "player4"]        # hot-seat: one browser
    v = client.get(f"/api/games/{g['game']}", params={"token": g["players"][0]["token"]}).json()
    assert v["state"]["draft"]["cards"] == ["eyrie", "alliance", "vagabond", "wyrm"]
    assert v["view"] == v["state"]["to_move"] == "player4"       # the last player chooses first


def test_the_options_offer_the_draft(client):
    o = client.get("/api/options").json()
    assert o["draft"]["cards"] == ["marquise", "eyrie", "alliance", "vagabond", "wyrm"]
    assert o["draft"]["players"][0] == 2


@pytest.mark.parametrize("body, words", [
    ({"setup": "standard", "options": {"draft": True}}, "part of the Advanced Setup"),
    ({"options": {"draft": "marquise,elk"}}, "no faction 'elk'"),
    ({"options": {"draft": ["marquise", "mechanical-marquise", "wyrm"]}}, "has no card in the draft"),
    ({"options": {"draft": 3}}, "draft is true"),
    ({"options": {"draft": True, "players": 5}}, "5 players draft from 6 cards at least"),
    ({"options": {"draft": True, "players": "3"}}, "players is a whole number"),
    ({"options": {"players": 3}}, "give draft too"),
    ({"options": {"draft": True}, "factions": ["draft", "eyrie"]}, "not 'eyrie'"),
    ({"options": {"draft": True, "players": 3}, "factions": ["draft", "draft"]}, "seats 2 players of the draft"),
    ({"options": {"draft": True}, "humans": ["marquise"]}, "'marquise' is not seated"),
    ({"options": {"draft": True, "players": 2}, "draft": False}, "given twice"),
])
def test_bad_draft_requests_say_what_is_wrong(client, body, words):
    """LoR 16.1.8: the draft is the Advanced Setup's; its cards are players' factions' cards, one
    more than the players (16.1.8.1)."""
    r = client.post("/api/games", json={**ADVANCED, **body})
    assert r.status_code == 400, r.text
    assert r.json()["type"] == "error" and words in r.json()["message"], r.json()


def test_the_page_has_the_draft_option():
    """The form's "Draft factions" (cards, players, your seat, the other players) and the draft's
    panel are in the page (the browser test drives the page where Chromium is)."""
    from wyrm_ai.web.app import STATIC
    page = (STATIC / "index.html").read_text()
    for name in ('name="draft"', 'name="draft_cards"', 'name="players"', 'name="draft_seat"', 'name="draft_level"'):
        assert name in page
    js = (STATIC / "board.js").read_text()
    assert "function drawDraft" in js and "options: { draft:" in js
