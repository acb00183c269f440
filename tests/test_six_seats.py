"""The core seats six (issue 30: MAX_SEATS = 6). Root seats up to six players (LoR 1.4, the
Riverfolk expansion's five and six); every faction the core holds sits at one table here, in
seeded core playouts, with the pieces and cards conserved and the game ending in a win (LoR 3.1).
The front ends' tables of five and six (dominance and coalitions as the Law has them there, the
boards) are issue 32's."""
from __future__ import annotations

import pytest

from wyrm_ai import _core
from wyrm_ai.model.factions import faction_id

SIX = ("marquise", "mechanical", "eyrie", "alliance", "vagabond", "wyrm")
FIVE = ("marquise", "eyrie", "alliance", "vagabond", "wyrm")


def table(mix):
    return tuple(faction_id(f) for f in mix)


def conserved(d: dict) -> None:
    """LoR 5.1 supplies (W-SUP-1 for the Wyrm; MM2 digest §3 for the bot) and the 54 cards."""
    assert sum(d["warriors"]) + d["warrior_supply"] == 25
    assert sum(d["wood"]) + d["wood_supply"] == 8
    assert sum(d["mm_warriors"]) + d["mm_warrior_supply"] == 25
    assert sum(d["birds"]) + d["bird_supply"] == 20
    assert sum(d["roosts"]) + d["roost_supply"] == 7
    assert sum(d["rebels"]) + d["rebel_supply"] + d["officers"] == 10
    assert sum(d["sympathy"]) + d["sympathy_supply"] == 10
    assert sum(d["wyrmlings"]) + d["wyrmling_supply"] == 8
    assert sum(1 for f in d["fear"] if f) + d["fear_supply"] == 8
    cards = (sum(d["deck"]) + sum(d["discard"]) + sum(map(sum, d["hand"])) + sum(map(sum, d["play_area"]))
             + sum(map(sum, d["decree"])) + sum(d["available"]) + sum(d["supporters"]) + sum(d["out_of_game"])
             + (d["mm_order"] >= 0))           # the bot's order card, face up in its turn (MM2 digest §5)
    assert cards == 54


@pytest.mark.parametrize("mix", [SIX, FIVE], ids=["six", "five"])
def test_every_faction_at_one_table_plays_to_a_win(mix):
    """Seeded random playouts of the core at five and six seats run to the end: a winner, every
    piece and card accounted for at every few steps, and each state loads back from its plain
    data (the per-seat fields hold a row per seat at the table)."""
    n = len(mix)
    ended = 0
    for seed in range(6):
        s = _core.State(seed % n, factions=table(mix))
        assert s.num_seats == n and tuple(s.factions) == table(mix)
        steps = 0
        while not s.is_terminal() and steps < 6000:
            s.random_playout(seed * 7919 + steps, 25)
            steps += 25
            d = s.to_dict()
            conserved(d)
            assert len(d["score"]) == n and len(d["hand"]) == n and len(d["known"][0]) == n
            assert _core.State.from_dict(d).to_dict() == d
        if s.is_terminal():
            ended += 1
            assert s.winners, seed
    assert ended >= 4, ended
    assert _core._nobody_pristine()


def test_seven_seats_are_refused():
    """Root seats at most six (LoR 1.4): a seventh is a clear error."""
    with pytest.raises(Exception, match="2 to 6"):
        _core.State(0, factions=table(SIX) + (faction_id("wyrm"),))
