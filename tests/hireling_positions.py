"""Helpers that build positions with hirelings for rules tests (LoR 16.1.6, 16.4; docs/hundreds-keepers.md §4,
E-1..E-49, traps E-T1..E-T7, readings E-C1..E-C22, W-MP-38..44; the engine design as built §8).

Positions and actions speak the core's State API and action ints (`_core.ACTION_KINDS`), on top of
tests/keepers_positions.py's `ki_position` (itself hundreds_positions.lh_position, ...,
lizard_positions.position: every seated faction's pieces, hands and piles):

- `hire_table(factions, sides)`: a real deal and setup of a game with the hirelings option (the three
  sides, names or ids), up to the first player's first decision (cached: positions copy it);
- `hr_position(s, ...)`: ki_position(s, **kw) with the hirelings' part: `hired` {side name: (seat,
  control markers, turn gained)} (the others in the supply), the hireling markers still on the score
  track (`markers`: spaces; by default those above every score, less one for each hireling gained
  or owed), `owed` {seat: markers below its Evening}, `turn_number`;
- `hr_moves(s)`, `hr_battles(s)`: a hireling's moves and battles offered (clearing numbers), `hr_move`,
  `hr_battle`: their action ints;
- `to_turn_end(s)`: pass (chance: the first outcome) until the turn ends or a hireling step of the
  end of a turn (give, take, control die) waits.

Side names: `SIDE["bluebird-nobles"]` (also the aliases "nobles", "scouts", "bodyguards",
"physicians"). The control die's faces are `_core.CONTROL_DIE` (UNCONFIRMED, E-C20): tests read it.

The Autumn map: fox 1 6 8 12, rabbit 3 4 5 10, mouse 2 7 9 11; corners 1-3 and 2-4 are opposite;
paths 1-5 1-9 1-10 2-5 2-6 2-10 3-6 3-7 3-11 4-8 4-9 4-12 6-11 7-8 7-12 9-12 10-12 11-12."""
from __future__ import annotations

import functools

from wyrm_ai import _core

import keepers_positions as kp
import lizard_positions as lp
from lizard_positions import action, kind_of, kinds, st, table

NAMES = _core.HIRELING_NAMES
SIDE = {**{n: i for i, n in enumerate(NAMES)}, **{n.split("-")[-1]: i for i, n in enumerate(NAMES)}}
NOBLES, SCOUTS, BODYGUARDS, PHYSICIANS = SIDE["nobles"], SIDE["scouts"], SIDE["bodyguards"], SIDE["physicians"]
FACTION = {name: k for k, name in enumerate(_core.FACTION_NAMES)}
MARQUISE, EYRIE, ALLIANCE, VAGABOND, WYRM = (FACTION[n] for n in ("marquise", "eyrie", "alliance", "vagabond", "wyrm"))
MECHANICAL, VAGABOND2, LIZARDS, RIVERFOLK = (FACTION[n] for n in ("mechanical-marquise", "vagabond2", "lizards",
                                                                  "riverfolk"))
DUCHY, CORVIDS, HUNDREDS, KEEPERS = (FACTION[n] for n in ("duchy", "corvids", "hundreds", "keepers"))
EVENT = {name: k for k, name in enumerate(_core.EVENT_KINDS)}
VP = {name: k for k, name in enumerate(_core.VP_REASONS)}
IGNORE = {name: k for k, name in enumerate(_core.IGNORE_WHYS)}
SPACES = (4, 8, 12)
HIRE_STEPS = ("hireling_give", "hireling_take", "control_die")
PASS = lp.PASS
NCL = _core.NUM_CLEARINGS


def side(h) -> int:
    return h if isinstance(h, int) else SIDE[h]


def sides(*hs) -> tuple:
    return tuple(side(h) for h in hs)


# ---- action ints -----------------------------------------------------------------------------

def hire_give(seat: int) -> int:
    return action("hire_give", seat)


def hire_take(h) -> int:
    return action("hire_take", side(h))


def control(face: int) -> int:
    """The control die's face (a chance outcome), 0..5: _core.CONTROL_DIE[face] = (pips, gold pips)."""
    return action("control_die", face)


def scouts(tok: str) -> int:
    return action("scouts", lp.cid(tok))


def hospital(tok: str) -> int:
    return action("hospital", lp.cid(tok))


def physicians(c: int) -> int:
    return action("physicians", c - 1)


# ---- reading -------------------------------------------------------------------------------------

def events_of(events, kind: str) -> list:
    """The (kind, seat, clearing, arg, amount, detail) events of a kind name."""
    return [e for e in events if e[0] == EVENT[kind]]


def vp_events(events, reason: str) -> list:
    """The VP events of a reason name."""
    return [e for e in events_of(events, "vp") if e[3] == VP[reason]]


def owner_of(s, h) -> int:
    """The seat controlling the hireling played on side h (-1: the supply)."""
    d = st(s)
    return d["hr_owner"][d["hr_kind"].index(side(h))]


def control_of(s, h) -> int:
    d = st(s)
    return d["hr_control"][d["hr_kind"].index(side(h))]


def markers_of(d: dict) -> tuple:
    """The spaces whose hireling marker is still on the score track."""
    return tuple(sp for i, sp in enumerate(SPACES) if (d["hr_markers"] >> i) & 1)


def faces(gold: bool) -> dict:
    """{face: control markers} of the control die, counting only gold pips or all (E-8)."""
    return {f: (g if gold else n) for f, (n, g) in enumerate(_core.CONTROL_DIE)}


# ---- positions -----------------------------------------------------------------------------------

@functools.lru_cache(maxsize=None)
def _hire_table(factions: tuple, hs: tuple):
    return table(factions, hirelings=hs)


def hire_table(factions, hs=("nobles", "scouts", "bodyguards")):
    """factions (ids) after a real deal and setup, with the hirelings hs (names or ids) in play."""
    return _hire_table(tuple(factions), sides(*hs))


def hr_position(s, *, hired=None, markers=None, owed=None, turn_number=None, hr_edit=None, **kw):
    """ki_position(s, **kw) with the hirelings' part: hired {side: (seat, control markers, turn
    gained)}, the others in the supply; markers the spaces whose hireling marker is still on the
    track (default: the spaces above every score, less the lowest ones for each hireling gained or
    owed); owed {seat: markers below its Evening}; turn_number (the turn_number field). hr_edit(d):
    a last change."""
    user_edit = kw.pop("edit", None)

    def edit(d):
        if turn_number is not None:
            d["turn_number"] = turn_number
        if d["hr_kind"][0] >= 0:
            d["hr_owner"], d["hr_control"], d["hr_gained"] = [-1] * 3, [0] * 3, [0] * 3
            for h, (seat, n, gained) in (hired or {}).items():
                i = d["hr_kind"].index(side(h))
                d["hr_owner"][i], d["hr_control"][i], d["hr_gained"][i] = seat, n, gained
            d["hr_owed"] = [0] * len(d["hr_owed"])
            for seat, n in (owed or {}).items():
                d["hr_owed"][seat] = n
            if markers is None:
                top = max(d["score"])
                on = [sp for sp in SPACES if sp > top]
                for _ in range(len(hired or {}) + sum((owed or {}).values()) - (3 - len(on))):
                    on.pop(0)
            else:
                on = list(markers)
            d["hr_markers"] = sum(1 << SPACES.index(sp) for sp in on)
            d["hr_stage"], d["hr_now"], d["hr_roller"] = 0, -1, -1
        if user_edit is not None:
            user_edit(d)
        if hr_edit is not None:
            hr_edit(d)
    return kp.ki_position(s, edit=edit, **kw)


def known_to_all(d: dict, seat: int) -> None:
    """Every other seat knows each card of seat's hand (an edit)."""
    for v in range(d["nseats"]):
        if v != seat:
            d["known"][v][seat] = list(d["hand"][seat])


def pass_on(s):
    """One step on, as the walks below take it: chance's first outcome, else a pass, else the first
    legal action. The events told."""
    if s.is_chance_node():
        return s.apply_logged(s.chance_outcomes()[0][0])
    la = s.legal_actions()
    return s.apply_logged(PASS if PASS in la else la[0])


def to_turn_end(s, limit: int = 60):
    """Pass (chance: the first outcome; no pass: the first legal action) until the turn of s.turn
    ends or a hireling step of the end of a turn waits. The events told."""
    seat, events = s.turn, []
    for _ in range(limit):
        if s.turn != seat or s.step in HIRE_STEPS or s.step == "terminal":
            return events
        events += pass_on(s)
    raise AssertionError(f"the turn did not end (at {s.step})")


def drive_logged(s, back, **kw):
    """duchy_positions.drive_battle, the events told (every action's)."""
    from duchy_positions import drive_battle
    events = []

    class Logged:
        def __getattr__(self, name):
            return getattr(s, name)

        def apply(self, a):
            events.extend(s.apply_logged(a))
    drive_battle(Logged(), back, **kw)
    return events


def played(s, a):
    """Apply a, asserting it is legal; the events told."""
    assert a in s.legal_actions(), (kind_of(a), s.step, sorted({kind_of(x)[0] for x in s.legal_actions()}))
    return s.apply_logged(a)


def random_side_games(mix, hirelings, side: int, seeds: int = 2):
    """Seeded random games of mix with these hirelings (Game + RandomPlayer), each played to its end, one
    step at a time: yields (seed, k, g, sided) after each action, sided the events it told that name the
    hireling side (its `seat`, or a battle's defender), each such step checked first: the state dict loads
    back equal and the events read in words. Every game ends with a winner and a record line per entry."""
    import numpy as np
    from wyrm_ai.ai.players import RandomPlayer
    from wyrm_ai.model.game import Game
    from wyrm_ai.model.narration import narrate
    for seed in range(seeds):
        n = len(mix)
        g = Game(seed % n, mix, hirelings=hirelings)
        rng = np.random.default_rng(seed)
        players = {v: RandomPlayer(seed * n + v + 1) for v in range(n)}
        for k in range(20_000):
            if g.is_terminal():
                break
            seat = g.current_player
            g.apply(g.sample_chance(rng) if seat == -1 else players[seat].choose(g))
            told = g.events[-1]
            sided = [e for e in told if e.seat == side or (e.kind == "battle" and e.arg == side)]
            if sided:
                assert _core.State.from_dict(g.state.to_dict()) == g.state, (mix, seed, k)
                assert narrate(told), (mix, seed, k)
            yield seed, k, g, sided
        assert g.is_terminal() and g.state.winner is not None, (mix, seed)
        assert len(g.record_lines()) == len(g.record)


# ---- a hireling's own moves and battles (LoR 16.4.3.4; E-18, E-C7) -------------------------------

def hr_moves(s) -> set:
    """(from, to, warriors) clearing numbers of the hireling moves offered."""
    out = set()
    for x in kinds(s, "hr_move"):
        n, rest = x % 13, x // 13
        out.add((rest // NCL % NCL + 1, rest % NCL + 1, n))
    return out


def hr_move(i: int, frm: int, to: int, n: int) -> int:
    """Hireling i's move of n warriors from clearing number frm to to."""
    return action("hr_move", ((i * NCL + frm - 1) * NCL + to - 1) * 13 + n)


def hr_battles(s) -> set:
    """(clearing number, defender side) of the hireling battles offered."""
    return {(x // _core.NUM_SIDES % NCL + 1, x % _core.NUM_SIDES) for x in kinds(s, "hr_battle")}


def hr_battle(i: int, c: int, side: int) -> int:
    """Hireling i's battle in clearing number c against side."""
    return action("hr_battle", (i * NCL + c - 1) * _core.NUM_SIDES + side)


__all__ = ["NAMES", "SIDE", "NOBLES", "SCOUTS", "BODYGUARDS", "PHYSICIANS", "FACTION", "MARQUISE", "EYRIE",
           "ALLIANCE", "VAGABOND", "WYRM", "MECHANICAL", "VAGABOND2", "LIZARDS", "RIVERFOLK", "DUCHY", "CORVIDS",
           "HUNDREDS", "KEEPERS", "EVENT", "VP", "IGNORE", "SPACES", "HIRE_STEPS", "PASS", "side", "sides",
           "hire_give", "hire_take", "control", "scouts", "hospital", "physicians", "events_of", "vp_events",
           "owner_of", "control_of", "markers_of", "faces", "hire_table", "hr_position", "known_to_all",
           "to_turn_end", "played", "drive_logged", "random_side_games", "hr_moves", "hr_move", "hr_battles",
           "hr_battle", "action", "kind_of", "kinds", "st", "table"]


def round_trips_and_plays_on(states: dict) -> None:
    """Each state (keyed by its step's name, then anything) loads back equal from its state dict, and
    plays on alike (its last legal action, or its first chance outcome)."""
    for name, s in states.items():
        assert s.step == name.split()[0], name
        back = _core.State.from_dict(s.to_dict())
        assert back == s and back.to_dict() == s.to_dict(), name
        a = s.chance_outcomes()[0][0] if s.is_chance_node() else s.legal_actions()[-1]
        s.apply(a)
        back.apply(a)
        assert back == s, name
