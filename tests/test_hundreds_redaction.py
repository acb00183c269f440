"""What each seat sees at a table with the Lord of the Hundreds (issue 35; wyrm_ai/model/redaction.py;
docs/hundreds-keepers.md §5 "Hidden information"): the Hundreds add nothing hidden -- the warlord,
strongholds, mobs, the Hoard, the mood and the turn's bookkeeping are public in every observation --
but the content of a ruin, which is no one's until a Raze takes it (LoR 14.4.1: the chance
`ruin_item` draws it from the pool under the ruins, H-C17), and then lies in the Hoard for all to
see; every hand is hidden as any (LoR 1.2), the Hundreds' included. The twins that differ only in
hidden cards (tests/test_fairness_nseat.py's machinery) give every seat the same views at their
tables."""
from __future__ import annotations

import numpy as np
import pytest

from hundreds_views import HD_MIXES, TABLE, games, hundreds_seat
from mixes import mix_id, random_positions
from wyrm_ai import _core
from wyrm_ai.model import hundreds_facts
from wyrm_ai.model.actions import decode
from wyrm_ai.model.redaction import PUBLIC, REFEREE, events_seen, observe, public_hand, record_seen, seen_text

# the Hundreds' fields of the state dict (docs/api.md: `hundreds` to `hoard_resume`), public to all
HD_STATE = ("hundreds", "warlord", "strongholds", "mobs", "hundred_supply", "mob_supply", "hoard", "mood", "lh_stage",
            "raze_left", "mob_suit", "mob_resume", "command_left", "advance_left", "advance", "lh_block",
            "blocks_done", "jubilant_left", "contempt_card", "contempt_resume", "overflow", "hoard_resume")
# what every viewer sees alike at these tables (no two Vagabonds: the ruins are one pool)
SHARED = HD_STATE + ("explored", "ruin_items", "items", "item_supply", "items_lost", "score", "hand_size", "discard")


def viewers(g) -> list:
    return [*range(g.num_seats), PUBLIC]


@pytest.mark.parametrize("mix", HD_MIXES, ids=mix_id)
def test_lor_14_the_hundreds_board_is_public_and_every_other_hand_hidden(mix):
    """LoR 14 (docs/hundreds-keepers.md §5): at positions along seeded games, every seat's and the
    public's observation holds the Hundreds' fields, the ruins' pool and the items as the referee's
    (the Hoard public, LoR 14.2.4; the mood, H-32; the mobs), their board read alike by every viewer
    (hundreds_facts); the deck is a count only, and every hand but the viewer's own (and the
    Riverfolk's, face up: LoR 11.2.3) is hidden, the Hundreds' as any (LoR 1.2)."""
    checked = 0
    every = {3: 13, 4: 23, 5: 37, 6: 47}[len(mix)]
    for g in random_positions(mix, 2, every, 11):
        full = g.state.to_dict()
        table = g.faction_ids
        facts = None
        for v in viewers(g):
            obs = observe(g.state, v)
            for k in SHARED:
                assert obs[k] == full[k], (v, k)
            assert "deck" not in obs and obs["deck_size"] == full["deck_size"]
            for h in range(g.num_seats):
                assert (obs["hand"][h] is not None) == (h == v or public_hand(h, table)), (v, h)
            board = {name: getattr(hundreds_facts, name)(obs) for name in
                     ("warlord", "mobs", "strongholds", "hoard", "mood", "moods_open", "command", "prowess",
                      "oppressed", "draws", "phase", "daylight", "raze_ruins", "mob_suit", "ruin_items")}
            assert facts is None or board == facts, v
            facts = board
            checked += 1
    assert checked > 40, checked


def test_lor_14_4_1_a_ruins_item_is_no_ones_until_a_raze_takes_it():
    """LoR 14.4.1, H-13, H-C17 (with one set of ruin items): the state holds no ruin's own item, only
    the pool under the ruins, so no view can reveal one before a Raze takes it: at every razed
    ruin's chance `ruin_item`, the outcomes are the pool's kinds at the pool's odds, and every viewer
    sees the same pool. The item drawn is public at once: its record line and its events (`explore`:
    the ruin's item; `hoard`: into the Hoard, H-T11: no VP) read the same in every view and name
    it, and the Hoard holds it in every observation."""
    drawn = 0
    for g in games(TABLE, range(1, 9)):
        h = g.start()
        seat = hundreds_seat(g)
        for i, a in enumerate(g.record):
            if h.step == "raze_ruin":
                pool = h.state.to_dict()["ruin_items"]
                outcomes = dict(h.chance_outcomes())
                kinds = {decode(x).args[0]: p for x, p in outcomes.items()}
                assert set(kinds) == {k for k, n in enumerate(pool) if n}
                for k, p in kinds.items():
                    assert p == pytest.approx(pool[k] / sum(pool))
                assert all(observe(h.state, v)["ruin_items"] == pool for v in viewers(h))
                assert decode(a).kind == "ruin_item"
                k = decode(a).args[0]
                before = h.state.to_dict()["hoard"][k]
                h.apply(a)
                lines = {seen_text(record_seen(h, v)[i]) for v in (*viewers(h), REFEREE)}
                assert len(lines) == 1
                evs = h.events[i]
                told = [e for e in evs if e.kind in ("explore", "hoard")]
                assert told and all(e.arg == k for e in told) and told[0].seat == seat
                assert all(events_seen(evs, v, h.faction_ids) == tuple(evs) for v in viewers(h))
                assert not any(e.kind == "vp" and _core.VP_REASONS[e.arg] == "explore" for e in evs)
                gained = observe(h.state, PUBLIC)["hoard"][k] - before
                assert gained == 1 or h.step == "hoard_overflow" or any(
                    e.kind == "hoard" and e.amount == 0 for e in evs), (gained, h.step)
                drawn += 1
                continue
            h.apply(a)
    assert drawn > 5, drawn


# (hidden-card twins at the Hundreds' tables -- views, determinizations, heuristic choices -- are
# tests/test_fairness_nseat.py's over mixes.MIXES, HCW and HPAW among them)


def _round_trips(mix, seeds) -> int:
    """Razes of a ruin at a table of two Vagabonds (two items a ruin, LoR 9.7.3) over seeded games,
    each state after one read back by the core (State.from_dict)."""
    razes = 0

    def visit(g):
        nonlocal razes
        if g.record and decode(g.record[-1]).kind == "ruin_item":
            razes += 1
            _core.State.from_dict(g.state.to_dict())
    for _ in games(mix, seeds, visit):
        pass
    return razes


def test_a_raze_at_a_two_vagabond_table_leaves_a_state_that_reads_back():
    """LoR 9.7.3, 14.4.1 (H-C17): with two Vagabonds a ruin holds two items; a Raze takes one, and
    the ruin leaves the map once both are taken. Every state after a razed ruin's item reads back."""
    assert _round_trips(("marquise", "hundreds", "vagabond", "vagabond2", "wyrm"), (6, 7)) > 2
