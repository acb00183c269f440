"""The writer's view of a game's record, entry by entry, for the Rootlog writer's tests: each entry's
action, seat and turn, the states around it, its events, and a function writing its clauses from
events (so a test may write them from all of them or from some)."""
from __future__ import annotations

from wyrm_ai.model.actions import decode
from wyrm_ai.model.redaction import REFEREE, events_seen
from wyrm_ai.rootlog.writer import board_ferry, entry_clauses, outcast_of, pending_of, placements


def walk(g, viewer=REFEREE):
    """Each record entry of g: (its action decoded, its seat, its turn, the state before it, the state
    after it, its events, clauses(evs): the clauses the viewer's file (the referee's by default) writes
    for it from the events evs)."""
    h = g.start()
    table = g.faction_ids
    for a, evs in zip(g.record, g.events):
        act, seat, turn = decode(a), h.current_player, h.state.turn
        before = h.state.clone()
        ferry, outcast, pending = board_ferry(h.board, h.state), outcast_of(h.state, table), pending_of(h.state)
        h.apply(a)

        def clauses(evs, act=act, seat=seat, turn=turn, before=before, ferry=ferry, outcast=outcast,
                    pending=pending):
            return entry_clauses(act, seat, events_seen(evs, viewer, table), turn, table,
                                 placed=placements(before, h.state, act, seat, table), board=h.board, ferry=ferry,
                                 outcast=outcast, pending=pending)
        yield act, seat, turn, before, h.state, evs, clauses
