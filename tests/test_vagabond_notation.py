"""The Vagabond's actions in notation (issue 13, item 6; docs/notation.md, "Vagabond"): every
legal action and chance outcome of random Vagabond games at 2, 3 and 4 seats has one text that
reads back as itself, records replay from their text, and the Rootlog forms (V, items %f %b %x
%h %s %t %c %r, quests by name, relationships) are the documented ones."""
from __future__ import annotations

import pytest

from wyrm_ai import _core
from wyrm_ai.model import notation
from wyrm_ai.model.actions import KINDS, Action, decode, encode
from wyrm_ai.model.cards import card
from wyrm_ai.model.errors import NotationError
from wyrm_ai.model.game import Game

from vagabond_tables import VB_TABLES, random_game, table_id


@pytest.mark.parametrize("table", VB_TABLES, ids=table_id)
def test_lor_9_every_legal_vagabond_game_action_reads_back(table):
    """LoR 9.3-9.6: at every decision of seeded random games, each legal action (and each chance
    outcome) formats to a text that parses back to it for the seat to move; the Vagabond's own
    kinds all occur over the seeds."""
    kinds = set()

    def check(g):
        seat, factions = g.current_player, g.faction_ids
        options = [a for a, _ in g.chance_outcomes()] if g.is_chance_node() else g.legal_actions()
        for a in options:
            text = notation.action_text(a, seat, factions)
            assert notation.parse(text, seat, factions) == a, (text, a)
            assert notation.parse(notation.record_text(a, seat, factions), seat, factions) == a
            kinds.add(decode(a).kind)

    for seed in range(3):
        g = random_game(table, seed, visit=check)
        texts = [line.split(": ", 1)[1] for line in g.record_lines()]
        assert Game.replay(g.first, texts, g.factions).state == g.state
    assert {"character", "forest", "quest_draw", "slip", "pass"} <= kinds, kinds


def test_lor_9_all_vagabond_kinds_occur_and_read_back():
    """Over seeded four- and three-seat games every Vagabond action kind is met (coalitions need
    four seats) and reads back."""
    kinds = set()

    def check(g):
        if g.current_player >= 0 or g.is_chance_node():
            options = [a for a, _ in g.chance_outcomes()] if g.is_chance_node() else g.legal_actions()
            kinds.update(decode(a).kind for a in options)

    for seed in range(12):
        random_game(("marquise", "eyrie", "vagabond", "wyrm"), seed, visit=check)
        random_game(("marquise", "vagabond", "wyrm"), seed, visit=check)
    wanted = {"character", "quest_draw", "refresh", "slip", "vb_move", "explore", "ruin", "aid", "take",
              "quest", "strike", "repair", "steal_from", "day_labor", "hideout", "damage", "drop", "coalition"}
    assert wanted <= kinds, wanted - kinds


ANVIL = card("F#anvil").id
V4 = (0, 1, 3, 4)        # Marquise, Eyrie, Vagabond (seat 2), Wyrm


@pytest.mark.parametrize("text, seat, action", [
    ("#thief->$", 2, encode("character", 0)),
    ("#ranger->$", 2, encode("character", 2)),
    ("p->1_2_5_10", 2, encode("forest", 0)),                 # setup: a forest (Rootlog)
    ("F#errand->Q", -1, encode("quest_draw", 0)),            # a quest turns face up
    ("M#escort->Q", -1, encode("quest_draw", 14)),
    ("%s->r", 2, encode("refresh", 0, 4)),                   # Rootlog: refresh a sword
    ("%sde->r", 2, encode("refresh", 1, 4)),                 # a damaged exhausted sword
    ("slip p->5", 2, encode("slip", 4)),
    ("slip p->4_9_12", 2, encode("slip", 12 + 3)),
    ("p->5", 2, encode("vb_move", 4, 2, 0)),                 # a move alone (Rootlog p->5)
    ("explore", 2, encode("explore", 0)),
    ("ruin %r", -1, encode("ruin", 7)),
    ("%t->e/F#anvil->C", 2, encode("aid", 0, ANVIL, 5)),         # Aid: exhaust tea, the card to the Marquise
    ("take %h", 2, encode("take", 3)),
    ("R#errandQ->$/++", 2, encode("quest", 1, 0)),           # complete for VP
    ("R#errandQ->$/2#->V", 2, encode("quest", 1, 1)),        # ... or two cards
    ("strike Cw", 2, encode("strike", 0, 0)),
    ("strike Wt", 2, encode("strike", 3, 8)),                # a fear token
    ("strike Eb", 2, encode("strike", 1, 10)),               # a roost
    ("%hd->s", 2, encode("repair", 0, 3)),                   # Rootlog: repair a damaged hammer
    ("%hde->s", 2, encode("repair", 1, 3)),
    ("#E->V", 2, encode("steal_from", 1)),                   # the Thief: a card from the Eyrie
    ("F#anvil*->V", 2, encode("day_labor", ANVIL)),              # the Tinker (Rootlog: from the discard)
    ("hideout", 2, encode("hideout", 0)),
    ("%fr->d", 2, encode("damage", 0, 0)),                   # Rootlog: damage an unexhausted boot
    ("%fe->d", 2, encode("damage", 1, 0)),
    ("%xe->", 2, encode("drop", 1, 2)),                      # remove an exhausted crossbow
    ("%xde->", 2, encode("drop", 3, 2)),
    ("F#dominance->$/++->C$", 2, encode("coalition", 0, 0)),
    ("XC5", 2, encode("battle", 4, 0)),
])
def test_rootlog_forms_of_the_vagabond(text, seat, action):
    """Rootlog V2.8's Vagabond forms where it has them (docs/notation.md): each text reads as the
    action and is its canonical text."""
    assert notation.parse(text, seat, V4) == action
    assert notation.action_text(action, seat, V4) == text


def test_masked_aid_and_coalition_texts_never_read_back():
    """A card the viewer cannot know is #? (wyrm_ai/model/redaction.py): Aid and coalition texts with it
    are shown but never read as an action."""
    aid = notation.action_text(Action("aid", (0, None, 5)), 2, V4)
    coalition = notation.action_text(Action("coalition", (None, 0)), 2, V4)
    assert aid == "%t->e/#?->C" and coalition == "#?->$/++->C$"
    for text in (aid, coalition):
        with pytest.raises(NotationError):
            notation.parse(text, 2, V4)


def test_other_seats_cannot_take_vagabond_actions():
    """The Vagabond's texts belong to his seat: another seat's `explore` or `#thief->$` is no
    action of theirs."""
    for text in ("explore", "#thief->$", "slip p->5", "hideout"):
        with pytest.raises(NotationError):
            notation.parse(text, 0, V4)
    assert notation.parse("V: explore", 2, V4) == encode("explore", 0)


def test_quest_names_follow_rootlog_abbreviations():
    """Rootlog's quest abbreviations (errand, bandits, bear, escort, funds, speech, guard, logs,
    shed) name the 15 quests with their suits, each once."""
    tokens = [notation.quest_token(q) for q in range(len(_core.QUESTS))]
    assert len(set(tokens)) == 15
    assert {t.split("#")[1] for t in tokens} == {"errand", "bandits", "bear", "escort", "funds", "speech",
                                                 "guard", "logs", "shed"}


@pytest.mark.parametrize("factions", [V4, (3, 4), (2, 3, 4)], ids=["CEVW", "VW", "AVW"])
def test_every_vagabond_action_of_his_seat_has_one_text(factions):
    """Beyond the actions random games meet (battles with Allied warriors, LoR 9.2.9.II.c, and a
    hit on them, II.d, are rare): every action the Vagabond's seat can name formats to a text
    that reads back as itself, and no two share a text."""
    seat = factions.index(3)
    readable = set(notation._table(seat, factions).values())       # the actions his seat can name
    kinds = ("vb_move", "vb_battle", "damage", "aid", "strike", "coalition", "drop", "refresh", "repair")
    texts = {}
    for a in readable:
        if decode(a).kind in kinds:
            text = notation.action_text(a, seat, factions)
            assert notation.parse(text, seat, factions) == a, text
            assert texts.setdefault(text, a) == a, text
    assert {decode(a).kind for a in texts.values()} >= set(kinds) - ({"coalition", "vb_battle"} if len(factions) < 3 else set())
    assert notation.parse("XC+Ew", 2, V4) == encode("vb_battle", 0, 1)
    assert notation.parse("ally w->", 2, V4) == KINDS["damage"][0] + 16
    assert notation.parse("(p+2Cw)->5", 2, V4) == encode("vb_move", 4, 0, 2)
