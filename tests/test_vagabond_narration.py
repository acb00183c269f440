"""The Vagabond's events named and in words (issue 13, item 6): item (every way an item comes,
goes or changes state), relation (a Hostile level is -1 and is kept), quest, aid, coalition and
explore events, the VP reasons explore, aid, quest, infamy and strike, and the remove cause
strike."""
from __future__ import annotations

from wyrm_ai import _core
from wyrm_ai.model.events import Event, fields
from wyrm_ai.model.narration import narrate, sentence

from vagabond_tables import random_game

V4 = (0, 1, 3, 4)                    # Marquise, Eyrie, Vagabond (seat 2), Wyrm
HOW = {name: i for i, name in enumerate(_core.ITEM_HOWS)}
REASON = {name: i for i, name in enumerate(_core.VP_REASONS)}


def ev(kind, seat=2, clearing=-1, arg=-1, amount=0, detail=-1):
    return Event(kind, seat, clearing, arg, amount, detail, V4)


def test_lor_9_2_9_a_hostile_relation_is_a_level_not_a_missing_field():
    """LoR 9.2.9: the relationship marker's level -1 is Hostile: fields() keeps it (the core's
    -1 means "does not apply" for other fields) and the words say so."""
    e = ev("relation", arg=0, amount=-1)
    assert fields(e) == {"kind": "relation", "seat": "vagabond", "faction": "marquise", "level": "hostile"}
    assert sentence(e) == "The Vagabond's relationship with the Marquise is now Hostile."
    assert fields(ev("relation", arg=1, amount=3))["level"] == "allied"
    assert "Allied" in sentence(ev("relation", arg=1, amount=3))
    assert fields(ev("relation", arg=1, amount=0))["level"] == "indifferent"


def test_lor_9_2_5_every_way_an_item_changes_is_narrated():
    """LoR 9.2.5, 9.3, 9.5, 9.6: each ITEM_HOWS reads as a sentence naming the item."""
    for how, i in HOW.items():
        e = ev("item", clearing=4, arg=4, amount=1, detail=i)           # a sword
        text = sentence(e)
        assert "sword" in text and text.startswith(("The Vagabond", "A hit")), (how, text)
        assert fields(e)["how"] == how and fields(e)["item"] == "sword"
    assert sentence(ev("item", arg=4, amount=2, detail=HOW["rest"])) == \
        "The Vagabond rests in the forest and repairs 2 swords."
    assert "removes boots from the game" in sentence(ev("item", arg=0, amount=1, detail=HOW["drop"]))


def test_lor_9_5_explore_aid_quest_and_coalition_sentences():
    """LoR 9.5.3 Explore, 9.5.4 Aid, 9.5.5 Quests, 9.2.8 coalitions."""
    anvil = next(t for t in range(_core.NUM_CARD_TYPES) if _core.CARDS[t][0] == "Anvil")
    assert sentence(ev("explore", clearing=9, arg=7)) == "The Vagabond explores the ruin in clearing 10 and finds a torch."
    assert sentence(ev("aid", clearing=4, arg=0, detail=anvil)) == "The Vagabond aids the Marquise in clearing 5 with Anvil."
    assert sentence(ev("aid", clearing=4, arg=0, detail=None)) == \
        "The Vagabond aids the Marquise in clearing 5 with a hidden card."
    assert fields(ev("aid", clearing=4, arg=0, detail=None))["card"] == "#?"
    assert sentence(ev("quest", clearing=0, arg=0, amount=1)) == \
        "The Vagabond completes the quest Errand (fox) in clearing 1 and draws two cards."
    assert fields(ev("quest", clearing=0, arg=0, amount=0))["reward"] == "vp"
    text = sentence(ev("coalition", arg=3, amount=12, detail=anvil))
    assert text.startswith("The Vagabond forms a coalition with the Wyrm at 12 VP")


def test_the_vagabonds_vp_reasons_and_strike_removals():
    """VP for exploring (LoR 9.5.3), aiding (9.2.9), quests (9.5.5), Infamy (9.2.9.III.a) and a
    Strike (9.5.6); a Strike's removal names its cause."""
    words = {r: narrate([ev("vp", clearing=6, arg=REASON[r], amount=1, detail=d)])[0]
             for r, d in (("explore", 4), ("aid", 0), ("quest", 3), ("infamy", 0), ("strike", 8))}
    assert words["explore"] == "Vagabond +1 VP: exploring the ruin in clearing 7."
    assert words["aid"] == "Vagabond +1 VP: aiding the Marquise."
    assert "Give a Speech (fox)" in words["quest"]
    assert words["infamy"] == "Vagabond +1 VP: Infamy: removing a warrior of a Hostile faction in clearing 7."
    assert words["strike"] == "Vagabond +1 VP: striking a fear token in clearing 7."
    strike = _core.REMOVE_CAUSES.index("strike")
    assert sentence(Event("remove", 0, 6, 0, 1, strike, V4)) == "The Marquise loses a warrior in clearing 7 (Strike)."


def test_every_event_of_random_vagabond_games_has_words_and_named_fields():
    """Every event told in seeded random games with the Vagabond has a sentence and readable
    fields (no raw -1 but a Hostile level); his event kinds all occur."""
    kinds = set()
    for seed in range(6):
        for table in (("marquise", "eyrie", "vagabond", "wyrm"), ("alliance", "vagabond", "wyrm")):
            g = random_game(table, seed)
            for evs in g.events:
                for e in evs:
                    kinds.add(e.kind)
                    assert sentence(e) and "None" not in sentence(e), e
                    f = fields(e)
                    assert all(v is not None and v != -1 for v in f.values()), f
    assert {"item", "relation", "quest", "aid", "explore"} <= kinds, kinds
